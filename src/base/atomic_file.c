/* atomic_file.c - temp + fsync + rename, or a direct write where renaming
 * would replace something that is not a file (the rule is in
 * atomic_file.h).
 *
 * Why a module of its own: batch's --output and the progress file had a
 * copy each, and both renamed over whatever the path named - as root,
 * `--output /dev/null` turned the device node into a plain file, and a
 * link to /proc/self/fd/1 became a file while stdout got nothing.  Deciding
 * what the path is happens once, in plan(), for both.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "errmsg.h"
#include "file_read.h"

#define FIFO_POLL_NS 50000000L   /* waiting for a FIFO's reader: 50 ms a look */

static int set_target(struct atomic_file *af, const char *path, int direct, char *why, size_t len)
{
	if (strlen(path) >= sizeof af->target)
		return errmsg(why, len, "%s", strerror(ENAMETOOLONG));
	strcpy(af->target, path);
	af->direct = direct;
	return 0;
}

/* The standard output or error (1, 2) that `st` is, or -1.  A path that
 * names the program's own stream (/dev/stdout, a link to /proc/self/fd/1,
 * or the very file stdout was redirected to) is written through that
 * stream, as a shell would: renaming over the file would leave the stream
 * writing into a file no name leads to any more. */
static int stdio_fd_of(const struct stat *st)
{
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
		struct stat fs;
		if (fstat(fd, &fs) == 0 && fs.st_dev == st->st_dev && fs.st_ino == st->st_ino)
			return fd;
	}
	return -1;
}

/* What path is, and so how it is written: fills af->target, af->direct,
 * af->stdio_fd. */
static int plan(const char *path, unsigned flags, struct atomic_file *af, char *why, size_t len)
{
	size_t n = strlen(path);
	struct stat st, to;
	memset(af, 0, sizeof *af);
	af->stdio_fd = -1;
	if (n == 0 || path[n - 1] == '/')
		return errmsg(why, len, "names a directory, not a file");
	if (lstat(path, &st) != 0)         /* a new file (or no place for one: */
		return set_target(af, path, 0, why, len);   /* creating it says why) */
	int followed = stat(path, &to) == 0;
	if ((flags & ATOMIC_FILE_DIRECT) && followed && (af->stdio_fd = stdio_fd_of(&to)) >= 0)
		return set_target(af, path, 1, why, len);
	if (S_ISLNK(st.st_mode)) {
		if (!followed)
			return errmsg(why, len, "is a symbolic link that leads nowhere (%s); "
			              "a link is never replaced", strerror(errno));
		if (S_ISREG(to.st_mode)) {      /* replace the file, keep the link */
			if (!realpath(path, af->target))
				return errmsg(why, len, "is a symbolic link whose file cannot be "
				              "found: %s", strerror(errno));
			return 0;
		}
		st = to;                        /* a FIFO or device: through the link */
	}
	if (S_ISREG(st.st_mode))
		return set_target(af, path, 0, why, len);
	if (S_ISDIR(st.st_mode))
		return errmsg(why, len, "names a directory, not a file");
	if (!(flags & ATOMIC_FILE_DIRECT))
		return errmsg(why, len, "is %s, not a regular file", file_read_kind_name(st.st_mode));
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return set_target(af, path, 1, why, len);
	return errmsg(why, len, "is %s; only a file, a FIFO or a character device is written",
	              file_read_kind_name(st.st_mode));
}

/* ".NAME.PID.SEQ.tmp" beside the target: hidden, and unique to this
 * process so two runs never share one. */
static int temp_name(struct atomic_file *af, unsigned seq)
{
	const char *slash = strrchr(af->target, '/');
	const char *base = slash ? slash + 1 : af->target;
	int dirlen = slash ? (int)(slash - af->target + 1) : 0;
	int n = snprintf(af->tmp, sizeof af->tmp, "%.*s.%s.%ld.%u.tmp", dirlen, af->target, base,
	                 (long)getpid(), seq);
	return n > 0 && (size_t)n < sizeof af->tmp && *base ? 0 : -1;
}

/* O_EXCL|O_NOFOLLOW: never someone else's file, never through a link. */
static int temp_create(struct atomic_file *af, mode_t mode)
{
	for (unsigned seq = 0; seq < 100; seq++) {
		if (temp_name(af, seq) != 0) {
			af->tmp[0] = '\0';
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST)
			break;
	}
	af->tmp[0] = '\0';
	return -1;
}

int atomic_file_check(const char *path, unsigned flags, char *why, size_t len)
{
	struct atomic_file af;
	if (plan(path, flags, &af, why, len) != 0)
		return -1;
	if (af.stdio_fd >= 0)
		return 0;
	if (af.direct)
		return access(af.target, W_OK) == 0 ? 0
		       : errmsg(why, len, "cannot write to it: %s", strerror(errno));
	int fd = temp_create(&af, 0600);
	if (fd < 0)
		return errmsg(why, len, "cannot create a file there: %s", strerror(errno));
	close(fd);
	unlink(af.tmp);
	return 0;
}

static int nap_for_reader(void)
{
	struct timespec ts = {0, FIFO_POLL_NS};
	return nanosleep(&ts, NULL);
}

/* The FIFO or device itself: never O_CREAT, never O_TRUNC.  O_NONBLOCK so
 * a FIFO without a reader does not hang the open (it is polled instead,
 * and the descriptor made blocking again for the writes). */
static int open_direct(struct atomic_file *af, int (*interrupted)(void), char *why, size_t len)
{
	int fd;
	struct stat st;
	if (af->stdio_fd >= 0) {
		fd = fcntl(af->stdio_fd, F_DUPFD_CLOEXEC, 0);
		if (fd < 0 || !(af->f = fdopen(fd, "w"))) {
			int err = errno;
			if (fd >= 0)
				close(fd);
			return errmsg(why, len, "%s", strerror(err));
		}
		return 0;
	}
	while ((fd = open(af->target, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0) {
		int err = errno;
		if (err != ENXIO || stat(af->target, &st) != 0 || !S_ISFIFO(st.st_mode))
			return errmsg(why, len, "%s", strerror(err));
		if (interrupted && interrupted())
			return errmsg(why, len, "interrupted while waiting for the FIFO's reader");
		nap_for_reader();
	}
	int fl = fcntl(fd, F_GETFL);
	if (fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) ||
	    fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0 || !(af->f = fdopen(fd, "w"))) {
		close(fd);               /* swapped for a file: never written in place */
		return errmsg(why, len, "changed while being opened; not written");
	}
	return 0;
}

int atomic_file_open(struct atomic_file *af, const char *path, unsigned flags, mode_t mode,
                     int (*interrupted)(void), char *why, size_t len)
{
	if (plan(path, flags, af, why, len) != 0)
		return -1;
	if (af->direct)
		return open_direct(af, interrupted, why, len);
	int fd = temp_create(af, mode);
	if (fd < 0)
		return errmsg(why, len, "cannot create a file there: %s", strerror(errno));
	if (!(af->f = fdopen(fd, "w"))) {
		int err = errno;
		close(fd);
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return errmsg(why, len, "%s", strerror(err));
	}
	return 0;
}

int atomic_file_sync(struct atomic_file *af, char *why, size_t len)
{
	/* fsync means nothing to a FIFO or a terminal (EINVAL): flush only */
	if (fflush(af->f) != 0 || ferror(af->f) || (!af->direct && fsync(fileno(af->f)) != 0))
		return errmsg(why, len, "%s", strerror(errno ? errno : EIO));
	af->synced = 1;
	return 0;
}

/* So the rename itself survives a crash. */
static void sync_dir_of(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + (slash == path)), path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int atomic_file_commit(struct atomic_file *af, char *why, size_t len)
{
	int ok = af->synced || atomic_file_sync(af, why, len) == 0;
	if (fclose(af->f) != 0 && ok) {
		errmsg(why, len, "%s", strerror(errno));
		ok = 0;
	}
	af->f = NULL;
	if (ok && !af->direct && rename(af->tmp, af->target) != 0) {
		errmsg(why, len, "%s", strerror(errno));
		ok = 0;
	}
	if (!ok) {
		if (af->tmp[0])
			unlink(af->tmp);
		af->tmp[0] = '\0';
		return -1;
	}
	if (!af->direct)
		sync_dir_of(af->target);
	af->tmp[0] = '\0';
	return 0;
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->f)
		fclose(af->f);
	af->f = NULL;
	if (af->tmp[0])
		unlink(af->tmp);
	af->tmp[0] = '\0';
}
