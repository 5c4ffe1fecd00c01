/* run_words.c - a run in words, decided once for every view (see
 * run_words.h for why). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "run_words.h"
#include "units.h"

int run_view_rate(const struct run_view *v, double *now, double *avg)
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
}

void run_state_words(const struct run_view *v, int ascii, struct run_state *out)
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
	snprintf(c->text[c->n], sizeof c->text[c->n], "%s %s", call_kind_info(k)->shown, num);
	c->part[c->n] = (struct fit_part){c->text[c->n], NULL, 0, 0};
	c->n++;
}

void run_calls_words(const struct run_view *v, const struct wl_spec *spec, struct run_calls *out)
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
