/* lecture_groups.h - the lecture's grouped comparisons, as data.
 *
 * The CS61 results page (seed 003, data/README.md) compares its rows in
 * groups: every byte-at-a-time result in three groups (writes, sequential
 * reads, strided reads), then every 4096-byte result the same way.  The
 * report draws each group as one chart; one table, so every view that
 * offers "the lecture's groups" offers the same ones.
 */
#ifndef IOLAB_LECTURE_GROUPS_H
#define IOLAB_LECTURE_GROUPS_H

#include <stddef.h>

struct lecture_group {
	const char *title;        /* "Byte at a time: writes" */
	const char *const *lessons;   /* NULL-terminated, in the lecture's order */
};

extern const struct lecture_group lecture_groups[];
extern const size_t lecture_groups_count;

#endif
