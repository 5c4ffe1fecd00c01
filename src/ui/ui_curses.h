/* ui_curses.h - the one header that includes curses.
 *
 * Every ui_*.c that draws includes this, never <curses.h> itself, so the
 * choice of header and of wide-character support is made once.  Text is
 * drawn as UTF-8 through addnstr(), which ncursesw decodes in the locale
 * set by setlocale(); NCURSES_WIDECHAR exposes the wide ACS glyphs.
 */
#ifndef IOLAB_UI_CURSES_H
#define IOLAB_UI_CURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#if defined(__has_include)
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif
#else
#include <curses.h>
#endif

#endif
