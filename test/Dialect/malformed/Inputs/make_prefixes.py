"""Writes prefixes of an MLIR file, cut at many byte offsets, into a folder,
and the whole file as complete.mlir."""
import os
import sys

src, out = sys.argv[1], sys.argv[2]
with open(src, "rb") as f:
    data = f.read()
# Every 37th byte plus the last few bytes: a few dozen inputs that end inside
# types, attributes, operands, strings and regions.
cuts = sorted(set(list(range(1, len(data), 37)) + list(range(max(1, len(data) - 8), len(data)))))
for i, cut in enumerate(cuts):
    with open(os.path.join(out, "prefix%04d.mlir" % i), "wb") as f:
        f.write(data[:cut])
with open(os.path.join(out, "complete.mlir"), "wb") as f:
    f.write(data)
