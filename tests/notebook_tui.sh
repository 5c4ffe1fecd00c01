#!/bin/sh
# notebook_tui.sh - the lab notebook in the interactive lab, driven in a
# private tmux server: a guess typed before a run (refused with guess.h's
# message, then kept), marked on the gauge and shown beside the result
# with its miss; the experiment form refusing a value with the lesson
# loader's own message under the field, then running as an experiment; the
# lesson's notebook (b); the score on the course screen; the lab reopening
# at the lesson it was left at.  Beside them, as a part of its own
# (tests/lib.sh: part) with its own tmux server, notebook and scratch
# directory: the student's own programs (--command, api command in the
# form) with their own page, notebook and races.  Every check polls the
# screen, bounded.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"

tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
parts_init nb-test

LESSONS="$TOP_SRCDIR/tests/fixtures/tui/lessons"
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi

keys() { tm send-keys -t "$PANE" "$@"; }
# the part's notebook as --history's CSV, in $T/h.csv
history_csv() { "$IOLAB" --history --db "$T/state/iolab/lab.db" --format csv >"$T/h.csv" || fail "--history"; }
erase() { n=$1; while [ "$n" -gt 0 ]; do keys BSpace; n=$((n - 1)); done; }

# One pass per run, so each is over in a moment.
lab_cmd() {
	echo "cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC" \
	     "'$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --watch pass $*;" \
	     "echo iolab-exit=\$?"
}

# A guess, an experiment, the notebook and the score, each on the runs before.
guesses() {
	keys "$(lab_cmd --lesson tui-block)" Enter
	wait_for 'Whole blocks per write\(\)' 20 "the lab at tui-block"

	# --- a guess ------------------------------------------------------------------------
	keys g
	wait_for 'Your guess: how fast will the next run of tui-block be\?' 10 "g asks for a guess"
	keys "3 parsecs" Enter
	wait_for "'3 parsecs' is not a rate: write a number and a unit" 10 "a guess that is no rate"
	erase 9
	keys "3MB/s" Enter
	wait_for 'your guess: 3 MB/s, log rate 14\.91 \(r runs it\)' 10 "the guess kept"
	wait_for 'G your guess 3 MB/s' 10 "the guess on the gauge"
	pass "g: a guess refused with its reason, then kept and marked on the gauge"

	keys r
	wait_for 'miss +[0-9]+\.[0-9][0-9] +in log rate' 30 "the miss beside the result"
	grep -Eq 'guess +3 MB/s +ln 14\.91' "$T/screen" || fail "the guess is not beside the result"
	log=$(sed -n 's/.*log rate  *\([0-9][0-9.]*\).*/\1/p' "$T/screen" | head -n 1)
	miss=$(sed -n 's/.*miss  *\([0-9][0-9.]*\)  *in log rate.*/\1/p' "$T/screen" | head -n 1)
	[ -n "$log" ] && [ -n "$miss" ] || fail "no log rate ('$log') or miss ('$miss') on the screen"
	# the miss is the distance of the log rates, to the two digits shown
	awk -v l="$log" -v m="$miss" 'BEGIN { d = l - 14.914; if (d < 0) d = -d; exit !(d - m < 0.011 && m - d < 0.011) }' \
		|| fail "the miss $miss is not |$log - ln 3e6|"
	pass "after the run: the guess, its log rate and the miss ($miss) beside the rate (log $log)"

	# --- the experiment form --------------------------------------------------------------
	keys e
	wait_for 'Experiment bench: tui-block' 10 "e opens the form"
	grep -Eq '^.*block +4KiB' "$T/screen" || fail "the form does not show the lesson's block"
	keys Tab Tab Tab
	erase 4
	keys lots Enter
	wait_for "'block' is not a size: 'lots' \(use bytes, or a whole number with B, KiB, MiB," 10 \
		"the loader's message for a bad block"
	# under the field it is about
	awk '/ block +lots/ { getline; if ($0 ~ /.block. is not a size: .lots./) found = 1 } END { exit !found }' \
		"$T/screen" || fail "the message is not under the block field"
	erase 4
	keys 16KiB Tab
	keys Tab Tab Tab Tab
	keys Right Enter
	wait_for "not the lesson's result: 16 KiB" 30 "the experiment's result, labelled"
	# the label may wrap onto the panel's next row
	grep -A1 "not the lesson's result: 16 KiB" "$T/screen" | tr '\n' ' ' | grep -Eq '16 KiB.*blocks,.*cold' \
		|| fail "the label is not '16 KiB blocks, cold'"
	pass "e: the form refuses a value with the lesson loader's message under the field, then runs it as a variant"

	# --- the form at 80x24: more fields than rows, every one reachable ------------------------
	tm resize-window -t lab -x 80 -y 24
	keys e
	wait_for 'Experiment bench: tui-block' 10 "e opens the form at 80x24"
	grep -Eq '^ *\([0-9]+ more fields? below\)' "$T/screen" || fail "at 80x24 the form does not say fields are below"
	keys BTab
	wait_for '^ *scenario +none' 10 "Shift-Tab from the first field reaches the last at 80x24"
	grep -Eq '^ *\([0-9]+ more fields? above\)' "$T/screen" || fail "at 80x24 the form does not say fields are above"
	erase 4
	keys bogus Enter
	wait_for "unknown scenario 'bogus'" 10 "the loader's message for the last field at 80x24"
	awk '/ scenario +bogus/ { getline; if ($0 ~ /unknown scenario .bogus./) found = 1 } END { exit !found }' \
		"$T/screen" || fail "at 80x24 the message is not under the scenario field"
	keys Escape
	wait_for 'Whole blocks per write\(\)' 10 "Esc closes the form"
	tm resize-window -t lab -x 120 -y 40
	pass "the form at 80x24 scrolls to the field being edited, its message under it"

	# --- the lesson's notebook --------------------------------------------------------------
	keys b
	wait_for 'Notebook of tui-block: 2 runs, newest first' 10 "b shows the lesson's runs"
	grep -Eq 'experiment +[0-9.]+ [kMGT]*B/s .* 16 KiB blocks, cold' "$T/screen" \
		|| fail "the experiment is not in the notebook view"
	grep -Eq 'lesson +[0-9.]+ [kMGTi]*B/s +[0-9.]+ +3 MB/s +[0-9.]+' "$T/screen" \
		|| fail "the guessed run is not in the notebook view with its guess and miss"
	grep -q 'guesses: 1, mean miss' "$T/screen" || fail "the lesson's score is not shown"
	keys Escape
	wait_for "Whole blocks per write\\(\\)" 10 "Esc closes the notebook view"
	pass "b: the lesson's notebook, newest first, with guesses, misses and labels"

	# --- the score on the course screen -------------------------------------------------------
	# beside the lesson (120 columns), then on the course's own screen (100)
	wait_for 'guesses 1, miss [0-9]+\.[0-9][0-9]' 10 "the score under the course list"
	grep -Eq '[01] within 1 \(log rate\)' "$T/screen" || fail "the score's within-1 count"
	tm resize-window -t lab -x 100 -y 40
	keys Tab
	wait_for 'guesses: 1, mean miss [0-9.]+ \(log rate\), [01] within 1' 10 "the score on the course screen"
	keys Tab
	tm resize-window -t lab -x 120 -y 40
	pass "the course list and the course screen show the score of every guess"

	# --- reopening where the student left off ------------------------------------------------
	keys n
	wait_for 'One byte per write\(\)' 10 "the next lesson"
	keys q
	lab_exit 0 "q quits"
	keys "clear" Enter "$(lab_cmd)" Enter
	wait_for 'One byte per write\(\), long enough to watch' 20 "the lab reopens at tui-byte"
	grep -q 'lesson 2/' "$T/screen" || fail "not reopened at the second lesson"
	keys q
	wait_for 'iolab-exit=0' 20 "q quits again"
	pass "the lab reopens at the lesson it was left at"

	history_csv
	grep -q ',tui-block,lesson,,lab,.*,3000000.0,14.914122846632385,3MB/s,' "$T/h.csv" \
		|| fail "the guess is not in the notebook: $(cat "$T/h.csv")"
	grep -q ',tui-block,experiment,"16 KiB blocks, cold",lab,' "$T/h.csv" \
		|| fail "the experiment is not in the notebook: $(cat "$T/h.csv")"
	pass "--history has both runs: the guess as typed, the experiment with its label"
}

# The student's own programs: the page and notebook of an argv hold its runs.
programs() {
	# --- iolab --command: the form filled with the program; its stderr shown -------------
	keys "clear" Enter "$(lab_cmd --command -- sh -c \''echo said on stderr >&2; cat "$0" >/dev/null'\' \''{file}'\')" Enter
	wait_for 'Experiment bench' 20 "--command opens the form"
	grep -Eq 'api +command' "$T/screen" || fail "the form is not on the program (api command)"
	keys Enter
	wait_for 'said on stderr' 30 "the program's stderr beside its result"
	wait_for 'DONE in' 10 "the program's run ended"
	keys q
	wait_for 'iolab-exit=0' 20 "q after the program"
	history_csv
	grep -q ',,program,"sh -c echo said on stderr' "$T/h.csv" \
		|| fail "the program is not filed as an own program of no lesson: $(cat "$T/h.csv")"
	pass "--command in the lab: the form on the program, its stderr shown, filed as an own program"

	# --- the form's argv: api command, then the program typed -----------------------------
	keys "clear" Enter "$(lab_cmd --lesson tui-block)" Enter
	wait_for 'Whole blocks per write\(\)' 20 "the lab at tui-block again"
	keys e
	wait_for 'Experiment bench: tui-block' 10 "e opens the form"
	grep -Eq '^ *command ' "$T/screen" && fail "the argv field shows under api syscall"
	keys Tab Left
	wait_for 'api +command' 10 "Left from syscall names command"
	keys Enter
	wait_for 'api: command needs a command' 10 "no argv: the message"
	grep -A1 -E '(^|[^a-z ]) +command *$' "$T/screen" | grep -q 'api: command needs a command' \
		|| fail "the message is not under the command field"
	keys 'head,-c,{size},/dev/zero' Tab Right Right
	wait_for 'redirect +stdout' 10 "Right names stdout"
	keys Enter
	wait_for 'DONE in' 30 "the typed program ran"
	keys q
	wait_for 'iolab-exit=0' 20 "q after the typed program"
	history_csv
	grep -q ',,program,head -c {size} /dev/zero,lab,.*,ok,' "$T/h.csv" \
		|| fail "the typed program is not filed as an own program: $(cat "$T/h.csv")"
	pass "e: api command shows the argv field; none typed is said under it; a typed program runs, filed as own"

	# --- own programs: their own page, notebook and races ---------------------------------
	# left at a sweep, --command opens the program's page, not the sweep
	keys "clear" Enter "$(lab_cmd --lesson tui-sweep)" Enter
	wait_for 'tui-sweep' 20 "the lab at the sweep"
	keys q
	wait_for 'iolab-exit=0' 20 "q at the sweep"
	keys "clear" Enter "$(lab_cmd --command --op write --redirect stdout -- head -c '{size}' /dev/zero)" Enter
	wait_for 'Experiment bench: head -c \{size\} /dev/zero' 20 "--command after a sweep: the form on the program's page"
	grep -q 'the form is for one workload' "$T/screen" && fail "--command after a sweep dropped the program"
	keys Enter
	wait_for 'DONE in' 30 "the program's run from its page"
	wait_for 'Your program: head -c \{size\} /dev/zero' 10 "the program's page"
	grep -q 'Your programs' "$T/screen" || fail "no 'Your programs' in the course list"
	grep -q 'Compare with' "$T/screen" && fail "a lesson's 'Compare with' on the program's page"
	pass "--command after a sweep: the program's own page under 'Your programs', run from there"

	# b: this argv's runs (the one typed in the form earlier, and this one),
	# not the other program's ("2 runs")
	keys b
	wait_for 'Notebook of head -c \{size\} /dev/zero: 2 runs, newest first' 10 "b on the program's page"
	[ "$(grep -c 'program  ' "$T/screen")" -ge 2 ] || fail "the program's runs are not listed"
	keys Escape
	pass "b: the program's own notebook, its two runs and no other program's"

	# v: the program races a lesson, both panels with their figures
	keys v
	wait_for 'Race head -c \{size\} /dev/zero against:' 10 "v on the program's page"
	keys Enter
	wait_count '\(raced' 2 30 "the race of the program and a lesson"
	[ "$(grep -Ec 'rate [0-9.]+ [kMG]?B/s +log rate [0-9.]+' "$T/screen")" -ge 2 ] \
		|| fail "both panels do not show their rates"
	[ "$(grep -Ec 'kernel: write\(\) syscalls [0-9,]+' "$T/screen")" -ge 2 ] \
		|| fail "both panels do not show the kernel's counts"
	grep -q ' A  head -c {size} /dev/zero' "$T/screen" || fail "the program is not side A of the race"
	keys q
	wait_for 'iolab-exit=0' 20 "q after the race"
	history_csv
	grep -q ',,raced,"head -c {size} /dev/zero, raced with tui-' "$T/h.csv" \
		|| fail "the raced program is not filed as its argv, raced: $(cat "$T/h.csv")"
	n=$("$IOLAB" --history --db "$T/state/iolab/lab.db" --format csv --lesson 'head -c {size} /dev/zero' \
		| grep -c ',head -c {size} /dev/zero\|,"head -c {size} /dev/zero, raced')
	[ "$n" -eq 3 ] || fail "--history --lesson: $n of the program's 3 runs"
	pass "v: the program races a lesson, both panels with their figures, filed under its argv; --history --lesson lists its 3 runs"
}

# --- the parts, at once; their output in this order -----------------------------------
part guesses guesses
part programs programs
parts_wait
