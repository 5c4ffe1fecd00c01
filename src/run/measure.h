/* measure.h - what the kernel says about a process and a file.
 *
 * /proc/PID/io, rusage, page-cache residency (cachestat(2) or mincore),
 * eviction of one file without root, and perf tracepoint counting.  Data
 * collection only: nothing here prints or decides.  A counter that could
 * not be read is -1 ("unavailable"), never 0.
 *
 * The residency functions make no read- or write-family syscall (fstat,
 * cachestat, mmap, mincore), so the workload child may call them between
 * its passes without changing its /proc/PID/io counts; everything else
 * here runs in the parent.
 */
#ifndef IOLAB_MEASURE_H
#define IOLAB_MEASURE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

/* The system calls perf counts, by kind, in the order of measure.c's
 * tracepoint table (and of a result's sys[]). */
enum sys_kind { SYS_READ, SYS_WRITE, SYS_LSEEK, SYS_FSYNC, SYS_FDATASYNC, SYS_TOTAL, SYS_KINDS };
const char *measure_sys_kind_name(enum sys_kind k);

/* CLOCK_MONOTONIC in seconds. */
double measure_now(void);

/* --- /proc/PID/io -------------------------------------------------------- */

struct measure_io {
	int64_t rchar, wchar;         /* bytes through read/write-family calls */
	int64_t syscr, syscw;         /* read/write-family syscalls */
	int64_t read_bytes, write_bytes;  /* storage I/O caused */
	int64_t cancelled_write_bytes;
};

/* Every field -1. */
void measure_io_clear(struct measure_io *io);
/* Parses the text of /proc/PID/io.  Fields not found stay -1.  Returns the
 * number of fields found (0: nothing usable). */
int measure_io_parse(const char *text, struct measure_io *io);
/* Reads /proc/PID/io.  0, or -1 (every field -1) when it cannot be read. */
int measure_io_read(pid_t pid, struct measure_io *io);
/* /proc/PID/io held open (O_CLOEXEC), or -1.  Open it while the process
 * lives: once it has exited the kernel gives its /proc files to root, and
 * only root can open them; a descriptor opened before still reads its
 * final counts until it is reaped. */
int measure_io_open(pid_t pid);
/* Reads a descriptor from measure_io_open, from the start each time.  0,
 * or -1 (every field -1). */
int measure_io_read_fd(int fd, struct measure_io *io);

/* --- /proc/PID/schedstat ------------------------------------------------ */

/* The scheduler's account of one task: nanoseconds on a CPU and waiting
 * on a run queue (runnable, no CPU free); -1 when not known. */
struct measure_sched {
	int64_t on_cpu_ns;
	int64_t run_delay_ns;
};

/* Parses the text of /proc/PID/schedstat ("on_cpu run_delay slices").  0;
 * or -1 with both -1 when it is not that.  A kernel built without
 * scheduler statistics prints "0 0 0", as does a task not yet run: read
 * after a task ran, on_cpu_ns 0 means the kernel does not count. */
int measure_sched_parse(const char *text, struct measure_sched *out);
/* /proc/PID/schedstat held open (O_CLOEXEC), or -1 (no such file: a
 * kernel without CONFIG_SCHED_INFO). */
int measure_sched_open(pid_t pid);
/* Reads a descriptor from measure_sched_open: 0, or -1 (both -1). */
int measure_sched_read_fd(int fd, struct measure_sched *out);

/* A process's CPU seconds so far, user and system apart, from the text
 * of /proc/PID/stat (clock ticks: a hundredth of a second, so for a live
 * view, not a result).  0, or -1 with both -1. */
int measure_stat_cpu_parse(const char *text, double *user, double *system);
int measure_stat_cpu_read(pid_t pid, double *user, double *system);

/* Where a timed loop's wall time went: its CPU time (user, system), its
 * time runnable but waiting for a CPU (cpu_wait), and the rest (blocked:
 * waiting for the device, a lock, a sleep).  Seconds; -1 unknown. */
struct measure_time {
	double wall, user, system, cpu_wait, blocked;
};
/* The split from the loop's wall and CPU seconds and the run-queue wait
 * counted over a window that holds the loop (run_delay, -1 unknown): the
 * wait beyond the loop's own time off the CPU cannot have been in the
 * loop, so cpu_wait is at most wall - user - system.  The parts add up to
 * the wall time, or to the CPU time when rounding makes that larger. */
void measure_time_split(double wall, double user, double system, double run_delay,
                        struct measure_time *out);

/* --- rusage -------------------------------------------------------------- */

struct measure_rusage {
	double utime, stime;          /* seconds */
	long minflt, majflt, nvcsw, nivcsw;
};

double measure_timeval(const struct timeval *tv);
void measure_rusage_convert(const struct rusage *ru, struct measure_rusage *out);

/* --- page cache ---------------------------------------------------------- */

enum measure_residency_method { MEASURE_RES_AUTO, MEASURE_RES_CACHESTAT, MEASURE_RES_MINCORE };

/* The page cache's view of one file: the fraction (0..1) of its pages
 * cached (an empty file is 0.0), and, cachestat only, its pages dirty and
 * under writeback.  -1 for what cannot be told. */
struct measure_pages {
	double fraction;              /* 0..1 cached */
	int64_t dirty;                /* pages dirty: not yet handed to the device */
	int64_t writeback;            /* pages being written to the device now */
};
/* 0, or -1 with every field -1 when residency cannot be told (dirty and
 * writeback may be -1 on success: mincore knows neither).  how: cachestat
 * or mincore, or the first that works (AUTO). */
int measure_pages_fd(int fd, enum measure_residency_method how, struct measure_pages *out);
/* The same for a path (opened O_RDONLY|O_NOFOLLOW), the method AUTO. */
int measure_pages_path(const char *path, struct measure_pages *out);

/* Empty the page cache of one file without root: fdatasync, then
 * POSIX_FADV_DONTNEED.  (No effect on tmpfs, whose pages are the file.)
 * 0, or -1 with errno. */
int measure_evict_path(const char *path);
/* Bring one file into the page cache: POSIX_FADV_WILLNEED, then read it
 * through once.  0, or -1 with errno. */
int measure_warm_path(const char *path);

/* --- perf tracepoint counting ------------------------------------------- */

/* Counters for one process, in enum sys_kind order; -1 fd = not counted. */
struct measure_perf {
	int fd[SYS_KINDS];
};

/* Can syscall tracepoints be counted here?  1 yes; 0 no, with the reason
 * and what to do in why.  Not cached (trial_perf_available caches). */
int measure_perf_probe(char *why, size_t len);
/* Attach the counters to pid (running, stopped or not yet started).
 * 0 if at least the total could be opened, else -1 with a reason. */
int measure_perf_open(pid_t pid, struct measure_perf *p, char *why, size_t len);
/* Current counts, -1 for counters not open. */
void measure_perf_read(const struct measure_perf *p, int64_t out[SYS_KINDS]);
void measure_perf_close(struct measure_perf *p);

#endif
