/* wl_scenario.h - mixing stdio with system calls on one file (TLPI 13.7,
 * exercise 13-4): small programs whose result is what the file holds.
 *
 * Why a file of its own: the other workloads are loops timed for a rate;
 * a scenario is about *what* ends up in a file and in which order - a
 * write() that overtakes an unflushed fprintf, a read() that starts where
 * stdio's buffer ended, a buffer written twice after fork().  Each row of
 * the table here is one such program (run for real by the trial's child on
 * the trial's own file) and the lines its source issues in program order,
 * which is what a reader of the source expects the file to hold.  The
 * evidence is then read from the file's bytes: how many lines, the most
 * copies of one line, the issued lines missing, whether they came in
 * program order, and the bytes themselves, escaped and bounded.
 */
#ifndef IOLAB_WL_SCENARIO_H
#define IOLAB_WL_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "wl_kind.h"
#include "wl.h"

#define WL_EVIDENCE_READ_MAX (64 << 10)  /* bytes of the file examined */
#define WL_EVIDENCE_TEXT_MAX 1024        /* the escaped excerpt, NUL included */

/* What a scenario's file holds. */
struct wl_evidence {
	int present;              /* a scenario ran and its file was read */
	int64_t bytes;            /* the file's size */
	int64_t lines;            /* lines in it (a last line without '\n' counts) */
	int64_t max_copies;       /* the most times one line occurs */
	int64_t missing;          /* lines the program issued that the file lacks */
	int64_t in_order;         /* 1: every issued line there, first occurrences
	                             in program order; else 0 */
	char text[WL_EVIDENCE_TEXT_MAX];  /* the bytes, escaped (\n, \t, \\, \xHH);
	                             a long file as its head, "[... N bytes ...]"
	                             and its tail */
};

/* Runs spec's scenario on the file at path (made empty by the parent), in
 * the calling process, counting the system calls (and fflush) it makes in
 * calls[].  0, or -1 with errno set and *call naming the call that failed. */
int wl_scenario_run(const struct wl_spec *spec, const char *path,
                    uint64_t calls[CALL_KINDS], const char **call);

/* The evidence of scenario sc from the first n bytes of its file (total:
 * the file's whole size).  Pure. */
void wl_scenario_evidence_of(enum wl_scenario sc, const unsigned char *bytes, size_t n, uint64_t total,
                    struct wl_evidence *ev);

/* The same, reading the file at path (at most WL_EVIDENCE_READ_MAX bytes).
 * 0, or -1 (errno) with ev->present 0. */
int wl_scenario_evidence_read(enum wl_scenario sc, const char *path, struct wl_evidence *ev);

/* The lines scenario sc's program issues, in program order (without their
 * newlines); NULL past the last.  For tests and the docs. */
const char *wl_scenario_line(enum wl_scenario sc, size_t i);

#endif
