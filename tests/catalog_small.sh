#!/bin/sh
# catalog_small.sh - the whole shipped course at --size 1MiB (catalog.sh's
# run and checks): no shipped claim may be missed at a documented option.
# At 1 MiB the strided stream lesson gets regions of whole pages, the dd
# lessons copy count={blocks} blocks, and the 1-byte lessons end before
# their time limits, so the run is short.  One trial a lesson: a write
# lesson at 1 MiB is a pass of a few milliseconds, and one such trial,
# slowed by a busy machine, once missed b08's claim (0.75 against at least
# 0.9) where its twin held; so a missed claim's lessons run again with two
# trials (catalog.sh, CATALOG_TRIALS) and only a second miss fails.
CATALOG_SIZE=1MiB
CATALOG_TRIALS=1
export CATALOG_SIZE CATALOG_TRIALS
. "$TOP_SRCDIR/tests/catalog.sh"
