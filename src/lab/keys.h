/* keys.h - every key of the lab, declared once.
 *
 * One row per action: the key codes that trigger it, the label that names
 * them, the line that says what it does, the screens it works on, and its
 * place in the key bar.  Three things read the rows and nothing else
 * decides about keys: the key handler (ui_main.c asks keys_find() what a
 * key means on the screen that is up, then does that action), the help
 * screen (ui_help.c lists every row) and the key bars (ui_frame.c's footer
 * and help's title line, both from keys_bar()).  The README's keys table
 * is the same rows, and tests/check_keys.c fails when it drifts.
 *
 * Why in libiolab.a and not in a ui_ file: a table decides, it does not
 * draw, and the library is where Check tests can prove that no key means
 * two things on one screen.  So it does not include curses: the few
 * special keys are defined below with ncurses's values, which ui_main.c
 * checks against <curses.h> when it is compiled.
 */
#ifndef IOLAB_KEYS_H
#define IOLAB_KEYS_H

#include <stddef.h>

/* Key codes as getch() returns them: a character is itself. */
#define KEYCODE_CTRL_L 12
#define KEYCODE_TAB '\t'
#define KEYCODE_ESC 27
#define KEYCODE_DOWN 0402         /* KEY_DOWN in ncurses's <curses.h> */
#define KEYCODE_UP 0403           /* KEY_UP */
#define KEYCODE_F1 (0410 + 1)     /* KEY_F(1) */
#define KEYCODE_NPAGE 0522        /* KEY_NPAGE: PgDn */
#define KEYCODE_PPAGE 0523        /* KEY_PPAGE: PgUp */
#define KEYCODE_ENTER 0527        /* KEY_ENTER (keypad); Return is '\r' or '\n' */
#define KEYCODE_BTAB 0541         /* KEY_BTAB: Shift-Tab */
#define KEYCODE_LEFT 0404         /* KEY_LEFT */
#define KEYCODE_RIGHT 0405        /* KEY_RIGHT */
#define KEYCODE_BACKSPACE 0407    /* KEY_BACKSPACE; terminals also send DEL (127) or ^H */
#define KEYCODE_DEL 127
#define KEYCODE_CTRL_H 8

/* Where a key is read: the screen that is up, and whether a run is under
 * way (lab_key_context() in lab.c says which, from the layout).  A row's
 * contexts are the screens it works on, plus KEYS_RUNNING when it works
 * only while a run is under way. */
enum keys_context {
	KEYS_LESSON = 1 << 0,     /* the lesson and its live panel (and, wide, the course) */
	KEYS_COURSE = 1 << 1,     /* the course list on its own screen (any width) */
	KEYS_HELP = 1 << 2,       /* the help screen */
	KEYS_TINY = 1 << 3,       /* below 80x24: only the notice asking for more */
	KEYS_RUNNING = 1 << 4,    /* a run is under way */
	KEYS_CHOOSER = 1 << 5,    /* the race's chooser of a second lesson */
	KEYS_CONFIRM = 1 << 6,    /* the question before a lesson pack's command runs */
	/* the lab notebook (issue 11) */
	KEYS_FORM = 1 << 7,       /* the experiment form: typed keys go into its fields */
	KEYS_PROMPT = 1 << 8,     /* the guess prompt: typed keys go into the guess */
	KEYS_HISTORY = 1 << 9,    /* the lesson's notebook: every run of it */
	KEYS_NOTICE = 1 << 10,    /* a notice of the notebook's, until a key closes it */
	KEYS_COMPARE = 1 << 11    /* the comparison: lessons as bars on one log axis */
};
#define KEYS_SCREENS (KEYS_LESSON | KEYS_COURSE | KEYS_HELP | KEYS_TINY | KEYS_CHOOSER | \
                      KEYS_CONFIRM | KEYS_FORM | KEYS_PROMPT | KEYS_HISTORY | KEYS_NOTICE | \
                      KEYS_COMPARE)
/* Screens where a key that no row binds is typed text, not a mistake. */
#define KEYS_TYPING (KEYS_FORM | KEYS_PROMPT)

/* What a key does.  The handler's switch on this is the only other place
 * an action is named; which key means which action is the table's. */
enum key_action {
	ACT_RUN,                  /* run the lesson on screen */
	ACT_ENTER,                /* run it; on the course screen, open it */
	ACT_STOP,                 /* stop the run */
	ACT_ESCAPE,               /* stop the run; on the course screen, go back */
	ACT_LESSON,               /* next (+1) / previous (-1) lesson */
	ACT_BLOCK,                /* double (+1) / halve (-1) the next run's block */
	ACT_CACHE,                /* warm / cold for the next run */
	ACT_WATCH,                /* the next run's watch time: 3 s, 10 s, 30 s, one pass */
	ACT_RACE,                 /* the race chooser (or the race under way) */
	ACT_PRESENT,              /* presentation mode on / off */
	ACT_TEXT,                 /* scroll the lesson text a page down / up */
	ACT_COURSE,               /* the course list on its own screen, and back */
	ACT_HELP,                 /* open help */
	ACT_HELP_CLOSE,
	ACT_HELP_LINE,            /* scroll help (or the lesson's notebook) a line down / up */
	ACT_HELP_PAGE,            /* scroll help (or the lesson's notebook) a page down / up */
	ACT_HELP_STOP,            /* stop the run from help; help stays */
	ACT_CHOOSE_MOVE,          /* the chooser: a line down / up */
	ACT_CHOOSE_PAGE,          /* the chooser: a page down / up */
	ACT_CHOOSE_PICK,          /* the chooser: race the lesson chosen */
	ACT_CHOOSE_CLOSE,         /* the chooser: close it */
	ACT_CONFIRM_YES,          /* run the lesson pack's command (asked first) */
	ACT_CONFIRM_NO,           /* do not */
	ACT_GUESS,                /* ask for a guess of the next run's rate */
	ACT_FORM,                 /* the experiment form of the lesson's workload */
	ACT_HISTORY,              /* the lesson's notebook: every run of it */
	ACT_EDIT_FIELD,           /* the form: next (+1) / previous (-1) field */
	ACT_EDIT_MOVE,            /* form, prompt: cursor right / left; a named value: the next name */
	ACT_EDIT_ERASE,           /* form, prompt: erase the character before the cursor */
	ACT_EDIT_DONE,            /* the form: run it; the prompt: keep the guess */
	ACT_EDIT_CLOSE,           /* form, prompt: close without running */
	ACT_HISTORY_CLOSE,        /* the notebook view: close it */
	ACT_COMPARE,              /* the comparison screen */
	ACT_COMPARE_VIEW,         /* the comparison: the next (+1) / previous (-1) group */
	ACT_COMPARE_CLOSE,        /* the comparison: close it */
	ACT_NOTICE_CLOSE,         /* a notice: close it */
	ACT_QUIT,
	ACT_REDRAW,
	ACTIONS
};

#define KEYS_CODES_MAX 5
/* The widest label: help's key column is one wider. */
#define KEYS_LABEL_MAX 15

struct key_row {
	enum key_action action;
	unsigned contexts;        /* enum keys_context bits */
	int keys[KEYS_CODES_MAX]; /* the codes that do it (direction +1); 0 ends */
	int back[KEYS_CODES_MAX]; /* paired actions: the codes that do it backwards (-1) */
	const char *label;        /* the keys as help and the README name them */
	const char *what;         /* what it does, in one line */
	/* the key bar: bar_keys NULL = not in it.  Rows appear in table order;
	 * optional ones are left out first when the line is short, narrow
	 * ones only where the course list is not beside the lesson: under
	 * LAYOUT_SIDE_LIST_COLS columns, or on the course screen. */
	const char *bar_keys, *bar_what;
	int bar_optional, bar_narrow;
	/* where help lists it: KEYS_GROUP_MAIN under "Keys", first;
	 * KEYS_GROUP_NOTEBOOK under "The lab notebook", after the numbers */
	int group;
};
enum { KEYS_GROUP_MAIN, KEYS_GROUP_NOTEBOOK };

/* Every row, in the order help, the README and the key bar list them. */
const struct key_row *keys_rows(size_t *n);
/* The row of an action. */
const struct key_row *keys_row(enum key_action action);
/* Does the row work in this context (screen bits | KEYS_RUNNING)? */
int keys_row_applies(const struct key_row *row, unsigned context);
/* What `code` does in `context`: its row, with *dir +1 (a key of keys[])
 * or -1 (of back[]); NULL when the key does nothing there. */
const struct key_row *keys_find(int code, unsigned context, int *dir);
/* A code's name as labels write it: "PgDn", "Esc", "Ctrl-L", "Space",
 * "Enter" (Return and the keypad's), a letter in lower case (both cases
 * are bound together), else the character. */
void keys_code_name(int code, char *buf, size_t len);

/* The key bar for a context in `width` columns (narrow: under
 * LAYOUT_SIDE_LIST_COLS; KEYS_COURSE counts as narrow at any width, the
 * list being on its own screen): up to max rows into out, in order; returns how
 * many.  Each takes keys_bar_width() columns after a one-column margin;
 * when they do not all fit the optional ones go first, then any that
 * still do not fit. */
size_t keys_bar(unsigned context, int width, int narrow,
                const struct key_row **out, size_t max);
/* "KEYS WHAT  ": the columns one bar entry takes. */
int keys_bar_width(const struct key_row *row);

#endif
