/* check_expect_fields.c - the fields a check may name: their bits, the
 * "did you mean", and the table of doc/lesson-format.md, which must be the
 * code's table to the byte. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "expect_fields.h"
#include "report_fields.h"
#include "suites.h"

START_TEST(bits_of_fields)
{
	const char *s = "x";
	ck_assert_uint_eq(expect_fields_class(NULL, "rate", &s),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_SPEED);
	ck_assert_ptr_null(s);
	ck_assert_uint_eq(expect_fields_class(NULL, "rate.max", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_SPEED);
	ck_assert_uint_eq(expect_fields_class(NULL, "seconds", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_DURATION);
	ck_assert_uint_eq(expect_fields_class(NULL, "size", NULL), EXPECT_FIELD_KNOWN);
	ck_assert_uint_eq(expect_fields_class(NULL, "calls.fwrite", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE);
	ck_assert_uint_eq(expect_fields_class(NULL, "syscalls.write", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE);
	ck_assert_uint_eq(expect_fields_class(NULL, "storage.write_bytes", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE | EXPECT_FIELD_DEVICE);
	ck_assert_uint_eq(expect_fields_class(NULL, "copied.read_bytes", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE);
	ck_assert_uint_eq(expect_fields_class(NULL, "waited_seconds", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_WHOLE_FILE |
	                  EXPECT_FIELD_DEVICE);
	ck_assert_uint_eq(expect_fields_class(NULL, "cache.resident_after_advice", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_DEVICE);
	ck_assert_uint_eq(expect_fields_class(NULL, "cache.resident_after", NULL),
	                  EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE | EXPECT_FIELD_CACHED);
	/* text, flags and lists are no numbers */
	ck_assert_uint_eq(expect_fields_class(NULL, "workload.op", &s), 0);
	ck_assert_uint_eq(expect_fields_class(NULL, "time_limited", &s), 0);
	ck_assert_uint_eq(expect_fields_class(NULL, "expectations.missed", &s), 0);
	ck_assert_uint_eq(expect_fields_class(NULL, "lesson", &s), 0);
}
END_TEST

START_TEST(did_you_mean)
{
	const char *s = NULL;
	ck_assert_uint_eq(expect_fields_class(NULL, "rat", &s), 0);
	ck_assert_str_eq(s, "rate");
	ck_assert_uint_eq(expect_fields_class(NULL, "calls.fwrit", &s), 0);
	ck_assert_str_eq(s, "calls.fwrite");
	ck_assert_uint_eq(expect_fields_class(NULL, "sycalls.write", &s), 0);
	ck_assert_str_eq(s, "syscalls.write");
	ck_assert_uint_eq(expect_fields_class(NULL, "nothing.like.it", &s), 0);
	ck_assert_ptr_null(s);
}
END_TEST

/* Every row a check may name is a column of the CSV (the one table), and
 * every short name resolves to one. */
START_TEST(rows_are_report_fields)
{
	const struct expect_field_row *r;
	size_t n = 0, aliases = 0;
	for (size_t i = 0; (r = expect_fields_at(i)) != NULL; i++, n++) {
		ck_assert_msg(report_field_find(r->name) >= 0, "%s is no report field", r->name);
		if (r->alias_of) {
			aliases++;
			ck_assert_int_eq(report_field_find(r->name), report_field_find(r->alias_of));
		} else {
			ck_assert_str_eq(report_field_name((size_t)report_field_find(r->name)), r->name);
		}
	}
	ck_assert_uint_eq(n, expect_fields_count());
	ck_assert_uint_eq(aliases, 5);
	ck_assert_ptr_null(expect_fields_at(n));
}
END_TEST

/* The table of doc/lesson-format.md is this code's table.  On a mismatch
 * the code's table is written to expect-fields.md (in the build
 * directory) to paste into the doc. */
START_TEST(doc_table_is_the_code_table)
{
	FILE *f = fopen(TOP_SRCDIR "/doc/lesson-format.md", "r");
	ck_assert_ptr_nonnull(f);
	char *doc = NULL, line[4096];
	size_t doclen = 0;
	FILE *d = open_memstream(&doc, &doclen);
	int in = 0, done = 0;
	while (!done && fgets(line, sizeof line, f)) {
		if (!in && strcmp(line, "| field | meaning | timed | whole file | device |\n") == 0)
			in = 1;
		if (in && line[0] != '|')
			done = 1;
		else if (in)
			fputs(line, d);
	}
	fclose(f);
	fclose(d);
	char *code = NULL;
	size_t codelen = 0;
	FILE *c = open_memstream(&code, &codelen);
	expect_fields_markdown(c);
	fclose(c);
	if (strcmp(doc, code) != 0) {
		FILE *o = fopen("expect-fields.md", "w");
		if (o) {
			fputs(code, o);
			fclose(o);
		}
	}
	ck_assert_msg(strcmp(doc, code) == 0, "doc/lesson-format.md's field table is not the code's: "
	              "the code's is in expect-fields.md of the build directory");
	free(doc);
	free(code);
}
END_TEST

Suite *make_suite_expect_fields(void)
{
	Suite *s = suite_create("expect_fields");
	TCase *tc = tcase_create("fields");
	tcase_add_test(tc, bits_of_fields);
	tcase_add_test(tc, did_you_mean);
	tcase_add_test(tc, rows_are_report_fields);
	tcase_add_test(tc, doc_table_is_the_code_table);
	suite_add_tcase(s, tc);
	return s;
}
