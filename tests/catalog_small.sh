#!/bin/sh
# catalog_small.sh - the whole shipped course at --size 1MiB (catalog.sh's
# run and checks): no shipped claim may be missed at a documented option.
# At 1 MiB the strided stream lesson gets regions of whole pages, the dd
# lessons copy count={blocks} blocks, and the 1-byte lessons end before
# their time limits, so the run is short.  Two trials a lesson, as
# catalog.sh: a write lesson at 1 MiB is a pass of a few milliseconds,
# and one such trial, slowed by a busy machine, missed b08's claim (0.75
# against at least 0.9) where its twin held.
CATALOG_SIZE=1MiB
export CATALOG_SIZE
. "$TOP_SRCDIR/tests/catalog.sh"
