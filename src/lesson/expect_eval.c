/* expect_eval.c - evaluating an expectation after a run: the check and its
 * bound over intervals, then the verdict (the rules are in expect.h). */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "expect_ast.h"

/* A value at the median trials and its range over the trials. */
struct span {
	double v, lo, hi;
};

/* The most important reason found so far (enum order is priority). */
struct note {
	enum expect_reason reason;
	char why[256];
};

__attribute__((format(printf, 3, 4)))
static void note(struct note *n, enum expect_reason r, const char *fmt, ...)
{
	if (n->reason != EXPECT_WHY_NONE && n->reason <= r)
		return;
	n->reason = r;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(n->why, sizeof n->why, fmt, ap);
	va_end(ap);
}

/* A busy run (EXPECT_RAN_BUSY) slows the workload down; it never speeds
 * it up.  So a speed field of a busy lesson may be anywhere from what was
 * measured up, and a duration anywhere from what was measured down: a
 * verdict that holds over that one-sided widening is as true as on an idle
 * machine (a slow student program stays missed when its stdio reference
 * ran busy), and only one that it could flip is inconclusive "busy".
 * widen selects the widened pass; busy_seen says one is needed. */
struct eval {
	const struct expect_source *src;
	enum expect_whole whole;
	struct note *note;
	int widen;
	int busy_seen;
	const char *busy_lesson;      /* the first busy lesson read (NULL: own) */
	double busy_wait, busy_wall;  /* its wait for a CPU and wall time; -1 */
};

/* The source text of a node, cut at 40 bytes, for messages. */
static const char *node_text(const struct expect_expr *e, const struct expect_node *n,
                             char *buf, size_t len)
{
	unsigned w = n->end - n->start, keep = w > 40 ? 40 : w;
	snprintf(buf, len, "%.*s%s", (int)keep, e->text + n->start, w > keep ? "..." : "");
	return buf;
}

static void fmt2(double a, double b, char *x, char *y, size_t len)
{
	expect_format_number(a, x, len);
	expect_format_number(b, y, len);
}

/* How much faster a busy lesson's loop could have run: its wall time over
 * the wall less its wait for a CPU (EXPECT_LOAD_*), of the trial that
 * waited most for its time, so no trial is corrected less than it waited;
 * without the trials one by one, the longest wait against the shortest
 * wall.  INFINITY when the wait is not measured (any faster value). */
static double load_factor(const struct eval *c, const char *lesson, double *wait, double *wall)
{
	const struct expect_source *src = c->src;
	double w, t, factor = INFINITY;
	unsigned n = src->trials && src->lookup_trial ? src->trials(src->ctx, lesson) : 0;
	*wait = *wall = -1;
	for (unsigned k = 0; k < n; k++) {
		if (src->lookup_trial(src->ctx, lesson, EXPECT_LOAD_WAIT, k, &w) != EXPECT_FOUND ||
		    src->lookup_trial(src->ctx, lesson, EXPECT_LOAD_WALL, k, &t) != EXPECT_FOUND ||
		    !(w >= 0) || !(t > w))
			return INFINITY;
		if (*wait < 0 || t / (t - w) > factor) {
			factor = t / (t - w);
			*wait = w;
			*wall = t;
		}
	}
	if (n)
		return factor;
	if (src->lookup(src->ctx, lesson, EXPECT_LOAD_WAIT, EXPECT_MAX, &w) != EXPECT_FOUND ||
	    src->lookup(src->ctx, lesson, EXPECT_LOAD_WALL, EXPECT_MIN, &t) != EXPECT_FOUND ||
	    !(w >= 0) || !(t > w))
		return INFINITY;
	*wait = w;
	*wall = t;
	return t / (t - w);
}

/* Seconds in words for a reason: two or three digits. */
static void secs(double v, char *buf, size_t len)
{
	snprintf(buf, len, v >= 10 ? "%.0f s" : v >= 0.995 ? "%.1f s" : v >= 0.01 ? "%.2f s"
	                                                                          : "%.2g s", v);
}

/* "waited 1.2 s of 3.0 s for a CPU while w01-syncbyte ran", or the older
 * words where the wait is not measured. */
static void busy_words(char *buf, size_t len, const char *lesson, double wait, double wall)
{
	char w[32], t[32];
	if (wait >= 0) {
		secs(wait, w, sizeof w);
		secs(wall, t, sizeof t);
		snprintf(buf, len, "waited %s of %s for a CPU while %s ran", w, t,
		         lesson ? lesson : "this lesson");
	} else {
		snprintf(buf, len, "the machine was busy while %s ran (CPU time per wall second well "
		         "below 1 for a CPU-bound loop)", lesson ? lesson : "this lesson");
	}
}

/* The run's conditions that bear on this field (s: its span, widened
 * where the widened pass asks). */
static void weigh_conditions(struct eval *c, const struct expect_node *n, struct span *s)
{
	if (!c->src->conditions)
		return;
	unsigned ran = c->src->conditions(c->src->ctx, n->lesson);
	unsigned needs_device = EXPECT_FIELD_DEVICE;
	if (ran & EXPECT_RAN_DEVICE_BOUND)
		needs_device |= EXPECT_FIELD_TIMED | EXPECT_FIELD_CACHED;
	if ((ran & EXPECT_RAN_NO_DEVICE) && (n->field_class & needs_device))
		note(c->note, EXPECT_WHY_NO_DEVICE, "%s ran on a filesystem with no storage device "
		     "(tmpfs): nothing reached a disk, so '%s' shows no device's work",
		     n->lesson ? n->lesson : "the lesson", n->field);
	int whole = c->whole == EXPECT_WHOLE_YES ||
	            (c->whole == EXPECT_WHOLE_AUTO && (n->field_class & EXPECT_FIELD_WHOLE_FILE));
	if ((ran & EXPECT_RAN_TIME_LIMITED) && whole) {
		if (n->lesson)
			note(c->note, EXPECT_WHY_TIME_LIMITED,
			     "the run of %s was time-limited and the claim is about the whole file", n->lesson);
		else
			note(c->note, EXPECT_WHY_TIME_LIMITED,
			     "the run was time-limited and the claim is about the whole file");
	}
	unsigned way = n->field_class & (EXPECT_FIELD_SPEED | EXPECT_FIELD_DURATION);
	double wait, wall, factor = 1;
	if (ran & EXPECT_RAN_BUSY)
		factor = load_factor(c, n->lesson, &wait, &wall);
	if ((ran & EXPECT_RAN_BUSY) && (n->field_class & EXPECT_FIELD_TIMED) && way) {
		if (!c->busy_seen) {
			c->busy_lesson = n->lesson;
			c->busy_wait = wait;
			c->busy_wall = wall;
		}
		c->busy_seen = 1;
		/* as fast as the loop was on a CPU of its own, and no faster */
		if (c->widen && (way & EXPECT_FIELD_SPEED))
			s->hi = isfinite(factor) ? s->hi * factor : INFINITY;
		else if (c->widen)
			s->lo = isfinite(factor) ? s->lo / factor : fmin(s->lo, DBL_MIN);
	} else if ((ran & EXPECT_RAN_BUSY) && (n->field_class & EXPECT_FIELD_TIMED)) {
		char words[192];
		busy_words(words, sizeof words, n->lesson, wait, wall);
		if (wait >= 0 || n->lesson)
			note(c->note, EXPECT_WHY_BUSY, "%s", words);
		else
			note(c->note, EXPECT_WHY_BUSY, "the machine was busy "
			     "(CPU time per wall second well below 1 for a CPU-bound loop)");
	}
}

/* A field at the median and its min and max.  0, or -1 with a note. */
static int look_up(struct eval *c, const struct expect_node *n, struct span *s)
{
	const struct expect_source *src = c->src;
	const enum expect_which which[] = {EXPECT_MEDIAN, EXPECT_MIN, EXPECT_MAX};
	double got[3] = {NAN, NAN, NAN};     /* NaN unless the lookup sets it */
	for (size_t i = 0; i < COUNT(which); i++) {
		enum expect_found f = src->lookup(src->ctx, n->lesson, n->field, which[i], &got[i]);
		if (f == EXPECT_NO_LESSON) {
			if (n->lesson)
				note(c->note, EXPECT_WHY_NO_LESSON, "lesson %s did not run or was not selected",
				     n->lesson);
			else
				note(c->note, EXPECT_WHY_NO_LESSON, "this lesson did not run");
			return -1;
		}
		if (f != EXPECT_FOUND) {
			if (n->lesson)
				note(c->note, EXPECT_WHY_NULL_FIELD,
				     "field '%s' of %s is unavailable on this machine", n->field, n->lesson);
			else
				note(c->note, EXPECT_WHY_NULL_FIELD,
				     "field '%s' is unavailable on this machine", n->field);
			return -1;
		}
		if (!isfinite(got[i])) {
			note(c->note, EXPECT_WHY_NOT_FINITE, "field '%s'%s%s is not a finite number",
			     n->field, n->lesson ? " of " : "", n->lesson ? n->lesson : "");
			return -1;
		}
	}
	/* the hull, so the median lies inside even if a caller's min or max
	 * came from other trials than its median */
	s->v = got[0];
	s->lo = fmin(got[0], fmin(got[1], got[2]));
	s->hi = fmax(got[0], fmax(got[1], got[2]));
	weigh_conditions(c, n, s);
	return 0;
}

static struct span span_mul(struct span a, struct span b)
{
	double p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
	struct span r = {a.v * b.v, p[0], p[0]};
	for (size_t i = 1; i < COUNT(p); i++) {
		r.lo = fmin(r.lo, p[i]);
		r.hi = fmax(r.hi, p[i]);
	}
	return r;
}

static struct span span_div(struct span a, struct span b)
{
	/* b's range excludes 0 (checked by the caller), so a/b is monotone in
	 * each operand and the extremes are at the corners */
	double q[] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
	struct span r = {a.v / b.v, q[0], q[0]};
	for (size_t i = 1; i < COUNT(q); i++) {
		r.lo = fmin(r.lo, q[i]);
		r.hi = fmax(r.hi, q[i]);
	}
	return r;
}

/* One forward pass over the flat tree.  0 with *out, or -1 when a problem
 * (noted) leaves no value. */
static int eval_expr(struct eval *c, const struct expect_expr *e, struct span *out)
{
	struct span v[EXPECT_TEXT_MAX];
	int ok[EXPECT_TEXT_MAX];
	char t[64], x[32], y[32];
	for (size_t i = 0; i < e->count && i < EXPECT_TEXT_MAX; i++) {
		const struct expect_node *n = &e->nodes[i];
		int leaf = n->op == EXPECT_OP_NUMBER || n->op == EXPECT_OP_FIELD;
		ok[i] = leaf || (ok[n->a] && (n->op == EXPECT_OP_NEG || ok[n->b]));
		if (!ok[i])
			continue;                     /* an operand already failed */
		/* operands: earlier nodes (leaves have none) */
		struct span a = {0, 0, 0}, b = {0, 0, 0};
		if (!leaf)
			a = v[n->a];
		if (!leaf && n->op != EXPECT_OP_NEG)
			b = v[n->b];
		switch (n->op) {
		case EXPECT_OP_NUMBER:
			v[i] = (struct span){n->number, n->number, n->number};
			break;
		case EXPECT_OP_FIELD:
			ok[i] = look_up(c, n, &v[i]) == 0;
			break;
		case EXPECT_OP_NEG:
			v[i] = (struct span){-a.v, -a.hi, -a.lo};
			break;
		case EXPECT_OP_ADD:
			v[i] = (struct span){a.v + b.v, a.lo + b.lo, a.hi + b.hi};
			break;
		case EXPECT_OP_SUB:
			v[i] = (struct span){a.v - b.v, a.lo - b.hi, a.hi - b.lo};
			break;
		case EXPECT_OP_MUL:
			v[i] = span_mul(a, b);
			break;
		case EXPECT_OP_DIV:
			if (b.lo <= 0 && b.hi >= 0) {
				node_text(e, &e->nodes[n->b], t, sizeof t);
				fmt2(b.lo, b.hi, x, y, sizeof x);
				if (b.lo == b.hi)
					note(c->note, EXPECT_WHY_DIVISION_BY_ZERO, "division by zero: '%s' is 0", t);
				else
					note(c->note, EXPECT_WHY_DIVISION_BY_ZERO,
					     "division by zero: '%s' ranges over %s .. %s", t, x, y);
				ok[i] = 0;
				continue;
			}
			v[i] = span_div(a, b);
			break;
		}
		if (!ok[i])
			continue;                     /* v[i] was never set */
		/* the widened pass lets a range run to infinity; never its median */
		int finite = c->widen ? isfinite(v[i].v) && !isnan(v[i].lo) && !isnan(v[i].hi)
		                      : isfinite(v[i].v) && isfinite(v[i].lo) && isfinite(v[i].hi);
		if (!finite) {
			note(c->note, EXPECT_WHY_NOT_FINITE, "'%s' is not a finite number",
			     node_text(e, n, t, sizeof t));
			ok[i] = 0;
		}
	}
	size_t root = e->count - 1;
	if (!ok[root])
		return -1;
	*out = v[root];
	return 0;
}

/* One side of the accepted interval: present, and where it lies. */
struct edge {
	int present;
	struct span at;
};

/* near: centre -+ tolerance.  n - r|n| and n + r|n| grow with n while
 * r < 1 (expect_build refuses 100% and more), so the ends map to ends. */
static void near_edges(const struct expectation *x, struct span c, struct edge *lo, struct edge *hi)
{
	double t = x->tolerance;
	const double *p[] = {&c.v, &c.lo, &c.hi};
	double *l[] = {&lo->at.v, &lo->at.lo, &lo->at.hi}, *h[] = {&hi->at.v, &hi->at.lo, &hi->at.hi};
	for (size_t i = 0; i < COUNT(p); i++) {
		double d = x->relative ? t * fabs(*p[i]) : t;
		*l[i] = *p[i] - d;
		*h[i] = *p[i] + d;
	}
	lo->present = hi->present = 1;
}

static void edges(const struct expectation *x, const struct span *b, struct edge *lo, struct edge *hi)
{
	*lo = (struct edge){0};
	*hi = (struct edge){0};
	switch (x->kind) {
	case EXPECT_NEAR:
		near_edges(x, b[0], lo, hi);
		break;
	case EXPECT_AT_LEAST:
		*lo = (struct edge){1, b[0]};
		break;
	case EXPECT_AT_MOST:
		*hi = (struct edge){1, b[0]};
		break;
	case EXPECT_BETWEEN:
		*lo = (struct edge){1, b[0]};
		*hi = (struct edge){1, b[1]};
		break;
	}
}

static int edge_varies(const struct edge *e)
{
	return e->present && e->at.lo < e->at.hi;
}

/* --- over every combination of trials ------------------------------------------ */

#define COMBO_LESSONS 16      /* distinct lessons one expectation may name and pair */

/* The lessons an expectation reads (NULL: its own), each once, with how
 * many trials each has and the trial each is at. */
struct combo {
	const struct expect_source *src;
	const char *lesson[COMBO_LESSONS];
	unsigned trials[COMBO_LESSONS], at[COMBO_LESSONS];
	size_t n;
};

static int same_lesson(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Adds every lesson e reads; -1 when there are too many to pair. */
static int combo_collect(struct combo *k, const struct expect_expr *e)
{
	for (size_t i = 0; e && i < e->count; i++) {
		const struct expect_node *n = &e->nodes[i];
		if (n->op != EXPECT_OP_FIELD)
			continue;
		size_t j = 0;
		while (j < k->n && !same_lesson(k->lesson[j], n->lesson))
			j++;
		if (j < k->n)
			continue;
		if (k->n == COMBO_LESSONS)
			return -1;
		k->lesson[k->n++] = n->lesson;
	}
	return 0;
}

/* e at the trials k is at: 0 with *out, or -1 (a field missing there). */
static int combo_eval(const struct combo *k, const struct expect_expr *e, double *out)
{
	double v[EXPECT_TEXT_MAX];
	for (size_t i = 0; i < e->count && i < EXPECT_TEXT_MAX; i++) {
		const struct expect_node *n = &e->nodes[i];
		double a = n->op == EXPECT_OP_NUMBER || n->op == EXPECT_OP_FIELD ? 0 : v[n->a];
		double b = n->op >= EXPECT_OP_ADD ? v[n->b] : 0;
		size_t j = 0;
		switch (n->op) {
		case EXPECT_OP_NUMBER:
			v[i] = n->number;
			break;
		case EXPECT_OP_FIELD:
			while (j < k->n && !same_lesson(k->lesson[j], n->lesson))
				j++;
			if (j == k->n || k->src->lookup_trial(k->src->ctx, n->lesson, n->field, k->at[j],
			                                      &v[i]) != EXPECT_FOUND || !isfinite(v[i]))
				return -1;
			break;
		case EXPECT_OP_NEG: v[i] = -a; break;
		case EXPECT_OP_ADD: v[i] = a + b; break;
		case EXPECT_OP_SUB: v[i] = a - b; break;
		case EXPECT_OP_MUL: v[i] = a * b; break;
		case EXPECT_OP_DIV:
			if (b == 0)
				return -1;
			v[i] = a / b;
			break;
		}
	}
	*out = v[e->count - 1];
	return isfinite(*out) ? 0 : -1;
}

/* Does value v meet the bound whose expressions came to b[]? */
static int combo_passes(const struct expectation *x, double v, const double *b)
{
	double d;
	switch (x->kind) {
	case EXPECT_NEAR:
		d = x->relative ? x->tolerance * fabs(b[0]) : x->tolerance;
		return v >= b[0] - d && v <= b[0] + d;
	case EXPECT_AT_LEAST:
		return v >= b[0];
	case EXPECT_AT_MOST:
		return v <= b[0];
	case EXPECT_BETWEEN:
		return v >= b[0] && v <= b[1];
	}
	return 0;
}

/* Steps k to the next combination; 0 after the last. */
static int combo_next(struct combo *k)
{
	for (size_t j = 0; j < k->n; j++) {
		if (++k->at[j] < k->trials[j])
			return 1;
		k->at[j] = 0;
	}
	return 0;
}

/* The verdict over every combination of one trial per lesson, and the
 * check's range over them, into out.  0 when it was decided so; -1 when
 * the source cannot pair trials, there are too many combinations, or no
 * combination had every figure (the intervals' verdict stands). */
static int by_combination(const struct expectation *x, const struct expect_source *src,
                          struct expect_outcome *out)
{
	struct combo k = {.src = src};
	if (!src->trials || !src->lookup_trial)
		return -1;
	if (combo_collect(&k, x->check) || combo_collect(&k, x->bound[0]) ||
	    combo_collect(&k, x->bound[1]))
		return -1;
	double combos = 1;
	for (size_t j = 0; j < k.n; j++) {
		k.trials[j] = src->trials(src->ctx, k.lesson[j]);
		combos *= k.trials[j];
	}
	if (!(combos >= 1) || combos > EXPECT_COMBINATIONS_MAX)
		return -1;
	size_t pass = 0, fail = 0;
	double lo = INFINITY, hi = -INFINITY;
	do {
		double v, b[2] = {0, 0};
		if (combo_eval(&k, x->check, &v) != 0 ||
		    (x->bound[0] && combo_eval(&k, x->bound[0], &b[0]) != 0) ||
		    (x->bound[1] && combo_eval(&k, x->bound[1], &b[1]) != 0))
			continue;
		lo = fmin(lo, v);
		hi = fmax(hi, v);
		if (combo_passes(x, v, b))
			pass++;
		else
			fail++;
	} while (combo_next(&k));
	if (pass + fail == 0)
		return -1;
	/* the medians are one of the combinations; the hull keeps them in */
	out->min = fmin(lo, out->value);
	out->max = fmax(hi, out->value);
	if (!fail || !pass) {
		out->verdict = fail ? EXPECT_MISSED : EXPECT_HELD;
		return 0;
	}
	char p[32], q[32], d[EXPECT_TEXT_MAX + 64];
	fmt2(out->min, out->max, p, q, sizeof p);
	expect_describe_bound(x, out, d, sizeof d);
	out->verdict = EXPECT_INCONCLUSIVE;
	out->reason = EXPECT_WHY_STRADDLE;
	/* a note, so the message is cut rather than overrun like every other */
	struct note why = {EXPECT_WHY_NONE, ""};
	note(&why, EXPECT_WHY_STRADDLE, "the trials' values %s .. %s straddle the bound (%.120s): "
	     "%zu of %zu combinations of trials meet it", p, q, d, pass, pass + fail);
	snprintf(out->why, sizeof out->why, "%s", why.why);
	return 0;
}

/* held when the whole range v meets the accepted interval for every bound
 * its range allows; missed when none of it does; 1 when decided. */
static int interval_verdict(const struct span *v, const struct edge *lo, const struct edge *hi,
                            struct expect_outcome *out)
{
	if ((!lo->present || v->lo >= lo->at.hi) && (!hi->present || v->hi <= hi->at.lo)) {
		out->verdict = EXPECT_HELD;
		return 1;
	}
	if ((lo->present && v->hi < lo->at.lo) || (hi->present && v->lo > hi->at.hi)) {
		out->verdict = EXPECT_MISSED;
		return 1;
	}
	return 0;
}

/* A busy lesson's speeds and durations widened the one way busyness can
 * move them (struct eval): the verdict over that, or inconclusive "busy"
 * when the widening reaches across the bound. */
static void busy_verdict(const struct expectation *x, const struct expect_source *src,
                         struct expect_outcome *out, struct note *why, const struct eval *seen)
{
	struct note ignored = {EXPECT_WHY_NONE, ""};
	struct eval w = {src, x->whole_file, &ignored, 1, 0, NULL, -1, -1};
	struct span v, b[2] = {{0, 0, 0}, {0, 0, 0}};
	struct edge lo, hi;
	int ok = eval_expr(&w, x->check, &v) == 0;
	for (size_t i = 0; ok && i < COUNT(x->bound); i++)
		if (x->bound[i] && eval_expr(&w, x->bound[i], &b[i]) != 0)
			ok = 0;
	if (ok) {
		edges(x, b, &lo, &hi);
		if (interval_verdict(&v, &lo, &hi, out))
			return;
	}
	char words[192];
	busy_words(words, sizeof words, seen->busy_lesson, seen->busy_wait, seen->busy_wall);
	note(why, EXPECT_WHY_BUSY, "%s, and %s could change the verdict", words,
	     seen->busy_wait >= 0 ? "the rate without that wait" : "a rate it held back");
}

void expect_eval_run(const struct expectation *x, const struct expect_source *src,
                     struct expect_outcome *out)
{
	memset(out, 0, sizeof *out);
	out->verdict = EXPECT_INCONCLUSIVE;
	out->low = -INFINITY;
	out->high = INFINITY;
	struct note why = {EXPECT_WHY_NONE, ""};
	struct eval c = {src, x->whole_file, &why, 0, 0, NULL, -1, -1};

	struct span v, b[2] = {{0, 0, 0}, {0, 0, 0}};
	out->has_value = eval_expr(&c, x->check, &v) == 0;
	if (out->has_value) {
		out->value = v.v;
		out->min = v.lo;
		out->max = v.hi;
	}
	int have_bound = 1;
	for (size_t i = 0; i < COUNT(x->bound); i++)
		if (x->bound[i] && eval_expr(&c, x->bound[i], &b[i]) < 0)
			have_bound = 0;
	struct edge lo = {0}, hi = {0};
	if (have_bound) {
		edges(x, b, &lo, &hi);
		out->has_bound = 1;
		out->bound[0] = b[0].v;
		out->bound[1] = b[1].v;
		if (lo.present)
			out->low = lo.at.v;
		if (hi.present)
			out->high = hi.at.v;
		char p[32], q[32];
		if (x->kind == EXPECT_BETWEEN && b[0].v > b[1].v) {
			fmt2(b[0].v, b[1].v, p, q, sizeof p);
			note(&why, EXPECT_WHY_EMPTY_BOUND, "the bound is empty: between %s and %s", p, q);
		}
		if (!isfinite(lo.at.lo) || !isfinite(lo.at.hi) || !isfinite(hi.at.lo) || !isfinite(hi.at.hi))
			note(&why, EXPECT_WHY_NOT_FINITE, "the bound is not a finite number");
	}
	/* trials paired exactly, when nothing needs the busy widening */
	if (why.reason == EXPECT_WHY_NONE && out->has_value && out->has_bound && !c.busy_seen &&
	    by_combination(x, src, out) == 0)
		return;
	if (why.reason == EXPECT_WHY_NONE && out->has_value && out->has_bound && c.busy_seen) {
		busy_verdict(x, src, out, &why, &c);
		if (out->verdict != EXPECT_INCONCLUSIVE)
			return;
	} else if (why.reason == EXPECT_WHY_NONE && out->has_value && out->has_bound) {
		/* held: every value of the range passes for every bound the
		 * bound's range allows; missed: none does */
		if (interval_verdict(&v, &lo, &hi, out))
			return;
		char p[32], q[32], d[EXPECT_TEXT_MAX + 64];
		fmt2(v.lo, v.hi, p, q, sizeof p);
		expect_describe_bound(x, out, d, sizeof d);
		note(&why, EXPECT_WHY_STRADDLE, "the trials' min-max %s .. %s straddles the bound (%s)%s",
		     p, q, d, edge_varies(&lo) || edge_varies(&hi) ?
		     "; the bound itself varies over the trials" : "");
	}
	out->reason = why.reason;
	snprintf(out->why, sizeof out->why, "%s", why.why);
}
