/* report_text.c - not written yet. */
#include "config.h"
