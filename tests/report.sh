#!/bin/sh
# report.sh - results out of the terminal: the HTML lab report from a batch
# document and from the notebook (the claims' verdicts kept there), one
# chart as SVG, and a class's machines merged (duplicates, strangers and a
# newer iolab skipped by name; exit 0 / 3), the report opened in a real
# headless browser when Debian's chromium is installed.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "$PYTHON3" ] || skip "python3 is not installed (the report's XML is checked with it)"
check() { "$PYTHON3" "$TOP_SRCDIR/tests/report_check.py" "$@"; }

# --- a small batch: two groups of the lecture and a sweep -------------------
run "$IOLAB" --batch --no-record --trials 1 --size 1MiB --dir "$T/s" --format json \
	--output "$T/b.json" --lesson w03-byte,w05-stdiobyte,r01-byte,r04-stdiobyte,sw01-readsweep
[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || fail "the batch run: exit $rc ($err)"

run "$IOLAB" --report "$T/r.html" --from "$T/b.json"
expect_rc 0 "--report --from"
check svgs "$T/r.html" 3 || fail "the report's charts"
html=$(cat "$T/r.html")
for want in "<h2>The machine</h2>" "<h2>The lecture's table</h2>" "Byte at a time: writes" \
	"Byte at a time: sequential reads" "sw01-readsweep: rate against block size" \
	"warm: R = " "<h2>Lessons and their claims</h2>" '<td class="held">'; do
	expect_in "$html" "$want" "the report"
done
# the sweep's fit is given in figures under its chart; no line of it is drawn
case $html in *"fitted line"*) fail "the report speaks of a fitted line it does not draw" ;; esac
pass "--report --from: the machine, the lecture's table, 2 groups and a sweep as well-formed SVG, verdicts"

run "$IOLAB" --report "$T/sweep.svg" --format svg --lesson sw01-readsweep --from "$T/b.json"
expect_rc 0 "--format svg of a sweep"
check svg "$T/sweep.svg" || fail "the sweep's SVG"
grep -q "<polyline" "$T/sweep.svg" || fail "the sweep's SVG has no line"
run "$IOLAB" --report "$T/bars.svg" --format svg --lesson w03-byte,w05-stdiobyte --from "$T/b.json"
expect_rc 0 "--format svg of two lessons"
check svg "$T/bars.svg" || fail "the bars' SVG"
[ "$(grep -c '<rect x="200"' "$T/bars.svg")" -eq 2 ] || fail "two bars expected in $(cat "$T/bars.svg")"
pass "--format svg: a sweep alone, two lessons as bars"

run "$IOLAB" --report "$T/x.svg" --format svg --from "$T/b.json"
expect_rc 2 "--format svg without --lesson"
expect_in "$err" "name its lessons with --lesson" "--format svg without --lesson"
run "$IOLAB" --history --format html
expect_rc 2 "--history --format html"
expect_in "$err" "--format html goes with --report" "--history --format html"
printf '{"a": 1}\n' >"$T/stranger.json"
run "$IOLAB" --report "$T/x.html" --from "$T/stranger.json"
expect_rc 3 "--from a stranger's JSON"
expect_in "$err" "not an iolab document" "--from a stranger's JSON"
[ ! -e "$T/x.html" ] || fail "a report was written from a stranger's JSON"
run "$IOLAB" --report "$T/none.html" --from "$T/b.json" --lesson w03-byte,w99-none
expect_rc 0 "--report --lesson naming a lesson with no result"
expect_in "$err" "iolab: --report: no result of w99-none in the batch document $T/b.json" "--lesson w99-none"
run "$IOLAB" --report "$T/empty.html" --db "$T/none.db"
expect_rc 0 "--report of a notebook with no runs"
expect_in "$err" "holds no result to report" "--report of no runs"
expect_in "$(cat "$T/empty.html")" "No results:" "the report of no runs"
[ ! -e "$T/none.db" ] || fail "--report made a notebook"
pass "refusals: svg without --lesson, html without --report (2), a stranger's document (3)"

cp "$T/b.json" "$T/b.keep"
for svg in "" "--format svg --lesson w03-byte"; do
	# shellcheck disable=SC2086
	run "$IOLAB" --report "$T/./b.json" --from "$T/b.json" $svg
	expect_rc 2 "--report over its own --from document $svg"
	expect_in "$err" "which the report is made from" "--report over its --from $svg"
	cmp -s "$T/b.json" "$T/b.keep" || fail "--report $svg wrote over the document it reads"
done
pass "--report naming its own --from document: exit 2, the document untouched"

# --- the notebook keeps the claims' verdicts; the report reads it -----------
run "$IOLAB" --batch --db "$T/lab.db" --trials 1 --dir "$T/s" --lesson w05-stdiobyte,r04-stdiobyte
[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || fail "the recorded batch: exit $rc ($err)"
"$IOLAB" --history --db "$T/lab.db" --format json >"$T/h.json" || fail "--history"
"$PYTHON3" - "$T/h.json" <<'PY' || fail "the notebook lost the verdicts"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
assert len(runs) == 2, runs
for r in runs:
    assert r["expectations"], f"{r['lesson']}: no expectations kept"
    assert all(e["verdict"] in ("held", "missed", "inconclusive") for e in r["expectations"])
PY
run "$IOLAB" --report "$T/n.html" --db "$T/lab.db"
expect_rc 0 "--report from the notebook"
check svgs "$T/n.html" 1 || fail "the notebook report's charts"
expect_in "$(cat "$T/n.html")" "the lab notebook $T/lab.db" "the report names its notebook"
expect_in "$(cat "$T/n.html")" "<h3>r04-stdiobyte" "the notebook report"
cp "$T/lab.db" "$T/lab.keep"
for args in "--report $T/lab.db" "--report $T/lab.db-wal" "--class --report $T/lab.db $T/b.json $T/b.json"; do
	# shellcheck disable=SC2086
	run "$IOLAB" --db "$T/lab.db" $args
	expect_rc 2 "$args"
	expect_in "$err" "is the lab's notebook" "$args"
	cmp -s "$T/lab.db" "$T/lab.keep" || fail "$args wrote over the notebook"
	[ ! -e "$T/lab.db-wal" ] || fail "$args made $T/lab.db-wal"
done
pass "the notebook keeps each run's verdicts; --report reads them from it"

# --- a class ---------------------------------------------------------------
"$PYTHON3" - "$T" <<'PY' || fail "making the class's documents"
import json, sys
t = sys.argv[1]
d = json.load(open(f"{t}/b.json"))
def save(name, doc):
    json.dump(doc, open(f"{t}/{name}", "w"))
for i, factor in enumerate([1, 2, 3]):
    e = json.loads(json.dumps(d))
    e["machine"]["id"] = f"{i + 1:016x}"
    for r in e["results"]:
        r["rate"]["median"] *= factor
    save(f"m{i}.json", e)
e = json.loads(json.dumps(d)); e["machine"]["id"] = f"{1:016x}"; save("dup.json", e)
e = json.loads(json.dumps(d)); e["iolab"] = "99.0.0"; e["machine"]["id"] = "9"; save("new.json", e)
# a document of an iolab before 0.3, which named no machine.id
assert len(d["machine"]["id"]) == 16, d["machine"]
e = json.loads(json.dumps(d)); del e["machine"]["id"]; save("old.json", e)
PY
run "$IOLAB" --class --format json "$T/m0.json" "$T/m1.json" "$T/m2.json" "$T/dup.json" \
	"$T/new.json" "$T/stranger.json" "$T/old.json"
expect_rc 0 "--class of three machines and four files to skip"
"$PYTHON3" - "$T/out" "$T" <<'PY' || fail "the class document: $out"
import json, sys
doc = json.load(open(sys.argv[1])); t = sys.argv[2]
assert doc["machines"] == 3, doc["machines"]
w03 = next(l for l in doc["lessons"] if l["lesson"] == "w03-byte")
assert w03["machines"] == 3 and w03["min"] < w03["q1"] < w03["median"] < w03["q3"] < w03["max"], w03
assert abs(w03["max"] / w03["min"] - 3) < 1e-9, w03
skipped = {s["file"]: s["reason"] for s in doc["skipped"]}
assert skipped == {
    f"{t}/dup.json": f"repeats the machine of {t}/m0.json",
    f"{t}/new.json": "written by iolab 99.0.0, newer than this iolab " + doc["iolab"],
    f"{t}/stranger.json": 'not an iolab document (no "iolab" version with "results" or "runs")',
    f"{t}/old.json": "no machine.id: written by an iolab before 0.3, or edited",
}, skipped
PY
expect_in "$err" "skipped $T/dup.json: repeats the machine of $T/m0.json" "--class names a skipped file"
pass "--class --format json: 3 machines, quartiles in order, 4 files skipped by name with the reason"

run "$IOLAB" --class "$T/m0.json" "$T/m1.json" "$T/m2.json"
expect_rc 0 "--class as text"
awk 'length($0) > 80 { print "line " NR " is " length($0) " columns: " $0; bad = 1 } END { exit bad }' \
	"$T/out" || fail "the class text is wider than 80 columns"
expect_in "$out" "iolab class view: 3 machines from 3 files" "--class text"
run "$IOLAB" --class --format csv "$T/m0.json" "$T/m1.json"
expect_rc 0 "--class as CSV"
[ "$(head -n 1 "$T/out" | tr -d '\r')" = "lesson,machines,median,q1,q3,min,max,outliers" ] \
	|| fail "the CSV header: $(head -n 1 "$T/out")"
cp "$T/m1.json" "$T/m1.keep"
run "$IOLAB" --class --output "$T/m1.json" "$T/m0.json" "$T/m1.json"
expect_rc 2 "--class --output over one of its files"
cmp -s "$T/m1.json" "$T/m1.keep" || fail "--class --output wrote over a student's document"
run "$IOLAB" --class --report "$T/m1.json" "$T/m0.json" "$T/m1.json"
expect_rc 2 "--class --report over one of its files"
cmp -s "$T/m1.json" "$T/m1.keep" || fail "--class --report wrote over a student's document"
run "$IOLAB" --class "$T/m0.json" "$T/dup.json"
expect_rc 3 "--class of one machine"
expect_in "$err" "1 machine merged, a class view needs at least two" "--class of one machine"
run "$IOLAB" --class --report "$T/class.html" "$T/m0.json" "$T/m1.json" "$T/m2.json"
expect_rc 0 "--class --report"
check svgs "$T/class.html" 1 || fail "the class report's chart"
[ "$(grep -c '<circle' "$T/class.html")" -ge 15 ] || fail "the class report shows fewer than 15 dots"
pass "--class: text in 80 columns, CSV, one machine exits 3, the report's strip of dots"

# --- a real browser ----------------------------------------------------------
browser=${CHROMIUM:-}
[ -n "$browser" ] || browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "# chromium is not installed (apt-get install chromium): the report was not opened in a browser"
	exit 0
fi
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" \
	--enable-logging=stderr --v=0 --window-size=900,2400 --screenshot="$T/shot.png" \
	"file://$T/r.html" >"$T/browser.out" 2>&1 || fail "chromium failed: $(tail -n 5 "$T/browser.out")"
if grep ':CONSOLE' "$T/browser.out" >"$T/console"; then
	fail "the browser's console: $(cat "$T/console")"
fi
check png "$T/shot.png" || fail "the screenshot"
pass "chromium loads the report with no console message; the screenshot shows the charts"
