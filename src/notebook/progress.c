/* progress.c - the progress file of iolab before the lab notebook, read
 * leniently (file_read.h) for its one import into the store
 * (store_import.c).  Nothing writes it any more. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "progress.h"

#define PROGRESS_HEADER "# iolab progress 1"
#define PROGRESS_FILE_MAX (8u << 20)   /* larger than any real one: corrupt */

/* Numbers are written and read in the C locale whatever LC_NUMERIC the
 * lab runs under, so a file saved in one locale reads back in another. */
struct c_numeric {
	locale_t c, old;
};

static void c_numeric_enter(struct c_numeric *cn)
{
	cn->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	cn->old = cn->c ? uselocale(cn->c) : (locale_t)0;
}

static void c_numeric_leave(struct c_numeric *cn)
{
	if (cn->c) {
		uselocale(cn->old);
		freelocale(cn->c);
	}
}

void progress_free(struct progress *p)
{
	free(p->path);
	free(p->entries);
	free(p->points);
	memset(p, 0, sizeof *p);
}

const struct progress_entry *progress_find(const struct progress *p, const char *id)
{
	for (size_t i = 0; i < p->nentries; i++)
		if (strcmp(p->entries[i].id, id) == 0)
			return &p->entries[i];
	return NULL;
}

int progress_set(struct progress *p, const struct progress_entry *e)
{
	for (size_t i = 0; i < p->nentries; i++)
		if (strcmp(p->entries[i].id, e->id) == 0) {
			p->entries[i] = *e;
			return 0;
		}
	struct progress_entry *grown = realloc(p->entries, (p->nentries + 1) * sizeof *grown);
	if (!grown)
		return -1;
	p->entries = grown;
	p->entries[p->nentries++] = *e;
	return 0;
}

static int points_append(struct progress *p, const char *id, const struct sweep_point *sp)
{
	struct progress_point *grown = realloc(p->points, (p->npoints + 1) * sizeof *grown);
	if (!grown)
		return -1;
	p->points = grown;
	struct progress_point *pp = &p->points[p->npoints++];
	memset(pp, 0, sizeof *pp);
	snprintf(pp->id, sizeof pp->id, "%s", id);
	pp->p = *sp;
	return 0;
}

size_t progress_get_points(const struct progress *p, const char *id,
                           struct sweep_point *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < p->npoints && n < max; i++)
		if (strcmp(p->points[i].id, id) == 0)
			out[n++] = p->points[i].p;
	return n;
}

/* --- reading ------------------------------------------------------------- */

static int valid_id(const char *s)
{
	if (!*s || strlen(s) >= PROGRESS_ID_MAX)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

static int parse_double(const char *v, double *out)
{
	char *end;
	errno = 0;
	double d = strtod(v, &end);
	if (errno || end == v || *end)
		return -1;
	*out = d;
	return 0;
}

static int parse_i64(const char *v, int64_t *out)
{
	char *end;
	errno = 0;
	long long n = strtoll(v, &end, 10);
	if (errno || end == v || *end)
		return -1;
	*out = n;
	return 0;
}

static int parse_u64(const char *v, uint64_t *out)
{
	char *end;
	if (*v == '-')
		return -1;
	errno = 0;
	unsigned long long n = strtoull(v, &end, 10);
	if (errno || end == v || *end)
		return -1;
	*out = n;
	return 0;
}

/* %XX escapes in the error text (it holds spaces) */
static void unescape(const char *in, char *out, size_t len)
{
	size_t o = 0;
	for (; *in && o + 1 < len; in++) {
		unsigned x;
		if (in[0] == '%' && in[1] && in[2] && sscanf(in + 1, "%2x", &x) == 1) {
			out[o++] = (char)x;
			in += 2;
		} else
			out[o++] = *in;
	}
	out[o] = '\0';
}

static int entry_key(struct progress_entry *e, const char *k, const char *v)
{
	int64_t i;
	if (strcmp(k, "status") == 0) {
		if (strcmp(v, "ok") && strcmp(v, "stopped") && strcmp(v, "failed"))
			return -1;
		e->ok = strcmp(v, "failed") != 0;
		e->stopped = strcmp(v, "stopped") == 0;
		return 0;
	}
	if (strcmp(k, "errno") == 0) {
		if (parse_i64(v, &i) != 0 || i < 0 || i > 4095)
			return -1;
		e->err = (int)i;
		return 0;
	}
	if (strcmp(k, "error") == 0) {
		unescape(v, e->error, sizeof e->error);
		return 0;
	}
	if (strcmp(k, "rate") == 0) return parse_double(v, &e->rate);
	if (strcmp(k, "log_rate") == 0) return parse_double(v, &e->log_rate);
	if (strcmp(k, "seconds") == 0) return parse_double(v, &e->seconds);
	if (strcmp(k, "bytes") == 0) return parse_u64(v, &e->bytes);
	if (strcmp(k, "calls") == 0) return parse_u64(v, &e->calls);
	if (strcmp(k, "syscr") == 0) return parse_i64(v, &e->syscr);
	if (strcmp(k, "syscw") == 0) return parse_i64(v, &e->syscw);
	if (strcmp(k, "block") == 0) return parse_u64(v, &e->block);
	if (strcmp(k, "when") == 0) return parse_i64(v, &e->when);
	if (strcmp(k, "cache") == 0) {
		if (strcmp(v, "warm") && strcmp(v, "cold"))
			return -1;
		e->cold = strcmp(v, "cold") == 0;
		return 0;
	}
	return 0;                 /* a key of a later version */
}

static int point_key(struct sweep_point *p, const char *k, const char *v)
{
	int64_t i;
	if (strcmp(k, "block") == 0) return parse_u64(v, &p->block);
	if (strcmp(k, "seconds") == 0) return parse_double(v, &p->seconds);
	if (strcmp(k, "calls") == 0) return parse_double(v, &p->calls);
	if (strcmp(k, "bytes") == 0) return parse_double(v, &p->bytes);
	if (strcmp(k, "rate") == 0) return parse_double(v, &p->rate);
	if (strcmp(k, "ok") == 0) {
		if (parse_i64(v, &i) != 0 || (i != 0 && i != 1))
			return -1;
		p->ok = (int)i;
		return 0;
	}
	if (strcmp(k, "cache") == 0)
		return wl_cache_from_name(v, &p->cache);
	return 0;
}

/* "lesson ID k=v ..." or "point ID k=v ...": 0, or -1 when malformed. */
static int parse_record(struct progress *p, char *line)
{
	char *save = NULL;
	char *kind = strtok_r(line, " ", &save);
	char *id = strtok_r(NULL, " ", &save);
	if (!kind)
		return 0;
	int is_lesson = strcmp(kind, "lesson") == 0, is_point = strcmp(kind, "point") == 0;
	if (!is_lesson && !is_point)
		return 0;             /* a record of a later version */
	if (!id || !valid_id(id))
		return -1;
	struct progress_entry e;
	struct sweep_point sp;
	memset(&e, 0, sizeof e);
	memset(&sp, 0, sizeof sp);
	snprintf(e.id, sizeof e.id, "%s", id);
	e.syscr = e.syscw = -1;
	int seen_required = 0;
	for (char *kv; (kv = strtok_r(NULL, " ", &save)) != NULL;) {
		char *eq = strchr(kv, '=');
		if (!eq || eq == kv)
			return -1;
		*eq = '\0';
		int rc = is_lesson ? entry_key(&e, kv, eq + 1) : point_key(&sp, kv, eq + 1);
		if (rc != 0)
			return -1;
		if (strcmp(kv, is_lesson ? "status" : "block") == 0)
			seen_required = 1;
	}
	if (!seen_required)
		return -1;
	return is_lesson ? progress_set(p, &e) : points_append(p, id, &sp);
}

/* 0, or the 1-based number of the first bad line. */
static size_t parse_text(struct progress *p, char *text, size_t len)
{
	if (memchr(text, '\0', len))
		return 1;
	size_t lineno = 0;
	char *save = NULL;
	int first = 1;
	for (char *line = text; line; line = save) {
		char *nl = strchr(line, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		else if (!*line)
			break;
		lineno++;
		if (first) {
			if (strcmp(line, PROGRESS_HEADER) != 0)
				return lineno;
			first = 0;
			continue;
		}
		if (!*line || line[0] == '#')
			continue;
		if (parse_record(p, line) != 0)
			return lineno;
	}
	return first ? 1 : 0;
}

int progress_load(struct progress *p, const char *path, char *msg, size_t msglen)
{
	memset(p, 0, sizeof *p);
	if (msglen)
		msg[0] = '\0';
	if (!path)
		return 0;
	p->path = strdup(path);
	if (!p->path) {
		snprintf(msg, msglen, "progress not kept: out of memory");
		return -1;
	}
	struct file_data text;
	char why[PATH_MAX + 128];
	if (file_read_whole(path, PROGRESS_FILE_MAX, 0, &text, why, sizeof why) != 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(msg, msglen, "progress file %s could not be read (%s); starting afresh",
		         path, why);
		return -1;
	}
	if (text.more) {
		file_read_free_data(&text);
		snprintf(msg, msglen, "progress file %s could not be read (%s); starting afresh",
		         path, strerror(EFBIG));
		return -1;
	}
	struct c_numeric cn;
	c_numeric_enter(&cn);
	size_t bad = parse_text(p, text.data, text.len);
	c_numeric_leave(&cn);
	file_read_free_data(&text);
	if (bad) {
		free(p->entries);
		free(p->points);
		p->entries = NULL;
		p->points = NULL;
		p->nentries = p->npoints = 0;
		snprintf(msg, msglen, "progress file %s is damaged (line %zu)", path, bad);
		return -1;
	}
	return 0;
}
