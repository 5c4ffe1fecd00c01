#!/bin/sh
# batch_exit.sh - every exit status of the contract, provoked once: 2 usage,
# 3 invalid lessons, 4 unusable environment, 1 a failed lesson, 130/143/129
# on signals (no data file, no partial output, no child left behind).
# No timing: the signal tests wait until the trial's data file exists.
. "$TOP_SRCDIR/tests/lib.sh"

FIX="$TOP_SRCDIR/tests/fixtures/batch/good"
BROKEN="$TOP_SRCDIR/tests/fixtures/batch/broken"
SCRATCH="$T/scratch"
batch() { run "$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" "$@"; }

# --- 2: the command line -----------------------------------------------------
batch --trials 0
expect_rc 2 "--trials 0"
[ -z "$out" ] || fail "usage error wrote to stdout"
expect_in "$err" "invalid number of trials '0'" "--trials 0 message"
pass "bad option value: exit 2"

batch --lesson b01-write-byte,no-such-lesson
expect_rc 2 "unknown lesson"
expect_in "$err" "iolab: unknown lesson 'no-such-lesson'" "unknown lesson message"
expect_in "$err" "Try 'iolab --list'" "unknown lesson hint"
[ -z "$out" ] || fail "unknown lesson wrote to stdout"
[ ! -e "$SCRATCH" ] || fail "unknown lesson: the scratch directory was created"
pass "unknown lesson id: exit 2 naming it, suggests iolab --list"

batch --lesson b01-write-bite
expect_rc 2 "misspelt lesson"
expect_in "$err" "did you mean 'b01-write-byte'?" "nearest id"
pass "misspelt lesson id: suggests the nearest"

# --- 3: invalid lesson files -------------------------------------------------
run "$IOLAB" --batch --no-record --lessons "$BROKEN" --dir "$SCRATCH"
expect_rc 3 "broken lessons"
expect_in "$err" "b01-typo.yaml:7:3:" "FILE:LINE:COLUMN"
expect_in "$err" "blok" "the bad key"
[ -z "$out" ] || fail "broken lessons wrote to stdout"
pass "invalid lesson files: exit 3 with FILE:LINE:COLUMN"

run "$IOLAB" --list --lessons "$BROKEN"
expect_rc 3 "--list of broken lessons"
expect_in "$err" "b01-typo.yaml:7:3:" "--list FILE:LINE:COLUMN"
pass "--list of invalid lesson files: exit 3"

# --- 4: the environment, before any file is written ----------------------------
: >"$T/file"
batch --lesson b01-write-byte --dir "$T/file/sub"
expect_rc 4 "scratch under a regular file"
expect_in "$err" "$T/file/sub" "scratch message names the directory"
[ -z "$out" ] || fail "unusable scratch wrote to stdout"
pass "scratch directory that cannot exist: exit 4"

batch --lesson b01-write-byte --output "$T/file/results.json"
expect_rc 4 "unwritable --output"
expect_in "$err" "--output $T/file/results.json" "output message"
[ -z "$(ls -A "$SCRATCH" | grep '^iolab-' || true)" ] || fail "a data file was written before the check"
pass "--output where no file can be created: exit 4, checked before running"

# Not enough space: two read lessons of 64 and 63 GiB (read files are kept
# for the run, so they add up) where the filesystem has less than that free.
avail_kib=$(df -Pk "$T" | awk 'NR == 2 { print $4 }')
if [ "$avail_kib" -lt $((126 * 1024 * 1024)) ]; then
	batch --lesson b07-huge-a,b08-huge-b
	expect_rc 4 "no space"
	expect_in "$err" "not enough free space" "no space message"
	[ -z "$(ls -A "$SCRATCH" | grep '^iolab-' || true)" ] || fail "no space: a data file was written"
	[ -z "$out" ] || fail "no space: wrote to stdout"
	pass "not enough free space for the selected lessons: exit 4, nothing written"
else
	echo "# skipped the free-space check: $((avail_kib / 1024 / 1024)) GiB free, more than the fixture needs"
fi

# --- 1: a lesson failed, the others still ran ----------------------------------
if [ -n "${PYTHON3:-}" ]; then
	batch --lesson b05-succeeds-unexpectedly,b01-write-byte --trials 2 --format json
	expect_rc 1 "failing lesson"
	"$PYTHON3" -c '
import json, sys
a, b = json.load(open(sys.argv[1]))["results"]
assert a["lesson"] == "b05-succeeds-unexpectedly" and a["status"] == "error", a
assert a["error"] == "expected EINVAL, but the workload succeeded", a["error"]
assert a["trials"] == 1, a["trials"]          # a failing workload is not repeated
assert a["rate"]["median"] is None, a["rate"]  # and measured nothing the lesson means
assert b["lesson"] == "b01-write-byte" and b["status"] == "ok" and b["error"] is None, b
assert b["trials"] == 2, b["trials"]
assert b["syscalls"]["write"] == 65536, b["syscalls"]
' "$T/out" || fail "failing lesson report"
	expect_in "$err" "[1/2] b05-succeeds-unexpectedly ... error: expected EINVAL" "progress says error"
	pass "a lesson that fails: exit 1, status error with why, the next lesson still reported"
fi

# --- signals: 130, 143, 129 ---------------------------------------------------------
# A background job of a non-interactive shell starts with SIGINT ignored;
# reset it, as a terminal's Ctrl-C would find it.
DEFSIG=""
if env --default-signal=INT true 2>/dev/null; then DEFSIG="env --default-signal=INT"; fi

# poll CMD...: until CMD succeeds (at most about 60 s)
poll() {
	i=0
	while ! "$@"; do
		i=$((i + 1))
		[ "$i" -lt 1200 ] || return 1
		sleep 0.05
	done
}
data_file_exists() { ls -A "$SCRATCH" 2>/dev/null | grep -q '^iolab-'; }
progress_shown() { grep -q '^\[1/1\] b09-slow \.\.\.' "$T/err"; }
# processes whose command line names this test's scratch directory
leftovers() {
	for f in /proc/[0-9]*/cmdline; do
		{ tr '\0' ' ' <"$f"; } 2>/dev/null | grep -qF -- "$SCRATCH" && echo "${f%/cmdline}"
	done
	return 0
}

# interrupt SIG STATUS [extra options]: run the slow lesson, kill it mid-trial
interrupt() {
	sig=$1 want=$2
	shift 2
	rm -rf "$SCRATCH"
	$DEFSIG "$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" --lesson b09-slow "$@" \
		>"$T/out" 2>"$T/err" &
	pid=$!
	poll progress_shown || { kill -KILL "$pid"; fail "SIG$sig: no progress line: $(cat "$T/err")"; }
	poll data_file_exists || { kill -KILL "$pid"; fail "SIG$sig: no data file appeared"; }
	kill "-$sig" "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" -eq "$want" ] || fail "SIG$sig: exit $rc, expected $want (stderr: $(cat "$T/err"))"
	left=$(ls -A "$SCRATCH" | grep '^iolab-' || true)
	[ -z "$left" ] || fail "SIG$sig: data files left: $left"
	[ ! -s "$T/out" ] || fail "SIG$sig: results written after an interrupt: $(cat "$T/out")"
	procs=$(leftovers)
	[ -z "$procs" ] || fail "SIG$sig: processes left: $procs"
	grep -q 'interrupted' "$T/err" || fail "SIG$sig: no message: $(cat "$T/err")"
}

interrupt INT 130
pass "SIGINT mid-trial: exit 130, no data file, no child, no results"
interrupt TERM 143
pass "SIGTERM mid-trial: exit 143"
interrupt HUP 129
pass "SIGHUP mid-trial: exit 129"

interrupt INT 130 --format json --output "$T/int.json"
[ ! -e "$T/int.json" ] || fail "--output written after an interrupt"
tmp=$(ls -A "$T" | grep '\.tmp$' || true)
[ -z "$tmp" ] || fail "interrupted --output left a temporary file: $tmp"
pass "SIGINT with --output: no partial or temporary file"
