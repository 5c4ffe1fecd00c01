/* wl_keys.h - the workload keys of the lesson format, one row each, and the
 * workload written as one line of text (the spec syntax).
 *
 * Why a file of its own: a workload is typed in three places - the
 * `workload:` mapping of a lesson file, the one-line spec of
 * `iolab --run 'op=read block=512'` (also the store's record of every
 * run), and the lab's experiment form - and each value must be read by one
 * rule with one message wherever it is typed.  A row here is that rule for
 * one key: how a value (or one item of a list) becomes part of a struct
 * wl_spec, how it is written back, and how a change of it is put in words.
 * The lesson loader's workload table (lesson_schema.c) calls these rows;
 * what is YAML (positions, lists, nulls) stays there.
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

#include "wl.h"

/* The rows, in the order of the lesson format's documentation (and of a
 * formatted spec). */
enum wl_key_id {
	WLK_OP, WLK_API, WLK_SIZE, WLK_BLOCK, WLK_STRIDE, WLK_OPEN, WLK_FADVISE,
	WLK_CACHE, WLK_STREAMS, WLK_STDIO_BUFFER, WLK_STDIO_MODE, WLK_SYNC,
	WLK_TIME_LIMIT, WLK_MIN_TIME, WLK_COMMAND, WLK_EXPECT_ERROR,
	WLK_ADVICE_LEAD, WLK_MAP,
	WLK_FILE, WLK_SYNC_EVERY,
	WLK_REDIRECT,
	WLK_ORDER, WLK_STDIO_CALL, WLK_SCENARIO,
	WL_KEYS
};

#define WL_KEYF_LIST  0x1u        /* the value is a list (open, command) */
#define WL_KEYF_WORDS 0x2u        /* list items are taken as they are: an
                                     empty one is a word (command's argv) */
#define WL_KEYF_QUIET 0x4u        /* left out of a spec at its default, so a
                                     spec written before the key reads as
                                     the same text (its format still gives
                                     the default, for a form to show) */

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

struct wl_key {
	const char *key;          /* as a lesson file spells it */
	unsigned flags;           /* WL_KEYF_* */
	size_t offset;            /* of the value in struct wl_spec */
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
	/* Keys with named values: the i-th name ("?" past the last), so a form
	 * can offer them; NULL for other keys. */
	const char *(*choice)(unsigned i);
};

extern const struct wl_key wl_key_table[WL_KEYS];

/* The row of a key, or NULL. */
const struct wl_key *wl_key_find(const char *name);

/* A key with named values (k->choice set): the name v as its enum, into
 * *dst (the enum's own type, as in struct wl_spec).  0, or -1 when v names
 * none or the key has no names.  For another key spelt by the same names
 * (a sweep's caches). */
int wl_key_enum_set(const struct wl_key *k, const char *v, void *dst);

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
