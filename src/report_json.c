/* report_json.c - not written yet. */
#include "config.h"
