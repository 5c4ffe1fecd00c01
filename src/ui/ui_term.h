/* ui_term.h - whether this terminal's type has a terminfo entry
 * (ui_term.c, the one file that includes <term.h>). */
#ifndef IOLAB_UI_TERM_H
#define IOLAB_UI_TERM_H

/* 1 when TERM has a terminfo entry; ui_crt_init asks before newterm. */
int ui_term_known(void);

#endif
