/* report_csv.c - the results as CSV: a header, then one row per lesson.
 *
 * Columns are the JSON document's fields flattened with dots
 * (rate.median, syscalls.write), in the same order; one table below lists
 * them, so the header and every row are built from the same entries.
 * JSON null is an empty field.  Lists are joined into one field:
 * workload.open with '|' (as C spells flag sets), workload.command with
 * spaces.  `calls` has a column for every kind (0 when not called) so every
 * row has the same columns; `reference` and `sweep.points` are lists of
 * objects and appear in the JSON only.  RFC 4180: CRLF line ends, a field
 * holding a comma, quote, CR or LF is quoted with its quotes doubled.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sanitize.h"

/* --- fields --------------------------------------------------------------- */

static void put_valid_utf8(FILE *out, const char *s)
{
	while (*s) {
		size_t n = report_utf8_len(s);
		if (n == 0) {
			fputs(REPORT_REPLACEMENT, out);
			n = 1;
		} else {
			fwrite(s, 1, n, out);
		}
		s += n;
	}
}

void report_csv_field(FILE *out, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		put_valid_utf8(out, s);
		return;
	}
	fputc('"', out);
	for (const char *p = s; *p; p++) {
		if (*p == '"') {
			fputs("\"\"", out);
			continue;
		}
		size_t n = report_utf8_len(p);
		if (n == 0)
			fputs(REPORT_REPLACEMENT, out);
		else
			fwrite(p, 1, n, out);
		p += n ? n - 1 : 0;
	}
	fputc('"', out);
}

/* One cell: s points at the text (NULL = empty, JSON's null). */
struct cell {
	const char *s;
	char buf[48];
	char *owned;              /* joined lists */
};

static void cell_str(struct cell *c, const char *s)
{
	c->s = s;
}

static void cell_uint(struct cell *c, uint64_t v)
{
	snprintf(c->buf, sizeof c->buf, "%" PRIu64, v);
	c->s = c->buf;
}

static void cell_count(struct cell *c, int64_t v)
{
	if (v >= 0)
		cell_uint(c, (uint64_t)v);
}

static void cell_num(struct cell *c, double v)
{
	if (report_format_double(v, c->buf, sizeof c->buf) == 0)
		c->s = c->buf;
}

/* words joined by sep into an owned string */
static void cell_join(struct cell *c, const char *const *words, size_t n, const char *sep)
{
	size_t len = 1;
	for (size_t i = 0; i < n; i++)
		len += strlen(words[i]) + strlen(sep);
	if (!(c->owned = malloc(len)))
		return;
	c->owned[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(c->owned, sep);
		strcat(c->owned, words[i]);
	}
	c->s = c->owned;
}

/* --- the columns ----------------------------------------------------------- */

typedef void (*cell_fn)(const struct report_result *r, int arg, struct cell *c);

struct column {
	const char *name;         /* NULL: "calls." + call_kind_name(arg) */
	cell_fn fn;
	int arg;
};

#define M(r) (&(r)->summary.median)

static void c_lesson(const struct report_result *r, int a, struct cell *c)
{ (void)a; cell_str(c, r->lesson); }
static void c_title(const struct report_result *r, int a, struct cell *c)
{ (void)a; c->s = c->owned = r->title ? sanitize_dup(r->title, "\n") : NULL; }  /* read in terminals */
static void c_status(const struct report_result *r, int a, struct cell *c)
{ (void)a; cell_str(c, r->status == REPORT_OK ? "ok" : "error"); }
static void c_error(const struct report_result *r, int a, struct cell *c)
{ (void)a; cell_str(c, r->error); }

enum { W_OP, W_API, W_SIZE, W_BLOCK, W_STRIDE, W_OPEN, W_FADVISE, W_CACHE, W_STREAMS,
       W_STDIO_BUFFER, W_STDIO_MODE, W_SYNC, W_TIME_LIMIT, W_MIN_TIME, W_COMMAND,
       W_EXPECT_ERROR };

static void c_expect_error(int err, struct cell *c)
{
	if (!err)
		return;
	const char *name = wl_errno_name(err);
	if (name) {
		cell_str(c, name);
		return;
	}
	snprintf(c->buf, sizeof c->buf, "%d", err);
	c->s = c->buf;
}

static void c_workload(const struct report_result *r, int a, struct cell *c)
{
	const struct wl_spec *s = &r->spec;
	const char *flags[3];
	switch (a) {
	case W_OP: cell_str(c, wl_op_name(s->op)); break;
	case W_API: cell_str(c, wl_api_name(s->api)); break;
	case W_SIZE: cell_uint(c, s->size); break;
	case W_BLOCK: cell_uint(c, s->block); break;
	case W_STRIDE: cell_uint(c, s->stride); break;
	case W_OPEN: cell_join(c, flags, wl_open_flag_names(s->open_flags, flags), "|"); break;
	case W_FADVISE: cell_str(c, wl_advice_name(s->fadvise)); break;
	case W_CACHE: cell_str(c, wl_cache_name(s->cache)); break;
	case W_STREAMS: cell_uint(c, s->streams); break;
	case W_STDIO_BUFFER:
		if (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT)
			cell_str(c, "default");
		else
			cell_uint(c, (uint64_t)s->stdio_buffer);
		break;
	case W_STDIO_MODE: cell_str(c, wl_stdio_mode_name(s->stdio_mode)); break;
	case W_SYNC: cell_str(c, wl_sync_name(s->sync)); break;
	case W_TIME_LIMIT: cell_num(c, s->time_limit); break;
	case W_MIN_TIME: cell_num(c, s->min_time); break;
	case W_COMMAND:
		if (s->command)
			cell_join(c, (const char *const *)s->command, s->command_len, " ");
		break;
	case W_EXPECT_ERROR: c_expect_error(s->expect_error, c); break;
	}
}

static void c_trials(const struct report_result *r, int a, struct cell *c)
{ (void)a; cell_uint(c, r->trials); }

enum { T_PASSES, T_BYTES, T_TIME_LIMITED, T_CHECKSUM };

static void c_trial(const struct report_result *r, int a, struct cell *c)
{
	if (!r->measured)
		return;
	switch (a) {
	case T_PASSES: cell_uint(c, M(r)->passes); break;
	case T_BYTES: cell_uint(c, M(r)->bytes); break;
	case T_TIME_LIMITED: cell_str(c, M(r)->time_limited ? "true" : "false"); break;
	case T_CHECKSUM:
		if (report_has_checksum(r)) {
			snprintf(c->buf, sizeof c->buf, "%016" PRIx64, M(r)->checksum);
			c->s = c->buf;
		}
		break;
	}
}

enum { S_SEC_MED, S_SEC_MIN, S_SEC_MAX, S_RATE_MED, S_RATE_MIN, S_RATE_MAX, S_LOG_RATE };

static void c_spread(const struct report_result *r, int a, struct cell *c)
{
	const struct trial_summary *s = &r->summary;
	const double v[] = {s->seconds_median, s->seconds_min, s->seconds_max,
	                    s->rate_median, s->rate_min, s->rate_max, report_log_rate(r)};
	if (report_has_rate(r))
		cell_num(c, v[a]);
}

enum { K_READ, K_WRITE, K_TOTAL, K_SOURCE, K_LSEEK, K_FSYNC, K_FDATASYNC };

static void c_syscalls(const struct report_result *r, int a, struct cell *c)
{
	switch (a) {
	case K_READ: cell_count(c, report_syscalls_read(r)); break;
	case K_WRITE: cell_count(c, report_syscalls_write(r)); break;
	case K_TOTAL: cell_count(c, report_syscalls_total(r)); break;
	case K_SOURCE:
		cell_str(c, r->measured ? syscall_source_name(M(r)->syscall_source) : "none");
		break;
	case K_LSEEK: cell_count(c, report_syscalls_kind(r, SYS_LSEEK)); break;
	case K_FSYNC: cell_count(c, report_syscalls_kind(r, SYS_FSYNC)); break;
	case K_FDATASYNC: cell_count(c, report_syscalls_kind(r, SYS_FDATASYNC)); break;
	}
}

static void c_calls(const struct report_result *r, int a, struct cell *c)
{
	if (r->measured)
		cell_uint(c, M(r)->calls[a]);
}

enum { F_USER, F_SYSTEM, F_MINFLT, F_MAJFLT, F_NVCSW, F_NIVCSW, F_READ_BYTES,
       F_WRITE_BYTES, F_RES_BEFORE, F_RES_AFTER };

static void c_kernel(const struct report_result *r, int a, struct cell *c)
{
	const struct trial_result *m = M(r);
	if (!r->measured)
		return;
	switch (a) {
	case F_USER: cell_num(c, m->utime); break;
	case F_SYSTEM: cell_num(c, m->stime); break;
	case F_MINFLT: cell_count(c, m->minflt); break;
	case F_MAJFLT: cell_count(c, m->majflt); break;
	case F_NVCSW: cell_count(c, m->nvcsw); break;
	case F_NIVCSW: cell_count(c, m->nivcsw); break;
	case F_READ_BYTES: cell_count(c, m->read_bytes); break;
	case F_WRITE_BYTES: cell_count(c, m->write_bytes); break;
	case F_RES_BEFORE: if (m->resident_before >= 0) cell_num(c, m->resident_before); break;
	case F_RES_AFTER: if (m->resident_after >= 0) cell_num(c, m->resident_after); break;
	}
}

/* arg: cache * 2 + (0 = R, 1 = U) */
static void c_fit(const struct report_result *r, int a, struct cell *c)
{
	const struct report_fit *f = &r->fit[a / 2];
	if (r->is_sweep && f->present && f->ok)
		cell_num(c, a % 2 ? f->u : f->r);
}

static const struct column columns[] = {
	{"lesson", c_lesson, 0}, {"title", c_title, 0},
	{"status", c_status, 0}, {"error", c_error, 0},
	{"workload.op", c_workload, W_OP}, {"workload.api", c_workload, W_API},
	{"workload.size", c_workload, W_SIZE}, {"workload.block", c_workload, W_BLOCK},
	{"workload.stride", c_workload, W_STRIDE}, {"workload.open", c_workload, W_OPEN},
	{"workload.fadvise", c_workload, W_FADVISE}, {"workload.cache", c_workload, W_CACHE},
	{"workload.streams", c_workload, W_STREAMS},
	{"workload.stdio_buffer", c_workload, W_STDIO_BUFFER},
	{"workload.stdio_mode", c_workload, W_STDIO_MODE}, {"workload.sync", c_workload, W_SYNC},
	{"workload.time_limit", c_workload, W_TIME_LIMIT},
	{"workload.min_time", c_workload, W_MIN_TIME},
	{"workload.command", c_workload, W_COMMAND},
	{"workload.expect_error", c_workload, W_EXPECT_ERROR},
	{"trials", c_trials, 0},
	{"passes", c_trial, T_PASSES}, {"bytes", c_trial, T_BYTES},
	{"seconds.median", c_spread, S_SEC_MED}, {"seconds.min", c_spread, S_SEC_MIN},
	{"seconds.max", c_spread, S_SEC_MAX},
	{"rate.median", c_spread, S_RATE_MED}, {"rate.min", c_spread, S_RATE_MIN},
	{"rate.max", c_spread, S_RATE_MAX},
	{"log_rate", c_spread, S_LOG_RATE},
	{"time_limited", c_trial, T_TIME_LIMITED}, {"checksum", c_trial, T_CHECKSUM},
	{"syscalls.read", c_syscalls, K_READ}, {"syscalls.write", c_syscalls, K_WRITE},
	{"syscalls.total", c_syscalls, K_TOTAL}, {"syscalls.source", c_syscalls, K_SOURCE},
	{"syscalls.lseek", c_syscalls, K_LSEEK}, {"syscalls.fsync", c_syscalls, K_FSYNC},
	{"syscalls.fdatasync", c_syscalls, K_FDATASYNC},
	{NULL, c_calls, CALL_WRITE}, {NULL, c_calls, CALL_READ}, {NULL, c_calls, CALL_LSEEK},
	{NULL, c_calls, CALL_FWRITE}, {NULL, c_calls, CALL_FREAD}, {NULL, c_calls, CALL_FSEEK},
	{NULL, c_calls, CALL_MEMREAD}, {NULL, c_calls, CALL_FSYNC},
	{NULL, c_calls, CALL_FDATASYNC}, {NULL, c_calls, CALL_FFLUSH},
	{"cpu.user", c_kernel, F_USER}, {"cpu.system", c_kernel, F_SYSTEM},
	{"faults.minor", c_kernel, F_MINFLT}, {"faults.major", c_kernel, F_MAJFLT},
	{"context_switches.voluntary", c_kernel, F_NVCSW},
	{"context_switches.involuntary", c_kernel, F_NIVCSW},
	{"storage.read_bytes", c_kernel, F_READ_BYTES},
	{"storage.write_bytes", c_kernel, F_WRITE_BYTES},
	{"cache.resident_before", c_kernel, F_RES_BEFORE},
	{"cache.resident_after", c_kernel, F_RES_AFTER},
	{"sweep.fit.warm.R", c_fit, WL_CACHE_WARM * 2}, {"sweep.fit.warm.U", c_fit, WL_CACHE_WARM * 2 + 1},
	{"sweep.fit.cold.R", c_fit, WL_CACHE_COLD * 2}, {"sweep.fit.cold.U", c_fit, WL_CACHE_COLD * 2 + 1},
};

#define NCOLUMNS (sizeof columns / sizeof *columns)

/* Every call kind has its column: a new kind added to engine.h without
 * one here would silently vanish from the CSV. */
_Static_assert(CALL_KINDS == 10, "a call kind without its calls.* CSV column");

static void write_header(FILE *out)
{
	for (size_t i = 0; i < NCOLUMNS; i++) {
		if (i)
			fputc(',', out);
		if (columns[i].name) {
			report_csv_field(out, columns[i].name);
		} else {
			fputs("calls.", out);
			report_csv_field(out, call_kind_name((enum call_kind)columns[i].arg));
		}
	}
	fputs("\r\n", out);
}

static void write_row(FILE *out, const struct report_result *r)
{
	for (size_t i = 0; i < NCOLUMNS; i++) {
		struct cell c = {0};
		columns[i].fn(r, columns[i].arg, &c);
		if (i)
			fputc(',', out);
		report_csv_field(out, c.s);
		free(c.owned);
	}
	fputs("\r\n", out);
}

int report_write_csv(FILE *out, const struct report *r)
{
	write_header(out);
	for (size_t i = 0; i < r->nresults; i++)
		write_row(out, &r->results[i]);
	return ferror(out) ? -1 : 0;
}
