/* value.c - values read from text, with their messages (see value.h).
 *
 * yaml_walk.c and wl_keys.c's rows call these with a value's text (the
 * walker adds the node's position), so the sentences live here once.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "lesson_limits.h"
#include "suggest.h"
#include "units.h"
#include "value.h"
#include "yaml_tree.h"            /* yaml_tree_echo: how a value is quoted in a message */

int value_word(size_t n, const char *what, char *msg, size_t len)
{
	if (n > LESSON_WORD_MAX)
		return errmsg(msg, len, "'%s' is longer than %d bytes", what, LESSON_WORD_MAX);
	return 0;
}

/* Digits whose value, times the suffix, does not fit 64 bits (rather
 * than a malformed size): says "too large" instead of "not a size". */
static int size_overflows(const char *s)
{
	errno = 0;
	char *end;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return 1;
	char probe[48];
	uint64_t f;
	snprintf(probe, sizeof probe, "1%s", end);
	return units_parse_size(probe, &f) == 0 && f && n > UINT64_MAX / f;
}

int value_size(const char *s, const char *what, uint64_t *out, char *msg, size_t len)
{
	char e[64];
	if (units_parse_size(s, out) == 0)
		return 0;
	if (s[0] == '-')
		return errmsg(msg, len, "'%s' must not be negative: '%s'", what, yaml_tree_echo(s, e, sizeof e));
	if (isdigit((unsigned char)s[0]) && size_overflows(s))
		return errmsg(msg, len, "'%s' is too large: '%s'", what, yaml_tree_echo(s, e, sizeof e));
	return errmsg(msg, len, "'%s' is not a size: '%s' (use bytes, or a whole number with "
	              "B, KiB, MiB, GiB, K, M or G)", what, yaml_tree_echo(s, e, sizeof e));
}

int value_duration(const char *s, const char *what, double *out, char *msg, size_t len)
{
	char e[64];
	int rc = units_parse_duration(s, out);
	if (rc == 0)
		return 0;
	if (rc == -2)
		return errmsg(msg, len, "'%s' is shorter than a nanosecond, the finest duration iolab "
		              "keeps: '%s'", what, yaml_tree_echo(s, e, sizeof e));
	if (s[0] == '-')
		return errmsg(msg, len, "'%s' must not be negative: '%s'", what, yaml_tree_echo(s, e, sizeof e));
	return errmsg(msg, len, "'%s' is not a duration: '%s' (use 5s, 250ms, or a number of "
	              "seconds: digits and a point, then s, ms, us, ns, m, min or h, or none)",
	              what, yaml_tree_echo(s, e, sizeof e));
}

int value_unknown_name(const char *s, const char *what, const char *const *names,
                       size_t n, char *msg, size_t len)
{
	char e[64], list[256] = "";
	const char *near = suggest_nearest(s, names, n);
	if (near)
		return errmsg(msg, len, "unknown %s '%s'; did you mean '%s'?", what,
		              yaml_tree_echo(s, e, sizeof e), near);
	for (size_t i = 0; i < n; i++) {
		strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
		strncat(list, names[i], sizeof list - strlen(list) - 1);
	}
	return errmsg(msg, len, "unknown %s '%s'; expected one of: %s", what,
	              yaml_tree_echo(s, e, sizeof e), list);
}
