/* trial_fields.h - the members of a trial's result that are a result's
 * fields, read from the one field table (report_field_rows.h's MEMBER
 * rows): what each is when it was not measured, how a watched run sums it
 * over its trials, and its value.
 *
 * Why here and not in the engine or the watch: a measured counter is one
 * row of that table, and these rules are its columns, so adding the
 * counter never means a line in trial.c's defaults and another in
 * watch.c's sums.
 */
#ifndef IOLAB_TRIAL_FIELDS_H
#define IOLAB_TRIAL_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "trial.h"

/* A member's C type, and with it its "not measured" value. */
enum trial_field_type {
	TF_NONE,                  /* not a member (an FN row) */
	TF_U64,                   /* uint64_t, always measured */
	TF_DOUBLE,                /* double, always measured */
	TF_UINT,                  /* unsigned, always measured */
	TF_COUNT,                 /* int64_t, -1 not measured */
	TF_LONG,                  /* long, -1 not measured */
	TF_SECONDS,               /* double, -1 (any negative) not measured */
	TF_FRACTION               /* double 0..1, -1 (any negative) not measured */
};

/* How a watched run's sum of trials takes a member. */
enum trial_field_sum {
	TF_ADD,                   /* the sum; not measured once any trial's is not */
	TF_FIRST,                 /* the first trial's (what it ran from) */
	TF_LAST,                  /* the last trial's (what it left) */
	TF_MAX                    /* the largest measured */
};

/* Every member row at its "not measured" value (the other members as
 * they are). */
void trial_fields_clear(struct trial_result *r);
/* Adds trial r to a watched run's sum by each member row's rule (sum
 * already holds the trials before r). */
void trial_fields_add(struct trial_result *sum, const struct trial_result *r);

/* A member's value: 1 with *u set (U64, UINT, COUNT, LONG) or *d set
 * (SECONDS, FRACTION), 0 when it was not measured. */
int trial_fields_read(const struct trial_result *r, enum trial_field_type type, size_t offset,
                     uint64_t *u, double *d);

#endif
