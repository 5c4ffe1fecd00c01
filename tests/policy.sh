#!/bin/sh
# policy.sh - the grader's policy (doc/batch-output.md, "Grading policy"),
# through the real program and Gradescope's results.json:
# - points: and visibility: on a lesson and on a claim; the lesson's points
#   go to its claims, the run earning none unless a pack gives it some;
# - a program stopped at its time limit: its whole-file claims missed, the
#   limit named, never credited;
# - --inconclusive fail: an undecided claim missed, saying so;
# - --inconclusive retry: the busy lessons run again, 3 times at most, then
#   the claim credited, saying so (made busy for certain: a CPU hog pinned
#   to the CPU iolab is pinned to; skipped where taskset cannot pin).
# No figure is compared with the clock: the verdicts asserted are those of
# counts, of a missing lesson, or of a lesson made busy on purpose.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"
SCRATCH="$T/scratch"
PACK="$T/pack"
mkdir "$PACK"
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }
PIN=
# shellcheck disable=SC2086  # PIN is a command prefix, or nothing
grade() { run $PIN "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --allow-commands "$@"; }

cat >"$PACK/course.yaml" <<'YAML'
course: A policy
sections:
  - title: All
    lessons: [p01-ref, p02-same, p03-graded, p04-slow]
YAML
cat >"$PACK/p01-ref.yaml" <<'YAML'
id: p01-ref
title: The reference
text: reads 4 KiB blocks
workload: {op: read, api: syscall, size: 4MiB, block: 4096}
YAML
cat >"$PACK/p02-same.yaml" <<'YAML'
id: p02-same
title: The same loop again
text: reads 4 KiB blocks too
points: 2
visibility: after_published
workload: {op: read, api: syscall, size: 4MiB, block: 4096}
expect:
  - claim: "as fast as the reference, give or take half"
    check: "rate / rate(p01-ref)"
    at_least: 0.5
    leaderboard: "same / ref"
YAML
cat >"$PACK/p03-graded.yaml" <<'YAML'
id: p03-graded
title: Claims with points of their own
text: writes 4 KiB blocks
points: 0.5
workload: {op: write, api: syscall, size: 64KiB, block: 4096}
expect:
  - claim: "one write() per block"
    check: "syscalls.write"
    near: 16
    tolerance: 0
    points: 3
    visibility: hidden
  - claim: "every byte"
    check: "bytes / size"
    near: 1
    tolerance: 0
    points: 1
YAML
cat >"$PACK/p04-slow.yaml" <<'YAML'
id: p04-slow
title: A program stopped at its time limit
text: sleeps
workload:
  op: read
  api: command
  size: 64KiB
  time_limit: 1s
  command: [sleep, "100"]
expect:
  - claim: "reads the whole file"
    check: "bytes / size"
    near: 1
YAML

# --- points, visibility, the leaderboard; a time limit ------------------------------
grade --lesson p02-same,p03-graded,p04-slow --format gradescope
expect_rc 5 "p04's claim missed"
expect_in "$err" 'MISSED p04-slow: "reads the whole file": bytes / size = 0, expected near 1 +- 10%; the program was stopped at its time limit (1 s) before it finished' \
	"the time limit named on stderr"
py '
import json, sys
d = json.load(open(sys.argv[1]))
t = {x["name"]: x for x in d["tests"]}
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
def row(name):
    x = t[name]
    return (x["score"], x["max_score"], x["status"], x.get("visibility"))
# p02: its 2 points to its one claim (undecided: p01 was not selected, credited)
eq("p02 run", row("p02-same: The same loop again"), (0.0, 0.0, "passed", "after_published"))
eq("p02 claim", row("p02-same: as fast as the reference, give or take half"),
   (2.0, 2.0, "passed", "after_published"))
# p03: every claim has its points: the lesson gave its 0.5 to the run
eq("p03 run", row("p03-graded: Claims with points of their own"), (0.5, 0.5, "passed", None))
eq("p03 writes", row("p03-graded: one write() per block"), (3.0, 3.0, "passed", "hidden"))
eq("p03 bytes", row("p03-graded: every byte"), (1.0, 1.0, "passed", None))
# p04: stopped at its limit: ran, and its whole-file claim missed, not credited
eq("p04 run", row("p04-slow: A program stopped at its time limit"), (0.0, 0.0, "passed", None))
x = t["p04-slow: reads the whole file"]
eq("p04 claim", row("p04-slow: reads the whole file"), (0.0, 1.0, "failed", None))
if "stopped at its time limit (1 s)" not in x["output"] or "credited" in x["output"]:
    sys.exit("p04 output: %r" % x["output"])
eq("score", d["score"], 2.0 + 0.5 + 3.0 + 1.0)
eq("leaderboard", [e["name"] for e in d["leaderboard"]], ["same / ref"])
' "$T/out"
pass "points and visibility of lessons and claims; a time-limited program's claim missed, the limit named"

# --- --inconclusive fail ------------------------------------------------------------------
grade --lesson p02-same --inconclusive fail --format gradescope
expect_rc 5 "--inconclusive fail"
expect_in "$err" "lesson-missing: lesson p01-ref did not run or was not selected (--inconclusive fail: not credited)" \
	"the policy named on stderr"
py '
import json, sys
d = json.load(open(sys.argv[1]))
if d["score"] != 0.0 or not d["tests"][1]["output"].startswith("missed: "):
    sys.exit("--inconclusive fail: %r" % d)
' "$T/out"
run "$IOLAB" --batch --inconclusive maybe
expect_rc 2 "--inconclusive maybe"
expect_in "$err" "invalid --inconclusive 'maybe' (credit, fail or retry)" "the bad value"
pass "--inconclusive fail: an undecided claim is missed, saying why and by which policy"

# --- --inconclusive retry ------------------------------------------------------------------
if ! command -v taskset >/dev/null 2>&1 || ! taskset -c 0 true 2>/dev/null; then
	echo "SKIP: --inconclusive retry: taskset cannot pin to CPU 0 here"
	exit 0
fi
# A claim a busy machine can really tip: the lab corrects a busy rate by
# the time the loop waited for a CPU (rate_alone), and "give or take half"
# survives that correction; "within a tenth" does not.
RETRY="$T/retry"
mkdir "$RETRY"
cp "$PACK/p01-ref.yaml" "$RETRY/"
sed -e 's/give or take half/within a tenth/' -e 's/at_least: 0.5/at_least: 0.9/' \
	"$PACK/p02-same.yaml" >"$RETRY/p02-same.yaml"
printf 'course: Retry\nsections:\n  - title: All\n    lessons: [p01-ref, p02-same]\n' \
	>"$RETRY/course.yaml"
PACK=$RETRY
taskset -c 0 sh -c 'while :; do :; done' &
hog=$!
PIN="taskset -c 0"
grade --lesson p01-ref,p02-same --inconclusive retry --format gradescope
kill "$hog"
wait "$hog" 2>/dev/null
expect_rc 0 "--inconclusive retry"
n=$(grep -c 'p01-ref (again: the machine was busy)' "$T/err")
[ "$n" -eq 3 ] || fail "p01-ref ran again $n times, not 3: $err"
py '
import json, sys
d = json.load(open(sys.argv[1]))
o = d["tests"][2]["output"]
if d["tests"][2]["score"] != 2.0 or not o.startswith("inconclusive: ") or \
        "(credited: the lesson ran 3 more times and the lab still could not decide)" not in o:
    sys.exit("--inconclusive retry: %r" % d["tests"])
' "$T/out"
pass "--inconclusive retry: the busy lessons ran again 3 times, then the claim was credited, saying so"
