"""examples/gpu/run_on_gpu.py's launch arguments without a GPU: the dynamic
shared memory it reads from the kernel metadata beside the PTX, and what
its two backends (CuPy, torch + libcuda) pass to the driver, with the
driver and CuPy replaced by recorders.

    gpu_runner_launch.py SRC_ROOT DIR

DIR holds <name>.sm_90a.ptx and .json for `big` (a kernel with dynamic
shared memory) and `small` (static shared memory only), and big-alone.ptx
(the big kernel without its metadata).
"""
import ctypes
import os
import sys
import types

SRC, DIR = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SRC, "examples", "gpu"))
import run_on_gpu  # noqa: E402


def plan(name, kernel="transpose"):
    path = os.path.join(DIR, name)
    with open(path) as f:
        text = f.read()
    return run_on_gpu.launch_shared_memory(
        text, run_on_gpu.kernel_metadata(path, kernel))


for name in ("big.sm_90a.ptx", "small.sm_90a.ptx"):
    dynamic, opt_in = plan(name)
    print(f"{name}: dynamic {dynamic} bytes, opt in: {opt_in}")
try:
    plan("big-alone.ptx")
except RuntimeError as error:
    print(f"big-alone.ptx: {error}")


class Recorder:
    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        def call(*args, **kwargs):
            self.calls.append((name, args, kwargs))
            return 0
        return call


def value(arg):
    return arg.value if hasattr(arg, "value") else arg


# torch + libcuda, with libcuda recorded.
torch_driver = object.__new__(run_on_gpu.TorchDriver)
torch_driver.ctypes, torch_driver.cuda, torch_driver.modules = (
    ctypes, Recorder(), [])
torch_driver.torch = types.SimpleNamespace(
    cuda=types.SimpleNamespace(
        synchronize=lambda: None,
        current_stream=lambda: types.SimpleNamespace(cuda_stream=0)))
for name in ("big.sm_90a.ptx", "small.sm_90a.ptx"):
    torch_driver.cuda.calls.clear()
    shared = plan(name)
    function = torch_driver.load(os.path.join(DIR, name), "transpose", shared)
    torch_driver.launch(function, (2, 3, 1), (256, 1, 1), [], shared)
    for called, args, _ in torch_driver.cuda.calls:
        if called == "cuFuncSetAttribute":
            print(f"torch {name}: cuFuncSetAttribute(f, {value(args[1])}, "
                  f"{value(args[2])})")
        if called == "cuLaunchKernel":
            print(f"torch {name}: cuLaunchKernel grid {args[1:4]} block "
                  f"{args[4:7]} sharedMemBytes {value(args[7])}")


# CuPy, recorded.
class Kernel:
    def __init__(self):
        self.max_dynamic_shared_size_bytes = 0
        self.launches = []

    def __call__(self, grid, block, args, shared_mem=0):
        self.launches.append(shared_mem)


kernels = []
fake_cupy = types.SimpleNamespace(
    RawModule=lambda path: types.SimpleNamespace(
        get_function=lambda name: kernels.append(Kernel()) or kernels[-1]),
    cuda=types.SimpleNamespace(
        Device=lambda: types.SimpleNamespace(synchronize=lambda: None)))
cupy_backend = object.__new__(run_on_gpu.Cupy)
cupy_backend.cp, cupy_backend.np = fake_cupy, None
for name in ("big.sm_90a.ptx", "small.sm_90a.ptx"):
    shared = plan(name)
    function = cupy_backend.load(os.path.join(DIR, name), "transpose", shared)
    cupy_backend.launch(function, (2, 3, 1), (256, 1, 1), [], shared)
    print(f"cupy {name}: max_dynamic_shared_size_bytes "
          f"{function.max_dynamic_shared_size_bytes}, shared_mem "
          f"{function.launches}")


# --time hands CuPy's launcher torch tensors: their addresses go as 64-bit
# parameters (cupy has no dtype for fp8 tensors). A TMA launch goes to the
# driver with the CUfunction behind cupy's RawKernel (`.kernel.ptr`; a
# RawKernel has no `.ptr`).
class RawKernelLike(Kernel):
    kernel = types.SimpleNamespace(ptr=0xF00)

    def __call__(self, grid, block, args, shared_mem=0):
        self.launches.append(args)


driver = []
run_on_gpu.driver_launch = lambda *args: driver.append(args)
fake_cupy.cuda.get_current_stream = lambda: types.SimpleNamespace(ptr=7)
fake_cupy.ndarray = type(None)
cupy_backend.np = types.SimpleNamespace(uint64=lambda v: ("u64", hex(v)))
tensor = types.SimpleNamespace(data_ptr=lambda: 0xABC000)
plain = RawKernelLike()
cupy_backend.launcher(plain, (1, 1, 1), (128, 1, 1), [("ptr", tensor)])()
print(f"cupy torch tensor: {plain.launches}")
cupy_backend.launcher(RawKernelLike(), (4, 1, 1), (128, 1, 1),
                      [("ptr", tensor), ("tmap", ("map", 0x1000))],
                      (1024, True))()
function, grid, block, shared, stream, args = driver[0]
print(f"cupy tmap: function {hex(function)} grid {grid} shared {shared} "
      f"stream {stream} args {[(k, hex(v) if k == 'ptr' else v) for k, v in args]}")
