/* fuzz_guess.c - libFuzzer target for a student's guess of a rate (the
 * lab's g prompt: 3MB/s, 500k, ln 15.1): parsed, and a guess that parses
 * is a rate from 1 B/s to 1e15 B/s whose miss against a rate is a number. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "fuzz_common.h"
#include "guess.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	double rate = 0;
	char msg[256];
	if (guess_parse(text, &rate, msg, sizeof msg) == 0) {
		if (!(rate >= 1 && rate <= 1e15)) {
			fprintf(stderr, "guess '%s' parsed as %g B/s, outside 1 B/s .. 1e15 B/s\n", text,
			        rate);
			abort();
		}
		if (isnan(guess_miss(rate, 3e6)))
			abort();
	}
	free(text);
	return 0;
}
