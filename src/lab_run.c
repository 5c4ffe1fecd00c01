/* lab_run.c - runs the lesson on screen through the engine, without ever
 * waiting on the child: start, sample at the UI's pace, finish when the
 * child has exited, then the next sweep point.
 *
 * Curses-free and in libiolab.a: what a key does to the run (+, -, c, r,
 * s) and what the live panel is shown (run_view_of) are decisions, not
 * drawing, so tests/check_lab.c checks them without a terminal. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lab.h"
#include "units.h"

#define HIST_INTERVAL 0.1     /* seconds between sparkline values, at first */

int run_base_spec(const struct lab *lab, const struct lesson *l, struct wl_spec *out)
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
	if (run_base_spec(lab, l, &base) != 0)
		return;
	lab->next_changed = base.block != lab->next.block || base.cache != lab->next.cache;
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

void run_adjust_block(struct lab *lab, int up)
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
		units_format_bytes((double)s->block, num, sizeof num);
		lab_message(lab, up ? "the block is already the whole file (%s)"
		                    : "the block is already %s, the smallest", num);
		return;
	}
	s->block = b;
	update_changed(lab);
	units_format_bytes((double)b, num, sizeof num);
	lab_message(lab, "next run: %s blocks (r runs it)", num);
}

void run_toggle_cache(struct lab *lab)
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

int run_active(const struct lab *lab)
{
	return lab->run.phase == RUN_RUNNING || lab->run.phase == RUN_STOPPING;
}

void run_free(struct run *run)
{
	if (run->have_spec)
		wl_spec_free(&run->spec);
	free(run->points);
	memset(run, 0, sizeof *run);
}

/* --- the smoothed rate ----------------------------------------------------- */

/* The child publishes progress per chunk, so bytes advance in steps; the
 * rate is taken between moments the bytes changed, at least RATE_WINDOW
 * apart, and decays honestly if the workload stalls. */
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

static void run_reset_live(struct run *r)
{
	memset(&r->sample, 0, sizeof r->sample);
	r->sample.syscr = r->sample.syscw = -1;
	r->sample.read_bytes = r->sample.write_bytes = -1;
	r->nwin = r->headwin = 0;
	r->rate_now = 0;
	gauge_history_clear(&r->hist);
	r->hist_interval = HIST_INTERVAL;
	r->hist_next = 0;
}

/* --- starting ---------------------------------------------------------------- */

/* Start one trial of run->spec.  0, or -1 with start_error set. */
static int start_trial(struct lab *lab)
{
	struct run *r = &lab->run;
	char msg[256] = "";
	run_reset_live(r);
	r->trial = trial_start(&r->spec, &lab->scratch, msg, sizeof msg);
	if (!r->trial) {
		snprintf(r->start_error, sizeof r->start_error, "%s",
		         *msg ? msg : "the trial could not start");
		r->phase = RUN_ENDED;
		return -1;
	}
	r->phase = RUN_RUNNING;
	return 0;
}

static int start_point(struct lab *lab)
{
	struct run *r = &lab->run;
	const struct lesson *l = &lab->course.lessons[r->lesson];
	struct wl_spec base;
	uint64_t block;
	enum wl_cache cache;
	sweep_point_at(&l->sweep, r->point, &block, &cache);
	if (run_base_spec(lab, l, &base) != 0)
		return -1;
	if (r->have_spec)
		wl_spec_free(&r->spec);
	r->have_spec = sweep_point_spec(&base, block, cache, &r->spec) == 0;
	wl_spec_free(&base);
	if (!r->have_spec) {
		snprintf(r->start_error, sizeof r->start_error, "out of memory");
		r->phase = RUN_ENDED;
		return -1;
	}
	return start_trial(lab);
}

int run_start(struct lab *lab)
{
	if (run_active(lab)) {
		lab_message(lab, "a run is under way: s stops it");
		return -1;
	}
	if (!lab_commands_allowed(lab, lab->cur)) {
		lab_ask_commands(lab, lab->cur);   /* a yes runs it (lab.h) */
		return -1;
	}
	const struct lesson *l = lab_lesson(lab);
	struct run *r = &lab->run;
	run_free(r);
	r->lesson = lab->cur;
	r->sweep = l->sweep.ncaches > 0;
	if (r->sweep) {
		r->npoints = sweep_npoints(&l->sweep);
		r->points = calloc(r->npoints ? r->npoints : 1, sizeof *r->points);
		if (!r->points) {
			lab_message(lab, "out of memory");
			return -1;
		}
		return start_point(lab);
	}
	r->have_spec = wl_spec_copy(&r->spec, &lab->next) == 0;
	if (!r->have_spec) {
		lab_message(lab, "out of memory");
		return -1;
	}
	return start_trial(lab);
}

/* --- finishing ------------------------------------------------------------- */

static void save_progress(struct lab *lab)
{
	char msg[512];
	if (progress_save(&lab->progress, msg, sizeof msg) != 0)
		lab_message(lab, "%s", msg);
}

/* The finished trial becomes the lesson's result in this session. */
static void keep_result(struct lab *lab)
{
	struct run *r = &lab->run;
	struct lesson_state *ls = &lab->ls[r->lesson];
	ls->result = r->result;
	ls->have_result = 1;
	if (ls->have_spec)
		wl_spec_free(&ls->spec);
	ls->have_spec = wl_spec_copy(&ls->spec, &r->spec) == 0;
	ls->hist = r->hist;
}

static void record_entry(struct lab *lab)
{
	struct run *r = &lab->run;
	struct progress_entry e;
	progress_entry_from_result(&e, lab->course.lessons[r->lesson].id, &r->spec,
	                           &r->result, (int64_t)time(NULL));
	if (progress_set(&lab->progress, &e) != 0)
		lab_message(lab, "progress not kept: out of memory");
}

static void record_point(struct run *r)
{
	struct trial_summary s;
	trial_summarize(&r->result, 1, &s);      /* zeroed, so not ok, if it fails */
	sweep_point_from_summary(&r->points[r->point], r->spec.block, r->spec.cache, &s);
}

static void keep_points(struct lab *lab)
{
	struct run *r = &lab->run;
	struct lesson_state *ls = &lab->ls[r->lesson];
	free(ls->points);
	ls->points = malloc((r->point ? r->point : 1) * sizeof *ls->points);
	ls->npoints = 0;
	if (ls->points) {
		memcpy(ls->points, r->points, r->point * sizeof *ls->points);
		ls->npoints = r->point;
	}
	if (progress_set_points(&lab->progress, lab->course.lessons[r->lesson].id,
	                        r->points, r->point) != 0)
		lab_message(lab, "progress not kept: out of memory");
}

static void finish_trial(struct lab *lab)
{
	struct run *r = &lab->run;
	trial_finish(r->trial, &r->result);
	r->trial = NULL;
	r->have_result = 1;
	keep_result(lab);
	if (!r->sweep) {
		r->phase = RUN_ENDED;
		record_entry(lab);
		save_progress(lab);
		return;
	}
	record_point(r);
	r->point++;
	if (r->point < r->npoints && !r->stop_requested && start_point(lab) == 0)
		return;
	r->phase = RUN_ENDED;
	keep_points(lab);
	record_entry(lab);
	save_progress(lab);
}

static void take_sample(struct run *r)
{
	trial_sample(r->trial, &r->sample);
	if (r->sample.state != TRIAL_RUNNING && r->sample.bytes == 0)
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

int run_poll(struct lab *lab)
{
	struct run *r = &lab->run;
	if (!run_active(lab) || !r->trial)
		return 0;
	take_sample(r);
	if (trial_done(r->trial))
		finish_trial(lab);
	return run_active(lab);
}

void run_stop(struct lab *lab)
{
	struct run *r = &lab->run;
	if (!run_active(lab)) {
		lab_message(lab, "nothing is running (r runs the lesson)");
		return;
	}
	r->stop_requested = 1;
	r->phase = RUN_STOPPING;
	if (r->trial)
		trial_stop(r->trial);
}

void run_abort(struct lab *lab)
{
	struct run *r = &lab->run;
	if (r->trial) {
		trial_stop(r->trial);
		trial_finish(r->trial, &r->result);
		r->trial = NULL;
	}
	if (run_active(lab))
		r->phase = RUN_ENDED;
}

/* --- what the views show ------------------------------------------------------ */

void run_view_of(const struct lab *lab, size_t i, struct run_view *v)
{
	const struct run *r = &lab->run;
	const struct lesson_state *ls = &lab->ls[i];
	memset(v, 0, sizeof *v);
	int this_run = r->lesson == i && r->phase != RUN_IDLE;
	if (this_run && run_active(lab)) {
		v->live = 1;
		v->stopping = r->phase == RUN_STOPPING;
		v->spec = &r->spec;
		v->sample = &r->sample;
		v->rate_now = r->rate_now;
		v->hist = &r->hist;
		if (r->sweep) {
			v->points = r->points;
			v->npoints = r->point;
			v->point = r->point;
			v->total = r->npoints;
		}
		return;
	}
	if (this_run && r->start_error[0])
		v->start_error = r->start_error;
	if (ls->have_result) {
		v->result = &ls->result;
		v->spec = ls->have_spec ? &ls->spec : NULL;
		v->hist = &ls->hist;
	} else
		v->saved = progress_find(&lab->progress, lab->course.lessons[i].id);
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
