/* cli.c - options, --help/--version, and the choice of batch or the lab. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "calib_cmd.h"
#include "cli.h"
#include "history.h"
#include "report_cmd.h"
#include "report.h"
#include "report_format.h"
#include "sanitize.h"
#include "store.h"
#include "store_cmd.h"
#include "units.h"
#include "utf8.h"
#include "value.h"
#include "wl_keys.h"
#include "watch.h"
#include "wl.h"

enum { OPT_LESSON = 256, OPT_TRIALS, OPT_FORMAT, OPT_OUTPUT, OPT_LESSONS,
       OPT_DIR, OPT_SIZE, OPT_TIME_LIMIT, OPT_NO_COLOR, OPT_PERF,
       OPT_WATCH, OPT_RACE, OPT_PRESENT, OPT_ALLOW_COMMANDS,
       OPT_DB, OPT_NO_RECORD, OPT_HISTORY, OPT_FORGET, OPT_YES, OPT_RUN, OPT_COMMAND,
       OPT_OP, OPT_REPORT, OPT_FROM, OPT_CLASS, OPT_WIDE, OPT_COMPARE, OPT_REDIRECT,
       OPT_INCONCLUSIVE, OPT_DUMP_LAYOUT, OPT_CALIBRATE, OPT_QUICK };

static const struct option long_options[] = {
	{"batch", no_argument, NULL, 'b'},
	{"list", no_argument, NULL, 'l'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{"lesson", required_argument, NULL, OPT_LESSON},
	{"trials", required_argument, NULL, OPT_TRIALS},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"output", required_argument, NULL, OPT_OUTPUT},
	{"lessons", required_argument, NULL, OPT_LESSONS},
	{"dir", required_argument, NULL, OPT_DIR},
	{"size", required_argument, NULL, OPT_SIZE},
	{"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
	{"no-color", no_argument, NULL, OPT_NO_COLOR},
	{"perf", no_argument, NULL, OPT_PERF},
	{"watch", required_argument, NULL, OPT_WATCH},
	{"race", required_argument, NULL, OPT_RACE},
	{"present", no_argument, NULL, OPT_PRESENT},
	{"allow-commands", no_argument, NULL, OPT_ALLOW_COMMANDS},
	{"db", required_argument, NULL, OPT_DB},
	{"no-record", no_argument, NULL, OPT_NO_RECORD},
	{"history", no_argument, NULL, OPT_HISTORY},
	{"forget", no_argument, NULL, OPT_FORGET},
	{"yes", no_argument, NULL, OPT_YES},
	{"run", required_argument, NULL, OPT_RUN},
	{"command", no_argument, NULL, OPT_COMMAND},
	{"op", required_argument, NULL, OPT_OP},
	{"calibrate", no_argument, NULL, OPT_CALIBRATE},
	{"quick", no_argument, NULL, OPT_QUICK},
	{"report", required_argument, NULL, OPT_REPORT},
	{"from", required_argument, NULL, OPT_FROM},
	{"class", no_argument, NULL, OPT_CLASS},
	{"wide", no_argument, NULL, OPT_WIDE},
	{"compare", required_argument, NULL, OPT_COMPARE},
	{"redirect", required_argument, NULL, OPT_REDIRECT},
	{"inconclusive", required_argument, NULL, OPT_INCONCLUSIVE},
	{"dump-layout", required_argument, NULL, OPT_DUMP_LAYOUT},
	{NULL, 0, NULL, 0}
};

/* "      --format F        text, json, csv, tap or gradescope (default text)": from the
 * format table, so a new format shows up here by itself. */
static void usage_format(FILE *out)
{
	char names[128];
	report_format_list(names, sizeof names);
	fprintf(out, "      --format F        %s (default %s)\n", names, report_format_default()->name);
}

void cli_usage(FILE *out)
{
	fputs(
"Usage: iolab [OPTION]...            the interactive lab (needs a terminal)\n"
"       iolab --batch [OPTION]...    run lessons headless and print results\n"
"       iolab --list                 lesson ids and titles, in course order\n"
"       iolab [--batch] --run SPEC   one experiment: op=read block=512 ...\n"
"       iolab [--batch] --command [--op read|write] [--redirect stdin|stdout]\n"
"             [--size S] -- PROG ARG... [{file}]\n"
"                                    measure a program on the lab's data file\n"
"       iolab --history [--lesson ID] [--format F]   the saved runs\n"
"       iolab --forget [--yes]       delete every saved run\n"
"       iolab --report FILE.html [--from BATCH.json]   the lab report\n"
"       iolab --class [--format F] FILE...   a class's machines merged\n"
"\n"
"A terminal lab that shows how file I/O buffering and caching work on Linux\n"
"by running the experiments for real, on real files.\n"
"\n"
"Options:\n"
"  -b, --batch           run without a terminal; results to stdout or --output\n"
"  -l, --list            print 'id<TAB>title' for every lesson and exit\n"
"      --lesson ID[,ID]  only these lessons (repeatable); interactive: open here\n"
"      --trials N        trials per lesson, the median is reported (default 5)\n", out);
	usage_format(out);
	fputs(
"      --output FILE     write the results there (whole, then renamed in place)\n"
"      --lessons DIR     read course.yaml and the lessons from DIR\n"
"      --allow-commands  run the programs of 'api: command' lessons from a\n"
"                        lesson directory other than the installed course\n"
"                        (without it batch refuses them; the lab asks first)\n"
"      --dir DIR         scratch directory for data files\n"
"                        (default $XDG_CACHE_HOME/iolab or ~/.cache/iolab)\n"
"      --size SIZE       override every lesson's file size (e.g. 1MiB)\n"
"      --time-limit T    override every lesson's per-trial time limit\n"
"                        (e.g. 2s; more than 0, at most 1 hour)\n"
"      --inconclusive P  batch: a claim the lab could not decide is credited\n"
"                        (credit, the default), failed (fail), or its lesson\n"
"                        run again, up to 3 times, then credited (retry)\n"
"      --perf            also count every syscall by kind with perf, in a\n"
"                        separate counting pass (where the kernel permits)\n"
"      --no-color        no colours (so does the NO_COLOR variable)\n"
"\n"
"Experiments and the lab notebook:\n"
"      --run SPEC        run the workload SPEC (doc/spec-syntax.md), reported as\n"
"                        lesson 'experiment'; interactive: opens it in the form\n"
"      --command         run the words after '--' as a program, {file} being the\n"
"                        lab's data file, measured like a command lesson\n"
"      --op OP           what --command does to the file: read (default), write\n"
"      --redirect R      --command: the data file on the program's stdin (a\n"
"                        read) or its stdout (a write, --op write implied)\n"
"      --db FILE         the notebook's database, every run kept (default\n"
"                        $XDG_STATE_HOME/iolab/lab.db, else\n"
"                        ~/.local/state/iolab/lab.db)\n"
"      --no-record       batch: do not save the runs in the notebook\n"
"      --wide            batch text: one line per lesson, however wide (else\n"
"                        the table fits 80 columns, the rest in more tables)\n"
"      --history         print the saved runs (--lesson, --format text|json|csv)\n"
"      --forget          delete every saved run (asks first; --yes: it does not)\n"
"      --calibrate       measure this machine's costs (at most 20 s) into the\n"
"                        notebook, for every result's model (--format text|json)\n"
"      --quick           --calibrate in about a second: rougher, for tests\n"
"\n"
"Results out of the terminal:\n"
"      --report FILE     write the lab report: one self-contained HTML file from\n"
"                        the notebook (--format svg: one chart of --lesson)\n"
"      --from FILE       --report reads this batch JSON document instead\n"
"      --class           merge the batch JSON documents or --history exports\n"
"                        named after the options, one per machine (--format\n"
"                        text|json|csv; with --report: in the report)\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Interactive only (batch keeps the lessons' own time limits):\n"
"      --watch T         how long a run lasts: the lesson's trials, each with its\n"
"                        own time limit, back to back for T (3s, 10s, 1m ...),\n"
"                        or 'pass' for one pass (default 10s)\n"
"      --race ID,ID      race these two lessons side by side at once\n"
"      --present         presentation mode: big figures for a projector\n"
"      --compare ID,...  open the comparison: these lessons as bars on one log\n"
"                        axis, each with this machine's latest rate and the\n"
"                        reference machines' (Tab: the lecture's groups)\n"
"\n"
"Debugging:\n"
"      --dump-layout COLSxROWS  print every panel's rectangle of every screen\n"
"                        at that size ('SCREEN PANEL Y X H W' lines) and exit\n"
"\n"
"Exit status: 0 every lesson ran, 1 a lesson failed, 2 bad command line,\n"
"3 invalid lesson files, 4 unusable environment, 5 every lesson ran but an\n"
"expectation was missed, 130/143 interrupted.\n"
"\n"
"Report bugs to: " PACKAGE_BUGREPORT "\n", out);
}

static int __attribute__((format(printf, 2, 3)))
usage_error(FILE *err, const char *fmt, ...)
{
	/* the message may echo an argument: what a terminal must not be sent
	 * becomes '?' (sanitize.h) */
	char *raw = NULL;
	va_list ap;
	va_start(ap, fmt);
	int n = vasprintf(&raw, fmt, ap);
	va_end(ap);
	char *safe = n < 0 ? NULL : sanitize_dup(raw, NULL);
	fprintf(err, "iolab: %s\nTry 'iolab --help' for more information.\n",
	        safe ? safe : "out of memory");
	free(raw);
	free(safe);
	return EXIT_USAGE;
}

/* "invalid format 'xml' (text, json, csv, tap or gradescope)": the names from the table */
static int format_error(FILE *err, const char *arg)
{
	char names[128];
	report_format_list(names, sizeof names);
	return usage_error(err, "invalid format '%s' (%s)", arg, names);
}

/* A directory option: an empty argument is a mistake, not "use the
 * default" (else --dir "" would end in "HOME is not set"). */
static int dir_arg(const char *arg, const char *name, const char **out, FILE *err)
{
	if (!*arg)
		return usage_error(err, "option '%s' needs a directory; the argument is empty", name);
	*out = arg;
	return 0;
}

/* "a,b,c" -> three ids.  An empty id (",", "a,,b", "a,") is an error, not
 * a gap to skip: strtok would skip it, and "--lesson ," then ran the whole
 * course. */
static int add_ids(char ***ids, size_t *nids, const char *arg)
{
	for (const char *id = arg;; id++) {
		size_t n = strcspn(id, ",");
		if (n == 0)
			return -1;
		char **grown = realloc(*ids, (*nids + 1) * sizeof *grown);
		if (!grown)
			return -1;
		*ids = grown;
		if (!(grown[*nids] = strndup(id, n)))
			return -1;
		(*nids)++;
		id += n;
		if (!*id)
			return 0;
	}
}

static int add_lessons(struct options *o, const char *arg)
{
	return add_ids(&o->lessons, &o->nlessons, arg);
}

static int parse_trials(const char *arg, unsigned *out)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < 1 || v > 1000)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* "w01-syncbyte,w03-byte": exactly two non-empty ids. */
static int parse_race(const char *arg, struct options *o)
{
	const char *comma = strchr(arg, ',');
	if (!comma || comma == arg || !comma[1] || strchr(comma + 1, ','))
		return -1;
	free(o->race[0]);
	free(o->race[1]);
	o->race[0] = strndup(arg, (size_t)(comma - arg));
	o->race[1] = strdup(comma + 1);
	return o->race[0] && o->race[1] ? 0 : -1;
}

/* A format of the report table, or one --report writes (html, svg),
 * which --report's own check places. */
static int parse_format(const char *arg, struct options *o)
{
	const struct report_format *f = report_format_find(arg);
	o->format_name = arg;
	if (f) {
		o->format = f;
		return 0;
	}
	return report_cmd_format_known(arg) ? 0 : -1;
}

/* "200x60" -> 200 columns, 60 rows. */
static int parse_dump_layout(const char *arg, struct options *o)
{
	int cols, lines, end = 0;
	if (sscanf(arg, "%4dx%4d%n", &cols, &lines, &end) != 2 || arg[end] || cols <= 0 || lines <= 0)
		return -1;
	o->dump_layout_cols = cols;
	o->dump_layout_lines = lines;
	return 0;
}

/* One option with its argument; returns 0 or EXIT_USAGE. */
static int apply_option(int c, const char *arg, struct options *o, FILE *err)
{
	switch (c) {
	case 'b': o->batch = 1; return 0;
	case 'l': o->list = 1; return 0;
	case 'h': o->help = 1; return 0;
	case 'V': o->version = 1; return 0;
	case OPT_NO_COLOR: o->no_color = 1; return 0;
	case OPT_PERF: o->perf = 1; return 0;
	case OPT_PRESENT: o->present = 1; return 0;
	case OPT_WIDE: o->wide = 1; return 0;
	case OPT_COMPARE:
		if (*arg == '\0' || add_ids(&o->compare, &o->ncompare, arg) != 0)
			return usage_error(err, "invalid --compare '%s' (lesson ids: ID,ID,...)", arg);
		return 0;
	case OPT_WATCH:
		if (watch_parse(arg, &o->watch) != 0)
			return usage_error(err, "invalid watch time '%s' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)", arg);
		return 0;
	case OPT_RACE:
		if (parse_race(arg, o) != 0)
			return usage_error(err, "invalid race '%s' (two lesson ids: ID,ID)", arg);
		return 0;
	case OPT_ALLOW_COMMANDS: o->allow_commands = 1; return 0;
	case OPT_OUTPUT: o->output = arg; return 0;
	case OPT_LESSONS: return dir_arg(arg, "--lessons", &o->lessons_dir, err);
	case OPT_DIR: return dir_arg(arg, "--dir", &o->scratch_dir, err);
	case OPT_LESSON:
		if (!*arg || add_lessons(o, arg) != 0)
			return usage_error(err, "invalid lesson list '%s'", arg);
		return 0;
	case OPT_TRIALS:
		if (parse_trials(arg, &o->trials) != 0)
			return usage_error(err, "invalid number of trials '%s' (1 to 1000)", arg);
		return 0;
	case OPT_FORMAT:
		if (parse_format(arg, o) != 0)
			return format_error(err, arg);
		return 0;
	case OPT_SIZE:
		if (units_parse_size(arg, &o->size) != 0 || o->size == 0 || o->size > WL_SIZE_MAX)
			return usage_error(err, "invalid size '%s' (1 B to 64 GiB, e.g. 10MiB)", arg);
		return 0;
	case OPT_TIME_LIMIT:
		/* the loader's bounds (wl_spec_check): past them every lesson
		 * would fail, so the command line is what is wrong */
		if (units_parse_duration(arg, &o->time_limit) != 0 || !(o->time_limit > 0)
		    || o->time_limit > WL_TIME_LIMIT_MAX)
			return usage_error(err, "invalid time limit '%s' (more than 0 and at most 1 hour, "
			                   "e.g. 5s, 500ms or 1h)", arg);
		return 0;
	case OPT_DB:
		if (!*arg)
			return usage_error(err, "option '--db' needs a file; the argument is empty");
		o->db = arg;
		return 0;
	case OPT_NO_RECORD: o->no_record = 1; return 0;
	case OPT_HISTORY: o->history = 1; return 0;
	case OPT_FORGET: o->forget = 1; return 0;
	case OPT_CALIBRATE: o->calibrate = 1; return 0;
	case OPT_QUICK: o->quick = 1; return 0;
	case OPT_YES: o->yes = 1; return 0;
	case OPT_RUN: o->run_spec = arg; return 0;
	case OPT_COMMAND: o->command_given = 1; return 0;
	case OPT_CLASS: o->class_given = 1; return 0;
	case OPT_DUMP_LAYOUT:
		if (parse_dump_layout(arg, o) != 0)
			return usage_error(err, "invalid size '%s' (COLSxROWS, e.g. 80x24)", arg);
		return 0;
	case OPT_REPORT:
		if (!*arg)
			return usage_error(err, "option '--report' needs a file; the argument is empty");
		o->report = arg;
		return 0;
	case OPT_FROM:
		if (!*arg)
			return usage_error(err, "option '--from' needs a file; the argument is empty");
		o->from = arg;
		return 0;
	case OPT_OP:
		if (strcmp(arg, "read") == 0)
			o->op = WL_OP_READ;
		else if (strcmp(arg, "write") == 0)
			o->op = WL_OP_WRITE;
		else
			return usage_error(err, "invalid --op '%s' (read or write)", arg);
		o->op_given = 1;
		return 0;
	case OPT_REDIRECT:
		if (wl_redirect_from_name(arg, &o->redirect) != 0 || o->redirect == WL_REDIRECT_NONE)
			return usage_error(err, "invalid --redirect '%s' (stdin or stdout)", arg);
		return 0;
	case OPT_INCONCLUSIVE:
		if (report_inconclusive_from_name(arg, &o->inconclusive) != 0)
			return usage_error(err, "invalid --inconclusive '%s' (credit, fail or retry)", arg);
		return 0;
	default:
		fputs("Try 'iolab --help' for more information.\n", err);
		return EXIT_USAGE;
	}
}

/* --- actions that exclude each other, and the experiment ------------------- */

/* --report, --from, --class and the formats only they write. */
static int check_report(const struct options *o, FILE *err)
{
	int own_format = o->format_name && report_cmd_format_known(o->format_name);
	if (o->batch && (o->report || o->class_given))
		return usage_error(err, "--batch runs lessons; %s reads results already made",
		                   o->report ? "--report" : "--class");
	if (o->from && !o->report)
		return usage_error(err, "--from goes with --report");
	if (own_format && !o->report)
		return usage_error(err, "--format %s goes with --report", o->format_name);
	if (o->report && o->format_name && !own_format)
		return usage_error(err, "--report writes html or svg, not %s", o->format_name);
	if (o->class_given && o->nclass_files == 0)
		return usage_error(err, "--class needs the files to merge: iolab --class FILE...");
	return 0;
}

/* Options that each choose what the program does: at most one of them. */
static int check_actions(const struct options *o, FILE *err)
{
	const struct { int on; const char *name; } actions[] = {
		{o->list, "--list"}, {o->history, "--history"}, {o->forget, "--forget"},
		{o->run_spec != NULL, "--run"}, {o->command_given, "--command"},
		{o->calibrate, "--calibrate"},
		{o->report != NULL, "--report"}, {o->class_given && !o->report, "--class"},
		{o->dump_layout_cols > 0, "--dump-layout"},
	};
	const char *first = NULL;
	for (size_t i = 0; i < sizeof actions / sizeof *actions; i++) {
		if (!actions[i].on)
			continue;
		if (first)
			return usage_error(err, "%s and %s cannot be used together", first,
			                   actions[i].name);
		first = actions[i].name;
	}
	if (first && (o->run_spec || o->command_given) && o->nlessons)
		return usage_error(err, "%s runs one experiment: it takes no --lesson", first);
	if (o->op_given && !o->command_given)
		return usage_error(err, "--op goes with --command");
	if (o->redirect != WL_REDIRECT_NONE && !o->command_given)
		return usage_error(err, "--redirect goes with --command");
	if (o->yes && !o->forget)
		return usage_error(err, "--yes goes with --forget");
	if (o->quick && !o->calibrate)
		return usage_error(err, "--quick goes with --calibrate");
	if (o->calibrate && strcmp(o->format->name, "text") != 0 && strcmp(o->format->name, "json") != 0)
		return usage_error(err, "--calibrate prints text or json, not %s", o->format->name);
	/* the lab keeps every run: silently saving what was asked not to be
	 * saved would be worse than a refusal */
	if (o->no_record && !o->batch)
		return usage_error(err, "--no-record goes with --batch (the lab keeps every run; "
		                   "--db FILE gives it a notebook of its own)");
	return check_report(o, err);
}

/* "  op=read blok=4\n          ^\n": the spec, printable, and a caret under
 * the character at byte `at` (counted in characters, not bytes). */
static void show_caret(FILE *err, const char *text, size_t at)
{
	size_t len = strlen(text);
	fputs("  ", err);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		fputc(c < 0x20 || c == 0x7f ? '?' : c, err);
	}
	fprintf(err, "\n  %*s^\n", (int)utf8_count(text, at < len ? at : len), "");
}

/* --command's words as the command row of wl_keys.h reads a lesson's list,
 * so a word is refused with the loader's message. */
static int command_spec(const struct options *o, struct wl_spec *s, char *msg, size_t len)
{
	const struct wl_key *k = &wl_key_table[WLK_COMMAND];
	wl_spec_init(s);
	s->api = WL_API_COMMAND;
	s->op = o->op_given ? o->op : o->redirect == WL_REDIRECT_STDOUT ? WL_OP_WRITE : WL_OP_READ;
	s->redirect = o->redirect;
	if (k->begin(k, s, o->ncommand, msg, len) != 0)
		return -1;
	for (size_t i = 0; i < o->ncommand; i++)
		if (k->parse(k, s, o->command[i], strlen(o->command[i]), msg, len) != 0)
			return -1;
	return wl_command_unsafe_script(s, msg, len) >= 0 ? -1 : 0;
}

/* --run SPEC or --command: the workload, checked as a lesson's would be,
 * with --size and --time-limit applied. */
static int parse_experiment(struct options *o, FILE *err)
{
	char msg[VALUE_MSG_MAX];
	size_t at = 0;
	struct wl_spec *s = &o->experiment;
	if (o->run_spec) {
		if (o->run_spec[strspn(o->run_spec, " \t")] == '\0')
			return usage_error(err, "--run needs a workload: KEY=VALUE words such as "
			                   "'op=read block=4096' (doc/spec-syntax.md)");
		if (wl_spec_parse(o->run_spec, NULL, s, msg, sizeof msg, &at) != 0) {
			fprintf(err, "iolab: --run: %s\n", msg);
			show_caret(err, o->run_spec, at);
			fputs("Try 'iolab --help' for more information.\n", err);
			return EXIT_USAGE;
		}
	} else if (o->ncommand == 0) {
		return usage_error(err, "--command needs a program: iolab --command -- PROG ARG... {file}");
	} else if (command_spec(o, s, msg, sizeof msg) != 0) {
		wl_spec_free(s);
		return usage_error(err, "--command: %s", msg);
	}
	o->have_experiment = 1;
	if (o->size) {
		/* a stride the user wrote is theirs: only a lesson's regions are
		 * scaled with its size (wl_spec_resize); a stride now beyond the
		 * size is refused by the check below */
		uint64_t stride = s->stride;
		wl_spec_resize(s, o->size);
		s->stride = stride;
	}
	if (o->time_limit > 0)
		s->time_limit = o->time_limit;
	if (wl_spec_check(s, msg, sizeof msg) != 0)
		return usage_error(err, "%s: %s", o->run_spec ? "--run" : "--command", msg);
	return 0;
}

int cli_parse(int argc, char **argv, struct options *o, FILE *err)
{
	memset(o, 0, sizeof *o);
	o->trials = 5;
	o->format = report_format_default();
	o->watch = WATCH_DEFAULT;
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":blhV", long_options, NULL)) != -1) {
		if (c == '?') {
			if (optopt)
				return usage_error(err, "invalid option -- '%c'", optopt);
			return usage_error(err, "unrecognized option '%s'", argv[optind - 1]);
		}
		if (c == ':')
			return usage_error(err, "option '%s' requires an argument", argv[optind - 1]);
		int rc = apply_option(c, optarg, o, err);
		if (rc != 0)
			return rc;
	}
	if (o->command_given) {
		o->command = argv + optind;
		o->ncommand = (size_t)(argc - optind);
	} else if (o->class_given) {
		o->class_files = argv + optind;
		o->nclass_files = (size_t)(argc - optind);
	} else if (optind < argc) {
		return usage_error(err, "unexpected argument '%s'", argv[optind]);
	}
	int rc = check_actions(o, err);
	if (rc == 0 && (o->run_spec || o->command_given))
		rc = parse_experiment(o, err);
	if (rc != 0)
		return rc;
	if (getenv("NO_COLOR") && *getenv("NO_COLOR"))
		o->no_color = 1;
	return 0;
}

void cli_options_free(struct options *o)
{
	for (size_t i = 0; i < o->nlessons; i++)
		free(o->lessons[i]);
	free(o->lessons);
	o->lessons = NULL;
	o->nlessons = 0;
	for (size_t i = 0; i < o->ncompare; i++)
		free(o->compare[i]);
	free(o->compare);
	o->compare = NULL;
	o->ncompare = 0;
	if (o->have_experiment)
		wl_spec_free(&o->experiment);
	o->have_experiment = 0;
	for (int i = 0; i < 2; i++) {
		free(o->race[i]);
		o->race[i] = NULL;
	}
}

/* Can the lab take this terminal?  0 if so; else says why on stderr and
 * returns the status.  No terminal on stdin or stdout is a matter of how
 * iolab was started (2, like a bad option: --batch is the way there); a
 * terminal whose type says it cannot move the cursor is the environment
 * (4): the command was right, the terminal cannot show the lab. */
static int check_terminal(void)
{
	const char *term = getenv("TERM");
	const char *batch = "use 'iolab --batch' to run lessons headless.\n";
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "iolab: the interactive lab needs a terminal, and standard %s is not one;\n%s",
		        !isatty(STDIN_FILENO) ? "input" : "output", batch);
		return EXIT_USAGE;
	}
	if (!term || !*term) {
		fprintf(stderr, "iolab: TERM is not set, so the lab cannot tell how to draw on this "
		        "terminal;\nset it (e.g. TERM=xterm-256color), or %s", batch);
		return EXIT_ENVIRONMENT;
	}
	if (strcmp(term, "dumb") == 0) {
		fprintf(stderr, "iolab: this terminal (TERM=dumb) cannot be addressed: the lab moves "
		        "the cursor\nto draw its screen; run it in a terminal that can (e.g. "
		        "TERM=xterm-256color), or %s", batch);
		return EXIT_ENVIRONMENT;
	}
	return 0;
}

/* An output file (--output, --report) that would write over what the run
 * keeps or reads: the notebook and its companions, or a document --report
 * or --class is made from.  Refused before anything is read or written. */
static int refuse_output(const struct options *o)
{
	const struct { const char *option, *path; } outs[] = {
		{"--output", o->output}, {"--report", o->report},
	};
	for (size_t i = 0; i < sizeof outs / sizeof *outs; i++) {
		if (!outs[i].path)
			continue;
		if (store_names_notebook(o->db, outs[i].path))
			return usage_error(stderr, "%s %s is the lab's notebook (or a file SQLite keeps "
			                   "beside it); the report would write over the saved runs",
			                   outs[i].option, outs[i].path);
		const char *in = report_cmd_input_at(o, outs[i].path);
		if (in)
			return usage_error(stderr, "%s %s is %s, which the report is made from; "
			                   "write it to another file", outs[i].option, outs[i].path, in);
	}
	return 0;
}

static int dispatch(const struct options *o, cli_interactive_fn interactive)
{
	if (o->help) {
		cli_usage(stdout);
		return EXIT_RAN;
	}
	if (o->version) {
		printf("iolab %s\n", PACKAGE_VERSION);
		return EXIT_RAN;
	}
	int rc = refuse_output(o);
	if (rc)
		return rc;
	if (o->forget)
		return store_cmd_forget(o->db, o->yes, stdin, stdout, stderr);
	if (o->history)
		return history_cmd(o, stdout, stderr);
	if (o->calibrate)
		return calib_cmd(o, stdout, stderr);
	if (o->report)
		return report_cmd(o, stderr);
	if (o->class_given)
		return report_cmd_class(o, stderr);
	if (o->list)
		return batch_list(o);
	if (o->batch)
		return batch_run(o);
	if (o->dump_layout_cols)      /* the lab's layout, with no terminal */
		return interactive(o);
	rc = check_terminal();
	return rc ? rc : interactive(o);
}

int cli_run(int argc, char **argv, cli_interactive_fn interactive)
{
	struct options o;
	int rc = cli_parse(argc, argv, &o, stderr);
	if (rc == 0)
		rc = dispatch(&o, interactive);
	cli_options_free(&o);
	if (fflush(stdout) != 0 && rc == 0) {
		perror("iolab: stdout");
		rc = EXIT_ENVIRONMENT;
	}
	return rc;
}
