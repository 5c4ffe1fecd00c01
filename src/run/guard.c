/* guard.c - every exit path leaves nothing behind.
 *
 * Handlers only do async-signal-safe things: record the signal, kill the
 * workload child (trial_interrupt_all / trial_kill_all), unlink the
 * registered files (scratch_remove_all), and for fatal signals call the
 * terminal-restore hook and re-raise with the default action so the exit
 * status and any core dump are the real ones.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "trial.h"
#include "guard.h"
#include "reaper.h"

static struct scratch *volatile g_scratch;
static void (*volatile g_restore)(void);
static volatile sig_atomic_t g_pending;
static volatile sig_atomic_t g_in_fatal;

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

/* A new guarded session: nothing is pending yet (the tests run several
 * sessions in one process). */
void guard_init(struct scratch *s)
{
	g_scratch = s;
	g_pending = 0;
	if (s)
		s->interrupted = guard_pending;   /* a long fill gives up on a signal */
}

void guard_set_terminal_restore(void (*restore)(void))
{
	g_restore = restore;
}

/* SIGINT, SIGTERM, SIGHUP, SIGQUIT: the main loop decides when to exit;
 * the child must not keep running meanwhile. */
static void on_stop(int sig)
{
	int saved = errno;
	if (!g_pending)
		g_pending = sig;
	trial_interrupt_all();
	errno = saved;
}

static void on_fatal(int sig)
{
	if (!g_in_fatal) {
		g_in_fatal = 1;
		void (*restore)(void) = g_restore;
		if (restore)
			restore();
		trial_kill_all();
		scratch_remove_all(g_scratch);
	}
	/* Default action, then let it happen: a fault re-executes and dies,
	 * a sent signal is delivered when the handler returns. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static int install(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigfillset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

int guard_install(void)
{
	/* A trial's orphans become ours, not init's, so that none outlives
	 * it (reaper.h); without it they would still go to init, as before. */
	reaper_enable();
	for (size_t i = 0; i < sizeof stop_signals / sizeof *stop_signals; i++)
		if (install(stop_signals[i], on_stop, SA_RESTART) != 0)
			return -1;
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		if (install(fatal_signals[i], on_fatal, 0) != 0)
			return -1;
	/* A closed pipe on stdout is an error return, not a death; so is a
	 * data file or report past the file size limit (ulimit -f): EFBIG. */
	if (install(SIGXFSZ, SIG_IGN, 0) != 0)
		return -1;
	return install(SIGPIPE, SIG_IGN, 0);
}

int guard_pending(void)
{
	return g_pending;
}

int guard_exit_status(int sig)
{
	return 128 + sig;
}

void guard_cleanup(void)
{
	void (*restore)(void) = g_restore;
	g_restore = NULL;
	if (restore)
		restore();
	trial_kill_all();
	reaper_sweep();           /* what the trials left: signal paths too */
	scratch_remove_all(g_scratch);
}
