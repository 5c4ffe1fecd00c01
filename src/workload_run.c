/* workload_run.c - not written yet. */
#include "config.h"
