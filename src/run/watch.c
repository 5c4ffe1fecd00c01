/* watch.c - the watch time's rules and the sums of a run of trials (see
 * watch.h for why a watched run is trials back to back, not a new kind of
 * trial in the engine). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "countof.h"
#include "trial.h"
#include "units.h"
#include "watch.h"

/* --- the setting ------------------------------------------------------------ */

/* What the key steps through; one pass follows the last. */
static const double cycle[] = {3.0, 10.0, 30.0};

int watch_parse(const char *arg, double *out)
{
	double v;
	if (arg && strcmp(arg, "pass") == 0) {
		*out = WATCH_ONE_PASS;
		return 0;
	}
	if (units_parse_duration(arg, &v) != 0 || v < WATCH_MIN_TRIAL || v > WATCH_MAX)
		return -1;
	*out = v;
	return 0;
}

void watch_name(double watch, char *buf, size_t len)
{
	if (!(watch > WATCH_ONE_PASS))
		snprintf(buf, len, "one pass");
	else if (watch >= 60 && fmod(watch, 60) == 0)
		snprintf(buf, len, "%g min", watch / 60);
	else
		snprintf(buf, len, "%g s", watch);
}

double watch_cycle(double watch)
{
	if (!(watch > WATCH_ONE_PASS))
		return cycle[0];
	for (size_t i = 0; i < COUNT(cycle); i++)
		if (cycle[i] > watch)
			return cycle[i];
	return WATCH_ONE_PASS;
}

/* --- what a pass is ---------------------------------------------------------- */

enum watch_pass_kind watch_pass_kind_of(const struct wl_spec *s)
{
	if (s->api == WL_API_COMMAND)
		return WATCH_PASS_COMMAND;
	if (s->op == WL_OP_WRITE && s->file == WL_FILE_EXISTING)
		return WATCH_PASS_OVERWRITE;
	if (s->op == WL_OP_WRITE)
		return s->sync != WL_SYNC_NONE ? WATCH_PASS_WRITE_SYNC : WATCH_PASS_WRITE;
	if (!wl_spec_repeats_passes(s))
		return WATCH_PASS_READ_COLD;
	return WATCH_PASS_REPEAT;
}

const char *watch_pass_meaning(enum watch_pass_kind k)
{
	static const char *const meaning[WATCH_PASS_KINDS] = {
		[WATCH_PASS_COMMAND] = "each pass runs the command again",
		[WATCH_PASS_WRITE] = "each pass writes a new file from offset 0, with the lesson's flags",
		[WATCH_PASS_WRITE_SYNC] = ("each pass writes a new file from offset 0 and syncs it at the "
		                           "end, as the lesson says"),
		[WATCH_PASS_OVERWRITE] = ("each pass writes over a file of the lesson's size, filled and "
		                          "synced before it (not timed), and syncs as the lesson says"),
		[WATCH_PASS_READ_COLD] = "the file is evicted before each pass; the eviction is not timed",
		[WATCH_PASS_REPEAT] = ("each trial repeats passes over the cached file until the lesson's "
		                       "min_time"),
	};
	return (unsigned)k < WATCH_PASS_KINDS ? meaning[k] : "?";
}

const char *watch_pass_label(enum watch_pass_kind k)
{
	static const char *const label[WATCH_PASS_KINDS] = {
		[WATCH_PASS_COMMAND] = "a command",
		[WATCH_PASS_WRITE] = "a write",
		[WATCH_PASS_WRITE_SYNC] = "a synced write",
		[WATCH_PASS_OVERWRITE] = "an overwrite",
		[WATCH_PASS_READ_COLD] = "a cold read",
		[WATCH_PASS_REPEAT] = "a warm read or seek",
	};
	return (unsigned)k < WATCH_PASS_KINDS ? label[k] : "?";
}

/* --- the next trial ------------------------------------------------------------ */

/* Is there time for another trial?  A hair of slack, so that "exactly
 * WATCH_MIN_TRIAL left" is not lost to rounding. */
static int time_for_a_trial(double watch, double elapsed)
{
	return watch - elapsed >= WATCH_MIN_TRIAL - 1e-9;
}

int watch_trial_limits(struct wl_spec *trial, double watch, double elapsed)
{
	if (!(watch > WATCH_ONE_PASS)) {
		trial->min_time = 0;
		return WATCH_LIMIT_OWN;
	}
	double left = watch - elapsed;
	if (!time_for_a_trial(watch, elapsed))
		return -1;
	/* everything else is the lesson's: its passes, its min_time, its flags */
	if (left < trial->time_limit) {
		trial->time_limit = left;
		return WATCH_LIMIT_WATCH;
	}
	return WATCH_LIMIT_OWN;
}

int watch_trial_is_the_lessons(const struct trial_result *t, enum watch_limit limit)
{
	if (t->verdict != VERDICT_OK || t->err)
		return 0;
	if (t->time_limited)
		return limit == WATCH_LIMIT_OWN;
	return !t->stopped;
}

int watch_go_on(double watch, double elapsed, const struct trial_result *last, int stop_requested)
{
	if (!(watch > WATCH_ONE_PASS) || stop_requested)
		return 0;
	if (last->verdict != VERDICT_OK || last->err || (last->stopped && !last->time_limited))
		return 0;
	return time_for_a_trial(watch, elapsed);
}

/* --- the sums ----------------------------------------------------------------- */

/* A count that may be unavailable (-1): unavailable once any part is. */
static int64_t add_count(int64_t a, int64_t b)
{
	return a < 0 || b < 0 ? -1 : a + b;
}

static double add_seconds(double a, double b)
{
	return a < 0 || b < 0 ? -1 : a + b;
}

/* The weakest source of any trial: perf only when every trial was counted by perf. */
static enum syscall_source weaker(enum syscall_source a, enum syscall_source b)
{
	return a < b ? a : b;
}

void watch_sum_add(struct trial_result *sum, const struct trial_result *r, int first)
{
	if (first) {
		*sum = *r;
		return;
	}
	/* the last trial decides how the run ended */
	sum->verdict = r->verdict;
	sum->ok = r->ok;
	sum->err = r->err;
	memcpy(sum->error, r->error, sizeof sum->error);
	memcpy(sum->failed_call, r->failed_call, sizeof sum->failed_call);
	sum->expected = r->expected;
	sum->stopped = r->stopped;
	sum->time_limited = r->time_limited;
	sum->disturbed = r->disturbed;    /* a disturbed trial failed: the last */
	memcpy(sum->disturbance, r->disturbance, sizeof sum->disturbance);
	/* a command's last words are its last run's (iolab --command) */
	memcpy(sum->stderr_tail, r->stderr_tail, sizeof sum->stderr_tail);
	/* so is a scenario's file (each trial wrote a new one) */
	sum->evidence = r->evidence;

	/* the field table's members by their rows' rule (trial.h) */
	trial_fields_add(sum, r);
	if (r->time_note[0])          /* a part unmeasured once is unmeasured */
		memcpy(sum->time_note, r->time_note, sizeof sum->time_note);
	sum->checksum += r->checksum;
	for (int k = 0; k < CALL_KINDS; k++)
		sum->calls[k] += r->calls[k];
	sum->syscall_source = weaker(sum->syscall_source, r->syscall_source);
	sum->syscr = add_count(sum->syscr, r->syscr);
	sum->syscw = add_count(sum->syscw, r->syscw);
	for (int k = 0; k < SYS_KINDS; k++)
		sum->sys[k] = add_count(sum->sys[k], r->sys[k]);
	sum->perf_bytes += r->perf_bytes;
	/* the loop's CPU time adds up like its seconds (the busy rule,
	 * report_ran_busy, weighs one against the other) */
	sum->cpu_seconds = add_seconds(sum->cpu_seconds, r->cpu_seconds);
	sum->untimed_seconds += r->untimed_seconds;
	sum->evictions += r->evictions;

	sum->rate = sum->seconds > 0 ? (double)sum->bytes / sum->seconds : 0.0;
	sum->log_rate = units_log_rate(sum->rate);
}

void watch_sum_sample(const struct trial_result *done, unsigned ntrials,
                      const struct trial_sample *live, struct trial_sample *out)
{
	*out = *live;
	if (ntrials == 0)
		return;
	out->bytes = done->bytes + live->bytes;
	out->calls = trial_total_calls(done) + live->calls;
	/* the views show calls by kind: each kind over every trial too, or a
	 * watched run's "fwrite" would be the running trial's alone beside
	 * syscalls over the whole run */
	for (int k = 0; k < CALL_KINDS; k++)
		out->calls_by_kind[k] = done->calls[k] + live->calls_by_kind[k];
	out->elapsed = done->seconds + live->elapsed;
	out->syscr = add_count(done->syscr, live->syscr);
	out->syscw = add_count(done->syscw, live->syscw);
	out->read_bytes = add_count(done->read_bytes, live->read_bytes);
	out->write_bytes = add_count(done->write_bytes, live->write_bytes);
	out->cpu_user = add_seconds(done->time_user, live->cpu_user);
	out->cpu_system = add_seconds(done->time_system, live->cpu_system);
	out->cpu_wait = add_seconds(done->cpu_wait, live->cpu_wait);
	out->device.reads = add_count(done->device.reads, live->device.reads);
	out->device.writes = add_count(done->device.writes, live->device.writes);
	out->device.read_bytes = add_count(done->device.read_bytes, live->device.read_bytes);
	out->device.write_bytes = add_count(done->device.write_bytes, live->device.write_bytes);
	out->device.flushes = add_count(done->device.flushes, live->device.flushes);
	out->device.merged = add_count(done->device.merged, live->device.merged);
	out->rate_avg = out->elapsed > 0 ? (double)out->bytes / out->elapsed : 0.0;
}

unsigned watch_passes(const struct trial_result *done, unsigned ntrials,
                      const struct trial_sample *live, uint64_t size, uint64_t *into)
{
	unsigned passes = ntrials ? done->passes : 0;
	uint64_t in = 0;
	if (live && size) {
		passes += (unsigned)(live->bytes / size);
		in = live->bytes % size;
	}
	if (into)
		*into = in;
	return passes;
}
