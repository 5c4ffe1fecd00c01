/* ui_race.c - a race on screen: across the top what the two runs share
 * (the machine, said plainly; one gauge with both bars, so the gap reads
 * as distance; the gap in log rate and the ratio), then each run's panel,
 * side by side or one above the other as layout_race() says.  And the
 * chooser of the lesson to race.  The decisions are lab_race.c's. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

char ui_race_letter(int side)
{
	return side ? 'B' : 'A';
}

int ui_view_rate(const struct run_view *v, double *now, double *avg)
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

void ui_race_gap_text(const struct run_view v[2], char *buf, size_t len)
{
	double a, b, avg, dlog, ratio;
	int ha = ui_view_rate(&v[0], &a, &avg), hb = ui_view_rate(&v[1], &b, &avg);
	if (!ha || !hb || race_gap(a, b, &dlog, &ratio) != 0) {
		snprintf(buf, len, "log rate A \u2212 B: when both have a rate");
		return;
	}
	int a_faster = ratio >= 1;
	double times = a_faster ? ratio : 1 / ratio;
	char t[32];
	if (times < 10)
		snprintf(t, sizeof t, "%.2f", times);
	else if (times < 100)
		snprintf(t, sizeof t, "%.1f", times);
	else
		units_format_count((uint64_t)(times + 0.5), t, sizeof t);
	snprintf(buf, len, "log rate A \u2212 B = %+.2f:  %c is %s\u00d7 as fast as %c", dlog,
	         a_faster ? 'A' : 'B', t, a_faster ? 'B' : 'A');
}

void ui_race_state_text(const struct run_view *v, char *buf, size_t len, int *role)
{
	char w[32];
	watch_name(v->watch, w, sizeof w);
	*role = CRT_RUNNING;
	if (v->live) {
		if (v->watch > WATCH_ONE_PASS)
			snprintf(buf, len, "%s %s  %.1f s of %s, pass %u", crt_glyph(GLYPH_RUNNING),
			         v->stopping ? "STOPPING" : "RUNNING", v->watched, w, v->passes + 1);
		else
			snprintf(buf, len, "%s %s  %.1f s, one pass", crt_glyph(GLYPH_RUNNING),
			         v->stopping ? "STOPPING" : "RUNNING", v->watched);
		return;
	}
	if (v->start_error && !v->result) {
		*role = CRT_ERROR;
		snprintf(buf, len, "%s could not start: %s", crt_glyph(GLYPH_FAILED), v->start_error);
		return;
	}
	const struct trial_result *r = v->result;
	const char *raced = v->raced ? " (raced: not the lesson's result)" : "";
	if (!r) {
		*role = CRT_LABEL;
		snprintf(buf, len, v->saved ? "Last run (saved from an earlier session); r runs it again."
		                            : "Not run yet: r (or Enter) runs it.");
		return;
	}
	if (!r->ok || (r->err && !r->expected)) {
		*role = CRT_ERROR;
		snprintf(buf, len, "%s FAILED: %s", crt_glyph(GLYPH_FAILED),
		         r->error[0] ? r->error : "the workload did not complete");
		return;
	}
	*role = CRT_OK;
	if (r->err)
		snprintf(buf, len, "%s got %s, as the lesson expects%s", crt_glyph(GLYPH_DONE),
		         wl_errno_name(r->err) ? wl_errno_name(r->err) : "the error", raced);
	else if (r->stopped && !r->time_limited)
		snprintf(buf, len, "%s STOPPED after %.1f s%s", crt_glyph(GLYPH_DONE), v->watched, raced);
	else
		snprintf(buf, len, "%s DONE: %.1f s, %u whole pass%s in %u trial%s%s%s",
		         crt_glyph(GLYPH_DONE), v->watched, r->passes, r->passes == 1 ? "" : "es",
		         v->trials, v->trials == 1 ? "" : "s",
		         r->time_limited ? ", the last pass cut short" : "", raced);
}

/* "22,020,117 fwrite calls"; a finished run by kind, "381,951 read + 381,951
 * lseek calls"; "2,560 memory copies".  Live, only the total is sampled:
 * named by the kind's call when each access is one call (no stride), else
 * just "calls" (a strided read seeks, then reads). */
static void calls_text(const struct run_view *v, char *out, size_t len)
{
	const struct wl_spec *spec = v->spec;
	const struct wl_kind *kind = spec ? wl_kind_of(spec) : NULL;
	char n[32];
	if (!kind || kind->command) {
		snprintf(out, len, "the command's own calls, not counted");
		return;
	}
	if (v->live) {
		const char *what = wl_kind_calls_shown(kind);
		enum call_kind k;
		int one_call = spec->stride == 0 || spec->api == WL_API_MMAP;
		units_format_count(v->sample->calls, n, sizeof n);
		if (!one_call)
			snprintf(out, len, "%s calls", n);
		else
			snprintf(out, len, "%s %s%s", n, what, call_kind_from_name(what, &k) == 0 ? " calls" : "");
		return;
	}
	size_t o = 0;
	int named_call = 0;
	out[0] = '\0';
	for (int k = 0; k < CALL_KINDS && o < len; k++) {
		if (!v->result || !v->result->calls[k])
			continue;
		const struct call_kind_info *info = call_kind_info((enum call_kind)k);
		units_format_count(v->result->calls[k], n, sizeof n);
		o += (size_t)snprintf(out + o, len - o, "%s%s %s", o ? " + " : "", n, info->shown);
		named_call = strcmp(info->shown, info->name) == 0;
	}
	if (o == 0)
		snprintf(out, len, "no calls");
	else if (named_call && o < len)
		snprintf(out + o, len - o, " calls");
}

void ui_race_counts(const struct run_view *v, char *sys, size_t slen, char *calls, size_t clen)
{
	const struct wl_spec *spec = v->spec;
	int64_t r = v->live ? v->sample->syscr : v->result ? v->result->syscr : -1;
	int64_t w = v->live ? v->sample->syscw : v->result ? v->result->syscw : -1;
	char a[32];
	if (r < 0 || w < 0)
		snprintf(a, sizeof a, "unavailable");
	else
		units_format_count((uint64_t)(spec && spec->op == WL_OP_WRITE ? w : r), a, sizeof a);
	snprintf(sys, slen, "%s() syscalls %s", spec && spec->op == WL_OP_WRITE ? "write" : "read", a);
	calls_text(v, calls, clen);
}

/* --- the shared part ----------------------------------------------------------- */

static void draw_shared(const struct lab *lab, struct rect r, const struct run_view v[2])
{
	char buf[256];
	int y = r.y;
	int cpus = race_cpus();
	snprintf(buf, sizeof buf, "Both runs share this machine's %d CPU%s and its disk at once: "
	         "each slows the other, so neither rate is its lesson's alone.", cpus,
	         cpus == 1 ? "" : "s");
	struct tw_lines l = {0};
	char ascii[512];
	textwrap_wrap(crt_text(buf, ascii, sizeof ascii), r.w, &l);
	for (size_t i = 0; i < l.n && i < 2; i++)
		crt_put(y++, r.x, r.w, crt_attr(CRT_LABEL), l.v[i].text);
	textwrap_free(&l);
	double rate[2], avg;
	for (int i = 0; i < 2; i++)
		if (!ui_view_rate(&v[i], &rate[i], &avg))
			rate[i] = 0;
	y += ui_gauge_draw_pair(y, r.x, r.w, rate[0], rate[1]);
	ui_race_gap_text(v, buf, sizeof buf);
	crt_put(y++, r.x, r.w, crt_attr(CRT_VALUE), buf);
	(void)lab;
}

/* --- one side ---------------------------------------------------------------- */

static void side_line(int *y, int bottom, struct rect r, int role, const char *text)
{
	if (*y >= bottom)
		return;
	crt_put(*y, r.x + 1, r.w - 2, crt_attr((enum crt_role)role), text);
	(*y)++;
}

static void draw_side(const struct lab *lab, int side, const struct run_view *v, struct rect r)
{
	const struct lesson *l = &lab->course.lessons[v->lesson];
	char buf[512], sys[96], calls[96];
	int y = r.y, bottom = r.y + r.h, role;
	snprintf(buf, sizeof buf, "%c  %s %s %s", ui_race_letter(side), l->id,
	         crt_glyph(GLYPH_DOT), l->title ? l->title : "");
	side_line(&y, bottom, r, CRT_TITLE, buf);
	ui_race_state_text(v, buf, sizeof buf, &role);
	side_line(&y, bottom, r, role, buf);
	double now, avg;
	if (!ui_view_rate(v, &now, &avg))
		return;
	char rate[32], num[32], unit[16];
	units_format_rate(now, rate, sizeof rate);
	/* big digits when the panel has rows to spare */
	if (r.h >= 11 && sscanf(rate, "%31s %15s", num, unit) == 2 && y + GAUGE_BIG_ROWS < bottom)
		y += ui_gauge_draw_big(y, r.x + 1, r.w - 2, num, unit, CRT_BIG);
	snprintf(buf, sizeof buf, "rate %s   log rate %.2f%s", rate, units_log_rate(now),
	         v->live ? "  (now)" : "");
	side_line(&y, bottom, r, CRT_VALUE, buf);
	ui_race_counts(v, sys, sizeof sys, calls, sizeof calls);
	snprintf(buf, sizeof buf, "kernel: %s   program: %s", sys, calls);
	side_line(&y, bottom, r, CRT_VALUE, buf);
	const struct trial_sample *s = v->live ? v->sample : NULL;
	uint64_t bytes = s ? s->bytes : v->result ? v->result->bytes : 0;
	double secs = s ? s->elapsed : v->result ? v->result->seconds : 0;
	char b[32], t[32];
	units_format_bytes((double)bytes, b, sizeof b);
	units_format_seconds(secs, !crt.utf8, t, sizeof t);
	snprintf(buf, sizeof buf, "moved %s in %s of loops; %u whole pass%s", b, t, v->passes,
	         v->passes == 1 ? "" : "es");
	side_line(&y, bottom, r, CRT_LABEL, buf);
	if (v->spec) {
		wl_spec_describe(v->spec, !crt.utf8, buf, sizeof buf);
		side_line(&y, bottom, r, CRT_LABEL, buf);
		side_line(&y, bottom, r, CRT_LABEL, watch_pass_meaning(watch_pass_kind_of(v->spec)));
	}
}

void ui_race_draw(const struct lab *lab, int lines, int cols)
{
	struct race_layout l;
	layout_race(&l, lines, cols);
	if (l.too_small)
		return;
	struct run_view v[2];
	race_view_of(lab, 0, &v[0]);
	race_view_of(lab, 1, &v[1]);
	ui_frame_draw_header(lab, l.header);
	draw_shared(lab, l.top, v);
	draw_side(lab, 0, &v[0], l.a);
	if (l.side_by_side)
		ui_frame_draw_rule(l.rule);
	else
		for (int x = 0; x < l.rule.w; x++)
			crt_line_glyph(l.rule.y, l.rule.x + x, LINE_H, crt_attr(CRT_DIM));
	draw_side(lab, 1, &v[1], l.b);
}

/* --- the chooser ---------------------------------------------------------------- */

void ui_race_draw_chooser(struct lab *lab, struct rect r)
{
	struct race *race = &lab->race;
	const struct lesson *cur = lab_lesson(lab);
	int y = r.y, x = r.x + 1, w = r.w - 2;
	crt_putf(y++, x, w, crt_attr(CRT_SECTION), "Race %s against:", cur->id);
	crt_put(y++, x, w, crt_attr(CRT_LABEL),
	        "Enter races it, both at once; Esc closes. Compared lessons first.");
	y++;
	int page = r.y + r.h - y;
	if (page < 1)
		return;
	race->page = page;
	if (race->choice < race->top)
		race->top = race->choice;
	if (race->choice >= race->top + (size_t)page)
		race->top = race->choice - (size_t)page + 1;
	for (int i = 0; i < page && race->top + (size_t)i < race->nchoices; i++) {
		size_t k = race->top + (size_t)i;
		const struct lesson *l = &lab->course.lessons[race->choices[k]];
		int sel = k == race->choice;
		char line[512];
		snprintf(line, sizeof line, "%s %-22s %s%s", sel ? crt_glyph(GLYPH_CURSOR) : " ", l->id,
		         l->title ? l->title : "", k < race->ncompared ? "  (compared)" : "");
		if (sel)
			crt_fill(y + i, x, w, crt_attr(CRT_SELECTED));
		crt_put(y + i, x, w, crt_attr(sel ? CRT_SELECTED : CRT_NORMAL), line);
	}
}
