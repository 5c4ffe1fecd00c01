#!/bin/sh
# check_suites.sh - the Check suites (tests/check_iolab, built by make
# check before any test runs), started from a script.
#
# A program in TESTS has its binary as a prerequisite of its log, and the
# binary's objects depend on config.h, whose (empty) rule make runs every
# time because stamp-h1 is newer.  While that runs, make -j2 goes on down
# the list and comes back to the suites only when every other test has
# started: the longest test but one ran last.  A script's log has no
# such prerequisite, so the suites start first, beside the other tests.
exec "$TOP_BUILDDIR/tests/check_iolab" "$@"
