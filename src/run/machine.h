/* machine.h - which machine the figures were measured on: what batch JSON
 * and --history JSON carry as `machine` (doc/batch-output.md), so two
 * students' results can be told apart and compared.
 *
 * machine.id is a stable anonymous identifier: SHA-256 of an iolab salt and
 * the machine's /etc/machine-id, its first 16 hex digits.  Neither the
 * machine-id nor the hostname is ever written: the same machine gives the
 * same id to iolab and to nothing else (another program hashing the
 * machine-id gets another value, as systemd's app-specific ids do).
 *
 * A struct of plain fields, filled in one place, so a field is added by
 * adding a member, its probe, and its line in the writers.
 */
#ifndef IOLAB_MACHINE_H
#define IOLAB_MACHINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define MACHINE_ID_LEN 16         /* hex digits of machine.id */

struct machine {
	char cpu_model[128];      /* "AMD EPYC 7763 64-Core Processor"; "" unknown */
	long cores;               /* online CPUs; -1 unknown */
	int64_t memory_bytes;     /* MemTotal; -1 unknown */
	char kernel[128];         /* uname -r; "" unknown */
	char filesystem[32];      /* of the scratch directory; "" unknown */
	char id[MACHINE_ID_LEN + 1];   /* "" when the machine has no machine-id */
};

/* Everything but filesystem, from this machine (/proc/cpuinfo,
 * /proc/meminfo, uname, /etc/machine-id); what cannot be read stays
 * unknown. */
void machine_probe(struct machine *m);
/* The filesystem holding path ("ext4"), from /proc/self/mountinfo, into
 * buf; "" when it cannot be told.  The one lookup of a filesystem's name
 * (the scratch directory's is this too). */
void machine_filesystem(const char *path, char *buf, size_t len);
void machine_fstype_of_dev(dev_t dev, char *buf, size_t len);

/* The parts, pure, for tests: the CPU model of a /proc/cpuinfo text (x86's
 * "model name", else "Hardware"/"Processor"/"cpu" lines); MemTotal of a
 * /proc/meminfo text in bytes (-1 when absent); machine.id of a
 * machine-id's text (its first line, blanks trimmed; "" when empty). */
void machine_cpu_model_of(const char *cpuinfo, char *buf, size_t len);
int64_t machine_memory_of(const char *meminfo);
void machine_id_of(const char *machine_id, char out[MACHINE_ID_LEN + 1]);

/* SHA-256 of n bytes: out is 32 bytes. */
void machine_sha256(const void *data, size_t n, unsigned char out[32]);

#endif
