/* report_html.h - the lab report: one self-contained HTML file.
 *
 * `iolab --report FILE.html` writes it from the notebook or from a batch
 * document (`--from`): the machine, the lecture's table with this
 * machine's column beside the references, the lecture's grouped
 * comparisons and every sweep as charts, and each lesson's claims with
 * their verdicts, with where the time went and the cost model's
 * prediction when the run has them; with `--class`, a class's machines as
 * a strip of dots per lesson.  Inline CSS and SVG only: no script, no
 * font, nothing fetched, so it opens the same offline, in a mail, or
 * handed in.
 */
#ifndef IOLAB_REPORT_HTML_H
#define IOLAB_REPORT_HTML_H

#include <stdio.h>

#include "class_view.h"
#include "doc.h"

struct report_html {
	const struct doc *doc;    /* this machine; NULL: a class view alone */
	const char *source;       /* where doc came from, in words */
	const struct class_view *cls;   /* NULL: no class section */
	const char *generated;    /* UTC, ISO 8601 */
};

/* 0, or -1 when out cannot be written. */
int report_html_write(FILE *out, const struct report_html *r);

/* One chart alone (`--format svg`): the sweep of lesson ids[0] when it is
 * a sweep, else the lessons ids as bars with their references.  0; 1 when
 * no lesson of ids is in d (nothing written); -1 when out fails. */
int report_svg_write(FILE *out, const struct doc *d, const char *const *ids, size_t nids);

#endif
