/* units.c - sizes, durations and rates, parsed and formatted. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "units.h"

struct suffix {
	const char *name;
	uint64_t factor;
};

/* Binary suffixes are powers of 1024, the bare letters powers of 1000, as
 * the lesson format says (K=1000). */
static const struct suffix size_suffixes[] = {
	{"", 1}, {"B", 1},
	{"KiB", 1ull << 10}, {"MiB", 1ull << 20}, {"GiB", 1ull << 30}, {"TiB", 1ull << 40},
	{"K", 1000ull}, {"M", 1000000ull}, {"G", 1000000000ull}, {"T", 1000000000000ull},
	{"KB", 1000ull}, {"MB", 1000000ull}, {"GB", 1000000000ull},
};

int units_parse_size(const char *s, uint64_t *out)
{
	if (!s || !isdigit((unsigned char)*s))
		return -1;        /* no sign, no space, no empty string */
	errno = 0;
	char *end;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -1;
	while (*end == ' ')
		end++;
	for (size_t i = 0; i < sizeof size_suffixes / sizeof *size_suffixes; i++) {
		if (strcmp(end, size_suffixes[i].name) != 0)
			continue;
		uint64_t f = size_suffixes[i].factor;
		if (n > UINT64_MAX / f)
			return -1;
		*out = (uint64_t)n * f;
		return 0;
	}
	return -1;
}

/* The units a duration may have (none: seconds); value.c's message lists
 * them. */
static const struct {
	const char *name;
	double seconds;
} duration_units[] = {
	{"", 1}, {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9},
	{"m", 60}, {"min", 60}, {"h", 3600},
};

/* Decimal digits with at most one point, at least one digit: nothing
 * strtod would also take (a sign, hex, an exponent, inf, nan). */
static size_t decimal_len(const char *s)
{
	size_t n = strspn(s, "0123456789"), digits = n;
	if (s[n] == '.') {
		size_t f = strspn(s + n + 1, "0123456789");
		digits += f;
		n += 1 + f;
	}
	return digits ? n : 0;
}

int units_parse_duration(const char *s, double *out)
{
	size_t n = s ? decimal_len(s) : 0;
	if (!n)
		return -1;
	double v = strtod(s, NULL), f = 0;
	size_t i;
	for (i = 0; i < sizeof duration_units / sizeof *duration_units; i++)
		if (strcmp(s + n, duration_units[i].name) == 0)
			break;
	if (i == sizeof duration_units / sizeof *duration_units)
		return -1;
	f = duration_units[i].seconds;
	/* one resolution for every duration: whole nanoseconds, so a value
	 * written back (to 9 decimals at most) reads as the same value */
	double ns = round(v * f * 1e9);
	if (!isfinite(ns) || ns > UNITS_DURATION_MAX * 1e9)
		return -1;
	if (ns == 0 && v > 0)
		return -2;
	*out = ns / 1e9;
	return 0;
}

static const char *const binary_units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
#define NBINARY (sizeof binary_units / sizeof *binary_units)

/* Decimals for three significant digits of v >= 0, none for a whole
 * number: 3.32, 97.7, 512, 10.  Decided on the rounded value, so 9.996
 * is "10.0", not "10.00". */
static int sig3_decimals(double v)
{
	if (v == floor(v))
		return 0;
	int d = v >= 100 ? 0 : v >= 10 ? 1 : 2;
	double p = d == 2 ? 100 : d == 1 ? 10 : 1;
	double r = round(v * p) / p;
	if (r >= 100)
		return 0;
	if (r >= 10 && d > 1)
		return 1;
	return d;
}

/* v rounded to its three significant digits */
static double sig3_round(double v)
{
	int d = sig3_decimals(v);
	double p = d == 2 ? 100 : d == 1 ? 10 : 1;
	return round(v * p) / p;
}

/* v scaled into [1, 1024) with its unit index; a value that rounds to
 * 1024 takes the next unit */
static double scale_binary(double v, unsigned *unit)
{
	unsigned u = 0;
	while (u + 1 < NBINARY && (fabs(v) >= 1024 || sig3_round(fabs(v)) >= 1024)) {
		v /= 1024;
		u++;
	}
	*unit = u;
	return v;
}

/* Three significant digits, no trailing noise: 10, 3.32, 512, 97.7 */
static void format_3sig(double v, const char *unit, const char *tail, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f %s%s", sig3_decimals(fabs(v)), v, unit, tail);
}

#define OFF_SCALE "off scale"

/* Past the largest unit a figure grows a digit a power of 10: a million
 * of it (a 7-digit figure) is off the scale. */
#define SCALE_MAX 1e6

static int off_scale(double scaled)
{
	return sig3_round(fabs(scaled)) >= SCALE_MAX;
}

void units_format_bytes(double bytes, char *buf, size_t len)
{
	unsigned u;
	if (!isfinite(bytes)) {
		snprintf(buf, len, "-");
		return;
	}
	double v = scale_binary(bytes, &u);
	if (off_scale(v))
		snprintf(buf, len, OFF_SCALE);
	else
		format_3sig(v, binary_units[u], "", buf, len);
}

void units_format_fixed(double v, int decimals, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (fabs(v) > UNITS_FIXED_MAX)
		snprintf(buf, len, OFF_SCALE);
	else
		snprintf(buf, len, "%.*f", decimals < 0 ? 0 : decimals > 3 ? 3 : decimals, v);
}

void units_format_size(uint64_t bytes, char *buf, size_t len)
{
	unsigned u = 0;
	uint64_t n = bytes;
	while (n && n % 1024 == 0 && u + 1 < NBINARY) {
		n /= 1024;
		u++;
	}
	char count[32];
	units_format_count(n, count, sizeof count);
	snprintf(buf, len, "%s %s", count, binary_units[u]);
}

void units_format_bytes_per(double bytes, char *buf, size_t len)
{
	if (!isfinite(bytes) || bytes < 0) {
		snprintf(buf, len, "-");
		return;
	}
	double whole = round(bytes);
	if (whole >= 1 && whole < 1e18 && fabs(bytes - whole) <= whole * 5e-4)
		units_format_size((uint64_t)whole, buf, len);
	else
		units_format_bytes(bytes, buf, len);
}

/* Rates are in the lecture's decimal units (powers of 1000), whatever the
 * sizes beside them are in; the binary ones are here for a guess echoed
 * in the unit it was typed in. */
static const struct {
	const char *name;
	double factor;
} rate_units[] = {
	{"B", 1}, {"kB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"PB", 1e15},
	{"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0},
};
#define NDECIMAL 6
#define NRATE (sizeof rate_units / sizeof *rate_units)

/* v to three significant digits with no trailing zeros: 2.6, 3.32, 512 */
static void format_rate_value(double v, const char *unit, char *buf, size_t len)
{
	char num[48];
	snprintf(num, sizeof num, "%.*f", sig3_decimals(v), v);
	char *dot = strchr(num, '.');
	if (dot) {
		char *end = num + strlen(num);
		while (end > dot + 1 && end[-1] == '0')
			*--end = '\0';
		if (end == dot + 1)
			*dot = '\0';
	}
	snprintf(buf, len, "%s %s/s", num, unit);
}

void units_format_rate(double bps, char *buf, size_t len)
{
	if (!isfinite(bps) || bps < 0) {
		snprintf(buf, len, "-");
		return;
	}
	unsigned u = 0;
	double v = bps;
	while (u + 1 < NDECIMAL && (v >= 1000 || sig3_round(v) >= 1000)) {
		v /= 1000;
		u++;
	}
	if (off_scale(v))
		snprintf(buf, len, OFF_SCALE);
	else
		format_rate_value(v, rate_units[u].name, buf, len);
}

int units_format_rate_in(double bps, const char *unit, char *buf, size_t len)
{
	for (size_t i = 0; i < NRATE; i++) {
		if (strcmp(unit, rate_units[i].name) != 0)
			continue;
		if (!isfinite(bps) || bps < 0)
			snprintf(buf, len, "-");
		else
			format_rate_value(bps / rate_units[i].factor, unit, buf, len);
		return 0;
	}
	units_format_rate(bps, buf, len);
	return -1;
}

/* Units a person types after a rate, longest first within a family so
 * "KiB" is not read as "K" then "iB"; read without case, then the binary
 * ones are checked to have their 'i'. */
static const struct {
	const char *typed;
	const char *unit;         /* a name of rate_units[] */
} typed_units[] = {
	{"kib", "KiB"}, {"mib", "MiB"}, {"gib", "GiB"}, {"tib", "TiB"},
	{"kb", "kB"}, {"mb", "MB"}, {"gb", "GB"}, {"tb", "TB"},
	{"k", "kB"}, {"m", "MB"}, {"g", "GB"}, {"t", "TB"},
	{"b", "B"}, {"", "B"},
};

int units_rate_unit(const char *s, double *factor, const char **name)
{
	char u[16];
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n >= 2 && s[n - 2] == '/' && (s[n - 1] == 's' || s[n - 1] == 'S'))
		n -= 2;                   /* "/s" */
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n >= sizeof u)
		return -1;
	memcpy(u, s, n);
	u[n] = '\0';
	for (size_t i = 0; i < sizeof typed_units / sizeof *typed_units; i++) {
		if (strcasecmp(u, typed_units[i].typed) != 0)
			continue;
		/* "KIB" and "kib" are no spelling of KiB: the i is small */
		if (strlen(typed_units[i].typed) == 3 && u[1] != 'i')
			return -1;
		for (size_t k = 0; k < NRATE; k++)
			if (strcmp(rate_units[k].name, typed_units[i].unit) == 0) {
				*factor = rate_units[k].factor;
				*name = rate_units[k].name;
				return 0;
			}
	}
	return -1;
}

void units_format_rate_typed(double bps, const char *typed, char *buf, size_t len)
{
	const char *s = typed ? typed : "";
	double factor;
	const char *name;
	s += strspn(s, " \t");
	size_t digits = strspn(s, "0123456789.");
	if (digits && units_rate_unit(s + digits + strspn(s + digits, " \t"), &factor, &name) == 0)
		units_format_rate_in(bps, name, buf, len);
	else
		units_format_rate(bps, buf, len);
}

void units_format_rate_range(double lo, double hi, int ascii, char *buf, size_t len)
{
	char a[32], b[32];
	units_format_rate(lo, a, sizeof a);
	units_format_rate(hi, b, sizeof b);
	const char *dash = ascii ? ".." : "\u2013";
	const char *ua = strchr(a, ' '), *ub = strchr(b, ' ');
	if (strcmp(a, b) == 0)
		snprintf(buf, len, "%s", a);
	else if (ua && ub && strcmp(ua, ub) == 0)
		snprintf(buf, len, "%.*s%s%s", (int)(ua - a), a, dash, b);
	else
		snprintf(buf, len, "%s%s%s", a, dash, b);
}

void units_format_count(uint64_t n, char *buf, size_t len)
{
	char digits[32];
	int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
	char tmp[48];
	size_t o = 0;
	for (int i = 0; i < nd; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			tmp[o++] = ',';
		tmp[o++] = digits[i];
	}
	tmp[o] = '\0';
	snprintf(buf, len, "%s", tmp);
}

/* Time units from the smallest: a value is shown in the largest unit it
 * reaches (after rounding, so 999.7 us is "1.00 ms"). */
static const struct {
	double factor;
	const char *utf8, *ascii;
} time_units[] = {
	{1e-9, "ns", "ns"}, {1e-6, "\u00b5s", "us"}, {1e-3, "ms", "ms"}, {1, "s", "s"},
};
#define NTIME (sizeof time_units / sizeof *time_units)

/* s in unit u as format_time prints it: run lengths (whole_ms) show whole
 * milliseconds and seconds to two decimals, everything else three
 * significant digits. */
static double shown_in(double s, unsigned u, int whole_ms)
{
	double in = s / time_units[u].factor;
	if (whole_ms && u == 2)
		return round(in);
	if (whole_ms && u == 3)
		return round(in * 100) / 100;
	return sig3_round(in);
}

/* The largest unit s reaches, or reaches once rounded in the unit below:
 * 999.7 us is shown "1.00 ms" (or "1 ms"), never "1000 us". */
static unsigned time_unit(double s, int whole_ms)
{
	unsigned u = 0;
	for (unsigned i = 1; i < NTIME; i++)
		if (s >= time_units[i].factor || shown_in(s, i - 1, whole_ms) >= 1000)
			u = i;
	return u;
}

static void format_time(double s, int ascii, int whole_ms, char *buf, size_t len)
{
	if (!isfinite(s) || s < 0) {
		snprintf(buf, len, "-");
		return;
	}
	if (s == 0) {
		snprintf(buf, len, "0 s");
		return;
	}
	if (s > UNITS_DURATION_MAX) {     /* no run lasts 31 years: a crafted figure */
		snprintf(buf, len, OFF_SCALE);
		return;
	}
	unsigned u = time_unit(s, whole_ms);
	double v = s / time_units[u].factor;
	const char *name = ascii ? time_units[u].ascii : time_units[u].utf8;
	if (u == 3 && whole_ms)
		snprintf(buf, len, "%.2f %s", v, name);    /* run lengths: "3.01 s" */
	else if (u == 2 && whole_ms)
		snprintf(buf, len, "%.0f %s", v, name);
	else
		format_3sig(v, name, "", buf, len);
}

void units_format_seconds(double s, int ascii, char *buf, size_t len)
{
	format_time(s, ascii, 1, buf, len);
}

void units_format_cost(double s, int ascii, char *buf, size_t len)
{
	format_time(s, ascii, 0, buf, len);
}

double units_log_rate(double bps)
{
	return bps > 1 ? log(bps) : 0;
}

int units_log_position(double rate, double lo, double hi, int width)
{
	if (width <= 1 || !(rate > lo) || lo <= 0 || hi <= lo)
		return 0;
	double f = (log(rate) - log(lo)) / (log(hi) - log(lo));
	int p = (int)floor(f * (width - 1) + 0.5);
	return p < 0 ? 0 : p >= width ? width - 1 : p;
}
