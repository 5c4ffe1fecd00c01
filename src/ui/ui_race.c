/* ui_race.c - a race on screen: across the top what the two runs share
 * (the machine, said plainly; one gauge with both bars, so the gap reads
 * as distance; the gap in log rate and the ratio), then each run's panel,
 * side by side or one above the other as layout_race() says.  And the
 * chooser of the lesson to race.  The decisions are lab_race.c's. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "run_words.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

void ui_race_gap_text(const struct run_view v[2], char *buf, size_t len)
{
	double a, b, avg, dlog, ratio;
	char t[32];
	int a_faster;
	int ha = run_words_view_rate(&v[0], &a, &avg), hb = run_words_view_rate(&v[1], &b, &avg);
	if (!ha || !hb || lab_race_gap(a, b, &dlog, &ratio) != 0
	    || lab_race_times(a, b, t, sizeof t, &a_faster) != 0) {
		snprintf(buf, len, "log rate A \u2212 B: when both have a rate");
		return;
	}
	snprintf(buf, len, "log rate A \u2212 B = %+.2f:  %c is %s\u00d7 as fast as %c", dlog,
	         a_faster ? 'A' : 'B', t, a_faster ? 'B' : 'A');
}

/* --- the shared part ----------------------------------------------------------- */

static void draw_shared(struct rect r, const struct run_view v[2])
{
	char buf[256];
	int y = r.y, w = r.w - UI_EDGE;
	int cpus = lab_race_cpus();
	snprintf(buf, sizeof buf, "Both runs share this machine's %d CPU%s and its disk at once: "
	         "each slows the other, so neither rate is its lesson's alone.", cpus,
	         cpus == 1 ? "" : "s");
	y += ui_wrapped(y, r.x, w, ui_crt_attr(CRT_LABEL), buf, 2);
	double rate[2], avg;
	for (int i = 0; i < 2; i++)
		if (!run_words_view_rate(&v[i], &rate[i], &avg))
			rate[i] = 0;
	y += ui_gauge_draw_pair(y, r.x, w, rate[0], rate[1]);
	ui_race_gap_text(v, buf, sizeof buf);
	ui_crt_put(y++, r.x, w, ui_crt_attr(CRT_VALUE), buf);
}

/* --- one side ---------------------------------------------------------------- */

/* What a side has left: its rows from *y to bottom, its columns from x,
 * w of them (the edge column kept free). */
struct side {
	int y, bottom, x, w;
};

static int side_rows(const struct side *s, int most)
{
	int left = s->bottom - s->y;
	return left < most ? left : most;
}

/* The workload in words, "write() · 1 B blocks · O_SYNC · 10 MiB", each
 * item whole: the row breaks between items, never inside one. */
static void draw_spec(struct side *s, const struct wl_spec *spec)
{
	char desc[512], sep[8];
	wl_spec_describe(spec, !ui_crt.utf8, desc, sizeof desc);
	snprintf(sep, sizeof sep, " %s ", ui_crt_glyph(GLYPH_DOT));
	struct fit_part parts[16];
	char text[16][96];
	size_t n = 0;
	for (char *p = desc; p && *p && n < 16;) {
		char *next = strstr(p, sep);
		size_t len = next ? (size_t)(next - p) : strlen(p);
		snprintf(text[n], sizeof text[n], "%s%.*s", n ? sep + 1 : "", (int)len, p);
		parts[n] = (struct fit_part){text[n], NULL, 0, 1};
		n++;
		p = next ? next + strlen(sep) : NULL;
	}
	s->y += ui_fit_draw(s->y, s->x, s->w, side_rows(s, 2), ui_crt_attr(CRT_LABEL), parts, n);
}

static void draw_side(const struct lab *lab, int side, const struct run_view *v, struct rect r)
{
	const struct lesson *l = &lab->course.lessons[v->lesson];
	char buf[512];
	struct side s = {r.y, r.y + r.h, r.x + 1, r.w - 2 - UI_EDGE};
	if (s.y >= s.bottom)
		return;
	/* the title is words: cut, with an ellipsis, where it must be */
	snprintf(buf, sizeof buf, "%c  %s %s %s", lab_race_letter(side), l->id,
	         ui_crt_glyph(GLYPH_DOT), l->title ? l->title : "");
	ui_crt_put_cut(s.y++, s.x, s.w, ui_crt_attr(CRT_TITLE), buf);
	/* two rows: the raced mark wraps rather than goes */
	s.y += ui_run_state_draw(s.y, s.x, s.w, side_rows(&s, 2), v, 1);
	double now, avg;
	if (!run_words_view_rate(v, &now, &avg))
		return;
	char rate[32], num[32], unit[16], r_text[48], lg[32];
	units_format_rate(now, rate, sizeof rate);
	/* big digits when the panel has rows to spare */
	if (r.h >= 11 && sscanf(rate, "%31s %15s", num, unit) == 2 && s.y + GAUGE_BIG_ROWS < s.bottom)
		s.y += ui_gauge_draw_big(s.y, s.x, s.w, num, unit, CRT_BIG);
	snprintf(r_text, sizeof r_text, "rate %s", rate);
	snprintf(lg, sizeof lg, "log rate %.2f", units_log_rate(now));
	const struct fit_part rates[] = {
		{r_text, NULL, 0, 0}, {lg, NULL, 0, 0}, {v->live ? "(now)" : NULL, NULL, 1, 0},
	};
	s.y += ui_fit_draw(s.y, s.x, s.w, side_rows(&s, 2), ui_crt_attr(CRT_VALUE), rates, 3);
	s.y += ui_run_busy_draw(s.y, s.x, s.w, side_rows(&s, 1), v);
	s.y += ui_run_counts_draw(s.y, s.x, s.w, side_rows(&s, 2), v, 0);
	s.y += ui_run_moved_draw(s.y, s.x, s.w, side_rows(&s, 1), v);
	/* where each one's time went, and its layers: the two side by side */
	if (side_rows(&s, 3) >= 2)
		s.y += ui_run_time_draw(s.y, s.x, s.w, side_rows(&s, 3), v);
	s.y += ui_run_layers_draw(s.y, s.x, s.w, side_rows(&s, 2), v);
	if (v->spec && s.y < s.bottom) {
		draw_spec(&s, v->spec);
		s.y += ui_wrapped(s.y, s.x, s.w, ui_crt_attr(CRT_LABEL),
		                  watch_pass_meaning(watch_pass_kind_of(v->spec)), side_rows(&s, 2));
	}
}

void ui_race_draw(const struct lab *lab, int lines, int cols)
{
	struct race_layout l;
	layout_race(&l, lines, cols);
	if (l.too_small)
		return;
	struct run_view v[2];
	lab_race_view_of(lab, 0, &v[0]);
	lab_race_view_of(lab, 1, &v[1]);
	ui_frame_draw_header(lab, l.header);
	draw_shared(l.top, v);
	draw_side(lab, 0, &v[0], l.a);
	if (l.side_by_side)
		ui_frame_draw_rule(l.rule);
	else
		for (int x = 0; x < l.rule.w; x++)
			ui_crt_line_glyph(l.rule.y, l.rule.x + x, LINE_H, ui_crt_attr(CRT_DIM));
	draw_side(lab, 1, &v[1], l.b);
}

/* --- the chooser ---------------------------------------------------------------- */

void ui_race_draw_chooser(struct lab *lab, struct rect r)
{
	struct race *race = &lab->race;
	const struct lesson *cur = lab_lesson(lab);
	int y = r.y, x = r.x + 1, w = r.w - 2;
	ui_crt_putf(y++, x, w, ui_crt_attr(CRT_SECTION), "Race %s against:", cur->id);
	ui_crt_put(y++, x, w, ui_crt_attr(CRT_LABEL),
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
		snprintf(line, sizeof line, "%s %-22s %s%s", sel ? ui_crt_glyph(GLYPH_CURSOR) : " ", l->id,
		         l->title ? l->title : "", k < race->ncompared ? "  (compared)" : "");
		if (sel)
			ui_crt_fill(y + i, x, w, ui_crt_attr(CRT_SELECTED));
		ui_crt_put_cut(y + i, x, w - UI_EDGE, ui_crt_attr(sel ? CRT_SELECTED : CRT_NORMAL), line);
	}
}
