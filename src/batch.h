/* batch.h - headless runs for graders: lessons -> trials -> report. */
#ifndef IOLAB_BATCH_H
#define IOLAB_BATCH_H

#include "cli.h"

/* Runs the lessons the options select and writes the report.  Returns the
 * contract's exit status. */
int batch_run(const struct options *o);
/* --list: "id\ttitle" per lesson in course order.  Returns exit status. */
int batch_list(const struct options *o);

#endif
