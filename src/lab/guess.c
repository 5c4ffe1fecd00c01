/* guess.c - a prediction typed before a run (the syntax is in guess.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "errmsg.h"
#include "guess.h"
#include "units.h"
#include "yaml_tree.h"            /* yaml_tree_echo: how a value is quoted in a message */

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
			              "as ln 15.1", yaml_tree_echo(text, e, sizeof e));
		v = exp(v);
	} else {
		const char *end = number(s, &v);
		double factor;
		const char *unit;
		if (!end || units_rate_unit(skip_blanks(end), &factor, &unit) != 0)
			return errmsg(msg, len, "'%s' is not a rate: write a number and a unit, such "
			              "as 3MB/s, 500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or "
			              "ln and a log rate", yaml_tree_echo(text, e, sizeof e));
		v *= factor;
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
