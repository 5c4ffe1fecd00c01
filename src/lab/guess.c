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
#include "yaml_tree.h"            /* yecho: how a value is quoted in a message */

/* Units after the number, longest first within a family so "KiB" is not
 * read as "K" then "iB".  Read without case, then the binary ones are
 * checked to have their 'i'. */
static const struct { const char *name; double factor; } units[] = {
	{"kib", 1024.0}, {"mib", 1048576.0}, {"gib", 1073741824.0}, {"tib", 1099511627776.0},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12},
	{"b", 1}, {"", 1},
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

/* The unit at s up to the end of text ("MB/s", "MiB", "k", ""): its factor,
 * or -1 for no unit of ours. */
static double unit_factor(const char *s)
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
			return units[i].factor;
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
		double f = end ? unit_factor(skip_blanks(end)) : -1;
		if (f < 0)
			return errmsg(msg, len, "'%s' is not a rate: write a number and a unit, such "
			              "as 3MB/s, 500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or "
			              "ln and a log rate", yecho(text, e, sizeof e));
		v *= f;
	}
	if (!(v >= GUESS_RATE_MIN && v <= GUESS_RATE_MAX))
		return errmsg(msg, len, "a guess must be from 1 B/s to 1000 TB/s (ln 0 to ln 34.5)");
	*rate = v;
	return 0;
}

double guess_miss(double guess_rate, double rate)
{
	if (!(guess_rate > 0) || !(rate > 0) || !isfinite(guess_rate) || !isfinite(rate))
		return NAN;
	return fabs(log(guess_rate) - log(rate));
}
