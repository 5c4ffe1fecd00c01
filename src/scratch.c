/* scratch.c - the private scratch directory and its data files.
 *
 * Every file is created through the directory's fd with
 * O_CREAT|O_EXCL|O_NOFOLLOW, so nothing planted in the directory (a symlink
 * to a victim file, say) is ever followed or overwritten.  The names of
 * live files sit in a fixed array so the signal path can unlink them with
 * unlinkat() and nothing else.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "errmsg.h"
#include "scratch.h"
#include "units.h"

#define TMPFS_MAGIC_NUMBER 0x01021994
#define FILL_CHUNK ((size_t)1 << 20)
/* Room left free beyond what a trial needs: the filesystem is shared. */
#define SPACE_MARGIN ((uint64_t)32 << 20)


const char *scratch_default_dir(void)
{
	static char path[PATH_MAX];
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	/* The XDG spec says a relative XDG_CACHE_HOME is to be ignored. */
	if (xdg && xdg[0] == '/') {
		snprintf(path, sizeof path, "%s/iolab", xdg);
		return path;
	}
	if (!home || !*home) {
		struct passwd *pw = getpwuid(geteuid());
		home = pw ? pw->pw_dir : NULL;
	}
	if (!home || !*home)
		return NULL;
	snprintf(path, sizeof path, "%s/.cache/iolab", home);
	return path;
}

/* mkdir -p of the parents, private (0700) where we create them. */
static void make_parents(const char *dir)
{
	char buf[PATH_MAX];
	snprintf(buf, sizeof buf, "%s", dir);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(buf, 0700);
		*p = '/';
	}
}

/* The filesystem's name from /proc/self/mountinfo (by device number),
 * falling back to the statfs magic for the few we must tell apart. */
static void detect_fstype(struct scratch *s, const struct stat *st)
{
	struct statfs sf;
	s->on_tmpfs = fstatfs(s->dirfd, &sf) == 0 && sf.f_type == TMPFS_MAGIC_NUMBER;
	snprintf(s->fstype, sizeof s->fstype, "%s", s->on_tmpfs ? "tmpfs" : "unknown");
	FILE *f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return;
	char line[4096], want[32];
	snprintf(want, sizeof want, "%u:%u", major(st->st_dev), minor(st->st_dev));
	while (fgets(line, sizeof line, f)) {
		char devno[32], *sep = strstr(line, " - ");
		if (!sep || sscanf(line, "%*s %*s %31s", devno) != 1 || strcmp(devno, want) != 0)
			continue;
		char fstype[32];
		if (sscanf(sep + 3, "%31s", fstype) == 1)
			snprintf(s->fstype, sizeof s->fstype, "%s", fstype);
		break;
	}
	fclose(f);
}

/* "iolab-<pid>-<seq>.<kind>" -> pid, or 0 if the name is not ours. */
static long name_pid(const char *name)
{
	if (strncmp(name, "iolab-", 6) != 0)
		return 0;
	char *end;
	long pid = strtol(name + 6, &end, 10);
	if (end == name + 6 || *end != '-' || pid <= 0)
		return 0;
	const char *p = end + 1;
	if (*p < '0' || *p > '9')
		return 0;
	strtoul(p, &end, 10);
	if (*end != '.' || end[1] == '\0')
		return 0;
	return pid;
}

/* Files of runs whose process is gone (killed, crashed) are ours to remove.
 * A pid reused by an unrelated process keeps its files: erring safe. */
static void remove_stale(struct scratch *s)
{
	int fd = dup(s->dirfd);
	if (fd < 0)
		return;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		long pid = name_pid(e->d_name);
		if (pid == 0 || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == -1 && errno == ESRCH)
			unlinkat(s->dirfd, e->d_name, 0);
	}
	closedir(d);
}

static int check_dir(const char *dir, const struct stat *st, char *msg, size_t len)
{
	if (S_ISLNK(st->st_mode))
		return errmsg(msg, len, "scratch directory %s is a symbolic link; refusing to follow it "
		            "(remove the link, or choose another directory with --dir)", dir);
	if (!S_ISDIR(st->st_mode))
		return errmsg(msg, len, "scratch directory %s exists but is not a directory "
		            "(remove it, or choose another directory with --dir)", dir);
	if (st->st_uid != geteuid())
		return errmsg(msg, len, "scratch directory %s is owned by uid %u, not by you (uid %u); "
		            "refusing to use it (choose another directory with --dir)",
		            dir, (unsigned)st->st_uid, (unsigned)geteuid());
	return 0;
}

static int open_dir(struct scratch *s, const char *dir, char *msg, size_t len)
{
	struct stat lst, st;
	make_parents(dir);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return errmsg(msg, len, "cannot create scratch directory %s: %s "
		            "(choose another directory with --dir)", dir, strerror(errno));
	if (lstat(dir, &lst) != 0)
		return errmsg(msg, len, "cannot use scratch directory %s: %s", dir, strerror(errno));
	if (check_dir(dir, &lst, msg, len))
		return -1;
	s->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (s->dirfd < 0)
		return errmsg(msg, len, "cannot open scratch directory %s: %s", dir, strerror(errno));
	/* The directory we opened must be the one we checked. */
	if (fstat(s->dirfd, &st) != 0 || st.st_dev != lst.st_dev || st.st_ino != lst.st_ino)
		return errmsg(msg, len, "scratch directory %s changed while it was being opened", dir);
	if ((st.st_mode & 077) && fchmod(s->dirfd, 0700) != 0)
		return errmsg(msg, len, "cannot make scratch directory %s private: %s", dir, strerror(errno));
	if (access(dir, W_OK | X_OK) != 0)
		return errmsg(msg, len, "scratch directory %s is not writable: %s "
		            "(fix its permissions, or choose another directory with --dir)",
		            dir, strerror(errno));
	detect_fstype(s, &st);
	return 0;
}

int scratch_open(struct scratch *s, const char *dir, char *msg, size_t len)
{
	memset(s, 0, sizeof *s);
	s->dirfd = -1;
	if (!dir)
		dir = scratch_default_dir();
	if (!dir || !*dir)
		return errmsg(msg, len, "no scratch directory: HOME is not set (set it, or use --dir)");
	/* Without its trailing slashes: lstat("link/") follows the link that
	 * check_dir() must refuse. */
	char trimmed[PATH_MAX];
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n >= sizeof trimmed)
		return errmsg(msg, len, "scratch directory %.64s...: %s", dir, strerror(ENAMETOOLONG));
	memcpy(trimmed, dir, n);
	trimmed[n] = '\0';
	dir = trimmed;
	if (open_dir(s, dir, msg, len) != 0) {
		scratch_close(s);
		return -1;
	}
	/* Absolute, so the path handed to a command means the same file. */
	s->dir = realpath(dir, NULL);
	if (!s->dir) {
		errmsg(msg, len, "cannot resolve scratch directory %s: %s", dir, strerror(errno));
		scratch_close(s);
		return -1;
	}
	remove_stale(s);
	return 0;
}

int64_t scratch_free_bytes(const struct scratch *s)
{
	struct statvfs sv;
	if (s->dirfd < 0 || fstatvfs(s->dirfd, &sv) != 0)
		return -1;
	return (int64_t)((uint64_t)sv.f_bavail * (uint64_t)sv.f_frsize);
}

int scratch_check_space(const struct scratch *s, uint64_t need, char *msg, size_t len)
{
	int64_t avail = scratch_free_bytes(s);
	char a[32], b[32], m[32];
	struct statvfs sv;
	if (avail < 0)
		return errmsg(msg, len, "cannot tell the free space in %s: %s", s->dir, strerror(errno));
	/* ramfs and the like report every figure as 0: not "0 B free" */
	if (fstatvfs(s->dirfd, &sv) == 0 && sv.f_blocks == 0)
		return errmsg(msg, len, "cannot tell the free space in %s: its filesystem (%s) keeps no "
		            "count of it (choose another directory with --dir)", s->dir, s->fstype);
	if ((uint64_t)avail >= need && (uint64_t)avail - need >= SPACE_MARGIN)
		return 0;
	units_format_bytes((double)need, a, sizeof a);
	units_format_bytes((double)avail, b, sizeof b);
	units_format_bytes((double)SPACE_MARGIN, m, sizeof m);
	/* The margin is said: "needs 4 KiB and 2 MiB is free" reads as a
	 * wrong sum. */
	return errmsg(msg, len, "not enough free space in %s: the trial needs %s plus a %s margin, "
	            "and %s is free (free some space, use a smaller --size, or choose another "
	            "directory with --dir)", s->dir, a, m, b);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int find_slot(const struct scratch *s, const char *name)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (s->files[i][0] && strcmp(s->files[i], name) == 0)
			return i;
	return -1;
}

static void drop_slot(struct scratch *s, int i)
{
	unlinkat(s->dirfd, s->files[i], 0);
	s->files[i][0] = '\0';
	s->data_size[i] = 0;
}

/* A free slot; when all are taken, the data file not of `keep` size goes. */
static int free_slot(struct scratch *s, uint64_t keep)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (!s->files[i][0])
			return i;
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (s->data_size[i] && s->data_size[i] != keep) {
			drop_slot(s, i);
			return i;
		}
	return -1;
}

static int new_name(struct scratch *s, const char *kind, uint64_t keep, char *path, size_t len)
{
	int i = free_slot(s, keep);
	if (i < 0 || strlen(kind) > 16) {
		errno = ENFILE;
		return -1;
	}
	snprintf(s->files[i], sizeof s->files[i], "iolab-%ld-%u.%s", (long)getpid(), s->seq++, kind);
	s->data_size[i] = 0;
	if ((size_t)snprintf(path, len, "%s/%s", s->dir, s->files[i]) >= len) {
		s->files[i][0] = '\0';
		errno = ENAMETOOLONG;
		return -1;
	}
	return i;
}

int scratch_new_name(struct scratch *s, const char *kind, char *path, size_t len)
{
	return new_name(s, kind, 0, path, len) < 0 ? -1 : 0;
}

/* Creates a new file in a free slot and registers it only once the O_EXCL
 * create succeeded: until then the signal path cannot see the name.  The
 * slot index and the descriptor, or -1 with errno. */
static int create_file(struct scratch *s, const char *kind, uint64_t keep, char *path, size_t len,
                       int *fdp)
{
	char name[sizeof s->files[0]];
	int i = free_slot(s, keep);
	if (i < 0 || strlen(kind) > 16) {
		errno = ENFILE;
		return -1;
	}
	snprintf(name, sizeof name, "iolab-%ld-%u.%s", (long)getpid(), s->seq++, kind);
	if ((size_t)snprintf(path, len, "%s/%s", s->dir, name) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd = openat(s->dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	s->data_size[i] = 0;
	memcpy(s->files[i] + 1, name + 1, sizeof name - 1);
	s->files[i][0] = name[0];   /* last: a handler sees no name or all of it */
	*fdp = fd;
	return i;
}

int scratch_create(struct scratch *s, const char *kind, char *path, size_t len)
{
	int fd = -1;
	return create_file(s, kind, 0, path, len, &fd) < 0 ? -1 : fd;
}

/* Is the registered data file still there, ours and of its size? */
static int data_file_intact(const struct scratch *s, int i)
{
	struct stat st;
	return fstatat(s->dirfd, s->files[i], &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISREG(st.st_mode) && (uint64_t)st.st_size == s->data_size[i];
}

static int fill_file(int fd, uint64_t size)
{
	unsigned char *buf = malloc(FILL_CHUNK);
	if (!buf)
		return -1;
	for (uint64_t off = 0; off < size;) {
		size_t n = (size_t)(size - off < FILL_CHUNK ? size - off : FILL_CHUNK);
		scratch_fill_pattern(buf, n, off);
		ssize_t w = write(fd, buf, n);
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			free(buf);
			return -1;
		}
		off += (uint64_t)w;
	}
	free(buf);
	return 0;
}

int scratch_data_file(struct scratch *s, uint64_t size, char *path, size_t len,
                      char *msg, size_t msglen)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++) {
		if (!s->files[i][0] || s->data_size[i] != size)
			continue;
		if (data_file_intact(s, i)) {
			snprintf(path, len, "%s/%s", s->dir, s->files[i]);
			return 0;
		}
		drop_slot(s, i);
	}
	if (scratch_check_space(s, size, msg, msglen) != 0)
		return -1;
	int fd = -1;
	int i = create_file(s, "data", size, path, len, &fd);
	if (i < 0 && (errno == ENFILE || errno == ENAMETOOLONG))
		return errmsg(msg, msglen, "no name for a data file in %s: %s", s->dir, strerror(errno));
	if (i < 0)
		return errmsg(msg, msglen, "cannot create data file %s: %s", path, strerror(errno));
	/* Written back now, once, so no writeback of it runs during a trial. */
	int rc = fill_file(fd, size);
	if (rc == 0)
		rc = fdatasync(fd);
	int err = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc != 0) {
		drop_slot(s, i);
		return errmsg(msg, msglen, "cannot write data file %s: %s%s", path, strerror(err),
		            err == EFBIG ? " (the file size limit of the process, see ulimit -f)" : "");
	}
	s->data_size[i] = size;
	return 0;
}

void scratch_remove(struct scratch *s, const char *path)
{
	int i = find_slot(s, base_name(path));
	if (i >= 0)
		drop_slot(s, i);
}

/* Async-signal-safe: unlinkat over fixed strings, no allocation. */
void scratch_remove_all(struct scratch *s)
{
	if (!s || s->dirfd < 0)
		return;
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (s->files[i][0]) {
			unlinkat(s->dirfd, s->files[i], 0);
			s->files[i][0] = '\0';
			s->data_size[i] = 0;
		}
}

void scratch_close(struct scratch *s)
{
	scratch_remove_all(s);
	if (s->dirfd >= 0)
		close(s->dirfd);
	s->dirfd = -1;
	free(s->dir);
	s->dir = NULL;
}

/* Printable text, '\n' as every 64th byte.  The characters vary with the
 * line and the column so blocks at different offsets differ: a checksum
 * over what a strided loop read tells a wrong block from the right one. */
void scratch_fill_pattern(unsigned char *buf, size_t len, uint64_t offset)
{
	for (size_t i = 0; i < len; i++) {
		uint64_t o = offset + i, line = o >> 6, col = o & 63;
		if (col == 63)
			buf[i] = '\n';
		else
			buf[i] = (unsigned char)(33 + (col * 5 + line * 3 + (line >> 6) * 11) % 94);
	}
}
