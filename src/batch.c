/* batch.c - headless runs for graders: lessons -> trials -> report.
 *
 * The order of a run, each step able to end it with the contract's exit
 * status (doc/batch-output.md) before anything is measured:
 *
 *   load the course (3) -> pick the lessons (2) -> open the scratch
 *   directory, check its free space, check --output can be created (4)
 *   -> run every lesson -> write the report whole (stdout, or a temporary
 *   file fsync'd and renamed over --output).
 *
 * Trials are driven here with trial_start/trial_finish rather than
 * trials_run(), for three reasons: a signal must be seen between trials
 * (and the child killed at once), a terminal gets a line that moves while a
 * trial runs, and a lesson's failure must carry the failing trial's own
 * error text.  The median is picked as trials_run picks it: by rate.
 *
 * Progress goes to stderr; results only to stdout or --output, and only
 * once every lesson has run, so an interrupted run writes no results at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "engine.h"
#include "guard.h"
#include "lesson.h"
#include "report.h"
#include "sanitize.h"
#include "scratch.h"
#include "stats.h"
#include "sweep.h"
#include "units.h"

/* Sweep lessons run every point; this many trials per point at most keeps a
 * 42-point sweep within minutes (the doc says so). */
#define SWEEP_TRIALS_MAX 3

/* The scratch directory outlives batch_run's frame: the signal handlers
 * (guard.c) walk its list of files, and a signal may come at any time. */
static struct scratch scratch;
static int guarded;           /* guard_init() was called on it */

/* --- progress on stderr ------------------------------------------------------ */

struct progress_line {
	int live;                 /* stderr is a terminal: one line, redrawn */
	size_t index, total;      /* [index/total] */
	const char *id;
	int width;                /* terminal columns */
};

static int stderr_is_terminal(void)
{
	const char *term = getenv("TERM");
	return isatty(STDERR_FILENO) && term && *term && strcmp(term, "dumb") != 0;
}

static int terminal_width(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
		return ws.ws_col;
	return 80;
}

char *batch_live_line(char *buf, size_t len, int width, size_t index, size_t total,
                      const char *id, const char *detail)
{
	/* (cut at whatever byte: sanitize_copy makes a broken end a '?') */
	char raw[2048];
	snprintf(raw, sizeof raw, "[%zu/%zu] %s ... %s", index, total, id, detail);
	/* One column short of the width: a line as wide as the terminal may
	 * wrap, and a wrapped line cannot be rewritten with \r.  The buffer
	 * bounds it too: a terminal can be wider than any buffer. */
	return sanitize_copy(buf, len, raw, width > 1 ? width - 1 : 0);
}

/* The live line: rewritten in place. */
static void live_print(const struct progress_line *p, const char *detail)
{
	char line[512];
	batch_live_line(line, sizeof line, p->width, p->index, p->total, p->id, detail);
	fprintf(stderr, "\r%s\033[K", line);
}

static void progress_begin(struct progress_line *p)
{
	if (p->live)
		live_print(p, "");
	else
		fprintf(stderr, "[%zu/%zu] %s ... ", p->index, p->total, p->id);
}

/* While a trial runs (terminal only). */
static void progress_trial(const struct progress_line *p, const char *what,
                           const struct trial_sample *s)
{
	char rate[32], detail[160];
	if (!p->live)
		return;
	if (s && s->state == TRIAL_RUNNING && s->elapsed > 0) {
		units_format_rate(s->rate_avg, rate, sizeof rate);
		snprintf(detail, sizeof detail, "%s  %.1f s  %s", what, s->elapsed, rate);
	} else {
		snprintf(detail, sizeof detail, "%s", what);
	}
	live_print(p, detail);
}

static void progress_end(const struct progress_line *p, const char *outcome)
{
	if (p->live) {
		live_print(p, outcome);
		fputc('\n', stderr);
	} else {
		/* an error text may quote a command's stderr: no escapes from it */
		char safe[1024];
		fprintf(stderr, "%s\n", sanitize_copy(safe, sizeof safe, outcome, -1));
	}
}

/* --- trials ---------------------------------------------------------------------- */

/* What the trials of one spec came to. */
struct outcome {
	unsigned trials;          /* run to their end */
	int measured;             /* summary holds at least one judged trial */
	int failed;               /* a trial did not do what the lesson expects */
	int expected;             /* the expected error happened */
	char error[512];          /* why it failed, or the expected error's text */
	struct trial_summary summary;
};

/* Is this trial what the lesson wants?  0 yes; 1 yes, the expected error
 * (its text in msg); -1 no (why in msg). */
static int judge(const struct wl_spec *spec, const struct trial_result *r, char *msg, size_t len)
{
	const char *why = r->error[0] ? r->error : "the workload failed";
	const char *want = spec->expect_error ? wl_errno_name(spec->expect_error) : NULL;
	if (spec->expect_error && r->err == spec->expect_error) {
		snprintf(msg, len, "%s", why);
		return 1;
	}
	/* the engine marks a run that lacked the expected error as not ok,
	 * with a note of its own instead of a failure: the same case */
	int only_unexpected_success = spec->expect_error && !r->err && !r->ok
	                              && strncmp(r->error, "expected ", 9) == 0;
	if ((r->err || !r->ok) && !only_unexpected_success) {
		if (want)
			snprintf(msg, len, "%s (the lesson expects %s)", why, want);
		else
			snprintf(msg, len, "%s", why);
		return -1;
	}
	if (spec->expect_error) {
		snprintf(msg, len, "expected %s, but the workload succeeded",
		         want ? want : "an error");
		return -1;
	}
	return 0;
}

static double finite_or_zero(double v)
{
	return isfinite(v) ? v : 0;
}

/* The summary of n judged trials: the median trial by rate, min and max. */
static int summarize(const struct trial_result *rs, unsigned n, struct trial_summary *s)
{
	double *rate = malloc(2 * n * sizeof *rate);
	if (!rate)
		return -1;
	double *secs = rate + n;
	for (unsigned i = 0; i < n; i++) {
		rate[i] = finite_or_zero(rs[i].rate);
		secs[i] = finite_or_zero(rs[i].seconds);
	}
	memset(s, 0, sizeof *s);
	s->trials = n;
	s->median_index = (unsigned)stats_median_index(rate, n);
	s->median = rs[s->median_index];
	s->rate_median = rate[s->median_index];
	s->rate_min = stats_min(rate, n);
	s->rate_max = stats_max(rate, n);
	s->seconds_median = secs[s->median_index];
	s->seconds_min = stats_min(secs, n);
	s->seconds_max = stats_max(secs, n);
	s->ok = 1;
	free(rate);
	return 0;
}

/* Sleep a little: long enough not to spin, short enough that a trial of a
 * few milliseconds is not stretched by its own wait. */
static void nap(double elapsed)
{
	double s = elapsed / 20;
	s = s < 0.001 ? 0.001 : s > 0.05 ? 0.05 : s;
	struct timespec ts = {0, (long)(s * 1e9)};
	nanosleep(&ts, NULL);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One trial, watched: returns 0 with *r filled, or -1 when it could not
 * start (msg says why).  A pending signal kills the child at once. */
static int one_trial(const struct wl_spec *spec, const struct progress_line *p,
                     const char *what, struct trial_result *r, char *msg, size_t len)
{
	struct trial *t = trial_start(spec, &scratch, msg, len);
	if (!t)
		return -1;
	/* past its time limit trial_finish() kills the child: stop watching */
	double start = now(), last_draw = 0, give_up = spec->time_limit + 5;
	while (!guard_pending() && !trial_done(t)) {
		double e = now() - start;
		if (e > give_up)
			break;
		if (p->live && e - last_draw >= 0.1) {
			struct trial_sample s;
			trial_sample(t, &s);
			progress_trial(p, what, &s);
			last_draw = e;
		}
		nap(e);
	}
	if (guard_pending())
		engine_kill_all();
	trial_finish(t, r);
	return 0;
}

/* Up to n trials of spec; stops at the first that fails, or on a signal. */
static void run_trials(const struct wl_spec *spec, unsigned n, const struct progress_line *p,
                       const char *label, struct outcome *out)
{
	struct trial_result *rs = calloc(n, sizeof *rs);
	unsigned kept = 0;
	memset(out, 0, sizeof *out);
	if (!rs) {
		out->failed = 1;
		snprintf(out->error, sizeof out->error, "out of memory");
		return;
	}
	for (unsigned i = 0; i < n && !guard_pending(); i++) {
		char what[96], msg[sizeof out->error];
		snprintf(what, sizeof what, "%strial %u/%u", label, i + 1, n);
		progress_trial(p, what, NULL);
		if (one_trial(spec, p, what, &rs[kept], msg, sizeof msg) != 0) {
			out->failed = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
			break;
		}
		if (guard_pending())
			break;        /* a killed trial measures nothing */
		out->trials++;
		int verdict = judge(spec, &rs[kept], msg, sizeof msg);
		if (verdict < 0) {
			out->failed = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
			break;
		}
		if (verdict > 0) {
			out->expected = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
		}
		kept++;
	}
	if (kept && summarize(rs, kept, &out->summary) == 0)
		out->measured = 1;
	free(rs);
}

/* --- one lesson --------------------------------------------------------------- */

static void result_from_outcome(struct report_result *res, const struct outcome *o)
{
	res->trials = o->trials;
	res->measured = o->measured;
	if (o->measured)
		res->summary = o->summary;
	if (o->failed)
		report_fail(res, "%s", o->error);
	else if (o->expected)
		report_note(res, o->error);
}

static uint64_t total_calls(const struct trial_result *r)
{
	uint64_t n = 0;
	for (int k = 0; k < CALL_KINDS; k++)
		n += r->calls[k];
	return n;
}

/* The point whose figures stand for the lesson: the largest block with a
 * warm cache (the sweep's best case), else the largest block measured. */
static size_t main_point(const struct sweep_point *pts, size_t n)
{
	size_t best = n;
	for (size_t i = 0; i < n; i++) {
		if (!pts[i].ok)
			continue;
		if (best == n)
			best = i;
		int warm_i = pts[i].cache == WL_CACHE_WARM, warm_b = pts[best].cache == WL_CACHE_WARM;
		if (warm_i > warm_b || (warm_i == warm_b && pts[i].block > pts[best].block))
			best = i;
	}
	return best;
}

static void run_sweep(const struct lesson *l, struct report_result *res, unsigned trials,
                      const struct progress_line *p)
{
	size_t n = sweep_npoints(&l->sweep);
	struct outcome *outs = calloc(n, sizeof *outs);
	res->points = calloc(n, sizeof *res->points);
	if (!outs || !res->points) {
		free(outs);
		report_fail(res, "out of memory");
		return;
	}
	unsigned per_point = trials < SWEEP_TRIALS_MAX ? trials : SWEEP_TRIALS_MAX;
	for (size_t i = 0; i < n && !guard_pending(); i++) {
		struct sweep_point *pt = &res->points[i];
		struct wl_spec spec;
		char label[96];
		sweep_point_at(&l->sweep, i, &pt->block, &pt->cache);
		res->fit[pt->cache].present = 1;
		if (sweep_point_spec(&res->spec, pt->block, pt->cache, &spec) != 0) {
			report_fail(res, "out of memory");
			break;
		}
		pt->block = spec.block;   /* clamped to a --size override */
		snprintf(label, sizeof label, "point %zu/%zu (%" PRIu64 " B, %s) ",
		         i + 1, n, pt->block, wl_cache_name(pt->cache));
		run_trials(&spec, per_point, p, label, &outs[i]);
		wl_spec_free(&spec);
		res->npoints = i + 1;
		if (guard_pending())
			break;
		const struct trial_summary *s = &outs[i].summary;
		pt->ok = outs[i].measured && !outs[i].failed;
		pt->seconds = s->seconds_median;
		pt->rate = s->rate_median;
		pt->bytes = (double)s->median.bytes;
		pt->calls = (double)total_calls(&s->median);
		if (outs[i].failed && res->status == REPORT_OK)
			report_fail(res, "block %" PRIu64 ", %s cache: %s", pt->block,
			            wl_cache_name(pt->cache), outs[i].error);
	}
	for (int c = WL_CACHE_WARM; c <= WL_CACHE_COLD; c++)
		if (res->fit[c].present)
			res->fit[c].ok = sweep_fit(res->points, res->npoints, (enum wl_cache)c,
			                           &res->fit[c].r, &res->fit[c].u) == 0;
	size_t m = main_point(res->points, res->npoints);
	if (m < res->npoints) {
		/* the workload printed is the one whose figures are printed */
		res->spec.block = res->points[m].block;
		res->spec.cache = res->points[m].cache;
		res->trials = outs[m].trials;
		res->measured = 1;
		res->summary = outs[m].summary;
	}
	free(outs);
}

/* --- the selection and the environment ------------------------------------ */

/* Edit distance, for "did you mean" (ids are short). */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 63 || lb > 63)
		return SIZE_MAX;
	size_t row[64];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

static const char *nearest_id(const struct course *c, const char *id)
{
	const char *best = NULL;
	size_t bestd = 4;         /* further than 3 edits is no suggestion */
	for (size_t i = 0; i < c->nlessons; i++) {
		size_t d = distance(id, c->lessons[i].id);
		if (d < bestd) {
			bestd = d;
			best = c->lessons[i].id;
		}
	}
	return best;
}

/* Indices of the lessons to run, in the order to run them.  Returns 0, or
 * EXIT_USAGE after naming every unknown id. */
static int select_lessons(const struct options *o, const struct course *c,
                          size_t **out, size_t *n)
{
	size_t want = o->nlessons ? o->nlessons : c->nlessons;
	size_t *idx = calloc(want ? want : 1, sizeof *idx);
	int bad = 0;
	if (!idx) {
		perror("iolab");
		return EXIT_ENVIRONMENT;
	}
	*n = 0;
	for (size_t i = 0; i < want; i++) {
		long k = o->nlessons ? course_find(c, o->lessons[i]) : (long)i;
		if (k < 0) {
			const char *near = nearest_id(c, o->lessons[i]);
			fprintf(stderr, "iolab: unknown lesson '%s'", o->lessons[i]);
			if (near)
				fprintf(stderr, "; did you mean '%s'?", near);
			fputc('\n', stderr);
			bad = 1;
			continue;
		}
		size_t j = 0;     /* a lesson named twice runs once */
		while (j < *n && idx[j] != (size_t)k)
			j++;
		if (j == *n)
			idx[(*n)++] = (size_t)k;
	}
	if (bad) {
		fputs("Try 'iolab --list' for the lesson ids.\n", stderr);
		free(idx);
		return EXIT_USAGE;
	}
	*out = idx;
	return 0;
}

/* The lesson's workload with --size and --time-limit applied. */
static int effective_spec(const struct lesson *l, const struct options *o, struct wl_spec *out)
{
	if (wl_spec_copy(out, &l->workload) != 0)
		return -1;
	if (o->size)
		wl_spec_resize(out, o->size);
	if (o->time_limit > 0)
		out->time_limit = o->time_limit;
	return 0;
}

/* Room for the data files: read files are kept per size for the whole run
 * (scratch_data_file reuses them), written files are removed after each
 * trial, so: every distinct read size plus the largest write. */
static uint64_t space_needed(const struct course *c, const size_t *idx, size_t n,
                             const struct options *o)
{
	uint64_t reads = 0, write_max = 0;
	uint64_t *seen = calloc(n ? n : 1, sizeof *seen);
	size_t nseen = 0;
	for (size_t i = 0; i < n; i++) {
		const struct wl_spec *w = &c->lessons[idx[i]].workload;
		uint64_t size = o->size ? o->size : w->size;
		if (w->op == WL_OP_WRITE) {
			if (size > write_max)
				write_max = size;
			continue;
		}
		size_t j = 0;
		while (seen && j < nseen && seen[j] != size)
			j++;
		if (seen && j < nseen)
			continue;
		if (seen)
			seen[nseen++] = size;
		reads += size;
	}
	free(seen);
	return reads + write_max;
}

static const char *syscall_counter(const struct options *o)
{
	if (o->perf) {
		char why[256] = "";
		if (engine_perf_available(why, sizeof why)) {
			engine_set_perf(1);
			return "perf";
		}
		fprintf(stderr, "iolab: --perf: %s; counting with /proc/PID/io only\n", why);
	}
	return access("/proc/self/io", R_OK) == 0 ? "procfs" : "none";
}

/* --- the output file ----------------------------------------------------------- */

/* A name beside `path`, hidden, unique to this process. */
static int temp_name(const char *path, unsigned seq, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	int n = snprintf(buf, len, "%.*s.%s.%ld.%u.tmp", dirlen, path, base, (long)getpid(), seq);
	return n > 0 && (size_t)n < len && *base ? 0 : -1;
}

/* Create the temporary file (O_EXCL: never someone else's). */
static int temp_create(const char *path, char *tmp, size_t len)
{
	for (unsigned seq = 0; seq < 100; seq++) {
		if (temp_name(path, seq, tmp, len) != 0) {
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* Before anything runs: can the output be written where asked? */
static int output_check(const char *path)
{
	char tmp[PATH_MAX];
	struct stat st;
	size_t len = strlen(path);
	if (len == 0 || path[len - 1] == '/' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
		fprintf(stderr, "iolab: --output %s: names a directory, not a file\n", path);
		return EXIT_ENVIRONMENT;
	}
	int fd = temp_create(path, tmp, sizeof tmp);
	if (fd < 0) {
		fprintf(stderr, "iolab: --output %s: cannot create a file there: %s\n",
		        path, strerror(errno));
		return EXIT_ENVIRONMENT;
	}
	close(fd);
	unlink(tmp);
	return 0;
}

static void sync_parent_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + (slash == path)), path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);        /* the rename itself survives a crash */
		close(fd);
	}
}

/* The whole report into a temporary file, synced, then renamed over path:
 * a reader sees the old file or the complete new one, never half of one. */
static int output_commit(const struct report *r, enum report_format f, const char *path)
{
	char tmp[PATH_MAX];
	int fd = temp_create(path, tmp, sizeof tmp);
	if (fd < 0) {
		fprintf(stderr, "iolab: --output %s: %s\n", path, strerror(errno));
		return EXIT_ENVIRONMENT;
	}
	FILE *out = fdopen(fd, "w");
	int ok = out && report_write(out, r, f) == 0 && fflush(out) == 0 && fsync(fd) == 0;
	int saved = errno;
	if (out ? fclose(out) != 0 : close(fd) != 0)
		ok = 0;
	if (ok && !guard_pending() && rename(tmp, path) == 0) {
		sync_parent_dir(path);
		return 0;
	}
	saved = ok ? errno : saved;
	unlink(tmp);
	if (guard_pending())
		return guard_exit_status(guard_pending());
	fprintf(stderr, "iolab: --output %s: %s\n", path, strerror(saved));
	return EXIT_ENVIRONMENT;
}

static int output_stdout(const struct report *r, enum report_format f)
{
	if (report_write(stdout, r, f) != 0 || fflush(stdout) != 0) {
		fprintf(stderr, "iolab: writing the results: %s\n", strerror(errno));
		return EXIT_ENVIRONMENT;
	}
	return 0;
}

/* --- the run ---------------------------------------------------------------------- */

static int load_course(const struct options *o, struct course *c)
{
	struct diags d = {0};
	const char *dir = o->lessons_dir ? o->lessons_dir : course_default_dir();
	if (course_load(dir, c, &d) != 0) {
		diags_print(stderr, &d);
		diags_free(&d);
		return EXIT_BAD_LESSONS;
	}
	diags_free(&d);
	return 0;
}

/* Reference labels ("2011 iMac") for the text table; without the file the
 * source keys are shown, and the run goes on. */
static int load_refs(const struct course *c, struct ref_data *rd)
{
	char path[PATH_MAX];
	struct diags d = {0};
	memset(rd, 0, sizeof *rd);
	if (ref_data_find_path(c->dir, path, sizeof path) != 0)
		return -1;
	int rc = ref_data_load(path, rd, &d);
	diags_free(&d);
	return rc;
}

static void outcome_text(const struct report_result *res, char *buf, size_t len)
{
	char rate[32];
	if (res->status == REPORT_ERROR) {
		snprintf(buf, len, "error: %s", res->error ? res->error : "?");
		return;
	}
	if (res->spec.expect_error) {
		const char *name = wl_errno_name(res->spec.expect_error);
		snprintf(buf, len, "%s (expected)", name ? name : "error");
		return;
	}
	units_format_rate(res->summary.rate_median, rate, sizeof rate);
	snprintf(buf, len, "%s%s%s", rate, res->is_sweep ? " (largest block, " : "",
	         res->is_sweep ? (res->spec.cache == WL_CACHE_WARM ? "warm)" : "cold)") : "");
}

static void run_lesson(const struct lesson *l, const struct options *o,
                       struct report_result *res, struct progress_line *p)
{
	char why[256];
	progress_begin(p);
	if (wl_spec_check(&res->spec, why, sizeof why) != 0) {
		report_fail(res, "%s%s", o->size || o->time_limit > 0 ? "with the overrides: " : "", why);
	} else if (res->is_sweep) {
		run_sweep(l, res, o->trials, p);
	} else {
		struct outcome out;
		run_trials(&res->spec, o->trials, p, "", &out);
		result_from_outcome(res, &out);
	}
	if (guard_pending())
		return;
	char text[600];
	outcome_text(res, text, sizeof text);
	progress_end(p, text);
}

static int run_all(const struct options *o, const struct course *c, const size_t *idx,
                   size_t n, struct report *r)
{
	struct ref_data rd;
	int have_refs = load_refs(c, &rd) == 0;
	struct progress_line p = {.live = stderr_is_terminal(), .total = n};
	if (p.live)
		p.width = terminal_width();
	for (size_t i = 0; i < n && !guard_pending(); i++) {
		const struct lesson *l = &c->lessons[idx[i]];
		struct wl_spec spec;
		struct report_result *res = NULL;
		if (effective_spec(l, o, &spec) == 0) {
			res = report_add(r, l, &spec, have_refs ? &rd : NULL);
			wl_spec_free(&spec);
		}
		if (!res) {
			perror("iolab");
			break;
		}
		p.index = i + 1;
		p.id = l->id;
		run_lesson(l, o, res, &p);
	}
	if (have_refs)
		ref_data_free(&rd);
	if (guard_pending()) {
		fprintf(stderr, "%siolab: interrupted; data files removed, no results written\n",
		        p.live ? "\r\033[K" : "\n");
		return guard_exit_status(guard_pending());
	}
	return 0;
}

/* Scratch directory, space, output: all checked before a file is written. */
static int prepare(const struct options *o, const struct course *c, const size_t *idx, size_t n)
{
	char msg[512];
	const char *dir = o->scratch_dir ? o->scratch_dir : scratch_default_dir();
	if (scratch_open(&scratch, dir, msg, sizeof msg) != 0) {
		fprintf(stderr, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	if (scratch.note)             /* the data go elsewhere than asked: say where */
		fprintf(stderr, "iolab: %s\n", scratch.note);
	guard_init(&scratch);
	guarded = 1;
	if (guard_install() != 0) {
		fprintf(stderr, "iolab: installing signal handlers: %s\n", strerror(errno));
		return EXIT_ENVIRONMENT;
	}
	if (scratch_check_space(&scratch, space_needed(c, idx, n, o), msg, sizeof msg) != 0) {
		fprintf(stderr, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	return o->output ? output_check(o->output) : 0;
}

static int run_course(const struct options *o, const struct course *c,
                      const size_t *idx, size_t n)
{
	struct report r;
	int rc = prepare(o, c, idx, n);
	if (rc != 0)
		return rc;
	if (report_init(&r, scratch.dir, scratch.fstype, syscall_counter(o)) != 0) {
		perror("iolab");
		return EXIT_ENVIRONMENT;
	}
	r.trials = o->trials;
	r.course = c->title ? strdup(c->title) : NULL;
	rc = run_all(o, c, idx, n, &r);
	guard_cleanup();          /* no data file outlives the measurements */
	if (rc == 0)
		rc = o->output ? output_commit(&r, o->format, o->output) : output_stdout(&r, o->format);
	if (rc == 0 && guard_pending())
		rc = guard_exit_status(guard_pending());
	if (rc == 0 && report_any_failed(&r))
		rc = EXIT_LESSON_FAILED;
	report_free(&r);
	return rc;
}

int batch_run(const struct options *o)
{
	struct course c;
	size_t *idx = NULL, n = 0;
	int rc = load_course(o, &c);
	if (rc != 0)
		return rc;
	rc = select_lessons(o, &c, &idx, &n);
	if (rc == 0) {
		rc = run_course(o, &c, idx, n);
		if (guarded)
			guard_cleanup();
		if (scratch.dir)
			scratch_close(&scratch);   /* removes what is left */
	}
	free(idx);
	course_free(&c);
	return rc;
}

int batch_list(const struct options *o)
{
	struct course c;
	int rc = load_course(o, &c);
	if (rc != 0)
		return rc;
	/* titles come from lesson files: no escape sequence of theirs reaches
	 * the terminal (ids are [a-z0-9-]+, checked by the loader) */
	char title[LESSON_WORD_MAX + 1];
	for (size_t i = 0; i < c.nlessons; i++)
		printf("%s\t%s\n", c.lessons[i].id,
		       sanitize_copy(title, sizeof title, c.lessons[i].title, -1));
	course_free(&c);
	return EXIT_RAN;
}
