/* ui_present.c - presentation mode: only what the back row of a lecture
 * hall needs, as large as the terminal allows.  The lesson's title and the
 * state of its run; the rate in big digits that grow with the terminal
 * (gauge_bigfont: 9 rows and more at 200x60), the log rate under it; the
 * kernel's syscalls against the program's calls; the gauge across the
 * whole width.  A race: both figures, the shared gauge and the gap.
 *
 * Nothing here is dim (ui_main sets ui_crt.no_dim while this screen is up): a
 * projector washes dim text out.  Every role keeps its monochrome form and
 * every glyph its ASCII one, so it reads the same with NO_COLOR and in
 * LC_ALL=C.  Where rects come from: layout_present(). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "reference.h"
#include "run_words.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

#define MAX_REFS 8

/* The rate in big digits at the largest size fitting r (less the edge
 * column); plain bold text when even the smallest does not. */
static void draw_figure(struct rect r, double rate, int have)
{
	char text[32], num[32], unit[16];
	int w = r.w - UI_EDGE;
	if (!have || r.h < 1) {
		if (r.h >= 1)
			ui_crt_put(r.y, r.x, w, ui_crt_attr(CRT_LABEL), "no rate yet");
		return;
	}
	units_format_rate(rate, text, sizeof text);
	if (sscanf(text, "%31s %15s", num, unit) != 2
	    || ui_gauge_draw_bigfont(r.y, r.x, w, r.h, num, unit, CRT_BIG) == 0)
		ui_crt_put(r.y, r.x, w, ui_crt_attr(CRT_BIG), text);
}

static void draw_log_figure(struct rect r, double rate, int have)
{
	char num[32], line[48];
	if (!have || r.h < 1)
		return;
	units_format_fixed(units_log_rate(rate), 2, num, sizeof num);
	if (ui_gauge_draw_bigfont(r.y, r.x, r.w - UI_EDGE, r.h, num, "log rate", CRT_VALUE) == 0) {
		snprintf(line, sizeof line, "log rate %s", num);
		const struct fit_part part = {line, NULL, 0, 0};
		ui_fit_draw(r.y, r.x, r.w - UI_EDGE, 1, ui_crt_attr(CRT_VALUE), &part, 1);
	}
}

/* Under a figure: the kernel's count against the program's, then what
 * moved, each fitted into the rows there are. */
static void draw_counts(struct rect r, const struct run_view *v, int with_log)
{
	int w = r.w - UI_EDGE;
	int rows = ui_run_busy_draw(r.y, r.x, w, r.h > 1 ? 1 : 0, v);
	rows += ui_run_counts_draw(r.y + rows, r.x, w, r.h - rows > 1 ? r.h - rows - 1 : 1, v,
	                           with_log);
	if (rows < r.h)
		rows += ui_run_moved_draw(r.y + rows, r.x, w, r.h - rows, v);
	/* what explains the figure, where the rows allow */
	if (rows + 2 <= r.h)
		rows += ui_run_time_draw(r.y + rows, r.x, w, r.h - rows < 3 ? r.h - rows : 3, v);
	if (rows < r.h)
		rows += ui_run_layers_draw(r.y + rows, r.x, w, r.h - rows, v);
	if (rows < r.h)
		ui_run_price_draw(r.y + rows, r.x, w, r.h - rows, v);
}

/* The gauge's unit, in the blank row over it (nothing is dim here). */
static void draw_gauge_unit(const struct present_layout *l)
{
	if (l->gauge.y - 1 > l->state.y)
		ui_crt_put(l->gauge.y - 1, l->gauge.x, l->gauge.w - UI_EDGE, ui_crt_attr(CRT_LABEL),
		        "B/s, log scale");
}

static void draw_alone(const struct lab *lab, const struct present_layout *l)
{
	const struct lesson *les = lab_lesson(lab);
	struct run_view v;
	char buf[512];
	lab_run_view_of(lab, lab->cur, &v);
	snprintf(buf, sizeof buf, "%s %s %s", les->id, ui_crt_glyph(GLYPH_DOT),
	         les->title ? les->title : "");
	ui_crt_put_cut(l->title.y, l->title.x, l->title.w - UI_EDGE, ui_crt_attr(CRT_TITLE), buf);
	/* a sweep is its chart: every point's rate against its block, the fits */
	if (les->sweep.ncaches > 0 && ui_sweep_draw(lab, &v, l->sweep))
		return;
	ui_run_state_draw(l->state.y, l->state.x, l->state.w - UI_EDGE, l->state.h, &v, 0);
	double now = 0, avg = 0;
	int have = run_words_view_rate(&v, &now, &avg);
	draw_figure(l->figure[0], now, have);
	draw_log_figure(l->logfig, now, have);
	draw_counts(l->text[0], &v, 0);
	struct ui_gauge_mark marks[MAX_REFS];
	size_t n = 0;
	for (size_t i = 0; i < les->nrefs && n < MAX_REFS; i++)
		marks[n++] = (struct ui_gauge_mark){les->refs[i].rate, reference_mark_key(les->refs[i].source),
		                                    CRT_REF, lab_ref_label(lab, les->refs[i].source),
		                                    NULL};
	draw_gauge_unit(l);
	ui_gauge_draw(l->gauge.y, l->gauge.x, l->gauge.w - UI_EDGE, 3, have ? now : 0,
	              v.live ? avg : 0, marks, n);
}

/* The gap in words, then how many times as fast in digits as tall as the
 * rates' ("285 x  A is the faster"); the words alone where there is no
 * room, or no rate yet. */
static void draw_ratio(struct rect r, const struct run_view v[2], const double rate[2])
{
	char words[256], times[32], unit[64];
	int a_faster, w = r.w - UI_EDGE;
	if (r.h < 1)
		return;
	ui_race_gap_text(v, words, sizeof words);
	ui_crt_put(r.y, r.x, w, ui_crt_attr(CRT_VALUE), words);
	if (r.h < 2 || lab_race_times(rate[0], rate[1], times, sizeof times, &a_faster) != 0)
		return;
	snprintf(unit, sizeof unit, "%s  %c is the faster", ui_crt.utf8 ? "\u00d7" : "x",
	         lab_race_letter(a_faster ? 0 : 1));
	ui_gauge_draw_bigfont(r.y + 1, r.x, w, r.h - 1, times, unit, CRT_BIG);
}

static void draw_race(const struct lab *lab, const struct present_layout *l)
{
	struct run_view v[2];
	char buf[512];
	lab_race_view_of(lab, 0, &v[0]);
	lab_race_view_of(lab, 1, &v[1]);
	const struct lesson *les[2] = {&lab->course.lessons[v[0].lesson],
	                               &lab->course.lessons[v[1].lesson]};
	snprintf(buf, sizeof buf, "A %s   against   B %s", les[0]->id, les[1]->id);
	ui_crt_put_cut(l->title.y, l->title.x, l->title.w - UI_EDGE, ui_crt_attr(CRT_TITLE), buf);
	int cpus = lab_race_cpus();
	snprintf(buf, sizeof buf, "Both run at once and share this machine's %d CPU%s and its disk.",
	         cpus, cpus == 1 ? "" : "s");
	ui_wrapped(l->state.y, l->state.x, l->state.w - UI_EDGE, ui_crt_attr(CRT_LABEL), buf, 1);
	double rate[2] = {0, 0};
	for (int i = 0; i < 2; i++) {
		double avg;
		int have = run_words_view_rate(&v[i], &rate[i], &avg);
		struct rect f = l->figure[i];
		snprintf(buf, sizeof buf, "%c %s", lab_race_letter(i), les[i]->id);
		ui_crt_put_cut(f.y, f.x, f.w - UI_EDGE, ui_crt_attr(CRT_TITLE), buf);
		if (f.h > 1)
			ui_run_state_draw(f.y + 1, f.x, f.w - UI_EDGE, 1, &v[i], 0);
		f.y += 2;
		f.h -= 2;
		draw_figure(f, rate[i], have);
		draw_counts(l->text[i], &v[i], 1);
		if (!have)
			rate[i] = 0;
	}
	draw_ratio(l->ratio, v, rate);
	draw_gauge_unit(l);
	ui_gauge_draw_pair(l->gauge.y, l->gauge.x, l->gauge.w - UI_EDGE, rate[0], rate[1]);
}

void ui_present_draw(const struct lab *lab, int lines, int cols, unsigned context)
{
	struct present_layout l;
	layout_present(&l, lines, cols, lab->race.shown);
	if (l.too_small)
		return;
	ui_frame_draw_header(lab, l.header);
	if (lab->race.shown)
		draw_race(lab, &l);
	else
		draw_alone(lab, &l);
	ui_frame_draw_footer(l.footer, context);
}
