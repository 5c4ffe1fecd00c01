/* utf8.h - the one UTF-8 decoder of the lab, and the few ways callers use it.
 *
 * Lesson files, error texts and file names reach three kinds of caller:
 * the loader (which must say where a file stops being UTF-8), the report
 * writers (whose output must stay valid UTF-8 whatever went in) and the
 * text views (which must draw something for every byte).  They all decode
 * with utf8_decode(), so they agree on what is valid: the shortest form
 * only (no overlong sequences), no UTF-16 surrogates (U+D800..U+DFFF),
 * nothing past U+10FFFF - the rules of RFC 3629 and of libyaml's reader.
 * The entry points below differ only in what they do with invalid bytes.
 */
#ifndef IOLAB_UTF8_H
#define IOLAB_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_REPLACEMENT 0xFFFDu   /* what a view shows for a broken byte */

/* Length (1-4) of the valid sequence at s (at most len bytes) with its code
 * point in *cp; 0 when the bytes there are not valid UTF-8, or len is 0. */
size_t utf8_decode(const char *s, size_t len, uint32_t *cp);

/* For display: as utf8_decode, but an invalid byte decodes as
 * UTF8_REPLACEMENT and counts 1, so every byte is consumed.  Returns 0 only
 * when len is 0 (*cp is then 0). */
size_t utf8_decode_lossy(const char *s, size_t len, uint32_t *cp);

/* For NUL-terminated strings: length (1-4) of the valid sequence at s, 1 for
 * the terminating NUL itself, 0 when the byte at s starts none.  Never reads
 * past the NUL. */
size_t utf8_len(const char *s);

/* How many characters s[0..len) holds as utf8_decode_lossy() reads them:
 * an invalid byte is one (a view shows U+FFFD for it).  What a caret or a
 * column counts; a NUL is a character like any other. */
size_t utf8_count(const char *s, size_t len);

/* Offset of the first byte of buf[0..len) that is not part of valid UTF-8,
 * or SIZE_MAX when all of it is. */
size_t utf8_first_invalid(const char *buf, size_t len);

/* A character a terminal must not be sent from untrusted text: C0 controls
 * (tab aside), DEL and the C1 controls (escape sequences start there), and
 * the bidirectional overrides, isolates and marks that make a line read
 * other than it is, and the invisible characters (zero-width space and
 * joiners, word joiner, line and paragraph separators, BOM) that hide or
 * split what it says. */
int utf8_is_terminal_unsafe(uint32_t cp);

#endif
