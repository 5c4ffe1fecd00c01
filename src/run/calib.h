/* calib.h - `iolab --calibrate`: this machine's primitive costs, measured
 * with the engine's own loops in the private scratch directory.
 *
 * Each cost (model.h's COST_ROWS) is one trial of a workload chosen so
 * that one count dominates it (a 1-byte read() of a cached file: seconds
 * over read() calls), with the costs measured before it taken out (an
 * fread() from its buffer: the loop's seconds less its refills' read()
 * calls and copied bytes, over the fread() calls).  Only fgetc() and
 * fputc() are timed here in-process on a scratch file, a loop of nothing
 * else.
 *
 * A calibration belongs to the machine, kernel, filesystem and device it
 * was measured on (struct calib_key): the notebook keeps one per key, so
 * a change of any of them is a new calibration.
 */
#ifndef IOLAB_CALIB_H
#define IOLAB_CALIB_H

#include <stddef.h>

#include "model.h"
#include "scratch.h"

struct calib_key {
	char machine[192];        /* "host x86_64 Intel(R) Xeon(R) ..." */
	char kernel[128];         /* uname -r */
	char filesystem[32];      /* of the scratch directory */
	char device[96];          /* "8:1 sda1", or "none" with no block device */
};
/* The key of this machine with its scratch directory s. */
void calib_key_of(const struct scratch *s, struct calib_key *k);

struct calibration {
	struct calib_key key;
	struct cost_table costs;
	char why[COSTS][96];      /* why a cost is NAN ("no device under tmpfs") */
	double took;              /* seconds the measuring took */
	int quick;                /* measured with --quick: shorter, rougher */
	char at[32];              /* when, ISO 8601 UTC */
};

/* The measurement one cost at a time, for the lab, which shows its
 * progress between costs and keeps its screen alive: calib_begin, then
 * calib_step until it returns 0 (steps->cal is then whole). */
struct calib_steps {
	struct calibration cal;
	size_t next;              /* the next row to measure */
	double start;
};
size_t calib_count(void);     /* how many measurements */
void calib_begin(struct calib_steps *st, const struct scratch *s, int quick);
/* What the next step measures ("an lseek()"), NULL when done. */
const char *calib_next_what(const struct calib_steps *st);
/* Measure the next cost: 1 when more are to come, 0 when done. */
int calib_step(struct calib_steps *st, struct scratch *s);

/* Called before each measurement: i of n, what is measured. */
typedef void (*calib_progress_fn)(void *arg, size_t i, size_t n, const char *what);

/* Measure every cost in scratch s (the full calibration takes at most
 * CALIB_BUDGET seconds; quick, a fraction of a second per cost).  A cost
 * that cannot be measured here is NAN with its reason in why[].  0, or -1
 * with msg when nothing could be (an interrupt, no space). */
#define CALIB_BUDGET 20.0
int calib_measure(struct scratch *s, int quick, calib_progress_fn progress, void *arg,
                  struct calibration *out, char *msg, size_t len);

#endif
