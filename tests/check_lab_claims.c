/* check_lab_claims.c - a lesson's claims in the lab (lab_claims.c): the
 * lines the lesson view draws before a run (to check) and after one
 * (held, missed, inconclusive with its reason in words), over the fixture
 * pack tests/fixtures/claims, whose claims count calls only, so every
 * verdict is exact on any machine; where another lesson's figures come
 * from (this session's run of it, else the notebook's fields, else "run
 * it first"); the notebook's conditions; a watched run, a changed run and
 * a raced run.
 *
 * Real runs, as tests/check_lab.c makes them, in a private directory
 * ($XDG_STATE_HOME, the scratch files) removed afterwards; the lab is
 * static for the same reason as there (the signal guard keeps a pointer).
 */
#include "config.h"

#include <check.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include "lab.h"
#include "notebook.h"
#include "suites.h"

#define LESSONS TOP_SRCDIR "/tests/fixtures/claims"

enum { C01, C02 };                   /* the fixture's lessons, in course order */
enum { PER_CALL, PER_PASS, BYTES_OF_C02, WHOLE_FILE };   /* c01's claims */

static struct lab lab;
static struct options opt;
static char top[256], scratch_dir[300], state_dir[300];

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(top, sizeof top, "%s/iolab-check-claims-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(scratch_dir, sizeof scratch_dir, "%s/scratch", top);
	snprintf(state_dir, sizeof state_dir, "%s/state", top);
	setenv("XDG_STATE_HOME", state_dir, 1);
	memset(&opt, 0, sizeof opt);
	opt.lessons_dir = LESSONS;
	opt.scratch_dir = scratch_dir;
	opt.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.course.nlessons, 2);
	ck_assert_str_eq(lab.course.lessons[C01].id, "c01-write");
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(path);
}

static void teardown(void)
{
	lab_close(&lab);
	nftw(top, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void run_lesson(size_t i)
{
	lab_select(&lab, i);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int k = 0; lab_run_poll(&lab) && k < 5000; k++)
		nanosleep(&tick, NULL);
	ck_assert_int_eq(lab_run_active(&lab), 0);
	ck_assert_msg(lab.run.result.ok, "the run failed: %s", lab.run.result.error);
}

/* Line k of lesson i's claims as the view draws it. */
static void assert_line(size_t i, size_t k, enum claim_mark mark, const char *value,
                        const char *bound, const char *why)
{
	const struct lab_claims *c = &lab.ls[i].claims;
	ck_assert_uint_lt(k, c->n);
	const struct claim_line *l = &c->line[k];
	ck_assert_msg(l->mark == mark, "claim %zu of lesson %zu is %s, not %s (%s)", k, i,
	              lab_claim_mark_name(l->mark), lab_claim_mark_name(mark), l->why);
	ck_assert_str_eq(l->claim, lab.course.lessons[i].expect[k].claim);
	ck_assert_str_eq(l->value, value);
	ck_assert_str_eq(l->bound, bound);
	ck_assert_str_eq(l->why, why);
}

/* store_latest_normal_field of lesson i for its workload as it now says,
 * as the lab asks it (notebook_lesson_specs). */
static int saved_field(size_t i, const char *field, double *v, char *msg, size_t len)
{
	struct store_specs specs;
	ck_assert_int_eq(notebook_lesson_specs(&lab.course.lessons[i], &specs), 0);
	int rc = store_latest_normal_field(lab.store, lab.course.lessons[i].id, &specs, field, v,
	                                   msg, len);
	notebook_specs_free(&specs);
	return rc;
}

/* Record a run filed as c02's own in the notebook as another session
 * would have, with workload spec (NULL: c02's as it now says, the text a
 * lab or batch run of it records): its bytes and time_limited as given
 * (bytes < 0: no fields at all, as a pre-schema-2 run). */
static void saved_c02_as(const char *spec, int64_t when, double bytes, int time_limited)
{
	struct store_field f[] = { { "bytes", bytes }, { "time_limited", time_limited } };
	struct store_specs own;
	struct store_run r;
	ck_assert_int_eq(notebook_lesson_specs(&lab.course.lessons[C02], &own), 0);
	ck_assert_uint_eq(own.n, 1);
	store_run_init(&r);
	r.lesson = "c02-read";
	r.when = when;
	r.spec = spec ? spec : own.text[0];
	if (bytes >= 0) {
		r.fields = f;
		r.nfields = 2;
	}
	char msg[512];
	ck_assert_msg(store_record(lab.store, &r, NULL, msg, sizeof msg) == 0, "%s", msg);
	notebook_specs_free(&own);
}

static void saved_c02(int64_t when, double bytes, int time_limited)
{
	saved_c02_as(NULL, when, bytes, time_limited);
}

START_TEST(names_of_the_marks)
{
	ck_assert_str_eq(lab_claim_mark_name(CLAIM_TO_CHECK), "to check");
	ck_assert_str_eq(lab_claim_mark_name(CLAIM_HELD), "held");
	ck_assert_str_eq(lab_claim_mark_name(CLAIM_MISSED), "missed");
	ck_assert_str_eq(lab_claim_mark_name(CLAIM_INCONCLUSIVE), "inconclusive");
}
END_TEST

/* Before any run: every claim, as written, with nothing measured. */
START_TEST(before_a_run_what_to_look_for)
{
	const struct lab_claims *c = &lab.ls[C01].claims;
	ck_assert_int_eq(c->state, CLAIMS_TO_CHECK);
	ck_assert_str_eq(c->head, "To check when it runs (r):");
	ck_assert_uint_eq(c->n, 4);
	assert_line(C01, PER_CALL, CLAIM_TO_CHECK, "", "near 4096 \u00b1 0", "");
	assert_line(C01, PER_PASS, CLAIM_TO_CHECK, "", "at most 100", "");
	assert_line(C01, BYTES_OF_C02, CLAIM_TO_CHECK, "", "near 1 \u00b1 0", "");
	assert_line(C01, WHOLE_FILE, CLAIM_TO_CHECK, "", "near size / 4096 \u00b1 0", "");
	ck_assert_str_eq(c->line[PER_CALL].check, "bytes / calls.write");
	ck_assert_str_eq(c->line[BYTES_OF_C02].check, "bytes / bytes(c02-read)");
	/* the other lesson's are there too, once it is on screen */
	lab_select(&lab, C02);
	ck_assert_uint_eq(lab.ls[C02].claims.n, 1);
	assert_line(C02, 0, CLAIM_TO_CHECK, "", "near 4096 \u00b1 0", "");
}
END_TEST

/* One pass of c01: a held, a missed and an inconclusive claim, each with
 * its measured value and its bound with the run's numbers; the lab filed
 * the run's numbers in the notebook's fields. */
START_TEST(a_pass_held_missed_inconclusive)
{
	unsigned before = lab.claims_generation;
	run_lesson(C01);
	ck_assert_uint_gt(lab.claims_generation, before);
	const struct lab_claims *c = &lab.ls[C01].claims;
	ck_assert_int_eq(c->state, CLAIMS_CHECKED);
	ck_assert_str_eq(c->head, "Claims, checked against this run:");
	assert_line(C01, PER_CALL, CLAIM_HELD, "4096", "near 4096 \u00b1 0", "");
	assert_line(C01, PER_PASS, CLAIM_MISSED, "256", "at most 100", "");
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "", "near 1 \u00b1 0", "run c02-read first");
	assert_line(C01, WHOLE_FILE, CLAIM_HELD, "256", "near 256 \u00b1 0", "");
	/* what the notebook kept of it: every number, by name */
	char msg[512];
	double v = 0;
	ck_assert_int_eq(saved_field(C01, "calls.write", &v, msg, sizeof msg), 1);
	ck_assert(v == 256);
	ck_assert_int_eq(saved_field(C01, "workload.block", &v, msg, sizeof msg), 1);
	ck_assert(v == 4096);
	ck_assert_int_eq(saved_field(C01, "time_limited", &v, msg, sizeof msg), 1);
	ck_assert(v == 0);
}
END_TEST

/* Where c02's figures come from for c01's claim about it: nothing, then
 * a saved result too old to tell, then the notebook's fields (its value
 * and its conditions), then this session's run, which a newer saved
 * result does not displace. */
START_TEST(another_lessons_figures)
{
	run_lesson(C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "", "near 1 \u00b1 0", "run c02-read first");
	/* a result kept before the notebook kept fields: said, not guessed */
	saved_c02(100, -1, 0);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "", "near 1 \u00b1 0",
	            "run c02-read again (its saved result is too old to tell)");
	/* a saved result with fields: its bytes read back */
	saved_c02(200, 2097152, 0);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_MISSED, "0.5", "near 1 \u00b1 0", "");
	/* a saved result cut by its time limit: not the whole file */
	saved_c02(300, 1048576, 1);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "1", "near 1 \u00b1 0",
	            "the run of c02-read was cut short");
	/* this session's run of c02 answers from now on */
	run_lesson(C02);
	assert_line(C02, 0, CLAIM_HELD, "4096", "near 4096 \u00b1 0", "");
	saved_c02(time(NULL) + 3600, 4194304, 0);     /* newer, yet not this session's */
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_HELD, "1", "near 1 \u00b1 0", "");
	/* c01's own figures are still its last run's */
	assert_line(C01, PER_PASS, CLAIM_MISSED, "256", "at most 100", "");
}
END_TEST

/* A claim about another lesson reads that lesson's result as it now says:
 * a newer run filed under c02-read's id with another workload (another
 * pack's c02-read, or the lesson as an older iolab had it) is not it. */
START_TEST(another_workload_is_not_the_other_lessons_result)
{
	struct wl_spec other;
	ck_assert_int_eq(wl_spec_copy(&other, &lab.course.lessons[C02].workload), 0);
	other.size *= 4;                   /* a four times larger file */
	char *other_text = notebook_spec_text(&other);
	wl_spec_free(&other);
	ck_assert_ptr_nonnull(other_text);
	run_lesson(C01);
	saved_c02_as(other_text, 300, 4096, 0);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "", "near 1 \u00b1 0", "run c02-read first");
	char msg[512];
	double v = -1;
	ck_assert_int_eq(saved_field(C02, "bytes", &v, msg, sizeof msg), 0);
	/* an older run of its workload as it says: that one answers */
	saved_c02(200, 2097152, 0);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_MISSED, "0.5", "near 1 \u00b1 0", "");
	ck_assert_int_eq(saved_field(C02, "bytes", &v, msg, sizeof msg), 1);
	ck_assert(v == 2097152);
	free(other_text);
}
END_TEST

/* A watched run: its claims are checked against its last whole trial,
 * one of the lesson's own; a watched run without one, against the sum of
 * its trials, where a claim about the whole file waits for one pass. */
START_TEST(a_watched_run)
{
	lab.watch = 0.3;
	run_lesson(C01);
	ck_assert(lab.run.trials > 1 || lab.run.result.time_limited);
	/* its claims: against its last whole trial, one of the lesson's own
	 * (the sum of its trials is no count over one file) */
	ck_assert_int_eq(lab.run.have_whole, 1);
	ck_assert_int_eq(lab.ls[C01].claims.state, CLAIMS_CHECKED);
	ck_assert_int_eq(lab.ls[C01].claims.whole_trial, 1);
	ck_assert_str_eq(lab.ls[C01].claims.head, "Claims, checked against this run's last whole trial:");
	assert_line(C01, PER_CALL, CLAIM_HELD, "4096", "near 4096 \u00b1 0", "");
	ck_assert_int_eq(lab.ls[C01].claims.line[PER_PASS].mark, CLAIM_MISSED);
	assert_line(C01, WHOLE_FILE, CLAIM_HELD, "256", "near 256 \u00b1 0", "");
	/* a watched read of a lesson that reads once: each trial is the
	 * lesson's, one pass (its min_time 0), so its last one stands for it.
	 * The watch is long enough for a whole trial however slow the machine
	 * (under valgrind one took more than 0.3 s); how many trials fit is the
	 * machine's business (check_watch holds the repetition). */
	lab.watch = 2.0;
	run_lesson(C02);
	ck_assert_uint_ge(lab.run.trials, 1);
	ck_assert_int_eq(lab.run.have_whole, 1);
	ck_assert_uint_eq(lab.run.whole.passes, 1);
	ck_assert_int_eq(lab.ls[C02].claims.whole_trial, 1);
	lab_select(&lab, C01);
	assert_line(C01, BYTES_OF_C02, CLAIM_HELD, "1", "near 1 \u00b1 0", "");
	/* a watched run with no such trial (as when the watch's end or a stop
	 * cut its only one): the sum stands, and a claim about the whole of
	 * its file cannot be told */
	lab.run.have_whole = 0;
	lab_notebook_file(&lab, &lab.run);
	ck_assert_int_eq(lab.ls[C02].claims.state, CLAIMS_CHECKED);
	ck_assert_int_eq(lab.ls[C02].claims.whole_trial, 0);
	ck_assert_str_eq(lab.ls[C02].claims.head, "Claims, checked against this run:");
	lab_select(&lab, C01);
	const struct claim_line *l = &lab.ls[C01].claims.line[BYTES_OF_C02];
	ck_assert_int_eq(l->mark, CLAIM_INCONCLUSIVE);
	ck_assert_str_eq(l->why, "c02-read ran watched, not one pass");
	/* c01's one pass: still c02's watched run that cannot tell */
	lab.watch = WATCH_ONE_PASS;
	run_lesson(C01);
	assert_line(C01, WHOLE_FILE, CLAIM_HELD, "256", "near 256 \u00b1 0", "");
	ck_assert_int_eq(lab.ls[C01].claims.whole_trial, 0);
	l = &lab.ls[C01].claims.line[BYTES_OF_C02];
	ck_assert_int_eq(l->mark, CLAIM_INCONCLUSIVE);
	ck_assert_str_eq(l->why, "c02-read ran watched, not one pass");
}
END_TEST

/* A run with the workload changed is no run as the lesson says: the claims
 * go back to what to look for and say why; a raced run changes nothing. */
START_TEST(changed_and_raced_runs)
{
	run_lesson(C01);
	lab_run_adjust_block(&lab, 1);                     /* 8 KiB blocks */
	ck_assert_int_eq(lab_run_start(&lab), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int k = 0; lab_run_poll(&lab) && k < 5000; k++)
		nanosleep(&tick, NULL);
	const struct lab_claims *c = &lab.ls[C01].claims;
	ck_assert_int_eq(c->state, CLAIMS_NOT_CHECKED);
	ck_assert_str_eq(c->head, "Claims, not checked: the last run was not as the lesson says "
	                 "(8 KiB blocks).");
	assert_line(C01, PER_PASS, CLAIM_TO_CHECK, "", "at most 100", "");
	assert_line(C01, WHOLE_FILE, CLAIM_TO_CHECK, "", "near size / 4096 \u00b1 0", "");
	lab_select(&lab, C01);                          /* stays so */
	ck_assert_int_eq(c->state, CLAIMS_NOT_CHECKED);

	/* checked again by a run as the lesson says; then a race leaves them */
	run_lesson(C01);
	ck_assert_int_eq(c->state, CLAIMS_CHECKED);
	lab.watch = 0.3;
	ck_assert_int_eq(lab_race_start(&lab, C02), 0);
	ck_assert_int_eq(lab.run.raced, 1);
	for (int k = 0; lab_run_poll(&lab) && k < 5000; k++)
		nanosleep(&tick, NULL);
	ck_assert_int_eq(lab_run_active(&lab), 0);
	ck_assert_int_eq(c->state, CLAIMS_CHECKED);
	ck_assert_str_eq(c->head, "Claims, checked against this run:");
	assert_line(C01, PER_PASS, CLAIM_MISSED, "256", "at most 100", "");
	assert_line(C01, WHOLE_FILE, CLAIM_HELD, "256", "near 256 \u00b1 0", "");
	/* nor is the rival's run its lesson's figures */
	assert_line(C01, BYTES_OF_C02, CLAIM_INCONCLUSIVE, "", "near 1 \u00b1 0", "run c02-read first");
	ck_assert_int_eq(lab.ls[C02].claims.state, CLAIMS_TO_CHECK);
}
END_TEST

Suite *make_suite_lab_claims(void)
{
	Suite *s = suite_create("lab_claims");
	TCase *tc = tcase_create("claims");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, names_of_the_marks);
	tcase_add_test(tc, before_a_run_what_to_look_for);
	tcase_add_test(tc, a_pass_held_missed_inconclusive);
	tcase_add_test(tc, another_lessons_figures);
	tcase_add_test(tc, another_workload_is_not_the_other_lessons_result);
	tcase_add_test(tc, a_watched_run);
	tcase_add_test(tc, changed_and_raced_runs);
	suite_add_tcase(s, tc);
	return s;
}
