/* check_sweep.c - sweep points: where they are, what they run, and the
 * one rule that makes a point from the summary of its trials. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <string.h>

#include "trial.h"
#include "suites.h"
#include "sweep.h"

static struct trial_result trial(enum trial_verdict v, double seconds, uint64_t bytes)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.verdict = v;
	r.ok = r.expected = trial_verdict_ok(v);
	r.seconds = seconds;
	r.bytes = bytes;
	r.rate = seconds > 0 ? (double)bytes / seconds : 0;
	r.calls[CALL_READ] = bytes / 4;
	r.calls[CALL_LSEEK] = 3;
	return r;
}

static struct sweep_point point_of(const struct trial_result *rs, unsigned n)
{
	struct trial_summary s;
	struct sweep_point p;
	memset(&p, 0xff, sizeof p);
	ck_assert_int_eq(trial_summarize(rs, n, &s), 0);
	sweep_point_from_summary(&p, 4096, WL_CACHE_COLD, &s);
	ck_assert_uint_eq(p.block, 4096);
	ck_assert_int_eq(p.cache, WL_CACHE_COLD);
	return p;
}

START_TEST(point_from_ok_trials)
{
	struct trial_result rs[3] = {
		trial(VERDICT_OK, 2.0, 4000), trial(VERDICT_OK, 1.0, 4000), trial(VERDICT_OK, 4.0, 4000),
	};
	struct sweep_point p = point_of(rs, 3);
	ck_assert_int_eq(p.ok, 1);
	ck_assert_double_eq(p.seconds, 2.0);          /* the median trial by rate */
	ck_assert_double_eq(p.rate, 2000);
	ck_assert_double_eq(p.bytes, 4000);
	ck_assert_double_eq(p.calls, 1000 + 3);       /* every kind of call */
	/* one trial, as the lab records it: a summary of one */
	p = point_of(&rs[1], 1);
	ck_assert_int_eq(p.ok, 1);
	ck_assert_double_eq(p.seconds, 1.0);
	ck_assert_double_eq(p.rate, 4000);
	ck_assert_double_eq(p.calls, 1003);
}
END_TEST

START_TEST(point_not_ok)
{
	/* a failed trial among them: the figures are the ok ones', the point
	 * does not count in the fit */
	struct trial_result rs[2] = {trial(VERDICT_OK, 1.0, 4000), trial(VERDICT_FAILED, 0.5, 10)};
	struct sweep_point p = point_of(rs, 2);
	ck_assert_int_eq(p.ok, 0);
	ck_assert_double_eq(p.seconds, 1.0);
	ck_assert_double_eq(p.bytes, 4000);
	/* the expected error measures no cost */
	rs[0] = trial(VERDICT_EXPECTED_ERROR, 1.0, 4000);
	ck_assert_int_eq(point_of(rs, 1).ok, 0);
	/* nor does a missed one, nor a trial that took no measurable time */
	rs[0] = trial(VERDICT_MISSED_ERROR, 1.0, 4000);
	ck_assert_int_eq(point_of(rs, 1).ok, 0);
	rs[0] = trial(VERDICT_OK, 0, 4000);
	ck_assert_int_eq(point_of(rs, 1).ok, 0);
	/* no trial at all */
	p = point_of(rs, 0);
	ck_assert_int_eq(p.ok, 0);
	ck_assert_double_eq(p.calls, 0);
}
END_TEST

START_TEST(points_and_specs)
{
	uint64_t blocks[] = {1, 4096, 1 << 20};
	struct sweep sw;
	memset(&sw, 0, sizeof sw);
	sw.blocks = blocks;
	sw.nblocks = 3;
	sw.caches[0] = WL_CACHE_WARM;
	sw.caches[1] = WL_CACHE_COLD;
	sw.ncaches = 2;
	ck_assert_uint_eq(sweep_npoints(&sw), 6);
	uint64_t block;
	enum wl_cache cache;
	sweep_point_at(&sw, 4, &block, &cache);
	ck_assert_uint_eq(block, 4096);
	ck_assert_int_eq(cache, WL_CACHE_COLD);
	struct wl_spec base, s;
	wl_spec_init(&base);
	base.size = 65536;
	ck_assert_int_eq(sweep_point_spec(&base, 1 << 20, WL_CACHE_COLD, &s), 0);
	ck_assert_uint_eq(s.block, 65536);            /* clamped to the file */
	ck_assert_int_eq(s.cache, WL_CACHE_COLD);
	wl_spec_free(&s);
}
END_TEST

START_TEST(fit_uses_ok_points_of_one_cache)
{
	/* R = 1 us per call, U = 1 ns per byte; a point not ok and a cold one
	 * far off the line must not move the warm fit */
	struct sweep_point p[4] = {
		{1, WL_CACHE_WARM, 1, 1000 * 1e-6 + 1000 * 1e-9, 1000, 1000, 0},
		{100, WL_CACHE_WARM, 1, 10 * 1e-6 + 1000 * 1e-9, 10, 1000, 0},
		{10, WL_CACHE_WARM, 0, 99, 100, 1000, 0},
		{10, WL_CACHE_COLD, 1, 99, 100, 1000, 0},
	};
	double r, u;
	ck_assert_int_eq(sweep_fit(p, 4, WL_CACHE_WARM, &r, &u), 0);
	ck_assert_double_eq_tol(r, 1e-6, 1e-12);
	ck_assert_double_eq_tol(u, 1e-9, 1e-15);
	ck_assert_int_eq(sweep_fit(p, 4, WL_CACHE_COLD, &r, &u), -1);   /* one point */
}
END_TEST

/* Series are named by what they are (s04, an O_SYNC write sweep,
 * is never labelled "warm"). */
START_TEST(series_names)
{
	struct wl_spec s;
	char b[64];
	wl_spec_init(&s);
	s.op = WL_OP_READ;
	sweep_series_name(&s, WL_CACHE_WARM, b, sizeof b);
	ck_assert_str_eq(b, "warm");
	sweep_series_name(&s, WL_CACHE_COLD, b, sizeof b);
	ck_assert_str_eq(b, "cold");
	s.op = WL_OP_WRITE;
	sweep_series_name(&s, WL_CACHE_WARM, b, sizeof b);
	ck_assert_str_eq(b, "page cache");
	s.open_flags = WL_OPEN_SYNC;
	sweep_series_name(&s, WL_CACHE_WARM, b, sizeof b);
	ck_assert_str_eq(b, "O_SYNC");
	s.open_flags = WL_OPEN_DSYNC | WL_OPEN_DIRECT;
	sweep_series_name(&s, WL_CACHE_WARM, b, sizeof b);
	ck_assert_str_eq(b, "O_DSYNC+O_DIRECT");
	s.open_flags = 0;
	s.sync = WL_SYNC_FDATASYNC;
	sweep_series_name(&s, WL_CACHE_WARM, b, sizeof b);
	ck_assert_str_eq(b, "fdatasync at end");
	s.sync = WL_SYNC_NONE;
	sweep_series_name(&s, WL_CACHE_COLD, b, sizeof b);
	ck_assert_str_eq(b, "page cache (cold)");
	wl_spec_free(&s);
}
END_TEST

Suite *make_suite_sweep(void)
{
	Suite *s = suite_create("sweep");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, point_from_ok_trials);
	tcase_add_test(tc, point_not_ok);
	tcase_add_test(tc, points_and_specs);
	tcase_add_test(tc, fit_uses_ok_points_of_one_cache);
	tcase_add_test(tc, series_names);
	suite_add_tcase(s, tc);
	return s;
}
