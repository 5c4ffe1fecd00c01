/* check_sanitize.c - what reaches a terminal from a lesson file or a
 * command: controls and bidi overrides as '?', valid UTF-8 kept. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "suites.h"
#include "utf8.h"
#include "yaml_tree.h"

static const char *clean(const char *in)
{
	static char buf[256];
	return sanitize_copy(buf, sizeof buf, in, -1);
}

/* The sequences the probe sent through --list. */
START_TEST(controls_become_question_marks)
{
	ck_assert_str_eq(clean("\033[2JCleared"), "?[2JCleared");
	ck_assert_str_eq(clean("\033]0;owned\a title"), "?]0;owned? title");
	ck_assert_str_eq(clean("\033]2;x\033\\"), "?]2;x?\\");
	ck_assert_str_eq(clean("a\tb\nc\rd\bx\x7f"), "a?b?c?d?x?");
	/* C1 controls: CSI as U+009B, and as a raw byte (not UTF-8) */
	ck_assert_str_eq(clean("\xc2\x9b" "2J|\x9b" "2J"), "?2J|?2J");
	/* the bidirectional embeddings, overrides and isolates */
	ck_assert_str_eq(clean("exe.\xe2\x80\xaetxt"), "exe.?txt");          /* U+202E RLO */
	ck_assert_str_eq(clean("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"), "????");
	ck_assert_str_eq(clean("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9"), "????");
}
END_TEST

/* Invisible characters hide or split what a line says (the lab's b view
 * passed them): zero-width space, joiners and marks, the word joiner,
 * line and paragraph separators, the BOM, the Arabic letter mark. */
START_TEST(invisible_become_question_marks)
{
	ck_assert_str_eq(clean("r\xe2\x80\x8bm"), "r?m");                          /* U+200B */
	ck_assert_str_eq(clean("\xe2\x80\x8c\xe2\x80\x8d\xe2\x80\x8e\xe2\x80\x8f"), "????");
	ck_assert_str_eq(clean("a\xe2\x80\xa8" "b\xe2\x80\xa9" "c"), "a?b?c");
	ck_assert_str_eq(clean("\xe2\x81\xa0\xef\xbb\xbf\xd8\x9c"), "???");
	ck_assert_int_eq(sanitize_needed("\xe2\x81\xa6x"), 1);
	ck_assert_int_eq(sanitize_needed("\xff"), 1);
	ck_assert_int_eq(sanitize_needed("Gr\xc3\xb6\xc3\x9f" "e \xe2\x80\x94 ok"), 0);
	ck_assert_int_eq(sanitize_needed(""), 0);
}
END_TEST

/* A message that echoes an argument, made harmless whole; a line break
 * asked to be kept stays one. */
START_TEST(messages_echoing_arguments)
{
	char *m = sanitize_printf("\n", "iolab: no lesson '%s' in %s\nTry it.\n", "a\033[2Jb",
	                          "/d\xe2\x80\xae");
	ck_assert_str_eq(m, "iolab: no lesson 'a?[2Jb' in /d?\nTry it.\n");
	free(m);
	m = sanitize_printf(NULL, "%s|%d", "x\ny", 7);
	ck_assert_str_eq(m, "x?y|7");
	free(m);
}
END_TEST

START_TEST(text_is_kept)
{
	const char *kept[] = {
		"Buffered writes: 1 B to 1 MiB",
		"Gr\xc3\xb6\xc3\x9f" "e \xe2\x80\x94 \xc2\xb5s \xe2\x9c\x93 \xe2\x86\x92",   /* Größe — µs ✓ → */
		"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",                                     /* 日本語 */
		"\xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa",                                 /* Hebrew text */
		"\xef\xbf\xbd is U+FFFD itself",
		"",
	};
	for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
		ck_assert_str_eq(clean(kept[i]), kept[i]);
}
END_TEST

/* Bytes that are not UTF-8: one '?' each, the rest kept. */
START_TEST(broken_utf8)
{
	ck_assert_str_eq(clean("a\xff" "b"), "a?b");
	ck_assert_str_eq(clean("\xc3"), "?");                        /* cut short */
	ck_assert_str_eq(clean("\xc0\xaf"), "??");                   /* overlong '/' */
	ck_assert_str_eq(clean("\xed\xa0\x80"), "???");              /* a surrogate */
}
END_TEST

/* Columns and bytes: cut between characters, always terminated. */
START_TEST(bounded)
{
	char buf[8];
	ck_assert_str_eq(sanitize_copy(buf, sizeof buf, "abcdefghij", -1), "abcdefg");
	ck_assert_str_eq(sanitize_copy(buf, sizeof buf, "abcdefghij", 3), "abc");
	ck_assert_str_eq(sanitize_copy(buf, sizeof buf, "abcdefghij", 0), "");
	ck_assert_str_eq(sanitize_copy(buf, sizeof buf, "abcdef\xc3\xa9", -1), "abcdef");   /* é at 7..8 */
	ck_assert_str_eq(sanitize_copy(buf, sizeof buf, "\033\033\033\033\033\033\033\033\033", -1), "???????");
	ck_assert_str_eq(sanitize_copy(buf, 1, "abc", -1), "");
	char *d = sanitize_dup("t\033[31mred", NULL);
	ck_assert_str_eq(d, "t?[31mred");
	free(d);
	/* what CSV keeps: its quoted line breaks, nothing else */
	d = sanitize_dup("one\ntwo\r\tthree\033[2J", "\n");
	ck_assert_str_eq(d, "one\ntwo??three?[2J");
	free(d);
}
END_TEST

/* One rule for what a terminal is not sent (utf8_is_terminal_unsafe):
 * the loader's quotes (yaml_tree_echo) and this module agree on every character
 * either would change, tab aside (the loader keeps it: a caret lines up
 * under a tab with a tab). */
START_TEST(one_rule_with_the_loader)
{
	static const uint32_t cps[] = {
		0x01, 0x07, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0xa0, 0xe9,
		0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
		0x2069, 0x206a, 0x4e2d, 0xfeff, 0x1f600,
	};
	for (size_t i = 0; i < sizeof cps / sizeof *cps; i++) {
		char in[16], enc[8], a[32], b[32];
		uint32_t c = cps[i];
		size_t n = 0;
		if (c < 0x80) {
			enc[n++] = (char)c;
		} else if (c < 0x800) {
			enc[n++] = (char)(0xc0 | c >> 6);
			enc[n++] = (char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			enc[n++] = (char)(0xe0 | c >> 12);
			enc[n++] = (char)(0x80 | (c >> 6 & 0x3f));
			enc[n++] = (char)(0x80 | (c & 0x3f));
		} else {
			enc[n++] = (char)(0xf0 | c >> 18);
			enc[n++] = (char)(0x80 | (c >> 12 & 0x3f));
			enc[n++] = (char)(0x80 | (c >> 6 & 0x3f));
			enc[n++] = (char)(0x80 | (c & 0x3f));
		}
		snprintf(in, sizeof in, "a%.*sb", (int)n, enc);
		yaml_tree_echo(in, a, sizeof a);
		sanitize_copy(b, sizeof b, in, -1);
		ck_assert_msg(strcmp(a, b) == 0, "U+%04X: the loader quotes '%s', sanitize gives '%s'",
		              (unsigned)c, a, b);
		ck_assert_int_eq(strcmp(b, "a?b") == 0, utf8_is_terminal_unsafe(c));
	}
}
END_TEST

Suite *make_suite_sanitize(void)
{
	Suite *s = suite_create("sanitize");
	TCase *tc = tcase_create("pure");
	tcase_add_test(tc, controls_become_question_marks);
	tcase_add_test(tc, invisible_become_question_marks);
	tcase_add_test(tc, messages_echoing_arguments);
	tcase_add_test(tc, text_is_kept);
	tcase_add_test(tc, broken_utf8);
	tcase_add_test(tc, bounded);
	tcase_add_test(tc, one_rule_with_the_loader);
	suite_add_tcase(s, tc);
	return s;
}
