/* ui_main.c - not written yet. */
#include "config.h"
#include <stdio.h>
#include "ui.h"

int ui_main(const struct options *o)
{
	(void)o;
	fputs("iolab: the interactive lab is not implemented yet\n", stderr);
	return EXIT_ENVIRONMENT;
}
