#!/bin/sh
# gradescope.sh - the autograder examples/grading ships, as Gradescope
# runs it: `make -C examples/grading autograder.zip` builds the zip; it is
# unpacked into AUTOGRADER_ROOT/source under a temporary root; setup.sh
# builds iolab from the zip's sources for real (IOLAB_SETUP_SYSTEM=no: no
# apt-get, no user added to this machine); run_autograder then grades
# submissions, as Gradescope does, from AUTOGRADER_ROOT:
# - the model solution (in a folder of the submission): 100 points (its
#   timed claims aside on a loaded machine), exit 0;
# - the unbuffered one: a failing score (36 at 64 KiB), exit 0;
# - one that crashes: its claims missed with the signal named, exit 0;
# - one that does not compile, and none at all: 0 with the reason, exit 0;
# - a broken autograder (no iolab): exit 1, results.json says so.
# Scores are of counts; a speed claim of the model that a loaded machine
# made missed is noted, not failed: nothing depends on the clock.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"
command -v zip >/dev/null 2>&1 || skip "zip not found"
command -v unzip >/dev/null 2>&1 || skip "unzip not found"
command -v cc >/dev/null 2>&1 || skip "cc not found (run_autograder builds the submission with it)"
: "${TOP_BUILDDIR:?}"
GRADING="$TOP_SRCDIR/examples/grading"
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }

# --- the zip -----------------------------------------------------------------------
run make -s -C "$GRADING" autograder.zip OUT="$T/autograder.zip" TOP="$TOP_BUILDDIR"
expect_rc 0 "make -C examples/grading autograder.zip"
unzip -Z1 "$T/autograder.zip" >"$T/list" || fail "unzip -Z1"
for f in setup.sh run_autograder iolab.tar.gz grading/course.yaml grading/task1-blocks.yaml \
	grading/student-io.c grading/sio.h; do
	grep -qx "$f" "$T/list" || fail "the zip has no $f: $(cat "$T/list")"
done
! grep -qx 'grading/sio.c' "$T/list" || fail "the zip gives away the model solution"
pass "autograder.zip: setup.sh and run_autograder at its top, iolab's sources and the pack inside"

# --- setup.sh, once -------------------------------------------------------------------
AG="$T/autograder"
mkdir -p "$AG/source" "$AG/submission"
(cd "$AG/source" && unzip -q "$T/autograder.zip") || fail "unzip"
[ -x "$AG/source/setup.sh" ] && [ -x "$AG/source/run_autograder" ] || fail "the scripts lost their mode"
run env AUTOGRADER_ROOT="$AG" IOLAB_SETUP_SYSTEM=no sh -c 'cd "$AUTOGRADER_ROOT/source" && ./setup.sh'
expect_rc 0 "setup.sh"
expect_in "$out" "setup.sh: iolab " "setup.sh says what it built"
[ -x "$AG/iolab/bin/iolab" ] || fail "setup.sh installed no $AG/iolab/bin/iolab"
# Gradescope copies run_autograder to AUTOGRADER_ROOT and runs it from there
cp "$AG/source/run_autograder" "$AG/run_autograder"
pass "setup.sh builds iolab from the zip into AUTOGRADER_ROOT/iolab, and the pack loads"

# grade SIO.C [IOLAB_OPTIONS]: a submission of that sio.c (or none: -),
# graded; $rc and $AG/results/results.json
grade() {
	rm -rf "$AG/submission" "$AG/results"
	mkdir -p "$AG/submission/hw3"
	[ "$1" = - ] || cp "$1" "$AG/submission/hw3/sio.c"
	run env AUTOGRADER_ROOT="$AG" IOLAB_OPTIONS="${2:-}" sh -c 'cd "$AUTOGRADER_ROOT" && ./run_autograder'
	[ -f "$AG/results/results.json" ] || fail "no results.json (exit $rc): $out $err"
}

grade "$GRADING/sio.c" "--trials 2"
expect_rc 0 "the model solution"
# Every count claim is held, whatever the load.  The speed claims are
# timed: a loaded machine slows the program (a command is timed from fork
# to exit) as much as it may spare its stdio reference, so a speed claim
# the load made missed is noted, not failed; on a quiet machine the model
# scores 100.
py '
import json, sys
d = json.load(open(sys.argv[1]))
lost = 0.0
for t in d["tests"]:
    if t["score"] == t["max_score"]:
        continue
    if "as fast as stdio" not in t["name"] or not t["output"].startswith("missed: rate / rate(ref-"):
        sys.exit("model: %r" % t)
    print("note (a loaded machine): %s: %s" % (t["name"], t["output"]))
    lost += t["max_score"]
if d["score"] != 100.0 - lost:
    sys.exit("model: score %r, %r lost to the load" % (d["score"], lost))
if len(d["leaderboard"]) != 4 or not isinstance(d["execution_time"], int):
    sys.exit("leaderboard, execution_time: %r" % d)
' "$AG/results/results.json"
pass "run_autograder: the model solution scores 100, its speed claims aside on a loaded machine (exit 0)"

grade "$GRADING/sio-slow.c" "--trials 2 --size 64KiB"
expect_rc 0 "the unbuffered solution"
# its speed claims missed, or credited as inconclusive when a busy machine
# held the program back (tests/grading.sh says why); its counts, never
py '
import json, sys
d = json.load(open(sys.argv[1]))
credited = sum(t["score"] for t in d["tests"]
               if "as fast" in t["name"] and t["output"].startswith("inconclusive: "))
if d["score"] != 36.0 + credited:
    sys.exit("slow: score %r, %r credited" % (d["score"], credited))
missed = [t["name"] for t in d["tests"] if t["status"] == "failed"]
blocks = [n for n in missed if "in blocks" in n]
if len(blocks) != 4 or not all("in blocks" in n or "as fast" in n for n in missed):
    sys.exit("slow: failed tests %r" % missed)
' "$AG/results/results.json"
pass "run_autograder: the unbuffered solution scores 36 (its speed claims aside when busy), its syscall claims failed (exit 0)"

{ cat "$GRADING/sio.c"; printf '#include <signal.h>\n__attribute__((constructor)) static void crash(void) { raise(SIGSEGV); }\n'; } >"$T/sio-crash.c"
grade "$T/sio-crash.c" "--trials 1 --size 64KiB"
expect_rc 0 "a crashing solution"
py '
import json, sys
d = json.load(open(sys.argv[1]))
if d["score"] != 4.0:
    sys.exit("crash: score %r" % d["score"])
for t in d["tests"]:
    if not t["name"].startswith("task"):
        continue
    if t["score"] != 0 or t["status"] != "failed" or "killed by signal SIGSEGV" not in t["output"]:
        sys.exit("crash: %r" % t)
    if t["max_score"] > 0 and not t["output"].startswith("missed: ") or "credited" in t["output"]:
        sys.exit("crash: a claim not missed: %r" % t)
' "$AG/results/results.json"
pass "run_autograder: a crashing solution scores 4 (the references), every claim missed naming SIGSEGV"

printf 'this is not C\n' >"$T/sio-bad.c"
grade "$T/sio-bad.c"
expect_rc 0 "a solution that does not compile"
py '
import json, sys
d = json.load(open(sys.argv[1]))
if d["score"] != 0 or not d["output"].startswith("sio.c does not compile") or "error" not in d["output"]:
    sys.exit("compile error: %r" % d)
' "$AG/results/results.json"
grade -
expect_rc 0 "no sio.c"
expect_in "$(cat "$AG/results/results.json")" '"score": 0, "output": "No sio.c in the submission' "no sio.c"
pass "run_autograder: no sio.c, or one that does not compile: 0 with the reason (exit 0)"

mv "$AG/iolab" "$AG/iolab.away"
grade "$GRADING/sio.c"
expect_rc 1 "a broken autograder"
expect_in "$(cat "$AG/results/results.json")" "The autograder is broken, not your submission" "broken"
mv "$AG/iolab.away" "$AG/iolab"
pass "run_autograder: a broken autograder exits 1, and results.json says it is not the submission"
