/* report_expect.h - a batch's expectations: every claim of every lesson
 * that ran, held against the results of the same run.
 *
 * The glue between expect.h (which knows no report) and report.h (which
 * knows no expression): lookups of a result's fields by name at the median
 * trial and their min and max over the trials the figures came from, the
 * conditions a run ran under, and the outcomes kept in each result for
 * the writers.  Rules (doc/batch-output.md):
 *
 *   - a field of the expectation's own lesson, or `field(id)` of lesson
 *     id's result in this report; a lesson not in the report, or one that
 *     measured nothing, is EXPECT_NO_LESSON ("lesson-missing");
 *   - min and max: the field computed from each trial trial_pick() keeps,
 *     as report_field_number() computes it from the median trial; and
 *     each of those trials on its own, so the evaluator pairs the fields
 *     of one lesson (struct expect_source's trials and lookup_trial);
 *   - EXPECT_RAN_TIME_LIMITED when any of those trials stopped at its
 *     time limit; EXPECT_RAN_BUSY when report_ran_busy() says so.
 */
#ifndef IOLAB_REPORT_EXPECT_H
#define IOLAB_REPORT_EXPECT_H

#include <stddef.h>

#include "expect.h"
#include "lesson.h"
#include "report.h"

/* Evaluates xs[0..n-1] for result res of report r and keeps the outcomes
 * in res->expects (replacing any).  0, or -1 out of memory. */
int report_expect_result(const struct report *r, struct report_result *res,
                         const struct expectation *xs, size_t n);
/* The same, each claim graded as gs[i] says (gs may be NULL: shares of
 * the lesson's points, no visibility, no leaderboard). */
int report_expect_graded(const struct report *r, struct report_result *res,
                         const struct expectation *xs, const struct lesson_grading *gs, size_t n);
/* report_expect_result for every result, with its lesson's expectations
 * from c (found by id).  0, or -1 out of memory. */
int report_expect_all(struct report *r, const struct course *c);

/* EXPECT_RAN_* of one result. */
unsigned report_run_conditions(const struct report_result *res);

/* How many expectations of the whole report ended in verdict v. */
size_t report_expect_count(const struct report *r, enum expect_verdict v);

#endif
