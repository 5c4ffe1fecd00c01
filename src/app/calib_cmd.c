/* calib_cmd.c - `iolab --calibrate`: measure this machine's primitive
 * costs (calib.c), keep them in the notebook, print them. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "calib_cmd.h"
#include "guard.h"
#include "report.h"
#include "report_format.h"
#include "units.h"

int calib_cmd_lookup(struct store *st, const struct scratch *s, struct calibration *c,
                 char *msg, size_t len)
{
	memset(c, 0, sizeof *c);
	model_cost_table_init(&c->costs);
	calib_key_of(s, &c->key);
	if (!st)
		return 0;
	return store_costs_get(st, c, msg, len);
}

static void json_number(FILE *out, double v)
{
	char buf[64];
	report_format_double(v, buf, sizeof buf);
	fputs(buf, out);
}

static int write_json(FILE *out, const struct calibration *c)
{
	fputs("{\"calibration\": {\"machine\": ", out);
	report_format_json_string(out, c->key.machine);
	fputs(", \"kernel\": ", out);
	report_format_json_string(out, c->key.kernel);
	fputs(", \"filesystem\": ", out);
	report_format_json_string(out, c->key.filesystem);
	fputs(", \"device\": ", out);
	report_format_json_string(out, c->key.device);
	fputs(", \"at\": ", out);
	report_format_json_string(out, c->at);
	fputs(", \"took\": ", out);
	json_number(out, c->took);
	fprintf(out, ", \"quick\": %s, \"costs\": {", c->quick ? "true" : "false");
	for (int i = 0; i < COSTS; i++) {
		fprintf(out, "%s\n  \"%s\": {\"seconds\": ", i ? "," : "", model_cost_name((enum cost_id)i));
		json_number(out, c->costs.cost[i]);
		fprintf(out, ", \"per\": \"%s\", \"meaning\": ", model_cost_unit((enum cost_id)i));
		report_format_json_string(out, model_cost_meaning((enum cost_id)i));
		fputs(", \"why\": ", out);
		report_format_json_string(out, isfinite(c->costs.cost[i]) ? NULL : c->why[i]);
		fputc('}', out);
	}
	fputs("}}}\n", out);
	return ferror(out) ? -1 : 0;
}

static int write_text(FILE *out, const struct calibration *c)
{
	char took[32];
	units_format_seconds(c->took, 1, took, sizeof took);
	fprintf(out, "This machine's costs%s, measured %s in %s\n", c->quick ? " (quick)" : "",
	        c->at, took);
	fprintf(out, "  machine:    %s\n  kernel:     %s\n  filesystem: %s\n  device:     %s\n",
	        c->key.machine, c->key.kernel, c->key.filesystem, c->key.device);
	for (int i = 0; i < COSTS; i++) {
		char v[32];
		if (isfinite(c->costs.cost[i]))
			units_format_cost(c->costs.cost[i], 1, v, sizeof v);
		else
			snprintf(v, sizeof v, "-");
		fprintf(out, "  %-13s %10s per %-6s %s%s%s%s\n", model_cost_name((enum cost_id)i), v,
		        model_cost_unit((enum cost_id)i), model_cost_meaning((enum cost_id)i),
		        isfinite(c->costs.cost[i]) ? "" : " (", isfinite(c->costs.cost[i]) ? "" : c->why[i],
		        isfinite(c->costs.cost[i]) ? "" : ")");
	}
	return ferror(out) ? -1 : 0;
}

int calib_cmd_write(FILE *out, const struct calibration *c, int json)
{
	return json ? write_json(out, c) : write_text(out, c);
}

static void progress_line(void *arg, size_t i, size_t n, const char *what)
{
	FILE *err = arg;
	fprintf(err, "iolab: calibrating %zu/%zu: %s\n", i + 1, n, what);
	fflush(err);
}

int calib_cmd(const struct options *o, FILE *out, FILE *err)
{
	static struct scratch scratch;    /* the signal path walks its files */
	char msg[1024];
	int json = o->format && strcmp(o->format->name, "json") == 0;
	const char *dir = o->scratch_dir ? o->scratch_dir : scratch_default_dir();
	if (scratch_open(&scratch, dir, msg, sizeof msg) != 0) {
		fprintf(err, "iolab: %s\n", msg);
		return EXIT_ENVIRONMENT;
	}
	if (scratch.note)
		fprintf(err, "iolab: %s\n", scratch.note);
	guard_init(&scratch);
	int rc = EXIT_RAN;
	if (guard_install() != 0) {
		fprintf(err, "iolab: installing signal handlers: %s\n", strerror(errno));
		rc = EXIT_ENVIRONMENT;
	}
	struct calibration c;
	if (rc == EXIT_RAN && scratch.on_tmpfs)
		fprintf(err, "iolab: %s is on %s, which has no storage device: the device's costs "
		        "cannot be measured here\n", scratch.dir, scratch.fstype);
	if (rc == EXIT_RAN && calib_measure(&scratch, o->quick, progress_line, err, &c, msg,
	                                    sizeof msg) != 0) {
		fprintf(err, "iolab: %s\n", msg);
		rc = guard_pending() ? guard_exit_status(guard_pending()) : EXIT_ENVIRONMENT;
	}
	guard_cleanup();
	scratch_close(&scratch);
	if (rc != EXIT_RAN)
		return rc;
	struct store *st = store_open(o->db, 0, msg, sizeof msg);
	if (!st) {
		fprintf(err, "iolab: %s\n", msg);
	} else {
		if (*store_notice(st))
			fprintf(err, "iolab: %s\n", store_notice(st));
		if (store_costs_put(st, &c, msg, sizeof msg) != 0)
			fprintf(err, "iolab: the costs were %s\n", msg);
		store_close(st);
	}
	if (calib_cmd_write(out, &c, json) != 0)
		return EXIT_ENVIRONMENT;
	return EXIT_RAN;
}
