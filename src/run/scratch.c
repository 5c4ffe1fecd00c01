/* scratch.c - the private scratch directory and its data files.
 *
 * Every file is created through the directory's fd with
 * O_CREAT|O_EXCL|O_NOFOLLOW, so nothing planted in the directory (a symlink
 * to a victim file, say) is ever followed or overwritten.  The names of
 * live files sit in a fixed array so the signal path can unlink them with
 * unlinkat() and nothing else.
 *
 * Which files are a dead run's is the kernel's to say, not a pid's: a pid
 * seen from here may be another process, or none, for a run in another
 * PID namespace.  Each run holds an flock on iolab-<pid>.lock from open to
 * close (the kernel drops it when the process dies, however it dies); a
 * run's files are stale exactly when that lock can be taken.
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
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "errmsg.h"
#include "machine.h"
#include "scratch.h"
#include "units.h"

#define TMPFS_MAGIC_NUMBER 0x01021994
#define FILL_CHUNK ((size_t)1 << 20)
/* Chunks of a data file being filled that may be in flight to the disk:
 * what a signal or the final fdatasync may have to wait for. */
#define FILL_IN_FLIGHT 8
/* Room left free beyond what a trial needs: the filesystem is shared. */
#define SPACE_MARGIN ((uint64_t)32 << 20)
/* The private directory made inside a --dir that is not private. */
#define PRIVATE_SUBDIR "iolab"
/* Our lock file may be held a moment by a run removing a dead run's files
 * of the same pid: tries, LOCK_NAP_MS apart. */
#define LOCK_TRIES 100
#define LOCK_NAP_MS 10


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

/* The filesystem's name from /proc/self/mountinfo (by device number,
 * machine.h), falling back to the statfs magic for the few we must tell
 * apart. */
static void detect_fstype(struct scratch *s, const struct stat *st)
{
	struct statfs sf;
	char name[sizeof s->fstype];
	s->on_tmpfs = fstatfs(s->dirfd, &sf) == 0 && sf.f_type == TMPFS_MAGIC_NUMBER;
	machine_fstype_of_dev(st->st_dev, name, sizeof name);
	snprintf(s->fstype, sizeof s->fstype, "%s", name[0] ? name : s->on_tmpfs ? "tmpfs" : "unknown");
}

/* --- removing a directory whole ------------------------------------------
 *
 * A command trial's room (scratch_room) holds whatever its program made:
 * files, directories of any depth, modes it chose.  It is removed without
 * recursion, so the stack is fixed whatever the depth, and with system
 * calls only (getdents64, unlinkat, renameat2), so the signal path can do
 * it: each subdirectory's entries are moved up into the room under fresh
 * names and the emptied subdirectory removed, pass after pass, until the
 * room is empty.  Nothing is followed: a symbolic link is an entry like
 * any other, unlinked.  The program that made it is dead by then (the
 * reaper), so nothing is added meanwhile. */

struct dirent64_raw {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

#define ROOM_PASSES_MAX 100000     /* levels of a tree flattened, at most */

static int is_dot(const char *n)
{
	return n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]));
}

/* "h<n>" without snprintf (async-signal-safe). */
static void fresh_name(char *buf, unsigned long n)
{
	char digits[24];
	int k = 0;
	do
		digits[k++] = (char)('0' + n % 10);
	while ((n /= 10) && k < 20);
	buf[0] = 'h';
	for (int i = 0; i < k; i++)
		buf[1 + i] = digits[k - 1 - i];
	buf[1 + k] = '\0';
}

/* Moves every entry of directory sub up into dir.  Whether any moved. */
static int hoist(int sub, int dir, unsigned long *seq)
{
	char buf[2048], name[24];
	int moved = 0;
	long n;
	while ((n = syscall(SYS_getdents64, sub, buf, sizeof buf)) > 0)
		for (long off = 0; off < n;) {
			struct dirent64_raw *d = (struct dirent64_raw *)(buf + off);
			off += d->reclen;
			if (is_dot(d->name))
				continue;
			for (int tries = 0; tries < 64; tries++) {
				fresh_name(name, (*seq)++);
				if (syscall(SYS_renameat2, sub, d->name, dir, name, RENAME_NOREPLACE) == 0) {
					moved = 1;
					break;
				}
				if (errno != EEXIST)
					break;
			}
		}
	return moved;
}

/* One pass over dir: what can be removed is; each subdirectory that is not
 * empty gives its entries up to dir.  1 when dir is empty now, -1 when the
 * pass changed nothing (what is left cannot be removed), else 0. */
static int empty_pass(int dir, unsigned long *seq)
{
	char buf[2048];
	int progress = 0, left = 0;
	long n;
	lseek(dir, 0, SEEK_SET);
	while ((n = syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0)
		for (long off = 0; off < n;) {
			struct dirent64_raw *d = (struct dirent64_raw *)(buf + off);
			off += d->reclen;
			if (is_dot(d->name))
				continue;
			if (unlinkat(dir, d->name, 0) == 0 || unlinkat(dir, d->name, AT_REMOVEDIR) == 0) {
				progress = 1;
				continue;
			}
			left = 1;
			/* ours (the program ran as us), whatever mode it was given */
			fchmodat(dir, d->name, 0700, 0);
			int sub = openat(dir, d->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0) {
				progress |= hoist(sub, dir, seq);
				close(sub);
			}
		}
	return !left ? 1 : progress ? 0 : -1;
}

/* Unlinks name in parent, a directory with all it holds too. */
static void remove_entry(int parent, const char *name)
{
	if (unlinkat(parent, name, 0) == 0 || errno != EISDIR)
		return;
	fchmodat(parent, name, 0700, 0);
	int dir = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dir >= 0) {
		unsigned long seq = 0;
		for (int pass = 0; pass < ROOM_PASSES_MAX && empty_pass(dir, &seq) == 0; pass++)
			;
		close(dir);
	}
	unlinkat(parent, name, AT_REMOVEDIR);
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

/* "iolab-<pid>.lock" -> pid, or 0. */
static long lock_pid(const char *name)
{
	if (strncmp(name, "iolab-", 6) != 0 || name[6] < '1' || name[6] > '9')
		return 0;
	char *end;
	long pid = strtol(name + 6, &end, 10);
	return strcmp(end, ".lock") == 0 && pid > 0 ? pid : 0;
}

static void lock_name(char *buf, size_t len, long pid)
{
	snprintf(buf, len, "iolab-%ld.lock", pid);
}

static void nap_ms(long ms)
{
	struct timespec ts = {0, ms * 1000000L};
	nanosleep(&ts, NULL);
}

/* Calls fn(s, name, arg) for every entry of the directory. */
static void each_entry(struct scratch *s, void (*fn)(struct scratch *, const char *, long), long arg)
{
	int fd = dup(s->dirfd);
	if (fd < 0)
		return;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	rewinddir(d);             /* a dup shares the offset of the last walk */
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		fn(s, e->d_name, arg);
	closedir(d);
}

static void unlink_if_of(struct scratch *s, const char *name, long pid)
{
	if (name_pid(name) == pid)
		remove_entry(s->dirfd, name);
}

/* Every data file named with pid: only for a run that is over (the caller
 * holds its lock). */
static void remove_files_of(struct scratch *s, long pid)
{
	each_entry(s, unlink_if_of, pid);
}

/* A lock file no process holds is a run that is over: its files go, then
 * the lock file, unlinked while we hold it (a new run with that pid waits
 * on it, then finds the name gone and makes its own). */
static void remove_if_unlocked(struct scratch *s, const char *name, long unused)
{
	(void)unused;
	long pid = lock_pid(name);
	if (pid == 0 || pid == (long)getpid())
		return;
	int fd = openat(s->dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0) {
		remove_files_of(s, pid);
		unlinkat(s->dirfd, name, 0);
	}
	close(fd);
}

/* A data file whose run has no lock file was left by an iolab from before
 * the lock files: its pid is all there is to go by, as it was then.  A pid
 * reused by an unrelated process keeps its files: erring safe. */
static void remove_if_lockless_and_dead(struct scratch *s, const char *name, long unused)
{
	(void)unused;
	char lock[32];
	struct stat st;
	long pid = name_pid(name);
	if (pid == 0 || pid == (long)getpid())
		return;
	lock_name(lock, sizeof lock, pid);
	if (fstatat(s->dirfd, lock, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT)
		return;
	if (kill((pid_t)pid, 0) == -1 && errno == ESRCH)
		remove_entry(s->dirfd, name);
}

/* Files of runs that are over (killed, crashed) are ours to remove. */
static void remove_stale(struct scratch *s)
{
	each_entry(s, remove_if_unlocked, 0);
	each_entry(s, remove_if_lockless_and_dead, 0);
}

/* Holds this run's lock for its whole life.  A lock file already there
 * with our pid is a dead run's (we got its lock): its files go. */
static int take_lock(struct scratch *s, char *msg, size_t len)
{
	lock_name(s->lockname, sizeof s->lockname, (long)getpid());
	for (int tries = 0; tries < LOCK_TRIES; tries++) {
		int inherited = 0;
		int fd = openat(s->dirfd, s->lockname, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno == EEXIST) {
			inherited = 1;
			fd = openat(s->dirfd, s->lockname, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
			if (fd < 0 && errno == ENOENT)
				continue;       /* removed by a run cleaning up: anew */
		}
		if (fd < 0)
			return errmsg(msg, len, "cannot open the lock file %s/%s: %s", s->dir ? s->dir : "",
			              s->lockname, strerror(errno));
		struct stat st, now;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
			close(fd);
			return errmsg(msg, len, "%s in the scratch directory is not a lock file of yours "
			              "(remove it, or choose another directory with --dir)", s->lockname);
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			int err = errno;
			close(fd);
			if (err != EWOULDBLOCK)
				return errmsg(msg, len, "cannot lock %s: %s", s->lockname, strerror(err));
			nap_ms(LOCK_NAP_MS);
			continue;
		}
		/* Still the file under that name?  A run removing a dead run's
		 * lock unlinks it while holding it. */
		if (fstatat(s->dirfd, s->lockname, &now, AT_SYMLINK_NOFOLLOW) != 0 ||
		    now.st_dev != st.st_dev || now.st_ino != st.st_ino) {
			close(fd);
			continue;
		}
		s->lockfd = fd;
		if (inherited)
			remove_files_of(s, (long)getpid());
		return 0;
	}
	return errmsg(msg, len, "another process holds %s in the scratch directory: a run of iolab "
	              "with the same process id in another PID namespace? (choose another "
	              "directory with --dir)", s->lockname);
}

/* A symlink or a non-directory is refused. */
static int check_dir(const char *dir, const struct stat *st, char *msg, size_t len)
{
	if (S_ISLNK(st->st_mode))
		return errmsg(msg, len, "scratch directory %s is a symbolic link; refusing to follow it "
		            "(remove the link, or choose another directory with --dir)", dir);
	if (!S_ISDIR(st->st_mode))
		return errmsg(msg, len, "scratch directory %s exists but is not a directory "
		            "(remove it, or choose another directory with --dir)", dir);
	return 0;
}

static int not_ours(const char *dir, const struct stat *st, char *msg, size_t len)
{
	return errmsg(msg, len, "scratch directory %s is owned by uid %u, not by you (uid %u); "
	            "refusing to use it (choose another directory with --dir)",
	            dir, (unsigned)st->st_uid, (unsigned)geteuid());
}

/* Used as it is only when ours and private: iolab never changes the mode
 * of a directory (a --dir of /tmp, / or a home directory kept its). */
static int is_private(const struct stat *st)
{
	return st->st_uid == geteuid() && !(st->st_mode & 077);
}

/* Where anyone may make an entry and remove only their own (the sticky
 * bit: /tmp): a private directory of ours may be made in one not ours. */
static int is_shared_sticky(const struct stat *st)
{
	return (st->st_mode & S_ISVTX) && (st->st_mode & S_IWOTH);
}

/* Opens `name` (relative to `at`) as a directory without following a
 * symlink, checked to be the directory lstat saw, and to be ours (or, when
 * shared_ok, a sticky shared one): said before an open that another's
 * permissions would refuse.  The descriptor, or -1 with msg naming it
 * `shown`. */
static int open_checked(int at, const char *name, const char *shown, int shared_ok,
                        struct stat *st, char *msg, size_t len)
{
	struct stat lst;
	if (fstatat(at, name, &lst, AT_SYMLINK_NOFOLLOW) != 0)
		return errmsg(msg, len, "cannot use scratch directory %s: %s", shown, strerror(errno));
	if (check_dir(shown, &lst, msg, len))
		return -1;
	if (lst.st_uid != geteuid() && !(shared_ok && is_shared_sticky(&lst)))
		return not_ours(shown, &lst, msg, len);
	int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errmsg(msg, len, "cannot open scratch directory %s: %s", shown, strerror(errno));
	/* The directory we opened must be the one we checked. */
	if (fstat(fd, st) != 0 || st->st_dev != lst.st_dev || st->st_ino != lst.st_ino) {
		close(fd);
		return errmsg(msg, len, "scratch directory %s changed while it was being opened", shown);
	}
	return fd;
}

/* The private directory inside `parent` (not private itself): made, or an
 * earlier run's reused when it is ours and private; never chmod'ed. */
static int open_private_subdir(int parent, const char *dir, const struct stat *pst,
                               char *sub, size_t sublen, char *msg, size_t len)
{
	struct stat st;
	if ((size_t)snprintf(sub, sublen, "%s/%s", strcmp(dir, "/") ? dir : "", PRIVATE_SUBDIR) >= sublen)
		return errmsg(msg, len, "scratch directory %.64s...: %s", dir, strerror(ENAMETOOLONG));
	if (mkdirat(parent, PRIVATE_SUBDIR, 0700) != 0 && errno != EEXIST)
		return errmsg(msg, len, "scratch directory %s is not private (mode %04o), and a private "
		            "directory cannot be made in it: %s: %s (choose another directory with --dir)",
		            dir, (unsigned)(pst->st_mode & 07777), sub, strerror(errno));
	int fd = open_checked(parent, PRIVATE_SUBDIR, sub, 0, &st, msg, len);
	if (fd < 0)
		return -1;
	if (st.st_mode & 077) {
		close(fd);
		return errmsg(msg, len, "scratch directory %s is not private (mode %04o); iolab does not "
		            "change the mode of a directory (make it private with chmod 700, or choose "
		            "another directory with --dir)", sub, (unsigned)(st.st_mode & 07777));
	}
	return fd;
}

/* Opens the directory to use: `dir` itself, created private when missing
 * or already private and ours; else a private one inside it (*inside set,
 * *mode dir's).  Its path in `used`. */
static int open_dir(struct scratch *s, const char *dir, char *used, size_t usedlen,
                    int *inside, unsigned *mode, char *msg, size_t len)
{
	struct stat st;
	*inside = 0;
	make_parents(dir);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return errmsg(msg, len, "cannot create scratch directory %s: %s "
		            "(choose another directory with --dir)", dir, strerror(errno));
	int fd = open_checked(AT_FDCWD, dir, dir, 1, &st, msg, len);
	if (fd < 0)
		return -1;
	if (is_private(&st)) {
		s->dirfd = fd;
		snprintf(used, usedlen, "%s", dir);
	} else {
		s->dirfd = open_private_subdir(fd, dir, &st, used, usedlen, msg, len);
		close(fd);
		if (s->dirfd < 0)
			return -1;
		*inside = 1;
		*mode = (unsigned)(st.st_mode & 07777);
		if (fstat(s->dirfd, &st) != 0)
			return errmsg(msg, len, "cannot use scratch directory %s: %s", used, strerror(errno));
	}
	if (access(used, W_OK | X_OK) != 0)
		return errmsg(msg, len, "scratch directory %s is not writable: %s "
		            "(fix its permissions, or choose another directory with --dir)",
		            used, strerror(errno));
	detect_fstype(s, &st);
	s->has_device = device_identify(DEVICE_SYSFS, st.st_dev, s->fstype, &s->device,
	                                s->device_note, sizeof s->device_note) == 0;
	return 0;
}

/* "scratch directory /tmp is not private (mode 1777): using /tmp/iolab,
 * a private directory inside it" */
static void set_note(struct scratch *s, const char *dir, unsigned mode)
{
	const char *fmt = "scratch directory %s is not private (mode %04o): using %s, "
	                  "a private directory inside it";
	int n = snprintf(NULL, 0, fmt, dir, mode, s->dir);
	if (n > 0 && (s->note = malloc((size_t)n + 1)) != NULL)
		snprintf(s->note, (size_t)n + 1, fmt, dir, mode, s->dir);
}

int scratch_open(struct scratch *s, const char *dir, char *msg, size_t len)
{
	memset(s, 0, sizeof *s);
	s->dirfd = s->lockfd = -1;
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
	char used[PATH_MAX];
	int inside;
	unsigned mode = 0;
	if (open_dir(s, dir, used, sizeof used, &inside, &mode, msg, len) != 0) {
		scratch_close(s);
		return -1;
	}
	/* Absolute, so the path handed to a command means the same file. */
	s->dir = realpath(used, NULL);
	if (!s->dir) {
		errmsg(msg, len, "cannot resolve scratch directory %s: %s", used, strerror(errno));
		scratch_close(s);
		return -1;
	}
	if (inside)
		set_note(s, dir, mode);
	if (take_lock(s, msg, len) != 0) {
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

/* Is the name in slot i still the file we created (or one we never
 * created, a name only)?  Async-signal-safe. */
static int slot_is_ours(const struct scratch *s, int i)
{
	struct stat st;
	if (!s->file_ino[i])
		return 1;
	return fstatat(s->dirfd, s->files[i], &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       (uint64_t)st.st_dev == s->file_dev[i] && (uint64_t)st.st_ino == s->file_ino[i];
}

/* Unlinks slot i's file, if still ours, and frees the slot.
 * Async-signal-safe. */
static void clear_slot(struct scratch *s, int i)
{
	if (slot_is_ours(s, i))
		remove_entry(s->dirfd, s->files[i]);
	s->files[i][0] = '\0';
	s->data_size[i] = 0;
	s->file_dev[i] = s->file_ino[i] = 0;
}

/* A free slot; when all are taken, the data file not of `keep` size goes. */
static int free_slot(struct scratch *s, uint64_t keep)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (!s->files[i][0])
			return i;
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (s->data_size[i] && s->data_size[i] != keep) {
			clear_slot(s, i);
			return i;
		}
	return -1;
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
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int err = errno;
		unlinkat(s->dirfd, name, 0);      /* just made by us */
		close(fd);
		errno = err;
		return -1;
	}
	s->data_size[i] = 0;
	s->file_dev[i] = (uint64_t)st.st_dev;
	s->file_ino[i] = (uint64_t)st.st_ino;
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

int scratch_room(struct scratch *s, char *path, size_t len)
{
	char name[sizeof s->files[0]];
	int i = free_slot(s, 0);
	if (i < 0) {
		errno = ENFILE;
		return -1;
	}
	snprintf(name, sizeof name, "iolab-%ld-%u.room", (long)getpid(), s->seq++);
	if ((size_t)snprintf(path, len, "%s/%s", s->dir, name) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (mkdirat(s->dirfd, name, 0700) != 0)
		return -1;
	struct stat st;
	if (fstatat(s->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode)) {
		int err = errno;
		unlinkat(s->dirfd, name, AT_REMOVEDIR);
		errno = err ? err : EEXIST;
		return -1;
	}
	s->data_size[i] = 0;
	s->file_dev[i] = (uint64_t)st.st_dev;
	s->file_ino[i] = (uint64_t)st.st_ino;
	memcpy(s->files[i] + 1, name + 1, sizeof name - 1);
	s->files[i][0] = name[0];   /* last: a handler sees no name or all of it */
	return 0;
}

/* Is the registered data file still there, the one we made, of its size? */
static int data_file_intact(const struct scratch *s, int i)
{
	struct stat st;
	return fstatat(s->dirfd, s->files[i], &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISREG(st.st_mode) && (uint64_t)st.st_size == s->data_size[i] &&
	       (uint64_t)st.st_dev == s->file_dev[i] && (uint64_t)st.st_ino == s->file_ino[i];
}

/* The chunk just written goes to the disk now, and the one FILL_IN_FLIGHT
 * chunks back is waited for: the dirty pages stay a few megabytes, so
 * neither a signal nor the final fdatasync waits for gigabytes of them.
 * Best effort: where sync_file_range does nothing, fdatasync does it all. */
static void write_behind(int fd, uint64_t off, uint64_t n)
{
	const uint64_t back = (uint64_t)FILL_IN_FLIGHT * FILL_CHUNK;
	sync_file_range(fd, (off_t)off, (off_t)n, SYNC_FILE_RANGE_WRITE);
	if (off >= back)
		sync_file_range(fd, (off_t)(off - back), (off_t)n, SYNC_FILE_RANGE_WAIT_BEFORE |
		                SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
}

/* size bytes of the pattern; between two chunks a stop asked for
 * (s->interrupted) gives up: -1 with errno EINTR. */
static int fill_file(const struct scratch *s, int fd, uint64_t size)
{
	unsigned char *buf = malloc(FILL_CHUNK);
	if (!buf)
		return -1;
	for (uint64_t off = 0; off < size;) {
		if (s->interrupted && s->interrupted()) {
			free(buf);
			errno = EINTR;
			return -1;
		}
		size_t n = (size_t)(size - off < FILL_CHUNK ? size - off : FILL_CHUNK);
		scratch_fill_pattern(buf, n, off);
		ssize_t w = write(fd, buf, n);
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			free(buf);
			return -1;
		}
		write_behind(fd, off, (uint64_t)w);
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
		clear_slot(s, i);
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
	int rc = fill_file(s, fd, size);
	if (rc == 0)
		rc = fdatasync(fd);
	int err = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc != 0) {
		clear_slot(s, i);              /* a partial file is no data file */
		if (err == EINTR)
			return errmsg(msg, msglen, "interrupted while writing data file %s", path);
		return errmsg(msg, msglen, "cannot write data file %s: %s%s", path, strerror(err),
		            err == EFBIG ? " (the file size limit of the process, see ulimit -f)" : "");
	}
	s->data_size[i] = size;
	return 0;
}

int scratch_prefilled_file(struct scratch *s, uint64_t size, char *path, size_t len,
                           char *msg, size_t msglen)
{
	if (scratch_check_space(s, size, msg, msglen) != 0)
		return -1;
	int fd = -1;
	int i = create_file(s, "out", 0, path, len, &fd);
	if (i < 0 && (errno == ENFILE || errno == ENAMETOOLONG))
		return errmsg(msg, msglen, "no name for a file in %s: %s", s->dir, strerror(errno));
	if (i < 0)
		return errmsg(msg, msglen, "cannot create a file in %s: %s", s->dir, strerror(errno));
	/* fsync, not fdatasync: the size and the allocation are on the device
	 * too, so the overwrite that follows has only its own changes to sync */
	int rc = fill_file(s, fd, size);
	if (rc == 0)
		rc = fsync(fd);
	int err = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc == 0)
		return 0;
	clear_slot(s, i);
	if (err == EINTR)
		return errmsg(msg, msglen, "interrupted while writing %s", path);
	return errmsg(msg, msglen, "cannot write %s: %s%s", path, strerror(err),
	              err == EFBIG ? " (the file size limit of the process, see ulimit -f)" : "");
}

int scratch_file_intact(const struct scratch *s, const char *path, char *msg, size_t len)
{
	struct stat st;
	int i = find_slot(s, base_name(path));
	if (i < 0 || !s->file_ino[i])
		return 0;
	if (fstatat(s->dirfd, s->files[i], &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errmsg(msg, len, "the trial's file %s was removed while the trial ran (by another "
		            "program?); nothing measured on it is kept", path);
	if ((uint64_t)st.st_dev != s->file_dev[i] || (uint64_t)st.st_ino != s->file_ino[i])
		return errmsg(msg, len, "the trial's file %s was replaced by another file while the trial "
		            "ran (by another program?); nothing measured on it is kept", path);
	return 0;
}

void scratch_remove(struct scratch *s, const char *path)
{
	int i = find_slot(s, base_name(path));
	if (i >= 0)
		clear_slot(s, i);
}

/* Async-signal-safe: unlinkat over fixed strings, no allocation. */
void scratch_remove_all(struct scratch *s)
{
	if (!s || s->dirfd < 0)
		return;
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (s->files[i][0])
			clear_slot(s, i);
}

void scratch_close(struct scratch *s)
{
	scratch_remove_all(s);
	/* the lock last, and unlinked while still held: until then our files
	 * are ours, and after it there are none */
	if (s->lockfd >= 0) {
		unlinkat(s->dirfd, s->lockname, 0);
		close(s->lockfd);
	}
	s->lockfd = -1;
	if (s->dirfd >= 0)
		close(s->dirfd);
	s->dirfd = -1;
	free(s->dir);
	s->dir = NULL;
	free(s->note);
	s->note = NULL;
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
