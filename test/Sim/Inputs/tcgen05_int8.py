"""kind::i8 tcgen05.mma GEMMs on the CPU simulator.

examples/matmul_fp8_tn.mlir (128 x 128 tiles of C, K steps of 64, 8
warps, B held N x K and addressed as K x N tiles with K contiguous) with
its FP8 operands turned into i8 and its f32 accumulator into i32, for
s8 x s8, u8 x u8 and s8 x u8 (the dot's signedness attributes): on the
sm_100a family the dot runs on tcgen05.mma kind::i8 (s32 D in tensor
memory). Each kernel runs at M = 150, N = 140, K = 208 (not tile
multiples; four K steps, the last partial) against exact products summed
modulo 2^32 here. Prints one PASS/FAIL line per case.
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

CASES = [("s8_s8", True, True), ("u8_u8", False, False),
         ("s8_u8", True, False)]


def kernel(signed_a, signed_b):
    with open(os.path.join(ROOT, "examples", "matmul_fp8_tn.mlir")) as f:
        text = f.read()
    edits = [("f8E4M3FN", "i8"), ("xf32>", "xi32>"), ("<f32>", "<i32>"),
             ("dense<0.0>", "dense<0>")]
    for old, new in edits:
        if old not in text:
            raise SystemExit(f"matmul_fp8_tn.mlir changed: no {old!r}")
        text = text.replace(old, new)
    attrs = ("{signedness_a = #nv_tileaa.signedness<%s>, signedness_b = "
             "#nv_tileaa.signedness<%s>} : tensor<128x64xi8>"
             % ("signed" if signed_a else "unsigned",
                "signed" if signed_b else "unsigned"))
    dot = "%sum : tensor<128x64xi8>"
    if text.count(dot) != 1:
        raise SystemExit("matmul_fp8_tn.mlir changed: the dot not found")
    return text.replace(dot, "%sum " + attrs)


def run(tools, name, signed_a, signed_b, target, m, n, k, rng):
    source = os.path.join(tools.work, name + ".mlir")
    with open(source, "w") as f:
        f.write(kernel(signed_a, signed_b))
    kern = tools.build(source, name=name, target=target)
    lo_a, hi_a = (-128, 127) if signed_a else (0, 255)
    lo_b, hi_b = (-128, 127) if signed_b else (0, 255)
    a = [rng.randint(lo_a, hi_a) for _ in range(m * k)]
    bt = [rng.randint(lo_b, hi_b) for _ in range(n * k)]  # N x K
    pack = lambda values: bytes(v & 0xFF for v in values)  # noqa: E731
    args = [simlib.Buffer("a", pack(a)), simlib.Buffer("b", pack(bt)),
            simlib.Buffer("c", b"\xff" * (4 * m * n)),
            simlib.Scalar("i32", m), simlib.Scalar("i32", n),
            simlib.Scalar("i32", k), simlib.Scalar("i32", k),
            simlib.Scalar("i32", k), simlib.Scalar("i32", n)]
    grid = (math.ceil(m / 128), math.ceil(n / 128), 1)
    out, _ = kern.launch(grid, (256, 1, 1), args, ctas_at_once=2)
    got = struct.unpack("<%di" % (m * n), out["c"])
    bad = 0
    for i in range(m):
        row = a[i * k:(i + 1) * k]
        for j in range(n):
            total = sum(x * y for x, y in zip(row, bt[j * k:(j + 1) * k]))
            want = (total + 2**31) % 2**32 - 2**31
            if got[i * n + j] != want:
                if bad < 5:
                    print("  %s: C[%d][%d] = %d, expected %d"
                          % (name, i, j, got[i * n + j], want))
                bad += 1
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_100a")
    parser.add_argument("--emit-mlir", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.emit_mlir:
        for name, sa, sb in CASES:
            with open(os.path.join(args.work, name + ".mlir"), "w") as f:
                f.write(kernel(sa, sb))
        return 0
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    rng = random.Random(2028)
    failed = 0
    for name, sa, sb in CASES:
        bad = run(tools, name, sa, sb, args.target, 150, 140, 208, rng)
        print("%s: %s on %s" % ("FAIL" if bad else "PASS", name, args.target))
        failed += bool(bad)
    print("%d passed, %d failed" % (len(CASES) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
