/* trust.c - which lessons' commands run unasked (trust.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sanitize.h"
#include "trust.h"

int trust_needs_consent(const struct course *c, const struct lesson *l)
{
	/* by what the lesson says, not by a kind it may not have */
	int program = l->workload.api == WL_API_COMMAND || l->workload.command;
	return program && !c->shipped;
}

static int bare(const char *w)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                           "0123456789_@%+=:,./{}-";
	return *w && strspn(w, safe) == strlen(w);
}

/* A word as the shell would need it, made harmless; malloc'd, or NULL. */
static char *quoted(const char *w)
{
	size_t n = strlen(w);
	char *q = malloc(4 * n + 3), *p = q;     /* ' -> '\'' at most, the quotes, NUL */
	if (!q)
		return NULL;
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
	char *safe = sanitize_dup(q, NULL);
	free(q);
	return safe;
}

char *trust_argv_dup(const struct wl_spec *spec)
{
	size_t n = 1;
	char **q = calloc(spec->command_len + 1, sizeof *q);
	if (!q)
		return NULL;
	for (size_t i = 0; i < spec->command_len; i++) {
		if (!(q[i] = quoted(spec->command[i]))) {
			for (size_t j = 0; j < i; j++)
				free(q[j]);
			free(q);
			return NULL;
		}
		n += strlen(q[i]) + 1;
	}
	char *text = malloc(n), *p = text;
	for (size_t i = 0; i < spec->command_len; i++) {
		if (p) {
			size_t len = strlen(q[i]);
			if (i)
				*p++ = ' ';
			memcpy(p, q[i], len);
			p += len;
		}
		free(q[i]);
	}
	free(q);
	if (p)
		*p = '\0';
	return text;
}

/* Words are appended whole or not at all; after each but the last there
 * stays room for " ..." (and the NUL), which marks a cut. */
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
		char *q = quoted(spec->command[i]);
		size_t need = (i ? 1 : 0) + (q ? strlen(q) : 0);
		size_t reserve = i + 1 < spec->command_len ? 5 : 1;
		if (!q || o + need + reserve > len) {
			free(q);
			snprintf(buf + o, len - o, "%s", i ? " ..." : "...");
			return;
		}
		snprintf(buf + o, len - o, "%s%s", i ? " " : "", q);
		o += need;
		free(q);
	}
}

char *trust_refusal(const struct wl_spec *spec)
{
	static const char fmt[] = "this lesson runs a program from a lesson directory that is not "
	                          "the installed course: %s; iolab runs it only with "
	                          "--allow-commands (read it first)";
	char *argv = trust_argv_dup(spec);
	if (!argv)
		return NULL;
	size_t len = sizeof fmt + strlen(argv);
	char *text = malloc(len);
	if (text)
		snprintf(text, len, fmt, argv);
	free(argv);
	return text;
}
