"""Writes a copy of a Tile IR bytecode file with a broken debug section.

Usage: bad_debug.py IN OUT KIND, KIND one of
  id-range   the first location id points past the attribute table
  short      the function's list starts later (fewer ids than ops)
  not-loc    the first location id names a di_file (not a location)
"""

import sys


def varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def debug_payload(data):
    pos = 12  # magic and version
    while True:
        sid = data[pos]
        pos += 1
        if sid == 0:
            raise SystemExit("no debug section")
        length, pos = varint(data, pos)
        if sid & 0x80:
            align, pos = varint(data, pos)
            pos = (pos + align - 1) // align * align
        if sid & 0x7F == 3:
            return pos
        pos += length


def main():
    src, dst, kind = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    base = debug_payload(data)
    n_lists, pos = varint(data, base)
    pos = base + (pos - base + 3) // 4 * 4
    starts = pos
    pos += 4 * n_lists
    n_ids, pos = varint(data, pos)
    ids = base + (pos - base + 7) // 8 * 8
    if kind == "id-range":
        data[ids:ids + 8] = (999).to_bytes(8, "little")
    elif kind == "short":
        data[starts:starts + 4] = (3).to_bytes(4, "little")
    elif kind == "not-loc":
        data[ids:ids + 8] = (1).to_bytes(8, "little")
    open(dst, "wb").write(bytes(data))


main()
