"""`@tileiras.jit`: compile a Python kernel on first use, cache it, launch it.

    @tileiras.jit
    def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr): ...

    add[(tileiras.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    compiled = add.compile(x, y, out, n, BLOCK=1024, target="sm_90a")

A compiled kernel is specialized (Triton's rules) on the types of its
runtime arguments, the values of its constexprs, integers equal to 1 (which
become the constant 1) and integers and pointers divisible by 16 (an
`nv_tileaa.assume` tells the compiler, so accesses can be vectorized).
"""
import functools
import hashlib
import inspect
import json
import os

from . import cache, compiler
from . import language as tl
from .language.core import CompileError, constexpr, pointer_type

FRONTEND_VERSION = "2"

_NUMPY_DTYPES = {
    "bool": tl.int1, "int8": tl.int8, "int16": tl.int16, "int32": tl.int32,
    "int64": tl.int64, "uint8": tl.uint8, "uint16": tl.uint16,
    "uint32": tl.uint32, "uint64": tl.uint64, "float16": tl.float16,
    "float32": tl.float32, "float64": tl.float64, "bfloat16": tl.bfloat16,
    # torch's and ml_dtypes' names of the FP8 types
    "float8_e4m3fn": tl.float8e4m3fn, "float8_e5m2": tl.float8e5m2,
    "float8_e8m0fnu": tl.float8e8m0fnu,
}
# __cuda_array_interface__ typestr (without byte order) -> dtype.
_TYPESTR = {"b1": tl.int1, "i1": tl.int8, "i2": tl.int16, "i4": tl.int32,
            "i8": tl.int64, "u1": tl.uint8, "u2": tl.uint16, "u4": tl.uint32,
            "u8": tl.uint64, "f2": tl.float16, "f4": tl.float32,
            "f8": tl.float64}
# Triton-style type strings for compile(): "*fp32", "i32", ...
_TYPE_NAMES = {"i1": tl.int1, "i8": tl.int8, "i16": tl.int16, "i32": tl.int32,
               "i64": tl.int64, "u8": tl.uint8, "u16": tl.uint16,
               "u32": tl.uint32, "u64": tl.uint64, "fp16": tl.float16,
               "bf16": tl.bfloat16, "fp32": tl.float32, "fp64": tl.float64,
               "fp8e4nv": tl.float8e4m3fn, "fp8e5": tl.float8e5m2,
               "fp8e8m0": tl.float8e8m0fnu}


def cdiv(x, y):
    """ceil(x / y) for positive integers."""
    return (x + y - 1) // y


def _torch_dtype(value):
    name = str(getattr(value, "dtype", "")).replace("torch.", "")
    return _NUMPY_DTYPES.get(name)


def arg_type(value):
    """(tl type, pointer address) of a kernel argument; the address is
    None where unknown (scalars, type strings)."""
    if isinstance(value, str):
        if value.startswith("*"):
            inner = _TYPE_NAMES.get(value[1:])
            if inner:
                return pointer_type(inner), None
        elif value in _TYPE_NAMES:
            return _TYPE_NAMES[value], None
        raise CompileError("unknown type string %r (use e.g. '*fp32', 'i32')"
                           % value)
    if isinstance(value, bool):
        return tl.int32, None
    if isinstance(value, int):
        return (tl.int32 if -2**31 <= value < 2**31 else tl.int64), None
    if isinstance(value, float):
        return tl.float32, None
    if hasattr(value, "__cuda_array_interface__"):
        interface = value.__cuda_array_interface__
        dtype = _TYPESTR.get(interface["typestr"][1:])
        if dtype is None:
            dtype = _torch_dtype(value)
        if dtype is None:
            raise CompileError("unsupported element type %s" %
                               interface["typestr"])
        return pointer_type(dtype), interface["data"][0]
    if hasattr(value, "data_ptr") and hasattr(value, "dtype"):  # torch
        dtype = _torch_dtype(value)
        if dtype is None:
            raise CompileError("unsupported element type %s" % value.dtype)
        return pointer_type(dtype), value.data_ptr()
    if hasattr(value, "dtype") and hasattr(value, "ndim"):  # NumPy
        dtype = _NUMPY_DTYPES.get(str(value.dtype))
        if dtype is None:
            raise CompileError("unsupported element type %s" % value.dtype)
        if value.ndim == 0:
            return dtype, None
        # The simulator copies arrays into buffers aligned like cudaMalloc.
        return pointer_type(dtype), 0
    raise CompileError("unsupported kernel argument %r" % (value,))


class CompiledKernel:
    """A kernel compiled for one target: `asm` (PTX text, cubin bytes or
    host LLVM IR for the simulator), `metadata` (dict), `mlir` (what the
    front end generated) and the cache entry they live in."""

    def __init__(self, name, kind, target, entry, params):
        self.name, self.kind, self.target = name, kind, target
        self.entry = entry
        self.params = params  # [(name, tl type)] of runtime arguments
        self.metadata = json.loads(entry.read("metadata.json"))
        self.mlir = entry.read("kernel.mlir")
        binary = kind == "cubin"
        self.asm = entry.read("kernel." + {"ptx": "ptx", "cubin": "cubin",
                                           "llvm": "ll"}[kind], binary)

    @property
    def kernel_metadata(self):
        return self.metadata["targets"][0]["kernels"][0]

    @property
    def num_warps(self):
        return self.kernel_metadata["num_warps"]


class JITFunction:
    def __init__(self, fn, num_warps=4, num_stages=None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.signature = inspect.signature(fn)
        self.params = list(self.signature.parameters.values())
        self.constexprs = {p.name for p in self.params
                           if p.annotation is constexpr or
                           p.annotation is tl.constexpr or
                           p.annotation == "tl.constexpr"}
        self.default_num_warps = num_warps
        self.default_num_stages = num_stages
        self._memory = {}
        self._source_key = None
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("%s is a @tileiras.jit kernel: launch it with "
                           "%s[grid](...)" % (self.__name__, self.__name__))

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(grid, *args, **kwargs)

    # ------------------------------------------------------------ binding
    def bind(self, args, kwargs):
        """(runtime values by name, constexpr values by name)."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        runtime, constants = {}, {}
        for p in self.params:
            value = bound.arguments[p.name]
            if isinstance(value, constexpr):
                value = value.value
            if p.name in self.constexprs:
                constants[p.name] = value
            else:
                runtime[p.name] = value
        return runtime, constants

    def specialize(self, runtime):
        types, ones, divisible = {}, {}, {}
        for name, value in runtime.items():
            ty, address = arg_type(value)
            types[name] = ty
            if isinstance(value, bool) or isinstance(value, str):
                continue
            if isinstance(value, int):
                if value == 1:
                    ones[name] = 1
                elif value % 16 == 0:
                    divisible[name] = 16
            elif ty.is_ptr and address is not None and address % 16 == 0:
                divisible[name] = 16
        return types, ones, divisible

    def source_key(self):
        """This kernel's source and that of every @jit function its module
        defines (they may be inlined); read once per process."""
        if self._source_key is None:
            self._source_key = self._read_sources()
        return self._source_key

    def _read_sources(self):
        parts = [inspect.getsource(self.fn)]
        for value in sorted(self.fn.__globals__.items(), key=lambda kv: kv[0]):
            if isinstance(value[1], JITFunction) and value[1] is not self:
                try:
                    parts.append(inspect.getsource(value[1].fn))
                except (OSError, TypeError):
                    pass
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()

    # ------------------------------------------------------------ compile
    def compile(self, *args, target="sm_90a", kind="ptx", num_warps=None,
                num_stages=None, options=(), **kwargs):
        """Compiles for `target`; kind is ptx, cubin or llvm (the
        simulator's input). Arguments are launch arguments or type strings
        ("*fp32", "i32"); constexprs by keyword. num_stages overrides the
        decorator's software-pipelining depth."""
        runtime, constants = self.bind(args, kwargs)
        if num_stages is not None:
            options = list(options) + ["--num-stages=%d" % num_stages]
        return self._compile(runtime, constants, target, kind,
                             num_warps or self.default_num_warps, options)

    def _compile(self, runtime, constants, target, kind, num_warps, options):
        from . import driver
        types, ones, divisible = self.specialize(runtime)
        for name, value in constants.items():
            if not isinstance(value, (int, float, bool, str, type(None),
                                      tl.dtype)):
                raise CompileError("constexpr %s must be a number, bool, "
                                   "string or dtype, got %r" % (name, value))
        options = list(options)
        if self.default_num_stages is not None and not any(
                o.startswith("--num-stages") for o in options):
            options.append("--num-stages=%d" % self.default_num_stages)
        key = cache.make_key(
            FRONTEND_VERSION, driver.version(), self.source_key(),
            self.__name__, {n: t.name for n, t in types.items()},
            {n: repr(v) for n, v in constants.items()}, ones, divisible,
            target, kind, num_warps, options)
        memo = self._memory.get(key)
        if memo is not None and not cache.always_compile():
            return memo
        asm_name = "kernel." + {"ptx": "ptx", "cubin": "cubin",
                                "llvm": "ll"}[kind]
        entry = cache.lookup(key, ["kernel.mlir", asm_name, "metadata.json"])
        if entry is None:
            entry = self._build(key, types, constants, ones, divisible,
                                target, kind, num_warps, options, asm_name)
        compiled = CompiledKernel(self.__name__, kind, target, entry,
                                  list(types.items()))
        self._memory[key] = compiled
        return compiled

    def _build(self, key, types, constants, ones, divisible, target, kind,
               num_warps, options, asm_name):
        from . import driver
        mlir = compiler.compile_kernel(self.fn, types,
                                       {**constants, **ones}, divisible,
                                       num_warps)
        flags = ["--gpu-name=" + target, "--emit=" + kind] + options
        dump = os.environ.get("TILEIRAS_DUMP_DIR")
        if dump:
            folder = os.path.join(dump, self.__name__ + "-" + key[:12])
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, self.__name__ + ".python.mlir"),
                      "w") as f:
                f.write(mlir)
            flags.append("--dump-dir=" + folder)
        result = driver.compile(mlir, flags, name=self.__name__ + ".mlir")
        if not result.ok:
            raise CompileError(format_diagnostics(result, mlir))
        metadata = json.dumps(result.metadata, indent=2)
        return cache.store(key, {"kernel.mlir": mlir,
                                 asm_name: result.outputs[0].data,
                                 "metadata.json": metadata})

    # ------------------------------------------------------------ launch
    def run(self, grid, *args, num_warps=None, **kwargs):
        from .runtime import backend
        runtime, constants = self.bind(args, kwargs)
        if callable(grid):
            grid = grid(dict(runtime, **constants))
        grid = tuple(int(g) for g in (grid if isinstance(grid, (tuple, list))
                                      else (grid,)))
        if not 1 <= len(grid) <= 3 or any(g < 0 for g in grid):
            raise ValueError("grid must have 1 to 3 non-negative extents, got "
                             "%s" % (grid,))
        grid = grid + (1,) * (3 - len(grid))
        return backend().launch(self, grid, runtime, constants,
                                num_warps or self.default_num_warps)


def format_diagnostics(result, mlir):
    """The compiler's diagnostics, each as `file:line: error: message` with
    the Python source line when the location is in the user's file."""
    lines = []
    for d in result.diagnostics:
        if d.file.endswith(".py") and d.line:
            text = ""
            try:
                with open(d.file) as f:
                    text = f.read().splitlines()[d.line - 1].strip()
            except (OSError, IndexError):
                pass
            lines.append("%s:%d: %s: %s" % (d.file, d.line, d.severity,
                                            d.message))
            if text:
                lines.append("    " + text)
        elif d.file:
            lines.append("%s:%d:%d: %s: %s" % (d.file, d.line, d.column,
                                               d.severity, d.message))
        else:
            lines.append("tileiras: %s: %s" % (d.severity, d.message))
    if not lines:
        lines.append(result.diagnostic_text.strip() or
                     "tileiras failed with exit code %d" % result.exit_code)
    return "\n".join(lines)


def jit(fn=None, *, num_warps=4, num_stages=None):
    """Decorator: `@tileiras.jit` or `@tileiras.jit(num_warps=8,
    num_stages=2)`; num_stages is the K-loop pipelining depth
    (docs/pipelining.md; default: the compiler's, 3)."""
    if fn is None:
        return lambda f: JITFunction(f, num_warps=num_warps,
                                     num_stages=num_stages)
    return JITFunction(fn, num_warps=num_warps, num_stages=num_stages)
