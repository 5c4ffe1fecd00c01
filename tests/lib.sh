# lib.sh - helpers for the shell tests (sourced).  Each test runs in its own
# temporary directory, removed at exit; `fail` says what went wrong and where.
set -u
: "${IOLAB:?IOLAB must name the built program}"
: "${TOP_SRCDIR:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
TESTS_RUN=0

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
