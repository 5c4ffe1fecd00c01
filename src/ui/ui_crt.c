/* ui_crt.c - terminal set-up, colours with monochrome forms, glyphs with
 * ASCII forms, and restoring the terminal on every way out. */
#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "sanitize.h"
#include "textwrap.h"
#include "ui_crt.h"
#include "ui_term.h"

struct ui_crt ui_crt;

struct role_style {
	short fg, bg;               /* colour pair; -1 = the terminal's default */
	int color_attr;             /* added to the pair */
	int mono_attr;              /* used alone without colour */
};

/* Colours only reinforce: every role also differs by text or glyph. */
static const struct role_style styles[CRT_ROLES] = {
	[CRT_NORMAL]      = {-1, -1, A_NORMAL, A_NORMAL},
	[CRT_BAR]         = {COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE},
	[CRT_BAR_KEY]     = {COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD},
	[CRT_TITLE]       = {-1, -1, A_BOLD, A_BOLD},
	[CRT_SECTION]     = {COLOR_YELLOW, -1, A_BOLD, A_BOLD | A_UNDERLINE},
	[CRT_DIM]         = {-1, -1, A_DIM, A_NORMAL},
	[CRT_SELECTED]    = {COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD},
	[CRT_CODE]        = {COLOR_CYAN, -1, A_NORMAL, A_NORMAL},
	[CRT_LABEL]       = {-1, -1, A_NORMAL, A_NORMAL},
	[CRT_VALUE]       = {-1, -1, A_BOLD, A_BOLD},
	[CRT_BIG]         = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
	[CRT_GAUGE_FILL]  = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
	[CRT_GAUGE_EMPTY] = {-1, -1, A_DIM, A_NORMAL},
	[CRT_REF]         = {COLOR_YELLOW, -1, A_BOLD, A_BOLD},
	[CRT_COMPARE]     = {COLOR_MAGENTA, -1, A_BOLD, A_BOLD},
	[CRT_OK]          = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
	[CRT_ERROR]       = {COLOR_RED, -1, A_BOLD, A_BOLD | A_REVERSE},
	[CRT_RUNNING]     = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
	[CRT_WARM]        = {COLOR_RED, -1, A_BOLD, A_BOLD},
	[CRT_COLD]        = {COLOR_BLUE, -1, A_BOLD, A_BOLD},
	[CRT_MESSAGE]     = {COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_REVERSE},
};

static int role_attr[CRT_ROLES];

static const char *const glyphs[GLYPHS][2] = {   /* {UTF-8, ASCII} */
	[GLYPH_DONE]      = {"\u2713", "*"},
	[GLYPH_FAILED]    = {"\u2717", "!"},
	[GLYPH_RAN_BEFORE] = {"\u00b7", "."},  /* quieter than a check: no result of today's lesson */
	[GLYPH_RUNNING]   = {"\u25b6", ">"},
	[GLYPH_CURSOR]    = {"\u25b8", ">"},
	[GLYPH_BAR_FULL]  = {"\u2588", "#"},
	[GLYPH_BAR_EMPTY] = {"\u2591", "."},
	[GLYPH_MARK_UP]   = {"\u25b2", "^"},
	[GLYPH_NOW]       = {"\u2503", "|"},
	[GLYPH_WARM]      = {"\u25cf", "o"},
	[GLYPH_COLD]      = {"\u00d7", "x"},
	[GLYPH_BOTH]      = {"\u25c6", "#"},
	[GLYPH_ARROW]     = {"\u2192", "->"},
	[GLYPH_DOT]       = {"\u00b7", "-"},
	[GLYPH_ELLIPSIS]  = {"\u2026", "..."},
	[GLYPH_UP]        = {"\u25b2", "^"},
	[GLYPH_DOWN]      = {"\u25bc", "v"},
	[GLYPH_CODE]      = {"\u2502", "|"},
	[GLYPH_CODE_WRAPPED] = {"\u21aa", "\\"},
	[GLYPH_HELD]      = {"\u2713", "+"},
	[GLYPH_MISSED]    = {"\u2717", "x"},
	[GLYPH_INCONCLUSIVE] = {"?", "?"},
	[GLYPH_TO_CHECK]  = {"\u25cb", "-"},
	[GLYPH_STOPPED]   = {"\u25a0", "="},
};

void ui_crt_locale(void)
{
	setlocale(LC_ALL, "");
	/* numbers read and printed by the core (units, reports, the lesson
	 * files' values) keep a decimal point whatever the student's locale */
	setlocale(LC_NUMERIC, "C");
	const char *cs = nl_langinfo(CODESET);
	ui_crt.utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
}

static void init_colors(int no_color)
{
	ui_crt.color = 0;
	if (!no_color && has_colors() && start_color() == OK) {
		int defaults = use_default_colors() == OK;
		ui_crt.color = COLOR_PAIRS > CRT_ROLES;
		for (int r = 0; ui_crt.color && r < CRT_ROLES; r++) {
			short fg = styles[r].fg, bg = styles[r].bg;
			if (!defaults) {          /* no "default" colour: white on black */
				fg = fg < 0 ? COLOR_WHITE : fg;
				bg = bg < 0 ? COLOR_BLACK : bg;
			}
			init_pair((short)(r + 1), fg, bg);
		}
	}
	for (int r = 0; r < CRT_ROLES; r++)
		role_attr[r] = ui_crt.color ? (int)COLOR_PAIR(r + 1) | styles[r].color_attr
		                         : styles[r].mono_attr;
}

/* newterm reads the terminal's size before it installs its SIGWINCH
 * handler, so a resize in between (tmux resized as the lab starts, a
 * window manager settling) reaches no handler: the lab would draw at the
 * old size until the next resize.  Asked again once the handler is in
 * place; resizeterm queues the KEY_RESIZE a caught signal would have. */
static void catch_up_with_resize(void)
{
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
	    is_term_resized(ws.ws_row, ws.ws_col))
		resizeterm(ws.ws_row, ws.ws_col);
}

int ui_crt_init(int no_color)
{
	/* newterm, not initscr: initscr prints its own message and exits 1
	 * ("a lesson failed") on a TERM terminfo does not know; the lab says
	 * why and exits 4, as for TERM=dumb.  Asked first, as newterm leaks
	 * on that TERM (ui_term.c). */
	if (!ui_term_known() || !newterm(NULL, stdout, stdin))
		return -1;
	ui_crt.active = 1;
	cbreak();                 /* Ctrl-C still raises SIGINT: the guard sees it */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);         /* Esc stops a run at once, not after a second */
	curs_set(0);
	init_colors(no_color);
	bkgdset(' ' | role_attr[CRT_NORMAL]);
	erase();
	catch_up_with_resize();
	return 0;
}

void ui_crt_restore(void)
{
	if (!ui_crt.active)
		return;
	ui_crt.active = 0;
	curs_set(1);
	endwin();
}

int ui_crt_attr(enum crt_role role)
{
	return ui_crt.no_dim ? role_attr[role] & ~(int)A_DIM : role_attr[role];
}

const char *ui_crt_glyph(enum ui_crt_glyph g)
{
	return glyphs[g][ui_crt.utf8 ? 0 : 1];
}

/* Every text the lab draws passes here: what a terminal must not be sent
 * becomes '?' (sanitize.h, the one sanitizer), whatever file, program or
 * notebook it came from. */
const char *ui_crt_text(const char *utf8, char *buf, size_t len)
{
	if (ui_crt.utf8)     /* text with nothing to replace is drawn as it is */
		return sanitize_needed(utf8) ? sanitize_copy(buf, len, utf8, -1) : utf8;
	char safe[1024];
	return textwrap_ascii(sanitize_copy(safe, sizeof safe, utf8, -1), buf, len);
}

void ui_crt_line_glyph(int y, int x, enum crt_line piece, int attr)
{
	static const char *const utf8[] = {"\u2502", "\u2500", "\u2524", "\u2514"};
	if (y < 0 || y >= LINES || x < 0 || x >= COLS)
		return;
	if (ui_crt.utf8) {
		ui_crt_put(y, x, 1, attr, utf8[piece]);
		return;
	}
	chtype acs[] = {ACS_VLINE, ACS_HLINE, ACS_RTEE, ACS_LLCORNER};
	attrset(attr);
	mvaddch(y, x, acs[piece]);
	attrset(role_attr[CRT_NORMAL]);
}

int ui_crt_put(int y, int x, int width, int attr, const char *s)
{
	if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
		return 0;
	if (x + width > COLS)
		width = COLS - x;
	char ascii[1024];
	const char *t = ui_crt_text(s, ascii, sizeof ascii);
	size_t n = textwrap_prefix_fitting(t, width);
	attrset(attr);
	mvaddnstr(y, x, t, (int)n);
	attrset(role_attr[CRT_NORMAL]);
	char tmp[1024];
	size_t m = n < sizeof tmp ? n : sizeof tmp - 1;
	memcpy(tmp, t, m);
	tmp[m] = '\0';
	return textwrap_width(tmp);
}

int ui_crt_put_cut(int y, int x, int width, int attr, const char *s)
{
	char ascii[1024];
	const char *t = ui_crt_text(s, ascii, sizeof ascii);
	if (textwrap_width(t) <= width)
		return ui_crt_put(y, x, width, attr, t);
	const char *ell = ui_crt_glyph(GLYPH_ELLIPSIS);
	int ew = textwrap_width(ell);
	if (width <= ew)
		return ui_crt_put(y, x, width, attr, t);
	int n = ui_crt_put(y, x, width - ew, attr, t);
	return n + ui_crt_put(y, x + n, ew, attr, ell);
}

int ui_crt_putf(int y, int x, int width, int attr, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return ui_crt_put(y, x, width, attr, buf);
}

void ui_crt_fill(int y, int x, int width, int attr)
{
	if (y < 0 || y >= LINES || width <= 0)
		return;
	if (x + width > COLS)
		width = COLS - x;
	attrset(attr);
	mvhline(y, x, ' ', width);
	attrset(role_attr[CRT_NORMAL]);
}
