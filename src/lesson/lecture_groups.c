/* lecture_groups.c - the lecture's groups of results (lecture_groups.h). */
#include "config.h"

#include "countof.h"
#include "lecture_groups.h"

static const char *const byte_writes[] = {"w01-syncbyte", "w03-byte", "w05-stdiobyte", NULL};
static const char *const byte_reads[] = {"r01-byte", "r04-stdiobyte", "r11-mmapbyte", NULL};
static const char *const byte_strided[] = {
	"r06-stridebyte", "r08-stridestdiobyte", "r10-stridestdiomulti", "r13-mmapstridebyte", NULL,
};
static const char *const block_writes[] = {
	"w02-syncblock4096", "w04-block4096", "w06-stdioblock4096", NULL,
};
static const char *const block_reads[] = {
	"r02-block4096", "r05-stdioblock4096", "r12-mmapblock4096", NULL,
};
static const char *const block_strided[] = {"r07-strideblock4096", "r09-stridestdioblock4096", NULL};

const struct lecture_group lecture_groups[] = {
	{"Byte at a time: writes", byte_writes},
	{"Byte at a time: sequential reads", byte_reads},
	{"Byte at a time: strided reads", byte_strided},
	{"4096-byte blocks: writes", block_writes},
	{"4096-byte blocks: sequential reads", block_reads},
	{"4096-byte blocks: strided reads", block_strided},
};
const size_t lecture_groups_count = COUNT(lecture_groups);
