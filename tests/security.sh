#!/bin/sh
# security.sh - a hostile world (issue 13), through the real program:
# --output never replaces what is not a regular file and never renames over
# a link (13.1); a lesson pack cannot make the loader read, or echo, a file
# outside it (13.10); empty --lesson ids are refused (13.12).  Devices are
# stand-ins made with mknod under $T, never the real /dev; the root-only
# cases say why they are skipped when not root.
. "$TOP_SRCDIR/tests/lib.sh"

FIX="$TOP_SRCDIR/tests/fixtures/batch/good"
SCRATCH="$T/scratch"
# out_to PATH: one tiny lesson, its CSV report to --output PATH
out_to() {
	run "$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" --lesson b01-write-byte \
		--trials 1 --format csv --output "$1"
}
is_report() { head -n 1 "$1" 2>/dev/null | grep -q '^lesson,title,status,' ; }
no_temp() {
	tmp=$(ls -A "$T" | grep '\.tmp$' || true)
	[ -z "$tmp" ] || fail "$1: a temporary file was left: $tmp"
}
skip_case() { echo "skip: $*"; }
is_root() { [ "$(id -u)" -eq 0 ]; }

# --- 13.1 --output: what is not a regular file is written, never replaced ----

: >"$T/real.csv"
ln -s real.csv "$T/link.csv"
out_to "$T/link.csv"
expect_rc 0 "--output through a link to a file"
[ -L "$T/link.csv" ] || fail "--output replaced the symbolic link with a file"
is_report "$T/real.csv" || fail "the file the link points to did not get the report"
no_temp "--output through a link"
pass "--output to a link to a regular file: the file is replaced, the link kept"

ln -s /proc/self/fd/1 "$T/to-stdout"
out_to "$T/to-stdout"
expect_rc 0 "--output to a link to /proc/self/fd/1"
[ -L "$T/to-stdout" ] || fail "--output replaced the link to /proc/self/fd/1 with a file"
expect_in "$out" "lesson,title,status," "the report on stdout (a file)"
"$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" --lesson b01-write-byte --trials 1 \
	--format csv --output "$T/to-stdout" 2>/dev/null | cat >"$T/piped"
[ -L "$T/to-stdout" ] || fail "--output replaced the link when stdout was a pipe"
is_report "$T/piped" || fail "the report did not reach stdout through a pipe"
pass "--output to a link to /proc/self/fd/1: the report goes to stdout (a file, a pipe)"

mkfifo "$T/fifo"
cat "$T/fifo" >"$T/fifo.got" &
reader=$!
out_to "$T/fifo"
if [ "$rc" -ne 0 ] || [ ! -p "$T/fifo" ]; then
	kill "$reader" 2>/dev/null     # nothing will ever write to it: do not wait
fi
expect_rc 0 "--output to a FIFO"
[ -p "$T/fifo" ] || fail "--output replaced the FIFO with a regular file"
wait "$reader"
is_report "$T/fifo.got" || fail "the FIFO's reader did not get the report"
no_temp "--output to a FIFO"
pass "--output to a FIFO: written in place for its reader, still a FIFO"

ln -s nowhere "$T/dangling"
out_to "$T/dangling"
expect_rc 4 "--output to a link that leads nowhere"
expect_in "$err" "--output $T/dangling: is a symbolic link that leads nowhere" "dangling link message"
[ -L "$T/dangling" ] && [ ! -e "$T/nowhere" ] || fail "the dangling link was replaced or followed"
pass "--output to a dangling link: exit 4 before running, the link untouched"

if ! is_root; then
	skip_case "--output to a character device: mknod needs root (CI runs as root)"
elif ! mknod "$T/null" c 1 3 2>/dev/null; then
	skip_case "--output to a character device: mknod refused here (no CAP_MKNOD)"
else
	out_to "$T/null"
	expect_rc 0 "--output to a character device"
	[ -c "$T/null" ] || fail "--output turned the device node into a regular file"
	[ -z "$out" ] || fail "--output to a device also wrote to stdout"
	no_temp "--output to a device"
	pass "--output to a character device (a stand-in for /dev/null): written, still a device"

	mknod "$T/blk" b 7 0
	out_to "$T/blk"
	expect_rc 4 "--output to a block device"
	expect_in "$err" "is a block device" "block device message"
	[ -b "$T/blk" ] || fail "--output replaced the block device node"
	pass "--output to a block device: refused with exit 4, left alone"
fi

# --- 13.10 a lesson pack reads nothing outside itself ---------------------------

mkdir "$T/pack" "$T/elsewhere"
printf 'root:SECRET-HASH:20228:0:99999:7:::\n' >"$T/elsewhere/shadow"
chmod 600 "$T/elsewhere/shadow"
printf 'course: C\nsections:\n  - title: S\n    lessons: [x]\n' >"$T/pack/course.yaml"
ln -s ../elsewhere/shadow "$T/pack/x.yaml"
run "$IOLAB" --list --lessons "$T/pack"
expect_rc 3 "a lesson linked out of its directory"
expect_in "$err" "$T/pack/x.yaml: is a symbolic link to" "the link is named"
case "$err" in *SECRET*) fail "the linked file's content was echoed: $err" ;; esac
pass "a lesson linked to a file outside the pack: refused, nothing of it echoed"

rm "$T/pack/x.yaml"
cp "$T/elsewhere/shadow" "$T/pack/x.yaml"
run "$IOLAB" --list --lessons "$T/pack"
expect_rc 3 "a password-file line as a lesson"
expect_in "$err" "unknown key 'root...'" "only the first token is quoted"
case "$err" in *SECRET*) fail "a line of a password file was echoed: $err" ;; esac
pass "a lesson holding a password-file line: only its first token is quoted"

# A hard link passes the symlink check: a copy of a password file linked in
# as a lesson gets its message with nothing of the file past the mark.
rm "$T/pack/x.yaml"
printf 'root:SECRET-HASH:0:0:root:/root:/bin/bash\ndaemon:OTHER-SECRET:1:1::/:/bin/false\n' \
	>"$T/elsewhere/passwd"
ln "$T/elsewhere/passwd" "$T/pack/x.yaml"
run "$IOLAB" --list --lessons "$T/pack"
expect_rc 3 "a hard link to a password file as a lesson"
expect_in "$err" "x.yaml:1:1: the top level must be a mapping of keys, not a scalar" "the message"
case "$err" in *SECRET* | *root:* | *daemon*) fail "the password file was quoted: $err" ;; esac
pass "a hard link to a password file: no line of it quoted past the column mark"

# --- 13.12 --lesson with an empty id ---------------------------------------------

for list in , b01-write-byte,,b02-stdio-byte b01-write-byte, ,b01-write-byte; do
	run "$IOLAB" --batch --no-record --lessons "$FIX" --dir "$SCRATCH" --lesson "$list"
	expect_rc 2 "--lesson '$list'"
	expect_in "$err" "invalid lesson list '$list'" "--lesson '$list' message"
	[ -z "$out" ] || fail "--lesson '$list' ran something"
done
pass "--lesson with an empty id (',', 'a,,b', 'a,', ',a'): exit 2, nothing run"
