/* store_impl.h - what the store's own files (store.c, store_import.c)
 * share and nobody else uses: the handle and transactions. */
#ifndef IOLAB_STORE_IMPL_H
#define IOLAB_STORE_IMPL_H

#include <sqlite3.h>
#include <sys/types.h>

#include "store.h"

struct store {
	sqlite3 *db;              /* always open: the file, or an empty store in memory */
	char *path;               /* the file asked for */
	unsigned flags;           /* enum store_open_flags */
	int on_file;              /* db is the file at path (not a stand-in in memory) */
	dev_t dev;                /* which file that was, to notice when another */
	ino_t ino;                /* program moves it aside (store_follow) */
	char *readonly;           /* why nothing can be recorded; NULL: writable */
	char notice[2048];        /* for the student, lines separated by '\n' */
	int busy_ms;
	struct sweep_point *pts;  /* the points handed to a query's callback */
	size_t ptscap;
};

/* BEGIN IMMEDIATE: takes the write lock now (waiting up to the busy
 * timeout) so that no other writer can slip in between our read and our
 * write.  On failure msg reads "not saved: ...". */
int store_begin(struct store *st, char *msg, size_t msglen);
int store_commit(struct store *st, char *msg, size_t msglen);
void store_rollback(struct store *st);

/* Insert a run and its points inside the caller's transaction. */
int store_insert(struct store *st, const struct store_run *run, int64_t *id,
                 char *msg, size_t msglen);

/* The first column of the first row of `sql` (lesson bound to ?1, NULL
 * allowed) as an integer; a NULL reads as 0. */
int store_sql_int(struct store *st, const char *sql, const char *arg,
                  int64_t *out, char *msg, size_t msglen);

/* rename() that never replaces an existing file (RENAME_NOREPLACE where
 * the filesystem has it).  0 or -1 with errno. */
int store_rename_noreplace(const char *from, const char *to);

/* "20261121T223000Z": for the names of files moved aside. */
void store_stamp(char *buf, size_t len);

#endif
