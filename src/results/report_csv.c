/* report_csv.c - the results as CSV: a header, then one row per lesson.
 *
 * Columns are the JSON document's fields flattened with dots
 * (rate.median, syscalls.write), in the same order; the field table of
 * report_fields.c lists them, so the header and every row are built from
 * the same entries.
 * JSON null is an empty field.  Lists are joined into one field:
 * workload.open with '|' (as C spells flag sets), workload.command with
 * spaces.  `calls` has a column for every kind (0 when not called) so every
 * row has the same columns; `reference` and `sweep.points` are lists of
 * objects and appear in the JSON only.  RFC 4180: CRLF line ends, a field
 * holding a comma, quote, CR or LF is quoted with its quotes doubled.
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "report_fields.h"

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

void report_csv_field(FILE *out, const char *s)
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

static void write_header(FILE *out)
{
	for (size_t i = 0; i < report_field_count(); i++) {
		if (i)
			fputc(',', out);
		report_csv_field(out, report_field_name(i));
	}
	fputs("\r\n", out);
}

static void write_row(FILE *out, const struct report_result *r)
{
	for (size_t i = 0; i < report_field_count(); i++) {
		struct report_value v;
		report_field_value(r, i, &v);
		if (i)
			fputc(',', out);
		report_csv_field(out, cell_text(&v));
		report_value_free(&v);
	}
	fputs("\r\n", out);
}

int report_write_csv(FILE *out, const struct report *r)
{
	write_header(out);
	for (size_t i = 0; i < r->nresults; i++)
		write_row(out, &r->results[i]);
	return ferror(out) ? -1 : 0;
}
