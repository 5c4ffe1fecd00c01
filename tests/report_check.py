#!/usr/bin/env python3
"""report_check.py - what tests/report.sh asks of a report, in Python's
standard library only.

  report_check.py svgs FILE.html N     every <svg> of the page is well-formed
                                       XML; at least N of them
  report_check.py svg FILE.svg         the file is one well-formed <svg>
  report_check.py png FILE.png         the screenshot is not blank: at least
                                       2% of its pixels are not the page's
                                       background and some are coloured
"""
import re
import struct
import sys
import xml.dom.minidom
import zlib


def svgs(path, least):
    text = open(path, encoding="utf-8").read()
    found = re.findall(r"<svg\b.*?</svg>", text, re.S)
    for i, s in enumerate(found):
        try:
            xml.dom.minidom.parseString(s)
        except Exception as e:          # what the parser says is the message
            sys.exit(f"svg {i + 1} of {path} is not well-formed XML: {e}")
    if len(found) < int(least):
        sys.exit(f"{path} has {len(found)} charts, expected at least {least}")
    for bad in ("<script", "http://", "https://", "@import", "url("):
        allowed = "http://www.w3.org/2000/svg"
        if bad in text.replace(allowed, ""):
            sys.exit(f"{path} fetches or runs something: it contains {bad!r}")


def one_svg(path):
    doc = xml.dom.minidom.parse(path)
    if doc.documentElement.tagName != "svg":
        sys.exit(f"{path}: the root element is {doc.documentElement.tagName}, not svg")


def pixels(path):
    """8-bit RGB or RGBA, non-interlaced, as Chromium writes screenshots."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path} is not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                sys.exit(f"{path}: a PNG this check cannot read (depth {depth}, colour {colour})")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 255
        rows.append(line)
        prev = line
    return rows, width, bpp


def png(path):
    rows, width, bpp = pixels(path)
    background = tuple(rows[0][:3])
    total = ink = colour = 0
    for line in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            px = tuple(line[x:x + 3])
            total += 1
            if px != background:
                ink += 1
            if max(px) - min(px) > 60:
                colour += 1
    if ink < total * 0.02:
        sys.exit(f"{path} is blank: {ink} of {total} sampled pixels differ from the background")
    if colour == 0:
        sys.exit(f"{path} shows no coloured pixel: no chart was drawn")


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "svgs":
        svgs(sys.argv[2], sys.argv[3])
    elif what == "svg":
        one_svg(sys.argv[2])
    elif what == "png":
        png(sys.argv[2])
    else:
        sys.exit(f"unknown check {what}")
