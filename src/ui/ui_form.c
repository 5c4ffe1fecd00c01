/* ui_form.c - the experiment bench: the lesson's workload as a form, one
 * field a line, the loader's message under a field it refuses (form.h
 * decides; this draws it). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"

#define FORM_LABEL_W 14

/* A field's value, the character at the cursor in reverse video. */
static void draw_value(int y, int x, int w, const struct form_field *f, int current)
{
	int attr = ui_crt_attr(current ? CRT_SELECTED : CRT_VALUE);
	const struct edit_line *e = &f->line;
	if (current)
		ui_crt_fill(y, x, w, attr);
	ui_crt_put(y, x, w, attr, e->text);
	if (current && (int)e->cursor < w) {
		char c[2] = {e->cursor < e->len ? e->text[e->cursor] : ' ', 0};
		ui_crt_put(y, x + (int)e->cursor, 1, attr ^ A_REVERSE, c);
	}
}

/* "warm cold": the names Left/Right go through, as many whole ones as fit
 * in w columns, then "..." when some are left out (never a name cut). */
static void choices(const struct wl_key *k, int w, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (unsigned i = 0; strcmp(k->choice(i), "?") != 0; i++) {
		const char *name = k->choice(i);
		int more = strcmp(k->choice(i + 1), "?") != 0;
		/* this name, and room for " ..." after it unless it is the last */
		size_t need = used + (i ? 1 : 0) + strlen(name) + (more ? 4 : 0);
		if (need > (size_t)w || need >= len) {
			snprintf(buf + used, len - used, "%s...", i ? " " : "");
			return;
		}
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", name);
	}
}

int ui_wrapped(int y, int x, int w, int attr, const char *text, int max_rows)
{
	struct tw_lines t = {0};
	char screen[1024];
	textwrap_wrap(ui_crt_text(text, screen, sizeof screen), w, &t);
	int rows = 0;
	for (size_t i = 0; i < t.n && rows < max_rows; i++)
		ui_crt_put(y + rows++, x, w, attr, t.v[i].text);
	textwrap_free(&t);
	return rows;
}

/* Rows of text wrapped to w columns (at least the one it starts on). */
static int wrapped_rows(const char *text, int w)
{
	struct tw_lines t = {0};
	char screen[1024];
	textwrap_wrap(ui_crt_text(text, screen, sizeof screen), w, &t);
	int n = t.n ? (int)t.n : 1;
	textwrap_free(&t);
	return n;
}

/* Rows a field takes: its line, and the loader's message under it; none
 * when it is not on the form now (form_field_shown). */
static int field_rows(const struct form *f, size_t i, int w)
{
	const struct form_field *ff = &f->fields[i];
	if (!form_field_shown(f, i))
		return 0;
	return 1 + (ff->error[0] ? wrapped_rows(ff->error, w) : 0);
}

/* How many fields from a up to (not including) b are on the form now. */
static size_t shown_between(const struct form *f, size_t a, size_t b)
{
	size_t n = 0;
	for (size_t i = a; i < b; i++)
		n += (size_t)form_field_shown(f, i);
	return n;
}

/* The first field shown in `rows` rows: 0 when every field fits; else the
 * first from which the current field (and its message) fits between a line
 * saying how many fields are above and one saying how many are below, so
 * Tab always lands on a field the student can see. */
static size_t first_field(const struct form *f, int rows, int w)
{
	int need[FORM_FIELDS], total = 0, used = 0;
	for (size_t i = 0; i < FORM_FIELDS; i++)
		total += need[i] = field_rows(f, i, w);
	if (total <= rows)
		return 0;
	for (size_t i = 0; i <= f->current; i++)
		used += need[i];
	size_t first = 0;
	while (first < f->current && used + 1 + (first > 0) > rows)
		used -= need[first++];
	return first;
}

void ui_form_draw(struct lab *lab, struct rect r)
{
	struct form *f = &lab->form;
	int y = r.y, x = r.x + 1, w = r.w - 2;
	ui_crt_putf(y++, x, w, ui_crt_attr(CRT_SECTION), "Experiment bench: %s's workload, every knob",
	         lab_lesson(lab)->id);
	char hint[256];
	snprintf(hint, sizeof hint, "%s runs it, filed apart from the lesson's results; %s: the "
	         "next field; %s: the next name; %s closes.", keys_row(ACT_EDIT_DONE)->label,
	         keys_row(ACT_EDIT_FIELD)->bar_keys, keys_row(ACT_EDIT_MOVE)->label,
	         keys_row(ACT_EDIT_CLOSE)->label);
	y += ui_wrapped(y, x, w, ui_crt_attr(CRT_LABEL), hint, 2);
	y++;
	/* a message about no field of the form goes at the bottom, kept */
	int bottom = r.y + r.h, fw = w - FORM_LABEL_W;
	if (f->error[0])
		bottom -= 1 + wrapped_rows(f->error, w);
	size_t first = first_field(f, bottom - y, fw), i;
	size_t above = shown_between(f, 0, first);
	int scrolled = above > 0 || y + (int)shown_between(f, 0, FORM_FIELDS) > bottom;
	if (above > 0)
		ui_crt_putf(y++, x, w, ui_crt_attr(CRT_DIM), "(%zu more field%s above)", above,
		         above == 1 ? "" : "s");
	for (i = first; i < FORM_FIELDS; i++) {
		const struct form_field *ff = &f->fields[i];
		if (!form_field_shown(f, i))
			continue;
		/* a field below this one leaves a row for the line saying so */
		int room = bottom - y - (scrolled && shown_between(f, i + 1, FORM_FIELDS) > 0);
		if (room < (i == f->current ? field_rows(f, i, fw) : 1))
			break;
		int current = i == f->current;
		ui_crt_put(y, x, FORM_LABEL_W, ui_crt_attr(current ? CRT_TITLE : CRT_LABEL), ff->key->key);
		int valw = fw > 40 ? 40 : fw;
		draw_value(y, x + FORM_LABEL_W, valw, ff, current);
		if (current && ff->key->choice && fw > valw + 4) {
			char names[128];
			choices(ff->key, fw - valw - 2, names, sizeof names);
			ui_crt_putf(y, x + FORM_LABEL_W + valw + 2, fw - valw - 2, ui_crt_attr(CRT_DIM), "%s", names);
		}
		y++;
		/* the loader's message, under the field it is about */
		if (ff->error[0] && room > 1)
			y += ui_wrapped(y, x + FORM_LABEL_W, fw, ui_crt_attr(CRT_ERROR), ff->error, room - 1);
	}
	size_t below = shown_between(f, i, FORM_FIELDS);
	if (below > 0)
		ui_crt_putf(y, x, w, ui_crt_attr(CRT_DIM), "(%zu more field%s below)", below,
		         below == 1 ? "" : "s");
	if (f->error[0])
		ui_wrapped(bottom + 1, x, w, ui_crt_attr(CRT_ERROR), f->error, r.y + r.h - bottom - 1);
}
