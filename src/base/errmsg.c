/* errmsg.c - reasons handed back in the caller's buffer. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "errmsg.h"

int errmsg(char *msg, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, len, fmt, ap);
	va_end(ap);
	return -1;
}
