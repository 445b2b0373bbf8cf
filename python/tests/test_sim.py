"""Kernels run on the CPU simulator (TILEIRAS_BACKEND=sim) and checked
against NumPy: control flow, reductions and scans, shapes, dynamic shared
memory (a tile exchange over 48 KiB), atomics, dot, a GEMM on tensor
descriptors (tiled loads and stores),
and the simulator's checks (out-of-bounds access, device assertions).

    TILEIRAS_LIBRARY_PATH=build/lib TILEIRAS_BACKEND=sim /usr/bin/python3 \
        -m unittest discover -s python/tests -p 'test_sim.py'
"""
import os
import pathlib
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())
os.environ["TILEIRAS_BACKEND"] = "sim"

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402
from tileiras.runtime.sim import LaunchError  # noqa: E402


@tileiras.jit
def control(x_ptr, out_ptr, steps, n, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    count = 0
    for k in range(0, steps, 2):
        acc += tl.load(x_ptr + k * BLOCK + offs)
        count += 1
    for u in tl.static_range(1, 3):
        acc = acc * u
    i = 0
    total = 0.0
    while i < n:
        total = total + i
        i += 1
    if flag > 0:
        acc = acc + total
    else:
        acc = acc - 1.0
    tl.store(out_ptr + offs, acc + count)


@tileiras.jit
def max_combine(a, b):
    return tl.maximum(a, b)


@tileiras.jit
def reductions(x_ptr, sum_ptr, idx_ptr, scan_ptr, M: tl.constexpr,
               N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    tl.store(sum_ptr + rows, tl.sum(x, axis=1))
    tl.store(sum_ptr + M + rows, tl.reduce(x, 1, max_combine))
    tl.store(idx_ptr + rows, tl.argmax(x, 1))
    tl.store(scan_ptr + rows[:, None] * N + cols[None, :], tl.cumsum(x, 1))


@tileiras.jit
def shapes(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    t = tl.trans(x)
    both = tl.cat(tl.reshape(t, (M * N,)), tl.reshape(x, (M * N,)), dim=0)
    tl.store(out_ptr + tl.arange(0, 2 * M * N), both)


@tileiras.jit(num_warps=8)
def big_transpose(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    tl.store(out_ptr + cols[:, None] * M + rows[None, :], tl.trans(x))


@tileiras.jit
def histogram(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    value = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_add(bins_ptr + value, 1, mask=mask)


@tileiras.jit(num_stages=3)
def tiled_matmul(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr):
    """pipelined_matmul on tensor descriptors (tl.make_memref and tiled
    loads/stores by tile index); the hints say what the specialization of
    pipelined_matmul proves."""
    a = tl.make_memref(a_ptr, (M, K), (lda, 1), sizes_div_by=(1, 16),
                       strides_div_by=(16, 1))
    b = tl.make_memref(b_ptr, (K, N), (ldb, 1), sizes_div_by=(1, 16),
                       strides_div_by=(16, 1))
    c = tl.make_memref(c_ptr, (M, N), (ldc, 1))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        x = tl.tiled_load(a, (tl.program_id(0), kt), (BLOCK_M, BLOCK_K))
        y = tl.tiled_load(b, (kt, tl.program_id(1)), (BLOCK_K, BLOCK_N))
        acc = tl.dot(x, y, acc)
    tl.tiled_store(c, (tl.program_id(0), tl.program_id(1)), acc)


@tileiras.jit(num_stages=3)
def pipelined_matmul(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr, PRECISION: tl.constexpr = None):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * lda + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * ldb + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (k + rk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptrs, mask=(k + rk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * ldb
    tl.store(c_ptr + rm[:, None] * ldc + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@tileiras.jit(num_stages=3)
def accumulate_onto_c(a_ptr, b_ptr, c_ptr, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr):
    """C += A B with C's old values as the loop's initial accumulator."""
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    c_ptrs = c_ptr + rm[:, None] * N + rn[None, :]
    c_mask = (rm[:, None] < M) & (rn[None, :] < N)
    acc = tl.load(c_ptrs, mask=c_mask, other=0.0)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk[None, :]),
                    mask=(rm[:, None] < M) & (k + rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk[:, None]) * N + rn[None, :],
                    mask=(k + rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptrs, acc, mask=c_mask)


@tileiras.jit(num_stages=3)
def persistent_matmul(a_ptr, b_ptr, c_ptr, M, N, K, tiles,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr):
    """C = A B, each program computing `tiles` tiles of C along N one after
    the other: the pipelined K loop inside a loop of the kernel."""
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rk = tl.arange(0, BLOCK_K)
    for t in range(0, tiles):
        rn = (tl.program_id(1) * tiles + t) * BLOCK_N + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk[None, :]),
                        mask=(rm[:, None] < M) & (k + rk[None, :] < K),
                        other=0.0)
            b = tl.load(b_ptr + (k + rk[:, None]) * N + rn[None, :],
                        mask=(k + rk[:, None] < K) & (rn[None, :] < N),
                        other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@tileiras.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b, acc=c))


@tileiras.jit
def unmasked(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)


@tileiras.jit
def asserting(x_ptr, limit, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x < limit, "x exceeds the limit")
    tl.store(x_ptr + offs, x)


@tileiras.jit(num_warps=1)
def printing(x_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(1)
    x = tl.load(x_ptr + pid * BLOCK + tl.arange(0, BLOCK))
    tl.device_print("row", tl.sum(x, axis=0))


class SimTest(unittest.TestCase):
    def test_control_flow(self):
        block, steps = 128, 5
        x = np.random.default_rng(0).standard_normal(
            (steps, block)).astype(np.float32)
        for n, flag in ((4, 1), (0, 0)):
            out = np.zeros(block, np.float32)
            control[(1,)](x, out, steps, n, flag, BLOCK=block)
            want = x[0:steps:2].sum(axis=0) * 2
            want = want + sum(range(n)) if flag > 0 else want - 1
            np.testing.assert_allclose(out, want + 3, rtol=1e-5, atol=1e-5)

    def test_reductions(self):
        m, n = 4, 32
        x = np.random.default_rng(1).standard_normal((m, n)).astype(
            np.float32)
        sums = np.zeros(2 * m, np.float32)
        idx = np.zeros(m, np.int32)
        scan = np.zeros((m, n), np.float32)
        reductions[(1,)](x, sums, idx, scan, M=m, N=n)
        np.testing.assert_allclose(sums[:m], x.sum(axis=1), rtol=1e-5,
                                   atol=1e-5)
        np.testing.assert_array_equal(sums[m:], x.max(axis=1))
        np.testing.assert_array_equal(idx, x.argmax(axis=1))
        np.testing.assert_allclose(scan, np.cumsum(x, axis=1), rtol=1e-5,
                                   atol=1e-5)

    def test_shapes(self):
        m, n = 8, 16
        x = np.arange(m * n, dtype=np.float32).reshape(m, n)
        out = np.zeros(2 * m * n, np.float32)
        shapes[(1,)](x, out, M=m, N=n)
        np.testing.assert_array_equal(out, np.concatenate(
            [x.T.reshape(-1), x.reshape(-1)]))

    def test_dynamic_shared_memory(self):
        # A 128 x 128 f32 transpose exchanges more than 48 KiB through
        # shared memory: dynamic, sized by the metadata in the simulator.
        m = n = 128
        x = np.arange(m * n, dtype=np.float32).reshape(m, n)
        out = np.zeros(m * n, np.float32)
        compiled = big_transpose[(1,)](x, out, M=m, N=n)
        np.testing.assert_array_equal(out, x.T.reshape(-1))
        meta = compiled.kernel_metadata
        self.assertGreater(meta["dynamic_shared_memory_bytes"], 48 * 1024)
        self.assertEqual(meta["static_shared_memory_bytes"], 0)

    def test_atomics(self):
        x = np.random.default_rng(2).integers(0, 16, 1000).astype(np.int32)
        bins = np.zeros(16, np.int32)
        histogram[(tileiras.cdiv(1000, 256),)](x, bins, 1000, BLOCK=256)
        np.testing.assert_array_equal(bins, np.bincount(x, minlength=16))

    def test_dot(self):
        rng = np.random.default_rng(3)
        a = rng.standard_normal((16, 16)).astype(np.float16)
        b = rng.standard_normal((16, 16)).astype(np.float16)
        c = rng.standard_normal((16, 16)).astype(np.float32)
        want = a.astype(np.float32) @ b.astype(np.float32) + c
        dot_kernel[(1,)](a, b, c, M=16, N=16, K=16)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    def test_pipelined_matmul(self):
        # K, N and the leading dimensions are multiples of 16, so the
        # specialization lets the loads move 16 bytes and the K loop is
        # pipelined through cp.async (3 stages from the decorator, or as
        # compile() says); M = 70 is not a tile multiple, K = 80 not a
        # multiple of the 32-wide K step.
        sig = ("*fp16", "*fp16", "*fp32", "i32", 64, 64, 64, 64, 64)
        meta = dict(BLOCK_M=64, BLOCK_N=32, BLOCK_K=32)
        ptx = pipelined_matmul.compile(*sig, target="sm_80", **meta).asm
        self.assertRegex(ptx, r"cp\.async\.wait_group\s+1;")
        ptx = pipelined_matmul.compile(*sig, target="sm_80", num_stages=1,
                                       **meta).asm
        self.assertNotIn("cp.async", ptx)
        m, n, k = 70, 48, 80
        rng = np.random.default_rng(5)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = np.zeros((m, n), np.float32)
        grid = (tileiras.cdiv(m, 64), tileiras.cdiv(n, 32))
        pipelined_matmul[grid](a, b, c, m, n, k, k, n, n, **meta)
        want = a.astype(np.float32) @ b.astype(np.float32)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    def test_tf32_matmul_tensor_cores(self):
        # input_precision="tf32" rounds f32 operands to tf32 (nearest, ties
        # away): on sm_90a the dot runs on wgmma k8, on sm_100a (128-row
        # tiles) on tcgen05.mma kind::tf32, the rounded tiles stored
        # K-major into shared memory each step. The inputs use all 23
        # mantissa bits, so skipping the rounding (the simulator's
        # instructions ignore the low 13 bits) would be off by ~2^-11.
        sig = ("*fp32", "*fp32", "*fp32", "i32", 64, 64, 64, 64, 64)
        m, n, k = 140, 72, 80
        rng = np.random.default_rng(8)
        a = rng.uniform(-2, 2, (m, k)).astype(np.float32)
        b = rng.uniform(-2, 2, (k, n)).astype(np.float32)

        def tf32(x):
            bits = (x.view(np.uint32).astype(np.uint64) + 0x1000) & 0xFFFFE000
            return bits.astype(np.uint32).view(np.float32).astype(np.float64)
        want = tf32(a) @ tf32(b)
        bound = (k + 2) * 2.0**-24 * (abs(tf32(a)) @ abs(tf32(b)))
        for target, block_m, instruction in (
                ("sm_90a", 64, "wgmma.mma_async.sync.aligned.m64n64k8."
                 "f32.tf32.tf32"),
                ("sm_100a", 128, "tcgen05.mma.cta_group::1.kind::tf32")):
            meta = dict(BLOCK_M=block_m, BLOCK_N=64, BLOCK_K=32,
                        PRECISION="tf32")
            ptx = pipelined_matmul.compile(*sig, target=target, **meta).asm
            self.assertIn(instruction, ptx)
            self.assertIn("cp.async", ptx)
            c = np.full((m, n), np.nan, np.float32)
            grid = (tileiras.cdiv(m, block_m), tileiras.cdiv(n, 64))
            os.environ["TILEIRAS_SIM_TARGET"] = target
            try:
                pipelined_matmul[grid](a, b, c, m, n, k, k, n, n, **meta)
            finally:
                del os.environ["TILEIRAS_SIM_TARGET"]
            wrong = ~(abs(c - want) <= bound)
            self.assertFalse(wrong.any(), "%s: %d wrong elements" % (
                target, wrong.sum()))

    def test_tiled_matmul(self):
        # The same GEMM on tensor descriptors: pipelined from the hints,
        # M = 70, N = 48 and K = 80 not tile multiples (zero-filled reads,
        # skipped stores).
        sig = ("*fp16", "*fp16", "*fp32", "i32", "i32", "i32", "i32", "i32",
               "i32")
        meta = dict(BLOCK_M=64, BLOCK_N=32, BLOCK_K=32)
        ptx = tiled_matmul.compile(*sig, target="sm_80", **meta).asm
        self.assertRegex(ptx, r"cp\.async\.wait_group\s+1;")
        # The simulator's sm_90a: TMA, with the tensor maps the launcher
        # builds from the metadata.
        tma = tiled_matmul.compile(*sig, target="sm_90a", **meta)
        self.assertIn("cp.async.bulk.tensor.2d", tma.asm)
        self.assertEqual(len(tma.kernel_metadata["tensor_maps"]), 2)
        m, n, k = 70, 48, 80
        rng = np.random.default_rng(6)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = np.full((m, n), np.nan, np.float32)
        grid = (tileiras.cdiv(m, 64), tileiras.cdiv(n, 32))
        tiled_matmul[grid](a, b, c, m, n, k, k, n, n, **meta)
        want = a.astype(np.float32) @ b.astype(np.float32)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    def test_tiled_matmul_tcgen05(self):
        # On sm_100a a 128-row tile's dot runs on tcgen05.mma (the product
        # in tensor memory); TILEIRAS_SIM_TARGET runs that code here.
        sig = ("*fp16", "*fp16", "*fp32", "i32", "i32", "i32", "i32", "i32",
               "i32")
        meta = dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32)
        compiled = tiled_matmul.compile(*sig, target="sm_100a", **meta)
        self.assertIn("tcgen05.mma.cta_group::1.kind::f16", compiled.asm)
        # Each thread's 64 columns of D: two loads of 32, each waited for.
        self.assertEqual(
            compiled.asm.count("tcgen05.ld.sync.aligned.32x32b.x32.b32"), 2)
        m, n, k = 130, 72, 48
        rng = np.random.default_rng(7)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = np.full((m, n), np.nan, np.float32)
        grid = (tileiras.cdiv(m, 128), tileiras.cdiv(n, 64))
        os.environ["TILEIRAS_SIM_TARGET"] = "sm_100a"
        try:
            tiled_matmul[grid](a, b, c, m, n, k, k, n, n, **meta)
        finally:
            del os.environ["TILEIRAS_SIM_TARGET"]
        want = a.astype(np.float32) @ b.astype(np.float32)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    def test_tcgen05_accumulator_in_tensor_memory(self):
        # On sm_100a the K loop's accumulator stays in tensor memory: one
        # allocation and one read-back (two tcgen05.ld of 32 columns) after
        # the loop, whatever K is. C's old values are the initial
        # accumulator, added after the loop; with K = 0 the loop runs no
        # iteration and C keeps them.
        sig = ("*fp16", "*fp16", "*fp32", "i32", "i32", "i32")
        meta = dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32)
        compiled = accumulate_onto_c.compile(*sig, target="sm_100a", **meta)
        self.assertEqual(compiled.asm.count("tcgen05.alloc.cta_group::1"), 1)
        self.assertEqual(
            compiled.asm.count("tcgen05.ld.sync.aligned.32x32b.x32.b32"), 2)
        rng = np.random.default_rng(8)
        os.environ["TILEIRAS_SIM_TARGET"] = "sm_100a"
        try:
            for m, n, k in [(130, 72, 72), (70, 40, 0)]:
                a = rng.standard_normal((m, k)).astype(np.float16)
                b = rng.standard_normal((k, n)).astype(np.float16)
                c0 = rng.standard_normal((m, n)).astype(np.float32)
                c = c0.copy()
                grid = (tileiras.cdiv(m, 128), tileiras.cdiv(n, 64))
                accumulate_onto_c[grid](a, b, c, m, n, k, **meta)
                want = c0 + a.astype(np.float32) @ b.astype(np.float32)
                np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)
        finally:
            del os.environ["TILEIRAS_SIM_TARGET"]

    def test_tcgen05_overlapped_steps_in_an_outer_loop(self):
        # N and K known (multiples of 16): the K loop is pipelined through
        # cp.async into rings with a spare slot, and on sm_100a each step's
        # tcgen05.mma run while the next step's copies are issued
        # (committed to one of two mbarriers, the previous step waited
        # for). The K loop sits in a loop over three tiles of C, so the
        # allocation, the mbarriers and their phases start over for each
        # tile; K = 208 is 7 steps (more than the 4 slots), the last one
        # partial, and the third tile of N = 144 is partial.
        sig = ("*fp16", "*fp16", "*fp32", "i32", 144, 208, "i32")
        meta = dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32)
        ptx = persistent_matmul.compile(*sig, target="sm_100a", **meta).asm
        self.assertEqual(ptx.count("tcgen05.alloc.cta_group::1"), 1)
        self.assertIn("cp.async.cg.shared.global", ptx)
        # The MMAs' two mbarriers (one without the overlap), initialized
        # in the tile loop.
        self.assertEqual(ptx.count("mbarrier.init.shared.b64"), 2)
        m, n, k, tiles = 130, 144, 208, 3
        rng = np.random.default_rng(9)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = np.full((m, n), np.nan, np.float32)
        os.environ["TILEIRAS_SIM_TARGET"] = "sm_100a"
        try:
            persistent_matmul[(tileiras.cdiv(m, 128), 1)](
                a, b, c, m, n, k, tiles, **meta)
        finally:
            del os.environ["TILEIRAS_SIM_TARGET"]
        want = a.astype(np.float32) @ b.astype(np.float32)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    def test_out_of_bounds_is_reported(self):
        x = np.zeros(100, np.float32)  # the kernel touches 128 elements
        with self.assertRaises(LaunchError):
            unmasked[(1,)](x, BLOCK=128)

    def test_device_print_and_grid_function(self):
        import contextlib
        import io
        x = np.arange(8, dtype=np.int32).reshape(2, 4)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            printing[lambda meta: (1, meta["x_ptr"].shape[0])](x, BLOCK=4)
        # One line per program (a scalar prints once), rows 0+1+2+3, 4+..+7.
        self.assertEqual(sorted(out.getvalue().split("\n")[:-1]),
                         ["row 22", "row 6"])

    def test_device_assert(self):
        x = np.arange(32, dtype=np.float32)
        asserting[(1,)](x, 100.0, BLOCK=32)
        with self.assertRaises(LaunchError) as caught:
            asserting[(1,)](x, 10.0, BLOCK=32)
        self.assertIn("x exceeds the limit", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
