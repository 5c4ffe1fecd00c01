/* fuzz_spec.c - libFuzzer target for the one-line workload spec (--run,
 * the notebook's spec column, doc/spec-syntax.md): parsed alone and over
 * a lesson's workload, checked, and, when it parses, written back and read
 * again, which must give the same workload (the canonical form's promise). */
#include "config.h"

#include <stdio.h>

#include "fuzz_common.h"
#include "value.h"
#include "wl_keys.h"
#include "wl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	struct wl_spec base, s, back;
	char msg[VALUE_MSG_MAX], line[8192];
	size_t at = 0;
	wl_spec_init(&base);
	base.op = WL_OP_READ;
	base.stride = 4096;
	for (int with_base = 0; with_base < 2; with_base++) {
		if (wl_spec_parse(text, with_base ? &base : NULL, &s, msg, sizeof msg, &at) != 0)
			continue;
		wl_spec_check(&s, msg, sizeof msg);
		if (wl_spec_format(&s, line, sizeof line) < sizeof line) {
			if (wl_spec_parse(line, NULL, &back, msg, sizeof msg, &at) != 0 ||
			    !wl_spec_same(&s, &back)) {
				fprintf(stderr, "a spec written as '%s' does not read back: %s\n", line, msg);
				abort();
			}
			wl_spec_free(&back);
		}
		wl_spec_free(&s);
	}
	free(text);
	return 0;
}
