/* lesson_yaml.c - libyaml -> the course model; never prints.
 *
 * Two stages.  ydoc_load() reads one file under the bounds of lesson.h
 * (size, nesting, scalar length, node count; aliases, anchors and foreign
 * tags refused, so nothing expands) and turns libyaml's events into a small
 * tree whose nodes keep their marks, allocated from one arena per file so
 * no error path can leak.  The walkers then check the tree against tables
 * of {key, node kind, handler, offset}, as netplan and libcyaml do, and
 * fill the plain structs of lesson.h.  Holding the whole file (instead of
 * acting on events as they stream past) lets cross-key rules such as
 * block <= size point at the offending key after the mapping was read.
 *
 * Every problem is a diag at FILE:LINE:COLUMN with the source line; course
 * loading goes on after an error so one run reports all of them, and only
 * a course without a single error is handed back.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "lesson.h"
#include "lesson_yaml.h"
#include "units.h"
#include "workload.h"
#include "countof.h"

#define SOURCE_LINE_MAX 4096   /* bytes of a source line kept for a diag */
#define ARENA_CHUNK 65536

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

/* Length of the valid UTF-8 sequence at s with its code point, 0 if the
 * bytes are not UTF-8 (overlong forms and surrogates included). */
static size_t utf8_seq(const unsigned char *s, size_t rem, unsigned *cp)
{
	unsigned c = s[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xBF;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF)
		n = 2, c &= 0x1F;
	else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0) lo = 0xA0;
		if (c == 0xED) hi = 0x9F;
		c &= 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0) lo = 0x90;
		if (c == 0xF4) hi = 0x8F;
		c &= 0x07;
	} else
		return 0;
	if (rem < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80, hi = 0xBF;
		c = c << 6 | (s[i] & 0x3F);
	}
	*cp = c;
	return n;
}

/* Characters a terminal should not be sent from a lesson file: controls
 * (tab aside), C1 controls, and the bidirectional overrides that can make
 * a line read other than it is. */
static int unprintable(unsigned cp)
{
	return (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

/* Copies at most maxchars characters of s[0..n) into out, each broken or
 * unprintable byte as one '?' (so columns still line up).  Returns whether
 * the copy was cut short. */
static int printable_copy(char *out, size_t outlen, const char *s, size_t n, size_t maxchars)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t o = 0, chars = 0, i = 0;
	while (i < n && chars < maxchars) {
		unsigned cp;
		size_t k = utf8_seq(u + i, n - i, &cp);
		if (o + (k ? k : 1) + 1 > outlen)
			break;
		if (!k || unprintable(cp)) {
			out[o++] = '?';
			i += k ? k : 1;
		} else {
			memcpy(out + o, u + i, k);
			o += k;
			i += k;
		}
		chars++;
	}
	out[o] = '\0';
	return i < n;
}

const char *yecho(const char *s, char *buf, size_t len)
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

/* The printable source line, or NULL. */
static const char *source_line(const struct ydoc *doc, unsigned line, char *out, size_t outlen)
{
	size_t start, n;
	if (!doc || !doc->buf || !line || find_line(doc->buf, doc->len, line, &start, &n) ||
	    start == doc->len)        /* the end of the file: no line to show */
		return NULL;
	printable_copy(out, outlen, doc->buf + start, n, SOURCE_LINE_MAX);
	return out;
}

static void doc_vdiag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                      const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));
static void doc_diag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* A diag at line:col of doc, with that line of the source. */
static void doc_vdiag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                      const char *fmt, va_list ap)
{
	char src[SOURCE_LINE_MAX * 4 + 1];
	if (ds->count >= DIAGS_MAX) {   /* kept no more: skip finding the line */
		ds->dropped++;
		return;
	}
	diags_vadd(ds, doc->file, line, col, source_line(doc, line, src, sizeof src), fmt, ap);
}

static void doc_diag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	doc_vdiag(doc, ds, line, col, fmt, ap);
	va_end(ap);
}

/* --- reading a file --------------------------------------------------------- */

static int read_file(struct ydoc *doc, struct diags *ds)
{
	/* O_NONBLOCK: a FIFO named like a lesson must not hang the lab. */
	int fd = open(doc->file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		diags_add(ds, doc->file, 0, 0, NULL, "cannot open: %s", strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		diags_add(ds, doc->file, 0, 0, NULL, "not a regular file");
		close(fd);
		return -1;
	}
	size_t cap = st.st_size > 0 && (uint64_t)st.st_size < LESSON_FILE_MAX
	             ? (size_t)st.st_size + 2 : LESSON_FILE_MAX + 2;
	char *buf = malloc(cap);
	size_t len = 0;
	while (buf) {
		if (len + 1 == cap) {           /* the file grew: allow up to the cap */
			if (cap >= LESSON_FILE_MAX + 2)
				break;
			char *more = realloc(buf, LESSON_FILE_MAX + 2);
			if (!more) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = more;
			cap = LESSON_FILE_MAX + 2;
		}
		ssize_t r = read(fd, buf + len, cap - 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			diags_add(ds, doc->file, 0, 0, NULL, "cannot read: %s", strerror(errno));
			free(buf);
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	if (!buf) {
		diags_add(ds, doc->file, 0, 0, NULL, "out of memory");
		return -1;
	}
	buf[len] = '\0';
	doc->buf = buf;
	doc->len = len;
	if (len > LESSON_FILE_MAX) {
		doc_diag(doc, ds, 1, 1, "file is larger than %u bytes (1 MiB)", LESSON_FILE_MAX);
		return -1;
	}
	/* libyaml is told the text is UTF-8; a BOM is dropped here so that our
	 * columns and libyaml's agree on line 1. */
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
		memmove(buf, buf + 3, len - 2);
		doc->len = len - 3;
	}
	const char *nul = memchr(doc->buf, '\0', doc->len);
	if (nul) {
		unsigned l, c;
		offset_mark(doc->buf, doc->len, (size_t)(nul - doc->buf), &l, &c);
		doc_diag(doc, ds, l, c, "NUL byte: lesson files are UTF-8 text, not binary");
		return -1;
	}
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
	doc_vdiag(b->doc, b->ds, (unsigned)m->line + 1, (unsigned)m->column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* Anchors exist only to be aliased, and aliases are how a small file
 * becomes an exponential one ("billion laughs"): both are refused.  Tags
 * other than YAML's own would promise a meaning this loader does not give. */
static int check_props(struct builder *b, const yaml_mark_t *m, const yaml_char_t *anchor,
                       const yaml_char_t *tag)
{
	if (anchor)
		return stop(b, m, "aliases are not supported in lesson files (anchor &%s)",
		            (const char *)anchor);
	if (tag && strncmp((const char *)tag, "tag:yaml.org,2002:", 18) != 0)
		return stop(b, m, "tags are not supported in lesson files ('%s')", (const char *)tag);
	return 0;
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
	for (unsigned c = 1; c < col && i < n; c++) {
		if (s[i] != ' ' && s[i] != '\t')
			indent = 0;
		i++;
		while (i < n && (s[i] & 0xC0) == 0x80)
			i++;
	}
	if (i >= n || s[i] != '\t')
		return NULL;
	return indent ? "tab used for indentation; indent with spaces"
	              : "tab where YAML expects a space";
}

/* Offset of the first byte that is not part of valid UTF-8, or SIZE_MAX. */
static size_t first_invalid_utf8(const char *buf, size_t len)
{
	const unsigned char *u = (const unsigned char *)buf;
	for (size_t i = 0; i < len;) {
		unsigned cp;
		size_t k = utf8_seq(u + i, len - i, &cp);
		if (!k)
			return i;
		i += k;
	}
	return SIZE_MAX;
}

static void syntax_error(const struct ydoc *doc, const yaml_parser_t *p, struct diags *ds)
{
	if (p->error == YAML_MEMORY_ERROR) {
		diags_add(ds, doc->file, 0, 0, NULL, "out of memory while reading YAML");
		return;
	}
	const char *problem = p->problem ? p->problem : "unknown error";
	if (p->error == YAML_READER_ERROR) {
		unsigned l, c;
		size_t bad = first_invalid_utf8(doc->buf, doc->len);
		if (bad <= p->problem_offset) {
			/* libyaml marks the octet where it gave up; the caret belongs
			 * under the byte that started the broken sequence */
			offset_mark(doc->buf, doc->len, bad, &l, &c);
			doc_diag(doc, ds, l, c, "not UTF-8 text: invalid byte #x%02X",
			         (unsigned char)doc->buf[bad]);
			return;
		}
		offset_mark(doc->buf, doc->len, p->problem_offset, &l, &c);
		if (p->problem_value >= 0)
			doc_diag(doc, ds, l, c, "not UTF-8 text: %s (#x%X)", problem,
			         (unsigned)p->problem_value);
		else
			doc_diag(doc, ds, l, c, "not UTF-8 text: %s", problem);
		return;
	}
	unsigned l = (unsigned)p->problem_mark.line + 1, c = (unsigned)p->problem_mark.column + 1;
	const char *tab = tab_problem(doc, l, c);
	if (tab)
		doc_diag(doc, ds, l, c, "%s", tab);
	else if (p->context)
		doc_diag(doc, ds, l, c, "syntax error: %s (%s that starts at line %u)", problem,
		         p->context, (unsigned)p->context_mark.line + 1);
	else
		doc_diag(doc, ds, l, c, "syntax error: %s", problem);
}

int ydoc_load(struct ydoc *doc, const char *path, struct diags *ds)
{
	memset(doc, 0, sizeof *doc);
	doc->file = path;
	if (read_file(doc, ds))
		return -1;
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		diags_add(ds, path, 0, 0, NULL, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)doc->buf, doc->len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	struct builder b = {.doc = doc, .ds = ds};
	int rc = 0;
	while (!b.done && rc == 0) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
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
	return rc;
}

void ydoc_free(struct ydoc *doc)
{
	arena_free(&doc->arena);
	free(doc->buf);
	doc->buf = NULL;
	doc->root = NULL;
}

/* --- walking the tree ------------------------------------------------------- */

void yerr(struct yctx *c, const struct ynode *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	doc_vdiag(c->doc, c->ds, at ? at->line : 1, at ? at->column : 1, fmt, ap);
	va_end(ap);
	c->errors++;
}

int yis_null(const struct ynode *n)
{
	if (n->kind != Y_SCALAR || !n->plain)
		return 0;
	return n->len == 0 || strcmp(n->str, "~") == 0 || strcmp(n->str, "null") == 0 ||
	       strcmp(n->str, "Null") == 0 || strcmp(n->str, "NULL") == 0;
}

const char *ykind_name(const struct ynode *n)
{
	if (yis_null(n))
		return "an empty value";
	return n->kind == Y_SEQ ? "a list" : n->kind == Y_MAP ? "a mapping" : "a scalar";
}

static const char *kinds_name(unsigned kinds)
{
	switch (kinds) {
	case Y_SCALAR: return "a scalar";
	case Y_SEQ: return "a list";
	case Y_MAP: return "a mapping";
	case Y_SCALAR | Y_SEQ: return "a scalar or a list";
	default: return "something else";
	}
}

const struct ynode *ymap_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != Y_MAP)
		return NULL;
	for (const struct ynode *k = map->head; k && k->next; k = k->next->next)
		if (k->kind == Y_SCALAR && strcmp(k->str, key) == 0)
			return k->next;
	return NULL;
}

int yroot_is_map(struct yctx *c)
{
	const struct ynode *r = c->doc->root;
	if (!r || yis_null(r)) {
		yerr(c, NULL, "the file is empty (expected a mapping of keys)");
		return 0;
	}
	if (r->kind != Y_MAP) {
		yerr(c, r, "the top level must be a mapping of keys, not %s", ykind_name(r));
		return 0;
	}
	return 1;
}

/* Optimal string alignment distance, case-insensitive; SIZE_MAX for words
 * too long to be typos of a key. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return SIZE_MAX;
	unsigned short d[65][65];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned short)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned short)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int ai = tolower((unsigned char)a[i - 1]), bj = tolower((unsigned char)b[j - 1]);
			unsigned v = d[i - 1][j - 1] + (ai != bj);
			if (d[i - 1][j] + 1u < v)
				v = d[i - 1][j] + 1u;
			if (d[i][j - 1] + 1u < v)
				v = d[i][j - 1] + 1u;
			if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == bj && d[i - 2][j - 2] + 1u < v)
				v = d[i - 2][j - 2] + 1u;
			d[i][j] = (unsigned short)v;
		}
	return d[la][lb];
}

const char *ysuggest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t bestd = SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(word, cands[i]);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	if (!best)
		return NULL;
	size_t longest = strlen(word) > strlen(best) ? strlen(word) : strlen(best);
	/* two edits at most, and never half the word: "op" is no typo of "api" */
	return bestd <= 2 && bestd <= longest / 2 ? best : NULL;
}

static void unknown_key(struct yctx *c, const struct ynode *k, const struct yfield *f, size_t nf)
{
	const char *names[YF_MAX];
	for (size_t i = 0; i < nf; i++)
		names[i] = f[i].key;
	char e[64];
	const char *s = ysuggest(k->str, names, nf);
	if (s)
		yerr(c, k, "unknown key '%s'; did you mean '%s'?", yecho(k->str, e, sizeof e), s);
	else
		yerr(c, k, "unknown key '%s'", yecho(k->str, e, sizeof e));
}

unsigned ywalk_map(struct yctx *c, const struct ynode *map, const struct yfield *fields,
                   size_t nf, void *base, const struct ynode **seen)
{
	const struct ynode *local[YF_MAX];
	if (!seen)
		seen = local;
	for (size_t i = 0; i < nf; i++)
		seen[i] = NULL;
	unsigned before = c->errors;
	for (const struct ynode *k = map->head; k && k->next; k = k->next->next) {
		const struct ynode *v = k->next;
		if (k->kind != Y_SCALAR) {
			yerr(c, k, "a key must be a scalar, not %s", ykind_name(k));
			continue;
		}
		size_t i = 0;
		while (i < nf && strcmp(fields[i].key, k->str) != 0)
			i++;
		if (i == nf) {
			unknown_key(c, k, fields, nf);
			continue;
		}
		const struct yfield *f = &fields[i];
		if (seen[i]) {
			yerr(c, k, "duplicate key '%s' (first given at line %u)", f->key, seen[i]->line);
			continue;
		}
		seen[i] = k;
		if (yis_null(v))
			yerr(c, k, "'%s' has no value", f->key);
		else if (!(v->kind & f->kinds))
			yerr(c, v, "'%s' must be %s, not %s", f->key, kinds_name(f->kinds), ykind_name(v));
		else
			f->fn(c, v, (char *)base + f->offset, f);
	}
	for (size_t i = 0; i < nf; i++)
		if ((fields[i].flags & YF_REQUIRED) && !seen[i])
			yerr(c, map, "missing required key '%s'", fields[i].key);
	return c->errors - before;
}

int ycheck_word(struct yctx *c, const struct ynode *v, const char *what)
{
	if (v->len > LESSON_WORD_MAX) {
		yerr(c, v, "'%s' is longer than %d bytes", what, LESSON_WORD_MAX);
		return -1;
	}
	return 0;
}

static char *dup_or_err(struct yctx *c, const struct ynode *v, const char *s, size_t n)
{
	char *d = strndup(s, n);
	if (!d)
		yerr(c, v, "out of memory");
	return d;
}

void yf_word(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	size_t n = v->len;
	while (n && v->str[n - 1] == '\n')   /* a block scalar's final newline */
		n--;
	if (ycheck_word(c, v, f->key))
		return;
	if (n == 0)
		yerr(c, v, "'%s' must not be empty", f->key);
	else if (memchr(v->str, '\n', n))
		yerr(c, v, "'%s' must be one line", f->key);
	else
		*(char **)dst = dup_or_err(c, v, v->str, n);
}

void yf_text(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	if (v->len == 0)
		yerr(c, v, "'%s' must not be empty", f->key);
	else
		*(char **)dst = dup_or_err(c, v, v->str, v->len);
}

void yf_ignore(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)c, (void)v, (void)dst, (void)f;
}

/* An item of a list of words: a scalar, not empty, not too long. */
static int item_word(struct yctx *c, const struct ynode *item, const char *list)
{
	if (item->kind != Y_SCALAR) {
		yerr(c, item, "items of '%s' must be scalars, not %s", list, ykind_name(item));
		return -1;
	}
	if (yis_null(item)) {
		yerr(c, item, "'%s' has an empty item", list);
		return -1;
	}
	return ycheck_word(c, item, list);
}

/* --- values: ids, numbers, names ------------------------------------------- */

static int id_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

static int size_overflows(const char *s)
{
	errno = 0;
	char *end;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return 1;
	char probe[48];
	uint64_t f;
	snprintf(probe, sizeof probe, "1%s", end);
	return units_parse_size(probe, &f) == 0 && f && n > UINT64_MAX / f;
}

/* A size (units_parse_size) or an error that says what is wrong with it. */
static int get_size(struct yctx *c, const struct ynode *v, const char *what, uint64_t *out)
{
	char e[64];
	if (ycheck_word(c, v, what))
		return -1;
	if (units_parse_size(v->str, out) == 0)
		return 0;
	if (v->str[0] == '-')
		yerr(c, v, "'%s' must not be negative: '%s'", what, yecho(v->str, e, sizeof e));
	else if (isdigit((unsigned char)v->str[0]) && size_overflows(v->str))
		yerr(c, v, "'%s' is too large: '%s'", what, yecho(v->str, e, sizeof e));
	else
		yerr(c, v, "'%s' is not a size: '%s' (use bytes, or a whole number with "
		     "B, KiB, MiB, GiB, K, M or G)", what, yecho(v->str, e, sizeof e));
	return -1;
}

static int get_duration(struct yctx *c, const struct ynode *v, const char *what, double *out)
{
	char e[64];
	if (ycheck_word(c, v, what))
		return -1;
	if (units_parse_duration(v->str, out) == 0)
		return 0;
	if (v->str[0] == '-')
		yerr(c, v, "'%s' must not be negative: '%s'", what, yecho(v->str, e, sizeof e));
	else
		yerr(c, v, "'%s' is not a duration: '%s' (use 5s, 250ms, or a number of seconds)",
		     what, yecho(v->str, e, sizeof e));
	return -1;
}

static void f_size(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	get_size(c, v, f->key, dst);
}

static void f_duration(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	get_duration(c, v, f->key, dst);
}

static void f_min_time(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	if (get_duration(c, v, f->key, dst) == 0 && *(double *)dst > 3600)
		yerr(c, v, "min_time must be at most 1 hour");
}

static void f_streams(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	char e[64];
	const char *s = v->str;
	if (ycheck_word(c, v, f->key))
		return;
	size_t digits = strspn(s, "0123456789");
	if (s[0] == '-') {
		yerr(c, v, "'%s' must not be negative: '%s'", f->key, yecho(s, e, sizeof e));
		return;
	}
	if (digits == 0 || s[digits]) {
		yerr(c, v, "'%s' must be a whole number: '%s'", f->key, yecho(s, e, sizeof e));
		return;
	}
	errno = 0;
	unsigned long long n = strtoull(s, NULL, 10);
	if (errno == ERANGE || n < 1 || n > LESSON_STREAMS_MAX)
		yerr(c, v, "streams must be from 1 to %d", LESSON_STREAMS_MAX);
	else
		*(unsigned *)dst = (unsigned)n;
}

/* An enum of workload.h: its names come from the wl_*_name functions, so
 * the tables there stay the only spelling of every value. */
struct yenum {
	int (*set)(const char *s, void *dst);
	const char *(*name)(unsigned i);
};

#define YENUM(stem, type) \
	static int stem##_set(const char *s, void *dst) \
	{ enum type v; if (wl_##stem##_from_name(s, &v)) return -1; \
	  *(enum type *)dst = v; return 0; } \
	static const char *stem##_nm(unsigned i) { return wl_##stem##_name((enum type)i); } \
	static const struct yenum stem##_enum = {stem##_set, stem##_nm};

YENUM(op, wl_op)
YENUM(api, wl_api)
YENUM(advice, wl_advice)
YENUM(cache, wl_cache)
YENUM(sync, wl_sync)
YENUM(stdio_mode, wl_stdio_mode)

/* "unknown WHAT 'x'; did you mean 'y'?" or "...; expected one of: a, b" */
static void unknown_name(struct yctx *c, const struct ynode *v, const char *what,
                         const char *const *names, size_t n)
{
	char e[64], list[256] = "";
	const char *s = ysuggest(v->str, names, n);
	if (s) {
		yerr(c, v, "unknown %s '%s'; did you mean '%s'?", what, yecho(v->str, e, sizeof e), s);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
		strncat(list, names[i], sizeof list - strlen(list) - 1);
	}
	yerr(c, v, "unknown %s '%s'; expected one of: %s", what, yecho(v->str, e, sizeof e), list);
}

static size_t enum_names(const struct yenum *en, const char *names[16])
{
	size_t n = 0;
	while (n < 16 && strcmp(en->name((unsigned)n), "?") != 0) {
		names[n] = en->name((unsigned)n);
		n++;
	}
	return n;
}

static int get_enum(struct yctx *c, const struct ynode *v, const char *what,
                    const struct yenum *en, void *dst)
{
	if (ycheck_word(c, v, what))
		return -1;
	if (en->set(v->str, dst) == 0)
		return 0;
	const char *names[16];
	unknown_name(c, v, what, names, enum_names(en, names));
	return -1;
}

static void f_enum(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	get_enum(c, v, f->key, f->aux, dst);
}

static void f_open(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	unsigned *flags = dst;
	const char *names[3];
	size_t nn = wl_open_flag_names(WL_OPEN_SYNC | WL_OPEN_DSYNC | WL_OPEN_DIRECT, names);
	char e[64];
	for (const struct ynode *it = v->head; it; it = it->next) {
		unsigned bit;
		if (item_word(c, it, f->key))
			continue;
		if (wl_open_flag_from_name(it->str, &bit))
			unknown_name(c, it, "open flag", names, nn);
		else if (*flags & bit)
			yerr(c, it, "duplicate open flag '%s'", yecho(it->str, e, sizeof e));
		else
			*flags |= bit;
	}
}

static void f_errno(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	if (ycheck_word(c, v, f->key) || wl_errno_from_name(v->str, dst) == 0)
		return;
	const char *names[256];
	size_t n = 0;
	for (int e = 1; e < 256 && n < COUNT(names); e++)
		if (wl_errno_name(e))
			names[n++] = wl_errno_name(e);
	char e[64];
	const char *s = ysuggest(v->str, names, n);
	if (s)
		yerr(c, v, "unknown errno name '%s'; did you mean '%s'?", yecho(v->str, e, sizeof e), s);
	else
		yerr(c, v, "unknown errno name '%s'", yecho(v->str, e, sizeof e));
}

static void f_stdio_buffer(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	int64_t *out = dst;
	uint64_t n;
	char e[64];
	if (ycheck_word(c, v, f->key))
		return;
	if (strcmp(v->str, "default") == 0)
		*out = WL_STDIO_BUFFER_DEFAULT;
	else if (strcmp(v->str, "unbuffered") == 0)
		*out = 0;
	else if (!isdigit((unsigned char)v->str[0]) && v->str[0] != '-')
		yerr(c, v, "'%s' must be default, unbuffered, 0 or a size: '%s'", f->key,
		     yecho(v->str, e, sizeof e));
	else if (get_size(c, v, f->key, &n) == 0) {
		if (n > (1u << 30))
			yerr(c, v, "stdio_buffer must be at most 1 GiB");
		else
			*out = (int64_t)n;
	}
}

static void f_command(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct wl_spec *s = dst;
	if (v->n == 0) {
		yerr(c, v, "'%s' must not be empty", f->key);
		return;
	}
	if (v->n > 64) {
		yerr(c, v, "'%s' has more than 64 words", f->key);
		return;
	}
	if (!(s->command = calloc(v->n + 1, sizeof *s->command))) {
		yerr(c, v, "out of memory");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (it->kind != Y_SCALAR) {
			yerr(c, it, "items of '%s' must be scalars, not %s", f->key, ykind_name(it));
			continue;
		}
		if (ycheck_word(c, it, f->key))
			continue;
		if (memchr(it->str, '\n', it->len)) {
			yerr(c, it, "'%s' words must be one line", f->key);
			continue;
		}
		if (!(s->command[s->command_len] = dup_or_err(c, it, it->str, it->len)))
			continue;
		s->command_len++;
	}
}

/* --- a lesson ---------------------------------------------------------------- */

/* What a lesson is checked against beyond its own file. */
struct lenv {
	const struct ref_data *refs;   /* NULL: sources not checked */
	const char *const *ids;        /* the course's lesson ids, NULL: not checked */
	size_t nids;
	const char *expect_id;         /* the file name without .yaml */
};

/* The lesson being filled plus what the cross-key checks need to know. */
struct lbuild {
	struct lesson l;
	int workload_ok, sweep_ok;
};

static const struct yfield workload_fields[] = {
	{"op", Y_SCALAR, f_enum, offsetof(struct wl_spec, op), 0, &op_enum},
	{"api", Y_SCALAR, f_enum, offsetof(struct wl_spec, api), 0, &api_enum},
	{"size", Y_SCALAR, f_size, offsetof(struct wl_spec, size), 0, NULL},
	{"block", Y_SCALAR, f_size, offsetof(struct wl_spec, block), 0, NULL},
	{"stride", Y_SCALAR, f_size, offsetof(struct wl_spec, stride), 0, NULL},
	{"open", Y_SEQ, f_open, offsetof(struct wl_spec, open_flags), 0, NULL},
	{"fadvise", Y_SCALAR, f_enum, offsetof(struct wl_spec, fadvise), 0, &advice_enum},
	{"cache", Y_SCALAR, f_enum, offsetof(struct wl_spec, cache), 0, &cache_enum},
	{"streams", Y_SCALAR, f_streams, offsetof(struct wl_spec, streams), 0, NULL},
	{"stdio_buffer", Y_SCALAR, f_stdio_buffer, offsetof(struct wl_spec, stdio_buffer), 0, NULL},
	{"stdio_mode", Y_SCALAR, f_enum, offsetof(struct wl_spec, stdio_mode), 0, &stdio_mode_enum},
	{"sync", Y_SCALAR, f_enum, offsetof(struct wl_spec, sync), 0, &sync_enum},
	{"time_limit", Y_SCALAR, f_duration, offsetof(struct wl_spec, time_limit), 0, NULL},
	{"min_time", Y_SCALAR, f_min_time, offsetof(struct wl_spec, min_time), 0, NULL},
	{"command", Y_SEQ, f_command, 0, 0, NULL},
	{"expect_error", Y_SCALAR, f_errno, offsetof(struct wl_spec, expect_error), 0, NULL},
};

/* The value of the key wl_spec_check_key() objects to (the mapping when
 * that key was not given: a default broke the rule). */
static const struct ynode *culprit(const char *key, const struct ynode *map,
                                   const struct ynode *const *seen)
{
	for (size_t i = 0; key && i < COUNT(workload_fields); i++)
		if (strcmp(workload_fields[i].key, key) == 0)
			return seen[i] ? seen[i]->next : map;
	return map;
}

static void f_workload(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct lbuild *lb = dst;
	struct wl_spec *s = &lb->l.workload;
	const struct ynode *seen[YF_MAX];
	wl_spec_init(s);
	if (ywalk_map(c, v, workload_fields, COUNT(workload_fields), s, seen))
		return;
	char msg[160];
	const char *key;
	if (wl_spec_check_key(s, msg, sizeof msg, &key) != 0) {
		yerr(c, culprit(key, v, seen), "%s", msg);
		return;
	}
	lb->workload_ok = 1;
}

static void f_sweep_blocks(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct sweep *sw = dst;
	if (v->n == 0) {
		yerr(c, v, "sweep.block must not be empty");
		return;
	}
	if (!(sw->blocks = calloc(v->n, sizeof *sw->blocks))) {
		yerr(c, v, "out of memory");
		return;
	}
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		if (i == SWEEP_BLOCKS_MAX) {
			yerr(c, it, "sweep.block lists more than %d sizes", SWEEP_BLOCKS_MAX);
			return;
		}
		uint64_t b;
		if (item_word(c, it, "sweep.block") || get_size(c, it, "sweep.block", &b))
			continue;
		if (b == 0)
			yerr(c, it, "sweep block must be from 1 to the file size");
		else
			sw->blocks[sw->nblocks++] = b;
	}
}

static void f_sweep_caches(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct sweep *sw = dst;
	char e[64];
	if (v->n == 0) {
		yerr(c, v, "sweep.cache must not be empty");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		enum wl_cache cache;
		if (item_word(c, it, "sweep.cache") || get_enum(c, it, "sweep.cache", &cache_enum, &cache))
			continue;
		if ((sw->ncaches >= 1 && sw->caches[0] == cache) ||
		    (sw->ncaches >= 2 && sw->caches[1] == cache))
			yerr(c, it, "duplicate cache '%s' in sweep.cache", yecho(it->str, e, sizeof e));
		else if (sw->ncaches < 2)
			sw->caches[sw->ncaches++] = cache;
	}
}

static const struct yfield sweep_fields[] = {
	{"block", Y_SEQ, f_sweep_blocks, 0, YF_REQUIRED, NULL},
	{"cache", Y_SEQ, f_sweep_caches, 0, 0, NULL},
};

static void f_sweep(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct lbuild *lb = dst;
	struct sweep *sw = &lb->l.sweep;
	if (ywalk_map(c, v, sweep_fields, COUNT(sweep_fields), sw, NULL))
		return;
	if (sw->ncaches == 0) {          /* the format's default: [warm] */
		sw->caches[0] = WL_CACHE_WARM;
		sw->ncaches = 1;
	}
	lb->sweep_ok = 1;
}

/* Each sweep point must be a workload the engine can run. */
static void check_sweep(struct yctx *c, const struct lbuild *lb, const struct ynode *sweep)
{
	const struct ynode *it = ymap_get(sweep, "block")->head;
	for (size_t i = 0; i < lb->l.sweep.nblocks && it; i++, it = it->next) {
		struct wl_spec point = lb->l.workload;    /* shallow: only read */
		char msg[160];
		point.block = lb->l.sweep.blocks[i];
		if (point.block > point.size)
			yerr(c, it, "sweep block must be from 1 to the file size");
		else if (wl_spec_check(&point, msg, sizeof msg) != 0)
			yerr(c, it, "sweep block %llu: %s", (unsigned long long)point.block, msg);
	}
}

static void f_id(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct lenv *env = c->user;
	char e[64], e2[64];
	if (ycheck_word(c, v, f->key))
		return;
	if (!id_ok(v->str))
		yerr(c, v, "id '%s' must match [a-z0-9-]+", yecho(v->str, e, sizeof e));
	else if (env->expect_id && strcmp(env->expect_id, v->str) != 0)
		yerr(c, v, "id '%s' does not match the file name '%s.yaml'",
		     yecho(v->str, e, sizeof e), yecho(env->expect_id, e2, sizeof e2));
	else
		*(char **)dst = dup_or_err(c, v, v->str, v->len);
}

static void f_ref_source(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct lenv *env = c->user;
	char e[64];
	if (ycheck_word(c, v, f->key))
		return;
	if (env->refs && !ref_data_find(env->refs, v->str)) {
		const char **names = calloc(env->refs->nsources + 1, sizeof *names);
		for (size_t i = 0; names && i < env->refs->nsources; i++)
			names[i] = env->refs->sources[i].key;
		const char *s = names ? ysuggest(v->str, names, env->refs->nsources) : NULL;
		if (s)
			yerr(c, v, "unknown reference source '%s'; did you mean '%s'?",
			     yecho(v->str, e, sizeof e), s);
		else
			yerr(c, v, "unknown reference source '%s' (not a key of sources: in "
			     "data/reference.yaml)", yecho(v->str, e, sizeof e));
		free(names);
		return;
	}
	*(char **)dst = dup_or_err(c, v, v->str, v->len);
}

static void f_rate(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	char e[64];
	const char *s = v->str;
	if (ycheck_word(c, v, f->key))
		return;
	if (s[0] == '-') {
		yerr(c, v, "'%s' must not be negative: '%s'", f->key, yecho(s, e, sizeof e));
		return;
	}
	char *end = NULL;
	double r = 0;
	/* digits, a point and an exponent: no hex, inf or nan */
	if ((isdigit((unsigned char)s[0]) || s[0] == '.') && !s[strspn(s, "0123456789.eE+-")]) {
		errno = 0;
		r = strtod(s, &end);
	}
	if (!end || *end || errno == ERANGE || !isfinite(r))
		yerr(c, v, "'%s' is not a number: '%s'", f->key, yecho(s, e, sizeof e));
	else if (!(r > 0))
		yerr(c, v, "'%s' must be more than 0 (bytes per second)", f->key);
	else
		*(double *)dst = r;
}

static const struct yfield ref_fields[] = {
	{"source", Y_SCALAR, f_ref_source, offsetof(struct reference_rate, source), YF_REQUIRED, NULL},
	{"rate", Y_SCALAR, f_rate, offsetof(struct reference_rate, rate), YF_REQUIRED, NULL},
};

static void f_refs(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct lesson *l = dst;
	if (v->n == 0)
		return;
	if (!(l->refs = calloc(v->n, sizeof *l->refs))) {
		yerr(c, v, "out of memory");
		return;
	}
	l->nrefs = v->n;
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		if (it->kind != Y_MAP)
			yerr(c, it, "items of '%s' must be mappings (source, rate), not %s", f->key,
			     ykind_name(it));
		else
			ywalk_map(c, it, ref_fields, COUNT(ref_fields), &l->refs[i], NULL);
	}
}

static void f_compare(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct lenv *env = c->user;
	struct lesson *l = dst;
	char e[64];
	if (v->n == 0)
		return;
	if (!(l->compare = calloc(v->n, sizeof *l->compare))) {
		yerr(c, v, "out of memory");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (item_word(c, it, f->key))
			continue;
		size_t i = 0;
		while (env->ids && i < env->nids && strcmp(env->ids[i], it->str) != 0)
			i++;
		if (!id_ok(it->str))
			yerr(c, it, "compare id '%s' must match [a-z0-9-]+", yecho(it->str, e, sizeof e));
		else if (env->ids && i == env->nids)
			yerr(c, it, "compare names '%s', which is not a lesson of this course",
			     yecho(it->str, e, sizeof e));
		else if ((l->compare[l->ncompare] = dup_or_err(c, it, it->str, it->len)))
			l->ncompare++;
	}
}

#define LB(member) offsetof(struct lbuild, l.member)

static const struct yfield lesson_fields[] = {
	{"id", Y_SCALAR, f_id, LB(id), YF_REQUIRED, NULL},
	{"title", Y_SCALAR, yf_word, LB(title), YF_REQUIRED, NULL},
	{"text", Y_SCALAR, yf_text, LB(text), YF_REQUIRED, NULL},
	{"code", Y_SCALAR, yf_text, LB(code), 0, NULL},
	{"workload", Y_MAP, f_workload, 0, YF_REQUIRED, NULL},
	{"reference", Y_SEQ, f_refs, offsetof(struct lbuild, l), 0, NULL},
	{"compare", Y_SEQ, f_compare, offsetof(struct lbuild, l), 0, NULL},
	{"sweep", Y_MAP, f_sweep, 0, 0, NULL},
};


/* "dir/w03-byte.yaml" -> "w03-byte" (malloc'd) */
static char *file_stem(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
		n -= 5;
	return strndup(base, n);
}

static int lesson_load_env(const char *path, const struct lenv *tmpl, struct lesson *out,
                           struct diags *ds)
{
	struct lenv env = *tmpl;
	struct lbuild lb;
	struct ydoc doc;
	char *stem = file_stem(path);
	memset(out, 0, sizeof *out);
	memset(&lb, 0, sizeof lb);
	env.expect_id = stem;
	int rc = ydoc_load(&doc, path, ds);
	if (rc == 0) {
		struct yctx c = {.doc = &doc, .ds = ds, .user = &env};
		if (yroot_is_map(&c) &&
		    ywalk_map(&c, doc.root, lesson_fields, COUNT(lesson_fields), &lb, NULL) == 0 &&
		    lb.workload_ok && lb.sweep_ok)
			check_sweep(&c, &lb, ymap_get(doc.root, "sweep"));
		rc = c.errors ? -1 : 0;
		if (rc == 0 && !(lb.l.file = strdup(path))) {
			diags_add(ds, path, 0, 0, NULL, "out of memory");
			rc = -1;
		}
	}
	ydoc_free(&doc);
	free(stem);
	if (rc) {
		lesson_free(&lb.l);
		return -1;
	}
	*out = lb.l;
	return 0;
}

int lesson_load(const char *path, const struct ref_data *refs, struct lesson *out,
                struct diags *ds)
{
	struct lenv env = {.refs = refs};
	return lesson_load_env(path, &env, out, ds);
}

/* --- the course -------------------------------------------------------------- */

/* course.yaml's lesson ids, in order, as the nodes that name them. */
struct plan {
	const struct ynode **ids;
	size_t n;
	int full;
};

struct cbuild {
	struct course c;
	struct plan plan;
};

struct sbuild {
	char *title;
	size_t first, count;
	struct plan *plan;
};

static void f_section_lessons(struct yctx *c, const struct ynode *v, void *dst,
                              const struct yfield *f)
{
	struct sbuild *sb = dst;
	struct plan *p = sb->plan;
	sb->first = p->n;
	if (v->n == 0)
		yerr(c, v, "'%s' must not be empty", f->key);
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (item_word(c, it, f->key))
			continue;
		if (p->n == COURSE_LESSONS_MAX) {
			if (!p->full++)
				yerr(c, it, "more than %d lessons in one course", COURSE_LESSONS_MAX);
			continue;
		}
		p->ids[p->n++] = it;
	}
	sb->count = p->n - sb->first;
}

static const struct yfield section_fields[] = {
	{"title", Y_SCALAR, yf_word, offsetof(struct sbuild, title), YF_REQUIRED, NULL},
	{"lessons", Y_SEQ, f_section_lessons, 0, YF_REQUIRED, NULL},
};

static void f_sections(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct cbuild *cb = dst;
	if (v->n == 0) {
		yerr(c, v, "'%s' must not be empty", f->key);
		return;
	}
	cb->c.sections = calloc(v->n, sizeof *cb->c.sections);
	cb->plan.ids = calloc(COURSE_LESSONS_MAX, sizeof *cb->plan.ids);
	if (!cb->c.sections || !cb->plan.ids) {
		yerr(c, v, "out of memory");
		return;
	}
	cb->c.nsections = v->n;
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		struct sbuild sb = {.plan = &cb->plan, .first = cb->plan.n};
		if (it->kind != Y_MAP)
			yerr(c, it, "items of '%s' must be mappings (title, lessons), not %s", f->key,
			     ykind_name(it));
		else
			ywalk_map(c, it, section_fields, COUNT(section_fields), &sb, NULL);
		cb->c.sections[i].title = sb.title;
		cb->c.sections[i].first = sb.first;
		cb->c.sections[i].count = sb.count;
	}
}

static const struct yfield course_fields[] = {
	{"course", Y_SCALAR, yf_word, offsetof(struct cbuild, c.title), YF_REQUIRED, NULL},
	{"sections", Y_SEQ, f_sections, 0, YF_REQUIRED, NULL},
};

static char *join(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir);
	const char *sep = n == 0 || dir[n - 1] == '/' ? "" : "/";
	char *p = NULL;
	if (asprintf(&p, "%s%s%s%s", dir, sep, name, ext) < 0)
		return NULL;
	return p;
}

/* Load every lesson course.yaml names, in its order. */
static void load_lessons(struct yctx *c, struct cbuild *cb, const char *dir, const struct lenv *env)
{
	struct plan *p = &cb->plan;
	char e[64];
	if (p->n && !(cb->c.lessons = calloc(p->n, sizeof *cb->c.lessons))) {
		yerr(c, NULL, "out of memory");
		return;
	}
	cb->c.nlessons = p->n;
	for (size_t i = 0; i < p->n; i++) {
		const struct ynode *v = p->ids[i];
		size_t j = 0;
		while (j < i && strcmp(p->ids[j]->str, v->str) != 0)
			j++;
		if (!id_ok(v->str)) {
			yerr(c, v, "lesson id '%s' must match [a-z0-9-]+", yecho(v->str, e, sizeof e));
			continue;
		}
		if (j < i) {
			yerr(c, v, "two lessons with one id: '%s' is already named at line %u",
			     v->str, p->ids[j]->line);
			continue;
		}
		char *path = join(dir, v->str, ".yaml");
		struct stat st;
		if (!path)
			yerr(c, v, "out of memory");
		else if (stat(path, &st) != 0 && errno == ENOENT)
			yerr(c, v, "course names lesson '%s', but there is no file %s.yaml", v->str, v->str);
		else
			lesson_load_env(path, env, &cb->c.lessons[i], c->ds);
		free(path);
	}
}

static int listed(const struct plan *p, const char *name, size_t n)
{
	for (size_t i = 0; i < p->n; i++)
		if (strlen(p->ids[i]->str) == n && strncmp(p->ids[i]->str, name, n) == 0)
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first line of a file, for an error at its 1:1. */
static void report_orphan(struct diags *ds, const char *path, const char *name, size_t stem)
{
	struct ydoc doc = {.file = path};
	char head[SOURCE_LINE_MAX + 1], src[SOURCE_LINE_MAX * 4 + 1];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, head, SOURCE_LINE_MAX) : -1;
	if (fd >= 0)
		close(fd);
	doc.buf = head;
	doc.len = n > 0 ? (size_t)n : 0;
	diags_add(ds, path, 1, 1, doc.len ? source_line(&doc, 1, src, sizeof src) : NULL,
	          "lesson '%.*s' is not named by any section of course.yaml", (int)stem, name);
}

/* A *.yaml file that no section names would be silently unreachable. */
static void find_orphans(struct diags *ds, const char *dir, const struct plan *p)
{
	DIR *d = opendir(*dir ? dir : ".");
	if (!d)
		return;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d)) && n < 100000) {
		size_t len = strlen(de->d_name);
		struct stat st;
		if (de->d_name[0] == '.' || len <= 5 || strcmp(de->d_name + len - 5, ".yaml") != 0 ||
		    strcmp(de->d_name, "course.yaml") == 0 || listed(p, de->d_name, len - 5) ||
		    fstatat(dirfd(d), de->d_name, &st, 0) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			char **more = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *names);
			if (!more)
				break;
			names = more;
		}
		if ((names[n] = strdup(de->d_name)))
			n++;
	}
	closedir(d);
	if (n)                                      /* readdir order is arbitrary */
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		char *path = join(dir, names[i], "");
		if (path)
			report_orphan(ds, path, names[i], strlen(names[i]) - 5);
		else
			diags_add(ds, dir, 0, 0, NULL, "out of memory");
		free(path);
		free(names[i]);
	}
	free(names);
}

int course_load(const char *dir, struct course *course, struct diags *ds)
{
	size_t before = ds->count + ds->dropped;
	struct cbuild cb;
	struct ref_data refs = {0};
	struct lenv env = {0};
	struct ydoc doc = {0};
	char refpath[PATH_MAX + 32];
	memset(course, 0, sizeof *course);
	memset(&cb, 0, sizeof cb);

	if (ref_data_find_path(dir, refpath, sizeof refpath) == 0 &&
	    ref_data_load(refpath, &refs, ds) == 0)
		env.refs = &refs;
	char *path = join(dir, "course.yaml", "");
	if (!(cb.c.dir = strdup(dir)) || !path)
		diags_add(ds, dir, 0, 0, NULL, "out of memory");
	else if (ydoc_load(&doc, path, ds) == 0) {
		struct yctx c = {.doc = &doc, .ds = ds};
		if (yroot_is_map(&c))
			ywalk_map(&c, doc.root, course_fields, COUNT(course_fields), &cb, NULL);
		unsigned course_errors = c.errors;
		const char **ids = cb.plan.n ? calloc(cb.plan.n, sizeof *ids) : NULL;
		for (size_t i = 0; ids && i < cb.plan.n; i++)
			ids[i] = cb.plan.ids[i]->str;
		env.ids = ids;
		env.nids = ids ? cb.plan.n : 0;
		load_lessons(&c, &cb, dir, &env);
		/* after a broken course.yaml every lesson would look unnamed */
		if (!course_errors)
			find_orphans(ds, dir, &cb.plan);
		free(ids);
	}
	ydoc_free(&doc);
	free(path);
	free(cb.plan.ids);
	ref_data_free(&refs);
	if (ds->count + ds->dropped != before) {
		course_free(&cb.c);
		return -1;
	}
	*course = cb.c;
	return 0;
}
