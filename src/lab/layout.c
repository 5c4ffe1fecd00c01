/* layout.c - header, course list, lesson text, live panel, footer.
 *
 *   wide (>= 120 columns)           narrow (80 .. 119)
 *   +-------------------------+     +--------------------+
 *   | header                  |     | header             |
 *   | course | text | panel   |     | text | panel       |
 *   | footer                  |     | footer             |
 *   +-------------------------+     +--------------------+
 *
 * Tab (the course screen) gives the course the whole width at either size.
 *
 * The text column is kept near a comfortable reading width; every column
 * left over goes to the live panel, whose numbers are what the back row
 * has to read.
 *
 * Curses-free and in libiolab.a, so tests/check_layout.c checks every
 * rectangle at 80x24, 120x40 and 200x60 without a terminal.
 */
#include "config.h"

#include <string.h>

#include "layout.h"

#define TEXT_MAX 84

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void layout_compute(struct layout *l, int lines, int cols, int course_screen)
{
	memset(l, 0, sizeof *l);
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		l->too_small = 1;
		return;
	}
	l->header = (struct rect){0, 0, 1, cols};
	l->footer = (struct rect){lines - 1, 0, 1, cols};
	int top = 1, h = lines - 2, x = 0, w = cols;
	l->side_list = cols >= LAYOUT_SIDE_LIST_COLS;
	/* the course screen fills the width even where the list is beside the
	 * lesson: there it has room for every id and whole title */
	if (course_screen) {
		l->course_only = 1;
		l->course = (struct rect){top, 0, h, cols};
		return;
	}
	if (l->side_list) {
		int cw = clamp(cols / 5, 26, 44);
		l->course = (struct rect){top, 0, h, cw};
		x = cw + 1;               /* a rule between the columns */
		w = cols - x;
	}
	/* text and panel share what is left, with a rule between */
	int panel = clamp(w * 45 / 100, 40, w);
	int text = w - panel - 1;
	if (text > TEXT_MAX) {
		text = TEXT_MAX;
		panel = w - text - 1;
	}
	l->text = (struct rect){top, x, h, text};
	l->panel = (struct rect){top, x + text + 1, h, panel};
	l->instead = (struct rect){top, x, h, text + 1 + panel};
}

/* --- a race ------------------------------------------------------------------ */

void layout_race(struct race_layout *l, int lines, int cols)
{
	memset(l, 0, sizeof *l);
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		l->too_small = 1;
		return;
	}
	l->header = (struct rect){0, 0, 1, cols};
	l->footer = (struct rect){lines - 1, 0, 1, cols};
	l->top = (struct rect){1, 1, LAYOUT_RACE_TOP_ROWS, cols - 2};
	int y = 1 + LAYOUT_RACE_TOP_ROWS, h = lines - 1 - y;
	l->side_by_side = cols >= LAYOUT_RACE_SIDE_COLS;
	if (l->side_by_side) {
		int w = (cols - 1) / 2;
		l->a = (struct rect){y, 0, h, w};
		l->rule = (struct rect){y, w, h, 1};
		l->b = (struct rect){y, w + 1, h, cols - w - 1};
		return;
	}
	int ha = (h - 1) / 2;
	l->a = (struct rect){y, 0, ha, cols};
	l->rule = (struct rect){y + ha, 0, 1, cols};
	l->b = (struct rect){y + ha + 1, 0, h - ha - 1, cols};
}

/* --- presentation mode --------------------------------------------------------- */

void layout_present(struct present_layout *l, int lines, int cols, int race)
{
	memset(l, 0, sizeof *l);
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		l->too_small = 1;
		return;
	}
	const int margin = 2, w = cols - 2 * margin;
	l->header = (struct rect){0, 0, 1, cols};
	l->footer = (struct rect){lines - 1, 0, 1, cols};
	l->body = (struct rect){1, margin, lines - 2, w};
	/* a blank row under the header, the title, the state, a blank row */
	l->title = (struct rect){2, margin, 1, w};
	l->state = (struct rect){3, margin, 1, w};
	l->gauge = (struct rect){lines - 1 - LAYOUT_PRESENT_GAUGE_ROWS, margin,
	                         LAYOUT_PRESENT_GAUGE_ROWS, w};
	int y = 5;
	/* what is left above the gauge and a blank row over it */
	int h = l->gauge.y - 1 - y;
	/* the counts under the figures; with rows to spare, where the time
	 * went and the layers too (ui_present.c) */
	l->side_by_side = race && cols >= LAYOUT_RACE_SIDE_COLS;
	int stacked = race && !l->side_by_side;
	const int t = h >= LAYOUT_PRESENT_ROOMY_ROWS * (stacked ? 2 : 1) ? LAYOUT_PRESENT_TEXT_ROWS_ROOMY
	                                                                 : LAYOUT_PRESENT_TEXT_ROWS;
	if (!race) {
		int figs = h - t - 1;             /* a blank row between the figures */
		int rate = figs * 2 / 3;
		l->figure[0] = (struct rect){y, margin, rate, w};
		l->logfig = (struct rect){y + rate + 1, margin, figs - rate, w};
		l->text[0] = (struct rect){y + figs + 1, margin, t, w};
		/* the sweep's own view draws from x + 1 over w - 2 columns */
		l->sweep = (struct rect){l->state.y, margin - 1, l->footer.y - l->state.y, w + 2};
		return;
	}
	/* the ratio is as tall as a rate: a figure of fh rows draws its digits
	 * in fh - 2, and the ratio takes fh - 1 (its words, then digits) */
	if (l->side_by_side) {
		int half = (w - 2) / 2;
		int fh = (h - t) / 2;             /* fh + t, a blank row, fh - 1 */
		for (int i = 0; i < 2; i++) {
			int x = margin + i * (half + 2);
			l->figure[i] = (struct rect){y, x, fh, half};
			l->text[i] = (struct rect){y + fh, x, t, half};
		}
		l->ratio = (struct rect){y + fh + t + 1, margin, fh - 1, w};
		return;
	}
	/* stacked: A, B and the ratio, a blank row between each */
	int fh = (h - 2 * t - 1) / 3;         /* 2 (fh + t) + (fh - 1) + 2 blank rows */
	for (int i = 0; i < 2; i++) {
		int top = y + i * (fh + t + 1);
		l->figure[i] = (struct rect){top, margin, fh, w};
		l->text[i] = (struct rect){top + fh, margin, t, w};
	}
	l->ratio = (struct rect){y + 2 * (fh + t + 1), margin, fh - 1 > 1 ? fh - 1 : 1, w};
}
