/* ui_frame.c - the header and footer lines, rules between the panels, and
 * the notice shown while the terminal is too small.  The footer's key bar
 * is drawn from the key table (keys.c); this file only places it.  The
 * header's figures ("point 2/5", "lesson 40/59") are fitted (fitline.h),
 * the course title giving way first; the notice wraps at any width. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "fitline.h"
#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"

#define HEADER_TITLE_MIN 26       /* " iolab · " and a few words of the course */
#define HEADER_MESSAGE_SPARE 8    /* columns a message leaves the title: " iolab ·" */

/* The header's right side: where the run is ("▶ running w03-byte 3.2 s",
 * "▶ racing w01-syncbyte against w03-byte 3.2 s"; idle, the next run's
 * watch time), the section and "lesson 19/59"; short of room, the section
 * goes first, then the run's lesson ids and the word "lesson". */
static void header_right(const struct lab *lab, int width, struct fit_rows *out)
{
	const struct run *r = &lab->run;
	char who[96] = "", brief[32] = "", when[48] = "", section[160] = "", where[48], where_b[32];
	const struct section *sec = &lab->course.sections[lesson_course_section_of(&lab->course, lab->cur)];
	if (lab_race_active(lab)) {
		const struct run *rv = &lab->race.rival;
		const char *state = r->phase == RUN_STOPPING || rv->phase == RUN_STOPPING
		                    ? "stopping" : "racing";
		snprintf(who, sizeof who, "%s %s %s against %s", ui_crt_glyph(GLYPH_RUNNING), state,
		         lab->course.lessons[r->lesson].id, lab->course.lessons[rv->lesson].id);
		snprintf(brief, sizeof brief, "%s %s", ui_crt_glyph(GLYPH_RUNNING), state);
		snprintf(when, sizeof when, "%.1f s", r->watched > rv->watched ? r->watched : rv->watched);
	} else if (lab_run_active(lab)) {
		const char *state = r->phase == RUN_STOPPING ? "stopping" : "running";
		snprintf(who, sizeof who, "%s %s %s", ui_crt_glyph(GLYPH_RUNNING), state,
		         lab->course.lessons[r->lesson].id);
		snprintf(brief, sizeof brief, "%s %s", ui_crt_glyph(GLYPH_RUNNING), state);
		if (r->sweep)
			snprintf(when, sizeof when, "point %zu/%zu", r->point + 1, r->npoints);
		else
			snprintf(when, sizeof when, "%.1f s", r->watched);
	} else {
		char w[32];
		watch_name(lab->watch, w, sizeof w);
		snprintf(when, sizeof when, "%s%s", lab->watch > WATCH_ONE_PASS ? "watch " : "", w);
	}
	if (sec->title)
		snprintf(section, sizeof section, "%s %s", sec->title, ui_crt_glyph(GLYPH_DOT));
	snprintf(where, sizeof where, "lesson %zu/%zu", lab->cur + 1, lab->course.nlessons);
	snprintf(where_b, sizeof where_b, "%zu/%zu", lab->cur + 1, lab->course.nlessons);
	char ascii[3][160];
	struct fit_part parts[] = {
		{ui_crt_text(who, ascii[0], sizeof ascii[0]), NULL, 0, 0},
		{when, NULL, 0, 1},
		{ui_crt_text(section, ascii[2], sizeof ascii[2]), NULL, 1, 0},
		{where, NULL, 0, 1},
	};
	/* the section goes before anything is shortened: fitline shortens
	 * first, so the short forms are offered only when that was not enough */
	fitline_fit(parts, COUNT(parts), width, 1, out);
	if (out->complete)
		return;
	parts[0].brief = ui_crt_text(brief, ascii[1], sizeof ascii[1]);
	parts[3].brief = where_b;
	fitline_fit(parts, COUNT(parts), width, 1, out);
}

void ui_frame_draw_header(const struct lab *lab, struct rect r)
{
	int bar = ui_crt_attr(CRT_BAR);
	ui_crt_fill(r.y, r.x, r.w, bar);
	char left[256];
	snprintf(left, sizeof left, " iolab %s %s", ui_crt_glyph(GLYPH_DOT),
	         lab->course.title ? lab->course.title : "");
	/* the right side first: its figures are whole; the title takes the rest */
	int rw;
	if (lab->message[0]) {
		/* ends UI_EDGE short of the edge, as every view does, cut or
		 * whole; the title keeps HEADER_MESSAGE_SPARE columns */
		char msg[300];
		snprintf(msg, sizeof msg, " %s", lab->message);
		int room = r.w - HEADER_MESSAGE_SPARE - UI_EDGE;
		int mw = textwrap_width(msg) < room ? textwrap_width(msg) : room;
		rw = mw + UI_EDGE;
		ui_crt_put_cut(r.y, r.x + r.w - rw, mw, ui_crt_attr(CRT_MESSAGE), msg);
	} else {
		/* the course title keeps a readable start; the section gives way */
		int lw = textwrap_width(left) < HEADER_TITLE_MIN ? textwrap_width(left) : HEADER_TITLE_MIN;
		struct fit_rows fr;
		header_right(lab, r.w - 2 - lw, &fr);
		rw = fr.n ? fr.width[0] + 1 : 0;
		if (fr.n)
			ui_crt_put(r.y, r.x + r.w - rw, rw - 1, bar, fr.row[0]);
	}
	ui_crt_put_cut(r.y, r.x, r.w - rw - 1, bar | A_BOLD, left);
}

/* The bar's entries come from the key table, so the bar names only keys
 * that work on the screen that is up (keys.c decides which fit). */
int ui_frame_draw_keys(int y, int x, int w, unsigned context)
{
	const struct key_row *shown[ACTIONS];
	size_t n = keys_bar(context, w, COLS < LAYOUT_SIDE_LIST_COLS, shown, COUNT(shown));
	int bar = ui_crt_attr(CRT_BAR), key = ui_crt_attr(CRT_BAR_KEY), used = 1;
	for (size_t i = 0; i < n; i++) {
		used += ui_crt_put(y, x + used, w - used, key, shown[i]->bar_keys);
		used += ui_crt_putf(y, x + used, w - used, bar, " %s  ", shown[i]->bar_what);
	}
	return used;
}

void ui_frame_draw_footer(struct rect r, unsigned context)
{
	ui_crt_fill(r.y, r.x, r.w, ui_crt_attr(CRT_BAR));
	ui_frame_draw_keys(r.y, r.x, r.w, context);
}

void ui_frame_draw_rule(struct rect r)
{
	for (int i = 0; i < r.h; i++)
		ui_crt_line_glyph(r.y + i, r.x, LINE_V, ui_crt_attr(CRT_DIM));
}

void ui_frame_draw_marks(int lines, unsigned long serial)
{
	char mark[2] = {(char)('0' + serial % 10), '\0'};
	ui_crt_put(0, 0, 1, ui_crt_attr(CRT_BAR), mark);
	ui_crt_put(lines - 1, 0, 1, ui_crt_attr(CRT_BAR), mark);
}

/* "q quit": the keys that work on the notice, from the table. */
static void tiny_keys(unsigned context, char *buf, size_t len)
{
	const struct key_row *shown[ACTIONS];
	size_t n = keys_bar(context, (int)len - 1, 0, shown, COUNT(shown));
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s %s", i ? "  " : "",
		                      shown[i]->bar_keys, shown[i]->bar_what);
}

/* The notice, each line wrapped to the terminal ("80x24" never cut) and
 * centred. */
void ui_frame_draw_too_small(int lines, int cols, unsigned context)
{
	char now[64], keys[128];
	snprintf(now, sizeof now, "(it is %dx%d now)", cols, lines);
	tiny_keys(context, keys, sizeof keys);
	const char *const msg[] = {"make the terminal at least 80x24", now, keys};
	struct tw_lines l[3] = {{0}};
	int rows = 0;
	for (int i = 0; i < 3; i++) {
		textwrap_wrap(msg[i], cols, &l[i]);
		rows += (int)l[i].n;
	}
	int y = (lines - rows) / 2;
	if (y < 0)
		y = 0;
	for (int i = 0; i < 3; i++) {
		for (size_t k = 0; k < l[i].n; k++, y++) {
			int w = l[i].v[k].width;
			int x = cols > w ? (cols - w) / 2 : 0;
			ui_crt_put(y, x, cols - x, i == 0 ? ui_crt_attr(CRT_TITLE) : ui_crt_attr(CRT_NORMAL),
			        l[i].v[k].text);
		}
		textwrap_free(&l[i]);
	}
}
