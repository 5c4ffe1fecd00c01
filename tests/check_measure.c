/* check_measure.c - /proc/PID/io and /proc/PID/schedstat parsing from
 * fixtures, the time split, rusage conversion, page-cache residency and
 * eviction. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure.h"
#include "suites.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static void read_fixture(const char *name, char *buf, size_t len)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/fixtures/proc/%s", TOP_SRCDIR, name);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "fixture %s: %s", path, strerror(errno));
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

START_TEST(io_parse_full)
{
	char text[1024];
	struct measure_io io;
	read_fixture("io-linux-6.18.txt", text, sizeof text);
	ck_assert_int_eq(measure_io_parse(text, &io), 7);
	ck_assert_int_eq(io.rchar, 10485809);
	ck_assert_int_eq(io.wchar, 10485760);
	ck_assert_int_eq(io.syscr, 12);
	ck_assert_int_eq(io.syscw, 10485760);
	ck_assert_int_eq(io.read_bytes, 24576);
	ck_assert_int_eq(io.write_bytes, 10485760);
	ck_assert_int_eq(io.cancelled_write_bytes, 4096);
}
END_TEST

START_TEST(io_parse_missing_field)
{
	char text[1024];
	struct measure_io io;
	read_fixture("io-missing-syscw.txt", text, sizeof text);
	ck_assert_int_eq(measure_io_parse(text, &io), 6);
	ck_assert_int_eq(io.syscw, -1);        /* unavailable, never 0 */
	ck_assert_int_eq(io.syscr, 4);
	ck_assert_int_eq(io.rchar, 323);
	ck_assert_int_eq(io.wchar, 17);
	ck_assert_int_eq(io.read_bytes, 0);
	ck_assert_int_eq(io.write_bytes, 8192);
}
END_TEST

START_TEST(io_parse_garbage)
{
	char text[1024];
	struct measure_io io;
	read_fixture("io-garbage.txt", text, sizeof text);
	ck_assert_int_eq(measure_io_parse(text, &io), 0);
	ck_assert_int_eq(io.rchar, -1);
	ck_assert_int_eq(io.wchar, -1);
	ck_assert_int_eq(io.syscr, -1);
	ck_assert_int_eq(io.syscw, -1);
	ck_assert_int_eq(io.read_bytes, -1);
	ck_assert_int_eq(io.write_bytes, -1);
	ck_assert_int_eq(measure_io_parse("", &io), 0);
}
END_TEST

START_TEST(io_parse_any_order)
{
	char text[1024];
	struct measure_io io;
	read_fixture("io-reordered-no-newline.txt", text, sizeof text);
	ck_assert_int_eq(measure_io_parse(text, &io), 2);
	ck_assert_int_eq(io.syscw, 42);
	ck_assert_int_eq(io.rchar, 1);
	ck_assert_int_eq(io.syscr, -1);
}
END_TEST

START_TEST(io_read_live_and_gone)
{
	struct measure_io io;
	ck_assert_int_eq(measure_io_read(getpid(), &io), 0);
	ck_assert_int_ge(io.syscr, 0);
	ck_assert_int_ge(io.rchar, 0);
	/* a reaped child has no /proc entry: every field unavailable */
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
	ck_assert_int_eq(measure_io_read(pid, &io), -1);
	ck_assert_int_eq(io.syscr, -1);
	ck_assert_int_eq(io.write_bytes, -1);
}
END_TEST

START_TEST(rusage_convert)
{
	struct rusage ru;
	struct measure_rusage m;
	memset(&ru, 0, sizeof ru);
	ru.ru_utime.tv_sec = 2;
	ru.ru_utime.tv_usec = 500000;
	ru.ru_stime.tv_usec = 250;
	ru.ru_minflt = 15;
	ru.ru_majflt = 1;
	ru.ru_nvcsw = 7;
	ru.ru_nivcsw = 31;
	measure_rusage_convert(&ru, &m);
	ck_assert_double_eq(m.utime, 2.5);
	ck_assert_double_eq_tol(m.stime, 0.00025, 1e-12);
	ck_assert_int_eq(m.minflt, 15);
	ck_assert_int_eq(m.majflt, 1);
	ck_assert_int_eq(m.nvcsw, 7);
	ck_assert_int_eq(m.nivcsw, 31);
}
END_TEST

/* A 1 MiB file of our own in $TMPDIR, written through the page cache. */
static int make_file(char *path, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(path, len, "%s/iolab-measure-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	static char block[65536];
	memset(block, 'x', sizeof block);
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(write(fd, block, sizeof block), (ssize_t)sizeof block);
	return fd;
}

START_TEST(residency_and_eviction)
{
	char path[256];
	struct measure_pages p, q;
	int fd = make_file(path, sizeof path);
	ck_assert_int_eq(measure_pages_fd(fd, MEASURE_RES_MINCORE, &p), 0);
	ck_assert_double_eq(p.fraction, 1.0);
	ck_assert_int_eq(p.dirty, -1);                     /* mincore knows none */
	if (measure_pages_fd(fd, MEASURE_RES_CACHESTAT, &q) == 0) {
		ck_assert_double_eq(q.fraction, 1.0);
		ck_assert_int_ge(q.dirty, 0);
		ck_assert_int_le(q.dirty, 256);
	} else {
		fprintf(stderr, "residency: cachestat(2) unavailable (%s), mincore only\n", strerror(errno));
	}
	struct statfs sf;
	ck_assert_int_eq(fstatfs(fd, &sf), 0);
	if (sf.f_type == 0x01021994) {
		fprintf(stderr, "residency: eviction skipped, %s is on tmpfs\n", path);
	} else {
		ck_assert_int_eq(measure_evict_path(path), 0);
		ck_assert_int_eq(measure_pages_path(path, &p), 0);
		ck_assert_msg(p.fraction < 0.05, "resident after eviction: %g", p.fraction);
		ck_assert_int_eq(measure_pages_fd(fd, MEASURE_RES_MINCORE, &q), 0);
		ck_assert(q.fraction < 0.05);
		if (p.dirty >= 0)
			ck_assert_int_eq(p.dirty, 0);
	}
	close(fd);
	unlink(path);
	ck_assert_int_eq(measure_pages_path(path, &p), -1);
	ck_assert_double_eq(p.fraction, -1);
	ck_assert_int_eq(p.dirty, -1);
	ck_assert_int_eq(p.writeback, -1);
	ck_assert_int_eq(measure_evict_path(path), -1);
}
END_TEST

START_TEST(residency_empty_file)
{
	char path[256];
	struct measure_pages p;
	const char *tmp = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/iolab-measure-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(measure_pages_fd(fd, MEASURE_RES_AUTO, &p), 0);
	ck_assert_double_eq(p.fraction, 0.0);
	ck_assert_int_eq(measure_pages_fd(fd, MEASURE_RES_MINCORE, &p), 0);
	ck_assert_double_eq(p.fraction, 0.0);
	close(fd);
	unlink(path);
}
END_TEST

START_TEST(perf_probe_explains)
{
	char why[256] = "";
	int ok = measure_perf_probe(why, sizeof why);
	ck_assert(ok == 0 || ok == 1);
	ck_assert_str_ne(why, "");
	fprintf(stderr, "perf: %s: %s\n", ok ? "available" : "unavailable", why);
}
END_TEST

/* --- /proc/PID/schedstat and the time split --------------------------- */

START_TEST(sched_parse)
{
	struct measure_sched m;
	ck_assert_int_eq(measure_sched_parse("160519 63705 2\n", &m), 0);
	ck_assert_int_eq(m.on_cpu_ns, 160519);
	ck_assert_int_eq(m.run_delay_ns, 63705);
	/* what a kernel without scheduler statistics prints: parsed, and the
	 * caller reading it after a run takes on_cpu 0 for "not counted" */
	ck_assert_int_eq(measure_sched_parse("0 0 0\n", &m), 0);
	ck_assert_int_eq(m.on_cpu_ns, 0);
	/* no file at all (CONFIG_SCHED_INFO off), or not schedstat's text */
	ck_assert_int_eq(measure_sched_parse("", &m), -1);
	ck_assert_int_eq(m.run_delay_ns, -1);
	ck_assert_int_eq(measure_sched_parse(NULL, &m), -1);
	ck_assert_int_eq(measure_sched_parse("12 x 3", &m), -1);
	ck_assert_int_eq(measure_sched_parse("-5 3 1", &m), -1);
	ck_assert_int_eq(m.on_cpu_ns, -1);
	ck_assert_int_eq(measure_sched_read_fd(-1, &m), -1);
}
END_TEST

/* Our own schedstat, held open and read twice: it only grows. */
START_TEST(sched_read_self)
{
	int fd = measure_sched_open(getpid());
	if (fd < 0) {
		fprintf(stderr, "schedstat: not on this kernel, skipped\n");
		return;
	}
	struct measure_sched a, b;
	ck_assert_int_eq(measure_sched_read_fd(fd, &a), 0);
	for (volatile int i = 0; i < 1000000; i++)
		;
	ck_assert_int_eq(measure_sched_read_fd(fd, &b), 0);
	ck_assert_int_ge(b.on_cpu_ns, a.on_cpu_ns);
	ck_assert_int_ge(b.run_delay_ns, a.run_delay_ns);
	close(fd);
}
END_TEST

static void sums_to_wall(const struct measure_time *t)
{
	double sum = t->user + t->system + t->cpu_wait + t->blocked;
	ck_assert_msg(sum >= t->wall * 0.98 && sum <= t->wall * 1.02, "parts %g of wall %g", sum,
	              t->wall);
}

START_TEST(time_split)
{
	struct measure_time t;
	/* w01 on a disk: mostly blocked */
	measure_time_split(10.0, 0.05, 0.9, 0.25, &t);
	ck_assert_double_eq_tol(t.cpu_wait, 0.25, 1e-12);
	ck_assert_double_eq_tol(t.blocked, 8.8, 1e-12);
	sums_to_wall(&t);
	/* a loop on the CPU that waited for it: the wait is all off-CPU time */
	measure_time_split(3.0, 1.5, 0.3, 1.2, &t);
	ck_assert_double_eq_tol(t.cpu_wait, 1.2, 1e-12);
	ck_assert_double_eq_tol(t.blocked, 0, 1e-12);
	sums_to_wall(&t);
	/* a wait counted over a window longer than the loop is at most the
	 * loop's time off the CPU */
	measure_time_split(1.0, 0.6, 0.2, 0.5, &t);
	ck_assert_double_eq_tol(t.cpu_wait, 0.2, 1e-12);
	ck_assert_double_eq_tol(t.blocked, 0, 1e-12);
	sums_to_wall(&t);
	/* rounding: CPU a hair over the wall leaves nothing off it */
	measure_time_split(1.0, 0.7, 0.305, 0.01, &t);
	ck_assert_double_eq(t.cpu_wait, 0);
	ck_assert_double_eq(t.blocked, 0);
	sums_to_wall(&t);
	/* not counted: said as -1, never guessed */
	measure_time_split(2.0, 0.5, 0.5, -1, &t);
	ck_assert_double_eq(t.cpu_wait, -1);
	ck_assert_double_eq(t.blocked, -1);
	ck_assert_double_eq(t.user, 0.5);
	measure_time_split(2.0, -1, 0.5, 0.1, &t);
	ck_assert_double_eq(t.blocked, -1);
}
END_TEST

Suite *make_suite_measure(void)
{
	Suite *s = suite_create("measure");
	TCase *tc = tcase_create("procfs");
	tcase_add_test(tc, io_parse_full);
	tcase_add_test(tc, io_parse_missing_field);
	tcase_add_test(tc, io_parse_garbage);
	tcase_add_test(tc, io_parse_any_order);
	tcase_add_test(tc, io_read_live_and_gone);
	tcase_add_test(tc, rusage_convert);
	tcase_add_test(tc, sched_parse);
	tcase_add_test(tc, sched_read_self);
	tcase_add_test(tc, time_split);
	suite_add_tcase(s, tc);
	TCase *cache = tcase_create("cache");
	tcase_add_test(cache, residency_and_eviction);
	tcase_add_test(cache, residency_empty_file);
	tcase_add_test(cache, perf_probe_explains);
	suite_add_tcase(s, cache);
	return s;
}
