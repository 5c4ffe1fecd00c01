#!/bin/sh
# bench_model.sh IOLAB LESSONS_DIR - this machine's cost model, measured:
# how long `iolab --calibrate` takes (its budget is 20 s), then every lesson
# of the course once, and how far the model was from each measurement
# (measured / predicted seconds; 1 is a perfect model), the term it leaned
# on most, and the median error.  A report, not a test: no pass or fail
# beyond the calibration's budget.
set -u
IOLAB=${1:?usage: bench_model.sh IOLAB LESSONS_DIR}
LESSONS=${2:?usage: bench_model.sh IOLAB LESSONS_DIR}
PY=${PYTHON3:-python3}
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-bench-model.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
start=$(date +%s.%N)
"$IOLAB" --calibrate --dir "$T/scratch" --db "$T/lab.db" --format json >"$T/cal.json" 2>"$T/cal.err" \
	|| { cat "$T/cal.err"; exit 1; }
end=$(date +%s.%N)
"$IOLAB" --batch --lessons "$LESSONS" --dir "$T/scratch" --db "$T/lab.db" --trials 1 \
	--format json --output "$T/run.json" 2>"$T/run.err"
"$PY" - "$T/cal.json" "$T/run.json" "$start" "$end" <<'PYEOF'
import json, sys, statistics
cal = json.load(open(sys.argv[1]))["calibration"]
wall = float(sys.argv[4]) - float(sys.argv[3])
print("iolab bench: --calibrate took %.1f s (%.1f s measuring; budget 20 s) on %s, %s, %s"
      % (wall, cal["took"], cal["filesystem"], cal["device"], cal["kernel"]))
print("%-22s %11s %11s %7s  %s" % ("lesson", "measured s", "model s", "ratio", "largest term"))
ratios = []
for r in json.load(open(sys.argv[2]))["results"]:
    m = r.get("model")
    if not m or m["predicted_seconds"] is None:
        continue
    t = m["terms"][0]
    ratios.append(m["ratio"])
    print("%-22s %11.4g %11.4g %7.2f  %s (%s)" % (r["lesson"], r["seconds"]["median"],
          m["predicted_seconds"], m["ratio"], t["what"], t["field"]))
if ratios:
    within = sum(1 for x in ratios if 0.5 <= x <= 2)
    print("model error: median ratio %.2f; %d of %d lessons within 2x" %
          (statistics.median(ratios), within, len(ratios)))
sys.exit(0 if wall <= 20 else "--calibrate took longer than its 20 s budget")
PYEOF
