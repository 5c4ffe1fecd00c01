/* guess.c - a prediction typed before a run (the syntax is in guess.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "countof.h"
#include "errmsg.h"
#include "guess.h"
#include "units.h"
#include "yaml_tree.h"            /* yecho: how a value is quoted in a message */

/* Units after the number, longest first within a family so "KiB" is not
 * read as "K" then "iB".  Read without case, then the binary ones are
 * checked to have their 'i'. */
static const struct { const char *name; double factor; const char *shown; } units[] = {
	{"kib", 1024.0, "KiB"}, {"mib", 1048576.0, "MiB"}, {"gib", 1073741824.0, "GiB"},
	{"tib", 1099511627776.0, "TiB"},
	{"kb", 1e3, "kB"}, {"mb", 1e6, "MB"}, {"gb", 1e9, "GB"}, {"tb", 1e12, "TB"},
	{"k", 1e3, "kB"}, {"m", 1e6, "MB"}, {"g", 1e9, "GB"}, {"t", 1e12, "TB"},
	{"b", 1, "B"}, {"", 1, "B"},
};

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* A plain decimal number: digits with at most one point; no sign, no
 * exponent, no hex, inf or nan.  The end of it, or NULL. */
static const char *number(const char *s, double *out)
{
	size_t digits = strspn(s, "0123456789.");
	const char *dot = memchr(s, '.', digits);
	if (!digits || (dot && memchr(dot + 1, '.', digits - (size_t)(dot + 1 - s))) ||
	    (digits == 1 && *s == '.'))
		return NULL;
	char buf[64];
	if (digits >= sizeof buf)
		return NULL;
	memcpy(buf, s, digits);
	buf[digits] = '\0';
	errno = 0;
	*out = strtod(buf, NULL);
	return errno ? NULL : s + digits;
}

/* The unit at s up to the end of text ("MB/s", "MiB", "k", ""): its row
 * of units, or -1 for no unit of ours. */
static int unit_row(const char *s)
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
	for (size_t i = 0; i < COUNT(units); i++)
		if (strcasecmp(u, units[i].name) == 0) {
			/* "KIB" and "kib" are no spelling of KiB: the i is small */
			if (strlen(units[i].name) == 3 && u[1] != 'i')
				return -1;
			return (int)i;
		}
	return -1;
}

int guess_parse(const char *text, double *rate, char *msg, size_t len)
{
	char e[64];
	double v;
	const char *s = skip_blanks(text);
	if (!*s)
		return errmsg(msg, len, "type a rate, such as 3MB/s, 500k or 3 MiB/s, or a log "
		              "rate, such as ln 15.1");
	if (strncasecmp(s, "ln", 2) == 0) {
		const char *p = skip_blanks(s + 2), *end = number(p, &v);
		if (!end || *skip_blanks(end))
			return errmsg(msg, len, "'%s' is not a log rate: write ln and a number, such "
			              "as ln 15.1", yecho(text, e, sizeof e));
		v = exp(v);
	} else {
		const char *end = number(s, &v);
		int row = end ? unit_row(skip_blanks(end)) : -1;
		if (row < 0)
			return errmsg(msg, len, "'%s' is not a rate: write a number and a unit, such "
			              "as 3MB/s, 500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or "
			              "ln and a log rate", yecho(text, e, sizeof e));
		v *= units[row].factor;
	}
	if (!(v >= GUESS_RATE_MIN && v <= GUESS_RATE_MAX))
		return errmsg(msg, len, "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)");
	*rate = v;
	return 0;
}

void guess_echo(const char *text, double rate, char *buf, size_t len)
{
	const char *s = skip_blanks(text ? text : "");
	double v;
	const char *end = strncasecmp(s, "ln", 2) == 0 ? NULL : number(s, &v);
	int row = end ? unit_row(skip_blanks(end)) : -1;
	if (row < 0)
		units_format_rate(rate, buf, len);
	else
		units_format_rate_in(rate, units[row].shown, buf, len);
}

double guess_miss(double guess_rate, double rate)
{
	if (!(guess_rate > 0) || !(rate > 0) || !isfinite(guess_rate) || !isfinite(rate))
		return NAN;
	return fabs(log(guess_rate) - log(rate));
}
