/* sio-slow.c - a correct but unbuffered solution: every byte is a system
 * call of its own (sio_read and sio_write go byte by byte through
 * sio_readc and sio_writec, as a first attempt often does).
 *
 * It computes what sio.c computes, so it passes every claim about what is
 * read and written; the grading pack exists to tell it from sio.c by the
 * claims about system calls and speed, which it misses by orders of
 * magnitude (tests/grading.sh holds both against the pack).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sio.h"

struct sio_file {
	int fd;
	int mode;
	int failed;
};

sio_file *sio_fdopen(int fd, int mode)
{
	if (mode != O_RDONLY && mode != O_WRONLY) {
		errno = EINVAL;
		return NULL;
	}
	sio_file *f = malloc(sizeof *f);
	if (!f)
		return NULL;
	f->fd = fd;
	f->mode = mode;
	f->failed = 0;
	return f;
}

sio_file *sio_open(const char *path, int mode)
{
	int flags = mode == O_WRONLY ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY;
	if (mode != O_RDONLY && mode != O_WRONLY) {
		errno = EINVAL;
		return NULL;
	}
	int fd = open(path, flags | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	sio_file *f = sio_fdopen(fd, mode);
	if (!f) {
		int err = errno;
		close(fd);
		errno = err;
	}
	return f;
}

int sio_readc(sio_file *f)
{
	unsigned char c;
	ssize_t r;
	do
		r = read(f->fd, &c, 1);
	while (r < 0 && errno == EINTR);
	if (r == 1)
		return c;
	if (r < 0)
		f->failed = 1;
	return SIO_EOF;
}

ssize_t sio_read(sio_file *f, void *buf, size_t n)
{
	unsigned char *p = buf;
	size_t done = 0;
	int c;
	while (done < n && (c = sio_readc(f)) != SIO_EOF)
		p[done++] = (unsigned char)c;
	return done == 0 && f->failed ? -1 : (ssize_t)done;
}

int sio_writec(sio_file *f, int c)
{
	unsigned char b = (unsigned char)c;
	ssize_t w;
	do
		w = write(f->fd, &b, 1);
	while (w < 0 && errno == EINTR);
	if (w == 1)
		return 0;
	f->failed = 1;
	return -1;
}

ssize_t sio_write(sio_file *f, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	for (size_t i = 0; i < n; i++)
		if (sio_writec(f, p[i]) < 0)
			return -1;
	return (ssize_t)n;
}

int sio_seek(sio_file *f, off_t pos)
{
	if (lseek(f->fd, pos, SEEK_SET) < 0) {
		f->failed = 1;
		return -1;
	}
	return 0;
}

off_t sio_filesize(sio_file *f)
{
	struct stat st;
	if (fstat(f->fd, &st) < 0 || !S_ISREG(st.st_mode))
		return -1;
	return st.st_size;
}

int sio_error(const sio_file *f)
{
	return f->failed;
}

int sio_flush(sio_file *f)
{
	(void)f;                /* nothing is ever held back */
	return 0;
}

int sio_close(sio_file *f)
{
	int rc = f->failed ? -1 : 0;
	int err = errno;
	if (close(f->fd) < 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	free(f);
	errno = err;
	return rc;
}
