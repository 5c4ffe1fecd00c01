/* store.h - the lab notebook: every run kept in an SQLite database.
 *
 * One file, $XDG_STATE_HOME/iolab/lab.db (else ~/.local/state/iolab/lab.db)
 * or the file given with --db.  The interactive lab and --batch record a row
 * per run into it (never update one); the lab's screens, --history and the
 * prediction score read it with the queries below.  Several programs may
 * have it open at once (two labs and a batch run): each write waits its turn.
 *
 * The schema, and why it is what it is, is described at the top of store.c.
 *
 * Conventions: functions that can fail return -1 with the reason in the
 * caller's msg buffer (errmsg style); messages are fit to show the student
 * as they are.  Numbers that were not measured are NAN (doubles) or -1
 * (counts), and read back the same way (SQL NULL in the file).
 *
 * A store belongs to one process and one thread.  Never use it in a child
 * of fork() (a trial's child that does not touch it is fine: SQLite opens
 * its files close-on-exec), and do not call the store from a query's
 * callback.
 */
#ifndef IOLAB_STORE_H
#define IOLAB_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "sweep.h"

struct store;                 /* opaque: one open database */

/* Which program recorded a run. */
enum store_recorder {
	STORE_BY_LAB,             /* "lab": the interactive lab */
	STORE_BY_BATCH,           /* "batch": iolab --batch */
	STORE_BY_IMPORT,          /* "imported": from the old progress file */
	STORE_RECORDERS
};

/* What kind of run it was: whether it can stand for the lesson.  Only
 * STORE_KIND_LESSON runs are "normal" results (store_latest_normal), and
 * only while their workload is the lesson's (struct store_specs); every
 * other kind is a variant, listed apart and labelled. */
enum store_kind {
	STORE_KIND_LESSON,        /* "lesson": as the lesson says, run to its end */
	STORE_KIND_CHANGED,       /* "changed": knobs changed (label says which) */
	STORE_KIND_STOPPED,       /* "stopped": the student stopped it */
	STORE_KIND_TIME_LIMITED,  /* "time_limited": a time limit the lesson did not
	                             set (--time-limit, changed knobs) cut it short */
	STORE_KIND_RACED,         /* "raced": measured while something disturbed it */
	STORE_KIND_EXPERIMENT,    /* "experiment": from the experiment bench */
	STORE_KIND_PROGRAM,       /* "program": the student's own program */
	STORE_KINDS
};

/* How a run was set up, before its outcome is known (store_kind_pick). */
enum store_origin {
	STORE_FROM_LESSON,        /* the lesson's workload as written */
	STORE_FROM_CHANGED,       /* the lesson's workload with knobs changed */
	STORE_FROM_EXPERIMENT,
	STORE_FROM_PROGRAM
};

const char *store_kind_name(enum store_kind k);         /* "time_limited" */
const char *store_recorder_name(enum store_recorder r); /* "batch" */

/* The one rule for filing a run: an outcome that spoils the measurement
 * (stopped by the student; cut by a time limit the lesson did not set;
 * raced) wins over how the run was set up; otherwise the origin decides.
 * A lesson's own time limit is part of the lesson (w01's file would take
 * half an hour: its 2 s limit is what the lesson measures), so a run it
 * ended is a run as the lesson says.  `stopped` is the engine's flag (set
 * for both the student's stop and the time limit). */
enum store_kind store_kind_pick(enum store_origin origin, int stopped,
                                int time_limited, int raced);

/* One number of a run's result, by its field name in the batch output
 * ("rate.median", "syscalls.write": report_fields.h's table), so a later
 * question about one figure ("log_rate of w01's latest result") is a query,
 * never a parse of the stored JSON. */
struct store_field {
	const char *name;
	double value;             /* finite; a field that was null is not given */
};

/* One run, as given to store_record() and as handed to the callbacks of
 * the queries.  In a callback every pointer is valid only until it returns:
 * copy what you keep. */
struct store_run {
	/* --- given by the recorder (store_run_init() first) --------------- */
	const char *lesson;       /* lesson id; NULL for a run of no lesson */
	int64_t when;             /* UTC seconds at the end of the run; 0 = now */
	enum store_recorder recorder;
	enum store_kind kind;
	const char *label;        /* what changed: "4 B blocks", "warm"; NULL = "" */
	const char *spec;         /* the whole workload as run, one-line spec */
	int ok;                   /* status: 1 "ok", 0 "error" */
	const char *error;        /* the failure in words; NULL if none */
	double rate, log_rate, seconds;            /* NAN = not measured */
	int64_t bytes, passes;                     /* -1 = unknown */
	int64_t syscalls_read, syscalls_write;     /* -1 = unavailable */
	int64_t calls;            /* every call the workload made; -1 unknown */
	int time_limited;         /* 1, 0, -1 unknown */
	const char *result_json;  /* the batch JSON object of the run; NULL none */
	double guess_rate;        /* the prediction in B/s; NAN = none made */
	const char *guess_text;   /* what the student typed; NULL none */
	const struct sweep_point *points;          /* sweep points, in order */
	size_t npoints;
	/* Every number of the result (schema 2), each name once; the queries
	 * below never hand them back (store_latest_normal_field asks for one).
	 * A value that is not finite is left out, as a null is. */
	const struct store_field *fields;
	size_t nfields;

	/* --- filled by the store when read (ignored by store_record) ------ */
	int64_t id;               /* the row: increases with every record */
	const char *when_text;    /* "2026-11-21T22:30:00Z" */
	const char *version;      /* the iolab version that recorded it */
	double guess_log_rate;    /* ln(guess_rate); NAN without a guess */
	double guess_miss;        /* |guess_log_rate - log_rate|: NAN without both */
};

/* Everything unknown, no guess, no points, ok = 1, kind lesson, by the lab. */
void store_run_init(struct store_run *r);

/* --- opening ------------------------------------------------------------ */

/* $XDG_STATE_HOME/iolab/lab.db, else $HOME/.local/state/iolab/lab.db (a
 * variable that is not an absolute path is ignored).  0, or -1 when
 * neither gives one or buf is too small. */
int store_default_path(char *buf, size_t len);

enum store_open_flags {
	/* For readers such as --history: never create, move, migrate or write
	 * anything.  A file that does not exist reads as an empty store; a file
	 * of an older schema is read through a copy in memory (a snapshot).
	 * The -wal and -shm SQLite makes beside a closed file are removed at
	 * store_close; where they cannot be made, the file is read without its
	 * log and store_notice says runs may be missing. */
	STORE_OPEN_READ = 1
};

/* Open the store at `path`, or at store_default_path() when path is NULL
 * (its missing directories are then created, 0700; an existing directory
 * is never changed).  A given path is used as is.
 *
 * A file that is not an SQLite database, fails PRAGMA quick_check (see
 * store_open.c for when it is run), has a log frame damaged after it was
 * written (store_wal.c), or a schema version no iolab writes (negative, or
 * newer than this program knows) is never written to.  When it is the
 * lab's own - iolab's application id in its header, or any file at the
 * default path - it is moved aside to PATH.broken-YYYYMMDDTHHMMSSZ (with
 * its -wal/-shm/-journal), a new database is started, and store_notice()
 * says so, naming both paths; anything else is left untouched and
 * store_open returns NULL ("... is not an iolab notebook ...").
 *
 * When the database can only be read (read-only directory or file) the
 * store still opens for reading: store_readonly() says why, and
 * store_record() refuses with "not saved: ...".  When it cannot be created
 * at all (no such directory, a full disk) the store is an empty one in
 * memory, refusing records the same way, so the lab runs on and shows
 * every run.  Either way store_notice() says "Runs will not be saved: ...".
 *
 * Returns NULL with the reason in msg only when the student must act: the
 * file holds another program's database or is no iolab notebook (it is
 * left alone), it is damaged and could not be moved aside, or it is not a
 * regular file. */
struct store *store_open(const char *path, unsigned flags, char *msg, size_t msglen);
void store_close(struct store *st);

/* Is `path` the database `db` (NULL: the default one) or one of the files
 * SQLite keeps beside it (-wal, -shm, -journal)?  The same file (device and
 * inode) or, for a name that does not exist yet, the same name in the same
 * directory.  For refusing an --output that would write over the
 * notebook.  1 or 0. */
int store_names_notebook(const char *db, const char *path);

const char *store_path(const struct store *st);
/* Something the student must see and keep on screen until dismissed (the
 * database was moved aside ...), or "" for nothing.  Set by store_open and
 * by a later operation that had to reopen the file (store_record). */
const char *store_notice(const struct store *st);
void store_notice_clear(struct store *st);
/* Why nothing can be recorded ("... can only be read: ..."), or NULL when
 * the store is writable. */
const char *store_readonly(const struct store *st);

/* How long a write waits for another program's write to finish (default
 * STORE_BUSY_MS).  Tests shorten it. */
#define STORE_BUSY_MS 10000
void store_set_busy_timeout(struct store *st, int ms);

/* --- recording ---------------------------------------------------------- */

/* Insert one run and its sweep points, in one transaction: all or nothing.
 * Sets *id (may be NULL) to the new row.  0; or -1 with "not saved: REASON"
 * in msg (read-only, disk full, busy past the timeout ...): the caller shows
 * the run anyway and tells the student it was not saved. */
int store_record(struct store *st, const struct store_run *run, int64_t *id,
                 char *msg, size_t msglen);

/* A recorded run's batch JSON object replaced by the same run's object
 * with its claims judged: batch judges a lesson's claims once every
 * selected lesson has run (a claim may compare it with a later one), after
 * the run was recorded.  Only the run's own result text changes; its
 * figures are the ones recorded.  0, or -1 with "not saved: REASON". */
int store_set_result(struct store *st, int64_t id, const char *result_json, char *msg,
                     size_t msglen);

/* --- queries ------------------------------------------------------------ */

/* Called once per run; return nonzero to stop early (the query then
 * returns 0 all the same). */
typedef int (*store_run_fn)(const struct store_run *run, void *arg);

/* The workloads a lesson's normal result may have run, each written as a
 * run's row holds it (its spec: the canonical one-line spec,
 * notebook_lesson_specs gives a lesson's as it now says).  Lesson ids are
 * not unique across lesson packs and versions: a run filed under the same
 * id with another workload (a lesson of that id from another pack, the
 * lesson as an older iolab had it, an imported entry that knew only block
 * and cache) is no result of the lesson as it now says. */
struct store_specs {
	const char *const *text;
	size_t n;                 /* 0: no run can stand for the lesson */
};
#define STORE_SPECS_MAX 256   /* texts per question (a sweep: one per point) */

/* Is spec (a run's) one of specs?  The rule the queries below apply, for a
 * row already read (the lab labels a history row by it). */
int store_specs_hold(const struct store_specs *specs, const char *spec);

/* A row this iolab cannot read (a kind or recorder it does not know -
 * written by a later iolab, or edited by hand - empty, or not UTF-8) is
 * skipped by every query that hands runs over, never the end of it.  How
 * many the last such query skipped, with the sentence "1 run this iolab
 * cannot read, id 3" in buf ("" for none; the first 8 ids, then "..."). */
int64_t store_unreadable(const struct store *st, char *buf, size_t len);

/* The latest normal result of a lesson: kind "lesson" (run as the lesson
 * says, its own time limit included), status "ok", and its spec one of
 * specs: the run that may stand for the lesson in course marks and
 * "Compare with".  Calls fn with it and returns 1; 0 when there is none;
 * -1 with msg. */
int store_latest_normal(struct store *st, const char *lesson, const struct store_specs *specs,
                        store_run_fn fn, void *arg, char *msg, size_t msglen);

/* One number of the lesson's latest normal result (the run
 * store_latest_normal hands over for the same specs), by its field name:
 * for a claim about another lesson ("log_rate(w01-syncbyte)") when this
 * session has not run it.  Returns 1 with *value set (NAN when that run
 * had the field null: not measured there); 0 when the lesson has no
 * normal result; 2 when its latest normal result holds no fields at all
 * (recorded before schema 2), which is told apart so nobody mistakes "not
 * kept" for "not measured"; -1 with msg. */
int store_latest_normal_field(struct store *st, const char *lesson,
                              const struct store_specs *specs, const char *field,
                              double *value, char *msg, size_t msglen);

/* How many runs of a lesson the old progress file gave as the lesson's own
 * and ok: what an older iolab ran, with its workload not kept (the course
 * marks them as run before, never as a result).  0 or -1 with msg. */
int store_count_imported(struct store *st, const char *lesson, int64_t *n,
                         char *msg, size_t msglen);

/* Every run of a lesson (NULL: of every lesson), newest first: the
 * history view.  A list: each run without its stored result object
 * (result_json NULL) and points.  0 or -1 with msg. */
int store_history(struct store *st, const char *lesson,
                  store_run_fn fn, void *arg, char *msg, size_t msglen);

/* Every run of a lesson (NULL: all), oldest first, each with every column,
 * its stored JSON and its points: for export.  0 or -1 with msg. */
int store_each(struct store *st, const char *lesson,
               store_run_fn fn, void *arg, char *msg, size_t msglen);

/* Runs that carried a prediction and a measured rate (lesson NULL: of
 * every lesson), newest first; run->guess_miss is set for each. */
int store_predictions(struct store *st, const char *lesson,
                      store_run_fn fn, void *arg, char *msg, size_t msglen);

/* The score over the same runs as store_predictions. */
struct store_score {
	int64_t guesses;          /* runs scored */
	double mean_miss;         /* mean |ln(guess) - ln(rate)|; NAN when none */
	int64_t within_1;         /* guesses that missed by 1.0 or less */
};
int store_score(struct store *st, const char *lesson, struct store_score *out,
                char *msg, size_t msglen);

/* How many runs (of a lesson; NULL: of all).  The count, or -1 with msg. */
int64_t store_count(struct store *st, const char *lesson, char *msg, size_t msglen);

/* Delete every run, its points and fields (the caller has asked the student).
 * Sets *deleted (may be NULL).  The state table is kept.  0 or -1. */
int store_forget(struct store *st, int64_t *deleted, char *msg, size_t msglen);

/* The ids of every run, ascending, in a malloc'd array the caller frees
 * (*ids NULL when there are none): what --forget counts and asks about.
 * 0 or -1 with msg. */
int store_run_ids(struct store *st, int64_t **ids, size_t *n, char *msg, size_t msglen);

/* Delete exactly these runs (their points and fields with them), in one
 * transaction: a run recorded after the ids were read is kept.  Sets
 * *deleted (may be NULL) to how many of them were still there.  0 or -1. */
int store_forget_ids(struct store *st, const int64_t *ids, size_t n, int64_t *deleted,
                     char *msg, size_t msglen);

/* --- small key/value state ("lesson" = the last lesson on screen) -------- */

/* 1 with the value copied into buf, 0 when the key is not set, -1 with msg. */
int store_state_get(struct store *st, const char *key, char *buf, size_t len,
                    char *msg, size_t msglen);
int store_state_set(struct store *st, const char *key, const char *value,
                    char *msg, size_t msglen);

/* --- the old progress file ---------------------------------------------- */

/* What a lesson says, for telling an imported entry that ran with changed
 * knobs apart from one run as written: 0 with the lesson's block and cache
 * (cold 1/0), or -1 when the lesson is unknown (the entry is then taken as
 * the file says). */
typedef int (*store_lesson_knobs_fn)(const char *lesson, uint64_t *block,
                                     int *cold, void *arg);

/* Import `progress` from the store's directory once, then rename it to
 * progress.imported.  Call it for the default store only (a --db file's
 * directory may hold someone else's `progress`).  knobs may be NULL.
 *
 * Returns the number of runs imported (its sentence in notice: "Imported N
 * lesson results and M sweep points from ..."), 0 when there was nothing
 * to import or it was imported before (notice ""), or -1
 * with the reason in notice: a damaged file is left in place, untouched. */
int store_import_progress(struct store *st, store_lesson_knobs_fn knobs, void *arg,
                          char *notice, size_t noticelen);

/* --- this machine's costs (schema 3) ------------------------------------ */

struct calibration;           /* calib.h */

/* Keep calibration c for its key, replacing what that key had, in one
 * transaction.  0, or -1 with "not saved: ..." in msg. */
int store_costs_put(struct store *st, const struct calibration *c, char *msg, size_t msglen);
/* The calibration kept for c->key (filled in by the caller): 1 found, and
 * the rest of *c filled; 0 none kept for that key (another machine,
 * kernel, filesystem or device: it must be measured again); -1 with msg. */
int store_costs_get(struct store *st, struct calibration *c, char *msg, size_t msglen);

#endif
