/* batch.h - headless runs for graders: lessons -> trials -> report. */
#ifndef IOLAB_BATCH_H
#define IOLAB_BATCH_H

#include <stddef.h>

#include "options.h"

/* Runs the lessons the options select and writes the report.  Returns the
 * contract's exit status. */
int batch_run(const struct options *o);
/* --list: "id\ttitle" per lesson in course order.  Returns exit status. */
int batch_list(const struct options *o);

/* The live progress line "[index/total] id ... detail" for a terminal
 * `width` columns wide, as batch redraws it: made harmless (sanitize.h),
 * at most width - 1 columns and len - 1 bytes.  Pure; returns buf. */
char *batch_live_line(char *buf, size_t len, int width, size_t index, size_t total,
                      const char *id, const char *detail);

#endif
