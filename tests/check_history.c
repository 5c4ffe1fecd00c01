/* check_history.c - iolab --history: a notebook of known runs printed as
 * text, JSON and CSV, exactly; the stored batch object spliced whole; a
 * run without one (imported) given the batch fields it has; the lesson
 * filter; the score.  Each test works on a database in its own temporary
 * directory. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "history.h"
#include "machine.h"
#include "report.h"
#include "report_format.h"
#include "store.h"
#include "suites.h"

static char dir[64], db[128];

static struct store *fresh_store(void)
{
	char msg[1024];
	snprintf(dir, sizeof dir, "/tmp/iolab-history.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof db, "%s/lab.db", dir);
	struct store *st = store_open(db, 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	return st;
}

static void drop_store(struct store *st)
{
	char path[192];
	store_close(st);
	const char *const ends[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s%s", db, ends[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* Three runs: w03-byte as the lesson says; w03-byte with 4 B blocks and a
 * guess; an experiment of no lesson that failed.  And one imported from
 * the old progress file (no stored object) with two sweep points. */
static void record_runs(struct store *st)
{
	char msg[1024];
	struct store_run r;
	store_run_init(&r);
	r.lesson = "w03-byte";
	r.when = 1700000000;
	r.recorder = STORE_BY_BATCH;
	r.spec = "op=write size=10MiB";
	r.rate = 3483638;
	r.log_rate = log(3483638.0);
	r.seconds = 3.01;
	r.bytes = 10485760;
	r.passes = 1;
	r.syscalls_read = 0;
	r.syscalls_write = 10485760;
	r.calls = 10485760;
	r.time_limited = 0;
	r.result_json = "{\"lesson\": \"w03-byte\", \"status\": \"ok\", \"rate\": {\"median\": 3483638.0}}";
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);

	r.when = 1700000060;
	r.recorder = STORE_BY_LAB;
	r.kind = STORE_KIND_CHANGED;
	r.label = "4 B blocks";
	r.rate = 13934552;
	r.log_rate = log(13934552.0);
	r.guess_rate = 3e6;
	r.guess_text = "3MB/s";
	r.result_json = "{\"lesson\": \"w03-byte\", \"status\": \"ok\"}";
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);

	store_run_init(&r);
	r.when = 1700000120;
	r.recorder = STORE_BY_BATCH;
	r.kind = STORE_KIND_EXPERIMENT;
	r.label = "fread() \u00b7 512 B blocks";
	r.spec = "op=read api=stdio block=512";
	r.ok = 0;
	r.error = "open: No such file\nor directory";
	r.result_json = "{\"lesson\": \"experiment\", \"status\": \"error\"}";
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);

	struct sweep_point pts[2] = {
		{.block = 1, .cache = WL_CACHE_WARM, .ok = 1, .rate = 1000, .seconds = 2, .calls = 2000, .bytes = 2000},
		{.block = 4096, .cache = WL_CACHE_COLD, .ok = 0},
	};
	store_run_init(&r);
	r.lesson = "s01-sweep";
	r.when = 1600000000;
	r.recorder = STORE_BY_IMPORT;
	r.spec = "block=1 cache=warm";
	r.rate = 1000;
	r.log_rate = log(1000.0);
	r.seconds = 2;
	r.bytes = 2000;
	r.points = pts;
	r.npoints = 2;
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);
}

/* The history of st in format `name`, lessons as given. */
static char *printed(struct store *st, const char *name, const char *const *lessons, size_t n)
{
	char *text = NULL, msg[1024];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(out);
	const struct history_format *f = history_format_find(name);
	ck_assert_ptr_nonnull(f);
	ck_assert_msg(history_write(out, st, f, lessons, n, msg, sizeof msg) == 0, "%s", msg);
	fclose(out);
	return text;
}

#define HAS(text, needle) ck_assert_msg(strstr(text, needle) != NULL, \
	"'%s' not in:\n%s", needle, text)

START_TEST(formats)
{
	/* text, json and csv; the grading formats (tap, gradescope) are about
	 * lessons' expectations, which --history has none of: a usage error */
	ck_assert_ptr_nonnull(history_format_find("text"));
	ck_assert_ptr_nonnull(history_format_find("json"));
	ck_assert_ptr_nonnull(history_format_find("csv"));
	ck_assert_ptr_null(history_format_find("xml"));
	const struct report_format *rf;
	for (size_t i = 0; (rf = report_format_at(i)) != NULL; i++) {
		if (history_format_find(rf->name))
			continue;
		struct options o;
		memset(&o, 0, sizeof o);
		o.format = rf;
		o.db = "/nonexistent/never-opened.db";
		char err[256] = "";
		FILE *f = fmemopen(err, sizeof err - 1, "w");
		ck_assert_ptr_nonnull(f);
		ck_assert_int_eq(history_cmd(&o, stdout, f), EXIT_USAGE);
		fclose(f);
		char want[256];
		snprintf(want, sizeof want, "iolab: --history prints text, json or csv, not %s\n"
		         "Try 'iolab --help' for more information.\n", rf->name);
		ck_assert_str_eq(err, want);
	}
}
END_TEST

START_TEST(text)
{
	struct store *st = fresh_store();
	char *t = printed(st, "text", NULL, 0);
	char want[2048];
	snprintf(want, sizeof want, "No saved runs in %s.\n", db);
	ck_assert_str_eq(t, want);
	free(t);
	record_runs(st);
	t = printed(st, "text", NULL, 0);
	snprintf(want, sizeof want,
	         "4 saved runs in %s\n"
	         "\n"
	         "#  when (UTC)           lesson     kind             rate  log rate   guess  miss  what\n"
	         "1  2023-11-14 22:13:20  w03-byte   lesson      3.48 MB/s     15.06       -     -\n"
	         "2  2023-11-14 22:14:20  w03-byte   changed     13.9 MB/s     16.45  3 MB/s  1.54  4 B blocks\n"
	         "3  2023-11-14 22:15:20  -          experiment      error         -       -     -  "
	         "fread() \u00b7 512 B blocks; open: No such file?or directory\n"
	         "4  2020-09-13 12:26:40  s01-sweep  lesson         1 kB/s      6.91       -     -\n"
	         "\n"
	         "Predictions: 1 scored, mean miss 1.54 (log rate), 0 within 1.\n", db);
	ck_assert_str_eq(t, want);
	free(t);
	const char *one[] = {"s01-sweep", "nothing"};
	t = printed(st, "text", one, 2);
	HAS(t, "1 saved run in ");
	HAS(t, "s01-sweep");
	ck_assert_ptr_null(strstr(t, "w03-byte"));
	ck_assert_ptr_null(strstr(t, "Predictions"));
	free(t);
	t = printed(st, "text", one + 1, 1);
	snprintf(want, sizeof want, "No saved runs of these lessons in %s.\n", db);
	ck_assert_str_eq(t, want);
	free(t);
	drop_store(st);
}
END_TEST

/* A label and an error reach the grader's terminal in the table: ESC,
 * C1 CSI (U+009B) and a right-to-left override are '?' each (sanitize.h),
 * UTF-8 kept. */
START_TEST(text_hostile)
{
	char msg[1024];
	struct store *st = fresh_store();
	struct store_run r;
	store_run_init(&r);
	r.lesson = "w03-byte";
	r.when = 1700000000;
	r.recorder = STORE_BY_LAB;
	r.kind = STORE_KIND_CHANGED;
	r.label = "a\x1b[2Jb\xc2\x9b" "c\xe2\x80\xae" "d \u00b7";
	r.ok = 0;
	r.error = "e\x1b]0;x\a\xc2\x9b" "f\xe2\x80\xae" "g";
	r.spec = "op=write";
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);
	char *t = printed(st, "text", NULL, 0);
	HAS(t, "\n#  when (UTC)           lesson    kind      rate  log rate  guess  miss  what\n"
	       "1  2023-11-14 22:13:20  w03-byte  changed  error         -      -     -  "
	       "a?[2Jb?c?d \u00b7; e?]0;x??f?g\n");
	free(t);
	drop_store(st);
}
END_TEST

START_TEST(json)
{
	struct store *st = fresh_store();
	record_runs(st);
	char *j = printed(st, "json", NULL, 0), want[1024];
	ck_assert(strncmp(j, "{\n  \"iolab\": \"" PACKAGE_VERSION "\",\n  \"machine\": {\"kernel\": \"", 34) == 0);
	/* this machine, as batch names it: its id never the machine-id */
	struct machine m;
	machine_probe(&m);
	snprintf(want, sizeof want, "\"cores\": %ld, \"memory_bytes\": %lld, \"id\": ", m.cores,
	         (long long)m.memory_bytes);
	HAS(j, want);
	snprintf(want, sizeof want, "\"database\": \"%s\",\n  \"exported\": \"", db);
	HAS(j, want);
	HAS(j, "\",\n  \"lessons\": null,\n"
	       "  \"score\": {\"guesses\": 1, \"mean_miss\": 1.5357592224845611");
	HAS(j, ", \"within_1\": 0},\n  \"runs\": [\n    {\"id\": 1, \"kind\": \"lesson\"");
	/* the stored object's members after the store's columns */
	HAS(j, "    {\"id\": 1, \"kind\": \"lesson\", \"label\": \"\", \"when\": \"2023-11-14T22:13:20Z\", "
	       "\"recorder\": \"batch\", \"version\": \"" PACKAGE_VERSION "\", "
	       "\"spec\": \"op=write size=10MiB\", \"guess\": null, "
	       "\"lesson\": \"w03-byte\", \"status\": \"ok\", \"rate\": {\"median\": 3483638.0}},\n");
	HAS(j, "{\"id\": 2, \"kind\": \"changed\", \"label\": \"4 B blocks\", "
	       "\"when\": \"2023-11-14T22:14:20Z\", \"recorder\": \"lab\"");
	HAS(j, "\"guess\": {\"rate\": 3000000.0, \"log_rate\": 14.914122846632385, "
	       "\"text\": \"3MB/s\", \"miss\": 1.5357592224845611");
	HAS(j, "\"label\": \"fread() \u00b7 512 B blocks\"");
	HAS(j, "\"lesson\": \"experiment\", \"status\": \"error\"},\n");
	/* an imported run: the batch fields it has, by their names */
	HAS(j, "{\"id\": 4, \"kind\": \"lesson\", \"label\": \"\", \"when\": \"2020-09-13T12:26:40Z\", "
	       "\"recorder\": \"imported\", \"version\": \"" PACKAGE_VERSION "\", "
	       "\"spec\": \"block=1 cache=warm\", \"guess\": null, \"lesson\": \"s01-sweep\", "
	       "\"status\": \"ok\", \"error\": null, \"passes\": null, \"bytes\": 2000, "
	       "\"seconds\": {\"median\": 2.0, \"min\": null, \"max\": null}, "
	       "\"rate\": {\"median\": 1000.0, \"min\": null, \"max\": null}, "
	       "\"log_rate\": 6.9077552789821368, \"time_limited\": null, "
	       "\"syscalls\": {\"read\": null, \"write\": null}, "
	       "\"sweep\": {\"points\": [{\"block\": 1, \"cache\": \"warm\", \"ok\": true, "
	       "\"rate\": 1000.0, \"seconds\": 2.0, \"calls\": 2000.0, \"bytes\": 2000.0}, "
	       "{\"block\": 4096, \"cache\": \"cold\", \"ok\": false, \"rate\": null, "
	       "\"seconds\": null, \"calls\": null, \"bytes\": null}], \"fit\": null}}\n  ]\n}\n");
	free(j);
	const char *w03[] = {"w03-byte"};
	j = printed(st, "json", w03, 1);
	HAS(j, "\"lessons\": [\"w03-byte\"]");
	ck_assert_ptr_null(strstr(j, "\"id\": 3"));
	ck_assert_ptr_null(strstr(j, "\"id\": 4"));
	free(j);
	drop_store(st);
}
END_TEST

/* A stored object written before JSON strings escaped C1 controls and
 * bidi overrides (or a notebook edited by hand) reaches the terminal
 * escaped, meaning the same; JSON's whitespace stays as it is. */
START_TEST(json_hostile_stored)
{
	char msg[1024];
	struct store *st = fresh_store();
	struct store_run r;
	store_run_init(&r);
	r.lesson = "w03-byte";
	r.when = 1700000000;
	r.recorder = STORE_BY_BATCH;
	r.kind = STORE_KIND_LESSON;
	r.ok = 1;
	r.spec = "op=write";
	r.result_json = "{\"title\": \"a\xc2\x9b" "2Jb\xe2\x80\xae" "c\x1b\x7f" "d\xff \u00b7\",\n\t\"x\": 1}";
	ck_assert_msg(store_record(st, &r, NULL, msg, sizeof msg) == 0, "%s", msg);
	char *j = printed(st, "json", NULL, 0);
	HAS(j, "\"guess\": null, \"title\": \"a\\u009b2Jb\\u202ec\\u001b\\u007fd\xef\xbf\xbd \u00b7\",\n\t\"x\": 1}\n");
	free(j);
	drop_store(st);
}
END_TEST

START_TEST(csv)
{
	struct store *st = fresh_store();
	record_runs(st);
	char *c = printed(st, "csv", NULL, 0);
	HAS(c, "id,when,lesson,kind,label,recorder,version,status,error,rate.median,log_rate,"
	       "seconds.median,bytes,passes,syscalls.read,syscalls.write,calls.total,time_limited,"
	       "guess.rate,guess.log_rate,guess.text,guess.miss,spec\r\n"
	       "1,2023-11-14T22:13:20Z,w03-byte,lesson,,batch," PACKAGE_VERSION ",ok,,3483638.0,"
	       "15.063587707997055,3.01,10485760,1,0,10485760,10485760,false,,,,,op=write size=10MiB\r\n");
	HAS(c, "\r\n4,2020-09-13T12:26:40Z,s01-sweep,lesson,,imported," PACKAGE_VERSION ",ok,,1000.0,"
	       "6.9077552789821368,2.0,2000,,,,,,,,,,block=1 cache=warm\r\n");
	HAS(c, "\r\n2,2023-11-14T22:14:20Z,w03-byte,changed,4 B blocks,lab," PACKAGE_VERSION ",ok,,"
	       "13934552.0,16.449");
	HAS(c, ",3000000.0,14.914122846632385,3MB/s,1.5357592224845611");
	HAS(c, "\r\n3,2023-11-14T22:15:20Z,,experiment,fread() \u00b7 512 B blocks,batch,"
	       PACKAGE_VERSION ",error,\"open: No such file\nor directory\",,,,,,,,,,,,,,"
	       "op=read api=stdio block=512\r\n");
	free(c);
	drop_store(st);
}
END_TEST

Suite *make_suite_history(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("history");
	tcase_add_test(tc, formats);
	tcase_add_test(tc, text);
	tcase_add_test(tc, text_hostile);
	tcase_add_test(tc, json);
	tcase_add_test(tc, json_hostile_stored);
	tcase_add_test(tc, csv);
	suite_add_tcase(s, tc);
	return s;
}
