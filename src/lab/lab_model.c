/* lab_model.c - this machine's cost model in the lab: the notebook's
 * calibration, or one measured the first time a run's model is wanted,
 * one cost per poll so the screen says how far it got (never silently),
 * and each ended run's prediction beside its measurement. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "calib_cmd.h"
#include "lab.h"
#include "units.h"

void lab_model_open(struct lab *lab)
{
	char msg[512];
	lab->have_cal = lab->scratch_open &&
	                calib_cmd_lookup(lab->store, &lab->scratch, &lab->cal, msg, sizeof msg) == 1;
}

void lab_model_need(struct lab *lab)
{
	lab->want_cal = !lab->have_cal && lab->scratch_open;
}

static void start(struct lab *lab)
{
	lab->want_cal = 0;
	lab->calibrating = malloc(sizeof *lab->calibrating);
	if (!lab->calibrating) {
		lab_message(lab, "no cost model: out of memory");
		return;
	}
	/* quick: a second in all, each step short enough that the screen
	 * never stalls; iolab --calibrate measures them more closely */
	calib_begin(lab->calibrating, &lab->scratch, 1);
	lab_message(lab, "measuring this machine's costs, once: 1/%zu", calib_count());
}

static void calibrated(struct lab *lab)
{
	char msg[512], took[32];
	lab->cal = lab->calibrating->cal;
	lab->have_cal = 1;
	free(lab->calibrating);
	lab->calibrating = NULL;
	units_format_seconds(lab->cal.took, 0, took, sizeof took);
	if (lab->store && store_costs_put(lab->store, &lab->cal, msg, sizeof msg) != 0)
		lab_message(lab, "costs measured in %s, %s", took, msg);
	else
		lab_message(lab, "costs measured in %s: results show a model (--calibrate: closer)",
		            took);
}

int lab_model_poll(struct lab *lab)
{
	if (lab->want_cal && !lab->calibrating && !lab_run_active(lab)) {
		start(lab);
		return lab->calibrating != NULL;
	}
	struct calib_steps *st = lab->calibrating;
	if (!st)
		return 0;
	if (lab_run_active(lab))
		return 1;                 /* a run goes first; measuring waits */
	if (calib_step(st, &lab->scratch))
		lab_message(lab, "measuring this machine's costs, once: %zu/%zu", st->next + 1,
		            calib_count());
	else
		calibrated(lab);
	return 1;
}

void lab_model_close(struct lab *lab)
{
	free(lab->calibrating);
	lab->calibrating = NULL;
}

int lab_model_of(const struct run_view *v, struct model_estimate *m)
{
	memset(m, 0, sizeof *m);
	if (v->live || !v->result || !v->costs || !v->spec || v->npoints || !(v->result->seconds > 0))
		return -1;
	model_predict(v->costs, v->spec, v->result, m);
	return m->present && m->predicted_seconds > 0 ? 0 : -1;
}
