#!/usr/bin/env python3
"""Runs your own kernel on the CPU simulator: examples/saxpy.mlir,
y = a * x + y, on two programs of 128 threads (the ten lines between the
markers are the ones tools/sim/README.md shows; test/Sim/example.test runs
this file). Usage: example.py [BIN_DIR] (default: build/bin of the tree).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(os.path.join(HERE, "..", ".."))  # the paths below are from the root
BIN = sys.argv[1] if len(sys.argv) > 1 else None

# --- README example ---
import struct, sys, tempfile; sys.path.insert(0, "tools/sim")
from simlib import Toolchain, Buffer, Scalar
n, a = 4096, 2.5                       # 2 programs of 2048 elements
x, y = [float(i) for i in range(n)], [1.0] * n
kernel = Toolchain(tempfile.mkdtemp(), bin_dir=BIN).build("examples/saxpy.mlir", target="sm_90a")
out, stdout = kernel.launch(grid=(n // 2048, 1, 1), block=(128, 1, 1), args=[  # block = 32 * numWarps
    Buffer("x", struct.pack(f"<{n}f", *x)), Buffer("y", struct.pack(f"<{n}f", *y)),
    Scalar("f32", struct.unpack("<I", struct.pack("<f", a))[0]), Scalar("i32", n)])  # floats pass their bits
result = struct.unpack(f"<{n}f", out["y"])  # buffers come back by name, as bytes
assert all(r == a * xi + yi for r, xi, yi in zip(result, x, y)), "wrong result"
# --- end ---
print(f"saxpy on the simulator: {n} elements correct")
