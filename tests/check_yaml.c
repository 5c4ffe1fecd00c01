/* check_yaml.c - layers 1 and 2 of the loader on their own: the bounded
 * YAML tree (marks, echoes) and the key-table walker driven by a toy
 * schema that has nothing to do with lessons (so the walker is shown not
 * to need the lesson model). */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "countof.h"
#include "suites.h"
#include "yaml_tree.h"
#include "yaml_walk.h"

static char path[64];

static const char *write_doc(const char *text)
{
	snprintf(path, sizeof path, "/tmp/iolab-check-yaml-XXXXXX");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

START_TEST(tree_marks)
{
	struct ydoc doc;
	struct diags ds = {0};
	ck_assert_int_eq(yaml_tree_load(&doc, write_doc("a: 1\nlist:\n  - x\n  - \"y z\"\n"), &ds), 0);
	const struct ynode *r = doc.root;
	ck_assert_int_eq(r->kind, Y_MAP);
	ck_assert_uint_eq(r->n, 4);                       /* key, value, key, value */
	const struct ynode *list = yaml_walk_map_get(r, "list");
	ck_assert_int_eq(list->kind, Y_SEQ);
	ck_assert_uint_eq(list->n, 2);
	ck_assert_uint_eq(list->head->line, 3);
	ck_assert_uint_eq(list->head->column, 5);
	ck_assert_str_eq(list->head->next->str, "y z");
	ck_assert(list->head->plain && !list->head->next->plain);
	ck_assert_ptr_null(yaml_walk_map_get(r, "b"));
	yaml_tree_free(&doc);
	unlink(path);
	ck_assert_uint_eq(ds.count, 0);
}
END_TEST

START_TEST(echoes)
{
	char e[64];
	ck_assert_str_eq(yaml_tree_echo("a\x1b[2Jb", e, sizeof e), "a?[2Jb");
	ck_assert_str_eq(yaml_tree_echo("\xe2\x80\xae" "evil", e, sizeof e), "?evil");   /* RLO */
	ck_assert_str_eq(yaml_tree_echo("0123456789012345678901234567890123456789012345678901234", e,
	                       sizeof e), "012345678901234567890123456789012345678901234567...");
	ck_assert_str_eq(yaml_tree_echo_key("root:*:20228:0", e, sizeof e), "root...");
	ck_assert_str_eq(yaml_tree_echo_key("blok", e, sizeof e), "blok");
	ck_assert_str_eq(yaml_tree_echo("x", e, 4), "");                        /* no room: empty */
}
END_TEST

/* A toy schema: {name: word, size: size, kind: one of two} */
struct toy {
	char *name;
	uint64_t size;
	int kind;
};

static int kind_set(const char *s, void *dst)
{
	int k = strcmp(s, "small") == 0 ? 0 : strcmp(s, "large") == 0 ? 1 : -1;
	if (k < 0)
		return -1;
	*(int *)dst = k;
	return 0;
}

static const char *kind_name(unsigned i)
{
	return i == 0 ? "small" : i == 1 ? "large" : "?";
}

static const struct yenum kind_enum = {kind_set, kind_name};

/* A handler of the toy's own, as a schema writes one: a size by
 * yaml_walk_get_size, named by its key. */
static void toy_size(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	yaml_walk_get_size(c, v, f->key, dst);
}

static const struct yfield toy_fields[] = {
	{"name", Y_SCALAR, yaml_walk_field_word, offsetof(struct toy, name), YF_REQUIRED, NULL},
	{"size", Y_SCALAR, toy_size, offsetof(struct toy, size), 0, NULL},
	{"kind", Y_SCALAR, yaml_walk_field_enum, offsetof(struct toy, kind), 0, &kind_enum},
};

/* Walks text with the toy schema; returns the messages, one a line. */
static const char *walk(const char *text, struct toy *t)
{
	static char out[2048];
	struct ydoc doc;
	struct diags ds = {0};
	memset(t, 0, sizeof *t);
	out[0] = '\0';
	if (yaml_tree_load(&doc, write_doc(text), &ds) == 0) {
		struct yctx c = {.doc = &doc, .ds = &ds};
		if (yaml_walk_root_is_map(&c))
			yaml_walk_map(&c, doc.root, toy_fields, COUNT(toy_fields), t, NULL);
	}
	yaml_tree_free(&doc);
	unlink(path);
	for (size_t i = 0; i < ds.count; i++) {
		size_t n = strlen(out);
		snprintf(out + n, sizeof out - n, "%u:%u: %s\n", ds.items[i].line, ds.items[i].column,
		         ds.items[i].message);
	}
	diag_list_free(&ds);
	return out;
}

START_TEST(walker)
{
	struct toy t;
	ck_assert_str_eq(walk("name: box\nsize: 4KiB\nkind: large\n", &t), "");
	ck_assert_str_eq(t.name, "box");
	ck_assert_uint_eq(t.size, 4096);
	ck_assert_int_eq(t.kind, 1);
	free(t.name);
	ck_assert_str_eq(walk("nme: box\nsize: [1]\nkind: smal\nkind: large\n", &t),
	                 "1:1: unknown key 'nme'; did you mean 'name'?\n"
	                 "2:7: 'size' must be a scalar, not a list\n"
	                 "3:7: unknown kind 'smal'; did you mean 'small'?\n"
	                 "4:1: duplicate key 'kind' (first given at line 3)\n"
	                 "1:1: missing required key 'name'\n");
	ck_assert_str_eq(walk("name: a\nkind: huge\nsize: -1\n", &t),
	                 "2:7: unknown kind 'huge'; expected one of: small, large\n"
	                 "3:7: 'size' must not be negative: '-1'\n");
	free(t.name);
	/* a key with ':' at the top: one message, the file goes no further */
	ck_assert_str_eq(walk("root:x:0:0::/root:/bin/sh:\nnme: a\n", &t),
	                 "1:1: unknown key 'root...'; no key holds a ':' (is this a lesson file?)\n");
	ck_assert_str_eq(walk("- a\n", &t), "1:1: the top level must be a mapping of keys, not a list\n");
}
END_TEST

Suite *make_suite_yaml_tree(void)
{
	Suite *s = suite_create("yaml_tree");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, tree_marks);
	tcase_add_test(tc, echoes);
	suite_add_tcase(s, tc);
	return s;
}

Suite *make_suite_yaml_walk(void)
{
	Suite *s = suite_create("yaml_walk");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, walker);
	suite_add_tcase(s, tc);
	return s;
}
