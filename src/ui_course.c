/* ui_course.c - the course: sections and lessons in lecture order, the
 * current one highlighted (reverse video and a cursor glyph), lessons
 * already run as they say marked with a glyph, never by colour alone (a
 * run with changed knobs, stopped or raced is no mark: the notebook keeps
 * it apart), and the prediction score.
 *
 * Every row shows the lesson's id, which tells apart lessons whose titles
 * begin alike (w01-syncbyte and w03-byte are both "One byte per
 * write()..."): the course screen (Tab, any width) in a column of its own
 * beside the whole title and the last rate; the narrow list beside the
 * lesson shows ids only (a title cut to a few words tells nothing) and
 * says which key shows the titles. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

/* The mark beside a lesson and its role. */
static const char *row_mark(const struct lab *lab, size_t i, int *role)
{
	const struct run *r = &lab->run;
	*role = CRT_NORMAL;
	if (run_active(lab) && r->lesson == i) {
		*role = CRT_RUNNING;
		return crt_glyph(GLYPH_RUNNING);
	}
	/* the latest run as the lesson says: this session's or the notebook's */
	if (!lab->ls[i].have_normal)
		return " ";
	int ok = lab->ls[i].normal.ok;
	*role = ok ? CRT_OK : CRT_ERROR;
	return crt_glyph(ok ? GLYPH_DONE : GLYPH_FAILED);
}

/* The last rate of a lesson, for the full-screen course list. */
static void row_rate(const struct lab *lab, size_t i, char *buf, size_t len)
{
	buf[0] = '\0';
	const struct saved_result *n = &lab->ls[i].normal;
	double rate = lab->ls[i].have_normal && n->ok && isfinite(n->rate) ? n->rate : -1;
	if (rate > 0)
		units_format_rate(rate, buf, len);
}

/* The prediction score over every lesson: how many guesses, their mean
 * miss in log-rate units, how many within 1 (store_score). */
static void draw_score(const struct lab *lab, int y, struct rect r)
{
	const struct store_score *s = &lab->score;
	if (s->guesses == 0) {
		crt_putf(y, r.x + 1, r.w - 2, crt_attr(CRT_DIM), "guesses: none yet (%s guesses before a run)",
		         keys_row(ACT_GUESS)->label);
		return;
	}
	crt_putf(y, r.x + 1, r.w - 2, crt_attr(CRT_LABEL),
	         "guesses: %lld, mean miss %.2f (log rate), %lld within 1", (long long)s->guesses,
	         s->mean_miss, (long long)s->within_1);
}

/* Rows: a section title, then its lessons.  Row of lesson i. */
static int row_of_lesson(const struct course *c, size_t i)
{
	int row = 0;
	for (size_t s = 0; s < c->nsections; s++) {
		row++;
		const struct section *sec = &c->sections[s];
		if (i < sec->first + sec->count)
			return row + (int)(i - sec->first);
		row += (int)sec->count;
	}
	return row;
}

/* The id column of the full-screen list: as wide as the longest id. */
static int id_width(const struct course *c)
{
	int w = 8;
	for (size_t i = 0; i < c->nlessons; i++) {
		int n = (int)strlen(c->lessons[i].id);
		w = n > w ? n : w;
	}
	return w > 24 ? 24 : w;
}

static void draw_lesson_row(const struct lab *lab, size_t i, int y, struct rect r, int wide)
{
	const struct lesson *l = &lab->course.lessons[i];
	int selected = i == lab->cur;
	int base = selected ? crt_attr(CRT_SELECTED) : crt_attr(CRT_NORMAL);
	if (selected)
		crt_fill(y, r.x, r.w, base);
	int role, x = r.x;
	const char *mark = row_mark(lab, i, &role);
	x += crt_put(y, x, 2, base, selected ? crt_glyph(GLYPH_CURSOR) : " ");
	x = r.x + 2;
	crt_put(y, x, 1, selected ? base : crt_attr(role), mark);
	x += 2;
	char rate[32] = "";
	if (wide)
		row_rate(lab, i, rate, sizeof rate);
	int rw = *rate ? (int)strlen(rate) + 2 : 0;
	/* one column stays free at the right for the list's scroll marks, and
	 * the edge column (UI_EDGE) before it */
	int room = r.x + r.w - 1 - UI_EDGE - x - rw;
	if (wide) {
		int idw = crt_putf(y, x, room, base | A_BOLD, "%-*s", id_width(&lab->course), l->id);
		crt_put_cut(y, x + idw + 1, room - idw - 1, base, l->title);
	} else
		crt_put_cut(y, x, room, base | A_BOLD, l->id);   /* titles: the course screen */
	if (rw)
		crt_put(y, r.x + r.w - rw, rw - 1, base, rate);
}

void ui_course_draw(const struct lab *lab, struct rect r)
{
	const struct course *c = &lab->course;
	int wide = r.w >= 60;
	int y = r.y;
	if (wide) {
		crt_putf(y++, r.x + 1, r.w - 2, crt_attr(CRT_TITLE), "%s  (%s opens, %s runs, %s goes back)",
		         c->title ? c->title : "Course", keys_row(ACT_ENTER)->label,
		         keys_row(ACT_RUN)->label, keys_row(ACT_COURSE)->bar_keys);
		draw_score(lab, y++, r);
	}
	if (!wide && r.h > 4) {
		/* the narrow list's last row: where the titles are */
		crt_putf(r.y + r.h - 1, r.x + 1, r.w - 2, crt_attr(CRT_DIM), "%s: titles",
		         keys_row(ACT_COURSE)->bar_keys);
		r.h--;
	}
	int h = r.y + r.h - y;
	/* narrow (beside the lesson): the score under the list, when there is one */
	if (!wide && lab->score.guesses && h > 8) {
		h -= 3;
		crt_putf(y + h + 1, r.x + 1, r.w - 1, crt_attr(CRT_LABEL), "guesses %lld, miss %.2f",
		         (long long)lab->score.guesses, lab->score.mean_miss);
		crt_putf(y + h + 2, r.x + 1, r.w - 1, crt_attr(CRT_LABEL), "%lld within 1 (log rate)",
		         (long long)lab->score.within_1);
	}
	int total = row_of_lesson(c, c->nlessons);
	int cur = row_of_lesson(c, lab->cur);
	/* keep the current lesson in view, a few rows from the edges */
	int top = cur - h / 2;
	if (top > total - h)
		top = total - h;
	if (top < 0)
		top = 0;
	int row = 0;
	for (size_t s = 0; s < c->nsections; s++) {
		const struct section *sec = &c->sections[s];
		if (row >= top && row - top < h)
			crt_put(y + row - top, r.x + 1, r.w - 1, crt_attr(CRT_SECTION),
			        sec->title ? sec->title : "");
		row++;
		for (size_t k = 0; k < sec->count; k++, row++)
			if (row >= top && row - top < h)
				draw_lesson_row(lab, sec->first + k, y + row - top, r, wide);
	}
	if (top > 0)
		crt_put(y, r.x + r.w - 2, 1, crt_attr(CRT_DIM), crt_glyph(GLYPH_UP));
	if (top + h < total)
		crt_put(y + h - 1, r.x + r.w - 2, 1, crt_attr(CRT_DIM), crt_glyph(GLYPH_DOWN));
}
