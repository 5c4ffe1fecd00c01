#!/bin/sh
# layers.sh - src/ is the architecture: one folder per layer, and no file
# includes a header of a layer above its own (tests/layers.py holds the
# order).  Also shows that the check can fail: a copy of src/ with one
# climbing include must be refused, naming the file, line and both layers.
. "$TOP_SRCDIR/tests/lib.sh"

[ -n "$PYTHON3" ] || skip "python3 is not installed"

"$PYTHON3" "$TOP_SRCDIR/tests/layers.py" "$TOP_SRCDIR/src" >"$T/out" 2>&1 \
	|| fail "an include climbs a layer:
$(cat "$T/out")"
pass "every include of src/ stays in its layer or goes down"

mkdir "$T/src"
cp -R "$TOP_SRCDIR/src/base" "$TOP_SRCDIR/src/lab" "$T/src/"
for d in yaml workload lesson run results notebook app ui; do
	mkdir "$T/src/$d"
	cp "$TOP_SRCDIR/src/$d/"*.h "$T/src/$d/"
done
printf '#include "lab.h"\n' >>"$T/src/base/units.c"
line=$(wc -l <"$T/src/base/units.c")
if "$PYTHON3" "$TOP_SRCDIR/tests/layers.py" "$T/src" >"$T/out" 2>&1; then
	fail "a climbing include was not found"
fi
want="src/base/units.c:$line: includes lab.h of layer lab, above its own layer base"
grep -qxF "$want" "$T/out" || fail "expected '$want', got: $(cat "$T/out")"
pass "a climbing include is named: $want"

# --- a name leads to its file; no two modules need each other --------------
: "${TOP_BUILDDIR:?}"
"$PYTHON3" "$TOP_SRCDIR/tests/names.py" "$TOP_BUILDDIR" "$TOP_SRCDIR" >"$T/out" 2>&1 \
	|| fail "exported names that lead to no file:
$(cat "$T/out")"
pass "every exported function and variable begins with its file's or module's name"

"$PYTHON3" "$TOP_SRCDIR/tests/cycles.py" "$TOP_BUILDDIR" "$TOP_SRCDIR" >"$T/out" 2>&1 \
	|| fail "modules that need each other:
$(cat "$T/out")"
pass "no cycle between modules, by their symbols or by their includes"

# and the check can fail: two base headers that include each other
rm -rf "$T/src"
mkdir "$T/src"
cp -R "$TOP_SRCDIR/src/base" "$T/src/"
printf '#include "utf8.h"\n' >>"$T/src/base/units.h"
printf '#include "units.h"\n' >>"$T/src/base/utf8.h"
if "$PYTHON3" "$TOP_SRCDIR/tests/cycles.py" "$T" "$T" >"$T/out" 2>&1; then
	fail "an include cycle was not found"
fi
grep -qxF "a cycle: base/units <-> base/utf8" "$T/out" || fail "the cycle is not named: $(cat "$T/out")"
pass "a planted include cycle is named: base/units <-> base/utf8"
