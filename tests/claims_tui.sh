#!/bin/sh
# claims_tui.sh - a lesson's claims in the interactive lab, driven in a
# private tmux server over tests/fixtures/claims (claims that count calls,
# so every verdict is exact on any machine): before a run, what to look
# for under the text; after one pass, a held (✓ or +), a missed (✗ or x)
# and an inconclusive (?) claim, each with the measured value and the
# bound, the ? with its reason; the other lesson run, the ? turns held;
# the same at 80x24.  Every check polls the screen, bounded.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "${TMUX_BIN:-}" ] || skip "tmux was not found by configure"
[ -x "$TMUX_BIN" ] || skip "tmux ($TMUX_BIN) is not executable"

SOCK="iolab-claims-test-$$"
tm() { "$TMUX_BIN" -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT

LESSONS="$TOP_SRCDIR/tests/fixtures/claims"
mkdir -p "$T/home" "$T/state" "$T/cache"
# UTF-8 where the system has it (✓ ✗ ○ ±), else the ASCII forms (+ x - +-):
# every pattern below takes either.
LOC=C
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then LOC=C.UTF-8; fi
HELD='(✓|\+)'
MISSED='(✗|x)'
TO_CHECK='(○|-)'
PM='(±|\+-)'

tm new-session -d -s lab -x 120 -y 40 "env -i PATH='$PATH' HOME='$T/home' TERM=screen PS1='$ ' sh" \
	|| skip "tmux cannot start a server here"
PANE=lab:0.0

keys() { tm send-keys -t "$PANE" "$@"; }

# claim_then MARK SENTENCE FIGURES WHAT: on the screen, a row with the mark
# and the claim's first words, and within the next three rows its figures
# (the sentence may wrap; the rows are the lesson column's).
# (The patterns reach awk through its environment: -v would take their
# backslashes as escapes.)
claim_then() {
	HEAD="$1 $2" FIGS="$3" awk '
		found && n < 3 { n++; if ($0 ~ ENVIRON["FIGS"]) ok = 1 }
		$0 ~ ENVIRON["HEAD"] { found = 1; n = 0 }
		END { exit !ok }' "$T/screen" || {
		echo "--- the screen was:" >&2
		cat "$T/screen" >&2
		fail "$4: no '$3' under '$1 $2'"
	}
}

keys "cd '$T' && XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache' LC_ALL=$LOC '$IOLAB' --lessons '$LESSONS' --dir '$T/scratch' --watch pass --lesson c01-write; echo iolab-exit=\$?" Enter
wait_for 'A 1 MiB file written 4 KiB at a time' 20 "the lab at c01-write"

# --- before a run: what to look for ------------------------------------------------
wait_for 'To check when it runs \(r\):' 10 "the claims before a run"
claim_then "$TO_CHECK" '4 KiB per write\(\) call' 'look for: bytes / calls\.write' \
	"the first claim, to check"
claim_then "$TO_CHECK" 'at most a hundred write\(\) calls' 'at most 100' "the bound as written"
grep -q 'measured' "$T/screen" && fail "a value before any run"
pass "before a run: each claim with a neutral mark, what to look for and its bound"

# --- one pass: held, missed, inconclusive ------------------------------------------
keys r
wait_for 'Claims, checked against this run:' 30 "the claims checked after the run"
claim_then "$HELD" '4 KiB per write\(\) call' "measured 4096  near 4096 $PM 0" "the held claim"
claim_then "$MISSED" 'at most a hundred write\(\) calls' 'measured 256  at most 100' \
	"the missed claim"
claim_then '\?' 'writes as many bytes as c02-read' 'why: run c02-read first' \
	"the inconclusive claim's reason"
claim_then "$HELD" '256 write\(\) calls for the whole' "measured 256  near 256 $PM 0" \
	"the whole-file claim after one pass"
pass "after a pass: ✓ and ✗ with the measured values and bounds, ? with its reason"

# --- the other lesson, then back: the ? is told -----------------------------------
keys n
wait_for 'The same 1 MiB file read 4 KiB at a time' 10 "n: c02-read"
keys r
wait_for 'Claims, checked against this run:' 30 "c02-read's claims checked"
claim_then "$HELD" '4 KiB per read\(\) call' "measured 4096  near 4096 $PM 0" "c02's claim"
keys p
wait_for 'A 1 MiB file written 4 KiB at a time' 10 "p: back at c01-write"
wait_for 'Claims, checked against this run:' 10 "c01's verdicts kept"
claim_then "$HELD" 'writes as many bytes as c02-read' "measured 1  near 1 $PM 0" \
	"the claim about c02, now that it ran"
pass "a claim about another lesson is told once that lesson ran this session"

# --- 80x24 ------------------------------------------------------------------------
tm resize-window -t lab -x 80 -y 24
wait_for 'Claims, checked against this run:' 10 "the claims at 80x24"
claim_then "$MISSED" 'at most a hundred write\(\) calls' 'measured 256  at most 100' \
	"the missed claim at 80x24"
pass "80x24: the verdicts under the text, figures whole"

keys q
wait_for 'iolab-exit=0' 20 "q quits"
pass "q quits with status 0"

# --- the notebook keeps the verdicts the lab showed --------------------------------
# c01-write's run was checked when it ended: c02-read had not run yet, so
# its claim about c02 was inconclusive then; the others as shown above.
XDG_STATE_HOME="$T/state" "$IOLAB" --history --lesson c01-write --format json >"$T/h.json" \
	|| fail "--history of the lab's runs"
[ -n "${PYTHON3:-}" ] || skip "python3 not found: the stored verdicts are not read"
"$PYTHON3" - "$T/h.json" <<'PY' || fail "the lab's verdicts were not kept in the notebook"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
assert len(runs) == 1, runs
got = [(e["claim"], e["verdict"], e["value"]) for e in runs[0]["expectations"]]
want = {"4 KiB per write() call": ("held", 4096.0),
        "at most a hundred write() calls": ("missed", 256.0)}
for claim, (verdict, value) in want.items():
    hit = [g for g in got if g[0].startswith(claim)]
    assert hit and hit[0][1] == verdict and hit[0][2] == value, (claim, got)
assert any(g[1] == "inconclusive" for g in got), got
PY
pass "the notebook keeps the verdicts the lab showed (--history)"
