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
}
