/* check_batch.c - the parts of a batch run that are pure: the live
 * progress line.  (The runs themselves: tests/batch.sh, batch_exit.sh.) */
#include "config.h"

#include <check.h>
#include <string.h>

#include "batch.h"
#include "suites.h"

/* The buffer live_print uses, with a guard after it: a write past the
 * buffer shows in the guard even without a sanitizer. */
struct guarded_line {
	char line[512];
	char guard[256];
};

static void guard_fill(struct guarded_line *g)
{
	memset(g->line, 'L', sizeof g->line);
	memset(g->guard, 'G', sizeof g->guard);
}

static void guard_intact(const struct guarded_line *g)
{
	for (size_t i = 0; i < sizeof g->guard; i++)
		ck_assert_msg(g->guard[i] == 'G', "written past the line, at byte %zu", sizeof g->line + i);
}

/* A 600-column terminal: live_print's line is bounded by its 512-byte
 * buffer, not by the width (line[width - 1] would be past it). */
START_TEST(live_line_wider_than_buffer)
{
	struct guarded_line g;
	char detail[700];
	memset(detail, 'x', sizeof detail - 1);
	detail[sizeof detail - 1] = '\0';
	guard_fill(&g);
	batch_live_line(g.line, sizeof g.line, 600, 3, 12, "w03-byte", detail);
	guard_intact(&g);
	ck_assert_uint_eq(strlen(g.line), sizeof g.line - 1);
	ck_assert(strncmp(g.line, "[3/12] w03-byte ... xxxx", 24) == 0);
	/* a short line is whole */
	guard_fill(&g);
	batch_live_line(g.line, sizeof g.line, 600, 3, 12, "w03-byte", "trial 1/5");
	guard_intact(&g);
	ck_assert_str_eq(g.line, "[3/12] w03-byte ... trial 1/5");
	/* at the buffer, cut between characters: 2-byte 'é' never halved */
	char wide[700] = "";
	for (int i = 0; i < 300; i++)
		strcat(wide, "\xc3\xa9");
	guard_fill(&g);
	batch_live_line(g.line, sizeof g.line, 600, 1, 1, "abc", wide);
	guard_intact(&g);
	ck_assert_uint_eq(strlen(g.line), 510);    /* "[1/1] abc ... " is 14, then 248 x 2 */
	ck_assert_str_eq(g.line + 508, "\xc3\xa9");
}
END_TEST

/* Narrow: width - 1 columns (a line as wide as the terminal may wrap). */
START_TEST(live_line_narrow)
{
	char line[512];
	ck_assert_str_eq(batch_live_line(line, sizeof line, 5, 3, 12, "w03-byte", "trial"), "[3/1");
	ck_assert_str_eq(batch_live_line(line, sizeof line, 30, 1, 2, "r01", "3.2 MiB/s"),
	                 "[1/2] r01 ... 3.2 MiB/s");
	ck_assert_str_eq(batch_live_line(line, sizeof line, 10, 1, 2, "r01", "3.2 MiB/s"), "[1/2] r01");
	ck_assert_str_eq(batch_live_line(line, sizeof line, 1, 1, 2, "r01", ""), "");
	ck_assert_str_eq(batch_live_line(line, sizeof line, 0, 1, 2, "r01", ""), "");
}
END_TEST

/* An error text may quote a command's stderr: its escapes are not sent. */
START_TEST(live_line_harmless)
{
	char line[512];
	ck_assert_str_eq(batch_live_line(line, sizeof line, 80, 1, 1, "c01",
	                                 "error: 'sh' exited with status 1: \033[2J\033]0;owned\a\xe2\x80\xae"),
	                 "[1/1] c01 ... error: 'sh' exited with status 1: ?[2J?]0;owned??");
}
END_TEST

Suite *make_suite_batch(void)
{
	Suite *s = suite_create("batch");
	TCase *tc = tcase_create("progress");
	tcase_add_test(tc, live_line_wider_than_buffer);
	tcase_add_test(tc, live_line_narrow);
	tcase_add_test(tc, live_line_harmless);
	suite_add_tcase(s, tc);
	return s;
}
