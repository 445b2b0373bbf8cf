"""The language: every operation compiled through the C API to PTX (so the
generated MLIR parses, verifies and lowers), control flow, specialization.

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \
        discover -s python/tests -p 'test_language.py'
"""
import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


@tileiras.jit
def elementwise(x_ptr, y_ptr, i_ptr, out_ptr, iout_ptr, n,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0, cache_modifier=".cg",
                eviction_policy="evict_last")
    y = tl.load(y_ptr + offs, mask=mask)
    i = tl.load(i_ptr + offs, mask=mask)
    r = tl.exp(x) + tl.exp2(y) + tl.log(x) + tl.log2(x) + tl.sqrt(x)
    r = r + tl.rsqrt(x) + tl.abs(y) + tl.sin(x) * tl.cos(y) + tl.floor(y)
    r = r + tl.ceil(x) + tl.maximum(x, y) - tl.minimum(x, 2) + tl.fma(x, y, r)
    r = r / (x * 2) - y // 3 + x % 2.5 + tl.sigmoid(y) + tl.erf(x)
    r = tl.where(x > y, r, -r) + (i.to(tl.float32) / 4)
    j = (i * 3 - 7) // 2 % 5 + (i << 2) + (i >> 1) + (i & 6) + (i | 1) + \
        (i ^ 3) + tl.maximum(i, 4) + tl.minimum(i, 9) + tl.abs(i) + ~i
    k = tl.where((x >= 0.5) & (y <= 0.5) | (i == 3) | (i != 4), j, -j)
    h = x.to(tl.float16).to(tl.bfloat16).to(tl.float32)
    u = i.to(tl.uint8).to(tl.int64).to(tl.int32)
    tl.store(out_ptr + offs, r + h + (y < x).to(tl.float32), mask=mask)
    tl.store(iout_ptr + offs, k + u + tl.cdiv(i, 4), mask=mask)


@tileiras.jit
def shapes(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    t = tl.trans(x)                     # N x M
    p = tl.permute(t, (1, 0))           # M x N
    r = tl.reshape(p, (M * N,))
    v = tl.view(r, M, N)
    e = tl.expand_dims(tl.sum(v, axis=1), 1)
    b = tl.broadcast_to(e, (M, N))
    c = tl.cat(x, b, dim=0)             # 2M x N
    top = tl.reshape(c, (2, M, N))
    s = tl.sum(top, axis=0) + tl.max(x, axis=0)[None, :] + tl.min(x) + \
        x.sum() + x.T.T
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], s)


@tileiras.jit
def scaled_sum(x, factor):
    """A device function: inlined where it is called."""
    doubled = x * factor
    return tl.sum(doubled, axis=0)


@tileiras.jit
def calls_helper(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(out_ptr, scaled_sum(x, 2.0) + scaled_sum(x, factor=3))


@tileiras.jit
def add_combine(a, b):
    return a + b


@tileiras.jit
def max_combine(a, b):
    return tl.maximum(a, b)


@tileiras.jit
def reductions(x_ptr, out_ptr, idx_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    total = tl.reduce(x, 0, add_combine) + tl.sum(x, axis=0, keep_dims=True)
    running = tl.cumsum(x, 0) + tl.associative_scan(x, 0, max_combine,
                                                     reverse=True)
    tl.store(out_ptr + offs, running + total)
    tl.store(idx_ptr, tl.argmax(x, 0))
    tl.store(idx_ptr + 1, tl.argmin(x, 0))


@tileiras.jit
def dots(a_ptr, b_ptr, c_ptr, i_ptr, j_ptr, k_ptr, M: tl.constexpr,
         N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    acc = tl.dot(a, b)
    acc = tl.dot(a, b, acc=acc, out_dtype=tl.float32)
    ia = tl.load(i_ptr + rm[:, None] * K + rk[None, :])
    ib = tl.load(j_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
    tl.store(k_ptr + rm[:, None] * N + rn[None, :], tl.dot(ia, ib))


@tileiras.jit
def dot_precision(a_ptr, b_ptr, c_ptr, PRECISION: tl.constexpr):
    r = tl.arange(0, 16)
    a = tl.load(a_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 16 + r[None, :])
    tl.store(c_ptr + r[:, None] * 16 + r[None, :],
             tl.dot(a, b, input_precision=PRECISION))


@tileiras.jit
def atomics(p_ptr, f_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    old = tl.atomic_add(p_ptr + offs, 1, mask=mask)
    old += tl.atomic_max(p_ptr + offs, old, mask=mask, sem="relaxed")
    old += tl.atomic_min(p_ptr + offs, old, scope="cta")
    old += tl.atomic_and(p_ptr + offs, 7) + tl.atomic_or(p_ptr + offs, 8)
    old += tl.atomic_xor(p_ptr + offs, 1) + tl.atomic_xchg(p_ptr + offs, 2)
    old += tl.atomic_cas(p_ptr + offs, 2, 3)
    tl.atomic_add(f_ptr + offs, old.to(tl.float32), mask=mask)


@tileiras.jit
def control(x_ptr, n, steps, flag, BLOCK: tl.constexpr, MODE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    count = 0
    for k in range(0, steps, 2):
        acc += tl.load(x_ptr + k * BLOCK + offs)
        count += 1
    for u in tl.static_range(3):
        acc = acc * (u + 1)
    i = 0
    while i < n:
        acc = acc + 1.0
        i += 1
    if flag > 0:
        acc = acc * 2
        extra = 1.0
    else:
        extra = 2.0
    if flag == 3:
        tl.device_print("flag", flag)
    if MODE == "double":
        acc = acc * 2
    else:
        acc = acc * 3
    acc = acc + extra + count
    tl.device_assert(count >= 0, "count is negative")
    n16 = tl.multiple_of(n, 16)
    tl.store(x_ptr + offs, acc, mask=offs < n16 + tl.num_programs(0))


@tileiras.jit
def exits(x_ptr, out_ptr, n, limit, BLOCK: tl.constexpr):
    if tl.program_id(0) > limit:
        return
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for k in range(n):
        x = tl.load(x_ptr + k * BLOCK + offs)
        if tl.sum(x, axis=0) < 0:
            continue
        if tl.max(x, axis=0) > 100:
            break
        acc += x
    i = 0
    while True:
        i += 1
        if i * i > limit:
            break
    tl.store(out_ptr + offs, acc + i)


@tileiras.jit
def copy_until(x_ptr, out_ptr, n, stop, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    for start in range(0, n, BLOCK):
        x = tl.load(x_ptr + start + offs)
        tl.store(out_ptr + start + offs, x)
        if tl.max(x, axis=0) > stop:
            break


@tileiras.jit
def pipelined_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """Triton's tl.range (hints ignored) and static_assert."""
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for k in tl.range(0, n, num_stages=3, loop_unroll_factor=2):
        acc += tl.load(x_ptr + k * BLOCK + offs)
    tl.store(out_ptr + offs, acc)


@tileiras.jit
def wrapped_copy(x_ptr, out_ptr, n, HINT: tl.constexpr, BLOCK: tl.constexpr):
    """Triton's idiom for offsets that wrap around (as in its matmul): the
    modulo hides the contiguity, the hints give it back."""
    pid = tl.program_id(0)
    offs = (pid * BLOCK + tl.arange(0, BLOCK)) % n
    if HINT == "multiple_of first":
        offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    elif HINT == "max_contiguous first":
        offs = tl.multiple_of(tl.max_contiguous(offs, BLOCK), BLOCK)
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK),
             tl.load(x_ptr + offs))


@tileiras.jit
def scaled_dot(a_ptr, b_ptr, sa_ptr, sb_ptr, c_ptr, A_FORMAT: tl.constexpr,
               B_FORMAT: tl.constexpr, RHS_SCALE: tl.constexpr):
    """MXFP8 tl.dot_scaled of a 32 x 64 lhs and a 64 x 16 rhs: the scales
    are [M, K // 32] = [32, 2] and, N-major as in Triton, [N, K // 32] =
    [16, 2]."""
    rm = tl.arange(0, 32)
    rn = tl.arange(0, 16)
    rk = tl.arange(0, 64)
    rs = tl.arange(0, 2)
    a = tl.load(a_ptr + rm[:, None] * 64 + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * 16 + rn[None, :])
    sa = tl.load(sa_ptr + rm[:, None] * 2 + rs[None, :])
    sb_ptrs = sb_ptr + rn[:, None] * 2 + rs[None, :]
    if sb_ptr.dtype.element_ty == tl.float8e8m0fnu:
        # other= of a scale load is a scale value: 1.0 is the byte 127.
        sb = tl.load(sb_ptrs, mask=rs[None, :] < 1, other=1.0)
    else:
        sb = tl.load(sb_ptrs)
    if RHS_SCALE is None:
        sb = None
    c = tl.load(c_ptr + rm[:, None] * 16 + rn[None, :])
    d = tl.dot_scaled(a, sa, A_FORMAT, b, sb, B_FORMAT, acc=c)
    tl.store(c_ptr + rm[:, None] * 16 + rn[None, :], d)


class LanguageTest(unittest.TestCase):
    def compile(self, kernel, *args, **kwargs):
        compiled = kernel.compile(*args, target="sm_90a", **kwargs)
        self.assertIn(".visible .entry " + kernel.__name__, compiled.asm)
        return compiled

    def test_elementwise(self):
        self.compile(elementwise, "*fp32", "*fp32", "*i32", "*fp32", "*i32",
                     "i32", BLOCK=128)

    def test_shapes(self):
        self.compile(shapes, "*fp32", "*fp32", M=8, N=16)

    def test_reductions_and_scans(self):
        self.compile(reductions, "*fp32", "*fp32", "*i32", BLOCK=64)

    def test_inlined_call(self):
        compiled = self.compile(calls_helper, "*fp32", "*fp32", BLOCK=64)
        self.assertEqual(compiled.mlir.count("nv_tileaa.reduce"), 2)
        self.assertNotIn("nv_tileaa.call", compiled.mlir)

    def test_dot(self):
        for dtype in ("*fp16", "*bf16", "*fp32"):
            self.compile(dots, dtype, dtype, "*fp32", "*i8", "*u8", "*i32",
                         M=16, N=16, K=16)

    def test_dot_input_types(self):
        tf32 = self.compile(dot_precision, "*fp32", "*fp32", "*fp32",
                            PRECISION="tf32")
        self.assertIn("nv_tileaa.fp_to_fp", tf32.mlir)
        self.assertIn("tf32", tf32.mlir)
        for a, b in (("*fp8e4nv", "*fp8e4nv"), ("*fp8e5", "*fp8e4nv")):
            self.compile(dot_precision, a, b, "*fp32", PRECISION=None)
        self.compile(dot_precision, "*fp64", "*fp64", "*fp64", PRECISION=None)

    def test_dot_scaled(self):
        # Triton's convention, uint8 tiles of FP8 bytes and of E8M0 scales:
        # the operands are bitcast to their formats, rhs_scale is
        # transposed to the op's [K // 32, N], both scales are bitcast to
        # f8E8M0FNU. sm_90a runs it as a bf16 dot, sm_120a on the
        # block-scaled mma.sync.
        sig = ("*u8", "*u8", "*u8", "*u8", "*fp32")
        formats = dict(A_FORMAT="e4m3", B_FORMAT="e5m2", RHS_SCALE="tile")
        hopper = self.compile(scaled_dot, *sig, **formats)
        mlir = hopper.mlir
        for line in (
                "tensor<32x64xi8> to tensor<32x64xf8E4M3FN>",
                "tensor<64x16xi8> to tensor<64x16xf8E5M2>",
                "tensor<32x2xi8> to tensor<32x2xf8E8M0FNU>",
                "{order = array<i32: 1, 0>} : tensor<16x2xi8> -> "
                "tensor<2x16xi8>",
                "tensor<2x16xi8> to tensor<2x16xf8E8M0FNU>",
                " : tensor<32x64xf8E4M3FN> scale tensor<32x2xf8E8M0FNU>, "
                "tensor<64x16xf8E5M2> scale tensor<2x16xf8E8M0FNU>, "
                "tensor<32x16xf32> -> tensor<32x16xf32>"):
            self.assertIn(line, mlir)
        self.assertRegex(mlir, r"= nv_tileaa\.dot_scaled %v\d+ scale %v\d+, "
                         r"%v\d+ scale %v\d+, %v\d+ : ")
        self.assertIn("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
                      hopper.asm)
        blackwell = scaled_dot.compile(*sig, target="sm_120a", **formats)
        self.assertIn("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4."
                      "block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
                      blackwell.asm)
        # FP8-typed operands need no bitcast; scales loaded as
        # float8e8m0fnu are used as they are; a masked scale load's
        # `other=1.0` is the byte 127.
        typed = scaled_dot.compile("*fp8e5", "*fp8e4nv", "*fp8e8m0",
                                   "*fp8e8m0", "*fp32", target="sm_120a",
                                   A_FORMAT="e5m2", B_FORMAT="e4m3",
                                   RHS_SCALE="tile")
        self.assertNotIn("to tensor<32x64xf8E5M2>", typed.mlir)
        self.assertIn("-> tensor<32x2xf8E8M0FNU>", typed.mlir)
        self.assertIn("arith.constant 127 : i8", typed.mlir)
        self.assertIn("{order = array<i32: 1, 0>} : tensor<16x2xf8E8M0FNU> "
                      "-> tensor<2x16xf8E8M0FNU>", typed.mlir)
        self.assertIn("f32.e5m2.e4m3.f32.ue8m0", typed.asm)
        # rhs_scale=None: a scale of 1 everywhere.
        unscaled = scaled_dot.compile(*sig, target="sm_120a",
                                      A_FORMAT="e4m3", B_FORMAT="e4m3",
                                      RHS_SCALE=None)
        self.assertIn("arith.constant dense<127> : tensor<2x16xi8>",
                      unscaled.mlir)
        self.assertNotIn("nv_tileaa.permute", unscaled.mlir)
        self.assertIn("block_scale", unscaled.asm)

    def test_atomics(self):
        self.compile(atomics, "*i32", "*fp32", "i32", BLOCK=64)

    def test_control_flow(self):
        compiled = self.compile(control, "*fp32", "i32", "i32", "i32",
                                BLOCK=128, MODE="double")
        self.assertIn("scf.for", compiled.mlir)
        self.assertIn("scf.while", compiled.mlir)
        self.assertIn("scf.if", compiled.mlir)
        self.assertIn("nv_tileaa.assume", compiled.mlir)
        self.assertIn("nv_tileaa.print", compiled.mlir)
        self.assertIn("nv_tileaa.assert", compiled.mlir)
        # The constexpr `if` kept one branch: no multiply by 3.
        other = self.compile(control, "*fp32", "i32", "i32", "i32",
                             BLOCK=128, MODE="triple")
        self.assertNotEqual(compiled.mlir, other.mlir)

    def test_break_continue_return(self):
        compiled = self.compile(exits, "*fp32", "*fp32", "i32", "i32",
                                BLOCK=32)
        # Loops that may exit early become scf.while with a done flag;
        # nothing of Python's exits is left as scf.for.
        self.assertEqual(compiled.mlir.count("scf.while"), 2)
        self.assertNotIn("scf.for", compiled.mlir)

    def test_break_loop_counter_keeps_alignment(self):
        # The scf.while counter of `range(0, n, BLOCK)` (0, then +BLOCK)
        # is a multiple of BLOCK to the compiler's analysis, as the scf.for
        # induction variable was: the accesses stay vectorized.
        compiled = self.compile(copy_until, "*fp32", "*fp32", "i32", "fp32",
                                BLOCK=512)
        self.assertIn("scf.while", compiled.mlir)
        self.assertNotIn("scf.for", compiled.mlir)
        self.assertIn("ld.global.v4", compiled.asm)
        self.assertIn("st.global.v4", compiled.asm)

    def test_tl_range_and_static_assert(self):
        compiled = self.compile(pipelined_sum, "*fp32", "*fp32", "i32",
                                BLOCK=64)
        self.assertEqual(compiled.mlir.count("scf.for"), 1)
        with self.assertRaises(tileiras.CompileError) as caught:
            pipelined_sum.compile("*fp32", "*fp32", "i32", BLOCK=16,
                                  target="sm_90a")
        self.assertIn("static_assert failed: BLOCK must be a multiple of 32",
                      str(caught.exception))
        self.assertIn("tl.static_assert(BLOCK % 32 == 0",
                      str(caught.exception))

    def test_max_contiguous_vectorizes(self):
        import re
        vector_load = re.compile(r"ld\.global(\.\w+)*\.v4\.(f32|b32)")
        # 512 elements over 128 threads: four each, one v4 load if the
        # four are contiguous and 16-byte aligned.
        plain = self.compile(wrapped_copy, "*fp32", "*fp32", "i32",
                             HINT=None, BLOCK=512)
        self.assertIsNone(vector_load.search(plain.asm))
        for order in ("multiple_of first", "max_contiguous first"):
            hinted = self.compile(wrapped_copy, "*fp32", "*fp32", "i32",
                                  HINT=order, BLOCK=512)
            self.assertIn("same_elements = array<i64: 512>", hinted.mlir)
            self.assertIn("{div_by = 512 : i64, every = 512 : i64, "
                          "along = 0 : i64}", hinted.mlir)
            self.assertIsNotNone(vector_load.search(hinted.asm), order)

    def test_specialization(self):
        import numpy as np
        x = np.zeros(4, np.float32)
        one = elementwise.compile(x, x, np.zeros(4, np.int32), x,
                                  np.zeros(4, np.int32), 1, BLOCK=128)
        sixteen = elementwise.compile(x, x, np.zeros(4, np.int32), x,
                                      np.zeros(4, np.int32), 32, BLOCK=128)
        other = elementwise.compile(x, x, np.zeros(4, np.int32), x,
                                    np.zeros(4, np.int32), 7, BLOCK=128)
        # n == 1 is the constant 1: the parameter is unused.
        self.assertNotIn("%arg_n {div_by", one.mlir)
        self.assertIn("nv_tileaa.assume %arg_n {div_by = 16 : i64}",
                      sixteen.mlir)
        self.assertNotIn("assume %arg_n", other.mlir)
        # 16-byte aligned pointers are assumed aligned.
        self.assertIn("nv_tileaa.assume %arg_x_ptr {div_by = 16 : i64}",
                      other.mlir)

    def test_metadata(self):
        compiled = self.compile(shapes, "*fp32", "*fp32", M=8, N=16,
                                num_warps=2)
        meta = compiled.kernel_metadata
        self.assertEqual(meta["name"], "shapes")
        self.assertEqual(meta["threads_per_cta"], 64)
        self.assertEqual(compiled.num_warps, 2)
        self.assertEqual(compiled.metadata["targets"][0]["target"], "sm_90a")

    def test_locations(self):
        compiled = self.compile(shapes, "*fp32", "*fp32", M=8, N=16)
        self.assertIn('loc("%s":' % __file__, compiled.mlir)


if __name__ == "__main__":
    unittest.main()
