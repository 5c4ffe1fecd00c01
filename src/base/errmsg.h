/* errmsg.h - the one way core modules hand a reason back to their caller:
 * a message into the caller's buffer, and -1. */
#ifndef IOLAB_ERRMSG_H
#define IOLAB_ERRMSG_H

#include <stddef.h>

/* Formats into msg (len bytes, always terminated) and returns -1, so a
 * failing path reads `return errmsg(msg, len, "...", ...);`. */
int errmsg(char *msg, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
