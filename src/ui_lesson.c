/* ui_lesson.c - the lesson: title, where it is in the course, the workload
 * the next run will use, then the explanation and the code, wrapped to the
 * column and scrolled with PgUp/PgDn.
 *
 * Nothing here is cut: the workload's parts ("1 B blocks", "4 MiB") wrap
 * whole, and a code line too long for the column goes on over the next
 * rows, each marked in the gutter with GLYPH_CODE_WRAPPED, so what the
 * listing shows is what runs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"
#include "ui_crt.h"
#include "ui_views.h"

enum line_kind { LINE_TEXT, LINE_CODE_HEAD, LINE_CODE, LINE_CODE_WRAPPED };

/* The scrolled part, wrapped once per (lesson, width, charset). */
static struct {
	int valid;
	size_t lesson;
	int width, utf8;
	struct tw_lines lines;
	enum line_kind *kinds;
	size_t nkinds;
} wrapped;

void ui_lesson_forget_layout(void)
{
	textwrap_free(&wrapped.lines);
	free(wrapped.kinds);
	memset(&wrapped, 0, sizeof wrapped);
}

/* UTF-8 text for this terminal: as is, or transliterated (malloc'd). */
static char *screen_text(const char *s)
{
	size_t len = strlen(s) * 2 + 16;
	char *out = malloc(len);
	if (!out)
		return NULL;
	if (crt.utf8)
		memcpy(out, s, strlen(s) + 1);
	else
		textwrap_ascii(s, out, len);
	return out;
}

static int mark_kinds(size_t upto, enum line_kind kind)
{
	if (upto > wrapped.nkinds) {
		enum line_kind *grown = realloc(wrapped.kinds, upto * sizeof *grown);
		if (!grown)
			return -1;
		wrapped.kinds = grown;
	}
	for (size_t i = wrapped.nkinds; i < upto; i++)
		wrapped.kinds[i] = kind;
	wrapped.nkinds = upto;
	return 0;
}

/* Code keeps its lines: tabs become four spaces; a line longer than the
 * column wraps onto rows marked as its continuation. */
static void add_code(const char *code, int width)
{
	const char *p = code;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char line[512];
		size_t o = 0;
		for (size_t i = 0; i < n && o + 5 < sizeof line; i++) {
			if (p[i] == '\t') {
				memcpy(line + o, "    ", 4);
				o += 4;
			} else
				line[o++] = p[i];
		}
		line[o] = '\0';
		char *t = screen_text(line);
		if (t) {
			size_t first = wrapped.lines.n;
			if (textwrap_code(t, width, &wrapped.lines) > 0) {
				mark_kinds(first + 1, LINE_CODE);
				mark_kinds(wrapped.lines.n, LINE_CODE_WRAPPED);
			}
			free(t);
		}
		p = nl ? nl + 1 : p + n;
	}
}

static void wrap_lesson(const struct lab *lab, int width)
{
	if (wrapped.valid && wrapped.lesson == lab->cur && wrapped.width == width
	    && wrapped.utf8 == crt.utf8)
		return;
	ui_lesson_forget_layout();
	const struct lesson *l = lab_lesson(lab);
	char *text = screen_text(l->text ? l->text : "");
	if (text)
		textwrap_wrap(text, width, &wrapped.lines);
	free(text);
	mark_kinds(wrapped.lines.n, LINE_TEXT);
	if (l->code && *l->code) {
		textwrap_add_line(&wrapped.lines, "", 0);
		textwrap_add_line(&wrapped.lines, "The code it runs:", width);
		mark_kinds(wrapped.lines.n, LINE_CODE_HEAD);
		add_code(l->code, width - 2);
	}
	wrapped.valid = 1;
	wrapped.lesson = lab->cur;
	wrapped.width = width;
	wrapped.utf8 = crt.utf8;
}

/* The title over up to two lines; returns rows used. */
static int draw_title(const struct lesson *l, int y, int x, int w)
{
	struct tw_lines t = {0};
	char *s = screen_text(l->title ? l->title : l->id);
	if (s)
		textwrap_wrap(s, w - UI_EDGE, &t);
	free(s);
	int rows = 0;
	for (size_t i = 0; i < t.n && i < 2; i++) {
		if (i == 1 && t.n > 2) {        /* more than two lines: say so */
			char more[512];
			snprintf(more, sizeof more, "%s%s", t.v[i].text, crt_glyph(GLYPH_ELLIPSIS));
			crt_put_cut(y + rows++, x, w, crt_attr(CRT_TITLE), more);
		} else
			crt_put(y + rows++, x, w, crt_attr(CRT_TITLE), t.v[i].text);
	}
	textwrap_free(&t);
	return rows ? rows : 1;
}

/* The description with its parts held together: the blanks inside a part
 * ("1 B blocks", "4 MiB") and before each separator become no-break
 * spaces, so wrapping breaks only after a separator. */
static void keep_parts_together(const char *desc, const char *sep, char *out, size_t len)
{
	static const char nbsp[] = "\u00a0";
	size_t o = 0, seplen = strlen(sep);
	for (const char *p = desc; *p && o + 3 < len; p++) {
		if (strncmp(p, sep, seplen) == 0) {     /* " · ": no break before the dot */
			o += (size_t)snprintf(out + o, len - o, "%s%s ", nbsp, sep + 1);
			o = o < len ? o : len - 1;
			p += seplen - 1;
			continue;
		}
		if (*p == ' ') {
			memcpy(out + o, nbsp, 2);
			o += 2;
		} else
			out[o++] = *p;
	}
	out[o] = '\0';
}

/* Once wrapped, the no-break spaces are drawn as plain blanks. */
static void nbsp_to_blanks(char *s)
{
	char *nb;
	while ((nb = strstr(s, "\u00a0")) != NULL) {
		*nb = ' ';
		memmove(nb + 1, nb + 2, strlen(nb + 2) + 1);
	}
}

static int draw_workload(const struct lab *lab, int y, int x, int w)
{
	const struct lesson *l = lab_lesson(lab);
	char desc[256], held[512], series[64], line[256];
	int rows = 0;
	if (l->sweep.ncaches > 0) {
		int o = snprintf(line, sizeof line, "sweep: %zu block sizes", l->sweep.nblocks);
		for (size_t k = 0; k < l->sweep.ncaches && o > 0 && (size_t)o < sizeof line; k++) {
			sweep_series_name(&l->workload, l->sweep.caches[k], series, sizeof series);
			o += snprintf(line + o, sizeof line - o, "%s%s", k ? " and " : " \u00b7 ", series);
		}
		struct tw_lines t = {0};
		char ascii[256];
		textwrap_wrap(crt_text(line, ascii, sizeof ascii), w - UI_EDGE, &t);
		for (size_t i = 0; i < t.n && i < 2; i++)
			crt_put(y + rows++, x, w, crt_attr(CRT_LABEL), t.v[i].text);
		textwrap_free(&t);
	}
	wl_spec_describe(&lab->next, !crt.utf8, desc, sizeof desc);
	keep_parts_together(desc, crt.utf8 ? " \u00b7 " : " - ", held, sizeof held);
	/* "runs: " then the description, wrapped under itself over three lines */
	int lw = crt_put(y + rows, x, w, crt_attr(CRT_LABEL), "runs: ");
	struct tw_lines t = {0};
	textwrap_wrap(held, w - lw - UI_EDGE, &t);
	for (size_t i = 0; i < t.n && i < 3; i++) {
		nbsp_to_blanks(t.v[i].text);
		crt_put(y + rows++, x + lw, w - lw, crt_attr(CRT_VALUE), t.v[i].text);
	}
	textwrap_free(&t);
	if (lab->next_changed)
		crt_put(y + rows++, x, w, crt_attr(CRT_MESSAGE),
		        " changed for the next run (n then p restores) ");
	return rows;
}

void ui_lesson_draw(struct lab *lab, struct rect r)
{
	const struct lesson *l = lab_lesson(lab);
	int x = r.x + 1, w = r.w - 2, y = r.y;
	y += draw_title(l, y, x, w);
	const struct section *sec = &lab->course.sections[course_section_of(&lab->course, lab->cur)];
	crt_putf(y++, x, w, crt_attr(CRT_DIM), "%s %s %s", l->id, crt_glyph(GLYPH_DOT),
	         sec->title ? sec->title : "");
	y += draw_workload(lab, y, x, w);
	y++;
	wrap_lesson(lab, w - UI_EDGE);
	int h = r.y + r.h - y;
	if (h < 1)
		return;
	/* a row at the top and the bottom says when there is more that way */
	size_t n = wrapped.lines.n;
	int more_above = lab->text_top > 0 && n > (size_t)h;
	int body = h - more_above;
	lab->text_top = textwrap_clamp_top(lab->text_top, n, (size_t)body);
	int more_below = lab->text_top + (size_t)body < n;
	body -= more_below;
	if (body < 1)
		return;
	lab->text_page = body;
	if (more_above)
		crt_putf(y++, x, w, crt_attr(CRT_DIM), "%s PgUp: %zu lines above", crt_glyph(GLYPH_UP),
		         lab->text_top);
	for (int i = 0; i < body && lab->text_top + (size_t)i < n; i++) {
		size_t k = lab->text_top + (size_t)i;
		enum line_kind kind = k < wrapped.nkinds ? wrapped.kinds[k] : LINE_TEXT;
		const char *s = wrapped.lines.v[k].text;
		if (kind == LINE_CODE || kind == LINE_CODE_WRAPPED) {
			crt_put(y + i, x, 1, crt_attr(CRT_DIM),
			        crt_glyph(kind == LINE_CODE ? GLYPH_CODE : GLYPH_CODE_WRAPPED));
			crt_put(y + i, x + 2, w - 2, crt_attr(CRT_CODE), s);
		} else
			crt_put(y + i, x, w, kind == LINE_CODE_HEAD ? crt_attr(CRT_SECTION)
			                                            : crt_attr(CRT_NORMAL), s);
	}
	if (more_below)
		crt_putf(y + body, x, w, crt_attr(CRT_MESSAGE), " %s PgDn: %zu more lines ",
		         crt_glyph(GLYPH_DOWN), n - lab->text_top - (size_t)body);
}

void ui_lesson_scroll(struct lab *lab, int pages)
{
	size_t step = lab->text_page > 2 ? (size_t)lab->text_page - 2 : 1;
	if (pages < 0)
		lab->text_top = lab->text_top > step ? lab->text_top - step : 0;
	else
		lab->text_top += step;     /* clamped when drawn */
}
