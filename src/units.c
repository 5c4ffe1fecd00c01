/* units.c - sizes, durations and rates, parsed and formatted. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int units_parse_duration(const char *s, double *out)
{
	if (!s || !(isdigit((unsigned char)*s) || *s == '.'))
		return -1;
	errno = 0;
	char *end;
	double v = strtod(s, &end);
	if (errno == ERANGE || end == s || !isfinite(v) || v < 0)
		return -1;
	double f;
	if (!*end || strcmp(end, "s") == 0)
		f = 1;
	else if (strcmp(end, "ms") == 0)
		f = 1e-3;
	else if (strcmp(end, "us") == 0)
		f = 1e-6;
	else if (strcmp(end, "m") == 0 || strcmp(end, "min") == 0)
		f = 60;
	else
		return -1;
	*out = v * f;
	return 0;
}

static const char *const binary_units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

/* value scaled into [1, 1024) with its unit index */
static double scale_binary(double v, unsigned *unit)
{
	unsigned u = 0;
	while (fabs(v) >= 1024 && u + 1 < sizeof binary_units / sizeof *binary_units) {
		v /= 1024;
		u++;
	}
	*unit = u;
	return v;
}

/* Three significant digits, no trailing noise: 10, 3.32, 512, 97.7 */
static void format_3sig(double v, const char *unit, const char *tail, char *buf, size_t len)
{
	int decimals = v >= 100 || v == floor(v) ? 0 : v >= 10 ? 1 : 2;
	snprintf(buf, len, "%.*f %s%s", decimals, v, unit, tail);
}

void units_format_bytes(double bytes, char *buf, size_t len)
{
	unsigned u;
	double v = scale_binary(bytes, &u);
	format_3sig(v, binary_units[u], "", buf, len);
}

void units_format_rate(double bps, char *buf, size_t len)
{
	if (!isfinite(bps) || bps < 0) {
		snprintf(buf, len, "-");
		return;
	}
	unsigned u;
	double v = scale_binary(bps, &u);
	format_3sig(v, binary_units[u], "/s", buf, len);
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

void units_format_seconds(double s, char *buf, size_t len)
{
	if (s >= 1)
		snprintf(buf, len, "%.2f s", s);
	else if (s >= 1e-3)
		snprintf(buf, len, "%.0f ms", s * 1e3);
	else
		snprintf(buf, len, "%.1f us", s * 1e6);
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
