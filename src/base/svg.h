/* svg.h - SVG and HTML text written by hand, always well-formed.
 *
 * Pure helpers for the report and the charts (results/chart.c): text
 * escaped for XML, and where a value sits on a logarithmic axis.  Nothing
 * here knows what is drawn.
 */
#ifndef IOLAB_SVG_H
#define IOLAB_SVG_H

#include <stddef.h>
#include <stdio.h>

/* s as XML character data or an attribute value: & < > " ' escaped;
 * control characters other than tab and newline, and bytes that are not
 * UTF-8, become U+FFFD (XML 1.0 cannot carry them at all).  NULL writes
 * nothing. */
void svg_escape(FILE *out, const char *s);

/* Where v sits on a log axis from lo to hi that is len long: 0 at lo, len
 * at hi, proportional to log(v) between.  v at or below lo (or not a
 * positive number) is 0; at or above hi, len.  lo and hi positive, lo <
 * hi. */
double svg_log_pos(double v, double lo, double hi, double len);

/* The decades [*lo, *hi] (powers of ten) that hold every positive value
 * of v[0..n-1], at least one decade wide; 1 and 10 when none is
 * positive. */
void svg_decades(const double *v, size_t n, double *lo, double *hi);

#endif
