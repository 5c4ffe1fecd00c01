/* wl.h - a resolved workload spec: the `workload:` keys of a lesson.
 *
 * Plain data, no I/O.  The loader fills it, the engine runs it, the views
 * describe it.  Enum <-> name tables live in wl.c so the loader, the
 * report writers and the UI spell every value the same way.
 */
#ifndef IOLAB_WORKLOAD_H
#define IOLAB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

enum wl_op { WL_OP_WRITE, WL_OP_READ, WL_OP_SEEK };
enum wl_api { WL_API_SYSCALL, WL_API_STDIO, WL_API_MMAP, WL_API_COMMAND };
enum wl_advice {
	WL_ADV_NORMAL, WL_ADV_SEQUENTIAL, WL_ADV_RANDOM,
	WL_ADV_WILLNEED, WL_ADV_DONTNEED, WL_ADV_NOREUSE
};
enum wl_cache { WL_CACHE_WARM, WL_CACHE_COLD };
enum wl_sync { WL_SYNC_NONE, WL_SYNC_FSYNC, WL_SYNC_FDATASYNC, WL_SYNC_MSYNC };
/* stdio buffering mode given to setvbuf (_IOFBF, _IOLBF, _IONBF) */
enum wl_stdio_mode { WL_STDIO_FULL, WL_STDIO_LINE, WL_STDIO_NONE };
/* api mmap: the file mapped once before the timed loop, or mapped and
 * unmapped inside every timed pass (so the mapping's cost is measured) */
enum wl_map { WL_MAP_ONCE, WL_MAP_PER_PASS };
/* the order the walk visits its positions: the same positions, first to
 * last or last to first */
enum wl_order { WL_ORDER_FORWARD, WL_ORDER_REVERSE };
/* the stdio call of each access: fread/fwrite of a block (the default; both
 * names spell it), or one character at a time with fgetc/fputc or their
 * unlocked forms.  A character call belongs to one op (its rule). */
enum wl_stdio_call {
	WL_SCALL_BLOCK, WL_SCALL_FGETC, WL_SCALL_FPUTC, WL_SCALL_GETC_UNLOCKED, WL_SCALL_PUTC_UNLOCKED
};

/* a program mixing stdio with system calls on one file, run for what the
 * file ends up holding (wl_scenario.h); none: the workload's own loop */
enum wl_scenario {
	WL_SCENARIO_NONE, WL_SCENARIO_PRINTF_THEN_WRITE, WL_SCENARIO_READ_UNDER_FILE,
	WL_SCENARIO_FORK_NO_FLUSH, WL_SCENARIO_FORK_FLUSH
};
/* a write's data file: created empty, or already of the lesson's size
 * (filled and synced before the clock) and overwritten in place */
enum wl_file { WL_FILE_NEW, WL_FILE_EXISTING };
/* api command: the data file opened by the lab onto the program's standard
 * input (a read) or output (a write), as a shell's < and > would, with no
 * shell; none leaves them on /dev/null */
enum wl_redirect { WL_REDIRECT_NONE, WL_REDIRECT_STDIN, WL_REDIRECT_STDOUT };

/* open: flags, a bit set */
#define WL_OPEN_SYNC   0x1u
#define WL_OPEN_DSYNC  0x2u
#define WL_OPEN_DIRECT 0x4u

#define WL_STDIO_BUFFER_DEFAULT (-1)   /* stdio_buffer: default */
#define WL_SIZE_MAX ((uint64_t)64 << 30) /* 64 GiB, the format's ceiling */
#define WL_DEFAULT_TIME_LIMIT 5.0
#define WL_TIME_LIMIT_MAX 3600.0         /* 1 hour: time_limit and --time-limit */
#define WL_DEFAULT_MIN_TIME 0.2
#define WL_ADVICE_LEAD_MAX 10.0          /* advice_lead: well inside the engine's grace */
#define WL_SYNC_EVERY_MAX ((uint64_t)1 << 32) /* sync_every: writes between syncs */

struct wl_spec {
	enum wl_op op;
	enum wl_api api;
	uint64_t size;            /* file size in bytes, 1 .. WL_SIZE_MAX */
	uint64_t block;           /* bytes per call, 1 .. size */
	uint64_t stride;          /* 0 = sequential */
	unsigned open_flags;      /* WL_OPEN_* */
	enum wl_advice fadvise;
	enum wl_cache cache;
	unsigned streams;         /* >= 1; > 1 only with stride (stdio read) */
	int64_t stdio_buffer;     /* WL_STDIO_BUFFER_DEFAULT, 0, or bytes */
	enum wl_stdio_mode stdio_mode;
	enum wl_sync sync;
	double time_limit;        /* seconds; a trial stops after this long */
	double min_time;          /* seconds; reads repeat whole passes until
	                             at least this much was measured */
	double advice_lead;       /* seconds waited after posix_fadvise before the
	                             timed loop (and after each re-advice of a
	                             cold read's later passes), untimed: the
	                             other work a program does meanwhile */
	enum wl_map map;          /* api mmap: once, or per pass */
	enum wl_order order;      /* forward, or the same positions reversed */
	enum wl_stdio_call stdio_call;  /* api stdio: the call of each access */
	enum wl_scenario scenario;  /* op write, api stdio: a scenario instead of a loop */
	char **command;           /* api command: argv, NULL-terminated; "{file}"
	                             in any word is replaced by the data file */
	size_t command_len;
	enum wl_redirect redirect;
	int expect_error;         /* errno the lesson exists to show, 0 = none */
	enum wl_file file;        /* writes: a new file, or an existing one overwritten */
	uint64_t sync_every;      /* sync after every this many writes; 0: only
	                             once, after the last (with sync set) */
};

/* Default values for every optional key. */
void wl_spec_init(struct wl_spec *spec);
/* Deep copy (command argv included); returns 0 or -1 (ENOMEM). */
int wl_spec_copy(struct wl_spec *dst, const struct wl_spec *src);
void wl_spec_free(struct wl_spec *spec);

/* Names as spelt in lesson files and reports ("write", "syscall", ...).
 * *_from_name return 0 and set *out, or -1 for an unknown name. */
const char *wl_op_name(enum wl_op v);
const char *wl_api_name(enum wl_api v);
const char *wl_advice_name(enum wl_advice v);
const char *wl_cache_name(enum wl_cache v);
const char *wl_sync_name(enum wl_sync v);
const char *wl_stdio_mode_name(enum wl_stdio_mode v);
const char *wl_map_name(enum wl_map v);
const char *wl_order_name(enum wl_order v);
const char *wl_scenario_name(enum wl_scenario v);
/* "fread" for WL_SCALL_BLOCK (a write's spec formats it "fwrite"). */
const char *wl_stdio_call_name(enum wl_stdio_call v);
const char *wl_file_name(enum wl_file v);
const char *wl_redirect_name(enum wl_redirect v);
int wl_op_from_name(const char *s, enum wl_op *out);
int wl_api_from_name(const char *s, enum wl_api *out);
int wl_advice_from_name(const char *s, enum wl_advice *out);
int wl_cache_from_name(const char *s, enum wl_cache *out);
int wl_sync_from_name(const char *s, enum wl_sync *out);
int wl_stdio_mode_from_name(const char *s, enum wl_stdio_mode *out);
int wl_map_from_name(const char *s, enum wl_map *out);
int wl_order_from_name(const char *s, enum wl_order *out);
int wl_scenario_from_name(const char *s, enum wl_scenario *out);
/* "fread" and "fwrite" both give WL_SCALL_BLOCK. */
int wl_stdio_call_from_name(const char *s, enum wl_stdio_call *out);
/* The call's name as the spec's op spells it ("fwrite" for a write's
 * block call, "fread" for a read's). */
const char *wl_stdio_call_spelt(enum wl_stdio_call v, enum wl_op op);
int wl_file_from_name(const char *s, enum wl_file *out);
int wl_redirect_from_name(const char *s, enum wl_redirect *out);
/* "O_SYNC" -> WL_OPEN_SYNC ...; 0 on success, -1 unknown */
int wl_open_flag_from_name(const char *s, unsigned *out);
/* Writes the names of the set flags, in canonical order, into names[]
 * (at most 3); returns how many. */
size_t wl_open_flag_names(unsigned flags, const char *names[3]);
/* "EINVAL" -> EINVAL; 0 on success, -1 unknown */
int wl_errno_from_name(const char *s, int *out);
const char *wl_errno_name(int err);  /* "EINVAL", or NULL if not in table */

/* --size: the workload on a file of `size` bytes instead, meaning kept:
 * the block is clamped to the file, and a stride keeps the lesson's number
 * of regions, rounded down to whole blocks and, when the lesson's stride
 * was whole pages, to whole pages (10 MiB with a 1 MiB stride on a 1 MiB
 * file: a 102,400-byte stride, 25 pages), so strided lessons stay strided.
 * With several streams the size is then whole regions (1,024,000 bytes
 * there): each stream has one region of its own, read without a seek. */
#define WL_STRIDE_ALIGN 4096
void wl_spec_resize(struct wl_spec *spec, uint64_t size);

/* Does one trial of this spec repeat whole passes over the cached file
 * until min_time?  Reads and seeks of a warm cache do.  A write is one pass
 * (a second would write the file anew: that is another trial, with a new
 * file); a cold read is not such a pass (a second would read the pages the
 * first just brought in: see wl_spec_evicts_between_passes); a command runs
 * once.  The child's loop and the lab's watch time (watch.c) both ask this. */
int wl_spec_repeats_passes(const struct wl_spec *spec);
/* Does one trial of this spec repeat passes with the file evicted between
 * them (the clock paused)?  A cold read of the lab's own loops does, until
 * min_time, so its rate is over more than one short pass; with
 * min_time 0 it is one pass, as a run of one pass in the lab asks.  The child's loop
 * asks this. */
int wl_spec_evicts_between_passes(const struct wl_spec *spec);

/* A spec the engine can run?  Checks the cross-key rules of the lesson
 * format (block <= size, streams > 1 needs stride, command only with api
 * command ...).  Returns 0, or -1 with a one-line reason in msg. */
int wl_spec_check(const struct wl_spec *spec, char *msg, size_t msglen);
/* The same, and *key (may be NULL) names the workload key the broken rule
 * is about ("block", "api" ...), so a loader can point at its value. */
int wl_spec_check_key(const struct wl_spec *spec, char *msg, size_t msglen, const char **key);

/* One line for humans: "write() · 1 B blocks · O_SYNC · 10 MiB", the
 * parts of the keys that have one (wl_keys.h: a row's label, in the order
 * of its line column).  ascii != 0 uses " - " instead of the middle dot.
 * (In wl_keys.c, with the rows.) */
void wl_spec_describe(const struct wl_spec *spec, int ascii, char *buf, size_t len);
/* The sync in words: "no sync", "fsync at end", "fdatasync every write",
 * "fsync every 8 writes". */
void wl_sync_words(const struct wl_spec *spec, char *buf, size_t len);

#endif
