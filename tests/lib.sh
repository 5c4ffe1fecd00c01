# lib.sh - helpers for the shell tests (sourced).  Each test runs in its own
# temporary directory, removed at exit; `fail` says what went wrong and where.
set -u
: "${IOLAB:?IOLAB must name the built program}"
: "${TOP_SRCDIR:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
# A safety net: whatever a test forgets (--no-record, --db), the lab
# notebook and the old progress file go to the test's own directory,
# never to the user's real ~/.local/state.
XDG_STATE_HOME="$T/state"
export XDG_STATE_HOME
TESTS_RUN=0
# Waits on the screen are bounds, never expectations: a wait ends as soon as
# what it waits for shows.  On a loaded 2-core machine (make check -j2 runs
# the tmux tests side by side) a bound is stretched this many times.
WAIT_SCALE=${IOLAB_TEST_WAIT_SCALE:-4}

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
pass() { TESTS_RUN=$((TESTS_RUN + 1)); echo "ok $TESTS_RUN - $*"; }

# run CMD...: sets $out, $err, $rc
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	out=$(cat "$T/out")
	err=$(cat "$T/err")
}
expect_rc() { [ "$rc" -eq "$1" ] || fail "$2: exit $rc, expected $1 (stderr: $err)"; }
expect_in() { case "$1" in *"$2"*) ;; *) fail "$3: '$2' not in: $1" ;; esac; }
