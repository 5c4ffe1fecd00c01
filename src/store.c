/* store.c - the lab notebook: every run kept in SQLite.
 *
 * SCHEMA (version 1: PRAGMA user_version = 1, PRAGMA application_id =
 * 0x696f6c62 "iolb", so that a file of another program is recognised and
 * left alone)
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
 *                   Imported rows know only block and cache.
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
 * WHY MOVE ASIDE: a damaged file (not a database, fails quick_check) or one
 * from a newer iolab is renamed to lab.db.broken-<UTC stamp>, never written
 * over, so nothing in it is lost and it can be examined or recovered.
 * While deciding, the connection is read only and closes without a
 * checkpoint (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE), so not one byte of the file
 * changes.  Its companions move with it under SQLite's own names
 * (BROKEN-wal, BROKEN-shm, BROKEN-journal), so opening BROKEN opens what
 * was there: the -wal may hold the last committed runs, and a -shm may be
 * mapped by another program still using the old file; leaving either at
 * the old name would pair it with the new database (SQLite would replay
 * the old log into it, or share a stale index).  Only the companions our
 * own check created (a -shm, an empty -wal) are removed instead.
 *
 * WHY A DIRECTORY LOCK: every open (examine, create, migrate, move aside)
 * runs under an exclusive flock() of the database's directory.  Opening is
 * rare and takes milliseconds, and serialising it removes every race at
 * start-up: two labs creating the file at once (before it is in WAL mode
 * SQLite's lock upgrade can fail at once, whatever the busy timeout), two
 * labs both moving a damaged file aside, one opening a file half-moved.
 * A lab that had the file open all along notices a new file at its next
 * write (store_follow) and switches to it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "countof.h"
#include "errmsg.h"
#include "store.h"
#include "store_impl.h"
#include "workload.h"

#define STORE_APP_ID 0x696f6c62   /* "iolb" */

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
};
#define STORE_SCHEMA_VERSION ((int64_t)COUNT(migrations))

/* The questions asked of the runs, each defined once. */
#define NORMAL_SQL "kind = 'lesson' AND status = 'ok' AND time_limited = 0"
#define MISS_SQL "abs(guess_log_rate - log_rate)"
#define SCORED_SQL "guess_log_rate IS NOT NULL AND log_rate IS NOT NULL"
#define LESSON_SQL "(?1 IS NULL OR lesson = ?1)"
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
	if (time_limited)
		return STORE_KIND_TIME_LIMITED;
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

/* "SELECT <every column> FROM runs <tail>" */
static int select_sql(char *buf, size_t len, const char *tail)
{
	size_t o = (size_t)snprintf(buf, len, "SELECT ");
	for (size_t i = 0; i < COUNT(run_columns) && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? ", " : "", run_columns[i].sql);
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

/* SQLite's words, with the system's when it has them:
 * "unable to open database file (Read-only file system)". */
static void db_reason(sqlite3 *db, char *buf, size_t len)
{
	int e = db ? sqlite3_system_errno(db) : 0;
	const char *m = db ? sqlite3_errmsg(db) : "out of memory";
	if (e)
		snprintf(buf, len, "%s (%s)", m, strerror(e));
	else
		snprintf(buf, len, "%s", m);
}

static int exec(sqlite3 *db, const char *sql, char *why, size_t len)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	db_reason(db, why, len);
	return -1;
}

/* One integer from a statement without parameters (a PRAGMA). */
static int query_int(sqlite3 *db, const char *sql, int64_t *out, int *rc_out)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK) {
		rc = sqlite3_step(s);
		if (rc == SQLITE_ROW) {
			*out = sqlite3_column_int64(s, 0);
			rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(s);
	*rc_out = rc;
	return rc == SQLITE_OK ? 0 : -1;
}

static void notice_add(struct store *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void notice_add(struct store *st, const char *fmt, ...)
{
	size_t o = strlen(st->notice);
	if (o && o + 1 < sizeof st->notice)
		st->notice[o++] = '\n';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(st->notice + o, sizeof st->notice - o, fmt, ap);
	va_end(ap);
}

static void set_readonly(struct store *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_readonly(struct store *st, const char *fmt, ...)
{
	free(st->readonly);
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&st->readonly, fmt, ap) < 0)
		st->readonly = NULL;
	va_end(ap);
	if (!st->readonly)
		st->readonly = strdup("out of memory");
}

void store_stamp(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(buf, len, "%Y%m%dT%H%M%SZ", &tm);
}

static void iso_time(int64_t when, char *buf, size_t len)
{
	time_t t = (time_t)when;
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "?");
}

int store_rename_noreplace(const char *from, const char *to)
{
	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	/* a filesystem without RENAME_NOREPLACE: check, then rename */
	struct stat sb;
	if (lstat(to, &sb) == 0) {
		errno = EEXIST;
		return -1;
	}
	return rename(from, to);
}

/* --- paths and directories ------------------------------------------------- */

int store_default_path(char *buf, size_t len)
{
	const char *state = getenv("XDG_STATE_HOME");
	int n;
	if (state && state[0] == '/')
		n = snprintf(buf, len, "%s/iolab/lab.db", state);
	else {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/')
			return -1;
		n = snprintf(buf, len, "%s/.local/state/iolab/lab.db", home);
	}
	return n > 0 && (size_t)n < len ? 0 : -1;
}

/* mkdir -p of the directory of path, 0700 for what it creates; never
 * changes a directory that exists. */
static int make_parents(const char *path)
{
	char dir[PATH_MAX];
	if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
		errno = ENAMETOOLONG;
		return -1;
	}
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

/* An exclusive flock() of the directory of path, held while opening.  The
 * fd, or -1 when the directory cannot be opened (then nothing is locked: a
 * missing directory has no database to open). */
static int dir_lock(const char *path)
{
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
			;
	return fd;
}

static void dir_unlock(int fd)
{
	if (fd >= 0)
		close(fd);            /* releases the flock */
}

/* Why path cannot be written, in the system's words where they are
 * clearer than SQLite's ("unable to open database file" says nothing, and
 * the errno it keeps is often that of an unrelated probe). */
static void unwritable_reason(const char *path, const char *sqlite_why, char *buf, size_t len)
{
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	struct stat sb;
	if (stat(dir, &sb) != 0)
		snprintf(buf, len, "its directory %s cannot be used (%s)", dir, strerror(errno));
	else if (!S_ISDIR(sb.st_mode))
		snprintf(buf, len, "%s is not a directory", dir);
	else if (access(dir, W_OK) != 0)
		snprintf(buf, len, "its directory %s cannot be written (%s)", dir, strerror(errno));
	else if (stat(path, &sb) == 0 && access(path, W_OK) != 0)
		snprintf(buf, len, "the file cannot be written (%s)", strerror(errno));
	else
		snprintf(buf, len, "%s", sqlite_why);
}

/* --- opening: decide what the file is ------------------------------------- */

enum verdict {
	V_OK,                     /* usable (perhaps only for reading) */
	V_DAMAGED,                /* move it aside */
	V_FOREIGN,                /* another program's database: leave it alone */
	V_ENV                     /* cannot open or write here: not the file's fault */
};

enum open_mode { OPEN_WRITE, OPEN_READ, OPEN_IMMUTABLE };

struct attempt {
	sqlite3 *db;              /* with V_OK */
	int readonly;             /* V_OK, but it cannot be written */
	char why[512];            /* what was wrong, for != V_OK */
};

static void close_untouched(sqlite3 *db)
{
	/* a checkpoint on close would write the log into the main file */
	sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
	sqlite3_close_v2(db);
}

static enum verdict failure_verdict(sqlite3 *db, int rc, char *why, size_t len)
{
	switch (rc & 0xff) {
	case SQLITE_NOTADB:
		snprintf(why, len, "it is not an SQLite database");
		return V_DAMAGED;
	case SQLITE_CORRUPT:
		snprintf(why, len, "it is damaged (%s)", sqlite3_errmsg(db));
		return V_DAMAGED;
	default:
		db_reason(db, why, len);
		return V_ENV;
	}
}

/* Read-only questions: whose file, which version, is it whole?  Nothing
 * here writes to the file. */
static enum verdict examine(sqlite3 *db, char *why, size_t len)
{
	int64_t app = 0, version = 0, objects = 0;
	int rc;
	if (query_int(db, "PRAGMA application_id", &app, &rc) != 0 ||
	    query_int(db, "PRAGMA user_version", &version, &rc) != 0 ||
	    query_int(db, "SELECT count(*) FROM sqlite_master", &objects, &rc) != 0)
		return failure_verdict(db, rc, why, len);
	int ours = app == STORE_APP_ID || (app == 0 && version == 0 && objects == 0);
	if (!ours) {
		snprintf(why, len, "it is not iolab's database (it holds another program's tables; "
		         "application_id %lld, user_version %lld)", (long long)app, (long long)version);
		return V_FOREIGN;
	}
	if (version > STORE_SCHEMA_VERSION) {
		snprintf(why, len, "it was written by a newer iolab (schema version %lld; "
		         "this one knows %lld)", (long long)version, (long long)STORE_SCHEMA_VERSION);
		return V_DAMAGED;
	}
	sqlite3_stmt *s = NULL;
	rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc != SQLITE_ROW) {
		enum verdict v = failure_verdict(db, rc, why, len);
		sqlite3_finalize(s);
		return v;
	}
	const char *res = (const char *)sqlite3_column_text(s, 0);
	enum verdict v = V_OK;
	if (!res || strcmp(res, "ok") != 0) {
		snprintf(why, len, "it is damaged (quick_check: %s)", res ? res : "no answer");
		v = V_DAMAGED;
	}
	sqlite3_finalize(s);
	return v;
}

/* Bring the schema up to date, all in one transaction that re-reads the
 * version under the write lock (two labs may start on a new file at once). */
static int migrate(sqlite3 *db, char *why, size_t len)
{
	int64_t version = 0;
	int rc;
	if (exec(db, "BEGIN IMMEDIATE", why, len) != 0)
		return -1;
	if (query_int(db, "PRAGMA user_version", &version, &rc) != 0) {
		db_reason(db, why, len);
		goto fail;
	}
	if (version > STORE_SCHEMA_VERSION) {
		snprintf(why, len, "a newer iolab (schema version %lld) took it over meanwhile",
		         (long long)version);
		goto fail;
	}
	for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++)
		if (exec(db, migrations[v], why, len) != 0)
			goto fail;
	if (version < STORE_SCHEMA_VERSION) {
		char sql[128];
		snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %lld",
		         STORE_APP_ID, (long long)STORE_SCHEMA_VERSION);
		if (exec(db, sql, why, len) != 0)
			goto fail;
	}
	if (exec(db, "COMMIT", why, len) == 0)
		return 0;
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

static int make_writable(sqlite3 *db, char *why, size_t len)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	int wal = rc == SQLITE_ROW && sqlite3_column_text(s, 0) &&
	          strcasecmp((const char *)sqlite3_column_text(s, 0), "wal") == 0;
	sqlite3_finalize(s);
	if (!wal) {
		if (rc == SQLITE_ROW)
			snprintf(why, len, "it cannot be switched to WAL mode");
		else
			db_reason(db, why, len);
		return -1;
	}
	if (exec(db, "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON", why, len) != 0 ||
	    migrate(db, why, len) != 0)
		return -1;
	sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, (int *)NULL);
	return 0;
}

/* A copy in memory brought to the current schema: how a read-only file
 * of an older version is read (it cannot be migrated in place). */
static int upgrade_in_memory(sqlite3 **db, char *why, size_t len)
{
	sqlite3 *mem = NULL;
	if (sqlite3_open(":memory:", &mem) != SQLITE_OK) {
		db_reason(mem, why, len);
		sqlite3_close(mem);
		return -1;
	}
	sqlite3_backup *b = sqlite3_backup_init(mem, "main", *db, "main");
	int rc = b ? sqlite3_backup_step(b, -1) : SQLITE_ERROR;
	sqlite3_backup_finish(b);
	if (rc != SQLITE_DONE || migrate(mem, why, len) != 0) {
		if (rc != SQLITE_DONE)
			db_reason(b ? mem : *db, why, len);
		sqlite3_close(mem);
		return -1;
	}
	close_untouched(*db);
	*db = mem;
	return 0;
}

/* A connection that cannot write, at the current schema: itself, or a
 * copy in memory when the file is older. */
static int read_current(sqlite3 **db, char *why, size_t len)
{
	int64_t version = 0;
	int rc;
	if (query_int(*db, "PRAGMA user_version", &version, &rc) != 0) {
		db_reason(*db, why, len);
		return -1;
	}
	return version < STORE_SCHEMA_VERSION ? upgrade_in_memory(db, why, len) : 0;
}

static int open_connection(const char *path, enum open_mode mode, sqlite3 **db)
{
	if (mode == OPEN_WRITE)
		return sqlite3_open_v2(path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (mode == OPEN_READ)
		return sqlite3_open_v2(path, db, SQLITE_OPEN_READONLY, NULL);
	/* immutable=1: no locks and no -shm, the only way to read a WAL file
	 * in a directory where its -shm cannot be created */
	char uri[PATH_MAX * 3 + 32];
	size_t o = (size_t)snprintf(uri, sizeof uri, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p && o + 4 < sizeof uri; p++)
		if (*p == '%' || *p == '?' || *p == '#' || *p <= ' ' || *p >= 0x7f)
			o += (size_t)snprintf(uri + o, sizeof uri - o, "%%%02X", *p);
		else
			uri[o++] = (char)*p;
	snprintf(uri + o, sizeof uri - o, "?immutable=1");
	return sqlite3_open_v2(uri, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
}

static enum verdict attempt(const char *path, enum open_mode mode, int busy_ms, struct attempt *a)
{
	memset(a, 0, sizeof *a);
	sqlite3 *db = NULL;
	if (open_connection(path, mode, &db) != SQLITE_OK) {
		db_reason(db, a->why, sizeof a->why);
		sqlite3_close(db);
		return V_ENV;
	}
	sqlite3_extended_result_codes(db, 1);
	sqlite3_busy_timeout(db, busy_ms);
	sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
	enum verdict v = examine(db, a->why, sizeof a->why);
	if (v == V_OK && sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK)
		v = failure_verdict(db, sqlite3_errcode(db), a->why, sizeof a->why);
	if (v != V_OK) {
		close_untouched(db);
		return v;
	}
	a->readonly = mode != OPEN_WRITE || sqlite3_db_readonly(db, "main") == 1;
	if (!a->readonly && make_writable(db, a->why, sizeof a->why) != 0) {
		close_untouched(db);
		return V_ENV;
	}
	if (a->readonly && read_current(&db, a->why, sizeof a->why) != 0) {
		close_untouched(db);
		return V_ENV;
	}
	a->db = db;
	return V_OK;
}

/* --- opening: the store ---------------------------------------------------- */

/* The companions SQLite keeps beside a database. */
static const char *const companions[] = { "-wal", "-shm", "-journal" };

struct before {
	int exists[COUNT(companions)];
};

static void companion_path(const char *base, size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", base, companions[i]);
}

static void note_companions(const char *path, struct before *b)
{
	char p[PATH_MAX];
	struct stat sb;
	for (size_t i = 0; i < COUNT(companions); i++) {
		companion_path(path, i, p, sizeof p);
		b->exists[i] = lstat(p, &sb) == 0;
	}
}

/* PATH.broken-STAMP, or PATH.broken-STAMP-N when that (or a companion of
 * it) exists: never a name in use. */
static int broken_name(const char *path, char *out, size_t len)
{
	char stamp[32];
	store_stamp(stamp, sizeof stamp);
	for (int n = 1; n < 100; n++) {
		int w = n == 1 ? snprintf(out, len, "%s.broken-%s", path, stamp)
		               : snprintf(out, len, "%s.broken-%s-%d", path, stamp, n);
		if (w < 0 || (size_t)w + 16 >= len)
			return -1;
		struct stat sb;
		int taken = lstat(out, &sb) == 0;
		char p[PATH_MAX];
		for (size_t i = 0; i < COUNT(companions) && !taken; i++) {
			companion_path(out, i, p, sizeof p);
			taken = lstat(p, &sb) == 0;
		}
		if (!taken)
			return 0;
	}
	errno = EEXIST;
	return -1;
}

/* Move a damaged database and its companions aside (see the top of the
 * file).  0 with the new name in broken; -1 with errno. */
static int move_aside(const char *path, const struct before *b, char *broken, size_t len)
{
	if (broken_name(path, broken, len) != 0)
		return -1;
	int moved[COUNT(companions)] = { 0 };
	char from[PATH_MAX], to[PATH_MAX];
	struct stat sb;
	for (size_t i = 0; i < COUNT(companions); i++) {
		companion_path(path, i, from, sizeof from);
		if (lstat(from, &sb) != 0)
			continue;
		int ours = !b->exists[i] && (strcmp(companions[i], "-shm") == 0 || sb.st_size == 0);
		if (ours) {
			unlink(from);
			continue;
		}
		companion_path(broken, i, to, sizeof to);
		if (store_rename_noreplace(from, to) != 0)
			goto undo;
		moved[i] = 1;
	}
	if (store_rename_noreplace(path, broken) == 0)
		return 0;
undo:;
	int saved = errno;
	for (size_t i = 0; i < COUNT(companions); i++)
		if (moved[i]) {
			companion_path(path, i, to, sizeof to);
			companion_path(broken, i, from, sizeof from);
			rename(from, to);
		}
	errno = saved;
	return -1;
}

static void remember_file(struct store *st)
{
	struct stat sb;
	st->on_file = stat(st->path, &sb) == 0;
	st->dev = st->on_file ? sb.st_dev : 0;
	st->ino = st->on_file ? sb.st_ino : 0;
}

/* An empty store in memory, so that a lab whose file cannot be created
 * still runs (every record says why it was not saved). */
static int use_memory(struct store *st, char *msg, size_t msglen)
{
	sqlite3 *db = NULL;
	char why[512];
	if (sqlite3_open(":memory:", &db) != SQLITE_OK || migrate(db, why, sizeof why) != 0) {
		sqlite3_close(db);
		return errmsg(msg, msglen, "out of memory");
	}
	st->db = db;
	st->on_file = 0;
	return 0;
}

/* A file exists but cannot be written: open it for reading. */
static enum verdict attach_reading(struct store *st, struct attempt *a)
{
	enum verdict v = attempt(st->path, OPEN_READ, st->busy_ms, a);
	if (v == V_ENV)
		v = attempt(st->path, OPEN_IMMUTABLE, st->busy_ms, a);
	if (v == V_OK) {
		st->db = a->db;
		remember_file(st);
	}
	return v;
}

/* Open for the STORE_OPEN_READ flag: nothing is ever changed. */
static int attach_for_reading(struct store *st, int exists, char *msg, size_t msglen)
{
	struct attempt a;
	if (!exists) {
		set_readonly(st, "opened for reading only (nothing has been saved in %s yet)", st->path);
		return use_memory(st, msg, msglen);
	}
	switch (attach_reading(st, &a)) {
	case V_OK:
		set_readonly(st, "opened for reading only");
		return 0;
	case V_DAMAGED:
		return errmsg(msg, msglen, "The lab's database %s cannot be read: %s. "
		              "The lab moves it aside when it next opens it.", st->path, a.why);
	case V_FOREIGN:
		return errmsg(msg, msglen, "%s is not the lab's database: %s.", st->path, a.why);
	case V_ENV:
		break;
	}
	return errmsg(msg, msglen, "The lab's database %s cannot be read: %s.", st->path, a.why);
}

/* The file cannot be written (or created): read it if it is there, else
 * run on an empty store in memory.  Either way records are refused. */
static int attach_unwritable(struct store *st, int exists, const char *sqlite_why,
                             char *msg, size_t msglen)
{
	struct attempt a;
	char why[PATH_MAX + 128];
	unwritable_reason(st->path, sqlite_why, why, sizeof why);
	if (!exists) {
		set_readonly(st, "the lab's database %s cannot be created: %s", st->path, why);
		notice_add(st, "Runs will not be saved: %s.", st->readonly);
		return use_memory(st, msg, msglen);
	}
	switch (attach_reading(st, &a)) {
	case V_OK:
		set_readonly(st, "the lab's database %s can only be read: %s", st->path, why);
		notice_add(st, "Runs will not be saved: %s.", st->readonly);
		return 0;
	case V_DAMAGED:
		return errmsg(msg, msglen, "The lab's database %s cannot be used: %s; "
		              "and it cannot be moved aside, because it cannot be written: %s.",
		              st->path, a.why, why);
	case V_FOREIGN:
		return errmsg(msg, msglen, "%s is not the lab's database: %s. "
		              "It was left alone; choose another file with --db.", st->path, a.why);
	case V_ENV:
		break;
	}
	return errmsg(msg, msglen, "The lab's database %s cannot be opened: %s.", st->path, why);
}

/* If the file is still the one we examined (a program that is not iolab
 * may have replaced it): move it aside and start a new one.  0 done, 1
 * the file changed meanwhile (examine again), -1 with msg. */
static int replace_damaged(struct store *st, const struct stat *examined,
                           const struct before *b, const char *why, char *msg, size_t msglen)
{
	struct stat now;
	if (stat(st->path, &now) != 0 || now.st_dev != examined->st_dev ||
	    now.st_ino != examined->st_ino)
		return 1;
	char broken[PATH_MAX];
	if (move_aside(st->path, b, broken, sizeof broken) != 0)
		return errmsg(msg, msglen, "The lab's database %s cannot be used: %s; "
		              "and it could not be moved aside (%s), so it was left as it is.",
		              st->path, why, strerror(errno));
	notice_add(st, "The lab's database %s could not be used: %s. It was moved aside, "
	           "unchanged, to %s, and a new database was started.", st->path, why, broken);
	struct attempt a;
	switch (attempt(st->path, OPEN_WRITE, st->busy_ms, &a)) {
	case V_OK:
		st->db = a.db;
		remember_file(st);
		return 0;
	case V_ENV:
		return attach_unwritable(st, 0, a.why, msg, msglen);
	case V_DAMAGED:
	case V_FOREIGN:
		break;
	}
	return errmsg(msg, msglen, "The lab's database %s was replaced while being started: %s.",
	              st->path, a.why);
}

/* One try at opening st->path: 0, 1 to try again, -1 with msg. */
static int attach_once(struct store *st, char *msg, size_t msglen)
{
	struct stat sb;
	int exists = stat(st->path, &sb) == 0;
	if (exists && !S_ISREG(sb.st_mode))
		return errmsg(msg, msglen, "The lab's database %s is not a regular file.", st->path);
	if (st->flags & STORE_OPEN_READ)
		return attach_for_reading(st, exists, msg, msglen);
	struct before b;
	note_companions(st->path, &b);
	struct attempt a;
	switch (attempt(st->path, OPEN_WRITE, st->busy_ms, &a)) {
	case V_OK:
		st->db = a.db;
		remember_file(st);
		if (a.readonly) {
			char why[PATH_MAX + 128];
			unwritable_reason(st->path, "the file is read-only", why, sizeof why);
			set_readonly(st, "the lab's database %s can only be read: %s", st->path, why);
			notice_add(st, "Runs will not be saved: %s.", st->readonly);
		}
		return 0;
	case V_FOREIGN:
		return errmsg(msg, msglen, "%s is not the lab's database: %s. "
		              "It was left alone; choose another file with --db.", st->path, a.why);
	case V_DAMAGED:
		if (!exists)      /* it appeared meanwhile: look again */
			return 1;
		return replace_damaged(st, &sb, &b, a.why, msg, msglen);
	case V_ENV:
		break;
	}
	return attach_unwritable(st, exists, a.why, msg, msglen);
}

static int attach(struct store *st, char *msg, size_t msglen)
{
	for (int round = 0; round < 3; round++) {
		int lock = dir_lock(st->path);
		int rc = attach_once(st, msg, msglen);
		dir_unlock(lock);
		if (rc <= 0)
			return rc;
	}
	return errmsg(msg, msglen, "The lab's database %s kept changing while it was opened; "
	              "try again.", st->path);
}

struct store *store_open(const char *path, unsigned flags, char *msg, size_t msglen)
{
	char def[PATH_MAX];
	if (msglen)
		msg[0] = '\0';
	if (!path) {
		if (store_default_path(def, sizeof def) != 0) {
			errmsg(msg, msglen, "No place for the lab's database: neither XDG_STATE_HOME "
			       "nor HOME is an absolute directory (choose a file with --db).");
			return NULL;
		}
		path = def;
	}
	struct store *st = calloc(1, sizeof *st);
	if (!st || !(st->path = strdup(path))) {
		free(st);
		errmsg(msg, msglen, "out of memory");
		return NULL;
	}
	st->flags = flags;
	st->busy_ms = STORE_BUSY_MS;
	int rc;
	if (path == def && !(flags & STORE_OPEN_READ) && make_parents(path) != 0) {
		char why[256];
		snprintf(why, sizeof why, "its directory cannot be created (%s)", strerror(errno));
		rc = attach_unwritable(st, 0, why, msg, msglen);
	} else
		rc = attach(st, msg, msglen);
	if (rc != 0) {
		store_close(st);
		return NULL;
	}
	return st;
}

void store_close(struct store *st)
{
	if (!st)
		return;
	if (st->db)
		sqlite3_close_v2(st->db);
	free(st->path);
	free(st->readonly);
	free(st->pts);
	free(st);
}

const char *store_path(const struct store *st)
{
	return st->path;
}

const char *store_notice(const struct store *st)
{
	return st->notice;
}

void store_notice_clear(struct store *st)
{
	st->notice[0] = '\0';
}

const char *store_readonly(const struct store *st)
{
	return st->readonly;
}

void store_set_busy_timeout(struct store *st, int ms)
{
	st->busy_ms = ms;
	if (st->db)
		sqlite3_busy_timeout(st->db, ms);
}

/* The file at st->path is no longer the one we have open: another iolab
 * moved it aside (or someone removed it).  Switch to whatever is there now,
 * so this lab's runs go where every other program looks. */
static void store_follow(struct store *st)
{
	struct stat sb;
	if (!st->on_file || (st->db && !sqlite3_get_autocommit(st->db)) ||
	    (stat(st->path, &sb) == 0 && sb.st_dev == st->dev && sb.st_ino == st->ino))
		return;
	close_untouched(st->db);
	st->db = NULL;
	free(st->readonly);
	st->readonly = NULL;
	char why[1024];
	if (attach(st, why, sizeof why) != 0) {
		set_readonly(st, "%s", why);
		if (use_memory(st, why, sizeof why) != 0)
			st->db = NULL;
		notice_add(st, "Runs will not be saved: %s", st->readonly);
		return;
	}
	notice_add(st, "The lab's database %s was replaced while this lab had it open (another "
	           "iolab moved it aside, or it was removed); this lab now uses the new one.",
	           st->path);
}

/* Every operation starts here: the right file, and a connection. */
static int store_ready(struct store *st, char *msg, size_t msglen)
{
	store_follow(st);
	if (!st->db)
		return errmsg(msg, msglen, "%s", st->readonly ? st->readonly : "no database");
	return 0;
}

/* --- recording ------------------------------------------------------------- */

/* A write transaction, or -1 with the bare reason in why. */
static int begin_write(struct store *st, char *why, size_t len)
{
	if (store_ready(st, why, len) != 0)
		return -1;
	if (st->readonly)
		return errmsg(why, len, "%s", st->readonly);
	return exec(st->db, "BEGIN IMMEDIATE", why, len);
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
	if (exec(st->db, "COMMIT", why, sizeof why) == 0)
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
	db_reason(st->db, why, sizeof why);
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
		db_reason(st->db, why, sizeof why);
		return errmsg(msg, msglen, "not saved: %s", why);
	}
	int64_t row = sqlite3_last_insert_rowid(st->db);
	if (insert_points(st, row, &r, msg, msglen) != 0)
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

/* Run `tail` (after SELECT ... FROM runs) with ?1 = lesson and hand each
 * row to fn.  The number of rows, or -1 with msg. */
static int each_row(struct store *st, const char *tail, const char *lesson,
                    store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	char sql[2048];
	sqlite3_stmt *s = NULL;
	int rc = select_sql(sql, sizeof sql, tail) == 0
	         ? sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) : SQLITE_TOOBIG;
	if (rc == SQLITE_OK)
		rc = lesson ? sqlite3_bind_text(s, 1, lesson, -1, SQLITE_STATIC) : sqlite3_bind_null(s, 1);
	int rows = 0, unknown = 0;
	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		struct store_run r;
		store_run_init(&r);
		for (size_t i = 0; i < COUNT(run_columns); i++)
			unknown |= read_column(s, (int)i, &run_columns[i], &r);
		size_t n = 0;
		if (unknown)
			break;
		if (load_points(st, r.id, &n) != 0) {
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
		db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (unknown)
		return errmsg(msg, msglen, "the lab's database %s holds a run this iolab cannot read",
		              st->path);
	if (rc != SQLITE_DONE)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return rows;
}

int store_latest_normal(struct store *st, const char *lesson,
                        store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	if (!lesson)
		return errmsg(msg, msglen, "no lesson given");
	int n = each_row(st, "WHERE lesson = ?1 AND " NORMAL_SQL NEWEST_FIRST " LIMIT 1",
	                 lesson, fn, arg, msg, msglen);
	return n < 0 ? -1 : n > 0;
}

int store_history(struct store *st, const char *lesson,
                  store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, "WHERE " LESSON_SQL NEWEST_FIRST, lesson, fn, arg, msg, msglen) < 0 ? -1 : 0;
}

int store_each(struct store *st, const char *lesson,
               store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, "WHERE " LESSON_SQL " ORDER BY id", lesson, fn, arg, msg, msglen) < 0 ? -1 : 0;
}

int store_predictions(struct store *st, const char *lesson,
                      store_run_fn fn, void *arg, char *msg, size_t msglen)
{
	return each_row(st, "WHERE " LESSON_SQL " AND " SCORED_SQL NEWEST_FIRST,
	                lesson, fn, arg, msg, msglen) < 0 ? -1 : 0;
}

/* One row of numbers from sql with ?1 = arg (NULL allowed); NULL -> NAN. */
static int sql_reals(struct store *st, const char *sql, const char *arg,
                     double *out, int n, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = arg ? sqlite3_bind_text(s, 1, arg, -1, SQLITE_STATIC) : sqlite3_bind_null(s, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	for (int i = 0; rc == SQLITE_ROW && i < n; i++)
		out[i] = sqlite3_column_type(s, i) == SQLITE_NULL ? NAN : sqlite3_column_double(s, i);
	char why[512];
	if (rc != SQLITE_ROW)
		db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return 0;
}

int store_sql_int(struct store *st, const char *sql, const char *arg,
                  int64_t *out, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK && sqlite3_bind_parameter_count(s) > 0)
		rc = arg ? sqlite3_bind_text(s, 1, arg, -1, SQLITE_STATIC) : sqlite3_bind_null(s, 1);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(s, 0);
	char why[512];
	if (rc != SQLITE_ROW)
		db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	return 0;
}

int store_score(struct store *st, const char *lesson, struct store_score *out,
                char *msg, size_t msglen)
{
	double v[3];
	if (sql_reals(st, "SELECT count(*), avg(" MISS_SQL "), sum(" MISS_SQL " <= 1.0) FROM runs "
	              "WHERE " LESSON_SQL " AND " SCORED_SQL, lesson, v, 3, msg, msglen) != 0)
		return -1;
	out->guesses = (int64_t)v[0];
	out->mean_miss = v[1];
	out->within_1 = isnan(v[2]) ? 0 : (int64_t)v[2];
	return 0;
}

int64_t store_count(struct store *st, const char *lesson, char *msg, size_t msglen)
{
	int64_t n;
	if (store_sql_int(st, "SELECT count(*) FROM runs WHERE " LESSON_SQL, lesson, &n, msg, msglen) != 0)
		return -1;
	return n;
}

int store_forget(struct store *st, int64_t *deleted, char *msg, size_t msglen)
{
	char why[1024];
	if (begin_write(st, why, sizeof why) != 0)
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	if (exec(st->db, "DELETE FROM points; DELETE FROM runs", why, sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	}
	int64_t n = sqlite3_changes(st->db);
	if (exec(st->db, "COMMIT", why, sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "nothing was forgotten: %s", why);
	}
	/* secure_delete zeroed the freed pages; this also empties the log */
	sqlite3_exec(st->db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	if (deleted)
		*deleted = n;
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
		db_reason(st->db, why, sizeof why);
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
		db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_OK)
		return errmsg(msg, msglen, "not saved: %s", why);
	return 0;
}
