#!/bin/sh
# valgrind.sh - make check-valgrind (not part of make check): the Check suite
# in one process, and a few batch runs, under memcheck.  A definite or
# indirect leak or any memory error fails it; "still reachable" blocks
# (libyaml's, ncurses', glibc's) do not.  Run from the build directory.
#
# A trial's workload child is a fork of the process under test, so valgrind
# runs it too, and --fair-sched=yes keeps valgrind's pipe lock out of the
# read/write counts the suite asserts.  Its output is silenced, except in
# the batch run of the lab's own loops (CHILDREN=1 below): there a leak in
# a child fails the case, though it cannot change the lab's exit status
# (each child would lose its block and stdio buffers at _exit otherwise).
# A command's child is not checked: it execs, or fails to and leaves at
# once.  Only valgrind's reports
# ("==PID==" lines) are shown: the lab's own stderr is expected output here,
# and valgrind 3.19 and older warn ("--PID--") at every pidfd_open and
# cachestat they do not know, where the lab falls back to polling and mincore.
set -u
: "${TOP_SRCDIR:?TOP_SRCDIR must name the source tree}"
VALGRIND=${VALGRIND:-valgrind}
if ! command -v "$VALGRIND" >/dev/null 2>&1; then
	echo "check-valgrind: '$VALGRIND' not found (install valgrind, or set VALGRIND)" >&2
	exit 1
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-vg.XXXXXX")
trap 'rm -rf "$T"' EXIT
export CK_FORK=no CK_DEFAULT_TIMEOUT=600
FAILED=0

# vg STATUS WHAT CMD...: CMD under memcheck must exit STATUS (99 is valgrind
# finding errors).  Its stdout goes to $T/stdout, its stderr to $T/stderr.
# With CHILDREN=1 its forked children are checked too: with -q valgrind
# prints only errors, so any report ("==PID==" line) fails the case.
CHILDREN=0
vg() {
	want=$1 what=$2
	shift 2
	silent=yes
	[ "$CHILDREN" -eq 0 ] || silent=no
	"$VALGRIND" -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--error-exitcode=99 --trace-children=no --child-silent-after-fork=$silent \
		--fair-sched=yes "$@" >"$T/stdout" 2>"$T/stderr"
	rc=$?
	grep -E '==[0-9]+==' "$T/stderr"
	if [ "$rc" -ne "$want" ]; then
		echo "FAIL: $what: exit $rc, expected $want (99: valgrind found errors)"
		FAILED=1
	elif [ "$CHILDREN" -ne 0 ] && grep -qE '==[0-9]+==' "$T/stderr"; then
		echo "FAIL: $what: valgrind reported errors in a workload child"
		FAILED=1
	else
		echo "ok - $what"
	fi
}

GOOD="$TOP_SRCDIR/tests/fixtures/batch/good"
FAULTS="$TOP_SRCDIR/tests/fixtures/faults"

vg 0 "Check suite, in-process" tests/check_iolab
grep -E '^[0-9]+%: Checks|:[FE]:' "$T/stdout"
CHILDREN=1
vg 0 "batch: write, stdio, mmap, O_DIRECT EINVAL; JSON to --output; the children too" \
	src/iolab --batch --no-record --lessons "$GOOD" --dir "$T/scratch" --trials 2 --format json \
	--output "$T/out.json" --lesson b01-write-byte,b02-stdio-byte,b03-mmap-read,b04-direct-misaligned
CHILDREN=0
# A sweep, warm and cold.  Under valgrind the cold points fail, and rightly:
# valgrind does not know cachestat(2), so residency falls back to mincore
# over a mapping, and valgrind reads the first pages of every file mapping,
# so the file is no longer cold.  The lab says so and exits 1.
vg 1 "batch: a warm and cold sweep; text" \
	src/iolab --batch --no-record --lessons "$GOOD" --dir "$T/scratch" --trials 1 --lesson b06-sweep
vg 1 "batch: commands that crash, cannot start, overrun their limit; CSV" \
	src/iolab --batch --no-record --lessons "$FAULTS" --dir "$T/scratch" --trials 1 --format csv \
	--allow-commands --lesson f04-tiny,f03-read-1m,f06-crash,f08-missing,f07-hang
# the expect fixture runs commands: leave for them
vg 5 "batch: expectations held, missed and inconclusive; TAP" \
	src/iolab --batch --no-record --lessons "$TOP_SRCDIR/tests/fixtures/expect" --dir "$T/scratch" --trials 2 \
	--allow-commands --format tap --lesson e01-lab-read,e02-write-byte,e03-false-claim,e04-student-fast
vg 5 "batch: expectations; Gradescope's results.json" \
	src/iolab --batch --no-record --lessons "$TOP_SRCDIR/tests/fixtures/expect" --dir "$T/scratch" --trials 1 \
	--format gradescope --lesson e02-write-byte,e03-false-claim
vg 3 "batch: invalid lesson files" \
	src/iolab --batch --no-record --lessons "$TOP_SRCDIR/tests/fixtures/batch/broken" --dir "$T/scratch"
vg 2 "batch: an unknown lesson id" \
	src/iolab --batch --no-record --lessons "$GOOD" --dir "$T/scratch" --lesson b01-write-bite
vg 0 "--list of the shipped course" src/iolab --list --lessons "$TOP_SRCDIR/lessons"
# The lab notebook: batch recording a run and a sweep, --run, --command,
# then --history reading them in every format, and --forget.
vg 1 "notebook: batch records a run and a sweep" \
	src/iolab --batch --db "$T/lab.db" --lessons "$GOOD" --dir "$T/scratch" --trials 1 \
	--lesson b01-write-byte,b06-sweep
vg 0 "notebook: --run" \
	src/iolab --batch --db "$T/lab.db" --dir "$T/scratch" --trials 1 --run 'op=read size=64KiB block=4KiB'
vg 0 "notebook: --command" \
	src/iolab --batch --db "$T/lab.db" --dir "$T/scratch" --trials 1 --command -- cat '{file}'
for f in text json csv; do
	vg 0 "notebook: --history --format $f" src/iolab --history --db "$T/lab.db" --format "$f"
done
vg 0 "notebook: --forget --yes" src/iolab --forget --yes --db "$T/lab.db"
exit "$FAILED"
