/* layout_dump.c - --dump-layout: the rectangles of layout.c, printed.
 *
 * tests/walk.sh checks that nothing is drawn in the last column of a
 * panel; it reads where the panels are from these lines, so the screens
 * are checked against the layout the lab draws with, never a copy of its
 * arithmetic. */
#include "config.h"

#include "countof.h"
#include "layout.h"

struct named_rect {
	const char *name;
	struct rect r;
};

static void put(FILE *f, const char *screen, const struct named_rect *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].r.w > 0 && v[i].r.h > 0)
			fprintf(f, "%s %s %d %d %d %d\n", screen, v[i].name, v[i].r.y, v[i].r.x,
			        v[i].r.h, v[i].r.w);
}

static void dump_lesson(FILE *f, int lines, int cols, int course_screen)
{
	struct layout l;
	layout_compute(&l, lines, cols, course_screen);
	const struct named_rect v[] = {
		{"header", l.header}, {"course", l.course}, {"text", l.text},
		{"panel", l.panel}, {"instead", l.instead}, {"footer", l.footer},
	};
	put(f, course_screen ? "course" : "lesson", v, COUNT(v));
}

static void dump_race(FILE *f, int lines, int cols)
{
	struct race_layout l;
	layout_race(&l, lines, cols);
	const struct named_rect v[] = {
		{"header", l.header}, {"top", l.top}, {"a", l.a}, {"rule", l.rule},
		{"b", l.b}, {"footer", l.footer},
	};
	put(f, "race", v, COUNT(v));
}

static void dump_present(FILE *f, int lines, int cols, int race)
{
	struct present_layout l;
	layout_present(&l, lines, cols, race);
	const struct named_rect v[] = {
		{"header", l.header}, {"body", l.body}, {"title", l.title},
		{"state", l.state}, {"figure0", l.figure[0]}, {"figure1", l.figure[1]},
		{"logfig", l.logfig}, {"text0", l.text[0]}, {"text1", l.text[1]},
		{"ratio", l.ratio}, {"gauge", l.gauge}, {"sweep", l.sweep}, {"footer", l.footer},
	};
	put(f, race ? "present-race" : "present", v, COUNT(v));
}

int layout_dump(FILE *f, int lines, int cols)
{
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS)
		return -1;
	dump_lesson(f, lines, cols, 0);
	dump_lesson(f, lines, cols, 1);
	dump_race(f, lines, cols);
	dump_present(f, lines, cols, 0);
	dump_present(f, lines, cols, 1);
	return 0;
}
