/* ui_frame.c - the header and footer lines, rules between the panels, and
 * the notice shown while the terminal is too small.  The footer's key bar
 * is drawn from the key table (keys.c); this file only places it. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"

/* Where the run is, for the header: "▶ running w03-byte 3.2 s", "▶ racing
 * w01-syncbyte against w03-byte 3.2 s"; idle, the next run's watch time. */
static void run_status(const struct lab *lab, char *buf, size_t len)
{
	const struct run *r = &lab->run;
	buf[0] = '\0';
	if (!run_active(lab)) {
		char w[32];
		watch_name(lab->watch, w, sizeof w);
		snprintf(buf, len, "%s%s", lab->watch > WATCH_ONE_PASS ? "watch " : "", w);
		return;
	}
	const char *id = lab->course.lessons[r->lesson].id;
	if (race_active(lab)) {
		const struct run *b = &lab->race.rival;
		snprintf(buf, len, "%s %s %s against %s %.1f s", crt_glyph(GLYPH_RUNNING),
		         r->phase == RUN_STOPPING || b->phase == RUN_STOPPING ? "stopping" : "racing", id,
		         lab->course.lessons[b->lesson].id, r->watched > b->watched ? r->watched : b->watched);
		return;
	}
	if (r->sweep)
		snprintf(buf, len, "%s %s %s point %zu/%zu", crt_glyph(GLYPH_RUNNING),
		         r->phase == RUN_STOPPING ? "stopping" : "running", id,
		         r->point + 1, r->npoints);
	else
		snprintf(buf, len, "%s %s %s %.1f s", crt_glyph(GLYPH_RUNNING),
		         r->phase == RUN_STOPPING ? "stopping" : "running", id, r->watched);
}

void ui_frame_draw_header(const struct lab *lab, struct rect r)
{
	int bar = crt_attr(CRT_BAR);
	crt_fill(r.y, r.x, r.w, bar);
	char left[256], right[512];
	snprintf(left, sizeof left, " iolab %s %s", crt_glyph(GLYPH_DOT),
	         lab->course.title ? lab->course.title : "");
	const struct section *sec = &lab->course.sections[course_section_of(&lab->course, lab->cur)];
	if (lab->message[0])
		snprintf(right, sizeof right, " %s ", lab->message);
	else {
		char status[160];
		run_status(lab, status, sizeof status);
		snprintf(right, sizeof right, "%s%s%s %s lesson %zu/%zu ", status, *status ? "   " : "",
		         sec->title ? sec->title : "", crt_glyph(GLYPH_DOT), lab->cur + 1,
		         lab->course.nlessons);
	}
	int rw = tw_width(right);
	if (rw > r.w - 20)
		rw = r.w - 20;
	crt_put(r.y, r.x, r.w - rw - 1, bar | A_BOLD, left);
	crt_put(r.y, r.x + r.w - rw, rw, lab->message[0] ? crt_attr(CRT_MESSAGE) : bar, right);
}

/* The bar's entries come from the key table, so the bar names only keys
 * that work on the screen that is up (keys.c decides which fit). */
int ui_frame_draw_keys(int y, int x, int w, unsigned context)
{
	const struct key_row *shown[ACTIONS];
	size_t n = keys_bar(context, w, COLS < LAYOUT_SIDE_LIST_COLS, shown, COUNT(shown));
	int bar = crt_attr(CRT_BAR), key = crt_attr(CRT_BAR_KEY), used = 1;
	for (size_t i = 0; i < n; i++) {
		used += crt_put(y, x + used, w - used, key, shown[i]->bar_keys);
		used += crt_putf(y, x + used, w - used, bar, " %s  ", shown[i]->bar_what);
	}
	return used;
}

void ui_frame_draw_footer(struct rect r, unsigned context)
{
	crt_fill(r.y, r.x, r.w, crt_attr(CRT_BAR));
	ui_frame_draw_keys(r.y, r.x, r.w, context);
}

void ui_frame_draw_rule(struct rect r)
{
	for (int i = 0; i < r.h; i++)
		crt_line_glyph(r.y + i, r.x, LINE_V, crt_attr(CRT_DIM));
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

void ui_frame_draw_too_small(int lines, int cols, unsigned context)
{
	char now[64], keys[128];
	snprintf(now, sizeof now, "(it is %dx%d now)", cols, lines);
	tiny_keys(context, keys, sizeof keys);
	const char *const msg[] = {"make the terminal at least 80x24", now, keys};
	int y = lines / 2 - 1;
	for (int i = 0; i < 3; i++, y++) {
		const char *s = msg[i];
		int w = (int)strlen(s);
		int x = cols > w ? (cols - w) / 2 : 0;
		crt_put(y, x, cols - x, i == 0 ? crt_attr(CRT_TITLE) : crt_attr(CRT_NORMAL), s);
	}
}
