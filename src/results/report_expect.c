/* report_expect.c - a batch's expectations held against its results (see
 * report_expect.h for the rules). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_expect.h"
#include "report_fields.h"

/* --- lookups ---------------------------------------------------------------- */

/* Where a batch expectation's numbers come from: the report, and the
 * result of the expectation's own lesson.  (The lab's claims have their
 * own source, lab_claims.c: this session's runs, then the notebook.) */
struct report_expect_ctx {
	const struct report *r;
	const struct report_result *self;
};

static const struct report_result *find_result(const struct report *r, const char *id)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].lesson && strcmp(r->results[i].lesson, id) == 0)
			return &r->results[i];
	return NULL;
}

static const struct report_result *result_of(const struct report_expect_ctx *c, const char *id)
{
	return id ? find_result(c->r, id) : c->self;
}

/* The field as it would read were trial t the median: the trial's own
 * figures, and its rate and seconds as the summary's median. */
static int field_of_trial(const struct report_result *res, const struct trial_result *t,
                          const char *field, double *out)
{
	struct report_result one = *res;       /* shallow: only read */
	one.summary.median = *t;
	one.summary.rate_median = isfinite(t->rate) ? t->rate : 0;
	one.summary.seconds_median = isfinite(t->seconds) ? t->seconds : 0;
	return report_field_number(&one, field, out);
}

/* The min or max of field over the trials the figures came from; the
 * median's value when no trials were kept (a result made by hand). */
static enum expect_found spread_of(const struct report_result *res, const char *field,
                                   enum expect_which which, double *out)
{
	if (!res->nruns)
		return report_field_number(res, field, out) == 0 ? EXPECT_FOUND : EXPECT_NULL;
	unsigned *index;
	unsigned used = report_picked_runs(res, &index);
	int any = 0;
	for (unsigned i = 0; i < used; i++) {
		double v;
		if (field_of_trial(res, &res->runs[index[i]], field, &v) != 0)
			continue;
		if (!any || (which == EXPECT_MIN ? v < *out : v > *out))
			*out = v;
		any = 1;
	}
	free(index);
	return any ? EXPECT_FOUND : EXPECT_NULL;
}

static enum expect_found lookup(void *ctx, const char *lesson, const char *field,
                                enum expect_which which, double *out)
{
	const struct report_result *res = result_of(ctx, lesson);
	if (!res || !res->measured)
		return EXPECT_NO_LESSON;
	if (which == EXPECT_MEDIAN)
		return report_field_number(res, field, out) == 0 ? EXPECT_FOUND : EXPECT_NULL;
	return spread_of(res, field, which, out);
}

/* Trials of a result the figures came from, paired for the evaluator:
 * trial k is the k-th of trial_pick's choice. */
static unsigned trials(void *ctx, const char *lesson)
{
	const struct report_result *res = result_of(ctx, lesson);
	if (!res || !res->measured)
		return 0;
	unsigned *index;
	unsigned used = report_picked_runs(res, &index);
	free(index);
	return used;
}

static enum expect_found lookup_trial(void *ctx, const char *lesson, const char *field,
                                      unsigned k, double *out)
{
	const struct report_result *res = result_of(ctx, lesson);
	if (!res || !res->measured || !res->nruns)
		return EXPECT_NO_LESSON;
	unsigned *index;
	unsigned used = report_picked_runs(res, &index);
	enum expect_found found = EXPECT_NULL;
	if (k < used && field_of_trial(res, &res->runs[index[k]], field, out) == 0)
		found = EXPECT_FOUND;
	free(index);
	return found;
}

/* --- conditions --------------------------------------------------------------- */

unsigned report_run_conditions(const struct report_result *res)
{
	unsigned ran = 0;
	if (!res->measured)
		return 0;
	if (res->summary.median.time_limited)
		ran |= EXPECT_RAN_TIME_LIMITED;
	unsigned *index;
	unsigned used = report_picked_runs(res, &index);
	for (unsigned i = 0; i < used; i++)
		if (res->runs[index[i]].time_limited)
			ran |= EXPECT_RAN_TIME_LIMITED;
	free(index);
	if (report_ran_busy(res) == 1)
		ran |= EXPECT_RAN_BUSY;
	if (res->no_device)
		ran |= EXPECT_RAN_NO_DEVICE;
	if (report_device_bound(&res->spec))
		ran |= EXPECT_RAN_DEVICE_BOUND;
	return ran;
}

static unsigned conditions(void *ctx, const char *lesson)
{
	const struct report_result *res = result_of(ctx, lesson);
	return res ? report_run_conditions(res) : 0;
}

/* The expect_source of result res in r; ctx must outlive it. */
static void expect_source_of(const struct report *r, const struct report_result *res,
                             struct report_expect_ctx *ctx, struct expect_source *out)
{
	ctx->r = r;
	ctx->self = res;
	memset(out, 0, sizeof *out);
	out->lookup = lookup;
	out->conditions = conditions;
	out->ctx = ctx;
	out->trials = trials;
	out->lookup_trial = lookup_trial;
}

/* --- outcomes ------------------------------------------------------------------ */

/* What the grader's policy makes of an outcome (doc/batch-output.md,
 * "Grading policy"): a lesson that failed (its program crashed, exited
 * non-zero, could not run) held nothing: each claim is missed, with the
 * failure named; so is a whole-file claim of a program the time limit
 * stopped (the lab's own loops stop themselves and stay inconclusive);
 * with --inconclusive fail, every other inconclusive claim is missed too. */
static void apply_policy(const struct report *r, const struct report_result *res,
                         struct expect_outcome *o)
{
	const char *why = NULL;
	char text[sizeof o->why + 64];
	if (res->status == REPORT_ERROR) {
		snprintf(text, sizeof text, "the lesson failed: %.220s",
		         res->error ? res->error : "the workload failed");
		why = text;
	} else if (o->verdict != EXPECT_INCONCLUSIVE) {
		return;
	} else if (o->reason == EXPECT_WHY_TIME_LIMITED && res->spec.api == WL_API_COMMAND) {
		snprintf(text, sizeof text, "the program was stopped at its time limit (%g s) before "
		         "it finished", res->spec.time_limit);
		why = text;
	} else if (r->inconclusive == REPORT_INCONCLUSIVE_FAIL) {
		snprintf(text, sizeof text, "%s: %.200s (--inconclusive fail: not credited)",
		         expect_reason_name(o->reason), o->why);
		why = text;
	}
	if (!why)
		return;
	o->verdict = EXPECT_MISSED;
	o->reason = EXPECT_WHY_NONE;
	snprintf(o->why, sizeof o->why, "%.*s", (int)sizeof o->why - 1, why);
}

int report_expect_result(const struct report *r, struct report_result *res,
                         const struct expectation *xs, size_t n)
{
	return report_expect_graded(r, res, xs, NULL, n);
}

int report_expect_graded(const struct report *r, struct report_result *res,
                         const struct expectation *xs, const struct lesson_grading *gs, size_t n)
{
	report_expects_free(res);
	if (!n)
		return 0;
	if (!(res->expects = calloc(n, sizeof *res->expects)))
		return -1;
	struct report_expect_ctx ctx;
	struct expect_source src;
	expect_source_of(r, res, &ctx, &src);
	for (size_t i = 0; i < n; i++) {
		struct report_expectation *e = &res->expects[res->nexpects];
		char bound[2 * EXPECT_TEXT_MAX + 64];
		expect_eval_run(&xs[i], &src, &e->outcome);
		expect_describe_bound(&xs[i], &e->outcome, bound, sizeof bound);
		apply_policy(r, res, &e->outcome);
		e->claim = strdup(xs[i].claim);
		e->check = strdup(expect_parse_text(xs[i].check));
		e->bound = strdup(bound);
		if (gs) {
			e->points = gs[i].points;
			e->visibility = gs[i].visibility;
			e->leaderboard = gs[i].leaderboard ? strdup(gs[i].leaderboard) : NULL;
		}
		res->nexpects++;
		if (!e->claim || !e->check || !e->bound || (gs && gs[i].leaderboard && !e->leaderboard)) {
			report_expects_free(res);
			return -1;
		}
	}
	return 0;
}

int report_expect_all(struct report *r, const struct course *c)
{
	for (size_t i = 0; i < r->nresults; i++) {
		long k = lesson_course_find(c, r->results[i].lesson);
		if (k < 0)
			continue;
		const struct lesson *l = &c->lessons[k];
		if (report_expect_graded(r, &r->results[i], l->expect, l->grading, l->nexpect) != 0)
			return -1;
	}
	return 0;
}

size_t report_expect_count(const struct report *r, enum expect_verdict v)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nexpects; j++)
			n += r->results[i].expects[j].outcome.verdict == v;
	return n;
}
