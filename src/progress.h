/* progress.h - placeholder, filled in by its module. */
#ifndef IOLAB_PROGRESS_H
#define IOLAB_PROGRESS_H
#endif
