#!/usr/bin/env python3
"""cycles.py - no two modules of src/ need each other.

A module is a header and the files that implement it: src/L/X.c with
src/L/X.h, and src/L/X_Y.c beside src/L/X.h (lab_run.c is part of module
lab).  Module A needs module B when an object file of A uses a function or
variable an object file of B defines (read with nm).  Any cycle of needs
between modules is printed and fails the test; a module's files may need
each other through its own private header.

Usage: cycles.py BUILDDIR SRCDIR   (exit 1 on a cycle, 77 when nm is missing)
"""
import collections
import glob
import re
import os
import shutil
import subprocess
import sys


# A folder that is one module, spread over files by concern: the workload
# spec (wl.c), its kinds (wl_kind.c) and its keys (wl_keys.c) are module wl.
FOLDER_MODULES = {"workload": "wl"}


def module_of(srcdir, folder, stem):
    """A .c with its own .h is a module of its own.  Any other file belongs
    to the module whose header name it begins with and whose header it
    includes (lab_run.c to lab, a private store_impl.h to store), the
    longest such name; else it is a module of its own (ui_curses.h)."""
    if folder in FOLDER_MODULES:
        return FOLDER_MODULES[folder]
    d = os.path.join(srcdir, "src", folder)
    if os.path.exists(os.path.join(d, stem + ".c")) and os.path.exists(os.path.join(d, stem + ".h")):
        return stem
    path = os.path.join(d, stem + (".c" if os.path.exists(os.path.join(d, stem + ".c")) else ".h"))
    with open(path, encoding="utf-8") as f:
        included = set(re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read(), re.M))
    best = stem
    for h in glob.glob(os.path.join(d, "*.h")):
        m = os.path.basename(h)[:-2]
        if stem.startswith(m + "_") and m + ".h" in included and (best == stem or len(m) > len(best)):
            best = m
    return best


def include_graph(srcdir):
    """Module -> modules whose headers its files include, and one include
    line for each edge."""
    where = {}
    files = []
    for path in glob.glob(os.path.join(srcdir, "src", "*", "*.[ch]")):
        folder = os.path.basename(os.path.dirname(path))
        stem = os.path.basename(path)[:-2]
        files.append((path, folder, stem))
        if path.endswith(".h"):
            where[os.path.basename(path)] = (folder, stem)
    graph = collections.defaultdict(set)
    why = {}
    for path, folder, stem in files:
        mod = f"{folder}/{module_of(srcdir, folder, stem)}"
        with open(path, encoding="utf-8") as f:
            for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read(), re.M):
                if inc not in where:
                    continue
                other = "%s/%s" % (where[inc][0], module_of(srcdir, *where[inc]))
                if other != mod:
                    graph[mod].add(other)
                    why.setdefault((mod, other), f"{os.path.relpath(path, srcdir)} includes {inc}")
    return graph, why


def main(builddir, srcdir):
    if not shutil.which("nm"):
        return 77
    defs, uses = {}, collections.defaultdict(set)
    mods = {}
    for obj in sorted(glob.glob(os.path.join(builddir, "src", "*", "*.o"))):
        folder = os.path.basename(os.path.dirname(obj))
        stem = os.path.basename(obj)[:-2].split("-", 1)[-1]
        if not os.path.exists(os.path.join(srcdir, "src", folder, stem + ".c")):
            continue
        mod = f"{folder}/{module_of(srcdir, folder, stem)}"
        mods[obj] = mod
        out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDBRV" and not p[2].startswith("__"):
                defs[p[2]] = mod
            elif len(p) == 2 and p[0] == "U":
                uses[mod].add(p[1])
    graph = collections.defaultdict(set)
    why = {}
    for mod, syms in uses.items():
        for s in sorted(syms):
            other = defs.get(s)
            if other and other != mod:
                graph[mod].add(other)
                why.setdefault((mod, other), s)
    bad = report("uses", graph, why, set(mods.values()))
    igraph, iwhy = include_graph(srcdir)
    bad += report("includes a header of", igraph, iwhy, set(igraph))
    return 1 if bad else 0


def report(verb, graph, why, nodes):
    """Prints every cycle of graph (Tarjan's strongly connected components
    of more than one module); returns them."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    bad = [c for c in comps if len(c) > 1]
    for c in bad:
        print("a cycle: " + " <-> ".join(c))
        for a in c:
            for b in c:
                if (a, b) in why:
                    line = why[(a, b)]
                    print(f"  {line}" if " includes " in line else f"  {a} {verb} {line} of {b}")
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
