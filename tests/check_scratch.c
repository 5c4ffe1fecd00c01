/* check_scratch.c - the scratch directory refuses what is not ours, names
 * and reuses data files, removes what dead runs left behind. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scratch.h"
#include "suites.h"

static char top[256];

static void tmp_setup(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(top, sizeof top, "%s/iolab-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(top));
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

/* Our own mkdtemp directory, whatever a test left in it; links are
 * removed, never followed. */
static void tmp_teardown(void)
{
	nftw(top, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void path_in(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", top, name);
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

START_TEST(creates_private_dir)
{
	char dir[300], msg[256];
	struct scratch s;
	struct stat st;
	path_in(dir, sizeof dir, "a/b/iolab");
	ck_assert_msg(scratch_open(&s, dir, msg, sizeof msg) == 0, "%s", msg);
	ck_assert_int_eq(stat(dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	ck_assert(s.dir[0] == '/');
	ck_assert_str_ne(s.fstype, "");
	ck_assert_int_eq(s.on_tmpfs, strcmp(s.fstype, "tmpfs") == 0);
	ck_assert_int_gt(scratch_free_bytes(&s), 0);
	scratch_close(&s);
	/* an existing dir with wider permissions is made private */
	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	ck_assert_int_eq(stat(dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	scratch_close(&s);
}
END_TEST

START_TEST(refuses_symlink)
{
	char dir[300], real[300], msg[512];
	struct scratch s;
	path_in(real, sizeof real, "real");
	path_in(dir, sizeof dir, "link");
	ck_assert_int_eq(mkdir(real, 0700), 0);
	ck_assert_int_eq(symlink(real, dir), 0);
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), -1);
	char want[700];
	snprintf(want, sizeof want, "scratch directory %s is a symbolic link; refusing to follow it "
	         "(remove the link, or choose another directory with --dir)", dir);
	ck_assert_str_eq(msg, want);
}
END_TEST

START_TEST(refuses_non_directory)
{
	char dir[300], msg[512];
	struct scratch s;
	path_in(dir, sizeof dir, "file");
	write_file(dir, "x");
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "exists but is not a directory"));
}
END_TEST

START_TEST(refuses_foreign_owner)
{
	char dir[300], msg[512];
	struct scratch s;
	if (geteuid() != 0) {
		fprintf(stderr, "refuses_foreign_owner: skipped, chown needs root\n");
		return;
	}
	path_in(dir, sizeof dir, "theirs");
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	ck_assert_int_eq(chown(dir, 65534, 65534), 0);
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), -1);
	char want[700];
	snprintf(want, sizeof want, "scratch directory %s is owned by uid 65534, not by you (uid 0); "
	         "refusing to use it (choose another directory with --dir)", dir);
	ck_assert_str_eq(msg, want);
}
END_TEST

static pid_t dead_pid(void)
{
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
	return pid;
}

START_TEST(removes_stale_files)
{
	char dir[300], msg[256], name[512];
	struct scratch s;
	path_in(dir, sizeof dir, "cache");
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	pid_t dead = dead_pid();
	const char *keep[] = {"notes.txt", "iolab-x-1.data", "iolab-1-.data"};
	char stale[64], live[64];
	snprintf(stale, sizeof stale, "iolab-%ld-3.data", (long)dead);
	snprintf(live, sizeof live, "iolab-%ld-99.out", (long)getppid());
	snprintf(name, sizeof name, "%s/%s", dir, stale);
	write_file(name, "old");
	snprintf(name, sizeof name, "%s/%s", dir, live);
	write_file(name, "live");
	for (size_t i = 0; i < 3; i++) {
		snprintf(name, sizeof name, "%s/%s", dir, keep[i]);
		write_file(name, "keep");
	}
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	snprintf(name, sizeof name, "%s/%s", dir, stale);
	ck_assert_int_eq(access(name, F_OK), -1);
	snprintf(name, sizeof name, "%s/%s", dir, live);
	ck_assert_int_eq(access(name, F_OK), 0);
	for (size_t i = 0; i < 3; i++) {
		snprintf(name, sizeof name, "%s/%s", dir, keep[i]);
		ck_assert_int_eq(access(name, F_OK), 0);
	}
	scratch_close(&s);
}
END_TEST

START_TEST(names_and_data_files)
{
	char dir[300], msg[256], p1[4096], p2[4096], p3[4096], want[4096];
	struct scratch s;
	path_in(dir, sizeof dir, "names");
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	ck_assert_int_eq(scratch_new_name(&s, "out", p1, sizeof p1), 0);
	snprintf(want, sizeof want, "%s/iolab-%ld-0.out", s.dir, (long)getpid());
	ck_assert_str_eq(p1, want);
	ck_assert_int_eq(access(p1, F_OK), -1);                 /* not created */
	ck_assert_int_eq(scratch_data_file(&s, 10000, p1, sizeof p1, msg, sizeof msg), 0);
	ck_assert_int_eq(scratch_data_file(&s, 10000, p2, sizeof p2, msg, sizeof msg), 0);
	ck_assert_str_eq(p1, p2);                                 /* reused */
	ck_assert_int_eq(scratch_data_file(&s, 20000, p3, sizeof p3, msg, sizeof msg), 0);
	ck_assert_str_ne(p1, p3);
	struct stat st;
	ck_assert_int_eq(stat(p1, &st), 0);
	ck_assert_int_eq(st.st_size, 10000);
	ck_assert_int_eq(st.st_mode & 0777, 0600);
	/* the content is the pattern */
	unsigned char got[256], exp[256];
	int fd = open(p3, O_RDONLY);
	ck_assert_int_eq(pread(fd, got, sizeof got, 12345), (ssize_t)sizeof got);
	close(fd);
	scratch_fill_pattern(exp, sizeof exp, 12345);
	ck_assert_int_eq(memcmp(got, exp, sizeof got), 0);
	/* a changed data file is not reused */
	ck_assert_int_eq(truncate(p1, 5), 0);
	ck_assert_int_eq(scratch_data_file(&s, 10000, p2, sizeof p2, msg, sizeof msg), 0);
	ck_assert_str_ne(p1, p2);
	ck_assert_int_eq(access(p1, F_OK), -1);
	scratch_remove(&s, p2);
	ck_assert_int_eq(access(p2, F_OK), -1);
	scratch_remove_all(&s);
	ck_assert_int_eq(access(p3, F_OK), -1);
	scratch_close(&s);
}
END_TEST

START_TEST(create_registers_only_its_own)
{
	char dir[300], msg[256], path[4096], taken[4096];
	struct scratch s;
	path_in(dir, sizeof dir, "create");
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	int fd = scratch_create(&s, "out", path, sizeof path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(access(path, F_OK), 0);
	/* the next name is someone else's: not created, not registered */
	snprintf(taken, sizeof taken, "%s/iolab-%ld-%u.out", s.dir, (long)getpid(), s.seq);
	write_file(taken, "not ours");
	errno = 0;
	ck_assert_int_eq(scratch_create(&s, "out", path, sizeof path), -1);
	ck_assert_int_eq(errno, EEXIST);
	scratch_remove(&s, taken);
	ck_assert_int_eq(access(taken, F_OK), 0);
	scratch_remove_all(&s);
	ck_assert_int_eq(access(taken, F_OK), 0);
	/* the same for a data file */
	snprintf(taken, sizeof taken, "%s/iolab-%ld-%u.data", s.dir, (long)getpid(), s.seq);
	write_file(taken, "not ours");
	ck_assert_int_eq(scratch_data_file(&s, 100, path, sizeof path, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "File exists"));
	scratch_remove_all(&s);
	ck_assert_int_eq(access(taken, F_OK), 0);
	scratch_close(&s);
}
END_TEST

START_TEST(never_follows_planted_link)
{
	char dir[300], msg[512], victim[300], planted[4096], path[4096];
	struct scratch s;
	path_in(dir, sizeof dir, "plant");
	path_in(victim, sizeof victim, "victim");
	write_file(victim, "precious");
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	/* the next name the scratch will use, planted as a link */
	snprintf(planted, sizeof planted, "%s/iolab-%ld-%u.data", s.dir, (long)getpid(), s.seq);
	ck_assert_int_eq(symlink(victim, planted), 0);
	ck_assert_int_eq(scratch_data_file(&s, 4096, path, sizeof path, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "File exists"));
	struct stat st;
	ck_assert_int_eq(stat(victim, &st), 0);
	ck_assert_int_eq(st.st_size, 8);
	scratch_close(&s);
	ck_assert_int_eq(lstat(planted, &st), 0);                 /* not ours: left alone */
}
END_TEST

START_TEST(space_check)
{
	char dir[300], msg[512];
	struct scratch s;
	path_in(dir, sizeof dir, "space");
	ck_assert_int_eq(scratch_open(&s, dir, msg, sizeof msg), 0);
	ck_assert_int_eq(scratch_check_space(&s, 4096, msg, sizeof msg), 0);
	ck_assert_int_eq(scratch_check_space(&s, (uint64_t)1 << 60, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "not enough free space in"));
	ck_assert_ptr_nonnull(strstr(msg, "--dir"));
	/* the margin is part of what is needed, and said (issue 13: 13) */
	ck_assert_ptr_nonnull(strstr(msg, ": the trial needs 1024 PiB plus a 32 MiB margin, and "));
	char path[4096];
	ck_assert_int_eq(scratch_data_file(&s, (uint64_t)1 << 60, path, sizeof path, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "not enough free space in"));
	scratch_close(&s);
}
END_TEST

START_TEST(default_dir)
{
	setenv("XDG_CACHE_HOME", "/x/cache", 1);
	ck_assert_str_eq(scratch_default_dir(), "/x/cache/iolab");
	setenv("XDG_CACHE_HOME", "relative", 1);      /* ignored, as XDG says */
	setenv("HOME", "/home/u", 1);
	ck_assert_str_eq(scratch_default_dir(), "/home/u/.cache/iolab");
	unsetenv("XDG_CACHE_HOME");
	ck_assert_str_eq(scratch_default_dir(), "/home/u/.cache/iolab");
}
END_TEST

START_TEST(fill_pattern)
{
	unsigned char a[200], b[100];
	scratch_fill_pattern(a, sizeof a, 1000);
	scratch_fill_pattern(b, sizeof b, 1100);
	ck_assert_int_eq(memcmp(a + 100, b, 100), 0);            /* a function of the offset */
	for (size_t i = 0; i < sizeof a; i++) {
		if ((1000 + i) % 64 == 63)
			ck_assert_int_eq(a[i], '\n');
		else
			ck_assert(a[i] >= 33 && a[i] < 127);
	}
}
END_TEST

Suite *make_suite_scratch(void)
{
	Suite *s = suite_create("scratch");
	TCase *tc = tcase_create("dir");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, creates_private_dir);
	tcase_add_test(tc, refuses_symlink);
	tcase_add_test(tc, refuses_non_directory);
	tcase_add_test(tc, refuses_foreign_owner);
	tcase_add_test(tc, removes_stale_files);
	tcase_add_test(tc, names_and_data_files);
	tcase_add_test(tc, create_registers_only_its_own);
	tcase_add_test(tc, never_follows_planted_link);
	tcase_add_test(tc, space_check);
	suite_add_tcase(s, tc);
	TCase *pure = tcase_create("pure");
	tcase_add_test(pure, default_dir);
	tcase_add_test(pure, fill_pattern);
	suite_add_tcase(s, pure);
	return s;
}
