/* ui_frame.c - the header and footer lines, rules between the panels, and
 * the notice shown while the terminal is too small. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"

/* Where the run is, for the header: "▶ running w03-byte 3.2 s". */
static void run_status(const struct lab *lab, char *buf, size_t len)
{
	const struct run *r = &lab->run;
	buf[0] = '\0';
	if (!run_active(lab))
		return;
	const char *id = lab->course.lessons[r->lesson].id;
	if (r->sweep)
		snprintf(buf, len, "%s %s %s point %zu/%zu", crt_glyph(GLYPH_RUNNING),
		         r->phase == RUN_STOPPING ? "stopping" : "running", id,
		         r->point + 1, r->npoints);
	else
		snprintf(buf, len, "%s %s %s %.1f s", crt_glyph(GLYPH_RUNNING),
		         r->phase == RUN_STOPPING ? "stopping" : "running", id, r->sample.elapsed);
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

struct key_hint {
	const char *key, *what;
	int narrow_only;
	int optional;             /* left out first when the line is short */
};

static const struct key_hint hints[] = {
	{"r", "run", 0, 0}, {"s", "stop", 0, 0}, {"n/p", "lesson", 0, 0}, {"+/-", "block", 0, 0},
	{"c", "cache", 0, 0}, {"PgDn", "text", 0, 1}, {"Tab", "course", 1, 0}, {"?", "help", 0, 0},
	{"q", "quit", 0, 0},
};

static int hint_shown(const struct key_hint *h, int narrow, int drop_optional)
{
	return !(h->narrow_only && !narrow) && !(h->optional && drop_optional);
}

static int hint_width(const struct key_hint *h)
{
	return (int)strlen(h->key) + 1 + (int)strlen(h->what) + 2;
}

void ui_frame_draw_footer(const struct lab *lab, struct rect r)
{
	int bar = crt_attr(CRT_BAR), key = crt_attr(CRT_BAR_KEY);
	int narrow = r.w < LAYOUT_SIDE_LIST_COLS;
	size_t n = sizeof hints / sizeof *hints;
	int total = 1;
	for (size_t i = 0; i < n; i++)
		if (hint_shown(&hints[i], narrow, 0))
			total += hint_width(&hints[i]);
	int drop_optional = total > r.w;     /* q quit must always be there */
	crt_fill(r.y, r.x, r.w, bar);
	int x = r.x + 1;
	for (size_t i = 0; i < n; i++) {
		const struct key_hint *h = &hints[i];
		if (!hint_shown(h, narrow, drop_optional) || x + hint_width(h) - 2 > r.x + r.w)
			continue;
		x += crt_put(r.y, x, r.w, key, h->key);
		x += crt_putf(r.y, x, r.w, bar, " %s  ", h->what);
	}
	(void)lab;
}

void ui_frame_draw_rule(struct rect r)
{
	for (int i = 0; i < r.h; i++)
		crt_line_glyph(r.y + i, r.x, LINE_V, crt_attr(CRT_DIM));
}

void ui_frame_draw_too_small(int lines, int cols)
{
	static const char *const msg[] = {
		"make the terminal at least 80x24",
		NULL,
		"q quits",
	};
	char now[64];
	snprintf(now, sizeof now, "(it is %dx%d now)", cols, lines);
	int y = lines / 2 - 1;
	for (int i = 0; i < 3; i++, y++) {
		const char *s = msg[i] ? msg[i] : now;
		int w = (int)strlen(s);
		int x = cols > w ? (cols - w) / 2 : 0;
		crt_put(y, x, cols - x, i == 0 ? crt_attr(CRT_TITLE) : crt_attr(CRT_NORMAL), s);
	}
}
