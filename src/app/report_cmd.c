/* report_cmd.c - --report and --class (report_cmd.h). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "atomic_file.h"
#include "class_view.h"
#include "doc.h"
#include "history.h"
#include "report.h"
#include "report_cmd.h"
#include "report_format.h"
#include "report_html.h"
#include "sanitize.h"
#include "store.h"

int report_cmd_format_known(const char *name)
{
	return strcmp(name, "html") == 0 || strcmp(name, "svg") == 0;
}

static int same_regular_file(const char *a, const struct stat *sb)
{
	struct stat sa;
	return a && stat(a, &sa) == 0 && S_ISREG(sa.st_mode) && sa.st_dev == sb->st_dev &&
	       sa.st_ino == sb->st_ino;
}

const char *report_cmd_input_at(const struct options *o, const char *path)
{
	struct stat sb;
	if (!path || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return NULL;
	if (same_regular_file(o->from, &sb))
		return o->from;
	for (size_t i = 0; i < o->nclass_files; i++)
		if (same_regular_file(o->class_files[i], &sb))
			return o->class_files[i];
	return NULL;
}

static void utc_now(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The notebook's runs as its own JSON export, read back: the report sees
 * exactly what `--history --format json` prints. */
static int doc_from_notebook(const struct options *o, struct doc *d, char *src, size_t srclen,
                             FILE *err)
{
	char msg[2048];
	struct store *st = store_open(o->db, STORE_OPEN_READ, msg, sizeof msg);
	if (!st) {
		fprintf(err, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	snprintf(src, srclen, "the lab notebook %s", store_path(st));
	if (*store_notice(st))
		fprintf(err, "iolab: %s\n", store_notice(st));
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc = mem ? history_write(mem, st, history_format_find("json"), NULL, 0, msg, sizeof msg)
	             : -1;
	if (mem && fclose(mem) != 0)
		rc = -1;
	char skipped[256];
	if (store_unreadable(st, skipped, sizeof skipped))
		fprintf(err, "iolab: %s (not in the report): a later iolab's, or changed by hand\n",
		        skipped);
	store_close(st);
	if (rc != 0) {
		fprintf(err, "iolab: %s\n", mem ? msg : strerror(errno));
		free(text);
		return EXIT_ENVIRONMENT;
	}
	rc = doc_read_text(text, len, d, msg, sizeof msg);
	free(text);
	if (rc != 0) {
		fprintf(err, "iolab: the notebook's export: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	return 0;
}

static int doc_from_file(const char *path, struct doc *d, char *src, size_t srclen, FILE *err)
{
	char msg[1024], shown[512];
	sanitize_copy(shown, sizeof shown, path, -1);
	if (doc_read_file(path, d, msg, sizeof msg) != 0) {
		fprintf(err, "iolab: --from %s: %s\n", shown, msg);
		return EXIT_BAD_LESSONS;
	}
	snprintf(src, srclen, "the batch document %s", shown);
	return 0;
}

static int build_class(const struct options *o, struct class_view *cv, FILE *err)
{
	memset(cv, 0, sizeof *cv);
	for (size_t i = 0; i < o->nclass_files; i++)
		if (class_view_add_file(cv, o->class_files[i]) != 0) {
			fprintf(err, "iolab: --class: out of memory\n");
			return EXIT_ENVIRONMENT;
		}
	if (class_view_finish(cv) != 0) {
		fprintf(err, "iolab: --class: out of memory\n");
		return EXIT_ENVIRONMENT;
	}
	for (size_t i = 0; i < cv->nskipped; i++) {
		char file[512], reason[1024];
		sanitize_copy(file, sizeof file, cv->skipped[i].file, -1);
		sanitize_copy(reason, sizeof reason, cv->skipped[i].reason, -1);
		fprintf(err, "iolab: --class: skipped %s: %s\n", file, reason);
	}
	if (cv->nmachines < 2) {
		fprintf(err, "iolab: --class: %zu machine%s merged, a class view needs at least two\n",
		        cv->nmachines, cv->nmachines == 1 ? "" : "s");
		return EXIT_BAD_LESSONS;
	}
	return 0;
}

typedef int (*write_fn)(FILE *out, const void *arg);

/* path written whole, then renamed into place (or a FIFO, a terminal,
 * stdout written directly), as batch's --output. */
static int write_whole(const char *path, const char *what, write_fn fn, const void *arg,
                       FILE *err)
{
	if (!path) {
		if (fn(stdout, arg) != 0 || fflush(stdout) != 0) {
			fprintf(err, "iolab: writing standard output: %s\n", strerror(errno ? errno : EIO));
			return EXIT_ENVIRONMENT;
		}
		return 0;
	}
	struct atomic_file af;
	char why[2 * 4096], shown[512];
	sanitize_copy(shown, sizeof shown, path, -1);
	if (atomic_file_open(&af, path, ATOMIC_FILE_DIRECT, 0666, NULL, why, sizeof why) != 0) {
		fprintf(err, "iolab: %s %s: %s\n", what, shown, why);
		return EXIT_ENVIRONMENT;
	}
	if (fn(af.f, arg) != 0) {
		snprintf(why, sizeof why, "%s", strerror(errno ? errno : EIO));
		atomic_file_abort(&af);
		fprintf(err, "iolab: %s %s: %s\n", what, shown, why);
		return EXIT_ENVIRONMENT;
	}
	if (atomic_file_commit(&af, why, sizeof why) != 0) {
		fprintf(err, "iolab: %s %s: %s\n", what, shown, why);
		return EXIT_ENVIRONMENT;
	}
	return 0;
}

static int write_html(FILE *out, const void *arg)
{
	return report_html_write(out, arg);
}

struct svg_job {
	const struct doc *doc;
	const struct options *o;
};

static int write_svg(FILE *out, const void *arg)
{
	const struct svg_job *j = arg;
	return report_svg_write(out, j->doc, (const char *const *)j->o->lessons, j->o->nlessons);
}

static int svg_report(const struct options *o, const struct doc *d, FILE *err)
{
	if (o->nlessons == 0) {
		fprintf(err, "iolab: --format svg draws one chart: name its lessons with --lesson "
		        "(one sweep, or lessons side by side)\nTry 'iolab --help' for more information.\n");
		return EXIT_USAGE;
	}
	int found = 0;
	for (size_t i = 0; i < o->nlessons && !found; i++)
		found = doc_find(d, o->lessons[i]) != NULL;
	if (!found) {
		char shown[256];
		fprintf(err, "iolab: --format svg: no result of %s to draw\n",
		        sanitize_copy(shown, sizeof shown, o->lessons[0], 60));
		return EXIT_LESSON_FAILED;
	}
	struct svg_job job = {d, o};
	return write_whole(o->report, "--report", write_svg, &job, err);
}

/* A --lesson with no result in the document: the report would leave it
 * out without a word. */
static void warn_missing_lessons(const struct options *o, const struct doc *d, const char *src,
                                 FILE *err)
{
	for (size_t i = 0; i < o->nlessons; i++)
		if (!doc_find(d, o->lessons[i])) {
			char shown[256];
			fprintf(err, "iolab: --report: no result of %s in %s\n",
			        sanitize_copy(shown, sizeof shown, o->lessons[i], 60), src);
		}
}

int report_cmd(const struct options *o, FILE *err)
{
	struct doc d;
	struct class_view cv;
	char src[600] = "";
	int have_doc = 0, have_class = 0, rc = 0;
	memset(&d, 0, sizeof d);
	memset(&cv, 0, sizeof cv);
	if (o->class_given) {
		rc = build_class(o, &cv, err);
		have_class = 1;
	}
	if (rc == 0 && (o->from || !o->class_given)) {
		rc = o->from ? doc_from_file(o->from, &d, src, sizeof src, err)
		             : doc_from_notebook(o, &d, src, sizeof src, err);
		have_doc = rc == 0;
	}
	int svg = o->format_name && strcmp(o->format_name, "svg") == 0;
	if (rc == 0 && svg && !have_doc) {
		fprintf(err, "iolab: --format svg draws this machine's results: give --from, or "
		        "leave out --class\n");
		rc = EXIT_USAGE;
	}
	if (rc == 0 && svg) {
		rc = svg_report(o, &d, err);
	} else if (rc == 0) {
		if (have_doc && o->nlessons) {
			warn_missing_lessons(o, &d, src, err);
			doc_keep_lessons(&d, (const char *const *)o->lessons, o->nlessons);
		}
		if (have_doc && d.nresults == 0)
			fprintf(err, "iolab: --report: %s holds no result to report; the report says "
			        "so\n", src);
		char now[32];
		utc_now(now, sizeof now);
		struct report_html r = {have_doc ? &d : NULL, src, have_class ? &cv : NULL, now};
		rc = write_whole(o->report, "--report", write_html, &r, err);
	}
	if (have_doc)
		doc_free(&d);
	if (have_class)
		class_view_free(&cv);
	return rc;
}

static int write_class(FILE *out, const void *arg)
{
	const struct class_view *cv = arg;
	return class_view_write_text(out, cv);
}

static int write_class_json(FILE *out, const void *arg)
{
	return class_view_write_json(out, arg);
}

static int write_class_csv(FILE *out, const void *arg)
{
	return class_view_write_csv(out, arg);
}

int report_cmd_class(const struct options *o, FILE *err)
{
	static const struct { const char *name; write_fn fn; } writers[] = {
		{"text", write_class}, {"json", write_class_json}, {"csv", write_class_csv},
	};
	const char *name = o->format_name ? o->format_name : o->format->name;
	write_fn fn = NULL;
	for (size_t i = 0; i < sizeof writers / sizeof *writers; i++)
		if (strcmp(writers[i].name, name) == 0)
			fn = writers[i].fn;
	if (!fn) {
		fprintf(err, "iolab: --class prints text, json or csv, not %s\n"
		        "Try 'iolab --help' for more information.\n", name);
		return EXIT_USAGE;
	}
	struct class_view cv;
	int rc = build_class(o, &cv, err);
	if (rc == 0 || rc == EXIT_BAD_LESSONS) {
		/* fewer than two machines is still a whole document, saying so */
		int wrc = write_whole(o->output, "--output", fn, &cv, err);
		if (rc == 0)
			rc = wrc;
	}
	class_view_free(&cv);
	return rc;
}
