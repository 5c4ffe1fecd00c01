/* store_costs.c - the notebook's calibrations: this machine's primitive
 * costs, one row per cost under its key (the `costs` table, store.c). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "calib.h"
#include "errmsg.h"
#include "store.h"
#include "store_impl.h"

static int bind_key(sqlite3_stmt *s, const struct calib_key *k)
{
	int rc = sqlite3_bind_text(s, 1, k->machine, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 2, k->kernel, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 3, k->filesystem, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_text(s, 4, k->device, -1, SQLITE_STATIC);
	return rc;
}

#define KEY_SQL "machine = ?1 AND kernel = ?2 AND filesystem = ?3 AND device = ?4"

static int put_rows(struct store *st, const struct calibration *c, char *why, size_t len)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "DELETE FROM costs WHERE " KEY_SQL, -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = bind_key(s, &c->key);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	sqlite3_finalize(s);
	s = NULL;
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(st->db, "INSERT INTO costs (machine, kernel, filesystem, device, "
		                        "name, seconds, why, at_text, took, quick) "
		                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", -1, &s, NULL);
	for (int i = 0; i < COSTS && rc == SQLITE_OK; i++) {
		double v = c->costs.cost[i];
		sqlite3_reset(s);
		rc = bind_key(s, &c->key);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_text(s, 5, model_cost_name((enum cost_id)i), -1, SQLITE_STATIC);
		if (rc == SQLITE_OK)
			rc = isfinite(v) ? sqlite3_bind_double(s, 6, v) : sqlite3_bind_null(s, 6);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_text(s, 7, isfinite(v) ? "" : c->why[i], -1, SQLITE_STATIC);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_text(s, 8, c->at, -1, SQLITE_STATIC);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_double(s, 9, c->took);
		if (rc == SQLITE_OK)
			rc = sqlite3_bind_int(s, 10, c->quick ? 1 : 0);
		if (rc == SQLITE_OK)
			rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	if (rc != SQLITE_OK)
		store_db_reason(st->db, why, len);
	sqlite3_finalize(s);
	return rc == SQLITE_OK ? 0 : -1;
}

int store_costs_put(struct store *st, const struct calibration *c, char *msg, size_t msglen)
{
	char why[512];
	if (store_begin(st, msg, msglen) != 0)
		return -1;
	if (put_rows(st, c, why, sizeof why) != 0) {
		store_rollback(st);
		return errmsg(msg, msglen, "not saved: %s", why);
	}
	return store_commit(st, msg, msglen);
}

int store_costs_get(struct store *st, struct calibration *c, char *msg, size_t msglen)
{
	if (store_ready(st, msg, msglen) != 0)
		return -1;
	struct calib_key key = c->key;
	memset(c, 0, sizeof *c);
	c->key = key;
	model_cost_table_init(&c->costs);
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "SELECT name, seconds, why, at_text, took, quick "
	                            "FROM costs WHERE " KEY_SQL, -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = bind_key(s, &c->key);
	int found = 0;
	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		enum cost_id id;
		rc = SQLITE_OK;
		found = 1;
		snprintf(c->at, sizeof c->at, "%s", (const char *)sqlite3_column_text(s, 3));
		c->took = sqlite3_column_double(s, 4);
		c->quick = sqlite3_column_int(s, 5);
		if (model_cost_from_name((const char *)sqlite3_column_text(s, 0), &id) != 0)
			continue;         /* a cost a later iolab measures */
		if (sqlite3_column_type(s, 1) != SQLITE_NULL)
			c->costs.cost[id] = sqlite3_column_double(s, 1);
		snprintf(c->why[id], sizeof c->why[id], "%s", (const char *)sqlite3_column_text(s, 2));
	}
	char why[512] = "";
	if (rc != SQLITE_DONE)
		store_db_reason(st->db, why, sizeof why);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return errmsg(msg, msglen, "cannot read the lab's database %s: %s", st->path, why);
	/* a calibration begun by an older iolab with fewer costs still
	 * answers for what it has; a cost it lacks stays NAN */
	return found;
}
