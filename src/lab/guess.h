/* guess.h - a prediction typed before a run: a rate, or a log rate.
 *
 * The syntax (README, "Predict, then run"):
 *
 *   3MB/s  3 MB/s  3M  500k  2.5GB/s  800 B/s  800   a rate in bytes per
 *                  second; k K M G T are powers of 1000, as `K` in a lesson
 *                  file is; "B", "B/s" and "/s" may follow; b means bytes
 *                  too (no bits here)
 *   3MiB/s  3 MiB  64KiB/s    KiB MiB GiB TiB are powers of 1024
 *   ln 15.1  ln15.1           a log rate: the natural log of B/s, as the lab
 *                             prints it (ln 15.1 is about 3.6 MB/s)
 *
 * Blanks around the number and unit are ignored, letters of units are
 * read without case except the `i` of the binary ones, which must be
 * there.  A guess is from 1 B/s to 1e15 B/s (ln 0 to ln 34.5), the range of
 * the lesson format's reference rates.
 */
#ifndef IOLAB_GUESS_H
#define IOLAB_GUESS_H

#include <stddef.h>

/* The least and most a guess may be, B/s. */
#define GUESS_RATE_MIN 1.0
#define GUESS_RATE_MAX 1e15

/* Parse `text` into *rate (B/s).  0; or -1 with a sentence for the
 * student in msg ("'3 parsecs' is not a rate: ..."). */
int guess_parse(const char *text, double *rate, char *msg, size_t len);

/* How far a guess was from the measured rate, in log-rate units:
 * |ln(guess) - ln(rate)|, the store's and --history's miss.  NAN when
 * either is not a rate above 0. */
double guess_miss(double guess_rate, double rate);

#endif
