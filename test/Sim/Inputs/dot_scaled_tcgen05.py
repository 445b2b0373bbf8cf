"""One dot_scaled of 128 x 256 x 64 (dot_scaled_tcgen05.mlir) on the
simulator for each target given, against an exact reference: e4m3 A, e5m2
B, a different scale for every row of A and column of B in each of the 8
K blocks (neighbours differ, so a scale read from the wrong row, column,
block or byte gives wrong elements).

    dot_scaled_tcgen05.py BIN_DIR WORK TARGET...
"""
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tools", "sim"))
from simlib import Toolchain, Buffer  # noqa: E402

M, K, N, BLOCK = 128, 256, 64, 32
S = K // BLOCK


def fp8(code, e4m3):
    sign = -1 if code & 0x80 else 1
    if e4m3:
        e, m = (code >> 3) & 15, code & 7
        return sign * (m * 2.0**-9 if e == 0 else (1 + m / 8) * 2.0**(e - 7))
    e, m = (code >> 2) & 31, code & 3
    return sign * (m * 2.0**-16 if e == 0 else (1 + m / 4) * 2.0**(e - 15))


def scales(rng, rows, cols):
    """rows x cols exponents in 120..134, each unlike its left and upper
    neighbours."""
    out = []
    for r in range(rows):
        for c in range(cols):
            avoid = {out[-1] if c else None, out[-cols] if r else None}
            out.append(rng.choice([e for e in range(120, 135)
                                   if e not in avoid]))
    return out


def main():
    bin_dir, work = sys.argv[1], sys.argv[2]
    rng = random.Random(7)
    a = [rng.choice([c for c in range(256) if (c & 0x7f) != 0x7f and
                     abs(fp8(c, True)) <= 4]) for _ in range(M * K)]
    b = [rng.choice([c for c in range(256) if ((c >> 2) & 31) != 31 and
                     abs(fp8(c, False)) <= 4]) for _ in range(K * N)]
    sa, sb = scales(rng, M, S), scales(rng, S, N)
    # Scaled products are exact in double (3-bit significands, powers of
    # two); the tolerance allows the tensor core's f32 sum.
    rows = [[fp8(a[m * K + k], True) * 2.0**(sa[m * S + k // BLOCK] - 127)
             for k in range(K)] for m in range(M)]
    cols = [[fp8(b[k * N + n], False) * 2.0**(sb[k // BLOCK * N + n] - 127)
             for k in range(K)] for n in range(N)]
    for target in sys.argv[3:]:
        kernel = Toolchain(os.path.join(work, target), bin_dir=bin_dir).build(
            os.path.join(HERE, "dot_scaled_tcgen05.mlir"), target=target)
        out, _ = kernel.launch(
            grid=(1, 1, 1), block=(128, 1, 1),
            args=[Buffer("a", bytes(a)), Buffer("sa", bytes(sa)),
                  Buffer("b", bytes(b)), Buffer("sb", bytes(sb)),
                  Buffer("c", bytes(4 * M * N))])
        c = struct.unpack(f"<{M * N}f", out["c"])
        wrong = 0
        for m in range(M):
            for n in range(N):
                terms = [x * y for x, y in zip(rows[m], cols[n])]
                ref = math.fsum(terms)
                tol = (K + 2) * 2.0**-23 * math.fsum(abs(t) for t in terms)
                wrong += not abs(c[m * N + n] - ref) <= tol
        print(f"{target}: {wrong} of {M * N} wrong "
              f"({'PASS' if wrong == 0 else 'FAIL'})")


if __name__ == "__main__":
    main()
