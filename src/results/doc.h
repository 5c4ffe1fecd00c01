/* doc.h - iolab's own JSON documents read back: a batch run
 * (`--batch --format json`) or a notebook export (`--history --format
 * json`), for the HTML report (`--report --from`) and the class merge
 * (`--class`).
 *
 * Read with jansson, never by hand.  A document is taken only when it is
 * recognisably iolab's (an "iolab" version string and "results" or
 * "runs") and from this iolab or an older one; anything else is refused
 * with the reason, so a merge never takes a stranger's numbers silently.
 * A notebook export stands for its machine by each lesson's latest run
 * made as the lesson says ("kind": "lesson"), the run the lab itself
 * shows as the lesson's result; a lesson with no such run by its latest
 * run of another kind, which keeps its kind and label to say so.
 */
#ifndef IOLAB_DOC_READ_H
#define IOLAB_DOC_READ_H

#include <stddef.h>
#include <stdint.h>

struct doc_ref {
	char *label;              /* "2011 iMac" */
	double rate;              /* B/s */
};

struct doc_claim {
	char *claim, *check, *verdict, *reason, *bound;
	double value;             /* NAN when null */
};

struct doc_point {
	double block;
	int cold;
	double rate;              /* NAN when the point failed */
};

struct doc_fit {
	int have;
	double R, U;              /* seconds per call, per byte */
};

/* The figures a report explains a rate with, where the run has them. */
struct doc_time {
	int have;
	double wall, user, system, cpu_wait, blocked;
};

struct doc_result {
	char *lesson, *title, *status, *error;
	char *when;               /* a notebook run's time; NULL in a batch document */
	char *kind, *label;       /* a notebook run's kind ("lesson", "changed" ...)
	                             and what differs from the lesson; NULL in a
	                             batch document */
	double rate;              /* rate.median, B/s; NAN when null */
	double log_rate;
	double seconds;
	struct doc_ref *refs;
	size_t nrefs;
	struct doc_claim *claims;
	size_t nclaims;
	struct doc_point *points; /* a sweep's */
	size_t npoints;
	struct doc_fit fit[2];    /* warm, cold */
	struct doc_time time;
	double predicted_seconds; /* the cost model's, NAN when absent */
};

struct doc_machine {
	char *id;                 /* machine.id: the anonymous identifier; NULL absent */
	char *kernel, *filesystem, *cpu, *device;
	char *student;            /* a name the student chose to put in the file */
};

struct doc {
	char *version;            /* the "iolab" that wrote it */
	int from_notebook;        /* a --history export */
	struct doc_machine machine;
	struct doc_result *results;
	size_t nresults;
};

/* Read path into *d.  0; -1 with the reason in msg ("not JSON: line 3,
 * column 7: ...", "not an iolab document: no \"iolab\" version", "written
 * by iolab 0.9.0, newer than this iolab 0.3.0") and *d zeroed. */
int doc_read_file(const char *path, struct doc *d, char *msg, size_t len);
/* The same from text in memory (the notebook's own export). */
int doc_read_text(const char *text, size_t n, struct doc *d, char *msg, size_t len);
void doc_free(struct doc *d);

/* The result of lesson id in d, or NULL. */
const struct doc_result *doc_find(const struct doc *d, const char *id);

/* Keeps only the results of the lessons ids[0..n-1], in d's order. */
void doc_keep_lessons(struct doc *d, const char *const *ids, size_t n);

/* Is version a.b.c newer than this iolab's (PACKAGE_VERSION)?  A version
 * that does not read as numbers is taken as newer: it is none of ours. */
int doc_version_newer(const char *version);

#endif
