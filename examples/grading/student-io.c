/* student-io.c - the driver of the assignment "make buffered I/O fast":
 * each graded task as a command iolab runs on its data file.
 *
 *   student-io blocks FILE        read FILE in 4096-byte sio_read() calls
 *   student-io bytes FILE         read FILE a byte at a time (sio_readc)
 *   student-io reverse FILE       read FILE a byte at a time from its last
 *                                 byte to its first (sio_seek, sio_readc)
 *   student-io write FILE SIZE    write SIZE bytes a byte at a time
 *                                 (sio_writec) to FILE, created or truncated
 *
 * Each prints a checksum of what it read or wrote to stdout, in 16 hex
 * digits: the sum of the first byte of every access (every byte, for the
 * byte tasks), the same fold as iolab's own loops, so the figure can be
 * held against theirs.  iolab runs commands with stdout on /dev/null; the
 * checksum is there for people and for tests/grading.sh.  Exit status 0;
 * 1 on an I/O error (named on stderr: iolab reports the last line); 2 for
 * a bad command line.
 *
 * This file is handed out with sio.h; students write sio.c.  Linked with
 * the model solution (sio.c) it is student-io, with the unbuffered one
 * (sio-slow.c) student-io-slow.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sio.h"

#define BLOCK 4096
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *g_file;      /* the file a task works on, for messages */

static int io_failed(const char *what)
{
	fprintf(stderr, "student-io: %s: %s: %s\n", g_file, what, strerror(errno));
	return 1;
}

static int read_blocks(sio_file *f, uint64_t *sum)
{
	static unsigned char buf[BLOCK];
	ssize_t n;
	while ((n = sio_read(f, buf, sizeof buf)) > 0)
		*sum += buf[0];
	return n < 0 ? io_failed("read") : 0;
}

static int read_bytes(sio_file *f, uint64_t *sum)
{
	int c;
	while ((c = sio_readc(f)) != SIO_EOF)
		*sum += (unsigned)c;
	return sio_error(f) ? io_failed("read") : 0;
}

static int read_reverse(sio_file *f, uint64_t *sum)
{
	off_t size = sio_filesize(f);
	if (size < 0) {
		errno = ESPIPE;
		return io_failed("size");
	}
	for (off_t pos = size; pos-- > 0;) {
		int c;
		if (sio_seek(f, pos) < 0)
			return io_failed("seek");
		if ((c = sio_readc(f)) == SIO_EOF) {
			if (!sio_error(f))
				errno = ENODATA;        /* the file shrank under us */
			return io_failed("read");
		}
		*sum += (unsigned)c;
	}
	return 0;
}

/* The byte at offset i of what the write task writes: lines of 63 letters. */
static unsigned char pattern(uint64_t i)
{
	return i % 64 == 63 ? '\n' : (unsigned char)('a' + i % 26);
}

static int write_bytes(sio_file *f, uint64_t size, uint64_t *sum)
{
	for (uint64_t i = 0; i < size; i++) {
		unsigned char c = pattern(i);
		if (sio_writec(f, c) < 0)
			return io_failed("write");
		*sum += c;
	}
	return 0;
}

/* --- the tasks, one row each ------------------------------------------------- */

struct task {
	const char *name;
	int mode;                                       /* how FILE is opened */
	int (*read)(sio_file *, uint64_t *);            /* reading tasks */
	int (*write)(sio_file *, uint64_t, uint64_t *); /* the writing task: takes SIZE */
	const char *usage;
};

static const struct task tasks[] = {
	{"blocks", O_RDONLY, read_blocks, NULL, "blocks FILE        read FILE in 4096-byte blocks"},
	{"bytes", O_RDONLY, read_bytes, NULL, "bytes FILE         read FILE a byte at a time"},
	{"reverse", O_RDONLY, read_reverse, NULL, "reverse FILE       read FILE a byte at a time, last byte first"},
	{"write", O_WRONLY, NULL, write_bytes, "write FILE SIZE    write SIZE bytes to FILE a byte at a time"},
};

static int usage(void)
{
	fprintf(stderr, "usage:\n");
	for (size_t i = 0; i < COUNT(tasks); i++)
		fprintf(stderr, "  student-io %s\n", tasks[i].usage);
	return 2;
}

static const struct task *task_named(const char *name)
{
	for (size_t i = 0; i < COUNT(tasks); i++)
		if (strcmp(tasks[i].name, name) == 0)
			return &tasks[i];
	return NULL;
}

/* SIZE in bytes: decimal digits only, as iolab's {size} gives it. */
static int parse_size(const char *s, uint64_t *out)
{
	char *end;
	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	uintmax_t v = strtoumax(s, &end, 10);
	if (errno || *end || v > UINT64_MAX)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* The checksum, through the library too: 17 bytes to stdout. */
static int print_sum(uint64_t sum)
{
	char line[32];
	int n = snprintf(line, sizeof line, "%016" PRIx64 "\n", sum);
	sio_file *out = sio_fdopen(1, O_WRONLY);
	if (!out)
		return io_failed("stdout");
	int rc = sio_write(out, line, (size_t)n) < 0;
	if (sio_close(out) < 0 || rc) {
		g_file = "stdout";
		return io_failed("write");
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct task *t = argc >= 3 ? task_named(argv[1]) : NULL;
	uint64_t size = 0, sum = 0;
	if (!t || argc != (t->write ? 4 : 3) || (t->write && parse_size(argv[3], &size) < 0))
		return usage();
	g_file = argv[2];
	sio_file *f = sio_open(g_file, t->mode);
	if (!f)
		return io_failed("open");
	int rc = t->read ? t->read(f, &sum) : t->write(f, size, &sum);
	if (sio_close(f) < 0 && rc == 0)
		rc = io_failed("close");
	return rc ? rc : print_sum(sum);
}
