/* check_stats.c - medians and the R + sz*U fit. */
#include "config.h"

#include <check.h>

#include "stats.h"
#include "suites.h"

START_TEST(median_odd_even)
{
	double v[] = {5, 1, 4, 2, 3};
	ck_assert_uint_eq(stats_median_index(v, 5), 4);   /* the 3 */
	double w[] = {4, 1, 3, 2};
	ck_assert_uint_eq(stats_median_index(w, 4), 3);   /* lower median: 2 */
	double ties[] = {7, 7, 7};
	ck_assert_uint_eq(stats_median_index(ties, 3), 1);
	ck_assert_double_eq(stats_min(v, 5), 1);
	ck_assert_double_eq(stats_max(v, 5), 5);
}
END_TEST

START_TEST(fit_recovers_costs)
{
	/* 10 MiB at block sizes 1..1MiB with R = 200 ns and U = 0.25 ns/B */
	double calls[21], bytes[21], secs[21];
	for (int i = 0; i <= 20; i++) {
		bytes[i] = 10485760;
		calls[i] = bytes[i] / (double)(1u << i);
		secs[i] = calls[i] * 200e-9 + bytes[i] * 0.25e-9;
	}
	double r, u;
	ck_assert_int_eq(stats_fit_cost(calls, bytes, secs, 21, &r, &u), 0);
	ck_assert_double_eq_tol(r, 200e-9, 1e-12);
	ck_assert_double_eq_tol(u, 0.25e-9, 1e-15);
}
END_TEST

START_TEST(fit_needs_two_shapes)
{
	double calls[] = {10, 20}, bytes[] = {100, 200}, secs[] = {1, 2};
	double r, u;
	ck_assert_int_eq(stats_fit_cost(calls, bytes, secs, 2, &r, &u), -1);
	ck_assert_int_eq(stats_fit_cost(calls, bytes, secs, 1, &r, &u), -1);
}
END_TEST

Suite *make_suite_stats(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, median_odd_even);
	tcase_add_test(tc, fit_recovers_costs);
	tcase_add_test(tc, fit_needs_two_shapes);
	suite_add_tcase(s, tc);
	return s;
}
