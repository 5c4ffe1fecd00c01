/* wl.c - the workload spec: defaults, names, cross-key rules (what
 * each kind of workload allows comes from its row in wl_kind.c). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "wl.h"
#include "wl_kind.h"
#include "countof.h"

void wl_spec_init(struct wl_spec *spec)
{
	memset(spec, 0, sizeof *spec);
	spec->op = WL_OP_WRITE;
	spec->api = WL_API_SYSCALL;
	spec->size = 10u << 20;
	spec->block = 1;
	spec->fadvise = WL_ADV_NORMAL;
	spec->cache = WL_CACHE_WARM;
	spec->streams = 1;
	spec->stdio_buffer = WL_STDIO_BUFFER_DEFAULT;
	spec->stdio_mode = WL_STDIO_FULL;
	spec->sync = WL_SYNC_NONE;
	spec->time_limit = WL_DEFAULT_TIME_LIMIT;
	spec->min_time = WL_DEFAULT_MIN_TIME;
}

int wl_spec_copy(struct wl_spec *dst, const struct wl_spec *src)
{
	*dst = *src;
	dst->command = NULL;
	if (!src->command)
		return 0;
	dst->command = calloc(src->command_len + 1, sizeof *dst->command);
	if (!dst->command)
		return -1;
	for (size_t i = 0; i < src->command_len; i++)
		if (!(dst->command[i] = strdup(src->command[i]))) {
			wl_spec_free(dst);
			return -1;
		}
	return 0;
}

void wl_spec_free(struct wl_spec *spec)
{
	if (spec->command)
		for (size_t i = 0; i < spec->command_len; i++)
			free(spec->command[i]);
	free(spec->command);
	spec->command = NULL;
	spec->command_len = 0;
}

void wl_spec_resize(struct wl_spec *s, uint64_t size)
{
	uint64_t regions = s->stride ? s->size / s->stride : 0;
	/* the lesson's stride was whole pages (1 MiB): so are the new regions,
	 * or each stream's buffer would straddle two of them */
	uint64_t align = s->stride & (~s->stride + 1);       /* its largest power of two */
	if (align > WL_STRIDE_ALIGN)
		align = WL_STRIDE_ALIGN;
	s->size = size;
	if (s->block > size)
		s->block = size;
	if (!s->stride)
		return;
	if (align < s->block || align % s->block || (regions && size / regions < align))
		align = s->block;
	uint64_t stride = regions ? size / regions : size;
	stride -= stride % align;
	s->stride = stride < s->block ? s->block : stride;
	/* one stream per region, each region whole: no short last region read
	 * by a stream that must seek there first */
	if (s->streams > 1 && regions && s->stride * regions <= size)
		s->size = s->stride * regions;
}

/* --- names ---------------------------------------------------------------- */

static const char *const op_names[] = {"write", "read", "seek"};
static const char *const api_names[] = {"syscall", "stdio", "mmap", "command"};
static const char *const advice_names[] = {
	"normal", "sequential", "random", "willneed", "dontneed", "noreuse"};
static const char *const cache_names[] = {"warm", "cold"};
static const char *const sync_names[] = {"none", "fsync", "fdatasync", "msync"};
static const char *const stdio_mode_names[] = {"full", "line", "none"};
static const char *const map_names[] = {"once", "per_pass"};
static const char *const order_names[] = {"forward", "reverse"};
static const char *const scenario_names[] = {
	"none", "printf_then_write", "read_under_file", "fork_no_flush", "fork_flush"};
/* by enum wl_stdio_call; "fwrite" is the block call's other spelling */
static const char *const stdio_call_names[] = {
	"fread", "fgetc", "fputc", "getc_unlocked", "putc_unlocked"};
static const char *const file_names[] = {"new", "existing"};
static const char *const redirect_names[] = {"none", "stdin", "stdout"};


int wl_spec_repeats_passes(const struct wl_spec *s)
{
	return s->op != WL_OP_WRITE && s->cache != WL_CACHE_COLD && s->api != WL_API_COMMAND;
}

int wl_spec_evicts_between_passes(const struct wl_spec *s)
{
	return s->op == WL_OP_READ && s->cache == WL_CACHE_COLD && s->api != WL_API_COMMAND;
}

static const char *name_of(const char *const *names, size_t n, unsigned v)
{
	return v < n ? names[v] : "?";
}

static int index_of(const char *const *names, size_t n, const char *s, unsigned *out)
{
	for (size_t i = 0; i < n; i++)
		if (s && strcmp(names[i], s) == 0) {
			*out = (unsigned)i;
			return 0;
		}
	return -1;
}

#define NAME_FUNCS(type, stem, table) \
	const char *wl_##stem##_name(enum type v) \
	{ return name_of(table, COUNT(table), (unsigned)v); } \
	int wl_##stem##_from_name(const char *s, enum type *out) \
	{ unsigned i; if (index_of(table, COUNT(table), s, &i)) return -1; \
	  *out = (enum type)i; return 0; }

NAME_FUNCS(wl_op, op, op_names)
NAME_FUNCS(wl_api, api, api_names)
NAME_FUNCS(wl_advice, advice, advice_names)
NAME_FUNCS(wl_cache, cache, cache_names)
NAME_FUNCS(wl_sync, sync, sync_names)
NAME_FUNCS(wl_stdio_mode, stdio_mode, stdio_mode_names)
NAME_FUNCS(wl_map, map, map_names)
NAME_FUNCS(wl_order, order, order_names)
NAME_FUNCS(wl_scenario, scenario, scenario_names)

const char *wl_stdio_call_name(enum wl_stdio_call v)
{
	return name_of(stdio_call_names, COUNT(stdio_call_names), (unsigned)v);
}

int wl_stdio_call_from_name(const char *s, enum wl_stdio_call *out)
{
	unsigned i;
	if (s && strcmp(s, "fwrite") == 0) {
		*out = WL_SCALL_BLOCK;
		return 0;
	}
	if (index_of(stdio_call_names, COUNT(stdio_call_names), s, &i))
		return -1;
	*out = (enum wl_stdio_call)i;
	return 0;
}

const char *wl_stdio_call_spelt(enum wl_stdio_call v, enum wl_op op)
{
	return v == WL_SCALL_BLOCK && op == WL_OP_WRITE ? "fwrite" : wl_stdio_call_name(v);
}

/* Is the character call one of a write (fputc, putc_unlocked)? */
static int stdio_call_writes(enum wl_stdio_call v)
{
	return v == WL_SCALL_FPUTC || v == WL_SCALL_PUTC_UNLOCKED;
}
NAME_FUNCS(wl_file, file, file_names)
NAME_FUNCS(wl_redirect, redirect, redirect_names)

static const struct { const char *name; unsigned flag; } open_flags[] = {
	{"O_SYNC", WL_OPEN_SYNC}, {"O_DSYNC", WL_OPEN_DSYNC}, {"O_DIRECT", WL_OPEN_DIRECT},
};

int wl_open_flag_from_name(const char *s, unsigned *out)
{
	for (size_t i = 0; i < COUNT(open_flags); i++)
		if (strcmp(open_flags[i].name, s) == 0) {
			*out = open_flags[i].flag;
			return 0;
		}
	return -1;
}

size_t wl_open_flag_names(unsigned flags, const char *names[3])
{
	size_t n = 0;
	for (size_t i = 0; i < COUNT(open_flags); i++)
		if (flags & open_flags[i].flag)
			names[n++] = open_flags[i].name;
	return n;
}

/* The errors a lesson may expect: what the workloads can provoke. */
static const struct { const char *name; int value; } errnos[] = {
	{"EINVAL", EINVAL}, {"ENOSPC", ENOSPC}, {"EFBIG", EFBIG}, {"EIO", EIO},
	{"EBADF", EBADF}, {"EACCES", EACCES}, {"EPERM", EPERM}, {"ENOENT", ENOENT},
	{"EEXIST", EEXIST}, {"EISDIR", EISDIR}, {"EROFS", EROFS}, {"ENOMEM", ENOMEM},
	{"EOPNOTSUPP", EOPNOTSUPP}, {"EFAULT", EFAULT}, {"EAGAIN", EAGAIN},
	{"EDQUOT", EDQUOT}, {"ENODEV", ENODEV}, {"ESPIPE", ESPIPE}, {"EOVERFLOW", EOVERFLOW},
};

int wl_errno_from_name(const char *s, int *out)
{
	for (size_t i = 0; i < COUNT(errnos); i++)
		if (strcmp(errnos[i].name, s) == 0) {
			*out = errnos[i].value;
			return 0;
		}
	return -1;
}

const char *wl_errno_name(int err)
{
	for (size_t i = 0; i < COUNT(errnos); i++)
		if (errnos[i].value == err)
			return errnos[i].name;
	return NULL;
}

/* --- rules ---------------------------------------------------------------- */

/* A broken rule: its message, and the key a loader points the error at. */
static int rule(const char *key, const char **key_out, char *msg, size_t len, const char *text)
{
	if (key_out)
		*key_out = key;
	return errmsg(msg, len, "%s", text);
}

/* file and sync_every: what the lab's own write loops do with their file */
static int check_write_keys(const struct wl_spec *s, const struct wl_kind *k, const char **key,
                            char *msg, size_t len)
{
	if (s->file == WL_FILE_EXISTING && s->op != WL_OP_WRITE)
		return rule("file", key, msg, len, "file: existing is for writes only (a read's file always exists)");
	if (s->file == WL_FILE_EXISTING && k->command)
		return rule("file", key, msg, len, "file: existing is for the lab's own writes, not a command");
	/* a scenario's evidence is what its program put into an empty file */
	if (s->file == WL_FILE_EXISTING && s->scenario != WL_SCENARIO_NONE)
		return rule("file", key, msg, len, "file: existing is for the lab's own writes, not a scenario (it writes a new file)");
	if (s->sync_every && s->sync == WL_SYNC_NONE)
		return rule("sync_every", key, msg, len, "sync_every needs sync: fsync, fdatasync or msync");
	if (s->sync_every && k->command)
		return rule("sync_every", key, msg, len, "sync_every is for the lab's own writes, not a command");
	if (s->sync_every && s->scenario != WL_SCENARIO_NONE)
		return rule("sync_every", key, msg, len, "sync_every is for the lab's own writes, not a scenario");
	if (s->sync_every > WL_SYNC_EVERY_MAX)
		return rule("sync_every", key, msg, len, "sync_every must be from 0 to 4294967296");
	return 0;
}

int wl_spec_check_key(const struct wl_spec *s, char *msg, size_t len, const char **key)
{
	const struct wl_kind *k = wl_kind_of(s);
	if (key)
		*key = NULL;
	if (!k)
		return rule("op", key, msg, len, "op and api name no kind of workload");
	if (s->size == 0 || s->size > WL_SIZE_MAX)
		return rule("size", key, msg, len, "size must be from 1 B to 64 GiB");
	if (s->block == 0 || s->block > s->size)
		return rule("block", key, msg, len, "block must be from 1 to the file size");
	if (s->stride && s->stride < s->block)
		return rule("stride", key, msg, len, "stride must be 0 (sequential) or at least the block size");
	if (s->stride > s->size)
		return rule("stride", key, msg, len, "stride must not be larger than the file size");
	if (s->streams == 0)
		return rule("streams", key, msg, len, "streams must be at least 1");
	if (s->streams > 1 && !s->stride)
		return rule("streams", key, msg, len, "streams > 1 needs a stride (one stream per stride region)");
	if (s->streams > 1 && !(k->keys & WL_KEY_STREAMS))
		return rule("streams", key, msg, len, "streams > 1 is for stdio reads only");
	if (s->command && !k->command)
		return rule("command", key, msg, len, "command needs api: command");
	if (k->command && (!s->command || s->command_len == 0))
		return rule("api", key, msg, len, "api: command needs a command");
	if (s->redirect != WL_REDIRECT_NONE && !k->command)
		return rule("redirect", key, msg, len, "redirect is for api: command");
	if (k->refusal)
		return rule(k->refusal_key, key, msg, len, k->refusal);
	/* the data file is read, or written: the stream that carries it */
	if (s->redirect == WL_REDIRECT_STDIN && s->op != WL_OP_READ)
		return rule("redirect", key, msg, len, "redirect: stdin is for op: read (the data file is read)");
	if (s->redirect == WL_REDIRECT_STDOUT && s->op != WL_OP_WRITE)
		return rule("redirect", key, msg, len, "redirect: stdout is for op: write (the data file is written)");
	if (k->maps && (uint64_t)(size_t)s->size != s->size)
		return rule("size", key, msg, len, "size is too large to map into this process's address space");
	/* a rule of the op, not of the kind: a command's write may ask too */
	if (s->sync != WL_SYNC_NONE && s->op != WL_OP_WRITE)
		return rule("sync", key, msg, len, "sync is for writes only");
	if (s->sync == WL_SYNC_MSYNC && !(k->maps && k->keys & WL_KEY_SYNC))
		return rule("sync", key, msg, len, "sync: msync is for writes through a mapping (api: mmap)");
	if (s->order != WL_ORDER_FORWARD && !(k->keys & WL_KEY_ORDER))
		return rule("order", key, msg, len, "order: reverse is for the lab's own loops, not a command");
	if (s->order != WL_ORDER_FORWARD && s->streams > 1)
		return rule("order", key, msg, len, "order: reverse takes one stream (streams: 1)");
	if (s->scenario != WL_SCENARIO_NONE && !(s->op == WL_OP_WRITE && s->api == WL_API_STDIO))
		return rule("scenario", key, msg, len,
		            "a scenario writes its own file through stdio and system calls: "
		            "it needs op: write and api: stdio");
	if (s->stdio_call != WL_SCALL_BLOCK) {
		char text[160];
		if (!(k->keys & WL_KEY_STDIO_CALL))
			return rule("stdio_call", key, msg, len, "stdio_call is for api: stdio reads and writes");
		if (stdio_call_writes(s->stdio_call) != (s->op == WL_OP_WRITE)) {
			snprintf(text, sizeof text, "stdio_call: %s is a %s's call; a %s takes %s",
			         wl_stdio_call_name(s->stdio_call),
			         s->op == WL_OP_WRITE ? "read" : "write", wl_op_name(s->op),
			         s->op == WL_OP_WRITE ? "fwrite, fputc or putc_unlocked" :
			                                "fread, fgetc or getc_unlocked");
			return rule("stdio_call", key, msg, len, text);
		}
		if (s->block != 1)
			return rule("stdio_call", key, msg, len, "a character call moves one byte: block must be 1");
		if (s->stride || s->order != WL_ORDER_FORWARD || s->streams > 1)
			return rule("stdio_call", key, msg, len,
			            "a character call walks the file in order (stride 0, order forward, one stream)");
	}
	if (!(s->time_limit > 0) || s->time_limit > WL_TIME_LIMIT_MAX)
		return rule("time_limit", key, msg, len, "time_limit must be more than 0 and at most 1 hour");
	if (s->map != WL_MAP_ONCE && !(k->keys & WL_KEY_MAP))
		return rule("map", key, msg, len, "map: per_pass is for api: mmap");
	/* the lead is the wait after the advice: without advice, or in a
	 * command (which gives none of ours), there is nothing to wait for */
	if (s->advice_lead > 0 && !(k->keys & WL_KEY_FADVISE))
		return rule("advice_lead", key, msg, len, "advice_lead is for the lab's own loops, not a command");
	if (s->advice_lead > 0 && s->fadvise == WL_ADV_NORMAL)
		return rule("advice_lead", key, msg, len, "advice_lead needs advice to wait after (fadvise other than normal)");
	if (!(s->advice_lead >= 0) || s->advice_lead > WL_ADVICE_LEAD_MAX)
		return rule("advice_lead", key, msg, len, "advice_lead must be from 0 to 10 s");
	return check_write_keys(s, k, key, msg, len);
}

int wl_spec_check(const struct wl_spec *s, char *msg, size_t len)
{
	return wl_spec_check_key(s, msg, len, NULL);
}

void wl_sync_words(const struct wl_spec *s, char *buf, size_t len)
{
	if (s->sync == WL_SYNC_NONE)
		snprintf(buf, len, "no sync");
	else if (s->sync_every == 1)
		snprintf(buf, len, "%s every write", wl_sync_name(s->sync));
	else if (s->sync_every)
		snprintf(buf, len, "%s every %llu writes", wl_sync_name(s->sync),
		         (unsigned long long)s->sync_every);
	else
		snprintf(buf, len, "%s at end", wl_sync_name(s->sync));
}
