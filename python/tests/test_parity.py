"""Kernels written in Python compile to the same PTX as the same kernels
written in nv_tileaa MLIR (examples/): the same instructions, up to the
order in which independent address computations are scheduled (Python
evaluates the store's pointer first).

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \
        discover -s python/tests -p 'test_parity.py'
"""
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


@tileiras.jit
def vector_add(a, b, c, n):
    offsets = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    mask = offsets < n
    tl.store(c + offsets,
             tl.load(a + offsets, mask=mask) + tl.load(b + offsets, mask=mask),
             mask=mask)


@tileiras.jit(num_warps=8)
def softmax(x, y, m, n, stride):
    rows = tl.program_id(0) * 4 + tl.arange(0, 4)
    cols = tl.arange(0, 1024)
    offsets = rows[:, None] * stride + cols[None, :]
    mask = (rows[:, None] < m) & (cols[None, :] < n)
    v = tl.load(x + offsets, mask=mask, other=-float("inf"))
    shifted = v - tl.max(v, axis=1)[:, None]
    e = tl.exp2(shifted * 1.44269502)
    tl.store(y + offsets, e / tl.sum(e, axis=1)[:, None], mask=mask)


def instructions(ptx):
    return sorted(line for line in ptx.splitlines()
                  if line.strip() and not line.startswith("//"))


class ParityTest(unittest.TestCase):
    def check(self, kernel, example, *args):
        ours = kernel.compile(*args, target="sm_90a").asm
        tileiras_bin = os.environ.get("TILEIRAS_BIN_DIR",
                                      str(ROOT / "build" / "bin"))
        reference = subprocess.run(
            [os.path.join(tileiras_bin, "tileiras"), "--gpu-name=sm_90a",
             str(ROOT / "examples" / example), "-o", "-"],
            capture_output=True, text=True, check=True).stdout
        self.assertEqual(instructions(ours), instructions(reference))
        return ours

    def test_vector_add(self):
        # n = 32 is divisible by 16: the same fact the example assumes.
        ptx = self.check(vector_add, "vector_add.mlir", "*fp32", "*fp32",
                         "*fp32", 32)
        self.assertIn("ld.global.v4.b32", ptx)  # vectorized, like the example

    def test_softmax(self):
        self.check(softmax, "softmax.mlir", "*fp32", "*fp32", "i32", "i32",
                   "i32")


if __name__ == "__main__":
    unittest.main()
