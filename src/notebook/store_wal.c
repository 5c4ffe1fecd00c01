/* store_wal.c - is the notebook's write-ahead log whole?
 *
 * SQLite reads a log's frames up to the first whose checksum fails and
 * takes that one and everything after it for a transaction that never
 * finished: right after a crash in the middle of an append, silently wrong
 * when a committed frame was damaged later (a flipped bit on the disk).
 * Then the runs of the last transactions vanish on the next open, and the
 * next write overwrites the damaged frames, so they cannot even be
 * recovered by hand.
 *
 * An unfinished append is told apart from damage by what an append leaves:
 * it writes at the end of the log, so its last frame is cut short by the
 * end of the file.  A frame wholly inside the file, of this generation of
 * the log (its salts are the header's), whose checksum fails was written
 * whole and damaged since.  The check is made only while no other program
 * has the database open (no lock on the -shm's "dead man switch" byte, as
 * SQLite itself asks before it rebuilds the index): a log being appended to
 * right now is never judged.
 *
 * The format is SQLite's (https://www.sqlite.org/fileformat2.html#walformat):
 * a 32-byte header, then frames of a 24-byte header and one page; the
 * checksum runs through the header and every frame in order.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_impl.h"

#define WAL_HEADER 32
#define FRAME_HEADER 24
#define SHM_DMS_BYTE 128          /* unix VFS: (22 + 8) * 4 + 8 */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* SQLite's running checksum over n bytes (n a multiple of 8). */
static void checksum(int big, const unsigned char *p, size_t n, uint32_t s[2])
{
	for (size_t i = 0; i + 8 <= n; i += 8) {
		s[0] += (big ? be32(p + i) : le32(p + i)) + s[1];
		s[1] += (big ? be32(p + i + 4) : le32(p + i + 4)) + s[0];
	}
}

/* Another connection holds a read lock on the -shm's DMS byte for as long
 * as it has the database open. */
int store_in_use(const char *db_path)
{
	char shm[4096 + 8];
	snprintf(shm, sizeof shm, "%s-shm", db_path);
	int fd = open(shm, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SHM_DMS_BYTE,
	                    .l_len = 1 };
	int busy = fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type != F_UNLCK;
	close(fd);
	return busy;
}

int store_wal_check(const char *db_path, char *why, size_t len)
{
	char wal[4096 + 8];
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	int fd = open(wal, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return 0;
	struct stat sb;
	unsigned char h[WAL_HEADER];
	int damaged = 0;
	if (store_in_use(db_path) || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    pread(fd, h, sizeof h, 0) != (ssize_t)sizeof h)
		goto done;
	uint32_t magic = be32(h), page = be32(h + 8);
	if ((magic & ~1u) != 0x377f0682u || page < 512 || page > 65536 || (page & (page - 1)))
		goto done;            /* not a log SQLite would read either */
	int big = magic & 1;
	uint32_t s[2] = { 0, 0 };
	checksum(big, h, 24, s);
	if (s[0] != be32(h + 24) || s[1] != be32(h + 28)) {
		/* a header that fails hides every frame behind it */
		if ((off_t)(WAL_HEADER + FRAME_HEADER + page) <= sb.st_size) {
			snprintf(why, len, "its log %s is damaged (its header's checksum fails), so the "
			         "runs recorded last would be lost", wal);
			damaged = 1;
		}
		goto done;
	}
	unsigned char *frame = malloc(FRAME_HEADER + page);
	if (!frame)
		goto done;
	for (off_t at = WAL_HEADER, n = 1; at + FRAME_HEADER + page <= sb.st_size;
	     at += FRAME_HEADER + page, n++) {
		if (pread(fd, frame, FRAME_HEADER + page, at) != (ssize_t)(FRAME_HEADER + page) ||
		    memcmp(frame + 8, h + 16, 8) != 0)
			break;        /* an older generation of the log: not read */
		checksum(big, frame, 8, s);
		checksum(big, frame + FRAME_HEADER, page, s);
		if (s[0] != be32(frame + 16) || s[1] != be32(frame + 20)) {
			snprintf(why, len, "its log %s is damaged (frame %lld's checksum fails), so the "
			         "runs recorded last would be lost", wal, (long long)n);
			damaged = 1;
			break;
		}
	}
	free(frame);
done:
	close(fd);
	return damaged;
}
