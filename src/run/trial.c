/* trial.c - one trial: prepare the file, fork, watch, collect, clean up.
 *
 * The order of the end of a trial matters for exact counts: a forked child
 * starts with zeroed I/O accounting and does nothing but the loop, so once
 * it has exited, /proc/CHILD/io holds the loop's syscalls exactly.  That
 * file vanishes when the child is reaped, so the parent first waits with
 * WNOWAIT, reads it, and only then reaps the child with wait4 for rusage.
 * Once the child has exited, only root may open that file (the kernel gives
 * a dead task's /proc files to root), so the parent opens it while the
 * child lives: the child waits on a futex (no read or write, so not in the
 * counts) until the parent holds it open.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/futex.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "coverage.h"
#include "trial.h"
#include "errmsg.h"
#include "measure.h"
#include "reaper.h"
#include "stats.h"
#include "units.h"
#include "wl_run.h"

/* Our loops stop themselves at the time limit; the parent kills one only
 * when it is still there this long after (a final fsync may be slow). */
#define OWN_GRACE 30.0
/* A command past its time limit gets SIGTERM, then SIGKILL this later. */
#define TERM_GRACE 1.0
/* The start-up probe (probe_startup) may run this long at most. */
#define PROBE_LIMIT 2.0
/* A warm trial's file is read in first when less than this is cached (the
 * fraction is a ratio of page counts: 1.0 exactly when all are). */
#define WARM_MIN_RESIDENT (1.0 - 1e-9)
/* The perf pass may run this many times the trial's time limit: it repeats
 * the trial's passes exactly, and only a safety limit stops it early. */
#define PERF_SAFETY 10.0

/* Every running child, for the signal handlers: its pid (0: a free slot),
 * and whether it leads its own process group (commands do, so their
 * children die with them).  The lab races two trials at once; a fixed
 * array because a handler can neither allocate nor lock. */
#define MAX_CHILDREN 8
static volatile sig_atomic_t g_child[MAX_CHILDREN];
static volatile sig_atomic_t g_child_group[MAX_CHILDREN];
static volatile sig_atomic_t g_interrupts;
static int g_perf;

struct trial {
	struct wl_spec spec;
	struct scratch *scratch;
	struct wl_shared *sh;
	pid_t pid;
	int slot;                 /* its entry in g_child[], -1 when none */
	int command;
	char **argv;
	/* a read command's start-up reads: the kernel's rchar of the same
	 * argv run on an empty file (probe_startup), 0 when not probed */
	int64_t startup_rchar;
	int errfd;
	char path[4096];          /* the data file, or the written file */
	int path_is_output;       /* written: removed after the trial */
	char errpath[4096];       /* a command's stderr */
	char room[4096];          /* a command's private directory (scratch_room) */
	char roomfile[4096];      /* its {file}: room/NAME, a link to path */
	int pidfd;
	int iofd;                 /* /proc/CHILD/io, opened while it lived */
	int in_ns;                /* the child is the first process of a PID
	                             namespace of its own (spawn_isolated) */
	int program_iofd;         /* in a namespace: the program's /proc/PID/io,
	                             for the live view until the init reaps it */
	int alive_fd;             /* the write end of a pipe the child polls: its
	                             hangup says the lab died before the child's
	                             parent-death signal was set */
	int schedfd;              /* /proc/CHILD/schedstat, the same way */
	/* the scheduler's and the device's counts when the child was let go
	 * and just before it was reaped: the window that holds its loop */
	struct measure_sched sched_go, sched_end;
	struct device_stat dev_go, dev_end;
	double fork_time, exit_time, term_time;
	int exited, reaped_elsewhere, term_sent, killed_by_us;
	siginfo_t info;
	sig_atomic_t interrupts_at_start;
	double resident_before;
	double prev_elapsed;
	uint64_t prev_bytes;
	/* the child stopped by a signal (watch_stops): how often, how often
	 * seen stopped (so timed), for how long */
	unsigned stops, stops_timed;
	double stop_began, stopped_seconds;
};

/* --- names ---------------------------------------------------------------- */

const char *trial_verdict_name(enum trial_verdict v)
{
	static const char *const names[VERDICTS] = {
		"ok", "expected_error", "failed", "missed_error",
	};
	return (unsigned)v < VERDICTS ? names[v] : "?";
}

int trial_verdict_ok(enum trial_verdict v)
{
	return v == VERDICT_OK || v == VERDICT_EXPECTED_ERROR;
}

const char *trial_syscall_source_name(enum syscall_source s)
{
	static const char *const names[] = {"none", "procfs", "perf"};
	return (unsigned)s < 3 ? names[s] : "?";
}

/* --- perf ----------------------------------------------------------------- */

int trial_perf_available(char *why, size_t len)
{
	static int known = -1;
	static char reason[256];
	if (known < 0)
		known = measure_perf_probe(reason, sizeof reason);
	if (why && len)
		snprintf(why, len, "%s", reason);
	return known;
}

void trial_set_perf(int on)
{
	g_perf = on != 0;
}

/* --- signals -------------------------------------------------------------- */

static void kill_child(int i, int sig)
{
	pid_t pid = (pid_t)g_child[i];
	if (pid <= 0)
		return;
	if (g_child_group[i])
		kill(-pid, sig);
	kill(pid, sig);
}

void trial_interrupt_all(void)
{
	int saved = errno;
	g_interrupts = g_interrupts + 1;
	for (int i = 0; i < MAX_CHILDREN; i++)
		kill_child(i, SIGKILL);
	errno = saved;
}

void trial_kill_all(void)
{
	int saved = errno;
	g_interrupts = g_interrupts + 1;
	for (int i = 0; i < MAX_CHILDREN; i++) {
		pid_t pid = (pid_t)g_child[i];
		if (pid <= 0)
			continue;
		kill_child(i, SIGKILL);
		/* Cleared before the reap: once reaped, the pid may be another
		 * process's, and no later signal may be sent to it. */
		g_child[i] = 0;
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	errno = saved;
}

int trial_children(void)
{
	int n = 0;
	for (int i = 0; i < MAX_CHILDREN; i++)
		n += g_child[i] > 0;
	return n;
}

/* A free entry of g_child[], or -1.  Called with every signal blocked. */
static int free_slot(void)
{
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (g_child[i] == 0)
			return i;
	return -1;
}

/* The handlers forget the child (before it is reaped, which may recycle
 * its pid; killing the zombie meanwhile was harmless). */
static void unregister(struct trial *t)
{
	if (t->slot >= 0 && (pid_t)g_child[t->slot] == t->pid)
		g_child[t->slot] = 0;
	t->slot = -1;
}

/* --- the child ------------------------------------------------------------ */

/* Default dispositions everywhere (the lab's handlers are not the child's
 * business); a file-size limit shows up as EFBIG, not a killed child. */
static void child_signals(int command)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	if (!command)
		signal(SIGXFSZ, SIG_IGN);
}

/* In a PID namespace getppid() is 0 whoever the parent is: the lab holds
 * the write end of a pipe instead, and its hangup says the lab is gone.
 * poll() reads nothing, so nothing enters the counts. */
static int lab_gone(int alive_rfd)
{
	struct pollfd p = {.fd = alive_rfd, .events = POLLIN};
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR));
}

/* --- a command's PID namespace ---------------------------------------------
 *
 * The first process of a PID namespace takes no signal it has no handler
 * for (a program's `kill -SEGV $$`, abort(), the lab's SIGTERM), and when
 * it dies the kernel kills the rest.  So the trial's child is the
 * namespace's init and the program its child, with every signal at its
 * default: the init forks the program (leading its own group, as it did
 * without the init), passes the signals a stop sends it on to it, reaps
 * it - which adds the program's counts and CPU time to its own, as a
 * reaped child's are - and hands its wait status over in the shared
 * block, with the program's run-queue time, read before the reap (no one
 * can read it after).  Those few reads are all the init reads or writes,
 * and the shared block counts them for the lab to take off: its
 * /proc/PID/io is the program's, as the child's was without the init. */
static pid_t g_program;

static void pass_on(int sig)
{
	if (g_program > 0)
		kill(g_program, sig);
}

/* A read by the init, counted in the shared block (its /proc/PID/io
 * holds the program's counts, and the lab takes the init's own off). */
static ssize_t init_pread(struct wl_shared *sh, int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);
	sh->init_syscr++;
	if (n > 0)
		sh->init_rchar += n;
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/* The init's one child's /proc/PID/schedstat, by the pid the lab's /proc
 * knows it by (the init's own view of pids is its namespace's).  -1 when
 * the kernel lists no children (CONFIG_PROC_CHILDREN). */
static int program_sched_open(struct wl_shared *sh)
{
	char buf[64];
	int fd = open("/proc/thread-self/children", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	init_pread(sh, fd, buf, sizeof buf);
	close(fd);
	long pid = strtol(buf, NULL, 10);
	return pid > 0 ? measure_sched_open((pid_t)pid) : -1;
}

static void program_sched_read(struct wl_shared *sh, int fd, struct measure_sched *out)
{
	char buf[128];
	out->on_cpu_ns = out->run_delay_ns = -1;
	if (fd >= 0 && init_pread(sh, fd, buf, sizeof buf) > 0)
		measure_sched_parse(buf, out);
}

/* Waits for the program's exit, reads its run-queue time while it is a
 * zombie, then reaps it.  Its wait status, or -1. */
static int reap_program(pid_t pid, int schedfd, struct wl_shared *sh)
{
	siginfo_t info;
	int status;
	while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0)
		if (errno != EINTR)
			break;
	program_sched_read(sh, schedfd, &sh->inner_sched_end);
	struct rusage ru;
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	sh->inner_cpu_seconds = measure_timeval(&ru.ru_utime) + measure_timeval(&ru.ru_stime);
	return status;
}

static void __attribute__((noreturn)) namespace_init(struct trial *t, struct wl_shared *sh)
{
	static const int passed[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);       /* leads its group, as a program without the init did */
		wl_run_exec_command(t->argv, t->path, t->spec.redirect, t->errfd, sh, 0);
		_exit(127);
	}
	setpgid(pid, pid);           /* whichever runs first */
	if (pid < 0) {
		sh->err = errno;
		sh->failed = 1;
		snprintf(sh->failed_call, sizeof sh->failed_call, "fork");
		snprintf(sh->error, sizeof sh->error, "cannot run '%s': fork: %s", t->argv[0],
		         strerror(errno));
		_exit(126);
	}
	g_program = pid;
	int schedfd = program_sched_open(sh);
	program_sched_read(sh, schedfd, &sh->inner_sched_go);
	atomic_store_explicit(&sh->inner_forked, 1, memory_order_release);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = pass_on;
	for (size_t i = 0; i < sizeof passed / sizeof *passed; i++)
		sigaction(passed[i], &sa, NULL);
	int status = reap_program(pid, schedfd, sh);
	if (status < 0)
		_exit(126);
	sh->inner_status = status;
	atomic_store_explicit(&sh->inner_done, 1, memory_order_release);
	_exit(0);
}

static void __attribute__((noreturn))
child_main(struct trial *t, struct wl_shared *sh, pid_t parent, int perf, int alive_rfd)
{
	sigset_t none;
	child_signals(t->command);
	/* Out of the terminal's process group: Ctrl-C, Ctrl-Z, Ctrl-\ reach
	 * only the lab, which stops or kills the child itself (guard). */
	setpgid(0, 0);
	/* Never outlive the lab; and if it already died, stop here.  In a PID
	 * namespace of its own, the child's death kills every process in it:
	 * nothing the command starts outlives the lab, however it dies. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (alive_rfd >= 0 ? lab_gone(alive_rfd) : getppid() != parent)
		_exit(126);             /* nothing ran: no counts to write */
	/* Until the parent holds our /proc/PID/io open (see the top). */
	while (!atomic_load_explicit(&sh->go, memory_order_acquire))
		syscall(SYS_futex, (void *)&sh->go, FUTEX_WAIT, 0, NULL, NULL, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (t->command) {
		reaper_mark_child(sh->trial_pid);    /* its descendants are this trial's */
		if (alive_rfd >= 0)
			namespace_init(t, sh);
		wl_run_exec_command(t->argv, t->path, t->spec.redirect, perf ? -1 : t->errfd, sh, perf);
		coverage_write_counts();        /* the command did not start */
		_exit(127);
	}
	int rc = wl_run(&t->spec, t->path, sh, perf) == 0 ? 0 : 1;
	coverage_write_counts();                /* after the measured run */
	_exit(rc);
}

static int open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	errno = ENOSYS;
	return -1;
#endif
}

/* Can a command's child be the first process of a PID namespace of its
 * own?  -1 not tried yet, 0 no (g_isolation_note says why), 1 yes. */
static int g_pidns = -1;
static char g_isolation_note[256];

/* The child as the first process of a new PID namespace (and, unless the
 * lab runs as root, of a user namespace mapping only the lab's ids, which
 * unprivileged namespaces need): when it dies, by the parent-death signal
 * or at its end, the kernel kills everything in the namespace, setsid'd
 * and background processes too.  Returns as fork() does; -1 with errno
 * when the kernel refuses the namespaces. */
static pid_t fork_isolated(void)
{
	unsigned long flags = CLONE_NEWPID | SIGCHLD;
	if (geteuid() != 0)
		flags |= CLONE_NEWUSER;
	return (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
}

static int write_proc(pid_t pid, const char *name, const char *text)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* The child's user namespace maps the lab's own uid and gid, nothing
 * else: its files are the user's.  Written by the lab, so they are not in
 * the child's counts.  0, or -1 (the child cannot run as the user). */
static int map_ids(pid_t pid)
{
	char map[64];
	if (geteuid() == 0)
		return 0;                /* no user namespace: root's own */
	if (write_proc(pid, "setgroups", "deny") != 0 && errno != ENOENT)
		return -1;
	snprintf(map, sizeof map, "%u %u 1", (unsigned)geteuid(), (unsigned)geteuid());
	if (write_proc(pid, "uid_map", map) != 0)
		return -1;
	snprintf(map, sizeof map, "%u %u 1", (unsigned)getegid(), (unsigned)getegid());
	return write_proc(pid, "gid_map", map);
}

const char *trial_isolation_note(void)
{
	return g_pidns == 0 ? g_isolation_note : NULL;
}

/* The scratch device's counters now, every one -1 when it has none. */
static void read_device(const struct trial *t, struct device_stat *out)
{
	if (t->scratch && t->scratch->has_device)
		device_stat_read(DEVICE_SYSFS, t->scratch->device.name, out);
	else
		device_stat_clear(out);
}

/* Fork with every signal blocked, so no handler of ours runs in the child
 * and the child pid is published before a handler could need it.  A
 * command's timed trial is isolated in a PID namespace where the kernel
 * allows one (the perf pass is not: its child stops itself, which the
 * first process of a namespace cannot).  0, -1 (fork failed: errno), or
 * -2 when MAX_CHILDREN already run. */
static int spawn(struct trial *t, struct wl_shared *sh, int perf)
{
	sigset_t all, old;
	int alive[2] = {-1, -1};
	int isolate = t->command && !perf && g_pidns != 0 && pipe2(alive, O_CLOEXEC) == 0;
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	int slot = free_slot();
	if (slot < 0) {                 /* more at once than the handlers track */
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (isolate) {
			close(alive[0]);
			close(alive[1]);
		}
		return -2;
	}
	pid_t parent = getpid();
	sh->inner_sched_go = sh->inner_sched_end = (struct measure_sched){-1, -1};
	sh->inner_cpu_seconds = -1;
	sh->init_rchar = sh->init_syscr = 0;
	t->fork_time = measure_now();
	pid_t pid = -1;
	if (isolate) {
		pid = fork_isolated();
		if (pid < 0) {
			snprintf(g_isolation_note, sizeof g_isolation_note,
			         "a command's leftover processes are killed at the end of each trial, but "
			         "not if iolab itself is killed: the kernel refuses a PID namespace (%s%s)",
			         strerror(errno), geteuid() ? "; are unprivileged user namespaces "
			         "disabled?" : "");
			g_pidns = 0;
			close(alive[0]);
			close(alive[1]);
			isolate = 0;
			alive[0] = alive[1] = -1;
			t->fork_time = measure_now();
		}
	}
	if (!isolate)
		pid = fork();
	if (pid == 0) {
		if (isolate)
			close(alive[1]);
		child_main(t, sh, parent, perf, isolate ? alive[0] : -1);
	}
	int err = errno;
	if (pid > 0) {
		setpgid(pid, pid);      /* as the child does: whichever runs first */
		g_child_group[slot] = t->command;
		g_child[slot] = pid;
		t->slot = slot;
		reaper_track(pid);
		t->iofd = measure_io_open(pid);
		t->in_ns = isolate;
		if (isolate) {
			close(alive[0]);
			t->alive_fd = alive[1];
			if (map_ids(pid) != 0) {
				snprintf(g_isolation_note, sizeof g_isolation_note,
				         "a command's leftover processes are killed at the end of each "
				         "trial, but not if iolab itself is killed: cannot map the user's ids "
				         "into a PID namespace (%s)", strerror(errno));
				g_pidns = 0;
				kill(pid, SIGKILL);     /* never run a program as nobody */
			} else {
				g_pidns = 1;
			}
		}
		sh->trial_pid = (int)pid;
		/* a namespace's init is not the program: its scheduler counts
		 * are not the trial's, and the init reads the program's itself
		 * (namespace_init) */
		t->schedfd = isolate ? -1 : measure_sched_open(pid);
		measure_sched_read_fd(t->schedfd, &t->sched_go);
		read_device(t, &t->dev_go);
		atomic_store_explicit(&sh->go, 1, memory_order_release);
		syscall(SYS_futex, (void *)&sh->go, FUTEX_WAKE, 1, NULL, NULL, 0);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid < 0) {
		errno = err;
		return -1;
	}
	t->pid = pid;
	t->exited = t->reaped_elsewhere = t->term_sent = t->killed_by_us = 0;
	t->stops = t->stops_timed = 0;
	t->stop_began = t->stopped_seconds = 0;
	memset(&t->info, 0, sizeof t->info);
	t->pidfd = open_pidfd(pid);
	return 0;
}

static void forget_child(struct trial *t)
{
	unregister(t);
	if (t->alive_fd >= 0)
		close(t->alive_fd);
	t->alive_fd = -1;
	if (t->program_iofd >= 0)
		close(t->program_iofd);
	t->program_iofd = -1;
	if (t->pidfd >= 0)
		close(t->pidfd);
	t->pidfd = -1;
	if (t->iofd >= 0)
		close(t->iofd);
	if (t->schedfd >= 0)
		close(t->schedfd);
	t->iofd = t->schedfd = -1;
}

/* While a namespace's program runs, its counts are its own /proc/PID/io
 * (the init's hold them only once it reaped the program).  Its pid as the
 * lab sees it is the init's one child.  0, or -1 (read the init's). */
static int program_io(struct trial *t, struct measure_io *io)
{
	if (!t->in_ns || atomic_load_explicit(&t->sh->inner_done, memory_order_acquire) ||
	    !atomic_load_explicit(&t->sh->inner_forked, memory_order_acquire))
		return -1;
	if (t->program_iofd < 0) {
		char path[80], buf[64];
		snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)t->pid, (int)t->pid);
		FILE *f = fopen(path, "re");
		long pid = 0;
		if (f) {
			if (fgets(buf, sizeof buf, f))
				pid = strtol(buf, NULL, 10);
			fclose(f);
		}
		if (pid <= 0 || (t->program_iofd = measure_io_open((pid_t)pid)) < 0)
			return -1;
	}
	return measure_io_read_fd(t->program_iofd, io);
}

/* The child's /proc/PID/io: through the descriptor opened while it lived. */
static void read_io(const struct trial *t, struct measure_io *io)
{
	if (t->iofd < 0 || measure_io_read_fd(t->iofd, io) != 0)
		measure_io_read(t->pid, io);
	if (t->in_ns && io->rchar >= 0)
		io->rchar -= t->sh->init_rchar;
	if (t->in_ns && io->syscr >= 0)
		io->syscr -= t->sh->init_syscr;
}

/* --- starting ------------------------------------------------------------- */


/* The written file, created (O_EXCL) for the child to open: empty, or
 * for `file: existing` already of the lesson's size, filled and synced.
 * Untimed: the child does not exist yet (or, for the counting pass, has
 * not started its loop). */
static int create_output(struct trial *t, char *msg, size_t len)
{
	if (t->spec.file == WL_FILE_EXISTING) {
		if (scratch_prefilled_file(t->scratch, t->spec.size, t->path, sizeof t->path,
		                           msg, len) != 0)
			return -1;
	} else {
		int fd = scratch_create(t->scratch, "out", t->path, sizeof t->path);
		if (fd < 0)
			return errmsg(msg, len, "cannot create a file in %s: %s", t->scratch->dir,
			              strerror(errno));
		close(fd);
	}
	t->path_is_output = 1;        /* ours now: removed after the trial */
	return 0;
}

/* The fraction of the trial's file in the page cache now; -1 when it
 * cannot be told. */
static double resident_now(const struct trial *t)
{
	struct measure_pages p;
	measure_pages_path(t->path, &p);
	return p.fraction;
}

/* A cold trial that would start warm is no cold trial: evicted, the file
 * must be (nearly) out of the page cache, or the trial does not run. */
static int make_cold(struct trial *t, char *msg, size_t len)
{
	const struct scratch *s = t->scratch;
	char why[128];
	if (measure_evict_path(t->path) != 0)
		return errmsg(msg, len, "cannot evict %s from the page cache: %s", t->path, strerror(errno));
	t->resident_before = resident_now(t);
	if (t->resident_before <= WL_COLD_MAX_RESIDENT)
		return 0;
	if (s->on_tmpfs)
		snprintf(why, sizeof why, "this filesystem (%.32s) cannot drop its page cache; "
		         "use --dir on a disk filesystem", s->fstype);
	else
		snprintf(why, sizeof why, "the kernel kept its pages on this filesystem (%.32s); "
		         "is another process using the file?", s->fstype);
	return errmsg(msg, len, "cold cache: %.0f%% of the file is still in the page cache after "
	            "eviction (%s)", t->resident_before * 100, why);
}

/* A warm trial starts with the whole file cached (a cold trial or memory
 * pressure before may have left part of it out): read once, untimed. */
static void make_warm(struct trial *t)
{
	t->resident_before = resident_now(t);
	if (t->resident_before >= WARM_MIN_RESIDENT)
		return;
	measure_warm_path(t->path);
	t->resident_before = resident_now(t);
}

/* A write's file: a new one has nothing in the cache; an existing one is
 * as its fill left it, or evicted for a cold trial. */
static int prepare_output(struct trial *t, char *msg, size_t len)
{
	if (t->spec.file != WL_FILE_EXISTING &&
	    scratch_check_space(t->scratch, t->spec.size, msg, len) != 0)
		return -1;
	if (create_output(t, msg, len) != 0)
		return -1;
	if (t->spec.file != WL_FILE_EXISTING) {
		t->resident_before = 0.0;
		return 0;
	}
	if (t->spec.cache == WL_CACHE_COLD)
		return make_cold(t, msg, len);
	t->resident_before = resident_now(t);
	return 0;
}

static int prepare_input(struct trial *t, char *msg, size_t len)
{
	if (scratch_data_file(t->scratch, t->spec.size, t->path, sizeof t->path, msg, len) != 0)
		return -1;
	if (t->spec.cache == WL_CACHE_COLD)
		return make_cold(t, msg, len);
	/* a command given another op may not read the file at all */
	if (!t->command || t->spec.op == WL_OP_READ)
		make_warm(t);
	else
		t->resident_before = resident_now(t);
	return 0;
}

/* {file} in the room: a hard link to the trial's file, so the program
 * reads or writes the very inode the engine measures, and whatever it
 * makes beside it ("$1.extra", "$1.d") is in the room, removed whole. */
static int link_room_file(struct trial *t)
{
	const char *base = strrchr(t->path, '/');
	base = base ? base + 1 : t->path;
	if ((size_t)snprintf(t->roomfile, sizeof t->roomfile, "%s/%s", t->room, base) >=
	    sizeof t->roomfile) {
		errno = ENAMETOOLONG;
		return -1;
	}
	unlink(t->roomfile);          /* the counting pass links its new file */
	return link(t->path, t->roomfile);
}

/* Is {file} in the room still the trial's file?  A program that replaced
 * it (mv tmp "$1") wrote what the engine does not measure. */
static void room_file_intact(const struct trial *t, char *msg, size_t len)
{
	struct stat a, b;
	if (!t->roomfile[0] || msg[0])
		return;
	if (lstat(t->roomfile, &a) != 0 || stat(t->path, &b) != 0 || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev)
		errmsg(msg, len, "the trial's file %s was removed or replaced by the program; nothing "
		       "measured on it is kept", t->roomfile);
}

static int prepare_command(struct trial *t, char *msg, size_t len)
{
	if (scratch_room(t->scratch, t->room, sizeof t->room) != 0) {
		t->room[0] = '\0';
		return errmsg(msg, len, "cannot make the program's directory in %s: %s",
		              t->scratch->dir, strerror(errno));
	}
	if (link_room_file(t) != 0)
		return errmsg(msg, len, "cannot link the data file into %s: %s", t->room,
		              strerror(errno));
	t->argv = wl_run_command_argv(&t->spec, t->roomfile);
	if (!t->argv)
		return errmsg(msg, len, "out of memory");
	t->errfd = scratch_create(t->scratch, "err", t->errpath, sizeof t->errpath);
	if (t->errfd < 0) {
		t->errpath[0] = '\0';     /* not ours: never removed */
		return errmsg(msg, len, "cannot create a file in %s: %s", t->scratch->dir, strerror(errno));
	}
	return 0;
}

static struct wl_shared *map_shared(void)
{
	void *p = mmap(NULL, sizeof(struct wl_shared), PROT_READ | PROT_WRITE,
	               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;      /* zero-filled */
}

static void trial_free(struct trial *t)
{
	if (t->errfd >= 0)
		close(t->errfd);
	if (t->path_is_output && t->path[0])
		scratch_remove(t->scratch, t->path);
	if (t->errpath[0])
		scratch_remove(t->scratch, t->errpath);
	if (t->room[0])
		scratch_remove(t->scratch, t->room);     /* whole, with what the program made */
	if (t->sh)
		munmap(t->sh, sizeof *t->sh);
	wl_run_command_free(t->argv);
	wl_spec_free(&t->spec);
	free(t);
}

/* With SIGCHLD ignored the kernel reaps children at once, and the final
 * /proc/CHILD/io and rusage would be lost: the engine needs the default. */
static void keep_zombies(void)
{
	struct sigaction sa;
	if (sigaction(SIGCHLD, NULL, &sa) == 0 &&
	    (sa.sa_handler == SIG_IGN || (sa.sa_flags & SA_NOCLDWAIT))) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = SIG_DFL;
		sigaction(SIGCHLD, &sa, NULL);
	}
}

static void reap(struct trial *t, struct measure_io *io, struct rusage *ru, int *have_ru);

/* What a read command reads to start, which is not the data file's: exec
 * reads the program's headers, the loader those of its libraries, all
 * counted in the kernel's rchar with the reads of the file.  The same
 * argv (and redirect) run once on an empty file, before the trial, reads
 * all of that and nothing of the file: its rchar is taken off the trial's
 * (command_bytes).  Bounded by PROBE_LIMIT; whatever it did (exited
 * non-zero, killed at its limit), what it read is the start-up. */
static int64_t probe_startup(const struct trial *t)
{
	struct trial *p = calloc(1, sizeof *p);
	int64_t rchar = 0;
	if (!p)
		return 0;
	p->scratch = t->scratch;
	p->command = 1;
	p->errfd = p->pidfd = p->iofd = p->slot = p->alive_fd = p->program_iofd = -1;
	int fd = wl_spec_copy(&p->spec, &t->spec) == 0
	         ? scratch_create(t->scratch, "empty", p->path, sizeof p->path) : -1;
	if (fd >= 0) {
		close(fd);
		p->path_is_output = 1;        /* ours: removed with the probe */
		if (p->spec.time_limit > PROBE_LIMIT)
			p->spec.time_limit = PROBE_LIMIT;
		/* in a room of its own, as the trial's program is: what it makes
		 * beside {file} goes with the probe */
		if (scratch_room(p->scratch, p->room, sizeof p->room) != 0)
			p->room[0] = '\0';
		else if (link_room_file(p) == 0)
			p->argv = wl_run_command_argv(&p->spec, p->roomfile);
		p->sh = p->argv ? map_shared() : NULL;
	}
	if (p->sh && spawn(p, p->sh, 0) == 0) {
		struct measure_io io;
		struct rusage ru;
		int have_ru;
		reap(p, &io, &ru, &have_ru);
		if (!p->sh->failed && io.rchar > 0)
			rchar = io.rchar;
	}
	trial_free(p);
	return rchar;
}

struct trial *trial_start(const struct wl_spec *spec, struct scratch *s,
                          char *msg, size_t msglen)
{
	if (wl_spec_check(spec, msg, msglen) != 0)
		return NULL;
	struct trial *t = calloc(1, sizeof *t);
	if (!t || wl_spec_copy(&t->spec, spec) != 0) {
		free(t);
		errmsg(msg, msglen, "out of memory");
		return NULL;
	}
	t->scratch = s;
	t->errfd = t->pidfd = t->iofd = t->schedfd = t->slot = t->alive_fd = t->program_iofd = -1;
	keep_zombies();
	t->command = wl_kind_of(spec)->command;
	t->interrupts_at_start = g_interrupts;
	int rc = spec->op == WL_OP_WRITE ? prepare_output(t, msg, msglen)
	                                 : prepare_input(t, msg, msglen);
	if (rc == 0 && t->command)
		rc = prepare_command(t, msg, msglen);
	if (rc == 0 && t->command && spec->op == WL_OP_READ)
		t->startup_rchar = probe_startup(t);
	if (rc == 0 && !(t->sh = map_shared()))
		rc = errmsg(msg, msglen, "cannot map shared memory: %s", strerror(errno));
	int spawned = rc == 0 ? spawn(t, t->sh, 0) : 0;
	if (spawned == -2)
		rc = errmsg(msg, msglen, "cannot start the workload process: %d already run, "
		            "the most the lab watches at once", MAX_CHILDREN);
	else if (spawned != 0)
		rc = errmsg(msg, msglen, "cannot start the workload process: fork: %s", strerror(errno));
	if (rc != 0) {
		trial_free(t);
		return NULL;
	}
	return t;
}

/* --- watching ------------------------------------------------------------- */

pid_t trial_pid(const struct trial *t)
{
	return t->pid;
}

/* SIGTERM to a command's group: the program, or the namespace's init,
 * which passes it on to the program. */
static void term_group(const struct trial *t)
{
	kill(-t->pid, SIGTERM);
}

/* A command past its time limit gets SIGTERM, and SIGKILL TERM_GRACE
 * later; our own loop stops itself and is killed only when it overran its
 * limit by OWN_GRACE.  Returns when to look again. */
static double enforce_limit(struct trial *t, double now)
{
	const double limit = t->fork_time + t->spec.time_limit;
	if (t->command) {
		if (!t->term_sent && now >= limit) {
			t->term_sent = t->killed_by_us = 1;
			t->term_time = now;
			term_group(t);
		}
		if (t->term_sent && now >= t->term_time + TERM_GRACE)
			kill(-t->pid, SIGKILL);
		return t->term_sent ? t->term_time + TERM_GRACE : limit;
	}
	if (now >= limit + OWN_GRACE) {
		t->killed_by_us = 1;
		kill(t->pid, SIGKILL);
	}
	return limit + OWN_GRACE;
}

/* A child stopped by a signal (kill -STOP, a SIGTSTP sent to it) keeps
 * its clock running while its work does not: the time it spent stopped
 * is noted as the parent polls, from the stop and continue reports
 * (consumed here; they are not the exit, which stays for the reap).  A
 * stop continued between two looks is reported as continued only: it
 * counts, for less time than there was between them. */
static void watch_stops(struct trial *t, double now)
{
	for (;;) {
		siginfo_t info;
		memset(&info, 0, sizeof info);
		if (waitid(P_PID, (id_t)t->pid, &info, WSTOPPED | WCONTINUED | WNOHANG) != 0 ||
		    info.si_pid != t->pid)
			return;
		if (info.si_code == CLD_STOPPED) {
			t->stops++;
			if (t->stop_began == 0) {
				t->stop_began = now;
				t->stops_timed++;
			}
		} else if (info.si_code == CLD_CONTINUED) {
			if (t->stop_began == 0)
				t->stops++;
			else
				t->stopped_seconds += now - t->stop_began;
			t->stop_began = 0;
		}
	}
}

/* The namespace's init ended: the trial's outcome is its program's (the
 * init's own, when the lab killed it first). */
static void program_status(struct trial *t)
{
	if (!atomic_load_explicit(&t->sh->inner_done, memory_order_acquire))
		return;
	int st = t->sh->inner_status;
	if (WIFEXITED(st)) {
		t->info.si_code = CLD_EXITED;
		t->info.si_status = WEXITSTATUS(st);
	} else if (WIFSIGNALED(st)) {
		t->info.si_code = WCOREDUMP(st) ? CLD_DUMPED : CLD_KILLED;
		t->info.si_status = WTERMSIG(st);
	}
}

int trial_done(struct trial *t)
{
	if (t->exited)
		return 1;
	siginfo_t info;
	memset(&info, 0, sizeof info);
	if (waitid(P_PID, (id_t)t->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
		if (errno != ECHILD)
			return 0;
		t->reaped_elsewhere = 1;    /* trial_kill_all reaped it */
	} else if (info.si_pid != t->pid) {
		/* Still running: whoever polls (the TUI, batch) has the limit
		 * enforced as it goes, not only once trial_finish() waits. */
		double now = measure_now();
		watch_stops(t, now);
		enforce_limit(t, now);
		return 0;
	}
	t->info = info;
	t->exited = 1;
	t->exit_time = measure_now();
	if (t->in_ns)
		program_status(t);
	return 1;
}

void trial_stop(struct trial *t)
{
	if (t->exited)
		return;
	if (t->command) {
		t->killed_by_us = t->term_sent = 1;
		t->term_time = measure_now();
		term_group(t);
	} else {
		atomic_store_explicit(&t->sh->stop, 1, memory_order_relaxed);
	}
}

/* Bytes a command moved so far, as the kernel saw them (doc/batch-output.md,
 * "bytes"): a write's is the written file's size; a read's is what its
 * read-family calls returned (rchar) less its start-up reads
 * (probe_startup), at most the file's size. */
static uint64_t command_bytes(const struct trial *t, const struct measure_io *io)
{
	if (t->spec.op == WL_OP_WRITE) {
		struct stat st;
		return stat(t->path, &st) == 0 ? (uint64_t)st.st_size : 0;
	}
	if (io->rchar <= t->startup_rchar)
		return 0;
	uint64_t read = (uint64_t)(io->rchar - t->startup_rchar);
	return read < t->spec.size ? read : t->spec.size;
}

static enum trial_state sample_state(struct trial *t, int phase)
{
	int exited = trial_done(t);
	if (t->command) {
		if (!exited)
			return TRIAL_RUNNING;
		if (t->killed_by_us || (t->info.si_code == CLD_EXITED && t->info.si_status == 0))
			return TRIAL_DONE;
		return TRIAL_FAILED;
	}
	if (phase == WL_PHASE_DONE)
		return t->sh->failed ? TRIAL_FAILED : TRIAL_DONE;
	if (exited)
		return TRIAL_FAILED;    /* gone without reporting: killed */
	return phase == WL_PHASE_RUNNING ? TRIAL_RUNNING : TRIAL_SETUP;
}

/* The live split and the device's requests so far (the parent's reads,
 * never the child's). */
static void sample_time(const struct trial *t, struct trial_sample *out)
{
	struct measure_sched now;
	struct device_stat dev;
	out->cpu_wait = -1;
	if (t->exited || measure_stat_cpu_read(t->pid, &out->cpu_user, &out->cpu_system) != 0)
		out->cpu_user = out->cpu_system = -1;
	if (!t->exited && measure_sched_read_fd(t->schedfd, &now) == 0 &&
	    t->sched_go.run_delay_ns >= 0 && now.run_delay_ns >= t->sched_go.run_delay_ns)
		out->cpu_wait = (double)(now.run_delay_ns - t->sched_go.run_delay_ns) * 1e-9;
	read_device(t, &dev);
	device_stat_delta(&t->dev_go, &dev, &out->device);
}

void trial_sample(struct trial *t, struct trial_sample *out)
{
	struct measure_io io;
	int phase = atomic_load_explicit(&t->sh->phase, memory_order_acquire);
	memset(out, 0, sizeof *out);
	out->state = sample_state(t, phase);
	if (program_io(t, &io) != 0)
		read_io(t, &io);
	out->syscr = io.syscr;
	out->syscw = io.syscw;
	out->read_bytes = io.read_bytes;
	out->write_bytes = io.write_bytes;
	if (t->command) {
		out->bytes = command_bytes(t, &io);
		out->elapsed = (t->exited ? t->exit_time : measure_now()) - t->fork_time;
	} else {
		int64_t start = atomic_load_explicit(&t->sh->start_ns, memory_order_relaxed);
		int64_t untimed = atomic_load_explicit(&t->sh->untimed_ns, memory_order_relaxed);
		out->bytes = atomic_load_explicit(&t->sh->bytes, memory_order_relaxed);
		out->calls = atomic_load_explicit(&t->sh->calls, memory_order_relaxed);
		for (int k = 0; k < CALL_KINDS; k++)
			out->calls_by_kind[k] = atomic_load_explicit(&t->sh->calls_now[k],
			                                             memory_order_relaxed);
		if (phase == WL_PHASE_DONE)
			out->elapsed = t->sh->seconds;
		else if (phase == WL_PHASE_RUNNING && start)    /* evictions are not timed */
			out->elapsed = measure_now() - (double)(start + untimed) * 1e-9;
	}
	sample_time(t, out);
	if (out->elapsed > 0)
		out->rate_avg = (double)out->bytes / out->elapsed;
	double dt = out->elapsed - t->prev_elapsed;
	out->rate_now = dt > 0 && t->prev_elapsed > 0
	                ? (double)(out->bytes - t->prev_bytes) / dt : out->rate_avg;
	t->prev_elapsed = out->elapsed;
	t->prev_bytes = out->bytes;
}

/* Sleep until the child exits or `until` (pidfd poll when available). */
static void wait_a_little(struct trial *t, double until)
{
	double left = until - measure_now();
	int ms = left <= 0 ? 0 : left > 0.1 ? 100 : (int)(left * 1000) + 1;
	if (t->pidfd >= 0) {
		struct pollfd p = {.fd = t->pidfd, .events = POLLIN};
		poll(&p, 1, ms);
	} else {
		struct timespec ts = {0, (ms < 2 ? ms : 2) * 1000000L};
		nanosleep(&ts, NULL);
	}
}

/* Until the child exits, the time limit enforced (enforce_limit). */
static void wait_exit(struct trial *t)
{
	while (!trial_done(t))
		wait_a_little(t, enforce_limit(t, measure_now()));
}

/* --- collecting ----------------------------------------------------------- */

/* Nothing measured: the field table's members at their own "not
 * measured" value (trial.h), and the members no row shows. */
static void result_clear(struct trial_result *r)
{
	memset(r, 0, sizeof *r);
	trial_fields_clear(r);
	for (int k = 0; k < SYS_KINDS; k++)
		r->sys[k] = -1;
	r->syscr = r->syscw = -1;
	r->cpu_seconds = -1;
	r->startup_read_bytes = -1;      /* no row of its own: report_startup_read_bytes */
}

static void set_io(struct trial_result *r, const struct measure_io *io)
{
	r->syscr = io->syscr;
	r->syscw = io->syscw;
	r->read_bytes = io->read_bytes;
	r->write_bytes = io->write_bytes;
	r->rchar = io->rchar;
	r->wchar = io->wchar;
	r->syscall_source = io->syscr >= 0 ? SYSCALL_SOURCE_PROCFS : SYSCALL_SOURCE_NONE;
}

static void set_rusage(struct trial_result *r, const struct rusage *ru)
{
	struct measure_rusage m;
	measure_rusage_convert(ru, &m);
	r->utime = m.utime;
	r->stime = m.stime;
	r->minflt = m.minflt;
	r->majflt = m.majflt;
	r->nvcsw = m.nvcsw;
	r->nivcsw = m.nivcsw;
}

static void signal_text(char *buf, size_t len, int sig)
{
	const char *abbrev = sigabbrev_np(sig);
	if (abbrev)
		snprintf(buf, len, "SIG%s (%s)", abbrev, strsignal(sig));
	else
		snprintf(buf, len, "%d", sig);
}

/* The last bytes a command wrote to stderr (up to STDERR_READ - 1 of
 * them), NUL-terminated in text: read once, for both texts below.  How
 * many, 0 when there are none or the file cannot be read. */
#define STDERR_READ 2048
static size_t stderr_read(const struct trial *t, char text[STDERR_READ])
{
	text[0] = '\0';
	int fd = open(t->errpath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	off_t size = lseek(fd, 0, SEEK_END);
	off_t from = size > STDERR_READ - 1 ? size - STDERR_READ + 1 : 0;
	ssize_t n = pread(fd, text, STDERR_READ - 1, from);
	close(fd);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	return (size_t)n;
}

/* The last non-empty line of the n bytes read (of their last 1023: an
 * error message quotes one line, not a screenful), or "". */
static void stderr_tail(const char *said, size_t n, char *buf, size_t len)
{
	char text[1024];
	buf[0] = '\0';
	if (n > sizeof text - 1) {
		said += n - (sizeof text - 1);
		n = sizeof text - 1;
	}
	memcpy(text, said, n);
	while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == ' '))
		n--;
	text[n] = '\0';
	char *line = strrchr(text, '\n');
	snprintf(buf, len, "%.160s", line ? line + 1 : text);
}

/* The last TRIAL_STDERR_LINES lines of the text read (blank lines
 * dropped), the oldest bytes cut when they do not fit.  Cuts text up. */
static void stderr_lines(char *text, char *buf, size_t len)
{
	char joined[STDERR_READ] = "";    /* no line kept: nothing is joined */
	buf[0] = '\0';
	char *keep[TRIAL_STDERR_LINES], *save = NULL;
	size_t nkeep = 0;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t l = strlen(line);
		while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t'))
			line[--l] = '\0';
		if (!l)
			continue;
		if (nkeep == TRIAL_STDERR_LINES) {
			memmove(keep, keep + 1, sizeof keep - sizeof *keep);
			nkeep--;
		}
		keep[nkeep++] = line;
	}
	size_t used = 0;                  /* joined holds at most text's bytes */
	for (size_t i = 0; i < nkeep; i++)
		used += (size_t)snprintf(joined + used, sizeof joined - used, "%s%s", i ? "\n" : "",
		                         keep[i]);
	const char *tail = used < len ? joined : joined + used - (len - 1);
	memcpy(buf, tail, strlen(tail) + 1);
}

/* What the child reported of its failure. */
static void copy_failure(struct trial_result *r, const struct wl_shared *sh)
{
	r->err = sh->err;
	snprintf(r->error, sizeof r->error, "%s", sh->error);
	snprintf(r->failed_call, sizeof r->failed_call, "%s", sh->failed_call);
}

/* The program as messages name it: its last path component, so that a
 * long path never pushes the message's advice out of its buffer. */
static const char *command_name(const struct trial *t)
{
	const char *path = t->spec.command[0];
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* A command that exited 0 having moved no byte of the data file measured
 * nothing: its rate would be 0, or a file size it never read.  Fails, and
 * says what the kernel saw and where the bytes may have gone instead. */
static void moved_nothing(const struct trial *t, struct trial_result *r,
                          const struct measure_io *io)
{
	const char *name = command_name(t);
	int wrote = t->spec.op == WL_OP_WRITE;
	const char *hint = t->spec.redirect != WL_REDIRECT_NONE ? ""
	                   : wrote ? "; if it writes its standard output, give redirect: stdout (--redirect stdout)"
	                   : "; if it reads its standard input, give redirect: stdin (--redirect stdin)";
	if (wrote)
		snprintf(r->error, sizeof r->error, "'%s' wrote nothing into the data file "
		         "(0 bytes at its exit)%s", name, hint);
	else
		snprintf(r->error, sizeof r->error, "'%s' read nothing of the data file: the kernel "
		         "counted %" PRId64 " bytes read, no more than its start-up reads "
		         "(%" PRId64 " on an empty file)%s", name, io->rchar < 0 ? 0 : io->rchar,
		         t->startup_rchar, hint);
}

static void collect_command(struct trial *t, struct trial_result *r, const struct measure_io *io)
{
	const char *name = command_name(t);
	const siginfo_t *in = &t->info;
	char sig[96], tail[192], said[STDERR_READ];
	size_t nsaid = stderr_read(t, said);
	r->seconds = t->exit_time - t->fork_time;
	r->bytes = command_bytes(t, io);
	r->startup_read_bytes = t->spec.op == WL_OP_READ ? t->startup_rchar : -1;
	stderr_tail(said, nsaid, tail, sizeof tail);    /* before stderr_lines cuts it up */
	stderr_lines(said, r->stderr_tail, sizeof r->stderr_tail);
	if (t->sh->failed) {                         /* exec failed */
		copy_failure(r, t->sh);
	} else if (t->reaped_elsewhere ||
	           (in->si_code != CLD_EXITED && g_interrupts != t->interrupts_at_start)) {
		snprintf(r->error, sizeof r->error, "interrupted");
	} else if (in->si_code == CLD_EXITED && in->si_status == 0) {
		r->passes = 1;
		if (r->bytes == 0)
			moved_nothing(t, r, io);
	} else if (in->si_code == CLD_EXITED && !(t->killed_by_us && t->term_sent)) {
		snprintf(r->error, sizeof r->error, "'%s' exited with status %d%s%s",
		         name, in->si_status, tail[0] ? ": " : "", tail);
	} else if (t->killed_by_us) {
		/* killed, or ended with a status once asked to stop (a program's
		 * own SIGTERM handler, or the namespace's init passing it on):
		 * either way the stop, not the program, ended it */
		r->stopped = 1;
		r->time_limited = t->term_sent && t->exit_time >= t->fork_time + t->spec.time_limit;
	} else {
		signal_text(sig, sizeof sig, in->si_status);
		snprintf(r->error, sizeof r->error, "'%s' was killed by signal %s", name, sig);
	}
}

static void collect_own(struct trial *t, struct trial_result *r)
{
	struct wl_shared *sh = t->sh;
	char sig[96];
	r->bytes = atomic_load_explicit(&sh->bytes, memory_order_relaxed);
	if (atomic_load_explicit(&sh->phase, memory_order_acquire) == WL_PHASE_DONE) {
		memcpy(r->calls, sh->calls_by_kind, sizeof r->calls);
		r->checksum = sh->checksum;
		r->passes = sh->passes;
		r->seconds = sh->seconds;
		r->cpu_seconds = sh->cpu_seconds;
		r->time_user = sh->cpu_user;
		r->time_system = sh->cpu_system;
		r->untimed_seconds = (double)atomic_load(&sh->untimed_ns) * 1e-9;
		r->evictions = sh->evictions;
		r->resident_evicted_max = sh->resident_evicted_max;
		r->resident_after_advice = sh->resident_after_advice;
		r->stopped = sh->stopped;
		r->time_limited = sh->time_limited;
		if (sh->failed) {
			copy_failure(r, sh);
			/* the child cannot name the filesystem that refused O_DIRECT */
			if (sh->err == EINVAL && strcmp(sh->failed_call, "open") == 0)
				wl_run_error_text(r->error, sizeof r->error, "open", EINVAL,
				              t->spec.open_flags, t->scratch->fstype);
		}
		return;
	}
	/* Gone without reporting. */
	int64_t start = atomic_load_explicit(&sh->start_ns, memory_order_relaxed);
	r->seconds = start ? t->exit_time - (double)start * 1e-9 : 0;
	r->stopped = 1;
	if (t->killed_by_us) {
		r->time_limited = 1;
		snprintf(r->error, sizeof r->error,
		         "the workload did not stop within %.0f s of its time limit and was killed", OWN_GRACE);
	} else if (t->reaped_elsewhere || g_interrupts != t->interrupts_at_start) {
		snprintf(r->error, sizeof r->error, "interrupted");
	} else if (t->info.si_code == CLD_EXITED) {
		snprintf(r->error, sizeof r->error,
		         "the workload process exited with status %d before reporting", t->info.si_status);
	} else {
		signal_text(sig, sizeof sig, t->info.si_status);
		snprintf(r->error, sizeof r->error, "the workload process was killed by signal %s", sig);
	}
}

/* A workload stopped while it ran measured its own stop: a trial that
 * would be ok fails, saying so (doc/batch-output.md); one that shows or
 * misses its expected error keeps its verdict, flagged. */
static void note_stops(struct trial *t, struct trial_result *r)
{
	if (t->stop_began) {              /* still stopped when it ended */
		t->stopped_seconds += t->exit_time - t->stop_began;
		t->stop_began = 0;
	}
	if (!t->stops)
		return;
	r->disturbed = 1;
	if (t->stops_timed)
		snprintf(r->disturbance, sizeof r->disturbance, "stopped for %.1f s by a signal",
		         t->stopped_seconds);
	else                              /* stopped and continued between two looks */
		snprintf(r->disturbance, sizeof r->disturbance, "stopped by a signal, briefly");
	if (!r->error[0] && !t->spec.expect_error)
		snprintf(r->error, sizeof r->error, "the workload process was %s, and its clock ran "
		         "on: its time and rate are not a measurement", r->disturbance);
}

/* The verdict, decided here once: did the run go as the lesson means?  No
 * error and none expected, or the error it exists to show. */
static enum trial_verdict verdict_of(const struct trial_result *r, int expect)
{
	if (r->error[0])
		return expect && r->err == expect ? VERDICT_EXPECTED_ERROR : VERDICT_FAILED;
	return expect ? VERDICT_MISSED_ERROR : VERDICT_OK;
}

static void judge(const struct trial *t, struct trial_result *r)
{
	int expect = t->spec.expect_error;
	r->verdict = verdict_of(r, expect);
	if (r->verdict == VERDICT_MISSED_ERROR) {
		/* doc/batch-output.md words it so */
		const char *name = wl_errno_name(expect);
		snprintf(r->error, sizeof r->error, "expected %s, but the workload succeeded",
		         name ? name : "an error");
	}
	r->ok = r->expected = trial_verdict_ok(r->verdict);
	r->rate = r->seconds > 0 ? (double)r->bytes / r->seconds : 0.0;
	r->log_rate = units_log_rate(r->rate);
	/* a command is timed from fork to exit, and all of its CPU is in it */
	if (t->command && r->utime >= 0 && r->stime >= 0)
		r->cpu_seconds = r->utime + r->stime;
	if (r->cpu_seconds >= 0 && r->seconds > 0)
		r->waited_seconds = r->seconds > r->cpu_seconds ? r->seconds - r->cpu_seconds : 0;
}

/* The CPU that a command's rusage counts beyond its own process's
 * (schedstat's time on a CPU): its children's and threads', whose waits
 * for a CPU the process's schedstat does not hold.  In a namespace, the
 * program's rusage as its init reaped it: the init's own CPU (the more
 * under valgrind) is not the program's children.  Some slack for the two
 * clocks' rounding. */
static int others_ran(const struct trial *t, const struct trial_result *r)
{
	double own = (double)(t->sched_end.on_cpu_ns - t->sched_go.on_cpu_ns) * 1e-9;
	double cpu = t->in_ns && t->sh->inner_cpu_seconds >= 0 ? t->sh->inner_cpu_seconds
	                                                       : r->utime + r->stime;
	return cpu > own * 1.05 + 0.005;
}

/* The split of the wall time (measure_time_split), and in words what
 * could not be measured. */
static void where_the_time_went(const struct trial *t, struct trial_result *r)
{
	double user = t->command ? r->utime : r->time_user;
	double system = t->command ? r->stime : r->time_system;
	double delay = -1;
	if (t->sched_go.run_delay_ns >= 0 && t->sched_end.on_cpu_ns > 0 &&
	    t->sched_end.run_delay_ns >= t->sched_go.run_delay_ns)
		delay = (double)(t->sched_end.run_delay_ns - t->sched_go.run_delay_ns) * 1e-9;
	if (delay < 0)
		snprintf(r->time_note, sizeof r->time_note,
		         "this kernel gives no run-queue time (/proc/PID/schedstat)");
	else if (t->command && others_ran(t, r)) {
		snprintf(r->time_note, sizeof r->time_note,
		         "the command ran other processes or threads, whose waits are not counted");
		delay = -1;
	}
	if (user < 0 || system < 0)
		snprintf(r->time_note, sizeof r->time_note, "the workload's CPU time was not measured");
	struct measure_time split;
	measure_time_split(r->seconds, user, system, delay, &split);
	r->time_user = split.user;
	r->time_system = split.system;
	r->cpu_wait = split.cpu_wait;
	r->blocked = split.blocked;
}

/* Wait for the exit, read /proc/PID/io before reaping, then reap. */
static void reap(struct trial *t, struct measure_io *io, struct rusage *ru, int *have_ru)
{
	wait_exit(t);
	measure_io_clear(io);
	*have_ru = 0;
	measure_sched_read_fd(-1, &t->sched_end);
	device_stat_clear(&t->dev_end);
	if (!t->reaped_elsewhere) {
		read_io(t, io);
		measure_sched_read_fd(t->schedfd, &t->sched_end);
		read_device(t, &t->dev_end);
		if (t->in_ns && atomic_load_explicit(&t->sh->inner_done, memory_order_acquire)) {
			t->sched_go = t->sh->inner_sched_go;
			t->sched_end = t->sh->inner_sched_end;
		}
		unregister(t);
		/* nothing it started outlives it (reaper.h): before the reap,
		 * while its group cannot be anyone else's */
		reaper_trial_end(t->pid);
		int status;
		while (wait4(t->pid, &status, 0, ru) < 0 && errno == EINTR)
			;
		*have_ru = 1;
	}
	forget_child(t);
}

/* --- the perf counting pass ----------------------------------------------- */

/* Blocking wait for the child to stop (1) or exit (0). */
static int wait_stop(pid_t pid)
{
	siginfo_t info;
	memset(&info, 0, sizeof info);
	while (waitid(P_PID, (id_t)pid, &info, WSTOPPED | WEXITED | WNOWAIT) != 0)
		if (errno != EINTR)
			return 0;
	if (info.si_code != CLD_STOPPED)
		return 0;
	/* Consume the stop (WNOWAIT left it), so the next wait sees the next
	 * one; WSTOPPED alone cannot reap. */
	while (waitid(P_PID, (id_t)pid, &info, WSTOPPED) != 0 && errno == EINTR)
		;
	return 1;
}

/* The workload again from where the trial started (its output file made
 * anew, a cold file evicted), repeating exactly its passes or bytes, with
 * the counters open around the loop.  0 with counts[] read (a tracepoint
 * that could not be opened is -1) and the child reaped, *io its
 * /proc/PID/io; -1 when it could not be started or the counters opened. */
static int run_counting_pass(struct trial *t, const struct trial_result *r,
                             int64_t counts[SYS_KINDS], struct measure_io *io)
{
	struct measure_perf perf;
	char why[256];
	for (int k = 0; k < SYS_KINDS; k++)
		counts[k] = -1;
	if (t->path_is_output) {
		scratch_remove(t->scratch, t->path);
		t->path_is_output = 0;
		if (create_output(t, why, sizeof why) != 0 || (t->command && link_room_file(t) != 0))
			return -1;
		if (t->spec.cache == WL_CACHE_COLD && t->spec.file == WL_FILE_EXISTING)
			measure_evict_path(t->path);
	} else if (t->spec.cache == WL_CACHE_COLD) {
		measure_evict_path(t->path);
	}
	memset(t->sh, 0, sizeof *t->sh);
	t->sh->exact_passes = r->passes;
	if (r->stopped)
		t->sh->exact_bytes = r->bytes;
	t->spec.time_limit *= PERF_SAFETY;
	if (spawn(t, t->sh, 1) != 0)
		return -1;
	int opened = -1;
	if (wait_stop(t->pid)) {
		opened = measure_perf_open(t->pid, &perf, why, sizeof why);
		kill(t->pid, SIGCONT);
		/* Ours stops again after its loop, counters or not. */
		if (!t->command && wait_stop(t->pid)) {
			if (opened == 0) {
				measure_perf_read(&perf, counts);
				/* the kill() that stopped it, and the evictions */
				int64_t extra = 1 + (int64_t)t->sh->extra_syscalls;
				if (counts[SYS_TOTAL] >= extra)
					counts[SYS_TOTAL] -= extra;
			}
			kill(t->pid, SIGCONT);
		}
	}
	struct rusage ru;
	int have_ru;
	reap(t, io, &ru, &have_ru);
	if (opened != 0)
		return -1;
	if (t->command)
		measure_perf_read(&perf, counts);
	measure_perf_close(&perf);
	return 0;
}

/* The counting pass's counts become the trial's when the pass did the
 * trial's work: ran to its end as the trial did (ours: the same passes
 * and evictions) and moved the same bytes. */
static void accept_counts(const struct trial *t, struct trial_result *r,
                          const int64_t counts[SYS_KINDS], const struct measure_io *io)
{
	int ok = t->command ? t->info.si_code == CLD_EXITED && t->info.si_status == 0
	                    : atomic_load(&t->sh->phase) == WL_PHASE_DONE && !t->sh->failed &&
	                      !t->sh->stopped && t->sh->passes == r->passes &&
	                      t->sh->evictions == r->evictions;
	if (!ok)
		return;
	r->perf_bytes = t->command ? command_bytes(t, io) : t->sh->bytes;
	if (r->perf_bytes != r->bytes)
		return;                 /* another run's counts: not these bytes' */
	/* a tracepoint that could not be opened stays -1, not procfs's count */
	memcpy(r->sys, counts, SYS_KINDS * sizeof *counts);
	r->syscall_source = SYSCALL_SOURCE_PERF;
}

/* The same workload again, counted by syscall tracepoints.  The child
 * stops itself right before its loop (and, ours, right after it), so the
 * counters see the loop and no setup: only the final kill(SIGSTOP) and the
 * evictions between cold passes (which the child counts) are in the total,
 * and taken off.  It repeats exactly the timed trial's passes (min_time
 * aside, a generous time limit), or, when a time limit or a stop cut the
 * trial short, exactly its bytes; counts of a pass that moved other bytes
 * than the trial are not kept: sys[] stays -1.  A command cut short cannot
 * be repeated so: its counts stay procfs's, and syscalls.source says so. */
static void perf_pass(struct trial *t, struct trial_result *r)
{
	int64_t counts[SYS_KINDS];
	struct measure_io io;
	/* a command cut short is no work that could be repeated exactly */
	if (!trial_perf_available(NULL, 0) || (r->stopped && t->command))
		return;
	if (run_counting_pass(t, r, counts, &io) == 0)
		accept_counts(t, r, counts, &io);
}

void trial_finish(struct trial *t, struct trial_result *out)
{
	struct measure_io io;
	struct rusage ru;
	int have_ru;
	result_clear(out);
	reap(t, &io, &ru, &have_ru);
	set_io(out, &io);
	if (have_ru)
		set_rusage(out, &ru);
	if (t->command)
		collect_command(t, out, &io);
	else
		collect_own(t, out);
	/* a file removed or replaced under the trial (by another run that
	 * took it for a dead run's, say): nothing measured on it holds */
	if (!out->error[0])
		scratch_file_intact(t->scratch, t->path, out->error, sizeof out->error);
	room_file_intact(t, out->error, sizeof out->error);
	note_stops(t, out);
	judge(t, out);
	where_the_time_went(t, out);
	device_stat_delta(&t->dev_go, &t->dev_end, &out->device);
	out->resident_before = t->resident_before;
	struct measure_pages pages;
	measure_pages_path(t->path, &pages);
	out->resident_after = pages.fraction;
	out->dirty_pages_after = pages.dirty;
	out->writeback_pages_after = pages.writeback;
	if (!t->command && t->spec.scenario != WL_SCENARIO_NONE && out->verdict == VERDICT_OK)
		wl_scenario_evidence_read(t->spec.scenario, t->path, &out->evidence);
	if (g_perf && out->verdict == VERDICT_OK && g_interrupts == t->interrupts_at_start)
		perf_pass(t, out);
	trial_free(t);
}

/* --- several trials ------------------------------------------------------- */

uint64_t trial_total_calls(const struct trial_result *r)
{
	uint64_t n = 0;
	for (int k = 0; k < CALL_KINDS; k++)
		n += r->calls[k];
	return n;
}

static double finite_or_zero(double v)
{
	return isfinite(v) ? v : 0;
}

/* The trials the figures come from: those that ran as meant (a failed
 * one's rate says nothing); only when none did, the failures themselves.
 * Fills index[] and returns how many. */
unsigned trial_pick(const struct trial_result *rs, unsigned n, unsigned *index)
{
	unsigned used = 0;
	for (unsigned i = 0; i < n; i++)
		if (trial_verdict_ok(rs[i].verdict))
			index[used++] = i;
	if (used == 0)
		for (unsigned i = 0; i < n; i++)
			index[used++] = i;
	return used;
}

int trial_summarize(const struct trial_result *rs, unsigned n, struct trial_summary *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return 0;
	unsigned *index = malloc(n * sizeof *index);
	double *rates = malloc(2 * (size_t)n * sizeof *rates);
	if (!index || !rates) {
		free(index);
		free(rates);
		return -1;
	}
	double *secs = rates + n;
	unsigned used = trial_pick(rs, n, index);
	out->trials = n;
	out->ok = 1;
	for (unsigned i = 0; i < n; i++)
		out->ok = out->ok && trial_verdict_ok(rs[i].verdict);
	for (unsigned i = 0; i < used; i++) {
		rates[i] = finite_or_zero(rs[index[i]].rate);
		secs[i] = finite_or_zero(rs[index[i]].seconds);
	}
	unsigned m = (unsigned)stats_median_index(rates, used);
	out->median_index = index[m];
	out->median = rs[out->median_index];
	out->rate_median = rates[m];
	out->rate_min = stats_min(rates, used);
	out->rate_max = stats_max(rates, used);
	out->seconds_median = secs[m];
	out->seconds_min = stats_min(secs, used);
	out->seconds_max = stats_max(secs, used);
	free(index);
	free(rates);
	return 0;
}
