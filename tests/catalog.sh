#!/bin/sh
# catalog.sh - the whole shipped course in one batch run: every
# lesson of course.yaml runs, every one states at least one expectation, and
# no shipped claim is missed.  Inconclusive verdicts are allowed - a busy
# machine, a whole-file claim on a run its time limit stopped - and each is
# printed with its reason, so a maintainer reads them in the test's log.
#
# The lessons run at their own sizes and time limits: what a student's run
# does is what is judged.  Two trials each, because a claim is missed only
# when no combination of the trials meets it: one trial slowed by the other
# tests of `make check -j2` cannot miss a claim alone, and a straddle is
# inconclusive, not missed.  About a minute on a 2-core machine.
#
# CATALOG_SIZE (tests/catalog_small.sh sets it) runs every lesson at that
# --size instead: a shipped claim holds at any documented size, or is
# inconclusive with its reason, dd lessons and strided streams included.
# CATALOG_TRIALS (default 2) sets the trials; at 1, a missed claim's lesson
# and the lessons its check reads run again with two trials, and only a
# claim missed there fails: one trial slowed by a busy machine never does,
# and a claim that does not hold misses twice.
#
# In a coverage build (./configure --enable-coverage) iolab's own loops
# run at -O0 with a counter in every block, far slower than this machine
# runs them and slower against the C library's calls (b10's getc_unlocked
# came out 1.03 times fgetc there, 3-4 times in a plain build): a missed
# claim on a speed or a time is listed, not judged.  Every other check
# holds as in any build.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

LESSONS="$TOP_SRCDIR/lessons"
# Cold-cache lessons need a filesystem whose page cache can be dropped, and
# the O_SYNC claims a device behind it: not tmpfs.  $T may be on one (a
# TMPDIR in RAM); the build tree is the next place to try.
SCRATCH="$T/scratch"
if [ "$(stat -f -c %T "$T")" = tmpfs ]; then
	SCRATCH=$(mktemp -d "$TOP_BUILDDIR/catalog-scratch.XXXXXX") \
		|| fail "cannot make a scratch directory in $TOP_BUILDDIR"
	trap 'rm -rf "$T" "$SCRATCH"' EXIT
	[ "$(stat -f -c %T "$SCRATCH")" = tmpfs ] \
		&& skip "both $T and $TOP_BUILDDIR are on tmpfs: cold-cache and O_SYNC lessons need a disk filesystem"
fi

run "$IOLAB" --list --lessons "$LESSONS"
expect_rc 0 "--list of the shipped course"
printf '%s\n' "$out" | cut -f1 >"$T/ids"
[ -s "$T/ids" ] || fail "--list printed no lesson"

TRIALS=${CATALOG_TRIALS:-2}

# catalog_batch OUT TRIALS [--lesson IDS]: the course (or those lessons) in
# batch.  0: every claim held or was inconclusive; 5: one was missed (named
# below); anything else (a lesson failed, bad files, no usable scratch) is
# a failure of its own.
catalog_batch() {
	out_json=$1 trials=$2
	shift 2
	"$IOLAB" --batch --lessons "$LESSONS" --dir "$SCRATCH" --trials "$trials" "$@" \
		${CATALOG_SIZE:+--size "$CATALOG_SIZE"} --format json --output "$out_json" 2>"$T/err"
	rc=$?
	case $rc in
	0|5) ;;
	*) fail "the shipped course in batch: exit $rc; stderr: $(cat "$T/err")" ;;
	esac
}

# catalog.py again|judge FIRST.json IDS COVERAGE [RC [SECOND.json]]:
# "again" lists, comma-separated, each lesson with a missed claim (one a
# coverage build judges) and every lesson its checks read; "judge" judges
# the course, a lesson that ran again by its second run.
cat >"$T/catalog.py" <<'EOF'
import json, re, sys

mode, coverage = sys.argv[1], sys.argv[4] == "1"
doc = json.load(open(sys.argv[2]))
ids = [line.strip() for line in open(sys.argv[3]) if line.strip()]
# a check that reads a speed or a time
TIMED = re.compile(r"\b(rate|log_rate|rate_alone|seconds|per_call|time\.[a-z_]+|sweep\.fit)\b")
results = {r["lesson"]: r for r in doc["results"]}

def unjudged(e):
    return coverage and TIMED.search(e["check"])

missed = [l for l, r in results.items()
          if any(e["verdict"] == "missed" and not unjudged(e) for e in r["expectations"])]

if mode == "again":
    again = set(missed)
    for l in missed:
        for e in results[l]["expectations"]:
            again.update(i for i in re.findall(r"\(([a-z0-9][a-z0-9-]*)\)", e["check"]) if i in ids)
    print(",".join(sorted(again)))
    sys.exit(0)

rc = int(sys.argv[5])
problems = []
second = {}
if len(sys.argv) > 6:
    # the exit status to match is the second run's
    second = {r["lesson"]: r for r in json.load(open(sys.argv[6]))["results"]}
    for l in missed:
        if l in second:
            results[l] = second[l]
        else:
            problems.append("%s: missed a claim but did not run again" % l)
counts = {"held": 0, "missed": 0, "inconclusive": 0}

for lid in ids:
    r = results.get(lid)
    if r is None:
        problems.append("%s: listed by --list but not in the batch results" % lid)
        continue
    if r["status"] != "ok":
        problems.append("%s: status %s: %s" % (lid, r["status"], r["error"]))
    if not r["expectations"]:
        problems.append("%s: the lesson states no expectation (every shipped lesson needs one)" % lid)
    for e in r["expectations"]:
        counts[e["verdict"]] += 1
        line = '%s: "%s": %s = %s, %s' % (lid, e["claim"], e["check"], e["value"], e["bound"])
        if e["verdict"] == "missed" and unjudged(e):
            print("missed in a coverage build, not judged: " + line)
        elif e["verdict"] == "missed":
            problems.append("MISSED " + line + " (trials: %s .. %s)" % (e["min"], e["max"]))
        elif e["verdict"] == "inconclusive":
            print("inconclusive %s (%s: %s)" % (line, e["reason"], e["why"]))
for lid in results:
    if lid not in ids:
        problems.append("%s: in the batch results but not listed by --list" % lid)
last = second.values() if second else results.values()
if (rc == 5) != any(e["verdict"] == "missed" for r in last for e in r["expectations"]):
    problems.append("exit %d against the missed claims of that run's JSON" % rc)

print("%d lessons, %d claims: %d held, %d missed, %d inconclusive"
      % (len(ids), sum(counts.values()), counts["held"], counts["missed"], counts["inconclusive"]))
for p in problems:
    print("FAIL: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
COVERAGE=${COVERAGE_BUILD:+1}

catalog_batch "$T/catalog.json" "$TRIALS"
again_json=
if [ "$TRIALS" -lt 2 ] && [ "$rc" -eq 5 ]; then
	again=$("$PYTHON3" "$T/catalog.py" again "$T/catalog.json" "$T/ids" "$COVERAGE") \
		|| fail "listing the missed lessons"
	if [ -n "$again" ]; then
		echo "missed with $TRIALS trial: $again run again with 2 trials"
		again_json="$T/again.json"
		catalog_batch "$again_json" 2 --lesson "$again"
	fi
fi

"$PYTHON3" "$T/catalog.py" judge "$T/catalog.json" "$T/ids" "$COVERAGE" "$rc" ${again_json:+"$again_json"} \
	|| fail "the shipped course's claims (above)"
unjudged=""
[ -z "${COVERAGE_BUILD:-}" ] || unjudged=", speeds and times not judged in a coverage build"
pass "the shipped course${CATALOG_SIZE:+ at --size $CATALOG_SIZE}: every lesson ran and states a claim, no claim missed$unjudged"
