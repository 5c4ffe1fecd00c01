/* chart.h - the report's charts as standalone SVG: bars on one log axis,
 * a strip of dots per lesson (a class's machines) and a block-size sweep.
 *
 * Rates are in B/s on a logarithmic axis whose ends are the decades that
 * hold every value drawn, labelled in the lecture's decimal units (1 kB/s,
 * 10 MB/s).  Every chart is one <svg> element with its own width, height
 * and viewBox, well-formed XML that a browser shows inline in the HTML
 * report or alone (`--format svg`).  Each mark carries a <title> with its
 * exact figure, so nothing is read off the axis by eye alone.
 */
#ifndef IOLAB_CHART_H
#define IOLAB_CHART_H

#include <stddef.h>
#include <stdio.h>

/* A reference mark on a bar's row: where another machine was. */
struct chart_mark {
	const char *label;        /* "2011 iMac": its legend entry */
	double rate;              /* B/s; not positive: no mark */
};

struct chart_bar {
	const char *label;        /* the lesson id */
	double rate;              /* this machine's rate, B/s; not positive: "not run" */
	const struct chart_mark *marks;
	size_t nmarks;
};

/* Bars on one log axis, one row each, reference marks as ticks in a colour
 * and shape per source label (the legend names them).  0, or -1 when out
 * writes fail. */
int chart_bars_svg(FILE *out, const char *title, const struct chart_bar *bars, size_t n);

/* One lesson of a class: a dot per machine, the quartiles as a box, the
 * median as a line, and the references as on a bar chart. */
struct chart_strip {
	const char *label;
	const double *rates;      /* one per machine, B/s */
	size_t n;
	double q1, median, q3;
	const struct chart_mark *marks;
	size_t nmarks;
};
int chart_strips_svg(FILE *out, const char *title, const struct chart_strip *s, size_t n);

/* A sweep: rate against block size, one line per series (warm, cold). */
struct chart_point {
	double block;             /* bytes, positive */
	double rate;              /* B/s; not positive: the point failed */
};
struct chart_series {
	const char *label;        /* "warm", "cold" */
	const struct chart_point *points;
	size_t n;
};
int chart_sweep_svg(FILE *out, const char *title, const struct chart_series *series, size_t n);

/* The label of the decade value d (a power of ten, 1 B/s .. 1 PB/s) in the
 * lecture's units: "1 B/s", "100 kB/s", "10 GB/s". */
void chart_decade_label(double d, char *buf, size_t len);

/* Where the log axis of a chart with these values starts and ends (the
 * decades holding them) and where v falls on a len-long axis: exposed so
 * tests hold the drawn positions exactly. */
double chart_axis_pos(double v, double lo, double hi, double len);

#endif
