/* sanitize.c - text from files and other programs, made safe for a terminal. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "textwrap.h"
#include "utf8.h"

/* What a terminal must not be sent (utf8.h's rule), and tab too: it would
 * split --list's columns. */
static int unsafe(uint32_t cp)
{
	return cp == '\t' || utf8_is_terminal_unsafe(cp);
}

static char *copy(char *out, size_t len, const char *in, int cols, const char *keep)
{
	size_t o = 0, left = strlen(in);
	int used = 0;
	while (left > 0) {
		uint32_t cp;
		size_t n = utf8_decode(in, left, &cp);
		int invalid = n == 0;
		if (invalid)
			n = 1;                  /* one bad byte, shown as '?' */
		int kept = !invalid && keep && cp < 0x80 && strchr(keep, (int)cp);   /* (cp is never 0) */
		int bad = invalid || (unsafe(cp) && !kept);
		const char *piece = bad ? "?" : in;
		size_t plen = bad ? 1 : n;
		int w = bad ? 1 : textwrap_char_width(cp);
		if (o + plen >= len || (cols >= 0 && used + w > cols))
			break;
		memcpy(out + o, piece, plen);
		o += plen;
		used += w;
		in += n;
		left -= n;
	}
	out[o] = '\0';
	return out;
}

int sanitize_needed(const char *in)
{
	for (size_t left = strlen(in); left > 0;) {
		uint32_t cp;
		size_t n = utf8_decode(in, left, &cp);
		if (n == 0 || unsafe(cp))
			return 1;
		in += n;
		left -= n;
	}
	return 0;
}

char *sanitize_copy(char *out, size_t len, const char *in, int cols)
{
	return copy(out, len, in, cols, NULL);
}

char *sanitize_dup(const char *in, const char *keep)
{
	size_t len = strlen(in) + 1;
	char *out = malloc(len);
	return out ? copy(out, len, in, -1, keep) : NULL;
}

char *sanitize_printf(const char *keep, const char *fmt, ...)
{
	char *raw = NULL;
	va_list ap;
	va_start(ap, fmt);
	int n = vasprintf(&raw, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	char *safe = sanitize_dup(raw, keep);
	free(raw);
	return safe;
}
