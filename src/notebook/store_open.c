/* store_open.c - opening the lab's database: deciding what the file is,
 * moving a damaged or newer one aside untouched, reading what cannot be
 * written, and noticing a file replaced under a running lab.
 *
 * WHY MOVE ASIDE: a damaged file (not a database, fails quick_check, a
 * damaged log frame, a schema version no iolab writes) or one from a newer
 * iolab is renamed to lab.db.broken-<UTC stamp>, never written over, so
 * nothing in it is lost and it can be examined or recovered.  Only the
 * lab's own file: iolab's application id in its header, or the default
 * path.  A file --db names that is anything else is the user's (a CSV
 * typed by mistake): it is refused, untouched.
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
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

/* Add a sentence for the student (kept until store_notice_clear). */
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

/* From now on every write is refused with this reason. */
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

void store_dir_of(const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%s", path);
	char *slash = strrchr(buf, '/');
	if (slash)
		*(slash == buf ? slash + 1 : slash) = '\0';
	else
		snprintf(buf, len, ".");
}

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
	store_dir_of(path, dir, sizeof dir);
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
	store_dir_of(path, dir, sizeof dir);
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

/* The directory of path resolved (symbolic links, "..") and its last
 * name: one spelling for one place.  0, or -1 when the directory does not
 * resolve. */
static int canonical_name(const char *path, char *buf, size_t len)
{
	char dir[PATH_MAX], real[PATH_MAX];
	store_dir_of(path, dir, sizeof dir);
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (!realpath(dir, real))
		return -1;
	int n = snprintf(buf, len, "%s/%s", real, base);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	int ha = stat(a, &sa) == 0, hb = stat(b, &sb) == 0;
	if (ha && hb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (ha != hb)
		return 0;
	/* neither exists: the same name, once the directories resolve; a
	 * directory that does not exist yet leaves the names as written */
	char ca[PATH_MAX + NAME_MAX + 2], cb[PATH_MAX + NAME_MAX + 2];
	if (canonical_name(a, ca, sizeof ca) != 0 || canonical_name(b, cb, sizeof cb) != 0)
		return strcmp(a, b) == 0;
	return strcmp(ca, cb) == 0;
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
	int immutable;            /* V_OK, read without its log (OPEN_IMMUTABLE) */
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
		store_db_reason(db, why, len);
		return V_ENV;
	}
}

/* A notebook of iolab 0.2 made before the application id was checked has
 * the tables of schema 1 (runs, points, state) and nothing foreign. */
static int has_our_tables(sqlite3 *db)
{
	int64_t ours = 0, others = 0;
	int rc;
	if (store_query_int(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
	                    "name IN ('runs', 'points', 'state')", &ours, &rc) != 0 ||
	    store_query_int(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
	                    "name NOT IN ('runs', 'points', 'state', 'fields', 'costs') AND "
	                    "name NOT LIKE 'sqlite_%'", &others, &rc) != 0)
		return 0;
	return ours == 3 && others == 0;
}

/* Every page is checked (quick_check) where it is cheap - a notebook of
 * up to this size, a few tens of milliseconds - and after a program that
 * had it open ended without closing it (its log left with frames, nobody
 * using it).  A larger notebook closed properly is not read whole at
 * every start (200,000 runs are 400 MB: seconds); a damaged page in it is
 * found when it is read, and the query says so. */
#define QUICK_CHECK_MAX ((off_t)16 << 20)

static int worth_checking(const char *path)
{
	char wal[PATH_MAX + 8];
	struct stat sb;
	if (stat(path, &sb) != 0 || sb.st_size <= QUICK_CHECK_MAX)
		return 1;
	snprintf(wal, sizeof wal, "%s-wal", path);
	return stat(wal, &sb) == 0 && sb.st_size > 32 && !store_in_use(path);
}

/* Read-only questions: whose file, which version, is it whole?  Nothing
 * here writes to the file. */
static enum verdict examine(sqlite3 *db, int thorough, char *why, size_t len)
{
	int64_t app = 0, version = 0, objects = 0;
	int rc;
	if (store_query_int(db, "PRAGMA application_id", &app, &rc) != 0 ||
	    store_query_int(db, "PRAGMA user_version", &version, &rc) != 0 ||
	    store_query_int(db, "SELECT count(*) FROM sqlite_master", &objects, &rc) != 0)
		return failure_verdict(db, rc, why, len);
	int ours = app == STORE_APP_ID || (app == 0 && version == 0 && objects == 0) ||
	           (app == 0 && has_our_tables(db));
	if (!ours) {
		snprintf(why, len, "it is not iolab's database (it holds another program's tables; "
		         "application_id %lld, user_version %lld)", (long long)app, (long long)version);
		return V_FOREIGN;
	}
	if (version < 0 || (version == 0 && objects > 0)) {
		snprintf(why, len, "its schema version %lld is not one any iolab writes",
		         (long long)version);
		return V_DAMAGED;
	}
	if (version > store_schema_version()) {
		snprintf(why, len, "it was written by a newer iolab (schema version %lld; "
		         "this one knows %lld)", (long long)version, (long long)store_schema_version());
		return V_DAMAGED;
	}
	if (!thorough)
		return V_OK;
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
			store_db_reason(db, why, len);
		return -1;
	}
	if (store_exec(db, "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON", why, len) != 0 ||
	    store_migrate(db, why, len) != 0)
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
		store_db_reason(mem, why, len);
		sqlite3_close(mem);
		return -1;
	}
	sqlite3_backup *b = sqlite3_backup_init(mem, "main", *db, "main");
	int rc = b ? sqlite3_backup_step(b, -1) : SQLITE_ERROR;
	sqlite3_backup_finish(b);
	if (rc != SQLITE_DONE || store_migrate(mem, why, len) != 0) {
		if (rc != SQLITE_DONE)
			store_db_reason(b ? mem : *db, why, len);
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
	if (store_query_int(*db, "PRAGMA user_version", &version, &rc) != 0) {
		store_db_reason(*db, why, len);
		return -1;
	}
	return version < store_schema_version() ? upgrade_in_memory(db, why, len) : 0;
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
	/* before SQLite reads the log, which would drop a damaged frame */
	if (store_wal_check(path, a->why, sizeof a->why))
		return V_DAMAGED;
	sqlite3 *db = NULL;
	if (open_connection(path, mode, &db) != SQLITE_OK) {
		store_db_reason(db, a->why, sizeof a->why);
		sqlite3_close(db);
		return V_ENV;
	}
	sqlite3_extended_result_codes(db, 1);
	sqlite3_busy_timeout(db, busy_ms);
	sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
	enum verdict v = examine(db, worth_checking(path), a->why, sizeof a->why);
	if (v == V_OK && sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK)
		v = failure_verdict(db, sqlite3_errcode(db), a->why, sizeof a->why);
	if (v != V_OK) {
		close_untouched(db);
		return v;
	}
	a->readonly = mode != OPEN_WRITE || sqlite3_db_readonly(db, "main") == 1;
	a->immutable = mode == OPEN_IMMUTABLE;
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

/* Is the file recognisably an iolab notebook, whatever is wrong inside
 * it: an SQLite header with iolab's application id (bytes 68-71). */
static int header_is_ours(const char *path)
{
	unsigned char h[100];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return 0;
	ssize_t n = pread(fd, h, sizeof h, 0);
	close(fd);
	return n == (ssize_t)sizeof h && memcmp(h, "SQLite format 3", 16) == 0 &&
	       ((uint32_t)h[68] << 24 | (uint32_t)h[69] << 16 | (uint32_t)h[70] << 8 | h[71]) ==
	       STORE_APP_ID;
}

/* May a file that cannot be used be moved aside?  Only the lab's own: one
 * that says it is an iolab notebook, or any file at the default path (the
 * lab's own directory).  Anything else named with --db is the user's,
 * whatever it holds, and is left untouched. */
static int may_move_aside(const struct store *st)
{
	return st->own_file || header_is_ours(st->path);
}

/* The companions SQLite keeps beside a database. */
static const char *const companions[] = { "-wal", "-shm", "-journal" };

struct before {
	int exists[COUNT(companions)];
};

static void companion_path(const char *base, size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", base, companions[i]);
}

int store_names_notebook(const char *db, const char *path)
{
	char def[PATH_MAX], p[PATH_MAX + 16];
	if (!db) {
		if (store_default_path(def, sizeof def) != 0)
			return 0;
		db = def;
	}
	if (same_file(db, path))
		return 1;
	for (size_t i = 0; i < COUNT(companions); i++) {
		companion_path(db, i, p, sizeof p);
		if (same_file(p, path))
			return 1;
	}
	return 0;
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

/* Remove the companions that our own examination created (they were not
 * there before it; a -shm is an index rebuilt from the log, an empty -wal
 * holds nothing): a file we do not use keeps nothing of ours beside it. */
static void drop_our_companions(const char *path, const struct before *b)
{
	char p[PATH_MAX];
	struct stat sb;
	for (size_t i = 0; i < COUNT(companions); i++) {
		companion_path(path, i, p, sizeof p);
		if (!b->exists[i] && lstat(p, &sb) == 0 &&
		    (strcmp(companions[i], "-shm") == 0 || sb.st_size == 0))
			unlink(p);
	}
}

/* Move a damaged database and its companions aside (see the top of the
 * file).  0 with the new name in broken; -1 with errno. */
static int move_aside(const char *path, const struct before *b, char *broken, size_t len)
{
	if (broken_name(path, broken, len) != 0)
		return -1;
	drop_our_companions(path, b);
	int moved[COUNT(companions)] = { 0 };
	char from[PATH_MAX], to[PATH_MAX];
	struct stat sb;
	for (size_t i = 0; i < COUNT(companions); i++) {
		companion_path(path, i, from, sizeof from);
		if (lstat(from, &sb) != 0)
			continue;
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
	if (sqlite3_open(":memory:", &db) != SQLITE_OK || store_migrate(db, why, sizeof why) != 0) {
		sqlite3_close(db);
		return errmsg(msg, msglen, "out of memory");
	}
	st->db = db;
	st->on_file = 0;
	return 0;
}

/* A file exists but cannot be written: open it for reading.  Where even
 * SQLite's index of the log (-shm) cannot be made, the file is read
 * without its log, and the student is told what that may hide. */
static enum verdict attach_reading(struct store *st, struct attempt *a)
{
	char why_not[sizeof a->why] = "";
	enum verdict v = attempt(st->path, OPEN_READ, st->busy_ms, a);
	if (v == V_ENV) {
		snprintf(why_not, sizeof why_not, "%s", a->why);
		v = attempt(st->path, OPEN_IMMUTABLE, st->busy_ms, a);
	}
	if (v != V_OK)
		return v;
	st->db = a->db;
	remember_file(st);
	char wal[PATH_MAX + 8];
	struct stat sb;
	snprintf(wal, sizeof wal, "%s-wal", st->path);
	char why[PATH_MAX + 128];
	if (a->immutable && stat(wal, &sb) == 0 && sb.st_size > 32) {
		unwritable_reason(st->path, why_not, why, sizeof why);
		notice_add(st, "Runs may be missing: the last runs recorded in %s are still in its "
		           "log %s, which cannot be read here without writing beside it (%s).",
		           st->path, wal, why);
	}
	return v;
}

/* After reading only (STORE_OPEN_READ): the -wal and -shm that opening
 * made beside a closed notebook are removed, as SQLite removes them when
 * the last connection that can write closes, so reading leaves the
 * directory as it was.  Under the directory lock, and only while no other
 * connection has the file open (another program's index is never
 * pulled from under it); a log that holds anything is kept. */
static void drop_reading_companions(struct store *st)
{
	if (!(st->flags & STORE_OPEN_READ) || !st->on_file || (st->had_wal && st->had_shm))
		return;
	int lock = dir_lock(st->path);
	char wal[PATH_MAX + 8], shm[PATH_MAX + 8];
	struct stat sb;
	snprintf(wal, sizeof wal, "%s-wal", st->path);
	snprintf(shm, sizeof shm, "%s-shm", st->path);
	if (!store_in_use(st->path)) {
		if (!st->had_wal && lstat(wal, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0)
			unlink(wal);
		if (!st->had_shm && (st->had_wal || lstat(wal, &sb) != 0))
			unlink(shm);
	}
	dir_unlock(lock);
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
		if (!may_move_aside(st))
			return errmsg(msg, msglen, "%s is not an iolab notebook (%s).", st->path, a.why);
		return errmsg(msg, msglen, "The lab's database %s cannot be read: %s. "
		              "The lab moves it aside when it next opens it.", st->path, a.why);
	case V_FOREIGN:
		return errmsg(msg, msglen, "%s is not the lab's database: %s.", st->path, a.why);
	case V_ENV:
		break;
	}
	return errmsg(msg, msglen, "The lab's database %s cannot be read: %s.", st->path, a.why);
}

/* The file cannot be written (or created), for the reason `why`: read it
 * if it is there, else run on an empty store in memory.  Either way
 * records are refused. */
static int attach_unwritable(struct store *st, int exists, const char *why,
                             char *msg, size_t msglen)
{
	struct attempt a;
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
	char why_new[PATH_MAX + 128];
	switch (attempt(st->path, OPEN_WRITE, st->busy_ms, &a)) {
	case V_OK:
		st->db = a.db;
		remember_file(st);
		return 0;
	case V_ENV:
		unwritable_reason(st->path, a.why, why_new, sizeof why_new);
		return attach_unwritable(st, 0, why_new, msg, msglen);
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
	if (st->flags & STORE_OPEN_READ) {
		char p[PATH_MAX + 8];
		struct stat cb;
		snprintf(p, sizeof p, "%s-wal", st->path);
		st->had_wal = lstat(p, &cb) == 0;
		snprintf(p, sizeof p, "%s-shm", st->path);
		st->had_shm = lstat(p, &cb) == 0;
		return attach_for_reading(st, exists, msg, msglen);
	}
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
		drop_our_companions(st->path, &b);
		return errmsg(msg, msglen, "%s is not the lab's database: %s. "
		              "It was left alone; choose another file with --db.", st->path, a.why);
	case V_DAMAGED:
		if (!exists)      /* it appeared meanwhile: look again */
			return 1;
		if (!may_move_aside(st)) {
			drop_our_companions(st->path, &b);
			return errmsg(msg, msglen, "%s is not an iolab notebook (%s). It was left "
			              "untouched; choose another file with --db.", st->path, a.why);
		}
		return replace_damaged(st, &sb, &b, a.why, msg, msglen);
	case V_ENV:
		break;
	}
	char why[PATH_MAX + 128];
	unwritable_reason(st->path, a.why, why, sizeof why);
	return attach_unwritable(st, exists, why, msg, msglen);
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
	st->own_file = path == def;
	int rc;
	if (path == def && !(flags & STORE_OPEN_READ) && make_parents(path) != 0) {
		char dir[PATH_MAX], why[PATH_MAX + 128];
		int e = errno;
		store_dir_of(path, dir, sizeof dir);
		snprintf(why, sizeof why, "its directory %s cannot be created (%s)", dir, strerror(e));
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
	drop_reading_companions(st);
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
int store_ready(struct store *st, char *msg, size_t msglen)
{
	store_follow(st);
	if (!st->db)
		return errmsg(msg, msglen, "%s", st->readonly ? st->readonly : "no database");
	return 0;
}

