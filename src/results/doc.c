/* doc.c - batch documents and notebook exports read back (doc.h). */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "doc.h"

static char *dup_str(json_t *v)
{
	const char *s = json_string_value(v);
	return s ? strdup(s) : NULL;
}

static double num(json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* obj.a.b as a number, NAN when any step is missing or null. */
static double num_at(json_t *obj, const char *a, const char *b)
{
	json_t *v = json_object_get(obj, a);
	if (b)
		v = json_object_get(v, b);
	return num(v);
}

static int read_refs(json_t *res, struct doc_result *r)
{
	json_t *refs = json_object_get(res, "reference");
	size_t n = json_array_size(refs);
	if (n == 0)
		return 0;
	r->refs = calloc(n, sizeof *r->refs);
	if (!r->refs)
		return -1;
	for (size_t i = 0; i < n; i++) {
		json_t *ref = json_array_get(refs, i);
		double rate = num(json_object_get(ref, "rate"));
		const char *label = json_string_value(json_object_get(ref, "label"));
		if (!label || !(rate > 0))
			continue;
		r->refs[r->nrefs].label = strdup(label);
		r->refs[r->nrefs].rate = rate;
		if (!r->refs[r->nrefs].label)
			return -1;
		r->nrefs++;
	}
	return 0;
}

static int read_claims(json_t *res, struct doc_result *r)
{
	json_t *list = json_object_get(res, "expectations");
	size_t n = json_array_size(list);
	if (n == 0)
		return 0;
	r->claims = calloc(n, sizeof *r->claims);
	if (!r->claims)
		return -1;
	for (size_t i = 0; i < n; i++) {
		json_t *e = json_array_get(list, i);
		struct doc_claim *c = &r->claims[r->nclaims++];
		c->claim = dup_str(json_object_get(e, "claim"));
		c->check = dup_str(json_object_get(e, "check"));
		c->verdict = dup_str(json_object_get(e, "verdict"));
		c->reason = dup_str(json_object_get(e, "reason"));
		c->bound = dup_str(json_object_get(e, "bound"));
		c->value = num(json_object_get(e, "value"));
	}
	return 0;
}

static int read_sweep(json_t *res, struct doc_result *r)
{
	json_t *sweep = json_object_get(res, "sweep");
	json_t *points = json_object_get(sweep, "points");
	size_t n = json_array_size(points);
	static const char *const caches[2] = {"warm", "cold"};
	for (int c = 0; c < 2; c++) {
		json_t *fit = json_object_get(json_object_get(sweep, "fit"), caches[c]);
		r->fit[c].R = num(json_object_get(fit, "R"));
		r->fit[c].U = num(json_object_get(fit, "U"));
		r->fit[c].have = isfinite(r->fit[c].R) && isfinite(r->fit[c].U);
	}
	if (n == 0)
		return 0;
	r->points = calloc(n, sizeof *r->points);
	if (!r->points)
		return -1;
	for (size_t i = 0; i < n; i++) {
		json_t *p = json_array_get(points, i);
		double block = num(json_object_get(p, "block"));
		if (!(block > 0))
			continue;
		struct doc_point *d = &r->points[r->npoints++];
		d->block = block;
		const char *cache = json_string_value(json_object_get(p, "cache"));
		d->cold = cache && strcmp(cache, "cold") == 0;
		d->rate = json_is_true(json_object_get(p, "ok")) ? num(json_object_get(p, "rate")) : NAN;
	}
	return 0;
}

static void read_time(json_t *res, struct doc_result *r)
{
	json_t *t = json_object_get(res, "time");
	struct doc_time *d = &r->time;
	d->wall = num(json_object_get(t, "wall"));
	d->user = num(json_object_get(t, "user"));
	d->system = num(json_object_get(t, "system"));
	d->cpu_wait = num(json_object_get(t, "cpu_wait"));
	d->blocked = num(json_object_get(t, "blocked"));
	d->have = isfinite(d->wall) && d->wall > 0;
}

static int read_result(json_t *res, struct doc_result *r)
{
	r->lesson = dup_str(json_object_get(res, "lesson"));
	r->title = dup_str(json_object_get(res, "title"));
	r->status = dup_str(json_object_get(res, "status"));
	r->error = dup_str(json_object_get(res, "error"));
	r->when = dup_str(json_object_get(res, "when"));
	r->kind = dup_str(json_object_get(res, "kind"));
	r->label = dup_str(json_object_get(res, "label"));
	r->rate = num_at(res, "rate", "median");
	r->log_rate = num(json_object_get(res, "log_rate"));
	r->seconds = num_at(res, "seconds", "median");
	r->predicted_seconds = num_at(res, "model", "predicted_seconds");
	read_time(res, r);
	if (!r->lesson)
		return -1;
	return read_refs(res, r) || read_claims(res, r) || read_sweep(res, r) ? -1 : 0;
}

static void free_result(struct doc_result *r)
{
	free(r->lesson);
	free(r->title);
	free(r->status);
	free(r->error);
	free(r->when);
	free(r->kind);
	free(r->label);
	for (size_t i = 0; i < r->nrefs; i++)
		free(r->refs[i].label);
	free(r->refs);
	for (size_t i = 0; i < r->nclaims; i++) {
		struct doc_claim *c = &r->claims[i];
		free(c->claim);
		free(c->check);
		free(c->verdict);
		free(c->reason);
		free(c->bound);
	}
	free(r->claims);
	free(r->points);
}

static void read_machine(json_t *root, struct doc_machine *m)
{
	json_t *mo = json_object_get(root, "machine");
	m->id = dup_str(json_object_get(mo, "id"));
	m->kernel = dup_str(json_object_get(mo, "kernel"));
	m->filesystem = dup_str(json_object_get(mo, "filesystem"));
	/* batch and --history write the model as cpu_model (report_format_json_machine) */
	json_t *cpu = json_object_get(mo, "cpu_model");
	m->cpu = dup_str(cpu ? cpu : json_object_get(mo, "cpu"));
	json_t *dev = json_object_get(mo, "device");
	m->device = dup_str(json_is_object(dev) ? json_object_get(dev, "model") : dev);
	m->student = dup_str(json_object_get(root, "student"));
}

/* A notebook export's runs, reduced to one per lesson: its latest run
 * made as the lesson says that ended well (the run that stands for the
 * lesson in the lab), else its latest run of any kind (the export is
 * oldest first, so a later run replaces an earlier one). */
static json_t *latest_runs(json_t *runs)
{
	json_t *normal = json_object(), *other = json_object();
	json_t *order = json_array();
	size_t i;
	json_t *run;
	json_array_foreach(runs, i, run) {
		const char *kind = json_string_value(json_object_get(run, "kind"));
		const char *lesson = json_string_value(json_object_get(run, "lesson"));
		if (!kind || !lesson)
			continue;
		if (!json_object_get(normal, lesson) && !json_object_get(other, lesson))
			json_array_append_new(order, json_string(lesson));
		const char *status = json_string_value(json_object_get(run, "status"));
		int stands = strcmp(kind, "lesson") == 0 && status && strcmp(status, "ok") == 0;
		json_object_set(stands ? normal : other, lesson, run);
	}
	json_t *out = json_array();
	json_t *id;
	json_array_foreach(order, i, id) {
		const char *lesson = json_string_value(id);
		json_t *pick = json_object_get(normal, lesson);
		json_array_append(out, pick ? pick : json_object_get(other, lesson));
	}
	json_decref(order);
	json_decref(normal);
	json_decref(other);
	return out;
}

int doc_version_newer(const char *version)
{
	int a[3] = {0, 0, 0}, b[3] = {0, 0, 0};
	if (!version || sscanf(version, "%d.%d.%d", &a[0], &a[1], &a[2]) < 2)
		return 1;
	sscanf(PACKAGE_VERSION, "%d.%d.%d", &b[0], &b[1], &b[2]);
	for (int i = 0; i < 3; i++)
		if (a[i] != b[i])
			return a[i] > b[i];
	return 0;
}

static int read_root(json_t *root, struct doc *d, char *msg, size_t len)
{
	const char *version = json_string_value(json_object_get(root, "iolab"));
	json_t *results = json_object_get(root, "results");
	json_t *runs = json_object_get(root, "runs");
	if (!json_is_object(root) || !version || !(json_is_array(results) || json_is_array(runs))) {
		snprintf(msg, len, "not an iolab document (no \"iolab\" version with \"results\" or \"runs\")");
		return -1;
	}
	if (doc_version_newer(version)) {
		snprintf(msg, len, "written by iolab %.40s, newer than this iolab %s", version,
		         PACKAGE_VERSION);
		return -1;
	}
	d->version = strdup(version);
	read_machine(root, &d->machine);
	d->from_notebook = !json_is_array(results);
	json_t *list = d->from_notebook ? latest_runs(runs) : json_incref(results);
	size_t n = json_array_size(list);
	d->results = calloc(n ? n : 1, sizeof *d->results);
	int rc = d->results && d->version ? 0 : -1;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		json_t *res = json_array_get(list, i);
		if (!json_is_object(res))
			continue;
		if (read_result(res, &d->results[d->nresults]) != 0) {
			free_result(&d->results[d->nresults]);
			memset(&d->results[d->nresults], 0, sizeof d->results[0]);
			if (!json_string_value(json_object_get(res, "lesson")))
				continue;     /* a run of no lesson: nothing to place */
			rc = -1;
			break;
		}
		d->nresults++;
	}
	json_decref(list);
	if (rc != 0)
		snprintf(msg, len, "out of memory");
	return rc;
}

static int finish(json_t *root, json_error_t *err, struct doc *d, char *msg, size_t len)
{
	memset(d, 0, sizeof *d);
	if (!root) {
		snprintf(msg, len, "not JSON: line %d, column %d: %s", err->line, err->column, err->text);
		return -1;
	}
	int rc = read_root(root, d, msg, len);
	json_decref(root);
	if (rc != 0)
		doc_free(d);
	return rc;
}

int doc_read_file(const char *path, struct doc *d, char *msg, size_t len)
{
	/* jansson reads a directory or an empty file as "expected near end of
	 * file": say what the file is instead */
	struct stat sb;
	if (stat(path, &sb) == 0 && (S_ISDIR(sb.st_mode) || (S_ISREG(sb.st_mode) && sb.st_size == 0))) {
		memset(d, 0, sizeof *d);
		snprintf(msg, len, "%s", S_ISDIR(sb.st_mode) ? "a directory, not a document"
		                                             : "an empty file, not a document");
		return -1;
	}
	json_error_t err;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
	if (!root && json_error_code(&err) == json_error_cannot_open_file) {
		memset(d, 0, sizeof *d);
		snprintf(msg, len, "%s", err.text);
		return -1;
	}
	return finish(root, &err, d, msg, len);
}

int doc_read_text(const char *text, size_t n, struct doc *d, char *msg, size_t len)
{
	json_error_t err;
	json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &err);
	return finish(root, &err, d, msg, len);
}

void doc_free(struct doc *d)
{
	free(d->version);
	struct doc_machine *m = &d->machine;
	free(m->id);
	free(m->kernel);
	free(m->filesystem);
	free(m->cpu);
	free(m->device);
	free(m->student);
	for (size_t i = 0; i < d->nresults; i++)
		free_result(&d->results[i]);
	free(d->results);
	memset(d, 0, sizeof *d);
}

const struct doc_result *doc_find(const struct doc *d, const char *id)
{
	for (size_t i = 0; i < d->nresults; i++)
		if (d->results[i].lesson && strcmp(d->results[i].lesson, id) == 0)
			return &d->results[i];
	return NULL;
}

void doc_keep_lessons(struct doc *d, const char *const *ids, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < d->nresults; i++) {
		int wanted = 0;
		for (size_t j = 0; j < n && !wanted; j++)
			wanted = strcmp(d->results[i].lesson, ids[j]) == 0;
		if (wanted)
			d->results[kept++] = d->results[i];
		else
			free_result(&d->results[i]);
	}
	d->nresults = kept;
}
