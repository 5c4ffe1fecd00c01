/* report_format.h - the batch report's formats: the table of
 * --format's rows and their writers, one file each
 * (report_format_text.c, report_format_json.c ...), apart from the model
 * they print (report.h), so that the model needs neither the field table
 * nor the claims that the writers read.
 */
#ifndef IOLAB_REPORT_FORMAT_H
#define IOLAB_REPORT_FORMAT_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* The `machine` object's members after "machine": {, as batch JSON and
 * --history JSON write it (doc/batch-output.md): kernel, filesystem, then
 * the scratch directory and syscall counter when given (batch), then CPU,
 * cores, memory and id. */
void report_format_json_machine(FILE *out, const struct machine *m, const char *scratch,
                          const char *syscall_counter);

/* --- formats --------------------------------------------------------------
 *
 * One row per output format, in report_format.c: the command line's --format,
 * its usage text and its error message, and report_write all read it, so
 * a new format is one row there and one writer file. */
typedef int (*report_writer_fn)(FILE *out, const struct report *r);
struct report_format {
	const char *name;         /* as --format spells it */
	report_writer_fn write;   /* 0, or -1 when writing failed (ferror) */
};
/* The row named so, or NULL. */
const struct report_format *report_format_find(const char *name);
/* Row i (NULL past the end); the first row is the default format. */
const struct report_format *report_format_at(size_t i);
const struct report_format *report_format_default(void);
/* Every name, as a person lists them: "text, json, csv, tap or gradescope". */
void report_format_list(char *buf, size_t len);

/* The report in format f.  0, or -1 when writing failed (ferror). */
int report_write(FILE *out, const struct report *r, const struct report_format *f);
/* The writers of the table's rows. */
int report_format_text(FILE *out, const struct report *r);
int report_format_json(FILE *out, const struct report *r);
int report_format_csv(FILE *out, const struct report *r);
int report_format_tap(FILE *out, const struct report *r);
int report_format_gradescope(FILE *out, const struct report *r);
/* One result as the JSON writer prints it inside "results", on one line:
 * what the store keeps of every run (and --history exports).  A malloc'd
 * string, or NULL when out of memory. */
char *report_format_json_result(const struct report_result *res);

/* --- values the writers share ------------------------------------------- */

/* JSON string literal with its quotes: ", \ and control characters
 * escaped, the C1 controls and the bidirectional overrides and isolates as
 * \uXXXX, other valid UTF-8 passed through, each invalid byte replaced by
 * U+FFFD.  NULL prints null. */
void report_format_json_string(FILE *out, const char *s);
/* JSON text kept from an earlier run (the notebook's stored object) as
 * report_format_json_string would have written its strings: the characters it
 * escapes as \uXXXX (space, tab, CR and LF, JSON's whitespace, kept),
 * invalid bytes as U+FFFD; the rest copied. */
void report_format_json_copy(FILE *out, const char *json);
/* One CSV field, RFC 4180: quoted (quotes doubled) when it holds a comma,
 * a quote, CR or LF. */
void report_format_csv_field(FILE *out, const char *s);
#endif
