/* wl_kind.h - what each kind of workload is, and what each call it makes
 * is: two tables, one row per (op, api) and one row per call kind.
 *
 * Why a file of its own: the spec (wl.c) says what a lesson asked
 * for, the child (wl_run.c) does it, the engine, the report and the
 * views describe it; each of them would otherwise answer "what kind of
 * workload is this" with its own if/switch on op and api.  The rows here are the one
 * place those answers live (label, primary call, the keys it takes into
 * account, checksum, command or loop of ours), in the manner of htop's
 * MeterClass rows.  The hot loops themselves stay specialised in
 * wl_run.c; a row only names the family of loops (`loop`) whose
 * setup picks one of them once per trial.  Plain data, no I/O.
 */
#ifndef IOLAB_WL_KIND_H
#define IOLAB_WL_KIND_H

#include "wl.h"

/* --- call kinds ------------------------------------------------------------ */

/* What the workload's own code called, one row each:
 * X(ID, name in reports, is a stdio call, what the live view calls it).
 * The enum, the names and the CSV's calls.* columns are all made from this
 * list, so a new kind cannot lack one of them. */
#define CALL_KIND_ROWS(X) \
	X(WRITE,     "write",     0, "write") \
	X(READ,      "read",      0, "read") \
	X(LSEEK,     "lseek",     0, "lseek") \
	X(FWRITE,    "fwrite",    1, "fwrite") \
	X(FREAD,     "fread",     1, "fread") \
	X(FSEEK,     "fseek",     1, "fseek") \
	X(MEMREAD,   "memread",   0, "memory copies")  /* block copies (or byte loads) from a mapping */ \
	X(FSYNC,     "fsync",     0, "fsync") \
	X(FDATASYNC, "fdatasync", 0, "fdatasync") \
	X(FFLUSH,    "fflush",    1, "fflush") \
	X(MMAP,      "mmap",      0, "mmap")       /* mappings of the file: once, or one per pass */ \
	X(MUNMAP,    "munmap",    0, "munmap") \
	X(MEMWRITE,  "memwrite",  0, "memory stores")  /* block copies (or byte stores) into a mapping */ \
	X(MSYNC,     "msync",     0, "msync") \
	X(FTRUNCATE, "ftruncate", 0, "ftruncate")  /* a mapped write sizes its file first */ \
	X(FGETC,     "fgetc",     1, "fgetc") \
	X(FPUTC,     "fputc",     1, "fputc") \
	X(GETC_UNLOCKED, "getc_unlocked", 1, "getc_unlocked") \
	X(PUTC_UNLOCKED, "putc_unlocked", 1, "putc_unlocked")

#define CALL_KIND_ENUM(id, name, stdio, shown) CALL_##id,
enum call_kind {
	CALL_NONE = -1,           /* a command: no call of ours */
	CALL_KIND_ROWS(CALL_KIND_ENUM)
	CALL_KINDS
};
#undef CALL_KIND_ENUM

struct wl_call_kind_info {
	const char *name;         /* "write", "fwrite", "memread" ... */
	int is_stdio;             /* a <stdio.h> call: goes through a FILE's buffer */
	const char *shown;        /* what the live view counts: "memory copies" */
};

/* The row of k; a row named "?" for a value that is no kind. */
const struct wl_call_kind_info *wl_call_kind_info(enum call_kind k);
const char *wl_call_kind_name(enum call_kind k);   /* "write", "fwrite", ... */
/* "fread" -> CALL_FREAD: 0, or -1 when the name is no call kind ("open"). */
int wl_call_kind_from_name(const char *name, enum call_kind *out);

/* --- workload kinds -------------------------------------------------------- */

/* The workload keys a kind's run takes into account (bits of `keys`). */
#define WL_KEY_BLOCK   0x01u
#define WL_KEY_STRIDE  0x02u
#define WL_KEY_STREAMS 0x04u      /* streams > 1 */
#define WL_KEY_OPEN    0x08u      /* open: flags */
#define WL_KEY_FADVISE 0x10u
#define WL_KEY_STDIO   0x20u      /* stdio_buffer, stdio_mode */
#define WL_KEY_SYNC    0x40u
#define WL_KEY_MAP     0x80u      /* map: per_pass */
#define WL_KEY_ORDER   0x100u     /* order: reverse */
#define WL_KEY_STDIO_CALL 0x200u  /* stdio_call: a character call */

/* The family of loops in wl_run.c that runs a kind (its setup picks
 * the loop itself from block, stride, streams and buffering). */
enum wl_loop {
	WL_LOOP_NONE,             /* a command: exec'd, no loop of ours */
	WL_LOOP_WRITE, WL_LOOP_FWRITE, WL_LOOP_READ, WL_LOOP_FREAD,
	WL_LOOP_MMAP, WL_LOOP_LSEEK, WL_LOOP_MMAP_WRITE,
	WL_LOOPS
};

struct wl_kind {
	enum wl_op op;
	enum wl_api api;
	/* A pair the lesson format refuses has its rule's message and the key
	 * it is about here; it never runs, so it has no primary call, keys,
	 * checksum or loop, only what describes it (command, maps, label). */
	const char *refusal;
	const char *refusal_key;
	int command;              /* runs the lesson's command (api: command) */
	int maps;                 /* maps the file: its size must fit the address space */
	const char *label;        /* "write()", "fread()", "mmap", "lseek()", "command" */
	enum call_kind primary;   /* the call of each access; CALL_NONE for commands */
	unsigned keys;            /* WL_KEY_*: what its run takes into account */
	int checksum;             /* folds what it reads into a checksum */
	enum wl_loop loop;
};

/* Every (op, api) pair has a row, refused pairs included.  wl_kind_at(i)
 * walks them (NULL past the end); wl_kind_find returns the pair's row, or
 * NULL for values that are no op or api. */
size_t wl_kind_count(void);
const struct wl_kind *wl_kind_at(size_t i);
const struct wl_kind *wl_kind_find(enum wl_op op, enum wl_api api);
/* The row of a spec's op and api (NULL only for values out of range). */
const struct wl_kind *wl_kind_of(const struct wl_spec *spec);
/* What the live view counts while a trial of this kind runs: the primary
 * call as shown ("fwrite", "memory copies"), "calls" for a command. */
const char *wl_kind_calls_shown(const struct wl_kind *k);

#endif
