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
#
# The engine suite spends most of its time waiting (for a device, a time
# limit, a child) rather than on a CPU: it runs beside the other suites,
# which halves the test's time.  Each half's output is printed whole, and
# either half failing fails the test.  Arguments (suite names, --except)
# run check_iolab as given instead.
CHECK="$TOP_BUILDDIR/tests/check_iolab"
[ $# -eq 0 ] || exec "$CHECK" "$@"

out=$(mktemp -d "${TMPDIR:-/tmp}/iolab-suites.XXXXXX") || exit 99
trap 'rm -rf "$out"' EXIT
"$CHECK" engine >"$out/engine" 2>&1 &
engine=$!
"$CHECK" --except engine >"$out/others" 2>&1
others_rc=$?
wait "$engine"
engine_rc=$?
cat "$out/engine" "$out/others"
[ "$engine_rc" -eq 0 ] && [ "$others_rc" -eq 0 ]
