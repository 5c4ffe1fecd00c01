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
#     worked out from the layout of the screen on show (src/lab/layout.c:
#     lesson, race, presentation, notebook, race chooser; the comparison
#     of src/lab/lab_compare.c);
#   - no digit, thousands separator or opening bracket in the screen's
#     last column;
#   - no "calls calls" and no "calls none" (issue 14, item 4), no "us" for
#     micro in a UTF-8 locale, no "1048576.0 bytes", no "1.95 KiB blocks";
#   - a write sweep's series are not called "warm";
#   - every key in the key bar is in help (at each size).
# Every lesson runs, the slow ones bounded by the time limit; none is
# skipped.  Nothing waits a fixed time: every step polls the screen.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"

SOCK="iolab-walk-$$"
tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT

LESSONS="$TOP_SRCDIR/lessons"
mkdir -p "$T/home" "$T/state" "$T/cache" "$T/cap"
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi

"$IOLAB" --list --lessons "$LESSONS" | cut -f1 >"$T/ids" || fail "iolab --list failed"
first=$(head -n 1 "$T/ids")
[ -n "$first" ] || fail "the course has no lesson"

tm new-session -d -s walk -x 80 -y 24 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
	|| skip "tmux cannot start a server here"
PANE=walk:0.0

nap() { sleep 0.1 2>/dev/null || sleep 1; }
n=0
# shot WHAT: capture the pane into a numbered file (all are checked at the end)
# A capture can land while the lab is part way through drawing a frame (the
# top of presentation mode over the bottom of the lesson screen): a screen is
# kept for the checks below only when two captures in a row agree; one that
# never settles is only waited on (named .torn, which the checks pass over).
shot() {
	n=$((n + 1))
	cap=$(printf '%s/cap/%05d' "$T" "$n")
	tm capture-pane -p -t "$PANE" >"$T/shot.a" 2>/dev/null
	tries=0
	while :; do
		tm capture-pane -p -t "$PANE" >"$T/shot.b" 2>/dev/null
		cmp -s "$T/shot.a" "$T/shot.b" && break
		mv "$T/shot.b" "$T/shot.a"
		tries=$((tries + 1))
		[ "$tries" -lt 5 ] || { cap="$cap.torn"; break; }
	done
	cp "$T/shot.a" "$cap"
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
	while [ "$i" -lt 100 ]; do
		shot "$3 at $1x$2"
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
	pages=0
	while ! grep -q '^ *The numbers' "$T/help"; do
		pages=$((pages + 1))
		[ "$pages" -le 10 ] || fail "help at $1x$2: no 'The numbers' heading after 10 pages"
		tm send-keys -t "$PANE" NPage
		nap
		shot "help at $1x$2, further down"
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

lab="cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC"
lab="$lab '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --size 64KiB --time-limit 0.3s --watch pass"
tm send-keys -t "$PANE" "$lab --lesson $first; echo iolab-exit=\$?" Enter

SIZES="80x24 120x40 200x60"
END='DONE in|STOPPED|time limit reached|FAILED|as this lesson expects|points measured|could not start'
k=0
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
	if [ "$k" -lt "$(wc -l <"$T/ids")" ]; then
		tm send-keys -t "$PANE" n
	fi
done <"$T/ids"
[ "$k" -eq "$(wc -l <"$T/ids")" ] || fail "walked $k lessons of $(wc -l <"$T/ids")"
pass "walked all $k lessons, each run, at 80x24, 120x40 and 200x60 ($n screens)"

tm send-keys -t "$PANE" q
wait_for 'iolab-exit=[0-9]+' 20 "q at the end of the walk"
grep -q 'iolab-exit=0' "$T/screen" || fail "q: $(grep iolab-exit "$T/screen")"

# --- what a lecture shows, at each size ----------------------------------------
# w05-stdiobyte on a 1 MiB file: each trial a moment, so a 3 s watch is
# many of them; its race is against the first lesson the chooser offers
# (a compared one, w03-byte).
lecture="cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC"
lecture="$lecture '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --size 1MiB --watch 3s"
# where the time went (the bar's legend) and the three layers, down to the
# device where the scratch directory has one (not on tmpfs or an overlay)
LEGEND='(user|system|CPU wait|blocked|off the CPU) [0-9.]+ ?[nµum]?s [0-9]+%|(user|system|CPU wait|blocked|off the CPU) [0-9]+%'
dev=$(stat -c '%Hd:%Ld' "$T/scratch" 2>/dev/null)
case "$dev" in 0:*|"") device="" ;; *) [ -e "/sys/dev/block/$dev" ] && device=1 || device="" ;; esac
explained() {     # explained WHERE: the bar and the layers on the screen
	wait_for "$LEGEND" 10 "where the time went, $1"
	wait_for '[0-9,]+ fwrite' 10 "the program's calls in the layers, $1"
	wait_for '(→|->) [0-9,]+ write\(\)' 10 "the system calls in the layers, $1"
	[ -z "$device" ] || wait_for 'whole-device writes' 10 "the device in the layers, $1"
}
for s in $SIZES; do
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
pass "at 80x24, 120x40 and 200x60: a watched run, the notebook, presentation mode, a race, the race presented, the comparison and a sweep presented ($n screens in all)"

# --- every screen -----------------------------------------------------------
"$PYTHON3" - "$T/cap" "$LOC" <<'EOF' || fail "screens of the walk show cut or wrong figures (above)"
import glob, os, re, sys

capdir, loc = sys.argv[1], sys.argv[2]
utf8 = "utf" in loc.lower()

# The lesson screen's columns, as src/lab/layout.c computes them (asserted
# exactly by tests/check_layout.c): the course list's width (0: none), and
# the text's and the panel's x and widths.
def layout(w):
    if w >= 120:
        cw = min(max(w // 5, 26), 44)
        x, rest = cw + 1, w - cw - 1
    else:
        cw, x, rest = 0, 0, w
    panel = min(max(rest * 45 // 100, 40), rest)
    text = rest - panel - 1
    if text > 84:
        text = 84
        panel = rest - text - 1
    return cw, x, text, panel

# Which screen is on show, from what only it draws.
def kind_of(lines):
    row = lambda i: lines[i] if len(lines) > i else ""
    if row(1).startswith(" Both runs share this machine"):
        return "race"
    if row(1).startswith(" Compare: "):
        return "compare"
    if re.search(r"Notebook of \S+: \d+ runs?, newest first", row(1)):
        return "notebook"
    if re.search(r"Race \S+ against:", row(1)):
        return "chooser"
    if any(re.match(r"  B/s, log scale *$", l) for l in lines):
        return "present-race" if re.match(r"  A \S+ +against +B ", row(2)) else "present"
    if any(re.match(r"  log rate by block size", l) for l in lines):
        return "present"                     # a sweep presented: its chart over the width
    return "lesson"

# The last column (0-based) of each panel on row y of a screen w x h: a
# panel whose view draws from x over w columns keeps x + w - 1 blank.
def edges(kind, w, h, y):
    cw, x, text, panel = layout(w)
    course = [cw - 2] if cw else []          # the list from 0, a rule at cw
    beside = x + text + 1 + panel - 2        # the panel, drawn from its x + 1
    if kind == "lesson":
        return course + [x + text - 2, beside]
    if kind in ("notebook", "chooser"):      # over the text's and panel's place
        return course + [beside]
    if kind == "compare":                    # the whole width, the scroll marks left of the edge
        return [w - 1]
    if kind == "race":                       # layout_race: the shared part, then the sides
        if y <= 7 or w < 160:
            return [w - 2]
        a = (w - 1) // 2
        return [a - 2, w - 2]
    gauge_y = h - 1 - 6                      # layout_present: margins of 2
    ratio_y = 5 + (gauge_y - 1 - 5 - 2) // 2 + 2 + 1   # the ratio's band spans the width
    if kind == "present-race" and w >= 160 and 5 <= y < ratio_y - 1:
        half = (w - 4 - 2) // 2
        return [2 + i * (half + 2) + half - 1 for i in range(2)]
    return [w - 3]

CUT = set("0123456789,([")
problems = []
screens = 0
kinds = {}
current = None                       # the lesson on screen, from the size marks
for path in sorted(glob.glob(os.path.join(capdir, "[0-9]*"))):
    if "." in os.path.basename(path):
        continue
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if os.path.exists(path + ".transit"):
        continue
    what = open(path + ".what").read().strip()
    if os.path.exists(path + ".size"):
        current = open(path + ".size").read().split()
    if not lines or not lines[0].startswith(" iolab") or "iolab help" in lines[0]:
        continue                     # help, or the shell before the lab
    h, w = len(lines), max(len(l) for l in lines)
    w = int(current[0]) if current and int(current[1]) == h else w
    screens += 1
    text = "\n".join(lines)
    def bad(msg):
        problems.append("%s (%s, %dx%d):\n%s\n%s" % (msg, what, w, h, text, "-" * w))
    kind = kind_of(lines)
    kinds[kind] = kinds.get(kind, 0) + 1
    for y, line in enumerate(lines):
        line = line.ljust(w)
        if line[w - 1] in CUT:
            bad("a figure cut at the screen's edge, line %d: %r" % (y + 1, line.rstrip()))
        if not 0 < y < h - 1 or set(line) <= set("\u2500 "):
            continue                 # the header, the footer, a race's rule
        for c in edges(kind, w, h, y):
            if line[c] != " ":
                bad("%r at the edge of a panel of the %s screen (column %d), line %d: %r"
                    % (line[c], kind, c + 1, y + 1, line.rstrip()))
    if re.search(r"\bcalls +calls\b", text):
        bad("'calls calls'")
    if re.search(r"\bcalls +none\b", text):
        bad("'calls none'")
    if utf8 and re.search(r"\d us\b", text):
        bad("micro written 'us' in a UTF-8 locale")
    if re.search(r"\d\.\d+ bytes\b", text):
        bad("bytes per syscall with a fraction of a byte")
    if re.search(r"\d\.\d+ [KMG]iB blocks", text):
        bad("a block size rounded")
    if kind == "lesson" and current and current[2] in ("s04-syncsweep", "sw02-writesweep"):
        cw, x, tw, pw = layout(w)
        panel_x = x + tw + 1
        if any("warm" in l[panel_x:] for l in lines[1:-1]):
            bad("a write sweep's series called 'warm'")
seen = set()
for p in problems:
    key = p.split("\n")[0]
    if key not in seen:
        seen.add(key)
        print(p, file=sys.stderr)
torn = len(glob.glob(os.path.join(capdir, "[0-9]*.torn")))
print("%d screens checked (%s; %d caught mid-frame, passed over), %d problems" % (screens, ", ".join(
    "%d %s" % (n, k) for k, n in sorted(kinds.items())), torn, len(problems)))
sys.exit(1 if problems else 0)
EOF
pass "every screen: nothing at a panel's edge, no figure cut at the screen's, no 'calls calls', units whole"
