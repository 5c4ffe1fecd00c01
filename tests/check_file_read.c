/* check_file_read.c - a file read whole: bounded, never blocking, and the
 * reason in words for what is not a regular file (file_read.h). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "suites.h"

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/iolab-check-read-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void drop_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* dir/name, written with text when text is not NULL. */
static const char *at(const char *name, const char *text, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, name);
	if (text) {
		FILE *f = fopen(buf, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		ck_assert_int_eq(fclose(f), 0);
	}
	return buf;
}

START_TEST(whole_and_bounded)
{
	char p[256], why[256];
	struct file_data d;
	ck_assert_int_eq(file_read_whole(at("a", "hello\n", p, sizeof p), 100, 0, &d, why,
	                                 sizeof why), 0);
	ck_assert_uint_eq(d.len, 6);
	ck_assert_str_eq(d.data, "hello\n");
	ck_assert_int_eq(d.more, 0);
	file_read_free_data(&d);
	ck_assert_ptr_null(d.data);
	/* exactly the limit is whole; one byte more is "more" */
	ck_assert_int_eq(file_read_whole(p, 6, 0, &d, why, sizeof why), 0);
	ck_assert_int_eq(d.more, 0);
	file_read_free_data(&d);
	ck_assert_int_eq(file_read_whole(p, 4, 0, &d, why, sizeof why), 0);
	ck_assert_int_eq(d.more, 1);
	ck_assert_uint_eq(d.len, 4);
	ck_assert_str_eq(d.data, "hell");
	file_read_free_data(&d);
	ck_assert_int_eq(file_read_whole(at("empty", "", p, sizeof p), 4, 0, &d, why, sizeof why), 0);
	ck_assert_uint_eq(d.len, 0);
	ck_assert_str_eq(d.data, "");
	file_read_free_data(&d);
}
END_TEST

/* What is not a regular file is named, never opened, never waited on. */
START_TEST(not_regular)
{
	char p[256], why[256];
	struct file_data d;
	errno = 0;
	ck_assert_int_eq(file_read_whole(at("missing", NULL, p, sizeof p), 10, 0, &d, why,
	                                 sizeof why), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(why, "cannot open: No such file or directory");
	ck_assert_ptr_null(d.data);
	ck_assert_int_eq(mkfifo(at("fifo", NULL, p, sizeof p), 0600), 0);
	ck_assert_int_eq(file_read_whole(p, 10, 0, &d, why, sizeof why), -1);
	ck_assert_str_eq(why, "is a FIFO, not a regular file");
	ck_assert_int_eq(mkdir(at("sub", NULL, p, sizeof p), 0700), 0);
	ck_assert_int_eq(file_read_whole(p, 10, 0, &d, why, sizeof why), -1);
	ck_assert_int_eq(errno, EISDIR);
	ck_assert_str_eq(why, "is a directory, not a regular file");
	ck_assert_int_eq(file_read_whole("/dev/null", 10, 0, &d, why, sizeof why), -1);
	ck_assert_str_eq(why, "is a character device, not a regular file");
	ck_assert_int_eq(symlink("loop", at("loop", NULL, p, sizeof p)), 0);
	ck_assert_int_eq(file_read_whole(p, 10, 0, &d, why, sizeof why), -1);
	ck_assert_str_eq(why, "is a symbolic link loop, not a regular file");
	ck_assert_str_eq(file_read_kind_name(S_IFSOCK), "a socket");
	ck_assert_str_eq(file_read_kind_name(S_IFBLK), "a block device");
	ck_assert_str_eq(file_read_kind_name(S_IFREG), "a regular file");
}
END_TEST

/* FILE_READ_BENEATH: links are followed within the file's directory only. */
START_TEST(beneath)
{
	char p[256], q[256], why[3 * PATH_MAX], real[PATH_MAX], want[3 * PATH_MAX];
	struct file_data d;
	ck_assert_int_eq(mkdir(at("in", NULL, p, sizeof p), 0700), 0);
	ck_assert_int_eq(mkdir(at("in/sub", NULL, p, sizeof p), 0700), 0);
	at("in/sub/ok", "inside", p, sizeof p);
	at("secret", "outside", p, sizeof p);
	ck_assert_int_eq(symlink("sub/ok", at("in/good", NULL, p, sizeof p)), 0);
	ck_assert_int_eq(file_read_whole(p, 100, FILE_READ_BENEATH, &d, why, sizeof why), 0);
	ck_assert_str_eq(d.data, "inside");
	file_read_free_data(&d);
	ck_assert_int_eq(symlink("../secret", at("in/bad", NULL, q, sizeof q)), 0);
	ck_assert_int_eq(file_read_whole(q, 100, FILE_READ_BENEATH, &d, why, sizeof why), -1);
	ck_assert_ptr_null(d.data);
	ck_assert_ptr_nonnull(realpath(dir, real));
	snprintf(want, sizeof want, "is a symbolic link to %s/secret, outside %s/in (links are "
	         "followed only within that directory)", real, real);
	ck_assert_str_eq(why, want);
	/* the same link without the flag is followed */
	ck_assert_int_eq(file_read_whole(q, 100, 0, &d, why, sizeof why), 0);
	ck_assert_str_eq(d.data, "outside");
	file_read_free_data(&d);
	ck_assert_int_eq(symlink("gone", at("in/dangling", NULL, q, sizeof q)), 0);
	ck_assert_int_eq(file_read_whole(q, 100, FILE_READ_BENEATH, &d, why, sizeof why), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(why, "is a symbolic link to gone, which does not exist");
}
END_TEST

Suite *make_suite_file_read(void)
{
	Suite *s = suite_create("file_read");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, make_dir, drop_dir);
	tcase_add_test(tc, whole_and_bounded);
	tcase_add_test(tc, not_regular);
	tcase_add_test(tc, beneath);
	suite_add_tcase(s, tc);
	return s;
}
