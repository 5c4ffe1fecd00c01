/* course_load.c - layer 4 of the loader: a lesson directory -> struct course.
 *
 * Why the split is here: course.yaml's sections, the order of the lessons,
 * ids named twice or not at all, files no section names, and where the
 * lessons and their reference data live are questions about a directory of
 * files, not about any one file.  Each lesson is loaded by the schema below
 * (lesson_schema.c) with what only the course knows - the ids compare: may
 * name, the reference data - and loading goes on after an error, so one run
 * reports every problem of every file; only a course without a single
 * error is handed back.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "countof.h"
#include "lesson.h"
#include "lesson_schema.h"
#include "yaml_walk.h"

#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR "."
#endif
#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR "."
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/iolab"
#endif

#define ORPHAN_HEAD_MAX 4096   /* bytes read of a file no section names */

/* --- the course -------------------------------------------------------------- */

/* course.yaml's lesson ids, in order, as the nodes that name them. */
struct plan {
	const struct ynode **ids;
	size_t n;
	int full;
};

struct cbuild {
	struct course c;
	struct plan plan;
};

struct sbuild {
	char *title;
	size_t first, count;
	struct plan *plan;
};

static void f_section_lessons(struct yctx *c, const struct ynode *v, void *dst,
                              const struct yfield *f)
{
	struct sbuild *sb = dst;
	struct plan *p = sb->plan;
	sb->first = p->n;
	if (v->n == 0)
		yaml_walk_err(c, v, "'%s' must not be empty", f->key);
	for (const struct ynode *it = v->head; it; it = it->next) {
		if (yaml_walk_item_word(c, it, f->key))
			continue;
		if (p->n == COURSE_LESSONS_MAX) {
			if (!p->full++)
				yaml_walk_err(c, it, "more than %d lessons in one course", COURSE_LESSONS_MAX);
			continue;
		}
		p->ids[p->n++] = it;
	}
	sb->count = p->n - sb->first;
}

static const struct yfield section_fields[] = {
	{"title", Y_SCALAR, yaml_walk_field_word, offsetof(struct sbuild, title), YF_REQUIRED, NULL},
	{"lessons", Y_SEQ, f_section_lessons, 0, YF_REQUIRED, NULL},
};

static void f_sections(struct yctx *c, const struct ynode *v, void *dst, const struct yfield *f)
{
	struct cbuild *cb = dst;
	if (v->n == 0) {
		yaml_walk_err(c, v, "'%s' must not be empty", f->key);
		return;
	}
	cb->c.sections = calloc(v->n, sizeof *cb->c.sections);
	cb->plan.ids = calloc(COURSE_LESSONS_MAX, sizeof *cb->plan.ids);
	if (!cb->c.sections || !cb->plan.ids) {
		yaml_walk_err(c, v, "out of memory");
		return;
	}
	cb->c.nsections = v->n;
	size_t i = 0;
	for (const struct ynode *it = v->head; it; it = it->next, i++) {
		struct sbuild sb = {.plan = &cb->plan, .first = cb->plan.n};
		if (it->kind != Y_MAP)
			yaml_walk_err(c, it, "items of '%s' must be mappings (title, lessons), not %s", f->key,
			     yaml_walk_kind_name(it));
		else
			yaml_walk_map(c, it, section_fields, COUNT(section_fields), &sb, NULL);
		cb->c.sections[i].title = sb.title;
		cb->c.sections[i].first = sb.first;
		cb->c.sections[i].count = sb.count;
	}
}

static const struct yfield course_fields[] = {
	{"course", Y_SCALAR, yaml_walk_field_word, offsetof(struct cbuild, c.title), YF_REQUIRED, NULL},
	{"sections", Y_SEQ, f_sections, 0, YF_REQUIRED, NULL},
};

static char *join(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir);
	const char *sep = n == 0 || dir[n - 1] == '/' ? "" : "/";
	char *p = NULL;
	if (asprintf(&p, "%s%s%s%s", dir, sep, name, ext) < 0)
		return NULL;
	return p;
}

/* Load every lesson course.yaml names, in its order. */
static void load_lessons(struct yctx *c, struct cbuild *cb, const char *dir, const struct lenv *env)
{
	struct plan *p = &cb->plan;
	char e[64];
	if (p->n && !(cb->c.lessons = calloc(p->n, sizeof *cb->c.lessons))) {
		yaml_walk_err(c, NULL, "out of memory");
		return;
	}
	cb->c.nlessons = p->n;
	for (size_t i = 0; i < p->n; i++) {
		const struct ynode *v = p->ids[i];
		size_t j = 0;
		while (j < i && strcmp(p->ids[j]->str, v->str) != 0)
			j++;
		if (!lesson_id_ok(v->str)) {
			yaml_walk_err(c, v, "lesson id '%s' must match [a-z0-9-]+", yaml_tree_echo(v->str, e, sizeof e));
			continue;
		}
		if (j < i) {
			yaml_walk_err(c, v, "two lessons with one id: '%s' is already named at line %u",
			     v->str, p->ids[j]->line);
			continue;
		}
		char *path = join(dir, v->str, ".yaml");
		struct stat st;
		if (!path)
			yaml_walk_err(c, v, "out of memory");
		/* lstat: a link that leads nowhere is the reader's to describe */
		else if (lstat(path, &st) != 0 && errno == ENOENT)
			yaml_walk_err(c, v, "course names lesson '%s', but there is no file %s.yaml", v->str, v->str);
		else
			lesson_load_env(path, env, &cb->c.lessons[i], c->ds);
		free(path);
	}
}

static int listed(const struct plan *p, const char *name, size_t n)
{
	for (size_t i = 0; i < p->n; i++)
		if (strlen(p->ids[i]->str) == n && strncmp(p->ids[i]->str, name, n) == 0)
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* With the file's first line under the caret (none when it cannot be read:
 * it is not loaded, so that is all there is to say about it). */
static void report_orphan(struct diags *ds, const char *path, const char *name, size_t stem)
{
	struct ydoc doc;
	yaml_tree_read_head(&doc, path, ORPHAN_HEAD_MAX);
	yaml_tree_diag(&doc, ds, 1, 1, "lesson '%.*s' is not named by any section of course.yaml",
	          (int)stem, name);
	yaml_tree_free(&doc);
}

/* A *.yaml file that no section names would be silently unreachable. */
static void find_orphans(struct diags *ds, const char *dir, const struct plan *p)
{
	DIR *d = opendir(*dir ? dir : ".");
	if (!d)
		return;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d)) && n < 100000) {
		size_t len = strlen(de->d_name);
		struct stat st;
		if (de->d_name[0] == '.' || len <= 5 || strcmp(de->d_name + len - 5, ".yaml") != 0 ||
		    strcmp(de->d_name, "course.yaml") == 0 || listed(p, de->d_name, len - 5) ||
		    fstatat(dirfd(d), de->d_name, &st, 0) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			char **more = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *names);
			if (!more)
				break;
			names = more;
		}
		if ((names[n] = strdup(de->d_name)))
			n++;
	}
	closedir(d);
	if (n)                                      /* readdir order is arbitrary */
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		char *path = join(dir, names[i], "");
		if (path)
			report_orphan(ds, path, names[i], strlen(names[i]) - 5);
		else
			diag_list_add(ds, dir, 0, 0, NULL, "out of memory");
		free(path);
		free(names[i]);
	}
	free(names);
}

int course_load(const char *dir, struct course *course, struct diags *ds)
{
	size_t before = ds->count + ds->dropped;
	struct cbuild cb;
	struct ref_data refs = {0};
	struct lenv env = {0};
	struct ydoc doc = {0};
	char refpath[PATH_MAX + 32];
	memset(course, 0, sizeof *course);
	memset(&cb, 0, sizeof cb);

	if (course_load_ref_path(dir, refpath, sizeof refpath) == 0 &&
	    reference_load(refpath, &refs, ds) == 0)
		env.refs = &refs;
	char *path = join(dir, "course.yaml", "");
	if (!(cb.c.dir = strdup(dir)) || !path)
		diag_list_add(ds, dir, 0, 0, NULL, "out of memory");
	else if (yaml_tree_load(&doc, path, ds) == 0) {
		struct yctx c = {.doc = &doc, .ds = ds};
		if (yaml_walk_root_is_map(&c))
			yaml_walk_map(&c, doc.root, course_fields, COUNT(course_fields), &cb, NULL);
		unsigned course_errors = c.errors;
		const char **ids = cb.plan.n ? calloc(cb.plan.n, sizeof *ids) : NULL;
		for (size_t i = 0; ids && i < cb.plan.n; i++)
			ids[i] = cb.plan.ids[i]->str;
		env.ids = ids;
		env.nids = ids ? cb.plan.n : 0;
		load_lessons(&c, &cb, dir, &env);
		/* after a broken course.yaml every lesson would look unnamed */
		if (!course_errors)
			find_orphans(ds, dir, &cb.plan);
		free(ids);
	}
	yaml_tree_free(&doc);
	free(path);
	free(cb.plan.ids);
	reference_free(&refs);
	if (ds->count + ds->dropped != before) {
		lesson_course_free(&cb.c);
		return -1;
	}
	cb.c.shipped = course_load_dir_is_shipped(dir);
	*course = cb.c;
	return 0;
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

/* One directory, by what it is (device and inode), not by its path. */
static int same_dir(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && S_ISDIR(sa.st_mode) &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int course_load_dir_is_shipped(const char *dir)
{
	if (same_dir(dir, PKGDATADIR "/lessons"))
		return 1;
	return running_from_build_tree() && same_dir(dir, ABS_TOP_SRCDIR "/lessons");
}

const char *course_load_default_dir(void)
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

const char *course_load_ref_default_path(void)
{
	static char buf[PATH_MAX + 32];
	sibling_data_path(course_load_default_dir(), buf, sizeof buf);
	return buf;
}

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int course_load_ref_path(const char *lessons_dir, char *buf, size_t len)
{
	char path[PATH_MAX + 32];
	sibling_data_path(lessons_dir, path, sizeof path);
	if (!is_file(path))
		snprintf(path, sizeof path, "%s", course_load_ref_default_path());
	if (!is_file(path))
		return -1;
	snprintf(buf, len, "%s", path);
	return 0;
}
