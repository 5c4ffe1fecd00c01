/* fitline.h - a line of figures fitted into a width without cutting one.
 *
 * The live panel, the sweep chart and the header show lines of parts such
 * as "read 1,180,619", "write 0", "(ln of 873,715 B/s)".  A terminal cell
 * cut through such a line can turn "16.66" into "16" or "1,728,512" into
 * "1,728," - a wrong figure that looks right.  So no view cuts one: it
 * hands the parts here and draws the rows that come back.  Parts are
 * atoms: each is shown whole or not at all.
 *
 * To make a line fit, fitline_fit() tries these, in this order, and stops
 * at the first that fits:
 *   1. every part in its full form, on one row;
 *   2. the short forms (`brief`: a shorter label or unit) of every part
 *      that has one;
 *   3. leaving out the optional parts, the highest `drop` first, one at
 *      a time (a part with drop 0 is never left out);
 *   4. wrapping: whole parts onto up to max_rows rows (a tight part may
 *      start a row too: tightness is only the space before it).
 * What still does not fit is left off whole (complete = 0), never cut: a
 * part wider than the width even in its short form is one of those.
 *
 * Pure and in libiolab.a: tests/check_fitline.c checks every step with
 * exact strings.
 */
#ifndef IOLAB_FITLINE_H
#define IOLAB_FITLINE_H

#include <stddef.h>

struct fit_part {
	const char *text;         /* the full form; NULL or "" ends nothing, is skipped */
	const char *brief;        /* a shorter form of the same, or NULL */
	int drop;                 /* 0: needed; n > 0: may be left out, highest first */
	int tight;                /* one space, not FIT_GAP, from the part before on
	                             its row ("2.12 MiB" "in 2.00 s" read as a phrase) */
};

#define FIT_ROWS_MAX 4
#define FIT_ROW_LEN 256
#define FIT_GAP 2                 /* spaces between parts */

struct fit_rows {
	size_t n;                 /* rows used (0 when nothing fits) */
	char row[FIT_ROWS_MAX][FIT_ROW_LEN];
	int width[FIT_ROWS_MAX];  /* display columns of each row */
	int complete;             /* every needed part is on a row */
	int briefed;              /* the short forms were used */
	int dropped;              /* optional parts left out */
};

/* Fit parts[0..n-1] into rows of at most `width` display columns (UTF-8
 * measured as textwrap does), parts separated by FIT_GAP spaces, in at
 * most max_rows rows (1 .. FIT_ROWS_MAX).  A row never starts with a gap. */
void fitline_fit(const struct fit_part *parts, size_t n, int width, int max_rows,
                 struct fit_rows *out);

#endif
