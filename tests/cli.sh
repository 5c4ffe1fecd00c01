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

# No terminal is said before anything about TERM (a dumb terminal that is
# a terminal exits 4: tests/tui.sh runs that in tmux).
run env TERM=dumb "$IOLAB" </dev/null
expect_rc 2 "dumb terminal"
expect_in "$err" "standard input is not one" "no terminal before TERM=dumb"
pass "TERM=dumb without a terminal: no terminal is the reason, exit 2"
