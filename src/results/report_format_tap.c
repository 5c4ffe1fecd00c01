/* report_format_tap.c - the results as TAP version 13, for any TAP consumer
 * (prove, a CI's test reporter): one test point per lesson's status and
 * one per expectation, in the order of the results.
 *
 *   TAP version 13
 *   1..3
 *   ok 1 - w03-byte: One byte per write()
 *   ok 2 - w03-byte: one write() per byte
 *     ---
 *     check: "syscalls.write / bytes"
 *     value: 1.0
 *     ...
 *   not ok 3 - w05-x: at least 5 log units faster
 *
 * A lesson that failed is `not ok`, its error in the diagnostics; a held
 * expectation is `ok`, a missed one `not ok`, and an inconclusive one
 * `ok ... # SKIP inconclusive: <reason>` - the lab could not decide on
 * this machine, which is not a failure of what is graded (TODO would mean
 * "known to fail").  Diagnostics are YAML: strings as JSON string
 * literals (valid YAML double-quoted scalars), numbers as the JSON
 * document writes them (with a point before an exponent: see
 * point_before_exponent), null where there is none.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report.h"
#include "report_format.h"

/* A description: one line safe for a terminal (report_put_line), and no
 * '#' that a consumer would take for a directive (TAP's escapes: \# and
 * \\). */
static void put_description(FILE *out, const char *s)
{
	report_put_line(out, s, "#\\");
}

static void yaml_str(FILE *out, const char *key, const char *v)
{
	fprintf(out, "    %s: ", key);
	report_format_json_string(out, v);
	fputc('\n', out);
}

/* YAML 1.1 (PyYAML, and so TAP consumers such as tap.py) reads a number
 * with an exponent as a float only when its mantissa has a point: "1e-05"
 * would be the string "1e-05".  "1.0e-05" is the same number to YAML 1.2
 * and JSON readers too. */
static void point_before_exponent(char *buf, size_t len)
{
	char *e = strchr(buf, 'e');
	if (!e || memchr(buf, '.', (size_t)(e - buf)) || strlen(buf) + 3 > len)
		return;
	memmove(e + 2, e, strlen(e) + 1);
	e[0] = '.';
	e[1] = '0';
}

static void yaml_num(FILE *out, const char *key, int has, double v)
{
	char buf[48];
	if (!has || report_format_double(v, buf, sizeof buf) != 0)
		snprintf(buf, sizeof buf, "null");
	else
		point_before_exponent(buf, sizeof buf);
	fprintf(out, "    %s: %s\n", key, buf);
}

static void lesson_point(FILE *out, unsigned n, const struct report_result *res)
{
	int ok = res->status == REPORT_OK;
	fprintf(out, "%sok %u - %s: ", ok ? "" : "not ", n, res->lesson);
	put_description(out, res->title);
	fputc('\n', out);
	fputs("  ---\n", out);
	yaml_str(out, "status", ok ? "ok" : "error");
	if (res->error)
		yaml_str(out, "error", res->error);
	fprintf(out, "    trials: %u\n", res->trials);
	yaml_num(out, "rate", report_has_rate(res), res->summary.rate_median);
	fputs("  ...\n", out);
}

static void expectation_point(FILE *out, unsigned n, const struct report_result *res,
                              const struct report_expectation *e)
{
	const struct expect_outcome *o = &e->outcome;
	fprintf(out, "%sok %u - %s: ", o->verdict == EXPECT_MISSED ? "not " : "", n, res->lesson);
	put_description(out, e->claim);
	if (o->verdict == EXPECT_INCONCLUSIVE)
		fprintf(out, " # SKIP inconclusive: %s", expect_reason_name(o->reason));
	fputc('\n', out);
	fputs("  ---\n", out);
	yaml_str(out, "check", e->check);
	yaml_num(out, "value", o->has_value, o->value);
	yaml_num(out, "min", o->has_value, o->min);
	yaml_num(out, "max", o->has_value, o->max);
	yaml_str(out, "bound", e->bound);
	yaml_str(out, "verdict", expect_verdict_name(o->verdict));
	if (o->verdict == EXPECT_INCONCLUSIVE) {
		yaml_str(out, "reason", expect_reason_name(o->reason));
		yaml_str(out, "why", o->why);
	} else if (o->verdict == EXPECT_MISSED && o->why[0]) {
		yaml_str(out, "why", o->why);     /* missed by the grading policy */
	}
	fputs("  ...\n", out);
}

int report_format_tap(FILE *out, const struct report *r)
{
	size_t points = r->nresults;
	for (size_t i = 0; i < r->nresults; i++)
		points += r->results[i].nexpects;
	fputs("TAP version 13\n", out);
	fprintf(out, "1..%zu\n", points);
	unsigned n = 0;
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		lesson_point(out, ++n, res);
		for (size_t j = 0; j < res->nexpects; j++)
			expectation_point(out, ++n, res, &res->expects[j]);
	}
	return ferror(out) ? -1 : 0;
}
