/* wl_keys.h - the workload keys of the lesson format, one row each, and the
 * workload written as one line of text (the spec syntax).
 *
 * Why a file of its own: a workload is typed in three places - the
 * `workload:` mapping of a lesson file, the one-line spec of
 * `iolab --run 'op=read block=512'` (also the store's record of every
 * run), and the lab's experiment form - and each value must be read by one
 * rule with one message wherever it is typed.  A row here is that rule for
 * one key: how a value (or one item of a list) becomes part of a struct
 * wl_spec, how it is written back, and how a change of it is put in words;
 * and what a result says of it: its typed value (the field workload.<key>
 * of the JSON and the CSV), its part of the one-line description, its
 * place on the lab's form.  The lesson loader's workload table
 * (lesson_schema.c) calls these rows; what is YAML (positions, lists,
 * nulls) stays there.
 *
 * The spec syntax (doc/spec-syntax.md):
 *
 *     op=read api=stdio size=10MiB block=512 stride=1MiB open=O_SYNC,O_DIRECT
 *
 * pairs KEY=VALUE separated by blanks, every key and value spelt as in a
 * lesson file; a list is its items separated by commas, optionally inside
 * [ ] (`open=[]` is no flags); an item or value holding blanks, commas,
 * quotes or brackets is written in double quotes, where \" \\ \n \t \r are
 * escapes.
 */
#ifndef IOLAB_WL_KEYS_H
#define IOLAB_WL_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "wl.h"

/* --- the rows ---------------------------------------------------------------
 *
 * A workload key is one row here, its functions beside each other in
 * wl_keys.c; everything else follows from the row: the enum below, the
 * table wl_key_table, the spec syntax, the lesson loader's workload
 * mapping, the lab's form, the result fields `workload.<key>` (the CSV's
 * column, the JSON's member, report_field_rows.h) and the describe line.
 *
 * X(A, ID, key, flags, member, parse, begin, format, describe, names,
 *   value, label, line, form, meaning), A passed through to X as it is:
 *   ID        WLK_<ID>, the row's index
 *   key       as a lesson file spells it
 *   flags     WL_KEYF_*
 *   member    of struct wl_spec that holds the value
 *   parse .. describe   the struct wl_key functions of the same names
 *   names     ENUM(stem) for a key with named values: wl_keys.c's
 *             stem_set and stem_choice; NOENUM for the others
 *   value     the typed value (struct wl_value) of workload.<key>
 *   label     its part of the describe line, or NULL: it has none
 *   line      the part's place on that line, smallest first (0: none); the
 *             line's order is not the table's, which is the JSON's
 *   form      its place on the lab's form, smallest first (0: not on it)
 *   meaning   of the field workload.<key>, for doc/lesson-format.md's
 *             field table (no '|'); "" unless WL_KEYF_NUMBER
 *
 * Only wl_keys.c expands the function columns.  The order is the lesson
 * format's documentation's, a formatted spec's, and the CSV's and JSON's
 * (doc/batch-output.md): a contract, so a row is added at the end and rows
 * are never moved past each other or renamed. */
#define WL_KEY_ROWS(X, A) \
	X(A, OP, "op", 0, op, p_enum, NULL, f_enum, d_name, ENUM(op), \
	  v_name, NULL, 0, 10, "") \
	X(A, API, "api", 0, api, p_enum, NULL, f_enum, d_name, ENUM(api), \
	  v_name, l_call, 10, 20, "") \
	X(A, SIZE, "size", WL_KEYF_NUMBER, size, p_size, NULL, f_size, d_size, NOENUM, \
	  v_count, l_size, 140, 50, "the data file's size in bytes, as run (`--size` applied)") \
	X(A, BLOCK, "block", WL_KEYF_NUMBER, block, p_size, NULL, f_size, d_block, NOENUM, \
	  v_count, l_block, 20, 60, "bytes per call, as run") \
	X(A, STRIDE, "stride", WL_KEYF_NUMBER, stride, p_size, NULL, f_size, d_stride, NOENUM, \
	  v_count, l_stride, 30, 70, "bytes between successive positions; 0 sequential") \
	X(A, OPEN, "open", WL_KEYF_LIST, open_flags, p_open, b_open, f_open, d_open, NOENUM, \
	  v_open, l_open, 50, 90, "") \
	X(A, FADVISE, "fadvise", 0, fadvise, p_enum, NULL, f_enum, d_fadvise, ENUM(advice), \
	  v_name, l_fadvise, 70, 100, "") \
	X(A, CACHE, "cache", 0, cache, p_enum, NULL, f_enum, d_name, ENUM(cache), \
	  v_name, l_cache, 130, 110, "") \
	X(A, STREAMS, "streams", WL_KEYF_NUMBER, streams, p_streams, NULL, f_streams, d_streams, \
	  NOENUM, v_streams, l_streams, 40, 80, "FILE streams of a strided stdio read") \
	X(A, STDIO_BUFFER, "stdio_buffer", WL_KEYF_NUMBER, stdio_buffer, p_stdio_buffer, NULL, \
	  f_stdio_buffer, d_stdio_buffer, NOENUM, v_stdio_buffer, l_stdio, 60, 120, \
	  "the stdio buffer given to setvbuf, bytes; null for stdio's default") \
	X(A, STDIO_MODE, "stdio_mode", 0, stdio_mode, p_enum, NULL, f_enum, d_stdio_mode, \
	  ENUM(stdio_mode), v_name, NULL, 0, 130, "") \
	X(A, SYNC, "sync", 0, sync, p_enum, NULL, f_enum, d_sync, ENUM(sync), \
	  v_name, l_sync, 110, 140, "") \
	X(A, TIME_LIMIT, "time_limit", WL_KEYF_NUMBER, time_limit, p_duration, NULL, f_duration, \
	  d_seconds, NOENUM, v_seconds, NULL, 0, 170, "seconds a trial may run") \
	X(A, MIN_TIME, "min_time", WL_KEYF_NUMBER, min_time, p_min_time, NULL, f_duration, \
	  d_seconds, NOENUM, v_seconds, NULL, 0, 180, "seconds a read repeats passes for") \
	X(A, COMMAND, "command", WL_KEYF_LIST | WL_KEYF_WORDS | WL_KEYF_COMMAND, command, \
	  p_command, b_command, f_command, d_command, NOENUM, v_command, NULL, 0, 30, "") \
	X(A, EXPECT_ERROR, "expect_error", 0, expect_error, p_errno, NULL, f_errno, d_errno, \
	  NOENUM, v_errno, NULL, 0, 0, "") \
	X(A, ADVICE_LEAD, "advice_lead", WL_KEYF_NUMBER, advice_lead, p_duration, NULL, \
	  f_advice_lead, d_advice_lead, NOENUM, v_seconds, l_advice_lead, 80, 0, \
	  "seconds the workload waits after its posix_fadvise before it reads (0 none)") \
	X(A, MAP, "map", WL_KEYF_QUIET, map, p_enum, NULL, f_enum, d_map, ENUM(map), \
	  v_name, l_map, 90, 0, "") \
	X(A, FILE, "file", WL_KEYF_QUIET, file, p_enum, NULL, f_enum, d_file, ENUM(file), \
	  v_name, l_file, 120, 160, "") \
	X(A, SYNC_EVERY, "sync_every", WL_KEYF_QUIET | WL_KEYF_NUMBER, sync_every, p_sync_every, \
	  NULL, f_count, d_sync_every, NOENUM, v_count, NULL, 0, 150, \
	  "writes between two syncs (0: one sync, after the last write)") \
	X(A, REDIRECT, "redirect", WL_KEYF_QUIET | WL_KEYF_COMMAND, redirect, p_enum, NULL, \
	  f_enum, d_redirect, ENUM(redirect), v_name, NULL, 0, 40, "") \
	X(A, ORDER, "order", WL_KEYF_QUIET, order, p_enum, NULL, f_enum, d_order, ENUM(order), \
	  v_name, l_order, 100, 190, "") \
	X(A, STDIO_CALL, "stdio_call", 0, stdio_call, p_enum, NULL, f_stdio_call, d_stdio_call, \
	  ENUM(stdio_call), v_stdio_call, NULL, 0, 200, "") \
	X(A, SCENARIO, "scenario", WL_KEYF_QUIET, scenario, p_enum, NULL, f_enum, d_scenario, \
	  ENUM(scenario), v_name, NULL, 0, 210, "")

#define WL_KEY_ID(A, ID, ...) WLK_##ID,
enum wl_key_id {
	WL_KEY_ROWS(WL_KEY_ID, _)
	WL_KEYS
};
#undef WL_KEY_ID

#define WL_KEYF_LIST  0x1u        /* the value is a list (open, command) */
#define WL_KEYF_WORDS 0x2u        /* list items are taken as they are: an
                                     empty one is a word (command's argv) */
#define WL_KEYF_QUIET 0x4u        /* left out of a spec at its default, so a
                                     spec written before the key reads as
                                     the same text (its format still gives
                                     the default, for a form to show) */
#define WL_KEYF_NUMBER 0x8u       /* workload.<key> is a number a lesson's
                                     check may name (a size, a count, seconds) */
#define WL_KEYF_COMMAND 0x10u     /* a key of api: command only: the form
                                     shows it only then, and an empty field
                                     leaves it unset */

/* How many keys the lab's form shows (a form column other than 0): a
 * constant, for arrays. */
#define WL_KEY_ON_FORM(A, ID, key, flags, member, parse, begin, format, describe, names, \
                       value, label, line, form, meaning) + ((form) != 0)
#define WL_FORM_KEYS (0 WL_KEY_ROWS(WL_KEY_ON_FORM, _))

/* --- a key's value, typed ---------------------------------------------------- */

enum wl_value_type {
	WL_VALUE_NULL,            /* not set (command, expect_error) */
	WL_VALUE_NAME,            /* text: name */
	WL_VALUE_COUNT,           /* a size or count: count */
	WL_VALUE_SECONDS,         /* seconds */
	WL_VALUE_LIST             /* items (JSON: an array); as one text, joined
	                             by sep (the CSV's) */
};

#define WL_VALUE_ITEMS 3          /* items a value holds itself (open's flags) */

/* Filled by wl_key_value; it may point into itself and into the spec, so
 * it is read where it was filled, while the spec lives. */
struct wl_value {
	enum wl_value_type type;
	const char *name;
	uint64_t count;
	double seconds;
	const char *const *items;
	size_t nitems;
	const char *sep;
	const char *own[WL_VALUE_ITEMS];
	char buf[32];
};

struct wl_key;
/* Each returns 0, or -1 with the message the lesson loader gives (msg of
 * VALUE_MSG_MAX bytes holds any of them). */
typedef int (*wl_key_parse_fn)(const struct wl_key *k, struct wl_spec *s,
                               const char *v, size_t n, char *msg, size_t len);
typedef int (*wl_key_begin_fn)(const struct wl_key *k, struct wl_spec *s,
                               size_t nitems, char *msg, size_t len);
typedef int (*wl_key_format_fn)(const struct wl_key *k, const struct wl_spec *s,
                                char *buf, size_t len);
typedef void (*wl_key_describe_fn)(const struct wl_key *k, const struct wl_spec *s,
                                   char *buf, size_t len);
typedef void (*wl_key_value_fn)(const struct wl_key *k, const struct wl_spec *s,
                                struct wl_value *v);
typedef void (*wl_key_label_fn)(const struct wl_key *k, const struct wl_spec *s,
                                const char *sep, char *buf, size_t len);

struct wl_key {
	const char *key;          /* as a lesson file spells it */
	unsigned flags;           /* WL_KEYF_* */
	size_t offset;            /* of the value in struct wl_spec */
	size_t size;              /* and its size */
	/* A scalar value, or one item of a list: v is n bytes, NUL-terminated
	 * (n counts bytes past an embedded NUL, so the length bound holds). */
	wl_key_parse_fn parse;
	/* Lists: before the items, given how many there are; the list starts
	 * over (a list given replaces the one before) and a count the format
	 * refuses is refused here ("'command' must not be empty"). */
	wl_key_begin_fn begin;
	/* The value as the spec syntax writes it (a list: its items, quoted
	 * where needed, comma-separated).  0, or 1 when the key is not set
	 * and is left out of a spec (command, expect_error). */
	wl_key_format_fn format;
	/* The value in words for a label of what changed: "4 B blocks", "warm". */
	wl_key_describe_fn describe;
	/* Keys with named values: the name as the enum, into dst (the enum's
	 * own type), 0 or -1; and the i-th name ("?" past the last), so a form
	 * can offer them.  NULL for other keys. */
	int (*set)(const char *v, void *dst);
	const char *(*choice)(unsigned i);
	/* The value of the result field workload.<key> (wl_key_value). */
	wl_key_value_fn value;
	/* Its part of the describe line (wl_spec_describe), parts of its own
	 * separated by sep; "" when it says nothing of this spec.  NULL: it
	 * never has a part. */
	wl_key_label_fn label;
	unsigned line;            /* the part's place on that line (0: none) */
	unsigned form;            /* the field's place on the form (0: none) */
};

extern const struct wl_key wl_key_table[WL_KEYS];

/* The row of a key, or NULL. */
const struct wl_key *wl_key_find(const char *name);

/* A key with named values (k->choice set): the name v as its enum, into
 * *dst (the enum's own type, as in struct wl_spec).  0, or -1 when v names
 * none or the key has no names.  For another key spelt by the same names
 * (a sweep's caches). */
int wl_key_enum_set(const struct wl_key *k, const char *v, void *dst);

/* The typed value of key k in s into *v (zeroed first). */
void wl_key_value(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v);

/* Key k of s back at the format's default (the command freed). */
void wl_key_reset(const struct wl_key *k, struct wl_spec *s);

/* The keys on the lab's form, in its order (the rows' form column):
 * WL_FORM_KEYS of them into ids. */
void wl_key_form_order(enum wl_key_id ids[WL_FORM_KEYS]);

/* Apply one key's value given as text (a list: its items comma-separated,
 * as the spec syntax writes them) to s.  What a form field does with what
 * the student typed.  0, or -1 with the loader's message. */
int wl_key_set(const struct wl_key *k, struct wl_spec *s, const char *text,
               char *msg, size_t len);

/* The value as a form shows it: the spec syntax's text, or for a key the
 * syntax leaves out at its default (order, stdio_call, map) the default's
 * name ("forward", "fwrite" in a write).  0, or 1 when the key has no
 * value (command, expect_error not set). */
int wl_key_text(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len);

/* {file} becomes the data file's path, which comes from --dir: in a
 * shell's -c script (sh, bash ... "busybox sh" too) that path would be read
 * as shell code (a directory named ';touch x;#' runs touch), so a command
 * whose script holds {file} is refused; after the script it is data, $1.
 * Returns the word of s->command that is such a script, with the message
 * in msg; or -1 (msg untouched) when the command has none. */
long wl_command_unsafe_script(const struct wl_spec *s, char *msg, size_t len);

/* --- the whole workload as one line ---------------------------------------- */

/* Parse `text` on top of a copy of `base` (NULL: the format's defaults)
 * into *out, then check the result with wl_spec_check_key().  0: *out is
 * the spec (wl_spec_free it).  -1: msg says what is wrong, as the lesson
 * loader says it, and *offset (may be NULL) is the byte of text it is
 * about (the key, the value or the item; for a rule between keys the
 * value of the key wl_spec_check_key names, or 0 when that key was not
 * given); *out holds nothing to free. */
int wl_spec_parse(const char *text, const struct wl_spec *base, struct wl_spec *out,
                  char *msg, size_t len, size_t *offset);

/* Every key, in the table's order, canonically: "op=write api=syscall
 * size=10MiB block=1 stride=0 open=[] ... min_time=0.2s" (command and
 * expect_error only when set, advice_lead, map, file and sync_every only
 * when not at their defaults).  Parsing it gives the same spec back.
 * Returns the length it needed (snprintf style): >= len means cut. */
size_t wl_spec_format(const struct wl_spec *s, char *buf, size_t len);

/* Do a and b run the same workload?  (Their canonical specs are equal.) */
int wl_spec_same(const struct wl_spec *a, const struct wl_spec *b);

/* What `to` changes from `from`, in words, comma-separated in the table's
 * order ("4 B blocks, warm"); "" when nothing.  Returns the number of keys
 * that differ. */
size_t wl_spec_changes(const struct wl_spec *from, const struct wl_spec *to,
                       char *buf, size_t len);

#endif
