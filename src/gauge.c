/* gauge.c - log axis, sparklines and big digits for the lab's meters. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gauge.h"
#include "units.h"

double gauge_fraction(double rate)
{
	if (!(rate > GAUGE_LO))
		return 0;
	double f = log(rate / GAUGE_LO) / log(GAUGE_HI / GAUGE_LO);
	return f > 1 ? 1 : f;
}

int gauge_cell(double rate, int width)
{
	return units_log_position(rate, GAUGE_LO, GAUGE_HI, width);
}

int gauge_linear_cell(double v, double lo, double hi, int n)
{
	if (n <= 1 || !(hi > lo) || !isfinite(v))
		return 0;
	int c = (int)floor((v - lo) / (hi - lo) * (n - 1) + 0.5);
	return c < 0 ? 0 : c >= n ? n - 1 : c;
}

/* --- the axis ------------------------------------------------------------ */

static const char *const decade_labels[] = {
	"1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G"
};

/* Labels every `step` decades; returns how many did not fit. */
static int place_labels(char *buf, int w, int step)
{
	memset(buf, ' ', (size_t)w);
	buf[w] = '\0';
	/* the top of the scale always shows, at the right edge */
	const char *top = decade_labels[10];
	int tl = (int)strlen(top);
	if (tl > w)
		return 0;
	memcpy(buf + w - tl, top, (size_t)tl);
	int limit = w - tl - 1, next_free = 0, dropped = 0;
	for (int d = 0; d < 10; d += step) {
		const char *label = decade_labels[d];
		int ll = (int)strlen(label);
		int start = gauge_cell(pow(10, d), w);
		if (start < next_free || start + ll > limit) {
			dropped++;
			continue;
		}
		memcpy(buf + start, label, (size_t)ll);
		next_free = start + ll + 1;
	}
	return dropped;
}

void gauge_axis_labels(int width, char *buf, size_t len)
{
	if (len == 0)
		return;
	int w = width < 0 ? 0 : (size_t)width >= len ? (int)len - 1 : width;
	/* every decade where they fit; else every other one, evenly, rather
	 * than a ragged scale with gaps where labels collided */
	if (place_labels(buf, w, 1) > 0)
		place_labels(buf, w, 2);
}

/* --- history and sparklines --------------------------------------------- */

void gauge_history_clear(struct gauge_history *h)
{
	h->n = 0;
	h->head = 0;
}

void gauge_history_push(struct gauge_history *h, double v)
{
	h->v[h->head] = v;
	h->head = (h->head + 1) % GAUGE_HISTORY;
	if (h->n < GAUGE_HISTORY)
		h->n++;
}

double gauge_history_at(const struct gauge_history *h, size_t i)
{
	size_t oldest = (h->head + GAUGE_HISTORY - h->n) % GAUGE_HISTORY;
	return h->v[(oldest + i) % GAUGE_HISTORY];
}

void gauge_history_halve(struct gauge_history *h)
{
	double tmp[GAUGE_HISTORY];
	size_t n = 0;
	for (size_t i = 0; i + 1 < h->n; i += 2) {
		double a = gauge_history_at(h, i), b = gauge_history_at(h, i + 1);
		tmp[n++] = a > 0 && b > 0 ? sqrt(a * b) : (a + b) / 2;
	}
	if (h->n % 2)
		tmp[n++] = gauge_history_at(h, h->n - 1);
	gauge_history_clear(h);
	for (size_t i = 0; i < n; i++)
		gauge_history_push(h, tmp[i]);
}

static const char *const spark_utf8[8] = {
	"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"
};
static const char *const spark_ascii[8] = {"_", ".", ":", "-", "=", "+", "*", "#"};

const char *gauge_spark_glyph(double level, int utf8)
{
	int i = isfinite(level) ? (int)floor(level * 8) : 0;
	i = i < 0 ? 0 : i > 7 ? 7 : i;
	return (utf8 ? spark_utf8 : spark_ascii)[i];
}

void gauge_sparkline(const struct gauge_history *h, int width, int utf8,
                     char *out, size_t len, double *lo, double *hi)
{
	size_t n = h->n < (size_t)(width > 0 ? width : 0) ? h->n : (size_t)(width > 0 ? width : 0);
	size_t first = h->n - n;
	double mn = 0, mx = 0;
	for (size_t i = 0; i < n; i++) {
		double v = gauge_history_at(h, first + i);
		if (v <= 0)
			continue;
		if (mn == 0 || v < mn)
			mn = v;
		if (v > mx)
			mx = v;
	}
	*lo = mn;
	*hi = mx;
	size_t o = 0;
	if (len)
		out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		double v = gauge_history_at(h, first + i);
		double level;
		if (v <= 0 || mn <= 0)
			level = 0;
		else if (mx / mn < 1.001)
			level = 0.5;       /* flat: a level line, not a floor */
		else
			level = log(v / mn) / log(mx / mn) * 0.999;
		const char *g = gauge_spark_glyph(level, utf8);
		size_t gl = strlen(g);
		if (o + gl >= len)
			break;
		memcpy(out + o, g, gl);
		o += gl;
		out[o] = '\0';
	}
}

/* --- big digits ---------------------------------------------------------- */

struct big_glyph {
	char c;
	int cols;
	const char *ascii[GAUGE_BIG_ROWS];
	const char *utf8[GAUGE_BIG_ROWS];
};

/* Seven-segment shapes; the UTF-8 ones in heavy box drawing, which stays
 * legible on a projector. */
static const struct big_glyph big_glyphs[] = {
	{'0', 3, {" _ ", "| |", "|_|"}, {"\u250f\u2501\u2513", "\u2503 \u2503", "\u2517\u2501\u251b"}},
	{'1', 3, {"   ", "  |", "  |"}, {"  \u2513", "  \u2503", "  \u2579"}},
	{'2', 3, {" _ ", " _|", "|_ "}, {"\u257a\u2501\u2513", "\u250f\u2501\u251b", "\u2517\u2501\u2578"}},
	{'3', 3, {" _ ", " _|", " _|"}, {"\u257a\u2501\u2513", " \u2501\u252b", "\u257a\u2501\u251b"}},
	{'4', 3, {"   ", "|_|", "  |"}, {"\u257b \u257b", "\u2517\u2501\u252b", "  \u2579"}},
	{'5', 3, {" _ ", "|_ ", " _|"}, {"\u250f\u2501\u2578", "\u2517\u2501\u2513", "\u257a\u2501\u251b"}},
	{'6', 3, {" _ ", "|_ ", "|_|"}, {"\u250f\u2501\u2578", "\u2523\u2501\u2513", "\u2517\u2501\u251b"}},
	{'7', 3, {" _ ", "  |", "  |"}, {"\u257a\u2501\u2513", "  \u2503", "  \u2579"}},
	{'8', 3, {" _ ", "|_|", "|_|"}, {"\u250f\u2501\u2513", "\u2523\u2501\u252b", "\u2517\u2501\u251b"}},
	{'9', 3, {" _ ", "|_|", " _|"}, {"\u250f\u2501\u2513", "\u2517\u2501\u252b", "\u257a\u2501\u251b"}},
	{'.', 1, {" ", " ", "."}, {" ", " ", "\u2596"}},
	{',', 1, {" ", " ", ","}, {" ", " ", ","}},
	{'-', 3, {"   ", " _ ", "   "}, {"   ", "\u257a\u2501\u2578", "   "}},
	{' ', 2, {"  ", "  ", "  "}, {"  ", "  ", "  "}},
};

static const struct big_glyph *big_glyph_of(char c)
{
	for (size_t i = 0; i < sizeof big_glyphs / sizeof *big_glyphs; i++)
		if (big_glyphs[i].c == c)
			return &big_glyphs[i];
	return NULL;
}

int gauge_bignum_width(const char *text)
{
	int w = 0;
	for (const char *p = text; *p; p++) {
		const struct big_glyph *g = big_glyph_of(*p);
		if (!g)
			return -1;
		w += g->cols + (p[1] && g->cols == 3 ? 1 : 0);
	}
	return w;
}

int gauge_bignum(const char *text, int utf8, char rows[GAUGE_BIG_ROWS][160])
{
	size_t used[GAUGE_BIG_ROWS] = {0, 0, 0};
	for (int r = 0; r < GAUGE_BIG_ROWS; r++)
		rows[r][0] = '\0';
	for (const char *p = text; *p; p++) {
		const struct big_glyph *g = big_glyph_of(*p);
		if (!g)
			return -1;
		for (int r = 0; r < GAUGE_BIG_ROWS; r++) {
			const char *s = utf8 ? g->utf8[r] : g->ascii[r];
			int gap = p[1] && g->cols == 3;      /* a space between digits */
			int n = snprintf(rows[r] + used[r], 160 - used[r], "%s%s", s, gap ? " " : "");
			if (n < 0 || (size_t)n >= 160 - used[r])
				return -1;
			used[r] += (size_t)n;
		}
	}
	return gauge_bignum_width(text);
}
