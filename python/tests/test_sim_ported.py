"""Kernels written the way a Triton user writes them (only the import and
the decorator differ), run on the CPU simulator against NumPy at sizes that
are not multiples of the blocks: a bias + GELU fusion, a row-wise top-1
(argmax and max over column blocks, with `break`-free running state), and
a GEMM with a fused bias + ReLU epilogue on `tl.dot`, and an MXFP8 GEMM on
`tl.dot_scaled` (uint8 operands and scales, N-major rhs scales) on the
default target (a bf16 dot) and on sm_120a (block-scaled mma.sync).

    TILEIRAS_LIBRARY_PATH=build/lib TILEIRAS_BACKEND=sim /usr/bin/python3 \
        -m unittest discover -s python/tests -p 'test_sim_ported.py'
"""
import math
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
def gelu(x):
    # exact GELU: 0.5 * x * (1 + erf(x / sqrt(2)))
    return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))


@tileiras.jit
def bias_gelu_kernel(x_ptr, bias_ptr, y_ptr, n_rows, n_cols, stride_x,
                     stride_y, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < n_rows) & (offs_n[None, :] < n_cols)
    x = tl.load(x_ptr + offs_m[:, None] * stride_x + offs_n[None, :],
                mask=mask, other=0.0)
    b = tl.load(bias_ptr + offs_n, mask=offs_n < n_cols, other=0.0)
    y = gelu(x.to(tl.float32) + b[None, :])
    tl.store(y_ptr + offs_m[:, None] * stride_y + offs_n[None, :],
             y.to(y_ptr.dtype.element_ty), mask=mask)


@tileiras.jit
def row_top1_kernel(x_ptr, idx_ptr, val_ptr, n_cols, stride,
                    BLOCK: tl.constexpr):
    row = tl.program_id(0)
    row_ptr = x_ptr + row * stride
    best = float("-inf")
    best_idx = 0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(row_ptr + cols, mask=cols < n_cols, other=float("-inf"))
        block_max = tl.max(x, axis=0)
        block_idx = start + tl.argmax(x, axis=0)
        if block_max > best:   # strictly: the first maximum wins
            best = block_max
            best_idx = block_idx
    tl.store(idx_ptr + row, best_idx)
    tl.store(val_ptr + row, best)


@tileiras.jit
def matmul_bias_relu_kernel(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K,
                            stride_am, stride_ak, stride_bk, stride_bn,
                            stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    offs_am = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_bn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_am[:, None] < M) &
                    (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) &
                    (offs_bn[None, :] < N), other=0.0)
        accumulator = tl.dot(a, b, acc=accumulator)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    bias = tl.load(bias_ptr + offs_bn, mask=offs_bn < N, other=0.0)
    c = tl.maximum(accumulator + bias[None, :].to(tl.float32), 0.0)
    c = c.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + \
        stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@tileiras.jit
def mxfp8_matmul_kernel(a_ptr, b_ptr, a_scale_ptr, b_scale_ptr, c_ptr, M, N,
                        K, stride_am, stride_bk, stride_cm, stride_asm,
                        stride_bsn, A_FORMAT: tl.constexpr,
                        B_FORMAT: tl.constexpr, B_SCALED: tl.constexpr,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                        BLOCK_K: tl.constexpr):
    # a: [M, K] and b: [K, N] FP8 bytes; a_scale: [M, K // 32] and
    # b_scale: [N, K // 32] E8M0 bytes (Triton's layout).
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    offs_s = tl.arange(0, BLOCK_K // 32)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    a_scale_ptrs = a_scale_ptr + offs_m[:, None] * stride_asm + \
        offs_s[None, :]
    b_scale_ptrs = b_scale_ptr + offs_n[:, None] * stride_bsn + \
        offs_s[None, :]
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (k + offs_k[None, :] < K), other=0)
        b = tl.load(b_ptrs, mask=(k + offs_k[:, None] < K) &
                    (offs_n[None, :] < N), other=0)
        # Masked scales read 0 (2^-127), for elements that read 0.
        in_k = k + offs_s * 32 < K
        a_scale = tl.load(a_scale_ptrs,
                          mask=(offs_m[:, None] < M) & in_k[None, :])
        b_scale = tl.load(b_scale_ptrs,
                          mask=(offs_n[:, None] < N) & in_k[None, :]) \
            if B_SCALED else None
        accumulator = tl.dot_scaled(a, a_scale, A_FORMAT, b, b_scale,
                                    B_FORMAT, acc=accumulator)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
        a_scale_ptrs += BLOCK_K // 32
        b_scale_ptrs += BLOCK_K // 32
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, accumulator,
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@tileiras.jit
def fp4_matmul_kernel(a_ptr, b_ptr, a_scale_ptr, b_scale_ptr, c_ptr, M, N,
                      K, stride_am, stride_bk, stride_cm, stride_asm,
                      stride_bsn, NVFP4: tl.constexpr,
                      B_TRANSPOSED: tl.constexpr,
                      SCALE_BLOCK: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # a: [M, K // 2] and b: [K // 2, N] bytes of e2m1 pairs packed along K
    # (the even K index in the low nibble); a_scale: [M, K // SCALE_BLOCK]
    # and b_scale: [N, K // SCALE_BLOCK] bytes: E8M0 (MXFP4, 32) or e4m3
    # (NVFP4, 16).
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_kb = tl.arange(0, BLOCK_K // 2)
    offs_s = tl.arange(0, BLOCK_K // SCALE_BLOCK)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_kb[None, :]
    # rhs is the [K // 2, N] tile of b's bytes: b is [K // 2, N] (stride_bk
    # between its rows), or with B_TRANSPOSED its transpose [N, K // 2]
    # (stride_bk between its rows, both operands contiguous along K as
    # tcgen05.mma kind::mxf4 reads them).
    if B_TRANSPOSED:
        b_ptrs = b_ptr + offs_n[None, :] * stride_bk + offs_kb[:, None]
    else:
        b_ptrs = b_ptr + offs_kb[:, None] * stride_bk + offs_n[None, :]
    a_scale_ptrs = a_scale_ptr + offs_m[:, None] * stride_asm + \
        offs_s[None, :]
    b_scale_ptrs = b_scale_ptr + offs_n[:, None] * stride_bsn + \
        offs_s[None, :]
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (k // 2 + offs_kb[None, :] < K // 2), other=0)
        b = tl.load(b_ptrs, mask=(k // 2 + offs_kb[:, None] < K // 2) &
                    (offs_n[None, :] < N), other=0)
        in_k = k + offs_s * SCALE_BLOCK < K
        a_scale = tl.load(a_scale_ptrs,
                          mask=(offs_m[:, None] < M) & in_k[None, :])
        b_scale = tl.load(b_scale_ptrs,
                          mask=(offs_n[:, None] < N) & in_k[None, :])
        if NVFP4:
            a_scale = a_scale.to(tl.float8e4nv, bitcast=True)
            b_scale = b_scale.to(tl.float8e4nv, bitcast=True)
        accumulator = tl.dot_scaled(a, a_scale, "e2m1", b, b_scale, "e2m1",
                                    acc=accumulator)
        a_ptrs += BLOCK_K // 2
        if B_TRANSPOSED:
            b_ptrs += BLOCK_K // 2
        else:
            b_ptrs += BLOCK_K // 2 * stride_bk
        a_scale_ptrs += BLOCK_K // SCALE_BLOCK
        b_scale_ptrs += BLOCK_K // SCALE_BLOCK
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, accumulator,
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def fp8_table(exp_bits, man_bits, bias, e4m3fn):
    """The value of every byte of an FP8 format."""
    values = []
    for bits in range(256):
        sign = -1.0 if bits & 0x80 else 1.0
        e = (bits >> man_bits) & ((1 << exp_bits) - 1)
        m = bits & ((1 << man_bits) - 1)
        top = (1 << exp_bits) - 1
        if (e4m3fn and e == top and m == (1 << man_bits) - 1) or \
                (not e4m3fn and e == top):
            values.append(math.nan)  # (and E5M2's infinities)
        elif e == 0:
            values.append(sign * m / (1 << man_bits) * 2.0 ** (1 - bias))
        else:
            values.append(sign * (1 + m / (1 << man_bits)) *
                          2.0 ** (e - bias))
    return np.array(values)


FP8 = {"e4m3": fp8_table(4, 3, 7, True), "e5m2": fp8_table(5, 2, 15, False)}


def mx_values(data, fmt, scales):
    """data (FP8 bytes, K along axis 1) times 2^(scale - 127) per 32
    elements (NaN for the scale byte 255), in float64."""
    factor = np.exp2(scales.astype(np.float64) - 127)
    factor[scales == 255] = np.nan
    return FP8[fmt][data] * np.repeat(factor, 32, axis=1)[:, :data.shape[1]]


E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3,
                 -4, -6])


def fp4_values(packed, scales, block, nvfp4):
    """Packed e2m1 pairs (K // 2 bytes along axis 1, the low nibble first)
    times their scales per `block` K elements, in float64: E8M0 bytes
    2^(s - 127) (255: NaN) or e4m3 with the sign bit not read."""
    codes = np.stack([packed & 15, packed >> 4], axis=2).reshape(
        packed.shape[0], -1)
    if nvfp4:
        factor = FP8["e4m3"][scales & 0x7F]
    else:
        factor = np.exp2(scales.astype(np.float64) - 127)
        factor[scales == 255] = np.nan
    return E2M1[codes] * np.repeat(factor, block, axis=1)[:, :codes.shape[1]]


def gelu_reference(x):
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


class PortedTest(unittest.TestCase):
    def test_bias_gelu(self):
        rows, cols, bm, bn = 19, 45, 8, 16
        rng = np.random.default_rng(10)
        x = rng.standard_normal((rows, cols)).astype(np.float16)
        bias = rng.standard_normal(cols).astype(np.float32)
        y = np.zeros((rows, cols), np.float16)
        grid = (tileiras.cdiv(rows, bm), tileiras.cdiv(cols, bn))
        bias_gelu_kernel[grid](x, bias, y, rows, cols, x.strides[0] // 2,
                               y.strides[0] // 2, BLOCK_M=bm, BLOCK_N=bn)
        want = gelu_reference(x.astype(np.float64) + bias).astype(np.float16)
        np.testing.assert_allclose(y.astype(np.float32),
                                   want.astype(np.float32), rtol=2e-3,
                                   atol=2e-3)

    def test_row_top1(self):
        rows, cols, block = 7, 75, 32
        rng = np.random.default_rng(11)
        x = rng.standard_normal((rows, cols)).astype(np.float32)
        x[2, 70] = 9.0      # in the last, partial block
        x[4, 3] = x[4, 40] = 8.0   # a tie across blocks: the first wins
        x[5, :] = -1.0      # all equal: index 0
        idx = np.full(rows, -1, np.int32)
        val = np.zeros(rows, np.float32)
        row_top1_kernel[(rows,)](x, idx, val, cols, cols, BLOCK=block)
        np.testing.assert_array_equal(idx, x.argmax(axis=1))
        np.testing.assert_array_equal(val, x.max(axis=1))

    def test_matmul_bias_relu(self):
        m, n, k = 37, 45, 50
        bm, bn, bk = 16, 16, 16
        rng = np.random.default_rng(12)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        bias = rng.standard_normal(n).astype(np.float16)
        c = np.full((m, n), 99, np.float16)
        grid = (tileiras.cdiv(m, bm) * tileiras.cdiv(n, bn),)
        matmul_bias_relu_kernel[grid](
            a, b, bias, c, m, n, k, k, 1, n, 1, n, 1,
            BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk)
        want = np.maximum(a.astype(np.float32) @ b.astype(np.float32) +
                          bias.astype(np.float32), 0).astype(np.float16)
        np.testing.assert_allclose(c.astype(np.float32),
                                   want.astype(np.float32), rtol=1e-2,
                                   atol=1e-2)
        self.assertTrue((c == 0).any() and (c > 0).any())

    def test_mxfp8_matmul(self):
        # M, N and K not tile multiples (K = 96: the second K step is half
        # masked, with a masked scale block); one scale of A is NaN. The
        # default target runs dot_scaled as a bf16 dot (exact here: the
        # scaled values fit bf16), sm_120a on mma.sync block_scale; both
        # add in f32, so the bound is relative to sum |terms|.
        m, n, k = 80, 80, 96
        rng = np.random.default_rng(13)

        def fp8_bytes(fmt, shape):
            table = FP8[fmt]
            finite = np.flatnonzero(np.isfinite(table) & (abs(table) <= 16))
            return rng.choice(finite, size=shape).astype(np.uint8)
        for target, a_fmt, b_fmt, b_scaled in (
                (None, "e4m3", "e5m2", True),
                ("sm_120a", "e4m3", "e5m2", True),
                ("sm_120a", "e5m2", "e4m3", False)):
            a = fp8_bytes(a_fmt, (m, k))
            b = fp8_bytes(b_fmt, (k, n))
            a_scale = rng.integers(120, 135, (m, k // 32)).astype(np.uint8)
            b_scale = rng.integers(120, 135, (n, k // 32)).astype(np.uint8)
            a_scale[3, 1] = 255
            c = np.full((m, n), 99, np.float32)
            grid = (tileiras.cdiv(m, 64), tileiras.cdiv(n, 64))
            if target:
                os.environ["TILEIRAS_SIM_TARGET"] = target
            try:
                mxfp8_matmul_kernel[grid](
                    a, b, a_scale, b_scale, c, m, n, k, k, n, n, k // 32,
                    k // 32, A_FORMAT=a_fmt, B_FORMAT=b_fmt,
                    B_SCALED=b_scaled, BLOCK_M=64, BLOCK_N=64, BLOCK_K=64)
            finally:
                os.environ.pop("TILEIRAS_SIM_TARGET", None)
            lhs = mx_values(a, a_fmt, a_scale)
            rhs = mx_values(b.T, b_fmt, b_scale if b_scaled else
                            np.full_like(b_scale, 127)).T
            want = lhs @ rhs
            bound = 1e-5 * (abs(lhs) @ abs(rhs))
            what = "%s %s x %s" % (target or "default", a_fmt, b_fmt)
            self.assertTrue(np.isnan(c[3]).all(), what)
            self.assertFalse(np.isnan(np.delete(c, 3, axis=0)).any(), what)
            ok = np.isnan(want) | (abs(c - want) <= bound)
            self.assertTrue(ok.all(), "%s: %d wrong elements, e.g. %r" % (
                what, (~ok).sum(), [(c[i], want[i]) for i in
                                    zip(*np.nonzero(~ok))][:3]))

    def test_fp4_matmul(self):
        # MXFP4 (E8M0 scales per 32) and NVFP4 (e4m3 scales per 16, some
        # subnormal, some with the unread sign bit set) on the default
        # target (a bf16 dot of the unpacked, scaled operands) and on
        # sm_120a (mma.sync.m16n8k64 kind::mxf4 / mxf4nvf4 block_scale).
        # K = 192: the second 128-step is half masked; M and N are not
        # tile multiples. One scale of B is NaN (MXFP4) or its column
        # scaled by 0 (NVFP4).
        m, n, k = 80, 72, 192
        rng = np.random.default_rng(14)
        for target, nvfp4 in ((None, False), ("sm_120a", False),
                              (None, True), ("sm_120a", True)):
            block = 16 if nvfp4 else 32
            a = rng.integers(0, 256, (m, k // 2)).astype(np.uint8)
            b = rng.integers(0, 256, (k // 2, n)).astype(np.uint8)
            if nvfp4:
                # e4m3 scales 2^-9 (subnormal) .. 2^4, bit 7 set at random.
                a_scale = rng.integers(0, 0x58, (m, k // block))
                b_scale = rng.integers(0, 0x58, (n, k // block))
                a_scale |= rng.integers(0, 2, a_scale.shape) << 7
                b_scale[5, 2] = 0
            else:
                a_scale = rng.integers(120, 135, (m, k // block))
                b_scale = rng.integers(120, 135, (n, k // block))
                b_scale[5, 2] = 255
            a_scale = a_scale.astype(np.uint8)
            b_scale = b_scale.astype(np.uint8)
            c = np.full((m, n), 99, np.float32)
            grid = (tileiras.cdiv(m, 64), tileiras.cdiv(n, 64))
            if target:
                os.environ["TILEIRAS_SIM_TARGET"] = target
            try:
                fp4_matmul_kernel[grid](
                    a, b, a_scale, b_scale, c, m, n, k, k // 2, n, n,
                    k // block, k // block, NVFP4=nvfp4, B_TRANSPOSED=False,
                    SCALE_BLOCK=block,
                    BLOCK_M=64, BLOCK_N=64, BLOCK_K=128)
            finally:
                os.environ.pop("TILEIRAS_SIM_TARGET", None)
            lhs = fp4_values(a, a_scale, block, nvfp4)
            rhs = fp4_values(b.T.copy(), b_scale, block, nvfp4).T
            want = lhs @ rhs
            bound = 1e-5 * (abs(lhs) @ abs(rhs))
            what = "%s %s" % (target or "default",
                              "nvfp4" if nvfp4 else "mxfp4")
            if not nvfp4:
                self.assertTrue(np.isnan(c[:, 5]).all(), what)
            ok = (np.isnan(want) & np.isnan(c)) | (abs(c - want) <= bound)
            self.assertTrue(ok.all(), "%s: %d wrong elements, e.g. %r" % (
                what, (~ok).sum(), [(c[i], want[i]) for i in
                                    zip(*np.nonzero(~ok))][:3]))

    def test_fp4_matmul_tcgen05(self):
        # B given transposed (both operands contiguous along K): on sm_100a
        # tcgen05.mma kind::mxf4.block32 (MXFP4) and kind::mxf4nvf4.block16
        # (NVFP4), 128 x 128 tiles; M, N not tile multiples, K = 384: three
        # 128-steps, the D accumulated in tensor memory across them.
        m, n, k = 150, 144, 384
        rng = np.random.default_rng(15)
        for nvfp4 in (False, True):
            block = 16 if nvfp4 else 32
            a = rng.integers(0, 256, (m, k // 2)).astype(np.uint8)
            bt = rng.integers(0, 256, (n, k // 2)).astype(np.uint8)
            if nvfp4:
                a_scale = rng.integers(0x20, 0x48, (m, k // block))
                b_scale = rng.integers(0x20, 0x48, (n, k // block))
            else:
                a_scale = rng.integers(120, 135, (m, k // block))
                b_scale = rng.integers(120, 135, (n, k // block))
            a_scale = a_scale.astype(np.uint8)
            b_scale = b_scale.astype(np.uint8)
            c = np.full((m, n), 99, np.float32)
            grid = (tileiras.cdiv(m, 128), tileiras.cdiv(n, 128))
            os.environ["TILEIRAS_SIM_TARGET"] = "sm_100a"
            try:
                fp4_matmul_kernel[grid](
                    a, bt, a_scale, b_scale, c, m, n, k, k // 2, k // 2, n,
                    k // block, k // block, NVFP4=nvfp4, B_TRANSPOSED=True,
                    SCALE_BLOCK=block,
                    BLOCK_M=128, BLOCK_N=128, BLOCK_K=128, num_warps=8)
            finally:
                os.environ.pop("TILEIRAS_SIM_TARGET", None)
            lhs = fp4_values(a, a_scale, block, nvfp4)
            rhs = fp4_values(bt, b_scale, block, nvfp4).T
            want = lhs @ rhs
            bound = 1e-5 * (abs(lhs) @ abs(rhs))
            what = "sm_100a %s" % ("nvfp4" if nvfp4 else "mxfp4")
            ok = abs(c - want) <= bound
            self.assertTrue(ok.all(), "%s: %d wrong elements, e.g. %r" % (
                what, (~ok).sum(), [(c[i], want[i]) for i in
                                    zip(*np.nonzero(~ok))][:3]))


if __name__ == "__main__":
    unittest.main()
