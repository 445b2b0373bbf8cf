"""Every operation and dtype of the language run on the CPU simulator and
checked against NumPy (test_language.py compiles them to PTX; this runs
them): elementwise math, creation and the grid, custom reductions and
scans, shapes, atomics, loads with cache hints, dot with its input kinds
and precisions, and loads, arithmetic, conversions and stores of every
dtype (bfloat16 and the float8 kinds, which NumPy lacks, through their
bits).

    TILEIRAS_LIBRARY_PATH=build/lib TILEIRAS_BACKEND=sim /usr/bin/python3 \
        -m unittest discover -s python/tests -p 'test_sim_ops.py'
"""
import os
import pathlib
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())
os.environ["TILEIRAS_BACKEND"] = "sim"

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


@tileiras.jit
def math_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0, cache_modifier=".cg",
                eviction_policy="evict_first")
    y = tl.load(y_ptr + offs, mask=mask, other=1.0, cache_modifier=".ca",
                eviction_policy="evict_last")
    results = (tl.exp(y), tl.exp2(y), tl.log(x), tl.log2(x), tl.sqrt(x),
               tl.rsqrt(x), tl.abs(y), tl.maximum(x, y), tl.minimum(x, y),
               tl.fma(x, y, 0.5), tl.where(x > y, x, -y), x.to(tl.int32))
    for k in tl.static_range(len(results)):
        tl.store(out_ptr + k * BLOCK + offs, results[k], mask=mask,
                 cache_modifier=".cs", eviction_policy="evict_normal")


@tileiras.jit(num_warps=1)
def grid_kernel(out_ptr, BLOCK: tl.constexpr):
    x, y, z = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    nx, ny, nz = tl.num_programs(0), tl.num_programs(1), tl.num_programs(2)
    pid = (z * ny + y) * nx + x
    offs = tl.arange(0, BLOCK)
    row = tl.full((BLOCK,), 7, tl.int32) + tl.zeros((BLOCK,), tl.int32) + \
        tl.full((BLOCK,), pid, tl.int32) * 100 + offs
    tl.store(out_ptr + pid * BLOCK + offs, row)
    tl.store(out_ptr + nx * ny * nz * BLOCK + pid, nx * 100 + ny * 10 + nz)


@tileiras.jit
def max_with_index(a, b):
    return tl.maximum(a, b)


@tileiras.jit
def multiply(a, b):
    return a * b


@tileiras.jit
def scan_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    base = out_ptr + rows[:, None] * N + cols[None, :]
    tl.store(base, tl.associative_scan(x, 1, max_with_index))
    tl.store(base + M * N, tl.cumsum(x, axis=1, reverse=True))
    tl.store(base + 2 * M * N, tl.associative_scan(x, 0, multiply))
    red = out_ptr + 3 * M * N
    tl.store(red + rows, tl.reduce(x, 1, multiply))
    tl.store(red + M + rows, tl.min(x, axis=1))
    tl.store(red + 2 * M + cols, tl.max(x, axis=0))
    tl.store(red + 2 * M + N + cols, tl.argmin(x, axis=0).to(tl.float32))


@tileiras.jit
def shape_kernel(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr,
                 C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)           # A x B x C
    p = tl.permute(x, (2, 0, 1))                          # C x A x B
    flat = tl.reshape(p, (C * A * B,))
    tl.store(out_ptr + tl.arange(0, C * A * B), flat)
    col = tl.expand_dims(tl.sum(tl.sum(x, axis=2), axis=1), 1)   # A x 1
    wide = tl.broadcast_to(col, (A, B))
    tl.store(out_ptr + A * B * C + tl.arange(0, A)[:, None] * B +
             tl.arange(0, B)[None, :], wide)


@tileiras.jit
def atomic_kernel(i_ptr, f_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(i_ptr + 8 + offs, mask=mask, other=0)
    tl.atomic_max(i_ptr + 0 + offs * 0, v, mask=mask)
    tl.atomic_min(i_ptr + 1 + offs * 0, v, mask=mask)
    tl.atomic_or(i_ptr + 2 + offs * 0, 1 << (v & 31), mask=mask)
    tl.atomic_and(i_ptr + 3 + offs * 0, ~(1 << (v & 31)), mask=mask)
    tl.atomic_xor(i_ptr + 4 + offs * 0, v, mask=mask)
    tl.atomic_add(f_ptr + offs * 0, v.to(tl.float32) * 0.5, mask=mask)
    # every element of the first program swaps once; the first cas from
    # 0 wins the slot (one winner however they interleave).
    if tl.program_id(0) == 0:
        old = tl.atomic_xchg(i_ptr + 5 + offs * 0, offs + 1)
        tl.store(old_ptr + offs, old)
        won = tl.atomic_cas(i_ptr + 6 + offs * 0, 0, offs + 1)
        tl.store(old_ptr + BLOCK + offs, won)


@tileiras.jit
def dot_kinds(a_ptr, b_ptr, c_ptr, PRECISION: tl.constexpr,
              M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :],
             tl.dot(a, b, input_precision=PRECISION))


@tileiras.jit
def dot_bits(a_bits, b_bits, c_ptr, A_TY: tl.constexpr, B_TY: tl.constexpr,
             M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    """bfloat16 and float8 operands arrive as their bits (NumPy has
    neither)."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_bits + rm[:, None] * K + rk[None, :]).to(A_TY, bitcast=True)
    b = tl.load(b_bits + rk[:, None] * N + rn[None, :]).to(B_TY, bitcast=True)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@tileiras.jit
def int_dtypes(i8, i16, i32, i64, u8, out_i8, out_i16, out_i32, out_i64,
               out_u8, flags, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(i8 + offs)
    b = tl.load(i16 + offs)
    c = tl.load(i32 + offs)
    d = tl.load(i64 + offs)
    u = tl.load(u8 + offs)
    # wrapping arithmetic in the element type; signed and unsigned
    # division, shifts and comparisons.
    tl.store(out_i8 + offs, a * 3 + 7)
    tl.store(out_i16 + offs, b * 5 - (b // 7))
    tl.store(out_i32 + offs, c * 11 + (c >> 2) - c % 9)
    tl.store(out_i64 + offs, d * 3 + (d >> 33))
    tl.store(out_u8 + offs, u // 3 + (u >> 1))
    tl.store(flags + offs, (u > 200).to(tl.int32) + 2 * (a < 0).to(tl.int32) +
             4 * (u.to(tl.int32) + a.to(tl.int32) > 0).to(tl.int32))


@tileiras.jit
def float_dtypes(f16, f32, f64, bf16_bits, f8a_bits, f8b_bits, out_f16,
                 out_f64, out_f32, out_bf16_bits, out_f8a_bits, out_f8b_bits,
                 BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    h = tl.load(f16 + offs)
    s = tl.load(f32 + offs)
    d = tl.load(f64 + offs)
    tl.store(out_f16 + offs, h * 2.0 + 1.0)
    tl.store(out_f64 + offs, d * d + s.to(tl.float64))
    # bfloat16 and float8 values arrive as their bits.
    bf = tl.load(bf16_bits + offs).to(tl.bfloat16, bitcast=True)
    fa = tl.load(f8a_bits + offs).to(tl.float8e4m3fn, bitcast=True)
    fb = tl.load(f8b_bits + offs).to(tl.float8e5m2, bitcast=True)
    tl.store(out_f32 + offs, bf.to(tl.float32))
    tl.store(out_f32 + BLOCK + offs, fa.to(tl.float32))
    tl.store(out_f32 + 2 * BLOCK + offs, fb.to(tl.float32))
    tl.store(out_bf16_bits + offs, s.to(tl.bfloat16).to(tl.uint16,
                                                        bitcast=True))
    tl.store(out_f8a_bits + offs, s.to(tl.float8e4m3fn).to(tl.uint8,
                                                           bitcast=True))
    tl.store(out_f8b_bits + offs, s.to(tl.float8e5m2).to(tl.uint8,
                                                         bitcast=True))


def f8_value(bits, exp_bits, man_bits, bias, e4m3fn):
    sign = -1.0 if bits & 0x80 else 1.0
    e = (bits >> man_bits) & ((1 << exp_bits) - 1)
    m = bits & ((1 << man_bits) - 1)
    top = (1 << exp_bits) - 1
    if e4m3fn and e == top and m == (1 << man_bits) - 1:
        return float("nan")
    if not e4m3fn and e == top:
        return sign * float("inf") if m == 0 else float("nan")
    if e == 0:
        return sign * m / (1 << man_bits) * 2.0 ** (1 - bias)
    return sign * (1 + m / (1 << man_bits)) * 2.0 ** (e - bias)


E4M3 = np.array([f8_value(b, 4, 3, 7, True) for b in range(256)])
E5M2 = np.array([f8_value(b, 5, 2, 15, False) for b in range(256)])


def nearest_f8(values, table):
    """Round to nearest, ties to the even code, saturating to the largest
    finite value (NVIDIA's .satfinite conversion)."""
    out = []
    for x in values:
        sign = 0x80 if np.signbit(x) else 0
        finite = [(v, b) for b, v in enumerate(table)
                  if np.isfinite(v) and b & 0x80 == sign]
        best = min(finite, key=lambda vb: (abs(vb[0] - x), vb[1] & 1))
        out.append(best[1])
    return np.array(out, np.uint8)


def bf16_bits(x):
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


class OpsTest(unittest.TestCase):
    def test_math(self):
        n, block = 50, 64
        rng = np.random.default_rng(20)
        x = rng.uniform(0.1, 4.0, n).astype(np.float32)
        y = rng.uniform(-3.0, 3.0, n).astype(np.float32)
        out = np.zeros((12, block), np.float32)
        math_kernel[(1,)](x, y, out, n, BLOCK=block)
        want = [np.exp(y), np.exp2(y), np.log(x), np.log2(x), np.sqrt(x),
                1 / np.sqrt(x), np.abs(y), np.maximum(x, y),
                np.minimum(x, y), x * y + 0.5, np.where(x > y, x, -y),
                x.astype(np.int32)]
        for k, w in enumerate(want):
            np.testing.assert_allclose(out[k, :n], w, rtol=2e-6, atol=1e-6,
                                       err_msg="result %d" % k)
        self.assertTrue((out[:, n:] == 0).all())  # masked stores

    def test_grid_and_creation(self):
        grid, block = (2, 3, 2), 4
        count = 12
        out = np.zeros(count * block + count, np.int32)
        grid_kernel[grid](out, BLOCK=block)
        pids = np.arange(count)
        want = 7 + pids[:, None] * 100 + np.arange(block)[None, :]
        np.testing.assert_array_equal(out[:count * block].reshape(count, -1),
                                      want)
        np.testing.assert_array_equal(out[count * block:], [232] * count)

    def test_scans_and_reductions(self):
        m, n = 4, 8
        x = np.random.default_rng(21).uniform(0.5, 1.5, (m, n)).astype(
            np.float32)
        out = np.zeros(3 * m * n + 2 * m + 2 * n, np.float32)
        scan_kernel[(1,)](x, out, M=m, N=n)
        np.testing.assert_array_equal(out[:m * n].reshape(m, n),
                                      np.maximum.accumulate(x, axis=1))
        np.testing.assert_allclose(
            out[m * n:2 * m * n].reshape(m, n),
            np.cumsum(x[:, ::-1], axis=1)[:, ::-1], rtol=1e-6)
        np.testing.assert_allclose(out[2 * m * n:3 * m * n].reshape(m, n),
                                   np.cumprod(x, axis=0), rtol=1e-5)
        red = out[3 * m * n:]
        np.testing.assert_allclose(red[:m], np.prod(x, axis=1), rtol=1e-5)
        np.testing.assert_array_equal(red[m:2 * m], x.min(axis=1))
        np.testing.assert_array_equal(red[2 * m:2 * m + n], x.max(axis=0))
        np.testing.assert_array_equal(red[2 * m + n:], x.argmin(axis=0))

    def test_shapes(self):
        a, b, c = 2, 4, 8
        x = np.arange(a * b * c, dtype=np.float32).reshape(a, b, c)
        out = np.zeros(a * b * c + a * b, np.float32)
        shape_kernel[(1,)](x, out, A=a, B=b, C=c)
        np.testing.assert_array_equal(out[:a * b * c],
                                      x.transpose(2, 0, 1).reshape(-1))
        np.testing.assert_array_equal(
            out[a * b * c:].reshape(a, b),
            np.broadcast_to(x.sum(axis=(1, 2))[:, None], (a, b)))

    def test_atomics(self):
        n, block = 70, 32
        rng = np.random.default_rng(22)
        v = rng.integers(-1000, 1000, n).astype(np.int32)
        ints = np.zeros(8 + n, np.int32)
        ints[8:] = v
        ints[1] = 10**6
        ints[3] = -1
        floats = np.zeros(1, np.float32)
        old = np.zeros(2 * block, np.int32)
        atomic_kernel[(tileiras.cdiv(n, block),)](ints, floats, old, n,
                                                  BLOCK=block)
        self.assertEqual(ints[0], v.max())
        self.assertEqual(ints[1], v.min())
        bits = np.bitwise_or.reduce(np.left_shift(1, v & 31).astype(
            np.int32))
        self.assertEqual(ints[2], bits)
        self.assertEqual(ints[3], ~bits)
        self.assertEqual(ints[4], np.bitwise_xor.reduce(v))
        self.assertAlmostEqual(float(floats[0]), float(v.sum()) * 0.5,
                               places=1)
        # xchg: the values seen, plus the last one left, are 0..block.
        swapped = sorted(list(old[:block]) + [ints[5]])
        self.assertEqual(swapped, list(range(block + 1)))
        # cas: exactly one element saw 0 (and won); the rest saw its value.
        won = old[block:]
        self.assertEqual(int((won == 0).sum()), 1)
        self.assertTrue(((won == 0) | (won == ints[6])).all())
        self.assertGreater(ints[6], 0)

    def test_dot_kinds(self):
        rng = np.random.default_rng(23)
        m = n = k = 16
        a8 = rng.integers(-128, 128, (m, k)).astype(np.int8)
        b8 = rng.integers(-128, 128, (k, n)).astype(np.int8)
        c32 = np.zeros((m, n), np.int32)
        dot_kinds[(1,)](a8, b8, c32, PRECISION=None, M=m, N=n, K=k)
        np.testing.assert_array_equal(
            c32, a8.astype(np.int32) @ b8.astype(np.int32))
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, n)).astype(np.float32)
        exact = a.astype(np.float64) @ b.astype(np.float64)
        for precision, tolerance in (("ieee", 1e-5), ("tf32", 1e-2)):
            c = np.zeros((m, n), np.float32)
            dot_kinds[(1,)](a, b, c, PRECISION=precision, M=m, N=n, K=k)
            np.testing.assert_allclose(c, exact, rtol=tolerance,
                                       atol=tolerance, err_msg=precision)
        c64 = np.zeros((m, n), np.float64)
        dot_kinds[(1,)](a.astype(np.float64), b.astype(np.float64), c64,
                        PRECISION=None, M=m, N=n, K=k)
        np.testing.assert_allclose(c64, exact, rtol=1e-12, atol=1e-12)
        bf = rng.standard_normal((m, k)).astype(np.float16)
        bg = rng.standard_normal((k, n)).astype(np.float16)
        c = np.zeros((m, n), np.float32)
        dot_kinds[(1,)](bf, bg, c, PRECISION=None, M=m, N=n, K=k)
        np.testing.assert_allclose(
            c, bf.astype(np.float64) @ bg.astype(np.float64), rtol=1e-4,
            atol=1e-4)

    def test_dot_float8(self):
        rng = np.random.default_rng(26)
        m = n = k = 16
        # finite codes of small magnitude (exponent bits not all ones)
        a = rng.integers(0, 0x70, (m, k)).astype(np.uint8)
        a |= rng.integers(0, 2, (m, k)).astype(np.uint8) << 7
        b = rng.integers(0, 0x70, (k, n)).astype(np.uint8)
        for a_ty, b_ty, ta, tb in ((tl.float8e4m3fn, tl.float8e4m3fn, E4M3,
                                    E4M3),
                                   (tl.float8e5m2, tl.float8e4m3fn, E5M2,
                                    E4M3)):
            c = np.zeros((m, n), np.float32)
            dot_bits[(1,)](a, b, c, A_TY=a_ty, B_TY=b_ty, M=m, N=n, K=k)
            scale = (np.abs(ta[a]) @ np.abs(tb[b])).max()
            np.testing.assert_allclose(c, ta[a] @ tb[b], rtol=1e-6,
                                       atol=1e-6 * scale, err_msg=repr(a_ty))

    def test_dot_bfloat16(self):
        rng = np.random.default_rng(27)
        m, n, k = 16, 16, 32
        a = bf16_bits(rng.standard_normal((m, k)))
        b = bf16_bits(rng.standard_normal((k, n)))
        c = np.zeros((m, n), np.float32)
        dot_bits[(1,)](a, b, c, A_TY=tl.bfloat16, B_TY=tl.bfloat16, M=m,
                       N=n, K=k)
        value = lambda bits: (bits.astype(np.uint32) << 16).view(np.float32)
        np.testing.assert_allclose(c, value(a).astype(np.float64) @
                                   value(b).astype(np.float64), rtol=1e-5,
                                   atol=1e-5)

    def test_integer_dtypes(self):
        block = 64
        rng = np.random.default_rng(24)
        i8 = rng.integers(-128, 128, block).astype(np.int8)
        i16 = rng.integers(-2**15, 2**15, block).astype(np.int16)
        i32 = rng.integers(-2**31, 2**31, block).astype(np.int32)
        i64 = rng.integers(-2**62, 2**62, block).astype(np.int64)
        u8 = rng.integers(0, 256, block).astype(np.uint8)
        outs = [np.zeros(block, t) for t in (np.int8, np.int16, np.int32,
                                             np.int64, np.uint8, np.int32)]
        int_dtypes[(1,)](i8, i16, i32, i64, u8, *outs, BLOCK=block)
        with np.errstate(over="ignore"):
            want = [
                (i8.astype(np.int64) * 3 + 7).astype(np.int8),
                (i16.astype(np.int64) * 5 -
                 np.fix(i16 / 7).astype(np.int64)).astype(np.int16),
                (i32.astype(np.int64) * 11 + (i32 >> 2) -
                 np.fmod(i32, 9)).astype(np.int32),
                i64 * 3 + (i64 >> 33),
                (u8 // 3 + (u8 >> 1)).astype(np.uint8),
                ((u8 > 200).astype(np.int32) + 2 * (i8 < 0) +
                 4 * (u8.astype(np.int32) + i8 > 0)).astype(np.int32)]
        for k, (got, w) in enumerate(zip(outs, want)):
            np.testing.assert_array_equal(got, w, err_msg="output %d" % k)

    def test_float_dtypes(self):
        block = 256
        rng = np.random.default_rng(25)
        f16 = rng.standard_normal(block).astype(np.float16)
        f32 = (rng.standard_normal(block) * 8).astype(np.float32)
        f32[:4] = [0.0, -0.0, 1e6, -1e6]  # f8 saturates
        f64 = rng.standard_normal(block)
        bf_in = bf16_bits(rng.standard_normal(block) * 100)
        codes = np.arange(256, dtype=np.uint8)
        out_f16 = np.zeros(block, np.float16)
        out_f64 = np.zeros(block, np.float64)
        out_f32 = np.zeros(3 * block, np.float32)
        out_bf = np.zeros(block, np.uint16)
        out_a = np.zeros(block, np.uint8)
        out_b = np.zeros(block, np.uint8)
        float_dtypes[(1,)](f16, f32, f64, bf_in, codes, codes, out_f16,
                           out_f64, out_f32, out_bf, out_a, out_b,
                           BLOCK=block)
        np.testing.assert_array_equal(out_f16, f16 * np.float16(2) +
                                      np.float16(1))
        np.testing.assert_allclose(out_f64, f64 * f64 + f32, rtol=1e-15)
        bf_want = (bf_in.astype(np.uint32) << 16).view(np.float32)
        np.testing.assert_array_equal(out_f32[:block], bf_want)
        np.testing.assert_array_equal(out_f32[block:2 * block],
                                      E4M3.astype(np.float32))
        np.testing.assert_array_equal(out_f32[2 * block:],
                                      E5M2.astype(np.float32))
        np.testing.assert_array_equal(out_bf, bf16_bits(f32))
        np.testing.assert_array_equal(out_a, nearest_f8(f32, E4M3))
        np.testing.assert_array_equal(out_b, nearest_f8(f32, E5M2))


if __name__ == "__main__":
    unittest.main()
