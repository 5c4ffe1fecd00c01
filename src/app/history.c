/* history.c - iolab --history: the saved runs as a table, JSON or CSV.
 *
 * Every format walks the same query (store_each: every run, oldest first,
 * with its stored batch JSON object and its sweep points) and the same
 * score (store_score), so the three cannot disagree about which runs there
 * are.  Text is for a person at a terminal; JSON is for merging a class's
 * exports (each run is its batch object with the store's columns in
 * front); CSV is the headline columns for a spreadsheet.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "countof.h"
#include "errmsg.h"
#include "history.h"
#include "machine.h"
#include "notebook.h"
#include "scratch.h"
#include "report.h"
#include "report_format.h"
#include "report_field_rows.h"
#include "sanitize.h"
#include "units.h"
#include "utf8.h"

/* --- which runs ------------------------------------------------------------- */

struct walk {
	const char *const *lessons;
	size_t nlessons;
	FILE *out;
	size_t n;                 /* runs written so far */
	void *rows;               /* the text table collects its rows */
	int failed;               /* out of memory */
};

/* A run of a lesson by the lesson's id; an own program's, which has no
 * lesson, by the label the notebook shows it under: its command line
 * ("./copy {file}", notebook_command_label), its raced and stopped runs
 * too, as the lab's page of the program lists them. */
static int wanted(const struct walk *w, const struct store_run *r)
{
	if (!w->nlessons)
		return 1;
	for (size_t i = 0; i < w->nlessons; i++) {
		if (r->lesson && strcmp(r->lesson, w->lessons[i]) == 0)
			return 1;
		if (notebook_run_of_program(r, w->lessons[i]))
			return 1;
	}
	return 0;
}

/* The score over the lessons asked for: store_score's, summed. */
static int score_of(struct store *st, const char *const *lessons, size_t n,
                    struct store_score *out, char *msg, size_t len)
{
	if (!n)
		return store_score(st, NULL, out, msg, len);
	double sum = 0;
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < n; i++) {
		struct store_score s;
		if (store_score(st, lessons[i], &s, msg, len) != 0)
			return -1;
		out->guesses += s.guesses;
		out->within_1 += s.within_1;
		if (s.guesses)
			sum += s.mean_miss * (double)s.guesses;
	}
	out->mean_miss = out->guesses ? sum / (double)out->guesses : NAN;
	return 0;
}

/* --- JSON -------------------------------------------------------------------- */

static void json_num(FILE *out, double v)
{
	char buf[40];
	report_format_double(v, buf, sizeof buf);
	fputs(buf, out);
}

static void json_count(FILE *out, int64_t v)
{
	if (v < 0)
		fputs("null", out);
	else
		fprintf(out, "%lld", (long long)v);
}

static void json_guess(FILE *out, const struct store_run *r)
{
	if (isnan(r->guess_rate)) {
		fputs("null", out);
		return;
	}
	fputs("{\"rate\": ", out);
	json_num(out, r->guess_rate);
	fputs(", \"log_rate\": ", out);
	json_num(out, r->guess_log_rate);
	fputs(", \"text\": ", out);
	report_format_json_string(out, r->guess_text);
	fputs(", \"miss\": ", out);
	json_num(out, r->guess_miss);
	fputc('}', out);
}

/* --- the notebook's columns --------------------------------------------------- */

/* How a column of a stored run is read, and printed in JSON or CSV. */
enum col_type {
	C_TEXT,                   /* const char *: NULL is null */
	C_COUNT,                  /* int64_t: -1 is null */
	C_REAL,                   /* double: NAN is null */
	C_FLAG,                   /* int: 1 true, 0 false, -1 null */
	C_STATUS,                 /* int ok: "ok" or "error" */
	C_KIND,                   /* enum store_kind, by name */
	C_RECORDER,               /* enum store_recorder, by name */
	C_NULL                    /* a batch field the notebook does not keep */
};

struct column {
	const char *name;         /* a batch field's own (report_field_rows.h)
	                             where the column holds one */
	enum col_type type;
	size_t offset;            /* of the member in struct store_run */
};

#define RUN(member) offsetof(struct store_run, member)

static const void *member(const struct store_run *r, const struct column *c)
{
	return (const char *)r + c->offset;
}

static void json_value(FILE *out, const struct store_run *r, const struct column *c)
{
	const void *m = member(r, c);
	switch (c->type) {
	case C_TEXT: report_format_json_string(out, *(const char *const *)m); break;
	case C_COUNT: json_count(out, *(const int64_t *)m); break;
	case C_REAL: json_num(out, *(const double *)m); break;
	case C_FLAG:
		fputs(*(const int *)m < 0 ? "null" : *(const int *)m ? "true" : "false", out);
		break;
	case C_STATUS: report_format_json_string(out, *(const int *)m ? "ok" : "error"); break;
	case C_KIND: report_format_json_string(out, store_kind_name(*(const enum store_kind *)m)); break;
	case C_RECORDER:
		report_format_json_string(out, store_recorder_name(*(const enum store_recorder *)m));
		break;
	case C_NULL: fputs("null", out); break;
	}
}

/* Columns as members of a JSON object, nested as the batch document nests
 * them: "seconds.median" is "median" inside "seconds", consecutive names
 * of one prefix in one object. */
static void json_columns(FILE *out, const struct store_run *r, const struct column *cs, size_t n)
{
	const char *open = NULL;  /* the name that opened the object we are in */
	size_t plen = 0;
	for (size_t i = 0; i < n; i++) {
		const char *name = cs[i].name, *dot = strchr(name, '.');
		size_t len = dot ? (size_t)(dot - name) : 0;
		int inside = open && dot && len == plen && strncmp(name, open, len) == 0;
		if (open && !inside) {
			fputc('}', out);
			open = NULL;
		}
		fputs(i ? ", " : "", out);
		if (dot && !inside) {
			fprintf(out, "\"%.*s\": {", (int)len, name);
			open = name;
			plen = len;
		}
		fprintf(out, "\"%s\": ", dot ? dot + 1 : name);
		json_value(out, r, &cs[i]);
	}
	if (open)
		fputc('}', out);
}

/* What a run stored without its batch object (imported from the old
 * progress file) gives of the batch fields, by their names, in the batch
 * document's order. */
static const struct column imported_fields[] = {
	{RFN_LESSON, C_TEXT, RUN(lesson)},
	{RFN_STATUS, C_STATUS, RUN(ok)},
	{RFN_ERROR, C_TEXT, RUN(error)},
	{RFN_PASSES, C_COUNT, RUN(passes)},
	{RFN_BYTES, C_COUNT, RUN(bytes)},
	{RFN_SECONDS_MEDIAN, C_REAL, RUN(seconds)},
	{RFN_SECONDS_MIN, C_NULL, 0},
	{RFN_SECONDS_MAX, C_NULL, 0},
	{RFN_RATE_MEDIAN, C_REAL, RUN(rate)},
	{RFN_RATE_MIN, C_NULL, 0},
	{RFN_RATE_MAX, C_NULL, 0},
	{RFN_LOG_RATE, C_REAL, RUN(log_rate)},
	{RFN_TIME_LIMITED, C_FLAG, RUN(time_limited)},
	{RFN_SYSCALLS_READ, C_COUNT, RUN(syscalls_read)},
	{RFN_SYSCALLS_WRITE, C_COUNT, RUN(syscalls_write)},
};

/* A run stored without its batch object: the batch fields it has, then
 * its sweep points. */
static void json_fields_of_columns(FILE *out, const struct store_run *r)
{
	json_columns(out, r, imported_fields, COUNT(imported_fields));
	fputs(", \"sweep\": ", out);
	if (!r->npoints) {
		fputs("null", out);
		return;
	}
	fputs("{\"points\": [", out);
	for (size_t i = 0; i < r->npoints; i++) {
		const struct sweep_point *p = &r->points[i];
		fprintf(out, "%s{\"block\": %llu, \"cache\": ", i ? ", " : "",
		        (unsigned long long)p->block);
		report_format_json_string(out, wl_cache_name(p->cache));
		fprintf(out, ", \"ok\": %s, \"rate\": ", p->ok ? "true" : "false");
		json_num(out, p->ok ? p->rate : NAN);
		fputs(", \"seconds\": ", out);
		json_num(out, p->ok ? p->seconds : NAN);
		fputs(", \"calls\": ", out);
		json_num(out, p->ok ? p->calls : NAN);
		fputs(", \"bytes\": ", out);
		json_num(out, p->ok ? p->bytes : NAN);
		fputc('}', out);
	}
	fputs("], \"fit\": null}", out);
}

static int json_run(const struct store_run *r, void *arg)
{
	struct walk *w = arg;
	FILE *out = w->out;
	if (!wanted(w, r))
		return 0;
	fputs(w->n++ ? ",\n    " : "\n    ", out);
	fprintf(out, "{\"id\": %lld, \"kind\": ", (long long)r->id);
	report_format_json_string(out, store_kind_name(r->kind));
	fputs(", \"label\": ", out);
	report_format_json_string(out, r->label ? r->label : "");
	fputs(", \"when\": ", out);
	report_format_json_string(out, r->when_text);
	fputs(", \"recorder\": ", out);
	report_format_json_string(out, store_recorder_name(r->recorder));
	fputs(", \"version\": ", out);
	report_format_json_string(out, r->version);
	fputs(", \"spec\": ", out);
	report_format_json_string(out, r->spec);
	fputs(", \"guess\": ", out);
	json_guess(out, r);
	/* the stored object, its members after ours: it is the batch writer's
	 * own text, one object on one line - but perhaps an earlier writer's,
	 * which let C1 controls and bidi overrides through raw, so it is
	 * copied with today's escapes */
	const char *j = r->result_json;
	while (j && (*j == ' ' || *j == '\n'))
		j++;
	if (j && *j == '{' && j[1] != '}') {
		fputs(", ", out);
		report_format_json_copy(out, j + 1);
	} else {
		fputs(", ", out);
		json_fields_of_columns(out, r);
		fputc('}', out);
	}
	return 0;
}

static int write_json(FILE *out, struct store *st, const char *const *lessons, size_t nlessons,
                      char *msg, size_t len)
{
	struct walk w = {lessons, nlessons, out, 0, NULL, 0};
	struct store_score sc;
	char now[32];
	time_t t = time(NULL);
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(now, sizeof now, "1970-01-01T00:00:00Z");
	if (score_of(st, lessons, nlessons, &sc, msg, len) != 0)
		return -1;
	struct machine m;
	machine_probe(&m);
	/* the runs' data files are in the default scratch directory unless a
	 * run said --dir: its filesystem, as batch names the one it used */
	machine_filesystem(scratch_default_dir(), m.filesystem, sizeof m.filesystem);
	fputs("{\n  \"iolab\": ", out);
	report_format_json_string(out, PACKAGE_VERSION);
	fputs(",\n  \"machine\": {", out);
	report_format_json_machine(out, &m, NULL, NULL);
	fputs("},\n  \"database\": ", out);
	report_format_json_string(out, store_path(st));
	fputs(",\n  \"exported\": ", out);
	report_format_json_string(out, now);
	fputs(",\n  \"lessons\": ", out);
	if (!nlessons) {
		fputs("null", out);
	} else {
		fputc('[', out);
		for (size_t i = 0; i < nlessons; i++) {
			fputs(i ? ", " : "", out);
			report_format_json_string(out, lessons[i]);
		}
		fputc(']', out);
	}
	fprintf(out, ",\n  \"score\": {\"guesses\": %lld, \"mean_miss\": ", (long long)sc.guesses);
	json_num(out, sc.mean_miss);
	fprintf(out, ", \"within_1\": %lld},\n  \"runs\": [", (long long)sc.within_1);
	/* a failure on the way still ends the document: whole, and exit 4 */
	int rc = store_each(st, NULL, json_run, &w, msg, len);
	fputs(w.n ? "\n  ]\n}\n" : "]\n}\n", out);
	return rc;
}

/* --- CSV --------------------------------------------------------------------- */

/* The CSV's columns: the store's own, and the batch fields it keeps by
 * their names. */
static const struct column csv_columns[] = {
	{"id", C_COUNT, RUN(id)},
	{"when", C_TEXT, RUN(when_text)},
	{RFN_LESSON, C_TEXT, RUN(lesson)},
	{"kind", C_KIND, RUN(kind)},
	{"label", C_TEXT, RUN(label)},
	{"recorder", C_RECORDER, RUN(recorder)},
	{"version", C_TEXT, RUN(version)},
	{RFN_STATUS, C_STATUS, RUN(ok)},
	{RFN_ERROR, C_TEXT, RUN(error)},
	{RFN_RATE_MEDIAN, C_REAL, RUN(rate)},
	{RFN_LOG_RATE, C_REAL, RUN(log_rate)},
	{RFN_SECONDS_MEDIAN, C_REAL, RUN(seconds)},
	{RFN_BYTES, C_COUNT, RUN(bytes)},
	{RFN_PASSES, C_COUNT, RUN(passes)},
	{RFN_SYSCALLS_READ, C_COUNT, RUN(syscalls_read)},
	{RFN_SYSCALLS_WRITE, C_COUNT, RUN(syscalls_write)},
	{"calls.total", C_COUNT, RUN(calls)},
	{RFN_TIME_LIMITED, C_FLAG, RUN(time_limited)},
	{"guess.rate", C_REAL, RUN(guess_rate)},
	{"guess.log_rate", C_REAL, RUN(guess_log_rate)},
	{"guess.text", C_TEXT, RUN(guess_text)},
	{"guess.miss", C_REAL, RUN(guess_miss)},
	{"spec", C_TEXT, RUN(spec)},
};

static void csv_num(FILE *out, double v)
{
	char buf[40];
	if (report_format_double(v, buf, sizeof buf) == 0)
		fputs(buf, out);
}

static void csv_count(FILE *out, int64_t v)
{
	if (v >= 0)
		fprintf(out, "%lld", (long long)v);
}

/* Text as batch's CSV has it (report_fields.c): what a terminal must not
 * be sent becomes '?', a line break stays one (CSV quotes it). */
static void csv_text(FILE *out, const char *text)
{
	char *safe = text ? sanitize_dup(text, "\n") : NULL;
	report_format_csv_field(out, safe ? safe : text ? "?" : NULL);
	free(safe);
}

static void csv_value(FILE *out, const struct store_run *r, const struct column *c)
{
	const void *m = member(r, c);
	switch (c->type) {
	case C_TEXT: csv_text(out, *(const char *const *)m); break;
	case C_COUNT: csv_count(out, *(const int64_t *)m); break;
	case C_REAL: csv_num(out, *(const double *)m); break;
	case C_FLAG:
		if (*(const int *)m >= 0)
			fputs(*(const int *)m ? "true" : "false", out);
		break;
	case C_STATUS: report_format_csv_field(out, *(const int *)m ? "ok" : "error"); break;
	case C_KIND: report_format_csv_field(out, store_kind_name(*(const enum store_kind *)m)); break;
	case C_RECORDER:
		report_format_csv_field(out, store_recorder_name(*(const enum store_recorder *)m));
		break;
	case C_NULL: break;
	}
}

static int csv_run(const struct store_run *r, void *arg)
{
	struct walk *w = arg;
	FILE *out = w->out;
	if (!wanted(w, r))
		return 0;
	w->n++;
	for (size_t i = 0; i < COUNT(csv_columns); i++) {
		fputs(i ? "," : "", out);
		csv_value(out, r, &csv_columns[i]);
	}
	fputs("\r\n", out);
	return 0;
}

static int write_csv(FILE *out, struct store *st, const char *const *lessons, size_t nlessons,
                     char *msg, size_t len)
{
	struct walk w = {lessons, nlessons, out, 0, NULL, 0};
	for (size_t i = 0; i < COUNT(csv_columns); i++)
		fprintf(out, "%s%s", i ? "," : "", csv_columns[i].name);
	fputs("\r\n", out);
	return store_each(st, NULL, csv_run, &w, msg, len);
}

/* --- text ---------------------------------------------------------------------- */

enum { T_ID, T_WHEN, T_LESSON, T_KIND, T_RATE, T_LOG, T_GUESS, T_MISS, T_NOTE, T_COLS };
static const char *const text_heads[T_COLS] = {
	"#", "when (UTC)", "lesson", "kind", "rate", "log rate", "guess", "miss", "what",
};
static const int text_right[T_COLS] = {1, 0, 0, 0, 1, 1, 1, 1, 0};

struct text_rows {
	char *(*cells)[T_COLS];
	size_t n, cap;
};

/* The table goes to a terminal: what it must not be sent becomes '?'
 * (sanitize.h). */
static char *printable(const char *s)
{
	return sanitize_dup(s ? s : "", NULL);
}

static int text_run(const struct store_run *r, void *arg)
{
	struct walk *w = arg;
	struct text_rows *t = w->rows;
	if (!wanted(w, r))
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 32;
		void *grown = realloc(t->cells, cap * sizeof *t->cells);
		if (!grown) {
			w->failed = 1;
			return 1;
		}
		t->cells = grown;
		t->cap = cap;
	}
	char cell[T_COLS][640];
	snprintf(cell[T_ID], sizeof cell[T_ID], "%lld", (long long)r->id);
	snprintf(cell[T_WHEN], sizeof cell[T_WHEN], "%s", r->when_text ? r->when_text : "?");
	char *tee = strchr(cell[T_WHEN], 'T'), *zed = strchr(cell[T_WHEN], 'Z');
	if (tee)
		*tee = ' ';
	if (zed)
		*zed = '\0';
	snprintf(cell[T_LESSON], sizeof cell[T_LESSON], "%s", r->lesson ? r->lesson : "-");
	snprintf(cell[T_KIND], sizeof cell[T_KIND], "%s", store_kind_name(r->kind));
	if (isfinite(r->rate))
		units_format_rate(r->rate, cell[T_RATE], sizeof cell[T_RATE]);
	else
		snprintf(cell[T_RATE], sizeof cell[T_RATE], "%s", r->ok ? "-" : "error");
	if (isfinite(r->log_rate))
		units_format_fixed(r->log_rate, 2, cell[T_LOG], sizeof cell[T_LOG]);
	else
		snprintf(cell[T_LOG], sizeof cell[T_LOG], "-");
	if (isnan(r->guess_rate))
		snprintf(cell[T_GUESS], sizeof cell[T_GUESS], "-");
	else
		units_format_rate_typed(r->guess_rate, r->guess_text, cell[T_GUESS],
		                        sizeof cell[T_GUESS]);
	if (isfinite(r->guess_miss))
		units_format_fixed(r->guess_miss, 2, cell[T_MISS], sizeof cell[T_MISS]);
	else
		snprintf(cell[T_MISS], sizeof cell[T_MISS], "-");
	const char *label = r->label && *r->label ? r->label : "";
	if (r->error && *r->error)
		snprintf(cell[T_NOTE], sizeof cell[T_NOTE], "%s%s%s", label, *label ? "; " : "",
		         r->error);
	else
		snprintf(cell[T_NOTE], sizeof cell[T_NOTE], "%s", label);
	for (int c = 0; c < T_COLS; c++)
		if (!(t->cells[t->n][c] = printable(cell[c])))
			w->failed = 1;
	t->n++;
	return w->failed;
}

/* Width in columns: UTF-8 characters, as the labels hold a middle dot. */
static int text_width(const char *s)
{
	return (int)utf8_count(s, strlen(s));
}

static void text_cell(FILE *out, const char *s, int width, int right, int last)
{
	int pad = width - text_width(s);
	if (right)
		fprintf(out, "%*s%s", pad, "", s);
	else
		fprintf(out, "%s%*s", s, last ? 0 : pad, "");
}

static void text_line(FILE *out, const char *const *cells, const int *width)
{
	for (int c = 0; c < T_COLS; c++) {
		if (c == T_COLS - 1 && !*cells[c])
			break;            /* no blanks at the end of a line */
		if (c)
			fputs("  ", out);
		text_cell(out, cells[c], width[c], text_right[c], c == T_COLS - 1);
	}
	fputc('\n', out);
}

static int write_text(FILE *out, struct store *st, const char *const *lessons, size_t nlessons,
                      char *msg, size_t len)
{
	struct text_rows t = {0};
	struct walk w = {lessons, nlessons, out, 0, &t, 0};
	struct store_score sc;
	int rc = store_each(st, NULL, text_run, &w, msg, len);
	if (rc == 0 && w.failed)
		rc = errmsg(msg, len, "out of memory");
	if (rc == 0)
		rc = score_of(st, lessons, nlessons, &sc, msg, len);
	if (rc == 0 && t.n == 0) {
		fprintf(out, "No saved runs%s in %s.\n", nlessons ? " of these lessons" : "",
		        store_path(st));
	} else if (rc == 0) {
		int width[T_COLS];
		for (int c = 0; c < T_COLS; c++)
			width[c] = text_width(text_heads[c]);
		for (size_t i = 0; i < t.n; i++)
			for (int c = 0; c < T_COLS; c++)
				if (text_width(t.cells[i][c]) > width[c])
					width[c] = text_width(t.cells[i][c]);
		fprintf(out, "%zu saved run%s in %s\n\n", t.n, t.n == 1 ? "" : "s", store_path(st));
		text_line(out, text_heads, width);
		for (size_t i = 0; i < t.n; i++)
			text_line(out, (const char *const *)t.cells[i], width);
		char miss[UNITS_FIXED_WIDTH + 1];
		units_format_fixed(sc.mean_miss, 2, miss, sizeof miss);
		if (sc.guesses)
			fprintf(out, "\nPredictions: %lld scored, mean miss %s (log rate), %lld within 1.\n",
			        (long long)sc.guesses, miss, (long long)sc.within_1);
	}
	for (size_t i = 0; i < t.n; i++)
		for (int c = 0; c < T_COLS; c++)
			free(t.cells[i][c]);
	free(t.cells);
	return rc;
}

/* --- the formats, and the command ----------------------------------------------- */

static const struct history_format formats[] = {
	{"text", write_text},
	{"json", write_json},
	{"csv", write_csv},
};

const struct history_format *history_format_find(const char *name)
{
	for (size_t i = 0; i < COUNT(formats); i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

int history_write(FILE *out, struct store *st, const struct history_format *f,
                  const char *const *lessons, size_t nlessons, char *msg, size_t len)
{
	if (f->write(out, st, lessons, nlessons, msg, len) != 0)
		return -1;
	if (ferror(out))
		return errmsg(msg, len, "writing the history failed");
	return 0;
}

int history_cmd(const struct options *o, FILE *out, FILE *err)
{
	char msg[2048];
	const struct history_format *f = history_format_find(o->format->name);
	if (!f) {
		char names[64] = "";
		for (size_t i = 0; i < COUNT(formats); i++) {
			size_t used = strlen(names);
			snprintf(names + used, sizeof names - used, "%s%s", i == 0 ? "" :
			         i + 1 == COUNT(formats) ? " or " : ", ", formats[i].name);
		}
		fprintf(err, "iolab: --history prints %s, not %s\n"
		        "Try 'iolab --help' for more information.\n", names, o->format->name);
		return EXIT_USAGE;
	}
	struct store *st = store_open(o->db, STORE_OPEN_READ, msg, sizeof msg);
	if (!st) {
		fprintf(err, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	if (*store_notice(st))
		fprintf(err, "iolab: %s\n", store_notice(st));
	int rc = history_write(out, st, f, (const char *const *)o->lessons, o->nlessons, msg,
	                       sizeof msg);
	if (rc != 0)
		fprintf(err, "iolab: %s\n", msg);
	char skipped[256];
	if (store_unreadable(st, skipped, sizeof skipped))
		fprintf(err, "iolab: %s (not shown): a later iolab's, or changed by hand\n", skipped);
	store_close(st);
	return rc ? EXIT_ENVIRONMENT : EXIT_RAN;
}
