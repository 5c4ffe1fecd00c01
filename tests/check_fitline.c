/* check_fitline.c - lines of figures fitted into a width: the fixed order
 * (whole, short forms, optional parts left out, wrapped), and never a cut
 * figure, with the panel's own lines as cases. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <string.h>

#include "countof.h"
#include "fitline.h"
#include "suites.h"
#include "textwrap.h"

static struct fit_rows fit(const struct fit_part *p, size_t n, int width, int rows)
{
	struct fit_rows r;
	fitline_fit(p, n, width, rows, &r);
	for (size_t i = 0; i < r.n; i++) {
		ck_assert_int_le(r.width[i], width);
		ck_assert_int_eq(r.width[i], textwrap_width(r.row[i]));
	}
	return r;
}

START_TEST(whole_when_it_fits)
{
	const struct fit_part p[] = {{"read 1,180,619", NULL, 0, 0}, {"write 0", NULL, 1, 0}};
	struct fit_rows r = fit(p, COUNT(p), 23, 1);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "read 1,180,619  write 0");
	ck_assert_int_eq(r.width[0], 23);
	ck_assert_int_eq(r.complete, 1);
	ck_assert_int_eq(r.briefed, 0);
	ck_assert_int_eq(r.dropped, 0);
}
END_TEST

/* One column short: the optional part goes, the needed one stays whole. */
START_TEST(optional_part_left_out)
{
	const struct fit_part p[] = {{"read 1,180,619", NULL, 0, 0}, {"write 0", NULL, 1, 0}};
	struct fit_rows r = fit(p, COUNT(p), 22, 1);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "read 1,180,619");
	ck_assert_int_eq(r.complete, 1);
	ck_assert_int_eq(r.dropped, 1);
}
END_TEST

/* Short forms come before leaving anything out. */
START_TEST(short_forms_first)
{
	const struct fit_part p[] = {
		{"13.68", NULL, 0, 0},
		{"(ln of 873,715 B/s)", "(ln of rate)", 1, 0},
	};
	struct fit_rows r = fit(p, COUNT(p), 26, 1);
	ck_assert_str_eq(r.row[0], "13.68  (ln of 873,715 B/s)");
	r = fit(p, COUNT(p), 25, 1);
	ck_assert_str_eq(r.row[0], "13.68  (ln of rate)");
	ck_assert_int_eq(r.briefed, 1);
	ck_assert_int_eq(r.dropped, 0);
	r = fit(p, COUNT(p), 18, 1);
	ck_assert_str_eq(r.row[0], "13.68");
	ck_assert_int_eq(r.dropped, 1);
	ck_assert_int_eq(r.complete, 1);
}
END_TEST

/* The highest drop goes first; equals go from the end. */
START_TEST(drop_order)
{
	const struct fit_part p[] = {
		{"879 KiB/s", NULL, 0, 0}, {"last 0.5 s", NULL, 2, 0},
		{"avg 797 KiB/s", NULL, 0, 0}, {"whole run", NULL, 1, 0},
	};
	struct fit_rows r = fit(p, COUNT(p), 60, 1);
	ck_assert_str_eq(r.row[0], "879 KiB/s  last 0.5 s  avg 797 KiB/s  whole run");
	r = fit(p, COUNT(p), 46, 1);
	ck_assert_str_eq(r.row[0], "879 KiB/s  avg 797 KiB/s  whole run");
	r = fit(p, COUNT(p), 27, 1);
	ck_assert_str_eq(r.row[0], "879 KiB/s  avg 797 KiB/s");
	ck_assert_int_eq(r.dropped, 2);
	const struct fit_part q[] = {{"a", NULL, 1, 0}, {"b", NULL, 1, 0}, {"c", NULL, 0, 0}};
	r = fit(q, COUNT(q), 4, 1);
	ck_assert_str_eq(r.row[0], "a  c");
}
END_TEST

/* Needed parts wrap onto the next row, whole (never "fseek 2,621"). */
START_TEST(wraps_whole_parts)
{
	const struct fit_part p[] = {{"fread 2,621,439", NULL, 0, 0}, {"fseek 2,621,439", NULL, 0, 0}};
	struct fit_rows r = fit(p, COUNT(p), 27, 2);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.row[0], "fread 2,621,439");
	ck_assert_str_eq(r.row[1], "fseek 2,621,439");
	ck_assert_int_eq(r.complete, 1);
	/* one row allowed: the second is left off whole, and that is said */
	r = fit(p, COUNT(p), 27, 1);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "fread 2,621,439");
	ck_assert_int_eq(r.complete, 0);
	/* room for both: one row */
	r = fit(p, COUNT(p), 32, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "fread 2,621,439  fseek 2,621,439");
}
END_TEST

/* A part wider than the width is never cut: it is left off. */
START_TEST(never_cut)
{
	const struct fit_part p[] = {{"1,728,512,000", NULL, 0, 0}};
	struct fit_rows r = fit(p, COUNT(p), 12, 3);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_int_eq(r.complete, 0);
	const struct fit_part q[] = {{"lseek 1,728,512", "1,728,512", 0, 0}, {"x", NULL, 0, 0}};
	r = fit(q, COUNT(q), 12, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "1,728,512  x");
	r = fit(q, COUNT(q), 8, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "x");
	ck_assert_int_eq(r.complete, 0);
	/* a zero width fits nothing, and says so */
	r = fit(q, COUNT(q), 0, 1);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_int_eq(r.complete, 0);
}
END_TEST

/* Widths are display columns: UTF-8 glyphs count one each. */
START_TEST(utf8_widths)
{
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		setlocale(LC_CTYPE, "en_US.UTF-8");
	const struct fit_part p[] = {
		{"\u25b6 RUNNING", NULL, 0, 0}, {"point 2 of 5", "point 2/5", 0, 0},
		{"16 B blocks", NULL, 0, 0}, {"O_SYNC", NULL, 0, 0},
	};
	struct fit_rows r = fit(p, COUNT(p), 44, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_int_eq(r.width[0], 44);
	r = fit(p, COUNT(p), 41, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "\u25b6 RUNNING  point 2/5  16 B blocks  O_SYNC");
	r = fit(p, COUNT(p), 38, 2);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.row[0], "\u25b6 RUNNING  point 2/5  16 B blocks");
	ck_assert_str_eq(r.row[1], "O_SYNC");
	setlocale(LC_CTYPE, "C");
}
END_TEST

/* A tight part reads as a phrase with the one before, and may still wrap. */
START_TEST(tight_parts)
{
	const struct fit_part p[] = {{"2.12 MiB", NULL, 0, 0}, {"in 2.00 s", NULL, 0, 1},
	                             {"(3 passes)", NULL, 1, 1}};
	struct fit_rows r = fit(p, COUNT(p), 40, 2);
	ck_assert_str_eq(r.row[0], "2.12 MiB in 2.00 s (3 passes)");
	r = fit(p, COUNT(p), 20, 2);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "2.12 MiB in 2.00 s");
	r = fit(p, COUNT(p), 12, 2);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.row[0], "2.12 MiB");
	ck_assert_str_eq(r.row[1], "in 2.00 s");
}
END_TEST

START_TEST(empty_parts_skipped)
{
	const struct fit_part p[] = {{"", NULL, 0, 0}, {NULL, NULL, 0, 0}, {"4 KiB", NULL, 0, 0}};
	struct fit_rows r = fit(p, COUNT(p), 10, 1);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.row[0], "4 KiB");
	ck_assert_int_eq(r.complete, 1);
	r = fit(p, 0, 10, 1);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_int_eq(r.complete, 1);
}
END_TEST

Suite *make_suite_fitline(void)
{
	Suite *s = suite_create("fitline");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, whole_when_it_fits);
	tcase_add_test(tc, optional_part_left_out);
	tcase_add_test(tc, short_forms_first);
	tcase_add_test(tc, drop_order);
	tcase_add_test(tc, wraps_whole_parts);
	tcase_add_test(tc, never_cut);
	tcase_add_test(tc, utf8_widths);
	tcase_add_test(tc, tight_parts);
	tcase_add_test(tc, empty_parts_skipped);
	suite_add_tcase(s, tc);
	return s;
}
