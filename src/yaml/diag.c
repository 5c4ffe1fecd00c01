/* diag.c - diagnostics: collected by every loader, printed here (the
 * format is in diag.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void diag_list_vadd(struct diags *ds, const char *file, unsigned line,
                unsigned column, const char *source_line, const char *fmt,
                va_list ap)
{
	if (ds->count >= DIAGS_MAX) {
		ds->dropped++;
		return;
	}
	/* Room for the cap at once: the array never moves afterwards. */
	if (!ds->items && !(ds->items = calloc(DIAGS_MAX, sizeof *ds->items))) {
		ds->dropped++;
		return;
	}
	struct diag d = {0};
	d.line = line;
	d.column = column;
	if (vasprintf(&d.message, fmt, ap) < 0)
		d.message = NULL;
	d.file = file ? strdup(file) : NULL;
	d.source_line = source_line ? strdup(source_line) : NULL;
	if (!d.message || (file && !d.file) || (source_line && !d.source_line)) {
		free(d.message);
		free(d.file);
		free(d.source_line);
		ds->dropped++;
		return;
	}
	ds->items[ds->count++] = d;
}

void diag_list_add(struct diags *ds, const char *file, unsigned line,
               unsigned column, const char *source_line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_list_vadd(ds, file, line, column, source_line, fmt, ap);
	va_end(ap);
}

void diag_list_free(struct diags *ds)
{
	for (size_t i = 0; ds->items && i < ds->count; i++) {
		free(ds->items[i].file);
		free(ds->items[i].message);
		free(ds->items[i].source_line);
	}
	free(ds->items);
	memset(ds, 0, sizeof *ds);
}

/* The caret line: a tab under each tab of the source so the caret lines up
 * whatever the tab width, one space per other character (UTF-8 sequences
 * count once, as libyaml counts columns). */
static void print_caret(FILE *out, const char *src, unsigned column)
{
	const unsigned char *s = (const unsigned char *)src;
	for (unsigned c = 1; c < column; c++) {
		if (*s == '\t')
			fputc('\t', out);
		else
			fputc(' ', out);
		if (*s) {
			s++;
			while ((*s & 0xC0) == 0x80)
				s++;
		}
	}
	fputs("^\n", out);
}

void diag_print(FILE *out, const struct diag *d)
{
	if (d->file) {
		fputs(d->file, out);
		if (d->line) {
			fprintf(out, ":%u", d->line);
			if (d->column)
				fprintf(out, ":%u", d->column);
		}
		fputs(": ", out);
	}
	fprintf(out, "%s\n", d->message ? d->message : "(no message)");
	if (!d->source_line || !d->line)
		return;
	fprintf(out, "%s\n", d->source_line);
	if (d->column && d->column <= 4097)   /* no caret far off-screen */
		print_caret(out, d->source_line, d->column);
}

void diag_list_print(FILE *out, const struct diags *ds)
{
	for (size_t i = 0; i < ds->count; i++)
		diag_print(out, &ds->items[i]);
	if (ds->dropped)
		fprintf(out, "... and %zu more error%s not shown\n", ds->dropped,
		        ds->dropped == 1 ? "" : "s");
}
