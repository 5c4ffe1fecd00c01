/* ui_crt.h - the terminal: set-up, colours, glyphs, and putting it back.
 *
 * Like htop's CRT.c, this is the only place that knows about colours and
 * terminal modes.  Views ask for a role's attribute (ui_crt_attr) and a
 * glyph (ui_crt_glyph): every role has a monochrome form (bold, reverse,
 * underline) and every glyph an ASCII form, so nothing depends on colour
 * or on a UTF-8 locale, and the numbers always carry the meaning.
 */
#ifndef IOLAB_UI_CRT_H
#define IOLAB_UI_CRT_H

#include "ui_curses.h"

enum crt_role {
	CRT_NORMAL, CRT_BAR,            /* header and footer lines */
	CRT_BAR_KEY,                    /* a key named in the footer */
	CRT_TITLE, CRT_SECTION, CRT_DIM,
	CRT_SELECTED,                   /* the current lesson in the course */
	CRT_CODE, CRT_LABEL, CRT_VALUE, CRT_BIG,
	CRT_GAUGE_FILL, CRT_GAUGE_EMPTY, CRT_REF, CRT_COMPARE,
	CRT_OK, CRT_ERROR, CRT_RUNNING, CRT_WARM, CRT_COLD, CRT_MESSAGE,
	CRT_ROLES
};

enum ui_crt_glyph {
	GLYPH_DONE,                     /* a lesson already run: ✓ / * */
	GLYPH_FAILED,                   /* ✗ / ! */
	GLYPH_RAN_BEFORE,               /* run by an older iolab, its workload not kept: · / . */
	GLYPH_RUNNING,                  /* ▶ / > */
	GLYPH_CURSOR,                   /* ▸ / > */
	GLYPH_BAR_FULL,                 /* █ / # */
	GLYPH_BAR_EMPTY,                /* ░ / . */
	GLYPH_MARK_UP,                  /* ▲ / ^ */
	GLYPH_NOW,                      /* │ / | : the current rate on the gauge */
	GLYPH_WARM, GLYPH_COLD, GLYPH_BOTH,  /* sweep chart: ● × ◆ / o x # */
	GLYPH_ARROW,                    /* → / -> */
	GLYPH_DOT,                      /* · / - */
	GLYPH_ELLIPSIS,                 /* … / ... */
	GLYPH_UP, GLYPH_DOWN,           /* ▲ ▼ / ^ v : more text */
	GLYPH_CODE,                     /* │ / | : the code listing's gutter */
	GLYPH_CODE_WRAPPED,             /* ↪ / \ : in that gutter, the row goes on
	                                   the line above (code is wrapped, not cut) */
	GLYPH_HELD,                     /* ✓ / + : a lesson's claim held */
	GLYPH_MISSED,                   /* ✗ / x : it was missed */
	GLYPH_INCONCLUSIVE,             /* ? / ? : the run could not tell */
	GLYPH_TO_CHECK,                 /* ○ / - : not checked yet */
	GLYPH_STOPPED,                  /* ■ / = : a run the student stopped */
	GLYPHS
};

struct ui_crt {
	int active;                     /* initscr done, endwin not yet */
	int utf8;                       /* the locale's codeset is UTF-8 */
	int color;                      /* colours in use */
	int no_dim;                     /* presentation mode: nothing is drawn dim */
};
extern struct ui_crt ui_crt;

/* setlocale(LC_ALL, "") (numbers stay in the C locale) and note whether
 * the codeset is UTF-8.  Call before anything measures text. */
void ui_crt_locale(void);
/* newterm and the modes the lab needs; colours unless no_color.
 * Returns 0, or -1 when the terminal cannot be used. */
int ui_crt_init(int no_color);
/* endwin if active.  Safe to call twice; used on every exit path. */
void ui_crt_restore(void);

/* A role's attribute; without A_DIM while ui_crt.no_dim is set (presentation
 * mode: a projector washes dim text out, so every role is drawn at full
 * strength there and the roles' other differences remain). */
int ui_crt_attr(enum crt_role role);
const char *ui_crt_glyph(enum ui_crt_glyph g);

/* Box-drawing pieces: Unicode in a UTF-8 locale (drawn as text, which
 * every terminal emulator shows), else the terminal's ACS line set, which
 * curses itself falls back to ASCII where the terminal has none. */
enum crt_line { LINE_V, LINE_H, LINE_TEE_RIGHT, LINE_CORNER_BL };
void ui_crt_line_glyph(int y, int x, enum crt_line piece, int attr);

/* Drawing helpers: UTF-8 text cut to `width` columns (never half a wide
 * character).  Return the columns written. */
int ui_crt_put(int y, int x, int width, int attr, const char *s);
/* Like ui_crt_put, but a cut string ends in an ellipsis. */
int ui_crt_put_cut(int y, int x, int width, int attr, const char *s);
/* printf into a buffer, then ui_crt_put. */
int ui_crt_putf(int y, int x, int width, int attr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Fill `width` cells from (y, x) with spaces in attr. */
void ui_crt_fill(int y, int x, int width, int attr);
/* Text for the screen: UTF-8 as is in a UTF-8 locale, else transliterated
 * to ASCII into buf.  Returns the string to draw. */
const char *ui_crt_text(const char *utf8, char *buf, size_t len);

#endif
