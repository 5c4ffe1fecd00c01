#!/bin/sh
# cli.sh - --help, --version, bad options, no terminal.
. "$TOP_SRCDIR/tests/lib.sh"

run "$IOLAB" --help
expect_rc 0 "--help"
expect_in "$out" "Usage: iolab [OPTION]..." "--help prints usage to stdout"
[ -z "$err" ] || fail "--help wrote to stderr: $err"
pass "--help: usage on stdout, exit 0"

run "$IOLAB" --version
expect_rc 0 "--version"
expect_in "$out" "iolab 0.3.0" "--version"
pass "--version: exit 0"

run "$IOLAB" --bogus
expect_rc 2 "bad option"
[ -z "$out" ] || fail "bad option wrote to stdout: $out"
expect_in "$err" "iolab: unrecognized option '--bogus'" "bad option message"
expect_in "$err" "Try 'iolab --help'" "bad option hint"
pass "bad option: message on stderr, exit 2"

run "$IOLAB" --format
expect_rc 2 "missing argument"
expect_in "$err" "option '--format' requires an argument" "missing argument message"
pass "missing argument: exit 2"

# No terminal: stdout is a file here.
run env TERM=xterm "$IOLAB" </dev/null
expect_rc 2 "no terminal"
expect_in "$err" "use 'iolab --batch'" "no terminal message"
[ -z "$out" ] || fail "no terminal: drew on stdout"
pass "no terminal: points at --batch, exit 2"

# No terminal is said before anything about TERM (a dumb terminal that is
# a terminal exits 4: tests/tui.sh runs that in tmux).
run env TERM=dumb "$IOLAB" </dev/null
expect_rc 2 "dumb terminal"
expect_in "$err" "standard input is not one" "no terminal before TERM=dumb"
pass "TERM=dumb without a terminal: no terminal is the reason, exit 2"

# --- bad values named exactly -------------------------------
run "$IOLAB" -z
expect_rc 2 "-z"
[ "$err" = "iolab: invalid option -- 'z'
Try 'iolab --help' for more information." ] || fail "-z: stderr was: $err"
pass "unknown short option: \"invalid option -- 'z'\", exit 2"

# Bounds at parse time: before this, 3601 s ran every lesson to a failure.
FAULTS="$TOP_SRCDIR/tests/fixtures/faults"
run "$IOLAB" --batch --lessons "$FAULTS" --dir "$T/scratch" --lesson f04-tiny --time-limit 3601
expect_rc 2 "--time-limit 3601"
expect_in "$err" "iolab: invalid time limit '3601' (more than 0 and at most 1 hour, e.g. 5s, 500ms or 1h)" \
	"--time-limit 3601 message"
[ -z "$out" ] && [ ! -e "$T/scratch" ] || fail "--time-limit 3601: something ran: $out"
pass "--time-limit 3601: refused at parse time, exit 2, nothing run"

run env HOME="$T" "$IOLAB" --batch --lessons "$FAULTS" --dir "" --lesson f04-tiny
expect_rc 2 "--dir ''"
expect_in "$err" "iolab: option '--dir' needs a directory; the argument is empty" "--dir '' message"
pass "--dir '': says the argument is empty, exit 2"

# --- titles that talk to the terminal -------------------------------------
# ESC [2J, an OSC window title, a right-to-left override, C1 CSI (U+009B), a
# tab (--list's separator): --list and CSV give '?' for each; UTF-8 text
# stays as written.
mkdir "$T/hostile"
printf 'course: Hostile titles\nsections:\n  - title: One\n    lessons: [h01-title]\n' \
	>"$T/hostile/course.yaml"
printf 'id: h01-title\ntitle: "\\e[2JGr\\u00f6\\u00dfe \\e]0;owned\\a\\u202etxt.exe \\u009b2J\\tend"\ntext: A title that talks to the terminal.\nworkload:\n  op: write\n  api: syscall\n  size: 4KiB\n  block: 4096\n' \
	>"$T/hostile/h01-title.yaml"
want_title=$(printf '?[2JGr\303\266\303\237e ?]0;owned??txt.exe ?2J?end')
run "$IOLAB" --list --lessons "$T/hostile"
expect_rc 0 "--list of hostile titles"
[ "$out" = "h01-title	$want_title" ] || fail "--list printed: $(printf '%s' "$out" | od -c | head -5)"
pass "--list: control characters and bidi overrides in titles become '?', UTF-8 kept"

run "$IOLAB" --batch --lessons "$T/hostile" --dir "$T/scratch" --trials 1 --format csv
expect_rc 0 "CSV of hostile titles"
row=$(printf '%s\n' "$out" | sed -n 2p | tr -d '\r')
case "$row" in
"h01-title,$want_title,ok,"*) ;;
*) fail "CSV row: $(printf '%s' "$row" | od -c | head -5)" ;;
esac
pass "CSV: the title column is made harmless the same way"

# JSON means the same title but never sends it raw: ESC and the other C0
# controls were always \u-escaped; C1 controls (U+009B is CSI) and the bidi
# override are too, so catting the report is safe.
run "$IOLAB" --batch --lessons "$T/hostile" --dir "$T/scratch" --trials 1 --format json --no-record
expect_rc 0 "JSON of hostile titles"
expect_in "$out" '"title": "\u001b[2JGr'"$(printf '\303\266\303\237')"'e \u001b]0;owned\u0007\u202etxt.exe \u009b2J\tend"' "JSON title escaped"
if printf '%s' "$out" | LC_ALL=C grep -q "$(printf '\033')\|$(printf '\302\233')\|$(printf '\342\200\256')"; then
	fail "raw ESC, C1 CSI or RLO in the JSON: $(printf '%s' "$out" | grep title | od -c | head -5)"
fi
pass "JSON: C0, C1 and bidi characters of a title are \\u-escaped, UTF-8 kept"
