"""The kernels of a first-time user (test/E2E/newcomer): GELU with math.tanh,
RMSNorm, a rank-3 batched matmul, a data-dependent scf.while, a global f32
max with atomic_rmw max, and per-element f32 and f64 atomic max/min, each
compiled by tileiras for TARGET, run on the CPU simulator (tools/sim) and
compared with a reference computed here (Python standard library only). Inputs have
masked tails and, for the atomics, mixed signs, -0.0 and +0.0.

Usage: newcomer_cases.py BIN_DIR WORK_DIR TARGET
"""
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, *[".."] * 3)
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))
import simlib  # noqa: E402
from simlib import Buffer, Scalar  # noqa: E402

KERNELS = os.path.join(REPO, "test", "E2E", "newcomer")


def f32s(values):
    return struct.pack(f"<{len(values)}f", *values)


def i32s(values):
    return struct.pack(f"<{len(values)}i", *values)


def from_f32(data):
    return list(struct.unpack(f"<{len(data) // 4}f", data))


def from_i32(data):
    return list(struct.unpack(f"<{len(data) // 4}i", data))


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def round_f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def round_f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def close(got, want, rel, abs_):
    return abs(got - want) <= abs_ + rel * abs(want)


def check_close(name, got, want, rel=1e-5, abs_=1e-6):
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want))
           if not close(g, w, rel, abs_)]
    if len(got) != len(want) or bad:
        i, g, w = bad[0] if bad else (len(got), None, len(want))
        return f"{name}: {len(bad)} wrong, first at {i}: got {g}, want {w}"
    return None


def gelu(tc, rng):
    n = 3000  # three programs, the last one masked
    x = [rng.uniform(-6, 6) for _ in range(n)]
    x[:4] = [0.0, -0.0, 20.0, -20.0]
    x = [round_f32(v) for v in x]
    k = tc.build(os.path.join(KERNELS, "gelu.mlir"), target=TARGET)
    out, _ = k.launch((3, 1, 1), (128, 1, 1), [
        Buffer("x", f32s(x)), Buffer("y", f32s([0.0] * n)),
        Scalar("i32", n)], ctas_at_once=3)
    want = [0.5 * v * (1 + math.tanh(0.7978845608 * (v + 0.044715 * v ** 3)))
            for v in x]
    return check_close("gelu", from_f32(out["y"]), want, 1e-5, 1e-6)


def rmsnorm(tc, rng):
    m, n, stride, eps = 10, 200, 208, 1e-5
    x = [round_f32(rng.uniform(-3, 3)) for _ in range(m * stride)]
    w = [round_f32(rng.uniform(0.5, 1.5)) for _ in range(n)]
    k = tc.build(os.path.join(KERNELS, "rmsnorm.mlir"), target=TARGET)
    y0 = [7.0] * (m * stride)
    out, _ = k.launch((3, 1, 1), (128, 1, 1), [
        Buffer("x", f32s(x)), Buffer("w", f32s(w)), Buffer("y", f32s(y0)),
        Scalar("i32", m), Scalar("i32", n), Scalar("i32", stride),
        Scalar("f32", f32_bits(eps))], ctas_at_once=3)
    want = list(y0)
    for r in range(m):
        row = x[r * stride:r * stride + n]
        inv = 1 / math.sqrt(sum(v * v for v in row) / n + round_f32(eps))
        for c in range(n):
            want[r * stride + c] = row[c] * inv * w[c]
    return check_close("rmsnorm", from_f32(out["y"]), want, 2e-5, 1e-6)


def batched_matmul(tc, rng):
    batch, m, n, kk = 3, 40, 36, 40
    a = [round_f16(rng.uniform(-1, 1)) for _ in range(batch * m * kk)]
    b = [round_f16(rng.uniform(-1, 1)) for _ in range(batch * kk * n)]
    k = tc.build(os.path.join(KERNELS, "batched_matmul.mlir"), target=TARGET)
    pack16 = lambda v: struct.pack(f"<{len(v)}e", *v)
    out, _ = k.launch((2, 2, 2), (128, 1, 1), [
        Buffer("a", pack16(a)), Buffer("b", pack16(b)),
        Buffer("c", f32s([0.0] * (batch * m * n))),
        Scalar("i32", batch), Scalar("i32", m), Scalar("i32", n),
        Scalar("i32", kk)], ctas_at_once=4)
    want = []
    for bi in range(batch):
        for i in range(m):
            for j in range(n):
                want.append(sum(a[(bi * m + i) * kk + t] *
                                b[(bi * kk + t) * n + j] for t in range(kk)))
    return check_close("batched_matmul", from_f32(out["c"]), want, 1e-5, 1e-5)


def collatz_steps(v):
    steps = 0
    while v > 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        steps += 1
    return steps


def collatz_while(tc, rng):
    n = 300
    x = [rng.randint(1, 1000) for _ in range(n)]
    x[:3] = [1, 27, 97]  # 27 and 97 take over 100 steps
    k = tc.build(os.path.join(KERNELS, "collatz_while.mlir"), target=TARGET)
    out, _ = k.launch((2, 1, 1), (64, 1, 1), [
        Buffer("x", i32s(x)), Buffer("steps", i32s([-1] * n)),
        Scalar("i32", n)], ctas_at_once=2)
    got, want = from_i32(out["steps"]), [collatz_steps(v) for v in x]
    bad = [i for i in range(n) if got[i] != want[i]]
    if bad:
        return (f"collatz_while: {len(bad)} wrong, first at {bad[0]}: got "
                f"{got[bad[0]]}, want {want[bad[0]]}")
    return None


def global_max(tc, rng):
    k = tc.build(os.path.join(KERNELS, "global_max.mlir"), target=TARGET)
    for case, x in [
            ("mixed", [round_f32(rng.uniform(-100, 50)) for _ in range(2500)]),
            ("negative", [round_f32(rng.uniform(-100, -1))
                          for _ in range(2500)]),
            ("zeros", [-0.0] * 1200 + [-5.0] * 1300)]:
        out, _ = k.launch((3, 1, 1), (128, 1, 1), [
            Buffer("x", f32s(x)), Buffer("out", f32s([-math.inf])),
            Scalar("i32", len(x))], ctas_at_once=3)
        got, want = from_f32(out["out"])[0], max(x)
        if f32_bits(got) != f32_bits(want):
            return f"global_max ({case}): got {got!r}, want {want!r}"
    return None


def total_order_key(v):
    """IEEE 754 totalOrder on non-NaN floats: -0.0 below +0.0."""
    return (v, math.copysign(1, v))


def atomic_minmax_tile(tc, rng):
    n = 1500
    x = [round_f32(rng.uniform(-10, 10)) for _ in range(n)]
    for i in range(0, n, 7):
        x[i] = -x[i] if x[i] > 0 else x[i]
    # Slot 3: only zeros of both signs; slot 5: only negatives.
    for i in range(3, n, 16):
        x[i] = -0.0 if (i // 16) % 2 else 0.0
    for i in range(5, n, 16):
        x[i] = -abs(x[i]) - 1
    k = tc.build(os.path.join(KERNELS, "atomic_minmax_tile.mlir"),
                 target=TARGET)
    out, _ = k.launch((3, 1, 1), (128, 1, 1), [
        Buffer("x", f32s(x)), Buffer("max", f32s([-math.inf] * 16)),
        Buffer("min", f32s([math.inf] * 16)), Scalar("i32", n)],
        ctas_at_once=3)
    got_max, got_min = from_f32(out["max"]), from_f32(out["min"])
    for s in range(16):
        values = x[s::16]
        want_max = max(values, key=total_order_key)
        want_min = min(values, key=total_order_key)
        if f32_bits(got_max[s]) != f32_bits(want_max):
            return f"atomic max slot {s}: got {got_max[s]!r}, want {want_max!r}"
        if f32_bits(got_min[s]) != f32_bits(want_min):
            return f"atomic min slot {s}: got {got_min[s]!r}, want {want_min!r}"
    return None


def atomic_minmax_tile_f64(tc, rng):
    """The same kernel on f64 (atom.max.s64 / min.u64 ...), derived from
    atomic_minmax_tile.mlir by replacing the element type."""
    text = open(os.path.join(KERNELS, "atomic_minmax_tile.mlir")).read()
    text = "\n".join(line for line in text.splitlines()
                     if not line.startswith("// RUN") and
                     not line.startswith("// CHECK"))
    path = os.path.join(tc.work, "atomic_minmax_tile_f64.mlir")
    with open(path, "w") as f:
        f.write(text.replace("f32", "f64"))
    k = tc.build(path, target=TARGET)
    n = 1000
    x = [rng.uniform(-1e300, 1e300) * rng.choice([1, 1e-300]) for _ in range(n)]
    for i in range(3, n, 16):
        x[i] = -0.0 if (i // 16) % 2 else 0.0
    pack = lambda v: struct.pack(f"<{len(v)}d", *v)
    out, _ = k.launch((2, 1, 1), (128, 1, 1), [
        Buffer("x", pack(x)), Buffer("max", pack([-math.inf] * 16)),
        Buffer("min", pack([math.inf] * 16)), Scalar("i32", n)],
        ctas_at_once=2)
    got_max = struct.unpack("<16d", out["max"])
    got_min = struct.unpack("<16d", out["min"])
    bits = lambda v: struct.pack("<d", v)
    for s in range(16):
        values = x[s::16]
        want_max = max(values, key=total_order_key)
        want_min = min(values, key=total_order_key)
        if bits(got_max[s]) != bits(want_max) or \
                bits(got_min[s]) != bits(want_min):
            return (f"f64 slot {s}: got max {got_max[s]!r} min "
                    f"{got_min[s]!r}, want {want_max!r} {want_min!r}")
    return None


CASES = [gelu, rmsnorm, batched_matmul, collatz_while, global_max,
         atomic_minmax_tile, atomic_minmax_tile_f64]


def main():
    global TARGET
    bin_dir, work, TARGET = sys.argv[1:4]
    tc = simlib.Toolchain(os.path.join(work, TARGET), bin_dir=bin_dir)
    return simlib.run_cases(CASES, tc)


if __name__ == "__main__":
    sys.exit(main())
