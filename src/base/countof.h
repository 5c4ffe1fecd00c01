/* countof.h - COUNT(a): the number of elements of an array (not a pointer). */
#ifndef IOLAB_COUNTOF_H
#define IOLAB_COUNTOF_H

#define COUNT(a) (sizeof (a) / sizeof *(a))

#endif
