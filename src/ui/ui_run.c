/* ui_run.c - a run in words on screen, the same in every view that shows
 * one: the live panel, a race's panels and presentation mode.  The words
 * are run_words.c's; this fits them into a view's width (fitline.h: a
 * figure whole or not at all) and draws them. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "figures.h"
#include "run_words.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

void ui_screen_parts(const struct fit_part *in, size_t n, struct ui_parts *out)
{
	out->n = n < COUNT(out->v) ? n : COUNT(out->v);
	for (size_t i = 0; i < out->n; i++) {
		out->v[i] = in[i];
		if (in[i].text)
			out->v[i].text = ui_crt_text(in[i].text, out->text[i], sizeof out->text[i]);
		if (in[i].brief)
			out->v[i].brief = ui_crt_text(in[i].brief, out->brief[i], sizeof out->brief[i]);
	}
}

int ui_fit_draw(int y, int x, int w, int max_rows, int attr, const struct fit_part *parts, size_t n)
{
	if (max_rows < 1 || w < 1)
		return 0;
	struct ui_parts sp;
	struct fit_rows fr;
	ui_screen_parts(parts, n, &sp);
	fitline_fit(sp.v, sp.n, w, max_rows > FIT_ROWS_MAX ? FIT_ROWS_MAX : max_rows, &fr);
	for (size_t i = 0; i < fr.n; i++)
		ui_crt_put(y + (int)i, x, w, attr, fr.row[i]);
	return (int)fr.n;
}

/* Words wrapped into w columns over at most max_rows rows (ui_wrapped),
 * nothing for no words; rows used. */
static int words(int y, int x, int w, int max_rows, int attr, const char *text)
{
	if (max_rows < 1 || w < 1 || !*text)
		return 0;
	return ui_wrapped(y, x, w, attr, text, max_rows);
}

/* The glyph and role of each tone. */
static const struct {
	int glyph;                /* enum ui_crt_glyph, -1 none */
	enum crt_role role;
} tones[RUN_TONES] = {
	[RUN_TONE_RUNNING] = {GLYPH_RUNNING, CRT_RUNNING},
	[RUN_TONE_DONE] = {GLYPH_DONE, CRT_OK},
	[RUN_TONE_FAILED] = {GLYPH_FAILED, CRT_ERROR},
	[RUN_TONE_IDLE] = {-1, CRT_LABEL},
	[RUN_TONE_STOPPED] = {GLYPH_STOPPED, CRT_LABEL},
};

int ui_run_state_draw(int y, int x, int w, int max_rows, const struct run_view *v, int roomy)
{
	struct run_state s;
	run_words_state(v, !ui_crt.utf8, &s);
	int role = tones[s.tone].role, rows = 0, indent = 0;
	if (s.n && tones[s.tone].glyph >= 0 && max_rows > 0) {
		const char *g = ui_crt_glyph((enum ui_crt_glyph)tones[s.tone].glyph);
		indent = textwrap_width(g) + 1;
		/* a view with rows to spare wraps what another leaves out */
		if (roomy)
			for (size_t i = 0; i < s.n; i++)
				s.part[i].drop = 0;
		rows = ui_fit_draw(y, x + indent, w - indent, max_rows, ui_crt_attr(role), s.part, s.n);
		if (rows)
			ui_crt_put(y, x, indent, ui_crt_attr(role), g);
	}
	/* the error's own words: in the failure's colour, else as a label */
	int wrole = s.tone == RUN_TONE_FAILED ? CRT_ERROR : CRT_LABEL;
	rows += words(y + rows, x + (rows ? indent : 0), w - (rows ? indent : 0), max_rows - rows,
	              ui_crt_attr((enum crt_role)wrole), s.detail);
	return rows;
}

int ui_run_counts_draw(int y, int x, int w, int max_rows, const struct run_view *v, int with_log)
{
	const struct wl_spec *spec = v->spec;
	if (!v->live && !v->result)
		return 0;
	struct fit_part parts[2 + CALL_KINDS];
	size_t n = 0;
	char lg[48], sys[96], sysb[96], first[96];
	double now, avg;
	if (with_log && run_words_view_rate(v, &now, &avg)) {
		snprintf(lg, sizeof lg, "log rate %.2f", units_log_rate(now));
		parts[n++] = (struct fit_part){lg, NULL, 0, 0};
	}
	/* the kernel's count of the workload's own kind of system call */
	int64_t count = v->live ? figures_own_syscalls(spec, v->sample->syscr, v->sample->syscw)
	                        : figures_own_syscalls(spec, v->result->syscr, v->result->syscw);
	const char *kind = figures_own_kind(spec);
	char num[32];
	if (count < 0)
		snprintf(num, sizeof num, "unavailable");
	else
		units_format_count((uint64_t)count, num, sizeof num);
	snprintf(sys, sizeof sys, "kernel: %s() syscalls %s", kind, num);
	snprintf(sysb, sizeof sysb, "%s() syscalls %s", kind, num);
	parts[n++] = (struct fit_part){sys, sysb, 0, 0};
	/* beside it, the program's own calls by kind */
	struct run_calls c;
	run_words_calls(v, spec, &c);
	if (c.n) {
		snprintf(first, sizeof first, "program: %s", c.text[0]);
		parts[n++] = (struct fit_part){first, c.text[0], 0, 0};
		for (size_t i = 1; i < c.n; i++)
			parts[n++] = c.part[i];
	} else if (c.none) {
		snprintf(first, sizeof first, "program: %s", c.none);
		parts[n++] = (struct fit_part){first, "program: not counted", 0, 0};
	}
	return ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_VALUE), parts, n);
}

int ui_run_moved_draw(int y, int x, int w, int max_rows, const struct run_view *v)
{
	if (!v->live && !v->result)
		return 0;
	uint64_t bytes = v->live ? v->sample->bytes : v->result->bytes;
	double secs = v->live ? v->sample->elapsed : v->result->seconds;
	char b[32], t[32], n[32], moved[64], in[64], passes[48];
	units_format_bytes((double)bytes, b, sizeof b);
	units_format_seconds(secs, !ui_crt.utf8, t, sizeof t);
	snprintf(moved, sizeof moved, "moved %s", b);
	snprintf(in, sizeof in, "in %s of loops,", t);
	units_format_count(v->passes, n, sizeof n);
	snprintf(passes, sizeof passes, "%s whole pass%s", n, v->passes == 1 ? "" : "es");
	const struct fit_part parts[] = {{moved, NULL, 0, 0}, {in, NULL, 0, 1}, {passes, NULL, 0, 1}};
	return ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_LABEL), parts, COUNT(parts));
}

/* The glyph of each part of the time bar: told apart without colour. */
static const char *time_glyph(enum run_time_part p)
{
	static const char *const utf8[RUN_TIME_PARTS] = {"\u2588", "\u2593", "\u2592", "\u2591"};
	static const char *const ascii[RUN_TIME_PARTS] = {"#", "=", "~", "."};
	return ui_crt.utf8 ? utf8[p] : ascii[p];
}

/* The bar: each part's share of w cells (rounded so they fill w). */
static void draw_time_bar(int y, int x, int w, const struct run_time *t)
{
	double upto = 0;
	int cell = 0;
	for (int p = 0; p < RUN_TIME_PARTS; p++) {
		upto += t->share[p];
		int end = p == RUN_TIME_PARTS - 1 ? w : (int)(upto * w + 0.5);
		for (; cell < end && cell < w; cell++)
			ui_crt_put(y, x + cell, 1, ui_crt_attr(p == RUN_TIME_BLOCKED ? CRT_LABEL : CRT_VALUE),
			        time_glyph((enum run_time_part)p));
	}
}

int ui_run_time_draw(int y, int x, int w, int max_rows, const struct run_view *v)
{
	struct run_time t;
	run_words_time(v, !ui_crt.utf8, &t);
	if (!t.have || max_rows < 1 || w < 8)
		return 0;
	int rows = 0;
	if (max_rows >= 2) {
		draw_time_bar(y, x, w, &t);
		rows = 1;
	}
	/* the legend: each part behind its glyph */
	char text[RUN_TIME_PARTS + 1][160], brief[RUN_TIME_PARTS + 1][48];
	struct fit_part parts[RUN_TIME_PARTS + 1];
	size_t n = 0;
	for (int p = 0, i = 0; p < RUN_TIME_PARTS && (size_t)i < t.n; p++) {
		if (p == RUN_TIME_WAIT && !t.split)
			continue;
		snprintf(text[n], sizeof text[n], "%s %s", time_glyph((enum run_time_part)p), t.text[i]);
		snprintf(brief[n], sizeof brief[n], "%s %s", time_glyph((enum run_time_part)p), t.brief[i]);
		parts[n] = (struct fit_part){text[n], brief[n], t.part[i].drop, 0};
		n++;
		i++;
	}
	if (t.n > n)                  /* the note on what is not split */
		parts[n++] = t.part[t.n - 1];
	return rows + ui_fit_draw(y + rows, x, w, max_rows - rows, ui_crt_attr(CRT_LABEL), parts, n);
}

int ui_run_price_draw(int y, int x, int w, int max_rows, const struct run_view *v)
{
	struct run_price pr;
	run_words_price(v, !ui_crt.utf8, &pr);
	return pr.n ? ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_VALUE), pr.part, pr.n) : 0;
}

int ui_run_layers_draw(int y, int x, int w, int max_rows, const struct run_view *v)
{
	struct run_layers ly;
	run_words_layers(v, !ui_crt.utf8, &ly);
	return ly.n ? ui_fit_draw(y, x, w, max_rows, ui_crt_attr(CRT_LABEL), ly.part, ly.n) : 0;
}

int ui_run_busy_draw(int y, int x, int w, int max_rows, const struct run_view *v)
{
	char busy[96];
	if (max_rows < 1 || !run_words_busy(v, !ui_crt.utf8, busy, sizeof busy))
		return 0;
	const struct fit_part part = {busy, "busy", 0, 0};
	return ui_fit_draw(y, x, w, 1, ui_crt_attr(CRT_ERROR), &part, 1);
}
