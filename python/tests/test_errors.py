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
        break


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


class ErrorTest(unittest.TestCase):
    def check(self, kernel, marker, message):
        with self.assertRaises(tileiras.CompileError) as caught:
            kernel.compile("*fp32", *(["i32"] if kernel is type_change
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
        self.check(bad_syntax, "break",
                   "`break` is not supported in kernels")
        self.check(not_power_of_two, "tl.arange(0, 48)",
                   "tile dimensions must be powers of two")
        self.check(type_change, "for i in range(n)",
                   "variable 'acc' changes type inside runtime control flow")
        self.check(tensor_condition, "if a > 3",
                   "`if` needs a scalar condition")

    def test_compiler_error_points_at_python(self):
        # Found by the verifier while parsing the generated MLIR.
        self.check(verifier_error, "tl.cat(a, b)", "power")
        # Found by the lowering (sm_80 has no clusters).
        self.check(cluster_atomic, 'scope="cluster"',
                   "mem_scope 'cluster' requires sm_90 or newer")


if __name__ == "__main__":
    unittest.main()
