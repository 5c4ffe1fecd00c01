/* sanitize.h - text from files and other programs, made safe for a terminal.
 *
 * Lesson titles, error texts and the last line of a command's stderr reach
 * the terminal (--list, batch progress) and files read in one (CSV).  A
 * title holding ESC [ 2 J clears the screen, an OSC sequence retitles the
 * window, a right-to-left override makes a line read other than it is.
 * The rule is the lesson loader's for the values it quotes: C0 controls
 * (tab too: it separates --list's columns), DEL, C1 controls and the
 * bidirectional embeddings, overrides and isolates (U+202A..U+202E,
 * U+2066..U+2069) become '?', one per character; a byte that is not part
 * of valid UTF-8 becomes '?'; all other text is kept as it is.  Pure.
 */
#ifndef IOLAB_SANITIZE_H
#define IOLAB_SANITIZE_H

#include <stddef.h>

/* Does `in` hold anything sanitize_copy would replace? */
int sanitize_needed(const char *in);
/* Copies the harmless form of `in` into out: at most `cols` display
 * columns (cols < 0: no limit) and at most len - 1 bytes, cut between two
 * characters, always NUL-terminated (len >= 1).  Returns out. */
char *sanitize_copy(char *out, size_t len, const char *in, int cols);
/* The whole harmless form of `in` in a new string (never longer than in),
 * or NULL when out of memory.  The control characters in `keep` (NULL:
 * none) are kept: CSV quotes a field's line breaks, so a title's '\n'
 * stays there a line break. */
char *sanitize_dup(const char *in, const char *keep);
/* A message made with printf's format, its whole text made harmless as
 * sanitize_dup(text, keep) makes it: for messages that echo what a user
 * or a file gave (a lesson id, an option's argument).  malloc'd, or NULL. */
char *sanitize_printf(const char *keep, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
