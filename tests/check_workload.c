/* check_workload.c - spec defaults, names, rules and descriptions. */
#include "config.h"

#include <check.h>
#include <errno.h>

#include "suites.h"
#include "workload.h"

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
	ck_assert_str_eq(check_msg(&s), "api: mmap is for reads only");
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
	ck_assert_uint_eq(s.size, 1048576);
	ck_assert_uint_eq(s.stride, 104857);      /* still 10 regions */
	ck_assert_str_eq(check_msg(&s), "ok");
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
	return s;
}
