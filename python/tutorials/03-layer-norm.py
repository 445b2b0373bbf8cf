"""Layer normalization: y = (x - mean) / sqrt(var + eps) * w + b per row,
one row per program, statistics in f32.

    /usr/bin/python3 python/tutorials/03-layer-norm.py [rows cols]
"""
import sys

import _common
import numpy as np

import tileiras
import tileiras.language as tl


@tileiras.jit
def layer_norm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, n_cols, stride, eps,
                      BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    centered = tl.where(mask, x - mean, 0.0)
    var = tl.sum(centered * centered, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    tl.store(y_ptr + row * stride + cols, centered * rstd * w + b, mask=mask)


def layer_norm(x, y, w, b, rows, cols, eps=1e-5):
    block = 1 << (cols - 1).bit_length()
    layer_norm_kernel[(rows,)](x, y, w, b, cols, cols, eps, BLOCK_N=block)
    return y


def main():
    rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 \
        else _common.size((6, 200), (4096, 1000))
    rng = np.random.default_rng(2)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    w = rng.standard_normal(cols, dtype=np.float32)
    b = rng.standard_normal(cols, dtype=np.float32)
    args = [_common.to_device(a) for a in (x,)]
    y = _common.empty_like(x)
    dw, db = _common.to_device(w), _common.to_device(b)
    layer_norm(args[0], y, dw, db, rows, cols)
    mean = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    want = (x - mean) / np.sqrt(var + 1e-5) * w + b
    _common.check("layer norm (%dx%d)" % (rows, cols), _common.to_host(y),
                  want, atol=1e-4, rtol=1e-4)
    def torch_layer_norm():
        import torch
        return torch.nn.functional.layer_norm(args[0], (cols,), dw, db, 1e-5)
    _common.report("layer norm", "GB/s", 2 * 4 * rows * cols / 1e9,
                   lambda: layer_norm(args[0], y, dw, db, rows, cols),
                   torch_layer_norm)


if __name__ == "__main__":
    main()
