/* report_cmd.h - results that leave the terminal: `iolab --report FILE`
 * (the HTML lab report, or one chart with `--format svg`) and `iolab
 * --class FILE...` (a class's machines merged), doc/batch-output.md.
 */
#ifndef IOLAB_REPORT_CMD_H
#define IOLAB_REPORT_CMD_H

#include <stdio.h>

#include "options.h"

/* Formats these commands take by name, beside the report format table's:
 * "html" (--report's default) and "svg". */
int report_cmd_format_known(const char *name);

/* --report, with --from, --class, --lesson, --format html|svg.  Returns
 * the exit status: 0 written; 2 a format or lesson list that does not
 * fit; 3 a --from document that is not iolab's, or a --class that merged
 * fewer than two machines; 4 the notebook or the file cannot be read or
 * written. */
int report_cmd(const struct options *o, FILE *err);

/* --class FILE... without --report: the class view to stdout or --output
 * in --format text|json|csv.  0 when at least two machines were merged
 * (every skipped file named on err); 3 when fewer could be; 4 when the
 * output cannot be written. */
int report_cmd_class(const struct options *o, FILE *err);

/* The document --report or --class reads (--from, a --class file) that
 * path is (the same regular file), or NULL: writing there would replace
 * what the report is made from. */
const char *report_cmd_input_at(const struct options *o, const char *path);

#endif
