/* report_format_json.c - the results as one JSON document (doc/batch-output.md).
 *
 * Hand-written rather than through a JSON library: the document is small,
 * its shape is fixed by the contract, and the two things a library would
 * give us - string escaping and number formatting - are a few lines here
 * and tested on their own (tests/check_report.c).  A result's members,
 * their order, nesting and nulls come from the field table
 * (report_field_rows.h): a row is a member, its dotted name its place;
 * this file writes the lists of objects the table leaves to it.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "report.h"
#include "report_format.h"
#include "report_field_rows.h"
#include "report_fields.h"
#include "utf8.h"

/* --- strings -------------------------------------------------------------- */

/* A character of two to four bytes.  The C1 controls (U+0080..U+009F: a
 * terminal reads U+009B as CSI) and the bidirectional overrides and isolates
 * (a line that reads other than it is) are written as \uXXXX: the string
 * means the same to a JSON reader, and a grader who cats the file sees no
 * escape sequence and no reordered line (the rest of the lab prints them
 * as '?').  Every other character is copied as it is. */
static void json_put_char(FILE *out, const char *s, size_t n)
{
	uint32_t cp;
	if (utf8_decode(s, n, &cp) == n && utf8_is_terminal_unsafe(cp))
		fprintf(out, "\\u%04" PRIx32, cp);
	else
		fwrite(s, 1, n, out);
}

void report_format_json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t n = report_utf8_len(s);
		if (n == 0) {
			fputs(REPORT_REPLACEMENT, out);
			s++;
			continue;
		}
		if (n > 1) {
			json_put_char(out, s, n);
			s += n;
			continue;
		}
		switch (c) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		default:
			/* DEL is legal JSON, but escaped so no raw control byte
			 * ever reaches a terminal that cats the file */
			if (c < 0x20 || c == 0x7f)
				fprintf(out, "\\u%04x", c);
			else
				fputc(c, out);
		}
		s++;
	}
	fputc('"', out);
}

void report_format_json_copy(FILE *out, const char *s)
{
	while (s && *s) {
		unsigned char c = (unsigned char)*s;
		size_t n = report_utf8_len(s);
		if (n == 0) {
			fputs(REPORT_REPLACEMENT, out);
			n = 1;
		} else if (n > 1) {
			json_put_char(out, s, n);
		} else if ((c < 0x20 && !strchr("\t\r\n", c)) || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
		} else {
			fputc(c, out);
		}
		s += n;
	}
}

/* --- a small writer: commas, nesting, indentation ------------------------- */

#define JW_DEPTH 16

struct jw {
	FILE *out;
	int depth;
	int first[JW_DEPTH];      /* nothing written yet at this level */
	int oneline[JW_DEPTH];    /* this level prints on one line */
};

static void jw_indent(struct jw *w)
{
	fputc('\n', w->out);
	for (int i = 0; i < w->depth; i++)
		fputs("  ", w->out);
}

/* Separator and key of the next member (key NULL inside arrays). */
static void jw_key(struct jw *w, const char *key)
{
	if (!w->first[w->depth])
		fputc(',', w->out);
	if (w->oneline[w->depth]) {
		if (!w->first[w->depth])
			fputc(' ', w->out);
	} else if (w->depth > 0) {
		jw_indent(w);
	}
	w->first[w->depth] = 0;
	if (key) {
		report_format_json_string(w->out, key);
		fputs(": ", w->out);
	}
}

static void jw_open(struct jw *w, const char *key, char brace, int oneline)
{
	jw_key(w, key);
	fputc(brace, w->out);
	int parent_oneline = w->depth > 0 && w->oneline[w->depth];
	w->depth++;
	w->first[w->depth] = 1;
	w->oneline[w->depth] = oneline || parent_oneline;
}

static void jw_close(struct jw *w, char brace)
{
	int empty = w->first[w->depth], oneline = w->oneline[w->depth];
	w->depth--;
	if (!oneline && !empty)
		jw_indent(w);
	fputc(brace, w->out);
}

static void jw_str(struct jw *w, const char *key, const char *v)
{
	jw_key(w, key);
	report_format_json_string(w->out, v);
}

static void jw_null(struct jw *w, const char *key)
{
	jw_key(w, key);
	fputs("null", w->out);
}

static void jw_bool(struct jw *w, const char *key, int v)
{
	jw_key(w, key);
	fputs(v ? "true" : "false", w->out);
}

static void jw_num(struct jw *w, const char *key, double v)
{
	char buf[40];
	report_format_double(v, buf, sizeof buf);
	jw_key(w, key);
	fputs(buf, w->out);
}

static void jw_uint(struct jw *w, const char *key, uint64_t v)
{
	jw_key(w, key);
	fprintf(w->out, "%" PRIu64, v);
}

/* --- the lists: rows the table leaves to this file (JLIST, JONLY) ------- */

/* A workload key (JWL): its typed value (wl_keys.h), a list as an array of
 * its items as given (the JSON escapes them itself). */
static void json_workload(struct jw *w, const char *key, const struct report_result *res, int id)
{
	struct wl_value v;
	wl_key_value(&wl_key_table[id], &res->spec, &v);
	switch (v.type) {
	case WL_VALUE_NULL: jw_null(w, key); break;
	case WL_VALUE_NAME: jw_str(w, key, v.name); break;
	case WL_VALUE_COUNT: jw_uint(w, key, v.count); break;
	case WL_VALUE_SECONDS: jw_num(w, key, v.seconds); break;
	case WL_VALUE_LIST:
		jw_open(w, key, '[', 1);
		for (size_t i = 0; i < v.nitems; i++)
			jw_str(w, NULL, v.items[i]);
		jw_close(w, ']');
		break;
	}
}

static void json_references(struct jw *w, const char *key, const struct report_result *res)
{
	jw_open(w, key, '[', 0);
	for (size_t i = 0; i < res->nrefs; i++) {
		jw_open(w, NULL, '{', 1);
		jw_str(w, "source", res->refs[i].source);
		jw_str(w, "label", res->refs[i].label);
		jw_num(w, "rate", res->refs[i].rate);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

static void write_point(struct jw *w, const struct sweep_point *p)
{
	jw_open(w, NULL, '{', 1);
	jw_uint(w, "block", p->block);
	jw_str(w, "cache", wl_cache_name(p->cache));
	jw_bool(w, "ok", p->ok);
	jw_num(w, "rate", p->ok ? p->rate : NAN);
	jw_num(w, "seconds", p->ok ? p->seconds : NAN);
	jw_num(w, "calls", p->ok ? p->calls : NAN);
	jw_num(w, "bytes", p->ok ? p->bytes : NAN);
	jw_close(w, '}');
}

static void json_sweep_points(struct jw *w, const char *key, const struct report_result *res)
{
	jw_open(w, key, '[', 0);
	for (size_t i = 0; i < res->npoints; i++)
		write_point(w, &res->points[i]);
	jw_close(w, ']');
}

/* A bound's number, null for an open side or none computed. */
static void jw_edge(struct jw *w, const char *key, int has, double v)
{
	jw_num(w, key, has ? v : NAN);        /* jw_num prints -inf/inf as null */
}

static void write_expectation(struct jw *w, const struct report_expectation *e)
{
	const struct expect_outcome *o = &e->outcome;
	jw_open(w, NULL, '{', 1);
	jw_str(w, "claim", e->claim);
	jw_str(w, "check", e->check);
	jw_num(w, "value", o->has_value ? o->value : NAN);
	jw_str(w, "bound", e->bound);
	jw_str(w, "verdict", expect_verdict_name(o->verdict));
	jw_str(w, "reason", o->reason != EXPECT_WHY_NONE ? expect_reason_name(o->reason) : NULL);
	jw_str(w, "why", o->why[0] ? o->why : NULL);
	jw_num(w, "min", o->has_value ? o->min : NAN);
	jw_num(w, "max", o->has_value ? o->max : NAN);
	jw_edge(w, "low", o->has_bound, o->low);
	jw_edge(w, "high", o->has_bound, o->high);
	jw_close(w, '}');
}

static void json_expectations(struct jw *w, const char *key, const struct report_result *res)
{
	jw_open(w, key, '[', 0);
	for (size_t i = 0; i < res->nexpects; i++)
		write_expectation(w, &res->expects[i]);
	jw_close(w, ']');
}

/* model.terms: each a measured count (its field) times a calibrated cost. */
static void json_model_terms(struct jw *w, const char *key, const struct report_result *res)
{
	const struct model_estimate *m = &res->model;
	jw_open(w, key, '[', 0);
	for (size_t i = 0; i < m->nterms; i++) {
		const struct model_term *t = &m->terms[i];
		jw_open(w, NULL, '{', 1);
		jw_str(w, "what", t->what);
		jw_str(w, "field", t->field);
		jw_num(w, "count", t->count);
		jw_str(w, "cost_name", model_cost_name(t->cost_id));
		jw_num(w, "cost", t->cost);
		jw_num(w, "seconds", t->seconds);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/* model.off: null, or the term the gap of a miss past 2x is put on. */
static void json_model_off(struct jw *w, const char *key, const struct report_result *res)
{
	const struct model_estimate *m = &res->model;
	if (m->off < 0) {
		jw_null(w, key);
		return;
	}
	char words[256];
	model_miss_words(m, 1, words, sizeof words);
	jw_open(w, key, '{', 1);
	jw_str(w, "what", m->terms[m->off].what);
	jw_num(w, "cost_needed", m->off_cost);
	jw_str(w, "words", words);
	jw_close(w, '}');
}

/* --- one result: the field table's rows, laid out ------------------------ */

/* How the JSON writes a row (report_field_rows.h's json column). */
enum json_how {
	J_VALUE,                  /* its value, null as null */
	J_CSV,                    /* not at all: a CSV column only */
	J_LIST,                   /* by its own function */
	J_WORKLOAD,               /* a workload key's typed value */
	J_NONZERO                 /* its value, left out when 0 (calls.<kind>) */
};

typedef void (*json_list_fn)(struct jw *w, const char *key, const struct report_result *res);

struct json_row {
	const char *name;
	enum json_how how;
	json_list_fn list;
	int key;                  /* J_WORKLOAD: its wl_key_id */
};

#define JV J_VALUE, NULL, 0
#define JCSV J_CSV, NULL, 0
#define JLIST(fn) J_LIST, fn, 0
#define JWL(id) J_WORKLOAD, NULL, id
#define JONLY(fn) J_LIST, fn, 0
#define JSON_ROW(name, how, fn, key) {name, how, fn, key},
#define ROW(name, get, bits, json, meaning) JSON_ROW(name, json)
#define CALL_ROW(id, name, stdio, shown) {"calls." name, J_NONZERO, NULL, 0},

static const struct json_row rows[] = {
	REPORT_FIELD_ROWS_BEFORE(ROW)
	CALL_KIND_ROWS(CALL_ROW)
	REPORT_FIELD_ROWS_AFTER(ROW)
};

#undef CALL_ROW
#undef ROW
#undef JSON_ROW
#undef JONLY
#undef JWL
#undef JLIST
#undef JCSV
#undef JV

#define JO_NULL_IF_EMPTY 1u
#define JO_LINES 2u
#define JSON_OBJECT(path, how) {path, how},
static const struct { const char *path; unsigned how; } objects[] = {
	REPORT_JSON_OBJECTS(JSON_OBJECT)
};
#undef JSON_OBJECT

static unsigned object_how(const char *path)
{
	for (size_t i = 0; i < COUNT(objects); i++)
		if (strcmp(objects[i].path, path) == 0)
			return objects[i].how;
	return 0;
}

/* Row i lies in the object whose path is prefix (n bytes; n 0: the
 * result itself). */
static int in_object(size_t i, const char *prefix, size_t n)
{
	return i < COUNT(rows) &&
	       (n == 0 || (strncmp(rows[i].name, prefix, n) == 0 && rows[i].name[n] == '.'));
}

static void write_value(struct jw *w, const char *key, const struct report_value *v)
{
	char hex[20];
	switch (v->type) {
	case REPORT_VALUE_NULL: jw_null(w, key); break;
	case REPORT_VALUE_TEXT: jw_str(w, key, v->json_text ? v->json_text : v->text); break;
	case REPORT_VALUE_UINT: jw_uint(w, key, v->u); break;
	case REPORT_VALUE_REAL: jw_num(w, key, v->d); break;
	case REPORT_VALUE_BOOL: jw_bool(w, key, v->b); break;
	case REPORT_VALUE_HEX:
		snprintf(hex, sizeof hex, "%016" PRIx64, v->u);
		jw_str(w, key, hex);
		break;
	}
}

/* Row i, a member named key of the object being written. */
static void write_leaf(struct jw *w, const struct report_result *res, size_t i, const char *key)
{
	struct report_value v;
	if (rows[i].how == J_LIST) {
		rows[i].list(w, key, res);
		return;
	}
	if (rows[i].how == J_WORKLOAD) {
		json_workload(w, key, res, rows[i].key);
		return;
	}
	report_row_value(res, i, &v);
	if (!(rows[i].how == J_NONZERO && v.type == REPORT_VALUE_UINT && v.u == 0))
		write_value(w, key, &v);
	report_value_free(&v);
}

/* Is every row of the object at path (n bytes), from row i on, null? */
static int all_null(const struct report_result *res, size_t i, const char *path, size_t n)
{
	for (; in_object(i, path, n); i++) {
		struct report_value v;
		if (rows[i].how == J_CSV)
			continue;
		report_row_value(res, i, &v);
		int null = v.type == REPORT_VALUE_NULL;
		report_value_free(&v);
		if (!null)
			return 0;
	}
	return 1;
}

static size_t write_members(struct jw *w, const struct report_result *res, size_t i,
                            const char *prefix, size_t n);

/* The object whose path is the first n bytes of row i's name, as key. */
static size_t write_object(struct jw *w, const struct report_result *res, size_t i, size_t n,
                           const char *key)
{
	char path[96];
	snprintf(path, sizeof path, "%.*s", (int)n, rows[i].name);
	unsigned how = object_how(path);
	if ((how & JO_NULL_IF_EMPTY) && all_null(res, i, path, n)) {
		jw_null(w, key);
		while (in_object(i, path, n))
			i++;
		return i;
	}
	jw_open(w, key, '{', !(how & JO_LINES));
	i = write_members(w, res, i, path, n);
	jw_close(w, '}');
	return i;
}

/* The rows of the object at prefix (n bytes), from row i on, each under
 * the part of its name after the prefix; the first row past it. */
static size_t write_members(struct jw *w, const struct report_result *res, size_t i,
                            const char *prefix, size_t n)
{
	while (in_object(i, prefix, n)) {
		const char *rest = rows[i].name + (n ? n + 1 : 0);
		const char *dot = strchr(rest, '.');
		if (rows[i].how == J_CSV) {
			i++;
		} else if (!dot) {
			write_leaf(w, res, i, rest);
			i++;
		} else {
			char key[64];
			snprintf(key, sizeof key, "%.*s", (int)(dot - rest), rest);
			i = write_object(w, res, i, (size_t)(dot - rows[i].name), key);
		}
	}
	return i;
}

static void write_result(struct jw *w, const struct report_result *res, int oneline)
{
	jw_open(w, NULL, '{', oneline);
	write_members(w, res, 0, "", 0);
	jw_close(w, '}');
}

/* machine.device: the scratch directory's block device, what the kernel
 * says of it (null where it says nothing), or null; device_note why not.
 * Members of "machine", which report_format_json_machine writes as text. */
static void write_device(FILE *out, const struct report *r)
{
	const struct device_info *d = &r->device;
	fputs(", \"device\": ", out);
	if (!r->has_device) {
		fputs("null", out);
	} else {
		fputs("{\"name\": ", out);
		report_format_json_string(out, d->name);
		fputs(", \"model\": ", out);
		report_format_json_string(out, d->model[0] ? d->model : NULL);
		fprintf(out, ", \"rotational\": %s", d->rotational < 0 ? "null" : d->rotational ? "true"
		                                                                              : "false");
		fputs(", \"write_cache\": ", out);
		report_format_json_string(out, d->write_cache[0] ? d->write_cache : NULL);
		if (d->logical_block_size)
			fprintf(out, ", \"logical_block_size\": %u", d->logical_block_size);
		else
			fputs(", \"logical_block_size\": null", out);
		fputs(", \"scheduler\": ", out);
		report_format_json_string(out, d->scheduler[0] ? d->scheduler : NULL);
		fputc('}', out);
	}
	fputs(", \"device_note\": ", out);
	report_format_json_string(out, r->device_note[0] ? r->device_note : NULL);
}

int report_format_json(FILE *out, const struct report *r)
{
	struct jw w = {.out = out};
	w.first[0] = 1;
	jw_open(&w, NULL, '{', 0);
	jw_str(&w, "iolab", r->version);
	struct machine m = r->machine;
	snprintf(m.kernel, sizeof m.kernel, "%s", r->kernel);
	snprintf(m.filesystem, sizeof m.filesystem, "%s", r->filesystem);
	fputs(",\n  \"machine\": {", out);
	report_format_json_machine(out, &m, r->scratch, r->syscall_counter);
	write_device(out, r);
	fputc('}', out);
	jw_str(&w, "started", r->started);
	jw_str(&w, "course", r->course);
	jw_uint(&w, "trials", r->trials);
	jw_open(&w, "results", '[', 0);
	for (size_t i = 0; i < r->nresults; i++)
		write_result(&w, &r->results[i], 0);
	jw_close(&w, ']');
	jw_close(&w, '}');
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}

char *report_format_json_result(const struct report_result *res)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		return NULL;
	struct jw w = {.out = out};
	w.first[0] = 1;
	write_result(&w, res, 1);
	int bad = ferror(out);
	if (fclose(out) != 0 || bad) {
		free(text);
		return NULL;
	}
	return text;
}

/* The members one after another, in the order of doc/batch-output.md; a
 * new member goes at the end (consumers may read them in order). */
void report_format_json_machine(FILE *out, const struct machine *m, const char *scratch,
                          const char *syscall_counter)
{
	fputs("\"kernel\": ", out);
	report_format_json_string(out, m->kernel[0] ? m->kernel : NULL);
	fputs(", \"filesystem\": ", out);
	report_format_json_string(out, m->filesystem[0] ? m->filesystem : NULL);
	if (syscall_counter) {
		fputs(", \"scratch\": ", out);
		report_format_json_string(out, scratch);
		fputs(", \"syscall_counter\": ", out);
		report_format_json_string(out, syscall_counter);
	}
	fputs(", \"cpu_model\": ", out);
	report_format_json_string(out, m->cpu_model[0] ? m->cpu_model : NULL);
	if (m->cores > 0)
		fprintf(out, ", \"cores\": %ld", m->cores);
	else
		fputs(", \"cores\": null", out);
	if (m->memory_bytes >= 0)
		fprintf(out, ", \"memory_bytes\": %lld", (long long)m->memory_bytes);
	else
		fputs(", \"memory_bytes\": null", out);
	fputs(", \"id\": ", out);
	report_format_json_string(out, m->id[0] ? m->id : NULL);
}
