/* report.c - the result model shared by the writers, and the table of
 * formats that names them. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "countof.h"
#include "figures.h"
#include "report.h"
#include "utf8.h"

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int report_no_device(const char *filesystem)
{
	return filesystem && (strcmp(filesystem, "tmpfs") == 0 || strcmp(filesystem, "ramfs") == 0);
}

void report_no_device_words(const char *dir, const char *filesystem, char *buf, size_t len)
{
	snprintf(buf, len, "%s is on %s, which has no storage device: syncs cost nothing, nothing "
	         "is evicted or left dirty, O_DIRECT is cached, so every claim about those is "
	         "inconclusive here (use --dir on a disk filesystem)", dir, filesystem);
}

int report_device_bound(const struct wl_spec *spec)
{
	return (spec->open_flags & (WL_OPEN_SYNC | WL_OPEN_DSYNC | WL_OPEN_DIRECT)) ||
	       (spec->op == WL_OP_WRITE && spec->sync != WL_SYNC_NONE) ||
	       (spec->op == WL_OP_READ && spec->cache == WL_CACHE_COLD) ||
	       spec->fadvise == WL_ADV_DONTNEED;
}

int report_init(struct report *r, const char *scratch, const char *filesystem,
                const char *syscall_counter)
{
	memset(r, 0, sizeof *r);
	struct utsname u;
	snprintf(r->kernel, sizeof r->kernel, "%s", uname(&u) == 0 ? u.release : "unknown");
	snprintf(r->filesystem, sizeof r->filesystem, "%s", filesystem ? filesystem : "unknown");
	r->no_device = report_no_device(filesystem);
	time_t now = time(NULL);
	struct tm tm;
	if (!gmtime_r(&now, &tm) || !strftime(r->started, sizeof r->started, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(r->started, sizeof r->started, "1970-01-01T00:00:00Z");
	r->execution_seconds = -1;
	machine_probe(&r->machine);
	snprintf(r->machine.filesystem, sizeof r->machine.filesystem, "%s", r->filesystem);
	r->version = strdup(PACKAGE_VERSION);
	r->scratch = dup_or_null(scratch);
	r->syscall_counter = strdup(syscall_counter ? syscall_counter : "none");
	if (!r->version || (scratch && !r->scratch) || !r->syscall_counter) {
		report_free(r);
		return -1;
	}
	return 0;
}

void report_set_device(struct report *r, const struct device_info *d, const char *note)
{
	r->has_device = d != NULL;
	if (d)
		r->device = *d;
	snprintf(r->device_note, sizeof r->device_note, "%s", note ? note : "");
}

static int add_refs(struct report_result *res, const struct lesson *l, const struct ref_data *rd)
{
	if (!l->nrefs)
		return 0;
	res->refs = calloc(l->nrefs, sizeof *res->refs);
	if (!res->refs)
		return -1;
	for (size_t i = 0; i < l->nrefs; i++) {
		const struct ref_source *src = rd ? reference_find(rd, l->refs[i].source) : NULL;
		struct report_ref *ref = &res->refs[res->nrefs++];
		ref->source = strdup(l->refs[i].source);
		ref->label = strdup(src && src->label ? src->label : l->refs[i].source);
		ref->rate = l->refs[i].rate;
		if (!ref->source || !ref->label)
			return -1;
	}
	return 0;
}

static void result_free(struct report_result *res)
{
	free(res->lesson);
	free(res->title);
	free(res->error);
	wl_spec_free(&res->spec);
	for (size_t i = 0; i < res->nrefs; i++) {
		free(res->refs[i].source);
		free(res->refs[i].label);
	}
	free(res->refs);
	free(res->points);
	free(res->runs);
	report_expects_free(res);
	memset(res, 0, sizeof *res);
}

void report_reset_measured(struct report_result *res)
{
	free(res->error);
	res->error = NULL;
	res->status = REPORT_OK;
	res->measured = 0;
	res->trials = 0;
	memset(&res->summary, 0, sizeof res->summary);
	free(res->points);
	res->points = NULL;
	res->npoints = 0;
	memset(res->fit, 0, sizeof res->fit);
	free(res->runs);
	res->runs = NULL;
	res->nruns = 0;
	report_expects_free(res);
	res->disturbed[0] = '\0';
}

void report_expects_free(struct report_result *res)
{
	for (size_t i = 0; i < res->nexpects; i++) {
		free(res->expects[i].claim);
		free(res->expects[i].check);
		free(res->expects[i].bound);
		free(res->expects[i].leaderboard);
	}
	free(res->expects);
	res->expects = NULL;
	res->nexpects = 0;
}

struct report_result *report_add(struct report *r, const struct lesson *l,
                                 const struct wl_spec *spec, const struct ref_data *rd)
{
	struct report_result *grown = realloc(r->results, (r->nresults + 1) * sizeof *grown);
	if (!grown)
		return NULL;
	r->results = grown;
	struct report_result *res = &grown[r->nresults];
	memset(res, 0, sizeof *res);
	res->status = REPORT_OK;
	res->model.off = -1;
	res->no_device = r->no_device;
	res->is_sweep = sweep_npoints(&l->sweep) > 0;
	res->lesson_points = l->points > 0 ? l->points : LESSON_POINTS_DEFAULT;
	res->points_given = l->points_given;
	res->visibility = l->visibility;
	if (wl_spec_copy(&res->spec, spec) != 0) {
		memset(&res->spec, 0, sizeof res->spec);
		return NULL;
	}
	res->lesson = strdup(l->id);
	res->title = strdup(l->title ? l->title : "");
	if (!res->lesson || !res->title || add_refs(res, l, rd) != 0) {
		result_free(res);
		return NULL;
	}
	r->nresults++;
	return res;
}

struct report_result *report_add_trial(struct report *r, const struct lesson *l,
                                       const struct wl_spec *spec, const struct ref_data *rd,
                                       const struct trial_result *t, unsigned trials)
{
	struct report_result *res = report_add(r, l, spec, rd);
	if (!res)
		return NULL;
	res->trials = trials;
	if (!t)
		return res;
	char msg[512];
	int outcome = report_trial_outcome(spec, t, msg, sizeof msg);
	if (outcome >= 0 && trial_summarize(t, 1, &res->summary) == 0)
		res->measured = 1;
	if (outcome < 0)
		report_fail(res, "%s", msg);
	else if (outcome > 0)
		report_note(res, msg);
	return res;
}

int report_trial_outcome(const struct wl_spec *spec, const struct trial_result *t,
                         char *msg, size_t len)
{
	const char *why = t->error[0] ? t->error : "the workload failed";
	const char *want = spec->expect_error ? wl_errno_name(spec->expect_error) : NULL;
	switch (t->verdict) {
	case VERDICT_OK:
		return 0;
	case VERDICT_EXPECTED_ERROR:
		snprintf(msg, len, "%s", why);
		return 1;
	case VERDICT_MISSED_ERROR:
		snprintf(msg, len, "%s", why);
		return -1;
	default:
		if (want)
			snprintf(msg, len, "%s (the lesson expects %s)", why, want);
		else
			snprintf(msg, len, "%s", why);
		return -1;
	}
}

void report_model(struct report_result *res, const struct cost_table *costs)
{
	memset(&res->model, 0, sizeof res->model);
	res->model.off = -1;
	if (costs && res->measured && !res->is_sweep && report_has_rate(res))
		model_predict(costs, &res->spec, &res->summary.median, &res->model);
}

void report_fail(struct report_result *res, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(res->error);
	res->error = strdup(buf);
	res->status = REPORT_ERROR;
}

void report_note(struct report_result *res, const char *text)
{
	free(res->error);
	res->error = dup_or_null(text);
}

int report_any_failed(const struct report *r)
{
	for (size_t i = 0; i < r->nresults; i++)
		if (r->results[i].status == REPORT_ERROR)
			return 1;
	return 0;
}

void report_free(struct report *r)
{
	for (size_t i = 0; i < r->nresults; i++)
		result_free(&r->results[i]);
	free(r->results);
	free(r->version);
	free(r->scratch);
	free(r->syscall_counter);
	free(r->course);
	memset(r, 0, sizeof *r);
}

/* --- derived values ------------------------------------------------------ */

static const struct trial_result *median(const struct report_result *res)
{
	return res->measured ? &res->summary.median : NULL;
}

static int64_t known(int64_t v)
{
	return v >= 0 ? v : REPORT_UNAVAILABLE;
}

/* perf counted this kind in the median trial */
static int perf_has(const struct trial_result *m, enum sys_kind k)
{
	return m->syscall_source == SYSCALL_SOURCE_PERF && m->sys[k] >= 0;
}

int64_t report_syscalls_read(const struct report_result *res)
{
	const struct trial_result *m = median(res);
	if (!m || m->syscall_source == SYSCALL_SOURCE_NONE)
		return REPORT_UNAVAILABLE;
	/* source perf: the tracepoint's count or null, never procfs's in its place */
	return known(m->syscall_source == SYSCALL_SOURCE_PERF ? m->sys[SYS_READ] : m->syscr);
}

int64_t report_startup_read_bytes(const struct report_result *res)
{
	const struct trial_result *m = median(res);
	if (!m || res->spec.api != WL_API_COMMAND || res->spec.op != WL_OP_READ)
		return REPORT_UNAVAILABLE;
	return known(m->startup_read_bytes);
}

int64_t report_syscalls_write(const struct report_result *res)
{
	const struct trial_result *m = median(res);
	if (!m || m->syscall_source == SYSCALL_SOURCE_NONE)
		return REPORT_UNAVAILABLE;
	/* source perf: the tracepoint's count or null, never procfs's in its place */
	return known(m->syscall_source == SYSCALL_SOURCE_PERF ? m->sys[SYS_WRITE] : m->syscw);
}

int64_t report_syscalls_total(const struct report_result *res)
{
	const struct trial_result *m = median(res);
	return m && perf_has(m, SYS_TOTAL) ? m->sys[SYS_TOTAL] : REPORT_UNAVAILABLE;
}

int64_t report_syscalls_kind(const struct report_result *res, enum sys_kind k)
{
	const struct trial_result *m = median(res);
	return m && k < SYS_KINDS && perf_has(m, k) ? m->sys[k] : REPORT_UNAVAILABLE;
}

double report_bytes_per_syscall(const struct report_result *res)
{
	return figures_bytes_per_syscall(&res->spec, res->summary.median.bytes,
	                                 report_syscalls_read(res), report_syscalls_write(res));
}

int report_has_rate(const struct report_result *res)
{
	const struct trial_result *m = &res->summary.median;
	return res->measured && (m->err == 0 || m->bytes > 0);
}

double report_log_rate(const struct report_result *res)
{
	if (!report_has_rate(res) || !(res->summary.rate_median > 0))
		return NAN;
	return log(res->summary.rate_median);
}

/* The lab's own loop with nothing that waits for the device. */
static int cpu_bound(const struct wl_spec *s)
{
	const struct wl_kind *k = wl_kind_of(s);
	return k && !k->command && s->cache == WL_CACHE_WARM && s->sync == WL_SYNC_NONE &&
	       !(s->open_flags & (WL_OPEN_SYNC | WL_OPEN_DSYNC | WL_OPEN_DIRECT));
}

/* 1 when this trial waited for a CPU (or, not counted, its CPU-bound loop
 * was on the CPU for less than the share), 0 when not, -1 when it cannot
 * be told. */
static int trial_busy(const struct report_result *res, const struct trial_result *t)
{
	double share = figures_wait_share(t->seconds, t->cpu_wait);
	if (isfinite(share))
		return share > REPORT_BUSY_WAIT_SHARE;
	if (!cpu_bound(&res->spec) || t->cpu_seconds < 0 || !(t->seconds > 0))
		return -1;
	return t->cpu_seconds < REPORT_BUSY_CPU_SHARE * t->seconds;
}

int report_ran_busy(const struct report_result *res)
{
	if (!report_has_rate(res))         /* no rate for load to hold back */
		return -1;
	/* every trial the figures come from: any one of them slowed down can
	 * pair with another lesson's trial in a verdict */
	unsigned *index;
	unsigned used = report_picked_runs(res, &index);
	int verdict = used ? -1 : trial_busy(res, &res->summary.median);
	for (unsigned i = 0; i < used; i++) {
		int b = trial_busy(res, &res->runs[index[i]]);
		if (b > verdict)
			verdict = b;
	}
	free(index);
	return verdict;
}

unsigned report_picked_runs(const struct report_result *res, unsigned **index)
{
	*index = res->nruns ? malloc(res->nruns * sizeof **index) : NULL;
	return *index ? trial_pick(res->runs, res->nruns, *index) : 0;
}

int report_keep_runs(struct report_result *res, const struct trial_result *rs, unsigned n)
{
	free(res->runs);
	res->runs = NULL;
	res->nruns = 0;
	if (!n)
		return 0;
	if (!(res->runs = malloc(n * sizeof *res->runs)))
		return -1;
	memcpy(res->runs, rs, n * sizeof *rs);
	res->nruns = n;
	return 0;
}

int report_has_checksum(const struct report_result *res)
{
	const struct wl_kind *k = wl_kind_of(&res->spec);
	return res->measured && k && k->checksum;
}

void report_ascii_bound(const char *bound, char *buf, size_t len)
{
	static const char pm[] = "\u00b1";
	size_t o = 0;
	if (!len)
		return;
	for (const char *p = bound; *p && o + 1 < len;) {
		if (strncmp(p, pm, sizeof pm - 1) == 0) {
			if (o + 2 >= len)
				break;
			buf[o++] = '+';
			buf[o++] = '-';
			p += sizeof pm - 1;
		} else {
			buf[o++] = *p++;
		}
	}
	buf[o] = '\0';
}

/* --- formatting primitives ----------------------------------------------- */

int report_format_double(double v, char *buf, size_t len)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "null");
		return -1;
	}
	if (v == 0)
		v = 0;            /* no "-0.0" */
	/* %.15g reads back exactly for most values and prints none of the
	 * binary noise of %.17g ("0.1", not "0.10000000000000001"). */
	snprintf(buf, len, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, len, "%.17g", v);
	if (!strpbrk(buf, ".e")) {
		size_t n = strlen(buf);
		if (n + 2 < len)
			memcpy(buf + n, ".0", 3);
	}
	return 0;
}

size_t report_utf8_len(const char *str)
{
	return utf8_len(str);
}

void report_put_line(FILE *out, const char *s, const char *escaped)
{
	size_t left = s ? strlen(s) : 0;
	while (left > 0) {
		uint32_t cp;
		size_t n = utf8_decode(s, left, &cp);
		if (n == 0)
			fputs(REPORT_REPLACEMENT, out);
		else if (cp < 0x20 || cp == 0x7f)
			fputc(' ', out);
		else if (utf8_is_terminal_unsafe(cp))
			fputc('?', out);
		else {
			if (escaped && cp < 0x80 && strchr(escaped, (int)cp))
				fputc('\\', out);
			fwrite(s, 1, n, out);
		}
		n = n ? n : 1;
		s += n;
		left -= n;
	}
}

/* --- grading policy ------------------------------------------------------------ */

static const char *const inconclusive_names[] = {"credit", "fail", "retry"};

const char *report_inconclusive_name(enum report_inconclusive p)
{
	return (unsigned)p < COUNT(inconclusive_names) ? inconclusive_names[p] : "?";
}

int report_inconclusive_from_name(const char *name, enum report_inconclusive *out)
{
	for (size_t i = 0; i < COUNT(inconclusive_names); i++)
		if (strcmp(name, inconclusive_names[i]) == 0) {
			*out = (enum report_inconclusive)i;
			return 0;
		}
	return -1;
}

double report_test_points(const struct report_result *res, long j)
{
	size_t shared = 0;
	for (size_t i = 0; i < res->nexpects; i++)
		shared += !(res->expects[i].points > 0);
	if (j >= 0) {
		const struct report_expectation *e = &res->expects[j];
		return e->points > 0 ? e->points : res->lesson_points / (double)shared;
	}
	if (shared)
		return 0;
	return res->points_given || !res->nexpects ? res->lesson_points : 0;
}
