"""Runs the dot_f16 kernel of test/E2E/dot/dot-types.mlir (one warp,
16x8 f16 A times 8x16 f16 B plus a 16x16 f32 C, written back to C) on the
simulator for each target given, against an exact reference (small
integers). Usage: dot_f16_small.py BIN_DIR WORK KERNEL.mlir TARGET..."""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tools", "sim"))
from simlib import Toolchain, Buffer  # noqa: E402

BIN, WORK, KERNEL = sys.argv[1], sys.argv[2], sys.argv[3]
rng = random.Random(7)
A = [float(rng.randint(-8, 8)) for _ in range(16 * 8)]
B = [float(rng.randint(-8, 8)) for _ in range(8 * 16)]
C = [float(rng.randint(-64, 64)) for _ in range(16 * 16)]
expected = [C[m * 16 + n] + sum(A[m * 8 + k] * B[k * 16 + n] for k in range(8))
            for m in range(16) for n in range(16)]
for target in sys.argv[4:]:
    kernel = Toolchain(os.path.join(WORK, target), bin_dir=BIN).build(
        KERNEL, target=target)
    out, _ = kernel.launch(grid=(1, 1, 1), block=(32, 1, 1), args=[
        Buffer("a", struct.pack("<128e", *A)),
        Buffer("b", struct.pack("<128e", *B)),
        Buffer("c", struct.pack("<256f", *C))])
    got = struct.unpack("<256f", out["c"])
    bad = sum(g != e for g, e in zip(got, expected))
    print(f"{target}: {bad} of 256 wrong ({'PASS' if bad == 0 else 'FAIL'})")
