/* file_read.c - a small file read whole, or a reason why not.
 *
 * Why a module of its own: the loader and the progress file each need
 * one, and copies drift into different bounds and different ideas of
 * what to do with a FIFO (one may hang).  The order here is what keeps the
 * reader from ever blocking or touching something it should not:
 *
 *   1. with FILE_READ_BENEATH, resolve the path and refuse one that leads
 *      outside its directory (the link is never opened);
 *   2. stat it and refuse anything but a regular file (a device is never
 *      opened, so opening has no side effect);
 *   3. open it O_NONBLOCK (a FIFO swapped in after the stat cannot block)
 *      and check the descriptor is still a regular file - and, with
 *      BENEATH, still inside the directory (a link swapped in after the
 *      check is caught on what was really opened);
 *   4. read at most limit + 1 bytes: one more tells the caller "too big".
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"

static int refuse(int err, char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A reason into why, errno = err, -1. */
static int refuse(int err, char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (len)
		vsnprintf(why, len, fmt, ap);
	va_end(ap);
	errno = err;
	return -1;
}

const char *file_read_kind_name(mode_t mode)
{
	if (S_ISREG(mode)) return "a regular file";
	if (S_ISDIR(mode)) return "a directory";
	if (S_ISFIFO(mode)) return "a FIFO";
	if (S_ISCHR(mode)) return "a character device";
	if (S_ISBLK(mode)) return "a block device";
	if (S_ISSOCK(mode)) return "a socket";
	if (S_ISLNK(mode)) return "a symbolic link";
	return "a special file";
}

/* Why path could not be stat'ed or opened, in the words of file_read.h. */
static int cannot_open(int err, char *why, size_t len)
{
	if (err == ELOOP)
		return refuse(err, why, len, "is a symbolic link loop, not a regular file");
	return refuse(err, why, len, "cannot open: %s", strerror(err));
}

static int not_regular(mode_t mode, char *why, size_t len)
{
	return refuse(S_ISDIR(mode) ? EISDIR : EINVAL, why, len, "is %s, not a regular file",
	              file_read_kind_name(mode));
}

/* Is the resolved path `p` inside the resolved directory `dir`? */
static int inside(const char *p, const char *dir)
{
	size_t n = strlen(dir);
	if (n == 1 && dir[0] == '/')
		return p[0] == '/' && p[1] != '\0';
	return strncmp(p, dir, n) == 0 && p[n] == '/' && p[n + 1] != '\0';
}

/* The real path of path's directory into dir. */
static int real_dir_of(const char *path, char *dir)
{
	char copy[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(copy, sizeof copy, ".");
	else
		snprintf(copy, sizeof copy, "%.*s", (int)(slash - path + (slash == path)), path);
	return realpath(copy, dir) ? 0 : -1;
}

/* Step 1: resolve path into `real` and keep it inside its directory. */
static int resolve_beneath(const char *path, char *real, char *dir, char *why, size_t len)
{
	struct stat lst;
	int is_link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
	if (!realpath(path, real)) {
		int err = errno;
		char to[PATH_MAX];
		ssize_t n;
		if (!is_link || err == ELOOP)
			return cannot_open(err, why, len);
		if (err == ENOENT && (n = readlink(path, to, sizeof to - 1)) > 0) {
			to[n] = '\0';
			return refuse(err, why, len, "is a symbolic link to %s, which does not exist",
			              to);
		}
		return refuse(err, why, len, "is a symbolic link that cannot be followed: %s",
		              strerror(err));
	}
	if (real_dir_of(path, dir) != 0)
		return cannot_open(errno, why, len);
	if (!inside(real, dir))
		return refuse(EPERM, why, len, "is %s to %s, outside %s (links are followed only "
		              "within that directory)", is_link ? "a symbolic link" : "a path",
		              real, dir);
	return 0;
}

/* Step 3's second half: what the descriptor really is, by /proc (when it
 * is mounted: otherwise step 1's check stands alone). */
static int fd_inside(int fd, const char *dir, char *why, size_t len)
{
	char link[64], real[PATH_MAX];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, real, sizeof real - 1);
	if (n <= 0)
		return 0;
	real[n] = '\0';
	if (real[0] == '/' && !inside(real, dir))
		return refuse(EPERM, why, len, "was replaced while being opened by a link to %s, "
		              "outside %s", real, dir);
	return 0;
}

/* Step 4: at most limit + 1 bytes of fd; size is the stat's hint. */
static int read_bounded(int fd, size_t limit, size_t size, struct file_data *out,
                        char *why, size_t len)
{
	size_t cap = size > 0 && size < limit ? size + 2 : limit + 2;
	char *buf = malloc(cap);
	size_t got = 0;
	while (buf) {
		if (got + 1 == cap) {           /* the file grew: allow up to the limit */
			if (cap >= limit + 2)
				break;
			char *more = realloc(buf, limit + 2);
			if (!more) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = more;
			cap = limit + 2;
		}
		ssize_t r = read(fd, buf + got, cap - 1 - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = errno;
			free(buf);
			return refuse(err, why, len, "cannot read: %s", strerror(err));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	if (!buf)
		return refuse(ENOMEM, why, len, "out of memory");
	out->more = got > limit;
	out->len = out->more ? limit : got;
	buf[out->len] = '\0';
	out->data = buf;
	return 0;
}

int file_read_whole(const char *path, size_t limit, unsigned flags,
                    struct file_data *out, char *why, size_t whylen)
{
	char real[PATH_MAX], dir[PATH_MAX];
	const char *open_path = path;
	int beneath = (flags & FILE_READ_BENEATH) != 0;
	struct stat st;
	memset(out, 0, sizeof *out);
	if (beneath) {
		if (resolve_beneath(path, real, dir, why, whylen) != 0)
			return -1;
		open_path = real;
	}
	if (stat(open_path, &st) != 0)
		return cannot_open(errno, why, whylen);
	if (!S_ISREG(st.st_mode))
		return not_regular(st.st_mode, why, whylen);
	int fd = open(open_path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
	              (beneath ? O_NOFOLLOW : 0));
	if (fd < 0 && errno == EACCES)
		return refuse(EACCES, why, whylen, "is a regular file this user may not read (%s)",
		              strerror(EACCES));
	if (fd < 0)
		return cannot_open(errno, why, whylen);
	int rc;
	if (fstat(fd, &st) != 0)
		rc = cannot_open(errno, why, whylen);
	else if (!S_ISREG(st.st_mode))
		rc = not_regular(st.st_mode, why, whylen);
	else if (beneath && fd_inside(fd, dir, why, whylen) != 0)
		rc = -1;
	else
		rc = read_bounded(fd, limit, st.st_size > 0 ? (size_t)st.st_size : 0, out, why,
		                  whylen);
	int err = errno;
	close(fd);
	errno = err;
	return rc;
}

void file_read_free_data(struct file_data *d)
{
	free(d->data);
	memset(d, 0, sizeof *d);
}
