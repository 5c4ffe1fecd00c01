/* bench_notebook.c - how long the lab takes to show its first screen and
 * a lesson's notebook (b) with a large notebook.
 *
 * Builds a notebook of N runs over the catalog's lessons, the way a class's
 * merged notebook looks: for every lesson, runs as the lesson says, with
 * changed knobs, stopped, raced, some with a guess, each with a result
 * object of the batch writer's size and its fields - recorded through the
 * store (store_record), then copied in bulk with SQL until there are N.
 * Then times, ROUNDS times each, the median:
 *
 *   open   lab_open: the course loaded, the notebook opened, every
 *          lesson's latest result, variants, claims and the score read -
 *          everything the first screen shows (drawing it reads no more);
 *   b      lab_history_open on the lesson with the most runs.
 *
 *   bench/bench_notebook [-l LESSONS] [-n N[,N...]] [-r ROUNDS] [-d DIR]
 *
 * Defaults: the source tree's lessons, 1000 and 200000 runs, 3 rounds, a
 * fresh directory under $TMPDIR (or /tmp), removed at the end.  The
 * target is under 100 ms for each at 200,000 runs; the numbers are
 * reported, never asserted (they depend on the machine).
 */
#include "config.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "diag.h"
#include "lab.h"
#include "lesson.h"
#include "notebook.h"
#include "stats.h"
#include "store.h"
#include "watch.h"

#define MAX_ROUNDS 16
#define MAX_SIZES 8

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *why)
{
	fprintf(stderr, "bench_notebook: %s%s%s\n", what, why ? ": " : "", why ? why : "");
	exit(1);
}

static void sql(const char *db, const char *text)
{
	sqlite3 *h = NULL;
	char *err = NULL;
	if (sqlite3_open(db, &h) != SQLITE_OK ||
	    sqlite3_exec(h, text, NULL, NULL, &err) != SQLITE_OK)
		die(text, err ? err : sqlite3_errmsg(h));
	sqlite3_close(h);
}

static int64_t sql_int(const char *db, const char *text)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *s = NULL;
	if (sqlite3_open(db, &h) != SQLITE_OK ||
	    sqlite3_prepare_v2(h, text, -1, &s, NULL) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW)
		die(text, sqlite3_errmsg(h));
	int64_t v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(h);
	return v;
}

/* A result object of the size the batch writer makes (about 2 KB). */
static char *result_json(const char *lesson, double rate)
{
	char *j = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&j, &len);
	if (!f)
		die("out of memory", NULL);
	fprintf(f, "{\"lesson\": \"%s\", \"title\": \"A lesson of the catalog\", \"status\": \"ok\", "
	        "\"error\": null, \"rate\": {\"median\": %.1f, \"min\": %.1f, \"max\": %.1f}", lesson,
	        rate, rate * 0.9, rate * 1.1);
	for (int i = 0; i < 10; i++)
		fprintf(f, ", \"field_%02d\": {\"value\": %d, \"unit\": \"calls\", \"note\": \"a figure\"}",
		        i, i * 1000);
	fputs("}", f);
	fclose(f);
	return j;
}

/* One real row per lesson and kind, through the store. */
static void seed(const char *db, const struct course *c)
{
	char msg[2048];
	struct store *st = store_open(db, 0, msg, sizeof msg);
	if (!st)
		die("opening the notebook", msg);
	static const enum store_kind kinds[] = { STORE_KIND_LESSON, STORE_KIND_LESSON,
		STORE_KIND_CHANGED, STORE_KIND_STOPPED, STORE_KIND_RACED };
	struct store_field fields[12];
	char names[12][24];
	for (size_t i = 0; i < 12; i++) {
		snprintf(names[i], sizeof names[i], "field.%zu", i);
		fields[i].name = names[i];
		fields[i].value = (double)i;
	}
	int64_t when = 1700000000;
	for (size_t i = 0; i < c->nlessons; i++) {
		struct store_specs specs;
		if (notebook_lesson_specs(&c->lessons[i], &specs) != 0 || specs.n == 0)
			continue;
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
			struct store_run r;
			store_run_init(&r);
			r.lesson = c->lessons[i].id;
			r.when = when++;
			r.recorder = k % 2 ? STORE_BY_LAB : STORE_BY_BATCH;
			r.kind = kinds[k];
			r.label = kinds[k] == STORE_KIND_LESSON ? "" : "4 KiB blocks";
			r.spec = specs.text[0];
			r.rate = 1e6 * (double)(i + 1);
			r.log_rate = log(r.rate);
			r.seconds = 1.0;
			r.bytes = 10485760;
			r.passes = 1;
			r.calls = 2560;
			r.time_limited = 0;
			char *json = result_json(r.lesson, r.rate);
			r.result_json = json;
			r.fields = fields;
			r.nfields = 12;
			if (k == 1) {
				r.guess_rate = r.rate * 2;
				r.guess_text = "2MB/s";
			}
			if (store_record(st, &r, NULL, msg, sizeof msg) != 0)
				die("recording", msg);
			free(json);
		}
		notebook_specs_free(&specs);
	}
	store_close(st);
}

/* Copies of the rows until there are n (later ones newer), then the
 * copies past n removed. */
static void grow(const char *db, int64_t n)
{
	char text[4096];
	while (sql_int(db, "SELECT count(*) FROM runs") < n) {
		int64_t top = sql_int(db, "SELECT max(id) FROM runs");
		snprintf(text, sizeof text,
		         "BEGIN;"
		         "INSERT INTO runs SELECT id + %1$lld, lesson, at + %1$lld, at_text, recorder, "
		         "version, kind, label, spec, status, error, rate, log_rate, seconds, bytes, "
		         "passes, syscalls_read, syscalls_write, calls, time_limited, result, "
		         "guess_rate, guess_log_rate, guess_text FROM runs;"
		         "INSERT INTO fields SELECT run + %1$lld, name, value FROM fields;"
		         "INSERT INTO points SELECT run + %1$lld, seq, block, cache, ok, rate, seconds, "
		         "calls, bytes FROM points;"
		         "COMMIT;", (long long)top);
		sql(db, text);
	}
	snprintf(text, sizeof text, "DELETE FROM runs WHERE id IN (SELECT id FROM runs ORDER BY id "
	         "LIMIT -1 OFFSET %lld); PRAGMA wal_checkpoint(TRUNCATE);", (long long)n);
	sql(db, "PRAGMA foreign_keys = ON");
	sql(db, text);
}

static double median_of(double *v, size_t n)
{
	return v[stats_median_index(v, n)];
}

/* The lesson with the most runs. */
static long busiest(const char *db, const struct course *c)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *s = NULL;
	long found = 0;
	if (sqlite3_open(db, &h) == SQLITE_OK &&
	    sqlite3_prepare_v2(h, "SELECT lesson FROM runs GROUP BY lesson ORDER BY count(*) DESC "
	                       "LIMIT 1", -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
		found = lesson_course_find(c, (const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	sqlite3_close(h);
	return found < 0 ? 0 : found;
}

static void measure(const char *db, const char *lessons, const char *scratch, size_t lesson,
                    int rounds, double *open_ms, double *b_ms)
{
	double t_open[MAX_ROUNDS], t_b[MAX_ROUNDS];
	for (int i = 0; i < rounds; i++) {
		struct options o;
		memset(&o, 0, sizeof o);
		o.trials = 1;
		o.watch = WATCH_ONE_PASS;
		o.db = db;
		o.lessons_dir = lessons;
		o.scratch_dir = scratch;
		struct lab lab;
		double t0 = now();
		int rc = lab_open(&lab, &o);
		double t1 = now();
		if (rc != 0)
			die("lab_open failed", NULL);
		lab_select(&lab, lesson);
		double t2 = now();
		rc = lab_history_open(&lab);
		double t3 = now();
		if (rc != 0)
			die("lab_history_open failed", lab.message);
		lab_close(&lab);
		t_open[i] = (t1 - t0) * 1e3;
		t_b[i] = (t3 - t2) * 1e3;
	}
	*open_ms = median_of(t_open, (size_t)rounds);
	*b_ms = median_of(t_b, (size_t)rounds);
}

int main(int argc, char **argv)
{
	const char *lessons = NULL, *base = NULL;
	char sizes_arg[256] = "1000,200000";
	int rounds = 3, opt;
	while ((opt = getopt(argc, argv, "l:n:r:d:")) != -1) {
		switch (opt) {
		case 'l': lessons = optarg; break;
		case 'n': snprintf(sizes_arg, sizeof sizes_arg, "%s", optarg); break;
		case 'r': rounds = atoi(optarg); break;
		case 'd': base = optarg; break;
		default:
			fprintf(stderr, "usage: bench_notebook [-l LESSONS] [-n N[,N...]] [-r ROUNDS] "
			        "[-d DIR]\n");
			return 2;
		}
	}
	if (rounds < 1 || rounds > MAX_ROUNDS)
		die("-r: 1 to 16 rounds", NULL);
	if (!lessons)
		lessons = course_load_default_dir();
	struct course c;
	struct diags d = {0};
	if (course_load(lessons, &c, &d) != 0)
		die("the lessons do not load", lessons);
	diag_list_free(&d);

	char dir[512];
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof dir, "%s/bench-notebook.XXXXXX", base ? base : tmp);
	if (!mkdtemp(dir))
		die("cannot make a directory", dir);
	char scratch[600], db[600];
	snprintf(scratch, sizeof scratch, "%s/scratch", dir);
	mkdir(scratch, 0700);
	setenv("XDG_STATE_HOME", dir, 1);     /* never the user's own notebook */

	printf("bench_notebook: %zu lessons from %s; the median of %d rounds\n", c.nlessons, lessons,
	       rounds);
	printf("%10s %10s %12s %12s\n", "runs", "MB", "open (ms)", "b (ms)");
	for (char *save = NULL, *tok = strtok_r(sizes_arg, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int64_t n = atoll(tok);
		if (n < 1)
			die("-n: a number of runs", tok);
		snprintf(db, sizeof db, "%s/lab-%lld.db", dir, (long long)n);
		seed(db, &c);
		grow(db, n);
		struct stat sb;
		double mb = stat(db, &sb) == 0 ? (double)sb.st_size / 1e6 : NAN;
		double open_ms, b_ms;
		measure(db, lessons, scratch, (size_t)busiest(db, &c), rounds, &open_ms, &b_ms);
		printf("%10lld %10.0f %12.1f %12.1f\n", (long long)n, mb, open_ms, b_ms);
		fflush(stdout);
		unlink(db);
	}
	lesson_course_free(&c);
	char cmd[700];
	snprintf(cmd, sizeof cmd, "%s/scratch", dir);
	rmdir(cmd);
	rmdir(dir);
	return 0;
}
