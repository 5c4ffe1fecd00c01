/* scratch.h - the lab's private scratch directory and its data files.
 *
 * The only place the lab writes.  The directory is created 0700, must be
 * owned by us and must not be a symlink.  Data files are created with
 * O_EXCL|O_NOFOLLOW and named  iolab-<pid>-<seq>.<kind>  so a later run can
 * tell which files a killed run left behind (its pid is gone) and remove them.
 */
#ifndef IOLAB_SCRATCH_H
#define IOLAB_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

#define SCRATCH_MAX_FILES 64

struct scratch {
	char *dir;
	int dirfd;
	int on_tmpfs;             /* O_SYNC / cold cache show no disk there */
	char fstype[32];          /* "ext4", "tmpfs", ... */
	unsigned seq;
	/* files this process created and has not removed yet; the signal path
	 * walks this list, so it is a fixed array of fixed strings */
	char files[SCRATCH_MAX_FILES][64];
	/* reusable read data files, by size */
	uint64_t data_size[SCRATCH_MAX_FILES];
};

/* The default directory: $XDG_CACHE_HOME/iolab or ~/.cache/iolab (static). */
const char *scratch_default_dir(void);
/* Create or open dir, check it is ours, remove stale files of dead runs.
 * Returns 0, or -1 with a message naming the cause and what to do. */
int scratch_open(struct scratch *s, const char *dir, char *msg, size_t msglen);
/* Free space in bytes; -1 on error. */
int64_t scratch_free_bytes(const struct scratch *s);
/* Is there room for `need` bytes (with a margin)?  0 yes, -1 no + message. */
int scratch_check_space(const struct scratch *s, uint64_t need, char *msg, size_t msglen);
/* A new empty file name registered for removal; fills path (absolute).
 * The file is not created. */
int scratch_new_name(struct scratch *s, const char *kind, char *path, size_t len);
/* A new empty file, created O_EXCL|O_NOFOLLOW and registered for removal
 * only once that succeeded (a name someone else took is never unlinked).
 * Fills path (absolute); returns the descriptor (O_WRONLY, O_CLOEXEC), or
 * -1 with errno. */
int scratch_create(struct scratch *s, const char *kind, char *path, size_t len);
/* A data file of `size` bytes of non-trivial content for reads: created
 * once (O_EXCL|O_NOFOLLOW), reused for later trials of the same size. */
int scratch_data_file(struct scratch *s, uint64_t size, char *path, size_t len,
                      char *msg, size_t msglen);
/* Unlink one registered file / all of them.  remove_all is async-signal-safe. */
void scratch_remove(struct scratch *s, const char *path);
void scratch_remove_all(struct scratch *s);
void scratch_close(struct scratch *s);

/* The content pattern of data files: printable text, '\n' every 64 bytes,
 * so line-buffered stdio has lines to flush on.  Fills buf for file offset. */
void scratch_fill_pattern(unsigned char *buf, size_t len, uint64_t offset);

#endif
