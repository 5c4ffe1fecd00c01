/* check_units.c - sizes, durations and rates. */
#include "config.h"

#include <check.h>
#include <math.h>

#include "suites.h"
#include "units.h"

START_TEST(size_suffixes)
{
	uint64_t v;
	ck_assert_int_eq(units_parse_size("10MiB", &v), 0);
	ck_assert_uint_eq(v, 10485760);
	ck_assert_int_eq(units_parse_size("4096", &v), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(units_parse_size("512B", &v), 0);
	ck_assert_uint_eq(v, 512);
	ck_assert_int_eq(units_parse_size("1K", &v), 0);
	ck_assert_uint_eq(v, 1000);
	ck_assert_int_eq(units_parse_size("2GiB", &v), 0);
	ck_assert_uint_eq(v, 2147483648u);
	ck_assert_int_eq(units_parse_size("1 MiB", &v), 0);
	ck_assert_uint_eq(v, 1048576);
}
END_TEST

START_TEST(size_rejects)
{
	uint64_t v = 7;
	ck_assert_int_eq(units_parse_size("", &v), -1);
	ck_assert_int_eq(units_parse_size("-1", &v), -1);
	ck_assert_int_eq(units_parse_size(" 1", &v), -1);
	ck_assert_int_eq(units_parse_size("1.5MiB", &v), -1);
	ck_assert_int_eq(units_parse_size("10 furlongs", &v), -1);
	ck_assert_int_eq(units_parse_size("18446744073709551616", &v), -1);
	ck_assert_int_eq(units_parse_size("20000000000000TiB", &v), -1);
	ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(durations)
{
	double d;
	ck_assert_int_eq(units_parse_duration("5s", &d), 0);
	ck_assert_double_eq(d, 5);
	ck_assert_int_eq(units_parse_duration("250ms", &d), 0);
	ck_assert_double_eq_tol(d, 0.25, 1e-12);
	ck_assert_int_eq(units_parse_duration("1.5", &d), 0);
	ck_assert_double_eq(d, 1.5);
	ck_assert_int_eq(units_parse_duration("2m", &d), 0);
	ck_assert_double_eq(d, 120);
	ck_assert_int_eq(units_parse_duration("-1s", &d), -1);
	ck_assert_int_eq(units_parse_duration("soon", &d), -1);
	ck_assert_int_eq(units_parse_duration("1e999", &d), -1);
}
END_TEST

START_TEST(formatting)
{
	char b[32];
	units_format_bytes(10485760, b, sizeof b);
	ck_assert_str_eq(b, "10 MiB");
	units_format_bytes(512, b, sizeof b);
	ck_assert_str_eq(b, "512 B");
	units_format_bytes(1536, b, sizeof b);
	ck_assert_str_eq(b, "1.50 KiB");
	units_format_rate(3483638, b, sizeof b);
	ck_assert_str_eq(b, "3.32 MiB/s");
	units_format_rate(26, b, sizeof b);
	ck_assert_str_eq(b, "26 B/s");
	units_format_rate(7.4e9, b, sizeof b);
	ck_assert_str_eq(b, "6.89 GiB/s");
	units_format_count(10485760, b, sizeof b);
	ck_assert_str_eq(b, "10,485,760");
	units_format_count(999, b, sizeof b);
	ck_assert_str_eq(b, "999");
	units_format_seconds(0.0015, b, sizeof b);
	ck_assert_str_eq(b, "2 ms");
	units_format_seconds(3.014, b, sizeof b);
	ck_assert_str_eq(b, "3.01 s");
}
END_TEST

START_TEST(log_scale)
{
	/* the lecture: 26 B/s is log rate 3.26 */
	ck_assert_double_eq_tol(units_log_rate(26), 3.258, 0.001);
	ck_assert_double_eq_tol(units_log_rate(3483638), 15.06, 0.01);
	ck_assert_double_eq(units_log_rate(0), 0);
	/* 1 B/s .. 10 GB/s over 11 columns: one column per decade */
	ck_assert_int_eq(units_log_position(1e5, 1, 1e10, 11), 5);
	ck_assert_int_eq(units_log_position(1e10, 1, 1e10, 11), 10);
	ck_assert_int_eq(units_log_position(1e12, 1, 1e10, 11), 10);
	ck_assert_int_eq(units_log_position(0.5, 1, 1e10, 11), 0);
}
END_TEST

Suite *make_suite_units(void)
{
	Suite *s = suite_create("units");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, size_suffixes);
	tcase_add_test(tc, size_rejects);
	tcase_add_test(tc, durations);
	tcase_add_test(tc, formatting);
	tcase_add_test(tc, log_scale);
	suite_add_tcase(s, tc);
	return s;
}
