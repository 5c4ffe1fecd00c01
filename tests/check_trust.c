/* check_trust.c - which lessons' commands run unasked, and the argv as the
 * one who must agree sees it: every quoting rule, harmless text, the cut,
 * the refusal's words, and which directory is the shipped course. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson.h"
#include "suites.h"
#include "trust.h"

static struct wl_spec spec_of(char **words)
{
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = WL_OP_READ;
	s.api = WL_API_COMMAND;
	s.command = words;
	for (s.command_len = 0; words[s.command_len]; s.command_len++)
		;
	return s;
}

static const char *argv_text(char **words, size_t len)
{
	static char buf[256];
	struct wl_spec s = spec_of(words);
	trust_argv_text(&s, buf, len);
	return buf;
}

START_TEST(argv_as_a_shell_reads_it)
{
	char *dd[] = {"dd", "if={file}", "of=/dev/null", "bs=1", NULL};
	ck_assert_str_eq(argv_text(dd, 256), "dd if={file} of=/dev/null bs=1");
	char *sh[] = {"sh", "-c", "id > /tmp/x", NULL};
	ck_assert_str_eq(argv_text(sh, 256), "sh -c 'id > /tmp/x'");
	char *quote[] = {"echo", "it's", "", "a b", NULL};
	ck_assert_str_eq(argv_text(quote, 256), "echo 'it'\\''s' '' 'a b'");
	char *safe[] = {"A-Z_a.z,0:9@%+=/{}", NULL};
	ck_assert_str_eq(argv_text(safe, 256), "A-Z_a.z,0:9@%+=/{}");
	char *glob[] = {"rm", "*", "$HOME", "~", "a;b", NULL};
	ck_assert_str_eq(argv_text(glob, 256), "rm '*' '$HOME' '~' 'a;b'");
}
END_TEST

/* The words come from a lesson file: no escape sequence, no bidi
 * override, no line break reaches the question or a report. */
START_TEST(argv_is_harmless)
{
	char *evil[] = {"\x1b[2Jrm", "\xe2\x80\xae" "fdp.exe", "a\nb", "caf\xc3\xa9", "\xff", NULL};
	ck_assert_str_eq(argv_text(evil, 256), "'?[2Jrm' '?fdp.exe' 'a?b' 'caf\xc3\xa9' '?'");
}
END_TEST

START_TEST(argv_is_cut_between_words)
{
	char *w[] = {"aaaa", "bbbb", "cccc", NULL};
	ck_assert_str_eq(argv_text(w, 256), "aaaa bbbb cccc");
	ck_assert_str_eq(argv_text(w, 15), "aaaa bbbb cccc");
	ck_assert_str_eq(argv_text(w, 14), "aaaa bbbb ...");
	ck_assert_str_eq(argv_text(w, 10), "aaaa ...");
	ck_assert_str_eq(argv_text(w, 9), "aaaa ...");
	ck_assert_str_eq(argv_text(w, 8), "...");
	ck_assert_str_eq(argv_text(w, 4), "...");
	ck_assert_str_eq(argv_text(w, 3), "");
}
END_TEST

START_TEST(consent_needed)
{
	char *dd[] = {"dd", "if={file}", NULL};
	struct course c;
	struct lesson l;
	memset(&c, 0, sizeof c);
	memset(&l, 0, sizeof l);
	l.workload = spec_of(dd);
	ck_assert_int_eq(trust_needs_consent(&c, &l), 1);
	c.shipped = 1;
	ck_assert_int_eq(trust_needs_consent(&c, &l), 0);
	c.shipped = 0;
	wl_spec_init(&l.workload);                 /* the lab's own loop: no program */
	ck_assert_int_eq(trust_needs_consent(&c, &l), 0);
}
END_TEST

START_TEST(refusal_names_argv_and_flag)
{
	char *sh[] = {"sh", "-c", "id > /tmp/x", NULL};
	struct wl_spec s = spec_of(sh);
	char *buf = trust_refusal(&s);
	ck_assert_str_eq(buf, "this lesson runs a program from a lesson directory that is not the "
	                 "installed course: sh -c 'id > /tmp/x'; iolab runs it only with "
	                 "--allow-commands (read it first)");
	free(buf);
}
END_TEST

/* A program of many long words is named whole, to its last word, in the
 * question and in batch's refusal: nothing hides behind a cut. */
START_TEST(every_word_is_named)
{
	char *w[70];
	static char words[64][260];
	size_t n = 0;
	w[n++] = "env";
	for (int i = 0; i < 60; i++) {
		snprintf(words[i], sizeof words[i], "V%d=%0240d", i, 0);
		w[n++] = words[i];
	}
	w[n++] = "touch";
	w[n++] = "PWNED";
	w[n] = NULL;
	struct wl_spec s = spec_of(w);
	char *all = trust_argv_dup(&s), *refusal = trust_refusal(&s);
	/* env, " V0=" .. " V9=" and " V10=" .. " V59=" with 240 digits each,
	 * " touch PWNED" */
	ck_assert_uint_eq(strlen(all), 3 + 10 * 244 + 50 * 245 + 12);
	ck_assert(strstr(all, "V59=") && strstr(all, " touch PWNED") &&
	          strcmp(all + strlen(all) - 12, " touch PWNED") == 0);
	ck_assert_ptr_nonnull(strstr(refusal, "V0=0000"));
	ck_assert_ptr_nonnull(strstr(refusal, " touch PWNED; iolab runs it only with"));
	free(all);
	free(refusal);
}
END_TEST

/* A lesson pack anywhere else, a copy of the course too, is not the
 * shipped course (this test program does not run from src/, so the
 * source tree's lessons are not it either: the program's tests in
 * tests/security_commands.sh check that side); a loaded course says. */
START_TEST(shipped_is_a_directory_not_a_path)
{
	ck_assert_int_eq(course_load_dir_is_shipped(TOP_SRCDIR "/tests/fixtures/lab/lessons"), 0);
	ck_assert_int_eq(course_load_dir_is_shipped(TOP_SRCDIR "/lessons"), 0);
	ck_assert_int_eq(course_load_dir_is_shipped("/nonexistent/iolab/lessons"), 0);
	struct course c;
	struct diags ds = {0};
	ck_assert_int_eq(course_load(TOP_SRCDIR "/tests/fixtures/lab/lessons", &c, &ds), 0);
	ck_assert_int_eq(c.shipped, 0);
	lesson_course_free(&c);
	diag_list_free(&ds);
}
END_TEST

Suite *make_suite_trust(void)
{
	Suite *s = suite_create("trust");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, argv_as_a_shell_reads_it);
	tcase_add_test(tc, argv_is_harmless);
	tcase_add_test(tc, argv_is_cut_between_words);
	tcase_add_test(tc, consent_needed);
	tcase_add_test(tc, refusal_names_argv_and_flag);
	tcase_add_test(tc, every_word_is_named);
	tcase_add_test(tc, shipped_is_a_directory_not_a_path);
	suite_add_tcase(s, tc);
	return s;
}
