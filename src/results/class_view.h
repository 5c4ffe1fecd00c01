/* class_view.h - a class's machines merged: `iolab --class FILE...`.
 *
 * Each file is one student's batch JSON document or notebook export
 * (doc.h).  A machine is told apart by machine.id, the anonymous
 * identifier iolab writes; a file that cannot be read, is not iolab's, is
 * from a newer iolab, has no machine.id, or repeats a machine already
 * merged is skipped with its reason, never merged silently.  For each
 * lesson the view holds every machine's rate and their spread.
 *
 * Quartiles are those of linear interpolation between order statistics
 * (the default of R's quantile() and numpy.percentile): for n sorted rates
 * x[0..n-1], the p-quantile is at position p·(n-1).  An outlier is a
 * machine whose log rate lies more than 1.5 interquartile ranges of the
 * log rates below the first quartile or above the third (Tukey's fences,
 * on the log axis every chart of the lab uses).
 */
#ifndef IOLAB_CLASS_VIEW_H
#define IOLAB_CLASS_VIEW_H

#include <stddef.h>
#include <stdio.h>

#include "doc.h"

struct class_rate {
	size_t machine;           /* index into class_view.machines */
	double rate;              /* B/s */
};

struct class_lesson {
	char *lesson;
	struct class_rate *rates; /* in the order the machines were merged */
	size_t n;
	double median, q1, q3, min, max;   /* of the rates, once class_view_finish ran */
	size_t *outliers;         /* indexes into rates */
	size_t noutliers;
	struct doc_ref *refs;     /* the references of the first document with some */
	size_t nrefs;
};

struct class_machine {
	char *id;
	char *name;               /* a name the student put in the file, or NULL */
	char *file;
};

struct class_skip {
	char *file;
	char *reason;
};

struct class_view {
	struct class_machine *machines;
	size_t nmachines;
	struct class_lesson *lessons;   /* in order of first appearance */
	size_t nlessons;
	struct class_skip *skipped;
	size_t nskipped;
};

/* Read file and merge it into cv, or record why it was skipped.  0; -1
 * only when out of memory. */
int class_view_add_file(struct class_view *cv, const char *file);
/* The same for a document already read (tests, the report). */
int class_view_add_doc(struct class_view *cv, const char *file, const struct doc *d);
/* Sort each lesson's rates into its quartiles and outliers. */
int class_view_finish(struct class_view *cv);
void class_view_free(struct class_view *cv);

/* The p-quantile (0..1) of sorted[0..n-1], as above; NAN when n is 0. */
double class_view_quantile(const double *sorted, size_t n, double p);

/* How a machine is shown: the name the student chose, else "machine "
 * and the first 8 characters of its id. */
void class_view_machine_label(const struct class_machine *m, char *buf, size_t len);

/* The view as text (80 columns), JSON (doc/batch-output.md) or CSV. */
int class_view_write_text(FILE *out, const struct class_view *cv);
int class_view_write_json(FILE *out, const struct class_view *cv);
int class_view_write_csv(FILE *out, const struct class_view *cv);

#endif
