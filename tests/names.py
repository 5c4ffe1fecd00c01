#!/usr/bin/env python3
"""names.py - a name leads to its file: every function or variable an
object file of src/ exports begins with its file's name (src/lab/keys.c:
keys_...), or with the name of its module when the file is one part of a
module whose header is in the same folder (src/lab/lab_run.c: lab_...,
beside src/lab/lab.h), as tmux's cmd-x.c defines cmd_x_entry.

Usage: names.py BUILDDIR SRCDIR   (reads BUILDDIR/src/*/*.o with nm; prints
each name that leads elsewhere; exits 1 if any, 77 when nm is missing)
"""
import glob
import os
import shutil
import subprocess
import sys


def prefixes(srcdir, folder, stem):
    """The prefixes a file's exported names may begin with."""
    allowed = [stem]
    for h in glob.glob(os.path.join(srcdir, "src", folder, "*.h")):
        module = os.path.basename(h)[:-2]
        if stem.startswith(module + "_"):
            allowed.append(module)
    return allowed


def main(builddir, srcdir):
    if not shutil.which("nm"):
        return 77
    problems = []
    objects = sorted(glob.glob(os.path.join(builddir, "src", "*", "*.o")))
    for obj in objects:
        folder = os.path.basename(os.path.dirname(obj))
        # automake names objects TARGET-STEM.o
        stem = os.path.basename(obj)[:-2].split("-", 1)[-1]
        if not os.path.exists(os.path.join(srcdir, "src", folder, stem + ".c")):
            continue          # a stale object of a file since renamed
        allowed = prefixes(srcdir, folder, stem)
        out = subprocess.run(["nm", "--defined-only", "-g", obj], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 3 or parts[1] not in "TDBRV":
                continue
            name = parts[2]
            if name.startswith("__") or "." in name:
                continue      # a sanitizer's or gcov's, not ours
            if any(name == p or name.startswith(p + "_") for p in allowed):
                continue
            problems.append(f"src/{folder}/{stem}.c exports {name}, which begins with "
                            f"none of: {', '.join(p + '_' for p in allowed)}")
    for p in problems:
        print(p)
    if not objects:
        print(f"no object files under {builddir}/src: build first")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
