/* notebook.c - the lab notebook as batch and the lab use it (notebook.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notebook.h"
#include "report_fields.h"
#include "report_format.h"
#include "sweep.h"
#include "wl_keys.h"

static void add_line(char *notice, size_t len, const char *line)
{
	size_t used = strlen(notice);
	if (*line && used < len)
		snprintf(notice + used, len - used, "%s%s", used ? "\n" : "", line);
}

#define NOT_SAVED "Runs will not be saved: "

struct store *notebook_open(const char *path, const struct course *c, char *notice, size_t len)
{
	char msg[2048];
	notice[0] = '\0';
	struct store *st = store_open(path, 0, msg, sizeof msg);
	if (!st) {
		char line[2100];
		snprintf(line, sizeof line, NOT_SAVED "%s", msg);
		add_line(notice, len, line);
		return NULL;
	}
	add_line(notice, len, store_notice(st));
	if (!path) {
		store_import_progress(st, c ? notebook_course_knobs : NULL, (void *)c, msg, sizeof msg);
		add_line(notice, len, msg);
	}
	return st;
}

const char *notebook_refusal(const char *path, const struct store *st, const char *notice)
{
	if (!path || st)
		return NULL;
	return strncmp(notice, NOT_SAVED, strlen(NOT_SAVED)) == 0 ? notice + strlen(NOT_SAVED)
	                                                          : notice;
}

int notebook_course_knobs(const char *lesson, uint64_t *block, int *cold, void *course)
{
	const struct course *c = course;
	long i = lesson_course_find(c, lesson);
	if (i < 0)
		return -1;
	*block = c->lessons[i].workload.block;
	*cold = c->lessons[i].workload.cache == WL_CACHE_COLD;
	return 0;
}

void notebook_command_label(const struct wl_spec *s, char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < s->command_len && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", s->command[i]);
}

char *notebook_spec_text(const struct wl_spec *s)
{
	size_t need = wl_spec_format(s, NULL, 0) + 1;
	char *text = malloc(need);
	if (text)
		wl_spec_format(s, text, need);
	return text;
}

int notebook_run_of_program(const struct store_run *r, const char *program)
{
	if (r->lesson || !r->label)
		return 0;
	size_t n = strlen(program);
	return strncmp(r->label, program, n) == 0 &&
	       (r->label[n] == '\0' || strncmp(r->label + n, ", ", 2) == 0);
}

/* The text of point i of l's sweep, or of l's workload (i ignored). */
static char *lesson_spec_text(const struct lesson *l, size_t i)
{
	struct wl_spec point;
	uint64_t block;
	enum wl_cache cache;
	if (l->sweep.ncaches == 0)
		return notebook_spec_text(&l->workload);
	sweep_point_at(&l->sweep, i, &block, &cache);
	if (sweep_point_spec(&l->workload, block, cache, &point) != 0)
		return NULL;
	char *text = notebook_spec_text(&point);
	wl_spec_free(&point);
	return text;
}

int notebook_lesson_specs(const struct lesson *l, struct store_specs *out)
{
	size_t n = l->sweep.ncaches > 0 ? sweep_npoints(&l->sweep) : 1;
	const char **text = calloc(n ? n : 1, sizeof *text);
	out->text = text;
	out->n = 0;
	if (!text)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!(text[out->n++] = lesson_spec_text(l, i))) {
			notebook_specs_free(out);
			return -1;
		}
	return 0;
}

void notebook_specs_free(struct store_specs *s)
{
	for (size_t i = 0; i < s->n; i++)
		free((char *)s->text[i]);
	free((void *)s->text);
	s->text = NULL;
	s->n = 0;
}

/* Every field of the table that has a number in res, named as the table
 * names it (the names are the table's own, static).  0, or -1 out of
 * memory. */
static int entry_fields(struct notebook_entry *e, const struct report_result *res)
{
	size_t n = report_field_count();
	if (!(e->fields = calloc(n, sizeof *e->fields)))
		return -1;
	for (size_t i = 0; i < n; i++) {
		double v;
		if (report_field_as_number(res, i, &v) == 0 && isfinite(v)) {
			e->fields[e->run.nfields].name = report_field_name(i);
			e->fields[e->run.nfields++].value = v;
		}
	}
	e->run.fields = e->fields;
	return 0;
}

int notebook_entry_of_result(struct notebook_entry *e, const struct report_result *res,
                             const char *lesson, enum store_origin origin, const char *label)
{
	struct store_run *r = &e->run;
	const struct trial_result *m = &res->summary.median;
	memset(e, 0, sizeof *e);
	e->spec = notebook_spec_text(&res->spec);
	e->json = report_format_json_result(res);
	store_run_init(r);
	if (!e->spec || !e->json || entry_fields(e, res) != 0) {
		notebook_entry_free(e);
		return -1;
	}
	r->lesson = lesson;
	r->recorder = STORE_BY_BATCH;
	r->kind = store_kind_pick(origin, res->measured && m->stopped,
	                          res->measured && m->time_limited, 0);
	r->label = label;
	r->spec = e->spec;
	r->result_json = e->json;
	r->ok = res->status == REPORT_OK;
	r->error = res->error;
	if (report_has_rate(res)) {
		r->rate = res->summary.rate_median;
		r->seconds = res->summary.seconds_median;
		r->log_rate = report_log_rate(res);
	}
	if (res->measured) {
		r->bytes = (int64_t)m->bytes;
		r->passes = m->passes;
		r->calls = (int64_t)trial_total_calls(m);
		r->time_limited = m->time_limited != 0;
	}
	r->syscalls_read = report_syscalls_read(res);
	r->syscalls_write = report_syscalls_write(res);
	r->points = res->points;
	r->npoints = res->is_sweep ? res->npoints : 0;
	return 0;
}

void notebook_entry_free(struct notebook_entry *e)
{
	free(e->spec);
	free(e->json);
	free(e->fields);
	e->spec = e->json = NULL;
	e->fields = NULL;
	e->run.fields = NULL;
	e->run.nfields = 0;
}
