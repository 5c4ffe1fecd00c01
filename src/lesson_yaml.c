/* lesson_yaml.c - not written yet. */
#include "config.h"
