/* lab.c - the lab's state: opening the course, the scratch directory
 * and the lab notebook before the screen is taken, and closing them.
 *
 * Why here and not in a ui_ file: none of this draws, so it lives in
 * libiolab.a, where the Check suites reach it without a terminal (see
 * tests/check_lab.c); the ui_*.c views only read struct lab and draw it. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "keys.h"
#include "lab.h"
#include "report.h"
#include "layout.h"
#include "sanitize.h"
#include "trust.h"

const struct lesson *lab_lesson(const struct lab *lab)
{
	return &lab->course.lessons[lab->cur];
}

const char *lab_ref_label(const struct lab *lab, const char *key)
{
	const struct ref_source *src = lab->have_refs ? reference_find(&lab->refs, key) : NULL;
	return src && src->label ? src->label : key;
}

void lab_select(struct lab *lab, size_t i)
{
	if (lab->course.nlessons == 0)
		return;
	if (i >= lab->course.nlessons)
		i = lab->course.nlessons - 1;
	if (lab->next_valid)
		wl_spec_free(&lab->next);
	lab->cur = i;
	lab->next_valid = lab_run_base_spec(lab, lab_lesson(lab), &lab->next) == 0;
	lab->next_changed = 0;
	/* a program's page runs the student's own program */
	lab->next_origin = lab_is_program(lab, i) ? STORE_FROM_PROGRAM : STORE_FROM_LESSON;
	lab->text_top = 0;
	/* a guess is about the lesson it was made on */
	lab->guess_rate = NAN;
	lab->guess_text[0] = '\0';
	/* its claims as they stand now: another lesson they name may have run */
	lab_claims_refresh(lab, i);
}

void lab_message(struct lab *lab, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(lab->message, sizeof lab->message, fmt, ap);
	va_end(ap);
}

unsigned lab_key_context(const struct lab *lab, int lines, int cols)
{
	struct layout l;
	layout_compute(&l, lines, cols, lab->course_screen);
	/* the order the screen is drawn in: a too-small terminal hides help,
	 * help hides the chooser; presentation mode is the lesson's screen; the
	 * question about a command is above all else, then a notice of the
	 * notebook's, which any key closes */
	unsigned screen = l.too_small ? KEYS_TINY : lab->asking ? KEYS_CONFIRM
	                : lab->notice[0] ? KEYS_NOTICE
	                : lab->help ? KEYS_HELP
	                : lab->compare.open ? KEYS_COMPARE
	                : lab->prompt.open ? KEYS_PROMPT : lab->form.open ? KEYS_FORM
	                : lab->history.open ? KEYS_HISTORY
	                : lab->race.choosing ? KEYS_CHOOSER
	                : l.course_only && !lab->present ? KEYS_COURSE : KEYS_LESSON;
	return lab_run_active(lab) ? screen | KEYS_RUNNING : screen;
}

/* --- a lesson pack's commands: asked once a session (trust.h) ----------- */

int lab_commands_allowed(const struct lab *lab, size_t i)
{
	if (i >= lab->course.nlessons)
		return 0;
	if (lab_is_program(lab, i))       /* the student's own: never a pack's */
		return 1;
	return !trust_needs_consent(&lab->course, &lab->course.lessons[i]) ||
	       lab->opt->allow_commands || lab->ls[i].commands_allowed;
}

void lab_ask_commands(struct lab *lab, size_t i)
{
	lab->asking = 1;
	lab->ask_lesson = i;
	lab->ask_for_race = 0;
	lab->ask_top = 0;
	lab->ask_seen_end = 0;
}

void lab_ask_scroll(struct lab *lab, long delta)
{
	if (delta < 0 && (size_t)-delta > lab->ask_top)
		lab->ask_top = 0;
	else
		lab->ask_top += (size_t)delta;   /* the view clamps it to the words */
}

int lab_answer_commands(struct lab *lab, int yes)
{
	if (!lab->asking)
		return 0;
	if (yes && !lab->ask_seen_end) {
		lab_message(lab, "the program's words go on below: read them to the end "
		            "(Down, PgDn) before y runs it");
		return 0;
	}
	lab->asking = 0;
	if (!yes) {
		lab_message(lab, "not run: the lesson's program runs only if you agree (r asks again)");
		return 0;
	}
	lab->ls[lab->ask_lesson].commands_allowed = 1;
	if (lab->ask_for_race) {
		lab_message(lab, "allowed for this session: v races again");
		return 0;
	}
	/* the answer is about the lesson that was on screen when asked */
	return lab->ask_lesson == lab->cur;
}

/* data/reference.yaml beside the lesson directory, else the default. */
static void load_refs(struct lab *lab, const char *lessons_dir)
{
	char path[PATH_MAX];
	struct diags d = {0};
	lab->have_refs = course_load_ref_path(lessons_dir, path, sizeof path) == 0
	                 && reference_load(path, &lab->refs, &d) == 0;
	diag_list_free(&d);          /* labels fall back to the source keys */
}

/* A message sanitize_printf made, on stderr, and freed. */
static void say_safe(char *text)
{
	fputs(text ? text : "iolab: out of memory\n", stderr);
	free(text);
}

static int no_lesson(const char *id, const char *dir)
{
	say_safe(sanitize_printf("\n", "iolab: no lesson '%s' in %s\n"
	                         "Try 'iolab --list' to see the lessons.\n", id, dir));
	return EXIT_USAGE;
}

static int open_course(struct lab *lab)
{
	const struct options *o = lab->opt;
	const char *dir = o->lessons_dir ? o->lessons_dir : course_load_default_dir();
	struct diags d = {0};
	if (course_load(dir, &lab->course, &d) != 0) {
		diag_list_print(stderr, &d);
		if (d.count == 0)
			fprintf(stderr, "iolab: the lessons in %s could not be loaded\n", dir);
		diag_list_free(&d);
		return EXIT_BAD_LESSONS;
	}
	diag_list_free(&d);
	if (lab->course.nlessons == 0) {
		fprintf(stderr, "iolab: %s/course.yaml names no lessons\n", dir);
		return EXIT_BAD_LESSONS;
	}
	size_t start = 0;
	/* --race A,B opens at A; else --lesson's first */
	const char *first = o->race[0] ? o->race[0] : o->nlessons > 0 ? o->lessons[0] : NULL;
	if (first) {
		long i = lesson_course_find(&lab->course, first);
		if (i < 0)
			return no_lesson(first, dir);
		start = (size_t)i;
	}
	lab->race_at_start = -1;
	if (o->race[1]) {
		lab->race_at_start = lesson_course_find(&lab->course, o->race[1]);
		if (lab->race_at_start < 0)
			return no_lesson(o->race[1], dir);
	}
	load_refs(lab, dir);
	lab->programs_first = lab->course.nlessons;
	lab->ls = calloc(lab->course.nlessons, sizeof *lab->ls);
	if (!lab->ls) {
		fputs("iolab: out of memory\n", stderr);
		return EXIT_ENVIRONMENT;
	}
	lab_select(lab, start);
	return 0;
}

int lab_open(struct lab *lab, const struct options *o)
{
	memset(lab, 0, sizeof *lab);
	lab->opt = o;
	lab->watch = o->watch;
	lab->present = o->present;
	lab->race_at_start = -1;
	int rc = open_course(lab);
	if (rc != 0)
		return rc;
	char msg[512];
	const char *sdir = o->scratch_dir ? o->scratch_dir : scratch_default_dir();
	if (!sdir || scratch_open(&lab->scratch, sdir, msg, sizeof msg) != 0) {
		fprintf(stderr, "iolab: %s\n", sdir ? msg : "no scratch directory: set HOME or use --dir DIR");
		return EXIT_ENVIRONMENT;
	}
	lab->scratch_open = 1;
	guard_init(&lab->scratch);
	lab->guarded = 1;
	if (guard_install() != 0) {
		perror("iolab: signal handlers");
		return EXIT_ENVIRONMENT;
	}
	rc = lab_notebook_open(lab);
	if (rc != 0)
		return rc;
	lab_model_open(lab);
	if (lab_programs_load(lab) != 0)
		lab_message(lab, "your programs' pages could not all be read from the notebook");
	/* no --lesson nor --race: where the student left off */
	long last = o->nlessons || o->race[0] ? -1 : lab_notebook_last_lesson(lab);
	if (last >= 0)
		lab_select(lab, (size_t)last);
	/* --dir named a shared directory: the data went into a private one
	 * inside it, and the student is told where */
	if (lab->scratch.note)
		lab_message(lab, "%s", lab->scratch.note);
	else if (report_no_device(lab->scratch.fstype)) {
		report_no_device_words(lab->scratch.dir, lab->scratch.fstype, msg, sizeof msg);
		lab_message(lab, "%s", msg);
	}
	if (o->perf) {
		char why[256] = "";
		if (trial_perf_available(why, sizeof why)) {
			trial_set_perf(1);
			lab->perf = 1;
		}
		else
			lab_message(lab, "--perf: %s; counting with /proc instead", why);
	}
	if (o->ncompare && lab_compare_open_ids(lab, o->compare, o->ncompare, msg, sizeof msg) != 0) {
		fprintf(stderr, "iolab: --compare: %s\nTry 'iolab --list' to see the lessons.\n", msg);
		return EXIT_USAGE;
	}
	/* --race A,B that the lab would refuse is a bad command line: said
	 * whole on stderr, not cut to the header's width in a lab that opens
	 * with no race */
	if (lab->race_at_start >= 0) {
		const char *why = lab_race_refusal(lab, lab->cur, (size_t)lab->race_at_start);
		if (why) {
			say_safe(sanitize_printf("\n", "iolab: --race %s,%s: %s\n"
			                         "Try 'iolab --help' for more information.\n",
			                         o->race[0], o->race[1], why));
			return EXIT_USAGE;
		}
	}
	return 0;
}

void lab_close(struct lab *lab)
{
	lab_run_abort(lab);
	lab_run_free(&lab->run);
	lab_race_free(&lab->race);
	lab_notebook_close(lab);
	lab_model_close(lab);
	lab_history_close(lab);
	lab_form_close(lab);
	if (lab->guarded)
		guard_cleanup();  /* the child, the data files */
	if (lab->scratch_open)
		scratch_close(&lab->scratch);
	for (size_t i = 0; lab->ls && i < lab->course.nlessons; i++) {
		if (lab->ls[i].have_spec)
			wl_spec_free(&lab->ls[i].spec);
		free(lab->ls[i].points);
		lab_claims_free(&lab->ls[i]);
	}
	free(lab->ls);
	if (lab->next_valid)
		wl_spec_free(&lab->next);
	if (lab->have_refs)
		reference_free(&lab->refs);
	lesson_course_free(&lab->course);
	memset(lab, 0, sizeof *lab);
}
