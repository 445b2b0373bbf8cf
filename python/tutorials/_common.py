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


def size(on_simulator, on_gpu):
    """Default problem size: small on the (slow) simulator."""
    return on_simulator if backend() == "sim" else on_gpu


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


def report(what, unit, amount, ours, torch_fn=None):
    """Prints the kernel's rate on a GPU (`amount` per second in `unit`),
    next to torch's for the same work when `torch_fn` is given."""
    seconds = bench(ours)
    if seconds is None:
        return
    line = "%s: %.2f %s" % (what, amount / seconds, unit)
    if torch_fn is not None:
        line += " (torch: %.2f %s)" % (amount / bench(torch_fn), unit)
    print(line)


def check(name, got, want, atol, rtol):
    error = float(np.max(np.abs(got.astype(np.float64) -
                                want.astype(np.float64))))
    ok = np.allclose(got, want, atol=atol, rtol=rtol)
    print("%s: %s (max abs error %.3g, on %s)" % (
        name, "OK" if ok else "MISMATCH", error, backend()))
    if not ok:
        sys.exit(1)
