/* report_format_text.c - the results as an aligned table, like the lecture's.
 *
 *   lesson    workload                       rate       log rate  syscalls r/w  bytes/syscall  2011 iMac
 *   w03-byte  write() - 1 B blocks - 10 MiB  3.48 MB/s  15.06     0/10,485,760  1 B            900 kB/s
 *
 * as one table when it fits REPORT_TEXT_WIDTH (or --wide), else as three.
 *
 * Plain text for a terminal or a paste: spaces only, no control
 * characters, ASCII but for labels and error texts as their authors wrote
 * them (kept valid UTF-8).  Notes under the table carry what does not fit a
 * cell: errors, expected errors, time-limited trials, sweep points and fits,
 * and last every expectation's verdict with its value and bound.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "figures.h"
#include "report.h"
#include "report_format.h"
#include "units.h"
#include "utf8.h"

/* Text from lesson files and error messages (a command's stderr): one
 * line, made safe for a terminal (report_put_line). */
static void put_text(FILE *out, const char *s)
{
	report_put_line(out, s, NULL);
}

/* columns a string takes: one per code point (the labels are Latin), one
 * per byte put_text shows as U+FFFD */
static size_t text_width(const char *s)
{
	return s ? utf8_count(s, strlen(s)) : 0;
}

/* --- a table of strings ------------------------------------------------------ */

#define CELL_LEN 160

struct table {
	size_t ncols, nrows;
	char (*cells)[CELL_LEN];  /* (nrows + 1) * ncols, row 0 the header */
	int *right;               /* right-align this column */
};

static int table_init(struct table *t, size_t ncols, size_t nrows)
{
	t->ncols = ncols;
	t->nrows = nrows;
	t->cells = calloc((nrows + 1) * ncols, sizeof *t->cells);
	t->right = calloc(ncols, sizeof *t->right);
	return t->cells && t->right ? 0 : -1;
}

static char *table_cell(struct table *t, size_t row, size_t col)
{
	return t->cells[row * t->ncols + col];
}

static void table_free(struct table *t)
{
	free(t->cells);
	free(t->right);
}

/* each column's width: its widest cell, header included */
static size_t *table_widths(struct table *t)
{
	size_t *width = calloc(t->ncols ? t->ncols : 1, sizeof *width);
	if (!width)
		return NULL;
	for (size_t r = 0; r <= t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			size_t w = text_width(table_cell(t, r, c));
			if (w > width[c])
				width[c] = w;
		}
	return width;
}

/* Columns a line of these columns takes. */
static size_t cols_width(const size_t *width, const size_t *cols, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; i++)
		w += width[cols[i]] + (i ? 2 : 0);
	return w;
}

/* A last, left-aligned cell s from column `at`, its lines broken between
 * the items of a workload (" - ") to end by column `max` (an item longer
 * than that stays whole); continuation lines start at `at` too. */
static void put_wrapped(FILE *out, const char *s, size_t at, size_t max)
{
	static const char sep[] = " - ";
	size_t room = max > at + 8 ? max - at : 8, col = 0;
	while (*s) {
		const char *end = strstr(s, sep);
		size_t item = end ? (size_t)(end - s) : strlen(s);
		char buf[CELL_LEN];
		snprintf(buf, sizeof buf, "%.*s", (int)item, s);
		size_t iw = text_width(buf);
		/* an item that is not the last leaves room for the " -" that
		 * ends its line should the next one wrap */
		size_t need = iw + (end ? 2 : 0);
		if (col && col + strlen(sep) + need > room) {
			fprintf(out, " -\n%*s", (int)at, "");
			col = 0;
		} else if (col) {
			fputs(sep, out);
			col += strlen(sep);
		}
		put_text(out, buf);
		col += iw;
		s += item;
		if (end)
			s += strlen(sep);
	}
}

/* The columns cols[0 .. n-1] of t, in that order; a last, left-aligned
 * column wraps to end by column `max` (0: never). */
static void table_print_cols(FILE *out, struct table *t, const size_t *width, const size_t *cols,
                             size_t n, const char *indent, size_t max)
{
	for (size_t r = 0; r <= t->nrows; r++) {
		fputs(indent, out);
		for (size_t i = 0; i < n; i++) {
			size_t c = cols[i];
			const char *s = table_cell(t, r, c);
			if (max && i + 1 == n && !t->right[c]) {
				put_wrapped(out, s, strlen(indent) + cols_width(width, cols, i) + (i ? 2 : 0),
				            max);
				break;
			}
			size_t pad = width[c] - text_width(s);
			int last = i + 1 == n;
			if (t->right[c])
				fprintf(out, "%*s", (int)pad, "");
			put_text(out, s);
			if (!last && !t->right[c])
				fprintf(out, "%*s", (int)pad, "");
			if (!last)
				fputs("  ", out);
		}
		fputc('\n', out);
	}
}

static void table_print(FILE *out, struct table *t, const char *indent)
{
	size_t *width = table_widths(t);
	size_t *cols = calloc(t->ncols ? t->ncols : 1, sizeof *cols);
	if (width && cols) {
		for (size_t c = 0; c < t->ncols; c++)
			cols[c] = c;
		table_print_cols(out, t, width, cols, t->ncols, indent, 0);
	}
	free(cols);
	free(width);
}


/* --- cells ----------------------------------------------------------------------- */

static void fmt_count(int64_t v, char *buf, size_t len)
{
	if (v < 0)
		snprintf(buf, len, "-");
	else
		units_format_count((uint64_t)v, buf, len);
}

static void fmt_rate_cell(const struct report_result *res, char *buf, size_t len)
{
	if (res->status == REPORT_ERROR && !res->measured) {
		snprintf(buf, len, "error");
		return;
	}
	if (res->spec.expect_error && res->status == REPORT_OK) {
		const char *name = wl_errno_name(res->spec.expect_error);
		snprintf(buf, len, "%s (expected)", name ? name : "error");
		return;
	}
	if (!res->measured || !(res->summary.rate_median >= 0)) {
		snprintf(buf, len, "-");
		return;
	}
	/* a rate the load held back says so first, so rates still end in
	 * one column; the note under the table says how long it waited */
	char rate[32];
	units_format_rate(res->summary.rate_median, rate, sizeof rate);
	snprintf(buf, len, "%s%s", report_ran_busy(res) == 1 ? "busy " : "", rate);
	if (res->summary.median.time_limited)
		strncat(buf, "*", len - strlen(buf) - 1);
	if (res->status == REPORT_ERROR)
		strncat(buf, " (error)", len - strlen(buf) - 1);
}

static void fmt_syscalls(const struct report_result *res, char *buf, size_t len)
{
	char r[32], w[32];
	if (!res->measured) {
		snprintf(buf, len, "-");
		return;
	}
	fmt_count(report_syscalls_read(res), r, sizeof r);
	fmt_count(report_syscalls_write(res), w, sizeof w);
	snprintf(buf, len, "%s/%s", r, w);
}

static void fmt_per_syscall(const struct report_result *res, char *buf, size_t len)
{
	double v = report_bytes_per_syscall(res);
	int expected = res->spec.expect_error && res->status == REPORT_OK;
	if (!isfinite(v) || expected)
		snprintf(buf, len, "-");
	else
		units_format_bytes(v, buf, len);
}

/* --- the reference columns: every label any result has, first seen first */

struct labels {
	const char **v;
	size_t n;
};

static int labels_collect(const struct report *r, struct labels *l)
{
	size_t max = 0;
	for (size_t i = 0; i < r->nresults; i++)
		max += r->results[i].nrefs;
	l->n = 0;
	l->v = calloc(max ? max : 1, sizeof *l->v);
	if (!l->v)
		return -1;
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nrefs; j++) {
			const char *label = r->results[i].refs[j].label;
			size_t k = 0;
			while (k < l->n && strcmp(l->v[k], label) != 0)
				k++;
			if (k == l->n)
				l->v[l->n++] = label;
		}
	return 0;
}

static const struct report_ref *ref_by_label(const struct report_result *res, const char *label)
{
	for (size_t i = 0; i < res->nrefs; i++)
		if (strcmp(res->refs[i].label, label) == 0)
			return &res->refs[i];
	return NULL;
}

/* --- the main table ------------------------------------------------------------ */

/* The trials' spread around the median rate, in percent: "-3%/+5%"; "-"
 * for one trial or none. */
static void fmt_spread(const struct report_result *res, char *buf, size_t len)
{
	const struct trial_summary *s = &res->summary;
	if (!report_has_rate(res) || res->trials < 2 || !(s->rate_median > 0)) {
		snprintf(buf, len, "-");
		return;
	}
	double lo = (s->rate_min / s->rate_median - 1) * 100, hi = (s->rate_max / s->rate_median - 1) * 100;
	snprintf(buf, len, "-%.0f%%/+%.0f%%", fabs(lo), fabs(hi));
}

enum { COL_LESSON, COL_WORKLOAD, COL_RATE, COL_SPREAD, COL_LOG, COL_SYSCALLS, COL_PER_SYSCALL,
       COL_REFS };

static void fill_row(struct table *t, size_t row, const struct report_result *res,
                     const struct labels *labels)
{
	snprintf(table_cell(t, row, COL_LESSON), CELL_LEN, "%s", res->lesson);
	wl_spec_describe(&res->spec, 1, table_cell(t, row, COL_WORKLOAD), CELL_LEN);
	fmt_rate_cell(res, table_cell(t, row, COL_RATE), CELL_LEN);
	fmt_spread(res, table_cell(t, row, COL_SPREAD), CELL_LEN);
	double lr = report_log_rate(res);
	if (isfinite(lr) && !(res->spec.expect_error && res->status == REPORT_OK))
		units_format_fixed(lr, 2, table_cell(t, row, COL_LOG), CELL_LEN);
	else
		snprintf(table_cell(t, row, COL_LOG), CELL_LEN, "-");
	fmt_syscalls(res, table_cell(t, row, COL_SYSCALLS), CELL_LEN);
	fmt_per_syscall(res, table_cell(t, row, COL_PER_SYSCALL), CELL_LEN);
	for (size_t k = 0; k < labels->n; k++) {
		const struct report_ref *ref = ref_by_label(res, labels->v[k]);
		char *cell = table_cell(t, row, COL_REFS + k);
		if (ref)
			units_format_rate(ref->rate, cell, CELL_LEN);
		else
			snprintf(cell, CELL_LEN, "-");
	}
}

/* The narrow form: the table in groups of columns, each group a table of
 * its own that begins with the `keep` columns it is read by (the lesson;
 * for the references, the lesson and this machine's rate too).  A group
 * wider than REPORT_TEXT_WIDTH is split into more tables, each with its
 * keep columns, as many columns in each as fit (at least one). */
struct col_group {
	const char *title;        /* over its tables ("" for the first) */
	size_t keep;
	size_t cols[8];           /* keep columns first; COL_REFS stands for every reference */
	size_t n;
};

static const struct col_group narrow_groups[] = {
	{"", 1, {COL_LESSON, COL_RATE, COL_SPREAD, COL_LOG, COL_SYSCALLS}, 5},
	{"workloads:", 1, {COL_LESSON, COL_PER_SYSCALL, COL_WORKLOAD}, 3},  /* the last wraps */
	{"beside the references:", 2, {COL_LESSON, COL_RATE, COL_REFS}, 3},
};

/* Below this many columns a last column of words is not worth wrapping
 * into: it goes to a table of its own. */
#define WRAP_MIN 30

/* The columns column c needs in a table: a last, left-aligned column of
 * words wraps (put_wrapped), so WRAP_MIN of them will do. */
static size_t packed_width(const struct table *t, const size_t *width, size_t c, int last)
{
	return last && !t->right[c] && width[c] > WRAP_MIN ? WRAP_MIN : width[c];
}

static void print_group(FILE *out, struct table *t, const size_t *width,
                        const struct col_group *g, int *first)
{
	size_t all[COL_REFS + 64], n = 0;
	for (size_t i = 0; i < g->n && n < COUNT(all); i++)
		if (g->cols[i] != COL_REFS)
			all[n++] = g->cols[i];
		else
			for (size_t c = COL_REFS; c < t->ncols && n < COUNT(all); c++)
				all[n++] = c;
	if (n <= g->keep)
		return;
	int titled = 0;
	for (size_t next = g->keep; next < n;) {
		size_t cols[COL_REFS + 64], k = 0;
		for (; k < g->keep; k++)
			cols[k] = all[k];
		do
			cols[k++] = all[next++];
		while (next < n && cols_width(width, cols, k) + 2 + packed_width(t, width, all[next], next + 1 == n)
		                   <= REPORT_TEXT_WIDTH);
		if (!*first)
			fputc('\n', out);
		if (*g->title && !titled)
			fprintf(out, "%s\n", g->title);
		titled = 1;
		*first = 0;
		table_print_cols(out, t, width, cols, k, "", REPORT_TEXT_WIDTH);
	}
}

static void print_fitted(FILE *out, struct table *t, int wide)
{
	size_t *width = table_widths(t);
	if (!width)
		return;
	size_t all[COL_REFS + 64], n = 0;
	for (size_t c = 0; c < t->ncols && n < COUNT(all); c++)
		all[n++] = c;
	if (wide || cols_width(width, all, n) <= REPORT_TEXT_WIDTH) {
		table_print_cols(out, t, width, all, n, "", 0);
	} else {
		int first = 1;
		for (size_t i = 0; i < COUNT(narrow_groups); i++)
			print_group(out, t, width, &narrow_groups[i], &first);
	}
	free(width);
}

static int write_table(FILE *out, const struct report *r)
{
	static const char *const heads[] = {
		"lesson", "workload", "rate", "spread", "log rate", "syscalls r/w", "bytes/syscall"};
	struct labels labels;
	struct table t;
	if (labels_collect(r, &labels) != 0)
		return -1;
	if (table_init(&t, COL_REFS + labels.n, r->nresults) != 0) {
		free(labels.v);
		table_free(&t);
		return -1;
	}
	for (size_t c = 0; c < COL_REFS; c++)
		snprintf(table_cell(&t, 0, c), CELL_LEN, "%s", heads[c]);
	for (size_t k = 0; k < labels.n; k++)
		snprintf(table_cell(&t, 0, COL_REFS + k), CELL_LEN, "%s", labels.v[k]);
	for (size_t c = COL_RATE; c < t.ncols; c++)
		t.right[c] = 1;
	for (size_t i = 0; i < r->nresults; i++)
		fill_row(&t, i + 1, &r->results[i], &labels);
	print_fitted(out, &t, r->wide);
	table_free(&t);
	free(labels.v);
	return 0;
}

/* --- notes --------------------------------------------------------------------- */

/* Each busy result's wait for a CPU, measured (its median trial's). */
static void write_busy_notes(FILE *out, const struct report *r, int first)
{
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		const struct trial_result *m = &res->summary.median;
		if (report_ran_busy(res) != 1)
			continue;
		fputs(first ? "\n" : "", out);
		first = 0;
		if (m->cpu_wait >= 0)
			fprintf(out, "busy: %s waited %.2f s of %.2f s for a CPU;\n      alone it would have "
			        "run at ", res->lesson, m->cpu_wait, m->seconds);
		else
			fprintf(out, "busy: %s was on the CPU for under %.0f%% of its time%s", res->lesson,
			        REPORT_BUSY_CPU_SHARE * 100, "\n");
		if (m->cpu_wait >= 0) {
			char rate[32];
			units_format_rate(figures_rate_alone(m->bytes, m->seconds, m->cpu_wait), rate,
			                  sizeof rate);
			fprintf(out, "%s (rate_alone)\n", rate);
		}
	}
}

static void write_notes(FILE *out, const struct report *r)
{
	int limited = 0, first = 1;
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		if (res->measured && res->summary.median.time_limited)
			limited = 1;
		if (!res->error)
			continue;
		if (first)
			fputc('\n', out);
		first = 0;
		fprintf(out, "%s: %s", res->lesson, res->status == REPORT_OK ? "expected error: " : "error: ");
		put_text(out, res->error);
		fputc('\n', out);
	}
	if (limited)
		fprintf(out, "%s* stopped at the time limit: the rate is over what was done\n",
		        first ? "\n" : "");
	write_busy_notes(out, r, first && !limited);
}

/* A scenario's file, escaped and bounded (wl_scenario.h): what the lesson
 * is about, so it is printed whole, on lines of its own. */
static void write_evidence(FILE *out, const struct report *r)
{
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		const struct wl_evidence *e = &res->summary.median.evidence;
		if (!res->measured || !e->present)
			continue;
		fprintf(out, "\n%s: the file holds %lld bytes, %lld lines (most copies of one line: %lld; "
		        "issued lines missing: %lld; in program order: %s):\n  ", res->lesson,
		        (long long)e->bytes, (long long)e->lines, (long long)e->max_copies,
		        (long long)e->missing, e->in_order ? "yes" : "no");
		put_text(out, e->text);
		fputc('\n', out);
	}
}

/* --- expectations ------------------------------------------------------------- */

static const char *verdict_word(enum expect_verdict v)
{
	return v == EXPECT_HELD ? "held" : v == EXPECT_MISSED ? "MISSED" : "inconclusive";
}

/* "calls.fwrite / syscalls.write = 4096", with the trials' range when it
 * is one: "= 4012 (3990 .. 4100)". */
static void fmt_value(const struct report_expectation *e, char *buf, size_t len)
{
	const struct expect_outcome *o = &e->outcome;
	char v[32], lo[32], hi[32];
	if (!o->has_value) {
		snprintf(buf, len, "%s = -", e->check);
		return;
	}
	expect_format_number(o->value, v, sizeof v);
	expect_format_number(o->min, lo, sizeof lo);
	expect_format_number(o->max, hi, sizeof hi);
	if (strcmp(lo, hi) == 0)
		snprintf(buf, len, "%s = %s", e->check, v);
	else
		snprintf(buf, len, "%s = %s (%s .. %s)", e->check, v, lo, hi);
}

/* One line per expectation, in the order of the results:
 *   held          w05-x: "one write() per 4096": calls.fwrite / syscalls.write = 4096, near 4096 +- 1%
 *   inconclusive  a08-y: "...": rate / rate(a03) = 0.5 (0.4 .. 0.6), at least 0.5 (straddle: ...) */
static void write_expectations(FILE *out, const struct report *r)
{
	int first = 1;
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nexpects; j++) {
			const struct report_expectation *e = &r->results[i].expects[j];
			char value[2 * EXPECT_TEXT_MAX + 96], bound[2 * EXPECT_TEXT_MAX + 64];
			if (first)
				fputs("\nexpectations:\n", out);
			first = 0;
			fmt_value(e, value, sizeof value);
			report_ascii_bound(e->bound, bound, sizeof bound);
			fprintf(out, "  %-12s  %s: \"", verdict_word(e->outcome.verdict), r->results[i].lesson);
			put_text(out, e->claim);
			fputs("\": ", out);
			put_text(out, value);
			fputs(", ", out);
			put_text(out, bound);
			if (e->outcome.verdict == EXPECT_INCONCLUSIVE) {
				char why[sizeof e->outcome.why + 16];
				report_ascii_bound(e->outcome.why, why, sizeof why);
				fprintf(out, " (%s: ", expect_reason_name(e->outcome.reason));
				put_text(out, why);
				fputc(')', out);
			}
			fputc('\n', out);
		}
}

/* "230 ns", "217 us", "1.5 ms": three significant digits in a unit that
 * keeps the number readable (an O_SYNC call costs 10^5 ns) */
static void fmt_cost(double seconds, const char *per, char *buf, size_t len)
{
	static const struct { double scale; const char *unit; } units[] = {
		{1e9, "ns"}, {1e6, "us"}, {1e3, "ms"}, {1, "s"}};
	size_t u = 0;
	if (!isfinite(seconds)) {
		snprintf(buf, len, "-");
		return;
	}
	while (u + 1 < sizeof units / sizeof *units && fabs(seconds) * units[u].scale >= 1000)
		u++;
	snprintf(buf, len, "%.3g %s per %s", seconds * units[u].scale, units[u].unit, per);
}

static void write_fit(FILE *out, const struct report_result *res, enum wl_cache c)
{
	const struct report_fit *f = &res->fit[c];
	char r[48], u[48];
	if (!f->present)
		return;
	if (!f->ok) {
		fprintf(out, "  fit %s: the points do not determine R and U\n", wl_cache_name(c));
		return;
	}
	fmt_cost(f->r, "call", r, sizeof r);
	fmt_cost(f->u, "byte", u, sizeof u);
	fprintf(out, "  fit %s: seconds = calls * R + bytes * U, R = %s, U = %s\n",
	        wl_cache_name(c), r, u);
}

/* one row per block, one rate column per cache state */
static void write_sweep(FILE *out, const struct report_result *res)
{
	size_t ncache = 0, nblocks = 0;
	enum wl_cache caches[2];
	for (int c = WL_CACHE_WARM; c <= WL_CACHE_COLD; c++)
		if (res->fit[c].present)
			caches[ncache++] = (enum wl_cache)c;
	if (!ncache || !res->npoints)
		return;
	nblocks = res->npoints / ncache;
	struct table t;
	if (table_init(&t, 1 + ncache, nblocks) != 0) {
		table_free(&t);
		return;
	}
	snprintf(table_cell(&t, 0, 0), CELL_LEN, "block");
	for (size_t k = 0; k < ncache; k++) {
		snprintf(table_cell(&t, 0, 1 + k), CELL_LEN, "%s", wl_cache_name(caches[k]));
		t.right[1 + k] = 1;
	}
	t.right[0] = 1;
	/* points are cache-major (sweep_point_at): every block warm, then cold */
	for (size_t k = 0; k < ncache; k++)
		for (size_t b = 0; b < nblocks; b++) {
			const struct sweep_point *p = &res->points[k * nblocks + b];
			units_format_bytes((double)p->block, table_cell(&t, 1 + b, 0), CELL_LEN);
			if (p->ok)
				units_format_rate(p->rate, table_cell(&t, 1 + b, 1 + k), CELL_LEN);
			else
				snprintf(table_cell(&t, 1 + b, 1 + k), CELL_LEN, "error");
		}
	fprintf(out, "\nsweep %s:\n", res->lesson);
	table_print(out, &t, "  ");
	table_free(&t);
	for (size_t k = 0; k < ncache; k++)
		write_fit(out, res, caches[k]);
}

/* This machine's model beside each measurement: the headline (predicted,
 * measured, the largest term) and, where it missed, the term that was off. */
static void write_models(FILE *out, const struct report *r)
{
	int first = 1;
	for (size_t i = 0; i < r->nresults; i++) {
		const struct report_result *res = &r->results[i];
		char line[512], miss[256];
		if (!res->model.present)
			continue;
		if (first)
			fputs("\nthis machine's model (iolab --calibrate):\n", out);
		first = 0;
		model_headline(&res->model, 1, line, sizeof line);
		model_miss_words(&res->model, 1, miss, sizeof miss);
		fprintf(out, "  %-20s %s\n", res->lesson, line);
		if (*miss)
			fprintf(out, "  %-20s %s\n", "", miss);
	}
}

int report_format_text(FILE *out, const struct report *r)
{
	fprintf(out, "iolab %s, Linux %s, ", r->version, r->kernel);
	put_text(out, r->filesystem);
	fputs(" at ", out);
	put_text(out, r->scratch);
	fprintf(out, ", %s; median of %u trial%s by rate\n\n", r->started, r->trials,
	        r->trials == 1 ? "" : "s");
	if (write_table(out, r) != 0)
		return -1;
	write_notes(out, r);
	write_evidence(out, r);
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].is_sweep)
			write_sweep(out, &r->results[i]);
	write_models(out, r);
	write_expectations(out, r);
	return ferror(out) ? -1 : 0;
}
