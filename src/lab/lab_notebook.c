/* lab_notebook.c - the lab's side of the lab notebook (store.h): what the
 * notebook holds of each lesson when the lab opens, how an ended run is
 * filed (its kind, what changed, its guess), the lesson's history view,
 * the guess prompt and the experiment form.
 *
 * Why a file of its own: lab_run.c drives the engine and says when a run
 * ended; what a run *is* for the record - the lesson's own result or a
 * variant, and in which words - is decided here, once, with the rules
 * batch uses (notebook.h, store_kind_pick, wl_spec_changes).  Curses-free:
 * tests/check_lab.c files real runs and reads them back.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "guess.h"
#include "lab.h"
#include "notebook.h"
#include "report.h"
#include "report_format.h"
#include "units.h"
#include "wl_keys.h"

#define STATE_LESSON "lesson"

/* A notice line for the student; kept until a key closes it. */
static void notice_add(struct lab *lab, const char *line)
{
	size_t used = strlen(lab->notice);
	if (*line && used < sizeof lab->notice)
		snprintf(lab->notice + used, sizeof lab->notice - used, "%s%s", used ? "\n" : "", line);
}

/* --- what the notebook holds of a lesson ------------------------------------ */

static void saved_of(const struct store_run *r, struct saved_result *s)
{
	memset(s, 0, sizeof *s);
	s->ok = r->ok;
	snprintf(s->error, sizeof s->error, "%s", r->error ? r->error : "");
	s->rate = r->rate;
	s->seconds = r->seconds;
	s->bytes = r->bytes;
	s->calls = r->calls;
	s->syscr = r->syscalls_read;
	s->syscw = r->syscalls_write;
	snprintf(s->when, sizeof s->when, "%s", r->when_text ? r->when_text : "");
}

static int take_normal(const struct store_run *r, void *arg)
{
	struct lesson_state *ls = arg;
	saved_of(r, &ls->normal);
	ls->have_normal = 1;
	/* a sweep's chart comes from its points (this session's win) */
	if (r->npoints && !ls->have_result) {
		struct sweep_point *pts = malloc(r->npoints * sizeof *pts);
		if (pts) {
			memcpy(pts, r->points, r->npoints * sizeof *pts);
			free(ls->points);
			ls->points = pts;
			ls->npoints = r->npoints;
		}
	}
	return 1;
}

/* A run filed as its lesson's own whose workload is not the lesson's as it
 * now says (lesson ids are not unique across packs and versions: another
 * pack's lesson of the same id, the lesson as an older iolab had it), in
 * the words of every list of the lesson's runs, by who recorded it: an
 * entry of the old progress file kept only block and cache, so what it ran
 * is not known.  Kept and shown, never the lesson's result. */
static const char *const not_the_lessons[STORE_RECORDERS] = {
	[STORE_BY_LAB] = "another workload",
	[STORE_BY_BATCH] = "another workload",
	[STORE_BY_IMPORT] = "old progress file: workload not kept",
};

/* What a stored run of a lesson (whose specs are given) is for the lesson
 * now: its label, or the words above for a run filed as the lesson's own
 * with another workload; and whether it is the lesson's own run as it
 * says (*own), failed or not. */
static const char *run_label_now(const struct store_run *r, const struct store_specs *specs,
                                 int *own)
{
	*own = r->kind == STORE_KIND_LESSON && store_specs_hold(specs, r->spec);
	if (r->kind == STORE_KIND_LESSON && !*own)
		return (unsigned)r->recorder < STORE_RECORDERS ? not_the_lessons[r->recorder]
		                                               : not_the_lessons[STORE_BY_LAB];
	return r->label ? r->label : "";
}

struct variants_walk {
	struct lesson_state *ls;
	const struct store_specs *specs;
};

static int take_variant(const struct store_run *r, void *arg)
{
	struct variants_walk *w = arg;
	struct lesson_state *ls = w->ls;
	int own;
	const char *label = run_label_now(r, w->specs, &own);
	if (own)
		return 0;                 /* the lesson's own, failed or not */
	struct variant *v = &ls->variants[ls->nvariants++];
	lab_variant_name(NULL, label, r->kind, 0, v->label, sizeof v->label);
	v->rate = r->rate;
	v->ok = r->ok;
	return ls->nvariants == LAB_VARIANTS;
}

/* Lesson i's latest normal run and newest variants, from the notebook:
 * its runs with its workload as it now says. */
static void refresh_lesson(struct lab *lab, size_t i)
{
	struct lesson_state *ls = &lab->ls[i];
	const char *id = lab->course.lessons[i].id;
	char msg[512];
	struct store_specs specs;
	if (!lab->store)
		return;
	ls->have_normal = 0;
	ls->nvariants = 0;
	if (notebook_lesson_specs(&lab->course.lessons[i], &specs) != 0) {
		notice_add(lab, "out of memory");
		return;
	}
	if (store_latest_normal(lab->store, id, &specs, take_normal, ls, msg, sizeof msg) < 0)
		notice_add(lab, msg);
	struct variants_walk w = {ls, &specs};
	if (store_history(lab->store, id, take_variant, &w, msg, sizeof msg) < 0)
		notice_add(lab, msg);
	notebook_specs_free(&specs);
	/* a lesson done before the notebook keeps its mark in the course, as
	 * run before: its figures belong to a workload nobody kept */
	int64_t imported = 0;
	if (!ls->have_normal && store_count_imported(lab->store, id, &imported, msg, sizeof msg) < 0)
		notice_add(lab, msg);
	ls->ran_before = !ls->have_normal && imported > 0;
}

static void refresh_score(struct lab *lab)
{
	char msg[512];
	memset(&lab->score, 0, sizeof lab->score);
	lab->score.mean_miss = NAN;
	if (lab->store && store_score(lab->store, NULL, &lab->score, msg, sizeof msg) != 0)
		notice_add(lab, msg);
}

int lab_notebook_open(struct lab *lab)
{
	char notice[4096];
	lab->guess_rate = NAN;
	lab->store = notebook_open(lab->opt->db, &lab->course, notice, sizeof notice);
	const char *refused = notebook_refusal(lab->opt->db, lab->store, notice);
	if (refused) {
		fprintf(stderr, "iolab: %s\n", refused);
		return EXIT_ENVIRONMENT;
	}
	notice_add(lab, notice);
	for (size_t i = 0; i < lab->course.nlessons; i++) {
		lab->ls[i].guess_rate = lab->ls[i].miss = NAN;
		refresh_lesson(lab, i);
	}
	refresh_score(lab);
	return 0;
}

long lab_notebook_last_lesson(struct lab *lab)
{
	char id[256], msg[512];
	if (!lab->store || store_state_get(lab->store, STATE_LESSON, id, sizeof id, msg,
	                                   sizeof msg) != 1)
		return -1;
	return lesson_course_find(&lab->course, id);
}

static void remember_lesson(struct lab *lab)
{
	char msg[512];
	if (lab->store && !store_readonly(lab->store) && lab->course.nlessons)
		store_state_set(lab->store, STATE_LESSON, lab_lesson(lab)->id, msg, sizeof msg);
}

void lab_notebook_close(struct lab *lab)
{
	if (!lab->store)
		return;
	remember_lesson(lab);
	store_close(lab->store);
	lab->store = NULL;
}

/* --- what a run was -------------------------------------------------------------- */

void lab_variant_name(const char *lesson, const char *label, enum store_kind kind, int ascii,
                      char *buf, size_t len)
{
	static const char *const words[STORE_KINDS] = {
		[STORE_KIND_LESSON] = "as the lesson says",
		[STORE_KIND_CHANGED] = "changed",
		[STORE_KIND_STOPPED] = "stopped",
		[STORE_KIND_TIME_LIMITED] = "cut by its time limit",
		[STORE_KIND_RACED] = "raced",
		[STORE_KIND_EXPERIMENT] = "experiment",
		[STORE_KIND_PROGRAM] = "own program",
	};
	const char *what = label && *label ? label : (unsigned)kind < STORE_KINDS ? words[kind] : "?";
	if (lesson)
		snprintf(buf, len, "%s%s%s", lesson, ascii ? " - " : " \u00b7 ", what);
	else
		snprintf(buf, len, "%s", what);
}

size_t lab_variant_phrases(char *name, const char **phrase, size_t max)
{
	/* the label's ", " (wl_spec_changes) and the lesson's dot, or its
	 * ASCII " - " */
	static const char *const seps[] = {", ", " \u00b7 ", " - "};
	size_t n = 0;
	char *s = name;
	while (max && *s) {
		char *end = NULL;
		size_t seplen = 0;
		for (size_t i = 0; i < COUNT(seps); i++) {
			char *at = strstr(s, seps[i]);
			if (at && (!end || at < end)) {
				end = at;
				seplen = strlen(seps[i]);
			}
		}
		phrase[n++] = s;
		if (!end || n == max)
			break;
		s = end + seplen;
		end[seplen - 1] = '\0';         /* the separator's last space */
	}
	return n;
}

/* The workload a run stands for: its spec, or for a sweep the lesson's
 * (every point's block and cache are the sweep's own). */
static int stands_for(const struct lab *lab, const struct run *r, struct wl_spec *out)
{
	if (r->sweep)
		return lab_run_base_spec(lab, &lab->course.lessons[r->lesson], out);
	return wl_spec_copy(out, &r->spec);
}

/* A time limit cut it: the lesson's (or --time-limit's) in a run of one
 * pass.  A watched run's trials end when the watch time is up, which is
 * how it is meant to end, not a limit that cut it short. */
static int cut_by_time_limit(const struct run *r)
{
	return !r->sweep && !(r->watch > WATCH_ONE_PASS) && r->have_result && r->result.time_limited;
}

/* s (or quitting) stopped it; whether the trial under way had already
 * ended does not matter: the run did not go on as it would have. */
static int stopped_by_student(const struct run *r)
{
	return r->stop_requested && r->have_result;
}

static void append(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf);
	if (used < len)
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", text);
}

/* An own program's run: set up as one, or any run of a program's page
 * (a raced one too). */
static int run_is_own(const struct lab *lab, const struct run *r)
{
	return r->origin == STORE_FROM_PROGRAM || lab_is_program(lab, r->lesson);
}

void lab_notebook_label(const struct lab *lab, const struct run *r, enum store_kind *kind,
                        char *buf, size_t len)
{
	const struct lesson *l = &lab->course.lessons[r->lesson];
	struct wl_spec ran;
	char words[128];
	size_t changes = 0;
	buf[0] = '\0';
	if (run_is_own(lab, r))     /* no lesson: its command line, as batch's */
		notebook_command_label(&r->spec, buf, len);
	else if (stands_for(lab, r, &ran) == 0) {
		changes = wl_spec_changes(&l->workload, &ran, buf, len);
		wl_spec_free(&ran);
	}
	enum store_origin origin = run_is_own(lab, r) ? STORE_FROM_PROGRAM : r->origin;
	if (origin == STORE_FROM_LESSON && changes)
		origin = STORE_FROM_CHANGED;
	int stopped = stopped_by_student(r), limited = cut_by_time_limit(r);
	*kind = store_kind_pick(origin, stopped, limited, r->raced);
	if (stopped) {
		snprintf(words, sizeof words, "stopped at %.1f s", r->watched);
		append(buf, len, words);
	}
	if (limited) {
		char secs[32];
		units_format_seconds(r->spec.time_limit, 1, secs, sizeof secs);
		snprintf(words, sizeof words, "cut at its time limit (%s)", secs);
		append(buf, len, words);
	}
	if (r->raced) {
		snprintf(words, sizeof words, "raced with %s", lab->course.lessons[r->rival].id);
		append(buf, len, words);
	}
}

/* --- filing a run ----------------------------------------------------------------- */

/* A watched run's last whole trial as batch would report one trial of the
 * lesson: what its claims are checked against (lab_claims.c). */
static struct report_result *whole_trial_of(const struct lab *lab, const struct run *r,
                                            struct report *rep, const struct lesson *as)
{
	struct wl_spec spec;
	if (report_init(rep, lab->scratch.dir, lab->scratch.fstype,
	                trial_syscall_source_name(r->whole.syscall_source)) != 0)
		return NULL;
	if (stands_for(lab, r, &spec) != 0) {
		report_free(rep);
		return NULL;
	}
	struct report_result *res = report_add_trial(rep, as, &spec, lab->have_refs ? &lab->refs : NULL,
	                                             &r->whole, 1);
	wl_spec_free(&spec);
	if (!res)
		report_free(rep);
	return res;
}

/* The run as batch would report it: one result, the run's sum standing for
 * its trials (a sweep: its points, the figures of its best point). */
static struct report_result *result_of(const struct lab *lab, const struct run *r,
                                       struct report *rep, const struct lesson *as)
{
	const struct trial_result *m = r->sweep ? &r->best : &r->result;
	struct wl_spec spec;
	if (report_init(rep, lab->scratch.dir, lab->scratch.fstype,
	                trial_syscall_source_name(m->syscall_source)) != 0)
		return NULL;
	if (stands_for(lab, r, &spec) != 0)
		return NULL;
	if (r->sweep && r->have_best) {
		spec.block = r->best_block;
		spec.cache = r->best_cache;
	}
	struct trial_result one = *m;
	/* the record's time_limited is the rule above, not the watch's end */
	one.time_limited = cut_by_time_limit(r);
	/* a sweep's best point went well (record_point); its failed points
	 * fail it below */
	struct report_result *res = report_add_trial(rep, as, &spec,
	                                             lab->have_refs ? &lab->refs : NULL,
	                                             (r->sweep ? r->have_best : r->have_result)
	                                             ? &one : NULL,
	                                             r->sweep ? (unsigned)r->point : r->trials);
	wl_spec_free(&spec);
	if (!res)
		return NULL;
	if (r->sweep && r->point) {
		res->points = malloc(r->point * sizeof *res->points);
		if (!res->points)
			return NULL;
		memcpy(res->points, r->points, r->point * sizeof *res->points);
		res->npoints = r->point;
		for (size_t i = 0; i < r->point; i++) {
			res->fit[r->points[i].cache].present = 1;
			if (!r->points[i].ok && res->status == REPORT_OK)
				report_fail(res, "block %llu, %s cache: the point failed",
				            (unsigned long long)r->points[i].block,
				            wl_cache_name(r->points[i].cache));
		}
		for (int c = WL_CACHE_WARM; c <= WL_CACHE_COLD; c++)
			if (res->fit[c].present)
				res->fit[c].ok = sweep_fit(res->points, res->npoints, (enum wl_cache)c,
				                           &res->fit[c].r, &res->fit[c].u) == 0;
	}
	return res;
}

/* An own program is filed as a run of no lesson, reported as lesson
 * "program" (as iolab --command reports it). */
static void program_lesson(const struct run *r, struct lesson *l, char *title, size_t len)
{
	memset(l, 0, sizeof *l);
	l->id = (char *)"program";
	snprintf(title, len, "Own program: %s", r->spec.command_len ? r->spec.command[0] : "?");
	l->title = title;
}

/* The run just stored as id, again with the verdicts of its claims as
 * the lab checked them, so --history and the report keep what the student
 * saw.  Only its result text changes; a failure to write it is said. */
static void keep_verdicts(struct lab *lab, size_t lesson, struct report_result *res, int64_t id)
{
	char msg[1024];
	if (!res || lab_claims_keep(lab, lesson, res) != 0)
		return;
	char *json = report_format_json_result(res);
	if (!json)
		return;
	if (store_set_result(lab->store, id, json, msg, sizeof msg) != 0)
		notice_add(lab, msg);
	free(json);
}

void lab_notebook_file(struct lab *lab, const struct run *r)
{
	const struct lesson *l = &lab->course.lessons[r->lesson];
	struct lesson_state *ls = &lab->ls[r->lesson];
	enum store_kind kind;
	char label[256], msg[1024] = "", title[160];
	lab_notebook_label(lab, r, &kind, label, sizeof label);
	if (!r->raced) {
		ls->kind = kind;
		snprintf(ls->label, sizeof ls->label, "%s", label);
		ls->guess_rate = r->guess_rate;
		snprintf(ls->guess_text, sizeof ls->guess_text, "%s", r->guess_text);
		ls->miss = r->have_result && r->result.ok ? guess_miss(r->guess_rate, r->result.rate) : NAN;
	}
	struct lesson program;
	int own = run_is_own(lab, r);
	if (own)
		program_lesson(r, &program, title, sizeof title);
	struct report rep;
	struct report_result *res = result_of(lab, r, &rep, own ? &program : l);
	struct notebook_entry e;
	int64_t id = 0;
	if (!lab->store)
		snprintf(msg, sizeof msg, "not saved: the lab notebook could not be opened");
	else if (!res || notebook_entry_of_result(&e, res, own ? NULL : l->id, STORE_FROM_LESSON,
	                                          label) != 0)
		snprintf(msg, sizeof msg, "not saved: out of memory");
	else {
		e.run.recorder = STORE_BY_LAB;
		e.run.kind = kind;
		e.run.guess_rate = r->guess_rate;
		e.run.guess_text = isnan(r->guess_rate) ? NULL : r->guess_text;
		if (store_record(lab->store, &e.run, &id, msg, sizeof msg) == 0)
			msg[0] = '\0';
		else
			id = 0;
		notebook_entry_free(&e);
	}
	/* the result filed is the result its claims are checked against; a
	 * watched run's claims, against its last whole trial when it has one */
	struct report wrep;
	struct report_result *whole = NULL;
	if (!r->sweep && r->watch > WATCH_ONE_PASS && r->have_whole)
		whole = whole_trial_of(lab, r, &wrep, own ? &program : l);
	lab_claims_take(lab, r, res, whole, kind);
	if (id && !r->raced && !own)
		keep_verdicts(lab, r->lesson, res, id);
	if (whole)
		report_free(&wrep);
	report_free(&rep);
	if (*msg)
		notice_add(lab, msg);
	/* what the notebook now says of the lesson; this session's normal run
	 * is the latest one even when it could not be saved */
	refresh_lesson(lab, r->lesson);
	if (kind == STORE_KIND_LESSON && r->have_result && r->result.ok && *msg) {
		struct store_run sr;
		store_run_init(&sr);
		sr.rate = r->result.rate;
		sr.seconds = r->result.seconds;
		sr.bytes = (int64_t)r->result.bytes;
		sr.calls = (int64_t)trial_total_calls(&r->result);
		sr.syscalls_read = r->result.syscr;
		sr.syscalls_write = r->result.syscw;
		saved_of(&sr, &ls->normal);
		ls->have_normal = 1;
	}
	refresh_score(lab);
	remember_lesson(lab);
}

/* --- the lesson's notebook (history view) ---------------------------------------- */

struct rows_walk {
	struct history_view *h;
	const struct store_specs *specs;
	const struct lab *lab;    /* a program's page: its runs only; else NULL */
};

static int take_row(const struct store_run *r, void *arg)
{
	struct rows_walk *w = arg;
	struct history_view *h = w->h;
	if (w->lab && !lab_program_run_of(w->lab, h->lesson, r))
		return 0;                 /* another program's, or a lesson's */
	struct history_row *grown = realloc(h->rows, (h->n + 1) * sizeof *grown);
	if (!grown)
		return 1;
	h->rows = grown;
	struct history_row *row = &h->rows[h->n++];
	memset(row, 0, sizeof *row);
	snprintf(row->when, sizeof row->when, "%.10s %.5s", r->when_text ? r->when_text : "",
	         r->when_text && strlen(r->when_text) > 11 ? r->when_text + 11 : "");
	snprintf(row->kind, sizeof row->kind, "%s", store_kind_name(r->kind));
	snprintf(row->label, sizeof row->label, "%s", run_label_now(r, w->specs, &row->own));
	row->rate = r->rate;
	row->log_rate = r->log_rate;
	row->guess_rate = r->guess_rate;
	if (!isnan(r->guess_rate))
		units_format_rate_typed(r->guess_rate, r->guess_text, row->guess_shown,
		                        sizeof row->guess_shown);
	row->miss = r->guess_miss;
	row->ok = r->ok;
	snprintf(row->error, sizeof row->error, "%s", r->error ? r->error : "");
	return 0;
}

int lab_history_open(struct lab *lab)
{
	struct history_view *h = &lab->history;
	char msg[512];
	lab_history_close(lab);
	h->lesson = lab->cur;
	h->score.mean_miss = NAN;
	if (!lab->store) {
		lab_message(lab, "no notebook is open: runs are not kept this session");
		return -1;
	}
	const char *id = lab_lesson(lab)->id;
	struct store_specs specs;
	if (notebook_lesson_specs(lab_lesson(lab), &specs) != 0) {
		lab_message(lab, "out of memory");
		return -1;
	}
	/* a program's page: its runs are of no lesson, told by their label */
	int own = lab_is_program(lab, lab->cur);
	struct rows_walk w = {h, &specs, own ? lab : NULL};
	int rc = store_history(lab->store, own ? NULL : id, take_row, &w, msg, sizeof msg) != 0 ||
	         store_score(lab->store, id, &h->score, msg, sizeof msg) != 0 ? -1 : 0;
	notebook_specs_free(&specs);
	if (rc != 0) {
		lab_history_close(lab);
		lab_message(lab, "%s", msg);
		return -1;
	}
	char skipped[256];
	if (store_unreadable(lab->store, skipped, sizeof skipped))
		lab_message(lab, "%s (not listed)", skipped);
	h->open = 1;
	return 0;
}

void lab_history_close(struct lab *lab)
{
	free(lab->history.rows);
	memset(&lab->history, 0, sizeof lab->history);
}

void lab_history_scroll(struct lab *lab, long delta)
{
	struct history_view *h = &lab->history;
	long top = (long)h->top + delta;
	long last = (long)h->n - (h->page > 0 ? h->page : 1);
	if (top > last)
		top = last;
	h->top = top < 0 ? 0 : (size_t)top;
}

/* --- the guess ---------------------------------------------------------------------- */

void lab_guess_open(struct lab *lab)
{
	memset(&lab->prompt, 0, sizeof lab->prompt);
	form_edit_set(&lab->prompt.line, isnan(lab->guess_rate) ? "" : lab->guess_text);
	lab->prompt.open = 1;
}

int lab_guess_done(struct lab *lab)
{
	double rate;
	char shown[32];
	if (guess_parse(lab->prompt.line.text, &rate, lab->prompt.error,
	                sizeof lab->prompt.error) != 0)
		return -1;
	lab->guess_rate = rate;
	snprintf(lab->guess_text, sizeof lab->guess_text, "%s", lab->prompt.line.text);
	lab_guess_close(lab);
	units_format_rate_typed(rate, lab->guess_text, shown, sizeof shown);
	lab_message(lab, "your guess: %s, log rate %.2f (r runs it)", shown, log(rate));
	return 0;
}

void lab_guess_close(struct lab *lab)
{
	memset(&lab->prompt, 0, sizeof lab->prompt);
}

/* --- the experiment bench ---------------------------------------------------------- */

/* Run `spec` next from the page of its argv: an own program is shown on
 * its own page, never under a lesson's text and claims. */
static void to_program_page(struct lab *lab, const struct wl_spec *spec)
{
	long page = lab_program_page(lab, spec);
	if (page >= 0 && (size_t)page != lab->cur)
		lab_select(lab, (size_t)page);
}

int lab_form_open(struct lab *lab, const struct wl_spec *base, enum store_origin origin)
{
	if (lab_run_active(lab)) {
		lab_message(lab, "a run is under way: s stops it");
		return -1;
	}
	/* --command: the program's own page, whatever lesson was open */
	if (base && origin == STORE_FROM_PROGRAM)
		to_program_page(lab, base);
	if (lab_lesson(lab)->sweep.ncaches > 0) {
		lab_message(lab, "a sweep runs its own list of block sizes: the form is for one workload");
		return -1;
	}
	if (!base && !lab->next_valid)
		return -1;
	if (form_open(&lab->form, base ? base : &lab->next) != 0) {
		lab_message(lab, "out of memory");
		return -1;
	}
	lab->form_origin = base ? origin : lab->next_origin == STORE_FROM_PROGRAM
	                   ? STORE_FROM_PROGRAM : STORE_FROM_EXPERIMENT;
	return 0;
}

static int same_argv(const struct wl_spec *a, const struct wl_spec *b)
{
	if (!a->command || !b->command || a->command_len != b->command_len)
		return 0;
	for (size_t i = 0; i < a->command_len; i++)
		if (strcmp(a->command[i], b->command[i]) != 0)
			return 0;
	return 1;
}

int lab_form_done(struct lab *lab)
{
	struct wl_spec spec, base;
	if (form_spec(&lab->form, &spec) != 0)
		return -1;
	enum store_origin origin = lab->form_origin;
	if (lab_run_base_spec(lab, lab_lesson(lab), &base) == 0) {
		/* an argv the student typed is their own program (filed as one,
		 * never asked about: the trust rules are a pack's); the lesson's
		 * own argv stays the lesson's, asked about as before */
		if (spec.command && !same_argv(&base, &spec))
			origin = STORE_FROM_PROGRAM;
		wl_spec_free(&base);
	}
	if (origin == STORE_FROM_PROGRAM && spec.command)
		to_program_page(lab, &spec);
	if (lab->next_valid)
		wl_spec_free(&lab->next);
	lab->next = spec;
	lab->next_valid = 1;
	lab->next_origin = origin;
	lab->next_changed = 1;
	if (lab_run_base_spec(lab, lab_lesson(lab), &base) == 0) {
		lab->next_changed = !wl_spec_same(&base, &lab->next);
		wl_spec_free(&base);
	}
	form_close(&lab->form);
	return 0;
}

void lab_form_close(struct lab *lab)
{
	form_close(&lab->form);
}
