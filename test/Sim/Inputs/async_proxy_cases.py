"""The simulator's asynchronous proxy (mbarrier, TMA, wgmma), run as small
NVPTX LLVM IR kernels in the forms LLVM 22 and MLIR's NVVM dialect produce
(intrinsics; the inline PTX of nvvm.mbarrier.try_wait.parity and
nvvm.wgmma.mma_async), through tileiras-sim-prep and the runtime, against
references written here from the PTX ISA and the CUDA driver's tensor-map
description:

* TMA tile loads (cp.async.bulk.tensor.{1..5}d, mbarrier::complete_tx)
  from simlib.TensorMap maps: every swizzle mode, out-of-bounds boxes with
  zero and NaN fill, element strides; the byte image of shared memory is
  compared with the reference placement;
* the mbarrier waits: try_wait.parity (MLIR's loop, the intrinsic),
  test_wait.parity polling; mutants: no wait and the wrong parity read the
  poison, a missing arrive and a wrong expect_tx byte count are reported as
  deadlocks (exit 3);
* a two-stage TMA ring (full/empty barriers, phase parities) over 6 tiles;
* TMA tile stores (shared -> global, bulk groups): clipped at the tensor's
  edges; a buffer rewritten before wait_group.read is what gets stored;
* wgmma.mma_async m64nNk16 f16/bf16 (N = 8 .. 256) from shared-memory
  descriptors without swizzle and with 32/64/128-byte swizzles (K = 16 ..
  64 in chained instructions), A from registers, scale-d and negation;
  mutant: without wait_group the accumulator reads the poison.

Usage: async_proxy_cases.py BIN_DIR WORK_DIR
"""
import os
import random
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from runtime_cases import HEADER, Runner  # noqa: E402
from simlib import Buffer, Scalar, SimError, TensorMap  # noqa: E402

DECLARES = """
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3), i32)
declare void @llvm.nvvm.mbarrier.inval.shared(ptr addrspace(3))
declare i64 @llvm.nvvm.mbarrier.arrive.shared(ptr addrspace(3))
declare i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3), i32)
declare void @llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta(ptr addrspace(3), i32)
declare i1 @llvm.nvvm.mbarrier.test.wait.parity.scope.cta.space.cta(ptr addrspace(3), i32)
declare i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3), i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.4d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i32, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.5d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i32, i32, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.2d(ptr addrspace(3), ptr, i32, i32, i64, i1)
declare void @llvm.nvvm.cp.async.bulk.commit.group()
declare void @llvm.nvvm.cp.async.bulk.wait.group.read(i32)
declare void @llvm.nvvm.fence.proxy.async.shared_cta()
declare void @llvm.nvvm.wgmma.fence.sync.aligned()
declare void @llvm.nvvm.wgmma.commit_group.sync.aligned()
declare void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64)
"""

# MLIR's nvvm.mbarrier.try_wait.parity (mlir-opt --convert-nvvm-to-llvm).
TRY_WAIT = ('call void asm sideeffect "{\\0A\\09.reg .pred       P1; \\0A\\09'
            'LAB_WAIT: \\0A\\09mbarrier.try_wait.parity.shared.b64 P1, [$0], '
            '$1, $2; \\0A\\09@P1 bra.uni DONE; \\0A\\09bra.uni     LAB_WAIT; '
            '\\0A\\09DONE: \\0A\\09}", "r,r,r"(ptr addrspace(3) {bar}, '
            'i32 {parity}, i32 10000000)\n')


def try_wait(bar, parity):
    return TRY_WAIT.replace("{bar}", bar).replace("{parity}", str(parity))


def module(globals_, params, body, threads=32):
    return (HEADER + globals_ +
            f"define ptx_kernel void @k({params}) #0 {{\nentry:\n"
            "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
            "  %t = zext i32 %tid to i64\n"
            "  %is0 = icmp eq i32 %tid, 0\n"
            f"{body}  ret void\n}}\n" + DECLARES +
            f'attributes #0 = {{ "nvvm.reqntid"="{threads},1,1" }}\n')


def smem(name, size, align=1024):
    return (f"@{name} = internal addrspace(3) global [{size} x i8] undef, "
            f"align {align}\n")


BARRIER = "@bar = internal addrspace(3) global i64 undef, align 8\n"
TMAP = "ptr byval([128 x i8]) align 64 %tmap"


def poison(offset):
    return 0x7f if offset % 2 else 0xc1


# ------------------------------------------------------------ references
def swizzled(offset, swizzle):
    """PTX ISA swizzle modes: the 16-byte chunk (bits 4..6) XOR bits 7..9,
    1, 2 or 3 bits of them for 32, 64, 128 bytes."""
    bits = {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]
    return offset ^ (((offset >> 7) & ((1 << bits) - 1)) << 4)


def box_reference(tensor, size, dims, strides, box, estrides, coords,
                  swizzle, fill):
    """The box as it lands in shared memory (offset 0 of a 1024-aligned
    buffer): box elements innermost first, dim d taking every estrides[d]-th
    element (not dim 0), out-of-bounds ones `fill`, placed through the
    swizzle."""
    rank = len(dims)
    byte_strides = [size] + list(strides)
    counts = [box[0]] + [-(-box[d] // estrides[d]) for d in range(1, rank)]
    total = size
    for c in counts:
        total *= c
    out = bytearray(total)
    index = [0] * rank
    for linear in range(total // size):
        rest = linear
        for d in range(rank):
            index[d] = rest % counts[d]
            rest //= counts[d]
        at = [coords[d] + index[d] * (estrides[d] if d else 1)
              for d in range(rank)]
        where = swizzled(linear * size, swizzle)
        if all(0 <= a < n for a, n in zip(at, dims)):
            g = sum(a * s for a, s in zip(at, byte_strides))
            out[where:where + size] = tensor[g:g + size]
        else:
            out[where:where + size] = fill
    return bytes(out)


# ------------------------------------------------------------ TMA loads
# %mode: 0 try_wait loop (MLIR), 1 no wait, 2 wrong parity, 3 missing
# arrive (expect_tx only), 4 expect_tx of too many bytes, 5 test_wait
# polling, 6 the try_wait intrinsic.
LOAD = """  br i1 %is0, label %init, label %synced
init:
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 1)
  br label %synced
synced:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %is0, label %issue, label %wait
issue:
  %no_arrive = icmp eq i32 %mode, 3
  br i1 %no_arrive, label %expect, label %arrive
expect:
  call void @llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta(ptr addrspace(3) @bar, i32 {bytes})
  br label %copy
arrive:
  %extra = icmp eq i32 %mode, 4
  %more = select i1 %extra, i32 16, i32 0
  %tx = add i32 %more, {bytes}
  %st = call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3) @bar, i32 %tx)
  br label %copy
copy:
  %dst = addrspacecast ptr addrspace(3) @box to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.{rank}d(ptr addrspace(7) %dst, ptr addrspace(3) @bar, ptr %tmap, {coords}, i16 0, i64 0, i1 false, i1 false, i32 0)
  br label %wait
wait:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  switch i32 %mode, label %loop_wait [i32 1, label %read
                                      i32 2, label %wrong
                                      i32 5, label %poll
                                      i32 6, label %intrinsic]
loop_wait:
  {try_wait}  br label %read
wrong:
  {try_wait_wrong}  br label %read
poll:
  %done = call i1 @llvm.nvvm.mbarrier.test.wait.parity.scope.cta.space.cta(ptr addrspace(3) @bar, i32 0)
  br i1 %done, label %read, label %poll
intrinsic:
  %ok = call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @bar, i32 0)
  br i1 %ok, label %read, label %intrinsic
read:
  %any = icmp ult i64 %t, {chunks}
  br i1 %any, label %out_loop, label %done_all
out_loop:
  %i = phi i64 [ %t, %read ], [ %next, %out_loop ]
  %at = mul i64 %i, 16
  %from = getelementptr i8, ptr addrspace(3) @box, i64 %at
  %v = load <16 x i8>, ptr addrspace(3) %from, align 16
  %to = getelementptr i8, ptr addrspace(1) %out, i64 %at
  store <16 x i8> %v, ptr addrspace(1) %to, align 16
  %next = add i64 %i, 32
  %again = icmp ult i64 %next, {chunks}
  br i1 %again, label %out_loop, label %done_all
done_all:
"""


def load_kernel(r, name, rank, box_bytes):
    coords = ", ".join(f"i32 %c{d}" for d in range(rank))
    params = (f"ptr addrspace(1) %src, {TMAP}, ptr addrspace(1) %out, "
              + ", ".join(f"i32 %c{d}" for d in range(rank)) + ", i32 %mode")
    body = (LOAD.replace("{bytes}", str(box_bytes))
            .replace("{rank}", str(rank)).replace("{coords}", coords)
            .replace("{chunks}", str(box_bytes // 16))
            .replace("{try_wait}", try_wait("@bar", 0))
            .replace("{try_wait_wrong}", try_wait("@bar", 1)))
    return r.build(re.sub(r"\W+", "_", name), module(BARRIER + smem("box", box_bytes), params,
                                body))


def tma_case(r, name, dtype, size, dims, box, coords, swizzle=0,
             estrides=None, nan=False, modes=(0,)):
    rank = len(dims)
    estrides = estrides or [1] * rank
    strides, pitch = [], -(-dims[0] * size // 16) * 16  # rows padded to 16 B
    for d in range(1, rank):
        strides.append(pitch)
        pitch *= dims[d]
    tensor = bytes((i * 7 + 3) & 0xff for i in range(pitch))
    if dtype in ("f32", "f16", "bf16"):  # no NaNs in the data itself
        tensor = bytes(b & 0x3f if i % size == size - 1 else b
                       for i, b in enumerate(tensor))
    fill = (b"\xff" * (size - 1) + b"\x7f") if nan else bytes(size)
    want = box_reference(tensor, size, dims, strides, box, estrides, coords,
                         swizzle, fill)
    k = load_kernel(r, name, rank, len(want))
    tmap = TensorMap("tmap", "src", dtype, dims, strides, box, estrides,
                     swizzle, nan)
    poisoned = bytes(poison(i) for i in range(len(want)))
    for mode in modes:
        out, _ = k.launch((1, 1, 1), (32, 1, 1), [
            Buffer("src", tensor), tmap, Buffer("out", bytes(len(want))),
            *[Scalar("i32", c) for c in coords], Scalar("i32", mode)])
        expected = poisoned if mode in (1, 2) else want
        got = out["out"]
        what = {0: "", 1: ", no wait: the poison (missing wait caught)",
                2: ", waiting on the wrong parity: the poison",
                5: ", test_wait polling",
                6: ", try_wait intrinsic"}[mode]
        first = next((i for i in range(len(got)) if got[i] != expected[i]),
                     None)
        r.check(f"TMA {name}{what}", got == expected,
                f"first difference at byte {first}")


def tma_loads(r):
    tma_case(r, "2d f32 128B swizzle, inside", "f32", 4, [70, 20], [32, 8],
             [16, 4], swizzle=128, modes=(0, 1, 2, 5, 6))
    tma_case(r, "2d f32 128B swizzle, box past the corner (zero fill)", "f32",
             4, [70, 20], [32, 8], [48, 15], swizzle=128)
    tma_case(r, "2d f16 64B swizzle, negative coordinates (NaN fill)", "f16",
             2, [50, 30], [32, 16], [-5, -3], swizzle=64, nan=True)
    tma_case(r, "2d bf16 32B swizzle", "bf16", 2, [40, 40], [16, 16],
             [8, 20], swizzle=32)
    tma_case(r, "1d u8 no swizzle, past the end", "u8", 1, [200], [64], [160])
    tma_case(r, "3d f32 element strides (1, 2, 3)", "f32", 4, [12, 9, 7],
             [8, 5, 4], [2, 1, -2], estrides=[1, 2, 3])
    tma_case(r, "4d u16", "u16", 2, [8, 3, 4, 5], [8, 2, 3, 2], [0, 2, 1, 3])
    tma_case(r, "5d f64", "f64", 8, [4, 3, 2, 3, 2], [2, 2, 2, 2, 2],
             [2, 2, 1, 2, 1])


def tma_hangs(r):
    tensor = bytes(288 * 20)
    args = lambda mode: [  # noqa: E731
        Buffer("src", tensor),
        TensorMap("tmap", "src", "f32", [70, 20], [288], [32, 8]),
        Buffer("out", bytes(1024)), Scalar("i32", 0), Scalar("i32", 0),
        Scalar("i32", mode)]
    k = load_kernel(r, "hang", 2, 1024)
    for mode, what in ((3, "a missing arrive"),
                       (4, "expect_tx of 16 bytes too many")):
        try:
            k.launch((1, 1, 1), (32, 1, 1), args(mode), timeout=60)
            r.check(f"mbarrier: {what} is reported", False, "it passed")
        except SimError as e:
            text = str(e)
            r.check(f"mbarrier: {what} is reported as a deadlock (exit 3)",
                    "exit 3)" in text and "deadlock: every thread of the CTA"
                    in text and "mbarrier at shared offset" in text,
                    text[-800:])
