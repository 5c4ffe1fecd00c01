/* lab.h - the interactive lab's state, shared by its views.
 *
 * Curses-free, so it is part of libiolab.a and unit-tested: lab.c opens and
 * closes it, lab_run.c drives the engine and fills it; the ui_*.c views
 * only read it and draw, and ui_main.c turns keys into calls here through
 * the key table (keys.h).  The engine never knows about the screen.
 */
#ifndef IOLAB_LAB_H
#define IOLAB_LAB_H

#include <stddef.h>

#include "cli.h"
#include "engine.h"
#include "gauge.h"
#include "lesson.h"
#include "progress.h"
#include "scratch.h"
#include "sweep.h"
#include "textwrap.h"

/* Where a run is. */
enum run_phase {
	RUN_IDLE,                 /* nothing started this session */
	RUN_RUNNING,              /* a trial (or a sweep point) is under way */
	RUN_STOPPING,             /* asked to stop; waiting for the child */
	RUN_ENDED                 /* finished; the result stays on screen */
};

/* The rate over the last RATE_WINDOW seconds, from the samples taken: a
 * number steady enough to read from the back row, yet live. */
#define RATE_WINDOW 0.5
#define RATE_SAMPLES 64

/* One run of the current lesson: a single trial, or every point of a sweep. */
struct run {
	enum run_phase phase;
	size_t lesson;            /* index of the lesson it belongs to */
	struct wl_spec spec;      /* what runs now (a sweep: the current point) */
	int have_spec;
	struct trial *trial;
	struct trial_sample sample;
	double t[RATE_SAMPLES];   /* recent (elapsed, bytes) for rate_now */
	uint64_t b[RATE_SAMPLES];
	size_t nwin, headwin;
	double rate_now;          /* B/s over the last RATE_WINDOW */
	struct gauge_history hist;  /* rate_now over the run, for the sparkline */
	double hist_interval;     /* seconds between its values (doubles as it fills) */
	double hist_next;         /* elapsed time of the next value */
	int stop_requested;

	int have_result;          /* result is this run's (last point's) */
	struct trial_result result;
	char start_error[256];    /* trial_start refused: the environment */

	/* a sweep: points run one after another */
	int sweep;
	size_t point, npoints;
	struct sweep_point *points;
};

/* Results of lessons run in this session, by lesson index. */
struct lesson_state {
	int have_result;
	struct trial_result result;
	struct wl_spec spec;      /* what that result ran with */
	int have_spec;
	struct gauge_history hist;    /* the rate over that run */
	struct sweep_point *points;   /* a sweep lesson's last points */
	size_t npoints;
	int commands_allowed;     /* the student agreed to its command this session */
};

struct lab {
	const struct options *opt;
	struct course course;
	struct ref_data refs;
	int have_refs;
	struct scratch scratch;
	int scratch_open;
	int guarded;              /* guard_init done: guard_cleanup at the end */
	struct progress progress;

	size_t cur;               /* the lesson on screen */
	struct wl_spec next;      /* the lesson's workload as the next run will use it */
	int next_valid;
	int next_changed;         /* the student changed block or cache */
	struct lesson_state *ls;  /* [course.nlessons] */
	struct run run;

	/* view state */
	size_t text_top;          /* first line of the lesson text shown */
	int text_page;            /* lines in the text window (set by the view) */
	int help;                 /* the help screen is up */
	size_t help_top;
	int course_screen;        /* narrow terminals: the course fills the screen */
	char message[256];        /* shown in the header until the next key */
	int quit;
	/* The question before a lesson pack's command runs (trust.h): up
	 * while asking, about lesson ask_lesson; ui_confirm.c draws it. */
	int asking;
	size_t ask_lesson;
};

/* Load the course (diagnostics to stderr), open the scratch directory,
 * install the guard, read the saved progress: everything that can fail
 * before the screen is taken.  Returns 0 or the exit status. */
int lab_open(struct lab *lab, const struct options *o);
/* Stop any run, remove the data files, free everything. */
void lab_close(struct lab *lab);

/* The lesson on screen. */
const struct lesson *lab_lesson(const struct lab *lab);
/* Set the lesson on screen (clamped), resetting the next run's workload. */
void lab_select(struct lab *lab, size_t i);
void lab_message(struct lab *lab, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Where keys are read now (enum keys_context bits): the screen that is up
 * in a terminal of lines x cols, as layout_compute() lays it out and the
 * views draw it, plus KEYS_RUNNING while a run is under way. */
unsigned lab_key_context(const struct lab *lab, int lines, int cols);

/* May lesson i's command run now?  Always for a lesson that runs none or
 * comes from the shipped course; for a lesson pack's, with
 * --allow-commands or once the student agreed this session (trust.h). */
int lab_commands_allowed(const struct lab *lab, size_t i);
/* Put the question about lesson i's command up (run_start does, for a
 * command not yet allowed). */
void lab_ask_commands(struct lab *lab, size_t i);
/* The student's answer (y: yes, n or Esc: no): the question goes, a yes
 * allows that lesson's command for the session.  Returns 1 when the
 * lesson should run now. */
int lab_answer_commands(struct lab *lab, int yes);

/* --- lab_run.c ----------------------------------------------------------- */

/* The lesson's workload with the command line's --size / --time-limit. */
int run_base_spec(const struct lab *lab, const struct lesson *l, struct wl_spec *out);
/* +/-: double or halve the next run's block; c: toggle warm/cold. */
void run_adjust_block(struct lab *lab, int up);
void run_toggle_cache(struct lab *lab);
/* Run the lesson on screen.  Returns 0 or -1 (message set). */
int run_start(struct lab *lab);
/* Sample a running trial; finish it when its child exited; start the next
 * sweep point.  Never blocks on the child.  Returns 1 while running. */
int run_poll(struct lab *lab);
/* Ask the run to stop (s, Esc). */
void run_stop(struct lab *lab);
/* Stop and collect now (quitting).  Waits for the child to reach its next
 * chunk; trial_finish kills it past its time limit. */
void run_abort(struct lab *lab);
int run_active(const struct lab *lab);
void run_free(struct run *run);

/* What the live panel shows for lesson i: this run, this session's last
 * result, or the saved summary. */
struct run_view {
	int live;                 /* the trial is running now (or stopping) */
	int stopping;
	const struct wl_spec *spec;   /* what ran / runs; NULL if nothing */
	const struct trial_sample *sample;   /* live only */
	double rate_now;              /* live only */
	const struct gauge_history *hist;    /* live, or the last run's */
	const struct trial_result *result;   /* finished, else NULL */
	const char *start_error;      /* the run could not start, else NULL */
	const struct progress_entry *saved;  /* from an earlier session, else NULL */
	/* sweep */
	const struct sweep_point *points;
	size_t npoints, point, total;
};
void run_view_of(const struct lab *lab, size_t lesson, struct run_view *v);

#endif
