#!/bin/sh
# quit_tui.sh - quitting the lab mid-run keeps the run: q, SIGTERM, SIGHUP,
# SIGINT, SIGQUIT and a closed pane each leave exactly one run in the
# notebook, kind stopped and labelled "stopped at N s", before the lab
# exits with its status.  Each way of quitting is a part of its own
# (tests/lib.sh: part), run at once with the others: its own lab in its own
# private tmux server, notebook and scratch directory.  Every wait polls
# and is bounded, and the run is a 30 s trial, so a quit always lands
# inside it whatever the machine's load.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"

tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
parts_init quit-test

LESSONS="$TOP_SRCDIR/tests/fixtures/tui/lessons"
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi

# The lab at tui-byte (one 30 s trial of 1-byte writes), its pid in $T/pid.
lab_cmd() {
	echo "cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC" \
	     "sh -c 'echo \$\$ >\"$T/pid\"; exec \"\$0\" \"\$@\"' '$IOLAB' --lessons '$LESSONS'" \
	     "--dir '$T/scratch' --lesson tui-byte --db '$1';" \
	     "echo iolab-exit=\$?"
}

# start_run DB: the lab in $PANE, a run under way.
start_run() {
	rm -f "$T/pid"
	tm send-keys -t "$PANE" "clear" Enter "$(lab_cmd "$1")" Enter
	wait_for 'One byte per write\(\)' 20 "the lab at tui-byte"
	tm send-keys -t "$PANE" r
	wait_for 'syscalls +write [0-9,]*[1-9]' 30 "the run under way"
	pid=$(cat "$T/pid")
}

# gone PID: wait (bounded) for the lab to have exited.
gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		[ "$i" -lt $((200 * WAIT_SCALE)) ] || fail "the lab (pid $1) did not exit"
		nap
		i=$((i + 1))
	done
}

# kept DB HOW: exactly one run, kind stopped, labelled with when it stopped.
kept() {
	"$IOLAB" --history --db "$1" --format csv >"$T/history.csv" 2>"$T/history.err" \
		|| fail "$2: --history: $(cat "$T/history.err")"
	[ "$(grep -c '' "$T/history.csv")" -eq 2 ] || fail "$2: not one run: $(cat "$T/history.csv")"
	grep -Eq '^1,[^,]*,tui-byte,stopped,stopped at [0-9]+\.[0-9] s,lab,' "$T/history.csv" \
		|| fail "$2: the run is not kept as stopped: $(cat "$T/history.csv")"
}

quit_q() {
	start_run "$T/q.db"
	tm send-keys -t "$PANE" q
	lab_exit 0 "q mid-run" 30
	kept "$T/q.db" "q"
	pass "q mid-run: exit 0, the run kept as stopped"
}

# quit_signal SIG
quit_signal() {
	sig=$1
	start_run "$T/$sig.db"
	kill -s "$sig" "$pid"
	wait_for 'iolab-exit=[0-9]+' 30 "SIG$sig mid-run"
	gone "$pid"
	kept "$T/$sig.db" "SIG$sig"
	pass "SIG$sig mid-run: $(grep -o 'iolab-exit=[0-9]*' "$T/screen"), the run kept as stopped"
}

# a closed pane: the terminal hangs up on the lab
quit_pane() {
	tm new-window -d -t lab:1 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
		|| fail "a second window"
	PANE=lab:1.0
	start_run "$T/pane.db"
	tm kill-pane -t "$PANE"
	gone "$pid"
	kept "$T/pane.db" "a closed pane"
	pass "a closed pane mid-run: the run kept as stopped"
}

# --- the parts, at once; their output in this order -----------------------------------
part q quit_q
for sig in TERM HUP INT QUIT; do
	part "SIG$sig" quit_signal "$sig"
done
part pane quit_pane
parts_wait
