/* options.h - the command line as parsed: struct options and the exit
 * statuses (doc/batch-output.md), in a header of their own so that every
 * front end reads them without the parser (cli.h), which calls them all. */
#ifndef IOLAB_OPTIONS_H
#define IOLAB_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "report_policy.h"
#include "wl.h"

struct report_format;         /* a row of the format table (report_format.h) */

/* Exit statuses: the contract. */
enum {
	EXIT_RAN = 0, EXIT_LESSON_FAILED = 1, EXIT_USAGE = 2,
	EXIT_BAD_LESSONS = 3, EXIT_ENVIRONMENT = 4,
	EXIT_EXPECTATION_MISSED = 5,  /* every lesson ran; a claim was missed */
	EXIT_SIGINT = 130, EXIT_SIGTERM = 143
};

struct options {
	int batch, list, help, version;
	char **lessons;            /* --lesson ids, in the order given */
	size_t nlessons;
	unsigned trials;           /* default 5 */
	const struct report_format *format;   /* default: the table's first row */
	const char *output;        /* NULL = stdout */
	const char *lessons_dir;   /* NULL = course_load_default_dir() */
	const char *scratch_dir;   /* NULL = scratch_default_dir() */
	uint64_t size;             /* 0 = the lesson's */
	double time_limit;         /* 0 = the lesson's */
	int no_color;
	int perf;                  /* --perf: per-syscall counting pass */

	/* The lab notebook (store.h) */
	const char *db;            /* --db FILE; NULL = the default store */
	int no_record;             /* --no-record: batch records nothing */
	int history;               /* --history: print saved runs */
	int forget, yes;           /* --forget [--yes] */
	int calibrate, quick;      /* --calibrate [--quick]: this machine's costs */
	/* One experiment instead of lessons: --run SPEC (the spec syntax,
	 * doc/spec-syntax.md) or --command -- PROG ARG... (with --op and
	 * --size), parsed and checked into `experiment` (--size and
	 * --time-limit applied). */
	const char *run_spec;
	char **command;            /* points into argv; ncommand words */
	size_t ncommand;
	int command_given;         /* --command */
	int op_given;              /* --op */
	enum wl_op op;             /* --op read|write (default read) */
	enum wl_redirect redirect; /* --redirect stdin|stdout (default none) */
	int have_experiment;
	struct wl_spec experiment;
	/* the interactive lab only; batch keeps the lessons' own limits */
	double watch;              /* --watch: seconds a run lasts, 0 = one pass
	                              (cli_parse's default: WATCH_DEFAULT) */
	char *race[2];             /* --race A,B: race these two, NULL = none */
	int present;               /* --present: presentation mode */
	char **compare;            /* --compare ID,ID,...: open the comparison of these */
	size_t ncompare;
	int wide;                  /* --wide: batch text one line per lesson, however wide */
	/* --inconclusive: what batch makes of a claim it could not decide
	 * (report.h); default REPORT_INCONCLUSIVE_CREDIT */
	enum report_inconclusive inconclusive;
	int allow_commands;        /* --allow-commands: a lesson pack's commands
	                              run unasked (trust.h) */
	/* results out of the terminal (report_cmd.h) */
	const char *format_name;   /* --format as given: also html and svg */
	const char *report;        /* --report FILE */
	const char *from;          /* --from FILE */
	int class_given;           /* --class */
	char **class_files;        /* points into argv; nclass_files words */
	size_t nclass_files;
	/* --dump-layout COLSxROWS: the lab prints its layout at that size
	 * (layout_dump) instead of opening; 0 = not asked */
	int dump_layout_cols, dump_layout_lines;
};

#endif
