/* check_gauge.c - the log gauge, its axis, sparklines and big digits. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "gauge.h"
#include "suites.h"
#include "textwrap.h"

START_TEST(log_mapping)
{
	/* twelve decades, 1 B/s to 1 TB/s (the scale was ten, to 10 GB/s,
	 * until warm reads on a small VM passed 50 GB/s) */
	ck_assert_double_eq(GAUGE_HI, 1e12);
	/* on a fine gauge (1,201 cells, a hundredth of a decade each) */
	ck_assert_int_eq(gauge_cell(0, 1201), 0);
	ck_assert_int_eq(gauge_cell(1, 1201), 0);
	ck_assert_int_eq(gauge_cell(1e6, 1201), 600);
	ck_assert_int_eq(gauge_cell(1e12, 1201), 1200);
	ck_assert_int_eq(gauge_cell(1e13, 1201), 1200);
	/* 13 cells: one per decade */
	ck_assert_int_eq(gauge_cell(1, 13), 0);
	ck_assert_int_eq(gauge_cell(1e3, 13), 3);
	ck_assert_int_eq(gauge_cell(1e10, 13), 10);
	ck_assert_int_eq(gauge_cell(1e12, 13), 12);
	/* the lecture's two extremes sit ~6 decades apart on any width */
	int w = 73;
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
	/* six cells a decade: every label fits, "100G" too */
	gauge_axis_labels(12 * 6 + 1, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), 73);
	ck_assert(strncmp(buf, "1 ", 2) == 0);
	ck_assert_ptr_nonnull(strstr(buf, "1k"));
	ck_assert_ptr_nonnull(strstr(buf, "1M"));
	ck_assert_ptr_nonnull(strstr(buf, "1G"));
	ck_assert_ptr_nonnull(strstr(buf, "10G"));
	ck_assert_ptr_nonnull(strstr(buf, "100G"));
	ck_assert(strcmp(buf + 71, "1T") == 0);               /* ends at the edge */
	/* 1M sits at the cell of 10^6, 100G at 10^11 */
	ck_assert_int_eq((int)(strstr(buf, "1M") - buf), gauge_cell(1e6, 73));
	ck_assert_int_eq((int)(strstr(buf, "100G") - buf), gauge_cell(1e11, 73));
	/* five cells a decade: "100G" would touch "1T", so every other decade */
	gauge_axis_labels(12 * 5 + 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "1         100       10k       1M        100M      10G      1T");
	/* narrow: labels are dropped rather than overlapped */
	gauge_axis_labels(20, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), 20);
	ck_assert_ptr_null(strstr(buf, "1k1"));
	ck_assert_ptr_nonnull(strstr(buf, "1T"));
	ck_assert(strcmp(buf + 18, "1T") == 0);
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
	ck_assert_int_eq(textwrap_width(out), 2);
}
END_TEST

/* A long run's history fills the line's width, each cell the mean of its
 * share, and the range a sparkline returns is of the cells drawn (the
 * lab once labelled the raw values' range beside a line of halved ones). */
START_TEST(history_fits_the_width)
{
	static struct gauge_history h, f;
	gauge_history_clear(&h);
	for (int i = 0; i < 12; i++)          /* 1000, 10, 1000, 10 ... */
		gauge_history_push(&h, i % 2 ? 10 : 1000);
	gauge_history_push(&h, 0);            /* a stall */
	gauge_history_fit(&h, 4, &f);
	ck_assert_uint_eq(f.n, 4);            /* the whole width */
	/* 13 values over 4 cells: shares of 3, 3, 3 and 4 */
	ck_assert_double_eq_tol(gauge_history_at(&f, 0), pow(1000 * 10 * 1000, 1.0 / 3), 1e-9);
	ck_assert_double_eq_tol(gauge_history_at(&f, 1), pow(10 * 1000 * 10, 1.0 / 3), 1e-9);
	ck_assert_double_eq_tol(gauge_history_at(&f, 2), pow(1000 * 10 * 1000, 1.0 / 3), 1e-9);
	ck_assert_double_eq_tol(gauge_history_at(&f, 3), (10 + 1000 + 10 + 0) / 4.0, 1e-9);
	char out[512];
	double lo, hi;
	gauge_sparkline(&f, 4, 0, out, sizeof out, &lo, &hi);
	ck_assert_int_eq(textwrap_width(out), 4);
	ck_assert_double_eq_tol(lo, pow(10 * 1000 * 10, 1.0 / 3), 1e-9);   /* what is drawn */
	ck_assert_double_eq_tol(hi, 255, 1e-9);
	ck_assert_str_eq(out, "#_##");
	/* a history that fits is the history */
	gauge_history_fit(&h, 13, &f);
	ck_assert_uint_eq(f.n, 13);
	ck_assert_double_eq(gauge_history_at(&f, 12), 0);
	gauge_history_fit(&h, 200, &f);
	ck_assert_uint_eq(f.n, 13);
	ck_assert_double_eq(gauge_history_at(&f, 0), 1000);
	/* the whole ring into 100 cells */
	gauge_history_clear(&h);
	for (int i = 0; i < GAUGE_HISTORY; i++)
		gauge_history_push(&h, 1 + i);
	gauge_history_fit(&h, 100, &f);
	ck_assert_uint_eq(f.n, 100);
	gauge_sparkline(&f, 100, 1, out, sizeof out, &lo, &hi);
	ck_assert_int_gt(lo, 1);
	ck_assert_int_lt(hi, GAUGE_HISTORY);
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
		ck_assert_int_eq(textwrap_width(rows[r]), 12);
	ck_assert_int_eq(gauge_bignum("1e5", 0, rows), -1);
	ck_assert_int_eq(gauge_bignum_width("x"), -1);
}
END_TEST

START_TEST(off_scale)
{
	int off = -1;
	/* no rate: no bar */
	ck_assert_int_eq(gauge_bar_fill(0, 40, &off), 0);
	ck_assert_int_eq(off, 0);
	ck_assert_int_eq(gauge_bar_fill(1, 40, &off), 0);
	/* on the scale: up to its cell */
	ck_assert_int_eq(gauge_bar_fill(1e6, 13, &off), 7);
	ck_assert_int_eq(off, 0);
	ck_assert_int_eq(gauge_off_scale(1e12), 0);
	ck_assert_int_eq(gauge_bar_fill(1e12, 13, &off), 13);     /* the very end is on it */
	ck_assert_int_eq(off, 0);
	/* 86 GB/s, the warm read that filled the old bar: well inside */
	ck_assert_int_eq(gauge_bar_fill(86e9, 73, &off), gauge_cell(86e9, 73) + 1);
	ck_assert_int_lt(gauge_bar_fill(86e9, 73, &off), 73);
	ck_assert_int_eq(off, 0);
	/* past the end: full, and said so */
	ck_assert_int_eq(gauge_off_scale(1.5e12), 1);
	ck_assert_int_eq(gauge_bar_fill(1.5e12, 40, &off), 40);
	ck_assert_int_eq(off, 1);
	ck_assert_int_eq(gauge_bar_fill(1e15, 1, &off), 1);
	ck_assert_int_eq(off, 1);
	ck_assert_int_eq(gauge_cell(1.5e12, 1201), 1200);
	ck_assert_int_eq(gauge_bar_fill(1e15, 0, &off), 0);
}
END_TEST

/* Rows that are ink ('#') where the font has a stroke. */
START_TEST(bigfont_scales)
{
	static char rows[GAUGE_BIGFONT_MAX_ROWS][GAUGE_BIGFONT_ROW_BYTES];
	/* scale 1 is the three-row font */
	ck_assert_int_eq(gauge_bigfont_rows(1), 3);
	ck_assert_int_eq(gauge_bigfont("10.5", 1, 0, rows), 12);
	ck_assert_str_eq(rows[0], "     _    _ ");
	ck_assert_str_eq(rows[2], "  | |_| . _|");
	/* scale 2: nine rows, digits 8 columns, strokes 1 row / 2 columns */
	ck_assert_int_eq(gauge_bigfont_rows(2), 9);
	ck_assert_int_eq(gauge_bigfont_width("8", 2), 8);
	ck_assert_int_eq(gauge_bigfont("8", 2, 0, rows), 8);
	ck_assert_str_eq(rows[0], "########");
	ck_assert_str_eq(rows[1], "##    ##");
	ck_assert_str_eq(rows[3], "##    ##");
	ck_assert_str_eq(rows[4], "########");
	ck_assert_str_eq(rows[5], "##    ##");
	ck_assert_str_eq(rows[8], "########");
	ck_assert_int_eq(gauge_bigfont("1", 2, 0, rows), 8);
	for (int r = 0; r < 9; r++)
		ck_assert_str_eq(rows[r], "      ##");
	ck_assert_int_eq(gauge_bigfont("7", 2, 0, rows), 8);
	ck_assert_str_eq(rows[0], "########");
	ck_assert_str_eq(rows[4], "      ##");
	ck_assert_str_eq(rows[8], "      ##");
	/* "4.2": a gap of 2 after each character, the point 2 columns wide */
	ck_assert_int_eq(gauge_bigfont("4.2", 2, 0, rows), 8 + 2 + 2 + 2 + 8);
	ck_assert_str_eq(rows[0], "##    ##      ########");
	ck_assert_str_eq(rows[4], "########      ########");
	ck_assert_str_eq(rows[7], "      ##      ##      ");
	ck_assert_str_eq(rows[8], "      ##  ##  ########");
	/* UTF-8: the same columns, in full blocks */
	ck_assert_int_eq(gauge_bigfont("4.2", 2, 1, rows), 22);
	for (int r = 0; r < 9; r++)
		ck_assert_int_eq(textwrap_width(rows[r]), 22);
	ck_assert_ptr_nonnull(strstr(rows[8], "\u2588\u2588  \u2588\u2588\u2588"));
	/* larger scales: 4s + 1 rows, every row as wide as the text, and
	 * thicker strokes (scale 5: two rows, four columns) */
	for (int s = 2; s <= GAUGE_BIGFONT_MAX_SCALE; s++) {
		int w = gauge_bigfont("90.1", s, 0, rows);
		ck_assert_int_eq(w, gauge_bigfont_width("90.1", s));
		ck_assert_int_eq(gauge_bigfont_rows(s), 4 * s + 1);
		for (int r = 0; r < gauge_bigfont_rows(s); r++)
			ck_assert_int_eq((int)strlen(rows[r]), w);
	}
	ck_assert_int_eq(gauge_bigfont("0", 5, 0, rows), 14);
	ck_assert_str_eq(rows[0], "##############");
	ck_assert_str_eq(rows[1], "##############");
	ck_assert_str_eq(rows[2], "####      ####");
	ck_assert_str_eq(rows[10], "####      ####");       /* no middle stroke in a 0 */
	ck_assert_str_eq(rows[20], "##############");
	/* refused: no glyph, no such scale */
	ck_assert_int_eq(gauge_bigfont("1e5", 3, 0, rows), -1);
	ck_assert_int_eq(gauge_bigfont_width("x", 3), -1);
	ck_assert_int_eq(gauge_bigfont("1", 0, 0, rows), -1);
	ck_assert_int_eq(gauge_bigfont("1", GAUGE_BIGFONT_MAX_SCALE + 1, 0, rows), -1);
}
END_TEST

START_TEST(bigfont_fits_the_terminal)
{
	/* presentation at 200x60: the rate gets 29 rows, 196 columns less the
	 * unit: at least 9 rows tall, the largest scale that fits both ways */
	int s = gauge_bigfont_fit("48.2", 196 - 6, 29);
	ck_assert_int_eq(s, 7);
	ck_assert_int_ge(gauge_bigfont_rows(s), 9);
	ck_assert_int_le(gauge_bigfont_rows(s), 29);
	ck_assert_int_le(gauge_bigfont_width("48.2", s), 190);
	ck_assert_int_gt(gauge_bigfont_rows(s + 1), 29);
	/* wide numbers are held back by the columns, not the rows */
	s = gauge_bigfont_fit("1023.45", 60, 40);
	ck_assert_int_le(gauge_bigfont_width("1023.45", s), 60);
	ck_assert_int_gt(gauge_bigfont_width("1023.45", s + 1), 60);
	/* 80x24 leaves five rows: the three-row font */
	ck_assert_int_eq(gauge_bigfont_fit("48.2", 70, 5), 1);
	/* nothing fits: 0 */
	ck_assert_int_eq(gauge_bigfont_fit("48.2", 5, 20), 0);
	ck_assert_int_eq(gauge_bigfont_fit("48.2", 70, 2), 0);
	ck_assert_int_eq(gauge_bigfont_fit("x", 200, 60), 0);
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
	tcase_add_test(tc, history_fits_the_width);
	tcase_add_test(tc, big_digits);
	tcase_add_test(tc, off_scale);
	tcase_add_test(tc, bigfont_scales);
	tcase_add_test(tc, bigfont_fits_the_terminal);
	suite_add_tcase(s, tc);
	return s;
}
