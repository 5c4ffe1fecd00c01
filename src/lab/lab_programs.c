/* lab_programs.c - the student's own programs as pages of the course:
 * one page per argv, in a section "Your programs" after the course's own,
 * named by the label the notebook files its runs under (its command line,
 * notebook_command_label), so b, --history --lesson and the page agree.
 *
 * Why pages and not a mode of the lesson on screen: a program then runs,
 * races (v), keeps its notebook (b) and is reopened like any lesson,
 * through the same code, and is never shown under a lesson's text, claims
 * or "Compare with" that are not about it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "notebook.h"

#define PROGRAMS_SECTION "Your programs"

static const char page_text[] =
	"Your own program, measured as a command lesson's is: {file} is the lab's data file, "
	"{size} its size, and every figure is what the kernel counted the program doing.\n\n"
	"r runs it, e changes its argv or any other knob, b lists its runs, v races it against "
	"a lesson or another of your programs.";

int lab_is_program(const struct lab *lab, size_t i)
{
	return i >= lab->programs_first && i < lab->course.nlessons;
}

/* The section "Your programs", added after the course's own when the
 * first page comes. */
static int programs_section(struct course *c, size_t first)
{
	if (c->nsections && strcmp(c->sections[c->nsections - 1].title, PROGRAMS_SECTION) == 0)
		return 0;
	struct section *grown = realloc(c->sections, (c->nsections + 1) * sizeof *grown);
	if (!grown)
		return -1;
	c->sections = grown;
	struct section *s = &c->sections[c->nsections];
	if (!(s->title = strdup(PROGRAMS_SECTION)))
		return -1;
	s->first = first;
	s->count = 0;
	c->nsections++;
	return 0;
}

/* A page of its own for this argv, its workload `spec`. */
static long add_page(struct lab *lab, const char *label, const struct wl_spec *spec)
{
	struct course *c = &lab->course;
	char title[300];
	if (programs_section(c, c->nlessons) != 0)
		return -1;
	struct lesson *lessons = realloc(c->lessons, (c->nlessons + 1) * sizeof *lessons);
	if (!lessons)
		return -1;
	c->lessons = lessons;
	struct lesson_state *ls = realloc(lab->ls, (c->nlessons + 1) * sizeof *ls);
	if (!ls)
		return -1;
	lab->ls = ls;
	memset(&ls[c->nlessons], 0, sizeof *ls);
	struct lesson *l = &lessons[c->nlessons];
	memset(l, 0, sizeof *l);
	snprintf(title, sizeof title, "Your program: %s", label);
	l->points = LESSON_POINTS_DEFAULT;
	if (!(l->id = strdup(label)) || !(l->title = strdup(title)) || !(l->text = strdup(page_text))
	    || wl_spec_copy(&l->workload, spec) != 0) {
		lesson_free(l);
		return -1;
	}
	c->sections[c->nsections - 1].count++;
	return (long)c->nlessons++;
}

long lab_program_page(struct lab *lab, const struct wl_spec *spec)
{
	char label[256];
	if (!spec->command || spec->command_len == 0)
		return -1;
	notebook_command_label(spec, label, sizeof label);
	for (size_t i = lab->programs_first; i < lab->course.nlessons; i++)
		if (strcmp(lab->course.lessons[i].id, label) == 0)
			return (long)i;
	return add_page(lab, label, spec);
}

/* A run of an own program from the notebook: its page, from the workload
 * it ran (the last one filed for that argv is the page's). */
static int take_program(const struct store_run *r, void *arg)
{
	struct lab *lab = arg;
	struct wl_spec spec;
	char msg[256];
	if (r->lesson || !r->spec || (r->kind != STORE_KIND_PROGRAM && r->kind != STORE_KIND_RACED
	                              && r->kind != STORE_KIND_STOPPED
	                              && r->kind != STORE_KIND_TIME_LIMITED))
		return 0;
	if (wl_spec_parse(r->spec, NULL, &spec, msg, sizeof msg, NULL) != 0)
		return 0;                 /* a workload this iolab cannot read: no page */
	long i = spec.command ? lab_program_page(lab, &spec) : -2;
	if (i >= 0) {
		struct lesson *l = &lab->course.lessons[i];
		wl_spec_free(&l->workload);
		l->workload = spec;
		return 0;
	}
	wl_spec_free(&spec);
	return i == -1;               /* out of memory: stop */
}

int lab_programs_load(struct lab *lab)
{
	char msg[512];
	if (!lab->store)
		return 0;
	return store_each(lab->store, NULL, take_program, lab, msg, sizeof msg) == 0 ? 0 : -1;
}

int lab_program_run_of(const struct lab *lab, size_t page, const struct store_run *r)
{
	return lab_is_program(lab, page) && notebook_run_of_program(r, lab->course.lessons[page].id);
}
