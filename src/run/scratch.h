/* scratch.h - the lab's private scratch directory and its data files.
 *
 * The only place the lab writes.  The directory must be private (no
 * permission for group or others), owned by us and not a symlink.  A --dir
 * that is not private (/tmp, a home directory) is never changed: the files
 * go to a private "iolab" directory inside it, and s->note says so.  Data
 * files are created with O_EXCL|O_NOFOLLOW and named
 * iolab-<pid>-<seq>.<kind>; each run holds an flock on iolab-<pid>.lock for
 * its whole life, so a later run can tell a dead run's files (its lock can
 * be taken) from a live one's, even one in another PID namespace whose pid
 * means nothing here.
 */
#ifndef IOLAB_SCRATCH_H
#define IOLAB_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

#include "device.h"

#define SCRATCH_MAX_FILES 64

struct scratch {
	char *dir;
	int dirfd;
	int on_tmpfs;             /* O_SYNC / cold cache show no disk there */
	char fstype[32];          /* "ext4", "tmpfs", ... */
	/* the block device that holds the directory, found once (device.h);
	 * has_device 0 when there is none, device_note saying why */
	struct device_info device;
	int has_device;
	char device_note[160];
	/* NULL, or why the data go to another directory than the one asked
	 * for ("... is not private ...; using DIR/iolab"): batch prints it on
	 * stderr, the lab on its message line */
	char *note;
	int lockfd;               /* flock'd iolab-<pid>.lock: we are alive */
	char lockname[32];
	/* Set by guard_init (guard_pending): a stop was asked for.  A data
	 * file being filled is given up between two chunks. */
	int (*interrupted)(void);
	unsigned seq;
	/* files this process created and has not removed yet; the signal path
	 * walks this list, so it is a fixed array of fixed strings */
	char files[SCRATCH_MAX_FILES][64];
	/* reusable read data files, by size */
	uint64_t data_size[SCRATCH_MAX_FILES];
	/* the file each name was created as: a file removed or replaced under
	 * us fails its trial and is never removed by us */
	uint64_t file_dev[SCRATCH_MAX_FILES], file_ino[SCRATCH_MAX_FILES];
};

/* The default directory: $XDG_CACHE_HOME/iolab or ~/.cache/iolab (static). */
const char *scratch_default_dir(void);
/* Create or open dir (or, when dir is not private, the private "iolab"
 * directory inside it: s->note), check it is ours, take this run's lock,
 * remove the files of runs that are over.  Never changes the mode of a
 * directory it did not create.  Returns 0, or -1 with a message naming the
 * cause and what to do. */
int scratch_open(struct scratch *s, const char *dir, char *msg, size_t msglen);
/* Free space in bytes; -1 on error. */
int64_t scratch_free_bytes(const struct scratch *s);
/* Is there room for `need` bytes (with a margin)?  0 yes, -1 no + message. */
int scratch_check_space(const struct scratch *s, uint64_t need, char *msg, size_t msglen);
/* A new empty file, created O_EXCL|O_NOFOLLOW and registered for removal
 * only once that succeeded (a name someone else took is never unlinked).
 * Fills path (absolute); returns the descriptor (O_WRONLY, O_CLOEXEC), or
 * -1 with errno. */
int scratch_create(struct scratch *s, const char *kind, char *path, size_t len);
/* A new private directory (mode 0700) for one command trial, its
 * "room": the program's {file} is linked inside, and whatever it makes
 * beside it goes when the room is removed (scratch_remove on its path, or
 * scratch_remove_all), whole, however deep; a dead run's rooms go with its
 * files.  Fills path (absolute); 0, or -1 with errno. */
int scratch_room(struct scratch *s, char *path, size_t len);
/* A data file of `size` bytes of non-trivial content for reads: created
 * once (O_EXCL|O_NOFOLLOW), reused for later trials of the same size.
 * Filled a chunk at a time, each written back as it goes (so neither a
 * signal nor the final sync waits for gigabytes); when s->interrupted()
 * says stop, the partial file is removed and -1 returned with errno EINTR. */
int scratch_data_file(struct scratch *s, uint64_t size, char *path, size_t len,
                      char *msg, size_t msglen);
/* A new file (created as scratch_create does) already holding `size`
 * bytes of the data files' pattern, fsync()ed: a write's file that exists
 * (workload `file: existing`), for the workload to overwrite in place.
 * Removed again by scratch_remove, never reused; on failure nothing is
 * left and -1 comes with a message (EINTR as scratch_data_file). */
int scratch_prefilled_file(struct scratch *s, uint64_t size, char *path, size_t len,
                           char *msg, size_t msglen);
/* Is the registered file at path still the one this run created?  0 yes
 * (or not a file of ours), -1 with a message when it was removed or
 * replaced by another file: what was measured on it cannot be trusted. */
int scratch_file_intact(const struct scratch *s, const char *path, char *msg, size_t msglen);
/* Unlink one registered file / all of them (only if still the file we
 * created; a room with everything in it).  remove_all is
 * async-signal-safe. */
void scratch_remove(struct scratch *s, const char *path);
void scratch_remove_all(struct scratch *s);
/* Removes the files, then the lock file, and frees. */
void scratch_close(struct scratch *s);

/* The content pattern of data files: printable text, '\n' every 64 bytes,
 * so line-buffered stdio has lines to flush on.  Fills buf for file offset. */
void scratch_fill_pattern(unsigned char *buf, size_t len, uint64_t offset);

#endif
