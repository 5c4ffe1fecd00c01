/* check_notebook.c - what a run's row holds (notebook.h): the kind from how
 * it was set up and how it ended, every headline figure, the workload as
 * one line, the batch object; and the store opened for recording, the old
 * progress file imported into the default store only. */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notebook.h"
#include "report_fields.h"
#include "report_format.h"
#include "suites.h"
#include "wl_keys.h"

static struct lesson make_lesson(const char *id)
{
	struct lesson l;
	memset(&l, 0, sizeof l);
	l.id = (char *)id;
	l.title = (char *)"t";
	wl_spec_init(&l.workload);
	l.workload.size = 65536;
	return l;
}

/* A measured result: 65536 one-byte writes in 0.5 s. */
static void measure(struct report_result *res, int time_limited)
{
	struct trial_result *m = &res->summary.median;
	memset(m, 0, sizeof *m);
	m->ok = 1;
	m->bytes = 65536;
	m->passes = 1;
	m->seconds = 0.5;
	m->calls[CALL_WRITE] = 65536;
	m->calls[CALL_FSYNC] = 1;
	m->syscall_source = SYSCALL_SOURCE_PROCFS;
	m->syscr = 0;
	m->syscw = 65537;
	for (int k = 0; k < SYS_KINDS; k++)
		m->sys[k] = -1;
	m->stopped = m->time_limited = time_limited;
	res->measured = 1;
	res->trials = 1;
	res->summary.trials = 1;
	res->summary.ok = 1;
	res->summary.rate_median = res->summary.rate_min = res->summary.rate_max = 131072;
	res->summary.seconds_median = res->summary.seconds_min = res->summary.seconds_max = 0.5;
}

START_TEST(row_of_a_result)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp", "ext4", "procfs"), 0);
	struct lesson l = make_lesson("w03-byte");
	struct report_result *res = report_add(&r, &l, &l.workload, NULL);
	ck_assert_ptr_nonnull(res);
	measure(res, 0);
	struct notebook_entry e;
	ck_assert_int_eq(notebook_entry_of_result(&e, res, "w03-byte", STORE_FROM_LESSON, NULL), 0);
	const struct store_run *run = &e.run;
	ck_assert_str_eq(run->lesson, "w03-byte");
	ck_assert_int_eq(run->kind, STORE_KIND_LESSON);
	ck_assert_int_eq(run->recorder, STORE_BY_BATCH);
	ck_assert_ptr_null(run->label);
	ck_assert_str_eq(run->spec, "op=write api=syscall size=64KiB block=1 stride=0 open=[] "
	                            "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                            "stdio_mode=full sync=none time_limit=5s min_time=0.2s");
	char *json = report_format_json_result(res);
	ck_assert_str_eq(run->result_json, json);
	free(json);
	ck_assert_int_eq(run->ok, 1);
	ck_assert_ptr_null(run->error);
	ck_assert_double_eq(run->rate, 131072);
	ck_assert_double_eq(run->seconds, 0.5);
	ck_assert_double_eq_tol(run->log_rate, log(131072.0), 1e-12);
	ck_assert_int_eq(run->bytes, 65536);
	ck_assert_int_eq(run->passes, 1);
	ck_assert_int_eq(run->calls, 65537);
	ck_assert_int_eq(run->syscalls_read, 0);
	ck_assert_int_eq(run->syscalls_write, 65537);
	ck_assert_int_eq(run->time_limited, 0);
	ck_assert(isnan(run->guess_rate));
	ck_assert_uint_eq(run->npoints, 0);
	/* every number of the field table a check may name, by its name,
	 * nulls and text left out, the flags as 0/1: what a claim about this
	 * lesson reads later */
	ck_assert_ptr_nonnull(run->fields);
	size_t numbers = 0;
	for (size_t i = 0; i < report_field_count(); i++) {
		double v;
		numbers += report_field_as_number(res, i, &v) == 0;
	}
	ck_assert_uint_eq(run->nfields, numbers);
	ck_assert_uint_gt(numbers, 20);
	const struct { const char *name; double value; } want[] = {
		{"workload.size", 65536}, {"workload.block", 1}, {"trials", 1}, {"passes", 1},
		{"bytes", 65536}, {"rate.median", 131072}, {"seconds.median", 0.5},
		{"syscalls.write", 65537}, {"calls.write", 65536}, {"calls.fsync", 1},
		{"time_limited", 0},
	};
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		size_t i = 0;
		while (i < run->nfields && strcmp(run->fields[i].name, want[k].name) != 0)
			i++;
		ck_assert_msg(i < run->nfields, "no field %s", want[k].name);
		ck_assert_msg(run->fields[i].value == want[k].value, "%s = %g, not %g", want[k].name,
		              run->fields[i].value, want[k].value);
	}
	for (size_t i = 0; i < run->nfields; i++) {
		ck_assert(isfinite(run->fields[i].value));
		ck_assert_str_ne(run->fields[i].name, "lesson");      /* text */
		ck_assert_str_ne(run->fields[i].name, "checksum");    /* a bit pattern */
		ck_assert_str_ne(run->fields[i].name, "syscalls.total");   /* null: perf only */
		ck_assert_str_ne(run->fields[i].name, "points");      /* a weight */
		ck_assert_str_ne(run->fields[i].name, "expectations.missed");   /* not yet known */
	}
	notebook_entry_free(&e);
	ck_assert_ptr_null(e.run.fields);
	ck_assert_uint_eq(e.run.nfields, 0);

	/* a time limit spoils it whatever the setup; a change is labelled */
	measure(res, 1);
	ck_assert_int_eq(notebook_entry_of_result(&e, res, "w03-byte", STORE_FROM_CHANGED,
	                                          "4 B blocks"), 0);
	ck_assert_int_eq(e.run.kind, STORE_KIND_TIME_LIMITED);
	ck_assert_int_eq(e.run.time_limited, 1);
	ck_assert_str_eq(e.run.label, "4 B blocks");
	notebook_entry_free(&e);
	measure(res, 0);
	ck_assert_int_eq(notebook_entry_of_result(&e, res, NULL, STORE_FROM_PROGRAM, "dd"), 0);
	ck_assert_int_eq(e.run.kind, STORE_KIND_PROGRAM);
	ck_assert_ptr_null(e.run.lesson);
	notebook_entry_free(&e);

	/* nothing measured: unknown, never 0 */
	res->measured = 0;
	memset(&res->summary, 0, sizeof res->summary);
	report_fail(res, "open: Permission denied");
	ck_assert_int_eq(notebook_entry_of_result(&e, res, "w03-byte", STORE_FROM_LESSON, NULL), 0);
	ck_assert_int_eq(e.run.ok, 0);
	ck_assert_str_eq(e.run.error, "open: Permission denied");
	ck_assert(isnan(e.run.rate) && isnan(e.run.log_rate) && isnan(e.run.seconds));
	ck_assert_int_eq(e.run.bytes, -1);
	ck_assert_int_eq(e.run.passes, -1);
	ck_assert_int_eq(e.run.calls, -1);
	ck_assert_int_eq(e.run.syscalls_write, -1);
	ck_assert_int_eq(e.run.time_limited, -1);
	notebook_entry_free(&e);
	report_free(&r);
}
END_TEST

/* A sweep's points are the run's points. */
START_TEST(row_of_a_sweep)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/tmp", "ext4", "procfs"), 0);
	struct lesson l = make_lesson("s01-sweep");
	uint64_t blocks[] = {1, 4096};
	l.sweep.blocks = blocks;
	l.sweep.nblocks = 2;
	l.sweep.caches[0] = WL_CACHE_WARM;
	l.sweep.ncaches = 1;
	struct report_result *res = report_add(&r, &l, &l.workload, NULL);
	ck_assert_ptr_nonnull(res);
	measure(res, 0);
	res->points = calloc(2, sizeof *res->points);
	res->npoints = 2;
	res->points[0] = (struct sweep_point){.block = 1, .cache = WL_CACHE_WARM, .ok = 1, .rate = 5};
	res->points[1] = (struct sweep_point){.block = 4096, .cache = WL_CACHE_WARM, .ok = 1, .rate = 9};
	struct notebook_entry e;
	ck_assert_int_eq(notebook_entry_of_result(&e, res, "s01-sweep", STORE_FROM_LESSON, NULL), 0);
	ck_assert_uint_eq(e.run.npoints, 2);
	ck_assert_ptr_eq(e.run.points, res->points);
	notebook_entry_free(&e);
	report_free(&r);
}
END_TEST

static char dir[64];

static void rm_rf(const char *path)
{
	char cmd[PATH_MAX];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
}

/* The default store imports the old progress file (a lesson's knobs from
 * the course); a --db file never looks beside itself. */
START_TEST(open_and_import)
{
	char state[128], progress[192], notice[4096], path[192];
	char *old = getenv("XDG_STATE_HOME") ? strdup(getenv("XDG_STATE_HOME")) : NULL;
	snprintf(dir, sizeof dir, "/tmp/iolab-notebook.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(state, sizeof state, "%s/state", dir);
	setenv("XDG_STATE_HOME", state, 1);
	ck_assert_int_eq(mkdir(state, 0700), 0);
	snprintf(path, sizeof path, "%s/iolab", state);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(progress, sizeof progress, "%s/iolab/progress", state);
	FILE *f = fopen(progress, "w");
	ck_assert_ptr_nonnull(f);
	fputs("# iolab progress 1\n"
	      "lesson w03-byte status=ok errno=0 rate=1000 log_rate=6.9 seconds=1 bytes=1000"
	      " calls=1000 syscr=0 syscw=1000 block=4 cache=warm when=1700000000\n", f);
	fclose(f);

	/* a --db store beside a progress file: not imported */
	snprintf(path, sizeof path, "%s/iolab/other.db", state);
	struct store *st = notebook_open(path, NULL, notice, sizeof notice);
	ck_assert_ptr_nonnull(st);
	ck_assert_str_eq(notice, "");
	store_close(st);
	ck_assert_int_eq(access(progress, F_OK), 0);

	/* the default store: imported, w03-byte's 4 B blocks a change */
	struct course c = {0};
	struct lesson l = make_lesson("w03-byte");
	c.lessons = &l;
	c.nlessons = 1;
	st = notebook_open(NULL, &c, notice, sizeof notice);
	ck_assert_ptr_nonnull(st);
	char want[1024];
	snprintf(want, sizeof want, "Imported 1 lesson results and 0 sweep points from the old "
	         "progress file %s; it is now %s.imported.", progress, progress);
	ck_assert_str_eq(notice, want);
	char msg[256];
	ck_assert_int_eq(store_count(st, "w03-byte", msg, sizeof msg), 1);
	struct store_specs specs;
	ck_assert_int_eq(notebook_lesson_specs(&l, &specs), 0);
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &specs, NULL, NULL, msg, sizeof msg), 0);
	notebook_specs_free(&specs);
	store_close(st);

	/* nowhere to write: the reason, and no store */
	snprintf(path, sizeof path, "%s", progress);
	strcat(path, ".imported/lab.db");             /* inside a file */
	st = notebook_open(path, NULL, notice, sizeof notice);
	if (st) {
		ck_assert_ptr_nonnull(store_readonly(st));
		store_close(st);
	}
	ck_assert_msg(strncmp(notice, "Runs will not be saved: ", 24) == 0, "%s", notice);

	uint64_t block;
	int cold;
	ck_assert_int_eq(notebook_course_knobs("w03-byte", &block, &cold, &c), 0);
	ck_assert_uint_eq(block, 1);
	ck_assert_int_eq(cold, 0);
	ck_assert_int_eq(notebook_course_knobs("nothing", &block, &cold, &c), -1);

	rm_rf(dir);
	if (old) {
		setenv("XDG_STATE_HOME", old, 1);
		free(old);
	} else {
		unsetenv("XDG_STATE_HOME");
	}
}
END_TEST

Suite *make_suite_notebook(void)
{
	Suite *s = suite_create("notebook");
	TCase *tc = tcase_create("notebook");
	tcase_add_test(tc, row_of_a_result);
	tcase_add_test(tc, row_of_a_sweep);
	tcase_add_test(tc, open_and_import);
	suite_add_tcase(s, tc);
	return s;
}
