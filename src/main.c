/* main.c - iolab: a terminal lab for file I/O buffering and caching. */
#include "cli.h"
#include "ui.h"

int main(int argc, char **argv)
{
	return cli_run(argc, argv, ui_main);
}
