/* suggest.c - one edit distance and one threshold for every "did you mean"
 * (the rule is in suggest.h).
 *
 * Two copies used to disagree: the loader's (case-insensitive, swaps cost
 * one, at most 2 edits and half the word) and batch's (case-sensitive
 * Levenshtein, up to 3 edits).  The loader's is the one kept: it already
 * answered every typo the tests ask about, for lesson ids too, and its
 * half-the-word limit stops short names from "matching" anything.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "suggest.h"

static int fold(char c)
{
	return tolower((unsigned char)c);
}

size_t suggest_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > SUGGEST_WORD_MAX || lb > SUGGEST_WORD_MAX)
		return SIZE_MAX;
	unsigned short d[SUGGEST_WORD_MAX + 1][SUGGEST_WORD_MAX + 1];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned short)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned short)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int ai = fold(a[i - 1]), bj = fold(b[j - 1]);
			unsigned v = d[i - 1][j - 1] + (ai != bj);
			if (d[i - 1][j] + 1u < v)
				v = d[i - 1][j] + 1u;
			if (d[i][j - 1] + 1u < v)
				v = d[i][j - 1] + 1u;
			if (i > 1 && j > 1 && ai == fold(b[j - 2]) && fold(a[i - 2]) == bj &&
			    d[i - 2][j - 2] + 1u < v)
				v = d[i - 2][j - 2] + 1u;
			d[i][j] = (unsigned short)v;
		}
	return d[la][lb];
}

void suggest_init(struct suggest *s, const char *word)
{
	s->word = word;
	s->best = NULL;
	s->bestd = SIZE_MAX;
}

void suggest_offer(struct suggest *s, const char *candidate)
{
	if (!candidate)
		return;
	size_t d = suggest_distance(s->word, candidate);
	if (d < s->bestd) {       /* ties: the first offered wins */
		s->bestd = d;
		s->best = candidate;
	}
}

const char *suggest_result(const struct suggest *s)
{
	if (!s->best)
		return NULL;
	size_t lw = strlen(s->word), lb = strlen(s->best);
	size_t longest = lw > lb ? lw : lb;
	return s->bestd <= SUGGEST_EDITS_MAX && s->bestd <= longest / 2 ? s->best : NULL;
}

const char *suggest_nearest(const char *word, const char *const *cands, size_t n)
{
	struct suggest s;
	suggest_init(&s, word);
	for (size_t i = 0; i < n; i++)
		suggest_offer(&s, cands[i]);
	return suggest_result(&s);
}
