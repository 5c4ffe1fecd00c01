/* ui_main.c - the interactive lab: open everything that can fail before
 * the screen is taken, then one loop that samples the run, draws, and
 * handles a key: keys_find() says what the key means on the screen that
 * is up (the table in keys.c), do_action() does it.
 *
 * While a trial runs the loop wakes every POLL_MS to sample it (never
 * waiting on the child), so that a watched run's next trial starts soon
 * after one ends, and redraws every FRAME_MS (and after a key); idle, it
 * sleeps in getch() until a key, waking once a second only to notice a
 * signal the guard recorded.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "guard.h"
#include "keys.h"
#include "lab.h"
#include "measure.h"
#include "ui.h"
#include "ui_crt.h"
#include "ui_views.h"

#define FRAME_MS 66               /* ~15 redraws a second while running */
#define POLL_MS 10                /* how soon a finished trial is noticed */
#define IDLE_MS 1000

/* The screens that take the place of the lesson's text and panel: the
 * guess prompt, the experiment form, the lesson's notebook, the chooser. */
static int draw_instead(struct lab *lab, const struct layout *l)
{
	struct rect r = l->instead;
	if (!r.w)
		return 0;
	if (lab->prompt.open)
		ui_prompt_draw(lab, r);
	else if (lab->form.open)
		ui_form_draw(lab, r);
	else if (lab->history.open)
		ui_history_draw(lab, r);
	else if (lab->race.choosing)
		ui_race_draw_chooser(lab, r);
	else
		return 0;
	return 1;
}

static int modal_open(const struct lab *lab)
{
	return lab->prompt.open || lab->form.open || lab->history.open;
}

/* The screen on show, laid out as l says; draw() refreshes once. */
static void draw_screen(struct lab *lab, const struct layout *l)
{
	unsigned context = lab_key_context(lab, LINES, COLS);
	erase();
	/* presentation mode draws nothing dim (help and the chooser included:
	 * they are what the room sees meanwhile) */
	ui_crt.no_dim = lab->present;
	if (l->too_small) {
		ui_frame_draw_too_small(LINES, COLS, context);
		return;
	}
	if (lab->help) {
		ui_help_draw(lab, LINES, COLS, context);
		return;
	}
	if (lab->compare.open) {
		ui_compare_draw(lab, LINES, COLS, context);
		return;
	}
	if (lab->present && !lab->race.choosing && !modal_open(lab)) {
		ui_present_draw(lab, LINES, COLS, context);
		return;
	}
	if (lab->race.shown && !lab->race.choosing && !modal_open(lab)) {
		ui_race_draw(lab, LINES, COLS);
		ui_frame_draw_footer(l->footer, context);
		return;
	}
	ui_frame_draw_header(lab, l->header);
	if (l->course.w)
		ui_course_draw(lab, l->course);
	if (l->side_list && !l->course_only)
		ui_frame_draw_rule((struct rect){l->course.y, l->course.x + l->course.w, l->course.h, 1});
	if (draw_instead(lab, l)) {
		;
	} else if (l->text.w) {
		ui_lesson_draw(lab, l->text);
		ui_frame_draw_rule((struct rect){l->text.y, l->text.x + l->text.w, l->text.h, 1});
		ui_panel_draw(lab, l->panel);
	}
	if (lab->asking)
		ui_confirm_draw(lab, LINES, COLS);
	ui_frame_draw_footer(l->footer, context);
}

/* IOLAB_FRAME_MARKS: each frame numbered at the screen's corners (for
 * tests that capture the screen; ui_frame_draw_marks). */
static int frame_marks;
static unsigned long frame_serial;

/* The screen, and over it a notice of the notebook's until a key closes it. */
static void draw(struct lab *lab)
{
	struct layout l;
	layout_compute(&l, LINES, COLS, lab->course_screen);   /* once a frame */
	draw_screen(lab, &l);
	/* the question about a command comes first (lab_key_context) */
	if (lab->notice[0] && !l.too_small && !lab->asking)
		ui_notice_draw(lab, LINES, COLS);
	if (frame_marks)
		ui_frame_draw_marks(LINES, frame_serial++);
	refresh();                /* one update of the terminal a frame */
}

static void select_lesson(struct lab *lab, long delta)
{
	long i = (long)lab->cur + delta;
	if (i < 0 || i >= (long)lab->course.nlessons) {
		lab_message(lab, i < 0 ? "this is the first lesson" : "this is the last lesson");
		return;
	}
	lab_select(lab, (size_t)i);
	lab->race.shown = 0;          /* a race under way goes on: v shows it again */
}

/* Quitting stops a run first, telling the student why it may take a moment. */
static void quit(struct lab *lab)
{
	if (lab_run_active(lab)) {
		lab_message(lab, "stopping the run...");
		draw(lab);
		lab_run_abort(lab);
	}
	lab->quit = 1;
}

static void start_run(struct lab *lab)
{
	lab->course_screen = 0;
	lab_message(lab, "starting: preparing the data file...");
	draw(lab);                    /* trial_start may write the read file first */
	lab->message[0] = '\0';
	lab_run_start(lab);
}

/* keys.h names the special keys without curses: they must be the codes
 * getch() returns. */
_Static_assert(KEYCODE_DOWN == KEY_DOWN && KEYCODE_UP == KEY_UP
               && KEYCODE_NPAGE == KEY_NPAGE && KEYCODE_PPAGE == KEY_PPAGE
               && KEYCODE_ENTER == KEY_ENTER && KEYCODE_BTAB == KEY_BTAB
               && KEYCODE_F1 == KEY_F(1) && KEYCODE_LEFT == KEY_LEFT
               && KEYCODE_RIGHT == KEY_RIGHT && KEYCODE_BACKSPACE == KEY_BACKSPACE,
               "keys.h's codes are not curses's");

/* In help a key that does nothing there says what does. */
static void help_hint(struct lab *lab)
{
	lab_message(lab, "%s closes help, %s quits the lab", keys_row(ACT_HELP_CLOSE)->label,
	            keys_row(ACT_QUIT)->label);
}

static void stop_from_help(struct lab *lab)
{
	lab_run_stop(lab);
	lab_message(lab, "stopping the run: %s closes help to show its result",
	            keys_row(ACT_HELP_CLOSE)->bar_keys);
}

/* The whole course screen, at any width (beside the lesson, wide, the
 * list has no room for whole titles). */
static void toggle_course(struct lab *lab)
{
	lab->present = 0;             /* the course list is no figure for the back row */
	lab->race.shown = 0;
	lab->course_screen = !lab->course_screen;
}

/* Esc: stops a run; with none, a finished race's results give way to the
 * lesson. */
static void escape(struct lab *lab)
{
	if (!lab_run_active(lab) && lab->race.shown) {
		lab->race.shown = 0;
		return;
	}
	lab_run_stop(lab);
}

static void toggle_present(struct lab *lab)
{
	lab->present = !lab->present;
	lab->course_screen = 0;
	lab_message(lab, lab->present ? "presentation mode: every key still works; f leaves it"
	                              : "presentation mode off");
}

/* Enter in the form: the experiment becomes the next run, and runs. */
static void form_done(struct lab *lab)
{
	if (lab_form_done(lab) == 0)
		start_run(lab);
}

/* The form's and the prompt's keys act on whichever is open. */
static void edit_action(struct lab *lab, enum key_action a, int dir)
{
	struct guess_prompt *g = &lab->prompt;
	switch (a) {
	case ACT_EDIT_MOVE:
		if (g->open)
			form_edit_move(&g->line, dir);
		else
			form_move(&lab->form, dir);
		break;
	case ACT_EDIT_ERASE:
		if (g->open)
			form_edit_erase(&g->line);
		else
			form_erase(&lab->form);
		break;
	case ACT_EDIT_DONE:
		if (g->open)
			lab_guess_done(lab);
		else
			form_done(lab);
		break;
	case ACT_EDIT_CLOSE:
		if (g->open)
			lab_guess_close(lab);
		else
			lab_form_close(lab);
		break;
	default:
		break;
	}
}

static void race_from_chooser(struct lab *lab)
{
	lab_message(lab, "starting the race: preparing the data files...");
	draw(lab);                    /* trial_start may write a read file first */
	lab->message[0] = '\0';
	lab_race_pick(lab);
}

/* One action of the key table; `context` is where the key was read. */
static void do_action(struct lab *lab, enum key_action a, int dir, unsigned context)
{
	switch (a) {
	case ACT_RUN: start_run(lab); break;
	case ACT_ENTER:
		if (context & KEYS_COURSE)
			lab->course_screen = 0;       /* the list opens the lesson */
		else
			start_run(lab);
		break;
	case ACT_STOP: lab_run_stop(lab); break;
	case ACT_ESCAPE:
		if (context & KEYS_COURSE)
			lab->course_screen = 0;
		else
			escape(lab);
		break;
	case ACT_LESSON: select_lesson(lab, dir); break;
	case ACT_BLOCK: lab_run_adjust_block(lab, dir > 0); break;
	case ACT_CACHE: lab_run_toggle_cache(lab); break;
	case ACT_WATCH: lab_run_cycle_watch(lab); break;
	case ACT_RACE: lab_race_open(lab); break;
	case ACT_PRESENT: toggle_present(lab); break;
	case ACT_CHOOSE_MOVE: lab_race_chooser_move(lab, dir); break;
	case ACT_CHOOSE_PAGE: lab_race_chooser_move(lab, dir * (lab->race.page > 1 ? lab->race.page - 1 : 1)); break;
	case ACT_CHOOSE_PICK: race_from_chooser(lab); break;
	case ACT_CHOOSE_CLOSE: lab_race_chooser_close(lab); break;
	case ACT_TEXT: ui_lesson_scroll(lab, dir); break;
	case ACT_COURSE: toggle_course(lab); break;
	case ACT_HELP:
		lab->help = 1;
		lab->help_top = 0;
		break;
	case ACT_HELP_CLOSE: lab->help = 0; break;
	case ACT_HELP_LINE:
		if (context & KEYS_CONFIRM)
			lab_ask_scroll(lab, dir);
		else if (context & KEYS_COMPARE)
			lab_compare_scroll(lab, dir);
		else if (context & KEYS_HISTORY)
			lab_history_scroll(lab, dir);
		else
			ui_help_scroll(lab, dir);
		break;
	case ACT_HELP_PAGE:
		if (context & KEYS_CONFIRM)
			lab_ask_scroll(lab, dir * (lab->ask_page > 1 ? lab->ask_page - 1 : 1));
		else if (context & KEYS_COMPARE)
			lab_compare_scroll(lab, dir * lab->compare.page);
		else if (context & KEYS_HISTORY)
			lab_history_scroll(lab, dir * (lab->history.page > 1 ? lab->history.page - 1 : 1));
		else
			ui_help_scroll(lab, dir * (LINES - 4));
		break;
	case ACT_HELP_STOP: stop_from_help(lab); break;
	case ACT_GUESS: lab_guess_open(lab); break;
	case ACT_FORM: lab_form_open(lab, NULL, STORE_FROM_EXPERIMENT); break;
	case ACT_HISTORY: lab_history_open(lab); break;
	case ACT_EDIT_FIELD: form_field_step(&lab->form, dir); break;
	case ACT_EDIT_MOVE:
	case ACT_EDIT_ERASE:
	case ACT_EDIT_DONE:
	case ACT_EDIT_CLOSE: edit_action(lab, a, dir); break;
	case ACT_HISTORY_CLOSE: lab_history_close(lab); break;
	case ACT_COMPARE: lab_compare_open(lab); break;
	case ACT_COMPARE_VIEW: lab_compare_cycle(lab, dir); break;
	case ACT_COMPARE_CLOSE: lab_compare_close(lab); break;
	case ACT_NOTICE_CLOSE: lab->notice[0] = '\0'; break;
	case ACT_CONFIRM_YES:
		if (lab_answer_commands(lab, 1))
			start_run(lab);
		break;
	case ACT_CONFIRM_NO: lab_answer_commands(lab, 0); break;
	case ACT_QUIT: quit(lab); break;
	case ACT_REDRAW: clearok(curscr, TRUE); break;
	case ACTIONS: break;
	}
}

static void handle_key(struct lab *lab, int ch)
{
	if (ch == KEY_RESIZE) {
		ui_lesson_forget_layout();   /* re-wrapped at the new width when drawn */
		return;
	}
	lab->message[0] = '\0';
	unsigned context = lab_key_context(lab, LINES, COLS);
	int dir;
	const struct key_row *k = keys_find(ch, context, &dir);
	if (k)
		do_action(lab, k->action, dir, context);
	else if (context & KEYS_NOTICE)
		lab->notice[0] = '\0';           /* any key closes a notice */
	else if (context & KEYS_PROMPT)
		form_edit_insert(&lab->prompt.line, ch);
	else if (context & KEYS_FORM)
		form_insert(&lab->form, ch);
	else if (context & KEYS_HELP)
		help_hint(lab);
}

/* The loop; returns the exit status. */
static int lab_loop(struct lab *lab)
{
	double drawn = 0;             /* when the screen was last drawn */
	int stale = 1;                /* a key (or being idle) calls for a draw now */
	while (!lab->quit) {
		int sig = guard_pending();
		if (sig) {
			/* the guard has killed the child: reap it, and file the run */
			lab_run_abort(lab);
			return guard_exit_status(sig);
		}
		int running = lab_run_poll(lab);
		/* a calibration under way measures one cost a turn, between
		 * frames, and only while no run is */
		running |= lab_model_poll(lab);
		double now = measure_now();
		if (stale || !running || now - drawn >= FRAME_MS / 1000.0) {
			draw(lab);
			drawn = now;
		}
		timeout(running ? POLL_MS : IDLE_MS);
		int ch = getch();
		stale = ch != ERR;
		if (ch != ERR)
			handle_key(lab, ch);
	}
	return EXIT_RAN;
}

int ui_main(const struct options *o)
{
	if (o->dump_layout_cols) {
		if (layout_dump(stdout, o->dump_layout_lines, o->dump_layout_cols) == 0)
			return EXIT_RAN;
		fprintf(stderr, "iolab: --dump-layout %dx%d: the lab needs at least %dx%d\n",
		        o->dump_layout_cols, o->dump_layout_lines, LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
		return EXIT_USAGE;
	}
	ui_crt_locale();                 /* before any text is measured */
	const char *marks = getenv("IOLAB_FRAME_MARKS");
	frame_marks = marks && *marks;
	struct lab lab;
	int rc = lab_open(&lab, o);
	if (rc != 0) {
		lab_close(&lab);
		return rc;
	}
	if (ui_crt_init(o->no_color) != 0) {
		const char *term = getenv("TERM");
		fprintf(stderr, "iolab: TERM=%s has no usable terminfo entry here, so the lab cannot\n"
		        "draw on this terminal; set TERM to one that has (e.g. TERM=xterm-256color),\n"
		        "or use 'iolab --batch' to run lessons headless.\n", term ? term : "");
		lab_close(&lab);
		return EXIT_ENVIRONMENT;
	}
	guard_set_terminal_restore(ui_crt_restore);
	if (o->have_experiment)              /* --run SPEC, --command -- PROG: the form, filled */
		lab_form_open(&lab, &o->experiment,
		              o->command_given ? STORE_FROM_PROGRAM : STORE_FROM_EXPERIMENT);
	if (lab.race_at_start >= 0) {        /* --race A,B */
		lab_message(&lab, "starting the race: preparing the data files...");
		draw(&lab);
		lab.message[0] = '\0';
		lab_race_start(&lab, (size_t)lab.race_at_start);
	}
	rc = lab_loop(&lab);
	ui_crt_restore();
	guard_set_terminal_restore(NULL);
	lab_close(&lab);
	ui_lesson_forget_layout();
	return rc;
}
