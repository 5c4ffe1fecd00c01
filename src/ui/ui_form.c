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
	int attr = crt_attr(current ? CRT_SELECTED : CRT_VALUE);
	const struct edit_line *e = &f->line;
	if (current)
		crt_fill(y, x, w, attr);
	crt_put(y, x, w, attr, e->text);
	if (current && (int)e->cursor < w) {
		char c[2] = {e->cursor < e->len ? e->text[e->cursor] : ' ', 0};
		crt_put(y, x + (int)e->cursor, 1, attr ^ A_REVERSE, c);
	}
}

/* "warm, cold": the names Left/Right go through. */
static void choices(const struct wl_key *k, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (unsigned i = 0; strcmp(k->choice(i), "?") != 0 && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", k->choice(i));
}

int ui_wrapped(int y, int x, int w, int attr, const char *text, int max_rows)
{
	struct tw_lines t = {0};
	char screen[1024];
	textwrap_wrap(crt_text(text, screen, sizeof screen), w, &t);
	int rows = 0;
	for (size_t i = 0; i < t.n && rows < max_rows; i++)
		crt_put(y + rows++, x, w, attr, t.v[i].text);
	textwrap_free(&t);
	return rows;
}

void ui_form_draw(struct lab *lab, struct rect r)
{
	struct form *f = &lab->form;
	int y = r.y, x = r.x + 1, w = r.w - 2;
	crt_putf(y++, x, w, crt_attr(CRT_SECTION), "Experiment bench: %s's workload, every knob",
	         lab_lesson(lab)->id);
	char hint[256];
	int bottom = r.y + r.h;
	snprintf(hint, sizeof hint, "%s runs it, filed apart from the lesson's results; %s: the "
	         "next field; %s: the next name; %s closes.", keys_row(ACT_EDIT_DONE)->label,
	         keys_row(ACT_EDIT_FIELD)->bar_keys, keys_row(ACT_EDIT_MOVE)->label,
	         keys_row(ACT_EDIT_CLOSE)->label);
	y += ui_wrapped(y, x, w, crt_attr(CRT_LABEL), hint, 2);
	y++;
	for (size_t i = 0; i < FORM_FIELDS && y < bottom; i++) {
		const struct form_field *ff = &f->fields[i];
		int current = i == f->current;
		crt_put(y, x, FORM_LABEL_W, crt_attr(current ? CRT_TITLE : CRT_LABEL), ff->key->key);
		int vw = w - FORM_LABEL_W;
		int valw = vw > 40 ? 40 : vw;
		draw_value(y, x + FORM_LABEL_W, valw, ff, current);
		if (current && ff->key->choice && vw > valw + 4) {
			char names[128];
			choices(ff->key, names, sizeof names);
			crt_putf(y, x + FORM_LABEL_W + valw + 2, vw - valw - 2, crt_attr(CRT_DIM), "%s", names);
		}
		y++;
		/* the loader's message, under the field it is about */
		if (ff->error[0] && y < bottom)
			y += ui_wrapped(y, x + FORM_LABEL_W, w - FORM_LABEL_W, crt_attr(CRT_ERROR),
			                ff->error, bottom - y);
	}
	if (f->error[0] && y + 1 < bottom)
		ui_wrapped(y + 1, x, w, crt_attr(CRT_ERROR), f->error, bottom - y - 1);
}
