"""Matrix multiplication C = A @ B (f16 inputs, f32 accumulation), one
BLOCK_M x BLOCK_N tile of C per program, walking K in BLOCK_K steps with a
loop-carried accumulator and masked edges.

    /usr/bin/python3 python/tutorials/04-matmul.py [M N K]

`tl.dot` runs on mma.sync from sm_80 on; when K and the leading dimensions
are multiples of 16 (the launch specializes on that) the K loop is also
software-pipelined through cp.async (docs/pipelining.md).
"""
import sys

import _common
import numpy as np

import tileiras
import tileiras.language as tl


@tileiras.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * lda + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * ldb + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (k + rk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptrs, mask=(k + rk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * ldb
    c_ptrs = c_ptr + rm[:, None] * ldc + rn[None, :]
    tl.store(c_ptrs, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def matmul(a, b, c, m, n, k, block_m=32, block_n=32, block_k=16):
    grid = (tileiras.cdiv(m, block_m), tileiras.cdiv(n, block_n))
    matmul_kernel[grid](a, b, c, m, n, k, k, n, n, BLOCK_M=block_m,
                        BLOCK_N=block_n, BLOCK_K=block_k)
    return c


def main():
    m, n, k = map(int, sys.argv[1:4]) if len(sys.argv) > 3 else \
        _common.size((40, 48, 40), (2048, 2048, 2048))
    rng = np.random.default_rng(3)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    da, db = _common.to_device(a), _common.to_device(b)
    c = _common.to_device(np.zeros((m, n), dtype=np.float32))
    matmul(da, db, c, m, n, k)
    want = a.astype(np.float32) @ b.astype(np.float32)
    _common.check("matmul (%dx%dx%d)" % (m, n, k), _common.to_host(c), want,
                  atol=1e-3, rtol=1e-3)
    _common.report("matmul", "TFLOP/s", 2 * m * n * k / 1e12,
                   lambda: matmul(da, db, c, m, n, k), lambda: da @ db)


if __name__ == "__main__":
    main()
