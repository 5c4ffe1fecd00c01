/* stats.h - medians and the per-call / per-byte cost fit.  Pure. */
#ifndef IOLAB_STATS_H
#define IOLAB_STATS_H

#include <stddef.h>

/* Index of the median element of v[0..n-1] (lower median for even n). */
size_t stats_median_index(const double *v, size_t n);
double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);

/* Least squares on seconds = calls*R + bytes*U (no intercept).
 * Returns 0 and sets *r (seconds per call), *u (seconds per byte), or -1
 * when the points do not determine both (fewer than 2 distinct ratios). */
int stats_fit_cost(const double *calls, const double *bytes, const double *seconds,
                   size_t n, double *r, double *u);

#endif
