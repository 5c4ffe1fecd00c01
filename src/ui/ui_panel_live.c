/* ui_panel_live.c - the live panel beside the lesson: what the run is
 * doing now and what it did, in numbers large enough for a lecture hall.
 *
 * Top to bottom, in order of what matters when rows are short: the state
 * of the run (or its error, in words), the rate (big digits when there is
 * room) and the log rate, the log gauge with the reference machines and
 * the compared lessons marked, the trend, then the kernel's syscall counts
 * beside the calls the program made, progress, CPU, storage, page cache,
 * the compared lessons' results as their lessons say, and this lesson's
 * runs that are not (its variants, each labelled by what changed).
 *
 * Every line of figures goes through fitline_fit(): a figure is shown
 * whole or not at all, so the panel first uses a shorter form, leaves out
 * what is optional, or wraps under its label - it never cuts one.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "figures.h"
#include "fitline.h"
#include "keys.h"
#include "reference.h"
#include "run_words.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

/* A column of label/value lines that stops at the panel's bottom. */
struct pen {
	int y, x, w, bottom;
	int label_w;
	int roomy;                /* blank rows between groups */
};

static int pen_room(const struct pen *p, int rows)
{
	return p->y + rows <= p->bottom;
}

static void pen_gap(struct pen *p)
{
	if (p->roomy && pen_room(p, 1))
		p->y++;
}

/* A label in the label column and its figures after it, fitted into the
 * value column (fitline.h) over at most max_rows rows. */
static void kv_parts(struct pen *p, const char *label, const struct fit_part *parts, size_t n,
                     int max_rows)
{
	if (!pen_room(p, 1))
		return;
	struct ui_parts sp;
	struct fit_rows fr;
	ui_screen_parts(parts, n, &sp);
	if (max_rows > p->bottom - p->y)
		max_rows = p->bottom - p->y;
	fitline_fit(sp.v, sp.n, p->w - p->label_w - UI_EDGE, max_rows, &fr);
	ui_crt_put(p->y, p->x, p->label_w, ui_crt_attr(CRT_LABEL), label);
	for (size_t i = 0; i < fr.n; i++)
		ui_crt_put(p->y + (int)i, p->x + p->label_w, p->w - p->label_w, ui_crt_attr(CRT_VALUE),
		        fr.row[i]);
	p->y += fr.n ? (int)fr.n : 1;
}

/* One figure after a label: shown whole (or, if even that cannot be, not
 * at all). */
static void kv(struct pen *p, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void kv(struct pen *p, const char *label, const char *fmt, ...)
{
	char value[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(value, sizeof value, fmt, ap);
	va_end(ap);
	const struct fit_part part = {value, NULL, 0, 0};
	kv_parts(p, label, &part, 1, 1);
}

/* Words after a label, wrapped under the value column. */
static void kv_words(struct pen *p, const char *label, const char *text)
{
	if (!pen_room(p, 1))
		return;
	struct tw_lines l = {0};
	char ascii[512];
	textwrap_wrap(ui_crt_text(text, ascii, sizeof ascii), p->w - p->label_w - UI_EDGE, &l);
	ui_crt_put(p->y, p->x, p->label_w, ui_crt_attr(CRT_LABEL), label);
	for (size_t i = 0; i < l.n && pen_room(p, 1); i++)
		ui_crt_put(p->y++, p->x + p->label_w, p->w - p->label_w, ui_crt_attr(CRT_LABEL), l.v[i].text);
	textwrap_free(&l);
}

/* Text wrapped over as many rows as it needs (and the panel has). */
static void para(struct pen *p, int role, const char *text)
{
	struct tw_lines l = {0};
	char ascii[1024];
	textwrap_wrap(ui_crt_text(text, ascii, sizeof ascii), p->w - UI_EDGE, &l);
	for (size_t i = 0; i < l.n && pen_room(p, 1); i++)
		ui_crt_put(p->y++, p->x, p->w, ui_crt_attr((enum crt_role)role), l.v[i].text);
	textwrap_free(&l);
}

static void count_or_na(int64_t n, char *buf, size_t len)
{
	if (n < 0)
		snprintf(buf, len, "unavailable");
	else
		units_format_count((uint64_t)n, buf, len);
}

/* --- the state of the run -------------------------------------------------- */

/* A few words on what an errno means for a student. */
static const char *error_hint(int err)
{
	switch (err) {
	case ENOSPC: return "The disk is full: free some space or run with a smaller --size.";
	case EINVAL: return "The kernel refused the arguments (O_DIRECT needs blocks and buffers "
	                    "aligned to the device's block size).";
	case EACCES: case EPERM: return "Permission denied: the scratch directory must be yours.";
	case EROFS: return "The scratch directory is on a read-only file system: use --dir.";
	case EIO: return "The device reported an I/O error.";
	case ENOMEM: return "Out of memory.";
	case EFBIG: return "The file would be larger than this file system allows.";
	default: return NULL;
	}
}

/* A run that is not the lesson's result says what it was: the notebook
 * files it apart, and the marks and "Compare with" do not use it. */
static void draw_variant_state(struct pen *p, const struct run_view *v)
{
	char name[300], buf[400];
	if (v->kind == STORE_KIND_LESSON)
		return;
	lab_variant_name(NULL, v->label, v->kind, !ui_crt.utf8, name, sizeof name);
	snprintf(buf, sizeof buf, "not the lesson's result: %s", name);
	para(p, CRT_MESSAGE, buf);
}

static void draw_state(struct pen *p, const struct run_view *v)
{
	if (!pen_room(p, 1))
		return;
	p->y += ui_run_state_draw(p->y, p->x, p->w - UI_EDGE, p->bottom - p->y, v, 1);
	/* a failure: what usually causes it, where the lab knows */
	const char *hint = v->result && !v->live && (!v->result->ok || (v->result->err &&
	                   !v->result->expected)) ? error_hint(v->result->err) : NULL;
	if (hint)
		para(p, CRT_LABEL, hint);
	if (v->result && !v->live)
		draw_variant_state(p, v);
}

/* --- the rate ----------------------------------------------------------------- */

/* Big digits for the rate and, when there is room, the log rate. */
static void draw_big(struct pen *p, double now)
{
	char rate[32], num[32], unit[16], logs[32];
	units_format_rate(now, rate, sizeof rate);
	if (sscanf(rate, "%31s %15s", num, unit) != 2)
		return;
	units_format_fixed(units_log_rate(now), 2, logs, sizeof logs);
	int rw = gauge_bignum_width(num) + 1 + (int)strlen(unit);
	int lw = gauge_bignum_width(logs) + 1 + 8;
	if (!pen_room(p, GAUGE_BIG_ROWS))
		return;
	int w = p->w - UI_EDGE;
	if (!ui_gauge_draw_big(p->y, p->x, w, num, unit, CRT_BIG))
		return;
	if (rw + 4 + lw <= w)
		ui_gauge_draw_big(p->y, p->x + w - lw, lw, logs, "log rate", CRT_BIG);
	p->y += GAUGE_BIG_ROWS;
}

/* The guess beside the result: the rate guessed, its log rate, and once
 * the run has ended how far it missed, in log-rate units. */
static void draw_guess(struct pen *p, const struct run_view *v)
{
	char g[32], lg[32], miss[32];
	if (isnan(v->guess_rate))
		return;
	units_format_rate_typed(v->guess_rate, v->guess_text, g, sizeof g);
	snprintf(lg, sizeof lg, "ln %.2f", log(v->guess_rate));
	const struct fit_part guess[] = {
		{g, NULL, 0, 0}, {lg, NULL, 0, 0}, {"(G on the gauge)", NULL, 1, 1},
	};
	kv_parts(p, "guess", guess, v->live ? COUNT(guess) : 2, 1);
	struct model_estimate est;
	if (lab_model_of(v, &est) == 0 && isfinite(est.predicted_rate)) {
		char mr[32], ml[32];
		units_format_rate(est.predicted_rate, mr, sizeof mr);
		snprintf(ml, sizeof ml, "ln %.2f", log(est.predicted_rate));
		const struct fit_part model[] = {{mr, NULL, 0, 0}, {ml, NULL, 0, 0},
		                                 {"(this machine's costs)", NULL, 1, 1}};
		kv_parts(p, "model said", model, COUNT(model), 1);
	}
	if (isfinite(v->miss)) {
		units_format_fixed(v->miss, 2, miss, sizeof miss);
		const struct fit_part m[] = {{miss, NULL, 0, 0}, {"in log rate", NULL, 1, 0}};
		kv_parts(p, "miss", m, COUNT(m), 1);
	}
}

/* This machine's model beside the measurement: the seconds it predicts
 * from the run's own counts, its two largest terms, and, where it missed
 * by more than 2x, the term that was off (model.h). */
static void draw_model(struct pen *p, const struct run_view *v)
{
	struct model_estimate m;
	int ascii = !ui_crt.utf8;
	if (lab_model_of(v, &m) != 0)
		return;
	char pr[32], me[32], a[64], b[64], term[192], miss[256];
	units_format_seconds(m.predicted_seconds, ascii, pr, sizeof pr);
	units_format_seconds(m.measured_seconds, ascii, me, sizeof me);
	snprintf(a, sizeof a, "predicts %s,", pr);
	snprintf(b, sizeof b, "measured %s", me);
	const struct fit_part head[] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
	kv_parts(p, "model", head, COUNT(head), 2);
	/* the largest term; the next too where the panel has rows to spare */
	size_t shown = p->roomy ? 2 : 1;
	for (size_t i = 0; i < m.nterms && i < shown && !isnan(m.terms[i].seconds); i++) {
		model_term_words(&m.terms[i], ascii, term, sizeof term);
		kv_words(p, "", term);
	}
	model_miss_words(&m, ascii, miss, sizeof miss);
	if (*miss)
		kv_words(p, "off", miss);
}

/* What each rate is over: "now" the last RATE_WINDOW seconds, "avg" and
 * the result the whole run (bytes moved / seconds the loop ran), so a
 * reader can tell why they differ, and why the trend's range (half-second
 * rates) may not hold the whole run's. */
static void draw_rates(struct pen *p, const struct run_view *v, int big)
{
	struct { double rate, avg; } s;
	if (!run_words_view_rate(v, &s.rate, &s.avg)) {
		draw_guess(p, v);
		return;
	}
	char a[32], b[48], la[32], lb[32], ln[64], bps[32], busy[96];
	/* a rate the load held back is marked where it is shown */
	int is_busy = run_words_busy(v, !ui_crt.utf8, busy, sizeof busy);
	if (big)
		draw_big(p, s.rate);
	units_format_rate(s.rate, a, sizeof a);
	if (v->live) {
		char avg[64], window[32];
		units_format_rate(s.avg, b, sizeof b);
		snprintf(avg, sizeof avg, "avg %s", b);
		snprintf(window, sizeof window, "(last %g s)", RATE_WINDOW);
		const struct fit_part now[] = {
			{a, NULL, 0, 0}, {window, NULL, 2, 1}, {avg, NULL, 0, 0}, {"(whole run)", NULL, 1, 1},
		};
		kv_parts(p, "now", now, COUNT(now), 1);
		char na[UNITS_FIXED_WIDTH + 1], nb[UNITS_FIXED_WIDTH + 1];
		units_format_fixed(units_log_rate(s.rate), 2, na, sizeof na);
		units_format_fixed(units_log_rate(s.avg), 2, nb, sizeof nb);
		snprintf(la, sizeof la, "%s now", na);
		snprintf(lb, sizeof lb, "%s avg", nb);
		const struct fit_part logs[] = {{la, NULL, 0, 0}, {lb, NULL, 0, 0},
		                                {is_busy ? busy : NULL, "busy", 0, 0}};
		kv_parts(p, "log rate", logs, COUNT(logs), 2);
	} else {
		const struct fit_part rate[] = {{a, NULL, 0, 0}, {"over the whole run", "(whole run)", 1, 1}};
		kv_parts(p, "rate", rate, COUNT(rate), 1);
		units_format_fixed(units_log_rate(s.rate), 2, la, sizeof la);
		units_format_count((uint64_t)(s.rate + 0.5), bps, sizeof bps);
		snprintf(ln, sizeof ln, "(ln of %s B/s)", bps);
		const struct fit_part logs[] = {{la, NULL, 0, 0}, {ln, NULL, 1, 0},
		                                {is_busy ? busy : NULL, "busy", 0, 0}};
		kv_parts(p, "log rate", logs, COUNT(logs), 1);
	}
	draw_guess(p, v);
}

/* --- the gauge and its marks -------------------------------------------------- */

static int compare_rate(const struct lab *lab, const char *id, double *rate)
{
	long i = lesson_course_find(&lab->course, id);
	if (i < 0)
		return 0;
	/* the latest run as that lesson says, never a variant of it */
	const struct lesson_state *ls = &lab->ls[i];
	if (!ls->have_normal || !ls->normal.ok || !isfinite(ls->normal.rate) || !(ls->normal.rate > 0))
		return 0;
	*rate = ls->normal.rate;
	return 1;
}

#define MAX_MARKS 12

/* The compared lessons' keys on the gauge and in their list: 1 .. 9, a .. */
static char compare_key(size_t i)
{
	return i < 9 ? (char)('1' + i) : (char)('a' + (i - 9) % 26);
}

static size_t collect_marks(const struct lab *lab, const struct lesson *l,
                            const struct run_view *v, struct ui_gauge_mark *m,
                            char *guess_shown, size_t len)
{
	size_t n = 0;
	/* the guess: of the run shown, or for the next run */
	int of_run = !isnan(v->guess_rate);
	double guess = of_run ? v->guess_rate : lab->guess_rate;
	if (!isnan(guess)) {
		units_format_rate_typed(guess, of_run ? v->guess_text : lab->guess_text, guess_shown, len);
		m[n++] = (struct ui_gauge_mark){guess, 'G', CRT_MESSAGE, "your guess", guess_shown};
	}
	for (size_t i = 0; i < l->nrefs && n < MAX_MARKS; i++)
		m[n++] = (struct ui_gauge_mark){l->refs[i].rate, reference_mark_key(l->refs[i].source),
		                                CRT_REF, lab_ref_label(lab, l->refs[i].source), NULL};
	for (size_t i = 0; i < l->ncompare && n < MAX_MARKS; i++) {
		double rate;
		if (compare_rate(lab, l->compare[i], &rate))
			m[n++] = (struct ui_gauge_mark){rate, compare_key(i), CRT_COMPARE, l->compare[i],
			                                NULL};
	}
	return n;
}

static void draw_gauge(struct pen *p, const struct lab *lab, const struct run_view *v)
{
	double now, avg;
	int have = run_words_view_rate(v, &now, &avg);
	struct ui_gauge_mark marks[MAX_MARKS];
	char guess_shown[32];
	size_t n = collect_marks(lab, lab_lesson(lab), v, marks, guess_shown, sizeof guess_shown);
	if (!pen_room(p, 3))
		return;
	int w = p->w - UI_EDGE;
	ui_crt_putf(p->y++, p->x, w, ui_crt_attr(CRT_DIM), "B/s, log scale%s",
	         v->live ? (ui_crt.utf8 ? "   bar: now  \u2503 avg" : "   bar: now  | avg") : "");
	/* the legend may wrap: keep it inside the panel */
	int rows = ui_gauge_draw(p->y, p->x, w, p->roomy ? 3 : 1, have ? now : 0, v->live ? avg : 0,
	                         marks, pen_room(p, 6) ? n : 0);
	p->y += rows;
}

/* --- what the kernel saw, beside what the program called ----------------------- */

/* "read 1,180,619": a kind and its count ("unavailable" for -1). */
static void named_count(const char *name, int64_t n, char *buf, size_t len)
{
	char c[32];
	count_or_na(n, c, sizeof c);
	snprintf(buf, len, "%s %s", name, c);
}

/* The program's own calls by kind, every kind it made ("fread 688,126
 * fseek 688,126"), worded as every view words them (run_words_calls). */
static void draw_calls(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	struct run_calls c;
	run_words_calls(v, spec, &c);
	if (c.none)
		kv_words(p, "calls", c.none);
	else if (c.n)
		kv_parts(p, "calls", c.part, c.n, 3);
}

static void draw_syscalls(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	int64_t syscr = v->live ? v->sample->syscr : v->result->syscr;
	int64_t syscw = v->live ? v->sample->syscw : v->result->syscw;
	uint64_t bytes = v->live ? v->sample->bytes : v->result->bytes;
	char r[48], w[48];
	named_count("read", syscr, r, sizeof r);
	named_count("write", syscw, w, sizeof w);
	/* the op's own kind first; the other may go when it is zero, never
	 * when it counts something (dd writes every byte it reads) */
	int writes = figures_writes(spec);
	int64_t other = writes ? syscr : syscw;
	const struct fit_part counts[] = {
		{writes ? w : r, NULL, 0, 0}, {writes ? r : w, NULL, other == 0 ? 1 : 0, 0},
	};
	kv_parts(p, "syscalls", counts, COUNT(counts), 2);
	if (!v->live && v->result->syscall_source == SYSCALL_SOURCE_PERF) {
		char text[SYS_TOTAL][48];
		struct fit_part parts[SYS_TOTAL];
		size_t n = 0;
		for (int k = 0; k < SYS_TOTAL; k++) {
			if (v->result->sys[k] <= 0)
				continue;
			named_count(measure_sys_kind_name((enum sys_kind)k), v->result->sys[k], text[n],
			            sizeof text[n]);
			parts[n] = (struct fit_part){text[n], NULL, 0, 0};
			n++;
		}
		if (n)
			kv_parts(p, "  by kind", parts, n, 3);
	}
	double per_call = figures_bytes_per_syscall(spec, bytes, syscr, syscw);
	if (isfinite(per_call)) {
		char per[32];
		units_format_bytes_per(per_call, per, sizeof per);
		kv(p, "B/syscall", "%s", per);
	} else if (figures_own_syscalls(spec, syscr, syscw) < 0)
		kv(p, "B/syscall", "unavailable");
}

/* --- progress, CPU, storage, page cache -------------------------------------- */

static void draw_bar_line(struct pen *p, const char *label, double frac, const char *tail)
{
	if (!pen_room(p, 1))
		return;
	int tw = textwrap_width(tail);
	int bw = p->w - UI_EDGE - p->label_w - tw - 1;
	ui_crt_put(p->y, p->x, p->label_w, ui_crt_attr(CRT_LABEL), label);
	int fill = bw > 0 ? (int)(frac * bw + 0.5) : 0;
	for (int i = 0; i < bw; i++)
		ui_crt_put(p->y, p->x + p->label_w + i, 1,
		        i < fill ? ui_crt_attr(CRT_GAUGE_FILL) : ui_crt_attr(CRT_GAUGE_EMPTY),
		        ui_crt_glyph(i < fill ? GLYPH_BAR_FULL : GLYPH_BAR_EMPTY));
	ui_crt_put(p->y, p->x + p->label_w + (bw > 0 ? bw : 0) + 1, tw, ui_crt_attr(CRT_VALUE), tail);
	p->y++;
}

static void draw_progress(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	char done[32], size[32], el[32], tail[16], a[64], b[96];
	int ascii = !ui_crt.utf8;
	if (v->live) {
		const struct trial_sample *s = v->sample;
		/* reads repeat passes over the file; a write is one pass, even when
		 * a command writes past the lesson's size (--size does not change
		 * its arguments) */
		int passes = spec->op != WL_OP_WRITE;
		uint64_t in_pass = spec->size ? (passes ? s->bytes % spec->size : s->bytes) : 0;
		if (s->bytes && (!in_pass || in_pass > spec->size))
			in_pass = spec->size;
		units_format_bytes((double)s->bytes, done, sizeof done);
		units_format_size(spec->size, size, sizeof size);
		unsigned pass = spec->size && passes
		                ? (unsigned)((s->bytes ? s->bytes - 1 : 0) / spec->size) + 1 : 1;
		double frac = spec->size ? (double)in_pass / (double)spec->size : 0;
		if (v->watch > WATCH_ONE_PASS) {     /* passes over several trials */
			pass = v->passes + 1;
			/* done is the run's, not the pass's: a pass just begun beside
			 * "pass 106" read "done 0%" */
			frac = v->watched / v->watch;
			frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
		}
		snprintf(tail, sizeof tail, "%3.0f%%", frac * 100);
		/* a scenario's program decides what it writes: no size to cover */
		int scenario = spec->scenario != WL_SCENARIO_NONE;
		if (!scenario)
			draw_bar_line(p, "done", frac, tail);
		if (scenario) {
			char n[32];
			units_format_count(pass, n, sizeof n);
			snprintf(a, sizeof a, "%s written,", done);
			snprintf(b, sizeof b, "run %s of the program", n);
		} else if (pass > 1) {
			snprintf(a, sizeof a, "%s moved,", done);
			char n[32];
			units_format_count(pass, n, sizeof n);
			snprintf(b, sizeof b, "pass %s over %s", n, size);
		} else {
			snprintf(a, sizeof a, "%s", done);
			snprintf(b, sizeof b, "of %s", size);
		}
		const struct fit_part moved[] = {{a, NULL, 0, 0}, {b, NULL, 0, 1}};
		kv_parts(p, "", moved, COUNT(moved), 2);
		if (v->watch > WATCH_ONE_PASS) {
			char watch[32];
			watch_name(v->watch, watch, sizeof watch);
			double left = v->watch - v->watched;
			snprintf(a, sizeof a, "%.1f s of %s,", v->watched, watch);
			snprintf(b, sizeof b, "%.1f s left", left > 0 ? left : 0);
			const struct fit_part time[] = {{a, NULL, 0, 0}, {b, NULL, 0, 1}};
			kv_parts(p, "time", time, COUNT(time), 2);
			return;
		}
		/* what is left: the rest of the file, bounded by the time limit */
		double remaining = spec->time_limit - s->elapsed;
		if (s->rate_avg > 0 && spec->size > in_pass) {
			double t = (double)(spec->size - in_pass) / s->rate_avg;
			if (t < remaining)
				remaining = t;
		}
		if (remaining < 0)
			remaining = 0;
		snprintf(a, sizeof a, "%.1f s,", s->elapsed);
		snprintf(b, sizeof b, "~%.*f s left", remaining < 10 ? 1 : 0, remaining);
		const struct fit_part time[] = {{a, NULL, 0, 0}, {b, NULL, 0, 1}};
		kv_parts(p, "time", time, COUNT(time), 2);
		return;
	}
	const struct trial_result *r = v->result;
	units_format_bytes((double)r->bytes, done, sizeof done);
	units_format_seconds(r->seconds, ascii, el, sizeof el);
	char in[48], passes[32];
	snprintf(in, sizeof in, "in %s", el);
	snprintf(passes, sizeof passes, "(%u passes)", r->passes);
	const struct fit_part moved[] = {{done, NULL, 0, 0}, {in, NULL, 0, 1},
	                                 {r->passes > 1 ? passes : NULL, NULL, 1, 1}};
	kv_parts(p, "moved", moved, COUNT(moved), 2);
}

/* A figure of ui_run.c in the value column, its label beside its first
 * row, in at most max_rows rows: nothing at all when it does not fit. */
static void draw_labelled(struct pen *p, const char *label, int max_rows,
                          int (*draw)(int, int, int, int, const struct run_view *),
                          const struct run_view *v)
{
	int room = p->bottom - p->y;
	if (room < 1)
		return;
	int rows = draw(p->y, p->x + p->label_w, p->w - p->label_w - UI_EDGE,
	                max_rows < room ? max_rows : room, v);
	if (rows) {
		ui_crt_put(p->y, p->x, p->label_w, ui_crt_attr(CRT_LABEL), label);
		p->y += rows;
	}
}

/* What explains the rate: where the time went (the bar, user and system
 * apart: the cpu figure), the three layers of batching down to the
 * device, and the price of one call. */
static void draw_explain(struct pen *p, const struct run_view *v)
{
	draw_labelled(p, "time", 3, ui_run_time_draw, v);
	draw_labelled(p, "layers", 3, ui_run_layers_draw, v);
}

static void draw_costs(struct pen *p, const struct run_view *v)
{
	char a[48], b[48], x[32], y[32];
	if (!v->live && p->roomy) {
		const struct trial_result *r = v->result;
		int ascii = !ui_crt.utf8;
		units_format_seconds(r->utime, ascii, x, sizeof x);
		units_format_seconds(r->stime, ascii, y, sizeof y);
		snprintf(a, sizeof a, "user %s", x);
		snprintf(b, sizeof b, "sys %s", y);
		const struct fit_part cpu[] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
		kv_parts(p, "cpu", cpu, COUNT(cpu), 2);
		units_format_count(r->minflt > 0 ? (uint64_t)r->minflt : 0, x, sizeof x);
		units_format_count(r->majflt > 0 ? (uint64_t)r->majflt : 0, y, sizeof y);
		snprintf(a, sizeof a, "%s minor", x);
		snprintf(b, sizeof b, "%s major", y);
		const struct fit_part faults[] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
		kv_parts(p, "faults", faults, COUNT(faults), 2);
	}
	int64_t rb = v->live ? v->sample->read_bytes : v->result->read_bytes;
	int64_t wb = v->live ? v->sample->write_bytes : v->result->write_bytes;
	if (rb < 0 && wb < 0)
		kv(p, "storage", "unavailable");
	else {
		units_format_bytes(rb < 0 ? 0 : (double)rb, x, sizeof x);
		units_format_bytes(wb < 0 ? 0 : (double)wb, y, sizeof y);
		snprintf(a, sizeof a, "read %s", rb < 0 ? "?" : x);
		snprintf(b, sizeof b, "written %s", wb < 0 ? "?" : y);
		const struct fit_part storage[] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
		kv_parts(p, "storage", storage, COUNT(storage), 2);
	}
	if (!v->live) {
		const struct trial_result *r = v->result;
		if (r->resident_before < 0 || r->resident_after < 0)
			kv_words(p, "page cache", "residency unavailable");
		else {
			snprintf(a, sizeof a, "%.0f%% %s %.0f%%", r->resident_before * 100,
			         ui_crt_glyph(GLYPH_ARROW), r->resident_after * 100);
			const struct fit_part cache[] = {{a, NULL, 0, 0}, {"resident", NULL, 1, 1}};
			kv_parts(p, "page cache", cache, COUNT(cache), 1);
		}
	}
}

/* The notebook's latest run as the lesson says, from an earlier session. */
static void draw_saved(struct pen *p, const struct saved_result *e, const struct wl_spec *spec)
{
	char a[48], b[48], c[32];
	if (!e->ok) {
		para(p, CRT_ERROR, e->error[0] ? e->error : "it failed");
		return;
	}
	if (e->error[0])                        /* the error the lesson expects */
		para(p, CRT_LABEL, e->error);
	if (e->bytes >= 0 && isfinite(e->seconds)) {
		units_format_bytes((double)e->bytes, a, sizeof a);
		units_format_seconds(e->seconds, !ui_crt.utf8, c, sizeof c);
		snprintf(b, sizeof b, "in %s", c);
		const struct fit_part moved[] = {{a, NULL, 0, 0}, {b, NULL, 0, 1}};
		kv_parts(p, "moved", moved, COUNT(moved), 2);
	}
	named_count("write", e->syscw, a, sizeof a);
	named_count("read", e->syscr, b, sizeof b);
	const struct fit_part sys[] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
	kv_parts(p, "syscalls", sys, COUNT(sys), 2);
	const struct wl_kind *k = wl_kind_of(spec);
	if (!k || k->command)
		kv_words(p, "calls", "not counted for an outside program");
	else if (e->calls >= 0) {
		units_format_count((uint64_t)e->calls, a, sizeof a);
		const struct fit_part calls[] = {{a, NULL, 0, 0}, {"(all kinds)", NULL, 1, 1}};
		kv_parts(p, "calls", calls, COUNT(calls), 1);
	}
}

/* What a command (an own program, dd) wrote on stderr, its last lines,
 * whether it succeeded or not; control characters shown as '?'. */
static void draw_stderr(struct pen *p, const struct run_view *v)
{
	const char *tail = v->result ? v->result->stderr_tail : "";
	if (!*tail || !pen_room(p, 2))
		return;
	pen_gap(p);
	ui_crt_put(p->y++, p->x, p->w - UI_EDGE, ui_crt_attr(CRT_SECTION), "stderr, its last lines");
	char line[TRIAL_STDERR_MAX];
	for (const char *s = tail; *s && pen_room(p, 1);) {
		size_t n = strcspn(s, "\n"), k;
		for (k = 0; k < n && k + 1 < sizeof line; k++)
			line[k] = (unsigned char)s[k] < 0x20 || s[k] == 0x7f ? '?' : s[k];
		line[k] = '\0';
		para(p, CRT_DIM, line);
		s += n + (s[n] == '\n');
	}
}

/* --- compared lessons ------------------------------------------------------- */

static void draw_compare(struct pen *p, const struct lab *lab, const struct lesson *l)
{
	if (l->ncompare == 0 || !pen_room(p, 2))
		return;
	pen_gap(p);
	ui_crt_put(p->y++, p->x, p->w, ui_crt_attr(CRT_SECTION), "Compare with");
	for (size_t i = 0; i < l->ncompare && pen_room(p, 1); i++) {
		double rate;
		char r[32], lg[32], label[2] = {compare_key(i), 0};
		ui_crt_put(p->y, p->x, 2, ui_crt_attr(CRT_COMPARE) | A_BOLD, label);
		struct fit_part parts[3] = {{l->compare[i], NULL, 0, 0}};
		size_t n = 1;
		int ran = compare_rate(lab, l->compare[i], &rate);
		if (ran) {
			units_format_rate(rate, r, sizeof r);
			snprintf(lg, sizeof lg, "log %.2f", units_log_rate(rate));
			parts[n++] = (struct fit_part){r, NULL, 0, 0};
			parts[n++] = (struct fit_part){lg, NULL, 1, 0};
		} else
			parts[n++] = (struct fit_part){"not run yet", NULL, 0, 0};
		struct ui_parts sp;
		struct fit_rows fr;
		ui_screen_parts(parts, n, &sp);
		int rows = p->bottom - p->y < 2 ? p->bottom - p->y : 2;
		fitline_fit(sp.v, sp.n, p->w - 2 - UI_EDGE, rows, &fr);
		for (size_t k = 0; k < fr.n; k++)
			ui_crt_put(p->y + (int)k, p->x + 2, p->w - 2,
			        ui_crt_attr(ran ? CRT_VALUE : CRT_DIM), fr.row[k]);
		p->y += fr.n ? (int)fr.n : 1;
	}
}

/* This lesson's runs that are not its result, newest first, each named by
 * what changed: "w03-byte · 4 B blocks". */
#define VARIANT_PHRASES 12
static void draw_variants(struct pen *p, const struct lab *lab, size_t i)
{
	const struct lesson_state *ls = &lab->ls[i];
	if (ls->nvariants == 0 || !pen_room(p, 2))
		return;
	pen_gap(p);
	ui_crt_putf(p->y++, p->x, p->w - UI_EDGE, ui_crt_attr(CRT_SECTION), "Not as the lesson says (%s: "
	         "all runs)", keys_row(ACT_HISTORY)->label);
	for (size_t k = 0; k < ls->nvariants && pen_room(p, 1); k++) {
		const struct variant *var = &ls->variants[k];
		char name[300], rate[32] = "";
		lab_variant_name(lab->course.lessons[i].id, var->label, STORE_KIND_CHANGED, !ui_crt.utf8,
		                 name, sizeof name);
		if (isfinite(var->rate))
			units_format_rate(var->rate, rate, sizeof rate);
		else
			snprintf(rate, sizeof rate, "%s", var->ok ? "-" : "failed");
		/* the name in phrases, so that a narrow panel wraps it rather
		 * than leave it off and show a bare rate */
		const char *phrase[VARIANT_PHRASES];
		struct fit_part parts[VARIANT_PHRASES + 1];
		size_t n = lab_variant_phrases(name, phrase, VARIANT_PHRASES);
		for (size_t j = 0; j < n; j++)
			parts[j] = (struct fit_part){phrase[j], NULL, 0, j > 0};
		parts[n++] = (struct fit_part){rate, NULL, 0, 0};
		struct ui_parts sp;
		struct fit_rows fr;
		ui_screen_parts(parts, n, &sp);
		int rows = p->bottom - p->y < 3 ? p->bottom - p->y : 3;
		fitline_fit(sp.v, sp.n, p->w - UI_EDGE, rows, &fr);
		for (size_t r = 0; r < fr.n; r++)
			ui_crt_put(p->y + (int)r, p->x, p->w, ui_crt_attr(CRT_LABEL), fr.row[r]);
		p->y += fr.n ? (int)fr.n : 1;
	}
}

void ui_panel_draw(const struct lab *lab, struct rect r)
{
	struct run_view v;
	lab_run_view_of(lab, lab->cur, &v);
	const struct lesson *l = lab_lesson(lab);
	if (l->sweep.ncaches > 0) {
		ui_sweep_draw(lab, &v, r);
		return;
	}
	struct pen p = {r.y, r.x + 1, r.w - 2, r.y + r.h, r.w >= 60 ? 13 : 11, r.h >= 34};
	const struct wl_spec *spec = v.spec ? v.spec : &lab->next;
	draw_state(&p, &v);
	int big = r.h >= 30 || (r.h >= 26 && !l->ncompare && !l->nrefs);
	draw_rates(&p, &v, big);
	pen_gap(&p);
	draw_gauge(&p, lab, &v);
	if ((v.live || v.result) && pen_room(&p, 1)) {
		/* the trend's label in the label column, like every row's */
		int w = ui_gauge_draw_sparkline(p.y, p.x + p.label_w, p.w - p.label_w - UI_EDGE, v.hist);
		if (w) {
			ui_crt_put(p.y, p.x, p.label_w, ui_crt_attr(CRT_LABEL), "trend");
			p.y++;
		}
	}
	pen_gap(&p);
	/* an error before any I/O has no numbers worth a row */
	if (v.live || (v.result && ((v.result->ok && !v.result->err) || v.result->bytes))) {
		draw_syscalls(&p, &v, spec);
		pen_gap(&p);
		draw_explain(&p, &v);
		/* every kind of call the program made, where there is room (the
		 * layers name its own) */
		draw_calls(&p, &v, spec);
		draw_progress(&p, &v, spec);
		draw_costs(&p, &v);
		draw_labelled(&p, "per call", 1, ui_run_price_draw, &v);
		/* after the counts it explains, where the panel has the rows */
		draw_model(&p, &v);
		draw_stderr(&p, &v);
	} else if (v.saved)
		draw_saved(&p, v.saved, spec);
	draw_compare(&p, lab, l);
	draw_variants(&p, lab, lab->cur);
}
