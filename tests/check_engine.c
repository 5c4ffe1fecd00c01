/* check_engine.c - trials run for real on small files; exact counts.
 *
 * Every test runs its workload in a private scratch directory under
 * $TMPDIR (or /tmp) with min_time 0, so a trial is one pass over 1 KiB to
 * 1 MiB and the kernel's counts can be asserted exactly: the workload child
 * does nothing but its loop.  Nothing here depends on timing or on root.
 */
#include "config.h"

#include <check.h>
#include <stdatomic.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "trial.h"
#include "guard.h"
#include "measure.h"
#include "reaper.h"
#include "scratch.h"
#include "suites.h"
#include "wl.h"
#include "wl_run.h"

static struct scratch S;
static char top[256], sub[300];

static void scratch_setup(void)
{
	char msg[256];
	const char *tmp = getenv("TMPDIR");
	snprintf(top, sizeof top, "%s/iolab-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(sub, sizeof sub, "%s/scratch", top);
	ck_assert_msg(scratch_open(&S, sub, msg, sizeof msg) == 0, "scratch_open: %s", msg);
}

static void scratch_teardown(void)
{
	scratch_close(&S);
	rmdir(sub);
	rmdir(top);
}

static struct wl_spec spec(enum wl_op op, enum wl_api api, uint64_t size, uint64_t block)
{
	struct wl_spec s;
	wl_spec_init(&s);
	s.op = op;
	s.api = api;
	s.size = size;
	s.block = block;
	s.min_time = 0;
	s.time_limit = 60;
	return s;
}

static void run(const struct wl_spec *s, struct trial_result *r)
{
	char msg[256];
	struct trial *t = trial_start(s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "trial_start: %s", msg);
	trial_finish(t, r);
}

static void run_ok(const struct wl_spec *s, struct trial_result *r)
{
	run(s, r);
	ck_assert_msg(r->ok, "workload failed: %s", r->error);
	ck_assert_str_eq(r->error, "");
	ck_assert_int_eq(r->syscall_source, SYSCALL_SOURCE_PROCFS);
}

/* Reads of a mapping that are not the workload's: under valgrind (make
 * check-valgrind) the forked child is still valgrind's, and it preads the
 * start of every file mapped, looking for ELF headers. */
static int64_t mmap_extra_reads(void)
{
	const char *preload = getenv("LD_PRELOAD");
	return preload && strstr(preload, "/vgpreload_") ? 1 : 0;
}

/* stdio's default buffer is st_blksize of the file's filesystem. */
static int64_t blksize(void)
{
	struct stat st;
	ck_assert_int_eq(fstat(S.dirfd, &st), 0);
	return st.st_blksize;
}

static char **argv_of(char **words, size_t *n)
{
	for (*n = 0; words[*n]; (*n)++)
		;
	return words;
}

static struct wl_spec command(enum wl_op op, char **words)
{
	struct wl_spec s = spec(op, WL_API_COMMAND, 4096, 1);
	s.command = argv_of(words, &s.command_len);
	return s;
}

/* A read command's start-up probe (trial.c's probe_startup) runs it once
 * on an empty file, for as long as its time limit allows, up to 2 s: a
 * program that waits (sleep 60) costs each trial those seconds before it
 * starts.  Wrapped so, it exits at once on the empty file and runs as the
 * words say, exec'd (its command line theirs), on the trial's own file. */
#define ON_DATA_ONLY(...) \
	{"sh", "-c", "[ -s \"$0\" ] || exit 0; exec \"$@\"", "{file}", __VA_ARGS__, NULL}

static void assert_verdict(const struct trial_result *r, enum trial_verdict v)
{
	ck_assert_msg(r->verdict == v, "verdict %s, not %s (%s)", trial_verdict_name(r->verdict),
	              trial_verdict_name(v), r->error);
	ck_assert_int_eq(r->ok, v == VERDICT_OK || v == VERDICT_EXPECTED_ERROR);
	ck_assert_int_eq(r->expected, r->ok);
}

/* --- writes -------------------------------------------------------------- */

START_TEST(write_bytes_exact)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 65536, 1);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 65536);
	ck_assert_int_eq(r.syscw, 65536);
	ck_assert_int_eq(r.wchar, 65536);
	ck_assert_int_eq(r.syscr, 0);
	ck_assert_int_eq(r.rchar, 0);
	ck_assert_uint_eq(r.passes, 1);
	ck_assert_int_eq(r.stopped, 0);
	ck_assert(r.seconds > 0 && r.rate > 0);
	ck_assert(r.utime >= 0 && r.stime >= 0 && r.minflt >= 0);
	ck_assert_double_eq(r.resident_before, 0.0);
}
END_TEST

START_TEST(write_blocks_with_tail)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 10000, 4096);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 10000);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 3);
	ck_assert_int_eq(r.syscw, 3);
	ck_assert_int_eq(r.wchar, 10000);
}
END_TEST

START_TEST(fwrite_default_buffer)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 262144, 1);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 262144);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 1);
	ck_assert_int_eq(r.syscw, 262144 / blksize());
	ck_assert_int_eq(r.wchar, 262144);
}
END_TEST

START_TEST(fwrite_setvbuf_65536)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 262144, 1);
	s.stdio_buffer = 65536;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 262144 / 65536);
	ck_assert_uint_eq(r.bytes, 262144);
}
END_TEST

START_TEST(fwrite_unbuffered)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 16384, 1);
	s.stdio_buffer = 0;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 16384);
	s.stdio_buffer = WL_STDIO_BUFFER_DEFAULT;
	s.stdio_mode = WL_STDIO_NONE;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 16384);
}
END_TEST

START_TEST(fwrite_line_buffered)
{
	/* '\n' every 64 bytes of what is written: one write per line. */
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 65536, 1);
	s.stdio_mode = WL_STDIO_LINE;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 65536 / 64);
	ck_assert_int_eq(r.wchar, 65536);
}
END_TEST

START_TEST(write_fsync_leaves_nothing_dirty)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 65536, 4096);
	s.sync = WL_SYNC_FSYNC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FSYNC], 1);
	ck_assert_int_eq(r.syscw, 16);
	ck_assert_double_eq(r.resident_after, 1.0);
	if (r.dirty_pages_after == -1)
		fprintf(stderr, "write_fsync: cachestat(2) unavailable, dirty pages not checked\n");
	else
		ck_assert_int_eq(r.dirty_pages_after, 0);
	s.sync = WL_SYNC_FDATASYNC;
	s.api = WL_API_STDIO;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FDATASYNC], 1);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 1);
}
END_TEST

/* --- writes into a file that exists (file: existing) ------------------------ */

/* What the workload's syscall loop writes at each offset of a block. */
static unsigned char written_byte(uint64_t offset_in_block)
{
	uint64_t i = offset_in_block & 63;
	return i == 63 ? '\n' : (unsigned char)('a' + i % 26);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	unsigned char *buf = malloc((size_t)st.st_size + 1);
	ck_assert_ptr_nonnull(buf);
	int fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(read(fd, buf, (size_t)st.st_size), st.st_size);
	close(fd);
	*len = (size_t)st.st_size;
	return buf;
}

/* The file set up for an overwrite: the lesson's size, every byte the data
 * files' pattern, its blocks allocated (no hole for the overwrite to fill)
 * and synced (no dirty page for the trial to write back); removed like
 * every file of the scratch directory. */
START_TEST(prefilled_file)
{
	char path[512], msg[256];
	ck_assert_msg(scratch_prefilled_file(&S, 100000, path, sizeof path, msg, sizeof msg) == 0,
	              "%s", msg);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, 100000);
	ck_assert_int_ge((int64_t)st.st_blocks * 512, 100000);
	size_t len;
	unsigned char *got = slurp(path, &len), *want = malloc(100000);
	ck_assert_ptr_nonnull(want);
	scratch_fill_pattern(want, 100000, 0);
	ck_assert_int_eq(memcmp(got, want, 100000), 0);
	free(got);
	free(want);
	struct measure_pages p;
	if (measure_pages_path(path, &p) == 0 && p.dirty >= 0)
		ck_assert_int_eq(p.dirty + p.writeback, 0);
	scratch_remove(&S, path);
	ck_assert_int_ne(access(path, F_OK), 0);
}
END_TEST

/* wl_run in a child, on a file of ours; the shared block comes back. */
static struct wl_shared *child_run(const struct wl_spec *s, const char *path)
{
	struct wl_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
	                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(sh, MAP_FAILED);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(wl_run(s, path, sh, 0) == 0 ? 0 : 1);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(atomic_load(&sh->phase), WL_PHASE_DONE);
	ck_assert_msg(!sh->failed, "%s", sh->error);
	return sh;
}

/* The child opens the file without O_TRUNC and writes over it in place: a
 * file longer than the workload keeps its length and its tail, and every
 * block of the workload (strided, so each seek lands where the walk says,
 * with a sync every 3 writes between runs of the loop) holds what was
 * written. */
START_TEST(overwrite_in_place)
{
	char path[512], msg[256];
	const uint64_t size = 65536, tail = 1000;
	ck_assert_msg(scratch_prefilled_file(&S, size + tail, path, sizeof path, msg, sizeof msg) == 0,
	              "%s", msg);
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, size, 4096);
	s.stride = 16384;
	s.file = WL_FILE_EXISTING;
	s.sync = WL_SYNC_FSYNC;
	s.sync_every = 3;
	struct wl_shared *sh = child_run(&s, path);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_WRITE], 16);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_LSEEK], 16);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_FSYNC], 6);     /* 5 after 3 writes, 1 at the end */
	ck_assert_uint_eq(atomic_load(&sh->bytes), size);
	munmap(sh, sizeof *sh);
	size_t len;
	unsigned char *got = slurp(path, &len), want[1000];
	ck_assert_uint_eq(len, size + tail);
	for (uint64_t i = 0; i < size; i++)
		ck_assert_msg(got[i] == written_byte(i % 4096), "byte %llu not overwritten",
		              (unsigned long long)i);
	scratch_fill_pattern(want, tail, size);
	ck_assert_int_eq(memcmp(got + size, want, tail), 0);
	free(got);
	scratch_remove(&S, path);
}
END_TEST

/* A trial of file: existing: the file is made before the child starts, so
 * the child's own counts are the overwrite alone (the fill's bytes are in
 * no count of the trial, as a cold eviction is in none); a cold one is
 * evicted after its fill.  The cold one is 1 MiB, as the other cold tests:
 * under valgrind (which knows no cachestat) the residency check maps the
 * file for mincore, valgrind preads the mapping's start for an ELF header,
 * and readahead brings back 16 KiB -- a quarter of a 64 KiB file, over
 * the 5% a cold trial allows, but under 2% of 1 MiB. */
START_TEST(overwrite_trial_counts)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 65536, 4096);
	s.file = WL_FILE_EXISTING;
	s.open_flags = WL_OPEN_DSYNC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 16);
	ck_assert_int_eq(r.syscw, 16);
	ck_assert_int_eq(r.wchar, 65536);
	ck_assert_int_eq(r.syscr, 0);
	ck_assert_uint_eq(r.passes, 1);
	s.api = WL_API_STDIO;
	s.open_flags = 0;
	s.sync = WL_SYNC_FDATASYNC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 16);
	ck_assert_uint_eq(r.calls[CALL_FDATASYNC], 1);
	ck_assert_int_eq(r.wchar, 65536);
	if (S.on_tmpfs) {
		fprintf(stderr, "overwrite_trial_counts: cold case skipped, %s is tmpfs\n", S.dir);
		return;
	}
	s.cache = WL_CACHE_COLD;
	s.size = 1 << 20;
	run_ok(&s, &r);
	ck_assert_double_le(r.resident_before, WL_COLD_MAX_RESIDENT);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 256);
	ck_assert_int_eq(r.wchar, 1 << 20);
}
END_TEST

/* The keys of both storage issues together, in place: a mapped overwrite
 * maps the file as it is (no ftruncate, its tail kept), walks it last
 * block first and msyncs every 3 stores; a reversed, strided write()
 * overwrite syncs every 3 writes, each run of the loop starting where the
 * reversed walk has got to (so nothing lands past the file's end). */
START_TEST(overwrite_mapped_and_reversed)
{
	char path[512], msg[256];
	const uint64_t size = 65536, tail = 1000;
	static const enum wl_api apis[] = {WL_API_MMAP, WL_API_SYSCALL};
	for (size_t a = 0; a < 2; a++) {
		ck_assert_msg(scratch_prefilled_file(&S, size + tail, path, sizeof path, msg,
		                                     sizeof msg) == 0, "%s", msg);
		struct wl_spec s = spec(WL_OP_WRITE, apis[a], size, 4096);
		s.file = WL_FILE_EXISTING;
		s.order = WL_ORDER_REVERSE;
		s.sync = apis[a] == WL_API_MMAP ? WL_SYNC_MSYNC : WL_SYNC_FDATASYNC;
		s.sync_every = 3;
		if (apis[a] == WL_API_SYSCALL)
			s.stride = 16384;
		struct wl_shared *sh = child_run(&s, path);
		enum call_kind sync = apis[a] == WL_API_MMAP ? CALL_MSYNC : CALL_FDATASYNC;
		ck_assert_uint_eq(sh->calls_by_kind[sync], 6);  /* 5 after 3 each, 1 at the end */
		ck_assert_uint_eq(atomic_load(&sh->bytes), size);
		if (apis[a] == WL_API_MMAP) {
			ck_assert_uint_eq(sh->calls_by_kind[CALL_MEMWRITE], 16);
			ck_assert_uint_eq(sh->calls_by_kind[CALL_FTRUNCATE], 0);
			ck_assert_uint_eq(sh->calls_by_kind[CALL_MMAP], 1);
			ck_assert_uint_eq(sh->calls_by_kind[CALL_MUNMAP], 1);
			ck_assert_uint_eq(sh->calls_by_kind[CALL_WRITE], 0);
		} else {
			ck_assert_uint_eq(sh->calls_by_kind[CALL_WRITE], 16);
			ck_assert_uint_eq(sh->calls_by_kind[CALL_LSEEK], 16);
		}
		munmap(sh, sizeof *sh);
		size_t len;
		unsigned char *got = slurp(path, &len), want[1000];
		ck_assert_uint_eq(len, size + tail);
		for (uint64_t i = 0; i < size; i++)
			ck_assert_msg(got[i] == written_byte(i % 4096), "api %zu: byte %llu not overwritten",
			              a, (unsigned long long)i);
		scratch_fill_pattern(want, tail, size);
		ck_assert_int_eq(memcmp(got + size, want, tail), 0);
		free(got);
		scratch_remove(&S, path);
	}
}
END_TEST

/* Trials of mapped writes with the overwrite keys: a byte store at a time
 * with an msync every 1000 stores (4 of them, then one for the last 96),
 * into a new file and into an existing one (no ftruncate there). */
START_TEST(mapped_write_sync_every_counts)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_MMAP, 4096, 1);
	s.sync = WL_SYNC_MSYNC;
	s.sync_every = 1000;
	for (int existing = 0; existing < 2; existing++) {
		s.file = existing ? WL_FILE_EXISTING : WL_FILE_NEW;
		run_ok(&s, &r);
		ck_assert_uint_eq(r.calls[CALL_MEMWRITE], 4096);
		ck_assert_uint_eq(r.calls[CALL_MSYNC], 5);
		ck_assert_uint_eq(r.calls[CALL_FTRUNCATE], existing ? 0 : 1);
		ck_assert_uint_eq(r.calls[CALL_MMAP], 1);
		ck_assert_uint_eq(r.calls[CALL_MUNMAP], 1);
		ck_assert_int_eq(r.syscw, 0);
		ck_assert_uint_eq(r.bytes, 4096);
	}
}
END_TEST

/* sync_every: a sync after every N writes, and one at the end only when
 * writes came after the last; stdio flushes its buffer before each. */
START_TEST(sync_every_counts)
{
	static const struct { uint64_t every; enum wl_sync sync; uint64_t syncs; } cases[] = {
		{1, WL_SYNC_FSYNC, 16}, {5, WL_SYNC_FDATASYNC, 4}, {16, WL_SYNC_FSYNC, 1},
		{17, WL_SYNC_FDATASYNC, 1}, {0, WL_SYNC_FSYNC, 1}, {2, WL_SYNC_FDATASYNC, 8},
	};
	struct trial_result r;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 65536, 4096);
		s.sync = cases[i].sync;
		s.sync_every = cases[i].every;
		s.file = i % 2 ? WL_FILE_EXISTING : WL_FILE_NEW;
		run_ok(&s, &r);
		enum call_kind k = s.sync == WL_SYNC_FSYNC ? CALL_FSYNC : CALL_FDATASYNC;
		enum call_kind other = k == CALL_FSYNC ? CALL_FDATASYNC : CALL_FSYNC;
		ck_assert_msg(r.calls[k] == cases[i].syncs, "every %llu: %llu syncs",
		              (unsigned long long)cases[i].every, (unsigned long long)r.calls[k]);
		ck_assert_uint_eq(r.calls[other], 0);
		ck_assert_uint_eq(r.calls[CALL_WRITE], 16);
		ck_assert_int_eq(r.syscw, 16);
		ck_assert_uint_eq(r.bytes, 65536);
	}
	/* 1-byte fwrites into a 4 KiB buffer: 4096 of them, a flush and a sync
	 * every 1000 (5 in all with the last 96), then the final flush */
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 4096, 1);
	s.stdio_buffer = 4096;
	s.sync = WL_SYNC_FSYNC;
	s.sync_every = 1000;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 4096);
	ck_assert_uint_eq(r.calls[CALL_FSYNC], 5);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 5);
	ck_assert_int_eq(r.syscw, 5);
	ck_assert_int_eq(r.wchar, 4096);
}
END_TEST

START_TEST(o_direct_unaligned_is_einval)
{
	if (S.on_tmpfs) {
		fprintf(stderr, "o_direct: skipped, %s is tmpfs (no block device alignment)\n", S.dir);
		return;
	}
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 65536, 100);
	s.open_flags = WL_OPEN_DIRECT;
	run(&s, &r);
	ck_assert_int_eq(r.err, EINVAL);
	ck_assert_str_eq(r.error, "write: Invalid argument (O_DIRECT needs block sizes and offsets "
	                 "aligned to the device's logical block size, 512 or 4096 bytes)");
	ck_assert_int_eq(r.ok, 0);
	ck_assert_int_eq(r.expected, 0);
	ck_assert_uint_eq(r.bytes, 0);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 1);
	s.expect_error = EINVAL;
	run(&s, &r);
	ck_assert_int_eq(r.ok, 1);
	ck_assert_int_eq(r.expected, 1);
	/* aligned blocks go through */
	s.expect_error = 0;
	s.block = 4096;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 16);
}
END_TEST

START_TEST(expected_error_missing)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 4096, 4096);
	s.expect_error = EINVAL;
	run(&s, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_int_eq(r.expected, 0);
	ck_assert_str_eq(r.error, "expected EINVAL, but the workload succeeded");
	ck_assert_uint_eq(r.bytes, 4096);
}
END_TEST

/* A trial under a 64 KiB file size limit.  Run in-process (CK_FORK=no, as
 * under valgrind) the runner shares the limit: it must not die of SIGXFSZ
 * writing its own output, nor keep the limit afterwards (so only the soft
 * limit: a lowered hard limit cannot be raised again without privilege). */
static void run_limited(const struct wl_spec *s, struct trial_result *r)
{
	struct rlimit old, lim;
	char msg[256];
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim.rlim_cur = 65536;
	lim.rlim_max = old.rlim_max;
	void (*old_xfsz)(int) = signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
	struct trial *t = trial_start(s, &S, msg, sizeof msg);
	if (t)
		trial_finish(t, r);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, old_xfsz);
	ck_assert_msg(t != NULL, "trial_start: %s", msg);
}

START_TEST(file_size_limit_is_efbig)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 131072, 4096);
	run_limited(&s, &r);
	ck_assert_int_eq(r.err, EFBIG);
	ck_assert_str_eq(r.error, "write: File too large (the file size limit of the process, see ulimit -f)");
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_int_eq(r.wchar, 65536);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 17);
	/* a block that crosses the limit: a short write, then the error */
	s.block = 1000;
	run_limited(&s, &r);
	ck_assert_int_eq(r.err, EFBIG);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 65 + 1 + 1);
}
END_TEST

/* --- reads --------------------------------------------------------------- */

START_TEST(read_bytes_exact)
{
	struct trial_result r, m, f;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 1);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_READ], 65536);
	ck_assert_int_eq(r.syscr, 65536);
	ck_assert_int_eq(r.rchar, 65536);
	ck_assert_int_eq(r.syscw, 0);
	ck_assert_double_eq(r.resident_before, 1.0);
	ck_assert(r.checksum > 0);
	s.api = WL_API_MMAP;
	run_ok(&s, &m);
	ck_assert_int_eq(m.syscr, mmap_extra_reads());
	ck_assert_uint_eq(m.calls[CALL_MEMREAD], 65536);
	ck_assert_uint_eq(m.checksum, r.checksum);
	s.api = WL_API_STDIO;
	run_ok(&s, &f);
	ck_assert_int_eq(f.syscr, 65536 / blksize());
	ck_assert_uint_eq(f.calls[CALL_FREAD], 65536);
	ck_assert_uint_eq(f.checksum, r.checksum);
}
END_TEST

START_TEST(read_blocks_checksums_agree)
{
	struct trial_result r, m, f;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 512);
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscr, 128);
	s.api = WL_API_MMAP;
	run_ok(&s, &m);
	ck_assert_int_eq(m.syscr, mmap_extra_reads());
	ck_assert_uint_eq(m.calls[CALL_MEMREAD], 128);
	ck_assert_uint_eq(m.checksum, r.checksum);
	s.api = WL_API_STDIO;
	run_ok(&s, &f);
	ck_assert_uint_eq(f.checksum, r.checksum);
}
END_TEST

START_TEST(strided_visits_every_block_once)
{
	struct trial_result seq, r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 512);
	run_ok(&s, &seq);
	s.stride = 8192;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_READ], 128);
	ck_assert_uint_eq(r.calls[CALL_LSEEK], 128);
	ck_assert_int_eq(r.syscr, 128);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	s.api = WL_API_STDIO;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FSEEK], 128);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	s.api = WL_API_MMAP;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_MEMREAD], 128);
	ck_assert_uint_eq(r.checksum, seq.checksum);
}
END_TEST

START_TEST(strided_bytes_uneven_stride)
{
	/* stride 7 does not divide 1000: every byte still read exactly once */
	struct trial_result seq, r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1000, 1);
	run_ok(&s, &seq);
	s.stride = 7;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 1000);
	ck_assert_uint_eq(r.calls[CALL_READ], 1000);
	ck_assert_int_eq(r.syscr, 1000);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	s.api = WL_API_MMAP;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	/* block 3, stride 10 over 100 bytes: columns of 3, 3, 3 and 1 byte */
	s = spec(WL_OP_READ, WL_API_SYSCALL, 100, 3);
	s.stride = 10;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 100);
	ck_assert_uint_eq(r.calls[CALL_READ], 40);
	ck_assert_int_eq(r.rchar, 100);
}
END_TEST

/* order: reverse - the same accesses as forward, last to first: the same
 * checksum, and a seek before every access. */
START_TEST(reverse_reads_every_byte_once)
{
	static const struct { uint64_t size, block, stride, accesses; } cases[] = {
		{65536, 1, 0, 65536}, {10000, 512, 0, 20}, {1000, 1, 7, 1000}, {100, 3, 10, 40},
		{65536, 512, 8192, 128},
	};
	static const enum wl_api apis[] = {WL_API_SYSCALL, WL_API_STDIO, WL_API_MMAP};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct trial_result fwd, r;
		struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, cases[i].size, cases[i].block);
		s.stride = cases[i].stride;
		run_ok(&s, &fwd);
		s.order = WL_ORDER_REVERSE;
		for (size_t a = 0; a < sizeof apis / sizeof *apis; a++) {
			s.api = apis[a];
			run_ok(&s, &r);
			ck_assert_uint_eq(r.bytes, cases[i].size);
			ck_assert_uint_eq(r.checksum, fwd.checksum);
			ck_assert_uint_eq(r.passes, 1);
			if (s.api == WL_API_SYSCALL) {
				ck_assert_uint_eq(r.calls[CALL_READ], cases[i].accesses);
				ck_assert_uint_eq(r.calls[CALL_LSEEK], cases[i].accesses);
				ck_assert_int_eq(r.syscr, (int64_t)cases[i].accesses);
				ck_assert_int_eq(r.rchar, (int64_t)cases[i].size);
			} else if (s.api == WL_API_STDIO) {
				ck_assert_uint_eq(r.calls[CALL_FREAD], cases[i].accesses);
				ck_assert_uint_eq(r.calls[CALL_FSEEK], cases[i].accesses);
			} else {
				ck_assert_uint_eq(r.calls[CALL_MEMREAD], cases[i].accesses);
				ck_assert_int_eq(r.syscr, mmap_extra_reads());
			}
		}
	}
}
END_TEST

/* A reverse write: every block written once, from the end of the file,
 * an lseek before each write(); backwards through stdio too. */
START_TEST(reverse_writes_every_byte_once)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 10000, 512);
	s.order = WL_ORDER_REVERSE;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 10000);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 20);
	ck_assert_uint_eq(r.calls[CALL_LSEEK], 20);
	ck_assert_int_eq(r.syscw, 20);
	ck_assert_int_eq(r.wchar, 10000);
	s.api = WL_API_STDIO;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 20);
	ck_assert_uint_eq(r.calls[CALL_FSEEK], 20);
	ck_assert_int_eq(r.wchar, 10000);
	/* a seek flushes a write stream: each block is one write() of its own */
	ck_assert_int_eq(r.syscw, 20);
	ck_assert_uint_eq(r.bytes, 10000);
}
END_TEST

/* op: write through a mapping: ftruncate, one mmap, a store per access,
 * one munmap, and no write() at all; msync when asked. */
START_TEST(mmap_write_counts)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_MMAP, 65536, 1);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.calls[CALL_MEMWRITE], 65536);
	ck_assert_uint_eq(r.calls[CALL_FTRUNCATE], 1);
	ck_assert_uint_eq(r.calls[CALL_MMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_MUNMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_MSYNC], 0);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 0);
	ck_assert_int_eq(r.syscw, 0);
	ck_assert_int_eq(r.wchar, 0);
	ck_assert_uint_eq(r.passes, 1);
	s.block = 4096;
	s.sync = WL_SYNC_MSYNC;
	s.map = WL_MAP_PER_PASS;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_MEMWRITE], 16);
	ck_assert_uint_eq(r.calls[CALL_MSYNC], 1);
	ck_assert_uint_eq(r.calls[CALL_MMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_MUNMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_FTRUNCATE], 1);
	ck_assert_int_eq(r.syscw, 0);
	if (r.dirty_pages_after != -1) {     /* msync(MS_SYNC) wrote them back */
		ck_assert_int_eq(r.dirty_pages_after, 0);
		ck_assert_int_eq(r.writeback_pages_after, 0);
	}
	/* strided and reversed stores, fdatasync after */
	s = spec(WL_OP_WRITE, WL_API_MMAP, 1000, 3);
	s.stride = 10;
	s.order = WL_ORDER_REVERSE;
	s.sync = WL_SYNC_FDATASYNC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 1000);
	ck_assert_uint_eq(r.calls[CALL_MEMWRITE], 400);
	ck_assert_uint_eq(r.calls[CALL_FDATASYNC], 1);
	ck_assert_int_eq(r.syscw, 0);
}
END_TEST

/* stdio_call: the character calls, each counted under its own name, with
 * the same write()s and read()s as the 1-byte fwrite and fread. */
START_TEST(stdio_character_calls)
{
	struct trial_result blockr, r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 262144, 1);
	run_ok(&s, &blockr);
	s.stdio_call = WL_SCALL_FPUTC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FPUTC], 262144);
	ck_assert_uint_eq(r.calls[CALL_FWRITE], 0);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 1);
	ck_assert_int_eq(r.syscw, 262144 / blksize());
	ck_assert_int_eq(r.syscw, blockr.syscw);
	ck_assert_int_eq(r.wchar, 262144);
	s.stdio_call = WL_SCALL_PUTC_UNLOCKED;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_PUTC_UNLOCKED], 262144);
	ck_assert_int_eq(r.syscw, blockr.syscw);
	/* line buffered: the text has a newline every 64 bytes */
	s.stdio_mode = WL_STDIO_LINE;
	s.size = 65536;
	run_ok(&s, &r);
	ck_assert_int_eq(r.syscw, 65536 / 64);

	s = spec(WL_OP_READ, WL_API_STDIO, 65536, 1);
	run_ok(&s, &blockr);
	s.stdio_call = WL_SCALL_FGETC;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_FGETC], 65536);
	ck_assert_uint_eq(r.calls[CALL_FREAD], 0);
	ck_assert_int_eq(r.syscr, blockr.syscr);
	ck_assert_int_eq(r.syscr, 65536 / blksize());
	ck_assert_uint_eq(r.checksum, blockr.checksum);
	s.stdio_call = WL_SCALL_GETC_UNLOCKED;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_GETC_UNLOCKED], 65536);
	ck_assert_int_eq(r.syscr, blockr.syscr);
	ck_assert_uint_eq(r.checksum, blockr.checksum);
}
END_TEST

/* The scenarios of TLPI 13.7 and exercise 13-4, run for real: the file's
 * own bytes are the evidence, exactly. */
static void run_scenario(enum wl_scenario sc, enum wl_stdio_mode mode, int64_t buffer,
                         struct trial_result *r)
{
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 4096, 1);
	s.scenario = sc;
	s.stdio_mode = mode;
	s.stdio_buffer = buffer;
	run_ok(&s, r);
	ck_assert_int_eq(r->evidence.present, 1);
	ck_assert_uint_eq(r->bytes, (uint64_t)r->evidence.bytes);
	ck_assert_uint_eq(r->passes, 1);
}

START_TEST(scenario_evidence)
{
	struct trial_result r;
	/* a file: the write() overtakes the fprintf still in the buffer */
	run_scenario(WL_SCENARIO_PRINTF_THEN_WRITE, WL_STDIO_FULL, WL_STDIO_BUFFER_DEFAULT, &r);
	ck_assert_str_eq(r.evidence.text, "write: second line\\nprintf: first line\\n");
	ck_assert_int_eq(r.evidence.in_order, 0);
	ck_assert_int_eq(r.evidence.missing, 0);
	ck_assert_int_eq(r.evidence.lines, 2);
	ck_assert_uint_eq(r.calls[CALL_WRITE], 1);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 1);
	ck_assert_int_eq(r.syscw, 2);            /* the write(), then the flush's */
	/* line buffered, as on a terminal: the newline sent it first */
	run_scenario(WL_SCENARIO_PRINTF_THEN_WRITE, WL_STDIO_LINE, WL_STDIO_BUFFER_DEFAULT, &r);
	ck_assert_str_eq(r.evidence.text, "printf: first line\\nwrite: second line\\n");
	ck_assert_int_eq(r.evidence.in_order, 1);
	/* read() starts where stdio's 4096-byte buffer ended: line 257 */
	run_scenario(WL_SCENARIO_READ_UNDER_FILE, WL_STDIO_FULL, 4096, &r);
	ck_assert_int_eq(r.evidence.bytes, 300 * 16 + 23 + 22);
	ck_assert_int_eq(r.evidence.lines, 302);
	ck_assert_int_eq(r.evidence.missing, 1);
	ck_assert_int_eq(r.evidence.in_order, 0);
	ck_assert_int_eq(r.evidence.max_copies, 1);
	const char *tail = "input line 0300\\nfgets: input line 0001\\nread: input line 0257\\n";
	size_t tl = strlen(tail), n = strlen(r.evidence.text);
	ck_assert_uint_ge(n, tl);
	ck_assert_str_eq(r.evidence.text + n - tl, tail);
	ck_assert_ptr_nonnull(strstr(r.evidence.text, "[... "));
	ck_assert_uint_eq(r.calls[CALL_READ], 1);
	ck_assert_int_eq(r.syscr, 2);            /* stdio's buffer, then the read() */
	/* fork with a line in the buffer: both processes write it */
	run_scenario(WL_SCENARIO_FORK_NO_FLUSH, WL_STDIO_FULL, WL_STDIO_BUFFER_DEFAULT, &r);
	ck_assert_str_eq(r.evidence.text, "before fork\\nchild after fork\\nbefore fork\\n"
	                 "parent after fork\\n");
	ck_assert_int_eq(r.evidence.max_copies, 2);
	ck_assert_int_eq(r.evidence.lines, 4);
	run_scenario(WL_SCENARIO_FORK_FLUSH, WL_STDIO_FULL, WL_STDIO_BUFFER_DEFAULT, &r);
	ck_assert_str_eq(r.evidence.text, "before fork\\nchild after fork\\nparent after fork\\n");
	ck_assert_int_eq(r.evidence.max_copies, 1);
	ck_assert_int_eq(r.evidence.in_order, 1);
	ck_assert_uint_eq(r.calls[CALL_FFLUSH], 2);
	/* line buffered, the newline flushed it before the fork */
	run_scenario(WL_SCENARIO_FORK_NO_FLUSH, WL_STDIO_LINE, WL_STDIO_BUFFER_DEFAULT, &r);
	ck_assert_int_eq(r.evidence.max_copies, 1);
	/* any other trial has no evidence */
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_STDIO, 4096, 1);
	run_ok(&s, &r);
	ck_assert_int_eq(r.evidence.present, 0);
}
END_TEST

START_TEST(streams_one_per_region)
{
	struct trial_result seq, r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 1);
	run_ok(&s, &seq);
	s.api = WL_API_STDIO;
	s.stride = 16384;
	s.streams = 4;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	ck_assert_uint_eq(r.calls[CALL_FREAD], 65536);
	ck_assert_uint_eq(r.calls[CALL_FSEEK], 4);     /* each stream to its region, once */
	ck_assert_int_eq(r.syscr, 65536 / blksize());
	/* fewer streams than regions: each access seeks its stream there */
	s.streams = 2;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.checksum, seq.checksum);
	ck_assert_uint_eq(r.calls[CALL_FSEEK], 65536);
}
END_TEST

START_TEST(passes_repeat_until_min_time)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 4096);
	s.min_time = 0.05;
	run_ok(&s, &r);
	ck_assert_uint_ge(r.passes, 1);
	ck_assert_uint_eq(r.bytes, (uint64_t)r.passes * 65536);
	ck_assert_uint_eq(r.calls[CALL_READ], (uint64_t)r.passes * 16);
	ck_assert_uint_eq(r.calls[CALL_LSEEK], r.passes - 1);     /* rewinds */
	ck_assert_int_eq(r.syscr, (int64_t)r.calls[CALL_READ]);
	ck_assert(r.seconds >= 0.05);
}
END_TEST

START_TEST(seek_loop_counts_block_per_lseek)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_SEEK, WL_API_SYSCALL, 4096, 1);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_LSEEK], 4096);
	ck_assert_uint_eq(r.bytes, 4096);
	ck_assert_int_eq(r.syscr, 0);
	ck_assert_int_eq(r.syscw, 0);
	s.block = 512;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.calls[CALL_LSEEK], 8);
	ck_assert_uint_eq(r.bytes, 4096);
}
END_TEST

START_TEST(cold_cache_evicts)
{
	if (S.on_tmpfs) {
		fprintf(stderr, "cold_cache: skipped, %s is tmpfs (its pages are the file: nothing to evict)\n", S.dir);
		return;
	}
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 65536);
	run_ok(&s, &r);                    /* creates the data file, warm */
	ck_assert_double_eq(r.resident_before, 1.0);
	s.cache = WL_CACHE_COLD;
	run_ok(&s, &r);
	ck_assert_msg(r.resident_before < 0.05, "resident_before %g", r.resident_before);
	ck_assert_double_eq(r.resident_after, 1.0);
	ck_assert_int_gt(r.read_bytes, 0);
}
END_TEST

/* A cold read repeats evicted passes until min_time, as a warm read
 * does: the child evicts the file between passes with the clock paused,
 * and checks each time that the eviction took. */
static void cold_passes(enum wl_api api, uint64_t block, enum wl_map map)
{
	if (S.on_tmpfs) {
		fprintf(stderr, "cold_passes: skipped, %s is tmpfs (nothing to evict)\n", S.dir);
		return;
	}
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, api, 1 << 20, block);
	s.cache = WL_CACHE_COLD;
	s.min_time = 0.05;
	s.map = map;
	double start = measure_now();
	run_ok(&s, &r);
	double wall = measure_now() - start;
	ck_assert_uint_gt(r.passes, 1);
	ck_assert_uint_eq(r.evictions, r.passes - 1);
	ck_assert_uint_eq(r.bytes, (uint64_t)r.passes << 20);
	ck_assert(r.seconds >= 0.05);
	/* the evictions were not timed, and the trial took longer than both */
	ck_assert_msg(r.untimed_seconds > 0, "untimed %g", r.untimed_seconds);
	ck_assert_msg(r.seconds + r.untimed_seconds < wall, "seconds %g + untimed %g, wall %g",
	              r.seconds, r.untimed_seconds, wall);
	/* before the first pass (the engine) and before every later one */
	ck_assert_msg(r.resident_before <= WL_COLD_MAX_RESIDENT, "before %g", r.resident_before);
	ck_assert_msg(r.resident_evicted_max >= 0 && r.resident_evicted_max <= WL_COLD_MAX_RESIDENT,
	              "after evictions %g", r.resident_evicted_max);
	/* every pass read the device, not the page cache */
	if (r.read_bytes >= 0)
		ck_assert_msg(r.read_bytes >= (int64_t)r.passes * (1 << 20) * 9 / 10,
		              "storage read %lld bytes in %u passes", (long long)r.read_bytes, r.passes);
	if (api == WL_API_SYSCALL) {
		ck_assert_uint_eq(r.calls[CALL_READ], (uint64_t)r.passes * ((1 << 20) / block));
		ck_assert_uint_eq(r.calls[CALL_LSEEK], r.passes - 1);      /* rewinds */
		/* evictions read nothing (valgrind's pread of each mapping aside:
		 * it knows no cachestat, so residency maps the file for mincore) */
		ck_assert_int_eq(r.syscr, (int64_t)r.calls[CALL_READ] +
		                          mmap_extra_reads() * (int64_t)r.evictions);
		if (mmap_extra_reads())           /* and what valgrind's preads copied */
			ck_assert_int_ge(r.rchar, (int64_t)r.passes << 20);
		else
			ck_assert_int_eq(r.rchar, (int64_t)r.passes << 20);
	} else {
		/* valgrind's pread of a new mapping comes once per (re)map, and
		 * once per residency check (mincore over a mapping); mapped per
		 * pass, the eviction finds no mapping to remake, and the pass
		 * maps the file itself */
		ck_assert_int_eq(r.syscr, mmap_extra_reads() * (int64_t)(r.passes + r.evictions));
		ck_assert_uint_eq(r.calls[CALL_MEMREAD], (uint64_t)r.passes * ((1 << 20) / block));
		/* an eviction's remap is the lab's, not the workload's */
		ck_assert_uint_eq(r.calls[CALL_MMAP], map == WL_MAP_PER_PASS ? r.passes : 1);
		ck_assert_uint_eq(r.calls[CALL_MUNMAP], map == WL_MAP_PER_PASS ? r.passes : 0);
	}
}

START_TEST(cold_passes_repeat_evicted)
{
	cold_passes(WL_API_SYSCALL, 65536, WL_MAP_ONCE);
}
END_TEST

START_TEST(cold_mmap_passes_remap)
{
	cold_passes(WL_API_MMAP, 4096, WL_MAP_ONCE);
}
END_TEST

START_TEST(cold_mmap_per_pass)
{
	cold_passes(WL_API_MMAP, 4096, WL_MAP_PER_PASS);
}
END_TEST

/* map: per_pass - every timed pass maps the file and unmaps it: one mmap()
 * and one munmap() per pass, the same copies and checksum as one mapping
 * made before the loop, and every new mapping takes page faults again. */
START_TEST(mmap_per_pass_maps_every_pass)
{
	struct trial_result once, r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_MMAP, 1 << 18, 4096);
	run_ok(&s, &once);
	ck_assert_uint_eq(once.calls[CALL_MMAP], 1);          /* before the loop */
	ck_assert_uint_eq(once.calls[CALL_MUNMAP], 0);
	ck_assert_uint_eq(once.calls[CALL_MEMREAD], 64);
	s.map = WL_MAP_PER_PASS;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.passes, 1);
	ck_assert_uint_eq(r.calls[CALL_MMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_MUNMAP], 1);
	ck_assert_uint_eq(r.calls[CALL_MEMREAD], 64);
	ck_assert_uint_eq(r.bytes, 1 << 18);
	ck_assert_uint_eq(r.checksum, once.checksum);
	ck_assert_int_eq(r.syscr, mmap_extra_reads());
	s.min_time = 0.05;
	run_ok(&s, &r);
	ck_assert_uint_gt(r.passes, 1);
	ck_assert_uint_eq(r.calls[CALL_MMAP], r.passes);
	ck_assert_uint_eq(r.calls[CALL_MUNMAP], r.passes);
	ck_assert_uint_eq(r.calls[CALL_MEMREAD], (uint64_t)r.passes * 64);
	ck_assert_uint_eq(r.bytes, (uint64_t)r.passes << 18);
	ck_assert_msg(r.minflt >= (int64_t)r.passes, "%lld minor faults in %u passes",
	              (long long)r.minflt, r.passes);
	ck_assert_int_eq(r.syscr, mmap_extra_reads() * (int64_t)r.passes);
}
END_TEST

/* advice_lead: the workload waits that long after its advice, off the
 * clock, and the advice has fetched part of the file by the time the loop
 * starts.  A cold read's later passes are advised again and wait again,
 * also off the clock, after the eviction was checked (else the check
 * would find the re-fetched pages and end the trial after one pass).
 * 1 MiB, as the other cold tests: under valgrind a mapping made for
 * mincore reads the file's first folio back, which must stay under the
 * 5% a cold trial allows. */
START_TEST(advice_lead_waits_untimed)
{
	if (S.on_tmpfs) {
		fprintf(stderr, "advice_lead_waits_untimed: skipped, %s is tmpfs (nothing to evict)\n", S.dir);
		return;
	}
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 65536);
	run_ok(&s, &r);                    /* creates the data file */
	s.cache = WL_CACHE_COLD;
	s.fadvise = WL_ADV_WILLNEED;
	s.advice_lead = 0.25;
	double start = measure_now();
	run_ok(&s, &r);
	double wall = measure_now() - start;
	ck_assert_uint_eq(r.passes, 1);
	ck_assert_msg(r.resident_before <= WL_COLD_MAX_RESIDENT, "before %g", r.resident_before);
	/* the advice had a quarter second: some of the file is in */
	ck_assert_msg(r.resident_after_advice > 0 && r.resident_after_advice <= 1,
	              "after the advice and its lead %g", r.resident_after_advice);
	ck_assert_msg(wall >= 0.25 + r.seconds, "wall %g, seconds %g", wall, r.seconds);
	ck_assert_double_eq(r.untimed_seconds, 0);          /* before the loop, not in it */
	/* the residency check after the lead reads nothing (valgrind aside:
	 * it knows no cachestat, so the check maps the file for mincore) */
	ck_assert_uint_eq(r.calls[CALL_READ], 16);
	ck_assert_int_eq(r.syscr, 16 + mmap_extra_reads());
	s.advice_lead = 0.002;
	s.min_time = 0.05;
	run_ok(&s, &r);
	ck_assert_uint_gt(r.passes, 1);
	ck_assert_uint_eq(r.evictions, r.passes - 1);
	ck_assert_msg(r.resident_evicted_max >= 0 && r.resident_evicted_max <= WL_COLD_MAX_RESIDENT,
	              "after evictions %g", r.resident_evicted_max);
	ck_assert_msg(r.untimed_seconds >= 0.002 * r.evictions, "untimed %g for %u evictions",
	              r.untimed_seconds, r.evictions);
	ck_assert_uint_eq(r.calls[CALL_READ], (uint64_t)r.passes * 16);
	ck_assert_int_eq(r.syscr, (int64_t)r.passes * 16 + mmap_extra_reads() * (int64_t)(r.evictions + 1));
}
END_TEST

/* rchar: every byte read() copied, each pass. */
START_TEST(copied_bytes_exact)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 4096);
	s.min_time = 0.02;
	run_ok(&s, &r);
	ck_assert_uint_ge(r.passes, 1);
	ck_assert_int_eq(r.rchar, (int64_t)r.passes * 1048576);
	ck_assert_int_eq(r.wchar, 0);
	ck_assert_int_eq(r.syscr, (int64_t)r.passes * 256);
	s = spec(WL_OP_WRITE, WL_API_STDIO, 1 << 20, 1);
	run_ok(&s, &r);
	ck_assert_int_eq(r.wchar, 1048576);
	ck_assert_int_eq(r.rchar, 0);
}
END_TEST

/* After a write through the page cache, its pages are dirty (or already
 * under writeback): what storage.write_bytes cannot tell from a synced one. */
START_TEST(dirty_pages_after_cached_write)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 1 << 20, 65536);
	run_ok(&s, &r);
	if (r.dirty_pages_after == -1) {
		fprintf(stderr, "dirty_pages_after_cached_write: skipped, cachestat(2) unavailable\n");
		ck_assert_int_eq(r.writeback_pages_after, -1);
		return;
	}
	ck_assert_int_ge(r.writeback_pages_after, 0);
	ck_assert_int_gt(r.dirty_pages_after + r.writeback_pages_after, 0);
	ck_assert_int_le(r.dirty_pages_after + r.writeback_pages_after, 256);
	s.sync = WL_SYNC_FSYNC;
	run_ok(&s, &r);
	ck_assert_int_eq(r.dirty_pages_after, 0);
	ck_assert_int_eq(r.writeback_pages_after, 0);
}
END_TEST

/* The loop's own CPU time, and the rest of its time: waiting. */
START_TEST(cpu_and_waited_seconds)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 4096);
	s.min_time = 0.02;
	run_ok(&s, &r);
	ck_assert(r.cpu_seconds > 0);
	ck_assert(r.cpu_seconds <= r.utime + r.stime + 1e-6);   /* the child's, less setup */
	ck_assert(r.waited_seconds >= 0);
	ck_assert_double_eq_tol(r.waited_seconds, fmax(0, r.seconds - r.cpu_seconds), 1e-12);
	ck_assert_double_eq(r.untimed_seconds, 0);
	ck_assert_uint_eq(r.evictions, 0);
	ck_assert_double_eq(r.resident_evicted_max, -1);
	/* a command's CPU is its rusage's */
	char *words[] = {"cat", "{file}", NULL};
	struct wl_spec c = command(WL_OP_READ, words);
	run(&c, &r);
	ck_assert(r.ok);
	ck_assert_double_eq_tol(r.cpu_seconds, r.utime + r.stime, 1e-12);
	ck_assert(r.waited_seconds >= 0);
}
END_TEST

/* Where the loop's time went: its parts add up to its wall time; a part
 * the kernel does not count is -1 with the reason, never a guess; the
 * device's counts are there exactly when the scratch directory has one. */
START_TEST(time_split_and_device)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 4096);
	s.min_time = 0.02;
	run_ok(&s, &r);
	ck_assert(r.time_user >= 0 && r.time_system >= 0);
	if (r.cpu_wait < 0) {
		ck_assert_double_eq(r.blocked, -1);
		ck_assert_str_eq(r.time_note, "this kernel gives no run-queue time (/proc/PID/schedstat)");
		fprintf(stderr, "time_split_and_device: no schedstat here, the split not checked\n");
	} else {
		/* the wall time, or the CPU time where two readings of the CPU
		 * clock around the loop made that a hair larger (valgrind: 3%) */
		double sum = r.time_user + r.time_system + r.cpu_wait + r.blocked;
		double whole = fmax(r.seconds, r.time_user + r.time_system);
		ck_assert_msg(fabs(sum - whole) <= 0.02 * whole + 1e-4, "parts %g of wall %g (cpu %g)",
		              sum, r.seconds, r.time_user + r.time_system);
		ck_assert_str_eq(r.time_note, "");
	}
	ck_assert_int_eq(S.has_device ? r.device.reads >= 0 : r.device.reads == -1, 1);
	ck_assert_int_eq(S.has_device ? r.device.writes >= 0 : r.device.writes == -1, 1);
	int have_sched = r.cpu_wait >= 0;
	/* a command's waits are its program's, whether it runs as the child
	 * or as the child of a PID namespace's init (which reads them before
	 * it reaps the program) */
	char *cat_words[] = {"cat", "{file}", NULL};
	struct wl_spec p = command(WL_OP_READ, cat_words);
	run(&p, &r);
	ck_assert_msg(r.ok, "%s", r.error);
	if (have_sched) {
		ck_assert_msg(r.cpu_wait >= 0 && r.blocked >= 0, "cpu_wait %g, blocked %g: %s%s",
		              r.cpu_wait, r.blocked, r.time_note,
		              trial_isolation_note() ? trial_isolation_note() : " (in a namespace)");
		ck_assert_str_eq(r.time_note, "");
	}
	/* a command whose shell waits for the program it runs: that program's
	 * CPU is in the shell's rusage, its waits in no schedstat we read */
	char *words[] = {"sh", "-c", "dd if={file} of=/dev/null bs=1 2>/dev/null; true", NULL};
	struct wl_spec c = command(WL_OP_READ, words);
	c.size = 256 << 10;           /* a quarter million reads: dd's CPU is plain */
	run(&c, &r);
	ck_assert_msg(r.ok, "%s", r.error);
	ck_assert_double_eq(r.cpu_wait, -1);
	ck_assert_double_eq(r.blocked, -1);
	ck_assert(r.time_user >= 0);
	ck_assert_msg(strcmp(r.time_note, "the command ran other processes or threads, whose waits "
	                     "are not counted") == 0 ||
	              strcmp(r.time_note, "this kernel gives no run-queue time (/proc/PID/schedstat)") == 0,
	              "%s", r.time_note);
}
END_TEST

/* Residency right after the advice, before the loop: DONTNEED empties the
 * cache of a warm file; without advice there is no such figure. */
START_TEST(residency_after_advice)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 65536);
	run_ok(&s, &r);
	ck_assert_double_eq(r.resident_after_advice, -1);
	if (S.on_tmpfs) {
		fprintf(stderr, "residency_after_advice: skipped, %s is tmpfs\n", S.dir);
		return;
	}
	s.fadvise = WL_ADV_DONTNEED;
	run_ok(&s, &r);
	ck_assert_double_eq(r.resident_before, 1.0);
	ck_assert_msg(r.resident_after_advice >= 0 && r.resident_after_advice <= WL_COLD_MAX_RESIDENT,
	              "after DONTNEED %g", r.resident_after_advice);
	s.fadvise = WL_ADV_SEQUENTIAL;
	run_ok(&s, &r);
	ck_assert_double_eq(r.resident_after_advice, 1.0);
}
END_TEST

/* The perf pass of a trial cut short repeats exactly its bytes: the loop
 * stops at an exact byte budget, mid-pass and with a short last block. */
static void budget_run(const struct wl_spec *s, const char *path, uint64_t budget,
                       struct wl_shared *sh)
{
	memset(sh, 0, sizeof *sh);
	sh->exact_bytes = budget;
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(wl_run(s, path, sh, 0) == 0 ? 0 : 1);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	/* what the loop reported (under valgrind the exit status is its own) */
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(atomic_load(&sh->phase), WL_PHASE_DONE);
	ck_assert_msg(!sh->failed, "%s", sh->error);
}

START_TEST(exact_byte_budget)
{
	char path[4096], msg[256];
	ck_assert_msg(scratch_data_file(&S, 10000, path, sizeof path, msg, sizeof msg) == 0, "%s", msg);
	struct wl_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
	                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(sh, MAP_FAILED);
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 10000, 4096);
	s.min_time = 60;                  /* only the budget can end it */
	/* passes of 4096 + 4096 + 1808: two passes and two blocks */
	budget_run(&s, path, 2 * 10000 + 8192, sh);
	ck_assert_uint_eq(sh->bytes, 28192);
	ck_assert_uint_eq(sh->passes, 2);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_READ], 8);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_LSEEK], 2);   /* the third pass had begun */
	ck_assert_int_eq(sh->stopped, 0);
	/* ending on a pass's short last block */
	budget_run(&s, path, 10000, sh);
	ck_assert_uint_eq(sh->bytes, 10000);
	ck_assert_uint_eq(sh->passes, 1);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_READ], 3);
	/* one byte at a time, through stdio */
	s.api = WL_API_STDIO;
	s.block = 1;
	budget_run(&s, path, 12345, sh);
	ck_assert_uint_eq(sh->bytes, 12345);
	ck_assert_uint_eq(sh->calls_by_kind[CALL_FREAD], 12345);
	munmap(sh, sizeof *sh);
}
END_TEST

/* A cold read whose eviction between passes did not take ends with the
 * passes done and counts no eviction: the perf pass, which never evicts
 * after its last pass, compares its count with the trial's and would
 * otherwise drop its own.  The pages are kept by a mapping here:
 * POSIX_FADV_DONTNEED leaves mapped pages (and tmpfs keeps every page),
 * so the check after the first pass finds the file cached. */
START_TEST(failed_eviction_is_not_counted)
{
	enum { SIZE = 65536 };
	char path[4096], msg[256];
	ck_assert_msg(scratch_data_file(&S, SIZE, path, sizeof path, msg, sizeof msg) == 0, "%s", msg);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	const volatile char *kept = mmap(NULL, SIZE, PROT_READ, MAP_SHARED, fd, 0);
	ck_assert_ptr_ne((const void *)kept, MAP_FAILED);
	for (size_t i = 0; i < SIZE; i += 4096)
		(void)kept[i];                        /* every page in, and mapped */
	struct wl_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
	                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(sh, MAP_FAILED);
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, SIZE, 4096);
	s.cache = WL_CACHE_COLD;
	memset(sh, 0, sizeof *sh);
	sh->exact_passes = 3;                     /* ends no sooner than the check */
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(wl_run(&s, path, sh, 0) == 0 ? 0 : 1);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(atomic_load(&sh->phase), WL_PHASE_DONE);
	ck_assert_msg(!sh->failed, "%s", sh->error);
	ck_assert_uint_eq(sh->passes, 1);
	ck_assert_uint_eq(sh->evictions, 0);
	ck_assert_msg(sh->resident_evicted_max > WL_COLD_MAX_RESIDENT, "cached after the eviction: %g",
	              sh->resident_evicted_max);
	ck_assert_uint_eq(sh->bytes, SIZE);
	munmap(sh, sizeof *sh);
	munmap((void *)kept, SIZE);
	close(fd);
}
END_TEST

/* The registered data file of that size. */
static void data_path(uint64_t size, char *path, size_t len)
{
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		if (S.files[i][0] && S.data_size[i] == size) {
			snprintf(path, len, "%s/%s", S.dir, S.files[i]);
			return;
		}
	ck_abort_msg("no data file of %llu bytes", (unsigned long long)size);
}

START_TEST(cold_cache_on_tmpfs_fails)
{
	/* tmpfs's pages are the file: a "cold" read there would be warm */
	struct statfs sf;
	if (statfs("/dev/shm", &sf) != 0 || sf.f_type != 0x01021994) {
		fprintf(stderr, "cold_cache_on_tmpfs_fails: skipped, /dev/shm is not tmpfs\n");
		return;
	}
	char dir[64], sdir[80], msg[512];
	struct scratch T;
	snprintf(dir, sizeof dir, "/dev/shm/iolab-check-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(sdir, sizeof sdir, "%s/scratch", dir);
	ck_assert_msg(scratch_open(&T, sdir, msg, sizeof msg) == 0, "scratch_open: %s", msg);
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 4096);
	s.cache = WL_CACHE_COLD;
	struct trial *t = trial_start(&s, &T, msg, sizeof msg);
	if (t) {
		struct trial_result r;
		trial_finish(t, &r);
	}
	scratch_close(&T);
	rmdir(sdir);
	rmdir(dir);
	ck_assert_msg(t == NULL, "a cold trial ran on tmpfs");
	ck_assert_str_eq(msg, "cold cache: 100% of the file is still in the page cache after "
	                 "eviction (this filesystem (tmpfs) cannot drop its page cache; "
	                 "use --dir on a disk filesystem)");
}
END_TEST

START_TEST(warm_cache_is_made_warm)
{
	if (S.on_tmpfs) {
		fprintf(stderr, "warm_cache_is_made_warm: skipped, %s is tmpfs (nothing to evict)\n", S.dir);
		return;
	}
	char path[4096];
	struct measure_pages pages;
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 1 << 20, 65536);
	run_ok(&s, &r);                    /* creates the data file */
	data_path(s.size, path, sizeof path);
	char *words[] = {"cat", "{file}", NULL};
	struct wl_spec c = command(WL_OP_READ, words);
	c.size = s.size;
	const struct wl_spec *specs[] = {&s, &c};
	for (size_t i = 0; i < 2; i++) {
		/* what a cold trial before (or memory pressure) leaves */
		ck_assert_int_eq(measure_evict_path(path), 0);
		ck_assert_int_eq(measure_pages_path(path, &pages), 0);
		if (pages.fraction > 0.05) {
			fprintf(stderr, "warm_cache_is_made_warm: skipped, eviction left %g cached\n",
			        pages.fraction);
			return;
		}
		run_ok(specs[i], &r);
		ck_assert_msg(r.resident_before == 1.0, "resident_before %g", r.resident_before);
	}
}
END_TEST

/* --- time limits, stopping, sampling -------------------------------------- */

START_TEST(time_limit_stops_slow_write)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 10 << 20, 1);
	s.open_flags = WL_OPEN_SYNC;
	s.time_limit = 0.3;
	run_ok(&s, &r);
	ck_assert_int_eq(r.time_limited, 1);
	ck_assert_int_eq(r.stopped, 1);
	ck_assert_uint_lt(r.bytes, 10 << 20);
	ck_assert_uint_gt(r.bytes, 0);
	ck_assert_uint_eq(r.calls[CALL_WRITE], r.bytes);
	ck_assert_int_eq(r.syscw, (int64_t)r.bytes);   /* it reports exactly what it did */
	ck_assert_uint_eq(r.passes, 0);
	ck_assert(r.seconds >= 0.3 && r.seconds < 10);
}
END_TEST

START_TEST(trial_stop_and_samples)
{
	char msg[256];
	struct trial_sample smp;
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 1);
	s.min_time = 100;
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	ck_assert_int_gt(trial_pid(t), 0);
	do {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
		trial_sample(t, &smp);
	} while (smp.bytes == 0 && !trial_done(t));
	ck_assert_int_eq(smp.state, TRIAL_RUNNING);
	ck_assert_int_ge(smp.syscr, 0);
	trial_stop(t);
	while (!trial_done(t)) {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
	trial_sample(t, &smp);
	ck_assert_int_eq(smp.state, TRIAL_DONE);
	trial_finish(t, &r);
	ck_assert_int_eq(r.ok, 1);
	ck_assert_int_eq(r.stopped, 1);
	ck_assert_int_eq(r.time_limited, 0);
	ck_assert_uint_eq(smp.bytes, r.bytes);
	ck_assert_int_eq(r.syscr, (int64_t)r.calls[CALL_READ]);
	ck_assert_uint_eq(r.calls[CALL_READ], r.bytes);
}
END_TEST

START_TEST(sample_after_done)
{
	char msg[256];
	struct trial_sample smp;
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_STDIO, 65536, 16);
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	while (!trial_done(t)) {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
	trial_sample(t, &smp);
	ck_assert_int_eq(smp.state, TRIAL_DONE);
	ck_assert_uint_eq(smp.bytes, 65536);
	ck_assert_uint_eq(smp.calls, 4096);
	ck_assert_int_eq(smp.syscr, 65536 / blksize());
	trial_finish(t, &r);
	ck_assert_double_eq(smp.elapsed, r.seconds);
}
END_TEST

/* The live sample names each kind of call: a strided fread loop's seeks
 * are not counted as reads (else "calls fread 688,126" live beside
 * "fread 819,199  fseek 819,199" at the end). */
START_TEST(sample_calls_by_kind)
{
	char msg[256];
	struct trial_sample smp;
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_STDIO, 65536, 1);
	s.stride = 4096;
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	while (!trial_done(t)) {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
	trial_sample(t, &smp);
	trial_finish(t, &r);
	ck_assert_uint_eq(smp.calls_by_kind[CALL_FREAD], 65536);
	ck_assert_uint_eq(smp.calls_by_kind[CALL_FSEEK], 65536);
	ck_assert_uint_eq(smp.calls_by_kind[CALL_READ], 0);
	ck_assert_uint_eq(smp.calls, 2 * 65536);
	for (int k = 0; k < CALL_KINDS; k++)
		ck_assert_uint_eq(smp.calls_by_kind[k], r.calls[k]);
}
END_TEST

START_TEST(interrupt_reports_interrupted)
{
	char msg[256];
	struct trial_sample smp;
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 1);
	s.min_time = 100;
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	do {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
		trial_sample(t, &smp);
	} while (smp.state == TRIAL_SETUP);
	trial_interrupt_all();
	trial_finish(t, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_str_eq(r.error, "interrupted");
	ck_assert_int_ge(r.syscr, 0);
}
END_TEST

/* Several children at once (a race runs two): the signal paths know every
 * one, so an interrupt stops them all and every one is reaped. */
static struct trial *start_long_read(pid_t *pid)
{
	char msg[256];
	struct trial_sample smp;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 1);
	s.min_time = 100;
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	*pid = trial_pid(t);
	do {
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
		trial_sample(t, &smp);
	} while (smp.state == TRIAL_SETUP);
	return t;
}

START_TEST(two_children_interrupted_and_reaped)
{
	struct trial_result r;
	struct trial *t[2];
	pid_t pid[2];
	ck_assert_int_eq(trial_children(), 0);
	t[0] = start_long_read(&pid[0]);
	t[1] = start_long_read(&pid[1]);
	ck_assert_int_ne(pid[0], pid[1]);
	ck_assert_int_eq(trial_children(), 2);
	trial_interrupt_all();                          /* SIGINT's path */
	for (int i = 0; i < 2; i++) {
		trial_finish(t[i], &r);
		ck_assert_int_eq(r.ok, 0);
		ck_assert_str_eq(r.error, "interrupted");
		errno = 0;
		ck_assert_int_eq(waitpid(pid[i], NULL, WNOHANG), -1);
		ck_assert_int_eq(errno, ECHILD);             /* reaped, no zombie */
	}
	ck_assert_int_eq(trial_children(), 0);
}
END_TEST

START_TEST(two_children_killed_all)
{
	struct trial_result r;
	struct trial *t[2];
	pid_t pid[2];
	t[0] = start_long_read(&pid[0]);
	t[1] = start_long_read(&pid[1]);
	trial_kill_all();                           /* a fatal signal's path: killed and reaped */
	ck_assert_int_eq(trial_children(), 0);
	for (int i = 0; i < 2; i++) {
		errno = 0;
		ck_assert_int_eq(waitpid(pid[i], NULL, WNOHANG), -1);
		ck_assert_int_eq(errno, ECHILD);
	}
	for (int i = 0; i < 2; i++) {
		trial_finish(t[i], &r);
		ck_assert_str_eq(r.error, "interrupted");
	}
}
END_TEST

START_TEST(at_most_eight_children)
{
	char msg[256];
	char *words[] = ON_DATA_ONLY("sleep", "60");
	struct wl_spec s = command(WL_OP_READ, words);
	struct trial *t[8];
	struct trial_result r;
	for (int i = 0; i < 8; i++) {
		t[i] = trial_start(&s, &S, msg, sizeof msg);
		ck_assert_msg(t[i] != NULL, "trial %d: %s", i, msg);
	}
	ck_assert_int_eq(trial_children(), 8);
	ck_assert_ptr_null(trial_start(&s, &S, msg, sizeof msg));
	ck_assert_str_eq(msg, "cannot start the workload process: 8 already run, "
	                      "the most the lab watches at once");
	trial_interrupt_all();
	for (int i = 0; i < 8; i++) {
		trial_finish(t[i], &r);
		ck_assert_str_eq(r.error, "interrupted");
	}
	ck_assert_int_eq(trial_children(), 0);
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)      /* the refused one left nothing */
		ck_assert_msg(!strstr(S.files[i], ".err"), "left %s", S.files[i]);
}
END_TEST

/* --- commands ------------------------------------------------------------ */

START_TEST(command_argv_substitution)
{
	char *words[] = {"dd", "if={file}", "x{file}{file}y", "{fil}", NULL};
	struct wl_spec s = command(WL_OP_READ, words);
	char **argv = wl_run_command_argv(&s, "/d/f");
	ck_assert_str_eq(argv[0], "dd");
	ck_assert_str_eq(argv[1], "if=/d/f");
	ck_assert_str_eq(argv[2], "x/d/f/d/fy");
	ck_assert_str_eq(argv[3], "{fil}");
	ck_assert_ptr_null(argv[4]);
	wl_run_command_free(argv);
}
END_TEST

/* {block} is the block size as run, {blocks} the whole blocks that cover
 * the file (dd's bs= and count=): a dd lesson copies what its claims say
 * at any --size. */
START_TEST(command_argv_blocks)
{
	char *words[] = {"dd", "if=/dev/zero", "of={file}", "bs={block}", "count={blocks}", "{blocks",
	                 NULL};
	struct wl_spec s = command(WL_OP_WRITE, words);
	s.size = 10485760;
	s.block = 4096;
	char **argv = wl_run_command_argv(&s, "/d/f");
	ck_assert_str_eq(argv[3], "bs=4096");
	ck_assert_str_eq(argv[4], "count=2560");
	ck_assert_str_eq(argv[5], "{blocks");
	wl_run_command_free(argv);
	wl_spec_resize(&s, 1u << 20);           /* --size 1MiB */
	argv = wl_run_command_argv(&s, "/d/f");
	ck_assert_str_eq(argv[4], "count=256");
	wl_run_command_free(argv);
	s.size = 10000;                          /* a last, partial block counts */
	argv = wl_run_command_argv(&s, "/d/f");
	ck_assert_str_eq(argv[4], "count=3");
	wl_run_command_free(argv);
	s.block = 1;
	argv = wl_run_command_argv(&s, "/d/f");
	ck_assert_str_eq(argv[3], "bs=1");
	ck_assert_str_eq(argv[4], "count=10000");
	wl_run_command_free(argv);
}
END_TEST

/* {size} is the size as run, in decimal bytes, wherever it stands; a value
 * is never looked into again ({file} naming a path that holds "{size}"). */
START_TEST(command_argv_size)
{
	char *words[] = {"student-io", "write", "{file}", "{size}", "count={size}B", "{size", "{{size}}",
	                 NULL};
	struct wl_spec s = command(WL_OP_WRITE, words);
	s.size = 10485760;
	char **argv = wl_run_command_argv(&s, "/d/{size}");
	ck_assert_str_eq(argv[2], "/d/{size}");
	ck_assert_str_eq(argv[3], "10485760");
	ck_assert_str_eq(argv[4], "count=10485760B");
	ck_assert_str_eq(argv[5], "{size");
	ck_assert_str_eq(argv[6], "{10485760}");
	ck_assert_ptr_null(argv[7]);
	wl_run_command_free(argv);
	s.size = 1;
	argv = wl_run_command_argv(&s, "f");
	ck_assert_str_eq(argv[3], "1");
	wl_run_command_free(argv);
	s.size = UINT64_C(68719476736);         /* 64 GiB, the largest a lesson takes */
	argv = wl_run_command_argv(&s, "f");
	ck_assert_str_eq(argv[3], "68719476736");
	wl_run_command_free(argv);
}
END_TEST

/* A command that is told {size} writes that many bytes: the size as run. */
START_TEST(command_writes_size)
{
	struct trial_result r;
	char *words[] = {"sh", "-c", "head -c \"$1\" /dev/zero > \"$2\"", "sh", "{size}", "{file}", NULL};
	struct wl_spec s = command(WL_OP_WRITE, words);
	s.size = 12345;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 12345);
}
END_TEST

/* A program named by a relative path is looked for where iolab runs (a
 * grading pack's ./student-io): when it is not there, the error says where
 * that was.  A name looked up in PATH, or an absolute path, gets no such
 * note. */
START_TEST(command_relative_path_named)
{
	struct trial_result r;
	char cwd[200], want[512];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	char *words[] = {"./iolab-no-such-program", "{file}", NULL};
	struct wl_spec s = command(WL_OP_READ, words);
	run(&s, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_int_eq(r.err, ENOENT);
	snprintf(want, sizeof want, "cannot run './iolab-no-such-program': No such file or directory "
	         "(the path is relative to %s, the directory iolab runs in)", cwd);
	ck_assert_str_eq(r.error, want);

	char *a_words[] = {"/iolab-no-such-dir/prog", NULL};
	s = command(WL_OP_READ, a_words);
	run(&s, &r);
	ck_assert_str_eq(r.error, "cannot run '/iolab-no-such-dir/prog': No such file or directory");
}
END_TEST

/* A command's bytes are what the kernel saw it move (doc/batch-output.md,
 * "A command's bytes"): its reads less its start-up's, measured on an
 * empty file; the written file's size.  One that moved nothing fails. */
START_TEST(command_bytes_are_measured)
{
	struct trial_result r;
	char want[512];
	char *c_words[] = {"cat", "{file}", NULL};
	struct wl_spec s = command(WL_OP_READ, c_words);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 4096);
	ck_assert_uint_eq(r.passes, 1);
	ck_assert_int_gt(r.startup_read_bytes, 0);
	ck_assert_int_eq(r.rchar - r.startup_read_bytes, 4096);

	/* cat with no file reads its stdin, /dev/null: nothing of the file */
	char *t_words[] = {"cat", NULL};
	s = command(WL_OP_READ, t_words);
	run(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	ck_assert_uint_eq(r.bytes, 0);
	snprintf(want, sizeof want, "'cat' read nothing of the data file: the kernel counted %lld "
	         "bytes read, no more than its start-up reads (%lld on an empty file); if it reads "
	         "its standard input, give redirect: stdin (--redirect stdin)",
	         (long long)r.rchar, (long long)r.startup_read_bytes);
	ck_assert_str_eq(r.error, want);
	/* named by its last component: a long path (as distcheck's are) never
	 * cuts the advice off the message's end */
	char long_cat[400] = "/bin";
	for (int i = 0; i < 40; i++)
		strcat(long_cat, "/../bin");
	strcat(long_cat, "/cat");
	char *l_words[] = {long_cat, NULL};
	struct wl_spec ls = command(WL_OP_READ, l_words);
	run(&ls, &r);
	assert_verdict(&r, VERDICT_FAILED);
	snprintf(want, sizeof want, "'cat' read nothing of the data file: the kernel counted %lld "
	         "bytes read, no more than its start-up reads (%lld on an empty file); if it reads "
	         "its standard input, give redirect: stdin (--redirect stdin)",
	         (long long)r.rchar, (long long)r.startup_read_bytes);
	ck_assert_str_eq(r.error, want);
	/* the same, its stdin on the file: every byte */
	s.redirect = WL_REDIRECT_STDIN;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 4096);
	ck_assert_int_eq(r.rchar - r.startup_read_bytes, 4096);

	/* a write: the file's size at exit, and stdout onto the file */
	char *w_words[] = {"true", NULL};
	s = command(WL_OP_WRITE, w_words);
	run(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	ck_assert_str_eq(r.error, "'true' wrote nothing into the data file (0 bytes at its exit); "
	                 "if it writes its standard output, give redirect: stdout (--redirect stdout)");
	ck_assert_int_eq(r.startup_read_bytes, -1);
	char *h_words[] = {"head", "-c", "{size}", "/dev/zero", NULL};
	s = command(WL_OP_WRITE, h_words);
	s.redirect = WL_REDIRECT_STDOUT;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 4096);
}
END_TEST

START_TEST(command_outcomes)
{
	struct trial_result r;
	struct wl_spec s;

	char *f_words[] = {"false", NULL};
	s = command(WL_OP_READ, f_words);
	run(&s, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_int_eq(r.err, 0);
	ck_assert_str_eq(r.error, "'false' exited with status 1");

	char *n_words[] = {"iolab-no-such-command", "{file}", NULL};
	s = command(WL_OP_READ, n_words);
	run(&s, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_int_eq(r.err, ENOENT);
	ck_assert_str_eq(r.error, "cannot run 'iolab-no-such-command': No such file or directory");

	char *k_words[] = {"sh", "-c", "kill -SEGV $$", NULL};
	s = command(WL_OP_READ, k_words);
	run(&s, &r);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_str_eq(r.error, "'sh' was killed by signal SIGSEGV (Segmentation fault)");

	char *e_words[] = {"sh", "-c", "echo first >&2; echo 'it went wrong' >&2; exit 3", NULL};
	s = command(WL_OP_READ, e_words);
	run(&s, &r);
	ck_assert_str_eq(r.error, "'sh' exited with status 3: it went wrong");
	ck_assert_str_eq(r.stderr_tail, "first\nit went wrong");
	/* more than is read (2 KiB): the error quotes the last line, cut to 160
	 * bytes and its trailing blanks, the tail keeps the last lines */
	char *long_words[] = {"sh", "-c", "i=0; while [ $i -lt 40 ]; do printf '%0150d\\n' 0 >&2; "
	                      "i=$((i+1)); done; printf '%0200d  \\n\\n' 7 >&2; exit 4", NULL};
	s = command(WL_OP_READ, long_words);
	run(&s, &r);
	char want[1024], zeros[200];
	memset(zeros, '0', 199);
	zeros[199] = '\0';
	snprintf(want, sizeof want, "'sh' exited with status 4: %.160s", zeros);
	ck_assert_str_eq(r.error, want);
	snprintf(want, sizeof want, "%.150s\n%.150s\n%.150s\n%.150s\n%s7", zeros, zeros, zeros,
	         zeros, zeros);
	ck_assert_str_eq(r.stderr_tail, want + strlen(want) - (TRIAL_STDERR_MAX - 1));
}
END_TEST

/* The last lines of a command's stderr are kept when it succeeds too
 * (iolab --command shows them), blank lines dropped, at most five. */
START_TEST(command_stderr_tail)
{
	struct trial_result r;
	char *words[] = {"sh", "-c", "for i in 1 2 3 4 5 6 7; do echo line $i >&2; echo >&2; done; "
	                 "exec cat \"$0\"", "{file}", NULL};
	struct wl_spec s = command(WL_OP_READ, words);
	run_ok(&s, &r);
	ck_assert_int_eq(r.ok, 1);
	ck_assert_str_eq(r.stderr_tail, "line 3\nline 4\nline 5\nline 6\nline 7");
	/* more than fits: the oldest bytes go */
	char *longw[] = {"sh", "-c", "i=0; while [ $i -lt 40 ]; do printf '%0150d\\n' 0 >&2; "
	                 "i=$((i+1)); done; echo last >&2; exec cat \"$0\"", "{file}", NULL};
	s = command(WL_OP_READ, longw);
	run_ok(&s, &r);
	char zeros[151], want[4 * 151 + 5];
	memset(zeros, '0', 150);
	zeros[150] = '\0';
	snprintf(want, sizeof want, "%s\n%s\n%s\n%s\nlast", zeros, zeros, zeros, zeros);
	ck_assert_uint_eq(strlen(r.stderr_tail), TRIAL_STDERR_MAX - 1);
	ck_assert_str_eq(r.stderr_tail, want + strlen(want) - (TRIAL_STDERR_MAX - 1));
	char *quiet[] = {"cat", "{file}", NULL};
	s = command(WL_OP_READ, quiet);
	run_ok(&s, &r);
	ck_assert_str_eq(r.stderr_tail, "");
	/* the lab's own loops have none */
	struct wl_spec own;
	wl_spec_init(&own);
	own.size = 4096;
	own.block = 4096;
	run_ok(&own, &r);
	ck_assert_str_eq(r.stderr_tail, "");
}
END_TEST

START_TEST(command_reads_and_writes_the_file)
{
	struct trial_result r;
	char *c_words[] = {"cat", "{file}", NULL};
	struct wl_spec s = command(WL_OP_READ, c_words);
	s.size = 65536;
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 65536);
	ck_assert_int_ge(r.rchar, 65536);
	ck_assert_int_ge(r.syscr, 1);

	char *w_words[] = {"sh", "-c", "printf abc > \"$0\"", "{file}", NULL};
	s = command(WL_OP_WRITE, w_words);
	run_ok(&s, &r);
	ck_assert_uint_eq(r.bytes, 3);
	ck_assert_int_ge(r.wchar, 3);
}
END_TEST

START_TEST(command_time_limit)
{
	struct trial_result r;
	char *words[] = ON_DATA_ONLY("sleep", "10");
	struct wl_spec s = command(WL_OP_READ, words);
	s.time_limit = 0.3;
	run_ok(&s, &r);
	ck_assert_int_eq(r.stopped, 1);
	ck_assert_int_eq(r.time_limited, 1);
	ck_assert(r.seconds >= 0.3 && r.seconds < 5);
}
END_TEST

/* The TUI and batch only poll trial_done() until the child is gone: the
 * limit must be enforced there, SIGKILL too for a command deaf to SIGTERM. */
START_TEST(command_time_limit_while_polled)
{
	char *plain[] = ON_DATA_ONLY("sleep", "10");
	char *deaf[] = ON_DATA_ONLY("sh", "-c", "trap '' TERM; sleep 10");
	char **words[] = {plain, deaf};
	for (int w = 0; w < 2; w++) {
		char msg[256];
		struct trial_result r;
		struct wl_spec s = command(WL_OP_READ, words[w]);
		s.time_limit = 0.3;
		struct trial *t = trial_start(&s, &S, msg, sizeof msg);
		ck_assert_msg(t != NULL, "trial_start: %s", msg);
		const struct timespec ms10 = {0, 10000000L};
		for (int i = 0; i < 500 && !trial_done(t); i++)
			nanosleep(&ms10, NULL);
		ck_assert_msg(trial_done(t), "%s still running 5 s past its 0.3 s limit", words[w][4]);
		trial_finish(t, &r);
		ck_assert_msg(r.ok, "%s", r.error);
		ck_assert_int_eq(r.time_limited, 1);
		ck_assert(r.seconds >= 0.3 && r.seconds < 5);
	}
}
END_TEST

/* The process's state letter from /proc/PID/stat ('T': stopped). */
static char proc_state(pid_t pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return '?';
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/* A workload stopped by a signal while it ran is noticed as trial_done()
 * polls, and its trial is no ok measurement.  A command
 * that would run a minute, stopped at once, seen stopped, continued, and
 * stopped by trial_stop(): without the stop it would be ok. */
START_TEST(stopped_child_is_disturbed)
{
	char *words[] = ON_DATA_ONLY("sleep", "60");
	char msg[256];
	struct trial_result r;
	struct wl_spec s = command(WL_OP_READ, words);
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "trial_start: %s", msg);
	pid_t pid = trial_pid(t);
	ck_assert_int_eq(kill(pid, SIGSTOP), 0);
	const struct timespec ms10 = {0, 10000000L};
	for (int i = 0; i < 3000 && proc_state(pid) != 'T'; i++)
		nanosleep(&ms10, NULL);
	ck_assert_int_eq(proc_state(pid), 'T');
	ck_assert_int_eq(trial_done(t), 0);        /* sees the stop */
	ck_assert_int_eq(kill(pid, SIGCONT), 0);
	trial_stop(t);
	trial_finish(t, &r);
	ck_assert_int_eq(r.disturbed, 1);
	ck_assert_msg(strncmp(r.disturbance, "stopped for ", 12) == 0, "%s", r.disturbance);
	ck_assert_ptr_nonnull(strstr(r.disturbance, " s by a signal"));
	ck_assert_int_eq(r.verdict, VERDICT_FAILED);
	ck_assert_int_eq(r.ok, 0);
	ck_assert_msg(strstr(r.error, "the workload process was stopped for ") == r.error, "%s", r.error);
	ck_assert_ptr_nonnull(strstr(r.error, "its time and rate are not a measurement"));

	/* the same without a stop: ok, not disturbed */
	t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "trial_start: %s", msg);
	trial_done(t);
	trial_stop(t);
	trial_finish(t, &r);
	ck_assert_msg(r.ok, "%s", r.error);
	ck_assert_int_eq(r.disturbed, 0);
	ck_assert_str_eq(r.disturbance, "");
}
END_TEST

/* Pids of live processes whose command line is `sleep SECONDS`, and
 * whose parent is `parent` (0: any); at most max into out; how many. */
static size_t sleepers(const char *seconds, pid_t parent, pid_t *out, size_t max)
{
	char want[64];
	int wn = snprintf(want, sizeof want, "sleep%c%s", 0, seconds) + 1;
	size_t n = 0;
	DIR *d = opendir("/proc");
	ck_assert_ptr_nonnull(d);
	struct dirent *de;
	while ((de = readdir(d)) && n < max) {
		char path[64], buf[256], *end;
		pid_t pid = (pid_t)strtol(de->d_name, &end, 10);
		if (*end || pid <= 0)
			continue;
		snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		size_t len = fread(buf, 1, sizeof buf, f);
		fclose(f);
		char state = proc_state(pid);
		if ((int)len != wn || memcmp(buf, want, (size_t)wn) != 0 || state == 'Z' || state == '?')
			continue;
		if (parent) {
			snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
			f = fopen(path, "r");
			if (!f)
				continue;
			len = fread(buf, 1, sizeof buf - 1, f);
			fclose(f);
			buf[len] = '\0';
			const char *p = strrchr(buf, ')');
			if (!p || strtol(p + 4, NULL, 10) != parent)
				continue;
		}
		out[n++] = pid;
	}
	closedir(d);
	return n;
}

static void kill_sleepers(const char *seconds)
{
	pid_t left[16];
	size_t n = sleepers(seconds, 0, left, 16);
	for (size_t i = 0; i < n; i++)
		kill(left[i], SIGKILL);
}

/* A command that detaches itself (setsid forks a new session and exits)
 * would leave its sleep running after the lesson was done, but the lab
 * is a subreaper, and a trial's end kills and reaps its orphans. */
START_TEST(detached_command_does_not_outlive_its_trial)
{
	char *words[] = {"sh", "-c", "setsid -f sleep 299.91; exec cat \"$0\"", "{file}", NULL};
	struct trial_result r;
	struct wl_spec s = command(WL_OP_READ, words);
	ck_assert_int_eq(reaper_enable(), 0);
	run(&s, &r);
	pid_t left[4];
	size_t n = sleepers("299.91", 0, left, 4);
	kill_sleepers("299.91");
	ck_assert_msg(r.ok, "%s", r.error);
	ck_assert_msg(n == 0, "%zu sleep 299.91 left running (pid %d)", n, n ? (int)left[0] : 0);
	/* and reaped: no zombie child left either */
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}
END_TEST

/* Two trials at once (a lecture compares two): the end of one kills its
 * own orphans, not those of the trial still running, which go at its end. */
START_TEST(orphans_of_a_running_trial_are_its_own)
{
	char *b_words[] = ON_DATA_ONLY("sh", "-c", "sh -c 'setsid sleep 299.92 &'; sleep 60");
	char *a_words[] = {"sh", "-c", "setsid -f sleep 299.93; exec cat \"$0\"", "{file}", NULL};
	char msg[256];
	struct trial_result ra, rb;
	ck_assert_int_eq(reaper_enable(), 0);
	struct wl_spec sb = command(WL_OP_READ, b_words);
	struct trial *b = trial_start(&sb, &S, msg, sizeof msg);
	ck_assert_msg(b != NULL, "trial_start: %s", msg);
	/* an orphan goes to the lab (its subreaper), or, where the trial has
	 * a PID namespace of its own, to the namespace's first process */
	pid_t found[4], home = trial_isolation_note() ? getpid() : trial_pid(b);
	const struct timespec ms10 = {0, 10000000L};
	for (int i = 0; i < 3000 && sleepers("299.92", home, found, 4) == 0; i++)
		nanosleep(&ms10, NULL);
	ck_assert_msg(sleepers("299.92", home, found, 4) == 1, "trial b's orphan never came");
	struct wl_spec sa = command(WL_OP_READ, a_words);
	struct trial *a = trial_start(&sa, &S, msg, sizeof msg);
	ck_assert_msg(a != NULL, "trial_start: %s", msg);
	trial_finish(a, &ra);
	size_t a_left = sleepers("299.93", 0, found, 4);
	size_t b_kept = sleepers("299.92", home, found, 4);
	trial_stop(b);
	trial_finish(b, &rb);
	size_t b_left = sleepers("299.92", 0, found, 4);
	kill_sleepers("299.92");
	kill_sleepers("299.93");
	ck_assert_msg(ra.ok, "%s", ra.error);
	ck_assert_msg(rb.ok, "%s", rb.error);
	ck_assert_uint_eq(a_left, 0);
	ck_assert_uint_eq(b_kept, 1);
	ck_assert_uint_eq(b_left, 0);
}
END_TEST

/* --- perf, names, several trials ----------------------------------------- */

START_TEST(perf_counting_pass)
{
	char why[256];
	if (!trial_perf_available(why, sizeof why)) {
		fprintf(stderr, "perf_counting_pass: skipped: %s\n", why);
		return;
	}
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 4096, 1);
	trial_set_perf(1);
	run(&s, &r);
	trial_set_perf(0);
	ck_assert_msg(r.ok, "%s", r.error);
	ck_assert_int_eq(r.syscall_source, SYSCALL_SOURCE_PERF);
	ck_assert_int_eq(r.sys[SYS_READ], 4096);
	ck_assert_int_eq(r.sys[SYS_WRITE], 0);
	ck_assert_int_eq(r.sys[SYS_LSEEK], 0);
	ck_assert_int_ge(r.sys[SYS_TOTAL], 4096);
	ck_assert_uint_eq(r.perf_bytes, 4096);
	ck_assert_int_eq(r.syscr, 4096);     /* the timed pass's own count */
}
END_TEST

START_TEST(perf_pass_repeats_the_trial)
{
	char why[256];
	if (!trial_perf_available(why, sizeof why)) {
		fprintf(stderr, "perf_pass_repeats_the_trial: skipped: %s\n", why);
		return;
	}
	/* several passes: the perf pass does as many, not its own min_time */
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 4096);
	s.min_time = 0.05;
	trial_set_perf(1);
	run(&s, &r);
	trial_set_perf(0);
	ck_assert_msg(r.ok, "%s", r.error);
	ck_assert_uint_ge(r.passes, 1);
	ck_assert_uint_eq(r.perf_bytes, r.bytes);
	ck_assert_int_eq(r.syscall_source, SYSCALL_SOURCE_PERF);
	ck_assert_int_eq(r.sys[SYS_READ], r.syscr);
	ck_assert_int_eq(r.sys[SYS_LSEEK], (int64_t)r.passes - 1);
}
END_TEST

START_TEST(names)
{
	ck_assert_str_eq(wl_call_kind_name(CALL_WRITE), "write");
	ck_assert_str_eq(wl_call_kind_name(CALL_MEMREAD), "memread");
	ck_assert_str_eq(wl_call_kind_name(CALL_FFLUSH), "fflush");
	ck_assert_str_eq(trial_syscall_source_name(SYSCALL_SOURCE_PROCFS), "procfs");
	ck_assert_str_eq(trial_syscall_source_name(SYSCALL_SOURCE_NONE), "none");
	ck_assert_str_eq(measure_sys_kind_name(SYS_TOTAL), "total");
	ck_assert_str_eq(measure_sys_kind_name(SYS_FDATASYNC), "fdatasync");
	char buf[256];
	wl_run_error_text(buf, sizeof buf, "open", EINVAL, WL_OPEN_DIRECT, NULL);
	ck_assert_str_eq(buf, "open: Invalid argument (this filesystem does not support O_DIRECT)");
	wl_run_error_text(buf, sizeof buf, "open", EINVAL, WL_OPEN_DIRECT, "tmpfs");
	ck_assert_str_eq(buf, "open: Invalid argument (this filesystem (tmpfs) does not support O_DIRECT)");
	wl_run_error_text(buf, sizeof buf, "open", EINVAL, WL_OPEN_DIRECT, "unknown");
	ck_assert_str_eq(buf, "open: Invalid argument (this filesystem does not support O_DIRECT)");
	wl_run_error_text(buf, sizeof buf, "write", EINVAL, WL_OPEN_DIRECT, "tmpfs");
	ck_assert_ptr_nonnull(strstr(buf, "aligned to the device's logical block size"));
	wl_run_error_text(buf, sizeof buf, "write", EFBIG, 0, NULL);
	ck_assert_str_eq(buf, "write: File too large (the file size limit of the process, see ulimit -f)");
	wl_run_error_text(buf, sizeof buf, "write", ENOSPC, 0, NULL);
	ck_assert_str_eq(buf, "write: No space left on device");
}
END_TEST

START_TEST(trials_median)
{
	/* three real trials, summarized as batch summarizes them */
	char msg[256];
	struct trial_result rs[3];
	struct trial_summary sum;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 4096);
	for (int i = 0; i < 3; i++)
		run_ok(&s, &rs[i]);
	ck_assert_int_eq(trial_summarize(rs, 3, &sum), 0);
	ck_assert_uint_eq(sum.trials, 3);
	ck_assert_int_eq(sum.ok, 1);
	ck_assert_uint_lt(sum.median_index, 3);
	ck_assert(sum.rate_min <= sum.rate_median && sum.rate_median <= sum.rate_max);
	ck_assert_double_eq(sum.median.rate, sum.rate_median);
	ck_assert_double_eq(sum.median.seconds, sum.seconds_median);
	ck_assert_uint_eq(sum.median.bytes, 65536);
	/* a failing workload: its summary is not ok (batch does not repeat
	 * it: tests/batch_exit.sh) */
	s = spec(WL_OP_WRITE, WL_API_SYSCALL, 4096, 4096);
	s.expect_error = ENOSPC;
	run(&s, &rs[0]);
	ck_assert_int_eq(rs[0].verdict, VERDICT_MISSED_ERROR);
	ck_assert_int_eq(trial_summarize(rs, 1, &sum), 0);
	ck_assert_uint_eq(sum.trials, 1);
	ck_assert_int_eq(sum.ok, 0);
	/* a bad spec never starts */
	s.block = 0;
	ck_assert_ptr_null(trial_start(&s, &S, msg, sizeof msg));
	ck_assert_str_eq(msg, "block must be from 1 to the file size");
}
END_TEST

START_TEST(trials_median_of_ok_trials)
{
	/* the first trial writes; then every file write fails with EFBIG
	 * (rate 0): the median is the trial that ran */
	struct rlimit old, lim;
	struct trial_result rs[2];
	struct trial_summary sum;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 4096, 4096);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	void (*old_xfsz)(int) = signal(SIGXFSZ, SIG_IGN);
	run(&s, &rs[0]);
	lim = old;
	lim.rlim_cur = 0;
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
	run(&s, &rs[1]);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, old_xfsz);
	ck_assert_int_eq(rs[1].err, EFBIG);
	ck_assert_int_eq(trial_summarize(rs, 2, &sum), 0);
	ck_assert_uint_eq(sum.trials, 2);
	ck_assert_int_eq(sum.ok, 0);
	ck_assert_uint_eq(sum.median_index, 0);       /* not the failed one */
	ck_assert_int_eq(sum.median.ok, 1);
	ck_assert_uint_eq(sum.median.bytes, 4096);
	ck_assert(sum.rate_min > 0);
	ck_assert_double_eq(sum.rate_median, sum.median.rate);
}
END_TEST

/* --- verdicts, from real trials -------------------------------------------- */

START_TEST(verdict_of_every_kind)
{
	struct trial_result r;
	/* ok */
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 131072, 4096);
	run_ok(&s, &r);
	assert_verdict(&r, VERDICT_OK);
	ck_assert_str_eq(r.failed_call, "");
	/* failed: EFBIG under a 64 KiB file size limit, which no one expects */
	run_limited(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	ck_assert_str_eq(r.failed_call, "write");
	ck_assert_int_eq(r.err, EFBIG);
	/* the expected error: the same EFBIG, when the lesson exists to show it */
	s.expect_error = EFBIG;
	run_limited(&s, &r);
	assert_verdict(&r, VERDICT_EXPECTED_ERROR);
	ck_assert_str_eq(r.failed_call, "write");
	ck_assert_str_eq(r.error, "write: File too large (the file size limit of the process, see ulimit -f)");
	/* another error than the one expected fails */
	s.expect_error = ENOSPC;
	run_limited(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	/* missed: no limit, so no EFBIG */
	s.expect_error = EFBIG;
	run(&s, &r);
	assert_verdict(&r, VERDICT_MISSED_ERROR);
	ck_assert_int_eq(r.err, 0);
	ck_assert_str_eq(r.failed_call, "");
	ck_assert_str_eq(r.error, "expected EFBIG, but the workload succeeded");
	ck_assert_uint_eq(r.bytes, 131072);
}
END_TEST

START_TEST(verdict_of_commands)
{
	struct trial_result r;
	char *f_words[] = {"false", NULL};
	struct wl_spec s = command(WL_OP_READ, f_words);
	run(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	ck_assert_str_eq(r.failed_call, "");          /* the command failed, no call of ours */
	char *n_words[] = {"iolab-no-such-command", NULL};
	s = command(WL_OP_READ, n_words);
	run(&s, &r);
	assert_verdict(&r, VERDICT_FAILED);
	ck_assert_str_eq(r.failed_call, "execvp");
	s.expect_error = ENOENT;
	run(&s, &r);
	assert_verdict(&r, VERDICT_EXPECTED_ERROR);
	char *t_words[] = {"cat", "{file}", NULL};
	s = command(WL_OP_READ, t_words);
	s.expect_error = ENOENT;
	run(&s, &r);
	assert_verdict(&r, VERDICT_MISSED_ERROR);
	ck_assert_str_eq(r.error, "expected ENOENT, but the workload succeeded");
}
END_TEST

START_TEST(verdict_names)
{
	ck_assert_str_eq(trial_verdict_name(VERDICT_OK), "ok");
	ck_assert_str_eq(trial_verdict_name(VERDICT_EXPECTED_ERROR), "expected_error");
	ck_assert_str_eq(trial_verdict_name(VERDICT_FAILED), "failed");
	ck_assert_str_eq(trial_verdict_name(VERDICT_MISSED_ERROR), "missed_error");
	ck_assert_str_eq(trial_verdict_name(VERDICTS), "?");
	ck_assert_int_eq(trial_verdict_ok(VERDICT_OK), 1);
	ck_assert_int_eq(trial_verdict_ok(VERDICT_EXPECTED_ERROR), 1);
	ck_assert_int_eq(trial_verdict_ok(VERDICT_FAILED), 0);
	ck_assert_int_eq(trial_verdict_ok(VERDICT_MISSED_ERROR), 0);
}
END_TEST

/* --- summaries (made-up trials) --------------------------------------------- */

static struct trial_result made(enum trial_verdict v, double rate, double seconds)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	r.verdict = v;
	r.ok = r.expected = trial_verdict_ok(v);
	r.rate = rate;
	r.seconds = seconds;
	return r;
}

START_TEST(summarize_odd_and_even)
{
	struct trial_summary s;
	struct trial_result rs[4] = {
		made(VERDICT_OK, 30, 3), made(VERDICT_OK, 10, 9), made(VERDICT_OK, 20, 5),
		made(VERDICT_OK, 40, 1),
	};
	ck_assert_int_eq(trial_summarize(rs, 3, &s), 0);
	ck_assert_uint_eq(s.trials, 3);
	ck_assert_int_eq(s.ok, 1);
	ck_assert_uint_eq(s.median_index, 2);           /* rate 20 */
	ck_assert_double_eq(s.rate_median, 20);
	ck_assert_double_eq(s.seconds_median, 5);       /* the median trial's own */
	ck_assert_double_eq(s.rate_min, 10);
	ck_assert_double_eq(s.rate_max, 30);
	ck_assert_double_eq(s.seconds_min, 3);
	ck_assert_double_eq(s.seconds_max, 9);
	ck_assert_double_eq(s.median.rate, 20);
	/* even: the lower median */
	ck_assert_int_eq(trial_summarize(rs, 4, &s), 0);
	ck_assert_uint_eq(s.median_index, 2);
	ck_assert_double_eq(s.rate_max, 40);
	ck_assert_double_eq(s.seconds_min, 1);
	/* one */
	ck_assert_int_eq(trial_summarize(&rs[3], 1, &s), 0);
	ck_assert_uint_eq(s.median_index, 0);
	ck_assert_double_eq(s.rate_median, 40);
	ck_assert_double_eq(s.seconds_max, 1);
	/* none */
	ck_assert_int_eq(trial_summarize(rs, 0, &s), 0);
	ck_assert_uint_eq(s.trials, 0);
	ck_assert_int_eq(s.ok, 0);
}
END_TEST

START_TEST(summarize_leaves_out_failed)
{
	struct trial_summary s;
	/* the expected error counts as ok; failures do not count in the figures */
	struct trial_result rs[4] = {
		made(VERDICT_FAILED, 1000, 0.1), made(VERDICT_EXPECTED_ERROR, 5, 2),
		made(VERDICT_MISSED_ERROR, 0, 0), made(VERDICT_OK, 7, 1),
	};
	ck_assert_int_eq(trial_summarize(rs, 4, &s), 0);
	ck_assert_uint_eq(s.trials, 4);
	ck_assert_int_eq(s.ok, 0);
	ck_assert_uint_eq(s.median_index, 1);           /* lower of 5 and 7 */
	ck_assert_double_eq(s.rate_min, 5);
	ck_assert_double_eq(s.rate_max, 7);
	ck_assert_double_eq(s.seconds_max, 2);
	/* all failed: the failures themselves, for what they say */
	rs[1] = made(VERDICT_FAILED, 3, 4);
	rs[3] = made(VERDICT_FAILED, 2, 5);
	ck_assert_int_eq(trial_summarize(rs, 4, &s), 0);
	ck_assert_int_eq(s.ok, 0);
	ck_assert_uint_eq(s.median_index, 3);           /* rates 1000 3 0 2: lower median 2 */
	ck_assert_double_eq(s.rate_min, 0);
	ck_assert_double_eq(s.rate_max, 1000);
	ck_assert_double_eq(s.seconds_median, 5);
}
END_TEST

START_TEST(total_calls)
{
	struct trial_result r;
	memset(&r, 0, sizeof r);
	ck_assert_uint_eq(trial_total_calls(&r), 0);
	for (int k = 0; k < CALL_KINDS; k++)
		r.calls[k] = (uint64_t)1 << k;
	ck_assert_uint_eq(trial_total_calls(&r), ((uint64_t)1 << CALL_KINDS) - 1);
	r.calls[CALL_KINDS - 1] = (uint64_t)1 << 40;     /* the last kind's count, replaced */
	ck_assert_uint_eq(trial_total_calls(&r), ((uint64_t)1 << 40) + ((uint64_t)1 << (CALL_KINDS - 1)) - 1);
}
END_TEST

START_TEST(total_calls_real)
{
	/* a strided read: one lseek and one read per block */
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 65536, 512);
	s.stride = 8192;
	run_ok(&s, &r);
	ck_assert_uint_eq(trial_total_calls(&r), 256);
}
END_TEST

START_TEST(taken_names_are_not_removed)
{
	/* files of those names that are not ours: never written, never removed */
	char out[4096], err[4096], msg[256];
	struct trial_result r;
	snprintf(out, sizeof out, "%s/iolab-%ld-%u.out", S.dir, (long)getpid(), S.seq);
	int fd = open(out, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_ge(fd, 0);
	close(fd);
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 4096, 4096);
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	if (t)
		trial_finish(t, &r);
	ck_assert_int_eq(access(out, F_OK), 0);
	ck_assert_int_eq(unlink(out), 0);
	/* a command's stderr file, created after its output file */
	snprintf(err, sizeof err, "%s/iolab-%ld-%u.err", S.dir, (long)getpid(), S.seq + 1);
	fd = open(err, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_ge(fd, 0);
	close(fd);
	char *words[] = {"true", NULL};
	s = command(WL_OP_WRITE, words);
	t = trial_start(&s, &S, msg, sizeof msg);
	if (t)
		trial_finish(t, &r);
	ck_assert_int_eq(access(err, F_OK), 0);
	ck_assert_int_eq(unlink(err), 0);
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		ck_assert_str_eq(S.files[i], "");
}
END_TEST

START_TEST(child_leads_its_own_group)
{
	/* out of the terminal's group: Ctrl-C, Ctrl-Z reach the lab alone */
	char msg[256];
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_READ, WL_API_SYSCALL, 4096, 4096);
	struct trial *t = trial_start(&s, &S, msg, sizeof msg);
	ck_assert_msg(t != NULL, "%s", msg);
	pid_t pid = trial_pid(t);
	ck_assert_int_eq(getpgid(pid), pid);
	trial_finish(t, &r);
	ck_assert_msg(r.ok, "%s", r.error);
}
END_TEST

START_TEST(written_files_removed)
{
	struct trial_result r;
	struct wl_spec s = spec(WL_OP_WRITE, WL_API_SYSCALL, 4096, 4096);
	run_ok(&s, &r);
	for (int i = 0; i < SCRATCH_MAX_FILES; i++)
		ck_assert_str_eq(S.files[i], "");
}
END_TEST

/* --- guard ----------------------------------------------------------------- */

START_TEST(guard_records_stop_signals)
{
	guard_init(&S);
	ck_assert_int_eq(guard_install(), 0);
	ck_assert_int_eq(guard_pending(), 0);
	raise(SIGTERM);
	ck_assert_int_eq(guard_pending(), SIGTERM);
	raise(SIGINT);
	ck_assert_int_eq(guard_pending(), SIGTERM);    /* the first one counts */
	ck_assert_int_eq(guard_exit_status(SIGINT), 130);
	ck_assert_int_eq(guard_exit_status(SIGTERM), 143);
	ck_assert_int_eq(guard_exit_status(SIGHUP), 129);
	ck_assert(signal(SIGPIPE, SIG_DFL) == SIG_IGN);
}
END_TEST

START_TEST(guard_records_sigquit)
{
	guard_init(&S);
	ck_assert_int_eq(guard_install(), 0);
	raise(SIGQUIT);
	ck_assert_int_eq(guard_pending(), SIGQUIT);
	ck_assert_int_eq(guard_exit_status(SIGQUIT), 131);
}
END_TEST

static int restored;
static void restore_hook(void)
{
	restored = 1;
}

START_TEST(guard_fatal_signal_cleans_up)
{
	char path[4096], msg[256];
	ck_assert_int_eq(scratch_data_file(&S, 4096, path, sizeof path, msg, sizeof msg), 0);
	pid_t pid = fork();
	if (pid == 0) {
		guard_init(&S);
		guard_set_terminal_restore(restore_hook);
		guard_install();
		raise(SIGSEGV);
		_exit(0);
	}
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFSIGNALED(status));
	ck_assert_int_eq(WTERMSIG(status), SIGSEGV);
	ck_assert_int_eq(access(path, F_OK), -1);      /* removed by the dying process */
}
END_TEST

START_TEST(guard_cleanup_restores_and_removes)
{
	char path[4096], msg[256];
	ck_assert_int_eq(scratch_data_file(&S, 4096, path, sizeof path, msg, sizeof msg), 0);
	guard_init(&S);
	restored = 0;
	guard_set_terminal_restore(restore_hook);
	guard_cleanup();
	ck_assert_int_eq(restored, 1);
	ck_assert_int_eq(access(path, F_OK), -1);
	restored = 0;
	guard_cleanup();                               /* idempotent */
	ck_assert_int_eq(restored, 0);
}
END_TEST

Suite *make_suite_engine(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("trials");
	tcase_add_checked_fixture(tc, scratch_setup, scratch_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, write_bytes_exact);
	tcase_add_test(tc, write_blocks_with_tail);
	tcase_add_test(tc, fwrite_default_buffer);
	tcase_add_test(tc, fwrite_setvbuf_65536);
	tcase_add_test(tc, fwrite_unbuffered);
	tcase_add_test(tc, fwrite_line_buffered);
	tcase_add_test(tc, write_fsync_leaves_nothing_dirty);
	tcase_add_test(tc, prefilled_file);
	tcase_add_test(tc, overwrite_in_place);
	tcase_add_test(tc, overwrite_trial_counts);
	tcase_add_test(tc, overwrite_mapped_and_reversed);
	tcase_add_test(tc, mapped_write_sync_every_counts);
	tcase_add_test(tc, sync_every_counts);
	tcase_add_test(tc, o_direct_unaligned_is_einval);
	tcase_add_test(tc, expected_error_missing);
	tcase_add_test(tc, file_size_limit_is_efbig);
	tcase_add_test(tc, read_bytes_exact);
	tcase_add_test(tc, read_blocks_checksums_agree);
	tcase_add_test(tc, strided_visits_every_block_once);
	tcase_add_test(tc, strided_bytes_uneven_stride);
	tcase_add_test(tc, reverse_reads_every_byte_once);
	tcase_add_test(tc, reverse_writes_every_byte_once);
	tcase_add_test(tc, mmap_write_counts);
	tcase_add_test(tc, stdio_character_calls);
	tcase_add_test(tc, scenario_evidence);
	tcase_add_test(tc, streams_one_per_region);
	tcase_add_test(tc, passes_repeat_until_min_time);
	tcase_add_test(tc, seek_loop_counts_block_per_lseek);
	tcase_add_test(tc, cold_cache_evicts);
	tcase_add_test(tc, cold_cache_on_tmpfs_fails);
	tcase_add_test(tc, cold_passes_repeat_evicted);
	tcase_add_test(tc, cold_mmap_passes_remap);
	tcase_add_test(tc, cold_mmap_per_pass);
	tcase_add_test(tc, mmap_per_pass_maps_every_pass);
	tcase_add_test(tc, advice_lead_waits_untimed);
	tcase_add_test(tc, copied_bytes_exact);
	tcase_add_test(tc, dirty_pages_after_cached_write);
	tcase_add_test(tc, cpu_and_waited_seconds);
	tcase_add_test(tc, time_split_and_device);
	tcase_add_test(tc, residency_after_advice);
	tcase_add_test(tc, exact_byte_budget);
	tcase_add_test(tc, failed_eviction_is_not_counted);
	tcase_add_test(tc, warm_cache_is_made_warm);
	tcase_add_test(tc, time_limit_stops_slow_write);
	tcase_add_test(tc, trial_stop_and_samples);
	tcase_add_test(tc, sample_after_done);
	tcase_add_test(tc, sample_calls_by_kind);
	tcase_add_test(tc, interrupt_reports_interrupted);
	tcase_add_test(tc, two_children_interrupted_and_reaped);
	tcase_add_test(tc, two_children_killed_all);
	tcase_add_test(tc, at_most_eight_children);
	tcase_add_test(tc, command_argv_substitution);
	tcase_add_test(tc, command_argv_size);
	tcase_add_test(tc, command_argv_blocks);
	tcase_add_test(tc, command_writes_size);
	tcase_add_test(tc, command_relative_path_named);
	tcase_add_test(tc, command_bytes_are_measured);
	tcase_add_test(tc, command_outcomes);
	tcase_add_test(tc, command_stderr_tail);
	tcase_add_test(tc, command_reads_and_writes_the_file);
	tcase_add_test(tc, command_time_limit);
	tcase_add_test(tc, command_time_limit_while_polled);
	tcase_add_test(tc, stopped_child_is_disturbed);
	tcase_add_test(tc, detached_command_does_not_outlive_its_trial);
	tcase_add_test(tc, orphans_of_a_running_trial_are_its_own);
	tcase_add_test(tc, perf_counting_pass);
	tcase_add_test(tc, perf_pass_repeats_the_trial);
	tcase_add_test(tc, names);
	tcase_add_test(tc, trials_median);
	tcase_add_test(tc, trials_median_of_ok_trials);
	tcase_add_test(tc, verdict_of_every_kind);
	tcase_add_test(tc, verdict_of_commands);
	tcase_add_test(tc, total_calls_real);
	tcase_add_test(tc, written_files_removed);
	tcase_add_test(tc, taken_names_are_not_removed);
	tcase_add_test(tc, child_leads_its_own_group);
	suite_add_tcase(s, tc);
	TCase *v = tcase_create("summaries");
	tcase_add_test(v, verdict_names);
	tcase_add_test(v, summarize_odd_and_even);
	tcase_add_test(v, summarize_leaves_out_failed);
	tcase_add_test(v, total_calls);
	suite_add_tcase(s, v);
	TCase *g = tcase_create("guard");
	tcase_add_checked_fixture(g, scratch_setup, scratch_teardown);
	tcase_add_test(g, guard_records_stop_signals);
	tcase_add_test(g, guard_records_sigquit);
	tcase_add_test(g, guard_fatal_signal_cleans_up);
	tcase_add_test(g, guard_cleanup_restores_and_removes);
	suite_add_tcase(s, g);
	return s;
}
