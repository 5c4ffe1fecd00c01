/* gauge.c - log axis, sparklines and big digits for the lab's meters. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gauge.h"
#include "units.h"

int gauge_cell(double rate, int width)
{
	return units_log_position(rate, GAUGE_LO, GAUGE_HI, width);
}

int gauge_off_scale(double rate)
{
	return rate > GAUGE_HI;
}

int gauge_bar_fill(double rate, int width, int *off)
{
	*off = 0;
	if (width <= 0 || !(rate > GAUGE_LO))
		return 0;
	*off = gauge_off_scale(rate);
	return *off ? width : gauge_cell(rate, width) + 1;
}

int gauge_linear_cell(double v, double lo, double hi, int n)
{
	if (n <= 1 || !(hi > lo) || !isfinite(v))
		return 0;
	int c = (int)floor((v - lo) / (hi - lo) * (n - 1) + 0.5);
	return c < 0 ? 0 : c >= n ? n - 1 : c;
}

/* --- the axis ------------------------------------------------------------ */

static const char *const decade_labels[GAUGE_DECADES + 1] = {
	"1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G", "10G", "100G", "1T"
};

/* Labels every `step` decades; returns how many did not fit. */
static int place_labels(char *buf, int w, int step)
{
	memset(buf, ' ', (size_t)w);
	buf[w] = '\0';
	/* the top of the scale always shows, at the right edge */
	const char *top = decade_labels[GAUGE_DECADES];
	int tl = (int)strlen(top);
	if (tl > w)
		return 0;
	memcpy(buf + w - tl, top, (size_t)tl);
	int limit = w - tl - 1, next_free = 0, dropped = 0;
	for (int d = 0; d < GAUGE_DECADES; d += step) {
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
	/* every decade where they fit; else every second or third one,
	 * evenly, rather than a ragged scale with gaps where labels collided */
	for (int step = 1; step <= 3; step++)
		if (place_labels(buf, w, step) == 0)
			return;
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

/* The mean of values i .. j-1 of h: geometric when all are positive. */
static double mean_of(const struct gauge_history *h, size_t i, size_t j)
{
	double logs = 0, sum = 0;
	int positive = 1;
	for (size_t k = i; k < j; k++) {
		double v = gauge_history_at(h, k);
		sum += v;
		if (v > 0)
			logs += log(v);
		else
			positive = 0;
	}
	double n = (double)(j - i);
	return positive ? exp(logs / n) : sum / n;
}

void gauge_history_fit(const struct gauge_history *h, int width, struct gauge_history *out)
{
	size_t n = h->n, cells = width > 0 ? (size_t)width : 0;
	if (n <= cells) {
		*out = *h;
		return;
	}
	double v[GAUGE_HISTORY];
	for (size_t c = 0; c < cells && c < GAUGE_HISTORY; c++)
		v[c] = mean_of(h, c * n / cells, (c + 1) * n / cells);
	gauge_history_clear(out);
	for (size_t c = 0; c < cells && c < GAUGE_HISTORY; c++)
		gauge_history_push(out, v[c]);
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

/* --- big digits that grow ------------------------------------------------- */

/* Seven segments, a (top) to g (middle), as bits. */
enum { SEG_A = 1, SEG_B = 2, SEG_C = 4, SEG_D = 8, SEG_E = 16, SEG_F = 32, SEG_G = 64 };

static int segments_of(char c)
{
	static const int digit[10] = {
		SEG_A | SEG_B | SEG_C | SEG_D | SEG_E | SEG_F,          /* 0 */
		SEG_B | SEG_C,                                          /* 1 */
		SEG_A | SEG_B | SEG_D | SEG_E | SEG_G,                  /* 2 */
		SEG_A | SEG_B | SEG_C | SEG_D | SEG_G,                  /* 3 */
		SEG_B | SEG_C | SEG_F | SEG_G,                          /* 4 */
		SEG_A | SEG_C | SEG_D | SEG_F | SEG_G,                  /* 5 */
		SEG_A | SEG_C | SEG_D | SEG_E | SEG_F | SEG_G,          /* 6 */
		SEG_A | SEG_B | SEG_C,                                  /* 7 */
		SEG_A | SEG_B | SEG_C | SEG_D | SEG_E | SEG_F | SEG_G,  /* 8 */
		SEG_A | SEG_B | SEG_C | SEG_D | SEG_F | SEG_G,          /* 9 */
	};
	if (c >= '0' && c <= '9')
		return digit[c - '0'];
	return c == '-' ? SEG_G : 0;
}

/* The shape of the font at a scale >= 2: rows tall, a digit's columns,
 * stroke thickness in rows (horizontal) and columns (vertical, twice as
 * many: a cell is about twice as tall as it is wide), the gap between
 * characters, and where the middle stroke starts. */
struct seg_font {
	int rows, cols, th, tv, gap, mid;
};

static struct seg_font seg_font(int scale)
{
	struct seg_font f;
	f.rows = 4 * scale + 1;
	f.cols = 2 * scale + 4;
	f.th = 1 + (scale - 2) / 3;
	f.tv = 2 * f.th;
	f.gap = 1 + scale / 2;
	f.mid = (f.rows - f.th) / 2;
	return f;
}

static int known_char(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '.' || c == ',' || c == ' ';
}

/* Columns of one character at a scale >= 2. */
static int seg_char_cols(const struct seg_font *f, char c)
{
	if (c == '.' || c == ',')
		return f->tv;
	if (c == ' ')
		return f->cols / 2;
	return f->cols;
}

/* Is cell (y, x) of character c inked? */
static int seg_ink(const struct seg_font *f, char c, int y, int x)
{
	if (c == '.' || c == ',')
		return y >= f->rows - f->th;
	int s = segments_of(c);
	int top = y < f->th, bottom = y >= f->rows - f->th;
	int middle = y >= f->mid && y < f->mid + f->th;
	int upper = y < f->mid + f->th, lower = y >= f->mid;
	int left = x < f->tv, right = x >= f->cols - f->tv;
	return ((s & SEG_A) && top) || ((s & SEG_D) && bottom) || ((s & SEG_G) && middle)
	       || ((s & SEG_F) && upper && left) || ((s & SEG_B) && upper && right)
	       || ((s & SEG_E) && lower && left) || ((s & SEG_C) && lower && right);
}

int gauge_bigfont_rows(int scale)
{
	return scale <= 1 ? GAUGE_BIG_ROWS : 4 * scale + 1;
}

int gauge_bigfont_width(const char *text, int scale)
{
	if (scale <= 1)
		return gauge_bignum_width(text);
	struct seg_font f = seg_font(scale);
	int w = 0;
	for (const char *p = text; *p; p++) {
		if (!known_char(*p))
			return -1;
		w += seg_char_cols(&f, *p) + (p[1] ? f.gap : 0);
	}
	return w;
}

/* Appends `s` to a row; -1 when the row is full. */
static int row_add(char *row, size_t *used, const char *s)
{
	size_t n = strlen(s);
	if (*used + n + 1 > GAUGE_BIGFONT_ROW_BYTES)
		return -1;
	memcpy(row + *used, s, n + 1);
	*used += n;
	return 0;
}

static int big_scale1(const char *text, int utf8, char rows[][GAUGE_BIGFONT_ROW_BYTES])
{
	char small[GAUGE_BIG_ROWS][160];
	int w = gauge_bignum(text, utf8, small);
	if (w < 0)
		return -1;
	for (int r = 0; r < GAUGE_BIG_ROWS; r++)
		snprintf(rows[r], GAUGE_BIGFONT_ROW_BYTES, "%s", small[r]);
	return w;
}

int gauge_bigfont(const char *text, int scale, int utf8, char rows[][GAUGE_BIGFONT_ROW_BYTES])
{
	if (scale < 1 || scale > GAUGE_BIGFONT_MAX_SCALE)
		return -1;
	if (scale == 1)
		return big_scale1(text, utf8, rows);
	int w = gauge_bigfont_width(text, scale);
	if (w < 0)
		return -1;
	struct seg_font f = seg_font(scale);
	const char *ink = utf8 ? "\u2588" : "#";
	for (int y = 0; y < f.rows; y++) {
		size_t used = 0;
		rows[y][0] = '\0';
		for (const char *p = text; *p; p++) {
			int cols = seg_char_cols(&f, *p);
			for (int x = 0; x < cols; x++)
				if (row_add(rows[y], &used, seg_ink(&f, *p, y, x) ? ink : " ") != 0)
					return -1;
			for (int g = 0; p[1] && g < f.gap; g++)
				if (row_add(rows[y], &used, " ") != 0)
					return -1;
		}
	}
	return w;
}

int gauge_bigfont_fit(const char *text, int cols, int rows)
{
	for (int s = GAUGE_BIGFONT_MAX_SCALE; s >= 1; s--) {
		int w = gauge_bigfont_width(text, s);
		if (w >= 0 && w <= cols && gauge_bigfont_rows(s) <= rows)
			return s;
	}
	return 0;
}
