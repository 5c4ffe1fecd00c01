#!/bin/sh
# compare_tui.sh - the comparison screen driven in a private tmux server:
# --compare with seven of the lecture's byte-at-a-time lessons, two of them
# run first in batch (as their lessons say, into the test's own notebook):
# their bars show this machine's rate beside the iMac's and the ThinkPad's
# letters, the others say they have not run; at 80x24 the list scrolls
# (PgDn brings the last lesson, none is cut at the right edge); Tab goes to
# the lecture's groups; presented (f) and at 120x40 and 200x60 all seven
# are on screen whole.  Every check polls the screen.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

SOCK="iolab-cmp-test-$$"
tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT

LESSONS="$TOP_SRCDIR/lessons"
mkdir -p "$T/home" "$T/state" "$T/cache"
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi

# two fast lessons, each as its lesson says: their latest rates
run "$IOLAB" --batch --lessons "$LESSONS" --dir "$T/scratch" --db "$T/lab.db" --trials 1 \
	--lesson w05-stdiobyte,r04-stdiobyte
expect_rc 0 "the batch run that fills the notebook"
pass "w05-stdiobyte and r04-stdiobyte ran into the notebook"

tm new-session -d -s lab -x 80 -y 24 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
	|| skip "tmux cannot start a server here"
PANE=lab:0.0
keys() { tm send-keys -t "$PANE" "$@"; }

# nothing in a screen's last two columns but the scroll marks: the view
# keeps its edge blank, so a letter or digit there is a figure cut
uncut() {
	w=$1
	"$PYTHON3" - "$T/screen" "$w" <<'PY' || fail "$2: something reaches the edge (above)"
import sys
lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
w = int(sys.argv[2])
bad = [l for l in lines[1:-2] if len(l.rstrip()) >= w - 1 and l.rstrip()[-1] not in "\u25b2\u25bc^v"]
if bad:
    print("\n".join(bad), file=sys.stderr)
    sys.exit(1)
PY
}

ids=w01-syncbyte,w03-byte,w05-stdiobyte,r01-byte,r04-stdiobyte,r11-mmapbyte,r06-stridebyte
keys "cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC '$IOLAB' \
--lessons '$LESSONS' --dir '$T/scratch' --db '$T/lab.db' --compare $ids; echo iolab-exit=\$?" Enter
wait_for 'Compare: the lessons chosen \(7 lessons, scroll for more\)' 20 "--compare at 80x24"
grep -Eq '^ w01-syncbyte +this machine: not run yet +I 2\.6 kB/s +T 27 B/s' "$T/screen" \
	|| fail "w01-syncbyte's figures at 80x24"
grep -Eq '^ w05-stdiobyte +this machine [0-9.]+ [kMG]B/s +I 53 MB/s +T 31 MB/s' "$T/screen" \
	|| fail "w05-stdiobyte's rate and references at 80x24"
grep -q 'r06-stridebyte' "$T/screen" && fail "all seven lessons fit 80x24: nothing to scroll"
[ "$(wc -l <"$T/screen")" -le 24 ] || fail "more than 24 rows"
uncut 80 "--compare at 80x24"
pass "--compare at 80x24: figures in decimal units, references by letter, the rest to scroll to"

keys NPage
wait_for '^ r06-stridebyte +this machine: not run yet' 10 "PgDn to the last lesson"
grep -Eq '^ r04-stdiobyte +this machine [0-9.]+ [kMG]B/s +I 180 MB/s' "$T/screen" \
	|| fail "r04-stdiobyte's rate after scrolling"
uncut 80 "scrolled at 80x24"
pass "PgDn scrolls to the last lessons, whole"

keys Tab
wait_for 'Compare: Byte at a time: writes \(3 lessons\)' 10 "Tab: the lecture's first group"
keys Tab
wait_for 'Compare: Byte at a time: sequential reads \(3 lessons\)' 10 "Tab: the second group"
keys BTab BTab
wait_for 'Compare: the lessons chosen' 10 "S-Tab back to the lessons chosen"
keys Tab Tab Tab Tab Tab
wait_for 'Compare: 4096-byte blocks: sequential reads \(3 lessons\)' 10 "Tab: the 4096-byte reads"
keys BTab BTab BTab BTab BTab
wait_for 'Compare: the lessons chosen' 10 "S-Tab back to the lessons chosen again"
pass "Tab and S-Tab go through the lecture's groups"

for s in 120x40 200x60; do
	W=${s%x*} H=${s#*x}
	tm resize-window -t lab -x "$W" -y "$H"
	wait_for 'Compare: the lessons chosen \(7 lessons\)' 10 "the lessons chosen at $s"
	for id in $(echo $ids | tr , ' '); do
		grep -Eq "^ $id +this machine" "$T/screen" || fail "$id is not on screen at $s"
	done
	uncut "$W" "the lessons chosen at $s"
done
keys f
wait_for 'presentation mode' 10 "f presents the comparison"
grep -q 'Compare: the lessons chosen (7 lessons)' "$T/screen" || fail "the comparison presented"
uncut 200 "the comparison presented at 200x60"
keys f
tm resize-window -t lab -x 80 -y 24
wait_for 'Compare: the lessons chosen \(7 lessons, scroll for more\)' 10 "back to 80x24"
pass "at 120x40 and 200x60 all seven show, presented too"

keys Escape
wait_for 'B/s, log scale' 10 "Esc closes the comparison"
keys m
wait_for 'Compare: Byte at a time: writes \(3 lessons\)' 10 "m opens the lesson's group"
keys q
lab_exit 0 "q in the comparison"
pass "Esc closes it, m opens the lesson's group, q quits"

keys "'$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --db '$T/lab.db' --compare w01-syncbyte,nope; echo iolab-exit=\$?" Enter
lab_exit 2 "--compare with an unknown id"
grep -q "iolab: --compare: no lesson 'nope'" "$T/screen" || fail "the unknown id is not named"
pass "--compare with an unknown id: named, exit 2"
