#!/bin/sh
# calibrate.sh - this machine's cost model: --calibrate --quick keeps every
# cost in the notebook and prints them (text and JSON), a batch run then
# carries a model whose terms are the run's own measured counts times those
# costs, adding up; a batch without a calibration says how to get one and
# has model null; bad combinations of options are refused.  Asserts names,
# counts and sums, never a speed.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

FIX="$TOP_SRCDIR/tests/fixtures/batch/good"
SCRATCH="$T/scratch"
DB="$T/lab.db"
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }

# --- options -------------------------------------------------------------------------
run "$IOLAB" --quick
expect_rc 2 "--quick alone"
expect_in "$err" "--quick goes with --calibrate" "--quick alone"
run "$IOLAB" --calibrate --format csv
expect_rc 2 "--calibrate --format csv"
expect_in "$err" "--calibrate prints text or json, not csv" "--calibrate --format csv"
run "$IOLAB" --calibrate --history
expect_rc 2 "--calibrate --history"
pass "--calibrate's options checked"

# --- no calibration yet: model null, and said -----------------------------------------
run "$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH" --trials 1 --db "$DB" \
	--lesson b01-write-byte --format json
expect_rc 0 "batch before --calibrate"
py 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]
sys.exit(0 if r["model"] is None else "model before calibration: %r" % r["model"])' "$T/out"
pass "no calibration: model null"

# --- --calibrate --quick -----------------------------------------------------------------
run "$IOLAB" --calibrate --quick --dir "$SCRATCH" --db "$DB" --format json
expect_rc 0 "--calibrate --quick"
expect_in "$err" "iolab: calibrating 1/15: a 1-byte read() of a cached file" "progress lines"
expect_in "$err" "iolab: calibrating 15/15:" "progress lines"
cp "$T/out" "$T/cal.json"
py '
import json, sys
c = json.load(open(sys.argv[1]))["calibration"]
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("keys", list(c), ["machine", "kernel", "filesystem", "device", "at", "took", "quick", "costs"])
eq("quick", c["quick"], True)
names = ["read", "write", "lseek", "copy_byte", "fread", "fwrite", "fgetc", "fputc", "map_load",
         "page_fault", "sync_write", "fsync_page", "flush_byte", "cold_byte", "cold_read_4k"]
eq("costs", list(c["costs"]), names)
# seconds over calls: always a cost; the others take earlier costs out of a
# trial, and on a busy machine what is left may be too small to tell (null,
# with that reason): never 0 or negative
for n in ["read", "write", "lseek"]:
    v = c["costs"][n]
    if not (isinstance(v["seconds"], float) and v["seconds"] > 0):
        sys.exit("%s: %r" % (n, v))
    eq(n + " why", v["why"], None)
for n, v in c["costs"].items():
    if v["seconds"] is not None and not v["seconds"] > 0:
        sys.exit("%s: %r" % (n, v))
for n, v in c["costs"].items():
    eq(n + " keys", list(v), ["seconds", "per", "meaning", "why"])
    if v["seconds"] is None and not v["why"]:
        sys.exit("%s has neither a cost nor a reason" % n)
if c["filesystem"] == "tmpfs":
    for n in ["sync_write", "fsync_page", "flush_byte", "cold_byte", "cold_read_4k"]:
        eq(n, c["costs"][n]["seconds"], None)
' "$T/cal.json"
"$PYTHON3" -c 'import sqlite3,sys; n=sqlite3.connect(sys.argv[1]).execute("select count(*) from costs").fetchone()[0]; sys.exit(0 if n == 15 else "costs rows: %d" % n)' "$DB" \
	|| fail "the notebook keeps one row per cost"
pass "--calibrate --quick: every cost, kept in the notebook"

run "$IOLAB" --calibrate --quick --dir "$SCRATCH" --db "$DB"
expect_rc 0 "--calibrate --quick, text"
expect_in "$out" "This machine's costs (quick), measured" "text heading"
expect_in "$out" "  fsync_page " "text rows"
"$PYTHON3" -c 'import sqlite3,sys; n=sqlite3.connect(sys.argv[1]).execute("select count(*) from costs").fetchone()[0]; sys.exit(0 if n == 15 else "costs rows: %d" % n)' "$DB" \
	|| fail "a second --calibrate replaces the key's rows"
pass "--calibrate again refreshes the key's costs in place"

# --- a batch run carries the model ----------------------------------------------------
run "$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH" --trials 1 --db "$DB" \
	--lesson b01-write-byte,b02-stdio-byte,b03-mmap-read --format json
expect_rc 0 "batch with a calibration"
py '
import json, sys, math
d = json.load(open(sys.argv[1]))
costs = json.load(open(sys.argv[2]))["calibration"]["costs"]
def field(res, name):
    v = res
    for part in name.split("."):
        v = v[part]
    return v
for res in d["results"]:
    m = res["model"]
    if m is None:
        sys.exit("%s: no model" % res["lesson"])
    if list(m) != ["predicted_seconds", "predicted_rate", "ratio", "terms", "off"]:
        sys.exit("%s: model keys %r" % (res["lesson"], list(m)))
    if not m["terms"]:
        sys.exit("%s: no terms" % res["lesson"])
    total = 0.0
    for t in m["terms"]:
        if list(t) != ["what", "field", "count", "cost_name", "cost", "seconds"]:
            sys.exit("term keys %r" % list(t))
        got = field(res, t["field"])        # a measured count of this result
        if got != t["count"]:
            sys.exit("%s: term %s counts %r, the result says %r" % (res["lesson"], t["field"], t["count"], got))
        if t["cost"] is not None:
            if t["cost_name"] not in costs:
                sys.exit("unknown cost %s" % t["cost_name"])
            if not math.isclose(t["seconds"], t["count"] * t["cost"], rel_tol=1e-9):
                sys.exit("%s: %r" % (res["lesson"], t))
            total += t["seconds"]
    if not math.isclose(m["predicted_seconds"], total, rel_tol=1e-9):
        sys.exit("%s: terms add to %r, predicted %r" % (res["lesson"], total, m["predicted_seconds"]))
    if not math.isclose(m["predicted_rate"], res["bytes"] / total, rel_tol=1e-9):
        sys.exit("%s: predicted_rate" % res["lesson"])
    if not math.isclose(m["ratio"], res["seconds"]["median"] / total, rel_tol=1e-9):
        sys.exit("%s: ratio" % res["lesson"])
    secs = [t["seconds"] for t in m["terms"] if t["seconds"] is not None]
    if secs != sorted(secs, reverse=True):
        sys.exit("%s: terms not largest first" % res["lesson"])
    if (m["off"] is None) != (1 / 2 <= m["ratio"] <= 2):
        sys.exit("%s: off %r with ratio %r" % (res["lesson"], m["off"], m["ratio"]))
fields = {t["field"] for r in d["results"] for t in r["model"]["terms"]}
for want in ["syscalls.write", "calls.fwrite", "calls.memread", "faults.minor"]:
    if want not in fields:
        sys.exit("no term counts %s: %r" % (want, fields))
' "$T/out" "$T/cal.json"
pass "every model term is a measured count times a calibrated cost, and they add up"

run "$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH" --trials 1 --db "$DB" \
	--lesson b01-write-byte --format csv
expect_rc 0 "csv"
expect_in "$out" ",model.predicted_seconds,model.predicted_rate,model.ratio," "CSV columns"
run "$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH" --trials 1 --db "$DB" --lesson b01-write-byte
expect_rc 0 "text"
expect_in "$out" "this machine's model (iolab --calibrate):" "text report"
expect_in "$out" "write() calls x" "text report's largest term"
pass "CSV columns and the text report's model lines"

