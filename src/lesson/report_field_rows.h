/* report_field_rows.h - the one table of a result's fields, as rows.
 *
 * Why a header of X-macros: several layers read this table and none may
 * link the others.  report_fields.c (the CSV's columns, lookups by name,
 * claims) expands every row with the function that gets its value;
 * report_format_json.c lays the JSON document out from the same rows;
 * trial_fields.c reads the rows that are one member of a trial_result for
 * their "not measured" value and their sum over a watched run;
 * expect_fields.c (what a lesson's `expect:` check may name, in the
 * loader, which the fuzz target builds without the engine or the report)
 * expands name, bits and meaning only, so nothing else is compiled there.
 * One list, so the JSON, the CSV, the lookups, the watched-run sums, the
 * loader's "unknown field" and the field table of doc/lesson-format.md
 * cannot disagree (tests/check_report.c compares that table with this one,
 * and the JSON's key order with the rows).
 *
 * A row: X(name, get, bits, json, meaning)
 *   name     the dotted name: the CSV column, the JSON path (each dot one
 *            level of nesting: "cpu.user" is "user" in the object "cpu")
 *   get      where the value comes from, one of
 *            FN(fn, arg)          report_fields.c's function fn, with arg
 *                                 when it serves several rows;
 *            MEMBER(m, type, sum) the median trial's member m of struct
 *                                 trial_result (trial.h), of type TF_*
 *                                 (trial.h: which says what its "not
 *                                 measured" value is, -1 or none) and
 *                                 summed over a watched run's trials by
 *                                 TF_ADD, TF_FIRST, TF_LAST or TF_MAX
 *   bits     EXPECT_FIELD_* (expect.h): 0 for a field no check may name
 *            (text, flags, lists); KNOWN for a number; TIMED when it
 *            depends on the clock; WHOLE_FILE when it counts work done,
 *            so a time-limited run leaves it partial; DEVICE when it
 *            counts what the storage device or write-back did, so a
 *            filesystem with no device (tmpfs) leaves it meaningless;
 *            CACHED for what the page cache holds after the loop
 *   json     how the JSON writes it: JV the value (null as null); JCSV in
 *            the CSV only; JWL(id) workload key id's typed value (a list
 *            an array); JLIST(fn) report_format_json.c's fn writes it (a list);
 *            JONLY(fn) the same, and the row is in the JSON only (no CSV
 *            column, no lookup)
 *   meaning  for doc/lesson-format.md (no '|'); "" when bits is 0
 *
 * The order is the CSV's column order and the JSON document's field order,
 * a contract (doc/batch-output.md): a row is added where its field is to
 * be in the JSON, and rows are never moved past each other or renamed.
 * calls.<kind> come between the two lists, one per row of CALL_KIND_ROWS
 * (wl_kind.h), with REPORT_FIELD_CALLS_* below; in the JSON a kind not
 * called is left out.  REPORT_JSON_OBJECTS says which objects are written
 * other than on one line with every member.
 */
#ifndef IOLAB_REPORT_FIELD_ROWS_H
#define IOLAB_REPORT_FIELD_ROWS_H

#include "expect.h"
#include "wl_keys.h"
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

/* workload.<key>: one row per row of WL_KEY_ROWS (wl_keys.h), in its
 * order; its value is the key's typed value (wl_key_value), a number a
 * check may name when the row says WL_KEYF_NUMBER.  JWL(id): the JSON
 * writes the typed value itself (a list as an array). */
#define REPORT_WORKLOAD_ROW(X, ID, key, flags, member, parse, begin, format, describe, names, \
                            value, label, line, form, meaning) \
	X("workload." key, FN(f_workload, WLK_##ID), ((flags) & WL_KEYF_NUMBER ? RF_NUM : 0), \
	  JWL(WLK_##ID), meaning)

#define REPORT_FIELD_ROWS_BEFORE(X) \
	X(RFN_LESSON, FN(f_lesson, 0), 0, JV, "") \
	X("title", FN(f_title, 0), 0, JV, "") \
	X(RFN_STATUS, FN(f_status, 0), 0, JV, "") \
	X(RFN_ERROR, FN(f_error, 0), 0, JV, "") \
	WL_KEY_ROWS(REPORT_WORKLOAD_ROW, X) \
	X("trials", FN(f_trials, 0), RF_NUM, JV, "trials run to their end") \
	X(RFN_PASSES, MEMBER(passes, TF_UINT, TF_ADD), RF_WORK, JV, "whole passes over the file in a trial") \
	X(RFN_BYTES, MEMBER(bytes, TF_U64, TF_ADD), RF_WORK, JV, "bytes the workload moved in a trial, every pass") \
	X(RFN_SECONDS_MEDIAN, FN(f_spread, S_SEC_MED), RF_DURATION, JV, "seconds the timed loop took") \
	X(RFN_SECONDS_MIN, FN(f_spread, S_SEC_MIN), RF_DURATION, JV, "the fastest trial's seconds") \
	X(RFN_SECONDS_MAX, FN(f_spread, S_SEC_MAX), RF_DURATION, JV, "the slowest trial's seconds") \
	X(RFN_RATE_MEDIAN, FN(f_spread, S_RATE_MED), RF_SPEED, JV, "bytes per second of the workload's own work") \
	X(RFN_RATE_MIN, FN(f_spread, S_RATE_MIN), RF_SPEED, JV, "the slowest trial's rate") \
	X(RFN_RATE_MAX, FN(f_spread, S_RATE_MAX), RF_SPEED, JV, "the fastest trial's rate") \
	X(RFN_LOG_RATE, FN(f_spread, S_LOG_RATE), RF_SPEED, JV, "the natural logarithm of the rate") \
	X(RFN_TIME_LIMITED, FN(f_trial, T_TIME_LIMITED), 0, JV, "") \
	X("disturbed", FN(f_disturbed, 0), 0, JV, "") \
	X("checksum", FN(f_trial, T_CHECKSUM), 0, JV, "") \
	X(RFN_SYSCALLS_READ, FN(f_syscalls, K_READ), RF_WORK, JV, \
	  "read-family syscalls (procfs `syscr`, or perf's read count)") \
	X(RFN_SYSCALLS_WRITE, FN(f_syscalls, K_WRITE), RF_WORK, JV, \
	  "write-family syscalls (procfs `syscw`, or perf's write count)") \
	X("syscalls.total", FN(f_syscalls, K_TOTAL), RF_WORK, JV, "every syscall of the loop (`--perf` only)") \
	X("syscalls.source", FN(f_syscalls, K_SOURCE), 0, JV, "") \
	X("syscalls.lseek", FN(f_syscalls, K_LSEEK), RF_WORK, JV, "lseek syscalls (`--perf` only)") \
	X("syscalls.fsync", FN(f_syscalls, K_FSYNC), RF_WORK, JV, "fsync syscalls (`--perf` only)") \
	X("syscalls.fdatasync", FN(f_syscalls, K_FDATASYNC), RF_WORK, JV, "fdatasync syscalls (`--perf` only)")

/* calls.<kind>: one row per CALL_KIND_ROWS row, X("calls." name, f_calls,
 * CALL_<id>, REPORT_FIELD_CALLS_BITS, ...), its meaning made from the
 * kind's name and what the live view calls it (expect_fields.c). */
#define REPORT_FIELD_CALLS_BITS RF_WORK

#define REPORT_FIELD_ROWS_AFTER(X) \
	X("cpu.user", MEMBER(utime, TF_SECONDS, TF_ADD), RF_WORK, JV, "CPU seconds of the workload process in user mode") \
	X("cpu.system", MEMBER(stime, TF_SECONDS, TF_ADD), RF_WORK, JV, "CPU seconds of the workload process in the kernel") \
	X("faults.minor", MEMBER(minflt, TF_LONG, TF_ADD), RF_WORK, JV, "page faults served without I/O") \
	X("faults.major", MEMBER(majflt, TF_LONG, TF_ADD), RF_WORK, JV, "page faults that read from storage") \
	X("context_switches.voluntary", MEMBER(nvcsw, TF_LONG, TF_ADD), RF_DEV, JV, \
	  "times the process gave up the CPU to wait") \
	X("context_switches.involuntary", MEMBER(nivcsw, TF_LONG, TF_ADD), RF_WORK, JV, \
	  "times the scheduler took the CPU away") \
	X("waited_seconds", MEMBER(waited_seconds, TF_SECONDS, TF_ADD), RF_BOTH | EXPECT_FIELD_DEVICE, JV, \
	  "seconds of the timed loop not spent on the CPU: waiting for the device, a lock, the scheduler") \
	X(EXPECT_LOAD_WALL, MEMBER(seconds, TF_DOUBLE, TF_ADD), RF_DURATION, JV, \
	  "seconds the timed loop took (as `seconds`, of this trial), split into the four below") \
	X("time.user", MEMBER(time_user, TF_SECONDS, TF_ADD), RF_WORK, JV, \
	  "seconds of it on a CPU in the workload's own code") \
	X("time.system", MEMBER(time_system, TF_SECONDS, TF_ADD), RF_WORK, JV, \
	  "seconds of it on a CPU in the kernel, for the workload") \
	X(EXPECT_LOAD_WAIT, MEMBER(cpu_wait, TF_SECONDS, TF_ADD), RF_WORK, JV, \
	  "seconds of it runnable but waiting for a CPU (/proc/PID/schedstat): the machine's load") \
	X("time.blocked", MEMBER(blocked, TF_SECONDS, TF_ADD), RF_DEV, JV, \
	  "seconds of it waiting for the device, a lock or a sleep: the rest of the wall time") \
	X("time.note", FN(f_time_note, 0), 0, JV, "") \
	X("per_call.call", FN(f_per_call, PC_CALL), RF_DURATION, JV, \
	  "seconds per call of the workload's own kind (write, fread ...): the wall time over their count") \
	X("per_call.syscall", FN(f_per_call, PC_SYSCALL), RF_DURATION, JV, \
	  "seconds per system call of the workload's own kind (write or read)") \
	X("rate_alone", FN(f_rate_alone, 0), RF_NUM, JV, \
	  "bytes per second over the wall time less the wait for a CPU: the rate on an idle machine") \
	X("storage.read_bytes", MEMBER(read_bytes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "bytes the kernel read from the device for the process (/proc/PID/io `read_bytes`)") \
	X("storage.write_bytes", MEMBER(write_bytes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "bytes the kernel accounted as dirtied for the device (/proc/PID/io `write_bytes`): " \
	  "counted when a page is dirtied, so a cached write counts as much as a synced one") \
	X("copied.read_bytes", MEMBER(rchar, TF_COUNT, TF_ADD), RF_WORK, JV, \
	  "bytes copied from the kernel to user space by read-family calls (/proc/PID/io `rchar`)") \
	X("copied.write_bytes", MEMBER(wchar, TF_COUNT, TF_ADD), RF_WORK, JV, \
	  "bytes copied from user space to the kernel by write-family calls (/proc/PID/io `wchar`)") \
	X("copied.startup_read_bytes", FN(f_startup, 0), RF_NUM, JV, \
	  "a read command's start-up reads, taken off its `bytes`: `rchar` of the same argv run on an empty file (null otherwise)") \
	X("cache.resident_before", MEMBER(resident_before, TF_FRACTION, TF_FIRST), RF_NUM, JV, \
	  "fraction of the file in the page cache just before the trial") \
	X("cache.resident_after", MEMBER(resident_after, TF_FRACTION, TF_LAST), RF_CACHED, JV, \
	  "fraction of the file in the page cache just after the trial") \
	X("cache.dirty_pages_after", MEMBER(dirty_pages_after, TF_COUNT, TF_LAST), RF_DEV, JV, \
	  "pages of the file still dirty right after the trial (cachestat; null without it)") \
	X("cache.writeback_pages_after", MEMBER(writeback_pages_after, TF_COUNT, TF_LAST), RF_DEV, JV, \
	  "pages of the file being written to the device right after the trial (cachestat)") \
	X("cache.resident_after_advice", MEMBER(resident_after_advice, TF_FRACTION, TF_FIRST), RF_NUM | EXPECT_FIELD_DEVICE, JV, \
	  "fraction of the file cached right after posix_fadvise (and its advice_lead), before the loop (null without advice)") \
	X("cache.resident_evicted_max", MEMBER(resident_evicted_max, TF_FRACTION, TF_MAX), RF_NUM | EXPECT_FIELD_DEVICE, JV, \
	  "cold reads: the most of the file found cached after an eviction between passes") \
	X("device.reads", MEMBER(device.reads, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "read requests the scratch directory's block device completed during the trial: " \
	  "the whole device's, anything else's too (/sys/block/DEV/stat)") \
	X("device.writes", MEMBER(device.writes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "write requests the device completed during the trial (whole device)") \
	X("device.read_bytes", MEMBER(device.read_bytes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "bytes the device read during the trial (whole device)") \
	X("device.write_bytes", MEMBER(device.write_bytes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "bytes the device wrote during the trial (whole device)") \
	X("device.flushes", MEMBER(device.flushes, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "cache flushes the device completed during the trial (whole device; null before Linux 5.5)") \
	X("device.merged", MEMBER(device.merged, TF_COUNT, TF_ADD), RF_DEV, JV, \
	  "requests the kernel merged into others before the device saw them (whole device)") \
	X("amplification", FN(f_amplification, 0), RF_DEV, JV, \
	  "device bytes per byte the workload moved, its own way (written for a write, read otherwise)") \
	X("evidence.bytes", FN(f_evidence, E_BYTES), RF_NUM, JV, \
	  "a scenario: the bytes its file holds when it ends (null for other workloads)") \
	X("evidence.lines", FN(f_evidence, E_LINES), RF_NUM, JV, "a scenario: the lines its file holds") \
	X("evidence.max_copies", FN(f_evidence, E_MAX_COPIES), RF_NUM, JV, \
	  "a scenario: the most times one line occurs in its file") \
	X("evidence.missing", FN(f_evidence, E_MISSING), RF_NUM, JV, \
	  "a scenario: lines its program issued that its file does not hold") \
	X("evidence.in_order", FN(f_evidence, E_IN_ORDER), RF_NUM, JV, \
	  "a scenario: 1 when its file holds every line the program issued, first copies in program order; else 0") \
	X("evidence.text", FN(f_evidence, E_TEXT), 0, JV, "") \
	X("reference", FN(f_none, 0), 0, JONLY(json_references), "") \
	X("sweep.points", FN(f_sweep_points, 0), 0, JONLY(json_sweep_points), "") \
	X("sweep.fit.warm.R", FN(f_fit, WL_CACHE_WARM * 2), RF_TIMED, JV, "a sweep's fitted seconds per call, warm") \
	X("sweep.fit.warm.U", FN(f_fit, WL_CACHE_WARM * 2 + 1), RF_TIMED, JV, "a sweep's fitted seconds per byte, warm") \
	X("sweep.fit.cold.R", FN(f_fit, WL_CACHE_COLD * 2), RF_TIMED, JV, "a sweep's fitted seconds per call, cold") \
	X("sweep.fit.cold.U", FN(f_fit, WL_CACHE_COLD * 2 + 1), RF_TIMED, JV, "a sweep's fitted seconds per byte, cold") \
	X("model.predicted_seconds", FN(f_model, M_SECONDS), RF_TIMED, JV, \
	  "seconds this machine's cost model predicts from the run's counts (`iolab --calibrate`)") \
	X("model.predicted_rate", FN(f_model, M_RATE), RF_TIMED, JV, "bytes over the model's predicted seconds") \
	X("model.ratio", FN(f_model, M_RATIO), RF_TIMED, JV, "measured seconds over predicted seconds: 1 is a perfect model") \
	X("model.terms", FN(f_model, M_TERMS), 0, JONLY(json_model_terms), "") \
	X("model.off", FN(f_none, 0), 0, JONLY(json_model_off), "") \
	X("busy", FN(f_busy, 0), 0, JV, "") \
	X("points", FN(f_points, 0), 0, JV, "") \
	X("expectations.held", FN(f_expect_count, EXPECT_HELD), 0, JCSV, "") \
	X("expectations.missed", FN(f_expect_count, EXPECT_MISSED), 0, JCSV, "") \
	X("expectations.inconclusive", FN(f_expect_count, EXPECT_INCONCLUSIVE), 0, JCSV, "") \
	X("expectations", FN(f_expect_text, 0), 0, JLIST(json_expectations), "")

/* The JSON objects that are not one line of all their members:
 * X(path, how), how of JO_NULL_IF_EMPTY (the object is null when every
 * member is null) and JO_LINES (one member a line). */
#define REPORT_JSON_OBJECTS(X) \
	X("calls", JO_NULL_IF_EMPTY) \
	X("evidence", JO_NULL_IF_EMPTY) \
	X("sweep", JO_NULL_IF_EMPTY | JO_LINES) \
	X("sweep.fit.warm", JO_NULL_IF_EMPTY) \
	X("sweep.fit.cold", JO_NULL_IF_EMPTY) \
	X("model", JO_NULL_IF_EMPTY | JO_LINES)

/* Short names a check may use for the common fields: X(alias, name). */
#define REPORT_FIELD_ALIASES(X) \
	X("rate", RFN_RATE_MEDIAN) \
	X("seconds", RFN_SECONDS_MEDIAN) \
	X("size", "workload.size") \
	X("block", "workload.block") \
	X("stride", "workload.stride")

#endif
