/* check_workload.c - spec defaults, names, rules and descriptions. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suites.h"
#include "wl_kind.h"
#include "wl_scenario.h"
#include "wl.h"
#include "wl_run.h"

START_TEST(names_round_trip)
{
	enum wl_advice a;
	ck_assert_int_eq(wl_advice_from_name("dontneed", &a), 0);
	ck_assert_int_eq(a, WL_ADV_DONTNEED);
	ck_assert_str_eq(wl_advice_name(WL_ADV_NOREUSE), "noreuse");
	ck_assert_int_eq(wl_advice_from_name("DONTNEED", &a), -1);
	enum wl_api api;
	ck_assert_int_eq(wl_api_from_name("mmap", &api), 0);
	ck_assert_int_eq(api, WL_API_MMAP);
	unsigned f;
	ck_assert_int_eq(wl_open_flag_from_name("O_DIRECT", &f), 0);
	ck_assert_uint_eq(f, WL_OPEN_DIRECT);
	ck_assert_int_eq(wl_open_flag_from_name("O_RDONLY", &f), -1);
	int e;
	ck_assert_int_eq(wl_errno_from_name("EINVAL", &e), 0);
	ck_assert_int_eq(e, EINVAL);
	ck_assert_str_eq(wl_errno_name(ENOSPC), "ENOSPC");
}
END_TEST

static const char *check_msg(struct wl_spec *s)
{
	static char msg[128];
	msg[0] = 0;
	if (wl_spec_check(s, msg, sizeof msg) == 0)
		return "ok";
	return msg;
}

START_TEST(rules)
{
	struct wl_spec s;
	wl_spec_init(&s);
	ck_assert_str_eq(check_msg(&s), "ok");
	s.block = s.size + 1;
	ck_assert_str_eq(check_msg(&s), "block must be from 1 to the file size");
	wl_spec_init(&s);
	s.streams = 10;
	ck_assert_str_eq(check_msg(&s), "streams > 1 needs a stride (one stream per stride region)");
	s.stride = 1 << 20;
	s.op = WL_OP_READ;
	s.api = WL_API_STDIO;
	ck_assert_str_eq(check_msg(&s), "ok");
	wl_spec_init(&s);
	s.api = WL_API_COMMAND;
	ck_assert_str_eq(check_msg(&s), "api: command needs a command");
	wl_spec_init(&s);
	s.api = WL_API_MMAP;
	ck_assert_str_eq(check_msg(&s), "ok");
	s.sync = WL_SYNC_MSYNC;
	ck_assert_str_eq(check_msg(&s), "ok");
	s.api = WL_API_SYSCALL;
	ck_assert_str_eq(check_msg(&s), "sync: msync is for writes through a mapping (api: mmap)");
}
END_TEST

START_TEST(describe)
{
	struct wl_spec s;
	char buf[160];
	wl_spec_init(&s);
	s.open_flags = WL_OPEN_SYNC;
	wl_spec_describe(&s, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "write() \u00b7 1 B blocks \u00b7 O_SYNC \u00b7 10 MiB");
	s.open_flags = 0;
	s.op = WL_OP_READ;
	s.api = WL_API_STDIO;
	s.stride = 1 << 20;
	s.streams = 10;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "fread() - 1 B blocks - stride 1 MiB - 10 streams - 10 MiB");
	/* sizes are exact (2000-byte blocks never read "1.95 KiB") */
	s.block = 2000;
	s.stride = 419430;
	s.streams = 1;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "fread() - 2,000 B blocks - stride 419,430 B - 10 MiB");
}
END_TEST

START_TEST(copy_is_deep)
{
	struct wl_spec a, b;
	wl_spec_init(&a);
	char *argv[] = {"dd", "if={file}", NULL};
	a.api = WL_API_COMMAND;
	a.command = argv;
	a.command_len = 2;
	ck_assert_int_eq(wl_spec_copy(&b, &a), 0);
	ck_assert_ptr_ne(b.command[1], argv[1]);
	ck_assert_str_eq(b.command[1], "if={file}");
	ck_assert_ptr_null(b.command[2]);
	wl_spec_free(&b);
	ck_assert_ptr_null(b.command);
}
END_TEST

START_TEST(resize_keeps_regions)
{
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = WL_OP_READ;
	s.api = WL_API_STDIO;
	s.stride = 1 << 20;
	s.streams = 10;
	wl_spec_resize(&s, 1 << 20);
	/* still 10 regions, each 25 whole pages (104,857 bytes straddled a
	 * buffer into the next region, and left an eleventh of 6 bytes that
	 * stream 0 sought for before every access) */
	ck_assert_uint_eq(s.stride, 102400);
	ck_assert_uint_eq(s.size, 1024000);
	ck_assert_str_eq(check_msg(&s), "ok");
	s.stride = 1 << 20;
	s.size = 10 << 20;
	wl_spec_resize(&s, 100 << 20);            /* larger: exact */
	ck_assert_uint_eq(s.stride, 10 << 20);
	ck_assert_uint_eq(s.size, 100 << 20);
	s.stride = 1 << 20;
	s.size = 10 << 20;
	wl_spec_resize(&s, 20000);                /* smaller than 10 pages: whole bytes */
	ck_assert_uint_eq(s.stride, 2000);
	ck_assert_uint_eq(s.size, 20000);
	s.streams = 1;
	s.block = 4096;
	s.stride = 1 << 20;
	s.size = 10 << 20;
	wl_spec_resize(&s, 1 << 20);
	ck_assert_uint_eq(s.stride, 102400);      /* whole blocks: 25 * 4096 */
	s.stride = 0;
	s.block = 65536;
	wl_spec_resize(&s, 1000);
	ck_assert_uint_eq(s.block, 1000);
	ck_assert_uint_eq(s.stride, 0);
	/* a stride that no longer fits a block becomes one block */
	wl_spec_init(&s);
	s.op = WL_OP_READ;
	s.block = 512;
	s.stride = 1 << 20;
	wl_spec_resize(&s, 1024);
	ck_assert_uint_eq(s.block, 512);
	ck_assert_uint_eq(s.stride, 512);
}
END_TEST

/* --- the kind table ---------------------------------------------------------- */

/* The smallest spec of that kind the rules could accept. */
static struct wl_spec kind_spec(enum wl_op op, enum wl_api api)
{
	static char *argv[] = {"true", NULL};
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = op;
	s.api = api;
	if (api == WL_API_COMMAND) {
		s.command = argv;
		s.command_len = 1;
	}
	return s;
}

static const char *check_key(const struct wl_spec *s, const char **key)
{
	static char msg[128];
	msg[0] = 0;
	return wl_spec_check_key(s, msg, sizeof msg, key) == 0 ? "ok" : msg;
}

START_TEST(kinds_cover_every_pair)
{
	const enum wl_op ops[] = {WL_OP_WRITE, WL_OP_READ, WL_OP_SEEK};
	const enum wl_api apis[] = {WL_API_SYSCALL, WL_API_STDIO, WL_API_MMAP, WL_API_COMMAND};
	ck_assert_uint_eq(wl_kind_count(), 12);
	ck_assert_ptr_null(wl_kind_at(12));
	for (size_t o = 0; o < 3; o++)
		for (size_t a = 0; a < 4; a++) {
			const struct wl_kind *k = wl_kind_find(ops[o], apis[a]);
			ck_assert_ptr_nonnull(k);
			ck_assert_int_eq(k->op, ops[o]);
			ck_assert_int_eq(k->api, apis[a]);
			size_t rows = 0;
			for (size_t i = 0; i < wl_kind_count(); i++)
				rows += wl_kind_at(i) == k;
			ck_assert_uint_eq(rows, 1);
			struct wl_spec s = kind_spec(ops[o], apis[a]);
			ck_assert_ptr_eq(wl_kind_of(&s), k);
			/* api-wide facts hold on every row, refused or not */
			ck_assert_int_eq(k->command, apis[a] == WL_API_COMMAND);
			ck_assert_int_eq(k->maps, apis[a] == WL_API_MMAP);
			ck_assert_ptr_nonnull(k->label);
		}
	ck_assert_ptr_null(wl_kind_find((enum wl_op)3, WL_API_SYSCALL));
	ck_assert_ptr_null(wl_kind_find(WL_OP_READ, (enum wl_api)4));
}
END_TEST

/* Every row the format allows: the rules accept it, it has a way to run
 * (a loop of ours whose setup exists, or the command), its label and its
 * primary call are the ones the views print. */
START_TEST(kinds_allowed_rows)
{
	static const struct {
		enum wl_op op;
		enum wl_api api;
		const char *label, *primary, *shown;
		int checksum;
	} want[] = {
		{WL_OP_WRITE, WL_API_SYSCALL, "write()", "write", "write", 0},
		{WL_OP_WRITE, WL_API_STDIO, "fwrite()", "fwrite", "fwrite", 0},
		{WL_OP_WRITE, WL_API_MMAP, "mmap", "memwrite", "memory stores", 0},
		{WL_OP_WRITE, WL_API_COMMAND, "command", NULL, "calls", 0},
		{WL_OP_READ, WL_API_SYSCALL, "read()", "read", "read", 1},
		{WL_OP_READ, WL_API_STDIO, "fread()", "fread", "fread", 1},
		{WL_OP_READ, WL_API_MMAP, "mmap", "memread", "memory copies", 1},
		{WL_OP_READ, WL_API_COMMAND, "command", NULL, "calls", 0},
		{WL_OP_SEEK, WL_API_SYSCALL, "lseek()", "lseek", "lseek", 0},
	};
	size_t allowed = 0;
	for (size_t i = 0; i < wl_kind_count(); i++)
		allowed += wl_kind_at(i)->refusal == NULL;
	ck_assert_uint_eq(allowed, sizeof want / sizeof *want);
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		const struct wl_kind *k = wl_kind_find(want[i].op, want[i].api);
		struct wl_spec s = kind_spec(want[i].op, want[i].api);
		const char *key = "unset";
		ck_assert_ptr_null(k->refusal);
		ck_assert_str_eq(check_key(&s, &key), "ok");
		ck_assert_ptr_null(key);
		ck_assert_str_eq(k->label, want[i].label);
		ck_assert_str_eq(wl_kind_calls_shown(k), want[i].shown);
		ck_assert_int_eq(k->checksum, want[i].checksum);
		if (want[i].primary) {
			ck_assert_str_eq(wl_call_kind_name(k->primary), want[i].primary);
			ck_assert_int_ne(k->loop, WL_LOOP_NONE);
			ck_assert_msg(wl_run_has_loop(k->loop), "%s has no loop setup", k->label);
			ck_assert(k->keys & WL_KEY_BLOCK);
		} else {
			ck_assert_int_eq(k->primary, CALL_NONE);
			ck_assert_int_eq(k->loop, WL_LOOP_NONE);
			ck_assert_uint_eq(k->keys, 0);    /* a command honours none */
		}
	}
	ck_assert_int_eq(wl_run_has_loop(WL_LOOP_NONE), 0);
	ck_assert_int_eq(wl_run_has_loop(WL_LOOPS), 0);
	ck_assert_str_eq(wl_kind_calls_shown(NULL), "calls");
}
END_TEST

/* The pairs the format refuses: the rule's exact message and the key a
 * loader points at, as wl_spec_check says them. */
START_TEST(kinds_refused_rows)
{
	static const struct { enum wl_op op; enum wl_api api; const char *msg, *key; } want[] = {
		{WL_OP_SEEK, WL_API_STDIO, "op: seek is an lseek loop: api must be syscall", "op"},
		{WL_OP_SEEK, WL_API_MMAP, "op: seek is an lseek loop: api must be syscall", "op"},
		{WL_OP_SEEK, WL_API_COMMAND, "op: seek is an lseek loop: api must be syscall", "op"},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		const struct wl_kind *k = wl_kind_find(want[i].op, want[i].api);
		struct wl_spec s = kind_spec(want[i].op, want[i].api);
		const char *key = NULL;
		ck_assert_str_eq(k->refusal, want[i].msg);
		ck_assert_str_eq(k->refusal_key, want[i].key);
		ck_assert_str_eq(check_key(&s, &key), want[i].msg);
		ck_assert_str_eq(key, want[i].key);
		ck_assert_int_eq(k->primary, CALL_NONE);
		ck_assert_int_eq(k->loop, WL_LOOP_NONE);
		ck_assert_int_eq(k->checksum, 0);
	}
	/* a command is asked for before the pair is refused */
	struct wl_spec s = kind_spec(WL_OP_SEEK, WL_API_COMMAND);
	const char *key = NULL;
	s.command = NULL;
	s.command_len = 0;
	ck_assert_str_eq(check_key(&s, &key), "api: command needs a command");
	ck_assert_str_eq(key, "api");
}
END_TEST

/* streams > 1 where the row takes streams; sync on any write; command only
 * with api command: exact messages, and the key each names. */
START_TEST(kinds_key_rules)
{
	for (size_t i = 0; i < wl_kind_count(); i++) {
		const struct wl_kind *k = wl_kind_at(i);
		struct wl_spec s = kind_spec(k->op, k->api);
		const char *key = NULL;
		s.stride = 1 << 20;
		s.streams = 4;
		if (k->op == WL_OP_READ && k->api == WL_API_STDIO) {
			ck_assert_uint_eq(k->keys & WL_KEY_STREAMS, WL_KEY_STREAMS);
			ck_assert_str_eq(check_key(&s, &key), "ok");
		} else {
			ck_assert_uint_eq(k->keys & WL_KEY_STREAMS, 0);
			ck_assert_str_eq(check_key(&s, &key), "streams > 1 is for stdio reads only");
			ck_assert_str_eq(key, "streams");
		}
		if (k->refusal)
			continue;
		s = kind_spec(k->op, k->api);
		s.sync = WL_SYNC_FDATASYNC;
		if (k->op == WL_OP_WRITE) {
			ck_assert_str_eq(check_key(&s, &key), "ok");
		} else {
			ck_assert_str_eq(check_key(&s, &key), "sync is for writes only");
			ck_assert_str_eq(key, "sync");
		}
		/* the rows that fsync honour sync */
		ck_assert_int_eq((k->keys & WL_KEY_SYNC) != 0, k->op == WL_OP_WRITE && !k->command);
		ck_assert_int_eq((k->keys & WL_KEY_STDIO) != 0, k->api == WL_API_STDIO);
		if (k->command)
			continue;
		static char *argv[] = {"true", NULL};
		s = kind_spec(k->op, k->api);
		s.command = argv;
		s.command_len = 1;
		ck_assert_str_eq(check_key(&s, &key), "command needs api: command");
		ck_assert_str_eq(key, "command");
	}
}
END_TEST

START_TEST(call_kinds)
{
	static const char *const names[] = {"write", "read", "lseek", "fwrite", "fread", "fseek",
	                                    "memread", "fsync", "fdatasync", "fflush", "mmap",
	                                    "munmap", "memwrite", "msync", "ftruncate", "fgetc",
	                                    "fputc", "getc_unlocked", "putc_unlocked"};
	ck_assert_int_eq(CALL_KINDS, 19);
	for (int k = 0; k < CALL_KINDS; k++) {
		enum call_kind back;
		const struct wl_call_kind_info *ci = wl_call_kind_info((enum call_kind)k);
		ck_assert_str_eq(wl_call_kind_name((enum call_kind)k), names[k]);
		ck_assert_str_eq(ci->name, names[k]);
		ck_assert_int_eq(wl_call_kind_from_name(names[k], &back), 0);
		ck_assert_int_eq(back, k);
		/* the stdio calls, by the table and not by their first letter */
		int stdio = k == CALL_FWRITE || k == CALL_FREAD || k == CALL_FSEEK || k == CALL_FFLUSH ||
		            k == CALL_FGETC || k == CALL_FPUTC || k == CALL_GETC_UNLOCKED ||
		            k == CALL_PUTC_UNLOCKED;
		ck_assert_int_eq(ci->is_stdio, stdio);
		ck_assert_str_eq(ci->shown, k == CALL_MEMREAD ? "memory copies" :
		                 k == CALL_MEMWRITE ? "memory stores" : names[k]);
	}
	enum call_kind back = CALL_WRITE;
	ck_assert_int_eq(wl_call_kind_from_name("open", &back), -1);
	ck_assert_int_eq(wl_call_kind_from_name("fdopen", &back), -1);
	ck_assert_int_eq(wl_call_kind_from_name(NULL, &back), -1);
	ck_assert_int_eq(back, CALL_WRITE);
	ck_assert_str_eq(wl_call_kind_name(CALL_NONE), "?");
	ck_assert_str_eq(wl_call_kind_name(CALL_KINDS), "?");
	/* the O_DIRECT hint follows the table's is_stdio */
	char buf[256];
	wl_run_error_text(buf, sizeof buf, "fread", EINVAL, WL_OPEN_DIRECT, NULL);
	ck_assert_ptr_nonnull(strstr(buf, "stdio's buffer is not"));
	wl_run_error_text(buf, sizeof buf, "fflush", EINVAL, WL_OPEN_DIRECT, NULL);
	ck_assert_ptr_nonnull(strstr(buf, "stdio's buffer is not"));
	wl_run_error_text(buf, sizeof buf, "fdatasync", EINVAL, WL_OPEN_DIRECT, NULL);
	ck_assert_str_eq(buf, "fdatasync: Invalid argument (O_DIRECT needs block sizes and offsets "
	                 "aligned to the device's logical block size, 512 or 4096 bytes)");
	wl_run_error_text(buf, sizeof buf, "fsync", EINVAL, WL_OPEN_DIRECT, NULL);
	ck_assert_ptr_null(strstr(buf, "stdio"));
}
END_TEST

START_TEST(describe_by_kind)
{
	struct wl_spec s;
	char buf[160];
	s = kind_spec(WL_OP_READ, WL_API_MMAP);
	s.block = 4096;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "mmap - 4 KiB blocks - 10 MiB");
	s = kind_spec(WL_OP_SEEK, WL_API_SYSCALL);
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "lseek() - 1 B blocks - 10 MiB");
	s = kind_spec(WL_OP_READ, WL_API_COMMAND);
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "true - 10 MiB");
	/* stdio buffering is described where stdio runs, not elsewhere */
	s = kind_spec(WL_OP_WRITE, WL_API_STDIO);
	s.stdio_buffer = 65536;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "fwrite() - 1 B blocks - full buffer 64 KiB - 10 MiB");
	s.api = WL_API_SYSCALL;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "write() - 1 B blocks - 10 MiB");
}
END_TEST

/* file: existing on every write of the lab's own loops; sync_every on
 * those with a sync.  Exact messages, and the key each names. */
START_TEST(file_and_sync_every_rules)
{
	enum wl_file f = WL_FILE_NEW;
	ck_assert_int_eq(wl_file_from_name("existing", &f), 0);
	ck_assert_int_eq(f, WL_FILE_EXISTING);
	ck_assert_str_eq(wl_file_name(WL_FILE_NEW), "new");
	ck_assert_int_eq(wl_file_from_name("old", &f), -1);
	struct wl_spec d;
	wl_spec_init(&d);
	ck_assert_int_eq(d.file, WL_FILE_NEW);
	ck_assert_uint_eq(d.sync_every, 0);
	for (size_t i = 0; i < wl_kind_count(); i++) {
		const struct wl_kind *k = wl_kind_at(i);
		if (k->refusal)
			continue;
		struct wl_spec s = kind_spec(k->op, k->api);
		const char *key = NULL;
		s.file = WL_FILE_EXISTING;
		if (k->op != WL_OP_WRITE)
			ck_assert_str_eq(check_key(&s, &key),
			                 "file: existing is for writes only (a read's file always exists)");
		else if (k->command)
			ck_assert_str_eq(check_key(&s, &key),
			                 "file: existing is for the lab's own writes, not a command");
		else
			ck_assert_str_eq(check_key(&s, &key), "ok");
		if (strcmp(check_key(&s, &key), "ok") != 0)
			ck_assert_str_eq(key, "file");
		if (k->op != WL_OP_WRITE)
			continue;
		s = kind_spec(k->op, k->api);
		s.sync_every = 3;
		ck_assert_str_eq(check_key(&s, &key), "sync_every needs sync: fsync, fdatasync or msync");
		ck_assert_str_eq(key, "sync_every");
		s.sync = WL_SYNC_FDATASYNC;
		ck_assert_str_eq(check_key(&s, &key), k->command ?
		                 "sync_every is for the lab's own writes, not a command" : "ok");
	}
	/* with the storage unit's keys: a mapped write takes both, msync
	 * every N stores too, in either order; a scenario takes neither (its
	 * evidence is what its program put into a new file) */
	const char *key = NULL;
	struct wl_spec s = kind_spec(WL_OP_WRITE, WL_API_MMAP);
	s.file = WL_FILE_EXISTING;
	s.sync = WL_SYNC_MSYNC;
	s.sync_every = 8;
	s.order = WL_ORDER_REVERSE;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	s = kind_spec(WL_OP_WRITE, WL_API_SYSCALL);
	s.file = WL_FILE_EXISTING;
	s.order = WL_ORDER_REVERSE;
	s.sync = WL_SYNC_FSYNC;
	s.sync_every = 1;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	s = kind_spec(WL_OP_WRITE, WL_API_STDIO);
	s.scenario = WL_SCENARIO_FORK_FLUSH;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	s.file = WL_FILE_EXISTING;
	ck_assert_str_eq(check_key(&s, &key),
	                 "file: existing is for the lab's own writes, not a scenario (it writes a new file)");
	ck_assert_str_eq(key, "file");
	s.file = WL_FILE_NEW;
	s.sync = WL_SYNC_FSYNC;
	s.sync_every = 2;
	ck_assert_str_eq(check_key(&s, &key), "sync_every is for the lab's own writes, not a scenario");
	ck_assert_str_eq(key, "sync_every");
}
END_TEST

/* The keys map and advice_lead: map: per_pass on the mmap read row only (the
 * row's WL_KEY_MAP); advice_lead on our own loops, after advice, 0..10 s.
 * Exact messages, and the key each names. */
START_TEST(map_and_advice_lead_rules)
{
	enum wl_map m = WL_MAP_ONCE;
	ck_assert_int_eq(wl_map_from_name("per_pass", &m), 0);
	ck_assert_int_eq(m, WL_MAP_PER_PASS);
	ck_assert_str_eq(wl_map_name(WL_MAP_ONCE), "once");
	ck_assert_str_eq(wl_map_name(WL_MAP_PER_PASS), "per_pass");
	ck_assert_int_eq(wl_map_from_name("perpass", &m), -1);
	struct wl_spec d;
	wl_spec_init(&d);
	ck_assert_int_eq(d.map, WL_MAP_ONCE);
	ck_assert(d.advice_lead == 0);
	for (size_t i = 0; i < wl_kind_count(); i++) {
		const struct wl_kind *k = wl_kind_at(i);
		if (k->refusal)
			continue;
		struct wl_spec s = kind_spec(k->op, k->api);
		const char *key = NULL;
		s.map = WL_MAP_PER_PASS;
		int mapped = k->op != WL_OP_SEEK && k->api == WL_API_MMAP;
		ck_assert_int_eq((k->keys & WL_KEY_MAP) != 0, mapped);
		if (mapped) {
			ck_assert_str_eq(check_key(&s, &key), "ok");
		} else {
			ck_assert_str_eq(check_key(&s, &key), "map: per_pass is for api: mmap");
			ck_assert_str_eq(key, "map");
		}
		s = kind_spec(k->op, k->api);
		s.advice_lead = 0.2;
		s.fadvise = WL_ADV_WILLNEED;
		if (k->command) {
			ck_assert_str_eq(check_key(&s, &key), "advice_lead is for the lab's own loops, not a command");
			ck_assert_str_eq(key, "advice_lead");
			continue;
		}
		ck_assert_str_eq(check_key(&s, &key), "ok");
		s.advice_lead = 10.0;
		ck_assert_str_eq(check_key(&s, &key), "ok");
		s.advice_lead = 10.5;
		ck_assert_str_eq(check_key(&s, &key), "advice_lead must be from 0 to 10 s");
		ck_assert_str_eq(key, "advice_lead");
		s.advice_lead = 0.2;
		s.fadvise = WL_ADV_NORMAL;
		ck_assert_str_eq(check_key(&s, &key),
		                 "advice_lead needs advice to wait after (fadvise other than normal)");
		ck_assert_str_eq(key, "advice_lead");
		s.advice_lead = 0;
		ck_assert_str_eq(check_key(&s, &key), "ok");
	}
	/* both described where they apply */
	char buf[200];
	struct wl_spec s = kind_spec(WL_OP_READ, WL_API_MMAP);
	s.block = 4096;
	s.map = WL_MAP_PER_PASS;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "mmap - 4 KiB blocks - mapped per pass - 10 MiB");
	s = kind_spec(WL_OP_READ, WL_API_SYSCALL);
	s.block = 4096;
	s.fadvise = WL_ADV_WILLNEED;
	s.cache = WL_CACHE_COLD;
	s.advice_lead = 0.05;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "read() - 4 KiB blocks - fadvise willneed - read 50 ms after the advice - "
	                      "cold cache - 10 MiB");
}
END_TEST

/* The child's loop, run here in-process: it gives back what it took.  A
 * child _exit()s after it, so whatever it kept would be reported as lost by
 * valgrind in every trial (the block buffer, and the stdio buffers given
 * to setvbuf).  The heap is weighed with mallinfo2(), which
 * counts the C library's cache of small freed chunks (tcache) as in use
 * and cannot see a FILE apart from the rest: so the buffers here are
 * 64 KiB, far more than those, and what is asserted is that the heap in
 * use grew by less than one buffer. */
/* --- the walk's order ------------------------------------------------------- */

#define WALK_MAX 4096

struct walk_log {
	uint64_t pos[WALK_MAX], len[WALK_MAX];
	size_t n;
};

static void log_access(void *arg, uint64_t pos, uint64_t len)
{
	struct walk_log *w = arg;
	ck_assert_uint_lt(w->n, WALK_MAX);
	w->pos[w->n] = pos;
	w->len[w->n++] = len;
}

/* One pass of the walk in chunks of `budget`: every byte of the file
 * exactly once, and the reverse walk the forward one backwards. */
static void check_walk(uint64_t size, uint64_t block, uint64_t stride, uint64_t budget)
{
	static struct walk_log fwd, back;
	static unsigned char seen[WALK_MAX];
	struct wl_spec s;
	wl_spec_init(&s);
	s.size = size;
	s.block = block;
	s.stride = stride;
	fwd.n = back.n = 0;
	wl_run_walk_visit(&s, budget, log_access, &fwd);
	s.order = WL_ORDER_REVERSE;
	wl_run_walk_visit(&s, budget, log_access, &back);
	ck_assert_uint_le(size, WALK_MAX);
	memset(seen, 0, size);
	for (size_t i = 0; i < back.n; i++)
		for (uint64_t b = back.pos[i]; b < back.pos[i] + back.len[i]; b++) {
			ck_assert_msg(b < size, "size %llu block %llu stride %llu: byte %llu past the end",
			              (unsigned long long)size, (unsigned long long)block,
			              (unsigned long long)stride, (unsigned long long)b);
			ck_assert_msg(!seen[b], "byte %llu visited twice", (unsigned long long)b);
			seen[b] = 1;
		}
	for (uint64_t b = 0; b < size; b++)
		ck_assert_msg(seen[b], "size %llu block %llu stride %llu: byte %llu never visited",
		              (unsigned long long)size, (unsigned long long)block,
		              (unsigned long long)stride, (unsigned long long)b);
	ck_assert_uint_eq(back.n, fwd.n);
	for (size_t i = 0; i < fwd.n; i++) {
		ck_assert_uint_eq(back.pos[i], fwd.pos[fwd.n - 1 - i]);
		ck_assert_uint_eq(back.len[i], fwd.len[fwd.n - 1 - i]);
	}
}

START_TEST(reverse_walk_is_forward_backwards)
{
	static const uint64_t budgets[] = {1, 3, 1u << 20};
	for (size_t i = 0; i < sizeof budgets / sizeof *budgets; i++) {
		uint64_t b = budgets[i];
		check_walk(1000, 1, 0, b);        /* bytes in order */
		check_walk(1000, 7, 0, b);        /* a short block at the end */
		check_walk(4096, 512, 0, b);
		check_walk(1000, 1, 7, b);        /* a stride that does not divide the size */
		check_walk(100, 3, 10, b);        /* columns of 3, 3, 3 and 1 byte */
		check_walk(1000, 4, 64, b);       /* the last column's accesses cut at the end */
		check_walk(999, 10, 100, b);
		check_walk(1, 1, 0, b);
		check_walk(10, 10, 10, b);
	}
	/* the lecture's own walk, small: 0, 4, 8, then 1, 5, 9 ... and back */
	static struct walk_log w;
	struct wl_spec s;
	wl_spec_init(&s);
	s.size = 10;
	s.block = 1;
	s.stride = 4;
	s.order = WL_ORDER_REVERSE;
	w.n = 0;
	wl_run_walk_visit(&s, 2, log_access, &w);
	static const uint64_t want[] = {7, 3, 6, 2, 9, 5, 1, 8, 4, 0};
	ck_assert_uint_eq(w.n, 10);
	for (size_t i = 0; i < 10; i++)
		ck_assert_uint_eq(w.pos[i], want[i]);
}
END_TEST

/* order and stdio_call: which kinds take them, exact messages, keys. */
START_TEST(order_and_stdio_call_rules)
{
	for (size_t i = 0; i < wl_kind_count(); i++) {
		const struct wl_kind *k = wl_kind_at(i);
		if (k->refusal)
			continue;
		struct wl_spec s = kind_spec(k->op, k->api);
		const char *key = NULL;
		s.order = WL_ORDER_REVERSE;
		if (k->command) {
			ck_assert_str_eq(check_key(&s, &key), "order: reverse is for the lab's own loops, "
			                 "not a command");
			ck_assert_str_eq(key, "order");
		} else {
			ck_assert_str_eq(check_key(&s, &key), "ok");
		}
	}
	struct wl_spec s = kind_spec(WL_OP_READ, WL_API_STDIO);
	const char *key = NULL;
	s.order = WL_ORDER_REVERSE;
	s.stride = 1 << 20;
	s.streams = 2;
	ck_assert_str_eq(check_key(&s, &key), "order: reverse takes one stream (streams: 1)");
	s = kind_spec(WL_OP_READ, WL_API_STDIO);
	s.block = 1;
	s.stdio_call = WL_SCALL_FGETC;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	s.stdio_call = WL_SCALL_PUTC_UNLOCKED;
	ck_assert_str_eq(check_key(&s, &key), "stdio_call: putc_unlocked is a write's call; a read "
	                 "takes fread, fgetc or getc_unlocked");
	ck_assert_str_eq(key, "stdio_call");
	s.stdio_call = WL_SCALL_GETC_UNLOCKED;
	s.block = 2;
	ck_assert_str_eq(check_key(&s, &key), "a character call moves one byte: block must be 1");
	s.block = 1;
	s.order = WL_ORDER_REVERSE;
	ck_assert_str_eq(check_key(&s, &key), "a character call walks the file in order (stride 0, "
	                 "order forward, one stream)");
	s = kind_spec(WL_OP_WRITE, WL_API_SYSCALL);
	s.block = 1;
	s.stdio_call = WL_SCALL_FPUTC;
	ck_assert_str_eq(check_key(&s, &key), "stdio_call is for api: stdio reads and writes");
	s.api = WL_API_STDIO;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	s.stdio_call = WL_SCALL_FGETC;
	ck_assert_str_eq(check_key(&s, &key), "stdio_call: fgetc is a read's call; a write takes "
	                 "fwrite, fputc or putc_unlocked");
	/* the names: fwrite is the block call's other spelling */
	enum wl_stdio_call c;
	ck_assert_int_eq(wl_stdio_call_from_name("fwrite", &c), 0);
	ck_assert_int_eq(c, WL_SCALL_BLOCK);
	ck_assert_str_eq(wl_stdio_call_spelt(WL_SCALL_BLOCK, WL_OP_WRITE), "fwrite");
	ck_assert_str_eq(wl_stdio_call_spelt(WL_SCALL_BLOCK, WL_OP_READ), "fread");
	ck_assert_int_eq(wl_stdio_call_from_name("putc", &c), -1);
	/* in the describe line */
	char buf[256];
	s = kind_spec(WL_OP_WRITE, WL_API_STDIO);
	s.block = 1;
	s.stdio_call = WL_SCALL_PUTC_UNLOCKED;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "putc_unlocked() - 1 B blocks - 10 MiB");
	s = kind_spec(WL_OP_READ, WL_API_SYSCALL);
	s.order = WL_ORDER_REVERSE;
	s.cache = WL_CACHE_COLD;
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "read() - 1 B blocks - backwards - cold cache - 10 MiB");
}
END_TEST

/* A write through a mapping leaves the file its full size with every byte
 * stored, whatever the walk (wl_run in this process, on a file of ours). */
START_TEST(mmap_write_stores_every_byte)
{
	static const struct { uint64_t size, block, stride; enum wl_order order; } cases[] = {
		{10000, 1, 0, WL_ORDER_FORWARD}, {10000, 1, 0, WL_ORDER_REVERSE},
		{1000, 3, 10, WL_ORDER_REVERSE}, {9999, 4096, 0, WL_ORDER_FORWARD},
		{1000, 1, 7, WL_ORDER_FORWARD},
	};
	const char *tmp = getenv("TMPDIR");
	char path[4096];
	static unsigned char back[10000];
	struct wl_shared *sh = calloc(1, sizeof *sh);
	ck_assert_ptr_nonnull(sh);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		snprintf(path, sizeof path, "%s/iolab-check-mw.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		int fd = mkstemp(path);
		ck_assert_int_ge(fd, 0);
		struct wl_spec s;
		wl_spec_init(&s);
		s.op = WL_OP_WRITE;
		s.api = WL_API_MMAP;
		s.size = cases[i].size;
		s.block = cases[i].block;
		s.stride = cases[i].stride;
		s.order = cases[i].order;
		memset(sh, 0, sizeof *sh);
		ck_assert_msg(wl_run(&s, path, sh, 0) == 0, "case %zu: %s", i, sh->error);
		ck_assert_int_eq(pread(fd, back, sizeof back, 0), (ssize_t)cases[i].size);
		/* the file was a hole (zeros); every store is text */
		for (uint64_t b = 0; b < cases[i].size; b++)
			ck_assert_msg(back[b] != 0, "case %zu: byte %llu never stored", i,
			              (unsigned long long)b);
		ck_assert_uint_eq(sh->calls_by_kind[CALL_WRITE], 0);
		ck_assert_uint_eq(sh->calls_by_kind[CALL_MUNMAP], 1);
		close(fd);
		unlink(path);
	}
	free(sh);
}
END_TEST

/* The evidence of a scenario's file, from its bytes alone. */
START_TEST(evidence_from_bytes)
{
	struct wl_evidence e;
	const char *f = "write: second line\nprintf: first line\n";
	wl_scenario_evidence_of(WL_SCENARIO_PRINTF_THEN_WRITE, (const unsigned char *)f, strlen(f), strlen(f), &e);
	ck_assert_int_eq(e.present, 1);
	ck_assert_int_eq(e.bytes, (int64_t)strlen(f));
	ck_assert_int_eq(e.lines, 2);
	ck_assert_int_eq(e.max_copies, 1);
	ck_assert_int_eq(e.missing, 0);
	ck_assert_int_eq(e.in_order, 0);
	ck_assert_str_eq(e.text, "write: second line\\nprintf: first line\\n");
	/* a last line without its newline counts; a missing line breaks the order */
	f = "printf: first line\nwrite: sec";
	wl_scenario_evidence_of(WL_SCENARIO_PRINTF_THEN_WRITE, (const unsigned char *)f, strlen(f), strlen(f), &e);
	ck_assert_int_eq(e.lines, 2);
	ck_assert_int_eq(e.missing, 1);
	ck_assert_int_eq(e.in_order, 0);
	/* copies, and bytes that are not text escaped */
	static const unsigned char b[] = "before fork\nbefore fork\n\t\\\x01\xff";
	wl_scenario_evidence_of(WL_SCENARIO_FORK_NO_FLUSH, b, sizeof b - 1, sizeof b - 1, &e);
	ck_assert_int_eq(e.max_copies, 2);
	ck_assert_int_eq(e.lines, 3);
	ck_assert_int_eq(e.missing, 2);
	ck_assert_str_eq(e.text, "before fork\\nbefore fork\\n\\t\\\\\\x01\\xff");
	/* a long file: its head, what was left out, and its tail */
	static unsigned char big[1000];
	memset(big, 'a', sizeof big);
	big[999] = '\n';
	wl_scenario_evidence_of(WL_SCENARIO_FORK_FLUSH, big, sizeof big, sizeof big, &e);
	ck_assert_int_eq(e.lines, 1);
	ck_assert_ptr_nonnull(strstr(e.text, "a[... 776 bytes ...]a"));
	ck_assert_uint_eq(strlen(e.text), 64 + strlen("[... 776 bytes ...]") + 159 + 2);
	/* the lines each scenario's program issues */
	ck_assert_str_eq(wl_scenario_line(WL_SCENARIO_READ_UNDER_FILE, 1), "read: input line 0002");
	ck_assert_ptr_null(wl_scenario_line(WL_SCENARIO_PRINTF_THEN_WRITE, 2));
	ck_assert_ptr_null(wl_scenario_line(WL_SCENARIO_NONE, 0));
	/* the rule */
	struct wl_spec s = kind_spec(WL_OP_READ, WL_API_STDIO);
	const char *key = NULL;
	s.scenario = WL_SCENARIO_FORK_FLUSH;
	ck_assert_str_eq(check_key(&s, &key), "a scenario writes its own file through stdio and "
	                 "system calls: it needs op: write and api: stdio");
	ck_assert_str_eq(key, "scenario");
	s.op = WL_OP_WRITE;
	ck_assert_str_eq(check_key(&s, &key), "ok");
	char buf[128];
	wl_spec_describe(&s, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "scenario fork_flush");
}
END_TEST

START_TEST(run_frees_its_memory)
{
	enum { SIZE = 256 << 10, BUF = 64 << 10 };
	static const struct {
		enum wl_op op;
		enum wl_api api;
		uint64_t stride;
		unsigned streams;
	} kinds[] = {
		{WL_OP_WRITE, WL_API_SYSCALL, 0, 1}, {WL_OP_READ, WL_API_SYSCALL, 0, 1},
		{WL_OP_READ, WL_API_SYSCALL, SIZE / 2, 1}, {WL_OP_READ, WL_API_MMAP, 0, 1},
		{WL_OP_WRITE, WL_API_STDIO, 0, 1}, {WL_OP_READ, WL_API_STDIO, 0, 1},
		{WL_OP_READ, WL_API_STDIO, SIZE / 2, 2}, {WL_OP_WRITE, WL_API_MMAP, 0, 1},
	};
	const char *tmp = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/iolab-check-run.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, SIZE), 0);
	close(fd);
	struct wl_shared *sh = calloc(1, sizeof *sh);
	ck_assert_ptr_nonnull(sh);
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
		struct wl_spec s;
		wl_spec_init(&s);
		s.op = kinds[i].op;
		s.api = kinds[i].api;
		s.size = SIZE;
		s.block = BUF;
		s.stride = kinds[i].stride;
		s.streams = kinds[i].streams;
		s.stdio_buffer = BUF;
		s.min_time = 0;
		memset(sh, 0, sizeof *sh);
		struct mallinfo2 m0 = mallinfo2();
		int rc = wl_run(&s, path, sh, 0);
		struct mallinfo2 m1 = mallinfo2();
		ck_assert_msg(rc == 0, "kind %zu: %s", i, sh->error);
		size_t before = m0.uordblks + m0.hblkhd, after = m1.uordblks + m1.hblkhd;
		ck_assert_msg(after < before + BUF, "kind %zu kept %zu bytes of heap", i, after - before);
	}
	free(sh);
	unlink(path);
}
END_TEST

Suite *make_suite_workload(void)
{
	Suite *s = suite_create("workload");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, names_round_trip);
	tcase_add_test(tc, rules);
	tcase_add_test(tc, describe);
	tcase_add_test(tc, copy_is_deep);
	tcase_add_test(tc, resize_keeps_regions);
	suite_add_tcase(s, tc);
	TCase *k = tcase_create("kinds");
	tcase_add_test(k, kinds_cover_every_pair);
	tcase_add_test(k, kinds_allowed_rows);
	tcase_add_test(k, kinds_refused_rows);
	tcase_add_test(k, kinds_key_rules);
	tcase_add_test(k, call_kinds);
	tcase_add_test(k, describe_by_kind);
	tcase_add_test(k, map_and_advice_lead_rules);
	tcase_add_test(k, order_and_stdio_call_rules);
	tcase_add_test(k, reverse_walk_is_forward_backwards);
	tcase_add_test(k, evidence_from_bytes);
	tcase_add_test(k, file_and_sync_every_rules);
	suite_add_tcase(s, k);
	TCase *r = tcase_create("run");
	tcase_add_test(r, run_frees_its_memory);
	tcase_add_test(r, mmap_write_stores_every_byte);
	suite_add_tcase(s, r);
	return s;
}
