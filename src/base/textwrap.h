/* textwrap.h - lesson text wrapped to a width, and windows onto it.  Pure.
 *
 * Text is UTF-8 whatever the locale: it is decoded with utf8.h's lossy
 * decoder (a malformed byte is one U+FFFD), and each character's width
 * comes from wcwidth() when the locale knows it (1 when it does not, as a
 * terminal in a non-UTF-8 locale shows it).  Views that cannot print UTF-8
 * pass the text through textwrap_ascii() first.
 *
 * Paragraphs are separated by blank lines and are reflowed; a line that
 * starts with "- ", "* " or whitespace starts a new block of its own (a
 * list item or an indented example) and its continuation lines hang under
 * its text.  A number keeps the unit after it on its line ("0.34 s",
 * "1 MiB", "4096 bytes").  A word longer than the width is cut at the width.
 */
#ifndef IOLAB_TEXTWRAP_H
#define IOLAB_TEXTWRAP_H

#include <stddef.h>
#include <stdint.h>

struct tw_line {
	char *text;               /* UTF-8, no newline */
	int width;                /* display columns */
};

struct tw_lines {
	struct tw_line *v;
	size_t n, cap;
};

/* Display columns of one character: 0 for combining marks, 2 for wide,
 * 1 for anything the locale cannot measure. */
int textwrap_char_width(uint32_t cp);
/* Display columns of a UTF-8 string. */
int textwrap_width(const char *s);
/* Bytes of the longest prefix of s that fits in `cols` columns. */
size_t textwrap_prefix_fitting(const char *s, int cols);

/* Wrap text to `width` columns (>= 1), appending lines to out (which must be
 * zeroed or previously used).  Blank lines between paragraphs are kept as
 * one empty line.  Returns 0 or -1 (out of memory). */
int textwrap_wrap(const char *text, int width, struct tw_lines *out);
/* A line of code over as many rows of `width` columns as it needs, losing
 * nothing: each row breaks after the last blank that fits (mid-token only
 * when a token is wider than the row), and the rows after the first are
 * indented like the line plus two columns (at most half the width).  The
 * caller marks those continuation rows (the lab's code listing puts a
 * glyph in its gutter).  Returns the rows appended, or -1 (out of memory). */
int textwrap_code(const char *line, int width, struct tw_lines *out);
/* Append one line verbatim (cut at width when width > 0, else whole). */
int textwrap_add_line(struct tw_lines *out, const char *text, int width);
void textwrap_free(struct tw_lines *lines);

/* The first line to show so that a window of `height` lines over `n` lines
 * starting at `top` stays inside the text: clamps top to 0 .. n - height. */
size_t textwrap_clamp_top(size_t top, size_t n, size_t height);

/* Transliterate UTF-8 into ASCII for terminals that cannot show it:
 * "·" -> "-", "→" -> "->", "—" -> "--", "µ" -> "u", "✓" -> "*", curly
 * quotes -> straight ...; any other non-ASCII character -> "?".  Always
 * NUL-terminates (len >= 1).  Returns out. */
char *textwrap_ascii(const char *in, char *out, size_t len);

#endif
