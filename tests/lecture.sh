#!/bin/sh
# lecture.sh - the lab as a lecture instrument, driven for real in private
# tmux servers with the shipped lessons: a watched run of w05-stdiobyte
# keeps changing for its whole watch time with the kernel's write count
# rising; a race of w01-syncbyte against w03-byte shows both rates and
# their log-rate difference at once and files neither result; presentation
# mode at 200x60 draws the rate in digits at least 9 rows tall, with
# nothing dim, in UTF-8 and in LC_ALL=C with NO_COLOR; a race can be
# presented.  After each: the terminal restored, no workload child left,
# no data file left.
#
# Each of these is a part of its own (tests/lib.sh: part): its own lab,
# tmux server, notebook and scratch directory, so the checks for children
# and data files see only the part's own.  The watched run goes alone;
# then the others run at once.
# Short watch times (--watch 3s) and a small file (--size 1MiB) keep it
# quick.  Nothing asserts a speed: the checks read counts and shapes, and
# every wait polls the screen with a bounded timeout.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"

tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
# KEEP=1 keeps the test directory (each part's scratch and state) for a look afterwards
parts_init lecture

LESSONS="$TOP_SRCDIR/lessons"
UTF8=
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then UTF8=C.UTF-8; fi

# lab LOCALE OPTIONS...: start the lab in the pane (the scratch directory
# on its command line, so its workload children can be found by it);
# $LAB_ENV, if set, is more of its environment (NO_COLOR=1).
LAB_ENV=
lab() {
	loc=$1
	shift
	# one argument: tmux takes a word ending in ';' for its own separator
	tm send-keys -t "$PANE" "clear; cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' $LAB_ENV LC_ALL=$loc '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --size 1MiB $*; echo iolab-exit=\$?" Enter
}

quit_and_check() {
	tm send-keys -t "$PANE" q
	lab_exit 0 "q after $1"
	check_terminal_restored "$1"
	check_no_children "$1"
	check_no_data_files "$1"
}

# The value of a label on the live panel: "syscalls   write 4,352  read 0".
sys_of() { sed -n 's/.*syscalls  *write \([0-9,][0-9,]*\).*/\1/p' "$T/screen" | head -n 1 | tr -d ,; }
# The program's calls of a kind on the live panel: "calls  fwrite 2,097,152  fflush 2".
calls_of() { sed -n "s/.*calls  *$1 \([0-9,][0-9,]*\).*/\1/p" "$T/screen" | head -n 1 | tr -d ,; }
# The seconds a watched run has run: "RUNNING  1.3 s of 3 s".
running_s() { sed -n 's/.*RUNNING  *\([0-9.][0-9.]*\) s of .*/\1/p' "$T/screen" | head -n 1; }

# --- a watched run: three seconds of w05-stdiobyte ------------------------------
watched() {
	lab "${UTF8:-C}" --lesson w05-stdiobyte --watch 3s
	wait_for 'One byte per fwrite\(\)' 20 "the lab at w05-stdiobyte"
	wait_for 'watch 3 s' 5 "the header names the watch time"
	tm send-keys -t "$PANE" r
	wait_for 'RUNNING +[0-9.]+ s of 3 s, pass [0-9]+' 30 "the watched run"
	frames=0 last= counts= prev=0 prevcalls=0 ratios= i=0
	: >"$T/frames"
	while [ "$i" -lt 100 ]; do
		screen
		grep -q 'RUNNING' "$T/screen" || break
		n=$(sys_of)
		c=$(calls_of fwrite)
		if [ -n "$n" ] && ! cmp -s "$T/screen" "$T/last" 2>/dev/null; then
			cp "$T/screen" "$T/last"
			frames=$((frames + 1))
			[ "$n" -ge "$prev" ] || fail "the write count went down: $prev then $n"
			[ "$n" -gt "$prev" ] && counts="$counts $n"
			prev=$n
			# the program's fwrite calls are over every trial too, as the
			# kernel's writes are: they never fall back to one trial's, and
			# once the run is a second in (a chunk's lag is then small) there
			# are about 4096 of them to each write(), as in one pass
			[ -n "$c" ] || { cat "$T/screen" >&2; fail "no fwrite count on the live panel"; }
			[ "$c" -ge "$prevcalls" ] || fail "the fwrite count went down: $prevcalls then $c"
			prevcalls=$c
			t=$(running_s)
			if [ -n "$t" ] && [ "$n" -gt 0 ] && awk -v t="$t" 'BEGIN { exit !(t >= 1.0) }'; then
				awk -v c="$c" -v n="$n" 'BEGIN { r = c / n; exit !(r > 4096 * 0.95 && r < 4096 * 1.05) }' \
					|| { cat "$T/screen" >&2; fail "live, $c fwrite calls to $n write()s at $t s: not about 4096 to 1"; }
				ratios="$ratios $((c / n))"
			fi
		fi
		nap
		i=$((i + 1))
	done
	[ "$frames" -ge 3 ] || fail "only $frames different frames while the 3 s run went on"
	[ -n "$ratios" ] || fail "no live frame after the first second to compare fwrite calls with writes"
	set -- $counts
	[ "$#" -ge 3 ] || fail "the kernel's write count rose only through:$counts"
	wait_for 'DONE: watched [0-9.]+ s,' 20 "the watched run's end"
	# the state may go on in the panel's next row (after the last rule)
	passes=$(awk '/DONE: watched/ { s = substr($0, index($0, "DONE: watched"))
		getline next_row; sub(/.*(│|[|]) */, "", next_row); s = s " " next_row; gsub(/ +/, " ", s)
		if (match(s, /s, [0-9]+ whole/)) { t = substr(s, RSTART + 3); sub(/ .*/, "", t); print t }
		exit }' "$T/screen")
	[ "${passes:-0}" -ge 2 ] || fail "a 3 s watch of a 1 MiB write did $passes passes"
	final=$(sys_of)
	[ "${final:-0}" -ge "$prev" ] || fail "the final write count $final is below the last live one $prev"
	pass "a 3 s watch of w05-stdiobyte: $frames frames, writes rising ($# values:$counts), $passes passes, $final writes"
	pass "live, fwrite calls to write()s over the whole watched run:$ratios to 1"
	quit_and_check "the watched run"
	pass "after the watched run: terminal restored ($modes), no child, no data file"
}

# --- a race: w01-syncbyte against w03-byte ------------------------------------------
race() {
	lab "${UTF8:-C}" --race w01-syncbyte,w03-byte --watch 3s
	wait_for 'racing w01-syncbyte against w03-byte' 30 "the race under way"
	wait_for 'log rate A (−|-) B = [-+][0-9]+\.[0-9]+' 20 "the log-rate difference"
	rates=$(grep -Ec '^ *rate [0-9.]+ [kMGTP]*B/s +log rate [0-9.]+' "$T/screen")
	[ "$rates" -eq 2 ] || { cat "$T/screen" >&2; fail "the race shows $rates rates, not 2"; }
	grep -Eq "share this machine's [0-9]+ CPUs? and its disk" "$T/screen" \
		|| fail "the race does not say both share the machine"
	grep -q 'A  w01-syncbyte' "$T/screen" && grep -q 'B  w03-byte' "$T/screen" \
		|| fail "the race's panels are not w01-syncbyte and w03-byte"
	pass "a race of w01-syncbyte and w03-byte: two rates and the log-rate difference at once"
	wait_count 'raced: not the lesson.s result' 2 20 "the race's end, both sides marked raced"
	grep -q 'RUNNING' "$T/screen" && fail "a side still runs after the race ended"
	quit_and_check "the race"
	[ -f "$T/state/iolab/progress" ] && fail "the old progress file was written"
	# the lab notebook keeps both, as raced (never as the lesson's result)
	"$IOLAB" --history --db "$T/state/iolab/lab.db" --format csv >"$T/raced.csv" \
		|| fail "--history of the race"
	grep -q ',w01-syncbyte,raced,"1 MiB file, raced with w03-byte",lab,' "$T/raced.csv" \
		&& grep -q ',w03-byte,raced,"1 MiB file, raced with w01-syncbyte",lab,' "$T/raced.csv" \
		|| fail "the race is not in the notebook as raced: $(cat "$T/raced.csv")"
	grep -Eq ',(w01-syncbyte|w03-byte),lesson,' "$T/raced.csv" \
		&& fail "a raced result was filed as the lesson's: $(cat "$T/raced.csv")"
	pass "both sides marked raced, filed as raced, neither as the lesson's; terminal restored, no child, no data file"
}

# --- Ctrl-C during a race: both children go ----------------------------------------
race_ctrl_c() {
	lab "${UTF8:-C}" --race w01-syncbyte,w03-byte --watch 30s
	wait_for 'racing w01-syncbyte against w03-byte' 30 "the second race"
	tm send-keys -t "$PANE" C-c
	lab_exit 130 "Ctrl-C during a race"
	check_terminal_restored "Ctrl-C during a race"
	check_no_children "Ctrl-C during a race"
	check_no_data_files "Ctrl-C during a race"
	pass "Ctrl-C during a race exits 130: both children gone, terminal restored"
}

# --- presentation mode at 200x60 -----------------------------------------------------
# The rows of the big figure: the first run of consecutive rows, below the
# title, that hold the font's ink ("██" or "##").
figure_rows() {
	awk -v ink="$1" 'NR > 3 { if (index($0, ink)) { n++; if (n > best) best = n } else if (best) exit; else n = 0 }
	                 END { print best + 0 }' "$T/screen"
}

# SGR 2 (dim) anywhere on the screen?
some_dim() {
	tm capture-pane -p -e -t "$PANE" >"$T/sgr"
	grep -Eq "$(printf '\033')\\[([0-9;]*;)?2(;[0-9;]*)?m" "$T/sgr"
}
check_nothing_dim() {
	if some_dim; then
		fail "$1: something is drawn dim"
	fi
}

present_once() {       # LOCALE INK WHAT [env]
	loc=$1 ink=$2 what=$3
	tm resize-window -t lab -x 200 -y 60
	lab "$loc" --lesson w05-stdiobyte --watch 3s --present
	wait_for 'w05-stdiobyte .* One byte per fwrite\(\)' 20 "$what: the title"
	tm send-keys -t "$PANE" r
	wait_for 'RUNNING +[0-9.]+ s of 3 s' 30 "$what: the run"
	wait_for 'kernel: write\(\) syscalls [0-9,]+ +program: fwrite [1-9][0-9,]*' 10 "$what: syscalls against calls"
	rows=$(figure_rows "$ink")
	[ "$rows" -ge 9 ] || { cat "$T/screen" >&2; fail "$what: the big figure is $rows rows tall, not 9 or more"; }
	grep -Eq 'B/s$' "$T/screen" || fail "$what: no unit beside the figure"
	grep -q 'log rate' "$T/screen" || fail "$what: no log rate"
	grep -Eq '1T *$' "$T/screen" || fail "$what: the gauge's axis does not reach 1T"
	grep -q 'B/s, log scale' "$T/screen" || fail "$what: the gauge has no unit"
	check_nothing_dim "$what"
	wait_for 'DONE' 20 "$what: the end of the run"
	check_nothing_dim "$what, after the run"
	# every key still works: help opens and closes, f leaves the mode
	tm send-keys -t "$PANE" '?'
	wait_for 'The numbers' 10 "$what: help"
	check_nothing_dim "$what, help"
	tm send-keys -t "$PANE" Escape
	wait_for 'kernel: write\(\) syscalls' 10 "$what: back from help"
	tm send-keys -t "$PANE" f
	wait_for 'presentation mode off' 10 "$what: f leaves presentation mode"
	# the header may be on the pane a moment before the panel is redrawn
	# (B/syscall: the panel's, which presentation mode does not show)
	wait_for 'B/syscall' 10 "$what: f brings back the lesson screen"
	# the check can fail: the lesson screen does draw dim, where colours are on
	if [ -z "$LAB_ENV" ] && ! some_dim; then
		fail "$what: the lesson screen has nothing dim, so the checks above prove nothing"
	fi
	quit_and_check "$what"
	pass "$what at 200x60: a figure $rows rows tall, nothing dim, help and f work; terminal restored"
}

present_utf8() { present_once "$UTF8" '██' "--present (UTF-8)"; }
present_c() {
	LAB_ENV=NO_COLOR=1
	present_once C '##' "--present (LC_ALL=C, NO_COLOR)"
}

# --- a race, presented (at 200x60 too) ----------------------------------------------------
race_presented() {
	tm resize-window -t lab -x 200 -y 60
	lab "${UTF8:-C}" --race w01-syncbyte,w03-byte --watch 3s --present
	wait_for 'A w01-syncbyte +against +B w03-byte' 30 "a presented race"
	wait_for 'log rate A (−|-) B = [-+][0-9]+\.[0-9]+' 20 "a presented race: the difference"
	wait_count 'log rate [0-9]+\.[0-9]+ +kernel' 2 20 "a presented race: both log rates"
	check_nothing_dim "a presented race"
	tm send-keys -t "$PANE" s
	wait_for 'STOPPED|DONE' 20 "s stops a presented race"
	quit_and_check "a presented race"
	pass "a race presented side by side: both log rates and the difference, nothing dim; s stops it"
}

# --- the parts, at once; their output in this order -----------------------------------
# The watched run goes first, alone, as it did before there were parts:
# its live frames are read while its 3 s run goes on, and the other parts'
# workloads would take the CPU its lab samples with.
part watched watched
parts_drain
part race race
part race_ctrl_c race_ctrl_c
[ -z "$UTF8" ] || part present_utf8 present_utf8
part present_c present_c
part race_presented race_presented
parts_wait
