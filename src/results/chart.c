/* chart.c - bars, strips and sweeps on log axes, as SVG (chart.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "svg.h"
#include "units.h"

/* The page of every chart: labels on the left, the axis to the right. */
enum {
	CHART_W = 790,        /* room for the last decade's label past the axis */
	LABEL_RIGHT = 190,        /* lesson labels end here */
	AXIS_X0 = 200,
	AXIS_LEN = 540,
	HEAD_H = 52,              /* title and legend */
	ROW_H = 24,
	FOOT_H = 30,              /* the axis labels */
};

#define MAX_SOURCES 8
static const char *const mark_colours[MAX_SOURCES] = {
	"#d95f02", "#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666",
};
static const char *const bar_colour = "#3b6ea5";

/* The sources a chart's marks name, in order of first appearance: a
 * source's index picks its colour and shape on every row. */
struct legend {
	const char *labels[MAX_SOURCES];
	size_t n;
};

static size_t legend_index(struct legend *lg, const char *label)
{
	for (size_t i = 0; i < lg->n; i++)
		if (strcmp(lg->labels[i], label) == 0)
			return i;
	if (lg->n == MAX_SOURCES)
		return MAX_SOURCES - 1;
	lg->labels[lg->n] = label;
	return lg->n++;
}

void chart_decade_label(double d, char *buf, size_t len)
{
	static const char *const prefixes[] = {"", "k", "M", "G", "T", "P"};
	int k = (int)lround(log10(d > 0 ? d : 1));
	if (k < 0)
		k = 0;
	if (k > 17)
		k = 17;
	int digits = k % 3;
	snprintf(buf, len, "%d %sB/s", digits == 0 ? 1 : digits == 1 ? 10 : 100, prefixes[k / 3]);
}

/* The decades of a rate axis: those holding every value, within the ones
 * chart_decade_label names (1 B/s .. 100 PB/s).  A crafted 1e308 would
 * otherwise draw 300 decades, every one labelled 100 PB/s; a value past an
 * end is drawn at it, its <title> giving the figure. */
static void rate_decades(const double *v, size_t n, double *lo, double *hi)
{
	enum { TOP_DECADE = 17 };
	svg_decades(v, n, lo, hi);
	if (*lo < 1)
		*lo = 1;
	if (*lo > pow(10, TOP_DECADE - 1))
		*lo = pow(10, TOP_DECADE - 1);
	if (*hi > pow(10, TOP_DECADE))
		*hi = pow(10, TOP_DECADE);
	if (*hi <= *lo)
		*hi = *lo * 10;
}

double chart_axis_pos(double v, double lo, double hi, double len)
{
	return svg_log_pos(v, lo, hi, len);
}

static void open_svg(FILE *out, const char *title, int height)
{
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\" role=\"img\" "
	        "aria-label=\"", CHART_W, height, CHART_W, height);
	svg_escape(out, title);
	fputs("\">\n<title>", out);
	svg_escape(out, title);
	fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", out);
	fputs("<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">", out);
	svg_escape(out, title);
	fputs("</text>\n", out);
}

/* The mark of source i at (x, y): a shape per source, so the marks read
 * apart in grey print too. */
static void put_mark(FILE *out, size_t i, double x, double y, const char *tip)
{
	const char *c = mark_colours[i % MAX_SOURCES];
	switch (i % 4) {
	case 0:
		fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\">",
		        x, y - 6, x - 5, y + 4, x + 5, y + 4, c);
		fputs("<title>", out);
		svg_escape(out, tip);
		fputs("</title></polygon>\n", out);
		break;
	case 1:
		fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\">",
		        x, y - 6, x + 5, y, x, y + 6, x - 5, y, c);
		fputs("<title>", out);
		svg_escape(out, tip);
		fputs("</title></polygon>\n", out);
		break;
	case 2:
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"9\" height=\"9\" fill=\"%s\">",
		        x - 4.5, y - 4.5, c);
		fputs("<title>", out);
		svg_escape(out, tip);
		fputs("</title></rect>\n", out);
		break;
	default:
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		        "stroke-width=\"3\">", x, y - 7, x, y + 7, c);
		fputs("<title>", out);
		svg_escape(out, tip);
		fputs("</title></line>\n", out);
		break;
	}
}

static void put_legend(FILE *out, const struct legend *lg, const char *own, int with_own)
{
	double x = 10;
	const double y = 40;
	if (with_own) {
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>",
		        x, y - 9, bar_colour);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", x + 18, y);
		svg_escape(out, own);
		fputs("</text>\n", out);
		x += 24 + 7.0 * (double)strlen(own);
	}
	for (size_t i = 0; i < lg->n; i++) {
		char tip[160];
		snprintf(tip, sizeof tip, "%s", lg->labels[i]);
		put_mark(out, i, x + 5, y - 4, tip);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", x + 14, y);
		svg_escape(out, lg->labels[i]);
		fputs("</text>\n", out);
		x += 24 + 7.0 * (double)strlen(lg->labels[i]);
	}
}

/* Decade lines across the rows and their labels under them. */
static void put_rate_axis(FILE *out, double lo, double hi, int top, int bottom)
{
	for (double d = lo; d <= hi * 1.0001; d *= 10) {
		double x = AXIS_X0 + chart_axis_pos(d, lo, hi, AXIS_LEN);
		char label[32];
		chart_decade_label(d, label, sizeof label);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#cccccc\"/>\n",
		        x, top, x, bottom);
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444444\">%s</text>\n",
		        x, bottom + 16, label);
	}
}

static void put_row_label(FILE *out, const char *label, double y)
{
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LABEL_RIGHT, y + 4);
	svg_escape(out, label);
	fputs("</text>\n", out);
}

static void put_marks(FILE *out, struct legend *lg, const char *row, const struct chart_mark *m,
                      size_t n, double lo, double hi, double y)
{
	for (size_t j = 0; j < n; j++) {
		if (!(m[j].rate > 0) || !m[j].label)
			continue;
		char rate[32], tip[256];
		units_format_rate(m[j].rate, rate, sizeof rate);
		snprintf(tip, sizeof tip, "%s, %s: %s", row, m[j].label, rate);
		double x = AXIS_X0 + chart_axis_pos(m[j].rate, lo, hi, AXIS_LEN);
		put_mark(out, legend_index(lg, m[j].label), x, y, tip);
	}
}

/* Every rate a chart draws, for its decades. */
static double *collect_bar_rates(const struct chart_bar *bars, size_t n, size_t *count)
{
	size_t total = n;
	for (size_t i = 0; i < n; i++)
		total += bars[i].nmarks;
	double *v = calloc(total ? total : 1, sizeof *v);
	if (!v)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		v[k++] = bars[i].rate;
		for (size_t j = 0; j < bars[i].nmarks; j++)
			v[k++] = bars[i].marks[j].rate;
	}
	*count = k;
	return v;
}

int chart_bars_svg(FILE *out, const char *title, const struct chart_bar *bars, size_t n)
{
	size_t count;
	double *v = collect_bar_rates(bars, n, &count);
	if (!v)
		return -1;
	double lo, hi;
	rate_decades(v, count, &lo, &hi);
	free(v);
	struct legend lg = {.n = 0};
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < bars[i].nmarks; j++)
			if (bars[i].marks[j].label && bars[i].marks[j].rate > 0)
				legend_index(&lg, bars[i].marks[j].label);
	int rows_bottom = HEAD_H + (int)n * ROW_H;
	open_svg(out, title, rows_bottom + FOOT_H);
	put_legend(out, &lg, "this machine", 1);
	put_rate_axis(out, lo, hi, HEAD_H - 4, rows_bottom);
	for (size_t i = 0; i < n; i++) {
		double y = HEAD_H + (double)i * ROW_H + ROW_H / 2.0;
		put_row_label(out, bars[i].label, y);
		if (bars[i].rate > 0) {
			char rate[32];
			units_format_rate(bars[i].rate, rate, sizeof rate);
			double w = chart_axis_pos(bars[i].rate, lo, hi, AXIS_LEN);
			fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"12\" fill=\"%s\">"
			        "<title>", AXIS_X0, y - 6, w, bar_colour);
			svg_escape(out, bars[i].label);
			fprintf(out, ": %s</title></rect>\n", rate);
		} else {
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#888888\">not run</text>\n",
			        AXIS_X0 + 4, y + 4);
		}
		put_marks(out, &lg, bars[i].label, bars[i].marks, bars[i].nmarks, lo, hi, y);
	}
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}

int chart_strips_svg(FILE *out, const char *title, const struct chart_strip *s, size_t n)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += s[i].n + s[i].nmarks;
	double *v = calloc(total ? total : 1, sizeof *v);
	if (!v)
		return -1;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < s[i].n; j++)
			v[k++] = s[i].rates[j];
		for (size_t j = 0; j < s[i].nmarks; j++)
			v[k++] = s[i].marks[j].rate;
	}
	double lo, hi;
	rate_decades(v, k, &lo, &hi);
	free(v);
	struct legend lg = {.n = 0};
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < s[i].nmarks; j++)
			if (s[i].marks[j].label && s[i].marks[j].rate > 0)
				legend_index(&lg, s[i].marks[j].label);
	int rows_bottom = HEAD_H + (int)n * ROW_H;
	open_svg(out, title, rows_bottom + FOOT_H);
	put_legend(out, &lg, "one machine", 1);
	put_rate_axis(out, lo, hi, HEAD_H - 4, rows_bottom);
	for (size_t i = 0; i < n; i++) {
		double y = HEAD_H + (double)i * ROW_H + ROW_H / 2.0;
		put_row_label(out, s[i].label, y);
		if (s[i].n > 0) {
			double x1 = AXIS_X0 + chart_axis_pos(s[i].q1, lo, hi, AXIS_LEN);
			double x3 = AXIS_X0 + chart_axis_pos(s[i].q3, lo, hi, AXIS_LEN);
			double xm = AXIS_X0 + chart_axis_pos(s[i].median, lo, hi, AXIS_LEN);
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" "
			        "fill=\"#dde6f0\" stroke=\"#3b6ea5\"/>\n", x1, y - 6, x3 - x1);
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			        "stroke=\"#1d3d66\" stroke-width=\"2\"/>\n", xm, y - 8, xm, y + 8);
		}
		for (size_t j = 0; j < s[i].n; j++) {
			char rate[32];
			units_format_rate(s[i].rates[j], rate, sizeof rate);
			double x = AXIS_X0 + chart_axis_pos(s[i].rates[j], lo, hi, AXIS_LEN);
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" "
			        "fill-opacity=\"0.6\"><title>%s</title></circle>\n", x, y, bar_colour, rate);
		}
		put_marks(out, &lg, s[i].label, s[i].marks, s[i].nmarks, lo, hi, y);
	}
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}

/* The sweep's block axis: powers of two from the smallest to the largest
 * block (at least one doubling). */
static void block_range(const struct chart_series *s, size_t n, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < s[i].n; j++) {
			if (s[i].points[j].block < *lo)
				*lo = s[i].points[j].block;
			if (s[i].points[j].block > *hi)
				*hi = s[i].points[j].block;
		}
	if (!isfinite(*lo) || *lo <= 0) {
		*lo = 1;
		*hi = 2;
	}
	*lo = pow(2, floor(log2(*lo)));
	*hi = pow(2, ceil(log2(*hi)));
	if (*hi <= *lo)
		*hi = *lo * 2;
}

enum { SWEEP_H = 300, PLOT_X0 = 80, PLOT_W = 640, PLOT_Y0 = 50, PLOT_H = 200 };

int chart_sweep_svg(FILE *out, const char *title, const struct chart_series *s, size_t n)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += s[i].n;
	double *v = calloc(total ? total : 1, sizeof *v);
	if (!v)
		return -1;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < s[i].n; j++)
			v[k++] = s[i].points[j].rate;
	double rlo, rhi, blo, bhi;
	rate_decades(v, k, &rlo, &rhi);
	free(v);
	block_range(s, n, &blo, &bhi);
	open_svg(out, title, SWEEP_H);
	for (double d = rlo; d <= rhi * 1.0001; d *= 10) {
		double y = PLOT_Y0 + PLOT_H - chart_axis_pos(d, rlo, rhi, PLOT_H);
		char label[32];
		chart_decade_label(d, label, sizeof label);
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#cccccc\"/>\n",
		        PLOT_X0, y, PLOT_X0 + PLOT_W, y);
		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#444444\">%s</text>\n",
		        PLOT_X0 - 6, y + 4, label);
	}
	/* a label every doubling while they fit, else every second or fourth */
	int doublings = (int)lround(log2(bhi / blo));
	int every = doublings > 24 ? 4 : doublings > 12 ? 2 : 1, nth = 0;
	for (double b = blo; b <= bhi * 1.0001; b *= 2) {
		if (nth++ % every != 0)
			continue;
		double x = PLOT_X0 + chart_axis_pos(b, blo, bhi, PLOT_W);
		char label[32];
		units_format_size((uint64_t)b, label, sizeof label);
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444444\" "
		        "font-size=\"10\">%s</text>\n", x, PLOT_Y0 + PLOT_H + 16, label);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">block size (bytes per call)</text>\n",
	        PLOT_X0 + PLOT_W / 2, PLOT_Y0 + PLOT_H + 36);
	for (size_t i = 0; i < n; i++) {
		const char *c = i == 0 ? bar_colour : mark_colours[(i - 1) % MAX_SOURCES];
		fprintf(out, "<text x=\"%d\" y=\"40\" fill=\"%s\">", 10 + (int)i * 120, c);
		fputs("\xe2\x80\x94 ", out);
		svg_escape(out, s[i].label);
		fputs("</text>\n<polyline fill=\"none\" stroke-width=\"2\" stroke=\"", out);
		fprintf(out, "%s\" points=\"", c);
		for (size_t j = 0; j < s[i].n; j++) {
			if (!(s[i].points[j].rate > 0))
				continue;
			fprintf(out, "%.1f,%.1f ",
			        PLOT_X0 + chart_axis_pos(s[i].points[j].block, blo, bhi, PLOT_W),
			        PLOT_Y0 + PLOT_H - chart_axis_pos(s[i].points[j].rate, rlo, rhi, PLOT_H));
		}
		fputs("\"/>\n", out);
		for (size_t j = 0; j < s[i].n; j++) {
			if (!(s[i].points[j].rate > 0))
				continue;
			char rate[32], size[32];
			units_format_rate(s[i].points[j].rate, rate, sizeof rate);
			units_format_size((uint64_t)s[i].points[j].block, size, sizeof size);
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>",
			        PLOT_X0 + chart_axis_pos(s[i].points[j].block, blo, bhi, PLOT_W),
			        PLOT_Y0 + PLOT_H - chart_axis_pos(s[i].points[j].rate, rlo, rhi, PLOT_H), c);
			svg_escape(out, s[i].label);
			fprintf(out, ", %s blocks: %s</title></circle>\n", size, rate);
		}
	}
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
