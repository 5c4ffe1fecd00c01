/* calib.c - this machine's primitive costs, measured (calib.h).
 *
 * One table, calib_rows: the workload that isolates a cost (as a spec, in
 * the syntax of doc/spec-syntax.md, full and quick) and how the cost is
 * taken out of that trial's counts.  Rows come in the order their
 * arithmetic needs: a later row subtracts what earlier rows priced.
 */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "calib.h"
#include "countof.h"
#include "trial.h"
#include "errmsg.h"
#include "file_read.h"
#include "guard.h"
#include "wl_keys.h"

/* --- the key ----------------------------------------------------------------- */

static void cpu_model(char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "re");
	*buf = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) != 0 || !colon)
			continue;
		colon += 1 + strspn(colon + 1, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		break;
	}
	fclose(f);
}

/* "8:1 sda1": the block device the scratch directory is on, by
 * /sys/dev/block; "none" where there is none (tmpfs, an overlay's 0:N). */
static void device_of(const struct scratch *s, char *buf, size_t len)
{
	struct stat st;
	char path[96], name[64] = "", uevent[1024];
	snprintf(buf, len, "none");
	if (s->on_tmpfs || fstat(s->dirfd, &st) != 0 || major(st.st_dev) == 0)
		return;
	snprintf(path, sizeof path, "/sys/dev/block/%u:%u/uevent", major(st.st_dev), minor(st.st_dev));
	FILE *f = fopen(path, "re");
	if (f) {
		size_t n = fread(uevent, 1, sizeof uevent - 1, f);
		uevent[n] = '\0';
		fclose(f);
		char *d = strstr(uevent, "DEVNAME=");
		if (d)
			snprintf(name, sizeof name, "%.*s", (int)strcspn(d + 8, "\n"), d + 8);
	}
	snprintf(buf, len, "%u:%u%s%s", major(st.st_dev), minor(st.st_dev), *name ? " " : "", name);
}

void calib_key_of(const struct scratch *s, struct calib_key *k)
{
	struct utsname u;
	char cpu[128];
	memset(k, 0, sizeof *k);
	cpu_model(cpu, sizeof cpu);
	if (uname(&u) == 0) {
		snprintf(k->machine, sizeof k->machine, "%.64s %.16s%s%.100s", u.nodename, u.machine,
		         *cpu ? " " : "", cpu);
		snprintf(k->kernel, sizeof k->kernel, "%s", u.release);
	}
	snprintf(k->filesystem, sizeof k->filesystem, "%s", s->fstype);
	device_of(s, k->device, sizeof k->device);
}

/* --- deriving a cost from a trial ------------------------------------------------ */

typedef double (*derive_fn)(const struct trial_result *t, const double *c);

static double per(double seconds, double n) { return n > 0 ? seconds / n : NAN; }

static double d_read(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_READ]);
}
static double d_write(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_WRITE]);
}
static double d_lseek(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_LSEEK]);
}
static double d_copy(const struct trial_result *t, const double *c)
{
	return per(t->seconds - (double)t->calls[CALL_READ] * c[COST_READ], (double)t->bytes);
}
static double d_fread(const struct trial_result *t, const double *c)
{
	double refills = (double)(t->syscr > 0 ? t->syscr : 0);
	return per(t->seconds - refills * c[COST_READ] - (double)t->bytes * c[COST_COPY_BYTE],
	           (double)t->calls[CALL_FREAD]);
}
static double d_fwrite(const struct trial_result *t, const double *c)
{
	double flushes = (double)(t->syscw > 0 ? t->syscw : 0);
	return per(t->seconds - flushes * c[COST_WRITE] - (double)t->bytes * c[COST_COPY_BYTE],
	           (double)t->calls[CALL_FWRITE]);
}
static double d_map_load(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_MEMREAD]);
}
static double d_fault(const struct trial_result *t, const double *c)
{
	return per(t->seconds - (double)t->bytes * c[COST_COPY_BYTE], (double)t->minflt);
}
static double d_sync_write(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_WRITE]);
}
static double d_fsync(const struct trial_result *t, const double *c)
{
	double n = (double)t->calls[CALL_FSYNC];
	return per(t->seconds - (double)t->calls[CALL_WRITE] * c[COST_WRITE] -
	           (double)t->bytes * c[COST_COPY_BYTE], n);
}
static double d_flush(const struct trial_result *t, const double *c)
{
	return per(t->seconds - (double)t->calls[CALL_WRITE] * c[COST_WRITE] -
	           (double)t->bytes * c[COST_COPY_BYTE] - c[COST_FSYNC_PAGE], (double)t->bytes);
}
static double d_cold_byte(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->bytes);
}
static double d_cold_read(const struct trial_result *t, const double *c)
{
	(void)c;
	return per(t->seconds, (double)t->calls[CALL_READ]);
}

/* Flags of a row. */
#define CR_DEVICE 1u              /* needs a storage device: not on tmpfs */
#define CR_STDIO_CHAR 2u          /* fgetc/fputc: timed here, not by the engine */

struct calib_row {
	enum cost_id cost;
	const char *spec, *quick; /* NULL for the CR_STDIO_CHAR rows */
	derive_fn derive;
	unsigned trials;          /* the median of this many */
	unsigned flags;
};

/* Full: about a second or less a row, CALIB_BUDGET in all. */
static const struct calib_row calib_rows[] = {
	{COST_READ, "op=read block=1 size=1MiB min_time=0.4s",
	 "op=read block=1 size=64KiB min_time=0", d_read, 1, 0},
	{COST_WRITE, "op=write block=1 size=2MiB time_limit=1s",
	 "op=write block=1 size=64KiB", d_write, 1, 0},
	{COST_LSEEK, "op=seek block=1 size=1MiB min_time=0.3s",
	 "op=seek block=1 size=64KiB min_time=0", d_lseek, 1, 0},
	{COST_COPY_BYTE, "op=read block=1MiB size=32MiB min_time=0.4s",
	 "op=read block=64KiB size=1MiB min_time=0", d_copy, 1, 0},
	{COST_FREAD, "op=read api=stdio block=1 size=4MiB min_time=0.3s",
	 "op=read api=stdio block=1 size=64KiB min_time=0", d_fread, 1, 0},
	{COST_FWRITE, "op=write api=stdio block=1 size=8MiB time_limit=1s",
	 "op=write api=stdio block=1 size=64KiB", d_fwrite, 1, 0},
	{COST_FGETC, NULL, NULL, NULL, 1, CR_STDIO_CHAR},
	{COST_FPUTC, NULL, NULL, NULL, 1, CR_STDIO_CHAR},
	{COST_MAP_LOAD, "op=read api=mmap block=1 size=4MiB min_time=0.3s",
	 "op=read api=mmap block=1 size=64KiB min_time=0", d_map_load, 1, 0},
	{COST_PAGE_FAULT, "op=read api=mmap block=4096 size=32MiB map=per_pass min_time=0.3s",
	 "op=read api=mmap block=4096 size=1MiB map=per_pass min_time=0", d_fault, 1, 0},
	{COST_SYNC_WRITE, "op=write block=1 size=1MiB open=O_SYNC time_limit=1.5s",
	 "op=write block=1 size=1MiB open=O_SYNC time_limit=0.2s", d_sync_write, 1, CR_DEVICE},
	{COST_FSYNC_PAGE, "op=write block=4096 size=4096 sync=fsync",
	 "op=write block=4096 size=4096 sync=fsync", d_fsync, 5, CR_DEVICE},
	{COST_FLUSH_BYTE, "op=write block=1MiB size=64MiB sync=fsync time_limit=4s",
	 "op=write block=1MiB size=4MiB sync=fsync", d_flush, 1, CR_DEVICE},
	{COST_COLD_BYTE, "op=read block=1MiB size=128MiB cache=cold min_time=0 time_limit=4s",
	 "op=read block=1MiB size=4MiB cache=cold min_time=0", d_cold_byte, 1, CR_DEVICE},
	{COST_COLD_READ,
	 "op=read block=4096 size=64MiB stride=1MiB fadvise=random cache=cold min_time=0 time_limit=2s",
	 "op=read block=4096 size=4MiB stride=1MiB fadvise=random cache=cold min_time=0",
	 d_cold_read, 1, CR_DEVICE},
};

/* --- fgetc / fputc, which no workload kind runs ------------------------------------ */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* n characters through one FILE of a scratch file: seconds per call, the
 * flushes' or refills' syscalls and copies taken out by their counts
 * (one per BUFSIZ characters). */
static double stdio_char(struct scratch *s, int put, long n, const double *c, char *why, size_t len)
{
	char path[4096];
	int fd = scratch_create(s, "calib", path, sizeof path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0) {
			close(fd);
			scratch_remove(s, path);
		}
		snprintf(why, len, "cannot create a scratch file");
		return NAN;
	}
	volatile int sink = 0;
	double t0 = now(), took;
	for (long i = 0; i < n; i++)
		fputc('a' + (int)(i & 15), f);
	int bad = fflush(f) != 0;
	took = now() - t0;
	bad |= fclose(f) != 0;
	if (!put && !bad && (f = fopen(path, "re")) != NULL) {
		t0 = now();
		for (long i = 0; i < n; i++)
			sink += fgetc(f);
		took = now() - t0;
		fclose(f);
	} else if (!put) {
		bad = 1;
	}
	(void)sink;
	scratch_remove(s, path);
	if (bad) {
		snprintf(why, len, "the scratch file could not be written or read back");
		return NAN;
	}
	double syscalls = (double)n / BUFSIZ + 1;
	double io = syscalls * (put ? c[COST_WRITE] : c[COST_READ]) + (double)n * c[COST_COPY_BYTE];
	return per(took - (isnan(io) ? 0 : io), (double)n);
}

/* --- one row ------------------------------------------------------------------------ */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double measure_row(struct scratch *s, const struct calib_row *r, int quick,
                          const double *c, char *why, size_t len)
{
	if ((r->flags & CR_DEVICE) && s->on_tmpfs) {
		snprintf(why, len, "no storage device under %s", s->fstype);
		return NAN;
	}
	if (r->flags & CR_STDIO_CHAR)
		return stdio_char(s, r->cost == COST_FPUTC, quick ? 1L << 16 : 1L << 24, c, why, len);
	struct wl_spec spec;
	char msg[512];
	if (wl_spec_parse(quick ? r->quick : r->spec, NULL, &spec, msg, sizeof msg, NULL) != 0) {
		snprintf(why, len, "%.90s", msg);
		return NAN;
	}
	double v[8];
	unsigned n = 0, want = quick && r->trials > 2 ? 2 : r->trials;
	for (unsigned i = 0; i < want && i < COUNT(v) && !guard_pending(); i++) {
		struct trial_result t;
		struct trial *tr = trial_start(&spec, s, msg, sizeof msg);
		if (!tr) {
			snprintf(why, len, "%.90s", msg);
			break;
		}
		trial_finish(tr, &t);
		if (!t.ok) {
			snprintf(why, len, "%.90s", t.error);
			break;
		}
		double x = r->derive(&t, c);
		if (!(x > 0)) {
			snprintf(why, len, "too small to tell from the costs it includes");
			continue;
		}
		v[n++] = x;
	}
	wl_spec_free(&spec);
	if (!n)
		return NAN;
	qsort(v, n, sizeof *v, cmp_double);
	why[0] = '\0';
	return v[n / 2];
}

size_t calib_count(void)
{
	return COUNT(calib_rows);
}

void calib_begin(struct calib_steps *st, const struct scratch *s, int quick)
{
	memset(st, 0, sizeof *st);
	calib_key_of(s, &st->cal.key);
	model_cost_table_init(&st->cal.costs);
	st->cal.quick = quick;
	st->start = now();
}

const char *calib_next_what(const struct calib_steps *st)
{
	return st->next < COUNT(calib_rows) ? model_cost_meaning(calib_rows[st->next].cost) : NULL;
}

int calib_step(struct calib_steps *st, struct scratch *s)
{
	struct calibration *c = &st->cal;
	if (st->next < COUNT(calib_rows)) {
		const struct calib_row *r = &calib_rows[st->next++];
		c->costs.cost[r->cost] = measure_row(s, r, c->quick, c->costs.cost, c->why[r->cost],
		                                     sizeof c->why[r->cost]);
	}
	if (st->next < COUNT(calib_rows))
		return 1;
	c->took = now() - st->start;
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(c->at, sizeof c->at, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return 0;
}

int calib_measure(struct scratch *s, int quick, calib_progress_fn progress, void *arg,
                  struct calibration *out, char *msg, size_t len)
{
	struct calib_steps st;
	calib_begin(&st, s, quick);
	int more = 1;
	while (more) {
		if (guard_pending())
			return errmsg(msg, len, "interrupted");
		if (progress)
			progress(arg, st.next, COUNT(calib_rows), calib_next_what(&st));
		more = calib_step(&st, s);
	}
	*out = st.cal;
	return 0;
}
