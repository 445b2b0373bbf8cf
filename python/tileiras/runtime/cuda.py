"""Launching kernels on an NVIDIA GPU through the CUDA driver API.

libcuda is loaded with ctypes (no build-time CUDA dependency). The kernel is
compiled for the current device (sm_XY from its compute capability) to a
cubin, or to PTX for the driver to JIT when ptxas is missing, loaded with
cuModuleLoadData and launched with the block size, dynamic shared memory and
cluster dims of its metadata (and the TMA tensor maps it lists, encoded with
cuTensorMapEncodeTiled), on torch's (or CuPy's) current stream when
it is loaded, else the default stream. Pointer arguments: torch tensors, CuPy
arrays or anything with `__cuda_array_interface__`.

Not exercised by the test suite (the machines that run it have no GPU).
"""
import ctypes
import sys

from ..language.core import CompileError

CUDA_SUCCESS = 0
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4

_cuda = None

# Shared memory a CTA may have without opting in (every GPU since sm_20).
PORTABLE_SHARED_MEMORY_BYTES = 48 * 1024


def dynamic_shared_memory(meta):
    """(bytes, opt_in) for a kernel's metadata (docs/cli.md, "Kernel
    metadata"): the dynamic shared memory to pass to cuLaunchKernel, and
    whether CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES must first be
    raised to it. By default a kernel may launch with at most 48 KiB minus
    its static shared memory; above that, the launch fails unless the
    attribute allows the dynamic size (up to the device's opt-in maximum,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, in all)."""
    dynamic = int(meta.get("dynamic_shared_memory_bytes", 0))
    static = int(meta.get("static_shared_memory_bytes", 0))
    return dynamic, static + dynamic > PORTABLE_SHARED_MEMORY_BYTES


def tensor_map_arguments(entry, values):
    """(dims, byte strides) to encode the tensor map `entry` of a kernel's
    metadata (docs/cli.md, "tensor_maps") for the kernel's own arguments
    `values` (ints by parameter index: addresses, sizes, strides)."""
    def value(v):
        return int(values[v["param"]]) if isinstance(v, dict) else int(v)
    dims = [value(v) for v in entry["global_dims"]]
    strides = [value(v) * entry["element_bytes"]
               for v in entry["global_strides_elements"]]
    return dims, strides


def _load():
    global _cuda
    if _cuda is None:
        _cuda = ctypes.CDLL("libcuda.so.1")
    return _cuda


def available():
    """True when libcuda loads, initializes and sees at least one GPU."""
    try:
        cuda = _load()
        if cuda.cuInit(0) != CUDA_SUCCESS:
            return False
        count = ctypes.c_int()
        return cuda.cuDeviceGetCount(ctypes.byref(count)) == CUDA_SUCCESS \
            and count.value > 0
    except (OSError, AttributeError):
        return False


class CudaError(RuntimeError):
    pass


class _LaunchAttributeValue(ctypes.Union):
    _fields_ = [("pad", ctypes.c_char * 64),
                ("clusterDim", ctypes.c_uint * 3)]


class _LaunchAttribute(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4),
                ("value", _LaunchAttributeValue)]


class _LaunchConfig(ctypes.Structure):
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(_LaunchAttribute)),
                ("numAttrs", ctypes.c_uint)]


def _current_stream():
    """torch's current stream when torch is loaded, else CuPy's, else the
    default stream."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        return ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    cupy = sys.modules.get("cupy")
    if cupy is not None:
        return ctypes.c_void_p(cupy.cuda.get_current_stream().ptr)
    return ctypes.c_void_p(0)


def _pointer(name, value):
    if hasattr(value, "__cuda_array_interface__"):
        return value.__cuda_array_interface__["data"][0]
    if hasattr(value, "data_ptr"):
        return value.data_ptr()
    raise CompileError("argument %s: the CUDA backend takes device arrays "
                       "(torch, CuPy, __cuda_array_interface__), got %r"
                       % (name, value))


class CudaBackend:
    name = "cuda"

    def __init__(self):
        self.cuda = _load()
        self.check(self.cuda.cuInit(0), "cuInit")
        device = ctypes.c_int()
        self.check(self.cuda.cuDeviceGet(ctypes.byref(device), 0),
                   "cuDeviceGet")
        self.device = device
        # The primary context, shared with the CUDA runtime (torch, CuPy).
        context = ctypes.c_void_p()
        self.check(self.cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context),
                                                      device),
                   "cuDevicePrimaryCtxRetain")
        self.context = context
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.check(self.cuda.cuDeviceGetAttribute(
            ctypes.byref(major), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
            device), "cuDeviceGetAttribute")
        self.check(self.cuda.cuDeviceGetAttribute(
            ctypes.byref(minor), CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
            device), "cuDeviceGetAttribute")
        self.target = "sm_%d%d" % (major.value, minor.value)
        self.functions = {}

    def check(self, status, what):
        if status != CUDA_SUCCESS:
            name = ctypes.c_char_p()
            self.cuda.cuGetErrorName(status, ctypes.byref(name))
            raise CudaError("%s failed: %s (%d)" % (
                what, name.value.decode() if name.value else "?", status))

    def function(self, compiled):
        key = compiled.entry.path
        if key in self.functions:
            return self.functions[key]
        self.check(self.cuda.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")
        image = compiled.asm
        if isinstance(image, str):
            image = image.encode() + b"\0"
        module = ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoadData(ctypes.byref(module),
                                              ctypes.c_char_p(image)),
                   "cuModuleLoadData")
        function = ctypes.c_void_p()
        self.check(self.cuda.cuModuleGetFunction(
            ctypes.byref(function), module, compiled.name.encode()),
            "cuModuleGetFunction")
        dynamic, opt_in = dynamic_shared_memory(compiled.kernel_metadata)
        if opt_in:
            self.check(self.cuda.cuFuncSetAttribute(
                function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                ctypes.c_int(dynamic)), "cuFuncSetAttribute")
        self.functions[key] = (module, function)
        return self.functions[key]

    def compile(self, fn, runtime, constants, num_warps):
        try:
            return fn._compile(runtime, constants, self.target, "cubin",
                               num_warps, ())
        except CompileError as error:
            if "ptxas not found" not in str(error):
                raise
            return fn._compile(runtime, constants, self.target, "ptx",
                               num_warps, ())

    def encode_tensor_map(self, entry, values):
        """The 128-byte CUtensorMap of `entry` (cuTensorMapEncodeTiled),
        128-byte aligned as CUDA 13 asks; returns (storage to keep alive,
        its address)."""
        dims, strides = tensor_map_arguments(entry, values)
        if any(d < 1 for d in dims):
            raise CudaError("a tensor map cannot describe an empty tensor "
                            "(sizes %s); do not launch with it" % dims)
        storage = (ctypes.c_uint8 * 256)()
        address = (ctypes.addressof(storage) + 127) & ~127
        rank = entry["rank"]
        u32, u64 = ctypes.c_uint32, ctypes.c_uint64
        self.check(self.cuda.cuTensorMapEncodeTiled(
            ctypes.c_void_p(address), ctypes.c_int(entry["cu_data_type"]),
            u32(rank), ctypes.c_void_p(values[entry["address_param"]]),
            (u64 * rank)(*dims), (u64 * max(1, rank - 1))(*strides),
            (u32 * rank)(*entry["box_dims"]),
            (u32 * rank)(*entry["element_strides"]),
            ctypes.c_int(entry["interleave"]),
            ctypes.c_int(entry["cu_swizzle"]),
            ctypes.c_int(entry["cu_l2_promotion"]),
            ctypes.c_int(entry["cu_oob_fill"])), "cuTensorMapEncodeTiled")
        return storage, address

    def launch(self, fn, grid, runtime, constants, num_warps):
        compiled = self.compile(fn, runtime, constants, num_warps)
        _, function = self.function(compiled)
        # The launching thread may not have the context current yet.
        self.check(self.cuda.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")
        meta = compiled.kernel_metadata
        if 0 in grid:
            return compiled
        keep, values = [], []
        for name, ty in compiled.params:
            value = runtime[name]
            if ty.is_ptr:
                keep.append(ctypes.c_void_p(_pointer(name, value)))
                values.append(keep[-1].value)
            elif ty.is_floating:
                keep.append(ctypes.c_double(float(value)) if ty.bits == 64
                            else ctypes.c_float(float(value)))
            else:
                ctype = {8: ctypes.c_int8, 16: ctypes.c_int16,
                         32: ctypes.c_int32, 64: ctypes.c_int64}[ty.bits]
                keep.append(ctype(int(value)))
            if not ty.is_ptr:
                values.append(keep[-1].value)
        pointers = [ctypes.cast(ctypes.byref(v), ctypes.c_void_p)
                    for v in keep]
        # The tensor maps the kernel takes after its own parameters.
        for entry in sorted(meta.get("tensor_maps", []),
                            key=lambda e: e["param"]):
            storage, address = self.encode_tensor_map(entry, values)
            keep.append(storage)
            pointers.append(ctypes.c_void_p(address))
        params = (ctypes.c_void_p * max(1, len(pointers)))(*pointers)
        block = meta["block_dims"]
        shared, _ = dynamic_shared_memory(meta)
        stream = _current_stream()
        cluster = meta["cluster_dims"]
        if cluster == [1, 1, 1]:
            self.check(self.cuda.cuLaunchKernel(
                function, *map(ctypes.c_uint, grid),
                *map(ctypes.c_uint, block), ctypes.c_uint(shared), stream,
                params, None), "cuLaunchKernel")
            return compiled
        attribute = _LaunchAttribute()
        attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attribute.value.clusterDim[:] = cluster
        config = _LaunchConfig(*grid, *block, shared, stream.value,
                               ctypes.pointer(attribute), 1)
        self.check(self.cuda.cuLaunchKernelEx(ctypes.byref(config), function,
                                              params, None),
                   "cuLaunchKernelEx")
        return compiled
