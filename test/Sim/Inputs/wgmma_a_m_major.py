"""An f16 GEMM whose A is held transposed (K x M), on wgmma, on the CPU
simulator.

mma_gemm.py's kernel with A addressed as a + k * M + m: its 64 x 32 tiles
are contiguous along M. Without alignment promises A is stored into
wgmma's layout each step; with M, N and K promised multiples of 8 the
pipeliner copies it with cp.async into a column-major slot that wgmma
reads M-major (imm-trans-a 1). M = 72, N = 40, K = 72 (N and K not tile
multiples) against a Python reference. Prints PASS/FAIL per case.
"""
import argparse
import math
import os
import random
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mma_gemm  # noqa: E402
simlib = mma_gemm.simlib

EDITS = [
    ("%a_rows = arith.muli %am, %ks_a : tensor<64x32xi32>",
     "%a_rows = arith.muli %ak, %ms_a : tensor<64x32xi32>"),
    ("%a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>",
     "%a_offs = arith.addi %a_rows, %am : tensor<64x32xi32>"),
    ("%a_step = arith.constant dense<32> : tensor<64x32xi32>",
     "%m32 = arith.muli %m, %c32 : i32\n"
     "  %a_step = nv_tileaa.splat %m32 : i32 -> tensor<64x32xi32>"),
    ("%ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>",
     "%ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>\n"
     "  %ms_a = nv_tileaa.splat %m : i32 -> tensor<64x32xi32>"),
    ("  %ms_a = nv_tileaa.splat %m : i32 -> tensor<64x32xi32>\n"
     "  %a_row_ok", "  %a_row_ok"),
]
ASSUMES = "".join(
    "  %%%s = nv_tileaa.assume %%%s_arg {div_by = 8 : i64} : i32\n" % (v, v)
    for v in ("m", "n", "k"))


def kernel(aligned):
    text = mma_gemm.kernel("f16", "f16", "f32", False)
    for old, new in EDITS:
        if old not in text:
            raise SystemExit(f"mma_gemm.py's kernel changed: no {old!r}")
        text = text.replace(old, new, 1)
    if aligned:
        text = text.replace("%m: i32, %n: i32, %k: i32)",
                            "%m_arg: i32, %n_arg: i32, %k_arg: i32)")
        text = re.sub(r"(\{nv_tileaa.kernel_spec[^\n]*\n)",
                      lambda m: m.group(1) + ASSUMES, text, count=1)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_90a")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    rng = random.Random(2029)
    f16 = mma_gemm.TYPES["f16"]
    m, n, k = 72, 40, 72
    failed = 0
    for name, aligned in (("unaligned", False), ("pipelined", True)):
        source = os.path.join(args.work, name + ".mlir")
        with open(source, "w") as f:
            f.write(kernel(aligned))
        kern = tools.build(source, name=name, target=args.target)
        a = [f16.sample(rng) for _ in range(m * k)]  # M x K
        b = [f16.sample(rng) for _ in range(k * n)]
        a_store = [a[i * k + kk] for kk in range(k) for i in range(m)]
        buffers = [simlib.Buffer("a", b"".join(e for _, e in a_store)),
                   simlib.Buffer("b", b"".join(e for _, e in b)),
                   simlib.Buffer("c", b"\xff" * (4 * m * n)),
                   simlib.Scalar("i32", m), simlib.Scalar("i32", n),
                   simlib.Scalar("i32", k)]
        grid = (math.ceil(m / 64), math.ceil(n / 64), 1)
        out, _ = kern.launch(grid, (128, 1, 1), buffers, ctas_at_once=2)
        got = struct.unpack("<%df" % (m * n), out["c"])
        bad = 0
        for i in range(m):
            for j in range(n):
                products = [a[i * k + kk][0] * b[kk * n + j][0]
                            for kk in range(k)]
                tol = (k + 2) * 2.0**-24 * math.fsum(abs(p) for p in products)
                bad += abs(got[i * n + j] - math.fsum(products)) > tol
        print("%s: %s on %s" % ("FAIL" if bad else "PASS", name, args.target))
        failed += bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
