# lib.sh - helpers for the shell tests (sourced).  Each test runs in its own
# temporary directory, removed at exit; `fail` says what went wrong and where.
set -u
: "${IOLAB:?IOLAB must name the built program}"
: "${TOP_SRCDIR:?}"
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
# A safety net: whatever a test forgets (--no-record, --db), the lab
# notebook and the old progress file go to the test's own directory,
# never to the user's real ~/.local/state.
XDG_STATE_HOME="$T/state"
export XDG_STATE_HOME
TESTS_RUN=0
# Waits on the screen are bounds, never expectations: a wait ends as soon as
# what it waits for shows.  On a loaded 2-core machine (make check -j2 runs
# the tmux tests side by side) a bound is stretched this many times.
WAIT_SCALE=${IOLAB_TEST_WAIT_SCALE:-4}

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
pass() { TESTS_RUN=$((TESTS_RUN + 1)); echo "ok $TESTS_RUN - $*"; }

# run CMD...: sets $out, $err, $rc
run() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	out=$(cat "$T/out")
	err=$(cat "$T/err")
}
expect_rc() { [ "$rc" -eq "$1" ] || fail "$2: exit $rc, expected $1 (stderr: $err)"; }
expect_in() { case "$1" in *"$2"*) ;; *) fail "$3: '$2' not in: $1" ;; esac; }

# --- the lab driven in tmux ---------------------------------------------------
# A test that drives the lab defines tm (tmux on its own server) and PANE;
# it may define its own screen and nap.

screen() { tm capture-pane -p -t "$PANE" >"$T/screen" 2>/dev/null; }
nap() { sleep 0.1 2>/dev/null || sleep 1; }

# settle REGEX: a frame can be on the pane half drawn when REGEX first
# shows; capture again until two captures in a row agree (at most a second:
# a running lab never stands still), keeping the last one that matches, so
# what the test reads next is one whole frame.
settle() {
	cp "$T/screen" "$T/screen.match"
	n=0
	while [ "$n" -lt 10 ]; do
		cp "$T/screen" "$T/screen.prev"
		nap
		screen
		cmp -s "$T/screen" "$T/screen.prev" && break
		n=$((n + 1))
	done
	grep -Eq -- "$1" "$T/screen" || cp "$T/screen.match" "$T/screen"
}

# wait_for REGEX SECONDS WHAT: until REGEX (grep -E) shows on the pane,
# then settle on a whole frame.
wait_for() {
	i=0
	while [ "$i" -lt $(($2 * 10 * WAIT_SCALE)) ]; do
		screen
		if grep -Eq -- "$1" "$T/screen"; then
			settle "$1"
			return 0
		fi
		nap
		i=$((i + 1))
	done
	echo "--- the screen was:" >&2
	cat "$T/screen" >&2
	fail "$3: '$1' did not appear within $(($2 * WAIT_SCALE)) s"
}

# wait_count REGEX N SECONDS WHAT: as wait_for, until REGEX matches N times.
wait_count() {
	i=0
	while [ "$i" -lt $(($3 * 10 * WAIT_SCALE)) ]; do
		screen
		[ "$(grep -Eo -- "$1" "$T/screen" | wc -l)" -ge "$2" ] && { settle "$1"; return 0; }
		nap
		i=$((i + 1))
	done
	cat "$T/screen" >&2
	fail "$4: $2 of '$1' did not appear within $(($3 * WAIT_SCALE)) s"
}

# lab_exit STATUS WHAT [SECONDS]: the lab in the pane ends (its shell
# echoes iolab-exit=N after it) with exit status STATUS.
lab_exit() {
	wait_for 'iolab-exit=[0-9]+' "${3:-20}" "$2"
	got=$(grep -o 'iolab-exit=[0-9]*' "$T/screen" | tail -n 1)
	[ "$got" = "iolab-exit=$1" ] || fail "$2: $got, expected iolab-exit=$1"
}

# --- what a lab leaves behind ---------------------------------------------------

# check_terminal_restored WHAT: the pane's terminal modes after the lab
# has gone are a shell's again (canonical input, echo).
check_terminal_restored() {
	tm send-keys -t "$PANE" "clear; stty -a | tr ' ;' '\n\n' | grep -E '^-?(icanon|echo)\$' | sort | tr '\n' ' '; echo :modes" Enter
	wait_for '^(-?[a-z]+ )+:modes' 10 "stty in the pane after $1"
	modes=$(grep ':modes' "$T/screen" | grep -v stty)
	case "$modes" in *-icanon*|*-echo\ *) fail "$1 left the terminal raw: $modes" ;; esac
	case "$modes" in *icanon*) ;; *) fail "$1: icanon not reported: $modes" ;; esac
	case "$modes" in *echo*) ;; *) fail "$1: echo not reported: $modes" ;; esac
}

# check_no_children WHAT: workload children carry the lab's command line,
# and so the scratch path: this test's (or part's) own, so another lab
# running beside it is not looked at.
check_no_children() {
	for f in /proc/[0-9]*/cmdline; do
		# (a process may be gone between the glob and the read: not ours)
		{ tr '\0' ' ' <"$f"; } 2>/dev/null | grep -Fq -- "--dir $T/scratch" || continue
		pid=${f#/proc/}
		fail "$1 left a process behind: ${pid%/cmdline}: $(tr '\0' ' ' <"$f")"
	done
}

# check_no_data_files WHAT: no data file of the lab's left in $T/scratch.
check_no_data_files() {
	left=$(find "$T/scratch" -name 'iolab-*' 2>/dev/null)
	[ -z "$left" ] || fail "$1 left data files: $left"
}

# --- parts run at once ---------------------------------------------------------
# A tmux test whose scenarios do not depend on each other runs each as a
# part: a subshell with a directory of its own ($T: home, state, cache,
# scratch, screen captures), a tmux server of its own ($SOCK, so tm - which
# the test defines on $SOCK - drives only the part's lab) with a shell in a
# pane of 120x40 ($PANE), and a file of its own for what it prints.  Parts
# running side by side share nothing; they wait on the screen far more
# than they compute, so together they take about as long as the longest.
# At most PARTS_AT_ONCE run at a time, the next starting as soon as one
# ends.  parts_wait prints each part's output in the order the parts were
# started, whichever ended first, numbering their ok lines on, and fails
# naming every part that failed.

# parts_init NAME: the parts' servers are iolab-NAME-PID-PART; skip when
# tmux cannot start one here.  KEEP=1 keeps the test's directory.
parts_init() {
	ROOT=$T
	PARTS_SOCK="iolab-$1-$$"
	PARTS=
	PARTS_LIVE=
	PARTS_AT_ONCE=${PARTS_AT_ONCE:-4}
	trap 'parts_kill_servers; [ -n "${KEEP:-}" ] || rm -rf "$ROOT"' EXIT
	SOCK="$PARTS_SOCK-probe"
	tm new-session -d -s probe "sleep 60" || skip "tmux cannot start a server here"
	tm kill-server >/dev/null 2>&1
}

parts_kill_servers() {
	for _pn in $PARTS; do
		"$TMUX_BIN" -L "$PARTS_SOCK-$_pn" -f /dev/null kill-server >/dev/null 2>&1
	done
}

# part NAME COMMAND...: run COMMAND as part NAME (letters, digits and _),
# in the background, once fewer than PARTS_AT_ONCE parts run.  The part
# leaves its exit status in $ROOT/NAME.rc as it ends.
part() {
	_pn=$1
	shift
	part_room
	PARTS="$PARTS $_pn"
	PARTS_LIVE="$PARTS_LIVE $_pn"
	mkdir -p "$ROOT/$_pn"
	(
		T="$ROOT/$_pn"
		SOCK="$PARTS_SOCK-$_pn"
		XDG_STATE_HOME="$T/state"
		TESTS_RUN=0
		mkdir -p "$T/home" "$T/state" "$T/cache"
		trap "_rc=\$?; tm kill-server >/dev/null 2>&1; echo \$_rc >'$T.rc'" EXIT
		tm new-session -d -s lab -x 120 -y 40 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
			|| fail "part $_pn: tmux cannot start a server"
		PANE=lab:0.0
		"$@"
	) >"$ROOT/$_pn.out" 2>&1 </dev/null &
	eval "part_pid_$_pn=\$!"
}

# part_room: wait until fewer than PARTS_AT_ONCE parts run (whichever end
# first make room).
part_room() {
	set -- $PARTS_LIVE
	while [ "$#" -ge "$PARTS_AT_ONCE" ]; do
		part_reap || nap
		set -- $PARTS_LIVE
	done
}

# part_reap: collect the parts that have ended (their status kept in
# part_rc_NAME); false if none has.
part_reap() {
	_live=
	_reaped=1
	for _pq in $PARTS_LIVE; do
		if [ -e "$ROOT/$_pq.rc" ]; then
			eval "wait \$part_pid_$_pq"
			eval "part_rc_$_pq=\$?"
			_reaped=0
		else
			_live="$_live $_pq"
		fi
	done
	PARTS_LIVE=$_live
	return "$_reaped"
}

# parts_drain: wait until no part runs (the next part then runs alone).
parts_drain() {
	while [ -n "$PARTS_LIVE" ]; do part_reap || nap; done
}

# parts_wait: wait for every part, print their output, fail if one failed.
parts_wait() {
	parts_drain
	_failed=
	for _pn in $PARTS; do
		echo "# part $_pn"
		while IFS= read -r _line || [ -n "$_line" ]; do
			case $_line in
			"ok "[0-9]*" - "*) pass "${_line#ok * - }" ;;
			*) printf '%s\n' "$_line" ;;
			esac
		done <"$ROOT/$_pn.out"
		eval "_rc=\$part_rc_$_pn"
		[ "$_rc" -eq 0 ] || _failed="$_failed $_pn (exit $_rc)"
	done
	[ -z "$_failed" ] || fail "a part failed:$_failed; its output is above"
}
