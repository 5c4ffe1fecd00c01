/* file_read.h - reading a small file whole: bounded, never blocking, and
 * with the reason in words when it cannot be done.
 *
 * The lesson loader and the saved progress both slurp a file they did not
 * write.  What they may be handed instead of a regular file (a FIFO, a
 * device, a directory, a symbolic link that loops or leads away) is
 * refused here, once, before anything is opened for reading, and the
 * refusal says what the file is and what was expected:
 *
 *     is a FIFO, not a regular file
 *     is a symbolic link to /etc/shadow, outside /srv/pack/lessons
 *
 * Callers print "FILE: " before it.
 */
#ifndef IOLAB_FILE_READ_H
#define IOLAB_FILE_READ_H

#include <stddef.h>
#include <sys/types.h>

struct file_data {
	char *data;               /* malloc'd, NUL-terminated (NULL on failure) */
	size_t len;               /* bytes in data (at most the limit) */
	int more;                 /* the file holds more than the limit */
};

/* Follow a symbolic link (anywhere in the path) only when the file it
 * resolves to lies inside the directory that holds the given path: a lesson
 * pack may link lessons to one another, never to a file elsewhere. */
#define FILE_READ_BENEATH 1u

/* Reads path, a regular file, whole, or its first `limit` bytes with
 * out->more set when it holds more.  Returns 0; or -1 with errno set to the
 * cause (ENOENT for a missing file) and the reason in why. */
int file_read_whole(const char *path, size_t limit, unsigned flags,
                    struct file_data *out, char *why, size_t whylen);
void file_read_free_data(struct file_data *d);

/* "a directory", "a FIFO", "a character device", ... for messages. */
const char *file_read_kind_name(mode_t mode);

#endif
