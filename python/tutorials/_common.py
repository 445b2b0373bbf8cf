"""Shared by the tutorials: makes the package of this source tree
importable, and says which backend runs and how to time on a GPU."""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # python/ of this tree

import numpy as np  # noqa: E402

from tileiras import runtime  # noqa: E402


def backend():
    return runtime.backend_name()


def to_device(array):
    """On the simulator NumPy arrays are the kernel arguments; on a GPU the
    arrays go to torch tensors (torch is then required)."""
    if backend() == "sim":
        return array
    import torch
    return torch.from_numpy(array).cuda()


def to_host(value):
    if backend() == "sim":
        return value
    return value.cpu().numpy()


def empty_like(array):
    return to_device(np.zeros_like(array))


def bench(fn, repeat=20):
    """Seconds per call on a GPU (synchronized), None on the simulator."""
    if backend() == "sim":
        return None
    import torch
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeat


def check(name, got, want, atol, rtol):
    error = float(np.max(np.abs(got.astype(np.float64) -
                                want.astype(np.float64))))
    ok = np.allclose(got, want, atol=atol, rtol=rtol)
    print("%s: %s (max abs error %.3g, on %s)" % (
        name, "OK" if ok else "MISMATCH", error, backend()))
    if not ok:
        sys.exit(1)
