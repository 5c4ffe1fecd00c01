/* check_model.c - this machine's cost model: its arithmetic (model.c) and
 * the notebook's calibrations, kept and looked up by key (store_costs.c). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calib.h"
#include "model.h"
#include "report_fields.h"
#include "store.h"
#include "suites.h"
#include "wl_keys.h"

static struct wl_spec spec_of(const char *text)
{
	struct wl_spec s;
	char msg[256];
	ck_assert_msg(wl_spec_parse(text, NULL, &s, msg, sizeof msg, NULL) == 0, "%s", msg);
	return s;
}

static struct trial_result trial(double seconds, uint64_t bytes)
{
	struct trial_result t;
	memset(&t, 0, sizeof t);
	t.ok = 1;
	t.seconds = seconds;
	t.bytes = bytes;
	t.syscr = t.syscw = t.rchar = t.wchar = 0;
	t.read_bytes = t.write_bytes = -1;
	return t;
}

static void near(double got, double want)
{
	ck_assert_msg(fabs(got - want) <= 1e-9 * fabs(want), "%.12g != %.12g", got, want);
}

/* w01: 39,579 durable writes at 251 us, and their bytes copied. */
START_TEST(durable_writes)
{
	struct cost_table c;
	model_cost_table_init(&c);
	c.cost[COST_SYNC_WRITE] = 251e-6;
	c.cost[COST_WRITE] = 1e-6;            /* not a cached write: unused */
	c.cost[COST_COPY_BYTE] = 1e-10;
	struct wl_spec s = spec_of("op=write block=1 size=10MiB open=O_SYNC");
	struct trial_result t = trial(10.0, 39579);
	t.syscw = 39579;
	t.wchar = 39579;
	struct model_estimate m;
	model_predict(&c, &s, &t, &m);
	ck_assert(m.present);
	ck_assert_uint_eq(m.nterms, 2);
	ck_assert_str_eq(m.terms[0].what, "durable writes");
	ck_assert_str_eq(m.terms[0].field, "syscalls.write");
	ck_assert_int_eq(m.terms[0].cost_id, COST_SYNC_WRITE);
	near(m.terms[0].seconds, 39579 * 251e-6);
	ck_assert_str_eq(m.terms[1].field, "copied.write_bytes");
	near(m.terms[1].seconds, 39579 * 1e-10);
	near(m.predicted_seconds, 39579 * 251e-6 + 39579 * 1e-10);
	near(m.predicted_rate, 39579 / m.predicted_seconds);
	near(m.ratio, 10.0 / m.predicted_seconds);
	ck_assert_int_eq(m.off, -1);
	ck_assert_uint_eq(m.uncosted, 0);
	char buf[256];
	model_term_words(&m.terms[0], 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "39,579 durable writes x 251 us = 9.93 s");
	model_headline(&m, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "model 9.93 s, measured 10.00 s: 39,579 durable writes x 251 us = 9.93 s");
	model_miss_words(&m, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	wl_spec_free(&s);
}
END_TEST

/* fread per byte: the calls, the refills and the copies, largest first. */
START_TEST(stdio_read_terms_in_order)
{
	struct cost_table c;
	model_cost_table_init(&c);
	c.cost[COST_FREAD] = 15e-9;
	c.cost[COST_READ] = 400e-9;
	c.cost[COST_COPY_BYTE] = 0.05e-9;
	struct wl_spec s = spec_of("op=read api=stdio block=1 size=10MiB");
	struct trial_result t = trial(0.2, 10485760);
	t.calls[CALL_FREAD] = 10485760;
	t.syscr = 2560;
	t.rchar = 10485760;
	struct model_estimate m;
	model_predict(&c, &s, &t, &m);
	ck_assert_uint_eq(m.nterms, 3);
	ck_assert_str_eq(m.terms[0].field, "calls.fread");
	ck_assert_str_eq(m.terms[1].field, "syscalls.read");
	ck_assert_str_eq(m.terms[2].field, "copied.read_bytes");
	near(m.predicted_seconds, 10485760 * 15e-9 + 2560 * 400e-9 + 10485760 * 0.05e-9);
	wl_spec_free(&s);
}
END_TEST

/* A cost this machine lacks: the term is listed, last, out of the sum. */
START_TEST(uncosted_term_left_out_of_the_sum)
{
	struct cost_table c;
	model_cost_table_init(&c);
	c.cost[COST_READ] = 1e-6;
	struct wl_spec s = spec_of("op=read block=4096 size=1MiB cache=cold");
	struct trial_result t = trial(0.01, 1048576);
	t.syscr = 256;
	t.read_bytes = 1048576;
	struct model_estimate m;
	model_predict(&c, &s, &t, &m);
	ck_assert_uint_eq(m.nterms, 2);
	ck_assert_str_eq(m.terms[0].field, "syscalls.read");
	ck_assert_str_eq(m.terms[1].field, "storage.read_bytes");
	ck_assert(isnan(m.terms[1].seconds));
	ck_assert_uint_eq(m.uncosted, 1);
	near(m.predicted_seconds, 256e-6);
	char buf[128];
	model_term_words(&m.terms[1], 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "1,048,576 bytes read from the device (not calibrated here)");
	wl_spec_free(&s);
}
END_TEST

/* Cold reads: in order, the bytes at the bandwidth; strided or without
 * read-ahead, one round trip per read(). */
START_TEST(cold_sequential_or_random)
{
	struct cost_table c;
	model_cost_table_init(&c);
	c.cost[COST_COLD_BYTE] = 1e-9;
	c.cost[COST_COLD_READ] = 100e-6;
	struct trial_result t = trial(1.0, 4096 * 100);
	t.syscr = 100;
	t.read_bytes = 4096 * 100;
	struct model_estimate m;
	struct wl_spec seq = spec_of("op=read block=4096 size=10MiB cache=cold");
	struct wl_spec rnd = spec_of("op=read block=4096 size=10MiB cache=cold fadvise=random");
	model_predict(&c, &seq, &t, &m);
	ck_assert_int_eq(m.terms[0].cost_id, COST_COLD_BYTE);
	model_predict(&c, &rnd, &t, &m);
	ck_assert_int_eq(m.terms[0].cost_id, COST_COLD_READ);
	near(m.terms[0].seconds, 100 * 100e-6);
	wl_spec_free(&seq);
	wl_spec_free(&rnd);
}
END_TEST

/* More than 2x off: the largest term is named, with the cost it needed. */
START_TEST(miss_names_the_term)
{
	struct cost_table c;
	model_cost_table_init(&c);
	c.cost[COST_WRITE] = 0.5e-6;
	c.cost[COST_COPY_BYTE] = 0;
	struct wl_spec s = spec_of("op=write block=1 size=1MiB");
	struct trial_result t = trial(2.0, 1000000);
	t.syscw = 1000000;
	struct model_estimate m;
	model_predict(&c, &s, &t, &m);
	near(m.predicted_seconds, 0.5);
	near(m.ratio, 4.0);
	ck_assert_int_eq(m.off, 0);
	near(m.off_cost, 2e-6);
	char buf[256];
	model_miss_words(&m, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "4.0x slower than the model: write() calls cost 2 us each here, not 500 ns");
	/* at exactly 2x it is no miss */
	t.seconds = 1.0;
	model_predict(&c, &s, &t, &m);
	ck_assert_int_eq(m.off, -1);
	wl_spec_free(&s);
}
END_TEST

/* Every term a run can have names a field of the result, a measured count. */
START_TEST(every_term_names_a_field)
{
	struct cost_table c;
	model_cost_table_init(&c);
	for (int i = 0; i < COSTS; i++)
		c.cost[i] = 1e-9 * (i + 1);
	const char *specs[] = {
		"op=write open=O_SYNC block=1 size=1MiB", "op=write api=stdio block=1 size=1MiB sync=fsync",
		"op=read api=mmap block=1 size=1MiB", "op=read api=mmap block=4096 size=1MiB",
		"op=seek block=1 size=1MiB", "op=read block=4096 stride=65536 size=1MiB cache=cold",
		"op=write block=4096 size=1MiB sync=fdatasync",
	};
	struct trial_result t = trial(1.0, 1048576);
	t.syscr = t.syscw = t.rchar = t.wchar = t.read_bytes = t.write_bytes = 100;
	t.minflt = 10;
	for (int k = 0; k < CALL_KINDS; k++)
		t.calls[k] = 7;
	for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
		struct wl_spec s = spec_of(specs[i]);
		struct model_estimate m;
		model_predict(&c, &s, &t, &m);
		ck_assert_msg(m.nterms > 0, "%s: no terms", specs[i]);
		for (size_t j = 0; j < m.nterms; j++)
			ck_assert_msg(report_field_find(m.terms[j].field) >= 0, "%s: %s is no field",
			              specs[i], m.terms[j].field);
		wl_spec_free(&s);
	}
	ck_assert_int_eq(model_cost_from_name("fsync_page", &(enum cost_id){0}), 0);
	ck_assert_int_eq(model_cost_from_name("nope", &(enum cost_id){0}), -1);
}
END_TEST

/* Nothing measured: no model. */
START_TEST(no_time_no_model)
{
	struct cost_table c;
	model_cost_table_init(&c);
	struct wl_spec s = spec_of("op=read block=1 size=1MiB");
	struct trial_result t = trial(0, 0);
	struct model_estimate m;
	model_predict(&c, &s, &t, &m);
	ck_assert(!m.present);
	wl_spec_free(&s);
}
END_TEST

/* --- the notebook's calibrations -------------------------------------------- */

static char dir[256], db[320];

static void make_dir(void)
{
	snprintf(dir, sizeof dir, "/tmp/iolab-check-model-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(db, sizeof db, "%s/lab.db", dir);
}

static void remove_dir(void)
{
	char p[400];
	const char *tails[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(p, sizeof p, "%s%s", db, tails[i]);
		unlink(p);
	}
	rmdir(dir);
}

static struct calibration sample(const char *kernel, double read_cost)
{
	struct calibration c;
	memset(&c, 0, sizeof c);
	snprintf(c.key.machine, sizeof c.key.machine, "host x86_64 CPU");
	snprintf(c.key.kernel, sizeof c.key.kernel, "%s", kernel);
	snprintf(c.key.filesystem, sizeof c.key.filesystem, "ext4");
	snprintf(c.key.device, sizeof c.key.device, "8:1 sda1");
	model_cost_table_init(&c.costs);
	c.costs.cost[COST_READ] = read_cost;
	c.costs.cost[COST_SYNC_WRITE] = 251e-6;
	snprintf(c.why[COST_COLD_READ], sizeof c.why[0], "no storage device under tmpfs");
	c.took = 7.5;
	snprintf(c.at, sizeof c.at, "2026-11-26T18:00:00Z");
	return c;
}

START_TEST(calibration_kept_by_key)
{
	make_dir();
	char msg[1024];
	struct store *st = store_open(db, 0, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	struct calibration put = sample("6.1.0", 370e-9), got;
	/* nothing kept yet */
	memset(&got, 0, sizeof got);
	got.key = put.key;
	ck_assert_int_eq(store_costs_get(st, &got, msg, sizeof msg), 0);
	ck_assert(isnan(got.costs.cost[COST_READ]));
	ck_assert_int_eq(store_costs_put(st, &put, msg, sizeof msg), 0);
	memset(&got, 0, sizeof got);
	got.key = put.key;
	ck_assert_int_eq(store_costs_get(st, &got, msg, sizeof msg), 1);
	ck_assert(got.costs.cost[COST_READ] == 370e-9);
	ck_assert(got.costs.cost[COST_SYNC_WRITE] == 251e-6);
	ck_assert(isnan(got.costs.cost[COST_COLD_READ]));
	ck_assert_str_eq(got.why[COST_COLD_READ], "no storage device under tmpfs");
	ck_assert(got.took == 7.5);
	ck_assert_str_eq(got.at, "2026-11-26T18:00:00Z");
	/* another kernel (or machine, filesystem, device) has none: measured anew */
	struct calibration other = sample("6.2.0", 0);
	ck_assert_int_eq(store_costs_get(st, &other, msg, sizeof msg), 0);
	snprintf(other.key.kernel, sizeof other.key.kernel, "6.1.0");
	snprintf(other.key.device, sizeof other.key.device, "none");
	ck_assert_int_eq(store_costs_get(st, &other, msg, sizeof msg), 0);
	/* --calibrate again replaces the key's costs */
	put.costs.cost[COST_READ] = 400e-9;
	ck_assert_int_eq(store_costs_put(st, &put, msg, sizeof msg), 0);
	memset(&got, 0, sizeof got);
	got.key = put.key;
	ck_assert_int_eq(store_costs_get(st, &got, msg, sizeof msg), 1);
	ck_assert(got.costs.cost[COST_READ] == 400e-9);
	store_close(st);
	/* one row per cost, a second key beside the first */
	st = store_open(db, 0, msg, sizeof msg);
	struct calibration second = sample("6.2.0", 1e-6);
	ck_assert_int_eq(store_costs_put(st, &second, msg, sizeof msg), 0);
	memset(&got, 0, sizeof got);
	got.key = put.key;
	ck_assert_int_eq(store_costs_get(st, &got, msg, sizeof msg), 1);
	ck_assert(got.costs.cost[COST_READ] == 400e-9);
	store_close(st);
	remove_dir();
}
END_TEST

/* A read-only reader of a notebook with no costs table yet (schema 2)
 * finds no calibration, and fails nothing. */
START_TEST(calibration_read_only_missing_file)
{
	make_dir();
	char msg[1024];
	struct store *st = store_open(db, STORE_OPEN_READ, msg, sizeof msg);
	ck_assert_msg(st != NULL, "%s", msg);
	struct calibration got = sample("6.1.0", 0);
	ck_assert_int_eq(store_costs_get(st, &got, msg, sizeof msg), 0);
	store_close(st);
	remove_dir();
}
END_TEST

Suite *make_suite_model(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, durable_writes);
	tcase_add_test(tc, stdio_read_terms_in_order);
	tcase_add_test(tc, uncosted_term_left_out_of_the_sum);
	tcase_add_test(tc, cold_sequential_or_random);
	tcase_add_test(tc, miss_names_the_term);
	tcase_add_test(tc, every_term_names_a_field);
	tcase_add_test(tc, no_time_no_model);
	tcase_add_test(tc, calibration_kept_by_key);
	tcase_add_test(tc, calibration_read_only_missing_file);
	suite_add_tcase(s, tc);
	return s;
}
