/* check_keys.c - the key table: no key means two things on one screen,
 * every row is described and names every key it binds, the key bar names
 * only keys help lists, the keys the lab's messages mention do what the
 * messages say, and the README's keys table is the table. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "layout.h"
#include "manpage.h"
#include "suites.h"

static const unsigned screens[] = {KEYS_LESSON, KEYS_COURSE, KEYS_HELP, KEYS_TINY, KEYS_CHOOSER,
                                   KEYS_CONFIRM, KEYS_COMPARE};

static size_t ncodes(const int *codes)
{
	size_t n = 0;
	while (n < KEYS_CODES_MAX && codes[n])
		n++;
	return n;
}

/* How many rows working in ctx bind code (forwards or backwards). */
static int takers(const struct key_row *rows, size_t n, unsigned ctx, int code)
{
	int t = 0;
	for (size_t j = 0; j < n; j++) {
		if (!keys_row_applies(&rows[j], ctx))
			continue;
		for (size_t m = 0; m < ncodes(rows[j].keys); m++)
			t += rows[j].keys[m] == code;
		for (size_t m = 0; m < ncodes(rows[j].back); m++)
			t += rows[j].back[m] == code;
	}
	return t;
}

START_TEST(no_key_twice_in_one_context)
{
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	ck_assert_int_eq(n, ACTIONS);
	for (size_t s = 0; s < sizeof screens / sizeof *screens; s++)
		for (unsigned running = 0; running <= KEYS_RUNNING; running += KEYS_RUNNING) {
			unsigned ctx = screens[s] | running;
			for (size_t i = 0; i < n; i++)
				for (int b = 0; b < 2; b++) {
					const int *codes = b ? rows[i].back : rows[i].keys;
					for (size_t k = 0; k < ncodes(codes); k++) {
						int t = takers(rows, n, ctx, codes[k]);
						ck_assert_msg(t <= 1, "code %d is bound %d times in context %#x",
						              codes[k], t, ctx);
					}
				}
		}
	/* and each screen has a way out: q works everywhere */
	for (size_t s = 0; s < sizeof screens / sizeof *screens; s++)
		ck_assert_int_eq(takers(rows, n, screens[s], 'q'), 1);
}
END_TEST

START_TEST(every_action_one_described_row)
{
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	for (int a = 0; a < ACTIONS; a++) {
		const struct key_row *r = keys_row((enum key_action)a);
		ck_assert_msg(r != NULL, "action %d has no row", a);
		ck_assert_int_eq(r->action, a);
		int count = 0;
		for (size_t i = 0; i < n; i++)
			count += rows[i].action == (enum key_action)a;
		ck_assert_msg(count == 1, "action %d has %d rows", a, count);
	}
	for (size_t i = 0; i < n; i++) {
		const struct key_row *r = &rows[i];
		ck_assert_msg(r->label && *r->label, "row %zu has no label", i);
		ck_assert_msg(strlen(r->label) <= KEYS_LABEL_MAX, "label '%s' is wider than help's column",
		              r->label);
		ck_assert_msg(r->what && strlen(r->what) > 8, "'%s' has no description", r->label);
		ck_assert_msg(r->contexts & KEYS_SCREENS, "'%s' works on no screen", r->label);
		ck_assert_msg(r->keys[0] != 0, "'%s' has no key", r->label);
		ck_assert_msg(!r->bar_keys == !r->bar_what, "'%s': a bar entry needs keys and a word",
		              r->label);
	}
}
END_TEST

/* Is `word` a token of s (split at spaces, '/', ',', ':', '(', ')')? */
static int has_token(const char *s, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = s; (p = strstr(p, word)) != NULL; p++) {
		int start = p == s || strchr(" /,:()", p[-1]);
		int end = p[wl] == '\0' || strchr(" /,:()", p[wl]);
		if (start && end)
			return 1;
	}
	return 0;
}

START_TEST(every_key_is_named_in_help)
{
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 2; b++) {
			const int *codes = b ? rows[i].back : rows[i].keys;
			for (size_t k = 0; k < ncodes(codes); k++) {
				char name[32];
				keys_code_name(codes[k], name, sizeof name);
				ck_assert_msg(has_token(rows[i].label, name) || has_token(rows[i].what, name),
				              "'%s' binds %s but neither its label nor '%s' names it",
				              rows[i].label, name, rows[i].what);
			}
		}
}
END_TEST

START_TEST(key_names)
{
	static const struct {
		int code;
		const char *name;
	} cases[] = {
		{'r', "r"}, {'R', "r"}, {'+', "+"}, {'?', "?"}, {' ', "Space"}, {'\r', "Enter"},
		{'\n', "Enter"}, {KEYCODE_ENTER, "Enter"}, {KEYCODE_ESC, "Esc"}, {KEYCODE_TAB, "Tab"},
		{KEYCODE_BTAB, "S-Tab"}, {KEYCODE_UP, "Up"}, {KEYCODE_DOWN, "Down"},
		{KEYCODE_PPAGE, "PgUp"}, {KEYCODE_NPAGE, "PgDn"}, {KEYCODE_F1, "F1"},
		{KEYCODE_CTRL_L, "Ctrl-L"}, {1, "#1"}, {0777, "#511"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char name[32];
		keys_code_name(cases[i].code, name, sizeof name);
		ck_assert_str_eq(name, cases[i].name);
	}
}
END_TEST

/* What a key does, or -1 for nothing; *dir gets the direction. */
static int action_of(int code, unsigned ctx, int *dir)
{
	const struct key_row *r = keys_find(code, ctx, dir);
	return r ? (int)r->action : -1;
}

START_TEST(what_keys_do_where)
{
	static const struct {
		int code;
		unsigned ctx;
		int action, dir;
	} cases[] = {
		/* help: q quits, Esc ? h F1 close, s stops only a run going */
		{'q', KEYS_HELP, ACT_QUIT, 1}, {'Q', KEYS_HELP, ACT_QUIT, 1},
		{KEYCODE_ESC, KEYS_HELP, ACT_HELP_CLOSE, 1}, {'?', KEYS_HELP, ACT_HELP_CLOSE, 1},
		{'h', KEYS_HELP, ACT_HELP_CLOSE, 1}, {KEYCODE_F1, KEYS_HELP, ACT_HELP_CLOSE, 1},
		{'s', KEYS_HELP, -1, 0}, {'s', KEYS_HELP | KEYS_RUNNING, ACT_HELP_STOP, 1},
		{'j', KEYS_HELP, ACT_HELP_LINE, 1}, {KEYCODE_UP, KEYS_HELP, ACT_HELP_LINE, -1},
		{' ', KEYS_HELP, ACT_HELP_PAGE, 1}, {KEYCODE_PPAGE, KEYS_HELP, ACT_HELP_PAGE, -1},
		{'r', KEYS_HELP, -1, 0}, {'\r', KEYS_HELP, -1, 0}, {'n', KEYS_HELP, -1, 0},
		{KEYCODE_CTRL_L, KEYS_HELP, ACT_REDRAW, 1},
		/* the lesson screen */
		{'r', KEYS_LESSON, ACT_RUN, 1}, {'\n', KEYS_LESSON, ACT_ENTER, 1},
		{'s', KEYS_LESSON, ACT_STOP, 1}, {'S', KEYS_LESSON | KEYS_RUNNING, ACT_STOP, 1},
		{KEYCODE_ESC, KEYS_LESSON, ACT_ESCAPE, 1},
		{'n', KEYS_LESSON, ACT_LESSON, 1}, {'k', KEYS_LESSON, ACT_LESSON, -1},
		{KEYCODE_BTAB, KEYS_LESSON, ACT_LESSON, -1}, {KEYCODE_DOWN, KEYS_LESSON, ACT_LESSON, 1},
		{'=', KEYS_LESSON, ACT_BLOCK, 1}, {'_', KEYS_LESSON, ACT_BLOCK, -1},
		{'C', KEYS_LESSON, ACT_CACHE, 1}, {' ', KEYS_LESSON, ACT_TEXT, 1},
		{'l', KEYS_LESSON, ACT_COURSE, 1}, {KEYCODE_F1, KEYS_LESSON, ACT_HELP, 1},
		{'x', KEYS_LESSON, -1, 0}, {0, KEYS_LESSON, -1, 0},
		/* the course screen: Enter opens, the text is not there to scroll */
		{'\r', KEYS_COURSE, ACT_ENTER, 1}, {KEYCODE_ESC, KEYS_COURSE, ACT_ESCAPE, 1},
		{KEYCODE_TAB, KEYS_COURSE, ACT_COURSE, 1}, {KEYCODE_NPAGE, KEYS_COURSE, -1, 0},
		/* too small: nothing runs that nobody can see */
		{'q', KEYS_TINY, ACT_QUIT, 1}, {'r', KEYS_TINY, -1, 0}, {'?', KEYS_TINY, -1, 0},
		{'s', KEYS_TINY | KEYS_RUNNING, -1, 0}, {KEYCODE_CTRL_L, KEYS_TINY, ACT_REDRAW, 1},
		/* the lecture's keys: watch time, race, presentation, also running */
		{'w', KEYS_LESSON, ACT_WATCH, 1}, {'W', KEYS_COURSE, ACT_WATCH, 1},
		{'w', KEYS_LESSON | KEYS_RUNNING, ACT_WATCH, 1},
		{'v', KEYS_LESSON, ACT_RACE, 1}, {'V', KEYS_LESSON | KEYS_RUNNING, ACT_RACE, 1},
		{'f', KEYS_LESSON, ACT_PRESENT, 1}, {'F', KEYS_LESSON | KEYS_RUNNING, ACT_PRESENT, 1},
		{'w', KEYS_HELP, -1, 0}, {'f', KEYS_TINY, -1, 0},
		/* the race chooser: move, pick, close; nothing else but q and Ctrl-L */
		{'j', KEYS_CHOOSER, ACT_CHOOSE_MOVE, 1}, {KEYCODE_UP, KEYS_CHOOSER, ACT_CHOOSE_MOVE, -1},
		{' ', KEYS_CHOOSER, ACT_CHOOSE_PAGE, 1}, {KEYCODE_PPAGE, KEYS_CHOOSER, ACT_CHOOSE_PAGE, -1},
		{'\r', KEYS_CHOOSER, ACT_CHOOSE_PICK, 1}, {KEYCODE_ENTER, KEYS_CHOOSER, ACT_CHOOSE_PICK, 1},
		{KEYCODE_ESC, KEYS_CHOOSER, ACT_CHOOSE_CLOSE, 1}, {'v', KEYS_CHOOSER, ACT_CHOOSE_CLOSE, 1},
		{'q', KEYS_CHOOSER, ACT_QUIT, 1}, {KEYCODE_CTRL_L, KEYS_CHOOSER, ACT_REDRAW, 1},
		{'r', KEYS_CHOOSER, -1, 0}, {'s', KEYS_CHOOSER, -1, 0}, {'n', KEYS_CHOOSER, -1, 0},
		{'f', KEYS_CHOOSER, -1, 0}, {'?', KEYS_CHOOSER, -1, 0},
		/* the question before a lesson pack's program runs: y, n, Esc,
		 * q, Ctrl-L and the keys that scroll its words; nothing else (no
		 * run, no other lesson) */
		{'y', KEYS_CONFIRM, ACT_CONFIRM_YES, 1}, {'Y', KEYS_CONFIRM, ACT_CONFIRM_YES, 1},
		{'n', KEYS_CONFIRM, ACT_CONFIRM_NO, 1}, {KEYCODE_ESC, KEYS_CONFIRM, ACT_CONFIRM_NO, 1},
		{'q', KEYS_CONFIRM, ACT_QUIT, 1}, {KEYCODE_CTRL_L, KEYS_CONFIRM, ACT_REDRAW, 1},
		{'r', KEYS_CONFIRM, -1, 0}, {'\r', KEYS_CONFIRM, -1, 0}, {'l', KEYS_CONFIRM, -1, 0},
		{'j', KEYS_CONFIRM, ACT_HELP_LINE, 1}, {'k', KEYS_CONFIRM, ACT_HELP_LINE, -1},
		{' ', KEYS_CONFIRM, ACT_HELP_PAGE, 1}, {KEYCODE_PPAGE, KEYS_CONFIRM, ACT_HELP_PAGE, -1},
		{'y', KEYS_LESSON, -1, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int dir;
		int a = action_of(cases[i].code, cases[i].ctx, &dir);
		ck_assert_msg(a == cases[i].action && dir == cases[i].dir,
		              "case %zu: key %d in %#x does %d (dir %d), expected %d (dir %d)", i,
		              cases[i].code, cases[i].ctx, a, dir, cases[i].action, cases[i].dir);
	}
}
END_TEST

/* The keys the lab's own messages name do what the messages say:
 * lab_run.c "r runs it", "s stops it", "nothing is running (r runs the
 * lesson)"; ui_lesson.c "n then p restores", "PgUp: lines above", "PgDn:
 * more lines"; ui_panel_live.c "r (or Enter) runs it"; ui_help.c "PgDn for
 * more"; ui_main.c "Esc closes help"; ui_course.c "Enter opens, r runs,
 * Tab goes back"; lab_claims.c "To check when it runs (r)", "a watched
 * run, not one pass (w: one pass)". */
START_TEST(keys_named_in_messages)
{
	int dir;
	ck_assert_int_eq(action_of('r', KEYS_LESSON, &dir), ACT_RUN);
	ck_assert_int_eq(action_of('r', KEYS_COURSE, &dir), ACT_RUN);
	ck_assert_int_eq(action_of('s', KEYS_LESSON | KEYS_RUNNING, &dir), ACT_STOP);
	ck_assert_int_eq(action_of('n', KEYS_LESSON, &dir), ACT_LESSON);
	ck_assert_int_eq(dir, 1);
	ck_assert_int_eq(action_of('p', KEYS_LESSON, &dir), ACT_LESSON);
	ck_assert_int_eq(dir, -1);
	ck_assert_int_eq(action_of(KEYCODE_PPAGE, KEYS_LESSON, &dir), ACT_TEXT);
	ck_assert_int_eq(dir, -1);
	ck_assert_int_eq(action_of(KEYCODE_NPAGE, KEYS_LESSON, &dir), ACT_TEXT);
	ck_assert_int_eq(dir, 1);
	ck_assert_int_eq(action_of('\r', KEYS_LESSON, &dir), ACT_ENTER);
	ck_assert_int_eq(action_of(KEYCODE_NPAGE, KEYS_HELP, &dir), ACT_HELP_PAGE);
	ck_assert_int_eq(dir, 1);
	ck_assert_int_eq(action_of(KEYCODE_ESC, KEYS_HELP | KEYS_RUNNING, &dir), ACT_HELP_CLOSE);
	ck_assert_int_eq(action_of('\r', KEYS_COURSE, &dir), ACT_ENTER);
	ck_assert_int_eq(action_of(KEYCODE_TAB, KEYS_COURSE, &dir), ACT_COURSE);
	ck_assert_int_eq(action_of('w', KEYS_LESSON, &dir), ACT_WATCH);
	/* and the names those messages take from the table */
	ck_assert_str_eq(keys_row(ACT_HELP_CLOSE)->bar_keys, "Esc");
	ck_assert_str_eq(keys_row(ACT_COURSE)->bar_keys, "Tab");
	ck_assert_str_eq(keys_row(ACT_ENTER)->label, "Enter");
	ck_assert_str_eq(keys_row(ACT_RUN)->label, "r");
	ck_assert_str_eq(keys_row(ACT_QUIT)->label, "q");
}
END_TEST

/* The bar as text: "r s n/p ..." */
static void bar_of(unsigned ctx, int width, int narrow, char *buf, size_t len)
{
	const struct key_row *shown[ACTIONS];
	size_t n = keys_bar(ctx, width, narrow, shown, ACTIONS);
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? " " : "", shown[i]->bar_keys);
}

START_TEST(key_bar)
{
	char bar[256];
	/* 80 columns: every entry but the optional PgDn fits; Tab only narrow */
	bar_of(KEYS_LESSON, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c Tab ? q");
	bar_of(KEYS_LESSON | KEYS_RUNNING, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c Tab ? q");
	/* from 115 columns the optional ones fit too: w v f and PgDn */
	bar_of(KEYS_LESSON, 119, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f PgDn Tab ? q");
	bar_of(KEYS_LESSON, 114, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c Tab ? q");
	bar_of(KEYS_LESSON, 115, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f PgDn Tab ? q");
	bar_of(KEYS_LESSON, 120, 0, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f PgDn ? q");
	bar_of(KEYS_LESSON, 200, 0, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f PgDn ? q");
	/* the course screen has no text to scroll */
	bar_of(KEYS_COURSE, 119, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f Tab ? q");
	bar_of(KEYS_COURSE, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c Tab ? q");
	/* the race chooser */
	bar_of(KEYS_CHOOSER, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Enter Esc q");
	/* the course screen opens at any width, and Tab goes back from it */
	bar_of(KEYS_COURSE, 200, 0, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s n/p +/- c w v f Tab ? q");
	/* help: s only while a run is under way */
	bar_of(KEYS_HELP, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Esc PgDn/PgUp q");
	bar_of(KEYS_HELP | KEYS_RUNNING, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Esc PgDn/PgUp s q");
	bar_of(KEYS_TINY | KEYS_RUNNING, 30, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "q");
	/* exact widths: "r run  " is 7 columns; 1 + 7 + 8 = 16 fits r and s,
	 * the last entry's two trailing spaces may fall off the edge */
	ck_assert_int_eq(keys_bar_width(keys_row(ACT_RUN)), 7);
	bar_of(KEYS_LESSON, 14, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r s");
	bar_of(KEYS_LESSON, 13, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "r");
}
END_TEST

/* Every key bar entry names keys of its own row, which help lists. */
START_TEST(key_bar_entries_are_in_help)
{
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].bar_keys)
			continue;
		char copy[64];
		snprintf(copy, sizeof copy, "%s", rows[i].bar_keys);
		for (char *save, *t = strtok_r(copy, "/", &save); t; t = strtok_r(NULL, "/", &save)) {
			int found = 0;
			for (int b = 0; b < 2; b++) {
				const int *codes = b ? rows[i].back : rows[i].keys;
				for (size_t k = 0; k < ncodes(codes); k++) {
					char name[32];
					keys_code_name(codes[k], name, sizeof name);
					found |= strcmp(name, t) == 0;
				}
			}
			ck_assert_msg(found, "the bar's '%s' is not a key of the row '%s'", t, rows[i].label);
			ck_assert_msg(has_token(rows[i].label, t), "the bar's '%s' is not in help's '%s'",
			              t, rows[i].label);
		}
	}
}
END_TEST

/* README.md's "## Keys" table, line for line: "| `LABEL` | WHAT |". */
START_TEST(readme_lists_the_table)
{
	FILE *f = fopen(TOP_SRCDIR "/README.md", "r");
	ck_assert_msg(f != NULL, "cannot read " TOP_SRCDIR "/README.md");
	char line[1024];
	int in_keys = 0;
	size_t n, next = 0;
	const struct key_row *rows = keys_rows(&n);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "## ", 3) == 0)
			in_keys = strcmp(line, "## Keys") == 0;
		if (!in_keys || strncmp(line, "| `", 3) != 0)
			continue;
		ck_assert_msg(next < n, "README lists a key the table does not have: %s", line);
		char want[1024];
		snprintf(want, sizeof want, "| `%s` | %s |", rows[next].label, rows[next].what);
		ck_assert_msg(strcmp(line, want) == 0, "README's keys table has\n  %s\nwhere the table "
		              "(src/lab/keys.c) has\n  %s", line, want);
		next++;
	}
	fclose(f);
	ck_assert_msg(next == n, "README's keys table stops at '%s'; the table has %zu rows",
	              next < n ? rows[next].label : "", n);
}
END_TEST

/* The lab notebook's screens (issue 11): in the form and the guess prompt
 * a key no row binds is typed (q, r, Ctrl-L too); a notice closes on any
 * key (ui_main.c), its row naming the usual ones. */
START_TEST(notebook_screens)
{
	static const unsigned mine[] = {KEYS_FORM, KEYS_PROMPT, KEYS_HISTORY, KEYS_NOTICE};
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	for (size_t s = 0; s < sizeof mine / sizeof *mine; s++)
		for (unsigned running = 0; running <= KEYS_RUNNING; running += KEYS_RUNNING)
			for (size_t i = 0; i < n; i++)
				for (int b = 0; b < 2; b++) {
					const int *codes = b ? rows[i].back : rows[i].keys;
					for (size_t k = 0; k < ncodes(codes); k++)
						ck_assert_int_le(takers(rows, n, mine[s] | running, codes[k]), 1);
				}
	static const struct {
		int code;
		unsigned ctx;
		int action, dir;
	} cases[] = {
		{'g', KEYS_LESSON, ACT_GUESS, 1}, {'G', KEYS_COURSE, ACT_GUESS, 1},
		{'e', KEYS_LESSON, ACT_FORM, 1}, {'b', KEYS_LESSON | KEYS_RUNNING, ACT_HISTORY, 1},
		{'g', KEYS_HELP, -1, 0}, {'e', KEYS_CHOOSER, -1, 0},
		/* the form */
		{KEYCODE_TAB, KEYS_FORM, ACT_EDIT_FIELD, 1}, {KEYCODE_BTAB, KEYS_FORM, ACT_EDIT_FIELD, -1},
		{KEYCODE_DOWN, KEYS_FORM, ACT_EDIT_FIELD, 1}, {KEYCODE_UP, KEYS_FORM, ACT_EDIT_FIELD, -1},
		{KEYCODE_RIGHT, KEYS_FORM, ACT_EDIT_MOVE, 1}, {KEYCODE_LEFT, KEYS_FORM, ACT_EDIT_MOVE, -1},
		{KEYCODE_BACKSPACE, KEYS_FORM, ACT_EDIT_ERASE, 1}, {127, KEYS_FORM, ACT_EDIT_ERASE, 1},
		{8, KEYS_FORM, ACT_EDIT_ERASE, 1}, {'\r', KEYS_FORM, ACT_EDIT_DONE, 1},
		{KEYCODE_ESC, KEYS_FORM, ACT_EDIT_CLOSE, 1},
		{'q', KEYS_FORM, -1, 0}, {'r', KEYS_FORM, -1, 0}, {'s', KEYS_FORM | KEYS_RUNNING, -1, 0},
		{' ', KEYS_FORM, -1, 0}, {KEYCODE_CTRL_L, KEYS_FORM, -1, 0},
		/* the guess */
		{KEYCODE_LEFT, KEYS_PROMPT, ACT_EDIT_MOVE, -1}, {'\n', KEYS_PROMPT, ACT_EDIT_DONE, 1},
		{KEYCODE_ESC, KEYS_PROMPT, ACT_EDIT_CLOSE, 1}, {KEYCODE_TAB, KEYS_PROMPT, -1, 0},
		{'q', KEYS_PROMPT, -1, 0}, {'3', KEYS_PROMPT, -1, 0},
		/* the lesson's notebook */
		{'j', KEYS_HISTORY, ACT_HELP_LINE, 1}, {KEYCODE_UP, KEYS_HISTORY, ACT_HELP_LINE, -1},
		{' ', KEYS_HISTORY, ACT_HELP_PAGE, 1}, {KEYCODE_PPAGE, KEYS_HISTORY, ACT_HELP_PAGE, -1},
		{KEYCODE_ESC, KEYS_HISTORY, ACT_HISTORY_CLOSE, 1}, {'b', KEYS_HISTORY, ACT_HISTORY_CLOSE, 1},
		{'q', KEYS_HISTORY, ACT_QUIT, 1}, {KEYCODE_CTRL_L, KEYS_HISTORY, ACT_REDRAW, 1},
		{'r', KEYS_HISTORY, -1, 0},
		/* a notice */
		{KEYCODE_ESC, KEYS_NOTICE, ACT_NOTICE_CLOSE, 1}, {'\r', KEYS_NOTICE, ACT_NOTICE_CLOSE, 1},
		{' ', KEYS_NOTICE, ACT_NOTICE_CLOSE, 1}, {'q', KEYS_NOTICE, -1, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int dir;
		int a = action_of(cases[i].code, cases[i].ctx, &dir);
		ck_assert_msg(a == cases[i].action && dir == cases[i].dir,
		              "case %zu: key %d in %#x does %d (dir %d), expected %d (dir %d)", i,
		              cases[i].code, cases[i].ctx, a, dir, cases[i].action, cases[i].dir);
	}
	char bar[256];
	bar_of(KEYS_FORM, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Tab Left/Right Enter Esc");
	bar_of(KEYS_FORM, 40, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Tab Enter Esc");
	bar_of(KEYS_PROMPT, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Left/Right Enter Esc");
	bar_of(KEYS_HISTORY, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "PgDn/PgUp Esc q");
	bar_of(KEYS_NOTICE, 80, 1, bar, sizeof bar);
	ck_assert_str_eq(bar, "Esc");
	char name[32];
	keys_code_name(KEYCODE_LEFT, name, sizeof name);
	ck_assert_str_eq(name, "Left");
	keys_code_name(KEYCODE_BACKSPACE, name, sizeof name);
	ck_assert_str_eq(name, "Backspace");
	keys_code_name(127, name, sizeof name);
	ck_assert_str_eq(name, "Del");
}
END_TEST

/* The man page's KEYS section is the table too: one tagged paragraph per
 * row, in order, its tag the row's label and its text the row's line. */
START_TEST(man_page_lists_the_table)
{
	struct manpage_items keys;
	ck_assert_msg(manpage_section(MANPAGE_PATH, "KEYS", &keys) == 0,
	              "cannot read the KEYS section of " MANPAGE_PATH);
	size_t n;
	const struct key_row *rows = keys_rows(&n);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(i < keys.n, "the man page's KEYS stop before '%s' (%s)", rows[i].label,
		              rows[i].what);
		ck_assert_msg(strcmp(keys.v[i].tag, rows[i].label) == 0 &&
		              strcmp(keys.v[i].text, rows[i].what) == 0,
		              "the man page's KEYS have\n  %s: %s\nwhere the table (src/lab/keys.c) has\n"
		              "  %s: %s", keys.v[i].tag, keys.v[i].text, rows[i].label, rows[i].what);
	}
	ck_assert_msg(keys.n == n, "the man page lists a key the table does not have: %s",
	              keys.n > n ? keys.v[n].tag : "");
}
END_TEST

Suite *make_suite_keys(void)
{
	Suite *s = suite_create("keys");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, no_key_twice_in_one_context);
	tcase_add_test(tc, every_action_one_described_row);
	tcase_add_test(tc, every_key_is_named_in_help);
	tcase_add_test(tc, key_names);
	tcase_add_test(tc, what_keys_do_where);
	tcase_add_test(tc, keys_named_in_messages);
	tcase_add_test(tc, key_bar);
	tcase_add_test(tc, key_bar_entries_are_in_help);
	tcase_add_test(tc, readme_lists_the_table);
	tcase_add_test(tc, notebook_screens);
	tcase_add_test(tc, man_page_lists_the_table);
	suite_add_tcase(s, tc);
	return s;
}
