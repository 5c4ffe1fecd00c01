/* progress.h - the progress file of iolab before the lab notebook, read
 * once for store_import_progress() (store.h), which files its entries as
 * runs and renames it progress.imported.  Nothing writes it.
 *
 * It lived at $XDG_STATE_HOME/iolab/progress (or
 * ~/.local/state/iolab/progress), text, one record a line:
 *
 *     # iolab progress 1
 *     lesson w03-byte status=ok rate=3483638 log_rate=15.06 ... when=1700000000
 *     point s01-sweep block=4096 cache=warm ok=1 seconds=0.01 calls=2560 ...
 *
 * A file that does not parse is not imported and is left as it is.
 */
#ifndef IOLAB_PROGRESS_H
#define IOLAB_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "trial.h"
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
	char *path;               /* where it was read from; NULL = nowhere */
	struct progress_entry *entries;
	size_t nentries;
	struct progress_point *points;
	size_t npoints;
};

/* Start empty and read `path` (NULL: nothing to read).  A missing file is
 * an empty progress.  Returns 0; or -1 with the reason in msg when the
 * file could not be read or does not parse (p is then empty). */
int progress_load(struct progress *p, const char *path, char *msg, size_t msglen);
void progress_free(struct progress *p);

const struct progress_entry *progress_find(const struct progress *p, const char *id);
/* Insert or replace the entry with e->id (the reader's: a later line of
 * one lesson replaces an earlier one).  0 or -1 (out of memory). */
int progress_set(struct progress *p, const struct progress_entry *e);
/* Copy up to max points of lesson `id` into out; returns how many. */
size_t progress_get_points(const struct progress *p, const char *id,
                           struct sweep_point *out, size_t max);

#endif
