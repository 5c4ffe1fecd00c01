/* check_lesson.c - the lesson loader: a good course field by field, one bad
 * fixture per rule with its exact FILE:LINE:COLUMN message and caret, the
 * course-level rules, data/reference.yaml, and hostile input (aliases, deep
 * nesting, huge and binary files) that must fail fast and cleanly.
 *
 * Fixtures live in tests/fixtures/lessons; files too big or too binary to
 * keep in git are written to a temporary directory by the tests.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lesson.h"
#include "suites.h"

#define FIX TOP_SRCDIR "/tests/fixtures/lessons"

/* diag_list_print() into a string (fmemopen, as the views print to a FILE *). */
static const char *printed(const struct diags *ds)
{
	static char buf[1 << 16];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	ck_assert_ptr_nonnull(f);
	diag_list_print(f, ds);
	fclose(f);
	return buf;
}

static int is_zero(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return 0;
	return 1;
}

/* --- the good course ------------------------------------------------------- */

static void assert_default_workload(const struct wl_spec *w)
{
	struct wl_spec d;
	wl_spec_init(&d);
	ck_assert_int_eq(w->op, d.op);
	ck_assert_int_eq(w->api, d.api);
	ck_assert_uint_eq(w->size, d.size);
	ck_assert_uint_eq(w->block, d.block);
	ck_assert_uint_eq(w->stride, 0);
	ck_assert_uint_eq(w->open_flags, 0);
	ck_assert_int_eq(w->fadvise, WL_ADV_NORMAL);
	ck_assert_int_eq(w->cache, WL_CACHE_WARM);
	ck_assert_uint_eq(w->streams, 1);
	ck_assert_int_eq(w->stdio_buffer, WL_STDIO_BUFFER_DEFAULT);
	ck_assert_int_eq(w->stdio_mode, WL_STDIO_FULL);
	ck_assert_int_eq(w->sync, WL_SYNC_NONE);
	ck_assert_double_eq(w->time_limit, WL_DEFAULT_TIME_LIMIT);
	ck_assert_double_eq(w->min_time, WL_DEFAULT_MIN_TIME);
	ck_assert_ptr_null(w->command);
	ck_assert_uint_eq(w->command_len, 0);
	ck_assert_int_eq(w->expect_error, 0);
}

static void assert_w01_full(const struct lesson *l)
{
	ck_assert_str_eq(l->id, "w01-full");
	ck_assert_str_eq(l->title, "Every write key, none at its default");
	ck_assert_str_eq(l->text, "First paragraph.\n\nSecond paragraph.\n");
	ck_assert_str_eq(l->code, "while (n < size)\n    n += write(fd, buf, 512);\n");
	ck_assert_str_eq(l->file, FIX "/good/w01-full.yaml");
	const struct wl_spec *w = &l->workload;
	ck_assert_int_eq(w->op, WL_OP_WRITE);
	ck_assert_int_eq(w->api, WL_API_SYSCALL);
	ck_assert_uint_eq(w->size, 1u << 20);
	ck_assert_uint_eq(w->block, 512);
	ck_assert_uint_eq(w->stride, 4096);
	ck_assert_uint_eq(w->open_flags, WL_OPEN_SYNC | WL_OPEN_DSYNC);
	ck_assert_int_eq(w->fadvise, WL_ADV_DONTNEED);
	ck_assert_int_eq(w->cache, WL_CACHE_COLD);
	ck_assert_uint_eq(w->streams, 1);
	ck_assert_int_eq(w->sync, WL_SYNC_FDATASYNC);
	ck_assert_double_eq_tol(w->time_limit, 0.25, 1e-12);
	ck_assert_double_eq(w->min_time, 0);
	ck_assert_int_eq(w->expect_error, EINVAL);
	ck_assert_ptr_null(w->command);
	ck_assert_uint_eq(l->nrefs, 2);
	ck_assert_str_eq(l->refs[0].source, "cs61-2011-imac");
	ck_assert_double_eq(l->refs[0].rate, 900000);
	ck_assert_str_eq(l->refs[1].source, "cs61-2011-thinkpad");
	ck_assert_double_eq(l->refs[1].rate, 25000);
	ck_assert_uint_eq(l->ncompare, 2);
	ck_assert_str_eq(l->compare[0], "w02-minimal");
	ck_assert_str_eq(l->compare[1], "r01-sweep");
	ck_assert_uint_eq(l->sweep.ncaches, 0);
	ck_assert_ptr_null(l->sweep.blocks);
	/* expect: and points: */
	ck_assert_double_eq(l->points, 2.5);
	ck_assert_uint_eq(l->nexpect, 4);
	const struct expectation *x = l->expect;
	ck_assert_str_eq(x[0].claim, "one write() for every 4096 fwrite() calls");
	ck_assert_str_eq(expect_parse_text(x[0].check), "calls.fwrite / syscalls.write");
	ck_assert_int_eq(x[0].kind, EXPECT_NEAR);
	ck_assert_int_eq(x[0].relative, 1);
	ck_assert_double_eq_tol(x[0].tolerance, 0.01, 1e-15);
	ck_assert_double_eq(expect_parse_constant(x[0].bound[0]), 4096);
	ck_assert_int_eq(x[0].whole_file, EXPECT_WHOLE_AUTO);
	ck_assert_str_eq(x[1].claim, "at least 5 log units faster than w02");
	ck_assert_int_eq(x[1].kind, EXPECT_AT_LEAST);
	struct expect_ref refs[4];
	ck_assert_uint_eq(expect_lessons(&x[1], refs, 4), 1);
	ck_assert_str_eq(refs[0].lesson, "w02-minimal");
	ck_assert_int_eq(x[2].kind, EXPECT_AT_MOST);
	ck_assert_str_eq(expect_parse_text(x[2].bound[0]), "size/4096 + 16");
	ck_assert_int_eq(x[2].whole_file, EXPECT_WHOLE_NO);
	ck_assert_int_eq(x[3].kind, EXPECT_BETWEEN);
	ck_assert_double_eq(expect_parse_constant(x[3].bound[0]), 0.9);
	ck_assert_double_eq(expect_parse_constant(x[3].bound[1]), 1.1);
	/* grading: the lesson's visibility, a claim's own points,
	 * visibility and leaderboard name */
	ck_assert_int_eq(l->points_given, 1);
	ck_assert_int_eq(l->visibility, LESSON_VIS_AFTER_PUBLISHED);
	ck_assert_double_eq(l->grading[0].points, 1.5);
	ck_assert_int_eq(l->grading[0].visibility, LESSON_VIS_HIDDEN);
	ck_assert_ptr_null(l->grading[0].leaderboard);
	ck_assert_double_eq(l->grading[1].points, 0);
	ck_assert_int_eq(l->grading[1].visibility, LESSON_VIS_UNSET);
	ck_assert_str_eq(l->grading[2].leaderboard, "reads: calls");
}

static void assert_w02_minimal(const struct lesson *l)
{
	ck_assert_str_eq(l->id, "w02-minimal");
	ck_assert_str_eq(l->title, "Only what is required: every default");
	ck_assert_str_eq(l->text, "Defaults.");
	ck_assert_ptr_null(l->code);
	assert_default_workload(&l->workload);
	ck_assert_uint_eq(l->nrefs, 0);
	ck_assert_ptr_null(l->refs);
	ck_assert_uint_eq(l->ncompare, 0);
	ck_assert_ptr_null(l->compare);
	ck_assert_uint_eq(l->sweep.nblocks, 0);
	ck_assert_uint_eq(l->sweep.ncaches, 0);
	ck_assert_uint_eq(l->nexpect, 0);
	ck_assert_ptr_null(l->expect);
	ck_assert_double_eq(l->points, LESSON_POINTS_DEFAULT);
	ck_assert_int_eq(l->points_given, 0);
	ck_assert_int_eq(l->visibility, LESSON_VIS_UNSET);
}

static void assert_r01_sweep(const struct lesson *l)
{
	ck_assert_str_eq(l->text, "Folded text.\n");
	ck_assert_int_eq(l->workload.op, WL_OP_READ);
	ck_assert_uint_eq(l->workload.size, 1u << 20);
	ck_assert_uint_eq(l->workload.open_flags, WL_OPEN_DIRECT);
	ck_assert_double_eq(l->workload.min_time, 1.5);
	ck_assert_int_eq(l->workload.stdio_buffer, 0);   /* unbuffered */
	ck_assert_uint_eq(l->sweep.nblocks, 3);
	ck_assert_uint_eq(l->sweep.blocks[0], 1);
	ck_assert_uint_eq(l->sweep.blocks[1], 4096);
	ck_assert_uint_eq(l->sweep.blocks[2], 1u << 20);
	ck_assert_uint_eq(l->sweep.ncaches, 2);
	ck_assert_int_eq(l->sweep.caches[0], WL_CACHE_WARM);
	ck_assert_int_eq(l->sweep.caches[1], WL_CACHE_COLD);
}

static void assert_r02_command(const struct lesson *l)
{
	const struct wl_spec *w = &l->workload;
	ck_assert_int_eq(w->api, WL_API_COMMAND);
	ck_assert_uint_eq(w->command_len, 4);
	ck_assert_str_eq(w->command[0], "dd");
	ck_assert_str_eq(w->command[1], "if={file}");
	ck_assert_str_eq(w->command[2], "of=/dev/null");
	ck_assert_str_eq(w->command[3], "bs=1");
	ck_assert_ptr_null(w->command[4]);
	ck_assert_double_eq(w->time_limit, 2);
	ck_assert_uint_eq(l->sweep.nblocks, 1);
	ck_assert_uint_eq(l->sweep.blocks[0], 512);
	ck_assert_uint_eq(l->sweep.ncaches, 1);         /* default [warm] */
	ck_assert_int_eq(l->sweep.caches[0], WL_CACHE_WARM);
}

static void assert_r03_streams(const struct lesson *l)
{
	const struct wl_spec *w = &l->workload;
	ck_assert_int_eq(w->api, WL_API_STDIO);
	ck_assert_uint_eq(w->size, 2000000);             /* M = 1000 * 1000 */
	ck_assert_uint_eq(w->block, 1);
	ck_assert_uint_eq(w->stride, 65536);
	ck_assert_uint_eq(w->streams, 4);
	ck_assert_int_eq(w->stdio_buffer, 8192);
	ck_assert_int_eq(w->stdio_mode, WL_STDIO_LINE);
	ck_assert_int_eq(w->fadvise, WL_ADV_RANDOM);
}

START_TEST(good_course)
{
	struct course c;
	struct diags ds = {0};
	int rc = course_load(FIX "/good", &c, &ds);
	ck_assert_msg(rc == 0, "%s", printed(&ds));
	ck_assert_uint_eq(ds.count, 0);
	ck_assert_str_eq(c.title, "Fixture course");
	ck_assert_str_eq(c.dir, FIX "/good");
	ck_assert_uint_eq(c.nsections, 2);
	ck_assert_str_eq(c.sections[0].title, "Writing");
	ck_assert_uint_eq(c.sections[0].first, 0);
	ck_assert_uint_eq(c.sections[0].count, 2);
	ck_assert_str_eq(c.sections[1].title, "Reading");
	ck_assert_uint_eq(c.sections[1].first, 2);
	ck_assert_uint_eq(c.sections[1].count, 3);
	ck_assert_uint_eq(c.nlessons, 5);
	assert_w01_full(&c.lessons[0]);
	assert_w02_minimal(&c.lessons[1]);
	assert_r01_sweep(&c.lessons[2]);
	assert_r02_command(&c.lessons[3]);
	assert_r03_streams(&c.lessons[4]);

	ck_assert_int_eq(lesson_course_find(&c, "r02-command"), 3);
	ck_assert_int_eq(lesson_course_find(&c, "w01-full"), 0);
	ck_assert_int_eq(lesson_course_find(&c, "nope"), -1);
	ck_assert_uint_eq(lesson_course_section_of(&c, 1), 0);
	ck_assert_uint_eq(lesson_course_section_of(&c, 2), 1);
	ck_assert_uint_eq(lesson_course_section_of(&c, 4), 1);
	ck_assert_uint_eq(lesson_course_section_of(&c, 5), 2);   /* none: nsections */
	lesson_course_free(&c);
	ck_assert(is_zero(&c, sizeof c));
	diag_list_free(&ds);
}
END_TEST

/* --- one bad lesson file per rule ------------------------------------------ */

static const struct {
	const char *name;
	const char *out;          /* diag_list_print() output after the path */
} bad[] = {
	/* YAML itself */
	{"syntax", ":2:15: syntax error: mapping values are not allowed in this context\n"
	           "title: a colon: inside a plain title\n"
	           "              ^\n"},
	{"tab-indent", ":5:1: tab used for indentation; indent with spaces\n"
	               "\top: read\n"
	               "^\n"},
	/* no mapping at the top: it may be any file, quoted only to the mark */
	{"empty", ":1:1: the file is empty (expected a mapping of keys)\n"
	          "#\n"
	          "^\n"},
	{"top-list", ":1:1: the top level must be a mapping of keys, not a list\n"
	             "-\n"
	             "^\n"},
	{"two-docs", ":5:1: a second YAML document: a lesson file holds one\n"
	             "---\n"
	             "^\n"},
	{"tag", ":2:8: tags are not supported in lesson files ('!include')\n"
	        "title: !include other.yaml\n"
	        "       ^\n"},
	{"key-not-scalar", ":5:3: a key must be a scalar, not a list\n"
	                   "? [a, b]\n"
	                   "  ^\n"},
	/* keys */
	{"unknown-key", ":6:3: unknown key 'blok'; did you mean 'block'?\n"
	                "  blok: 1\n"
	                "  ^\n"},
	{"unknown-key-far", ":5:1: unknown key 'colour'\n"
	                    "colour: blue\n"
	                    "^\n"},
	{"escape-key", ":5:1: unknown key '?[2Jx'\n"
	               "\"\\e[2Jx\": 1\n"
	               "^\n"},
	{"wrong-type", ":5:9: 'size' must be a scalar, not a list\n"
	               "  size: [1, 2]\n"
	               "        ^\n"},
	{"wrong-type-map", ":4:11: 'workload' must be a mapping, not a scalar\n"
	                   "workload: write\n"
	                   "          ^\n"},
	{"command-not-list", ":6:12: 'command' must be a list, not a scalar\n"
	                     "  command: dd if={file} of=/dev/null\n"
	                     "           ^\n"},
	{"reference-not-map", ":5:13: items of 'reference' must be mappings (source, rate), not a scalar\n"
	                      "reference: [cs61-2011-imac]\n"
	                      "            ^\n"},
	{"missing-key", ":1:1: missing required key 'title'\n"
	                "id: missing-key\n"
	                "^\n"},
	{"duplicate-key", ":7:3: duplicate key 'block' (first given at line 5)\n"
	                  "  block: 2\n"
	                  "  ^\n"},
	{"null-value", ":4:1: 'code' has no value\n"
	               "code:\n"
	               "^\n"},
	{"title-lines", ":2:8: 'title' must be one line\n"
	                "title: \"two\\nlines\"\n"
	                "       ^\n"},
	{"long-word", ":2:8: 'title' is longer than 256 bytes\n"},   /* prefix only */
	/* ids */
	{"id-mismatch", ":1:5: id 'id-other' does not match the file name 'id-mismatch.yaml'\n"
	                "id: id-other\n"
	                "    ^\n"},
	{"Bad_Id", ":1:5: id 'Bad_Id' must match [a-z0-9-]+\n"
	           "id: Bad_Id\n"
	           "    ^\n"},
	{"compare-id", ":5:11: compare id 'Not_An_Id' must match [a-z0-9-]+\n"
	               "compare: [Not_An_Id]\n"
	               "          ^\n"},
	/* numbers and ranges */
	{"size-zero", ":5:9: size must be from 1 B to 64 GiB\n"
	              "  size: 0\n"
	              "        ^\n"},
	{"size-too-large", ":5:9: size must be from 1 B to 64 GiB\n"
	                   "  size: 65GiB\n"
	                   "        ^\n"},
	{"block-zero", ":5:10: block must be from 1 to the file size\n"
	               "  block: 0\n"
	               "         ^\n"},
	{"block-too-large", ":6:10: block must be from 1 to the file size\n"
	                    "  block: 2MiB\n"
	                    "         ^\n"},
	{"negative", ":5:10: 'block' must not be negative: '-1'\n"
	             "  block: -1\n"
	             "         ^\n"},
	{"malformed-size", ":5:9: 'size' is not a size: 'ten MiB' (use bytes, or a whole number "
	                   "with B, KiB, MiB, GiB, K, M or G)\n"
	                   "  size: ten MiB\n"
	                   "        ^\n"},
	{"overflow", ":5:9: 'size' is too large: '18446744073709551616'\n"
	             "  size: 18446744073709551616\n"
	             "        ^\n"},
	{"overflow-unit", ":5:9: 'size' is too large: '17179869184GiB'\n"
	                  "  size: 17179869184GiB\n"
	                  "        ^\n"},
	{"streams-range", ":5:12: streams must be from 1 to 1024\n"
	                  "  streams: 5000\n"
	                  "           ^\n"},
	{"streams-malformed", ":5:12: 'streams' must be a whole number: '2.5'\n"
	                      "  streams: 2.5\n"
	                      "           ^\n"},
	{"duration", ":5:15: 'time_limit' is not a duration: '5 sec' (use 5s, 250ms, or a number of seconds: digits and a point, then s, ms, us, ns, m, min or h, or none)\n"
	             "  time_limit: 5 sec\n"
	             "              ^\n"},
	{"time-limit-zero", ":5:15: time_limit must be more than 0 and at most 1 hour\n"
	                    "  time_limit: 0\n"
	                    "              ^\n"},
	{"min-time", ":5:13: min_time must be at most 1 hour\n"
	             "  min_time: 90m\n"
	             "            ^\n"},
	{"rate-bad", ":7:11: 'rate' is not a number: 'fast'\n"
	             "    rate: fast\n"
	             "          ^\n"
	             "%s:9:11: 'rate' must be more than 0 (bytes per second)\n"
	             "    rate: 0\n"
	             "          ^\n"
	             "%s:10:5: missing required key 'source'\n"
	             "  - rate: 5\n"
	             "    ^\n"},
	/* names */
	{"unknown-flag", ":5:18: unknown open flag 'O_SYNCC'; did you mean 'O_SYNC'?\n"
	                 "  open: [O_SYNC, O_SYNCC]\n"
	                 "                 ^\n"},
	{"unknown-flag-far", ":5:10: unknown open flag 'O_RDONLY'; expected one of: O_SYNC, O_DSYNC, O_DIRECT\n"
	                     "  open: [O_RDONLY]\n"
	                     "         ^\n"},
	{"duplicate-flag", ":5:20: duplicate open flag 'O_DIRECT'\n"
	                   "  open: [O_DIRECT, O_DIRECT]\n"
	                   "                   ^\n"},
	{"unknown-advice", ":5:12: unknown fadvise 'dontned'; did you mean 'dontneed'?\n"
	                   "  fadvise: dontned\n"
	                   "           ^\n"},
	{"unknown-op", ":5:7: unknown op 'append'; expected one of: write, read, seek\n"
	               "  op: append\n"
	               "      ^\n"},
	{"stdio-buffer", ":5:17: 'stdio_buffer' must be default, unbuffered, 0 or a size: 'big'\n"
	                 "  stdio_buffer: big\n"
	                 "                ^\n"},
	{"stdio-mode", ":5:15: unknown stdio_mode 'lines'; did you mean 'line'?\n"
	               "  stdio_mode: lines\n"
	               "              ^\n"},
	{"expect-error", ":5:17: unknown errno name 'EINVALL'; did you mean 'EINVAL'?\n"
	                 "  expect_error: EINVALL\n"
	                 "                ^\n"},
	{"unknown-source", ":6:13: unknown reference source 'cs61-2011-imc'; did you mean 'cs61-2011-imac'?\n"
	                   "  - source: cs61-2011-imc\n"
	                   "            ^\n"
	                   "%s:8:13: unknown reference source 'somewhere-else' (not a key of sources: "
	                   "in data/reference.yaml)\n"
	                   "  - source: somewhere-else\n"
	                   "            ^\n"},
	/* cross-key rules (wl_spec_check, pointed at the key it names) */
	{"streams-no-stride", ":7:12: streams > 1 needs a stride (one stream per stride region)\n"
	                      "  streams: 10\n"
	                      "           ^\n"},
	{"command-no-api", ":6:12: command needs api: command\n"
	                   "  command: [cat, \"{file}\"]\n"
	                   "           ^\n"},
	{"api-no-command", ":6:8: api: command needs a command\n"
	                   "  api: command\n"
	                   "       ^\n"},
	{"msync-syscall", ":6:9: sync: msync is for writes through a mapping (api: mmap)\n"
	                  "  sync: msync\n"
	                  "        ^\n"},
	{"stdio-call-op", ":7:15: stdio_call: fputc is a write's call; a read takes fread, "
	                  "fgetc or getc_unlocked\n"
	                  "  stdio_call: fputc\n"
	                  "              ^\n"},
	{"order-command", ":7:10: order: reverse is for the lab's own loops, not a command\n"
	                  "  order: reverse\n"
	                  "         ^\n"},
	/* sweep */
	{"sweep-too-many", ":9:27: sweep.block lists more than 64 sizes\n"
	                   "          61, 62, 63, 64, 65]\n"
	                   "                          ^\n"},
	{"sweep-block-range", ":7:17: sweep block must be from 1 to the file size\n"
	                      "  block: [4KiB, 2MiB]\n"
	                      "                ^\n"},
	{"sweep-block-zero", ":6:11: sweep block must be from 1 to the file size\n"
	                     "  block: [0, 1]\n"
	                     "          ^\n"},
	{"sweep-cache", ":7:23: duplicate cache 'warm' in sweep.cache\n"
	                "  cache: [warm, cold, warm]\n"
	                "                      ^\n"},
	{"sweep-cache-unknown", ":7:17: unknown sweep.cache 'colt'; did you mean 'cold'?\n"
	                        "  cache: [warm, colt]\n"
	                        "                ^\n"},
	{"sweep-no-block", ":6:3: missing required key 'block'\n"
	                   "  cache: [cold]\n"
	                   "  ^\n"},
	/* expect: the caret inside the string, under the token,
	 * whatever the scalar's style; a block scalar's at its first character */
	{"expect-unknown-field", ":7:13: unknown field 'rat'; did you mean 'rate'?\n"
	                       "    check: \"rat / 2\"\n"
	                       "            ^\n"},
	{"expect-plain", ":7:27: unknown field 'sycalls.write'; did you mean 'syscalls.write'?\n"
	               "    check: calls.fwrite / sycalls.write\n"
	               "                          ^\n"},
	{"expect-single", ":7:33: lesson id expected inside log_rate(...)\n"
	                "    check: 'log_rate - log_rate(''w01'') + blok'\n"
	                "                                ^\n"},
	{"expect-double", ":7:44: unknown field 'sise'; did you mean 'size'?\n"
	                "    check: \"rate / \\x72ate(w01) * \\u0031 + sise\"\n"
	                "                                           ^\n"},
	{"expect-folded-lines", ":8:7: unknown field 'syscalls.wrte'; did you mean 'syscalls.write'?\n"
	                      "      syscalls.wrte\"\n"
	                      "      ^\n"},
	{"expect-block", ":8:7: addition needs two operands\n"
	               "      rate +\n"
	               "      ^\n"},
	{"expect-bounds", ":9:14: only one bound per check: 'near' and 'at_most' both given\n"
	                "    at_most: 5\n"
	                "             ^\n"
	                "%s:10:5: no bound: give one of near, at_least, at_most, between\n"
	                "  - claim: \"no bound\"\n"
	                "    ^\n"
	                "%s:15:16: tolerance goes with near, not with at_least\n"
	                "    tolerance: 1%\n"
	                "               ^\n"
	                "%s:18:14: between needs two values, [low, high]; 3 given\n"
	                "    between: [1, 2, 3]\n"
	                "             ^\n"
	                "%s:21:14: between needs the low value first: 2 is above 1\n"
	                "    between: [2, 1]\n"
	                "             ^\n"
	                "%s:25:16: a relative tolerance must be below 100%\n"
	                "    tolerance: 100%\n"
	                "               ^\n"
	                "%s:29:17: whole_file is true or false, not 'maybe'\n"
	                "    whole_file: maybe\n"
	                "                ^\n"
	                "%s:31:13: the check names no field, so its verdict could never change\n"
	                "    check: \"4096 / 2\"\n"
	                "            ^\n"
	                "%s:35:24: division needs two operands\n"
	                "    between: [1, \"size / \"]\n"
	                "                       ^\n"
	                "%s:36:13: the claim is empty\n"
	                "  - claim: \"   \"\n"
	                "            ^\n"},
	{"expect-keys", ":6:5: missing required key 'check'\n"
	              "  - claim: \"missing check\"\n"
	              "    ^\n"
	              "%s:10:5: unknown key 'at_leest'; did you mean 'at_least'?\n"
	              "    at_leest: 1\n"
	              "    ^\n"
	              "%s:11:5: items of 'expect' must be mappings (claim, check and a bound), not a scalar\n"
	              "  - \"not a mapping\"\n"
	              "    ^\n"
	              "%s:12:1: unknown key 'expect_more'\n"
	              "expect_more: 1\n"
	              "^\n"},
	{"expect-syntax", ":7:13: unbalanced '('\n"
	                "    check: \"(rate / 2\"\n"
	                "            ^\n"
	                "%s:10:18: division by zero\n"
	                "    check: \"rate / (4 - 4)\"\n"
	                "                 ^\n"
	                "%s:13:21: unknown size suffix 'kib'; did you mean 'KiB'?\n"
	                "    check: \"size / 4kib\"\n"
	                "                    ^\n"
	                "%s:16:18: expected an operator (+ - * /) before '2'\n"
	                "    check: \"rate 2\"\n"
	                "                 ^\n"
	                "%s:19:25: lesson id expected inside rate(...)\n"
	                "    check: \"rate / rate()\"\n"
	                "                        ^\n"},
	{"points-zero", ":5:9: 'points' must be more than 0 and at most 1000: '0'\n"
	              "points: 0\n"
	              "        ^\n"},
	{"points-bad", ":5:9: 'points' is not a number: 'lots'\n"
	             "points: lots\n"
	             "        ^\n"},
	{"grading-bad", ":5:13: 'visibility' must be hidden, after_due_date, after_published or visible: 'sometimes'\n"
	              "visibility: sometimes\n"
	              "            ^\n"
	              "%s:10:13: 'points' must be more than 0 and at most 1000: '0'\n"
	              "    points: 0\n"
	              "            ^\n"
	              "%s:14:17: 'visibility' must be hidden, after_due_date, after_published or visible: 'public'\n"
	              "    visibility: public\n"
	              "                ^\n"
	              "%s:15:18: 'leaderboard' needs a name\n"
	              "    leaderboard: \"\"\n"
	              "                 ^\n"},
	/* hostile input */
	{"aliases", ":5:4: aliases are not supported in lesson files (anchor &a)\n"
	            "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
	            "   ^\n"},
	{"alias-only", ":5:11: aliases are not supported in lesson files\n"
	               "compare: [*nowhere]\n"
	               "          ^\n"},
	/* every tag but !!str, also when a %TAG shorthand resolves to it */
	{"tag-python", ":2:8: tags are not supported in lesson files ('!!python/object:os.system')\n"
	               "title: !!python/object:os.system T\n"
	               "       ^\n"},
	{"tag-binary", ":3:7: tags are not supported in lesson files ('!!binary')\n"
	               "text: !!binary aGVsbG8=\n"
	               "      ^\n"},
	{"tag-int", ":5:9: tags are not supported in lesson files ('!!int')\n"
	            "  size: !!int 4096\n"
	            "        ^\n"},
	{"tag-shorthand", ":7:12: tags are not supported in lesson files ('!!int')\n"
	                  "  streams: !e!int 1\n"
	                  "           ^\n"},
	{"tag-local", ":4:8: tags are not supported in lesson files ('!!python/object:os.system')\n"
	              "title: !object:os.system T\n"
	              "       ^\n"},
	/* reference rates are bounded: 1e308 would print 300 digits */
	{"rate-huge", ":7:11: 'rate' must be from 1 to 1e+15 bytes per second: '1e308'\n"
	              "    rate: 1e308\n"
	              "          ^\n"
	              "%s:9:11: 'rate' must be from 1 to 1e+15 bytes per second: '0.5'\n"
	              "    rate: 0.5\n"
	              "          ^\n"},
	/* a line of a password file quotes its first token only, shows no line */
	{"key-token", ":5:1: unknown key 'root...'; no key holds a ':' (is this a lesson file?)\n"},
	{"deep", ":5:41: nesting deeper than 32 levels\n"
	         "compare: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"
	         "                                        ^\n"},
};

/* Expected text: path + out, with every later "%s" being the path again. */
static void expected_text(char *buf, size_t len, const char *path, const char *out)
{
	size_t used = (size_t)snprintf(buf, len, "%s", path);
	for (const char *p = out; *p && used + 1 < len; p++) {
		if (p[0] == '%' && p[1] == 's') {
			used += (size_t)snprintf(buf + used, len - used, "%s", path);
			p++;
		} else {
			buf[used++] = *p;
			buf[used] = '\0';
		}
	}
}

START_TEST(bad_lesson)
{
	struct ref_data refs;
	struct diags ds = {0};
	ck_assert_int_eq(reference_load(FIX "/data/reference.yaml", &refs, &ds), 0);
	char path[512], want[4096];
	snprintf(path, sizeof path, FIX "/bad/%s.yaml", bad[_i].name);
	struct lesson l;
	memset(&l, 0xA5, sizeof l);
	ck_assert_int_eq(lesson_load(path, &refs, &l, &ds), -1);
	ck_assert(is_zero(&l, sizeof l));               /* nothing half-loaded */
	expected_text(want, sizeof want, path, bad[_i].out);
	const char *got = printed(&ds);
	if (strcmp(bad[_i].name, "long-word") == 0)
		ck_assert_int_eq(strncmp(got, want, strlen(want)), 0);
	else
		ck_assert_str_eq(got, want);
	diag_list_free(&ds);
	reference_free(&refs);
}
END_TEST

/* Without reference data, sources are not checked. */
START_TEST(sources_unchecked_without_refs)
{
	struct diags ds = {0};
	struct lesson l;
	ck_assert_int_eq(lesson_load(FIX "/bad/unknown-source.yaml", NULL, &l, &ds), 0);
	ck_assert_str_eq(l.refs[1].source, "somewhere-else");
	lesson_free(&l);
	diag_list_free(&ds);
}
END_TEST

/* --- course-level rules --------------------------------------------------------- */

static void expect_course(const char *dir, const char *out)
{
	char want[8192];
	struct course c;
	struct diags ds = {0};
	memset(&c, 0xA5, sizeof c);
	ck_assert_int_eq(course_load(dir, &c, &ds), -1);
	ck_assert(is_zero(&c, sizeof c));
	expected_text(want, sizeof want, dir, out);
	ck_assert_str_eq(printed(&ds), want);
	diag_list_free(&ds);
}

START_TEST(course_missing_lesson)
{
	expect_course(FIX "/course-missing-lesson",
	              "/course.yaml:4:18: course names lesson 'w99', but there is no file w99.yaml\n"
	              "    lessons: [a, w99]\n"
	              "                 ^\n");
}
END_TEST

START_TEST(course_orphan)
{
	expect_course(FIX "/course-orphan",
	              "/b-extra.yaml:1:1: lesson 'b-extra' is not named by any section of course.yaml\n"
	              "id: b-extra\n"
	              "^\n"
	              "%s/extra.yaml:1:1: lesson 'extra' is not named by any section of course.yaml\n"
	              "id: extra\n"
	              "^\n");
}
END_TEST

START_TEST(course_duplicate)
{
	expect_course(FIX "/course-duplicate",
	              "/course.yaml:7:9: two lessons with one id: 'a' is already named at line 4\n"
	              "      - a\n"
	              "        ^\n");
}
END_TEST

START_TEST(course_compare)
{
	expect_course(FIX "/course-compare",
	              "/b.yaml:5:14: compare names 'c', which is not a lesson of this course\n"
	              "compare: [a, c]\n"
	              "             ^\n");
}
END_TEST

/* Lessons a check names must be lessons of the course: the caret on the id,
 * in the check or in a bound. */
START_TEST(course_expect_ids)
{
	expect_course(FIX "/course-expect",
	              "/b.yaml:10:34: 'check' names lesson 'w01-syncbyt', which is not a lesson of this "
	              "course; did you mean 'w01-syncbyte'?\n"
	              "    check: \"log_rate - log_rate( w01-syncbyt )\"\n"
	              "                                 ^\n"
	              "%s/b.yaml:14:49: 'between' names lesson 'zz', which is not a lesson of this course\n"
	              "    between: [0, \"rate(w01-syncbyte) * 2 + rate(zz)\"]\n"
	              "                                                ^\n");
}
END_TEST

START_TEST(course_bad_id)
{
	expect_course(FIX "/course-bad-id",
	              "/course.yaml:4:15: lesson id 'Bad_Id' must match [a-z0-9-]+\n"
	              "    lessons: [Bad_Id]\n"
	              "              ^\n");
}
END_TEST

/* The mark is past the last line: no source line to show. */
START_TEST(course_syntax)
{
	expect_course(FIX "/course-syntax",
	              "/course.yaml:5:1: syntax error: did not find expected ',' or ']' "
	              "(while parsing a flow sequence that starts at line 4)\n");
}
END_TEST

/* Every error of every file, in order: course.yaml, then lessons in
 * course order. */
START_TEST(course_all_errors)
{
	expect_course(FIX "/course-errors",
	              "/course.yaml:4:5: unknown key 'titel'; did you mean 'title'?\n"
	              "  - titel: Second\n"
	              "    ^\n"
	              "%s/course.yaml:4:5: missing required key 'title'\n"
	              "  - titel: Second\n"
	              "    ^\n"
	              "%s/course.yaml:1:1: missing required key 'course'\n"
	              "sections:\n"
	              "^\n"
	              "%s/a.yaml:5:3: unknown key 'blok'; did you mean 'block'?\n"
	              "  blok: 1\n"
	              "  ^\n"
	              "%s/c.yaml:5:9: size must be from 1 B to 64 GiB\n"
	              "  size: 0\n"
	              "        ^\n"
	              "%s/c.yaml:7:13: unknown reference source 'nowhere' (not a key of sources: "
	              "in data/reference.yaml)\n"
	              "  - source: nowhere\n"
	              "            ^\n");
}
END_TEST

/* lessons/../data/reference.yaml is found and checked too. */
START_TEST(course_reference_beside)
{
	const char *dir = FIX "/refdir/lessons";
	struct course c;
	struct diags ds = {0};
	ck_assert_int_eq(course_load(dir, &c, &ds), -1);
	ck_assert_str_eq(printed(&ds),
	                 FIX "/refdir/data/reference.yaml:3:5: unknown key 'lable'; did you mean 'label'?\n"
	                 "    lable: 2011 iMac\n"
	                 "    ^\n"
	                 FIX "/refdir/data/reference.yaml:3:5: missing required key 'label'\n"
	                 "    lable: 2011 iMac\n"
	                 "    ^\n");
	diag_list_free(&ds);
	char path[4096];
	ck_assert_int_eq(course_load_ref_path(FIX "/good", path, sizeof path), 0);
	ck_assert_str_eq(path, FIX "/data/reference.yaml");
	ck_assert_int_eq(course_load_ref_path(FIX "/good/", path, sizeof path), 0);
	ck_assert_str_eq(path, FIX "/data/reference.yaml");
}
END_TEST

START_TEST(course_no_dir)
{
	expect_course(FIX "/no-such-dir",
	              "/course.yaml: cannot open: No such file or directory\n");
}
END_TEST

/* --- data/reference.yaml ------------------------------------------------------ */

START_TEST(reference_good)
{
	struct ref_data rd;
	struct diags ds = {0};
	ck_assert_int_eq(reference_load(FIX "/data/reference.yaml", &rd, &ds), 0);
	ck_assert_uint_eq(rd.nsources, 2);
	const struct ref_source *s = reference_find(&rd, "cs61-2011-imac");
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->label, "2011 iMac");
	ck_assert_str_eq(s->document, "CS61 Lecture 18 Thoughts, results table (seed 003)");
	s = reference_find(&rd, "cs61-2011-thinkpad");
	ck_assert_str_eq(s->label, "2011 ThinkPad");
	ck_assert_ptr_null(s->document);
	ck_assert_ptr_null(reference_find(&rd, "nope"));
	reference_free(&rd);
	ck_assert(is_zero(&rd, sizeof rd));
	diag_list_free(&ds);
}
END_TEST

static const struct {
	const char *name, *out;
} bad_refs[] = {
	{"bad-table", ":6:21: unknown source 'lab-b' (not a key of sources:)\n"
	              "    source: [lab-a, lab-b]\n"
	              "                    ^\n"
	              "%s:10:9: row has 3 values but columns names 2\n"
	              "      - [y, 2, 3]\n"
	              "        ^\n"},
	{"duplicate-source", ":4:3: duplicate source 'lab-a' (first given at line 2)\n"
	                     "  lab-a:\n"
	                     "  ^\n"},
	{"no-sources", ":1:1: missing required key 'sources'\n"
	               "tables: []\n"
	               "^\n"},
	{"source-not-map", ":2:10: source 'lab-a' must be a mapping (label, document), not a scalar\n"
	                   "  lab-a: Lab A\n"
	                   "         ^\n"},
};

START_TEST(reference_bad)
{
	char path[512], want[4096];
	struct ref_data rd;
	struct diags ds = {0};
	snprintf(path, sizeof path, FIX "/refs/%s.yaml", bad_refs[_i].name);
	memset(&rd, 0xA5, sizeof rd);
	ck_assert_int_eq(reference_load(path, &rd, &ds), -1);
	ck_assert(is_zero(&rd, sizeof rd));
	expected_text(want, sizeof want, path, bad_refs[_i].out);
	ck_assert_str_eq(printed(&ds), want);
	diag_list_free(&ds);
}
END_TEST

/* --- hostile input, written on the fly ------------------------------------------ */

static char tmpdir[64];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/iolab-check-lesson-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Writes head, then n copies of fill, then tail; returns the path. */
static const char *write_file(const char *name, const char *head, size_t n, char fill,
                              const char *tail)
{
	static char path[128];
	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(head, f);
	for (size_t i = 0; i < n; i++)
		fputc(fill, f);
	fputs(tail, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

static void expect_file(const char *path, const char *out)
{
	char want[4096];
	struct lesson l;
	struct diags ds = {0};
	ck_assert_int_eq(lesson_load(path, NULL, &l, &ds), -1);
	expected_text(want, sizeof want, path, out);
	ck_assert_str_eq(printed(&ds), want);
	diag_list_free(&ds);
}

/* {file} in a shell's -c script would run the data file's path, which
 * --dir decides, as shell code: refused where it stands,
 * FILE:LINE:COLUMN under it.  As an operand after the script it is $1,
 * data: loaded; so is a shell without -c, and any other program. */
START_TEST(file_in_shell_script)
{
	static const struct {
		const char *command;      /* the value of command: */
		const char *out;          /* NULL: loads */
	} cases[] = {
		{"[sh, -c, \"cat {file} > /dev/null\"]",
		 ":7:26: {file} in the script of 'sh -c' would run as shell code: the data file's "
		 "path comes from --dir; pass it after the script and read it as \"$1\": "
		 "[sh, -c, 'cat \"$1\"', sh, \"{file}\"]\n"
		 "  command: [sh, -c, \"cat {file} > /dev/null\"]\n"
		 "                         ^\n"},
		{"[/bin/bash, -ec, 'wc -c <{file}']",
		 ":7:37: {file} in the script of 'bash -c' would run as shell code: the data file's "
		 "path comes from --dir; pass it after the script and read it as \"$1\": "
		 "[bash, -c, 'cat \"$1\"', bash, \"{file}\"]\n"
		 "  command: [/bin/bash, -ec, 'wc -c <{file}']\n"
		 "                                    ^\n"},
		{"[busybox, sh, -o, pipefail, -c, \"od {file}\"]",
		 ":7:48: {file} in the script of 'sh -c' would run as shell code: the data file's "
		 "path comes from --dir; pass it after the script and read it as \"$1\": "
		 "[sh, -c, 'cat \"$1\"', sh, \"{file}\"]\n"
		 "  command: [busybox, sh, -o, pipefail, -c, \"od {file}\"]\n"
		 "                                               ^\n"},
		{"\n    - dash\n    - -xc\n    - >-\n      dd if={file}",
		 ":11:13: {file} in the script of 'dash -c' would run as shell code: the data file's "
		 "path comes from --dir; pass it after the script and read it as \"$1\": "
		 "[dash, -c, 'cat \"$1\"', dash, \"{file}\"]\n"
		 "      dd if={file}\n"
		 "            ^\n"},
		{"[sh, -c, 'cat \"$1\" > /dev/null', sh, \"{file}\"]", NULL},
		{"[sh, \"{file}\"]", NULL},
		{"[bash, --norc, -c, 'cat \"$0\"', \"{file}\"]", NULL},
		{"[dd, \"if={file}\", of=/dev/null]", NULL},
		{"[python3, -c, \"print('{file}')\"]", NULL},
	};
	make_tmpdir();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char head[512];
		snprintf(head, sizeof head, "id: sh\ntitle: T\ntext: x\nworkload:\n  op: read\n"
		         "  api: command\n  command: %s\n", cases[i].command);
		const char *path = write_file("sh.yaml", head, 0, 0, "");
		if (cases[i].out) {
			expect_file(path, cases[i].out);
			continue;
		}
		struct lesson l;
		struct diags ds = {0};
		ck_assert_msg(lesson_load(path, NULL, &l, &ds) == 0, "case %zu: %s", i, printed(&ds));
		lesson_free(&l);
		diag_list_free(&ds);
	}
	remove_tmpdir();
}
END_TEST

START_TEST(huge_file)
{
	make_tmpdir();
	expect_file(write_file("huge.yaml", "id: huge\ntext: ", 2u << 20, 'x', "\n"),
	            ":1:1: file is larger than 1048576 bytes (1 MiB)\n"
	            "id: huge\n"
	            "^\n");
	remove_tmpdir();
}
END_TEST

START_TEST(long_scalar)
{
	make_tmpdir();
	const char *path = write_file("long.yaml", "id: long\ntext: ", 100000, 'x', "\n");
	struct lesson l;
	struct diags ds = {0};
	ck_assert_int_eq(lesson_load(path, NULL, &l, &ds), -1);
	ck_assert_uint_eq(ds.count, 1);
	ck_assert_str_eq(ds.items[0].message, "value is longer than 65536 bytes");
	ck_assert_uint_eq(ds.items[0].line, 2);
	ck_assert_uint_eq(ds.items[0].column, 7);
	/* the line shown is cut to a bounded length */
	ck_assert_uint_eq(strlen(ds.items[0].source_line), 4096);
	ck_assert_int_eq(strncmp(ds.items[0].source_line, "text: xxx", 9), 0);
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

START_TEST(binary_file)
{
	make_tmpdir();
	const char *path = write_file("bin.yaml", "id: bin\ntitle: \x7f" "ELF", 16, '\0', "");
	expect_file(path, ":2:12: NUL byte: lesson files are UTF-8 text, not binary\n"
	                  "title: ?ELF????????????????\n"
	                  "           ^\n");
	remove_tmpdir();
}
END_TEST

/* A copy of /etc/passwd as a lesson (a hard link escapes the symlink
 * check): one line at most, and nothing of it past the column mark. */
START_TEST(password_file)
{
	make_tmpdir();
	const char *path = write_file("pw.yaml", "root:x:0:0:root:/root:/bin/bash\n"
	                              "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", 0, 0, "");
	expect_file(path, ":1:1: the top level must be a mapping of keys, not a scalar\n"
	                  "r\n"
	                  "^\n");
	path = write_file("key.yaml", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXkt: [\n", 0,
	                  0, "");
	char want[512];
	struct lesson l;
	struct diags ds = {0};
	ck_assert_int_eq(lesson_load(path, NULL, &l, &ds), -1);
	const char *got = printed(&ds);
	expected_text(want, sizeof want, path, ":2:17: syntax error: mapping values are not allowed in "
	              "this context\nb3BlbnNzaC1rZXkt:\n                ^\n");
	ck_assert_str_eq(got, want);        /* line 1 unquoted, line 2 to the mark */
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

START_TEST(invalid_utf8)
{
	make_tmpdir();
	const char *path = write_file("latin1.yaml", "id: latin1\ntitle: caf\xe9 ", 3, '\xff', "\n");
	/* a file that is not UTF-8 may be any file: nothing past the mark */
	expect_file(path, ":2:11: not UTF-8 text: invalid byte #xE9\n"
	                  "title: caf?\n"
	                  "          ^\n");
	remove_tmpdir();
}
END_TEST

START_TEST(too_many_nodes)
{
	make_tmpdir();
	/* "[1,1,1,...]": a node per two bytes, well inside 1 MiB */
	char tail[] = "1]\n";
	const char *path = write_file("nodes.yaml", "id: nodes\ncompare: [", 0, ' ', "");
	FILE *f = fopen(path, "a");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < LESSON_NODES_MAX; i++)
		fputs("1,", f);
	fputs(tail, f);
	fclose(f);
	struct lesson l;
	struct diags ds = {0};
	ck_assert_int_eq(lesson_load(path, NULL, &l, &ds), -1);
	ck_assert_uint_eq(ds.count, 1);
	ck_assert_str_eq(ds.items[0].message, "too many values in one file (more than 100000)");
	ck_assert_uint_eq(ds.items[0].line, 2);
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

/* 1001 lessons: one error at the 1001st, then one per missing file, which
 * the cap of DIAGS_MAX keeps to a bounded list. */
START_TEST(too_many_lessons)
{
	make_tmpdir();
	const char *path = write_file("course.yaml", "course: C\nsections:\n  - title: S\n    lessons:\n", 0, ' ', "");
	FILE *f = fopen(path, "a");
	for (int i = 0; i <= COURSE_LESSONS_MAX; i++)
		fprintf(f, "      - l%d\n", i);
	fclose(f);
	struct course c;
	struct diags ds = {0};
	ck_assert_int_eq(course_load(tmpdir, &c, &ds), -1);
	ck_assert_uint_eq(ds.count, DIAGS_MAX);
	ck_assert_uint_eq(ds.count + ds.dropped, COURSE_LESSONS_MAX + 1);
	ck_assert_str_eq(ds.items[0].message, "more than 1000 lessons in one course");
	ck_assert_uint_eq(ds.items[0].line, 5 + COURSE_LESSONS_MAX);
	ck_assert_str_eq(ds.items[1].message, "course names lesson 'l0', but there is no file l0.yaml");
	const char *out = printed(&ds);
	ck_assert_ptr_nonnull(strstr(out, "... and 951 more errors not shown\n"));
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

/* A FIFO named like a lesson must not block the loader. */
START_TEST(fifo_lesson)
{
	make_tmpdir();
	char path[128];
	snprintf(path, sizeof path, "%s/fifo.yaml", tmpdir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	expect_file(path, ": is a FIFO, not a regular file\n");
	remove_tmpdir();
}
END_TEST

/* !!str (and a %TAG shorthand for it) is the one tag that loads. */
START_TEST(tag_str_allowed)
{
	make_tmpdir();
	const char *path = write_file("str-tag.yaml", "%TAG !s! tag:yaml.org,2002:\n---\n"
	                              "id: str-tag\ntitle: !!str 42\ntext: !s!str x\nworkload: {}\n",
	                              0, ' ', "");
	struct lesson l;
	struct diags ds = {0};
	ck_assert_msg(lesson_load(path, NULL, &l, &ds) == 0, "%s", printed(&ds));
	ck_assert_str_eq(l.title, "42");
	ck_assert_str_eq(l.text, "x");
	lesson_free(&l);
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

/* tmpdir/lessons and tmpdir/outside, the first holding links. */
static void make_pack(char *lessons, char *outside, size_t len)
{
	make_tmpdir();
	snprintf(lessons, len, "%s/lessons", tmpdir);
	snprintf(outside, len, "%s/outside", tmpdir);
	ck_assert_int_eq(mkdir(lessons, 0755), 0);
	ck_assert_int_eq(mkdir(outside, 0755), 0);
	write_file("outside/x.yaml", "root:*:20228:0:99999:7:::\n", 0, ' ', "");
}

static void link_at(const char *target, const char *dir, const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	ck_assert_int_eq(symlink(target, path), 0);
}

/* A lesson that links out of its directory is refused, naming where it
 * leads; nothing of the file it leads to is shown. */
START_TEST(symlink_outside)
{
	char lessons[128], outside[128], link[256], real[PATH_MAX], want[3 * PATH_MAX];
	make_pack(lessons, outside, sizeof lessons);
	link_at("../outside/x.yaml", lessons, "x.yaml", link, sizeof link);
	ck_assert_ptr_nonnull(realpath(tmpdir, real));
	snprintf(want, sizeof want, ": is a symbolic link to %s/outside/x.yaml, outside %s/lessons "
	         "(links are followed only within that directory)\n", real, real);
	expect_file(link, want);
	/* an absolute link too */
	snprintf(want, sizeof want, "%s/x.yaml", outside);
	link_at(want, lessons, "abs.yaml", link, sizeof link);
	snprintf(want, sizeof want, ": is a symbolic link to %s/outside/x.yaml, outside %s/lessons "
	         "(links are followed only within that directory)\n", real, real);
	expect_file(link, want);
	remove_tmpdir();
}
END_TEST

/* A link that stays inside the lesson directory is followed. */
START_TEST(symlink_inside)
{
	char lessons[128], outside[128], link[256];
	make_pack(lessons, outside, sizeof lessons);
	ck_assert_int_eq(mkdir(strcat(strcpy(link, lessons), "/shared"), 0755), 0);
	write_file("lessons/shared/y.yaml", "id: y\ntitle: T\ntext: x\nworkload: {}\n", 0, ' ', "");
	link_at("shared/y.yaml", lessons, "y.yaml", link, sizeof link);
	struct lesson l;
	struct diags ds = {0};
	ck_assert_msg(lesson_load(link, NULL, &l, &ds) == 0, "%s", printed(&ds));
	ck_assert_str_eq(l.id, "y");
	ck_assert_str_eq(l.file, link);
	lesson_free(&l);
	diag_list_free(&ds);
	remove_tmpdir();
}
END_TEST

/* The course: a named lesson linking out is an error; an unnamed one is an
 * orphan reported without its first line (which is not the lesson's). */
START_TEST(symlink_course)
{
	char lessons[128], outside[128], link[256], real[PATH_MAX], want[4 * PATH_MAX];
	make_pack(lessons, outside, sizeof lessons);
	write_file("lessons/course.yaml", "course: C\nsections:\n  - title: S\n    lessons: [x]\n",
	           0, ' ', "");
	link_at("../outside/x.yaml", lessons, "x.yaml", link, sizeof link);
	link_at("../outside/x.yaml", lessons, "z.yaml", link, sizeof link);
	ck_assert_ptr_nonnull(realpath(tmpdir, real));
	snprintf(want, sizeof want, "/x.yaml: is a symbolic link to %s/outside/x.yaml, outside "
	         "%s/lessons (links are followed only within that directory)\n"
	         "%%s/z.yaml:1:1: lesson 'z' is not named by any section of course.yaml\n", real, real);
	expect_course(lessons, want);
	remove_tmpdir();
}
END_TEST

/* Loader errors without a position say what the file is. */
START_TEST(not_a_file)
{
	char lessons[128], outside[128], link[256];
	make_pack(lessons, outside, sizeof lessons);
	link_at("nowhere.yaml", lessons, "dangling.yaml", link, sizeof link);
	expect_file(link, ": is a symbolic link to nowhere.yaml, which does not exist\n");
	link_at("loop.yaml", lessons, "loop.yaml", link, sizeof link);
	expect_file(link, ": is a symbolic link loop, not a regular file\n");
	snprintf(link, sizeof link, "%s/dir.yaml", lessons);
	ck_assert_int_eq(mkdir(link, 0755), 0);
	expect_file(link, ": is a directory, not a regular file\n");
	/* a device is never opened, so reading /dev/zero cannot run away */
	expect_file("/dev/zero", ": is a character device, not a regular file\n");
	remove_tmpdir();
}
END_TEST

/* An unreadable lesson: as root the check runs in a child that became
 * nobody, since root reads everything. */
START_TEST(unreadable)
{
	make_tmpdir();
	ck_assert_int_eq(chmod(tmpdir, 0755), 0);
	const char *path = write_file("locked.yaml", "id: locked\n", 0, ' ', "");
	ck_assert_int_eq(chmod(path, 0), 0);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(2);
		struct lesson l;
		struct diags ds = {0};
		lesson_load(path, NULL, &l, &ds);
		const char *out = printed(&ds);
		_exit(write(fds[1], out, strlen(out)) == (ssize_t)strlen(out) ? 0 : 3);
	}
	close(fds[1]);
	char got[1024] = "", want[1024];
	ssize_t n = read(fds[0], got, sizeof got - 1);
	got[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	expected_text(want, sizeof want, path,
	              ": is a regular file this user may not read (Permission denied)\n");
	ck_assert_str_eq(got, want);
	remove_tmpdir();
}
END_TEST

/* --- printing and places ------------------------------------------------------- */

START_TEST(print_formats)
{
	struct diags ds = {0};
	diag_list_add(&ds, "f.yaml", 3, 4, "\tab: c", "tab %s", "aligned");
	diag_list_add(&ds, "f.yaml", 2, 0, "whole line", "no column");
	diag_list_add(&ds, "f.yaml", 0, 0, NULL, "no position");
	diag_list_add(&ds, NULL, 0, 0, NULL, "no file");
	diag_list_add(&ds, "f.yaml", 1, 3, "\xc3\xa9t\xc3\xa9", "after a UTF-8 character");
	ck_assert_str_eq(printed(&ds),
	                 "f.yaml:3:4: tab aligned\n"
	                 "\tab: c\n"
	                 "\t  ^\n"
	                 "f.yaml:2: no column\n"
	                 "whole line\n"
	                 "f.yaml: no position\n"
	                 "no file\n"
	                 "f.yaml:1:3: after a UTF-8 character\n"
	                 "\xc3\xa9t\xc3\xa9\n"
	                 "  ^\n");
	diag_list_free(&ds);
	for (int i = 0; i < DIAGS_MAX + 2; i++)
		diag_list_add(&ds, "f", 1, 1, NULL, "e%d", i);
	ck_assert_uint_eq(ds.count, DIAGS_MAX);
	ck_assert_uint_eq(ds.dropped, 2);
	ck_assert_str_eq(ds.items[DIAGS_MAX - 1].message, "e49");
	diag_list_free(&ds);
	ck_assert(is_zero(&ds, sizeof ds));
}
END_TEST

START_TEST(default_dirs)
{
	char *saved = getenv("IOLAB_LESSONS") ? strdup(getenv("IOLAB_LESSONS")) : NULL;
	setenv("IOLAB_LESSONS", "/somewhere/pack/lessons", 1);
	ck_assert_str_eq(course_load_default_dir(), "/somewhere/pack/lessons");
	ck_assert_str_eq(course_load_ref_default_path(), "/somewhere/pack/data/reference.yaml");
	setenv("IOLAB_LESSONS", "lessons", 1);
	ck_assert_str_eq(course_load_ref_default_path(), "data/reference.yaml");
	setenv("IOLAB_LESSONS", "..", 1);
	ck_assert_str_eq(course_load_ref_default_path(), "../../data/reference.yaml");
	unsetenv("IOLAB_LESSONS");
	/* this test binary is not src/iolab: the installed place */
	ck_assert_str_eq(course_load_default_dir(), PKGDATADIR "/lessons");
	ck_assert_str_eq(course_load_ref_default_path(), PKGDATADIR "/data/reference.yaml");
	if (saved)
		setenv("IOLAB_LESSONS", saved, 1);
	free(saved);
}
END_TEST

/* The catalog shipped in lessons/ must load without a single error. */
START_TEST(shipped_catalog)
{
	struct stat st;
	if (stat(TOP_SRCDIR "/lessons/course.yaml", &st) != 0)
		return;       /* not written yet */
	struct course c;
	struct diags ds = {0};
	int rc = course_load(TOP_SRCDIR "/lessons", &c, &ds);
	ck_assert_msg(rc == 0 && ds.count == 0, "shipped lessons:\n%s", printed(&ds));
	ck_assert_uint_gt(c.nlessons, 0);
	lesson_course_free(&c);
	diag_list_free(&ds);
}
END_TEST

Suite *make_suite_lesson(void)
{
	Suite *s = suite_create("lesson");
	TCase *tc = tcase_create("good");
	tcase_add_test(tc, good_course);
	tcase_add_test(tc, reference_good);
	tcase_add_test(tc, shipped_catalog);
	tcase_add_test(tc, sources_unchecked_without_refs);
	suite_add_tcase(s, tc);

	tc = tcase_create("bad");
	tcase_add_loop_test(tc, bad_lesson, 0, (int)(sizeof bad / sizeof *bad));
	tcase_add_loop_test(tc, reference_bad, 0, (int)(sizeof bad_refs / sizeof *bad_refs));
	suite_add_tcase(s, tc);

	tc = tcase_create("course");
	tcase_add_test(tc, course_missing_lesson);
	tcase_add_test(tc, course_orphan);
	tcase_add_test(tc, course_duplicate);
	tcase_add_test(tc, course_compare);
	tcase_add_test(tc, course_expect_ids);
	tcase_add_test(tc, course_bad_id);
	tcase_add_test(tc, course_syntax);
	tcase_add_test(tc, course_all_errors);
	tcase_add_test(tc, course_reference_beside);
	tcase_add_test(tc, course_no_dir);
	suite_add_tcase(s, tc);

	tc = tcase_create("hostile");
	tcase_add_test(tc, file_in_shell_script);
	tcase_add_test(tc, huge_file);
	tcase_add_test(tc, long_scalar);
	tcase_add_test(tc, binary_file);
	tcase_add_test(tc, invalid_utf8);
	tcase_add_test(tc, password_file);
	tcase_add_test(tc, too_many_nodes);
	tcase_add_test(tc, too_many_lessons);
	tcase_add_test(tc, fifo_lesson);
	tcase_add_test(tc, tag_str_allowed);
	tcase_add_test(tc, symlink_outside);
	tcase_add_test(tc, symlink_inside);
	tcase_add_test(tc, symlink_course);
	tcase_add_test(tc, not_a_file);
	tcase_add_test(tc, unreadable);
	suite_add_tcase(s, tc);

	tc = tcase_create("print");
	tcase_add_test(tc, print_formats);
	tcase_add_test(tc, default_dirs);
	suite_add_tcase(s, tc);
	return s;
}
