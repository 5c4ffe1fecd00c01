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

void ui_confirm_draw(const struct lab *lab, int lines, int cols)
{
	const struct lesson *l = &lab->course.lessons[lab->ask_lesson];
	char argv[1024], dir[512], id[128], para[2048];
	int w = cols - 4 < BOX_MAX ? cols - 4 : BOX_MAX, x = (cols - w) / 2;
	struct tw_lines t = {0};
	trust_argv_text(&l->workload, argv, sizeof argv);
	sanitize_copy(dir, sizeof dir, lab->course.dir, -1);
	sanitize_copy(id, sizeof id, l->id, -1);
	snprintf(para, sizeof para, "Lesson %s comes from %s, not from the course installed "
	         "with iolab. It runs this program, with your rights:", id, dir);
	add_para(&t, para, w - 4);
	size_t argv_first = t.n;
	add_para(&t, argv, w - 8);
	size_t argv_end = t.n - 1;
	int file = 0;
	for (size_t i = 0; i < l->workload.command_len; i++)
		file = file || strstr(l->workload.command[i], "{file}");
	add_para(&t, file ? "{file} is the data file, in the scratch directory. Run it only if "
	                    "you trust whoever wrote this lesson."
	                  : "Run it only if you trust whoever wrote this lesson.", w - 4);
	snprintf(para, sizeof para, "%s runs it (and is not asked again this session), %s does "
	         "not.", keys_row(ACT_CONFIRM_YES)->bar_keys, keys_row(ACT_CONFIRM_NO)->bar_keys);
	textwrap_wrap(para, w - 4, &t);
	int h = (int)t.n + 3;             /* title, a blank line, the text, a last line */
	int y = (lines - h) / 2;
	if (y < 1)
		y = 1;
	crt_fill(y, x, w, crt_attr(CRT_BAR));
	crt_put(y, x + 2, w - 4, crt_attr(CRT_BAR) | A_BOLD, "Run this lesson's program?");
	crt_fill(y + 1, x, w, crt_attr(CRT_NORMAL));
	for (size_t i = 0; i < t.n && y + 2 + (int)i < lines - 2; i++) {
		int row = y + 2 + (int)i, argv_line = i >= argv_first && i < argv_end;
		crt_fill(row, x, w, crt_attr(CRT_NORMAL));
		crt_put(row, x + (argv_line ? 6 : 2), w - (argv_line ? 8 : 4),
		        crt_attr(argv_line ? CRT_CODE : CRT_NORMAL), t.v[i].text);
	}
	if (y + 2 + (int)t.n < lines - 1)
		crt_fill(y + 2 + (int)t.n, x, w, crt_attr(CRT_BAR));
	textwrap_free(&t);
}
