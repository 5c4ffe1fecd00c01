/* check_device.c - the block device under the scratch directory, found in
 * fixture sysfs trees, and its counters parsed from fixture text. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "device.h"
#include "suites.h"

static char root[PATH_MAX];

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void dir(const char *rel)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	ck_assert_int_eq(mkdir(path, 0700), 0);
}

static void link_to(const char *target, const char *rel)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	ck_assert_int_eq(symlink(target, path), 0);
}

/* A sysfs of two disks: sda (a partition sda1 holds the files) with all
 * its attributes, and sdb, whole, which /sys/block does not list. */
static void make_sysfs(void)
{
	snprintf(root, sizeof root, "/tmp/iolab-check-device-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(root));
	const char *dirs[] = {"dev", "dev/block", "devices", "devices/pci0", "devices/pci0/block",
	                      "devices/pci0/block/sda", "devices/pci0/block/sda/sda1",
	                      "devices/pci0/block/sda/queue", "devices/pci0/block/sda/device",
	                      "devices/pci0/block/sdb", "block"};
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
		dir(dirs[i]);
	put("devices/pci0/block/sda/sda1/partition", "1\n");
	put("devices/pci0/block/sda/stat",
	    "  438552     8463 63421458    67774  2405065    34674 26235744   126946        0"
	    "   113936   231068    69350       38 13373704     7069   863668    29277\n");
	put("devices/pci0/block/sda/queue/rotational", "0\n");
	put("devices/pci0/block/sda/queue/write_cache", "write through\n");
	put("devices/pci0/block/sda/queue/logical_block_size", "4096\n");
	put("devices/pci0/block/sda/queue/scheduler", "[none] mq-deadline kyber\n");
	put("devices/pci0/block/sda/device/model", "Samsung SSD 860   \n");
	link_to("../../devices/pci0/block/sda/sda1", "dev/block/8:1");
	link_to("../../devices/pci0/block/sdb", "dev/block/8:16");
	link_to("../devices/pci0/block/sda", "block/sda");
}

static void remove_sysfs(void)
{
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(identify_a_partitions_disk)
{
	struct device_info d;
	char note[160];
	make_sysfs();
	ck_assert_int_eq(device_identify(root, makedev(8, 1), "ext4", &d, note, sizeof note), 0);
	ck_assert_str_eq(d.name, "sda");
	ck_assert_str_eq(d.model, "Samsung SSD 860");
	ck_assert_int_eq(d.rotational, 0);
	ck_assert_str_eq(d.write_cache, "write through");
	ck_assert_uint_eq(d.logical_block_size, 4096);
	ck_assert_str_eq(d.scheduler, "none");
	ck_assert_str_eq(note, "");
	struct device_stat st;
	ck_assert_int_eq(device_stat_read(root, d.name, &st), 0);
	ck_assert_int_eq(st.reads, 438552);
	ck_assert_int_eq(st.writes, 2405065);
	remove_sysfs();
}
END_TEST

START_TEST(no_device_said_why)
{
	struct device_info d;
	char note[160], want[PATH_MAX + 64];
	make_sysfs();
	/* a disk /sys/block does not list */
	ck_assert_int_eq(device_identify(root, makedev(8, 16), "ext4", &d, note, sizeof note), -1);
	snprintf(want, sizeof want, "device sdb is not in %s/block", root);
	ck_assert_str_eq(note, want);
	/* a device number sysfs does not know */
	ck_assert_int_eq(device_identify(root, makedev(9, 9), "xfs", &d, note, sizeof note), -1);
	snprintf(want, sizeof want, "device 9:9 is not in %s/dev/block", root);
	ck_assert_str_eq(note, want);
	/* no device at all */
	ck_assert_int_eq(device_identify(root, makedev(0, 45), "tmpfs", &d, note, sizeof note), -1);
	ck_assert_str_eq(note, "tmpfs keeps its files in memory: no block device is below it");
	ck_assert_int_eq(device_identify(root, makedev(0, 61), "overlay", &d, note, sizeof note), -1);
	ck_assert_str_eq(note, "an overlay filesystem has no single block device below it");
	ck_assert_int_eq(device_identify(root, makedev(0, 33), "btrfs", &d, note, sizeof note), -1);
	ck_assert_str_eq(note, "btrfs gives no single block device (device number 0:33)");
	struct device_stat st;
	ck_assert_int_eq(device_stat_read(root, "sdb", &st), -1);
	ck_assert_int_eq(st.writes, -1);
	ck_assert_int_eq(device_stat_read(root, "", &st), -1);
	remove_sysfs();
}
END_TEST

START_TEST(stat_parse_and_delta)
{
	struct device_stat a, b, d;
	/* the seventeen fields of Linux 5.5 on */
	ck_assert_int_eq(device_stat_parse("100 5 800 1 200 7 1600 2 0 3 4 0 0 0 0 9 1\n", &a), 0);
	ck_assert_int_eq(a.reads, 100);
	ck_assert_int_eq(a.writes, 200);
	ck_assert_int_eq(a.read_bytes, 800 * 512);
	ck_assert_int_eq(a.write_bytes, 1600 * 512);
	ck_assert_int_eq(a.merged, 12);
	ck_assert_int_eq(a.flushes, 9);
	/* the eleven of older kernels: no flushes */
	ck_assert_int_eq(device_stat_parse("101 5 808 1 260 9 2000 2 0 3 4\n", &b), 0);
	ck_assert_int_eq(b.flushes, -1);
	device_stat_delta(&a, &b, &d);
	ck_assert_int_eq(d.reads, 1);
	ck_assert_int_eq(d.writes, 60);
	ck_assert_int_eq(d.read_bytes, 8 * 512);
	ck_assert_int_eq(d.write_bytes, 400 * 512);
	ck_assert_int_eq(d.merged, 2);
	ck_assert_int_eq(d.flushes, -1);
	/* a counter that went back (the device was reset): unknown */
	device_stat_delta(&b, &a, &d);
	ck_assert_int_eq(d.writes, -1);
	/* not the stat file's text */
	ck_assert_int_eq(device_stat_parse("1 2 3 4 5\n", &a), -1);
	ck_assert_int_eq(a.reads, -1);
	ck_assert_int_eq(device_stat_parse("", &a), -1);
	ck_assert_int_eq(device_stat_parse("x y z", &a), -1);
}
END_TEST

/* This machine's scratch device, whatever it is: found or said why. */
START_TEST(this_machine)
{
	struct stat st;
	struct device_info d;
	char note[160];
	ck_assert_int_eq(stat(".", &st), 0);
	int rc = device_identify(DEVICE_SYSFS, st.st_dev, "this filesystem", &d, note, sizeof note);
	ck_assert(rc == 0 ? d.name[0] != '\0' : note[0] != '\0');
	fprintf(stderr, "device of .: %s\n", rc == 0 ? d.name : note);
}
END_TEST

Suite *make_suite_device(void)
{
	Suite *s = suite_create("device");
	TCase *tc = tcase_create("sysfs");
	tcase_add_test(tc, identify_a_partitions_disk);
	tcase_add_test(tc, no_device_said_why);
	tcase_add_test(tc, stat_parse_and_delta);
	tcase_add_test(tc, this_machine);
	suite_add_tcase(s, tc);
	return s;
}
