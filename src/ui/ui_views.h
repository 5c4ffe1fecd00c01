/* ui_views.h - the views of the lab, one file each; they read struct lab
 * and draw into their rectangle, nothing else. */
#ifndef IOLAB_UI_VIEWS_H
#define IOLAB_UI_VIEWS_H

#include "fitline.h"
#include "lab.h"
#include "layout.h"

/* The edge column: every view fits and wraps its figures and words into
 * its area less UI_EDGE columns and clips what it draws to the whole area,
 * so the last column of an area stays blank unless something had to be
 * cut there.  Nothing should be; tests/walk.sh fails on anything but a
 * blank in that column. */
#define UI_EDGE 1

/* ui_run.c: a run in words (run_words.h), fitted and drawn the same in
 * every view that shows one. */
struct ui_parts {                 /* parts as the terminal shows them */
	struct fit_part v[16];
	char text[16][160], brief[16][160];
	size_t n;
};
/* in[] with its text made the terminal's (ASCII where it cannot show
 * UTF-8), so that it is measured as drawn. */
void ui_screen_parts(const struct fit_part *in, size_t n, struct ui_parts *out);
/* parts fitted into w columns over at most max_rows rows (fitline_fit),
 * drawn from (y, x); rows used. */
int ui_fit_draw(int y, int x, int w, int max_rows, int attr, const struct fit_part *parts,
                size_t n);
/* The state of the run v shows: its glyph, its words with a hanging indent
 * under them, and an error's message wrapped below; roomy: wrap what
 * would otherwise be left out.  Fitted into w columns, max_rows rows;
 * rows used. */
int ui_run_state_draw(int y, int x, int w, int max_rows, const struct run_view *v, int roomy);
/* "kernel: write() syscalls 2,560  program: fwrite 10,485,760  fflush 1"
 * (with_log: the log rate first); rows used. */
int ui_run_counts_draw(int y, int x, int w, int max_rows, const struct run_view *v, int with_log);
/* "moved 10 MiB in 1.23 s of loops, 4 whole passes"; rows used. */
int ui_run_moved_draw(int y, int x, int w, int max_rows, const struct run_view *v);
/* Where the time went: the stacked bar of the wall time (user, system,
 * the wait for a CPU, blocked: run_words_time) and its legend; the legend
 * alone in one row.  Rows used, 0 when nothing is measured. */
int ui_run_time_draw(int y, int x, int w, int max_rows, const struct run_view *v);
/* The price of one call ("write() 251 µs each": run_words_price) and the
 * three layers ("10,485,760 fwrite -> 2,560 write() -> 38 device writes":
 * run_words_layers), fitted; rows used. */
int ui_run_price_draw(int y, int x, int w, int max_rows, const struct run_view *v);
int ui_run_layers_draw(int y, int x, int w, int max_rows, const struct run_view *v);
/* "busy: waited 1.2 s of 3.0 s for a CPU" (run_words_busy) in one row, or
 * nothing (0) when the run did not wait for one. */
int ui_run_busy_draw(int y, int x, int w, int max_rows, const struct run_view *v);

/* ui_compare.c: the comparison screen, whole (header and key bar too) */
void ui_compare_draw(struct lab *lab, int lines, int cols, unsigned context);

/* ui_frame.c: header, footer, the separators, the too-small notice */
void ui_frame_draw_header(const struct lab *lab, struct rect r);
/* The key bar: the keys of the table that work in `context` (keys.h). */
void ui_frame_draw_footer(struct rect r, unsigned context);
/* A key bar in the w columns from (y, x), after a one-column margin;
 * returns the columns used. */
int ui_frame_draw_keys(int y, int x, int w, unsigned context);
void ui_frame_draw_rule(struct rect r);       /* a vertical rule at r.x */
/* IOLAB_FRAME_MARKS set: the frame's serial number, as one digit, in the
 * first column of the top and the bottom row (both blank otherwise).
 * Curses sends a frame top row first, so a capture of the terminal that
 * shows the same digit in both holds one whole frame; tests/walk.sh
 * checks only those. */
void ui_frame_draw_marks(int lines, unsigned long serial);
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
	const char *shown;        /* the rate in words when not the lab's own
	                             (a guess in the unit typed), else NULL */
};
int ui_gauge_draw(int y, int x, int w, int bar_rows, double now, double avg,
                  const struct ui_gauge_mark *marks, size_t nmarks);
/* Two bars on one axis, for a race: the axis labels, then "A" and "B"
 * each before its bar; rows used (3), 0 when w is too narrow. */
int ui_gauge_draw_pair(int y, int x, int w, double a, double b);
/* A sparkline of the rate history with its range (the caller labels it);
 * rows used (0 or 1). */
int ui_gauge_draw_sparkline(int y, int x, int w, const struct gauge_history *h);
/* The big digits of a number with its unit on the middle row; rows used
 * (0 when it does not fit in w). */
int ui_gauge_draw_big(int y, int x, int w, const char *number, const char *unit, int role);
/* The same at the largest scale that fits w x h (gauge_bigfont_fit), the
 * unit beside the last row; rows used, 0 when not even scale 1 fits. */
int ui_gauge_draw_bigfont(int y, int x, int w, int h, const char *number, const char *unit,
                          int role);

/* ui_race.c: a race's two panels and what they share; the chooser */
void ui_race_draw(const struct lab *lab, int lines, int cols);
void ui_race_draw_chooser(struct lab *lab, struct rect r);
/* "log rate A - B = -5.31:  B is 203x as fast as A" */
void ui_race_gap_text(const struct run_view v[2], char *buf, size_t len);

/* ui_present.c: presentation mode, the whole screen */
void ui_present_draw(const struct lab *lab, int lines, int cols, unsigned context);

/* ui_form.c: the experiment bench's form, in the text and panel's place;
 * and text wrapped to w columns over at most max_rows rows (rows used) */
int ui_wrapped(int y, int x, int w, int attr, const char *text, int max_rows);
void ui_form_draw(struct lab *lab, struct rect r);
/* ui_notebook.c: the lesson's history, the guess prompt (in the text and
 * panel's place), and a notice over everything until a key closes it */
void ui_history_draw(struct lab *lab, struct rect r);
void ui_prompt_draw(struct lab *lab, struct rect r);
void ui_notice_draw(const struct lab *lab, int lines, int cols);
/* ui_confirm.c: the question before a lesson pack's program runs, over
 * the screen while lab->asking */
void ui_confirm_draw(struct lab *lab, int lines, int cols);

/* ui_help.c: every key of the table and what the numbers mean */
void ui_help_draw(struct lab *lab, int lines, int cols, unsigned context);
void ui_help_scroll(struct lab *lab, int delta);

#endif
