/* store_cmd.h - the store's command-line actions that need nothing but the
 * store: iolab --forget [--yes].  (cli.c wires the options to them.) */
#ifndef IOLAB_STORE_CMD_H
#define IOLAB_STORE_CMD_H

#include <stdio.h>

/* iolab [--db FILE] --forget [--yes]: delete every saved run of the store
 * at db_path (NULL: the default one) after asking on `out` and reading the
 * answer from `in` ("y" or "yes", any case; --yes skips the question).
 * Returns the exit status: 0 forgotten (or nothing to forget), 1 not
 * forgotten (the answer was no, or there was none: use --yes in scripts),
 * 4 the store cannot be opened or written (the reason on err). */
int store_cmd_forget(const char *db_path, int yes, FILE *in, FILE *out, FILE *err);

#endif
