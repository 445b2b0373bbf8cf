"""Launching kernels on the CPU simulator (tools/sim) with NumPy arrays.

The kernel is compiled to NVPTX LLVM IR (--emit=llvm) through the C API,
turned into an AddressSanitizer-checked host executable by tools/sim's
simlib (tileiras-sim-prep, opt, llc, g++), cached next to the kernel, and
run with one host thread per GPU thread. Pointer arguments are NumPy
arrays: their bytes are copied into exact-size buffers and copied back
after the launch, so out-of-bounds accesses are reported, not silent.

Tools are found in `TILEIRAS_BIN_DIR` (default: build/bin of this source
tree) and tools/sim of this tree (`TILEIRAS_SIM_DIR` to override).
"""
import os
import struct
import sys

from .. import cache
from ..language.core import CompileError

_TREE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
# The target the simulator compiles for; TILEIRAS_SIM_TARGET chooses
# another (read at each launch), e.g. sm_100a for the tcgen05 path.
SIM_TARGET = "sm_90a"


def sim_target():
    return os.environ.get("TILEIRAS_SIM_TARGET") or SIM_TARGET


class LaunchError(RuntimeError):
    """The simulated launch failed (AddressSanitizer, out-of-buffer access,
    device assertion, deadlock)."""


def _simlib():
    folder = os.environ.get("TILEIRAS_SIM_DIR",
                            os.path.join(_TREE, "tools", "sim"))
    if not os.path.exists(os.path.join(folder, "simlib.py")):
        raise LaunchError("the CPU simulator (tools/sim/simlib.py) was not "
                          "found; set TILEIRAS_SIM_DIR")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import simlib
    return simlib


def _scalar(ty, value):
    if ty.is_floating:
        if ty.bits == 64:
            return "f64", struct.unpack("<Q", struct.pack("<d", value))[0]
        return "f32", struct.unpack("<I", struct.pack("<f", value))[0]
    return "i%d" % max(ty.bits, 8), int(value)


class SimBackend:
    name = "sim"

    def __init__(self):
        self.simlib = _simlib()
        bin_dir = os.environ.get("TILEIRAS_BIN_DIR",
                                 os.path.join(_TREE, "build", "bin"))
        self.work = os.path.join(cache.cache_dir(), "sim-runtime")
        try:
            self.toolchain = self.simlib.Toolchain(self.work, bin_dir=bin_dir)
        except self.simlib.SimError as error:
            raise LaunchError(str(error))
        self.kernels = {}

    def executable(self, compiled):
        """The simulator executable of a compiled kernel (cached)."""
        entry = compiled.entry
        if entry.path in self.kernels:
            return self.kernels[entry.path]
        sim = self.simlib
        exe = entry.file("sim.exe")
        host = entry.file("sim.host.ll")
        if not (os.path.exists(exe) and os.path.exists(host)):
            runtime = self.toolchain.runtime()
            stem = os.path.join(entry.path, ".sim-%d" % os.getpid())
            try:
                host_ll, obj = sim.host_object(
                    self.toolchain.prep, self.toolchain.opt,
                    self.toolchain.llc, entry.file("kernel.ll"), stem)
                sim.run([self.toolchain.cxx, "-fsanitize=address", "-pthread",
                         obj, *runtime, "-o", stem + ".exe", "-lm"])
            except sim.SimError as error:
                raise LaunchError("building %s for the simulator failed: %s"
                                  % (compiled.name, error))
            # Publish atomically: host IR first, the executable last.
            os.replace(host_ll, host)
            os.replace(stem + ".exe", exe)
            for suffix in (".bc", ".o"):
                if os.path.exists(stem + suffix):
                    os.remove(stem + suffix)
        # Launch files go beside the executable: a private folder per
        # process keeps concurrent launches of one cached kernel apart.
        private = os.path.join(self.work, "launch-%d" % os.getpid(),
                               os.path.basename(entry.path))
        os.makedirs(private, exist_ok=True)
        link = os.path.join(private, compiled.name + ".exe")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(exe, link)
        kernel = sim.Kernel(compiled.name, link, host)
        # Built from the arguments at launch, as the CUDA backend does.
        kernel.tensor_maps = compiled.kernel_metadata.get("tensor_maps", [])
        self.kernels[entry.path] = kernel
        return kernel

    def launch(self, fn, grid, runtime, constants, num_warps):
        compiled = fn._compile(runtime, constants, sim_target(), "llvm",
                               num_warps, ())
        kernel = self.executable(compiled)
        meta = compiled.kernel_metadata
        block = tuple(meta["block_dims"])
        if 0 in grid:
            return compiled
        args, arrays = [], []
        for name, ty in compiled.params:
            value = runtime[name]
            if ty.is_ptr:
                if not hasattr(value, "tobytes") or not hasattr(value,
                                                                "flags"):
                    raise CompileError("argument %s: the simulator takes "
                                       "NumPy arrays, got %r" % (name, value))
                if not value.flags["C_CONTIGUOUS"]:
                    raise CompileError("argument %s: the array must be "
                                       "C-contiguous" % name)
                args.append(self.simlib.Buffer(name, value.tobytes()))
                arrays.append((name, value))
            else:
                kind, bits = _scalar(ty, value.item() if hasattr(
                    value, "item") else value)
                args.append(self.simlib.Scalar(kind, bits))
        try:
            outputs, stdout = kernel.launch(grid, block, args)
        except self.simlib.SimError as error:
            raise LaunchError(str(error))
        if stdout:
            sys.stdout.write(stdout)
            sys.stdout.flush()
        import numpy
        for name, array in arrays:
            if array.flags["WRITEABLE"]:
                flat = array.reshape(-1).view(numpy.uint8)
                flat[:] = numpy.frombuffer(outputs[name], dtype=numpy.uint8)
        return compiled
