#!/bin/sh
# security_scratch.sh - the scratch directory in a hostile world:
#
#   - a --dir that is not private (a stand-in /tmp, 1777, and a stand-in
#     home, 0755) keeps its mode; the data go to a private iolab directory
#     inside it, and the run says so;
#   - an ordinary user (nobody, as root) in a root-owned 1777 directory, and
#     the iolab directory someone else made there first;
#   - a live run the pid cannot show (one in another PID namespace) keeps
#     its files when a second run cleans up: simulated by a process holding
#     the lock of a pid no process has, and for real with unshare -p;
#   - a trial whose file another program removed fails, and says so.
#
# Stand-ins only, under this test's temporary directory: never the real
# /tmp, / or a home.  Cases that need root (setpriv, unshare) print
# "skip: why" and the others go on; 77 only when every case was skipped.
. "$TOP_SRCDIR/tests/lib.sh"

FIX="$TOP_SRCDIR/tests/fixtures/faults"
TP=$(cd "$T" && pwd -P)       # as the lab names its scratch (realpath)
MARK="IOLAB_SECURITY_MARK=$TP"
SKIPPED=0
BG=""
HOLDER=""

cleanup() {
	[ -z "$BG" ] || kill -KILL $BG 2>/dev/null
	[ -z "$HOLDER" ] || kill -KILL $HOLDER 2>/dev/null
	for p in $(marked); do kill -KILL "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

skip_case() { SKIPPED=$((SKIPPED + 1)); echo "skip: $*"; }

lab() { env "$MARK" LC_ALL=C "$IOLAB" --batch --no-record --lessons "$FIX" --trials 1 "$@"; }

nap() { sleep 0.05 2>/dev/null || sleep 1; }
poll() {
	i=0
	while ! "$@"; do
		i=$((i + 1))
		[ "$i" -lt 1200 ] || return 1
		nap
	done
}

data_files() { ls -A "$1" 2>/dev/null | grep '^iolab-' || true; }
no_data_files() {
	left=$(data_files "$1")
	[ -z "$left" ] || fail "$2: files left in $1: $left"
}
has_data_file() { data_files "$1" | grep -q "$2\$"; }
mode_is() {
	m=$(stat -c %a "$1")
	[ "$m" = "$2" ] || fail "$3: $1 has mode $m, expected $2"
}
owner_is() {
	u=$(stat -c %u "$1")
	[ "$u" = "$2" ] || fail "$3: $1 is owned by uid $u, expected $2"
}
alive() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
# live processes that carry this test's mark
marked() {
	for f in /proc/[0-9]*/environ; do
		{ tr '\0' '\n' <"$f"; } 2>/dev/null | grep -qxF "$MARK" || continue
		p=${f%/environ}
		alive "${p#/proc/}" && echo "${p#/proc/}"
	done
	return 0
}
no_marked() { [ -z "$(marked)" ]; }
no_leftovers() { poll no_marked || fail "$1: processes left: $(marked)"; }
# the marked process whose parent is not marked: the lab, not its child
marked_lab() {
	all=" $(marked | tr '\n' ' ') "
	for p in $all; do
		pp=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f2)
		case "$all" in *" $pp "*) ;; *) echo "$p" ;; esac
	done
}
json_scratch() { printf '%s\n' "$1" | sed -n 's/.*"scratch": "\([^"]*\)".*/\1/p'; }

# --- a --dir that is not private keeps its mode ---------------------------------------
# It made --dir /tmp 0700 (sticky bit gone), --dir / 0700, a home private.
mkdir -m 1777 "$T/tmp"
mkdir -m 755 "$T/home"
echo "a file of the user's" >"$T/home/notes.txt"
for case in "tmp 1777" "home 755"; do
	d=${case% *} mode=${case#* }
	for pass in first second; do
		run lab --dir "$T/$d" --lesson f03-read-1m,f04-tiny --format json
		expect_rc 0 "--dir $d ($mode), $pass run"
		mode_is "$T/$d" "$mode" "--dir $d ($mode), $pass run"
		mode_is "$T/$d/iolab" 700 "the private directory in $d"
		owner_is "$T/$d/iolab" "$(id -u)" "the private directory in $d"
		expect_in "$err" "iolab: scratch directory $T/$d is not private (mode $(printf %04o "0$mode")): using $TP/$d/iolab, a private directory inside it" \
			"--dir $d: says where the data go"
		[ "$(json_scratch "$out")" = "$TP/$d/iolab" ] \
			|| fail "--dir $d: the report names scratch '$(json_scratch "$out")'"
		no_data_files "$T/$d/iolab" "--dir $d"
		no_data_files "$T/$d" "--dir $d"
	done
done
[ "$(ls -A "$T/home")" = "iolab
notes.txt" ] || fail "the stand-in home holds: $(ls -A "$T/home")"
pass "--dir of a 1777 and a 755 directory: modes unchanged, data in DIR/iolab (0700), said on stderr and in the report"

# A private directory of ours is used as it is, and says nothing.
mkdir -m 700 "$T/private"
run lab --dir "$T/private" --lesson f04-tiny --format json
expect_rc 0 "a private --dir"
[ "$(json_scratch "$out")" = "$TP/private" ] || fail "a private --dir: scratch '$(json_scratch "$out")'"
case "$err" in *"not private"*) fail "a private --dir: $err" ;; esac
[ ! -e "$T/private/iolab" ] || fail "a private --dir: an iolab directory was made in it"
mode_is "$T/private" 700 "a private --dir"
pass "a private --dir of ours is used as it is, no note"

# DIR/iolab that is not private is refused, and left as it is.
mkdir -m 755 "$T/wide" "$T/wide/iolab"
run lab --dir "$T/wide" --lesson f04-tiny
expect_rc 4 "DIR/iolab 0755"
expect_in "$err" "iolab: scratch directory $T/wide/iolab is not private (mode 0755); iolab does not change the mode of a directory" \
	"DIR/iolab 0755 message"
mode_is "$T/wide" 755 "DIR/iolab 0755"
mode_is "$T/wide/iolab" 755 "DIR/iolab 0755"
pass "a DIR/iolab that is not private: exit 4, its mode left alone"

# --- an ordinary user in a shared directory of root's -------------------------------------
# As root, the lab runs as nobody from a copy in a world-readable directory
# (the build tree may be one nobody cannot read).
AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" -ne 0 ]; then
	skip_case "nobody in a 1777 directory of root's: needs root to become nobody (as an ordinary user, the cases above are this one)"
elif ! command -v setpriv >/dev/null 2>&1; then
	skip_case "nobody in a 1777 directory of root's: no setpriv"
else
	chmod 711 "$T"
	mkdir -m 755 "$T/pub"
	cp "$IOLAB" "$T/pub/iolab"
	cp -R "$FIX" "$T/pub/lessons"
	chmod -R a+rX "$T/pub"
	mkdir -m 1777 "$T/shared"
	run $AS env "$MARK" LC_ALL=C "$T/pub/iolab" --batch --no-record --lessons "$T/pub/lessons" --trials 1 \
		--dir "$T/shared" --lesson f03-read-1m,f04-tiny --format json
	expect_rc 0 "nobody in a 1777 directory of root's"
	mode_is "$T/shared" 1777 "nobody in a 1777 directory of root's"
	owner_is "$T/shared" 0 "nobody in a 1777 directory of root's"
	mode_is "$T/shared/iolab" 700 "nobody's private directory"
	owner_is "$T/shared/iolab" 65534 "nobody's private directory"
	expect_in "$err" "using $TP/shared/iolab, a private directory inside it" "nobody: where the data go"
	no_data_files "$T/shared/iolab" "nobody"
	pass "nobody, --dir a 1777 directory of root's: mode unchanged, data in its own DIR/iolab"

	# Someone else made DIR/iolab first (an attacker's /tmp/iolab): refused.
	mkdir -m 1777 "$T/shared2"
	mkdir -m 700 "$T/shared2/iolab"
	run $AS env "$MARK" LC_ALL=C "$T/pub/iolab" --batch --no-record --lessons "$T/pub/lessons" --trials 1 \
		--dir "$T/shared2" --lesson f04-tiny
	expect_rc 4 "DIR/iolab of another user"
	expect_in "$err" "iolab: scratch directory $T/shared2/iolab is owned by uid 0, not by you (uid 65534); refusing to use it" \
		"DIR/iolab of another user: message"
	[ -z "$(ls -A "$T/shared2/iolab")" ] || fail "DIR/iolab of another user: written to"
	pass "nobody, where another user made DIR/iolab first: exit 4 naming it, nothing written"
	chmod 700 "$T"
fi

# --- a live run that its pid does not show ---------------------------------------------
# kill(pid, 0) says "no such process" for a run in another PID namespace.
# Its stand-in: a process holding the lock of pid 4194304 (PID_MAX_LIMIT:
# no process here ever has it), with files named for that pid.
SCR="$T/stale"
mkdir -m 700 "$SCR"
ghost=4194304
( exec 9>"$SCR/iolab-$ghost.lock" && flock 9 && exec sleep 600 ) &
HOLDER=$!
held() { ! flock -n "$SCR/iolab-$ghost.lock" true; }
poll held || fail "the stand-in run never held its lock"
echo data >"$SCR/iolab-$ghost-0.data"
echo out >"$SCR/iolab-$ghost-1.out"
run lab --dir "$SCR" --lesson f04-tiny
expect_rc 0 "a second run beside a live one"
for f in "iolab-$ghost-0.data" "iolab-$ghost-1.out" "iolab-$ghost.lock"; do
	[ -e "$SCR/$f" ] || fail "a second run removed $f of a live run (its lock held)"
done
kill "$HOLDER"
{ wait "$HOLDER"; } 2>/dev/null
HOLDER=""
run lab --dir "$SCR" --lesson f04-tiny
expect_rc 0 "a run after the live one ended"
no_data_files "$SCR" "a run after the live one ended"
pass "files of a run whose lock is held stay (its pid alive here or not); once it is free they go"

# The same for real: a lab in a new PID namespace, at a pid that no process
# has out here, writes; a second lab out here runs in the same directory.
if [ "$(id -u)" -ne 0 ]; then
	skip_case "a run in another PID namespace: unshare -p needs root"
elif ! unshare -p -f --mount-proc true 2>/dev/null; then
	skip_case "a run in another PID namespace: unshare -p -f --mount-proc is not permitted here"
else
	SCR="$TP/ns"
	mkdir -m 700 "$SCR"
	pid_max=$(cat /proc/sys/kernel/pid_max)
	n=$((pid_max - 1000))
	while [ -d "/proc/$n" ] && [ "$n" -gt 1000 ]; do n=$((n - 1)); done
	# (not exec: the lab must be a child, so that it gets pid $n; 99: the
	# kernel lets no one choose the next pid, without checkpoint/restore)
	unshare -p -f --mount-proc sh -c "if echo $((n - 1)) 2>/dev/null >/proc/sys/kernel/ns_last_pid; then env '$MARK' LC_ALL=C '$IOLAB' --batch --no-record --lessons '$FIX' --trials 1 --dir '$SCR' --lesson f05-slow; exit \$?; fi; exit 99" \
		>"$T/ns.out" 2>"$T/ns.err" &
	BG=$!
	started() { has_data_file "$SCR" "\\.out" || ! alive "$BG"; }
	poll started || fail "PID namespace: no data file: $(cat "$T/ns.err")"
	name=$(data_files "$SCR" | grep '\.out$')
	inner=$(marked_lab)
	if [ -z "$name" ]; then
		: # ended before writing: said below
	elif [ "$name" != "iolab-$n-0.out" ] || alive "$n"; then
		skip_case "a run in another PID namespace: the inner lab did not get pid $n ($name)"
		kill -INT $inner 2>/dev/null
	else
		run lab --dir "$SCR" --lesson f04-tiny
		expect_rc 0 "a second lab beside one in a PID namespace"
		[ -e "$SCR/$name" ] || fail "a second lab removed $name of a live lab in another PID namespace"
		[ -e "$SCR/iolab-$n.lock" ] || fail "a second lab removed the live lab's lock file"
		kill -INT $inner
	fi
	{ wait "$BG"; } 2>/dev/null
	rc=$?
	BG=""
	if [ -z "$name" ] && [ "$rc" -eq 99 ]; then
		skip_case "a run in another PID namespace: /proc/sys/kernel/ns_last_pid cannot be set here"
	elif [ -z "$name" ]; then
		fail "PID namespace: the lab ended (exit $rc) before writing: $(cat "$T/ns.err")"
	elif [ "$name" = "iolab-$n-0.out" ]; then
		[ "$rc" -eq 130 ] || fail "the lab in the PID namespace: exit $rc, expected 130: $(cat "$T/ns.err")"
		no_data_files "$SCR" "PID namespace"
		no_leftovers "PID namespace"
		pass "a live lab in another PID namespace (pid $n in there, none out here) keeps its files"
	fi
fi

# --- a trial whose file another program removed ---------------------------------------------
# It was reported ok (a command's written file: with 0 bytes).
SCR="$TP/vanish"
env "$MARK" LC_ALL=C "$IOLAB" --batch --no-record --lessons "$FIX" --trials 1 --dir "$SCR" \
	--lesson f05-slow --time-limit 2s --format json >"$T/out" 2>"$T/err" &
BG=$!
# (removed once the workload process has it open: its writes show)
written() { f=$(ls "$SCR"/iolab-*.out 2>/dev/null) && [ -s "$f" ]; }
poll written || fail "vanished file: no data file written: $(cat "$T/err")"
rm -f "$SCR"/iolab-*.out
{ wait "$BG"; } 2>/dev/null
rc=$?
BG=""
out=$(cat "$T/out") err=$(cat "$T/err")
expect_rc 1 "a trial whose file was removed"
expect_in "$err" "[1/1] f05-slow ... error: the trial's file $SCR/iolab-" "vanished file: progress"
expect_in "$err" "while the trial ran (by another program?)" "vanished file: why"
expect_in "$out" '"status": "error",' "vanished file: status"
no_data_files "$SCR" "vanished file"
no_leftovers "vanished file"
pass "a trial whose file was removed while it ran: exit 1, error says so (was: ok)"

[ "$TESTS_RUN" -gt 0 ] || skip "every case was skipped"
echo "# $TESTS_RUN cases passed, $SKIPPED skipped"
