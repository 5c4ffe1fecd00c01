/* bench_loops.c - the engine's loops against bare loops of the same I/O.
 *
 * For each byte-at-a-time workload the lecture measures, runs the engine
 * (fork, chunked loop, progress block, checksum) and a bare loop written
 * the obvious way in this process, alternating which goes first, N rounds,
 * and prints the ratio of the median rates.  The engine is meant to stay at
 * 0.97 of the bare loop or better: anything it adds per operation would
 * show up here.
 *
 *   bench/bench_loops [-n ROUNDS] [-s SIZE] [-t MIN_TIME] [-d DIR] [-w NAME]
 *
 * -w runs only the workloads whose name contains NAME ("mmap", "read").
 *
 * The process pins itself to the CPU it starts on (children inherit it).
 *
 * Defaults: 5 rounds, 2 MiB files, reads repeat passes for 0.2 s, a fresh
 * scratch directory under $TMPDIR (or /tmp), removed at the end.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "trial.h"
#include "scratch.h"
#include "stats.h"
#include "units.h"
#include "wl.h"

#define MAX_ROUNDS 64

struct bench {
	struct scratch s;
	uint64_t size;
	double min_time;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
	fprintf(stderr, "bench_loops: %s\n", what);
	exit(1);
}

/* --- bare loops: the lecture's code plus the same checksum fold ------------ */

static volatile uint64_t sink;

static double bare_write(struct bench *b, int stdio)
{
	char path[4096];
	unsigned char buf[1] = {'a'};
	int fd = scratch_create(&b->s, "bare", path, sizeof path);
	if (fd < 0)
		die(strerror(errno));
	FILE *f = stdio ? fdopen(fd, "w") : NULL;
	uint64_t n = 0;
	double t0 = now();
	if (stdio) {
		for (; n < b->size; n++)
			if (fwrite(buf, 1, 1, f) != 1)
				break;
		fflush(f);
	} else {
		for (; n < b->size; n++)
			if (write(fd, buf, 1) != 1)
				break;
	}
	double t = now() - t0;
	if (f)
		fclose(f);
	else
		close(fd);
	scratch_remove(&b->s, path);
	return (double)n / t;
}

enum bare_read { BARE_READ, BARE_FREAD, BARE_MMAP, BARE_STRIDE };

static uint64_t pass_read(int fd, uint64_t size)
{
	unsigned char buf[1];
	uint64_t sum = 0;
	for (uint64_t n = 0; n < size; n++) {
		if (read(fd, buf, 1) != 1)
			break;
		sum += buf[0];
	}
	return sum;
}

static uint64_t pass_fread(FILE *f, uint64_t size)
{
	unsigned char buf[1];
	uint64_t sum = 0;
	for (uint64_t n = 0; n < size; n++) {
		if (fread(buf, 1, 1, f) != 1)
			break;
		sum += buf[0];
	}
	return sum;
}

static uint64_t pass_mmap(const volatile unsigned char *map, uint64_t size)
{
	uint64_t sum = 0;
	for (uint64_t p = 0; p < size; p++)
		sum += map[p];
	return sum;
}

static uint64_t pass_stride(int fd, uint64_t size, uint64_t stride)
{
	unsigned char buf[1];
	uint64_t sum = 0;
	for (uint64_t col = 0; col < stride; col++)
		for (uint64_t p = col; p < size; p += stride) {
			lseek(fd, (off_t)p, SEEK_SET);
			if (read(fd, buf, 1) != 1)
				return sum;
			sum += buf[0];
		}
	return sum;
}

static double bare_read(struct bench *b, enum bare_read kind, uint64_t stride)
{
	char path[4096], msg[512];
	if (scratch_data_file(&b->s, b->size, path, sizeof path, msg, sizeof msg) != 0)
		die(msg);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		die(strerror(errno));
	FILE *f = kind == BARE_FREAD ? fdopen(fd, "r") : NULL;
	const unsigned char *map = NULL;
	if (kind == BARE_MMAP) {
		map = mmap(NULL, b->size, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED)
			die(strerror(errno));
	}
	uint64_t passes = 0, sum = 0;
	double t0 = now(), t;
	do {
		if (passes && kind == BARE_READ)
			lseek(fd, 0, SEEK_SET);
		if (passes && kind == BARE_FREAD)
			fseek(f, 0, SEEK_SET);
		switch (kind) {
		case BARE_READ: sum += pass_read(fd, b->size); break;
		case BARE_FREAD: sum += pass_fread(f, b->size); break;
		case BARE_MMAP: sum += pass_mmap(map, b->size); break;
		case BARE_STRIDE: sum += pass_stride(fd, b->size, stride); break;
		}
		passes++;
		t = now() - t0;
	} while (t < b->min_time);
	sink = sum;
	if (map)
		munmap((void *)map, b->size);
	if (f)
		fclose(f);
	else
		close(fd);
	return (double)(passes * b->size) / t;
}

/* --- the workloads -------------------------------------------------------- */

struct workload {
	const char *name;
	enum wl_op op;
	enum wl_api api;
	int strided;
	double (*bare)(struct bench *b, const struct workload *w);
	int arg;
};

static double bare_of_write(struct bench *b, const struct workload *w)
{
	return bare_write(b, w->arg);
}

static double bare_of_read(struct bench *b, const struct workload *w)
{
	return bare_read(b, (enum bare_read)w->arg, w->strided ? b->size / 8 : 0);
}

static const struct workload workloads[] = {
	{"write 1 B", WL_OP_WRITE, WL_API_SYSCALL, 0, bare_of_write, 0},
	{"fwrite 1 B", WL_OP_WRITE, WL_API_STDIO, 0, bare_of_write, 1},
	{"read 1 B", WL_OP_READ, WL_API_SYSCALL, 0, bare_of_read, BARE_READ},
	{"fread 1 B", WL_OP_READ, WL_API_STDIO, 0, bare_of_read, BARE_FREAD},
	{"mmap 1 B", WL_OP_READ, WL_API_MMAP, 0, bare_of_read, BARE_MMAP},
	{"strided read 1 B", WL_OP_READ, WL_API_SYSCALL, 1, bare_of_read, BARE_STRIDE},
};

static double engine_rate(struct bench *b, const struct workload *w)
{
	struct wl_spec spec;
	struct trial_result r;
	char msg[512];
	wl_spec_init(&spec);
	spec.op = w->op;
	spec.api = w->api;
	spec.size = b->size;
	spec.block = 1;
	spec.stride = w->strided ? b->size / 8 : 0;
	spec.min_time = b->min_time;
	spec.time_limit = 60;
	struct trial *t = trial_start(&spec, &b->s, msg, sizeof msg);
	if (!t)
		die(msg);
	trial_finish(t, &r);
	if (!r.ok)
		die(r.error);
	return r.rate;
}

static double median(double *v, size_t n)
{
	return v[stats_median_index(v, n)];
}

/* Both sides on one CPU: the workload child inherits the affinity, so the
 * engine and the bare loop never run on different (virtual) CPUs, which on
 * a VM differ by more than what this bench looks for. */
static void pin_to_current_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;
	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) == 0)
		printf("pinned to CPU %d (the workload child inherits it)\n", cpu);
}

int main(int argc, char **argv)
{
	struct bench b = {.size = 2u << 20, .min_time = 0.2};
	unsigned rounds = 5;
	const char *dir = NULL, *only = NULL;
	char tmp[512], msg[512];
	int opt;
	while ((opt = getopt(argc, argv, "n:s:t:d:w:")) != -1) {
		switch (opt) {
		case 'n': rounds = (unsigned)atoi(optarg); break;
		case 's': if (units_parse_size(optarg, &b.size) != 0) die("bad -s size"); break;
		case 't': if (units_parse_duration(optarg, &b.min_time) != 0) die("bad -t time"); break;
		case 'd': dir = optarg; break;
		case 'w': only = optarg; break;
		default: die("usage: bench_loops [-n ROUNDS] [-s SIZE] [-t MIN_TIME] [-d DIR] [-w NAME]");
		}
	}
	if (rounds < 1 || rounds > MAX_ROUNDS || b.size < 8)
		die("rounds must be 1..64 and size at least 8 B");
	pin_to_current_cpu();
	if (!dir) {
		const char *t = getenv("TMPDIR");
		snprintf(tmp, sizeof tmp, "%s/iolab-bench-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(tmp))
			die(strerror(errno));
		dir = tmp;
	}
	if (scratch_open(&b.s, dir, msg, sizeof msg) != 0)
		die(msg);

	char size[32], mt[32];
	units_format_bytes((double)b.size, size, sizeof size);
	units_format_seconds(b.min_time, 1, mt, sizeof mt);
	printf("iolab bench: %u rounds, %s files on %s (%s), reads repeat for %s\n",
	       rounds, size, b.s.dir, b.s.fstype, mt);
	printf("%-18s %14s %14s %8s\n", "workload", "engine B/s", "bare B/s", "ratio");
	int below = 0;
	for (size_t i = 0; i < sizeof workloads / sizeof *workloads; i++) {
		const struct workload *w = &workloads[i];
		if (only && !strstr(w->name, only))
			continue;
		double eng[MAX_ROUNDS], bare[MAX_ROUNDS];
		for (unsigned r = 0; r < rounds; r++) {
			if (r % 2 == 0) {
				eng[r] = engine_rate(&b, w);
				bare[r] = w->bare(&b, w);
			} else {
				bare[r] = w->bare(&b, w);
				eng[r] = engine_rate(&b, w);
			}
		}
		double e = median(eng, rounds), a = median(bare, rounds);
		printf("%-18s %14.4g %14.4g %8.3f\n", w->name, e, a, e / a);
		fflush(stdout);
		below += e / a < 0.97;
	}
	scratch_close(&b.s);
	if (dir == tmp)
		rmdir(tmp);
	printf("%s\n", below ? "some ratios below 0.97" : "all ratios >= 0.97");
	return 0;
}
