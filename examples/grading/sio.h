/* sio.h - a small buffered I/O library over read() and write(): the
 * interface of the assignment "make buffered I/O fast".
 *
 * Students implement these functions (sio.c); the driver student-io.c,
 * handed out with this header, runs the graded tasks with them.  Each
 * sio_file has one buffer of its own.  What a task costs is counted from
 * outside by iolab: the read() and write() system calls the process makes,
 * the bytes they copy, and the time, held against stdio's.
 *
 * A file is opened for reading or for writing, never both.  Every function
 * that can fail returns -1 (sio_readc: SIO_EOF, with sio_error() true) and
 * leaves errno as the failing call set it.
 */
#ifndef SIO_H
#define SIO_H

#include <stddef.h>
#include <sys/types.h>

#define SIO_EOF (-1)

typedef struct sio_file sio_file;

/* mode is O_RDONLY, or O_WRONLY: the file is then created (mode 0644) or
 * truncated. */
sio_file *sio_open(const char *path, int mode);
/* The same over a descriptor already open (stdout, say); sio_close closes it. */
sio_file *sio_fdopen(int fd, int mode);

/* The next byte as an unsigned char, or SIO_EOF at the end of the file or
 * on an error (sio_error tells them apart). */
int sio_readc(sio_file *f);
/* Up to n bytes into buf: fewer only at the end of the file.  The count,
 * 0 at the end, or -1. */
ssize_t sio_read(sio_file *f, void *buf, size_t n);

/* 0, or -1. */
int sio_writec(sio_file *f, int c);
/* n, or -1. */
ssize_t sio_write(sio_file *f, const void *buf, size_t n);

/* The next read (or write) happens at byte pos of the file.  0, or -1. */
int sio_seek(sio_file *f, off_t pos);
/* The file's size in bytes, or -1 when it has none (a pipe, a terminal). */
off_t sio_filesize(sio_file *f);

/* Whether a read or write on f has failed. */
int sio_error(const sio_file *f);
/* Writes out what the buffer holds.  0, or -1. */
int sio_flush(sio_file *f);
/* Flushes, closes the descriptor and frees f (also when a step fails).
 * 0, or -1. */
int sio_close(sio_file *f);

#endif
