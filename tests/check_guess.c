/* check_guess.c - the guess a student types before a run (guess.h): every
 * spelling of a rate and a log rate, the bounds, the exact messages, and
 * the miss in log-rate units. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "guess.h"
#include "units.h"
#include "suites.h"

START_TEST(rates)
{
	static const struct { const char *text; double rate; } ok[] = {
		{"3MB/s", 3e6}, {"3 MB/s", 3e6}, {"3M", 3e6}, {"3m", 3e6}, {"3mb/s", 3e6},
		{"  3 M /s ", 3e6}, {"500k", 5e5}, {"500K/s", 5e5}, {"500 kB", 5e5},
		{"2.5GB/s", 2.5e9}, {"1T", 1e12}, {"800", 800}, {"800 B/s", 800}, {"800B", 800},
		{"800/s", 800}, {"3MiB/s", 3145728}, {"3 MiB", 3145728}, {"64KiB/s", 65536},
		{"1GiB", 1073741824.0}, {"1 TiB/s", 1099511627776.0}, {".5k", 500}, {"7.", 7},
		{"1", 1}, {"1000TB/s", 1e15},
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		double r = -1;
		char msg[256] = "";
		ck_assert_msg(guess_parse(ok[i].text, &r, msg, sizeof msg) == 0, "'%s': %s", ok[i].text, msg);
		ck_assert_msg(r == ok[i].rate, "'%s': %.17g, expected %.17g", ok[i].text, r, ok[i].rate);
	}
}
END_TEST

/* A guess is echoed in the unit it was typed in: "1MB/s" is "1 MB/s",
 * never "977 KiB/s"; a log rate in the lab's decimal units. */
START_TEST(echoes)
{
	static const struct { const char *text, *want; } cases[] = {
		{"1MB/s", "1 MB/s"}, {"3 mb/s", "3 MB/s"}, {"500k", "500 kB/s"}, {"2.5G", "2.5 GB/s"},
		{"3MiB/s", "3 MiB/s"}, {"64 KiB", "64 KiB/s"}, {"800", "800 B/s"}, {"800b", "800 B/s"},
		{"1T/s", "1 TB/s"}, {"ln 15.1", "3.61 MB/s"}, {"ln 7.863", "2.6 kB/s"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		double r;
		char msg[256], shown[32];
		ck_assert_int_eq(guess_parse(cases[i].text, &r, msg, sizeof msg), 0);
		units_format_rate_typed(r, cases[i].text, shown, sizeof shown);
		ck_assert_msg(strcmp(shown, cases[i].want) == 0, "'%s': '%s', want '%s'",
		              cases[i].text, shown, cases[i].want);
	}
}
END_TEST

START_TEST(log_rates)
{
	double r;
	char msg[256];
	ck_assert_int_eq(guess_parse("ln 15.1", &r, msg, sizeof msg), 0);
	ck_assert_double_eq_tol(r, exp(15.1), 1e-6);
	ck_assert_int_eq(guess_parse("LN15.1 ", &r, msg, sizeof msg), 0);
	ck_assert_double_eq_tol(r, exp(15.1), 1e-6);
	ck_assert_int_eq(guess_parse("ln 0", &r, msg, sizeof msg), 0);
	ck_assert_double_eq(r, 1);
	ck_assert_int_eq(guess_parse("ln 34.5", &r, msg, sizeof msg), 0);
}
END_TEST

START_TEST(mistakes)
{
	static const struct { const char *text, *msg; } bad[] = {
		{"", "type a rate, such as 3MB/s, 500k or 3 MiB/s, or a log rate, such as ln 15.1"},
		{"   ", "type a rate, such as 3MB/s, 500k or 3 MiB/s, or a log rate, such as ln 15.1"},
		{"fast", "'fast' is not a rate: write a number and a unit, such as 3MB/s, 500k or "
		         "3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"3 parsecs", "'3 parsecs' is not a rate: write a number and a unit, such as 3MB/s, "
		              "500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"3MIB/s", "'3MIB/s' is not a rate: write a number and a unit, such as 3MB/s, "
		           "500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"-3M", "'-3M' is not a rate: write a number and a unit, such as 3MB/s, "
		        "500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"1e6", "'1e6' is not a rate: write a number and a unit, such as 3MB/s, "
		        "500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"1.2.3M", "'1.2.3M' is not a rate: write a number and a unit, such as 3MB/s, "
		           "500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln and a log rate"},
		{"ln", "'ln' is not a log rate: write ln and a number, such as ln 15.1"},
		{"ln fifteen", "'ln fifteen' is not a log rate: write ln and a number, such as ln 15.1"},
		{"ln -2", "'ln -2' is not a log rate: write ln and a number, such as ln 15.1"},
		{"0", "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)"},
		{"0.5", "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)"},
		{"2000T", "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)"},
		{"ln 35", "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)"},
		{"ln 99999", "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		double r = 42;
		char msg[256];
		ck_assert_msg(guess_parse(bad[i].text, &r, msg, sizeof msg) == -1, "'%s' accepted", bad[i].text);
		ck_assert_str_eq(msg, bad[i].msg);
		ck_assert_double_eq(r, 42);      /* untouched */
	}
}
END_TEST

START_TEST(misses)
{
	ck_assert_double_eq_tol(guess_miss(3e6, 3e6), 0, 1e-12);
	ck_assert_double_eq_tol(guess_miss(exp(15.0), exp(16.0)), 1, 1e-9);
	ck_assert_double_eq_tol(guess_miss(exp(17.0), exp(16.0)), 1, 1e-9);
	ck_assert(isnan(guess_miss(0, 5)));
	ck_assert(isnan(guess_miss(5, NAN)));
	ck_assert(isnan(guess_miss(NAN, 5)));
}
END_TEST

Suite *make_suite_guess(void)
{
	Suite *s = suite_create("guess");
	TCase *tc = tcase_create("guess");
	tcase_add_test(tc, rates);
	tcase_add_test(tc, log_rates);
	tcase_add_test(tc, echoes);
	tcase_add_test(tc, mistakes);
	tcase_add_test(tc, misses);
	suite_add_tcase(s, tc);
	return s;
}
