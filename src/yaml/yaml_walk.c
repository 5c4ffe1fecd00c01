/* yaml_walk.c - layer 2 of the loader: mappings checked against key
 * tables, and the value parsers every schema shares.
 *
 * Why the split is here (see yaml_walk.h): below is YAML, above are the
 * schemas; this layer knows neither libyaml nor what a lesson is.  A table
 * row names a key, the node kinds its value may have, a handler and where
 * the handler writes; yaml_walk_map() does the rest and reports, at the key's
 * mark, everything that is wrong with the mapping's keys, so no schema
 * repeats those checks or their messages.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "value.h"
#include "yaml_walk.h"

/* --- walking the tree ------------------------------------------------------- */

void yaml_walk_err(struct yctx *c, const struct ynode *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	yaml_tree_vdiag(c->doc, c->ds, at ? at->line : 1, at ? at->column : 1, fmt, ap);
	va_end(ap);
	c->errors++;
}

void yaml_walk_err_at(struct yctx *c, const struct ynode *at, size_t offset, const char *fmt, ...)
{
	unsigned line, col;
	yaml_tree_value_mark(c->doc, at, offset, &line, &col);
	va_list ap;
	va_start(ap, fmt);
	yaml_tree_vdiag(c->doc, c->ds, line, col, fmt, ap);
	va_end(ap);
	c->errors++;
}

int yaml_walk_is_null(const struct ynode *n)
{
	if (n->kind != Y_SCALAR || !n->plain)
		return 0;
	return n->len == 0 || strcmp(n->str, "~") == 0 || strcmp(n->str, "null") == 0 ||
	       strcmp(n->str, "Null") == 0 || strcmp(n->str, "NULL") == 0;
}

const char *yaml_walk_kind_name(const struct ynode *n)
{
	if (yaml_walk_is_null(n))
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

const struct ynode *yaml_walk_map_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != Y_MAP)
		return NULL;
	for (const struct ynode *k = map->head; k && k->next; k = k->next->next)
		if (k->kind == Y_SCALAR && strcmp(k->str, key) == 0)
			return k->next;
	return NULL;
}

/* A key with a ':' in it is no key of the lab's: more likely a line of a
 * file that is not the lab's at all ("name:hash:..." of a password file).
 * Its message quotes the first token only, and no line of it is shown. */
static int foreign_key(const struct ynode *k)
{
	return k->kind == Y_SCALAR && strchr(k->str, ':') != NULL;
}

static void foreign_key_error(struct yctx *c, const struct ynode *k)
{
	char e[64];
	diag_list_add(c->ds, c->doc->file, k->line, k->column, NULL,
	          "unknown key '%s'; no key holds a ':' (is this a lesson file?)",
	          yaml_tree_echo_key(k->str, e, sizeof e));
	c->errors++;
}

int yaml_walk_root_is_map(struct yctx *c)
{
	const struct ynode *r = c->doc->root;
	if (!r || yaml_walk_is_null(r)) {
		yaml_walk_err(c, NULL, "the file is empty (expected a mapping of keys)");
		return 0;
	}
	if (r->kind != Y_MAP) {
		yaml_walk_err(c, r, "the top level must be a mapping of keys, not %s", yaml_walk_kind_name(r));
		return 0;
	}
	/* one such key and the file is not walked: every other message (a
	 * missing key at 1:1 ...) would show one of its lines */
	for (const struct ynode *k = r->head; k && k->next; k = k->next->next)
		if (foreign_key(k)) {
			foreign_key_error(c, k);
			return 0;
		}
	return 1;
}

static void unknown_key(struct yctx *c, const struct ynode *k, const struct yfield *f, size_t nf)
{
	struct suggest sg;
	char e[64];
	if (foreign_key(k)) {
		foreign_key_error(c, k);
		return;
	}
	suggest_init(&sg, k->str);
	for (size_t i = 0; i < nf; i++)
		suggest_offer(&sg, f[i].key);
	const char *s = suggest_result(&sg);
	if (s)
		yaml_walk_err(c, k, "unknown key '%s'; did you mean '%s'?", yaml_tree_echo(k->str, e, sizeof e), s);
	else
		yaml_walk_err(c, k, "unknown key '%s'", yaml_tree_echo(k->str, e, sizeof e));
}

unsigned yaml_walk_map(struct yctx *c, const struct ynode *map, const struct yfield *fields,
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
			yaml_walk_err(c, k, "a key must be a scalar, not %s", yaml_walk_kind_name(k));
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
			yaml_walk_err(c, k, "duplicate key '%s' (first given at line %u)", f->key, seen[i]->line);
			continue;
		}
		seen[i] = k;
		if (yaml_walk_is_null(v))
			yaml_walk_err(c, k, "'%s' has no value", f->key);
		else if (!(v->kind & f->kinds))
			yaml_walk_err(c, v, "'%s' must be %s, not %s", f->key, kinds_name(f->kinds), yaml_walk_kind_name(v));
		else
			f->fn(c, v, (char *)base + f->offset, f);
	}
	for (size_t i = 0; i < nf; i++)
		if ((fields[i].flags & YF_REQUIRED) && !seen[i])
			yaml_walk_err(c, map, "missing required key '%s'", fields[i].key);
	return c->errors - before;
}

int yaml_walk_check_word(struct yctx *c, const struct ynode *v, const char *what)
{
	char m[VALUE_MSG_MAX];
	if (value_word(v->len, what, m, sizeof m) != 0) {
		yaml_walk_err(c, v, "%s", m);
		return -1;
	}
	return 0;
}

char *yaml_walk_dup(struct yctx *c, const struct ynode *v, const char *s, size_t n)
{
	char *d = strndup(s, n);
	if (!d)
		yaml_walk_err(c, v, "out of memory");
	return d;
}

void yaml_walk_field_word(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	size_t n = v->len;
	while (n && v->str[n - 1] == '\n')   /* a block scalar's final newline */
		n--;
	if (yaml_walk_check_word(c, v, f->key))
		return;
	if (n == 0)
		yaml_walk_err(c, v, "'%s' must not be empty", f->key);
	else if (memchr(v->str, '\n', n))
		yaml_walk_err(c, v, "'%s' must be one line", f->key);
	else
		*(char **)dst = yaml_walk_dup(c, v, v->str, n);
}

void yaml_walk_field_text(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	if (v->len == 0)
		yaml_walk_err(c, v, "'%s' must not be empty", f->key);
	else
		*(char **)dst = yaml_walk_dup(c, v, v->str, v->len);
}

void yaml_walk_field_ignore(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)c, (void)v, (void)dst, (void)f;
}

int yaml_walk_item_word(struct yctx *c, const struct ynode *item, const char *list)
{
	if (item->kind != Y_SCALAR) {
		yaml_walk_err(c, item, "items of '%s' must be scalars, not %s", list, yaml_walk_kind_name(item));
		return -1;
	}
	if (yaml_walk_is_null(item)) {
		yaml_walk_err(c, item, "'%s' has an empty item", list);
		return -1;
	}
	return yaml_walk_check_word(c, item, list);
}

/* --- values: sizes, durations, names ------------------------------------------ */

int yaml_walk_get_size(struct yctx *c, const struct ynode *v, const char *what, uint64_t *out)
{
	char m[VALUE_MSG_MAX];
	if (yaml_walk_check_word(c, v, what))
		return -1;
	if (value_size(v->str, what, out, m, sizeof m) == 0)
		return 0;
	yaml_walk_err(c, v, "%s", m);
	return -1;
}

/* "unknown WHAT 'x'; did you mean 'y'?" or "...; expected one of: a, b" */
void yaml_walk_unknown_name(struct yctx *c, const struct ynode *v, const char *what,
                         const char *const *names, size_t n)
{
	char m[VALUE_MSG_MAX];
	value_unknown_name(v->str, what, names, n, m, sizeof m);
	yaml_walk_err(c, v, "%s", m);
}

static size_t enum_names(const struct yenum *en, const char *names[YENUM_NAMES_MAX])
{
	size_t n = 0;
	while (n < YENUM_NAMES_MAX && strcmp(en->name((unsigned)n), "?") != 0) {
		names[n] = en->name((unsigned)n);
		n++;
	}
	return n;
}

int yaml_walk_get_enum(struct yctx *c, const struct ynode *v, const char *what,
                    const struct yenum *en, void *dst)
{
	if (yaml_walk_check_word(c, v, what))
		return -1;
	if (en->set(v->str, dst) == 0)
		return 0;
	const char *names[YENUM_NAMES_MAX];
	yaml_walk_unknown_name(c, v, what, names, enum_names(en, names));
	return -1;
}

void yaml_walk_field_enum(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	yaml_walk_get_enum(c, v, f->key, f->aux, dst);
}
