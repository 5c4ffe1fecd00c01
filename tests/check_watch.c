/* check_watch.c - the watch time's rules: the setting (parse, name, the
 * key's cycle), which kinds repeat passes inside a trial, the limits of
 * each trial of a watched run, when another trial starts, and the sums of
 * a run of trials, exactly. */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "suites.h"
#include "trial.h"
#include "units.h"
#include "watch.h"

START_TEST(parse_and_name)
{
	double w = -1;
	ck_assert_int_eq(watch_parse("3s", &w), 0);
	ck_assert_double_eq(w, 3);
	ck_assert_int_eq(watch_parse("10s", &w), 0);
	ck_assert_double_eq(w, 10);
	ck_assert_int_eq(watch_parse("1m", &w), 0);
	ck_assert_double_eq(w, 60);
	ck_assert_int_eq(watch_parse("500ms", &w), 0);
	ck_assert_double_eq(w, 0.5);
	ck_assert_int_eq(watch_parse("pass", &w), 0);
	ck_assert_double_eq(w, WATCH_ONE_PASS);
	w = 7;
	ck_assert_int_eq(watch_parse("0s", &w), -1);       /* too short to be a run */
	ck_assert_int_eq(watch_parse("50ms", &w), -1);
	ck_assert_int_eq(watch_parse("2h", &w), -1);
	ck_assert_int_eq(watch_parse("61m", &w), -1);      /* past a trial's hour */
	ck_assert_int_eq(watch_parse("passes", &w), -1);
	ck_assert_int_eq(watch_parse("", &w), -1);
	ck_assert_int_eq(watch_parse(NULL, &w), -1);
	ck_assert_double_eq(w, 7);                         /* untouched when refused */

	char buf[32];
	watch_name(WATCH_ONE_PASS, buf, sizeof buf);
	ck_assert_str_eq(buf, "one pass");
	watch_name(3, buf, sizeof buf);
	ck_assert_str_eq(buf, "3 s");
	watch_name(10, buf, sizeof buf);
	ck_assert_str_eq(buf, "10 s");
	watch_name(60, buf, sizeof buf);
	ck_assert_str_eq(buf, "1 min");
	watch_name(90, buf, sizeof buf);
	ck_assert_str_eq(buf, "90 s");
	watch_name(1.5, buf, sizeof buf);
	ck_assert_str_eq(buf, "1.5 s");
}
END_TEST

START_TEST(the_key_cycles)
{
	ck_assert_double_eq(watch_cycle(WATCH_DEFAULT), 30);
	ck_assert_double_eq(watch_cycle(30), WATCH_ONE_PASS);
	ck_assert_double_eq(watch_cycle(WATCH_ONE_PASS), 3);
	ck_assert_double_eq(watch_cycle(3), 10);
	/* off the cycle: to the next longer one, or one pass */
	ck_assert_double_eq(watch_cycle(5), 10);
	ck_assert_double_eq(watch_cycle(0.5), 3);
	ck_assert_double_eq(watch_cycle(60), WATCH_ONE_PASS);
	ck_assert_double_eq(WATCH_DEFAULT, 10);
}
END_TEST

static struct wl_spec spec(enum wl_op op, enum wl_api api, enum wl_cache cache)
{
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = op;
	s.api = api;
	s.cache = cache;
	s.size = 1 << 20;
	s.block = 4096;
	s.time_limit = 2;
	s.min_time = 0.2;
	return s;
}

START_TEST(which_kinds_repeat)
{
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, WL_CACHE_WARM);
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 1);
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_REPEAT);
	s.api = WL_API_MMAP;
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 1);
	s.op = WL_OP_SEEK;
	s.api = WL_API_SYSCALL;
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 1);
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_REPEAT);
	/* cold: one pass a trial, evicted before each */
	s = spec(WL_OP_READ, WL_API_STDIO, WL_CACHE_COLD);
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 0);
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_READ_COLD);
	/* a write is one pass: the next is a new trial with a new file */
	s = spec(WL_OP_WRITE, WL_API_STDIO, WL_CACHE_WARM);
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 0);
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_WRITE);
	s.sync = WL_SYNC_FDATASYNC;
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_WRITE_SYNC);
	/* file: existing - the file is filled again before each pass */
	s.file = WL_FILE_EXISTING;
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_OVERWRITE);
	/* O_SYNC is an open flag: the file is opened with it each pass */
	s = spec(WL_OP_WRITE, WL_API_SYSCALL, WL_CACHE_WARM);
	s.open_flags = WL_OPEN_SYNC;
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_WRITE);
	/* a command runs again, whatever it reads or writes */
	s = spec(WL_OP_READ, WL_API_COMMAND, WL_CACHE_WARM);
	ck_assert_int_eq(wl_spec_repeats_passes(&s), 0);
	ck_assert_int_eq(watch_pass_kind_of(&s), WATCH_PASS_COMMAND);
	ck_assert_str_eq(watch_pass_meaning(WATCH_PASS_COMMAND), "each pass runs the command again");
	ck_assert_str_eq(watch_pass_meaning(WATCH_PASS_READ_COLD),
	                 "the file is evicted before each pass; the eviction is not timed");
	ck_assert_str_eq(watch_pass_meaning(WATCH_PASS_WRITE),
	                 "each pass writes a new file from offset 0, with the lesson's flags");
	ck_assert_str_eq(watch_pass_meaning(WATCH_PASS_KINDS), "?");
}
END_TEST

START_TEST(trial_limits)
{
	/* one pass: the lesson's time limit, no repeat inside the trial */
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, WL_CACHE_WARM);
	ck_assert_int_eq(watch_trial_limits(&s, WATCH_ONE_PASS, 0), WATCH_LIMIT_OWN);
	ck_assert_double_eq(s.time_limit, 2);
	ck_assert_double_eq(s.min_time, 0);
	/* watched: exactly the lesson's trial; a warm read repeats its passes
	 * until the lesson's min_time, as in batch, then the next trial starts */
	s = spec(WL_OP_READ, WL_API_SYSCALL, WL_CACHE_WARM);
	ck_assert_int_eq(watch_trial_limits(&s, 10, 0), WATCH_LIMIT_OWN);
	ck_assert_double_eq(s.time_limit, 2);
	ck_assert_double_eq(s.min_time, 0.2);
	/* the watch's end comes before the lesson's limit: it bounds the trial */
	s = spec(WL_OP_READ, WL_API_SYSCALL, WL_CACHE_WARM);
	ck_assert_int_eq(watch_trial_limits(&s, 10, 8.5), WATCH_LIMIT_WATCH);
	ck_assert_double_eq(s.time_limit, 1.5);
	ck_assert_double_eq(s.min_time, 0.2);
	/* a write (w01: 2 s, O_SYNC) watched for 10 s: five 2 s trials, each
	 * the lesson's own, a new file from offset 0 with its flags */
	s = spec(WL_OP_WRITE, WL_API_SYSCALL, WL_CACHE_WARM);
	s.open_flags = WL_OPEN_SYNC;
	for (int k = 0; k < 5; k++) {
		struct wl_spec t = s;
		ck_assert_int_eq(watch_trial_limits(&t, 10, 2.0 * k), WATCH_LIMIT_OWN);
		ck_assert_double_eq(t.time_limit, 2);
		ck_assert_double_eq(t.min_time, 0.2);
		ck_assert_uint_eq(t.open_flags, WL_OPEN_SYNC);
	}
	/* exactly the lesson's limit left: its own */
	struct wl_spec t = s;
	ck_assert_int_eq(watch_trial_limits(&t, 3, 1), WATCH_LIMIT_OWN);
	ck_assert_double_eq(t.time_limit, 2);
	/* a cold read: the lesson's trial, evicted first (the engine's) */
	s = spec(WL_OP_READ, WL_API_SYSCALL, WL_CACHE_COLD);
	ck_assert_int_eq(watch_trial_limits(&s, 3, 2), WATCH_LIMIT_WATCH);
	ck_assert_double_eq(s.time_limit, 1);
	ck_assert_double_eq(s.min_time, 0.2);
	/* a longer own limit (--time-limit 30s): the watch bounds every trial */
	s = spec(WL_OP_WRITE, WL_API_SYSCALL, WL_CACHE_WARM);
	s.time_limit = 30;
	ck_assert_int_eq(watch_trial_limits(&s, 10, 4), WATCH_LIMIT_WATCH);
	ck_assert_double_eq(s.time_limit, 6);
	/* too little left: no trial, the spec untouched */
	s = spec(WL_OP_WRITE, WL_API_SYSCALL, WL_CACHE_WARM);
	ck_assert_int_eq(watch_trial_limits(&s, 10, 9.95), -1);
	ck_assert_int_eq(watch_trial_limits(&s, 10, 12), -1);
	ck_assert_double_eq(s.time_limit, 2);
	ck_assert_double_eq(s.min_time, 0.2);
	ck_assert_int_eq(watch_trial_limits(&s, 10, 10 - WATCH_MIN_TRIAL), WATCH_LIMIT_WATCH);
	ck_assert_double_eq_tol(s.time_limit, WATCH_MIN_TRIAL, 1e-12);
}
END_TEST

static struct trial_result ok_trial(void)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.verdict = VERDICT_OK;
	r.ok = r.expected = 1;
	return r;
}

START_TEST(another_trial)
{
	struct trial_result r = ok_trial();
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 1);
	ck_assert_int_eq(watch_go_on(10, 10 - WATCH_MIN_TRIAL, &r, 0), 1);
	ck_assert_int_eq(watch_go_on(10, 9.95, &r, 0), 0);    /* the watch is (nearly) over */
	ck_assert_int_eq(watch_go_on(WATCH_ONE_PASS, 0, &r, 0), 0);
	ck_assert_int_eq(watch_go_on(10, 1, &r, 1), 0);        /* s */
	/* cut by its time limit: the time left decides */
	r.stopped = r.time_limited = 1;
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 1);
	/* stopped otherwise (the engine was told to stop) */
	r.time_limited = 0;
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 0);
	/* an error ends the run, expected or not: shown once, not repeated */
	r = ok_trial();
	r.verdict = VERDICT_EXPECTED_ERROR;
	r.err = 22;
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 0);
	r.verdict = VERDICT_FAILED;
	r.ok = 0;
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 0);
	r = ok_trial();
	r.verdict = VERDICT_MISSED_ERROR;
	ck_assert_int_eq(watch_go_on(10, 1, &r, 0), 0);
}
END_TEST

/* Which finished trials of a watched run are the lesson's own. */
START_TEST(the_lessons_trials)
{
	struct trial_result r = ok_trial();
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_OWN), 1);
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_WATCH), 1);  /* done in time */
	/* ended by its own time limit: a lesson's trial, time-limited as in batch */
	r.stopped = r.time_limited = 1;
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_OWN), 1);
	/* cut by the watch's end: not */
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_WATCH), 0);
	/* stopped by the student */
	r.time_limited = 0;
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_OWN), 0);
	/* an error, even the expected one, or a failure */
	r = ok_trial();
	r.verdict = VERDICT_EXPECTED_ERROR;
	r.err = 22;
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_OWN), 0);
	r = ok_trial();
	r.verdict = VERDICT_FAILED;
	r.ok = 0;
	ck_assert_int_eq(watch_trial_is_the_lessons(&r, WATCH_LIMIT_OWN), 0);
}
END_TEST

static struct trial_result trial(uint64_t bytes, double secs, unsigned passes)
{
	struct trial_result r = ok_trial();
	for (int k = 0; k < SYS_KINDS; k++)
		r.sys[k] = -1;
	r.bytes = bytes;
	r.seconds = secs;
	r.passes = passes;
	r.rate = bytes / secs;
	r.log_rate = units_log_rate(r.rate);
	r.calls[CALL_FWRITE] = bytes;
	r.calls[CALL_FFLUSH] = 1;
	r.syscall_source = SYSCALL_SOURCE_PROCFS;
	r.syscr = 0;
	r.syscw = (int64_t)(bytes / 4096);
	r.read_bytes = 0;
	r.write_bytes = (int64_t)bytes;
	r.rchar = 0;
	r.wchar = (int64_t)bytes;
	r.utime = 0.25;
	r.stime = 0.5;
	r.minflt = 10;
	r.majflt = 0;
	r.nvcsw = 2;
	r.nivcsw = 3;
	r.resident_before = 0;
	r.resident_after = 1;
	r.dirty_pages_after = 256;
	r.checksum = 5;
	r.cpu_seconds = secs / 2;
	r.waited_seconds = secs / 2;
	r.resident_evicted_max = -1;
	r.resident_after_advice = -1;
	r.writeback_pages_after = 0;
	return r;
}

START_TEST(sums_of_trials)
{
	struct trial_result sum, a = trial(1 << 20, 0.5, 1), b = trial(1 << 20, 0.25, 1);
	watch_sum_add(&sum, &a, 1);
	ck_assert_int_eq(memcmp(&sum, &a, sizeof a), 0);      /* the first is the sum */
	b.resident_before = 0.5;
	b.resident_after = 0.75;
	b.dirty_pages_after = 7;
	b.writeback_pages_after = 3;
	b.resident_evicted_max = 0.25;
	b.resident_after_advice = 0.5;
	b.minflt = -1;                                        /* unavailable once */
	watch_sum_add(&sum, &b, 0);
	ck_assert_uint_eq(sum.bytes, 2 << 20);
	ck_assert_double_eq(sum.seconds, 0.75);
	ck_assert_uint_eq(sum.passes, 2);
	ck_assert_double_eq_tol(sum.rate, (2 << 20) / 0.75, 1e-6);
	ck_assert_double_eq_tol(sum.log_rate, units_log_rate((2 << 20) / 0.75), 1e-12);
	ck_assert_uint_eq(sum.calls[CALL_FWRITE], 2 << 20);
	ck_assert_uint_eq(sum.calls[CALL_FFLUSH], 2);
	ck_assert_int_eq(sum.syscw, 512);
	ck_assert_int_eq(sum.syscr, 0);
	ck_assert_int_eq(sum.write_bytes, 2 << 20);
	ck_assert_int_eq(sum.wchar, 2 << 20);
	ck_assert_double_eq(sum.utime, 0.5);
	ck_assert_double_eq(sum.stime, 1.0);
	ck_assert_int_eq(sum.minflt, -1);
	ck_assert_int_eq(sum.nvcsw, 4);
	ck_assert_int_eq(sum.nivcsw, 6);
	ck_assert_uint_eq(sum.checksum, 10);
	ck_assert_double_eq(sum.resident_before, 0);          /* the first trial's */
	ck_assert_double_eq(sum.resident_after, 0.75);        /* the last one's */
	ck_assert_int_eq(sum.dirty_pages_after, 7);
	/* the loop's CPU and waiting time add up as its seconds do, so the
	 * busy rule weighs like against like */
	ck_assert_double_eq(sum.cpu_seconds, 0.375);
	ck_assert_double_eq(sum.waited_seconds, 0.375);
	ck_assert_int_eq(sum.writeback_pages_after, 3);      /* the last one's */
	ck_assert_double_eq(sum.resident_evicted_max, 0.25); /* the most of any */
	ck_assert_double_eq(sum.resident_after_advice, -1);  /* the first one's */
	ck_assert_int_eq(sum.sys[SYS_WRITE], -1);
	ck_assert_int_eq(sum.syscall_source, SYSCALL_SOURCE_PROCFS);
	ck_assert_int_eq(sum.ok, 1);
	/* the last trial says how the run ended */
	struct trial_result c = trial(100, 0.25, 0);
	c.stopped = c.time_limited = 1;
	c.cpu_seconds = -1;                                   /* unknown once */
	c.syscw = -1;
	c.syscall_source = SYSCALL_SOURCE_NONE;
	watch_sum_add(&sum, &c, 0);
	ck_assert_int_eq(sum.stopped, 1);
	ck_assert_int_eq(sum.time_limited, 1);
	ck_assert_uint_eq(sum.bytes, (2 << 20) + 100);
	ck_assert_uint_eq(sum.passes, 2);
	ck_assert_int_eq(sum.syscw, -1);
	ck_assert_double_eq(sum.cpu_seconds, -1);
	ck_assert_int_eq(sum.syscall_source, SYSCALL_SOURCE_NONE);
	struct trial_result d = trial(100, 0.25, 0);
	d.verdict = VERDICT_FAILED;
	d.ok = d.expected = 0;
	d.err = 28;
	strcpy(d.error, "write: No space left on device");
	strcpy(d.failed_call, "write");
	watch_sum_add(&sum, &d, 0);
	ck_assert_int_eq(sum.verdict, VERDICT_FAILED);
	ck_assert_int_eq(sum.ok, 0);
	ck_assert_int_eq(sum.err, 28);
	ck_assert_str_eq(sum.error, "write: No space left on device");
	ck_assert_str_eq(sum.failed_call, "write");
	/* perf counts add only when every trial had them */
	struct trial_result p = trial(10, 1, 1), q = trial(10, 1, 1);
	p.sys[SYS_WRITE] = 3;
	q.sys[SYS_WRITE] = 4;
	p.syscall_source = q.syscall_source = SYSCALL_SOURCE_PERF;
	watch_sum_add(&sum, &p, 1);
	watch_sum_add(&sum, &q, 0);
	ck_assert_int_eq(sum.sys[SYS_WRITE], 7);
	ck_assert_int_eq(sum.syscall_source, SYSCALL_SOURCE_PERF);
}
END_TEST

/* "Not measured" is each member row's own value (trial.h): -1 for
 * a count or seconds the kernel may not give, and the work counts as they
 * are, since they are always known. */
START_TEST(unmeasured_members)
{
	struct trial_result r;
	memset(&r, 0x11, sizeof r);
	trial_fields_clear(&r);
	ck_assert_double_eq(r.utime, -1);
	ck_assert_double_eq(r.waited_seconds, -1);
	ck_assert_int_eq(r.minflt, -1);
	ck_assert_int_eq(r.nivcsw, -1);
	ck_assert_int_eq(r.read_bytes, -1);
	ck_assert_int_eq(r.wchar, -1);
	ck_assert_int_eq(r.dirty_pages_after, -1);
	ck_assert_double_eq(r.resident_before, -1);
	ck_assert_double_eq(r.resident_evicted_max, -1);
	ck_assert_uint_eq(r.passes, 0x11111111u);             /* always measured */
	ck_assert_uint_eq(r.bytes, 0x1111111111111111u);
	ck_assert_int_eq(r.syscr, 0x1111111111111111);       /* no row: the engine's */
	uint64_t u = 0;
	double d = 0;
	ck_assert_int_eq(trial_fields_read(&r, TF_LONG, offsetof(struct trial_result, minflt), &u, &d), 0);
	r.minflt = 12;
	ck_assert_int_eq(trial_fields_read(&r, TF_LONG, offsetof(struct trial_result, minflt), &u, &d), 1);
	ck_assert_uint_eq(u, 12);
	ck_assert_int_eq(trial_fields_read(&r, TF_SECONDS, offsetof(struct trial_result, utime), &u, &d), 0);
}
END_TEST

START_TEST(live_sums)
{
	struct trial_result done, a = trial(1 << 20, 0.5, 1);
	struct trial_sample live, out;
	memset(&live, 0, sizeof live);
	live.state = TRIAL_RUNNING;
	live.elapsed = 0.25;
	live.bytes = 3 << 18;                  /* three quarters of the next pass */
	live.calls = 3 << 18;
	live.calls_by_kind[CALL_FWRITE] = 3 << 18;
	live.rate_now = 42;
	live.rate_avg = (3 << 18) / 0.25;
	live.syscr = 0;
	live.syscw = 192;
	live.read_bytes = 0;
	live.write_bytes = -1;
	/* no trial finished yet: the live sample itself */
	watch_sum_sample(&done, 0, &live, &out);
	ck_assert_int_eq(memcmp(&out, &live, sizeof live), 0);
	uint64_t into = 1;
	ck_assert_uint_eq(watch_passes(&done, 0, &live, 1 << 20, &into), 0);
	ck_assert_uint_eq(into, 3 << 18);
	/* one done: the sums, the live trial's rate_now and state */
	watch_sum_add(&done, &a, 1);
	watch_sum_sample(&done, 1, &live, &out);
	ck_assert_uint_eq(out.bytes, (1 << 20) + (3 << 18));
	ck_assert_uint_eq(out.calls, (1 << 20) + 1 + (3 << 18));    /* its fflush too */
	/* and by kind: the finished trials' calls and the live one's, so the
	 * count never falls back to the running trial's alone */
	ck_assert_uint_eq(out.calls_by_kind[CALL_FWRITE], (1 << 20) + (3 << 18));
	ck_assert_uint_eq(out.calls_by_kind[CALL_FFLUSH], 1);
	ck_assert_uint_eq(out.calls_by_kind[CALL_WRITE], 0);
	/* the next trial has just begun: nothing of its own yet */
	struct trial_sample fresh = live;
	memset(fresh.calls_by_kind, 0, sizeof fresh.calls_by_kind);
	fresh.calls = 0;
	watch_sum_sample(&done, 1, &fresh, &out);
	ck_assert_uint_eq(out.calls_by_kind[CALL_FWRITE], 1 << 20);
	ck_assert_uint_eq(out.calls, (1 << 20) + 1);
	ck_assert_double_eq(out.elapsed, 0.75);
	ck_assert_double_eq_tol(out.rate_avg, ((1 << 20) + (3 << 18)) / 0.75, 1e-6);
	ck_assert_double_eq(out.rate_now, 42);
	ck_assert_int_eq(out.state, TRIAL_RUNNING);
	ck_assert_int_eq(out.syscw, 256 + 192);
	ck_assert_int_eq(out.syscr, 0);
	ck_assert_int_eq(out.write_bytes, -1);
	ck_assert_uint_eq(watch_passes(&done, 1, &live, 1 << 20, &into), 1);
	ck_assert_uint_eq(into, 3 << 18);
	live.bytes = 5 << 19;                  /* two and a half passes in this trial */
	ck_assert_uint_eq(watch_passes(&done, 1, &live, 1 << 20, &into), 3);
	ck_assert_uint_eq(into, 1 << 19);
	/* between trials: what the finished ones did */
	ck_assert_uint_eq(watch_passes(&done, 1, NULL, 1 << 20, NULL), 1);
}
END_TEST

/* README.md's table of what a repeated pass is: the table's rows, in order:
 * "| LABEL | MEANING |". */
START_TEST(readme_says_what_a_pass_is)
{
	FILE *f = fopen(TOP_SRCDIR "/README.md", "r");
	ck_assert_msg(f != NULL, "cannot read " TOP_SRCDIR "/README.md");
	char line[1024];
	int k = 0;
	while (fgets(line, sizeof line, f) && k < WATCH_PASS_KINDS) {
		line[strcspn(line, "\n")] = '\0';
		char want[512];
		/* the README lists them most common first */
		static const enum watch_pass_kind order[WATCH_PASS_KINDS] = {
			WATCH_PASS_REPEAT, WATCH_PASS_READ_COLD, WATCH_PASS_WRITE,
			WATCH_PASS_WRITE_SYNC, WATCH_PASS_OVERWRITE, WATCH_PASS_COMMAND,
		};
		snprintf(want, sizeof want, "| %s | %s |", watch_pass_label(order[k]),
		         watch_pass_meaning(order[k]));
		if (strcmp(line, want) == 0)
			k++;
		else
			ck_assert_msg(k == 0, "README's pass table has\n  %s\nwhere watch.c has\n  %s", line, want);
	}
	fclose(f);
	ck_assert_msg(k == WATCH_PASS_KINDS, "README's pass table has %d of watch.c's %d rows", k,
	              WATCH_PASS_KINDS);
}
END_TEST

/* A command run again and again says what its last run wrote on stderr. */
START_TEST(the_last_trials_stderr)
{
	struct trial_result a, b, sum;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	snprintf(a.stderr_tail, sizeof a.stderr_tail, "first run");
	snprintf(b.stderr_tail, sizeof b.stderr_tail, "second run");
	watch_sum_add(&sum, &a, 1);
	ck_assert_str_eq(sum.stderr_tail, "first run");
	watch_sum_add(&sum, &b, 0);
	ck_assert_str_eq(sum.stderr_tail, "second run");
}
END_TEST

Suite *make_suite_watch(void)
{
	Suite *s = suite_create("watch");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, parse_and_name);
	tcase_add_test(tc, the_key_cycles);
	tcase_add_test(tc, which_kinds_repeat);
	tcase_add_test(tc, trial_limits);
	tcase_add_test(tc, another_trial);
	tcase_add_test(tc, the_lessons_trials);
	tcase_add_test(tc, sums_of_trials);
	tcase_add_test(tc, live_sums);
	tcase_add_test(tc, readme_says_what_a_pass_is);
	tcase_add_test(tc, the_last_trials_stderr);
	tcase_add_test(tc, unmeasured_members);
	suite_add_tcase(s, tc);
	return s;
}
