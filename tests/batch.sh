#!/bin/sh
# batch.sh - what --batch prints: every JSON field of the contract with the
# exact counts of tiny fixture lessons, CSV read back with python's csv
# module, the text table, --list, --output, progress on stderr only.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

FIX="$TOP_SRCDIR/tests/fixtures/batch/good"
SCRATCH="$T/scratch"
FOUR=b01-write-byte,b02-stdio-byte,b03-mmap-read,b04-direct-misaligned
batch() { run "$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" "$@"; }
# py SCRIPT ARGS...: a python check; its message is the failure
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }
no_data_files() {
	left=$(ls -A "$SCRATCH" 2>/dev/null | grep '^iolab-' || true)
	[ -z "$left" ] || fail "$1: data files left in the scratch directory: $left"
}

# --- --list --------------------------------------------------------------------
run "$IOLAB" --list --lessons "$FIX"
expect_rc 0 "--list"
tab=$(printf '\t')
[ "$(printf '%s\n' "$out" | head -n 1)" = "b01-write-byte${tab}One byte per write(), 64 KiB" ] \
	|| fail "--list first line: $out"
[ "$(printf '%s\n' "$out" | cut -f 1 | tr '\n' ' ')" = \
  "b01-write-byte b02-stdio-byte b03-mmap-read b04-direct-misaligned b05-succeeds-unexpectedly b06-sweep b07-huge-a b08-huge-b b09-slow " ] \
	|| fail "--list order: $out"
[ -z "$err" ] || fail "--list wrote to stderr: $err"
pass "--list: id TAB title, course order"

# --- JSON: every field, exact counts -----------------------------------------
batch --lesson "$FOUR" --trials 3 --format json
expect_rc 0 "json run"
cp "$T/out" "$T/four.json"
cp "$T/err" "$T/four.err"
FSTYPE=$(stat -f -c %T "$T")
py '
import json, math, re, sys, os
doc = json.load(open(sys.argv[1]))
version, kernel, scratch, fstype = sys.argv[2:6]
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("top-level keys", list(doc), ["iolab", "machine", "started", "course", "trials", "results"])
eq("iolab", doc["iolab"], version)
m = doc["machine"]
eq("machine keys", list(m), ["kernel", "filesystem", "scratch", "syscall_counter", "cpu_model", "cores",
                             "memory_bytes", "id", "device", "device_note"])
eq("cores", m["cores"], os.cpu_count())
if not (isinstance(m["memory_bytes"], int) and m["memory_bytes"] > 0):
    sys.exit("memory_bytes: %r" % m["memory_bytes"])
if m["id"] is not None and not re.fullmatch(r"[0-9a-f]{16}", m["id"]):
    sys.exit("id: %r" % m["id"])
# the scratch device: named, or none and the note says why
if (m["device"] is None) == (m["device_note"] is None):
    sys.exit("machine.device %r with device_note %r" % (m["device"], m["device_note"]))
if m["device"] is not None:
    eq("device keys", list(m["device"]), ["name", "model", "rotational", "write_cache",
                                          "logical_block_size", "scheduler"])
    if not m["device"]["name"]:
        sys.exit("machine.device.name: %r" % m["device"])
eq("kernel", m["kernel"], kernel)
eq("scratch", os.path.realpath(m["scratch"]), os.path.realpath(scratch))
eq("syscall_counter", m["syscall_counter"], "procfs")
if not m["filesystem"] or not isinstance(m["filesystem"], str):
    sys.exit("filesystem: %r" % m["filesystem"])
if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", doc["started"]):
    sys.exit("started: %r" % doc["started"])
eq("course", doc["course"], "Batch fixture")
eq("trials", doc["trials"], 3)
res = doc["results"]
eq("order", [r["lesson"] for r in res],
   ["b01-write-byte", "b02-stdio-byte", "b03-mmap-read", "b04-direct-misaligned"])
keys = ["lesson", "title", "status", "error", "workload", "trials", "passes", "bytes",
        "seconds", "rate", "log_rate", "time_limited", "disturbed", "checksum", "syscalls",
        "calls", "cpu", "faults", "context_switches", "waited_seconds", "time", "per_call",
        "rate_alone", "storage", "copied", "cache", "device", "amplification", "evidence",
        "reference", "sweep", "model", "busy", "points", "expectations"]
wl_keys = ["op", "api", "size", "block", "stride", "open", "fadvise", "cache", "streams",
           "stdio_buffer", "stdio_mode", "sync", "time_limit", "min_time", "command",
           "expect_error", "advice_lead", "map", "file", "sync_every", "redirect", "order",
           "stdio_call", "scenario"]
for r in res:
    eq(r["lesson"] + " keys", list(r), keys)
    eq(r["lesson"] + " workload keys", list(r["workload"]), wl_keys)
    eq(r["lesson"] + " status", r["status"], "ok")
    eq(r["lesson"] + " disturbed", r["disturbed"], None)
    eq(r["lesson"] + " trials", r["trials"], 3)
    eq(r["lesson"] + " seconds keys", list(r["seconds"]), ["median", "min", "max"])
    eq(r["lesson"] + " rate keys", list(r["rate"]), ["median", "min", "max"])
    eq(r["lesson"] + " syscalls keys", list(r["syscalls"]),
       ["read", "write", "total", "source", "lseek", "fsync", "fdatasync"])
    eq(r["lesson"] + " syscalls.source", r["syscalls"]["source"], "procfs")
    eq(r["lesson"] + " syscalls.total", r["syscalls"]["total"], None)
    eq(r["lesson"] + " cpu keys", list(r["cpu"]), ["user", "system"])
    eq(r["lesson"] + " faults keys", list(r["faults"]), ["minor", "major"])
    eq(r["lesson"] + " cs keys", list(r["context_switches"]), ["voluntary", "involuntary"])
    eq(r["lesson"] + " storage keys", list(r["storage"]), ["read_bytes", "write_bytes"])
    eq(r["lesson"] + " copied keys", list(r["copied"]), ["read_bytes", "write_bytes", "startup_read_bytes"])
    eq(r["lesson"] + " startup_read_bytes (own loops: none)", r["copied"]["startup_read_bytes"], None)
    eq(r["lesson"] + " cache keys", list(r["cache"]), ["resident_before", "resident_after",
       "dirty_pages_after", "writeback_pages_after", "resident_after_advice",
       "resident_evicted_max"])
    eq(r["lesson"] + " time keys", list(r["time"]),
       ["wall", "user", "system", "cpu_wait", "blocked", "note"])
    t = r["time"]
    eq(r["lesson"] + " time.wall", t["wall"], r["seconds"]["median"] if r["trials"] == 1
       else t["wall"])
    parts = [t[k] for k in ("user", "system", "cpu_wait", "blocked")]
    if None in parts:                    # a part not measured is said, never guessed
        if not t["note"]:
            sys.exit("%s: time %r has a null part and no note" % (r["lesson"], t))
    # within 2%, or the tenth of a millisecond two readings of the CPU
    # clock around a loop of a few microseconds cost
    elif abs(sum(parts) - t["wall"]) > 0.02 * t["wall"] + 1e-4:
        sys.exit("%s: the time parts %r do not add up to the wall %r" % (r["lesson"], parts,
                 t["wall"]))
    eq(r["lesson"] + " per_call keys", list(r["per_call"]), ["call", "syscall"])
    eq(r["lesson"] + " device keys", list(r["device"]),
       ["reads", "writes", "read_bytes", "write_bytes", "flushes", "merged"])
    if m["device"] is None:
        eq(r["lesson"] + " device.writes", r["device"]["writes"], None)
    elif not isinstance(r["device"]["writes"], int):
        sys.exit("%s device.writes: %r" % (r["lesson"], r["device"]))
    eq(r["lesson"] + " points", r["points"], 1.0)
    eq(r["lesson"] + " expectations", r["expectations"], [])
    eq(r["lesson"] + " sweep", r["sweep"], None)
    eq(r["lesson"] + " reference", r["reference"], [])
    for k in ("user", "system"):
        if not isinstance(r["cpu"][k], float) or r["cpu"][k] < 0:
            sys.exit("%s cpu.%s: %r" % (r["lesson"], k, r["cpu"][k]))
    for g, k in (("faults", "minor"), ("faults", "major"), ("context_switches", "voluntary"),
                 ("context_switches", "involuntary")):
        if not isinstance(r[g][k], int) or r[g][k] < 0:
            sys.exit("%s %s.%s: %r" % (r["lesson"], g, k, r[g][k]))
    for k in ("resident_before", "resident_after"):
        v = r["cache"][k]
        if v is not None and not (isinstance(v, float) and 0 <= v <= 1):
            sys.exit("%s cache.%s: %r" % (r["lesson"], k, v))
    for k in ("read_bytes", "write_bytes"):
        v = r["storage"][k]
        if v is not None and not (isinstance(v, int) and v >= 0):
            sys.exit("%s storage.%s: %r" % (r["lesson"], k, v))

def measured(r, nbytes):
    eq(r["lesson"] + " error", r["error"], None)
    eq(r["lesson"] + " bytes", r["bytes"], nbytes)
    eq(r["lesson"] + " passes", r["passes"], 1)
    eq(r["lesson"] + " time_limited", r["time_limited"], False)
    s, q = r["seconds"], r["rate"]
    if not (0 < s["min"] <= s["median"] <= s["max"]):
        sys.exit("%s seconds: %r" % (r["lesson"], s))
    if not (0 < q["min"] <= q["median"] <= q["max"]):
        sys.exit("%s rate: %r" % (r["lesson"], q))
    if abs(q["median"] * s["median"] - nbytes) > nbytes * 1e-6:
        sys.exit("%s: rate * seconds != bytes: %r %r" % (r["lesson"], q, s))
    if abs(r["log_rate"] - math.log(q["median"])) > 1e-9:
        sys.exit("%s log_rate %r" % (r["lesson"], r["log_rate"]))

w, s, mm, d = res
eq("b01 workload", w["workload"], {"op": "write", "api": "syscall", "size": 65536, "block": 1,
   "stride": 0, "open": [], "fadvise": "normal", "cache": "warm", "streams": 1,
   "stdio_buffer": "default", "stdio_mode": "full", "sync": "none", "time_limit": 5.0,
   "min_time": 0.2, "command": None, "expect_error": None, "advice_lead": 0.0, "map": "once",
   "file": "new", "sync_every": 0, "redirect": "none", "order": "forward", "stdio_call": "fwrite",
   "scenario": "none"})
measured(w, 65536)
eq("b01 syscalls.write", w["syscalls"]["write"], 65536)
eq("b01 syscalls.read", w["syscalls"]["read"], 0)
eq("b01 calls", w["calls"], {"write": 65536})
eq("b01 copied", w["copied"], {"read_bytes": 0, "write_bytes": 65536, "startup_read_bytes": None})
if not (isinstance(w["waited_seconds"], float) and 0 <= w["waited_seconds"] <= w["seconds"]["median"]):
    sys.exit("b01 waited_seconds: %r" % w["waited_seconds"])
if w["busy"] not in (True, False):
    sys.exit("b01 busy (a warm write of the lab: the rule applies): %r" % w["busy"])
eq("b04 busy (O_DIRECT waits for the device: no rule)", res[3]["busy"], None)
eq("b01 checksum", w["checksum"], None)

eq("b02 title", s["title"], "One byte per fwrite(), \"stdio\", 64 KiB")
eq("b02 stdio_buffer", s["workload"]["stdio_buffer"], 4096)
measured(s, 65536)
eq("b02 syscalls.write", s["syscalls"]["write"], 16)
eq("b02 calls.fwrite", s["calls"]["fwrite"], 65536)
eq("b02 no write()", s["calls"].get("write"), None)
eq("b02 copied", s["copied"], {"read_bytes": 0, "write_bytes": 65536, "startup_read_bytes": None})

eq("b03 api", mm["workload"]["api"], "mmap")
eq("b03 min_time", mm["workload"]["min_time"], 0.0)
measured(mm, 65536)
eq("b03 syscalls.read", mm["syscalls"]["read"], 0)
eq("b03 calls (one mapping, made before the loop)", mm["calls"], {"memread": 65536, "mmap": 1})
eq("b03 copied (a mapping copies nothing through read())", mm["copied"]["read_bytes"], 0)
if not re.fullmatch(r"[0-9a-f]{16}", mm["checksum"] or ""):
    sys.exit("b03 checksum: %r" % mm["checksum"])

eq("b04 open", d["workload"]["open"], ["O_DIRECT"])
eq("b04 expect_error", d["workload"]["expect_error"], "EINVAL")
if fstype != "tmpfs" and "Invalid argument" not in (d["error"] or ""):
    sys.exit("b04 error: %r" % d["error"])
eq("b04 rate (nothing moved: null, not 0)", d["rate"], {"median": None, "min": None, "max": None})
eq("b04 seconds", d["seconds"], {"median": None, "min": None, "max": None})
eq("b04 log_rate", d["log_rate"], None)
' "$T/four.json" "$("$IOLAB" --version | cut -d' ' -f2)" "$(uname -r)" "$SCRATCH" "$FSTYPE"
pass "json: every contract field, exact syscall counts (65536 writes, 16 for stdio, 0 for mmap)"

no_data_files "json run"
pass "json: no data file left behind"

# progress: one line per lesson on stderr, nothing of it on stdout
[ "$(wc -l <"$T/four.err")" -eq 4 ] || fail "progress lines: $(cat "$T/four.err")"
grep -q '^\[1/4\] b01-write-byte \.\.\. [0-9.]* [kMG]*B/s$' "$T/four.err" \
	|| fail "progress line 1: $(cat "$T/four.err")"
grep -q '^\[4/4\] b04-direct-misaligned \.\.\. ' "$T/four.err" || fail "progress line 4"
if grep -q "$(printf '\033')" "$T/four.err"; then fail "escape sequences on a non-terminal"; fi
if grep -q '^\[' "$T/four.json"; then fail "progress on stdout"; fi
pass "progress: one plain line per lesson on stderr, results alone on stdout"

# --- CSV: read back with python's csv module ----------------------------------
batch --lesson "$FOUR" --trials 1 --format csv
expect_rc 0 "csv run"
py '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
doc = json.load(open(sys.argv[2]))
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("rows", [r["lesson"] for r in rows],
   ["b01-write-byte", "b02-stdio-byte", "b03-mmap-read", "b04-direct-misaligned"])
eq("b01 syscalls.write", rows[0]["syscalls.write"], "65536")
eq("b01 calls.write", rows[0]["calls.write"], "65536")
eq("b01 calls.fwrite", rows[0]["calls.fwrite"], "0")
eq("b01 syscalls.total (null)", rows[0]["syscalls.total"], "")
eq("b02 syscalls.write", rows[1]["syscalls.write"], "16")
eq("b02 title (comma, quotes)", rows[1]["title"], "One byte per fwrite(), \"stdio\", 64 KiB")
eq("b04 open", rows[3]["workload.open"], "O_DIRECT")
eq("b04 expect_error", rows[3]["workload.expect_error"], "EINVAL")
eq("b01 rate.median is a number", float(rows[0]["rate.median"]) > 0, True)
# every scalar of the JSON is a CSV column, and the reverse
def flat(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict) and k not in ("calls",):
            yield from flat(v, prefix + k + ".")
        elif k not in ("calls", "reference", "sweep", "model", "evidence"):
            yield prefix + k
json_cols = list(flat(doc["results"][0]))
# expectations.held/missed/inconclusive count the verdicts of the JSON list;
# evidence, like sweep, is null in the JSON of a run without one
csv_cols = [c for c in rows[0].keys()
            if not c.startswith(("calls.", "sweep.", "expectations.", "model.", "evidence."))]
eq("CSV columns = JSON fields", csv_cols, json_cols)
' "$T/out" "$T/four.json"
case "$out" in *"$(printf '\r')"*) ;; *) fail "csv: no CRLF line ends" ;; esac
pass "csv: header + one row per lesson, RFC 4180 quoting, same fields as the JSON"

# --- text: the lecture's table -------------------------------------------------
# --wide: one line per lesson
batch --lesson "$FOUR" --trials 1 --wide
expect_rc 0 "text run"
header=$(printf '%s\n' "$out" | grep '^lesson ')
for col in workload rate "log rate" "syscalls r/w" "bytes/syscall"; do
	expect_in "$header" "$col" "text header"
done
row=$(printf '%s\n' "$out" | grep '^b01-write-byte ')
expect_in "$row" "write() - 1 B blocks - 64 KiB" "b01 description"
expect_in "$row" " 0/65,536 " "b01 syscalls r/w"
expect_in "$row" " 1 B" "b01 bytes/syscall"
row=$(printf '%s\n' "$out" | grep '^b02-stdio-byte ')
expect_in "$row" " 0/16 " "b02 syscalls r/w"
expect_in "$row" " 4 KiB" "b02 bytes/syscall"
row=$(printf '%s\n' "$out" | grep '^b04-direct-misaligned ')
expect_in "$row" "EINVAL (expected)" "b04 rate column"
# columns line up: "rate" ends where every rate ends (right-aligned)
end=$(printf '%s\n' "$header" | awk '{ print index($0, "rate ") + 3 }')
printf '%s\n' "$out" | grep '^b0[123]' | while IFS= read -r line; do
	c=$(printf '%s\n' "$line" | cut -c "$end")
	[ "$c" = "s" ] || fail "rate column not aligned at $end: $line"
done || exit 1
pass "text: aligned table with description, rate, log rate, syscalls, bytes/syscall"

# by default the tables fit 80 columns: the figures, then the workloads
batch --lesson "$FOUR" --trials 1
expect_rc 0 "text run, 80 columns"
# (the notes under the tables are sentences, an error's whole text)
printf '%s\n' "$out" | sed '1d; /^expectations:/,$d' | grep -Ev '^[^ ]+: (expected )?error: ' \
	| awk 'length($0) > 80 { print; bad = 1 } END { exit bad }' \
	|| fail "text: a table line wider than 80 columns"
row=$(printf '%s\n' "$out" | grep '^b01-write-byte .*B/s')
expect_in "$row" " 0/65,536" "b01 syscalls r/w, 80 columns"
row=$(printf '%s\n' "$out" | sed -n '/^workloads:/,/^$/p' | grep '^b01-write-byte ')
expect_in "$row" " 1 B  write() - 1 B blocks - 64 KiB" "b01 workload, 80 columns"
pass "text: in 80 columns, the figures and the workloads in tables of their own"

# --- --output: whole file, nothing on stdout, no temporary left -----------------
batch --lesson b01-write-byte --trials 1 --format json --output "$T/res.json"
expect_rc 0 "--output"
[ -z "$out" ] || fail "--output: results also on stdout"
py 'import json, sys; assert json.load(open(sys.argv[1]))["results"][0]["lesson"] == "b01-write-byte"' "$T/res.json"
tmp=$(ls -A "$T" | grep '\.tmp$' || true)
[ -z "$tmp" ] || fail "--output left a temporary file: $tmp"
pass "--output: written whole, no temporary file left"

# --- overrides -----------------------------------------------------------------
batch --lesson b01-write-byte --trials 1 --format json --size 4KiB --time-limit 2s
expect_rc 0 "overrides"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["workload"]["size"] == 4096, r["workload"]
assert r["workload"]["time_limit"] == 2.0, r["workload"]
assert r["bytes"] == 4096 and r["syscalls"]["write"] == 4096, (r["bytes"], r["syscalls"])
' "$T/out"
pass "--size and --time-limit override the lesson"

# --- a sweep lesson --------------------------------------------------------------
batch --lesson b06-sweep --trials 1 --format json
expect_rc 0 "sweep"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
sw = r["sweep"]
pts = [(p["block"], p["cache"]) for p in sw["points"]]
assert pts == [(1, "warm"), (512, "warm"), (4096, "warm"), (1, "cold"), (512, "cold"),
               (4096, "cold")], pts
for p in sw["points"]:
    assert list(p) == ["block", "cache", "ok", "rate", "seconds", "calls", "bytes"], p
    assert p["ok"] is True and p["rate"] > 0 and p["bytes"] == 65536, p
    assert p["calls"] >= 65536 // p["block"], p
assert list(sw["fit"]) == ["warm", "cold"], sw["fit"]
for c in ("warm", "cold"):
    assert sw["fit"][c] is None or list(sw["fit"][c]) == ["R", "U"], sw["fit"]
# the main figures: the largest block, warm
assert r["workload"]["block"] == 4096 and r["workload"]["cache"] == "warm", r["workload"]
assert r["syscalls"]["read"] == 16, r["syscalls"]
' "$T/out"
pass "sweep: every point in order, the fit per cache, main figures from 4096 B warm"
no_data_files "sweep"
pass "sweep: no data file left behind"

# --- a scenario: the file's bytes are the result ---------------------------------
batch --run 'op=write api=stdio scenario=fork_no_flush' --trials 1 --format json
expect_rc 0 "scenario"
cp "$T/out" "$T/scenario.json"
batch --run 'op=write api=stdio scenario=fork_no_flush' --trials 1 --format csv
expect_rc 0 "scenario csv"
py '
import csv, io, json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert r["workload"]["scenario"] == "fork_no_flush", r["workload"]
ev = r["evidence"]
assert ev == {"bytes": 59, "lines": 4, "max_copies": 2, "missing": 0, "in_order": 1,
              "text": "before fork\\nchild after fork\\nbefore fork\\nparent after fork\\n"}, ev
row = list(csv.DictReader(io.StringIO(open(sys.argv[2], newline="").read())))[0]
for k, v in ev.items():
    assert row["evidence." + k] == str(v), (k, row["evidence." + k], v)
' "$T/scenario.json" "$T/out"
pass "scenario: the file as evidence, the same in the JSON and the CSV"
no_data_files "scenario"
