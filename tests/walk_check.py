#!/usr/bin/env python3
"""walk_check.py - every screen tests/walk.sh captured, checked.

    walk_check.py LOCALE IOLAB CAPDIR...

Each CAPDIR holds one lab's screens, numbered in the order they were
captured, with WHAT each shows (.what), the size and lesson a resize
settled on (.size), and marks for a screen caught in a resize (.transit)
or never seen whole (.torn), which are passed over.  Exits 1 with every
problem on stderr."""
import glob, os, re, subprocess, sys

loc, iolab, capdirs = sys.argv[1], sys.argv[2], sys.argv[3:]
utf8 = "utf" in loc.lower()

# Where each panel is: the program's own layout (iolab --dump-layout
# COLSxROWS: "SCREEN PANEL Y X H W" lines), asked once a size.
dumped = {}
def rects(w, h):
    if (w, h) not in dumped:
        out = subprocess.run([iolab, "--dump-layout", "%dx%d" % (w, h)], check=True,
                             stdout=subprocess.PIPE, universal_newlines=True).stdout
        d = {}
        for line in out.splitlines():
            screen, panel, ry, rx, rh, rw = line.split()
            d.setdefault(screen, {})[panel] = tuple(map(int, (ry, rx, rh, rw)))
        dumped[(w, h)] = d
    return dumped[(w, h)]

# Which screen is on show, from what only it draws.
def kind_of(lines):
    row = lambda i: lines[i] if len(lines) > i else ""
    if row(1).startswith(" Both runs share this machine"):
        return "race"
    if row(1).startswith(" Compare: "):
        return "compare"
    if re.search(r"Notebook of \S+: \d+ runs?, newest first", row(1)):
        return "notebook"
    if re.search(r"Race \S+ against:", row(1)):
        return "chooser"
    if any(re.match(r"  B/s, log scale *$", l) for l in lines):
        return "present-race" if re.match(r"  A \S+ +against +B ", row(2)) else "present"
    if any(re.match(r"  log rate by block size", l) for l in lines):
        return "present"                     # a sweep presented: its chart over the width
    return "lesson"

# The panels each kind of screen draws, from the layout the program dumps:
# the notebook and the race chooser take the text's and the panel's place
# ("instead").  A panel's view draws from its x + 1 over w - 2 columns
# (src/ui/ui_lesson.c, ui_panel_live.c, ui_course.c, ui_race.c's sides,
# ui_notebook.c, the presented sweep), so x + w - 2 stays blank (a stacked
# race's rule too); the race's shared top and presentation mode's other
# parts are drawn over their whole width, keeping x + w - 1 blank.
PANELS = {
    "lesson": ("lesson", ("course", "text", "panel"), 1),
    "notebook": ("lesson", ("course", "instead"), 1),
    "chooser": ("lesson", ("course", "instead"), 1),
    "race": ("race", ("top", "a", "rule", "b"), 1),
    "present": ("present", ("body", "title", "state", "figure0", "logfig", "text0", "gauge",
                            "sweep"), 0),
    "present-race": ("present-race", ("body", "title", "state", "figure0", "figure1",
                                      "text0", "text1", "ratio", "gauge"), 0),
}
INSET = {("race", "top"): 0, ("present", "sweep"): 1}

# The column (0-based) each panel on row y of a screen w x h keeps blank.
def edges(kind, w, h, y):
    if kind == "compare":             # the whole width (src/lab/lab_compare.c), the
        return [w - 1]                # scroll marks left of the edge
    screen, panels, inset = PANELS[kind]
    cols = set()
    for p in panels:
        r = rects(w, h)[screen].get(p)
        if r and r[0] <= y < r[0] + r[2] and r[3] > 1:   # not a vertical rule
            cols.add(r[1] + r[3] - 1 - INSET.get((screen, p), inset))
    return sorted(cols)

CUT = set("0123456789,([")
problems = []
screens = 0
kinds = {}
# each part of the walk in its own directory, its screens in order there
paths = []
for capdir in capdirs:
    paths.append(None)               # a new lab: no size seen yet
    paths.extend(p for p in sorted(glob.glob(os.path.join(capdir, "[0-9]*")))
                 if "." not in os.path.basename(p))
current = None                       # the lesson on screen, from the size marks
for path in paths:
    if path is None:
        current = None
        continue
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if os.path.exists(path + ".transit"):
        continue
    what = open(path + ".what").read().strip()
    if os.path.exists(path + ".size"):
        current = open(path + ".size").read().split()
    if not lines or not lines[0].startswith(" iolab") or "iolab help" in lines[0]:
        continue                     # help, or the shell before the lab
    h, w = len(lines), max(len(l) for l in lines)
    w = int(current[0]) if current and int(current[1]) == h else w
    screens += 1
    text = "\n".join(lines)
    def bad(msg):
        problems.append("%s (%s, %dx%d):\n%s\n%s" % (msg, what, w, h, text, "-" * w))
    kind = kind_of(lines)
    kinds[kind] = kinds.get(kind, 0) + 1
    for y, line in enumerate(lines):
        line = line.ljust(w)
        if line[w - 1] in CUT:
            bad("a figure cut at the screen's edge, line %d: %r" % (y + 1, line.rstrip()))
        if not 0 < y < h - 1 or set(line) <= set("\u2500 "):
            continue                 # the header, the footer, a race's rule
        for c in edges(kind, w, h, y):
            if line[c] != " ":
                bad("%r at the edge of a panel of the %s screen (column %d), line %d: %r"
                    % (line[c], kind, c + 1, y + 1, line.rstrip()))
    if re.search(r"\bcalls +calls\b", text):
        bad("'calls calls'")
    if re.search(r"\bcalls +none\b", text):
        bad("'calls none'")
    if utf8 and re.search(r"\d us\b", text):
        bad("micro written 'us' in a UTF-8 locale")
    if re.search(r"\d\.\d+ bytes\b", text):
        bad("bytes per syscall with a fraction of a byte")
    if re.search(r"\d\.\d+ [KMG]iB blocks", text):
        bad("a block size rounded")
    if kind == "lesson" and current and current[2] in ("s04-syncsweep", "sw02-writesweep"):
        panel_x = rects(w, h)["lesson"]["panel"][1]
        if any("warm" in l[panel_x:] for l in lines[1:-1]):
            bad("a write sweep's series called 'warm'")
seen = set()
for p in problems:
    key = p.split("\n")[0]
    if key not in seen:
        seen.add(key)
        print(p, file=sys.stderr)
torn = sum(len(glob.glob(os.path.join(d, "[0-9]*.torn"))) for d in capdirs)
print("%d screens checked (%s; %d never seen whole, passed over), %d problems" % (screens, ", ".join(
    "%d %s" % (n, k) for k, n in sorted(kinds.items())), torn, len(problems)))
sys.exit(1 if problems else 0)
