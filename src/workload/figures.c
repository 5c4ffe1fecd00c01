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
