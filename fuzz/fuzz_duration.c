/* fuzz_duration.c - libFuzzer target for durations (time_limit, min_time,
 * advice_lead, --time-limit, --watch): what parses is whole nanoseconds,
 * finite and not negative, and a spec holding it reads back the same. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "fuzz_common.h"
#include "units.h"
#include "value.h"
#include "watch.h"
#include "wl_keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	double d = -1, w;
	char msg[VALUE_MSG_MAX];
	if (units_parse_duration(text, &d) == 0) {
		double ns = d * 1e9;
		if (!isfinite(d) || d < 0 || fabs(ns - round(ns)) > 1e-3 * (ns > 1 ? ns : 1)) {
			fprintf(stderr, "'%s' parsed as %.17g s\n", text, d);
			abort();
		}
	}
	(void)value_duration(text, "time_limit", &d, msg, sizeof msg);
	(void)watch_parse(text, &w);
	char *spec = malloc(size + 16), line[4096];
	if (spec) {
		snprintf(spec, size + 16, "min_time=%s", text);
		struct wl_spec s, back;
		if (wl_spec_parse(spec, NULL, &s, msg, sizeof msg, NULL) == 0) {
			if (wl_spec_format(&s, line, sizeof line) < sizeof line) {
				if (wl_spec_parse(line, NULL, &back, msg, sizeof msg, NULL) != 0 ||
				    !wl_spec_same(&s, &back) || back.min_time != s.min_time) {
					fprintf(stderr, "'%s' written as '%s' reads back otherwise\n", spec, line);
					abort();
				}
				wl_spec_free(&back);
			}
			wl_spec_free(&s);
		}
		free(spec);
	}
	free(text);
	return 0;
}
