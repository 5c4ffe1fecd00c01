/* sweep.h - a block-size sweep: one workload run at many block sizes, warm
 * and cold, and the fit of  seconds = calls*R + bytes*U  over its points.
 * Batch and the interactive lab both drive the points (trial_start per
 * trial) and use these helpers: a point is made from the summary of its
 * trials, one rule for both. */
#ifndef IOLAB_SWEEP_H
#define IOLAB_SWEEP_H

#include <stddef.h>
#include "trial.h"
#include "lesson.h"

struct sweep_point {
	uint64_t block;
	enum wl_cache cache;
	int ok;                   /* measured without error */
	double seconds, calls, bytes, rate;
};

/* Number of points of a lesson's sweep (caches x blocks), 0 if none. */
size_t sweep_npoints(const struct sweep *sw);
/* Point i (cache-major: every block warm, then every block cold). */
void sweep_point_at(const struct sweep *sw, size_t i, uint64_t *block, enum wl_cache *cache);
/* The lesson's workload with that block and cache (a deep copy: free it). */
int sweep_point_spec(const struct wl_spec *base, uint64_t block, enum wl_cache cache,
                     struct wl_spec *out);
/* The point of that block and cache from the summary of its trials.  ok
 * (the point counts in the fit) when every trial ran as meant, the median
 * trial without error (an expected error measures no cost) and in a
 * measurable time; its figures are the median trial's. */
void sweep_point_from_summary(struct sweep_point *p, uint64_t block, enum wl_cache cache,
                              const struct trial_summary *s);
/* What a series of the sweep's chart is, for its legend and its fit line:
 * a read's points differ by the page cache ("warm", "cold"); a write's by
 * how the data reaches the file: its open flags ("O_SYNC", "O_DSYNC+O_DIRECT"),
 * else a sync at the end ("fsync at end"), else "page cache" (a plain write
 * stops there).  A cold write series adds " (cold)". */
void sweep_series_name(const struct wl_spec *base, enum wl_cache cache, char *buf, size_t len);
/* Fit R (seconds per call) and U (seconds per byte) over the ok points of
 * one cache state.  0, or -1 when they do not determine both. */
int sweep_fit(const struct sweep_point *p, size_t n, enum wl_cache cache, double *r, double *u);

#endif
