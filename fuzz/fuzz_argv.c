/* fuzz_argv.c - libFuzzer target for the command line: the input's
 * NUL-separated words are iolab's argv (after "iolab"), parsed by
 * cli_parse as main() parses them, messages to /dev/null. */
#include "config.h"

#include <stdio.h>

#include "cli.h"
#include "fuzz_common.h"

#define WORDS_MAX 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	char *argv[WORDS_MAX + 2] = {"iolab"};
	int argc = 1;
	for (size_t i = 0; i <= size && argc <= WORDS_MAX;) {
		argv[argc++] = text + i;
		i += strlen(text + i) + 1;
	}
	argv[argc] = NULL;
	struct options o;
	cli_parse(argc, argv, &o, sink);
	cli_options_free(&o);        /* after an error too, as main does */
	free(text);
	return 0;
}
