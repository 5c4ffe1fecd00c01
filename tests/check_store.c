/* check_store.c - the lab notebook: recording and queries, two writers at
 * once, damaged and newer files moved aside untouched, read-only and full
 * disks, the old progress file imported, --forget.
 *
 * Every test works in its own temporary directory (never the user's state
 * directory: XDG_STATE_HOME is pointed into it). */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <grp.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "store.h"
#include "store_cmd.h"
#include "suites.h"

static char dir[256];
static char db[320];
static char *saved_state, *saved_home;   /* the environment, put back after */

static void save_env(void)
{
	saved_state = getenv("XDG_STATE_HOME") ? strdup(getenv("XDG_STATE_HOME")) : NULL;
	saved_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
}

static void restore_env(void)
{
	if (saved_state)
		setenv("XDG_STATE_HOME", saved_state, 1);
	else
		unsetenv("XDG_STATE_HOME");
	if (saved_home)
		setenv("HOME", saved_home, 1);
	else
		unsetenv("HOME");
	free(saved_state);
	free(saved_home);
	saved_state = saved_home = NULL;
}

static void remove_tree(const char *d)
{
	DIR *dp = opendir(d);
	if (!dp)
		return;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		char sub[PATH_MAX];
		snprintf(sub, sizeof sub, "%s/%s", d, de->d_name);
		struct stat st;
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
			chmod(sub, 0700);
			remove_tree(sub);
		} else
			unlink(sub);
	}
	closedir(dp);
	rmdir(d);
}

static void make_dir(void)
{
	const char *tmp = getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 100 ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof dir, "%s/check-store.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof db, "%s/lab.db", dir);
	char state[PATH_MAX];
	snprintf(state, sizeof state, "%s/state", dir);
	save_env();
	setenv("XDG_STATE_HOME", state, 1);   /* never the user's own */
}

static void drop_dir(void)
{
	chmod(dir, 0700);
	remove_tree(dir);
	restore_env();
}

/* --- helpers ----------------------------------------------------------------- */

static char *read_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void write_bytes(const char *path, const void *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(bytes, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

static int link_or_copy(const char *from, const char *to)
{
	return link(from, to);
}

static int exists(const char *path)
{
	struct stat sb;
	return lstat(path, &sb) == 0;
}

static void path_in(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

/* SQL on the file, from outside the store (as another program would). */
static void raw_exec(const char *path, const char *sql)
{
	sqlite3 *h = NULL;
	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	char *err = NULL;
	int rc = sqlite3_exec(h, sql, NULL, NULL, &err);
	ck_assert_msg(rc == SQLITE_OK, "%s: %s", sql, err ? err : "?");
	sqlite3_close(h);
}

static int64_t raw_int(const char *path, const char *sql)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *s = NULL;
	ck_assert_int_eq(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &s, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(s), SQLITE_ROW);
	int64_t v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(h);
	return v;
}

/* The one file named lab.db.broken-* (not a companion) in dir; asserts
 * there is exactly one and that its stamp has the documented form. */
static void find_broken(char *out, size_t len)
{
	char where[sizeof db];
	snprintf(where, sizeof where, "%s", db);
	*strrchr(where, '/') = '\0';
	DIR *dp = opendir(where);
	ck_assert_ptr_nonnull(dp);
	int n = 0;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		const char *name = de->d_name;
		if (strncmp(name, "lab.db.broken-", 14) != 0)
			continue;
		size_t l = strlen(name);
		if ((l > 4 && (!strcmp(name + l - 4, "-wal") || !strcmp(name + l - 4, "-shm"))) ||
		    (l > 8 && !strcmp(name + l - 8, "-journal")))
			continue;
		n++;
		snprintf(out, len, "%s/%s", where, name);
		/* lab.db.broken-YYYYMMDDTHHMMSSZ */
		ck_assert_uint_eq(l, 14 + 16);
		ck_assert_int_eq(name[14 + 8], 'T');
		ck_assert_int_eq(name[14 + 15], 'Z');
	}
	closedir(dp);
	ck_assert_int_eq(n, 1);
}

#define SPEC_W03 "op=write api=syscall size=10MiB block=1 cache=warm"
static const char spec_w03[] = SPEC_W03;
/* The workload sample() records: what the queries ask a normal result to
 * have run (in the lab, the lesson's own: notebook_lesson_specs). */
static const char *const w03_text[] = { spec_w03 };
static const struct store_specs w03_specs = { w03_text, 1 };
static const char json_w03[] = "{\"lesson\": \"w03-byte\", \"status\": \"ok\", \"rate\": {\"median\": 3483638.0}}";

static struct store_run sample(const char *lesson, int64_t when, enum store_kind kind)
{
	struct store_run r;
	store_run_init(&r);
	r.lesson = lesson;
	r.when = when;
	r.kind = kind;
	r.spec = spec_w03;
	r.rate = 3483638.0;
	r.log_rate = 15.063812345678901;
	r.seconds = 3.01;
	r.bytes = 10485760;
	r.passes = 1;
	r.syscalls_read = 0;
	r.syscalls_write = 10485760;
	r.calls = 10485763;
	r.time_limited = 0;
	r.result_json = json_w03;
	return r;
}

/* The path to give store_open: NULL for the default one (the lab's own
 * file, which is moved aside whatever it holds). */
static const char *db_arg(const char *path)
{
	char def[PATH_MAX];
	return !path || (store_default_path(def, sizeof def) == 0 && strcmp(def, path) == 0)
	       ? NULL : path;
}

/* From here on the test's database is the default one, in the lab's own
 * directory (XDG_STATE_HOME/iolab, made now). */
static void use_default_db(void)
{
	char d[PATH_MAX];
	snprintf(d, sizeof d, "%s/state", dir);
	mkdir(d, 0700);
	snprintf(d, sizeof d, "%s/state/iolab", dir);
	mkdir(d, 0700);
	ck_assert_int_eq(store_default_path(db, sizeof db), 0);
}

static struct store *open_ok(const char *path)
{
	char msg[2048];
	struct store *st = store_open(db_arg(path), 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "store_open: %s", msg);
	return st;
}

static int64_t record_ok(struct store *st, const struct store_run *r)
{
	char msg[1024];
	int64_t id = -1;
	ck_assert_msg(store_record(st, r, &id, msg, sizeof msg) == 0, "store_record: %s", msg);
	ck_assert_int_gt(id, 0);
	return id;
}

static int64_t count_ok(struct store *st, const char *lesson)
{
	char msg[1024];
	int64_t n = store_count(st, lesson, msg, sizeof msg);
	ck_assert_msg(n >= 0, "store_count: %s", msg);
	return n;
}

/* Collects the ids a query hands over, in order. */
struct ids {
	int64_t id[512];
	size_t n;
};

static int collect(const struct store_run *r, void *arg)
{
	struct ids *ids = arg;
	ck_assert_uint_lt(ids->n, 512);
	ids->id[ids->n++] = r->id;
	return 0;
}

/* --- names, defaults, the filing rule ----------------------------------------- */

START_TEST(default_path)
{
	char buf[PATH_MAX];
	save_env();
	setenv("XDG_STATE_HOME", "/s", 1);
	setenv("HOME", "/h", 1);
	ck_assert_int_eq(store_default_path(buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "/s/iolab/lab.db");
	setenv("XDG_STATE_HOME", "relative", 1);
	ck_assert_int_eq(store_default_path(buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "/h/.local/state/iolab/lab.db");
	unsetenv("XDG_STATE_HOME");
	ck_assert_int_eq(store_default_path(buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "/h/.local/state/iolab/lab.db");
	setenv("HOME", "h", 1);
	ck_assert_int_eq(store_default_path(buf, sizeof buf), -1);
	unsetenv("HOME");
	ck_assert_int_eq(store_default_path(buf, sizeof buf), -1);
	setenv("XDG_STATE_HOME", "/s", 1);
	ck_assert_int_eq(store_default_path(buf, 10), -1);     /* too small */
	restore_env();
}
END_TEST

START_TEST(kind_rule)
{
	ck_assert_int_eq(store_kind_pick(STORE_FROM_LESSON, 0, 0, 0), STORE_KIND_LESSON);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_CHANGED, 0, 0, 0), STORE_KIND_CHANGED);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_EXPERIMENT, 0, 0, 0), STORE_KIND_EXPERIMENT);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_PROGRAM, 0, 0, 0), STORE_KIND_PROGRAM);
	/* the engine sets stopped for the time limit too */
	ck_assert_int_eq(store_kind_pick(STORE_FROM_LESSON, 1, 0, 0), STORE_KIND_STOPPED);
	/* the lesson's own time limit is part of the lesson; another one is not */
	ck_assert_int_eq(store_kind_pick(STORE_FROM_LESSON, 1, 1, 0), STORE_KIND_LESSON);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_LESSON, 1, 1, 1), STORE_KIND_RACED);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_EXPERIMENT, 1, 1, 0), STORE_KIND_TIME_LIMITED);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_CHANGED, 1, 1, 1), STORE_KIND_TIME_LIMITED);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_LESSON, 0, 0, 1), STORE_KIND_RACED);
	ck_assert_int_eq(store_kind_pick(STORE_FROM_PROGRAM, 1, 0, 1), STORE_KIND_STOPPED);
	const char *names[STORE_KINDS] = { "lesson", "changed", "stopped", "time_limited",
	                                   "raced", "experiment", "program" };
	for (int k = 0; k < STORE_KINDS; k++)
		ck_assert_str_eq(store_kind_name((enum store_kind)k), names[k]);
	ck_assert_str_eq(store_recorder_name(STORE_BY_LAB), "lab");
	ck_assert_str_eq(store_recorder_name(STORE_BY_BATCH), "batch");
	ck_assert_str_eq(store_recorder_name(STORE_BY_IMPORT), "imported");
}
END_TEST

/* --- opening ------------------------------------------------------------------- */

START_TEST(default_store_makes_its_directory)
{
	char state[PATH_MAX], iolab[PATH_MAX + 8], file[PATH_MAX + 16];
	snprintf(state, sizeof state, "%s/state", dir);
	snprintf(iolab, sizeof iolab, "%s/iolab", state);
	snprintf(file, sizeof file, "%s/lab.db", iolab);
	struct store *st = open_ok(NULL);
	ck_assert_str_eq(store_path(st), file);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_ptr_null(store_readonly(st));
	store_close(st);
	struct stat sb;
	ck_assert_int_eq(stat(iolab, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 07777, 0700);
	ck_assert_int_eq(stat(state, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 07777, 0700);
	ck_assert(exists(file));
	ck_assert_int_eq(raw_int(file, "PRAGMA user_version"), 4);
	ck_assert_int_eq(raw_int(file, "PRAGMA application_id"), 0x696f6c62);

	/* an existing directory keeps its mode */
	ck_assert_int_eq(chmod(iolab, 0750), 0);
	st = open_ok(NULL);
	store_close(st);
	ck_assert_int_eq(stat(iolab, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 07777, 0750);
}
END_TEST

START_TEST(opens_in_wal_mode)
{
	struct store *st = open_ok(db);
	sqlite3 *h = NULL;
	sqlite3_stmt *s = NULL;
	ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &s, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(s), SQLITE_ROW);
	ck_assert_str_eq((const char *)sqlite3_column_text(s, 0), "wal");
	sqlite3_finalize(s);
	sqlite3_close(h);
	store_close(st);
}
END_TEST

/* --- recording and reading back ------------------------------------------------- */

static const struct sweep_point sample_points[] = {
	{ .block = 1, .cache = WL_CACHE_WARM, .ok = 1, .seconds = 2.5, .calls = 10485760.0,
	  .bytes = 10485760.0, .rate = 4194304.0 },
	{ .block = 4096, .cache = WL_CACHE_COLD, .ok = 0, .seconds = NAN, .calls = 0.0,
	  .bytes = 0.0, .rate = NAN },
};

static int check_full_run(const struct store_run *r, void *arg)
{
	int *seen = arg;
	(*seen)++;
	ck_assert_str_eq(r->lesson, "s01-sweep");
	ck_assert_int_eq(r->when, 1700000000);
	ck_assert_str_eq(r->when_text, "2023-11-14T22:13:20Z");
	ck_assert_int_eq(r->recorder, STORE_BY_BATCH);
	ck_assert_str_eq(r->version, PACKAGE_VERSION);
	ck_assert_int_eq(r->kind, STORE_KIND_CHANGED);
	ck_assert_str_eq(r->label, "4 B blocks");
	ck_assert_str_eq(r->spec, spec_w03);
	ck_assert_int_eq(r->ok, 0);
	ck_assert_str_eq(r->error, "open: Invalid argument");
	ck_assert(r->rate == 3483638.0);
	ck_assert(r->log_rate == 15.063812345678901);
	ck_assert(r->seconds == 3.01);
	ck_assert_int_eq(r->bytes, 10485760);
	ck_assert_int_eq(r->passes, -1);                  /* unknown stays unknown */
	ck_assert_int_eq(r->syscalls_read, -1);
	ck_assert_int_eq(r->syscalls_write, 10485760);
	ck_assert_int_eq(r->calls, 10485763);
	ck_assert_int_eq(r->time_limited, 1);
	ck_assert_str_eq(r->result_json, json_w03);
	ck_assert(r->guess_rate == 1000000.0);
	ck_assert_double_eq_tol(r->guess_log_rate, log(1000000.0), 1e-12);
	ck_assert_double_eq_tol(r->guess_miss, 15.063812345678901 - log(1000000.0), 1e-12);
	ck_assert_str_eq(r->guess_text, "1MB/s");
	ck_assert_uint_eq(r->npoints, 2);
	ck_assert_uint_eq(r->points[0].block, 1);
	ck_assert_int_eq(r->points[0].cache, WL_CACHE_WARM);
	ck_assert_int_eq(r->points[0].ok, 1);
	ck_assert(r->points[0].seconds == 2.5);
	ck_assert(r->points[0].calls == 10485760.0);
	ck_assert(r->points[0].bytes == 10485760.0);
	ck_assert(r->points[0].rate == 4194304.0);
	ck_assert_uint_eq(r->points[1].block, 4096);
	ck_assert_int_eq(r->points[1].cache, WL_CACHE_COLD);
	ck_assert_int_eq(r->points[1].ok, 0);
	ck_assert(isnan(r->points[1].seconds));
	ck_assert(isnan(r->points[1].rate));
	ck_assert(r->points[1].calls == 0.0);
	return 0;
}

static int check_bare_run(const struct store_run *r, void *arg)
{
	int *seen = arg;
	if (r->lesson)
		return 0;             /* the other run */
	(*seen)++;
	ck_assert_str_eq(r->label, "");
	ck_assert_ptr_null(r->error);
	ck_assert(isnan(r->rate) && isnan(r->log_rate) && isnan(r->seconds));
	ck_assert_int_eq(r->bytes, -1);
	ck_assert_int_eq(r->calls, -1);
	ck_assert_int_eq(r->time_limited, -1);
	ck_assert_ptr_null(r->result_json);
	ck_assert(isnan(r->guess_rate) && isnan(r->guess_log_rate) && isnan(r->guess_miss));
	ck_assert_ptr_null(r->guess_text);
	ck_assert_uint_eq(r->npoints, 0);
	ck_assert_ptr_null(r->points);
	ck_assert_int_eq(r->kind, STORE_KIND_PROGRAM);
	return 0;
}

START_TEST(record_round_trip)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("s01-sweep", 1700000000, STORE_KIND_CHANGED);
	r.recorder = STORE_BY_BATCH;
	r.label = "4 B blocks";
	r.ok = 0;
	r.error = "open: Invalid argument";
	r.passes = -1;
	r.syscalls_read = -1;
	r.time_limited = 1;
	r.guess_rate = 1000000.0;
	r.guess_text = "1MB/s";
	r.points = sample_points;
	r.npoints = 2;
	int64_t id = record_ok(st, &r);

	struct store_run bare;
	store_run_init(&bare);
	bare.kind = STORE_KIND_PROGRAM;
	bare.spec = "command=./mywriter {file}";
	int64_t id2 = record_ok(st, &bare);
	ck_assert_int_gt(id2, id);
	store_close(st);

	/* read back through a fresh open, as another program would */
	st = open_ok(db);
	char msg[256];
	int seen = 0;
	ck_assert_int_eq(store_each(st, "s01-sweep", check_full_run, &seen, msg, sizeof msg), 0);
	ck_assert_int_eq(seen, 1);
	seen = 0;
	ck_assert_int_eq(store_history(st, NULL, check_bare_run, &seen, msg, sizeof msg), 0);
	ck_assert_int_eq(seen, 1);
	ck_assert_int_eq(count_ok(st, NULL), 2);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM points"), 2);
	store_close(st);
}
END_TEST

static int stop_after_first(const struct store_run *r, void *arg)
{
	(void)r;
	(*(int *)arg)++;
	return 1;
}

START_TEST(record_refuses_bad_runs)
{
	struct store *st = open_ok(db);
	char msg[256];
	struct store_run r = sample("w03-byte", 0, STORE_KIND_LESSON);
	r.spec = NULL;
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: the run has no workload spec");
	r = sample("w03-byte", 0, STORE_KIND_LESSON);
	r.guess_rate = 0.0;
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: a guess must be a rate above 0 B/s");
	r.guess_rate = INFINITY;
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: a guess must be a rate above 0 B/s");
	r = sample("w03-byte", 0, STORE_KIND_LESSON);
	r.kind = STORE_KINDS;
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: unknown kind or recorder");
	ck_assert_int_eq(count_ok(st, NULL), 0);

	/* when 0 = now; a callback that returns nonzero stops the walk */
	r = sample("w03-byte", 0, STORE_KIND_LESSON);
	time_t before = time(NULL);
	record_ok(st, &r);
	record_ok(st, &r);
	int seen = 0;
	ck_assert_int_eq(store_history(st, "w03-byte", stop_after_first, &seen, msg, sizeof msg), 0);
	ck_assert_int_eq(seen, 1);
	int64_t at = raw_int(db, "SELECT min(at) FROM runs");
	ck_assert_int_ge(at, (int64_t)before);
	ck_assert_int_le(at, (int64_t)time(NULL));
	store_close(st);
}
END_TEST

/* --- queries ------------------------------------------------------------------- */

START_TEST(latest_normal_and_history)
{
	struct store *st = open_ok(db);
	struct store_run r;
	int64_t id[10];
	r = sample("w03-byte", 100, STORE_KIND_LESSON);
	id[0] = record_ok(st, &r);                         /* normal, t=100 */
	r = sample("w03-byte", 200, STORE_KIND_CHANGED);
	r.label = "4 B blocks";
	id[1] = record_ok(st, &r);                         /* a variant, newer */
	r = sample("w03-byte", 300, STORE_KIND_STOPPED);
	id[2] = record_ok(st, &r);
	r = sample("w03-byte", 400, STORE_KIND_TIME_LIMITED);
	r.time_limited = 1;
	id[3] = record_ok(st, &r);
	r = sample("w03-byte", 500, STORE_KIND_LESSON);
	r.ok = 0;
	r.error = "write: No space left on device";
	id[4] = record_ok(st, &r);                         /* as the lesson says, but failed */
	r = sample("w03-byte", 150, STORE_KIND_LESSON);
	id[5] = record_ok(st, &r);                         /* normal, recorded later, t=150 */
	r = sample("w03-byte", 150, STORE_KIND_LESSON);
	r.rate = 1.0;
	id[6] = record_ok(st, &r);                         /* normal, same time: the later row wins */
	r = sample("w05-stdio", 900, STORE_KIND_LESSON);
	id[7] = record_ok(st, &r);                         /* another lesson */
	r = sample("w03-byte", 50, STORE_KIND_LESSON);
	r.time_limited = 1;
	id[8] = record_ok(st, &r);                         /* cut by its own limit: normal, older */
	r = sample("w03-byte", 700, STORE_KIND_EXPERIMENT);
	id[9] = record_ok(st, &r);

	char msg[256];
	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg, sizeof msg), 1);
	ck_assert_uint_eq(got.n, 1);
	ck_assert_int_eq(got.id[0], id[6]);
	got.n = 0;
	ck_assert_int_eq(store_latest_normal(st, "w05-stdio", &w03_specs, collect, &got, msg, sizeof msg), 1);
	ck_assert_int_eq(got.id[0], id[7]);
	got.n = 0;
	ck_assert_int_eq(store_latest_normal(st, "r01-none", &w03_specs, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 0);

	/* history: every kind, newest first (ties: later row first) */
	const int64_t want[] = { id[9], id[4], id[3], id[2], id[1], id[6], id[5], id[0], id[8] };
	got.n = 0;
	ck_assert_int_eq(store_history(st, "w03-byte", collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 9);
	for (size_t i = 0; i < 9; i++)
		ck_assert_int_eq(got.id[i], want[i]);
	got.n = 0;
	ck_assert_int_eq(store_history(st, NULL, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 10);
	ck_assert_int_eq(got.id[0], id[7]);
	/* export: oldest row first */
	got.n = 0;
	ck_assert_int_eq(store_each(st, NULL, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 10);
	for (size_t i = 0; i < 10; i++)
		ck_assert_int_eq(got.id[i], id[i]);
	ck_assert_int_eq(count_ok(st, "w03-byte"), 9);
	ck_assert_int_eq(count_ok(st, "w05-stdio"), 1);
	ck_assert_int_eq(count_ok(st, "nothing"), 0);
	ck_assert_int_eq(store_latest_normal(st, NULL, &w03_specs, collect, &got, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson given");
	store_close(st);
}
END_TEST

START_TEST(prediction_score)
{
	struct store *st = open_ok(db);
	char msg[256];
	struct store_score sc;
	ck_assert_int_eq(store_score(st, NULL, &sc, msg, sizeof msg), 0);
	ck_assert_int_eq(sc.guesses, 0);
	ck_assert(isnan(sc.mean_miss));
	ck_assert_int_eq(sc.within_1, 0);

	struct store_run r;
	int64_t a, b, c;
	r = sample("w03-byte", 100, STORE_KIND_LESSON);
	r.log_rate = 10.5;
	r.guess_rate = exp(10.0);               /* miss 0.5 */
	a = record_ok(st, &r);
	r = sample("w03-byte", 200, STORE_KIND_CHANGED);
	r.log_rate = 10.0;
	r.guess_rate = exp(12.0);               /* miss 2.0 */
	b = record_ok(st, &r);
	r = sample("w05-stdio", 300, STORE_KIND_LESSON);
	r.log_rate = 14.0;
	r.guess_rate = exp(13.75);              /* miss 0.25 */
	c = record_ok(st, &r);
	r = sample("w05-stdio", 400, STORE_KIND_LESSON);
	r.ok = 0;
	r.rate = r.log_rate = r.seconds = NAN;
	r.guess_rate = exp(3.0);                /* nothing measured: not scored */
	record_ok(st, &r);
	r = sample("w05-stdio", 500, STORE_KIND_LESSON);   /* no guess */
	record_ok(st, &r);

	ck_assert_int_eq(store_score(st, NULL, &sc, msg, sizeof msg), 0);
	ck_assert_int_eq(sc.guesses, 3);
	ck_assert_double_eq_tol(sc.mean_miss, (0.5 + 2.0 + 0.25) / 3.0, 1e-9);
	ck_assert_int_eq(sc.within_1, 2);
	ck_assert_int_eq(store_score(st, "w03-byte", &sc, msg, sizeof msg), 0);
	ck_assert_int_eq(sc.guesses, 2);
	ck_assert_double_eq_tol(sc.mean_miss, 1.25, 1e-9);
	ck_assert_int_eq(sc.within_1, 1);

	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_predictions(st, NULL, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 3);
	ck_assert_int_eq(got.id[0], c);
	ck_assert_int_eq(got.id[1], b);
	ck_assert_int_eq(got.id[2], a);
	store_close(st);
}
END_TEST

START_TEST(state_and_forget)
{
	struct store *st = open_ok(db);
	char msg[256], buf[64];
	ck_assert_int_eq(store_state_get(st, "lesson", buf, sizeof buf, msg, sizeof msg), 0);
	ck_assert_int_eq(store_state_set(st, "lesson", "w03-byte", msg, sizeof msg), 0);
	ck_assert_int_eq(store_state_set(st, "lesson", "w05-stdio", msg, sizeof msg), 0);
	ck_assert_int_eq(store_state_get(st, "lesson", buf, sizeof buf, msg, sizeof msg), 1);
	ck_assert_str_eq(buf, "w05-stdio");

	struct store_run r = sample("s01-sweep", 100, STORE_KIND_LESSON);
	r.points = sample_points;
	r.npoints = 2;
	record_ok(st, &r);
	record_ok(st, &r);
	r.npoints = 0;
	record_ok(st, &r);
	int64_t deleted = -1;
	ck_assert_int_eq(store_forget(st, &deleted, msg, sizeof msg), 0);
	ck_assert_int_eq(deleted, 3);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	ck_assert_int_eq(store_state_get(st, "lesson", buf, sizeof buf, msg, sizeof msg), 1);
	ck_assert_str_eq(buf, "w05-stdio");
	store_close(st);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM points"), 0);

	/* state survives a reopen: the lab reopens where the student left off */
	st = open_ok(db);
	ck_assert_int_eq(store_state_get(st, "lesson", buf, sizeof buf, msg, sizeof msg), 1);
	ck_assert_str_eq(buf, "w05-stdio");
	store_close(st);
}
END_TEST

/* --- two writers at once ------------------------------------------------------- */

#define WRITERS 2
#define RUNS_EACH 200

static void writer(int start_fd, int who)
{
	char go;
	if (read(start_fd, &go, 1) < 0)
		_exit(3);
	char msg[2048];
	struct store *st = store_open(db, 0, msg, sizeof msg);
	if (!st) {
		fprintf(stderr, "writer %d: %s\n", who, msg);
		_exit(1);
	}
	for (int i = 0; i < RUNS_EACH; i++) {
		char lesson[32];
		snprintf(lesson, sizeof lesson, "w%d-%03d", who, i);
		struct store_run r = sample(lesson, 1000 + i, STORE_KIND_LESSON);
		r.points = sample_points;
		r.npoints = 1;
		if (store_record(st, &r, NULL, msg, sizeof msg) != 0) {
			fprintf(stderr, "writer %d, run %d: %s\n", who, i, msg);
			_exit(2);
		}
	}
	store_close(st);
	_exit(0);
}

static int count_distinct(const struct store_run *r, void *arg)
{
	char (*seen)[RUNS_EACH] = arg;
	int who, i;
	ck_assert_int_eq(sscanf(r->lesson, "w%d-%d", &who, &i), 2);
	ck_assert(who >= 0 && who < WRITERS && i >= 0 && i < RUNS_EACH);
	ck_assert_int_eq(seen[who][i], 0);
	seen[who][i] = 1;
	ck_assert_uint_eq(r->npoints, 1);
	return 0;
}

START_TEST(two_writers_keep_every_run)
{
	/* both start on a file that does not exist yet: creating the schema
	 * races too */
	int go[2];
	ck_assert_int_eq(pipe(go), 0);
	pid_t pid[WRITERS];
	for (int w = 0; w < WRITERS; w++) {
		pid[w] = fork();
		ck_assert_int_ge(pid[w], 0);
		if (pid[w] == 0) {
			close(go[1]);
			writer(go[0], w);
		}
	}
	close(go[0]);
	close(go[1]);                 /* both read EOF at once: go */
	int done = 0;
	int64_t last = 0;
	while (done < WRITERS) {
		int status;
		pid_t p = waitpid(-1, &status, WNOHANG);
		if (p > 0) {
			ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
			              "a writer failed (status %d)", status);
			done++;
			continue;
		}
		/* --history meanwhile: never an error, never fewer rows */
		char msg[1024];
		struct store *reader = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
		ck_assert_msg(reader != NULL, "reader: %s", msg);
		int64_t n = count_ok(reader, NULL);
		ck_assert_int_ge(n, last);
		last = n;
		store_close(reader);
		usleep(5000);
	}
	struct store *st = open_ok(db);
	ck_assert_int_eq(count_ok(st, NULL), WRITERS * RUNS_EACH);
	static char seen[WRITERS][RUNS_EACH];
	memset(seen, 0, sizeof seen);
	char msg[256];
	ck_assert_int_eq(store_each(st, NULL, count_distinct, seen, msg, sizeof msg), 0);
	store_close(st);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM points"), WRITERS * RUNS_EACH);
}
END_TEST

START_TEST(reader_while_a_writer_holds_the_lock)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);

	sqlite3 *other = NULL;
	ck_assert_int_eq(sqlite3_open(db, &other), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(other, "BEGIN IMMEDIATE; INSERT INTO runs (at, at_text, "
	                              "recorder, version, kind, spec, status) VALUES (1, 'x', 'lab', "
	                              "'0', 'lesson', 's', 'ok')", NULL, NULL, NULL), SQLITE_OK);
	/* reading does not wait for the writer, and sees what was committed */
	char msg[256];
	struct store *reader = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_ptr_nonnull(reader);
	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_history(reader, NULL, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 1);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	/* a write waits for the lock, then says why it gave up */
	store_set_busy_timeout(st, 50);
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: database is locked");
	ck_assert_int_eq(sqlite3_exec(other, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(other);
	record_ok(st, &r);
	ck_assert_int_eq(count_ok(reader, NULL), 3);
	store_close(reader);
	store_close(st);
}
END_TEST

/* --- damaged and newer files: moved aside, never written ----------------------- */

static void expect_moved_aside(const char *why, const char *original, size_t len)
{
	char broken[PATH_MAX], expected[16384];
	struct store *st = open_ok(db);
	find_broken(broken, sizeof broken);
	snprintf(expected, sizeof expected, "The lab's database %s could not be used: %s. "
	         "It was moved aside, unchanged, to %s, and a new database was started.",
	         db, why, broken);
	ck_assert_str_eq(store_notice(st), expected);
	ck_assert_ptr_null(store_readonly(st));
	/* the new one works */
	ck_assert_int_eq(count_ok(st, NULL), 0);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_notice_clear(st);
	ck_assert_str_eq(store_notice(st), "");
	store_close(st);
	/* the old bytes, every one */
	size_t got_len;
	char *got = read_bytes(broken, &got_len);
	ck_assert_uint_eq(got_len, len);
	ck_assert(memcmp(got, original, len) == 0);
	free(got);
	/* and nothing of ours was left beside it */
	char comp[PATH_MAX + 16];
	snprintf(comp, sizeof comp, "%s-shm", broken);
	ck_assert(!exists(comp));
	/* a second open finds a good file: no new notice */
	st = open_ok(db);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_close(st);
}

START_TEST(garbage_file_moved_aside)
{
	char garbage[3000];
	for (size_t i = 0; i < sizeof garbage; i++)
		garbage[i] = (char)((i * 2654435761u) >> 13);
	use_default_db();
	write_bytes(db, garbage, sizeof garbage);
	expect_moved_aside("it is not an SQLite database", garbage, sizeof garbage);
}
END_TEST

START_TEST(text_file_moved_aside)
{
	const char text[] = "# iolab progress 1\nlesson w03-byte status=ok\n";
	use_default_db();
	write_bytes(db, text, strlen(text));
	expect_moved_aside("it is not an SQLite database", text, strlen(text));
}
END_TEST

START_TEST(corrupt_page_moved_aside)
{
	struct store *st = open_ok(db);
	for (int i = 0; i < 40; i++) {
		struct store_run r = sample("s01-sweep", 100 + i, STORE_KIND_LESSON);
		r.points = sample_points;
		r.npoints = 2;
		record_ok(st, &r);
	}
	store_close(st);
	char wal[PATH_MAX + 8];
	snprintf(wal, sizeof wal, "%s-wal", db);
	ck_assert(!exists(wal));
	int64_t page = raw_int(db, "PRAGMA page_size");
	int64_t root = raw_int(db, "SELECT rootpage FROM sqlite_master WHERE name = 'runs'");
	ck_assert_int_gt(root, 1);
	size_t len;
	char *bytes = read_bytes(db, &len);
	ck_assert_uint_gt(len, (size_t)(root * page));
	memset(bytes + (root - 1) * page, 0xAB, (size_t)page);
	write_bytes(db, bytes, len);

	char broken[PATH_MAX];
	st = open_ok(db);
	find_broken(broken, sizeof broken);
	const char *notice = store_notice(st);
	char head[PATH_MAX + 64], tail[PATH_MAX + 128];
	snprintf(head, sizeof head, "The lab's database %s could not be used: it is damaged (", db);
	snprintf(tail, sizeof tail, "). It was moved aside, unchanged, to %s, and a new database "
	         "was started.", broken);
	ck_assert_msg(strncmp(notice, head, strlen(head)) == 0, "notice: %s", notice);
	ck_assert_msg(strlen(notice) > strlen(tail) &&
	              strcmp(notice + strlen(notice) - strlen(tail), tail) == 0, "notice: %s", notice);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	store_close(st);
	size_t got_len;
	char *got = read_bytes(broken, &got_len);
	ck_assert_uint_eq(got_len, len);
	ck_assert(memcmp(got, bytes, len) == 0);
	free(got);
	free(bytes);
}
END_TEST

START_TEST(newer_version_moved_aside)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	raw_exec(db, "PRAGMA user_version = 5");
	size_t len;
	char *bytes = read_bytes(db, &len);
	expect_moved_aside("it was written by a newer iolab (schema version 5; this one knows 4)",
	                   bytes, len);
	free(bytes);
}
END_TEST

/* A damaged file whose log holds committed data: the log moves with it,
 * byte for byte, so opening the moved file shows everything. */
START_TEST(log_moves_with_its_database)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	sqlite3 *h = NULL;
	ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
	sqlite3_db_config(h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
	ck_assert_int_eq(sqlite3_exec(h, "INSERT INTO runs (at, at_text, recorder, version, kind, "
	                              "spec, status) VALUES (2, 'x', 'lab', '9', 'lesson', 's', 'ok');"
	                              "PRAGMA user_version = 7", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	char wal[PATH_MAX + 8];
	snprintf(wal, sizeof wal, "%s-wal", db);
	ck_assert(exists(wal));
	size_t db_len, wal_len;
	char *db_bytes = read_bytes(db, &db_len);
	char *wal_bytes = read_bytes(wal, &wal_len);
	ck_assert_uint_gt(wal_len, 0);

	st = open_ok(db);
	char broken[PATH_MAX], broken_wal[PATH_MAX + 8];
	find_broken(broken, sizeof broken);
	snprintf(broken_wal, sizeof broken_wal, "%s-wal", broken);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	store_close(st);
	size_t n;
	char *got = read_bytes(broken, &n);
	ck_assert_uint_eq(n, db_len);
	ck_assert(memcmp(got, db_bytes, n) == 0);
	free(got);
	got = read_bytes(broken_wal, &n);
	ck_assert_uint_eq(n, wal_len);
	ck_assert(memcmp(got, wal_bytes, n) == 0);
	free(got);
	/* the moved pair is whole: both runs, and the newer version */
	ck_assert_int_eq(raw_int(broken, "SELECT count(*) FROM runs"), 2);
	ck_assert_int_eq(raw_int(broken, "PRAGMA user_version"), 7);
	free(db_bytes);
	free(wal_bytes);
}
END_TEST

/* A file named with --db that is not recognisably an iolab notebook is
 * the user's: refused, every byte and name as it was, nothing beside it. */
START_TEST(users_file_left_untouched)
{
	const char *contents[] = { "a,b\n", "# iolab progress 1\nlesson w03-byte status=ok\n",
	                           "SQLite format 3 and then some text that is no database\n" };
	for (size_t i = 0; i < sizeof contents / sizeof *contents; i++) {
		write_bytes(db, contents[i], strlen(contents[i]));
		char msg[2048], expected[4096];
		ck_assert_ptr_null(store_open(db, 0, msg, sizeof msg));
		snprintf(expected, sizeof expected, "%s is not an iolab notebook (it is not an SQLite "
		         "database). It was left untouched; choose another file with --db.", db);
		ck_assert_str_eq(msg, expected);
		size_t n;
		char *got = read_bytes(db, &n);
		ck_assert_uint_eq(n, strlen(contents[i]));
		ck_assert(memcmp(got, contents[i], n) == 0);
		free(got);
		DIR *dp = opendir(dir);
		struct dirent *de;
		int files = 0;
		while ((de = readdir(dp)) != NULL)
			files += de->d_name[0] != '.';
		closedir(dp);
		ck_assert_int_eq(files, 1);
	}
}
END_TEST

/* A notebook of 0.2 without the application id opens (recognised by its
 * tables) and gets the id; one with another program's table too does not. */
START_TEST(notebook_without_its_id_opens)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	raw_exec(db, "PRAGMA application_id = 0");
	ck_assert_int_eq(raw_int(db, "PRAGMA application_id"), 0);
	st = open_ok(db);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_close(st);
	ck_assert_int_eq(raw_int(db, "PRAGMA application_id"), 0x696f6c62);
	raw_exec(db, "PRAGMA application_id = 0; CREATE TABLE thesis (chapter TEXT)");
	char msg[2048];
	ck_assert_ptr_null(store_open(db, 0, msg, sizeof msg));
	ck_assert_msg(strstr(msg, "is not the lab's database") != NULL, "%s", msg);
}
END_TEST

START_TEST(negative_version_moved_aside)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	raw_exec(db, "PRAGMA user_version = -1");
	size_t len;
	char *bytes = read_bytes(db, &len);
	expect_moved_aside("its schema version -1 is not one any iolab writes", bytes, len);
	free(bytes);
}
END_TEST

/* Runs appended to the log by a program that left it (as a lab killed
 * with -9 does): the last frame of the log, offset and page size. */
static void runs_left_in_the_log(int runs, off_t *last, int64_t *page)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	sqlite3 *h = NULL;
	ck_assert_int_eq(sqlite3_open(db, &h), SQLITE_OK);
	sqlite3_db_config(h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
	for (int i = 0; i < runs; i++)
		ck_assert_int_eq(sqlite3_exec(h, "INSERT INTO runs (at, at_text, recorder, version, "
		                              "kind, spec, status) VALUES (2, 'x', 'lab', '9', "
		                              "'lesson', 's', 'ok')", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	char shm[PATH_MAX + 8];             /* an index, rebuilt from the log */
	snprintf(shm, sizeof shm, "%s-shm", db);
	unlink(shm);
	*page = raw_int(db, "PRAGMA page_size");
	char wal[PATH_MAX + 8];
	snprintf(wal, sizeof wal, "%s-wal", db);
	struct stat sb;
	ck_assert_int_eq(stat(wal, &sb), 0);
	ck_assert_int_gt(sb.st_size, 32 + 24 + *page);
	*last = sb.st_size - (24 + *page);
	ck_assert_int_eq((sb.st_size - 32) % (24 + *page), 0);
}

START_TEST(damaged_log_frame_moved_aside)
{
	off_t last;
	int64_t page;
	runs_left_in_the_log(2, &last, &page);
	char wal[PATH_MAX + 8];
	snprintf(wal, sizeof wal, "%s-wal", db);
	size_t wal_len, db_len;
	char *log = read_bytes(wal, &wal_len);
	log[last + 24 + page / 2] ^= 0x10;       /* one bit of the last committed page */
	write_bytes(wal, log, wal_len);
	char *bytes = read_bytes(db, &db_len);
	long frames = (long)((wal_len - 32) / (size_t)(24 + page));
	char why[PATH_MAX + 256];
	snprintf(why, sizeof why, "its log %s is damaged (frame %ld's checksum fails), so the runs "
	         "recorded last would be lost", wal, frames);
	/* reading says so and changes nothing */
	char msg[4096], expected[8192];
	ck_assert_ptr_null(store_open(db, STORE_OPEN_READ, msg, sizeof msg));
	snprintf(expected, sizeof expected, "The lab's database %s cannot be read: %s. The lab "
	         "moves it aside when it next opens it.", db, why);
	ck_assert_str_eq(msg, expected);
	expect_moved_aside(why, bytes, db_len);
	char broken[PATH_MAX], broken_wal[PATH_MAX + 8];
	find_broken(broken, sizeof broken);
	snprintf(broken_wal, sizeof broken_wal, "%s-wal", broken);
	size_t n;
	char *got = read_bytes(broken_wal, &n);
	ck_assert_uint_eq(n, wal_len);
	ck_assert(memcmp(got, log, n) == 0);
	free(got);
	free(log);
	free(bytes);
}
END_TEST

/* An append cut short by the end of the file is a write that never
 * finished (a crash): SQLite's reading is right, nothing is moved. */
START_TEST(unfinished_append_is_no_damage)
{
	off_t last;
	int64_t page;
	runs_left_in_the_log(2, &last, &page);
	char wal[PATH_MAX + 8];
	snprintf(wal, sizeof wal, "%s-wal", db);
	ck_assert_int_eq(truncate(wal, last + 24 + page / 2), 0);
	struct store *st = open_ok(db);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_int_eq(count_ok(st, NULL), 2);
	store_close(st);
}
END_TEST

START_TEST(foreign_database_left_alone)
{
	/* in WAL mode: examining it creates a -wal and -shm, which must go */
	raw_exec(db, "PRAGMA journal_mode = WAL; CREATE TABLE thesis (chapter TEXT); "
	         "INSERT INTO thesis VALUES ('one')");
	size_t len;
	char *bytes = read_bytes(db, &len);
	char msg[2048], expected[16384];
	ck_assert_ptr_null(store_open(db, 0, msg, sizeof msg));
	snprintf(expected, sizeof expected, "%s is not the lab's database: it is not iolab's database "
	         "(it holds another program's tables; application_id 0, user_version 0). It was left "
	         "alone; choose another file with --db.", db);
	ck_assert_str_eq(msg, expected);
	size_t n;
	char *got = read_bytes(db, &n);
	ck_assert_uint_eq(n, len);
	ck_assert(memcmp(got, bytes, n) == 0);
	free(got);
	free(bytes);
	char wal[PATH_MAX], shm[PATH_MAX];
	snprintf(wal, sizeof wal, "%s-wal", db);
	snprintf(shm, sizeof shm, "%s-shm", db);
	ck_assert(!exists(wal));
	ck_assert(!exists(shm));
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM thesis"), 1);
}
END_TEST

START_TEST(reading_never_changes_anything)
{
	char msg[2048], expected[16384];
	/* nothing there: an empty store, and still nothing there */
	struct store *st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_ptr_nonnull(st);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	snprintf(expected, sizeof expected, "opened for reading only (nothing has been saved in %s "
	         "yet)", db);
	ck_assert_str_eq(store_readonly(st), expected);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	snprintf(expected, sizeof expected, "not saved: opened for reading only (nothing has been "
	         "saved in %s yet)", db);
	ck_assert_str_eq(msg, expected);
	store_close(st);
	ck_assert(!exists(db));

	/* a file that is not a notebook is named so, and left alone */
	write_bytes(db, "garbage", 7);
	ck_assert_ptr_null(store_open(db, STORE_OPEN_READ, msg, sizeof msg));
	snprintf(expected, sizeof expected, "%s is not an iolab notebook (it is not an SQLite "
	         "database).", db);
	ck_assert_str_eq(msg, expected);
	unlink(db);

	/* a damaged file of the lab's own is reported, not moved */
	char given[sizeof db];
	snprintf(given, sizeof given, "%s", db);
	use_default_db();
	write_bytes(db, "garbage", 7);
	ck_assert_ptr_null(store_open(NULL, STORE_OPEN_READ, msg, sizeof msg));
	snprintf(expected, sizeof expected, "The lab's database %s cannot be read: it is not an "
	         "SQLite database. The lab moves it aside when it next opens it.", db);
	ck_assert_str_eq(msg, expected);
	size_t n;
	char *got = read_bytes(db, &n);
	ck_assert_uint_eq(n, 7);
	free(got);
	unlink(db);
	snprintf(db, sizeof db, "%s", given);

	st = open_ok(db);
	record_ok(st, &r);
	store_close(st);
	st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_ptr_nonnull(st);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	ck_assert_str_eq(store_readonly(st), "opened for reading only");
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: opened for reading only");
	ck_assert_int_eq(store_state_set(st, "lesson", "x", msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: opened for reading only");
	int64_t deleted;
	ck_assert_int_eq(store_forget(st, &deleted, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "nothing was forgotten: opened for reading only");
	store_close(st);
}
END_TEST

/* Another iolab moved the file aside (or it was removed) while this store
 * had it open: the next record goes to the new file, and the moved one is
 * not written by this store's connection closing. */
START_TEST(follows_a_replaced_file)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	char moved[PATH_MAX + 8], from[PATH_MAX + 8], to[PATH_MAX + 16];
	snprintf(moved, sizeof moved, "%s.moved", db);
	ck_assert_int_eq(rename(db, moved), 0);
	const char *comp[] = { "-wal", "-shm" };
	for (int i = 0; i < 2; i++) {
		snprintf(from, sizeof from, "%s%s", db, comp[i]);
		snprintf(to, sizeof to, "%s%s", moved, comp[i]);
		ck_assert_int_eq(rename(from, to), 0);
	}
	size_t len;
	char *before = read_bytes(moved, &len);
	record_ok(st, &r);
	char expected[16384];
	snprintf(expected, sizeof expected, "The lab's database %s was replaced while this lab had it "
	         "open (another iolab moved it aside, or it was removed); this lab now uses the new "
	         "one.", db);
	ck_assert_str_eq(store_notice(st), expected);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_close(st);
	size_t n;
	char *after = read_bytes(moved, &n);
	ck_assert_uint_eq(n, len);
	ck_assert(memcmp(before, after, n) == 0);
	free(before);
	free(after);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 1);
	ck_assert_int_eq(raw_int(moved, "SELECT count(*) FROM runs"), 1);
}
END_TEST

/* --- the fields of a run (schema 2) ---------------------------------------------- */

static double field_ok(struct store *st, const char *lesson, const char *field, int expect_rc)
{
	char msg[512];
	double v = -12345;
	int rc = store_latest_normal_field(st, lesson, &w03_specs, field, &v, msg, sizeof msg);
	ck_assert_msg(rc == expect_rc, "store_latest_normal_field(%s, %s) = %d, not %d: %s",
	              lesson, field, rc, expect_rc, rc < 0 ? msg : "");
	return v;
}

static const struct store_field w01_fields[] = {
	{ "rate.median", 7400.5 }, { "log_rate", 8.909 }, { "syscalls.write", 14801 },
	{ "busy", 0 }, { "time_limited", 1 }, { "cpu.user", NAN },    /* not finite: no row */
};

/* Every number a recorder hands over is kept by name; the latest normal
 * result answers, a variant or a failed run never does, a null field is
 * NAN, and --forget takes the fields with their runs. */
START_TEST(fields_of_the_latest_normal_result)
{
	struct store *st = open_ok(db);
	field_ok(st, "w01-syncbyte", "log_rate", 0);          /* never run */
	struct store_run r = sample("w01-syncbyte", 100, STORE_KIND_LESSON);
	r.fields = w01_fields;
	r.nfields = sizeof w01_fields / sizeof w01_fields[0];
	int64_t id = record_ok(st, &r);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM fields"), 5);
	char sql[128];
	snprintf(sql, sizeof sql, "SELECT count(*) FROM fields WHERE run = %lld", (long long)id);
	ck_assert_int_eq(raw_int(db, sql), 5);
	ck_assert(field_ok(st, "w01-syncbyte", "rate.median", 1) == 7400.5);
	ck_assert(field_ok(st, "w01-syncbyte", "log_rate", 1) == 8.909);
	ck_assert(field_ok(st, "w01-syncbyte", "syscalls.write", 1) == 14801);
	ck_assert(field_ok(st, "w01-syncbyte", "time_limited", 1) == 1);
	ck_assert(field_ok(st, "w01-syncbyte", "busy", 1) == 0);
	ck_assert(isnan(field_ok(st, "w01-syncbyte", "cpu.user", 1)));    /* null there */
	ck_assert(isnan(field_ok(st, "w01-syncbyte", "no.such", 1)));
	field_ok(st, "w02-syncblock", "log_rate", 0);          /* another lesson */

	/* a later variant and a later failure are no result of the lesson */
	struct store_field changed[] = { { "log_rate", 3.0 } };
	struct store_run v = sample("w01-syncbyte", 200, STORE_KIND_CHANGED);
	v.fields = changed;
	v.nfields = 1;
	record_ok(st, &v);
	struct store_run f = sample("w01-syncbyte", 300, STORE_KIND_LESSON);
	f.ok = 0;
	f.fields = changed;
	f.nfields = 1;
	record_ok(st, &f);
	ck_assert(field_ok(st, "w01-syncbyte", "log_rate", 1) == 8.909);
	/* a newer normal result answers, even for a field the older had */
	struct store_field newer[] = { { "log_rate", 9.5 } };
	struct store_run n = sample("w01-syncbyte", 400, STORE_KIND_LESSON);
	n.fields = newer;
	n.nfields = 1;
	record_ok(st, &n);
	ck_assert(field_ok(st, "w01-syncbyte", "log_rate", 1) == 9.5);
	ck_assert(isnan(field_ok(st, "w01-syncbyte", "rate.median", 1)));
	/* a newer normal result kept without fields says so: 2, not a null */
	struct store_run bare = sample("w01-syncbyte", 500, STORE_KIND_LESSON);
	record_ok(st, &bare);
	field_ok(st, "w01-syncbyte", "log_rate", 2);
	/* a name given twice in one run: the run is not saved, all or nothing */
	struct store_field twice[] = { { "log_rate", 1 }, { "log_rate", 2 } };
	struct store_run t = sample("w01-syncbyte", 600, STORE_KIND_LESSON);
	t.fields = twice;
	t.nfields = 2;
	char msg[512];
	ck_assert_int_eq(store_record(st, &t, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not saved: UNIQUE constraint failed: fields.run, fields.name");
	ck_assert_int_eq(count_ok(st, NULL), 5);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM fields"), 8);
	int64_t deleted = 0;
	ck_assert_int_eq(store_forget(st, &deleted, msg, sizeof msg), 0);
	ck_assert_int_eq(deleted, 5);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM fields"), 0);
	field_ok(st, "w01-syncbyte", "log_rate", 0);
	ck_assert_int_eq(store_latest_normal_field(st, NULL, &w03_specs, "rate", NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson or field given");
	store_close(st);
}
END_TEST

/* Lesson ids are not unique across lesson packs and versions: the latest
 * normal result is of the lesson's workload as given, so a newer run filed
 * under the id with another workload is not it (kept all the same), and
 * the older run of the workload answers; a sweep's workloads are several
 * (one per point), and any of them answers. */
START_TEST(latest_normal_of_the_lessons_workload)
{
	static const char other[] = "op=write api=syscall size=10MiB block=4 cache=warm";
	const char *const other_text[] = { other };
	const struct store_specs other_specs = { other_text, 1 }, none = { NULL, 0 };
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 300, STORE_KIND_LESSON);
	r.spec = other;
	struct store_field f300[] = { { "log_rate", 3.0 } }, f100[] = { { "log_rate", 1.0 } };
	r.fields = f300;
	r.nfields = 1;
	int64_t newer = record_ok(st, &r);
	char msg[256];
	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg,
	                                     sizeof msg), 0);
	ck_assert_uint_eq(got.n, 0);
	field_ok(st, "w03-byte", "log_rate", 0);
	/* the older run of the lesson's workload */
	r = sample("w03-byte", 100, STORE_KIND_LESSON);
	r.fields = f100;
	r.nfields = 1;
	int64_t older = record_ok(st, &r);
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg,
	                                     sizeof msg), 1);
	ck_assert_uint_eq(got.n, 1);
	ck_assert_int_eq(got.id[0], older);
	ck_assert(field_ok(st, "w03-byte", "log_rate", 1) == 1.0);
	/* asked for the other workload, the newer one answers */
	got.n = 0;
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &other_specs, collect, &got, msg,
	                                     sizeof msg), 1);
	ck_assert_int_eq(got.id[0], newer);
	double v = 0;
	ck_assert_int_eq(store_latest_normal_field(st, "w03-byte", &other_specs, "log_rate", &v,
	                                           msg, sizeof msg), 1);
	ck_assert(v == 3.0);
	/* either of two workloads (a sweep's points): the newest of both */
	const char *const both_text[] = { spec_w03, other };
	const struct store_specs both = { both_text, 2 };
	got.n = 0;
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &both, collect, &got, msg, sizeof msg), 1);
	ck_assert_int_eq(got.id[0], newer);
	/* no workload: nothing is the lesson's; none given: refused */
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &none, collect, &got, msg, sizeof msg), 0);
	ck_assert_int_eq(store_latest_normal_field(st, "w03-byte", &none, "log_rate", &v, msg,
	                                           sizeof msg), 0);
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", NULL, collect, &got, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson workload given");
	ck_assert_int_eq(store_latest_normal_field(st, "w03-byte", NULL, "log_rate", &v, msg,
	                                           sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson workload given");
	const struct store_specs too_many = { both_text, STORE_SPECS_MAX + 1 };
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &too_many, collect, &got, msg,
	                                     sizeof msg), -1);
	ck_assert_str_eq(msg, "too many lesson workloads to ask for");
	/* the rule for a row already read */
	ck_assert_int_eq(store_specs_hold(&w03_specs, spec_w03), 1);
	ck_assert_int_eq(store_specs_hold(&w03_specs, other), 0);
	ck_assert_int_eq(store_specs_hold(&both, other), 1);
	ck_assert_int_eq(store_specs_hold(&none, spec_w03), 0);
	ck_assert_int_eq(store_specs_hold(&w03_specs, NULL), 0);
	/* both stay in the history */
	ck_assert_int_eq(count_ok(st, "w03-byte"), 2);
	store_close(st);
}
END_TEST

/* The schema of version 1 as it was released (store.c's first migration):
 * a file written by an iolab before the fields table. */
static const char v1_schema[] =
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
	"CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
	"INSERT INTO runs (lesson, at, at_text, recorder, version, kind, spec, status, rate, "
	" log_rate, result) VALUES ('w01-syncbyte', 100, '1970-01-01T00:01:40Z', 'lab', '0.1', "
	" 'lesson', '" SPEC_W03 "', 'ok', 7400.5, 8.909, '{\"log_rate\": 8.909}');"
	"PRAGMA application_id = 1768909922; PRAGMA user_version = 1;";

/* A notebook of version 1: read through a copy in memory without a byte
 * of the file changing, then migrated when opened for writing.  Its runs
 * stay (the old one answers "no fields kept", 2, honestly: its JSON is not
 * parsed); a new run keeps its fields. */
START_TEST(version_1_file_migrates)
{
	raw_exec(db, v1_schema);
	ck_assert_int_eq(raw_int(db, "PRAGMA user_version"), 1);
	size_t len;
	char *before = read_bytes(db, &len);
	char msg[2048];
	struct store *st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_msg(st != NULL, "store_open: %s", msg);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	field_ok(st, "w01-syncbyte", "log_rate", 2);
	store_close(st);
	size_t n;
	char *after = read_bytes(db, &n);
	ck_assert_uint_eq(n, len);
	ck_assert(memcmp(before, after, n) == 0);
	free(before);
	free(after);

	st = open_ok(db);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_int_eq(raw_int(db, "PRAGMA user_version"), 4);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'fields'"), 1);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM sqlite_master WHERE name IN "
	                         "('runs_scored', 'runs_imported')"), 2);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'costs'"), 1);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	field_ok(st, "w01-syncbyte", "log_rate", 2);
	struct store_run r = sample("w01-syncbyte", 200, STORE_KIND_LESSON);
	r.fields = w01_fields;
	r.nfields = sizeof w01_fields / sizeof w01_fields[0];
	record_ok(st, &r);
	ck_assert(field_ok(st, "w01-syncbyte", "log_rate", 1) == 8.909);
	ck_assert_int_eq(count_ok(st, NULL), 2);
	store_close(st);
	/* and it stays version 4, its runs and fields whole */
	st = open_ok(db);
	ck_assert(field_ok(st, "w01-syncbyte", "syscalls.write", 1) == 14801);
	store_close(st);
	ck_assert_int_eq(raw_int(db, "PRAGMA user_version"), 4);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 2);
}
END_TEST

/* --- read-only and full disks ---------------------------------------------------- */

/* fn runs in a child process; what it prints comes back in buf.  Returns
 * the child's exit status. */
static int in_child(void (*fn)(FILE *out), char *buf, size_t len)
{
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(p[0]);
		FILE *out = fdopen(p[1], "w");
		if (!out)
			_exit(9);
		fn(out);
		fclose(out);
		_exit(0);
	}
	close(p[1]);
	size_t o = 0;
	ssize_t n;
	while (o + 1 < len && (n = read(p[0], buf + o, len - 1 - o)) > 0)
		o += (size_t)n;
	buf[o] = '\0';
	close(p[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* As root, a read-only bind mount of dir in a private mount namespace
 * (where the kernel allows one).  0 or -1. */
static int bind_readonly(void)
{
	return unshare(CLONE_NEWNS) == 0 &&
	       mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) == 0 &&
	       mount(dir, dir, "none", MS_BIND, NULL) == 0 &&
	       mount("none", dir, "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) == 0 ? 0 : -1;
}

/* Make dir read-only for this process, the way that works for whoever we
 * are: a user gets permissions (chmod 0500); root, whom permissions do not
 * stop, gets a read-only bind mount, or else gives the directory to nobody
 * and becomes nobody (containers often forbid mounts).  Returns the errno
 * a write will meet (EROFS or EACCES), or -1 after printing "SKIP why". */
static int make_dir_readonly(FILE *out)
{
	if (geteuid() == 0 && bind_readonly() == 0)
		return EROFS;
	if (geteuid() == 0 && (chown(dir, 65534, 65534) != 0 || setgroups(0, NULL) != 0 ||
	                       setgid(65534) != 0 || setuid(65534) != 0)) {
		fprintf(out, "SKIP root, and neither a read-only mount nor uid 65534 (%s)",
		        strerror(errno));
		return -1;
	}
	if (chmod(dir, 0500) != 0 || access(dir, X_OK) != 0) {
		fprintf(out, "SKIP %s cannot be made read-only for uid %d (%s)", dir, (int)geteuid(),
		        strerror(errno));
		return -1;
	}
	return EACCES;
}

static void readonly_child(FILE *out)
{
	int e = make_dir_readonly(out);
	if (e < 0)
		return;
	fprintf(out, "meets=%s\n", strerror(e));
	char msg[2048];
	struct store *st = store_open(db, 0, msg, sizeof msg);
	if (!st) {
		fprintf(out, "open failed: %s", msg);
		return;
	}
	struct store_run r = sample("w03-byte", 900, STORE_KIND_LESSON);
	int rc = store_record(st, &r, NULL, msg, sizeof msg);
	char state[64];
	int rs = store_state_set(st, "lesson", "x", state, sizeof state);
	struct ids got = { .n = 0 };
	char qmsg[256];
	int rh = store_history(st, "w03-byte", collect, &got, qmsg, sizeof qmsg);
	fprintf(out, "readonly=%s\nnotice=%s\nrecord=%d %s\nstate=%d\nhistory=%d %zu\n",
	        store_readonly(st) ? store_readonly(st) : "(null)", store_notice(st), rc, msg, rs,
	        rh, got.n);
	store_close(st);
}

static void readonly_log_child(FILE *out)
{
	int e = make_dir_readonly(out);
	if (e < 0)
		return;
	char msg[2048];
	struct store *st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	if (!st) {
		fprintf(out, "open failed: %s", msg);
		return;
	}
	fprintf(out, "%lld\n%s", (long long)count_ok(st, NULL), store_notice(st));
	store_close(st);
}

/* Runs still in the log of a notebook in a directory that cannot be
 * written: read, or said to be missing, never silently left out. */
START_TEST(read_only_directory_with_a_log)
{
	off_t last;
	int64_t page;
	runs_left_in_the_log(2, &last, &page);
	char buf[8192];
	ck_assert_int_eq(in_child(readonly_log_child, buf, sizeof buf), 0);
	chmod(dir, 0700);
	if (strncmp(buf, "SKIP ", 5) == 0) {
		fprintf(stderr, "check_store: read_only_directory_with_a_log skipped: %s\n", buf + 5);
		return;
	}
	if (strncmp(buf, "3\n", 2) == 0) {           /* SQLite read the log */
		ck_assert_str_eq(buf, "3\n");
		return;
	}
	char expected[4096];
	snprintf(expected, sizeof expected, "1\nRuns may be missing: the last runs recorded in %s "
	         "are still in its log %s-wal, which cannot be read here without writing beside it (",
	         db, db);
	ck_assert_msg(strncmp(buf, expected, strlen(expected)) == 0, "child said: %s", buf);
	ck_assert_int_eq(buf[strlen(buf) - 1], '.');
}
END_TEST

/* Reading a closed notebook leaves nothing beside it; one another
 * connection has open keeps its -wal and -shm. */
START_TEST(reading_leaves_no_log_behind)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	char wal[PATH_MAX + 8], shm[PATH_MAX + 8], msg[1024];
	snprintf(wal, sizeof wal, "%s-wal", db);
	snprintf(shm, sizeof shm, "%s-shm", db);
	ck_assert(!exists(wal) && !exists(shm));
	st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_ptr_nonnull(st);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_close(st);
	ck_assert(!exists(wal));
	ck_assert(!exists(shm));
	/* a lab has it open: its files stay */
	struct store *lab = open_ok(db);
	ck_assert_int_eq(count_ok(lab, NULL), 1);
	ck_assert(exists(wal) && exists(shm));
	st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_ptr_nonnull(st);
	ck_assert_int_eq(count_ok(st, NULL), 1);
	store_close(st);
	ck_assert(exists(wal) && exists(shm));
	record_ok(lab, &r);
	ck_assert_int_eq(count_ok(lab, NULL), 2);
	store_close(lab);
}
END_TEST

START_TEST(read_only_directory)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	record_ok(st, &r);
	store_close(st);
	char buf[8192];
	ck_assert_int_eq(in_child(readonly_child, buf, sizeof buf), 0);
	chmod(dir, 0700);
	if (strncmp(buf, "SKIP ", 5) == 0) {
		fprintf(stderr, "check_store: read_only_directory skipped: %s\n", buf + 5);
		return;
	}
	/* meets=: a read-only filesystem (EROFS) or the directory's permissions
	 * (EACCES), whichever the child could arrange */
	char *nl = strchr(buf, '\n');
	ck_assert_msg(strncmp(buf, "meets=", 6) == 0 && nl, "child said: %s", buf);
	*nl = '\0';
	const char *meets = buf + 6;
	ck_assert(strcmp(meets, strerror(EROFS)) == 0 || strcmp(meets, strerror(EACCES)) == 0);
	char reason[1024], expected[8192];
	snprintf(reason, sizeof reason, "the lab's database %s can only be read: its directory %s "
	         "cannot be written (%.100s)", db, dir, meets);
	snprintf(expected, sizeof expected, "readonly=%s\nnotice=Runs will not be saved: %s.\n"
	         "record=-1 not saved: %s\nstate=-1\nhistory=0 2\n", reason, reason, reason);
	ck_assert_str_eq(nl + 1, expected);
	/* nothing was written: still the two runs */
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 2);
}
END_TEST

START_TEST(cannot_create)
{
	/* the directory of the path is a file: nothing can be created there */
	char file[PATH_MAX], path[PATH_MAX + 16];
	path_in(file, sizeof file, "plain");
	write_bytes(file, "x", 1);
	snprintf(path, sizeof path, "%s/lab.db", file);
	char msg[2048];
	struct store *st = store_open(path, 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	char expected[16384];
	snprintf(expected, sizeof expected, "the lab's database %s cannot be created: %s is not a "
	         "directory", path, file);
	ck_assert_str_eq(store_readonly(st), expected);
	snprintf(expected, sizeof expected, "Runs will not be saved: the lab's database %s cannot be "
	         "created: %s is not a directory.", path, file);
	ck_assert_str_eq(store_notice(st), expected);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	ck_assert_int_eq(store_record(st, &r, NULL, msg, sizeof msg), -1);
	snprintf(expected, sizeof expected, "not saved: the lab's database %s cannot be created: "
	         "%s is not a directory", path, file);
	ck_assert_str_eq(msg, expected);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	store_close(st);

	/* the default place, under a file: its directory cannot be made */
	char state[PATH_MAX + 16];
	snprintf(state, sizeof state, "%s", file);
	setenv("XDG_STATE_HOME", state, 1);
	st = store_open(NULL, 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	snprintf(expected, sizeof expected, "the lab's database %s/iolab/lab.db cannot be created: "
	         "its directory %s/iolab cannot be created (Not a directory)", file, file);
	ck_assert_str_eq(store_readonly(st), expected);
	store_close(st);

	/* a --db in a directory that does not exist is used as is: not made */
	snprintf(path, sizeof path, "%s/missing/lab.db", dir);
	st = store_open(path, 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	snprintf(expected, sizeof expected, "the lab's database %s cannot be created: its directory "
	         "%s/missing cannot be used (No such file or directory)", path, dir);
	ck_assert_str_eq(store_readonly(st), expected);
	store_close(st);
}
END_TEST

static void full_disk_child(FILE *out)
{
	char msg[2048];
	struct store *st = store_open(db, 0, msg, sizeof msg);
	if (!st) {
		fprintf(out, "open failed: %s", msg);
		return;
	}
	signal(SIGXFSZ, SIG_IGN);
	struct rlimit old, small;
	getrlimit(RLIMIT_FSIZE, &old);
	small = old;
	small.rlim_cur = 1024;    /* no file may grow past 1 KiB: as good as a full disk */
	setrlimit(RLIMIT_FSIZE, &small);
	struct store_run r = sample("w03-byte", 200, STORE_KIND_LESSON);
	int rc = store_record(st, &r, NULL, msg, sizeof msg);
	fprintf(out, "full=%d %s\n", rc, msg);
	setrlimit(RLIMIT_FSIZE, &old);
	rc = store_record(st, &r, NULL, msg, sizeof msg);
	fprintf(out, "again=%d\n", rc);
	fprintf(out, "count=%lld\n", (long long)store_count(st, NULL, msg, sizeof msg));
	store_close(st);
}

START_TEST(full_disk)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	store_close(st);
	char buf[4096];
	ck_assert_int_eq(in_child(full_disk_child, buf, sizeof buf), 0);
	/* SQLite words a short write as an I/O error (a real ENOSPC reads
	 * "database or disk is full") */
	ck_assert_str_eq(buf, "full=-1 not saved: disk I/O error\nagain=0\ncount=2\n");
	st = open_ok(db);
	ck_assert_str_eq(store_notice(st), "");
	ck_assert_int_eq(count_ok(st, NULL), 2);
	store_close(st);
}
END_TEST

/* --- the old progress file --------------------------------------------------------- */

static const char progress_text[] =
	"# iolab progress 1\n"
	"lesson w03-byte status=ok errno=0 rate=3483638 log_rate=15.063812345678901"
	" seconds=3.0100000000000002 bytes=10485760 calls=10485760 syscr=-1 syscw=10485763"
	" block=1 cache=warm when=1700000000\n"
	"lesson w05-stdio status=ok errno=0 rate=52428800 log_rate=17.775 seconds=0.2"
	" bytes=10485760 calls=10240 syscr=0 syscw=2560 block=4 cache=warm when=1700000100\n"
	"lesson a02-cold1m status=stopped errno=0 rate=1000 log_rate=6.9 seconds=0.8"
	" bytes=800 calls=800 syscr=800 syscw=0 block=1 cache=cold when=1700000200\n"
	"lesson d01-direct status=failed errno=22 rate=0 log_rate=0 seconds=0 bytes=0 calls=0"
	" syscr=-1 syscw=-1 block=100 cache=warm when=1700000300 error=open:%20Invalid%20argument\n"
	"point s01-sweep block=1 cache=warm ok=1 seconds=2.5 calls=10485760 bytes=10485760 rate=4194304\n"
	"point w03-byte block=1 cache=warm ok=1 seconds=2.5 calls=10485760 bytes=10485760 rate=4194304\n"
	"point w03-byte block=4096 cache=cold ok=0 seconds=0 calls=0 bytes=0 rate=0\n";

/* What the lessons say: w05-stdio is written for 1-byte blocks, so the
 * entry with 4-byte blocks was a changed run. */
static int lesson_knobs(const char *lesson, uint64_t *block, int *cold, void *arg)
{
	(void)arg;
	if (strcmp(lesson, "w05-stdio") == 0) {
		*block = 1;
		*cold = 0;
		return 0;
	}
	return -1;
}

struct imported {
	int n;
	const char *lesson[8];
	int kind[8], ok[8], time_limited[8];
	size_t npoints[8];
};

static int check_imported(const struct store_run *r, void *arg)
{
	struct imported *im = arg;
	ck_assert_int_lt(im->n, 8);
	ck_assert_int_eq(r->recorder, STORE_BY_IMPORT);
	ck_assert_ptr_null(r->result_json);
	ck_assert_int_eq(r->passes, -1);
	int i = im->n++;
	im->kind[i] = r->kind;
	im->ok[i] = r->ok;
	im->time_limited[i] = r->time_limited;
	im->npoints[i] = r->npoints;
	if (i == 0) {
		ck_assert_str_eq(r->lesson, "w03-byte");
		ck_assert_int_eq(r->when, 1700000000);
		ck_assert_str_eq(r->spec, "block=1 cache=warm");
		ck_assert_str_eq(r->label, "");
		ck_assert(r->rate == 3483638.0);
		ck_assert(r->log_rate == 15.063812345678901);
		ck_assert(r->seconds == 3.0100000000000002);
		ck_assert_int_eq(r->bytes, 10485760);
		ck_assert_int_eq(r->calls, 10485760);
		ck_assert_int_eq(r->syscalls_read, -1);
		ck_assert_int_eq(r->syscalls_write, 10485763);
		ck_assert_uint_eq(r->points[0].block, 1);
		ck_assert_uint_eq(r->points[1].block, 4096);
		ck_assert_int_eq(r->points[1].cache, WL_CACHE_COLD);
		ck_assert(r->points[0].rate == 4194304.0);
	} else if (i == 1) {
		ck_assert_str_eq(r->lesson, "w05-stdio");
		ck_assert_str_eq(r->label, "4 B blocks");
		ck_assert_str_eq(r->spec, "block=4 cache=warm");
	} else if (i == 2) {
		ck_assert_str_eq(r->lesson, "a02-cold1m");
		ck_assert_str_eq(r->spec, "block=1 cache=cold");
		ck_assert(r->seconds == 0.8);
	} else if (i == 3) {
		ck_assert_str_eq(r->lesson, "d01-direct");
		ck_assert_str_eq(r->error, "open: Invalid argument");
		ck_assert(isnan(r->rate) && isnan(r->seconds));
	}
	return 0;
}

START_TEST(import_progress_once)
{
	char state_dir[PATH_MAX], progress[PATH_MAX + 16], done[PATH_MAX + 32];
	snprintf(state_dir, sizeof state_dir, "%s/state/iolab", dir);
	struct store *st = open_ok(NULL);           /* makes the directory */
	snprintf(progress, sizeof progress, "%s/progress", state_dir);
	snprintf(done, sizeof done, "%s.imported", progress);
	write_bytes(progress, progress_text, strlen(progress_text));

	char notice[4096], expected[16384];
	ck_assert_int_eq(store_import_progress(st, lesson_knobs, NULL, notice, sizeof notice), 4);
	snprintf(expected, sizeof expected, "Imported 4 lesson results and 2 sweep points from the "
	         "old progress file %s; it is now %s.", progress, done);
	ck_assert_str_eq(notice, expected);
	ck_assert(!exists(progress));
	size_t n;
	char *moved = read_bytes(done, &n);
	ck_assert_uint_eq(n, strlen(progress_text));
	ck_assert(memcmp(moved, progress_text, n) == 0);
	free(moved);

	struct imported im = { .n = 0 };
	char msg[256];
	ck_assert_int_eq(store_each(st, NULL, check_imported, &im, msg, sizeof msg), 0);
	ck_assert_int_eq(im.n, 4);
	ck_assert_int_eq(im.kind[0], STORE_KIND_LESSON);
	ck_assert_int_eq(im.kind[1], STORE_KIND_CHANGED);
	ck_assert_int_eq(im.kind[2], STORE_KIND_STOPPED);
	ck_assert_int_eq(im.kind[3], STORE_KIND_LESSON);     /* failed as written: not "stopped" */
	ck_assert_int_eq(im.ok[0], 1);
	ck_assert_int_eq(im.ok[2], 1);
	ck_assert_int_eq(im.ok[3], 0);
	ck_assert_int_eq(im.time_limited[0], 0);
	ck_assert_int_eq(im.time_limited[2], -1);           /* the file did not say */
	ck_assert_uint_eq(im.npoints[0], 2);
	ck_assert_uint_eq(im.npoints[1], 0);
	ck_assert_int_eq(count_ok(st, NULL), 4);
	/* for the workload it recorded, the normal result of w03 is the imported
	 * one; w05's was a variant */
	const char *const w03_imported[] = { "block=1 cache=warm" };
	const char *const w05_imported[] = { "block=4 cache=warm" };
	const struct store_specs imp03 = { w03_imported, 1 }, imp05 = { w05_imported, 1 };
	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &imp03, collect, &got, msg, sizeof msg), 1);
	ck_assert_int_eq(store_latest_normal(st, "w05-stdio", &imp05, collect, &got, msg, sizeof msg), 0);
	/* but the old file knew only block and cache: asked for a lesson's
	 * whole workload, as the lab and claims ask, no imported run is it */
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg,
	                                     sizeof msg), 0);
	ck_assert_uint_eq(got.n, 1);
	/* what the course marks as run before: the lesson's own runs, ok */
	int64_t before = -1;
	ck_assert_int_eq(store_count_imported(st, "w03-byte", &before, msg, sizeof msg), 0);
	ck_assert_int_eq(before, 1);
	ck_assert_int_eq(store_count_imported(st, "w05-stdio", &before, msg, sizeof msg), 0);
	ck_assert_int_eq(before, 0);                       /* a variant, not the lesson's */
	ck_assert_int_eq(store_count_imported(st, NULL, &before, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson given");

	/* once: a progress file appearing again, even after forget, is not imported */
	write_bytes(progress, progress_text, strlen(progress_text));
	ck_assert_int_eq(store_import_progress(st, NULL, NULL, notice, sizeof notice), 0);
	ck_assert_str_eq(notice, "");
	int64_t deleted;
	ck_assert_int_eq(store_forget(st, &deleted, msg, sizeof msg), 0);
	ck_assert_int_eq(store_import_progress(st, NULL, NULL, notice, sizeof notice), 0);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	ck_assert(exists(progress));
	store_close(st);
}
END_TEST

START_TEST(import_damaged_progress_left_in_place)
{
	char progress[PATH_MAX];
	struct store *st = open_ok(db);
	path_in(progress, sizeof progress, "progress");
	const char bad[] = "# iolab progress 1\nlesson w03-byte status=ok rate=GARBAGE\n";
	write_bytes(progress, bad, strlen(bad));
	char notice[4096], expected[16384];
	ck_assert_int_eq(store_import_progress(st, NULL, NULL, notice, sizeof notice), -1);
	snprintf(expected, sizeof expected, "The old progress file %s could not be imported: it is "
	         "damaged or cannot be read. It was left as it is.", progress);
	ck_assert_str_eq(notice, expected);
	size_t n;
	char *got = read_bytes(progress, &n);
	ck_assert_uint_eq(n, strlen(bad));
	ck_assert(memcmp(got, bad, n) == 0);
	free(got);
	ck_assert_int_eq(count_ok(st, NULL), 0);
	/* no file: nothing to do */
	unlink(progress);
	ck_assert_int_eq(store_import_progress(st, NULL, NULL, notice, sizeof notice), 0);
	ck_assert_str_eq(notice, "");
	store_close(st);
}
END_TEST

/* --- iolab --forget --------------------------------------------------------------- */

static int forget_with(const char *answer, int yes, char *out, size_t outlen,
                       char *err, size_t errlen)
{
	FILE *in = fmemopen((void *)answer, strlen(answer) + 1, "r");
	ck_assert_ptr_nonnull(in);
	if (!*answer) {               /* an empty stdin: EOF at once */
		fclose(in);
		in = fopen("/dev/null", "r");
	}
	char *o = NULL, *e = NULL;
	size_t ol = 0, el = 0;
	FILE *fo = open_memstream(&o, &ol), *fe = open_memstream(&e, &el);
	int status = store_cmd_forget(db, yes, in, fo, fe);
	fclose(in);
	fclose(fo);
	fclose(fe);
	snprintf(out, outlen, "%s", o);
	snprintf(err, errlen, "%s", e);
	free(o);
	free(e);
	return status;
}

START_TEST(forget_command)
{
	char out[2048], err[2048], expected[16384];
	ck_assert_int_eq(forget_with("", 0, out, sizeof out, err, sizeof err), EXIT_RAN);
	snprintf(expected, sizeof expected, "No saved runs in %s.\n", db);
	ck_assert_str_eq(out, expected);
	ck_assert_str_eq(err, "");

	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	record_ok(st, &r);
	record_ok(st, &r);
	store_close(st);

	char question[1024];
	snprintf(question, sizeof question, "Forget all 3 saved runs in %s? This cannot be undone. "
	         "[y/N] ", db);
	ck_assert_int_eq(forget_with("n\n", 0, out, sizeof out, err, sizeof err), EXIT_LESSON_FAILED);
	snprintf(expected, sizeof expected, "%sNothing was forgotten.\n", question);
	ck_assert_str_eq(out, expected);
	ck_assert_int_eq(forget_with("", 0, out, sizeof out, err, sizeof err), EXIT_LESSON_FAILED);
	snprintf(expected, sizeof expected, "%s\n", question);
	ck_assert_str_eq(out, expected);
	ck_assert_str_eq(err, "iolab: no answer; nothing was forgotten (use --yes in scripts)\n");
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 3);

	ck_assert_int_eq(forget_with(" YES \n", 0, out, sizeof out, err, sizeof err), EXIT_RAN);
	snprintf(expected, sizeof expected, "%sForgot 3 runs.\n", question);
	ck_assert_str_eq(out, expected);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 0);

	st = open_ok(db);
	record_ok(st, &r);
	store_close(st);
	ck_assert_int_eq(forget_with("", 1, out, sizeof out, err, sizeof err), EXIT_RAN);
	ck_assert_str_eq(out, "Forgot 1 runs.\n");
	ck_assert_str_eq(err, "");

	/* another program's database: exit 4, untouched */
	unlink(db);
	raw_exec(db, "CREATE TABLE thesis (chapter TEXT)");
	ck_assert_int_eq(forget_with("", 1, out, sizeof out, err, sizeof err), EXIT_ENVIRONMENT);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(strncmp(err, "iolab: ", 7), 0);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'thesis'"), 1);
}
END_TEST

/* Rows this iolab cannot read are skipped and counted, never the end of a
 * query. */
START_TEST(unreadable_rows_skipped)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	for (int i = 0; i < 5; i++)
		record_ok(st, &r);
	raw_exec(db, "UPDATE runs SET kind = 'bogus' WHERE id = 2; "
	         "UPDATE runs SET kind = '' WHERE id = 3; "
	         "UPDATE runs SET recorder = CAST(X'ff6c6162' AS TEXT) WHERE id = 4");
	char msg[512], words[256];
	struct ids got = { .n = 0 };
	ck_assert_int_eq(store_history(st, NULL, collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 2);
	ck_assert_int_eq(got.id[0], 5);
	ck_assert_int_eq(got.id[1], 1);
	ck_assert_int_eq(store_unreadable(st, words, sizeof words), 3);
	ck_assert_str_eq(words, "3 runs this iolab cannot read, ids 2, 3, 4");
	got.n = 0;
	ck_assert_int_eq(store_each(st, "w03-byte", collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 2);
	/* the latest normal result is the newest one that can be read */
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg,
	                                     sizeof msg), 1);
	ck_assert_int_eq(got.id[2], 5);
	raw_exec(db, "UPDATE runs SET kind = 'bogus' WHERE id = 5");
	got.n = 0;
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, collect, &got, msg,
	                                     sizeof msg), 1);
	ck_assert_int_eq(got.id[0], 1);
	got.n = 0;
	ck_assert_int_eq(store_history(st, "other", collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 0);
	ck_assert_int_eq(store_unreadable(st, words, sizeof words), 0);
	ck_assert_str_eq(words, "");
	store_close(st);
}
END_TEST

/* SQLite's plan for a statement: every line of EXPLAIN QUERY PLAN. */
static void plan_of(struct store *st, const char *sql, char *buf, size_t len)
{
	(void)st;
	sqlite3 *h = NULL;
	sqlite3_stmt *s = NULL;
	char q[2048];
	snprintf(q, sizeof q, "EXPLAIN QUERY PLAN %s", sql);
	ck_assert_int_eq(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, q, -1, &s, NULL), SQLITE_OK);
	size_t o = 0;
	buf[0] = '\0';
	while (sqlite3_step(s) == SQLITE_ROW && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s\n", (const char *)sqlite3_column_text(s, 3));
	sqlite3_finalize(s);
	sqlite3_close(h);
}

/* What the lab asks of every lesson at its start reads an index, never
 * the whole table (a class's notebook: 200,000 runs, 400 MB); a list of
 * runs reads their columns, not each one's stored result. */
START_TEST(questions_use_indexes)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	char plan[4096];
	const char *const asked[] = {
		"SELECT count(*) FROM runs WHERE lesson = 'w03-byte' AND guess_log_rate IS NOT NULL "
		"AND log_rate IS NOT NULL",
		"SELECT count(*), avg(abs(guess_log_rate - log_rate)) FROM runs WHERE ?1 IS NULL AND "
		"guess_log_rate IS NOT NULL AND log_rate IS NOT NULL",
		"SELECT id FROM runs WHERE lesson = 'w03-byte' ORDER BY at DESC, id DESC",
		"SELECT count(*) FROM runs WHERE lesson = 'w03-byte' AND kind = 'lesson' AND status = "
		"'ok' AND recorder IN ('lab', 'batch', 'imported') AND recorder = 'imported'",
	};
	for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
		plan_of(st, asked[i], plan, sizeof plan);
		ck_assert_msg(strstr(plan, "USING") && !strstr(plan, "SCAN runs\n") &&
		              !strstr(plan, "TEMP B-TREE"), "%s:\n%s", asked[i], plan);
	}
	/* the history hands over runs without their stored object */
	struct ids got = { .n = 0 };
	char msg[256];
	ck_assert_int_eq(store_history(st, "w03-byte", collect, &got, msg, sizeof msg), 0);
	ck_assert_uint_eq(got.n, 1);
	store_close(st);
}
END_TEST

static int result_kept(const struct store_run *r, void *arg)
{
	*(int *)arg = r->result_json != NULL;
	return 0;
}

START_TEST(lists_leave_the_result_out)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	record_ok(st, &r);
	char msg[256];
	int kept = -1;
	ck_assert_int_eq(store_history(st, "w03-byte", result_kept, &kept, msg, sizeof msg), 0);
	ck_assert_int_eq(kept, 0);
	ck_assert_int_eq(store_each(st, "w03-byte", result_kept, &kept, msg, sizeof msg), 0);
	ck_assert_int_eq(kept, 1);
	ck_assert_int_eq(store_latest_normal(st, "w03-byte", &w03_specs, result_kept, &kept, msg,
	                                     sizeof msg), 1);
	ck_assert_int_eq(kept, 1);
	store_close(st);
}
END_TEST

/* The answer to --forget's question, typed after another program recorded
 * a run: reading it records first, as a lab would while the question
 * waits. */
static ssize_t answer_after_a_record(void *cookie, char *buf, size_t len)
{
	int *done = cookie;
	if (*done || len < 2)
		return 0;
	*done = 1;
	raw_exec(db, "INSERT INTO runs (at, at_text, recorder, version, kind, spec, status) "
	         "VALUES (9, 'x', 'batch', '0', 'lesson', 's', 'ok')");
	memcpy(buf, "y\n", 2);
	return 2;
}

START_TEST(forget_deletes_what_it_counted)
{
	struct store *st = open_ok(db);
	struct store_run r = sample("w03-byte", 100, STORE_KIND_LESSON);
	r.points = sample_points;
	r.npoints = 2;
	record_ok(st, &r);
	record_ok(st, &r);
	store_close(st);
	int done = 0;
	FILE *in = fopencookie(&done, "r", (cookie_io_functions_t){ .read = answer_after_a_record });
	ck_assert_ptr_nonnull(in);
	char *o = NULL, *e = NULL;
	size_t ol = 0, el = 0;
	FILE *fo = open_memstream(&o, &ol), *fe = open_memstream(&e, &el);
	ck_assert_int_eq(store_cmd_forget(db, 0, in, fo, fe), EXIT_RAN);
	fclose(in);
	fclose(fo);
	fclose(fe);
	char expected[2048];
	snprintf(expected, sizeof expected, "Forget all 2 saved runs in %s? This cannot be undone. "
	         "[y/N] Forgot 2 runs.\n", db);
	ck_assert_str_eq(o, expected);
	ck_assert_str_eq(e, "");
	free(o);
	free(e);
	/* the run recorded while the question waited is kept; the points of
	 * the forgotten ones went with them */
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM runs"), 1);
	ck_assert_int_eq(raw_int(db, "SELECT at FROM runs"), 9);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM points"), 0);
	ck_assert_int_eq(raw_int(db, "SELECT count(*) FROM fields"), 0);
}
END_TEST

/* --output naming the notebook, or a file SQLite keeps beside it */
START_TEST(names_the_notebook)
{
	char p[PATH_MAX], link[PATH_MAX];
	ck_assert_int_eq(store_names_notebook(db, db), 1);     /* not there yet: by name */
	struct store *st = open_ok(db);
	snprintf(p, sizeof p, "%s/./lab.db-wal", dir);
	ck_assert_int_eq(store_names_notebook(db, p), 1);
	snprintf(p, sizeof p, "%s/../%s/lab.db-shm", dir, strrchr(dir, '/') + 1);
	ck_assert_int_eq(store_names_notebook(db, p), 1);
	store_close(st);
	path_in(link, sizeof link, "other-name.db");
	ck_assert_int_eq(link_or_copy(db, link), 0);
	ck_assert_int_eq(store_names_notebook(db, link), 1);  /* the same inode */
	path_in(p, sizeof p, "lab.db.json");
	ck_assert_int_eq(store_names_notebook(db, p), 0);
	path_in(p, sizeof p, "lab.db-journal");
	ck_assert_int_eq(store_names_notebook(db, p), 1);
	/* the default notebook, when no --db is given */
	char def[PATH_MAX];
	ck_assert_int_eq(store_default_path(def, sizeof def), 0);
	ck_assert_int_eq(store_names_notebook(NULL, def), 1);
	ck_assert_int_eq(store_names_notebook(NULL, db), 0);
}
END_TEST

Suite *make_suite_store(void)
{
	Suite *s = suite_create("store");
	TCase *names = tcase_create("names");
	tcase_add_test(names, default_path);
	tcase_add_test(names, kind_rule);
	suite_add_tcase(s, names);

	TCase *tc = tcase_create("store");
	tcase_add_checked_fixture(tc, make_dir, drop_dir);
	tcase_add_test(tc, default_store_makes_its_directory);
	tcase_add_test(tc, opens_in_wal_mode);
	tcase_add_test(tc, record_round_trip);
	tcase_add_test(tc, record_refuses_bad_runs);
	tcase_add_test(tc, latest_normal_and_history);
	tcase_add_test(tc, latest_normal_of_the_lessons_workload);
	tcase_add_test(tc, prediction_score);
	tcase_add_test(tc, state_and_forget);
	tcase_add_test(tc, two_writers_keep_every_run);
	tcase_add_test(tc, reader_while_a_writer_holds_the_lock);
	tcase_add_test(tc, garbage_file_moved_aside);
	tcase_add_test(tc, text_file_moved_aside);
	tcase_add_test(tc, corrupt_page_moved_aside);
	tcase_add_test(tc, newer_version_moved_aside);
	tcase_add_test(tc, log_moves_with_its_database);
	tcase_add_test(tc, foreign_database_left_alone);
	tcase_add_test(tc, users_file_left_untouched);
	tcase_add_test(tc, notebook_without_its_id_opens);
	tcase_add_test(tc, negative_version_moved_aside);
	tcase_add_test(tc, damaged_log_frame_moved_aside);
	tcase_add_test(tc, unfinished_append_is_no_damage);
	tcase_add_test(tc, reading_never_changes_anything);
	tcase_add_test(tc, follows_a_replaced_file);
	tcase_add_test(tc, fields_of_the_latest_normal_result);
	tcase_add_test(tc, version_1_file_migrates);
	tcase_add_test(tc, read_only_directory);
	tcase_add_test(tc, read_only_directory_with_a_log);
	tcase_add_test(tc, reading_leaves_no_log_behind);
	tcase_add_test(tc, cannot_create);
	tcase_add_test(tc, full_disk);
	tcase_add_test(tc, import_progress_once);
	tcase_add_test(tc, import_damaged_progress_left_in_place);
	tcase_add_test(tc, forget_command);
	tcase_add_test(tc, forget_deletes_what_it_counted);
	tcase_add_test(tc, unreadable_rows_skipped);
	tcase_add_test(tc, questions_use_indexes);
	tcase_add_test(tc, lists_leave_the_result_out);
	tcase_add_test(tc, names_the_notebook);
	suite_add_tcase(s, tc);
	return s;
}
