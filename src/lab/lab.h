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

#include "calib.h"
#include "options.h"
#include "trial.h"
#include "expect.h"
#include "form.h"
#include "gauge.h"
#include "lesson.h"
#include "scratch.h"
#include "store.h"
#include "sweep.h"
#include "textwrap.h"
#include "watch.h"

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

/* One run of a lesson: trials of its workload back to back for the watch
 * time (watch.h), or one pass, or every point of a sweep (one trial each,
 * the lesson's own).
 *
 * The model, for whoever records runs (the notebook's store): a run is a
 * sequence of ordinary trials of `spec`, each with the limits
 * watch_trial_limits() gives it; each finished trial's trial_result goes
 * through finish_trial() in lab_run.c, the one place where it is summed
 * into `done` (watch_sum_add).  When the run ends, `result` is the sum,
 * and end_run() files it in the lab notebook (lab_notebook_file: every
 * run, raced ones too, each with its kind and what changed); unless it
 * was raced it is also what the lesson's panel shows (lab->ls[]).
 * Quitting mid-run (q, or a stop signal), lab_run_abort() ends it the same
 * way: a run stopped early is filed as stopped. */
struct run {
	enum run_phase phase;
	size_t lesson;            /* index of the lesson it belongs to */
	struct wl_spec spec;      /* what each trial runs, the watch's limits aside
	                             (a sweep: the current point) */
	int have_spec;
	struct trial *trial;      /* the trial running, NULL between and after */
	struct trial_sample live; /* its own sample */
	struct trial_sample sample;   /* shown: the finished trials plus live */
	double t[RATE_SAMPLES];   /* recent (elapsed, bytes) for rate_now */
	uint64_t b[RATE_SAMPLES];
	size_t nwin, headwin;
	double rate_now;          /* B/s over the last RATE_WINDOW */
	struct gauge_history hist;  /* rate_now over the run, for the sparkline */
	double hist_interval;     /* seconds between its values (doubles as it fills) */
	double hist_next;         /* elapsed time of the next value */
	int stop_requested;

	double watch;             /* its watch time (watch.h), WATCH_ONE_PASS: one pass */
	double started;           /* measure_now() when it started */
	double watched;           /* seconds since then (frozen when it ends) */
	unsigned trials;          /* trials finished (a sweep: of this point) */
	struct trial_result done; /* those trials, summed */
	enum watch_limit limit;   /* the running trial's time limit: its own or the watch's end */
	/* its last trial that went as the lesson means and ran to its own end
	 * (its own time limit's, perhaps), not cut by the watch time or a
	 * stop: exactly one of the lesson's trials (watch_trial_is_the_lessons),
	 * which its claims can be checked against when the sum cannot (a sum
	 * of passes is no count over one file) */
	int have_whole;
	struct trial_result whole;
	unsigned passes;          /* whole passes so far (watch_passes) */
	uint64_t pass_bytes;      /* bytes into the pass under way */
	int raced;                /* one of a race: never the lesson's result */
	size_t rival;             /* raced: the other lesson */
	enum store_origin origin; /* how it was set up: the lesson, changed, experiment */
	double guess_rate;        /* the guess made before it (B/s), NAN: none */
	char guess_text[EDIT_MAX];

	int have_result;          /* result is this run's (a sweep: the last point's) */
	struct trial_result result;
	char start_error[256];    /* trial_start refused: the environment */

	/* a sweep: points run one after another */
	int sweep;
	size_t point, npoints;
	struct sweep_point *points;
	/* the point whose figures stand for the sweep, as batch picks it: the
	 * largest block with a warm cache, else the largest block */
	int have_best;
	struct trial_result best;
	uint64_t best_block;
	enum wl_cache best_cache;
};

/* What the notebook holds of a lesson's latest run made as the lesson says
 * (store_latest_normal), or of this session's: the course mark, "Compare
 * with", and the panel before the lesson is run again. */
struct saved_result {
	int ok;                   /* status ok (an expected error included) */
	char error[256];          /* why not, "" */
	double rate, seconds;     /* NAN: no rate (an expected error) */
	int64_t bytes, calls, syscr, syscw;    /* -1: unknown */
	char when[32];            /* "2026-11-21T22:30:00Z" */
};

/* A lesson's runs that are not the lesson's result, newest first, for the
 * panel's list: "w03-byte · 4 B blocks   13.9 MB/s". */
#define LAB_VARIANTS 4
struct variant {
	char label[160];          /* the label, or the kind in words */
	double rate;              /* NAN: none (it failed) */
	int ok;
};

/* --- a lesson's claims on its screen (lab_claims.c) ---------------------------
 *
 * The lesson's `expect:` items are shown under its text: before a run as
 * what to look for, after a run as it says with a mark each - held,
 * missed, or inconclusive with the reason in a few words - the measured
 * value and the bound in words, checked by the evaluator batch uses
 * (expect.h) over the same field table (report_fields.h). */
enum claim_mark {
	CLAIM_TO_CHECK,           /* not checked: no run of the lesson as it says */
	CLAIM_HELD, CLAIM_MISSED, CLAIM_INCONCLUSIVE
};

/* One claim as the lesson view shows it. */
struct claim_line {
	enum claim_mark mark;
	const char *claim;        /* the sentence (the course's) */
	const char *check;        /* the check as written (the course's) */
	char value[32];           /* the measured value; "" when there is none */
	char bound[2 * EXPECT_TEXT_MAX + 64];   /* in words, with the run's numbers
	                                           once checked ("at most 100") */
	char why[160];            /* inconclusive: the reason in a few words */
	struct expect_outcome outcome;   /* the verdict in full, once checked:
	                                    what the notebook keeps of the run */
};

enum claims_state {
	CLAIMS_TO_CHECK,          /* the lesson has not run this session */
	CLAIMS_CHECKED,           /* the verdicts of its last run */
	CLAIMS_NOT_CHECKED        /* its last run was no run as the lesson says */
};

struct lab_claims {
	enum claims_state state;
	int whole_trial;          /* checked against a watched run's last whole
	                             trial, not its sum */
	char head[400];           /* the line above them: "Claims, checked against
	                             this run:", or why they were not checked */
	struct claim_line *line;  /* one per `expect:` item */
	size_t n;
};

/* A result's numbers as a claim reads them: every field of the
 * report-field table by its index (NAN: null there), and the
 * EXPECT_RAN_* conditions it ran under. */
struct claim_figures {
	double *value;            /* NULL: no such result */
	unsigned ran;
	int watched;              /* a watched run of several trials, or of one
	                             the watch time cut or that repeated its pass:
	                             its counts are not one pass */
};

/* Results of lessons run in this session, by lesson index. */
struct lesson_state {
	/* the last run of the lesson in this session, whatever its kind: the
	 * panel shows it, labelled when it is no result of the lesson */
	int have_result;
	struct trial_result result;
	struct wl_spec spec;      /* what that result ran with */
	int have_spec;
	struct gauge_history hist;    /* the rate over that run */
	double watch, watched;        /* its watch time, and how long it ran */
	unsigned trials;              /* how many trials it was */
	struct sweep_point *points;   /* a sweep lesson's last points */
	size_t npoints;
	enum store_kind kind;         /* how that run was filed */
	char label[256];              /* what changed ("4 B blocks", "stopped at 0.8 s"), or "" */
	double guess_rate, miss;      /* its guess and the miss in log-rate units; NAN: none */
	char guess_text[EDIT_MAX];

	/* from the notebook (and this session): the latest run as the lesson
	 * says, and the newest variants */
	int have_normal;
	struct saved_result normal;
	int ran_before;           /* none as it says, but the old progress file had one */
	struct variant variants[LAB_VARIANTS];
	size_t nvariants;
	int commands_allowed;     /* the student agreed to its command this session */

	/* the lesson's last run as it says this session, as claims read it
	 * (its own, and other lessons' `field(id)`), and the claims shown */
	struct claim_figures figures;
	struct lab_claims claims;
};

/* The lesson's notebook on screen: every run of it, newest first. */
struct history_row {
	char when[24];            /* "2026-11-21 22:30" */
	char kind[16];
	char label[160];          /* what changed; "another workload" for a run
	                             filed as the lesson's own with a workload that
	                             is not the lesson's as it now says (an
	                             imported one: "old progress file: workload
	                             not kept") */
	int own;                  /* the lesson's own run as it says (kind lesson,
	                             its workload), failed or not */
	double rate, log_rate;    /* NAN: not measured */
	double guess_rate, miss;  /* NAN: no guess */
	char guess_shown[32];     /* the guess in the unit it was typed in */
	int ok;
	char error[160];
};

struct history_view {
	int open;
	size_t lesson;
	struct history_row *rows;
	size_t n;
	size_t top;               /* the first row shown */
	int page;                 /* rows the view showed (set when drawn) */
	struct store_score score; /* of this lesson */
};

/* The guess asked before a run (g). */
struct guess_prompt {
	int open;
	struct edit_line line;
	char error[256];          /* guess_parse's message, or "" */
};

/* Two runs at once (lab_race.c): lab->run runs the lesson that was on
 * screen, `rival` the lesson chosen to race it, each in its own workload
 * child, both for the same watch time. */
struct race {
	int shown;                /* the race is on screen (under way, or its results) */
	struct run rival;
	/* the chooser of the rival: the compared lessons first, then the rest */
	int choosing;
	size_t *choices;          /* lesson indices */
	size_t nchoices, ncompared;
	size_t choice, top;       /* the highlighted one, the first one shown */
	int page;                 /* rows the chooser showed (set by its view) */
};

/* The comparison screen (lab_compare.c). */
#define COMPARE_MAX 64
struct compare {
	int open;
	size_t lessons[COMPARE_MAX];  /* course indexes, in the order shown */
	size_t n;
	int group;                /* the lecture's group shown, -1 the lessons chosen */
	char title[160];
	size_t chosen[COMPARE_MAX];   /* the lessons chosen (--compare, or the
	                                 lesson and those it compares with) */
	size_t nchosen;
	char chosen_title[160];
	size_t top;               /* the first lesson shown */
	int page;                 /* lessons the view has room for (set by it) */
};

struct lab {
	const struct options *opt;
	struct course course;
	struct ref_data refs;
	int have_refs;
	struct scratch scratch;
	int scratch_open;
	int guarded;              /* guard_init done: guard_cleanup at the end */

	/* the lab notebook (lab_notebook.c) */
	struct store *store;      /* NULL: none could be opened (notice says why) */
	char notice[2048];        /* shown until a key closes it; "" for none */
	struct store_score score; /* over every lesson: the course screen shows it */
	struct history_view history;
	struct guess_prompt prompt;
	struct form form;
	enum store_origin form_origin;   /* what the form's run is filed as */
	double guess_rate;        /* for the next run of the lesson on screen, NAN: none */
	char guess_text[EDIT_MAX];

	size_t cur;               /* the lesson on screen */
	size_t programs_first;    /* course.lessons from here on are the pages
	                             of own programs (lab_programs.c) */
	struct wl_spec next;      /* the lesson's workload as the next run will use it */
	int next_valid;
	int next_changed;         /* the student changed the workload (+ - c, the form) */
	enum store_origin next_origin;   /* how the next run is filed: the lesson,
	                                    changed, an experiment, an own program */
	struct lesson_state *ls;  /* [course.nlessons] */
	struct run run;
	double watch;             /* the next run's watch time (w cycles it) */
	struct race race;
	struct compare compare;   /* the comparison screen, when open */
	long race_at_start;       /* --race: the rival to race once the screen is up, or -1 */
	int present;              /* presentation mode (f, --present) */
	unsigned claims_generation;   /* counts changes of any lesson's claims, so
	                                 a view that laid them out knows to again */
	int perf;                 /* --perf works here (counting passes after one-pass runs) */
	/* this machine's costs (lab_model.c): the notebook's, or measured the
	 * first time a run's model is needed, a step per poll */
	struct calibration cal;
	int have_cal;
	struct calib_steps *calibrating;   /* NULL: not measuring */
	int want_cal;             /* a run ended wanting a model: measure when polled */

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
	int ask_for_race;         /* asked when v tried to race it: a yes runs
	                             nothing, v races again */
	/* The program's words scroll in the question: a yes counts only once
	 * the last of them has been on screen (the view says, when it draws
	 * them), so no word can hide below the box. */
	size_t ask_top;           /* first row of the words shown */
	int ask_page;             /* rows of words the box shows (set by the view) */
	int ask_seen_end;         /* the last row of the words has been drawn */
};

/* Load the course (diagnostics to stderr), open the scratch directory,
 * install the guard, open the lab notebook: everything that can fail
 * before the screen is taken.  Returns 0 or the exit status. */
int lab_open(struct lab *lab, const struct options *o);
/* Stop any run, remove the data files, free everything. */
void lab_close(struct lab *lab);

/* The lesson on screen. */
const struct lesson *lab_lesson(const struct lab *lab);
/* A reference source as the gauge's legend names it ("2011 iMac"), from
 * data/reference.yaml; the key itself when it has no label there. */
const char *lab_ref_label(const struct lab *lab, const char *key);
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
/* Put the question about lesson i's command up (lab_run_start does, for a
 * command not yet allowed). */
void lab_ask_commands(struct lab *lab, size_t i);
/* Scroll the program's words in the question by delta rows. */
void lab_ask_scroll(struct lab *lab, long delta);
/* The student's answer (y: yes, n or Esc: no): the question goes, a yes
 * allows that lesson's command for the session.  Returns 1 when the
 * lesson should run now. */
int lab_answer_commands(struct lab *lab, int yes);

/* --- lab_run.c ----------------------------------------------------------- */

/* The lesson's workload with the command line's --size / --time-limit. */
int lab_run_base_spec(const struct lab *lab, const struct lesson *l, struct wl_spec *out);
/* +/-: double or halve the next run's block; c: toggle warm/cold. */
void lab_run_adjust_block(struct lab *lab, int up);
void lab_run_toggle_cache(struct lab *lab);
/* w: the next run's watch time, 3 s -> 10 s -> 30 s -> one pass. */
void lab_run_cycle_watch(struct lab *lab);
/* Run the lesson on screen.  Returns 0 or -1 (message set). */
int lab_run_start(struct lab *lab);
/* Sample the running trials; finish one when its child exited; start the
 * next trial of a watched run, or the next sweep point.  Never blocks on
 * a child.  Returns 1 while running.  A race's two runs are polled
 * together. */
int lab_run_poll(struct lab *lab);
/* Ask the run (a race: both runs) to stop (s, Esc). */
void lab_run_stop(struct lab *lab);
/* Stop, collect and file now (quitting: sets lab->quit).  Waits for the
 * children to reach their next chunk; trial_finish kills one past its time
 * limit.  Each run under way is filed as stopped, with what it measured:
 * after a stop signal, the whole trials of a watched run (the guard killed
 * the child of the last one before it reported). */
void lab_run_abort(struct lab *lab);
/* A run (or a race) is under way. */
int lab_run_active(const struct lab *lab);
void lab_run_free(struct run *run);

/* One run, for lab_race.c: start `spec` of lesson `lesson` (raced: its
 * results stay in the run); poll, stop it; is it under way? */
int lab_run_begin(struct lab *lab, struct run *r, size_t lesson, const struct wl_spec *spec,
              int raced);
int lab_run_poll_one(struct lab *lab, struct run *r);
void lab_run_stop_one(struct run *r);
int lab_run_is_active(const struct run *r);

/* What the live panel shows for lesson i: this run, this session's last
 * result, or the saved summary. */
struct run_view {
	size_t lesson;            /* whose view it is */
	int live;                 /* the trial is running now (or stopping) */
	int stopping;
	int raced;                /* a race's run: not the lesson's result */
	double watch;             /* the run's watch time; WATCH_ONE_PASS one pass */
	double watched;           /* seconds it has run (live) or ran */
	unsigned trials;          /* trials finished (live: before the one running) */
	unsigned passes;          /* whole passes done */
	uint64_t pass_bytes;      /* live: bytes into the pass under way */
	const struct wl_spec *spec;   /* what ran / runs; NULL if nothing */
	const struct trial_sample *sample;   /* live only */
	double rate_now;              /* live only */
	const struct gauge_history *hist;    /* live, or the last run's */
	const struct trial_result *result;   /* finished, else NULL */
	const char *start_error;      /* the run could not start, else NULL */
	const struct saved_result *saved;    /* from the notebook (an earlier run as the
	                                        lesson says), else NULL */
	enum store_kind kind;         /* the result's: how it was filed */
	const char *label;            /* what changed, "" for the lesson's own */
	double guess_rate;            /* the guess of this run (live or ended), NAN none */
	const char *guess_text;       /* as it was typed, or NULL */
	double miss;                  /* ended: |ln guess - ln rate|, NAN none */
	/* this machine's costs, for an ended run's model (lab_model_of); NULL
	 * while none are calibrated */
	const struct cost_table *costs;
	/* sweep */
	const struct sweep_point *points;
	size_t npoints, point, total;
};
void lab_run_view_of(const struct lab *lab, size_t lesson, struct run_view *v);
/* What a run itself holds: live, or ended with its own result (a raced
 * run's, which is nowhere else). */
void lab_run_view_of_run(const struct run *r, struct run_view *v);

/* --- lab_model.c: this machine's cost model ------------------------------------ */

/* The notebook's calibration for this machine, kernel, filesystem and
 * device, if it has one. */
void lab_model_open(struct lab *lab);
/* A run ended whose model is wanted: when no calibration is at hand, the
 * next lab_model_poll starts measuring one. */
void lab_model_need(struct lab *lab);
/* The screen's loop calls this between frames: it starts a wanted
 * calibration (a message says so; never silently) and measures one cost
 * of it, when no run is under way.  1 while measuring (the screen keeps
 * polling), 0 otherwise.  The message line shows the progress; the costs
 * go to the notebook at the end. */
int lab_model_poll(struct lab *lab);
void lab_model_close(struct lab *lab);
/* The model of the ended run v shows: 0 with *m filled, -1 when it has
 * none (live, no result, a sweep, no calibration). */
int lab_model_of(const struct run_view *v, struct model_estimate *m);

/* --- lab_notebook.c: the lab's side of the notebook (store.h) --------------- */

/* Open the notebook (--db, else the default one, the old progress file
 * imported), read every lesson's latest run as the lesson says, the
 * variants and the score; lab->notice says what the student must see
 * (moved aside, imported, will not be saved).  0; or EXIT_ENVIRONMENT,
 * said on stderr, when the file --db names is no notebook the lab may use
 * (notebook_refusal): the lab does not start. */
int lab_notebook_open(struct lab *lab);
/* The lesson the student was at when the lab closed (state "lesson"), or
 * -1. */
long lab_notebook_last_lesson(struct lab *lab);
/* Remember the lesson on screen, close the notebook. */
void lab_notebook_close(struct lab *lab);
/* File an ended run: its kind (store_kind_pick over how it was set up and
 * how it ended), what changed from the lesson as its label, its guess,
 * every figure, its batch JSON object, its sweep points.  The lesson's
 * state follows (the latest normal result, the variants, the score);
 * "not saved: ..." goes to lab->notice when the notebook refused it. */
void lab_notebook_file(struct lab *lab, const struct run *r);
/* What changed in run r from its lesson as written, and how it ended, in
 * words: "4 B blocks, stopped at 0.8 s"; "" for a run as the lesson says
 * that ran to its end.  Sets *kind too. */
void lab_notebook_label(const struct lab *lab, const struct run *r, enum store_kind *kind,
                        char *buf, size_t len);
/* "w03-byte · 4 B blocks": a variant's name as the lab shows it (ascii:
 * " - " for the dot). */
void lab_variant_name(const char *lesson, const char *label, enum store_kind kind, int ascii,
                      char *buf, size_t len);
/* A name split in place into its phrases, each separator kept at the end
 * of the phrase before it: "w03-byte ·", "1 MiB file,", "raced with
 * w01-syncbyte".  A narrow panel wraps between them, where a name drawn as
 * one part that did not fit was left off whole, leaving a bare rate.
 * Returns how many (at most max; the last holds the rest). */
size_t lab_variant_phrases(char *name, const char **phrase, size_t max);

/* b: the lesson's notebook (every run of it), and scrolling it. */
int lab_history_open(struct lab *lab);
void lab_history_close(struct lab *lab);
void lab_history_scroll(struct lab *lab, long delta);

/* g: the guess prompt; Enter keeps the guess for the next run of the
 * lesson on screen (0), or leaves the prompt open with the error (-1). */
void lab_guess_open(struct lab *lab);
int lab_guess_done(struct lab *lab);
void lab_guess_close(struct lab *lab);

/* e: the experiment form on the next run's workload (or `base` when not
 * NULL, with origin: --run and --command open it so); Enter checks it and
 * runs it (0), or leaves it open on the first error (-1). */
int lab_form_open(struct lab *lab, const struct wl_spec *base, enum store_origin origin);
int lab_form_done(struct lab *lab);
void lab_form_close(struct lab *lab);

/* --- lab_programs.c: own programs as pages of the course ------------------- */

/* Lesson i is an own program's page, not the course's. */
int lab_is_program(const struct lab *lab, size_t i);
/* The page of spec's argv (its label: notebook_command_label), added
 * under "Your programs" when there is none yet.  Its index, or -1 (no
 * command, or out of memory).  Indices of lessons never change. */
long lab_program_page(struct lab *lab, const struct wl_spec *spec);
/* A page for every argv the notebook holds runs of (runs of no lesson
 * with a command), each with the workload last filed for it.  0 or -1. */
int lab_programs_load(struct lab *lab);
/* Run r (of no lesson) is one of page's: its label is the page's argv,
 * alone or followed by ", " and how the run went. */
struct store_run;
int lab_program_run_of(const struct lab *lab, size_t page, const struct store_run *r);

/* --- lab_claims.c: the lesson's claims checked after a run ------------------ */

/* A run r of lesson r->lesson ended and was filed as kind, its result res
 * (as batch would report it; NULL when it could not be built).  A run as
 * the lesson says that went well becomes the lesson's figures for claims
 * (this session's result of it), and the lesson's claims are checked
 * against it; any other run leaves them unchecked and says why.  A raced
 * run changes nothing: it ran beside another lesson on purpose, so it is
 * no fair measurement of the claims (the race screen shows its figures). */
struct report_result;
void lab_claims_take(struct lab *lab, const struct run *r, const struct report_result *res,
                     const struct report_result *whole, enum store_kind kind);
/* The claims of lesson i as last checked, as the batch report keeps them:
 * res->expects filled (replacing any) when they were checked against this
 * run, so the notebook stores the verdicts the lab showed.  0; 1 when they
 * were not checked (res unchanged); -1 out of memory. */
int lab_claims_keep(const struct lab *lab, size_t i, struct report_result *res);
/* Lesson i's claims as the view shows them now: to check, or checked again
 * (another lesson a claim names may have run since).  lab_select calls
 * it. */
void lab_claims_refresh(struct lab *lab, size_t i);
/* "to check", "held", "missed", "inconclusive". */
const char *lab_claim_mark_name(enum claim_mark m);
void lab_claims_free(struct lesson_state *ls);

/* --- lab_compare.c ----------------------------------------------------------- */

/* A mark on a lesson's bar: a reference machine's rate and its letter. */
struct compare_mark {
	double rate;
	char key;                 /* reference_mark_key: I, T, L ... */
	const char *label;        /* "2011 iMac" */
};
#define COMPARE_REFS 6
/* One lesson on the comparison screen. */
struct compare_row {
	size_t lesson;
	const char *id;
	double mine;              /* this machine's latest rate as the lesson says, NAN none */
	struct compare_mark refs[COMPARE_REFS];
	size_t nrefs;
};

/* lesson's latest rate as the lesson says (the notebook's, or this
 * session's), never a variant's.  1 and *rate, or 0 for none. */
int lab_latest_rate(const struct lab *lab, size_t lesson, double *rate);
/* m: the comparison, at the lecture's group of the lesson on screen (Tab
 * also shows the lesson with the lessons it compares with), else at the
 * latter. */
void lab_compare_open(struct lab *lab);
/* --compare ID,...: these lessons, in this order.  0, or -1 with "no
 * lesson 'x'" in msg. */
int lab_compare_open_ids(struct lab *lab, char *const *ids, size_t n, char *msg, size_t len);
void lab_compare_close(struct lab *lab);
/* Tab / S-Tab: the next / previous view: the lessons chosen, then each of
 * the lecture's groups (lecture_groups.h) the course has a lesson of. */
void lab_compare_cycle(struct lab *lab, int dir);
/* Scroll by delta lessons, within the list (the view sets c->page). */
void lab_compare_scroll(struct lab *lab, long delta);
void lab_compare_row_of(const struct lab *lab, size_t lesson, struct compare_row *row);

/* Where the comparison goes in lines x cols: a lesson takes figure_rows
 * (its id and figures; two rows below 120 columns, where they wrap),
 * bar_rows and a blank row; page lessons fit in the list, the rest
 * scroll. */
struct lab_compare_layout {
	int too_small;
	int figure_rows, bar_rows, lesson_rows;
	int list_y, list_h;
	int page;
};
void lab_compare_layout(struct lab_compare_layout *cl, int lines, int cols, int present);

/* --- lab_race.c ------------------------------------------------------------ */

/* The lessons that may race lesson `cur`, into out[] (at most max): those
 * of its compare list first (*ncompared of them), then every other lesson
 * in course order; never `cur` itself, a sweep or a lesson twice.
 * Returns how many. */
size_t lab_race_choices(const struct course *c, size_t cur, size_t *out, size_t max,
                    size_t *ncompared);
/* Why lessons a and b cannot race, or NULL: a sweep is many runs; a lesson
 * does not race itself; two runs reading one data file while one evicts
 * it would measure each other's evictions. */
const char *lab_race_refusal(const struct lab *lab, size_t a, size_t b);
/* The letter of a race's side on every screen: 'A' for the lesson's side
 * (0), 'B' for its rival's (references have letters of their own). */
char lab_race_letter(int side);
/* v: open the chooser for the lesson on screen (or, while a race is under
 * way, show it).  Returns 0 or -1 (message set). */
int lab_race_open(struct lab *lab);
void lab_race_chooser_move(struct lab *lab, long delta);
void lab_race_chooser_close(struct lab *lab);
/* Enter in the chooser: race the highlighted lesson. */
int lab_race_pick(struct lab *lab);
/* Race the lesson on screen (its next run, +/- and c included) against
 * lesson `rival` (its own workload).  0, or -1 with the message set. */
int lab_race_start(struct lab *lab, size_t rival);
/* A race is under way. */
int lab_race_active(const struct lab *lab);
/* The race's side 0 (lab->run) or 1 (the rival). */
void lab_race_view_of(const struct lab *lab, int side, struct run_view *v);
/* Rate a against rate b: *dlog = ln a - ln b (the log rates' difference),
 * *ratio = a / b.  0, or -1 when either has no rate yet. */
int lab_race_gap(double a, double b, double *dlog, double *ratio);
/* How many times as fast the faster of a and b is: "2.35", "28.4",
 * "1,234" (three figures, whole past 100), *a_faster when a is.  0, or -1
 * when either has no rate yet. */
int lab_race_times(double a, double b, char *buf, size_t len, int *a_faster);
/* The CPUs this machine has online (sysconf), at least 1. */
int lab_race_cpus(void);
void lab_race_free(struct race *race);

#endif
