/* lab_claims.c - a lesson's claims (its `expect:` items) on its screen:
 * listed before a run as what to look for, checked after a run as the
 * lesson says, each with its mark, the measured value, the bound in words
 * and, when it cannot be told, why in a few words.
 *
 * Why the lab checks them with batch's evaluator over batch's field table:
 * a claim must not hold in the lab and miss in grading.  The lab's run is
 * made into the result batch would report (report_add_trial, in
 * lab_notebook.c, the same result it files), and its numbers are read
 * through report_fields.h.  What differs is only where the numbers come
 * from and how many trials stand behind them:
 *
 *   - the lesson's own: this session's last run of it as it says;
 *   - another lesson's (`log_rate(w01-syncbyte)`): this session's last
 *     run of that lesson as it says, else the notebook's latest normal
 *     result (store_latest_normal_field: its fields table, never a parse
 *     of the stored JSON), of its workload as it now says (a run of the
 *     same id from another pack or version is not it); a lesson with
 *     neither is "run it first";
 *   - one trial: every field's min and max are its value (no straddle
 *     to tell);
 *   - a watched run, one rule: it is checked against its last whole
 *     trial (struct run's whole, watch_trial_is_the_lessons): the last
 *     trial that went as the lesson means and was not cut short by a stop
 *     or the watch's end, so one of the lesson's own trials as batch runs
 *     them (one its own time limit ended counts, time-limited as in
 *     batch).  A watched run with no such trial is checked against the
 *     sum of its trials as one trial, which counts as cut by a time
 *     limit (its counts add up several passes and part of one), so a
 *     claim about the whole file waits for a run of one pass (w);
 *   - the conditions: batch's rules (report_run_conditions: busy, cut by a
 *     time limit).  A saved result's conditions are its stored `busy` and
 *     `time_limited` fields.
 *
 * Curses-free: tests/check_lab_claims.c checks the lines the view draws.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "errmsg.h"
#include "lab.h"
#include "notebook.h"
#include "report.h"
#include "report_expect.h"
#include "report_fields.h"

static const char *const mark_names[] = {
	[CLAIM_TO_CHECK] = "to check",
	[CLAIM_HELD] = "held",
	[CLAIM_MISSED] = "missed",
	[CLAIM_INCONCLUSIVE] = "inconclusive",
};

const char *lab_claim_mark_name(enum claim_mark m)
{
	return (unsigned)m < COUNT(mark_names) ? mark_names[m] : "?";
}

static const enum claim_mark mark_of_verdict[] = {
	[EXPECT_HELD] = CLAIM_HELD,
	[EXPECT_MISSED] = CLAIM_MISSED,
	[EXPECT_INCONCLUSIVE] = CLAIM_INCONCLUSIVE,
};

/* --- the figures of a run ------------------------------------------------------ */

static void figures_free(struct claim_figures *f)
{
	free(f->value);
	memset(f, 0, sizeof *f);
}

/* res's numbers by field index, and how it ran.  0, or -1 out of memory
 * (f is then empty). */
static int figures_of(struct claim_figures *f, const struct report_result *res, int watched)
{
	size_t n = report_field_count();
	double *v = malloc(n * sizeof *v);
	if (!v)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (report_field_number(res, report_field_name(i), &v[i]) != 0)
			v[i] = NAN;
	figures_free(f);
	f->value = v;
	f->watched = watched;
	f->ran = report_run_conditions(res) | (watched ? EXPECT_RAN_TIME_LIMITED : 0);
	return 0;
}

/* A watched run whose counts are not one pass: several trials back to
 * back, one the watch time cut, or one that repeated its pass (a warm
 * read repeats passes until its min_time). */
static int run_was_watched(const struct run *r)
{
	return !r->sweep && r->watch > WATCH_ONE_PASS &&
	       (r->trials > 1 || r->result.time_limited || r->result.passes > 1);
}

/* --- where a claim's numbers come from ------------------------------------------ */

struct claims_ctx {
	const struct lab *lab;
	size_t self;
	/* the notebook's last answer: asked once for the median, min and max */
	const char *asked_lesson, *asked_field;
	int asked_rc;
	double asked_value;
	/* why a lookup found nothing, for the words */
	const char *missing;      /* the first lesson named that has no result */
	int missing_old;          /* its saved result holds no fields */
	int store_error;          /* the notebook could not be read */
	const char *limited;      /* the first other lesson whose run was cut */
	int limited_watched;      /* that was this session's watched run */
};

/* store_latest_normal_field of a lesson of the course (the loader made
 * sure a claim names one), for its workload as it now says: a run of the
 * same id with another workload is no result of it.  Its return. */
static int saved_field_of(const struct lab *lab, const char *lesson, const char *field,
                          double *v, char *msg, size_t len)
{
	long i = lesson_course_find(&lab->course, lesson);
	struct store_specs specs;
	if (i < 0)
		return 0;
	if (notebook_lesson_specs(&lab->course.lessons[i], &specs) != 0)
		return errmsg(msg, len, "out of memory");
	int rc = store_latest_normal_field(lab->store, lesson, &specs, field, v, msg, len);
	notebook_specs_free(&specs);
	return rc;
}

/* store_latest_normal_field, remembered for the next ask of the same. */
static int saved_field(struct claims_ctx *c, const char *lesson, const char *field, double *v)
{
	if (!c->lab->store)
		return 0;
	if (!c->asked_lesson || strcmp(c->asked_lesson, lesson) != 0 ||
	    strcmp(c->asked_field, field) != 0) {
		char msg[512];
		c->asked_lesson = lesson;
		c->asked_field = field;
		c->asked_rc = saved_field_of(c->lab, lesson, field, &c->asked_value, msg, sizeof msg);
	}
	if (c->asked_rc < 0)
		c->store_error = 1;
	*v = c->asked_value;
	return c->asked_rc;
}

/* The figures of lesson (NULL: the claim's own), or NULL when this session
 * has none. */
static const struct claim_figures *session_figures(const struct claims_ctx *c,
                                                   const char *lesson)
{
	long i = lesson ? lesson_course_find(&c->lab->course, lesson) : (long)c->self;
	if (i < 0 || !c->lab->ls[i].figures.value)
		return NULL;
	return &c->lab->ls[i].figures;
}

static void note_missing(struct claims_ctx *c, const char *lesson, int old)
{
	if (!c->missing) {
		c->missing = lesson;
		c->missing_old = old;
	}
}

static enum expect_found lookup(void *ctx, const char *lesson, const char *field,
                                enum expect_which which, double *out)
{
	struct claims_ctx *c = ctx;
	(void)which;              /* one trial: its min and max are its value */
	long f = report_field_find(field);
	if (f < 0)
		return EXPECT_NULL;
	const struct claim_figures *fig = session_figures(c, lesson);
	double v;
	if (fig)
		v = fig->value[f];
	else {
		const char *id = lesson ? lesson : c->lab->course.lessons[c->self].id;
		int rc = lesson ? saved_field(c, lesson, report_field_name((size_t)f), &v) : 0;
		if (rc < 0)
			return EXPECT_NULL;
		if (rc != 1) {
			note_missing(c, id, rc == 2);
			return EXPECT_NO_LESSON;
		}
	}
	if (!isfinite(v))
		return EXPECT_NULL;
	*out = v;
	return EXPECT_FOUND;
}

static unsigned conditions(void *ctx, const char *lesson)
{
	struct claims_ctx *c = ctx;
	const struct claim_figures *fig = session_figures(c, lesson);
	unsigned ran = 0;
	double v;
	if (fig)
		ran = fig->ran;
	else if (lesson) {
		if (saved_field(c, lesson, "time_limited", &v) == 1 && v == 1)
			ran |= EXPECT_RAN_TIME_LIMITED;
		if (saved_field(c, lesson, "busy", &v) == 1 && v == 1)
			ran |= EXPECT_RAN_BUSY;
	}
	if (lesson && (ran & EXPECT_RAN_TIME_LIMITED) && !c->limited) {
		c->limited = lesson;
		c->limited_watched = fig && fig->watched;
	}
	return ran;
}

/* --- the words ---------------------------------------------------------------- */

/* Why a claim could not be told, in a few words (the evaluator's own
 * sentence is for reports; the screen has a column).  NULL: worded below
 * with the lesson it is about. */
static const char *const reason_words[] = {
	[EXPECT_WHY_NONE] = "",
	[EXPECT_WHY_NO_LESSON] = NULL,
	[EXPECT_WHY_NULL_FIELD] = "not measured on this machine",
	[EXPECT_WHY_DIVISION_BY_ZERO] = "it divides by zero",
	[EXPECT_WHY_NOT_FINITE] = "no finite value",
	[EXPECT_WHY_TIME_LIMITED] = NULL,
	[EXPECT_WHY_BUSY] = "the machine was busy",
	[EXPECT_WHY_EMPTY_BOUND] = "its bound is empty",
	[EXPECT_WHY_STRADDLE] = "too close to the bound to tell",
};

static void words_for(const struct claims_ctx *c, const struct expect_outcome *o,
                      char *buf, size_t len)
{
	const struct claim_figures *own = session_figures(c, NULL);
	switch (o->reason) {
	case EXPECT_WHY_NO_LESSON:
		if (c->missing && c->missing_old)
			snprintf(buf, len, "run %s again (its saved result is too old to tell)", c->missing);
		else
			snprintf(buf, len, "run %s first", c->missing ? c->missing : "it");
		return;
	case EXPECT_WHY_NULL_FIELD:
		snprintf(buf, len, "%s", c->store_error ? "the notebook could not be read"
		                                        : reason_words[o->reason]);
		return;
	case EXPECT_WHY_TIME_LIMITED:
		if (own && own->watched && (own->ran & EXPECT_RAN_TIME_LIMITED))
			snprintf(buf, len, "a watched run, not one pass (w: one pass)");
		else if (own && (own->ran & EXPECT_RAN_TIME_LIMITED))
			snprintf(buf, len, "cut by its time limit, not the whole file");
		else if (c->limited && c->limited_watched)
			snprintf(buf, len, "%s ran watched, not one pass", c->limited);
		else
			snprintf(buf, len, "the run of %s was cut short",
			         c->limited ? c->limited : "another lesson");
		return;
	default:
		snprintf(buf, len, "%s", (unsigned)o->reason < COUNT(reason_words) && reason_words[o->reason]
		         ? reason_words[o->reason] : "");
		return;
	}
}

/* --- the lines -------------------------------------------------------------------- */

static void line_to_check(struct claim_line *line, const struct expectation *x)
{
	memset(line, 0, sizeof *line);
	line->mark = CLAIM_TO_CHECK;
	line->claim = x->claim;
	line->check = expect_parse_text(x->check);
	expect_describe_bound(x, NULL, line->bound, sizeof line->bound);
}

static void line_checked(struct claim_line *line, const struct expectation *x,
                         struct claims_ctx *c)
{
	struct expect_source src = { .lookup = lookup, .conditions = conditions, .ctx = c };
	struct expect_outcome o;
	c->missing = c->limited = NULL;
	c->missing_old = c->store_error = c->limited_watched = 0;
	line_to_check(line, x);
	expect_eval_run(x, &src, &o);
	line->outcome = o;
	line->mark = mark_of_verdict[o.verdict];
	if (o.has_value)
		expect_format_number(o.value, line->value, sizeof line->value);
	expect_describe_bound(x, &o, line->bound, sizeof line->bound);
	if (o.verdict == EXPECT_INCONCLUSIVE)
		words_for(c, &o, line->why, sizeof line->why);
}

/* Lesson i's lines for its state: checked against its figures, else the
 * claims as written. */
static void build_lines(struct lab *lab, size_t i)
{
	const struct lesson *l = &lab->course.lessons[i];
	struct lab_claims *cl = &lab->ls[i].claims;
	lab->claims_generation++;
	if (cl->n != l->nexpect) {
		free(cl->line);
		cl->n = 0;
		cl->line = l->nexpect ? calloc(l->nexpect, sizeof *cl->line) : NULL;
		if (!cl->line)
			return;
		cl->n = l->nexpect;
	}
	struct claims_ctx c = { .lab = lab, .self = i };
	for (size_t k = 0; k < cl->n; k++)
		if (cl->state == CLAIMS_CHECKED)
			line_checked(&cl->line[k], &l->expect[k], &c);
		else
			line_to_check(&cl->line[k], &l->expect[k]);
	if (cl->state == CLAIMS_TO_CHECK)
		snprintf(cl->head, sizeof cl->head, "To check when it runs (r):");
	else if (cl->state == CLAIMS_CHECKED && cl->whole_trial)
		snprintf(cl->head, sizeof cl->head, "Claims, checked against this run's last whole trial:");
	else if (cl->state == CLAIMS_CHECKED)
		snprintf(cl->head, sizeof cl->head, "Claims, checked against this run:");
}

void lab_claims_refresh(struct lab *lab, size_t i)
{
	if (!lab->ls || i >= lab->course.nlessons)
		return;
	build_lines(lab, i);
}

/* Why a run other than the lesson's own is not checked. */
static void not_checked(struct lab_claims *cl, const char *why)
{
	cl->state = CLAIMS_NOT_CHECKED;
	snprintf(cl->head, sizeof cl->head, "Claims, not checked: %s.", why);
}

void lab_claims_take(struct lab *lab, const struct run *r, const struct report_result *res,
                     const struct report_result *whole, enum store_kind kind)
{
	if (r->raced || r->lesson >= lab->course.nlessons)
		return;
	struct lesson_state *ls = &lab->ls[r->lesson];
	struct lab_claims *cl = &ls->claims;
	char why[300], name[200];
	cl->whole_trial = 0;
	if (kind != STORE_KIND_LESSON) {
		lab_variant_name(NULL, ls->label, kind, 0, name, sizeof name);
		snprintf(why, sizeof why, "the last run was not as the lesson says (%s)", name);
		not_checked(cl, why);
	} else if (!res || res->status != REPORT_OK || !res->measured)
		not_checked(cl, res ? "the last run failed" : "out of memory");
	else if (run_was_watched(r) && whole && whole->status == REPORT_OK && whole->measured) {
		/* its last whole trial is one of the lesson's own */
		if (figures_of(&ls->figures, whole, 0) != 0)
			not_checked(cl, "out of memory");
		else
			cl->state = CLAIMS_CHECKED;
		cl->whole_trial = 1;
	} else if (figures_of(&ls->figures, res, run_was_watched(r)) != 0)
		not_checked(cl, "out of memory");
	else
		cl->state = CLAIMS_CHECKED;
	build_lines(lab, r->lesson);
}

void lab_claims_free(struct lesson_state *ls)
{
	figures_free(&ls->figures);
	free(ls->claims.line);
	memset(&ls->claims, 0, sizeof ls->claims);
}

int lab_claims_keep(const struct lab *lab, size_t i, struct report_result *res)
{
	const struct lab_claims *cl = &lab->ls[i].claims;
	if (cl->state != CLAIMS_CHECKED || cl->n == 0)
		return 1;
	struct report_expectation *e = calloc(cl->n, sizeof *e);
	if (!e)
		return -1;
	for (size_t k = 0; k < cl->n; k++) {
		e[k].claim = strdup(cl->line[k].claim ? cl->line[k].claim : "");
		e[k].check = strdup(cl->line[k].check ? cl->line[k].check : "");
		e[k].bound = strdup(cl->line[k].bound);
		e[k].outcome = cl->line[k].outcome;
	}
	report_expects_free(res);
	res->expects = e;
	res->nexpects = cl->n;
	for (size_t k = 0; k < cl->n; k++)
		if (!e[k].claim || !e[k].check || !e[k].bound)
			return -1;
	return 0;
}
