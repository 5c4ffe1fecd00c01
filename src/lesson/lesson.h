/* lesson.h - the course model (plain structs) and its loader's interface.
 *
 * course_load.c and lesson_schema.c fill these from course.yaml and one
 * file per lesson; they never print.  Errors come back as diagnostics with
 * a mark (file, line, column; 1-based) that the caller prints with
 * diag_print() (diag.h).
 *
 * The loader in layers, each file using only those below it (the way
 * libcyaml keeps its reader apart from the schemas it is given):
 *
 *   course_load.c     course.yaml, its sections, every lesson, orphan files,
 *                     where the lessons and the reference data are
 *   lesson_schema.c   one lesson file: its key tables -> struct lesson
 *   reference.c       data/reference.yaml -> struct ref_data
 *   yaml_walk.c       a tree checked against tables of keys; value parsers
 *   yaml_tree.c       a file read under the bounds -> a tree with marks
 *   diag.c            the diagnostics all of them report
 */
#ifndef IOLAB_LESSON_H
#define IOLAB_LESSON_H

#include <stdarg.h>
#include <stdio.h>
#include "diag.h"
#include "expect.h"
#include "lesson_limits.h"
#include "reference.h"
#include "wl.h"

struct reference_rate {
	char *source;             /* a key of data/reference.yaml */
	double rate;              /* bytes per second */
};

/* sweep: {block: [...], cache: [warm, cold]} - the lesson runs its workload
 * once per (cache, block) point; views fit time = calls*R + bytes*U. */
struct sweep {
	uint64_t *blocks;
	size_t nblocks;
	enum wl_cache caches[2];
	size_t ncaches;           /* 0 = no sweep */
};

/* Gradescope's visibility of a test (doc/lesson-format.md, "Grading");
 * UNSET: Gradescope's default (the assignment's setting). */
enum lesson_visibility {
	LESSON_VIS_UNSET, LESSON_VIS_HIDDEN, LESSON_VIS_AFTER_DUE_DATE,
	LESSON_VIS_AFTER_PUBLISHED, LESSON_VIS_VISIBLE
};
const char *lesson_visibility_name(enum lesson_visibility v);    /* "" for UNSET */
int lesson_visibility_from_name(const char *s, enum lesson_visibility *out);

/* How one claim is graded: keys of an `expect:` item that the check
 * language (expect.h) does not read. */
struct lesson_grading {
	double points;                /* `points:`; 0 when absent: a share of the
	                                 lesson's (report_test_points) */
	enum lesson_visibility visibility;
	char *leaderboard;            /* `leaderboard:` name, or NULL */
};

struct lesson {
	char *id;                 /* [a-z0-9-]+, the file name without .yaml */
	char *title;
	char *text;               /* paragraphs separated by blank lines */
	char *code;               /* may be NULL */
	char *file;               /* path it was loaded from */
	struct wl_spec workload;
	struct reference_rate *refs;
	size_t nrefs;
	char **compare;           /* lesson ids */
	size_t ncompare;
	struct sweep sweep;
	struct expectation *expect;   /* `expect:`, in file order */
	size_t nexpect;
	double points;                /* `points:`; LESSON_POINTS_DEFAULT when absent */
	int points_given;             /* `points:` was in the file */
	enum lesson_visibility visibility;  /* `visibility:` of all its tests */
	struct lesson_grading *grading;     /* one per expect item, or NULL */
};

struct section {
	char *title;
	size_t first;             /* index into course.lessons */
	size_t count;
};

struct course {
	char *title;
	char *dir;                /* the lesson directory it came from */
	int shipped;              /* dir is the course this program ships or
	                             installed (course_load_dir_is_shipped): its
	                             commands run unasked (trust.h) */
	struct section *sections;
	size_t nsections;
	struct lesson *lessons;   /* in course order */
	size_t nlessons;
};

/* Load DIR/course.yaml and every lesson it names.  Returns 0 and fills
 * *course, or -1 with every problem found in *diags (course left empty:
 * a half-loaded course is never returned). */
int course_load(const char *dir, struct course *course, struct diags *diags);
void lesson_course_free(struct course *course);
/* Index of the lesson with that id, or -1. */
long lesson_course_find(const struct course *course, const char *id);
/* Index of the section holding lesson i. */
size_t lesson_course_section_of(const struct course *course, size_t i);

/* Where the lessons are when --lessons is not given: $IOLAB_LESSONS when
 * set and not empty; else the source tree when the program runs from its
 * build directory; else $(pkgdatadir)/lessons.
 * Returns a static string. */
const char *course_load_default_dir(void);

/* Is dir the course this program ships: $(pkgdatadir)/lessons, or the
 * source tree's lessons/ when the program runs from its build tree?  The
 * same directory, whatever the path says (a link, IOLAB_LESSONS, --lessons
 * naming it); a copy elsewhere is another directory. */
int course_load_dir_is_shipped(const char *dir);

/* data/reference.yaml beside the default lesson dir; static string */
const char *course_load_ref_default_path(void);

/* --- one file, and the shipped data ------------------------------------- */

/* Load one lesson file on its own, with every rule that needs no course
 * (the id must still equal the file name).  refs, when not NULL, is what
 * reference sources are checked against.  Returns 0 and fills *out, or -1
 * with the problems in *diags and *out zeroed. */
int lesson_load(const char *path, const struct ref_data *refs,
                struct lesson *out, struct diags *diags);
void lesson_free(struct lesson *lesson);

/* The reference file course_load(lessons_dir) checks sources against:
 * lessons_dir/../data/reference.yaml if it exists, else
 * course_load_ref_default_path() if that exists.  Writes it to buf and returns 0,
 * or returns -1 when neither exists (sources are then not checked). */
int course_load_ref_path(const char *lessons_dir, char *buf, size_t len);

#endif
