/* check_units.c - sizes, durations and rates. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

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
	/* what the message says, nothing strtod would add */
	ck_assert_int_eq(units_parse_duration("1h", &d), 0);
	ck_assert_double_eq(d, 3600);
	ck_assert_int_eq(units_parse_duration("100ns", &d), 0);
	ck_assert_double_eq(d, 100e-9);
	ck_assert_int_eq(units_parse_duration(".5s", &d), 0);
	ck_assert_double_eq(d, 0.5);
	ck_assert_int_eq(units_parse_duration("2.min", &d), 0);
	ck_assert_double_eq(d, 120);
	const char *bad[] = {"0x10s", "0x10", "1e-30", "2e-40s", "1E3", "inf", "nan", "+1s", " 1s",
	                     "1 s", ".", "s", "", "1.2.3s", "1hs", "1sec"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(units_parse_duration(bad[i], &d) == -1, "'%s' was accepted", bad[i]);
	/* one resolution, a nanosecond: below half of one is no duration, and
	 * anything else is rounded to whole nanoseconds */
	ck_assert_int_eq(units_parse_duration("0.0000000004s", &d), -2);
	ck_assert_int_eq(units_parse_duration("0.0000000016", &d), 0);
	ck_assert_double_eq(d, 2e-9);
	ck_assert_int_eq(units_parse_duration("0.30000000000000004s", &d), 0);
	ck_assert_double_eq(d, 0.3);
	ck_assert_int_eq(units_parse_duration("0", &d), 0);
	ck_assert_double_eq(d, 0);
	ck_assert_int_eq(units_parse_duration("1000000001", &d), -1);     /* over 31 years */
}
END_TEST

/* Every figure's width is bounded, whatever a notebook holds. */
START_TEST(bounded_figures)
{
	char b[64];
	units_format_rate(1e308, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
	units_format_rate(999999e15, b, sizeof b);
	ck_assert_str_eq(b, "999999 PB/s");
	units_format_rate(1e21, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
	units_format_rate(INFINITY, b, sizeof b);
	ck_assert_str_eq(b, "-");
	units_format_bytes(1125899906842624.0 * 1024, b, sizeof b);    /* the largest unit goes on */
	ck_assert_str_eq(b, "1024 PiB");
	units_format_bytes(1e40, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
	units_format_bytes(NAN, b, sizeof b);
	ck_assert_str_eq(b, "-");
	units_format_fixed(14.5149, 2, b, sizeof b);
	ck_assert_str_eq(b, "14.51");
	units_format_fixed(-0.004, 2, b, sizeof b);
	ck_assert_str_eq(b, "-0.00");
	units_format_fixed(1e308, 2, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
	units_format_fixed(-1e7, 2, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
	units_format_fixed(INFINITY, 2, b, sizeof b);
	ck_assert_str_eq(b, "-");
	units_format_fixed(NAN, 1, b, sizeof b);
	ck_assert_str_eq(b, "-");
	units_format_fixed(-UNITS_FIXED_MAX, 3, b, sizeof b);
	ck_assert_uint_le(strlen(b), UNITS_FIXED_WIDTH);
	units_format_seconds(1e300, 0, b, sizeof b);
	ck_assert_str_eq(b, "off scale");
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
	ck_assert_str_eq(b, "3.48 MB/s");
	units_format_rate(26, b, sizeof b);
	ck_assert_str_eq(b, "26 B/s");
	units_format_rate(7.4e9, b, sizeof b);
	ck_assert_str_eq(b, "7.4 GB/s");
	units_format_count(10485760, b, sizeof b);
	ck_assert_str_eq(b, "10,485,760");
	units_format_count(999, b, sizeof b);
	ck_assert_str_eq(b, "999");
	units_format_seconds(0.0015, 1, b, sizeof b);
	ck_assert_str_eq(b, "2 ms");
	units_format_seconds(3.014, 1, b, sizeof b);
	ck_assert_str_eq(b, "3.01 s");
}
END_TEST

/* Rounding never makes a fourth digit or 1024 of a unit. */
START_TEST(bytes_rounding)
{
	char b[32];
	units_format_bytes(1048575.9, b, sizeof b);          /* 1023.99 KiB */
	ck_assert_str_eq(b, "1.00 MiB");
	units_format_bytes(1047552, b, sizeof b);            /* 1023 KiB exactly */
	ck_assert_str_eq(b, "1023 KiB");
	units_format_bytes(10239, b, sizeof b);              /* 9.999 KiB */
	ck_assert_str_eq(b, "10.0 KiB");
	units_format_bytes(102390, b, sizeof b);             /* 99.99 KiB */
	ck_assert_str_eq(b, "100 KiB");
	units_format_bytes(0, b, sizeof b);
	ck_assert_str_eq(b, "0 B");
	units_format_rate(1073741823.0, b, sizeof b);
	ck_assert_str_eq(b, "1.07 GB/s");
	units_format_rate(-1, b, sizeof b);
	ck_assert_str_eq(b, "-");
}
END_TEST

/* Sizes are exact: a whole binary unit, else bytes (issue 14: "next run:
 * 1.95 KiB blocks" for 2000 B). */
START_TEST(sizes_exact)
{
	char b[32];
	units_format_size(2000, b, sizeof b);
	ck_assert_str_eq(b, "2,000 B");
	units_format_size(4096, b, sizeof b);
	ck_assert_str_eq(b, "4 KiB");
	units_format_size(1048576, b, sizeof b);
	ck_assert_str_eq(b, "1 MiB");
	units_format_size(3076 * 1024, b, sizeof b);         /* 3 MiB + 4 KiB */
	ck_assert_str_eq(b, "3,076 KiB");
	units_format_size(419430, b, sizeof b);              /* 4 MiB / 10 */
	ck_assert_str_eq(b, "419,430 B");
	units_format_size(1536, b, sizeof b);
	ck_assert_str_eq(b, "1,536 B");
	units_format_size(1, b, sizeof b);
	ck_assert_str_eq(b, "1 B");
	units_format_size(0, b, sizeof b);
	ck_assert_str_eq(b, "0 B");
	units_format_size(10ull << 40, b, sizeof b);
	ck_assert_str_eq(b, "10 TiB");
}
END_TEST

/* Bytes per syscall: "1048576.0 bytes" is "1 MiB" (issue 14). */
START_TEST(bytes_per_call)
{
	char b[32];
	units_format_bytes_per(1048576.0, b, sizeof b);
	ck_assert_str_eq(b, "1 MiB");
	units_format_bytes_per(1.0, b, sizeof b);
	ck_assert_str_eq(b, "1 B");
	units_format_bytes_per(2621440.0 / 2621439.0, b, sizeof b);   /* a sample's skew */
	ck_assert_str_eq(b, "1 B");
	units_format_bytes_per(4095.5, b, sizeof b);
	ck_assert_str_eq(b, "4 KiB");
	units_format_bytes_per(2000, b, sizeof b);
	ck_assert_str_eq(b, "2,000 B");
	units_format_bytes_per(1536.7, b, sizeof b);
	ck_assert_str_eq(b, "1,537 B");
	units_format_bytes_per(1.5, b, sizeof b);
	ck_assert_str_eq(b, "1.50 B");
	units_format_bytes_per(0.25, b, sizeof b);
	ck_assert_str_eq(b, "0.25 B");
	units_format_bytes_per(NAN, b, sizeof b);
	ck_assert_str_eq(b, "-");
}
END_TEST

/* Durations: micro in UTF-8 and "us" in ASCII, zero as "0 s", never
 * "1000 us" (issue 14: "cpu user 0.0 us", "DONE in 993.8 us"). */
START_TEST(seconds_units)
{
	char b[32];
	units_format_seconds(0, 0, b, sizeof b);
	ck_assert_str_eq(b, "0 s");
	units_format_seconds(0, 1, b, sizeof b);
	ck_assert_str_eq(b, "0 s");
	units_format_seconds(993.8e-6, 0, b, sizeof b);
	ck_assert_str_eq(b, "994 \u00b5s");
	units_format_seconds(993.8e-6, 1, b, sizeof b);
	ck_assert_str_eq(b, "994 us");
	units_format_seconds(7.8e-6, 0, b, sizeof b);
	ck_assert_str_eq(b, "7.80 \u00b5s");
	units_format_seconds(45.61e-6, 1, b, sizeof b);
	ck_assert_str_eq(b, "45.6 us");
	units_format_seconds(999.7e-6, 0, b, sizeof b);
	ck_assert_str_eq(b, "1 ms");
	units_format_seconds(0.9996, 1, b, sizeof b);
	ck_assert_str_eq(b, "1.00 s");
	units_format_seconds(0.456, 1, b, sizeof b);
	ck_assert_str_eq(b, "456 ms");
	units_format_seconds(120e-9, 0, b, sizeof b);
	ck_assert_str_eq(b, "120 ns");
	units_format_seconds(-1, 1, b, sizeof b);
	ck_assert_str_eq(b, "-");
}
END_TEST

/* A sweep's R and U: three significant digits in every unit. */
START_TEST(costs)
{
	char b[32];
	units_format_cost(312e-9, 1, b, sizeof b);
	ck_assert_str_eq(b, "312 ns");
	units_format_cost(4.1e-6, 0, b, sizeof b);
	ck_assert_str_eq(b, "4.10 \u00b5s");
	units_format_cost(4.1e-6, 1, b, sizeof b);
	ck_assert_str_eq(b, "4.10 us");
	units_format_cost(159.2e-6, 1, b, sizeof b);
	ck_assert_str_eq(b, "159 us");
	units_format_cost(2.5e-3, 1, b, sizeof b);
	ck_assert_str_eq(b, "2.50 ms");
	units_format_cost(1.2, 1, b, sizeof b);
	ck_assert_str_eq(b, "1.20 s");
	units_format_cost(6.92e-9, 1, b, sizeof b);
	ck_assert_str_eq(b, "6.92 ns");
	units_format_cost(0.25e-9, 1, b, sizeof b);
	ck_assert_str_eq(b, "0.25 ns");
	units_format_cost(999.96e-9, 0, b, sizeof b);
	ck_assert_str_eq(b, "1.00 \u00b5s");
}
END_TEST

/* A trend's range: one unit when both ends share it, one rate when both
 * ends read the same (issue 14: "469-469 KiB/s"). */
START_TEST(rate_ranges)
{
	char b[64];
	units_format_rate_range(2.35e6, 4.11e6, 0, b, sizeof b);
	ck_assert_str_eq(b, "2.35\u20134.11 MB/s");
	units_format_rate_range(2.35e6, 4.11e6, 1, b, sizeof b);
	ck_assert_str_eq(b, "2.35..4.11 MB/s");
	units_format_rate_range(900e3, 1.2e6, 1, b, sizeof b);
	ck_assert_str_eq(b, "900 kB/s..1.2 MB/s");
	units_format_rate_range(469.1e3, 469.3e3, 0, b, sizeof b);
	ck_assert_str_eq(b, "469 kB/s");
}
END_TEST

/* Rates are decimal, to three significant digits with no trailing zeros:
 * the lecture's 2,600 B/s is 2.6 kB/s, never 2.54 KiB/s. */
START_TEST(rates_decimal)
{
	static const struct {
		double bps;
		const char *want;
	} cases[] = {
		{2600, "2.6 kB/s"}, {27, "27 B/s"}, {0, "0 B/s"}, {0.5, "0.5 B/s"},
		{999, "999 B/s"}, {999.6, "1 kB/s"}, {1000, "1 kB/s"}, {1234, "1.23 kB/s"},
		{99990, "100 kB/s"}, {750000, "750 kB/s"}, {999999, "1 MB/s"},
		{320e6, "320 MB/s"}, {4e9, "4 GB/s"}, {1.5e12, "1.5 TB/s"}, {2e15, "2 PB/s"},
		{2e18, "2000 PB/s"}, {-1, "-"}, {NAN, "-"}, {INFINITY, "-"},
	};
	char b[32];
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		units_format_rate(cases[i].bps, b, sizeof b);
		ck_assert_msg(strcmp(b, cases[i].want) == 0, "%g: '%s', want '%s'", cases[i].bps, b,
		              cases[i].want);
	}
}
END_TEST

/* A rate in the unit asked for, binary or decimal; an unknown unit falls
 * back to the lab's own. */
START_TEST(rates_in_unit)
{
	char b[32];
	ck_assert_int_eq(units_format_rate_in(1e6, "MB", b, sizeof b), 0);
	ck_assert_str_eq(b, "1 MB/s");
	ck_assert_int_eq(units_format_rate_in(3 * 1048576.0, "MiB", b, sizeof b), 0);
	ck_assert_str_eq(b, "3 MiB/s");
	ck_assert_int_eq(units_format_rate_in(1e6, "KiB", b, sizeof b), 0);
	ck_assert_str_eq(b, "977 KiB/s");
	ck_assert_int_eq(units_format_rate_in(2500, "kB", b, sizeof b), 0);
	ck_assert_str_eq(b, "2.5 kB/s");
	ck_assert_int_eq(units_format_rate_in(800, "B", b, sizeof b), 0);
	ck_assert_str_eq(b, "800 B/s");
	ck_assert_int_eq(units_format_rate_in(2.5e9, "parsecs", b, sizeof b), -1);
	ck_assert_str_eq(b, "2.5 GB/s");
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
	tcase_add_test(tc, bounded_figures);
	tcase_add_test(tc, formatting);
	tcase_add_test(tc, bytes_rounding);
	tcase_add_test(tc, sizes_exact);
	tcase_add_test(tc, bytes_per_call);
	tcase_add_test(tc, seconds_units);
	tcase_add_test(tc, costs);
	tcase_add_test(tc, rate_ranges);
	tcase_add_test(tc, log_scale);
	tcase_add_test(tc, rates_decimal);
	tcase_add_test(tc, rates_in_unit);
	suite_add_tcase(s, tc);
	return s;
}
