/* ui_help.c - every key, and what each number on the live panel means.
 * The keys are the rows of the key table (keys.c), listed whole: a key
 * that works is a row there, so it is here; the title line is the help
 * screen's own key bar from the same table. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "expect_fields.h"
#include "keys.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_views.h"

#define NOTEBOOK_HEADING "# The lab notebook"

struct help_line {
	const char *key;          /* NULL: a heading or a paragraph */
	const char *text;
};

/* The figures the field table explains: under the help line of KEY, the
 * rows named PREFIX... each with its meaning (report_field_rows.h), so a
 * counter added as a row is explained here by its row. */
static const struct { const char *key, *prefix; } figure_rows[] = {
	{"time", "time."}, {"layers", "device."}, {"cpu", "cpu."}, {"faults", "faults."},
	{"storage", "storage."},
};

static const struct help_line help[] = {
	{NULL, ""},
	{NULL, "# The numbers"},
	{"now", "bytes per second over the last half second of the run"},
	{"avg, rate", "bytes moved divided by the seconds the loop ran: the whole run (so far, "
	              "while it runs)"},
	{"log rate", "ln(rate): the lecture's number. 26 B/s is 3.26; each +2.3 is ten times faster"},
	{"units", "rates in the lecture's decimal units: kB/s, MB/s, GB/s are 1000, 1000^2, "
	          "1000^3 B/s (its 2,600 B/s is 2.6 kB/s); sizes of files and buffers are binary: "
	          "KiB, MiB are 1024, 1024^2 bytes. A guess reads in the unit it was typed in"},
	{"gauge", "the rate on a log scale from 1 B/s to 1 TB/s; letters mark the reference "
	          "machines (I the 2011 iMac, T the 2007 ThinkPad, L TLPI ...), G your guess, and the "
	          "compared lessons' last runs (1, 2 ...); A and B are only ever a race's two lessons. A rate past "
	          "the end is marked off scale (a triangle, or >, at the end), never a silently full bar"},
	{"trend", "the rate of each half second of the run, oldest on the left, on a log scale "
	          "between the slowest and the fastest, which it names; the rate of the whole run "
	          "is the average over all of it and need not lie in that range"},
	{"syscalls", "read- and write-family system calls the kernel counted for the workload "
	             "(/proc/PID/io; by kind with --perf where permitted)"},
	{"calls", "the calls the program itself made, each kind under its own name: write, "
	          "fread and fseek ...; an outside program (dd) makes calls the lab cannot count, "
	          "and the panel says so"},
	{"B/syscall", "bytes per system call: 1 B for write(fd, buf, 1), 4 KiB when stdio "
	                "gathers bytes into its buffer"},
	{"done, time", "bytes so far of the file, elapsed time, and an estimate of the rest "
	               "(never past the time limit); a watched run: the pass under way, and the "
	               "watch time gone and left"},
	{"time", "where the loop's wall time went, one stacked bar with each part's share, live "
	         "(coarsely) and after the run; a part the kernel does not count is said so:"},
	{"layers", "the program's calls, the system calls of its kind, then the requests the "
	           "scratch directory's block device served (whole-device counts: anything else "
	           "on it too):"},
	{"per call", "the price of one call: the wall time over the calls of the workload's kind "
	             "(\"write() 251 \u00b5s each\"), the lecture's R"},
	{"busy", "beside the rate when the run waited for a CPU for more than 5% of its time; "
	         "batch's rate_alone is the rate without that wait"},
	{"cpu", "user and system CPU time of the workload:"},
	{"faults", "page faults: minor (no I/O) and major (read from storage):"},
	{"storage", "bytes the kernel accounted as read from or dirtied for the device:"},
	{"page cache", "how much of the file was in memory before and after the run (a watched "
	               "run: before its first trial, after its last)"},
	{"R, U", "a sweep's fit of seconds = calls x R + bytes x U: the cost of one call "
	         "and of one byte"},
	{NULL, ""},
	{NULL, "# Watch time, races, presentation"},
	{"watch time", "a run lasts its watch time (w cycles 3 s, 10 s, 30 s and one pass; --watch "
	               "sets it; 10 s unless told): the lesson's trial, started again and again until "
	               "the time has passed or s stops it. Each trial is exactly the lesson's, with "
	               "its own time limit (only the watch's end may cut the last one short). Rate, "
	               "syscalls and calls are over every trial so far; the untimed set-up between "
	               "trials is not in the rate"},
	{"pass", "one whole pass over the file; what a repeated one is depends on the lesson:"},
	{"one pass", "a single pass within the lesson's own time limit (batch repeats a warm read "
	             "until min_time); --perf counts syscalls by kind after one-pass runs only"},
	{"sweep", "every point runs once, as its lesson says, whatever the watch time"},
	{"race", "v: the lesson and another at once, each in its own process, both bars on one "
	         "gauge, the difference of their log rates and the ratio. They share this machine's "
	         "CPUs and disk, so a raced result is never taken for the lesson's own: the "
	         "notebook keeps it as raced"},
	{"presentation", "f or --present: the title, the rate in digits as large as the terminal "
	                 "allows, the log rate, syscalls against calls and the gauge; nothing dim; "
	                 "every key still works. A sweep shows its chart; a race its ratio in digits "
	                 "as tall as its rates"},
	{"compare", "m or --compare ID,...: lessons as bars on one log axis, each this machine's "
	            "latest rate as the lesson says, the reference machines' rates marked by their "
	            "letters; Tab: the lecture's groups (writes, sequential reads, strided reads, byte "
	            "at a time and in 4096-byte blocks)"},
	{NULL, ""},
	{NULL, NOTEBOOK_HEADING},
	{"notebook", "every run is kept, in $XDG_STATE_HOME/iolab/lab.db (else "
	             "~/.local/state/iolab/lab.db; --db FILE for another); iolab --history prints "
	             "it, iolab --forget empties it. The lab reopens at the lesson you left"},
	{"as it says", "a run of the lesson as it is written, to its end: the only kind the marks, "
	               "Compare with and the last result from an earlier session use"},
	{"variants", "runs with changed knobs (+ - c, the form, --size), stopped with s, cut by a "
	             "time limit, raced, experiments and own programs are kept apart, named by "
	             "what changed (w03-byte with \"4 B blocks\")"},
	{"your programs", "iolab --command -- PROG ARG..., or an argv typed in the form (api "
	                  "command), gives the program a page under Your programs in the course "
	                  "list, one per argv: r runs it, b lists its runs, v races it against a "
	                  "lesson or another program; iolab --history --lesson 'PROG ARG...' too"},
	{"guess", "g before a run: a rate (3MB/s, 3 MiB/s, 500k; k M G are 1000s, KiB MiB GiB "
	          "1024s) or a log rate (ln 15.1). G marks it on the gauge; afterwards miss is "
	          "|ln guess - ln rate|, in log-rate units (1 is a factor of e, 2.3 of ten)"},
	{"score", "the course list and the lesson's notebook (b): how many guesses, their mean "
	          "miss, and how many missed by 1 or less"},
	{"experiment", "e: every knob of the lesson's workload in a form, each value checked by "
	               "the lesson format's own rules and messages; Enter runs it as a variant "
	               "(iolab --run SPEC does the same from a script)"},
	{NULL, ""},
	{NULL, "# Marks"},
	{NULL, "Marks in the course: a check (or *) ran as the lesson says, a cross (or !) failed, "
	       "a triangle (or >) is running, a dot (or .) ran in an older iolab (its progress "
	       "file kept no workload: b lists it). Numbers never depend on colour."},
	{NULL, "A sweep's chart: one glyph per series, named in its legend (a read's warm and "
	       "cold cache, a write's way to the file: page cache, O_SYNC ...); a diamond (or #) "
	       "where two series share a cell."},
	{NULL, "A lesson's claims, under its text: a circle (or -) to check, with what to look "
	       "for; after a run as the lesson says a check (or +) held, a cross (or x) missed, "
	       "a question mark could not tell, and why (\"run w01-syncbyte first\"); under each "
	       "the measured value and the bound. A watched run is checked against its last whole "
	       "trial: the last that went as the lesson means and was not cut short by s or the "
	       "watch's end (one its own time limit ended counts, cut short as in batch); one "
	       "with none, against the sum of its trials, where a claim about the whole file "
	       "waits for a run of one pass (w). A raced or changed run is not checked."},
	{NULL, "A code line too long for the column goes on over the next rows, marked in the "
	       "gutter with a hooked arrow (or \\); nothing of it is cut."},
	{NULL, "A figure is never cut at the edge of the screen: a line that is short of room "
	       "drops an optional part, uses a shorter form or wraps."},
};

#define KEY_W (KEYS_LABEL_MAX + 1)

/* KEY text..., the text wrapped under itself. */
static void add_entry(struct tw_lines *out, const char *key, const char *text, int width)
{
	struct tw_lines t = {0};
	textwrap_wrap(text, width - KEY_W, &t);
	for (size_t k = 0; k < t.n; k++) {
		char line[512];
		snprintf(line, sizeof line, "%-*s%s", KEY_W, k == 0 ? key : "", t.v[k].text);
		textwrap_add_line(out, line, 0);
	}
	textwrap_free(&t);
}

/* Each row of the field table named prefix..., as "name: meaning". */
static void add_field_rows(struct tw_lines *out, const char *prefix, int width)
{
	size_t n = strlen(prefix);
	for (size_t i = 0; i < expect_fields_count(); i++) {
		const struct expect_field_row *r = expect_fields_at(i);
		if (r->alias_of || !r->meaning || !r->meaning[0] || strncmp(r->name, prefix, n) != 0)
			continue;
		char line[512];
		snprintf(line, sizeof line, "%s: %s", r->name + n, r->meaning);
		add_entry(out, "", line, width);
	}
}

static int help_rows(int width, struct tw_lines *out)
{
	size_t nkeys;
	const struct key_row *keys = keys_rows(&nkeys);
	textwrap_add_line(out, "# Keys", width);
	for (size_t i = 0; i < nkeys; i++)
		if (keys[i].group == KEYS_GROUP_MAIN)
			add_entry(out, keys[i].label, keys[i].what, width);
	for (size_t i = 0; i < sizeof help / sizeof *help; i++) {
		const struct help_line *h = &help[i];
		if (!h->key && (h->text[0] == '#' || !h->text[0]))
			textwrap_add_line(out, h->text, width);
		else
			add_entry(out, h->key ? h->key : "", h->text, width);
		/* the notebook's keys under its heading, after the numbers */
		if (!h->key && strcmp(h->text, NOTEBOOK_HEADING) == 0)
			for (size_t k = 0; k < nkeys; k++)
				if (keys[k].group == KEYS_GROUP_NOTEBOOK)
					add_entry(out, keys[k].label, keys[k].what, width);
		for (size_t f = 0; h->key && f < sizeof figure_rows / sizeof *figure_rows; f++)
			if (strcmp(h->key, figure_rows[f].key) == 0)
				add_field_rows(out, figure_rows[f].prefix, width);
		/* what a repeated pass is, kind by kind, from watch.c's table */
		if (h->key && strcmp(h->key, "pass") == 0)
			for (int k = 0; k < WATCH_PASS_KINDS; k++) {
				char line[256];
				snprintf(line, sizeof line, "%s: %s", watch_pass_label((enum watch_pass_kind)k),
				         watch_pass_meaning((enum watch_pass_kind)k));
				add_entry(out, "", line, width);
			}
	}
	return (int)out->n;
}

void ui_help_scroll(struct lab *lab, int delta)
{
	if (delta < 0 && (size_t)-delta > lab->help_top)
		lab->help_top = 0;
	else
		lab->help_top += (size_t)delta;     /* clamped when drawn */
}

void ui_help_draw(struct lab *lab, int lines, int cols, unsigned context)
{
	int w = cols > 100 ? 96 : cols - 4;
	int x = (cols - w) / 2, y = 1, h = lines - 3;
	erase();
	ui_crt_fill(0, 0, cols, ui_crt_attr(CRT_BAR));
	int tw = ui_crt_put(0, 1, cols - 2, ui_crt_attr(CRT_BAR) | A_BOLD, "iolab help ");
	ui_frame_draw_keys(0, 1 + tw, cols - 1 - tw, context);
	struct tw_lines l = {0};
	help_rows(w, &l);
	lab->help_top = textwrap_clamp_top(lab->help_top, l.n, (size_t)h);
	for (int i = 0; i < h && lab->help_top + (size_t)i < l.n; i++) {
		const char *s = l.v[lab->help_top + (size_t)i].text;
		if (s[0] == '#') {
			ui_crt_put(y + i, x, w, ui_crt_attr(CRT_SECTION), s + 2);
			continue;
		}
		ui_crt_put(y + i, x, KEY_W, ui_crt_attr(CRT_VALUE), s);
		if ((int)strlen(s) > KEY_W)
			ui_crt_put(y + i, x + KEY_W, w - KEY_W, ui_crt_attr(CRT_NORMAL), s + KEY_W);
	}
	if (lab->help_top + (size_t)h < l.n)
		ui_crt_putf(lines - 2, x, w, ui_crt_attr(CRT_MESSAGE), " %s PgDn for more ", ui_crt_glyph(GLYPH_DOWN));
	textwrap_free(&l);
	ui_crt_fill(lines - 1, 0, cols, ui_crt_attr(CRT_BAR));
	if (lab->message[0])
		ui_crt_putf(lines - 1, 1, cols - 2, ui_crt_attr(CRT_MESSAGE), " %s ", lab->message);
	else
		ui_crt_putf(lines - 1, 1, cols - 2, ui_crt_attr(CRT_BAR), "%s quits the lab",
		         keys_row(ACT_QUIT)->label);
}
