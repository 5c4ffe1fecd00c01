/* store_impl.h - what the store's own files (store*.c)
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
	int own_file;             /* the default path: a file there is the lab's own */
	int had_wal, had_shm;     /* STORE_OPEN_READ: were they there before we opened? */
	int64_t unreadable;       /* rows the last query skipped (store_unreadable) */
	int64_t unreadable_id[8]; /* the first of them */
	struct sweep_point *pts;  /* the points handed to a query's callback */
	size_t ptscap;
};

#define STORE_APP_ID 0x696f6c62   /* PRAGMA application_id: "iolb" */

/* The schema version this program writes (store.c's migrations). */
int64_t store_schema_version(void);
/* Bring db to that version in one write transaction.  0, or -1 with why. */
int store_migrate(sqlite3 *db, char *why, size_t len);

/* Every operation starts here: if another program replaced the file, open
 * the new one (store_open.c).  0, or -1 with why nothing can be done. */
int store_ready(struct store *st, char *msg, size_t msglen);

/* --- store_sql.c: the low-level helpers --------------------------------- */

/* SQLite's reason for the last failure, with the system's where it has
 * one: "unable to open database file (Read-only file system)". */
void store_db_reason(sqlite3 *db, char *buf, size_t len);
/* sqlite3_exec, or -1 with the reason in why. */
int store_exec(sqlite3 *db, const char *sql, char *why, size_t len);
/* One integer from a statement without parameters (a PRAGMA); 0, or -1
 * with SQLite's code in *rc. */
int store_query_int(sqlite3 *db, const char *sql, int64_t *out, int *rc);

/* 1 with the reason in why when the log beside db_path holds a frame that
 * was written whole and damaged since (store_wal.c); 0 when it is whole,
 * absent, or in use by another program right now. */
int store_wal_check(const char *db_path, char *why, size_t len);
/* Does another connection (of this or any program) have db_path open? */
int store_in_use(const char *db_path);

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

/* The directory part of path ("." when it has none). */
void store_dir_of(const char *path, char *buf, size_t len);

/* "20261121T223000Z": for the names of files moved aside. */
void store_stamp(char *buf, size_t len);

#endif
