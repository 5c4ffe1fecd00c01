/* store_import.c - the old progress file, imported once into the store.
 *
 * An iolab without the lab notebook kept one result per lesson in a text
 * file `progress` (progress.c parses it) in the directory where lab.db
 * lives.  Each entry becomes a run recorded by "imported", with the sweep
 * points of its lesson; then the file is renamed progress.imported, so it
 * stays readable and is never imported twice.  A state key marks the
 * import, written in the same transaction as the rows, so that even a
 * file that could not be renamed is not imported again (and a later
 * store_forget does not bring the old runs back).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "errmsg.h"
#include "progress.h"
#include "store.h"
#include "store_impl.h"
#include "units.h"
#include "wl.h"

#define IMPORT_MARK "import.progress"

/* "4 B blocks", "cold", "4 B blocks, warm": how the entry differs from
 * the lesson.  Returns 1 when it differs. */
static int changed_label(const struct progress_entry *e, store_lesson_knobs_fn knobs,
                         void *arg, char *label, size_t len)
{
	uint64_t block;
	int cold;
	label[0] = '\0';
	if (!knobs || knobs(e->id, &block, &cold, arg) != 0)
		return 0;
	size_t o = 0;
	if (e->block != block) {
		char b[32];
		units_format_size(e->block, b, sizeof b);
		o += (size_t)snprintf(label + o, len - o, "%s blocks", b);
	}
	if (e->cold != cold && o < len)
		snprintf(label + o, len - o, "%s%s", o ? ", " : "", e->cold ? "cold" : "warm");
	return label[0] != '\0';
}

/* An entry as a run.  The file knew less than a run has: only block and
 * cache of the workload, no JSON, no passes, and "stopped" without saying
 * whether the student or the time limit stopped it.  Its spec is what the
 * file knew, never filled in from today's lesson (which an older iolab's
 * may not have been), so an imported run never stands for a lesson
 * (store_latest_normal asks for the lesson's whole workload); it stays in
 * the history. */
static void entry_run(const struct progress_entry *e, int64_t file_time,
                      store_lesson_knobs_fn knobs, void *arg,
                      struct store_run *r, char *spec, size_t speclen,
                      char *label, size_t labellen)
{
	store_run_init(r);
	int changed = changed_label(e, knobs, arg, label, labellen);
	snprintf(spec, speclen, "block=%llu cache=%s", (unsigned long long)e->block,
	         e->cold ? "cold" : "warm");
	r->lesson = e->id;
	r->when = e->when > 0 ? e->when : file_time;
	r->recorder = STORE_BY_IMPORT;
	/* a failure is not a stop: it stays filed by how it was run */
	r->kind = store_kind_pick(changed ? STORE_FROM_CHANGED : STORE_FROM_LESSON,
	                          e->stopped, 0, 0);
	r->label = label;
	r->spec = spec;
	r->ok = e->ok;
	r->error = e->error[0] ? e->error : NULL;
	int measured = e->ok || e->rate > 0;
	r->rate = measured ? e->rate : NAN;
	r->log_rate = measured ? e->log_rate : NAN;
	r->seconds = measured ? e->seconds : NAN;
	r->bytes = (int64_t)e->bytes;
	r->calls = (int64_t)e->calls;
	r->syscalls_read = e->syscr;
	r->syscalls_write = e->syscw;
	r->time_limited = e->stopped ? -1 : 0;
}

static int import_rows(struct store *st, const struct progress *p, int64_t file_time,
                       store_lesson_knobs_fn knobs, void *arg, size_t *npoints,
                       char *msg, size_t msglen)
{
	*npoints = 0;
	struct sweep_point *pts = calloc(p->npoints ? p->npoints : 1, sizeof *pts);
	if (!pts)
		return errmsg(msg, msglen, "out of memory");
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < p->nentries; i++) {
		const struct progress_entry *e = &p->entries[i];
		struct store_run r;
		char spec[96], label[96];
		entry_run(e, file_time, knobs, arg, &r, spec, sizeof spec, label, sizeof label);
		r.npoints = progress_get_points(p, e->id, pts, p->npoints);
		r.points = pts;
		rc = store_insert(st, &r, NULL, msg, msglen);
		*npoints += r.npoints;
	}
	free(pts);
	return rc;
}

/* Already imported (the mark, or imported rows)?  1, 0, or -1. */
static int imported_before(struct store *st, char *msg, size_t msglen)
{
	char value[8];
	int marked = store_state_get(st, IMPORT_MARK, value, sizeof value, msg, msglen);
	if (marked != 0)
		return marked;
	int64_t rows = 0;
	if (store_sql_int(st, "SELECT count(*) FROM runs WHERE recorder = 'imported'", NULL,
	                  &rows, msg, msglen) != 0)
		return -1;
	return rows > 0;
}

int store_import_progress(struct store *st, store_lesson_knobs_fn knobs, void *arg,
                          char *notice, size_t noticelen)
{
	if (noticelen)
		notice[0] = '\0';
	char dir[PATH_MAX], path[PATH_MAX + 16], done[PATH_MAX + 32];
	store_dir_of(store_path(st), dir, sizeof dir);
	snprintf(path, sizeof path, "%s/progress", dir);
	snprintf(done, sizeof done, "%s.imported", path);
	struct stat sb;
	if (stat(path, &sb) != 0 || store_readonly(st))
		return 0;             /* nothing to import, or nowhere to put it yet */

	char why[512];
	int before;
	if ((before = imported_before(st, why, sizeof why)) != 0)
		return before < 0 ? errmsg(notice, noticelen, "The old progress file %s was not "
		                           "imported: %s.", path, why) : 0;
	struct progress p;
	if (progress_load(&p, path, why, sizeof why) != 0) {
		progress_free(&p);
		return errmsg(notice, noticelen, "The old progress file %s could not be imported: "
		              "it is damaged or cannot be read. It was left as it is.", path);
	}
	size_t npoints = 0;
	char mark[PATH_MAX + 64], stamp[32];
	store_stamp(stamp, sizeof stamp);
	snprintf(mark, sizeof mark, "%s %zu runs from %s", stamp, p.nentries, path);
	int rc = store_begin(st, why, sizeof why);
	if (rc == 0 && (before = imported_before(st, why, sizeof why)) != 0) {
		/* another lab imported it while we read it */
		store_rollback(st);
		progress_free(&p);
		return before < 0 ? errmsg(notice, noticelen, "The old progress file %s was not "
		                           "imported: %s.", path, why) : 0;
	}
	if (rc == 0 && (import_rows(st, &p, (int64_t)sb.st_mtime, knobs, arg, &npoints,
	                            why, sizeof why) != 0 ||
	                store_state_set(st, IMPORT_MARK, mark, why, sizeof why) != 0)) {
		store_rollback(st);
		rc = -1;
	}
	if (rc == 0)
		rc = store_commit(st, why, sizeof why);
	size_t nruns = p.nentries;
	progress_free(&p);
	if (rc != 0)
		return errmsg(notice, noticelen, "The old progress file %s was not imported (%s); "
		              "it was left as it is.", path, why);

	char renamed[PATH_MAX + 128];
	if (store_rename_noreplace(path, done) == 0)
		snprintf(renamed, sizeof renamed, "it is now %s", done);
	else
		snprintf(renamed, sizeof renamed, "it could not be renamed to %s (%s), and will not "
		         "be imported again", done, strerror(errno));
	snprintf(notice, noticelen, "Imported %zu lesson results and %zu sweep points from the "
	         "old progress file %s; %s.", nruns, npoints, path, renamed);
	return (int)nruns;
}
