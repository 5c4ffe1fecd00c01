/* fuzz_common.h - what the one-line parsers' libFuzzer targets share: the
 * input as a NUL-terminated string (libFuzzer's bytes have none), and a
 * sink for what they print.  Each target feeds one parser of text a user or
 * a file gives, as a real run calls it; ASan/UBSan/LeakSanitizer report
 * what goes wrong. */
#ifndef IOLAB_FUZZ_COMMON_H
#define IOLAB_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data as a string, cut at its first NUL; malloc'd (free it), NULL when
 * out of memory. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		return NULL;
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
