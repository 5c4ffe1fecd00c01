/* report_gradescope.c - the results as the results.json that Gradescope's
 * autograder reads (gradescope-autograders.readthedocs.io, "Autograder
 * Specifications": a top-level "tests" list of {name, score, max_score,
 * status, output}, and an optional "score" for the whole submission).
 *
 * How a lesson's points are given (doc/batch-output.md): `points:` of the
 * lesson (default 1) is split evenly over its tests - one for the lesson
 * having run as it means, one per expectation.  A lesson that failed
 * earns nothing, not even for its claims.  Otherwise the run earns its
 * share, a held expectation its share, a missed one nothing, and an
 * inconclusive one its share too: the lab could not decide on this
 * machine (busy, time-limited, a lesson it compares with not selected),
 * and the output says so for the instructor to look at.  "score" is the
 * sum, so Gradescope shows the same total either way.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_expect.h"

static void put_num(FILE *out, double v)
{
	char buf[40];
	report_format_double(v, buf, sizeof buf);
	fputs(buf, out);
}

/* One test object; out_text is its "output". */
static void put_test(FILE *out, int first, const char *lesson, const char *what,
                     double score, double max, const char *out_text)
{
	char *name = NULL;
	if (asprintf(&name, "%s: %s", lesson, what) < 0)
		name = NULL;
	fputs(first ? "\n    " : ",\n    ", out);
	fputs("{\"name\": ", out);
	report_json_string(out, name ? name : lesson);
	fputs(", \"score\": ", out);
	put_num(out, score);
	fputs(", \"max_score\": ", out);
	put_num(out, max);
	fprintf(out, ", \"status\": \"%s\", \"output\": ", score >= max ? "passed" : "failed");
	report_json_string(out, out_text);
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

static void expectation_text(const struct report_expectation *e, char *buf, size_t len)
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
	if (o->verdict == EXPECT_INCONCLUSIVE && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "; %s: %s (credited: the lab could not decide here)",
		         expect_reason_name(o->reason), o->why);
}

int report_write_gradescope(FILE *out, const struct report *r)
{
	double total = 0;
	int first = 1;
	char text[1024];
	fputs("{\n  \"tests\": [", out);
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		double share = res->lesson_points / (double)(res->nexpects + 1);
		int ran = res->status == REPORT_OK;
		lesson_text(res, text, sizeof text);
		put_test(out, first, res->lesson, res->title ? res->title : "", ran ? share : 0, share, text);
		first = 0;
		total += ran ? share : 0;
		for (size_t j = 0; j < res->nexpects; j++) {
			const struct report_expectation *e = &res->expects[j];
			enum expect_verdict v = e->outcome.verdict;
			double score = ran && v != EXPECT_MISSED ? share : 0;
			expectation_text(e, text, sizeof text);
			put_test(out, 0, res->lesson, e->claim, score, share, text);
			total += score;
		}
	}
	fputs(first ? "],\n" : "\n  ],\n", out);
	fputs("  \"score\": ", out);
	put_num(out, total);
	snprintf(text, sizeof text, "iolab %s, Linux %s, %s, %s: %zu lesson%s; expectations: "
	         "%zu held, %zu missed, %zu inconclusive", r->version, r->kernel, r->filesystem,
	         r->started, r->nresults, r->nresults == 1 ? "" : "s",
	         report_expect_count(r, EXPECT_HELD), report_expect_count(r, EXPECT_MISSED),
	         report_expect_count(r, EXPECT_INCONCLUSIVE));
	fputs(",\n  \"output\": ", out);
	report_json_string(out, text);
	fputs("\n}\n", out);
	return ferror(out) ? -1 : 0;
}
