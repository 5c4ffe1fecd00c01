/* ui_confirm.c - the question before a lesson pack's program runs.
 *
 * Drawn over the screen while lab->asking: lab.c decides when to ask and
 * keeps the answer, keys.c binds y and n (the footer shows them), trust.h
 * writes the argv.  The student is shown the lesson, where it came from
 * and the exact words the program is run with, so that a yes is to what
 * will run, not to a title.  All of it is untrusted text: made harmless
 * (sanitize.h) before it is drawn.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "sanitize.h"
#include "textwrap.h"
#include "trust.h"
#include "ui_crt.h"
#include "ui_views.h"

#define BOX_MAX 88                /* columns of the box on a wide terminal */

static void add_para(struct tw_lines *t, const char *text, int width)
{
	textwrap_wrap(text, width, t);
	textwrap_add_line(t, "", 0);
}

static void put_rows(const struct tw_lines *t, size_t from, size_t n, int y, int x, int w,
                     int indent, int attr)
{
	for (size_t i = 0; i < n && from + i < t->n; i++) {
		ui_crt_fill(y + (int)i, x, w, ui_crt_attr(CRT_NORMAL));
		ui_crt_put(y + (int)i, x + indent, w - indent - 2, attr, t->v[from + i].text);
	}
}

/* The program's words never cut: over as many rows as they need, in a
 * window the student scrolls; the lab counts a yes only once the window
 * has shown the last row (lab->ask_seen_end). */
void ui_confirm_draw(struct lab *lab, int lines, int cols)
{
	const struct lesson *l = &lab->course.lessons[lab->ask_lesson];
	char dir[512], id[128], para[2048];
	int w = cols - 4 < BOX_MAX ? cols - 4 : BOX_MAX, x = (cols - w) / 2;
	struct tw_lines head = {0}, words = {0}, tail = {0};
	char *argv = trust_argv_dup(&l->workload);
	sanitize_copy(dir, sizeof dir, lab->course.dir, -1);
	sanitize_copy(id, sizeof id, l->id, -1);
	snprintf(para, sizeof para, "Lesson %s comes from %s, not from the course installed "
	         "with iolab. It runs this program, with your rights:", id, dir);
	add_para(&head, para, w - 4);
	if (textwrap_code(argv ? argv : "(out of memory: its words cannot be shown)", w - 8,
	                  &words) < 0 || !argv)
		lab->ask_seen_end = 0;
	int file = 0;
	for (size_t i = 0; i < l->workload.command_len; i++)
		file = file || strstr(l->workload.command[i], "{file}");
	textwrap_add_line(&tail, "", 0);
	add_para(&tail, file ? "{file} is the data file, in the scratch directory. Run it only if "
	                       "you trust whoever wrote this lesson."
	                     : "Run it only if you trust whoever wrote this lesson.", w - 4);
	/* the rows the words get: what the box leaves them, 3 at least */
	int avail = lines - 6, page = avail - (int)head.n - (int)tail.n - 1;
	if (page < 3)
		page = 3;
	if ((size_t)page >= words.n)
		page = (int)words.n;
	int scroll = words.n > (size_t)page;
	lab->ask_page = page;
	lab->ask_top = textwrap_clamp_top(lab->ask_top, words.n, (size_t)page);
	if (scroll)
		snprintf(para, sizeof para, "Rows %zu-%zu of the %zu its words take: %s scroll. %s "
		         "runs it once the last row was shown, %s does not.",
		         lab->ask_top + 1, lab->ask_top + (size_t)page, words.n,
		         keys_row(ACT_HELP_PAGE)->bar_keys, keys_row(ACT_CONFIRM_YES)->bar_keys,
		         keys_row(ACT_CONFIRM_NO)->bar_keys);
	else
		snprintf(para, sizeof para, "%s runs it (and is not asked again this session), %s "
		         "does not.", keys_row(ACT_CONFIRM_YES)->bar_keys,
		         keys_row(ACT_CONFIRM_NO)->bar_keys);
	textwrap_wrap(para, w - 4, &tail);
	if (argv && lab->ask_top + (size_t)page >= words.n)
		lab->ask_seen_end = 1;
	int h = (int)(head.n + (size_t)page + tail.n) + 3;
	int y = (lines - h) / 2;
	if (y < 1)
		y = 1;
	ui_crt_fill(y, x, w, ui_crt_attr(CRT_BAR));
	ui_crt_put(y, x + 2, w - 4, ui_crt_attr(CRT_BAR) | A_BOLD, "Run this lesson's program?");
	ui_crt_fill(y + 1, x, w, ui_crt_attr(CRT_NORMAL));
	int row = y + 2;
	put_rows(&head, 0, head.n, row, x, w, 2, ui_crt_attr(CRT_NORMAL));
	row += (int)head.n;
	put_rows(&words, lab->ask_top, (size_t)page, row, x, w, 6, ui_crt_attr(CRT_CODE));
	row += page;
	int room = lines - 2 - row;
	put_rows(&tail, 0, room > 0 ? (size_t)room : 0, row, x, w, 2, ui_crt_attr(CRT_NORMAL));
	row += (int)tail.n;
	if (row < lines - 1)
		ui_crt_fill(row, x, w, ui_crt_attr(CRT_BAR));
	free(argv);
	textwrap_free(&head);
	textwrap_free(&words);
	textwrap_free(&tail);
}
