/* check_gauge.c - the log gauge, its axis, sparklines and big digits. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "gauge.h"
#include "suites.h"
#include "textwrap.h"

START_TEST(log_mapping)
{
	ck_assert_double_eq(gauge_fraction(0), 0);
	ck_assert_double_eq(gauge_fraction(1), 0);
	ck_assert_double_eq_tol(gauge_fraction(1e5), 0.5, 1e-12);
	ck_assert_double_eq(gauge_fraction(1e10), 1);
	ck_assert_double_eq(gauge_fraction(1e13), 1);
	/* 11 cells: one per decade */
	ck_assert_int_eq(gauge_cell(1, 11), 0);
	ck_assert_int_eq(gauge_cell(1e3, 11), 3);
	ck_assert_int_eq(gauge_cell(1e10, 11), 10);
	/* the lecture's two extremes sit ~6 decades apart on any width */
	int w = 61;
	ck_assert_int_eq(gauge_cell(1e10, w) - gauge_cell(1e4, w), 36);
	ck_assert_int_lt(gauge_cell(7400, w), gauge_cell(3.4e6, w));
	ck_assert_int_lt(gauge_cell(3.4e6, w), gauge_cell(6.9e9, w));
}
END_TEST

START_TEST(linear_cells)
{
	ck_assert_int_eq(gauge_linear_cell(0, 0, 20, 21), 0);
	ck_assert_int_eq(gauge_linear_cell(10, 0, 20, 21), 10);
	ck_assert_int_eq(gauge_linear_cell(20, 0, 20, 21), 20);
	ck_assert_int_eq(gauge_linear_cell(-5, 0, 20, 21), 0);
	ck_assert_int_eq(gauge_linear_cell(99, 0, 20, 21), 20);
	ck_assert_int_eq(gauge_linear_cell(5, 5, 5, 10), 0);   /* empty range */
}
END_TEST

START_TEST(axis_labels)
{
	char buf[128];
	gauge_axis_labels(11 * 5 + 1, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), 56);
	ck_assert(strncmp(buf, "1 ", 2) == 0);
	ck_assert_ptr_nonnull(strstr(buf, "1k"));
	ck_assert_ptr_nonnull(strstr(buf, "1M"));
	ck_assert_ptr_nonnull(strstr(buf, "1G"));
	ck_assert(strcmp(buf + 53, "10G") == 0);              /* ends at the edge */
	/* 1M sits at the cell of 10^6 */
	ck_assert_int_eq((int)(strstr(buf, "1M") - buf), gauge_cell(1e6, 56));
	/* narrow: labels are dropped rather than overlapped */
	gauge_axis_labels(20, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), 20);
	ck_assert_ptr_null(strstr(buf, "1k1"));
	ck_assert_ptr_nonnull(strstr(buf, "10G"));
}
END_TEST

START_TEST(history_ring)
{
	static struct gauge_history h;
	gauge_history_clear(&h);
	ck_assert_uint_eq(h.n, 0);
	for (int i = 0; i < GAUGE_HISTORY + 10; i++)
		gauge_history_push(&h, i);
	ck_assert_uint_eq(h.n, GAUGE_HISTORY);
	ck_assert_double_eq(gauge_history_at(&h, 0), 10);
	ck_assert_double_eq(gauge_history_at(&h, GAUGE_HISTORY - 1), GAUGE_HISTORY + 9);

	/* halving keeps the whole run at half the resolution, on a log scale */
	gauge_history_clear(&h);
	gauge_history_push(&h, 10);
	gauge_history_push(&h, 1000);
	gauge_history_push(&h, 4);
	gauge_history_push(&h, 0);
	gauge_history_push(&h, 7);
	gauge_history_halve(&h);
	ck_assert_uint_eq(h.n, 3);
	ck_assert_double_eq_tol(gauge_history_at(&h, 0), 100, 1e-9);
	ck_assert_double_eq(gauge_history_at(&h, 1), 2);
	ck_assert_double_eq(gauge_history_at(&h, 2), 7);
}
END_TEST

START_TEST(sparkline_glyphs)
{
	ck_assert_str_eq(gauge_spark_glyph(0, 0), "_");
	ck_assert_str_eq(gauge_spark_glyph(0.999, 0), "#");
	ck_assert_str_eq(gauge_spark_glyph(1.5, 0), "#");
	ck_assert_str_eq(gauge_spark_glyph(-1, 0), "_");
	ck_assert_str_eq(gauge_spark_glyph(0, 1), "\u2581");
	ck_assert_str_eq(gauge_spark_glyph(1, 1), "\u2588");

	static struct gauge_history h;
	gauge_history_clear(&h);
	char out[256];
	double lo, hi;
	gauge_sparkline(&h, 10, 0, out, sizeof out, &lo, &hi);
	ck_assert_str_eq(out, "");
	ck_assert_double_eq(lo, 0);

	/* a log scale between the values' own extremes */
	gauge_history_push(&h, 10);
	gauge_history_push(&h, 100);
	gauge_history_push(&h, 1000);
	gauge_history_push(&h, 0);
	gauge_sparkline(&h, 10, 0, out, sizeof out, &lo, &hi);
	ck_assert_str_eq(out, "_-#_");
	ck_assert_double_eq(lo, 10);
	ck_assert_double_eq(hi, 1000);
	/* only the last `width` values */
	gauge_sparkline(&h, 2, 0, out, sizeof out, &lo, &hi);
	ck_assert_str_eq(out, "=_");          /* one value: its own level line */
	ck_assert_double_eq(lo, 1000);
	/* a flat run is a level line */
	gauge_history_clear(&h);
	gauge_history_push(&h, 5);
	gauge_history_push(&h, 5);
	gauge_sparkline(&h, 10, 1, out, sizeof out, &lo, &hi);
	ck_assert_str_eq(out, "\u2585\u2585");
	ck_assert_int_eq(tw_width(out), 2);
}
END_TEST

START_TEST(big_digits)
{
	char rows[GAUGE_BIG_ROWS][160];
	ck_assert_int_eq(gauge_bignum("10.5", 0, rows), 3 + 1 + 3 + 1 + 1 + 3);
	ck_assert_str_eq(rows[0], "     _    _ ");
	ck_assert_str_eq(rows[1], "  | | |  |_ ");
	ck_assert_str_eq(rows[2], "  | |_| . _|");
	ck_assert_int_eq(gauge_bignum_width("10.5"), 12);
	/* UTF-8 rows have the same width in columns */
	ck_assert_int_eq(gauge_bignum("3.14", 1, rows), 12);
	for (int r = 0; r < GAUGE_BIG_ROWS; r++)
		ck_assert_int_eq(tw_width(rows[r]), 12);
	ck_assert_int_eq(gauge_bignum("1e5", 0, rows), -1);
	ck_assert_int_eq(gauge_bignum_width("x"), -1);
}
END_TEST

Suite *make_suite_gauge(void)
{
	Suite *s = suite_create("gauge");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, log_mapping);
	tcase_add_test(tc, linear_cells);
	tcase_add_test(tc, axis_labels);
	tcase_add_test(tc, history_ring);
	tcase_add_test(tc, sparkline_glyphs);
	tcase_add_test(tc, big_digits);
	suite_add_tcase(s, tc);
	return s;
}
