/* ui_lesson.c - the lesson: title, where it is in the course, the workload
 * the next run will use, then the explanation, its claims and the code,
 * wrapped to the column and scrolled with PgUp/PgDn.
 *
 * Nothing here is cut: the workload's parts ("1 B blocks", "4 MiB") wrap
 * whole, and a code line too long for the column goes on over the next
 * rows, each marked in the gutter with GLYPH_CODE_WRAPPED, so what the
 * listing shows is what runs.
 *
 * The claims (lab_claims.c) come under the text, where students read:
 * each with its mark in the gutter (to check, held, missed, inconclusive),
 * its sentence wrapped under itself, then the measured value and the bound
 * fitted whole (fitline.h) and, when the run could not tell, why.  They
 * follow the text when the text, the claims and the code fit the rows
 * under the workload; when they do not, the claims stay at the bottom of
 * the column while the text scrolls above them, so a run's verdicts show
 * without a key, as long as they take at most half the rows; when they
 * need more (80x24, a lesson of many claims) they follow the text and PgDn
 * reaches them - the line saying there is more below then says they are
 * there, with their marks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fitline.h"
#include "sweep.h"
#include "ui_crt.h"
#include "ui_views.h"

enum line_kind {
	LINE_TEXT, LINE_CODE_HEAD, LINE_CODE, LINE_CODE_WRAPPED,
	LINE_CLAIMS_HEAD,         /* "Claims, checked against this run:" */
	LINE_CLAIM,               /* a claim's first row: its mark in the gutter */
	LINE_CLAIM_MORE,          /* the rest of its sentence */
	LINE_CLAIM_CHECK,         /* to check: the expression to look for */
	LINE_CLAIM_FIGURES,       /* the measured value and the bound */
	LINE_CLAIM_WHY            /* inconclusive: why, in a few words */
};

/* How each kind of row is drawn: its indent, and its role (a claim's
 * first row takes its mark's, below). */
static const struct {
	int indent;
	enum crt_role role;
} row_style[] = {
	[LINE_TEXT] = {0, CRT_NORMAL},
	[LINE_CODE_HEAD] = {0, CRT_SECTION},
	[LINE_CODE] = {2, CRT_CODE},
	[LINE_CODE_WRAPPED] = {2, CRT_CODE},
	[LINE_CLAIMS_HEAD] = {0, CRT_SECTION},
	[LINE_CLAIM] = {2, CRT_NORMAL},
	[LINE_CLAIM_MORE] = {2, CRT_NORMAL},
	[LINE_CLAIM_CHECK] = {2, CRT_DIM},
	[LINE_CLAIM_FIGURES] = {2, CRT_VALUE},
	[LINE_CLAIM_WHY] = {2, CRT_LABEL},
};

/* A claim's mark: the glyph in the gutter and its role. */
static const struct {
	enum ui_crt_glyph glyph;
	enum crt_role role;
} mark_style[] = {
	[CLAIM_TO_CHECK] = {GLYPH_TO_CHECK, CRT_DIM},
	[CLAIM_HELD] = {GLYPH_HELD, CRT_OK},
	[CLAIM_MISSED] = {GLYPH_MISSED, CRT_ERROR},
	[CLAIM_INCONCLUSIVE] = {GLYPH_INCONCLUSIVE, CRT_MESSAGE},
};

/* Rows with their kinds (and a claim's mark), as wrapped. */
struct rows {
	struct tw_lines lines;
	enum line_kind *kinds;
	enum claim_mark *marks;
	size_t nkinds;
};

static void rows_free(struct rows *r)
{
	textwrap_free(&r->lines);
	free(r->kinds);
	free(r->marks);
	memset(r, 0, sizeof *r);
}

/* The scrolled part, wrapped once per (lesson, width, charset): the text,
 * then the code from row code_at on. */
static struct {
	int valid;
	size_t lesson;
	int width, utf8;
	int changed;              /* the next run is not the lesson's workload */
	struct rows r;
	size_t code_at;
} wrapped;

/* The claims, wrapped once per (lesson, width, charset, claims' state). */
static struct {
	int valid;
	size_t lesson;
	int width, utf8;
	unsigned generation;
	struct rows r;
	int checked;              /* verdicts, not what to look for */
	size_t marks[CLAIM_INCONCLUSIVE + 1];   /* claims of each mark */
} claims;

void ui_lesson_forget_layout(void)
{
	rows_free(&wrapped.r);
	memset(&wrapped, 0, sizeof wrapped);
	rows_free(&claims.r);
	memset(&claims, 0, sizeof claims);
}

/* UTF-8 text for this terminal: as is, or transliterated (malloc'd). */
static char *screen_text(const char *s)
{
	size_t len = strlen(s) * 2 + 16;
	char *out = malloc(len);
	if (!out)
		return NULL;
	if (ui_crt.utf8)
		memcpy(out, s, strlen(s) + 1);
	else
		textwrap_ascii(s, out, len);
	return out;
}

/* The rows from r->nkinds up to `upto` are of this kind (and mark). */
static int mark_rows(struct rows *r, size_t upto, enum line_kind kind, enum claim_mark mark)
{
	if (upto > r->nkinds) {
		enum line_kind *k = realloc(r->kinds, upto * sizeof *k);
		if (k)
			r->kinds = k;
		enum claim_mark *m = realloc(r->marks, upto * sizeof *m);
		if (m)
			r->marks = m;
		if (!k || !m)
			return -1;
	}
	for (size_t i = r->nkinds; i < upto; i++) {
		r->kinds[i] = kind;
		r->marks[i] = mark;
	}
	r->nkinds = upto;
	return 0;
}

static int mark_kinds(size_t upto, enum line_kind kind)
{
	return mark_rows(&wrapped.r, upto, kind, CLAIM_TO_CHECK);
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
			size_t first = wrapped.r.lines.n;
			if (textwrap_code(t, width, &wrapped.r.lines) > 0) {
				mark_kinds(first + 1, LINE_CODE);
				mark_kinds(wrapped.r.lines.n, LINE_CODE_WRAPPED);
			}
			free(t);
		}
		p = nl ? nl + 1 : p + n;
	}
}

static void wrap_lesson(const struct lab *lab, int width)
{
	if (wrapped.valid && wrapped.lesson == lab->cur && wrapped.width == width
	    && wrapped.utf8 == ui_crt.utf8 && wrapped.changed == lab->next_changed)
		return;
	rows_free(&wrapped.r);
	memset(&wrapped, 0, sizeof wrapped);
	const struct lesson *l = lab_lesson(lab);
	char *text = screen_text(l->text ? l->text : "");
	if (text)
		textwrap_wrap(text, width, &wrapped.r.lines);
	free(text);
	mark_kinds(wrapped.r.lines.n, LINE_TEXT);
	wrapped.code_at = wrapped.r.lines.n;
	if (l->code && *l->code) {
		textwrap_add_line(&wrapped.r.lines, "", 0);
		/* + - c or the form changed the workload: this code is no longer
		 * what runs, and says so rather than pass for it */
		textwrap_add_line(&wrapped.r.lines, lab->next_changed
		                  ? "The lesson's code (the run is changed from it: see runs above):"
		                  : "The code it runs:", width);
		mark_kinds(wrapped.r.lines.n, LINE_CODE_HEAD);
		add_code(l->code, width - 2);
	}
	wrapped.valid = 1;
	wrapped.lesson = lab->cur;
	wrapped.width = width;
	wrapped.utf8 = ui_crt.utf8;
	wrapped.changed = lab->next_changed;
}

/* --- the claims ------------------------------------------------------------ */

/* Text wrapped to width onto r's rows of this kind (and mark). */
static void add_wrapped(struct rows *r, const char *utf8, int width, enum line_kind first,
                        enum line_kind rest, enum claim_mark mark)
{
	char *t = screen_text(utf8);
	size_t at = r->lines.n;
	if (t && textwrap_wrap(t, width, &r->lines) >= 0) {
		mark_rows(r, at < r->lines.n ? at + 1 : at, first, mark);
		mark_rows(r, r->lines.n, rest, mark);
	}
	free(t);
}

/* The measured value and the bound: whole figures (fitline.h), the bound
 * split where it reads as two ("near 4096" "± 1%", "between 2" "and 3");
 * a bound written as a long expression that fits no row wraps as words. */
static void add_figures(struct rows *r, const struct claim_line *cl, int width)
{
	char value[64], ascii[2][sizeof cl->bound * 2], head[sizeof cl->bound];
	struct fit_part parts[3];
	size_t n = 0;
	if (cl->value[0]) {
		snprintf(value, sizeof value, "measured %s", cl->value);
		parts[n++] = (struct fit_part){value, NULL, 0, 0};
	}
	snprintf(head, sizeof head, "%s", cl->bound);
	const char *tail = NULL;
	static const char *const seps[] = {" \u00b1 ", " and "};
	for (size_t i = 0; i < sizeof seps / sizeof seps[0] && !tail; i++) {
		char *at = strstr(head, seps[i]);
		if (at) {
			*at = '\0';
			tail = cl->bound + (at - head) + 1;
		}
	}
	parts[n++] = (struct fit_part){ui_crt_text(head, ascii[0], sizeof ascii[0]), NULL, 0, 0};
	if (tail)
		parts[n++] = (struct fit_part){ui_crt_text(tail, ascii[1], sizeof ascii[1]), NULL, 0, 1};
	struct fit_rows fr;
	fitline_fit(parts, n, width, FIT_ROWS_MAX, &fr);
	if (!fr.complete) {
		char all[sizeof value + sizeof cl->bound + 4];
		snprintf(all, sizeof all, "%s%s%s", cl->value[0] ? value : "", cl->value[0] ? "  " : "",
		         cl->bound);
		add_wrapped(r, all, width, LINE_CLAIM_FIGURES, LINE_CLAIM_FIGURES, cl->mark);
		return;
	}
	for (size_t i = 0; i < fr.n; i++)
		textwrap_add_line(&r->lines, fr.row[i], 0);
	mark_rows(r, r->lines.n, LINE_CLAIM_FIGURES, cl->mark);
}

static void wrap_claims(const struct lab *lab, int width)
{
	const struct lab_claims *c = &lab->ls[lab->cur].claims;
	if (claims.valid && claims.lesson == lab->cur && claims.width == width &&
	    claims.utf8 == ui_crt.utf8 && claims.generation == lab->claims_generation)
		return;
	rows_free(&claims.r);
	memset(&claims, 0, sizeof claims);
	claims.valid = 1;
	claims.lesson = lab->cur;
	claims.width = width;
	claims.utf8 = ui_crt.utf8;
	claims.generation = lab->claims_generation;
	claims.checked = c->state == CLAIMS_CHECKED;
	if (!c->n)
		return;
	char buf[sizeof c->line[0].why + 16];
	textwrap_add_line(&claims.r.lines, "", 0);
	mark_rows(&claims.r, claims.r.lines.n, LINE_TEXT, CLAIM_TO_CHECK);
	add_wrapped(&claims.r, c->head, width, LINE_CLAIMS_HEAD, LINE_CLAIMS_HEAD, CLAIM_TO_CHECK);
	for (size_t i = 0; i < c->n; i++) {
		const struct claim_line *cl = &c->line[i];
		claims.marks[cl->mark]++;
		add_wrapped(&claims.r, cl->claim, width - 2, LINE_CLAIM, LINE_CLAIM_MORE, cl->mark);
		if (cl->mark == CLAIM_TO_CHECK) {
			char look[EXPECT_TEXT_MAX + 16];
			snprintf(look, sizeof look, "look for: %s", cl->check);
			add_wrapped(&claims.r, look, width - 2, LINE_CLAIM_CHECK, LINE_CLAIM_CHECK, cl->mark);
		}
		add_figures(&claims.r, cl, width - 2);
		if (cl->why[0]) {
			snprintf(buf, sizeof buf, "why: %s", cl->why);
			add_wrapped(&claims.r, buf, width - 2, LINE_CLAIM_WHY, LINE_CLAIM_WHY, cl->mark);
		}
	}
}

/* One row of the scrolled part, or of the claims. */
struct row {
	const char *text;
	enum line_kind kind;
	enum claim_mark mark;
};

static struct row row_of(const struct rows *r, size_t k)
{
	struct row row = {r->lines.v[k].text, LINE_TEXT, CLAIM_TO_CHECK};
	if (k < r->nkinds) {
		row.kind = r->kinds[k];
		row.mark = r->marks[k];
	}
	return row;
}

/* Row k of what scrolls: the text, the claims when they follow it
 * (flow), the code. */
static struct row scrolled_row(size_t k, int flow)
{
	if (flow && k >= wrapped.code_at) {
		if (k - wrapped.code_at < claims.r.lines.n)
			return row_of(&claims.r, k - wrapped.code_at);
		k -= claims.r.lines.n;
	}
	return row_of(&wrapped.r, k);
}

static void draw_row(int y, int x, int w, struct row row)
{
	int indent = row_style[row.kind].indent;
	int attr = ui_crt_attr(row_style[row.kind].role);
	if (row.kind == LINE_CODE || row.kind == LINE_CODE_WRAPPED)
		ui_crt_put(y, x, 1, ui_crt_attr(CRT_DIM),
		        ui_crt_glyph(row.kind == LINE_CODE ? GLYPH_CODE : GLYPH_CODE_WRAPPED));
	else if (row.kind == LINE_CLAIM)
		ui_crt_put(y, x, 1, ui_crt_attr(mark_style[row.mark].role), ui_crt_glyph(mark_style[row.mark].glyph));
	ui_crt_put(y, x + indent, w - indent, attr, row.text);
}

/* " ▼ PgDn: 12 more lines ", and the claims' verdicts when they are among
 * them: " ▼ PgDn: 12 more lines (claims: ✓ 2 ✗ 1 ? 1) ", shorter when the
 * column is narrow ("(claims)", or nothing), never a count cut. */
static void draw_more_below(int y, int x, int w, size_t more, int claims_below)
{
	char lines[64], marks[96];
	snprintf(lines, sizeof lines, "%s PgDn: %zu more lines", ui_crt_glyph(GLYPH_DOWN), more);
	size_t o = (size_t)snprintf(marks, sizeof marks, "(claims:");
	for (int m = CLAIM_HELD; m <= CLAIM_INCONCLUSIVE; m++)
		if (claims.marks[m] && o < sizeof marks)
			o += (size_t)snprintf(marks + o, sizeof marks - o, " %s %zu",
			                      ui_crt_glyph(mark_style[m].glyph), claims.marks[m]);
	if (o < sizeof marks)
		snprintf(marks + o, sizeof marks - o, ")");
	const char *brief = "(claims)";
	const struct fit_part parts[] = {
		{lines, NULL, 0, 0},
		{claims_below ? marks : NULL, claims_below ? brief : NULL, 1, 1},
	};
	struct fit_rows fr;
	fitline_fit(parts, 2, w - 2 - UI_EDGE, 1, &fr);
	if (fr.n)
		ui_crt_putf(y, x, w, ui_crt_attr(CRT_MESSAGE), " %s ", fr.row[0]);
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
			snprintf(more, sizeof more, "%s%s", t.v[i].text, ui_crt_glyph(GLYPH_ELLIPSIS));
			ui_crt_put_cut(y + rows++, x, w - UI_EDGE, ui_crt_attr(CRT_TITLE), more);
		} else
			ui_crt_put(y + rows++, x, w, ui_crt_attr(CRT_TITLE), t.v[i].text);
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
		textwrap_wrap(ui_crt_text(line, ascii, sizeof ascii), w - UI_EDGE, &t);
		for (size_t i = 0; i < t.n && i < 2; i++)
			ui_crt_put(y + rows++, x, w, ui_crt_attr(CRT_LABEL), t.v[i].text);
		textwrap_free(&t);
	}
	wl_spec_describe(&lab->next, !ui_crt.utf8, desc, sizeof desc);
	keep_parts_together(desc, ui_crt.utf8 ? " \u00b7 " : " - ", held, sizeof held);
	/* "runs: " then the description, wrapped under itself over three lines */
	int lw = ui_crt_put(y + rows, x, w, ui_crt_attr(CRT_LABEL), "runs: ");
	struct tw_lines t = {0};
	textwrap_wrap(held, w - lw - UI_EDGE, &t);
	for (size_t i = 0; i < t.n && i < 3; i++) {
		nbsp_to_blanks(t.v[i].text);
		ui_crt_put(y + rows++, x + lw, w - lw, ui_crt_attr(CRT_VALUE), t.v[i].text);
	}
	textwrap_free(&t);
	if (lab->next_changed)
		ui_crt_put(y + rows++, x, w, ui_crt_attr(CRT_MESSAGE),
		        " changed for the next run (n then p restores) ");
	return rows;
}

void ui_lesson_draw(struct lab *lab, struct rect r)
{
	const struct lesson *l = lab_lesson(lab);
	int x = r.x + 1, w = r.w - 2, y = r.y;
	y += draw_title(l, y, x, w);
	const struct section *sec = &lab->course.sections[lesson_course_section_of(&lab->course, lab->cur)];
	char where[256];
	snprintf(where, sizeof where, "%s %s %s", l->id, ui_crt_glyph(GLYPH_DOT),
	         sec->title ? sec->title : "");
	ui_crt_put_cut(y++, x, w - UI_EDGE, ui_crt_attr(CRT_DIM), where);
	y += draw_workload(lab, y, x, w);
	y++;
	wrap_lesson(lab, w - UI_EDGE);
	wrap_claims(lab, w - UI_EDGE);
	int h = r.y + r.h - y;
	if (h < 1)
		return;
	/* the claims follow the text when everything fits; else they stay at
	 * the bottom when they take at most half the rows, and follow the
	 * text again when they need more (see the top of the file) */
	size_t nclaims = claims.r.lines.n;
	int pinned = nclaims > 0 && wrapped.r.lines.n + nclaims > (size_t)h &&
	             nclaims <= (size_t)h / 2;
	int flow = nclaims > 0 && !pinned;
	if (pinned) {
		h -= (int)nclaims;
		for (size_t k = 0; k < nclaims; k++)
			draw_row(y + h + (int)k, x, w, row_of(&claims.r, k));
	}
	/* a row at the top and the bottom says when there is more that way */
	size_t n = wrapped.r.lines.n + (flow ? nclaims : 0);
	int more_above = lab->text_top > 0 && n > (size_t)h;
	int body = h - more_above;
	lab->text_top = textwrap_clamp_top(lab->text_top, n, (size_t)body);
	int more_below = lab->text_top + (size_t)body < n;
	body -= more_below;
	if (body < 1)
		return;
	lab->text_page = body;
	if (more_above)
		ui_crt_putf(y++, x, w, ui_crt_attr(CRT_DIM), "%s PgUp: %zu lines above", ui_crt_glyph(GLYPH_UP),
		         lab->text_top);
	for (int i = 0; i < body && lab->text_top + (size_t)i < n; i++)
		draw_row(y + i, x, w, scrolled_row(lab->text_top + (size_t)i, flow));
	/* the claims' verdicts below the window: say so, they are what a run
	 * was for */
	int claims_below = flow && claims.checked &&
	                   lab->text_top + (size_t)body <= wrapped.code_at + 1;
	if (more_below)
		draw_more_below(y + body, x, w, n - lab->text_top - (size_t)body, claims_below);
}

void ui_lesson_scroll(struct lab *lab, int pages)
{
	size_t step = lab->text_page > 2 ? (size_t)lab->text_page - 2 : 1;
	if (pages < 0)
		lab->text_top = lab->text_top > step ? lab->text_top - step : 0;
	else
		lab->text_top += step;     /* clamped when drawn */
}
