/* lab_run.c - runs a lesson through the engine, without ever waiting on
 * a child: start a trial, sample it at the UI's pace, finish it when its
 * child has exited, then the next trial of a watched run (watch.h) or the
 * next sweep point.  A race (lab_race.c) is two of these runs, polled
 * together.
 *
 * Curses-free and in libiolab.a: what a key does to the run (+, -, c, w,
 * r, s) and what the live panel is shown (lab_run_view_of) are decisions, not
 * drawing, so tests/check_lab.c checks them without a terminal. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "guard.h"
#include "lab.h"
#include "measure.h"
#include "units.h"

#define HIST_INTERVAL 0.1     /* seconds between sparkline values, at first */

int lab_run_base_spec(const struct lab *lab, const struct lesson *l, struct wl_spec *out)
{
	if (wl_spec_copy(out, &l->workload) != 0)
		return -1;
	if (lab->opt->size)
		wl_spec_resize(out, lab->opt->size);
	if (lab->opt->time_limit > 0)
		out->time_limit = lab->opt->time_limit;
	return 0;
}

static void update_changed(struct lab *lab)
{
	const struct lesson *l = lab_lesson(lab);
	struct wl_spec base;
	if (lab_run_base_spec(lab, l, &base) != 0)
		return;
	lab->next_changed = !wl_spec_same(&base, &lab->next);
	wl_spec_free(&base);
}

/* Reasons the next run's workload cannot be changed, or NULL. */
static const char *not_adjustable(const struct lab *lab)
{
	const struct lesson *l = lab_lesson(lab);
	if (l->sweep.ncaches > 0)
		return "a sweep runs every block size and cache state of its list";
	if (l->workload.api == WL_API_COMMAND)
		return "this lesson runs a command: its block size is the command's";
	return NULL;
}

void lab_run_adjust_block(struct lab *lab, int up)
{
	const char *why = not_adjustable(lab);
	if (why) {
		lab_message(lab, "%s", why);
		return;
	}
	struct wl_spec *s = &lab->next;
	uint64_t b = up ? s->block * 2 : s->block / 2;
	char num[32];
	if (b < 1 || b > s->size) {
		units_format_size(s->block, num, sizeof num);
		lab_message(lab, up ? "the block is already the whole file (%s)"
		                    : "the block is already %s, the smallest", num);
		return;
	}
	s->block = b;
	update_changed(lab);
	units_format_size(b, num, sizeof num);
	lab_message(lab, "next run: %s blocks (r runs it)", num);
}

void lab_run_toggle_cache(struct lab *lab)
{
	const char *why = not_adjustable(lab);
	if (why && lab_lesson(lab)->sweep.ncaches > 0) {
		lab_message(lab, "%s", why);
		return;
	}
	lab->next.cache = lab->next.cache == WL_CACHE_WARM ? WL_CACHE_COLD : WL_CACHE_WARM;
	update_changed(lab);
	lab_message(lab, lab->next.cache == WL_CACHE_COLD
	            ? "next run: cold cache (the file is evicted first; r runs it)"
	            : "next run: warm cache (r runs it)");
}

void lab_run_cycle_watch(struct lab *lab)
{
	char name[32];
	lab->watch = watch_cycle(lab->watch);
	watch_name(lab->watch, name, sizeof name);
	const char *what = lab->watch > WATCH_ONE_PASS ? "watch " : "";
	if (lab_lesson(lab)->sweep.ncaches > 0)
		lab_message(lab, "next run: %s%s (a sweep runs each point once, as its lesson says)",
		            what, name);
	else if (lab_run_active(lab))
		lab_message(lab, "next run: %s%s (the run under way keeps its own)", what, name);
	else
		lab_message(lab, "next run: %s%s (r runs it)", what, name);
}

int lab_run_is_active(const struct run *r)
{
	return r->phase == RUN_RUNNING || r->phase == RUN_STOPPING;
}

int lab_run_active(const struct lab *lab)
{
	return lab_run_is_active(&lab->run) || lab_run_is_active(&lab->race.rival);
}

void lab_run_free(struct run *run)
{
	if (run->have_spec)
		wl_spec_free(&run->spec);
	free(run->points);
	memset(run, 0, sizeof *run);
}

/* --- the smoothed rate ----------------------------------------------------- */

/* The child publishes progress per chunk, so bytes advance in steps; the
 * rate is taken between moments the bytes changed, at least RATE_WINDOW
 * apart, and decays honestly if the workload stalls.  Time here is the
 * loops' time over the whole run, so the window runs on from one trial of
 * a watched run into the next, and the untimed set-up between them is no
 * stall. */
static void window_push(struct run *r, double t, uint64_t b)
{
	if (r->nwin > 0) {
		size_t last = (r->headwin + RATE_SAMPLES - 1) % RATE_SAMPLES;
		if (r->b[last] == b)
			return;
	}
	r->t[r->headwin] = t;
	r->b[r->headwin] = b;
	r->headwin = (r->headwin + 1) % RATE_SAMPLES;
	if (r->nwin < RATE_SAMPLES)
		r->nwin++;
}

static double window_rate(const struct run *r, double now, double fallback)
{
	if (r->nwin < 2)
		return fallback;
	size_t last = (r->headwin + RATE_SAMPLES - 1) % RATE_SAMPLES;
	size_t ref = last;
	for (size_t k = 1; k < r->nwin; k++) {
		ref = (last + RATE_SAMPLES - k) % RATE_SAMPLES;
		if (r->t[last] - r->t[ref] >= RATE_WINDOW)
			break;
	}
	double span = r->t[last] - r->t[ref];
	if (span <= 0)
		return fallback;
	if (now - r->t[last] > span)          /* stalled longer than the window */
		span = now - r->t[ref];
	return (double)(r->b[last] - r->b[ref]) / span;
}

/* A sample of nothing yet: counts `unknown` (-1 before the first sample of
 * a run, 0 between two trials of one, whose sums go on from the last). */
static void sample_clear(struct trial_sample *s, int64_t unknown)
{
	memset(s, 0, sizeof *s);
	s->syscr = s->syscw = unknown;
	s->read_bytes = s->write_bytes = unknown;
	s->cpu_user = s->cpu_system = s->cpu_wait = (double)unknown;
	s->device.reads = s->device.writes = s->device.read_bytes = unknown;
	s->device.write_bytes = s->device.flushes = s->device.merged = unknown;
}

/* A new run (or sweep point): nothing done, nothing shown. */
static void run_reset_live(struct run *r)
{
	sample_clear(&r->live, -1);
	sample_clear(&r->sample, -1);
	memset(&r->done, 0, sizeof r->done);
	r->trials = 0;
	r->passes = 0;
	r->pass_bytes = 0;
	r->nwin = r->headwin = 0;
	r->rate_now = 0;
	gauge_history_clear(&r->hist);
	r->hist_interval = HIST_INTERVAL;
	r->hist_next = 0;
}

/* What the screen shows: the finished trials plus the live one. */
static void update_shown(struct run *r)
{
	watch_sum_sample(&r->done, r->trials, &r->live, &r->sample);
	r->passes = watch_passes(&r->done, r->trials, r->trial ? &r->live : NULL, r->spec.size,
	                         &r->pass_bytes);
}

/* --- starting ---------------------------------------------------------------- */

/* Start the next trial of r->spec, with the watch's limits (a sweep point:
 * the lesson's own).  0, or -1 with start_error set. */
static int start_trial(struct lab *lab, struct run *r)
{
	char msg[256] = "";
	struct wl_spec trial;
	if (wl_spec_copy(&trial, &r->spec) != 0) {
		snprintf(r->start_error, sizeof r->start_error, "out of memory");
		return -1;
	}
	r->limit = WATCH_LIMIT_OWN;
	if (!r->sweep) {
		int limit = watch_trial_limits(&trial, r->watch, r->watched);
		if (limit >= 0)
			r->limit = (enum watch_limit)limit;
	}
	sample_clear(&r->live, r->trials ? 0 : -1);
	r->trial = trial_start(&trial, &lab->scratch, msg, sizeof msg);
	wl_spec_free(&trial);
	if (!r->trial) {
		snprintf(r->start_error, sizeof r->start_error, "%s",
		         *msg ? msg : "the trial could not start");
		return -1;
	}
	return 0;
}

static int start_point(struct lab *lab, struct run *r)
{
	const struct lesson *l = &lab->course.lessons[r->lesson];
	struct wl_spec base;
	uint64_t block;
	enum wl_cache cache;
	sweep_point_at(&l->sweep, r->point, &block, &cache);
	if (lab_run_base_spec(lab, l, &base) != 0)
		return -1;
	if (r->have_spec)
		wl_spec_free(&r->spec);
	r->have_spec = sweep_point_spec(&base, block, cache, &r->spec) == 0;
	wl_spec_free(&base);
	if (!r->have_spec) {
		snprintf(r->start_error, sizeof r->start_error, "out of memory");
		return -1;
	}
	run_reset_live(r);
	return start_trial(lab, r);
}

int lab_run_begin(struct lab *lab, struct run *r, size_t lesson, const struct wl_spec *spec, int raced)
{
	const struct lesson *l = &lab->course.lessons[lesson];
	lab_run_free(r);
	r->lesson = lesson;
	r->raced = raced;
	r->origin = STORE_FROM_LESSON;
	r->guess_rate = NAN;
	r->sweep = l->sweep.ncaches > 0;
	/* a sweep's points are the lesson's own trials, one each */
	r->watch = r->sweep ? WATCH_ONE_PASS : lab->watch;
	r->started = measure_now();
	r->phase = RUN_RUNNING;
	run_reset_live(r);
	int rc;
	if (r->sweep) {
		r->npoints = sweep_npoints(&l->sweep);
		r->points = calloc(r->npoints ? r->npoints : 1, sizeof *r->points);
		if (!r->points) {
			r->phase = RUN_IDLE;
			lab_message(lab, "out of memory");
			return -1;
		}
		rc = start_point(lab, r);
	} else {
		r->have_spec = wl_spec_copy(&r->spec, spec) == 0;
		if (!r->have_spec) {
			r->phase = RUN_IDLE;
			lab_message(lab, "out of memory");
			return -1;
		}
		rc = start_trial(lab, r);
	}
	if (rc != 0)
		r->phase = RUN_ENDED;
	return rc;
}

int lab_run_start(struct lab *lab)
{
	if (lab_run_active(lab)) {
		lab_message(lab, "a run is under way: s stops it");
		return -1;
	}
	/* an own program (iolab --command) is the student's: never asked */
	if (lab->next_origin != STORE_FROM_PROGRAM && !lab_commands_allowed(lab, lab->cur)) {
		lab_ask_commands(lab, lab->cur);   /* a yes runs it (lab.h) */
		return -1;
	}
	/* the lesson's own run: an earlier race leaves the screen */
	lab->race.shown = 0;
	lab_run_free(&lab->race.rival);
	int rc = lab_run_begin(lab, &lab->run, lab->cur, &lab->next, 0);
	/* how it is filed, and the guess made for it (one guess, one run) */
	lab->run.origin = lab->next_origin;
	lab->run.guess_rate = lab->guess_rate;
	snprintf(lab->run.guess_text, sizeof lab->run.guess_text, "%s", lab->guess_text);
	lab->guess_rate = NAN;
	lab->guess_text[0] = '\0';
	return rc;
}

/* --- finishing ------------------------------------------------------------- */

/* The run's result becomes the lesson's result in this session. */
static void keep_result(struct lab *lab, const struct run *r)
{
	struct lesson_state *ls = &lab->ls[r->lesson];
	ls->result = r->result;
	ls->have_result = 1;
	if (ls->have_spec)
		wl_spec_free(&ls->spec);
	ls->have_spec = wl_spec_copy(&ls->spec, &r->spec) == 0;
	ls->hist = r->hist;
	ls->watch = r->watch;
	ls->watched = r->watched;
	ls->trials = r->trials;
}

static void record_point(struct run *r)
{
	struct trial_summary s;
	trial_summarize(&r->result, 1, &s);      /* zeroed, so not ok, if it fails */
	sweep_point_from_summary(&r->points[r->point], r->spec.block, r->spec.cache, &s);
	/* the point that stands for the sweep, as batch picks it: the largest
	 * block with a warm cache, else the largest block */
	const struct sweep_point *p = &r->points[r->point];
	int warm = p->cache == WL_CACHE_WARM, best_warm = r->best_cache == WL_CACHE_WARM;
	if (p->ok && (!r->have_best || warm > best_warm ||
	              (warm == best_warm && p->block > r->best_block))) {
		r->best = r->result;
		r->best_block = p->block;
		r->best_cache = p->cache;
		r->have_best = 1;
	}
}

static void keep_points(struct lab *lab, struct run *r)
{
	struct lesson_state *ls = &lab->ls[r->lesson];
	free(ls->points);
	ls->points = malloc((r->point ? r->point : 1) * sizeof *ls->points);
	ls->npoints = 0;
	if (ls->points) {
		memcpy(ls->points, r->points, r->point * sizeof *ls->points);
		ls->npoints = r->point;
	}
}

/* The run is over: its result is the sum of its trials, filed in the lab
 * notebook.  A raced run's stays in the run (lab_race_view_of shows it), never
 * in ls[]: it ran beside another and is no result of the lesson alone (the
 * notebook files it as raced). */
static void end_run(struct lab *lab, struct run *r)
{
	r->result = r->done;
	r->have_result = r->trials > 0;
	r->phase = RUN_ENDED;
	if (!r->have_result)
		return;
	if (!r->raced)
		keep_result(lab, r);
	lab_notebook_file(lab, r);
	if (!r->raced)
		lab_model_need(lab);
}

/* A sweep point is one trial, the lesson's own; then the next point. */
static void next_point(struct lab *lab, struct run *r)
{
	r->result = r->done;
	r->have_result = 1;
	keep_result(lab, r);
	record_point(r);
	r->point++;
	if (r->point < r->npoints && !r->stop_requested && start_point(lab, r) == 0)
		return;
	r->phase = RUN_ENDED;
	keep_points(lab, r);
	lab_notebook_file(lab, r);
}

/* A counting pass after a trial (--perf) runs inside trial_finish, and the
 * screen waits for it: worth it after one pass or a sweep point, not after
 * every trial of a watched run, nor while the other run of a race goes on. */
static int wants_perf(const struct lab *lab, const struct run *r)
{
	return lab->perf && !lab->quit && !r->raced && (r->sweep || !(r->watch > WATCH_ONE_PASS));
}

static void finish_trial(struct lab *lab, struct run *r)
{
	struct trial_result res;
	trial_set_perf(wants_perf(lab, r));
	trial_finish(r->trial, &res);
	r->trial = NULL;
	/* Quitting on a signal, the guard killed the child mid-trial, before
	 * it reported: that trial says only "interrupted".  A watched run with
	 * whole trials before it is those trials. */
	int lost = lab->quit && guard_pending() && !res.ok && r->trials > 0 && !r->sweep;
	if (!lost) {
		/* The one place a finished trial enters its run. */
		watch_sum_add(&r->done, &res, r->trials == 0);
		if (watch_trial_is_the_lessons(&res, r->limit)) {
			r->whole = res;
			r->have_whole = 1;
		}
		r->trials++;
	}
	r->watched = measure_now() - r->started;
	sample_clear(&r->live, 0);
	update_shown(r);
	if (r->sweep) {
		next_point(lab, r);
		return;
	}
	if (watch_go_on(r->watch, r->watched, &res, r->stop_requested) && start_trial(lab, r) == 0)
		return;
	end_run(lab, r);
}

static void take_sample(struct run *r)
{
	trial_sample(r->trial, &r->live);
	r->watched = measure_now() - r->started;
	update_shown(r);
	if (r->live.state != TRIAL_RUNNING && r->live.bytes == 0)
		return;
	window_push(r, r->sample.elapsed, r->sample.bytes);
	r->rate_now = window_rate(r, r->sample.elapsed, r->sample.rate_avg);
	if (r->sample.elapsed >= r->hist_next && r->sample.elapsed > 0) {
		if (r->hist.n == GAUGE_HISTORY) {
			gauge_history_halve(&r->hist);
			r->hist_interval *= 2;
		}
		gauge_history_push(&r->hist, r->rate_now);
		r->hist_next = r->sample.elapsed + r->hist_interval;
	}
}

int lab_run_poll_one(struct lab *lab, struct run *r)
{
	if (!lab_run_is_active(r) || !r->trial)
		return 0;
	take_sample(r);
	if (trial_done(r->trial))
		finish_trial(lab, r);
	return lab_run_is_active(r);
}

int lab_run_poll(struct lab *lab)
{
	int a = lab_run_poll_one(lab, &lab->run);
	int b = lab_run_poll_one(lab, &lab->race.rival);
	return a || b;
}

void lab_run_stop_one(struct run *r)
{
	if (!lab_run_is_active(r))
		return;
	r->stop_requested = 1;
	r->phase = RUN_STOPPING;
	if (r->trial)
		trial_stop(r->trial);
}

void lab_run_stop(struct lab *lab)
{
	if (!lab_run_active(lab)) {
		lab_message(lab, "nothing is running (r runs the lesson)");
		return;
	}
	lab_run_stop_one(&lab->run);
	lab_run_stop_one(&lab->race.rival);
}

/* Quitting: the run ends now and is filed as a stop with s would file it
 * ("stopped at 1.5 s"), with what it measured; a run stopped early is kept
 * (README).  From the main loop, never from a signal handler: the guard
 * only notes the signal (and kills the child), and the loop calls this. */
static void quit_one(struct lab *lab, struct run *r)
{
	if (!lab_run_is_active(r))
		return;
	r->stop_requested = 1;
	r->phase = RUN_STOPPING;
	if (r->trial)
		finish_trial(lab, r);     /* collects it; the stop ends the run there */
	if (lab_run_is_active(r))
		end_run(lab, r);
}

void lab_run_abort(struct lab *lab)
{
	lab->quit = 1;
	/* both stop first, so neither waits for the other to be collected */
	if (lab->run.trial)
		trial_stop(lab->run.trial);
	if (lab->race.rival.trial)
		trial_stop(lab->race.rival.trial);
	quit_one(lab, &lab->run);
	quit_one(lab, &lab->race.rival);
}

/* --- what the views show ------------------------------------------------------ */

void lab_run_view_of_run(const struct run *r, struct run_view *v)
{
	memset(v, 0, sizeof *v);
	v->guess_rate = r->guess_rate;
	v->guess_text = r->guess_text;
	v->miss = NAN;
	v->label = "";
	v->lesson = r->lesson;
	v->raced = r->raced;
	v->watch = r->watch;
	v->watched = r->watched;
	v->trials = r->trials;
	v->passes = r->passes;
	v->hist = &r->hist;
	if (lab_run_is_active(r)) {
		v->live = 1;
		v->stopping = r->phase == RUN_STOPPING;
		v->spec = &r->spec;
		v->sample = &r->sample;
		v->rate_now = r->rate_now;
		v->pass_bytes = r->pass_bytes;
		if (r->sweep) {
			v->points = r->points;
			v->npoints = r->point;
			v->point = r->point;
			v->total = r->npoints;
		}
		return;
	}
	v->spec = r->have_spec ? &r->spec : NULL;
	if (r->start_error[0])
		v->start_error = r->start_error;
	if (r->have_result)
		v->result = &r->result;
	if (r->sweep && r->points) {
		v->points = r->points;
		v->npoints = r->point;
		v->total = r->npoints;
	}
}

void lab_run_view_of(const struct lab *lab, size_t i, struct run_view *v)
{
	const struct run *r = &lab->run;
	const struct lesson_state *ls = &lab->ls[i];
	/* a raced run is the race's (lab_race_view_of), never the lesson's */
	int this_run = r->lesson == i && r->phase != RUN_IDLE && !r->raced;
	if (this_run && lab_run_is_active(r)) {
		lab_run_view_of_run(r, v);
		return;
	}
	memset(v, 0, sizeof *v);
	v->lesson = i;
	v->guess_rate = v->miss = NAN;
	v->label = "";
	if (this_run && r->start_error[0])
		v->start_error = r->start_error;
	if (ls->have_result) {
		v->result = &ls->result;
		v->kind = ls->kind;
		v->label = ls->label;
		v->guess_rate = ls->guess_rate;
		v->guess_text = ls->guess_text;
		v->miss = ls->miss;
		v->spec = ls->have_spec ? &ls->spec : NULL;
		v->hist = &ls->hist;
		v->watch = ls->watch;
		v->watched = ls->watched;
		v->trials = ls->trials;
		v->passes = ls->result.passes;
		v->costs = lab->have_cal ? &lab->cal.costs : NULL;
	} else if (ls->have_normal)
		v->saved = &ls->normal;
	if (ls->points) {
		v->points = ls->points;
		v->npoints = v->total = ls->npoints;
	}
	if (this_run && r->sweep && r->points) {
		v->points = r->points;
		v->npoints = r->point;
		v->total = r->npoints;
	}
}
