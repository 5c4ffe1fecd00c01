/* lesson_schema.c - layer 3 of the loader: one lesson file -> struct lesson.
 *
 * Why the split is here: this file is the lesson format - the tables of
 * keys of doc/lesson-format.md (lesson, workload, sweep, reference, expect)
 * and the handlers of the values only lessons have (reference rates, ids,
 * expectations, whose expressions expect.h parses) - and nothing else.
 * The workload keys' values are read by their rows in wl_keys.c, which
 * --run's one-line spec and the experiment form use too, so that a value
 * is refused with one message wherever it is typed.  The
 * YAML and the walking are below (yaml_tree.c, yaml_walk.c); what needs
 * the whole course (the ids compare: may name, reference data found beside
 * the lesson directory) comes from above, from course_load.c, through
 * struct lenv.  A key added to the format is a row here (and, for a
 * workload key, a row of wl_keys.c).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "expect_fields.h"
#include "lesson.h"
#include "lesson_schema.h"
#include "suggest.h"
#include "units.h"
#include "value.h"
#include "wl_keys.h"
#include "wl.h"
#include "yaml_walk.h"

/* --- values only lessons have ------------------------------------------------- */

int lesson_id_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

/* The enum of sweep.cache: the names of workload.cache, by its row of
 * wl_keys.c, so both keys spell a cache state alike. */
static int cache_set(const char *s, void *dst)
{
	return wl_key_enum_set(&wl_key_table[WLK_CACHE], s, dst);
}

static const char *cache_nm(unsigned i)
{
	return wl_key_table[WLK_CACHE].choice(i);
}

static const struct yenum cache_enum = {cache_set, cache_nm};

/* The rule of wl_command_unsafe_script() (a shell's -c script holding
 * {file}), with the caret under {file} itself when the source spells it
 * so (not escaped), within the script's item. */
static void check_shell_script(struct yctx *c, const struct ynode *v, const struct wl_spec *s)
{
	char m[VALUE_MSG_MAX];
	long k = s->command_len == v->n ? wl_command_unsafe_script(s, m, sizeof m) : -1;
	if (k < 0)
		return;
	const struct ynode *it = v->head;
	for (long i = 0; i < k; i++)
		it = it->next;
	unsigned line = it->line, col = it->column;
	yaml_tree_find(c->doc, &line, &col, it->next ? it->next->line : 0,
	          it->next ? it->next->column : 0, "{file}");
	yaml_tree_diag(c->doc, c->ds, line, col, "%s", m);
	c->errors++;
}

/* A workload key: its row in wl_keys.c reads the value, so a lesson file,
 * a one-line spec (--run) and the experiment form refuse a value with the
 * same message.  What is YAML - the node's position, a list's items, an
 * empty item - stays here. */
static void f_wl_scalar(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct wl_key *k = f->aux;
	char m[VALUE_MSG_MAX];
	if (k->parse(k, dst, v->str, v->len, m, sizeof m) != 0)
		yaml_walk_err(c, v, "%s", m);
}

static void f_wl_list(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct wl_key *k = f->aux;
	char m[VALUE_MSG_MAX];
	if (k->begin(k, dst, v->n, m, sizeof m) != 0) {
		yaml_walk_err(c, v, "%s", m);
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (it->kind != Y_SCALAR)
			yaml_walk_err(c, it, "items of '%s' must be scalars, not %s", f->key, yaml_walk_kind_name(it));
		else if (!(k->flags & WL_KEYF_WORDS) && yaml_walk_is_null(it))
			yaml_walk_err(c, it, "'%s' has an empty item", f->key);
		else if (k->parse(k, dst, it->str, it->len, m, sizeof m) != 0)
			yaml_walk_err(c, it, "%s", m);
	}
	if (k == &wl_key_table[WLK_COMMAND])
		check_shell_script(c, v, dst);
}

/* --- a lesson ---------------------------------------------------------------- */

/* The lesson being filled plus what the cross-key checks need to know. */
struct lbuild {
	struct lesson l;
	int workload_ok, sweep_ok;
};

/* The workload mapping's table: one field per row of wl_keys.c, in its
 * order (the order a "did you mean" and the documentation list them in),
 * so a workload key is added in one place. */
_Static_assert(WL_KEYS <= YF_MAX, "a yfield table holds every workload key");
static void workload_fields(struct yfield fields[WL_KEYS])
{
	for (size_t i = 0; i < WL_KEYS; i++) {
		const struct wl_key *k = &wl_key_table[i];
		int list = (k->flags & WL_KEYF_LIST) != 0;
		fields[i] = (struct yfield){k->key, list ? Y_SEQ : Y_SCALAR,
		                            list ? f_wl_list : f_wl_scalar, 0, 0, k};
	}
}

/* The value of the key wl_spec_check_key() objects to (the mapping when
 * that key was not given: a default broke the rule).  seen is indexed as
 * the table is. */
static const struct ynode *culprit(const char *key, const struct ynode *map,
                                   const struct ynode *const *seen)
{
	const struct wl_key *k = key ? wl_key_find(key) : NULL;
	const struct ynode *at = k ? seen[k - wl_key_table] : NULL;
	return at ? at->next : map;
}

static void f_workload(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct lbuild *lb = dst;
	struct wl_spec *s = &lb->l.workload;
	const struct ynode *seen[YF_MAX];
	struct yfield fields[WL_KEYS];
	workload_fields(fields);
	wl_spec_init(s);
	if (yaml_walk_map(c, v, fields, WL_KEYS, s, seen))
		return;
	char msg[160];
	const char *key;
	if (wl_spec_check_key(s, msg, sizeof msg, &key) != 0) {
		yaml_walk_err(c, culprit(key, v, seen), "%s", msg);
		return;
	}
	lb->workload_ok = 1;
}

static void f_sweep_blocks(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)f;
	struct sweep *sw = dst;
	if (v->n == 0) {
		yaml_walk_err(c, v, "sweep.block must not be empty");
		return;
	}
	if (!(sw->blocks = calloc(v->n, sizeof *sw->blocks))) {
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		if (i == SWEEP_BLOCKS_MAX) {
			yaml_walk_err(c, it, "sweep.block lists more than %d sizes", SWEEP_BLOCKS_MAX);
			return;
		}
		uint64_t b;
		if (yaml_walk_item_word(c, it, "sweep.block") || yaml_walk_get_size(c, it, "sweep.block", &b))
			continue;
		if (b == 0)
			yaml_walk_err(c, it, "sweep block must be from 1 to the file size");
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
		yaml_walk_err(c, v, "sweep.cache must not be empty");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		enum wl_cache cache;
		if (yaml_walk_item_word(c, it, "sweep.cache") || yaml_walk_get_enum(c, it, "sweep.cache", &cache_enum, &cache))
			continue;
		if ((sw->ncaches >= 1 && sw->caches[0] == cache) ||
		    (sw->ncaches >= 2 && sw->caches[1] == cache))
			yaml_walk_err(c, it, "duplicate cache '%s' in sweep.cache", yaml_tree_echo(it->str, e, sizeof e));
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
	if (yaml_walk_map(c, v, sweep_fields, COUNT(sweep_fields), sw, NULL))
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
	const struct ynode *it = yaml_walk_map_get(sweep, "block")->head;
	for (size_t i = 0; i < lb->l.sweep.nblocks && it; i++, it = it->next) {
		struct wl_spec point = lb->l.workload;    /* shallow: only read */
		char msg[160];
		point.block = lb->l.sweep.blocks[i];
		if (point.block > point.size)
			yaml_walk_err(c, it, "sweep block must be from 1 to the file size");
		else if (wl_spec_check(&point, msg, sizeof msg) != 0)
			yaml_walk_err(c, it, "sweep block %llu: %s", (unsigned long long)point.block, msg);
	}
}

static void f_id(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct lenv *env = c->user;
	char e[64], e2[64];
	if (yaml_walk_check_word(c, v, f->key))
		return;
	if (!lesson_id_ok(v->str))
		yaml_walk_err(c, v, "id '%s' must match [a-z0-9-]+", yaml_tree_echo(v->str, e, sizeof e));
	else if (env->expect_id && strcmp(env->expect_id, v->str) != 0)
		yaml_walk_err(c, v, "id '%s' does not match the file name '%s.yaml'",
		     yaml_tree_echo(v->str, e, sizeof e), yaml_tree_echo(env->expect_id, e2, sizeof e2));
	else
		*(char **)dst = yaml_walk_dup(c, v, v->str, v->len);
}

static void f_ref_source(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	const struct lenv *env = c->user;
	char e[64];
	if (yaml_walk_check_word(c, v, f->key))
		return;
	if (env->refs && !reference_find(env->refs, v->str)) {
		struct suggest sg;
		suggest_init(&sg, v->str);
		for (size_t i = 0; i < env->refs->nsources; i++)
			suggest_offer(&sg, env->refs->sources[i].key);
		const char *s = suggest_result(&sg);
		if (s)
			yaml_walk_err(c, v, "unknown reference source '%s'; did you mean '%s'?",
			     yaml_tree_echo(v->str, e, sizeof e), s);
		else
			yaml_walk_err(c, v, "unknown reference source '%s' (not a key of sources: in "
			     "data/reference.yaml)", yaml_tree_echo(v->str, e, sizeof e));
		return;
	}
	*(char **)dst = yaml_walk_dup(c, v, v->str, v->len);
}

static void f_rate(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	char e[64];
	const char *s = v->str;
	if (yaml_walk_check_word(c, v, f->key))
		return;
	if (s[0] == '-') {
		yaml_walk_err(c, v, "'%s' must not be negative: '%s'", f->key, yaml_tree_echo(s, e, sizeof e));
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
		yaml_walk_err(c, v, "'%s' is not a number: '%s'", f->key, yaml_tree_echo(s, e, sizeof e));
	else if (!(r > 0))
		yaml_walk_err(c, v, "'%s' must be more than 0 (bytes per second)", f->key);
	else if (r < LESSON_RATE_MIN || r > LESSON_RATE_MAX)   /* views print it whole */
		yaml_walk_err(c, v, "'%s' must be from %g to %g bytes per second: '%s'", f->key,
		     LESSON_RATE_MIN, LESSON_RATE_MAX, yaml_tree_echo(s, e, sizeof e));
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
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	l->nrefs = v->n;
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		if (it->kind != Y_MAP)
			yaml_walk_err(c, it, "items of '%s' must be mappings (source, rate), not %s", f->key,
			     yaml_walk_kind_name(it));
		else
			yaml_walk_map(c, it, ref_fields, COUNT(ref_fields), &l->refs[i], NULL);
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
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (yaml_walk_item_word(c, it, f->key))
			continue;
		size_t i = 0;
		while (env->ids && i < env->nids && strcmp(env->ids[i], it->str) != 0)
			i++;
		if (!lesson_id_ok(it->str))
			yaml_walk_err(c, it, "compare id '%s' must match [a-z0-9-]+", yaml_tree_echo(it->str, e, sizeof e));
		else if (env->ids && i == env->nids)
			yaml_walk_err(c, it, "compare names '%s', which is not a lesson of this course",
			     yaml_tree_echo(it->str, e, sizeof e));
		else if ((l->compare[l->ncompare] = yaml_walk_dup(c, it, it->str, it->len)))
			l->ncompare++;
	}
}

/* --- expect: ------------------------------------------------------------------- */

static void f_points(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f);

/* Gradescope's visibility of a lesson's tests, or of one claim's */
static void f_visibility(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	char e[64];
	if (yaml_walk_check_word(c, v, f->key))
		return;
	if (lesson_visibility_from_name(v->str, dst) != 0)
		yaml_walk_err(c, v, "'%s' must be hidden, after_due_date, after_published or visible: '%s'",
		     f->key, yaml_tree_echo(v->str, e, sizeof e));
}

/* A claim's name on Gradescope's leaderboard: one short line */
#define LEADERBOARD_NAME_MAX 64
static void f_leaderboard(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	if (yaml_walk_is_null(v) || !v->len)
		yaml_walk_err(c, v, "'%s' needs a name", f->key);
	else if (v->len > LEADERBOARD_NAME_MAX || memchr(v->str, '\n', v->len))
		yaml_walk_err(c, v, "'%s' must be one line of at most %d bytes", f->key, LEADERBOARD_NAME_MAX);
	else if (!(*(char **)dst = strdup(v->str)))
		yaml_walk_err(c, v, "out of memory");
}

/* One item of expect: as the walker leaves it: the value node of each key
 * given (by enum expect_key), so a build error can point into the very
 * string it is about; between's items too. */
struct xbuild {
	const struct ynode *at[EXPECT_KEY_WHOLE_FILE + 1];
	const struct ynode *between[2];
	size_t nbetween;
	struct lesson_grading grading;    /* points, visibility, leaderboard */
};

#define XB(key) offsetof(struct xbuild, at[key])

static void f_x_value(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	(void)c, (void)f;
	*(const struct ynode **)dst = v;
}

/* A sentence on one line (a block scalar's final newline aside). */
static void f_x_claim(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	size_t n = v->len;
	while (n && v->str[n - 1] == '\n')
		n--;
	if (n > LESSON_CLAIM_MAX)
		yaml_walk_err(c, v, "'%s' is longer than %d bytes", f->key, LESSON_CLAIM_MAX);
	else if (memchr(v->str, '\n', n))
		yaml_walk_err(c, v, "'%s' must be one line", f->key);
	else
		*(const struct ynode **)dst = v;
}

static void f_x_between(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct xbuild *xb = (struct xbuild *)((char *)dst - XB(EXPECT_KEY_BETWEEN));
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (it->kind != Y_SCALAR) {
			yaml_walk_err(c, it, "items of '%s' must be scalars, not %s", f->key, yaml_walk_kind_name(it));
			return;
		}
		if (yaml_walk_is_null(it)) {
			yaml_walk_err(c, it, "'%s' has an empty item", f->key);
			return;
		}
		if (xb->nbetween < COUNT(xb->between))
			xb->between[xb->nbetween] = it;
		xb->nbetween++;
	}
	*(const struct ynode **)dst = v;
}

static const struct yfield expect_item_fields[] = {
	{"claim", Y_SCALAR, f_x_claim, XB(EXPECT_KEY_CLAIM), YF_REQUIRED, NULL},
	{"check", Y_SCALAR, f_x_value, XB(EXPECT_KEY_CHECK), YF_REQUIRED, NULL},
	{"near", Y_SCALAR, f_x_value, XB(EXPECT_KEY_NEAR), 0, NULL},
	{"tolerance", Y_SCALAR, f_x_value, XB(EXPECT_KEY_TOLERANCE), 0, NULL},
	{"at_least", Y_SCALAR, f_x_value, XB(EXPECT_KEY_AT_LEAST), 0, NULL},
	{"at_most", Y_SCALAR, f_x_value, XB(EXPECT_KEY_AT_MOST), 0, NULL},
	{"between", Y_SEQ, f_x_between, XB(EXPECT_KEY_BETWEEN), 0, NULL},
	{"whole_file", Y_SCALAR, f_x_value, XB(EXPECT_KEY_WHOLE_FILE), 0, NULL},
	{"points", Y_SCALAR, f_points, offsetof(struct xbuild, grading.points), 0, NULL},
	{"visibility", Y_SCALAR, f_visibility, offsetof(struct xbuild, grading.visibility), 0, NULL},
	{"leaderboard", Y_SCALAR, f_leaderboard, offsetof(struct xbuild, grading.leaderboard), 0, NULL},
};

/* The node a build error about key is in: the value, one of between's
 * items, or the item itself (a key missing). */
static const struct ynode *x_node(const struct ynode *item, const struct xbuild *xb,
                                  enum expect_key key)
{
	const struct ynode *n = NULL;
	if (key == EXPECT_KEY_BETWEEN_LOW || key == EXPECT_KEY_BETWEEN_HIGH) {
		n = xb->between[key == EXPECT_KEY_BETWEEN_HIGH];
		if (!n)
			n = xb->at[EXPECT_KEY_BETWEEN];
	} else if ((size_t)key < COUNT(xb->at)) {
		n = xb->at[key];
	}
	return n ? n : item;
}

static const char *x_str(const struct xbuild *xb, enum expect_key key)
{
	return xb->at[key] ? xb->at[key]->str : NULL;
}

/* The lessons the checks name must be lessons of the course (when the
 * course is known), like compare's: the caret on the id. */
static int x_check_lessons(struct yctx *c, const struct ynode *item, const struct xbuild *xb,
                           const struct expectation *x)
{
	const struct lenv *env = c->user;
	struct expect_ref refs[EXPECT_TEXT_MAX];
	char e[64];
	int bad = 0;
	if (!env->ids)
		return 0;
	size_t n = expect_lessons(x, refs, COUNT(refs));
	for (size_t i = 0; i < n && i < COUNT(refs); i++) {
		size_t k = 0;
		while (k < env->nids && strcmp(env->ids[k], refs[i].lesson) != 0)
			k++;
		if (k < env->nids)
			continue;
		const char *near = suggest_nearest(refs[i].lesson, env->ids, env->nids);
		yaml_walk_err_at(c, x_node(item, xb, refs[i].key), refs[i].offset,
		        "'%s' names lesson '%s', which is not a lesson of this course%s%s%s",
		        expect_key_name(refs[i].key), yaml_tree_echo(refs[i].lesson, e, sizeof e),
		        near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
		bad = 1;
	}
	return bad ? -1 : 0;
}

static int x_build(struct yctx *c, const struct ynode *item, const struct xbuild *xb,
                   struct expectation *x)
{
	char claim[LESSON_CLAIM_MAX + 1];
	const char *between[2] = {NULL, NULL};
	const struct ynode *cl = xb->at[EXPECT_KEY_CLAIM];
	size_t n = cl->len;
	while (n && cl->str[n - 1] == '\n')
		n--;
	snprintf(claim, sizeof claim, "%.*s", (int)n, cl->str);
	for (size_t i = 0; i < COUNT(between) && i < xb->nbetween; i++)
		between[i] = xb->between[i]->str;
	struct expect_spec sp = {
		.claim = claim, .check = x_str(xb, EXPECT_KEY_CHECK),
		.near = x_str(xb, EXPECT_KEY_NEAR), .at_least = x_str(xb, EXPECT_KEY_AT_LEAST),
		.at_most = x_str(xb, EXPECT_KEY_AT_MOST),
		.between = xb->at[EXPECT_KEY_BETWEEN] ? between : NULL, .nbetween = xb->nbetween,
		.tolerance = x_str(xb, EXPECT_KEY_TOLERANCE), .whole_file = x_str(xb, EXPECT_KEY_WHOLE_FILE),
	};
	struct expect_diag d;
	if (expect_build(&sp, expect_fields_class, NULL, x, &d) != 0) {
		yaml_walk_err_at(c, x_node(item, xb, d.key), d.offset, "%s", d.message);
		return -1;
	}
	if (x_check_lessons(c, item, xb, x) != 0) {
		expect_free(x);
		return -1;
	}
	return 0;
}

static void f_expect(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct lesson *l = dst;
	if (v->n == 0)
		return;
	if (v->n > LESSON_EXPECT_MAX) {
		yaml_walk_err(c, v, "'%s' lists more than %d checks", f->key, LESSON_EXPECT_MAX);
		return;
	}
	if (!(l->expect = calloc(v->n, sizeof *l->expect)) ||
	    !(l->grading = calloc(v->n, sizeof *l->grading))) {
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	for (const struct ynode *it = v->head; it; it = it->next) {
		struct xbuild xb;
		memset(&xb, 0, sizeof xb);
		if (it->kind != Y_MAP)
			yaml_walk_err(c, it, "items of '%s' must be mappings (claim, check and a bound), not %s",
			     f->key, yaml_walk_kind_name(it));
		else if (yaml_walk_map(c, it, expect_item_fields, COUNT(expect_item_fields), &xb, NULL) == 0 &&
		         x_build(c, it, &xb, &l->expect[l->nexpect]) == 0) {
			l->grading[l->nexpect++] = xb.grading;
			continue;
		}
		free(xb.grading.leaderboard);
	}
}

/* A lesson's or a claim's share of a grade: a positive number, as
 * Gradescope scores. */
static void f_points(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	char e[64];
	const char *s = v->str;
	if (yaml_walk_check_word(c, v, f->key))
		return;
	char *end = NULL;
	double p = 0;
	/* digits, a point and an exponent: no hex, inf or nan */
	if ((isdigit((unsigned char)s[0]) || s[0] == '.' || s[0] == '-') &&
	    !s[strspn(s, "0123456789.eE+-")]) {
		errno = 0;
		p = strtod(s, &end);
	}
	if (!end || *end || errno == ERANGE || !isfinite(p))
		yaml_walk_err(c, v, "'%s' is not a number: '%s'", f->key, yaml_tree_echo(s, e, sizeof e));
	else if (!(p > 0) || p > LESSON_POINTS_MAX)
		yaml_walk_err(c, v, "'%s' must be more than 0 and at most %g: '%s'", f->key, LESSON_POINTS_MAX,
		     yaml_tree_echo(s, e, sizeof e));
	else
		*(double *)dst = p;
}

#define LB(member) offsetof(struct lbuild, l.member)

static const struct yfield lesson_fields[] = {
	{"id", Y_SCALAR, f_id, LB(id), YF_REQUIRED, NULL},
	{"title", Y_SCALAR, yaml_walk_field_word, LB(title), YF_REQUIRED, NULL},
	{"text", Y_SCALAR, yaml_walk_field_text, LB(text), YF_REQUIRED, NULL},
	{"code", Y_SCALAR, yaml_walk_field_text, LB(code), 0, NULL},
	{"workload", Y_MAP, f_workload, 0, YF_REQUIRED, NULL},
	{"reference", Y_SEQ, f_refs, offsetof(struct lbuild, l), 0, NULL},
	{"compare", Y_SEQ, f_compare, offsetof(struct lbuild, l), 0, NULL},
	{"sweep", Y_MAP, f_sweep, 0, 0, NULL},
	{"expect", Y_SEQ, f_expect, offsetof(struct lbuild, l), 0, NULL},
	{"points", Y_SCALAR, f_points, LB(points), 0, NULL},
	{"visibility", Y_SCALAR, f_visibility, LB(visibility), 0, NULL},
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

int lesson_load_env(const char *path, const struct lenv *tmpl, struct lesson *out,
                    struct diags *ds)
{
	struct lenv env = *tmpl;
	struct lbuild lb;
	struct ydoc doc;
	char *stem = file_stem(path);
	memset(out, 0, sizeof *out);
	memset(&lb, 0, sizeof lb);
	env.expect_id = stem;
	int rc = yaml_tree_load(&doc, path, ds);
	if (rc == 0) {
		struct yctx c = {.doc = &doc, .ds = ds, .user = &env};
		if (yaml_walk_root_is_map(&c) &&
		    yaml_walk_map(&c, doc.root, lesson_fields, COUNT(lesson_fields), &lb, NULL) == 0 &&
		    lb.workload_ok && lb.sweep_ok)
			check_sweep(&c, &lb, yaml_walk_map_get(doc.root, "sweep"));
		rc = c.errors ? -1 : 0;
		if (rc == 0 && !(lb.l.file = strdup(path))) {
			diag_list_add(ds, path, 0, 0, NULL, "out of memory");
			rc = -1;
		}
	}
	yaml_tree_free(&doc);
	free(stem);
	if (rc) {
		lesson_free(&lb.l);
		return -1;
	}
	lb.l.points_given = lb.l.points > 0;
	if (!lb.l.points_given)
		lb.l.points = LESSON_POINTS_DEFAULT;
	*out = lb.l;
	return 0;
}

int lesson_load(const char *path, const struct ref_data *refs, struct lesson *out,
                struct diags *ds)
{
	struct lenv env = {.refs = refs};
	return lesson_load_env(path, &env, out, ds);
}
