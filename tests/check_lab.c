/* check_lab.c - the lab's state without a terminal: opening it over the
 * fixture course (tests/fixtures/lab/lessons), what +, - and c do to the
 * next run and the messages they leave, what the live panel is shown in
 * each state of a run, which screen keys are read on, and real runs from
 * start to their record in the lab notebook: kind, label, guess, and
 * what the lab shows of them next time.
 *
 * Each test opens the lab with lab_open as the program does, in a private
 * directory for the scratch files and the lab notebook ($XDG_STATE_HOME),
 * removed afterwards.  The lab is static because lab_open hands its
 * scratch directory to the signal guard, which must not point into a
 * finished stack frame when the suite runs unforked (check-valgrind).
 */
#include "config.h"

#include <check.h>
#include <sqlite3.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"
#include "guard.h"
#include "keys.h"
#include "lab.h"
#include "notebook.h"
#include "reference.h"
#include "suites.h"

#define LESSONS TOP_SRCDIR "/tests/fixtures/lab/lessons"

/* What the notebook says of a lesson: its latest normal run (kind, label,
 * bytes), and how many runs it has. */
struct noted {
	int found;
	char kind[16], label[256], spec[512], recorder[16];
	int64_t bytes;
	double guess_rate, miss;
};

static int note_run(const struct store_run *r, void *arg)
{
	struct noted *n = arg;
	n->found = 1;
	snprintf(n->kind, sizeof n->kind, "%s", store_kind_name(r->kind));
	snprintf(n->label, sizeof n->label, "%s", r->label ? r->label : "");
	snprintf(n->spec, sizeof n->spec, "%s", r->spec ? r->spec : "");
	snprintf(n->recorder, sizeof n->recorder, "%s", store_recorder_name(r->recorder));
	n->bytes = r->bytes;
	n->guess_rate = r->guess_rate;
	n->miss = r->guess_miss;
	return 1;                  /* the first (newest) one */
}
enum { WRITE, COMMAND, SWEEP };        /* the fixture's lessons, in course order */

static struct lab lab;
static struct options opt;
static char top[256], scratch_dir[300], state_dir[300];

/* store_latest_normal of lesson i for its workload as it now says, as the
 * lab asks it (notebook_lesson_specs). */
static int latest_normal(size_t i, store_run_fn fn, void *arg, char *msg, size_t len)
{
	struct store_specs specs;
	ck_assert_int_eq(notebook_lesson_specs(&lab.course.lessons[i], &specs), 0);
	int rc = store_latest_normal(lab.store, lab.course.lessons[i].id, &specs, fn, arg, msg, len);
	notebook_specs_free(&specs);
	return rc;
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(top, sizeof top, "%s/iolab-check-lab-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(scratch_dir, sizeof scratch_dir, "%s/scratch", top);
	snprintf(state_dir, sizeof state_dir, "%s/state", top);
	setenv("XDG_STATE_HOME", state_dir, 1);
	memset(&opt, 0, sizeof opt);
	opt.lessons_dir = LESSONS;
	opt.scratch_dir = scratch_dir;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
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

START_TEST(open_at_the_first_lesson)
{
	ck_assert_int_eq(lab.course.nlessons, 3);
	ck_assert_int_eq(lab.cur, WRITE);
	ck_assert_str_eq(lab_lesson(&lab)->id, "lab-write");
	ck_assert_int_eq(lab.next_valid, 1);
	ck_assert_int_eq(lab.next.block, 4096);
	ck_assert_int_eq(lab.next.size, 1 << 20);
	ck_assert_int_eq(lab.next.cache, WL_CACHE_WARM);
	ck_assert_int_eq(lab.next_changed, 0);
	ck_assert_str_eq(lab.message, "");     /* no saved progress is no problem */
	ck_assert_int_eq(lab.run.phase, RUN_IDLE);
	lab_select(&lab, 99);                  /* clamped to the last lesson */
	ck_assert_int_eq(lab.cur, SWEEP);
}
END_TEST

START_TEST(open_at_a_named_lesson)
{
	lab_close(&lab);
	char *ids[] = {"lab-command"};
	opt.lessons = ids;
	opt.nlessons = 1;
	opt.size = 2 << 20;                    /* --size: the next run's file */
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab.cur, COMMAND);
	ck_assert_int_eq(lab.next.size, 2 << 20);
	lab_close(&lab);
	char *nope[] = {"no-such-lesson"};     /* says so on stderr, as the lab does */
	opt.lessons = nope;
	ck_assert_int_eq(lab_open(&lab, &opt), EXIT_USAGE);
	lab_close(&lab);
	opt.nlessons = 0;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
}
END_TEST

START_TEST(block_doubles_and_halves)
{
	lab_run_adjust_block(&lab, 1);
	ck_assert_int_eq(lab.next.block, 8192);
	ck_assert_str_eq(lab.message, "next run: 8 KiB blocks (r runs it)");
	ck_assert_int_eq(lab.next_changed, 1);
	lab_run_adjust_block(&lab, 0);
	ck_assert_int_eq(lab.next.block, 4096);
	ck_assert_str_eq(lab.message, "next run: 4 KiB blocks (r runs it)");
	ck_assert_int_eq(lab.next_changed, 0);      /* back to the lesson's own */
	lab_run_adjust_block(&lab, 0);
	ck_assert_int_eq(lab.next.block, 2048);
	ck_assert_str_eq(lab.message, "next run: 2 KiB blocks (r runs it)");
	ck_assert_int_eq(lab.next_changed, 1);
	/* another lesson and back: the lesson's own workload again */
	lab_select(&lab, COMMAND);
	lab_select(&lab, WRITE);
	ck_assert_int_eq(lab.next.block, 4096);
	ck_assert_int_eq(lab.next_changed, 0);
	/* a block that is no whole binary unit is said exactly (never
	 * "next run: 1.95 KiB blocks" for 2000 B) */
	lab.next.block = 1000;
	lab_run_adjust_block(&lab, 1);
	ck_assert_str_eq(lab.message, "next run: 2,000 B blocks (r runs it)");
}
END_TEST

START_TEST(block_limits)
{
	/* up: 4 KiB doubles eight times to the whole 1 MiB file, then stops */
	for (int i = 0; i < 8; i++)
		lab_run_adjust_block(&lab, 1);
	ck_assert_int_eq(lab.next.block, 1 << 20);
	ck_assert_str_eq(lab.message, "next run: 1 MiB blocks (r runs it)");
	lab_run_adjust_block(&lab, 1);
	ck_assert_int_eq(lab.next.block, 1 << 20);
	ck_assert_str_eq(lab.message, "the block is already the whole file (1 MiB)");
	/* down: twenty halvings to one byte, then stops */
	for (int i = 0; i < 20; i++)
		lab_run_adjust_block(&lab, 0);
	ck_assert_int_eq(lab.next.block, 1);
	ck_assert_str_eq(lab.message, "next run: 1 B blocks (r runs it)");
	lab_run_adjust_block(&lab, 0);
	ck_assert_int_eq(lab.next.block, 1);
	ck_assert_str_eq(lab.message, "the block is already 1 B, the smallest");
	ck_assert_int_eq(lab.next_changed, 1);
}
END_TEST

START_TEST(sweep_and_command_refuse_block)
{
	lab_select(&lab, SWEEP);
	uint64_t before = lab.next.block;
	lab_run_adjust_block(&lab, 1);
	ck_assert_str_eq(lab.message, "a sweep runs every block size and cache state of its list");
	ck_assert_int_eq(lab.next.block, before);
	ck_assert_int_eq(lab.next_changed, 0);
	lab_select(&lab, COMMAND);
	lab_run_adjust_block(&lab, 0);
	ck_assert_str_eq(lab.message, "this lesson runs a command: its block size is the command's");
	ck_assert_int_eq(lab.next.block, 512);
	ck_assert_int_eq(lab.next_changed, 0);
}
END_TEST

START_TEST(cache_toggles)
{
	lab_run_toggle_cache(&lab);
	ck_assert_int_eq(lab.next.cache, WL_CACHE_COLD);
	ck_assert_str_eq(lab.message, "next run: cold cache (the file is evicted first; r runs it)");
	ck_assert_int_eq(lab.next_changed, 1);
	lab_run_toggle_cache(&lab);
	ck_assert_int_eq(lab.next.cache, WL_CACHE_WARM);
	ck_assert_str_eq(lab.message, "next run: warm cache (r runs it)");
	ck_assert_int_eq(lab.next_changed, 0);
	/* a command's cache can change (the file is evicted before it runs) */
	lab_select(&lab, COMMAND);
	lab_run_toggle_cache(&lab);
	ck_assert_int_eq(lab.next.cache, WL_CACHE_COLD);
	ck_assert_int_eq(lab.next_changed, 1);
	/* a sweep's cannot */
	lab_select(&lab, SWEEP);
	lab_run_toggle_cache(&lab);
	ck_assert_str_eq(lab.message, "a sweep runs every block size and cache state of its list");
	ck_assert_int_eq(lab.next.cache, WL_CACHE_WARM);
	ck_assert_int_eq(lab.next_changed, 0);
}
END_TEST

static void assert_empty_view(const struct run_view *v)
{
	ck_assert_int_eq(v->live, 0);
	ck_assert_int_eq(v->stopping, 0);
	ck_assert_ptr_null(v->spec);
	ck_assert_ptr_null(v->sample);
	ck_assert_ptr_null(v->hist);
	ck_assert_ptr_null(v->result);
	ck_assert_ptr_null(v->start_error);
	ck_assert_ptr_null(v->saved);
	ck_assert_ptr_null(v->points);
	ck_assert_int_eq(v->npoints, 0);
	ck_assert_int_eq(v->total, 0);
}

START_TEST(view_idle_and_saved)
{
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	assert_empty_view(&v);
	/* a result from an earlier session (the notebook's latest normal run) */
	lab.ls[WRITE].have_normal = 1;
	lab.ls[WRITE].normal.ok = 1;
	lab.ls[WRITE].normal.rate = 5e6;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_ptr_eq(v.saved, &lab.ls[WRITE].normal);
	ck_assert_double_eq(v.saved->rate, 5e6);
	ck_assert_ptr_null(v.result);
	ck_assert_int_eq(v.live, 0);
	lab_run_view_of(&lab, COMMAND, &v);
	assert_empty_view(&v);
}
END_TEST

START_TEST(view_live_and_stopping)
{
	struct run *r = &lab.run;
	r->phase = RUN_RUNNING;
	r->lesson = WRITE;
	r->rate_now = 123.5;
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_int_eq(v.live, 1);
	ck_assert_int_eq(v.stopping, 0);
	ck_assert_ptr_eq(v.spec, &r->spec);
	ck_assert_ptr_eq(v.sample, &r->sample);
	ck_assert_ptr_eq(v.hist, &r->hist);
	ck_assert_double_eq(v.rate_now, 123.5);
	ck_assert_ptr_null(v.result);
	ck_assert_ptr_null(v.saved);
	ck_assert_ptr_null(v.points);
	/* the other lessons are not the run's */
	lab_run_view_of(&lab, COMMAND, &v);
	assert_empty_view(&v);
	r->phase = RUN_STOPPING;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_int_eq(v.live, 1);
	ck_assert_int_eq(v.stopping, 1);
	ck_assert_int_eq(lab_run_active(&lab), 1);
}
END_TEST

START_TEST(view_ended)
{
	struct run *r = &lab.run;
	struct lesson_state *ls = &lab.ls[WRITE];
	r->phase = RUN_ENDED;
	r->lesson = WRITE;
	ls->have_result = 1;
	ls->result.rate = 7e6;
	/* this session's result wins over a saved one */
	ls->have_normal = 1;
	ls->normal.ok = 1;
	ls->normal.rate = 5e6;
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_int_eq(v.live, 0);
	ck_assert_ptr_eq(v.result, &ls->result);
	ck_assert_ptr_null(v.spec);              /* have_spec 0: what ran is unknown */
	ck_assert_ptr_eq(v.hist, &ls->hist);
	ck_assert_ptr_null(v.saved);
	ck_assert_ptr_null(v.start_error);
	ck_assert_int_eq(wl_spec_copy(&ls->spec, &lab.next), 0);
	ls->have_spec = 1;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_ptr_eq(v.spec, &ls->spec);
	/* a run that could not start says why, on its own lesson only */
	snprintf(r->start_error, sizeof r->start_error, "no room");
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_str_eq(v.start_error, "no room");
	lab_run_view_of(&lab, COMMAND, &v);
	ck_assert_ptr_null(v.start_error);
}
END_TEST

START_TEST(view_sweep_points)
{
	struct run *r = &lab.run;
	struct lesson_state *ls = &lab.ls[SWEEP];
	/* the last sweep of this session (or of an earlier one) */
	ls->points = calloc(4, sizeof *ls->points);
	ck_assert_ptr_nonnull(ls->points);
	ls->npoints = 4;
	struct run_view v;
	lab_run_view_of(&lab, SWEEP, &v);
	ck_assert_ptr_eq(v.points, ls->points);
	ck_assert_int_eq(v.npoints, 4);
	ck_assert_int_eq(v.total, 4);
	ck_assert_int_eq(v.live, 0);
	/* a sweep under way: its points so far, of all of them */
	r->phase = RUN_RUNNING;
	r->lesson = SWEEP;
	r->sweep = 1;
	r->npoints = 4;
	r->point = 2;
	r->points = calloc(4, sizeof *r->points);
	ck_assert_ptr_nonnull(r->points);
	lab_run_view_of(&lab, SWEEP, &v);
	ck_assert_int_eq(v.live, 1);
	ck_assert_ptr_eq(v.points, r->points);
	ck_assert_int_eq(v.npoints, 2);
	ck_assert_int_eq(v.point, 2);
	ck_assert_int_eq(v.total, 4);
	/* stopped after two points: those two, not the last full sweep */
	r->phase = RUN_ENDED;
	lab_run_view_of(&lab, SWEEP, &v);
	ck_assert_int_eq(v.live, 0);
	ck_assert_ptr_eq(v.points, r->points);
	ck_assert_int_eq(v.npoints, 2);
	ck_assert_int_eq(v.total, 4);
}
END_TEST

START_TEST(key_context_follows_the_screen)
{
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON);
	ck_assert_uint_eq(lab_key_context(&lab, 60, 200), KEYS_LESSON);
	lab.course_screen = 1;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_COURSE);
	/* wide too: Tab opens the whole course screen at any width */
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_COURSE);
	ck_assert_uint_eq(lab_key_context(&lab, 60, 200), KEYS_COURSE);
	lab.help = 1;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_HELP);
	/* too small hides everything, help too */
	ck_assert_uint_eq(lab_key_context(&lab, 20, 60), KEYS_TINY);
	lab.run.phase = RUN_RUNNING;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_HELP | KEYS_RUNNING);
	ck_assert_uint_eq(lab_key_context(&lab, 20, 60), KEYS_TINY | KEYS_RUNNING);
	lab.help = 0;
	lab.course_screen = 0;
	lab.run.phase = RUN_STOPPING;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON | KEYS_RUNNING);
	lab.run.phase = RUN_ENDED;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON);
}
END_TEST

/* A real run of the 1 MiB lesson, polled as the UI polls it, ends as
 * the result the panel shows and is filed in the notebook: with + it ran
 * 8 KiB blocks, so it is a variant, never the lesson's result. */
START_TEST(a_run_ends_as_the_result)
{
	lab_run_adjust_block(&lab, 1);                 /* 8 KiB: what ran is the next run */
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_int_eq(lab.run.phase, RUN_RUNNING);
	ck_assert_int_eq(lab_run_start(&lab), -1);
	ck_assert_str_eq(lab.message, "a run is under way: s stops it");
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab_run_poll(&lab) && i < 5000; i++)
		nanosleep(&tick, NULL);
	ck_assert_int_eq(lab.run.phase, RUN_ENDED);
	ck_assert_msg(lab.run.result.ok, "the run failed: %s", lab.run.result.error);
	ck_assert_int_eq(lab.run.result.bytes, 1 << 20);
	ck_assert_int_eq(lab.run.result.calls[CALL_WRITE], 128);
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_int_eq(v.live, 0);
	ck_assert_ptr_eq(v.result, &lab.ls[WRITE].result);
	ck_assert_int_eq(v.spec->block, 8192);
	char path[400], msg[256];
	snprintf(path, sizeof path, "%s/iolab/lab.db", state_dir);
	ck_assert_int_eq(access(path, R_OK), 0);
	ck_assert_int_eq(store_count(lab.store, "lab-write", msg, sizeof msg), 1);
	struct noted n = {0};
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 0);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 0);
	ck_assert_int_eq(store_history(lab.store, "lab-write", note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "changed");
	ck_assert_str_eq(n.label, "8 KiB blocks");
	ck_assert_ptr_nonnull(strstr(n.spec, " block=8KiB "));
	ck_assert_int_eq(n.bytes, 1 << 20);
	/* the panel labels it, and lists it apart */
	ck_assert_int_eq(v.kind, STORE_KIND_CHANGED);
	ck_assert_str_eq(v.label, "8 KiB blocks");
	ck_assert_uint_eq(lab.ls[WRITE].nvariants, 1);
	ck_assert_str_eq(lab.ls[WRITE].variants[0].label, "8 KiB blocks");
	lab_run_stop(&lab);
	ck_assert_str_eq(lab.message, "nothing is running (r runs the lesson)");
}
END_TEST

/* --- watched runs ------------------------------------------------------------ */

static void poll_until_ended(void)
{
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab_run_poll(&lab) && i < 3000; i++)
		nanosleep(&tick, NULL);
	ck_assert_int_eq(lab_run_active(&lab), 0);
}

static void assert_no_data_files(void)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		ck_assert_msg(lab.scratch.files[i][0] == '\0' || strstr(lab.scratch.files[i], ".data"),
		              "left %s", lab.scratch.files[i]);
}

/* The sums of `trials` trials of the 1 MiB, 4 KiB-block write: each a
 * whole pass, but for the last when the watch time cut it short. */
static void assert_whole_passes(const struct trial_result *r, unsigned trials)
{
	unsigned cut = r->time_limited ? 1 : 0;
	ck_assert_uint_eq(r->passes, trials - cut);
	if (cut) {
		ck_assert_uint_ge(r->bytes, (uint64_t)r->passes << 20);
		ck_assert_uint_lt(r->bytes, (uint64_t)trials << 20);
	} else
		ck_assert_uint_eq(r->bytes, (uint64_t)trials << 20);
	ck_assert_uint_eq(r->calls[CALL_WRITE], r->bytes / 4096);
	if (r->syscw >= 0)
		ck_assert_int_eq(r->syscw, (int64_t)(r->bytes / 4096));
}

/* Half a second of the 1 MiB lesson: trials back to back, each the
 * lesson's whole pass, summed exactly into the run's result. */
START_TEST(a_watched_run_is_trials_back_to_back)
{
	lab.watch = 0.5;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_double_eq(lab.run.watch, 0.5);
	poll_until_ended();
	const struct run *r = &lab.run;
	ck_assert_int_eq(r->phase, RUN_ENDED);
	ck_assert_msg(r->result.ok, "%s", r->result.error);
	ck_assert_uint_ge(r->trials, 2);
	/* it ran until less than WATCH_MIN_TRIAL was left */
	ck_assert_double_ge(r->watched, 0.5 - WATCH_MIN_TRIAL);
	assert_whole_passes(&r->result, r->trials);
	ck_assert_double_eq_tol(r->result.rate, r->result.bytes / r->result.seconds, 1e-6);
	ck_assert_double_le(r->result.seconds, r->watched);   /* set-up is not timed */
	/* the shown sample is the sum too */
	ck_assert_uint_eq(r->sample.bytes, r->result.bytes);
	ck_assert_uint_eq(r->passes, r->result.passes);
	/* the lesson's result, and filed as the lesson's (the watch time
	 * ending it is no time limit cutting it short) */
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_ptr_eq(v.result, &lab.ls[WRITE].result);
	ck_assert_uint_eq(v.result->bytes, r->result.bytes);
	ck_assert_uint_eq(v.trials, r->trials);
	ck_assert_double_eq(v.watch, 0.5);
	ck_assert_int_eq(v.raced, 0);
	ck_assert_int_eq(v.kind, STORE_KIND_LESSON);
	ck_assert_str_eq(v.label, "");
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 1);
	ck_assert_int_eq(n.bytes, (int64_t)r->result.bytes);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
	ck_assert_int_eq(lab.ls[WRITE].normal.bytes, (int64_t)r->result.bytes);
	assert_no_data_files();
}
END_TEST

/* Each trial of a watched run keeps its own time limit (the lesson's, or
 * --time-limit's), as batch's trials do: a watch many times that limit is
 * trial after trial, and one its own limit ended is a lesson's trial (its
 * claims' whole trial), time-limited; the watch's end only bounds the last.
 * A 1 MiB file one byte per write() cannot be written in 50 ms.  The watch
 * is long and the test stops it after the third trial, so no set-up time,
 * however slow a busy machine makes it, decides how many trials fit: the
 * old rule, which gave the first trial the whole watch, never gets there. */
START_TEST(a_watched_trial_keeps_its_own_time_limit)
{
	opt.time_limit = 0.05;                 /* --time-limit 50ms */
	lab_select(&lab, WRITE);
	lab.next.block = 1;
	ck_assert_double_eq(lab.next.time_limit, 0.05);
	lab.watch = 30;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_int_eq(lab.run.limit, WATCH_LIMIT_OWN);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab.run.trials < 3 && i < 3000; i++) {
		lab_run_poll(&lab);
		nanosleep(&tick, NULL);
	}
	ck_assert_uint_ge(lab.run.trials, 3);
	lab_run_stop(&lab);
	poll_until_ended();
	const struct run *r = &lab.run;
	ck_assert_msg(r->result.ok, "%s", r->result.error);
	ck_assert_int_eq(r->have_whole, 1);
	ck_assert_int_eq(r->whole.time_limited, 1);
	ck_assert_uint_lt(r->whole.bytes, 1 << 20);
	ck_assert_uint_eq(r->result.calls[CALL_WRITE], r->result.bytes);
	assert_no_data_files();
	opt.time_limit = 0;
}
END_TEST

START_TEST(s_stops_a_watched_run)
{
	lab.watch = 30;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab.run.trials < 2 && i < 3000; i++) {
		lab_run_poll(&lab);
		nanosleep(&tick, NULL);
	}
	ck_assert_uint_ge(lab.run.trials, 2);
	lab_run_stop(&lab);
	ck_assert_int_eq(lab.run.phase, RUN_STOPPING);
	poll_until_ended();
	ck_assert_int_eq(lab.run.phase, RUN_ENDED);
	ck_assert_double_lt(lab.run.watched, 30);
	ck_assert_msg(lab.run.result.ok, "%s", lab.run.result.error);
	/* no trial started after the stop: the bytes are whole passes and
	 * the last trial's part */
	ck_assert_uint_ge(lab.run.result.passes, 2);
	ck_assert_uint_ge(lab.run.result.bytes, (uint64_t)lab.run.result.passes << 20);
	assert_no_data_files();
}
END_TEST

START_TEST(w_cycles_the_watch_time)
{
	lab.watch = 10;
	lab_run_cycle_watch(&lab);
	ck_assert_double_eq(lab.watch, 30);
	ck_assert_str_eq(lab.message, "next run: watch 30 s (r runs it)");
	lab_run_cycle_watch(&lab);
	ck_assert_double_eq(lab.watch, WATCH_ONE_PASS);
	ck_assert_str_eq(lab.message, "next run: one pass (r runs it)");
	lab_run_cycle_watch(&lab);
	ck_assert_double_eq(lab.watch, 3);
	ck_assert_str_eq(lab.message, "next run: watch 3 s (r runs it)");
	lab_select(&lab, SWEEP);
	lab_run_cycle_watch(&lab);
	ck_assert_double_eq(lab.watch, 10);
	ck_assert_str_eq(lab.message, "next run: watch 10 s (a sweep runs each point once, "
	                              "as its lesson says)");
	/* --watch: the lab starts with it */
	lab_close(&lab);
	opt.watch = 3;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_double_eq(lab.watch, 3);
	opt.watch = 0;
}
END_TEST

/* --- races ------------------------------------------------------------------ */

START_TEST(race_gap_and_cpus)
{
	double dlog = 0, ratio = 0;
	ck_assert_int_eq(lab_race_gap(1e6, 1e4, &dlog, &ratio), 0);
	ck_assert_double_eq_tol(dlog, log(100), 1e-12);
	ck_assert_double_eq_tol(ratio, 100, 1e-12);
	ck_assert_int_eq(lab_race_gap(7400, 3.4e6, &dlog, &ratio), 0);
	ck_assert_double_eq_tol(dlog, log(7400) - log(3.4e6), 1e-12);
	ck_assert_double_eq_tol(ratio, 7400 / 3.4e6, 1e-15);
	ck_assert_int_eq(lab_race_gap(0, 1e4, &dlog, &ratio), -1);
	ck_assert_int_eq(lab_race_gap(1e4, 0, &dlog, &ratio), -1);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	ck_assert_int_eq(lab_race_cpus(), n >= 1 ? n : 1);
}
END_TEST

START_TEST(race_choices_compared_first)
{
	static struct course c;
	struct diags d = {0};
	ck_assert_int_eq(course_load(TOP_SRCDIR "/lessons", &c, &d), 0);
	diag_list_free(&d);
	size_t *out = calloc(c.nlessons, sizeof *out), ncompared = 99;
	ck_assert_ptr_nonnull(out);
	long w05 = lesson_course_find(&c, "w05-stdiobyte");
	ck_assert_int_ge(w05, 0);
	size_t n = lab_race_choices(&c, (size_t)w05, out, c.nlessons, &ncompared);
	size_t sweeps = 0;
	for (size_t i = 0; i < c.nlessons; i++)
		sweeps += c.lessons[i].sweep.ncaches > 0;
	ck_assert_uint_eq(ncompared, 1);
	ck_assert_str_eq(c.lessons[out[0]].id, "w03-byte");       /* its compare list */
	ck_assert_uint_eq(n, c.nlessons - 1 - sweeps);           /* then every other */
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_ne(out[i], (size_t)w05);
		ck_assert_uint_eq(c.lessons[out[i]].sweep.ncaches, 0);
		for (size_t j = 0; j < i; j++)
			ck_assert_uint_ne(out[i], out[j]);
	}
	for (size_t i = 2; i < n; i++)                          /* in course order */
		ck_assert_uint_lt(out[i - 1], out[i]);
	/* a short list is cut at max */
	ck_assert_uint_eq(lab_race_choices(&c, (size_t)w05, out, 3, &ncompared), 3);
	free(out);
	lesson_course_free(&c);
}
END_TEST

START_TEST(race_refusals)
{
	ck_assert_str_eq(lab_race_refusal(&lab, WRITE, WRITE), "a lesson does not race itself: choose another");
	ck_assert_str_eq(lab_race_refusal(&lab, WRITE, SWEEP),
	                 "a sweep is many runs, one after another: it cannot race");
	ck_assert_ptr_null(lab_race_refusal(&lab, WRITE, COMMAND));
	/* two reads of one data file while one evicts it: the real lessons */
	lab_close(&lab);
	opt.lessons_dir = TOP_SRCDIR "/lessons";
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	long warm = lesson_course_find(&lab.course, "a01-warm1m"), cold = lesson_course_find(&lab.course, "a02-cold1m");
	long w01 = lesson_course_find(&lab.course, "w01-syncbyte"), w03 = lesson_course_find(&lab.course, "w03-byte");
	ck_assert_int_ge(warm, 0);
	ck_assert_int_ge(cold, 0);
	/* whole in the header at 80 columns (70 for a message): "... one
	 * evicts it before every pass: each…" lost its reason */
	const char *why = lab_race_refusal(&lab, (size_t)warm, (size_t)cold);
	ck_assert_str_eq(why, "one evicts the file both read: each would time the other's evictions");
	ck_assert_int_le((int)strlen(why), 70);
	ck_assert_ptr_null(lab_race_refusal(&lab, (size_t)w01, (size_t)w03));
	/* the lesson on screen as its next run: c makes a warm read cold */
	lab_select(&lab, (size_t)warm);
	long r02 = lesson_course_find(&lab.course, "r02-block");
	ck_assert_int_ge(r02, 0);
	ck_assert_ptr_null(lab_race_refusal(&lab, (size_t)warm, (size_t)r02));
	lab_run_toggle_cache(&lab);
	ck_assert_ptr_nonnull(lab_race_refusal(&lab, (size_t)warm, (size_t)r02));
	opt.lessons_dir = LESSONS;
}
END_TEST

START_TEST(the_chooser)
{
	ck_assert_int_eq(lab_race_open(&lab), 0);
	ck_assert_int_eq(lab.race.choosing, 1);
	ck_assert_uint_eq(lab.race.nchoices, 1);               /* not itself, not the sweep */
	ck_assert_uint_eq(lab.race.choices[0], COMMAND);
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_CHOOSER);
	lab_race_chooser_move(&lab, 5);
	ck_assert_uint_eq(lab.race.choice, 0);
	lab_race_chooser_move(&lab, -5);
	ck_assert_uint_eq(lab.race.choice, 0);
	lab_race_chooser_close(&lab);
	ck_assert_int_eq(lab.race.choosing, 0);
	ck_assert_ptr_null(lab.race.choices);
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON);
	/* a sweep does not race */
	lab_select(&lab, SWEEP);
	ck_assert_int_eq(lab_race_open(&lab), -1);
	ck_assert_str_eq(lab.message, "a sweep is many runs, one after another: it cannot race");
	ck_assert_int_eq(lab.race.choosing, 0);
	/* presentation mode is the lesson's screen, even where the course
	 * screen was up */
	lab.course_screen = 1;
	lab.present = 1;
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON);
}
END_TEST

/* A race of the write lesson against the dd lesson: both children run at
 * once, both end, and neither result is filed as its lesson's. */
START_TEST(a_race_is_never_the_lessons_result)
{
	lab.watch = 0.3;
	ck_assert_int_eq(lab_race_open(&lab), 0);
	/* the rival runs a lesson pack's program: asked first, as r asks;
	 * a yes starts nothing, and v races again */
	ck_assert_int_eq(lab_race_pick(&lab), -1);
	ck_assert_int_eq(lab.asking, 1);
	ck_assert_int_eq(lab.ask_for_race, 1);
	ck_assert_uint_eq(lab.ask_lesson, COMMAND);
	ck_assert_int_eq(trial_children(), 0);
	lab.ask_seen_end = 1;          /* as ui_confirm.c says once its last row was drawn */
	ck_assert_int_eq(lab_answer_commands(&lab, 1), 0);
	ck_assert_str_eq(lab.message, "allowed for this session: v races again");
	ck_assert_int_eq(trial_children(), 0);
	ck_assert_int_eq(lab_race_open(&lab), 0);
	ck_assert_int_eq(lab_race_pick(&lab), 0);
	ck_assert_int_eq(lab.race.choosing, 0);
	ck_assert_int_eq(lab.race.shown, 1);
	ck_assert_int_eq(lab_race_active(&lab), 1);
	ck_assert_int_eq(lab.run.raced, 1);
	ck_assert_int_eq(lab.race.rival.raced, 1);
	ck_assert_uint_eq(lab.run.lesson, WRITE);
	ck_assert_uint_eq(lab.race.rival.lesson, COMMAND);
	ck_assert_ptr_nonnull(lab.run.trial);
	ck_assert_ptr_nonnull(lab.race.rival.trial);
	ck_assert_int_eq(trial_children(), 2);
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON | KEYS_RUNNING);
	/* one run at a time besides: r waits; v shows the race */
	ck_assert_int_eq(lab_run_start(&lab), -1);
	ck_assert_str_eq(lab.message, "a run is under way: s stops it");
	lab.race.shown = 0;
	ck_assert_int_eq(lab_race_open(&lab), 0);
	ck_assert_int_eq(lab.race.shown, 1);
	ck_assert_int_eq(lab.race.choosing, 0);
	/* the lessons' own views do not show the race */
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	assert_empty_view(&v);
	poll_until_ended();
	ck_assert_int_eq(trial_children(), 0);
	for (int side = 0; side < 2; side++) {
		lab_race_view_of(&lab, side, &v);
		ck_assert_int_eq(v.raced, 1);
		ck_assert_int_eq(v.live, 0);
		ck_assert_ptr_nonnull(v.result);
		ck_assert_msg(v.result->ok, "side %d: %s", side, v.result->error);
		ck_assert_uint_ge(v.trials, 1);
		ck_assert_uint_gt(v.result->bytes, 0);
	}
	lab_race_view_of(&lab, 0, &v);
	assert_whole_passes(v.result, v.trials);
	ck_assert_uint_eq(v.lesson, WRITE);
	lab_race_view_of(&lab, 1, &v);
	ck_assert_uint_eq(v.lesson, COMMAND);
	/* never the lesson's result: not this session's, not the notebook's
	 * normal run; filed as raced, each naming the other */
	ck_assert_int_eq(lab.ls[WRITE].have_result, 0);
	ck_assert_int_eq(lab.ls[COMMAND].have_result, 0);
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 0);
	ck_assert_int_eq(latest_normal(COMMAND, note_run, &n, msg, sizeof msg), 0);
	ck_assert_int_eq(store_history(lab.store, "lab-write", note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "raced");
	ck_assert_str_eq(n.label, "raced with lab-command");
	ck_assert_int_eq(store_history(lab.store, "lab-command", note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "raced");
	ck_assert_str_eq(n.label, "raced with lab-write");
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 0);
	char path[400];
	snprintf(path, sizeof path, "%s/iolab/progress", state_dir);
	ck_assert_int_eq(access(path, F_OK), -1);   /* the old file is never written */
	lab_run_view_of(&lab, WRITE, &v);
	assert_empty_view(&v);
	assert_no_data_files();
	/* the lesson's own run afterwards is the lesson's again */
	lab.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_int_eq(lab.race.shown, 0);
	ck_assert_int_eq(lab.run.raced, 0);
	poll_until_ended();
	ck_assert_int_eq(lab.ls[WRITE].have_result, 1);
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 1);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
}
END_TEST

START_TEST(s_stops_both_racers)
{
	lab.watch = 30;
	lab.ls[COMMAND].commands_allowed = 1;     /* asked and agreed (above) */
	ck_assert_int_eq(lab_race_start(&lab, COMMAND), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; (lab.run.trials < 1 || lab.race.rival.trials < 1) && i < 3000; i++) {
		lab_run_poll(&lab);
		nanosleep(&tick, NULL);
	}
	ck_assert_uint_ge(lab.run.trials, 1);
	ck_assert_uint_ge(lab.race.rival.trials, 1);
	lab_run_stop(&lab);
	ck_assert_int_eq(lab.run.phase, RUN_STOPPING);
	ck_assert_int_eq(lab.race.rival.phase, RUN_STOPPING);
	poll_until_ended();
	ck_assert_double_lt(lab.run.watched, 30);
	ck_assert_double_lt(lab.race.rival.watched, 30);
	ck_assert_int_eq(trial_children(), 0);
	ck_assert_int_eq(lab.ls[WRITE].have_result, 0);
	assert_no_data_files();
}
END_TEST

START_TEST(race_at_start)
{
	lab_close(&lab);
	char a[] = "lab-command", b[] = "lab-write";
	opt.race[0] = a;
	opt.race[1] = b;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.cur, COMMAND);                     /* opens at the first */
	ck_assert_int_eq(lab.race_at_start, WRITE);              /* races the second */
	lab_close(&lab);
	char bad[] = "no-such-lesson";
	opt.race[1] = bad;
	ck_assert_int_eq(lab_open(&lab, &opt), EXIT_USAGE);
	lab_close(&lab);
	/* one the lab would refuse: a bad command line, not a lab opened
	 * with the reason cut in its header and no race */
	opt.race[1] = b;
	opt.race[0] = b;
	ck_assert_int_eq(lab_open(&lab, &opt), EXIT_USAGE);
	lab_close(&lab);
	opt.race[0] = opt.race[1] = NULL;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab.race_at_start, -1);
}
END_TEST

/* --- the comparison ------------------------------------------------------------- */

/* m opens the lecture's group of the lesson on screen; Tab goes through
 * the groups and the lesson with those it compares with; --compare's ids
 * in their order, an unknown one refused with its name. */
START_TEST(the_comparison_groups)
{
	lab_close(&lab);
	opt.lessons_dir = TOP_SRCDIR "/lessons";
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	long w03 = lesson_course_find(&lab.course, "w03-byte");
	ck_assert_int_ge(w03, 0);
	lab_select(&lab, (size_t)w03);
	lab_compare_open(&lab);
	ck_assert_int_eq(lab.compare.open, 1);
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_COMPARE);
	ck_assert_int_eq(lab.compare.group, 0);
	ck_assert_str_eq(lab.compare.title, "Byte at a time: writes");
	ck_assert_uint_eq(lab.compare.n, 3);
	const char *writes[] = {"w01-syncbyte", "w03-byte", "w05-stdiobyte"};
	for (size_t k = 0; k < 3; k++)
		ck_assert_str_eq(lab.course.lessons[lab.compare.lessons[k]].id, writes[k]);
	/* the lecture's groups (lecture_groups.h), each with its lessons */
	const struct { const char *title; size_t n; } next[] = {
		{"Byte at a time: sequential reads", 3}, {"Byte at a time: strided reads", 4},
		{"4096-byte blocks: writes", 3}, {"4096-byte blocks: sequential reads", 3},
		{"4096-byte blocks: strided reads", 2},
	};
	for (size_t g = 0; g < 5; g++) {
		lab_compare_cycle(&lab, 1);
		ck_assert_str_eq(lab.compare.title, next[g].title);
		ck_assert_uint_eq(lab.compare.n, next[g].n);
	}
	ck_assert_str_eq(lab.course.lessons[lab.compare.lessons[1]].id, "r09-stridestdioblock4096");
	lab_compare_cycle(&lab, 1);              /* past the last group: the lessons chosen */
	ck_assert_int_eq(lab.compare.group, -1);
	ck_assert_str_eq(lab.compare.title, "w03-byte and the lessons it compares with");
	ck_assert_uint_eq(lab.course.lessons[lab.compare.lessons[0]].id == lab_lesson(&lab)->id, 1);
	ck_assert_uint_eq(lab.compare.n, 1 + lab_lesson(&lab)->ncompare);
	lab_compare_cycle(&lab, -1);
	ck_assert_str_eq(lab.compare.title, "4096-byte blocks: strided reads");
	lab_compare_close(&lab);
	ck_assert_uint_eq(lab_key_context(&lab, 24, 80), KEYS_LESSON);

	/* --compare: in the order given; an id the course lacks is named */
	char msg[128];
	char *ids[] = {"r01-byte", "w01-syncbyte"};
	ck_assert_int_eq(lab_compare_open_ids(&lab, ids, 2, msg, sizeof msg), 0);
	ck_assert_str_eq(lab.compare.title, "the lessons chosen");
	ck_assert_str_eq(lab.course.lessons[lab.compare.lessons[0]].id, "r01-byte");
	ck_assert_str_eq(lab.course.lessons[lab.compare.lessons[1]].id, "w01-syncbyte");
	lab_compare_close(&lab);
	char *bad[] = {"r01-byte", "w99-nothing"};
	ck_assert_int_eq(lab_compare_open_ids(&lab, bad, 2, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "no lesson 'w99-nothing'");
	ck_assert_int_eq(lab.compare.open, 0);
	lab_close(&lab);
	opt.compare = bad;
	opt.ncompare = 2;
	ck_assert_int_eq(lab_open(&lab, &opt), EXIT_USAGE);
	lab_close(&lab);
	opt.compare = ids;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab.compare.open, 1);
	ck_assert_uint_eq(lab.compare.n, 2);
	opt.compare = NULL;
	opt.ncompare = 0;
}
END_TEST

/* A lesson's row: the latest rate as the lesson says (never a variant's),
 * and each reference with its source's letter, I T C L as data/ names them. */
START_TEST(the_comparison_rows)
{
	lab_close(&lab);
	opt.lessons_dir = TOP_SRCDIR "/lessons";
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	long w01 = lesson_course_find(&lab.course, "w01-syncbyte");
	ck_assert_int_ge(w01, 0);
	struct compare_row row;
	lab_compare_row_of(&lab, (size_t)w01, &row);
	ck_assert_str_eq(row.id, "w01-syncbyte");
	ck_assert(isnan(row.mine));
	ck_assert_uint_eq(row.nrefs, 4);
	const struct { char key; double rate; const char *label; } want[] = {
		{'I', 2600, "2011 iMac"}, {'T', 27, "2007 ThinkPad"}, {'C', 26, "CS61 lecture"},
		{'L', 971, "TLPI (2.6.30, ext2)"},
	};
	for (size_t i = 0; i < 4; i++) {
		ck_assert_int_eq(row.refs[i].key, want[i].key);
		ck_assert_double_eq_tol(row.refs[i].rate, want[i].rate, 0.5);
		ck_assert_str_eq(row.refs[i].label, want[i].label);
	}
	/* a variant is no latest result; the lesson's own is */
	lab.ls[w01].have_result = 1;
	lab.ls[w01].result.ok = 1;
	lab.ls[w01].result.rate = 9e3;
	lab_compare_row_of(&lab, (size_t)w01, &row);
	ck_assert(isnan(row.mine));
	lab.ls[w01].have_normal = 1;
	lab.ls[w01].normal.ok = 1;
	lab.ls[w01].normal.rate = 5440;
	lab_compare_row_of(&lab, (size_t)w01, &row);
	ck_assert_double_eq(row.mine, 5440);
	lab.ls[w01].normal.ok = 0;            /* a failed run has no rate to show */
	lab_compare_row_of(&lab, (size_t)w01, &row);
	ck_assert(isnan(row.mine));
	lab.ls[w01].have_result = lab.ls[w01].have_normal = 0;
	ck_assert_int_eq(reference_mark_key("cs61-2007-thinkpad"), 'T');
	ck_assert_int_eq(reference_mark_key("a-pack-of-its-own"), 'R');
}
END_TEST

/* How much fits: at 80x24 the figures wrap to two rows and four lessons
 * show (the rest scroll); wider, one row each; presented at 200x60, bars
 * two rows thick.  Scrolling stays within the list. */
START_TEST(the_comparison_layout_and_scroll)
{
	struct lab_compare_layout cl;
	lab_compare_layout(&cl, 24, 80, 0);
	ck_assert_int_eq(cl.too_small, 0);
	ck_assert_int_eq(cl.figure_rows, 2);
	ck_assert_int_eq(cl.bar_rows, 1);
	ck_assert_int_eq(cl.lesson_rows, 4);
	ck_assert_int_eq(cl.list_y, 5);
	ck_assert_int_eq(cl.list_h, 18);
	ck_assert_int_eq(cl.page, 4);
	lab_compare_layout(&cl, 40, 120, 0);
	ck_assert_int_eq(cl.figure_rows, 1);
	ck_assert_int_eq(cl.bar_rows, 1);
	ck_assert_int_eq(cl.page, 11);
	lab_compare_layout(&cl, 60, 200, 1);
	ck_assert_int_eq(cl.bar_rows, 2);
	ck_assert_int_eq(cl.lesson_rows, 4);
	ck_assert_int_eq(cl.page, 13);
	lab_compare_layout(&cl, 24, 79, 0);
	ck_assert_int_eq(cl.too_small, 1);

	lab_close(&lab);
	opt.lessons_dir = TOP_SRCDIR "/lessons";
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	char *ids[] = {"w01-syncbyte", "w03-byte", "w05-stdiobyte", "r01-byte", "r04-stdiobyte",
	               "r11-mmapbyte", "r06-stridebyte"};
	char msg[128];
	ck_assert_int_eq(lab_compare_open_ids(&lab, ids, 7, msg, sizeof msg), 0);
	lab.compare.page = 4;
	lab_compare_scroll(&lab, 10);
	ck_assert_uint_eq(lab.compare.top, 3);           /* the last four */
	lab_compare_scroll(&lab, -1);
	ck_assert_uint_eq(lab.compare.top, 2);
	lab_compare_scroll(&lab, -10);
	ck_assert_uint_eq(lab.compare.top, 0);
	lab.compare.page = 11;                           /* all fit: nothing to scroll */
	lab_compare_scroll(&lab, 1);
	ck_assert_uint_eq(lab.compare.top, 0);
}
END_TEST

/* --- the lab notebook ------------------------------------------------ */

/* g: a guess, refused with guess.h's message, then kept for the next run;
 * the gauge's G, the miss beside the result, the notebook's score. */
START_TEST(a_guess_before_a_run)
{
	lab.watch = WATCH_ONE_PASS;
	lab_guess_open(&lab);
	ck_assert_int_eq(lab.prompt.open, 1);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_PROMPT);
	form_edit_set(&lab.prompt.line, "3 parsecs");
	ck_assert_int_eq(lab_guess_done(&lab), -1);
	ck_assert_str_eq(lab.prompt.error, "'3 parsecs' is not a rate: write a number and a unit, "
	                 "such as 3MB/s, 500k or 3 MiB/s (k M G: 1000s; KiB MiB GiB: 1024s), or ln "
	                 "and a log rate");
	ck_assert_int_eq(lab.prompt.open, 1);
	form_edit_set(&lab.prompt.line, "3MB/s");
	ck_assert_int_eq(lab_guess_done(&lab), 0);
	ck_assert_int_eq(lab.prompt.open, 0);
	ck_assert_double_eq(lab.guess_rate, 3e6);
	ck_assert_str_eq(lab.message, "your guess: 3 MB/s, log rate 14.91 (r runs it)");
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert(isnan(lab.guess_rate));                /* one guess, one run */
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_double_eq(v.guess_rate, 3e6);          /* on the gauge while it runs */
	poll_until_ended();
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_msg(v.result && v.result->ok, "the run failed");
	ck_assert_double_eq(v.guess_rate, 3e6);
	ck_assert_double_eq_tol(v.miss, fabs(log(3e6) - log(v.result->rate)), 1e-9);
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(store_history(lab.store, "lab-write", note_run, &n, msg, sizeof msg), 0);
	ck_assert_double_eq(n.guess_rate, 3e6);
	ck_assert_double_eq_tol(n.miss, v.miss, 1e-9);
	ck_assert_str_eq(n.kind, "lesson");
	ck_assert_int_eq(lab.score.guesses, 1);
	ck_assert_int_eq(lab.score.within_1, v.miss <= 1.0);
	/* a guess is about its lesson: another lesson drops it */
	lab_guess_open(&lab);
	form_edit_set(&lab.prompt.line, "ln 15");
	ck_assert_int_eq(lab_guess_done(&lab), 0);
	lab_select(&lab, COMMAND);
	ck_assert(isnan(lab.guess_rate));
}
END_TEST

/* e: the lesson's workload as a form; a value refused with the loader's
 * message; the run filed as an experiment labelled by what differs. */
START_TEST(the_experiment_form)
{
	lab.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_form_open(&lab, NULL, STORE_FROM_EXPERIMENT), 0);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_FORM);
	ck_assert_str_eq(lab.form.fields[5].key->key, "block");
	ck_assert_str_eq(lab.form.fields[5].line.text, "4KiB");
	form_edit_set(&lab.form.fields[5].line, "lots");
	ck_assert_int_eq(lab_form_done(&lab), -1);
	ck_assert_str_eq(lab.form.fields[5].error, "'block' is not a size: 'lots' (use bytes, or a "
	                 "whole number with B, KiB, MiB, GiB, K, M or G)");
	ck_assert_int_eq(lab.form.open, 1);
	form_edit_set(&lab.form.fields[5].line, "16KiB");
	form_edit_set(&lab.form.fields[10].line, "cold");
	ck_assert_int_eq(lab_form_done(&lab), 0);
	ck_assert_int_eq(lab.form.open, 0);
	ck_assert_uint_eq(lab.next.block, 16384);
	ck_assert_int_eq(lab.next.cache, WL_CACHE_COLD);
	ck_assert_int_eq(lab.next_changed, 1);
	ck_assert_int_eq(lab.next_origin, STORE_FROM_EXPERIMENT);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	/* not while a run is under way */
	ck_assert_int_eq(lab_form_open(&lab, NULL, STORE_FROM_EXPERIMENT), -1);
	ck_assert_str_eq(lab.message, "a run is under way: s stops it");
	poll_until_ended();
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(store_history(lab.store, "lab-write", note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "experiment");
	ck_assert_str_eq(n.label, "16 KiB blocks, cold");
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 0);
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 0);
	/* a sweep has its own list of blocks */
	lab_select(&lab, SWEEP);
	ck_assert_int_eq(lab_form_open(&lab, NULL, STORE_FROM_EXPERIMENT), -1);
	ck_assert_str_eq(lab.message, "a sweep runs its own list of block sizes: the form is for "
	                 "one workload");
}
END_TEST

/* s: a run stopped early is filed apart, labelled with when it stopped;
 * b: the lesson's notebook lists every run, newest first. */
START_TEST(stopped_runs_and_the_history)
{
	lab.watch = 30;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab.run.trials < 1 && i < 3000; i++) {
		lab_run_poll(&lab);
		nanosleep(&tick, NULL);
	}
	lab_run_stop(&lab);
	poll_until_ended();
	char want[64];
	snprintf(want, sizeof want, "stopped at %.1f s", lab.run.watched);
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_int_eq(v.kind, STORE_KIND_STOPPED);
	ck_assert_str_eq(v.label, want);
	lab.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_int_eq(lab_history_open(&lab), 0);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_HISTORY);
	ck_assert_uint_eq(lab.history.n, 2);
	ck_assert_str_eq(lab.history.rows[0].kind, "lesson");        /* newest first */
	ck_assert_str_eq(lab.history.rows[1].kind, "stopped");
	ck_assert_str_eq(lab.history.rows[1].label, want);
	ck_assert_str_eq(lab.ls[WRITE].variants[0].label, lab.history.rows[1].label);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
	lab.history.page = 1;
	lab_history_scroll(&lab, 5);
	ck_assert_uint_eq(lab.history.top, 1);                       /* the last row stays */
	lab_history_scroll(&lab, -5);
	ck_assert_uint_eq(lab.history.top, 0);
	lab_history_close(&lab);
	ck_assert_int_eq(lab.history.open, 0);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_LESSON);
}
END_TEST

static int kind_of(const struct store_run *r, void *arg)
{
	*(enum store_kind *)arg = r->kind;
	return 0;
}

/* Quitting mid-run (lab_run_abort: q, or the loop after a stop signal) files
 * the run as stopped, with what it measured. */
START_TEST(quitting_keeps_the_run)
{
	lab.watch = 30;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab.run.trials < 1 && i < 3000; i++) {
		lab_run_poll(&lab);
		nanosleep(&tick, NULL);
	}
	ck_assert_int_ge(lab.run.trials, 1);
	lab_run_abort(&lab);
	ck_assert_int_eq(lab.quit, 1);
	ck_assert_int_eq(lab_run_active(&lab), 0);
	char msg[512];
	ck_assert_int_eq(store_count(lab.store, NULL, msg, sizeof msg), 1);
	enum store_kind kind = STORE_KINDS;
	ck_assert_int_eq(store_history(lab.store, NULL, kind_of, &kind, msg, sizeof msg), 0);
	ck_assert_int_eq(kind, STORE_KIND_STOPPED);
	lab_run_abort(&lab);                      /* lab_close does it again: nothing more */
	ck_assert_int_eq(store_count(lab.store, NULL, msg, sizeof msg), 1);
}
END_TEST

/* --db naming a file that is not an iolab notebook: the lab does not
 * start (exit 4), and the file is as it was. */
START_TEST(refuses_a_file_that_is_no_notebook)
{
	lab_close(&lab);
	char csv[400];
	snprintf(csv, sizeof csv, "%s/results.csv", top);
	FILE *f = fopen(csv, "w");
	ck_assert_ptr_nonnull(f);
	fputs("a,b\n", f);
	fclose(f);
	opt.db = csv;
	ck_assert_int_eq(lab_open(&lab, &opt), EXIT_ENVIRONMENT);
	opt.db = NULL;
	char buf[16] = "";
	f = fopen(csv, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
	ck_assert(fgetc(f) == EOF);
	fclose(f);
	ck_assert_str_eq(buf, "a,b\n");
}
END_TEST

/* A row this iolab cannot read does not keep the notebook view shut: it is
 * left out, and said. */
START_TEST(history_opens_past_an_unreadable_row)
{
	lab.watch = WATCH_ONE_PASS;
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(lab_run_start(&lab), 0);
		poll_until_ended();
	}
	sqlite3 *h = NULL;
	ck_assert_int_eq(sqlite3_open(store_path(lab.store), &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(h, "UPDATE runs SET kind = 'bogus' WHERE id = 1", NULL, NULL,
	                              NULL), SQLITE_OK);
	sqlite3_close(h);
	ck_assert_int_eq(lab_history_open(&lab), 0);
	ck_assert_uint_eq(lab.history.n, 1);
	ck_assert_str_eq(lab.message, "1 run this iolab cannot read, id 1 (not listed)");
	lab_history_close(&lab);
}
END_TEST

/* The lab reopens at the lesson the student left, unless told where. */
START_TEST(reopens_where_it_was_left)
{
	lab_select(&lab, COMMAND);
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.cur, COMMAND);
	lab_close(&lab);
	char *ids[] = {"lab-sweep"};
	opt.lessons = ids;
	opt.nlessons = 1;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.cur, SWEEP);
	lab_close(&lab);
	opt.nlessons = 0;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.cur, SWEEP);
}
END_TEST

/* A damaged notebook is moved aside and the lab says so until a key; a
 * notebook that cannot be written: every run still shown, "not saved". */
START_TEST(notices_stay_until_a_key)
{
	char path[400], moved[512];
	lab_close(&lab);
	snprintf(path, sizeof path, "%s/iolab", state_dir);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/iolab/lab.db", state_dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("not a database at all, but long enough to be looked at as one ..........\n", f);
	fclose(f);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	snprintf(moved, sizeof moved, "It was moved aside, unchanged, to %s.broken-", path);
	ck_assert_msg(strstr(lab.notice, path) && strstr(lab.notice, moved), "%s", lab.notice);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_NOTICE);
	lab.notice[0] = '\0';                                        /* a key */
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_LESSON);
	lab_close(&lab);

	char file[400], db[450];
	snprintf(file, sizeof file, "%s/a-file", top);
	f = fopen(file, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	snprintf(db, sizeof db, "%s/lab.db", file);
	opt.db = db;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_msg(strncmp(lab.notice, "Runs will not be saved: ", 24) == 0, "%s", lab.notice);
	lab.notice[0] = '\0';
	lab.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_msg(lab.run.result.ok, "%s", lab.run.result.error);
	ck_assert_msg(strncmp(lab.notice, "not saved: ", 11) == 0, "%s", lab.notice);
	/* the run is shown all the same, and stands for the lesson this session */
	struct run_view v;
	lab_run_view_of(&lab, WRITE, &v);
	ck_assert_ptr_eq(v.result, &lab.ls[WRITE].result);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
	ck_assert_double_eq(lab.ls[WRITE].normal.rate, lab.run.result.rate);
	opt.db = NULL;
}
END_TEST

/* iolab --command -- PROG: the form filled with the program; its run is
 * filed as an own program, of no lesson, labelled with its command line. */
START_TEST(an_own_program)
{
	static char *argv[] = {"cat", "{file}", NULL};
	struct wl_spec prog;
	wl_spec_init(&prog);
	prog.op = WL_OP_READ;
	prog.api = WL_API_COMMAND;
	prog.size = 65536;
	prog.command = argv;
	prog.command_len = 2;
	lab.watch = WATCH_ONE_PASS;
	ck_assert_int_eq(lab_form_open(&lab, &prog, STORE_FROM_PROGRAM), 0);
	ck_assert_str_eq(lab.form.fields[1].line.text, "command");
	ck_assert_int_eq(lab_form_done(&lab), 0);
	ck_assert_int_eq(lab.next_origin, STORE_FROM_PROGRAM);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_msg(lab.run.result.ok, "%s", lab.run.result.error);
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(store_count(lab.store, "lab-write", msg, sizeof msg), 0);
	ck_assert_int_eq(store_count(lab.store, NULL, msg, sizeof msg), 1);
	ck_assert_int_eq(store_history(lab.store, NULL, note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "program");
	ck_assert_str_eq(n.label, "cat {file}");
	ck_assert_int_eq(n.bytes, 65536);
	ck_assert_ptr_nonnull(strstr(n.spec, "api=command"));
	ck_assert_ptr_nonnull(strstr(n.spec, " command=cat,{file}"));
}
END_TEST

/* A sweep is filed as one run with its points, its figures its best
 * point's (as batch picks it); the next session draws its chart from it. */
static int count_points(const struct store_run *r, void *arg)
{
	size_t *n = arg;
	*n = r->npoints;
	return 1;
}

START_TEST(a_sweep_is_filed_with_its_points)
{
	lab_select(&lab, SWEEP);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_uint_eq(lab.run.point, 4);
	char msg[256];
	size_t npoints = 0;
	ck_assert_int_eq(latest_normal(SWEEP, count_points, &npoints, msg, sizeof msg), 1);
	ck_assert_uint_eq(npoints, 4);
	struct noted n = {0};
	ck_assert_int_eq(latest_normal(SWEEP, note_run, &n, msg, sizeof msg), 1);
	ck_assert_str_eq(n.kind, "lesson");
	ck_assert_str_eq(n.label, "");
	/* the workload whose figures these are, as batch files a sweep */
	ck_assert_ptr_nonnull(strstr(n.spec, " block=4KiB "));
	ck_assert_ptr_nonnull(strstr(n.spec, " cache=warm "));
	ck_assert_int_eq(lab.run.have_best, 1);
	ck_assert_uint_eq(lab.run.best_block, 4096);              /* the largest, warm */
	ck_assert_int_eq(lab.run.best_cache, WL_CACHE_WARM);
	ck_assert_int_eq(n.bytes, (int64_t)lab.run.best.bytes);
	/* the next session: the chart's points from the notebook */
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.cur, SWEEP);
	ck_assert_uint_eq(lab.ls[SWEEP].npoints, 4);
	ck_assert_uint_eq(lab.ls[SWEEP].points[3].block, 4096);
	ck_assert_int_eq(lab.ls[SWEEP].have_normal, 1);
}
END_TEST

/* --- which runs are the lesson's result ------------------------------------------ */

/* The text a run of lesson i as it now says records: the lab's, batch's. */
static char *own_spec(size_t i)
{
	struct store_specs own;
	ck_assert_int_eq(notebook_lesson_specs(&lab.course.lessons[i], &own), 0);
	ck_assert_uint_eq(own.n, 1);
	char *text = strdup(own.text[0]);
	notebook_specs_free(&own);
	ck_assert_ptr_nonnull(text);
	return text;
}

/* A run of lab-write filed as the lesson's own by another session (or
 * imported), with workload spec, `when` and `bytes`. */
static void saved_write_by(enum store_recorder by, const char *spec, int64_t when, int64_t bytes)
{
	struct store_run r;
	char msg[512];
	store_run_init(&r);
	r.recorder = by;
	r.lesson = "lab-write";
	r.when = when;
	r.spec = spec;
	r.rate = 5e6;
	r.log_rate = log(5e6);
	r.seconds = (double)bytes / 5e6;
	r.bytes = bytes;
	ck_assert_msg(store_record(lab.store, &r, NULL, msg, sizeof msg) == 0, "%s", msg);
}

static void saved_write(const char *spec, int64_t when, int64_t bytes)
{
	saved_write_by(STORE_BY_LAB, spec, when, bytes);
}

/* Lesson ids are not unique across lesson packs and versions: a run filed
 * as lab-write's own with another workload (another pack's lab-write, or
 * the lesson as an older iolab had it) is kept and listed as "another
 * workload", never the lesson's result; an older run with its workload as
 * it now says still is. */
START_TEST(another_workload_is_not_the_lessons_result)
{
	struct wl_spec other;
	ck_assert_int_eq(wl_spec_copy(&other, &lab.course.lessons[WRITE].workload), 0);
	other.block = 512;
	char *other_text = notebook_spec_text(&other), *own_text = own_spec(WRITE);
	wl_spec_free(&other);
	ck_assert_ptr_nonnull(other_text);
	ck_assert_str_ne(other_text, own_text);
	saved_write(other_text, 1000, 3 << 20);
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 0);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 0);     /* no course mark, no "Compare with" */
	ck_assert_int_eq(lab.ls[WRITE].ran_before, 0);
	ck_assert_uint_eq(lab.ls[WRITE].nvariants, 1);
	ck_assert_str_eq(lab.ls[WRITE].variants[0].label, "another workload");

	/* an entry of the old progress file (block and cache only) is no
	 * result of the lesson, yet the course marks the lesson as run before */
	saved_write_by(STORE_BY_IMPORT, "block=4096 cache=warm", 200, 2 << 20);
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 0);
	ck_assert_int_eq(lab.ls[WRITE].ran_before, 1);
	ck_assert_int_eq(lab.ls[SWEEP].ran_before, 0);

	/* an older run as the lesson now says: the lesson's result */
	saved_write(own_text, 500, 1 << 20);
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 1);
	ck_assert_int_eq(n.bytes, 1 << 20);
	ck_assert_str_eq(n.spec, own_text);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
	ck_assert_int_eq(lab.ls[WRITE].ran_before, 0);      /* the check says more */
	ck_assert_int_eq(lab.ls[WRITE].normal.bytes, 1 << 20);
	ck_assert_uint_eq(lab.ls[WRITE].nvariants, 2);
	ck_assert_str_eq(lab.ls[WRITE].variants[0].label, "another workload");
	ck_assert_str_eq(lab.ls[WRITE].variants[1].label, "old progress file: workload not kept");

	/* the lesson's notebook (b): all three, each as what it is */
	lab_select(&lab, WRITE);
	ck_assert_int_eq(lab_history_open(&lab), 0);
	ck_assert_uint_eq(lab.history.n, 3);
	ck_assert_str_eq(lab.history.rows[0].kind, "lesson");
	ck_assert_str_eq(lab.history.rows[0].label, "another workload");
	ck_assert_int_eq(lab.history.rows[0].own, 0);
	ck_assert_str_eq(lab.history.rows[1].kind, "lesson");
	ck_assert_str_eq(lab.history.rows[1].label, "");
	ck_assert_int_eq(lab.history.rows[1].own, 1);
	ck_assert_str_eq(lab.history.rows[2].kind, "lesson");
	ck_assert_str_eq(lab.history.rows[2].label, "old progress file: workload not kept");
	ck_assert_int_eq(lab.history.rows[2].own, 0);
	lab_history_close(&lab);
	free(other_text);
	free(own_text);
}
END_TEST

/* A run of the lesson as it says is its result whichever program recorded
 * it: the lab's run and `iolab --batch`'s of the same lessons (one pass,
 * and a sweep) record the same workload text, so each counts, the newest
 * first. */
START_TEST(batch_and_lab_runs_of_the_lesson_both_count)
{
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_msg(lab.run.result.ok, "%s", lab.run.result.error);
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 1);
	ck_assert_str_eq(n.recorder, "lab");
	char *own_text = own_spec(WRITE);
	ck_assert_str_eq(n.spec, own_text);

	/* batch, as the program runs it, into the same (default) notebook */
	char out[400], dir[400];
	snprintf(out, sizeof out, "%s/batch.json", top);
	snprintf(dir, sizeof dir, "%s/batch-scratch", top);
	char *argv[] = {"iolab", "--batch", "--lessons", LESSONS, "--lesson", "lab-write,lab-sweep",
	                "--trials", "1", "--dir", dir, "--format", "json", "--output", out, NULL};
	struct options bo;
	memset(&bo, 0, sizeof bo);
	ck_assert_int_eq(cli_parse((int)(sizeof argv / sizeof argv[0]) - 1, argv, &bo, stderr), 0);
	ck_assert_int_eq(batch_run(&bo), EXIT_RAN);
	cli_options_free(&bo);
	guard_init(&lab.scratch);          /* batch guarded its own scratch directory */

	memset(&n, 0, sizeof n);
	ck_assert_int_eq(latest_normal(WRITE, note_run, &n, msg, sizeof msg), 1);
	ck_assert_str_eq(n.recorder, "batch");
	ck_assert_str_eq(n.kind, "lesson");
	ck_assert_str_eq(n.spec, own_text);
	memset(&n, 0, sizeof n);
	ck_assert_int_eq(latest_normal(SWEEP, note_run, &n, msg, sizeof msg), 1);
	ck_assert_str_eq(n.recorder, "batch");
	ck_assert_ptr_nonnull(strstr(n.spec, " block=4KiB "));

	/* the next session: both runs are the lesson's own, and it has a result */
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab.ls[WRITE].have_normal, 1);
	ck_assert_int_eq(lab.ls[SWEEP].have_normal, 1);
	ck_assert_uint_eq(lab.ls[WRITE].nvariants, 0);
	lab_select(&lab, WRITE);
	ck_assert_int_eq(lab_history_open(&lab), 0);
	ck_assert_uint_eq(lab.history.n, 2);
	for (size_t i = 0; i < 2; i++) {
		ck_assert_int_eq(lab.history.rows[i].own, 1);
		ck_assert_str_eq(lab.history.rows[i].label, "");
	}
	lab_history_close(&lab);
	free(own_text);
}
END_TEST

static void run_to_its_end(void)
{
	const struct timespec tick = {0, 10 * 1000 * 1000};
	for (int i = 0; lab_run_poll(&lab) && i < 5000; i++)
		nanosleep(&tick, NULL);
	ck_assert_int_eq(lab.run.phase, RUN_ENDED);
}

/* A lesson pack's command runs only once the student agreed:
 * r puts the question up (nothing runs, only y, n, Esc, q and Ctrl-L
 * work), n leaves it unrun, y runs it and is not asked again this
 * session.  The fixture is no installed course; its write lesson runs no
 * program and is never asked about. */
START_TEST(pack_command_asks_first)
{
	ck_assert_int_eq(lab.course.shipped, 0);
	ck_assert_int_eq(lab_commands_allowed(&lab, WRITE), 1);
	ck_assert_int_eq(lab_commands_allowed(&lab, SWEEP), 1);
	ck_assert_int_eq(lab_commands_allowed(&lab, COMMAND), 0);
	lab_select(&lab, COMMAND);
	ck_assert_int_eq(lab_run_start(&lab), -1);
	ck_assert_int_eq(lab.asking, 1);
	ck_assert_uint_eq(lab.ask_lesson, COMMAND);
	ck_assert_int_eq(lab.run.phase, RUN_IDLE);     /* nothing started */
	ck_assert_ptr_null(lab.run.trial);
	ck_assert_uint_eq(lab_key_context(&lab, 40, 120), KEYS_CONFIRM);
	ck_assert_uint_eq(lab_key_context(&lab, 20, 60), KEYS_TINY);
	/* n: not run, and asked again next time */
	ck_assert_int_eq(lab_answer_commands(&lab, 0), 0);
	ck_assert_int_eq(lab.asking, 0);
	ck_assert_str_eq(lab.message, "not run: the lesson's program runs only if you agree "
	                 "(r asks again)");
	ck_assert_int_eq(lab.run.phase, RUN_IDLE);
	ck_assert_int_eq(lab_answer_commands(&lab, 1), 0);   /* nothing was asked */
	ck_assert_int_eq(lab_run_start(&lab), -1);
	ck_assert_int_eq(lab.asking, 1);
	/* y before the program's last word was on screen: still asking */
	ck_assert_int_eq(lab.ask_seen_end, 0);
	ck_assert_int_eq(lab_answer_commands(&lab, 1), 0);
	ck_assert_int_eq(lab.asking, 1);
	ck_assert_str_eq(lab.message, "the program's words go on below: read them to the end "
	                 "(Down, PgDn) before y runs it");
	lab_ask_scroll(&lab, -5);
	ck_assert_uint_eq(lab.ask_top, 0);
	lab_ask_scroll(&lab, 7);
	ck_assert_uint_eq(lab.ask_top, 7);
	/* y: runs, and is not asked again this session */
	lab.ask_seen_end = 1;          /* as ui_confirm.c says once its last row was drawn */
	ck_assert_int_eq(lab_answer_commands(&lab, 1), 1);
	ck_assert_int_eq(lab.asking, 0);
	ck_assert_int_eq(lab_commands_allowed(&lab, COMMAND), 1);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	run_to_its_end();
	ck_assert_msg(lab.run.result.ok, "the run failed: %s", lab.run.result.error);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_int_eq(lab.asking, 0);
	run_to_its_end();
	/* a new session asks again; --allow-commands does not ask */
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab_commands_allowed(&lab, COMMAND), 0);
	lab_close(&lab);
	opt.allow_commands = 1;
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_int_eq(lab_commands_allowed(&lab, COMMAND), 1);
	lab_select(&lab, COMMAND);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	ck_assert_int_eq(lab.asking, 0);
	run_to_its_end();
}
END_TEST

/* A variant's name in phrases, each keeping its separator, so that a
 * narrow panel wraps it: at 80 and 120 columns the name drawn whole did
 * not fit and was left off, a bare rate under "Not as the lesson says". */
START_TEST(a_variant_name_in_phrases)
{
	char name[300];
	const char *ph[8];
	lab_variant_name("w03-byte", "1 MiB file, raced with w01-syncbyte", STORE_KIND_RACED, 0,
	                 name, sizeof name);
	ck_assert_uint_eq(lab_variant_phrases(name, ph, 8), 3);
	ck_assert_str_eq(ph[0], "w03-byte \u00b7");
	ck_assert_str_eq(ph[1], "1 MiB file,");
	ck_assert_str_eq(ph[2], "raced with w01-syncbyte");
	lab_variant_name("a02-cold1m", "4,000 B blocks, warm", STORE_KIND_CHANGED, 1,
	                 name, sizeof name);
	ck_assert_uint_eq(lab_variant_phrases(name, ph, 8), 3);
	ck_assert_str_eq(ph[0], "a02-cold1m -");
	ck_assert_str_eq(ph[1], "4,000 B blocks,");
	ck_assert_str_eq(ph[2], "warm");
	/* no more than asked: the last holds the rest */
	lab_variant_name("w03-byte", "4 B blocks, O_SYNC, warm", STORE_KIND_CHANGED, 0,
	                 name, sizeof name);
	ck_assert_uint_eq(lab_variant_phrases(name, ph, 2), 2);
	ck_assert_str_eq(ph[0], "w03-byte \u00b7");
	ck_assert_str_eq(ph[1], "4 B blocks, O_SYNC, warm");
	lab_variant_name(NULL, "", STORE_KIND_STOPPED, 0, name, sizeof name);
	ck_assert_uint_eq(lab_variant_phrases(name, ph, 8), 1);
	ck_assert_str_eq(ph[0], "stopped");
}
END_TEST

/* --- own programs: pages of the course ------------------------------------------ */

static char *cat_argv[] = {"cat", "{file}", NULL};

static void cat_spec(struct wl_spec *s)
{
	wl_spec_init(s);
	s->op = WL_OP_READ;
	s->api = WL_API_COMMAND;
	s->size = 64 * 1024;
	s->command = cat_argv;
	s->command_len = 2;
}

/* --command left at a sweep: the program's own page, under "Your
 * programs", one per argv; never asked about, run as an own program. */
START_TEST(a_program_has_its_own_page)
{
	struct wl_spec s;
	cat_spec(&s);
	lab_select(&lab, SWEEP);
	ck_assert_int_eq(lab.programs_first, 3);
	ck_assert_int_eq(lab_form_open(&lab, &s, STORE_FROM_PROGRAM), 0);
	ck_assert_uint_eq(lab.cur, 3);
	ck_assert(lab.form.open);
	ck_assert(lab_is_program(&lab, 3) && !lab_is_program(&lab, SWEEP));
	ck_assert_str_eq(lab_lesson(&lab)->id, "cat {file}");
	ck_assert_str_eq(lab_lesson(&lab)->title, "Your program: cat {file}");
	ck_assert_uint_eq(lab.course.nsections, 3);
	ck_assert_str_eq(lab.course.sections[2].title, "Your programs");
	ck_assert_uint_eq(lab.course.sections[2].first, 3);
	ck_assert_uint_eq(lab.course.sections[2].count, 1);
	ck_assert_int_eq(lab.next_origin, STORE_FROM_PROGRAM);
	ck_assert(lab_commands_allowed(&lab, 3));
	lab_form_close(&lab);
	/* the same argv: the same page; another: a page of its own */
	ck_assert_int_eq(lab_program_page(&lab, &s), 3);
	static char *wc_argv[] = {"wc", "-c", "{file}", NULL};
	s.command = wc_argv;
	s.command_len = 3;
	ck_assert_int_eq(lab_program_page(&lab, &s), 4);
	ck_assert_uint_eq(lab.course.sections[2].count, 2);
	ck_assert_int_eq(lesson_course_find(&lab.course, "wc -c {file}"), 4);
	/* a lesson has no page */
	wl_spec_init(&s);
	ck_assert_int_eq(lab_program_page(&lab, &s), -1);
}
END_TEST

static int count_run(const struct store_run *r, void *arg)
{
	(void)r;
	++*(int *)arg;
	return 0;
}

/* An argv typed in the form on a lesson runs from its own page, filed as
 * an own program of no lesson; b lists that argv's runs only; the lab
 * reopens at the page, rebuilt from the notebook. */
START_TEST(a_typed_program_runs_from_its_page)
{
	lab_select(&lab, WRITE);
	ck_assert_int_eq(lab_form_open(&lab, NULL, STORE_FROM_EXPERIMENT), 0);
	form_edit_set(&lab.form.fields[0].line, "read");
	form_edit_set(&lab.form.fields[1].line, "command");
	form_edit_set(&lab.form.fields[2].line, "cat,{file}");
	ck_assert_int_eq(lab_form_done(&lab), 0);
	ck_assert_uint_eq(lab.cur, 3);
	ck_assert_int_eq(lab.next_origin, STORE_FROM_PROGRAM);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	ck_assert_msg(lab.run.result.ok, "the run failed: %s", lab.run.result.error);
	char msg[256];
	struct noted n = {0};
	ck_assert_int_eq(store_history(lab.store, NULL, note_run, &n, msg, sizeof msg), 0);
	ck_assert_str_eq(n.kind, "program");
	ck_assert_str_eq(n.label, "cat {file}");
	ck_assert_int_eq(n.bytes, 1 << 20);        /* the lesson's size, read by cat */
	ck_assert_int_eq(store_count(lab.store, "lab-write", msg, sizeof msg), 0);
	/* a lesson's run beside it is not the program's */
	lab_select(&lab, WRITE);
	ck_assert_int_eq(lab_run_start(&lab), 0);
	poll_until_ended();
	int all = 0;
	ck_assert_int_eq(store_history(lab.store, NULL, count_run, &all, msg, sizeof msg), 0);
	ck_assert_int_eq(all, 2);
	lab_select(&lab, 3);
	ck_assert_int_eq(lab_history_open(&lab), 0);
	ck_assert_uint_eq(lab.history.n, 1);
	ck_assert_str_eq(lab.history.rows[0].kind, "program");
	lab_history_close(&lab);
	/* reopened: the page is back, and the lab at it */
	lab_close(&lab);
	ck_assert_int_eq(lab_open(&lab, &opt), 0);
	ck_assert_uint_eq(lab.course.nlessons, 4);
	ck_assert_uint_eq(lab.cur, 3);
	ck_assert_str_eq(lab_lesson(&lab)->id, "cat {file}");
	ck_assert_uint_eq(lab_lesson(&lab)->workload.size, 1 << 20);
}
END_TEST


/* A program races another program: both pages' runs, each filed under
 * its own argv as raced with the other, never asked about. */
START_TEST(a_program_races_a_program)
{
	struct wl_spec s;
	cat_spec(&s);
	ck_assert_int_eq(lab_program_page(&lab, &s), 3);
	static char *wc_argv[] = {"wc", "-c", "{file}", NULL};
	s.command = wc_argv;
	s.command_len = 3;
	ck_assert_int_eq(lab_program_page(&lab, &s), 4);
	lab_select(&lab, 3);
	lab.watch = WATCH_ONE_PASS;
	ck_assert_ptr_null(lab_race_refusal(&lab, 3, 4));
	ck_assert_int_eq(lab_race_start(&lab, 4), 0);
	ck_assert_int_eq(lab.asking, 0);
	poll_until_ended();
	struct run_view v;
	for (int side = 0; side < 2; side++) {
		lab_race_view_of(&lab, side, &v);
		ck_assert_ptr_nonnull(v.result);
		ck_assert_msg(v.result->ok, "side %d: %s", side, v.result->error);
	}
	lab_race_view_of(&lab, 0, &v);
	ck_assert_int_eq(v.result->bytes, 64 * 1024);     /* cat reads it all */
	char msg[256];
	int all = 0;
	ck_assert_int_eq(store_history(lab.store, NULL, count_run, &all, msg, sizeof msg), 0);
	ck_assert_int_eq(all, 2);
	for (size_t page = 3; page <= 4; page++) {
		lab_select(&lab, page);
		ck_assert_int_eq(lab_history_open(&lab), 0);
		ck_assert_uint_eq(lab.history.n, 1);
		ck_assert_str_eq(lab.history.rows[0].kind, "raced");
		ck_assert_str_eq(lab.history.rows[0].label, page == 3 ? "cat {file}, raced with wc -c {file}"
		                                                     : "wc -c {file}, raced with cat {file}");
		lab_history_close(&lab);
	}
}
END_TEST


Suite *make_suite_lab(void)
{
	Suite *s = suite_create("lab");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, open_at_the_first_lesson);
	tcase_add_test(tc, open_at_a_named_lesson);
	tcase_add_test(tc, a_program_has_its_own_page);
	tcase_add_test(tc, a_typed_program_runs_from_its_page);
	tcase_add_test(tc, a_program_races_a_program);
	tcase_add_test(tc, block_doubles_and_halves);
	tcase_add_test(tc, block_limits);
	tcase_add_test(tc, sweep_and_command_refuse_block);
	tcase_add_test(tc, cache_toggles);
	tcase_add_test(tc, view_idle_and_saved);
	tcase_add_test(tc, view_live_and_stopping);
	tcase_add_test(tc, view_ended);
	tcase_add_test(tc, view_sweep_points);
	tcase_add_test(tc, key_context_follows_the_screen);
	tcase_add_test(tc, a_run_ends_as_the_result);
	tcase_add_test(tc, a_watched_run_is_trials_back_to_back);
	tcase_add_test(tc, a_watched_trial_keeps_its_own_time_limit);
	tcase_add_test(tc, s_stops_a_watched_run);
	tcase_add_test(tc, w_cycles_the_watch_time);
	tcase_add_test(tc, race_gap_and_cpus);
	tcase_add_test(tc, race_choices_compared_first);
	tcase_add_test(tc, race_refusals);
	tcase_add_test(tc, the_chooser);
	tcase_add_test(tc, a_race_is_never_the_lessons_result);
	tcase_add_test(tc, s_stops_both_racers);
	tcase_add_test(tc, race_at_start);
	tcase_add_test(tc, the_comparison_groups);
	tcase_add_test(tc, the_comparison_rows);
	tcase_add_test(tc, the_comparison_layout_and_scroll);
	tcase_add_test(tc, a_guess_before_a_run);
	tcase_add_test(tc, the_experiment_form);
	tcase_add_test(tc, an_own_program);
	tcase_add_test(tc, a_sweep_is_filed_with_its_points);
	tcase_add_test(tc, another_workload_is_not_the_lessons_result);
	tcase_add_test(tc, batch_and_lab_runs_of_the_lesson_both_count);
	tcase_add_test(tc, stopped_runs_and_the_history);
	tcase_add_test(tc, history_opens_past_an_unreadable_row);
	tcase_add_test(tc, quitting_keeps_the_run);
	tcase_add_test(tc, refuses_a_file_that_is_no_notebook);
	tcase_add_test(tc, reopens_where_it_was_left);
	tcase_add_test(tc, notices_stay_until_a_key);
	tcase_add_test(tc, pack_command_asks_first);
	tcase_add_test(tc, a_variant_name_in_phrases);
	suite_add_tcase(s, tc);
	return s;
}
