/* check_progress.c - the progress file of iolab before the lab notebook,
 * as its one import reads it (store_import.c): every field of a file the
 * old lab wrote, damage refused whole, later keys skipped.  (The save path
 * is gone with the notebook; its tests went with it.) */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "progress.h"
#include "suites.h"

static char dir[200];
static char path[512];

static void make_dir(void)
{
	const char *tmp = getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 100 ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof dir, "%s/check-progress.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/state/iolab/progress", dir);
}

static void remove_tree(const char *d)
{
	DIR *dp = opendir(d);
	if (!dp)
		return;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		char sub[PATH_MAX];
		snprintf(sub, sizeof sub, "%s/%s", d, de->d_name);
		struct stat st;
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(sub);
		else
			unlink(sub);
	}
	closedir(dp);
	rmdir(d);
}

static void drop_dir(void)
{
	remove_tree(dir);
}

static void write_file(const char *p, const char *text)
{
	FILE *f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void make_state_dir(void)
{
	char d[512];
	snprintf(d, sizeof d, "%s/state", dir);
	mkdir(d, 0700);
	snprintf(d, sizeof d, "%s/state/iolab", dir);
	mkdir(d, 0700);
}

START_TEST(missing_file_is_empty)
{
	struct progress p;
	char msg[256];
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	ck_assert_uint_eq(p.nentries, 0);
	ck_assert_ptr_null(progress_find(&p, "w03-byte"));
	progress_free(&p);
}
END_TEST

/* A file as the old lab's progress_save wrote it: every field read back
 * exactly (%.17g numbers), an escaped error text, points by lesson. */
START_TEST(every_field)
{
	struct progress p;
	char msg[256];
	make_state_dir();
	write_file(path,
	           "# iolab progress 1\n"
	           "lesson w03-byte status=ok errno=0 rate=333333333.33333331 "
	           "log_rate=15.063812345678901 seconds=3.0100000000000002 bytes=10485760 "
	           "calls=10485760 syscr=-1 syscw=10485763 block=1 cache=warm when=1700000000\n"
	           "lesson r05-odirect status=ok errno=22 rate=0 log_rate=15.063812345678901 "
	           "seconds=3.0100000000000002 bytes=10485760 calls=10485760 syscr=-1 "
	           "syscw=10485763 block=100 cache=cold when=1700000000 "
	           "error=open:%20Invalid%20argument%20(100%25%20%3D%20bad,%20a%3Db)\n"
	           "lesson w01-syncbyte status=stopped errno=0 rate=7400 log_rate=15.06 "
	           "seconds=3.01 bytes=10485760 calls=10485760 syscr=-1 syscw=10485763 block=1 "
	           "cache=warm when=1700000000\n"
	           "point s01-sweep block=1 cache=warm ok=1 seconds=0.5 calls=1000000 "
	           "bytes=1000000 rate=2000000\n"
	           "point s01-sweep block=4096 cache=cold ok=0 seconds=0.25 calls=256 "
	           "bytes=1048576 rate=4194304\n");
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	ck_assert_uint_eq(p.nentries, 3);
	const struct progress_entry *ra = progress_find(&p, "w03-byte");
	ck_assert_ptr_nonnull(ra);
	ck_assert(ra->rate == 1e9 / 3);               /* exact, not approximately */
	ck_assert(ra->log_rate == 15.063812345678901);
	ck_assert(ra->seconds == 3.0100000000000002);
	ck_assert_uint_eq(ra->bytes, 10485760);
	ck_assert_uint_eq(ra->calls, 10485760);
	ck_assert_int_eq(ra->syscr, -1);
	ck_assert_int_eq(ra->syscw, 10485763);
	ck_assert_int_eq(ra->when, 1700000000);
	ck_assert(ra->ok && !ra->stopped && !ra->cold);
	const struct progress_entry *rb = progress_find(&p, "r05-odirect");
	ck_assert_ptr_nonnull(rb);
	ck_assert_int_eq(rb->err, EINVAL);
	ck_assert_str_eq(rb->error, "open: Invalid argument (100% = bad, a=b)");
	ck_assert(rb->cold);
	ck_assert_uint_eq(rb->block, 100);
	ck_assert(progress_find(&p, "w01-syncbyte")->stopped);

	struct sweep_point got[4];
	ck_assert_uint_eq(progress_get_points(&p, "s01-sweep", got, 4), 2);
	ck_assert_uint_eq(got[1].block, 4096);
	ck_assert_int_eq(got[1].cache, WL_CACHE_COLD);
	ck_assert_int_eq(got[1].ok, 0);
	ck_assert(got[1].bytes == 1048576);
	ck_assert(got[0].rate == 2e6);
	ck_assert_uint_eq(progress_get_points(&p, "w03-byte", got, 4), 0);
	progress_free(&p);
}
END_TEST

START_TEST(damaged_file_ignored)
{
	static const char *const damaged[] = {
		"",                                                  /* empty */
		"garbage\n",                                         /* no header */
		"# iolab progress 1\nlesson w03-byte status=ok rate=fast\n",
		"# iolab progress 1\nlesson W03 status=ok\n",        /* bad id */
		"# iolab progress 1\nlesson w03-byte rate=1\n",      /* no status */
		"# iolab progress 1\nlesson w03-byte status=ok bytes=-5\n",
		"# iolab progress 1\nlesson w03-byte status=ok novalue\n",
		"# iolab progress 1\nlesson w03-byte status=ok\n\x01\x02\0zz\n",
		"# iolab progress 1\npoint s01 block=1 cache=lukewarm\n",
	};
	char msg[512];
	make_state_dir();
	for (size_t i = 0; i < sizeof damaged / sizeof *damaged; i++) {
		FILE *f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		size_t len = strlen(damaged[i]);
		if (i == 7)
			len = 51;                                    /* with the NUL byte */
		fwrite(damaged[i], 1, len, f);
		fclose(f);
		struct progress p;
		msg[0] = '\0';
		ck_assert_msg(progress_load(&p, path, msg, sizeof msg) == -1, "case %zu loaded", i);
		ck_assert_ptr_nonnull(strstr(msg, "damaged"));
		ck_assert_uint_eq(p.nentries, 0);
		ck_assert_uint_eq(p.npoints, 0);
		progress_free(&p);
	}
}
END_TEST

START_TEST(later_versions_read)
{
	/* keys and records added later are skipped, comments too */
	char msg[512];
	make_state_dir();
	write_file(path, "# iolab progress 1\n# a comment\n\nbadge w03-byte gold=1\n"
	                 "lesson w03-byte status=ok rate=5 colour=blue\n");
	struct progress p;
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	ck_assert(progress_find(&p, "w03-byte")->rate == 5);
	progress_free(&p);
}
END_TEST

Suite *make_suite_progress(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, make_dir, drop_dir);
	tcase_add_test(tc, missing_file_is_empty);
	tcase_add_test(tc, every_field);
	tcase_add_test(tc, damaged_file_ignored);
	tcase_add_test(tc, later_versions_read);
	suite_add_tcase(s, tc);
	return s;
}
