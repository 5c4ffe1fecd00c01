/* batch.c - not written yet. */
#include "config.h"
#include <stdio.h>
#include "batch.h"

int batch_run(const struct options *o)
{
	(void)o;
	fputs("iolab: --batch is not implemented yet\n", stderr);
	return EXIT_ENVIRONMENT;
}

int batch_list(const struct options *o)
{
	(void)o;
	fputs("iolab: --list is not implemented yet\n", stderr);
	return EXIT_ENVIRONMENT;
}
