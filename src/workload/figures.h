/* figures.h - the figures worked out from a run's counts, one function
 * each, for batch, the lab and the notebook alike.
 *
 * Why one place: a figure computed twice drifts (bytes per syscall was
 * once bytes over reads plus writes in batch, bytes over the workload's
 * own kind on screen: t02's dd showed 2 KiB in one and 4 KiB in the
 * other).  Each function takes counts, not a view or a result, so a live
 * sample and a finished trial are worked out the same way.
 */
#ifndef IOLAB_FIGURES_H
#define IOLAB_FIGURES_H

#include <stdint.h>

#include "workload.h"

/* Whether the workload's own system calls, the ones that carry its bytes,
 * are writes (a write) or reads (everything else: a read, a seek loop, a
 * mapping, a command run to read). */
int figures_writes(const struct wl_spec *s);
/* "write" or "read": the name of that kind. */
const char *figures_own_kind(const struct wl_spec *s);
/* The count of that kind from the kernel's read and write counts (-1
 * unavailable), the other kind left out: dd's writes to /dev/null are
 * not how it reads the file. */
int64_t figures_own_syscalls(const struct wl_spec *s, int64_t syscr, int64_t syscw);
/* Bytes per system call: the bytes moved over figures_own_syscalls; NaN
 * when that count is unavailable or 0. */
double figures_bytes_per_syscall(const struct wl_spec *s, uint64_t bytes, int64_t syscr,
                                 int64_t syscw);

#endif
