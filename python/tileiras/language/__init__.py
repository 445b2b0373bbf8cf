"""tileiras.language: the tile language of `@tileiras.jit` kernels.

    import tileiras
    import tileiras.language as tl

Triton's spelling: `tl.program_id`, `tl.arange`, `tl.load`, `tl.store`,
`tl.dot`, `tl.sum`, ... Kernels are compiled from their Python source; these
functions only work while a kernel is being compiled (docs/python.md).
"""
import builtins as _builtins

from . import _state
from .core import (CompileError, bfloat16, bf16, bool_, constexpr, dtype,
                   float16, float32, float64, float8e4m3fn, float8e4nv,
                   float8e5, float8e5m2, float8e8m0fnu, fp16, fp32, fp64,
                   int1, int8, int16, int32, int64, memref, pointer_type,
                   tensor, tf32, uint8, uint16, uint32, uint64, _shape_arg,
                   _unwrap)


__all__ = [
    # types and values
    "CompileError", "constexpr", "dtype", "pointer_type", "tensor",
    "int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "bfloat16", "float32", "float64", "float8e4m3fn",
    "float8e5m2", "float8e8m0fnu", "tf32", "bool_", "fp16", "bf16", "fp32",
    "fp64", "float8e4nv", "float8e5",
    # operations
    "static_range", "range", "static_assert", "program_id", "num_programs",
    "arange", "zeros", "full",
    "zeros_like", "load", "store", "atomic_add", "atomic_max", "atomic_min",
    "atomic_and", "atomic_or", "atomic_xor", "atomic_xchg", "atomic_cas",
    "make_memref", "tiled_load", "tiled_store", "tiled_atomic_add", "memref",
    "where", "maximum", "minimum", "fma", "exp", "exp2", "log", "log2",
    "sqrt", "rsqrt", "sin", "cos", "floor", "ceil", "erf", "abs", "sigmoid",
    "cdiv", "dot", "dot_scaled", "sum", "max", "min", "argmax", "argmin",
    "reduce",
    "cumsum", "associative_scan", "reshape", "view", "permute", "trans",
    "expand_dims", "broadcast_to", "cat", "multiple_of", "max_contiguous",
    "device_print", "device_assert", "static_print",
]


def _sem():
    return _state.sem()


class static_range:
    """`for i in tl.static_range(...)`: unrolled at compile time."""

    def __init__(self, *args):
        self.args = tuple(int(_unwrap(a)) for a in args)

    def __iter__(self):
        return iter(_builtins.range(*self.args))


class range:  # noqa: A001 - Triton's name
    """`for i in tl.range(lo, hi, step, num_stages=...)`: a runtime loop,
    like `range`; Triton's scheduling hints are accepted and ignored."""

    HINTS = ("num_stages", "loop_unroll_factor", "disallow_acc_multi_buffer",
             "flatten", "warp_specialize")

    def __init__(self, *args, **hints):
        raise CompileError("tl.range is only valid as the iterable of a "
                           "`for` loop in a kernel")


def static_assert(cond, msg=""):
    """Fails the compilation when the compile-time `cond` is false."""
    cond = _unwrap(cond)
    if isinstance(cond, tensor):
        raise CompileError("static_assert needs a compile-time condition; "
                           "use device_assert for runtime values")
    if not cond:
        raise CompileError("static_assert failed: %s" % (_unwrap(msg),))


# Grid
def program_id(axis):
    return _sem().program_id(int(_unwrap(axis)), "get_program_id")


def num_programs(axis):
    return _sem().program_id(int(_unwrap(axis)), "get_num_programs")


# Creation
def arange(start, end):
    return _sem().arange(int(_unwrap(start)), int(_unwrap(end)))


def zeros(shape, dtype):
    return _sem().full(_shape_arg((shape,)), 0, _unwrap(dtype))


def full(shape, value, dtype):
    return _sem().full(_shape_arg((shape,)), _unwrap(value), _unwrap(dtype))


def zeros_like(x):
    return _sem().full(x.shape, 0, x.dtype)


# Memory
def load(pointer, mask=None, other=None, cache_modifier="",
         eviction_policy="", volatile=False):
    return _sem().load(pointer, mask, other, _unwrap(cache_modifier),
                       _unwrap(eviction_policy))


def store(pointer, value, mask=None, cache_modifier="", eviction_policy=""):
    return _sem().store(pointer, value, mask, _unwrap(cache_modifier),
                        _unwrap(eviction_policy))


# Tensor descriptors (docs/language.md, "Tensor descriptors")
def make_memref(base, shape, strides, sizes_div_by=None, strides_div_by=None):
    """A descriptor of the tensor at `base` with sizes `shape` and `strides`
    (elements; ints are static, scalars are run-time values; the last
    stride must be the constant 1). The optional hints are powers of two
    per dimension that the sizes and strides are multiples of."""
    return _sem().make_memref(base, shape, strides, sizes_div_by,
                              strides_div_by)


def tiled_load(ref, indices, block_shape, padding=None):
    """The `block_shape` tile at tile indices `indices` (element offset =
    index * block size per dimension); elements outside the tensor read as
    0, or as `padding`."""
    return _sem().tiled_load(ref, indices, block_shape, padding)


def tiled_store(ref, indices, value):
    """Stores the tile `value` at tile indices `indices`; elements outside
    the tensor are not written."""
    return _sem().tiled_store(ref, indices, value)


def tiled_atomic_add(ref, indices, value):
    """Atomically adds the tile `value` at tile indices `indices` (relaxed,
    gpu scope); returns the old values."""
    return _sem().tiled_atomic_add(ref, indices, value)


def atomic_add(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("add", pointer, val, mask, sem, scope)


def atomic_max(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("max", pointer, val, mask, sem, scope)


def atomic_min(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("min", pointer, val, mask, sem, scope)


def atomic_and(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("and", pointer, val, mask, sem, scope)


def atomic_or(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("or", pointer, val, mask, sem, scope)


def atomic_xor(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("xor", pointer, val, mask, sem, scope)


def atomic_xchg(pointer, val, mask=None, sem="acq_rel", scope="gpu"):
    return _sem().atomic_rmw("xchg", pointer, val, mask, sem, scope)


def atomic_cas(pointer, cmp, val, sem="acq_rel", scope="gpu"):
    return _sem().atomic_cas(pointer, cmp, val, sem, scope)


# Elementwise
def where(condition, x, y):
    return _sem().where(condition, x, y)


def maximum(x, y):
    return _sem().minmax("max", x, y)


def minimum(x, y):
    return _sem().minmax("min", x, y)


def fma(x, y, z):
    return _sem().fma(x, y, z)


def _unary(name):
    def op(x):
        return _sem().math(name, x)
    op.__name__ = name
    op.__doc__ = "Elementwise %s of a float tile or scalar." % name
    return op


exp = _unary("exp")
exp2 = _unary("exp2")
log = _unary("log")
log2 = _unary("log2")
sqrt = _unary("sqrt")
rsqrt = _unary("rsqrt")
sin = _unary("sin")
cos = _unary("cos")
floor = _unary("floor")
ceil = _unary("ceil")
erf = _unary("erf")


def abs(x):  # noqa: A001 - Triton's name
    return _sem().abs(x)


def sigmoid(x):
    return 1.0 / (1.0 + exp(-x))


def cdiv(x, y):
    """ceil(x / y) of non-negative integers (constants or tensors)."""
    x, y = _unwrap(x), _unwrap(y)
    return (x + y - 1) // y


# Linear algebra and reductions
def dot(a, b, acc=None, input_precision=None, out_dtype=None,
        allow_tf32=None):
    return _sem().dot(a, b, acc, _unwrap(input_precision),
                      _unwrap(out_dtype))


def dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format,
               acc=None, fast_math=False, lhs_k_pack=True, rhs_k_pack=True,
               out_dtype=float32):
    """Triton's block-scaled (OCP MX) matmul, for MXFP8: lhs [M, K] and rhs
    [K, N] are float8e4m3fn/float8e5m2 tiles (or uint8 tiles of their bytes)
    in the formats "e4m3"/"e5m2"; lhs_scale is [M, K // 32] and rhs_scale
    [N, K // 32] (N-major, as in Triton), uint8 E8M0 bytes or float8e8m0fnu,
    or None for a scale of 1. Returns acc + sum_k lhs[m, k] * 2^(lhs_scale[m,
    k // 32] - 127) * rhs[k, n] * 2^(rhs_scale[n, k // 32] - 127) in f32
    (nv_tileaa.dot_scaled; docs/python.md, "dot_scaled")."""
    return _sem().dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale,
                             rhs_format, acc, fast_math, lhs_k_pack,
                             rhs_k_pack, out_dtype)


def sum(x, axis=None, keep_dims=False):  # noqa: A001
    return _sem().reduce_builtin(x, "sum", _unwrap(axis), _unwrap(keep_dims))


def max(x, axis=None, keep_dims=False):  # noqa: A001
    return _sem().reduce_builtin(x, "max", _unwrap(axis), _unwrap(keep_dims))


def min(x, axis=None, keep_dims=False):  # noqa: A001
    return _sem().reduce_builtin(x, "min", _unwrap(axis), _unwrap(keep_dims))


def argmax(x, axis, keep_dims=False):
    return _sem().argminmax(x, "max", int(_unwrap(axis)), _unwrap(keep_dims))


def argmin(x, axis, keep_dims=False):
    return _sem().argminmax(x, "min", int(_unwrap(axis)), _unwrap(keep_dims))


def reduce(x, axis, combine_fn, keep_dims=False):
    return _sem().reduce_fn(x, _unwrap(axis), combine_fn, _unwrap(keep_dims))


def cumsum(x, axis=0, reverse=False):
    return _sem().scan_builtin(x, "sum", int(_unwrap(axis)), _unwrap(reverse))


def associative_scan(x, axis, combine_fn, reverse=False):
    return _sem().scan_fn(x, int(_unwrap(axis)), combine_fn, _unwrap(reverse))


# Shapes
def reshape(x, *shape):
    return _sem().reshape(x, _shape_arg(shape))


view = reshape


def permute(x, *dims):
    return _sem().permute(x, _shape_arg(dims))


def trans(x, *dims):
    if not dims:
        dims = tuple(reversed(_builtins.range(len(x.shape))))
    return _sem().permute(x, _shape_arg(dims))


def expand_dims(x, axis):
    return _sem().expand_dims(x, int(_unwrap(axis)))


def broadcast_to(x, *shape):
    return _sem().broadcast_to(x, _shape_arg(shape))


def cat(a, b, dim=0, can_reorder=False):
    return _sem().cat(a, b, int(_unwrap(dim)))


# Hints and debugging
def multiple_of(x, values):
    """Hint: x (a scalar) is a multiple of `values`; for a tile, the first
    element of each contiguous run along each dimension is (one value per
    dimension)."""
    return _sem().multiple_of(x, _unwrap(values))


def max_contiguous(x, values):
    """Hint: along each dimension, aligned runs of `values` elements of the
    integer tile x increase by one (one value per dimension)."""
    return _sem().max_contiguous(x, _unwrap(values))


def device_print(prefix, *args):
    return _sem().device_print(_unwrap(prefix), args)


def device_assert(cond, msg=""):
    return _sem().device_assert(cond, _unwrap(msg))


static_print = print
