/* report_format_gradescope.c - the results as the results.json that Gradescope's
 * autograder reads (gradescope-autograders.readthedocs.io, "Autograder
 * Specifications": a top-level "tests" list of {name, score, max_score,
 * status, output, visibility}, an optional "score" for the whole
 * submission, "execution_time" in seconds, and a "leaderboard" list of
 * {name, value, order}).
 *
 * How points are given (doc/batch-output.md, "Grading policy"):
 * report_test_points says each test's; a lesson that failed earns nothing,
 * and its claims are missed (report_expect.c); a held claim earns its
 * points, a missed one nothing, and an inconclusive one its points (the
 * lab could not decide on this machine; --inconclusive fail makes it
 * missed instead), the output saying so for the instructor to look at.
 * "score" is the sum, so Gradescope shows the same total either way.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_format.h"
#include "report_expect.h"

static void put_num(FILE *out, double v)
{
	char buf[40];
	report_format_double(v, buf, sizeof buf);
	fputs(buf, out);
}

/* One test object; out_text is its "output". */
static void put_test(FILE *out, int first, const char *lesson, const char *what,
                     double score, double max, int passed, enum lesson_visibility vis,
                     const char *out_text)
{
	char *name = NULL;
	if (asprintf(&name, "%s: %s", lesson, what) < 0)
		name = NULL;
	fputs(first ? "\n    " : ",\n    ", out);
	fputs("{\"name\": ", out);
	report_format_json_string(out, name ? name : lesson);
	fputs(", \"score\": ", out);
	put_num(out, score);
	fputs(", \"max_score\": ", out);
	put_num(out, max);
	fprintf(out, ", \"status\": \"%s\", \"output\": ", passed ? "passed" : "failed");
	report_format_json_string(out, out_text);
	if (vis != LESSON_VIS_UNSET)
		fprintf(out, ", \"visibility\": \"%s\"", lesson_visibility_name(vis));
	fputc('}', out);
	free(name);
}

static void lesson_text(const struct report_result *res, char *buf, size_t len)
{
	if (res->status != REPORT_OK)
		snprintf(buf, len, "error: %s", res->error ? res->error : "the lesson failed");
	else if (res->error)
		snprintf(buf, len, "ran as the lesson means: %s", res->error);
	else
		snprintf(buf, len, "ran: %u trial%s", res->trials, res->trials == 1 ? "" : "s");
}

static void expectation_text(const struct report_result *res, const struct report_expectation *e,
                             char *buf, size_t len)
{
	const struct expect_outcome *o = &e->outcome;
	char v[32] = "-", lo[32] = "-", hi[32] = "-";
	if (o->has_value) {
		expect_format_number(o->value, v, sizeof v);
		expect_format_number(o->min, lo, sizeof lo);
		expect_format_number(o->max, hi, sizeof hi);
	}
	int n = snprintf(buf, len, "%s: %s = %s (trials: %s .. %s), expected %s",
	                 expect_verdict_name(o->verdict), e->check, v, lo, hi, e->bound);
	if (n < 0 || (size_t)n >= len)
		return;
	if (o->verdict == EXPECT_INCONCLUSIVE && res->retries)
		snprintf(buf + n, len - (size_t)n, "; %s: %s (credited: the lesson ran %u more time%s "
		         "and the lab still could not decide)", expect_reason_name(o->reason), o->why,
		         res->retries, res->retries == 1 ? "" : "s");
	else if (o->verdict == EXPECT_INCONCLUSIVE)
		snprintf(buf + n, len - (size_t)n, "; %s: %s (credited: the lab could not decide here)",
		         expect_reason_name(o->reason), o->why);
	else if (o->verdict == EXPECT_MISSED && o->why[0])
		snprintf(buf + n, len - (size_t)n, "; %s", o->why);
}

/* The claims a pack put on the leaderboard, each with its check's value
 * (0 when it has none: its lesson failed). */
static void put_leaderboard(FILE *out, const struct report *r)
{
	int first = 1;
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nexpects; j++) {
			const struct report_expectation *e = &r->results[i].expects[j];
			if (!e->leaderboard)
				continue;
			fputs(first ? ",\n  \"leaderboard\": [\n    {\"name\": " : ",\n    {\"name\": ", out);
			report_format_json_string(out, e->leaderboard);
			fputs(", \"value\": ", out);
			put_num(out, e->outcome.has_value && isfinite(e->outcome.value) ? e->outcome.value : 0);
			fputs(", \"order\": \"desc\"}", out);
			first = 0;
		}
	if (!first)
		fputs("\n  ]", out);
}

int report_format_gradescope(FILE *out, const struct report *r)
{
	double total = 0;
	int first = 1;
	char text[1024];
	fputs("{\n  \"tests\": [", out);
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		double max = report_test_points(res, -1);
		int ran = res->status == REPORT_OK;
		lesson_text(res, text, sizeof text);
		put_test(out, first, res->lesson, res->title ? res->title : "", ran ? max : 0, max, ran,
		         res->visibility, text);
		first = 0;
		total += ran ? max : 0;
		for (size_t j = 0; j < res->nexpects; j++) {
			const struct report_expectation *e = &res->expects[j];
			int passed = ran && e->outcome.verdict != EXPECT_MISSED;
			max = report_test_points(res, (long)j);
			expectation_text(res, e, text, sizeof text);
			put_test(out, 0, res->lesson, e->claim, passed ? max : 0, max, passed,
			         e->visibility != LESSON_VIS_UNSET ? e->visibility : res->visibility, text);
			total += passed ? max : 0;
		}
	}
	fputs(first ? "],\n" : "\n  ],\n", out);
	fputs("  \"score\": ", out);
	put_num(out, total);
	if (r->execution_seconds >= 0)
		fprintf(out, ",\n  \"execution_time\": %.0f", ceil(r->execution_seconds));
	snprintf(text, sizeof text, "iolab %s, Linux %s, %s, %s: %zu lesson%s; expectations: "
	         "%zu held, %zu missed, %zu inconclusive", r->version, r->kernel, r->filesystem,
	         r->started, r->nresults, r->nresults == 1 ? "" : "s",
	         report_expect_count(r, EXPECT_HELD), report_expect_count(r, EXPECT_MISSED),
	         report_expect_count(r, EXPECT_INCONCLUSIVE));
	fputs(",\n  \"output\": ", out);
	report_format_json_string(out, text);
	put_leaderboard(out, r);
	fputs("\n}\n", out);
	return ferror(out) ? -1 : 0;
}
