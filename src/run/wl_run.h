/* wl_run.h - the child's side of a trial: the I/O loops themselves.
 *
 * The engine forks; the child calls wl_run() (or wl_run_exec_command()) and
 * _exit()s.  Progress and the final figures travel through a wl_shared
 * block the parent mapped MAP_SHARED|MAP_ANONYMOUS before the fork, never
 * through a pipe: a pipe write would be a write syscall in the child's own
 * /proc/PID/io counts, which must hold the measured loop and nothing else.
 */
#ifndef IOLAB_WORKLOAD_RUN_H
#define IOLAB_WORKLOAD_RUN_H

#include <stdatomic.h>
#include <stdint.h>

#include "measure.h"
#include "wl.h"
#include "wl_kind.h"

enum wl_phase { WL_PHASE_SETUP, WL_PHASE_RUNNING, WL_PHASE_DONE };

/* Chunks: the op count per chunk starts at 1 and doubles while a chunk takes
 * less than WL_CHUNK_MIN_NS (halves above WL_CHUNK_MAX_NS), up to
 * WL_CHUNK_MAX_OPS.  A 1-byte O_SYNC write (~135 us) publishes every few
 * ms; a cached 1-byte op pays one clock read per up to a million ops. */
#define WL_CHUNK_MIN_NS 5000000LL
#define WL_CHUNK_MAX_NS 20000000LL
#define WL_CHUNK_MAX_OPS ((uint64_t)1 << 20)

/* CPU seconds of a process, user and system apart. */
struct cpu_split {
	double user, system;
};

struct wl_shared {
	/* live: published once per chunk */
	_Atomic uint64_t bytes;
	_Atomic uint64_t calls;
	_Atomic uint64_t calls_now[CALL_KINDS];  /* the same by kind: the live view
	                                 names each kind (fread and fseek apart) */
	_Atomic int phase;            /* enum wl_phase */
	_Atomic int stop;             /* set by the parent: stop at the next chunk */
	_Atomic int go;               /* set by the parent: the child may start (a futex) */
	/* A command in a PID namespace (trial.c): the child is its init, and
	 * the program its child.  Set by the init: the program was forked; it
	 * ended with inner_status (a wait status) */
	_Atomic int inner_forked, inner_done;
	int inner_status;
	/* Set by the init too: the program's /proc/PID/schedstat when it was
	 * forked and when it ended, read before the reap (after it the lab
	 * has nothing to read: the init is not the program, and a reaped
	 * process's counts are gone); valid with inner_done, -1 when unread */
	struct measure_sched inner_sched_go, inner_sched_end;
	/* what those reads cost the init, in its /proc/PID/io: the lab takes
	 * them off, so the init's counts stay the program's alone */
	int64_t init_rchar, init_syscr;
	double inner_cpu_seconds;     /* the program's CPU time (its rusage, its
	                                 reaped descendants' in it), the init's
	                                 own left out; -1 when unknown */
	int trial_pid;                /* set by the parent before go: the child's pid
	                                 as the lab sees it (in a PID namespace of its
	                                 own the child is 1 to itself) */
	unsigned exact_passes;        /* set by the parent before the fork: repeat
	                                 exactly this many passes, min_time aside
	                                 (the perf pass); 0: until min_time */
	uint64_t exact_bytes;         /* set by the parent before the fork: stop
	                                 after exactly this many bytes (the perf
	                                 pass of a trial cut short); 0: none */
	_Atomic int64_t start_ns;     /* CLOCK_MONOTONIC when the loop started */
	_Atomic int64_t untimed_ns;   /* of the time since start_ns, what was not
	                                 timed: evictions between cold passes */
	/* final: valid once phase is WL_PHASE_DONE */
	uint64_t calls_by_kind[CALL_KINDS];
	uint64_t checksum;
	unsigned passes;
	double seconds;
	int err;                      /* errno, 0 if none */
	int failed;                   /* error[] holds a failure */
	char failed_call[16];         /* the call that failed: "open", "write",
	                                 "execvp" ... (readers need not parse error[]) */
	int stopped, time_limited;
	char error[256];
	/* final like the above */
	double cpu_seconds;           /* CPU time of the timed loop (user+system,
	                                 getrusage, evictions left out); -1 when
	                                 not measured */
	double cpu_user, cpu_system;  /* the same, user and system apart; -1 */
	double resident_after_advice; /* fraction cached right after posix_fadvise,
	                                 before the loop; -1 when fadvise is normal
	                                 or it could not be told */
	double resident_evicted_max;  /* cold reads: the most found cached after an
	                                 eviction between passes; -1 when no pass
	                                 followed one */
	unsigned evictions;           /* cold reads: evictions between passes */
	uint64_t extra_syscalls;      /* syscalls inside the perf window that are
	                                 not the workload's (evictions), taken off
	                                 the perf pass's total */
};

/* A cold pass runs only when eviction left at most this fraction of the
 * file cached (the engine before the first pass, the child before every
 * later one). */
#define WL_COLD_MAX_RESIDENT 0.05

/* Runs spec's loop on the file at path, in the calling process (the child),
 * and fills sh.  A write opens path, which the parent created (O_EXCL, so
 * a file that was not ours is never written or removed): empty, or for
 * `file: existing` already filled; never with O_TRUNC, so an existing
 * file is overwritten in place.  perf_stops: stop the process (SIGSTOP)
 * just before and just after the loop so the parent can attach and read
 * perf counters around exactly the loop.  Returns 0, or -1 when the workload failed (sh says
 * why). */
int wl_run(const struct wl_spec *spec, const char *path, struct wl_shared *sh, int perf_stops);

/* One pass of spec's walk, as wl_run() walks it, with no file: visit is
 * called with every access's position and length in the order the loop
 * makes them, in chunks of at most budget accesses (>= 1).  Returns the
 * number of chunks.  For the tests of the walk's order. */
uint64_t wl_run_walk_visit(const struct wl_spec *spec, uint64_t budget,
                       void (*visit)(void *arg, uint64_t pos, uint64_t len), void *arg);

/* Does wl_run() have a loop for this family (WL_LOOP_NONE: no, a command
 * is exec'd)?  For the tests that walk the kind table. */
int wl_run_has_loop(enum wl_loop loop);

/* The command's argv with every "{file}" inside any word replaced by path,
 * and every "{size}" by spec->size in decimal bytes.  NULL (ENOMEM) on
 * failure; free with wl_run_command_free(). */
char **wl_run_command_argv(const struct wl_spec *spec, const char *path);
void wl_run_command_free(char **argv);

/* In the child: stdin and stdout on /dev/null, or the one redirect names
 * on the file at path (opened here, read-only onto stdin or write-only onto
 * stdout, as a shell's < and > would), stderr on errfd (or /dev/null if
 * errfd < 0), other fds closed, then execvp (never a shell).  Returns only
 * when a file could not be opened or exec failed, with the reason in sh. */
void wl_run_exec_command(char *const argv[], const char *path, enum wl_redirect redirect,
                     int errfd, struct wl_shared *sh, int perf_stop);

/* The error text of a failed call, with a hint where the lab knows the
 * usual cause (O_DIRECT alignment, file size limit).  fstype, when not NULL,
 * names the filesystem that refused O_DIRECT (the child passes NULL; the
 * engine, which knows the scratch directory's, words it again).  Used by
 * the child, the engine and tests. */
void wl_run_error_text(char *buf, size_t len, const char *call, int err, unsigned open_flags,
                   const char *fstype);

#endif
