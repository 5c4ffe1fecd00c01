/* check_expect.c - lesson expectations: the check language (every token,
 * precedence, every error with its offset, the length and depth bounds,
 * hostile bytes), building an expectation from a lesson's strings (every
 * bound, tolerances, every error), the lessons it names, and evaluation
 * against a fake run: every verdict and every reason for inconclusive.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "expect.h"
#include "suggest.h"
#include "suites.h"

/* --- the caller's field table, as the loader will have one ----------------- */

static const struct {
	const char *name;
	unsigned class;
} fields[] = {
	{"size", EXPECT_FIELD_KNOWN},
	{"rate", EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED},
	{"log_rate", EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED},
	{"seconds", EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED},
	{"calls.fwrite", EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE},
	{"calls.read", EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE},
	{"syscalls.write", EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE},
	{"syscalls.read", EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE},
	{"storage.read_bytes", EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE},
	{"cache.resident_after", EXPECT_FIELD_KNOWN},
	/* as the report's field table has them: which way busyness moves them */
	{"rate.median", EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_SPEED},
	{"seconds.median", EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_DURATION},
};

static unsigned validated;                 /* calls, to see the callback used */

static unsigned field_ok(void *ctx, const char *field, const char **suggestion)
{
	(void)ctx;
	validated++;
	const char *names[COUNT(fields)];
	for (size_t i = 0; i < COUNT(fields); i++) {
		if (strcmp(fields[i].name, field) == 0)
			return fields[i].class;
		names[i] = fields[i].name;
	}
	*suggestion = suggest_nearest(field, names, COUNT(fields));
	return 0;
}

/* --- parsing ------------------------------------------------------------------ */

static double constant(const char *text)
{
	struct expect_expr *e;
	unsigned off = 99;
	char msg[200] = "";
	int rc = expect_parse_parse(text, field_ok, NULL, &e, &off, msg, sizeof msg);
	ck_assert_msg(rc == 0, "'%s': %s at %u", text, msg, off);
	ck_assert_int_eq(expect_parse_has_field(e), 0);
	double v = expect_parse_constant(e);
	ck_assert_str_eq(expect_parse_text(e), text);
	expect_parse_free(e);
	return v;
}

static void parses_field(const char *text)
{
	struct expect_expr *e;
	unsigned off;
	char msg[200] = "";
	int rc = expect_parse_parse(text, field_ok, NULL, &e, &off, msg, sizeof msg);
	ck_assert_msg(rc == 0, "'%s': %s at %u", text, msg, off);
	ck_assert_int_eq(expect_parse_has_field(e), 1);
	expect_parse_free(e);
}

static void parse_error(const char *text, unsigned offset, const char *message)
{
	struct expect_expr *e = (struct expect_expr *)1;
	unsigned off = 9999;
	char msg[200] = "";
	int rc = expect_parse_parse(text, field_ok, NULL, &e, &off, msg, sizeof msg);
	ck_assert_msg(rc == -1, "'%s' parsed", text);
	ck_assert_ptr_null(e);
	ck_assert_str_eq(msg, message);
	ck_assert_uint_eq(off, offset);
}

START_TEST(numbers)
{
	ck_assert_double_eq(constant("4096"), 4096);
	ck_assert_double_eq(constant("0.9"), 0.9);
	ck_assert_double_eq(constant(".5"), 0.5);
	ck_assert_double_eq(constant("5."), 5);
	ck_assert_double_eq(constant("1e3"), 1000);
	ck_assert_double_eq(constant("2.5E-1"), 0.25);
	ck_assert_double_eq(constant("1e+2"), 100);
	ck_assert_double_eq(constant("007"), 7);
	/* size suffixes exactly as units_parse_size (K = 1000, KiB = 1024) */
	ck_assert_double_eq(constant("4KiB"), 4096);
	ck_assert_double_eq(constant("1MiB"), 1048576);
	ck_assert_double_eq(constant("2GiB"), 2147483648.0);
	ck_assert_double_eq(constant("1TiB"), 1099511627776.0);
	ck_assert_double_eq(constant("10M"), 10000000);
	ck_assert_double_eq(constant("1K"), 1000);
	ck_assert_double_eq(constant("3G"), 3e9);
	ck_assert_double_eq(constant("2T"), 2e12);
	ck_assert_double_eq(constant("5KB"), 5000);
	ck_assert_double_eq(constant("5MB"), 5e6);
	ck_assert_double_eq(constant("5GB"), 5e9);
	ck_assert_double_eq(constant("512B"), 512);
	ck_assert_double_eq(constant(" \t 7 \n"), 7);
}
END_TEST

START_TEST(precedence)
{
	ck_assert_double_eq(constant("2+3*4"), 14);
	ck_assert_double_eq(constant("2*3+4"), 10);
	ck_assert_double_eq(constant("(2+3)*4"), 20);
	ck_assert_double_eq(constant("8/4/2"), 1);         /* left-associative */
	ck_assert_double_eq(constant("2-3-4"), -5);
	ck_assert_double_eq(constant("2-(3-4)"), 3);
	ck_assert_double_eq(constant("10 - 2 * 3 / 4"), 8.5);
	ck_assert_double_eq(constant("-2*3"), -6);
	ck_assert_double_eq(constant("2*-3"), -6);
	ck_assert_double_eq(constant("- -5"), 5);
	ck_assert_double_eq(constant("--5"), 5);
	ck_assert_double_eq(constant("-(2+3)"), -5);
	ck_assert_double_eq(constant("1 - -1"), 2);
	ck_assert_double_eq(constant("((((1))))"), 1);
	ck_assert_double_eq(constant("10485760/4096 + 16"), 2576);
	ck_assert_double_eq(constant("4KiB/4096"), 1);
}
END_TEST

START_TEST(fields_and_lessons)
{
	validated = 0;
	parses_field("rate");
	parses_field("calls.fwrite / syscalls.write");
	parses_field("log_rate - log_rate(w01-syncbyte)");
	parses_field("rate / rate ( r05-stdioblock4096 )");
	parses_field("calls.fwrite(w05-stdiobyte)");
	parses_field("storage.read_bytes / size");
	parses_field("syscalls.read - (size/4096 + 16)");
	parses_field("-rate");
	ck_assert_uint_eq(validated, 13);
	/* no validator: any well-formed field is accepted */
	struct expect_expr *e;
	unsigned off;
	char msg[200];
	ck_assert_int_eq(expect_parse_parse("any.thing_1(x-2)", NULL, NULL, &e, &off, msg, sizeof msg), 0);
	ck_assert_int_eq(expect_parse_has_field(e), 1);
	expect_parse_free(e);
	ck_assert_int_eq(expect_parse_parse(NULL, NULL, NULL, &e, NULL, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "empty expression");
}
END_TEST

START_TEST(errors)
{
	parse_error("", 0, "empty expression");
	parse_error(" \t ", 0, "empty expression");
	parse_error("rat", 0, "unknown field 'rat'; did you mean 'rate'?");
	parse_error("calls.fwirte", 0, "unknown field 'calls.fwirte'; did you mean 'calls.fwrite'?");
	parse_error("rate + xyzzy", 7, "unknown field 'xyzzy'");
	parse_error("rate /", 5, "division needs two operands");
	parse_error("/ rate", 0, "division needs two operands");
	parse_error("rate * / 2", 5, "multiplication needs two operands");
	parse_error("rate + )", 5, "addition needs two operands");
	parse_error("(rate - )", 6, "subtraction needs two operands");
	parse_error("* 2", 0, "multiplication needs two operands");
	parse_error("(+ 2)", 1, "addition needs two operands");
	parse_error("(rate", 0, "unbalanced '('");
	parse_error("((rate) + 1", 0, "unbalanced '('");
	parse_error("rate)", 4, "unbalanced ')'");
	parse_error(")", 0, "unbalanced ')'");
	parse_error("(1))", 3, "unbalanced ')'");
	parse_error("()", 0, "empty parentheses");
	parse_error("rate * ( )", 7, "empty parentheses");
	parse_error("-", 1, "expected a field, a number or '('");
	parse_error("(", 1, "expected a field, a number or '('");
	parse_error("rate * (-)", 9, "expected a field, a number or '('");
	parse_error("rate rate", 5, "expected an operator (+ - * /) before 'rate'");
	parse_error("2 3", 2, "expected an operator (+ - * /) before '3'");
	parse_error("2 (3)", 2, "expected an operator (+ - * /) before '('");
	parse_error("(2)(3)", 3, "expected an operator (+ - * /) before '('");
	parse_error("4 KiB", 2, "a size suffix goes right after its number: '4KiB'");
	parse_error("4 size", 2, "expected an operator (+ - * /) before 'size'");
	parse_error("log_rate()", 9, "lesson id expected inside log_rate(...)");
	parse_error("log_rate(W01)", 9, "lesson id expected inside log_rate(...)");
	parse_error("log_rate(", 9, "lesson id expected inside log_rate(...)");
	parse_error("rate(w01", 8, "expected ')' after lesson id 'w01'");
	parse_error("rate( w01 x)", 10, "expected ')' after lesson id 'w01'");
	parse_error("rate(w01(x))", 8, "expected ')' after lesson id 'w01'");
	parse_error("rat(w01)", 0, "unknown field 'rat'; did you mean 'rate'?");
	parse_error("calls.", 6, "expected a name after '.'");
	parse_error("calls..fwrite", 6, "expected a name after '.'");
	parse_error("calls.1", 6, "expected a name after '.'");
	parse_error("1e", 0, "malformed number '1e'");
	parse_error("2 * 1e+", 4, "malformed number '1e+'");
	parse_error("1.2.3", 0, "malformed number '1.2.3'");
	parse_error("1.5MiB", 0, "a size suffix needs a whole number: '1.5MiB'");
	parse_error("1e3K", 0, "a size suffix needs a whole number: '1e3K'");
	parse_error("4kib", 1, "unknown size suffix 'kib'; did you mean 'KiB'?");
	parse_error("4KIB", 1, "unknown size suffix 'KIB'; did you mean 'KiB'?");
	parse_error("4k", 1, "unknown size suffix 'k'; did you mean 'K'?");
	parse_error("4mb", 1, "unknown size suffix 'mb'; did you mean 'MB'?");
	parse_error("10furlongs", 2, "unknown size suffix 'furlongs'");
	parse_error("4Ki", 1, "unknown size suffix 'Ki'");
	parse_error("20000000000000TiB", 0, "number out of range '20000000000000TiB'");
	parse_error("99999999999999999999K", 0, "number out of range '99999999999999999999K'");
	parse_error("1e999", 0, "number out of range '1e999'");
	parse_error("rate % 2", 5, "unexpected character '%'");
	parse_error("rate, 2", 4, "unexpected character ','");
	parse_error(".", 0, "unexpected character '.'");
	parse_error("rate \xc3\x97 2", 5, "unexpected byte 0xc3 (a check is plain ASCII)");
	parse_error("rate\x01", 4, "unexpected byte 0x01 (a check is plain ASCII)");
	parse_error("rate / 0", 5, "division by zero");
	parse_error("rate / (2 - 2)", 5, "division by zero");
	parse_error("rate / -0", 5, "division by zero");
	parse_error("1e300 * 1e300 + rate", 6, "result out of range");
}
END_TEST

static char *repeat(const char *unit, size_t n, const char *middle, const char *tail_unit)
{
	size_t lu = strlen(unit), lm = strlen(middle), lt = strlen(tail_unit);
	char *s = malloc(n * (lu + lt) + lm + 1), *p = s;
	for (size_t i = 0; i < n; i++, p += lu)
		memcpy(p, unit, lu);
	memcpy(p, middle, lm);
	p += lm;
	for (size_t i = 0; i < n; i++, p += lt)
		memcpy(p, tail_unit, lt);
	*p = '\0';
	return s;
}

START_TEST(bounds_on_input)
{
	/* 32 levels parse; the 33rd '(' is refused where it stands */
	char *ok = repeat("(", EXPECT_DEPTH_MAX, "1", ")");
	ck_assert_double_eq(constant(ok), 1);
	free(ok);
	char *deep = repeat("(", EXPECT_DEPTH_MAX + 1, "1", ")");
	parse_error(deep, 32, "nesting deeper than 32 levels");
	free(deep);
	/* 10,000 deep: refused by length, never recursed into */
	char *huge = repeat("(", 10000, "", "");
	parse_error(huge, 256, "expression longer than 256 bytes");
	free(huge);
	char *long1 = repeat("1", EXPECT_TEXT_MAX + 1, "", "");
	parse_error(long1, 256, "expression longer than 256 bytes");
	free(long1);
	/* exactly 256 bytes: 129 numbers and 127 operators, all nodes fit */
	char full[EXPECT_TEXT_MAX + 1] = "11";
	for (int i = 0; i < 127; i++)
		strcat(full, "+1");
	ck_assert_uint_eq(strlen(full), 256);
	ck_assert_double_eq(constant(full), 11 + 127);
	/* 255 minus signs: built iteratively, not by recursion */
	char *minus = repeat("-", 255, "1", "");
	ck_assert_double_eq(constant(minus), -1);
	free(minus);
	/* a buffer with no NUL in its first 257 bytes is never read further */
	char *unterminated = malloc(EXPECT_TEXT_MAX + 1);
	memset(unterminated, '(', EXPECT_TEXT_MAX + 1);
	struct expect_expr *e;
	unsigned off;
	char msg[200];
	ck_assert_int_eq(expect_parse_parse(unterminated, NULL, NULL, &e, &off, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expression longer than 256 bytes");
	free(unterminated);
}
END_TEST

/* Every prefix of tricky texts and many random strings: each parses or
 * fails with an offset inside the string (ASan and valgrind watch reads). */
START_TEST(hostile_strings)
{
	static const char *const seeds[] = {
		"log_rate - log_rate(w01-syncbyte)", "(1e+5 * 4KiB) / -(rate(a-b) - .5)",
		"calls.fwrite / syscalls.write", "20000000000000TiB", "rate( w01 x)",
	};
	static const char alphabet[] = "()+-*/.eE0149KiMB %_ratecls(w01-)\xc3\t";
	char buf[64];
	struct expect_expr *e;
	unsigned off;
	char msg[200];
	for (size_t s = 0; s < COUNT(seeds); s++)
		for (size_t n = 0; n <= strlen(seeds[s]); n++) {
			snprintf(buf, sizeof buf, "%.*s", (int)n, seeds[s]);
			if (expect_parse_parse(buf, NULL, NULL, &e, &off, msg, sizeof msg) == 0)
				expect_parse_free(e);
			else
				ck_assert_uint_le(off, n);
		}
	unsigned seed = 12;
	for (int i = 0; i < 20000; i++) {
		size_t n = (size_t)rand_r(&seed) % 40;
		for (size_t k = 0; k < n; k++)
			buf[k] = alphabet[(size_t)rand_r(&seed) % (sizeof alphabet - 1)];
		buf[n] = '\0';
		if (expect_parse_parse(buf, field_ok, NULL, &e, &off, msg, sizeof msg) == 0)
			expect_parse_free(e);
		else
			ck_assert_uint_le(off, n);
	}
}
END_TEST

/* --- building ------------------------------------------------------------------- */

static void build_ok(struct expectation *x, struct expect_spec sp)
{
	struct expect_diag d;
	int rc = expect_build(&sp, field_ok, NULL, x, &d);
	ck_assert_msg(rc == 0, "%s: %s at %u", expect_key_name(d.key), d.message, d.offset);
}

static void build_error(struct expect_spec sp, enum expect_key key, unsigned offset, const char *message)
{
	struct expectation x;
	struct expect_diag d;
	ck_assert_int_eq(expect_build(&sp, field_ok, NULL, &x, &d), -1);
	ck_assert_str_eq(d.message, message);
	ck_assert_int_eq(d.key, key);
	ck_assert_uint_eq(d.offset, offset);
	/* nothing left behind */
	ck_assert_ptr_null(x.claim);
	ck_assert_ptr_null(x.check);
	ck_assert_ptr_null(x.bound[0]);
	ck_assert_ptr_null(x.bound[1]);
}

static void described(const struct expectation *x, const char *want)
{
	char buf[300];
	expect_describe_bound(x, NULL, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

START_TEST(build_the_contract_examples)
{
	struct expectation x;
	build_ok(&x, (struct expect_spec){
		.claim = "one write() for every 4096 fwrite() calls",
		.check = "calls.fwrite / syscalls.write", .near = "4096", .tolerance = "1%"});
	ck_assert_str_eq(x.claim, "one write() for every 4096 fwrite() calls");
	ck_assert_str_eq(expect_parse_text(x.check), "calls.fwrite / syscalls.write");
	ck_assert_int_eq(x.kind, EXPECT_NEAR);
	ck_assert_int_eq(x.relative, 1);
	ck_assert_double_eq(x.tolerance, 0.01);
	ck_assert_int_eq(x.tolerance_given, 1);
	ck_assert_int_eq(x.whole_file, EXPECT_WHOLE_AUTO);
	ck_assert_ptr_null(x.bound[1]);
	described(&x, "near 4096 \u00b1 1%");
	expect_free(&x);
	ck_assert_ptr_null(x.claim);

	build_ok(&x, (struct expect_spec){
		.claim = "at least 5 log units faster than w01",
		.check = "log_rate - log_rate(w01-syncbyte)", .at_least = "5"});
	ck_assert_int_eq(x.kind, EXPECT_AT_LEAST);
	described(&x, "at least 5");
	expect_free(&x);
}
END_TEST

START_TEST(build_every_bound)
{
	struct expectation x;
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "syscalls.read",
	                                  .at_most = "size/4096 + 16"});
	ck_assert_int_eq(x.kind, EXPECT_AT_MOST);
	described(&x, "at most size/4096 + 16");
	expect_free(&x);

	const char *const between[] = {"0.9", "1.1"};
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate / rate(r05-stdioblock4096)",
	                                  .between = between, .nbetween = 2});
	ck_assert_int_eq(x.kind, EXPECT_BETWEEN);
	described(&x, "between 0.9 and 1.1");
	expect_free(&x);

	const char *const moving[] = {"rate(w01)", "2 * rate(w01)"};
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .between = moving, .nbetween = 2});
	described(&x, "between rate(w01) and 2 * rate(w01)");
	expect_free(&x);

	/* near without tolerance: 10%, relative */
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .near = "4096"});
	ck_assert_int_eq(x.tolerance_given, 0);
	ck_assert_int_eq(x.relative, 1);
	ck_assert_double_eq(x.tolerance, EXPECT_TOLERANCE_DEFAULT);
	described(&x, "near 4096 \u00b1 10%");
	expect_free(&x);

	static const struct {
		const char *tolerance;
		int relative;
		double amount;
		const char *words;
	} tolerances[] = {
		{"16", 0, 16, "near 4KiB \u00b1 16"},
		{"0.5%", 1, 0.005, "near 4KiB \u00b1 0.5%"},
		{"2 %", 1, 0.02, "near 4KiB \u00b1 2%"},
		{"4KiB", 0, 4096, "near 4KiB \u00b1 4096"},
		{"0", 0, 0, "near 4KiB \u00b1 0"},
		{"0%", 1, 0, "near 4KiB \u00b1 0%"},
		{"99.5%", 1, 0.995, "near 4KiB \u00b1 99.5%"},
	};
	for (size_t i = 0; i < COUNT(tolerances); i++) {
		build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .near = "4KiB",
		                                  .tolerance = tolerances[i].tolerance});
		ck_assert_int_eq(x.relative, tolerances[i].relative);
		ck_assert_double_eq_tol(x.tolerance, tolerances[i].amount, 1e-12);
		described(&x, tolerances[i].words);
		expect_free(&x);
	}

	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .at_least = "1", .whole_file = "true"});
	ck_assert_int_eq(x.whole_file, EXPECT_WHOLE_YES);
	expect_free(&x);
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .at_least = "1", .whole_file = "false"});
	ck_assert_int_eq(x.whole_file, EXPECT_WHOLE_NO);
	expect_free(&x);
}
END_TEST

START_TEST(build_errors)
{
	const char *const one[] = {"1"}, *const reversed[] = {"1.1", "0.9"},
	                  *const broken[] = {"0.9", "1.1 +"}, *const badlow[] = {"rat", "1"};
	build_error((struct expect_spec){.check = "rate", .at_least = "1"},
	            EXPECT_KEY_ITEM, 0, "missing 'claim'");
	build_error((struct expect_spec){.claim = " \t", .check = "rate", .at_least = "1"},
	            EXPECT_KEY_CLAIM, 0, "the claim is empty");
	build_error((struct expect_spec){.claim = "c", .at_least = "1"},
	            EXPECT_KEY_ITEM, 0, "missing 'check'");
	build_error((struct expect_spec){.claim = "c", .check = "2 * rat", .at_least = "1"},
	            EXPECT_KEY_CHECK, 4, "unknown field 'rat'; did you mean 'rate'?");
	build_error((struct expect_spec){.claim = "c", .check = "4096 / 2", .at_least = "1"},
	            EXPECT_KEY_CHECK, 0, "the check names no field, so its verdict could never change");
	build_error((struct expect_spec){.claim = "c", .check = "rate"},
	            EXPECT_KEY_ITEM, 0, "no bound: give one of near, at_least, at_most, between");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .at_most = "2"},
	            EXPECT_KEY_AT_MOST, 0, "only one bound per check: 'near' and 'at_most' both given");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .at_least = "1", .between = one, .nbetween = 1},
	            EXPECT_KEY_BETWEEN, 0, "only one bound per check: 'at_least' and 'between' both given");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .between = one, .nbetween = 1},
	            EXPECT_KEY_BETWEEN, 0, "between needs two values, [low, high]; 1 given");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .between = one, .nbetween = 0},
	            EXPECT_KEY_BETWEEN, 0, "between needs two values, [low, high]; 0 given");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .between = reversed, .nbetween = 2},
	            EXPECT_KEY_BETWEEN, 0, "between needs the low value first: 1.1 is above 0.9");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .between = broken, .nbetween = 2},
	            EXPECT_KEY_BETWEEN_HIGH, 4, "addition needs two operands");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .between = badlow, .nbetween = 2},
	            EXPECT_KEY_BETWEEN_LOW, 0, "unknown field 'rat'; did you mean 'rate'?");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .at_least = "rate("},
	            EXPECT_KEY_AT_LEAST, 5, "lesson id expected inside rate(...)");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .at_most = "1 +"},
	            EXPECT_KEY_AT_MOST, 2, "addition needs two operands");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "4096 4096"},
	            EXPECT_KEY_NEAR, 5, "expected an operator (+ - * /) before '4096'");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .at_least = "1", .tolerance = "1%"},
	            EXPECT_KEY_TOLERANCE, 0, "tolerance goes with near, not with at_least");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = "-1%"},
	            EXPECT_KEY_TOLERANCE, 0, "tolerance cannot be negative");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = "100%"},
	            EXPECT_KEY_TOLERANCE, 0, "a relative tolerance must be below 100%");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = "rate"},
	            EXPECT_KEY_TOLERANCE, 0, "tolerance is a number or a percentage (1%, 16)");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = "1%%"},
	            EXPECT_KEY_TOLERANCE, 1, "unexpected character '%'");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = "%"},
	            EXPECT_KEY_TOLERANCE, 0, "empty expression");
	char *long_tolerance = repeat("1", EXPECT_TEXT_MAX + 1, "", "");
	build_error((struct expect_spec){.claim = "c", .check = "rate", .near = "1", .tolerance = long_tolerance},
	            EXPECT_KEY_TOLERANCE, 256, "tolerance longer than 256 bytes");
	free(long_tolerance);
	build_error((struct expect_spec){.claim = "c", .check = "rate", .at_least = "1", .whole_file = "yes"},
	            EXPECT_KEY_WHOLE_FILE, 0, "whole_file is true or false, not 'yes'");
	ck_assert_str_eq(expect_key_name(EXPECT_KEY_AT_LEAST), "at_least");
	ck_assert_str_eq(expect_key_name(EXPECT_KEY_BETWEEN_HIGH), "between");
	ck_assert_str_eq(expect_key_name(EXPECT_KEY_WHOLE_FILE), "whole_file");
}
END_TEST

START_TEST(lessons_named)
{
	struct expectation x;
	struct expect_ref r[4];
	const char *const between[] = {"rate(w02) * 0", "rate(w03-x) + rate(w01-syncbyte)"};
	build_ok(&x, (struct expect_spec){.claim = "c",
		.check = "log_rate - log_rate(w01-syncbyte) + rate(w01-syncbyte)",
		.between = between, .nbetween = 2});
	ck_assert_uint_eq(expect_lessons(&x, r, COUNT(r)), 3);
	ck_assert_str_eq(r[0].lesson, "w01-syncbyte");
	ck_assert_int_eq(r[0].key, EXPECT_KEY_CHECK);
	ck_assert_uint_eq(r[0].offset, 20);
	ck_assert_str_eq(r[1].lesson, "w02");
	ck_assert_int_eq(r[1].key, EXPECT_KEY_BETWEEN_LOW);
	ck_assert_uint_eq(r[1].offset, 5);
	ck_assert_str_eq(r[2].lesson, "w03-x");
	ck_assert_int_eq(r[2].key, EXPECT_KEY_BETWEEN_HIGH);
	ck_assert_uint_eq(r[2].offset, 5);
	/* a short array: the count still says how many */
	struct expect_ref one[1];
	ck_assert_uint_eq(expect_lessons(&x, one, 1), 3);
	ck_assert_str_eq(one[0].lesson, "w01-syncbyte");
	ck_assert_uint_eq(expect_lessons(&x, NULL, 0), 3);
	expect_free(&x);

	build_ok(&x, (struct expect_spec){.claim = "c", .check = "syscalls.read", .at_most = "rate(r05)"});
	ck_assert_uint_eq(expect_lessons(&x, r, COUNT(r)), 1);
	ck_assert_int_eq(r[0].key, EXPECT_KEY_AT_MOST);
	expect_free(&x);
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "syscalls.read", .near = "size / 4096"});
	ck_assert_uint_eq(expect_lessons(&x, r, COUNT(r)), 0);
	expect_free(&x);
}
END_TEST

START_TEST(whole_file_inferred)
{
	static const struct {
		const char *check, *whole;
		int needs;
	} cases[] = {
		{"calls.fwrite / syscalls.write", NULL, 1},
		{"rate", NULL, 0},
		{"rate / size", NULL, 0},
		{"rate", "true", 1},
		{"syscalls.write", "false", 0},
		{"log_rate - log_rate(w01)", NULL, 0},
		{"rate - syscalls.read(w01)", NULL, 1},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		struct expectation x;
		build_ok(&x, (struct expect_spec){.claim = "c", .check = cases[i].check, .at_least = "0",
		                                  .whole_file = cases[i].whole});
		ck_assert_msg(expect_needs_whole_file(&x) == cases[i].needs, "%s", cases[i].check);
		expect_free(&x);
	}
}
END_TEST

/* --- evaluation against a fake run -------------------------------------------- */

struct row {
	const char *lesson;           /* NULL: the expectation's own lesson */
	const char *field;
	enum expect_found found;
	double median, min, max;
};

struct ran {
	const char *lesson;
	unsigned conditions;
};

struct world {
	const struct row *rows;
	size_t nrows;
	const struct ran *runs;
	size_t nruns;
	unsigned lookups;
};

static int same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static enum expect_found lookup(void *ctx, const char *lesson, const char *field,
                                enum expect_which which, double *out)
{
	struct world *w = ctx;
	w->lookups++;
	int lesson_ran = 0;
	for (size_t i = 0; i < w->nrows; i++) {
		const struct row *r = &w->rows[i];
		if (!same(r->lesson, lesson))
			continue;
		lesson_ran = 1;
		if (strcmp(r->field, field) != 0)
			continue;
		if (r->found == EXPECT_FOUND)
			*out = which == EXPECT_MEDIAN ? r->median : which == EXPECT_MIN ? r->min : r->max;
		return r->found;
	}
	ck_assert_msg(!lesson_ran, "the fake run has no row for %s of %s", field, lesson ? lesson : "self");
	return EXPECT_NO_LESSON;
}

static unsigned conditions(void *ctx, const char *lesson)
{
	struct world *w = ctx;
	for (size_t i = 0; i < w->nruns; i++)
		if (same(w->runs[i].lesson, lesson))
			return w->runs[i].conditions;
	return 0;
}

/* The run most tests see: a 10 MiB stdio write with 4 KiB buffer, beside
 * w01-syncbyte. */
static const struct row base_rows[] = {
	{NULL, "size", EXPECT_FOUND, 10485760, 10485760, 10485760},
	{NULL, "calls.fwrite", EXPECT_FOUND, 10485760, 10485760, 10485760},
	{NULL, "syscalls.write", EXPECT_FOUND, 2560, 2560, 2560},
	{NULL, "rate", EXPECT_FOUND, 100, 95, 105},
	{NULL, "log_rate", EXPECT_FOUND, 10, 9.9, 10.1},
	{NULL, "storage.read_bytes", EXPECT_NULL, 0, 0, 0},
	{NULL, "cache.resident_after", EXPECT_FOUND, NAN, NAN, NAN},
	{NULL, "calls.read", EXPECT_FOUND, 2560, 2560, 2560},
	{NULL, "syscalls.read", EXPECT_FOUND, 2, 0, 3},
	{NULL, "seconds", EXPECT_FOUND, 7, 8, 9},     /* min, max off the median */
	{"w01-syncbyte", "log_rate", EXPECT_FOUND, 4, 3.9, 4.2},
	{"w01-syncbyte", "rate", EXPECT_FOUND, 50, 40, 60},
	{"w01-syncbyte", "storage.read_bytes", EXPECT_NULL, 0, 0, 0},
	{"w02-syncblock", "syscalls.write", EXPECT_FOUND, 800, 700, 900},
	{"w03-zero", "syscalls.read", EXPECT_FOUND, 0, 0, 0},
	{NULL, "rate.median", EXPECT_FOUND, 100, 95, 105},
	{NULL, "seconds.median", EXPECT_FOUND, 7, 6, 8},
	{"ref-stdio", "rate.median", EXPECT_FOUND, 1000, 900, 1100},
	/* a kernel that does not count run-queue time: the older busy rule */
	{NULL, "time.cpu_wait", EXPECT_NULL, 0, 0, 0},
	{NULL, "time.wall", EXPECT_NULL, 0, 0, 0},
	{"ref-stdio", "time.cpu_wait", EXPECT_NULL, 0, 0, 0},
	{"ref-stdio", "time.wall", EXPECT_NULL, 0, 0, 0},
	{"w01-syncbyte", "time.cpu_wait", EXPECT_NULL, 0, 0, 0},
	{"w01-syncbyte", "time.wall", EXPECT_NULL, 0, 0, 0},
};

/* The same lesson where the kernel counted its wait for a CPU: up to 1.5 s
 * of a wall time of at least 5 s, so its loop alone was at most 5 / 3.5
 * times as fast. */
static const struct row waited_rows[] = {
	{NULL, "rate.median", EXPECT_FOUND, 100, 95, 105},
	{NULL, "seconds.median", EXPECT_FOUND, 7, 6, 8},
	{NULL, "time.cpu_wait", EXPECT_FOUND, 1, 0.5, 1.5},
	{NULL, "time.wall", EXPECT_FOUND, 6, 5, 7},
};

static struct expect_outcome evaluate_in(struct expect_spec sp, const struct ran *runs, size_t nruns)
{
	struct expectation x;
	build_ok(&x, sp);
	struct world w = {base_rows, COUNT(base_rows), runs, nruns, 0};
	struct expect_source src = {.lookup = lookup, .conditions = conditions, .ctx = &w};
	struct expect_outcome o;
	memset(&o, 0x5a, sizeof o);           /* evaluate must set every field */
	expect_eval_run(&x, &src, &o);
	ck_assert_uint_gt(w.lookups, 0);
	expect_free(&x);
	return o;
}

static struct expect_outcome evaluate(struct expect_spec sp)
{
	return evaluate_in(sp, NULL, 0);
}

static void held(struct expect_outcome o)
{
	ck_assert_msg(o.verdict == EXPECT_HELD, "%s: %s", expect_verdict_name(o.verdict), o.why);
	ck_assert_int_eq(o.reason, EXPECT_WHY_NONE);
	ck_assert_str_eq(o.why, "");
	ck_assert_int_eq(o.has_value, 1);
	ck_assert_int_eq(o.has_bound, 1);
}

static void missed(struct expect_outcome o)
{
	ck_assert_msg(o.verdict == EXPECT_MISSED, "%s: %s", expect_verdict_name(o.verdict), o.why);
	ck_assert_int_eq(o.reason, EXPECT_WHY_NONE);
	ck_assert_str_eq(o.why, "");
	ck_assert_int_eq(o.has_value, 1);
}

static void inconclusive(struct expect_outcome o, enum expect_reason r, const char *why)
{
	ck_assert_msg(o.verdict == EXPECT_INCONCLUSIVE, "%s", expect_verdict_name(o.verdict));
	ck_assert_str_eq(o.why, why);
	ck_assert_int_eq(o.reason, r);
}

START_TEST(verdict_near)
{
	struct expect_outcome o = evaluate((struct expect_spec){.claim = "c",
		.check = "calls.fwrite / syscalls.write", .near = "4096", .tolerance = "1%"});
	held(o);
	ck_assert_double_eq(o.value, 4096);
	ck_assert_double_eq(o.min, 4096);
	ck_assert_double_eq(o.max, 4096);
	ck_assert_double_eq(o.bound[0], 4096);
	ck_assert_double_eq_tol(o.low, 4055.04, 1e-9);
	ck_assert_double_eq_tol(o.high, 4136.96, 1e-9);

	missed(evaluate((struct expect_spec){.claim = "c",
		.check = "calls.fwrite / syscalls.write", .near = "8KiB", .tolerance = "1%"}));
	/* absolute tolerance; the bound is inclusive */
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate", .near = "100", .tolerance = "5"}));
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate", .near = "100", .tolerance = "4"}),
	             EXPECT_WHY_STRADDLE,
	             "the trials' min-max 95 .. 105 straddles the bound (near 100 \u00b1 4)");
	/* the default 10% */
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate", .near = "100"}));
	o = evaluate((struct expect_spec){.claim = "c", .check = "rate", .near = "120"});
	missed(o);
	ck_assert_double_eq_tol(o.low, 108, 1e-9);
	ck_assert_double_eq_tol(o.high, 132, 1e-9);
	/* relative to a negative centre: still centre -+ 10% of its size */
	held(evaluate((struct expect_spec){.claim = "c", .check = "-rate", .near = "-100"}));
}
END_TEST

START_TEST(verdict_at_least_at_most)
{
	struct expect_outcome o = evaluate((struct expect_spec){.claim = "c",
		.check = "log_rate - log_rate(w01-syncbyte)", .at_least = "5"});
	held(o);
	ck_assert_double_eq(o.value, 6);
	ck_assert_double_eq_tol(o.min, 5.7, 1e-12);
	ck_assert_double_eq_tol(o.max, 6.2, 1e-12);
	ck_assert_double_eq(o.low, 5);
	ck_assert(isinf(o.high) && o.high > 0);
	missed(evaluate((struct expect_spec){.claim = "c",
		.check = "log_rate - log_rate(w01-syncbyte)", .at_least = "7"}));
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_least = "100"}),
	             EXPECT_WHY_STRADDLE, "the trials' min-max 95 .. 105 straddles the bound (at least 100)");
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_least = "95"}));

	/* the assignment's bound: an expression */
	o = evaluate((struct expect_spec){.claim = "reads in blocks", .check = "syscalls.write",
	                                   .at_most = "size/4096 + 16"});
	held(o);
	ck_assert_double_eq(o.bound[0], 2576);
	ck_assert_double_eq(o.high, 2576);
	ck_assert(isinf(o.low) && o.low < 0);
	missed(evaluate((struct expect_spec){.claim = "c", .check = "syscalls.write", .at_most = "size / 8KiB"}));
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_most = "105"}));
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_most = "100"}),
	             EXPECT_WHY_STRADDLE, "the trials' min-max 95 .. 105 straddles the bound (at most 100)");
}
END_TEST

START_TEST(verdict_between)
{
	const char *const inside[] = {"90", "110"}, *const above[] = {"106", "200"},
	                  *const below[] = {"10", "94"}, *const across[] = {"100", "2e2"};
	struct expect_outcome o = evaluate((struct expect_spec){.claim = "c", .check = "rate",
	                                                         .between = inside, .nbetween = 2});
	held(o);
	ck_assert_double_eq(o.low, 90);
	ck_assert_double_eq(o.high, 110);
	ck_assert_double_eq(o.bound[0], 90);
	ck_assert_double_eq(o.bound[1], 110);
	missed(evaluate((struct expect_spec){.claim = "c", .check = "rate", .between = above, .nbetween = 2}));
	missed(evaluate((struct expect_spec){.claim = "c", .check = "rate", .between = below, .nbetween = 2}));
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate", .between = across, .nbetween = 2}),
	             EXPECT_WHY_STRADDLE, "the trials' min-max 95 .. 105 straddles the bound (between 100 and 200)");
}
END_TEST

START_TEST(verdict_bound_from_another_lesson)
{
	/* rate(w01) ranges 40 .. 60: at least all of it */
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_least = "rate(w01-syncbyte)"}));
	missed(evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_least = "rate(w01-syncbyte) * 3"}));
	/* 80 .. 120 against 95 .. 105 */
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate",
	                                           .at_least = "rate(w01-syncbyte) * 2"}),
	             EXPECT_WHY_STRADDLE,
	             "the trials' min-max 95 .. 105 straddles the bound (at least 100); "
	             "the bound itself varies over the trials");
	/* described with the medians' numbers */
	struct expectation x;
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "syscalls.write", .at_most = "size/4096 + 16"});
	struct world w = {base_rows, COUNT(base_rows), NULL, 0, 0};
	struct expect_source src = {.lookup = lookup, .ctx = &w};
	struct expect_outcome o;
	expect_eval_run(&x, &src, &o);
	char buf[100];
	expect_describe_bound(&x, &o, buf, sizeof buf);
	ck_assert_str_eq(buf, "at most 2576");
	expect_describe_bound(&x, NULL, buf, sizeof buf);
	ck_assert_str_eq(buf, "at most size/4096 + 16");
	expect_free(&x);
}
END_TEST

START_TEST(inconclusive_lessons_and_fields)
{
	struct expect_outcome o = evaluate((struct expect_spec){.claim = "c",
		.check = "log_rate - log_rate(w99-gone)", .at_least = "5"});
	inconclusive(o, EXPECT_WHY_NO_LESSON, "lesson w99-gone did not run or was not selected");
	ck_assert_int_eq(o.has_value, 0);
	ck_assert_int_eq(o.has_bound, 1);
	/* in the bound too */
	o = evaluate((struct expect_spec){.claim = "c", .check = "rate", .at_least = "rate(r05)"});
	inconclusive(o, EXPECT_WHY_NO_LESSON, "lesson r05 did not run or was not selected");
	ck_assert_int_eq(o.has_value, 1);
	ck_assert_int_eq(o.has_bound, 0);
	char buf[100];
	struct expectation x;
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .at_least = "rate(r05)"});
	expect_describe_bound(&x, &o, buf, sizeof buf);
	ck_assert_str_eq(buf, "at least rate(r05)");
	expect_free(&x);

	o = evaluate((struct expect_spec){.claim = "c", .check = "storage.read_bytes / size", .at_most = "1"});
	inconclusive(o, EXPECT_WHY_NULL_FIELD, "field 'storage.read_bytes' is unavailable on this machine");
	ck_assert_int_eq(o.has_value, 0);
	inconclusive(evaluate((struct expect_spec){.claim = "c",
		.check = "storage.read_bytes(w01-syncbyte)", .at_most = "1"}),
		EXPECT_WHY_NULL_FIELD, "field 'storage.read_bytes' of w01-syncbyte is unavailable on this machine");
	/* a missing lesson is told before a null field, wherever it stands */
	inconclusive(evaluate((struct expect_spec){.claim = "c",
		.check = "storage.read_bytes + rate(w99)", .at_most = "1"}),
		EXPECT_WHY_NO_LESSON, "lesson w99 did not run or was not selected");

	/* the lesson itself did not run */
	struct world none = {NULL, 0, NULL, 0, 0};
	struct expect_source src = {.lookup = lookup, .ctx = &none};
	build_ok(&x, (struct expect_spec){.claim = "c", .check = "rate", .at_least = "1"});
	expect_eval_run(&x, &src, &o);
	inconclusive(o, EXPECT_WHY_NO_LESSON, "this lesson did not run");
	expect_free(&x);
}
END_TEST

START_TEST(inconclusive_arithmetic)
{
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "calls.read / syscalls.read",
	                                           .at_least = "1"}),
	             EXPECT_WHY_DIVISION_BY_ZERO, "division by zero: 'syscalls.read' ranges over 0 .. 3");
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "size / syscalls.read(w03-zero)",
	                                           .at_least = "1"}),
	             EXPECT_WHY_DIVISION_BY_ZERO, "division by zero: 'syscalls.read(w03-zero)' is 0");
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "size / (rate - 100)",
	                                           .at_least = "1"}),
	             EXPECT_WHY_DIVISION_BY_ZERO, "division by zero: '(rate - 100)' ranges over -5 .. 5");
	struct expect_outcome o = evaluate((struct expect_spec){.claim = "c",
		.check = "cache.resident_after", .at_least = "0.5"});
	inconclusive(o, EXPECT_WHY_NOT_FINITE, "field 'cache.resident_after' is not a finite number");
	ck_assert_int_eq(o.has_value, 0);
	inconclusive(evaluate((struct expect_spec){.claim = "c", .check = "rate * 1e307 * 2",
	                                           .at_least = "1"}),
	             EXPECT_WHY_NOT_FINITE, "'rate * 1e307' is not a finite number");
	/* a median outside the caller's min..max is kept inside the range */
	o = evaluate((struct expect_spec){.claim = "c", .check = "seconds", .at_most = "10"});
	held(o);
	ck_assert_double_eq(o.value, 7);
	ck_assert_double_eq(o.min, 7);
	ck_assert_double_eq(o.max, 9);
	/* between with its low above its high, known only after the run */
	const char *const upside[] = {"rate(w01-syncbyte) * 3", "rate(w01-syncbyte)"};
	o = evaluate((struct expect_spec){.claim = "c", .check = "rate", .between = upside, .nbetween = 2});
	inconclusive(o, EXPECT_WHY_EMPTY_BOUND, "the bound is empty: between 150 and 50");
	ck_assert_int_eq(o.has_value, 1);
}
END_TEST

START_TEST(inconclusive_conditions)
{
	static const struct ran busy_self[] = {{NULL, EXPECT_RAN_BUSY}};
	static const struct ran busy_w01[] = {{"w01-syncbyte", EXPECT_RAN_BUSY}};
	static const struct ran limited_self[] = {{NULL, EXPECT_RAN_TIME_LIMITED}};
	static const struct ran limited_w02[] = {{"w02-syncblock", EXPECT_RAN_TIME_LIMITED}};
	static const struct ran both[] = {{NULL, EXPECT_RAN_TIME_LIMITED | EXPECT_RAN_BUSY}};
	const char *busy = "the machine was busy (CPU time per wall second well below 1 for a CPU-bound loop)";
	const char *limited = "the run was time-limited and the claim is about the whole file";

	/* busy: only what the clock measures */
	struct expect_outcome o = evaluate_in((struct expect_spec){.claim = "c", .check = "rate", .at_least = "50"},
	                                      busy_self, 1);
	inconclusive(o, EXPECT_WHY_BUSY, busy);
	ck_assert_int_eq(o.has_value, 1);
	ck_assert_double_eq(o.value, 100);
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "calls.fwrite / syscalls.write",
	                                      .near = "4096", .tolerance = "1%"}, busy_self, 1));
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "log_rate - log_rate(w01-syncbyte)",
	                                              .at_least = "5"}, busy_w01, 1),
	             EXPECT_WHY_BUSY, "the machine was busy while w01-syncbyte ran "
	             "(CPU time per wall second well below 1 for a CPU-bound loop)");

	/* time-limited: counts over the file, unless the lesson says otherwise */
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "calls.fwrite / syscalls.write",
	                                              .near = "4096", .tolerance = "1%"}, limited_self, 1),
	             EXPECT_WHY_TIME_LIMITED, limited);
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "calls.fwrite / syscalls.write",
	                                      .near = "4096", .tolerance = "1%", .whole_file = "false"},
	                 limited_self, 1));
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "rate", .at_least = "50"}, limited_self, 1));
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "rate", .at_least = "50",
	                                              .whole_file = "true"}, limited_self, 1),
	             EXPECT_WHY_TIME_LIMITED, limited);
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "syscalls.write",
	                                              .at_least = "syscalls.write(w02-syncblock)"}, limited_w02, 1),
	             EXPECT_WHY_TIME_LIMITED,
	             "the run of w02-syncblock was time-limited and the claim is about the whole file");
	/* both: the time limit is told first */
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "rate + syscalls.write",
	                                              .at_least = "0"}, both, 1),
	             EXPECT_WHY_TIME_LIMITED, limited);
	/* a condition on a lesson the check does not name changes nothing */
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "rate", .at_least = "50"}, busy_w01, 1));
}
END_TEST

/* Busy only slows a workload down: a speed of a busy run may be higher
 * than measured, a duration shorter.  A verdict that survives that
 * one-sided widening stands (a slow program stays missed when its stdio
 * reference ran busy); one it could flip is inconclusive "busy". */
START_TEST(busy_widens_one_way)
{
	static const struct ran busy_self[] = {{NULL, EXPECT_RAN_BUSY}};
	static const struct ran busy_ref[] = {{"ref-stdio", EXPECT_RAN_BUSY}};
	const char *ref_busy = "the machine was busy while ref-stdio ran (CPU time per wall second "
	                       "well below 1 for a CPU-bound loop), and a rate it held back could "
	                       "change the verdict";
	const char *self_busy = "the machine was busy while this lesson ran (CPU time per wall "
	                        "second well below 1 for a CPU-bound loop), and a rate it held back "
	                        "could change the verdict";
	/* 0.1 of the reference: a faster reference only makes it worse */
	struct expect_outcome o = evaluate_in((struct expect_spec){.claim = "c",
	        .check = "rate.median / rate.median(ref-stdio)", .at_least = "0.5"}, busy_ref, 1);
	ck_assert_msg(o.verdict == EXPECT_MISSED, "%s: %s", expect_verdict_name(o.verdict), o.why);
	ck_assert_int_eq(o.reason, EXPECT_WHY_NONE);
	ck_assert_double_eq(o.value, 0.1);
	/* 0.1 passes 0.05, but the reference may be faster than measured */
	inconclusive(evaluate_in((struct expect_spec){.claim = "c",
	        .check = "rate.median / rate.median(ref-stdio)", .at_least = "0.05"}, busy_ref, 1),
	             EXPECT_WHY_BUSY, ref_busy);
	/* its own speed: at least holds, at most cannot be told */
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "rate.median", .at_least = "50"},
	                 busy_self, 1));
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "rate.median",
	                                              .at_most = "200"}, busy_self, 1),
	             EXPECT_WHY_BUSY, self_busy);
	/* a duration: at most holds, at least is missed once even the
	 * measured (longest possible) time falls short */
	held(evaluate_in((struct expect_spec){.claim = "c", .check = "seconds.median", .at_most = "10"},
	                 busy_self, 1));
	o = evaluate_in((struct expect_spec){.claim = "c", .check = "seconds.median", .at_least = "10"},
	                busy_self, 1);
	ck_assert_msg(o.verdict == EXPECT_MISSED, "%s: %s", expect_verdict_name(o.verdict), o.why);
	inconclusive(evaluate_in((struct expect_spec){.claim = "c", .check = "seconds.median",
	                                              .at_most = "7.5"}, busy_self, 1),
	             EXPECT_WHY_BUSY, self_busy);
	/* not busy: the ordinary straddle rules, unchanged */
	held(evaluate((struct expect_spec){.claim = "c", .check = "rate.median", .at_most = "200"}));
}
END_TEST

/* Measured, a busy run is corrected by its own wait for a CPU, no more:
 * a verdict is inconclusive only when the rate without that wait could
 * change it, and the reason names the wait. */
START_TEST(busy_corrected_by_the_wait)
{
	static const struct ran busy_self[] = {{NULL, EXPECT_RAN_BUSY}};
	const char *why = "waited 1.5 s of 5.0 s for a CPU while this lesson ran, and the rate "
	                  "without that wait could change the verdict";
	struct world w = {waited_rows, COUNT(waited_rows), busy_self, 1, 0};
	struct expect_source src = {.lookup = lookup, .conditions = conditions, .ctx = &w};
	const struct {
		struct expect_spec sp;
		enum expect_verdict verdict;
	} cases[] = {
		/* 105 / (1 - 1.5/5) = 150 at most: under 200 whatever the load */
		{{.claim = "c", .check = "rate.median", .at_most = "200"}, EXPECT_HELD},
		{{.claim = "c", .check = "rate.median", .at_most = "120"}, EXPECT_INCONCLUSIVE},
		{{.claim = "c", .check = "rate.median", .at_least = "50"}, EXPECT_HELD},
		/* 6 s at least, 4.2 s without the wait */
		{{.claim = "c", .check = "seconds.median", .at_least = "4"}, EXPECT_HELD},
		{{.claim = "c", .check = "seconds.median", .at_least = "5"}, EXPECT_INCONCLUSIVE},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		struct expectation x;
		struct expect_outcome o;
		build_ok(&x, cases[i].sp);
		expect_eval_run(&x, &src, &o);
		ck_assert_msg(o.verdict == cases[i].verdict, "case %zu: %s: %s", i,
		              expect_verdict_name(o.verdict), o.why);
		if (o.verdict == EXPECT_INCONCLUSIVE) {
			ck_assert_int_eq(o.reason, EXPECT_WHY_BUSY);
			ck_assert_str_eq(o.why, why);
		}
		expect_free(&x);
	}
}
END_TEST

START_TEST(names_and_numbers)
{
	ck_assert_str_eq(expect_verdict_name(EXPECT_HELD), "held");
	ck_assert_str_eq(expect_verdict_name(EXPECT_MISSED), "missed");
	ck_assert_str_eq(expect_verdict_name(EXPECT_INCONCLUSIVE), "inconclusive");
	static const char *const reasons[] = {
		"", "lesson-missing", "field-null", "division-by-zero", "not-finite",
		"no-device", "time-limited", "busy", "empty-bound", "straddle",
	};
	for (size_t i = 0; i < COUNT(reasons); i++)
		ck_assert_str_eq(expect_reason_name((enum expect_reason)i), reasons[i]);

	static const struct {
		double v;
		const char *s;
	} formats[] = {
		{4096, "4096"}, {10485760, "10485760"}, {0.9, "0.9"}, {4055.04, "4055.04"},
		{-3.5, "-3.5"}, {0.1 + 0.2, "0.3"}, {0, "0"}, {123456.7, "123457"},
		{2.0 / 3, "0.666667"}, {1e20, "1e+20"}, {1e-9, "1e-09"}, {4095.9999999, "4096"},
		{-0.000123456789, "-0.000123457"},
	};
	char buf[40];
	for (size_t i = 0; i < COUNT(formats); i++) {
		expect_format_number(formats[i].v, buf, sizeof buf);
		ck_assert_str_eq(buf, formats[i].s);
	}
	expect_format_number(NAN, buf, sizeof buf);
	ck_assert_str_eq(buf, "nan");
	expect_format_number(-INFINITY, buf, sizeof buf);
	ck_assert_str_eq(buf, "-inf");
}
END_TEST

/* --- per trial: a source that can pair the fields of one lesson ------------- */

/* Own lesson: 3 trials of 1, 2 and 4 passes (calls and syscalls grow
 * together); w01: 2 trials.  Intervals alone would make calls / syscalls
 * range over 1/4 .. 4. */
struct paired {
	unsigned own_trials, other_trials;
	int hole;                     /* own trial 1 lacks syscalls.write */
};

static const double own_calls[] = {4096, 8192, 16384}, own_sys[] = {1, 2, 4};
static const double other_rate[] = {10, 20};

static enum expect_found paired_lookup(void *ctx, const char *lesson, const char *field,
                                       enum expect_which which, double *out)
{
	(void)ctx;
	const double *v = lesson ? other_rate : strcmp(field, "calls.fwrite") == 0 ? own_calls : own_sys;
	size_t n = lesson ? 2 : 3;
	*out = which == EXPECT_MEDIAN ? v[lesson ? 0 : 1] : which == EXPECT_MIN ? v[0] : v[n - 1];
	return EXPECT_FOUND;
}

static unsigned paired_trials(void *ctx, const char *lesson)
{
	const struct paired *p = ctx;
	return lesson ? p->other_trials : p->own_trials;
}

static enum expect_found paired_trial(void *ctx, const char *lesson, const char *field,
                                      unsigned k, double *out)
{
	const struct paired *p = ctx;
	if (!lesson && p->hole && k == 1 && strcmp(field, "syscalls.write") == 0)
		return EXPECT_NULL;
	if (lesson) {
		ck_assert_uint_lt(k, 2);
		*out = other_rate[k];
	} else {
		ck_assert_uint_lt(k, 3);
		*out = strcmp(field, "calls.fwrite") == 0 ? own_calls[k] : own_sys[k];
	}
	return EXPECT_FOUND;
}

static struct expect_outcome eval_paired(struct expect_spec sp, struct paired *p)
{
	struct expectation x;
	build_ok(&x, sp);
	struct expect_source src = {.lookup = paired_lookup, .ctx = p, .trials = paired_trials,
	                            .lookup_trial = paired_trial};
	struct expect_outcome o;
	memset(&o, 0x5a, sizeof o);
	expect_eval_run(&x, &src, &o);
	expect_free(&x);
	return o;
}

START_TEST(paired_per_trial)
{
	struct paired p = {3, 2, 0};
	struct expect_spec ratio = {.claim = "c", .check = "calls.fwrite / syscalls.write",
	                            .near = "4096", .tolerance = "1%"};
	struct expect_outcome o = eval_paired(ratio, &p);
	held(o);
	ck_assert_double_eq(o.value, 4096);
	ck_assert_double_eq(o.min, 4096);
	ck_assert_double_eq(o.max, 4096);
	/* the same source, unpaired (no trials known): the intervals straddle */
	p.own_trials = 0;
	o = eval_paired(ratio, &p);
	ck_assert_int_eq(o.verdict, EXPECT_INCONCLUSIVE);
	ck_assert_int_eq(o.reason, EXPECT_WHY_STRADDLE);
	ck_assert_double_eq(o.min, 1024);
	ck_assert_double_eq(o.max, 16384);
	/* across lessons every combination counts: 6 of them */
	p.own_trials = 3;
	o = eval_paired((struct expect_spec){.claim = "c", .check = "syscalls.write * rate(w01)",
	                                     .at_least = "40"}, &p);
	ck_assert_int_eq(o.verdict, EXPECT_INCONCLUSIVE);
	ck_assert_str_eq(o.why, "the trials' values 10 .. 80 straddle the bound (at least 40): "
	                 "3 of 6 combinations of trials meet it");
	ck_assert_double_eq(o.value, 20);
	o = eval_paired((struct expect_spec){.claim = "c", .check = "syscalls.write * rate(w01)",
	                                     .at_most = "5"}, &p);
	ck_assert_int_eq(o.verdict, EXPECT_MISSED);
	ck_assert_double_eq(o.min, 10);
	ck_assert_double_eq(o.max, 80);
	/* a bound read in the same combination as the check */
	o = eval_paired((struct expect_spec){.claim = "c", .check = "calls.fwrite",
	                                     .between = (const char *const[]){"syscalls.write * 4000",
	                                                                      "syscalls.write * 5000"},
	                                     .nbetween = 2}, &p);
	held(o);
	/* a combination lacking a figure is left out */
	p.hole = 1;
	o = eval_paired(ratio, &p);
	held(o);
	/* too many combinations: the intervals decide */
	p.hole = 0;
	p.own_trials = EXPECT_COMBINATIONS_MAX;
	p.other_trials = 2;
	o = eval_paired((struct expect_spec){.claim = "c", .check = "syscalls.write * rate(w01)",
	                                     .at_most = "5"}, &p);
	ck_assert_int_eq(o.verdict, EXPECT_MISSED);
	ck_assert_double_eq(o.min, 10);
}
END_TEST

Suite *make_suite_expect(void)
{
	Suite *s = suite_create("expect");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, numbers);
	tcase_add_test(tc, precedence);
	tcase_add_test(tc, fields_and_lessons);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, bounds_on_input);
	tcase_add_test(tc, hostile_strings);
	suite_add_tcase(s, tc);
	tc = tcase_create("build");
	tcase_add_test(tc, build_the_contract_examples);
	tcase_add_test(tc, build_every_bound);
	tcase_add_test(tc, build_errors);
	tcase_add_test(tc, lessons_named);
	tcase_add_test(tc, whole_file_inferred);
	suite_add_tcase(s, tc);
	tc = tcase_create("evaluate");
	tcase_add_test(tc, verdict_near);
	tcase_add_test(tc, verdict_at_least_at_most);
	tcase_add_test(tc, verdict_between);
	tcase_add_test(tc, verdict_bound_from_another_lesson);
	tcase_add_test(tc, inconclusive_lessons_and_fields);
	tcase_add_test(tc, inconclusive_arithmetic);
	tcase_add_test(tc, inconclusive_conditions);
	tcase_add_test(tc, busy_widens_one_way);
	tcase_add_test(tc, busy_corrected_by_the_wait);
	tcase_add_test(tc, names_and_numbers);
	tcase_add_test(tc, paired_per_trial);
	suite_add_tcase(s, tc);
	return s;
}
