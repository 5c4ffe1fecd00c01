/* check_chart.c - SVG text and the charts' log axes: escaping, exact
 * positions, decade labels, and charts that hold what they are given. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "suites.h"
#include "svg.h"

static char *escaped(const char *in)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	svg_escape(f, in);
	fclose(f);
	return text;
}

START_TEST(escape_markup)
{
	char *s = escaped("a<b & \"c\" 'd'>");
	ck_assert_str_eq(s, "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
	free(s);
}
END_TEST

START_TEST(escape_controls_and_bad_bytes)
{
	/* ESC, a C1 control (U+009B), a lone continuation byte: XML can carry
	 * none of them; tab, newline and ordinary text stay */
	char *s = escaped("x\x1b[2Jy\xc2\x9bz\x80w\tv\n\xc2\xb5");
	ck_assert_str_eq(s, "x\xef\xbf\xbd[2Jy\xef\xbf\xbdz\xef\xbf\xbdw\tv\n\xc2\xb5");
	free(s);
}
END_TEST

START_TEST(log_positions_exact)
{
	/* 1 B/s to 1 GB/s on 900 units: each decade is 100 units */
	ck_assert_double_eq_tol(svg_log_pos(1000, 1, 1e9, 900), 300, 1e-9);
	ck_assert_double_eq_tol(svg_log_pos(1e6, 1, 1e9, 900), 600, 1e-9);
	ck_assert_double_eq_tol(svg_log_pos(sqrt(10), 1, 10, 540), 270, 1e-9);
	ck_assert_double_eq(svg_log_pos(0.5, 1, 10, 540), 0);
	ck_assert_double_eq(svg_log_pos(-3, 1, 10, 540), 0);
	ck_assert_double_eq(svg_log_pos(NAN, 1, 10, 540), 0);
	ck_assert_double_eq(svg_log_pos(1e12, 1, 10, 540), 540);
}
END_TEST

START_TEST(decades_hold_every_value)
{
	double lo, hi;
	const double v[] = {2600, 27, NAN, 0, -1, 53e6};
	svg_decades(v, 6, &lo, &hi);
	ck_assert_double_eq(lo, 10);
	ck_assert_double_eq(hi, 1e8);
	const double one[] = {1000};
	svg_decades(one, 1, &lo, &hi);
	ck_assert_double_eq(lo, 1000);
	ck_assert_double_eq(hi, 10000);
	svg_decades(NULL, 0, &lo, &hi);
	ck_assert_double_eq(lo, 1);
	ck_assert_double_eq(hi, 10);
}
END_TEST

START_TEST(decade_labels_decimal)
{
	char b[32];
	const struct { double d; const char *want; } rows[] = {
		{1, "1 B/s"}, {10, "10 B/s"}, {100, "100 B/s"}, {1e3, "1 kB/s"},
		{1e5, "100 kB/s"}, {1e6, "1 MB/s"}, {1e10, "10 GB/s"}, {1e12, "1 TB/s"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		chart_decade_label(rows[i].d, b, sizeof b);
		ck_assert_str_eq(b, rows[i].want);
	}
}
END_TEST

static char *bars_svg(const struct chart_bar *bars, size_t n)
{
	/* static: the stream keeps their address (GCC's dangling-pointer
	 * analysis cannot see that fclose ends that) */
	static char *text;
	static size_t len;
	text = NULL;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(chart_bars_svg(f, "t <&>", bars, n), 0);
	fclose(f);
	return text;
}

START_TEST(bars_drawn_at_their_rates)
{
	/* 2600 B/s and 53 MB/s: decades 1 kB/s .. 100 MB/s, 5 decades over
	 * 540 units, 108 a decade: 2600 B/s is 108*log10(2.6) = 44.8 long */
	const struct chart_mark m[] = {{"2011 iMac", 2600}, {"2007 ThinkPad", 27e3}};
	const struct chart_bar bars[] = {
		{"w01-syncbyte", 2600, m, 2},
		{"w05-stdiobyte", 53e6, NULL, 0},
		{"w03-byte", 0, NULL, 0},
	};
	char *s = bars_svg(bars, 3);
	ck_assert_ptr_nonnull(strstr(s, "<rect x=\"200\" y=\"58.0\" width=\"44.8\" height=\"12\""));
	ck_assert_ptr_nonnull(strstr(s, "width=\"510.2\""));
	ck_assert_ptr_nonnull(strstr(s, ">not run</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">1 kB/s</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">100 MB/s</text>"));
	ck_assert_ptr_null(strstr(s, ">1 GB/s</text>"));
	ck_assert_ptr_nonnull(strstr(s, "<title>t &lt;&amp;&gt;</title>"));
	/* the legend names each source once, whatever the rows */
	const char *legend = strstr(s, ">2011 iMac</text>");
	ck_assert_ptr_nonnull(legend);
	ck_assert_ptr_null(strstr(legend + 1, ">2011 iMac</text>"));
	/* one <svg>, closed */
	ck_assert_ptr_eq(strstr(s, "<svg"), s);
	ck_assert_ptr_null(strstr(s + 1, "<svg"));
	ck_assert_str_eq(s + strlen(s) - 7, "</svg>\n");
	free(s);
}
END_TEST

/* A rate past the labelled decades (a crafted document's 1e308, a rate
 * under 1 B/s) puts the axis's end there: one label per decade, each
 * naming its own. */
START_TEST(axis_within_labelled_decades)
{
	const struct chart_bar bars[] = {
		{"huge", 1e308, NULL, 0},
		{"slow", 0.25, NULL, 0},
	};
	char *s = bars_svg(bars, 2);
	size_t labels = 0;
	for (const char *p = s; (p = strstr(p, "text-anchor=\"middle\"")); p++)
		labels++;
	ck_assert_uint_eq(labels, 18);          /* 1 B/s .. 100 PB/s */
	const char *top = strstr(s, ">100 PB/s</text>");
	ck_assert_ptr_nonnull(top);
	ck_assert_ptr_null(strstr(top + 1, ">100 PB/s</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">1 B/s</text>"));
	/* the huge bar ends at the axis's end, the slow one is at its start */
	ck_assert_ptr_nonnull(strstr(s, "width=\"540.0\""));
	free(s);
}
END_TEST

START_TEST(sweep_points_and_failed_ones)
{
	const struct chart_point warm[] = {{1, 1e6}, {2, NAN}, {4, 4e6}};
	const struct chart_series series[] = {{"warm cache", warm, 3}};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(chart_sweep_svg(f, "sweep", series, 1), 0);
	fclose(f);
	/* two circles: the failed point is not drawn */
	size_t circles = 0;
	for (const char *p = text; (p = strstr(p, "<circle")); p++)
		circles++;
	ck_assert_uint_eq(circles, 2);
	ck_assert_ptr_nonnull(strstr(text, "warm cache, 4 B blocks: "));
	free(text);
}
END_TEST

Suite *make_suite_chart(void)
{
	Suite *s = suite_create("chart");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, escape_markup);
	tcase_add_test(tc, escape_controls_and_bad_bytes);
	tcase_add_test(tc, log_positions_exact);
	tcase_add_test(tc, decades_hold_every_value);
	tcase_add_test(tc, decade_labels_decimal);
	tcase_add_test(tc, bars_drawn_at_their_rates);
	tcase_add_test(tc, axis_within_labelled_decades);
	tcase_add_test(tc, sweep_points_and_failed_ones);
	suite_add_tcase(s, tc);
	return s;
}
