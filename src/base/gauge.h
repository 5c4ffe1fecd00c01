/* gauge.h - the arithmetic of the lab's meters, apart from any screen.  Pure.
 *
 * The rate gauge is a log axis from GAUGE_LO (1 B/s) to GAUGE_HI (1 TB/s):
 * twelve decades, so a 1-byte O_SYNC write (~10^4 B/s) and a cached 4 KiB
 * read (~10^10 B/s) both fit and their distance is the lecture's point;
 * warm reads of a mapping reach 50-90 GB/s on a small VM, so the scale
 * goes two decades past 10 GB/s.  A rate past the end is *off scale*
 * (gauge_off_scale): the views mark it so, never a silently full bar.
 * Sparklines, the sweep chart's cells and the big digits for projection
 * are computed here; the ui_*.c files only put the results on screen.
 */
#ifndef IOLAB_GAUGE_H
#define IOLAB_GAUGE_H

#include <stddef.h>

#define GAUGE_LO 1.0
#define GAUGE_HI 1e12
#define GAUGE_DECADES 12          /* log10(GAUGE_HI / GAUGE_LO) */

/* The cell 0 .. width-1 of a rate on a gauge `width` cells wide. */
int gauge_cell(double rate, int width);
/* Past the end of the scale (> GAUGE_HI): the bar must say so. */
int gauge_off_scale(double rate);
/* A bar of `width` cells for `rate`: how many cells are filled (0 for no
 * rate), and *off 1 when the rate is off scale (then every cell is
 * filled and the last one is the off-scale mark). */
int gauge_bar_fill(double rate, int width, int *off);
/* The cell of a value on a linear axis lo .. hi of n cells (clamped). */
int gauge_linear_cell(double v, double lo, double hi, int n);

/* The axis under a gauge of `width` cells: decade labels ("1", "10", "100",
 * "1k" ... "10G", "100G", "1T") placed at their cells where they fit
 * without touching: every decade, else every second or third one, evenly;
 * the top always shows.  buf gets exactly `width` ASCII characters (len >
 * width). */
void gauge_axis_labels(int width, char *buf, size_t len);

/* Rates over the last moments of a run, oldest first. */
#define GAUGE_HISTORY 512
struct gauge_history {
	double v[GAUGE_HISTORY];
	size_t n, head;           /* head: where the next value goes */
};
void gauge_history_clear(struct gauge_history *h);
void gauge_history_push(struct gauge_history *h, double v);
/* The i-th oldest value kept (i < h->n). */
double gauge_history_at(const struct gauge_history *h, size_t i);

/* Halve the resolution: each pair of values becomes their geometric mean
 * (rates are compared on a log scale), freeing half the ring, so a long run
 * still fits whole. */
void gauge_history_halve(struct gauge_history *h);

/* The history as a line of `width` cells shows it: every value when they
 * fit, else each cell the mean of an equal share of them, oldest on the
 * left (geometric, as rates are compared on a log scale; plain where a
 * value is not positive), so a long run fills the whole width.  A
 * sparkline of `out` and the range it returns are then of exactly what is
 * drawn. */
void gauge_history_fit(const struct gauge_history *h, int width, struct gauge_history *out);

/* The sparkline glyph for a level 0..1: eight steps, "▁".."█" in UTF-8,
 * " .:-=+*#" in ASCII.  A static string. */
const char *gauge_spark_glyph(double level, int utf8);
/* The last `width` values as a sparkline on a log scale between their own
 * smallest and largest (returned in *lo, *hi; both 0 when there are none).
 * Values <= 0 draw as the lowest step.  out is NUL-terminated. */
void gauge_sparkline(const struct gauge_history *h, int width, int utf8,
                     char *out, size_t len, double *lo, double *hi);

/* Big digits for projection: `text` (digits, '.', ',', '-', ' ') in a
 * three-row font, each row written NUL-terminated to rows[i].  Returns the
 * width in columns, or -1 if a character has no glyph or a row does not
 * fit. */
#define GAUGE_BIG_ROWS 3
int gauge_bignum(const char *text, int utf8, char rows[GAUGE_BIG_ROWS][160]);
/* Columns the big form of `text` takes (-1 if a character has no glyph). */
int gauge_bignum_width(const char *text);

/* Big digits that grow with the terminal, for presentation mode.  Scale 1
 * is the three-row font above; from scale 2 a seven-segment block font
 * ("█" in UTF-8, "#" in ASCII) whose digits are gauge_bigfont_rows(s) rows
 * tall (4s + 1: 9 at scale 2) with strokes that thicken as it grows.  The
 * same characters as gauge_bignum. */
#define GAUGE_BIGFONT_MAX_SCALE 12
#define GAUGE_BIGFONT_MAX_ROWS (4 * GAUGE_BIGFONT_MAX_SCALE + 1)
#define GAUGE_BIGFONT_ROW_BYTES 1024
int gauge_bigfont_rows(int scale);
/* Columns `text` takes at `scale` (-1 if a character has no glyph). */
int gauge_bigfont_width(const char *text, int scale);
/* The rows of `text` at `scale`, NUL-terminated, into rows[0 ..
 * gauge_bigfont_rows(scale) - 1].  Returns the width in columns, or -1 (no
 * glyph, a scale out of 1 .. GAUGE_BIGFONT_MAX_SCALE, or a row longer than
 * GAUGE_BIGFONT_ROW_BYTES). */
int gauge_bigfont(const char *text, int scale, int utf8,
                  char rows[][GAUGE_BIGFONT_ROW_BYTES]);
/* The largest scale at which `text` fits in cols x rows, or 0 when not
 * even scale 1 does. */
int gauge_bigfont_fit(const char *text, int cols, int rows);

#endif
