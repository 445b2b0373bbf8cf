"""Where kernels run: `TILEIRAS_BACKEND=cuda` (the CUDA driver API through
ctypes on libcuda) or `sim` (the CPU simulator of tools/sim). Without the
variable, cuda is used when libcuda loads and sees a GPU, else sim."""
import os
import threading

_lock = threading.Lock()
_backends = {}


def backend_name():
    choice = os.environ.get("TILEIRAS_BACKEND", "").strip().lower()
    if choice in ("sim", "cuda"):
        return choice
    if choice:
        raise ValueError("TILEIRAS_BACKEND must be 'sim' or 'cuda', got %r"
                         % choice)
    from . import cuda
    return "cuda" if cuda.available() else "sim"


def backend():
    name = backend_name()
    with _lock:
        if name not in _backends:
            if name == "sim":
                from .sim import SimBackend
                _backends[name] = SimBackend()
            else:
                from .cuda import CudaBackend
                _backends[name] = CudaBackend()
        return _backends[name]
