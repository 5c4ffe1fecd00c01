/* suggest.h - "did you mean": the one rule for every misspelt name.
 *
 * Used for unknown keys, enum values, errno names and reference sources in
 * lesson files, and for unknown --lesson ids, so a typo is answered the
 * same way wherever it is made.  The rule:
 *
 *   - distance: optimal string alignment (Levenshtein plus the swap of two
 *     neighbouring characters, each edit costing 1), ASCII letters compared
 *     without case ("Block" is no edit away from "block");
 *   - a candidate is offered when it is at most SUGGEST_EDITS_MAX edits away
 *     and those edits are at most half the length of the longer word ("op"
 *     is no typo of "api"), the nearest one first in the caller's order;
 *   - words longer than SUGGEST_WORD_MAX bytes are never typos of a name.
 */
#ifndef IOLAB_SUGGEST_H
#define IOLAB_SUGGEST_H

#include <stddef.h>

#define SUGGEST_EDITS_MAX 2
#define SUGGEST_WORD_MAX 64

/* Optimal string alignment distance, case-insensitive for ASCII letters;
 * SIZE_MAX when either word is longer than SUGGEST_WORD_MAX bytes. */
size_t suggest_distance(const char *a, const char *b);

/* Candidates offered one at a time (no array to build): */
struct suggest {
	const char *word;
	const char *best;
	size_t bestd;
};
void suggest_init(struct suggest *s, const char *word);
void suggest_offer(struct suggest *s, const char *candidate);
/* The nearest candidate offered, or NULL when none is close enough. */
const char *suggest_result(const struct suggest *s);

/* The same over an array: the candidate to suggest, or NULL. */
const char *suggest_nearest(const char *word, const char *const *cands, size_t n);

#endif
