/* calib_cmd.h - `iolab --calibrate`, and the calibration a run's model
 * reads: the notebook's for this machine's key, measured when missing. */
#ifndef IOLAB_CALIB_CMD_H
#define IOLAB_CALIB_CMD_H

#include <stdio.h>

#include "calib.h"
#include "options.h"
#include "store.h"

/* --calibrate [--quick] [--format text|json]: measure in the scratch
 * directory, keep the costs in the notebook (--db), print them.  The exit
 * status. */
int calib_cmd(const struct options *o, FILE *out, FILE *err);

/* The calibration kept in st for this machine with scratch s: 1 found
 * (c filled), 0 none for this key, -1 with msg.  st may be NULL (none). */
int calib_cmd_lookup(struct store *st, const struct scratch *s, struct calibration *c,
                 char *msg, size_t len);

/* The calibration as --calibrate prints it: format "json" or "text". */
int calib_cmd_write(FILE *out, const struct calibration *c, int json);

#endif
