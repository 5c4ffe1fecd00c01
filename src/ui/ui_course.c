/* ui_course.c - the course: sections and lessons in lecture order, the
 * current one highlighted (reverse video and a cursor glyph), lessons
 * already run as they say marked with a glyph, never by colour alone (a
 * run with changed knobs, stopped or raced is no mark: the notebook keeps
 * it apart), and the prediction score.
 *
 * Every row shows the lesson's id, which tells apart lessons whose titles
 * begin alike (w01-syncbyte and w03-byte are both "One byte per
 * write()..."): the course screen (Tab, any width) in a column of its own
 * beside the whole title, wrapped under itself where it is long (so at 80
 * columns too, as the key table promises), and the last rate; the narrow
 * list beside the lesson shows ids only (a title cut to a few words tells
 * nothing) and says which key shows the titles. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

/* The mark beside a lesson and its role. */
static const char *row_mark(const struct lab *lab, size_t i, int *role)
{
	const struct run *r = &lab->run;
	*role = CRT_NORMAL;
	if (lab_run_active(lab) && r->lesson == i) {
		*role = CRT_RUNNING;
		return ui_crt_glyph(GLYPH_RUNNING);
	}
	/* the latest run as the lesson says: this session's or the notebook's */
	if (!lab->ls[i].have_normal)
		return lab->ls[i].ran_before ? ui_crt_glyph(GLYPH_RAN_BEFORE) : " ";
	int ok = lab->ls[i].normal.ok;
	*role = ok ? CRT_OK : CRT_ERROR;
	return ui_crt_glyph(ok ? GLYPH_DONE : GLYPH_FAILED);
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
		ui_crt_putf(y, r.x + 1, r.w - 2, ui_crt_attr(CRT_DIM), "guesses: none yet (%s guesses before a run)",
		         keys_row(ACT_GUESS)->label);
		return;
	}
	char miss[UNITS_FIXED_WIDTH + 1];
	units_format_fixed(s->mean_miss, 2, miss, sizeof miss);
	ui_crt_putf(y, r.x + 1, r.w - 2, ui_crt_attr(CRT_LABEL),
	         "guesses: %lld, mean miss %s (log rate), %lld within 1", (long long)s->guesses, miss,
	         (long long)s->within_1);
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

/* Where a lesson's row puts things.  The rightmost column of the list is
 * for its scroll marks and the edge column (UI_EDGE) stays free before
 * it; the course screen's rows hold the id, the title wrapped under
 * itself, and the last rate on the first row. */
struct row_geom {
	int x;                    /* the id (the narrow list: all there is) */
	int room;                 /* columns from x to the edge column */
	int title_x, title_w;     /* the course screen: the title's column */
	char rate[32];
	int rw;                   /* the rate's columns and the gap before it */
};

static void row_geom(const struct lab *lab, size_t i, struct rect r, int wide, struct row_geom *g)
{
	g->x = r.x + 4;                       /* the cursor and the mark before it */
	g->rate[0] = '\0';
	if (wide)
		row_rate(lab, i, g->rate, sizeof g->rate);
	g->rw = *g->rate ? (int)strlen(g->rate) + 2 : 0;
	g->room = r.x + r.w - 1 - UI_EDGE - g->x - g->rw;
	g->title_x = g->x + id_width(&lab->course) + 1;
	g->title_w = g->x + g->room - g->title_x;
}

/* A lesson's title as the course screen shows it, wrapped to the title's
 * column (at least one line, possibly empty).  Its rows. */
static int title_lines(const struct lab *lab, size_t i, const struct row_geom *g,
                       struct tw_lines *out)
{
	const char *title = lab->course.lessons[i].title;
	char screen[1024];
	memset(out, 0, sizeof *out);
	if (g->title_w >= 8 && title && *title)
		textwrap_wrap(ui_crt_text(title, screen, sizeof screen), g->title_w, out);
	return out->n ? (int)out->n : 1;
}

/* Rows lesson i takes: its title's lines on the course screen, else 1. */
static int lesson_rows(const struct lab *lab, size_t i, struct rect r, int wide)
{
	if (!wide)
		return 1;
	struct row_geom g;
	struct tw_lines t;
	row_geom(lab, i, r, wide, &g);
	int n = title_lines(lab, i, &g, &t);
	textwrap_free(&t);
	return n;
}

/* Rows: a section title, then its lessons.  The row lesson i starts at
 * (i == nlessons: the total). */
static int row_of_lesson(const struct lab *lab, size_t i, struct rect r, int wide)
{
	const struct course *c = &lab->course;
	int row = 0;
	for (size_t s = 0; s < c->nsections; s++) {
		const struct section *sec = &c->sections[s];
		row++;
		for (size_t k = 0; k < sec->count; k++) {
			if (sec->first + k == i)
				return row;
			row += lesson_rows(lab, sec->first + k, r, wide);
		}
	}
	return row;
}

/* Lesson i's rows from y, those of them in the window [top, top + h) of
 * the list (first: the list's row of its first line). */
static void draw_lesson(const struct lab *lab, size_t i, int first, int top, int h, int y0,
                        struct rect r, int wide)
{
	const struct lesson *l = &lab->course.lessons[i];
	int selected = i == lab->cur;
	int base = selected ? ui_crt_attr(CRT_SELECTED) : ui_crt_attr(CRT_NORMAL);
	struct row_geom g;
	struct tw_lines t;
	row_geom(lab, i, r, wide, &g);
	int n = wide ? title_lines(lab, i, &g, &t) : 1;
	for (int k = 0; k < n; k++) {
		int row = first + k;
		if (row < top || row >= top + h)
			continue;
		int y = y0 + row - top;
		if (selected)
			ui_crt_fill(y, r.x, r.w, base);
		if (k > 0) {                      /* the title goes on under itself */
			ui_crt_put(y, g.title_x, g.title_w, base, t.v[k].text);
			continue;
		}
		int role;
		const char *mark = row_mark(lab, i, &role);
		ui_crt_put(y, r.x, 2, base, selected ? ui_crt_glyph(GLYPH_CURSOR) : " ");
		ui_crt_put(y, r.x + 2, 1, selected ? base : ui_crt_attr(role), mark);
		if (!wide) {
			ui_crt_put_cut(y, g.x, g.room, base | A_BOLD, l->id);   /* titles: the course screen */
			continue;
		}
		ui_crt_putf(y, g.x, g.room, base | A_BOLD, "%-*s", id_width(&lab->course), l->id);
		if (t.n)
			ui_crt_put(y, g.title_x, g.title_w, base, t.v[0].text);
		if (g.rw)
			ui_crt_put(y, g.x + g.room + 2, g.rw - 2, base, g.rate);
	}
	if (wide)
		textwrap_free(&t);
}

void ui_course_draw(const struct lab *lab, struct rect r)
{
	const struct course *c = &lab->course;
	int wide = r.w >= 60;
	int y = r.y;
	if (wide) {
		ui_crt_putf(y++, r.x + 1, r.w - 2, ui_crt_attr(CRT_TITLE), "%s  (%s opens, %s runs, %s goes back)",
		         c->title ? c->title : "Course", keys_row(ACT_ENTER)->label,
		         keys_row(ACT_RUN)->label, keys_row(ACT_COURSE)->bar_keys);
		draw_score(lab, y++, r);
	}
	if (!wide && r.h > 4) {
		/* the narrow list's last row: where the titles are */
		ui_crt_putf(r.y + r.h - 1, r.x + 1, r.w - 2, ui_crt_attr(CRT_DIM), "%s: titles",
		         keys_row(ACT_COURSE)->bar_keys);
		r.h--;
	}
	int h = r.y + r.h - y;
	/* narrow (beside the lesson): the score under the list, when there is one */
	if (!wide && lab->score.guesses && h > 8) {
		char miss[UNITS_FIXED_WIDTH + 1];
		units_format_fixed(lab->score.mean_miss, 2, miss, sizeof miss);
		h -= 3;
		ui_crt_putf(y + h + 1, r.x + 1, r.w - 1 - UI_EDGE, ui_crt_attr(CRT_LABEL), "guesses %lld, miss %s",
		         (long long)lab->score.guesses, miss);
		ui_crt_putf(y + h + 2, r.x + 1, r.w - 1 - UI_EDGE, ui_crt_attr(CRT_LABEL),
		         "%lld within 1 (log rate)", (long long)lab->score.within_1);
	}
	int total = row_of_lesson(lab, c->nlessons, r, wide);
	int cur = row_of_lesson(lab, lab->cur, r, wide);
	int cur_rows = lesson_rows(lab, lab->cur, r, wide);
	/* keep the current lesson in view, all its rows, a few from the edges */
	int top = cur - (h - cur_rows) / 2;
	if (top > total - h)
		top = total - h;
	if (top < 0)
		top = 0;
	int row = 0;
	for (size_t s = 0; s < c->nsections; s++) {
		const struct section *sec = &c->sections[s];
		if (row >= top && row - top < h)
			ui_crt_put_cut(y + row - top, r.x + 1, r.w - 2 - UI_EDGE, ui_crt_attr(CRT_SECTION),
			            sec->title ? sec->title : "");
		row++;
		for (size_t k = 0; k < sec->count; k++) {
			draw_lesson(lab, sec->first + k, row, top, h, y, r, wide);
			row += lesson_rows(lab, sec->first + k, r, wide);
		}
	}
	/* the scroll marks in the list's rightmost column, past the edge */
	if (top > 0)
		ui_crt_put(y, r.x + r.w - 1, 1, ui_crt_attr(CRT_DIM), ui_crt_glyph(GLYPH_UP));
	if (top + h < total)
		ui_crt_put(y + h - 1, r.x + r.w - 1, 1, ui_crt_attr(CRT_DIM), ui_crt_glyph(GLYPH_DOWN));
}
