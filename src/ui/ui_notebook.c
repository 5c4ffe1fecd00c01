/* ui_notebook.c - what the lab notebook puts on screen: the lesson's
 * history (every run of it, newest first), the guess prompt, and a notice
 * that stays until a key closes it (the database moved aside, runs not
 * saved).  lab_notebook.c decides; this draws. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"
#include "units.h"

/* --- the lesson's history ----------------------------------------------------- */

static void history_line(const struct history_row *row, char *buf, size_t len)
{
	char rate[32] = "-", guess[32] = "-", miss[16] = "-", log_rate[16] = "-";
	if (isfinite(row->rate))
		units_format_rate(row->rate, rate, sizeof rate);
	else if (!row->ok)
		snprintf(rate, sizeof rate, "error");
	if (isfinite(row->log_rate))
		units_format_fixed(row->log_rate, 2, log_rate, sizeof log_rate);
	if (!isnan(row->guess_rate))
		snprintf(guess, sizeof guess, "%s", row->guess_shown);
	if (isfinite(row->miss))
		units_format_fixed(row->miss, 2, miss, sizeof miss);
	snprintf(buf, len, "%-16s  %-12s %11s %8s %11s %5s  %s%s%s", row->when, row->kind, rate,
	         log_rate, guess, miss, row->label, row->label[0] && row->error[0] ? "; " : "",
	         row->error);
}

void ui_history_draw(struct lab *lab, struct rect r)
{
	struct history_view *h = &lab->history;
	const struct lesson *l = &lab->course.lessons[h->lesson];
	/* the edge column stays blank: a row too long ends in an ellipsis */
	int y = r.y, x = r.x + 1, w = r.w - 2 - UI_EDGE;
	ui_crt_putf(y++, x, w, ui_crt_attr(CRT_SECTION), "Notebook of %s: %zu run%s, newest first", l->id,
	         h->n, h->n == 1 ? "" : "s");
	char mean[UNITS_FIXED_WIDTH + 1];
	units_format_fixed(h->score.mean_miss, 2, mean, sizeof mean);
	if (h->score.guesses)
		ui_crt_putf(y++, x, w, ui_crt_attr(CRT_LABEL), "guesses: %lld, mean miss %s (log rate), "
		         "%lld within 1", (long long)h->score.guesses, mean, (long long)h->score.within_1);
	else
		ui_crt_putf(y++, x, w, ui_crt_attr(CRT_DIM), "no guesses yet (%s before a run)",
		         keys_row(ACT_GUESS)->label);
	y++;
	ui_crt_putf(y++, x, w, ui_crt_attr(CRT_LABEL), "%-16s  %-12s %11s %8s %11s %5s  %s", "when (UTC)",
	         "kind", "rate", "log rate", "guess", "miss", "what");
	int page = r.y + r.h - y;
	if (page < 1)
		return;
	h->page = page;
	if (h->n == 0) {
		ui_crt_put(y, x, w, ui_crt_attr(CRT_DIM), "No runs of this lesson yet.");
		return;
	}
	for (int i = 0; i < page && h->top + (size_t)i < h->n; i++) {
		const struct history_row *row = &h->rows[h->top + (size_t)i];
		char line[600], screen[600];
		history_line(row, line, sizeof line);
		int role = row->own ? (row->ok ? CRT_VALUE : CRT_ERROR) : CRT_NORMAL;
		ui_crt_put_cut(y + i, x, w, ui_crt_attr(role), ui_crt_text(line, screen, sizeof screen));
	}
}

/* --- the guess prompt ------------------------------------------------------------ */

void ui_prompt_draw(struct lab *lab, struct rect r)
{
	const struct guess_prompt *g = &lab->prompt;
	int y = r.y, x = r.x + 1, w = r.w - 2;
	ui_crt_putf(y++, x, w, ui_crt_attr(CRT_SECTION), "Your guess: how fast will the next run of %s be?",
	         lab_lesson(lab)->id);
	char hint[256];
	snprintf(hint, sizeof hint, "A rate (3MB/s, 3 MiB/s, 500k; k M G are 1000s, KiB MiB GiB "
	         "1024s) or a log rate (ln 15.1). %s keeps it for the next run, %s closes.",
	         keys_row(ACT_EDIT_DONE)->label, keys_row(ACT_EDIT_CLOSE)->label);
	y += ui_wrapped(y, x, w, ui_crt_attr(CRT_LABEL), hint, 3);
	y++;
	int fw = w > 40 ? 40 : w;
	ui_crt_put(y, x, 8, ui_crt_attr(CRT_LABEL), "guess");
	ui_crt_fill(y, x + 8, fw, ui_crt_attr(CRT_SELECTED));
	ui_crt_put(y, x + 8, fw, ui_crt_attr(CRT_SELECTED), g->line.text);
	if ((int)g->line.cursor < fw) {
		char c[2] = {g->line.cursor < g->line.len ? g->line.text[g->line.cursor] : ' ', 0};
		ui_crt_put(y, x + 8 + (int)g->line.cursor, 1, ui_crt_attr(CRT_SELECTED) ^ A_REVERSE, c);
	}
	y++;
	if (g->error[0])
		ui_wrapped(y + 1, x + 8, w - 8, ui_crt_attr(CRT_ERROR), g->error, 4);
}

/* --- a notice ---------------------------------------------------------------------- */

/* A box in the middle of the screen, over whatever is there: the notice
 * wrapped to it, then how to close it. */
void ui_notice_draw(const struct lab *lab, int lines, int cols)
{
	struct tw_lines t = {0};
	char ascii[sizeof lab->notice * 2];
	int w = cols - 8 > 100 ? 100 : cols - 8;
	if (w < 20)
		return;
	textwrap_wrap(ui_crt_text(lab->notice, ascii, sizeof ascii), w - 4, &t);
	int h = (int)t.n + 3;                /* the title, the text, a gap, how to close */
	if (h > lines - 2)
		h = lines - 2;
	int y = (lines - h) / 2, x = (cols - w) / 2;
	int attr = ui_crt_attr(CRT_MESSAGE);
	for (int i = 0; i < h; i++)
		ui_crt_fill(y + i, x, w, attr);
	ui_crt_put(y, x + 2, w - 4, attr | A_BOLD, "The lab notebook");
	for (size_t i = 0; i < t.n && (int)i < h - 3; i++)
		ui_crt_put(y + 1 + (int)i, x + 2, w - 4, attr, t.v[i].text);
	ui_crt_putf(y + h - 1, x + 2, w - 4, attr, "(%s closes this)", keys_row(ACT_NOTICE_CLOSE)->label);
	textwrap_free(&t);
}
