/* report_json.c - the results as one JSON document (doc/batch-output.md).
 *
 * Hand-written rather than through a JSON library: the document is small,
 * its shape is fixed by the contract, and the two things a library would
 * give us - string escaping and number formatting - are a few lines here
 * and tested on their own (tests/check_report.c).
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
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

void report_json_string(FILE *out, const char *s)
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

void report_json_copy(FILE *out, const char *s)
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
		report_json_string(w->out, key);
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
	report_json_string(w->out, v);
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

/* A kernel count: -1 (unavailable) is null, never 0. */
static void jw_count(struct jw *w, const char *key, int64_t v)
{
	if (v < 0)
		jw_null(w, key);
	else
		jw_uint(w, key, (uint64_t)v);
}

/* --- one result ----------------------------------------------------------- */

static void write_open_flags(struct jw *w, unsigned flags)
{
	const char *names[3];
	size_t n = wl_open_flag_names(flags, names);
	jw_open(w, "open", '[', 1);
	for (size_t i = 0; i < n; i++)
		jw_str(w, NULL, names[i]);
	jw_close(w, ']');
}

static void write_command(struct jw *w, const struct wl_spec *s)
{
	if (!s->command) {
		jw_null(w, "command");
		return;
	}
	jw_open(w, "command", '[', 1);
	for (size_t i = 0; i < s->command_len; i++)
		jw_str(w, NULL, s->command[i]);
	jw_close(w, ']');
}

static void write_expect_error(struct jw *w, int err)
{
	if (!err) {
		jw_null(w, "expect_error");
		return;
	}
	const char *name = wl_errno_name(err);
	char num[24];
	snprintf(num, sizeof num, "%d", err);
	jw_str(w, "expect_error", name ? name : num);
}

static void write_workload(struct jw *w, const struct wl_spec *s)
{
	jw_open(w, "workload", '{', 1);
	jw_str(w, "op", wl_op_name(s->op));
	jw_str(w, "api", wl_api_name(s->api));
	jw_uint(w, "size", s->size);
	jw_uint(w, "block", s->block);
	jw_uint(w, "stride", s->stride);
	write_open_flags(w, s->open_flags);
	jw_str(w, "fadvise", wl_advice_name(s->fadvise));
	jw_str(w, "cache", wl_cache_name(s->cache));
	jw_uint(w, "streams", s->streams);
	if (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT)
		jw_str(w, "stdio_buffer", "default");
	else
		jw_uint(w, "stdio_buffer", (uint64_t)s->stdio_buffer);
	jw_str(w, "stdio_mode", wl_stdio_mode_name(s->stdio_mode));
	jw_str(w, "sync", wl_sync_name(s->sync));
	jw_num(w, "time_limit", s->time_limit);
	jw_num(w, "min_time", s->min_time);
	write_command(w, s);
	write_expect_error(w, s->expect_error);
	jw_num(w, "advice_lead", s->advice_lead);
	jw_str(w, "map", wl_map_name(s->map));
	jw_close(w, '}');
}

/* {"median": .., "min": .., "max": ..}, null throughout when not measured */
static void write_spread(struct jw *w, const char *key, int measured,
                         double median, double min, double max)
{
	jw_open(w, key, '{', 1);
	jw_num(w, "median", measured ? median : NAN);
	jw_num(w, "min", measured ? min : NAN);
	jw_num(w, "max", measured ? max : NAN);
	jw_close(w, '}');
}

static void write_syscalls(struct jw *w, const struct report_result *res)
{
	const struct trial_result *m = &res->summary.median;
	jw_open(w, "syscalls", '{', 1);
	jw_count(w, "read", report_syscalls_read(res));
	jw_count(w, "write", report_syscalls_write(res));
	jw_count(w, "total", report_syscalls_total(res));
	jw_str(w, "source", res->measured ? syscall_source_name(m->syscall_source) : "none");
	jw_count(w, "lseek", report_syscalls_kind(res, SYS_LSEEK));
	jw_count(w, "fsync", report_syscalls_kind(res, SYS_FSYNC));
	jw_count(w, "fdatasync", report_syscalls_kind(res, SYS_FDATASYNC));
	jw_close(w, '}');
}

static void write_calls(struct jw *w, const struct report_result *res)
{
	if (!res->measured) {
		jw_null(w, "calls");
		return;
	}
	jw_open(w, "calls", '{', 1);
	for (int k = 0; k < CALL_KINDS; k++)
		if (res->summary.median.calls[k])
			jw_uint(w, call_kind_name((enum call_kind)k), res->summary.median.calls[k]);
	jw_close(w, '}');
}

static void write_pair_num(struct jw *w, const char *key, int measured,
                           const char *a, double va, const char *b, double vb)
{
	jw_open(w, key, '{', 1);
	jw_num(w, a, measured ? va : NAN);
	jw_num(w, b, measured ? vb : NAN);
	jw_close(w, '}');
}

static void write_pair_count(struct jw *w, const char *key, int measured,
                             const char *a, int64_t va, const char *b, int64_t vb)
{
	jw_open(w, key, '{', 1);
	jw_count(w, a, measured ? va : -1);
	jw_count(w, b, measured ? vb : -1);
	jw_close(w, '}');
}

/* residency is 0..1, or -1 when it could not be measured */
static double fraction(double v)
{
	return v >= 0 ? v : NAN;
}

static void write_kernel_figures(struct jw *w, const struct report_result *res)
{
	const struct trial_result *m = &res->summary.median;
	int ok = res->measured;
	write_syscalls(w, res);
	write_calls(w, res);
	write_pair_num(w, "cpu", ok, "user", m->utime, "system", m->stime);
	write_pair_count(w, "faults", ok, "minor", m->minflt, "major", m->majflt);
	write_pair_count(w, "context_switches", ok, "voluntary", m->nvcsw,
	                 "involuntary", m->nivcsw);
	jw_num(w, "waited_seconds", ok && m->waited_seconds >= 0 ? m->waited_seconds : NAN);
	write_pair_count(w, "storage", ok, "read_bytes", m->read_bytes,
	                 "write_bytes", m->write_bytes);
	write_pair_count(w, "copied", ok, "read_bytes", m->rchar, "write_bytes", m->wchar);
	jw_open(w, "cache", '{', 1);
	jw_num(w, "resident_before", ok ? fraction(m->resident_before) : NAN);
	jw_num(w, "resident_after", ok ? fraction(m->resident_after) : NAN);
	jw_count(w, "dirty_pages_after", ok ? m->dirty_pages_after : -1);
	jw_count(w, "writeback_pages_after", ok ? m->writeback_pages_after : -1);
	jw_num(w, "resident_after_advice", ok ? fraction(m->resident_after_advice) : NAN);
	jw_num(w, "resident_evicted_max", ok ? fraction(m->resident_evicted_max) : NAN);
	jw_close(w, '}');
}

static void write_refs(struct jw *w, const struct report_result *res)
{
	jw_open(w, "reference", '[', 0);
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

static void write_sweep(struct jw *w, const struct report_result *res)
{
	if (!res->is_sweep) {
		jw_null(w, "sweep");
		return;
	}
	jw_open(w, "sweep", '{', 0);
	jw_open(w, "points", '[', 0);
	for (size_t i = 0; i < res->npoints; i++)
		write_point(w, &res->points[i]);
	jw_close(w, ']');
	jw_open(w, "fit", '{', 1);
	for (int c = WL_CACHE_WARM; c <= WL_CACHE_COLD; c++) {
		const struct report_fit *f = &res->fit[c];
		const char *name = wl_cache_name((enum wl_cache)c);
		if (!f->present || !f->ok) {
			jw_null(w, name);
			continue;
		}
		jw_open(w, name, '{', 1);
		jw_num(w, "R", f->r);
		jw_num(w, "U", f->u);
		jw_close(w, '}');
	}
	jw_close(w, '}');
	jw_close(w, '}');
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

/* model: null without a calibration, else the prediction and its terms. */
static void write_model(struct jw *w, const struct report_result *res)
{
	const struct model_estimate *m = &res->model;
	if (!m->present) {
		jw_null(w, "model");
		return;
	}
	jw_open(w, "model", '{', 0);
	jw_num(w, "predicted_seconds", m->predicted_seconds > 0 ? m->predicted_seconds : NAN);
	jw_num(w, "predicted_rate", m->predicted_rate);
	jw_num(w, "ratio", m->ratio);
	jw_open(w, "terms", '[', 0);
	for (size_t i = 0; i < m->nterms; i++) {
		const struct model_term *t = &m->terms[i];
		jw_open(w, NULL, '{', 1);
		jw_str(w, "what", t->what);
		jw_str(w, "field", t->field);
		jw_num(w, "count", t->count);
		jw_str(w, "cost_name", cost_name(t->cost_id));
		jw_num(w, "cost", t->cost);
		jw_num(w, "seconds", t->seconds);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	if (m->off >= 0) {
		char words[256];
		model_miss_words(m, 1, words, sizeof words);
		jw_open(w, "off", '{', 1);
		jw_str(w, "what", m->terms[m->off].what);
		jw_num(w, "cost_needed", m->off_cost);
		jw_str(w, "words", words);
		jw_close(w, '}');
	} else {
		jw_null(w, "off");
	}
	jw_close(w, '}');
}

static void write_expectations(struct jw *w, const struct report_result *res)
{
	int busy = report_ran_busy(res);
	if (busy < 0)
		jw_null(w, "busy");
	else
		jw_bool(w, "busy", busy);
	jw_num(w, "points", res->lesson_points);
	jw_open(w, "expectations", '[', 0);
	for (size_t i = 0; i < res->nexpects; i++)
		write_expectation(w, &res->expects[i]);
	jw_close(w, ']');
}

static void write_result(struct jw *w, const struct report_result *res, int oneline)
{
	const struct trial_summary *s = &res->summary;
	const struct trial_result *m = &s->median;
	int ok = res->measured;
	jw_open(w, NULL, '{', oneline);
	jw_str(w, "lesson", res->lesson);
	jw_str(w, "title", res->title);
	jw_str(w, "status", res->status == REPORT_OK ? "ok" : "error");
	jw_str(w, "error", res->error);
	write_workload(w, &res->spec);
	jw_uint(w, "trials", res->trials);
	if (ok) {
		jw_uint(w, "passes", m->passes);
		jw_uint(w, "bytes", m->bytes);
	} else {
		jw_null(w, "passes");
		jw_null(w, "bytes");
	}
	int timed = report_has_rate(res);
	write_spread(w, "seconds", timed, s->seconds_median, s->seconds_min, s->seconds_max);
	write_spread(w, "rate", timed, s->rate_median, s->rate_min, s->rate_max);
	jw_num(w, "log_rate", report_log_rate(res));
	if (ok)
		jw_bool(w, "time_limited", m->time_limited);
	else
		jw_null(w, "time_limited");
	jw_str(w, "disturbed", res->disturbed[0] ? res->disturbed : NULL);
	if (report_has_checksum(res)) {
		char hex[20];
		snprintf(hex, sizeof hex, "%016" PRIx64, m->checksum);
		jw_str(w, "checksum", hex);
	} else {
		jw_null(w, "checksum");
	}
	write_kernel_figures(w, res);
	write_refs(w, res);
	write_sweep(w, res);
	write_model(w, res);
	write_expectations(w, res);
	jw_close(w, '}');
}

int report_write_json(FILE *out, const struct report *r)
{
	struct jw w = {.out = out};
	w.first[0] = 1;
	jw_open(&w, NULL, '{', 0);
	jw_str(&w, "iolab", r->version);
	jw_open(&w, "machine", '{', 1);
	jw_str(&w, "kernel", r->kernel);
	jw_str(&w, "filesystem", r->filesystem);
	jw_str(&w, "scratch", r->scratch);
	jw_str(&w, "syscall_counter", r->syscall_counter);
	jw_close(&w, '}');
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

char *report_json_result(const struct report_result *res)
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
