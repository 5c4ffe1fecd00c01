#!/usr/bin/env python3
"""coverage.py - line coverage of a ./configure --enable-coverage build, per
source file of src/ and in total, from gcov's JSON (make coverage runs the
tests first).

    coverage.py SRCDIR [BUILDDIR]

A line counts as covered when any object that compiles it (a header is in
many) ran it at least once."""
import glob, json, os, subprocess, sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: coverage.py SRCDIR [BUILDDIR]")
    srcdir = os.path.abspath(sys.argv[1])
    build = os.path.abspath(sys.argv[2] if len(sys.argv) == 3 else ".")
    notes = sorted(glob.glob(os.path.join(build, "src", "**", "*.gcno"), recursive=True))
    if not notes:
        sys.exit("coverage.py: no .gcno files under %s/src: ./configure --enable-coverage, "
                 "then make coverage" % build)
    gcov = os.environ.get("GCOV", "gcov")
    run = subprocess.run([gcov, "--json-format", "--stdout"] + notes, cwd=build,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if run.returncode != 0 and not run.stdout.strip():
        sys.exit("coverage.py: %s failed:\n%s" % (gcov, run.stderr))
    for w in run.stderr.splitlines():  # a header with no code, a file never run
        if "assuming not executed" not in w and "no functions found" not in w:
            print("coverage.py: gcov: %s" % w, file=sys.stderr)
    lines = {}                    # file under src/ -> {line: ran}
    for doc in run.stdout.splitlines():
        if not doc.strip():
            continue
        d = json.loads(doc)
        cwd = d.get("current_working_directory", build)
        for f in d["files"]:
            path = os.path.relpath(os.path.normpath(os.path.join(cwd, f["file"])), srcdir)
            if not path.startswith("src" + os.sep):
                continue          # system headers, the tests' own files
            seen = lines.setdefault(path, {})
            for l in f["lines"]:
                n = l["line_number"]
                seen[n] = seen.get(n, False) or l["count"] > 0
    total = covered = 0
    width = max(len(p) for p in lines) if lines else 4
    print("%-*s %7s %7s %7s" % (width, "file", "lines", "run", "cover"))
    for path in sorted(lines):
        n, c = len(lines[path]), sum(lines[path].values())
        total += n
        covered += c
        print("%-*s %7d %7d %6.1f%%" % (width, path, n, c, 100.0 * c / n if n else 100.0))
    print("%-*s %7d %7d %6.1f%%" % (width, "total", total, covered,
                                    100.0 * covered / total if total else 100.0))


main()
