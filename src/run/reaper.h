/* reaper.h - no process a trial started outlives the trial.
 *
 * A command can leave processes behind that its process group does not
 * hold: `setsid sleep 300` forks a new session and exits at once, and the
 * lesson looked done while the sleep ran on, reparented to init.  So the
 * lab is a child subreaper (PR_SET_CHILD_SUBREAPER): every orphan among a
 * trial's descendants becomes the lab's own child instead of init's.  When
 * a trial's workload process has exited, its process group is killed, and
 * then every orphan that is the trial's, round after round (an orphan's
 * own children become orphans in their turn), and each is reaped.
 *
 * Whose an orphan is: two trials may run at once (a lecture compares
 * two), so the workload processes of running trials are tracked, and a
 * command runs with IOLAB_TRIAL=<its workload process's pid> in its
 * environment, which its descendants inherit.  An orphan marked with a
 * trial that still runs is that trial's; any other child of the lab that
 * started after the ended trial's workload process did is the ended
 * trial's (one that cleared its environment too).  The lab forks nothing
 * else, and a child older than the trial is never touched.
 *
 * Not async-signal-safe (it reads /proc): signal handlers kill the
 * workload process and its group (trial.h); the sweep runs after.
 */
#ifndef IOLAB_REAPER_H
#define IOLAB_REAPER_H

#include <sys/types.h>

/* The environment variable a command's processes carry. */
#define REAPER_ENV "IOLAB_TRIAL"

/* Make this process a child subreaper.  0, or -1 with errno (the lab
 * still runs: orphans then go to init, as before). */
int reaper_enable(void);
/* In the parent, right after forking a trial's workload process. */
void reaper_track(pid_t pid);
/* In a command's process, before exec: REAPER_ENV=<its pid as the lab
 * sees it> (self; 0: getpid(), when the process is in the lab's PID
 * namespace). */
void reaper_mark_child(pid_t self);
/* The trial's workload process `pid` has exited and is not reaped yet:
 * kill its process group, then kill and reap the trial's orphans (as
 * above); pid itself is left for its reaper and no longer tracked. */
void reaper_trial_end(pid_t pid);
/* At the end of a session: kill and reap the orphans of every trial that
 * is not running (all of them, once the trials are finished). */
void reaper_sweep(void);

#endif
