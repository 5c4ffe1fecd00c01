/* wl_kind.c - the call-kind and workload-kind tables (see wl_kind.h). */
#include "config.h"

#include <string.h>

#include "countof.h"
#include "wl_kind.h"

/* --- call kinds ------------------------------------------------------------ */

#define CALL_KIND_INFO(id, name, stdio, shown) [CALL_##id] = {name, stdio, shown},
static const struct wl_call_kind_info call_kinds[CALL_KINDS] = {
	CALL_KIND_ROWS(CALL_KIND_INFO)
};
#undef CALL_KIND_INFO

static const struct wl_call_kind_info no_call_kind = {"?", 0, "?"};

const struct wl_call_kind_info *wl_call_kind_info(enum call_kind k)
{
	return (unsigned)k < CALL_KINDS ? &call_kinds[k] : &no_call_kind;
}

const char *wl_call_kind_name(enum call_kind k)
{
	return wl_call_kind_info(k)->name;
}

int wl_call_kind_from_name(const char *name, enum call_kind *out)
{
	for (int k = 0; k < CALL_KINDS; k++)
		if (name && strcmp(call_kinds[k].name, name) == 0) {
			*out = (enum call_kind)k;
			return 0;
		}
	return -1;
}

/* --- workload kinds -------------------------------------------------------- */

/* Keys every loop of ours honours: it opens the file (flags, fadvise) and
 * walks it in blocks, sequentially or with a stride. */
#define OWN (WL_KEY_BLOCK | WL_KEY_STRIDE | WL_KEY_OPEN | WL_KEY_FADVISE | WL_KEY_ORDER)

#define SEEK_API "op: seek is an lseek loop: api must be syscall"

/* Row order: op-major, as the enums go.  A command's run is the command's
 * own business: it honours none of the keys.  `sync` is a rule of the op
 * (any write may ask for one), so write/command accepts it and ignores it. */
static const struct wl_kind kinds[] = {
	{.op = WL_OP_WRITE, .api = WL_API_SYSCALL, .label = "write()", .primary = CALL_WRITE,
	 .keys = OWN | WL_KEY_SYNC, .loop = WL_LOOP_WRITE},
	{.op = WL_OP_WRITE, .api = WL_API_STDIO, .label = "fwrite()", .primary = CALL_FWRITE,
	 .keys = OWN | WL_KEY_STDIO | WL_KEY_STDIO_CALL | WL_KEY_SYNC, .loop = WL_LOOP_FWRITE},
	{.op = WL_OP_WRITE, .api = WL_API_MMAP, .maps = 1, .label = "mmap", .primary = CALL_MEMWRITE,
	 .keys = OWN | WL_KEY_SYNC | WL_KEY_MAP, .loop = WL_LOOP_MMAP_WRITE},
	{.op = WL_OP_WRITE, .api = WL_API_COMMAND, .command = 1, .label = "command",
	 .primary = CALL_NONE, .loop = WL_LOOP_NONE},

	{.op = WL_OP_READ, .api = WL_API_SYSCALL, .label = "read()", .primary = CALL_READ,
	 .keys = OWN, .checksum = 1, .loop = WL_LOOP_READ},
	{.op = WL_OP_READ, .api = WL_API_STDIO, .label = "fread()", .primary = CALL_FREAD,
	 .keys = OWN | WL_KEY_STDIO | WL_KEY_STDIO_CALL | WL_KEY_STREAMS, .checksum = 1,
	 .loop = WL_LOOP_FREAD},
	{.op = WL_OP_READ, .api = WL_API_MMAP, .maps = 1, .label = "mmap", .primary = CALL_MEMREAD,
	 .keys = OWN | WL_KEY_MAP, .checksum = 1, .loop = WL_LOOP_MMAP},
	{.op = WL_OP_READ, .api = WL_API_COMMAND, .command = 1, .label = "command",
	 .primary = CALL_NONE, .loop = WL_LOOP_NONE},

	/* op: seek moves the offset and moves no data: nothing to checksum */
	{.op = WL_OP_SEEK, .api = WL_API_SYSCALL, .label = "lseek()", .primary = CALL_LSEEK,
	 .keys = OWN, .loop = WL_LOOP_LSEEK},
	{.op = WL_OP_SEEK, .api = WL_API_STDIO, .refusal = SEEK_API, .refusal_key = "op",
	 .label = "lseek()", .primary = CALL_NONE},
	{.op = WL_OP_SEEK, .api = WL_API_MMAP, .refusal = SEEK_API, .refusal_key = "op",
	 .maps = 1, .label = "lseek()", .primary = CALL_NONE},
	{.op = WL_OP_SEEK, .api = WL_API_COMMAND, .refusal = SEEK_API, .refusal_key = "op",
	 .command = 1, .label = "command", .primary = CALL_NONE},
};

size_t wl_kind_count(void)
{
	return COUNT(kinds);
}

const struct wl_kind *wl_kind_at(size_t i)
{
	return i < COUNT(kinds) ? &kinds[i] : NULL;
}

const struct wl_kind *wl_kind_find(enum wl_op op, enum wl_api api)
{
	for (size_t i = 0; i < COUNT(kinds); i++)
		if (kinds[i].op == op && kinds[i].api == api)
			return &kinds[i];
	return NULL;
}

const struct wl_kind *wl_kind_of(const struct wl_spec *spec)
{
	return wl_kind_find(spec->op, spec->api);
}

const char *wl_kind_calls_shown(const struct wl_kind *k)
{
	return k && k->primary != CALL_NONE ? wl_call_kind_info(k->primary)->shown : "calls";
}
