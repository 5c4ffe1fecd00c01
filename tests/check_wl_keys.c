/* check_wl_keys.c - the workload keys and the one-line spec (wl_keys.h):
 * every key read and written, every shipped lesson's workload written and
 * read back unchanged, every mistake refused with its exact message and
 * where it is, and the lesson loader giving the very same message for the
 * same bad value (one rule, two syntaxes).
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson.h"
#include "suites.h"
#include "value.h"
#include "wl_keys.h"
#include "wl.h"

/* --- reading ---------------------------------------------------------------- */

START_TEST(every_key)
{
	struct wl_spec s;
	char msg[VALUE_MSG_MAX];
	size_t at = 99;
	int rc = wl_spec_parse("op=read api=stdio size=10MiB block=512 stride=1MiB "
	                       "open=O_SYNC,O_DIRECT fadvise=random cache=cold streams=10 "
	                       "stdio_buffer=64KiB stdio_mode=line sync=none time_limit=5s "
	                       "min_time=0.2s", NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.op, WL_OP_READ);
	ck_assert_int_eq(s.api, WL_API_STDIO);
	ck_assert_uint_eq(s.size, 10u << 20);
	ck_assert_uint_eq(s.block, 512);
	ck_assert_uint_eq(s.stride, 1u << 20);
	ck_assert_uint_eq(s.open_flags, WL_OPEN_SYNC | WL_OPEN_DIRECT);
	ck_assert_int_eq(s.fadvise, WL_ADV_RANDOM);
	ck_assert_int_eq(s.cache, WL_CACHE_COLD);
	ck_assert_uint_eq(s.streams, 10);
	ck_assert_int_eq(s.stdio_buffer, 65536);
	ck_assert_int_eq(s.stdio_mode, WL_STDIO_LINE);
	ck_assert_int_eq(s.sync, WL_SYNC_NONE);
	ck_assert_double_eq(s.time_limit, 5.0);
	ck_assert_double_eq(s.min_time, 0.2);
	ck_assert_ptr_null(s.command);
	ck_assert_int_eq(s.expect_error, 0);
	wl_spec_free(&s);

	/* a command, quoted words, brackets, an expected error; tabs separate */
	rc = wl_spec_parse("\top=write api=command\tcommand=[dd,\"if=/dev/zero\",\"of={file}\","
	                   "\"a b,\\\"c\\\"\",\"\"] expect_error=ENOSPC sync=fdatasync  ",
	                   NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.api, WL_API_COMMAND);
	ck_assert_uint_eq(s.command_len, 5);
	ck_assert_str_eq(s.command[0], "dd");
	ck_assert_str_eq(s.command[1], "if=/dev/zero");
	ck_assert_str_eq(s.command[2], "of={file}");
	ck_assert_str_eq(s.command[3], "a b,\"c\"");
	ck_assert_str_eq(s.command[4], "");
	ck_assert_ptr_null(s.command[5]);
	ck_assert_int_eq(s.expect_error, ENOSPC);
	ck_assert_int_eq(s.sync, WL_SYNC_FDATASYNC);
	wl_spec_free(&s);
}
END_TEST

START_TEST(on_a_base)
{
	struct wl_spec base, s;
	char msg[VALUE_MSG_MAX];
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	base.block = 4096;
	base.open_flags = WL_OPEN_DIRECT;
	ck_assert_int_eq(wl_spec_parse("cache=cold open=[]", &base, &s, msg, sizeof msg, NULL), 0);
	ck_assert_int_eq(s.op, WL_OP_READ);             /* kept from the base */
	ck_assert_uint_eq(s.block, 4096);
	ck_assert_int_eq(s.cache, WL_CACHE_COLD);       /* changed */
	ck_assert_uint_eq(s.open_flags, 0);             /* a list replaces the base's */
	wl_spec_free(&s);
	/* a rule broken by a key kept from the base: the message is about the
	 * start of the text */
	size_t at = 99;
	char buf[VALUE_MSG_MAX];
	ck_assert_int_eq(wl_spec_parse("cache=cold size=1KiB", &base, &s, buf, sizeof buf, &at), -1);
	ck_assert_str_eq(buf, "block must be from 1 to the file size");
	ck_assert_uint_eq(at, 0);
	/* the empty text is the base itself */
	ck_assert_int_eq(wl_spec_parse("", &base, &s, msg, sizeof msg, NULL), 0);
	ck_assert(wl_spec_same(&s, &base));
	wl_spec_free(&s);
}
END_TEST

/* --- writing ----------------------------------------------------------------- */

START_TEST(canonical)
{
	struct wl_spec s;
	char buf[1024];
	wl_spec_init(&s);
	size_t n = wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=write api=syscall size=10MiB block=1 stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.2s");
	ck_assert_uint_eq(n, strlen(buf));
	s.op = WL_OP_READ;
	s.api = WL_API_STDIO;
	s.block = 512;
	s.stride = 1u << 20;
	s.open_flags = WL_OPEN_DIRECT | WL_OPEN_SYNC;
	s.stdio_buffer = 0;
	s.size = 3000;
	s.time_limit = 0.1 + 0.2;     /* 0.30000000000000004: every digit kept */
	s.min_time = 0;
	s.expect_error = EINVAL;
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=read api=stdio size=3000 block=512 stride=1MiB "
	                      "open=O_SYNC,O_DIRECT fadvise=normal cache=warm streams=1 "
	                      "stdio_buffer=unbuffered stdio_mode=full sync=none "
	                      "time_limit=0.30000000000000004s min_time=0s expect_error=EINVAL");
	/* cut short: snprintf's contract */
	char small[10];
	n = wl_spec_format(&s, small, sizeof small);
	ck_assert_str_eq(small, "op=read a");
	ck_assert_uint_eq(n, strlen(buf));
	/* never an exponent: 30 seconds is "30s", not "3e+01s" */
	s.time_limit = 30;
	s.min_time = 0.0001;
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, " time_limit=30s min_time=0.0001s "));
}
END_TEST

/* file and sync_every: read, written only when not at their defaults,
 * read back the same, and put in words. */
START_TEST(file_and_sync_every)
{
	struct wl_spec s, back;
	char msg[VALUE_MSG_MAX], buf[1024];
	size_t at = 99;
	int rc = wl_spec_parse("block=4KiB file=existing sync=fdatasync sync_every=1", NULL, &s, msg,
	                       sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.file, WL_FILE_EXISTING);
	ck_assert_uint_eq(s.sync_every, 1);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=write api=syscall size=10MiB block=4KiB stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=fdatasync time_limit=5s min_time=0.2s "
	                      "file=existing sync_every=1");
	ck_assert_int_eq(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL), 0);
	ck_assert(wl_spec_same(&s, &back));
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "write() - 4 KiB blocks - fdatasync every write - existing file - 10 MiB");
	back.file = WL_FILE_NEW;
	back.sync_every = 8;
	ck_assert_uint_eq(wl_spec_changes(&s, &back, buf, sizeof buf), 2);
	ck_assert_str_eq(buf, "new file, fdatasync every 8 writes");
	back.sync_every = 0;
	ck_assert_uint_eq(wl_spec_changes(&s, &back, buf, sizeof buf), 2);
	ck_assert_str_eq(buf, "new file, sync only at the end");
	/* at their defaults they are left out: the spec of before */
	wl_spec_format(&back, buf, sizeof buf);
	ck_assert_ptr_null(strstr(buf, "file="));
	ck_assert_ptr_null(strstr(buf, "sync_every="));
	/* the form shows the default all the same */
	const struct wl_key *k = wl_key_find("file");
	ck_assert_int_eq(k->format(k, &back, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "new");
	k = wl_key_find("sync_every");
	ck_assert_int_eq(k->format(k, &back, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "0");
	wl_spec_free(&back);
	wl_spec_free(&s);
}
END_TEST

/* advice_lead and map: read, written only when not at their
 * defaults (so a spec written before they existed reads as the same
 * workload), read back the same, and put in words. */
START_TEST(advice_lead_and_map)
{
	struct wl_spec s, back;
	char msg[VALUE_MSG_MAX], buf[1024];
	size_t at = 99;
	int rc = wl_spec_parse("op=read api=mmap block=4KiB map=per_pass", NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.map, WL_MAP_PER_PASS);
	ck_assert(s.advice_lead == 0);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=read api=mmap size=10MiB block=4KiB stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.2s map=per_pass");
	ck_assert_int_eq(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL), 0);
	ck_assert(wl_spec_same(&s, &back));
	wl_spec_free(&back);
	wl_spec_free(&s);
	rc = wl_spec_parse("op=read cache=cold block=4KiB fadvise=willneed advice_lead=100ms "
	                   "min_time=50ms", NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_double_eq(s.advice_lead, 0.1);
	ck_assert_int_eq(s.map, WL_MAP_ONCE);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=read api=syscall size=10MiB block=4KiB stride=0 open=[] "
	                      "fadvise=willneed cache=cold streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.05s "
	                      "advice_lead=0.1s");
	ck_assert_int_eq(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL), 0);
	ck_assert(wl_spec_same(&s, &back));
	/* in words: what changed */
	back.advice_lead = 0;
	ck_assert_uint_eq(wl_spec_changes(&back, &s, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "read 100 ms after the advice");
	ck_assert_uint_eq(wl_spec_changes(&s, &back, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "no advice lead");
	wl_spec_free(&back);
	wl_spec_free(&s);
	wl_spec_init(&s);
	s.op = WL_OP_READ;
	s.api = WL_API_MMAP;
	back = s;
	back.map = WL_MAP_PER_PASS;
	ck_assert_uint_eq(wl_spec_changes(&s, &back, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "mapped per pass");
	ck_assert_uint_eq(wl_spec_changes(&back, &s, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "mapped once");
}
END_TEST

/* A duration written is read back as the same workload, to its last
 * nanosecond, and the writer never writes what the reader refuses. */
START_TEST(durations_read_back)
{
	static const char *const specs[] = {
		"op=read time_limit=0.000000001s min_time=0s",
		"op=read time_limit=0.0000000016 min_time=0.000000002s",
		"op=read time_limit=1h min_time=59.999999999s",
		"op=read time_limit=0.30000000000000004s min_time=1ns",
	};
	static const char *const written[] = {"time_limit=0.000000001s min_time=0s",
	                                      "time_limit=0.000000002s min_time=0.000000002s",
	                                      "time_limit=3600s min_time=59.999999999s",
	                                      "time_limit=0.3s min_time=0.000000001s"};
	for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
		struct wl_spec s, back;
		char msg[VALUE_MSG_MAX], buf[1024];
		ck_assert_msg(wl_spec_parse(specs[i], NULL, &s, msg, sizeof msg, NULL) == 0, "%s: %s",
		              specs[i], msg);
		wl_spec_format(&s, buf, sizeof buf);
		ck_assert_msg(strstr(buf, written[i]) != NULL, "%s written as %s", specs[i], buf);
		ck_assert_msg(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL) == 0, "%s: %s",
		              buf, msg);
		ck_assert(wl_spec_same(&s, &back));
		ck_assert(s.time_limit == back.time_limit && s.min_time == back.min_time);
		wl_spec_free(&s);
		wl_spec_free(&back);
	}
}
END_TEST

/* order and stdio_call: left out at their defaults, so specs written
 * before them read as before; a character call spelt as its op spells it. */
START_TEST(order_and_stdio_call)
{
	struct wl_spec s, back;
	char msg[VALUE_MSG_MAX], buf[1024];
	size_t at = 99;
	int rc = wl_spec_parse("op=read api=stdio block=1 stdio_call=getc_unlocked", NULL, &s,
	                       msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.stdio_call, WL_SCALL_GETC_UNLOCKED);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=read api=stdio size=10MiB block=1 stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.2s "
	                      "stdio_call=getc_unlocked");
	ck_assert_int_eq(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL), 0);
	ck_assert(wl_spec_same(&s, &back));
	wl_spec_free(&back);
	wl_spec_free(&s);
	/* fwrite and fread both name the block call: the default, left out */
	rc = wl_spec_parse("op=write api=stdio stdio_call=fwrite order=reverse stride=1KiB "
	                   "block=512", NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.stdio_call, WL_SCALL_BLOCK);
	ck_assert_int_eq(s.order, WL_ORDER_REVERSE);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=write api=stdio size=10MiB block=512 stride=1KiB open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.2s order=reverse");
	back = s;
	back.order = WL_ORDER_FORWARD;
	ck_assert_uint_eq(wl_spec_changes(&back, &s, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "backwards");
	back = s;
	back.stdio_call = WL_SCALL_FPUTC;
	back.block = 1;
	back.stride = 0;
	back.order = WL_ORDER_FORWARD;
	ck_assert_uint_eq(wl_spec_changes(&s, &back, buf, sizeof buf), 4);
	ck_assert_str_eq(buf, "1 B blocks, sequential, forwards, fputc()");
	wl_spec_free(&s);
	/* a mapped write with msync */
	rc = wl_spec_parse("op=write api=mmap sync=msync map=per_pass", NULL, &s, msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.sync, WL_SYNC_MSYNC);
	wl_spec_free(&s);
	/* the same names and messages as every enum key */
	ck_assert_int_eq(wl_spec_parse("order=backward", NULL, &s, msg, sizeof msg, &at), -1);
	ck_assert_str_eq(msg, "unknown order 'backward'; expected one of: forward, reverse");
	ck_assert_uint_eq(at, 6);
	ck_assert_int_eq(wl_spec_parse("op=read api=stdio block=1 stdio_call=fputc", NULL, &s, msg,
	                               sizeof msg, &at), -1);
	ck_assert_str_eq(msg, "stdio_call: fputc is a write's call; a read takes fread, fgetc or "
	                 "getc_unlocked");
	ck_assert_uint_eq(at, 37);
	/* a scenario: left out when none */
	rc = wl_spec_parse("op=write api=stdio scenario=fork_no_flush stdio_mode=line", NULL, &s,
	                   msg, sizeof msg, &at);
	ck_assert_msg(rc == 0, "%s at %zu", msg, at);
	ck_assert_int_eq(s.scenario, WL_SCENARIO_FORK_NO_FLUSH);
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=write api=stdio size=10MiB block=1 stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=line sync=none time_limit=5s min_time=0.2s "
	                      "scenario=fork_no_flush");
	back = s;
	back.scenario = WL_SCENARIO_NONE;
	ck_assert_uint_eq(wl_spec_changes(&back, &s, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "scenario fork_no_flush");
	ck_assert_int_eq(wl_spec_parse("op=read api=stdio scenario=fork_flush", NULL, &back, msg,
	                               sizeof msg, &at), -1);
	ck_assert_str_eq(msg, "a scenario writes its own file through stdio and system calls: "
	                 "it needs op: write and api: stdio");
	ck_assert_uint_eq(at, 27);
	ck_assert_int_eq(wl_spec_parse("scenario=fork", NULL, &back, msg, sizeof msg, &at), -1);
	ck_assert_str_eq(msg, "unknown scenario 'fork'; expected one of: none, printf_then_write, "
	                 "read_under_file, fork_no_flush, fork_flush");
}
END_TEST

START_TEST(command_words)
{
	static char *argv[] = {"prog", "{file}", "two words", "a,b", "q\"uote", "back\\slash",
	                       "", "[x]", "tab\there", NULL};
	struct wl_spec s, back;
	char buf[1024], msg[VALUE_MSG_MAX];
	wl_spec_init(&s);
	s.api = WL_API_COMMAND;
	s.command = argv;
	s.command_len = 9;
	wl_spec_format(&s, buf, sizeof buf);
	ck_assert_str_eq(buf, "op=write api=command size=10MiB block=1 stride=0 open=[] "
	                      "fadvise=normal cache=warm streams=1 stdio_buffer=default "
	                      "stdio_mode=full sync=none time_limit=5s min_time=0.2s "
	                      "command=prog,{file},\"two words\",\"a,b\",\"q\\\"uote\","
	                      "back\\slash,\"\",\"[x]\",\"tab\\there\"");
	ck_assert_int_eq(wl_spec_parse(buf, NULL, &back, msg, sizeof msg, NULL), 0);
	ck_assert_uint_eq(back.command_len, 9);
	for (size_t i = 0; i < 9; i++)
		ck_assert_str_eq(back.command[i], argv[i]);
	ck_assert(wl_spec_same(&s, &back));
	wl_spec_free(&back);
}
END_TEST

/* Inside [ ], blanks around items and commas are spacing, as in a lesson
 * file's flow list: [cat, {file}] is [cat,{file}]. */
START_TEST(blanks_inside_brackets)
{
	struct wl_spec a, b;
	char msg[VALUE_MSG_MAX];
	ck_assert_int_eq(wl_spec_parse("api=command op=read command=[cat, {file}] open=[ O_SYNC , "
	                               "O_DIRECT ]", NULL, &a, msg, sizeof msg, NULL), 0);
	ck_assert_int_eq(wl_spec_parse("api=command op=read command=[cat,{file}] "
	                               "open=O_SYNC,O_DIRECT", NULL, &b, msg, sizeof msg, NULL), 0);
	ck_assert_uint_eq(a.command_len, 2);
	ck_assert_str_eq(a.command[1], "{file}");
	ck_assert(wl_spec_same(&a, &b));
	wl_spec_free(&a);
	wl_spec_free(&b);
	ck_assert_int_eq(wl_spec_parse("open=[ ]", NULL, &a, msg, sizeof msg, NULL), 0);
	ck_assert_uint_eq(a.open_flags, 0);
	wl_spec_free(&a);
}
END_TEST

/* Every shipped lesson's workload: written, read back, the same. */
START_TEST(shipped_round_trip)
{
	struct course c;
	struct diags d = {0};
	int rc = course_load(TOP_SRCDIR "/lessons", &c, &d);
	ck_assert_msg(rc == 0, "the shipped course does not load");
	diag_list_free(&d);
	ck_assert_uint_gt(c.nlessons, 40);
	for (size_t i = 0; i < c.nlessons; i++) {
		const struct wl_spec *w = &c.lessons[i].workload;
		struct wl_spec back;
		char text[2048], again[2048], msg[VALUE_MSG_MAX];
		size_t at = 0;
		wl_spec_format(w, text, sizeof text);
		ck_assert_msg(wl_spec_parse(text, NULL, &back, msg, sizeof msg, &at) == 0,
		              "%s: %s at %zu of %s", c.lessons[i].id, msg, at, text);
		ck_assert_int_eq(back.op, w->op);
		ck_assert_int_eq(back.api, w->api);
		ck_assert_uint_eq(back.size, w->size);
		ck_assert_uint_eq(back.block, w->block);
		ck_assert_uint_eq(back.stride, w->stride);
		ck_assert_uint_eq(back.open_flags, w->open_flags);
		ck_assert_int_eq(back.fadvise, w->fadvise);
		ck_assert_int_eq(back.cache, w->cache);
		ck_assert_uint_eq(back.streams, w->streams);
		ck_assert_int_eq(back.stdio_buffer, w->stdio_buffer);
		ck_assert_int_eq(back.stdio_mode, w->stdio_mode);
		ck_assert_int_eq(back.sync, w->sync);
		ck_assert(back.time_limit == w->time_limit);
		ck_assert(back.min_time == w->min_time);
		ck_assert_uint_eq(back.command_len, w->command_len);
		for (size_t j = 0; j < w->command_len; j++)
			ck_assert_str_eq(back.command[j], w->command[j]);
		ck_assert_int_eq(back.expect_error, w->expect_error);
		wl_spec_format(&back, again, sizeof again);
		ck_assert_str_eq(again, text);
		ck_assert(wl_spec_same(&back, w));
		wl_spec_free(&back);
	}
	lesson_course_free(&c);
}
END_TEST

/* --- mistakes ---------------------------------------------------------------- */

static const struct {
	const char *text;
	size_t at;                /* the byte the message is about */
	const char *msg;
} bad[] = {
	{"blok=4", 0, "unknown key 'blok'; did you mean 'block'?"},
	{"op=read colour=blue", 8, "unknown key 'colour'"},
	{"op=read block", 8, "expected KEY=VALUE, not 'block'"},
	{"=4", 0, "expected a key before '='"},
	{"size=1MiB block=4 size=2MiB", 18, "duplicate key 'size' (first given at column 1)"},
	{"block= size=1", 6, "'block' has no value"},
	{"block=", 6, "'block' has no value"},
	{"size=x", 5, "'size' is not a size: 'x' (use bytes, or a whole number with B, KiB, "
	              "MiB, GiB, K, M or G)"},
	{"size=-4", 5, "'size' must not be negative: '-4'"},
	{"stride=99999999999999999999", 7, "'stride' is too large: '99999999999999999999'"},
	{"block=1,2", 6, "'block' must be a scalar, not a list"},
	{"block=[4]", 6, "'block' must be a scalar, not a list"},
	{"op=raed", 3, "unknown op 'raed'; did you mean 'read'?"},
	{"cache=tepid", 6, "unknown cache 'tepid'; expected one of: warm, cold"},
	{"open=O_SYNC,O_SYNCC", 12, "unknown open flag 'O_SYNCC'; did you mean 'O_SYNC'?"},
	{"open=O_RDONLY", 5, "unknown open flag 'O_RDONLY'; expected one of: O_SYNC, O_DSYNC, "
	                     "O_DIRECT"},
	{"open=O_DIRECT,O_DIRECT", 14, "duplicate open flag 'O_DIRECT'"},
	{"open=O_SYNC,,O_DIRECT", 12, "'open' has an empty item"},
	{"open=[O_SYNC", 5, "'open' has a '[' that is not closed"},
	{"open=[O_SYNC block=4", 5, "'open' has a '[' that is not closed"},
	{"open=[O_SYNC, , O_DIRECT]", 14, "'open' has an empty item"},
	{"open=O_SYNC]", 11, "unexpected ']' in the value of 'open' (a word with blanks, commas, "
	                     "quotes or brackets goes in double quotes)"},
	{"api=command command=[dd,\"if={file}]", 24, "'command' has a '\"' that is not closed"},
	{"api=command command=[]", 20, "'command' must not be empty"},
	/* {file} in a shell's script would run a --dir path as code */
	{"api=command op=read command=[sh,-ec,\"cat {file}\"]", 36,
	 "{file} in the script of 'sh -c' would run as shell code: the data file's path comes "
	 "from --dir; pass it after the script and read it as \"$1\": [sh, -c, 'cat \"$1\"', sh, "
	 "\"{file}\"]"},
	{"streams=two", 8, "'streams' must be a whole number: 'two'"},
	{"streams=-1", 8, "'streams' must not be negative: '-1'"},
	{"streams=5000", 8, "streams must be from 1 to 1024"},
	{"stdio_buffer=big", 13, "'stdio_buffer' must be default, unbuffered, 0 or a size: 'big'"},
	{"stdio_buffer=2GiB", 13, "stdio_buffer must be at most 1 GiB"},
	{"time_limit=soon", 11, "'time_limit' is not a duration: 'soon' (use 5s, 250ms, or a "
	                        "number of seconds: digits and a point, then s, ms, us, ns, m, min "
	                        "or h, or none)"},
	{"time_limit=0x10s", 11, "'time_limit' is not a duration: '0x10s' (use 5s, 250ms, or a "
	                         "number of seconds: digits and a point, then s, ms, us, ns, m, min "
	                         "or h, or none)"},
	{"time_limit=1e-30", 11, "'time_limit' is not a duration: '1e-30' (use 5s, 250ms, or a "
	                         "number of seconds: digits and a point, then s, ms, us, ns, m, min "
	                         "or h, or none)"},
	{"min_time=0.0000000001s", 9, "'min_time' is shorter than a nanosecond, the finest duration "
	                              "iolab keeps: '0.0000000001s'"},
	{"min_time=90m", 9, "min_time must be at most 1 hour"},
	{"expect_error=EINVALL", 13, "unknown errno name 'EINVALL'; did you mean 'EINVAL'?"},
	/* rules between keys: at the value of the key the rule is about */
	{"size=1MiB block=2MiB", 16, "block must be from 1 to the file size"},
	{"op=read api=stdio streams=4", 26, "streams > 1 needs a stride (one stream per stride "
	                                    "region)"},
	{"api=command", 4, "api: command needs a command"},
	{"op=read sync=fsync", 13, "sync is for writes only"},
	{"size=1MiB stride=4 streams=2", 27, "streams > 1 is for stdio reads only"},
	{"op=read block=20MiB", 14, "block must be from 1 to the file size"},
	/* the keys map and advice_lead */
	{"op=read api=mmap map=perpass", 21, "unknown map 'perpass'; did you mean 'per_pass'?"},
	{"op=read map=per_pass", 12, "map: per_pass is for api: mmap"},
	{"op=read advice_lead=soon", 20, "'advice_lead' is not a duration: 'soon' (use 5s, 250ms, "
	                                 "or a number of seconds: digits and a point, then s, ms, "
	                                 "us, ns, m, min or h, or none)"},
	{"op=read advice_lead=100ms", 20, "advice_lead needs advice to wait after (fadvise other "
	                                  "than normal)"},
	{"op=read fadvise=willneed advice_lead=11s", 37, "advice_lead must be from 0 to 10 s"},
	{"op=read api=command command=[true] fadvise=willneed advice_lead=1s", 64,
	 "advice_lead is for the lab's own loops, not a command"},
	/* file and sync_every */
	{"file=old", 5, "unknown file 'old'; expected one of: new, existing"},
	{"file=exisitng", 5, "unknown file 'exisitng'; did you mean 'existing'?"},
	{"op=read file=existing", 13, "file: existing is for writes only (a read's file always exists)"},
	{"api=command command=[true] file=existing", 32,
	 "file: existing is for the lab's own writes, not a command"},
	{"sync_every=4", 11, "sync_every needs sync: fsync, fdatasync or msync"},
	{"sync=fsync sync_every=-1", 22, "'sync_every' must not be negative: '-1'"},
	{"sync=fsync sync_every=often", 22, "'sync_every' must be a whole number of writes: 'often'"},
	{"sync=fsync sync_every=4294967297", 22, "sync_every must be from 0 to 4294967296"},
	{"api=command command=[true] sync=fsync sync_every=1", 49,
	 "sync_every is for the lab's own writes, not a command"},
};

START_TEST(mistakes)
{
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct wl_spec s;
		char msg[VALUE_MSG_MAX];
		size_t at = 12345;
		s.command = (char **)&s;      /* must be left with nothing to free */
		int rc = wl_spec_parse(bad[i].text, NULL, &s, msg, sizeof msg, &at);
		ck_assert_msg(rc == -1, "'%s' was accepted", bad[i].text);
		ck_assert_msg(strcmp(msg, bad[i].msg) == 0, "'%s': got \"%s\"", bad[i].text, msg);
		ck_assert_msg(at == bad[i].at, "'%s': at %zu, expected %zu", bad[i].text, at, bad[i].at);
		ck_assert_ptr_null(s.command);
	}
}
END_TEST

/* The loader refuses the same value in a lesson file with the same words:
 * one rule, whichever syntax it was typed in. */
static const struct {
	const char *yaml;         /* the workload key's line */
	const char *spec;
} same[] = {
	{"size: x", "size=x"},
	{"size: -4", "size=-4"},
	{"block: 99999999999999999999", "block=99999999999999999999"},
	{"op: raed", "op=raed"},
	{"fadvise: randon", "fadvise=randon"},
	{"stdio_mode: lines", "stdio_mode=lines"},
	{"sync: fsyncc", "sync=fsyncc"},
	{"cache: tepid", "cache=tepid"},
	{"open: [O_SYNCC]", "open=O_SYNCC"},
	{"open: [O_DIRECT, O_DIRECT]", "open=O_DIRECT,O_DIRECT"},
	{"streams: two", "streams=two"},
	{"streams: 0", "streams=0"},
	{"stdio_buffer: big", "stdio_buffer=big"},
	{"stdio_buffer: 2GiB", "stdio_buffer=2GiB"},
	{"time_limit: soon", "time_limit=soon"},
	{"min_time: -1s", "min_time=-1s"},
	{"min_time: 2h", "min_time=2h"},
	{"min_time: 61m", "min_time=61m"},
	{"expect_error: EINVALL", "expect_error=EINVALL"},
	{"expect_error: ENOTHING", "expect_error=ENOTHING"},
	{"command: []\n  api: command", "command=[] api=command"},
	{"block: 20MiB", "block=20MiB"},
	{"sync: fsync\n  op: read", "sync=fsync op=read"},
	{"command: [bash, -c, 'wc -c {file}']\n  api: command", "command=bash,-c,\"wc -c {file}\" api=command"},
	{"map: perpass\n  op: read\n  api: mmap", "map=perpass op=read api=mmap"},
	{"map: per_pass\n  op: read", "map=per_pass op=read"},
	{"advice_lead: 100ms\n  op: read", "advice_lead=100ms op=read"},
	{"advice_lead: 11s\n  op: read\n  fadvise: willneed", "advice_lead=11s op=read fadvise=willneed"},
	{"file: existing\n  op: read", "file=existing op=read"},
	{"file: old", "file=old"},
	{"sync_every: 2", "sync_every=2"},
	{"sync_every: often\n  sync: fsync", "sync_every=often sync=fsync"},
};

START_TEST(loader_says_the_same)
{
	char dir[] = "/tmp/iolab-wlkeys.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
		char path[128], msg[VALUE_MSG_MAX];
		snprintf(path, sizeof path, "%s/x%zu.yaml", dir, i);
		FILE *f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fprintf(f, "id: x%zu\ntitle: t\ntext: t\nworkload:\n  %s\n", i, same[i].yaml);
		fclose(f);
		struct lesson l;
		struct diags d = {0};
		ck_assert_int_eq(lesson_load(path, NULL, &l, &d), -1);
		ck_assert_uint_ge(d.count, 1);
		struct wl_spec s;
		ck_assert_int_eq(wl_spec_parse(same[i].spec, NULL, &s, msg, sizeof msg, NULL), -1);
		ck_assert_msg(strcmp(d.items[0].message, msg) == 0, "%s: loader \"%s\", spec \"%s\"",
		              same[i].spec, d.items[0].message, msg);
		diag_list_free(&d);
		unlink(path);
	}
	rmdir(dir);
}
END_TEST

/* --- one key at a time (the experiment form) and labels ----------------------- */

START_TEST(one_key)
{
	struct wl_spec s;
	char msg[VALUE_MSG_MAX];
	wl_spec_init(&s);
	ck_assert_ptr_null(wl_key_find("colour"));
	const struct wl_key *block = wl_key_find("block");
	ck_assert_ptr_eq(block, &wl_key_table[WLK_BLOCK]);
	ck_assert_int_eq(wl_key_set(block, &s, " 4KiB ", msg, sizeof msg), 0);
	ck_assert_uint_eq(s.block, 4096);
	ck_assert_int_eq(wl_key_set(block, &s, "4 KiB", msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "'block' has more than one value (a word with blanks goes in "
	                      "double quotes)");
	ck_assert_int_eq(wl_key_set(block, &s, "", msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "'block' has no value");
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_OPEN], &s, "O_DSYNC,O_DIRECT", msg,
	                            sizeof msg), 0);
	ck_assert_uint_eq(s.open_flags, WL_OPEN_DSYNC | WL_OPEN_DIRECT);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_OPEN], &s, "[]", msg, sizeof msg), 0);
	ck_assert_uint_eq(s.open_flags, 0);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_CACHE], &s, "luke", msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "unknown cache 'luke'; expected one of: warm, cold");
	/* the names a form offers */
	ck_assert_str_eq(wl_key_table[WLK_FADVISE].choice(2), "random");
	ck_assert_str_eq(wl_key_table[WLK_FADVISE].choice(6), "?");
	ck_assert_ptr_null(wl_key_table[WLK_SIZE].choice);
	wl_spec_free(&s);
}
END_TEST

START_TEST(changes)
{
	struct wl_spec a, b;
	char buf[256];
	wl_spec_init(&a);
	wl_spec_init(&b);
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	ck_assert(wl_spec_same(&a, &b));
	b.block = 4;
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "4 B blocks");
	ck_assert(!wl_spec_same(&a, &b));
	a.cache = WL_CACHE_COLD;
	b.time_limit = 2;
	b.open_flags = WL_OPEN_SYNC;
	b.stdio_buffer = 65536;
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 5);
	ck_assert_str_eq(buf, "4 B blocks, O_SYNC, warm, 64 KiB buffer, time limit 2.00 s");
	b = a;
	b.size = 1u << 20;
	b.stride = 4096;
	b.sync = WL_SYNC_FSYNC;
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 3);
	ck_assert_str_eq(buf, "1 MiB file, stride 4 KiB, fsync at end");
	/* cut to the buffer, still counted */
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, 8), 3);
	ck_assert_str_eq(buf, "1 MiB f");
	/* a size is named exactly: 4000 B and 4001 B blocks are two variants,
	 * never both "3.91 KiB blocks" */
	b = a;
	b.block = 4000;
	b.stride = 1000000;
	b.stdio_buffer = 3000;
	b.size = 10u << 20;
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 3);
	ck_assert_str_eq(buf, "4,000 B blocks, stride 1,000,000 B, 3,000 B buffer");
	b.size = 10000000;
	ck_assert_uint_eq(wl_spec_changes(&a, &b, buf, sizeof buf), 4);
	ck_assert_str_eq(buf, "10,000,000 B file, 4,000 B blocks, stride 1,000,000 B, 3,000 B buffer");
}
END_TEST

/* The describe line is the rows' labels in their line order: every key
 * that has a part set at once, exactly as the lab, the batch table and
 * the notebook show it. */
START_TEST(describe_from_the_rows)
{
	static const char *const notable[][2] = {
		{"op", "write"}, {"api", "stdio"}, {"size", "1MiB"}, {"block", "4KiB"},
		{"stride", "64KiB"}, {"open", "O_SYNC,O_DIRECT"}, {"fadvise", "willneed"},
		{"cache", "cold"}, {"streams", "2"}, {"stdio_buffer", "8KiB"}, {"stdio_mode", "line"},
		{"sync", "fsync"}, {"sync_every", "16"}, {"advice_lead", "0.25s"}, {"map", "per_pass"},
		{"file", "existing"}, {"order", "reverse"}, {"stdio_call", "fputc"},
	};
	struct wl_spec s;
	char msg[VALUE_MSG_MAX], buf[512];
	wl_spec_init(&s);
	for (size_t i = 0; i < sizeof notable / sizeof notable[0]; i++)
		ck_assert_msg(wl_key_set(wl_key_find(notable[i][0]), &s, notable[i][1], msg, sizeof msg) == 0,
		              "%s: %s", notable[i][0], msg);
	wl_spec_describe(&s, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "fputc() \u00b7 4 KiB blocks \u00b7 stride 64 KiB \u00b7 2 streams \u00b7 "
	                 "O_SYNC \u00b7 O_DIRECT \u00b7 line buffer 8 KiB \u00b7 fadvise willneed \u00b7 "
	                 "read 250 ms after the advice \u00b7 mapped per pass \u00b7 backwards \u00b7 "
	                 "fsync every 16 writes \u00b7 existing file \u00b7 cold cache \u00b7 1 MiB");
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "fputc() - 4 KiB blocks - stride 64 KiB - 2 streams - O_SYNC - O_DIRECT - "
	                 "line buffer 8 KiB - fadvise willneed - read 250 ms after the advice - "
	                 "mapped per pass - backwards - fsync every 16 writes - existing file - "
	                 "cold cache - 1 MiB");
	/* a scenario is named by its name, without blocks or a size */
	s.scenario = WL_SCENARIO_FORK_NO_FLUSH;
	s.stdio_call = WL_SCALL_BLOCK;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "scenario fork_no_flush - stride 64 KiB - 2 streams - O_SYNC - O_DIRECT - "
	                 "line buffer 8 KiB - fadvise willneed - read 250 ms after the advice - "
	                 "mapped per pass - backwards - fsync every 16 writes - existing file - "
	                 "cold cache");
	/* a command by its program; cut where the buffer ends, as snprintf */
	wl_spec_init(&s);
	ck_assert_int_eq(wl_key_set(wl_key_find("api"), &s, "command", msg, sizeof msg), 0);
	ck_assert_int_eq(wl_key_set(wl_key_find("command"), &s, "dd,if={file}", msg, sizeof msg), 0);
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "dd - 10 MiB");
	wl_spec_describe(&s, 1, buf, 7);
	ck_assert_str_eq(buf, "dd - 1");
	wl_spec_free(&s);
}
END_TEST

/* The rows' places on the describe line and on the form are each taken
 * once (two rows at one place would lose one); a key on the form has its
 * field there, in the form's order. */
START_TEST(rows_places_are_distinct)
{
	enum wl_key_id ids[WL_FORM_KEYS];
	size_t on_form = 0;
	for (size_t i = 0; i < WL_KEYS; i++) {
		const struct wl_key *a = &wl_key_table[i];
		ck_assert_msg(!a->label == !a->line, "%s: a label needs a place, a place a label", a->key);
		on_form += a->form != 0;
		for (size_t j = i + 1; j < WL_KEYS; j++) {
			const struct wl_key *b = &wl_key_table[j];
			ck_assert_msg(!a->line || a->line != b->line, "%s and %s share line place %u",
			              a->key, b->key, a->line);
			ck_assert_msg(!a->form || a->form != b->form, "%s and %s share form place %u",
			              a->key, b->key, a->form);
		}
	}
	ck_assert_uint_eq(on_form, WL_FORM_KEYS);
	wl_key_form_order(ids);
	for (size_t i = 1; i < WL_FORM_KEYS; i++)
		ck_assert_uint_lt(wl_key_table[ids[i - 1]].form, wl_key_table[ids[i]].form);
}
END_TEST

/* Each key's typed value at the format's defaults, and a key reset to
 * them: the type is the JSON's (doc/batch-output.md). */
START_TEST(typed_values_and_reset)
{
	static const enum wl_value_type want[WL_KEYS] = {
		[WLK_OP] = WL_VALUE_NAME, [WLK_API] = WL_VALUE_NAME, [WLK_SIZE] = WL_VALUE_COUNT,
		[WLK_BLOCK] = WL_VALUE_COUNT, [WLK_STRIDE] = WL_VALUE_COUNT, [WLK_OPEN] = WL_VALUE_LIST,
		[WLK_FADVISE] = WL_VALUE_NAME, [WLK_CACHE] = WL_VALUE_NAME,
		[WLK_STREAMS] = WL_VALUE_COUNT, [WLK_STDIO_BUFFER] = WL_VALUE_NAME,
		[WLK_STDIO_MODE] = WL_VALUE_NAME, [WLK_SYNC] = WL_VALUE_NAME,
		[WLK_TIME_LIMIT] = WL_VALUE_SECONDS, [WLK_MIN_TIME] = WL_VALUE_SECONDS,
		[WLK_COMMAND] = WL_VALUE_NULL, [WLK_EXPECT_ERROR] = WL_VALUE_NULL,
		[WLK_ADVICE_LEAD] = WL_VALUE_SECONDS, [WLK_MAP] = WL_VALUE_NAME,
		[WLK_FILE] = WL_VALUE_NAME, [WLK_SYNC_EVERY] = WL_VALUE_COUNT,
		[WLK_REDIRECT] = WL_VALUE_NAME, [WLK_ORDER] = WL_VALUE_NAME,
		[WLK_STDIO_CALL] = WL_VALUE_NAME, [WLK_SCENARIO] = WL_VALUE_NAME,
	};
	struct wl_spec d, s;
	struct wl_value v;
	char msg[VALUE_MSG_MAX], a[256], b[256];
	wl_spec_init(&d);
	for (size_t i = 0; i < WL_KEYS; i++) {
		wl_key_value(&wl_key_table[i], &d, &v);
		ck_assert_msg(v.type == want[i], "%s: type %d", wl_key_table[i].key, (int)v.type);
	}
	wl_key_value(&wl_key_table[WLK_STDIO_CALL], &d, &v);
	ck_assert_str_eq(v.name, "fwrite");
	wl_key_value(&wl_key_table[WLK_OPEN], &d, &v);
	ck_assert_uint_eq(v.nitems, 0);
	ck_assert_str_eq(v.sep, "|");
	/* stdio_buffer: unbuffered is the count 0 */
	wl_spec_init(&s);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_STDIO_BUFFER], &s, "unbuffered", msg, sizeof msg), 0);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_EXPECT_ERROR], &s, "EIO", msg, sizeof msg), 0);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_COMMAND], &s, "cat,x", msg, sizeof msg), 0);
	ck_assert_int_eq(wl_key_set(&wl_key_table[WLK_REDIRECT], &s, "stdout", msg, sizeof msg), 0);
	wl_key_value(&wl_key_table[WLK_STDIO_BUFFER], &s, &v);
	ck_assert_int_eq(v.type, WL_VALUE_COUNT);
	ck_assert_uint_eq(v.count, 0);
	wl_key_value(&wl_key_table[WLK_COMMAND], &s, &v);
	ck_assert_int_eq(v.type, WL_VALUE_LIST);
	ck_assert_uint_eq(v.nitems, 2);
	ck_assert_str_eq(v.items[1], "x");
	ck_assert_str_eq(v.sep, " ");
	wl_key_value(&wl_key_table[WLK_EXPECT_ERROR], &s, &v);
	ck_assert_str_eq(v.name, "EIO");
	/* every key back at its default: the spec reads as the defaults' */
	for (size_t i = 0; i < WL_KEYS; i++)
		wl_key_reset(&wl_key_table[i], &s);
	wl_spec_format(&s, a, sizeof a);
	wl_spec_format(&d, b, sizeof b);
	ck_assert_str_eq(a, b);
	ck_assert_ptr_null(s.command);
	ck_assert_uint_eq(s.command_len, 0);
}
END_TEST

Suite *make_suite_wl_keys(void)
{
	Suite *s = suite_create("wl_keys");
	TCase *tc = tcase_create("wl_keys");
	tcase_add_test(tc, every_key);
	tcase_add_test(tc, on_a_base);
	tcase_add_test(tc, canonical);
	tcase_add_test(tc, advice_lead_and_map);
	tcase_add_test(tc, order_and_stdio_call);
	tcase_add_test(tc, file_and_sync_every);
	tcase_add_test(tc, command_words);
	tcase_add_test(tc, blanks_inside_brackets);
	tcase_add_test(tc, shipped_round_trip);
	tcase_add_test(tc, durations_read_back);
	tcase_add_test(tc, mistakes);
	tcase_add_test(tc, loader_says_the_same);
	tcase_add_test(tc, one_key);
	tcase_add_test(tc, changes);
	tcase_add_test(tc, describe_from_the_rows);
	tcase_add_test(tc, rows_places_are_distinct);
	tcase_add_test(tc, typed_values_and_reset);
	suite_add_tcase(s, tc);
	return s;
}
