/* check_machine.c - the machine's identity (machine.h): SHA-256 against
 * FIPS 180-4's vectors and Python's hashlib, machine.id never the
 * machine-id, the CPU model and memory of /proc texts, and this machine. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "machine.h"
#include "suites.h"

static void hex(const unsigned char d[32], char out[65])
{
	for (int i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

START_TEST(sha256_vectors)
{
	unsigned char d[32];
	char h[65], a[1000];
	machine_sha256("abc", 3, d);
	hex(d, h);
	ck_assert_str_eq(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	machine_sha256("", 0, d);
	hex(d, h);
	ck_assert_str_eq(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	/* 56 bytes: the length no longer fits the last block; 1000: many blocks */
	memset(a, 'a', sizeof a);
	machine_sha256(a, 56, d);
	hex(d, h);
	ck_assert_str_eq(h, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
	machine_sha256(a, 1000, d);
	hex(d, h);
	ck_assert_str_eq(h, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}
END_TEST

/* SHA-256("iolab machine.id v1:" + the machine-id), 16 hex digits: the
 * same for the same machine, blanks and the newline trimmed. */
START_TEST(id_is_a_salted_hash)
{
	char id[MACHINE_ID_LEN + 1];
	machine_id_of("0123456789abcdef0123456789abcdef\n", id);
	ck_assert_str_eq(id, "974b532a05c1fcea");
	machine_id_of("  0123456789abcdef0123456789abcdef  \n", id);
	ck_assert_str_eq(id, "974b532a05c1fcea");
	ck_assert_ptr_null(strstr("0123456789abcdef0123456789abcdef", id));
	machine_id_of("\n", id);
	ck_assert_str_eq(id, "");
	machine_id_of("", id);
	ck_assert_str_eq(id, "");
}
END_TEST

START_TEST(cpu_model_and_memory)
{
	char m[128];
	machine_cpu_model_of("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7763 64-Core "
	                     "Processor  \nflags\t\t: fpu\n\nprocessor\t: 1\nmodel name\t: other\n", m, sizeof m);
	ck_assert_str_eq(m, "AMD EPYC 7763 64-Core Processor");
	/* ARM: no model name; Hardware names the SoC */
	machine_cpu_model_of("processor\t: 0\nBogoMIPS\t: 108.00\nCPU part\t: 0xd08\n\nHardware\t: BCM2835\n",
	                     m, sizeof m);
	ck_assert_str_eq(m, "BCM2835");
	machine_cpu_model_of("processor\t: 0\n", m, sizeof m);
	ck_assert_str_eq(m, "");
	ck_assert_int_eq(machine_memory_of("MemTotal:       24684092 kB\nMemFree:  1 kB\n"),
	                 (int64_t)24684092 * 1024);
	ck_assert_int_eq(machine_memory_of("MemFree:  1 kB\n"), -1);
}
END_TEST

/* This machine: its cores and memory are known on Linux; its id, when it
 * has a machine-id, is 16 hex digits and not the machine-id's start. */
START_TEST(this_machine)
{
	struct machine m;
	char fs[32];
	machine_probe(&m);
	ck_assert_int_eq(m.cores, sysconf(_SC_NPROCESSORS_ONLN));
	ck_assert_int_gt(m.memory_bytes, 0);
	ck_assert_str_ne(m.kernel, "");
	ck_assert_str_eq(m.filesystem, "");
	FILE *f = fopen("/etc/machine-id", "r");
	char text[64] = "";
	if (f) {
		if (!fgets(text, sizeof text, f))
			text[0] = '\0';
		fclose(f);
	}
	if (text[0] && text[0] != '\n') {
		ck_assert_uint_eq(strlen(m.id), MACHINE_ID_LEN);
		ck_assert_uint_eq(strspn(m.id, "0123456789abcdef"), MACHINE_ID_LEN);
		ck_assert(strncmp(m.id, text, MACHINE_ID_LEN) != 0);
	}
	machine_filesystem("/proc", fs, sizeof fs);
	ck_assert_str_eq(fs, "proc");
	machine_filesystem("/no/such/path", fs, sizeof fs);
	ck_assert_str_eq(fs, "");
}
END_TEST

Suite *make_suite_machine(void)
{
	Suite *s = suite_create("machine");
	TCase *tc = tcase_create("identity");
	tcase_add_test(tc, sha256_vectors);
	tcase_add_test(tc, id_is_a_salted_hash);
	tcase_add_test(tc, cpu_model_and_memory);
	tcase_add_test(tc, this_machine);
	suite_add_tcase(s, tc);
	return s;
}
