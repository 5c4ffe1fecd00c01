/* check_cli.c - option parsing and its exact messages. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "manpage.h"
#include "report.h"
#include "report_format.h"
#include "suites.h"

/* parse argv (NULL-terminated), capture what goes to err */
static int parse(struct options *o, char *err, size_t errlen, char **argv)
{
	int argc = 0;
	while (argv[argc])
		argc++;
	FILE *f = fmemopen(err, errlen, "w");
	ck_assert_ptr_nonnull(f);
	int rc = cli_parse(argc, argv, o, f);
	fclose(f);
	return rc;
}

START_TEST(defaults)
{
	struct options o;
	char err[256] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", NULL}), 0);
	ck_assert_int_eq(o.batch, 0);
	ck_assert_uint_eq(o.trials, 5);
	ck_assert_ptr_eq(o.format, report_format_find("text"));
	ck_assert_str_eq(o.format->name, "text");
	ck_assert_ptr_null(o.output);
	ck_assert_uint_eq(o.nlessons, 0);
	ck_assert_int_eq(o.allow_commands, 0);
	cli_options_free(&o);
}
END_TEST

/* --allow-commands: a lesson pack's programs may run (trust.h); it takes
 * no argument, and --help says what it does. */
START_TEST(allow_commands)
{
	struct options o;
	char err[256] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err,
	                       (char *[]){"iolab", "--batch", "--allow-commands", NULL}), 0);
	ck_assert_int_eq(o.allow_commands, 1);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err,
	                       (char *[]){"iolab", "--allow-commands=yes", NULL}), EXIT_USAGE);
	char help[4096] = "";
	FILE *f = fmemopen(help, sizeof help, "w");
	ck_assert_ptr_nonnull(f);
	cli_usage(f);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(help, "      --allow-commands  run the programs of 'api: command' "
	                                   "lessons from a\n"));
}
END_TEST

/* --compare ID,ID,...: the ids in order (repeatable); an empty id is a
 * bad command line.  --wide takes no argument. */
START_TEST(compare_and_wide)
{
	struct options o;
	char err[256] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--compare",
	                       "w01-syncbyte,w03-byte", "--compare", "r01-byte", NULL}), 0);
	ck_assert_uint_eq(o.ncompare, 3);
	ck_assert_str_eq(o.compare[0], "w01-syncbyte");
	ck_assert_str_eq(o.compare[1], "w03-byte");
	ck_assert_str_eq(o.compare[2], "r01-byte");
	ck_assert_int_eq(o.wide, 0);
	cli_options_free(&o);
	ck_assert_ptr_null(o.compare);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--compare", "a,,b", NULL}),
	                 EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: invalid --compare 'a,,b' (lesson ids: ID,ID,...)\n"
	                 "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--compare", "", NULL}),
	                 EXIT_USAGE);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--batch", "--wide", NULL}), 0);
	ck_assert_int_eq(o.wide, 1);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--wide=yes", NULL}), EXIT_USAGE);
	cli_options_free(&o);
}
END_TEST

START_TEST(batch_options)
{
	struct options o;
	char err[256] = "";
	char *argv[] = {"iolab", "--batch", "--lesson", "w01-syncbyte,w03-byte",
	                "--lesson", "r01-byte", "--trials", "3", "--format", "json",
	                "--size", "1MiB", "--time-limit", "500ms", "--output", "r.json", NULL};
	ck_assert_int_eq(parse(&o, err, sizeof err, argv), 0);
	ck_assert_int_eq(o.batch, 1);
	ck_assert_uint_eq(o.nlessons, 3);
	ck_assert_str_eq(o.lessons[0], "w01-syncbyte");
	ck_assert_str_eq(o.lessons[1], "w03-byte");
	ck_assert_str_eq(o.lessons[2], "r01-byte");
	ck_assert_uint_eq(o.trials, 3);
	ck_assert_ptr_eq(o.format, report_format_find("json"));
	ck_assert_str_eq(o.format->name, "json");
	ck_assert_uint_eq(o.size, 1048576);
	ck_assert_double_eq_tol(o.time_limit, 0.5, 1e-12);
	ck_assert_str_eq(o.output, "r.json");
	cli_options_free(&o);
}
END_TEST

START_TEST(bad_options)
{
	struct options o;
	char err[256];
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--frobnicate", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: unrecognized option '--frobnicate'\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--trials", "0", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: invalid number of trials '0' (1 to 1000)\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--format", "xml", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: invalid format 'xml' (text, json, csv, tap or gradescope)\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--size", "0", NULL}), EXIT_USAGE);
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--trials", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: option '--trials' requires an argument\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "stray", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: unexpected argument 'stray'\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "-x", NULL}), EXIT_USAGE);
	ck_assert_str_eq(err, "iolab: invalid option -- 'x'\n"
	                      "Try 'iolab --help' for more information.\n");
	cli_options_free(&o);
}
END_TEST

/* The lab's lecture options: --watch, --race, --present. */
START_TEST(lecture_options)
{
	struct options o;
	char err[256] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", NULL}), 0);
	ck_assert_double_eq(o.watch, 10);                  /* WATCH_DEFAULT */
	ck_assert_ptr_null(o.race[0]);
	ck_assert_ptr_null(o.race[1]);
	ck_assert_int_eq(o.present, 0);
	cli_options_free(&o);
	char *argv[] = {"iolab", "--watch", "3s", "--race", "w01-syncbyte,w03-byte", "--present", NULL};
	ck_assert_int_eq(parse(&o, err, sizeof err, argv), 0);
	ck_assert_double_eq(o.watch, 3);
	ck_assert_str_eq(o.race[0], "w01-syncbyte");
	ck_assert_str_eq(o.race[1], "w03-byte");
	ck_assert_int_eq(o.present, 1);
	cli_options_free(&o);
	ck_assert_ptr_null(o.race[0]);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--watch", "pass", NULL}), 0);
	ck_assert_double_eq(o.watch, 0);                   /* one pass */
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--watch", "1m", NULL}), 0);
	ck_assert_double_eq(o.watch, 60);
	cli_options_free(&o);
	/* the last --race wins */
	char *twice[] = {"iolab", "--race", "a,b", "--race", "c,d", NULL};
	ck_assert_int_eq(parse(&o, err, sizeof err, twice), 0);
	ck_assert_str_eq(o.race[0], "c");
	ck_assert_str_eq(o.race[1], "d");
	cli_options_free(&o);
}
END_TEST

START_TEST(bad_lecture_options)
{
	static const struct {
		const char *opt, *arg, *message;
	} cases[] = {
		{"--watch", "0s", "iolab: invalid watch time '0s' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)\n"},
		{"--watch", "2h", "iolab: invalid watch time '2h' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)\n"},
		{"--watch", "0.05s", "iolab: invalid watch time '0.05s' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)\n"},
		{"--watch", "61m", "iolab: invalid watch time '61m' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)\n"},
		{"--watch", "soon", "iolab: invalid watch time 'soon' (0.1s to 60m, e.g. 3s, 10s, 1m, or pass)\n"},
		{"--race", "w01-syncbyte", "iolab: invalid race 'w01-syncbyte' (two lesson ids: ID,ID)\n"},
		{"--race", "a,b,c", "iolab: invalid race 'a,b,c' (two lesson ids: ID,ID)\n"},
		{"--race", ",b", "iolab: invalid race ',b' (two lesson ids: ID,ID)\n"},
		{"--race", "a,", "iolab: invalid race 'a,' (two lesson ids: ID,ID)\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct options o;
		char err[256], want[320];
		memset(err, 0, sizeof err);
		char *argv[] = {"iolab", (char *)cases[i].opt, (char *)cases[i].arg, NULL};
		ck_assert_int_eq(parse(&o, err, sizeof err, argv), EXIT_USAGE);
		snprintf(want, sizeof want, "%sTry 'iolab --help' for more information.\n", cases[i].message);
		ck_assert_str_eq(err, want);
		cli_options_free(&o);
	}
}
END_TEST

/* Every row of the format table is a --format the command line takes, and
 * the usage text and the error message list them all, in table order. */
START_TEST(formats_from_the_table)
{
	struct options o;
	char err[256], list[128] = "", usage[4096] = "";
	size_t n = 0;
	for (const struct report_format *f; (f = report_format_at(n)) != NULL; n++) {
		ck_assert_ptr_nonnull(f->write);
		ck_assert_ptr_eq(report_format_find(f->name), f);
		ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--format", (char *)f->name, NULL}), 0);
		ck_assert_ptr_eq(o.format, f);
		cli_options_free(&o);
		size_t used = strlen(list);
		snprintf(list + used, sizeof list - used, "%s%s", n == 0 ? "" : report_format_at(n + 1) ? ", " : " or ", f->name);
	}
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(list, "text, json, csv, tap or gradescope");
	ck_assert_ptr_null(report_format_find("xml"));
	ck_assert_ptr_eq(report_format_default(), report_format_at(0));
	char got[128];
	report_format_list(got, sizeof got);
	ck_assert_str_eq(got, list);
	FILE *f = fmemopen(usage, sizeof usage - 1, "w");
	ck_assert_ptr_nonnull(f);
	cli_usage(f);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(usage,
		"      --trials N        trials per lesson, the median is reported (default 5)\n"
		"      --format F        text, json, csv, tap or gradescope (default text)\n"
		"      --output FILE     write the results there (whole, then renamed in place)\n"));
}
END_TEST

/* The lab notebook's options, and one experiment instead of lessons. */
START_TEST(notebook_options)
{
	struct options o;
	char err[512] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--history", "--db", "x.db",
	                 "--lesson", "w03-byte", "--format", "csv", NULL}), 0);
	ck_assert_int_eq(o.history, 1);
	ck_assert_str_eq(o.db, "x.db");
	ck_assert_str_eq(o.lessons[0], "w03-byte");
	ck_assert_str_eq(o.format->name, "csv");
	ck_assert_int_eq(o.have_experiment, 0);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--forget", "--yes", NULL}), 0);
	ck_assert_int_eq(o.forget, 1);
	ck_assert_int_eq(o.yes, 1);
	ck_assert_ptr_null(o.db);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--batch", "--no-record", NULL}), 0);
	ck_assert_int_eq(o.no_record, 1);
	cli_options_free(&o);

	/* --run: parsed and checked, with --size and --time-limit applied */
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--batch", "--run",
	                 "op=read api=stdio block=512 stride=1MiB", "--time-limit", "2s", NULL}), 0);
	ck_assert_int_eq(o.have_experiment, 1);
	ck_assert_int_eq(o.experiment.op, WL_OP_READ);
	ck_assert_int_eq(o.experiment.api, WL_API_STDIO);
	ck_assert_uint_eq(o.experiment.block, 512);
	ck_assert_uint_eq(o.experiment.stride, 1u << 20);
	ck_assert_double_eq(o.experiment.time_limit, 2.0);
	cli_options_free(&o);
	/* --size changes the size of a --run spec, never the stride it wrote */
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--batch", "--run",
	                 "op=read api=stdio block=512 stride=512", "--size", "51200000", NULL}), 0);
	ck_assert_uint_eq(o.experiment.size, 51200000);
	ck_assert_uint_eq(o.experiment.stride, 512);
	ck_assert_uint_eq(o.experiment.block, 512);
	cli_options_free(&o);

	/* --command: the words after --, as argv; --op and --size */
	char *argv[] = {"iolab", "--batch", "--command", "--op", "write", "--size", "1MiB", "--",
	                "dd", "if=/dev/zero", "of={file}", "--size", NULL};
	ck_assert_int_eq(parse(&o, err, sizeof err, argv), 0);
	ck_assert_int_eq(o.have_experiment, 1);
	ck_assert_uint_eq(o.ncommand, 4);
	ck_assert_int_eq(o.experiment.api, WL_API_COMMAND);
	ck_assert_int_eq(o.experiment.op, WL_OP_WRITE);
	ck_assert_uint_eq(o.experiment.size, 1u << 20);
	ck_assert_uint_eq(o.experiment.command_len, 4);
	ck_assert_str_eq(o.experiment.command[0], "dd");
	ck_assert_str_eq(o.experiment.command[3], "--size");
	ck_assert_ptr_null(o.experiment.command[4]);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--command", "--", "cat",
	                 "{file}", NULL}), 0);
	ck_assert_int_eq(o.experiment.op, WL_OP_READ);         /* the default */
	cli_options_free(&o);
}
END_TEST

/* The usage error for argv, exact. */
static void expect_usage_error(char **argv, const char *want)
{
	struct options o;
	char err[512];
	memset(err, 0, sizeof err);
	ck_assert_int_eq(parse(&o, err, sizeof err, argv), EXIT_USAGE);
	ck_assert_str_eq(err, want);
	cli_options_free(&o);
}

/* A short option getopt does not know names its own letter (a char * given
 * to %c printed a byte of the pointer: '(' or 'h'). */
START_TEST(unknown_short_option)
{
	expect_usage_error((char *[]){"iolab", "-z", NULL},
	                   "iolab: invalid option -- 'z'\n"
	                   "Try 'iolab --help' for more information.\n");
	expect_usage_error((char *[]){"iolab", "-bq", NULL},
	                   "iolab: invalid option -- 'q'\n"
	                   "Try 'iolab --help' for more information.\n");
}
END_TEST

/* --time-limit has the loader's bounds: more than 0, at most 1 hour, so a
 * value every lesson would refuse is a usage error (2), not a failure of
 * every lesson (1). */
START_TEST(time_limit_bounds)
{
	struct options o;
	char err[256] = "";
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--time-limit", "3600", NULL}), 0);
	ck_assert_double_eq_tol(o.time_limit, 3600, 1e-9);
	cli_options_free(&o);
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--time-limit", "60min", NULL}), 0);
	ck_assert_double_eq_tol(o.time_limit, 3600, 1e-9);
	cli_options_free(&o);
	/* its bound reads "at most 1 hour": 1h is that hour */
	ck_assert_int_eq(parse(&o, err, sizeof err, (char *[]){"iolab", "--time-limit", "1h", NULL}), 0);
	ck_assert_double_eq(o.time_limit, 3600);
	cli_options_free(&o);
	ck_assert_str_eq(err, "");
	/* decimal numbers only (no hex, no exponent), and whole nanoseconds */
	const char *bad[] = {"3601", "3600.5s", "61min", "2h", "0", "0s", "-1s", "soon", "0x10s",
	                     "1e-30", "1e1", "0.0000000001s", "inf", ".s"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char want[256];
		snprintf(want, sizeof want, "iolab: invalid time limit '%s' (more than 0 and at most "
		         "1 hour, e.g. 5s, 500ms or 1h)\nTry 'iolab --help' for more information.\n", bad[i]);
		expect_usage_error((char *[]){"iolab", "--time-limit", (char *)bad[i], NULL}, want);
	}
}
END_TEST

/* An empty directory argument is said to be empty, not taken as "not
 * given" (which reported "HOME is not set" for --dir ""). */
START_TEST(empty_directory_arguments)
{
	expect_usage_error((char *[]){"iolab", "--batch", "--dir", "", NULL},
	                   "iolab: option '--dir' needs a directory; the argument is empty\n"
	                   "Try 'iolab --help' for more information.\n");
	expect_usage_error((char *[]){"iolab", "--dir=", NULL},
	                   "iolab: option '--dir' needs a directory; the argument is empty\n"
	                   "Try 'iolab --help' for more information.\n");
	expect_usage_error((char *[]){"iolab", "--list", "--lessons", "", NULL},
	                   "iolab: option '--lessons' needs a directory; the argument is empty\n"
	                   "Try 'iolab --help' for more information.\n");
}
END_TEST

#define TRY "Try 'iolab --help' for more information.\n"

START_TEST(notebook_mistakes)
{
	expect_usage_error((char *[]){"iolab", "--run", "op=read blok=4", NULL},
	                   "iolab: --run: unknown key 'blok'; did you mean 'block'?\n"
	                   "  op=read blok=4\n"
	                   "          ^\n" TRY);
	/* the caret counts characters, and control characters are shown as '?' */
	expect_usage_error((char *[]){"iolab", "--run", "cache=\xc3\xa9t\xc3\xa9\t  size=x", NULL},
	                   "iolab: --run: unknown cache '\xc3\xa9t\xc3\xa9'; expected one of: warm, cold\n"
	                   "  cache=\xc3\xa9t\xc3\xa9?  size=x\n"
	                   "        ^\n" TRY);
	expect_usage_error((char *[]){"iolab", "--run", "size=1MiB block=2MiB", NULL},
	                   "iolab: --run: block must be from 1 to the file size\n"
	                   "  size=1MiB block=2MiB\n"
	                   "                  ^\n" TRY);
	expect_usage_error((char *[]){"iolab", "--command", NULL},
	                   "iolab: --command needs a program: iolab --command -- PROG ARG... {file}\n" TRY);
	expect_usage_error((char *[]){"iolab", "--command", "--", "a\nb", NULL},
	                   "iolab: --command: 'command' words must be one line\n" TRY);
	expect_usage_error((char *[]){"iolab", "--command", "--", "sh", "-c", "cat {file}", NULL},
	                   "iolab: --command: {file} in the script of 'sh -c' would run as shell "
	                   "code: the data file's path comes from --dir; pass it after the script "
	                   "and read it as \"$1\": [sh, -c, 'cat \"$1\"', sh, \"{file}\"]\n" TRY);
	expect_usage_error((char *[]){"iolab", "--op", "write", NULL},
	                   "iolab: --op goes with --command\n" TRY);
	expect_usage_error((char *[]){"iolab", "--command", "--op", "append", "--", "x", NULL},
	                   "iolab: invalid --op 'append' (read or write)\n" TRY);
	expect_usage_error((char *[]){"iolab", "--yes", NULL}, "iolab: --yes goes with --forget\n" TRY);
	/* an empty workload ran the default one */
	expect_usage_error((char *[]){"iolab", "--batch", "--run", " ", NULL},
	                   "iolab: --run needs a workload: KEY=VALUE words such as 'op=read block=4096' "
	                   "(doc/spec-syntax.md)\n" TRY);
	/* the lab recorded its runs anyway */
	expect_usage_error((char *[]){"iolab", "--no-record", "--lesson", "w03-byte", NULL},
	                   "iolab: --no-record goes with --batch (the lab keeps every run; --db FILE "
	                   "gives it a notebook of its own)\n" TRY);
	expect_usage_error((char *[]){"iolab", "--list", "--history", NULL},
	                   "iolab: --list and --history cannot be used together\n" TRY);
	expect_usage_error((char *[]){"iolab", "--run", "op=read", "--command", "--", "x", NULL},
	                   "iolab: --run and --command cannot be used together\n" TRY);
	expect_usage_error((char *[]){"iolab", "--run", "op=read", "--lesson", "w03-byte", NULL},
	                   "iolab: --run runs one experiment: it takes no --lesson\n" TRY);
	expect_usage_error((char *[]){"iolab", "--db", "", NULL},
	                   "iolab: option '--db' needs a file; the argument is empty\n" TRY);
	expect_usage_error((char *[]){"iolab", "cat", NULL}, "iolab: unexpected argument 'cat'\n" TRY);
}
END_TEST

/* Every option --help lists has a tag in the man page's OPTIONS section
 * (doc/iolab.1 is written by hand: this fails when an option is added to
 * the program and not to the page). */
START_TEST(man_page_lists_every_option)
{
	char help[4096] = "";
	FILE *f = fmemopen(help, sizeof help - 1, "w");
	ck_assert_ptr_nonnull(f);
	cli_usage(f);
	fclose(f);
	struct manpage_items opts;
	ck_assert_msg(manpage_section(MANPAGE_PATH, "OPTIONS", &opts) == 0,
	              "cannot read the OPTIONS section of " MANPAGE_PATH);
	size_t checked = 0;
	for (char *save, *line = strtok_r(help, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		/* "  -b, --batch   ..." or "      --lesson ID[,ID]  ...": the option
		 * column ends at the first two blanks after it */
		char *spec = line + strspn(line, " ");
		if (spec == line || *spec != '-')
			continue;
		char *end = strstr(spec, "  ");
		if (end)
			*end = '\0';
		for (char *s2, *w = strtok_r(spec, " ,", &s2); w; w = strtok_r(NULL, " ,", &s2)) {
			if (*w != '-')
				continue;                     /* ID[,ID], N, FILE ... */
			int found = 0;
			for (size_t k = 0; k < opts.n && !found; k++)
				found = manpage_has_word(opts.v[k].tag, w);
			ck_assert_msg(found, "--help lists %s, the man page's OPTIONS do not", w);
			checked++;
		}
	}
	ck_assert_uint_ge(checked, 17);   /* -b --batch -l --list ... -V --version */
}
END_TEST

Suite *make_suite_cli(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, defaults);
	tcase_add_test(tc, man_page_lists_every_option);
	tcase_add_test(tc, batch_options);
	tcase_add_test(tc, compare_and_wide);
	tcase_add_test(tc, allow_commands);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, lecture_options);
	tcase_add_test(tc, bad_lecture_options);
	tcase_add_test(tc, formats_from_the_table);
	tcase_add_test(tc, notebook_options);
	tcase_add_test(tc, notebook_mistakes);
	TCase *hostile = tcase_create("hostile");
	tcase_add_test(hostile, unknown_short_option);
	tcase_add_test(hostile, time_limit_bounds);
	tcase_add_test(hostile, empty_directory_arguments);
	suite_add_tcase(s, hostile);
	suite_add_tcase(s, tc);
	return s;
}
