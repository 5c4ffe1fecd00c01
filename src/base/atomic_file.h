/* atomic_file.h - writing a whole file so a reader sees the old one or the
 * complete new one, never half; and never replacing what is not a file.
 *
 * Used by batch's --output (the saved progress used it too, before the lab
 * notebook took its place).  What is done depends on what the path is (one
 * rule, here; the stdout and stderr row is checked first, as it can also be
 * a regular file):
 *
 *   nothing there, or a regular file   a temporary file beside it (hidden,
 *                                      O_EXCL|O_NOFOLLOW), written, fsync'd,
 *                                      renamed over it, the directory fsync'd
 *   a symbolic link to a regular file  the same, beside and over the file the
 *                                      link points to: the link itself stays
 *   a FIFO or a character device       (a terminal, /dev/null, a named pipe)
 *   (with ATOMIC_FILE_DIRECT)          written in place: opened O_WRONLY,
 *                                      never created, never truncated,
 *                                      never renamed over
 *   this program's stdout or stderr    (/dev/stdout, a link to /proc/self/fd/1,
 *   (with ATOMIC_FILE_DIRECT)          the file stdout is redirected to)
 *                                      written through that stream
 *   a directory, a block device, a     refused with the reason
 *   socket, a link that leads nowhere
 *
 * Without ATOMIC_FILE_DIRECT a FIFO or device is refused too: only a
 * caller that writes a stream (a report) may send it to one.
 */
#ifndef IOLAB_ATOMIC_FILE_H
#define IOLAB_ATOMIC_FILE_H

#include <limits.h>
#include <stdio.h>
#include <sys/types.h>

#define ATOMIC_FILE_DIRECT 1u

struct atomic_file {
	FILE *f;                  /* write the contents here */
	int direct;               /* written in place: no temporary, no rename */
	int stdio_fd;             /* direct through this stream (1, 2), or -1 */
	int synced;
	char target[PATH_MAX];    /* what is written or replaced */
	char tmp[PATH_MAX];       /* the temporary beside target; "" when direct */
};

/* Before any work: can path be written as the rule says?  For a file,
 * creates and removes a temporary beside it; for a FIFO or device, checks
 * write permission without opening it (a reader would see end-of-file).
 * 0, or -1 with the reason in why. */
int atomic_file_check(const char *path, unsigned flags, char *why, size_t len);

/* Opens for writing: the temporary (created with `mode`, less the umask),
 * or the FIFO or device itself.  A FIFO with no reader yet is waited for,
 * polling `interrupted` (may be NULL) so a signal can end the wait.
 * 0, or -1 with the reason in why (nothing is left behind). */
int atomic_file_open(struct atomic_file *af, const char *path, unsigned flags, mode_t mode,
                     int (*interrupted)(void), char *why, size_t len);
/* Flushes, and fsyncs a temporary: the contents are on disk, nothing is
 * renamed yet.  0, or -1 with why. */
int atomic_file_sync(struct atomic_file *af, char *why, size_t len);
/* Syncs (if not yet), closes, renames the temporary over the target and
 * fsyncs the directory.  0, or -1 with why (the temporary is removed and
 * the target untouched). */
int atomic_file_commit(struct atomic_file *af, char *why, size_t len);
/* Closes and removes the temporary; the target is untouched. */
void atomic_file_abort(struct atomic_file *af);

#endif
