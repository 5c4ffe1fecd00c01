/* lesson_schema.h - between the lesson schema (lesson_schema.c) and course
 * loading (course_load.c), which loads each lesson with what only the whole
 * course knows.  Not for other callers: they use lesson_load() (lesson.h).
 */
#ifndef IOLAB_LESSON_SCHEMA_H
#define IOLAB_LESSON_SCHEMA_H

#include <stddef.h>

#include "lesson.h"

/* What a lesson is checked against beyond its own file. */
struct lenv {
	const struct ref_data *refs;   /* NULL: sources not checked */
	const char *const *ids;        /* the course's lesson ids, NULL: not checked */
	size_t nids;
	const char *expect_id;         /* set by lesson_load_env: the file name without .yaml */
};

/* lesson_load() with the course's context in *env.  0, or -1 with the
 * problems in ds and *out zeroed. */
int lesson_load_env(const char *path, const struct lenv *env, struct lesson *out,
                    struct diags *ds);
/* An id is [a-z0-9-]+ (lesson files are named after it). */
int lesson_id_ok(const char *s);

#endif
