/* check_main.c - runs the suites of tests/suites.h.
 *
 * check_iolab             every suite
 * check_iolab NAME...     only these suites
 * check_iolab --except NAME...   every suite but these
 *
 * The names let tests/check_suites.sh run the long engine suite beside the
 * others.  CK_RUN_SUITE=name also runs one suite (as Check itself honours).
 * Fixtures are found under TOP_SRCDIR/tests/fixtures.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

struct suite_entry {
	const char *name;
	Suite *(*make)(void);
};

static const struct suite_entry suites[] = {
#define SUITE_ENTRY(name) {#name, make_suite_##name},
	IOLAB_SUITES(SUITE_ENTRY)
#undef SUITE_ENTRY
};

enum { NSUITES = sizeof suites / sizeof suites[0] };

static int named(const char *name, char **names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* Every name given must be a suite: a typo never runs nothing and passes. */
static int names_known(char **names, int n)
{
	for (int i = 0; i < n; i++) {
		int found = 0;
		for (int k = 0; k < NSUITES; k++)
			found |= strcmp(suites[k].name, names[i]) == 0;
		if (!found) {
			fprintf(stderr, "check_iolab: no suite '%s' (tests/suites.h)\n", names[i]);
			return 0;
		}
	}
	return 1;
}

int main(int argc, char **argv)
{
	int except = argc > 1 && strcmp(argv[1], "--except") == 0;
	char **names = argv + 1 + except;
	int n = argc - 1 - except;
	if (!names_known(names, n))
		return 2;
	SRunner *sr = srunner_create(NULL);
	for (int k = 0; k < NSUITES; k++)
		if (n == 0 || named(suites[k].name, names, n) != except)
			srunner_add_suite(sr, suites[k].make());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
