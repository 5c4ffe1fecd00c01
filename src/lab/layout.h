/* layout.h - where each panel goes for a terminal size.  Pure
 * arithmetic, recomputed on every draw, so KEY_RESIZE needs no more.
 * In libiolab.a (not a ui_ file) because it draws nothing: the rectangles
 * are checked exactly by tests/check_layout.c, and the key handler asks it
 * which screen is up. */
#ifndef IOLAB_LAYOUT_H
#define IOLAB_LAYOUT_H

#include <stdio.h>

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
	struct rect instead;      /* the text's and panel's place with the rule
	                             between: where the guess prompt, the form,
	                             the notebook and the race chooser draw
	                             instead of them (w == 0 when not shown) */
};

void layout_compute(struct layout *l, int lines, int cols, int course_screen);

/* A race: the two runs' panels side by side from this width, else one
 * above the other; above them, across the width, what they share (the
 * sentence about the machine, one gauge with both bars, the gap). */
#define LAYOUT_RACE_SIDE_COLS 160
#define LAYOUT_RACE_TOP_ROWS 7

struct race_layout {
	int too_small;
	int side_by_side;
	struct rect header, footer;
	struct rect top;          /* the shared part */
	struct rect a, b;         /* the lesson's panel and its rival's */
	struct rect rule;         /* between them: a vertical rule (side by side)
	                             or a horizontal one (stacked), w or h 1 */
};
void layout_race(struct race_layout *l, int lines, int cols);

/* Presentation mode: nothing but what the back row reads, the figures as
 * large as the terminal allows.  Alone: the title, the state, the rate in
 * big digits (two thirds of the rows left) and the log rate under it (the
 * rest), then syscalls against calls, and the gauge across the width.  A
 * race: the two runs' figures side by side from LAYOUT_RACE_SIDE_COLS
 * (else one above the other), each with its log rate and counts in text,
 * and the shared gauge. */
#define LAYOUT_PRESENT_GAUGE_ROWS 6
#define LAYOUT_PRESENT_TEXT_ROWS 2
/* presentation mode's text rows where the rows between the header and the
 * gauge (per run of a race) are at least LAYOUT_PRESENT_ROOMY_ROWS */
#define LAYOUT_PRESENT_TEXT_ROWS_ROOMY 7
#define LAYOUT_PRESENT_ROOMY_ROWS 24

struct present_layout {
	int too_small;
	int side_by_side;         /* a race's figures */
	struct rect header, footer;
	struct rect body;         /* inside the margins, between header and
	                             footer: nothing is drawn outside it */
	struct rect title, state;
	struct rect figure[2];    /* the rate's big digits; [1] only in a race */
	struct rect logfig;       /* alone: the log rate's big digits */
	struct rect text[2];      /* under each figure: the counts */
	struct rect gauge;
	struct rect sweep;        /* alone, a sweep lesson: its chart, from the
	                             state row to the footer, instead of the
	                             figures and the gauge */
	struct rect ratio;        /* a race: the gap in words on its first row,
	                             then the ratio in digits as tall as the
	                             rates' (the figures' rows less their two
	                             rows of title and state) */
};
void layout_present(struct present_layout *l, int lines, int cols, int race);

/* --dump-layout COLSxROWS: every rectangle of every screen at that size,
 * one a line, "SCREEN PANEL Y X H W" (screens: lesson, course, race,
 * present, present-race; a panel not shown is left out), so that a test
 * of the drawn screen reads where the panels are from this file instead
 * of computing it again.  Returns 0, or -1 (nothing printed) below the
 * minimum size. */
int layout_dump(FILE *f, int lines, int cols);

#endif
