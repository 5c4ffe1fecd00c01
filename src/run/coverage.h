/* coverage.h - the workload process's gcov counts, written outside what
 * is measured.  Only in a ./configure --enable-coverage build
 * (IOLAB_COVERAGE); in any other build these are empty and nothing is
 * added to the workload's paths.
 *
 * The workload process ends with _exit(), which writes no counts, so its
 * loops would show as never run.  Writing them itself would put the .gcda
 * files' reads and writes into its own /proc/PID/io.  So, after the
 * workload has finished (its time is taken inside wl_run), it forks a
 * grandchild that writes the counts and exits, and waits for it without
 * reaping it: a reaped child's I/O is added to its parent's counts, a
 * zombie's is not.  The zombie goes to the lab (a subreaper), whose
 * reaper collects it with the trial's other orphans.
 *
 * gcc wraps calls to fork() (the copy's counts zeroed) and to execvp()
 * (the counts written first, inside the command's measured run): both
 * are called here through volatile pointers, which it does not wrap. */
#ifndef IOLAB_COVERAGE_H
#define IOLAB_COVERAGE_H

#ifdef IOLAB_COVERAGE
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

void __gcov_dump(void);

static inline void coverage_write_counts(void)
{
	pid_t (*volatile fork_unwrapped)(void) = fork;
	pid_t pid = fork_unwrapped();
	if (pid == 0) {
		__gcov_dump();
		_exit(0);
	}
	siginfo_t info;
	while (pid > 0 && waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR)
		;
}

static inline int coverage_execvp(const char *file, char *const argv[])
{
	int (*volatile exec_unwrapped)(const char *, char *const[]) = execvp;
	return exec_unwrapped(file, argv);
}
#else
static inline void coverage_write_counts(void)
{
}
#define coverage_execvp execvp
#endif

#endif
