#!/bin/sh
# redirect.sh - a student's own program measured as it is: `--redirect
# stdin|stdout` (and `redirect:` in a lesson) put the data file on the
# program's standard input or output, opened by the lab, no shell; and a
# command's bytes are only what the kernel saw it move:
# - a filter reading stdin a byte per read() (tests/helpers/byte_io.c)
#   makes exactly one read() per byte, and its bytes are the file's size;
# - a writer writing stdout a byte per write() makes one write() per byte,
#   and the written file holds every byte;
# - a program that reads nothing (stdin left on /dev/null, or `true`) is
#   never credited bytes: status failed, saying why; the same for a write;
# - bad values and combinations are refused with the loader's words.
# Counts are exact: one size against another, so the start-up's own reads
# (the loader's) cancel out; nothing depends on the clock.
. "$TOP_SRCDIR/tests/lib.sh"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"
BYTE_IO="${TOP_BUILDDIR:?}/tests/helpers/byte_io"
[ -x "$BYTE_IO" ] || fail "$BYTE_IO not built (make check builds it)"
SCRATCH="$T/scratch"
batch() { run "$IOLAB" --batch --no-record --dir "$SCRATCH" --trials 1 --format json "$@"; }
py() { script=$1; shift; "$PYTHON3" -c "$script" "$@" || fail "python check failed (above)"; }

# --- a stdin filter, a byte per read() -------------------------------------------
for size in 4096 12288; do
	batch --size $size --command --redirect stdin -- "$BYTE_IO" copy
	expect_rc 0 "--redirect stdin, $size B"
	cp "$T/out" "$T/in-$size.json"
done
py '
import json, sys
a, b = (json.load(open(p))["results"][0] for p in sys.argv[1:3])
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
for r, size in ((a, 4096), (b, 12288)):
    eq("status", r["status"], "ok")
    eq("workload.redirect", r["workload"]["redirect"], "stdin")
    eq("bytes", r["bytes"], size)
    # what its read calls returned, less its start-up reads, is the file
    eq("copied.read_bytes - startup", r["copied"]["read_bytes"] - r["copied"]["startup_read_bytes"], size)
    eq("a write() per byte to /dev/null", r["copied"]["write_bytes"], size)
# the start-up is the same program starting: one read() per byte more
eq("read() per byte", b["syscalls"]["read"] - a["syscalls"]["read"], 12288 - 4096)
eq("write() per byte", b["syscalls"]["write"] - a["syscalls"]["write"], 12288 - 4096)
' "$T/in-4096.json" "$T/in-12288.json"
pass "--redirect stdin: a byte per read(), exactly; bytes are the file size, measured"

# {file} is still there with a redirect: the program may name the file too
batch --size 8192 --command --redirect stdin -- sh -c 'test -f "$0" && exec cat' '{file}'
expect_rc 0 "--redirect stdin with {file}"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
if r["bytes"] != 8192 or r["status"] != "ok":
    sys.exit("sh -c cat with {file}: %r %r" % (r["status"], r["bytes"]))
' "$T/out"
pass "--redirect stdin with {file} in the argv"

# --- a stdout writer, a byte per write() -------------------------------------------
for size in 4096 12288; do
	batch --size $size --command --redirect stdout -- "$BYTE_IO" write '{size}'
	expect_rc 0 "--redirect stdout, $size B"
	cp "$T/out" "$T/out-$size.json"
done
py '
import json, sys
a, b = (json.load(open(p))["results"][0] for p in sys.argv[1:3])
def eq(what, got, want):
    if got != want:
        sys.exit("%s: got %r, want %r" % (what, got, want))
for r, size in ((a, 4096), (b, 12288)):
    eq("status", r["status"], "ok")
    eq("op implied by --redirect stdout", r["workload"]["op"], "write")
    eq("bytes: the written file", r["bytes"], size)
    eq("startup_read_bytes of a write", r["copied"]["startup_read_bytes"], None)
eq("write() per byte", b["syscalls"]["write"] - a["syscalls"]["write"], 12288 - 4096)
' "$T/out-4096.json" "$T/out-12288.json"
pass "--redirect stdout: a byte per write(), exactly; bytes are the written file"

# --- moving nothing is never a measurement -------------------------------------------
# the filter given {file} in the old way reads its stdin, /dev/null
batch --size 64KiB --command -- "$BYTE_IO" copy
expect_rc 1 "a filter without its redirect"
expect_in "$err" "'byte_io' read nothing of the data file" "the reason, the program by its name"
expect_in "$err" "give redirect: stdin (--redirect stdin)" "the hint"
py '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
if r["status"] != "error" or "read nothing" not in r["error"]:
    sys.exit("moved nothing: status %r, error %r" % (r["status"], r["error"]))
if r["bytes"] not in (0, None):
    sys.exit("moved nothing, yet bytes = %r" % r["bytes"])
' "$T/out"
batch --size 64KiB --command -- true
expect_rc 1 "true reads nothing"
expect_in "$err" "'true' read nothing of the data file" "true"
batch --size 64KiB --command --op write -- true
expect_rc 1 "true writes nothing"
expect_in "$err" "'true' wrote nothing into the data file (0 bytes at its exit); if it writes its standard output, give redirect: stdout (--redirect stdout)" "a write"
pass "a program that moves nothing is failed, never credited the file's size"

# --- in a lesson, and refusals ----------------------------------------------------------
mkdir "$T/pack"
cat >"$T/pack/course.yaml" <<'YAML'
course: Filters
sections:
  - title: Filters
    lessons: [f01-filter]
YAML
cat >"$T/pack/f01-filter.yaml" <<YAML
id: f01-filter
title: A filter reading its standard input
text: the course's filter, as it is
workload:
  op: read
  api: command
  size: 8KiB
  command: ["$BYTE_IO", copy]
  redirect: stdin
YAML
run "$IOLAB" --batch --no-record --dir "$SCRATCH" --trials 1 --format csv --lessons "$T/pack" --allow-commands
expect_rc 0 "redirect: stdin in a lesson"
sed 's/redirect: stdin/redirect: stdout/' "$T/pack/f01-filter.yaml" >"$T/f"; mv "$T/f" "$T/pack/f01-filter.yaml"
run "$IOLAB" --list --lessons "$T/pack"
expect_rc 3 "redirect: stdout on a read"
expect_in "$err" "f01-filter.yaml:9:13:" "FILE:LINE"
expect_in "$err" "redirect: stdout is for op: write (the data file is written)" "the rule"
run "$IOLAB" --batch --command --redirect stdio -- cat
expect_rc 2 "--redirect stdio"
expect_in "$err" "invalid --redirect 'stdio' (stdin or stdout)" "bad value"
run "$IOLAB" --batch --redirect stdin
expect_rc 2 "--redirect alone"
expect_in "$err" "--redirect goes with --command" "alone"
run "$IOLAB" --batch --run 'op=read api=syscall redirect=stdin'
expect_rc 2 "redirect in an own loop"
expect_in "$err" "redirect is for api: command" "own loop"
pass "redirect: in a lesson; bad values and combinations refused"
