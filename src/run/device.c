/* device.c - the block device under the scratch directory (see device.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "device.h"

/* src cut to fit dst (len bytes): names in sysfs are short, a longer one
 * is cut rather than refused. */
static void copy_text(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* A small sysfs file's first line, trailing blanks cut: 0, or -1. */
static int read_line(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	for (size_t e = strlen(buf); e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t'); e--)
		buf[e - 1] = '\0';
	return 0;
}

static int read_attr(const char *sysfs, const char *name, const char *attr, char *buf, size_t len)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/block/%s/%s", sysfs, name, attr);
	return read_line(path, buf, len);
}

/* "none [mq-deadline] kyber": the one in brackets, or the only one. */
static void scheduler_in_use(const char *list, char *out, size_t len)
{
	const char *open = strchr(list, '['), *close = open ? strchr(open, ']') : NULL;
	out[0] = '\0';
	if (open && close && (size_t)(close - open) <= len) {
		memcpy(out, open + 1, (size_t)(close - open - 1));
		out[close - open - 1] = '\0';
	} else if (!strchr(list, ' ')) {
		copy_text(out, len, list);
	}
}

/* Why a filesystem has no block device of its own, in words. */
static void no_device_note(const char *fstype, dev_t dev, char *note, size_t len)
{
	if (strcmp(fstype, "tmpfs") == 0 || strcmp(fstype, "ramfs") == 0)
		snprintf(note, len, "%s keeps its files in memory: no block device is below it",
		         fstype);
	else if (strcmp(fstype, "overlay") == 0)
		snprintf(note, len, "an overlay filesystem has no single block device below it");
	else
		snprintf(note, len, "%s gives no single block device (device number %u:%u)", fstype,
		         major(dev), minor(dev));
}

/* The disk's name from /sys/dev/block/MAJ:MIN: the link's last part, or
 * its parent's for a partition.  0, or -1. */
static int disk_name(const char *sysfs, dev_t dev, char *name, size_t len)
{
	char link[PATH_MAX], real[PATH_MAX], probe[PATH_MAX + 16];
	struct stat st;
	snprintf(link, sizeof link, "%s/dev/block/%u:%u", sysfs, major(dev), minor(dev));
	if (!realpath(link, real))
		return -1;
	snprintf(probe, sizeof probe, "%s/partition", real);
	if (stat(probe, &st) == 0) {
		char *slash = strrchr(real, '/');
		if (!slash)
			return -1;
		*slash = '\0';
	}
	const char *base = strrchr(real, '/');
	copy_text(name, len, base ? base + 1 : real);
	return 0;
}

int device_identify(const char *sysfs, dev_t dev, const char *fstype, struct device_info *out,
                    char *note, size_t len)
{
	char buf[128], path[PATH_MAX];
	struct stat st;
	memset(out, 0, sizeof *out);
	out->rotational = -1;
	note[0] = '\0';
	if (major(dev) == 0) {
		no_device_note(fstype ? fstype : "this filesystem", dev, note, len);
		return -1;
	}
	if (disk_name(sysfs, dev, out->name, sizeof out->name) != 0) {
		snprintf(note, len, "device %u:%u is not in %s/dev/block", major(dev), minor(dev), sysfs);
		return -1;
	}
	snprintf(path, sizeof path, "%s/block/%s/stat", sysfs, out->name);
	if (stat(path, &st) != 0) {
		snprintf(note, len, "device %s is not in %s/block", out->name, sysfs);
		return -1;
	}
	if (read_attr(sysfs, out->name, "device/model", buf, sizeof buf) == 0)
		copy_text(out->model, sizeof out->model, buf);
	if (read_attr(sysfs, out->name, "queue/rotational", buf, sizeof buf) == 0 &&
	    (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0))
		out->rotational = buf[0] == '1';
	if (read_attr(sysfs, out->name, "queue/write_cache", buf, sizeof buf) == 0)
		copy_text(out->write_cache, sizeof out->write_cache, buf);
	if (read_attr(sysfs, out->name, "queue/logical_block_size", buf, sizeof buf) == 0)
		out->logical_block_size = (unsigned)strtoul(buf, NULL, 10);
	if (read_attr(sysfs, out->name, "queue/scheduler", buf, sizeof buf) == 0)
		scheduler_in_use(buf, out->scheduler, sizeof out->scheduler);
	return 0;
}

void device_stat_clear(struct device_stat *s)
{
	s->reads = s->writes = s->read_bytes = s->write_bytes = s->flushes = s->merged = -1;
}

/* The fields of Documentation/block/stat.rst, counted from 1. */
enum { ST_READS = 1, ST_READ_MERGES, ST_READ_SECTORS, ST_WRITES = 5, ST_WRITE_MERGES,
       ST_WRITE_SECTORS, ST_FIELDS_OLDEST = 11, ST_FLUSHES = 16, ST_MAX = 17 };

int device_stat_parse(const char *text, struct device_stat *out)
{
	int64_t f[ST_MAX + 1];
	int n = 0;
	const char *p = text;
	device_stat_clear(out);
	while (p && n < ST_MAX) {
		char *end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			break;
		errno = 0;
		unsigned long long v = strtoull(p, &end, 10);
		if (errno || end == p || v > INT64_MAX)
			return -1;
		f[++n] = (int64_t)v;
		p = end;
	}
	if (n < ST_FIELDS_OLDEST)
		return -1;
	out->reads = f[ST_READS];
	out->writes = f[ST_WRITES];
	out->read_bytes = f[ST_READ_SECTORS] * 512;
	out->write_bytes = f[ST_WRITE_SECTORS] * 512;
	out->merged = f[ST_READ_MERGES] + f[ST_WRITE_MERGES];
	if (n >= ST_FLUSHES)
		out->flushes = f[ST_FLUSHES];
	return 0;
}

int device_stat_read(const char *sysfs, const char *name, struct device_stat *out)
{
	char buf[512];
	if (!name || !name[0] || read_attr(sysfs, name, "stat", buf, sizeof buf) != 0) {
		device_stat_clear(out);
		return -1;
	}
	return device_stat_parse(buf, out);
}

static int64_t delta(int64_t a, int64_t b)
{
	return a < 0 || b < 0 || b < a ? -1 : b - a;
}

void device_stat_delta(const struct device_stat *before, const struct device_stat *after,
                       struct device_stat *out)
{
	out->reads = delta(before->reads, after->reads);
	out->writes = delta(before->writes, after->writes);
	out->read_bytes = delta(before->read_bytes, after->read_bytes);
	out->write_bytes = delta(before->write_bytes, after->write_bytes);
	out->flushes = delta(before->flushes, after->flushes);
	out->merged = delta(before->merged, after->merged);
}
