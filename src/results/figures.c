/* figures.c - a run's figures from its counts (see figures.h). */
#include "config.h"

#include <math.h>

#include "figures.h"

int figures_writes(const struct wl_spec *s)
{
	return s && s->op == WL_OP_WRITE;
}

const char *figures_own_kind(const struct wl_spec *s)
{
	return figures_writes(s) ? "write" : "read";
}

int64_t figures_own_syscalls(const struct wl_spec *s, int64_t syscr, int64_t syscw)
{
	int64_t n = figures_writes(s) ? syscw : syscr;
	return n < 0 ? -1 : n;
}

double figures_bytes_per_syscall(const struct wl_spec *s, uint64_t bytes, int64_t syscr,
                                 int64_t syscw)
{
	int64_t n = figures_own_syscalls(s, syscr, syscw);
	return n > 0 ? (double)bytes / (double)n : NAN;
}

double figures_per_call(double seconds, int64_t count)
{
	return count > 0 && seconds >= 0 ? seconds / (double)count : NAN;
}

enum call_kind figures_own_call(const struct wl_spec *s)
{
	const struct wl_kind *k = s ? wl_kind_of(s) : NULL;
	return k && !k->command ? k->primary : CALL_NONE;
}

double figures_rate_alone(uint64_t bytes, double wall, double cpu_wait)
{
	double own = wall - cpu_wait;
	return cpu_wait >= 0 && own > 0 ? (double)bytes / own : NAN;
}

double figures_wait_share(double wall, double cpu_wait)
{
	return cpu_wait >= 0 && wall > 0 ? cpu_wait / wall : NAN;
}

double figures_amplification(const struct wl_spec *s, uint64_t bytes,
                             const struct device_stat *d)
{
	int64_t dev = figures_writes(s) ? d->write_bytes : d->read_bytes;
	return dev >= 0 && bytes > 0 ? (double)dev / (double)bytes : NAN;
}
