/* store.c - the lab notebook: every run kept in SQLite.
 *
 * SCHEMA (version 4: PRAGMA user_version = 4, PRAGMA application_id =
 * 0x696f6c62 "iolb", so that a file of another program is recognised and
 * left alone).  Version 1 had runs, points and state; version 2 added
 * fields; version 3 two partial indexes (runs_scored, runs_imported) so
 * that the lab's start reads no whole table; version 4 costs.  An older
 * file is brought up to date when it is opened for writing
 * (store_migrate), or read through an upgraded copy in memory.
 *
 *   runs: one row per run.
 *     id            INTEGER PRIMARY KEY: the order rows were recorded in
 *                   (ties of `at` are broken by it).
 *     lesson        the lesson id; NULL for a run of no lesson (an own
 *                   program measured from the command line).
 *     at, at_text   when the run ended: UTC seconds for sorting and
 *                   arithmetic, and the same as ISO 8601 text so that a
 *                   person reading the file or an export needs no
 *                   conversion.
 *     recorder      lab | batch | imported: which program wrote it.
 *     version       the iolab version that wrote it, so an odd old row
 *                   can be explained later.
 *     kind          lesson | changed | stopped | time_limited | raced |
 *                   experiment | program (store_kind_pick decides).  Only
 *                   `lesson` rows stand for a lesson; a column rather than
 *                   flags because "which runs are normal" must be one
 *                   question with one answer (NORMAL_SQL).  Checked in C,
 *                   not by a CHECK constraint, so a later kind needs no
 *                   table rebuild.
 *     label         what was changed, "4 B blocks", "warm" ('' if nothing).
 *     spec          the whole workload as run, as a one-line spec: every
 *                   knob, so a variant is never mistaken for the lesson.
 *                   A `lesson` row stands for its lesson only while its
 *                   spec is the lesson's as it now says (store_specs):
 *                   lesson ids are not unique across packs and versions.
 *                   Imported rows know only block and cache, so they stay
 *                   in the history and never stand for a lesson.
 *     status, error ok | error, and the failure in words.
 *     rate, log_rate, seconds, bytes, passes, syscalls_read,
 *     syscalls_write, calls, time_limited
 *                   the headline figures as real columns, for queries
 *                   (latest result, score, sorting) without parsing JSON.
 *                   NULL = not measured, never 0.
 *     result        the complete result as the batch JSON object (TEXT, as
 *                   the report writer produced it): every field, for
 *                   export; NULL for imported rows (the old file had none).
 *     guess_rate, guess_log_rate, guess_text
 *                   the prediction, if one was made: the rate in B/s, its
 *                   natural log (stored so the score is plain SQL; SQLite
 *                   may lack ln()), and the text the student typed.
 *   points: the sweep points of a run, (run, seq) in sweep order: block,
 *     cache, ok, rate, seconds, calls, bytes.  Deleted with their run.
 *   state: key/value text that is not a run ("lesson": where the lab
 *     reopens).
 *   fields (version 2): the numbers of a run's result a claim may read
 *     (run, name) -> value, named as the batch output names them
 *     ("rate.median", "syscalls.write", "busy" as 0/1; the recorder
 *     decides which, notebook.c): what a lesson's claim about another
 *     lesson reads (store_latest_normal_field), by plain SQL, where the
 *     result column would have to be parsed.  Numbers only: a field
 *     that was null has no row, so a run with rows but none for a name had
 *     it null; a run with no rows at all was recorded before version 2 or
 *     imported, and says so.  Deleted with their run.
 *   costs (version 4): this machine's primitive costs as `iolab
 *     --calibrate` measured them (calib.h), one row per cost, keyed by
 *     machine, kernel, filesystem and device: a calibration answers only
 *     for the key it was measured under, so a new kernel or another disk
 *     is simply a key with no rows yet, and the lab measures again.
 *     seconds is NULL where the cost could not be measured, why says why.
 *     A new calibration of a key replaces its rows (store_costs_put).
 *
 * WHY WAL: two labs and a batch run write the same file.  In WAL mode
 * readers never block a writer nor a writer its readers (so --history works
 * while a lab records), and a commit is one append.  Every write takes the
 * write lock up front (BEGIN IMMEDIATE) and waits for it up to the busy
 * timeout, so concurrent writers queue instead of failing; synchronous=FULL
 * so a recorded run survives a power cut.
 *
 * WHY INSERT-ONLY: a run is a fact that happened; the old progress file
 * kept one result per lesson and overwrote it, which is how changed and
 * stopped runs replaced real ones and two labs lost each other's work.
 * Rows are inserted (one transaction per run, its points included) and
 * deleted only by store_forget; "the result of lesson X" is a query.
 *
 * Opening the file (moving a damaged one aside, falling back to reading,
 * the directory lock) is in store_open.c.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "countof.h"
#include "errmsg.h"
#include "store.h"
#include "store_impl.h"
#include "wl.h"

/* migrations[i] takes the schema from version i to i + 1.  A new version is
 * one more entry; an entry is never changed once released. */
static const char *const migrations[] = {
	/* 1: runs, points, state */
	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"
	" lesson TEXT,"
	" at INTEGER NOT NULL,"
	" at_text TEXT NOT NULL,"
	" recorder TEXT NOT NULL,"
	" version TEXT NOT NULL,"
	" kind TEXT NOT NULL,"
	" label TEXT NOT NULL DEFAULT '',"
	" spec TEXT NOT NULL,"
	" status TEXT NOT NULL CHECK (status IN ('ok', 'error')),"
	" error TEXT,"
	" rate REAL, log_rate REAL, seconds REAL,"
	" bytes INTEGER, passes INTEGER,"
	" syscalls_read INTEGER, syscalls_write INTEGER, calls INTEGER,"
	" time_limited INTEGER CHECK (time_limited IN (0, 1)),"
	" result TEXT,"
	" guess_rate REAL CHECK (guess_rate > 0),"
	" guess_log_rate REAL,"
	" guess_text TEXT,"
	" CHECK ((guess_rate IS NULL) = (guess_log_rate IS NULL)));"
	"CREATE INDEX runs_by_lesson ON runs (lesson, at);"
	"CREATE TABLE points ("
	" run INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" block INTEGER NOT NULL,"
	" cache TEXT NOT NULL,"
	" ok INTEGER NOT NULL,"
	" rate REAL, seconds REAL, calls REAL, bytes REAL,"
	" PRIMARY KEY (run, seq)) WITHOUT ROWID;"
	"CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;",
	/* 2: fields, the numbers of a run's result by name */
	"CREATE TABLE fields ("
	" run INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" value REAL NOT NULL,"
	" PRIMARY KEY (run, name)) WITHOUT ROWID;",
	/* 3: the score and the imported runs answered from small indexes, not
	 * the whole table (a class's notebook holds 200,000 runs) */
	"CREATE INDEX runs_scored ON runs (lesson, guess_log_rate, log_rate)"
	" WHERE guess_log_rate IS NOT NULL AND log_rate IS NOT NULL;"
	"CREATE INDEX runs_imported ON runs (lesson) WHERE recorder = 'imported';",
	/* 4: costs, this machine's calibrated primitive costs */
	"CREATE TABLE costs ("
	" machine TEXT NOT NULL,"
	" kernel TEXT NOT NULL,"
	" filesystem TEXT NOT NULL,"
	" device TEXT NOT NULL,"
	" name TEXT NOT NULL,"
	" seconds REAL,"
	" why TEXT NOT NULL DEFAULT '',"
	" at_text TEXT NOT NULL,"
	" took REAL NOT NULL,"
	" quick INTEGER NOT NULL CHECK (quick IN (0, 1)),"
	" PRIMARY KEY (machine, kernel, filesystem, device, name)) WITHOUT ROWID;",
};
#define STORE_SCHEMA_VERSION ((int64_t)COUNT(migrations))

int64_t store_schema_version(void)
{
	return STORE_SCHEMA_VERSION;
}

/* Bring the schema up to date, all in one transaction that re-reads the
 * version under the write lock (two labs may start on a new file at once). */
int store_migrate(sqlite3 *db, char *why, size_t len)
{
	int64_t version = 0;
	int rc;
	if (store_exec(db, "BEGIN IMMEDIATE", why, len) != 0)
		return -1;
	if (store_query_int(db, "PRAGMA user_version", &version, &rc) != 0) {
		store_db_reason(db, why, len);
		goto fail;
	}
	if (version > STORE_SCHEMA_VERSION) {
		snprintf(why, len, "a newer iolab (schema version %lld) took it over meanwhile",
		         (long long)version);
		goto fail;
	}
	for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++)
		if (store_exec(db, migrations[v], why, len) != 0)
			goto fail;
	int64_t app = 0;
	if (store_query_int(db, "PRAGMA application_id", &app, &rc) != 0) {
		store_db_reason(db, why, len);
		goto fail;
	}
	/* a notebook of 0.2 recognised by its tables gets the id it lacked */
	if (version < STORE_SCHEMA_VERSION || app != STORE_APP_ID) {
		char sql[128];
		snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %lld",
		         STORE_APP_ID, (long long)STORE_SCHEMA_VERSION);
		if (store_exec(db, sql, why, len) != 0)
			goto fail;
	}
	if (store_exec(db, "COMMIT", why, len) == 0)
		return 0;
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* A row whose recorder this iolab knows (recorder_names below, the same
 * names): a normal result is picked among these, so an unreadable row
 * (skipped when read) never hides the one before it. */
#define READABLE_SQL "recorder IN ('lab', 'batch', 'imported')"
/* The questions asked of the runs, each defined once. */
/* Normal: run as the lesson says (its own time limit included: see
 * store_kind_pick) and without an error; of ?1, with its workload one of
 * the lesson's (normal_tail adds "spec IN (?3, ...)"). */
#define NORMAL_SQL "lesson = ?1 AND kind = 'lesson' AND status = 'ok' AND " READABLE_SQL
#define MISS_SQL "abs(guess_log_rate - log_rate)"
#define SCORED_SQL "guess_log_rate IS NOT NULL AND log_rate IS NOT NULL"
/* ?1 is a lesson's id, or NULL for every run: two texts, since a term
 * "(?1 IS NULL OR lesson = ?1)" keeps SQLite from using the lesson's
 * index (every query then read the whole table). */
#define BY_LESSON(lesson, head, tail) \
	((lesson) ? head "lesson = ?1" tail : head "?1 IS NULL" tail)
#define NEWEST_FIRST " ORDER BY at DESC, id DESC"

/* --- names ---------------------------------------------------------------- */

static const char *const kind_names[STORE_KINDS] = {
	[STORE_KIND_LESSON] = "lesson",
	[STORE_KIND_CHANGED] = "changed",
	[STORE_KIND_STOPPED] = "stopped",
	[STORE_KIND_TIME_LIMITED] = "time_limited",
	[STORE_KIND_RACED] = "raced",
	[STORE_KIND_EXPERIMENT] = "experiment",
	[STORE_KIND_PROGRAM] = "program",
};

static const char *const recorder_names[STORE_RECORDERS] = {
	[STORE_BY_LAB] = "lab",
	[STORE_BY_BATCH] = "batch",
	[STORE_BY_IMPORT] = "imported",
};

static const char *const status_names[2] = { "error", "ok" };

const char *store_kind_name(enum store_kind k)
{
	return (unsigned)k < STORE_KINDS ? kind_names[k] : "?";
}

const char *store_recorder_name(enum store_recorder r)
{
	return (unsigned)r < STORE_RECORDERS ? recorder_names[r] : "?";
}

static int name_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(names[i], s) == 0)
			return (int)i;
	return -1;
}

enum store_kind store_kind_pick(enum store_origin origin, int stopped,
                                int time_limited, int raced)
{
	static const enum store_kind by_origin[] = {
		[STORE_FROM_LESSON] = STORE_KIND_LESSON,
		[STORE_FROM_CHANGED] = STORE_KIND_CHANGED,
		[STORE_FROM_EXPERIMENT] = STORE_KIND_EXPERIMENT,
		[STORE_FROM_PROGRAM] = STORE_KIND_PROGRAM,
	};
	if (stopped && !time_limited)
		return STORE_KIND_STOPPED;
	if (time_limited && origin != STORE_FROM_LESSON)
		return STORE_KIND_TIME_LIMITED;     /* a limit the lesson did not set */
	if (raced)
		return STORE_KIND_RACED;
	return (unsigned)origin < COUNT(by_origin) ? by_origin[origin] : STORE_KIND_CHANGED;
}

void store_run_init(struct store_run *r)
{
	memset(r, 0, sizeof *r);
	r->recorder = STORE_BY_LAB;
	r->kind = STORE_KIND_LESSON;
	r->ok = 1;
	r->rate = r->log_rate = r->seconds = NAN;
	r->bytes = r->passes = r->syscalls_read = r->syscalls_write = r->calls = -1;
	r->time_limited = -1;
	r->guess_rate = r->guess_log_rate = r->guess_miss = NAN;
}

/* --- the columns of runs, in one table: INSERT, SELECT and the struct ---- */

enum col_type {
	COL_TEXT,                 /* const char *, NULL <-> NULL */
	COL_I64,                  /* int64_t, negative <-> NULL */
	COL_INT,                  /* int, negative <-> NULL */
	COL_REAL,                 /* double, not finite <-> NULL */
	COL_KIND, COL_RECORDER, COL_STATUS   /* enums stored by name */
};

struct column {
	const char *sql;          /* the column, or an expression read back */
	enum col_type type;
	size_t offset;            /* in struct store_run */
	int written;              /* store_record writes it */
};

#define FIELD(f) offsetof(struct store_run, f)
static const struct column run_columns[] = {
	{ "id", COL_I64, FIELD(id), 0 },
	{ "lesson", COL_TEXT, FIELD(lesson), 1 },
	{ "at", COL_I64, FIELD(when), 1 },
	{ "at_text", COL_TEXT, FIELD(when_text), 1 },
	{ "recorder", COL_RECORDER, FIELD(recorder), 1 },
	{ "version", COL_TEXT, FIELD(version), 1 },
	{ "kind", COL_KIND, FIELD(kind), 1 },
	{ "label", COL_TEXT, FIELD(label), 1 },
	{ "spec", COL_TEXT, FIELD(spec), 1 },
	{ "status", COL_STATUS, FIELD(ok), 1 },
	{ "error", COL_TEXT, FIELD(error), 1 },
	{ "rate", COL_REAL, FIELD(rate), 1 },
	{ "log_rate", COL_REAL, FIELD(log_rate), 1 },
	{ "seconds", COL_REAL, FIELD(seconds), 1 },
	{ "bytes", COL_I64, FIELD(bytes), 1 },
	{ "passes", COL_I64, FIELD(passes), 1 },
	{ "syscalls_read", COL_I64, FIELD(syscalls_read), 1 },
	{ "syscalls_write", COL_I64, FIELD(syscalls_write), 1 },
	{ "calls", COL_I64, FIELD(calls), 1 },
	{ "time_limited", COL_INT, FIELD(time_limited), 1 },
	{ "result", COL_TEXT, FIELD(result_json), 1 },
	{ "guess_rate", COL_REAL, FIELD(guess_rate), 1 },
	{ "guess_log_rate", COL_REAL, FIELD(guess_log_rate), 1 },
	{ "guess_text", COL_TEXT, FIELD(guess_text), 1 },
	{ MISS_SQL, COL_REAL, FIELD(guess_miss), 0 },
};
#undef FIELD

static int bind_column(sqlite3_stmt *s, int i, const struct column *c, const struct store_run *r)
{
	const char *at = (const char *)r + c->offset;
	const char *text;
	int64_t i64;
	int n;
	double d;
	switch (c->type) {
	case COL_TEXT:
		memcpy(&text, at, sizeof text);
		return text ? sqlite3_bind_text(s, i, text, -1, SQLITE_STATIC) : sqlite3_bind_null(s, i);
	case COL_I64:
		memcpy(&i64, at, sizeof i64);
		return i64 < 0 ? sqlite3_bind_null(s, i) : sqlite3_bind_int64(s, i, i64);
	case COL_INT:
		memcpy(&n, at, sizeof n);
		return n < 0 ? sqlite3_bind_null(s, i) : sqlite3_bind_int(s, i, n);
	case COL_REAL:
		memcpy(&d, at, sizeof d);
		return isfinite(d) ? sqlite3_bind_double(s, i, d) : sqlite3_bind_null(s, i);
	case COL_KIND:
	case COL_RECORDER:
	case COL_STATUS:
		memcpy(&n, at, sizeof n);
		text = c->type == COL_KIND ? store_kind_name((enum store_kind)n)
		     : c->type == COL_RECORDER ? store_recorder_name((enum store_recorder)n)
		     : status_names[n != 0];
		return sqlite3_bind_text(s, i, text, -1, SQLITE_STATIC);
	}
	return SQLITE_MISUSE;
}

/* 0, or -1 when a stored name is not one this program knows. */
static int read_column(sqlite3_stmt *s, int i, const struct column *c, struct store_run *r)
{
	char *at = (char *)r + c->offset;
	int null = sqlite3_column_type(s, i) == SQLITE_NULL;
	const char *text = (const char *)sqlite3_column_text(s, i);
	int64_t i64 = null ? -1 : sqlite3_column_int64(s, i);
	int n = null ? -1 : sqlite3_column_int(s, i);
	double d = null ? NAN : sqlite3_column_double(s, i);
	switch (c->type) {
	case COL_TEXT:
		memcpy(at, &text, sizeof text);
		return 0;
	case COL_I64:
		memcpy(at, &i64, sizeof i64);
		return 0;
	case COL_INT:
		memcpy(at, &n, sizeof n);
		return 0;
	case COL_REAL:
		memcpy(at, &d, sizeof d);
		return 0;
	case COL_KIND:
		n = name_index(kind_names, COUNT(kind_names), text);
		break;
	case COL_RECORDER:
		n = name_index(recorder_names, COUNT(recorder_names), text);
		break;
	case COL_STATUS:
		n = name_index(status_names, COUNT(status_names), text);
		break;
	}
	if (n < 0)
		return -1;
	memcpy(at, &n, sizeof n);
	return 0;
}

/* "SELECT <every column> FROM runs <tail>"; not full: the stored result
 * object read as NULL (a list needs its columns, not 2 KB a row). */
static int select_sql(char *buf, size_t len, const char *tail, int full)
{
	size_t o = (size_t)snprintf(buf, len, "SELECT ");
	for (size_t i = 0; i < COUNT(run_columns) && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? ", " : "",
		                      full || run_columns[i].offset != offsetof(struct store_run,
		                                                                result_json)
		                      ? run_columns[i].sql : "NULL");
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o, " FROM runs %s", tail);
	return o < len ? 0 : -1;
}

/* "INSERT INTO runs (<written columns>) VALUES (?, ...)" */
static int insert_sql(char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "INSERT INTO runs (");
	int n = 0;
	for (size_t i = 0; i < COUNT(run_columns) && o < len; i++)
		if (run_columns[i].written)
			o += (size_t)snprintf(buf + o, len - o, "%s%s", n++ ? ", " : "", run_columns[i].sql);
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o, ") VALUES (");
	for (int i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s?", i ? ", " : "");
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o, ")");
	return o < len ? 0 : -1;
}

/* --- small helpers --------------------------------------------------------- */

static void iso_time(int64_t when, char *buf, size_t len)
{
	time_t t = (time_t)when;
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "?");
}

/* --- recording ------------------------------------------------------------- */

/* A write transaction, or -1 with the bare reason in why. */
static int begin_write(struct store *st, char *why, size_t len)
{
	if (store_ready(st, why, len) != 0)
		return -1;
	if (st->readonly)
		return errmsg(why, len, "%s", st->readonly);
	return store_exec(st->db, "BEGIN IMMEDIATE", why, len);
}

int store_begin(struct store *st, char *msg, size_t msglen)
{
	char why[1024];
	if (begin_write(st, why, sizeof why) != 0)
		return errmsg(msg, msglen, "not saved: %s", why);
	return 0;
}

int store_commit(struct store *st, char *msg, size_t msglen)
{
	char why[512];
	if (store_exec(st->db, "COMMIT", why, sizeof why) == 0)
		return 0;
	store_rollback(st);
	return errmsg(msg, msglen, "not saved: %s", why);
}

void store_rollback(struct store *st)
{
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

static int insert_points(struct store *st, int64_t run, const struct store_run *r,
                         char *msg, size_t msglen)
{
	if (!r->npoints)
		return 0;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "INSERT INTO points (run, seq, block, cache, ok, "
	                            "rate, seconds, calls, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
	                            -1, &s, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < r->npoints; i++) {
		const struct sweep_point *p = &r->points[i];
		const double reals[] = { p->rate, p->seconds, p->calls, p->bytes };
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, run);
		sqlite3_bind_int64(s, 2, (sqlite3_int64)i);
		sqlite3_bind_int64(s, 3, (sqlite3_int64)p->block);
		sqlite3_bind_text(s, 4, wl_cache_name(p->cache), -1, SQLITE_STATIC);
		sqlite3_bind_int(s, 5, p->ok ? 1 : 0);
		for (int k = 0; k < (int)COUNT(reals); k++)
			if (isfinite(reals[k]))
				sqlite3_bind_double(s, 6 + k, reals[k]);
			else
				sqlite3_bind_null(s, 6 + k);
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_OK)
		return 0;
	char why[512];
	store_db_reason(st->db, why, sizeof why);
	return errmsg(msg, msglen, "not saved: %s", why);
}

static int insert_fields(struct store *st, int64_t run, const struct store_run *r,
                         char *msg, size_t msglen)
{
	if (!r->nfields)
		return 0;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "INSERT INTO fields (run, name, value) VALUES (?, ?, ?)",
	                            -1, &s, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < r->nfields; i++) {
		const struct store_field *f = &r->fields[i];
		if (!f->name || !isfinite(f->value))
			continue;             /* null: no row (see the schema) */
		sqlite3_reset(s);
		sqlite3_bind_int64(s, 1, run);
		sqlite3_bind_text(s, 2, f->name, -1, SQLITE_STATIC);
		sqlite3_bind_double(s, 3, f->value);
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_OK)
		return 0;
	char why[512];
	store_db_reason(st->db, why, sizeof why);
	return errmsg(msg, msglen, "not saved: %s", why);
}

static int check_run(const struct store_run *r, char *msg, size_t msglen)
{
	if (!r->spec)
		return errmsg(msg, msglen, "not saved: the run has no workload spec");
	if ((unsigned)r->kind >= STORE_KINDS || (unsigned)r->recorder >= STORE_RECORDERS)
		return errmsg(msg, msglen, "not saved: unknown kind or recorder");
	if (!isnan(r->guess_rate) && !(isfinite(r->guess_rate) && r->guess_rate > 0))
		return errmsg(msg, msglen, "not saved: a guess must be a rate above 0 B/s");
	return 0;
}

int store_insert(struct store *st, const struct store_run *run, int64_t *id,
                 char *msg, size_t msglen)
{
	if (check_run(run, msg, msglen) != 0)
		return -1;
	struct store_run r = *run;
	char when_text[32];
	if (r.when <= 0)
		r.when = (int64_t)time(NULL);
	iso_time(r.when, when_text, sizeof when_text);
	r.when_text = when_text;
	r.version = PACKAGE_VERSION;
	if (!r.label)
		r.label = "";
	r.guess_log_rate = isnan(r.guess_rate) ? NAN : log(r.guess_rate);
	r.time_limited = r.time_limited < 0 ? -1 : r.time_limited != 0;

	char sql[1024];
	sqlite3_stmt *s = NULL;
	int rc = insert_sql(sql, sizeof sql) == 0
	         ? sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) : SQLITE_TOOBIG;
	int param = 0;
	for (size_t i = 0; rc == SQLITE_OK && i < COUNT(run_columns); i++)
		if (run_columns[i].written)
			rc = bind_column(s, ++param, &run_columns[i], &r);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	sqlite3_finalize(s);
	if (rc != SQLITE_OK) {
		char why[512];
		store_db_reason(st->db, why, sizeof why);
		return errmsg(msg, msglen, "not saved: %s", why);
	}
	int64_t row = sqlite3_last_insert_rowid(st->db);
	if (insert_points(st, row, &r, msg, msglen) != 0 ||
	    insert_fields(st, row, &r, msg, msglen) != 0)
		return -1;
	if (id)
		*id = row;
	return 0;
}

int store_record(struct store *st, const struct store_run *run, int64_t *id,
                 char *msg, size_t msglen)
{
	if (check_run(run, msg, msglen) != 0 || store_begin(st, msg, msglen) != 0)
		return -1;
	if (store_insert(st, run, id, msg, msglen) != 0) {
		store_rollback(st);
		return -1;
	}
	return store_commit(st, msg, msglen);
}

int store_set_result(struct store *st, int64_t id, const char *result_json, char *msg,
                     size_t msglen)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "UPDATE runs SET result = ?2 WHERE id = ?1", -1, &s,
	                            NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_int64(s, 1, id);
		sqlite3_bind_text(s, 2, result_json, -1, SQLITE_STATIC);
		rc = sqlite3_step(s);
	}
	sqlite3_finalize(s);
	if (rc == SQLITE_DONE)
		return 0;
	snprintf(msg, msglen, "not saved: %s", sqlite3_errmsg(st->db));
	return -1;
}

/* --- queries --------------------------------------------------------------- */

static int load_points(struct store *st, int64_t run, size_t *n)
{
	sqlite3_stmt *s = NULL;
	*n = 0;
	int rc = sqlite3_prepare_v2(st->db, "SELECT block, cache, ok, rate, seconds, calls, bytes "
	                            "FROM points WHERE run = ? ORDER BY seq", -1, &s, NULL);
	if (rc == SQLITE_OK)
		sqlite3_bind_int64(s, 1, run);
	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		rc = SQLITE_OK;
		if (*n == st->ptscap) {
			size_t cap = st->ptscap ? st->ptscap * 2 : 64;
			struct sweep_point *grown = realloc(st->pts, cap * sizeof *grown);
			if (!grown) {
				rc = SQLITE_NOMEM;
				break;
			}
			st->pts = grown;
			st->ptscap = cap;
		}
		struct sweep_point *p = &st->pts[(*n)++];
		memset(p, 0, sizeof *p);
		p->block = (uint64_t)sqlite3_column_int64(s, 0);
		if (wl_cache_from_name((const char *)sqlite3_column_text(s, 1), &p->cache) != 0)
			p->cache = WL_CACHE_WARM;
		p->ok = sqlite3_column_int(s, 2);
		double *reals[] = { &p->rate, &p->seconds, &p->calls, &p->bytes };
		for (int k = 0; k < (int)COUNT(reals); k++)
			*reals[k] = sqlite3_column_type(s, 3 + k) == SQLITE_NULL
			            ? NAN : sqlite3_column_double(s, 3 + k);
	}
	sqlite3_finalize(s);
	return rc == SQLITE_DONE || rc == SQLITE_OK ? 0 : -1;
}

/* The parameter of the first spec text: ?1 is the lesson, ?2 a field's
 * name (store_latest_normal_field). */
#define SPEC_PARAM 3

/* " WHERE <normal> AND spec IN (?3, ?4 ...) ORDER BY ... LIMIT 1": the
 * latest normal result of ?1 among specs (none: a spec that never
 * matches), for after "FROM runs".  0, or -1 with msg. */
static int normal_tail(char *buf, size_t len, const struct store_specs *specs,
                       char *msg, size_t msglen)
{
	if (!specs)
		return errmsg(msg, msglen, "no lesson workload given");
	if (specs->n > STORE_SPECS_MAX)
		return errmsg(msg, msglen, "too many lesson workloads to ask for");
	size_t o = (size_t)snprintf(buf, len, " WHERE " NORMAL_SQL " AND spec IN (");
	for (size_t i = 0; i < specs->n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s?%zu", i ? ", " : "", SPEC_PARAM + i);
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s)" NEWEST_FIRST " LIMIT 1",
		                      specs->n ? "" : "NULL");
	return o < len ? 0 : errmsg(msg, msglen, "too many lesson workloads to ask for");
}

int store_specs_hold(const struct store_specs *specs, const char *spec)
{
	for (size_t i = 0; specs && spec && i < specs->n; i++)
		if (strcmp(specs->text[i], spec) == 0)
			return 1;
	return 0;
}

static int bind_specs(sqlite3_stmt *s, const struct store_specs *specs)
{
	int rc = SQLITE_OK;
	for (size_t i = 0; specs && i < specs->n && rc == SQLITE_OK; i++)
		rc = sqlite3_bind_text(s, SPEC_PARAM + (int)i, specs->text[i], -1, SQLITE_STATIC);
	return rc;
}

/* Run `tail` (after SELECT ... FROM runs) with ?1 = lesson (and the texts
 * of specs, may be NULL, from ?3 on) and hand each row to fn.  The number
 * of rows, or -1 with msg. */
static int each_row(struct store *st, const char *tail, const char *lesson,
                    const struct store_specs *specs, int full,
                    store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	char sql[4096];
	sqlite3_stmt *s = NULL;
	int rc = select_sql(sql, sizeof sql, tail, full) == 0
	         ? sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) : SQLITE_TOOBIG;
	if (rc == SQLITE_OK)
		rc = lesson ? sqlite3_bind_text(s, 1, lesson, -1, SQLITE_STATIC) : sqlite3_bind_null(s, 1);
	if (rc == SQLITE_OK)
		rc = bind_specs(s, specs);
	int rows = 0;
	st->unreadable = 0;
	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct store_run r;
		store_run_init(&r);
		int unknown = 0;
		for (size_t i = 0; i < COUNT(run_columns); i++)
			unknown |= read_column(s, (int)i, &run_columns[i], &r);
		size_t n = 0;
		rc = SQLITE_OK;
		if (unknown) {    /* a later iolab's kind, or a row edited by hand */
			if (st->unreadable < (int64_t)COUNT(st->unreadable_id))
				st->unreadable_id[st->unreadable] = r.id;
			st->unreadable++;
			continue;
		}
		if (full && load_points(st, r.id, &n) != 0) {
			rc = SQLITE_ERROR;
			break;
		}
		r.points = n ? st->pts : NULL;
		r.npoints = n;
		rows++;
		rc = fn(&r, arg) != 0 ? SQLITE_DONE : SQLITE_OK;
	}
	char why[512];
	if (rc != SQLITE_DONE)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return rows;
}

int64_t store_unreadable(const struct store *st, char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	if (!st->unreadable)
		return 0;
	size_t o = (size_t)snprintf(buf, len, "%lld run%s this iolab cannot read, id%s ",
	                            (long long)st->unreadable, st->unreadable == 1 ? "" : "s",
	                            st->unreadable == 1 ? "" : "s");
	size_t shown = st->unreadable < (int64_t)COUNT(st->unreadable_id)
	               ? (size_t)st->unreadable : COUNT(st->unreadable_id);
	int64_t id[COUNT(st->unreadable_id)];
	for (size_t i = 0; i < shown; i++) {          /* ascending, whatever the query's order */
		size_t j = i;
		for (; j > 0 && id[j - 1] > st->unreadable_id[i]; j--)
			id[j] = id[j - 1];
		id[j] = st->unreadable_id[i];
	}
	for (size_t i = 0; i < shown && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%lld", i ? ", " : "", (long long)id[i]);
	if ((int64_t)shown < st->unreadable && o < len)
		snprintf(buf + o, len - o, " ...");
	return st->unreadable;
}

int store_latest_normal(struct store *st, const char *lesson, const struct store_specs *specs,
                        store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	char tail[2560];
	if (!lesson)
		return errmsg(msg, msglen, "no lesson given");
	if (normal_tail(tail, sizeof tail, specs, msg, msglen) != 0)
		return -1;
	int n = each_row(st, tail, lesson, specs, 1, fn, arg, msg, msglen);
	return n < 0 ? -1 : n > 0;
}

int store_latest_normal_field(struct store *st, const char *lesson,
                              const struct store_specs *specs, const char *field,
                              double *value, char *msg, size_t msglen)
{
	char sql[3072], tail[2560];
	if (!lesson || !field)
		return errmsg(msg, msglen, "no lesson or field given");
	if (normal_tail(tail, sizeof tail, specs, msg, msglen) != 0 || store_ready(st, msg, msglen) != 0)
		return -1;
	/* the run store_latest_normal hands over, how many fields it kept, and
	 * the one asked for */
	snprintf(sql, sizeof sql, "SELECT (SELECT count(*) FROM fields WHERE run = runs.id), "
	         "(SELECT value FROM fields WHERE run = runs.id AND name = ?2) FROM runs%s", tail);
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 1, lesson, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 2, field, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = bind_specs(s, specs);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	int found = 0;
	if (rc == SQLITE_ROW) {
		int kept = sqlite3_column_int(s, 0) > 0;
		int null = sqlite3_column_type(s, 1) == SQLITE_NULL;
		*value = null ? NAN : sqlite3_column_double(s, 1);
		found = kept ? 1 : 2;
	}
	char why[512];
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return found;
}

int store_history(struct store *st, const char *lesson,
                  store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, BY_LESSON(lesson, "WHERE ", NEWEST_FIRST), lesson, NULL, 0, fn, arg,
	                msg, msglen) < 0 ? -1 : 0;
}

int store_each(struct store *st, const char *lesson,
               store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, BY_LESSON(lesson, "WHERE ", " ORDER BY id"), lesson, NULL, 1, fn, arg,
	                msg, msglen) < 0 ? -1 : 0;
}

int store_predictions(struct store *st, const char *lesson,
                      store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, BY_LESSON(lesson, "WHERE ", " AND " SCORED_SQL NEWEST_FIRST),
	                lesson, NULL, 1, fn, arg, msg, msglen) < 0 ? -1 : 0;
}

/* The first row of sql with ?1 = arg (NULL allowed; a statement with no
 * parameter takes none): 0 with *out on that row, for the caller to read
 * and finalize; -1 with the reason, nothing left to finalize. */
static int first_row(struct store *st, const char *sql, const char *arg,
                     sqlite3_stmt **out, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK && sqlite3_bind_parameter_count(s) > 0)
		rc = arg ? sqlite3_bind_text(s, 1, arg, -1, SQLITE_STATIC) : sqlite3_bind_null(s, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*out = s;
		return 0;
	}
	char why[512];
	store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
}

int store_count_imported(struct store *st, const char *lesson, int64_t *n,
                         char *msg, size_t msglen)
{
	if (!lesson)
		return errmsg(msg, msglen, "no lesson given");
	return store_sql_int(st, "SELECT count(*) FROM runs WHERE " NORMAL_SQL
	                     " AND recorder = 'imported'", lesson, n, msg, msglen);
}

/* One row of numbers from sql with ?1 = arg (NULL allowed); NULL -> NAN. */
static int sql_reals(struct store *st, const char *sql, const char *arg,
                     double *out, int n, char *msg, size_t msglen)
{
	sqlite3_stmt *s;
	if (first_row(st, sql, arg, &s, msg, msglen) != 0)
		return -1;
	for (int i = 0; i < n; i++)
		out[i] = sqlite3_column_type(s, i) == SQLITE_NULL ? NAN : sqlite3_column_double(s, i);
	sqlite3_finalize(s);
	return 0;
}

int store_sql_int(struct store *st, const char *sql, const char *arg,
                  int64_t *out, char *msg, size_t msglen)
{
	sqlite3_stmt *s;
	if (first_row(st, sql, arg, &s, msg, msglen) != 0)
		return -1;
	*out = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return 0;
}

int store_score(struct store *st, const char *lesson, struct store_score *out,
                char *msg, size_t msglen)
{
	double v[3];
	if (sql_reals(st, BY_LESSON(lesson, "SELECT count(*), avg(" MISS_SQL "), sum(" MISS_SQL
	                            " <= 1.0) FROM runs WHERE ", " AND " SCORED_SQL),
	              lesson, v, 3, msg, msglen) != 0)
		return -1;
	out->guesses = (int64_t)v[0];
	out->mean_miss = v[1];
	out->within_1 = isnan(v[2]) ? 0 : (int64_t)v[2];
	return 0;
}

int64_t store_count(struct store *st, const char *lesson, char *msg, size_t msglen)
{
	int64_t n;
	if (store_sql_int(st, BY_LESSON(lesson, "SELECT count(*) FROM runs WHERE ", ""), lesson, &n,
	                  msg, msglen) != 0)
		return -1;
	return n;
}

int store_forget(struct store *st, int64_t *deleted, char *msg, size_t msglen)
{
	char why[1024];
	if (begin_write(st, why, sizeof why) != 0)
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	if (store_exec(st->db, "DELETE FROM points; DELETE FROM fields; DELETE FROM runs", why,
	               sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	}
	int64_t n = sqlite3_changes(st->db);
	if (store_exec(st->db, "COMMIT", why, sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	}
	/* secure_delete zeroed the freed pages; this also empties the log */
	sqlite3_exec(st->db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	if (deleted)
		*deleted = n;
	return 0;
}

int store_run_ids(struct store *st, int64_t **ids, size_t *n, char *msg, size_t msglen)
{
	*ids = NULL;
	*n = 0;
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	sqlite3_stmt *s = NULL;
	size_t cap = 0;
	int rc = sqlite3_prepare_v2(st->db, "SELECT id FROM runs ORDER BY id", -1, &s, NULL);
	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		rc = SQLITE_OK;
		if (*n == cap) {
			cap = cap ? 2 * cap : 256;
			int64_t *grown = realloc(*ids, cap * sizeof *grown);
			if (!grown) {
				rc = SQLITE_NOMEM;
				break;
			}
			*ids = grown;
		}
		(*ids)[(*n)++] = sqlite3_column_int64(s, 0);
	}
	char why[512];
	if (rc != SQLITE_DONE)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc == SQLITE_DONE)
		return 0;
	free(*ids);
	*ids = NULL;
	*n = 0;
	return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path,
	              rc == SQLITE_NOMEM ? "out of memory" : why);
}

int store_forget_ids(struct store *st, const int64_t *ids, size_t n, int64_t *deleted,
                     char *msg, size_t msglen)
{
	char why[1024];
	if (begin_write(st, why, sizeof why) != 0)
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	/* points and fields go with their run (ON DELETE CASCADE) */
	sqlite3_stmt *s = NULL;
	int64_t gone = 0;
	int rc = sqlite3_prepare_v2(st->db, "DELETE FROM runs WHERE id = ?", -1, &s, NULL);
	for (size_t i = 0; rc == SQLITE_OK && i < n; i++) {
		sqlite3_bind_int64(s, 1, ids[i]);
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
		gone += sqlite3_changes(st->db);
		sqlite3_reset(s);
	}
	if (rc != SQLITE_OK)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_OK || store_exec(st->db, "COMMIT", why, sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	}
	/* secure_delete zeroed the freed pages; this also empties the log */
	sqlite3_exec(st->db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	if (deleted)
		*deleted = gone;
	return 0;
}

/* --- state ----------------------------------------------------------------- */

int store_state_get(struct store *st, const char *key, char *buf, size_t len,
                    char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "SELECT value FROM state WHERE key = ?", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	int found = rc == SQLITE_ROW;
	if (found && len)
		snprintf(buf, len, "%s", (const char *)sqlite3_column_text(s, 0));
	char why[512];
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return found;
}

int store_state_set(struct store *st, const char *key, const char *value,
                    char *msg, size_t msglen)
{
	char why[512];
	if (store_ready(st, why, sizeof why) != 0)
		return errmsg(msg, msglen, "not saved: %s", why);
	if (st->readonly)
		return errmsg(msg, msglen, "not saved: %s", st->readonly);
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)",
	                            -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 2, value, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	if (rc != SQLITE_OK)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_OK)
		return errmsg(msg, msglen, "not saved: %s", why);
	return 0;
}
