/* model.h - this machine's cost model: a run's own counts times the
 * primitive costs `iolab --calibrate` measured (calib.h), added up.
 *
 * The lecture's time = calls*R + bytes*U, made of the prices this machine
 * really charges: a 1-byte read() of a cached file, a byte copied, an
 * fread() served from its buffer, a durable write ...  Each term of a
 * prediction is one measured count of the run (named by the field the
 * batch output gives it, "syscalls.write") times one calibrated cost, so a
 * student can see which price the seconds went to, and where the model
 * misses by more than a factor of two, which term was off: that gap is a
 * lesson of its own (read-ahead, a cold cache, write-back).
 *
 * Pure arithmetic: no I/O, no clock.
 */
#ifndef IOLAB_MODEL_H
#define IOLAB_MODEL_H

#include <stddef.h>

#include "trial.h"
#include "wl.h"

/* The primitive costs, X(id, name, unit, meaning).  name is the key in the
 * notebook and in `--calibrate --format json`; unit says what one is. */
#define COST_ROWS(X) \
	X(READ,        "read",         "call", "a 1-byte read() of a cached file") \
	X(WRITE,       "write",        "call", "a 1-byte write() to a cached file") \
	X(LSEEK,       "lseek",        "call", "an lseek()") \
	X(COPY_BYTE,   "copy_byte",    "byte", "a byte copied between the kernel and the program") \
	X(FREAD,       "fread",        "call", "a 1-byte fread() served from the stdio buffer") \
	X(FWRITE,      "fwrite",       "call", "a 1-byte fwrite() into the stdio buffer") \
	X(FGETC,       "fgetc",        "call", "an fgetc() served from the stdio buffer") \
	X(FPUTC,       "fputc",        "call", "an fputc() into the stdio buffer") \
	X(MAP_LOAD,    "map_load",     "byte", "a byte loaded from a mapping already faulted in") \
	X(PAGE_FAULT,  "page_fault",   "fault", "a minor page fault of a mapped cached file") \
	X(SYNC_WRITE,  "sync_write",   "call", "a 1-byte write() with O_SYNC: durable") \
	X(FSYNC_PAGE,  "fsync_page",   "call", "an fsync() of one dirty page") \
	X(FLUSH_BYTE,  "flush_byte",   "byte", "a dirty byte an fsync() writes back (1 / its bandwidth)") \
	X(COLD_BYTE,   "cold_byte",    "byte", "a byte of a cold sequential read (1 / its bandwidth)") \
	X(COLD_READ,   "cold_read_4k", "call", "a cold random 4 KiB read(): one device round trip")

#define COST_ENUM(id, name, unit, meaning) COST_##id,
enum cost_id { COST_ROWS(COST_ENUM) COSTS };
#undef COST_ENUM

const char *model_cost_name(enum cost_id c);      /* "copy_byte" */
const char *model_cost_unit(enum cost_id c);      /* "byte" */
const char *model_cost_meaning(enum cost_id c);
/* "copy_byte" -> COST_COPY_BYTE: 0, or -1 for no such cost. */
int model_cost_from_name(const char *name, enum cost_id *out);

/* Seconds per unit, NAN where this machine could not measure it (no
 * device under a tmpfs: no durable write, no cold read). */
struct cost_table {
	double cost[COSTS];
};
void model_cost_table_init(struct cost_table *t);   /* every cost NAN */

/* One term: count (the run's measured field `field`) times cost. */
struct model_term {
	enum cost_id cost_id;
	const char *what;         /* "durable writes", "bytes copied to the program" */
	const char *field;        /* the result field the count is: "syscalls.write" */
	double count;
	double cost;              /* seconds per unit; NAN when not calibrated */
	double seconds;           /* count * cost; NAN with it */
};

#define MODEL_TERMS_MAX 12
/* A miss by more than this factor either way names the term that was off. */
#define MODEL_MISS_FACTOR 2.0

struct model_estimate {
	int present;              /* a prediction was made (a measured run, costs) */
	double predicted_seconds; /* the sum of the terms that have a cost */
	double predicted_rate;    /* bytes / predicted_seconds; NAN without */
	double measured_seconds;
	double ratio;             /* measured / predicted; NAN without both */
	size_t nterms;            /* terms, largest seconds first (uncosted last) */
	struct model_term terms[MODEL_TERMS_MAX];
	size_t uncosted;          /* terms whose cost this machine lacks */
	/* When ratio is past MODEL_MISS_FACTOR: the term that was off (the
	 * largest, which the gap is put on) and what its cost would have had
	 * to be for the sum to match (NAN when no cost could: the time went
	 * to something the model has no term for). -1: no miss. */
	int off;
	double off_cost;
};

/* The prediction for a run of spec whose counts are t (a batch result's
 * median trial, or a watched run's sum).  Terms with a count of 0 are left
 * out.  out->present is 0 when t measured no time. */
void model_predict(const struct cost_table *costs, const struct wl_spec *spec,
                   const struct trial_result *t, struct model_estimate *out);

/* "39,579 durable writes x 251 us = 9.94 s" (ascii) or with a "\u00d7"
 * and "\u00b5s". */
void model_term_words(const struct model_term *term, int ascii, char *buf, size_t len);
/* "model 10.1 s (measured 10.0 s): 39,579 durable writes x 251 us = 9.94 s"
 * The headline: predicted beside measured, and the largest term. */
void model_headline(const struct model_estimate *m, int ascii, char *buf, size_t len);
/* When the model missed: "off by 3.2x: read() calls cost 4.1 us each here,
 * not 0.9 us", or "off by 3.2x: the time went to what no term counts";
 * "" when it did not miss. */
void model_miss_words(const struct model_estimate *m, int ascii, char *buf, size_t len);

#endif
