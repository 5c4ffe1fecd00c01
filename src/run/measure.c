/* measure.c - /proc/PID/io, rusage, page-cache residency, perf counting.
 *
 * Everything here runs in the parent, never in the workload child, so none
 * of it shows up in the child's own counters - except residency, which the
 * child of a cold trial measures after evicting the file between passes:
 * fstat, cachestat, mmap and mincore are no read- or write-family calls, so
 * /proc/PID/io's counts of the loop stay exact.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#endif

#include "measure.h"

double measure_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --- /proc/PID/io -------------------------------------------------------- */

void measure_io_clear(struct measure_io *io)
{
	io->rchar = io->wchar = io->syscr = io->syscw = -1;
	io->read_bytes = io->write_bytes = io->cancelled_write_bytes = -1;
}

static int64_t *io_field(struct measure_io *io, const char *key, size_t keylen)
{
	static const struct { const char *name; size_t off; } fields[] = {
		{"rchar", offsetof(struct measure_io, rchar)},
		{"wchar", offsetof(struct measure_io, wchar)},
		{"syscr", offsetof(struct measure_io, syscr)},
		{"syscw", offsetof(struct measure_io, syscw)},
		{"read_bytes", offsetof(struct measure_io, read_bytes)},
		{"write_bytes", offsetof(struct measure_io, write_bytes)},
		{"cancelled_write_bytes", offsetof(struct measure_io, cancelled_write_bytes)},
	};
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (strlen(fields[i].name) == keylen && memcmp(fields[i].name, key, keylen) == 0)
			return (int64_t *)(void *)((char *)io + fields[i].off);
	return NULL;
}

/* One "key: value" line; a malformed value leaves the field unavailable. */
static int io_parse_line(struct measure_io *io, const char *line, const char *end)
{
	const char *colon = memchr(line, ':', (size_t)(end - line));
	if (!colon)
		return 0;
	int64_t *field = io_field(io, line, (size_t)(colon - line));
	if (!field)
		return 0;
	const char *p = colon + 1;
	while (p < end && *p == ' ')
		p++;
	if (p == end || *p < '0' || *p > '9')
		return 0;
	int64_t v = 0;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (INT64_MAX - 9) / 10)
			return 0;
		v = v * 10 + (*p - '0');
	}
	if (p != end)
		return 0;
	*field = v;
	return 1;
}

int measure_io_parse(const char *text, struct measure_io *io)
{
	int found = 0;
	measure_io_clear(io);
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		found += io_parse_line(io, line, end);
		line = *end ? end + 1 : end;
	}
	return found;
}

int measure_io_open(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/io", (long)pid);
	return open(path, O_RDONLY | O_CLOEXEC);
}

int measure_io_read_fd(int fd, struct measure_io *io)
{
	char buf[512];
	measure_io_clear(io);
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return measure_io_parse(buf, io) > 0 ? 0 : -1;
}

int measure_io_read(pid_t pid, struct measure_io *io)
{
	int fd = measure_io_open(pid);
	if (fd < 0) {
		measure_io_clear(io);
		return -1;
	}
	int rc = measure_io_read_fd(fd, io);
	close(fd);
	return rc;
}

/* --- /proc/PID/schedstat ------------------------------------------------ */

int measure_sched_parse(const char *text, struct measure_sched *out)
{
	long long cpu, delay, slices;
	out->on_cpu_ns = out->run_delay_ns = -1;
	if (!text || sscanf(text, "%lld %lld %lld", &cpu, &delay, &slices) != 3 || cpu < 0 ||
	    delay < 0 || slices < 0)
		return -1;
	out->on_cpu_ns = cpu;
	out->run_delay_ns = delay;
	return 0;
}

int measure_sched_open(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	return open(path, O_RDONLY | O_CLOEXEC);
}

int measure_sched_read_fd(int fd, struct measure_sched *out)
{
	char buf[128];
	out->on_cpu_ns = out->run_delay_ns = -1;
	if (fd < 0)
		return -1;
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return measure_sched_parse(buf, out);
}

int measure_stat_cpu_parse(const char *text, double *user, double *system)
{
	/* the command name may hold anything: the fields follow the last ')' */
	const char *p = text ? strrchr(text, ')') : NULL;
	unsigned long long ut, st;
	long hz = sysconf(_SC_CLK_TCK);
	*user = *system = -1;
	if (!p || hz <= 0 ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	*user = (double)ut / (double)hz;
	*system = (double)st / (double)hz;
	return 0;
}

int measure_stat_cpu_read(pid_t pid, double *user, double *system)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	*user = *system = -1;
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return measure_stat_cpu_parse(buf, user, system);
}

void measure_time_split(double wall, double user, double system, double run_delay,
                        struct measure_time *out)
{
	out->wall = wall;
	out->user = user;
	out->system = system;
	out->cpu_wait = out->blocked = -1;
	if (!(wall >= 0) || !(user >= 0) || !(system >= 0) || !(run_delay >= 0))
		return;
	double off = wall - user - system;
	if (off < 0)
		off = 0;
	out->cpu_wait = run_delay < off ? run_delay : off;
	out->blocked = off - out->cpu_wait;
}

/* --- rusage -------------------------------------------------------------- */

double measure_timeval(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec * 1e-6;
}

void measure_rusage_convert(const struct rusage *ru, struct measure_rusage *out)
{
	out->utime = measure_timeval(&ru->ru_utime);
	out->stime = measure_timeval(&ru->ru_stime);
	out->minflt = ru->ru_minflt;
	out->majflt = ru->ru_majflt;
	out->nvcsw = ru->ru_nvcsw;
	out->nivcsw = ru->ru_nivcsw;
}

/* --- page cache ---------------------------------------------------------- */

/* cachestat(2), Linux 6.5; the C library headers here may predate it.  The
 * number is the same on every architecture (the unified syscall table). */
#ifndef __NR_cachestat
#define __NR_cachestat 451
#endif

struct iolab_cachestat_range { uint64_t off, len; };
struct iolab_cachestat {
	uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
};

static uint64_t file_pages(const struct stat *st)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	return ((uint64_t)st->st_size + page - 1) / page;
}

static int residency_cachestat(int fd, uint64_t pages, struct measure_pages *out)
{
	struct iolab_cachestat_range range = {0, 0};    /* len 0: to the end */
	struct iolab_cachestat cs;
	if (syscall(__NR_cachestat, fd, &range, &cs, 0) != 0)
		return -1;
	out->fraction = pages ? (double)cs.nr_cache / (double)pages : 0.0;
	if (out->fraction > 1.0)
		out->fraction = 1.0;
	out->dirty = (int64_t)cs.nr_dirty;
	out->writeback = (int64_t)cs.nr_writeback;
	return 0;
}

/* mincore over read-only mappings of at most 256 MiB at a time, so a
 * 64 GiB file needs no 16 MB vector.  Mapping does not fault pages in. */
static int residency_mincore(int fd, uint64_t size, double *fraction)
{
	const uint64_t window = (uint64_t)256 << 20;
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), resident = 0, pages = 0;
	unsigned char *vec = malloc(window / page);
	if (!vec)
		return -1;
	for (uint64_t off = 0; off < size; off += window) {
		size_t len = (size_t)(size - off < window ? size - off : window);
		void *map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, (off_t)off);
		if (map == MAP_FAILED) {
			free(vec);
			return -1;
		}
		size_t n = (len + page - 1) / page;
		int rc = mincore(map, len, vec);
		munmap(map, len);
		if (rc != 0) {
			free(vec);
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			resident += vec[i] & 1;
		pages += n;
	}
	free(vec);
	*fraction = pages ? (double)resident / (double)pages : 0.0;
	return 0;
}

int measure_pages_fd(int fd, enum measure_residency_method how, struct measure_pages *out)
{
	struct stat st;
	out->fraction = -1;
	out->dirty = out->writeback = -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	if (how != MEASURE_RES_MINCORE && residency_cachestat(fd, file_pages(&st), out) == 0)
		return 0;
	if (how == MEASURE_RES_CACHESTAT)
		return -1;
	if (st.st_size == 0) {
		out->fraction = 0.0;
		return 0;
	}
	return residency_mincore(fd, (uint64_t)st.st_size, &out->fraction);
}

int measure_pages_path(const char *path, struct measure_pages *out)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		out->fraction = -1;
		out->dirty = out->writeback = -1;
		return -1;
	}
	int rc = measure_pages_fd(fd, MEASURE_RES_AUTO, out);
	close(fd);
	return rc;
}

int measure_evict_path(const char *path)
{
	/* Read-write so fdatasync is allowed: dirty pages cannot be dropped. */
	int fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fdatasync(fd);
	if (rc == 0)
		rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0 ? 0 : -1;
	int saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

int measure_warm_path(const char *path)
{
	const size_t chunk = (size_t)1 << 20;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char *buf = malloc(chunk);
	int rc = buf ? 0 : -1;
	if (rc == 0)
		posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);    /* a hint: its failure is no error */
	for (ssize_t n = 1; rc == 0 && n > 0;) {
		n = read(fd, buf, chunk);
		if (n < 0 && errno != EINTR)
			rc = -1;
	}
	int saved = errno;
	free(buf);
	close(fd);
	errno = saved;
	return rc;
}

/* --- perf tracepoint counting ------------------------------------------- */

const char *measure_sys_kind_name(enum sys_kind k)
{
	static const char *const names[SYS_KINDS] = {
		"read", "write", "lseek", "fsync", "fdatasync", "total",
	};
	return (unsigned)k < SYS_KINDS ? names[k] : "?";
}

/* Tracepoints in enum sys_kind order. */
static const char *const tracepoints[SYS_KINDS] = {
	"syscalls/sys_enter_read", "syscalls/sys_enter_write", "syscalls/sys_enter_lseek",
	"syscalls/sys_enter_fsync", "syscalls/sys_enter_fdatasync", "raw_syscalls/sys_enter",
};

/* Where tracefs is mounted; IOLAB_TRACEFS names a mount elsewhere. */
static const char *tracefs_dir(void)
{
	static const char *const dirs[] = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
	const char *env = getenv("IOLAB_TRACEFS");
	char path[4096];
	struct stat st;
	if (env && *env)
		return env;
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
		snprintf(path, sizeof path, "%s/events", dirs[i]);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			return dirs[i];
	}
	return NULL;
}

/* The tracepoint's id, or -1 with errno. */
static long tracepoint_id(const char *dir, const char *name)
{
	char path[4096], buf[32];
	snprintf(path, sizeof path, "%s/events/%s/id", dir, name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	int saved = errno;
	close(fd);
	if (n <= 0) {
		errno = n < 0 ? saved : EINVAL;
		return -1;
	}
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

static int paranoid_level(void)
{
	char buf[16];
	int fd = open("/proc/sys/kernel/perf_event_paranoid", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 99;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 99;
	buf[n] = '\0';
	return atoi(buf);
}

#ifdef HAVE_LINUX_PERF_EVENT_H
static int perf_open_one(pid_t pid, long id)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof attr;
	attr.config = (uint64_t)id;
	return (int)syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static void perf_open_reason(int err, char *why, size_t len)
{
	if (err == EACCES || err == EPERM)
		snprintf(why, len, "perf_event_open: %s (kernel.perf_event_paranoid is %d; "
		         "syscall tracepoints need root or CAP_PERFMON)", strerror(err), paranoid_level());
	else
		snprintf(why, len, "perf_event_open: %s (this kernel cannot count syscall tracepoints)",
		         strerror(err));
}
#endif

int measure_perf_probe(char *why, size_t len)
{
#ifndef HAVE_LINUX_PERF_EVENT_H
	snprintf(why, len, "built without <linux/perf_event.h>");
	return 0;
#else
	const char *dir = tracefs_dir();
	if (!dir) {
		snprintf(why, len, "tracefs is not mounted (no /sys/kernel/tracing/events); "
		         "as root: mount -t tracefs nodev /sys/kernel/tracing");
		return 0;
	}
	long id = tracepoint_id(dir, tracepoints[SYS_TOTAL]);
	if (id < 0) {
		snprintf(why, len, "cannot read %s/events/%s/id: %s (tracefs is root-only here)",
		         dir, tracepoints[SYS_TOTAL], strerror(errno));
		return 0;
	}
	int fd = perf_open_one(0, id);
	if (fd < 0) {
		perf_open_reason(errno, why, len);
		return 0;
	}
	close(fd);
	snprintf(why, len, "syscall tracepoints via %s", dir);
	return 1;
#endif
}

int measure_perf_open(pid_t pid, struct measure_perf *p, char *why, size_t len)
{
	for (int k = 0; k < SYS_KINDS; k++)
		p->fd[k] = -1;
#ifndef HAVE_LINUX_PERF_EVENT_H
	(void)pid;
	snprintf(why, len, "built without <linux/perf_event.h>");
	return -1;
#else
	const char *dir = tracefs_dir();
	if (!dir) {
		snprintf(why, len, "tracefs is not mounted");
		return -1;
	}
	for (int k = 0; k < SYS_KINDS; k++) {
		long id = tracepoint_id(dir, tracepoints[k]);
		if (id >= 0)
			p->fd[k] = perf_open_one(pid, id);
	}
	if (p->fd[SYS_TOTAL] < 0) {
		perf_open_reason(errno, why, len);
		measure_perf_close(p);
		return -1;
	}
	return 0;
#endif
}

void measure_perf_read(const struct measure_perf *p, int64_t out[SYS_KINDS])
{
	for (int k = 0; k < SYS_KINDS; k++) {
		uint64_t v;
		out[k] = -1;
		if (p->fd[k] >= 0 && read(p->fd[k], &v, sizeof v) == (ssize_t)sizeof v)
			out[k] = (int64_t)v;
	}
}

void measure_perf_close(struct measure_perf *p)
{
	for (int k = 0; k < SYS_KINDS; k++) {
		if (p->fd[k] >= 0)
			close(p->fd[k]);
		p->fd[k] = -1;
	}
}
