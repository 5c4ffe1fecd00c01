/* report_html.c - the lab report as one HTML file (report_html.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "lecture_groups.h"
#include "report_html.h"
#include "svg.h"
#include "units.h"

static const char *const style =
	"body{font-family:sans-serif;max-width:820px;margin:2em auto;color:#222;line-height:1.4}"
	"h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"td,th{border:1px solid #ccc;padding:.2em .5em;font-size:.9em}"
	"th{background:#f0f0f0;text-align:left}td.n{text-align:right;white-space:nowrap}"
	".held{color:#1b7a1b}.missed{color:#b00020}.inconclusive{color:#8a6d00}"
	"dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}dt{font-weight:bold}"
	"figure{margin:1em 0}figcaption{font-size:.9em;color:#444}"
	".bar{display:flex;height:14px;width:100%;max-width:540px;border:1px solid #999}"
	".bar span{display:block;height:100%}";

static void esc(FILE *out, const char *s)
{
	svg_escape(out, s ? s : "");
}

static void put_rate(FILE *out, double rate)
{
	char buf[32];
	if (rate > 0 && isfinite(rate))
		units_format_rate(rate, buf, sizeof buf);
	else
		snprintf(buf, sizeof buf, "\xe2\x80\x94");
	fputs(buf, out);
}

static void put_machine(FILE *out, const struct report_html *r)
{
	const struct doc_machine *m = &r->doc->machine;
	fputs("<h2>The machine</h2>\n<dl>\n", out);
	const struct { const char *name, *value; } rows[] = {
		{"kernel", m->kernel}, {"filesystem", m->filesystem}, {"CPU", m->cpu},
		{"device", m->device}, {"machine id", m->id}, {"iolab", r->doc->version},
		{"results from", r->source}, {"report written", r->generated},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		if (!rows[i].value)
			continue;
		fputs("<dt>", out);
		esc(out, rows[i].name);
		fputs("</dt><dd>", out);
		esc(out, rows[i].value);
		fputs("</dd>\n", out);
	}
	fputs("</dl>\n", out);
}

/* The reference labels of every result, in order of first appearance:
 * the table's columns. */
static size_t ref_columns(const struct doc *d, const char **cols, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < d->nresults; i++)
		for (size_t j = 0; j < d->results[i].nrefs; j++) {
			const char *label = d->results[i].refs[j].label;
			size_t k = 0;
			while (k < n && strcmp(cols[k], label) != 0)
				k++;
			if (k == n && n < max)
				cols[n++] = label;
		}
	return n;
}

static double ref_rate(const struct doc_result *r, const char *label)
{
	for (size_t j = 0; j < r->nrefs; j++)
		if (strcmp(r->refs[j].label, label) == 0)
			return r->refs[j].rate;
	return NAN;
}

static void put_table(FILE *out, const struct doc *d)
{
	const char *cols[8];
	size_t ncols = ref_columns(d, cols, 8);
	fputs("<h2>The lecture's table</h2>\n<p>Rates in bytes per second, decimal units "
	      "(1 kB/s = 1000 B/s); this machine's median trial beside the rates measured "
	      "elsewhere, as the lessons cite them.</p>\n<table>\n<tr><th>lesson</th>"
	      "<th>this machine</th>", out);
	for (size_t c = 0; c < ncols; c++) {
		fputs("<th>", out);
		esc(out, cols[c]);
		fputs("</th>", out);
	}
	fputs("</tr>\n", out);
	for (size_t i = 0; i < d->nresults; i++) {
		const struct doc_result *r = &d->results[i];
		fputs("<tr><td>", out);
		esc(out, r->lesson);
		if (r->kind && strcmp(r->kind, "lesson") != 0) {
			fputs("<br><small>", out);
			esc(out, r->label && *r->label ? r->label : r->kind);
			fputs("</small>", out);
		}
		fputs("</td><td class=\"n\">", out);
		if (r->status && strcmp(r->status, "ok") != 0)
			esc(out, r->status);
		else
			put_rate(out, r->rate);
		fputs("</td>", out);
		for (size_t c = 0; c < ncols; c++) {
			fputs("<td class=\"n\">", out);
			put_rate(out, ref_rate(r, cols[c]));
			fputs("</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* The bars of the lessons ids[] that d has; the marks point into d. */
static size_t group_bars(const struct doc *d, const char *const *ids, size_t nids,
                         struct chart_bar *bars, struct chart_mark *marks, size_t max_marks)
{
	size_t n = 0, used = 0;
	for (size_t i = 0; i < nids; i++) {
		const struct doc_result *r = doc_find(d, ids[i]);
		if (!r)
			continue;
		struct chart_bar *b = &bars[n++];
		b->label = r->lesson;
		b->rate = r->status && strcmp(r->status, "ok") == 0 ? r->rate : NAN;
		b->marks = marks + used;
		b->nmarks = 0;
		for (size_t j = 0; j < r->nrefs && used < max_marks; j++) {
			marks[used].label = r->refs[j].label;
			marks[used].rate = r->refs[j].rate;
			used++;
			b->nmarks++;
		}
	}
	return n;
}

static size_t count_ids(const char *const *ids)
{
	size_t n = 0;
	while (ids[n])
		n++;
	return n;
}

static void put_groups(FILE *out, const struct doc *d)
{
	int any = 0;
	for (size_t g = 0; g < lecture_groups_count; g++) {
		const struct lecture_group *lg = &lecture_groups[g];
		struct chart_bar bars[16];
		struct chart_mark marks[64];
		size_t n = group_bars(d, lg->lessons, count_ids(lg->lessons), bars, marks, 64);
		if (n == 0)
			continue;
		if (!any)
			fputs("<h2>The lecture's comparisons</h2>\n<p>Each group on one logarithmic "
			      "axis: equal distances are equal factors. Bars are this machine; the "
			      "marks are the references.</p>\n", out);
		any = 1;
		fputs("<figure>\n", out);
		chart_bars_svg(out, lg->title, bars, n);
		fputs("</figure>\n", out);
	}
}

static void put_fit(FILE *out, const char *cache, const struct doc_fit *f)
{
	if (!f->have)
		return;
	char r[32], u[32];
	units_format_cost(f->R, 0, r, sizeof r);
	units_format_cost(f->U, 0, u, sizeof u);
	fprintf(out, "%s: R = %s per call, U = %s per byte. ", cache, r, u);
}

/* A sweep's points as a warm and a cold series. */
static int sweep_series(const struct doc_result *r, struct chart_point *pts,
                        struct chart_series *series)
{
	size_t n[2] = {0, 0};
	for (size_t i = 0; i < r->npoints; i++)
		n[r->points[i].cold]++;
	struct chart_point *start[2] = {pts, pts + n[0]};
	size_t k[2] = {0, 0};
	for (size_t i = 0; i < r->npoints; i++) {
		int c = r->points[i].cold;
		start[c][k[c]].block = r->points[i].block;
		start[c][k[c]].rate = r->points[i].rate;
		k[c]++;
	}
	int ns = 0;
	static const char *const names[2] = {"warm cache", "cold cache"};
	for (int c = 0; c < 2; c++)
		if (n[c]) {
			series[ns].label = names[c];
			series[ns].points = start[c];
			series[ns].n = n[c];
			ns++;
		}
	return ns;
}

static int put_sweep_chart(FILE *out, const struct doc_result *r)
{
	struct chart_point *pts = calloc(r->npoints, sizeof *pts);
	if (!pts)
		return -1;
	struct chart_series series[2];
	int ns = sweep_series(r, pts, series);
	char title[200];
	snprintf(title, sizeof title, "%s: rate against block size", r->lesson);
	int rc = chart_sweep_svg(out, title, series, (size_t)ns);
	free(pts);
	return rc;
}

static void put_sweeps(FILE *out, const struct doc *d)
{
	int any = 0;
	for (size_t i = 0; i < d->nresults; i++) {
		const struct doc_result *r = &d->results[i];
		if (r->npoints == 0)
			continue;
		if (!any)
			fputs("<h2>Block-size sweeps</h2>\n<p>Under each chart, the lecture's model "
			      "fitted to each cache state's points, time = calls \xc2\xb7 R + bytes "
			      "\xc2\xb7 U: R the price of one call, U the price of one byte.</p>\n", out);
		any = 1;
		fputs("<figure>\n", out);
		put_sweep_chart(out, r);
		fputs("<figcaption>", out);
		put_fit(out, "warm", &r->fit[0]);
		put_fit(out, "cold", &r->fit[1]);
		fputs("</figcaption>\n</figure>\n", out);
	}
}

static const char *verdict_mark(const char *v)
{
	if (!v)
		return "?";
	if (strcmp(v, "held") == 0)
		return "\xe2\x9c\x93 held";
	if (strcmp(v, "missed") == 0)
		return "\xe2\x9c\x97 missed";
	return "? inconclusive";
}

static void put_claims(FILE *out, const struct doc_result *r)
{
	if (r->nclaims == 0) {
		fputs("<p>No claim verdicts were kept with this run.</p>\n", out);
		return;
	}
	fputs("<table>\n<tr><th>verdict</th><th>claim</th><th>check</th><th>value</th>"
	      "<th>expected</th></tr>\n", out);
	for (size_t j = 0; j < r->nclaims; j++) {
		const struct doc_claim *c = &r->claims[j];
		fprintf(out, "<tr><td class=\"%s\">%s</td><td>",
		        c->verdict && strcmp(c->verdict, "held") == 0 ? "held"
		        : c->verdict && strcmp(c->verdict, "missed") == 0 ? "missed" : "inconclusive",
		        verdict_mark(c->verdict));
		esc(out, c->claim);
		if (c->reason) {
			fputs("<br><small>", out);
			esc(out, c->reason);
			fputs("</small>", out);
		}
		fputs("</td><td><code>", out);
		esc(out, c->check);
		fputs("</code></td><td class=\"n\">", out);
		if (isfinite(c->value))
			fprintf(out, "%.4g", c->value);
		else
			fputs("\xe2\x80\x94", out);
		fputs("</td><td>", out);
		esc(out, c->bound);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* Where the seconds went, as one stacked bar with its shares. */
static void put_time(FILE *out, const struct doc_time *t)
{
	if (!t->have)
		return;
	const struct { const char *name, *colour; double s; } parts[] = {
		{"user", "#3b6ea5", t->user}, {"system", "#d95f02", t->system},
		{"waiting for a CPU", "#7570b3", t->cpu_wait}, {"blocked", "#999999", t->blocked},
	};
	fputs("<p>Where the time went:</p>\n<div class=\"bar\">", out);
	for (size_t i = 0; i < 4; i++)
		if (parts[i].s > 0 && isfinite(parts[i].s))
			fprintf(out, "<span style=\"width:%.1f%%;background:%s\" title=\"%s\"></span>",
			        100.0 * parts[i].s / t->wall, parts[i].colour, parts[i].name);
	fputs("</div>\n<p><small>", out);
	for (size_t i = 0; i < 4; i++) {
		char sec[32];
		units_format_seconds(isfinite(parts[i].s) ? parts[i].s : 0, 0, sec, sizeof sec);
		fprintf(out, "%s<span style=\"color:%s\">\xe2\x96\xa0</span> %s %s (%.0f%%)",
		        i ? ", " : "", parts[i].colour, parts[i].name, sec,
		        isfinite(parts[i].s) ? 100.0 * parts[i].s / t->wall : 0.0);
	}
	fputs("</small></p>\n", out);
}

static void put_lesson(FILE *out, const struct doc_result *r)
{
	fputs("<h3>", out);
	esc(out, r->lesson);
	if (r->title) {
		fputs(" \xe2\x80\x94 ", out);
		esc(out, r->title);
	}
	fputs("</h3>\n<p>", out);
	if (r->status && strcmp(r->status, "ok") != 0) {
		fputs("Status: ", out);
		esc(out, r->status);
		if (r->error) {
			fputs(" (", out);
			esc(out, r->error);
			fputs(")", out);
		}
	} else {
		fputs("Rate: <b>", out);
		put_rate(out, r->rate);
		fputs("</b>", out);
		if (isfinite(r->log_rate))
			fprintf(out, ", log rate %.2f", r->log_rate);
		if (isfinite(r->predicted_seconds) && isfinite(r->seconds)) {
			char p[32], m[32];
			units_format_seconds(r->predicted_seconds, 0, p, sizeof p);
			units_format_seconds(r->seconds, 0, m, sizeof m);
			fprintf(out, "; this machine's cost model predicted %s, measured %s", p, m);
		}
	}
	if (r->when) {
		fputs(" <small>(run ", out);
		esc(out, r->when);
		if (r->kind && strcmp(r->kind, "lesson") != 0) {
			fputs("; not as the lesson says: ", out);
			esc(out, r->label && *r->label ? r->label : r->kind);
		}
		fputs(")</small>", out);
	}
	fputs("</p>\n", out);
	put_time(out, &r->time);
	put_claims(out, r);
}

static void put_class(FILE *out, const struct class_view *cv)
{
	fprintf(out, "<h2>The class: %zu machines</h2>\n<p>One dot per machine; the box spans "
	        "the middle half of the class (first to third quartile), the line is the "
	        "median.</p>\n", cv->nmachines);
	struct chart_strip *strips = calloc(cv->nlessons ? cv->nlessons : 1, sizeof *strips);
	double **rates = calloc(cv->nlessons ? cv->nlessons : 1, sizeof *rates);
	struct chart_mark **marks = calloc(cv->nlessons ? cv->nlessons : 1, sizeof *marks);
	size_t n = 0;
	for (size_t i = 0; strips && rates && marks && i < cv->nlessons; i++) {
		const struct class_lesson *l = &cv->lessons[i];
		if (l->n == 0)
			continue;
		rates[n] = malloc(l->n * sizeof **rates);
		marks[n] = calloc(l->nrefs ? l->nrefs : 1, sizeof **marks);
		if (!rates[n] || !marks[n])
			break;
		for (size_t j = 0; j < l->n; j++)
			rates[n][j] = l->rates[j].rate;
		for (size_t j = 0; j < l->nrefs; j++) {
			marks[n][j].label = l->refs[j].label;
			marks[n][j].rate = l->refs[j].rate;
		}
		strips[n] = (struct chart_strip){l->lesson, rates[n], l->n, l->q1, l->median, l->q3,
		                                 marks[n], l->nrefs};
		n++;
	}
	if (strips && rates && marks) {
		fputs("<figure>\n", out);
		chart_strips_svg(out, "The class, lesson by lesson", strips, n);
		fputs("</figure>\n", out);
	}
	for (size_t i = 0; rates && marks && i <= n && i < cv->nlessons; i++) {
		free(rates[i]);
		free(marks[i]);
	}
	free(strips);
	free(rates);
	free(marks);
	if (cv->nskipped) {
		fputs("<p>Files skipped:</p>\n<ul>\n", out);
		for (size_t i = 0; i < cv->nskipped; i++) {
			fputs("<li>", out);
			esc(out, cv->skipped[i].file);
			fputs(": ", out);
			esc(out, cv->skipped[i].reason);
			fputs("</li>\n", out);
		}
		fputs("</ul>\n", out);
	}
}

int report_html_write(FILE *out, const struct report_html *r)
{
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	        "<title>iolab lab report</title>\n<style>%s</style>\n</head>\n<body>\n"
	        "<h1>iolab lab report</h1>\n", style);
	if (r->doc) {
		put_machine(out, r);
		if (r->doc->nresults == 0)
			fputs("<p><strong>No results:</strong> the source above holds no run of these "
			      "lessons. Run them first (<code>iolab --batch</code>, or in the lab), "
			      "then write the report again.</p>\n", out);
		put_table(out, r->doc);
		put_groups(out, r->doc);
		put_sweeps(out, r->doc);
		fputs("<h2>Lessons and their claims</h2>\n", out);
		for (size_t i = 0; i < r->doc->nresults; i++)
			put_lesson(out, &r->doc->results[i]);
	}
	if (r->cls)
		put_class(out, r->cls);
	fputs("</body>\n</html>\n", out);
	return ferror(out) ? -1 : 0;
}

int report_svg_write(FILE *out, const struct doc *d, const char *const *ids, size_t nids)
{
	const struct doc_result *first = nids ? doc_find(d, ids[0]) : NULL;
	if (nids == 1 && first && first->npoints > 0)
		return put_sweep_chart(out, first);
	struct chart_bar *bars = calloc(nids ? nids : 1, sizeof *bars);
	struct chart_mark *marks = calloc(nids * 8 + 1, sizeof *marks);
	if (!bars || !marks) {
		free(bars);
		free(marks);
		return -1;
	}
	size_t n = group_bars(d, ids, nids, bars, marks, nids * 8);
	int rc = n == 0 ? 1 : chart_bars_svg(out, nids == 1 ? ids[0] : "iolab: rates compared",
	                                    bars, n);
	free(bars);
	free(marks);
	return rc;
}
