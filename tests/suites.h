/* suites.h - every Check suite of the core library; one line each. */
#ifndef IOLAB_TEST_SUITES_H
#define IOLAB_TEST_SUITES_H

#include <check.h>

#define IOLAB_SUITES(X) \
	X(atomic_file) \
	X(batch) \
	X(chart) \
	X(class_view) \
	X(cli) \
	X(device) \
	X(engine) \
	X(expect) \
	X(expect_fields) \
	X(file_read) \
	X(fitline) \
	X(form) \
	X(gauge) \
	X(guess) \
	X(history) \
	X(keys) \
	X(lab) \
	X(lab_claims) \
	X(layout) \
	X(lesson) \
	X(machine) \
	X(measure) \
	X(model) \
	X(notebook) \
	X(progress) \
	X(reaper) \
	X(report) \
	X(report_expect) \
	X(run_words) \
	X(sanitize) \
	X(scratch) \
	X(stats) \
	X(store) \
	X(suggest) \
	X(sweep) \
	X(textwrap) \
	X(trust) \
	X(units) \
	X(utf8) \
	X(watch) \
	X(wl_keys) \
	X(workload) \
	X(yaml_tree) \
	X(yaml_walk)

#define DECLARE_SUITE(name) Suite *make_suite_##name(void);
IOLAB_SUITES(DECLARE_SUITE)
#undef DECLARE_SUITE

#endif
