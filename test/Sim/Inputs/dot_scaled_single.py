"""One dot_scaled of the smallest tile (16 x 8 x 32, one instruction;
4 warps, so 3 of them replicate it), e4m3 x e5m2 with per-row and
per-column scales, on the simulator for each target given, against an
exact reference. Usage: dot_scaled_single.py BIN_DIR WORK TARGET..."""
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tools", "sim"))
from simlib import Toolchain, Buffer  # noqa: E402

KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "dot_scaled_single.mlir")
BIN, WORK = sys.argv[1], sys.argv[2]
def fp8(c, e4):
    s = -1 if c & 0x80 else 1
    if e4:
        e = (c >> 3) & 15; m = c & 7
        return s * (m * 2.0**-9 if e == 0 else (1 + m/8) * 2.0**(e-7))
    e = (c >> 2) & 31; m = c & 3
    return s * (m * 2.0**-16 if e == 0 else (1 + m/4) * 2.0**(e-15))
rng = random.Random(3)
A = [rng.choice([c for c in range(256) if abs(fp8(c, True)) <= 4 and (c&0x7f)!=0x7f]) for _ in range(16*32)]
B = [rng.choice([c for c in range(256) if ((c>>2)&31) != 31 and abs(fp8(c, False)) <= 4]) for _ in range(32*8)]
SA = [rng.randint(120, 134) for _ in range(16)]
SB = [rng.randint(120, 134) for _ in range(8)]
for t in sys.argv[3:]:
    k = Toolchain(os.path.join(WORK, t), bin_dir=BIN).build(KERNEL, target=t)
    out, _ = k.launch(grid=(1,1,1), block=(128,1,1), args=[Buffer("a", bytes(A)), Buffer("sa", bytes(SA)), Buffer("b", bytes(B)), Buffer("sb", bytes(SB)), Buffer("c", bytes(4*128))])
    C = struct.unpack("<128f", out["c"])
    bad = 0
    for m in range(16):
        for n in range(8):
            ts = [fp8(A[m*32+kk], True)*2.0**(SA[m]-127)*fp8(B[kk*8+n], False)*2.0**(SB[n]-127) for kk in range(32)]
            ref = math.fsum(ts); tol = 34*2.0**-13*math.fsum(abs(x) for x in ts)
            bad += not abs(C[m*8+n]-ref) <= tol
    print(f"{t}: {bad} of 128 wrong ({'PASS' if bad == 0 else 'FAIL'})")
