/* yaml_walk.h - layer 2 of the loader: a tree (yaml_tree.h) checked against
 * tables of {key, node kind, handler, offset}, and the value parsers the
 * handlers share.
 *
 * Why the loader is split here: what a mapping may hold is data (a table
 * per mapping, as netplan and libcyaml describe theirs), and the walker
 * reports unknown, duplicate, missing and mistyped keys by itself, so a
 * schema above this line is its tables plus the handlers of the values
 * only it has.  Sizes, durations, words, enums by name and "did you mean"
 * are here because every schema parses them the same way, with the same
 * messages.
 */
#ifndef IOLAB_YAML_WALK_H
#define IOLAB_YAML_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "yaml_tree.h"

/* A walk over one file's tree: errors counts what it reported. */
struct yctx {
	const struct ydoc *doc;
	struct diags *ds;
	unsigned errors;
	const void *user;          /* the schema's own context */
};

/* An error at node `at` (NULL: 1:1), with its source line. */
void yaml_walk_err(struct yctx *c, const struct ynode *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An error at byte `offset` of scalar at's value (yaml_tree_value_mark): the
 * caret under a token inside the string. */
void yaml_walk_err_at(struct yctx *c, const struct ynode *at, size_t offset, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

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
unsigned yaml_walk_map(struct yctx *c, const struct ynode *map,
                   const struct yfield *fields, size_t nf, void *base,
                   const struct ynode **seen);

/* Checks that the root is a mapping (reports it otherwise). */
int yaml_walk_root_is_map(struct yctx *c);

int yaml_walk_is_null(const struct ynode *n);
/* "a list", "a mapping", "a scalar", "an empty value" */
const char *yaml_walk_kind_name(const struct ynode *n);
/* The value under key in a mapping, or NULL. */
const struct ynode *yaml_walk_map_get(const struct ynode *map, const char *key);

/* --- values ----------------------------------------------------------------- */

/* Common handlers.  yaml_walk_field_word: one line, 1..LESSON_WORD_MAX bytes, into a
 * char *; yaml_walk_field_text: 1..LESSON_TEXT_MAX bytes.  yaml_walk_field_ignore accepts anything.
 * yaml_walk_field_enum: a name of the struct yenum in f->aux.  (A workload's sizes and
 * durations are read by wl_keys.c's rows.) */
void yaml_walk_field_word(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
void yaml_walk_field_text(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
void yaml_walk_field_ignore(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);
void yaml_walk_field_enum(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);

/* A scalar no longer than LESSON_WORD_MAX, or an error; 0 if fine. */
int yaml_walk_check_word(struct yctx *c, const struct ynode *v, const char *what);
/* An item of the list `list` that must be a word: a scalar, not empty, not
 * too long.  0, or -1 after reporting it. */
int yaml_walk_item_word(struct yctx *c, const struct ynode *item, const char *list);
/* A malloc'd copy of s[0..n), or NULL after reporting "out of memory". */
char *yaml_walk_dup(struct yctx *c, const struct ynode *v, const char *s, size_t n);

/* A size (units.h) or an error saying what is wrong with it ("must not be
 * negative", "is too large", "is not a size ...").  0 or -1. */
int yaml_walk_get_size(struct yctx *c, const struct ynode *v, const char *what, uint64_t *out);

/* An enum spelt by its names: set() parses one into dst, name(i) gives the
 * i-th name ("?" past the last), so the tables of wl.c stay the only
 * spelling of every value. */
struct yenum {
	int (*set)(const char *s, void *dst);
	const char *(*name)(unsigned i);
};
#define YENUM_NAMES_MAX 16
int yaml_walk_get_enum(struct yctx *c, const struct ynode *v, const char *what,
              const struct yenum *en, void *dst);

/* "unknown WHAT 'x'; did you mean 'y'?" (suggest.h's rule) or, when no
 * name is close, "unknown WHAT 'x'; expected one of: a, b". */
void yaml_walk_unknown_name(struct yctx *c, const struct ynode *v, const char *what,
                   const char *const *names, size_t n);

#endif
