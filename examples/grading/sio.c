/* sio.c - the model solution: one buffer per file, read and written in
 * whole blocks.
 *
 * Reading, the buffer holds a block of the file: where the descriptor
 * already is (a sequential reader makes one read() per block and never an
 * lseek()), or, after a seek elsewhere, the block-aligned one that holds the
 * new position - so a reader walking backwards uses every byte of a block
 * before it needs the one before, and makes one read() per block too.
 * Writing, the buffer collects bytes and goes out in one write() when full.
 * A request of a whole buffer or more, where the descriptor is, bypasses the
 * buffer: one copy instead of two (glibc's fread and fwrite do the same).
 *
 * Invariants: the file position is tag + pos.  Reading, buf[0 .. end) holds
 * the file's bytes from tag on.  Writing, buf[0 .. pos) is what is still to
 * be written at tag, and the descriptor's offset is tag.  fdpos is where the
 * descriptor's offset is, so that no lseek() is made to stay there.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sio.h"

#define SIO_BUFSIZE 4096

struct sio_file {
	int fd;
	int mode;               /* O_RDONLY or O_WRONLY */
	int failed;
	off_t tag;
	size_t pos;
	size_t end;
	off_t fdpos;
	unsigned char buf[SIO_BUFSIZE];
};

static int fail(sio_file *f)
{
	f->failed = 1;
	return -1;
}

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
	f->pos = f->end = 0;
	/* a pipe has no offset: it is read and written where it is, from 0 */
	f->tag = lseek(fd, 0, SEEK_CUR);
	if (f->tag < 0)
		f->tag = 0;
	f->fdpos = f->tag;
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

/* --- reading ---------------------------------------------------------------- */

static ssize_t read_some(int fd, void *buf, size_t n)
{
	ssize_t r;
	do
		r = read(fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r;
}

/* Reads the block that holds the position into the buffer: 1 when the
 * position's byte is there, 0 at the end of the file, -1 on an error. */
static int fill(sio_file *f)
{
	off_t off = f->tag + (off_t)f->pos, start = off;
	if (off != f->fdpos) {
		start = off - off % SIO_BUFSIZE;
		if (lseek(f->fd, start, SEEK_SET) < 0)
			return fail(f);
		f->fdpos = start;
	}
	ssize_t n = read_some(f->fd, f->buf, SIO_BUFSIZE);
	if (n < 0)
		return fail(f);
	f->fdpos += n;
	f->tag = start;
	f->pos = (size_t)(off - start);
	f->end = (size_t)n;
	return f->pos < f->end;
}

int sio_readc(sio_file *f)
{
	if (f->pos < f->end || fill(f) > 0)
		return f->buf[f->pos++];
	return SIO_EOF;
}

ssize_t sio_read(sio_file *f, void *buf, size_t n)
{
	unsigned char *p = buf;
	size_t done = 0;
	while (done < n) {
		if (f->pos < f->end) {
			size_t k = f->end - f->pos < n - done ? f->end - f->pos : n - done;
			memcpy(p + done, f->buf + f->pos, k);
			f->pos += k;
			done += k;
			continue;
		}
		off_t off = f->tag + (off_t)f->pos;
		int got;
		if (n - done >= SIO_BUFSIZE && off == f->fdpos) {
			ssize_t r = read_some(f->fd, p + done, n - done);
			if (r < 0)
				fail(f);
			got = r > 0 ? 1 : (int)r;
			if (r > 0) {
				done += (size_t)r;
				f->fdpos += r;
				f->tag = f->fdpos;
				f->pos = f->end = 0;
			}
		} else {
			got = fill(f);
		}
		if (got <= 0)
			return done > 0 || got == 0 ? (ssize_t)done : -1;
	}
	return (ssize_t)done;
}

/* --- writing ---------------------------------------------------------------- */

static int write_all(sio_file *f, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(f->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return fail(f);
		p += w;
		n -= (size_t)w;
		f->fdpos += w;
		f->tag += w;
	}
	return 0;
}

int sio_flush(sio_file *f)
{
	if (f->mode != O_WRONLY || f->pos == 0)
		return 0;
	size_t n = f->pos;
	f->pos = 0;             /* what was not written is given up */
	return write_all(f, f->buf, n);
}

int sio_writec(sio_file *f, int c)
{
	if (f->pos == SIO_BUFSIZE && sio_flush(f) < 0)
		return -1;
	f->buf[f->pos++] = (unsigned char)c;
	return 0;
}

ssize_t sio_write(sio_file *f, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	size_t left = n;
	while (left > 0) {
		if (f->pos == 0 && left >= SIO_BUFSIZE)
			return write_all(f, p, left) < 0 ? -1 : (ssize_t)n;
		size_t k = SIO_BUFSIZE - f->pos < left ? SIO_BUFSIZE - f->pos : left;
		memcpy(f->buf + f->pos, p, k);
		f->pos += k;
		p += k;
		left -= k;
		if (f->pos == SIO_BUFSIZE && sio_flush(f) < 0)
			return -1;
	}
	return (ssize_t)n;
}

/* --- both --------------------------------------------------------------------- */

int sio_seek(sio_file *f, off_t pos)
{
	if (pos < 0) {
		errno = EINVAL;
		return -1;
	}
	if (f->mode == O_WRONLY) {
		if (sio_flush(f) < 0 || lseek(f->fd, pos, SEEK_SET) < 0)
			return fail(f);
		f->tag = f->fdpos = pos;
		return 0;
	}
	if (pos >= f->tag && pos <= f->tag + (off_t)f->end) {
		f->pos = (size_t)(pos - f->tag);        /* in the buffer: no call */
	} else {
		f->tag = pos;                           /* an empty buffer there */
		f->pos = f->end = 0;
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

int sio_close(sio_file *f)
{
	int rc = sio_flush(f) < 0 || f->failed ? -1 : 0;
	int err = errno;
	if (close(f->fd) < 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	free(f);
	errno = err;
	return rc;
}
