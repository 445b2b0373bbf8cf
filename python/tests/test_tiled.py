"""Tensor descriptors in the Python front end: tl.make_memref, tl.tiled_load,
tl.tiled_store and tl.tiled_atomic_add compiled through the C API to PTX,
the K loop of a GEMM pipelined through cp.async (TMA from sm_90) when the
hints allow it.

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \\
        discover -s python/tests -p 'test_tiled.py'
"""
import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


@tileiras.jit
def tiled_gemm(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
               HINTS: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr):
    if HINTS:
        a = tl.make_memref(a_ptr, (M, K), (lda, 1), sizes_div_by=(1, 8),
                           strides_div_by=(8, 1))
        b = tl.make_memref(b_ptr, (K, N), (ldb, 1), sizes_div_by=(1, 8),
                           strides_div_by=(8, 1))
    else:
        a = tl.make_memref(a_ptr, (M, K), (lda, 1))
        b = tl.make_memref(b_ptr, (K, N), (ldb, 1))
    c = tl.make_memref(c_ptr, (M, N), (ldc, 1))
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), tl.float32)
    for kt in range(0, tl.cdiv(K, BK)):
        x = tl.tiled_load(a, (pid_m, kt), (BM, BK))
        y = tl.tiled_load(b, (kt, pid_n), (BK, BN))
        acc = tl.dot(x, y, acc)
    tl.tiled_store(c, (pid_m, pid_n), acc)


@tileiras.jit
def tiled_misc(x_ptr, out_ptr, n):
    x = tl.make_memref(x_ptr, (n, 48), (48, 1))
    o = tl.make_memref(out_ptr, (n,), (1,))
    t = tl.tiled_load(x, (tl.program_id(0), 0), (16, 64), padding=-1.0)
    tl.tiled_atomic_add(o, (tl.program_id(0),), tl.sum(t, axis=1))


@tileiras.jit
def bad_stride(x_ptr, n):
    x = tl.make_memref(x_ptr, (n, n), (1, n))
    tl.tiled_store(x, (0, 0), tl.zeros((16, 16), tl.float32))


class TiledTest(unittest.TestCase):
    def gemm(self, target, hints):
        return tiled_gemm.compile(
            "*fp16", "*fp16", "*fp32", "i32", "i32", "i32", "i32", "i32",
            "i32", HINTS=hints, BM=64, BN=64, BK=32, target=target)

    def test_gemm_pipelined_with_hints(self):
        # sm_80 runs the dot on mma.sync, sm_90a on wgmma (operands read
        # from the TMA slots, or stored into shared memory for it).
        for target, mma in (("sm_80", "mma.sync.aligned.m16n8k16"),
                            ("sm_90a", "wgmma.mma_async.sync.aligned."
                                       "m64n64k16.f32.f16.f16")):
            hinted = self.gemm(target, True)
            self.assertIn("nv_tileaa.tiled_load", hinted.mlir)
            self.assertIn("strides_div_by = array<i64: 8, 1>", hinted.mlir)
            self.assertIn(mma, hinted.asm)
            plain = self.gemm(target, False)
            self.assertNotIn("cp.async", plain.asm, target)
            self.assertIn(mma, plain.asm)
            self.assertEqual(plain.kernel_metadata["tensor_maps"], [])
        # sm_80: cp.async; sm_90a: TMA through two tensor maps that the
        # launcher builds (A's 64 x 32 box, B's 32 x 64 in one 128-byte
        # swizzled box).
        self.assertIn("cp.async.cg.shared.global", self.gemm("sm_80", True).asm)
        tma = self.gemm("sm_90a", True)
        self.assertNotIn("cp.async.cg", tma.asm)
        self.assertIn("cp.async.bulk.tensor.2d", tma.asm)
        maps = tma.kernel_metadata["tensor_maps"]
        self.assertEqual([m["box_dims"] for m in maps], [[32, 64], [64, 32]])
        self.assertEqual([m["swizzle_bytes"] for m in maps], [64, 128])
        self.assertEqual([m["address_param"] for m in maps], [0, 1])

    def test_padding_and_atomic(self):
        compiled = tiled_misc.compile("*fp32", "*fp32", "i32",
                                      target="sm_90a")
        self.assertIn("{padding = -1.0 : f32}", compiled.mlir)
        self.assertIn("nv_tileaa.tiled_atomic_rmw add", compiled.mlir)
        self.assertIn("atom.relaxed.gpu.global.add.f32", compiled.asm)

    def test_innermost_stride_must_be_one(self):
        with self.assertRaises(tileiras.CompileError) as caught:
            bad_stride.compile("*fp32", "i32", target="sm_90a")
        self.assertIn("the innermost stride must be the constant 1",
                      str(caught.exception))


if __name__ == "__main__":
    unittest.main()
