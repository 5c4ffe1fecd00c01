/* check_class_view.c - documents read back and a class merged: quartiles
 * on known inputs, outliers, and every file that must not be merged
 * (a repeat, a stranger's JSON, a newer iolab, no machine.id). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "class_view.h"
#include "doc.h"
#include "suites.h"

static char dir[] = "/tmp/iolab-class.XXXXXX";

static void setup(void)
{
	strcpy(dir, "/tmp/iolab-class.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* A batch document of one machine: w01 and w03 at the given rates
 * (w03 failed when its rate is 0). */
static const char *write_doc(const char *name, const char *version, const char *id,
                             double w01, double w03)
{
	static char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "{\"iolab\": \"%s\", \"machine\": {\"kernel\": \"6.1\"%s%s%s}, \"results\": ["
	        "{\"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": %.17g},"
	        " \"reference\": [{\"source\": \"cs61-2011-imac\", \"label\": \"2011 iMac\", \"rate\": 2600}],"
	        " \"expectations\": [{\"claim\": \"c\", \"check\": \"x\", \"value\": 1.5, \"bound\": \"at least 1\","
	        " \"verdict\": \"held\", \"reason\": null}]},"
	        "{\"lesson\": \"w03-byte\", \"status\": \"%s\", \"rate\": {\"median\": %.17g}}]}\n",
	        version, id ? ", \"id\": \"" : "", id ? id : "", id ? "\"" : "", w01,
	        w03 > 0 ? "ok" : "error", w03 > 0 ? w03 : 0.0);
	fclose(f);
	return path;
}

START_TEST(quantiles_interpolate)
{
	const double v[] = {1, 2, 3, 4};
	ck_assert_double_eq_tol(class_view_quantile(v, 4, 0.25), 1.75, 1e-12);
	ck_assert_double_eq_tol(class_view_quantile(v, 4, 0.5), 2.5, 1e-12);
	ck_assert_double_eq_tol(class_view_quantile(v, 4, 0.75), 3.25, 1e-12);
	ck_assert_double_eq(class_view_quantile(v, 4, 1), 4);
	ck_assert_double_eq(class_view_quantile(v, 1, 0.25), 1);
	ck_assert(isnan(class_view_quantile(v, 0, 0.5)));
}
END_TEST

START_TEST(doc_read_figures)
{
	struct doc d;
	char msg[256];
	const char *p = write_doc("a.json", "0.2.0", "aa11", 3000, 0);
	ck_assert_int_eq(doc_read_file(p, &d, msg, sizeof msg), 0);
	ck_assert_str_eq(d.machine.id, "aa11");
	ck_assert_uint_eq(d.nresults, 2);
	const struct doc_result *r = doc_find(&d, "w01-syncbyte");
	ck_assert_ptr_nonnull(r);
	ck_assert_double_eq(r->rate, 3000);
	ck_assert_uint_eq(r->nrefs, 1);
	ck_assert_str_eq(r->refs[0].label, "2011 iMac");
	ck_assert_uint_eq(r->nclaims, 1);
	ck_assert_str_eq(r->claims[0].verdict, "held");
	ck_assert_double_eq(r->claims[0].value, 1.5);
	ck_assert_str_eq(doc_find(&d, "w03-byte")->status, "error");
	ck_assert_ptr_null(doc_find(&d, "r01-byte"));
	doc_free(&d);
}
END_TEST

START_TEST(doc_read_refusals)
{
	struct doc d;
	char msg[256], path[512];
	snprintf(path, sizeof path, "%s/x.json", dir);
	FILE *f = fopen(path, "w");
	fputs("{\"results\": []}\n", f);
	fclose(f);
	ck_assert_int_eq(doc_read_file(path, &d, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not an iolab document (no \"iolab\" version with \"results\" or \"runs\")");
	f = fopen(path, "w");
	fputs("{\"iolab\": \"0.1\",\n \"results\": [}\n", f);
	fclose(f);
	ck_assert_int_eq(doc_read_file(path, &d, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "not JSON: line 2, column 14: unexpected token near '}'");
	ck_assert_int_eq(doc_read_file(write_doc("n.json", "99.0.0", "b", 1, 1), &d, msg,
	                               sizeof msg), -1);
	ck_assert_str_eq(msg, "written by iolab 99.0.0, newer than this iolab " PACKAGE_VERSION);
	/* a directory and an empty file are named as what they are */
	ck_assert_int_eq(doc_read_file(dir, &d, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "a directory, not a document");
	f = fopen(path, "w");
	fclose(f);
	ck_assert_int_eq(doc_read_file(path, &d, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "an empty file, not a document");
	ck_assert_int_eq(doc_version_newer("0.1.0"), 0);
	ck_assert_int_eq(doc_version_newer(PACKAGE_VERSION), 0);
	ck_assert_int_eq(doc_version_newer("1.0"), 1);
	ck_assert_int_eq(doc_version_newer("banana"), 1);
}
END_TEST

START_TEST(history_export_latest_normal_run)
{
	/* a notebook export: w01's later changed run does not replace its
	 * normal one; w03 has only a changed run, kept with its label */
	const char *text =
		"{\"iolab\": \"0.2.0\", \"runs\": ["
		"{\"kind\": \"lesson\", \"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 10}},"
		"{\"kind\": \"lesson\", \"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 20}},"
		"{\"kind\": \"changed\", \"label\": \"4 B blocks\", \"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 99}},"
		"{\"kind\": \"stopped\", \"label\": \"stopped at 1 s\", \"lesson\": \"w03-byte\", \"status\": \"ok\", \"rate\": {\"median\": 5}},"
		"{\"kind\": \"program\", \"lesson\": null, \"status\": \"ok\"}]}";
	struct doc d;
	char msg[256];
	ck_assert_int_eq(doc_read_text(text, strlen(text), &d, msg, sizeof msg), 0);
	ck_assert_int_eq(d.from_notebook, 1);
	ck_assert_uint_eq(d.nresults, 2);
	ck_assert_double_eq(doc_find(&d, "w01-syncbyte")->rate, 20);
	ck_assert_str_eq(doc_find(&d, "w03-byte")->label, "stopped at 1 s");
	doc_free(&d);
}
END_TEST

START_TEST(history_export_failed_run_does_not_stand)
{
	/* a later run of the lesson that failed does not replace the one
	 * that stands for it, as in the lab */
	const char *text =
		"{\"iolab\": \"0.2.0\", \"runs\": ["
		"{\"kind\": \"lesson\", \"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 10}},"
		"{\"kind\": \"lesson\", \"lesson\": \"w01-syncbyte\", \"status\": \"error\", \"rate\": {\"median\": null}},"
		"{\"kind\": \"lesson\", \"lesson\": \"w03-byte\", \"status\": \"error\", \"rate\": {\"median\": null}}]}";
	struct doc d;
	char msg[256];
	ck_assert_int_eq(doc_read_text(text, strlen(text), &d, msg, sizeof msg), 0);
	ck_assert_uint_eq(d.nresults, 2);
	ck_assert_str_eq(doc_find(&d, "w01-syncbyte")->status, "ok");
	ck_assert_double_eq(doc_find(&d, "w01-syncbyte")->rate, 10);
	ck_assert_str_eq(doc_find(&d, "w03-byte")->status, "error");
	doc_free(&d);
}
END_TEST

/* A document that lists a lesson twice is still one machine. */
START_TEST(lesson_twice_counts_once)
{
	static const char text[] =
		"{\"iolab\": \"0.2.0\", \"machine\": {\"id\": \"twice\"}, \"results\": ["
		"{\"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 100}},"
		"{\"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 100}}]}";
	struct doc d;
	char msg[256];
	ck_assert_int_eq(doc_read_text(text, sizeof text - 1, &d, msg, sizeof msg), 0);
	struct class_view cv;
	memset(&cv, 0, sizeof cv);
	ck_assert_int_eq(class_view_add_doc(&cv, "twice.json", &d), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("1.json", "0.2.0", "m1", 300, 1e6)), 0);
	ck_assert_int_eq(class_view_finish(&cv), 0);
	doc_free(&d);
	ck_assert_uint_eq(cv.nmachines, 2);
	ck_assert_str_eq(cv.lessons[0].lesson, "w01-syncbyte");
	ck_assert_uint_eq(cv.lessons[0].n, 2);
	ck_assert_double_eq(cv.lessons[0].median, 200);
	class_view_free(&cv);
}
END_TEST

/* What a document says reaches a terminal harmless and in 80 columns: a
 * machine.id or a lesson id holding escape sequences, an id too long for
 * its column. */
START_TEST(text_harmless_and_80_columns)
{
	static const char evil[] =
		"{\"iolab\": \"0.2.0\", \"machine\": {\"id\": \"\\u001b[31mEVIL\"}, \"results\": ["
		"{\"lesson\": \"w01-syncbyte\", \"status\": \"ok\", \"rate\": {\"median\": 1e9}},"
		"{\"lesson\": \"x\\u001b]0;t\\u0007-a-lesson-id-far-too-long-for-its-column-"
		"and-longer-than-a-line-of-eighty-columns-too\", \"status\": \"ok\","
		" \"rate\": {\"median\": 5}}]}";
	struct doc d;
	char msg[256];
	ck_assert_int_eq(doc_read_text(evil, sizeof evil - 1, &d, msg, sizeof msg), 0);
	struct class_view cv;
	memset(&cv, 0, sizeof cv);
	ck_assert_int_eq(class_view_add_doc(&cv, "evil.json", &d), 0);
	doc_free(&d);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("1.json", "0.2.0", "m1", 100, 1)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("2.json", "0.2.0", "m2", 110, 1)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("3.json", "0.2.0", "m3", 120, 1)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("4.json", "0.2.0", "m4", 130, 1)), 0);
	ck_assert_int_eq(class_view_finish(&cv), 0);
	char label[64];
	class_view_machine_label(&cv.machines[0], label, sizeof label);
	ck_assert_str_eq(label, "machine ?[31mEVI");

	for (int fmt = 0; fmt < 2; fmt++) {
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		ck_assert_int_eq(fmt ? class_view_write_csv(f, &cv) : class_view_write_text(f, &cv), 0);
		fclose(f);
		ck_assert_ptr_null(memchr(text, '\x1b', len));
		ck_assert_ptr_null(memchr(text, '\a', len));
		if (!fmt) {
			ck_assert_ptr_nonnull(strstr(text, "outliers: machine ?[31mEVI"));
			ck_assert_ptr_nonnull(strstr(text, "x?]0;t?-a-lesson-id-far"));
			for (char *line = text, *end; *line; line = end + 1) {
				end = strchr(line, '\n');
				ck_assert_ptr_nonnull(end);
				ck_assert_msg(end - line <= 80, "%.*s", (int)(end - line), line);
			}
		}
		free(text);
	}
	class_view_free(&cv);
}
END_TEST

START_TEST(class_merges_and_skips)
{
	struct class_view cv;
	memset(&cv, 0, sizeof cv);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("1.json", "0.2.0", "m1", 100, 1e6)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("2.json", "0.2.0", "m2", 200, 2e6)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("3.json", "0.2.0", "m3", 300, 0)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("4.json", "0.2.0", "m4", 400, 4e6)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("5.json", "0.2.0", "m5", 1e6, 5e6)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("dup.json", "0.2.0", "m2", 1, 1)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("new.json", "99.1.0", "m9", 1, 1)), 0);
	ck_assert_int_eq(class_view_add_file(&cv, write_doc("anon.json", "0.2.0", NULL, 1, 1)), 0);
	char missing[512];
	snprintf(missing, sizeof missing, "%s/none.json", dir);
	ck_assert_int_eq(class_view_add_file(&cv, missing), 0);
	ck_assert_int_eq(class_view_finish(&cv), 0);

	ck_assert_uint_eq(cv.nmachines, 5);
	ck_assert_uint_eq(cv.nskipped, 4);
	ck_assert_ptr_nonnull(strstr(cv.skipped[0].file, "dup.json"));
	ck_assert_ptr_nonnull(strstr(cv.skipped[0].reason, "repeats the machine of "));
	ck_assert_ptr_nonnull(strstr(cv.skipped[0].reason, "/2.json"));
	ck_assert_str_eq(cv.skipped[1].reason, "written by iolab 99.1.0, newer than this iolab "
	                 PACKAGE_VERSION);
	ck_assert_str_eq(cv.skipped[2].reason, "no machine.id: written by an iolab before 0.3, or edited");
	ck_assert_ptr_nonnull(strstr(cv.skipped[3].reason, "No such file or directory"));

	ck_assert_uint_eq(cv.nlessons, 2);
	const struct class_lesson *w01 = &cv.lessons[0], *w03 = &cv.lessons[1];
	ck_assert_str_eq(w01->lesson, "w01-syncbyte");
	ck_assert_uint_eq(w01->n, 5);
	ck_assert_double_eq(w01->min, 100);
	ck_assert_double_eq(w01->q1, 200);
	ck_assert_double_eq(w01->median, 300);
	ck_assert_double_eq(w01->q3, 400);
	ck_assert_double_eq(w01->max, 1e6);
	/* ln 1e6 is far past ln 400 + 1.5 * (ln 400 - ln 200) */
	ck_assert_uint_eq(w01->noutliers, 1);
	ck_assert_uint_eq(w01->rates[w01->outliers[0]].machine, 4);
	ck_assert_uint_eq(w01->nrefs, 1);
	/* the failed w03 of machine 3 is left out, not counted as 0 */
	ck_assert_uint_eq(w03->n, 4);
	ck_assert_double_eq(w03->median, 3e6);
	ck_assert_uint_eq(w03->noutliers, 0);

	char label[64];
	class_view_machine_label(&cv.machines[0], label, sizeof label);
	ck_assert_str_eq(label, "machine m1");
	class_view_free(&cv);
}
END_TEST

Suite *make_suite_class_view(void)
{
	Suite *s = suite_create("class_view");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, quantiles_interpolate);
	tcase_add_test(tc, doc_read_figures);
	tcase_add_test(tc, doc_read_refusals);
	tcase_add_test(tc, history_export_latest_normal_run);
	tcase_add_test(tc, history_export_failed_run_does_not_stand);
	tcase_add_test(tc, lesson_twice_counts_once);
	tcase_add_test(tc, text_harmless_and_80_columns);
	tcase_add_test(tc, class_merges_and_skips);
	suite_add_tcase(s, tc);
	return s;
}
