/* lesson_yaml.h - internal to the loaders (lesson_yaml.c, reference.c).
 *
 * A YAML file becomes a small tree of nodes that keep their marks (ydoc),
 * read under the bounds of lesson.h; mappings are then checked against
 * tables of {key, node kind, handler, offset} (ywalk_map), which report
 * unknown, duplicate, missing and mistyped keys by themselves.
 */
#ifndef IOLAB_LESSON_YAML_H
#define IOLAB_LESSON_YAML_H

#include <stddef.h>
#include "lesson.h"

enum ykind { Y_SCALAR = 1, Y_SEQ = 2, Y_MAP = 4 };

struct ynode {
	enum ykind kind;
	unsigned line, column;     /* 1-based start mark */
	const char *str;           /* scalar: its value, NUL-terminated */
	size_t len;
	int plain;                 /* a plain scalar (only those can be null) */
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
};

/* Reads and parses path.  0, or -1 with one diagnostic in ds (a syntax
 * error or a broken bound stops the file).  Call ydoc_free either way. */
int ydoc_load(struct ydoc *doc, const char *path, struct diags *ds);
void ydoc_free(struct ydoc *doc);

/* A walk over one file's tree: errors counts what it reported. */
struct yctx {
	const struct ydoc *doc;
	struct diags *ds;
	unsigned errors;
	const void *user;          /* the loader's own context */
};

void yerr(struct yctx *c, const struct ynode *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct yfield;
typedef void (*yfield_fn)(struct yctx *c, const struct ynode *v, void *dst,
                          const struct yfield *f);

struct yfield {
	const char *key;
	unsigned kinds;            /* Y_* accepted for the value */
	yfield_fn fn;
	size_t offset;             /* of dst in the walked struct */
	unsigned flags;            /* YF_* */
	const void *aux;           /* for the handler (an enum's names ...) */
};

#define YF_REQUIRED 1u
#define YF_MAX 24              /* fields per table */

/* Checks map against fields and calls each handler with base + offset.
 * seen (nf entries, may be NULL) receives each given key's node (its value
 * is ->next).  Returns the number of errors reported. */
unsigned ywalk_map(struct yctx *c, const struct ynode *map,
                   const struct yfield *fields, size_t nf, void *base,
                   const struct ynode **seen);

/* Checks that the root is a mapping (reports it otherwise). */
int yroot_is_map(struct yctx *c);

int yis_null(const struct ynode *n);
/* "a list", "a mapping", "a scalar", "an empty value" */
const char *ykind_name(const struct ynode *n);
/* The value under key in a mapping, or NULL. */
const struct ynode *ymap_get(const struct ynode *map, const char *key);

/* Common handlers.  yf_word: one line, 1..LESSON_WORD_MAX bytes, into a
 * char *; yf_text: 1..LESSON_TEXT_MAX bytes.  yf_ignore accepts anything. */
void yf_word(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
void yf_text(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
void yf_ignore(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
/* A scalar no longer than LESSON_WORD_MAX, or an error; 0 if fine. */
int ycheck_word(struct yctx *c, const struct ynode *v, const char *what);

/* The candidate closest to word (case-insensitive edit distance), or NULL
 * when none is close enough to be a likely typo. */
const char *ysuggest(const char *word, const char *const *cands, size_t n);
/* A quotable copy of a value for messages: control characters become '?',
 * long values are cut with "...". */
const char *yecho(const char *s, char *buf, size_t len);

#endif
