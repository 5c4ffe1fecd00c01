/* report_field_rows.h - the one table of a result's fields, as rows.
 *
 * Why a header of X-macros: two layers read this table and neither may
 * link the other.  report_fields.c (the CSV's columns, lookups by name)
 * expands every column with the function that gets the value from a
 * result; expect_fields.c (what a lesson's `expect:` check may name, in
 * the loader, which the fuzz target builds without the engine or the
 * report) expands name, bits and meaning only, so the getter names are
 * never compiled there.  One list, so the CSV, the lookups, the loader's
 * "unknown field" and the field table of doc/lesson-format.md cannot
 * disagree (tests/check_report.c compares that table with this one).
 *
 * A row: X(name, getter, arg, bits, meaning)
 *   name     the dotted name: the CSV column, the JSON path
 *   getter   report_fields.c's function, with arg when it serves several
 *   bits     EXPECT_FIELD_* (expect.h): 0 for a field no check may name
 *            (text, flags, lists); KNOWN for a number; TIMED when it
 *            depends on the clock; WHOLE_FILE when it counts work done,
 *            so a time-limited run leaves it partial; DEVICE when it
 *            counts what the storage device or write-back did, so a
 *            filesystem with no device (tmpfs) leaves it meaningless;
 *            CACHED for what the page cache holds after the loop
 *   meaning  for doc/lesson-format.md (no '|'); "" when bits is 0
 *
 * The order is the CSV's column order, which is the JSON document's field
 * order, a contract (doc/batch-output.md): a row is added where its field
 * is in the JSON, and rows are never moved past each other or renamed.
 * calls.<kind> come between the two lists, one per row of CALL_KIND_ROWS
 * (wl_kind.h), with REPORT_FIELD_CALLS_* below.
 */
#ifndef IOLAB_REPORT_FIELD_ROWS_H
#define IOLAB_REPORT_FIELD_ROWS_H

#include "expect.h"
#include "wl_kind.h"

#define RF_NUM   EXPECT_FIELD_KNOWN
#define RF_TIMED (EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED)
#define RF_SPEED (RF_TIMED | EXPECT_FIELD_SPEED)        /* busy reads it low */
#define RF_DURATION (RF_TIMED | EXPECT_FIELD_DURATION)  /* busy reads it long */
#define RF_WORK  (EXPECT_FIELD_KNOWN | EXPECT_FIELD_WHOLE_FILE)
#define RF_BOTH  (EXPECT_FIELD_KNOWN | EXPECT_FIELD_TIMED | EXPECT_FIELD_WHOLE_FILE)
#define RF_DEV   (RF_WORK | EXPECT_FIELD_DEVICE)     /* counts the device's work */
#define RF_CACHED (RF_WORK | EXPECT_FIELD_CACHED)

/* The names of the fields the lab notebook keeps columns of (store.h):
 * --history gives a run's fields from those columns when it has no batch
 * object of the run (history.c), by these names, so a row and its column
 * are spelt once, here. */
#define RFN_LESSON         "lesson"
#define RFN_STATUS         "status"
#define RFN_ERROR          "error"
#define RFN_PASSES         "passes"
#define RFN_BYTES          "bytes"
#define RFN_SECONDS_MEDIAN "seconds.median"
#define RFN_SECONDS_MIN    "seconds.min"
#define RFN_SECONDS_MAX    "seconds.max"
#define RFN_RATE_MEDIAN    "rate.median"
#define RFN_RATE_MIN       "rate.min"
#define RFN_RATE_MAX       "rate.max"
#define RFN_LOG_RATE       "log_rate"
#define RFN_TIME_LIMITED   "time_limited"
#define RFN_SYSCALLS_READ  "syscalls.read"
#define RFN_SYSCALLS_WRITE "syscalls.write"

#define REPORT_FIELD_ROWS_BEFORE(X) \
	X(RFN_LESSON, f_lesson, 0, 0, "") \
	X("title", f_title, 0, 0, "") \
	X(RFN_STATUS, f_status, 0, 0, "") \
	X(RFN_ERROR, f_error, 0, 0, "") \
	X("workload.op", f_workload, W_OP, 0, "") \
	X("workload.api", f_workload, W_API, 0, "") \
	X("workload.size", f_workload, W_SIZE, RF_NUM, "the data file's size in bytes, as run (`--size` applied)") \
	X("workload.block", f_workload, W_BLOCK, RF_NUM, "bytes per call, as run") \
	X("workload.stride", f_workload, W_STRIDE, RF_NUM, "bytes between successive positions; 0 sequential") \
	X("workload.open", f_workload, W_OPEN, 0, "") \
	X("workload.fadvise", f_workload, W_FADVISE, 0, "") \
	X("workload.cache", f_workload, W_CACHE, 0, "") \
	X("workload.streams", f_workload, W_STREAMS, RF_NUM, "FILE streams of a strided stdio read") \
	X("workload.stdio_buffer", f_workload, W_STDIO_BUFFER, RF_NUM, \
	  "the stdio buffer given to setvbuf, bytes; null for stdio's default") \
	X("workload.stdio_mode", f_workload, W_STDIO_MODE, 0, "") \
	X("workload.sync", f_workload, W_SYNC, 0, "") \
	X("workload.time_limit", f_workload, W_TIME_LIMIT, RF_NUM, "seconds a trial may run") \
	X("workload.min_time", f_workload, W_MIN_TIME, RF_NUM, "seconds a read repeats passes for") \
	X("workload.command", f_workload, W_COMMAND, 0, "") \
	X("workload.expect_error", f_workload, W_EXPECT_ERROR, 0, "") \
	X("workload.advice_lead", f_workload, W_ADVICE_LEAD, RF_NUM, \
	  "seconds the workload waits after its posix_fadvise before it reads (0 none)") \
	X("workload.map", f_workload, W_MAP, 0, "") \
	X("trials", f_trials, 0, RF_NUM, "trials run to their end") \
	X(RFN_PASSES, f_trial, T_PASSES, RF_WORK, "whole passes over the file in a trial") \
	X(RFN_BYTES, f_trial, T_BYTES, RF_WORK, "bytes the workload moved in a trial, every pass") \
	X(RFN_SECONDS_MEDIAN, f_spread, S_SEC_MED, RF_DURATION, "seconds the timed loop took") \
	X(RFN_SECONDS_MIN, f_spread, S_SEC_MIN, RF_DURATION, "the fastest trial's seconds") \
	X(RFN_SECONDS_MAX, f_spread, S_SEC_MAX, RF_DURATION, "the slowest trial's seconds") \
	X(RFN_RATE_MEDIAN, f_spread, S_RATE_MED, RF_SPEED, "bytes per second of the workload's own work") \
	X(RFN_RATE_MIN, f_spread, S_RATE_MIN, RF_SPEED, "the slowest trial's rate") \
	X(RFN_RATE_MAX, f_spread, S_RATE_MAX, RF_SPEED, "the fastest trial's rate") \
	X(RFN_LOG_RATE, f_spread, S_LOG_RATE, RF_SPEED, "the natural logarithm of the rate") \
	X(RFN_TIME_LIMITED, f_trial, T_TIME_LIMITED, 0, "") \
	X("disturbed", f_disturbed, 0, 0, "") \
	X("checksum", f_trial, T_CHECKSUM, 0, "") \
	X(RFN_SYSCALLS_READ, f_syscalls, K_READ, RF_WORK, \
	  "read-family syscalls (procfs `syscr`, or perf's read count)") \
	X(RFN_SYSCALLS_WRITE, f_syscalls, K_WRITE, RF_WORK, \
	  "write-family syscalls (procfs `syscw`, or perf's write count)") \
	X("syscalls.total", f_syscalls, K_TOTAL, RF_WORK, "every syscall of the loop (`--perf` only)") \
	X("syscalls.source", f_syscalls, K_SOURCE, 0, "") \
	X("syscalls.lseek", f_syscalls, K_LSEEK, RF_WORK, "lseek syscalls (`--perf` only)") \
	X("syscalls.fsync", f_syscalls, K_FSYNC, RF_WORK, "fsync syscalls (`--perf` only)") \
	X("syscalls.fdatasync", f_syscalls, K_FDATASYNC, RF_WORK, "fdatasync syscalls (`--perf` only)")

/* calls.<kind>: one row per CALL_KIND_ROWS row, X("calls." name, f_calls,
 * CALL_<id>, REPORT_FIELD_CALLS_BITS, ...), its meaning made from the
 * kind's name and what the live view calls it (expect_fields.c). */
#define REPORT_FIELD_CALLS_BITS RF_WORK

#define REPORT_FIELD_ROWS_AFTER(X) \
	X("cpu.user", f_kernel, F_USER, RF_WORK, "CPU seconds of the workload process in user mode") \
	X("cpu.system", f_kernel, F_SYSTEM, RF_WORK, "CPU seconds of the workload process in the kernel") \
	X("faults.minor", f_kernel, F_MINFLT, RF_WORK, "page faults served without I/O") \
	X("faults.major", f_kernel, F_MAJFLT, RF_WORK, "page faults that read from storage") \
	X("context_switches.voluntary", f_kernel, F_NVCSW, RF_DEV, \
	  "times the process gave up the CPU to wait") \
	X("context_switches.involuntary", f_kernel, F_NIVCSW, RF_WORK, \
	  "times the scheduler took the CPU away") \
	X("waited_seconds", f_kernel, F_WAITED, RF_BOTH | EXPECT_FIELD_DEVICE, \
	  "seconds of the timed loop not spent on the CPU: waiting for the device, a lock, the scheduler") \
	X("storage.read_bytes", f_kernel, F_READ_BYTES, RF_DEV, \
	  "bytes the kernel read from the device for the process (/proc/PID/io `read_bytes`)") \
	X("storage.write_bytes", f_kernel, F_WRITE_BYTES, RF_DEV, \
	  "bytes the kernel accounted as dirtied for the device (/proc/PID/io `write_bytes`): " \
	  "counted when a page is dirtied, so a cached write counts as much as a synced one") \
	X("copied.read_bytes", f_kernel, F_RCHAR, RF_WORK, \
	  "bytes copied from the kernel to user space by read-family calls (/proc/PID/io `rchar`)") \
	X("copied.write_bytes", f_kernel, F_WCHAR, RF_WORK, \
	  "bytes copied from user space to the kernel by write-family calls (/proc/PID/io `wchar`)") \
	X("cache.resident_before", f_kernel, F_RES_BEFORE, RF_NUM, \
	  "fraction of the file in the page cache just before the trial") \
	X("cache.resident_after", f_kernel, F_RES_AFTER, RF_CACHED, \
	  "fraction of the file in the page cache just after the trial") \
	X("cache.dirty_pages_after", f_kernel, F_DIRTY, RF_DEV, \
	  "pages of the file still dirty right after the trial (cachestat; null without it)") \
	X("cache.writeback_pages_after", f_kernel, F_WRITEBACK, RF_DEV, \
	  "pages of the file being written to the device right after the trial (cachestat)") \
	X("cache.resident_after_advice", f_kernel, F_ADVICE, RF_NUM | EXPECT_FIELD_DEVICE, \
	  "fraction of the file cached right after posix_fadvise (and its advice_lead), before the loop (null without advice)") \
	X("cache.resident_evicted_max", f_kernel, F_EVICTED, RF_NUM | EXPECT_FIELD_DEVICE, \
	  "cold reads: the most of the file found cached after an eviction between passes") \
	X("sweep.fit.warm.R", f_fit, WL_CACHE_WARM * 2, RF_TIMED, "a sweep's fitted seconds per call, warm") \
	X("sweep.fit.warm.U", f_fit, WL_CACHE_WARM * 2 + 1, RF_TIMED, "a sweep's fitted seconds per byte, warm") \
	X("sweep.fit.cold.R", f_fit, WL_CACHE_COLD * 2, RF_TIMED, "a sweep's fitted seconds per call, cold") \
	X("sweep.fit.cold.U", f_fit, WL_CACHE_COLD * 2 + 1, RF_TIMED, "a sweep's fitted seconds per byte, cold") \
	X("model.predicted_seconds", f_model, M_SECONDS, RF_TIMED, \
	  "seconds this machine's cost model predicts from the run's counts (`iolab --calibrate`)") \
	X("model.predicted_rate", f_model, M_RATE, RF_TIMED, "bytes over the model's predicted seconds") \
	X("model.ratio", f_model, M_RATIO, RF_TIMED, "measured seconds over predicted seconds: 1 is a perfect model") \
	X("busy", f_busy, 0, 0, "") \
	X("points", f_points, 0, 0, "") \
	X("expectations.held", f_expect_count, EXPECT_HELD, 0, "") \
	X("expectations.missed", f_expect_count, EXPECT_MISSED, 0, "") \
	X("expectations.inconclusive", f_expect_count, EXPECT_INCONCLUSIVE, 0, "") \
	X("expectations", f_expect_text, 0, 0, "")

/* Short names a check may use for the common fields: X(alias, name). */
#define REPORT_FIELD_ALIASES(X) \
	X("rate", RFN_RATE_MEDIAN) \
	X("seconds", RFN_SECONDS_MEDIAN) \
	X("size", "workload.size") \
	X("block", "workload.block") \
	X("stride", "workload.stride")

#endif
