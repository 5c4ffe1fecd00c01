/* value.h - words, sizes, durations and names read from text, with the
 * messages the lab gives for them wherever they are typed.
 *
 * Why a file of its own: the lesson loader (yaml_walk.c), the one-line
 * workload spec (wl_keys.c: --run, the store's spec column) and the
 * experiment form all read the same values; a size that is refused must
 * be refused with the same sentence in a lesson file, on the command line
 * and under a form field.  These functions know no YAML and no position:
 * each caller says where the value was.
 *
 * Each returns 0, or -1 with the message in msg (errmsg style).  `what`
 * names the value in the message: the key it was given for ("block").
 */
#ifndef IOLAB_VALUE_H
#define IOLAB_VALUE_H

#include <stddef.h>
#include <stdint.h>

/* Room for any message of these functions (and of wl_keys.h's rows). */
#define VALUE_MSG_MAX 384

/* At most LESSON_WORD_MAX bytes: "'WHAT' is longer than 256 bytes". */
int value_word(size_t n, const char *what, char *msg, size_t len);

/* units.h's sizes: "'WHAT' must not be negative: '-1'", "'WHAT' is too
 * large: '...'", "'WHAT' is not a size: 'x' (use bytes, or ...)". */
int value_size(const char *s, const char *what, uint64_t *out, char *msg, size_t len);

/* units.h's durations: "'WHAT' must not be negative: '-1s'", "'WHAT' is
 * not a duration: 'x' (use 5s, 250ms, or a number of seconds)". */
int value_duration(const char *s, const char *what, double *out, char *msg, size_t len);

/* A name that is not one of names[0..n): "unknown WHAT 'x'; did you mean
 * 'y'?" (suggest.h's rule) or "unknown WHAT 'x'; expected one of: a, b".
 * Always returns -1. */
int value_unknown_name(const char *s, const char *what, const char *const *names,
                       size_t n, char *msg, size_t len);

#endif
