/* check_textwrap.c - wrapping lesson text: UTF-8, long words, paragraphs. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <string.h>

#include "suites.h"
#include "textwrap.h"

static void utf8_locale(void)
{
	/* widths of non-ASCII characters come from the locale */
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		setlocale(LC_CTYPE, "en_US.UTF-8");
}

static void c_locale(void)
{
	setlocale(LC_CTYPE, "C");
}

/* Every line fits and the words, in order, are those of the text. */
static void assert_fits(const struct tw_lines *l, int width)
{
	for (size_t i = 0; i < l->n; i++) {
		ck_assert_int_le(l->v[i].width, width);
		ck_assert_int_eq(l->v[i].width, textwrap_width(l->v[i].text));
		size_t len = strlen(l->v[i].text);
		ck_assert(len == 0 || l->v[i].text[len - 1] != ' ');
	}
}

START_TEST(widths)
{
	utf8_locale();
	ck_assert_int_eq(textwrap_width("abc"), 3);
	ck_assert_int_eq(textwrap_width("10 \u00b5s \u2192 fast"), 12);
	ck_assert_int_eq(textwrap_width("\u65e5\u672c"), 4);          /* wide CJK */
	ck_assert_int_eq(textwrap_width("e\u0301"), 1);               /* combining accent */
	ck_assert_uint_eq(textwrap_prefix_fitting("\u65e5\u672c", 3), 3);  /* never half a wide char */
	ck_assert_uint_eq(textwrap_prefix_fitting("ab\u00b7cd", 3), 4);
	c_locale();
}
END_TEST

START_TEST(wrap_words)
{
	struct tw_lines l = {0};
	ck_assert_int_eq(textwrap_wrap("the quick brown fox jumps over the lazy dog", 10, &l), 0);
	assert_fits(&l, 10);
	ck_assert_uint_eq(l.n, 5);
	ck_assert_str_eq(l.v[0].text, "the quick");
	ck_assert_str_eq(l.v[1].text, "brown fox");
	ck_assert_str_eq(l.v[2].text, "jumps over");
	ck_assert_str_eq(l.v[3].text, "the lazy");
	ck_assert_str_eq(l.v[4].text, "dog");
	textwrap_free(&l);
}
END_TEST

START_TEST(reflow_and_paragraphs)
{
	struct tw_lines l = {0};
	const char *text = "One byte per\nwrite call.\n\n\n\nSecond   paragraph.\n\n";
	ck_assert_int_eq(textwrap_wrap(text, 40, &l), 0);
	ck_assert_uint_eq(l.n, 3);
	ck_assert_str_eq(l.v[0].text, "One byte per write call.");
	ck_assert_str_eq(l.v[1].text, "");              /* runs of blank lines -> one */
	ck_assert_str_eq(l.v[2].text, "Second paragraph.");
	textwrap_free(&l);

	ck_assert_int_eq(textwrap_wrap("\n\n  \n", 40, &l), 0);
	ck_assert_uint_eq(l.n, 0);
	ck_assert_int_eq(textwrap_wrap(NULL, 40, &l), 0);
	ck_assert_uint_eq(l.n, 0);
	textwrap_free(&l);
}
END_TEST

START_TEST(long_words_cut)
{
	struct tw_lines l = {0};
	ck_assert_int_eq(textwrap_wrap("see /proc/self/io/syscr now", 8, &l), 0);
	assert_fits(&l, 8);
	ck_assert_str_eq(l.v[0].text, "see");
	ck_assert_str_eq(l.v[1].text, "/proc/se");
	ck_assert_str_eq(l.v[2].text, "lf/io/sy");
	ck_assert_str_eq(l.v[3].text, "scr now");
	textwrap_free(&l);

	/* width 1 still terminates and keeps every character */
	ck_assert_int_eq(textwrap_wrap("abc de", 1, &l), 0);
	ck_assert_uint_eq(l.n, 5);
	textwrap_free(&l);
}
END_TEST

START_TEST(utf8_wrap)
{
	utf8_locale();
	struct tw_lines l = {0};
	/* "→" and "µ" are one column each: the line is 15 columns, 21 bytes */
	ck_assert_int_eq(textwrap_wrap("1 \u00b5s \u2192 2 \u00b5s \u2192 3", 15, &l), 0);
	assert_fits(&l, 15);
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].width, 15);
	ck_assert_uint_eq(strlen(l.v[0].text), 21);
	textwrap_free(&l);
	ck_assert_int_eq(textwrap_wrap("1 \u00b5s \u2192 2 \u00b5s \u2192 3", 14, &l), 0);
	ck_assert_uint_eq(l.n, 2);
	textwrap_free(&l);

	/* wide characters are cut on character boundaries */
	ck_assert_int_eq(textwrap_wrap("\u65e5\u672c\u8a9e\u65e5\u672c", 5, &l), 0);
	assert_fits(&l, 5);
	ck_assert_uint_eq(l.n, 3);
	ck_assert_str_eq(l.v[0].text, "\u65e5\u672c");
	textwrap_free(&l);
	c_locale();
}
END_TEST

START_TEST(lists_and_indents)
{
	struct tw_lines l = {0};
	const char *text =
		"Three ways:\n"
		"- write() one byte at a time\n"
		"  through the cache\n"
		"- fwrite()\n"
		"    n += write(fd, buf, 1);\n"
		"    n += 1;\n";
	ck_assert_int_eq(textwrap_wrap(text, 20, &l), 0);
	assert_fits(&l, 20);
	ck_assert_str_eq(l.v[0].text, "Three ways:");
	ck_assert_str_eq(l.v[1].text, "- write() one byte");
	ck_assert_str_eq(l.v[2].text, "  at a time through");   /* hangs under the text */
	ck_assert_str_eq(l.v[3].text, "  the cache");
	ck_assert_str_eq(l.v[4].text, "- fwrite()");
	ck_assert_str_eq(l.v[5].text, "    n += write(fd,");    /* indented lines stay lines */
	ck_assert_str_eq(l.v[6].text, "    buf, 1);");
	ck_assert_str_eq(l.v[7].text, "    n += 1;");
	ck_assert_uint_eq(l.n, 8);
	textwrap_free(&l);
}
END_TEST

START_TEST(window_clamp)
{
	ck_assert_uint_eq(textwrap_clamp_top(0, 10, 20), 0);
	ck_assert_uint_eq(textwrap_clamp_top(5, 10, 20), 0);
	ck_assert_uint_eq(textwrap_clamp_top(5, 30, 20), 5);
	ck_assert_uint_eq(textwrap_clamp_top(50, 30, 20), 10);
	ck_assert_uint_eq(textwrap_clamp_top((size_t)-1, 30, 20), 10);
}
END_TEST

START_TEST(ascii_fallback)
{
	char out[64];
	ck_assert_str_eq(textwrap_ascii("write() \u00b7 1 B \u2192 10 \u00b5s \u2014 ok \u2713", out, sizeof out),
	                 "write() - 1 B -> 10 us -- ok *");
	ck_assert_str_eq(textwrap_ascii("\u201cq\u201d \u65e5", out, sizeof out), "\"q\" ?");
	/* truncation never splits a replacement and always terminates */
	ck_assert_str_eq(textwrap_ascii("ab\u2014", out, 4), "ab");
	ck_assert_str_eq(textwrap_ascii("abc", out, 1), "");
}
END_TEST

/* A figure's number and unit stay on one line (never "0.34" at the
 * end of a line, "s against" at the start of the next). */
START_TEST(number_keeps_its_unit)
{
	c_locale();
	struct tw_lines l = {0};
	ck_assert_int_eq(textwrap_wrap("slower; with 4096-byte writes, 0.34 s against", 36, &l), 0);
	ck_assert_uint_eq(l.n, 2);
	ck_assert_str_eq(l.v[0].text, "slower; with 4096-byte writes,");
	ck_assert_str_eq(l.v[1].text, "0.34 s against");
	textwrap_free(&l);
	ck_assert_int_eq(textwrap_wrap("on your machine: a 1 MiB file", 20, &l), 0);
	ck_assert_str_eq(l.v[0].text, "on your machine: a");
	ck_assert_str_eq(l.v[1].text, "1 MiB file");
	textwrap_free(&l);
	/* punctuation after the unit, a bracket before the number */
	ck_assert_int_eq(textwrap_wrap("it took 1,030 s, (40 MiB/s) here", 12, &l), 0);
	ck_assert_str_eq(l.v[0].text, "it took");
	ck_assert_str_eq(l.v[1].text, "1,030 s,");
	ck_assert_str_eq(l.v[2].text, "(40 MiB/s)");
	ck_assert_str_eq(l.v[3].text, "here");
	textwrap_free(&l);
	/* not a unit, not a number: words break as before */
	ck_assert_int_eq(textwrap_wrap("ran 10 times as v2 s", 6, &l), 0);
	ck_assert_str_eq(l.v[0].text, "ran 10");
	ck_assert_str_eq(l.v[1].text, "times");
	ck_assert_str_eq(l.v[2].text, "as v2");
	ck_assert_str_eq(l.v[3].text, "s");
	textwrap_free(&l);
}
END_TEST

/* Code is wrapped, never cut (no "O_CR" at 80 columns, no sw01
 * first line losing its "{"): every character is on some row, in order. */
START_TEST(code_wraps_whole)
{
	c_locale();
	struct tw_lines l = {0};
	const char *line = "int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_SYNC, 0666);";
	ck_assert_int_eq(textwrap_code(line, 36, &l), 2);
	ck_assert_uint_eq(l.n, 2);
	ck_assert_str_eq(l.v[0].text, "int fd = open(path, O_WRONLY |");
	ck_assert_str_eq(l.v[1].text, "  O_CREAT | O_TRUNC | O_SYNC, 0666);");
	ck_assert_int_eq(l.v[1].width, 36);
	textwrap_free(&l);
	/* an indented line keeps its indent; its continuation hangs deeper */
	const char *sw = "for (size_t blk = 1; blk <= 1 << 20; blk *= 2) {   /* one point each */";
	ck_assert_int_eq(textwrap_code(sw, 36, &l), 2);
	ck_assert_str_eq(l.v[0].text, "for (size_t blk = 1; blk <= 1 << 20;");
	ck_assert_str_eq(l.v[1].text, "  blk *= 2) {   /* one point each */");
	textwrap_free(&l);
	ck_assert_int_eq(textwrap_code(sw, 30, &l), 3);
	ck_assert_str_eq(l.v[0].text, "for (size_t blk = 1; blk <= 1");
	ck_assert_str_eq(l.v[1].text, "  << 20; blk *= 2) {   /* one");
	ck_assert_str_eq(l.v[2].text, "  point each */");
	textwrap_free(&l);
	ck_assert_int_eq(textwrap_code("        fseek(f, pos, SEEK_SET);  /* drops the buffer */", 30, &l), 3);
	ck_assert_str_eq(l.v[0].text, "        fseek(f, pos,");
	ck_assert_str_eq(l.v[1].text, "          SEEK_SET);  /* drops");
	ck_assert_str_eq(l.v[2].text, "          the buffer */");
	textwrap_free(&l);
	/* a token wider than the row is split, not lost */
	ck_assert_int_eq(textwrap_code("abcdefghij", 4, &l), 4);
	ck_assert_str_eq(l.v[0].text, "abcd");
	ck_assert_str_eq(l.v[1].text, "  ef");
	ck_assert_str_eq(l.v[2].text, "  gh");
	ck_assert_str_eq(l.v[3].text, "  ij");
	textwrap_free(&l);
	/* a line that fits, and an empty one, are one row each */
	ck_assert_int_eq(textwrap_code("    sum += c;", 36, &l), 1);
	ck_assert_int_eq(textwrap_code("", 36, &l), 1);
	ck_assert_str_eq(l.v[0].text, "    sum += c;");
	ck_assert_str_eq(l.v[1].text, "");
	textwrap_free(&l);
}
END_TEST

Suite *make_suite_textwrap(void)
{
	Suite *s = suite_create("textwrap");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, widths);
	tcase_add_test(tc, wrap_words);
	tcase_add_test(tc, reflow_and_paragraphs);
	tcase_add_test(tc, long_words_cut);
	tcase_add_test(tc, utf8_wrap);
	tcase_add_test(tc, lists_and_indents);
	tcase_add_test(tc, window_clamp);
	tcase_add_test(tc, ascii_fallback);
	tcase_add_test(tc, number_keeps_its_unit);
	tcase_add_test(tc, code_wraps_whole);
	suite_add_tcase(s, tc);
	return s;
}
