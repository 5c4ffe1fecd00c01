/* lesson.c - the course model: look-ups, freeing, where the lessons live,
 * and the diagnostics every loader fills and diag_print() formats.
 *
 * Nothing here parses YAML (lesson_yaml.c and reference.c do).  A diag is
 * printed the way compilers and netplan print them, so editors can jump to
 * it:
 *
 *     lessons/w03-byte.yaml:7:3: unknown key 'blok'; did you mean 'block'?
 *       blok: 1
 *       ^
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson.h"

#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR "."
#endif
#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR "."
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/iolab"
#endif

/* --- the model --------------------------------------------------------------- */

void lesson_free(struct lesson *l)
{
	free(l->id);
	free(l->title);
	free(l->text);
	free(l->code);
	free(l->file);
	wl_spec_free(&l->workload);
	for (size_t i = 0; i < l->nrefs; i++)
		free(l->refs[i].source);
	free(l->refs);
	for (size_t i = 0; i < l->ncompare; i++)
		free(l->compare[i]);
	free(l->compare);
	free(l->sweep.blocks);
	memset(l, 0, sizeof *l);
}

void course_free(struct course *c)
{
	free(c->title);
	free(c->dir);
	for (size_t i = 0; i < c->nsections; i++)
		free(c->sections[i].title);
	free(c->sections);
	for (size_t i = 0; i < c->nlessons; i++)
		lesson_free(&c->lessons[i]);
	free(c->lessons);
	memset(c, 0, sizeof *c);
}

long course_find(const struct course *c, const char *id)
{
	for (size_t i = 0; id && i < c->nlessons; i++)
		if (c->lessons[i].id && strcmp(c->lessons[i].id, id) == 0)
			return (long)i;
	return -1;
}

/* Returns c->nsections when no section holds lesson i (i out of range). */
size_t course_section_of(const struct course *c, size_t i)
{
	for (size_t s = 0; s < c->nsections; s++)
		if (i >= c->sections[s].first && i - c->sections[s].first < c->sections[s].count)
			return s;
	return c->nsections;
}

/* --- where the lessons are ------------------------------------------------- */

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Does this program's binary live in the build tree's src/?  Then a
 * developer is running it uninstalled and wants the source tree's lessons,
 * not a possibly stale installed copy. */
static int running_from_build_tree(void)
{
	char exe[PATH_MAX], src[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return 0;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return 0;
	*slash = '\0';
	if (!realpath(ABS_TOP_BUILDDIR "/src", src))
		return 0;
	return strcmp(exe, src) == 0;
}

const char *course_default_dir(void)
{
	static char buf[PATH_MAX];
	const char *env = getenv("IOLAB_LESSONS");
	if (env && *env) {
		snprintf(buf, sizeof buf, "%s", env);
		return buf;
	}
	if (running_from_build_tree() && is_dir(ABS_TOP_SRCDIR "/lessons"))
		return ABS_TOP_SRCDIR "/lessons";
	return PKGDATADIR "/lessons";
}

/* DIR/../data/reference.yaml, written without the ".." when DIR's last
 * component is a plain directory name (not a symlink, "." or ".."), so
 * messages show tidy paths; otherwise literally, which the kernel resolves
 * against where DIR really is. */
static void sibling_data_path(const char *dir, char *buf, size_t len)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	const char *last = dir + n;
	while (last > dir && last[-1] != '/')
		last--;
	size_t lastlen = (size_t)(dir + n - last);
	int dots = (lastlen == 1 && last[0] == '.') ||
	           (lastlen == 2 && last[0] == '.' && last[1] == '.');
	struct stat st;
	char whole[PATH_MAX];
	snprintf(whole, sizeof whole, "%.*s", (int)n, dir);
	int link = lstat(whole, &st) == 0 && S_ISLNK(st.st_mode);
	if (n == 0 || lastlen == 0 || dots || link) {
		snprintf(buf, len, "%.*s%s../data/reference.yaml", (int)n, dir,
		         n && dir[n - 1] == '/' ? "" : n ? "/" : "");
		return;
	}
	size_t parent = (size_t)(last - dir);   /* keeps its trailing '/' */
	snprintf(buf, len, "%.*sdata/reference.yaml", (int)parent, dir);
}

const char *ref_data_default_path(void)
{
	static char buf[PATH_MAX + 32];
	sibling_data_path(course_default_dir(), buf, sizeof buf);
	return buf;
}

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int ref_data_find_path(const char *lessons_dir, char *buf, size_t len)
{
	char path[PATH_MAX + 32];
	sibling_data_path(lessons_dir, path, sizeof path);
	if (!is_file(path))
		snprintf(path, sizeof path, "%s", ref_data_default_path());
	if (!is_file(path))
		return -1;
	snprintf(buf, len, "%s", path);
	return 0;
}

/* --- diagnostics ------------------------------------------------------------- */

void diags_vadd(struct diags *ds, const char *file, unsigned line,
                unsigned column, const char *source_line, const char *fmt,
                va_list ap)
{
	if (ds->count >= DIAGS_MAX) {
		ds->dropped++;
		return;
	}
	/* Room for the cap at once: the array never moves afterwards. */
	if (!ds->items && !(ds->items = calloc(DIAGS_MAX, sizeof *ds->items))) {
		ds->dropped++;
		return;
	}
	struct diag d = {0};
	d.line = line;
	d.column = column;
	if (vasprintf(&d.message, fmt, ap) < 0)
		d.message = NULL;
	d.file = file ? strdup(file) : NULL;
	d.source_line = source_line ? strdup(source_line) : NULL;
	if (!d.message || (file && !d.file) || (source_line && !d.source_line)) {
		free(d.message);
		free(d.file);
		free(d.source_line);
		ds->dropped++;
		return;
	}
	ds->items[ds->count++] = d;
}

void diags_add(struct diags *ds, const char *file, unsigned line,
               unsigned column, const char *source_line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diags_vadd(ds, file, line, column, source_line, fmt, ap);
	va_end(ap);
}

void diags_free(struct diags *ds)
{
	for (size_t i = 0; ds->items && i < ds->count; i++) {
		free(ds->items[i].file);
		free(ds->items[i].message);
		free(ds->items[i].source_line);
	}
	free(ds->items);
	memset(ds, 0, sizeof *ds);
}

/* The caret line: a tab under each tab of the source so the caret lines up
 * whatever the tab width, one space per other character (UTF-8 sequences
 * count once, as libyaml counts columns). */
static void print_caret(FILE *out, const char *src, unsigned column)
{
	const unsigned char *s = (const unsigned char *)src;
	for (unsigned c = 1; c < column; c++) {
		if (*s == '\t')
			fputc('\t', out);
		else
			fputc(' ', out);
		if (*s) {
			s++;
			while ((*s & 0xC0) == 0x80)
				s++;
		}
	}
	fputs("^\n", out);
}

void diag_print(FILE *out, const struct diag *d)
{
	if (d->file) {
		fputs(d->file, out);
		if (d->line) {
			fprintf(out, ":%u", d->line);
			if (d->column)
				fprintf(out, ":%u", d->column);
		}
		fputs(": ", out);
	}
	fprintf(out, "%s\n", d->message ? d->message : "(no message)");
	if (!d->source_line || !d->line)
		return;
	fprintf(out, "%s\n", d->source_line);
	if (d->column && d->column <= 4097)   /* no caret far off-screen */
		print_caret(out, d->source_line, d->column);
}

void diags_print(FILE *out, const struct diags *ds)
{
	for (size_t i = 0; i < ds->count; i++)
		diag_print(out, &ds->items[i]);
	if (ds->dropped)
		fprintf(out, "... and %zu more error%s not shown\n", ds->dropped,
		        ds->dropped == 1 ? "" : "s");
}
