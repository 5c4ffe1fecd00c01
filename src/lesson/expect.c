/* expect.c - one expectation: built from a lesson's strings, its bound
 * described for people, the lessons it names, the names of verdicts. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "expect_ast.h"

/* The four bounds, one row each: the key a lesson file spells and the
 * words a description uses.  Table order is the order bounds are looked
 * for, so "both given" names the later one. */
struct kind_row {
	enum expect_kind kind;
	enum expect_key key;          /* where its (first) value is */
	const char *words;            /* "at least" */
};

static const struct kind_row kinds[] = {        /* indexed by enum expect_kind */
	[EXPECT_NEAR] = {EXPECT_NEAR, EXPECT_KEY_NEAR, "near"},
	[EXPECT_AT_LEAST] = {EXPECT_AT_LEAST, EXPECT_KEY_AT_LEAST, "at least"},
	[EXPECT_AT_MOST] = {EXPECT_AT_MOST, EXPECT_KEY_AT_MOST, "at most"},
	[EXPECT_BETWEEN] = {EXPECT_BETWEEN, EXPECT_KEY_BETWEEN, "between"},
};

static const char *const key_names[] = {
	[EXPECT_KEY_ITEM] = "item",
	[EXPECT_KEY_CLAIM] = "claim", [EXPECT_KEY_CHECK] = "check",
	[EXPECT_KEY_NEAR] = "near", [EXPECT_KEY_AT_LEAST] = "at_least",
	[EXPECT_KEY_AT_MOST] = "at_most", [EXPECT_KEY_BETWEEN] = "between",
	[EXPECT_KEY_BETWEEN_LOW] = "between", [EXPECT_KEY_BETWEEN_HIGH] = "between",
	[EXPECT_KEY_TOLERANCE] = "tolerance", [EXPECT_KEY_WHOLE_FILE] = "whole_file",
};

const char *expect_key_name(enum expect_key k)
{
	return (size_t)k < COUNT(key_names) ? key_names[k] : "?";
}

static const char *const verdict_names[] = {
	[EXPECT_HELD] = "held", [EXPECT_MISSED] = "missed", [EXPECT_INCONCLUSIVE] = "inconclusive",
};

const char *expect_verdict_name(enum expect_verdict v)
{
	return (size_t)v < COUNT(verdict_names) ? verdict_names[v] : "?";
}

static const char *const reason_names[] = {
	[EXPECT_WHY_NONE] = "",
	[EXPECT_WHY_NO_LESSON] = "lesson-missing",
	[EXPECT_WHY_NULL_FIELD] = "field-null",
	[EXPECT_WHY_DIVISION_BY_ZERO] = "division-by-zero",
	[EXPECT_WHY_NOT_FINITE] = "not-finite",
	[EXPECT_WHY_NO_DEVICE] = "no-device",
	[EXPECT_WHY_TIME_LIMITED] = "time-limited",
	[EXPECT_WHY_BUSY] = "busy",
	[EXPECT_WHY_EMPTY_BOUND] = "empty-bound",
	[EXPECT_WHY_STRADDLE] = "straddle",
};

const char *expect_reason_name(enum expect_reason r)
{
	return (size_t)r < COUNT(reason_names) ? reason_names[r] : "?";
}

/* --- building ------------------------------------------------------------------ */

__attribute__((format(printf, 4, 5)))
static int bad(struct expect_diag *d, enum expect_key key, unsigned offset, const char *fmt, ...)
{
	d->key = key;
	d->offset = offset;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
	return -1;
}

static int parse_at(const char *text, enum expect_key key, expect_field_fn valid, void *ctx,
                    struct expect_expr **out, struct expect_diag *d)
{
	d->key = key;
	return expect_parse_parse(text, valid, ctx, out, &d->offset, d->message, sizeof d->message);
}

static int blank(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return *s == '\0';
}

/* "1%" (a fraction of the bound, below 100%) or an absolute amount ("16",
 * "4KiB"): a constant of the check language, with an optional '%'. */
static int parse_tolerance(const char *s, struct expectation *x, struct expect_diag *d)
{
	char buf[EXPECT_TEXT_MAX + 1];
	size_t n = strnlen(s, EXPECT_TEXT_MAX + 1);
	if (n > EXPECT_TEXT_MAX)
		return bad(d, EXPECT_KEY_TOLERANCE, EXPECT_TEXT_MAX, "tolerance longer than %d bytes",
		           EXPECT_TEXT_MAX);
	memcpy(buf, s, n);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	int percent = n > 0 && buf[n - 1] == '%';
	if (percent)
		buf[n - 1] = '\0';
	struct expect_expr *e;
	if (parse_at(buf, EXPECT_KEY_TOLERANCE, NULL, NULL, &e, d) < 0)
		return -1;
	int constant = !expect_parse_has_field(e);
	double v = expect_parse_constant(e);
	expect_parse_free(e);
	if (!constant)
		return bad(d, EXPECT_KEY_TOLERANCE, 0, "tolerance is a number or a percentage (1%%, 16)");
	if (v < 0)
		return bad(d, EXPECT_KEY_TOLERANCE, 0, "tolerance cannot be negative");
	if (percent && v >= 100)
		return bad(d, EXPECT_KEY_TOLERANCE, 0, "a relative tolerance must be below 100%%");
	x->relative = percent;
	x->tolerance = percent ? v / 100 : v;
	x->tolerance_given = 1;
	return 0;
}

static int parse_whole_file(const char *s, struct expectation *x, struct expect_diag *d)
{
	if (!s)
		x->whole_file = EXPECT_WHOLE_AUTO;
	else if (strcmp(s, "true") == 0)
		x->whole_file = EXPECT_WHOLE_YES;
	else if (strcmp(s, "false") == 0)
		x->whole_file = EXPECT_WHOLE_NO;
	else
		return bad(d, EXPECT_KEY_WHOLE_FILE, 0, "whole_file is true or false, not '%.40s'", s);
	return 0;
}

/* Exactly one bound: its kind, or an error. */
static int pick_bound(const struct expect_spec *sp, struct expectation *x, struct expect_diag *d)
{
	const int given[] = {
		[EXPECT_NEAR] = sp->near != NULL, [EXPECT_AT_LEAST] = sp->at_least != NULL,
		[EXPECT_AT_MOST] = sp->at_most != NULL, [EXPECT_BETWEEN] = sp->between != NULL,
	};
	const struct kind_row *first = NULL;
	for (size_t i = 0; i < COUNT(kinds); i++) {
		if (!given[kinds[i].kind])
			continue;
		if (first)
			return bad(d, kinds[i].key, 0, "only one bound per check: '%s' and '%s' both given",
			           key_names[first->key], key_names[kinds[i].key]);
		first = &kinds[i];
	}
	if (!first)
		return bad(d, EXPECT_KEY_ITEM, 0, "no bound: give one of near, at_least, at_most, between");
	x->kind = first->kind;
	return 0;
}

static int parse_bounds(const struct expect_spec *sp, expect_field_fn valid, void *ctx,
                        struct expectation *x, struct expect_diag *d)
{
	switch (x->kind) {
	case EXPECT_NEAR:
		return parse_at(sp->near, EXPECT_KEY_NEAR, valid, ctx, &x->bound[0], d);
	case EXPECT_AT_LEAST:
		return parse_at(sp->at_least, EXPECT_KEY_AT_LEAST, valid, ctx, &x->bound[0], d);
	case EXPECT_AT_MOST:
		return parse_at(sp->at_most, EXPECT_KEY_AT_MOST, valid, ctx, &x->bound[0], d);
	case EXPECT_BETWEEN:
		break;
	}
	if (sp->nbetween != 2)
		return bad(d, EXPECT_KEY_BETWEEN, 0, "between needs two values, [low, high]; %zu given",
		           sp->nbetween);
	if (parse_at(sp->between[0], EXPECT_KEY_BETWEEN_LOW, valid, ctx, &x->bound[0], d) < 0 ||
	    parse_at(sp->between[1], EXPECT_KEY_BETWEEN_HIGH, valid, ctx, &x->bound[1], d) < 0)
		return -1;
	if (!expect_parse_has_field(x->bound[0]) && !expect_parse_has_field(x->bound[1])) {
		double lo = expect_parse_constant(x->bound[0]), hi = expect_parse_constant(x->bound[1]);
		if (lo > hi) {
			char a[32], b[32];
			expect_format_number(lo, a, sizeof a);
			expect_format_number(hi, b, sizeof b);
			return bad(d, EXPECT_KEY_BETWEEN, 0, "between needs the low value first: %s is above %s",
			           a, b);
		}
	}
	return 0;
}

int expect_build(const struct expect_spec *sp, expect_field_fn valid, void *ctx,
                 struct expectation *x, struct expect_diag *d)
{
	memset(x, 0, sizeof *x);
	memset(d, 0, sizeof *d);
	int rc = -1;
	if (!sp->claim)
		bad(d, EXPECT_KEY_ITEM, 0, "missing 'claim'");
	else if (blank(sp->claim))
		bad(d, EXPECT_KEY_CLAIM, 0, "the claim is empty");
	else if (!sp->check)
		bad(d, EXPECT_KEY_ITEM, 0, "missing 'check'");
	else if (parse_at(sp->check, EXPECT_KEY_CHECK, valid, ctx, &x->check, d) < 0)
		;
	else if (!expect_parse_has_field(x->check))
		bad(d, EXPECT_KEY_CHECK, 0, "the check names no field, so its verdict could never change");
	else if (pick_bound(sp, x, d) < 0 || parse_bounds(sp, valid, ctx, x, d) < 0)
		;
	else if (sp->tolerance && x->kind != EXPECT_NEAR)
		bad(d, EXPECT_KEY_TOLERANCE, 0, "tolerance goes with near, not with %s",
		    key_names[kinds[x->kind].key]);
	else if (sp->tolerance && parse_tolerance(sp->tolerance, x, d) < 0)
		;
	else if (parse_whole_file(sp->whole_file, x, d) < 0)
		;
	else if (!(x->claim = strdup(sp->claim)))
		bad(d, EXPECT_KEY_CLAIM, 0, "out of memory");
	else
		rc = 0;
	if (rc < 0)
		expect_free(x);
	else if (!x->tolerance_given) {
		x->relative = 1;
		x->tolerance = EXPECT_TOLERANCE_DEFAULT;
	}
	return rc;
}

void expect_free(struct expectation *x)
{
	free(x->claim);
	if (x->check)
		expect_parse_free(x->check);
	for (size_t i = 0; i < COUNT(x->bound); i++)
		if (x->bound[i])
			expect_parse_free(x->bound[i]);
	memset(x, 0, sizeof *x);
}

/* --- what it refers to ------------------------------------------------------------ */

/* Its expressions with the key each came from. */
static size_t expressions(const struct expectation *x, const struct expect_expr **e,
                          enum expect_key *keys)
{
	size_t n = 0;
	e[n] = x->check;
	keys[n++] = EXPECT_KEY_CHECK;
	e[n] = x->bound[0];
	keys[n++] = x->kind == EXPECT_BETWEEN ? EXPECT_KEY_BETWEEN_LOW : kinds[x->kind].key;
	e[n] = x->bound[1];
	keys[n++] = EXPECT_KEY_BETWEEN_HIGH;
	return n;
}

size_t expect_lessons(const struct expectation *x, struct expect_ref *out, size_t max)
{
	const struct expect_expr *e[3];
	enum expect_key keys[3];
	size_t ne = expressions(x, e, keys), found = 0;
	for (size_t i = 0; i < ne; i++) {
		for (size_t j = 0; e[i] && j < e[i]->count; j++) {
			const struct expect_node *n = &e[i]->nodes[j];
			if (n->op != EXPECT_OP_FIELD || !n->lesson)
				continue;
			/* seen before?  (a check names a handful of lessons at most) */
			int seen = 0;
			for (size_t k = 0; k <= i && !seen; k++)
				for (size_t m = 0; e[k] && m < (k == i ? j : e[k]->count) && !seen; m++) {
					const struct expect_node *o = &e[k]->nodes[m];
					seen = o->op == EXPECT_OP_FIELD && o->lesson && strcmp(o->lesson, n->lesson) == 0;
				}
			if (seen)
				continue;
			if (found < max)
				out[found] = (struct expect_ref){n->lesson, keys[i], n->lesson_at};
			found++;
		}
	}
	return found;
}

int expect_needs_whole_file(const struct expectation *x)
{
	if (x->whole_file != EXPECT_WHOLE_AUTO)
		return x->whole_file == EXPECT_WHOLE_YES;
	const struct expect_expr *e[3];
	enum expect_key keys[3];
	size_t ne = expressions(x, e, keys);
	for (size_t i = 0; i < ne; i++)
		for (size_t j = 0; e[i] && j < e[i]->count; j++)
			if (e[i]->nodes[j].op == EXPECT_OP_FIELD &&
			    (e[i]->nodes[j].field_class & EXPECT_FIELD_WHOLE_FILE))
				return 1;
	return 0;
}

/* --- words ------------------------------------------------------------------------ */

void expect_format_number(double v, char *buf, size_t len)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		return;
	}
	double a = fabs(v);
	if (v == 0) {
		snprintf(buf, len, "0");
		return;
	}
	if (a >= 1e15 || a < 1e-6) {
		snprintf(buf, len, "%.6g", v);
		return;
	}
	if (v == floor(v)) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	int decimals = 5 - (int)floor(log10(a));
	snprintf(buf, len, "%.*f", decimals < 0 ? 0 : decimals, v);
	/* 6 significant digits, then no trailing zeros: 0.300000 -> 0.3 */
	if (strchr(buf, '.')) {
		char *end = buf + strlen(buf);
		while (end > buf && end[-1] == '0')
			*--end = '\0';
		if (end > buf && end[-1] == '.')
			*--end = '\0';
	}
}

static void format_tolerance(const struct expectation *x, char *buf, size_t len)
{
	char n[32];
	expect_format_number(x->relative ? x->tolerance * 100 : x->tolerance, n, sizeof n);
	snprintf(buf, len, "%s%s", n, x->relative ? "%" : "");
}

void expect_describe_bound(const struct expectation *x, const struct expect_outcome *o,
                           char *buf, size_t len)
{
	char v[2][EXPECT_TEXT_MAX + 1];
	for (size_t i = 0; i < COUNT(x->bound); i++) {
		if (o && o->has_bound)
			expect_format_number(o->bound[i], v[i], sizeof v[i]);
		else
			snprintf(v[i], sizeof v[i], "%s", x->bound[i] ? expect_parse_text(x->bound[i]) : "");
	}
	const char *words = kinds[x->kind].words;
	char tol[40];
	switch (x->kind) {
	case EXPECT_NEAR:
		format_tolerance(x, tol, sizeof tol);
		snprintf(buf, len, "%s %s \u00b1 %s", words, v[0], tol);
		break;
	case EXPECT_BETWEEN:
		snprintf(buf, len, "%s %s and %s", words, v[0], v[1]);
		break;
	case EXPECT_AT_LEAST:
	case EXPECT_AT_MOST:
		snprintf(buf, len, "%s %s", words, v[0]);
		break;
	}
}
