"""Types and values of the tile language (`tileiras.language`, as `tl`).

Inside a `@tileiras.jit` kernel every value is either a compile-time
constant (a Python int, float or bool, a `constexpr`, a dtype) or a `tensor`:
a handle on an SSA value of the MLIR being generated, with a dtype and a
shape (`()` for a scalar). Operators on tensors emit nv_tileaa/arith ops
through the builder of the kernel being compiled (tileiras.compiler).
"""
import struct

from . import _state


class CompileError(Exception):
    """An error in a kernel, reported at its Python source line."""


class constexpr:
    """Marks a kernel parameter whose value is fixed at compile time
    (`BLOCK: tl.constexpr`); also wraps compile-time values."""

    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return "constexpr[%r]" % (self.value,)


def _unwrap(value):
    return value.value if isinstance(value, constexpr) else value


# ----------------------------------------------------------------- dtypes
class dtype:
    """A scalar element type. `mlir` is its nv_tileaa spelling; unsigned
    integers are signless in MLIR and keep their signedness here."""

    def __init__(self, name, mlir, kind, bits, signed=True):
        self.name, self.mlir, self.kind = name, mlir, kind
        self.bits, self.signed = bits, signed

    is_floating = property(lambda self: self.kind == "float")
    is_int = property(lambda self: self.kind in ("int", "bool"))
    is_bool = property(lambda self: self.kind == "bool")
    is_ptr = property(lambda self: False)
    # float8e8m0fnu, the scales of dot_scaled: neither a float nor an int
    # to the language (no arithmetic, no conversions but bitcasts).
    is_scale = property(lambda self: self.kind == "scale")

    @property
    def is_unsigned(self):
        return self.is_int and not self.signed

    def __eq__(self, other):
        return isinstance(other, dtype) and not isinstance(
            other, pointer_type) and self.name == other.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return "tl." + self.name

    def mlir_type(self, shape=()):
        if not shape:
            return self.mlir
        return "tensor<%sx%s>" % ("x".join(map(str, shape)), self.mlir)


class pointer_type(dtype):
    """`!nv_tileaa.ptr<T>`: a global-memory pointer to `element_ty`."""

    def __init__(self, element_ty):
        super().__init__("pointer<%s>" % element_ty.name,
                         "!nv_tileaa.ptr<%s>" % element_ty.mlir, "ptr", 64)
        self.element_ty = element_ty

    is_ptr = property(lambda self: True)

    def __eq__(self, other):
        return isinstance(other, pointer_type) and \
            self.element_ty == other.element_ty

    def __hash__(self):
        return hash(("ptr", self.element_ty.name))


int1 = dtype("int1", "i1", "bool", 1, False)
int8 = dtype("int8", "i8", "int", 8)
int16 = dtype("int16", "i16", "int", 16)
int32 = dtype("int32", "i32", "int", 32)
int64 = dtype("int64", "i64", "int", 64)
uint8 = dtype("uint8", "i8", "int", 8, False)
uint16 = dtype("uint16", "i16", "int", 16, False)
uint32 = dtype("uint32", "i32", "int", 32, False)
uint64 = dtype("uint64", "i64", "int", 64, False)
float16 = dtype("float16", "f16", "float", 16)
bfloat16 = dtype("bfloat16", "bf16", "float", 16)
float32 = dtype("float32", "f32", "float", 32)
float64 = dtype("float64", "f64", "float", 64)
float8e4m3fn = dtype("float8e4m3fn", "f8E4M3FN", "float", 8)
float8e5m2 = dtype("float8e5m2", "f8E5M2", "float", 8)
tf32 = dtype("tf32", "tf32", "float", 32)
# OCP MX's E8M0 scale: the byte e stands for 2^(e - 127), 255 for NaN. Tiles
# of it are loaded, stored, moved and bitcast to/from uint8/int8, and feed
# tl.dot_scaled; nothing else.
float8e8m0fnu = dtype("float8e8m0fnu", "f8E8M0FNU", "scale", 8)
bool_ = int1
# Triton's short spellings.
fp16, bf16, fp32, fp64 = float16, bfloat16, float32, float64
float8e4nv, float8e5 = float8e4m3fn, float8e5m2


class memref:
    """A tensor descriptor made by `tl.make_memref`: `handle` is the SSA
    name of an `!nv_tileaa.memref`, `dtype` its element type, `sizes` and
    `strides` one entry per dimension (an int when static, None when given
    at run time). Only `tl.tiled_load`/`tiled_store`/`tiled_atomic_add`
    use it."""

    def __init__(self, handle, dtype, sizes, strides):
        self.handle, self.dtype = handle, dtype
        self.sizes, self.strides = tuple(sizes), tuple(strides)

    @property
    def rank(self):
        return len(self.sizes)

    @property
    def type(self):
        def extent(e):
            return "?" if e is None else str(e)
        return "!nv_tileaa.memref<%sx%s, strides = [%s]>" % (
            "x".join(extent(e) for e in self.sizes), self.dtype.mlir,
            ", ".join(extent(e) for e in self.strides))

    def __repr__(self):
        return "memref(%s: %s)" % (self.handle, self.type)


def float_literal(value, ty):
    """An MLIR literal for the float `value` of type `ty` (hex bits for
    infinities and NaN, which have no decimal spelling)."""
    value = float(value)
    if value == value and value not in (float("inf"), float("-inf")):
        return repr(value)
    if ty == float64:
        return "0x%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]
    if ty == float16:
        return "0x%04X" % struct.unpack("<H", struct.pack("<e", value))[0]
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if ty == bfloat16:
        return "0x%04X" % (bits >> 16)
    return "0x%08X" % bits


# ----------------------------------------------------------------- tensor
class tensor:
    """A value of the kernel: `handle` is its SSA name, `dtype` its element
    type, `shape` a tuple (empty for a scalar)."""

    def __init__(self, handle, dtype, shape=()):
        self.handle, self.dtype, self.shape = handle, dtype, tuple(shape)

    @property
    def type(self):
        return self.dtype.mlir_type(self.shape)

    @property
    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def __repr__(self):
        return "tensor(%s: %s)" % (self.handle, self.type)

    def __bool__(self):
        raise CompileError(
            "a tensor has no compile-time truth value; use it in `if`/"
            "`while` on a scalar, or `tl.where`")

    # Arithmetic and comparison (NumPy broadcasting, Triton promotion).
    def __add__(self, o): return _state.sem().add(self, o)
    def __radd__(self, o): return _state.sem().add(o, self)
    def __sub__(self, o): return _state.sem().sub(self, o)
    def __rsub__(self, o): return _state.sem().sub(o, self)
    def __mul__(self, o): return _state.sem().mul(self, o)
    def __rmul__(self, o): return _state.sem().mul(o, self)
    def __truediv__(self, o): return _state.sem().truediv(self, o)
    def __rtruediv__(self, o): return _state.sem().truediv(o, self)
    def __floordiv__(self, o): return _state.sem().floordiv(self, o)
    def __rfloordiv__(self, o): return _state.sem().floordiv(o, self)
    def __mod__(self, o): return _state.sem().mod(self, o)
    def __rmod__(self, o): return _state.sem().mod(o, self)
    def __and__(self, o): return _state.sem().bitwise("andi", self, o)
    def __rand__(self, o): return _state.sem().bitwise("andi", o, self)
    def __or__(self, o): return _state.sem().bitwise("ori", self, o)
    def __ror__(self, o): return _state.sem().bitwise("ori", o, self)
    def __xor__(self, o): return _state.sem().bitwise("xori", self, o)
    def __rxor__(self, o): return _state.sem().bitwise("xori", o, self)
    def __lshift__(self, o): return _state.sem().shift("shli", self, o)
    def __rshift__(self, o): return _state.sem().shift("shr", self, o)
    def __rlshift__(self, o): return _state.sem().shift("shli", o, self)
    def __rrshift__(self, o): return _state.sem().shift("shr", o, self)
    def __neg__(self): return _state.sem().neg(self)
    def __pos__(self): return self
    def __invert__(self): return _state.sem().invert(self)
    def __lt__(self, o): return _state.sem().compare("lt", self, o)
    def __le__(self, o): return _state.sem().compare("le", self, o)
    def __gt__(self, o): return _state.sem().compare("gt", self, o)
    def __ge__(self, o): return _state.sem().compare("ge", self, o)
    def __eq__(self, o): return _state.sem().compare("eq", self, o)
    def __ne__(self, o): return _state.sem().compare("ne", self, o)
    __hash__ = object.__hash__

    def __getitem__(self, index):
        return _state.sem().subscript(self, index)

    def to(self, dtype, bitcast=False):
        return _state.sem().cast(self, _unwrap(dtype), bitcast)

    @property
    def T(self):
        return _state.sem().permute(self, tuple(reversed(range(len(self.shape)))))

    def reshape(self, *shape):
        return _state.sem().reshape(self, _shape_arg(shape))

    def sum(self, axis=None, keep_dims=False):
        return _state.sem().reduce_builtin(self, "sum", axis, keep_dims)

    def max(self, axis=None, keep_dims=False):
        return _state.sem().reduce_builtin(self, "max", axis, keep_dims)

    def min(self, axis=None, keep_dims=False):
        return _state.sem().reduce_builtin(self, "min", axis, keep_dims)


def _shape_arg(shape):
    if len(shape) == 1 and isinstance(_unwrap(shape[0]), (tuple, list)):
        shape = _unwrap(shape[0])
    return tuple(int(_unwrap(d)) for d in shape)
