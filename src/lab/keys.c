/* keys.c - the key table: which key does what, where, and how help, the
 * key bar and the README name it.
 *
 * The one place a key is bound (see keys.h for who reads it and why it is
 * in the library).  To add a key: add its code to a row, or a row and an
 * action; help, the key bar and the handler follow, and tests/check_keys.c
 * asks for the README line.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "keys.h"

#define MAIN (KEYS_LESSON | KEYS_COURSE)
/* q and Ctrl-L: every screen but those where keys are typed (and a
 * notice, which any key closes) */
#define EVERYWHERE (KEYS_LESSON | KEYS_COURSE | KEYS_HELP | KEYS_TINY | KEYS_CHOOSER | \
                    KEYS_CONFIRM | KEYS_HISTORY | KEYS_COMPARE)

static const struct key_row rows[] = {
	{ACT_RUN, MAIN, {'r', 'R'}, {0}, "r",
	 "run the lesson (a sweep runs every point in turn)", "r", "run", 0, 0, KEYS_GROUP_MAIN},
	{ACT_ENTER, MAIN, {'\r', '\n', KEYCODE_ENTER}, {0}, "Enter",
	 "run the lesson; on the course screen, open it", NULL, NULL, 0, 0, KEYS_GROUP_MAIN},
	{ACT_STOP, MAIN, {'s', 'S'}, {0}, "s",
	 "stop the run: the result is what was done so far", "s", "stop", 0, 0, KEYS_GROUP_MAIN},
	{ACT_ESCAPE, MAIN, {KEYCODE_ESC}, {0}, "Esc",
	 "stop the run; on the course screen or a finished race, back to the lesson", NULL, NULL, 0, 0,
	 KEYS_GROUP_MAIN},
	{ACT_LESSON, MAIN, {'n', 'j', KEYCODE_DOWN}, {'p', 'k', KEYCODE_UP, KEYCODE_BTAB},
	 "n/p j/k Down/Up", "next / previous lesson (S-Tab: previous too)", "n/p", "lesson", 0, 0,
	 KEYS_GROUP_MAIN},
	{ACT_BLOCK, MAIN, {'+', '='}, {'-', '_'}, "+/-",
	 "double / halve the block size for the next run (= and _ too)", "+/-", "block", 0, 0,
	 KEYS_GROUP_MAIN},
	{ACT_CACHE, MAIN, {'c', 'C'}, {0}, "c",
	 "toggle a warm / cold page cache for the next run (cold evicts the file first)",
	 "c", "cache", 0, 0, KEYS_GROUP_MAIN},
	{ACT_WATCH, MAIN, {'w', 'W'}, {0}, "w",
	 "how long the next run lasts: 3 s, 10 s, 30 s of trials back to back, or one pass",
	 "w", "watch", 1, 0, KEYS_GROUP_MAIN},
	{ACT_RACE, MAIN, {'v', 'V'}, {0}, "v",
	 "race the lesson against another at once, side by side (a race under way: show it)",
	 "v", "race", 1, 0, KEYS_GROUP_MAIN},
	{ACT_PRESENT, MAIN | KEYS_COMPARE, {'f', 'F'}, {0}, "f",
	 "presentation mode: only the big figures, for a projector (f again: back)",
	 "f", "present", 1, 0, KEYS_GROUP_MAIN},
	{ACT_COMPARE, MAIN, {'m', 'M'}, {0}, "m",
	 "compare lessons: bars on one log axis, this machine's latest rate beside the "
	 "reference machines', in the lecture's groups", NULL, NULL, 0, 0, KEYS_GROUP_MAIN},
	{ACT_TEXT, KEYS_LESSON, {KEYCODE_NPAGE, ' '}, {KEYCODE_PPAGE}, "PgDn/PgUp",
	 "scroll the lesson text (Space: down)", "PgDn", "text", 1, 0, KEYS_GROUP_MAIN},
	{ACT_COURSE, MAIN, {KEYCODE_TAB, 'l'}, {0}, "Tab l",
	 "the course list on its own screen, with every id and whole title, and back",
	 "Tab", "course", 0, 1, KEYS_GROUP_MAIN},
	{ACT_HELP, MAIN | KEYS_COMPARE, {'?', 'h', KEYCODE_F1}, {0}, "? h F1",
	 "this help: every key, and what each number means", "?", "help", 0, 0, KEYS_GROUP_MAIN},
	{ACT_HELP_CLOSE, KEYS_HELP, {KEYCODE_ESC, '?', 'h', KEYCODE_F1}, {0}, "Esc ? h F1",
	 "in help: close it", "Esc", "close", 0, 0, KEYS_GROUP_MAIN},
	{ACT_HELP_LINE, KEYS_HELP | KEYS_HISTORY | KEYS_COMPARE | KEYS_CONFIRM, {KEYCODE_DOWN, 'j'},
	 {KEYCODE_UP, 'k'}, "Down/Up j/k", "in help, notebook, comparison, a program's words: "
	 "scroll a line", NULL, NULL,
	 0, 0, KEYS_GROUP_MAIN},
	{ACT_HELP_PAGE, KEYS_HELP | KEYS_HISTORY | KEYS_COMPARE | KEYS_CONFIRM, {KEYCODE_NPAGE, ' '},
	 {KEYCODE_PPAGE}, "PgDn/PgUp", "in help, notebook, comparison, a program's words: "
	 "scroll a page (Space: down)",
	 "PgDn/PgUp", "scroll", 0, 0, KEYS_GROUP_MAIN},
	{ACT_HELP_STOP, KEYS_HELP | KEYS_RUNNING, {'s', 'S'}, {0}, "s",
	 "in help, while a run is under way: stop it (help stays open)", "s", "stop", 0, 0,
	 KEYS_GROUP_MAIN},
	{ACT_CHOOSE_MOVE, KEYS_CHOOSER, {KEYCODE_DOWN, 'j'}, {KEYCODE_UP, 'k'}, "Down/Up j/k",
	 "in the race chooser: move a line", NULL, NULL, 0, 0, KEYS_GROUP_MAIN},
	{ACT_CHOOSE_PAGE, KEYS_CHOOSER, {KEYCODE_NPAGE, ' '}, {KEYCODE_PPAGE}, "PgDn/PgUp",
	 "in the race chooser: move a page (Space: down)", NULL, NULL, 0, 0, KEYS_GROUP_MAIN},
	{ACT_CHOOSE_PICK, KEYS_CHOOSER, {'\r', '\n', KEYCODE_ENTER}, {0}, "Enter",
	 "in the race chooser: race the lesson chosen", "Enter", "race", 0, 0, KEYS_GROUP_MAIN},
	{ACT_CHOOSE_CLOSE, KEYS_CHOOSER, {KEYCODE_ESC, 'v', 'V'}, {0}, "Esc v",
	 "in the race chooser: close it, no race", "Esc", "close", 0, 0, KEYS_GROUP_MAIN},
	{ACT_COMPARE_VIEW, KEYS_COMPARE, {KEYCODE_TAB, KEYCODE_RIGHT}, {KEYCODE_BTAB, KEYCODE_LEFT},
	 "Tab S-Tab", "in the comparison: the next / previous group (the lessons chosen, then the "
	 "lecture's: writes, sequential reads, strided reads, byte at a time and in 4096-byte blocks; "
	 "Right/Left too)", "Tab", "group", 0, 0, KEYS_GROUP_MAIN},
	{ACT_COMPARE_CLOSE, KEYS_COMPARE, {KEYCODE_ESC, 'm', 'M'}, {0}, "Esc m",
	 "in the comparison: close it", "Esc", "close", 0, 0, KEYS_GROUP_MAIN},
	{ACT_CONFIRM_YES, KEYS_CONFIRM, {'y', 'Y'}, {0}, "y",
	 "asked before a lesson pack's program runs: run it (asked once a session)",
	 "y", "run it", 0, 0, KEYS_GROUP_MAIN},
	{ACT_CONFIRM_NO, KEYS_CONFIRM, {'n', 'N', KEYCODE_ESC}, {0}, "n Esc",
	 "asked before a lesson pack's program runs: do not run it", "n", "do not", 0, 0,
	 KEYS_GROUP_MAIN},
	{ACT_GUESS, MAIN, {'g', 'G'}, {0}, "g",
	 "guess the next run's rate first (3MB/s, 500k, ln 15.1); the miss is scored",
	 NULL, NULL, 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_FORM, MAIN, {'e', 'E'}, {0}, "e",
	 "the experiment bench: every knob of the lesson's workload in a form (api command: "
	 "its argv too)",
	 NULL, NULL, 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_HISTORY, MAIN, {'b', 'B'}, {0}, "b",
	 "the lesson's notebook: every run of it, with its guess and what changed",
	 NULL, NULL, 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_EDIT_FIELD, KEYS_FORM, {KEYCODE_TAB, KEYCODE_DOWN}, {KEYCODE_BTAB, KEYCODE_UP},
	 "Tab S-Tab", "in the form: the next / previous field (Down/Up too)",
	 "Tab", "field", 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_EDIT_MOVE, KEYS_FORM | KEYS_PROMPT, {KEYCODE_RIGHT}, {KEYCODE_LEFT}, "Left/Right",
	 "in the form or the guess: move in the value (a named value: the next name)",
	 "Left/Right", "value", 1, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_EDIT_ERASE, KEYS_FORM | KEYS_PROMPT, {KEYCODE_BACKSPACE, KEYCODE_DEL, KEYCODE_CTRL_H}, {0},
	 "Backspace", "in the form or the guess: erase the character before the cursor (Del, Ctrl-H)",
	 NULL, NULL, 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_EDIT_DONE, KEYS_FORM | KEYS_PROMPT, {'\r', '\n', KEYCODE_ENTER}, {0}, "Enter",
	 "in the form: check every value and run the experiment; in the guess: keep it",
	 "Enter", "done", 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_EDIT_CLOSE, KEYS_FORM | KEYS_PROMPT, {KEYCODE_ESC}, {0}, "Esc",
	 "in the form or the guess: close it, nothing run or kept", "Esc", "close", 0, 0,
	 KEYS_GROUP_NOTEBOOK},
	{ACT_HISTORY_CLOSE, KEYS_HISTORY, {KEYCODE_ESC, 'b', 'B'}, {0}, "Esc b",
	 "in the lesson's notebook: close it", "Esc", "close", 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_NOTICE_CLOSE, KEYS_NOTICE, {KEYCODE_ESC, '\r', '\n', KEYCODE_ENTER, ' '}, {0},
	 "Esc Enter Space", "close a notice of the notebook's, which stays until then (any key does)",
	 "Esc", "close", 0, 0, KEYS_GROUP_NOTEBOOK},
	{ACT_QUIT, EVERYWHERE, {'q', 'Q'}, {0}, "q",
	 "quit the lab, from any screen but the form and the guess, where it is typed (a run is "
	 "stopped first; data files are removed)",
	 "q", "quit", 0, 0, KEYS_GROUP_MAIN},
	{ACT_REDRAW, EVERYWHERE, {KEYCODE_CTRL_L}, {0}, "Ctrl-L",
	 "redraw the screen, from any screen but the form and the guess", NULL, NULL, 0, 0, KEYS_GROUP_MAIN},
};

const struct key_row *keys_rows(size_t *n)
{
	*n = COUNT(rows);
	return rows;
}

const struct key_row *keys_row(enum key_action action)
{
	for (size_t i = 0; i < COUNT(rows); i++)
		if (rows[i].action == action)
			return &rows[i];
	return NULL;
}

int keys_row_applies(const struct key_row *row, unsigned context)
{
	if (!(row->contexts & context & KEYS_SCREENS))
		return 0;
	return !(row->contexts & KEYS_RUNNING) || (context & KEYS_RUNNING);
}

static int has_code(const int *codes, int code)
{
	for (size_t i = 0; i < KEYS_CODES_MAX && codes[i]; i++)
		if (codes[i] == code)
			return 1;
	return 0;
}

const struct key_row *keys_find(int code, unsigned context, int *dir)
{
	for (size_t i = 0; code && i < COUNT(rows); i++) {
		if (!keys_row_applies(&rows[i], context))
			continue;
		if (has_code(rows[i].keys, code)) {
			*dir = 1;
			return &rows[i];
		}
		if (has_code(rows[i].back, code)) {
			*dir = -1;
			return &rows[i];
		}
	}
	*dir = 0;
	return NULL;
}

void keys_code_name(int code, char *buf, size_t len)
{
	static const struct {
		int code;
		const char *name;
	} names[] = {
		{KEYCODE_CTRL_L, "Ctrl-L"}, {KEYCODE_TAB, "Tab"}, {KEYCODE_ESC, "Esc"},
		{KEYCODE_DOWN, "Down"}, {KEYCODE_UP, "Up"}, {KEYCODE_F1, "F1"},
		{KEYCODE_NPAGE, "PgDn"}, {KEYCODE_PPAGE, "PgUp"}, {KEYCODE_ENTER, "Enter"},
		{'\r', "Enter"}, {'\n', "Enter"}, {KEYCODE_BTAB, "S-Tab"}, {' ', "Space"},
		{KEYCODE_LEFT, "Left"}, {KEYCODE_RIGHT, "Right"}, {KEYCODE_BACKSPACE, "Backspace"},
		{KEYCODE_DEL, "Del"}, {KEYCODE_CTRL_H, "Ctrl-H"},
	};
	for (size_t i = 0; i < COUNT(names); i++)
		if (names[i].code == code) {
			snprintf(buf, len, "%s", names[i].name);
			return;
		}
	if (code >= 'A' && code <= 'Z')
		code += 'a' - 'A';
	if (code > ' ' && code < 127)
		snprintf(buf, len, "%c", code);
	else
		snprintf(buf, len, "#%d", code);
}

/* --- the key bar ----------------------------------------------------------- */

int keys_bar_width(const struct key_row *row)
{
	return (int)strlen(row->bar_keys) + 1 + (int)strlen(row->bar_what) + 2;
}

static int bar_shown(const struct key_row *r, unsigned context, int narrow, int drop_optional)
{
	narrow |= (context & KEYS_COURSE) != 0;   /* no list beside the lesson there */
	return r->bar_keys && keys_row_applies(r, context) && !(r->bar_narrow && !narrow)
	       && !(r->bar_optional && drop_optional);
}

size_t keys_bar(unsigned context, int width, int narrow,
                const struct key_row **out, size_t max)
{
	int total = 1;
	for (size_t i = 0; i < COUNT(rows); i++)
		if (bar_shown(&rows[i], context, narrow, 0))
			total += keys_bar_width(&rows[i]);
	int drop_optional = total > width;
	size_t n = 0;
	int x = 1;
	for (size_t i = 0; i < COUNT(rows) && n < max; i++) {
		const struct key_row *r = &rows[i];
		/* the two spaces after the last entry may fall off the edge */
		if (!bar_shown(r, context, narrow, drop_optional) || x + keys_bar_width(r) - 2 > width)
			continue;
		out[n++] = r;
		x += keys_bar_width(r);
	}
	return n;
}
