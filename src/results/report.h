/* report.h - the results of a batch run, as the writers print them.
 *
 * batch.c fills a struct report (one result per lesson, in the order run)
 * and hands it to report_write() with a row of the format table;
 * report_format_text.c, report_format_json.c, report_format_csv.c, report_format_tap.c and
 * report_format_gradescope.c each walk the same model, so the formats cannot
 * disagree on what was measured.  Writers take a FILE* and never print
 * anywhere else.
 *
 * The field names of the JSON and CSV output are a contract
 * (doc/batch-output.md): add fields, never rename or remove one.
 */
#ifndef IOLAB_REPORT_H
#define IOLAB_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "trial.h"
#include "expect.h"
#include "lesson.h"
#include "machine.h"
#include "report_policy.h"
#include "model.h"
#include "sweep.h"

/* A reference rate with the label views print ("2011 iMac"). */
struct report_ref {
	char *source;             /* key of data/reference.yaml */
	char *label;              /* its label, or the key when unknown */
	double rate;              /* bytes per second */
};

/* One fit of  seconds = calls*R + bytes*U  for one cache state. */
struct report_fit {
	int present;              /* the sweep has this cache state */
	int ok;                   /* the points determined R and U */
	double r, u;              /* seconds per call, seconds per byte */
};

enum report_status { REPORT_OK, REPORT_ERROR };

/* One expectation of a lesson (lesson.h's `expect:`) held against the run:
 * what the writers print (report_expect.h evaluates it). */
struct report_expectation {
	char *claim;              /* the sentence students see */
	char *check;              /* the expression as written */
	char *bound;              /* "near 4096 \u00b1 1%", "at least 5": with the
	                             run's numbers when they could be computed */
	struct expect_outcome outcome;
	/* how it is graded, from its lesson (struct lesson_grading) */
	double points;            /* its own points:, 0 when a share */
	enum lesson_visibility visibility;
	char *leaderboard;        /* NULL, or its name on the leaderboard */
};

struct report_result {
	char *lesson;             /* id */
	char *title;
	struct wl_spec spec;      /* the workload as run (overrides applied); owned */
	enum report_status status;
	char *error;              /* NULL, or why (also the expected error's text) */

	/* The measured figures: `measured` is 0 when no trial ran to the end
	 * (every measured field is then null).  summary.median is the trial
	 * reported; trials counts the trials run. */
	int measured;
	unsigned trials;
	struct trial_summary summary;

	struct report_ref *refs;
	size_t nrefs;

	/* Sweep lessons: every point, and the fit per cache state. */
	int is_sweep;
	struct sweep_point *points;
	size_t npoints;
	struct report_fit fit[2]; /* indexed by enum wl_cache */

	double lesson_points;     /* the lesson's `points:` (default 1) */
	struct trial_result *runs;    /* every trial summary's figures were taken
	                                 from (trial_pick says which count), so a
	                                 field's min and max can be told; owned */
	unsigned nruns;
	struct report_expectation *expects;   /* the lesson's expectations, once
	                                         report_expect_all() ran */
	size_t nexpects;
	/* A trial's workload was stopped by a signal: what trial_result's
	 * disturbance said ("stopped for 3.0 s by a signal"), "" if none was. */
	char disturbed[64];
	/* The lesson's grading (doc/batch-output.md,
	 * "Grading policy"), and how often --inconclusive retry ran it again. */
	int points_given;
	enum lesson_visibility visibility;
	unsigned retries;
	/* This machine's model of the run (model.h): its median trial's counts
	 * times the notebook's calibrated costs; present 0 when no calibration
	 * was at hand or nothing was measured (a sweep: its fit is the model). */
	struct model_estimate model;
	/* The scratch filesystem has no storage device (report.no_device). */
	int no_device;
};

/* The columns batch text fits in unless --wide. */
#define REPORT_TEXT_WIDTH 80

struct report {
	char *version;            /* PACKAGE_VERSION */
	char kernel[128];         /* uname -r */
	char filesystem[32];      /* of the scratch directory */
	int no_device;            /* it has no storage device (tmpfs, ramfs):
	                             report_no_device() */
	char *scratch;            /* its path */
	char *syscall_counter;    /* procfs | perf | none */
	/* the scratch directory's block device (device.h), or none with
	 * device_note saying why ("" when unknown) */
	struct device_info device;
	int has_device;
	char device_note[160];
	char started[32];         /* ISO-8601 UTC, second precision */
	struct machine machine;   /* what `machine` says beyond kernel and
	                             filesystem (report_format_json_machine) */
	char *course;             /* course title, or NULL */
	unsigned trials;          /* trials requested per lesson */
	int wide;                 /* --wide: the text table on one line per lesson,
	                             however wide (else it fits REPORT_TEXT_WIDTH) */
	/* the grader's policy (report_policy.h), and the seconds the whole run
	 * took (results.json's execution_time; < 0 unknown) */
	enum report_inconclusive inconclusive;
	double execution_seconds;
	struct report_result *results;
	size_t nresults;
};

/* Does a filesystem of this name have no storage device under it?  Its
 * syncs, dirty pages, evictions and O_DIRECT show no device's work. */
int report_no_device(const char *filesystem);
/* What the student is told at the start on such a filesystem: "DIR is on
 * tmpfs, which has no storage device: ...". */
void report_no_device_words(const char *dir, const char *filesystem, char *buf, size_t len);
/* Does spec mean to reach the device (O_SYNC, O_DSYNC, O_DIRECT, a sync,
 * a cold cache, DONTNEED advice)?  On a filesystem with no device its
 * timing shows none of that. */
int report_device_bound(const struct wl_spec *spec);
/* The machine's device: d, or none (d NULL) for the reason in note. */
void report_set_device(struct report *r, const struct device_info *d, const char *note);

/* Fills version, kernel and started (now).  0, or -1 (ENOMEM). */
int report_init(struct report *r, const char *scratch, const char *filesystem,
                const char *syscall_counter);
/* Appends a result for lesson l with the effective spec (deep-copied) and
 * its reference rates labelled from rd (may be NULL).  Status starts ok. */
struct report_result *report_add(struct report *r, const struct lesson *l,
                                 const struct wl_spec *spec, const struct ref_data *rd);
/* A result made from one trial_result standing for its trials (the lab's
 * run: a watched run's sum is one "trial", so every field's min and max
 * are its value) and appended as report_add does: measured when t's
 * verdict is ok (an expected error included) and it could be summarized,
 * failed or noted as report_trial_outcome() says, as batch's results are.
 * t NULL: nothing was measured.  trials: how many trials the
 * result says it stands for.  The same field table (report_fields.h) then
 * answers for the lab's run as for a batch result.  NULL out of memory. */
struct report_result *report_add_trial(struct report *r, const struct lesson *l,
                                       const struct wl_spec *spec, const struct ref_data *rd,
                                       const struct trial_result *t, unsigned trials);
/* What a trial's verdict means for a lesson's result, for batch and the
 * lab alike: 0 it ran as meant; 1 it failed as meant (the expected error's
 * text in msg, for report_note); -1 it failed the lesson (why in msg, for
 * report_fail: "... (the lesson expects EINVAL)" when another error came
 * than the one the lesson exists to show).  spec: the workload as run. */
int report_trial_outcome(const struct wl_spec *spec, const struct trial_result *t,
                         char *msg, size_t len);
/* Frees the result's expectations (res->expects, as report_expect.c makes
 * them) and leaves it with none. */
void report_expects_free(struct report_result *res);
/* Forgets what the result measured (figures, trials, points of a sweep,
 * claims, error), status ok again, so its lesson can be run again into it
 * (--inconclusive retry); its lesson, spec and references stay. */
void report_reset_measured(struct report_result *res);
/* Sets the result's error text (printf-style) and status error. */
void report_fail(struct report_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Records the expected error's text, status staying ok. */
void report_note(struct report_result *res, const char *text);
/* The points of a result's test: j < 0 the lesson having run, else its
 * j-th claim.  A claim with points: has them; the lesson's points are
 * shared evenly over its claims without; the run earns the lesson's
 * points only when no claim shares them (every claim has its own, or
 * there is none) and the lesson gave points (or, claim-free, its default).
 * doc/batch-output.md, "Grading policy". */
double report_test_points(const struct report_result *res, long j);
/* The model of res from costs (NULL: none), as model_predict() makes it
 * from the median trial; a sweep, an unmeasured run: none. */
void report_model(struct report_result *res, const struct cost_table *costs);
/* 1 if any result has status error. */
int report_any_failed(const struct report *r);
void report_free(struct report *r);

/* --- values shared by the writers --------------------------------------- */

/* A count the kernel could not give is -1: writers print null / empty. */
#define REPORT_UNAVAILABLE (-1)

/* syscalls.read / .write / .total of a result, or REPORT_UNAVAILABLE.
 * read/write come from the counter named by the median trial's
 * syscall_source (procfs: syscr/syscw); total only from perf. */
int64_t report_syscalls_read(const struct report_result *res);
/* copied.startup_read_bytes: a read command's start-up reads, taken off
 * its bytes; REPORT_UNAVAILABLE for every other kind */
int64_t report_startup_read_bytes(const struct report_result *res);
int64_t report_syscalls_write(const struct report_result *res);
int64_t report_syscalls_total(const struct report_result *res);
/* A perf per-kind count (SYS_LSEEK ...), or REPORT_UNAVAILABLE. */
int64_t report_syscalls_kind(const struct report_result *res, enum sys_kind k);
/* Bytes moved per read+write syscall; NAN when there were none or the
 * counts are unavailable. */
double report_bytes_per_syscall(const struct report_result *res);
/* Did the median trial measure a rate?  Not when it failed before moving a
 * byte (an O_DIRECT EINVAL on the first read): its seconds and rate are
 * then null, not 0, so a grader's average is not dragged down by them. */
int report_has_rate(const struct report_result *res);
/* Natural log of the median rate; NAN when not measured. */
double report_log_rate(const struct report_result *res);
/* Did a trial run on a busy machine?  1 busy, 0 not, -1 when it cannot
 * be told (doc/batch-output.md).  Measured where the kernel counts
 * run-queue time: a trial the figures come from waited for a CPU for more
 * than REPORT_BUSY_WAIT_SHARE of its wall time (time.cpu_wait) - a device
 * read or a short loop is off the CPU waiting for the device, which is not
 * load.  Without that count, the older rule: a CPU-bound loop (the lab's
 * own, warm cache, no O_SYNC, O_DSYNC or O_DIRECT, no sync) on the CPU for
 * less than REPORT_BUSY_CPU_SHARE of its seconds.  (Busy only slows a loop
 * down: a verdict stands when the rate corrected for the wait, rate_alone,
 * could not change it: expect.h.) */
#define REPORT_BUSY_WAIT_SHARE 0.05
#define REPORT_BUSY_CPU_SHARE 0.8
int report_ran_busy(const struct report_result *res);
/* Takes the trials rs[0..n-1] the summary came from into res->runs (a
 * copy).  0, or -1 out of memory. */
int report_keep_runs(struct report_result *res, const struct trial_result *rs, unsigned n);
/* The trials of res->runs its figures come from (trial_pick's choice, over
 * every trial kept): *index gets their indexes into res->runs, malloc'd for
 * the caller to free, and the count is returned.  0 with *index NULL when
 * no trials were kept (a result made from one trial_result) or memory ran
 * out: callers then fall back on the median trial or on nothing. */
unsigned report_picked_runs(const struct report_result *res, unsigned **index);
/* The checksum is meaningful for reads by the lab's own loops only (the
 * kind's row says which fold one). */
int report_has_checksum(const struct report_result *res);

/* A bound as expect_describe_bound() words it, in ASCII for the text
 * table and stderr: "near 4096 +- 1%". */
void report_ascii_bound(const char *bound, char *buf, size_t len);

/* --- formatting primitives (exported for the tests) ---------------------- */

/* A finite double in the shortest form that reads back to the same value,
 * always with a '.' or an exponent ("5.0", "0.1", "1e+21"), so a reader
 * sees a float.  Returns 0, or -1 for NaN/inf (buf gets "null"). */
int report_format_double(double v, char *buf, size_t len);
/* Length (1-4) of the valid UTF-8 sequence at s, or 0 when the byte at s
 * starts none (overlong forms, surrogates and values past U+10FFFF are
 * invalid).  Error texts can hold file names in any encoding, and every
 * writer replaces such bytes with U+FFFD so its output stays valid UTF-8.
 * The writers' name for utf8_len() (utf8.h), the lab's one decoder. */
size_t report_utf8_len(const char *s);
#define REPORT_REPLACEMENT "\xef\xbf\xbd"   /* U+FFFD in UTF-8 */
/* Text from lesson files and error messages (a command's stderr) as one
 * line of output a terminal may show: C0 controls and DEL become spaces
 * (the text table stays a table, a TAP description one line); what else a
 * terminal must not be sent (utf8.h's rule: C1 controls, the bidi
 * overrides and isolates) becomes '?', as in --list and the progress
 * lines; invalid UTF-8 becomes U+FFFD.  Each ASCII character of `escaped`
 * (NULL: none) gets a '\' before it (TAP's "\#").  NULL prints nothing. */
void report_put_line(FILE *out, const char *s, const char *escaped);

#endif
