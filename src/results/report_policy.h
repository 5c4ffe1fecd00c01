/* report_policy.h - the grader's choices of how results become a grade
 * (doc/batch-output.md, "Grading policy"): what an inconclusive claim
 * earns.  A header of its own so the command line can name the choice
 * without the report's structures. */
#ifndef IOLAB_REPORT_POLICY_H
#define IOLAB_REPORT_POLICY_H

/* --inconclusive: credit (the default: the lab could not decide, the
 * submission keeps the benefit of the doubt), fail, or retry (the busy
 * lesson is run again, up to REPORT_RETRY_MAX times, then credited) */
enum report_inconclusive {
	REPORT_INCONCLUSIVE_CREDIT, REPORT_INCONCLUSIVE_FAIL, REPORT_INCONCLUSIVE_RETRY
};
#define REPORT_RETRY_MAX 3

const char *report_inconclusive_name(enum report_inconclusive p);
/* 0 and *out set, or -1 for an unknown name */
int report_inconclusive_from_name(const char *name, enum report_inconclusive *out);

#endif
