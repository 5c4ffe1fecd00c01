/* watch.h - how long a run of the interactive lab lasts, and what a run
 * of several trials adds up to.  Pure: no I/O, no clock, no screen.
 *
 * A lesson's own time limit was chosen so that a grader's whole catalog
 * runs in two minutes; most runs are then over before anyone in a lecture
 * hall can point at the screen.  So the lab runs a lesson for a *watch
 * time* instead: ordinary trials of the lesson's workload, started back to
 * back until the watch time has passed (or the student stops it).  Each
 * trial is exactly the lesson's trial -- the engine evicts a cold file
 * before it, creates a new file for a write and writes from offset 0 with
 * the lesson's flags, syncs as the lesson says, repeats a warm read's
 * passes until the lesson's min_time, runs a command again -- so every
 * pass is done as the lesson says by construction; the engine needs no
 * "watch" of its own.  Only the end of the watch can come first: a
 * trial's time limit is its own (the lesson's, or --time-limit's) or what
 * is left of the watch time, whichever is less.  So w01 (2 s, O_SYNC)
 * watched for 10 s is five 2 s trials, each a new file from offset 0, and
 * a trial its own limit ended is a trial of the lesson, time-limited as in
 * batch; one the watch's end cut is not.
 *
 * The run's figures are the sum over its finished trials plus the live
 * sample of the one running (watch_sum_add, watch_sum_sample): bytes, the
 * seconds the loops ran (so the rate leaves out the untimed set-up between
 * trials), syscalls, calls (in all and by kind), passes.
 *
 * lab_run.c asks these rules; batch never does (its trials keep the
 * lessons' own limits, and its results do not change).
 */
#ifndef IOLAB_WATCH_H
#define IOLAB_WATCH_H

#include <stddef.h>
#include <stdint.h>

#include "trial.h"
#include "wl.h"

/* The setting: seconds, or WATCH_ONE_PASS. */
#define WATCH_ONE_PASS 0.0
#define WATCH_DEFAULT 10.0        /* the lab's, unless --watch says otherwise */
#define WATCH_MAX 3600.0          /* a trial's time limit is at most an hour */
/* Less than this left of the watch time: no further trial starts (its
 * set-up would cost more than the moment it could measure). */
#define WATCH_MIN_TRIAL 0.1

/* "3s", "10s", "1m", "500ms" (a duration from WATCH_MIN_TRIAL to WATCH_MAX)
 * or "pass".  0 and *out set, or -1. */
int watch_parse(const char *arg, double *out);
/* "one pass", "3 s", "10 s", "1 min", "1.5 s". */
void watch_name(double watch, char *buf, size_t len);
/* The key's cycle: 3 s -> 10 s -> 30 s -> one pass -> 3 s; a setting off
 * the cycle (--watch 1m) goes to the next longer one, or to one pass. */
double watch_cycle(double watch);

/* What a run of `spec` does with the watch time (the lesson's trial and
 * the time limit it already has aside). */
enum watch_pass_kind {
	WATCH_PASS_COMMAND,       /* the command runs again, as a whole */
	WATCH_PASS_WRITE,         /* a new file from offset 0, the lesson's open flags */
	WATCH_PASS_WRITE_SYNC,    /* as WRITE, synced at the end of every pass */
	WATCH_PASS_OVERWRITE,     /* file: existing - over a file filled and synced
	                             before it, untimed */
	WATCH_PASS_READ_COLD,     /* evicted before each pass; the eviction is not timed */
	WATCH_PASS_REPEAT,        /* each trial repeats passes over the cached file until min_time */
	WATCH_PASS_KINDS
};
enum watch_pass_kind watch_pass_kind_of(const struct wl_spec *spec);
/* One line: what a repeated pass of this kind is, for help, the race
 * panels and the README's table (tests/check_watch.c compares them). */
const char *watch_pass_meaning(enum watch_pass_kind k);
/* The kind in a word or two: "a warm read", "a write" ... */
const char *watch_pass_label(enum watch_pass_kind k);

/* Which limit a trial of a watched run runs against. */
enum watch_limit {
	WATCH_LIMIT_OWN,          /* its own (the lesson's, or --time-limit's) */
	WATCH_LIMIT_WATCH,        /* the end of the watch time, which comes first */
};

/* The limits of the next trial of a run of `watch`, `elapsed` seconds in,
 * set in *trial (a copy of the lesson's workload, its time_limit the
 * lesson's or --time-limit's):
 *   one pass: min_time 0 (a read does not repeat its pass), its own time
 *             limit;
 *   a watch:  exactly the lesson's trial, its time limit the lesson's or
 *             what is left of the watch time, whichever is less.
 * Returns the limit it runs against, or -1 when no trial should start:
 * less than WATCH_MIN_TRIAL is left (trial is then unchanged). */
int watch_trial_limits(struct wl_spec *trial, double watch, double elapsed);

/* Is a finished trial, run against `limit`, one of the lesson's own
 * trials as batch runs them (what a watched run's claims are checked
 * against)?  It went as the lesson means, without an error, was not
 * stopped by the student, and if a time limit ended it, that was its own
 * (it is then time-limited, as a batch trial can be), not the watch's
 * end. */
int watch_trial_is_the_lessons(const struct trial_result *t, enum watch_limit limit);

/* After a trial `last` of a run of `watch`, `elapsed` seconds in: start
 * another?  Only for a watch (not one pass), when the trial went as the
 * lesson means and had no error at all (an expected error is shown once,
 * not repeated), was not stopped by the student, and at least
 * WATCH_MIN_TRIAL is left. */
int watch_go_on(double watch, double elapsed, const struct trial_result *last, int stop_requested);

/* The run so far: add a finished trial to sum (first: sum is set to it).
 * Counts add; a count unavailable (-1) in any trial is unavailable in the
 * sum; residency before is the first trial's, after the last's; the
 * verdict, error and stop flags are the last trial's (a run ends at its
 * first trial that did not go OK); rate and log rate are recomputed over
 * the sum. */
void watch_sum_add(struct trial_result *sum, const struct trial_result *r, int first);
/* What the screen shows while a trial runs: the finished trials (`done`,
 * none when ntrials is 0) plus the running one's sample `live`.  elapsed
 * is the loops' seconds; rate_avg bytes over them; rate_now and state are
 * the live trial's. */
void watch_sum_sample(const struct trial_result *done, unsigned ntrials,
                      const struct trial_sample *live, struct trial_sample *out);
/* Whole passes done: the finished trials' passes and the running trial's
 * whole passes (every pass moves the file's size in bytes); live NULL when
 * none runs.  *into (may be NULL): bytes into the current pass. */
unsigned watch_passes(const struct trial_result *done, unsigned ntrials,
                      const struct trial_sample *live, uint64_t size, uint64_t *into);

#endif
