/* check_utf8.c - the one UTF-8 decoder: what is valid (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), and what each
 * entry point does with what is not. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "suites.h"
#include "utf8.h"

/* One code point decoded, whatever the bytes. */
START_TEST(decode_lossy)
{
	uint32_t cp;
	ck_assert_uint_eq(utf8_decode_lossy("A", 1, &cp), 1);
	ck_assert_uint_eq(cp, 'A');
	ck_assert_uint_eq(utf8_decode_lossy("\u00b7", 2, &cp), 2);
	ck_assert_uint_eq(cp, 0xb7);
	ck_assert_uint_eq(utf8_decode_lossy("\u2192", 3, &cp), 3);
	ck_assert_uint_eq(cp, 0x2192);
	ck_assert_uint_eq(utf8_decode_lossy("\xf0\x9f\x98\x80", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1f600);
	/* malformed: a lone continuation byte, a cut sequence, an overlong '/' */
	ck_assert_uint_eq(utf8_decode_lossy("\x80x", 2, &cp), 1);
	ck_assert_uint_eq(cp, 0xfffd);
	ck_assert_uint_eq(utf8_decode_lossy("\xe2\x86", 2, &cp), 1);
	ck_assert_uint_eq(cp, 0xfffd);
	ck_assert_uint_eq(utf8_decode_lossy("\xc0\xaf", 2, &cp), 1);
	ck_assert_uint_eq(cp, 0xfffd);
	/* a surrogate, past U+10FFFF: one replaced byte each, then resync */
	ck_assert_uint_eq(utf8_decode_lossy("\xed\xa0\x80", 3, &cp), 1);
	ck_assert_uint_eq(cp, 0xfffd);
	ck_assert_uint_eq(utf8_decode_lossy("\xf4\x90\x80\x80", 4, &cp), 1);
	ck_assert_uint_eq(cp, 0xfffd);
	ck_assert_uint_eq(utf8_decode_lossy("", 0, &cp), 0);
	ck_assert_uint_eq(cp, 0);
}
END_TEST

/* Every boundary of the strict rules, as lengths (0 = invalid). */
START_TEST(decode_strict)
{
	static const struct {
		const char *s;
		size_t len, want;
		uint32_t cp;
	} cases[] = {
		{"\x7f", 1, 1, 0x7f},
		{"\xc2\x80", 2, 2, 0x80},
		{"\xc1\xbf", 2, 0, 0},                 /* overlong U+007F */
		{"\xdf\xbf", 2, 2, 0x7ff},
		{"\xe0\x9f\xbf", 3, 0, 0},             /* overlong U+07FF */
		{"\xe0\xa0\x80", 3, 3, 0x800},
		{"\xed\x9f\xbf", 3, 3, 0xd7ff},
		{"\xed\xa0\x80", 3, 0, 0},             /* U+D800, a surrogate */
		{"\xed\xbf\xbf", 3, 0, 0},             /* U+DFFF */
		{"\xee\x80\x80", 3, 3, 0xe000},
		{"\xef\xbf\xbf", 3, 3, 0xffff},
		{"\xf0\x8f\xbf\xbf", 4, 0, 0},         /* overlong U+FFFF */
		{"\xf0\x90\x80\x80", 4, 4, 0x10000},
		{"\xf4\x8f\xbf\xbf", 4, 4, 0x10ffff},
		{"\xf4\x90\x80\x80", 4, 0, 0},         /* U+110000 */
		{"\xf5\x80\x80\x80", 4, 0, 0},
		{"\xff", 1, 0, 0},
		{"\xe2\x82\xac", 2, 0, 0},             /* cut by len */
		{"\xe2\x28\xa1", 3, 0, 0},             /* bad continuation */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		uint32_t cp = 0xdead;
		size_t n = utf8_decode(cases[i].s, cases[i].len, &cp);
		ck_assert_msg(n == cases[i].want, "case %zu: %zu, want %zu", i, n, cases[i].want);
		if (n)
			ck_assert_uint_eq(cp, cases[i].cp);
	}
}
END_TEST

/* NUL-terminated: the NUL ends a sequence early and is never read past. */
START_TEST(len_terminated)
{
	ck_assert_uint_eq(utf8_len("a"), 1);
	ck_assert_uint_eq(utf8_len(""), 1);
	ck_assert_uint_eq(utf8_len("\xc2\x80"), 2);
	ck_assert_uint_eq(utf8_len("\xe2\x82"), 0);
	ck_assert_uint_eq(utf8_len("\xf0\x9f\x98"), 0);
	ck_assert_uint_eq(utf8_len("\xf0\x9f\x98\x80z"), 4);
}
END_TEST

START_TEST(first_invalid)
{
	const char *s = "caf\xc3\xa9 \xe9t\xc3\xa9";
	ck_assert_uint_eq(utf8_first_invalid(s, strlen(s)), 6);
	ck_assert_uint_eq(utf8_first_invalid(s, 6), SIZE_MAX);
	ck_assert_uint_eq(utf8_first_invalid("", 0), SIZE_MAX);
	ck_assert_uint_eq(utf8_first_invalid("ab\xe2\x82", 4), 2);   /* cut at the end */
}
END_TEST

/* Characters as a view counts them: each invalid byte one. */
START_TEST(count)
{
	ck_assert_uint_eq(utf8_count("", 0), 0);
	ck_assert_uint_eq(utf8_count("abc", 3), 3);
	ck_assert_uint_eq(utf8_count("caf\xc3\xa9 \xc2\xb7", 7), 6);
	ck_assert_uint_eq(utf8_count("\xf0\x9f\x98\x80!", 5), 2);
	ck_assert_uint_eq(utf8_count("caf\xc3\xa9", 4), 4);        /* cut: the lead byte alone */
	ck_assert_uint_eq(utf8_count("\x80\x80" "a", 3), 3);        /* stray continuations */
	ck_assert_uint_eq(utf8_count("\xc0\xaf", 2), 2);            /* overlong: two bad bytes */
	ck_assert_uint_eq(utf8_count("a\0b", 3), 3);
}
END_TEST

START_TEST(terminal_unsafe)
{
	ck_assert(utf8_is_terminal_unsafe(0x1b));            /* ESC */
	ck_assert(utf8_is_terminal_unsafe(0x00));
	ck_assert(!utf8_is_terminal_unsafe('\t'));
	ck_assert(!utf8_is_terminal_unsafe(' '));
	ck_assert(!utf8_is_terminal_unsafe('~'));
	ck_assert(utf8_is_terminal_unsafe(0x7f));            /* DEL */
	ck_assert(utf8_is_terminal_unsafe(0x9b));            /* CSI */
	ck_assert(!utf8_is_terminal_unsafe(0xa0));
	ck_assert(utf8_is_terminal_unsafe(0x202e));          /* RIGHT-TO-LEFT OVERRIDE */
	ck_assert(utf8_is_terminal_unsafe(0x2066));
	ck_assert(!utf8_is_terminal_unsafe(0x2192));
}
END_TEST

Suite *make_suite_utf8(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, decode_lossy);
	tcase_add_test(tc, decode_strict);
	tcase_add_test(tc, len_terminated);
	tcase_add_test(tc, first_invalid);
	tcase_add_test(tc, count);
	tcase_add_test(tc, terminal_unsafe);
	suite_add_tcase(s, tc);
	return s;
}
