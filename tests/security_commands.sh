#!/bin/sh
# security_commands.sh - the programs lessons run (issue 13), through the
# real program: a lesson pack's command runs only with --allow-commands in
# batch, and only after the student says yes in the lab (13.3); {file} in a
# shell's -c script is refused at load time (13.3); the shipped course's
# commands run unasked (13.3); a command that detaches itself does not
# outlive its trial (13.7).
#
# Every wait is a bounded poll; processes are found by a unique command
# line and killed by pid.
. "$TOP_SRCDIR/tests/lib.sh"

TP=$(cd "$T" && pwd -P)
SCRATCH="$TP/scratch"
# new_pack NAME: the lesson pack the next lessons go to
new_pack() {
	PACK="$TP/$1"
	mkdir "$PACK"
}

# sleep_pids SECONDS: live processes whose command line is `sleep SECONDS`
sleep_pids() {
	for f in /proc/[0-9]*/cmdline; do
		c=$({ tr '\0' ' ' <"$f"; } 2>/dev/null) || continue
		[ "$c" = "sleep $1 " ] || continue
		p=${f%/cmdline}
		p=${p#/proc/}
		grep -q '^State:[[:space:]]*Z' "/proc/$p/status" 2>/dev/null || echo "$p"
	done
	return 0
}
kill_sleeps() {
	for p in $(sleep_pids "$1"); do kill -KILL "$p" 2>/dev/null; done
}
cleanup() {
	kill_sleeps 299.71
	[ -z "${TMUX_BIN:-}" ] || "$TMUX_BIN" -L "iolab-sec-$$" kill-server >/dev/null 2>&1
	rm -rf "$T"
}
trap cleanup EXIT

# pack_lesson ID COMMAND-YAML: a lesson of the pack that runs COMMAND
pack_lesson() {
	printf 'id: %s\ntitle: A lesson pack that runs a program\ntext: It runs what it says.\nworkload:\n  op: read\n  api: command\n  size: 4KiB\n  block: 4096\n  time_limit: 30s\n  command: %s\n  redirect: stdin\n' \
		"$1" "$2" >"$PACK/$1.yaml"
}
pack_course() {
	printf 'course: A lesson pack\nsections:\n  - title: Programs\n    lessons: [%s]\n' "$1" \
		>"$PACK/course.yaml"
}

# --- 13.3 a lesson pack's command, in batch -----------------------------------------
new_pack pack
pack_lesson p01-touch "[tee, \"$TP/ran\"]"
pack_lesson p02-plain "[cat]"
pack_course "p01-touch, p02-plain"
printf 'id: p03-own\ntitle: The lab'"'"'s own loop\ntext: No program.\nworkload:\n  op: write\n  api: syscall\n  size: 4KiB\n  block: 4096\n' \
	>"$PACK/p03-own.yaml"
pack_course "p01-touch, p02-plain, p03-own"

run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --format json
expect_rc 1 "a pack's commands without --allow-commands"
[ ! -e "$TP/ran" ] || fail "the pack's command ran without --allow-commands"
want="this lesson runs a program from a lesson directory that is not the installed course: tee $TP/ran; iolab runs it only with --allow-commands (read it first)"
expect_in "$err" "[1/3] p01-touch ... error: $want" "the refusal on stderr"
expect_in "$err" "[2/3] p02-plain ... error: this lesson runs a program from a lesson directory that is not the installed course: cat;" \
	"the refusal of the second"
expect_in "$out" "\"error\": \"$want\"" "the refusal in the JSON"
expect_in "$err" "[3/3] p03-own ... " "the lab's own loop runs"
case "$err" in *"p03-own ... error"*) fail "the lab's own loop was refused: $err" ;; esac
pass "batch: a pack's commands are refused, naming the argv and --allow-commands (exit 1); its own loops run"

run "$IOLAB" --list --lessons "$PACK"
expect_rc 0 "--list of a pack with commands"
expect_in "$out" "p01-touch	A lesson pack that runs a program" "--list lists it"
pass "--list still lists a pack's command lessons"

run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --allow-commands
expect_rc 0 "--allow-commands"
[ -e "$TP/ran" ] || fail "--allow-commands: the command did not run"
rm -f "$TP/ran"
pass "batch --allow-commands: the pack's commands run"

run env IOLAB_LESSONS="$PACK" "$IOLAB" --batch --no-record --dir "$SCRATCH" --trials 1 --lesson p01-touch
expect_rc 1 "IOLAB_LESSONS names a pack"
[ ! -e "$TP/ran" ] || fail "the pack's command ran from IOLAB_LESSONS"
pass "a pack named by IOLAB_LESSONS is refused too"

# The shipped course runs unasked, by whatever path it is named; a copy of
# it is another directory.
run "$IOLAB" --batch --no-record --lessons "$TOP_SRCDIR/lessons" --dir "$SCRATCH" --trials 1 --size 4KiB \
	--lesson t01-ddread1,t03-ddwrite1 --format csv
expect_rc 0 "the shipped course's dd lessons"
expect_in "$out" "t01-ddread1,dd reading with bs=1,ok," "t01 row"
expect_in "$out" "t03-ddwrite1,dd writing with bs=1,ok," "t03 row"
ln -s "$TOP_SRCDIR/lessons" "$TP/course-link"
run "$IOLAB" --batch --no-record --lessons "$TP/course-link" --dir "$SCRATCH" --trials 1 --size 4KiB \
	--lesson t01-ddread1
expect_rc 0 "the shipped course through a link"
mkdir "$TP/copy"
cp "$TOP_SRCDIR"/lessons/*.yaml "$TP/copy/"
run "$IOLAB" --batch --no-record --lessons "$TP/copy" --dir "$SCRATCH" --trials 1 --size 4KiB \
	--lesson t01-ddread1
expect_rc 1 "a copy of the shipped course"
expect_in "$err" "installed course: dd if={file} of=/dev/null bs=1; iolab runs it only with --allow-commands" \
	"a copy's dd is refused"
pass "the shipped course's commands run unasked (a link to it too); a copy of it is a pack"

# --- 13.3 {file} in a shell's script ---------------------------------------------------
new_pack inject
pack_lesson p04-inject "[sh, -c, \"wc -c {file}\"]"
pack_course "p04-inject"
run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --allow-commands
expect_rc 3 "{file} in sh -c"
expect_in "$err" "$PACK/p04-inject.yaml:10:28: {file} in the script of 'sh -c' would run as shell code" \
	"FILE:LINE:COLUMN"
expect_in "$err" "  command: [sh, -c, \"wc -c {file}\"]
                           ^" "the caret under {file}"
# the data file's path comes from --dir: one that is shell code is data as $1
mkdir -p "$TP/d;touch \$HOME;#"
pack_lesson p04-inject "[sh, -c, 'test -f \"\$1\" && exec cat', sh, \"{file}\"]"
run env HOME="$TP/home" "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$TP/d;touch \$HOME;#" --trials 1 \
	--allow-commands
expect_rc 0 "{file} as \$1 under a hostile --dir"
[ ! -e "$TP/home" ] || fail "a --dir was run as shell code"
pass "{file} in a shell's -c script is refused at load time (exit 3, FILE:LINE:COLUMN, caret); as \$1 it is data"

# --- 13.7 a command that detaches itself -------------------------------------------------
# setsid -f forks and exits at once, and the command reads its file: the
# lesson was done, the sleep ran on, reparented to init.
new_pack detach
pack_lesson p05-detach "[sh, -c, 'setsid -f sleep 299.71; exec cat']"
pack_course "p05-detach"
run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 2 --allow-commands
expect_rc 0 "setsid sleep"
left=$(sleep_pids 299.71)
kill_sleeps 299.71
[ -z "$left" ] || fail "setsid sleep 299.71 outlived the run: pid $left"
pass "a command that detaches itself (setsid sleep) does not outlive its trial"

# --- 13.3 the lab asks first ---------------------------------------------------------------
if [ -z "${TMUX_BIN:-}" ] || [ ! -x "$TMUX_BIN" ]; then
	echo "skip: the lab's question: tmux was not found by configure"
	exit 0
fi
tm() { "$TMUX_BIN" -L "iolab-sec-$$" -f /dev/null "$@"; }
new_pack lab
pack_lesson p01-touch "[tee, \"$TP/ran\"]"
pack_course "p01-touch"
if ! tm new-session -d -s lab -x 120 -y 40 "env -i PATH='$PATH' HOME='$TP' TERM=screen sh"; then
	echo "skip: the lab's question: tmux cannot start a server here"
	exit 0
fi
PANE=lab:0.0
tm send-keys -t "$PANE" "XDG_STATE_HOME='$TP/state' XDG_CACHE_HOME='$TP/cache' LC_ALL=C '$IOLAB' --lessons '$PACK' --dir '$SCRATCH' --watch pass; echo iolab-exit=\$?" Enter
wait_for 'A lesson pack that runs a program' 20 "the lab at the pack's lesson"
tm send-keys -t "$PANE" r
wait_for "Run this lesson's program\\?" 10 "r asks first"
wait_for "tee $TP/ran" 5 "the question shows the argv"
grep -q "comes from $PACK" "$T/screen" || fail "the question does not say where the lesson is from"
[ ! -e "$TP/ran" ] || fail "the program ran before the answer"
tm send-keys -t "$PANE" n
wait_for 'not run: the lesson' 10 "n declines"
[ ! -e "$TP/ran" ] || fail "the program ran after n"
tm send-keys -t "$PANE" r
wait_for "Run this lesson's program\\?" 10 "asked again after n"
tm send-keys -t "$PANE" y
i=0
while [ ! -e "$TP/ran" ] && [ "$i" -lt 300 ]; do nap; i=$((i + 1)); done
[ -e "$TP/ran" ] || fail "y did not run the program"
rm "$TP/ran"
wait_for 'DONE in' 20 "the run after y"
tm send-keys -t "$PANE" r
i=0
while [ ! -e "$TP/ran" ] && [ "$i" -lt 300 ]; do nap; i=$((i + 1)); done
[ -e "$TP/ran" ] || fail "r after a yes did not run the program"
# the screen now, with the program run (the last capture was before this r)
screen
grep -q "Run this lesson's program" "$T/screen" && fail "asked again after a yes"
tm send-keys -t "$PANE" q
wait_for 'iolab-exit=0' 20 "q quits"
pass "the lab: r asks with the argv, n runs nothing, y runs it, and r is not asked again"
