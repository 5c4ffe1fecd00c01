/* check_atomic_file.c - the one writer of whole files (atomic_file.h): a
 * file is replaced by rename or not at all, a link is never replaced, a
 * FIFO is written in place (or refused), nothing temporary is left. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atomic_file.h"
#include "suites.h"

static char dir[64];

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/iolab-check-atomic-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void drop_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static const char *at(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, name);
	return buf;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static const char *get(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Files whose names end in .tmp: the temporaries. */
static int temporaries(void)
{
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);
		n += l > 4 && strcmp(de->d_name + l - 4, ".tmp") == 0;
	}
	closedir(d);
	return n;
}

static int write_whole(const char *path, unsigned flags, const char *text, char *why, size_t len)
{
	struct atomic_file af;
	if (atomic_file_open(&af, path, flags, 0600, NULL, why, len) != 0)
		return -1;
	fputs(text, af.f);
	return atomic_file_commit(&af, why, len);
}

START_TEST(new_and_replaced)
{
	char p[256], why[512];
	struct stat a, b;
	ck_assert_int_eq(atomic_file_check(at("out", p, sizeof p), 0, why, sizeof why), 0);
	ck_assert_int_eq(temporaries(), 0);
	ck_assert_int_eq(write_whole(p, 0, "one", why, sizeof why), 0);
	ck_assert_str_eq(get(p), "one");
	ck_assert_int_eq(stat(p, &a), 0);
	ck_assert_uint_eq(a.st_mode & 0777, 0600);
	ck_assert_int_eq(write_whole(p, 0, "two", why, sizeof why), 0);
	ck_assert_int_eq(stat(p, &b), 0);
	ck_assert(a.st_ino != b.st_ino);                  /* renamed into place */
	ck_assert_str_eq(get(p), "two");
	/* aborted: the old file stands, no temporary is left */
	struct atomic_file af;
	ck_assert_int_eq(atomic_file_open(&af, p, 0, 0600, NULL, why, sizeof why), 0);
	fputs("three", af.f);
	ck_assert_int_eq(atomic_file_sync(&af, why, sizeof why), 0);
	atomic_file_abort(&af);
	ck_assert_str_eq(get(p), "two");
	ck_assert_int_eq(temporaries(), 0);
}
END_TEST

START_TEST(links_kept)
{
	char p[256], l[256], why[512];
	put(at("real", p, sizeof p), "old");
	ck_assert_int_eq(symlink("real", at("link", l, sizeof l)), 0);
	ck_assert_int_eq(write_whole(l, 0, "new", why, sizeof why), 0);
	struct stat st;
	ck_assert_int_eq(lstat(l, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_str_eq(get(p), "new");
	ck_assert_int_eq(symlink("nowhere", at("dangling", l, sizeof l)), 0);
	ck_assert_int_eq(atomic_file_check(l, ATOMIC_FILE_DIRECT, why, sizeof why), -1);
	ck_assert_str_eq(why, "is a symbolic link that leads nowhere (No such file or directory); "
	                      "a link is never replaced");
	ck_assert_int_eq(write_whole(l, 0, "x", why, sizeof why), -1);
	ck_assert_int_eq(lstat(l, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(temporaries(), 0);
}
END_TEST

START_TEST(refused)
{
	char p[256], why[512];
	ck_assert_int_eq(mkdir(at("sub", p, sizeof p), 0700), 0);
	ck_assert_int_eq(write_whole(p, ATOMIC_FILE_DIRECT, "x", why, sizeof why), -1);
	ck_assert_str_eq(why, "names a directory, not a file");
	ck_assert_int_eq(atomic_file_check("", 0, why, sizeof why), -1);
	ck_assert_str_eq(why, "names a directory, not a file");
	ck_assert_int_eq(mkfifo(at("fifo", p, sizeof p), 0600), 0);
	ck_assert_int_eq(write_whole(p, 0, "x", why, sizeof why), -1);
	ck_assert_str_eq(why, "is a FIFO, not a regular file");
	ck_assert_int_eq(atomic_file_check(at("none/x", p, sizeof p), 0, why, sizeof why), -1);
	ck_assert_str_eq(why, "cannot create a file there: No such file or directory");
	ck_assert_int_eq(temporaries(), 0);
}
END_TEST

/* With ATOMIC_FILE_DIRECT a FIFO is written in place for its reader. */
START_TEST(fifo_in_place)
{
	char p[256], why[512];
	ck_assert_int_eq(mkfifo(at("fifo", p, sizeof p), 0600), 0);
	/* checked without opening: no reader is needed, nothing blocks */
	ck_assert_int_eq(atomic_file_check(p, ATOMIC_FILE_DIRECT, why, sizeof why), 0);
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {                                   /* the reader */
		char buf[64];
		FILE *f = fopen(p, "r");
		size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
		_exit(write(fds[1], buf, n) == (ssize_t)n ? 0 : 1);
	}
	close(fds[1]);
	ck_assert_int_eq(write_whole(p, ATOMIC_FILE_DIRECT, "report", why, sizeof why), 0);
	char got[64] = "";
	ssize_t n = read(fds[0], got, sizeof got - 1);
	got[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_str_eq(got, "report");
	struct stat st;
	ck_assert_int_eq(lstat(p, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert_int_eq(temporaries(), 0);
}
END_TEST

static int always(void)
{
	return 1;
}

/* A FIFO nobody reads is waited for only until the caller says stop. */
START_TEST(fifo_wait_interrupted)
{
	char p[256], why[512];
	struct atomic_file af;
	ck_assert_int_eq(mkfifo(at("fifo", p, sizeof p), 0600), 0);
	ck_assert_int_eq(atomic_file_open(&af, p, ATOMIC_FILE_DIRECT, 0600, always, why,
	                                  sizeof why), -1);
	ck_assert_str_eq(why, "interrupted while waiting for the FIFO's reader");
}
END_TEST

/* The rename fails (a directory took the name): the temporary goes. */
START_TEST(commit_fails_cleanly)
{
	char p[256], why[512];
	struct atomic_file af;
	ck_assert_int_eq(atomic_file_open(&af, at("out", p, sizeof p), 0, 0600, NULL, why,
	                                  sizeof why), 0);
	fputs("x", af.f);
	ck_assert_int_eq(mkdir(p, 0700), 0);
	ck_assert_int_eq(atomic_file_commit(&af, why, sizeof why), -1);
	ck_assert_str_eq(why, "Is a directory");
	ck_assert_int_eq(temporaries(), 0);
}
END_TEST

Suite *make_suite_atomic_file(void)
{
	Suite *s = suite_create("atomic_file");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, make_dir, drop_dir);
	tcase_add_test(tc, new_and_replaced);
	tcase_add_test(tc, links_kept);
	tcase_add_test(tc, refused);
	tcase_add_test(tc, fifo_in_place);
	tcase_add_test(tc, fifo_wait_interrupted);
	tcase_add_test(tc, commit_fails_cleanly);
	suite_add_tcase(s, tc);
	return s;
}
