"""Errors name the kernel's Python file and line, from the front end and
from the compiler (the MLIR carries Python locations).

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \
        discover -s python/tests -p 'test_errors.py'
"""
import inspect
import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


def line_of(fn, text):
    lines, first = inspect.getsourcelines(fn.fn)
    for i, line in enumerate(lines):
        if text in line:
            return first + i
    raise AssertionError(text)


@tileiras.jit
def bad_broadcast(x_ptr):
    a = tl.arange(0, 64)
    b = tl.arange(0, 32)
    tl.store(x_ptr + a, a + b)  # shapes differ


@tileiras.jit
def undefined_name(x_ptr):
    tl.store(x_ptr, nowhere)  # noqa: F821


@tileiras.jit
def bad_syntax(x_ptr):
    for i in range(4):
        with open("f"):  # no context managers in kernels
            pass


@tileiras.jit
def returns_value(x_ptr):
    return 1.0  # a kernel's result goes through pointers


@tileiras.jit
def pick(x, flag):
    if flag > 0:
        return x
    return 0.5  # f32 where the other path returns an i32 tile


@tileiras.jit
def calls_pick(x_ptr, n):
    tl.store(x_ptr + tl.arange(0, 16), pick(tl.arange(0, 16), n))


@tileiras.jit
def tile_while(x_ptr, n):
    i = tl.arange(0, 16)
    while i < n:
        i += 1
        if n > 3:
            break
    tl.store(x_ptr + i, 1.0)


@tileiras.jit
def float_contiguous(x_ptr):
    offs = tl.arange(0, 16).to(tl.float32)
    tl.store(x_ptr + tl.arange(0, 16), tl.max_contiguous(offs, 16))


@tileiras.jit
def odd_contiguous(x_ptr):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + tl.max_contiguous(offs, 6), 1.0)


@tileiras.jit
def hint_rank(x_ptr):
    offs = tl.arange(0, 16)[:, None] + tl.arange(0, 16)[None, :]
    tl.store(x_ptr + tl.multiple_of(offs, 16), 1.0)


@tileiras.jit
def not_power_of_two(x_ptr):
    tl.store(x_ptr + tl.arange(0, 48), 1.0)


@tileiras.jit
def type_change(x_ptr, n):
    acc = 0.0
    for i in range(n):
        acc = tl.zeros((16,), tl.float32)
    tl.store(x_ptr, acc)


@tileiras.jit
def verifier_error(x_ptr):
    a = tl.zeros((32,), tl.float32)
    b = tl.zeros((16,), tl.float32)
    c = tl.cat(a, b)  # 48 elements: not a power of two
    tl.store(x_ptr + tl.arange(0, 32), tl.sum(c, axis=0))


@tileiras.jit
def cluster_atomic(x_ptr):
    tl.atomic_add(x_ptr + tl.arange(0, 32), 1.0, scope="cluster")


@tileiras.jit
def tensor_condition(x_ptr):
    a = tl.arange(0, 16)
    if a > 3:
        tl.store(x_ptr, 1.0)


@tileiras.jit
def bad_range_hint(x_ptr):
    for i in tl.range(0, 4, num_stage=2):  # num_stages
        tl.store(x_ptr + i, 1.0)


@tileiras.jit
def runtime_static_assert(x_ptr, n):
    tl.static_assert(n > 0)
    tl.store(x_ptr, 1.0)


@tileiras.jit
def pointer_or_nothing(p, flag):
    if flag > 0:
        return p + 1  # a pointer on one path only


@tileiras.jit
def calls_pointer_or_nothing(x_ptr, n):
    tl.store(pointer_or_nothing(x_ptr, n), 1.0)


@tileiras.jit
def rows_of(ptrs, flag):
    if flag > 0:
        return tl.reshape(ptrs, (2, 16))  # no (2, 16) pointers before
    return tl.reshape(ptrs + 1, (2, 16))


@tileiras.jit
def calls_rows_of(x_ptr, n):
    tl.store(rows_of(x_ptr + tl.arange(0, 32), n), 1.0)


@tileiras.jit
def pointer_choice(p, flag):
    if flag > 0:
        return p + 1
    return p


@tileiras.jit
def calls_pointer_choice(x_ptr, n):
    """Not an error: a pointer returned on every path."""
    tl.store(pointer_choice(x_ptr, n), 1.0)


@tileiras.jit
def pair_or_nothing(x, flag):
    if flag > 0:
        return x, x  # a tuple
    return x, x


@tileiras.jit
def calls_pair_or_nothing(x_ptr, n):
    a, b = pair_or_nothing(tl.load(x_ptr), n)
    tl.store(x_ptr, a + b)


@tileiras.jit
def endless(x_ptr, n):
    i = 0
    while True:  # no break: never ends
        i += 1
    tl.store(x_ptr, 1.0)


@tileiras.jit
def range_keywords(x_ptr, n):
    for i in range(0, n, step=2):
        tl.store(x_ptr + i, 1.0)


@tileiras.jit
def range_arity(x_ptr, n):
    for i in tl.range(0, n, 1, 2):
        tl.store(x_ptr + i, 1.0)


@tileiras.jit
def scalar_contiguous(x_ptr, n):
    tl.store(x_ptr + tl.max_contiguous(n, 16), 1.0)


@tileiras.jit
def float_multiple(x_ptr):
    tl.store(x_ptr, tl.multiple_of(tl.load(x_ptr), 16))


@tileiras.jit
def dot_scaled_errors(x_ptr, CASE: tl.constexpr):
    """One misuse of tl.dot_scaled per CASE, each on its own line."""
    a = tl.zeros((32, 64), tl.uint8)         # e4m3/e5m2 bytes, [M, K]
    b = tl.zeros((64, 16), tl.uint8)         # [K, N]
    sa = tl.full((32, 2), 127, tl.uint8)     # [M, K // 32]
    sb = tl.full((16, 2), 127, tl.uint8)     # [N, K // 32], as in Triton
    a16 = tl.zeros((32, 16), tl.uint8)       # K = 16
    b16 = tl.zeros((16, 16), tl.uint8)
    sa1 = tl.full((32, 1), 127, tl.uint8)
    e = sa.to(tl.float8e8m0fnu, bitcast=True)
    d = tl.zeros((32, 16), tl.float32)
    if CASE == "e2m1":
        d = tl.dot_scaled(a.to(tl.float8e4nv, bitcast=True), sa, "e2m1",
                          b, sb, "e4m3")
    elif CASE == "e4m3 scales":
        d = tl.dot_scaled(a, sa.to(tl.float8e4nv, bitcast=True), "e4m3", b,
                          sb, "e4m3")
    elif CASE == "scale types":
        d = tl.dot_scaled(b16, sa.to(tl.float8e4nv, bitcast=True), "e2m1",
                          b16, sb, "e2m1")
    elif CASE == "bf16":
        d = tl.dot_scaled(a, sa, "e4m3", b, sb, "bf16")
    elif CASE == "unknown":
        d = tl.dot_scaled(a, sa, "fp8", b, sb, "e4m3")
    elif CASE == "mismatch":
        d = tl.dot_scaled(a.to(tl.float8e5m2, bitcast=True), sa, "e4m3",
                          b, sb, "e4m3")
    elif CASE == "short K":
        d = tl.dot_scaled(a16, sa, "e4m3", b16, sb, "e4m3")
    elif CASE == "K differs":
        d = tl.dot_scaled(a, sa, "e4m3", a16, sb, "e4m3")
    elif CASE == "lhs_scale shape":
        d = tl.dot_scaled(a, sa1, "e4m3", b, sb, "e4m3")
    elif CASE == "rhs_scale K-major":
        d = tl.dot_scaled(a, sa, "e4m3", b, tl.trans(sb), "e4m3")
    elif CASE == "scale dtype":
        d = tl.dot_scaled(a, sa.to(tl.float32), "e4m3", b, sb, "e4m3")
    elif CASE == "fast_math":
        d = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3", fast_math=True)
    elif CASE == "k_pack":
        d = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3", rhs_k_pack=False)
    elif CASE == "out_dtype":
        d = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3", out_dtype=tl.fp16)
    elif CASE == "acc":
        d = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3", acc=b16.to(tl.fp32))
    elif CASE == "batched":
        d = tl.dot_scaled(tl.reshape(a, (2, 16, 64)), sa, "e4m3", b, sb,
                          "e4m3")
    elif CASE == "scale arithmetic":
        d = tl.dot_scaled(a, e * 2, "e4m3", b, sb, "e4m3")
    elif CASE == "scale conversion":
        d += tl.sum(e.to(tl.float32), axis=1)[:, None]
    elif CASE == "scale constant":
        d = tl.dot_scaled(a, tl.full((32, 2), 3.0, tl.float8e8m0fnu), "e4m3",
                          b, sb, "e4m3")
    tl.store(x_ptr + tl.arange(0, 32)[:, None] * 16 +
             tl.arange(0, 16)[None, :], d)


_TAKES_N = (calls_pointer_or_nothing, calls_rows_of, calls_pair_or_nothing,
            endless, range_keywords, range_arity, scalar_contiguous,
            runtime_static_assert, type_change, calls_pick, tile_while)


class ErrorTest(unittest.TestCase):
    def check(self, kernel, marker, message):
        with self.assertRaises(tileiras.CompileError) as caught:
            kernel.compile("*fp32", *(["i32"] if kernel in _TAKES_N
                                      else []), target="sm_80")
        text = str(caught.exception)
        expected = "%s:%d: error: " % (__file__, line_of(kernel, marker))
        self.assertIn(expected, text)
        self.assertIn(message, text)
        self.assertIn(marker, text)  # the source line is quoted
        return text

    def test_front_end_errors(self):
        self.check(bad_broadcast, "a + b",
                   "shapes (64,) and (32,) cannot be broadcast together")
        self.check(undefined_name, "nowhere",
                   "name 'nowhere' is not defined")
        self.check(bad_syntax, "with open",
                   "unsupported Python syntax in a kernel: With")
        self.check(not_power_of_two, "tl.arange(0, 48)",
                   "tile dimensions must be powers of two")
        self.check(type_change, "for i in range(n)",
                   "variable 'acc' changes type inside runtime control flow")
        self.check(tensor_condition, "if a > 3",
                   "`if` needs a scalar condition")

    def test_exit_errors(self):
        self.check(returns_value, "return 1.0",
                   "a kernel cannot return a value")
        with self.assertRaises(tileiras.CompileError) as caught:
            calls_pick.compile("*fp32", "i32", target="sm_80")
        self.assertIn("%s:%d: error: " % (__file__, line_of(
            pick, "return 0.5")), str(caught.exception))
        self.assertIn("the values returned inside runtime control flow "
                      "differ in type", str(caught.exception))
        self.check(tile_while, "while i < n",
                   "`while` needs a scalar condition")

    def test_more_exit_errors(self):
        for caller, callee, marker, message in (
                (calls_pointer_or_nothing, pointer_or_nothing,
                 "def pointer_or_nothing", "pointer_or_nothing returns a "
                 "value on some paths only"),
                (calls_rows_of, rows_of, "if flag > 0", "a pointer returned "
                 "inside runtime control flow needs a pointer of its type "
                 "and a shape that broadcasts to (2, 16)"),
                (calls_pair_or_nothing, pair_or_nothing, "if flag > 0",
                 "a value returned inside runtime control flow must be a "
                 "tensor or a number")):
            with self.assertRaises(tileiras.CompileError) as caught:
                caller.compile("*fp32", "i32", target="sm_80")
            self.assertIn("%s:%d: error: " % (__file__, line_of(
                callee, marker)), str(caught.exception))
            self.assertIn(message, str(caught.exception))
        calls_pointer_choice.compile("*fp32", "i32", target="sm_80")
        self.check(endless, "while True:",
                   "`while` in a kernel needs a runtime scalar condition "
                   "(or a `break`)")

    def test_range_and_static_assert_errors(self):
        self.check(range_keywords, "step=2",
                   "range() takes no keyword arguments")
        self.check(range_arity, "tl.range(0, n, 1, 2)",
                   "tl.range() takes 1 to 3 positional arguments")
        self.check(bad_range_hint, "num_stage=2",
                   "tl.range() got an unexpected keyword argument "
                   "'num_stage'")
        self.check(runtime_static_assert, "tl.static_assert(n > 0)",
                   "static_assert needs a compile-time condition")

    def test_hint_errors(self):
        self.check(scalar_contiguous, "tl.max_contiguous(n, 16)",
                   "max_contiguous needs a tile, got a scalar")
        self.check(float_multiple, "tl.multiple_of(tl.load(x_ptr), 16)",
                   "multiple_of needs integers or pointers, got float32")
        self.check(float_contiguous, "tl.max_contiguous(offs, 16)",
                   "max_contiguous needs an integer tile, got float32")
        self.check(odd_contiguous, "tl.max_contiguous(offs, 6)",
                   "max_contiguous needs powers of two, got 6")
        self.check(hint_rank, "tl.multiple_of(offs, 16)",
                   "multiple_of needs one value per dimension: 1 given for "
                   "shape (16, 16)")

    def test_dot_scaled_errors(self):
        for case, marker, message in (
                ("e2m1", "a.to(tl.float8e4nv", "dot_scaled: lhs_format "
                 "'e2m1' takes a uint8 tile of packed pairs (two e2m1 values "
                 "per byte along K, the even K index in the low nibble), got "
                 "float8e4m3fn"),
                ("e4m3 scales", "sa.to(tl.float8e4nv", "dot_scaled: "
                 "lhs_scale must be a uint8 (E8M0 bytes) or float8e8m0fnu "
                 "tile, got float8e4m3fn"),
                ("scale types", "(b16, sa.to", "dot_scaled: lhs_scale and "
                 "rhs_scale must have one scale type, got float8e4m3fn and "
                 "float8e8m0fnu"),
                ("bf16", 'b, sb, "bf16"', "dot_scaled: rhs_format 'bf16' is "
                 "not supported yet; e4m3, e5m2 and e2m1 are"),
                ("unknown", '"fp8", b', "dot_scaled: unknown lhs_format "
                 "'fp8'; e4m3, e5m2 and e2m1 are supported"),
                ("mismatch", "a.to(tl.float8e5m2", "dot_scaled: lhs is "
                 "float8e5m2 but lhs_format is 'e4m3': pass float8e4m3fn, "
                 "or its bytes as uint8"),
                ("short K", "(a16, sa",
                 "dot_scaled: K must be a multiple of 32 (one scale per 32 "
                 "elements), got 16"),
                ("K differs", "a16, sb",
                 "dot_scaled: lhs [M, K] and rhs [K, N] disagree on K: "
                 "shapes [32, 64] and [32, 16]"),
                ("lhs_scale shape", "(a, sa1",
                 "dot_scaled: lhs_scale must have shape [M, K // 32] = "
                 "[32, 2], got [32, 1]"),
                ("rhs_scale K-major", "tl.trans(sb)",
                 "dot_scaled: rhs_scale must have shape [N, K // 32] = "
                 "[16, 2], got [2, 16] (Triton's layout: one row of K // 32 "
                 "scales per column of rhs; tl.trans it)"),
                ("scale dtype", "sa.to(tl.float32)", "dot_scaled: lhs_scale "
                 "must be a uint8 (E8M0 bytes) or float8e8m0fnu tile, got "
                 "float32"),
                ("fast_math", "fast_math=True", "dot_scaled: fast_math=True "
                 "is not supported"),
                ("k_pack", "rhs_k_pack=False", "dot_scaled: rhs_k_pack=False "
                 "(e2m1 packed along M or N) is not supported"),
                ("out_dtype", "out_dtype=tl.fp16", "dot_scaled: out_dtype "
                 "must be tl.float32"),
                ("acc", "acc=b16", "dot_scaled: acc of shape "
                 "[16, 16] does not fit the result [M, N] = [32, 16]"),
                ("batched", "tl.reshape(a, (2, 16, 64))", "dot_scaled: lhs "
                 "must be a 2-D tile, got (2, 16, 64) (batched dot_scaled is "
                 "not supported)"),
                ("scale arithmetic", "e * 2", "float8e8m0fnu tiles "
                 "(dot_scaled scales) take no arithmetic, comparisons, where "
                 "or reductions; bitcast them to uint8 first"),
                ("scale conversion", "e.to(tl.float32)", "float8e8m0fnu "
                 "converts only by bitcast, to or from uint8 or int8"),
                ("scale constant", "tl.full((32, 2), 3.0", "3.0 is not a "
                 "float8e8m0fnu value (the powers of two 2^-127 .. 2^127, "
                 "and NaN)")):
            with self.assertRaises(tileiras.CompileError, msg=case) as caught:
                dot_scaled_errors.compile("*fp32", CASE=case,
                                          target="sm_120a")
            text = str(caught.exception)
            self.assertIn("%s:%d: error: " % (__file__, line_of(
                dot_scaled_errors, marker)), text, case)
            self.assertIn(message, text, case)
            self.assertIn(marker, text, case)
        # Without a misuse the kernel compiles.
        dot_scaled_errors.compile("*fp32", CASE=None, target="sm_120a")

    def test_compiler_error_points_at_python(self):
        # Found by the verifier while parsing the generated MLIR.
        self.check(verifier_error, "tl.cat(a, b)", "power")
        # Found by the lowering (sm_80 has no clusters).
        self.check(cluster_atomic, 'scope="cluster"',
                   "mem_scope 'cluster' requires sm_90 or newer")


if __name__ == "__main__":
    unittest.main()
