"""The CPU simulator of tileiras output (see README.md beside this file).

Lowered code runs on the host: the NVPTX LLVM IR is turned into host IR by
tileiras-sim-prep (flat address space, inline PTX -> host IR, llvm.nvvm.*
-> the runtime in runtime.cpp, per-CTA shared memory), instrumented with
AddressSanitizer, compiled with llc and linked with the runtime; every GPU
thread is a host thread.

Two front ends:

* `Kernel` (with `Toolchain`): a whole kernel, compiled by `tileiras
  --emit=llvm`, launched on a grid with host buffers as its pointer
  arguments (kernel_main.cpp). Used by examples/gpu/run_on_cpu.py.
* `Program` (with `Tools`): single lowered functions of an nv_tileaa module
  with explicit layouts, run on one simulated CTA with per-thread inputs and
  outputs (function_main.cpp). Used by the lowering tests in
  test/Passes/TileToLLVM; the layout algebra below tells which element each
  register holds.
"""
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


class SimError(RuntimeError):
    """A step failed (compile, link) or the simulated launch reported an
    error (AddressSanitizer, misaligned or out-of-buffer access, deadlock,
    device assertion)."""


def run(cmd, **kwargs):
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode:
        raise SimError(f"{' '.join(cmd)} failed ({result.returncode}):\n"
                       f"{result.stdout}{result.stderr}"[:6000])
    return result.stdout


def _llvm_bin():
    for candidate in ("llvm-config-22", "llvm-config"):
        found = shutil.which(candidate)
        if found:
            out = subprocess.run([found, "--bindir"], capture_output=True,
                                 text=True)
            if out.returncode == 0 and os.path.exists(
                    os.path.join(out.stdout.strip(), "llc")):
                return out.stdout.strip()
    return "/usr/lib/llvm-22/bin"


RUNTIME_SOURCES = ("runtime.cpp", "runtime_async.cpp", "mma.cpp", "matrix.cpp",
                   "cp_async.cpp", "mbarrier.cpp", "tensor_map.cpp",
                   "wgmma.cpp", "tcgen05.cpp")
RUNTIME_HEADERS = ("runtime.h", "mma.h", "matrix.h", "cp_async.h",
                   "mbarrier.h", "tensor_map.h", "wgmma.h", "tcgen05.h",
                   "proxy.h")
RUNTIME_FLAGS = ("-std=c++20", "-O1", "-frounding-math", "-fsanitize=address")


RUNTIME_MAINS = ("kernel_main.cpp", "function_main.cpp")


def _runtime_key(cxx):
    """A digest of everything the runtime objects depend on: the sources
    (both mains: they share one folder), headers, the flags and the
    compiler's version."""
    digest = hashlib.sha256()
    for name in (*RUNTIME_SOURCES, *RUNTIME_MAINS, *RUNTIME_HEADERS):
        with open(os.path.join(HERE, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read() + b"\0")
    version = subprocess.run([cxx, "--version"], capture_output=True,
                             text=True).stdout
    digest.update(" ".join((cxx, *RUNTIME_FLAGS, version)).encode())
    return digest.hexdigest()[:20]


def _runtime_dir(cxx, work, cache):
    """Where the runtime objects live: <cache>/<key> when a cache folder is
    given and writable (shared by every work folder: tests need not each
    spend half a minute compiling the runtime), else `work`."""
    if cache:
        folder = os.path.join(cache, _runtime_key(cxx))
        try:
            os.makedirs(folder, exist_ok=True)
            return folder
        except OSError:
            pass
    return work


def _compile_runtime(cxx, work, main, cache=None):
    """The runtime's objects and the given main (kernel_main or
    function_main), built with AddressSanitizer. Cached under `cache` by
    content (see _runtime_dir); several processes may fill the cache at once,
    each object appears by an atomic rename."""
    folder = _runtime_dir(cxx, work, cache)
    objects = []
    for source in (*RUNTIME_SOURCES, main):
        # Prefixed: a kernel's object is <name>.o in the same folder.
        obj = os.path.join(folder, "sim-rt-" + source.replace(".cpp", ".o"))
        if os.path.exists(obj) and folder != work:
            objects.append(obj)  # the digest names its sources
            continue
        newest = max(os.path.getmtime(os.path.join(HERE, f))
                     for f in (source, *RUNTIME_HEADERS))
        if not os.path.exists(obj) or os.path.getmtime(obj) < newest:
            tmp = f"{obj}.{os.getpid()}.tmp"
            run([cxx, *RUNTIME_FLAGS, "-c", os.path.join(HERE, source), "-o",
                 tmp])
            os.replace(tmp, obj)
        objects.append(obj)
    return objects


def default_runtime_cache(bin_dir):
    """$TILEIRAS_SIM_RUNTIME_CACHE, else sim-runtime/ beside the bin folder
    (build/sim-runtime for the tree's build)."""
    return os.environ.get("TILEIRAS_SIM_RUNTIME_CACHE") or os.path.join(
        os.path.dirname(os.path.abspath(bin_dir)), "sim-runtime")


def host_object(prep, opt, llc, ll, base, prep_args=()):
    """NVPTX LLVM IR `ll` -> base.o through tileiras-sim-prep, the
    AddressSanitizer pass and llc. Returns the host .ll and the object."""
    host = base + ".host.ll"
    run([prep, ll, "-o", host, *prep_args])
    run([opt, "-mtriple=x86_64-pc-linux-gnu", "-passes=asan", host,
         "-o", base + ".bc"])
    run([llc, "-O1", "-filetype=obj", "-relocation-model=pic",
         base + ".bc", "-o", base + ".o"])
    return host, base + ".o"


def explain_missing_runtime(link_error):
    """A link that fails on __sim_nvvm_* means the kernel uses an NVVM
    intrinsic the runtime (runtime.cpp) does not implement: say that it is
    a gap of the simulator, naming the intrinsic, not the user's mistake."""
    missing = sorted(set(re.findall(r"undefined reference to `(__sim_\w+)'",
                                    link_error)))
    if not missing:
        return link_error
    names = ", ".join("llvm.nvvm." + m[len("__sim_nvvm_"):].replace("_", ".")
                      if m.startswith("__sim_nvvm_") else m for m in missing)
    return (f"the simulator does not implement {names} "
            f"(runtime functions {', '.join(missing)}). This is a gap in the "
            "simulator, not a mistake in your kernel (tileiras compiled it); "
            "test/Sim/Inputs/sim-coverage.txt lists what it covers. Please "
            "report it with the kernel; to add it, implement the function "
            "in tools/sim/runtime.cpp.\n" + link_error)


# ------------------------------------------------------------ whole kernels
def _require(tool):
    if not os.path.exists(tool):
        raise SimError(f"{tool} not found (build the tree: ninja -C build "
                       "tileiras tileiras-sim-prep)")


class Buffer:
    """A pointer argument: `data` (bytes) is copied into a fresh host
    allocation of exactly that size; its contents after the launch are
    returned under `name`."""

    def __init__(self, name, data):
        self.name, self.data = name, bytes(data)


class Scalar:
    """A by-value argument: kind i8/i16/i32/i64 (an int) or f32/f64 (the
    IEEE bits as an int)."""

    def __init__(self, kind, value):
        self.kind, self.value = kind, value


# CUtensorMapDataType numbering and element sizes (tensor_map.h).
TENSOR_MAP_TYPES = {"u8": (0, 1), "u16": (1, 2), "u32": (2, 4), "i32": (3, 4),
                    "u64": (4, 8), "i64": (5, 8), "f16": (6, 2), "f32": (7, 4),
                    "f64": (8, 8), "bf16": (9, 2), "f32_ftz": (10, 4),
                    "tf32": (11, 4), "tf32_ftz": (12, 4)}
SWIZZLE_BYTES = {0: 0, 32: 1, 64: 2, 128: 3}


class TensorMap:
    """A tensor-map argument (a kernel's `byval [128 x i8]` grid_constant
    parameter): the launcher-side cuTensorMapEncodeTiled. `buffer` names the
    Buffer argument (passed before it) whose address the map gets; `dims`
    and `box` are element counts innermost first, `strides` the byte
    strides of dims 1.. (dim 0 is dense), `swizzle` 0/32/64/128 (bytes),
    `nan_fill` the NaN out-of-bounds fill. Checks the encoder's rules
    (ValueError); the encoding is tensor_map.h's."""

    def __init__(self, name, buffer, dtype, dims, strides, box,
                 element_strides=None, swizzle=0, nan_fill=False):
        code, size = TENSOR_MAP_TYPES[dtype]
        rank = len(dims)
        element_strides = element_strides or [1] * rank
        if not 1 <= rank <= 5 or len(box) != rank or \
                len(strides) != rank - 1 or len(element_strides) != rank:
            raise ValueError("rank 1..5 with matching dims/box/strides")
        if any(not 1 <= d <= 1 << 32 for d in dims):
            raise ValueError("global dims must be 1..2^32 (an empty tensor "
                             "cannot be encoded)")
        if any(s % 16 or s >= 1 << 40 for s in strides):
            raise ValueError("global strides must be multiples of 16 < 2^40")
        if any(not 1 <= b <= 256 for b in box) or \
                any(not 1 <= e <= 8 for e in element_strides):
            raise ValueError("box dims 1..256, element strides 1..8")
        if box[0] * size % 16:
            raise ValueError("the inner box dimension must be a multiple "
                             "of 16 bytes")
        if swizzle not in SWIZZLE_BYTES or (swizzle and box[0] * size > swizzle):
            raise ValueError("swizzle 0/32/64/128 bytes, at least the inner "
                             "box dimension")
        if nan_fill and code < 6:
            raise ValueError("NaN fill needs a float type")
        pad = lambda xs, n, v: list(xs) + [v] * (n - len(xs))  # noqa: E731
        self.name, self.buffer = name, buffer
        self.data = (struct.pack("<I4B", 0x50414d54, code, rank,
                                 SWIZZLE_BYTES[swizzle], int(nan_fill)) +
                     struct.pack("<Q", 0) +  # the launcher sets the address
                     struct.pack("<5I", *pad(dims, 5, 1)) +
                     struct.pack("<I", 0) +  # no interleave
                     struct.pack("<4Q", *pad(strides, 4, 0)) +
                     struct.pack("<5H", *pad(box, 5, 1)) +
                     struct.pack("<5B", *pad(element_strides, 5, 1)))
        self.data += bytes(128 - len(self.data))


def tensor_maps_for(entries, args):
    """The TensorMap arguments a kernel's metadata (`tensor_maps`, see
    docs/cli.md) asks for, built from its own arguments `args` as a launcher
    calls cuTensorMapEncodeTiled; in parameter order."""
    names = {code: name for name, (code, _) in TENSOR_MAP_TYPES.items()}
    maps = []
    for entry in sorted(entries, key=lambda e: e["param"]):
        def value(v):
            return args[v["param"]].value if isinstance(v, dict) else v
        size = entry["element_bytes"]
        maps.append(TensorMap(
            f"tmap{entry['param']}", args[entry["address_param"]].name,
            names[entry["cu_data_type"]],
            [value(v) for v in entry["global_dims"]],
            [value(v) * size for v in entry["global_strides_elements"]],
            entry["box_dims"], entry["element_strides"],
            entry["swizzle_bytes"], entry["oob_fill"] == "nan"))
    return maps


class Toolchain:
    """Where the tools are: tileiras and tileiras-sim-prep (bin_dir, by
    default the tree's build/bin), opt and llc of LLVM 22, a C++20 compiler
    with AddressSanitizer. Objects and executables go to `work`."""

    def __init__(self, work, bin_dir=None, llvm_bin=None, cxx="g++"):
        self.bin_dir = bin_dir or os.path.join(REPO, "build", "bin")
        self.tileiras = os.path.join(self.bin_dir, "tileiras")
        self.prep = os.path.join(self.bin_dir, "tileiras-sim-prep")
        llvm_bin = llvm_bin or _llvm_bin()
        self.opt = os.path.join(llvm_bin, "opt")
        self.llc = os.path.join(llvm_bin, "llc")
        self.cxx = cxx
        self.work = work
        os.makedirs(work, exist_ok=True)
        for tool in (self.prep, self.opt, self.llc):
            _require(tool)
        self._runtime = None

    def runtime(self):
        if self._runtime is None:
            self._runtime = _compile_runtime(
                self.cxx, self.work, "kernel_main.cpp",
                default_runtime_cache(self.bin_dir))
        return self._runtime

    def build(self, source, name=None, target="sm_90a", options=(),
              metadata=None):
        """A Kernel from an nv_tileaa module (.mlir, compiled with
        `tileiras --emit=llvm`) or from NVPTX LLVM IR (.ll, with the kernel
        metadata JSON of its compile when it takes tensor maps)."""
        name = name or os.path.splitext(os.path.basename(source))[0]
        base = os.path.join(self.work, name)
        ll = source
        if source.endswith(".mlir"):
            _require(self.tileiras)
            ll = base + ".nvptx.ll"
            metadata = base + ".json"
            run([self.tileiras, f"--gpu-name={target}", "--emit=llvm",
                 f"--metadata={metadata}", *options, source, "-o", ll])
        host, obj = host_object(self.prep, self.opt, self.llc, ll, base)
        exe = base + ".exe"
        try:
            run([self.cxx, "-fsanitize=address", "-pthread", obj,
                 *self.runtime(), "-o", exe, "-lm"])
        except SimError as e:
            raise SimError(explain_missing_runtime(str(e))) from None
        return Kernel(name, exe, host, metadata)


class Kernel:
    def __init__(self, name, exe, host_ll, metadata=None):
        self.name, self.exe = name, exe
        with open(host_ll) as f:
            text = f.read()

        def string(symbol):
            m = re.search(rf'@{symbol} = constant \[\d+ x i8\] c"([^"]*)\\00"',
                          text)
            return m.group(1) if m else ""
        self.kernel = string("__sim_kernel_name")
        self.signature = string("__sim_kernel_signature").split(",")
        self.reqntid = string("__sim_kernel_reqntid")
        m = re.search(r"@__sim_shared_bytes = constant i64 (\d+)", text)
        self.shared_bytes = int(m.group(1)) if m else 0
        # The tensor maps the kernel takes after its own parameters.
        self.tensor_maps = []
        if metadata:
            with open(metadata) as f:
                for target in json.load(f)["targets"]:
                    for k in target["kernels"]:
                        if k["name"] == self.kernel:
                            self.tensor_maps = k["tensor_maps"]

    def launch(self, grid, block, args, ctas_at_once=1, timeout=120):
        """Runs the kernel; returns {buffer name: bytes after the launch}
        and the kernel's standard output (vprintf). The tensor maps the
        kernel's metadata lists are built from `args` and appended."""
        if self.tensor_maps and len(args) < len(self.signature):
            try:
                args = list(args) + tensor_maps_for(self.tensor_maps, args)
            except ValueError as e:
                raise SimError(f"{self.name}: cannot encode a tensor map: "
                               f"{e}") from None
        stem = os.path.join(os.path.dirname(self.exe), self.name + ".launch")
        lines = [f"grid {' '.join(map(str, grid))}",
                 f"block {' '.join(map(str, block))}",
                 f"ctas-at-once {ctas_at_once}", f"timeout {timeout}"]
        outputs = {}
        for i, arg in enumerate(args):
            if isinstance(arg, Buffer):
                src, dst = f"{stem}.{i}.in", f"{stem}.{i}.out"
                with open(src, "wb") as f:
                    f.write(arg.data)
                outputs[arg.name] = dst
                lines.append(f"buffer {arg.name} {len(arg.data)} {src} {dst}")
            elif isinstance(arg, TensorMap):
                src = f"{stem}.{i}.in"
                with open(src, "wb") as f:
                    f.write(arg.data)
                lines.append(f"tensormap {arg.name} {arg.buffer} {src}")
            else:
                value = (format(arg.value, "x") if arg.kind.startswith("f")
                         else str(arg.value))
                lines.append(f"scalar {arg.kind} {value}")
        with open(stem + ".txt", "w") as f:
            f.write("\n".join(lines) + "\n")
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0")
        result = subprocess.run([self.exe, stem + ".txt"], capture_output=True,
                                text=True, env=env, timeout=timeout + 30)
        if result.returncode:
            raise SimError(f"{self.name}: simulated launch failed (exit "
                           f"{result.returncode}):\n"
                           f"{result.stdout[-2000:]}{result.stderr[-6000:]}")
        data = {}
        for name, path in outputs.items():
            with open(path, "rb") as f:
                data[name] = f.read()
        return data, result.stdout


# ------------------------------------------------------------------ layouts
class LinearLayout:
    """Port of layout::LinearLayout: bases for register, lane and warp bits;
    a basis reaching past its dimension wraps to zero (replication)."""

    def __init__(self, shape, regs, lanes, warps):
        self.shape = list(shape)

        def wrap(bases):
            return [[0 if v >= s else v for v, s in zip(b, shape)]
                    for b in bases]
        self.regs, self.lanes, self.warps = wrap(regs), wrap(lanes), wrap(warps)

    @staticmethod
    def _part(bases, index, rank):
        coord = [0] * rank
        for bit, basis in enumerate(bases):
            if index >> bit & 1:
                coord = [x ^ y for x, y in zip(coord, basis)]
        return coord

    def apply(self, reg, lane, warp):
        rank = len(self.shape)
        parts = (self._part(self.regs, reg, rank),
                 self._part(self.lanes, lane, rank),
                 self._part(self.warps, warp % self.num_warps, rank))
        return [a ^ b ^ c for a, b, c in zip(*parts)]

    @property
    def num_registers(self):
        return 1 << len(self.regs)

    @property
    def num_warps(self):
        return 1 << len(self.warps)

    def sliced(self, dim):
        drop = lambda bases: [b[:dim] + b[dim + 1:] for b in bases]
        return LinearLayout(self.shape[:dim] + self.shape[dim + 1:],
                            [b for b in drop(self.regs) if any(b)],
                            drop(self.lanes), drop(self.warps))


def _unit(rank, dim, value):
    coord = [0] * rank
    coord[dim] = value
    return coord


class Blocked:
    def __init__(self, size_per_thread, threads_per_warp, warps_per_cta, order):
        self.spt, self.tpw = size_per_thread, threads_per_warp
        self.wpc, self.order = warps_per_cta, order

    def mlir(self):
        join = lambda v: ", ".join(map(str, v))
        return (f"#nv_tileaa.blocked<sizePerThread = [{join(self.spt)}], "
                f"threadsPerWarp = [{join(self.tpw)}], warpsPerCTA = "
                f"[{join(self.wpc)}], order = [{join(self.order)}]>")

    def linear(self, shape):
        rank = len(shape)
        regs, lanes, warps = [], [], []
        for d in self.order:
            v = 1
            while v < self.spt[d]:
                regs.append(_unit(rank, d, v))
                v <<= 1
        for d in self.order:
            v = 1
            while v < self.tpw[d]:
                lanes.append(_unit(rank, d, self.spt[d] * v))
                v <<= 1
        for d in self.order:
            v = 1
            while v < self.wpc[d]:
                warps.append(_unit(rank, d, self.spt[d] * self.tpw[d] * v))
                v <<= 1
        for d in self.order:
            v = self.spt[d] * self.tpw[d] * self.wpc[d]
            while v < shape[d]:
                regs.append(_unit(rank, d, v))
                v <<= 1
        return LinearLayout(shape, regs, lanes, warps)

    def permuted(self, order):
        move = lambda v: [v[s] for s in order]
        inverse = [0] * len(order)
        for i, s in enumerate(order):
            inverse[s] = i
        return Blocked(move(self.spt), move(self.tpw), move(self.wpc),
                       [inverse[d] for d in self.order])


class Slice:
    def __init__(self, dim, parent):
        self.dim, self.parent = dim, parent

    def mlir(self):
        return f"#nv_tileaa.slice<dim = {self.dim}, parent = {self.parent.mlir()}>"

    def linear(self, shape):
        parent_shape = list(shape)
        parent_shape.insert(self.dim, 1)
        return self.parent.linear(parent_shape).sliced(self.dim)


class DotOperand:
    def __init__(self, index, parent):
        self.index, self.parent = index, parent

    def mlir(self):
        return (f"#nv_tileaa.dot_operand<opIdx = {self.index}, "
                f"parent = {self.parent.mlir()}>")

    def linear(self, shape):
        rank = len(shape)
        acc = list(shape)
        k_dim = rank - 1 if self.index == 0 else rank - 2
        dropped = rank - 1 if self.index == 0 else rank - 2
        k = shape[k_dim]
        acc[dropped] = 1
        accumulator = self.parent.linear(acc)

        def project(bases, drop_zero):
            out = []
            for basis in bases:
                mapped = list(basis)
                mapped[dropped] = 0
                mapped[k_dim] = 0
                if drop_zero and not any(mapped):
                    continue
                out.append(mapped)
            return out
        regs = []
        v = 1
        while v < k:
            regs.append(_unit(rank, k_dim, v))
            v <<= 1
        regs += project(accumulator.regs, True)
        return LinearLayout(shape, regs, project(accumulator.lanes, False),
                            project(accumulator.warps, False))


# ------------------------------------------------------ single functions
class Tools:
    """tileiras-opt, mlir-translate and llc of the build under test;
    tileiras-sim-prep is taken from tileiras-opt's folder."""

    def __init__(self, tileiras_opt, mlir_translate, llc, work, cxx="g++"):
        self.tileiras_opt = tileiras_opt
        self.mlir_translate = mlir_translate
        self.llc = llc
        self.opt = os.path.join(os.path.dirname(llc), "opt")
        self.prep = os.path.join(
            os.path.dirname(shutil.which(tileiras_opt) or tileiras_opt),
            "tileiras-sim-prep")
        self.cxx = cxx
        self.work = work
        os.makedirs(work, exist_ok=True)
        self.runtime = _compile_runtime(
            cxx, work, "function_main.cpp",
            default_runtime_cache(os.path.dirname(self.prep)))


def _gpu_module_body(text):
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.strip().startswith("gpu.module"))
    depth = 0
    for i in range(start, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        if depth == 0:
            return lines[start + 1:i]
    raise RuntimeError("unterminated gpu.module")


def _bf16_as_i16(ir):
    """bf16 travels as i16 on the host (x86 handles bfloat aggregates
    poorly): fptrunc becomes a call (function_main.cpp), fpext a shift."""
    def trunc(m):
        tmp = "%t" + m.group(1)[1:].replace(".", "_")
        return (f"{tmp}bits = call i16 @sim_trunc_{m.group(2)}({m.group(2)} "
                f"{m.group(3)})\n  {m.group(1)} = bitcast i16 {tmp}bits to bfloat")
    ir = re.sub(r"(%[\w.]+) = fptrunc (float|double) (%[\w.]+) to bfloat",
                trunc, ir)

    def ext(m):
        tmp = "%x" + m.group(1)[1:].replace(".", "_")
        return (f"{tmp}b = bitcast bfloat {m.group(2)} to i16\n"
                f"  {tmp}z = zext i16 {tmp}b to i32\n"
                f"  {tmp}s = shl i32 {tmp}z, 16\n"
                f"  {m.group(1)} = bitcast i32 {tmp}s to float")
    ir = re.sub(r"(%[\w.]+) = fpext bfloat (%[\w.]+) to float", ext, ir)
    ir = ir.replace("bfloat", "i16")
    return ir + ("\ndeclare i16 @sim_trunc_float(float)\n"
                 "declare i16 @sim_trunc_double(double)\n")


class Program:
    """One executable holding many functions of an nv_tileaa module, each run
    on its own through `run(function, ...)`. Every function takes tiles (or
    scalars) and returns one tile (or scalar)."""

    def __init__(self, tools, name, target, functions):
        """functions: {name: nv_tileaa.func text defining @name}."""
        self.names = list(functions)
        self.base = os.path.join(tools.work, name)
        mlir = (f'module attributes {{nv_tileaa.target_spec = "{target}"}} {{\n'
                + "\n".join(functions.values()) + "\n}\n")
        with open(self.base + ".mlir", "w") as f:
            f.write(mlir)
        self.lowered = run([tools.tileiras_opt, "--tileaa-wrap-gpu-module",
                            "--convert-nv-tile-func-to-llvm",
                            "--convert-tileaa-to-llvm",
                            "--reconcile-unrealized-casts", "--canonicalize",
                            self.base + ".mlir"])
        inner = _gpu_module_body(self.lowered)
        entries = []
        for index, fn in enumerate(self.names):
            signature = next(l for l in inner if f"llvm.func @{fn}(" in l)
            m = re.search(r"llvm\.func @\S+\((.*)\) -> (.*) \{", signature)
            params = re.findall(r"%arg\d+: (!llvm\.struct<\([^)]*\)>|[^,]+)",
                                m.group(1))
            result = m.group(2)
            entries.append(f"llvm.func @sim_entry_{index}(%in0: !llvm.ptr, "
                           "%in1: !llvm.ptr, %out: !llvm.ptr) {")
            for i, p in enumerate(params):
                entries.append(f"  %a{i} = llvm.load %in{i} : !llvm.ptr -> {p}")
            args = ", ".join(f"%a{i}" for i in range(len(params)))
            entries.append(f"  %r = llvm.call @{fn}({args}) : "
                           f"({', '.join(params)}) -> {result}")
            entries += [f"  llvm.store %r, %out : {result}, !llvm.ptr",
                        "  llvm.return", "}"]
        with open(self.base + ".llvm.mlir", "w") as f:
            f.write("module {\n" + "\n".join(inner + entries) + "\n}\n")
        ir = run([tools.mlir_translate, "--mlir-to-llvmir",
                  self.base + ".llvm.mlir"])
        # sim_entry(which, in0, in1, out) dispatches to the functions.
        dispatch = ["define void @sim_entry(i32 %which, ptr %a, ptr %b, ptr %c) {",
                    "  switch i32 %which, label %done ["]
        dispatch += [f"    i32 {i}, label %case{i}" for i in range(len(self.names))]
        dispatch.append("  ]")
        for i in range(len(self.names)):
            dispatch += [f"case{i}:",
                         f"  call void @sim_entry_{i}(ptr %a, ptr %b, ptr %c)",
                         "  br label %done"]
        dispatch += ["done:", "  ret void", "}"]
        with open(self.base + ".ll", "w") as f:
            f.write(_bf16_as_i16(ir) + "\n".join(dispatch) + "\n")
        _, obj = host_object(tools.prep, tools.opt, tools.llc,
                             self.base + ".ll", self.base, ["--no-entry"])
        self.exe = self.base + ".exe"
        run([tools.cxx, "-fsanitize=address", "-pthread", obj, *tools.runtime,
             "-o", self.exe, "-lm"])

    def shared_bytes(self, function):
        """The function's scratch: its static array, or for a kernel whose
        buffer is dynamic (a zero-size external array) the size recorded
        in its tileiras-dynamic-shared-memory-bytes passthrough."""
        m = re.search(r"__tileiras_smem_" + re.escape(function) +
                      r"\(\) \{[^}]*\} : !llvm\.array<(\d+) x i8>",
                      self.lowered)
        dynamic = re.search(r"llvm\.func @" + re.escape(function) +
                            r"\(.*\"tileiras-dynamic-shared-memory-bytes\", "
                            r"\"(\d+)\"", self.lowered)
        return ((int(m.group(1)) if m else 0) +
                (int(dynamic.group(1)) if dynamic else 0))

    def run(self, function, threads, inputs, out_bytes):
        """inputs: [(bytes, bytes per thread)]; returns the output bytes."""
        index = self.names.index(function)
        stem = f"{self.base}.{index}"
        files, sizes = [], []
        for i, (data, size) in enumerate(inputs):
            path = f"{stem}.in{i}"
            with open(path, "wb") as f:
                f.write(data)
            files.append(path)
            sizes.append(size)
        while len(files) < 2:
            files.append("/dev/null")
            sizes.append(0)
        run([self.exe, str(index), str(threads), str(sizes[0]), str(sizes[1]),
             str(out_bytes), files[0], files[1], stem + ".out"], timeout=120)
        with open(stem + ".out", "rb") as f:
            return f.read()


def run_cases(cases, toolchain):
    """Runs case(toolchain, rng) for each case (an error string or None),
    prints PASS/FAIL lines and a summary; returns the exit status."""
    import random
    failures = 0
    for case in cases:
        try:
            error = case(toolchain, random.Random(case.__name__))
        except SimError as e:
            error = f"{case.__name__}: {e}"
        print(f"FAIL: {error}" if error else f"PASS: {case.__name__}")
        failures += bool(error)
    print("all cases passed" if not failures else f"{failures} failed")
    return 1 if failures else 0
