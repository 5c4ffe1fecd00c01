/* store_cmd.c - iolab --forget. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options.h"
#include "store.h"
#include "store_cmd.h"

/* "y", "yes" (any case, surrounding blanks ignored). */
static int answer_is_yes(const char *line)
{
	while (isspace((unsigned char)*line))
		line++;
	size_t n = strlen(line);
	while (n && isspace((unsigned char)line[n - 1]))
		n--;
	return (n == 1 && tolower((unsigned char)line[0]) == 'y') ||
	       (n == 3 && strncasecmp(line, "yes", 3) == 0);
}

int store_cmd_forget(const char *db_path, int yes, FILE *in, FILE *out, FILE *err)
{
	char msg[2048];
	struct store *st = store_open(db_path, 0, msg, sizeof msg);
	if (!st) {
		fprintf(err, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	if (*store_notice(st))
		fprintf(err, "iolab: %s\n", store_notice(st));
	int status = EXIT_RAN;
	/* the runs counted are the runs forgotten: one recorded while the
	 * question waits is not among them */
	int64_t *ids = NULL, deleted = 0;
	size_t count = 0;
	int64_t n = store_run_ids(st, &ids, &count, msg, sizeof msg) == 0 ? (int64_t)count : -1;
	if (n < 0) {
		fprintf(err, "iolab: %s\n", msg);
		status = EXIT_ENVIRONMENT;
	} else if (n == 0) {
		fprintf(out, "No saved runs in %s.\n", store_path(st));
	} else if (store_readonly(st)) {
		fprintf(err, "iolab: nothing was forgotten: %s\n", store_readonly(st));
		status = EXIT_ENVIRONMENT;
	} else {
		char line[64] = "";
		if (!yes) {
			fprintf(out, "Forget all %lld saved runs in %s? This cannot be undone. [y/N] ",
			        (long long)n, store_path(st));
			fflush(out);
		}
		if (!yes && !fgets(line, sizeof line, in)) {
			fprintf(out, "\n");
			fprintf(err, "iolab: no answer; nothing was forgotten (use --yes in scripts)\n");
			status = EXIT_LESSON_FAILED;
		} else if (!yes && !answer_is_yes(line)) {
			fprintf(out, "Nothing was forgotten.\n");
			status = EXIT_LESSON_FAILED;
		} else if (store_forget_ids(st, ids, count, &deleted, msg, sizeof msg) != 0) {
			fprintf(err, "iolab: %s\n", msg);
			status = EXIT_ENVIRONMENT;
		} else
			fprintf(out, "Forgot %lld runs.\n", (long long)deleted);
	}
	free(ids);
	store_close(st);
	return status;
}
