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

# --- the lab driven in tmux ---------------------------------------------------
# A test that drives the lab defines tm (tmux on its own server) and PANE;
# it may define its own screen and nap.

screen() { tm capture-pane -p -t "$PANE" >"$T/screen" 2>/dev/null; }
nap() { sleep 0.1 2>/dev/null || sleep 1; }

# settle REGEX: a frame can be on the pane half drawn when REGEX first
# shows; capture again until two captures in a row agree (at most a second:
# a running lab never stands still), keeping the last one that matches, so
# what the test reads next is one whole frame.
settle() {
	cp "$T/screen" "$T/screen.match"
	n=0
	while [ "$n" -lt 10 ]; do
		cp "$T/screen" "$T/screen.prev"
		nap
		screen
		cmp -s "$T/screen" "$T/screen.prev" && break
		n=$((n + 1))
	done
	grep -Eq -- "$1" "$T/screen" || cp "$T/screen.match" "$T/screen"
}

# wait_for REGEX SECONDS WHAT: until REGEX (grep -E) shows on the pane,
# then settle on a whole frame.
wait_for() {
	i=0
	while [ "$i" -lt $(($2 * 10 * WAIT_SCALE)) ]; do
		screen
		if grep -Eq -- "$1" "$T/screen"; then
			settle "$1"
			return 0
		fi
		nap
		i=$((i + 1))
	done
	echo "--- the screen was:" >&2
	cat "$T/screen" >&2
	fail "$3: '$1' did not appear within $(($2 * WAIT_SCALE)) s"
}
