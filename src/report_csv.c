/* report_csv.c - not written yet. */
#include "config.h"
