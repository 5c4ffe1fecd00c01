/* check_main.c - runs every suite of tests/suites.h.
 *
 * CK_RUN_SUITE=name runs one suite (as Check itself honours).  Fixtures are
 * found under TOP_SRCDIR/tests/fixtures.
 */
#include "config.h"

#include <stdlib.h>

#include "suites.h"

int main(void)
{
	SRunner *sr = srunner_create(NULL);
#define ADD_SUITE(name) srunner_add_suite(sr, make_suite_##name());
	IOLAB_SUITES(ADD_SUITE)
#undef ADD_SUITE
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
