"""Every math op that docs/language.md lists, on f32 and f64 tiles, compiled
by tileiras (libdevice inlined), run on the CPU simulator and compared with
Python's math module. One kernel per float type: four input tiles (x in
(0, 1), xm = x - 0.5 with both signs, x1 = x + 1, x10 in (-5, 5) with
halves), one output row per op.

Usage: math_cases.py BIN_DIR WORK_DIR TARGET
"""
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, *[".."] * 3, "tools", "sim"))
import simlib  # noqa: E402
from simlib import Buffer, Scalar  # noqa: E402

N = 128
BIG = {}  # x -> the large argument of the same lane


def round_away(v):
    return math.copysign(math.floor(abs(v) + 0.5), v)


def erfc(v):
    return math.erfc(v)


# name, MLIR (T is the float type, %x %xm %x1 %x10 the inputs), reference.
# The order is the order of docs/language.md's table.
FLOAT_OPS = [
    ("absf", "math.absf %xm", lambda x, xm, x1, x10: abs(xm)),
    ("acos", "math.acos %xm", lambda x, xm, x1, x10: math.acos(xm)),
    ("acosh", "math.acosh %x1", lambda x, xm, x1, x10: math.acosh(x1)),
    ("asin", "math.asin %xm", lambda x, xm, x1, x10: math.asin(xm)),
    ("asinh", "math.asinh %xm", lambda x, xm, x1, x10: math.asinh(xm)),
    ("atan", "math.atan %xm", lambda x, xm, x1, x10: math.atan(xm)),
    ("atan2", "math.atan2 %xm, %x", lambda x, xm, x1, x10: math.atan2(xm, x)),
    ("atanh", "math.atanh %xm", lambda x, xm, x1, x10: math.atanh(xm)),
    ("cbrt", "math.cbrt %xm",
     lambda x, xm, x1, x10: math.copysign(abs(xm) ** (1 / 3), xm)),
    ("ceil", "math.ceil %x10", lambda x, xm, x1, x10: float(math.ceil(x10))),
    ("copysign", "math.copysign %x, %xm",
     lambda x, xm, x1, x10: math.copysign(x, xm)),
    ("cos", "math.cos %x10", lambda x, xm, x1, x10: math.cos(x10)),
    ("cosh", "math.cosh %x10", lambda x, xm, x1, x10: math.cosh(x10)),
    ("erf", "math.erf %x10", lambda x, xm, x1, x10: math.erf(x10)),
    ("erfc", "math.erfc %x10", lambda x, xm, x1, x10: erfc(x10)),
    ("exp", "math.exp %x10", lambda x, xm, x1, x10: math.exp(x10)),
    ("exp2", "math.exp2 %x10", lambda x, xm, x1, x10: 2.0 ** x10),
    ("expm1", "math.expm1 %xm", lambda x, xm, x1, x10: math.expm1(xm)),
    ("floor", "math.floor %x10", lambda x, xm, x1, x10: float(math.floor(x10))),
    ("fma", "math.fma %x, %xm, %x1", lambda x, xm, x1, x10: x * xm + x1),
    ("log", "math.log %x", lambda x, xm, x1, x10: math.log(x)),
    ("log10", "math.log10 %x", lambda x, xm, x1, x10: math.log10(x)),
    ("log1p", "math.log1p %xm", lambda x, xm, x1, x10: math.log1p(xm)),
    ("log2", "math.log2 %x", lambda x, xm, x1, x10: math.log2(x)),
    ("powf", "math.powf %x, %x10", lambda x, xm, x1, x10: x ** x10),
    ("round", "math.round %x10", lambda x, xm, x1, x10: round_away(x10)),
    ("roundeven", "math.roundeven %x10",
     lambda x, xm, x1, x10: float(round(x10))),
    ("rsqrt", "math.rsqrt %x", lambda x, xm, x1, x10: 1 / math.sqrt(x)),
    ("sin", "math.sin %x10", lambda x, xm, x1, x10: math.sin(x10)),
    ("sinh", "math.sinh %x10", lambda x, xm, x1, x10: math.sinh(x10)),
    # Large arguments take libdevice's slow argument reduction (its 128-bit
    # integer inline PTX).
    ("sin_big", "math.sin %xbig", lambda x, xm, x1, x10: math.sin(BIG[x])),
    ("cos_big", "math.cos %xbig", lambda x, xm, x1, x10: math.cos(BIG[x])),
    ("sqrt", "math.sqrt %x", lambda x, xm, x1, x10: math.sqrt(x)),
    ("tan", "math.tan %xm", lambda x, xm, x1, x10: math.tan(xm)),
    ("tanh", "math.tanh %x10", lambda x, xm, x1, x10: math.tanh(x10)),
    ("trunc", "math.trunc %x10", lambda x, xm, x1, x10: float(math.trunc(x10))),
]
# fpowi: x10 to the integer power 3 (an i32 tile).
FLOAT_OPS.append(("fpowi", "math.fpowi %x10, %three : TILE, tensor<128xi32>",
                  lambda x, xm, x1, x10: x10 ** 3))
# Integer ops on trunc(x10) (arith.fptosi), converted back with sitofp.
INT_OPS = [
    ("absi", "math.absi %ix", abs),
    ("ctlz", "math.ctlz %ix", lambda v: 32 - (v & 0xffffffff).bit_length()),
    ("cttz", "math.cttz %ix",
     lambda v: 32 if v == 0 else ((v & -v) & 0xffffffff).bit_length() - 1),
    ("ctpop", "math.ctpop %ix", lambda v: bin(v & 0xffffffff).count("1")),
]
# Predicates: their i1 result is stored as 0.0 / 1.0.
PREDICATES = [
    ("isnan", "math.isnan %xinf", lambda v: math.isnan(v)),
    ("isinf", "math.isinf %xinf", lambda v: math.isinf(v)),
    ("isfinite", "math.isfinite %xinf", lambda v: math.isfinite(v)),
]


def kernel_text(t):
    shape = f"tensor<{N}x{t}>"
    ptrs = f"tensor<{N}x!nv_tileaa.ptr<{t}>>"
    lines = [
        f"nv_tileaa.func @math_{t}(%in: !nv_tileaa.ptr<{t}>, "
        f"%out: !nv_tileaa.ptr<{t}>)",
        "    attributes {nv_tileaa.kernel_spec = "
        "#nv_tileaa.kernel_spec<numWarps = 4>} {",
        f"  %r = nv_tileaa.make_range {{start = 0 : i32, end = {N} : i32}} "
        f": tensor<{N}xi32>",
        f"  %base = nv_tileaa.splat %in : !nv_tileaa.ptr<{t}> -> {ptrs}",
        f"  %obase = nv_tileaa.splat %out : !nv_tileaa.ptr<{t}> -> {ptrs}",
        f"  %one = arith.constant dense<1.0> : {shape}",
        f"  %zero = arith.constant dense<0.0> : {shape}",
        f"  %three = arith.constant dense<3> : tensor<{N}xi32>",
    ]
    for i, name in enumerate(["x", "xm", "x1", "x10", "xinf", "xbig"]):
        lines += [
            f"  %o_{name} = arith.constant dense<{i * N}> : tensor<{N}xi32>",
            f"  %i_{name} = arith.addi %r, %o_{name} : tensor<{N}xi32>",
            f"  %p_{name} = nv_tileaa.addptr %base, %i_{name} : {ptrs}, "
            f"tensor<{N}xi32>",
            f"  %{name} = nv_tileaa.load %p_{name} : {ptrs} -> {shape}"]
    lines.append(f"  %ix = arith.fptosi %x10 : {shape} to tensor<{N}xi32>")
    rows = FLOAT_OPS + PREDICATES + INT_OPS
    for k, (name, expr, _) in enumerate(rows):
        expr = expr.replace("TILE", shape)
        if (name, expr) in [(p[0], p[1]) for p in INT_OPS]:
            lines += [f"  %n{k} = {expr} : tensor<{N}xi32>",
                      f"  %v{k} = arith.sitofp %n{k} : tensor<{N}xi32> to "
                      f"{shape}"]
        elif (name, expr) in [(p[0], p[1]) for p in PREDICATES]:
            lines += [f"  %b{k} = {expr} : {shape}",
                      f"  %v{k} = arith.select %b{k}, %one, %zero : "
                      f"tensor<{N}xi1>, {shape}"]
        else:
            lines.append(f"  %v{k} = {expr}" +
                         ("" if " : " in expr else f" : {shape}"))
        lines += [
            f"  %q{k} = arith.constant dense<{k * N}> : tensor<{N}xi32>",
            f"  %j{k} = arith.addi %r, %q{k} : tensor<{N}xi32>",
            f"  %w{k} = nv_tileaa.addptr %obase, %j{k} : {ptrs}, "
            f"tensor<{N}xi32>",
            f"  nv_tileaa.store %w{k}, %v{k} : {ptrs}, {shape}"]
    lines += ["  nv_tileaa.return", "}"]
    return "\n".join(lines) + "\n"


def run(tc, work, t, rng):
    fmt, size = ("f", 4) if t == "f32" else ("d", 8)
    rnd = (lambda v: struct.unpack("<f", struct.pack("<f", v))[0]) \
        if t == "f32" else (lambda v: v)
    x = [rnd(rng.uniform(0.05, 0.95)) for _ in range(N)]
    xm = [rnd(v - 0.5) for v in x]
    x1 = [rnd(v + 1) for v in x]
    x10 = [rnd(rng.uniform(-5, 5)) for _ in range(N)]
    x10[:6] = [-2.5, -0.5, 0.5, 1.5, 2.5, -0.0]
    xinf = [[1.0, math.inf, -math.inf, math.nan][i % 4] for i in range(N)]
    xbig = [rnd(rng.choice([1, -1]) * 10 ** rng.uniform(3, 30))
            for _ in range(N)]
    BIG.clear()
    BIG.update(zip(x, xbig))
    path = os.path.join(work, f"math_{t}.mlir")
    open(path, "w").write(kernel_text(t))
    k = tc.build(path, target=TARGET)
    rows = FLOAT_OPS + PREDICATES + INT_OPS
    data = struct.pack(f"<{6 * N}{fmt}", *(x + xm + x1 + x10 + xinf + xbig))
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("in", data), Buffer("out", bytes(len(rows) * N * size))])
    got = struct.unpack(f"<{len(rows) * N}{fmt}", out["out"])
    # libdevice is within a few ulp (f32: 2^-23 ~ 1.2e-7, f64: 2^-52).
    rel = 8e-7 if t == "f32" else 1e-14
    abs_ = 1e-7 if t == "f32" else 1e-15
    failures = []
    for k_, (name, _, ref) in enumerate(rows):
        for i in range(N):
            if k_ < len(FLOAT_OPS):
                want = ref(x[i], xm[i], x1[i], x10[i])
            elif k_ < len(FLOAT_OPS) + len(PREDICATES):
                want = 1.0 if ref(xinf[i]) else 0.0
            else:
                want = float(ref(int(x10[i])))
            g = got[k_ * N + i]
            if not abs(g - want) <= abs_ + rel * abs(want):
                failures.append(f"{t} {name}: element {i} got {g!r}, want "
                                f"{want!r}")
                break
    return failures


def main():
    global TARGET
    bin_dir, work, TARGET = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    tc = simlib.Toolchain(work, bin_dir=bin_dir)
    failures = []
    for t in ("f32", "f64"):
        try:
            failures += run(tc, work, t, random.Random(t))
        except simlib.SimError as e:
            failures.append(f"{t}: {e}")
    for f in failures:
        print("FAIL: " + f)
    count = len(FLOAT_OPS) + len(PREDICATES) + len(INT_OPS)
    print(f"{count} math ops on f32 and f64: "
          + ("all match" if not failures else f"{len(failures)} wrong"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
