/* report_fields.h - a result's fields by name: "the value of rate.median".
 *
 * Why a file of its own: the CSV's columns are the JSON document's fields
 * flattened with dots, and lesson expectations and the history ask for a
 * field of a result by that same dotted name.  The fields are the rows of
 * report_field_rows.h (doc/batch-output.md lists them); this is how each
 * row's value is got from a result, for the CSV writer's header and rows,
 * the JSON writer's members and report_field_number()'s answers.  How a
 * value is printed stays with each writer.
 *
 * Short names a lesson's expectations may use for the common ones
 * (REPORT_FIELD_ALIASES):
 *   rate     = rate.median        seconds  = seconds.median
 *   size     = workload.size      block    = workload.block
 *   stride   = workload.stride
 * and log_rate, bytes and passes, which are short already.
 */
#ifndef IOLAB_REPORT_FIELDS_H
#define IOLAB_REPORT_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* One field's value in one result. */
enum report_value_type {
	REPORT_VALUE_NULL,        /* JSON null: not measured, unavailable */
	REPORT_VALUE_TEXT,        /* text */
	REPORT_VALUE_UINT,        /* a count or size: u */
	REPORT_VALUE_REAL,        /* a finite number: d */
	REPORT_VALUE_BOOL,        /* b */
	REPORT_VALUE_HEX          /* u, written as 16 hex digits (the checksum) */
};

struct report_value {
	enum report_value_type type;
	const char *text;         /* TEXT: the result's own, buf, or owned */
	const char *json_text;    /* TEXT made harmless for a terminal: the text
	                             as given, for the JSON, which escapes it
	                             itself; NULL when text is that */
	uint64_t u;
	double d;
	int b;
	char buf[32];
	char *owned;              /* joined lists; report_value_free() frees it */
};

/* How many fields, and the name of field i (NULL past the end). */
size_t report_field_count(void);
const char *report_field_name(size_t i);
/* The index of a field by name or short name; -1 when there is none. */
long report_field_find(const char *path);
/* Field i of r into v (free it with report_value_free).  0, or -1 when
 * out of memory (v is then null). */
int report_field_value(const struct report_result *r, size_t i, struct report_value *v);
void report_value_free(struct report_value *v);

/* Every row of the table, the rows only the JSON has (lists of objects:
 * reference, sweep.points) among them, in the table's order (for
 * report_format_json.c, which lays the document out from report_field_rows.h's
 * rows in that order). */
size_t report_row_count(void);
int report_row_value(const struct report_result *r, size_t row, struct report_value *v);

/* The value of field PATH (a name or short name) as a number: 0 and *out
 * set; 1 when the field exists but is null or no number here (text, a
 * flag, the checksum); -1 when there is no such field. */
int report_field_number(const struct report_result *r, const char *path, double *out);

/* Field i as a number to keep (the lab notebook's field table, store.h),
 * for a claim about this result later: a number a check may name
 * (EXPECT_FIELD_KNOWN) as it is, and a flag (time_limited, busy) as 0 or
 * 1, so that the conditions the result ran under are read back with its
 * figures.  0 with *out set; 1 when it is null, text, the checksum (a
 * 64-bit pattern, no quantity), or a number no check may name: the
 * expectation counts (a run is filed before the claims naming lessons run
 * after it can be checked, so they would read 0) and the lesson's points
 * (a weight, not a measurement). */
int report_field_as_number(const struct report_result *r, size_t i, double *out);

#endif
