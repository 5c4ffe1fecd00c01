#!/bin/sh
# bench_class.sh - how long `iolab --class` takes to merge a class: 300
# batch documents of one real run, each with its own machine.id (the
# target is under 2 s; make bench reports it, make check never times it).
set -eu
IOLAB=${1:?usage: bench_class.sh IOLAB}
T=$(mktemp -d "${TMPDIR:-/tmp}/iolab-bench-class.XXXXXX")
trap 'rm -rf "$T"' EXIT
"$IOLAB" --batch --no-record --trials 1 --size 1MiB --dir "$T/s" --format json \
	--lesson w03-byte,w05-stdiobyte,r01-byte,r04-stdiobyte --output "$T/b.json" 2>/dev/null || true
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
doc = json.load(open(f"{t}/b.json"))
for i in range(300):
    doc["machine"]["id"] = f"{i:016x}"
    json.dump(doc, open(f"{t}/m{i}.json", "w"))
PY
start=$(date +%s.%N)
"$IOLAB" --class --format json "$T"/m*.json >"$T/class.json"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "class merge: 300 documents in %.3f s (target: under 2 s)\n", e - s }' 
