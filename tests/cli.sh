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
expect_in "$out" "iolab 0.1.0" "--version"
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

run env TERM=dumb "$IOLAB" </dev/null
expect_rc 2 "dumb terminal"
pass "TERM=dumb: exit 2"

# --- bad values named exactly (issue 13: 11, 12) -------------------------------
run "$IOLAB" -z
expect_rc 2 "-z"
[ "$err" = "iolab: invalid option -- 'z'
Try 'iolab --help' for more information." ] || fail "-z: stderr was: $err"
pass "unknown short option: \"invalid option -- 'z'\", exit 2"

# Bounds at parse time: before this, 3601 s ran every lesson to a failure.
FAULTS="$TOP_SRCDIR/tests/fixtures/faults"
run "$IOLAB" --batch --lessons "$FAULTS" --dir "$T/scratch" --lesson f04-tiny --time-limit 3601
expect_rc 2 "--time-limit 3601"
expect_in "$err" "iolab: invalid time limit '3601' (more than 0 and at most 1 hour, e.g. 5s or 500ms)" \
	"--time-limit 3601 message"
[ -z "$out" ] && [ ! -e "$T/scratch" ] || fail "--time-limit 3601: something ran: $out"
pass "--time-limit 3601: refused at parse time, exit 2, nothing run"

run env HOME="$T" "$IOLAB" --batch --lessons "$FAULTS" --dir "" --lesson f04-tiny
expect_rc 2 "--dir ''"
expect_in "$err" "iolab: option '--dir' needs a directory; the argument is empty" "--dir '' message"
pass "--dir '': says the argument is empty, exit 2"
