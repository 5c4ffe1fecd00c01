/* ui_views.h - the views of the lab, one file each; they read struct lab
 * and draw into their rectangle, nothing else. */
#ifndef IOLAB_UI_VIEWS_H
#define IOLAB_UI_VIEWS_H

#include "lab.h"
#include "layout.h"

/* ui_frame.c: header, footer, the separators, the too-small notice */
void ui_frame_draw_header(const struct lab *lab, struct rect r);
/* The key bar: the keys of the table that work in `context` (keys.h). */
void ui_frame_draw_footer(struct rect r, unsigned context);
/* A key bar in the w columns from (y, x), after a one-column margin;
 * returns the columns used. */
int ui_frame_draw_keys(int y, int x, int w, unsigned context);
void ui_frame_draw_rule(struct rect r);       /* a vertical rule at r.x */
void ui_frame_draw_too_small(int lines, int cols, unsigned context);

/* ui_course.c: sections and lessons in course order */
void ui_course_draw(const struct lab *lab, struct rect r);

/* ui_lesson.c: title, workload, explanation and code (scrollable) */
void ui_lesson_draw(struct lab *lab, struct rect r);
/* Lines of the lesson text as laid out last (for PgUp/PgDn). */
void ui_lesson_scroll(struct lab *lab, int pages);
void ui_lesson_forget_layout(void);

/* ui_panel_live.c: the live panel; ui_sweep.c for sweep lessons */
void ui_panel_draw(const struct lab *lab, struct rect r);
int ui_sweep_draw(const struct lab *lab, const struct run_view *v, struct rect r);

/* ui_gauge.c: the log-scale rate gauge with reference marks; rows used */
struct ui_gauge_mark {
	double rate;
	char key;                 /* the letter under the axis: A, B, 1, 2 ... */
	int role;                 /* enum crt_role */
	const char *label;        /* "2011 iMac", a lesson id */
};
int ui_gauge_draw(int y, int x, int w, int bar_rows, double now, double avg,
                  const struct ui_gauge_mark *marks, size_t nmarks);
/* A sparkline of the rate history with its range; rows used (0 or 1). */
int ui_gauge_draw_sparkline(int y, int x, int w, const struct gauge_history *h);
/* The big digits of a number with its unit on the middle row; rows used
 * (0 when it does not fit in w). */
int ui_gauge_draw_big(int y, int x, int w, const char *number, const char *unit, int role);

/* ui_confirm.c: the question before a lesson pack's program runs, over
 * the screen while lab->asking */
void ui_confirm_draw(const struct lab *lab, int lines, int cols);

/* ui_help.c: every key of the table and what the numbers mean */
void ui_help_draw(struct lab *lab, int lines, int cols, unsigned context);
void ui_help_scroll(struct lab *lab, int delta);

#endif
