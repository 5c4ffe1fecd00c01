#!/bin/sh
# man.sh - the man page renders without a warning (groff -ww), and man -l
# shows its sections.  That it lists every option and key is checked by
# tests/check_cli.c and tests/check_keys.c; that make install installs it,
# by make distcheck (dist_man_MANS).
. "$TOP_SRCDIR/tests/lib.sh"

PAGE="$TOP_SRCDIR/doc/iolab.1"
[ -f "$PAGE" ] || fail "no man page at $PAGE"
command -v groff >/dev/null 2>&1 || skip "groff is not installed (apt-get install groff-base)"

groff -ww -z -man "$PAGE" >"$T/warnings" 2>&1 || fail "groff failed: $(cat "$T/warnings")"
[ ! -s "$T/warnings" ] || fail "groff -ww warns about doc/iolab.1: $(cat "$T/warnings")"
pass "groff -ww -z -man: no warnings"

# rendered as plain text, every section is there
groff -man -Tutf8 -P-cbou "$PAGE" >"$T/page" 2>"$T/err" || fail "groff -Tutf8: $(cat "$T/err")"
for s in NAME SYNOPSIS DESCRIPTION OPTIONS KEYS 'THE SCREEN' LESSONS FILES ENVIRONMENT \
	'EXIT STATUS'; do
	grep -q "^$s\$" "$T/page" || fail "the rendered page has no section '$s'"
done
for v in XDG_CACHE_HOME XDG_STATE_HOME NO_COLOR IOLAB_LESSONS TERM LC_ALL; do
	grep -q "$v" "$T/page" || fail "ENVIRONMENT does not name $v"
done
pass "every section renders; the environment names XDG_*, NO_COLOR, IOLAB_LESSONS, TERM, LC_ALL"

if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man -l "$PAGE" >"$T/man" 2>"$T/err" </dev/null || fail "man -l: $(cat "$T/err")"
	grep -q 'iolab - a terminal lab' "$T/man" || fail "man -l does not show the NAME line"
	pass "man -l doc/iolab.1 renders it"
fi
