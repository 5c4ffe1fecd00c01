/* run_words.c - a run in words, decided once for every view (see
 * run_words.h for why). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "measure.h"
#include "report.h"
#include "run_words.h"
#include "units.h"

int run_words_view_rate(const struct run_view *v, double *now, double *avg)
{
	*now = *avg = 0;
	if (v->live) {
		*now = v->rate_now;
		*avg = v->sample->rate_avg;
		return v->sample->elapsed > 0;
	}
	if (v->result && v->result->ok && !v->result->err) {
		*now = *avg = v->result->rate;
		return 1;
	}
	if (!v->result && v->saved && v->saved->ok && isfinite(v->saved->rate) && v->saved->rate > 0) {
		*now = *avg = v->saved->rate;
		return 1;
	}
	return 0;
}

/* --- the state ------------------------------------------------------------------ */

/* Add a part: printf'd, with its short form (NULL none), how optional it
 * is and whether one space (tight) or FIT_GAP goes before it. */
static void add(struct run_state *s, const char *brief, int drop, int tight, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void add(struct run_state *s, const char *brief, int drop, int tight, const char *fmt, ...)
{
	if (s->n >= RUN_STATE_PARTS)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->text[s->n], sizeof s->text[s->n], fmt, ap);
	va_end(ap);
	s->part[s->n] = (struct fit_part){s->text[s->n], brief, drop, tight};
	s->n++;
}

/* How optional the parts are: the explanation goes first, then the raced
 * mark (which has a short form first). */
enum { DROP_RACED = 1, DROP_EXPLAINED = 2 };

static const char *plural(unsigned n, const char *many)
{
	return n == 1 ? "" : many;
}

static void live_words(const struct run_view *v, struct run_state *s)
{
	s->tone = RUN_TONE_RUNNING;
	add(s, NULL, 0, 0, "%s", v->stopping ? "STOPPING" : "RUNNING");
	if (v->watch > WATCH_ONE_PASS) {
		char watch[32];
		watch_name(v->watch, watch, sizeof watch);
		char pass[32];
		units_format_count((uint64_t)v->passes + 1, pass, sizeof pass);
		add(s, NULL, 0, 0, "%.1f s of %s,", v->watched, watch);
		add(s, NULL, 0, 1, "pass %s", pass);
	} else
		add(s, NULL, 0, 0, "%.1f s of at most %g s", v->sample->elapsed,
		    v->spec ? v->spec->time_limit : 0);
}

/* A scenario's file in words: what it holds, and how it ends (its last
 * lines as escaped text: the line the lesson is about is one of them). */
#define EVIDENCE_LAST_LINES 3

static void evidence_words(const struct wl_evidence *e, char *buf, size_t len)
{
	const char *text = e->text, *end = text + strlen(text), *from = text;
	int newlines = 0;
	for (const char *p = end; p - 2 >= text; p--)
		if (p[-2] == '\\' && p[-1] == 'n' && (p - 2 == text || p[-3] != '\\') &&
		    ++newlines > EVIDENCE_LAST_LINES) {
			from = p;
			break;
		}
	snprintf(buf, len, "The file holds %lld line%s (most copies of one line: %lld; in program "
	         "order: %s)%s %.250s", (long long)e->lines, e->lines == 1 ? "" : "s",
	         (long long)e->max_copies, e->in_order ? "yes" : "no",
	         from == text ? ":" : "; it ends:", from);
}

static void result_words(const struct run_view *v, int ascii, struct run_state *s)
{
	const struct trial_result *r = v->result;
	char secs[32];
	units_format_seconds(r->seconds, ascii, secs, sizeof secs);
	if (r->err && r->expected) {
		const char *name = wl_errno_name(r->err);
		s->tone = RUN_TONE_DONE;
		add(s, NULL, 0, 0, "got %s, as this lesson expects", name ? name : "the error");
		snprintf(s->detail, sizeof s->detail, "%s", r->error);
	} else if (!r->ok || r->err) {
		const char *name = r->err ? wl_errno_name(r->err) : NULL;
		s->tone = RUN_TONE_FAILED;
		s->err = r->err;
		add(s, NULL, 0, 0, "FAILED%s%s:", name ? " with " : "", name ? name : "");
		snprintf(s->detail, sizeof s->detail, "%s",
		         r->error[0] ? r->error : "the workload did not complete");
	} else if (v->watch > WATCH_ONE_PASS && !(r->stopped && !r->time_limited)) {
		s->tone = RUN_TONE_DONE;
		/* phrases, so that a narrow view wraps between them: a figure
		 * stays with its unit */
		add(s, NULL, 0, 0, "DONE: watched %.1f s,", v->watched);
		char passes[32], trials[32];   /* "2,422 whole passes", as every count */
		units_format_count(r->passes, passes, sizeof passes);
		units_format_count(v->trials, trials, sizeof trials);
		if (r->passes == 0 && r->time_limited) {
			/* every trial ended at its time limit before a whole pass
			 * (w01's file would take half an hour): no passes to count */
			add(s, NULL, 0, 1, "%s trial%s,", trials, plural(v->trials, "s"));
			add(s, NULL, 0, 1, "each ended by");
			add(s, NULL, 0, 1, "its time limit");
		} else {
			add(s, NULL, 0, 1, "%s whole pass%s", passes, plural(r->passes, "es"));
			add(s, NULL, 0, 1, "in %s trial%s%s", trials, plural(v->trials, "s"),
			    r->time_limited ? ";" : "");
			if (r->time_limited) {
				add(s, NULL, 0, 1, "the last pass");
				add(s, NULL, 0, 1, "cut short");
			}
		}
	} else {
		/* the student's stop is no success: no check mark on it */
		s->tone = r->stopped && !r->time_limited ? RUN_TONE_STOPPED : RUN_TONE_DONE;
		if (r->time_limited || r->stopped) {
			add(s, NULL, 0, 0, "%s after %s", r->time_limited ? "time limit reached" : "STOPPED",
			    secs);
			add(s, NULL, DROP_EXPLAINED, 1, "(the rate is over what was done)");
		} else
			add(s, NULL, 0, 0, "DONE in %s", secs);
	}
	if (v->raced)
		add(s, "(raced)", DROP_RACED, 1, "(raced: not the lesson's result)");
	if (s->tone == RUN_TONE_DONE && r->evidence.present)
		evidence_words(&r->evidence, s->detail, sizeof s->detail);
}

void run_words_state(const struct run_view *v, int ascii, struct run_state *out)
{
	memset(out, 0, sizeof *out);
	if (v->live)
		live_words(v, out);
	else if (v->start_error) {       /* the last start failed, whatever ran before */
		out->tone = RUN_TONE_FAILED;
		add(out, NULL, 0, 0, "could not start:");
		snprintf(out->detail, sizeof out->detail, "%s", v->start_error);
	} else if (v->result)
		result_words(v, ascii, out);
	else {
		out->tone = RUN_TONE_IDLE;
		if (v->saved)
			snprintf(out->detail, sizeof out->detail, "Last run as the lesson says%s%s (from the "
			         "notebook); r runs it again.", v->saved->when[0] ? ", " : "",
			         v->saved->when);
		else
			snprintf(out->detail, sizeof out->detail, "Not run yet: r (or Enter) runs it.");
	}
}

/* --- the program's calls ------------------------------------------------------------ */

static void add_call(struct run_calls *c, enum call_kind k, uint64_t n)
{
	char num[32];
	units_format_count(n, num, sizeof num);
	snprintf(c->text[c->n], sizeof c->text[c->n], "%s %s", wl_call_kind_info(k)->shown, num);
	c->part[c->n] = (struct fit_part){c->text[c->n], NULL, 0, 0};
	c->n++;
}

void run_words_calls(const struct run_view *v, const struct wl_spec *spec, struct run_calls *out)
{
	memset(out, 0, sizeof *out);
	const struct wl_kind *k = spec ? wl_kind_of(spec) : NULL;
	if (!k || k->command) {
		out->none = "not counted for an outside program";
		return;
	}
	const uint64_t *calls = v->live ? v->sample->calls_by_kind : v->result ? v->result->calls : NULL;
	if (!calls)
		return;
	for (int c = 0; c < CALL_KINDS; c++)
		if (calls[c])
			add_call(out, (enum call_kind)c, calls[c]);
	if (out->n == 0 && k->primary != CALL_NONE)     /* before the first chunk */
		add_call(out, k->primary, 0);
}

/* --- what explains the rate ----------------------------------------------------- */

/* The figures of a view: live (a watched run's sums so far) or its
 * result.  0 when it shows neither. */
struct view_figures {
	double wall, user, system, wait;
	uint64_t bytes;
	const uint64_t *calls;
	int64_t syscr, syscw;
	const struct device_stat *device;
};

static int view_figures(const struct run_view *v, struct view_figures *f)
{
	if (v->live && v->sample) {
		const struct trial_sample *s = v->sample;
		*f = (struct view_figures){s->elapsed, s->cpu_user, s->cpu_system, s->cpu_wait, s->bytes,
		                           s->calls_by_kind, s->syscr, s->syscw, &s->device};
		return 1;
	}
	if (v->result) {
		const struct trial_result *r = v->result;
		*f = (struct view_figures){r->seconds, r->time_user, r->time_system, r->cpu_wait, r->bytes,
		                           r->calls, r->syscr, r->syscw, &r->device};
		return 1;
	}
	return 0;
}

const char *run_words_time_part_name(enum run_time_part p)
{
	static const char *const names[RUN_TIME_PARTS] = {
		[RUN_TIME_USER] = "user", [RUN_TIME_SYSTEM] = "system", [RUN_TIME_WAIT] = "CPU wait",
		[RUN_TIME_BLOCKED] = "blocked",
	};
	return (unsigned)p < RUN_TIME_PARTS ? names[p] : "?";
}

static void time_part(struct run_time *t, const char *name, double seconds, double share,
                      int ascii)
{
	char secs[32];
	units_format_seconds(seconds, ascii, secs, sizeof secs);
	snprintf(t->text[t->n], sizeof t->text[t->n], "%s %s %.0f%%", name, secs, share * 100);
	snprintf(t->brief[t->n], sizeof t->brief[t->n], "%s %.0f%%", name, share * 100);
	/* a part of no time may go where there is no room for it */
	t->part[t->n] = (struct fit_part){t->text[t->n], t->brief[t->n], share < 0.005 ? 2 : 0, 0};
	t->n++;
}

void run_words_time(const struct run_view *v, int ascii, struct run_time *out)
{
	struct view_figures f;
	memset(out, 0, sizeof *out);
	if (!view_figures(v, &f) || !(f.wall > 0) || f.user < 0 || f.system < 0)
		return;
	struct measure_time m;
	measure_time_split(f.wall, f.user, f.system, f.wait, &m);
	double seconds[RUN_TIME_PARTS] = {m.user, m.system, m.cpu_wait, m.blocked};
	for (int p = 0; p < RUN_TIME_PARTS; p++)    /* a difference's rounding is no time */
		if (seconds[p] > -1 && seconds[p] < 1e-9)
			seconds[p] = seconds[p] < 0 ? -1 : 0;
	out->split = m.cpu_wait >= 0;
	if (!out->split) {              /* off the CPU, not split: said so */
		double off = f.wall - f.user - f.system;
		seconds[RUN_TIME_WAIT] = 0;
		seconds[RUN_TIME_BLOCKED] = off > 0 ? off : 0;
		snprintf(out->note, sizeof out->note, "%s",
		         v->result && v->result->time_note[0] ? v->result->time_note
		                                              : "the wait for a CPU is not counted here");
	}
	double total = 0;
	for (int p = 0; p < RUN_TIME_PARTS; p++)
		total += seconds[p];
	if (!(total > 0))
		return;
	out->have = 1;
	out->wall = f.wall;
	for (int p = 0; p < RUN_TIME_PARTS; p++) {
		out->share[p] = seconds[p] / total;
		if (p == RUN_TIME_WAIT && !out->split)
			continue;
		time_part(out, p == RUN_TIME_BLOCKED && !out->split ? "off the CPU"
		                                                     : run_words_time_part_name((enum run_time_part)p),
		          seconds[p], out->share[p], ascii);
	}
	if (out->note[0]) {
		snprintf(out->text[out->n], sizeof out->text[out->n], "(not split: %s)", out->note);
		out->part[out->n] = (struct fit_part){out->text[out->n], "(not split)", 1, 0};
		out->n++;
	}
}

static void price_part(struct run_price *p, const char *call, double seconds, int ascii)
{
	char price[32];
	units_format_cost(seconds, ascii, price, sizeof price);
	snprintf(p->text[p->n], sizeof p->text[p->n], "%s() %s each", call, price);
	p->part[p->n] = (struct fit_part){p->text[p->n], NULL, 0, 0};
	p->n++;
}

void run_words_price(const struct run_view *v, int ascii, struct run_price *out)
{
	struct view_figures f;
	memset(out, 0, sizeof *out);
	if (!view_figures(v, &f) || !(f.wall > 0) || !v->spec)
		return;
	enum call_kind k = figures_own_call(v->spec);
	double call = k != CALL_NONE ? figures_per_call(f.wall, (int64_t)f.calls[k]) : NAN;
	int64_t sys = figures_own_syscalls(v->spec, f.syscr, f.syscw);
	if (isfinite(call))
		price_part(out, wl_call_kind_name(k), call, ascii);
	/* the system call's own price where it is another call's */
	if ((k == CALL_NONE || wl_call_kind_info(k)->is_stdio) && sys > 0)
		price_part(out, figures_own_kind(v->spec), figures_per_call(f.wall, sys), ascii);
}

static void layer(struct run_layers *l, const char *text, int optional)
{
	snprintf(l->text[l->n], sizeof l->text[l->n], "%s", text);
	l->part[l->n] = (struct fit_part){l->text[l->n], NULL, optional, 0};
	l->n++;
}

void run_words_layers(const struct run_view *v, int ascii, struct run_layers *out)
{
	struct view_figures f;
	char num[32], text[64];
	const char *arrow = ascii ? "->" : "\u2192";
	memset(out, 0, sizeof *out);
	if (!view_figures(v, &f) || !v->spec)
		return;
	enum call_kind k = figures_own_call(v->spec);
	if (k != CALL_NONE) {
		units_format_count(f.calls[k], num, sizeof num);
		snprintf(text, sizeof text, "%s %s", num, wl_call_kind_name(k));
		layer(out, text, 0);
	}
	int64_t sys = figures_own_syscalls(v->spec, f.syscr, f.syscw);
	if (sys >= 0) {
		units_format_count((uint64_t)sys, num, sizeof num);
		snprintf(text, sizeof text, "%s%s%s %s()", out->n ? arrow : "", out->n ? " " : "", num,
		         figures_own_kind(v->spec));
		layer(out, text, 0);
	}
	int writes = figures_writes(v->spec);
	int64_t dev = writes ? f.device->writes : f.device->reads;
	if (dev >= 0) {
		units_format_count((uint64_t)dev, num, sizeof num);
		/* the device's own count: everything on it, not the workload's
		 * alone, and said so wherever it goes */
		snprintf(text, sizeof text, "%s %s", arrow, num);
		layer(out, text, 0);
		layer(out, writes ? "whole-device writes" : "whole-device reads", 0);
		out->part[out->n - 1].tight = 1;
	}
}

int run_words_busy(const struct run_view *v, int ascii, char *buf, size_t len)
{
	struct view_figures f;
	buf[0] = '\0';
	if (!view_figures(v, &f))
		return 0;
	double share = figures_wait_share(f.wall, f.wait);
	if (!(share > REPORT_BUSY_WAIT_SHARE))
		return 0;
	char w[32], t[32];
	units_format_seconds(f.wait, ascii, w, sizeof w);
	units_format_seconds(f.wall, ascii, t, sizeof t);
	snprintf(buf, len, "busy: waited %s of %s for a CPU", w, t);
	return 1;
}
