/* ui_compare.c - the comparison screen: lessons as bars on one log axis
 * (the gauge's, 1 B/s to 1 TB/s), each bar this machine's latest rate as
 * the lesson says, the reference machines' rates marked on it by their
 * letters (I the iMac, T the ThinkPad, L TLPI ...), and above each bar the
 * lesson's id with every figure in words.  What is shown, in which order,
 * and how many fit are lab_compare.c's; this draws, never cutting a figure:
 * lessons that do not fit are scrolled to, the figures wrap. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "gauge.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

#define BAR_MAX_W 200

/* One bar: filled to rate (0: none), the references' letters at their
 * cells, over the bar or on the empty part. */
static void draw_bar(int y, int x, int w, double rate, const struct compare_row *row)
{
	int off = 0;
	int fill = rate > 0 ? gauge_bar_fill(rate, w, &off) : 0;
	char axis[BAR_MAX_W + 1];
	gauge_axis_labels(w, axis, sizeof axis);
	for (int c = 0; c < w; c++) {
		int full = c < fill;
		const char *g = full ? ui_crt_glyph(GLYPH_BAR_FULL)
		              : axis[c] != ' ' && (c == 0 || axis[c - 1] == ' ') ? (ui_crt.utf8 ? "\u2506" : "|")
		              : ui_crt_glyph(GLYPH_BAR_EMPTY);
		ui_crt_put(y, x + c, 1, ui_crt_attr(full ? CRT_GAUGE_FILL : CRT_GAUGE_EMPTY), g);
	}
	if (off)
		ui_crt_put(y, x + w - 1, 1, ui_crt_attr(CRT_VALUE) | A_REVERSE, ui_crt_glyph(GLYPH_RUNNING));
	char used[BAR_MAX_W] = {0};
	for (size_t i = 0; row && i < row->nrefs; i++) {
		int c = gauge_cell(row->refs[i].rate, w);
		while (c < w - 1 && used[c])
			c++;
		while (c > 0 && used[c])
			c--;
		used[c] = 1;
		char key[2] = {row->refs[i].key, 0};
		ui_crt_put(y, x + c, 1, ui_crt_attr(CRT_REF) | A_BOLD | A_REVERSE, key);
	}
}

/* "w01-syncbyte  this machine 5.44 kB/s  I 2.6 kB/s  T 27 B/s", each
 * figure whole, wrapped onto max_rows rows; rows used. */
static int draw_figures(int y, int x, int w, int max_rows, const struct compare_row *row)
{
	char mine[48], refs[COMPARE_REFS][48];
	struct fit_part parts[1 + 1 + COMPARE_REFS];
	size_t n = 0;
	parts[n++] = (struct fit_part){row->id, NULL, 0, 0};
	if (isnan(row->mine)) {
		snprintf(mine, sizeof mine, "this machine: not run yet");
	} else {
		char r[32];
		units_format_rate(row->mine, r, sizeof r);
		snprintf(mine, sizeof mine, "this machine %s", r);
	}
	parts[n++] = (struct fit_part){mine, NULL, 0, 0};
	for (size_t i = 0; i < row->nrefs; i++) {
		char r[32];
		units_format_rate(row->refs[i].rate, r, sizeof r);
		snprintf(refs[i], sizeof refs[i], "%c %s", row->refs[i].key, r);
		parts[n++] = (struct fit_part){refs[i], NULL, 0, 0};
	}
	return ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_VALUE), parts, n);
}

/* "I 2011 iMac  T 2007 ThinkPad  L TLPI": every letter the lessons shown
 * use, once; rows used (at most max_rows, whole names only). */
static int draw_legend(int y, int x, int w, int max_rows, const struct lab *lab)
{
	const struct compare *c = &lab->compare;
	char seen[COMPARE_REFS * COMPARE_MAX] = {0};
	char text[COMPARE_REFS * 4 + 1][64];
	struct fit_part parts[COMPARE_REFS * 4 + 1];
	size_t n = 0, nseen = 0;
	snprintf(text[n], sizeof text[n], "%s this machine", ui_crt_glyph(GLYPH_BAR_FULL));
	parts[n] = (struct fit_part){text[n], NULL, 0, 0};
	n++;
	for (size_t k = 0; k < c->n; k++) {
		struct compare_row row;
		lab_compare_row_of(lab, c->lessons[k], &row);
		for (size_t i = 0; i < row.nrefs && n < COUNT(parts); i++) {
			if (memchr(seen, row.refs[i].key, nseen))
				continue;
			seen[nseen++] = row.refs[i].key;
			snprintf(text[n], sizeof text[n], "%c %s", row.refs[i].key, row.refs[i].label);
			parts[n] = (struct fit_part){text[n], NULL, 0, 0};
			n++;
		}
	}
	return ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_LABEL), parts, n);
}

void ui_compare_draw(struct lab *lab, int lines, int cols, unsigned context)
{
	struct compare *c = &lab->compare;
	struct lab_compare_layout cl;
	lab_compare_layout(&cl, lines, cols, lab->present);
	if (cl.too_small) {
		ui_frame_draw_too_small(lines, cols, context);
		return;
	}
	ui_frame_draw_header(lab, (struct rect){0, 0, 1, cols});
	int x = 1, w = cols - 2 - UI_EDGE;
	if (w > BAR_MAX_W)
		w = BAR_MAX_W;
	c->page = cl.page;
	lab_compare_scroll(lab, 0);               /* the page may have grown */
	char buf[256];
	snprintf(buf, sizeof buf, "Compare: %s (%zu lesson%s%s)", c->title, c->n, c->n == 1 ? "" : "s",
	         c->n > (size_t)cl.page ? ", scroll for more" : "");
	ui_crt_put_cut(1, x, w, ui_crt_attr(CRT_TITLE), buf);
	char axis[BAR_MAX_W + 1];
	gauge_axis_labels(w, axis, sizeof axis);
	ui_crt_put(2, x, w, ui_crt_attr(CRT_DIM), axis);
	draw_legend(3, x, w, 2, lab);
	int y = cl.list_y, bottom = cl.list_y + cl.list_h;
	for (size_t k = c->top; k < c->n && y + cl.lesson_rows - 1 <= bottom; k++) {
		struct compare_row row;
		lab_compare_row_of(lab, c->lessons[k], &row);
		int used = draw_figures(y, x, w, cl.figure_rows, &row);
		y += cl.figure_rows > used ? cl.figure_rows : used;
		for (int b = 0; b < cl.bar_rows; b++)
			draw_bar(y++, x, w, isnan(row.mine) ? 0 : row.mine, &row);
		y++;
	}
	/* what is above and below, where there is any */
	if (c->top > 0)
		ui_crt_put(cl.list_y, cols - 1 - UI_EDGE, 1, ui_crt_attr(CRT_LABEL), ui_crt_glyph(GLYPH_UP));
	if (c->top + (size_t)cl.page < c->n)
		ui_crt_put(bottom - 1, cols - 1 - UI_EDGE, 1, ui_crt_attr(CRT_LABEL), ui_crt_glyph(GLYPH_DOWN));
	ui_frame_draw_footer((struct rect){lines - 1, 0, 1, cols}, context);
}
