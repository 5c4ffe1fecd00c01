/* reference.c - not written yet. */
#include "config.h"
