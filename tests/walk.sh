#!/bin/sh
# walk.sh - the whole course, as a student walks it, at 80x24, 120x40 and
# 200x60: every lesson is opened and run for a moment (--size 64KiB,
# --time-limit 0.3s keep the walk near a minute); then, at each size, what
# a lecture shows: a watched run (--watch 3s), the lesson's notebook (b),
# presentation mode with a run presented, a race and the race presented,
# the comparison (m) through the lecture's groups, scrolled and presented,
# and a sweep presented (its chart).
# Every screen captured on the way - while it runs, and its result at each
# of the three sizes - is checked:
#   - nothing is cut at a panel's edge: every view keeps its last column
#     (UI_EDGE in src/ui/ui_views.h) blank, so anything there - a letter, a
#     digit, a bracket, a separator - is a cut; the panels' edges are
#     read from the program (iolab --dump-layout COLSxROWS, the rectangles
#     src/lab/layout.c computes) for the screen on show: lesson, race,
#     presentation, notebook, race chooser; the comparison (drawn by
#     src/lab/lab_compare.c's rules) over the whole width;
#   - no digit, thousands separator or opening bracket in the screen's
#     last column;
#   - no "calls calls" and no "calls none", no "us" for
#     micro in a UTF-8 locale, no "1048576.0 bytes", no "1.95 KiB blocks";
#   - a write sweep's series are not called "warm";
#   - every key in the key bar is in help (at each size).
# Every lesson runs, the slow ones bounded by the time limit; none is
# skipped.  Nothing waits a fixed time: every step polls the screen, and
# only whole frames are checked (IOLAB_FRAME_MARKS, shot below), so a busy
# machine makes the walk slower, never wrong.  The course's parts
# and the lecture at each size run at once, each in a lab and a tmux server of
# its own; tests/walk_check.py checks their screens at the end.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
ROOT=$T
# The course in COURSE_PARTS parts, the lecture in one part a size.
COURSE_PARTS=5
PARTS="lecture-80x24 lecture-120x40 lecture-200x60"
i=$COURSE_PARTS
while [ "$i" -gt 0 ]; do PARTS="course$i $PARTS"; i=$((i - 1)); done
trap 'for p in $PARTS; do "$TMUX_BIN" -L "iolab-walk-$$-$p" -f /dev/null kill-server >/dev/null 2>&1; done; rm -rf "$ROOT"' EXIT

LESSONS="$TOP_SRCDIR/lessons"
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi

"$IOLAB" --list --lessons "$LESSONS" | cut -f1 >"$ROOT/ids" || fail "iolab --list failed"
total=$(wc -l <"$ROOT/ids")
[ "$total" -gt 0 ] || fail "the course has no lesson"

SOCK="iolab-walk-$$-probe"
tm new-session -d -s probe "sleep 60" || skip "tmux cannot start a server here"
tm kill-server >/dev/null 2>&1

# start_part NAME: from here on (in a subshell) T is the part's own
# directory - its home, notebook, scratch files and captures - and tm its
# own tmux server, with a shell in a pane of 80x24.
start_part() {
	T="$ROOT/$1"
	SOCK="iolab-walk-$$-$1"
	mkdir -p "$T/home" "$T/state" "$T/cache" "$T/cap"
	trap 'tm kill-server >/dev/null 2>&1' EXIT
	tm new-session -d -s walk -x 80 -y 24 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
		|| fail "$1: tmux cannot start a server"
}
PANE=walk:0.0

nap() { sleep 0.1 2>/dev/null || sleep 1; }
n=0
# shot WHAT: capture the pane into a numbered file (all are checked at the end)
# A capture can land while the lab is part way through sending a frame (the
# race's top over the chooser's text), however long the machine takes.  The
# lab runs with IOLAB_FRAME_MARKS: each frame's serial digit in the first
# column of its top and bottom rows, sent first and last.  A lab screen is
# kept for the checks (walk_check.py) only when both digits agree (one
# whole frame), with the two marks blanked again; until they agree the
# pane is captured again, within a bound stretched like every wait
# (WAIT_SCALE), and a screen never seen whole is named .torn and passed
# over, never checked.  A screen that is not the lab's (the shell) has no
# marks and is not checked.
shot() {
	n=$((n + 1))
	cap=$(printf '%s/cap/%05d' "$T" "$n")
	tries=0
	while :; do
		tm capture-pane -p -t "$PANE" >"$T/shot" 2>/dev/null
		top=$(head -n 1 "$T/shot")
		case "$top" in
		[0-9]iolab*)
			[ "$(tail -n 1 "$T/shot" | cut -c1)" = "$(printf '%s' "$top" | cut -c1)" ] && break ;;
		*) break ;;
		esac
		tries=$((tries + 1))
		[ "$tries" -lt "${SHOT_TRIES:-$((100 * WAIT_SCALE))}" ] || { cap="$cap.torn"; break; }
		nap
	done
	sed '1s/^[0-9]/ /;$s/^[0-9]/ /' "$T/shot" >"$cap"
	printf '%s\n' "$1" >"$cap.what"
	cp "$cap" "$T/screen"
}

# wait_for REGEX SECONDS WHAT: poll (and keep every screen) until REGEX shows.
wait_for() {
	i=0
	while [ "$i" -lt $(($2 * 10 * WAIT_SCALE)) ]; do
		shot "$3"
		grep -Eq -- "$1" "$T/screen" && return 0
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
		shot "$4"
		[ "$(grep -Eo -- "$1" "$T/screen" | wc -l)" -ge "$2" ] && return 0
		nap
		i=$((i + 1))
	done
	cat "$T/screen" >&2
	fail "$4: $2 of '$1' did not appear within $(($3 * WAIT_SCALE)) s"
}

# size W H ID: resize, and wait until the lab has redrawn lesson ID at it
# (H lines, the header's right end one column short of the edge).
size() {
	tm resize-window -t walk -x "$1" -y "$2"
	i=0
	while [ "$i" -lt $((25 * WAIT_SCALE)) ]; do
		# a frame drawn at the old size lacks its bottom mark at the new
		# one: not torn, only not redrawn yet; asked again soon
		SHOT_TRIES=10
		shot "$3 at $1x$2"
		unset SHOT_TRIES
		if [ "${cap%.torn}" = "$cap" ] && [ "$(wc -l <"$T/screen")" -eq "$2" ] \
		   && [ "$(head -n 1 "$T/screen" | sed 's/ *$//' | LC_ALL=$LOC wc -m)" -eq "$1" ] \
		   && grep -Eq "(^| )$3 [^ ]+ " "$T/screen"; then
			printf '%s %s %s\n' "$1" "$2" "$3" >"$cap.size"
			return 0
		fi
		: >"$cap.transit"         # not redrawn yet: tmux's crop, not the lab's
		nap
		i=$((i + 1))
	done
	cat "$T/screen" >&2
	fail "the lab did not redraw $3 at $1x$2"
}

# help_keys W H: every key in the key bar of the screen on show is in help.
help_keys() {
	tail -n 1 "$T/screen" >"$T/bar"
	tm send-keys -t "$PANE" '?'
	wait_for 'iolab help' 10 "help at $1x$2"
	cp "$T/screen" "$T/help"
	# the keys come first; page down until the numbers' heading is on screen
	# one page at a time: the next key only once this page is on screen,
	# so a lab slower than the keys (a sanitizer build) skips no page
	pages=0
	while ! grep -q '^ *The numbers' "$T/help"; do
		pages=$((pages + 1))
		[ "$pages" -le 30 ] || fail "help at $1x$2: no 'The numbers' heading after 30 pages"
		cp "$T/screen" "$T/page.before"
		tm send-keys -t "$PANE" NPage
		i=0
		while [ "$i" -lt $((50 * WAIT_SCALE)) ]; do
			nap
			shot "help at $1x$2, further down"
			cmp -s "$T/screen" "$T/page.before" || break
			i=$((i + 1))
		done
		cat "$T/screen" >>"$T/help"
	done
	"$PYTHON3" - "$T/bar" "$T/help" <<'EOF' || fail "the key bar at $1x$2 names a key help does not"
import re, sys
bar = open(sys.argv[1], encoding="utf-8").read().strip()
helptext = open(sys.argv[2], encoding="utf-8").read().splitlines()
# help's key column: KEYS_LABEL_MAX + 1 = 16 columns from where its
# "Keys" heading starts
x = next(l.index("Keys") for l in helptext if l.strip() == "Keys")
labels = set()
for line in helptext:
    labels.update(re.split(r"[ /]+", line[x:x + 16].strip()))
bad = []
for entry in re.split(r"  +", bar):
    keys = entry.split(" ")[0]
    for k in re.split(r"(?<=.)/(?=.)", keys):
        if k and k not in labels:
            bad.append(k)
if bad:
    print("keys in the bar '%s' not in help: %s" % (bar, " ".join(bad)), file=sys.stderr)
    sys.exit(1)
EOF
	tm send-keys -t "$PANE" Escape
	wait_for '^ iolab [^h]' 10 "help closed at $1x$2"
}

SIZES="80x24 120x40 200x60"
END='DONE in|STOPPED|time limit reached|FAILED|as this lesson expects|points measured|could not start'

# walk_course FROM TO: lessons FROM to TO (lines of the course list), each
# opened with n from the one before.
walk_course() {
	from=$1 to=$2
	sed -n "${from},${to}p" "$ROOT/ids" >"$T/ids"
	lab="cd '$T' && IOLAB_FRAME_MARKS=1 XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC"
	lab="$lab '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --size 64KiB --time-limit 0.3s --watch pass"
	tm send-keys -t "$PANE" "$lab --lesson $(head -n 1 "$T/ids"); echo iolab-exit=\$?" Enter
	k=$((from - 1))
	helped=""
	while read -r id; do
		# each lesson runs at one of the sizes in turn, and its result is seen at all three
		set -- $SIZES
		shift $((k % 3))
		run_at=$1
		W=${run_at%x*} H=${run_at#*x}
		size "$W" "$H" "$id"
		case " $helped " in *" $run_at "*) ;; *) help_keys "$W" "$H"; helped="$helped $run_at"; size "$W" "$H" "$id" ;; esac
		tm send-keys -t "$PANE" r
		wait_for "$END" 60 "$id at ${W}x$H"
		for s in $SIZES; do
			size "${s%x*}" "${s#*x}" "$id"
		done
		k=$((k + 1))
		if [ "$k" -lt "$to" ]; then
			tm send-keys -t "$PANE" n
		fi
	done <"$T/ids"
	[ "$k" -eq "$to" ] || fail "walked lessons $from to $k of $from to $to"
	tm send-keys -t "$PANE" q
	wait_for 'iolab-exit=[0-9]+' 20 "q at the end of the walk"
	grep -q 'iolab-exit=0' "$T/screen" || fail "q: $(grep iolab-exit "$T/screen")"
	pass "walked lessons $from to $to of $total, each run, at 80x24, 120x40 and 200x60 ($n screens)"
}

# --- what a lecture shows, at each size ----------------------------------------
# w05-stdiobyte on a 1 MiB file: each trial a moment, so a 3 s watch is
# many of them; its race is against the first lesson the chooser offers
# (a compared one, w03-byte).
# where the time went (the bar's legend) and the three layers, down to the
# device where the scratch directory has one (not on tmpfs or an overlay;
# asked once the part's first run has made the directory)
LEGEND='(user|system|CPU wait|blocked|off the CPU) [0-9.]+ ?[nµum]?s [0-9]+%|(user|system|CPU wait|blocked|off the CPU) [0-9]+%'
explained() {     # explained WHERE: the bar and the layers on the screen
	dev=$(stat -c '%Hd:%Ld' "$T/scratch" 2>/dev/null)
	case "$dev" in 0:*|"") device="" ;; *) [ -e "/sys/dev/block/$dev" ] && device=1 || device="" ;; esac
	wait_for "$LEGEND" 10 "where the time went, $1"
	wait_for '[0-9,]+ fwrite' 10 "the program's calls in the layers, $1"
	wait_for '(→|->) [0-9,]+ write\(\)' 10 "the system calls in the layers, $1"
	[ -z "$device" ] || wait_for 'whole-device writes' 10 "the device in the layers, $1"
}
walk_lecture() {
	sizes=$*
	lecture="cd '$T' && IOLAB_FRAME_MARKS=1 XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC"
	lecture="$lecture '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --size 1MiB --watch 3s"
	for s in $sizes; do
		W=${s%x*} H=${s#*x}
		tm send-keys -t "$PANE" "clear" Enter
		tm resize-window -t walk -x "$W" -y "$H"
		tm send-keys -t "$PANE" "clear; $lecture --lesson w05-stdiobyte; echo iolab-exit=\$?" Enter
		size "$W" "$H" w05-stdiobyte
		tm send-keys -t "$PANE" r
		wait_for 'RUNNING +[0-9.]+ s of 3 s' 20 "a watched run at ${W}x$H"
		wait_for 'DONE: watched' 30 "a watched run at ${W}x$H"
		explained "after a watched run at ${W}x$H"
		tm send-keys -t "$PANE" b
		wait_for 'Notebook of w05-stdiobyte' 10 "the lesson's notebook at ${W}x$H"
		tm send-keys -t "$PANE" Escape
		wait_for 'B/syscall' 10 "back from the notebook at ${W}x$H"
		tm send-keys -t "$PANE" f
		wait_for '^  B/s, log scale' 10 "presentation mode at ${W}x$H"
		tm send-keys -t "$PANE" r
		wait_for 'RUNNING +[0-9.]+ s of 3 s' 20 "a run presented at ${W}x$H"
		wait_for 'DONE: watched' 30 "a run presented at ${W}x$H"
		[ "$W" -lt 120 ] || explained "presented at ${W}x$H"
		tm send-keys -t "$PANE" f
		wait_for 'B/syscall' 10 "presentation mode off at ${W}x$H"
		tm send-keys -t "$PANE" v
		wait_for 'Race w05-stdiobyte against:' 10 "the race chooser at ${W}x$H"
		tm send-keys -t "$PANE" Enter
		wait_for 'racing' 10 "a race at ${W}x$H"
		wait_count '\(raced' 2 30 "the race's end at ${W}x$H"
		[ "$W" -lt 120 ] || explained "raced at ${W}x$H"
		tm send-keys -t "$PANE" f
		wait_for 'A w05-stdiobyte +against' 10 "the race presented at ${W}x$H"
		tm send-keys -t "$PANE" f
		wait_for 'Both runs share' 10 "the race again at ${W}x$H"
		tm send-keys -t "$PANE" m
		wait_for 'Compare: Byte at a time: writes \(3 lessons\)' 10 "the comparison at ${W}x$H"
		tm send-keys -t "$PANE" Tab Tab
		wait_for 'Compare: Byte at a time: strided reads \(4 lessons' 10 "the strided reads at ${W}x$H"
		tm send-keys -t "$PANE" NPage
		wait_for ' r13-mmapstridebyte +this machine' 10 "the last of them at ${W}x$H"
		tm send-keys -t "$PANE" f
		wait_for 'presentation mode: every key' 10 "the comparison presented at ${W}x$H"
		tm send-keys -t "$PANE" f Escape
		wait_for 'Both runs share' 10 "Esc: back from the comparison at ${W}x$H"
		tm send-keys -t "$PANE" q
		wait_for 'iolab-exit=[0-9]+' 20 "q after the lecture at ${W}x$H"
		grep -q 'iolab-exit=0' "$T/screen" || fail "q: $(grep iolab-exit "$T/screen")"
		# a sweep presented: its chart, every point, and the fits
		tm send-keys -t "$PANE" "clear; $lecture --size 64KiB --lesson sw01-readsweep --present; echo iolab-exit=\$?" Enter
		wait_for 'sw01-readsweep' 20 "the sweep presented at ${W}x$H"
		tm send-keys -t "$PANE" r
		wait_for '[0-9]+ of [0-9]+ points measured' 60 "the sweep presented at ${W}x$H"
		grep -q '^  log rate by block size' "$T/screen" || fail "no sweep chart presented at ${W}x$H"
		grep -Eq 'warm: R = ' "$T/screen" || fail "no fit under the presented sweep at ${W}x$H"
		tm send-keys -t "$PANE" q
		wait_for 'iolab-exit=[0-9]+' 20 "q after the sweep at ${W}x$H"
		grep -q 'iolab-exit=0' "$T/screen" || fail "q: $(grep iolab-exit "$T/screen")"
	done
	pass "at $sizes: a watched run, the notebook, presentation mode, a race, the race presented, the comparison and a sweep presented ($n screens)"
}

# --- the parts, side by side ----------------------------------------------------
# Each part is a lab of its own, in a terminal of its own; they wait on
# the screen far more than they compute, so together they take about as
# long as the longest.  The course is split in parts (every lesson runs
# at the same size as in one walk: the index k goes on), the lecture in
# one part a size.
pids=""
i=0
while [ "$i" -lt "$COURSE_PARTS" ]; do
	i=$((i + 1))
	from=$(((i - 1) * total / COURSE_PARTS + 1)) to=$((i * total / COURSE_PARTS))
	[ "$from" -le "$to" ] || continue
	(start_part "course$i" && walk_course "$from" "$to") &
	pids="$pids $!"
done
for s in $SIZES; do
	(start_part "lecture-$s" && walk_lecture "$s") &
	pids="$pids $!"
done
failed=""
for p in $pids; do
	wait "$p" || failed="$failed $p"
done
[ -z "$failed" ] || fail "a part of the walk failed (above)"
pass "walked all $total lessons, and a lecture at each size, in $((COURSE_PARTS + 3)) labs at once"

# --- every screen -----------------------------------------------------------
caps=""
for p in $PARTS; do
	[ -d "$ROOT/$p/cap" ] && caps="$caps $ROOT/$p/cap"
done
# shellcheck disable=SC2086
"$PYTHON3" "$TOP_SRCDIR/tests/walk_check.py" "$LOC" "$IOLAB" $caps \
	|| fail "screens of the walk show cut or wrong figures (above)"
pass "every screen: nothing at a panel's edge, no figure cut at the screen's, no 'calls calls', units whole"
