/* machine.c - which machine the figures were measured on (machine.h). */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "machine.h"

/* Never changed: a machine keeps its id across iolab versions. */
#define ID_SALT "iolab machine.id v1:"

/* --- SHA-256 (FIPS 180-4) ----------------------------------------------------- */

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static void block(uint32_t h[8], const unsigned char p[64])
{
	uint32_t w[64], v[8];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++)
		w[i] = w[i - 16] + (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3)) +
		       w[i - 7] + (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10));
	memcpy(v, h, sizeof v);
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
		              ((v[4] & v[5]) ^ (~v[4] & v[6])) + K[i] + w[i];
		uint32_t t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
		              ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof *v);
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (int i = 0; i < 8; i++)
		h[i] += v[i];
}

void machine_sha256(const void *data, size_t n, unsigned char out[32])
{
	uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
	const unsigned char *p = data;
	unsigned char tail[128] = {0};
	size_t left = n;
	for (; left >= 64; left -= 64, p += 64)
		block(h, p);
	memcpy(tail, p, left);
	tail[left] = 0x80;
	size_t end = left < 56 ? 64 : 128;
	uint64_t bits = (uint64_t)n * 8;
	for (int i = 0; i < 8; i++)
		tail[end - 1 - i] = (unsigned char)(bits >> (8 * i));
	block(h, tail);
	if (end == 128)
		block(h, tail + 64);
	for (int i = 0; i < 32; i++)
		out[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
}

/* --- the parts ------------------------------------------------------------------ */

/* "key<blanks>: value": value when the line's key is key */
static const char *value_of(const char *line, const char *key)
{
	size_t k = strlen(key);
	if (strncmp(line, key, k) != 0)
		return NULL;
	line += k;
	line += strspn(line, " \t");
	if (*line != ':')
		return NULL;
	return line + 1 + strspn(line + 1, " \t");
}

void machine_cpu_model_of(const char *cpuinfo, char *buf, size_t len)
{
	/* in the order of preference: x86, then what ARM, RISC-V, POWER say */
	static const char *const keys[] = {"model name", "Hardware", "Processor", "cpu model", "cpu"};
	buf[0] = '\0';
	for (size_t k = 0; k < sizeof keys / sizeof *keys && !buf[0]; k++)
		for (const char *line = cpuinfo; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
			const char *v = value_of(line, keys[k]);
			if (!v)
				continue;
			size_t n = strcspn(v, "\n");
			while (n && isspace((unsigned char)v[n - 1]))
				n--;
			if (n) {
				snprintf(buf, len, "%.*s", (int)n, v);
				break;
			}
		}
}

int64_t machine_memory_of(const char *meminfo)
{
	for (const char *line = meminfo; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *v = value_of(line, "MemTotal");
		long long kib;
		if (v && sscanf(v, "%lld kB", &kib) == 1 && kib >= 0)
			return (int64_t)kib * 1024;
	}
	return -1;
}

void machine_id_of(const char *machine_id, char out[MACHINE_ID_LEN + 1])
{
	char text[256];
	unsigned char d[32];
	out[0] = '\0';
	size_t start = strspn(machine_id, " \t\r\n"), n = strcspn(machine_id + start, "\r\n");
	while (n && isspace((unsigned char)machine_id[start + n - 1]))
		n--;
	if (!n)
		return;
	int len = snprintf(text, sizeof text, "%s%.*s", ID_SALT, (int)n, machine_id + start);
	machine_sha256(text, len < (int)sizeof text ? (size_t)len : sizeof text - 1, d);
	for (int i = 0; i < MACHINE_ID_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* --- this machine ----------------------------------------------------------------- */

/* /proc's files are regular files of size 0, read to their end here
 * (file_read_whole takes a file's size from stat) */
static void read_small(const char *path, char *buf, size_t len)
{
	buf[0] = '\0';
	FILE *f = fopen(path, "re");
	if (!f)
		return;
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

void machine_probe(struct machine *m)
{
	static char text[1 << 16];      /* one CPU's block is far shorter */
	struct utsname u;
	memset(m, 0, sizeof *m);
	read_small("/proc/cpuinfo", text, sizeof text);
	machine_cpu_model_of(text, m->cpu_model, sizeof m->cpu_model);
	m->cores = sysconf(_SC_NPROCESSORS_ONLN);
	read_small("/proc/meminfo", text, 4096);
	m->memory_bytes = machine_memory_of(text);
	if (uname(&u) == 0)
		snprintf(m->kernel, sizeof m->kernel, "%s", u.release);
	read_small("/etc/machine-id", text, 256);
	if (!text[0])
		read_small("/var/lib/dbus/machine-id", text, 256);
	machine_id_of(text, m->id);
}

void machine_fstype_of_dev(dev_t dev, char *buf, size_t len)
{
	char line[4096], want[32];
	buf[0] = '\0';
	FILE *f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return;
	snprintf(want, sizeof want, "%u:%u", major(dev), minor(dev));
	while (fgets(line, sizeof line, f)) {
		char devno[32], fstype[32], *sep = strstr(line, " - ");
		if (!sep || sscanf(line, "%*s %*s %31s", devno) != 1 || strcmp(devno, want) != 0)
			continue;
		if (sscanf(sep + 3, "%31s", fstype) == 1)
			snprintf(buf, len, "%s", fstype);
		break;
	}
	fclose(f);
}

void machine_filesystem(const char *path, char *buf, size_t len)
{
	struct stat st;
	buf[0] = '\0';
	if (path && stat(path, &st) == 0)
		machine_fstype_of_dev(st.st_dev, buf, len);
}
