"""Emits nv_tileaa MLIR text for the operations of tileiras.language.

`Builder` holds the lines being generated (a stack of regions) and the
source location of the statement being compiled; `Semantic` implements the
language: type promotion and NumPy broadcasting, then one MLIR op per step,
each carrying `loc("kernel.py":LINE:COL)` so that compiler diagnostics point
at the Python source.
"""
import math

from .language import core
from .language.core import (CompileError, float32, float64, int1, int8,
                            int32, int64, tensor, float_literal)

_ATOMIC_SEMS = ("relaxed", "acquire", "release", "acq_rel")
_ATOMIC_SCOPES = ("cta", "cluster", "gpu", "sys")

# tl.dot_scaled: the formats it runs (Triton's names -> the element type of
# the operand), the other formats Triton knows, and the K elements per scale.
_SCALED_FORMATS = {"e4m3": core.float8e4m3fn, "e5m2": core.float8e5m2,
                   "e2m1": core.uint8}
_LATER_FORMATS = ("e2m3", "e3m2", "bf16", "fp16")
_SCALE_BLOCK = 32
_NO_SCALE_OPS = ("float8e8m0fnu tiles (dot_scaled scales) take no "
                 "arithmetic, comparisons, where or reductions; bitcast "
                 "them to uint8 first (x.to(tl.uint8, bitcast=True))")


class Builder:
    def __init__(self, filename):
        self.filename = filename
        self.regions = [[]]
        self.counter = 0
        self.line, self.col = 0, 0

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def loc(self):
        return 'loc("%s":%d:%d)' % (self.filename.replace('"', '\\"'),
                                   self.line, self.col + 1)

    def emit(self, text, located=True):
        self.regions[-1].append(text + (" " + self.loc() if located else ""))

    def op(self, text):
        """Emits `%r = text` and returns %r."""
        result = self.fresh()
        self.emit("%s = %s" % (result, text))
        return result

    def push(self):
        self.regions.append([])

    def pop(self):
        return self.regions.pop()


def _is_const(x):
    return isinstance(core._unwrap(x), (bool, int, float))


class Semantic:
    def __init__(self, builder):
        self.b = builder

    def error(self, message):
        raise CompileError(message)

    # ------------------------------------------------------ constants
    def constant(self, value, ty, shape=()):
        value = core._unwrap(value)
        if ty.is_ptr:
            self.error("pointer constants are not supported")
        if ty.is_scale:
            byte = self.constant(self.scale_byte(value), int8, shape)
            return self.cast(byte, ty, bitcast=True)
        if ty.is_bool:
            literal = "true" if value else "false"
        elif ty.is_floating:
            literal = float_literal(value, ty)
        else:
            value = int(value)
            bits = ty.bits
            value &= (1 << bits) - 1
            if value >= 1 << (bits - 1):
                value -= 1 << bits  # MLIR prints signless as signed
            literal = str(value)
        if shape:
            return tensor(self.b.op("arith.constant dense<%s> : %s" % (
                literal, ty.mlir_type(shape))), ty, shape)
        if ty.is_bool:  # `true : i1` does not parse: the type is implied
            return tensor(self.b.op("arith.constant %s" % literal), ty)
        return tensor(self.b.op("arith.constant %s : %s" % (literal, ty.mlir)),
                      ty)

    def scale_byte(self, value):
        """The float8e8m0fnu byte of a Python number: 2^(e - 127) is e,
        NaN is 255."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            v = float(value)
            if v != v:
                return 255
            if 0 < v < float("inf"):
                mantissa, exponent = math.frexp(v)
                if mantissa == 0.5 and -127 <= exponent - 1 <= 127:
                    return exponent - 1 + 127
        self.error("%r is not a float8e8m0fnu value (the powers of two "
                   "2^-127 .. 2^127, and NaN)" % (value,))

    def no_scale(self, *values):
        """Refuses float8e8m0fnu operands of arithmetic."""
        for x in values:
            x = core._unwrap(x)
            if isinstance(x, tensor) and x.dtype.is_scale:
                self.error(_NO_SCALE_OPS)

    def literal_type(self, value):
        if isinstance(value, bool):
            return int1
        if isinstance(value, int):
            return int32 if -2**31 <= value < 2**31 else int64
        return float32

    def to_tensor(self, x, like=None):
        """A tensor for x; a Python constant takes the dtype of `like`
        where it fits (Triton's weak typing of literals)."""
        x = core._unwrap(x)
        if isinstance(x, tensor):
            return x
        if not isinstance(x, (bool, int, float)):
            self.error("expected a tensor or a number, got %r" % (x,))
        ty = self.literal_type(x)
        if like is not None and not like.is_ptr:
            if like.is_scale and not isinstance(x, bool):
                ty = like  # the number is the scale's value: 1.0 is 127
            elif like.is_floating or (like.is_int and not like.is_bool and
                                    isinstance(x, int) and
                                    not isinstance(x, bool)):
                ty = like
        return self.constant(x, ty)

    # ------------------------------------------------------ shapes
    def broadcast_shapes(self, a, b):
        ra, rb = list(a), list(b)
        rank = max(len(ra), len(rb))
        ra = [1] * (rank - len(ra)) + ra
        rb = [1] * (rank - len(rb)) + rb
        out = []
        for x, y in zip(ra, rb):
            if x != y and 1 not in (x, y):
                self.error("shapes %s and %s cannot be broadcast together"
                           % (tuple(a), tuple(b)))
            out.append(x if y == 1 else y)
        return tuple(out)

    def splat(self, x, shape):
        return tensor(self.b.op("nv_tileaa.splat %s : %s -> %s" % (
            x.handle, x.type, x.dtype.mlir_type(shape))), x.dtype, shape)

    def broadcast_to(self, x, shape):
        x = self.to_tensor(x)
        shape = tuple(shape)
        if x.shape == shape:
            return x
        if not x.shape:
            return self.splat(x, shape)
        if len(x.shape) > len(shape):
            self.error("cannot broadcast shape %s to %s" % (x.shape, shape))
        while len(x.shape) < len(shape):
            x = self.expand_dims(x, 0)
        for have, want in zip(x.shape, shape):
            if have != want and have != 1:
                self.error("cannot broadcast shape %s to %s" % (x.shape, shape))
        return tensor(self.b.op("nv_tileaa.broadcast %s : %s -> %s" % (
            x.handle, x.type, x.dtype.mlir_type(shape))), x.dtype, shape)

    def expand_dims(self, x, axis):
        x = self.to_tensor(x)
        if not x.shape:
            return self.splat(x, (1,))
        if axis < 0:
            axis += len(x.shape) + 1
        shape = x.shape[:axis] + (1,) + x.shape[axis:]
        return tensor(self.b.op(
            "nv_tileaa.expand_dims %s {axis = %d : i32} : %s -> %s" % (
                x.handle, axis, x.type, x.dtype.mlir_type(shape))),
            x.dtype, shape)

    def reshape(self, x, shape):
        x = self.to_tensor(x)
        count = 1
        for d in shape:
            count *= d
        if count != x.numel:
            self.error("cannot reshape %s into %s: element counts differ" % (
                x.shape, shape))
        if shape == x.shape:
            return x
        if not x.shape:
            return self.splat(x, shape)
        return tensor(self.b.op("nv_tileaa.view %s : %s -> %s" % (
            x.handle, x.type, x.dtype.mlir_type(shape))), x.dtype, shape)

    def permute(self, x, order):
        if sorted(order) != list(range(len(x.shape))):
            self.error("permute order %s is not a permutation of the %d "
                       "dimensions" % (order, len(x.shape)))
        shape = tuple(x.shape[i] for i in order)
        return tensor(self.b.op(
            "nv_tileaa.permute %s {order = array<i32: %s>} : %s -> %s" % (
                x.handle, ", ".join(map(str, order)), x.type,
                x.dtype.mlir_type(shape))), x.dtype, shape)

    def cat(self, a, b, axis):
        if a.dtype != b.dtype or len(a.shape) != len(b.shape):
            self.error("cat needs tiles of one rank and dtype")
        shape = list(a.shape)
        shape[axis] += b.shape[axis]
        shape = tuple(shape)
        return tensor(self.b.op("nv_tileaa.cat %s, %s {axis = %d : i32} : "
                                "%s, %s -> %s" % (a.handle, b.handle, axis,
                                                  a.type, b.type,
                                                  a.dtype.mlir_type(shape))),
                      a.dtype, shape)

    def subscript(self, x, index):
        if not isinstance(index, tuple):
            index = (index,)
        result, dim = x, 0
        for item in index:
            if item is None:
                result = self.expand_dims(result, dim)
                dim += 1
            elif isinstance(item, slice) and item == slice(None):
                dim += 1
            else:
                self.error("tiles can only be indexed with ':' and None "
                           "(x[:, None]); got %r" % (item,))
        return result

    # ------------------------------------------------------ promotion
    def promote(self, a, b):
        if a == b:
            return a
        if a.is_floating or b.is_floating:
            if not b.is_floating:
                return a
            if not a.is_floating:
                return b
            if a.bits == b.bits:  # f16 with bf16
                return float32
            return a if a.bits > b.bits else b
        if a.is_bool:
            return b
        if b.is_bool:
            return a
        if a.bits != b.bits:
            return a if a.bits > b.bits else b
        return a if not a.signed else b  # unsigned wins at equal width

    def binary_operands(self, a, b, allow_ptr=False):
        a, b = core._unwrap(a), core._unwrap(b)
        self.no_scale(a, b)
        if isinstance(a, tensor) and not isinstance(b, tensor):
            b = self.to_tensor(b, a.dtype)
        elif isinstance(b, tensor) and not isinstance(a, tensor):
            a = self.to_tensor(a, b.dtype)
        else:
            a, b = self.to_tensor(a), self.to_tensor(b)
        if (a.dtype.is_ptr or b.dtype.is_ptr) and not allow_ptr:
            self.error("this operation is not defined on pointers")
        shape = self.broadcast_shapes(a.shape, b.shape)
        if not (a.dtype.is_ptr or b.dtype.is_ptr):
            ty = self.promote(a.dtype, b.dtype)
            a, b = self.cast(a, ty), self.cast(b, ty)
        return self.broadcast_to(a, shape), self.broadcast_to(b, shape)

    def elementwise(self, opname, a, b, ty=None):
        ty = ty or a.dtype
        return tensor(self.b.op("%s %s, %s : %s" % (opname, a.handle, b.handle,
                                                     a.type)), ty, a.shape)

    # ------------------------------------------------------ arithmetic
    def addptr(self, ptr, offset, negate=False):
        offset = self.to_tensor(offset)
        if not offset.dtype.is_int or offset.dtype.is_bool:
            self.error("pointer offsets must be integers, got %s" %
                       offset.dtype.name)
        if offset.dtype.bits < 32:
            offset = self.cast(offset, int32)
        if negate:
            offset = self.sub(0, offset)
        shape = self.broadcast_shapes(ptr.shape, offset.shape)
        ptr, offset = self.broadcast_to(ptr, shape), \
            self.broadcast_to(offset, shape)
        return tensor(self.b.op("nv_tileaa.addptr %s, %s : %s, %s" % (
            ptr.handle, offset.handle, ptr.type, offset.type)),
            ptr.dtype, shape)

    def add(self, a, b):
        a, b = core._unwrap(a), core._unwrap(b)
        if isinstance(a, tensor) and a.dtype.is_ptr:
            return self.addptr(a, b)
        if isinstance(b, tensor) and b.dtype.is_ptr:
            return self.addptr(b, a)
        a, b = self.binary_operands(a, b)
        return self.elementwise("nv_tileaa.addf" if a.dtype.is_floating
                                else "arith.addi", a, b)

    def sub(self, a, b):
        a, b = core._unwrap(a), core._unwrap(b)
        if isinstance(a, tensor) and a.dtype.is_ptr:
            return self.addptr(a, b, negate=True)
        a, b = self.binary_operands(a, b)
        return self.elementwise("nv_tileaa.subf" if a.dtype.is_floating
                                else "arith.subi", a, b)

    def mul(self, a, b):
        a, b = self.binary_operands(a, b)
        return self.elementwise("nv_tileaa.mulf" if a.dtype.is_floating
                                else "arith.muli", a, b)

    def truediv(self, a, b):
        a, b = self.binary_operands(a, b)
        if not a.dtype.is_floating:
            a, b = self.cast(a, float32), self.cast(b, float32)
        return self.elementwise("nv_tileaa.divf", a, b)

    def floordiv(self, a, b):
        a, b = self.binary_operands(a, b)
        if a.dtype.is_floating:
            return self.math("floor", self.elementwise("nv_tileaa.divf", a, b))
        return self.elementwise("arith.divui" if a.dtype.is_unsigned
                                else "arith.divsi", a, b)

    def mod(self, a, b):
        a, b = self.binary_operands(a, b)
        if a.dtype.is_floating:
            return self.elementwise("arith.remf", a, b)
        return self.elementwise("arith.remui" if a.dtype.is_unsigned
                                else "arith.remsi", a, b)

    def bitwise(self, opname, a, b):
        a, b = self.binary_operands(a, b)
        if not a.dtype.is_int:
            self.error("bitwise operators need integer or boolean operands, "
                       "got %s" % a.dtype.name)
        return self.elementwise("arith." + opname, a, b)

    def shift(self, opname, a, b):
        a, b = self.binary_operands(a, b)
        if not a.dtype.is_int:
            self.error("shifts need integer operands")
        if opname == "shr":
            opname = "shrui" if a.dtype.is_unsigned else "shrsi"
        return self.elementwise("arith." + opname, a, b)

    def neg(self, x):
        x = self.to_tensor(x)
        self.no_scale(x)
        return self.sub(self.constant(0, x.dtype), x) if not x.shape else \
            self.sub(self.constant(0, x.dtype, x.shape), x)

    def invert(self, x):
        x = self.to_tensor(x)
        self.no_scale(x)
        return self.bitwise("xori", x, self.constant(-1, x.dtype))

    def compare(self, how, a, b):
        a, b = self.binary_operands(a, b, allow_ptr=True)
        if a.dtype.is_floating:
            pred = {"lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge",
                    "eq": "oeq", "ne": "une"}[how]
            op = "arith.cmpf"
        else:
            if a.dtype.is_ptr:
                self.error("pointers cannot be compared")
            prefix = "u" if a.dtype.is_unsigned else "s"
            pred = {"eq": "eq", "ne": "ne"}.get(how, prefix + how)
            op = "arith.cmpi"
        return tensor(self.b.op("%s %s, %s, %s : %s" % (
            op, pred, a.handle, b.handle, a.type)), int1, a.shape)

    def logical_not(self, x):
        x = self.cast(self.to_tensor(x), int1)
        return self.bitwise("xori", x, True)

    def where(self, cond, x, y):
        cond = self.cast(self.to_tensor(cond), int1)
        x, y = self.binary_operands(x, y, allow_ptr=True)
        shape = self.broadcast_shapes(cond.shape, x.shape)
        cond = self.broadcast_to(cond, shape)
        x, y = self.broadcast_to(x, shape), self.broadcast_to(y, shape)
        if shape:
            text = "arith.select %s, %s, %s : %s, %s" % (
                cond.handle, x.handle, y.handle, cond.type, x.type)
        else:
            text = "arith.select %s, %s, %s : %s" % (
                cond.handle, x.handle, y.handle, x.type)
        return tensor(self.b.op(text), x.dtype, shape)

    def minmax(self, which, a, b):
        a, b = self.binary_operands(a, b)
        if a.dtype.is_floating:
            op = "arith.%simumf" % which
        else:
            op = "arith.%s%si" % (which, "u" if a.dtype.is_unsigned else "s")
        return self.elementwise(op, a, b)

    def fma(self, x, y, z):
        x, y = self.binary_operands(x, y)
        x, z = self.binary_operands(x, z)
        y = self.broadcast_to(self.cast(y, x.dtype), x.shape)
        if not x.dtype.is_floating:
            return self.add(self.mul(x, y), z)
        return tensor(self.b.op("nv_tileaa.fma %s, %s, %s : %s" % (
            x.handle, y.handle, z.handle, x.type)), x.dtype, x.shape)

    def math(self, name, x):
        x = self.to_tensor(x)
        if not x.dtype.is_floating:
            self.error("%s needs a floating-point operand, got %s" % (
                name, x.dtype.name))
        if name in ("sqrt", "rsqrt") or (name == "exp2" and
                                         x.dtype != float64):
            op = "nv_tileaa." + name
        else:
            op = "math." + name
        return tensor(self.b.op("%s %s : %s" % (op, x.handle, x.type)),
                      x.dtype, x.shape)

    def abs(self, x):
        x = self.to_tensor(x)
        self.no_scale(x)
        op = "math.absf" if x.dtype.is_floating else "math.absi"
        if x.dtype.is_unsigned:
            return x
        return tensor(self.b.op("%s %s : %s" % (op, x.handle, x.type)),
                      x.dtype, x.shape)

    # ------------------------------------------------------ conversions
    def cast(self, x, ty, bitcast=False):
        x = self.to_tensor(x)
        src = x.dtype
        if not isinstance(ty, core.dtype):
            self.error(".to() needs a tl dtype, got %r" % (ty,))
        if src == ty:
            return x
        if src.is_ptr or ty.is_ptr:
            self.error("cannot convert %s to %s" % (src.name, ty.name))
        if src.is_scale or ty.is_scale:
            other = ty if src.is_scale else src
            if not bitcast or other.bits != 8 or not (other.is_int or
                                                      other.is_scale):
                self.error("float8e8m0fnu converts only by bitcast, to or "
                           "from uint8 or int8 (x.to(tl.uint8, bitcast="
                           "True)); got %s to %s" % (src.name, ty.name))
        if src.mlir == ty.mlir:  # signedness only
            return tensor(x.handle, ty, x.shape)
        out = ty.mlir_type(x.shape)
        if bitcast:
            if src.bits != ty.bits:
                self.error("bitcast needs types of one width")
            return tensor(self.b.op("arith.bitcast %s : %s to %s" % (
                x.handle, x.type, out)), ty, x.shape)
        if ty.is_bool:
            zero = self.constant(0, src, x.shape)
            return self.compare("ne", x, zero)
        if src.is_floating and ty.is_floating:
            op = "nv_tileaa.fp_to_fp %s : %s -> %s"
            return tensor(self.b.op(op % (x.handle, x.type, out)), ty, x.shape)
        if src.is_int and ty.is_int:
            if ty.bits > src.bits:
                op = "arith.extui" if (src.is_unsigned or src.is_bool) \
                    else "arith.extsi"
            else:
                op = "arith.trunci"
        elif src.is_int:
            if ty.bits < 16 or ty == core.tf32:
                return self.cast(self.cast(x, float32), ty)
            op = "arith.uitofp" if (src.is_unsigned or src.is_bool) \
                else "arith.sitofp"
        else:
            if src.bits < 16:
                return self.cast(self.cast(x, float32), ty)
            op = "arith.fptoui" if ty.is_unsigned else "arith.fptosi"
        return tensor(self.b.op("%s %s : %s to %s" % (op, x.handle, x.type,
                                                       out)), ty, x.shape)

    # ------------------------------------------------------ grid, creation
    def program_id(self, axis, op):
        if axis not in (0, 1, 2):
            self.error("axis must be 0, 1 or 2, got %d" % axis)
        return tensor(self.b.op("nv_tileaa.%s %s : i32" % (op, "xyz"[axis])),
                      int32)

    def check_shape(self, shape):
        for d in shape:
            if d <= 0 or d & (d - 1):
                self.error("tile dimensions must be powers of two, got %s"
                           % (tuple(shape),))

    def arange(self, start, end):
        if end <= start:
            self.error("arange needs end > start, got %d, %d" % (start, end))
        self.check_shape((end - start,))
        return tensor(self.b.op(
            "nv_tileaa.make_range {start = %d : i32, end = %d : i32} : %s" % (
                start, end, int32.mlir_type((end - start,)))),
            int32, (end - start,))

    def full(self, shape, value, ty):
        self.check_shape(shape)
        value = core._unwrap(value)
        if isinstance(value, tensor):
            return self.splat(self.cast(value, ty), shape) if shape else \
                self.cast(value, ty)
        return self.constant(value, ty, shape)

    # ------------------------------------------------------ memory
    def pointer(self, ptr):
        ptr = core._unwrap(ptr)
        if not isinstance(ptr, tensor) or not ptr.dtype.is_ptr:
            self.error("expected a pointer, got %r" % (ptr,))
        return ptr

    def mask_for(self, mask, shape):
        if mask is None:
            return None
        mask = self.cast(self.to_tensor(mask), int1)
        if self.broadcast_shapes(mask.shape, shape) != tuple(shape):
            self.error("mask shape %s does not fit the pointers' shape %s" % (
                mask.shape, tuple(shape)))
        return self.broadcast_to(mask, shape)

    def memory_attrs(self, cache, eviction):
        attrs = []
        if cache:
            name = cache.lstrip(".")
            if name not in ("ca", "cg", "cs", "lu", "cv"):
                self.error("unknown cache_modifier %r" % cache)
            attrs.append("cache_modifier = #nv_tileaa.cache_modifier<%s>"
                         % name)
        if eviction:
            name = eviction.replace("evict_", "")
            if name not in ("first", "last", "normal"):
                self.error("unknown eviction_policy %r" % eviction)
            attrs.append("eviction_policy = #nv_tileaa.eviction_policy<%s>"
                         % name)
        return " {%s}" % ", ".join(attrs) if attrs else ""

    def load(self, ptr, mask, other, cache, eviction):
        ptr = self.pointer(ptr)
        ty = ptr.dtype.element_ty
        operands = [ptr.handle]
        mask = self.mask_for(mask, ptr.shape)
        if other is not None and mask is None:
            self.error("load: `other` needs a `mask`")
        if mask is not None:
            operands.append(mask.handle)
        if other is not None:
            other = self.broadcast_to(self.cast(self.to_tensor(other, ty), ty),
                                      ptr.shape)
            operands.append(other.handle)
        return tensor(self.b.op("nv_tileaa.load %s%s : %s -> %s" % (
            ", ".join(operands), self.memory_attrs(cache, eviction), ptr.type,
            ty.mlir_type(ptr.shape))), ty, ptr.shape)

    def store(self, ptr, value, mask, cache, eviction):
        ptr = self.pointer(ptr)
        ty = ptr.dtype.element_ty
        value = self.to_tensor(value, ty)
        if self.broadcast_shapes(value.shape, ptr.shape) != ptr.shape:
            self.error("store: value shape %s does not fit the pointers' "
                       "shape %s" % (value.shape, ptr.shape))
        value = self.broadcast_to(self.cast(value, ty), ptr.shape)
        operands = [ptr.handle, value.handle]
        mask = self.mask_for(mask, ptr.shape)
        if mask is not None:
            operands.append(mask.handle)
        self.b.emit("nv_tileaa.store %s%s : %s, %s" % (
            ", ".join(operands), self.memory_attrs(cache, eviction), ptr.type,
            value.type))

    # ------------------------------------------------------ tiled memory
    def _i32_operand(self, x, what):
        x = self.to_tensor(x, int32)
        if x.shape or not x.dtype.is_int:
            self.error("%s must be an integer scalar, got %r" % (what, x))
        return self.cast(x, int32)

    def _hint_attr(self, name, hints, rank):
        if hints is None:
            return None
        hints = tuple(int(core._unwrap(h)) for h in hints)
        if len(hints) != rank:
            self.error("%s needs %d entries, got %d" % (name, rank,
                                                        len(hints)))
        return "%s = array<i64: %s>" % (name, ", ".join(map(str, hints)))

    def make_memref(self, base, sizes, strides, sizes_div_by,
                    strides_div_by):
        base = self.pointer(base)
        if base.shape:
            self.error("make_memref needs a scalar base pointer")
        sizes, strides = list(sizes), list(strides)
        if not 1 <= len(sizes) <= 5 or len(strides) != len(sizes):
            self.error("make_memref needs 1 to 5 sizes and as many strides, "
                       "got %d and %d" % (len(sizes), len(strides)))
        last = core._unwrap(strides[-1])
        if isinstance(last, tensor) or last != 1:
            self.error("make_memref: the innermost stride must be the "
                       "constant 1")
        static, operands = {"sizes": [], "strides": []}, {"sizes": [],
                                                         "strides": []}
        for kind, values in (("sizes", sizes), ("strides", strides)):
            for v in values:
                v = core._unwrap(v)
                if isinstance(v, int) and not isinstance(v, bool):
                    static[kind].append(v)
                else:
                    static[kind].append(None)
                    operands[kind].append(
                        self._i32_operand(v, "a memref %s" % kind[:-1]).handle)
        ref = core.memref(None, base.dtype.element_ty, static["sizes"],
                          static["strides"])
        attrs = [a for a in (
            self._hint_attr("sizes_div_by", sizes_div_by, ref.rank),
            self._hint_attr("strides_div_by", strides_div_by, ref.rank))
            if a]
        ref.handle = self.b.op(
            "nv_tileaa.make_memref %s, sizes [%s], strides [%s]%s : %s -> %s"
            % (base.handle, ", ".join(operands["sizes"]),
               ", ".join(operands["strides"]),
               " {%s}" % ", ".join(attrs) if attrs else "", base.type,
               ref.type))
        return ref

    def _tiled_indices(self, ref, indices):
        if not isinstance(ref, core.memref):
            self.error("expected a memref from tl.make_memref, got %r"
                       % (ref,))
        indices = list(indices)
        if len(indices) != ref.rank:
            self.error("the memref has rank %d but %d tile indices were "
                       "given" % (ref.rank, len(indices)))
        return ", ".join(self._i32_operand(i, "a tile index").handle
                         for i in indices)

    def tiled_load(self, ref, indices, shape, padding):
        operands = self._tiled_indices(ref, indices)
        shape = tuple(int(core._unwrap(d)) for d in shape)
        if len(shape) != ref.rank:
            self.error("block_shape must have the memref's rank %d"
                       % ref.rank)
        ty = ref.dtype
        attrs = ""
        if padding is not None:
            padding = core._unwrap(padding)
            if ty.is_scale:
                self.error("tiled_load: padding is not supported for "
                           "float8e8m0fnu (out-of-bounds scales read as "
                           "the byte 0)")
            literal = (float_literal(padding, ty) if ty.is_floating
                       else str(int(padding)))
            attrs = " {padding = %s : %s}" % (literal, ty.mlir)
        return tensor(self.b.op("nv_tileaa.tiled_load %s[%s]%s : %s -> %s" % (
            ref.handle, operands, attrs, ref.type, ty.mlir_type(shape))),
            ty, shape)

    def tiled_value(self, ref, value):
        value = self.to_tensor(value, ref.dtype)
        if len(value.shape) != ref.rank:
            self.error("the value must be a tile of the memref's rank %d, "
                       "got shape %s" % (ref.rank, value.shape))
        return self.cast(value, ref.dtype)

    def tiled_store(self, ref, indices, value):
        operands = self._tiled_indices(ref, indices)
        value = self.tiled_value(ref, value)
        self.b.emit("nv_tileaa.tiled_store %s[%s], %s : %s, %s" % (
            ref.handle, operands, value.handle, ref.type, value.type))

    def tiled_atomic_add(self, ref, indices, value):
        operands = self._tiled_indices(ref, indices)
        value = self.tiled_value(ref, value)
        return tensor(self.b.op(
            "nv_tileaa.tiled_atomic_rmw add, %s[%s], %s : %s, %s -> %s" % (
                ref.handle, operands, value.handle, ref.type, value.type,
                value.type)), value.dtype, value.shape)

    def atomic_attrs(self, sem, scope):
        sem, scope = core._unwrap(sem), core._unwrap(scope)
        if sem not in _ATOMIC_SEMS:
            self.error("atomic sem must be one of %s" % ", ".join(_ATOMIC_SEMS))
        if scope not in _ATOMIC_SCOPES:
            self.error("atomic scope must be one of %s" %
                       ", ".join(_ATOMIC_SCOPES))
        return (" {mem_semantic = #nv_tileaa.mem_semantic<%s>, mem_scope = "
                "#nv_tileaa.mem_scope<%s>}" % (sem, scope))

    def atomic_rmw(self, kind, ptr, val, mask, sem, scope):
        ptr = self.pointer(ptr)
        ty = ptr.dtype.element_ty
        if ty.is_scale:
            self.error("atomics on float8e8m0fnu are not supported")
        val = self.broadcast_to(self.cast(self.to_tensor(val, ty), ty),
                                ptr.shape)
        if ty.is_floating:
            if kind == "add":
                kind = "addf"
            elif kind != "xchg":
                self.error("atomic_%s is not supported on %s (integers only)"
                           % (kind, ty.name))
        elif kind in ("max", "min") and ty.is_unsigned:
            kind = "u" + kind
        operands = [ptr.handle, val.handle]
        mask = self.mask_for(mask, ptr.shape)
        if mask is not None:
            operands.append(mask.handle)
        return tensor(self.b.op("nv_tileaa.atomic_rmw %s, %s%s : %s, %s -> %s"
                                % (kind, ", ".join(operands),
                                   self.atomic_attrs(sem, scope), ptr.type,
                                   val.type, val.type)), ty, ptr.shape)

    def atomic_cas(self, ptr, cmp, val, sem, scope):
        ptr = self.pointer(ptr)
        ty = ptr.dtype.element_ty
        if ty.is_scale:
            self.error("atomics on float8e8m0fnu are not supported")
        cmp = self.broadcast_to(self.cast(self.to_tensor(cmp, ty), ty),
                                ptr.shape)
        val = self.broadcast_to(self.cast(self.to_tensor(val, ty), ty),
                                ptr.shape)
        return tensor(self.b.op("nv_tileaa.atomic_cas %s, %s, %s%s : %s, %s -> %s"
                                % (ptr.handle, cmp.handle, val.handle,
                                   self.atomic_attrs(sem, scope), ptr.type,
                                   val.type, val.type)), ty, ptr.shape)

    # ------------------------------------------------------ dot
    def dot(self, a, b, acc, precision, out_dtype):
        a, b = self.to_tensor(a), self.to_tensor(b)
        if a.dtype.is_scale or b.dtype.is_scale:
            self.error("dot of float8e8m0fnu tiles: scales go to "
                       "tl.dot_scaled")
        if len(a.shape) != 2 or len(b.shape) != 2:
            self.error("dot needs 2-D tiles, got shapes %s and %s" % (
                a.shape, b.shape))
        if a.shape[1] != b.shape[0]:
            self.error("dot: inner dimensions differ (%s and %s)" % (
                a.shape, b.shape))
        shape = (a.shape[0], b.shape[1])
        attrs = ""
        if a.dtype.is_int:
            if a.dtype.bits != 8 or b.dtype.bits != 8:
                self.error("integer dot needs int8/uint8 operands")
            acc_ty = int32
            sign = lambda t: "unsigned" if t.is_unsigned else "signed"
            attrs = (" {signedness_a = #nv_tileaa.signedness<%s>, "
                     "signedness_b = #nv_tileaa.signedness<%s>}" % (
                         sign(a.dtype), sign(b.dtype)))
        else:
            acc_ty = float64 if a.dtype == float64 else float32
            if a.dtype != b.dtype and not (a.dtype.bits == 8 and
                                           b.dtype.bits == 8):
                self.error("dot operands must have one dtype, got %s and %s"
                           % (a.dtype.name, b.dtype.name))
            if precision == "tf32" and a.dtype == float32:
                a, b = self.cast(a, core.tf32), self.cast(b, core.tf32)
            elif precision not in (None, "ieee", "tf32"):
                self.error("input_precision must be 'ieee' or 'tf32'")
        if acc is None:
            acc = self.constant(0, acc_ty, shape)
        else:
            acc = self.broadcast_to(self.cast(self.to_tensor(acc), acc_ty),
                                    shape)
        result = tensor(self.b.op("nv_tileaa.dot %s, %s, %s%s : %s, %s, %s -> %s"
                                  % (a.handle, b.handle, acc.handle, attrs,
                                     a.type, b.type, acc.type, acc.type)),
                        acc_ty, shape)
        if out_dtype is not None:
            result = self.cast(result, out_dtype)
        return result

    # ------------------------------------------------------ dot_scaled
    def _scaled_operand(self, x, fmt, side):
        """lhs or rhs of dot_scaled as its FP8 type: a tile of the format's
        type, or of uint8 (its bytes, bitcast as Triton does); for e2m1 the
        uint8 (or int8) tile of packed pairs as the op's i8. Returns the
        tile and whether it is packed FP4."""
        fmt = core._unwrap(fmt)
        if not isinstance(fmt, str):
            self.error("dot_scaled: %s_format must be a string such as "
                       "'e4m3', got %r" % (side, fmt))
        ty = _SCALED_FORMATS.get(fmt)
        if ty is None:
            if fmt in _LATER_FORMATS:
                self.error("dot_scaled: %s_format '%s' is not supported yet;"
                           " e4m3, e5m2 and e2m1 are" % (side, fmt))
            self.error("dot_scaled: unknown %s_format '%s'; e4m3, e5m2 and "
                       "e2m1 are supported" % (side, fmt))
        x = core._unwrap(x)
        if not isinstance(x, tensor) or len(x.shape) != 2:
            self.error("dot_scaled: %s must be a 2-D tile, got %s (batched "
                       "dot_scaled is not supported)" % (side, (
                           x.shape if isinstance(x, tensor) else repr(x))))
        if fmt == "e2m1":
            if x.dtype not in (core.uint8, int8):
                self.error("dot_scaled: %s_format 'e2m1' takes a uint8 tile "
                           "of packed pairs (two e2m1 values per byte along "
                           "K, the even K index in the low nibble), got %s"
                           % (side, x.dtype.name))
            if x.dtype == core.uint8:
                x = self.cast(x, int8, bitcast=True)
            return x, True
        if x.dtype == ty:
            return x, False
        if x.dtype == core.uint8:
            return self.cast(x, ty, bitcast=True), False
        self.error("dot_scaled: %s is %s but %s_format is '%s': pass %s, or "
                   "its bytes as uint8" % (side, x.dtype.name, side, fmt,
                                           ty.name))

    def _scale_type(self, s, side, fp4):
        """The scale element type of lhs_scale/rhs_scale (None: E8M0) and
        its block: E8M0 bytes (uint8 or float8e8m0fnu) per 32 K elements,
        float8e4nv (NVFP4's ue4m3, e2m1 operands only) per 16."""
        s = core._unwrap(s)
        if s is None:
            return None, None
        if isinstance(s, tensor) and s.dtype in (core.uint8,
                                                 core.float8e8m0fnu):
            return core.float8e8m0fnu, _SCALE_BLOCK
        if isinstance(s, tensor) and s.dtype == core.float8e4m3fn and fp4:
            return core.float8e4m3fn, 16
        self.error("dot_scaled: %s_scale must be a uint8 (E8M0 bytes) or "
                   "float8e8m0fnu tile%s, got %s" % (
                       side, ", or float8e4nv (NVFP4, e2m1 operands)"
                       if fp4 else "", (s.dtype.name if isinstance(s, tensor)
                                        else repr(s))))

    def _scale_operand(self, s, side, want, transpose, ty, block):
        """lhs_scale or rhs_scale of dot_scaled as the op's scale tile of
        type `ty`: `want` is the shape Triton's convention gives it
        ([M, K // block] or [N, K // block]); rhs scales are transposed to
        [K // block, N]. None is a scale of 1 (the byte 127)."""
        op_shape = (want[1], want[0]) if transpose else want
        s = core._unwrap(s)
        if s is None:
            return self.constant(1.0, ty, op_shape)
        if s.shape != want:
            hint = ""
            if transpose and s.shape == op_shape:
                hint = " (Triton's layout: one row of K // %d scales per " \
                       "column of rhs; tl.trans it)" % block
            self.error("dot_scaled: %s_scale must have shape [%s, K // %d]"
                       " = %s, got %s%s" % (side, "M" if side == "lhs"
                                             else "N", block, list(want),
                                             list(s.shape), hint))
        if transpose:
            s = self.permute(s, (1, 0))
        if s.dtype == ty:
            return s
        return self.cast(s, ty, bitcast=True)

    def dot_scaled(self, lhs, lhs_scale, lhs_format, rhs, rhs_scale,
                   rhs_format, acc, fast_math, lhs_k_pack, rhs_k_pack,
                   out_dtype):
        """Triton's tl.dot_scaled for the MXFP8 formats: one
        nv_tileaa.dot_scaled (docs/python.md, "dot_scaled")."""
        if core._unwrap(fast_math):
            self.error("dot_scaled: fast_math=True is not supported (the "
                       "scales are always applied exactly, NaN included)")
        for side, packed in (("lhs", lhs_k_pack), ("rhs", rhs_k_pack)):
            if not core._unwrap(packed):
                self.error("dot_scaled: %s_k_pack=False (e2m1 packed along "
                           "M or N) is not supported; pack e2m1 pairs along "
                           "K (the default True)" % side)
        out_dtype = core._unwrap(out_dtype)
        if out_dtype is not None and out_dtype != float32:
            self.error("dot_scaled: out_dtype must be tl.float32 (the "
                       "product accumulates in f32; convert the result with "
                       ".to()), got %r" % (out_dtype,))
        a, packed_a = self._scaled_operand(lhs, lhs_format, "lhs")
        b, packed_b = self._scaled_operand(rhs, rhs_format, "rhs")
        (m, k), (kb, n) = a.shape, b.shape
        k, kb = k * (2 if packed_a else 1), kb * (2 if packed_b else 1)
        if k != kb:
            self.error("dot_scaled: lhs [M, K] and rhs [K, N] disagree on K:"
                       " shapes %s and %s (an e2m1 operand holds K // 2 "
                       "bytes along K)" % (list(a.shape), list(b.shape)))
        fp4 = packed_a and packed_b
        ty, block = self._scale_type(lhs_scale, "lhs", fp4)
        rhs_ty, rhs_block = self._scale_type(rhs_scale, "rhs", fp4)
        if ty is None:
            ty, block = rhs_ty, rhs_block
        elif rhs_ty is not None and rhs_ty != ty:
            self.error("dot_scaled: lhs_scale and rhs_scale must have one "
                       "scale type, got %s and %s" % (ty.name, rhs_ty.name))
        if ty is None:
            ty, block = core.float8e8m0fnu, _SCALE_BLOCK
        if k % block:
            self.error("dot_scaled: K must be a multiple of %d (one scale "
                       "per %d elements), got %d" % (block, block, k))
        sa = self._scale_operand(lhs_scale, "lhs", (m, k // block), False,
                                 ty, block)
        sb = self._scale_operand(rhs_scale, "rhs", (n, k // block), True,
                                 ty, block)
        formats = ", ".join(
            "%s_format = f4E2M1FN" % side for side, packed in
            (("a", packed_a), ("b", packed_b)) if packed)
        attrs = " {%s}" % formats if formats else ""
        shape = (m, n)
        acc = core._unwrap(acc)
        if acc is None:
            acc = self.constant(0, float32, shape)
        else:
            acc = self.to_tensor(acc, float32)
            if acc.dtype != float32:
                self.error("dot_scaled: acc must be float32, got %s" %
                           acc.dtype.name)
            fits = len(acc.shape) <= 2 and all(
                have in (1, want) for have, want in
                zip(reversed(acc.shape), reversed(shape)))
            if not fits:
                self.error("dot_scaled: acc of shape %s does not fit the "
                           "result [M, N] = %s" % (list(acc.shape),
                                                   list(shape)))
            acc = self.broadcast_to(acc, shape)
        return tensor(self.b.op(
            "nv_tileaa.dot_scaled %s scale %s, %s scale %s, %s%s : %s scale "
            "%s, %s scale %s, %s -> %s" % (a.handle, sa.handle, b.handle,
                                           sb.handle, acc.handle, attrs,
                                           a.type, sa.type, b.type, sb.type,
                                           acc.type, acc.type)), float32,
                      shape)

    # ------------------------------------------------------ reduce / scan
    def _combiner(self, ty, body):
        """Region of reduce/scan: body(l, r) -> list of lines and the
        result name, with its own names (the region is isolated)."""
        lines = ["^bb0(%%l: %s, %%r: %s):" % (ty.mlir, ty.mlir)]
        result = body(lines, "%l", "%r")
        lines.append("  nv_tileaa.yield %s : %s" % (result, ty.mlir))
        return lines

    def builtin_combiner(self, kind, ty):
        def body(lines, l, r):
            if kind == "sum":
                op = "arith.addf" if ty.is_floating else "arith.addi"
            elif ty.is_floating:
                op = "arith.%simumf" % kind
            else:
                op = "arith.%s%si" % (kind, "u" if ty.is_unsigned else "s")
            lines.append("  %%c = %s %s, %s : %s" % (op, l, r, ty.mlir))
            return "%c"
        return self._combiner(ty, body)

    def function_combiner(self, fn, ty):
        from . import compiler

        def body(lines, l, r):
            inner = compiler.inline_combiner(self, fn, ty, l, r)
            lines.extend("  " + line for line in inner[0])
            return inner[1]
        return self._combiner(ty, body)

    def _reduce(self, x, axis, keep_dims, region):
        x = self.to_tensor(x)
        self.no_scale(x)
        if not x.shape:
            self.error("reductions need a tile")
        if axis is None:
            rank = len(x.shape)
            flat = self.reshape(x, (x.numel,)) if rank > 1 else x
            value = self._reduce(flat, 0, False, region)
            return self.reshape(value, (1,) * rank) if keep_dims else value
        axis = int(axis)
        if axis < 0:
            axis += len(x.shape)
        if not 0 <= axis < len(x.shape):
            self.error("axis %d is out of range for shape %s" % (axis, x.shape))
        shape = x.shape[:axis] + x.shape[axis + 1:]
        out = x.dtype.mlir_type(shape)
        result = self.b.fresh()
        self.b.emit("%s = nv_tileaa.reduce %s {axis = %d : i32} : %s -> %s {"
                    % (result, x.handle, axis, x.type, out), located=False)
        for line in region(x.dtype):
            self.b.emit(line, located=False)
        self.b.emit("}")
        value = tensor(result, x.dtype, shape)
        if keep_dims:
            value = self.expand_dims(value, axis)
        return value

    def reduce_builtin(self, x, kind, axis, keep_dims):
        x = self.to_tensor(x)
        if kind == "sum" and x.dtype.is_int and x.dtype.bits < 32:
            x = self.cast(x, int32)
        if x.dtype.is_bool:
            x = self.cast(x, int32)
        return self._reduce(x, axis, keep_dims,
                            lambda ty: self.builtin_combiner(kind, ty))

    def reduce_fn(self, x, axis, fn, keep_dims):
        return self._reduce(x, axis, keep_dims,
                            lambda ty: self.function_combiner(fn, ty))

    def argminmax(self, x, kind, axis, keep_dims):
        """Index of the first extreme element along axis: the extreme value,
        then the smallest index holding it."""
        x = self.to_tensor(x)
        best = self.reduce_builtin(x, kind, axis, True)
        index = self.arange(0, x.shape[axis])
        for _ in range(axis):
            index = self.expand_dims(index, 0)
        for _ in range(len(x.shape) - axis - 1):
            index = self.expand_dims(index, len(index.shape))
        index = self.broadcast_to(index, x.shape)
        big = self.constant(x.shape[axis], int32, x.shape)
        candidates = self.where(self.compare("eq", x, best), index, big)
        return self.reduce_builtin(candidates, "min", axis, keep_dims)

    def _scan(self, x, axis, reverse, region):
        x = self.to_tensor(x)
        self.no_scale(x)
        if not x.shape:
            self.error("scans need a tile")
        result = self.b.fresh()
        self.b.emit("%s = nv_tileaa.scan %s {axis = %d : i32, reverse = %s} : "
                    "%s -> %s {" % (result, x.handle, axis,
                                    "true" if reverse else "false", x.type,
                                    x.type), located=False)
        for line in region(x.dtype):
            self.b.emit(line, located=False)
        self.b.emit("}")
        return tensor(result, x.dtype, x.shape)

    def scan_builtin(self, x, kind, axis, reverse):
        x = self.to_tensor(x)
        if x.dtype.is_int and x.dtype.bits < 32:
            x = self.cast(x, int32)
        return self._scan(x, axis, reverse,
                          lambda ty: self.builtin_combiner(kind, ty))

    def scan_fn(self, x, axis, fn, reverse):
        return self._scan(x, axis, reverse,
                          lambda ty: self.function_combiner(fn, ty))

    # ------------------------------------------------------ hints, debug
    def _hint_values(self, what, x, values):
        """Triton's per-dimension hint values: one per dimension (one for a
        scalar); a single number for a 1-D tile or a scalar. Each must be a
        positive power of two."""
        if not isinstance(values, (list, tuple)):
            values = [values]
        values = [int(core._unwrap(v)) for v in values]
        if len(values) != max(1, len(x.shape)):
            self.error("%s needs one value per dimension: %d given for "
                       "shape %s" % (what, len(values), x.shape))
        for v in values:
            if v <= 0 or v & (v - 1):
                self.error("%s needs powers of two, got %d" % (what, v))
        return values

    def multiple_of(self, x, values):
        """Triton's divisibility hint: a scalar is a multiple of the value;
        along dimension d of a tile, the first element of each contiguous
        run is (the runs are max_contiguous's claim, else the whole
        dimension): `assume div_by` with `every`/`along`."""
        x = self.to_tensor(x)
        if not (x.dtype.is_int or x.dtype.is_ptr) or x.dtype.is_bool:
            self.error("multiple_of needs integers or pointers, got %s" %
                       x.dtype.name)
        values = self._hint_values("multiple_of", x, values)
        if not x.shape:
            if values[0] == 1:
                return x
            return tensor(self.b.op(
                "nv_tileaa.assume %s {div_by = %d : i64} : %s" % (
                    x.handle, values[0], x.type)), x.dtype)
        return self._divisibility(x, values,
                                  getattr(x, "contiguity", None))

    def _divisibility(self, x, values, contiguity):
        result = x
        for d, v in enumerate(values):
            if v == 1:
                continue
            every = contiguity[d] if contiguity and contiguity[d] > 1 \
                else x.shape[d]
            result = tensor(self.b.op(
                "nv_tileaa.assume %s {div_by = %d : i64, every = %d : i64, "
                "along = %d : i64} : %s" % (result.handle, v, every, d,
                                            x.type)), x.dtype, x.shape)
        result.divisibility = values
        if contiguity:
            result.contiguity = contiguity
        return result

    def max_contiguous(self, x, values):
        """Triton's contiguity hint: along dimension d, aligned runs of
        values[d] elements increase by one. nv_tileaa says it with an
        `assume`: x - r is constant over those runs (`same_elements`),
        r the index along d, and x = (x - r) + r."""
        x = self.to_tensor(x)
        if not x.dtype.is_int or x.dtype.is_bool:
            self.error("max_contiguous needs an integer tile, got %s" %
                       x.dtype.name)
        if not x.shape:
            self.error("max_contiguous needs a tile, got a scalar")
        values = self._hint_values("max_contiguous", x, values)
        values = [min(v, n) for v, n in zip(values, x.shape)]
        if all(v == 1 for v in values):
            return x
        ramp = None
        for d, v in enumerate(values):
            if v == 1:
                continue
            r = self.cast(self.arange(0, x.shape[d]), x.dtype)
            for _ in range(d):
                r = self.expand_dims(r, 0)
            for _ in range(len(x.shape) - d - 1):
                r = self.expand_dims(r, len(r.shape))
            r = self.broadcast_to(r, x.shape)
            ramp = r if ramp is None else self.add(ramp, r)
        base = self.sub(x, ramp)
        base = tensor(self.b.op(
            "nv_tileaa.assume %s {same_elements = array<i64: %s>} : %s" % (
                base.handle, ", ".join(map(str, values)), base.type)),
            base.dtype, base.shape)
        result = self.add(base, ramp)
        divisibility = getattr(x, "divisibility", None)
        if divisibility:
            return self._divisibility(result, divisibility, values)
        result.contiguity = values
        return result

    def _string(self, text):
        out = []
        for ch in text.encode("utf-8"):
            c = chr(ch)
            if c == "\n":
                out.append("\\n")
            elif c == "\t":
                out.append("\\t")
            elif c in "\"\\":
                out.append("\\" + c)
            elif 32 <= ch < 127:
                out.append(c)
            else:
                out.append("\\%02X" % ch)
        return '"%s"' % "".join(out)

    def device_print(self, prefix, args):
        values = [self.to_tensor(a) for a in args]
        if any(v.dtype.is_scale for v in values):
            self.error("device_print: bitcast float8e8m0fnu values to "
                       "uint8 to print them")
        shapes = {v.shape for v in values if v.shape}
        if len(shapes) > 1:
            self.error("device_print: all tiles need one shape")
        fmt = prefix
        for v in values:
            fmt += " " + ("%f" if v.dtype.is_floating else
                          "%p" if v.dtype.is_ptr else
                          "%lld" if v.dtype.bits == 64 else "%d")
        fmt += "\n"
        if values:
            self.b.emit("nv_tileaa.print %s, %s : %s" % (
                self._string(fmt), ", ".join(v.handle for v in values),
                ", ".join(v.type for v in values)))
        else:
            self.b.emit("nv_tileaa.print %s" % self._string(fmt))

    def device_assert(self, cond, msg):
        cond = self.cast(self.to_tensor(cond), int1)
        self.b.emit("nv_tileaa.assert %s, %s : %s" % (
            cond.handle, self._string(msg or "device_assert failed"),
            cond.type))
