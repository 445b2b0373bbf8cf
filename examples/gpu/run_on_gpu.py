#!/usr/bin/env python3
"""Runs the PTX of every example kernel on a GPU and checks the results.

The PTX is built elsewhere (examples/gpu/build_ptx.sh, which needs the
tileiras build); this machine needs only Python, numpy and a CUDA driver,
with cupy or, failing that, torch (the kernels are then loaded and launched
through the driver API, libcuda, with ctypes).

    python3 examples/gpu/run_on_gpu.py --ptx-dir DIR [--arch sm_90a]
                                       [--only NAME,...] [--backend B]

For every example of specs.py and each of its "gpu" sizes: loads
DIR/<example>.<arch>.ptx, checks that the kernel's .param list and .reqntid
match the spec, generates the seeded inputs, launches the kernel (block =
32 * numWarps threads, the spec's grid, and the dynamic shared memory of
the kernel metadata DIR/<example>.<arch>.json that build_ptx.sh writes
beside the PTX, with CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES raised
to it when the kernel needs more than 48 KiB in all, and the TMA tensor maps
the metadata lists, encoded with cuTensorMapEncodeTiled), copies the outputs
back and compares them with the reference within the stated tolerance.
Prints a table and exits with status 1 if anything failed.

--nvcc-dir DIR also checks (and with --time, times) the hand-written CUDA
equivalent of each example (bench/ptx_quality/cuda/<example>.cu, built
with nvcc into DIR by examples/gpu/build_nvcc_ptx.sh). Those kernels have
the example's name, parameters, block and grid, and need no more dynamic
shared memory than it and the same tensor maps, so they launch with the
tileiras kernel's metadata, which the script copies beside them.

--dry-run does everything but the launch (no GPU, no numpy needed): it
checks the PTX interfaces against the specs and evaluates the references.

--time (needs torch) then times matmul, matmul_int8, matmul_fp8,
matmul_mxfp8, attention, matmul_tma, attention_tma and
matmul_mxfp8_tcgen05 at a large size
(--time-size NAME:m=...,n=...,k=... to change one) against torch's cuBLAS /
SDPA and prints TFLOP/s and the ratio (timing.py); --time-self-test checks
the timing arithmetic without a GPU.
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import specs  # noqa: E402
import timing  # noqa: E402


# ------------------------------------------------------------ PTX interface
def ptx_interface(text, kernel):
    """The .param types (".u64", ".u32", ".f32", ...) of `.entry kernel`
    and its .reqntid (or None)."""
    m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\((.*?)\)(.*?)\{",
                  text, re.S)
    if not m:
        raise RuntimeError(f"no .entry {kernel} in the PTX")
    params = re.findall(r"\.param\s+(\.[a-z]\d+)", m.group(1))
    reqntid = re.search(r"\.reqntid\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)",
                        m.group(2))
    return params, tuple(map(int, reqntid.groups())) if reqntid else None


def check_interface(spec, text):
    """The PTX ABI of our kernels: pointers are .u64, i32 scalars .u32 (or
    .s32/.b32), f32 scalars .f32, in the spec's order."""
    params, reqntid = ptx_interface(text, spec.kernel)
    wanted = []
    for arg in spec.args:
        if isinstance(arg, specs.Buffer):
            wanted.append({".u64", ".b64", ".s64"})
        elif arg.ptx_type == "i32":
            wanted.append({".u32", ".s32", ".b32"})
        else:
            wanted.append({".f32", ".b32"})
    if len(params) != len(wanted) or any(
            p not in w for p, w in zip(params, wanted)):
        raise RuntimeError(f"{spec.kernel}: the PTX parameters {params} do "
                           f"not match the spec's arguments "
                           f"{[a.name for a in spec.args]}")
    if reqntid and reqntid != spec.block:
        raise RuntimeError(f"{spec.kernel}: .reqntid {reqntid} but the spec "
                           f"launches {spec.block} threads")


# ------------------------------------------------------------ shared memory
PORTABLE_SHARED_MEMORY_BYTES = 48 * 1024  # without opting in, on every GPU


def kernel_metadata(ptx_path, kernel):
    """The kernel's entry of the metadata JSON beside the PTX (`tileiras
    --metadata`, docs/cli.md), or None when there is none."""
    path = os.path.splitext(ptx_path)[0] + ".json"
    if not os.path.exists(path):
        return None
    with open(path) as f:
        document = json.load(f)
    for target in document["targets"]:
        for entry in target["kernels"]:
            if entry["name"] == kernel:
                return entry
    raise RuntimeError(f"{path} describes no kernel {kernel}")


def launch_shared_memory(ptx_text, meta):
    """(dynamic shared memory bytes to launch with, whether the kernel's
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES must be raised to them
    first). A CTA gets at most 48 KiB in all unless the attribute allows
    more (up to the device's opt-in maximum)."""
    if meta is None:
        if re.search(r"\.extern\s+\.shared", ptx_text):
            raise RuntimeError("the PTX uses dynamic shared memory (.extern "
                               ".shared) but there is no kernel metadata "
                               "beside it to say how much; rebuild with "
                               "examples/gpu/build_ptx.sh")
        return 0, False
    dynamic = int(meta["dynamic_shared_memory_bytes"])
    static = int(meta["static_shared_memory_bytes"])
    return dynamic, static + dynamic > PORTABLE_SHARED_MEMORY_BYTES


def encode_tensor_map(entry, values):
    """A kernel's tensor-map argument (its metadata's `tensor_maps` entry,
    docs/cli.md) for its own arguments `values` (ints by parameter index:
    device addresses and scalars), encoded with cuTensorMapEncodeTiled into
    a 128-byte aligned buffer. Returns (buffer to keep alive, address)."""
    import ctypes as c
    cuda = c.CDLL("libcuda.so.1")

    def value(v):
        return int(values[v["param"]]) if isinstance(v, dict) else int(v)
    dims = [value(v) for v in entry["global_dims"]]
    strides = [value(v) * entry["element_bytes"]
               for v in entry["global_strides_elements"]]
    if any(d < 1 for d in dims):
        raise RuntimeError(f"tensor map of parameter {entry['param']}: an "
                           f"empty tensor (sizes {dims}) cannot be encoded")
    storage = (c.c_uint8 * 256)()
    address = (c.addressof(storage) + 127) & ~127
    rank = entry["rank"]
    status = cuda.cuTensorMapEncodeTiled(
        c.c_void_p(address), c.c_int(entry["cu_data_type"]), c.c_uint32(rank),
        c.c_void_p(values[entry["address_param"]]),
        (c.c_uint64 * rank)(*dims), (c.c_uint64 * max(1, rank - 1))(*strides),
        (c.c_uint32 * rank)(*entry["box_dims"]),
        (c.c_uint32 * rank)(*entry["element_strides"]),
        c.c_int(entry["interleave"]), c.c_int(entry["cu_swizzle"]),
        c.c_int(entry["cu_l2_promotion"]), c.c_int(entry["cu_oob_fill"]))
    if status:
        raise RuntimeError(f"cuTensorMapEncodeTiled (parameter "
                           f"{entry['param']}): CUDA error {status}")
    return storage, address


def driver_launch(function, grid, block, shared, stream, args):
    """cuLaunchKernel through libcuda for (kind, value) arguments: "ptr"
    (a device address), "i32" (signed), "f32" (bits), "tmap" ((buffer,
    address) of a tensor map, passed by value)."""
    import ctypes as c
    cuda = c.CDLL("libcuda.so.1")
    values, pointers = [], []
    for kind, value in args:
        if kind == "tmap":
            values.append(value[0])
            pointers.append(c.c_void_p(value[1]))
            continue
        values.append(c.c_uint64(value) if kind == "ptr" else
                      c.c_int32(value) if kind == "i32" else
                      c.c_uint32(value))
        pointers.append(c.cast(c.pointer(values[-1]), c.c_void_p))
    array = (c.c_void_p * len(pointers))(*pointers)
    status = cuda.cuLaunchKernel(
        c.c_void_p(function), *map(c.c_uint, grid), *map(c.c_uint, block),
        c.c_uint(shared), c.c_void_p(stream), array, None)
    if status:
        raise RuntimeError(f"cuLaunchKernel: CUDA error {status}")
    return values, array  # alive while the launch may run


# ----------------------------------------------------------------- backends
class Cupy:
    name = "cupy"

    def __init__(self):
        import cupy
        import numpy
        self.cp, self.np = cupy, numpy
        cupy.cuda.Device().synchronize()

    def load(self, path, kernel, shared):
        function = self.cp.RawModule(path=path).get_function(kernel)
        dynamic, opt_in = shared
        if opt_in:
            function.max_dynamic_shared_size_bytes = dynamic
        return function

    def upload(self, data):
        return self.cp.asarray(self.np.frombuffer(data, dtype=self.np.uint8))

    def launch(self, function, grid, block, args, shared):
        self.launcher(function, grid, block, args, shared)()
        self.cp.cuda.Device().synchronize()

    def launcher(self, function, grid, block, args, shared=(0, False)):
        """A function that enqueues the launch (no synchronization);
        pointers may be cupy arrays or torch tensors."""
        if any(kind == "tmap" for kind, _ in args):
            # A 128-byte by-value parameter: through the driver API.
            resolved = [(kind, device_address(value) if kind == "ptr"
                         else value)
                        for kind, value in args]
            stream = self.cp.cuda.get_current_stream().ptr
            handle = function.kernel.ptr  # RawKernel -> CUfunction
            return lambda: driver_launch(handle, grid, block,
                                         shared[0], stream, resolved)
        values = []
        for kind, value in args:
            if kind == "ptr" and hasattr(value, "data_ptr"):
                # a torch tensor (--time), possibly of a dtype cupy lacks
                # (fp8): its address as a 64-bit parameter
                values.append(self.np.uint64(value.data_ptr()))
            elif kind == "ptr":
                values.append(value if isinstance(value, self.cp.ndarray)
                              else self.cp.asarray(value))
            elif kind == "i32":  # from its bits, as a signed int
                values.append(self.np.uint32(value).view(self.np.int32))
            else:  # f32, from its bits: exact
                values.append(self.np.uint32(value).view(self.np.float32))
        values = tuple(values)
        return lambda: function(grid, block, values, shared_mem=shared[0])

    def download(self, buffer):
        return self.cp.asnumpy(buffer).tobytes()


CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8  # CUfunction_attribute


class TorchDriver:
    """torch for memory, the CUDA driver API (libcuda via ctypes) for the
    module and the launch."""
    name = "torch+libcuda"

    def __init__(self):
        import ctypes
        import torch
        self.ctypes, self.torch = ctypes, torch
        torch.zeros(1, device="cuda")  # creates and binds the primary context
        self.cuda = ctypes.CDLL("libcuda.so.1")
        c = ctypes
        self.cuda.cuModuleLoadData.argtypes = [c.POINTER(c.c_void_p),
                                               c.c_char_p]
        self.cuda.cuModuleGetFunction.argtypes = [c.POINTER(c.c_void_p),
                                                  c.c_void_p, c.c_char_p]
        self.cuda.cuLaunchKernel.argtypes = [
            c.c_void_p, c.c_uint, c.c_uint, c.c_uint, c.c_uint, c.c_uint,
            c.c_uint, c.c_uint, c.c_void_p, c.POINTER(c.c_void_p),
            c.POINTER(c.c_void_p)]
        self.cuda.cuFuncSetAttribute.argtypes = [c.c_void_p, c.c_int,
                                                 c.c_int]
        self.cuda.cuGetErrorString.argtypes = [c.c_int,
                                               c.POINTER(c.c_char_p)]
        self.modules = []

    def check(self, status, what):
        if status:
            text = self.ctypes.c_char_p()
            self.cuda.cuGetErrorString(status, self.ctypes.byref(text))
            raise RuntimeError(f"{what}: CUDA error {status} "
                               f"({(text.value or b'?').decode()})")

    def load(self, path, kernel, shared):
        c = self.ctypes
        with open(path, "rb") as f:
            image = f.read() + b"\0"
        module, function = c.c_void_p(), c.c_void_p()
        self.check(self.cuda.cuModuleLoadData(c.byref(module), image),
                   f"cuModuleLoadData({path})")
        self.modules.append(module)
        self.check(self.cuda.cuModuleGetFunction(c.byref(function), module,
                                                 kernel.encode()),
                   f"cuModuleGetFunction({kernel})")
        dynamic, opt_in = shared
        if opt_in:
            self.check(self.cuda.cuFuncSetAttribute(
                function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                dynamic), f"cuFuncSetAttribute({kernel}, {dynamic} bytes of "
                          "dynamic shared memory)")
        return function

    def upload(self, data):
        host = self.torch.frombuffer(bytearray(data), dtype=self.torch.uint8)
        return host.to("cuda")

    def launch(self, function, grid, block, args, shared):
        run = self.launcher(function, grid, block, args, shared)
        self.torch.cuda.synchronize()  # the uploads are on torch's stream
        run()
        self.check(self.cuda.cuCtxSynchronize(), "kernel execution")

    def launcher(self, function, grid, block, args, shared=(0, False)):
        """A function that enqueues the launch on torch's current stream
        (no synchronization)."""
        c = self.ctypes
        values = []
        for kind, value in args:
            if kind == "tmap":  # (buffer, address): the 128 bytes by value
                values.append(value[0])
                continue
            if kind == "ptr":
                values.append(c.c_uint64(value.data_ptr()))
            elif kind == "i32":
                values.append(c.c_int32(value))
            else:
                values.append(c.c_uint32(value))  # f32 bits
        pointers = (c.c_void_p * len(values))(
            *[c.c_void_p(value[1]) if kind == "tmap"
              else c.cast(c.pointer(v), c.c_void_p)
              for (kind, value), v in zip(args, values)])
        stream = c.c_void_p(self.torch.cuda.current_stream().cuda_stream)

        def run():
            self.check(self.cuda.cuLaunchKernel(
                function, *grid, *block, shared[0], stream, pointers, None),
                "cuLaunchKernel")
            run.keep = (values, pointers)  # alive while launches may run
        return run

    def download(self, buffer):
        return buffer.cpu().numpy().tobytes()


def make_backend(choice):
    errors = []
    for backend in ([Cupy, TorchDriver] if choice == "auto" else
                    [Cupy] if choice == "cupy" else [TorchDriver]):
        try:
            return backend()
        except Exception as e:  # noqa: BLE001 - report why each is unusable
            errors.append(f"{backend.name}: {e}")
    raise SystemExit("no usable GPU backend:\n  " + "\n  ".join(errors))


# -------------------------------------------------------------------- main
def device_address(buffer):
    """The device address of a torch tensor or a cupy array."""
    return buffer.data_ptr() if hasattr(buffer, "data_ptr") else \
        buffer.data.ptr


def tensor_map_args(meta, args):
    """The ("tmap", ...) arguments a TMA kernel takes after its own
    parameters `args`, encoded from their values; none when the metadata
    lists no tensor maps."""
    if not meta or not meta.get("tensor_maps"):
        return []
    values = [device_address(v) if kind == "ptr" else
              (v - (1 << 32) if kind == "i32" and v >= 1 << 31 else v)
              for kind, v in args]
    return [("tmap", encode_tensor_map(entry, values))
            for entry in sorted(meta["tensor_maps"], key=lambda e: e["param"])]


def run_example(backend, spec, path, sizes_key):
    meta = kernel_metadata(path, spec.kernel)
    with open(path) as f:
        shared = launch_shared_memory(f.read(), meta)
    function = backend.load(path, spec.kernel, shared) if backend else None
    results = []
    for size in spec.sizes[sizes_key]:
        inputs = specs.inputs_for(spec, size)
        if backend is None:  # --dry-run: the reference must still evaluate
            spec.reference(size, inputs)
            continue
        args, buffers = [], {}
        for arg in spec.args:
            if isinstance(arg, specs.Buffer):
                buffers[arg.name] = backend.upload(
                    specs.pack(arg.dtype, inputs[arg.name]))
                args.append(("ptr", buffers[arg.name]))
            else:
                args.append((arg.ptx_type, specs.scalar_bits(
                    arg.ptx_type, inputs[arg.name])))
        args += tensor_map_args(meta, args)
        backend.launch(function, spec.grid(size), spec.block, args, shared)
        outputs = {a.name: backend.download(buffers[a.name])
                   for a in spec.args
                   if isinstance(a, specs.Buffer) and a.is_output}
        results += specs.compare(spec, size, inputs, outputs)
    return results


def kernel_launcher(backend, path, spec, name, size, tensors):
    """A function that enqueues one launch of the kernel in `path` on the
    timing inputs `tensors`."""
    meta = kernel_metadata(path, spec.kernel)
    with open(path) as f:
        shared = launch_shared_memory(f.read(), meta)
    function = backend.load(path, spec.kernel, shared)
    args = timing.kernel_args(name, size, tensors)
    args += tensor_map_args(meta, args)
    return backend.launcher(function, timing.grid(name, size), spec.block,
                            args, shared)


def time_examples(backend, ptx_dir, nvcc_dir, arch, names, sizes, warmup,
                  iters):
    """The --time table: each example's kernel, its CUDA equivalent (when
    nvcc_dir has one) and its torch equivalent."""
    import torch
    rows = []
    for name in names:
        spec, size = specs.BY_NAME[name], sizes[name]
        tensors, reference = timing.make_inputs(torch, name, size)
        run = kernel_launcher(backend, os.path.join(
            ptx_dir, f"{name}.{arch}.ptx"), spec, name, size, tensors)
        kernel_ms = timing.time_ms(torch, run, warmup, iters)
        nvcc_ms = None
        nvcc_path = os.path.join(nvcc_dir or "", f"{name}.{arch}.ptx")
        if nvcc_dir and os.path.exists(nvcc_path):
            try:
                nvcc_ms = timing.time_ms(torch, kernel_launcher(
                    backend, nvcc_path, spec, name, size, tensors),
                    warmup, iters)
            except Exception as e:  # noqa: BLE001 - report, time the rest
                print(f"  {name}: the nvcc kernel did not run: {e}")
        try:
            torch_ms = timing.time_ms(torch, reference, warmup, iters)
        except Exception as e:  # noqa: BLE001 - e.g. no fp8 GEMM on sm_80
            print(f"  {name}: torch reference unavailable: {e}")
            torch_ms = None
        rows.append((name, size, kernel_ms, nvcc_ms, torch_ms,
                     timing.torch_op(name, reference)))
    return timing.table(rows)


def timing_sizes(parser, items):
    sizes = {name: dict(size)
             for name, size in {**timing.SIZES, **timing.VARIANTS}.items()}
    for item in items:
        name, _, text = item.partition(":")
        if name not in sizes:
            parser.error(f"--time-size: {name} is not timed "
                         f"({', '.join(sizes)})")
        try:
            size = timing.parse_size(text)
            timing.check_size(name, size)
        except ValueError as e:
            parser.error(f"--time-size {item}: {e}")
        sizes[name] = size
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ptx-dir", required=False,
                        help="folder with <example>.<arch>.ptx "
                             "(examples/gpu/build_ptx.sh)")
    parser.add_argument("--arch", default="sm_90a")
    parser.add_argument("--nvcc-dir",
                        help="folder with the CUDA equivalents' PTX "
                             "(examples/gpu/build_nvcc_ptx.sh): checked and "
                             "timed beside the tileiras kernels")
    parser.add_argument("--only", default="",
                        help="comma-separated examples to run")
    parser.add_argument("--backend", default="auto",
                        choices=["auto", "cupy", "torch"])
    parser.add_argument("--sizes", default="gpu", choices=["gpu", "sim"])
    parser.add_argument("--dry-run", action="store_true",
                        help="check the PTX interfaces and the references; "
                             "launch nothing")
    parser.add_argument("--time", action="store_true",
                        help="after the checks, time " +
                             ", ".join(timing.SIZES) + " against torch")
    parser.add_argument("--time-size", action="append", default=[],
                        metavar="NAME:k=v,...",
                        help="problem size of one timed example, e.g. "
                             "matmul:m=8192,n=8192,k=4096")
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--iters", type=int, default=50)
    parser.add_argument("--time-self-test", action="store_true",
                        help="check the timing arithmetic (no GPU) and exit")
    args = parser.parse_args()
    if args.time_self_test:
        print(timing.self_test())
        return 0
    if not args.ptx_dir:
        parser.error("--ptx-dir is required")
    sizes = timing_sizes(parser, args.time_size)
    if args.time and args.dry_run:
        parser.error("--time needs a GPU (not --dry-run)")
    if args.warmup < 0 or args.iters < 1:
        parser.error("--warmup must be >= 0 and --iters >= 1")

    only = [n for n in args.only.split(",") if n]
    for name in only:
        if name not in specs.BY_NAME:
            parser.error(f"no example named {name}")
    # --only may name the cuda_tile kernels and variants too (BY_NAME).
    chosen = [specs.BY_NAME[n] for n in only] if only else specs.SPECS
    backend = None if args.dry_run else make_backend(args.backend)
    print(f"{'dry run' if backend is None else backend.name}, {args.arch}, "
          f"PTX from {args.ptx_dir}")
    print("tolerances:\n" + specs.tolerances())

    runs = [(spec, args.ptx_dir, spec.name) for spec in chosen]
    if args.nvcc_dir:  # the CUDA equivalents, where there is one
        runs += [(spec, args.nvcc_dir, "nvcc " + spec.name)
                 for spec in chosen if os.path.exists(os.path.join(
                     args.nvcc_dir, f"{spec.name}.{args.arch}.ptx"))]
    all_results, failed = [], []
    for spec, folder, label in runs:
        path = os.path.join(folder, f"{spec.name}.{args.arch}.ptx")
        try:
            with open(path) as f:
                check_interface(spec, f.read())
            results = run_example(backend, spec, path, args.sizes)
        except Exception as e:  # noqa: BLE001 - one example's failure
            print(f"FAIL: {label}: {e}")
            failed.append(label)
            continue
        all_results += results
        if not all(r.passed for r in results):
            failed.append(label)
        for r in results:
            for message in r.messages:
                print(f"  {message}")
        print(f"{'FAIL' if label in failed else 'ok'}: {label}")
    if all_results:
        print()
        print(specs.table(all_results))
    print(f"\n{len(runs) - len(failed)} passed, {len(failed)} failed")
    if args.time:
        timed = [n for n in {**timing.SIZES, **timing.VARIANTS}
                 if (not only and n in timing.SIZES) or n in only]
        print(f"\ntimes ({args.iters} launches after {args.warmup}, "
              f"{args.arch}):")
        print(time_examples(backend, args.ptx_dir, args.nvcc_dir, args.arch,
                            timed, sizes, args.warmup, args.iters))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
