/* guard.h - every exit path leaves nothing behind.
 *
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT are recorded and stop the workload
 * child at once (kill is async-signal-safe); the main loop sees
 * guard_pending(), cleans up and exits with guard_exit_status().  Fatal signals (SIGSEGV,
 * SIGBUS, SIGFPE, SIGILL, SIGABRT) restore the terminal, kill the child,
 * remove the data files and re-raise.
 */
#ifndef IOLAB_GUARD_H
#define IOLAB_GUARD_H

#include "scratch.h"

/* The scratch directory whose registered files are removed on every exit;
 * its data file fills stop when a signal is pending (s->interrupted). */
void guard_init(struct scratch *s);
/* Called (best effort) from fatal-signal handlers and at cleanup: the UI
 * restores the terminal here.  NULL clears it. */
void guard_set_terminal_restore(void (*restore)(void));
/* Installs the handlers.  0, or -1 with errno. */
int guard_install(void);
/* The terminating signal received so far (SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT), or 0. */
int guard_pending(void);
/* 128 + sig: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131 for
 * SIGQUIT. */
int guard_exit_status(int sig);
/* Kill the workload child, remove the data files.  Idempotent. */
void guard_cleanup(void);

#endif
