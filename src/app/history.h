/* history.h - iolab --history: the saved runs of the lab notebook printed
 * as a table, one JSON document or CSV (doc/batch-output.md, "The lab
 * notebook").
 *
 * The JSON document is made to be merged: each run is the batch JSON
 * object of that run as it was stored, with the store's own columns (id,
 * kind, label, when, recorder, version, spec, guess) added in front, so
 * an instructor can put a whole class's exports side by side with the
 * field names of batch output.
 */
#ifndef IOLAB_HISTORY_H
#define IOLAB_HISTORY_H

#include <stdio.h>

#include "options.h"
#include "store.h"

/* The formats, one row each, by the names --format takes. */
typedef int (*history_writer_fn)(FILE *out, struct store *st, const char *const *lessons,
                                 size_t nlessons, char *msg, size_t len);
struct history_format {
	const char *name;
	history_writer_fn write;  /* 0, or -1 with msg (the store, or writing failed) */
};
const struct history_format *history_format_find(const char *name);

/* Every run of the given lessons (none given: of every lesson), oldest
 * first, to out.  0, or -1 with msg. */
int history_write(FILE *out, struct store *st, const struct history_format *f,
                  const char *const *lessons, size_t nlessons, char *msg, size_t len);

/* iolab --history: opens the store (o->db, else the default one) for
 * reading only - nothing is created, moved or written, and a database
 * another lab is writing reads fine - and prints it in o->format's
 * format.  Returns the exit status: 0; 4 when the store cannot be read
 * or the output not written (the reason on err). */
int history_cmd(const struct options *o, FILE *out, FILE *err);

#endif
