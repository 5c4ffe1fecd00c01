/* lesson.h - the course model (plain structs) and its loader's interface.
 *
 * lesson_yaml.c fills these from course.yaml and one file per lesson; it
 * never prints.  Errors come back as diagnostics with a mark
 * (file, line, column; 1-based) that the caller prints with diag_print().
 */
#ifndef IOLAB_LESSON_H
#define IOLAB_LESSON_H

#include <stdarg.h>
#include <stdio.h>
#include "workload.h"

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
};

struct section {
	char *title;
	size_t first;             /* index into course.lessons */
	size_t count;
};

struct course {
	char *title;
	char *dir;                /* the lesson directory it came from */
	struct section *sections;
	size_t nsections;
	struct lesson *lessons;   /* in course order */
	size_t nlessons;
};

/* One problem in one file, at a mark. */
struct diag {
	char *file;
	unsigned line, column;    /* 1-based; 0 when there is no position */
	char *message;
	char *source_line;        /* the offending line, or NULL */
};

struct diags {
	struct diag *items;
	size_t count;
	size_t dropped;           /* further errors not kept (cap reached) */
};

#define DIAGS_MAX 50

/* Load DIR/course.yaml and every lesson it names.  Returns 0 and fills
 * *course, or -1 with every problem found in *diags (course left empty:
 * a half-loaded course is never returned). */
int course_load(const char *dir, struct course *course, struct diags *diags);
void course_free(struct course *course);
/* Index of the lesson with that id, or -1. */
long course_find(const struct course *course, const char *id);
/* Index of the section holding lesson i. */
size_t course_section_of(const struct course *course, size_t i);

/* Where the lessons are when --lessons is not given: $IOLAB_LESSONS when
 * set and not empty; else the source tree when the program runs from its
 * build directory; else $(pkgdatadir)/lessons.
 * Returns a static string. */
const char *course_default_dir(void);

/* FILE:LINE:COLUMN: message, the source line, a caret under the column. */
void diag_print(FILE *out, const struct diag *d);
void diags_print(FILE *out, const struct diags *ds);
void diags_free(struct diags *ds);
/* Appends a diagnostic (copies every string).  Used by the loaders. */
void diags_add(struct diags *ds, const char *file, unsigned line,
               unsigned column, const char *source_line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Reference data: data/reference.yaml.  Sources are keyed
 * (cs61-2011-imac ...) with a label for views ("2011 iMac") and the
 * document they come from. */
struct ref_source {
	char *key;
	char *label;
	char *document;
};

struct ref_data {
	struct ref_source *sources;
	size_t nsources;
};

int ref_data_load(const char *path, struct ref_data *out, struct diags *diags);
void ref_data_free(struct ref_data *rd);
const struct ref_source *ref_data_find(const struct ref_data *rd, const char *key);
/* data/reference.yaml beside the default lesson dir; static string */
const char *ref_data_default_path(void);

/* --- additions (iolab 0.1) ------------------------------------------------ */

/* Bounds on hostile input; every one is an error, never a truncation. */
#define LESSON_FILE_MAX   (1u << 20)  /* bytes per YAML file (error at 1:1) */
#define LESSON_DEPTH_MAX  32          /* nested lists and mappings */
#define LESSON_TEXT_MAX   65536       /* bytes of text: and code: (any scalar) */
#define LESSON_WORD_MAX   256         /* bytes of any other scalar */
#define LESSON_NODES_MAX  100000      /* YAML values per file */
#define COURSE_LESSONS_MAX 1000       /* lessons per course */
#define SWEEP_BLOCKS_MAX  64          /* sizes in sweep.block */
#define LESSON_STREAMS_MAX 1024       /* workload.streams */

/* Load one lesson file on its own, with every rule that needs no course
 * (the id must still equal the file name).  refs, when not NULL, is what
 * reference sources are checked against.  Returns 0 and fills *out, or -1
 * with the problems in *diags and *out zeroed. */
int lesson_load(const char *path, const struct ref_data *refs,
                struct lesson *out, struct diags *diags);
void lesson_free(struct lesson *lesson);

/* diags_add with a va_list. */
void diags_vadd(struct diags *ds, const char *file, unsigned line,
                unsigned column, const char *source_line, const char *fmt,
                va_list ap)
	__attribute__((format(printf, 6, 0)));

/* The reference file course_load(lessons_dir) checks sources against:
 * lessons_dir/../data/reference.yaml if it exists, else
 * ref_data_default_path() if that exists.  Writes it to buf and returns 0,
 * or returns -1 when neither exists (sources are then not checked). */
int ref_data_find_path(const char *lessons_dir, char *buf, size_t len);

#endif
