/* yaml_tree.h - layer 1 of the loader: one YAML file as a small tree of
 * nodes that keep their marks.
 *
 * Why the loader is split here: everything about YAML itself - reading a
 * file under the bounds of lesson_limits.h, libyaml's events, its syntax
 * errors, tags and aliases, where a line starts, how a mark becomes a
 * caret - is decided below this line, and nothing about what the keys
 * mean.  yaml_walk.h checks a tree against tables of keys; the lesson,
 * course and reference schemas sit above that.
 */
#ifndef IOLAB_YAML_TREE_H
#define IOLAB_YAML_TREE_H

#include <stdarg.h>
#include <stddef.h>

#include "diag.h"
#include "lesson_limits.h"

enum ykind { Y_SCALAR = 1, Y_SEQ = 2, Y_MAP = 4 };
/* How a scalar was written: what a byte of its value is at in the file. */
enum ystyle { Y_PLAIN, Y_SINGLE_QUOTED, Y_DOUBLE_QUOTED, Y_LITERAL, Y_FOLDED };

struct ynode {
	enum ykind kind;
	unsigned line, column;     /* 1-based start mark */
	const char *str;           /* scalar: its value, NUL-terminated */
	size_t len;
	int plain;                 /* a plain scalar (only those can be null) */
	enum ystyle style;         /* scalar: as written */
	struct ynode *head, *next; /* children: items, or key, value, key, ... */
	size_t n;                  /* number of children */
};

struct arena_chunk;

struct ydoc {
	const char *file;          /* as given: messages print it */
	char *buf;                 /* the file's bytes (a UTF-8 BOM skipped) */
	size_t len;
	struct arena_chunk *arena;
	struct ynode *root;        /* NULL for an empty file */
	/* Not lesson text (not UTF-8, or no mapping at its top): it may be
	 * any file a link made a lesson (a copy of /etc/passwd), so a message
	 * quotes at most one line of it, and that only up to the column mark. */
	int guarded;
};

/* Reads and parses path.  0, or -1 with one diagnostic in ds (a syntax
 * error or a broken bound stops the file).  Call yaml_tree_free either way.
 * The file must be a regular file; a symbolic link is followed only when
 * it resolves inside the directory that holds path (file_read.h). */
int yaml_tree_load(struct ydoc *doc, const char *path, struct diags *ds);
/* Reads at most `max` bytes of path into doc->buf, without parsing: for a
 * message about a file that is not loaded (its line 1 under the caret).
 * 0, or -1 (doc->buf empty) when it cannot be read. */
int yaml_tree_read_head(struct ydoc *doc, const char *path, size_t max);
void yaml_tree_free(struct ydoc *doc);

/* A diag at line:col of doc, with that line of the source under it. */
void yaml_tree_diag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void yaml_tree_vdiag(const struct ydoc *doc, struct diags *ds, unsigned line, unsigned col,
                const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

/* Where byte `offset` of scalar n's value stands in the file (1-based), so
 * a message about part of a value - a token of an expression - can put
 * its caret there.  Plain and quoted scalars are followed character by
 * character (escapes, '' in single quotes, folded line breaks, stripped
 * indentation); a block scalar (| or >) points at its first character,
 * and so does an offset past the value's end there.  An offset at the
 * value's length points just after it (a closing quote). */
void yaml_tree_value_mark(const struct ydoc *doc, const struct ynode *n, size_t offset,
                      unsigned *line, unsigned *col);
/* Where the source text `needle` first is at or after *line:*col and
 * before end_line:end_col (0:0: the end of the file), in libyaml's marks
 * (columns count characters): 0 with *line and *col moved there, or -1
 * (they are left).  A caret can point inside a scalar, a block scalar's
 * lines too, at the text it is about. */
int yaml_tree_find(const struct ydoc *doc, unsigned *line, unsigned *col, unsigned end_line,
              unsigned end_col, const char *needle);

/* A quotable copy of a value for messages: control characters become '?',
 * long values are cut with "...". */
const char *yaml_tree_echo(const char *s, char *buf, size_t len);
/* The same for a key the schema does not know: only its first token (up to
 * a ':', which no key of the lab holds) is quoted, so a file that is not a
 * lesson - a password file is "name:hash:..." - is never echoed whole. */
const char *yaml_tree_echo_key(const char *key, char *buf, size_t len);

#endif
