/* check_reaper.c - no process a trial started outlives it: a stand-in
 * "trial" (a forked child that starts detached descendants and exits) is
 * ended with reaper_trial_end, and what it left is killed and reaped;
 * the orphans of a trial still running, and children older than the
 * trial, are left alone.  The engine's own runs are in check_engine.c.
 *
 * Each test runs in its own forked process (CK_FORK), which makes itself
 * a subreaper, so the orphans are its own children; the test waits for
 * them to be reparented (bounded polls, no fixed sleeps).
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "reaper.h"
#include "suites.h"

static const struct timespec ms10 = {0, 10000000L};

/* Field `n` (1-based, after the command name) of /proc/PID/stat as a
 * number; -1 when the process is gone. */
static long stat_field(pid_t pid, int n)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t len = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[len] = '\0';
	char *p = strrchr(buf, ')');
	if (!p)
		return -1;
	p += 2;
	for (int i = 1; i < n && p; i++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	return p ? (n == 1 ? (long)*p : strtol(p, NULL, 10)) : -1;
}

static int alive(pid_t pid)
{
	long state = stat_field(pid, 1);
	return state != -1 && state != 'Z';
}

/* Children of ours, live or not. */
static size_t our_children(pid_t *out, size_t max)
{
	size_t n = 0;
	DIR *d = opendir("/proc");
	ck_assert_ptr_nonnull(d);
	struct dirent *de;
	while ((de = readdir(d)) && n < max) {
		char *end;
		pid_t pid = (pid_t)strtol(de->d_name, &end, 10);
		if (!*end && pid > 0 && stat_field(pid, 2) == getpid())
			out[n++] = pid;
	}
	closedir(d);
	return n;
}

/* A trial's stand-in: a child in its own group, marked as a command's
 * process is (or not), that leaves an orphan - a `sleep` in a session of
 * its own, whose parent exits at once - and runs on until told to exit
 * through a pipe.  Returns its pid; *orphan gets the sleep's, once it is
 * our child (the subreaper's). */
static pid_t fake_trial(int mark, int *go, pid_t *orphan)
{
	int ready[2], release[2];
	/* close-on-exec: the sleep holds no end of them */
	ck_assert_int_eq(pipe2(ready, O_CLOEXEC), 0);
	ck_assert_int_eq(pipe2(release, O_CLOEXEC), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		/* only the test holds the write end (not another stand-in
		 * either): its close is our EOF */
		for (int fd = 3; fd < 1024; fd++)
			if (fd != ready[1] && fd != release[0])
				close(fd);
		setpgid(0, 0);
		if (mark)
			reaper_mark_child(0);     /* seen in /proc once exec'd */
		pid_t middle = fork();
		if (middle == 0) {
			pid_t s = fork();
			if (s == 0) {
				setsid();
				execlp("sleep", "sleep", "299.81", (char *)NULL);
				_exit(127);
			}
			_exit(write(ready[1], &s, sizeof s) == sizeof s ? 0 : 1);
		}
		waitpid(middle, NULL, 0);
		char c;
		_exit(read(release[0], &c, 1) < 0 ? 1 : 0);
	}
	setpgid(pid, pid);
	reaper_track(pid);
	close(ready[1]);
	close(release[0]);
	ck_assert_int_eq(read(ready[0], orphan, sizeof *orphan), (ssize_t)sizeof *orphan);
	close(ready[0]);
	*go = release[1];
	for (int i = 0; i < 3000 && stat_field(*orphan, 2) != getpid(); i++)
		nanosleep(&ms10, NULL);
	ck_assert_int_eq(stat_field(*orphan, 2), getpid());
	/* exec'd: its environment is the marked one */
	char path[64], cmd[64] = "";
	snprintf(path, sizeof path, "/proc/%d/cmdline", (int)*orphan);
	for (int i = 0; i < 3000 && strcmp(cmd, "sleep") != 0; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(cmd, 1, sizeof cmd - 1, f) : 0;
		if (f)
			fclose(f);
		cmd[n] = '\0';
		if (strcmp(cmd, "sleep") != 0)
			nanosleep(&ms10, NULL);
	}
	ck_assert_str_eq(cmd, "sleep");
	return pid;
}

/* Tell the stand-in to exit, and wait until it has (not reaped). */
static void fake_exit(pid_t pid, int go)
{
	close(go);
	siginfo_t info;
	memset(&info, 0, sizeof info);
	ck_assert_int_eq(waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT), 0);
}

static void reap(pid_t pid)
{
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
}

START_TEST(orphan_killed_and_reaped)
{
	ck_assert_int_eq(reaper_enable(), 0);
	int go;
	pid_t orphan, t = fake_trial(1, &go, &orphan);
	fake_exit(t, go);
	reaper_trial_end(t);
	/* killed and reaped: not even a zombie of ours is left, but the
	 * trial's own process, which is the engine's to reap */
	ck_assert_int_eq(alive(orphan), 0);
	pid_t kids[8];
	ck_assert_uint_eq(our_children(kids, 8), 1);
	ck_assert_int_eq(kids[0], t);
	reap(t);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}
END_TEST

/* A command that cleared its environment is still the ended trial's: a
 * child of ours younger than the trial and no running trial's. */
START_TEST(unmarked_orphan_killed)
{
	ck_assert_int_eq(reaper_enable(), 0);
	int go;
	pid_t orphan, t = fake_trial(0, &go, &orphan);
	fake_exit(t, go);
	reaper_trial_end(t);
	ck_assert_int_eq(alive(orphan), 0);
	reap(t);
}
END_TEST

static long starttime(pid_t pid)
{
	return stat_field(pid, 20);
}

/* A child that waits, started in a later clock tick than `after` (the
 * start times /proc gives are in ticks). */
static pid_t idle_child_after(pid_t after)
{
	for (;;) {
		pid_t c = fork();
		ck_assert_int_ge(c, 0);
		if (c == 0) {
			for (;;)
				pause();
		}
		if (!after || starttime(c) > starttime(after))
			return c;
		kill(c, SIGKILL);
		reap(c);
		nanosleep(&ms10, NULL);
	}
}

/* Two trials at once: the end of one leaves the other's orphan (younger
 * than the ended trial: only its mark tells), and a child of ours older
 * than both; the other's end takes its own. */
START_TEST(running_trial_keeps_its_orphans)
{
	ck_assert_int_eq(reaper_enable(), 0);
	pid_t older = idle_child_after(0);
	pid_t later = idle_child_after(older);     /* a trial starts after this */
	kill(later, SIGKILL);
	reap(later);
	int go_a, go_b;
	pid_t oa, ob;
	pid_t a = fake_trial(1, &go_a, &oa);
	pid_t b = fake_trial(1, &go_b, &ob);
	ck_assert_int_gt(starttime(a), starttime(older));
	fake_exit(a, go_a);
	reaper_trial_end(a);
	ck_assert_int_eq(alive(oa), 0);
	ck_assert_int_eq(alive(ob), 1);
	ck_assert_int_eq(alive(b), 1);
	ck_assert_int_eq(alive(older), 1);
	reap(a);
	fake_exit(b, go_b);
	reaper_trial_end(b);
	ck_assert_int_eq(alive(ob), 0);
	ck_assert_int_eq(alive(older), 1);
	reap(b);
	/* the session's end sweeps what any trial left, never a child older
	 * than its first trial: here `older`, unless this process is a whole
	 * suite run unforked (check-valgrind), whose first trial came earlier */
	const char *fork_mode = getenv("CK_FORK");
	if (!fork_mode || strcmp(fork_mode, "no") != 0) {
		reaper_sweep();
		ck_assert_int_eq(alive(older), 1);
	}
	kill(older, SIGKILL);
	reap(older);
}
END_TEST

/* What a trial's group holds dies with it, though its parent lives on. */
START_TEST(group_killed)
{
	pid_t t = fork();
	ck_assert_int_ge(t, 0);
	if (t == 0) {
		setpgid(0, 0);
		if (fork() == 0) {
			for (;;)
				pause();
		}
		for (;;)
			pause();
	}
	setpgid(t, t);
	reaper_track(t);
	pid_t member = 0;
	for (int i = 0; i < 3000 && !member; i++) {
		DIR *d = opendir("/proc");
		struct dirent *de;
		while (d && (de = readdir(d))) {
			char *end;
			pid_t pid = (pid_t)strtol(de->d_name, &end, 10);
			if (!*end && pid > 0 && stat_field(pid, 2) == t)
				member = pid;
		}
		if (d)
			closedir(d);
		if (!member)
			nanosleep(&ms10, NULL);
	}
	ck_assert_int_gt(member, 0);
	kill(t, SIGKILL);
	siginfo_t info;
	memset(&info, 0, sizeof info);
	ck_assert_int_eq(waitid(P_PID, (id_t)t, &info, WEXITED | WNOWAIT), 0);
	reaper_trial_end(t);
	for (int i = 0; i < 3000 && alive(member); i++)
		nanosleep(&ms10, NULL);
	ck_assert_int_eq(alive(member), 0);
	reap(t);
}
END_TEST

Suite *make_suite_reaper(void)
{
	Suite *s = suite_create("reaper");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, orphan_killed_and_reaped);
	tcase_add_test(tc, unmarked_orphan_killed);
	tcase_add_test(tc, running_trial_keeps_its_orphans);
	tcase_add_test(tc, group_killed);
	suite_add_tcase(s, tc);
	return s;
}
