/* cli.h - the command line (see doc/batch-output.md). */
#ifndef IOLAB_CLI_H
#define IOLAB_CLI_H

#include <stdio.h>

#include "options.h"

/* Parse argv.  Returns 0, or EXIT_USAGE after printing the problem and a
 * usage hint to err. */
int cli_parse(int argc, char **argv, struct options *o, FILE *err);
void cli_options_free(struct options *o);
void cli_usage(FILE *out);

/* The whole program: parse, then --help/--version/--list, --batch, or the
 * interactive lab through `interactive` (the UI lives outside the core
 * library so tests link no curses).  Returns the exit status. */
typedef int (*cli_interactive_fn)(const struct options *o);
int cli_run(int argc, char **argv, cli_interactive_fn interactive);

#endif
