/* ui_term.c - whether this terminal's type has a terminfo entry.
 *
 * Asked before newterm(): on a TERM that terminfo does not know, newterm
 * returns NULL (the lab then says why and exits 4) but leaks the screen it
 * had begun (libtinfo's new_prescr), which LeakSanitizer reports; setupterm
 * answers the same question and keeps nothing once del_curterm has run.
 * A file of its own because <term.h> defines macros named like ordinary
 * words (lines, columns, tab) that no drawing file should see.
 */
#include "config.h"

#include <unistd.h>

#include "ui_curses.h"
#include "ui_term.h"

#if defined(__has_include)
#if __has_include(<ncursesw/term.h>)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif
#else
#include <term.h>
#endif

int ui_term_known(void)
{
	int err = 0;
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return 0;
	del_curterm(cur_term);     /* newterm reads the entry again, its own copy */
	return 1;
}
