/* ui_sweep.c - a sweep lesson's chart: log rate against log2(block) for
 * the warm and the cold cache (different glyphs, a legend, not colour
 * alone), with the fitted per-call cost R and per-byte cost U under it. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gauge.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

#define Y_LABEL_W 5               /* "23 ┤" */
#define CHART_MAX_W 200
#define CHART_MAX_H 24

/* "312 ns", "4.1 us", "2.5 ms" */
static void format_cost(double s, char *buf, size_t len)
{
	if (s < 1e-6)
		snprintf(buf, len, "%.3g ns", s * 1e9);
	else if (s < 1e-3)
		snprintf(buf, len, "%.3g us", s * 1e6);
	else
		snprintf(buf, len, "%.3g ms", s * 1e3);
}

static int draw_status(const struct run_view *v, int y, int x, int w)
{
	char buf[256];
	if (v->live) {
		uint64_t block;
		enum wl_cache cache;
		block = v->spec ? v->spec->block : 0;
		cache = v->spec ? v->spec->cache : WL_CACHE_WARM;
		char b[32];
		units_format_bytes((double)block, b, sizeof b);
		snprintf(buf, sizeof buf, "%s %s point %zu of %zu: %s blocks, %s",
		         crt_glyph(GLYPH_RUNNING), v->stopping ? "STOPPING" : "RUNNING",
		         v->point + 1, v->total, b, wl_cache_name(cache));
		crt_put(y, x, w, crt_attr(CRT_RUNNING), buf);
		return 1;
	}
	if (v->start_error) {
		snprintf(buf, sizeof buf, "%s could not start: %s", crt_glyph(GLYPH_FAILED), v->start_error);
		crt_put(y, x, w, crt_attr(CRT_ERROR), buf);
		return 1;
	}
	if (v->npoints == 0) {
		crt_put(y, x, w, crt_attr(CRT_LABEL), "Not run yet: r runs every point in turn.");
		return 1;
	}
	size_t ok = 0;
	for (size_t i = 0; i < v->npoints; i++)
		ok += v->points[i].ok != 0;
	snprintf(buf, sizeof buf, "%s %zu of %zu points measured%s", crt_glyph(GLYPH_DONE), ok,
	         v->total, v->result ? "" : " (saved from an earlier session)");
	crt_put(y, x, w, crt_attr(CRT_OK), buf);
	return 1;
}

static int draw_live_point(const struct run_view *v, int y, int x, int w)
{
	if (!v->live || v->sample->elapsed <= 0)
		return 0;
	char a[32], c[32];
	units_format_rate(v->rate_now, a, sizeof a);
	if (v->sample->syscw >= 0 || v->sample->syscr >= 0)
		units_format_count((uint64_t)(v->spec->op == WL_OP_WRITE ? v->sample->syscw
		                                                        : v->sample->syscr), c, sizeof c);
	else
		snprintf(c, sizeof c, "unavailable");
	crt_putf(y, x, w, crt_attr(CRT_VALUE), "now %s   log rate %.2f   syscalls %s", a,
	         units_log_rate(v->rate_now), c);
	return 1;
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
	int dim = crt_attr(CRT_DIM);
	for (int r = 0; r < a->ph; r++) {
		double v = a->yhi - (a->yhi - a->ylo) * r / (a->ph > 1 ? a->ph - 1 : 1);
		int labelled = r == 0 || r == a->ph - 1 || r == (a->ph - 1) / 2;
		if (labelled)
			crt_putf(y + r, x, Y_LABEL_W - 1, dim, "%3.0f", v);
		crt_line_glyph(y + r, x + Y_LABEL_W - 1, labelled ? LINE_TEE_RIGHT : LINE_V, dim);
	}
	crt_line_glyph(y + a->ph, x + Y_LABEL_W - 1, LINE_CORNER_BL, dim);
	for (int c = 0; c < a->pw; c++)
		crt_line_glyph(y + a->ph, x + Y_LABEL_W + c, LINE_H, dim);
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
		crt_put(y + a->ph + 1, x + Y_LABEL_W + c, len, dim, names[e]);
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
			crt_put(y + r, x + Y_LABEL_W + c, 1,
			        crt_attr(both ? CRT_VALUE : cold ? CRT_COLD : CRT_WARM),
			        crt_glyph(both ? GLYPH_BOTH : cold ? GLYPH_COLD : GLYPH_WARM));
		}
}

static int draw_fits(const struct lesson *l, const struct run_view *v, int y, int x, int w, int rows)
{
	int used = 0;
	for (size_t k = 0; k < l->sweep.ncaches && used < rows; k++) {
		enum wl_cache cache = l->sweep.caches[k];
		double r, u;
		int role = cache == WL_CACHE_COLD ? CRT_COLD : CRT_WARM;
		int gx = crt_put(y + used, x, 2, crt_attr((enum crt_role)role),
		                 crt_glyph(cache == WL_CACHE_COLD ? GLYPH_COLD : GLYPH_WARM));
		if (v->npoints && sweep_fit(v->points, v->npoints, cache, &r, &u) == 0) {
			char rs[32], us[32], peak[32];
			format_cost(r, rs, sizeof rs);
			format_cost(u, us, sizeof us);
			units_format_rate(u > 0 ? 1 / u : 0, peak, sizeof peak);
			if (w >= 70)
				crt_putf(y + used, x + gx + 1, w - gx - 1, crt_attr(CRT_VALUE),
				         "%s: R = %s per call, U = %s per byte (1/U = %s)",
				         wl_cache_name(cache), rs, us, u > 0 ? peak : "-");
			else
				crt_putf(y + used, x + gx + 1, w - gx - 1, crt_attr(CRT_VALUE),
				         "%s: R %s/call, U %s/B", wl_cache_name(cache), rs, us);
		} else
			crt_putf(y + used, x + gx + 1, w - gx - 1, crt_attr(CRT_LABEL),
			         "%s: R, U after two block sizes", wl_cache_name(cache));
		used++;
	}
	return used;
}

int ui_sweep_draw(const struct lab *lab, const struct run_view *v, struct rect rr)
{
	const struct lesson *l = lab_lesson(lab);
	int x = rr.x + 1, w = rr.w - 2, y = rr.y, bottom = rr.y + rr.h;
	y += draw_status(v, y, x, w);
	y += draw_live_point(v, y, x, w);
	y++;
	crt_putf(y++, x, w, crt_attr(CRT_LABEL), "log rate by block size   %s warm  %s cold",
	         crt_glyph(GLYPH_WARM), crt_glyph(GLYPH_COLD));
	int fit_rows = (int)l->sweep.ncaches;
	struct axes a;
	compute_axes(l, v, &a);
	a.pw = w - Y_LABEL_W;
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
