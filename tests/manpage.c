/* manpage.c - reads the tagged paragraphs of doc/iolab.1 (see manpage.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "manpage.h"

/* Escapes out of s into out: "\-" is "-", "\e" is "\", fonts and "\&"
 * vanish, a named character ("\(lq") is "?" (none is in a tag or a key's
 * description). */
static void unescape(const char *s, char *out, size_t len)
{
	size_t o = 0;
	for (const char *p = s; *p && o + 1 < len; p++) {
		if (*p != '\\' || !p[1]) {
			out[o++] = *p;
			continue;
		}
		p++;
		if (*p == 'f' && p[1])
			p++;                              /* \fB \fR \fI \fP */
		else if (*p == '(' && p[1] && p[2]) {
			p += 2;
			out[o++] = '?';
		} else if (*p != '&')
			out[o++] = *p == 'e' ? '\\' : *p;
	}
	out[o] = '\0';
}

/* A roff line as the reader sees it: a font macro gives its arguments
 * (quoted ones keep their blanks; the alternating ones, .BR .IR ..., are
 * joined without one), any other line its text. */
static void plain(const char *line, char *out, size_t len)
{
	char joined[1024];
	size_t o = 0;
	const char *p = line;
	if (*p != '.') {
		unescape(line, out, len);
		return;
	}
	size_t m = strcspn(p, " ");
	int alternating = m == 3 && strchr("BIR", p[1]) && strchr("BIR", p[2]);
	p += m;
	int args = 0;
	while (*p && o + 1 < sizeof joined) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (args++ && !alternating)
			joined[o++] = ' ';
		if (*p == '"') {
			for (p++; *p && *p != '"' && o + 1 < sizeof joined; p++)
				joined[o++] = *p;
			if (*p == '"')
				p++;
		} else
			for (; *p && *p != ' ' && o + 1 < sizeof joined; p++)
				joined[o++] = *p;
	}
	joined[o] = '\0';
	unescape(joined, out, len);
}

static void append(char *dst, size_t len, const char *s)
{
	size_t o = strlen(dst);
	snprintf(dst + o, len - o, "%s%s", o ? " " : "", s);
}

int manpage_section(const char *path, const char *name, struct manpage_items *out)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[1024], text[1024];
	int in = 0, found = 0, want_tag = 0, in_text = 0;
	out->n = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, ".SH ", 4) == 0) {
			plain(line, text, sizeof text);
			in = strcmp(text, name) == 0;
			found |= in;
			continue;
		}
		if (!in || strncmp(line, ".\\\"", 3) == 0)
			continue;
		if (strcmp(line, ".TP") == 0) {
			want_tag = out->n < MANPAGE_ITEMS;
			in_text = 0;
			continue;
		}
		if (strcmp(line, ".PP") == 0 || strncmp(line, ".RS", 3) == 0) {
			in_text = 0;
			continue;
		}
		plain(line, text, sizeof text);
		if (want_tag) {
			struct manpage_item *it = &out->v[out->n++];
			snprintf(it->tag, sizeof it->tag, "%s", text);
			it->text[0] = '\0';
			want_tag = 0;
			in_text = 1;
		} else if (in_text && out->n)
			append(out->v[out->n - 1].text, sizeof out->v[out->n - 1].text, text);
	}
	fclose(f);
	return found ? 0 : -1;
}

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_';
}

int manpage_has_word(const char *s, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = s; (p = strstr(p, word)) != NULL; p++)
		if ((p == s || !word_char(p[-1])) && !word_char(p[wl]))
			return 1;
	return 0;
}
