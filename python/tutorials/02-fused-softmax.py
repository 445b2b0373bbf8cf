"""Fused softmax: each program normalizes BLOCK_M rows of x in registers,
reading x once and writing y once.

    /usr/bin/python3 python/tutorials/02-fused-softmax.py [rows cols]
"""
import sys

import _common
import numpy as np

import tileiras
import tileiras.language as tl


@tileiras.jit
def softmax_kernel(x_ptr, y_ptr, n_rows, n_cols, stride,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    offsets = rows[:, None] * stride + cols[None, :]
    # -inf neither wins the maximum nor adds to the sum.
    x = tl.load(x_ptr + offsets, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=1)[:, None]
    numerator = tl.exp(x)
    denominator = tl.sum(numerator, axis=1)[:, None]
    tl.store(y_ptr + offsets, numerator / denominator, mask=mask)


def next_power_of_2(n):
    return 1 << (n - 1).bit_length()


def softmax(x, y, n_rows, n_cols, block_m=4):
    block_n = next_power_of_2(n_cols)
    softmax_kernel[(tileiras.cdiv(n_rows, block_m),)](
        x, y, n_rows, n_cols, n_cols, BLOCK_M=block_m, BLOCK_N=block_n)
    return y


def main():
    rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 \
        else _common.size((10, 100), (4096, 1000))
    x = np.random.default_rng(1).standard_normal((rows, cols),
                                                 dtype=np.float32)
    dx = _common.to_device(x)
    y = _common.empty_like(x)
    softmax(dx, y, rows, cols)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    _common.check("softmax (%dx%d)" % (rows, cols), _common.to_host(y),
                  e / e.sum(axis=1, keepdims=True), atol=1e-6, rtol=1e-5)
    _common.report("softmax", "GB/s", 2 * 4 * rows * cols / 1e9,
                   lambda: softmax(dx, y, rows, cols),
                   lambda: dx.softmax(dim=1))


if __name__ == "__main__":
    main()
