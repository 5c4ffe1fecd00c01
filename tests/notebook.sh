#!/bin/sh
# notebook.sh - the lab notebook from the command line: batch runs recorded
# (as the lesson says, with overrides as "changed"), --run and --command
# (a program writing 4096-byte blocks shows exactly 2,560 writes for
# 10 MiB, and its stderr is shown), --history in its three formats (JSON
# parsed field by field), --forget, a store that cannot be written, two
# batch runs at once into one database, the old progress file imported.
# Every run here records into a database under $T (or records nothing).
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

FIX="$TOP_SRCDIR/tests/fixtures/batch/good"
SCRATCH="$T/scratch"
DB="$T/lab.db"
WRITE_BLOCKS="${TOP_BUILDDIR:?}/tests/helpers/write_blocks"
[ -x "$WRITE_BLOCKS" ] || fail "$WRITE_BLOCKS not built (make check builds it)"
batch() { run "$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH" --trials 1 "$@"; }
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }
history_json() { "$IOLAB" --history --db "$1" --format json >"$T/history.json" 2>"$T/history.err" \
	|| fail "--history --format json: $(cat "$T/history.err")"; }

# --- batch records every result ----------------------------------------------------
batch --db "$DB" --lesson b01-write-byte,b04-direct-misaligned --format json
expect_rc 0 "two lessons into the notebook"
cp "$T/out" "$T/first.json"
batch --db "$DB" --lesson b01-write-byte --size 32KiB --format json
expect_rc 0 "a lesson with --size"
cp "$T/out" "$T/second.json"
history_json "$DB"
py '
import json, sys
h = json.load(open(sys.argv[1]))
batch = json.load(open(sys.argv[2]))["results"] + json.load(open(sys.argv[3]))["results"]
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("top-level keys", list(h), ["iolab", "machine", "database", "exported", "lessons", "score", "runs"])
# the machine, as batch names it (the same id: a report a student hands in)
eq("machine keys", list(h["machine"]), ["kernel", "filesystem", "cpu_model", "cores", "memory_bytes", "id"])
m = json.load(open(sys.argv[2]))["machine"]
eq("machine keys in batch", list(m), ["kernel", "filesystem", "scratch", "syscall_counter",
                                      "cpu_model", "cores", "memory_bytes", "id", "device",
                                      "device_note"])
eq("the same machine.id", h["machine"]["id"], m["id"])
if m["id"] is not None and (len(m["id"]) != 16 or m["id"] in open("/etc/machine-id").read()):
    sys.exit("machine.id: %r" % m["id"])
eq("database", h["database"], sys.argv[4])
eq("lessons", h["lessons"], None)
eq("score", h["score"], {"guesses": 0, "mean_miss": None, "within_1": 0})
runs = h["runs"]
eq("runs", len(runs), 3)
store_keys = ["id", "kind", "label", "when", "recorder", "version", "spec", "guess"]
for run, res in zip(runs, batch):
    what = "run %s" % run["id"]
    eq(what + " keys", list(run), store_keys + list(res))
    for k in res:                       # the batch object, as stored
        eq(what + " " + k, run[k], res[k])
    eq(what + " recorder", run["recorder"], "batch")
    eq(what + " guess", run["guess"], None)
eq("ids", [r["id"] for r in runs], [1, 2, 3])
eq("lessons", [r["lesson"] for r in runs], ["b01-write-byte", "b04-direct-misaligned", "b01-write-byte"])
eq("kinds", [r["kind"] for r in runs], ["lesson", "lesson", "changed"])
eq("labels", [r["label"] for r in runs], ["", "", "32 KiB file"])
eq("spec 1", runs[0]["spec"], "op=write api=syscall size=64KiB block=1 stride=0 open=[] "
   "fadvise=normal cache=warm streams=1 stdio_buffer=default stdio_mode=full sync=none "
   "time_limit=5s min_time=0.2s")
eq("spec 3 size", runs[2]["spec"].split()[2], "size=32KiB")
eq("bytes", (runs[0]["bytes"], runs[2]["bytes"]), (65536, 32768))
eq("syscalls.write", runs[0]["syscalls"]["write"], 65536)
' "$T/history.json" "$T/first.json" "$T/second.json" "$DB"
pass "batch records every result: the batch object as stored, kind and label (--size: changed)"

run "$IOLAB" --history --db "$DB" --lesson b04-direct-misaligned --format json
expect_rc 0 "--history --lesson"
printf '%s\n' "$out" >"$T/one.json"
py '
import json, sys
h = json.load(open(sys.argv[1]))
if h["lessons"] != ["b04-direct-misaligned"] or [r["id"] for r in h["runs"]] != [2]:
    sys.exit("--lesson filter: %r %r" % (h["lessons"], [r["id"] for r in h["runs"]]))
' "$T/one.json"
pass "--history --lesson: that lesson's runs only"

run "$IOLAB" --history --db "$DB"
expect_rc 0 "--history text"
expect_in "$out" "3 saved runs in $DB" "text header"
expect_in "$out" "#  when (UTC)" "text columns"
expect_in "$out" "changed" "text kind"
expect_in "$out" "32 KiB file" "text label"
run "$IOLAB" --history --db "$DB" --format csv
expect_rc 0 "--history csv"
printf '%s\n' "$out" >"$T/h.csv"
py '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = ("id,when,lesson,kind,label,recorder,version,status,error,rate.median,log_rate,"
        "seconds.median,bytes,passes,syscalls.read,syscalls.write,calls.total,time_limited,"
        "guess.rate,guess.log_rate,guess.text,guess.miss,spec").split(",")
if list(rows[0]) != want:
    sys.exit("csv header: %r" % list(rows[0]))
if [r["kind"] for r in rows] != ["lesson", "lesson", "changed"]:
    sys.exit("csv kinds: %r" % [r["kind"] for r in rows])
if rows[0]["syscalls.write"] != "65536" or rows[2]["bytes"] != "32768":
    sys.exit("csv counts: %r" % rows)
' "$T/h.csv"
pass "--history text and csv"

# --- --no-record -------------------------------------------------------------------
batch --db "$T/none.db" --no-record --lesson b01-write-byte
expect_rc 0 "--no-record"
[ ! -e "$T/none.db" ] || fail "--no-record created the database"
pass "--no-record: no database, nothing recorded"

# --- --run --------------------------------------------------------------------------
batch --db "$DB" --run 'op=read api=stdio size=64KiB block=512 stride=16KiB' --format json
expect_rc 0 "--run"
printf '%s\n' "$out" >"$T/run.json"
history_json "$DB"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("lesson", r["lesson"], "experiment")
eq("status", r["status"], "ok")
w = r["workload"]
eq("workload", (w["op"], w["api"], w["size"], w["block"], w["stride"]), ("read", "stdio", 65536, 512, 16384))
eq("fread calls", r["calls"]["fread"] % 128, 0)     # 128 per pass
h = json.load(open(sys.argv[2]))["runs"][-1]
eq("kind", h["kind"], "experiment")
eq("label", h["label"], "fread() \u00b7 512 B blocks \u00b7 stride 16 KiB \u00b7 64 KiB")
eq("spec", h["spec"], "op=read api=stdio size=64KiB block=512 stride=16KiB open=[] "
   "fadvise=normal cache=warm streams=1 stdio_buffer=default stdio_mode=full sync=none "
   "time_limit=5s min_time=0.2s")
' "$T/run.json" "$T/history.json"
pass "--run: reported as lesson experiment, filed as kind experiment with its spec"

run "$IOLAB" --batch --no-record --run 'op=read blok=4'
expect_rc 2 "--run with a misspelt key"
[ "$err" = "iolab: --run: unknown key 'blok'; did you mean 'block'?
  op=read blok=4
          ^
Try 'iolab --help' for more information." ] || fail "--run message: $err"
run "$IOLAB" --batch --no-record --run 'size=1MiB block=2MiB'
expect_rc 2 "--run breaking a rule"
expect_in "$err" "iolab: --run: block must be from 1 to the file size" "--run rule message"
run "$IOLAB" --batch --no-record --run 'op=read' --lesson b01-write-byte
expect_rc 2 "--run with --lesson"
expect_in "$err" "iolab: --run runs one experiment: it takes no --lesson" "--run --lesson"
pass "--run: the loader's messages with a caret, exit 2"

# --- --command ---------------------------------------------------------------------
batch --db "$DB" --format json --command --op write --size 10MiB -- "$WRITE_BLOCKS" 4096 2560 '{file}'
expect_rc 0 "--command"
printf '%s\n' "$out" >"$T/cmd.json"
history_json "$DB"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
eq("lesson", r["lesson"], "program")
eq("status", r["status"], "ok")
eq("workload.api", r["workload"]["api"], "command")
eq("workload.op", r["workload"]["op"], "write")
eq("workload.size", r["workload"]["size"], 10485760)
eq("bytes", r["bytes"], 10485760)
eq("writes", r["syscalls"]["write"], 2560)
eq("storage source", r["syscalls"]["source"], "procfs")
h = json.load(open(sys.argv[2]))["runs"][-1]
eq("kind", h["kind"], "program")
eq("stored lesson", h["lesson"], "program")
if not h["label"].endswith("write_blocks 4096 2560 {file}"):
    sys.exit("label: %r" % h["label"])
' "$T/cmd.json" "$T/history.json"
pass "--command: 4096-byte writes of 10 MiB are 2,560 write syscalls; filed as kind program"

# --history --lesson finds an own program by the label the notebook shows
batch --db "$DB" --command --redirect stdout --size 4KiB -- head -c '{size}' /dev/zero
expect_rc 0 "a second own program"
run "$IOLAB" --history --db "$DB" --format json --lesson "$WRITE_BLOCKS 4096 2560 {file}"
expect_rc 0 "--history --lesson LABEL"
printf '%s\n' "$out" >"$T/by-label.json"
run "$IOLAB" --history --db "$DB" --format json --lesson "head -c {size} /dev/zero"
expect_rc 0 "--history --lesson LABEL of the second"
printf '%s\n' "$out" >"$T/by-label2.json"
py '
import json, sys
a = json.load(open(sys.argv[1]))["runs"]
b = json.load(open(sys.argv[2]))["runs"]
if len(a) != 1 or not a[0]["label"].endswith("write_blocks 4096 2560 {file}") or a[0]["kind"] != "program":
    sys.exit("by label: %r" % a)
if [r["label"] for r in b] != ["head -c {size} /dev/zero"] or b[0]["bytes"] != 4096:
    sys.exit("by label, the second: %r" % b)
' "$T/by-label.json" "$T/by-label2.json"
pass "--history --lesson finds an own program by its notebook label, and only it"

batch --no-record --command -- sh -c 'echo first line >&2; echo second line >&2; cat "$0" >/dev/null' '{file}'
expect_rc 0 "--command that talks"
expect_in "$err" "sh wrote on stderr (last lines):
    first line
    second line" "--command stderr shown"
run "$IOLAB" --batch --no-record --command
expect_rc 2 "--command without a program"
expect_in "$err" "--command needs a program" "--command alone"
run "$IOLAB" --batch --no-record --op read
expect_rc 2 "--op without --command"
expect_in "$err" "--op goes with --command" "--op alone"
pass "--command: the program's stderr shown on success; usage errors"

# A student's program writes to the grader's terminal: ESC, C1 CSI (U+009B),
# a right-to-left override and a tab are '?' each, UTF-8 kept, lines kept.
batch --no-record --command -- sh -c \
	'printf "a\033[2Jb\302\233c\342\200\256d\tend \303\266\nnext\n" >&2; cat "$0" >/dev/null' '{file}'
expect_rc 0 "--command with hostile stderr"
shown=$(printf '%s\n' "$err" | sed -n '/wrote on stderr/,$p')
want=$(printf '  sh wrote on stderr (last lines):\n    a?[2Jb?c?d?end \303\266\n    next')
[ "$shown" = "$want" ] || fail "hostile stderr shown as: $(printf '%s' "$shown" | od -c | head -8)"
pass "--command: a program's stderr made harmless for the terminal, line by line"

# The same text filed in the notebook and exported as CSV: its error (the
# program's stderr) and its argv as batch's CSV has them, with '?' for ESC,
# BEL, C1, bidi controls and zero-width characters.
HDB="$T/hostile.db"
batch --db "$HDB" --format csv --command -- sh -c \
	'printf "a\033]0;PWN\007b\302\233c\342\200\256d\342\201\246e\342\200\213f\n" >&2; exit 3' \
	"$(printf 'x\033[2Jy\342\200\256z')" '{file}'
expect_rc 1 "--command that fails with hostile stderr"
batch_csv=$out
run "$IOLAB" --history --db "$HDB" --format csv
expect_rc 0 "--history --format csv of the hostile run"
for text in "$batch_csv" "$out"; do
	case "$text" in
	*"$(printf '\033')"* | *"$(printf '\007')"* | *"$(printf '\302\233')"* | \
		*"$(printf '\342\200\256')"* | *"$(printf '\342\201\246')"* | *"$(printf '\342\200\213')"*)
		fail "a terminal control reached the CSV: $(printf '%s' "$text" | od -c | head -20)" ;;
	esac
done
expect_in "$out" "a?]0;PWN?b?c?d?e?f" "the stderr in --history's CSV"
expect_in "$out" "x?[2Jy?z" "the argv in --history's CSV"
expect_in "$batch_csv" "a?]0;PWN?b?c?d?e?f" "the stderr in batch's CSV"
pass "--history --format csv: a program's stderr and argv made harmless as batch's CSV makes them"

# A crafted notebook: a rate of 1e308, a miss of 1e308 and one of inf.
# Every figure keeps its width ("off scale", "-"), none is a 300-digit
# number drawn over its neighbours.
CDB="$T/crafted.db"
batch --db "$CDB" --lesson b01-write-byte
batch --db "$CDB" --lesson b01-write-byte
py '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("update runs set rate = 1e308, log_rate = 709.19, guess_rate = 1, guess_log_rate = -1e308, guess_text = \"1\" where id = 1")
db.execute("update runs set guess_rate = 1, guess_log_rate = -9e999, guess_text = \"1\" where id = 2")
db.commit()
' "$CDB"
run "$IOLAB" --history --db "$CDB"
expect_rc 0 "--history of a crafted notebook"
longest=$(printf '%s\n' "$out" | awk 'NR > 1 { for (i = 1; i <= NF; i++) if ($i !~ /^\// && length($i) > m) m = length($i) } END { print m + 0 }')
[ "$longest" -le 24 ] || fail "a figure $longest characters wide: $out"
expect_in "$out" "off scale" "the rate and the miss off scale"
case "$out" in *inf* | *nan*) fail "inf or nan shown: $out" ;; esac
expect_in "$out" "mean miss - (log rate)" "the mean miss that is no number"
pass "--history: a crafted rate of 1e308 and a miss of inf keep every figure's width"

# An argument echoed in a message: --lesson, --race, an option's value
for args in "--batch --lesson $(printf 'a\033[2Jb')" "--race $(printf 'a\033[2Jb,c')" \
	"--time-limit $(printf '\342\200\256x')"; do
	# shellcheck disable=SC2086
	run "$IOLAB" --lessons "$FIX" --dir "$SCRATCH" $args
	case "$err" in
	*"$(printf '\033')"* | *"$(printf '\342\200\256')"*) fail "$args: echoed raw: $err" ;;
	esac
	[ -n "$err" ] || fail "$args: no message"
done
pass "--lesson, --race and option values are echoed with '?' for what a terminal must not get"

# --- a store that cannot be written ------------------------------------------------
: >"$T/a-file"
batch --db "$T/a-file/lab.db" --lesson b01-write-byte
expect_rc 0 "a database inside a file"
expect_in "$err" "iolab: Runs will not be saved: " "not saved warning"
expect_in "$out" "b01-write-byte" "results still printed"
pass "a notebook that cannot be written: a warning, results, exit 0"

# --- two batch runs at once --------------------------------------------------------
CON="$T/concurrent.db"
for i in 1 2; do
	"$IOLAB" --batch --lessons "$FIX" --dir "$SCRATCH.$i" --trials 1 --db "$CON" \
		--lesson b01-write-byte,b02-stdio-byte,b03-mmap-read,b04-direct-misaligned \
		>"$T/con$i.out" 2>"$T/con$i.err" &
done
wait
for i in 1 2; do
	grep -q "not saved" "$T/con$i.err" && fail "concurrent run $i: $(cat "$T/con$i.err")"
done
history_json "$CON"
py '
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
if len(runs) != 8 or sorted(r["id"] for r in runs) != list(range(1, 9)):
    sys.exit("rows: %r" % [(r["id"], r["lesson"]) for r in runs])
' "$T/history.json"
pass "two batch runs at once into one database keep all 8 rows"

# --- the default notebook, and the old progress file -------------------------------
mkdir -p "$XDG_STATE_HOME/iolab"
printf '# iolab progress 1\nlesson b01-write-byte status=ok errno=0 rate=1000 log_rate=6.9 seconds=65.5 bytes=65536 calls=65536 syscr=0 syscw=65536 block=1 cache=warm when=1700000000\n' \
	>"$XDG_STATE_HOME/iolab/progress"
batch --lesson b02-stdio-byte
expect_rc 0 "into the default notebook"
expect_in "$err" "iolab: Imported 1 lesson results and 0 sweep points from the old progress file" \
	"import notice"
[ -f "$XDG_STATE_HOME/iolab/progress.imported" ] || fail "progress not renamed"
run "$IOLAB" --history --format csv
expect_rc 0 "--history of the default notebook"
expect_in "$out" ",b01-write-byte,lesson,,imported," "imported row"
expect_in "$out" ",b02-stdio-byte,lesson,,batch," "batch row"
pass "the default notebook under \$XDG_STATE_HOME; the old progress imported once"

# --- --forget ----------------------------------------------------------------------
run sh -c "echo n | '$IOLAB' --forget --db '$DB'"
expect_rc 1 "--forget answered no"
expect_in "$out" "Nothing was forgotten." "--forget no"
run "$IOLAB" --forget --yes --db "$DB"
expect_rc 0 "--forget --yes"
expect_in "$out" "Forgot 6 runs." "--forget --yes"
run "$IOLAB" --history --db "$DB"
expect_rc 0 "--history after --forget"
expect_in "$out" "No saved runs in $DB." "empty history"
run "$IOLAB" --yes
expect_rc 2 "--yes alone"
run "$IOLAB" --history --forget
expect_rc 2 "--history with --forget"
expect_in "$err" "--history and --forget cannot be used together" "two actions"
pass "--forget: asks, --yes for scripts; conflicting actions refused"
