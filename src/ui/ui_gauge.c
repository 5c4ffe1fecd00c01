/* ui_gauge.c - draws the meters whose arithmetic is in gauge.c: the
 * log-scale rate gauge with its reference marks, the sparkline, and the
 * big digits that a lecture hall reads from the back. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gauge.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

#define GAUGE_MAX_W 200

/* Past the end of the scale the last cell is the off-scale mark and,
 * where `say` is set and there is room, the words say so. */
static void draw_off_scale(int y, int x, int w, int say)
{
	static const char words[] = " off scale ";
	int ww = (int)sizeof words - 1;
	ui_crt_put(y, x + w - 1, 1, ui_crt_attr(CRT_VALUE) | A_REVERSE, ui_crt_glyph(GLYPH_RUNNING));
	if (say && w >= ww + 12)
		ui_crt_put(y, x + w - 1 - ww, ww, ui_crt_attr(CRT_VALUE) | A_REVERSE, words);
}

static void draw_bar(int y, int x, int w, double now, double avg, int say)
{
	int off;
	int fill = gauge_bar_fill(now, w, &off);
	int avg_cell = avg > GAUGE_LO && !gauge_off_scale(avg) ? gauge_cell(avg, w) : -1;
	int full = ui_crt_attr(CRT_GAUGE_FILL), empty = ui_crt_attr(CRT_GAUGE_EMPTY);
	char axis[GAUGE_MAX_W + 1];
	gauge_axis_labels(w, axis, sizeof axis);
	for (int c = 0; c < w; c++) {
		if (c == avg_cell && avg_cell != fill - 1) {
			ui_crt_put(y, x + c, 1, ui_crt_attr(CRT_VALUE), ui_crt_glyph(GLYPH_NOW));
			continue;
		}
		if (c < fill) {
			ui_crt_put(y, x + c, 1, full, ui_crt_glyph(GLYPH_BAR_FULL));
			continue;
		}
		/* the empty part shows where each labelled decade starts */
		ui_crt_put(y, x + c, 1, empty, axis[c] != ' ' && (c == 0 || axis[c - 1] == ' ')
		                            ? (ui_crt.utf8 ? "\u2506" : "|") : ui_crt_glyph(GLYPH_BAR_EMPTY));
	}
	if (off)
		draw_off_scale(y, x, w, say);
}

/* Marks under the bar: each key letter at its rate's cell (moved right
 * when two would share a cell), then a legend naming each letter. */
static int draw_marks(int y, int x, int w, const struct ui_gauge_mark *m, size_t n)
{
	if (n == 0)
		return 0;
	char used[GAUGE_MAX_W] = {0};
	for (size_t i = 0; i < n; i++) {
		int c = gauge_cell(m[i].rate, w);
		while (c < w - 1 && used[c])
			c++;
		while (c > 0 && used[c])
			c--;
		used[c] = 1;
		char key[2] = {m[i].key, 0};
		ui_crt_put(y, x + c, 1, ui_crt_attr((enum crt_role)m[i].role) | A_BOLD, key);
	}
	int rows = 1, cx = x;
	for (size_t i = 0; i < n; i++) {
		char rate[32], item[160];
		if (m[i].shown)
			snprintf(rate, sizeof rate, "%s", m[i].shown);
		else
			units_format_rate(m[i].rate, rate, sizeof rate);
		snprintf(item, sizeof item, "%c %s %s", m[i].key, m[i].label, rate);
		int iw = textwrap_width(item);
		if (cx > x && cx + iw > x + w) {
			rows++;
			cx = x;
		}
		char key[2] = {m[i].key, 0};
		ui_crt_put(y + rows, cx, 1, ui_crt_attr((enum crt_role)m[i].role) | A_BOLD, key);
		ui_crt_putf(y + rows, cx + 2, x + w - cx - 2, ui_crt_attr(CRT_LABEL), "%s %s", m[i].label, rate);
		cx += iw + 3;
	}
	return rows + 1;
}

int ui_gauge_draw(int y, int x, int w, int bar_rows, double now, double avg,
                  const struct ui_gauge_mark *marks, size_t nmarks)
{
	if (w > GAUGE_MAX_W)
		w = GAUGE_MAX_W;
	if (w < 12)
		return 0;
	char axis[GAUGE_MAX_W + 1];
	gauge_axis_labels(w, axis, sizeof axis);
	ui_crt_put(y, x, w, ui_crt_attr(CRT_DIM), axis);
	if (bar_rows < 1)
		bar_rows = 1;
	for (int i = 0; i < bar_rows; i++)
		draw_bar(y + 1 + i, x, w, now, avg, i == 0);
	return 1 + bar_rows + draw_marks(y + 1 + bar_rows, x, w, marks, nmarks);
}

int ui_gauge_draw_pair(int y, int x, int w, double a, double b)
{
	const int lw = 2;                       /* "A " before each bar */
	int bw = w - lw;
	if (bw > GAUGE_MAX_W)
		bw = GAUGE_MAX_W;
	if (bw < 12)
		return 0;
	char axis[GAUGE_MAX_W + 1];
	gauge_axis_labels(bw, axis, sizeof axis);
	ui_crt_put(y, x + lw, bw, ui_crt_attr(CRT_DIM), axis);
	const double rate[2] = {a, b};
	for (int i = 0; i < 2; i++) {
		char letter[2] = {lab_race_letter(i), 0};
		ui_crt_put(y + 1 + i, x, 1, ui_crt_attr(CRT_TITLE), letter);
		draw_bar(y + 1 + i, x + lw, bw, rate[i], 0, 1);
	}
	return 3;
}

/* The range label for lo .. hi: with what the values are over where
 * there is room to say it (a line of at least 12 cells left beside it). */
static void sparkline_label(double lo, double hi, int w, char *buf, size_t len)
{
	char range[80];
	units_format_rate_range(lo, hi, !ui_crt.utf8, range, sizeof range);
	snprintf(buf, len, "%s (%g s windows)", range, RATE_WINDOW);
	if (w - 1 - textwrap_width(buf) < 12)
		snprintf(buf, len, "%s", range);
}

int ui_gauge_draw_sparkline(int y, int x, int w, const struct gauge_history *h)
{
	if (!h || h->n < 2 || w < 18)
		return 0;
	static struct gauge_history fitted;
	char label[96], spark[GAUGE_MAX_W * 4];
	double lo, hi;
	/* The line takes what the label leaves; the label is the range of the
	 * cells drawn, which depends on how many there are: size the line by
	 * the raw values' range, then settle (a label changes by a column or
	 * two at most, so this ends at once). */
	gauge_sparkline(h, GAUGE_HISTORY, ui_crt.utf8, spark, sizeof spark, &lo, &hi);
	sparkline_label(lo, hi, w, label, sizeof label);
	int sw = w - 1 - textwrap_width(label);
	for (int tries = 0; tries < 4 && sw >= 5; tries++) {
		gauge_history_fit(h, sw > GAUGE_MAX_W ? GAUGE_MAX_W : sw, &fitted);
		gauge_sparkline(&fitted, sw, ui_crt.utf8, spark, sizeof spark, &lo, &hi);
		sparkline_label(lo, hi, w, label, sizeof label);
		int room = w - 1 - textwrap_width(label);
		if (room == sw || (room > sw && (size_t)sw >= h->n))
			break;
		sw = room;
	}
	if (sw < 5 || w - 1 - textwrap_width(label) < textwrap_width(spark))
		return 0;
	int spw = ui_crt_put(y, x, sw, ui_crt_attr(CRT_GAUGE_FILL), spark);
	ui_crt_put(y, x + spw + 1, w - spw - 1, ui_crt_attr(CRT_DIM), label);
	return 1;
}

int ui_gauge_draw_big(int y, int x, int w, const char *number, const char *unit, int role)
{
	char rows[GAUGE_BIG_ROWS][160];
	int bw = gauge_bignum(number, ui_crt.utf8, rows);
	int uw = textwrap_width(unit);
	if (bw < 0 || bw + 1 + uw > w)
		return 0;
	for (int r = 0; r < GAUGE_BIG_ROWS; r++)
		ui_crt_put(y + r, x, bw, ui_crt_attr((enum crt_role)role), rows[r]);
	ui_crt_put(y + GAUGE_BIG_ROWS - 1, x + bw + 1, uw, ui_crt_attr(CRT_VALUE), unit);
	return GAUGE_BIG_ROWS;
}

int ui_gauge_draw_bigfont(int y, int x, int w, int h, const char *number, const char *unit,
                          int role)
{
	static char rows[GAUGE_BIGFONT_MAX_ROWS][GAUGE_BIGFONT_ROW_BYTES];
	int uw = textwrap_width(unit);
	int scale = gauge_bigfont_fit(number, w - uw - 1, h);
	if (scale == 0)
		return 0;
	int bw = gauge_bigfont(number, scale, ui_crt.utf8, rows);
	int n = gauge_bigfont_rows(scale);
	if (bw < 0)
		return 0;
	for (int r = 0; r < n; r++)
		ui_crt_put(y + r, x, bw, ui_crt_attr((enum crt_role)role), rows[r]);
	ui_crt_put(y + n - 1, x + bw + 1, uw, ui_crt_attr(CRT_VALUE), unit);
	return n;
}
