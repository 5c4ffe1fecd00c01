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

#include <stddef.h>
#include <stdint.h>

#include "device.h"
#include "wl_kind.h"
#include "wl.h"

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

/* The price of one call: seconds over count; NaN when count is not
 * positive or seconds unknown. */
double figures_per_call(double seconds, int64_t count);
/* The call the workload makes for each access (write, fread, memread
 * ...); CALL_NONE for a command, whose calls the lab cannot count. */
enum call_kind figures_own_call(const struct wl_spec *s);

/* The rate the workload would have had on a CPU of its own: bytes over
 * the wall time less the wait for a CPU; NaN when the wait is unknown. */
double figures_rate_alone(uint64_t bytes, double wall, double cpu_wait);
/* The wait for a CPU as a share of the wall time; NaN when unknown. */
double figures_wait_share(double wall, double cpu_wait);

/* Device bytes per byte the workload moved, its own way: written for a
 * write, read otherwise; NaN when the device counts are unknown or no byte
 * moved. */
double figures_amplification(const struct wl_spec *s, uint64_t bytes,
                             const struct device_stat *d);

#endif
