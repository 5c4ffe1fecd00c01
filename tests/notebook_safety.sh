#!/bin/sh
# notebook_safety.sh - nothing a user recorded is lost by a mistyped option
# and nothing is hidden: --output naming the notebook is refused before
# anything is written; --db naming a file that is not an iolab notebook
# leaves it untouched (exit 4); rows this iolab cannot read are skipped,
# counted and named while every document stays whole; --history opens the
# notebook read-only, leaving no -wal/-shm beside a closed one, and says
# when runs still in a log it cannot read may be missing.
. "$TOP_SRCDIR/tests/lib.sh"

SCRATCH="$T/scratch"
DB="$T/o.db"
LESSON=c01-lseek
batch() { run "$IOLAB" --batch --dir "$SCRATCH" --trials 1 --lesson "$LESSON" "$@"; }
sum() { cksum <"$1"; }

# --- --output over the notebook --------------------------------------------------
batch --db "$DB" --format json
expect_rc 0 "a first run into the notebook"
before=$(sum "$DB")
for target in "$DB" "$DB-wal" "$DB-shm" "$T/./o.db"; do
	batch --db "$DB" --output "$target" --format json
	expect_rc 2 "--output $target"
	expect_in "$err" "is the lab's notebook" "--output $target"
	[ "$(sum "$DB")" = "$before" ] || fail "--output $target changed the notebook"
done
ln "$DB" "$T/hard.db"
batch --db "$DB" --output "$T/hard.db" --format json
expect_rc 2 "--output a hard link to the notebook"
# the default notebook, when --db is not given
mkdir -p "$XDG_STATE_HOME/iolab"
batch --output "$XDG_STATE_HOME/iolab/lab.db" --format json
expect_rc 2 "--output the default notebook"
[ ! -e "$XDG_STATE_HOME/iolab/lab.db" ] || fail "--output the default notebook wrote it"
pass "--output naming the notebook or its -wal/-shm is refused, exit 2, nothing written"

# --- --db naming a file that is not an iolab notebook ------------------------------
printf 'a,b\n' >"$T/results.csv"
batch --db "$T/results.csv" --format json
expect_rc 4 "--db naming a CSV file"
expect_in "$err" "results.csv is not an iolab notebook (it is not an SQLite database). It was left untouched" "--db a CSV"
[ -z "$out" ] || fail "--db a CSV: a report was written"
[ "$(cat "$T/results.csv")" = "a,b" ] || fail "--db a CSV: the file changed"
[ -z "$(ls "$T" | grep 'results.csv.')" ] || fail "--db a CSV: something beside it: $(ls "$T")"
pass "--db naming a file that is not a notebook: exit 4, the reason, the file untouched"

# --- --history reads only ----------------------------------------------------------
[ ! -e "$DB-wal" ] && [ ! -e "$DB-shm" ] || fail "the notebook was left open: $(ls "$T")"
before=$(sum "$DB")
for fmt in text json csv; do
	run "$IOLAB" --history --db "$DB" --format "$fmt"
	expect_rc 0 "--history --format $fmt"
	[ ! -e "$DB-wal" ] && [ ! -e "$DB-shm" ] || fail "--history --format $fmt left: $(ls "$T")"
done
[ "$(sum "$DB")" = "$before" ] || fail "--history changed the notebook"
pass "--history on a closed notebook leaves no -wal or -shm beside it"

# --- rows this iolab cannot read ----------------------------------------------------
[ -n "${PYTHON3:-}" ] || skip "python3 not found (configure looks for it)"
sql() { "$PYTHON3" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()' "$@" \
	|| fail "sql $2"; }
BAD="$T/bad.db"
for i in 1 2 3 4; do
	batch --db "$BAD" --format json
	expect_rc 0 "run $i into the notebook"
done
sql "$BAD" "update runs set kind='bogus' where id=3; update runs set recorder=CAST(X'ff' AS TEXT) where id=2"
for fmt in json csv text; do
	for lesson in "" "--lesson b01-write-byte"; do
		# shellcheck disable=SC2086
		run "$IOLAB" --history --db "$BAD" --format "$fmt" $lesson
		expect_rc 0 "--history --format $fmt $lesson with unreadable rows"
		expect_in "$err" "iolab: 2 runs this iolab cannot read, ids 2, 3 (not shown)" "--history $fmt"
		cp "$T/out" "$T/history.$fmt"
	done
done
run "$IOLAB" --history --db "$BAD" --format json
"$PYTHON3" -c 'import json, sys
h = json.load(open(sys.argv[1]))
ids = [r["id"] for r in h["runs"]]
sys.exit(0 if ids == [1, 4] else "ids %r" % ids)' "$T/out" || fail "--history json with unreadable rows is not whole"
run "$IOLAB" --history --db "$BAD" --format csv
"$PYTHON3" -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sys.exit(0 if [r[0] for r in rows] == ["id", "1", "4"] else "rows %r" % rows)' "$T/out" \
	|| fail "--history csv with unreadable rows is not whole"
run "$IOLAB" --report "$T/bad.html" --db "$BAD"
expect_rc 0 "--report from a notebook with unreadable rows"
expect_in "$err" "iolab: 2 runs this iolab cannot read, ids 2, 3 (not in the report)" "--report"
pass "--history skips and counts rows it cannot read; JSON and CSV whole, exit 0"
