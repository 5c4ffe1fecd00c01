/* progress.h - the student's saved progress: which lessons were run and
 * their last results, kept between sessions of the lab.
 *
 * Stored at $XDG_STATE_HOME/iolab/progress (or ~/.local/state/iolab/progress)
 * as text, one record a line, so a person can read it and a later version
 * can add keys:
 *
 *     # iolab progress 1
 *     lesson w03-byte status=ok rate=3483638 log_rate=15.06 ... when=1700000000
 *     point s01-sweep block=4096 cache=warm ok=1 seconds=0.01 calls=2560 ...
 *
 * Saving writes a temporary file beside it, syncs it and renames it over
 * the old one, so the file is never half-written and never lost
 * (atomic_file.h: a symbolic link to it stays a link; a path that is a FIFO
 * or a device is refused, never replaced).  A file
 * that does not parse is ignored with a message (and replaced on the next
 * save); it never stops the lab.
 */
#ifndef IOLAB_PROGRESS_H
#define IOLAB_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "engine.h"
#include "sweep.h"

#define PROGRESS_ID_MAX 64

struct progress_entry {
	char id[PROGRESS_ID_MAX];
	int ok;                   /* ran (or failed as the lesson expects) */
	int stopped;              /* stopped early (time limit or the student) */
	int err;                  /* errno of a failure, 0 if none */
	char error[256];          /* the failure in words, "" if none */
	double rate, log_rate, seconds;
	uint64_t bytes, calls;    /* calls: every kind the workload made */
	int64_t syscr, syscw;     /* kernel counts; -1 unavailable */
	uint64_t block;           /* the block size it ran with */
	int cold;                 /* ran with a cold cache */
	int64_t when;             /* time(NULL) at the end of the run */
};

/* One point of a sweep lesson's last sweep. */
struct progress_point {
	char id[PROGRESS_ID_MAX];
	struct sweep_point p;
};

struct progress {
	char *path;               /* where it is saved; NULL = nowhere */
	struct progress_entry *entries;
	size_t nentries;
	struct progress_point *points;
	size_t npoints;
};

/* $XDG_STATE_HOME/iolab/progress, else $HOME/.local/state/iolab/progress.
 * Returns 0, or -1 when neither variable gives an absolute directory. */
int progress_default_path(char *buf, size_t len);

/* Start empty and read `path` (NULL: nothing to read or save).  A missing
 * file is an empty progress.  Returns 0; or -1 with the reason in msg when
 * the file could not be read or does not parse: p is then empty but usable,
 * and the next save replaces the file. */
int progress_load(struct progress *p, const char *path, char *msg, size_t msglen);
void progress_free(struct progress *p);

const struct progress_entry *progress_find(const struct progress *p, const char *id);
/* Insert or replace the entry with e->id.  0 or -1 (out of memory). */
int progress_set(struct progress *p, const struct progress_entry *e);
/* Replace the sweep points of lesson `id` with pts[0..n-1]. */
int progress_set_points(struct progress *p, const char *id,
                        const struct sweep_point *pts, size_t n);
/* Copy up to max points of lesson `id` into out; returns how many. */
size_t progress_get_points(const struct progress *p, const char *id,
                           struct sweep_point *out, size_t max);

/* Write atomically (temp file, fsync, rename, fsync of the directory),
 * creating the directory (0700) if need be.  0, or -1 with msg. */
int progress_save(const struct progress *p, char *msg, size_t msglen);

/* An entry from a finished trial of lesson `id` run with `spec`. */
void progress_entry_from_result(struct progress_entry *e, const char *id,
                                const struct wl_spec *spec,
                                const struct trial_result *r, int64_t when);

#endif
