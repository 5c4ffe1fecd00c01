#!/bin/sh
# tui.sh - the interactive lab, driven for real in a private tmux server:
# open at a lesson, run it and watch the numbers change, stop it, shrink
# and restore the terminal, stop a run from help and close help, read the
# help, quit from it, and check the terminal was restored and no data file
# was left.  Ctrl-C during a run too.  Beside it, as a part of its own
# (tests/lib.sh: part) with its own tmux server and directory: the problems
# found before the screen is taken (bad lessons, an unusable scratch
# directory, a terminal the lab cannot draw on).
#
# Nothing here waits a fixed time for something to happen: every check
# polls the screen until what it expects is there, with a bounded timeout.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"

tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
parts_init test

LESSONS="$TOP_SRCDIR/tests/fixtures/tui/lessons"
# UTF-8 where the system has it; the lab falls back to ASCII otherwise and
# every check below reads words and digits, not glyphs.
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi


lab_cmd() {
	echo "cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC" \
	     "'$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --lesson tui-byte;" \
	     "echo iolab-exit=\$?"
}

# The values on the live panel.
rate_of() { sed -n 's/.*now  *\([0-9.][0-9.]* [kMGTPB]*\/s\).*/\1/p' "$T/screen" | head -n 1; }
log_of() { sed -n 's/.*log rate  *\([0-9.][0-9.]*\) now.*/\1/p' "$T/screen" | head -n 1; }
sys_of() { sed -n 's/.*syscalls  *write \([0-9,][0-9,]*\).*/\1/p' "$T/screen" | head -n 1; }

# The lab itself: each step goes on from the one before (the stopped runs
# of the first lab are listed when it opens again).
the_lab() {
	# --- open at a lesson ---------------------------------------------------------
	tm send-keys -t "$PANE" "$(lab_cmd)" Enter
	wait_for 'One byte per write\(\)' 20 "--lesson opens the lab at the lesson"
	wait_for 'Not run yet' 5 "the live panel before a run"
	grep -q '2011 iMac' "$T/screen" || fail "the reference labels are not on the gauge"
	pass "--lesson tui-byte opens the lab at that lesson, references shown"

	# --- run: the rate, the log rate and the kernel's syscall count, changing ------
	tm send-keys -t "$PANE" r
	wait_for 'syscalls +write [0-9,]*[1-9]' 30 "the syscall count while running"
	wait_for 'now +[0-9.]+ [kMGTP]*B/s' 10 "the rate while running"
	r1=$(rate_of) l1=$(log_of) s1=$(sys_of)
	[ -n "$r1" ] && [ -n "$l1" ] && [ -n "$s1" ] || fail "rate '$r1', log rate '$l1', syscalls '$s1'"
	grep -q 'RUNNING' "$T/screen" || fail "the run is not shown as running"
	rate_changed=0 log_changed=0 sys_changed=0 i=0
	while [ $((rate_changed + log_changed + sys_changed)) -lt 3 ] && [ "$i" -lt 200 ]; do
		nap
		screen
		r2=$(rate_of) l2=$(log_of) s2=$(sys_of)
		[ -n "$r2" ] && [ "$r2" != "$r1" ] && rate_changed=1
		[ -n "$l2" ] && [ "$l2" != "$l1" ] && log_changed=1
		[ -n "$s2" ] && [ "$s2" != "$s1" ] && sys_changed=1
		i=$((i + 1))
	done
	[ "$rate_changed" = 1 ] || fail "the rate did not change while running (stayed $r1)"
	[ "$log_changed" = 1 ] || fail "the log rate did not change while running (stayed $l1)"
	[ "$sys_changed" = 1 ] || fail "the syscall count did not change while running (stayed $s1)"
	pass "running: rate ($r1 -> $r2), log rate ($l1 -> $l2), syscalls ($s1 -> $s2) change"

	# --- stop ------------------------------------------------------------------------
	tm send-keys -t "$PANE" s
	wait_for 'STOPPED|DONE in|time limit reached' 30 "s stops the run"
	wait_for 'rate +[0-9.]+ [kMGTP]*B/s' 5 "the result stays after the run"
	grep -q 'RUNNING' "$T/screen" && fail "still shown as running after s"
	pass "s stops the run; its result stays on screen"

	# --- resize below 80x24 and back -------------------------------------------------
	tm resize-window -t lab -x 60 -y 20
	wait_for 'at least 80x24' 10 "a 60x20 terminal"
	# 30 columns: the notice wraps; "80x24" stays whole
	tm resize-window -t lab -x 30 -y 20
	wait_for '(^| )80x24( |$)' 10 "a 30x20 terminal"
	grep -q '80x$' "$T/screen" && fail "the notice cut 80x24 at 30 columns"
	# r does nothing there: no run nobody can see
	tm send-keys -t "$PANE" r
	tm resize-window -t lab -x 120 -y 40
	wait_for 'One byte per write\(\)' 10 "back at 120x40"
	grep -q 'at least 80x24' "$T/screen" && fail "the too-small notice stayed after enlarging"
	grep -Eq 'RUNNING|starting' "$T/screen" && fail "r on the too-small screen started a run"
	grep -Eq 'STOPPED|DONE in|time limit reached' "$T/screen" || fail "the stopped run's result went away"
	pass "below 80x24 the lab asks for a bigger terminal (wrapped at 30 columns), r does nothing there, and it recovers"

	# --- help while a run is under way: s stops it, other keys say what works,
	# Esc closes help onto the result ---------------------------------------------------
	tm send-keys -t "$PANE" r
	wait_for 'RUNNING' 30 "the run before help"
	tm send-keys -t "$PANE" '?'
	wait_for 'iolab help +Esc close +PgDn/PgUp scroll +s stop +q quit' 10 "help's key bar while a run is under way"
	tm send-keys -t "$PANE" r
	wait_for 'Esc \? h F1 closes help, q quits the lab' 10 "a key that does nothing in help"
	grep -q 'The numbers' "$T/screen" || fail "r closed the help"
	tm send-keys -t "$PANE" s
	wait_for 'stopping the run: Esc closes help to show its result' 10 "s in help stops the run"
	grep -q 'The numbers' "$T/screen" || fail "s closed the help"
	# once the run has ended, help no longer offers to stop it
	wait_for 'iolab help +Esc close +PgDn/PgUp scroll +q quit' 30 "help's key bar after the run"
	tm send-keys -t "$PANE" Escape
	wait_for 'STOPPED|DONE in|time limit reached' 10 "Esc closes help onto the stopped run"
	grep -q 'RUNNING' "$T/screen" && fail "the run went on after s in help"
	grep -q 'iolab help' "$T/screen" && fail "Esc did not close the help"
	pass "in help: s stops the run and help stays; r only says what works; Esc closes it"

	# --- help ------------------------------------------------------------------------
	tm send-keys -t "$PANE" '?'
	wait_for 'The numbers' 10 "? shows the help"
	for k in 'Ctrl-L' 'Tab l' '\? h F1' 'Esc \? h F1' 'n/p j/k Down/Up'; do
		grep -Eq "^ +$k +[a-z]" "$T/screen" || fail "help does not list the keys '$k'"
	done
	# the numbers follow the keys: a page further down
	tm send-keys -t "$PANE" NPage
	wait_for ' log rate +ln\(rate\)' 10 "the help explains the log rate"
	pass "? shows every key (l, h, F1 too) and what the numbers mean"

	# --- quit from help --------------------------------------------------------------
	tm send-keys -t "$PANE" q
	lab_exit 0 "q in help quits"
	check_terminal_restored "q"
	check_no_children "q"
	check_no_data_files "q"
	[ -f "$T/state/iolab/lab.db" ] || fail "no notebook in \$XDG_STATE_HOME/iolab/lab.db"
	"$IOLAB" --history --db "$T/state/iolab/lab.db" --format csv >"$T/history.csv" \
		|| fail "--history of the lab's notebook"
	[ "$(grep -c ',tui-byte,stopped,stopped at ' "$T/history.csv")" -eq 2 ] \
		|| fail "the two stopped runs are not in the notebook: $(cat "$T/history.csv")"
	pass "q in help exits 0, the terminal is restored ($modes), no data file is left, both runs in the notebook"

	# --- Ctrl-C during a run ------------------------------------------------------------
	tm send-keys -t "$PANE" "clear" Enter "$(lab_cmd)" Enter
	wait_for 'One byte per write\(\)' 20 "the lab again"
	# the first runs were stopped: kept, and listed apart from the lesson's result
	grep -q 'Not run yet' "$T/screen" || fail "a stopped run was taken for the lesson's result"
	grep -Eq 'tui-byte . stopped at [0-9.]+ s' "$T/screen" || fail "the stopped runs of before are not listed"
	tm send-keys -t "$PANE" r
	wait_for 'RUNNING' 30 "the second run"
	tm send-keys -t "$PANE" C-c
	lab_exit 130 "Ctrl-C ends the lab"
	check_terminal_restored "Ctrl-C"
	check_no_children "Ctrl-C"
	check_no_data_files "Ctrl-C"
	pass "Ctrl-C during a run exits 130, terminal restored, no data file left"
}

refused() {
	# --- problems found before the screen is taken --------------------------------------
	mkdir -p "$T/bad"
	printf 'course: Broken\nsections:\n  - title: Writing\n    lessons: [no-such-lesson]\n' >"$T/bad/course.yaml"
	tm send-keys -t "$PANE" "clear; '$IOLAB' --lessons '$T/bad' --dir '$T/scratch'; echo bad-lessons-exit=\$?" Enter
	wait_for 'bad-lessons-exit=[0-9]+' 20 "invalid lessons"
	grep -q 'bad-lessons-exit=3' "$T/screen" || fail "invalid lessons: $(grep bad-lessons-exit "$T/screen")"
	grep -Eq 'course\.yaml:[0-9]+:[0-9]+:' "$T/screen" || fail "invalid lessons: no FILE:LINE:COLUMN diagnostic on the screen"
	pass "invalid lessons: diagnostics printed, exit 3, no screen taken"

	: >"$T/not-a-dir"
	tm send-keys -t "$PANE" "clear; '$IOLAB' --lessons '$LESSONS' --dir '$T/not-a-dir'; echo bad-scratch-exit=\$?" Enter
	wait_for 'bad-scratch-exit=[0-9]+' 20 "an unusable scratch directory"
	grep -q 'bad-scratch-exit=4' "$T/screen" || fail "unusable scratch: $(grep bad-scratch-exit "$T/screen")"
	grep -q 'iolab: ' "$T/screen" || fail "unusable scratch: no message"
	pass "unusable scratch directory: a message, exit 4"

	# --- a terminal the lab cannot draw on: TERM=dumb, TERM unset (exit 4) ---------------
	tm send-keys -t "$PANE" "clear; TERM=dumb '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch'; echo dumb-exit=\$?" Enter
	wait_for 'dumb-exit=[0-9]+' 20 "TERM=dumb"
	grep -q 'dumb-exit=4' "$T/screen" || fail "TERM=dumb: $(grep dumb-exit "$T/screen")"
	grep -q 'TERM=dumb) cannot be addressed' "$T/screen" || fail "TERM=dumb: the message does not say what is wrong"
	grep -q 'TERM set' "$T/screen" && fail "TERM=dumb: the message still asks for TERM to be set"
	tm send-keys -t "$PANE" "clear; env -u TERM '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch'; echo noterm-exit=\$?" Enter
	wait_for 'noterm-exit=[0-9]+' 20 "TERM unset"
	grep -q 'noterm-exit=4' "$T/screen" || fail "TERM unset: $(grep noterm-exit "$T/screen")"
	grep -q 'TERM is not set' "$T/screen" || fail "TERM unset: the message does not say what is wrong"
	# a TERM terminfo does not know: the lab's message and 4 (ncurses' initscr
	# printed "Error opening terminal" and exited 1, "a lesson failed")
	tm send-keys -t "$PANE" "clear; TERM=no-such-term '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch'; echo unknown-exit=\$?" Enter
	wait_for 'unknown-exit=[0-9]+' 20 "an unknown TERM"
	grep -q 'unknown-exit=4' "$T/screen" || fail "unknown TERM: $(grep unknown-exit "$T/screen")"
	grep -q 'TERM=no-such-term has no usable terminfo' "$T/screen" \
		|| fail "unknown TERM: the message does not say what is wrong"
	pass "a terminal that cannot be addressed (TERM=dumb, TERM unset, unknown TERM): says which, exit 4"
}

# --- the parts, at once; their output in this order -----------------------------------
part lab the_lab
part refused refused
parts_wait
