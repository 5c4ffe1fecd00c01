/* sweep.c - block-size sweep points and their cost fit. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "sweep.h"

size_t sweep_npoints(const struct sweep *sw)
{
	return sw->ncaches * sw->nblocks;
}

void sweep_point_at(const struct sweep *sw, size_t i, uint64_t *block, enum wl_cache *cache)
{
	*cache = sw->caches[i / sw->nblocks];
	*block = sw->blocks[i % sw->nblocks];
}

int sweep_point_spec(const struct wl_spec *base, uint64_t block, enum wl_cache cache,
                     struct wl_spec *out)
{
	if (wl_spec_copy(out, base) != 0)
		return -1;
	out->block = block > out->size ? out->size : block;
	out->cache = cache;
	return 0;
}

void sweep_point_from_summary(struct sweep_point *p, uint64_t block, enum wl_cache cache,
                              const struct trial_summary *s)
{
	const struct trial_result *m = &s->median;
	p->block = block;
	p->cache = cache;
	p->ok = s->trials > 0 && s->ok && m->verdict == VERDICT_OK && s->seconds_median > 0;
	p->seconds = s->seconds_median;
	p->rate = s->rate_median;
	p->bytes = (double)m->bytes;
	p->calls = (double)trial_total_calls(m);
}

void sweep_series_name(const struct wl_spec *base, enum wl_cache cache, char *buf, size_t len)
{
	if (base->op != WL_OP_WRITE) {
		snprintf(buf, len, "%s", wl_cache_name(cache));
		return;
	}
	const char *flags[3];
	size_t nf = wl_open_flag_names(base->open_flags, flags), o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < nf && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? "+" : "", flags[i]);
	if (!nf && base->sync != WL_SYNC_NONE)
		snprintf(buf, len, "%s at end", wl_sync_name(base->sync));
	else if (!nf)
		snprintf(buf, len, "page cache");
	o = strlen(buf);
	if (cache == WL_CACHE_COLD && o < len)
		snprintf(buf + o, len - o, " (cold)");
}

int sweep_fit(const struct sweep_point *p, size_t n, enum wl_cache cache, double *r, double *u)
{
	double *calls = malloc(3 * (n ? n : 1) * sizeof *calls);
	if (!calls)
		return -1;
	double *bytes = calls + n, *secs = calls + 2 * n;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!p[i].ok || p[i].cache != cache)
			continue;
		calls[m] = p[i].calls;
		bytes[m] = p[i].bytes;
		secs[m] = p[i].seconds;
		m++;
	}
	int rc = stats_fit_cost(calls, bytes, secs, m, r, u);
	free(calls);
	return rc;
}
