/* svg.c - well-formed SVG and HTML text: escaping, log-axis positions. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "svg.h"
#include "utf8.h"

static void put_replacement(FILE *out)
{
	fputs("\xef\xbf\xbd", out);
}

void svg_escape(FILE *out, const char *s)
{
	if (!s)
		return;
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *end = p + strlen(s);
	while (*p) {
		switch (*p) {
		case '&': fputs("&amp;", out); p++; continue;
		case '<': fputs("&lt;", out); p++; continue;
		case '>': fputs("&gt;", out); p++; continue;
		case '"': fputs("&quot;", out); p++; continue;
		case '\'': fputs("&#39;", out); p++; continue;
		default: break;
		}
		if (*p < 0x20 && *p != '\t' && *p != '\n') {
			put_replacement(out);
			p++;
			continue;
		}
		uint32_t cp;
		size_t n = utf8_decode((const char *)p, (size_t)(end - p), &cp);
		/* C1 controls and the non-characters XML forbids */
		if (n == 0 || (cp >= 0x7f && cp < 0xa0) || cp == 0xfffe || cp == 0xffff) {
			put_replacement(out);
			p += n > 0 ? n : 1;
			continue;
		}
		fwrite(p, 1, n, out);
		p += n;
	}
}

double svg_log_pos(double v, double lo, double hi, double len)
{
	if (!(v > lo))
		return 0;
	if (v >= hi)
		return len;
	return len * (log(v) - log(lo)) / (log(hi) - log(lo));
}

void svg_decades(const double *v, size_t n, double *lo, double *hi)
{
	double mn = INFINITY, mx = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!(v[i] > 0) || !isfinite(v[i]))
			continue;
		if (v[i] < mn)
			mn = v[i];
		if (v[i] > mx)
			mx = v[i];
	}
	if (!isfinite(mn)) {
		*lo = 1;
		*hi = 10;
		return;
	}
	*lo = pow(10, floor(log10(mn)));
	*hi = pow(10, ceil(log10(mx)));
	if (*hi <= *lo)
		*hi = *lo * 10;
}
