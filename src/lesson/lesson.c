/* lesson.c - the course model: look-ups and freeing.
 *
 * Nothing here reads a file: lesson_schema.c and course_load.c fill the
 * model (the layers are listed in lesson.h), diag.c reports what they find.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "lesson.h"

/* --- the model --------------------------------------------------------------- */

void lesson_free(struct lesson *l)
{
	free(l->id);
	free(l->title);
	free(l->text);
	free(l->code);
	free(l->file);
	wl_spec_free(&l->workload);
	for (size_t i = 0; i < l->nrefs; i++)
		free(l->refs[i].source);
	free(l->refs);
	for (size_t i = 0; i < l->ncompare; i++)
		free(l->compare[i]);
	free(l->compare);
	free(l->sweep.blocks);
	for (size_t i = 0; i < l->nexpect; i++) {
		expect_free(&l->expect[i]);
		if (l->grading)
			free(l->grading[i].leaderboard);
	}
	free(l->expect);
	free(l->grading);
	memset(l, 0, sizeof *l);
}

void lesson_course_free(struct course *c)
{
	free(c->title);
	free(c->dir);
	for (size_t i = 0; i < c->nsections; i++)
		free(c->sections[i].title);
	free(c->sections);
	for (size_t i = 0; i < c->nlessons; i++)
		lesson_free(&c->lessons[i]);
	free(c->lessons);
	memset(c, 0, sizeof *c);
}

long lesson_course_find(const struct course *c, const char *id)
{
	for (size_t i = 0; id && i < c->nlessons; i++)
		if (c->lessons[i].id && strcmp(c->lessons[i].id, id) == 0)
			return (long)i;
	return -1;
}

/* Returns c->nsections when no section holds lesson i (i out of range). */
size_t lesson_course_section_of(const struct course *c, size_t i)
{
	for (size_t s = 0; s < c->nsections; s++)
		if (i >= c->sections[s].first && i - c->sections[s].first < c->sections[s].count)
			return s;
	return c->nsections;
}

/* Gradescope's own words for a test's visibility */
static const char *const visibility_names[] = {
	"", "hidden", "after_due_date", "after_published", "visible",
};

const char *lesson_visibility_name(enum lesson_visibility v)
{
	return (unsigned)v < COUNT(visibility_names) ? visibility_names[v] : "";
}

int lesson_visibility_from_name(const char *s, enum lesson_visibility *out)
{
	for (size_t i = 1; i < COUNT(visibility_names); i++)
		if (strcmp(s, visibility_names[i]) == 0) {
			*out = (enum lesson_visibility)i;
			return 0;
		}
	return -1;
}
