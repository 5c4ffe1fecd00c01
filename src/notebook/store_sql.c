/* store_sql.c - the store's low-level SQLite helpers (store_impl.h): a
 * statement run, one integer read, SQLite's reason in words.  A file of
 * their own, below both store.c (the runs) and store_open.c (opening and
 * moving aside), so neither needs the other for them. */
#include "config.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "store_impl.h"

/* SQLite's words, with the system's when it has them:
 * "unable to open database file (Read-only file system)". */
void store_db_reason(sqlite3 *db, char *buf, size_t len)
{
	int e = db ? sqlite3_system_errno(db) : 0;
	const char *m = db ? sqlite3_errmsg(db) : "out of memory";
	if (e)
		snprintf(buf, len, "%s (%s)", m, strerror(e));
	else
		snprintf(buf, len, "%s", m);
}

int store_exec(sqlite3 *db, const char *sql, char *why, size_t len)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	store_db_reason(db, why, len);
	return -1;
}

/* One integer from a statement without parameters (a PRAGMA). */
int store_query_int(sqlite3 *db, const char *sql, int64_t *out, int *rc_out)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (rc == SQLITE_OK) {
		rc = sqlite3_step(s);
		if (rc == SQLITE_ROW) {
			*out = sqlite3_column_int64(s, 0);
			rc = SQLITE_OK;
		}
	}
	sqlite3_finalize(s);
	*rc_out = rc;
	return rc == SQLITE_OK ? 0 : -1;
}
