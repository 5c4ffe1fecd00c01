/* utf8.c - one strict UTF-8 decoder (see utf8.h for who uses it and why
 * there is only one).
 *
 * The lead byte decides the length and the range the second byte may take:
 * E0 needs A0.. (else overlong), ED needs ..9F (else a surrogate), F0 needs
 * 90.. (else overlong), F4 needs ..8F (else past U+10FFFF); C0, C1 and
 * F5..FF never start a sequence.  Checking the second byte's range is what
 * makes every invalid sequence fail at its first byte, so the lossy
 * decoder replaces exactly one byte and resynchronises on the next.
 */
#include "config.h"

#include <string.h>

#include "utf8.h"

size_t utf8_decode(const char *s, size_t len, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	if (len == 0)
		return 0;
	uint32_t c = u[0];
	size_t n;
	unsigned char lo = 0x80, hi = 0xBF;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		c &= 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		if (c == 0xED)
			hi = 0x9F;
		c &= 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		if (c == 0xF4)
			hi = 0x8F;
		c &= 0x07;
	} else
		return 0;
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if (u[i] < lo || u[i] > hi)
			return 0;
		lo = 0x80, hi = 0xBF;
		c = c << 6 | (u[i] & 0x3F);
	}
	*cp = c;
	return n;
}

size_t utf8_decode_lossy(const char *s, size_t len, uint32_t *cp)
{
	if (len == 0) {
		*cp = 0;
		return 0;
	}
	size_t n = utf8_decode(s, len, cp);
	if (n)
		return n;
	*cp = UTF8_REPLACEMENT;
	return 1;
}

size_t utf8_len(const char *s)
{
	uint32_t cp;
	if (!*s)
		return 1;
	/* a NUL inside the sequence shortens len, so the decode fails there */
	return utf8_decode(s, strnlen(s, 4), &cp);
}

size_t utf8_count(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; n++) {
		uint32_t cp;
		i += utf8_decode_lossy(s + i, len - i, &cp);
	}
	return n;
}

size_t utf8_first_invalid(const char *buf, size_t len)
{
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t k = utf8_decode(buf + i, len - i, &cp);
		if (!k)
			return i;
		i += k;
	}
	return SIZE_MAX;
}

int utf8_is_terminal_unsafe(uint32_t cp)
{
	return (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) ||
	       (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
	       /* invisible: marks, zero widths, separators a line does not show */
	       cp == 0x061C || (cp >= 0x200B && cp <= 0x200F) || cp == 0x2028 || cp == 0x2029 ||
	       (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;
}
