/* lesson_limits.h - the bounds on hostile input, in one place.
 *
 * Lesson files, course.yaml and data/reference.yaml are untrusted; every
 * bound below is an error, never a truncation (doc/lesson-format.md lists
 * them for authors).  The first five bound any YAML file of the lab and are
 * enforced by the YAML tree and walker (yaml_tree.c, yaml_walk.c); the
 * rest bound the lesson schema and the course (lesson_schema.c,
 * course_load.c).  A header of its own because both layers need them and
 * the lower one must not include the lesson model.
 */
#ifndef IOLAB_LESSON_LIMITS_H
#define IOLAB_LESSON_LIMITS_H

#define LESSON_FILE_MAX   (1u << 20)  /* bytes per YAML file (error at 1:1) */
#define LESSON_DEPTH_MAX  32          /* nested lists and mappings */
#define LESSON_TEXT_MAX   65536       /* bytes of text: and code: (any scalar) */
#define LESSON_WORD_MAX   256         /* bytes of any other scalar */
#define LESSON_NODES_MAX  100000      /* YAML values per file */
#define COURSE_LESSONS_MAX 1000       /* lessons per course */
#define SWEEP_BLOCKS_MAX  64          /* sizes in sweep.block */
#define LESSON_STREAMS_MAX 1024       /* workload.streams */
#define LESSON_RATE_MIN   1.0         /* reference: rate, bytes per second */
#define LESSON_RATE_MAX   1e15        /* (1 PB/s: past any storage there is) */
#define LESSON_EXPECT_MAX 64          /* items of expect: */
#define LESSON_CLAIM_MAX  512         /* bytes of an expectation's claim */
#define LESSON_POINTS_MAX 1000.0      /* points: from more than 0 to this */
#define LESSON_POINTS_DEFAULT 1.0

#endif
