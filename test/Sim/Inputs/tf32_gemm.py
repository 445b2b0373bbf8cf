"""tf32 GEMMs on wgmma (sm_90a) and tcgen05.mma kind::tf32 (sm_100a) on
the CPU simulator.

examples/matmul.mlir (128 x 128 tiles of C, K steps of 32, 8 warps, 3
stages) with f32 inputs rounded to tf32 (nv_tileaa.fp_to_fp, round to
nearest with ties away) before the dot: the loads are pipelined through
cp.async, and tileaa-warpgroup-dots stores the rounded tiles K-major into
shared memory each step for the instruction to read. The inputs are
random f32 values with all 23 mantissa bits, so a dot that read them
unrounded (the emulation ignores the low 13 bits, i.e. truncates) or
rounded them some other way is off by about 2^-11 of each product, far
above the tolerance. Runs at M = 150, N = 136, K = 72 (not tile
multiples; the last K step partial) against a reference computed here
from the rounded values. Prints one PASS/FAIL line per target.
"""
import argparse
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))
import simlib  # noqa: E402


def kernel():
    with open(os.path.join(ROOT, "examples", "matmul.mlir")) as f:
        text = f.read()
    dot = ("%next = nv_tileaa.dot %a_tile, %b_tile, %sum : "
           "tensor<128x32xf16>, tensor<32x128xf16>")
    if text.count(dot) != 1 or "ptr<f16>" not in text:
        raise SystemExit("matmul.mlir changed: the f16 dot not found")
    rounded = (
        "%a_t = nv_tileaa.fp_to_fp %a_tile : tensor<128x32xf32> -> "
        "tensor<128x32xtf32>\n"
        "    %b_t = nv_tileaa.fp_to_fp %b_tile : tensor<32x128xf32> -> "
        "tensor<32x128xtf32>\n"
        "    %next = nv_tileaa.dot %a_t, %b_t, %sum : tensor<128x32xtf32>, "
        "tensor<32x128xtf32>")
    text = text.replace(dot, rounded)
    return text.replace("f16>", "f32>")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def tf32(x):
    """x (an f32) rounded to tf32: nearest, ties away from zero."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits = (bits + 0x1000) & 0xFFFFE000
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def run(tools, kern, target, m, n, k, rng):
    a = [f32(rng.uniform(-2, 2)) for _ in range(m * k)]
    b = [f32(rng.uniform(-2, 2)) for _ in range(k * n)]
    pack = lambda values: struct.pack("<%df" % len(values), *values)  # noqa
    args = [simlib.Buffer("a", pack(a)), simlib.Buffer("b", pack(b)),
            simlib.Buffer("c", b"\xff" * (4 * m * n)),
            simlib.Scalar("i32", m), simlib.Scalar("i32", n),
            simlib.Scalar("i32", k), simlib.Scalar("i32", k),
            simlib.Scalar("i32", n), simlib.Scalar("i32", n)]
    grid = (math.ceil(m / 128), math.ceil(n / 128), 1)
    out, _ = kern.launch(grid, (256, 1, 1), args, ctas_at_once=2)
    got = struct.unpack("<%df" % (m * n), out["c"])
    ra, rb = [tf32(x) for x in a], [tf32(x) for x in b]
    bad = 0
    for i in range(m):
        for j in range(n):
            products = [ra[i * k + kk] * rb[kk * n + j] for kk in range(k)]
            want = math.fsum(products)
            tol = (k + 2) * 2.0**-24 * math.fsum(abs(p) for p in products)
            if not abs(got[i * n + j] - want) <= tol:
                if bad < 5:
                    print("  C[%d][%d] = %r, expected %r"
                          % (i, j, got[i * n + j], want))
                bad += 1
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--targets", default="sm_90a,sm_100a")
    parser.add_argument("--emit-mlir", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    source = os.path.join(args.work, "matmul_tf32.mlir")
    with open(source, "w") as f:
        f.write(kernel())
    if args.emit_mlir:
        return 0
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    rng = random.Random(2029)
    failed = 0
    targets = args.targets.split(",")
    for target in targets:
        kern = tools.build(source, name="matmul_tf32_" + target, target=target)
        bad = run(tools, kern, target, 150, 136, 72, rng)
        print("%s: matmul_tf32 on %s" % ("FAIL" if bad else "PASS", target))
        failed += bool(bad)
    print("%d passed, %d failed" % (len(targets) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
