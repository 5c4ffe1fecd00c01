/* batch.c - headless runs for graders: lessons -> trials -> report.
 *
 * The order of a run, each step able to end it with the contract's exit
 * status (doc/batch-output.md) before anything is measured:
 *
 *   load the course (3) -> pick the lessons (2) -> open the scratch
 *   directory, check its free space, check --output can be created (4)
 *   -> run every lesson -> write the report whole (stdout, or --output as
 *   atomic_file.h's rule says: a temporary file fsync'd and renamed over a
 *   regular file, a FIFO or device written directly).
 *
 * Trials are driven here with trial_start/trial_finish, for three reasons:
 * a signal must be seen between trials (and the child killed at once), a
 * terminal gets a line that moves while a trial runs, and a lesson's
 * failure must carry the failing trial's own error text.  Whether a trial
 * went as the lesson means is the engine's verdict; the median is
 * trial_summarize's, by rate.
 *
 * Progress goes to stderr; results only to stdout or --output, and only
 * once every lesson has run, so an interrupted run writes no results at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "batch.h"
#include "trial.h"
#include "guard.h"
#include "lesson.h"
#include "calib_cmd.h"
#include "notebook.h"
#include "report.h"
#include "report_format.h"
#include "report_expect.h"
#include "sanitize.h"
#include "scratch.h"
#include "suggest.h"
#include "sweep.h"
#include "trust.h"
#include "units.h"
#include "wl_keys.h"

/* Sweep lessons run every point; this many trials per point at most keeps a
 * 42-point sweep within minutes (the doc says so). */
#define SWEEP_TRIALS_MAX 3

/* The scratch directory outlives batch_run's frame: the signal handlers
 * (guard.c) walk its list of files, and a signal may come at any time. */
static struct scratch scratch;
static int guarded;           /* guard_init() was called on it */

/* --- the lab notebook --------------------------------------------------------- */

/* Where results are recorded (store.h), and what became of it.  A store
 * that cannot be written never fails the batch: it says so on stderr, once,
 * and the exit status stays what the lessons made it. */
struct notebook {
	struct store *st;         /* NULL: not recording */
	size_t tried, failed;
	int64_t *ids;             /* the run filed for each result, 0 for none */
	size_t nids;
};

static int notebook_start(struct notebook *nb, const struct options *o, const struct course *c)
{
	char notice[4096];
	memset(nb, 0, sizeof *nb);
	if (o->no_record)
		return 0;
	nb->st = notebook_open(o->db, c, notice, sizeof notice);
	const char *refused = notebook_refusal(o->db, nb->st, notice);
	if (refused) {
		fprintf(stderr, "iolab: %s\n", refused);
		return EXIT_ENVIRONMENT;
	}
	for (char *line = notice, *next; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		fprintf(stderr, "iolab: %s\n", line);
	}
	if (nb->st && store_readonly(nb->st)) {   /* said above: "will not be saved" */
		store_close(nb->st);
		nb->st = NULL;
	}
	return 0;
}

/* How a result was set up, and in words what differs from the lesson. */
struct filing {
	const char *lesson;       /* NULL: a run of no lesson */
	enum store_origin origin;
	char label[512];
};

/* The run of result `index` was stored as id: its verdicts go there later. */
static void notebook_remember(struct notebook *nb, size_t index, int64_t id)
{
	if (index >= nb->nids) {
		int64_t *grown = reallocarray(nb->ids, index + 1, sizeof *grown);
		if (!grown)
			return;           /* the run is kept; only its verdicts would be */
		memset(grown + nb->nids, 0, (index + 1 - nb->nids) * sizeof *grown);
		nb->ids = grown;
		nb->nids = index + 1;
	}
	nb->ids[index] = id;
}

static void notebook_file(struct notebook *nb, const struct report_result *res, size_t index,
                          const struct filing *f)
{
	struct notebook_entry e;
	char msg[1024];
	int64_t id = 0;
	if (!nb->st)
		return;
	nb->tried++;
	if (notebook_entry_of_result(&e, res, f->lesson, f->origin, f->label) != 0)
		snprintf(msg, sizeof msg, "not saved: out of memory");
	else if (store_record(nb->st, &e.run, &id, msg, sizeof msg) == 0)
		msg[0] = '\0';
	if (!msg[0])
		notebook_remember(nb, index, id);
	notebook_entry_free(&e);
	if (!msg[0])
		return;
	if (nb->failed++ == 0)
		fprintf(stderr, "iolab: %s\n", msg);
}

/* Every stored run's result again, now with its claims judged, so the
 * notebook (--history, --report) keeps the verdicts batch printed. */
static void notebook_verdicts(struct notebook *nb, const struct report *r)
{
	for (size_t i = 0; nb->st && i < r->nresults && i < nb->nids; i++) {
		if (!nb->ids[i] || r->results[i].nexpects == 0)
			continue;
		char *json = report_format_json_result(&r->results[i]);
		char msg[1024];
		if (!json || store_set_result(nb->st, nb->ids[i], json, msg, sizeof msg) != 0) {
			if (nb->failed++ == 0)
				fprintf(stderr, "iolab: the claims' verdicts were %s\n",
				        json ? msg : "not saved: out of memory");
		}
		free(json);
	}
}

static void notebook_finish(struct notebook *nb)
{
	free(nb->ids);
	nb->ids = NULL;
	nb->nids = 0;
	if (nb->failed > 1)
		fprintf(stderr, "iolab: %zu of %zu results were not saved\n", nb->failed, nb->tried);
	if (nb->st)
		store_close(nb->st);
	nb->st = NULL;
}

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
	/* an error text may quote a command's stderr: no escapes from it; and
	 * it is said whole (a refusal names every word of a program), so the
	 * live line, fitted to the terminal, gives way to the whole line */
	char *safe = sanitize_dup(outcome, NULL);
	if (p->live)
		fprintf(stderr, "\r\033[K[%zu/%zu] %s ... ", p->index, p->total, p->id);
	fprintf(stderr, "%s\n", safe ? safe : "out of memory");
	free(safe);
}

/* --- trials ---------------------------------------------------------------------- */

/* What the trials of one spec came to. */
struct outcome {
	unsigned trials;          /* run to their end */
	int measured;             /* a trial ran as meant: the summary's figures are its */
	int failed;               /* a trial did not do what the lesson expects */
	int expected;             /* the expected error happened */
	char error[512];          /* why it failed, or the expected error's text */
	char disturbed[64];       /* a trial's disturbance (trial.h), or "" */
	struct trial_summary summary;
	struct trial_result *rs;  /* the trials run (summary's source); owned */
};

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
		trial_kill_all();
	trial_finish(t, r);
	return 0;
}

/* Up to n trials of spec; stops at the first that fails, or on a signal.
 * The summary covers every trial run to its end, the failed one too (its
 * rate is left out of the figures by trial_summarize, and it makes the
 * summary not ok); measured when one of them ran as meant. */
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
		if (one_trial(spec, p, what, &rs[out->trials], msg, sizeof msg) != 0) {
			out->failed = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
			break;
		}
		if (guard_pending())
			break;        /* a killed trial measures nothing */
		if (rs[out->trials].disturbed)
			snprintf(out->disturbed, sizeof out->disturbed, "%s",
			         rs[out->trials].disturbance);
		int outcome = report_trial_outcome(spec, &rs[out->trials++], msg, sizeof msg);
		if (outcome < 0) {
			out->failed = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
			break;
		}
		if (outcome > 0) {
			out->expected = 1;
			snprintf(out->error, sizeof out->error, "%s", msg);
		}
		kept++;
	}
	if (kept && trial_summarize(rs, out->trials, &out->summary) == 0)
		out->measured = 1;
	/* a trial that could not start did not run as meant either */
	if (out->failed)
		out->summary.ok = 0;
	out->rs = rs;             /* for the min and max expectations read */
}

/* This machine's calibrated costs for every result's model: the
 * notebook's for this machine, kernel, filesystem and device (read even
 * with --no-record, which saves nothing).  Batch never calibrates by
 * itself, so that a run takes the time its lessons take: without a
 * calibration every model is null, and a terminal's stderr says how to get
 * one. */
static int load_costs(const struct options *o, struct notebook *nb, struct calibration *cal)
{
	char msg[1024] = "";
	struct store *st = nb->st;
	if (!st && o->no_record)
		st = store_open(o->db, STORE_OPEN_READ, msg, sizeof msg);
	int found = calib_cmd_lookup(st, &scratch, cal, msg, sizeof msg);
	if (st && st != nb->st)
		store_close(st);
	/* said to a person watching; a grader's log keeps its lines as they were */
	if (found < 0 && stderr_is_terminal())
		fprintf(stderr, "iolab: no cost model: %s\n", msg);
	else if (found == 0 && stderr_is_terminal())
		fprintf(stderr, "iolab: no cost model for this machine, kernel, filesystem and device "
		        "yet: 'iolab --calibrate' measures one\n");
	return found > 0;
}

/* --- one lesson --------------------------------------------------------------- */

/* The result's figures, and the trials they came from (expectations read
 * each field's min and max over them). */
static void result_from_outcome(struct report_result *res, const struct outcome *o)
{
	res->trials = o->trials;
	res->measured = o->measured;
	snprintf(res->disturbed, sizeof res->disturbed, "%s", o->disturbed);
	if (o->measured)
		res->summary = o->summary;
	if (o->measured && report_keep_runs(res, o->rs, o->trials) != 0)
		report_fail(res, "out of memory");
	if (o->failed)
		report_fail(res, "%s", o->error);
	else if (o->expected)
		report_note(res, o->error);
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
		sweep_point_from_summary(pt, pt->block, pt->cache, &outs[i].summary);
		if (outs[i].disturbed[0])
			snprintf(res->disturbed, sizeof res->disturbed, "%s", outs[i].disturbed);
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
		if (report_keep_runs(res, outs[m].rs, outs[m].trials) != 0)
			report_fail(res, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		free(outs[i].rs);
	free(outs);
}

/* --- the selection and the environment ------------------------------------ */

/* The id the user probably meant (suggest.h: the loader's rule too). */
static const char *nearest_id(const struct course *c, const char *id)
{
	struct suggest sg;
	suggest_init(&sg, id);
	for (size_t i = 0; i < c->nlessons; i++)
		suggest_offer(&sg, c->lessons[i].id);
	return suggest_result(&sg);
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
		long k = o->nlessons ? lesson_course_find(c, o->lessons[i]) : (long)i;
		if (k < 0) {
			const char *near = nearest_id(c, o->lessons[i]);
			char *m = sanitize_printf(NULL, "iolab: unknown lesson '%s'%s%s%s", o->lessons[i],
			                          near ? "; did you mean '" : "", near ? near : "",
			                          near ? "'?" : "");
			fprintf(stderr, "%s\n", m ? m : "iolab: out of memory");
			free(m);
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

/* The lesson's workload with --size and --time-limit applied (an
 * experiment's workload has them already: cli.c applied them). */
static int effective_spec(const struct lesson *l, const struct options *o, struct wl_spec *out)
{
	if (wl_spec_copy(out, &l->workload) != 0)
		return -1;
	if (o->have_experiment)
		return 0;
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
		if (trial_perf_available(why, sizeof why)) {
			trial_set_perf(1);
			return "perf";
		}
		fprintf(stderr, "iolab: --perf: %s; counting with /proc/PID/io only\n", why);
	}
	return access("/proc/self/io", R_OK) == 0 ? "procfs" : "none";
}

/* --- the output file ----------------------------------------------------------- */

/* Before anything runs: can the output be written where asked?  (A FIFO
 * or a device is not opened here: a reader would see end-of-file.) */
static int output_check(const char *path)
{
	char why[2 * PATH_MAX];
	if (atomic_file_check(path, ATOMIC_FILE_DIRECT, why, sizeof why) != 0) {
		fprintf(stderr, "iolab: --output %s: %s\n", path, why);
		return EXIT_ENVIRONMENT;
	}
	return 0;
}

/* The whole report at once, as atomic_file.h's rule says: into a temporary
 * file renamed over path, so a reader sees the old file or the complete
 * new one, never half of one; or straight into a FIFO or device. */
static int output_commit(const struct report *r, const struct report_format *f, const char *path)
{
	struct atomic_file af;
	char why[2 * PATH_MAX];
	if (atomic_file_open(&af, path, ATOMIC_FILE_DIRECT, 0666, guard_pending, why,
	                     sizeof why) != 0) {
		if (guard_pending())
			return guard_exit_status(guard_pending());
		fprintf(stderr, "iolab: --output %s: %s\n", path, why);
		return EXIT_ENVIRONMENT;
	}
	int ok = 1;
	if (report_write(af.f, r, f) != 0) {
		snprintf(why, sizeof why, "%s", strerror(errno ? errno : EIO));
		ok = 0;
	} else if (atomic_file_sync(&af, why, sizeof why) != 0) {
		ok = 0;
	}
	/* a signal during the write: nothing is renamed into place */
	if (ok && !guard_pending() && atomic_file_commit(&af, why, sizeof why) == 0)
		return 0;
	atomic_file_abort(&af);
	if (guard_pending())
		return guard_exit_status(guard_pending());
	fprintf(stderr, "iolab: --output %s: %s\n", path, why);
	return EXIT_ENVIRONMENT;
}

static int output_stdout(const struct report *r, const struct report_format *f)
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
	const char *dir = o->lessons_dir ? o->lessons_dir : course_load_default_dir();
	if (course_load(dir, c, &d) != 0) {
		diag_list_print(stderr, &d);
		diag_list_free(&d);
		return EXIT_BAD_LESSONS;
	}
	diag_list_free(&d);
	return 0;
}

/* Reference labels ("2011 iMac") for the text table; without the file the
 * source keys are shown, and the run goes on. */
static int load_refs(const struct course *c, struct ref_data *rd)
{
	char path[PATH_MAX];
	struct diags d = {0};
	memset(rd, 0, sizeof *rd);
	if (!c->dir || course_load_ref_path(c->dir, path, sizeof path) != 0)
		return -1;
	int rc = reference_load(path, rd, &d);
	diag_list_free(&d);
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

/* --command: what the program said on stderr, success or not (the last
 * lines the engine kept).  A student's program writes to the grader's
 * terminal here: each line made harmless (sanitize.h), as is the name. */
static void show_stderr(const struct report_result *res)
{
	const char *tail = res->measured ? res->summary.median.stderr_tail : "";
	char name[PATH_MAX], raw[TRIAL_STDERR_MAX], safe[TRIAL_STDERR_MAX];
	if (!*tail)
		return;
	fprintf(stderr, "  %s wrote on stderr (last lines):\n",
	        sanitize_copy(name, sizeof name, res->spec.command[0], -1));
	for (const char *line = tail;; line++) {
		size_t len = strcspn(line, "\n");
		snprintf(raw, sizeof raw, "%.*s", (int)len, line);
		fprintf(stderr, "    %s\n", sanitize_copy(safe, sizeof safe, raw, -1));
		line += len;
		if (!*line)
			break;
	}
}

static void run_lesson(const struct course *c, const struct lesson *l, const struct options *o,
                       struct report_result *res, struct progress_line *p)
{
	char why[512];
	progress_begin(p);
	/* --run and --command are the user's own, typed on this command line */
	if (!o->have_experiment && trust_needs_consent(c, l) && !o->allow_commands) {
		char *refusal = trust_refusal(&res->spec);
		report_fail(res, "out of memory");
		if (refusal)
			report_note(res, refusal);    /* whole: report_fail would cut it */
		free(refusal);
	} else if (wl_spec_check(&res->spec, why, sizeof why) != 0) {
		report_fail(res, "%s%s", o->size || o->time_limit > 0 ? "with the overrides: " : "", why);
	} else if (res->is_sweep) {
		run_sweep(l, res, o->trials, p);
	} else {
		struct outcome out;
		run_trials(&res->spec, o->trials, p, "", &out);
		result_from_outcome(res, &out);
		free(out.rs);
	}
	if (guard_pending())
		return;
	/* an error is said whole (a refusal names every word of a program) */
	size_t len = 600 + (res->error ? strlen(res->error) : 0);
	char *text = malloc(len);
	if (text)
		outcome_text(res, text, len);
	progress_end(p, text ? text : "out of memory");
	free(text);
	if (o->command_given)
		show_stderr(res);
}

/* How the run of lesson l with workload spec is filed in the notebook. */
static void filing_of(const struct options *o, const struct lesson *l, const struct wl_spec *spec,
                      struct filing *f)
{
	f->label[0] = '\0';
	if (o->command_given) {         /* "own program": its command line */
		f->lesson = NULL;
		f->origin = STORE_FROM_PROGRAM;
		notebook_command_label(spec, f->label, sizeof f->label);
	} else if (o->have_experiment) {
		f->lesson = NULL;
		f->origin = STORE_FROM_EXPERIMENT;
		wl_spec_describe(spec, 0, f->label, sizeof f->label);
	} else {
		f->lesson = l->id;
		f->origin = wl_spec_changes(&l->workload, spec, f->label, sizeof f->label)
		            ? STORE_FROM_CHANGED : STORE_FROM_LESSON;
	}
}

static int run_all(const struct options *o, const struct course *c, const size_t *idx,
                   size_t n, struct report *r, struct notebook *nb, const struct cost_table *costs)
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
		struct filing filing;
		if (effective_spec(l, o, &spec) == 0) {
			res = report_add(r, l, &spec, have_refs ? &rd : NULL);
			filing_of(o, l, &spec, &filing);
			wl_spec_free(&spec);
		}
		if (!res) {
			perror("iolab");
			break;
		}
		p.index = i + 1;
		p.id = l->id;
		run_lesson(c, l, o, res, &p);
		report_model(res, costs);
		/* a run cut short by a signal measured nothing to keep */
		if (!guard_pending())
			notebook_file(nb, res, r->nresults - 1, &filing);
	}
	if (have_refs)
		reference_free(&rd);
	if (guard_pending()) {
		fprintf(stderr, "%siolab: interrupted; data files removed, no results written\n",
		        p.live ? "\r\033[K" : "\n");
		return guard_exit_status(guard_pending());
	}
	/* a program ran without a PID namespace: what that leaves undone */
	if (trial_isolation_note())
		fprintf(stderr, "iolab: %s\n", trial_isolation_note());
	return 0;
}

/* --- expectations ------------------------------------------------------------ */

/* A claim the lab could not decide because the machine was busy. */
static int busy_claims(const struct report *r)
{
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nexpects; j++)
			if (r->results[i].expects[j].outcome.verdict == EXPECT_INCONCLUSIVE &&
			    r->results[i].expects[j].outcome.reason == EXPECT_WHY_BUSY)
				return 1;
	return 0;
}

/* --inconclusive retry: while a claim is inconclusive because the machine
 * was busy, every lesson that ran busy runs again (it, or a lesson the
 * claim compares with, was slowed down), up to REPORT_RETRY_MAX times;
 * each run filed as any other.  What is still inconclusive then is
 * credited, its output saying how often it ran (report_format_gradescope.c). */
static int retry_busy(const struct options *o, const struct course *c, struct report *r,
                      struct notebook *nb, const struct cost_table *costs)
{
	struct progress_line p = {.live = stderr_is_terminal(), .total = r->nresults};
	if (p.live)
		p.width = terminal_width();
	for (unsigned round = 0; round < REPORT_RETRY_MAX; round++) {
		if (report_expect_all(r, c) != 0)
			return -1;
		if (!busy_claims(r))
			return 0;
		for (size_t i = 0; i < r->nresults && !guard_pending(); i++) {
			struct report_result *res = &r->results[i];
			long k = lesson_course_find(c, res->lesson);
			if (k < 0 || report_ran_busy(res) != 1)
				continue;
			char id[160];
			snprintf(id, sizeof id, "%s (again: the machine was busy)", res->lesson);
			p.index = i + 1;
			p.id = id;
			report_reset_measured(res);
			res->retries++;
			run_lesson(c, &c->lessons[k], o, res, &p);
			report_model(res, costs);
			struct filing filing;
			filing_of(o, &c->lessons[k], &res->spec, &filing);
			if (!guard_pending())
				notebook_file(nb, res, i, &filing);
		}
		if (guard_pending())
			return 0;
	}
	return 0;
}

/* On stderr, after the progress lines: how the claims came out, and each
 * missed one, so a grader's log names what failed whatever the format. */
static void expectations_note(const struct report *r)
{
	size_t held = report_expect_count(r, EXPECT_HELD), missed = report_expect_count(r, EXPECT_MISSED);
	size_t inconclusive = report_expect_count(r, EXPECT_INCONCLUSIVE);
	if (!held && !missed && !inconclusive)
		return;
	fprintf(stderr, "expectations: %zu held, %zu missed, %zu inconclusive\n", held, missed,
	        inconclusive);
	for (size_t i = 0; i < r->nresults; i++)
		for (size_t j = 0; j < r->results[i].nexpects; j++) {
			const struct report_expectation *e = &r->results[i].expects[j];
			char value[32] = "-", bound[2 * EXPECT_TEXT_MAX + 64];
			if (e->outcome.verdict != EXPECT_MISSED)
				continue;
			if (e->outcome.has_value)
				expect_format_number(e->outcome.value, value, sizeof value);
			report_ascii_bound(e->bound, bound, sizeof bound);
			char claim[LESSON_CLAIM_MAX + 1];      /* a "\e" in YAML is an ESC */
			char why[sizeof e->outcome.why];
			fprintf(stderr, "MISSED %s: \"%s\": %s = %s, expected %s%s%s\n", r->results[i].lesson,
			        sanitize_copy(claim, sizeof claim, e->claim, -1), e->check, value, bound,
			        e->outcome.why[0] ? "; " : "",
			        sanitize_copy(why, sizeof why, e->outcome.why, -1));
		}
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
	if (report_no_device(scratch.fstype)) {
		report_no_device_words(scratch.dir, scratch.fstype, msg, sizeof msg);
		fprintf(stderr, "iolab: %s\n", msg);
	}
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
	struct notebook nb;
	int rc = prepare(o, c, idx, n);
	if (rc == 0)
		rc = notebook_start(&nb, o, c->dir ? c : NULL);
	if (rc != 0)
		return rc;
	if (report_init(&r, scratch.dir, scratch.fstype, syscall_counter(o)) != 0) {
		perror("iolab");
		notebook_finish(&nb);
		return EXIT_ENVIRONMENT;
	}
	report_set_device(&r, scratch.has_device ? &scratch.device : NULL, scratch.device_note);
	r.trials = o->trials;
	r.wide = o->wide;
	r.course = c->title ? strdup(c->title) : NULL;
	struct calibration cal;
	int have_costs = load_costs(o, &nb, &cal);
	r.inconclusive = o->inconclusive;
	double began = now();
	rc = run_all(o, c, idx, n, &r, &nb, have_costs ? &cal.costs : NULL);
	const struct cost_table *costs = have_costs ? &cal.costs : NULL;
	if (rc == 0 && o->inconclusive == REPORT_INCONCLUSIVE_RETRY &&
	    retry_busy(o, c, &r, &nb, costs) != 0) {
		fprintf(stderr, "iolab: evaluating the expectations: out of memory\n");
		rc = EXIT_ENVIRONMENT;
	}
	if (guard_pending() && rc == 0)
		rc = guard_exit_status(guard_pending());
	guard_cleanup();          /* no data file outlives the measurements */
	/* every selected lesson ran: now their claims, against this run */
	if (rc == 0 && report_expect_all(&r, c) != 0) {
		fprintf(stderr, "iolab: evaluating the expectations: out of memory\n");
		rc = EXIT_ENVIRONMENT;
	}
	if (rc == 0)
		notebook_verdicts(&nb, &r);
	notebook_finish(&nb);
	if (rc == 0)
		expectations_note(&r);
	r.execution_seconds = now() - began;
	if (rc == 0)
		rc = o->output ? output_commit(&r, o->format, o->output) : output_stdout(&r, o->format);
	if (rc == 0 && guard_pending())
		rc = guard_exit_status(guard_pending());
	if (rc == 0 && report_any_failed(&r))
		rc = EXIT_LESSON_FAILED;
	else if (rc == 0 && report_expect_count(&r, EXPECT_MISSED) > 0)
		rc = EXIT_EXPECTATION_MISSED;
	report_free(&r);
	return rc;
}

/* --run and --command: one lesson of a course of one, reported with the id
 * "experiment" or "program" and filed as a run of no lesson. */
static int run_experiment(const struct options *o)
{
	struct lesson l;
	struct course c;
	size_t idx = 0;
	char title[160], id[16];
	memset(&l, 0, sizeof l);
	memset(&c, 0, sizeof c);
	if (o->command_given)
		snprintf(title, sizeof title, "Own program: %s", o->experiment.command[0]);
	else
		snprintf(title, sizeof title, "Experiment: %s", o->run_spec);
	snprintf(id, sizeof id, "%s", o->command_given ? "program" : "experiment");
	l.id = id;
	l.title = title;
	l.workload = o->experiment;       /* shallow: only read */
	c.lessons = &l;
	c.nlessons = 1;
	int rc = run_course(o, &c, &idx, 1);
	if (guarded)
		guard_cleanup();
	if (scratch.dir)
		scratch_close(&scratch);
	return rc;
}

int batch_run(const struct options *o)
{
	struct course c;
	if (o->have_experiment)
		return run_experiment(o);
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
	lesson_course_free(&c);
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
	lesson_course_free(&c);
	return EXIT_RAN;
}
