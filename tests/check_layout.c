/* check_layout.c - where each panel goes, to the cell, at the three sizes
 * the lab is tried at (80x24, 120x40, 200x60), with and without the course
 * screen, and below the minimum.  layout_compute is pure arithmetic, so no
 * terminal is needed. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "layout.h"
#include "suites.h"

#define ck_assert_rect(r, Y, X, H, W) do { \
	ck_assert_int_eq((r).y, Y); ck_assert_int_eq((r).x, X); \
	ck_assert_int_eq((r).h, H); ck_assert_int_eq((r).w, W); } while (0)

START_TEST(narrow_80x24)
{
	struct layout l;
	layout_compute(&l, 24, 80, 0);
	ck_assert_int_eq(l.too_small, 0);
	ck_assert_int_eq(l.side_list, 0);
	ck_assert_int_eq(l.course_only, 0);
	ck_assert_rect(l.header, 0, 0, 1, 80);
	ck_assert_rect(l.footer, 23, 0, 1, 80);
	ck_assert_rect(l.course, 0, 0, 0, 0);
	/* the panel gets its minimum of 40; a rule at column 39 */
	ck_assert_rect(l.text, 1, 0, 22, 39);
	ck_assert_rect(l.panel, 1, 40, 22, 40);
	/* the notebook, the form and the chooser: over both, and the rule */
	ck_assert_rect(l.instead, 1, 0, 22, 80);
}
END_TEST

START_TEST(narrow_course_screen)
{
	struct layout l;
	layout_compute(&l, 24, 80, 1);
	ck_assert_int_eq(l.too_small, 0);
	ck_assert_int_eq(l.side_list, 0);
	ck_assert_int_eq(l.course_only, 1);
	ck_assert_rect(l.header, 0, 0, 1, 80);
	ck_assert_rect(l.footer, 23, 0, 1, 80);
	ck_assert_rect(l.course, 1, 0, 22, 80);
	ck_assert_rect(l.text, 0, 0, 0, 0);
	ck_assert_rect(l.panel, 0, 0, 0, 0);
	/* the widest narrow terminal still has a course screen */
	layout_compute(&l, 24, LAYOUT_SIDE_LIST_COLS - 1, 1);
	ck_assert_int_eq(l.course_only, 1);
	ck_assert_rect(l.course, 1, 0, 22, 119);
}
END_TEST

START_TEST(wide_120x40)
{
	struct layout l;
	layout_compute(&l, 40, 120, 0);
	ck_assert_int_eq(l.too_small, 0);
	ck_assert_int_eq(l.side_list, 1);
	ck_assert_int_eq(l.course_only, 0);
	ck_assert_rect(l.header, 0, 0, 1, 120);
	ck_assert_rect(l.footer, 39, 0, 1, 120);
	/* course 120/5 = 24, raised to 26; rules at columns 26 and 78 */
	ck_assert_rect(l.course, 1, 0, 38, 26);
	ck_assert_rect(l.text, 1, 27, 38, 51);
	ck_assert_rect(l.panel, 1, 79, 38, 41);
	/* wide, the course screen still opens over the whole width: the side
	 * list has no room for whole titles (issue 14, item 10) */
	struct layout c;
	layout_compute(&c, 40, 120, 1);
	ck_assert_int_eq(c.course_only, 1);
	ck_assert_int_eq(c.side_list, 1);
	ck_assert_rect(c.header, 0, 0, 1, 120);
	ck_assert_rect(c.footer, 39, 0, 1, 120);
	ck_assert_rect(c.course, 1, 0, 38, 120);
	ck_assert_rect(c.text, 0, 0, 0, 0);
	ck_assert_rect(c.panel, 0, 0, 0, 0);
	layout_compute(&c, 60, 200, 1);
	ck_assert_int_eq(c.course_only, 1);
	ck_assert_rect(c.course, 1, 0, 58, 200);
}
END_TEST

START_TEST(wide_200x60)
{
	struct layout l;
	layout_compute(&l, 60, 200, 0);
	ck_assert_int_eq(l.side_list, 1);
	ck_assert_rect(l.header, 0, 0, 1, 200);
	ck_assert_rect(l.footer, 59, 0, 1, 200);
	ck_assert_rect(l.course, 1, 0, 58, 40);
	/* the text stops at 84 columns; the rest goes to the live panel */
	ck_assert_rect(l.text, 1, 41, 58, 84);
	ck_assert_rect(l.panel, 1, 126, 58, 74);
	ck_assert_rect(l.instead, 1, 41, 58, 159);
	/* very wide: the course column stops at 44 */
	layout_compute(&l, 60, 400, 0);
	ck_assert_rect(l.course, 1, 0, 58, 44);
	ck_assert_rect(l.text, 1, 45, 58, 84);
	ck_assert_rect(l.panel, 1, 130, 58, 270);
}
END_TEST

START_TEST(too_small)
{
	static const int sizes[][2] = {{23, 80}, {24, 79}, {20, 60}, {1, 1}, {0, 0}};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct layout l;
		layout_compute(&l, sizes[i][0], sizes[i][1], (int)(i % 2));
		ck_assert_msg(l.too_small, "%dx%d", sizes[i][1], sizes[i][0]);
		ck_assert_int_eq(l.side_list, 0);
		ck_assert_int_eq(l.course_only, 0);
		ck_assert_rect(l.header, 0, 0, 0, 0);
		ck_assert_rect(l.footer, 0, 0, 0, 0);
		ck_assert_rect(l.course, 0, 0, 0, 0);
		ck_assert_rect(l.text, 0, 0, 0, 0);
		ck_assert_rect(l.panel, 0, 0, 0, 0);
	}
	/* the minimum itself is usable */
	struct layout l;
	layout_compute(&l, LAYOUT_MIN_LINES, LAYOUT_MIN_COLS, 0);
	ck_assert_int_eq(l.too_small, 0);
}
END_TEST

/* A race: what the runs share across the top, their panels one above the
 * other, side by side from 160 columns. */
START_TEST(race_layouts)
{
	struct race_layout l;
	layout_race(&l, 24, 80);
	ck_assert_int_eq(l.too_small, 0);
	ck_assert_int_eq(l.side_by_side, 0);
	ck_assert_rect(l.header, 0, 0, 1, 80);
	ck_assert_rect(l.footer, 23, 0, 1, 80);
	ck_assert_rect(l.top, 1, 1, 7, 78);
	ck_assert_rect(l.a, 8, 0, 7, 80);
	ck_assert_rect(l.rule, 15, 0, 1, 80);
	ck_assert_rect(l.b, 16, 0, 7, 80);
	layout_race(&l, 40, 120);
	ck_assert_int_eq(l.side_by_side, 0);
	ck_assert_rect(l.a, 8, 0, 15, 120);
	ck_assert_rect(l.b, 24, 0, 15, 120);
	layout_race(&l, 60, LAYOUT_RACE_SIDE_COLS - 1);
	ck_assert_int_eq(l.side_by_side, 0);
	layout_race(&l, 60, 200);
	ck_assert_int_eq(l.side_by_side, 1);
	ck_assert_rect(l.top, 1, 1, 7, 198);
	ck_assert_rect(l.a, 8, 0, 51, 99);
	ck_assert_rect(l.rule, 8, 99, 51, 1);
	ck_assert_rect(l.b, 8, 100, 51, 100);
	layout_race(&l, 23, 80);
	ck_assert_int_eq(l.too_small, 1);
}
END_TEST

/* Presentation: the figures get what the title, the counts and the gauge
 * leave; from 120x40 the counts have seven rows, for where the time went
 * and the layers too; at 200x60 the rate's 26 rows hold digits 4s+1 = 25
 * rows tall. */
START_TEST(present_layouts)
{
	struct present_layout l;
	layout_present(&l, 24, 80, 0);
	ck_assert_int_eq(l.too_small, 0);
	ck_assert_rect(l.header, 0, 0, 1, 80);
	ck_assert_rect(l.footer, 23, 0, 1, 80);
	ck_assert_rect(l.body, 1, 2, 22, 76);
	ck_assert_rect(l.title, 2, 2, 1, 76);
	ck_assert_rect(l.state, 3, 2, 1, 76);
	ck_assert_rect(l.figure[0], 5, 2, 5, 76);
	ck_assert_rect(l.figure[1], 0, 0, 0, 0);
	ck_assert_rect(l.logfig, 11, 2, 3, 76);
	ck_assert_rect(l.text[0], 14, 2, 2, 76);
	ck_assert_rect(l.gauge, 17, 2, 6, 76);
	ck_assert_rect(l.sweep, 3, 1, 20, 78);     /* a sweep: its chart instead */
	ck_assert_rect(l.ratio, 0, 0, 0, 0);
	layout_present(&l, 40, 120, 0);
	ck_assert_rect(l.figure[0], 5, 2, 12, 116);
	ck_assert_rect(l.logfig, 18, 2, 7, 116);
	ck_assert_rect(l.text[0], 25, 2, 7, 116);
	ck_assert_rect(l.gauge, 33, 2, 6, 116);
	layout_present(&l, 60, 200, 0);
	ck_assert_rect(l.figure[0], 5, 2, 26, 196);
	ck_assert_rect(l.logfig, 32, 2, 13, 196);
	ck_assert_rect(l.text[0], 45, 2, 7, 196);
	ck_assert_rect(l.gauge, 53, 2, 6, 196);
	ck_assert_rect(l.sweep, 3, 1, 56, 198);
	/* a race: stacked, then side by side; the ratio's digits get as many
	 * rows as each rate's (a figure's rows less its title and state) */
	layout_present(&l, 40, 120, 1);
	ck_assert_int_eq(l.side_by_side, 0);
	ck_assert_rect(l.figure[0], 5, 2, 7, 116);
	ck_assert_rect(l.text[0], 12, 2, 2, 116);
	ck_assert_rect(l.figure[1], 15, 2, 7, 116);
	ck_assert_rect(l.text[1], 22, 2, 2, 116);
	ck_assert_rect(l.ratio, 25, 2, 6, 116);
	ck_assert_int_eq(l.ratio.h - 1, l.figure[0].h - 2);
	ck_assert_rect(l.logfig, 0, 0, 0, 0);
	ck_assert_rect(l.sweep, 0, 0, 0, 0);
	ck_assert_rect(l.gauge, 33, 2, 6, 116);
	layout_present(&l, 60, 200, 1);
	ck_assert_int_eq(l.side_by_side, 1);
	/* seven rows of counts under each, for where the time went */
	ck_assert_rect(l.figure[0], 5, 2, 20, 97);
	ck_assert_rect(l.figure[1], 5, 101, 20, 97);
	ck_assert_rect(l.text[0], 25, 2, 7, 97);
	ck_assert_rect(l.text[1], 25, 101, 7, 97);
	ck_assert_rect(l.ratio, 33, 2, 19, 196);
	ck_assert_int_eq(l.ratio.h - 1, l.figure[0].h - 2);
	ck_assert_rect(l.gauge, 53, 2, 6, 196);
	layout_present(&l, 24, 80, 1);                  /* small: the ratio in words */
	ck_assert_rect(l.ratio, 15, 2, 1, 76);
	layout_present(&l, 24, 79, 0);
	ck_assert_int_eq(l.too_small, 1);
}
END_TEST

/* --dump-layout: every rectangle, as layout_compute, layout_race and
 * layout_present give it (tests/walk.sh reads these lines). */
START_TEST(dump)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(layout_dump(f, 24, 80), 0);
	fclose(f);
	ck_assert_str_eq(buf,
		"lesson header 0 0 1 80\n" "lesson text 1 0 22 39\n" "lesson panel 1 40 22 40\n"
		"lesson instead 1 0 22 80\n" "lesson footer 23 0 1 80\n"
		"course header 0 0 1 80\n" "course course 1 0 22 80\n" "course footer 23 0 1 80\n"
		"race header 0 0 1 80\n" "race top 1 1 7 78\n" "race a 8 0 7 80\n"
		"race rule 15 0 1 80\n" "race b 16 0 7 80\n" "race footer 23 0 1 80\n"
		"present header 0 0 1 80\n" "present body 1 2 22 76\n" "present title 2 2 1 76\n"
		"present state 3 2 1 76\n" "present figure0 5 2 5 76\n" "present logfig 11 2 3 76\n"
		"present text0 14 2 2 76\n" "present gauge 17 2 6 76\n" "present sweep 3 1 20 78\n"
		"present footer 23 0 1 80\n"
		"present-race header 0 0 1 80\n" "present-race body 1 2 22 76\n"
		"present-race title 2 2 1 76\n" "present-race state 3 2 1 76\n"
		"present-race figure0 5 2 2 76\n" "present-race figure1 10 2 2 76\n"
		"present-race text0 7 2 2 76\n" "present-race text1 12 2 2 76\n"
		"present-race ratio 15 2 1 76\n" "present-race gauge 17 2 6 76\n"
		"present-race footer 23 0 1 80\n");
	free(buf);
	/* below the minimum: nothing printed, -1 */
	buf = NULL;
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(layout_dump(f, 24, 79), -1);
	fclose(f);
	ck_assert_uint_eq(len, 0);
	free(buf);
}
END_TEST

Suite *make_suite_layout(void)
{
	Suite *s = suite_create("layout");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, narrow_80x24);
	tcase_add_test(tc, narrow_course_screen);
	tcase_add_test(tc, wide_120x40);
	tcase_add_test(tc, wide_200x60);
	tcase_add_test(tc, too_small);
	tcase_add_test(tc, race_layouts);
	tcase_add_test(tc, present_layouts);
	tcase_add_test(tc, dump);
	suite_add_tcase(s, tc);
	return s;
}
