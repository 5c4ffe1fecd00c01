/* wl_run.c - the child's I/O loops.
 *
 * Shape: a cursor walks the file in the lecture's order (positions 0, s, 2s,
 * ... to the end, then block, s+block, ...; sequential is the same walk with
 * s = block and no seeks).  Within one column of that walk every access has
 * the same length, so a run of k accesses is a tight loop that does the call,
 * one compare and (reads) folds the first byte into the checksum; nothing
 * else happens per operation.  Runs are grouped into chunks; only between
 * chunks does the child read the clock, publish progress, look at the stop
 * flag and the time limit.  One variant of the loop per kind of I/O, chosen
 * once, so no loop tests what kind it is.
 *
 * The checksum is the sum of the first byte of every access (for 1-byte
 * accesses: of every byte).  It is the same for read(), fread() and mmap,
 * and for strided and sequential walks that visit the same blocks, so tests
 * can compare them; and it keeps the compiler from dropping mmap loads.
 *
 * The child does no read- or write-family syscall outside the measured loop
 * (its /proc/PID/io must count the loop alone): results go to the shared
 * block, and streams are never fclose()d, since that could flush a failed
 * stream's buffer; _exit() releases everything.
 *
 * A program that syncs every N writes (sync_every) is the same loop run N
 * writes at a time, with the sync between runs (run_sync_every): a
 * countdown compare per run, the sync itself the work the lesson asks for.
 *
 * Work per pass, never per operation: a cold read evicts the file between
 * passes (posix_fadvise DONTNEED; a mapping is unmapped first and made
 * again) with the clock paused, checks that the eviction took, and gives
 * the lesson's advice again (then waits its advice_lead), so every pass
 * starts as the first did; the CPU clock is read at the loop's ends and
 * around each eviction.  With `map: per_pass` each timed pass maps the
 * file before its first copy and unmaps it after its last (the copy loop
 * itself is the same).  None of these is a read- or write-family call.
 * The memory is freed once the results are out (release()), so that each
 * child leaves valgrind no leak to report.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "countof.h"
#include "coverage.h"
#include "measure.h"
#include "wl_scenario.h"
#include "wl_run.h"

/* Tells the compiler that memory at p is read here: a copy into p cannot
 * be elided. */
#define USE_MEMORY(p) __asm__ volatile("" : : "r"(p) : "memory")
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

struct ctx;
struct walk_visitor;
/* Do k accesses at pos, pos+step, ... of len bytes each.  Returns how many
 * completed; fewer than k means the next one failed (recorded, counted). */
typedef uint64_t (*run_fn)(struct ctx *x, uint64_t k);
/* Put the streams/fd at the start of a pass (second and later passes, or
 * every pass for several streams).  0, or -1 on failure (recorded). */
typedef int (*rewind_fn)(struct ctx *x);

struct ctx {
	const struct wl_spec *spec;
	struct wl_shared *sh;
	run_fn run;
	rewind_fn rewind;
	int rewind_first;         /* rewind before the first pass too */
	rewind_fn pass_end;       /* at the end of every pass, timed (or NULL) */
	run_fn run_each;          /* sync_every: the write loop run() wraps */
	uint64_t sync_left;       /* sync_every: writes until the next sync */
	int fd;
	int data_fd;              /* the data file, however opened: to evict and measure */
	FILE *f;
	FILE **fs;                /* several streams: fs[i] serves region i (mod nfs) */
	unsigned nfs;
	const unsigned char *map;
	unsigned char *wmap;      /* a write's mapping (shared, writable) */
	unsigned char *buf;       /* block buffer, page aligned (O_DIRECT) */
	void **vbufs;             /* the buffers given to setvbuf, for release() */
	unsigned nvbufs;
	/* the walk */
	uint64_t size, block, step, col, pos, len;
	uint64_t delta;           /* added to a position per access: step, or
	                             -step (mod 2^64) when the walk is reversed */
	int reverse;              /* order: reverse - columns and positions last to first */
	int seek;                 /* the fwrite text loop seeks before each access */
	int pass_done;
	/* what was done */
	uint64_t sum, bytes, calls[CALL_KINDS];
	unsigned passes;
	int failed, stopped, time_limited;
	int64_t t0;
	/* per pass, never per operation */
	int counting;             /* the perf pass: only the loop's own syscalls */
	int64_t untimed;          /* ns of evictions, taken off the clock */
	struct cpu_split cpu0, cpu_untimed;  /* CPU at the start, and in evictions */
	double evicted_max;       /* most found cached after an eviction */
	unsigned evictions;
	uint64_t extra_syscalls;  /* evictions' syscalls (counting only) */
	const struct walk_visitor *visitor;  /* wl_run_walk_visit only */
};

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The process's CPU seconds so far, user and system apart: 0, or -1 in
 * the perf pass, which must make no syscall of its own (getrusage is
 * one).  Its total is the scheduler's own account, to the nanosecond. */
static int cpu_now(const struct ctx *x, struct cpu_split *c)
{
	struct rusage ru;
	c->user = c->system = -1;
	if (x->counting || getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	c->user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
	c->system = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
	return 0;
}

/* --- errors --------------------------------------------------------------- */

void wl_run_error_text(char *buf, size_t len, const char *call, int err, unsigned open_flags,
                   const char *fstype)
{
	const char *hint = "";
	char fs_hint[96];
	enum call_kind kind;
	/* stdio's own buffer is what O_DIRECT cannot use: fread, fwrite ... */
	int stdio = wl_call_kind_from_name(call, &kind) == 0 && wl_call_kind_info(kind)->is_stdio;
	if (err == EINVAL && (open_flags & WL_OPEN_DIRECT)) {
		if (strcmp(call, "open") == 0 && fstype && *fstype && strcmp(fstype, "unknown") != 0) {
			snprintf(fs_hint, sizeof fs_hint, " (this filesystem (%.40s) does not support O_DIRECT)",
			         fstype);
			hint = fs_hint;
		} else if (strcmp(call, "open") == 0)
			hint = " (this filesystem does not support O_DIRECT)";
		else if (stdio)
			hint = " (O_DIRECT needs the buffer, block sizes and offsets aligned to the "
			       "device's logical block size, 512 or 4096 bytes; stdio's buffer is not)";
		else
			hint = " (O_DIRECT needs block sizes and offsets aligned to the device's "
			       "logical block size, 512 or 4096 bytes)";
	} else if (err == EFBIG) {
		hint = " (the file size limit of the process, see ulimit -f)";
	}
	snprintf(buf, len, "%s: %s%s", call, strerror(err), hint);
}

static void set_failed_call(struct wl_shared *sh, const char *call)
{
	snprintf(sh->failed_call, sizeof sh->failed_call, "%s", call);
}

/* Records a failed call.  Call right after it: errno is read here. */
static void fail_errno(struct ctx *x, const char *call)
{
	int err = errno;
	x->failed = 1;
	x->sh->err = err;
	set_failed_call(x->sh, call);
	wl_run_error_text(x->sh->error, sizeof x->sh->error, call, err, x->spec->open_flags, NULL);
}

static void fail_text(struct ctx *x, const char *text)
{
	x->failed = 1;
	x->sh->err = 0;
	snprintf(x->sh->error, sizeof x->sh->error, "%s", text);
}

/* A read that returned r != len: an error, or the file ended early. */
static void read_failed(struct ctx *x, const char *call, ssize_t r)
{
	if (r < 0) {
		fail_errno(x, call);
		return;
	}
	x->bytes += (uint64_t)r;
	char text[128];
	snprintf(text, sizeof text, "%s: unexpected end of file (the data file is shorter than "
	         "expected: was it changed during the trial?)", call);
	fail_text(x, text);
	set_failed_call(x->sh, call);
}

/* A stdio read (call: "fread", "fgetc" ...) that moved n bytes short. */
static void stream_read_failed(struct ctx *x, FILE *f, size_t n, const char *call)
{
	x->bytes += n;
	if (ferror(f))
		fail_errno(x, call);
	else
		read_failed(x, call, 0);
}

static void fread_failed(struct ctx *x, FILE *f, size_t n)
{
	stream_read_failed(x, f, n, "fread");
}

/* A write() that moved r != len bytes: finish the block as a real program
 * would (short writes happen when the disk fills or a limit is reached).
 * 0 when the block got written; -1 with the error recorded and the
 * partial bytes counted.  Counts the extra write calls. */
static int write_rest(struct ctx *x, ssize_t r, const unsigned char *buf, size_t len)
{
	size_t done = 0;
	for (;;) {
		if (r <= 0) {
			x->bytes += done;
			if (r == 0)
				errno = EIO;
			fail_errno(x, "write");
			return -1;
		}
		done += (size_t)r;
		if (done >= len)
			return 0;
		x->calls[CALL_WRITE]++;
		r = write(x->fd, buf + done, len - done);
	}
}

/* --- the loops: one per kind of I/O --------------------------------------- */

static uint64_t run_write(struct ctx *x, uint64_t k)
{
	const int fd = x->fd;
	const unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i;
	for (i = 0; i < k; i++) {
		ssize_t r = write(fd, buf, len);
		if (UNLIKELY(r != (ssize_t)len) && write_rest(x, r, buf, len) != 0) {
			x->calls[CALL_WRITE]++;
			break;
		}
	}
	x->calls[CALL_WRITE] += i;
	x->bytes += i * len;
	return i;
}

static uint64_t run_write_seek(struct ctx *x, uint64_t k)
{
	const int fd = x->fd;
	const unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i, p = x->pos;
	for (i = 0; i < k; i++, p += x->delta) {
		if (UNLIKELY(lseek(fd, (off_t)p, SEEK_SET) < 0)) {
			x->calls[CALL_LSEEK]++;
			fail_errno(x, "lseek");
			break;
		}
		ssize_t r = write(fd, buf, len);
		if (UNLIKELY(r != (ssize_t)len) && write_rest(x, r, buf, len) != 0) {
			x->calls[CALL_LSEEK]++;
			x->calls[CALL_WRITE]++;
			break;
		}
	}
	x->calls[CALL_LSEEK] += i;
	x->calls[CALL_WRITE] += i;
	x->bytes += i * len;
	return i;
}

static uint64_t run_read(struct ctx *x, uint64_t k)
{
	const int fd = x->fd;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i, sum = x->sum;
	for (i = 0; i < k; i++) {
		ssize_t r = read(fd, buf, len);
		if (UNLIKELY(r != (ssize_t)len)) {
			x->calls[CALL_READ]++;
			read_failed(x, "read", r);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_READ] += i;
	x->bytes += i * len;
	return i;
}

static uint64_t run_read_seek(struct ctx *x, uint64_t k)
{
	const int fd = x->fd;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->delta;
	uint64_t i, p = x->pos, sum = x->sum;
	for (i = 0; i < k; i++, p += step) {
		if (UNLIKELY(lseek(fd, (off_t)p, SEEK_SET) < 0)) {
			x->calls[CALL_LSEEK]++;
			fail_errno(x, "lseek");
			break;
		}
		ssize_t r = read(fd, buf, len);
		if (UNLIKELY(r != (ssize_t)len)) {
			x->calls[CALL_LSEEK]++;
			x->calls[CALL_READ]++;
			read_failed(x, "read", r);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_LSEEK] += i;
	x->calls[CALL_READ] += i;
	x->bytes += i * len;
	return i;
}

/* fwrite from a fixed buffer. */
static uint64_t run_fwrite(struct ctx *x, uint64_t k)
{
	FILE *f = x->f;
	const unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i;
	for (i = 0; i < k; i++) {
		size_t n = fwrite(buf, 1, len, f);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FWRITE]++;
			x->bytes += n;
			fail_errno(x, "fwrite");
			break;
		}
	}
	x->calls[CALL_FWRITE] += i;
	x->bytes += i * len;
	return i;
}

/* fwrite of the text the file would hold at each position ('\n' every 64
 * bytes), so line-buffered stdio has lines to flush on; and fseek first
 * when strided.  buf holds len + 64 bytes of that 64-periodic text. */
static uint64_t run_fwrite_text(struct ctx *x, uint64_t k)
{
	FILE *f = x->f;
	const unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->delta;
	const int seek = x->seek;
	uint64_t i, p = x->pos;
	for (i = 0; i < k; i++, p += step) {
		if (seek && UNLIKELY(fseeko(f, (off_t)p, SEEK_SET) != 0)) {
			x->calls[CALL_FSEEK]++;
			fail_errno(x, "fseek");
			break;
		}
		size_t n = fwrite(buf + (p & 63), 1, len, f);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FSEEK] += (uint64_t)seek;
			x->calls[CALL_FWRITE]++;
			x->bytes += n;
			fail_errno(x, "fwrite");
			break;
		}
	}
	x->calls[CALL_FSEEK] += seek ? i : 0;
	x->calls[CALL_FWRITE] += i;
	x->bytes += i * len;
	return i;
}

static uint64_t run_fread(struct ctx *x, uint64_t k)
{
	FILE *f = x->f;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i, sum = x->sum;
	for (i = 0; i < k; i++) {
		size_t n = fread(buf, 1, len, f);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FREAD]++;
			fread_failed(x, f, n);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_FREAD] += i;
	x->bytes += i * len;
	return i;
}

static uint64_t run_fread_seek(struct ctx *x, uint64_t k)
{
	FILE *f = x->f;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->delta;
	uint64_t i, p = x->pos, sum = x->sum;
	for (i = 0; i < k; i++, p += step) {
		if (UNLIKELY(fseeko(f, (off_t)p, SEEK_SET) != 0)) {
			x->calls[CALL_FSEEK]++;
			fail_errno(x, "fseek");
			break;
		}
		size_t n = fread(buf, 1, len, f);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FSEEK]++;
			x->calls[CALL_FREAD]++;
			fread_failed(x, f, n);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_FSEEK] += i;
	x->calls[CALL_FREAD] += i;
	x->bytes += i * len;
	return i;
}

/* One stream per region (r10-stridestdiomulti): the walk's next access is
 * in the next region, so the streams take turns and each reads its region
 * sequentially from its own buffer, with no seek. */
static uint64_t run_fread_streams(struct ctx *x, uint64_t k)
{
	FILE **fs = x->fs + x->pos / x->step;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	uint64_t i, sum = x->sum;
	for (i = 0; i < k; i++) {
		size_t n = fread(buf, 1, len, fs[i]);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FREAD]++;
			fread_failed(x, fs[i], n);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_FREAD] += i;
	x->bytes += i * len;
	return i;
}

/* Fewer streams than regions: region r is served by stream r mod n, which
 * must seek there first. */
static uint64_t run_fread_streams_seek(struct ctx *x, uint64_t k)
{
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->step;
	const unsigned nfs = x->nfs;
	unsigned r = (unsigned)((x->pos / step) % nfs);
	uint64_t i, p = x->pos, sum = x->sum;
	for (i = 0; i < k; i++, p += step) {
		FILE *f = x->fs[r];
		if (++r == nfs)
			r = 0;
		if (UNLIKELY(fseeko(f, (off_t)p, SEEK_SET) != 0)) {
			x->calls[CALL_FSEEK]++;
			fail_errno(x, "fseek");
			break;
		}
		size_t n = fread(buf, 1, len, f);
		if (UNLIKELY(n != len)) {
			x->calls[CALL_FSEEK]++;
			x->calls[CALL_FREAD]++;
			fread_failed(x, f, n);
			break;
		}
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_FSEEK] += i;
	x->calls[CALL_FREAD] += i;
	x->bytes += i * len;
	return i;
}

/* One load per byte: volatile, so it is neither dropped nor vectorised
 * into something the lecture did not measure.  A pointer running to an
 * end pointer, no separate counter: at ~1 cycle a byte, one more add in
 * the loop would cost a quarter of the rate. */
static uint64_t run_mmap_byte(struct ctx *x, uint64_t k)
{
	const uint64_t step = x->step;
	const volatile unsigned char *q = x->map + x->pos, *end = q + k * step;
	uint64_t sum = x->sum;
	for (; q != end; q += step)
		sum += *q;
	x->sum = sum;
	x->calls[CALL_MEMREAD] += k;
	x->bytes += k;
	return k;
}

/* Sequential bytes: a constant step, which the CPU adds for free (a
 * variable step measured 20% slower here). */
static uint64_t run_mmap_byte_seq(struct ctx *x, uint64_t k)
{
	const volatile unsigned char *q = x->map + x->pos, *end = q + k;
	uint64_t sum = x->sum;
	for (; q != end; q++)
		sum += *q;
	x->sum = sum;
	x->calls[CALL_MEMREAD] += k;
	x->bytes += k;
	return k;
}

static uint64_t run_mmap_block(struct ctx *x, uint64_t k)
{
	const unsigned char *map = x->map;
	unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->delta;
	uint64_t p = x->pos, sum = x->sum;
	for (uint64_t i = 0; i < k; i++, p += step) {
		memcpy(buf, map + p, len);
		USE_MEMORY(buf);
		sum += buf[0];
	}
	x->sum = sum;
	x->calls[CALL_MEMREAD] += k;
	x->bytes += k * len;
	return k;
}

/* A reverse walk of bytes: the same volatile loads, down the file. */
static uint64_t run_mmap_byte_back(struct ctx *x, uint64_t k)
{
	const volatile unsigned char *map = x->map;
	const uint64_t step = x->step;
	uint64_t p = x->pos, sum = x->sum;
	for (uint64_t i = 0; i < k; i++, p -= step)
		sum += map[p];
	x->sum = sum;
	x->calls[CALL_MEMREAD] += k;
	x->bytes += k;
	return k;
}

/* --- writes through a mapping ---------------------------------------------- */

/* One volatile store per byte, for the reason the byte loads are volatile:
 * the loop the lecture measured, not a memset the compiler made of it. */
static uint64_t run_mmap_store_seq(struct ctx *x, uint64_t k)
{
	volatile unsigned char *q = x->wmap + x->pos, *end = q + k;
	const unsigned char c = x->buf[0];
	for (; q != end; q++)
		*q = c;
	x->calls[CALL_MEMWRITE] += k;
	x->bytes += k;
	return k;
}

/* Strided or reversed bytes: the position moves by delta. */
static uint64_t run_mmap_store(struct ctx *x, uint64_t k)
{
	volatile unsigned char *map = x->wmap;
	const uint64_t step = x->delta;
	const unsigned char c = x->buf[0];
	uint64_t p = x->pos;
	for (uint64_t i = 0; i < k; i++, p += step)
		map[p] = c;
	x->calls[CALL_MEMWRITE] += k;
	x->bytes += k;
	return k;
}

static uint64_t run_mmap_store_block(struct ctx *x, uint64_t k)
{
	unsigned char *map = x->wmap;
	const unsigned char *buf = x->buf;
	const size_t len = (size_t)x->len;
	const uint64_t step = x->delta;
	uint64_t p = x->pos;
	for (uint64_t i = 0; i < k; i++, p += step)
		memcpy(map + p, buf, len);
	USE_MEMORY(map);
	x->calls[CALL_MEMWRITE] += k;
	x->bytes += k * len;
	return k;
}

/* --- one character per stdio call ------------------------------------------ */

/* fgetc and getc_unlocked: the same loop, the call named once (a function
 * each, so neither loop tests which call it makes). */
#define GETC_LOOP(name, CALL, kind) \
	static uint64_t name(struct ctx *x, uint64_t k) \
	{ \
		FILE *f = x->f; \
		uint64_t i, sum = x->sum; \
		for (i = 0; i < k; i++) { \
			int c = CALL(f); \
			if (UNLIKELY(c == EOF)) { \
				x->calls[kind]++; \
				stream_read_failed(x, f, 0, #CALL); \
				break; \
			} \
			sum += (unsigned char)c; \
		} \
		x->sum = sum; \
		x->calls[kind] += i; \
		x->bytes += i; \
		return i; \
	}

/* fputc and putc_unlocked of the text the file holds at each position, so
 * line buffering has its newlines. */
#define PUTC_LOOP(name, CALL, kind) \
	static uint64_t name(struct ctx *x, uint64_t k) \
	{ \
		FILE *f = x->f; \
		const unsigned char *text = x->buf; \
		uint64_t i, p = x->pos; \
		for (i = 0; i < k; i++, p++) \
			if (UNLIKELY(CALL(text[p & 63], f) == EOF)) { \
				x->calls[kind]++; \
				fail_errno(x, #CALL); \
				break; \
			} \
		x->calls[kind] += i; \
		x->bytes += i; \
		return i; \
	}

GETC_LOOP(run_fgetc, fgetc, CALL_FGETC)
GETC_LOOP(run_getc_unlocked, getc_unlocked, CALL_GETC_UNLOCKED)
PUTC_LOOP(run_fputc, fputc, CALL_FPUTC)
PUTC_LOOP(run_putc_unlocked, putc_unlocked, CALL_PUTC_UNLOCKED)

/* op: seek.  Bytes are defined as `block` per lseek (the positions passed
 * over), so a pass over the file counts size bytes and, with block 1, the
 * rate in B/s is the number of lseek calls per second. */
static uint64_t run_lseek(struct ctx *x, uint64_t k)
{
	const int fd = x->fd;
	const uint64_t step = x->delta;
	uint64_t i, p = x->pos;
	for (i = 0; i < k; i++, p += step)
		if (UNLIKELY(lseek(fd, (off_t)p, SEEK_SET) < 0)) {
			x->calls[CALL_LSEEK]++;
			fail_errno(x, "lseek");
			break;
		}
	x->calls[CALL_LSEEK] += i;
	x->bytes += i * x->len;
	return i;
}

/* --- syncs ----------------------------------------------------------------- */

/* stdio's buffer into the kernel, as a program does before it syncs.
 * 0, or -1 with the failure recorded (and the buffer dropped: nothing may
 * be written after a failure). */
static int flush_stream(struct ctx *x)
{
	if (!x->f)
		return 0;
	x->calls[CALL_FFLUSH]++;
	if (fflush(x->f) == 0)
		return 0;
	fail_errno(x, "fflush");
	__fpurge(x->f);
	return -1;
}

/* The lesson's sync on the file.  0, or -1 with the failure recorded. */
static int sync_data(struct ctx *x)
{
	int fd = x->f ? fileno(x->f) : x->fd;
	if (x->spec->sync == WL_SYNC_FSYNC) {
		x->calls[CALL_FSYNC]++;
		if (fsync(fd) != 0) {
			fail_errno(x, "fsync");
			return -1;
		}
	} else if (x->spec->sync == WL_SYNC_FDATASYNC) {
		x->calls[CALL_FDATASYNC]++;
		if (fdatasync(fd) != 0) {
			fail_errno(x, "fdatasync");
			return -1;
		}
	} else if (x->spec->sync == WL_SYNC_MSYNC && x->wmap) {
		x->calls[CALL_MSYNC]++;
		if (msync(x->wmap, (size_t)x->size, MS_SYNC) != 0) {
			fail_errno(x, "msync");
			return -1;
		}
	}
	return 0;
}

/* sync_every: the write loop (x->run_each) in runs of at most the writes
 * left before the next sync, then the flush and the sync.  Per write only
 * the loop's own work; per run a countdown compare.  The walk's position
 * moves with each run (a strided loop seeks from x->pos) and is put back
 * for do_chunk, which advances it by what was done. */
static uint64_t run_sync_every(struct ctx *x, uint64_t k)
{
	const uint64_t pos = x->pos, every = x->spec->sync_every;
	uint64_t done = 0;
	while (done < k) {
		uint64_t n = k - done < x->sync_left ? k - done : x->sync_left;
		uint64_t got = x->run_each(x, n);
		done += got;
		x->pos += got * x->delta;
		if (got < n)
			break;
		if ((x->sync_left -= n) == 0) {
			x->sync_left = every;
			if (flush_stream(x) != 0 || sync_data(x) != 0)
				break;
		}
	}
	x->pos = pos;
	return done;
}

/* --- rewinds between passes ----------------------------------------------- */

static int rewind_fd(struct ctx *x)
{
	x->calls[CALL_LSEEK]++;
	if (lseek(x->fd, 0, SEEK_SET) < 0) {
		fail_errno(x, "lseek");
		return -1;
	}
	return 0;
}

static int rewind_stream(struct ctx *x)
{
	x->calls[CALL_FSEEK]++;
	if (fseeko(x->f, 0, SEEK_SET) != 0) {
		fail_errno(x, "fseek");
		return -1;
	}
	return 0;
}

/* Each stream to the start of its region. */
static int rewind_streams(struct ctx *x)
{
	for (unsigned i = 0; i < x->nfs; i++) {
		x->calls[CALL_FSEEK]++;
		if (fseeko(x->fs[i], (off_t)(i * x->step), SEEK_SET) != 0) {
			fail_errno(x, "fseek");
			return -1;
		}
	}
	return 0;
}

/* --- setup ---------------------------------------------------------------- */

static int open_flags(const struct wl_spec *spec)
{
	int flags = O_CLOEXEC | O_NOFOLLOW;
	if (spec->open_flags & WL_OPEN_SYNC)
		flags |= O_SYNC;
	if (spec->open_flags & WL_OPEN_DSYNC)
		flags |= O_DSYNC;
	if (spec->open_flags & WL_OPEN_DIRECT)
		flags |= O_DIRECT;
	if (spec->op == WL_OP_WRITE && spec->api == WL_API_MMAP)
		flags |= O_RDWR;            /* a shared writable mapping needs both */
	else if (spec->op == WL_OP_WRITE)
		flags |= O_WRONLY;          /* created empty by the parent */
	else
		flags |= O_RDONLY;
	return flags;
}

static const int advice_values[] = {
	POSIX_FADV_NORMAL, POSIX_FADV_SEQUENTIAL, POSIX_FADV_RANDOM,
	POSIX_FADV_WILLNEED, POSIX_FADV_DONTNEED, POSIX_FADV_NOREUSE,
};

static int open_file(struct ctx *x, const char *path)
{
	int fd = open(path, open_flags(x->spec), 0600);
	if (fd < 0) {
		fail_errno(x, "open");
		return -1;
	}
	x->data_fd = fd;
	int rc = posix_fadvise(fd, 0, 0, advice_values[x->spec->fadvise]);
	if (rc != 0) {
		errno = rc;
		fail_errno(x, "posix_fadvise");
		return -1;
	}
	return fd;
}

/* 64-periodic text: what line-buffered writes need to see. */
static void fill_text(unsigned char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		buf[i] = (i & 63) == 63 ? '\n' : (unsigned char)('a' + (i & 63) % 26);
}

static int set_buffering(struct ctx *x, FILE *f)
{
	const struct wl_spec *s = x->spec;
	static const int modes[] = {_IOFBF, _IOLBF, _IONBF};
	int rc = 0;
	errno = 0;
	if (s->stdio_buffer == 0 || s->stdio_mode == WL_STDIO_NONE) {
		rc = setvbuf(f, NULL, _IONBF, 0);
	} else if (s->stdio_buffer > 0) {
		void *b = NULL;
		void **more = realloc(x->vbufs, (x->nvbufs + 1) * sizeof *more);
		if (more)
			x->vbufs = more;
		if (!more || posix_memalign(&b, 4096, (size_t)s->stdio_buffer) != 0) {
			errno = ENOMEM;
			fail_errno(x, "setvbuf");
			return -1;
		}
		x->vbufs[x->nvbufs++] = b;
		rc = setvbuf(f, b, modes[s->stdio_mode], (size_t)s->stdio_buffer);
	} else if (s->stdio_mode == WL_STDIO_LINE) {
		rc = setvbuf(f, NULL, _IOLBF, 0);
	}
	if (rc != 0) {
		if (!errno)
			errno = EINVAL;
		fail_errno(x, "setvbuf");
		return -1;
	}
	return 0;
}

static FILE *open_stream(struct ctx *x, const char *path)
{
	int fd = open_file(x, path);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, x->spec->op == WL_OP_WRITE ? "w" : "r");
	if (!f) {
		fail_errno(x, "fdopen");
		return NULL;
	}
	return set_buffering(x, f) == 0 ? f : NULL;
}

static int setup_streams(struct ctx *x, const char *path)
{
	uint64_t regions = (x->size + x->step - 1) / x->step;
	x->nfs = x->spec->streams < regions ? x->spec->streams : (unsigned)regions;
	x->fs = calloc(x->nfs, sizeof *x->fs);
	if (!x->fs) {
		errno = ENOMEM;
		fail_errno(x, "fopen");
		return -1;
	}
	for (unsigned i = 0; i < x->nfs; i++)
		if (!(x->fs[i] = open_stream(x, path)))
			return -1;
	if (x->nfs == regions) {
		x->run = run_fread_streams;
		x->rewind = rewind_streams;
		x->rewind_first = 1;
	} else {
		x->run = run_fread_streams_seek;
	}
	return 0;
}

/* The whole file mapped read-only, with the lesson's advice.  Callers
 * count the mmap() when it is the workload's (not an eviction's remap). */
static int map_file(struct ctx *x)
{
	static const int madvice[] = {
		MADV_NORMAL, MADV_SEQUENTIAL, MADV_RANDOM, MADV_WILLNEED, MADV_DONTNEED, MADV_NORMAL,
	};
	void *map = mmap(NULL, (size_t)x->size, PROT_READ, MAP_SHARED, x->fd, 0);
	if (map == MAP_FAILED) {
		fail_errno(x, "mmap");
		return -1;
	}
	madvise(map, (size_t)x->size, madvice[x->spec->fadvise]);
	x->map = map;
	return 0;
}

/* map: per_pass - the mapping is made at the start of every timed pass
 * (a rewind, the first pass's included) and undone at its end, so its
 * page-table set-up, the page faults of a new mapping and the tear-down
 * are all on the clock. */
static int map_pass(struct ctx *x)
{
	x->calls[CALL_MMAP]++;
	return map_file(x);
}

static int unmap_pass(struct ctx *x)
{
	x->calls[CALL_MUNMAP]++;
	if (munmap((void *)x->map, (size_t)x->size) != 0) {
		fail_errno(x, "munmap");
		return -1;
	}
	x->map = NULL;
	return 0;
}

static int setup_mmap(struct ctx *x, const char *path)
{
	x->fd = open_file(x, path);
	if (x->fd < 0)
		return -1;
	if (x->spec->map == WL_MAP_PER_PASS) {
		x->rewind = map_pass;
		x->rewind_first = 1;
		x->pass_end = unmap_pass;
	} else {
		x->calls[CALL_MMAP]++;        /* once, before the clock starts */
		if (map_file(x) != 0)
			return -1;
	}
	if (x->block > 1)
		x->run = run_mmap_block;
	else if (x->reverse)
		x->run = run_mmap_byte_back;
	else
		x->run = x->step == 1 ? run_mmap_byte_seq : run_mmap_byte;
	return 0;
}

/* A write through a mapping: the file sized with ftruncate (a new file is
 * empty, and a mapping cannot grow a file; `file: existing` already has
 * its size, so a program maps it as it is), then mapped shared and
 * writable.  Counted; on the clock with map: per_pass. */
static int map_write(struct ctx *x)
{
	if (x->spec->file != WL_FILE_EXISTING) {
		x->calls[CALL_FTRUNCATE]++;
		if (ftruncate(x->fd, (off_t)x->size) != 0) {
			fail_errno(x, "ftruncate");
			return -1;
		}
	}
	x->calls[CALL_MMAP]++;
	void *map = mmap(NULL, (size_t)x->size, PROT_READ | PROT_WRITE, MAP_SHARED, x->fd, 0);
	if (map == MAP_FAILED) {
		fail_errno(x, "mmap");
		return -1;
	}
	x->wmap = map;
	return 0;
}

/* The end of a mapped write, after its sync (msync needs the mapping):
 * on the clock either way, as a program's munmap would be. */
static int unmap_write(struct ctx *x)
{
	x->calls[CALL_MUNMAP]++;
	int rc = munmap(x->wmap, (size_t)x->size);
	x->wmap = NULL;
	if (rc != 0)
		fail_errno(x, "munmap");
	return rc;
}

static int setup_mmap_write(struct ctx *x, const char *path)
{
	x->fd = open_file(x, path);
	if (x->fd < 0)
		return -1;
	if (x->spec->map == WL_MAP_PER_PASS) {
		x->rewind = map_write;
		x->rewind_first = 1;
	} else if (map_write(x) != 0) {   /* before the clock starts */
		return -1;
	}
	if (x->block > 1)
		x->run = run_mmap_store_block;
	else
		x->run = x->step == 1 && !x->reverse ? run_mmap_store_seq : run_mmap_store;
	return 0;
}

/* The walk needs a seek before each access: strided, or reversed. */
static int walks_by_seek(const struct ctx *x)
{
	return x->spec->stride || x->reverse;
}

/* The text loop when line buffering needs its newlines at the file's
 * positions, or when strided (it is the fwrite loop that seeks). */
static int setup_fwrite(struct ctx *x, const char *path)
{
	const struct wl_spec *s = x->spec;
	x->seek = walks_by_seek(x);
	int text = x->seek || (s->stdio_mode == WL_STDIO_LINE && s->block % 64);
	if (!(x->f = open_stream(x, path)))
		return -1;
	static const run_fn by_call[] = {
		[WL_SCALL_FPUTC] = run_fputc, [WL_SCALL_PUTC_UNLOCKED] = run_putc_unlocked,
	};
	if (s->stdio_call != WL_SCALL_BLOCK)
		x->run = by_call[s->stdio_call];    /* sequential: a rule of the spec */
	else
		x->run = text ? run_fwrite_text : run_fwrite;
	return 0;
}

static int setup_write_fd(struct ctx *x, const char *path)
{
	if ((x->fd = open_file(x, path)) < 0)
		return -1;
	x->run = walks_by_seek(x) ? run_write_seek : run_write;
	return 0;
}

static int setup_fread(struct ctx *x, const char *path)
{
	const struct wl_spec *s = x->spec;
	if (s->streams > 1)
		return setup_streams(x, path);
	if (!(x->f = open_stream(x, path)))
		return -1;
	static const run_fn by_call[] = {
		[WL_SCALL_FGETC] = run_fgetc, [WL_SCALL_GETC_UNLOCKED] = run_getc_unlocked,
	};
	if (s->stdio_call != WL_SCALL_BLOCK)
		x->run = by_call[s->stdio_call];    /* sequential: a rule of the spec */
	else
		x->run = walks_by_seek(x) ? run_fread_seek : run_fread;
	x->rewind = walks_by_seek(x) ? NULL : rewind_stream;
	return 0;
}

static int setup_read_fd(struct ctx *x, const char *path)
{
	if ((x->fd = open_file(x, path)) < 0)
		return -1;
	x->run = walks_by_seek(x) ? run_read_seek : run_read;
	x->rewind = walks_by_seek(x) ? NULL : rewind_fd;
	return 0;
}

static int setup_lseek(struct ctx *x, const char *path)
{
	if ((x->fd = open_file(x, path)) < 0)
		return -1;
	x->run = run_lseek;
	return 0;
}

/* The setup of each family of loops a kind names (wl_kind.c); a command
 * has none: it is exec'd. */
typedef int (*setup_fn)(struct ctx *x, const char *path);
static const setup_fn setups[WL_LOOPS] = {
	[WL_LOOP_WRITE] = setup_write_fd,
	[WL_LOOP_FWRITE] = setup_fwrite,
	[WL_LOOP_READ] = setup_read_fd,
	[WL_LOOP_FREAD] = setup_fread,
	[WL_LOOP_MMAP] = setup_mmap,
	[WL_LOOP_LSEEK] = setup_lseek,
	[WL_LOOP_MMAP_WRITE] = setup_mmap_write,
};

int wl_run_has_loop(enum wl_loop loop)
{
	return (unsigned)loop < WL_LOOPS && setups[loop] != NULL;
}

static int setup(struct ctx *x, const char *path)
{
	/* The buffer: page aligned for O_DIRECT, 64 spare bytes for the text
	 * writes' sliding start. */
	void *b = NULL;
	if (posix_memalign(&b, 4096, (size_t)x->block + 64) != 0) {
		errno = ENOMEM;
		fail_errno(x, "malloc");
		return -1;
	}
	x->buf = b;
	fill_text(x->buf, (size_t)x->block + 64);
	const struct wl_kind *k = wl_kind_of(x->spec);
	if (!k || !wl_run_has_loop(k->loop)) {
		errno = EINVAL;           /* wl_spec_check refuses such a spec */
		fail_errno(x, "setup");
		return -1;
	}
	if (setups[k->loop](x, path) != 0)
		return -1;
	if (x->spec->op == WL_OP_WRITE && x->spec->sync_every) {
		x->run_each = x->run;
		x->run = run_sync_every;
		x->sync_left = x->spec->sync_every;
	}
	return 0;
}

/* --- the walk ------------------------------------------------------------- */

/* A reverse walk visits the forward walk's positions last to first: its
 * columns from the last to the first, each from its last position (the
 * short access at the file's end, if any, comes first) down to its first. */
static void column_start(struct ctx *x)
{
	x->len = x->step - x->col < x->block ? x->step - x->col : x->block;
	x->pos = x->reverse ? x->col + (x->size - 1 - x->col) / x->step * x->step : x->col;
}

static void pass_start(struct ctx *x)
{
	x->col = x->reverse ? (x->step - 1) / x->block * x->block : 0;
	x->pass_done = 0;
	column_start(x);
}

static void next_column(struct ctx *x)
{
	if (x->reverse) {
		if (x->col == 0)
			x->pass_done = 1;
		else {
			x->col -= x->block;
			column_start(x);
		}
		return;
	}
	x->col += x->block;
	if (x->col >= x->step)
		x->pass_done = 1;
	else
		column_start(x);
}

/* Full-length accesses left in this column (0: a short last one, pos <
 * size, is all that is left - or, reversed, comes next). */
static uint64_t column_left(const struct ctx *x)
{
	if (x->pos + x->len > x->size)
		return 0;
	if (x->reverse)
		return (x->pos - x->col) / x->step + 1;
	return (x->size - x->len - x->pos) / x->step + 1;
}

/* After k accesses from pos: the next position, or the next column. */
static void advance(struct ctx *x, uint64_t k)
{
	if (!x->reverse) {
		x->pos += k * x->step;
		if (x->pos >= x->size)
			next_column(x);
	} else if (x->pos - x->col < k * x->step) {
		next_column(x);
	} else {
		x->pos -= k * x->step;
	}
}

/* Up to `budget` accesses, stopping at the end of the pass. */
static void do_chunk(struct ctx *x, uint64_t budget)
{
	while (budget && !x->pass_done && !x->failed) {
		uint64_t k, left = column_left(x);
		if (left == 0) {
			uint64_t keep = x->len;
			x->len = x->size - x->pos;
			k = 1;
			uint64_t done = x->run(x, 1);
			x->len = keep;
			if (done < 1)
				return;
		} else {
			k = left < budget ? left : budget;
			if (x->run(x, k) < k)
				return;
		}
		advance(x, k);
		budget -= k;
	}
}

/* Once per chunk: a handful of relaxed stores, nothing per operation;
 * the calls by kind and their sum in one walk. */
static void publish(struct ctx *x)
{
	uint64_t total = 0;
	atomic_store_explicit(&x->sh->bytes, x->bytes, memory_order_relaxed);
	for (int k = 0; k < CALL_KINDS; k++) {
		total += x->calls[k];
		atomic_store_explicit(&x->sh->calls_now[k], x->calls[k], memory_order_relaxed);
	}
	atomic_store_explicit(&x->sh->calls, total, memory_order_relaxed);
}

/* --- evictions between cold passes ----------------------------------------- */

/* Drop the file's pages: DONTNEED skips pages that are mapped, so a
 * mapping is undone first and made again after.  0, or -1 with the
 * failure recorded.  Counts its syscalls for the perf pass. */
static int evict(struct ctx *x)
{
	int mapped = x->map != NULL;
	if (mapped) {
		munmap((void *)x->map, (size_t)x->size);
		x->map = NULL;
		x->extra_syscalls++;
	}
	int rc = posix_fadvise(x->data_fd, 0, 0, POSIX_FADV_DONTNEED);
	x->extra_syscalls++;
	if (rc != 0) {
		errno = rc;
		fail_errno(x, "posix_fadvise");
		return -1;
	}
	if (mapped) {
		x->extra_syscalls += 2;       /* mmap, madvise */
		return map_file(x);
	}
	return 0;
}

/* advice_lead: sleep that long after the advice, as a program would do
 * other work before it reads.  Sleeping, not computing: the device's work
 * needs no CPU of ours, and a busy loop would take the CPU from the rest
 * of a 2-core machine.  0, or -1 when the clock cannot be read.  Counts
 * its syscalls for the perf pass when asked (between passes). */
static int wait_advice_lead(struct ctx *x, int count)
{
	if (!(x->spec->advice_lead > 0))
		return 0;
	struct timespec until;
	if (clock_gettime(CLOCK_MONOTONIC, &until) != 0)
		return -1;
	int64_t ns = (int64_t)(x->spec->advice_lead * 1e9);
	until.tv_sec += (time_t)(ns / 1000000000);
	until.tv_nsec += (long)(ns % 1000000000);
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	int rc;
	do {
		rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL);
		if (count)
			x->extra_syscalls++;
	} while (rc == EINTR);
	return 0;
}

/* A cold read's later pass starts as the first did: the lesson's advice
 * given again (the eviction dropped what a WILLNEED fetched), then its
 * lead waited.  0, or -1 with the failure recorded. */
static int advise_again(struct ctx *x)
{
	if (x->spec->fadvise == WL_ADV_NORMAL)
		return 0;
	int rc = posix_fadvise(x->data_fd, 0, 0, advice_values[x->spec->fadvise]);
	x->extra_syscalls++;
	if (rc != 0) {
		errno = rc;
		fail_errno(x, "posix_fadvise");
		return -1;
	}
	return wait_advice_lead(x, 1);
}

/* Between two passes of a cold read: evict with the clock paused, then
 * check that it took (not in the perf pass, which only repeats the work),
 * then advise again.  0 to go on; -1 to end the trial with the passes
 * done - the kernel kept the pages (a later pass would read warm ones),
 * or the eviction failed (then x->failed says so).  A residency that
 * cannot be told lets it go on, as the engine's check before the first
 * pass does. */
static int evict_between_passes(struct ctx *x)
{
	int64_t t0 = now_ns();
	struct cpu_split c0, c1;
	int have_c0 = cpu_now(x, &c0) == 0;
	int rc = evict(x);
	if (rc == 0 && !x->counting) {
		struct measure_pages p;
		if (measure_pages_fd(x->data_fd, MEASURE_RES_AUTO, &p) == 0) {
			if (p.fraction > x->evicted_max)
				x->evicted_max = p.fraction;
			if (p.fraction > WL_COLD_MAX_RESIDENT)
				rc = -1;
		}
	}
	if (rc == 0)
		rc = advise_again(x);
	if (rc == 0)             /* a pass follows it: the perf pass's does too */
		x->evictions++;
	if (have_c0 && cpu_now(x, &c1) == 0) {
		x->cpu_untimed.user += c1.user - c0.user;
		x->cpu_untimed.system += c1.system - c0.system;
	}
	x->untimed += now_ns() - t0;
	atomic_store_explicit(&x->sh->untimed_ns, x->untimed, memory_order_relaxed);
	return rc;
}

/* Up to `chunk` accesses, never past an exact byte budget: an access moves
 * at most `block` bytes, so rem / block of them cannot overshoot, and the
 * walk is the timed trial's, so the budget ends on an access boundary. */
static uint64_t chunk_budget(const struct ctx *x, uint64_t chunk, uint64_t exact_bytes)
{
	if (!exact_bytes)
		return chunk;
	uint64_t rem = exact_bytes > x->bytes ? exact_bytes - x->bytes : 0;
	uint64_t cap = rem / x->block;
	if (cap == 0)
		cap = 1;
	return cap < chunk ? cap : chunk;
}

/* Passes until min_time (reads and seeks; a write is one pass), the time
 * limit, or a stop request, whichever first; or, when the parent asked for
 * exact_passes, that many passes; or, for exact_bytes, exactly that many
 * bytes (the perf pass of a trial that was cut short).  A cold read evicts
 * the file between passes, untimed; min_time counts timed time only, the
 * time limit counts wall time (evictions too). */
static void loop(struct ctx *x)
{
	const struct wl_spec *s = x->spec;
	struct wl_shared *sh = x->sh;
	const int cold = wl_spec_evicts_between_passes(s);
	const int repeat = wl_spec_repeats_passes(s) || cold;
	const int64_t min_ns = repeat ? (int64_t)(s->min_time * 1e9) : 0;
	const unsigned exact = sh->exact_passes;
	const uint64_t exact_bytes = sh->exact_bytes;
	uint64_t chunk = 1;

	pass_start(x);
	cpu_now(x, &x->cpu0);
	x->t0 = now_ns();
	const int64_t deadline = x->t0 + (int64_t)(s->time_limit * 1e9);
	int64_t last = x->t0;
	atomic_store_explicit(&sh->start_ns, x->t0, memory_order_relaxed);
	atomic_store_explicit(&sh->phase, WL_PHASE_RUNNING, memory_order_release);
	if (x->rewind_first && x->rewind(x) != 0)
		return;
	for (;;) {
		do_chunk(x, chunk_budget(x, chunk, exact_bytes));
		int64_t t = now_ns(), skip = 0;
		publish(x);
		if (x->failed)
			return;
		if (x->pass_done) {
			if (x->pass_end && x->pass_end(x) != 0)
				return;
			x->passes++;
			if (!repeat)
				return;
			/* a trial cut short had started its next pass (evicted,
			 * rewound) before it stopped: so does its repetition */
			if (!exact_bytes &&
			    (exact ? x->passes >= exact : t - x->t0 - x->untimed >= min_ns))
				return;
			int64_t paused = x->untimed;
			if (cold && evict_between_passes(x) != 0)
				return;
			skip = x->untimed - paused;
			pass_start(x);
			if (x->rewind && x->rewind(x) != 0)
				return;
		}
		if (exact_bytes && x->bytes >= exact_bytes)
			return;
		if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
			x->stopped = 1;
			return;
		}
		if (t >= deadline) {
			x->stopped = x->time_limited = 1;
			return;
		}
		/* the chunk's own time: an eviction after it (and its advice
		 * lead) falls between this chunk and the next, in neither */
		int64_t dt = t - last;
		last = t + skip;
		if (dt < WL_CHUNK_MIN_NS && chunk < WL_CHUNK_MAX_OPS)
			chunk <<= 1;
		else if (dt > WL_CHUNK_MAX_NS && chunk > 1)
			chunk >>= 1;
	}
}

/* The end of a write is part of it: stdio's last buffer, then the sync
 * (none when sync_every's last one came after the last write), then a
 * mapping's munmap. */
static void finish_write(struct ctx *x)
{
	if (flush_stream(x) != 0)
		return;
	if (!x->spec->sync_every || x->sync_left != x->spec->sync_every)
		sync_data(x);
	if (x->wmap && !x->failed)
		unmap_write(x);
}

static void report(struct ctx *x, int64_t t_end, const struct cpu_split *cpu_end)
{
	struct wl_shared *sh = x->sh;
	publish(x);
	memcpy(sh->calls_by_kind, x->calls, sizeof x->calls);
	sh->checksum = x->sum;
	sh->passes = x->passes;
	sh->seconds = x->t0 ? (double)(t_end - x->t0 - x->untimed) * 1e-9 : 0.0;
	sh->cpu_seconds = sh->cpu_user = sh->cpu_system = -1;
	if (x->t0 && x->cpu0.user >= 0 && cpu_end->user >= 0) {
		double user = cpu_end->user - x->cpu0.user - x->cpu_untimed.user;
		double system = cpu_end->system - x->cpu0.system - x->cpu_untimed.system;
		sh->cpu_user = user > 0 ? user : 0;
		sh->cpu_system = system > 0 ? system : 0;
		sh->cpu_seconds = sh->cpu_user + sh->cpu_system;
	}
	sh->evictions = x->evictions;
	sh->resident_evicted_max = x->evicted_max;
	sh->extra_syscalls = x->extra_syscalls;
	sh->failed = x->failed;
	sh->stopped = x->stopped;
	sh->time_limited = x->time_limited;
	atomic_store_explicit(&sh->phase, WL_PHASE_DONE, memory_order_release);
}

/* After report(): the streams are never used again (neither flushed nor
 * closed, see the top, and _exit() does neither), so their buffers and
 * the block buffer can go.  Outside the timed loop; the child's memory
 * would go at _exit() anyway, but valgrind counted it lost in every child. */
static void release(struct ctx *x)
{
	for (unsigned i = 0; i < x->nvbufs; i++)
		free(x->vbufs[i]);
	free(x->vbufs);
	free(x->fs);
	free(x->buf);
	x->vbufs = NULL;
	x->fs = NULL;
	x->buf = NULL;
	x->nvbufs = 0;
}

/* A scenario instead of a loop: one run of its program, timed whole; its
 * bytes are what the file holds after it. */
static int run_scenario(struct ctx *x, const char *path, int perf_stops)
{
	const char *call = NULL;
	struct stat st;
	if (perf_stops)
		kill(getpid(), SIGSTOP);
	cpu_now(x, &x->cpu0);
	x->t0 = now_ns();
	atomic_store_explicit(&x->sh->start_ns, x->t0, memory_order_relaxed);
	atomic_store_explicit(&x->sh->phase, WL_PHASE_RUNNING, memory_order_release);
	if (wl_scenario_run(x->spec, path, x->calls, &call) != 0)
		fail_errno(x, call ? call : "scenario");
	else
		x->passes = 1;
	int64_t t_end = now_ns();
	struct cpu_split cpu_end;
	cpu_now(x, &cpu_end);
	if (perf_stops)
		kill(getpid(), SIGSTOP);
	if (!x->failed && stat(path, &st) == 0)
		x->bytes = (uint64_t)st.st_size;
	report(x, t_end, &cpu_end);
	return x->failed ? -1 : 0;
}

int wl_run(const struct wl_spec *spec, const char *path, struct wl_shared *sh, int perf_stops)
{
	struct ctx x;
	memset(&x, 0, sizeof x);
	x.spec = spec;
	x.sh = sh;
	x.fd = x.data_fd = -1;
	x.counting = perf_stops;
	x.evicted_max = -1;
	x.size = spec->size;
	x.block = spec->block;
	x.step = spec->stride ? spec->stride : spec->block;
	x.reverse = spec->order == WL_ORDER_REVERSE;
	x.delta = x.reverse ? 0 - x.step : x.step;
	pid_t self = getpid();

	const struct cpu_split no_cpu = {-1, -1};
	sh->resident_after_advice = -1;
	if (spec->scenario != WL_SCENARIO_NONE)
		return run_scenario(&x, path, perf_stops);
	if (setup(&x, path) != 0) {
		report(&x, 0, &no_cpu);
		release(&x);
		return -1;
	}
	/* the other work a program does between its advice and its reads
	 * (advice_lead): before the clock starts, outside the perf window */
	if (wait_advice_lead(&x, 0) != 0) {
		fail_errno(&x, "clock_gettime");
		report(&x, 0, &no_cpu);
		release(&x);
		return -1;
	}
	/* what the advice did before the loop begins (a WILLNEED's readahead
	 * may still be under way, unless advice_lead gave it time): untimed,
	 * and outside the perf window */
	if (spec->fadvise != WL_ADV_NORMAL && !perf_stops && x.data_fd >= 0) {
		struct measure_pages p;
		if (measure_pages_fd(x.data_fd, MEASURE_RES_AUTO, &p) == 0)
			sh->resident_after_advice = p.fraction;
	}
	if (perf_stops)
		kill(self, SIGSTOP);
	loop(&x);
	if (spec->op == WL_OP_WRITE && !x.failed)
		finish_write(&x);
	else if (x.failed && x.f)
		__fpurge(x.f);        /* nothing may be written after the loop */
	int64_t t_end = now_ns();
	struct cpu_split cpu_end;
	cpu_now(&x, &cpu_end);
	if (perf_stops)
		kill(self, SIGSTOP);
	report(&x, t_end, &cpu_end);
	release(&x);
	return x.failed ? -1 : 0;
}

/* --- the walk, for tests ---------------------------------------------------- */

struct walk_visitor {
	void (*visit)(void *arg, uint64_t pos, uint64_t len);
	void *arg;
};

/* A run function that does no I/O: it hands each access's position (as
 * the loops compute it, pos + i * delta) and length to the visitor. */
static uint64_t run_visit(struct ctx *x, uint64_t k)
{
	const struct walk_visitor *v = x->visitor;
	uint64_t p = x->pos;
	for (uint64_t i = 0; i < k; i++, p += x->delta)
		v->visit(v->arg, p, x->len);
	return k;
}

uint64_t wl_run_walk_visit(const struct wl_spec *spec, uint64_t budget,
                       void (*visit)(void *arg, uint64_t pos, uint64_t len), void *arg)
{
	struct walk_visitor v = {visit, arg};
	struct ctx x;
	uint64_t chunks = 0;
	memset(&x, 0, sizeof x);
	x.spec = spec;
	x.size = spec->size;
	x.block = spec->block;
	x.step = spec->stride ? spec->stride : spec->block;
	x.reverse = spec->order == WL_ORDER_REVERSE;
	x.delta = x.reverse ? 0 - x.step : x.step;
	x.visitor = &v;
	x.run = run_visit;
	pass_start(&x);
	while (!x.pass_done) {
		do_chunk(&x, budget);
		chunks++;
	}
	return chunks;
}

/* --- commands ------------------------------------------------------------- */

/* What a command's words may name, each replaced by the trial's value
 * wherever it stands in a word: the data file's path; its size as run
 * (--size applied) in decimal bytes, for a program that must be told how
 * much to write; the block size as run, and the number of blocks that
 * cover the file (dd's bs= and count=, so a dd lesson does at any --size
 * what its claims say).  The numbers are digits only, so they are safe in
 * a shell's script; the path is not, and the loader keeps {file} out of
 * scripts. */
struct placeholder {
	const char *key;
	const char *value;
};

/* The length of word with every placeholder replaced; when out is not
 * NULL, the text too (NUL-terminated).  Left to right, never overlapping:
 * what a value holds is not looked into again. */
static size_t expand(const char *word, const struct placeholder *ph, size_t nph, char *out)
{
	size_t n = 0;
	while (*word) {
		size_t i;
		for (i = 0; i < nph; i++)
			if (strncmp(word, ph[i].key, strlen(ph[i].key)) == 0)
				break;
		const char *from = i < nph ? ph[i].value : word;
		size_t len = i < nph ? strlen(ph[i].value) : 1;
		if (out)
			memcpy(out + n, from, len);
		n += len;
		word += i < nph ? strlen(ph[i].key) : 1;
	}
	if (out)
		out[n] = '\0';
	return n;
}

char **wl_run_command_argv(const struct wl_spec *spec, const char *path)
{
	char size[24], block[24], blocks[24];
	snprintf(size, sizeof size, "%" PRIu64, spec->size);
	snprintf(block, sizeof block, "%" PRIu64, spec->block);
	/* whole blocks that cover the file: a count the program copies */
	snprintf(blocks, sizeof blocks, "%" PRIu64,
	         spec->block ? spec->size / spec->block + (spec->size % spec->block != 0) : 0);
	const struct placeholder ph[] = {
		{"{file}", path}, {"{size}", size}, {"{blocks}", blocks}, {"{block}", block},
	};
	char **argv = calloc(spec->command_len + 1, sizeof *argv);
	if (!argv)
		return NULL;
	for (size_t i = 0; i < spec->command_len; i++) {
		size_t len = expand(spec->command[i], ph, COUNT(ph), NULL);
		if (!(argv[i] = malloc(len + 1))) {
			wl_run_command_free(argv);
			return NULL;
		}
		expand(spec->command[i], ph, COUNT(ph), argv[i]);
	}
	return argv;
}

void wl_run_command_free(char **argv)
{
	if (!argv)
		return;
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}

/* Nor through /dev/tty: the command, and all it starts, has no
 * controlling terminal.  setsid() would say so too, but the process leads
 * its group already (the engine's kill(-pid) needs that from the fork
 * on), and a group leader cannot start a session; TIOCNOTTY drops the
 * terminal for a process that does not lead its session.  Where the lab
 * has no terminal there is none to drop. */
static void no_terminal(void)
{
	int tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (tty < 0)
		return;
	ioctl(tty, TIOCNOTTY);
	close(tty);
}

/* The exec failed before the program ran: why, in sh. */
static void exec_failed(struct wl_shared *sh, const char *call, const char *what, int err)
{
	sh->err = err;
	sh->failed = 1;
	set_failed_call(sh, call);
	snprintf(sh->error, sizeof sh->error, "%s: %s", what, strerror(err));
	atomic_store_explicit(&sh->phase, WL_PHASE_DONE, memory_order_release);
}

void wl_run_exec_command(char *const argv[], const char *path, enum wl_redirect redirect,
                     int errfd, struct wl_shared *sh, int perf_stop)
{
	char what[160];
	/* Never the lab's terminal: without /dev/null the command does not run. */
	int null = open("/dev/null", O_RDWR);
	if (null < 0) {
		snprintf(what, sizeof what, "cannot run '%.64s': open /dev/null", argv[0]);
		exec_failed(sh, "open", what, errno);
		return;
	}
	int in = null, out = null;
	if (redirect == WL_REDIRECT_STDIN)
		in = open(path, O_RDONLY | O_NOFOLLOW);
	else if (redirect == WL_REDIRECT_STDOUT)
		out = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW);
	if (in < 0 || out < 0) {
		snprintf(what, sizeof what, "cannot run '%.64s': open the data file for its %s",
		         argv[0], in < 0 ? "standard input" : "standard output");
		exec_failed(sh, "open", what, errno);
		return;
	}
	dup2(in, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(errfd >= 0 ? errfd : null, STDERR_FILENO);
	no_terminal();
	/* The lab's own descriptors (terminal, report file) are not the
	 * command's business. */
	closefrom(3);
	if (perf_stop)
		kill(getpid(), SIGSTOP);
	coverage_execvp(argv[0], argv);
	int err = errno;
	sh->err = err;
	sh->failed = 1;
	set_failed_call(sh, "execvp");
	/* ./student-io is looked for where iolab runs (a grading pack's
	 * convention): say where that was */
	char cwd[200], where[256] = "";
	if (err == ENOENT && argv[0][0] != '/' && strchr(argv[0], '/') && getcwd(cwd, sizeof cwd))
		snprintf(where, sizeof where, " (the path is relative to %s, the directory iolab runs in)",
		         cwd);
	snprintf(sh->error, sizeof sh->error, "cannot run '%s': %s%s", argv[0], strerror(err), where);
	atomic_store_explicit(&sh->phase, WL_PHASE_DONE, memory_order_release);
}
