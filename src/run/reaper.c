/* reaper.c - no process a trial started outlives the trial (reaper.h).
 *
 * Orphans are found by walking /proc for processes whose parent is the
 * lab, with their start time (field 22 of /proc/PID/stat, clock ticks
 * since boot) and the trial their environment names.  Each round kills
 * what it found with SIGKILL and reaps it by pid - never waitpid(-1),
 * which could reap a running trial's workload process before the engine
 * has read its counts - and the rounds go on while a round finds any: an
 * orphan's children are reparented to the lab once it is killed.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "countof.h"
#include "reaper.h"

#define TRACKED_MAX 16        /* trials running at once, and then some */
#define ROUND_MAX 512         /* processes killed per round */
#define ROUNDS_MAX 256        /* generations of orphans: bounds a fork bomb's hold */
#define ENVIRON_MAX 65536     /* bytes of /proc/PID/environ looked through */

struct tracked {
	pid_t pid;
	unsigned long long start;
};

static struct tracked g_tracked[TRACKED_MAX];
static unsigned long long g_first_start;   /* of the first trial tracked; 0 none */

/* A child of the lab as /proc shows it. */
struct child {
	pid_t pid;
	unsigned long long start;
	pid_t trial;              /* REAPER_ENV's pid, 0 when none or unreadable */
};

int reaper_enable(void)
{
	return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* ppid and start time from /proc/PID/stat.  0, or -1 (gone). */
static int proc_stat(pid_t pid, pid_t *ppid, unsigned long long *start)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* the command name may hold anything, ')' too: the fields follow the
	 * last one, state first (field 3), so ppid is the 2nd, starttime
	 * (field 22) the 20th */
	char *p = strrchr(buf, ')'), *save = NULL;
	if (!p)
		return -1;
	int found = 0;
	unsigned i = 1;
	for (char *tok = strtok_r(p + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		if (i == 2) {
			*ppid = (pid_t)strtol(tok, NULL, 10);
			found++;
		} else if (i == 20) {
			*start = strtoull(tok, NULL, 10);
			found++;
			break;
		}
	}
	return found == 2 ? 0 : -1;
}

/* The trial a process's environment names, or 0. */
static pid_t proc_trial(pid_t pid)
{
	static const char key[] = REAPER_ENV "=";
	static char buf[ENVIRON_MAX];
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (const char *s = buf; s < buf + n; s += strlen(s) + 1)
		if (strncmp(s, key, sizeof key - 1) == 0)
			return (pid_t)atol(s + sizeof key - 1);
	return 0;
}

void reaper_track(pid_t pid)
{
	pid_t ppid, self = getpid();
	unsigned long long start = 0;
	if (proc_stat(pid, &ppid, &start) == 0 && (g_first_start == 0 || start < g_first_start))
		g_first_start = start;
	/* one reaped in a signal path (trial_kill_all) is not ours any more */
	for (size_t i = 0; i < COUNT(g_tracked); i++) {
		unsigned long long s;
		if (g_tracked[i].pid && (proc_stat(g_tracked[i].pid, &ppid, &s) != 0 || ppid != self ||
		                         s != g_tracked[i].start))
			g_tracked[i].pid = 0;
	}
	for (size_t i = 0; i < COUNT(g_tracked); i++)
		if (g_tracked[i].pid == 0) {
			g_tracked[i].pid = pid;
			g_tracked[i].start = start;
			return;
		}
}

void reaper_mark_child(pid_t self)
{
	char v[24];
	snprintf(v, sizeof v, "%ld", (long)(self > 0 ? self : getpid()));
	setenv(REAPER_ENV, v, 1);
}

static int tracked(pid_t pid)
{
	for (size_t i = 0; i < COUNT(g_tracked); i++)
		if (g_tracked[i].pid == pid)
			return 1;
	return 0;
}

/* The lab's children but `ended` (left to its own reaper), at most max. */
static size_t children(pid_t ended, struct child *out, size_t max)
{
	pid_t self = getpid();
	size_t n = 0;
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	struct dirent *de;
	while ((de = readdir(d)) && n < max) {
		char *end;
		long pid = strtol(de->d_name, &end, 10);
		pid_t ppid;
		unsigned long long start;
		if (*end || pid <= 0 || pid == ended || proc_stat((pid_t)pid, &ppid, &start) != 0 ||
		    ppid != self)
			continue;
		out[n].pid = (pid_t)pid;
		out[n].start = start;
		out[n].trial = 0;
		n++;
	}
	closedir(d);
	return n;
}

/* Is this child a running trial's workload process, or marked as one's
 * descendant?  (A tracked pid that is no longer a child of ours was
 * reaped in a signal path: it runs no more.) */
static int of_running_trial(const struct child *c, const struct child *all, size_t n)
{
	if (tracked(c->pid))
		return 1;
	if (c->trial == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (all[i].pid == c->trial && tracked(c->trial))
			return 1;
	return 0;
}

/* Kill and reap, round after round, the children started at or after
 * `since` that no running trial owns.  `ended` is not touched. */
static void sweep(pid_t ended, unsigned long long since)
{
	static struct child all[ROUND_MAX];
	for (int round = 0; round < ROUNDS_MAX; round++) {
		size_t n = children(ended, all, COUNT(all));
		for (size_t i = 0; i < n; i++)
			all[i].trial = proc_trial(all[i].pid);
		pid_t victims[ROUND_MAX];
		size_t nv = 0;
		for (size_t i = 0; i < n; i++)
			if (all[i].start >= since && !of_running_trial(&all[i], all, n))
				victims[nv++] = all[i].pid;
		if (nv == 0)
			return;
		for (size_t i = 0; i < nv; i++)
			kill(victims[i], SIGKILL);
		for (size_t i = 0; i < nv; i++)
			while (waitpid(victims[i], NULL, 0) < 0 && errno == EINTR)
				;
	}
}

void reaper_trial_end(pid_t pid)
{
	pid_t ppid;
	unsigned long long start = 0;
	/* the group is the trial's while its leader is unreaped: no other
	 * process can have that id */
	kill(-pid, SIGKILL);
	int known = proc_stat(pid, &ppid, &start) == 0;
	for (size_t i = 0; i < COUNT(g_tracked); i++)
		if (g_tracked[i].pid == pid) {
			if (!known)
				start = g_tracked[i].start;
			known = 1;
			g_tracked[i].pid = 0;
		}
	if (known)
		sweep(pid, start);
}

void reaper_sweep(void)
{
	if (g_first_start)
		sweep(0, g_first_start);
}
