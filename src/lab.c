/* lab.c - the lab's state: opening the course, the scratch directory
 * and the saved progress before the screen is taken, and closing them.
 *
 * Why here and not in a ui_ file: none of this draws, so it lives in
 * libiolab.a, where the Check suites reach it without a terminal (see
 * tests/check_lab.c); the ui_*.c views only read struct lab and draw it. */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "keys.h"
#include "lab.h"
#include "layout.h"
#include "trust.h"

const struct lesson *lab_lesson(const struct lab *lab)
{
	return &lab->course.lessons[lab->cur];
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
	lab->next_valid = run_base_spec(lab, lab_lesson(lab), &lab->next) == 0;
	lab->next_changed = 0;
	lab->text_top = 0;
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
	 * question about a command is above all else */
	unsigned screen = l.too_small ? KEYS_TINY : lab->asking ? KEYS_CONFIRM
	                : lab->help ? KEYS_HELP
	                : lab->race.choosing ? KEYS_CHOOSER
	                : l.course_only && !lab->present ? KEYS_COURSE : KEYS_LESSON;
	return run_active(lab) ? screen | KEYS_RUNNING : screen;
}

/* --- a lesson pack's commands: asked once a session (trust.h) ----------- */

int lab_commands_allowed(const struct lab *lab, size_t i)
{
	if (i >= lab->course.nlessons)
		return 0;
	return !trust_needs_consent(&lab->course, &lab->course.lessons[i]) ||
	       lab->opt->allow_commands || lab->ls[i].commands_allowed;
}

void lab_ask_commands(struct lab *lab, size_t i)
{
	lab->asking = 1;
	lab->ask_lesson = i;
	lab->ask_for_race = 0;
}

int lab_answer_commands(struct lab *lab, int yes)
{
	if (!lab->asking)
		return 0;
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
	lab->have_refs = ref_data_find_path(lessons_dir, path, sizeof path) == 0
	                 && ref_data_load(path, &lab->refs, &d) == 0;
	diags_free(&d);          /* labels fall back to the source keys */
}

static int no_lesson(const char *id, const char *dir)
{
	fprintf(stderr, "iolab: no lesson '%s' in %s\n"
	        "Try 'iolab --list' to see the lessons.\n", id, dir);
	return EXIT_USAGE;
}

static int open_course(struct lab *lab)
{
	const struct options *o = lab->opt;
	const char *dir = o->lessons_dir ? o->lessons_dir : course_default_dir();
	struct diags d = {0};
	if (course_load(dir, &lab->course, &d) != 0) {
		diags_print(stderr, &d);
		if (d.count == 0)
			fprintf(stderr, "iolab: the lessons in %s could not be loaded\n", dir);
		diags_free(&d);
		return EXIT_BAD_LESSONS;
	}
	diags_free(&d);
	if (lab->course.nlessons == 0) {
		fprintf(stderr, "iolab: %s/course.yaml names no lessons\n", dir);
		return EXIT_BAD_LESSONS;
	}
	size_t start = 0;
	/* --race A,B opens at A; else --lesson's first */
	const char *first = o->race[0] ? o->race[0] : o->nlessons > 0 ? o->lessons[0] : NULL;
	if (first) {
		long i = course_find(&lab->course, first);
		if (i < 0)
			return no_lesson(first, dir);
		start = (size_t)i;
	}
	lab->race_at_start = -1;
	if (o->race[1]) {
		lab->race_at_start = course_find(&lab->course, o->race[1]);
		if (lab->race_at_start < 0)
			return no_lesson(o->race[1], dir);
	}
	load_refs(lab, dir);
	lab->ls = calloc(lab->course.nlessons, sizeof *lab->ls);
	if (!lab->ls) {
		fputs("iolab: out of memory\n", stderr);
		return EXIT_ENVIRONMENT;
	}
	lab_select(lab, start);
	return 0;
}

/* Sweep points from an earlier session, so a sweep lesson shows its chart. */
static void load_saved_points(struct lab *lab)
{
	for (size_t i = 0; i < lab->course.nlessons; i++) {
		const struct lesson *l = &lab->course.lessons[i];
		size_t max = sweep_npoints(&l->sweep);
		if (max == 0)
			continue;
		struct sweep_point *pts = calloc(max, sizeof *pts);
		if (!pts)
			continue;
		size_t n = progress_get_points(&lab->progress, l->id, pts, max);
		if (n == 0) {
			free(pts);
			continue;
		}
		lab->ls[i].points = pts;
		lab->ls[i].npoints = n;
	}
}

static void open_progress(struct lab *lab)
{
	char path[PATH_MAX], msg[512];
	if (progress_default_path(path, sizeof path) != 0) {
		progress_load(&lab->progress, NULL, msg, sizeof msg);
		lab_message(lab, "progress is not saved: neither XDG_STATE_HOME nor HOME is set");
		return;
	}
	if (progress_load(&lab->progress, path, msg, sizeof msg) != 0)
		lab_message(lab, "%s", msg);
	load_saved_points(lab);
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
	open_progress(lab);
	/* --dir named a shared directory: the data went into a private one
	 * inside it, and the student is told where (after the progress
	 * message, so this one is the one on screen) */
	if (lab->scratch.note)
		lab_message(lab, "%s", lab->scratch.note);
	if (o->perf) {
		char why[256] = "";
		if (engine_perf_available(why, sizeof why)) {
			engine_set_perf(1);
			lab->perf = 1;
		}
		else
			lab_message(lab, "--perf: %s; counting with /proc instead", why);
	}
	return 0;
}

void lab_close(struct lab *lab)
{
	run_abort(lab);
	run_free(&lab->run);
	race_free(&lab->race);
	if (lab->guarded)
		guard_cleanup();  /* the child, the data files */
	if (lab->scratch_open)
		scratch_close(&lab->scratch);
	for (size_t i = 0; lab->ls && i < lab->course.nlessons; i++) {
		if (lab->ls[i].have_spec)
			wl_spec_free(&lab->ls[i].spec);
		free(lab->ls[i].points);
	}
	free(lab->ls);
	if (lab->next_valid)
		wl_spec_free(&lab->next);
	progress_free(&lab->progress);
	if (lab->have_refs)
		ref_data_free(&lab->refs);
	course_free(&lab->course);
	memset(lab, 0, sizeof *lab);
}
