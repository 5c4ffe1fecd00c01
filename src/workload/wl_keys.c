/* wl_keys.c - the workload keys, one row each, and the one-line spec
 * (see wl_keys.h).
 *
 * The parse functions are the lesson loader's handlers of these keys,
 * moved here without the YAML: the same checks in the same order, so the
 * same message comes first for any value.  Generic values (sizes,
 * durations, names) come from value.h, shared with the rest of the loader.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countof.h"
#include "errmsg.h"
#include "lesson_limits.h"
#include "suggest.h"
#include "units.h"
#include "value.h"
#include "wl_keys.h"
#include "wl_kind.h"
#include "yaml_tree.h"            /* yaml_tree_echo: how a value is quoted in a message */

#define AT(k, s, type) ((type *)(void *)((char *)(s) + (k)->offset))
#define AT_C(k, s, type) ((const type *)(const void *)((const char *)(s) + (k)->offset))

/* --- parsing values -------------------------------------------------------- */

static int p_size(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                  char *msg, size_t len)
{
	if (value_word(n, k->key, msg, len))
		return -1;
	return value_size(v, k->key, AT(k, s, uint64_t), msg, len);
}

static int p_duration(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                      char *msg, size_t len)
{
	if (value_word(n, k->key, msg, len))
		return -1;
	return value_duration(v, k->key, AT(k, s, double), msg, len);
}

static int p_min_time(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                      char *msg, size_t len)
{
	double t;
	if (value_word(n, k->key, msg, len) || value_duration(v, k->key, &t, msg, len))
		return -1;
	/* stored before the check, as the loader does: an error stops
	 * the load anyway, and the form shows the value it refused */
	s->min_time = t;
	if (t > 3600)
		return errmsg(msg, len, "min_time must be at most 1 hour");
	return 0;
}

static int p_streams(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                     char *msg, size_t len)
{
	char e[64];
	if (value_word(n, k->key, msg, len))
		return -1;
	size_t digits = strspn(v, "0123456789");
	if (v[0] == '-')
		return errmsg(msg, len, "'%s' must not be negative: '%s'", k->key, yaml_tree_echo(v, e, sizeof e));
	if (digits == 0 || v[digits])
		return errmsg(msg, len, "'%s' must be a whole number: '%s'", k->key, yaml_tree_echo(v, e, sizeof e));
	errno = 0;
	unsigned long long count = strtoull(v, NULL, 10);
	if (errno == ERANGE || count < 1 || count > LESSON_STREAMS_MAX)
		return errmsg(msg, len, "streams must be from 1 to %d", LESSON_STREAMS_MAX);
	s->streams = (unsigned)count;
	return 0;
}

static int p_sync_every(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                        char *msg, size_t len)
{
	char e[64];
	if (value_word(n, k->key, msg, len))
		return -1;
	size_t digits = strspn(v, "0123456789");
	if (v[0] == '-')
		return errmsg(msg, len, "'%s' must not be negative: '%s'", k->key, yaml_tree_echo(v, e, sizeof e));
	if (digits == 0 || v[digits])
		return errmsg(msg, len, "'%s' must be a whole number of writes: '%s'", k->key,
		              yaml_tree_echo(v, e, sizeof e));
	errno = 0;
	unsigned long long count = strtoull(v, NULL, 10);
	if (errno == ERANGE || count > WL_SYNC_EVERY_MAX)
		return errmsg(msg, len, "sync_every must be from 0 to %llu",
		              (unsigned long long)WL_SYNC_EVERY_MAX);
	s->sync_every = count;
	return 0;
}

static int p_stdio_buffer(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                          char *msg, size_t len)
{
	char e[64];
	uint64_t bytes;
	if (value_word(n, k->key, msg, len))
		return -1;
	if (strcmp(v, "default") == 0)
		s->stdio_buffer = WL_STDIO_BUFFER_DEFAULT;
	else if (strcmp(v, "unbuffered") == 0)
		s->stdio_buffer = 0;
	else if (!isdigit((unsigned char)v[0]) && v[0] != '-')
		return errmsg(msg, len, "'%s' must be default, unbuffered, 0 or a size: '%s'",
		              k->key, yaml_tree_echo(v, e, sizeof e));
	else if (value_size(v, k->key, &bytes, msg, len))
		return -1;
	else if (bytes > (1u << 30))
		return errmsg(msg, len, "stdio_buffer must be at most 1 GiB");
	else
		s->stdio_buffer = (int64_t)bytes;
	return 0;
}

static int p_errno(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                   char *msg, size_t len)
{
	if (value_word(n, k->key, msg, len))
		return -1;
	if (wl_errno_from_name(v, &s->expect_error) == 0)
		return 0;
	/* not value_unknown_name: the list of errno names is too long to print */
	const char *names[256];
	size_t count = 0;
	for (int err = 1; err < 256 && count < COUNT(names); err++)
		if (wl_errno_name(err))
			names[count++] = wl_errno_name(err);
	char e[64];
	const char *near = suggest_nearest(v, names, count);
	if (near)
		return errmsg(msg, len, "unknown errno name '%s'; did you mean '%s'?",
		              yaml_tree_echo(v, e, sizeof e), near);
	return errmsg(msg, len, "unknown errno name '%s'", yaml_tree_echo(v, e, sizeof e));
}

/* The enums of wl.h, by the names its wl_*_name functions give. */
#define ENUM_ROW(stem, type) \
	static int stem##_set(const char *v, void *dst) \
	{ enum type x; if (wl_##stem##_from_name(v, &x)) return -1; \
	  *(enum type *)dst = x; return 0; } \
	static const char *stem##_choice(unsigned i) { return wl_##stem##_name((enum type)i); }

ENUM_ROW(op, wl_op)
ENUM_ROW(api, wl_api)
ENUM_ROW(advice, wl_advice)
ENUM_ROW(cache, wl_cache)
ENUM_ROW(sync, wl_sync)
ENUM_ROW(stdio_mode, wl_stdio_mode)
ENUM_ROW(map, wl_map)
ENUM_ROW(order, wl_order)
ENUM_ROW(scenario, wl_scenario)

static int stdio_call_set(const char *v, void *dst)
{
	enum wl_stdio_call x;
	if (wl_stdio_call_from_name(v, &x))
		return -1;
	*(enum wl_stdio_call *)dst = x;
	return 0;
}

/* Every name a lesson may write, "fwrite" too (the block call's name in a
 * write): the form offers them in turn. */
static const char *stdio_call_choice(unsigned i)
{
	static const char *const names[] = {
		"fread", "fwrite", "fgetc", "fputc", "getc_unlocked", "putc_unlocked"};
	return i < COUNT(names) ? names[i] : "?";
}
ENUM_ROW(file, wl_file)
ENUM_ROW(redirect, wl_redirect)

#define ENUM_NAMES_MAX 16

int wl_key_enum_set(const struct wl_key *k, const char *v, void *dst)
{
	return k->set ? k->set(v, dst) : -1;
}

static int p_enum(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                  char *msg, size_t len)
{
	if (value_word(n, k->key, msg, len))
		return -1;
	if (wl_key_enum_set(k, v, AT(k, s, void)) == 0)
		return 0;
	const char *names[ENUM_NAMES_MAX];
	size_t count = 0;
	while (count < ENUM_NAMES_MAX && strcmp(k->choice((unsigned)count), "?") != 0) {
		names[count] = k->choice((unsigned)count);
		count++;
	}
	return value_unknown_name(v, k->key, names, count, msg, len);
}

static int b_open(const struct wl_key *k, struct wl_spec *s, size_t nitems, char *msg, size_t len)
{
	(void)k, (void)nitems, (void)msg, (void)len;
	s->open_flags = 0;
	return 0;
}

static int p_open(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                  char *msg, size_t len)
{
	const char *names[3];
	size_t count = wl_open_flag_names(WL_OPEN_SYNC | WL_OPEN_DSYNC | WL_OPEN_DIRECT, names);
	unsigned bit;
	char e[64];
	if (value_word(n, k->key, msg, len))
		return -1;
	if (wl_open_flag_from_name(v, &bit))
		return value_unknown_name(v, "open flag", names, count, msg, len);
	if (s->open_flags & bit)
		return errmsg(msg, len, "duplicate open flag '%s'", yaml_tree_echo(v, e, sizeof e));
	s->open_flags |= bit;
	return 0;
}

#define COMMAND_WORDS_MAX 64

static int b_command(const struct wl_key *k, struct wl_spec *s, size_t nitems, char *msg, size_t len)
{
	wl_spec_free(s);              /* frees only the command */
	if (nitems == 0)
		return errmsg(msg, len, "'%s' must not be empty", k->key);
	if (nitems > COMMAND_WORDS_MAX)
		return errmsg(msg, len, "'%s' has more than %d words", k->key, COMMAND_WORDS_MAX);
	if (!(s->command = calloc(nitems + 1, sizeof *s->command)))
		return errmsg(msg, len, "out of memory");
	return 0;
}

static int p_command(const struct wl_key *k, struct wl_spec *s, const char *v, size_t n,
                     char *msg, size_t len)
{
	if (value_word(n, k->key, msg, len))
		return -1;
	if (memchr(v, '\n', n))
		return errmsg(msg, len, "'%s' words must be one line", k->key);
	if (!s->command)              /* an item without begin(): a bug, not input */
		return errmsg(msg, len, "'%s' was not started", k->key);
	if (!(s->command[s->command_len] = strndup(v, n)))
		return errmsg(msg, len, "out of memory");
	s->command_len++;
	return 0;
}

/* --- a shell's script ------------------------------------------- */

/* Shells whose -c takes a script (argv[0]'s last component). */
static const char *const shells[] = {
	"sh", "bash", "rbash", "dash", "ash", "zsh", "ksh", "ksh93", "mksh", "lksh", "oksh", "pdksh",
	"posh", "yash", "fish", "csh", "tcsh",
};

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int is_shell(const char *word)
{
	for (size_t k = 0; k < COUNT(shells); k++)
		if (strcmp(last_component(word), shells[k]) == 0)
			return 1;
	return 0;
}

/* The word naming the shell: argv[0], or argv[1] after busybox. */
static size_t shell_word(char *const *w, size_t n)
{
	return n > 1 && strcmp(last_component(w[0]), "busybox") == 0 ? 1 : 0;
}

/* Which word of argv is a shell's -c script, or -1.  The shell's own
 * grammar: options first (-c anywhere in a cluster such as -ec, -o and -O
 * taking the next word, long options), then the script is the first
 * operand; what follows it is $0, $1 ... */
static long shell_script(char *const *w, size_t n)
{
	size_t i = shell_word(w, n);
	int dash_c = 0;
	if (i >= n || !is_shell(w[i]))
		return -1;
	for (i++; i < n; i++) {
		const char *a = w[i];
		if (strcmp(a, "--") == 0 || strcmp(a, "-") == 0) {
			i++;
			break;
		}
		if ((a[0] != '-' && a[0] != '+') || !a[1])
			break;
		if (a[0] == '-' && a[1] == '-') {
			if (strcmp(a, "--rcfile") == 0 || strcmp(a, "--init-file") == 0)
				i++;
			continue;
		}
		for (const char *p = a + 1; *p; p++) {
			if (*p == 'c' && a[0] == '-')
				dash_c = 1;
			if (*p == 'o' || *p == 'O') {
				i++;              /* its argument: the next word */
				break;
			}
		}
	}
	return dash_c && i < n ? (long)i : -1;
}

long wl_command_unsafe_script(const struct wl_spec *s, char *msg, size_t len)
{
	if (!s->command)
		return -1;
	long k = shell_script(s->command, s->command_len);
	if (k < 0 || !strstr(s->command[k], "{file}"))
		return -1;
	char sh[64];
	yaml_tree_echo(last_component(s->command[shell_word(s->command, s->command_len)]), sh, sizeof sh);
	errmsg(msg, len, "{file} in the script of '%s -c' would run as shell code: the data file's "
	       "path comes from --dir; pass it after the script and read it as \"$1\": "
	       "[%s, -c, 'cat \"$1\"', %s, \"{file}\"]", sh, sh, sh);
	return k;
}

/* --- writing values -------------------------------------------------------- */

/* A size with the largest binary unit that divides it ("10MiB", "512"). */
static void size_text(uint64_t v, char *buf, size_t len)
{
	static const struct { const char *unit; int shift; } units[] = {
		{"GiB", 30}, {"MiB", 20}, {"KiB", 10},
	};
	for (size_t i = 0; i < COUNT(units); i++) {
		uint64_t f = (uint64_t)1 << units[i].shift;
		if (v && v % f == 0) {
			snprintf(buf, len, "%llu%s", (unsigned long long)(v / f), units[i].unit);
			return;
		}
	}
	snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* Seconds with the fewest decimals that read back to the same double
 * ("5s", "30s", "0.2s"), so a formatted spec parses to the very same
 * workload. */
static void seconds_text(double v, char *buf, size_t len)
{
	char num[64];
	/* fixed point, never an exponent: "30s", not "3e+01s" */
	for (int decimals = 0; decimals <= 24; decimals++) {
		snprintf(num, sizeof num, "%.*f", decimals, v);
		if (strtod(num, NULL) == v)
			break;
	}
	snprintf(buf, len, "%ss", num);
}

static int f_size(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	size_text(*AT_C(k, s, uint64_t), buf, len);
	return 0;
}

static int f_duration(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	seconds_text(*AT_C(k, s, double), buf, len);
	return 0;
}

static int f_enum(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	/* every enum of struct wl_spec is an int-sized enum */
	snprintf(buf, len, "%s", k->choice((unsigned)*AT_C(k, s, int)));
	return 0;
}

static int f_streams(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%u", s->streams);
	return 0;
}

static int f_count(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	snprintf(buf, len, "%llu", (unsigned long long)*AT_C(k, s, uint64_t));
	return 0;
}

static int f_stdio_buffer(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT)
		snprintf(buf, len, "default");
	else if (s->stdio_buffer == 0)
		snprintf(buf, len, "unbuffered");
	else
		size_text((uint64_t)s->stdio_buffer, buf, len);
	return 0;
}

static int f_errno(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (!s->expect_error)
		return 1;
	const char *name = wl_errno_name(s->expect_error);
	if (name)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "%d", s->expect_error);
	return 0;
}

/* Keys added after the format's first spec text: left out at their
 * default, so a spec written before them reads as the same workload. */
static int f_advice_lead(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	if (!(s->advice_lead > 0))
		return 1;
	return f_duration(k, s, buf, len);
}

/* The call as the op spells it: "fputc" in a write. */
static int f_stdio_call(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (s->stdio_call == WL_SCALL_BLOCK)
		return 1;
	snprintf(buf, len, "%s", wl_stdio_call_spelt(s->stdio_call, s->op));
	return 0;
}

static int f_open(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	const char *names[3];
	size_t count = wl_open_flag_names(s->open_flags, names), used = 0;
	snprintf(buf, len, "%s", count ? "" : "[]");
	for (size_t i = 0; i < count && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "", names[i]);
	return 0;
}

/* Must an item be quoted to read back as one item? */
static int needs_quotes(const char *w)
{
	if (!*w)
		return 1;
	for (; *w; w++) {
		unsigned char c = (unsigned char)*w;
		if (c <= ' ' || c == 0x7f || strchr(",\"[]", c))
			return 1;
	}
	return 0;
}

/* One item as the syntax writes it; returns the bytes it needed. */
static size_t item_text(const char *w, char *buf, size_t len)
{
	size_t used = 0;
#define PUT(ch) do { if (used + 1 < len) buf[used] = (ch); used++; } while (0)
	if (!needs_quotes(w)) {
		for (; *w; w++)
			PUT(*w);
	} else {
		PUT('"');
		for (; *w; w++) {
			char esc = *w == '"' ? '"' : *w == '\\' ? '\\' : *w == '\n' ? 'n' :
			           *w == '\t' ? 't' : *w == '\r' ? 'r' : 0;
			if (esc) {
				PUT('\\');
				PUT(esc);
			} else {
				PUT(*w);
			}
		}
		PUT('"');
	}
#undef PUT
	if (len)
		buf[used < len ? used : len - 1] = '\0';
	return used;
}

static int f_command(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	size_t used = 0;
	if (!s->command)
		return 1;
	buf[0] = '\0';
	for (size_t i = 0; i < s->command_len && used + 1 < len; i++) {
		if (i)
			buf[used++] = ',';
		used += item_text(s->command[i], buf + used, len - used);
	}
	if (used >= len)
		buf[len - 1] = '\0';
	return 0;
}

/* --- values in words, for labels ------------------------------------------- */

static void d_name(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s", k->choice((unsigned)*AT_C(k, s, int)));
}

static void d_fadvise(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "fadvise %s", wl_advice_name(s->fadvise));
}

static void d_size(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	(void)k;
	units_format_size(s->size, num, sizeof num);
	snprintf(buf, len, "%s file", num);
}

static void d_block(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	(void)k;
	units_format_size(s->block, num, sizeof num);
	snprintf(buf, len, "%s blocks", num);
}

static void d_stride(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	(void)k;
	units_format_size(s->stride, num, sizeof num);
	if (s->stride)
		snprintf(buf, len, "stride %s", num);
	else
		snprintf(buf, len, "sequential");
}

static void d_open(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	const char *names[3];
	size_t count = wl_open_flag_names(s->open_flags, names), used = 0;
	snprintf(buf, len, "%s", count ? "" : "no open flags");
	for (size_t i = 0; i < count && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", names[i]);
}

static void d_streams(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%u stream%s", s->streams, s->streams == 1 ? "" : "s");
}

static void d_stdio_buffer(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	(void)k;
	if (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT) {
		snprintf(buf, len, "default buffer");
	} else if (s->stdio_buffer == 0) {
		snprintf(buf, len, "unbuffered");
	} else {
		units_format_size(s->stdio_buffer, num, sizeof num);
		snprintf(buf, len, "%s buffer", num);
	}
}

static void d_stdio_mode(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%s buffering", s->stdio_mode == WL_STDIO_FULL ? "full" :
	         s->stdio_mode == WL_STDIO_LINE ? "line" : "no");
}

static void d_sync(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	wl_sync_words(s, buf, len);
}

static void d_sync_every(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (s->sync_every)
		wl_sync_words(s, buf, len);
	else
		snprintf(buf, len, "sync only at the end");
}

static void d_file(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%s", s->file == WL_FILE_EXISTING ? "existing file" : "new file");
}

static void d_seconds(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	units_format_seconds(*AT_C(k, s, double), 1, num, sizeof num);   /* ASCII: labels are data */
	snprintf(buf, len, "%s %s", k == &wl_key_table[WLK_TIME_LIMIT] ? "time limit" : "min time", num);
}

static void d_command(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (s->command && s->command_len)
		snprintf(buf, len, "command %s", s->command[0]);
	else
		snprintf(buf, len, "no command");
}

static void d_errno(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	const char *name = wl_errno_name(s->expect_error);
	if (!s->expect_error)
		snprintf(buf, len, "no expected error");
	else
		snprintf(buf, len, "expects %s", name ? name : "an error");
}

static void d_advice_lead(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	char num[32];
	(void)k;
	if (!(s->advice_lead > 0)) {
		snprintf(buf, len, "no advice lead");
		return;
	}
	units_format_seconds(s->advice_lead, 1, num, sizeof num);
	snprintf(buf, len, "read %s after the advice", num);
}

static void d_redirect(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	static const char *const words[] = {"no redirection", "the file on stdin", "stdout into the file"};
	snprintf(buf, len, "%s", (unsigned)s->redirect < 3 ? words[s->redirect] : "?");
}

static void d_map(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%s", s->map == WL_MAP_PER_PASS ? "mapped per pass" : "mapped once");
}

static void d_order(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%s", s->order == WL_ORDER_REVERSE ? "backwards" : "forwards");
}

static void d_scenario(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	if (s->scenario == WL_SCENARIO_NONE)
		snprintf(buf, len, "no scenario");
	else
		snprintf(buf, len, "scenario %s", wl_scenario_name(s->scenario));
}

static void d_stdio_call(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	(void)k;
	snprintf(buf, len, "%s()", wl_stdio_call_spelt(s->stdio_call, s->op));
}

/* --- typed values: the result field workload.<key> ------------------------ */

static void v_name(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	v->type = WL_VALUE_NAME;
	v->name = k->choice((unsigned)*AT_C(k, s, int));
}

static void v_count(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	v->type = WL_VALUE_COUNT;
	v->count = *AT_C(k, s, uint64_t);
}

static void v_streams(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	v->type = WL_VALUE_COUNT;
	v->count = s->streams;
}

static void v_seconds(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	v->type = WL_VALUE_SECONDS;
	v->seconds = *AT_C(k, s, double);
}

/* "default", or the bytes given to setvbuf (0: unbuffered) */
static void v_stdio_buffer(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	if (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT) {
		v->type = WL_VALUE_NAME;
		v->name = "default";
	} else {
		v->type = WL_VALUE_COUNT;
		v->count = (uint64_t)s->stdio_buffer;
	}
}

static void v_open(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	v->type = WL_VALUE_LIST;
	v->nitems = wl_open_flag_names(s->open_flags, v->own);
	v->items = v->own;
	v->sep = "|";
}

static void v_command(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	if (!s->command)
		return;
	v->type = WL_VALUE_LIST;
	v->items = (const char *const *)s->command;
	v->nitems = s->command_len;
	v->sep = " ";
}

/* its name, or the number where the table has none */
static void v_errno(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	if (!s->expect_error)
		return;
	v->type = WL_VALUE_NAME;
	v->name = wl_errno_name(s->expect_error);
	if (!v->name) {
		snprintf(v->buf, sizeof v->buf, "%d", s->expect_error);
		v->name = v->buf;
	}
}

/* the call as the op spells it, "fwrite" at the default of a write */
static void v_stdio_call(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	(void)k;
	v->type = WL_VALUE_NAME;
	v->name = wl_stdio_call_spelt(s->stdio_call, s->op);
}

void wl_key_value(const struct wl_key *k, const struct wl_spec *s, struct wl_value *v)
{
	memset(v, 0, sizeof *v);
	k->value(k, s, v);
}

/* --- parts of the describe line (wl_spec_describe) -------------------------- */

/* A program of its own (a scenario) is named by its name, a command by
 * its program; the lab's own loop by its call. */
static void l_call(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                   size_t len)
{
	const struct wl_kind *kind = wl_kind_of(s);
	(void)k, (void)sep;
	if (s->scenario != WL_SCENARIO_NONE && kind && !kind->command)
		snprintf(buf, len, "scenario %s", wl_scenario_name(s->scenario));
	else if (!kind || kind->command)
		snprintf(buf, len, "%s", s->command && s->command_len ? s->command[0] : "command");
	else if (s->stdio_call != WL_SCALL_BLOCK)
		snprintf(buf, len, "%s()", wl_stdio_call_spelt(s->stdio_call, s->op));
	else
		snprintf(buf, len, "%s", kind->label);
}

/* Only the lab's own loop moves blocks of its choosing. */
static void l_block(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                    size_t len)
{
	const struct wl_kind *kind = wl_kind_of(s);
	char num[32];
	(void)k, (void)sep;
	if (s->scenario != WL_SCENARIO_NONE || !kind || kind->command)
		return;
	units_format_size(s->block, num, sizeof num);
	snprintf(buf, len, "%s blocks", num);
}

static void l_stride(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                     size_t len)
{
	char num[32];
	(void)k, (void)sep;
	if (!s->stride)
		return;
	units_format_size(s->stride, num, sizeof num);
	snprintf(buf, len, "stride %s", num);
}

static void l_streams(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                      size_t len)
{
	(void)k, (void)sep;
	if (s->streams > 1)
		snprintf(buf, len, "%u streams", s->streams);
}

/* each flag a part of its own */
static void l_open(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                   size_t len)
{
	const char *names[3];
	size_t count = wl_open_flag_names(s->open_flags, names), used = 0;
	(void)k;
	for (size_t i = 0; i < count && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? sep : "", names[i]);
}

/* stdio_buffer with stdio_mode, for a kind that runs through stdio, when
 * either is not stdio's default */
static void l_stdio(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                    size_t len)
{
	const struct wl_kind *kind = wl_kind_of(s);
	char num[32] = "";
	(void)k, (void)sep;
	if (!(kind && (kind->keys & WL_KEY_STDIO)) ||
	    (s->stdio_buffer == WL_STDIO_BUFFER_DEFAULT && s->stdio_mode == WL_STDIO_FULL))
		return;
	if (s->stdio_mode == WL_STDIO_NONE || s->stdio_buffer == 0) {
		snprintf(buf, len, "unbuffered");
		return;
	}
	if (s->stdio_buffer > 0)
		units_format_size((uint64_t)s->stdio_buffer, num, sizeof num);
	snprintf(buf, len, "%s buffer%s%s", s->stdio_mode == WL_STDIO_LINE ? "line" : "full",
	         num[0] ? " " : "", num);
}

static void l_fadvise(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                      size_t len)
{
	(void)k, (void)sep;
	if (s->fadvise != WL_ADV_NORMAL)
		snprintf(buf, len, "fadvise %s", wl_advice_name(s->fadvise));
}

static void l_advice_lead(const struct wl_key *k, const struct wl_spec *s, const char *sep,
                          char *buf, size_t len)
{
	(void)k, (void)sep;
	if (s->advice_lead > 0)
		snprintf(buf, len, "read %g ms after the advice", s->advice_lead * 1e3);
}

static void l_map(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                  size_t len)
{
	(void)k, (void)sep;
	if (s->map == WL_MAP_PER_PASS)
		snprintf(buf, len, "mapped per pass");
}

static void l_order(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                    size_t len)
{
	(void)k, (void)sep;
	if (s->order == WL_ORDER_REVERSE)
		snprintf(buf, len, "backwards");
}

/* sync with sync_every: "fsync every 16 writes" */
static void l_sync(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                   size_t len)
{
	(void)k, (void)sep;
	if (s->sync != WL_SYNC_NONE)
		wl_sync_words(s, buf, len);
}

static void l_file(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                   size_t len)
{
	(void)k, (void)sep;
	if (s->file == WL_FILE_EXISTING)
		snprintf(buf, len, "existing file");
}

static void l_cache(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                    size_t len)
{
	(void)k, (void)sep;
	if (s->cache == WL_CACHE_COLD)
		snprintf(buf, len, "cold cache");
}

/* a scenario's program decides what its file holds */
static void l_size(const struct wl_key *k, const struct wl_spec *s, const char *sep, char *buf,
                   size_t len)
{
	(void)k, (void)sep;
	if (s->scenario == WL_SCENARIO_NONE)
		units_format_size(s->size, buf, len);
}

/* --- the table ------------------------------------------------------------- */

#define ENUM(stem) stem##_set, stem##_choice
#define NOENUM NULL, NULL
#define KEY_ROW(A, ID, key, flags, member, parse, begin, format, describe, names, value, label, \
                line, form, meaning) \
	[WLK_##ID] = {key, flags, offsetof(struct wl_spec, member), \
	              sizeof(((struct wl_spec *)0)->member), parse, begin, format, describe, names, \
	              value, label, line, form},

const struct wl_key wl_key_table[WL_KEYS] = {
	WL_KEY_ROWS(KEY_ROW, _)
};

#undef KEY_ROW
#undef NOENUM
#undef ENUM

const struct wl_key *wl_key_find(const char *name)
{
	for (size_t i = 0; i < WL_KEYS; i++)
		if (strcmp(wl_key_table[i].key, name) == 0)
			return &wl_key_table[i];
	return NULL;
}

void wl_key_reset(const struct wl_key *k, struct wl_spec *s)
{
	struct wl_spec d;
	if (k->flags & WL_KEYF_WORDS) {
		wl_spec_free(s);          /* frees only the command, which is NULL by default */
		return;
	}
	wl_spec_init(&d);
	memcpy(AT(k, s, char), AT_C(k, &d, char), k->size);
}

enum place { PLACE_LINE, PLACE_FORM };

static unsigned place_of(const struct wl_key *k, enum place p)
{
	return p == PLACE_FORM ? k->form : k->line;
}

/* The key whose place on the line or the form comes next after `last`:
 * the smallest greater one; WL_KEYS when none is. */
static size_t next_place(enum place p, unsigned last)
{
	size_t best = WL_KEYS;
	for (size_t i = 0; i < WL_KEYS; i++) {
		unsigned at = place_of(&wl_key_table[i], p);
		if (at > last && (best == WL_KEYS || at < place_of(&wl_key_table[best], p)))
			best = i;
	}
	return best;
}

void wl_key_form_order(enum wl_key_id ids[WL_FORM_KEYS])
{
	unsigned last = 0;
	for (size_t n = 0; n < WL_FORM_KEYS; n++) {
		size_t i = next_place(PLACE_FORM, last);
		/* two rows at one place: tests/check_wl_keys.c refuses that */
		ids[n] = i < WL_KEYS ? (enum wl_key_id)i : WLK_OP;
		last = i < WL_KEYS ? wl_key_table[i].form : last;
	}
}

void wl_spec_describe(const struct wl_spec *s, int ascii, char *buf, size_t len)
{
	const char *sep = ascii ? " - " : " \u00b7 ";
	char part[96];
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = next_place(PLACE_LINE, 0); i < WL_KEYS;
	     i = next_place(PLACE_LINE, wl_key_table[i].line)) {
		const struct wl_key *k = &wl_key_table[i];
		part[0] = '\0';
		k->label(k, s, sep, part, sizeof part);
		if (!part[0] || used >= len)
			continue;
		int n = snprintf(buf + used, len - used, "%s%s", used ? sep : "", part);
		if (n > 0)
			used += (size_t)n;
	}
}

int wl_key_text(const struct wl_key *k, const struct wl_spec *s, char *buf, size_t len)
{
	struct wl_value v;
	if (k->format(k, s, buf, len) == 0)
		return 0;
	/* a key left out at its default may still have a name for it
	 * (stdio_call: "fwrite" in a write) */
	wl_key_value(k, s, &v);
	if (v.type != WL_VALUE_NAME)
		return 1;
	snprintf(buf, len, "%s", v.name);
	return 0;
}

/* --- the spec syntax: reading ---------------------------------------------- */

/* One item of a value, decoded (quotes and escapes removed). */
struct item {
	const char *text;         /* NUL-terminated, in the reader's buffer */
	size_t n;
	size_t at;                /* its offset in the spec */
};

struct reader {
	const char *text;
	const char *p;
	char *dec;                /* decoded items, each NUL-terminated */
	size_t decn;
	struct item *items;
	size_t nitems, cap;
	char *msg;
	size_t len;
	size_t err_at;
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Inside [ ], blanks around items and commas are only spacing, as in a
 * lesson file's [cat, "{file}"]; outside, a blank ends the value. */
static void skip_blanks(struct reader *r)
{
	while (is_blank(*r->p))
		r->p++;
}

static int __attribute__((format(printf, 3, 4)))
fail_at(struct reader *r, const char *at, const char *fmt, ...)
{
	va_list ap;
	r->err_at = (size_t)(at - r->text);
	va_start(ap, fmt);
	vsnprintf(r->msg, r->len, fmt, ap);
	va_end(ap);
	return -1;
}

static int add_item(struct reader *r, const char *text, size_t n, const char *at)
{
	if (r->nitems == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 8;
		struct item *grown = realloc(r->items, cap * sizeof *grown);
		if (!grown)
			return fail_at(r, at, "out of memory");
		r->items = grown;
		r->cap = cap;
	}
	r->items[r->nitems++] = (struct item){text, n, (size_t)(at - r->text)};
	return 0;
}

/* A double-quoted item at r->p (on the quote), decoded into r->dec. */
static int quoted_item(struct reader *r, const char *key)
{
	const char *start = r->p++;
	char *out = r->dec + r->decn;
	size_t n = 0;
	for (;; r->p++) {
		char c = *r->p;
		if (!c)
			return fail_at(r, start, "'%s' has a '\"' that is not closed", key);
		if (c == '"')
			break;
		if (c == '\\' && r->p[1] && strchr("\"\\ntr", r->p[1])) {
			c = *++r->p;
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
		}
		out[n++] = c;
	}
	r->p++;                       /* the closing quote */
	out[n] = '\0';
	r->decn += n + 1;
	return add_item(r, out, n, start);
}

static int bare_item(struct reader *r)
{
	const char *start = r->p;
	size_t n = strcspn(r->p, " \t,\"[]");
	char *out = r->dec + r->decn;
	memcpy(out, r->p, n);
	out[n] = '\0';
	r->decn += n + 1;
	r->p += n;
	return add_item(r, out, n, start);
}

/* The value of `key` at r->p into r->items; *bracketed says whether it
 * was written as [ ... ] (a list even with one item, blanks inside it
 * allowed). */
static int read_value(struct reader *r, const char *key, int *bracketed)
{
	const char *start = r->p;
	r->nitems = 0;
	*bracketed = *r->p == '[';
	if (*bracketed) {
		r->p++;
		skip_blanks(r);
	}
	if (!*bracketed && (!*r->p || is_blank(*r->p)))
		return fail_at(r, start, "'%s' has no value", key);
	if (*bracketed && *r->p == ']') {
		r->p++;
	} else {
		for (;;) {
			const char *at = r->p;
			int rc = *r->p == '"' ? quoted_item(r, key) : bare_item(r);
			if (rc)
				return rc;
			if (r->p == at)   /* nothing before a comma, a bracket or the end */
				return fail_at(r, at, "'%s' has an empty item", key);
			const char *end = r->p;
			if (*bracketed)
				skip_blanks(r);
			if (*r->p == ',') {
				r->p++;
				if (*bracketed)
					skip_blanks(r);
				continue;
			}
			if (*bracketed && *r->p == ']') {
				r->p++;
				break;
			}
			if (*bracketed && (!*r->p || r->p != end))
				return fail_at(r, start, "'%s' has a '[' that is not closed", key);
			break;
		}
	}
	if (*r->p && !is_blank(*r->p)) {
		return fail_at(r, r->p, "unexpected '%c' in the value of '%s' (a word with blanks, "
		               "commas, quotes or brackets goes in double quotes)", *r->p, key);
	}
	return 0;
}

/* `KEY=` at r->p: its row, or an error naming the nearest key. */
static const struct wl_key *read_key(struct reader *r)
{
	const char *start = r->p;
	size_t n = strcspn(r->p, " \t=");
	char word[LESSON_WORD_MAX + 1], e[64];
	snprintf(word, sizeof word, "%.*s", (int)(n < LESSON_WORD_MAX ? n : LESSON_WORD_MAX), start);
	if (r->p[n] != '=') {
		size_t all = n + strcspn(r->p + n, " \t");
		snprintf(word, sizeof word, "%.*s", (int)(all < LESSON_WORD_MAX ? all : LESSON_WORD_MAX),
		         start);
		fail_at(r, start, "expected KEY=VALUE, not '%s'", yaml_tree_echo(word, e, sizeof e));
		return NULL;
	}
	if (n == 0) {
		fail_at(r, start, "expected a key before '='");
		return NULL;
	}
	r->p += n + 1;
	const struct wl_key *k = wl_key_find(word);
	if (k)
		return k;
	struct suggest sg;
	suggest_init(&sg, word);
	for (size_t i = 0; i < WL_KEYS; i++)
		suggest_offer(&sg, wl_key_table[i].key);
	const char *near = suggest_result(&sg);
	if (near)
		fail_at(r, start, "unknown key '%s'; did you mean '%s'?", yaml_tree_echo(word, e, sizeof e), near);
	else
		fail_at(r, start, "unknown key '%s'", yaml_tree_echo(word, e, sizeof e));
	return NULL;
}

/* The items read for k, applied to s. */
static int apply(struct reader *r, const struct wl_key *k, struct wl_spec *s, int bracketed,
                 size_t value_at)
{
	char m[VALUE_MSG_MAX];
	if (!(k->flags & WL_KEYF_LIST)) {
		if (bracketed || r->nitems != 1) {
			r->err_at = value_at;
			return errmsg(r->msg, r->len, "'%s' must be a scalar, not a list", k->key);
		}
		if (k->parse(k, s, r->items[0].text, r->items[0].n, m, sizeof m) != 0) {
			r->err_at = r->items[0].at;
			return errmsg(r->msg, r->len, "%s", m);
		}
		return 0;
	}
	if (k->begin(k, s, r->nitems, m, sizeof m) != 0) {
		r->err_at = value_at;
		return errmsg(r->msg, r->len, "%s", m);
	}
	for (size_t i = 0; i < r->nitems; i++)
		if (k->parse(k, s, r->items[i].text, r->items[i].n, m, sizeof m) != 0) {
			r->err_at = r->items[i].at;
			return errmsg(r->msg, r->len, "%s", m);
		}
	long unsafe = k == &wl_key_table[WLK_COMMAND] ? wl_command_unsafe_script(s, m, sizeof m) : -1;
	if (unsafe >= 0) {
		r->err_at = r->items[unsafe].at;
		return errmsg(r->msg, r->len, "%s", m);
	}
	return 0;
}

/* Every pair of r->text applied to s; at[] receives each given key's value
 * offset (SIZE_MAX: not given). */
static int read_pairs(struct reader *r, struct wl_spec *s, size_t at[WL_KEYS])
{
	for (size_t i = 0; i < WL_KEYS; i++)
		at[i] = SIZE_MAX;
	for (;;) {
		while (is_blank(*r->p))
			r->p++;
		if (!*r->p)
			return 0;
		const char *key_at = r->p;
		const struct wl_key *k = read_key(r);
		if (!k)
			return -1;
		size_t id = (size_t)(k - wl_key_table);
		if (at[id] != SIZE_MAX)   /* the first one's key, as a 1-based column */
			return fail_at(r, key_at, "duplicate key '%s' (first given at column %zu)", k->key,
			               at[id] - strlen(k->key));
		size_t value_at = (size_t)(r->p - r->text);
		at[id] = value_at;
		int bracketed;
		if (read_value(r, k->key, &bracketed) || apply(r, k, s, bracketed, value_at))
			return -1;
	}
}

int wl_spec_parse(const char *text, const struct wl_spec *base, struct wl_spec *out,
                  char *msg, size_t len, size_t *offset)
{
	struct reader r = {.text = text, .p = text, .msg = msg, .len = len};
	size_t at[WL_KEYS];
	struct wl_spec defaults;
	int rc = -1;
	if (!base) {
		wl_spec_init(&defaults);
		base = &defaults;
	}
	if (wl_spec_copy(out, base) != 0) {
		wl_spec_init(out);
		if (offset)
			*offset = 0;
		return errmsg(msg, len, "out of memory");
	}
	/* decoded items are never longer than their text, plus a NUL each */
	r.dec = malloc(2 * strlen(text) + 2);
	if (!r.dec) {
		errmsg(msg, len, "out of memory");
	} else if (read_pairs(&r, out, at) == 0) {
		const char *key;
		rc = wl_spec_check_key(out, msg, len, &key);
		if (rc) {
			const struct wl_key *k = key ? wl_key_find(key) : NULL;
			size_t a = k ? at[k - wl_key_table] : SIZE_MAX;
			r.err_at = a == SIZE_MAX ? 0 : a;
		}
	}
	free(r.dec);
	free(r.items);
	if (rc) {
		wl_spec_free(out);
		if (offset)
			*offset = r.err_at;
	}
	return rc;
}

int wl_key_set(const struct wl_key *k, struct wl_spec *s, const char *text, char *msg, size_t len)
{
	struct reader r = {.text = text, .p = text, .msg = msg, .len = len};
	int bracketed, rc = -1;
	r.dec = malloc(2 * strlen(text) + 2);
	if (!r.dec)
		return errmsg(msg, len, "out of memory");
	while (is_blank(*r.p))
		r.p++;
	if (read_value(&r, k->key, &bracketed) == 0) {
		while (is_blank(*r.p))
			r.p++;
		if (*r.p)
			errmsg(msg, len, "'%s' has more than one value (a word with blanks goes in "
			       "double quotes)", k->key);
		else
			rc = apply(&r, k, s, bracketed, 0);
	}
	free(r.dec);
	free(r.items);
	return rc;
}

/* --- the spec syntax: writing ---------------------------------------------- */

/* A WL_KEYF_QUIET key at the value a spec has by default. */
static int quiet_default(const struct wl_key *k, const char *value)
{
	struct wl_spec d;
	char dv[64];
	if (!(k->flags & WL_KEYF_QUIET))
		return 0;
	wl_spec_init(&d);
	return k->format(k, &d, dv, sizeof dv) == 0 && strcmp(dv, value) == 0;
}

size_t wl_spec_format(const struct wl_spec *s, char *buf, size_t len)
{
	char value[4096];
	size_t used = 0;
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < WL_KEYS; i++) {
		const struct wl_key *k = &wl_key_table[i];
		if (k->format(k, s, value, sizeof value) != 0 || quiet_default(k, value))
			continue;
		int n = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
		                 "%s%s=%s", used ? " " : "", k->key, value);
		if (n > 0)
			used += (size_t)n;
	}
	return used;
}

/* One key's value on each side, written out; equal text is an equal value
 * because the writing is canonical. */
static int key_same(const struct wl_key *k, const struct wl_spec *a, const struct wl_spec *b)
{
	char va[4096], vb[4096];
	int ra = k->format(k, a, va, sizeof va), rb = k->format(k, b, vb, sizeof vb);
	return ra == rb && (ra || strcmp(va, vb) == 0);
}

int wl_spec_same(const struct wl_spec *a, const struct wl_spec *b)
{
	for (size_t i = 0; i < WL_KEYS; i++)
		if (!key_same(&wl_key_table[i], a, b))
			return 0;
	return 1;
}

size_t wl_spec_changes(const struct wl_spec *from, const struct wl_spec *to, char *buf, size_t len)
{
	size_t count = 0, used = 0;
	char words[160];
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < WL_KEYS; i++) {
		const struct wl_key *k = &wl_key_table[i];
		if (key_same(k, from, to))
			continue;
		k->describe(k, to, words, sizeof words);
		if (used < len) {
			int n = snprintf(buf + used, len - used, "%s%s", count ? ", " : "", words);
			if (n > 0)
				used += (size_t)n;
		}
		count++;
	}
	return count;
}
