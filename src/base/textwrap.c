/* textwrap.c - UTF-8 aware paragraph wrapping for the lesson text (decoded
 * by utf8.c: a broken byte is one U+FFFD column, as a terminal shows it). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "textwrap.h"
#include "utf8.h"

#define TAB_COLS 4

int textwrap_char_width(uint32_t cp)
{
	if (cp < 0x80)
		return cp >= 0x20 && cp != 0x7f ? 1 : 0;
	int w = wcwidth((wchar_t)cp);
	return w < 0 ? 1 : w;
}

int textwrap_width(const char *s)
{
	size_t len = strlen(s);
	int w = 0;
	while (len > 0) {
		uint32_t cp;
		size_t n = utf8_decode_lossy(s, len, &cp);
		w += textwrap_char_width(cp);
		s += n;
		len -= n;
	}
	return w;
}

size_t textwrap_prefix_fitting(const char *s, int cols)
{
	size_t len = strlen(s), used = 0;
	int w = 0;
	while (used < len) {
		uint32_t cp;
		size_t n = utf8_decode_lossy(s + used, len - used, &cp);
		int cw = textwrap_char_width(cp);
		if (w + cw > cols)
			break;
		w += cw;
		used += n;
	}
	return used;
}

/* --- a growing string --------------------------------------------------- */

struct sbuf {
	char *s;
	size_t len, cap;
	int width;
};

static int sbuf_add(struct sbuf *b, const char *s, size_t n, int width)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 128;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *grown = realloc(b->s, cap);
		if (!grown)
			return -1;
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	b->width += width;
	return 0;
}

static int sbuf_spaces(struct sbuf *b, int n)
{
	for (int i = 0; i < n; i++)
		if (sbuf_add(b, " ", 1, 1) != 0)
			return -1;
	return 0;
}

static void sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	b->width = 0;
	if (b->s)
		b->s[0] = '\0';
}

/* --- lines ------------------------------------------------------------- */

static int lines_push(struct tw_lines *out, const char *s, size_t n, int width)
{
	if (out->n == out->cap) {
		size_t cap = out->cap ? out->cap * 2 : 32;
		struct tw_line *grown = realloc(out->v, cap * sizeof *grown);
		if (!grown)
			return -1;
		out->v = grown;
		out->cap = cap;
	}
	char *copy = malloc(n + 1);
	if (!copy)
		return -1;
	memcpy(copy, s, n);
	copy[n] = '\0';
	out->v[out->n].text = copy;
	out->v[out->n].width = width;
	out->n++;
	return 0;
}

int textwrap_add_line(struct tw_lines *out, const char *text, int width)
{
	size_t n = width > 0 ? textwrap_prefix_fitting(text, width) : strlen(text);
	char *tmp = malloc(n + 1);
	if (!tmp)
		return -1;
	memcpy(tmp, text, n);
	tmp[n] = '\0';
	int rc = lines_push(out, tmp, n, textwrap_width(tmp));
	free(tmp);
	return rc;
}

/* Bytes of the row to take from s (> 0 when s is not empty): the longest
 * prefix that fits in cols, backed up to its last blank when more follows
 * and a blank after the indentation allows it. */
static size_t code_row_bytes(const char *s, int cols, size_t indent)
{
	size_t n = textwrap_prefix_fitting(s, cols);
	if (n == 0 && *s) {
		uint32_t cp;
		return utf8_decode_lossy(s, strlen(s), &cp);    /* not one column: one character */
	}
	if (!s[n] || s[n] == ' ')
		return n;
	for (size_t k = n; k > indent; k--)
		if (s[k - 1] == ' ')
			return k;
	return n;
}

int textwrap_code(const char *line, int width, struct tw_lines *out)
{
	if (width < 1)
		width = 1;
	size_t indent = strspn(line, " ");
	int hang = (int)indent + 2;
	if (hang > width / 2)
		hang = width / 2;
	const char *p = line;
	int rows = 0;
	char *row = malloc(strlen(line) + (size_t)hang + 1);
	if (!row)
		return -1;
	do {
		int pad = rows ? hang : 0;
		size_t n = code_row_bytes(p, width - pad, rows ? 0 : indent);
		memset(row, ' ', (size_t)pad);
		memcpy(row + pad, p, n);
		size_t len = (size_t)pad + n;
		while (len > (size_t)pad && row[len - 1] == ' ')
			len--;                      /* rows never end in blanks */
		row[len] = '\0';
		if (lines_push(out, row, len, textwrap_width(row)) != 0) {
			free(row);
			return -1;
		}
		rows++;
		p += n;
		p += strspn(p, " ");            /* a continuation starts at its token */
	} while (*p);
	free(row);
	return rows;
}

void textwrap_free(struct tw_lines *lines)
{
	for (size_t i = 0; i < lines->n; i++)
		free(lines->v[i].text);
	free(lines->v);
	memset(lines, 0, sizeof *lines);
}

size_t textwrap_clamp_top(size_t top, size_t n, size_t height)
{
	if (n <= height)
		return 0;
	return top > n - height ? n - height : top;
}

/* --- wrapping ----------------------------------------------------------- */

/* A block being filled: the first line's prefix is already in `line`,
 * continuation lines start with `hang` spaces. */
struct filler {
	struct tw_lines *out;
	struct sbuf line;
	int width, hang;
	int has_word;             /* a word is on the current line */
};

static int filler_emit(struct filler *f)
{
	/* lines never end in spaces */
	while (f->line.len > 0 && f->line.s[f->line.len - 1] == ' ') {
		f->line.s[--f->line.len] = '\0';
		f->line.width--;
	}
	if (lines_push(f->out, f->line.s ? f->line.s : "", f->line.len, f->line.width) != 0)
		return -1;
	sbuf_reset(&f->line);
	f->has_word = 0;
	return sbuf_spaces(&f->line, f->hang);
}

/* Place one word of `n` bytes (no spaces, but for a number and its unit). */
static int filler_word(struct filler *f, const char *w, size_t n)
{
	char *tmp = malloc(n + 1);
	if (!tmp)
		return -1;
	memcpy(tmp, w, n);
	tmp[n] = '\0';
	int ww = textwrap_width(tmp), rc = 0;
	int sep = f->has_word ? 1 : 0;
	if (f->has_word && f->line.width + sep + ww > f->width) {
		rc = filler_emit(f);
		sep = 0;
	}
	if (rc == 0 && sep)
		rc = sbuf_add(&f->line, " ", 1, 1);
	/* a word wider than the room left is cut at the edge, piece by piece */
	const char *p = tmp;
	while (rc == 0 && f->line.width + textwrap_width(p) > f->width) {
		int room = f->width - f->line.width;
		size_t fit = room > 0 ? textwrap_prefix_fitting(p, room) : 0;
		if (fit == 0 && !f->has_word && f->line.width <= f->hang) {
			/* not even one character fits after the hang: drop the hang */
			uint32_t cp;
			fit = utf8_decode_lossy(p, strlen(p), &cp);
		}
		if (fit > 0) {
			rc = sbuf_add(&f->line, p, fit, 0);
			f->line.width = textwrap_width(f->line.s);
			p += fit;
			f->has_word = 1;
		}
		if (rc == 0 && *p)
			rc = filler_emit(f);
	}
	if (rc == 0 && *p) {
		rc = sbuf_add(&f->line, p, strlen(p), textwrap_width(p));
		f->has_word = 1;
	}
	free(tmp);
	return rc;
}

/* "1,030", "0.34", "(1", "~30": digits with separators inside, after an
 * optional opening bracket or tilde. */
static int is_number(const char *w, size_t n)
{
	size_t i = 0;
	while (i < n && (w[i] == '(' || w[i] == '~'))
		i++;
	if (i == n || !isdigit((unsigned char)w[i]))
		return 0;
	for (; i < n; i++)
		if (!isdigit((unsigned char)w[i]) && !((w[i] == ',' || w[i] == '.') && i + 1 < n
		                                       && isdigit((unsigned char)w[i + 1])))
			return 0;
	return 1;
}

/* A unit that reads as part of the number before it: "s", "MiB", "KB/s",
 * "bytes" ... (trailing punctuation aside: "s,", "MiB.", "B/s)"). */
static int is_unit(const char *w, size_t n)
{
	static const char *const units[] = {
		"B", "KB", "MB", "GB", "TB", "PB", "kB", "KiB", "MiB", "GiB", "TiB",
		"B/s", "KB/s", "MB/s", "GB/s", "TB/s", "PB/s", "kB/s", "KiB/s", "MiB/s", "GiB/s",
		"bytes", "byte", "s", "ms", "us", "\u00b5s", "ns", "min", "%",
	};
	while (n > 0 && strchr(".,;:)!?", w[n - 1]))
		n--;
	for (size_t i = 0; i < sizeof units / sizeof *units; i++)
		if (strlen(units[i]) == n && strncmp(w, units[i], n) == 0)
			return 1;
	return 0;
}

static int filler_words(struct filler *f, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		size_t start = i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		/* a number keeps its unit on its line: "0.34 s", never "0.34" / "s" */
		if (i > start && i + 1 < n && s[i] == ' ' && is_number(s + start, i - start)) {
			size_t u = i + 1, end = u;
			while (end < n && s[end] != ' ' && s[end] != '\t')
				end++;
			if (end > u && is_unit(s + u, end - u))
				i = end;
		}
		if (i > start && filler_word(f, s + start, i - start) != 0)
			return -1;
	}
	return 0;
}

/* Leading blanks in columns (tabs count TAB_COLS), and their bytes. */
static int leading_cols(const char *s, size_t n, size_t *bytes)
{
	int cols = 0;
	size_t i = 0;
	for (; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		cols += s[i] == '\t' ? TAB_COLS : 1;
	*bytes = i;
	return cols;
}

/* Width of a list marker at s ("- ", "* ", "• "), 0 if none; bytes in *mb. */
static int marker_cols(const char *s, size_t n, size_t *mb)
{
	if (n >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ') {
		*mb = 2;
		return 2;
	}
	if (n >= 4 && memcmp(s, "\xe2\x80\xa2 ", 4) == 0) {
		*mb = 4;
		return 2;
	}
	*mb = 0;
	return 0;
}

static int is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return 0;
	return 1;
}

/* Start a block at a source line: its indent and marker go on the first
 * line, the hang under the text. */
static int filler_start(struct filler *f, const char *s, size_t n, size_t *skip)
{
	size_t lb, mb;
	int indent = leading_cols(s, n, &lb);
	int mark = marker_cols(s + lb, n - lb, &mb);
	if (indent + mark >= f->width / 2)
		indent = 0;     /* a deep indent on a narrow pane: keep the text */
	f->hang = indent + mark;
	sbuf_reset(&f->line);
	f->has_word = 0;
	if (sbuf_spaces(&f->line, indent) != 0 || sbuf_add(&f->line, s + lb, mb, mark) != 0)
		return -1;
	*skip = lb + mb;
	return 0;
}

int textwrap_wrap(const char *text, int width, struct tw_lines *out)
{
	struct filler f = {out, {NULL, 0, 0, 0}, width < 1 ? 1 : width, 0, 0};
	int in_block = 0, list_hang = -1, pending_blank = 0, rc = 0;
	const char *p = text ? text : "";
	while (rc == 0 && *p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (is_blank(p, n)) {
			if (in_block)
				rc = filler_emit(&f);
			in_block = 0;
			list_hang = -1;
			pending_blank = out->n > 0;
		} else {
			size_t lb, mb;
			int indent = leading_cols(p, n, &lb);
			int starts_item = marker_cols(p + lb, n - lb, &mb) > 0;
			/* an indented block (list_hang -2, an example) keeps its lines */
			int continues = in_block && !starts_item
			                && (list_hang >= 0 ? indent == list_hang
			                                   : list_hang == -1 && indent == 0);
			size_t skip = 0;
			if (!continues) {
				if (in_block)
					rc = filler_emit(&f);
				if (rc == 0 && pending_blank)
					rc = lines_push(out, "", 0, 0);
				pending_blank = 0;
				if (rc == 0)
					rc = filler_start(&f, p, n, &skip);
				in_block = 1;
				list_hang = starts_item ? f.hang : (indent > 0 ? -2 : -1);
			}
			if (rc == 0)
				rc = filler_words(&f, p + skip, n - skip);
		}
		p = nl ? nl + 1 : p + n;
	}
	if (rc == 0 && in_block)
		rc = filler_emit(&f);
	free(f.line.s);
	return rc;
}

/* --- ASCII fallback ----------------------------------------------------- */

struct translit {
	uint32_t cp;
	const char *ascii;
};

static const struct translit translits[] = {
	{0x00a0, " "}, {0x00b5, "u"}, {0x00b7, "-"}, {0x00d7, "x"}, {0x00f7, "/"},
	{0x00b0, "deg"}, {0x00b1, "+-"}, {0x00bd, "1/2"},
	{0x03bc, "u"}, {0x2010, "-"}, {0x2011, "-"}, {0x2012, "-"}, {0x2013, "-"},
	{0x2014, "--"}, {0x2018, "'"}, {0x2019, "'"}, {0x201c, "\""}, {0x201d, "\""},
	{0x2022, "*"}, {0x2026, "..."}, {0x2032, "'"}, {0x2190, "<-"}, {0x2192, "->"},
	{0x2191, "^"}, {0x2193, "v"}, {0x21d2, "=>"}, {0x2212, "-"}, {0x2248, "~"},
	{0x2260, "!="}, {0x2264, "<="}, {0x2265, ">="}, {0x2713, "*"}, {0x2714, "*"},
	{0x2717, "x"}, {0x25b2, "^"}, {0x25bc, "v"}, {0x2588, "#"},
};

char *textwrap_ascii(const char *in, char *out, size_t len)
{
	size_t o = 0, n = strlen(in);
	if (len == 0)
		return out;
	while (n > 0 && o + 1 < len) {
		uint32_t cp;
		size_t used = utf8_decode_lossy(in, n, &cp);
		const char *rep = NULL;
		char one[2] = {0, 0};
		if (cp < 0x80) {
			one[0] = (char)cp;
			rep = one;
		} else {
			rep = "?";
			for (size_t i = 0; i < sizeof translits / sizeof *translits; i++)
				if (translits[i].cp == cp) {
					rep = translits[i].ascii;
					break;
				}
		}
		size_t rl = strlen(rep);
		if (o + rl >= len)
			break;
		memcpy(out + o, rep, rl);
		o += rl;
		in += used;
		n -= used;
	}
	out[o] = '\0';
	return out;
}
