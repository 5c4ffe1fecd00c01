/* yaml_tree.c - layer 1 of the loader: a file read under the bounds, and
 * libyaml's events turned into a tree whose nodes keep their marks.
 *
 * Why this is a layer of its own (see also yaml_tree.h): it is the only
 * code that knows libyaml.  It reads one file under the bounds of
 * lesson_limits.h (size, nesting, scalar length, node count; aliases,
 * anchors and every tag but !!str refused, so nothing expands and nothing
 * means more than a string) and allocates every node from one arena per
 * file, so no error path can leak.  Holding the whole file (instead of
 * acting on events as they stream past) lets the layers above point at
 * any key after the mapping was read - cross-key rules such as
 * block <= size need that.  Marks, source lines and carets are made here,
 * so every layer reports FILE:LINE:COLUMN the same way.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "file_read.h"
#include "utf8.h"
#include "yaml_tree.h"

#define SOURCE_LINE_MAX 4096   /* bytes of a source line kept for a diag */
#define ARENA_CHUNK 65536
#define WHY_MAX (2 * PATH_MAX + 256)   /* a reason naming two paths */
#define YAML_TAG_PREFIX "tag:yaml.org,2002:"   /* what !! stands for */

/* --- arena: every node and string of one file ----------------------------- */

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	max_align_t data[];
};

static void *arena_alloc(struct arena_chunk **head, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct arena_chunk *c = *head;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > ARENA_CHUNK ? n : ARENA_CHUNK;
		if (!(c = malloc(sizeof *c + cap)))
			return NULL;
		c->used = 0;
		c->cap = cap;
		c->next = *head;
		*head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

static void arena_free(struct arena_chunk **head)
{
	while (*head) {
		struct arena_chunk *next = (*head)->next;
		free(*head);
		*head = next;
	}
}

/* --- source text: line breaks, marks, printable copies --------------------- */

/* Length of the line break at s, as libyaml counts them: CR LF, CR, LF,
 * NEL, LS, PS.  0 if none. */
static size_t break_len(const unsigned char *s, size_t rem)
{
	if (!rem)
		return 0;
	if (s[0] == '\r')
		return rem > 1 && s[1] == '\n' ? 2 : 1;
	if (s[0] == '\n')
		return 1;
	if (rem > 1 && s[0] == 0xC2 && s[1] == 0x85)
		return 2;
	if (rem > 2 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9))
		return 3;
	return 0;
}

/* Start and length of line (1-based); -1 past the end. */
static int find_line(const char *buf, size_t len, unsigned line, size_t *start, size_t *n)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t i = 0;
	for (unsigned l = 1; l < line; l++) {
		size_t b;
		while (i < len && !(b = break_len(s + i, len - i)))
			i++;
		if (i >= len)
			return -1;
		i += b;
	}
	size_t e = i;
	while (e < len && !break_len(s + e, len - e))
		e++;
	*start = i;
	*n = e - i;
	return 0;
}

/* Byte offset -> 1-based line and column (columns count characters). */
static void offset_mark(const char *buf, size_t len, size_t off, unsigned *line, unsigned *col)
{
	const unsigned char *s = (const unsigned char *)buf;
	unsigned l = 1, c = 1;
	if (off > len)
		off = len;
	for (size_t i = 0; i < off;) {
		size_t b = break_len(s + i, len - i);
		if (b) {
			i += b;
			l++;
			c = 1;
			continue;
		}
		if ((s[i] & 0xC0) != 0x80)
			c++;
		i++;
	}
	/* the byte at off itself is not passed yet: c counted what precedes it */
	*line = l;
	*col = c;
}

/* Copies at most maxchars characters of s[0..n) into out, each broken or
 * unprintable byte as one '?' (so columns still line up).  Returns whether
 * the copy was cut short. */
static int printable_copy(char *out, size_t outlen, const char *s, size_t n, size_t maxchars)
{
	size_t o = 0, chars = 0, i = 0;
	while (i < n && chars < maxchars) {
		uint32_t cp;
		size_t k = utf8_decode(s + i, n - i, &cp);
		if (o + (k ? k : 1) + 1 > outlen)
			break;
		if (!k || utf8_is_terminal_unsafe(cp)) {
			out[o++] = '?';
			i += k ? k : 1;
		} else {
			memcpy(out + o, s + i, k);
			o += k;
			i += k;
		}
		chars++;
	}
	out[o] = '\0';
	return i < n;
}

const char *yaml_tree_echo(const char *s, char *buf, size_t len)
{
	if (len < 8) {
		if (len)
			buf[0] = '\0';
		return buf;
	}
	if (printable_copy(buf, len - 3, s, strlen(s), 48))
		strcat(buf, "...");
	return buf;
}

const char *yaml_tree_echo_key(const char *key, char *buf, size_t len)
{
	size_t token = strcspn(key, ":");
	if (!key[token])
		return yaml_tree_echo(key, buf, len);
	char cut[LESSON_WORD_MAX + 4];
	int keep = (int)(token < LESSON_WORD_MAX ? token : LESSON_WORD_MAX);
	snprintf(cut, sizeof cut, "%.*s...", keep, key);
	return yaml_tree_echo(cut, buf, len);
}

/* --- a byte of a value -> its place in the file ---------------------------- */

/* Byte offset of line:col (1-based, columns in characters) in buf. */
static size_t mark_offset(const char *buf, size_t len, unsigned line, unsigned col)
{
	size_t start, n;
	if (find_line(buf, len, line, &start, &n) != 0)
		return len;
	size_t i = start;
	for (unsigned c = 1; c < col && i < start + n; c++) {
		i++;
		while (i < start + n && ((unsigned char)buf[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Bytes of UTF-8 that code point cp takes. */
static size_t utf8_width(unsigned long cp)
{
	return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* A double-quoted escape at s (s[0] == '\\'): how many source bytes it
 * takes and how many value bytes it makes (YAML 1.1's escapes). */
static void escape_len(const char *s, size_t rem, size_t *src, size_t *val)
{
	static const struct { char c; size_t digits; } hex[] = {{'x', 2}, {'u', 4}, {'U', 8}};
	*src = rem > 1 ? 2 : 1;
	*val = 1;
	if (rem < 2)
		return;
	for (size_t i = 0; i < sizeof hex / sizeof *hex; i++)
		if (s[1] == hex[i].c && rem >= 2 + hex[i].digits) {
			char digits[9];
			memcpy(digits, s + 2, hex[i].digits);
			digits[hex[i].digits] = '\0';
			*src = 2 + hex[i].digits;
			*val = utf8_width(strtoul(digits, NULL, 16));
			return;
		}
	if (s[1] == 'N' || s[1] == '_')          /* U+0085, U+00A0 */
		*val = 2;
	else if (s[1] == 'L' || s[1] == 'P')     /* U+2028, U+2029 */
		*val = 3;
}

/* The line breaks from q on, folded as a flow scalar folds them (with the
 * blanks around them): sets *q past them and returns the value bytes they
 * become - one space for one break, n - 1 newlines for n. */
static size_t fold_breaks(const struct ydoc *doc, size_t *q)
{
	const unsigned char *s = (const unsigned char *)doc->buf;
	size_t p = *q, breaks = 0, b;
	for (;;) {
		size_t r = p;
		while (r < doc->len && blank((char)s[r]))
			r++;
		if (r >= doc->len || !(b = break_len(s + r, doc->len - r)))
			break;
		breaks++;
		p = r + b;
	}
	while (p < doc->len && blank((char)s[p]))
		p++;
	*q = p;
	return breaks == 1 ? 1 : breaks - 1;
}

/* Where the value of a block scalar starts: past the header line and any
 * empty lines, at the first character of the first line with one. */
static size_t block_start(const struct ydoc *doc, size_t p)
{
	const unsigned char *s = (const unsigned char *)doc->buf;
	size_t b;
	while (p < doc->len && !break_len(s + p, doc->len - p))
		p++;
	for (;;) {
		if (p >= doc->len || !(b = break_len(s + p, doc->len - p)))
			return p;
		p += b;
		size_t r = p;
		while (r < doc->len && blank((char)s[r]))
			r++;
		if (r >= doc->len || !break_len(s + r, doc->len - r))
			return r;
		p = r;
	}
}

void yaml_tree_value_mark(const struct ydoc *doc, const struct ynode *n, size_t offset,
                      unsigned *line, unsigned *col)
{
	*line = n->line;
	*col = n->column;
	if (!doc->buf || n->kind != Y_SCALAR)
		return;
	const char *s = doc->buf;
	size_t q = mark_offset(s, doc->len, n->line, n->column), v = 0;
	if (n->style == Y_LITERAL || n->style == Y_FOLDED) {
		offset_mark(s, doc->len, block_start(doc, q), line, col);
		return;
	}
	int dq = n->style == Y_DOUBLE_QUOTED, sq = n->style == Y_SINGLE_QUOTED;
	if (dq || sq)
		q++;                                  /* the opening quote */
	while (v < offset && q < doc->len) {
		size_t rem = doc->len - q, src, val;
		if (dq && s[q] == '\\' && rem > 1 && break_len((const unsigned char *)s + q + 1, rem - 1)) {
			/* an escaped line break joins the lines: no value byte */
			q += 1 + break_len((const unsigned char *)s + q + 1, rem - 1);
			while (q < doc->len && blank(s[q]))
				q++;
			continue;
		}
		if (dq && s[q] == '\\') {
			escape_len(s + q, rem, &src, &val);
		} else if (sq && s[q] == '\'' && rem > 1 && s[q + 1] == '\'') {
			src = 2;
			val = 1;
		} else if (blank(s[q]) || break_len((const unsigned char *)s + q, rem)) {
			size_t r = q;
			while (r < doc->len && blank(s[r]))
				r++;
			if (r < doc->len && !break_len((const unsigned char *)s + r, doc->len - r)) {
				src = val = 1;                /* a blank inside a line is the value's */
			} else {
				size_t from = q;
				val = fold_breaks(doc, &q);
				if (v + val > offset) {
					q = from;
					break;
				}
				v += val;
				continue;
			}
		} else {
			uint32_t cp;
			size_t k = utf8_decode(s + q, rem, &cp);
			src = val = k ? k : 1;
		}
		if (v + val > offset)
			break;                        /* offset is inside this piece */
		v += val;
		q += src;
	}
	offset_mark(s, doc->len, q, line, col);
}

/* The printable source line, or NULL; of a guarded file, no character
 * past the column mark. */
static const char *source_line(const struct ydoc *doc, unsigned line, unsigned col, char *out,
                               size_t outlen)
{
	size_t start, n, max = SOURCE_LINE_MAX;
	if (!doc || !doc->buf || !line || find_line(doc->buf, doc->len, line, &start, &n) ||
	    start == doc->len)        /* the end of the file: no line to show */
		return NULL;
	if (doc->guarded && (max = col < max ? col : max) == 0)
		return NULL;
	printable_copy(out, outlen, doc->buf + start, n, max);
	return out;
}

int yaml_tree_find(const struct ydoc *doc, unsigned *line, unsigned *col, unsigned end_line,
              unsigned end_col, const char *needle)
{
	size_t start, n, nl = strlen(needle);
	if (!doc || !doc->buf || !*line || find_line(doc->buf, doc->len, *line, &start, &n))
		return -1;
	const unsigned char *s = (const unsigned char *)doc->buf;
	unsigned l = *line, c = 1;
	for (size_t i = start; i + nl <= doc->len;) {
		if (end_line && (l > end_line || (l == end_line && c >= end_col)))
			return -1;
		if ((l > *line || c >= *col) && memcmp(s + i, needle, nl) == 0) {
			*line = l;
			*col = c;
			return 0;
		}
		size_t b = break_len(s + i, doc->len - i);
		if (b) {
			i += b;
			l++;
			c = 1;
			continue;
		}
		i++;
		while (i < doc->len && (s[i] & 0xC0) == 0x80)
			i++;
		c++;
	}
	return -1;
}

/* A diag at line:col of doc, with that line of the source. */
void yaml_tree_vdiag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                const char *fmt, va_list ap)
{
	char src[SOURCE_LINE_MAX * 4 + 1];
	if (ds->count >= DIAGS_MAX) {   /* kept no more: skip finding the line */
		ds->dropped++;
		return;
	}
	diag_list_vadd(ds, doc->file, line, col, source_line(doc, line, col, src, sizeof src), fmt, ap);
}

void yaml_tree_diag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
               const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	yaml_tree_vdiag(doc, ds, line, col, fmt, ap);
	va_end(ap);
}

/* --- reading a file --------------------------------------------------------- */

static int read_file(struct ydoc *doc, struct diags *ds)
{
	struct file_data fd;
	char why[WHY_MAX];
	if (file_read_whole(doc->file, LESSON_FILE_MAX, FILE_READ_BENEATH, &fd, why, sizeof why)) {
		diag_list_add(ds, doc->file, 0, 0, NULL, "%s", why);
		return -1;
	}
	doc->buf = fd.data;
	doc->len = fd.len;
	if (fd.more) {
		yaml_tree_diag(doc, ds, 1, 1, "file is larger than %u bytes (1 MiB)", LESSON_FILE_MAX);
		return -1;
	}
	/* libyaml is told the text is UTF-8; a BOM is dropped here so that our
	 * columns and libyaml's agree on line 1. */
	if (doc->len >= 3 && memcmp(doc->buf, "\xEF\xBB\xBF", 3) == 0) {
		memmove(doc->buf, doc->buf + 3, doc->len - 2);
		doc->len -= 3;
	}
	const char *nul = memchr(doc->buf, '\0', doc->len);
	if (nul) {
		unsigned l, c;
		offset_mark(doc->buf, doc->len, (size_t)(nul - doc->buf), &l, &c);
		yaml_tree_diag(doc, ds, l, c, "NUL byte: lesson files are UTF-8 text, not binary");
		return -1;
	}
	return 0;
}

int yaml_tree_read_head(struct ydoc *doc, const char *path, size_t max)
{
	struct file_data fd;
	char why[WHY_MAX];
	memset(doc, 0, sizeof *doc);
	doc->file = path;
	if (file_read_whole(path, max, FILE_READ_BENEATH, &fd, why, sizeof why) != 0)
		return -1;
	doc->buf = fd.data;
	doc->len = fd.len;
	return 0;
}

/* --- events -> tree ---------------------------------------------------------- */

struct builder {
	struct ydoc *doc;
	struct diags *ds;
	struct ynode *open[LESSON_DEPTH_MAX];   /* the containers being filled */
	struct ynode *tail[LESSON_DEPTH_MAX];
	int depth;
	size_t nodes;
	int docs;
	int done;
};

static int stop(struct builder *b, const yaml_mark_t *m, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An error that ends the file: libyaml cannot resume, and a broken bound
 * means the rest is not worth reading. */
static int stop(struct builder *b, const yaml_mark_t *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	yaml_tree_vdiag(b->doc, b->ds, (unsigned)m->line + 1, (unsigned)m->column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* Anchors exist only to be aliased, and aliases are how a small file
 * becomes an exponential one ("billion laughs"): both are refused.  Every
 * tag but !!str would promise a meaning this loader does not give (!!int,
 * !!binary, !!python/object ... would all load as plain strings), so only
 * !!str passes.  The tag checked is the one libyaml resolved, so a %TAG
 * shorthand that expands to a YAML tag is judged by what it expands to. */
static int check_props(struct builder *b, const yaml_mark_t *m, const yaml_char_t *anchor,
                       const yaml_char_t *tag)
{
	const char *t = (const char *)tag;
	size_t yl = strlen(YAML_TAG_PREFIX);
	char shown[LESSON_WORD_MAX + 8], e[64];
	if (anchor)
		return stop(b, m, "aliases are not supported in lesson files (anchor &%s)",
		            (const char *)anchor);   /* libyaml allows [-_A-Za-z0-9] only */
	if (!t || strcmp(t, YAML_TAG_PREFIX "str") == 0)
		return 0;
	if (strncmp(t, YAML_TAG_PREFIX, yl) == 0)   /* shown as the author wrote it */
		snprintf(shown, sizeof shown, "!!%.*s", LESSON_WORD_MAX, t + yl);
	else
		snprintf(shown, sizeof shown, "%.*s", LESSON_WORD_MAX, t);
	return stop(b, m, "tags are not supported in lesson files ('%s')",
	            yaml_tree_echo(shown, e, sizeof e));
}

static struct ynode *new_node(struct builder *b, enum ykind kind, const yaml_mark_t *m)
{
	if (++b->nodes > LESSON_NODES_MAX) {
		stop(b, m, "too many values in one file (more than %d)", LESSON_NODES_MAX);
		return NULL;
	}
	struct ynode *n = arena_alloc(&b->doc->arena, sizeof *n);
	if (!n) {
		stop(b, m, "out of memory");
		return NULL;
	}
	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->line = (unsigned)m->line + 1;
	n->column = (unsigned)m->column + 1;
	return n;
}

static void attach(struct builder *b, struct ynode *n)
{
	if (b->depth == 0) {
		b->doc->root = n;
		return;
	}
	int d = b->depth - 1;
	if (b->tail[d])
		b->tail[d]->next = n;
	else
		b->open[d]->head = n;
	b->tail[d] = n;
	b->open[d]->n++;
}

static int on_scalar(struct builder *b, const yaml_event_t *ev)
{
	const yaml_mark_t *m = &ev->start_mark;
	if (check_props(b, m, ev->data.scalar.anchor, ev->data.scalar.tag))
		return -1;
	size_t len = ev->data.scalar.length;
	if (len > LESSON_TEXT_MAX)
		return stop(b, m, "value is longer than %d bytes", LESSON_TEXT_MAX);
	if (memchr(ev->data.scalar.value, '\0', len))
		return stop(b, m, "a value holds a NUL character");
	struct ynode *n = new_node(b, Y_SCALAR, m);
	char *s = n ? arena_alloc(&b->doc->arena, len + 1) : NULL;
	if (!s)
		return n ? stop(b, m, "out of memory") : -1;
	memcpy(s, ev->data.scalar.value, len);
	s[len] = '\0';
	n->str = s;
	n->len = len;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !ev->data.scalar.tag;
	switch (ev->data.scalar.style) {
	case YAML_SINGLE_QUOTED_SCALAR_STYLE: n->style = Y_SINGLE_QUOTED; break;
	case YAML_DOUBLE_QUOTED_SCALAR_STYLE: n->style = Y_DOUBLE_QUOTED; break;
	case YAML_LITERAL_SCALAR_STYLE: n->style = Y_LITERAL; break;
	case YAML_FOLDED_SCALAR_STYLE: n->style = Y_FOLDED; break;
	default: n->style = Y_PLAIN; break;
	}
	attach(b, n);
	return 0;
}

static int on_start(struct builder *b, const yaml_event_t *ev, enum ykind kind)
{
	const yaml_mark_t *m = &ev->start_mark;
	int seq = kind == Y_SEQ;
	if (check_props(b, m, seq ? ev->data.sequence_start.anchor : ev->data.mapping_start.anchor,
	                seq ? ev->data.sequence_start.tag : ev->data.mapping_start.tag))
		return -1;
	if (b->depth == LESSON_DEPTH_MAX)
		return stop(b, m, "nesting deeper than %d levels", LESSON_DEPTH_MAX);
	struct ynode *n = new_node(b, kind, m);
	if (!n)
		return -1;
	attach(b, n);
	b->open[b->depth] = n;
	b->tail[b->depth] = NULL;
	b->depth++;
	return 0;
}

static int on_event(struct builder *b, const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (b->docs++)
			return stop(b, &ev->start_mark,
			            "a second YAML document: a lesson file holds one");
		return 0;
	case YAML_ALIAS_EVENT:
		return stop(b, &ev->start_mark, "aliases are not supported in lesson files");
	case YAML_SCALAR_EVENT:
		return on_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
		return on_start(b, ev, Y_SEQ);
	case YAML_MAPPING_START_EVENT:
		return on_start(b, ev, Y_MAP);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth > 0)
			b->depth--;
		return 0;
	case YAML_STREAM_END_EVENT:
		b->done = 1;
		return 0;
	default:
		return 0;
	}
}

/* libyaml reports a tab in the wrong place as "found character that cannot
 * start any token" and the like; say what is wrong instead. */
static const char *tab_problem(const struct ydoc *doc, unsigned line, unsigned col)
{
	size_t start, n;
	if (find_line(doc->buf, doc->len, line, &start, &n))
		return NULL;
	const unsigned char *s = (const unsigned char *)doc->buf + start;
	int indent = 1;
	size_t i = 0;
	for (unsigned c = 1; c < col && i < n; c++) {     /* libyaml counts characters */
		uint32_t cp;
		if (s[i] != ' ' && s[i] != '\t')
			indent = 0;
		i += utf8_decode_lossy((const char *)s + i, n - i, &cp);
	}
	if (i >= n || s[i] != '\t')
		return NULL;
	return indent ? "tab used for indentation; indent with spaces"
	              : "tab where YAML expects a space";
}

static void syntax_error(const struct ydoc *doc, const yaml_parser_t *p, struct diags *ds)
{
	if (p->error == YAML_MEMORY_ERROR) {
		diag_list_add(ds, doc->file, 0, 0, NULL, "out of memory while reading YAML");
		return;
	}
	const char *problem = p->problem ? p->problem : "unknown error";
	if (p->error == YAML_READER_ERROR) {
		unsigned l, c;
		size_t bad = utf8_first_invalid(doc->buf, doc->len);
		if (bad <= p->problem_offset) {
			/* libyaml marks the octet where it gave up; the caret belongs
			 * under the byte that started the broken sequence */
			offset_mark(doc->buf, doc->len, bad, &l, &c);
			yaml_tree_diag(doc, ds, l, c, "not UTF-8 text: invalid byte #x%02X",
			         (unsigned char)doc->buf[bad]);
			return;
		}
		offset_mark(doc->buf, doc->len, p->problem_offset, &l, &c);
		if (p->problem_value >= 0)
			yaml_tree_diag(doc, ds, l, c, "not UTF-8 text: %s (#x%X)", problem,
			         (unsigned)p->problem_value);
		else
			yaml_tree_diag(doc, ds, l, c, "not UTF-8 text: %s", problem);
		return;
	}
	unsigned l = (unsigned)p->problem_mark.line + 1, c = (unsigned)p->problem_mark.column + 1;
	const char *tab = tab_problem(doc, l, c);
	if (tab)
		yaml_tree_diag(doc, ds, l, c, "%s", tab);
	else if (p->context)
		yaml_tree_diag(doc, ds, l, c, "syntax error: %s (%s that starts at line %u)", problem,
		         p->context, (unsigned)p->context_mark.line + 1);
	else
		yaml_tree_diag(doc, ds, l, c, "syntax error: %s", problem);
}

int yaml_tree_load(struct ydoc *doc, const char *path, struct diags *ds)
{
	memset(doc, 0, sizeof *doc);
	doc->file = path;
	if (read_file(doc, ds))
		return -1;
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		diag_list_add(ds, path, 0, 0, NULL, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)doc->buf, doc->len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	struct builder b = {.doc = doc, .ds = ds};
	int rc = 0;
	while (!b.done && rc == 0) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			/* a file that began as a mapping is lesson text with a typo;
			 * one that is not UTF-8, or began as anything else, may be
			 * any file at all */
			doc->guarded = p.error == YAML_READER_ERROR || !doc->root ||
			               doc->root->kind != Y_MAP;
			syntax_error(doc, &p, ds);
			rc = -1;
			break;
		}
		rc = on_event(&b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (rc)
		doc->root = NULL;        /* never walk a partial tree */
	if (rc == 0 && (!doc->root || doc->root->kind != Y_MAP))
		doc->guarded = 1;
	return rc;
}

void yaml_tree_free(struct ydoc *doc)
{
	arena_free(&doc->arena);
	free(doc->buf);
	doc->buf = NULL;
	doc->root = NULL;
}
