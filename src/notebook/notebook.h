/* notebook.h - the lab notebook as batch and the lab use it: the store
 * opened for recording (the old progress file imported once), and the row
 * of a run built from what was measured.
 *
 * Why a file of its own: batch.c and the lab record the same facts the
 * same way - which kind of run it was, the workload as one line, the batch
 * JSON object - and tell the student the same sentences when the notebook
 * moved a damaged file aside or cannot be written.  store.h is the
 * database; this is the one place that decides what a run's row holds.
 */
#ifndef IOLAB_NOTEBOOK_H
#define IOLAB_NOTEBOOK_H

#include <stddef.h>
#include <stdint.h>

#include "lesson.h"
#include "report.h"
#include "store.h"

/* Open the store to record into: path NULL is the default store, and only
 * then is the old progress file beside it imported (a --db file's
 * directory may hold someone else's `progress`), with course c (may be
 * NULL) telling which imported runs had changed knobs.  Returns the store,
 * or NULL when not even an in-memory stand-in could be opened.  What the
 * student must be told - the database was moved aside, progress was
 * imported, runs will not be saved, or why there is no store at all - is
 * in notice, one sentence a line ("" for nothing). */
struct store *notebook_open(const char *path, const struct course *c,
                            char *notice, size_t len);

/* The file --db names cannot be the notebook (it is not one, or not the
 * lab's, or cannot be moved aside): the store refused it, and the lab and
 * batch stop before anything runs (exit 4) rather than run with nowhere to
 * record.  Only for a path the student gave: the default notebook's
 * trouble is said and the runs go on.  NULL, or the reason to print. */
const char *notebook_refusal(const char *path, const struct store *st, const char *notice);

/* store_lesson_knobs_fn over a course (arg): the lesson's block and cache. */
int notebook_course_knobs(const char *lesson, uint64_t *block, int *cold, void *course);

/* The row of one result: struct store_run with the strings it points to. */
struct notebook_entry {
	struct store_run run;
	char *spec;               /* wl_spec_format of the workload as run */
	char *json;               /* report_format_json_result */
	struct store_field *fields;   /* the result's numbers a claim may read,
	                                 by field name (report_field_as_number) */
};

/* The row of a batch result: lesson (NULL for a run of no lesson), the
 * kind store_kind_pick() gives for origin and the result's outcome, label
 * (may be NULL), every headline figure, every number of the report-field
 * table a claim may read (report_field_as_number: the notebook's fields,
 * for claims about this lesson later) and the sweep points; recorder
 * batch, no guess.  0, or -1 when out of memory (e holds nothing). */
int notebook_entry_of_result(struct notebook_entry *e, const struct report_result *res,
                             const char *lesson, enum store_origin origin, const char *label);
void notebook_entry_free(struct notebook_entry *e);

/* An own program's label: its command line, words joined by spaces
 * ("dd if={file} of=/dev/null bs=4096"), cut to fit. */
void notebook_command_label(const struct wl_spec *s, char *buf, size_t len);
/* Run r is one of the own program whose label is `program`: a run of no
 * lesson whose label is that command line, alone or followed by ", " and
 * how the run went ("./copy {file}, raced with w03-byte"). */
struct store_run;
int notebook_run_of_program(const struct store_run *r, const char *program);

/* The workload as one line, malloc'd (wl_spec_format whole), or NULL. */
char *notebook_spec_text(const struct wl_spec *s);

/* What a run of lesson l as it now says records as its spec
 * (notebook_spec_text, as every row's): its workload; a sweep's row holds
 * the point that stands for it (its block and cache, clamped to the file
 * as sweep_point_spec does), so a sweep has one text per point.  What the
 * notebook is asked for the lesson's normal result (store_latest_normal),
 * so that a run filed under the same id with another workload - another
 * pack's lesson, an older version of it, an imported entry - never stands
 * for it.  0 with *out malloc'd (notebook_specs_free), or -1 out of memory
 * (*out then holds nothing). */
int notebook_lesson_specs(const struct lesson *l, struct store_specs *out);
void notebook_specs_free(struct store_specs *s);

#endif
