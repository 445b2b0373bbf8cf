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
* wgmma.mma_async m64nNk16 f16/bf16 (N = 8 .. 256), k8 tf32 and k32
  e4m3/e5m2 from shared-memory
  descriptors without swizzle and with 32/64/128-byte swizzles (K = 16 ..
  64 in chained instructions), A from registers, scale-d and negation;
  mutant: without wait_group the accumulator reads the poison;
* tcgen05: tensor memory allocated by warp 0, kind::f16 MMAs (M 128, N 64
  and 16, K 16 and 64 with a 128B swizzle) issued by one thread and
  committed to an mbarrier, D read back per warp with tcgen05.ld.32x32b;
  mutants: no wait on the mbarrier reads the poison, a load outside the
  warp's lane quadrant is reported (exit 5).

Descriptors get their start address in the kernel, from ptrtoint of the
shared buffer, as a compiler would build them.

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
declare void @llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3), i32)
declare void @llvm.nvvm.tcgen05.dealloc.cg1(ptr addrspace(6), i32)
declare void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg1()
declare void @llvm.nvvm.tcgen05.mma.shared(ptr addrspace(6), i64, i64, i32, i1, i32, i32, i32)
declare void @llvm.nvvm.tcgen05.commit.shared.cg1(ptr addrspace(3))
declare void @llvm.nvvm.tcgen05.wait.ld()
declare void @llvm.nvvm.tcgen05.fence.before.thread.sync()
declare void @llvm.nvvm.tcgen05.fence.after.thread.sync()
declare <16 x i32> @llvm.nvvm.tcgen05.ld.32x32b.x16(ptr addrspace(6), i1)
declare <64 x i32> @llvm.nvvm.tcgen05.ld.32x32b.x64(ptr addrspace(6), i1)
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


# ------------------------------------------------------------ wgmma
def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bf16_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16  # exact here


def minifloat_bits(x, exponent_bits, mantissa_bits):
    """An FP8 (e4m3: 4, 3; e5m2: 5, 2) encoding of a small integer."""
    if x == 0:
        return 0
    sign, x = (0x80 if x < 0 else 0), abs(x)
    e = x.bit_length() - 1
    mantissa = (x - (1 << e)) << mantissa_bits >> e
    bias = (1 << (exponent_bits - 1)) - 1
    return sign | (e + bias) << mantissa_bits | mantissa


ENCODERS = {  # element bytes, bits of a small integer
    "f16": (2, f16_bits), "bf16": (2, bf16_bits),
    "tf32": (4, lambda x: struct.unpack("<I", struct.pack("<f", x))[0]),
    "e4m3": (1, lambda x: minifloat_bits(x, 4, 3)),
    "e5m2": (1, lambda x: minifloat_bits(x, 5, 2))}


def descriptor(start, lbo, sbo, swizzle):
    """PTX ISA matrix descriptor: 14-bit fields of address >> 4 at bits 0,
    16, 32; swizzle at bits 62..63 (1 128B, 2 64B, 3 32B)."""
    code = {0: 0, 128: 1, 64: 2, 32: 3}[swizzle]
    bits = ((start >> 4) & 0x3fff) | ((lbo >> 4) & 0x3fff) << 16 | \
        ((sbo >> 4) & 0x3fff) << 32 | code << 62
    return bits - (1 << 64) if bits >> 63 else bits  # an i64 scalar


def place_k_major(image, base, rows, k, bits, swizzle, size=2):
    """Writes a rows x k operand (`size`-byte elements, K contiguous) into
    `image` in the canonical K-major layout: without swizzle, 8x16-byte core
    matrices (LBO 128 along K, SBO 2 k bytes along the rows); with one,
    8-row atoms of span-byte rows (SBO 8 span), through the swizzle.
    Returns (LBO, SBO)."""
    span = swizzle or 16
    for row in range(rows):
        for kk in range(k):
            byte = size * kk
            if swizzle:
                at = swizzled(base + row // 8 * 8 * span + row % 8 * span +
                              byte, swizzle)
            else:
                at = (base + row // 8 * (size * k * 8) + byte // 16 * 128 +
                      row % 8 * 16 + byte % 16)
            image[at:at + size] = bits[row][kk].to_bytes(size, "little")
    return (128, size * k * 8) if not swizzle else (0, 8 * span)


def start_address(name, rest, offset):
    """IR: descriptor `rest` with the start address field of @ops + offset
    (shared::cta address bits 4..17), as a kernel computes it."""
    return (f"  {name}.p = ptrtoint ptr addrspace(3) @ops to i64\n"
            f"  {name}.a = add i64 {name}.p, {offset}\n"
            f"  {name}.m = and i64 {name}.a, 262143\n"
            f"  {name}.s = lshr i64 {name}.m, 4\n"
            f"  {name} = or i64 {rest}, {name}.s\n")


def wgmma_asm(n, type_, a_regs=False):
    """The inline PTX MLIR's nvvm.wgmma.mma_async becomes (A from
    registers: the same with {a0..a3} for the A descriptor)."""
    h = n // 2
    d = ", ".join(f"${i}" for i in range(h))
    if a_regs:
        a = "{" + ", ".join(f"${2 * h + i}" for i in range(4)) + "}"
        b, s = f"${2 * h + 4}", 2 * h + 5
        rest = f"p, ${s + 1},  ${s + 2}, ${s + 3};"
        cons = ",".join(["=f"] * h + [str(i) for i in range(h)] +
                        ["r"] * 4 + ["l"] + ["n"] * 4)
    else:
        a, b, s = f"${2 * h}", f"${2 * h + 1}", 2 * h + 2
        rest = f"p, ${s + 1},  ${s + 2}, ${s + 3},  ${s + 4};"
        cons = ",".join(["=f"] * h + [str(i) for i in range(h)] +
                        ["l", "l"] + ["n"] * 5)
    text = ("{\\0A.reg .pred p;\\0Asetp.ne.b32 p, $" + str(s) +
            ", 0;\\0Awgmma.mma_async.sync.aligned.m64n" + str(n) +
            f"k{32 // ENCODERS[type_][0]}.f32.{type_}.{type_} {{{d}}}, {a}, "
            f"{b}, {rest}\\0A}}\\0A")
    return text, cons


# The operand image, from global memory into @ops by 128 threads, fenced
# for the async proxy.
COPY_IMAGE = """  br label %copy
copy:
  %i = phi i64 [ %t, %entry ], [ %inext, %copy ]
  %off = mul i64 %i, 16
  %s = getelementptr i8, ptr addrspace(1) %img, i64 %off
  %v = load <4 x i32>, ptr addrspace(1) %s, align 16
  %dp = getelementptr i8, ptr addrspace(3) @ops, i64 %off
  store <4 x i32> %v, ptr addrspace(3) %dp, align 16
  %inext = add i64 %i, 128
  %more = icmp ult i64 %inext, {chunks}
  br i1 %more, label %copy, label %go
go:
  call void @llvm.nvvm.fence.proxy.async.shared_cta()
"""

# %mode: 0 wait_group 0 after the commit, 1 no wait (mutant), 2 every
# thread overwrites 16 bytes of A's slot between the commit and the wait,
# and fences them (mutant: the wgmma may still be reading it), 3 no
# fence.proxy.async after the image is stored (mutant: the async proxy
# may not see the stores).
WGMMA = """{copy_image}  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
{descs}{body}"""
# The image copy of the wgmma kernels, its fence skipped in mode 3.
WGMMA_COPY_IMAGE = COPY_IMAGE.replace(
    "go:\n  call void @llvm.nvvm.fence.proxy.async.shared_cta()\n",
    "go:\n  %fenced = icmp ne i32 %mode, 3\n"
    "  br i1 %fenced, label %fence, label %fenced_or_not\n"
    "fence:\n  call void @llvm.nvvm.fence.proxy.async.shared_cta()\n"
    "  br label %fenced_or_not\nfenced_or_not:\n")
assert WGMMA_COPY_IMAGE != COPY_IMAGE


def wgmma_kernel(r, name, n, type_, steps, a_regs, scale_d, scale_a,
                 image_bytes, b_base):
    h = n // 2
    text, cons = wgmma_asm(n, type_, a_regs)
    st = "{" + ", ".join(["float"] * h) + "}"
    body = ""
    for i in range(h):
        body += (f"  %cp{i} = getelementptr float, ptr addrspace(1) %c, i64 "
                 f"%cb{i}\n  %acc0_{i} = load float, ptr addrspace(1) "
                 f"%cp{i}, align 4\n")
        body = (f"  %cb{i} = add i64 %cbase, {i}\n") + body if False else body
    pre = f"  %cbase = mul i64 %t, {h}\n" + "".join(
        f"  %cb{i} = add i64 %cbase, {i}\n" for i in range(h))
    body = pre + body
    if a_regs:
        for j in range(4):
            body += (f"  %ai{j}0 = mul i64 %t, 4\n  %ai{j} = add i64 %ai{j}0, {j}\n"
                     f"  %ap{j} = getelementptr i32, ptr addrspace(1) %afrag, "
                     f"i64 %ai{j}\n  %a{j} = load i32, ptr addrspace(1) "
                     f"%ap{j}, align 4\n")
    body += "  call void @llvm.nvvm.wgmma.fence.sync.aligned()\n"
    for step in range(steps):
        ins = ", ".join(f"float %acc{step}_{i}" for i in range(h))
        body += (f"  %da{step} = add i64 %dsa, {2 * step}\n"
                 f"  %db{step} = add i64 %dsb, {2 * step}\n")
        sd = scale_d if step == 0 else 1
        if a_regs:
            ops = (", ".join(f"i32 %a{j}" for j in range(4)) +
                   f", i64 %db{step}, i32 {sd}, i32 {scale_a}, i32 1, i32 0")
        else:
            ops = (f"i64 %da{step}, i64 %db{step}, i32 {sd}, i32 {scale_a}, "
                   "i32 1, i32 0, i32 0")
        body += (f"  %r{step} = call {st} asm sideeffect \"{text}\", "
                 f"\"{cons}\"({ins}, {ops})\n")
        for i in range(h):
            body += (f"  %acc{step + 1}_{i} = extractvalue {st} %r{step}, "
                     f"{i}\n")
    body += ("  call void @llvm.nvvm.wgmma.commit_group.sync.aligned()\n"
             "  %nowait = icmp eq i32 %mode, 1\n"
             "  br i1 %nowait, label %store, label %early\n"
             "early:\n"
             "  %clobber = icmp eq i32 %mode, 2\n"
             "  br i1 %clobber, label %overwrite, label %wait\n"
             "overwrite:\n"
             "  %cofs = mul i64 %t, 16\n"
             "  %cptr = getelementptr i8, ptr addrspace(3) @ops, i64 %cofs\n"
             "  store <4 x i32> <i32 1006648320, i32 1006648320, "
             "i32 1006648320, i32 1006648320>, ptr addrspace(3) %cptr, "
             "align 16\n"
             "  call void @llvm.nvvm.fence.proxy.async.shared_cta()\n"
             "  br label %wait\n"
             "wait:\n"
             "  call void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64 0)\n"
             "  br label %store\nstore:\n")
    for i in range(h):
        body += (f"  %op{i} = getelementptr float, ptr addrspace(1) %out, "
                 f"i64 %cb{i}\n  store float %acc{steps}_{i}, ptr "
                 f"addrspace(1) %op{i}, align 4\n")
    params = ("ptr addrspace(1) %img, ptr addrspace(1) %afrag, "
              "ptr addrspace(1) %c, ptr addrspace(1) %out, i64 %da, i64 %db, "
              "i32 %mode")
    ir = module(smem("ops", image_bytes), params,
                WGMMA.replace("{copy_image}", WGMMA_COPY_IMAGE)
                .replace("{chunks}", str(image_bytes // 16))
                .replace("{descs}", start_address("%dsa", "%da", 0) +
                         start_address("%dsb", "%db", b_base))
                .replace("{body}", body), threads=128)
    return r.build(re.sub(r"\W+", "_", name), ir)


def fragment(thread, i):
    """PTX ISA wgmma D fragment: element i of thread T (warp w = T / 32,
    g = lane / 4, t = lane % 4) is (16 w + g + 8 ((i >> 1) & 1),
    8 (i >> 2) + 2 t + (i & 1))."""
    w, lane = divmod(thread, 32)
    g, t = divmod(lane, 4)
    return 16 * w + g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * t + (i & 1)


def a_fragment_words(a_bits):
    """m16n8k16 A registers per warp of the warpgroup (rows 16 w ..):
    reg0 (g, 2t..2t+1), reg1 (g+8, ..), reg2 (g, 2t+8..), reg3 (g+8,
    2t+8..), the lower column in the low half."""
    words = []
    for thread in range(128):
        w, lane = divmod(thread, 32)
        g, t = divmod(lane, 4)
        for reg in range(4):
            row = 16 * w + g + 8 * (reg % 2)
            col = 2 * t + 8 * (reg // 2)
            words.append(a_bits[row][col] | a_bits[row][col + 1] << 16)
    return struct.pack("<512I", *words)


def wgmma_case(r, rng, n, type_, swizzle, a_regs=False, scale_d=1,
               scale_a=1, modes=(0,)):
    size, enc = ENCODERS[type_]
    steps = {0: 1, 32: 1, 64: 2, 128: 4}[swizzle]
    k = 32 // size * steps
    a = [[rng.randint(-4, 4) for _ in range(k)] for _ in range(64)]
    b = [[rng.randint(-4, 4) for _ in range(k)] for _ in range(n)]  # B^T
    a_bits = [[enc(x) for x in row] for row in a]
    b_bits = [[enc(x) for x in row] for row in b]
    a_bytes = 64 * size * k if not swizzle else 8 * 8 * swizzle
    b_base = -(-a_bytes // 1024) * 1024
    b_bytes = n * size * k if not swizzle else n // 8 * 8 * swizzle
    image = bytearray(-(-(b_base + b_bytes) // 1024) * 1024)
    lbo_a, sbo_a = place_k_major(image, 0, 64, k, a_bits, swizzle, size)
    lbo_b, sbo_b = place_k_major(image, b_base, n, k, b_bits, swizzle, size)
    da = descriptor(0, lbo_a, sbo_a, swizzle)  # the kernel adds the start
    db = descriptor(0, lbo_b, sbo_b, swizzle)
    c = [float(rng.randint(-50, 50)) for _ in range(128 * n // 2)]
    kern = wgmma_kernel(r, f"wgmma_n{n}_{type_}_sw{swizzle}_a{int(a_regs)}"
                        f"_d{scale_d}_s{scale_a}", n, type_, steps, a_regs,
                        scale_d, scale_a, len(image), b_base)
    want = []
    for thread in range(128):
        for i in range(n // 2):
            row, col = fragment(thread, i)
            acc = c[thread * n // 2 + i] if scale_d else 0.0
            want.append(acc + scale_a * sum(
                a[row][kk] * b[col][kk] for kk in range(16 if a_regs else k)))
    what = (f"wgmma m64n{n}k{32 // size} {type_}, "
            + ("A from registers" if a_regs else
               f"K={k} in {steps} instruction(s), "
               + (f"{swizzle}B swizzle" if swizzle else "no swizzle"))
            + ("" if scale_d else ", scale-d 0")
            + (", A negated" if scale_a < 0 else ""))
    for mode in modes:
        if mode in (2, 3):
            # Mutants that must be reported: the label and the report.
            label, report = {
                2: ("A overwritten before the wait_group is reported",
                    "written between the wgmma and the wait_group"),
                3: ("no fence.proxy.async after the stores is reported",
                    "without a fence.proxy.async")}[mode]
            try:
                kern.launch((1, 1, 1), (128, 1, 1), [
                    Buffer("img", bytes(image)), Buffer("afrag", bytes(2048)),
                    Buffer("c", struct.pack(f"<{len(c)}f", *c)),
                    Buffer("out", bytes(4 * len(c))), Scalar("i64", da),
                    Scalar("i64", db), Scalar("i32", mode)])
                r.check(f"{what}, {label}", False, "it passed")
            except SimError as e:
                r.check(f"{what}, {label}", report in str(e), str(e)[-600:])
            continue
        out, _ = kern.launch((1, 1, 1), (128, 1, 1), [
            Buffer("img", bytes(image)),
            Buffer("afrag", a_fragment_words(a_bits) if size == 2
                   else bytes(2048)),
            Buffer("c", struct.pack(f"<{len(c)}f", *c)),
            Buffer("out", bytes(4 * len(c))), Scalar("i64", da),
            Scalar("i64", db), Scalar("i32", mode)])
        got = struct.unpack(f"<{len(c)}f", out["out"])
        if mode == 0:
            bad = [j for j in range(len(c)) if got[j] != want[j]]
            r.check(what, not bad, f"{len(bad)} wrong, first at "
                    f"{bad[:1]}: {[got[j] for j in bad[:1]]} vs "
                    f"{[want[j] for j in bad[:1]]}")
        else:
            r.check(f"{what}, no wait_group: every accumulator reads the "
                    "poison (missing wait caught)",
                    all(x != x for x in got))


def wgmma_cases(r):
    rng = random.Random(90)
    wgmma_case(r, rng, 8, "f16", 0, modes=(0, 1, 2, 3))
    wgmma_case(r, rng, 16, "bf16", 0, scale_a=-1)
    wgmma_case(r, rng, 64, "f16", 128)
    wgmma_case(r, rng, 24, "bf16", 64, scale_d=0)
    wgmma_case(r, rng, 32, "f16", 32)
    wgmma_case(r, rng, 256, "bf16", 128)
    wgmma_case(r, rng, 16, "f16", 0, a_regs=True)
    wgmma_case(r, rng, 8, "bf16", 0, a_regs=True, scale_a=-1)
    wgmma_case(r, rng, 16, "tf32", 0)
    wgmma_case(r, rng, 40, "tf32", 128)
    wgmma_case(r, rng, 8, "e4m3", 0)
    wgmma_case(r, rng, 64, "e5m2", 64)


# ------------------------------------------------------------ TMA ring
# Two stages, six 32x8 f32 tiles: thread 0 produces (waits empty[s] on
# parity phase ^ 1, arrive.expect_tx on full[s], TMA), all 32 threads
# consume (wait full[s] on parity phase ^ %wrong, sum their 8 floats,
# arrive on empty[s]).
RING = """  br i1 %is0, label %init, label %start
init:
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @full0, i32 1)
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @full1, i32 1)
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @empty0, i32 32)
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @empty1, i32 32)
  br label %start
start:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %loop
loop:
  %it = phi i32 [ 0, %start ], [ %itn, %consume ]
  %acc = phi float [ 0.0, %start ], [ %acc8, %consume ]
  %s = and i32 %it, 1
  %odd = icmp eq i32 %s, 1
  %half = lshr i32 %it, 1
  %phase = and i32 %half, 1
  %full = select i1 %odd, ptr addrspace(3) @full1, ptr addrspace(3) @full0
  %empty = select i1 %odd, ptr addrspace(3) @empty1, ptr addrspace(3) @empty0
  %boxp = select i1 %odd, ptr addrspace(3) @box1, ptr addrspace(3) @box0
  br i1 %is0, label %produce, label %consume_wait
produce:
  %pe = xor i32 %phase, 1
  {wait_empty}  %st = call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3) %full, i32 1024)
  %y = mul i32 %it, 8
  %dst = addrspacecast ptr addrspace(3) %boxp to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %dst, ptr addrspace(3) %full, ptr %tmap, i32 0, i32 %y, i16 0, i64 0, i1 false, i1 false, i32 0)
  br label %consume_wait
consume_wait:
  %pf = xor i32 %phase, %wrong
  {wait_full}  %o = mul i64 %t, 32
  %p = getelementptr i8, ptr addrspace(3) %boxp, i64 %o
  %v = load <8 x float>, ptr addrspace(3) %p, align 32
{sum}  %arr = call i64 @llvm.nvvm.mbarrier.arrive.shared(ptr addrspace(3) %empty)
  br label %consume
consume:
  %itn = add i32 %it, 1
  %again = icmp ult i32 %itn, 6
  br i1 %again, label %loop, label %finish
finish:
  %q = getelementptr float, ptr addrspace(1) %out, i64 %t
  store float %acc8, ptr addrspace(1) %q, align 4
"""


def tma_ring(r):
    globals_ = "".join(
        f"@{b} = internal addrspace(3) global i64 undef, align 8\n"
        for b in ("full0", "full1", "empty0", "empty1"))
    globals_ += smem("box0", 1024) + smem("box1", 1024)
    total = "".join(f"  %e{i} = extractelement <8 x float> %v, i32 {i}\n"
                    f"  %acc{i + 1} = fadd float %acc{i if i else ''}, %e{i}\n"
                    for i in range(8))
    body = (RING.replace("{wait_empty}", try_wait("%empty", "%pe"))
            .replace("{wait_full}", try_wait("%full", "%pf"))
            .replace("{sum}", total.replace("%acc0", "%acc")))
    k = r.build("tma_ring", module(
        globals_, f"ptr addrspace(1) %src, {TMAP}, ptr addrspace(1) %out, "
        "i32 %wrong", body))
    tile = [float((i * 13) % 29 - 14) for i in range(32 * 48)]
    want = [sum(tile[it * 256 + j * 8 + e] for it in range(6) for e in range(8))
            for j in range(32)]
    for wrong in (0, 1):
        args = [Buffer("src", struct.pack("<1536f", *tile)),
                TensorMap("tmap", "src", "f32", [32, 48], [128], [32, 8]),
                Buffer("out", bytes(128)), Scalar("i32", wrong)]
        try:
            out, _ = k.launch((1, 1, 1), (32, 1, 1), args, timeout=60)
            got = list(struct.unpack("<32f", out["out"]))
            error = None
        except SimError as e:
            got, error = None, str(e)
        if not wrong:
            r.check("TMA ring: 2 stages, 6 tiles, full/empty phase parities",
                    got == want, error or f"{got[:4]} vs {want[:4]}")
        else:
            r.check("TMA ring, consumers waiting on the wrong parity: wrong "
                    "sums or a reported error", got != want)


# ------------------------------------------------------------ TMA store
# The box (32 x 8 f32) is written with st.shared, fenced, stored by thread 0
# at (%x, %y) in one bulk group; %mode 1 rewrites its first 16 bytes before
# wait_group.read (the data the store reads then).
STORE = """  %o = mul i64 %t, 32
  %sp = getelementptr i8, ptr addrspace(1) %vals, i64 %o
  %v = load <8 x float>, ptr addrspace(1) %sp, align 32
  %dp = getelementptr i8, ptr addrspace(3) @box, i64 %o
  store <8 x float> %v, ptr addrspace(3) %dp, align 32
  call void @llvm.nvvm.fence.proxy.async.shared_cta()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %is0, label %issue, label %done
issue:
  call void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.2d(ptr addrspace(3) @box, ptr %tmap, i32 %x, i32 %y, i64 0, i1 false)
  call void @llvm.nvvm.cp.async.bulk.commit.group()
  %early = icmp eq i32 %mode, 1
  br i1 %early, label %clobber, label %wait
clobber:
  store <4 x i32> <i32 -1, i32 -1, i32 -1, i32 -1>, ptr addrspace(3) @box, align 16
  br label %wait
wait:
  call void @llvm.nvvm.cp.async.bulk.wait.group.read(i32 0)
  br label %done
done:
"""


def tma_store(r):
    k = r.build("tma_store", module(
        smem("box", 1024), f"ptr addrspace(1) %dst, {TMAP}, "
        "ptr addrspace(1) %vals, i32 %x, i32 %y, i32 %mode", STORE))
    dims, x, y = [40, 12], 20, 8
    vals = [float(i + 1) for i in range(256)]
    start = [-1.0] * (40 * 12)
    for mode in (0, 1):
        box = list(vals)
        if mode:
            box[:4] = [float("nan")] * 4
        want = list(start)
        for j in range(8):
            for i in range(32):
                if x + i < dims[0] and y + j < dims[1]:
                    want[(y + j) * 40 + x + i] = box[j * 32 + i]
        out, _ = k.launch((1, 1, 1), (32, 1, 1), [
            Buffer("dst", struct.pack("<480f", *start)),
            TensorMap("tmap", "dst", "f32", dims, [160], [32, 8]),
            Buffer("vals", struct.pack("<256f", *vals)), Scalar("i32", x),
            Scalar("i32", y), Scalar("i32", mode)])
        got = struct.unpack("<480f", out["dst"])
        same = all(a == b or (a != a and b != b) for a, b in zip(got, want))
        r.check("TMA store: the box clipped at the tensor's edges" if not mode
                else "TMA store: a buffer rewritten before wait_group.read "
                "is what gets stored", same)


# ------------------------------------------------------------ tcgen05
# 128 threads: warp 0 allocates tensor memory (address to @slot), thread 0
# issues the MMAs (K 16 each, descriptors advanced by 32 bytes) and
# commits them to @bar; everyone waits on @bar (%mode 1: no wait), then
# warp w loads lanes 32 w .. with tcgen05.ld.32x32b.xN (%mode 2: every warp
# lane 0, outside its quadrant) and stores them; warp 0 deallocates.
TCGEN05 = """{copy_image}  %warp = lshr i32 %tid, 5
  %w0 = icmp eq i32 %warp, 0
  br i1 %is0, label %init, label %check
init:
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 1)
  br label %check
check:
  br i1 %w0, label %alloc, label %synced
alloc:
  call void @llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3) @slot, i32 {cols})
  call void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg1()
  br label %synced
synced:
  call void @llvm.nvvm.tcgen05.fence.before.thread.sync()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.tcgen05.fence.after.thread.sync()
  %taddr32 = load i32, ptr addrspace(3) @slot, align 4
  %taddr = inttoptr i32 %taddr32 to ptr addrspace(6)
{descs}  br i1 %is0, label %issue, label %wait
issue:
{mmas}  call void @llvm.nvvm.tcgen05.commit.shared.cg1(ptr addrspace(3) @bar)
  br label %wait
wait:
  %skip = icmp eq i32 %mode, 1
  br i1 %skip, label %load, label %dowait
dowait:
  {try_wait}  br label %load
load:
  call void @llvm.nvvm.tcgen05.fence.after.thread.sync()
  %bad = icmp eq i32 %mode, 2
  %w32 = shl i32 %warp, 21
  %lanes = select i1 %bad, i32 0, i32 %w32
  %ta = add i32 %taddr32, %lanes
  %tp = inttoptr i32 %ta to ptr addrspace(6)
  %d = call <{n} x i32> @llvm.nvvm.tcgen05.ld.32x32b.x{n}(ptr addrspace(6) %tp, i1 false)
  call void @llvm.nvvm.tcgen05.wait.ld()
  %o = mul i64 %t, {rowbytes}
  %q = getelementptr i8, ptr addrspace(1) %out, i64 %o
  store <{n} x i32> %d, ptr addrspace(1) %q, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %w0, label %free, label %end
free:
  call void @llvm.nvvm.tcgen05.dealloc.cg1(ptr addrspace(6) %taddr, i32 {cols})
  br label %end
end:
"""


def tcgen05_case(r, rng, n, type_, swizzle, modes=(0,)):
    size, enc = ENCODERS[type_]
    steps = {0: 1, 128: 4}[swizzle]
    k = 16 * steps
    a = [[rng.randint(-4, 4) for _ in range(k)] for _ in range(128)]
    b = [[rng.randint(-4, 4) for _ in range(k)] for _ in range(n)]
    a_bytes = 128 * 2 * k if not swizzle else 16 * 8 * swizzle
    b_base = -(-a_bytes // 1024) * 1024
    image = bytearray(-(-(b_base + n * 2 * k) // 1024) * 1024)
    lbo_a, sbo_a = place_k_major(image, 0, 128, k, [[enc(x) for x in row]
                                                    for row in a], swizzle)
    lbo_b, sbo_b = place_k_major(image, b_base, n, k, [[enc(x) for x in row]
                                                      for row in b], swizzle)

    def desc(lbo, sbo):
        """tcgen05 shared-memory descriptor without its start address (the
        kernel adds it): the wgmma address fields, 0b001 at bits 46..48,
        swizzle at 61..63 (2 128B)."""
        bits = ((lbo >> 4) << 16 | (sbo >> 4) << 32 | 1 << 46
                | {0: 0, 128: 2}[swizzle] << 61)
        return bits - (1 << 64) if bits >> 63 else bits

    # Instruction descriptor: D f32 (1 at bit 4), A/B type at 7 and 10,
    # N >> 3 at 17, M >> 4 at 24.
    t = {"f16": 0, "bf16": 1}[type_]
    idesc = 1 << 4 | t << 7 | t << 10 | (n >> 3) << 17 | (128 >> 4) << 24
    cols = max(32, n)
    mmas = "".join(
        f"  %da{s} = add i64 %ad0, {2 * s}\n  %db{s} = add i64 %bd0, {2 * s}\n"
        f"  call void @llvm.nvvm.tcgen05.mma.shared(ptr addrspace(6) %taddr, "
        f"i64 %da{s}, i64 %db{s}, i32 %idesc, i1 {'true' if s else 'false'}, "
        "i32 0, i32 1, i32 0)\n" for s in range(steps))
    body = (TCGEN05.replace("{copy_image}", COPY_IMAGE)
            .replace("{chunks}", str(len(image) // 16))
            .replace("{cols}", str(cols)).replace("{mmas}", mmas)
            .replace("{try_wait}", try_wait("@bar", 0))
            .replace("{n}", str(n)).replace("{rowbytes}", str(4 * n))
            .replace("{descs}", start_address("%ad0", "%ad", 0) +
                     start_address("%bd0", "%bd", b_base)))
    globals_ = (smem("ops", len(image)) + BARRIER +
                "@slot = internal addrspace(3) global i32 undef, align 4\n")
    kern = r.build(f"tcgen05_n{n}_{type_}_sw{swizzle}", module(
        globals_, "ptr addrspace(1) %img, ptr addrspace(1) %out, i64 %ad, "
        "i64 %bd, i32 %idesc, i32 %mode", body, threads=128))
    want = [float(sum(a[row][kk] * b[col][kk] for kk in range(k)))
            for row in range(128) for col in range(n)]
    what = (f"tcgen05.mma kind::f16 {type_} M128 N{n}, K={k} in {steps} "
            "instruction(s), " + (f"{swizzle}B swizzle" if swizzle
                                  else "no swizzle") +
            ", committed to an mbarrier, read back with tcgen05.ld.32x32b")
    for mode in modes:
        args = [Buffer("img", bytes(image)), Buffer("out", bytes(512 * n)),
                Scalar("i64", desc(lbo_a, sbo_a)),
                Scalar("i64", desc(lbo_b, sbo_b)),
                Scalar("i32", idesc), Scalar("i32", mode)]
        if mode == 2:
            quadrant = "tcgen05.ld outside the warp's lane quadrant"
            try:
                kern.launch((1, 1, 1), (128, 1, 1), args)
                r.check(f"{quadrant} is reported", False, "it passed")
            except SimError as e:
                r.check(f"{quadrant} is reported (exit 5)",
                        "exit 5)" in str(e) and "may only access "
                        "tensor-memory lanes" in str(e) and "not lane 0"
                        in str(e), str(e)[-600:])
            continue
        out, _ = kern.launch((1, 1, 1), (128, 1, 1), args)
        got = struct.unpack(f"<{128 * n}f", out["out"])
        if mode == 0:
            bad = [j for j in range(len(got)) if got[j] != want[j]]
            r.check(what, not bad, f"{len(bad)} wrong, first {bad[:1]}")
        else:
            r.check(f"tcgen05 {type_} N{n}, no wait on the commit's "
                    "mbarrier: D reads the poison (missing wait caught)",
                    all(x != x for x in got))


def tcgen05_cases(r):
    rng = random.Random(100)
    tcgen05_case(r, rng, 64, "f16", 0, modes=(0, 1, 2))
    tcgen05_case(r, rng, 16, "bf16", 128)


def main():
    bin_dir, work = sys.argv[1:3]
    return Runner(bin_dir, work).run_all(
        (tma_loads, tma_hangs, tma_ring, tma_store, wgmma_cases,
         tcgen05_cases))


if __name__ == "__main__":
    sys.exit(main())
