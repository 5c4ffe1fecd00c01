/* check_progress.c - the saved progress: round trip, atomic save, damage. */
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
	/* a directory that does not exist yet: save creates it */
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

/* files in the progress directory other than `progress` itself */
static int stray_files(void)
{
	char d[512];
	snprintf(d, sizeof d, "%s/state/iolab", dir);
	DIR *dp = opendir(d);
	ck_assert_ptr_nonnull(dp);
	int n = 0;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, "progress"))
			n++;
	closedir(dp);
	return n;
}

static void make_state_dir(void)
{
	char d[512];
	snprintf(d, sizeof d, "%s/state", dir);
	mkdir(d, 0700);
	snprintf(d, sizeof d, "%s/state/iolab", dir);
	mkdir(d, 0700);
}

static struct progress_entry sample_entry(const char *id, double rate)
{
	struct progress_entry e;
	memset(&e, 0, sizeof e);
	snprintf(e.id, sizeof e.id, "%s", id);
	e.ok = 1;
	e.rate = rate;
	e.log_rate = 15.063812345678901;
	e.seconds = 3.0100000000000002;
	e.bytes = 10485760;
	e.calls = 10485760;
	e.syscr = -1;
	e.syscw = 10485763;
	e.block = 1;
	e.when = 1700000000;
	return e;
}

START_TEST(default_path)
{
	char buf[PATH_MAX];
	char *old_state = getenv("XDG_STATE_HOME") ? strdup(getenv("XDG_STATE_HOME")) : NULL;
	char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("XDG_STATE_HOME", "/s", 1);
	setenv("HOME", "/h", 1);
	ck_assert_int_eq(progress_default_path(buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "/s/iolab/progress");
	setenv("XDG_STATE_HOME", "relative", 1);     /* the spec says: ignore it */
	ck_assert_int_eq(progress_default_path(buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "/h/.local/state/iolab/progress");
	unsetenv("XDG_STATE_HOME");
	unsetenv("HOME");
	ck_assert_int_eq(progress_default_path(buf, sizeof buf), -1);
	if (old_state)
		setenv("XDG_STATE_HOME", old_state, 1);
	if (old_home)
		setenv("HOME", old_home, 1);
	free(old_state);
	free(old_home);
}
END_TEST

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

START_TEST(round_trip)
{
	struct progress p;
	char msg[256];
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	struct progress_entry a = sample_entry("w03-byte", 3483638.25);
	struct progress_entry b = sample_entry("r05-odirect", 0);
	b.ok = 1;
	b.err = EINVAL;
	snprintf(b.error, sizeof b.error, "open: Invalid argument (100%% = bad, a=b)");
	b.cold = 1;
	b.block = 100;
	struct progress_entry c = sample_entry("w01-syncbyte", 7400);
	c.stopped = 1;
	ck_assert_int_eq(progress_set(&p, &a), 0);
	ck_assert_int_eq(progress_set(&p, &b), 0);
	ck_assert_int_eq(progress_set(&p, &c), 0);
	a.rate = 1e9 / 3;                            /* replaced in place */
	ck_assert_int_eq(progress_set(&p, &a), 0);
	ck_assert_uint_eq(p.nentries, 3);
	struct sweep_point pts[2] = {
		{1, WL_CACHE_WARM, 1, 0.5, 1e6, 1e6, 2e6},
		{4096, WL_CACHE_COLD, 0, 0.25, 256, 1048576, 4194304},
	};
	ck_assert_int_eq(progress_set_points(&p, "s01-sweep", pts, 2), 0);
	ck_assert_int_eq(progress_save(&p, msg, sizeof msg), 0);
	progress_free(&p);

	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	ck_assert_uint_eq(p.nentries, 3);
	const struct progress_entry *ra = progress_find(&p, "w03-byte");
	ck_assert_ptr_nonnull(ra);
	ck_assert(ra->rate == 1e9 / 3);               /* exact, not approximately */
	ck_assert(ra->log_rate == a.log_rate);
	ck_assert(ra->seconds == a.seconds);
	ck_assert_uint_eq(ra->bytes, 10485760);
	ck_assert_uint_eq(ra->calls, 10485760);
	ck_assert_int_eq(ra->syscr, -1);
	ck_assert_int_eq(ra->syscw, 10485763);
	ck_assert_int_eq(ra->when, 1700000000);
	ck_assert(ra->ok && !ra->stopped && !ra->cold);
	const struct progress_entry *rb = progress_find(&p, "r05-odirect");
	ck_assert_ptr_nonnull(rb);
	ck_assert_int_eq(rb->err, EINVAL);
	ck_assert_str_eq(rb->error, b.error);
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
	/* replacing points of one lesson keeps the others' */
	ck_assert_int_eq(progress_set_points(&p, "s02-other", pts, 1), 0);
	ck_assert_int_eq(progress_set_points(&p, "s01-sweep", pts + 1, 1), 0);
	ck_assert_uint_eq(progress_get_points(&p, "s01-sweep", got, 4), 1);
	ck_assert_uint_eq(progress_get_points(&p, "s02-other", got, 4), 1);
	progress_free(&p);
	ck_assert_int_eq(stray_files(), 0);
}
END_TEST

START_TEST(save_is_atomic)
{
	struct progress p;
	char msg[256];
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	struct progress_entry a = sample_entry("w03-byte", 1000);
	ck_assert_int_eq(progress_set(&p, &a), 0);
	ck_assert_int_eq(progress_save(&p, msg, sizeof msg), 0);
	struct stat before;
	ck_assert_int_eq(stat(path, &before), 0);
	ck_assert_int_eq(before.st_mode & 0777, 0600);   /* the student's own */

	/* the new file replaces the old by rename: a new inode, never an
	 * old one truncated and rewritten in place */
	a.rate = 2000;
	ck_assert_int_eq(progress_set(&p, &a), 0);
	ck_assert_int_eq(progress_save(&p, msg, sizeof msg), 0);
	struct stat after;
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert(after.st_ino != before.st_ino);
	ck_assert_int_eq(stray_files(), 0);

	/* when the rename cannot happen the old file is intact and no
	 * temporary file is left behind */
	char sub[512];
	snprintf(sub, sizeof sub, "%s/state/iolab/blocked", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	free(p.path);
	p.path = strdup(sub);                         /* rename onto a directory fails */
	a.rate = 3000;
	ck_assert_int_eq(progress_set(&p, &a), 0);
	ck_assert_int_eq(progress_save(&p, msg, sizeof msg), -1);
	ck_assert_ptr_nonnull(strstr(msg, "not saved"));
	rmdir(sub);
	ck_assert_int_eq(stray_files(), 0);
	progress_free(&p);
	ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
	ck_assert(progress_find(&p, "w03-byte")->rate == 2000);
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
		/* still usable, and saving replaces the damage */
		struct progress_entry a = sample_entry("w03-byte", 42);
		ck_assert_int_eq(progress_set(&p, &a), 0);
		ck_assert_int_eq(progress_save(&p, msg, sizeof msg), 0);
		progress_free(&p);
		ck_assert_int_eq(progress_load(&p, path, msg, sizeof msg), 0);
		ck_assert(progress_find(&p, "w03-byte")->rate == 42);
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

START_TEST(from_result)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.ok = 1;
	r.rate = 1234;
	r.log_rate = 7.118;
	r.bytes = 100;
	r.calls[CALL_WRITE] = 90;
	r.calls[CALL_FSYNC] = 1;
	r.syscr = -1;
	r.syscw = 91;
	struct wl_spec spec;
	wl_spec_init(&spec);
	spec.block = 8;
	spec.cache = WL_CACHE_COLD;
	struct progress_entry e;
	progress_entry_from_result(&e, "w03-byte", &spec, &r, 99);
	ck_assert_str_eq(e.id, "w03-byte");
	ck_assert_uint_eq(e.calls, 91);
	ck_assert_int_eq(e.syscw, 91);
	ck_assert_int_eq(e.syscr, -1);
	ck_assert_uint_eq(e.block, 8);
	ck_assert(e.cold);
	ck_assert_int_eq(e.when, 99);
	ck_assert_str_eq(e.error, "");
	wl_spec_free(&spec);
}
END_TEST

Suite *make_suite_progress(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, make_dir, drop_dir);
	tcase_add_test(tc, default_path);
	tcase_add_test(tc, missing_file_is_empty);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, save_is_atomic);
	tcase_add_test(tc, damaged_file_ignored);
	tcase_add_test(tc, later_versions_read);
	tcase_add_test(tc, from_result);
	suite_add_tcase(s, tc);
	return s;
}
