/* reference.h - data/reference.yaml: the sources of the reference rates.
 *
 * Sources are keyed (cs61-2011-imac ...) with a label for views
 * ("2011 iMac") and the document they come from.  Loaded with the same
 * YAML tree and schema walker as lessons (reference.c needs nothing of the
 * lesson model); lessons check their `reference: source:` keys against it.
 * Where the file is for a given lesson directory is a question about the
 * course: course_load_ref_path() and course_load_ref_default_path() are in lesson.h.
 */
#ifndef IOLAB_REFERENCE_H
#define IOLAB_REFERENCE_H

#include <stddef.h>

#include "diag.h"

struct ref_source {
	char *key;
	char *label;
	char *document;
};

struct ref_data {
	struct ref_source *sources;
	size_t nsources;
};

/* 0 and *out filled, or -1 with the problems in *diags and *out zeroed. */
int reference_load(const char *path, struct ref_data *out, struct diags *diags);
void reference_free(struct ref_data *rd);
/* The letter that marks a source's rate on a gauge, the same on every
 * screen and never a race's A or B: I the iMac, T the ThinkPad, L TLPI ...;
 * R for a source this table does not know (a lesson pack's own). */
char reference_mark_key(const char *source_key);
const struct ref_source *reference_find(const struct ref_data *rd, const char *key);

#endif
