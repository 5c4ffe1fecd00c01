/* model.c - a run's seconds predicted from its own counts (model.h).
 *
 * Which count is priced at which cost is one table, term_rows: a row
 * applies to a kind of run (a durable write is only one under O_SYNC or
 * O_DSYNC; bytes come from the device only when the cache was cold) and
 * names the field its count is, so every term can be checked against the
 * result it explains.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "model.h"
#include "units.h"
#include "wl_kind.h"

struct cost_row {
	const char *name, *unit, *meaning;
};

#define COST_ROW(id, name, unit, meaning) {name, unit, meaning},
static const struct cost_row cost_rows[COSTS] = {COST_ROWS(COST_ROW)};
#undef COST_ROW

const char *model_cost_name(enum cost_id c)
{
	return (unsigned)c < COSTS ? cost_rows[c].name : "?";
}

const char *model_cost_unit(enum cost_id c)
{
	return (unsigned)c < COSTS ? cost_rows[c].unit : "?";
}

const char *model_cost_meaning(enum cost_id c)
{
	return (unsigned)c < COSTS ? cost_rows[c].meaning : "?";
}

int model_cost_from_name(const char *name, enum cost_id *out)
{
	for (int i = 0; i < COSTS; i++)
		if (strcmp(cost_rows[i].name, name) == 0) {
			*out = (enum cost_id)i;
			return 0;
		}
	return -1;
}

void model_cost_table_init(struct cost_table *t)
{
	for (int i = 0; i < COSTS; i++)
		t->cost[i] = NAN;
}

/* --- which count is priced how -------------------------------------------- */

static int is_write(const struct wl_spec *s) { return s->op == WL_OP_WRITE; }
static int durable(const struct wl_spec *s)
{
	return is_write(s) && (s->open_flags & (WL_OPEN_SYNC | WL_OPEN_DSYNC));
}
static int direct(const struct wl_spec *s) { return (s->open_flags & WL_OPEN_DIRECT) != 0; }
static int cold(const struct wl_spec *s) { return s->op == WL_OP_READ && s->cache == WL_CACHE_COLD; }
/* A cold read that jumps, or whose read-ahead was switched off: every
 * read() waits for its own trip to the device. */
static int cold_random(const struct wl_spec *s)
{
	return cold(s) && (s->stride > 0 || s->fadvise == WL_ADV_RANDOM) && s->api != WL_API_MMAP;
}

/* A command's writes count too: dd reading a file still writes its copy. */
static int when_write_cached(const struct wl_spec *s)
{
	return (is_write(s) || s->api == WL_API_COMMAND) && !durable(s);
}
static int when_durable(const struct wl_spec *s) { return durable(s); }
static int when_read_call(const struct wl_spec *s) { return s->op != WL_OP_WRITE; }
static int when_copied(const struct wl_spec *s) { return !direct(s); }
static int when_any(const struct wl_spec *s) { (void)s; return 1; }
static int when_map_bytes(const struct wl_spec *s) { return s->api == WL_API_MMAP && s->block == 1; }
static int when_map_blocks(const struct wl_spec *s) { return s->api == WL_API_MMAP && s->block > 1; }
static int when_mapped(const struct wl_spec *s) { return s->api == WL_API_MMAP; }
static int when_synced(const struct wl_spec *s) { return is_write(s) && s->sync != WL_SYNC_NONE; }
/* O_DIRECT reads go to the device whatever the cache holds */
static int when_cold_seq(const struct wl_spec *s)
{
	return (cold(s) || (direct(s) && s->op == WL_OP_READ)) && !cold_random(s);
}
static int when_direct_write(const struct wl_spec *s) { return direct(s) && is_write(s); }
static int when_cold_random(const struct wl_spec *s) { return cold_random(s); }

/* The counts a term can price, from the trial as the field table gives
 * them (report_field_rows.h names them the same). */
enum count_src {
	N_SYSCR, N_SYSCW, N_RCHAR, N_WCHAR, N_BYTES, N_MINFLT, N_READ_BYTES, N_WRITE_BYTES,
	N_CALL_LSEEK, N_CALL_FREAD, N_CALL_FWRITE, N_CALL_MEMREAD, N_CALL_FSYNC, N_CALL_FDATASYNC,
	N_CALL_FGETC, N_CALL_FPUTC
};

static double count_of(const struct trial_result *t, enum count_src c)
{
	switch (c) {
	case N_SYSCR: return (double)t->syscr;
	case N_SYSCW: return (double)t->syscw;
	case N_RCHAR: return (double)t->rchar;
	case N_WCHAR: return (double)t->wchar;
	case N_BYTES: return (double)t->bytes;
	case N_MINFLT: return (double)t->minflt;
	case N_READ_BYTES: return (double)t->read_bytes;
	case N_WRITE_BYTES: return (double)t->write_bytes;
	case N_CALL_LSEEK: return (double)t->calls[CALL_LSEEK];
	case N_CALL_FREAD: return (double)t->calls[CALL_FREAD];
	case N_CALL_FWRITE: return (double)t->calls[CALL_FWRITE];
	case N_CALL_MEMREAD: return (double)t->calls[CALL_MEMREAD];
	case N_CALL_FSYNC: return (double)t->calls[CALL_FSYNC];
	case N_CALL_FDATASYNC: return (double)t->calls[CALL_FDATASYNC];
	case N_CALL_FGETC: return (double)t->calls[CALL_FGETC];
	case N_CALL_FPUTC: return (double)t->calls[CALL_FPUTC];
	}
	return -1;
}

struct term_row {
	int (*applies)(const struct wl_spec *s);
	enum count_src count;
	const char *field;
	enum cost_id cost;
	const char *what;
};

static const struct term_row term_rows[] = {
	{when_durable, N_SYSCW, "syscalls.write", COST_SYNC_WRITE, "durable writes"},
	{when_write_cached, N_SYSCW, "syscalls.write", COST_WRITE, "write() calls"},
	{when_read_call, N_SYSCR, "syscalls.read", COST_READ, "read() calls"},
	{when_any, N_CALL_LSEEK, "calls.lseek", COST_LSEEK, "lseek() calls"},
	{when_copied, N_RCHAR, "copied.read_bytes", COST_COPY_BYTE, "bytes copied to the program"},
	{when_copied, N_WCHAR, "copied.write_bytes", COST_COPY_BYTE, "bytes copied to the kernel"},
	{when_any, N_CALL_FREAD, "calls.fread", COST_FREAD, "fread() calls"},
	{when_any, N_CALL_FWRITE, "calls.fwrite", COST_FWRITE, "fwrite() calls"},
	{when_any, N_CALL_FGETC, "calls.fgetc", COST_FGETC, "fgetc() calls"},
	{when_any, N_CALL_FPUTC, "calls.fputc", COST_FPUTC, "fputc() calls"},
	{when_map_bytes, N_CALL_MEMREAD, "calls.memread", COST_MAP_LOAD, "byte loads from the mapping"},
	{when_map_blocks, N_BYTES, "bytes", COST_COPY_BYTE, "bytes copied from the mapping"},
	{when_mapped, N_MINFLT, "faults.minor", COST_PAGE_FAULT, "page faults"},
	{when_any, N_CALL_FSYNC, "calls.fsync", COST_FSYNC_PAGE, "fsync() calls"},
	{when_any, N_CALL_FDATASYNC, "calls.fdatasync", COST_FSYNC_PAGE, "fdatasync() calls"},
	{when_synced, N_WRITE_BYTES, "storage.write_bytes", COST_FLUSH_BYTE,
	 "dirty bytes written back by the sync"},
	{when_cold_seq, N_READ_BYTES, "storage.read_bytes", COST_COLD_BYTE, "bytes read from the device"},
	{when_cold_random, N_SYSCR, "syscalls.read", COST_COLD_READ, "reads waiting on the device"},
	{when_direct_write, N_BYTES, "bytes", COST_FLUSH_BYTE, "bytes written to the device (O_DIRECT)"},
};

/* Largest seconds first; terms without a cost after every costed one. */
static int by_seconds(const void *a, const void *b)
{
	const struct model_term *x = a, *y = b;
	int xc = !isnan(x->seconds), yc = !isnan(y->seconds);
	if (xc != yc)
		return yc - xc;
	if (!xc || x->seconds == y->seconds)
		return 0;
	return x->seconds < y->seconds ? 1 : -1;
}

/* The gap put on the largest term: the cost it would have needed. */
static void find_miss(struct model_estimate *m)
{
	m->off = -1;
	m->off_cost = NAN;
	if (!(m->ratio > MODEL_MISS_FACTOR || m->ratio < 1 / MODEL_MISS_FACTOR) || m->nterms == 0 ||
	    isnan(m->terms[0].seconds))
		return;
	const struct model_term *t = &m->terms[0];
	double rest = m->predicted_seconds - t->seconds;
	double need = (m->measured_seconds - rest) / t->count;
	m->off = 0;
	m->off_cost = need > 0 ? need : NAN;
}

void model_predict(const struct cost_table *costs, const struct wl_spec *spec,
                   const struct trial_result *t, struct model_estimate *out)
{
	memset(out, 0, sizeof *out);
	out->predicted_rate = out->ratio = out->off_cost = NAN;
	out->off = -1;
	if (!t || !(t->seconds > 0))
		return;
	out->measured_seconds = t->seconds;
	for (size_t i = 0; i < COUNT(term_rows) && out->nterms < MODEL_TERMS_MAX; i++) {
		const struct term_row *r = &term_rows[i];
		double n = count_of(t, r->count);
		if (!r->applies(spec) || !(n > 0))
			continue;
		struct model_term *term = &out->terms[out->nterms++];
		term->cost_id = r->cost;
		term->what = r->what;
		term->field = r->field;
		term->count = n;
		term->cost = costs->cost[r->cost];
		term->seconds = n * term->cost;     /* NAN stays NAN */
		if (isnan(term->seconds))
			out->uncosted++;
		else
			out->predicted_seconds += term->seconds;
	}
	qsort(out->terms, out->nterms, sizeof *out->terms, by_seconds);
	out->present = 1;
	if (out->predicted_seconds > 0) {
		out->predicted_rate = (double)t->bytes / out->predicted_seconds;
		out->ratio = t->seconds / out->predicted_seconds;
	}
	find_miss(out);
}

/* --- in words ----------------------------------------------------------------- */

static void count_words(double n, char *buf, size_t len)
{
	if (n >= 0 && n < 1e18 && n == floor(n))
		units_format_count((uint64_t)n, buf, len);
	else
		snprintf(buf, len, "%.3g", n);
}

void model_term_words(const struct model_term *term, int ascii, char *buf, size_t len)
{
	char n[32], c[32], s[32];
	count_words(term->count, n, sizeof n);
	if (isnan(term->cost)) {
		snprintf(buf, len, "%s %s (not calibrated here)", n, term->what);
		return;
	}
	units_format_cost(term->cost, ascii, c, sizeof c);
	units_format_seconds(term->seconds, ascii, s, sizeof s);
	snprintf(buf, len, "%s %s %s %s = %s", n, term->what, ascii ? "x" : "\u00d7", c, s);
}

void model_headline(const struct model_estimate *m, int ascii, char *buf, size_t len)
{
	char p[32], me[32], t[160] = "";
	if (!m->present || !(m->predicted_seconds > 0)) {
		snprintf(buf, len, "model: no term of this run has a cost calibrated here");
		return;
	}
	units_format_seconds(m->predicted_seconds, ascii, p, sizeof p);
	units_format_seconds(m->measured_seconds, ascii, me, sizeof me);
	if (m->nterms)
		model_term_words(&m->terms[0], ascii, t, sizeof t);
	snprintf(buf, len, "model %s, measured %s%s%s", p, me, *t ? ": " : "", t);
}

void model_miss_words(const struct model_estimate *m, int ascii, char *buf, size_t len)
{
	if (m->off < 0) {
		*buf = '\0';
		return;
	}
	const struct model_term *t = &m->terms[m->off];
	double factor = m->ratio >= 1 ? m->ratio : 1 / m->ratio;
	const char *way = m->ratio >= 1 ? "slower" : "faster";
	if (isnan(m->off_cost)) {
		snprintf(buf, len, "%.1fx %s than the model: the time went to what no term counts",
		         factor, way);
		return;
	}
	char need[32], had[32];
	units_format_cost(m->off_cost, ascii, need, sizeof need);
	units_format_cost(t->cost, ascii, had, sizeof had);
	snprintf(buf, len, "%.1fx %s than the model: %s cost %s each here, not %s", factor, way,
	         t->what, need, had);
}
