/* report_format.c - the table of --format's rows (report_format.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "report_format.h"

/* --- formats ---------------------------------------------------------------- */

static const struct report_format formats[] = {
	{"text", report_format_text},   /* first: the default */
	{"json", report_format_json},
	{"csv", report_format_csv},
	{"tap", report_format_tap},
	{"gradescope", report_format_gradescope},
};

const struct report_format *report_format_find(const char *name)
{
	for (size_t i = 0; i < COUNT(formats); i++)
		if (name && strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

const struct report_format *report_format_at(size_t i)
{
	return i < COUNT(formats) ? &formats[i] : NULL;
}

const struct report_format *report_format_default(void)
{
	return &formats[0];
}

void report_format_list(char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < COUNT(formats) && used < len; i++) {
		const char *sep = i == 0 ? "" : i + 1 == COUNT(formats) ? " or " : ", ";
		int n = snprintf(buf + used, len - used, "%s%s", sep, formats[i].name);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

int report_write(FILE *out, const struct report *r, const struct report_format *f)
{
	return (f ? f : report_format_default())->write(out, r);
}

