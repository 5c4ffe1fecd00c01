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
	kill_sleeps 299.81
	kill_sleeps 299.82
	kill_sleeps 299.83
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
expect_in "$err" "installed course: dd if={file} of=/dev/null bs={block}; iolab runs it only with --allow-commands" \
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

# --- kill -9 of iolab itself ------------------------------------------------------------
# A background child and a setsid'd one were reparented to init and ran on
# when iolab was killed: the trial's program is in a PID namespace whose
# first process dies with iolab, and the kernel then kills the rest.
new_pack killed
pack_lesson p09-tree "[sh, -c, 'sleep 299.81 & setsid sleep 299.82 & sleep 299.83']"
pack_course "p09-tree"
"$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --allow-commands \
	>"$TP/killed.out" 2>"$TP/killed.err" &
lab_pid=$!
i=0
while [ -z "$(sleep_pids 299.83)" ] && [ "$i" -lt 300 ]; do nap; i=$((i + 1)); done
[ -n "$(sleep_pids 299.82)" ] || fail "the program's tree did not start: $(cat "$TP/killed.err")"
kill -KILL "$lab_pid"
wait "$lab_pid" 2>/dev/null
if grep -q "refuses a PID namespace\|cannot map the user's ids" "$TP/killed.err"; then
	echo "skip: kill -9 of iolab: $(grep 'iolab: a command' "$TP/killed.err")"
else
	i=0
	while [ -n "$(sleep_pids 299.81)$(sleep_pids 299.82)$(sleep_pids 299.83)" ] && [ "$i" -lt 100 ]; do
		nap
		i=$((i + 1))
	done
	left="$(sleep_pids 299.81) $(sleep_pids 299.82) $(sleep_pids 299.83)"
	[ -z "$(echo $left)" ] || fail "kill -9 of iolab left its program's children running: $left"
	pass "kill -9 of iolab: nothing its program started (background, setsid) runs on"
fi

# --- what a program makes beside {file} ----------------------------------------------------
# "$1.extra" and "$1.d" went into the scratch directory and outlived iolab
# (the next run removed the file, never the directory): {file} is now in a
# private directory of the trial's, removed whole with what it holds.
new_pack beside
pack_lesson p08-beside "[sh, -c, 'echo x >\"\$1.extra\"; mkdir -p \"\$1.d/a/b\"; touch \"\$1.d/a/b/f\"; chmod 0 \"\$1.d/a\"; dirname \"\$1\" >>\"\$0\"; wc -c <\"\$1\" >/dev/null', \"$TP/where\", \"{file}\"]"
pack_course "p08-beside"
run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 2 --allow-commands
expect_rc 0 "a program that makes files beside {file}"
# (the two trials, and the start-up probe that runs the argv on an empty
# file before them: each run of the program has a room of its own)
runs=$(wc -l <"$TP/where")
[ "$runs" -ge 2 ] || fail "the program did not run twice: $(cat "$TP/where")"
rooms=$(sort -u "$TP/where" | wc -l)
[ "$rooms" -eq "$runs" ] || fail "two runs of the program shared a directory: $(cat "$TP/where")"
while read -r room; do
	case "$room" in "$SCRATCH"/iolab-*-*.room) ;; *) fail "{file} is not in a trial's room: $room" ;; esac
	[ ! -e "$room" ] || fail "the trial's room $room outlived the run"
done <"$TP/where"
left=$(find "$SCRATCH" -name '*.extra' -o -name '*.d' -o -name '*.room' 2>/dev/null)
[ -z "$left" ] || fail "what the program made outlived iolab: $left"
pass "each command trial has its own directory for {file}, removed whole with what the program made"

# --- a program too long to show on one screen ---------------------------------------------
# sh -c 'exec "$@"' sh env V0=<240 digits> ... V54=... touch FILE (62 words): the question
# and the refusal must reach the last word, where the harm is.
long_words() {
	printf "[sh, -c, 'exec \"\$@\"', sh, env"
	i=0
	while [ "$i" -lt 55 ]; do
		printf ', V%d=%0240d' "$i" 0
		i=$((i + 1))
	done
	printf ', touch, "%s"]' "$1"
}
new_pack long
pack_lesson p06-long "$(long_words "$TP/pwned")"
pack_course "p06-long"
run "$IOLAB" --batch --no-record --lessons "$PACK" --dir "$SCRATCH" --trials 1 --format json
expect_rc 1 "a long program without --allow-commands"
[ ! -e "$TP/pwned" ] || fail "the long program ran"
expect_in "$err" " V54=$(printf '%0240d' 0) touch $TP/pwned; iolab runs it only with --allow-commands" \
	"the refusal on stderr names the last words"
expect_in "$out" " touch $TP/pwned; iolab runs it only with --allow-commands" "the JSON's refusal too"
pass "batch: a refusal names every word of a long program"
LONG_PACK=$PACK

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

# The long program: its words scroll in the question, and y does nothing
# until the last row (where touch is) has been on screen.
tm send-keys -t "$PANE" "clear; XDG_STATE_HOME='$TP/state' XDG_CACHE_HOME='$TP/cache' LC_ALL=C '$IOLAB' --lessons '$LONG_PACK' --dir '$SCRATCH' --watch pass; echo iolab-exit=\$?" Enter
wait_for 'A lesson pack that runs a program' 20 "the lab at the long lesson"
tm send-keys -t "$PANE" r
wait_for "Rows 1-[0-9]+ of the [0-9]+ its words take" 10 "the words scroll"
grep -q "touch" "$T/screen" && fail "the last words showed on the first page (the test needs them below)"
tm send-keys -t "$PANE" y
wait_for "read them to the end" 10 "y before the end is refused"
[ ! -e "$TP/pwned" ] || fail "y ran a program whose words were not all shown"
n=0
while ! grep -q "touch $TP/pwned" "$T/screen" && [ "$n" -lt 200 ]; do
	tm send-keys -t "$PANE" NPage
	nap
	screen
	n=$((n + 1))
done
grep -q "touch $TP/pwned" "$T/screen" || fail "PgDn never showed the last words"
tm send-keys -t "$PANE" y
i=0
while [ ! -e "$TP/pwned" ] && [ "$i" -lt 300 ]; do nap; i=$((i + 1)); done
[ -e "$TP/pwned" ] || fail "y after the last words did not run the program"
wait_for 'DONE in|FAILED' 20 "the long program's run"
tm send-keys -t "$PANE" q
wait_for 'iolab-exit=0' 20 "q quits"
pass "the lab: a program's words scroll, y counts only once the last word was shown"

# A program has no controlling terminal: /dev/tty cannot be opened, even
# where iolab runs on one (batch, in the pane).
new_pack tty
pack_lesson p07-tty "[sh, -c, 'if printf TTY-WRITE-%s 1 >/dev/tty; then touch \"\$0\"; fi; tty >\"\$0.tty\" || :; cat \"\$1\" >/dev/null', \"$TP/tty-ok\", \"{file}\"]"
pack_course "p07-tty"
tm send-keys -t "$PANE" "clear; '$IOLAB' --batch --no-record --lessons '$PACK' --dir '$SCRATCH' --trials 1 --allow-commands >'$TP/tty.out' 2>&1; echo batch-exit=\$?" Enter
wait_for 'batch-exit=0' 30 "the batch run in the pane"
[ ! -e "$TP/tty-ok" ] || fail "the program opened /dev/tty"
grep -q 'TTY-WRITE-1' "$T/screen" && fail "the program wrote on iolab's terminal"
[ "$(cat "$TP/tty-ok.tty")" = "not a tty" ] || fail "the program's tty: $(cat "$TP/tty-ok.tty")"
pass "a program starts with no controlling terminal: /dev/tty cannot be opened"
