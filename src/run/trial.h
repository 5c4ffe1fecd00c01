/* trial.h - run one trial of a workload for real, in a forked child, and
 * measure it the way the kernel sees it.
 *
 * The child runs the I/O loop and publishes progress per chunk (never per
 * operation) into a shared-memory block; the parent samples that block and
 * /proc/CHILD/io whenever it likes (the TUI at 10-30 Hz, batch rarely) and
 * never blocks on the child except in trial_finish().
 *
 * Counts that could not be read are -1 ("unavailable"), never 0.
 */
#ifndef IOLAB_ENGINE_H
#define IOLAB_ENGINE_H

#include <stdint.h>
#include <sys/types.h>

#include "measure.h"
#include "wl.h"
#include "wl_scenario.h"
#include "wl_kind.h"              /* enum call_kind, wl_call_kind_name() */
#include "device.h"
#include "scratch.h"

/* Which counter produced syscall counts. */
/* A result's source is PERF when a perf pass filled sys[] (syscr/syscw
 * then still come from procfs), PROCFS when /proc/PID/io was read, else
 * NONE. */
enum syscall_source { SYSCALL_SOURCE_NONE, SYSCALL_SOURCE_PROCFS, SYSCALL_SOURCE_PERF };
const char *trial_syscall_source_name(enum syscall_source s);  /* none|procfs|perf */

enum trial_state { TRIAL_SETUP, TRIAL_RUNNING, TRIAL_DONE, TRIAL_FAILED };

/* A live sample, cheap to take. */
struct trial_sample {
	enum trial_state state;
	double elapsed;           /* seconds since the loop started */
	uint64_t bytes;           /* bytes moved so far */
	uint64_t calls;           /* workload calls so far (all kinds) */
	uint64_t calls_by_kind[CALL_KINDS];  /* the same by kind (0 for a command) */
	double rate_now;          /* B/s since the previous sample */
	double rate_avg;          /* B/s since the start */
	int64_t syscr, syscw;     /* /proc/PID/io so far, -1 unavailable */
	int64_t read_bytes, write_bytes;  /* storage I/O so far, -1 unavailable */
	/* where the time went so far (live, coarse: /proc/PID/stat's ticks):
	 * CPU seconds user and system, and the wait for a CPU; -1 unknown */
	double cpu_user, cpu_system, cpu_wait;
	struct device_stat device;        /* the scratch device since the start */
};

/* Did a trial do what its lesson means?  Decided once, by trial_finish();
 * everything else (batch, the lab, the sweep) reads it. */
enum trial_verdict {
	VERDICT_OK,               /* ran without error, and none was expected */
	VERDICT_EXPECTED_ERROR,   /* failed with the error the lesson exists to show */
	VERDICT_FAILED,           /* failed otherwise: error says why */
	VERDICT_MISSED_ERROR,     /* ran without the error the lesson expects; error
	                             says "expected EINVAL, but the workload succeeded" */
	VERDICTS
};
/* "ok", "expected_error", "failed", "missed_error" */
const char *trial_verdict_name(enum trial_verdict v);
/* The workload ran as the lesson means: ok, or the expected error. */
int trial_verdict_ok(enum trial_verdict v);

#define TRIAL_STDERR_LINES 5
#define TRIAL_STDERR_MAX 512

struct trial_result {
	enum trial_verdict verdict;
	int ok;                   /* trial_verdict_ok(verdict) */
	int err;                  /* errno of the failure, 0 if none */
	char error[256];          /* "open: Invalid argument (O_DIRECT needs ...)" */
	char failed_call[16];     /* the call that failed ("open", "write",
	                             "execvp" ...), "" when none did */
	int expected;             /* as ok (err == spec->expect_error, both 0
	                             when none was expected and none came) */
	int stopped;              /* stopped early: time limit or trial_stop() */
	int time_limited;         /* the time limit ended it */

	uint64_t bytes;           /* bytes moved (all passes) */
	unsigned passes;          /* whole passes over the file (reads repeat) */
	double seconds;           /* measured loop time */
	double rate;              /* bytes / seconds */
	double log_rate;          /* ln(rate) */
	uint64_t checksum;        /* folded from what was read */

	uint64_t calls[CALL_KINDS];
	enum syscall_source syscall_source;
	int64_t syscr, syscw;     /* procfs; -1 unavailable */
	int64_t sys[SYS_KINDS];   /* perf; -1 not counted */
	int64_t read_bytes, write_bytes;  /* storage; -1 unavailable */
	int64_t rchar, wchar;     /* bytes through read/write family; -1 */

	double utime, stime;      /* CPU seconds of the child */
	long minflt, majflt, nvcsw, nivcsw;

	double resident_before, resident_after;  /* 0..1, -1 unavailable */
	int64_t dirty_pages_after;                /* cachestat; -1 unavailable */

	/* sys[] comes from a separate perf counting pass of the
	 * same spec; this is what that pass moved (equal to bytes unless a
	 * time limit cut either short).  0 when no perf pass ran. */
	uint64_t perf_bytes;

	/* The last lines (at most
	 * TRIAL_STDERR_LINES, the last TRIAL_STDERR_MAX - 1 bytes of them) a
	 * command wrote to stderr, whether it failed or not, so a student's
	 * own program can say what it did; "" for the lab's own loops and for
	 * a command that wrote nothing there.  The bytes as written (the
	 * views make them printable). */
	char stderr_tail[TRIAL_STDERR_MAX];

	double cpu_seconds;       /* CPU time (user + system) of the timed loop:
	                             ours measure it around the loop, evictions
	                             left out; a command's is its rusage's.  -1 */
	double waited_seconds;    /* seconds - cpu_seconds, at least 0: the time
	                             the timed loop waited (device, locks, the
	                             scheduler).  -1 when either is unknown */
	double untimed_seconds;   /* wall time inside the loop that was not timed:
	                             evictions between cold passes */
	unsigned evictions;       /* cold reads: evictions between passes */
	double resident_evicted_max;   /* cold reads: most of the file found cached
	                                  after an eviction between passes; -1 */
	double resident_after_advice;  /* cached right after posix_fadvise, before
	                                  the loop; -1 (fadvise normal, commands) */
	int64_t writeback_pages_after; /* cachestat; -1 unavailable */
	/* The workload process was stopped by a signal (SIGSTOP, SIGTSTP ...)
	 * while it ran: its clock went on, its work did not, so its time and
	 * rate are not a measurement.  disturbance says so ("stopped for
	 * 3.0 s by a signal"), "" when it was not; such a trial's verdict is
	 * failed, with that in error, unless it was to show an error. */
	int disturbed;
	char disturbance[64];
	/* Where the timed loop's wall time (seconds) went (measure_time_split):
	 * its CPU time, user and system apart (ours around the loop, a
	 * command's from its rusage), its wait for a CPU (/proc/PID/schedstat)
	 * and the rest, blocked.  -1 when not measured, and time_note says
	 * why ("" when all are measured). */
	double time_user, time_system, cpu_wait, blocked;
	char time_note[96];
	/* The scratch directory's block device over the trial (device.h):
	 * whole-device counts, -1 when there is none or it cannot be read. */
	struct device_stat device;
	/* A read command's start-up reads, taken off its bytes: the kernel's
	 * rchar of the same argv on an empty file (doc/batch-output.md,
	 * "bytes"); -1 for the lab's own loops and for writes. */
	int64_t startup_read_bytes;
	/* A scenario (wl_scenario.h): what its file held when it ended,
	 * read before the file is removed; present 0 for every other trial. */
	struct wl_evidence evidence;
};

struct trial;                 /* opaque: a running trial */

/* Start one trial: prepares the data file (reads), evicts it for a cold
 * cache, measures residency, forks the child.  Returns a handle, or NULL
 * with the reason in msg (the environment: no space, cannot fork ...). */
struct trial *trial_start(const struct wl_spec *spec, struct scratch *s,
                          char *msg, size_t msglen);
/* Non-blocking sample of progress and kernel counters. */
void trial_sample(struct trial *t, struct trial_sample *out);
/* Ask the child to stop at its next chunk (it reports what it did). */
void trial_stop(struct trial *t);
/* The child's pid (for signal handlers that must kill it). */
pid_t trial_pid(const struct trial *t);
/* Has the child exited?  Non-blocking.  While it runs, a command past its
 * time limit is stopped here too (SIGTERM, SIGKILL a second later). */
int trial_done(struct trial *t);
/* Wait for the child (killing it past time_limit + grace), collect every
 * measurement, remove written data files, free the handle. */
void trial_finish(struct trial *t, struct trial_result *out);

/* The figures of several trials of one spec: the median trial by rate
 * among the trials whose verdict is ok (all of them when none is), and
 * min and max over the same trials. */
struct trial_summary {
	unsigned trials;          /* trials summarized */
	unsigned median_index;    /* into the trials given */
	struct trial_result median;
	double seconds_min, seconds_max, seconds_median;
	double rate_min, rate_max, rate_median;
	int ok;                   /* every trial ok (trial_verdict_ok) */
};
/* Summarize rs[0..n-1].  n = 0 gives a zeroed summary (ok 0).  Returns 0,
 * or -1 when out of memory (then out is zeroed too).  One trial is a
 * summary of one. */
int trial_summarize(const struct trial_result *rs, unsigned n, struct trial_summary *out);
/* The trials a summary's figures come from: those whose verdict is ok, or
 * every one when none is.  Fills index[] (room for n) and returns how
 * many - the same choice trial_summarize makes, for callers that need a
 * figure's min and max over those trials. */
unsigned trial_pick(const struct trial_result *rs, unsigned n, unsigned *index);
/* Every call the workload made, all kinds together. */
uint64_t trial_total_calls(const struct trial_result *r);

/* Stop and reap every running child now (signal paths).  Async-signal-safe. */
void trial_kill_all(void);
/* NULL while a command's trials run each in a PID namespace of its own
 * (nothing a command starts outlives iolab, however iolab dies); else why
 * not, in a sentence ("... the kernel refuses a PID namespace (...)"). */
const char *trial_isolation_note(void);
/* Kill every running child (and a command's process group) without
 * reaping it, so trial_finish() still reports what each did
 * ("interrupted").  Async-signal-safe: for SIGINT, SIGTERM, SIGHUP and
 * SIGQUIT.  The engine tracks up to eight children at once (a race runs
 * two); trial_start refuses a ninth. */
void trial_interrupt_all(void);
/* How many children the signal paths know of now (started and not yet
 * reaped): for tests. */
int trial_children(void);

/* Is perf syscall counting permitted here?  Cached.  Tells why not. */
int trial_perf_available(char *why, size_t len);
/* Use a perf counting pass after each timed trial (off by default). */
void trial_set_perf(int on);

/* --- the members of a result that are a result's fields ------------------
 *
 * Read from the one field table (report_field_rows.h's MEMBER rows):
 * what each is when it was not measured, how a watched run sums it over
 * its trials, and its value (trial_fields.c).  A measured counter is one
 * row of that table, and these rules are its columns, so adding the
 * counter never means a line in trial.c's defaults and another in
 * watch.c's sums. */

/* A member's C type, and with it its "not measured" value. */
enum trial_field_type {
	TF_NONE,                  /* not a member (an FN row) */
	TF_U64,                   /* uint64_t, always measured */
	TF_DOUBLE,                /* double, always measured */
	TF_UINT,                  /* unsigned, always measured */
	TF_COUNT,                 /* int64_t, -1 not measured */
	TF_LONG,                  /* long, -1 not measured */
	TF_SECONDS,               /* double, -1 (any negative) not measured */
	TF_FRACTION               /* double 0..1, -1 (any negative) not measured */
};

/* How a watched run's sum of trials takes a member. */
enum trial_field_sum {
	TF_ADD,                   /* the sum; not measured once any trial's is not */
	TF_FIRST,                 /* the first trial's (what it ran from) */
	TF_LAST,                  /* the last trial's (what it left) */
	TF_MAX                    /* the largest measured */
};

/* Every member row at its "not measured" value (the other members as
 * they are). */
void trial_fields_clear(struct trial_result *r);
/* Adds trial r to a watched run's sum by each member row's rule (sum
 * already holds the trials before r). */
void trial_fields_add(struct trial_result *sum, const struct trial_result *r);

/* A member's value: 1 with *u set (U64, UINT, COUNT, LONG) or *d set
 * (SECONDS, FRACTION), 0 when it was not measured. */
int trial_fields_read(const struct trial_result *r, enum trial_field_type type, size_t offset,
                     uint64_t *u, double *d);

#endif
