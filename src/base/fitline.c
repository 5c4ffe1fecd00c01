/* fitline.c - a line of figures fitted into a width (see fitline.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fitline.h"
#include "textwrap.h"

#define PARTS_MAX 24

struct plan {
	size_t n;
	const char *form[PARTS_MAX];      /* the form shown, NULL: left out */
	int w[PARTS_MAX];
	int drop[PARTS_MAX];
	int gap[PARTS_MAX];               /* spaces before it on a row */
};

static int empty(const char *s)
{
	return !s || !*s;
}

/* Columns of the shown parts on one row. */
static int one_row_width(const struct plan *p)
{
	int w = 0, k = 0;
	for (size_t i = 0; i < p->n; i++)
		if (p->form[i]) {
			w += p->w[i] + (k ? p->gap[i] : 0);
			k++;
		}
	return w;
}

static void set_form(struct plan *p, size_t i, const char *form)
{
	p->form[i] = form;
	p->w[i] = form ? textwrap_width(form) : 0;
}

/* Leave out the optional part with the highest drop (the last of equals);
 * 0 when none is left. */
static int drop_one(struct plan *p)
{
	size_t best = p->n;
	for (size_t i = 0; i < p->n; i++)
		if (p->form[i] && p->drop[i] > 0 && (best == p->n || p->drop[i] >= p->drop[best]))
			best = i;
	if (best == p->n)
		return 0;
	set_form(p, best, NULL);
	return 1;
}

static void row_add(struct fit_rows *out, size_t r, const char *s, int w, int gap)
{
	size_t len = strlen(out->row[r]);
	if (len && len + (size_t)gap < FIT_ROW_LEN) {
		memset(out->row[r] + len, ' ', (size_t)gap);
		len += (size_t)gap;
		out->width[r] += gap;
	}
	snprintf(out->row[r] + len, FIT_ROW_LEN - len, "%s", s);
	out->width[r] += w;
}

/* Whole parts onto rows in order; what fits nowhere is left off. */
static void wrap(const struct plan *p, int width, int max_rows, const struct fit_part *parts,
                 struct fit_rows *out)
{
	size_t r = 0;
	for (size_t i = 0; i < p->n; i++) {
		if (!p->form[i])
			continue;
		int fits_alone = p->w[i] <= width && strlen(p->form[i]) < FIT_ROW_LEN;
		if (fits_alone && out->width[r] > 0 && out->width[r] + p->gap[i] + p->w[i] > width
		    && (int)r + 1 < max_rows)
			r++;
		if (!fits_alone || out->width[r] + (out->width[r] ? p->gap[i] : 0) + p->w[i] > width) {
			if (parts[i].drop == 0)
				out->complete = 0;
			continue;
		}
		row_add(out, r, p->form[i], p->w[i], p->gap[i]);
	}
	out->n = 0;
	for (size_t k = 0; k < FIT_ROWS_MAX; k++)
		if (out->width[k] > 0)
			out->n = k + 1;
}

void fitline_fit(const struct fit_part *parts, size_t n, int width, int max_rows,
                 struct fit_rows *out)
{
	memset(out, 0, sizeof *out);
	out->complete = 1;
	if (max_rows < 1)
		max_rows = 1;
	if (max_rows > FIT_ROWS_MAX)
		max_rows = FIT_ROWS_MAX;
	struct plan p = {.n = n < PARTS_MAX ? n : PARTS_MAX};
	if (n > PARTS_MAX)
		out->complete = 0;
	for (size_t i = 0; i < p.n; i++) {
		set_form(&p, i, empty(parts[i].text) ? NULL : parts[i].text);
		p.drop[i] = parts[i].drop;
		p.gap[i] = parts[i].tight ? 1 : FIT_GAP;
	}
	/* 1: whole, 2: short forms, 3: optional parts left out, on one row */
	if (one_row_width(&p) > width)
		for (size_t i = 0; i < p.n; i++)
			if (p.form[i] && !empty(parts[i].brief)) {
				set_form(&p, i, parts[i].brief);
				out->briefed = 1;
			}
	while (one_row_width(&p) > width && drop_one(&p))
		out->dropped++;
	/* 4: whatever is left, wrapped */
	wrap(&p, width, max_rows, parts, out);
}
