/* fuzz_claim.c - libFuzzer target for the claim language of `expect:`
 * (doc/lesson-format.md): the input's lines are one item's check, its
 * bound (the first byte of the second line picks near, at_least, at_most
 * or between), a second bound, a tolerance and whole_file, built as the
 * loader builds them with the real field table; the whole input is parsed
 * as one expression too. */
#include "config.h"

#include "expect.h"
#include "expect_fields.h"
#include "fuzz_common.h"

#define PARTS 6

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	struct expect_expr *e = NULL;
	unsigned offset = 0;
	char msg[256];
	if (expect_parse_parse(text, expect_fields_class, NULL, &e, &offset, msg, sizeof msg) == 0) {
		if (!expect_parse_has_field(e))
			(void)expect_parse_constant(e);
		(void)expect_parse_text(e);
		expect_parse_free(e);
	}
	char *part[PARTS] = {0};
	size_t n = 0;
	for (char *p = text, *save = NULL; n < PARTS; p = NULL) {
		char *tok = strtok_r(p, "\n", &save);
		if (!tok)
			break;
		part[n++] = tok;
	}
	struct expect_spec spec = {.claim = "a claim", .check = part[0]};
	const char *between[2] = {part[2], part[3] ? part[3] : "1"};
	switch (part[1] ? (unsigned char)part[1][0] % 4 : 0) {
	case 0: spec.near = part[2]; break;
	case 1: spec.at_least = part[2]; break;
	case 2: spec.at_most = part[2]; break;
	default:
		spec.between = between;
		spec.nbetween = part[2] ? 2 : 0;
		break;
	}
	spec.tolerance = part[4];
	spec.whole_file = part[5];
	struct expectation x;
	struct expect_diag diag;
	if (expect_build(&spec, expect_fields_class, NULL, &x, &diag) == 0) {
		(void)expect_needs_whole_file(&x);
		expect_free(&x);
	} else {
		(void)expect_key_name(diag.key);
	}
	free(text);
	return 0;
}
