/* check_run_words.c - a run in words, as every view shows it
 * (run_words.c): the rate shown, the state of the run in each case, and
 * the program's calls by kind, live and at the end, exactly. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "run_words.h"
#include "suites.h"

/* The parts on one row of plenty of room, as a view draws them. */
static const char *one_row(const struct fit_part *parts, size_t n)
{
	static struct fit_rows fr;
	fitline_fit(parts, n, FIT_ROW_LEN - 1, 1, &fr);
	ck_assert_uint_eq(fr.n, 1);
	ck_assert_int_eq(fr.complete, 1);
	return fr.row[0];
}

static const char *state_row(const struct run_view *v, struct run_state *s)
{
	run_words_state(v, 0, s);
	return s->n ? one_row(s->part, s->n) : "";
}

static struct run_view view(void)
{
	struct run_view v;
	memset(&v, 0, sizeof v);
	v.guess_rate = v.miss = NAN;
	v.label = "";
	return v;
}

static struct wl_spec spec_of(enum wl_op op, enum wl_api api)
{
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = op;
	s.api = api;
	s.size = 10 << 20;
	s.block = 1;
	s.time_limit = 2;
	return s;
}

START_TEST(the_rate_shown)
{
	struct run_view v = view();
	double now = -1, avg = -1;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 0);      /* nothing yet */
	ck_assert_double_eq(now, 0);
	struct trial_sample smp;
	memset(&smp, 0, sizeof smp);
	v.live = 1;
	v.sample = &smp;
	v.rate_now = 300;
	smp.rate_avg = 200;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 0);      /* no time run yet */
	smp.elapsed = 0.5;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 1);
	ck_assert_double_eq(now, 300);
	ck_assert_double_eq(avg, 200);
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.ok = 1;
	r.rate = 1000;
	v = view();
	v.result = &r;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 1);
	ck_assert_double_eq(now, 1000);
	ck_assert_double_eq(avg, 1000);
	r.err = 22;                                             /* an error has no rate */
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 0);
	struct saved_result saved;
	memset(&saved, 0, sizeof saved);
	saved.ok = 1;
	saved.rate = 42;
	v = view();
	v.saved = &saved;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 1);
	ck_assert_double_eq(now, 42);
	saved.rate = NAN;
	ck_assert_int_eq(run_words_view_rate(&v, &now, &avg), 0);
}
END_TEST

START_TEST(running)
{
	struct wl_spec spec = spec_of(WL_OP_WRITE, WL_API_SYSCALL);
	struct trial_sample smp;
	memset(&smp, 0, sizeof smp);
	smp.elapsed = 0.54;
	struct run_view v = view();
	struct run_state s;
	v.live = 1;
	v.sample = &smp;
	v.spec = &spec;
	v.watch = 10;
	v.watched = 3.24;
	v.passes = 3;
	ck_assert_str_eq(state_row(&v, &s), "RUNNING  3.2 s of 10 s, pass 4");
	ck_assert_int_eq(s.tone, RUN_TONE_RUNNING);
	ck_assert_str_eq(s.detail, "");
	v.stopping = 1;
	ck_assert_str_eq(state_row(&v, &s), "STOPPING  3.2 s of 10 s, pass 4");
	v.passes = 2421;            /* a count has its separators, as on the rest of the panel */
	ck_assert_str_eq(state_row(&v, &s), "STOPPING  3.2 s of 10 s, pass 2,422");
	v.stopping = 0;
	v.watch = WATCH_ONE_PASS;
	ck_assert_str_eq(state_row(&v, &s), "RUNNING  0.5 s of at most 2 s");
}
END_TEST

START_TEST(ended)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.ok = r.expected = 1;
	r.passes = 4;
	r.seconds = 0.25;
	struct run_view v = view();
	struct run_state s;
	v.result = &r;
	v.watch = 10;
	v.watched = 10.04;
	v.trials = 5;
	/* watched: the same words on the panel, in a race and when presented */
	ck_assert_str_eq(state_row(&v, &s), "DONE: watched 10.0 s, 4 whole passes in 5 trials");
	ck_assert_int_eq(s.tone, RUN_TONE_DONE);
	r.stopped = r.time_limited = 1;
	ck_assert_str_eq(state_row(&v, &s),
	                 "DONE: watched 10.0 s, 4 whole passes in 5 trials; the last pass cut short");
	r.passes = 1;
	v.trials = 1;
	ck_assert_str_eq(state_row(&v, &s),
	                 "DONE: watched 10.0 s, 1 whole pass in 1 trial; the last pass cut short");
	r.passes = 2422;
	v.trials = 1210;
	ck_assert_str_eq(state_row(&v, &s),
	                 "DONE: watched 10.0 s, 2,422 whole passes in 1,210 trials; the last pass cut short");
	/* every trial ended by its time limit before a whole pass (w01): no
	 * "0 whole passes", no "last pass" */
	r.passes = 0;
	v.trials = 5;
	ck_assert_str_eq(state_row(&v, &s),
	                 "DONE: watched 10.0 s, 5 trials, each ended by its time limit");
	ck_assert_int_eq(s.tone, RUN_TONE_DONE);
	r.passes = 1;
	v.trials = 1;
	/* stopped by s: stopped, watched or not, and no check mark on it */
	r.time_limited = 0;
	ck_assert_str_eq(state_row(&v, &s), "STOPPED after 250 ms (the rate is over what was done)");
	ck_assert_int_eq(s.tone, RUN_TONE_STOPPED);
	/* one pass */
	v.watch = WATCH_ONE_PASS;
	r.time_limited = 1;
	ck_assert_str_eq(state_row(&v, &s),
	                 "time limit reached after 250 ms (the rate is over what was done)");
	r.stopped = r.time_limited = 0;
	ck_assert_str_eq(state_row(&v, &s), "DONE in 250 ms");
	/* raced: said, briefly when short of room, and left out before a figure */
	v.raced = 1;
	ck_assert_str_eq(state_row(&v, &s), "DONE in 250 ms (raced: not the lesson's result)");
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.part[1].brief, "(raced)");
	ck_assert_int_gt(s.part[1].drop, 0);
	ck_assert_int_eq(s.part[0].drop, 0);
	struct fit_rows fr;
	fitline_fit(s.part, s.n, 22, 1, &fr);
	ck_assert_str_eq(fr.row[0], "DONE in 250 ms (raced)");
	fitline_fit(s.part, s.n, 16, 1, &fr);
	ck_assert_str_eq(fr.row[0], "DONE in 250 ms");
	/* the explanation goes before the raced mark */
	r.stopped = 1;
	run_words_state(&v, 0, &s);
	ck_assert_int_gt(s.part[1].drop, s.part[2].drop);
	fitline_fit(s.part, s.n, 40, 1, &fr);
	ck_assert_str_eq(fr.row[0], "STOPPED after 250 ms (raced)");
}
END_TEST

START_TEST(errors_and_nothing)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	struct run_view v = view();
	struct run_state s;
	v.result = &r;
	/* the error the lesson exists to show */
	r.ok = r.expected = 1;
	r.err = 22;
	strcpy(r.error, "open: Invalid argument");
	ck_assert_str_eq(state_row(&v, &s), "got EINVAL, as this lesson expects");
	ck_assert_int_eq(s.tone, RUN_TONE_DONE);
	ck_assert_str_eq(s.detail, "open: Invalid argument");
	ck_assert_int_eq(s.err, 0);
	/* a failure: its name, then its words apart (they wrap) */
	r.ok = r.expected = 0;
	r.err = 28;
	strcpy(r.error, "write: No space left on device");
	ck_assert_str_eq(state_row(&v, &s), "FAILED with ENOSPC:");
	ck_assert_int_eq(s.tone, RUN_TONE_FAILED);
	ck_assert_str_eq(s.detail, "write: No space left on device");
	ck_assert_int_eq(s.err, 28);
	r.err = 0;
	r.error[0] = '\0';
	ck_assert_str_eq(state_row(&v, &s), "FAILED:");
	ck_assert_str_eq(s.detail, "the workload did not complete");
	/* could not start: that, whatever ran before */
	v.start_error = "no space for the data file";
	ck_assert_str_eq(state_row(&v, &s), "could not start:");
	ck_assert_int_eq(s.tone, RUN_TONE_FAILED);
	ck_assert_str_eq(s.detail, "no space for the data file");
	/* nothing run: words only */
	v = view();
	ck_assert_str_eq(state_row(&v, &s), "");
	ck_assert_uint_eq(s.n, 0);
	ck_assert_int_eq(s.tone, RUN_TONE_IDLE);
	ck_assert_str_eq(s.detail, "Not run yet: r (or Enter) runs it.");
	struct saved_result saved;
	memset(&saved, 0, sizeof saved);
	strcpy(saved.when, "2026-11-21T22:30:00Z");
	v.saved = &saved;
	run_words_state(&v, 0, &s);
	ck_assert_str_eq(s.detail, "Last run as the lesson says, 2026-11-21T22:30:00Z (from the "
	                 "notebook); r runs it again.");
}
END_TEST

/* The calls by kind, live and at the end, never lumped: r08 made fread
 * and fseek, w05 fwrite and one fflush. */
START_TEST(calls_by_kind)
{
	struct wl_spec spec = spec_of(WL_OP_READ, WL_API_STDIO);
	spec.stride = 1 << 20;
	struct trial_sample smp;
	memset(&smp, 0, sizeof smp);
	struct run_view v = view();
	struct run_calls c;
	v.live = 1;
	v.sample = &smp;
	/* before the first chunk: the lesson's own call, at 0 */
	run_words_calls(&v, &spec, &c);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_str_eq(c.part[0].text, "fread 0");
	ck_assert_ptr_null(c.none);
	smp.calls = 2068478;
	smp.calls_by_kind[CALL_FREAD] = 1034239;
	smp.calls_by_kind[CALL_FSEEK] = 1034239;
	run_words_calls(&v, &spec, &c);
	ck_assert_str_eq(one_row(c.part, c.n), "fread 1,034,239  fseek 1,034,239");
	/* at the end: the result's */
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.calls[CALL_FWRITE] = 10485760;
	r.calls[CALL_FFLUSH] = 1;
	v = view();
	v.result = &r;
	spec = spec_of(WL_OP_WRITE, WL_API_STDIO);
	run_words_calls(&v, &spec, &c);
	ck_assert_str_eq(one_row(c.part, c.n), "fwrite 10,485,760  fflush 1");
	for (size_t i = 0; i < c.n; i++)
		ck_assert_int_eq(c.part[i].drop, 0);         /* a count is never left out */
	/* a mapping's copies by their name */
	memset(&r, 0, sizeof r);
	r.calls[CALL_MMAP] = 1;
	r.calls[CALL_MEMREAD] = 2560;
	spec = spec_of(WL_OP_READ, WL_API_MMAP);
	run_words_calls(&v, &spec, &c);
	ck_assert_str_eq(one_row(c.part, c.n), "memory copies 2,560  mmap 1");
	/* an outside program: none of ours to count, said in words */
	spec = spec_of(WL_OP_READ, WL_API_COMMAND);
	run_words_calls(&v, &spec, &c);
	ck_assert_uint_eq(c.n, 0);
	ck_assert_str_eq(c.none, "not counted for an outside program");
	/* nothing ran, nothing to say */
	v = view();
	spec = spec_of(WL_OP_READ, WL_API_SYSCALL);
	run_words_calls(&v, &spec, &c);
	ck_assert_uint_eq(c.n, 0);
	ck_assert_ptr_null(c.none);
}
END_TEST

/* --- what explains the rate ------------------------------------------------- */

static struct trial_result explained(void)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.ok = 1;
	r.bytes = 10485760;
	r.seconds = 10;
	r.calls[CALL_FWRITE] = 10485760;
	r.syscr = 0;
	r.syscw = 2560;
	r.time_user = 0.5;
	r.time_system = 1.5;
	r.cpu_wait = 1;
	r.blocked = 7;
	device_stat_clear(&r.device);
	r.device.writes = 38;
	return r;
}

/* The bar's shares and the legend, exactly; a part not counted is said. */
START_TEST(where_the_time_went)
{
	struct run_view v = view();
	struct wl_spec spec = spec_of(WL_OP_WRITE, WL_API_STDIO);
	struct trial_result r = explained();
	struct run_time t;
	v.spec = &spec;
	v.result = &r;
	run_words_time(&v, 0, &t);
	ck_assert_int_eq(t.have, 1);
	ck_assert_int_eq(t.split, 1);
	ck_assert_double_eq_tol(t.share[RUN_TIME_USER], 0.05, 1e-12);
	ck_assert_double_eq_tol(t.share[RUN_TIME_BLOCKED], 0.7, 1e-12);
	ck_assert_str_eq(one_row(t.part, t.n),
	                 "user 500 ms 5%  system 1.50 s 15%  CPU wait 1.00 s 10%  blocked 7.00 s 70%");
	/* a kernel without schedstat: the time off the CPU, unsplit, and why */
	r.cpu_wait = r.blocked = -1;
	snprintf(r.time_note, sizeof r.time_note, "this kernel gives no run-queue time");
	run_words_time(&v, 0, &t);
	ck_assert_int_eq(t.split, 0);
	ck_assert_str_eq(one_row(t.part, t.n), "user 500 ms 5%  system 1.50 s 15%  "
	                 "off the CPU 8.00 s 80%  (not split: this kernel gives no run-queue time)");
	/* nothing measured: nothing drawn */
	r.time_user = -1;
	run_words_time(&v, 0, &t);
	ck_assert_int_eq(t.have, 0);
	ck_assert_uint_eq(t.n, 0);
}
END_TEST

/* The price of a call, and the three layers down to the device. */
START_TEST(price_and_layers)
{
	struct run_view v = view();
	struct wl_spec spec = spec_of(WL_OP_WRITE, WL_API_STDIO);
	struct trial_result r = explained();
	struct run_price pr;
	struct run_layers ly;
	v.spec = &spec;
	v.result = &r;
	run_words_price(&v, 0, &pr);
	ck_assert_str_eq(one_row(pr.part, pr.n), "fwrite() 954 ns each  write() 3.91 ms each");
	run_words_price(&v, 1, &pr);
	ck_assert_str_eq(one_row(pr.part, pr.n), "fwrite() 954 ns each  write() 3.91 ms each");
	run_words_layers(&v, 0, &ly);
	ck_assert_str_eq(one_row(ly.part, ly.n),
	                 "10,485,760 fwrite  \u2192 2,560 write()  \u2192 38 whole-device writes");
	run_words_layers(&v, 1, &ly);
	ck_assert_str_eq(one_row(ly.part, ly.n),
	                 "10,485,760 fwrite  -> 2,560 write()  -> 38 whole-device writes");
	/* no device below the scratch directory: two layers */
	device_stat_clear(&r.device);
	run_words_layers(&v, 1, &ly);
	ck_assert_str_eq(one_row(ly.part, ly.n), "10,485,760 fwrite  -> 2,560 write()");
	/* a system call loop: its own price only, once */
	struct wl_spec sys = spec_of(WL_OP_WRITE, WL_API_SYSCALL);
	r.calls[CALL_FWRITE] = 0;
	r.calls[CALL_WRITE] = r.syscw = 40000;
	v.spec = &sys;
	run_words_price(&v, 1, &pr);
	ck_assert_str_eq(one_row(pr.part, pr.n), "write() 250 us each");
}
END_TEST

/* Busy where the run waited for a CPU over 5% of its time, said with the
 * wait; never for time off the CPU waiting for the device. */
START_TEST(busy_words)
{
	struct run_view v = view();
	struct wl_spec spec = spec_of(WL_OP_WRITE, WL_API_STDIO);
	struct trial_result r = explained();
	char buf[96];
	v.spec = &spec;
	v.result = &r;
	ck_assert_int_eq(run_words_busy(&v, 0, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "busy: waited 1.00 s of 10.00 s for a CPU");
	r.cpu_wait = 0.5;                     /* 5%: not more */
	ck_assert_int_eq(run_words_busy(&v, 0, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	r.cpu_wait = 0;
	r.blocked = 9;                        /* a device-bound loop */
	ck_assert_int_eq(run_words_busy(&v, 0, buf, sizeof buf), 0);
	r.cpu_wait = -1;                      /* not counted: not said */
	ck_assert_int_eq(run_words_busy(&v, 0, buf, sizeof buf), 0);
}
END_TEST

Suite *make_suite_run_words(void)
{
	Suite *s = suite_create("run_words");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, the_rate_shown);
	tcase_add_test(tc, running);
	tcase_add_test(tc, ended);
	tcase_add_test(tc, errors_and_nothing);
	tcase_add_test(tc, calls_by_kind);
	tcase_add_test(tc, where_the_time_went);
	tcase_add_test(tc, price_and_layers);
	tcase_add_test(tc, busy_words);
	suite_add_tcase(s, tc);
	return s;
}
