/* run_words.h - a run in words, the same on every screen that shows one:
 * the live panel, a race's panels and presentation mode.
 *
 * Were each of these to word a run its own way, they would drift apart
 * (the race saying "DONE: 10.0 s" where the panel says "DONE: watched
 * 10.0 s", lumping a strided read's fread and fseek calls into one
 * "calls" figure the panel shows by kind).  So the words are decided here,
 * once, as fitline parts (fitline.h) that each view fits into its own
 * width without cutting one:
 *   - the rate a view shows (run_words_view_rate);
 *   - the state of the run (run_words_state): "RUNNING  3.2 s of 10 s,
 *     pass 4", "DONE: watched 10.0 s, 4 whole passes in 5 trials", with
 *     what may be left out marked optional ("(raced: not the lesson's
 *     result)", briefly "(raced)") and an error's message apart, as words
 *     to wrap;
 *   - the program's own calls by kind (run_words_calls): "fread 688,126"
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
int run_words_view_rate(const struct run_view *v, double *now, double *avg);

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
	char detail[400];         /* words to wrap under them: the error in full, or a
	                             scenario's file ("" none) */
	int err;                  /* a failure's errno, for a view's hint (0 none) */
};

/* The state of the run v shows, in parts (ascii: durations as "us"). */
void run_words_state(const struct run_view *v, int ascii, struct run_state *out);

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
void run_words_calls(const struct run_view *v, const struct wl_spec *spec, struct run_calls *out);

/* --- what explains the rate: the time, the price of a call, the layers --- */

/* Where the time went, for a stacked bar of the wall time: user, system,
 * the wait for a CPU and the rest (blocked), live (coarse) or at the end. */
enum run_time_part { RUN_TIME_USER, RUN_TIME_SYSTEM, RUN_TIME_WAIT, RUN_TIME_BLOCKED,
                     RUN_TIME_PARTS };
struct run_time {
	int have;                 /* there is a wall time and CPU time to split */
	double wall;
	double share[RUN_TIME_PARTS];   /* of the bar, 0..1, adding up to 1 */
	int split;                /* the wait and the rest are measured apart;
	                             0: RUN_TIME_BLOCKED is all the time off the
	                             CPU, unsplit, and note says why */
	size_t n;                 /* legend parts: "user 2%" ... */
	struct fit_part part[RUN_TIME_PARTS + 1];
	char text[RUN_TIME_PARTS + 1][128];
	char brief[RUN_TIME_PARTS + 1][32];
	char note[96];
};
/* The legend's names: "user", "system", "CPU wait", "blocked". */
const char *run_words_time_part_name(enum run_time_part p);
void run_words_time(const struct run_view *v, int ascii, struct run_time *out);

/* The price of one call (the lecture's R), the wall time over the calls:
 * "write() 251 µs each", and for stdio its system call's too ("fwrite()
 * 15 ns each", "write() 62 µs each"); n 0 when there are no calls yet. */
struct run_price {
	size_t n;
	struct fit_part part[2];
	char text[2][64];
};
void run_words_price(const struct run_view *v, int ascii, struct run_price *out);

/* The three layers of batching: the program's calls, the system calls,
 * the device's requests: "10,485,760 fwrite" "-> 2,560 write()" "-> 38
 * whole-device writes" (the device's count: anything else on it too); n
 * 0 before there is anything. */
#define RUN_LAYER_PARTS 4
struct run_layers {
	size_t n;
	struct fit_part part[RUN_LAYER_PARTS];
	char text[RUN_LAYER_PARTS][64];
};
void run_words_layers(const struct run_view *v, int ascii, struct run_layers *out);

/* "busy: waited 1.2 s of 3.0 s for a CPU" when the run (so far) waited for
 * a CPU longer than report.h's REPORT_BUSY_WAIT_SHARE of its wall time;
 * 0 and "" otherwise. */
int run_words_busy(const struct run_view *v, int ascii, char *buf, size_t len);

#endif
