/* report_fields.c - the table of a result's fields (see report_fields.h).
 *
 * Each row is a dotted name and the function that gets its value from a
 * result, with an argument when one function serves several rows; the rows
 * themselves are report_field_rows.h's, the one list of fields.  The order
 * is the CSV's column order, which is the JSON document's field order: a
 * contract (doc/batch-output.md), so rows are added where the JSON has
 * them, never moved past each other or renamed.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "figures.h"
#include "report_field_rows.h"
#include "report_fields.h"
#include "sanitize.h"
#include "trial.h"

/* --- values ---------------------------------------------------------------- */

static void val_text(struct report_value *v, const char *s)
{
	if (s) {
		v->type = REPORT_VALUE_TEXT;
		v->text = s;
	}
}

static void val_uint(struct report_value *v, uint64_t u)
{
	v->type = REPORT_VALUE_UINT;
	v->u = u;
}

/* A count the kernel could not give is -1: null. */
static void val_count(struct report_value *v, int64_t n)
{
	if (n >= 0)
		val_uint(v, (uint64_t)n);
}

/* NaN and infinities are null. */
static void val_real(struct report_value *v, double d)
{
	if (isfinite(d)) {
		v->type = REPORT_VALUE_REAL;
		v->d = d;
	}
}

static void val_bool(struct report_value *v, int b)
{
	v->type = REPORT_VALUE_BOOL;
	v->b = b != 0;
}

/* words joined by sep, owned by the value; -1 when out of memory */
static int val_join(struct report_value *v, const char *const *words, size_t n, const char *sep)
{
	size_t len = 1;
	for (size_t i = 0; i < n; i++)
		len += strlen(words[i]) + strlen(sep);
	if (!(v->owned = malloc(len)))
		return -1;
	v->owned[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(v->owned, sep);
		strcat(v->owned, words[i]);
	}
	val_text(v, v->owned);
	return 0;
}

/* The owned text made harmless in place (sanitize.h; it never grows), the
 * control characters in keep kept. */
static int val_sanitize(struct report_value *v, const char *keep)
{
	char *safe = sanitize_dup(v->owned, keep);
	if (!safe)
		return -1;
	free(v->owned);
	v->owned = safe;
	val_text(v, safe);
	return 0;
}

void report_value_free(struct report_value *v)
{
	free(v->owned);
	v->owned = NULL;
}

/* --- the fields ------------------------------------------------------------ */

/* Fills v (zeroed: null) with the field's value; 0, or -1 out of memory. */
typedef int (*field_fn)(const struct report_result *r, int arg, struct report_value *v);

struct field {
	const char *name;
	field_fn fn;              /* an FN row's; NULL for a MEMBER row */
	int arg;
	size_t offset;            /* a MEMBER row's member */
	enum trial_field_type type;    /* TF_NONE for an FN row */
	unsigned bits;            /* EXPECT_FIELD_* (report_field_rows.h) */
	int json_only;            /* no CSV column, no lookup */
};

#define M(r) (&(r)->summary.median)

static int f_lesson(const struct report_result *r, int a, struct report_value *v)
{ (void)a; val_text(v, r->lesson); return 0; }
/* Titles are read in terminals (a CSV cat'ed, a spreadsheet's cell): no
 * escape sequence or bidi override of a lesson pack's reaches one.  Line
 * breaks stay: CSV quotes them. */
static int f_title(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (!r->title)
		return 0;
	if (!(v->owned = sanitize_dup(r->title, "\n")))
		return -1;
	val_text(v, v->owned);
	v->json_text = r->title;
	return 0;
}
static int f_status(const struct report_result *r, int a, struct report_value *v)
{ (void)a; val_text(v, r->status == REPORT_OK ? "ok" : "error"); return 0; }
/* An error may quote a command's stderr, or a lesson's words: made
 * harmless as the title is. */
static int f_error(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (!r->error)
		return 0;
	if (!(v->owned = sanitize_dup(r->error, "\n")))
		return -1;
	val_text(v, v->owned);
	v->json_text = r->error;
	return 0;
}

/* How a trial's workload process was stopped by a signal (trial.h),
 * or null. */
static int f_disturbed(const struct report_result *r, int a, struct report_value *v)
{ (void)a; val_text(v, r->disturbed[0] ? r->disturbed : NULL); return 0; }

_Static_assert(sizeof ((struct report_value *)0)->buf >= sizeof ((struct wl_value *)0)->buf,
               "a workload value's own text fits a field value's");

/* A workload key's typed value (wl_keys.h) as a field: a list as one text,
 * its items joined by the list's separator and made harmless as the title
 * is (a command is a lesson's words). */
static int f_workload(const struct report_result *r, int a, struct report_value *v)
{
	struct wl_value w;
	wl_key_value(&wl_key_table[a], &r->spec, &w);
	switch (w.type) {
	case WL_VALUE_NULL: break;
	case WL_VALUE_NAME:           /* w is gone on return: its own text copied */
		val_text(v, w.name == w.buf ? strcpy(v->buf, w.buf) : w.name);
		break;
	case WL_VALUE_COUNT: val_uint(v, w.count); break;
	case WL_VALUE_SECONDS: val_real(v, w.seconds); break;
	case WL_VALUE_LIST:
		if (val_join(v, w.items, w.nitems, w.sep))
			return -1;
		return val_sanitize(v, NULL);
	}
	return 0;
}

static int f_trials(const struct report_result *r, int a, struct report_value *v)
{ (void)a; val_uint(v, r->trials); return 0; }

enum { T_TIME_LIMITED, T_CHECKSUM };

static int f_trial(const struct report_result *r, int a, struct report_value *v)
{
	if (!r->measured)
		return 0;
	switch (a) {
	case T_TIME_LIMITED: val_bool(v, M(r)->time_limited); break;
	case T_CHECKSUM:
		if (report_has_checksum(r)) {
			v->type = REPORT_VALUE_HEX;
			v->u = M(r)->checksum;
		}
		break;
	}
	return 0;
}

enum { S_SEC_MED, S_SEC_MIN, S_SEC_MAX, S_RATE_MED, S_RATE_MIN, S_RATE_MAX, S_LOG_RATE };

static int f_spread(const struct report_result *r, int a, struct report_value *v)
{
	const struct trial_summary *s = &r->summary;
	const double d[] = {s->seconds_median, s->seconds_min, s->seconds_max,
	                    s->rate_median, s->rate_min, s->rate_max, report_log_rate(r)};
	if (report_has_rate(r))
		val_real(v, d[a]);
	return 0;
}

enum { K_READ, K_WRITE, K_TOTAL, K_SOURCE, K_LSEEK, K_FSYNC, K_FDATASYNC };

static int f_syscalls(const struct report_result *r, int a, struct report_value *v)
{
	switch (a) {
	case K_READ: val_count(v, report_syscalls_read(r)); break;
	case K_WRITE: val_count(v, report_syscalls_write(r)); break;
	case K_TOTAL: val_count(v, report_syscalls_total(r)); break;
	case K_SOURCE:
		val_text(v, r->measured ? trial_syscall_source_name(M(r)->syscall_source) : "none");
		break;
	case K_LSEEK: val_count(v, report_syscalls_kind(r, SYS_LSEEK)); break;
	case K_FSYNC: val_count(v, report_syscalls_kind(r, SYS_FSYNC)); break;
	case K_FDATASYNC: val_count(v, report_syscalls_kind(r, SYS_FDATASYNC)); break;
	}
	return 0;
}

/* every kind has its field, 0 when not called, so every CSV row has the
 * same columns */
static int f_calls(const struct report_result *r, int a, struct report_value *v)
{
	if (r->measured)
		val_uint(v, M(r)->calls[a]);
	return 0;
}

/* A MEMBER row: the median trial's member, null when not measured. */
static void member_value(const struct report_result *r, const struct field *f, struct report_value *v)
{
	uint64_t u = 0;
	double d = 0;
	if (!r->measured || !trial_fields_read(M(r), f->type, f->offset, &u, &d))
		return;
	if (f->type == TF_DOUBLE || f->type == TF_SECONDS || f->type == TF_FRACTION)
		val_real(v, d);
	else
		val_uint(v, u);
}

/* Why a part of the time split is null, or null. */
static int f_time_note(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (r->measured && M(r)->time_note[0])
		val_text(v, M(r)->time_note);
	return 0;
}

enum { PC_CALL, PC_SYSCALL };

/* The wall time over the count of the workload's own calls or syscalls. */
static int f_per_call(const struct report_result *r, int a, struct report_value *v)
{
	if (!report_has_rate(r))
		return 0;
	int64_t n = -1;
	enum call_kind k = figures_own_call(&r->spec);
	if (a == PC_CALL && k != CALL_NONE)
		n = (int64_t)M(r)->calls[k];
	else if (a == PC_SYSCALL)
		n = figures_own_syscalls(&r->spec, report_syscalls_read(r), report_syscalls_write(r));
	val_real(v, figures_per_call(M(r)->seconds, n));
	return 0;
}

static int f_rate_alone(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (report_has_rate(r))
		val_real(v, figures_rate_alone(M(r)->bytes, M(r)->seconds, M(r)->cpu_wait));
	return 0;
}

static int f_amplification(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (r->measured)
		val_real(v, figures_amplification(&r->spec, M(r)->bytes, &M(r)->device));
	return 0;
}

/* copied.startup_read_bytes: a read command's, null for every other kind */
static int f_startup(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	int64_t n = report_startup_read_bytes(r);
	if (n >= 0)
		val_uint(v, (uint64_t)n);
	return 0;
}

/* A row the JSON writes itself (report_format_json.c), null here. */
static int f_none(const struct report_result *r, int a, struct report_value *v)
{ (void)r; (void)a; (void)v; return 0; }

/* A sweep's points: their number, null when the result is no sweep (the
 * JSON's sweep object is then null). */
static int f_sweep_points(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (r->is_sweep)
		val_uint(v, r->npoints);
	return 0;
}

enum { E_BYTES, E_LINES, E_MAX_COPIES, E_MISSING, E_IN_ORDER, E_TEXT };

/* A scenario's evidence (wl_scenario.h); null for every other run.  The
 * text is escaped already: printable ASCII only. */
static int f_evidence(const struct report_result *r, int a, struct report_value *v)
{
	const struct wl_evidence *e = &M(r)->evidence;
	if (!r->measured || !e->present)
		return 0;
	switch (a) {
	case E_BYTES: val_count(v, e->bytes); break;
	case E_LINES: val_count(v, e->lines); break;
	case E_MAX_COPIES: val_count(v, e->max_copies); break;
	case E_MISSING: val_count(v, e->missing); break;
	case E_IN_ORDER: val_count(v, e->in_order); break;
	case E_TEXT: val_text(v, e->text); break;
	}
	return 0;
}

/* null when the rule does not apply (report_ran_busy) */
static int f_busy(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	int busy = report_ran_busy(r);
	if (busy >= 0)
		val_bool(v, busy);
	return 0;
}

static int f_points(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	val_real(v, r->lesson_points);
	return 0;
}

static int f_expect_count(const struct report_result *r, int a, struct report_value *v)
{
	unsigned n = 0;
	for (size_t i = 0; i < r->nexpects; i++)
		n += r->expects[i].outcome.verdict == (enum expect_verdict)a;
	val_uint(v, n);
	return 0;
}

/* For people reading a spreadsheet: each expectation as
 * "held: CLAIM [CHECK = VALUE; BOUND]", joined with " | ".  Machines read
 * the JSON's list.  A claim is a lesson pack's words: made harmless as the
 * title is. */
static int f_expect_text(const struct report_result *r, int a, struct report_value *v)
{
	(void)a;
	if (!r->nexpects)
		return 0;
	char **parts = calloc(r->nexpects, sizeof *parts);
	if (!parts)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < r->nexpects && rc == 0; i++) {
		const struct report_expectation *e = &r->expects[i];
		char value[32] = "-";
		if (e->outcome.has_value)
			expect_format_number(e->outcome.value, value, sizeof value);
		if (asprintf(&parts[i], "%s: %s [%s = %s; %s]", expect_verdict_name(e->outcome.verdict),
		             e->claim, e->check, value, e->bound) < 0) {
			parts[i] = NULL;
			rc = -1;
		}
	}
	if (rc == 0)
		rc = val_join(v, (const char *const *)parts, r->nexpects, " | ");
	if (rc == 0)
		rc = val_sanitize(v, "\n");
	for (size_t i = 0; i < r->nexpects; i++)
		free(parts[i]);
	free(parts);
	return rc;
}

/* arg: cache * 2 + (0 = R, 1 = U) */
static int f_fit(const struct report_result *r, int a, struct report_value *v)
{
	const struct report_fit *f = &r->fit[a / 2];
	if (r->is_sweep && f->present && f->ok)
		val_real(v, a % 2 ? f->u : f->r);
	return 0;
}

enum { M_SECONDS, M_RATE, M_RATIO, M_TERMS };

/* This machine's model: null without one (the JSON's model is then null);
 * model.terms' value is how many (its list is report_format_json.c's). */
static int f_model(const struct report_result *r, int a, struct report_value *v)
{
	const struct model_estimate *m = &r->model;
	if (!m->present || !(m->predicted_seconds > 0))
		return 0;
	if (a == M_TERMS)
		val_uint(v, m->nterms);
	else
		val_real(v, a == M_SECONDS ? m->predicted_seconds : a == M_RATE ? m->predicted_rate : m->ratio);
	return 0;
}

/* The table: report_field_rows.h's rows with their getters. */
#define FN(fn, arg) fn, arg, 0, TF_NONE
#define MEMBER(m, type, sum) NULL, 0, offsetof(struct trial_result, m), type
#define JV 0
#define JCSV 0
#define JLIST(fn) 0
#define JWL(id) 0
#define JONLY(fn) 1
#define FIELD(name, fn, arg, offset, type, bits, json_only) \
	{name, fn, arg, offset, type, bits, json_only},
#define ROW(name, get, bits, json, meaning) FIELD(name, get, bits, json)
#define CALL_FIELD(id, name, stdio, shown) {"calls." name, f_calls, CALL_##id, 0, TF_NONE, \
                                            REPORT_FIELD_CALLS_BITS, 0},

static const struct field rows[] = {
	REPORT_FIELD_ROWS_BEFORE(ROW)
	CALL_KIND_ROWS(CALL_FIELD)
	REPORT_FIELD_ROWS_AFTER(ROW)
};

#undef CALL_FIELD
#undef ROW
#undef FIELD
#undef JONLY
#undef JWL
#undef JLIST
#undef JCSV
#undef JV
#undef MEMBER
#undef FN

/* The short names of report_fields.h. */
#define ALIAS(alias, name) {alias, name},
static const struct { const char *alias, *name; } aliases[] = {
	REPORT_FIELD_ALIASES(ALIAS)
};
#undef ALIAS

/* The fields: the rows with a CSV column, by their index among those.
 * Worked out once; the rows never change. */
static const struct field *fields[COUNT(rows)];
static size_t nfields;

static void index_fields(void)
{
	if (nfields)
		return;
	for (size_t i = 0; i < COUNT(rows); i++)
		if (!rows[i].json_only)
			fields[nfields++] = &rows[i];
}

static int row_value(const struct report_result *r, const struct field *f, struct report_value *v)
{
	memset(v, 0, sizeof *v);
	if (f->type != TF_NONE) {
		member_value(r, f, v);
		return 0;
	}
	return f->fn(r, f->arg, v);
}

size_t report_row_count(void)
{
	return COUNT(rows);
}

int report_row_value(const struct report_result *r, size_t row, struct report_value *v)
{
	if (row >= COUNT(rows)) {
		memset(v, 0, sizeof *v);
		return 0;
	}
	return row_value(r, &rows[row], v);
}

size_t report_field_count(void)
{
	index_fields();
	return nfields;
}

const char *report_field_name(size_t i)
{
	index_fields();
	return i < nfields ? fields[i]->name : NULL;
}

long report_field_find(const char *path)
{
	if (!path)
		return -1;
	for (size_t i = 0; i < COUNT(aliases); i++)
		if (strcmp(aliases[i].alias, path) == 0) {
			path = aliases[i].name;
			break;
		}
	index_fields();
	for (size_t i = 0; i < nfields; i++)
		if (strcmp(fields[i]->name, path) == 0)
			return (long)i;
	return -1;
}

int report_field_value(const struct report_result *r, size_t i, struct report_value *v)
{
	index_fields();
	if (i >= nfields) {
		memset(v, 0, sizeof *v);
		return 0;
	}
	return row_value(r, fields[i], v);
}

int report_field_number(const struct report_result *r, const char *path, double *out)
{
	struct report_value v;
	long i = report_field_find(path);
	if (i < 0)
		return -1;
	report_field_value(r, (size_t)i, &v);
	int rc = 1;
	if (v.type == REPORT_VALUE_UINT) {
		*out = (double)v.u;
		rc = 0;
	} else if (v.type == REPORT_VALUE_REAL) {
		*out = v.d;
		rc = 0;
	}
	report_value_free(&v);
	return rc;
}

int report_field_as_number(const struct report_result *r, size_t i, double *out)
{
	struct report_value v;
	report_field_value(r, i, &v);
	int known = i < nfields && (fields[i]->bits & EXPECT_FIELD_KNOWN);
	int rc = 0;
	if (known && v.type == REPORT_VALUE_UINT)
		*out = (double)v.u;
	else if (known && v.type == REPORT_VALUE_REAL)
		*out = v.d;
	else if (v.type == REPORT_VALUE_BOOL)
		*out = v.b ? 1 : 0;
	else
		rc = 1;
	report_value_free(&v);
	return rc;
}
