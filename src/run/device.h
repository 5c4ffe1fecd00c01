/* device.h - the block device under the scratch directory, and what it did.
 *
 * Why: a rate on one machine is the device's as much as the program's.
 * Which device holds the data files (its model, whether it spins, its
 * write cache, its block size, its I/O scheduler) is read once per run
 * from sysfs; around each trial the device's own counters
 * (/sys/block/DEV/stat) give the requests it served, so a result shows the
 * third layer of batching under library calls and system calls.  Those
 * counts are the whole device's: anything else writing to it in that time
 * is in them, and every view says so.
 *
 * A scratch directory on no block device (tmpfs, an overlay, a filesystem
 * that spans devices) has none: the note says why, in words.
 *
 * Every function takes the sysfs root ("/sys"), so the Check suite reads
 * fixture trees.  Nothing here needs root.
 */
#ifndef IOLAB_DEVICE_H
#define IOLAB_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define DEVICE_SYSFS "/sys"

struct device_info {
	char name[32];            /* "sda", "nvme0n1", "vda": the whole disk */
	char model[64];           /* "" when the kernel gives none (virtio) */
	int rotational;           /* 1 spins, 0 does not, -1 unknown */
	char write_cache[24];     /* "write back", "write through"; "" unknown */
	unsigned logical_block_size;   /* bytes; 0 unknown */
	char scheduler[24];       /* the one in use ("mq-deadline", "none"); "" */
};

/* The device's counters, or their change over a trial; -1 unknown. */
struct device_stat {
	int64_t reads, writes;            /* requests completed */
	int64_t read_bytes, write_bytes;  /* sectors of 512 bytes, as bytes */
	int64_t flushes;                  /* cache flushes (kernels from 5.5) */
	int64_t merged;                   /* requests merged into others, both ways */
};

/* The disk that holds a file of device number dev on a filesystem of type
 * fstype: 0 with out filled; -1 with why in note ("tmpfs keeps its files
 * in memory: no block device is below it"). */
int device_identify(const char *sysfs, dev_t dev, const char *fstype, struct device_info *out,
                    char *note, size_t len);

/* Every field -1. */
void device_stat_clear(struct device_stat *s);
/* The text of /sys/block/DEV/stat: 0, or -1 (every field -1) when it has
 * fewer than the eleven fields every kernel gives.  flushes stays -1
 * before the seventeen-field format. */
int device_stat_parse(const char *text, struct device_stat *out);
/* /sys/block/NAME/stat read and parsed: 0, or -1 (every field -1). */
int device_stat_read(const char *sysfs, const char *name, struct device_stat *out);
/* after - before, field by field; -1 where either is unknown or the
 * counter went back (a device reset). */
void device_stat_delta(const struct device_stat *before, const struct device_stat *after,
                       struct device_stat *out);

#endif
