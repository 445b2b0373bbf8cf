"""Vector addition: out = x + y, one 1024-element block per program.

    /usr/bin/python3 python/tutorials/01-vector-add.py [n]

Runs on a GPU when one is present (and prints GB/s), else on the CPU
simulator (TILEIRAS_BACKEND=sim forces it); checks against NumPy.
"""
import sys

import _common
import numpy as np

import tileiras
import tileiras.language as tl


@tileiras.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n  # the last block may run past n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


def add(x, y, out, n, block=1024):
    add_kernel[(tileiras.cdiv(n, block),)](x, y, out, n, BLOCK=block)
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else _common.size(3000,
                                                                 1 << 24)
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    dx, dy = _common.to_device(x), _common.to_device(y)
    out = _common.empty_like(x)
    add(dx, dy, out, n)
    _common.check("vector add (n=%d)" % n, _common.to_host(out), x + y,
                  atol=0, rtol=0)
    _common.report("vector add", "GB/s", 3 * 4 * n / 1e9,
                   lambda: add(dx, dy, out, n), lambda: dx + dy)


if __name__ == "__main__":
    main()
