/* textwrap.h - placeholder, filled in by its module. */
#ifndef IOLAB_TEXTWRAP_H
#define IOLAB_TEXTWRAP_H
#endif
