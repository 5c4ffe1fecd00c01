/* check_report_expect.c - a batch's expectations held against its results:
 * lookups of a lesson's own fields and other lessons', min and max over the
 * trials the figures came from, the fields of one lesson paired per trial,
 * a lesson that did not run, the time-limited and busy conditions, and the
 * counts.  Results are made by hand with exact figures. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect_fields.h"
#include "report.h"
#include "report_expect.h"
#include "suites.h"

/* A trial of a 1 MiB read in 4096-byte blocks: `passes` passes, each read
 * once through read(); rate in bytes per second. */
static struct trial_result trial(unsigned passes, double seconds, double cpu)
{
	struct trial_result t;
	memset(&t, 0, sizeof t);
	t.verdict = VERDICT_OK;
	t.ok = 1;
	t.passes = passes;
	t.bytes = (uint64_t)passes << 20;
	t.seconds = seconds;
	t.rate = (double)t.bytes / seconds;
	t.calls[CALL_READ] = (uint64_t)passes * 256;
	t.calls[CALL_LSEEK] = passes - 1;
	t.syscall_source = SYSCALL_SOURCE_PROCFS;
	t.syscr = (int64_t)passes * 256;
	t.syscw = 0;
	for (int k = 0; k < SYS_KINDS; k++)
		t.sys[k] = -1;
	t.read_bytes = t.write_bytes = -1;
	t.rchar = (int64_t)t.bytes;
	t.wchar = 0;
	t.cpu_seconds = cpu;
	t.waited_seconds = seconds > cpu ? seconds - cpu : 0;
	t.resident_before = t.resident_after = 1;
	t.dirty_pages_after = t.writeback_pages_after = -1;
	t.resident_after_advice = t.resident_evicted_max = -1;
	/* run-queue time not counted (the older busy rule) unless a case
	 * sets it */
	t.time_user = t.time_system = t.cpu_wait = t.blocked = -1;
	return t;
}

/* A result of lesson id made of trials ts[0..n-1], summarized as batch
 * does, the trials kept. */
static struct report_result *add(struct report *r, const char *id, enum wl_op op,
                                 const struct trial_result *ts, unsigned n)
{
	struct lesson l;
	memset(&l, 0, sizeof l);
	l.id = (char *)id;
	l.title = (char *)id;
	l.points = 2;
	wl_spec_init(&l.workload);
	l.workload.op = op;
	l.workload.size = 1 << 20;
	l.workload.block = 4096;
	struct report_result *res = report_add(r, &l, &l.workload, NULL);
	ck_assert_ptr_nonnull(res);
	ck_assert_double_eq(res->lesson_points, 2);
	if (!n)
		return res;
	ck_assert_int_eq(trial_summarize(ts, n, &res->summary), 0);
	ck_assert_int_eq(report_keep_runs(res, ts, n), 0);
	res->measured = 1;
	res->trials = n;
	return res;
}

/* Lesson r01 ran three trials of 1, 2 and 4 passes at 1 GB/s each, CPU-bound
 * (cpu == seconds); r02 two trials of one pass, 2 and 4 ms; r03 ran and
 * failed before measuring anything. */
static void make_report(struct report *r)
{
	ck_assert_int_eq(report_init(r, "/s", "ext4", "procfs"), 0);
	struct trial_result a[] = {
		trial(1, 1048576e-9, 1048576e-9), trial(2, 2097152e-9, 2097152e-9),
		trial(4, 4194304e-9, 4194304e-9),
	};
	struct trial_result b[] = {trial(1, 0.002, 0.002), trial(1, 0.004, 0.004)};
	add(r, "r01", WL_OP_READ, a, 3);
	add(r, "r02", WL_OP_READ, b, 2);
	struct report_result *c = add(r, "r03", WL_OP_READ, NULL, 0);
	report_fail(c, "open: No such file or directory");
}

static struct expectation build(const struct expect_spec *sp)
{
	struct expectation x;
	struct expect_diag d;
	ck_assert_msg(expect_build(sp, expect_fields_class, NULL, &x, &d) == 0, "%s", d.message);
	return x;
}

/* Evaluates one expectation for result i; the outcome stays in the result. */
static const struct expect_outcome *eval(struct report *r, size_t i, const struct expect_spec *sp)
{
	struct expectation x = build(sp);
	ck_assert_int_eq(report_expect_result(r, &r->results[i], &x, 1), 0);
	expect_free(&x);
	ck_assert_uint_eq(r->results[i].nexpects, 1);
	return &r->results[i].expects[0].outcome;
}

START_TEST(own_fields_min_max)
{
	struct report r;
	make_report(&r);
	/* the median trial by rate is... all three run at 1 GB/s: stats picks
	 * the lower middle, trial 2 (2 passes) */
	const struct expect_outcome *o = eval(&r, 0, &(struct expect_spec){
		.claim = "c", .check = "bytes", .at_least = "1MiB"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	ck_assert(o->has_value);
	ck_assert_double_eq(o->min, 1 << 20);
	ck_assert_double_eq(o->max, 4 << 20);
	ck_assert(o->value >= o->min && o->value <= o->max);
	/* the bound taken from the run: size, the short name */
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "passes", .at_most = "size / 1MiB"});
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_STRADDLE);
	ck_assert_double_eq(o->bound[0], 1);
	ck_assert_str_eq(r.results[0].expects[0].bound, "at most 1");
	ck_assert_str_eq(r.results[0].expects[0].check, "passes");
	ck_assert_str_eq(r.results[0].expects[0].claim, "c");
	report_free(&r);
}
END_TEST

/* Calls and syscalls of one trial go together: their ratio is 1 in every
 * trial, though the trials ran 1, 2 and 4 passes.  Over intervals (no
 * trials kept) it would range from 1/4 to 4. */
START_TEST(one_lesson_paired_per_trial)
{
	struct report r;
	make_report(&r);
	struct expect_spec sp = {.claim = "one read() per call", .check = "syscalls.read / calls.read",
	                         .near = "1", .tolerance = "1%"};
	const struct expect_outcome *o = eval(&r, 0, &sp);
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	ck_assert_double_eq(o->value, 1);
	ck_assert_double_eq(o->min, 1);
	ck_assert_double_eq(o->max, 1);
	ck_assert_double_eq(o->low, 0.99);
	ck_assert_double_eq(o->high, 1.01);
	/* rchar: every byte read() returned, each pass */
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "copied.read_bytes / bytes",
	                                      .near = "1", .tolerance = "0"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	/* the same without the trials: intervals only */
	free(r.results[0].runs);
	r.results[0].runs = NULL;
	r.results[0].nruns = 0;
	o = eval(&r, 0, &sp);
	ck_assert_int_eq(o->verdict, EXPECT_HELD);      /* the median's figures alone */
	ck_assert_double_eq(o->min, 1);
	report_free(&r);
}
END_TEST

/* Another lesson's field: every combination of a trial of each. */
START_TEST(other_lessons_fields)
{
	struct report r;
	make_report(&r);
	/* r01 runs at 1 GB/s (1048576 bytes per 1048576 ns); r02 at 512 or
	 * 256 MiB/s */
	const struct expect_outcome *o = eval(&r, 0, &(struct expect_spec){
		.claim = "faster than r02", .check = "rate / rate(r02)", .at_least = "1.5"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	ck_assert_double_eq_tol(o->min, 1e9 / (1048576 / 0.002), 1e-9);
	ck_assert_double_eq_tol(o->max, 1e9 / (1048576 / 0.004), 1e-9);
	o = eval(&r, 0, &(struct expect_spec){
		.claim = "faster by 3 at least", .check = "rate / rate(r02)", .at_least = "3"});
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_STRADDLE);
	ck_assert_str_eq(o->why, "the trials' values 1.90735 .. 3.8147 straddle the bound (at least 3): "
	                 "3 of 6 combinations of trials meet it");
	o = eval(&r, 0, &(struct expect_spec){
		.claim = "ten times faster", .check = "rate / rate(r02)", .at_least = "10"});
	ck_assert_int_eq(o->verdict, EXPECT_MISSED);
	/* a bound that reads another lesson */
	o = eval(&r, 1, &(struct expect_spec){
		.claim = "as many reads per pass", .check = "syscalls.read",
		.at_most = "syscalls.read(r01) / passes(r01)"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	ck_assert_double_eq(o->bound[0], 256);
	report_free(&r);
}
END_TEST

/* A lesson not in the report, or one that measured nothing: lesson-missing. */
START_TEST(lesson_missing)
{
	struct report r;
	make_report(&r);
	const struct expect_outcome *o = eval(&r, 0, &(struct expect_spec){
		.claim = "c", .check = "rate / rate(r99)", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_NO_LESSON);
	ck_assert_str_eq(o->why, "lesson r99 did not run or was not selected");
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "rate / rate(r03)", .at_least = "1"});
	ck_assert_int_eq(o->reason, EXPECT_WHY_NO_LESSON);
	/* its own lesson failed: missed, the failure named (the grading policy) */
	o = eval(&r, 2, &(struct expect_spec){.claim = "c", .check = "rate", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_MISSED);
	ck_assert_int_eq(o->reason, EXPECT_WHY_NONE);
	ck_assert_str_eq(o->why, "the lesson failed: open: No such file or directory");
	/* a field this run could not give (perf's total without --perf) */
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "syscalls.total", .at_least = "1"});
	ck_assert_int_eq(o->reason, EXPECT_WHY_NULL_FIELD);
	report_free(&r);
}
END_TEST

/* A time limit in any trial the figures came from leaves whole-file counts
 * partial; whole_file: false says the claim holds for part of it too. */
START_TEST(time_limited_trials)
{
	struct report r;
	make_report(&r);
	ck_assert_uint_eq(report_run_conditions(&r.results[0]), 0);
	r.results[0].runs[2].time_limited = 1;         /* not the median trial */
	ck_assert_uint_eq(report_run_conditions(&r.results[0]), EXPECT_RAN_TIME_LIMITED);
	struct expect_spec sp = {.claim = "c", .check = "syscalls.read", .at_least = "256"};
	const struct expect_outcome *o = eval(&r, 0, &sp);
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_TIME_LIMITED);
	sp.whole_file = "false";
	o = eval(&r, 0, &sp);
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	/* a rate is no count of the whole file */
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "rate", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	/* a failed trial is left out of the figures, and of the conditions */
	r.results[0].runs[2].verdict = VERDICT_FAILED;
	ck_assert_uint_eq(report_run_conditions(&r.results[0]), 0);
	report_free(&r);
}
END_TEST

/* Every trial of a result (and its median) on the CPU for this share of
 * its seconds. */
static void cpu_share(struct report_result *a, double share)
{
	for (unsigned i = 0; i < a->nruns; i++)
		a->runs[i].cpu_seconds = share < 0 ? -1 : a->runs[i].seconds * share;
	a->summary.median.cpu_seconds = share < 0 ? -1 : a->summary.median.seconds * share;
}

/* Busy: a CPU-bound loop on the CPU for less than 0.8 of its seconds, in
 * any trial its figures come from. */
START_TEST(busy_rule)
{
	struct report r;
	make_report(&r);
	struct report_result *a = &r.results[0];
	ck_assert_int_eq(report_ran_busy(a), 0);
	/* one trial of three is enough: it pairs with other lessons' trials */
	a->runs[2].cpu_seconds = a->runs[2].seconds * 0.79;
	ck_assert_int_eq(report_ran_busy(a), 1);
	a->runs[2].cpu_seconds = a->runs[2].seconds * 0.8;
	ck_assert_int_eq(report_ran_busy(a), 0);
	cpu_share(a, 0.49);
	ck_assert_int_eq(report_ran_busy(a), 1);
	ck_assert_uint_eq(report_run_conditions(a), EXPECT_RAN_BUSY);
	/* busy only slows a loop down: its rate may be higher than measured,
	 * so "at least" stands and "at most" cannot be told */
	const struct expect_outcome *o = eval(&r, 0, &(struct expect_spec){
		.claim = "c", .check = "rate", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "rate", .at_most = "1e12"});
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_BUSY);
	/* a count does not depend on the clock */
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "syscalls.read", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	/* another lesson's busy run makes a claim it could flip inconclusive:
	 * r02 ran near a third of r01's rate, and r01 may be faster still */
	o = eval(&r, 1, &(struct expect_spec){.claim = "c", .check = "rate / rate(r01)", .at_least = "0.1"});
	ck_assert_int_eq(o->reason, EXPECT_WHY_BUSY);
	ck_assert_str_eq(o->why, "the machine was busy while r01 ran "
	                 "(CPU time per wall second well below 1 for a CPU-bound loop), and a rate "
	                 "it held back could change the verdict");
	/* ... and one it cannot flip stands: a faster r01 makes the ratio smaller */
	o = eval(&r, 1, &(struct expect_spec){.claim = "c", .check = "rate / rate(r01)", .at_most = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	o = eval(&r, 1, &(struct expect_spec){.claim = "c", .check = "rate / rate(r01)", .at_least = "1"});
	ck_assert_int_eq(o->verdict, EXPECT_MISSED);
	cpu_share(a, 0.8);
	ck_assert_int_eq(report_ran_busy(a), 0);
	/* loops that wait for the device: no rule */
	cpu_share(a, 0);
	a->spec.open_flags = WL_OPEN_DIRECT;
	ck_assert_int_eq(report_ran_busy(a), -1);
	a->spec.open_flags = 0;
	a->spec.cache = WL_CACHE_COLD;
	ck_assert_int_eq(report_ran_busy(a), -1);
	a->spec.cache = WL_CACHE_WARM;
	a->spec.sync = WL_SYNC_FSYNC;
	ck_assert_int_eq(report_ran_busy(a), -1);
	a->spec.sync = WL_SYNC_NONE;
	a->spec.api = WL_API_COMMAND;
	ck_assert_int_eq(report_ran_busy(a), -1);
	a->spec.api = WL_API_SYSCALL;
	ck_assert_int_eq(report_ran_busy(a), 1);
	cpu_share(a, -1);                              /* not measured */
	ck_assert_int_eq(report_ran_busy(a), -1);
	ck_assert_int_eq(report_ran_busy(&r.results[2]), -1);   /* nothing measured */
	report_free(&r);
}
END_TEST

/* Where the kernel counts run-queue time, busy is a trial that waited for
 * a CPU for more than 5% of its wall time: a loop off the CPU waiting for
 * the device is not busy, whatever its kind; and a busy lesson's rate is
 * corrected by its own wait before a claim is called inconclusive. */
START_TEST(busy_measured)
{
	struct report r;
	make_report(&r);
	struct report_result *a = &r.results[0];
	for (unsigned i = 0; i < a->nruns; i++) {
		a->runs[i].cpu_seconds = 0.01 * a->runs[i].seconds;   /* off the CPU */
		a->runs[i].cpu_wait = 0;
	}
	a->summary.median.cpu_wait = 0;
	ck_assert_int_eq(report_ran_busy(a), 0);
	a->spec.cache = WL_CACHE_COLD;                 /* a device read: the same */
	ck_assert_int_eq(report_ran_busy(a), 0);
	a->runs[1].cpu_wait = 0.05 * a->runs[1].seconds;
	ck_assert_int_eq(report_ran_busy(a), 0);
	a->runs[1].cpu_wait = 0.06 * a->runs[1].seconds;
	ck_assert_int_eq(report_ran_busy(a), 1);
	/* a cold read is meant for the device too */
	ck_assert_uint_eq(report_run_conditions(a), EXPECT_RAN_BUSY | EXPECT_RAN_DEVICE_BOUND);
	/* its rate corrected by the wait of the trial that waited most, 1/0.94
	 * times 1 GB/s at most: beyond that no claim is inconclusive */
	a->spec.cache = WL_CACHE_WARM;
	const struct expect_outcome *o = eval(&r, 0, &(struct expect_spec){
		.claim = "c", .check = "rate", .at_most = "1e12"});
	ck_assert_int_eq(o->verdict, EXPECT_HELD);
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "rate", .at_least = "1.07e9"});
	ck_assert_int_eq(o->verdict, EXPECT_MISSED);
	o = eval(&r, 0, &(struct expect_spec){.claim = "c", .check = "rate", .at_most = "1.05e9"});
	ck_assert_int_eq(o->verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o->reason, EXPECT_WHY_BUSY);
	ck_assert_str_eq(o->why, "waited 0.00013 s of 0.0021 s for a CPU while this lesson ran, "
	                 "and the rate without that wait could change the verdict");
	report_free(&r);
}
END_TEST

/* Every trial counts, however many --trials asked for (it allows 1000):
 * one busy trial of a hundred, the seventieth, makes the run busy, and its
 * time limit the run's. */
START_TEST(busy_past_64_trials)
{
	struct report r;
	ck_assert_int_eq(report_init(&r, "/s", "ext4", "procfs"), 0);
	struct trial_result ts[100];
	for (unsigned i = 0; i < 100; i++)
		ts[i] = trial(1, 0.002, 0.002);
	struct report_result *a = add(&r, "r01", WL_OP_READ, ts, 100);
	ck_assert_uint_eq(a->nruns, 100);
	ck_assert_int_eq(report_ran_busy(a), 0);
	ck_assert_uint_eq(report_run_conditions(a), 0);
	a->runs[69].cpu_seconds = a->runs[69].seconds * 0.5;
	ck_assert_int_eq(report_ran_busy(a), 1);
	ck_assert_uint_eq(report_run_conditions(a), EXPECT_RAN_BUSY);
	a->runs[69].cpu_seconds = a->runs[69].seconds;
	a->runs[69].time_limited = 1;
	ck_assert_uint_eq(report_run_conditions(a), EXPECT_RAN_TIME_LIMITED);
	report_free(&r);
}
END_TEST

/* Every lesson's expectations from the course, and the counts. */
START_TEST(all_from_the_course)
{
	struct report r;
	make_report(&r);
	struct course c;
	memset(&c, 0, sizeof c);
	struct lesson ls[2];
	memset(ls, 0, sizeof ls);
	ls[0].id = (char *)"r01";
	ls[1].id = (char *)"r03";
	struct expectation x0[2] = {
		build(&(struct expect_spec){.claim = "held", .check = "passes", .at_least = "1"}),
		build(&(struct expect_spec){.claim = "missed", .check = "syscalls.read", .at_most = "10"}),
	};
	struct expectation x1 = build(&(struct expect_spec){.claim = "?", .check = "rate", .at_least = "1"});
	ls[0].expect = x0;
	ls[0].nexpect = 2;
	ls[1].expect = &x1;
	ls[1].nexpect = 1;
	c.lessons = ls;
	c.nlessons = 2;
	ck_assert_int_eq(report_expect_all(&r, &c), 0);
	ck_assert_uint_eq(r.results[0].nexpects, 2);
	ck_assert_uint_eq(r.results[1].nexpects, 0);          /* r02: none in the course */
	ck_assert_uint_eq(r.results[2].nexpects, 1);
	ck_assert_uint_eq(report_expect_count(&r, EXPECT_HELD), 1);
	/* r03 failed: its claim is missed, not inconclusive */
	ck_assert_uint_eq(report_expect_count(&r, EXPECT_MISSED), 2);
	ck_assert_uint_eq(report_expect_count(&r, EXPECT_INCONCLUSIVE), 0);
	ck_assert_str_eq(r.results[0].expects[1].claim, "missed");
	ck_assert_str_eq(r.results[0].expects[1].bound, "at most 10");
	ck_assert_double_eq(r.results[0].expects[1].outcome.min, 256);
	ck_assert_double_eq(r.results[0].expects[1].outcome.max, 1024);
	/* evaluating again replaces, never appends */
	ck_assert_int_eq(report_expect_all(&r, &c), 0);
	ck_assert_uint_eq(r.results[0].nexpects, 2);
	expect_free(&x0[0]);
	expect_free(&x0[1]);
	expect_free(&x1);
	report_free(&r);
}
END_TEST

Suite *make_suite_report_expect(void)
{
	Suite *s = suite_create("report_expect");
	TCase *tc = tcase_create("glue");
	tcase_add_test(tc, own_fields_min_max);
	tcase_add_test(tc, one_lesson_paired_per_trial);
	tcase_add_test(tc, other_lessons_fields);
	tcase_add_test(tc, lesson_missing);
	tcase_add_test(tc, time_limited_trials);
	tcase_add_test(tc, busy_rule);
	tcase_add_test(tc, busy_past_64_trials);
	tcase_add_test(tc, busy_measured);
	tcase_add_test(tc, all_from_the_course);
	suite_add_tcase(s, tc);
	return s;
}
