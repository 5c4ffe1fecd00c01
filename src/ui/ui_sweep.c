/* ui_sweep.c - a sweep lesson's chart: log rate against log2(block) for
 * each series of the sweep (a read's warm and cold cache, a write's way to
 * the file: sweep_series_name() says which), in different glyphs with a
 * legend, not colour alone, and the fitted per-call cost R and per-byte
 * cost U under it.  Every line of figures is fitted (fitline.h): wrapped
 * or shortened, never cut. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "figures.h"
#include "fitline.h"
#include "gauge.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

#define Y_LABEL_W 5               /* "23 ┤" */
#define CHART_MAX_W 200
#define CHART_MAX_H 24

/* Parts fitted into w columns from (y, x), over at most max_rows rows, as
 * the terminal shows them; returns the rows used. */
static int put_fitted(int y, int x, int w, int max_rows, int attr, const struct fit_part *parts,
                      size_t n)
{
	struct fit_part shown[8];
	char text[8][160], brief[8][160];
	n = n < COUNT(shown) ? n : COUNT(shown);
	for (size_t i = 0; i < n; i++) {
		shown[i] = parts[i];
		if (parts[i].text)
			shown[i].text = ui_crt_text(parts[i].text, text[i], sizeof text[i]);
		if (parts[i].brief)
			shown[i].brief = ui_crt_text(parts[i].brief, brief[i], sizeof brief[i]);
	}
	struct fit_rows fr;
	fitline_fit(shown, n, w - UI_EDGE, max_rows, &fr);
	for (size_t i = 0; i < fr.n; i++)
		ui_crt_put(y + (int)i, x, w, attr, fr.row[i]);
	return (int)fr.n;
}

/* Words wrapped short of the edge column over at most max_rows rows
 * (ui_wrapped); returns the rows used. */
static int put_words(int y, int x, int w, int max_rows, int attr, const char *text)
{
	return ui_wrapped(y, x, w - UI_EDGE, attr, text, max_rows);
}

static int draw_status(const struct lab *lab, const struct run_view *v, int y, int x, int w)
{
	char buf[256];
	if (v->live) {
		uint64_t block = v->spec ? v->spec->block : 0;
		enum wl_cache cache = v->spec ? v->spec->cache : WL_CACHE_WARM;
		char state[32], point[32], brief[32], b[32], blocks[48], series[64];
		snprintf(state, sizeof state, "%s %s", ui_crt_glyph(GLYPH_RUNNING),
		         v->stopping ? "STOPPING" : "RUNNING");
		snprintf(point, sizeof point, "point %zu of %zu", v->point + 1, v->total);
		snprintf(brief, sizeof brief, "point %zu/%zu", v->point + 1, v->total);
		units_format_size(block, b, sizeof b);
		snprintf(blocks, sizeof blocks, "%s blocks", b);
		sweep_series_name(&lab_lesson(lab)->workload, cache, series, sizeof series);
		const struct fit_part parts[] = {
			{state, NULL, 0, 0}, {point, brief, 0, 0}, {blocks, NULL, 0, 0}, {series, NULL, 0, 0},
		};
		return put_fitted(y, x, w, 2, ui_crt_attr(CRT_RUNNING), parts, COUNT(parts));
	}
	if (v->start_error) {
		snprintf(buf, sizeof buf, "%s could not start: %s", ui_crt_glyph(GLYPH_FAILED), v->start_error);
		return put_words(y, x, w, 3, ui_crt_attr(CRT_ERROR), buf);
	}
	if (v->npoints == 0)
		return put_words(y, x, w, 2, ui_crt_attr(CRT_LABEL), "Not run yet: r runs every point in turn.");
	size_t ok = 0;
	for (size_t i = 0; i < v->npoints; i++)
		ok += v->points[i].ok != 0;
	snprintf(buf, sizeof buf, "%s %zu of %zu points measured", ui_crt_glyph(GLYPH_DONE), ok, v->total);
	const struct fit_part parts[] = {
		{buf, NULL, 0, 0}, {v->result ? NULL : "(saved from an earlier session)", NULL, 1, 1},
	};
	return put_fitted(y, x, w, 1, ui_crt_attr(CRT_OK), parts, COUNT(parts));
}

static int draw_live_point(const struct run_view *v, int y, int x, int w)
{
	if (!v->live || v->sample->elapsed <= 0)
		return 0;
	char a[32], c[32], now[48], lg[32], sys[48];
	units_format_rate(v->rate_now, a, sizeof a);
	int64_t n = figures_own_syscalls(v->spec, v->sample->syscr, v->sample->syscw);
	if (n >= 0)
		units_format_count((uint64_t)n, c, sizeof c);
	else
		snprintf(c, sizeof c, "unavailable");
	snprintf(now, sizeof now, "now %s", a);
	snprintf(lg, sizeof lg, "log rate %.2f", units_log_rate(v->rate_now));
	snprintf(sys, sizeof sys, "syscalls %s", c);
	const struct fit_part parts[] = {{now, NULL, 0, 0}, {lg, NULL, 1, 0}, {sys, NULL, 0, 0}};
	return put_fitted(y, x, w, 2, ui_crt_attr(CRT_VALUE), parts, COUNT(parts));
}

struct axes {
	double xlo, xhi;              /* log2(block) */
	double ylo, yhi;              /* ln(rate) */
	int pw, ph;                   /* plot cells */
};

static void compute_axes(const struct lesson *l, const struct run_view *v, struct axes *a)
{
	a->xlo = a->xhi = 0;
	a->ylo = a->yhi = 0;
	for (size_t i = 0; i < l->sweep.nblocks; i++) {
		double b = log2((double)l->sweep.blocks[i]);
		if (i == 0 || b < a->xlo)
			a->xlo = b;
		if (i == 0 || b > a->xhi)
			a->xhi = b;
	}
	int any = 0;
	for (size_t i = 0; i < v->npoints; i++) {
		if (!v->points[i].ok || !(v->points[i].rate > 1))
			continue;
		double y = log(v->points[i].rate);
		if (!any || y < a->ylo)
			a->ylo = y;
		if (!any || y > a->yhi)
			a->yhi = y;
		any = 1;
	}
	if (!any) {
		a->ylo = 0;
		a->yhi = 24;          /* ln(1 B/s) .. ln(26 GB/s) */
	}
	a->ylo = floor(a->ylo);
	a->yhi = ceil(a->yhi);
	if (a->yhi - a->ylo < 2) {
		a->ylo -= 1;
		a->yhi += 1;
	}
}

static void draw_axes(const struct axes *a, int y, int x)
{
	int dim = ui_crt_attr(CRT_DIM);
	for (int r = 0; r < a->ph; r++) {
		double v = a->yhi - (a->yhi - a->ylo) * r / (a->ph > 1 ? a->ph - 1 : 1);
		int labelled = r == 0 || r == a->ph - 1 || r == (a->ph - 1) / 2;
		if (labelled)
			ui_crt_putf(y + r, x, Y_LABEL_W - 1, dim, "%3.0f", v);
		ui_crt_line_glyph(y + r, x + Y_LABEL_W - 1, labelled ? LINE_TEE_RIGHT : LINE_V, dim);
	}
	ui_crt_line_glyph(y + a->ph, x + Y_LABEL_W - 1, LINE_CORNER_BL, dim);
	for (int c = 0; c < a->pw; c++)
		ui_crt_line_glyph(y + a->ph, x + Y_LABEL_W + c, LINE_H, dim);
	/* block sizes under the axis, at powers of 16 */
	static const char *const names[] = {"1", "16", "256", "4K", "64K", "1M", "16M", "256M"};
	int next_free = 0;
	for (int e = 0; e < 8; e++) {
		double lb = 4.0 * e;
		if (lb < a->xlo - 1e-9 || lb > a->xhi + 1e-9)
			continue;
		int c = gauge_linear_cell(lb, a->xlo, a->xhi, a->pw);
		int len = (int)strlen(names[e]);
		if (c + len > a->pw)
			c = a->pw - len;
		if (c < next_free)
			continue;
		ui_crt_put(y + a->ph + 1, x + Y_LABEL_W + c, len, dim, names[e]);
		next_free = c + len + 1;
	}
}

static void draw_points(const struct run_view *v, const struct axes *a, int y, int x)
{
	static unsigned char seen[CHART_MAX_H][CHART_MAX_W];    /* bit 1 warm, 2 cold */
	memset(seen, 0, sizeof seen);
	for (size_t i = 0; i < v->npoints; i++) {
		const struct sweep_point *p = &v->points[i];
		if (!p->ok || !(p->rate > 1))
			continue;
		int c = gauge_linear_cell(log2((double)p->block), a->xlo, a->xhi, a->pw);
		int r = a->ph - 1 - gauge_linear_cell(log(p->rate), a->ylo, a->yhi, a->ph);
		seen[r][c] |= p->cache == WL_CACHE_COLD ? 2 : 1;
	}
	for (int r = 0; r < a->ph; r++)
		for (int c = 0; c < a->pw; c++) {
			if (!seen[r][c])
				continue;
			int both = seen[r][c] == 3, cold = seen[r][c] == 2;
			ui_crt_put(y + r, x + Y_LABEL_W + c, 1,
			        ui_crt_attr(both ? CRT_VALUE : cold ? CRT_COLD : CRT_WARM),
			        ui_crt_glyph(both ? GLYPH_BOTH : cold ? GLYPH_COLD : GLYPH_WARM));
		}
}

/* The glyph and role of a series: the first is warm's, the second cold's
 * (a sweep's caches are its series). */
static enum ui_crt_glyph series_glyph(enum wl_cache cache)
{
	return cache == WL_CACHE_COLD ? GLYPH_COLD : GLYPH_WARM;
}

static int series_role(enum wl_cache cache)
{
	return cache == WL_CACHE_COLD ? CRT_COLD : CRT_WARM;
}

/* "● warm  × cold  ◆ warm and cold in one cell" under the title. */
static int draw_legend(const struct lesson *l, int y, int x, int w, int max_rows)
{
	char names[2][80], series[2][64], both[160], both_brief[32];
	struct fit_part parts[6] = {{"log rate by block size", "log rate", 0, 0}};
	size_t n = 1;
	for (size_t k = 0; k < l->sweep.ncaches && k < 2; k++) {
		sweep_series_name(&l->workload, l->sweep.caches[k], series[k], sizeof series[k]);
		snprintf(names[k], sizeof names[k], "%s %s", ui_crt_glyph(series_glyph(l->sweep.caches[k])),
		         series[k]);
		parts[n++] = (struct fit_part){names[k], NULL, 0, 0};
	}
	if (l->sweep.ncaches > 1) {
		/* two series meet in one cell: one glyph says so */
		snprintf(both, sizeof both, "%s %s and %s in one cell", ui_crt_glyph(GLYPH_BOTH),
		         series[0], series[1]);
		snprintf(both_brief, sizeof both_brief, "%s both", ui_crt_glyph(GLYPH_BOTH));
		parts[n++] = (struct fit_part){both, both_brief, 0, 0};
	}
	return put_fitted(y, x, w, max_rows, ui_crt_attr(CRT_LABEL), parts, n);
}

/* One series' fit as parts: "O_SYNC:" "R = 159 µs per call" ... */
struct fit_text {
	char name[80], r[48], rb[48], u[48], ub[48], peak[64];
	struct fit_part parts[4];
	size_t n;
	int have;
};

static void fit_text(const struct lesson *l, const struct run_view *v, enum wl_cache cache,
                     struct fit_text *t)
{
	double r, u;
	char series[64], rs[32], us[32], peak[32];
	int ascii = !ui_crt.utf8;
	sweep_series_name(&l->workload, cache, series, sizeof series);
	snprintf(t->name, sizeof t->name, "%s:", series);
	t->have = v->npoints && sweep_fit(v->points, v->npoints, cache, &r, &u) == 0;
	t->parts[0] = (struct fit_part){t->name, NULL, 0, 0};
	t->n = 1;
	if (!t->have) {
		t->parts[t->n++] = (struct fit_part){"R and U after two block sizes", "R, U later", 0, 1};
		return;
	}
	units_format_cost(r, ascii, rs, sizeof rs);
	units_format_cost(u, ascii, us, sizeof us);
	units_format_rate(u > 0 ? 1 / u : 0, peak, sizeof peak);
	snprintf(t->r, sizeof t->r, "R = %s per call,", rs);
	snprintf(t->rb, sizeof t->rb, "R %s/call,", rs);
	snprintf(t->u, sizeof t->u, "U = %s per byte", us);
	snprintf(t->ub, sizeof t->ub, "U %s/B", us);
	snprintf(t->peak, sizeof t->peak, "(1/U = %s)", u > 0 ? peak : "-");
	t->parts[t->n++] = (struct fit_part){t->r, t->rb, 0, 1};
	t->parts[t->n++] = (struct fit_part){t->u, t->ub, 0, 1};
	t->parts[t->n++] = (struct fit_part){t->peak, NULL, 1, 1};
}

/* Rows the fits take at width w (each at most two). */
static int fits_rows(const struct lesson *l, const struct run_view *v, int w)
{
	int rows = 0;
	for (size_t k = 0; k < l->sweep.ncaches; k++) {
		struct fit_text t;
		struct fit_rows fr;
		fit_text(l, v, l->sweep.caches[k], &t);
		fitline_fit(t.parts, t.n, w - 2 - UI_EDGE, 2, &fr);
		rows += fr.n ? (int)fr.n : 1;
	}
	return rows;
}

static int draw_fits(const struct lesson *l, const struct run_view *v, int y, int x, int w, int rows)
{
	int used = 0;
	for (size_t k = 0; k < l->sweep.ncaches && used < rows; k++) {
		enum wl_cache cache = l->sweep.caches[k];
		struct fit_text t;
		fit_text(l, v, cache, &t);
		ui_crt_put(y + used, x, 2, ui_crt_attr((enum crt_role)series_role(cache)),
		        ui_crt_glyph(series_glyph(cache)));
		int n = put_fitted(y + used, x + 2, w - 2, rows - used < 2 ? rows - used : 2,
		                   ui_crt_attr(t.have ? CRT_VALUE : CRT_LABEL), t.parts, t.n);
		used += n ? n : 1;
	}
	return used;
}

int ui_sweep_draw(const struct lab *lab, const struct run_view *v, struct rect rr)
{
	const struct lesson *l = lab_lesson(lab);
	int x = rr.x + 1, w = rr.w - 2, y = rr.y, bottom = rr.y + rr.h;
	y += draw_status(lab, v, y, x, w);
	y += draw_live_point(v, y, x, w);
	y++;
	y += draw_legend(l, y, x, w, 2);
	int fit_rows = fits_rows(l, v, w);
	struct axes a;
	compute_axes(l, v, &a);
	a.pw = w - Y_LABEL_W - UI_EDGE;
	if (a.pw > CHART_MAX_W)
		a.pw = CHART_MAX_W;
	a.ph = bottom - y - 2 - 1 - fit_rows;     /* x axis, its labels, a gap, the fits */
	if (a.ph > CHART_MAX_H)
		a.ph = CHART_MAX_H;
	if (a.ph < 4 || a.pw < 10)
		return 0;
	draw_axes(&a, y, x);
	draw_points(v, &a, y, x);
	y += a.ph + 2;
	y++;
	draw_fits(l, v, y, x, w, bottom - y);
	return 1;
}
