/* bench_signal.c - how long the lab takes to exit on SIGINT while it fills
 * a large data file.
 *
 * Runs the real program (argv, no shell) on a read lesson with --size
 * SIZE, waits until its data file holds AFTER bytes, sends SIGINT and
 * times the exit (waitpid).  The lab is meant to give up between two
 * chunks of the fill: well under 100 ms, however large the file (it took
 * 20.9 s at 4 GiB when the fill ran to its end first).  Also checks the
 * exit status (130) and that no file of the run is left.
 *
 *   bench/bench_signal -p PROGRAM -l LESSONS [-n ROUNDS] [-s SIZE] [-a AFTER]
 *                      [-d DIR] [-w LESSON]
 *
 * Defaults: 3 rounds, a 4 GiB file, the signal once 256 MiB are written,
 * lesson f03-read-1m (tests/fixtures/faults), a fresh directory under
 * $TMPDIR (or /tmp), removed at the end.  Needs SIZE plus the lab's 32 MiB
 * margin free; says so and stops when it is not.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stats.h"
#include "units.h"

#define MAX_ROUNDS 16
#define MARGIN ((uint64_t)64 << 20)   /* the lab's 32 MiB, and some */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
	fprintf(stderr, "bench_signal: %s\n", what);
	exit(1);
}

/* Size of the largest "iolab-*.data" in dir (0: none); *left counts every
 * "iolab-" entry (a data file or a lock file). */
static uint64_t data_size(const char *dir, int *left)
{
	uint64_t size = 0;
	*left = 0;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "iolab-", 6) != 0)
			continue;
		(*left)++;
		size_t n = strlen(e->d_name);
		struct stat st;
		if (n > 5 && strcmp(e->d_name + n - 5, ".data") == 0 &&
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    (uint64_t)st.st_size > size)
			size = (uint64_t)st.st_size;
	}
	closedir(d);
	return size;
}

static pid_t start_lab(const char *const argv[])
{
	pid_t pid = fork();
	if (pid < 0)
		die(strerror(errno));
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execv(argv[0], (char *const *)argv);     /* execv does not write them */
		_exit(127);
	}
	return pid;
}

/* One round: seconds from SIGINT to exit, or -1 when the lab ended first. */
static double one_round(const char *const argv[], const char *dir, uint64_t after, uint64_t *at,
                        int *status, int *left)
{
	pid_t pid = start_lab(argv);
	struct timespec ms = {0, 1000000L};
	while ((*at = data_size(dir, left)) < after) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return -1;
		nanosleep(&ms, NULL);
	}
	double t0 = now();
	kill(pid, SIGINT);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	double t = now() - t0;
	data_size(dir, left);
	return t;
}

int main(int argc, char **argv)
{
	const char *program = NULL, *lessons = NULL, *dir = NULL, *lesson = "f03-read-1m";
	uint64_t size = (uint64_t)4 << 30, after = (uint64_t)256 << 20;
	unsigned rounds = 3;
	char tmp[4096];
	int opt;
	while ((opt = getopt(argc, argv, "p:l:n:s:a:d:w:")) != -1) {
		switch (opt) {
		case 'p': program = optarg; break;
		case 'l': lessons = optarg; break;
		case 'n': rounds = (unsigned)atoi(optarg); break;
		case 's': if (units_parse_size(optarg, &size) != 0) die("bad -s size"); break;
		case 'a': if (units_parse_size(optarg, &after) != 0) die("bad -a size"); break;
		case 'd': dir = optarg; break;
		case 'w': lesson = optarg; break;
		default:
			die("usage: bench_signal -p PROGRAM -l LESSONS [-n ROUNDS] [-s SIZE] [-a AFTER] "
			    "[-d DIR] [-w LESSON]");
		}
	}
	if (!program || !lessons)
		die("-p PROGRAM and -l LESSONS are needed");
	if (rounds < 1 || rounds > MAX_ROUNDS || after == 0 || after >= size)
		die("rounds must be 1..16 and AFTER between 1 B and SIZE");
	if (!dir) {
		const char *t = getenv("TMPDIR");
		snprintf(tmp, sizeof tmp, "%s/iolab-bench-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(tmp))
			die(strerror(errno));
		dir = tmp;
	}
	char sz[32], af[32], fr[32];
	units_format_bytes((double)size, sz, sizeof sz);
	units_format_bytes((double)after, af, sizeof af);
	struct statvfs sv;
	if (statvfs(dir, &sv) != 0)
		die(strerror(errno));
	uint64_t free_bytes = (uint64_t)sv.f_bavail * sv.f_frsize;
	if (free_bytes < size + MARGIN) {
		units_format_bytes((double)free_bytes, fr, sizeof fr);
		printf("iolab bench: signal to exit: skipped, a %s file needs %s plus a margin, "
		       "and %s is free in %s\n", sz, sz, fr, dir);
		if (dir == tmp)
			rmdir(tmp);
		return 0;
	}
	char size_arg[32];
	snprintf(size_arg, sizeof size_arg, "%lluB", (unsigned long long)size);
	const char *lab[] = {program, "--batch", "--lessons", lessons, "--lesson", lesson,
	                     "--trials", "1", "--size", size_arg, "--dir", dir, NULL};
	printf("iolab bench: SIGINT while a %s data file is filled (sent at %s), %u rounds, in %s\n",
	       sz, af, rounds, dir);
	printf("%6s %14s %12s %8s %6s\n", "round", "filled", "exit ms", "status", "left");
	double ms[MAX_ROUNDS];
	unsigned n = 0, bad = 0;
	for (unsigned r = 0; r < rounds; r++) {
		uint64_t at;
		int status = 0, left = 0;
		double t = one_round(lab, dir, after, &at, &status, &left);
		int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		if (t < 0) {
			printf("%6u  the lab exited (status %d) before its file reached %s\n", r + 1, code, af);
			bad++;
			continue;
		}
		units_format_bytes((double)at, fr, sizeof fr);
		printf("%6u %14s %12.1f %8d %6d\n", r + 1, fr, t * 1e3, code, left);
		fflush(stdout);
		ms[n++] = t * 1e3;
		bad += code != 130 || left != 0;
	}
	if (n)
		printf("median %.1f ms from SIGINT to exit (goal: under 100 ms)%s\n",
		       ms[stats_median_index(ms, n)], bad ? "; some rounds went wrong (above)" : "");
	if (dir == tmp)
		rmdir(tmp);
	return bad ? 1 : 0;
}
