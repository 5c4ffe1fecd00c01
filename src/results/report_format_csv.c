/* report_format_csv.c - the results as CSV: a header, then one row per lesson.
 *
 * Columns are the JSON document's fields flattened with dots
 * (rate.median, syscalls.write), in the same order; the field table of
 * report_fields.c lists them, so the header and every row are built from
 * the same entries.
 * JSON null is an empty field.  Lists are joined into one field:
 * workload.open with '|' (as C spells flag sets), workload.command with
 * spaces.  `calls` has a column for every kind (0 when not called) so every
 * row has the same columns.  After the field table's columns come the
 * JSON's lists as columns of their own, for a spreadsheet: a
 * `reference.SOURCE` column for each source any lesson has (its rate in
 * B/s), then a `sweep.CACHE.BLOCK` column for each point any sweep has
 * (the point's rate in B/s), in the order first met; a row without one
 * leaves it empty.  RFC 4180: CRLF line ends, a field holding a comma,
 * quote, CR or LF is quoted with its quotes doubled.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report_fields.h"
#include "report_format.h"

/* --- fields --------------------------------------------------------------- */

static void put_valid_utf8(FILE *out, const char *s)
{
	while (*s) {
		size_t n = report_utf8_len(s);
		if (n == 0) {
			fputs(REPORT_REPLACEMENT, out);
			n = 1;
		} else {
			fwrite(s, 1, n, out);
		}
		s += n;
	}
}

void report_format_csv_field(FILE *out, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		put_valid_utf8(out, s);
		return;
	}
	fputc('"', out);
	for (const char *p = s; *p; p++) {
		if (*p == '"') {
			fputs("\"\"", out);
			continue;
		}
		size_t n = report_utf8_len(p);
		if (n == 0)
			fputs(REPORT_REPLACEMENT, out);
		else
			fwrite(p, 1, n, out);
		p += n ? n - 1 : 0;
	}
	fputc('"', out);
}

/* --- rows ------------------------------------------------------------------ */

/* A value as its CSV text (NULL: the empty field, JSON's null). */
static const char *cell_text(struct report_value *v)
{
	switch (v->type) {
	case REPORT_VALUE_NULL: return NULL;
	case REPORT_VALUE_TEXT: return v->text;
	case REPORT_VALUE_UINT: snprintf(v->buf, sizeof v->buf, "%" PRIu64, v->u); break;
	case REPORT_VALUE_REAL:
		if (report_format_double(v->d, v->buf, sizeof v->buf) != 0)
			return NULL;
		break;
	case REPORT_VALUE_BOOL: return v->b ? "true" : "false";
	case REPORT_VALUE_HEX: snprintf(v->buf, sizeof v->buf, "%016" PRIx64, v->u); break;
	}
	return v->buf;
}

/* --- the lists' columns ----------------------------------------------------- */

/* The appended columns: every reference source and every sweep point
 * (cache, block) any result has, first met first. */
struct extra_cols {
	const char **sources;
	size_t nsources;
	struct sweep_point *points;   /* block and cache only */
	size_t npoints;
};

static int extra_collect(const struct report *r, struct extra_cols *x)
{
	size_t maxs = 0, maxp = 0;
	for (size_t i = 0; i < r->nresults; i++) {
		maxs += r->results[i].nrefs;
		maxp += r->results[i].npoints;
	}
	memset(x, 0, sizeof *x);
	x->sources = calloc(maxs ? maxs : 1, sizeof *x->sources);
	x->points = calloc(maxp ? maxp : 1, sizeof *x->points);
	if (!x->sources || !x->points)
		return -1;
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		for (size_t j = 0; j < res->nrefs; j++) {
			size_t k = 0;
			while (k < x->nsources && strcmp(x->sources[k], res->refs[j].source) != 0)
				k++;
			if (k == x->nsources)
				x->sources[x->nsources++] = res->refs[j].source;
		}
		for (size_t j = 0; j < res->npoints; j++) {
			const struct sweep_point *p = &res->points[j];
			size_t k = 0;
			while (k < x->npoints && !(x->points[k].block == p->block && x->points[k].cache == p->cache))
				k++;
			if (k == x->npoints)
				x->points[x->npoints++] = (struct sweep_point){.block = p->block, .cache = p->cache};
		}
	}
	return 0;
}

static void extra_free(struct extra_cols *x)
{
	free(x->sources);
	free(x->points);
}

static void put_rate(FILE *out, double rate)
{
	char buf[64];
	if (report_format_double(rate, buf, sizeof buf) == 0)
		fputs(buf, out);
}

static void write_extra_header(FILE *out, const struct extra_cols *x)
{
	char name[160];
	for (size_t k = 0; k < x->nsources; k++) {
		snprintf(name, sizeof name, "reference.%s", x->sources[k]);
		fputc(',', out);
		report_format_csv_field(out, name);
	}
	for (size_t k = 0; k < x->npoints; k++) {
		snprintf(name, sizeof name, "sweep.%s.%" PRIu64, wl_cache_name(x->points[k].cache),
		         x->points[k].block);
		fputc(',', out);
		report_format_csv_field(out, name);
	}
}

static void write_extra_row(FILE *out, const struct extra_cols *x, const struct report_result *res)
{
	for (size_t k = 0; k < x->nsources; k++) {
		fputc(',', out);
		for (size_t j = 0; j < res->nrefs; j++)
			if (strcmp(res->refs[j].source, x->sources[k]) == 0) {
				put_rate(out, res->refs[j].rate);
				break;
			}
	}
	for (size_t k = 0; k < x->npoints; k++) {
		fputc(',', out);
		for (size_t j = 0; j < res->npoints; j++) {
			const struct sweep_point *p = &res->points[j];
			if (p->block == x->points[k].block && p->cache == x->points[k].cache) {
				if (p->ok)
					put_rate(out, p->rate);
				break;
			}
		}
	}
}

/* --- the document ------------------------------------------------------------ */

static void write_header(FILE *out, const struct extra_cols *x)
{
	for (size_t i = 0; i < report_field_count(); i++) {
		if (i)
			fputc(',', out);
		report_format_csv_field(out, report_field_name(i));
	}
	write_extra_header(out, x);
	fputs("\r\n", out);
}

static void write_row(FILE *out, const struct extra_cols *x, const struct report_result *r)
{
	for (size_t i = 0; i < report_field_count(); i++) {
		struct report_value v;
		report_field_value(r, i, &v);
		if (i)
			fputc(',', out);
		report_format_csv_field(out, cell_text(&v));
		report_value_free(&v);
	}
	write_extra_row(out, x, r);
	fputs("\r\n", out);
}

int report_format_csv(FILE *out, const struct report *r)
{
	struct extra_cols x;
	if (extra_collect(r, &x) != 0) {
		extra_free(&x);
		return -1;
	}
	write_header(out, &x);
	for (size_t i = 0; i < r->nresults; i++)
		write_row(out, &x, &r->results[i]);
	extra_free(&x);
	return ferror(out) ? -1 : 0;
}
