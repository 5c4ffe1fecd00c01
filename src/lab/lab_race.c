/* lab_race.c - two lessons at once: the lesson on screen (lab->run) and a
 * rival chosen from the course (lab->race.rival), each its own run of
 * trials in its own workload child (lab_run.c), polled, stopped and
 * aborted together.  The lecture's central comparisons -- w01 against w03,
 * r06 against r08 -- side by side, on one gauge.
 *
 * A raced run shares the machine with the other, so its figures are not
 * the lesson's alone: it is never filed as the lesson's result (lab->ls[],
 * the lesson's result); its result stays in its run, marked raced, and the
 * lab notebook files it as kind "raced".
 *
 * Curses-free and in libiolab.a: the chooser's list, what may race what,
 * and the gap between the two rates are decisions tests/check_lab.c
 * checks without a terminal; ui_race.c draws them.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab.h"
#include "units.h"

/* --- which lessons may race ------------------------------------------------ */

static int is_sweep(const struct course *c, size_t i)
{
	return c->lessons[i].sweep.ncaches > 0;
}

static int listed(const size_t *out, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++)
		if (out[k] == i)
			return 1;
	return 0;
}

size_t lab_race_choices(const struct course *c, size_t cur, size_t *out, size_t max,
                    size_t *ncompared)
{
	const struct lesson *l = &c->lessons[cur];
	size_t n = 0;
	for (size_t k = 0; k < l->ncompare && n < max; k++) {
		long i = lesson_course_find(c, l->compare[k]);
		if (i >= 0 && (size_t)i != cur && !is_sweep(c, (size_t)i) && !listed(out, n, (size_t)i))
			out[n++] = (size_t)i;
	}
	*ncompared = n;
	for (size_t i = 0; i < c->nlessons && n < max; i++)
		if (i != cur && !is_sweep(c, i) && !listed(out, n, i))
			out[n++] = i;
	return n;
}

/* Reads the scratch directory's data file of its size (scratch_data_file
 * gives one file per size, shared by every run that reads that size). */
static int reads_data_file(const struct wl_spec *s)
{
	return s->op != WL_OP_WRITE;
}

static const char *refusal_of(const struct course *c, size_t a, const struct wl_spec *sa,
                              size_t b, const struct wl_spec *sb)
{
	if (a == b)
		return "a lesson does not race itself: choose another";
	if (is_sweep(c, a) || is_sweep(c, b))
		return "a sweep is many runs, one after another: it cannot race";
	if (reads_data_file(sa) && reads_data_file(sb) && sa->size == sb->size
	    && (sa->cache == WL_CACHE_COLD || sb->cache == WL_CACHE_COLD))
		/* at most 70 columns: whole in the header at 80 */
		return "one evicts the file both read: each would time the other's evictions";
	return NULL;
}

const char *lab_race_refusal(const struct lab *lab, size_t a, size_t b)
{
	const struct course *c = &lab->course;
	struct wl_spec sa, sb;
	if (a == b || is_sweep(c, a) || is_sweep(c, b))
		return refusal_of(c, a, &c->lessons[a].workload, b, &c->lessons[b].workload);
	/* as they would run: a with the next run's changes, b as its lesson is */
	if (lab_run_base_spec(lab, &c->lessons[b], &sb) != 0)
		return "out of memory";
	if (a == lab->cur && lab->next_valid)
		sa = lab->next;
	else if (lab_run_base_spec(lab, &c->lessons[a], &sa) != 0) {
		wl_spec_free(&sb);
		return "out of memory";
	}
	const char *why = refusal_of(c, a, &sa, b, &sb);
	if (!(a == lab->cur && lab->next_valid))
		wl_spec_free(&sa);
	wl_spec_free(&sb);
	return why;
}

/* --- the chooser -------------------------------------------------------------- */

void lab_race_chooser_close(struct lab *lab)
{
	struct race *r = &lab->race;
	free(r->choices);
	r->choices = NULL;
	r->nchoices = r->ncompared = r->choice = r->top = 0;
	r->choosing = 0;
}

int lab_race_open(struct lab *lab)
{
	struct race *r = &lab->race;
	if (lab_race_active(lab)) {
		r->shown = 1;              /* back to the race under way */
		return 0;
	}
	if (lab_run_active(lab)) {
		lab_message(lab, "a run is under way: s stops it");
		return -1;
	}
	if (is_sweep(&lab->course, lab->cur)) {
		lab_message(lab, "a sweep is many runs, one after another: it cannot race");
		return -1;
	}
	lab_race_chooser_close(lab);
	r->choices = calloc(lab->course.nlessons ? lab->course.nlessons : 1, sizeof *r->choices);
	if (!r->choices) {
		lab_message(lab, "out of memory");
		return -1;
	}
	r->nchoices = lab_race_choices(&lab->course, lab->cur, r->choices, lab->course.nlessons,
	                           &r->ncompared);
	if (r->nchoices == 0) {
		lab_race_chooser_close(lab);
		lab_message(lab, "no other lesson can race this one");
		return -1;
	}
	r->choosing = 1;
	lab->course_screen = 0;
	return 0;
}

void lab_race_chooser_move(struct lab *lab, long delta)
{
	struct race *r = &lab->race;
	if (r->nchoices == 0)
		return;
	long i = (long)r->choice + delta;
	if (i < 0)
		i = 0;
	if (i >= (long)r->nchoices)
		i = (long)r->nchoices - 1;
	r->choice = (size_t)i;
}

int lab_race_pick(struct lab *lab)
{
	struct race *r = &lab->race;
	if (!r->choosing || r->nchoices == 0)
		return -1;
	size_t rival = r->choices[r->choice];
	lab_race_chooser_close(lab);
	return lab_race_start(lab, rival);
}

/* --- the race -------------------------------------------------------------- */

int lab_race_active(const struct lab *lab)
{
	return lab_run_is_active(&lab->race.rival) || (lab->run.raced && lab_run_is_active(&lab->run));
}

int lab_race_start(struct lab *lab, size_t rival)
{
	if (lab_run_active(lab)) {
		lab_message(lab, "a run is under way: s stops it");
		return -1;
	}
	if (rival >= lab->course.nlessons || !lab->next_valid)
		return -1;
	const char *why = lab_race_refusal(lab, lab->cur, rival);
	if (why) {
		lab_message(lab, "%s", why);
		return -1;
	}
	/* a lesson pack's program runs in a race only once the student agreed
	 * to it, as with r (trust.h) */
	const size_t racers[2] = {lab->cur, rival};
	for (int i = 0; i < 2; i++)
		if (!lab_commands_allowed(lab, racers[i])) {
			lab_ask_commands(lab, racers[i]);
			lab->ask_for_race = 1;
			return -1;
		}
	struct wl_spec theirs;
	if (lab_run_base_spec(lab, &lab->course.lessons[rival], &theirs) != 0) {
		lab_message(lab, "out of memory");
		return -1;
	}
	lab->race.shown = 1;
	lab->course_screen = 0;
	/* both started before either is polled; a failure to start shows in
	 * its own panel, and the other still runs */
	lab_run_begin(lab, &lab->run, lab->cur, &lab->next, 1);
	lab_run_begin(lab, &lab->race.rival, rival, &theirs, 1);
	wl_spec_free(&theirs);
	/* how each is filed: raced, with the other's name and what changed */
	lab->run.rival = rival;
	lab->run.origin = lab->next_origin;
	lab->race.rival.rival = lab->cur;
	return 0;
}

void lab_race_view_of(const struct lab *lab, int side, struct run_view *v)
{
	lab_run_view_of_run(side ? &lab->race.rival : &lab->run, v);
}

int lab_race_gap(double a, double b, double *dlog, double *ratio)
{
	if (!(a > 1) || !(b > 1) || !isfinite(a) || !isfinite(b))
		return -1;
	*dlog = units_log_rate(a) - units_log_rate(b);
	*ratio = a / b;
	return 0;
}

int lab_race_times(double a, double b, char *buf, size_t len, int *a_faster)
{
	double dlog, ratio;
	if (lab_race_gap(a, b, &dlog, &ratio) != 0)
		return -1;
	*a_faster = ratio >= 1;
	double times = *a_faster ? ratio : 1 / ratio;
	if (!(times <= UNITS_FIXED_MAX))      /* not a number, or off the scale */
		units_format_fixed(times, 0, buf, len);
	else if (times < 10)
		snprintf(buf, len, "%.2f", times);
	else if (times < 100)
		snprintf(buf, len, "%.1f", times);
	else
		units_format_count((uint64_t)(times + 0.5), buf, len);
	return 0;
}

int lab_race_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n >= 1 ? (int)n : 1;
}

void lab_race_free(struct race *race)
{
	free(race->choices);
	lab_run_free(&race->rival);
	memset(race, 0, sizeof *race);
}

char lab_race_letter(int side)
{
	return side ? 'B' : 'A';
}
