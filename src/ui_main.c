/* ui_main.c - the interactive lab: open everything that can fail before
 * the screen is taken, then one loop that samples the run, draws, and
 * handles a key.
 *
 * While a trial runs the loop wakes every FRAME_MS to sample it (never
 * waiting on the child) and redraw; idle, it sleeps in getch() until a key,
 * waking once a second only to notice a signal the guard recorded.
 */
#include "config.h"

#include <stdio.h>

#include "guard.h"
#include "ui.h"
#include "ui_crt.h"
#include "lab.h"
#include "ui_views.h"

#define FRAME_MS 66               /* ~15 redraws a second while running */
#define IDLE_MS 1000
#define KEY_ESC 27
#define KEY_CTRL_L 12
#define KEY_TAB '\t'

static void draw(struct lab *lab)
{
	struct layout l;
	layout_compute(&l, LINES, COLS, lab->course_screen);
	erase();
	if (l.too_small) {
		ui_frame_draw_too_small(LINES, COLS);
		refresh();
		return;
	}
	if (lab->help) {
		ui_help_draw(lab, LINES, COLS);
		refresh();
		return;
	}
	ui_frame_draw_header(lab, l.header);
	if (l.course.w)
		ui_course_draw(lab, l.course);
	if (l.side_list)
		ui_frame_draw_rule((struct rect){l.course.y, l.course.x + l.course.w, l.course.h, 1});
	if (l.text.w) {
		ui_lesson_draw(lab, l.text);
		ui_frame_draw_rule((struct rect){l.text.y, l.text.x + l.text.w, l.text.h, 1});
		ui_panel_draw(lab, l.panel);
	}
	ui_frame_draw_footer(lab, l.footer);
	refresh();
}

static void select_lesson(struct lab *lab, long delta)
{
	long i = (long)lab->cur + delta;
	if (i < 0 || i >= (long)lab->course.nlessons) {
		lab_message(lab, i < 0 ? "this is the first lesson" : "this is the last lesson");
		return;
	}
	lab_select(lab, (size_t)i);
}

/* Quitting stops a run first, telling the student why it may take a moment. */
static void quit(struct lab *lab)
{
	if (run_active(lab)) {
		lab_message(lab, "stopping the run...");
		draw(lab);
		run_abort(lab);
	}
	lab->quit = 1;
}

static void start_run(struct lab *lab)
{
	lab->course_screen = 0;
	lab_message(lab, "starting: preparing the data file...");
	draw(lab);                    /* trial_start may write the read file first */
	lab->message[0] = '\0';
	run_start(lab);
}

static int handle_help_key(struct lab *lab, int ch)
{
	switch (ch) {
	case KEY_NPAGE: case ' ': case KEY_DOWN: case 'j':
		ui_help_scroll(lab, ch == KEY_NPAGE || ch == ' ' ? LINES - 4 : 1);
		return 1;
	case KEY_PPAGE: case KEY_UP: case 'k':
		ui_help_scroll(lab, ch == KEY_PPAGE ? -(LINES - 4) : -1);
		return 1;
	case 'q': case 'Q':
		return 0;                 /* quits, as everywhere */
	case KEY_RESIZE:
		return 1;
	default:
		lab->help = 0;
		return 1;
	}
}

static void handle_key(struct lab *lab, int ch)
{
	if (ch != KEY_RESIZE && ch != ERR)
		lab->message[0] = '\0';
	if (lab->help && handle_help_key(lab, ch))
		return;
	switch (ch) {
	case KEY_UP: case 'k': case 'p': case KEY_BTAB:
		select_lesson(lab, -1);
		break;
	case KEY_DOWN: case 'j': case 'n':
		select_lesson(lab, +1);
		break;
	case '\r': case '\n': case KEY_ENTER:
		if (lab->course_screen)
			lab->course_screen = 0;       /* the list opens the lesson */
		else
			start_run(lab);
		break;
	case 'r': case 'R':
		start_run(lab);
		break;
	case 's': case 'S': case KEY_ESC:
		if (lab->course_screen && ch == KEY_ESC)
			lab->course_screen = 0;
		else
			run_stop(lab);
		break;
	case '+': case '=':
		run_adjust_block(lab, 1);
		break;
	case '-': case '_':
		run_adjust_block(lab, 0);
		break;
	case 'c': case 'C':
		run_toggle_cache(lab);
		break;
	case KEY_NPAGE: case ' ':
		ui_lesson_scroll(lab, 1);
		break;
	case KEY_PPAGE:
		ui_lesson_scroll(lab, -1);
		break;
	case KEY_TAB: case 'l':
		lab->course_screen = !lab->course_screen;
		if (COLS >= LAYOUT_SIDE_LIST_COLS)
			lab_message(lab, "the course is beside the lesson at this width");
		break;
	case '?': case 'h': case KEY_F(1):
		lab->help = 1;
		lab->help_top = 0;
		break;
	case 'q': case 'Q':
		quit(lab);
		break;
	case KEY_CTRL_L:
		clearok(curscr, TRUE);
		break;
	case KEY_RESIZE:
		ui_lesson_forget_layout();   /* re-wrapped at the new width when drawn */
		break;
	default:
		break;
	}
}

/* The loop; returns the exit status. */
static int lab_loop(struct lab *lab)
{
	while (!lab->quit) {
		int sig = guard_pending();
		if (sig) {
			run_abort(lab);       /* the guard has killed the child: reap it */
			return guard_exit_status(sig);
		}
		int running = run_poll(lab);
		draw(lab);
		timeout(running ? FRAME_MS : IDLE_MS);
		int ch = getch();
		if (ch != ERR)
			handle_key(lab, ch);
	}
	return EXIT_RAN;
}

int ui_main(const struct options *o)
{
	crt_locale();                 /* before any text is measured */
	struct lab lab;
	int rc = lab_open(&lab, o);
	if (rc != 0) {
		lab_close(&lab);
		return rc;
	}
	if (crt_init(o->no_color) != 0) {
		fputs("iolab: cannot use this terminal (check TERM)\n", stderr);
		lab_close(&lab);
		return EXIT_ENVIRONMENT;
	}
	guard_set_terminal_restore(crt_restore);
	rc = lab_loop(&lab);
	crt_restore();
	guard_set_terminal_restore(NULL);
	lab_close(&lab);
	ui_lesson_forget_layout();
	return rc;
}
