/* diag.h - one problem in one file at a mark, and how it is printed.
 *
 * Every loader (the YAML tree, the lesson schema, course loading, the
 * reference data) reports through these; none of them prints.  A diag is
 * printed the way compilers and netplan print them, so editors can jump to
 * it:
 *
 *     lessons/w03-byte.yaml:7:3: unknown key 'blok'; did you mean 'block'?
 *       blok: 1
 *       ^
 *
 * Split from lesson.h so the YAML layers below the lesson model can report
 * without knowing what a lesson is.
 */
#ifndef IOLAB_DIAG_H
#define IOLAB_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* One problem in one file, at a mark. */
struct diag {
	char *file;
	unsigned line, column;    /* 1-based; 0 when there is no position */
	char *message;
	char *source_line;        /* the offending line, or NULL */
};

struct diags {
	struct diag *items;
	size_t count;
	size_t dropped;           /* further errors not kept (cap reached) */
};

#define DIAGS_MAX 50

/* FILE:LINE:COLUMN: message, the source line, a caret under the column. */
void diag_print(FILE *out, const struct diag *d);
void diag_list_print(FILE *out, const struct diags *ds);
void diag_list_free(struct diags *ds);
/* Appends a diagnostic (copies every string).  Used by the loaders. */
void diag_list_add(struct diags *ds, const char *file, unsigned line,
               unsigned column, const char *source_line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* diag_list_add with a va_list. */
void diag_list_vadd(struct diags *ds, const char *file, unsigned line,
                unsigned column, const char *source_line, const char *fmt,
                va_list ap)
	__attribute__((format(printf, 6, 0)));

#endif
