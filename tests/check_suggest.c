/* check_suggest.c - the one "did you mean" rule (suggest.h): the distance,
 * its case rule, its limits, and the same answers from both entry points. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <string.h>

#include "suggest.h"
#include "suites.h"

START_TEST(distances)
{
	ck_assert_uint_eq(suggest_distance("block", "block"), 0);
	ck_assert_uint_eq(suggest_distance("blok", "block"), 1);       /* a deletion */
	ck_assert_uint_eq(suggest_distance("titel", "title"), 1);      /* a swap is one edit */
	ck_assert_uint_eq(suggest_distance("Block", "bLOCK"), 0);      /* case does not count */
	ck_assert_uint_eq(suggest_distance("op", "api"), 2);
	ck_assert_uint_eq(suggest_distance("", "abc"), 3);
	ck_assert_uint_eq(suggest_distance("abc", ""), 3);
	/* optimal string alignment, not full Damerau: no edit of a swapped pair */
	ck_assert_uint_eq(suggest_distance("ca", "abc"), 3);
	char longw[SUGGEST_WORD_MAX + 2];
	memset(longw, 'a', sizeof longw - 1);
	longw[sizeof longw - 1] = '\0';
	ck_assert_uint_eq(suggest_distance(longw, "a"), SIZE_MAX);
	longw[SUGGEST_WORD_MAX] = '\0';                                 /* exactly the max */
	ck_assert_uint_eq(suggest_distance(longw, longw), 0);
}
END_TEST

START_TEST(nearest)
{
	static const char *const keys[] = {"op", "api", "size", "block", "stride", "streams"};
	static const char *const ids[] = {"b01-write-byte", "b02-stdio-byte", "b03-mmap-read"};
	ck_assert_str_eq(suggest_nearest("blok", keys, 6), "block");
	ck_assert_str_eq(suggest_nearest("STRIDE", keys, 6), "stride");
	ck_assert_ptr_null(suggest_nearest("colour", keys, 6));
	ck_assert_ptr_null(suggest_nearest("op", keys + 1, 5));         /* "op" is no typo of "api" */
	ck_assert_str_eq(suggest_nearest("b01-write-bite", ids, 3), "b01-write-byte");
	ck_assert_str_eq(suggest_nearest("B03-MMAP-RAED", ids, 3), "b03-mmap-read");
	/* three edits are too many, however long the word */
	ck_assert_ptr_null(suggest_nearest("b01-wrote-bute-x", ids, 3));
	ck_assert_ptr_null(suggest_nearest("x", NULL, 0));
	/* a tie goes to the first candidate */
	static const char *const tie[] = {"cold", "bold"};
	ck_assert_str_eq(suggest_nearest("dold", tie, 2), "cold");
}
END_TEST

START_TEST(offered_one_by_one)
{
	static const char *const keys[] = {"title", "text", "code", "workload"};
	struct suggest s;
	suggest_init(&s, "titel");
	ck_assert_ptr_null(suggest_result(&s));                        /* nothing offered */
	for (size_t i = 0; i < 4; i++)
		suggest_offer(&s, keys[i]);
	suggest_offer(&s, NULL);                                        /* ignored */
	ck_assert_str_eq(suggest_result(&s), "title");
	ck_assert_ptr_eq(suggest_result(&s), suggest_nearest("titel", keys, 4));
}
END_TEST

Suite *make_suite_suggest(void)
{
	Suite *s = suite_create("suggest");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, distances);
	tcase_add_test(tc, nearest);
	tcase_add_test(tc, offered_one_by_one);
	suite_add_tcase(s, tc);
	return s;
}
