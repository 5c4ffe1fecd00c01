/* stats.c - medians and the per-call / per-byte cost fit. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "stats.h"

size_t stats_median_index(const double *v, size_t n)
{
	/* n is small (trials): count, for each element, how many are below it
	 * (ties broken by index) and take the one at rank (n-1)/2. */
	size_t want = n ? (n - 1) / 2 : 0;
	for (size_t i = 0; i < n; i++) {
		size_t rank = 0;
		for (size_t j = 0; j < n; j++)
			if (v[j] < v[i] || (v[j] == v[i] && j < i))
				rank++;
		if (rank == want)
			return i;
	}
	return 0;
}

double stats_min(const double *v, size_t n)
{
	double m = n ? v[0] : NAN;
	for (size_t i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

double stats_max(const double *v, size_t n)
{
	double m = n ? v[0] : NAN;
	for (size_t i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

int stats_fit_cost(const double *calls, const double *bytes, const double *seconds,
                   size_t n, double *r, double *u)
{
	/* Normal equations of  t = c*R + b*U, no intercept.  The points differ
	 * by many orders of magnitude, so each row is weighted by 1/t: the fit
	 * minimises relative error and a 1-byte-block point counts as much as a
	 * 1 MiB one. */
	double scc = 0, sbb = 0, scb = 0, sct = 0, sbt = 0;
	size_t used = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(seconds[i] > 0) || !(calls[i] > 0))
			continue;
		double w = 1 / seconds[i];
		double c = calls[i] * w, b = bytes[i] * w, t = 1;
		scc += c * c;
		sbb += b * b;
		scb += c * b;
		sct += c * t;
		sbt += b * t;
		used++;
	}
	double det = scc * sbb - scb * scb;
	if (used < 2 || !(fabs(det) > 1e-12 * scc * sbb))
		return -1;
	*r = (sct * sbb - sbt * scb) / det;
	*u = (sbt * scc - sct * scb) / det;
	return 0;
}
