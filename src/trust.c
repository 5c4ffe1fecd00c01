/* trust.c - which lessons' commands run unasked (trust.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "trust.h"
#include "wl_kind.h"

int trust_needs_consent(const struct course *c, const struct lesson *l)
{
	const struct wl_kind *k = wl_kind_of(&l->workload);
	return k && k->command && !c->shipped;
}

static int bare(const char *w)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                           "0123456789_@%+=:,./{}-";
	return *w && strspn(w, safe) == strlen(w);
}

/* Appends s to buf[*o..len), keeping room for "..." and the NUL; 0, or -1
 * when it did not fit (nothing of it appended). */
static int append(char *buf, size_t len, size_t *o, const char *s)
{
	size_t n = strlen(s);
	if (*o + n + 4 > len)
		return -1;
	memcpy(buf + *o, s, n + 1);
	*o += n;
	return 0;
}

void trust_argv_text(const struct wl_spec *spec, char *buf, size_t len)
{
	size_t o = 0;
	if (len < 4) {
		if (len)
			buf[0] = '\0';
		return;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < spec->command_len; i++) {
		const char *w = spec->command[i];
		/* the quoted word, at most 4 bytes per byte of it, made harmless */
		size_t n = strlen(w);
		char *q = malloc(4 * n + 3), *safe;
		if (!q)
			break;
		char *p = q;
		if (bare(w)) {
			memcpy(p, w, n);
			p += n;
		} else {
			*p++ = '\'';
			for (const char *s = w; *s; s++) {
				if (*s == '\'') {
					memcpy(p, "'\\''", 4);
					p += 4;
				} else {
					*p++ = *s;
				}
			}
			*p++ = '\'';
		}
		*p = '\0';
		safe = sanitize_dup(q, NULL);
		free(q);
		int cut = !safe || (i && append(buf, len, &o, " ") != 0) || append(buf, len, &o, safe) != 0;
		free(safe);
		if (cut) {
			memcpy(buf + o, "...", 4);
			return;
		}
	}
}

void trust_refusal(const struct wl_spec *spec, char *buf, size_t len)
{
	char argv[200];
	trust_argv_text(spec, argv, sizeof argv);
	snprintf(buf, len, "this lesson runs a program from a lesson directory that is not the "
	         "installed course: %s; iolab runs it only with --allow-commands (read it first)",
	         argv);
}
