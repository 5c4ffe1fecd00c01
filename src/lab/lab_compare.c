/* lab_compare.c - the comparison screen: chosen lessons as bars on one log
 * axis, each with this machine's latest rate (the notebook's run as the
 * lesson says) and the reference machines' marks, as the lecture set its
 * results side by side (its groups are lecture_groups.h's, which the
 * report draws too).
 *
 * Curses-free and in libiolab.a: which lessons are shown, in which order,
 * with which figures, how many fit and where the view is scrolled to are
 * decided here and checked by tests/check_lab.c; ui_compare.c draws. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "lab.h"
#include "lecture_groups.h"
#include "reference.h"

int lab_latest_rate(const struct lab *lab, size_t lesson, double *rate)
{
	if (lesson >= lab->course.nlessons)
		return 0;
	/* the latest run as the lesson says, never a variant of it */
	const struct lesson_state *ls = &lab->ls[lesson];
	if (!ls->have_normal || !ls->normal.ok || !isfinite(ls->normal.rate) || !(ls->normal.rate > 0))
		return 0;
	*rate = ls->normal.rate;
	return 1;
}

/* Group g's lessons of this course into c (one the course lacks is left
 * out); how many. */
static size_t group_lessons(const struct lab *lab, size_t g, struct compare *c)
{
	c->n = 0;
	for (size_t k = 0; lecture_groups[g].lessons[k]; k++) {
		long i = lesson_course_find(&lab->course, lecture_groups[g].lessons[k]);
		if (i >= 0 && c->n < COMPARE_MAX)
			c->lessons[c->n++] = (size_t)i;
	}
	return c->n;
}

static void show_group(struct lab *lab, size_t g)
{
	struct compare *c = &lab->compare;
	group_lessons(lab, g, c);
	c->group = (int)g;
	c->top = 0;
	snprintf(c->title, sizeof c->title, "%s", lecture_groups[g].title);
}

static int lesson_in_group(const struct lab *lab, size_t g, size_t lesson)
{
	struct compare tmp;
	group_lessons(lab, g, &tmp);
	for (size_t k = 0; k < tmp.n; k++)
		if (tmp.lessons[k] == lesson)
			return 1;
	return 0;
}

/* The lesson and the lessons it compares itself with: what m shows for a
 * lesson of no group. */
static void show_lesson_and_compared(struct lab *lab)
{
	struct compare *c = &lab->compare;
	const struct lesson *l = lab_lesson(lab);
	c->n = 0;
	c->lessons[c->n++] = lab->cur;
	for (size_t k = 0; k < l->ncompare && c->n < COMPARE_MAX; k++) {
		long i = lesson_course_find(&lab->course, l->compare[k]);
		int seen = 0;
		for (size_t j = 0; i >= 0 && j < c->n; j++)
			seen |= c->lessons[j] == (size_t)i;
		if (i >= 0 && !seen)
			c->lessons[c->n++] = (size_t)i;
	}
	c->group = -1;
	c->top = 0;
	snprintf(c->title, sizeof c->title, "%s and the lessons it compares with", l->id);
	snprintf(c->chosen_title, sizeof c->chosen_title, "%s", c->title);
	memcpy(c->chosen, c->lessons, sizeof c->chosen);
	c->nchosen = c->n;
}

void lab_compare_open(struct lab *lab)
{
	struct compare *c = &lab->compare;
	c->open = 1;
	c->nchosen = 0;
	for (size_t g = 0; g < lecture_groups_count; g++)
		if (lesson_in_group(lab, g, lab->cur)) {
			show_group(lab, g);
			show_lesson_and_compared(lab);     /* kept as the chosen set for Tab */
			show_group(lab, g);
			return;
		}
	show_lesson_and_compared(lab);
}

int lab_compare_open_ids(struct lab *lab, char *const *ids, size_t n, char *msg, size_t len)
{
	struct compare *c = &lab->compare;
	c->n = 0;
	for (size_t k = 0; k < n; k++) {
		long i = lesson_course_find(&lab->course, ids[k]);
		if (i < 0) {
			snprintf(msg, len, "no lesson '%s'", ids[k]);
			return -1;
		}
		if (c->n >= COMPARE_MAX) {
			snprintf(msg, len, "at most %d lessons can be compared at once", COMPARE_MAX);
			return -1;
		}
		c->lessons[c->n++] = (size_t)i;
	}
	c->open = 1;
	c->group = -1;
	c->top = 0;
	snprintf(c->title, sizeof c->title, "the lessons chosen");
	snprintf(c->chosen_title, sizeof c->chosen_title, "%s", c->title);
	memcpy(c->chosen, c->lessons, sizeof c->chosen);
	c->nchosen = c->n;
	return 0;
}

void lab_compare_close(struct lab *lab)
{
	lab->compare.open = 0;
}

/* The views in Tab's order: the chosen set (when there is one), then each
 * group this course has a lesson of. */
void lab_compare_cycle(struct lab *lab, int dir)
{
	struct compare *c = &lab->compare;
	long nviews = (long)lecture_groups_count + 1;     /* -1 is the chosen set */
	long at = c->group;
	for (long step = 0; step < nviews; step++) {
		at += dir > 0 ? 1 : -1;
		if (at >= (long)lecture_groups_count)
			at = -1;
		if (at < -1)
			at = (long)lecture_groups_count - 1;
		if (at == -1 && c->nchosen) {
			memcpy(c->lessons, c->chosen, sizeof c->lessons);
			c->n = c->nchosen;
			c->group = -1;
			c->top = 0;
			snprintf(c->title, sizeof c->title, "%s", c->chosen_title);
			return;
		}
		struct compare tmp;
		if (at >= 0 && group_lessons(lab, (size_t)at, &tmp) > 0) {
			show_group(lab, (size_t)at);
			return;
		}
	}
}

void lab_compare_scroll(struct lab *lab, long delta)
{
	struct compare *c = &lab->compare;
	long page = c->page > 0 ? c->page : 1;
	long last = (long)c->n - page;
	long top = (long)c->top + delta;
	if (top > last)
		top = last;
	c->top = top < 0 ? 0 : (size_t)top;
}

void lab_compare_row_of(const struct lab *lab, size_t lesson, struct compare_row *row)
{
	const struct lesson *l = &lab->course.lessons[lesson];
	memset(row, 0, sizeof *row);
	row->lesson = lesson;
	row->id = l->id;
	row->mine = NAN;
	double rate;
	if (lab_latest_rate(lab, lesson, &rate))
		row->mine = rate;
	for (size_t i = 0; i < l->nrefs && row->nrefs < COMPARE_REFS; i++)
		row->refs[row->nrefs++] = (struct compare_mark){
			l->refs[i].rate, reference_mark_key(l->refs[i].source),
			lab_ref_label(lab, l->refs[i].source)};
}

void lab_compare_layout(struct lab_compare_layout *cl, int lines, int cols, int present)
{
	memset(cl, 0, sizeof *cl);
	/* header, title, axis, legend (up to two rows) above; the footer below */
	int above = 1 + 1 + 1 + 2, below = 1;
	cl->too_small = lines < 24 || cols < 80;
	/* a projector gets thicker bars where the rows allow */
	cl->bar_rows = present && lines >= 40 ? 2 : 1;
	cl->figure_rows = cols >= 120 ? 1 : 2;      /* the figures wrap below 120 */
	cl->lesson_rows = cl->figure_rows + cl->bar_rows + 1;
	cl->list_y = above;
	cl->list_h = lines - above - below;
	cl->page = cl->list_h / cl->lesson_rows;
	if (cl->page < 1)
		cl->page = 1;
}
