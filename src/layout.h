/* layout.h - where each panel goes for a terminal size.  Pure
 * arithmetic, recomputed on every draw, so KEY_RESIZE needs no more.
 * In libiolab.a (not a ui_ file) because it draws nothing: the rectangles
 * are checked exactly by tests/check_layout.c, and the key handler asks it
 * which screen is up. */
#ifndef IOLAB_LAYOUT_H
#define IOLAB_LAYOUT_H

#define LAYOUT_MIN_COLS 80
#define LAYOUT_MIN_LINES 24
/* From this width the course list stays beside the lesson. */
#define LAYOUT_SIDE_LIST_COLS 120

struct rect {
	int y, x, h, w;
};

struct layout {
	int too_small;            /* below 80x24: only a message */
	int side_list;            /* the course list is beside the lesson */
	int course_only;          /* the course screen is up (any width) */
	struct rect header, footer;
	struct rect course;       /* w == 0 when not shown */
	struct rect text, panel;  /* w == 0 when not shown */
};

void layout_compute(struct layout *l, int lines, int cols, int course_screen);

#endif
