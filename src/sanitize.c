/* sanitize.c - text from files and other programs, made safe for a terminal. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "textwrap.h"

/* What a terminal must not be sent: it acts on these instead of showing
 * them (controls) or shows the text around them other than it is (the
 * bidirectional overrides). */
static int unsafe(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

static char *copy(char *out, size_t len, const char *in, int cols, const char *keep)
{
	size_t o = 0, left = strlen(in);
	int used = 0;
	while (left > 0) {
		uint32_t cp;
		size_t n = tw_decode(in, left, &cp);
		/* tw_decode gives U+FFFD for one bad byte; a real U+FFFD is 3 */
		int kept = keep && cp < 0x80 && strchr(keep, (int)cp);   /* (cp is never 0) */
		int bad = (cp == 0xfffd && n == 1) || (unsafe(cp) && !kept);
		const char *piece = bad ? "?" : in;
		size_t plen = bad ? 1 : n;
		int w = bad ? 1 : tw_char_width(cp);
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
