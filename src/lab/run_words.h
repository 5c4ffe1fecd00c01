/* run_words.h - a run in words, the same on every screen that shows one:
 * the live panel, a race's panels and presentation mode.
 *
 * Each of these used to word a run its own way, and they drifted apart:
 * the race said "DONE: 10.0 s" where the panel said "DONE: watched
 * 10.0 s", and lumped a strided read's fread and fseek calls into one
 * "calls" figure the panel showed by kind.  So the words are decided here,
 * once, as fitline parts (fitline.h) that each view fits into its own
 * width without cutting one:
 *   - the rate a view shows (run_view_rate);
 *   - the state of the run (run_state_words): "RUNNING  3.2 s of 10 s,
 *     pass 4", "DONE: watched 10.0 s, 4 whole passes in 5 trials", with
 *     what may be left out marked optional ("(raced: not the lesson's
 *     result)", briefly "(raced)") and an error's message apart, as words
 *     to wrap;
 *   - the program's own calls by kind (run_calls_words): "fread 688,126"
 *     "fseek 688,126", live (over every trial of a watched run) or at the
 *     end, or why there is no count (an outside program's calls).
 *
 * Curses-free and in libiolab.a (glyphs and roles are the views'):
 * tests/check_run_words.c checks every wording exactly. */
#ifndef IOLAB_RUN_WORDS_H
#define IOLAB_RUN_WORDS_H

#include <stddef.h>

#include "fitline.h"
#include "lab.h"

/* The rate a view shows: now and the average while live, else the
 * result's (or the saved one's) as both; 0 when it has none to show. */
int run_view_rate(const struct run_view *v, double *now, double *avg);

/* How a run stands, for the view's glyph and colour. */
enum run_tone {
	RUN_TONE_RUNNING,         /* under way (or stopping) */
	RUN_TONE_DONE,            /* ended as the lesson means (its expected error too) */
	RUN_TONE_FAILED,          /* failed, or could not start */
	RUN_TONE_IDLE,            /* not run, or only a saved result */
	RUN_TONE_STOPPED,         /* stopped by the student: no success, no failure */
	RUN_TONES
};

#define RUN_STATE_PARTS 6
#define RUN_WORDS_LEN 160

struct run_state {
	enum run_tone tone;
	size_t n;                 /* parts, in order; a view fits them (fitline_fit) */
	struct fit_part part[RUN_STATE_PARTS];
	char text[RUN_STATE_PARTS][RUN_WORDS_LEN];
	char detail[300];         /* words to wrap under them: the error in full ("" none) */
	int err;                  /* a failure's errno, for a view's hint (0 none) */
};

/* The state of the run v shows, in parts (ascii: durations as "us"). */
void run_state_words(const struct run_view *v, int ascii, struct run_state *out);

struct run_calls {
	size_t n;                 /* one part per kind of call made, in table order */
	struct fit_part part[CALL_KINDS];
	char text[CALL_KINDS][48];
	const char *none;         /* n == 0: why there is no count, in words */
};

/* The program's own calls by kind, as the view v shows them (spec: the
 * workload it runs or ran): every kind it made, "fread 688,126", live
 * from the child's per-chunk counts summed over a watched run's trials,
 * else from the result; the lesson's own call at 0 before the first
 * chunk.  An outside program's calls are none of ours to count (none
 * says so). */
void run_calls_words(const struct run_view *v, const struct wl_spec *spec, struct run_calls *out);

#endif
