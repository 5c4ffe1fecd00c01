/* expect_fields.h - the fields a lesson's checks may name: the loader's
 * view of the one field table (report_field_rows.h).
 *
 * Names, EXPECT_FIELD_* bits and what each field measures, and nothing
 * about how a result holds them: the loader (lesson_schema.c) and the fuzz
 * target link this without the engine or the report.  Fields a check may
 * name are the numbers of the table (bits not 0) and the short names.
 */
#ifndef IOLAB_EXPECT_FIELDS_H
#define IOLAB_EXPECT_FIELDS_H

#include <stddef.h>
#include <stdio.h>

/* An expect_field_fn (expect.h): the field's EXPECT_FIELD_* bits, or 0
 * with *suggestion the nearest name a check may use (suggest.h's rule)
 * or NULL.  ctx is unused. */
unsigned expect_fields_class(void *ctx, const char *field, const char **suggestion);

/* The rows a check may name: short names first, then the table's numbers
 * in its (the CSV's) order. */
struct expect_field_row {
	const char *name;
	unsigned bits;            /* EXPECT_FIELD_* */
	const char *alias_of;     /* a short name: the field it stands for */
	const char *meaning;      /* NULL for calls.<kind> (see below) */
	const char *call_shown;   /* calls.<kind>: what the live view calls them */
};
size_t expect_fields_count(void);
const struct expect_field_row *expect_fields_at(size_t i);   /* NULL past the end */

/* The field table of doc/lesson-format.md's `expect:` section, in
 * Markdown, header line first; a test compares the two. */
void expect_fields_markdown(FILE *out);

#endif
