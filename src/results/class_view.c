/* class_view.c - a class's machines merged (class_view.h). */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "class_view.h"
#include "sanitize.h"
#include "units.h"
#include "utf8.h"

#define GROW(ptr, n) reallocarray((ptr), (n) + 1, sizeof *(ptr))

static int skip(struct class_view *cv, const char *file, const char *reason)
{
	struct class_skip *s = GROW(cv->skipped, cv->nskipped);
	if (!s)
		return -1;
	cv->skipped = s;
	s[cv->nskipped].file = strdup(file);
	s[cv->nskipped].reason = strdup(reason);
	if (!s[cv->nskipped].file || !s[cv->nskipped].reason)
		return -1;
	cv->nskipped++;
	return 0;
}

static struct class_lesson *lesson_slot(struct class_view *cv, const struct doc_result *r)
{
	for (size_t i = 0; i < cv->nlessons; i++)
		if (strcmp(cv->lessons[i].lesson, r->lesson) == 0)
			return &cv->lessons[i];
	struct class_lesson *l = GROW(cv->lessons, cv->nlessons);
	if (!l)
		return NULL;
	cv->lessons = l;
	l = &cv->lessons[cv->nlessons];
	memset(l, 0, sizeof *l);
	l->lesson = strdup(r->lesson);
	if (!l->lesson)
		return NULL;
	cv->nlessons++;
	return l;
}

static int copy_refs(struct class_lesson *l, const struct doc_result *r)
{
	if (l->nrefs > 0 || r->nrefs == 0)
		return 0;
	l->refs = calloc(r->nrefs, sizeof *l->refs);
	if (!l->refs)
		return -1;
	for (size_t i = 0; i < r->nrefs; i++) {
		l->refs[i].label = strdup(r->refs[i].label);
		l->refs[i].rate = r->refs[i].rate;
		if (!l->refs[i].label)
			return -1;
		l->nrefs++;
	}
	return 0;
}

static int add_rate(struct class_view *cv, size_t machine, const struct doc_result *r)
{
	if (!r->status || strcmp(r->status, "ok") != 0 || !(r->rate > 0) || !isfinite(r->rate))
		return 0;        /* a failed lesson says nothing about the machine's speed */
	if (r->kind && strcmp(r->kind, "lesson") != 0)
		return 0;        /* a changed or stopped run is not the lesson's result */
	struct class_lesson *l = lesson_slot(cv, r);
	if (!l)
		return -1;
	if (l->n && l->rates[l->n - 1].machine == machine)
		return 0;        /* a lesson listed twice in one document: one machine, one rate */
	struct class_rate *rates = GROW(l->rates, l->n);
	if (!rates)
		return -1;
	l->rates = rates;
	l->rates[l->n].machine = machine;
	l->rates[l->n].rate = r->rate;
	l->n++;
	return copy_refs(l, r);
}

int class_view_add_doc(struct class_view *cv, const char *file, const struct doc *d)
{
	if (!d->machine.id || !*d->machine.id)
		return skip(cv, file, "no machine.id: written by an iolab before 0.3, or edited");
	for (size_t i = 0; i < cv->nmachines; i++)
		if (strcmp(cv->machines[i].id, d->machine.id) == 0) {
			char reason[600];
			snprintf(reason, sizeof reason, "repeats the machine of %s", cv->machines[i].file);
			return skip(cv, file, reason);
		}
	struct class_machine *m = GROW(cv->machines, cv->nmachines);
	if (!m)
		return -1;
	cv->machines = m;
	m = &cv->machines[cv->nmachines];
	m->id = strdup(d->machine.id);
	m->file = strdup(file);
	m->name = d->machine.student ? strdup(d->machine.student) : NULL;
	if (!m->id || !m->file)
		return -1;
	size_t index = cv->nmachines++;
	for (size_t i = 0; i < d->nresults; i++)
		if (add_rate(cv, index, &d->results[i]) != 0)
			return -1;
	return 0;
}

int class_view_add_file(struct class_view *cv, const char *file)
{
	struct doc d;
	char msg[512];
	if (doc_read_file(file, &d, msg, sizeof msg) != 0)
		return skip(cv, file, msg);
	int rc = class_view_add_doc(cv, file, &d);
	doc_free(&d);
	return rc;
}

double class_view_quantile(const double *sorted, size_t n, double p)
{
	if (n == 0)
		return NAN;
	double pos = p * (double)(n - 1);
	size_t i = (size_t)floor(pos);
	if (i + 1 >= n)
		return sorted[n - 1];
	double frac = pos - (double)i;
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int finish_lesson(struct class_lesson *l)
{
	double *v = malloc(l->n * sizeof *v);
	double *lg = malloc(l->n * sizeof *lg);
	l->outliers = calloc(l->n ? l->n : 1, sizeof *l->outliers);
	if (!v || !lg || !l->outliers) {
		free(v);
		free(lg);
		return -1;
	}
	for (size_t i = 0; i < l->n; i++) {
		v[i] = l->rates[i].rate;
		lg[i] = log(v[i]);
	}
	qsort(v, l->n, sizeof *v, cmp_double);
	qsort(lg, l->n, sizeof *lg, cmp_double);
	l->min = v[0];
	l->max = v[l->n - 1];
	l->q1 = class_view_quantile(v, l->n, 0.25);
	l->median = class_view_quantile(v, l->n, 0.5);
	l->q3 = class_view_quantile(v, l->n, 0.75);
	double lq1 = class_view_quantile(lg, l->n, 0.25), lq3 = class_view_quantile(lg, l->n, 0.75);
	double fence = 1.5 * (lq3 - lq1);
	for (size_t i = 0; i < l->n; i++) {
		double x = log(l->rates[i].rate);
		if (x < lq1 - fence || x > lq3 + fence)
			l->outliers[l->noutliers++] = i;
	}
	free(v);
	free(lg);
	return 0;
}

int class_view_finish(struct class_view *cv)
{
	for (size_t i = 0; i < cv->nlessons; i++)
		if (cv->lessons[i].n > 0 && finish_lesson(&cv->lessons[i]) != 0)
			return -1;
	return 0;
}

void class_view_free(struct class_view *cv)
{
	for (size_t i = 0; i < cv->nmachines; i++) {
		free(cv->machines[i].id);
		free(cv->machines[i].name);
		free(cv->machines[i].file);
	}
	free(cv->machines);
	for (size_t i = 0; i < cv->nlessons; i++) {
		struct class_lesson *l = &cv->lessons[i];
		free(l->lesson);
		free(l->rates);
		free(l->outliers);
		for (size_t j = 0; j < l->nrefs; j++)
			free(l->refs[j].label);
		free(l->refs);
	}
	free(cv->lessons);
	for (size_t i = 0; i < cv->nskipped; i++) {
		free(cv->skipped[i].file);
		free(cv->skipped[i].reason);
	}
	free(cv->skipped);
	memset(cv, 0, sizeof *cv);
}

void class_view_machine_label(const struct class_machine *m, char *buf, size_t len)
{
	if (m->name && *m->name) {
		sanitize_copy(buf, len, m->name, -1);
	} else {
		char id[64];
		snprintf(buf, len, "machine %s", sanitize_copy(id, sizeof id, m->id, 8));
	}
}

/* --- writers ----------------------------------------------------------- */

enum { LESSON_COL_MAX = 24, TEXT_COLS = 80 };

/* A lesson id as the text table shows it: harmless, and how many columns
 * it takes. */
static size_t shown_lesson(const char *lesson, char *buf, size_t len)
{
	sanitize_copy(buf, len, lesson, -1);
	return utf8_count(buf, strlen(buf));
}

static size_t lesson_width(const struct class_view *cv)
{
	size_t w = strlen("lesson");
	for (size_t i = 0; i < cv->nlessons; i++) {
		char name[256];
		size_t n = shown_lesson(cv->lessons[i].lesson, name, sizeof name);
		if (n > w)
			w = n;
	}
	return w > LESSON_COL_MAX ? LESSON_COL_MAX : w;
}

/* The lesson cell: an id wider than the column goes whole on lines of its
 * own (80 columns each) above its figures, which start under an empty
 * cell. */
static void put_lesson_cell(FILE *out, const char *lesson, size_t w)
{
	char name[256];
	size_t n = shown_lesson(lesson, name, sizeof name);
	if (n <= w) {
		fputs(name, out);
		fprintf(out, "%*s", (int)(w - n), "");
		return;
	}
	size_t col = 0;
	for (const char *p = name; *p;) {
		size_t k = utf8_len(p);
		if (k == 0)
			k = 1;
		if (col == TEXT_COLS) {
			fputc('\n', out);
			col = 0;
		}
		fwrite(p, 1, k, out);
		p += k;
		col++;
	}
	fprintf(out, "\n%*s", (int)w, "");
}

static void put_outliers(FILE *out, const struct class_view *cv, const struct class_lesson *l)
{
	size_t col = 4;
	fputs("    outliers:", out);
	col += 9;
	for (size_t k = 0; k < l->noutliers; k++) {
		const struct class_rate *r = &l->rates[l->outliers[k]];
		char label[80], rate[32], item[128];
		class_view_machine_label(&cv->machines[r->machine], label, sizeof label);
		units_format_rate(r->rate, rate, sizeof rate);
		int n = snprintf(item, sizeof item, " %s (%s)%s", label, rate,
		                 k + 1 < l->noutliers ? "," : "");
		if (col + (size_t)n > 80) {
			fputs("\n             ", out);
			col = 13;
		}
		fputs(item, out);
		col += (size_t)n;
	}
	fputc('\n', out);
}

int class_view_write_text(FILE *out, const struct class_view *cv)
{
	fprintf(out, "iolab class view: %zu machine%s from %zu file%s", cv->nmachines,
	        cv->nmachines == 1 ? "" : "s", cv->nmachines + cv->nskipped,
	        cv->nmachines + cv->nskipped == 1 ? "" : "s");
	if (cv->nskipped)
		fprintf(out, " (%zu skipped)", cv->nskipped);
	fputs("\n\n", out);
	int w = (int)lesson_width(cv);
	fprintf(out, "%-*s %3s %9s %9s %9s %9s %9s\n", w, "lesson", "n", "min", "q1", "median",
	        "q3", "max");
	for (size_t i = 0; i < cv->nlessons; i++) {
		const struct class_lesson *l = &cv->lessons[i];
		char f[5][32];
		const double v[5] = {l->min, l->q1, l->median, l->q3, l->max};
		for (int k = 0; k < 5; k++)
			units_format_rate(v[k], f[k], sizeof f[k]);
		put_lesson_cell(out, l->lesson, (size_t)w);
		fprintf(out, " %3zu %9s %9s %9s %9s %9s\n", l->n, f[0], f[1], f[2], f[3], f[4]);
		if (l->noutliers)
			put_outliers(out, cv, l);
	}
	for (size_t i = 0; i < cv->nskipped; i++) {
		char file[256], reason[512];
		sanitize_copy(file, sizeof file, cv->skipped[i].file, -1);
		sanitize_copy(reason, sizeof reason, cv->skipped[i].reason, -1);
		fprintf(out, "%sskipped %s: %s\n", i == 0 ? "\n" : "", file, reason);
	}
	return ferror(out) ? -1 : 0;
}

static json_t *outliers_json(const struct class_view *cv, const struct class_lesson *l)
{
	json_t *a = json_array();
	for (size_t k = 0; k < l->noutliers; k++) {
		const struct class_rate *r = &l->rates[l->outliers[k]];
		const struct class_machine *m = &cv->machines[r->machine];
		char label[80];
		class_view_machine_label(m, label, sizeof label);
		json_array_append_new(a, json_pack("{s:s, s:s, s:f}", "machine", m->id, "label", label,
		                                   "rate", r->rate));
	}
	return a;
}

int class_view_write_json(FILE *out, const struct class_view *cv)
{
	json_t *lessons = json_array(), *skipped = json_array();
	for (size_t i = 0; i < cv->nlessons; i++) {
		const struct class_lesson *l = &cv->lessons[i];
		json_array_append_new(lessons, json_pack(
			"{s:s, s:I, s:f, s:f, s:f, s:f, s:f, s:o}", "lesson", l->lesson,
			"machines", (json_int_t)l->n, "median", l->median, "q1", l->q1, "q3", l->q3,
			"min", l->min, "max", l->max, "outliers", outliers_json(cv, l)));
	}
	for (size_t i = 0; i < cv->nskipped; i++) {
		char file[1024], reason[1024];     /* argv is bytes; JSON text is UTF-8 */
		sanitize_copy(file, sizeof file, cv->skipped[i].file, -1);
		sanitize_copy(reason, sizeof reason, cv->skipped[i].reason, -1);
		json_array_append_new(skipped, json_pack("{s:s, s:s}", "file", file, "reason", reason));
	}
	json_t *doc = json_pack("{s:s, s:I, s:o, s:o}", "iolab", PACKAGE_VERSION,
	                        "machines", (json_int_t)cv->nmachines, "lessons", lessons,
	                        "skipped", skipped);
	if (!doc)
		return -1;
	int rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
	json_decref(doc);
	fputc('\n', out);
	return rc == 0 && !ferror(out) ? 0 : -1;
}

/* RFC 4180, as the batch CSV: a field with a comma, quote, CR or LF quoted. */
static void csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

int class_view_write_csv(FILE *out, const struct class_view *cv)
{
	fputs("lesson,machines,median,q1,q3,min,max,outliers\r\n", out);
	for (size_t i = 0; i < cv->nlessons; i++) {
		const struct class_lesson *l = &cv->lessons[i];
		char lesson[512];
		csv_field(out, sanitize_copy(lesson, sizeof lesson, l->lesson, -1));
		fprintf(out, ",%zu,%.17g,%.17g,%.17g,%.17g,%.17g,", l->n, l->median, l->q1, l->q3,
		        l->min, l->max);
		char list[2048] = "";
		size_t used = 0;
		for (size_t k = 0; k < l->noutliers && used < sizeof list - 64; k++) {
			const struct class_rate *r = &l->rates[l->outliers[k]];
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s:%.17g",
			                         k ? "|" : "", cv->machines[r->machine].id, r->rate);
		}
		char clean[2048];
		csv_field(out, sanitize_copy(clean, sizeof clean, list, -1));
		fputs("\r\n", out);
	}
	return ferror(out) ? -1 : 0;
}
