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
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
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

/* label in the label column, the value in bold after it */
static void kv(struct pen *p, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void kv(struct pen *p, const char *label, const char *fmt, ...)
{
	if (!pen_room(p, 1))
		return;
	char value[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(value, sizeof value, fmt, ap);
	va_end(ap);
	crt_put(p->y, p->x, p->label_w, crt_attr(CRT_LABEL), label);
	crt_put(p->y, p->x + p->label_w, p->w - p->label_w, crt_attr(CRT_VALUE), value);
	p->y++;
}

/* Text wrapped over as many rows as it needs (and the panel has). */
static void para(struct pen *p, int role, const char *text)
{
	struct tw_lines l = {0};
	char ascii[1024];
	textwrap_wrap(crt_text(text, ascii, sizeof ascii), p->w, &l);
	for (size_t i = 0; i < l.n && pen_room(p, 1); i++)
		crt_put(p->y++, p->x, p->w, crt_attr((enum crt_role)role), l.v[i].text);
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

static void draw_result_state(struct pen *p, const struct run_view *v)
{
	const struct trial_result *r = v->result;
	char secs[32], buf[512];
	units_format_seconds(r->seconds, secs, sizeof secs);
	if (r->err && r->expected) {
		const char *name = wl_errno_name(r->err);
		snprintf(buf, sizeof buf, "%s got %s, as this lesson expects", crt_glyph(GLYPH_DONE),
		         name ? name : "the error");
		para(p, CRT_OK, buf);
		if (r->error[0])
			para(p, CRT_LABEL, r->error);
		return;
	}
	if (!r->ok || r->err) {
		const char *name = r->err ? wl_errno_name(r->err) : NULL;
		snprintf(buf, sizeof buf, "%s FAILED%s%s: %s", crt_glyph(GLYPH_FAILED),
		         name ? " with " : "", name ? name : "",
		         r->error[0] ? r->error : "the workload did not complete");
		para(p, CRT_ERROR, buf);
		const char *hint = error_hint(r->err);
		if (hint)
			para(p, CRT_LABEL, hint);
		return;
	}
	if (v->watch > WATCH_ONE_PASS && !(r->stopped && !r->time_limited))
		snprintf(buf, sizeof buf, "%s DONE: watched %.1f s, %u whole pass%s in %u trial%s%s",
		         crt_glyph(GLYPH_DONE), v->watched, r->passes, r->passes == 1 ? "" : "es",
		         v->trials, v->trials == 1 ? "" : "s",
		         r->time_limited ? "; the last pass cut short" : "");
	else if (r->time_limited)
		snprintf(buf, sizeof buf, "%s time limit reached after %s; the rate is over what was done",
		         crt_glyph(GLYPH_DONE), secs);
	else if (r->stopped)
		snprintf(buf, sizeof buf, "%s STOPPED after %s; the rate is over what was done",
		         crt_glyph(GLYPH_DONE), secs);
	else
		snprintf(buf, sizeof buf, "%s DONE in %s", crt_glyph(GLYPH_DONE), secs);
	para(p, CRT_OK, buf);
}

/* A run that is not the lesson's result says what it was: the notebook
 * files it apart, and the marks and "Compare with" do not use it. */
static void draw_variant_state(struct pen *p, const struct run_view *v)
{
	char name[300], buf[400];
	if (v->kind == STORE_KIND_LESSON)
		return;
	lab_variant_name(NULL, v->label, v->kind, !crt.utf8, name, sizeof name);
	snprintf(buf, sizeof buf, "not the lesson's result: %s", name);
	para(p, CRT_MESSAGE, buf);
}

static void draw_state(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	char buf[512];
	if (v->live && v->watch > WATCH_ONE_PASS) {
		char watch[32];
		watch_name(v->watch, watch, sizeof watch);
		snprintf(buf, sizeof buf, "%s %s  %.1f s of %s, pass %u", crt_glyph(GLYPH_RUNNING),
		         v->stopping ? "STOPPING" : "RUNNING", v->watched, watch, v->passes + 1);
		para(p, CRT_RUNNING, buf);
	} else if (v->live) {
		snprintf(buf, sizeof buf, "%s %s  %.1f s of at most %g s", crt_glyph(GLYPH_RUNNING),
		         v->stopping ? "STOPPING" : "RUNNING", v->sample->elapsed,
		         spec ? spec->time_limit : 0);
		para(p, CRT_RUNNING, buf);
	} else if (v->start_error) {
		snprintf(buf, sizeof buf, "%s could not start: %s", crt_glyph(GLYPH_FAILED), v->start_error);
		para(p, CRT_ERROR, buf);
	} else if (v->result) {
		draw_result_state(p, v);
		draw_variant_state(p, v);
	} else if (v->saved) {
		snprintf(buf, sizeof buf, "Last run as the lesson says%s%s (from the notebook); r runs "
		         "it again.", v->saved->when[0] ? ", " : "", v->saved->when);
		para(p, CRT_LABEL, buf);
	} else
		para(p, CRT_LABEL, "Not run yet: r (or Enter) runs it.");
}

/* --- the rate ----------------------------------------------------------------- */

struct shown {
	double rate;              /* the big number: now while live, else the result */
	double avg;               /* the average (live) or the result */
	int have;
};

static struct shown shown_rates(const struct run_view *v)
{
	struct shown s = {0, 0, 0};
	if (v->live) {
		s.rate = v->rate_now;
		s.avg = v->sample->rate_avg;
		s.have = v->sample->elapsed > 0;
	} else if (v->result && v->result->ok && !v->result->err) {
		s.rate = s.avg = v->result->rate;
		s.have = 1;
	} else if (!v->result && v->saved && v->saved->ok && isfinite(v->saved->rate)
	           && v->saved->rate > 0) {
		s.rate = s.avg = v->saved->rate;
		s.have = 1;
	}
	return s;
}

/* Big digits for the rate and, when there is room, the log rate. */
static void draw_big(struct pen *p, const struct shown *s)
{
	char rate[32], num[32], unit[16], logs[32];
	units_format_rate(s->rate, rate, sizeof rate);
	if (sscanf(rate, "%31s %15s", num, unit) != 2)
		return;
	snprintf(logs, sizeof logs, "%.2f", units_log_rate(s->rate));
	int rw = gauge_bignum_width(num) + 1 + (int)strlen(unit);
	int lw = gauge_bignum_width(logs) + 1 + 8;
	if (!pen_room(p, GAUGE_BIG_ROWS))
		return;
	if (!ui_gauge_draw_big(p->y, p->x, p->w, num, unit, CRT_BIG))
		return;
	if (rw + 4 + lw <= p->w)
		ui_gauge_draw_big(p->y, p->x + p->w - lw, lw, logs, "log rate", CRT_BIG);
	p->y += GAUGE_BIG_ROWS;
}

/* The guess beside the result: the rate guessed, its log rate, and once
 * the run has ended how far it missed, in log-rate units. */
static void draw_guess(struct pen *p, const struct run_view *v)
{
	char g[32];
	if (isnan(v->guess_rate))
		return;
	units_format_rate(v->guess_rate, g, sizeof g);
	kv(p, "guess", "%s  ln %.2f%s", g, log(v->guess_rate), v->live ? "  (G on the gauge)" : "");
	if (isfinite(v->miss))
		kv(p, "miss", "%.2f in log rate", v->miss);
}

static void draw_rates(struct pen *p, const struct run_view *v, int big)
{
	struct shown s = shown_rates(v);
	if (!s.have) {
		draw_guess(p, v);
		return;
	}
	char a[32], b[32];
	if (big)
		draw_big(p, &s);
	units_format_rate(s.rate, a, sizeof a);
	units_format_rate(s.avg, b, sizeof b);
	if (v->live) {
		kv(p, "now", "%s   avg %s", a, b);
		kv(p, "log rate", "%.2f now   %.2f avg", units_log_rate(s.rate), units_log_rate(s.avg));
	} else {
		kv(p, "rate", "%s", a);
		kv(p, "log rate", "%.2f  (ln of %.0f B/s)", units_log_rate(s.rate), s.rate);
	}
	draw_guess(p, v);
}

/* --- the gauge and its marks -------------------------------------------------- */

static int compare_rate(const struct lab *lab, const char *id, double *rate)
{
	long i = course_find(&lab->course, id);
	if (i < 0)
		return 0;
	/* the latest run as that lesson says, never a variant of it */
	const struct lesson_state *ls = &lab->ls[i];
	if (!ls->have_normal || !ls->normal.ok || !isfinite(ls->normal.rate) || !(ls->normal.rate > 0))
		return 0;
	*rate = ls->normal.rate;
	return 1;
}

static const char *ref_label(const struct lab *lab, const char *key)
{
	const struct ref_source *src = lab->have_refs ? ref_data_find(&lab->refs, key) : NULL;
	return src && src->label ? src->label : key;
}

#define MAX_MARKS 12

/* The compared lessons' keys on the gauge and in their list: 1 .. 9, a .. */
static char compare_key(size_t i)
{
	return i < 9 ? (char)('1' + i) : (char)('a' + (i - 9) % 26);
}

static size_t collect_marks(const struct lab *lab, const struct lesson *l,
                            const struct run_view *v, struct ui_gauge_mark *m)
{
	size_t n = 0;
	/* the guess: of the run shown, or for the next run */
	double guess = !isnan(v->guess_rate) ? v->guess_rate : lab->guess_rate;
	if (!isnan(guess))
		m[n++] = (struct ui_gauge_mark){guess, 'G', CRT_MESSAGE, "your guess"};
	for (size_t i = 0; i < l->nrefs && n < MAX_MARKS; i++)
		m[n++] = (struct ui_gauge_mark){l->refs[i].rate, (char)('A' + i % 26), CRT_REF,
		                             ref_label(lab, l->refs[i].source)};
	for (size_t i = 0; i < l->ncompare && n < MAX_MARKS; i++) {
		double rate;
		if (compare_rate(lab, l->compare[i], &rate))
			m[n++] = (struct ui_gauge_mark){rate, compare_key(i), CRT_COMPARE, l->compare[i]};
	}
	return n;
}

static void draw_gauge(struct pen *p, const struct lab *lab, const struct run_view *v)
{
	struct shown s = shown_rates(v);
	struct ui_gauge_mark marks[MAX_MARKS];
	size_t n = collect_marks(lab, lab_lesson(lab), v, marks);
	if (!pen_room(p, 3))
		return;
	crt_putf(p->y++, p->x, p->w, crt_attr(CRT_DIM), "B/s, log scale%s",
	         v->live ? (crt.utf8 ? "   bar: now  \u2503 avg" : "   bar: now  | avg") : "");
	/* the legend may wrap: keep it inside the panel */
	int rows = ui_gauge_draw(p->y, p->x, p->w, p->roomy ? 3 : 1, s.have ? s.rate : 0, v->live ? s.avg : 0, marks,
	                         pen_room(p, 6) ? n : 0);
	p->y += rows;
}

/* --- what the kernel saw, beside what the program called ----------------------- */

static const char *primary_call(const struct wl_spec *s)
{
	return wl_kind_calls_shown(wl_kind_of(s));
}

static void draw_syscalls(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	int64_t syscr = v->live ? v->sample->syscr : v->result->syscr;
	int64_t syscw = v->live ? v->sample->syscw : v->result->syscw;
	uint64_t bytes = v->live ? v->sample->bytes : v->result->bytes;
	char r[32], w[32];
	count_or_na(syscr, r, sizeof r);
	count_or_na(syscw, w, sizeof w);
	if (spec->op == WL_OP_WRITE)
		kv(p, "syscalls", "write %s  read %s", w, r);
	else
		kv(p, "syscalls", "read %s  write %s", r, w);
	if (!v->live && v->result->syscall_source == SYSCALL_SOURCE_PERF) {
		char line[256] = "";
		size_t o = 0;
		for (int k = 0; k < SYS_TOTAL && o < sizeof line; k++) {
			if (v->result->sys[k] <= 0)
				continue;
			char c[32];
			units_format_count((uint64_t)v->result->sys[k], c, sizeof c);
			o += (size_t)snprintf(line + o, sizeof line - o, "%s %s  ", sys_kind_name((enum sys_kind)k), c);
		}
		if (*line)
			kv(p, "  by kind", "%s", line);
	}
	/* the calls the program made */
	char calls[256] = "";
	if (v->live) {
		units_format_count(v->sample->calls, w, sizeof w);
		snprintf(calls, sizeof calls, "%s %s", primary_call(spec), w);
	} else {
		size_t o = 0;
		for (int k = 0; k < CALL_KINDS && o < sizeof calls; k++) {
			if (!v->result->calls[k])
				continue;
			units_format_count(v->result->calls[k], w, sizeof w);
			o += (size_t)snprintf(calls + o, sizeof calls - o, "%s %s  ",
			                      call_kind_name((enum call_kind)k), w);
		}
		if (!*calls)
			snprintf(calls, sizeof calls, "none");
	}
	kv(p, "calls", "%s", calls);
	int64_t sys = spec->op == WL_OP_WRITE ? syscw : syscr;
	if (sys > 0)
		kv(p, "B/syscall", "%.1f bytes", (double)bytes / (double)sys);
	else if (sys < 0)
		kv(p, "B/syscall", "unavailable");
}

/* --- progress, CPU, storage, page cache -------------------------------------- */

static void draw_bar_line(struct pen *p, const char *label, double frac, const char *tail)
{
	if (!pen_room(p, 1))
		return;
	int tw = tw_width(tail);
	int bw = p->w - p->label_w - tw - 1;
	crt_put(p->y, p->x, p->label_w, crt_attr(CRT_LABEL), label);
	int fill = bw > 0 ? (int)(frac * bw + 0.5) : 0;
	for (int i = 0; i < bw; i++)
		crt_put(p->y, p->x + p->label_w + i, 1,
		        i < fill ? crt_attr(CRT_GAUGE_FILL) : crt_attr(CRT_GAUGE_EMPTY),
		        crt_glyph(i < fill ? GLYPH_BAR_FULL : GLYPH_BAR_EMPTY));
	crt_put(p->y, p->x + p->label_w + (bw > 0 ? bw : 0) + 1, tw, crt_attr(CRT_VALUE), tail);
	p->y++;
}

static void draw_progress(struct pen *p, const struct run_view *v, const struct wl_spec *spec)
{
	char done[32], size[32], el[32], tail[96];
	if (v->live) {
		const struct trial_sample *s = v->sample;
		uint64_t in_pass = spec->size ? s->bytes % spec->size : 0;
		if (s->bytes && !in_pass)
			in_pass = spec->size;
		units_format_bytes((double)s->bytes, done, sizeof done);
		units_format_bytes((double)spec->size, size, sizeof size);
		unsigned pass = spec->size ? (unsigned)((s->bytes ? s->bytes - 1 : 0) / spec->size) + 1 : 1;
		if (v->watch > WATCH_ONE_PASS) {     /* passes over several trials */
			in_pass = v->pass_bytes;
			pass = v->passes + 1;
		}
		double frac = spec->size ? (double)in_pass / (double)spec->size : 0;
		snprintf(tail, sizeof tail, "%3.0f%%", frac * 100);
		draw_bar_line(p, "done", frac, tail);
		if (pass > 1)
			kv(p, "", "%s, pass %u over %s", done, pass, size);
		else
			kv(p, "", "%s of %s", done, size);
		if (v->watch > WATCH_ONE_PASS) {
			char watch[32];
			watch_name(v->watch, watch, sizeof watch);
			double left = v->watch - v->watched;
			kv(p, "time", "%.1f s of %s, %.1f s left", v->watched, watch, left > 0 ? left : 0);
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
		kv(p, "time", "%.1f s, ~%.*f s left", s->elapsed, remaining < 10 ? 1 : 0, remaining);
		return;
	}
	const struct trial_result *r = v->result;
	units_format_bytes((double)r->bytes, done, sizeof done);
	units_format_seconds(r->seconds, el, sizeof el);
	if (r->passes > 1)
		kv(p, "moved", "%s in %s (%u passes)", done, el, r->passes);
	else
		kv(p, "moved", "%s in %s", done, el);
}

static void draw_costs(struct pen *p, const struct run_view *v)
{
	char a[32], b[32];
	if (v->live) {
		kv(p, "cpu", "user, sys: when it ends");
	} else {
		const struct trial_result *r = v->result;
		units_format_seconds(r->utime, a, sizeof a);
		units_format_seconds(r->stime, b, sizeof b);
		kv(p, "cpu", "user %s  sys %s", a, b);
		kv(p, "faults", "%ld minor  %ld major", r->minflt, r->majflt);
	}
	int64_t rb = v->live ? v->sample->read_bytes : v->result->read_bytes;
	int64_t wb = v->live ? v->sample->write_bytes : v->result->write_bytes;
	if (rb < 0 && wb < 0)
		kv(p, "storage", "unavailable");
	else {
		units_format_bytes(rb < 0 ? 0 : (double)rb, a, sizeof a);
		units_format_bytes(wb < 0 ? 0 : (double)wb, b, sizeof b);
		kv(p, "storage", "read %s  written %s", rb < 0 ? "?" : a, wb < 0 ? "?" : b);
	}
	if (!v->live) {
		const struct trial_result *r = v->result;
		if (r->resident_before < 0 || r->resident_after < 0)
			kv(p, "page cache", "residency unavailable");
		else
			kv(p, "page cache", "%.0f%% %s %.0f%% resident", r->resident_before * 100,
			   crt_glyph(GLYPH_ARROW), r->resident_after * 100);
	}
}

/* The notebook's latest run as the lesson says, from an earlier session. */
static void draw_saved(struct pen *p, const struct saved_result *e)
{
	char a[32], b[32];
	if (!e->ok) {
		para(p, CRT_ERROR, e->error[0] ? e->error : "it failed");
		return;
	}
	if (e->error[0])                        /* the error the lesson expects */
		para(p, CRT_LABEL, e->error);
	if (e->bytes >= 0 && isfinite(e->seconds)) {
		units_format_bytes((double)e->bytes, a, sizeof a);
		units_format_seconds(e->seconds, b, sizeof b);
		kv(p, "moved", "%s in %s", a, b);
	}
	count_or_na(e->syscw, a, sizeof a);
	count_or_na(e->syscr, b, sizeof b);
	kv(p, "syscalls", "write %s  read %s", a, b);
	if (e->calls >= 0) {
		units_format_count((uint64_t)e->calls, a, sizeof a);
		kv(p, "calls", "%s", a);
	}
}

/* --- compared lessons ------------------------------------------------------- */

static void draw_compare(struct pen *p, const struct lab *lab, const struct lesson *l)
{
	if (l->ncompare == 0 || !pen_room(p, 2))
		return;
	pen_gap(p);
	crt_put(p->y++, p->x, p->w, crt_attr(CRT_SECTION), "Compare with");
	for (size_t i = 0; i < l->ncompare && pen_room(p, 1); i++) {
		double rate;
		char r[32], label[2] = {compare_key(i), 0};
		crt_put(p->y, p->x, 2, crt_attr(CRT_COMPARE) | A_BOLD, label);
		int idw = crt_putf(p->y, p->x + 2, p->w - 2, crt_attr(CRT_LABEL), "%s ", l->compare[i]);
		if (compare_rate(lab, l->compare[i], &rate)) {
			units_format_rate(rate, r, sizeof r);
			crt_putf(p->y, p->x + 2 + idw, p->w - 2 - idw, crt_attr(CRT_VALUE), " %s  log %.2f",
			         r, units_log_rate(rate));
		} else
			crt_put(p->y, p->x + 2 + idw, p->w - 2 - idw, crt_attr(CRT_DIM), " not run yet");
		p->y++;
	}
}

/* This lesson's runs that are not its result, newest first, each named by
 * what changed: "w03-byte · 4 B blocks". */
static void draw_variants(struct pen *p, const struct lab *lab, size_t i)
{
	const struct lesson_state *ls = &lab->ls[i];
	if (ls->nvariants == 0 || !pen_room(p, 2))
		return;
	pen_gap(p);
	crt_putf(p->y++, p->x, p->w, crt_attr(CRT_SECTION), "Not as the lesson says (%s: all runs)",
	         keys_row(ACT_HISTORY)->label);
	for (size_t k = 0; k < ls->nvariants && pen_room(p, 1); k++) {
		const struct variant *var = &ls->variants[k];
		char name[300], rate[32] = "";
		lab_variant_name(lab->course.lessons[i].id, var->label, STORE_KIND_CHANGED, !crt.utf8,
		                 name, sizeof name);
		if (isfinite(var->rate))
			units_format_rate(var->rate, rate, sizeof rate);
		else
			snprintf(rate, sizeof rate, "%s", var->ok ? "-" : "failed");
		int rw = (int)strlen(rate) + 1;
		crt_put_cut(p->y, p->x, p->w - rw - 1, crt_attr(CRT_LABEL), name);
		crt_put(p->y, p->x + p->w - rw, rw, crt_attr(CRT_VALUE), rate);
		p->y++;
	}
}

void ui_panel_draw(const struct lab *lab, struct rect r)
{
	struct run_view v;
	run_view_of(lab, lab->cur, &v);
	const struct lesson *l = lab_lesson(lab);
	if (l->sweep.ncaches > 0) {
		ui_sweep_draw(lab, &v, r);
		return;
	}
	struct pen p = {r.y, r.x + 1, r.w - 2, r.y + r.h, r.w >= 60 ? 13 : 11, r.h >= 34};
	const struct wl_spec *spec = v.spec ? v.spec : &lab->next;
	draw_state(&p, &v, spec);
	int big = r.h >= 30 || (r.h >= 26 && !l->ncompare && !l->nrefs);
	draw_rates(&p, &v, big);
	pen_gap(&p);
	draw_gauge(&p, lab, &v);
	if ((v.live || v.result) && pen_room(&p, 1) && ui_gauge_draw_sparkline(p.y, p.x, p.w, v.hist))
		p.y++;
	pen_gap(&p);
	/* an error before any I/O has no numbers worth a row */
	if (v.live || (v.result && ((v.result->ok && !v.result->err) || v.result->bytes))) {
		draw_syscalls(&p, &v, spec);
		pen_gap(&p);
		draw_progress(&p, &v, spec);
		draw_costs(&p, &v);
	} else if (v.saved)
		draw_saved(&p, v.saved);
	draw_compare(&p, lab, l);
	draw_variants(&p, lab, lab->cur);
}
