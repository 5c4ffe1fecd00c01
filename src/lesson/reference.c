/* reference.c - data/reference.yaml: the sources of the reference rates.
 *
 * Only sources: is kept (views print a source's label beside "your
 * machine"); tables: is for people and views reading the file themselves,
 * so it is checked for shape and for source keys but not stored.  Uses the
 * same bounded YAML tree and key tables as the lesson loader (layers 1 and
 * 2, yaml_tree.c and yaml_walk.c, and nothing of the lesson model), so the
 * file gets the same FILE:LINE:COLUMN errors and the same limits.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "reference.h"
#include "yaml_walk.h"


static const struct yfield source_fields[] = {
	{"label", Y_SCALAR, yaml_walk_field_word, offsetof(struct ref_source, label), YF_REQUIRED, NULL},
	{"document", Y_SCALAR, yaml_walk_field_text, offsetof(struct ref_source, document), 0, NULL},
};

/* sources: a mapping from key to {label, document} */
static void f_sources(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct ref_data *rd = dst;
	char e[64];
	if (v->n == 0)
		return;
	if (!(rd->sources = calloc(v->n / 2, sizeof *rd->sources))) {
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	for (const struct ynode *k = v->head; k && k->next; k = k->next->next) {
		const struct ynode *val = k->next;
		if (k->kind != Y_SCALAR || yaml_walk_is_null(k)) {
			yaml_walk_err(c, k, "a source key must be a scalar, not %s", yaml_walk_kind_name(k));
			continue;
		}
		if (yaml_walk_check_word(c, k, "source key"))
			continue;
		if (reference_find(rd, k->str)) {
			const struct ynode *first = v->head;
			while (first != k && (first->kind != Y_SCALAR || strcmp(first->str, k->str) != 0))
				first = first->next->next;
			yaml_walk_err(c, k, "duplicate source '%s' (first given at line %u)",
			     yaml_tree_echo(k->str, e, sizeof e), first->line);
			continue;
		}
		if (val->kind != Y_MAP) {
			yaml_walk_err(c, val, "source '%s' must be a mapping (label, document), not %s",
			     yaml_tree_echo(k->str, e, sizeof e), yaml_walk_kind_name(val));
			continue;
		}
		struct ref_source *s = &rd->sources[rd->nsources];
		if (!(s->key = strdup(k->str))) {
			yaml_walk_err(c, k, "out of memory");
			continue;
		}
		rd->nsources++;
		yaml_walk_map(c, val, source_fields, COUNT(source_fields), s, NULL);
	}
}

/* --- tables: checked, not kept --------------------------------------------- */

static void words(struct yctx *c, const struct ynode *v, const char *what)
{
	for (const struct ynode *it = v->head; it; it = it->next)
		if (it->kind != Y_SCALAR)
			yaml_walk_err(c, it, "items of '%s' must be scalars, not %s", what, yaml_walk_kind_name(it));
}

static void f_columns(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)dst;
	words(c, v, f->key);
}

static void f_rows(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)dst;
	for (const struct ynode *row = v->head; row; row = row->next) {
		if (row->kind != Y_SEQ)
			yaml_walk_err(c, row, "items of '%s' must be lists, not %s", f->key, yaml_walk_kind_name(row));
		else
			words(c, row, "rows");
	}
}

static void check_source_key(struct yctx *c, const struct ynode *v)
{
	const struct ref_data *rd = c->user;
	char e[64];
	if (v->kind != Y_SCALAR)
		yaml_walk_err(c, v, "items of 'source' must be scalars, not %s", yaml_walk_kind_name(v));
	else if (!reference_find(rd, v->str))
		yaml_walk_err(c, v, "unknown source '%s' (not a key of sources:)", yaml_tree_echo(v->str, e, sizeof e));
}

static void f_table_source(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)dst, (void)f;
	if (v->kind == Y_SCALAR)
		check_source_key(c, v);
	else
		for (const struct ynode *it = v->head; it; it = it->next)
			check_source_key(c, it);
}

static const struct yfield table_fields[] = {
	{"id", Y_SCALAR, yaml_walk_field_ignore, 0, YF_REQUIRED, NULL},
	{"title", Y_SCALAR, yaml_walk_field_ignore, 0, 0, NULL},
	{"source", Y_SCALAR | Y_SEQ, f_table_source, 0, 0, NULL},
	{"unit", Y_SCALAR, yaml_walk_field_ignore, 0, 0, NULL},
	{"columns", Y_SEQ, f_columns, 0, 0, NULL},
	{"rows", Y_SEQ, f_rows, 0, 0, NULL},
};

/* A row with more or fewer cells than there are columns. */
static void check_row_lengths(struct yctx *c, const struct ynode *table)
{
	const struct ynode *cols = yaml_walk_map_get(table, "columns"), *rows = yaml_walk_map_get(table, "rows");
	if (!cols || !rows || cols->kind != Y_SEQ || rows->kind != Y_SEQ)
		return;
	for (const struct ynode *row = rows->head; row; row = row->next)
		if (row->kind == Y_SEQ && row->n != cols->n)
			yaml_walk_err(c, row, "row has %zu values but columns names %zu", row->n, cols->n);
}

static void check_tables(struct yctx *c, const struct ynode *tables)
{
	for (const struct ynode *t = tables->head; t; t = t->next) {
		if (t->kind != Y_MAP) {
			yaml_walk_err(c, t, "items of 'tables' must be mappings, not %s", yaml_walk_kind_name(t));
			continue;
		}
		char unused;
		yaml_walk_map(c, t, table_fields, COUNT(table_fields), &unused, NULL);
		check_row_lengths(c, t);
	}
}

static const struct yfield top_fields[] = {
	{"sources", Y_MAP, f_sources, 0, YF_REQUIRED, NULL},
	{"tables", Y_SEQ, yaml_walk_field_ignore, 0, 0, NULL},   /* checked once sources are known */
};

int reference_load(const char *path, struct ref_data *out, struct diags *ds)
{
	struct ydoc doc;
	struct ref_data rd = {0};
	memset(out, 0, sizeof *out);
	int rc = yaml_tree_load(&doc, path, ds);
	if (rc == 0) {
		struct yctx c = {.doc = &doc, .ds = ds, .user = &rd};
		const struct ynode *seen[YF_MAX];
		if (yaml_walk_root_is_map(&c) &&
		    yaml_walk_map(&c, doc.root, top_fields, COUNT(top_fields), &rd, seen) == 0 &&
		    seen[1] && seen[1]->next->kind == Y_SEQ)
			check_tables(&c, seen[1]->next);
		rc = c.errors ? -1 : 0;
	}
	yaml_tree_free(&doc);
	if (rc) {
		reference_free(&rd);
		return -1;
	}
	*out = rd;
	return 0;
}

void reference_free(struct ref_data *rd)
{
	for (size_t i = 0; i < rd->nsources; i++) {
		free(rd->sources[i].key);
		free(rd->sources[i].label);
		free(rd->sources[i].document);
	}
	free(rd->sources);
	memset(rd, 0, sizeof *rd);
}

const struct ref_source *reference_find(const struct ref_data *rd, const char *key)
{
	for (size_t i = 0; rd && key && i < rd->nsources; i++)
		if (strcmp(rd->sources[i].key, key) == 0)
			return &rd->sources[i];
	return NULL;
}

/* One letter per source of the course's data/reference.yaml.  A and B are
 * the two sides of a race, G a guess, digits compared lessons. */
static const struct {
	const char *key;
	char mark;
} ref_marks[] = {
	{"cs61-2011-imac", 'I'}, {"cs61-2007-thinkpad", 'T'}, {"cs61-l17-lecture", 'C'},
	{"tlpi-ch13", 'L'}, {"tlpi-exercises", 'X'}, {"nyu-os-project", 'N'},
};

char reference_mark_key(const char *source_key)
{
	for (size_t i = 0; i < COUNT(ref_marks); i++)
		if (source_key && strcmp(source_key, ref_marks[i].key) == 0)
			return ref_marks[i].mark;
	return 'R';
}
