/* ui.h - the interactive lab's entry point.  Only ui_*.c include curses. */
#ifndef IOLAB_UI_H
#define IOLAB_UI_H

#include "cli.h"

/* Runs the lab in the terminal; returns the exit status. */
int ui_main(const struct options *o);

#endif
