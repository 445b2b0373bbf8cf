"""Kernels written the way a Triton user writes them (only the import and
the decorator differ), run on the CPU simulator against NumPy at sizes that
are not multiples of the blocks: a bias + GELU fusion, a row-wise top-1
(argmax and max over column blocks, with `break`-free running state), and
a GEMM with a fused bias + ReLU epilogue on `tl.dot`.

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


if __name__ == "__main__":
    unittest.main()
