"""The simulator's tensor-core data movement and f64 mma.sync, run as small
NVPTX LLVM IR kernels (the intrinsics LLVM 22 defines) through
tileiras-sim-prep and the runtime, and checked against the PTX ISA's
tables written here in Python:

* ldmatrix .x4, .x4.trans, .x1, .x2.trans of a 16x16 b16 tile in shared
  memory (lane L points at row L % 16, column 8 (L / 16)): what each lane
  receives; stmatrix .x4 of those registers gives the tile back, stmatrix
  .x4.trans gives every 8x8 block transposed;
* cp.async (.cg 16, .ca 4/8, .ca 16 with src-size) global -> shared in two
  commit groups: with wait_all or wait_group 0 the data arrives (zero-filled
  past src-size); without a wait the destination holds the poison pattern
  (a missing wait is caught); wait_group 1 leaves the newer group poisoned;
* mma.sync m8n8k4 f64, m16n8k8 f16 and m8n8k16 s8 x u8 with .satfinite
  (sm_75's shapes) against Python matrix products;
* misuse reported: misaligned and out-of-arena ldmatrix rows, misaligned and
  out-of-buffer cp.async sources, src-size above the copy size.

Usage: tensor_memory_cases.py BIN_DIR WORK_DIR
"""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from runtime_cases import HEADER, Runner  # noqa: E402
from simlib import Buffer, Scalar  # noqa: E402

DECLARES = """
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))
declare {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3), i32, i32, i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3), i32, i32, i32, i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
declare {double, double} @llvm.nvvm.mma.m8n8k4.row.col.f64(double, double, double, double)
declare {i32, i32} @llvm.nvvm.mma.m8n8k16.row.col.satfinite.s8.u8(i32, i32, i32, i32)
declare {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, float, float, float, float)
attributes #0 = { "nvvm.reqntid"="32,1,1" }
"""


def module(globals_, params, body):
    return (HEADER + globals_ +
            f"define ptx_kernel void @k({params}) #0 {{\nentry:\n"
            "  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
            "  %l = zext i32 %lane to i64\n"
            f"{body}  ret void\n}}\n" + DECLARES)


def smem(name, size):
    return (f"@{name} = internal addrspace(3) global [{size} x i8] undef, "
            "align 16\n")


def words(data):
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def halves(data):
    return list(struct.unpack(f"<{len(data) // 2}H", data))


# ------------------------------------------------------------ ldmatrix
MATRIX = """  %o16 = mul i64 %l, 16
  %src = getelementptr i8, ptr addrspace(1) %in, i64 %o16
  %v = load <8 x i16>, ptr addrspace(1) %src, align 16
  %dst = getelementptr i8, ptr addrspace(3) @tile, i64 %o16
  store <8 x i16> %v, ptr addrspace(3) %dst, align 16
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %row = and i64 %l, 15
  %half = lshr i64 %l, 4
  %rb = mul i64 %row, 32
  %hb = mul i64 %half, 16
  %at = add i64 %rb, %hb
  %p = getelementptr i8, ptr addrspace(3) @tile, i64 %at
  %a = call {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %p)
  %b = call {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %p)
  %c = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %p)
  %d = call {i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3) %p)
  %a0 = extractvalue {i32, i32, i32, i32} %a, 0
  %a1 = extractvalue {i32, i32, i32, i32} %a, 1
  %a2 = extractvalue {i32, i32, i32, i32} %a, 2
  %a3 = extractvalue {i32, i32, i32, i32} %a, 3
  %b0 = extractvalue {i32, i32, i32, i32} %b, 0
  %b1 = extractvalue {i32, i32, i32, i32} %b, 1
  %b2 = extractvalue {i32, i32, i32, i32} %b, 2
  %b3 = extractvalue {i32, i32, i32, i32} %b, 3
  %d0 = extractvalue {i32, i32} %d, 0
  %d1 = extractvalue {i32, i32} %d, 1
  %r0 = insertelement <11 x i32> poison, i32 %a0, i32 0
  %r1 = insertelement <11 x i32> %r0, i32 %a1, i32 1
  %r2 = insertelement <11 x i32> %r1, i32 %a2, i32 2
  %r3 = insertelement <11 x i32> %r2, i32 %a3, i32 3
  %r4 = insertelement <11 x i32> %r3, i32 %b0, i32 4
  %r5 = insertelement <11 x i32> %r4, i32 %b1, i32 5
  %r6 = insertelement <11 x i32> %r5, i32 %b2, i32 6
  %r7 = insertelement <11 x i32> %r6, i32 %b3, i32 7
  %r8 = insertelement <11 x i32> %r7, i32 %c, i32 8
  %r9 = insertelement <11 x i32> %r8, i32 %d0, i32 9
  %r10 = insertelement <11 x i32> %r9, i32 %d1, i32 10
  %o44 = mul i64 %l, 44
  %q = getelementptr i8, ptr addrspace(1) %out, i64 %o44
  store <11 x i32> %r10, ptr addrspace(1) %q, align 4
  %p2 = getelementptr i8, ptr addrspace(3) @back, i64 %at
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %p2, i32 %a0, i32 %a1, i32 %a2, i32 %a3)
  %p3 = getelementptr i8, ptr addrspace(3) @backt, i64 %at
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %p3, i32 %a0, i32 %a1, i32 %a2, i32 %a3)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s2 = getelementptr i8, ptr addrspace(3) @back, i64 %o16
  %w2 = load <8 x i16>, ptr addrspace(3) %s2, align 16
  %g2 = getelementptr i8, ptr addrspace(1) %tile2, i64 %o16
  store <8 x i16> %w2, ptr addrspace(1) %g2, align 16
  %s3 = getelementptr i8, ptr addrspace(3) @backt, i64 %o16
  %w3 = load <8 x i16>, ptr addrspace(3) %s3, align 16
  %g3 = getelementptr i8, ptr addrspace(1) %tile3, i64 %o16
  store <8 x i16> %w3, ptr addrspace(1) %g3, align 16
"""


def matrix_element(tile, j, r, c):
    """Element (r, c) of matrix j: its rows are those lanes 8j .. 8j+7
    point at (row (8j + r) % 16, columns from 8 ((8j + r) / 16))."""
    lane = 8 * j + r
    return tile[(lane % 16) * 16 + 8 * (lane // 16) + c]


def ldmatrix_expected(tile, lane, count, trans):
    """PTX ISA: register j of lane L holds (row L/4, columns 2(L%4) and
    2(L%4)+1) of matrix j, low half first; .trans: (rows 2(L%4), 2(L%4)+1,
    column L/4)."""
    regs = []
    for j in range(count):
        if trans:
            lo = matrix_element(tile, j, 2 * (lane % 4), lane // 4)
            hi = matrix_element(tile, j, 2 * (lane % 4) + 1, lane // 4)
        else:
            lo = matrix_element(tile, j, lane // 4, 2 * (lane % 4))
            hi = matrix_element(tile, j, lane // 4, 2 * (lane % 4) + 1)
        regs.append(lo | hi << 16)
    return regs


def ldmatrix_stmatrix(r):
    tile = [(i * 37 + 11) & 0xffff for i in range(256)]
    ir = module(smem("tile", 512) + smem("back", 512) + smem("backt", 512),
                "ptr addrspace(1) %in, ptr addrspace(1) %out, "
                "ptr addrspace(1) %tile2, ptr addrspace(1) %tile3", MATRIX)
    out, _ = r.build("ldmatrix", ir).launch(
        (1, 1, 1), (32, 1, 1),
        [Buffer("in", struct.pack("<256H", *tile)), Buffer("out", bytes(1408)),
         Buffer("tile2", bytes(512)), Buffer("tile3", bytes(512))])
    got = words(out["out"])
    for name, first, count, trans in (("x4", 0, 4, False),
                                      ("x4.trans", 4, 4, True),
                                      ("x1", 8, 1, False),
                                      ("x2.trans", 9, 2, True)):
        bad = [lane for lane in range(32)
               if got[11 * lane + first:11 * lane + first + count]
               != ldmatrix_expected(tile, lane, count, trans)]
        r.check(f"ldmatrix.{name}: every lane gets the PTX ISA's elements",
                not bad, f"lanes {bad}")
    # The x4 registers are the m16n8k16 A fragment (reg0 (g, 2t), reg1
    # (g+8, 2t), reg2 (g, 2t+8), reg3 (g+8, 2t+8)).
    mma_a = all(got[11 * lane + i] ==
                tile[(lane // 4 + 8 * (i % 2)) * 16 + 2 * (lane % 4) + 8 * (i // 2)]
                | tile[(lane // 4 + 8 * (i % 2)) * 16 + 2 * (lane % 4) + 8 * (i // 2) + 1] << 16
                for lane in range(32) for i in range(4))
    r.check("ldmatrix.x4 of a row-major 16x16 tile = mma.m16n8k16 A fragment",
            mma_a)
    r.check("stmatrix.x4 of ldmatrix.x4's registers gives the tile back",
            halves(out["tile2"]) == tile)
    blocks_t = [0] * 256
    for row in range(16):
        for col in range(16):
            br, bc = row // 8 * 8, col // 8 * 8
            blocks_t[row * 16 + col] = tile[(br + col % 8) * 16 + bc + row % 8]
    r.check("stmatrix.x4.trans of them gives each 8x8 block transposed",
            halves(out["tile3"]) == blocks_t)


# ------------------------------------------------------------ cp.async
# Group A: 16 bytes (.cg) at 16 L, 4 bytes (.ca) at 512 + 4 L, 8 bytes (.ca)
# at 640 + 8 L; group B: 16 bytes (.ca) at 896 + 16 L with src-size L % 17.
# Then per %mode: 0 wait_all, 1 no wait, 2 wait_group 1, 3 wait_group 0;
# a barrier; the 1408 bytes of shared memory are copied out.
COPY_SIZE = 1408
COPY = """  %o16 = mul i64 %l, 16
  %o4 = mul i64 %l, 4
  %o8 = mul i64 %l, 8
  %sa = getelementptr i8, ptr addrspace(1) %src, i64 %o16
  %da = getelementptr i8, ptr addrspace(3) @buf, i64 %o16
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %da, ptr addrspace(1) %sa)
  %o4b = add i64 %o4, 512
  %sb = getelementptr i8, ptr addrspace(1) %src, i64 %o4b
  %db = getelementptr i8, ptr addrspace(3) @buf, i64 %o4b
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %db, ptr addrspace(1) %sb)
  %o8b = add i64 %o8, 640
  %sc = getelementptr i8, ptr addrspace(1) %src, i64 %o8b
  %dc = getelementptr i8, ptr addrspace(3) @buf, i64 %o8b
  call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %dc, ptr addrspace(1) %sc)
  call void @llvm.nvvm.cp.async.commit.group()
  %o16b = add i64 %o16, 896
  %sd = getelementptr i8, ptr addrspace(1) %src, i64 %o16b
  %dd = getelementptr i8, ptr addrspace(3) @buf, i64 %o16b
  %n = urem i32 %lane, 17
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %dd, ptr addrspace(1) %sd, i32 %n)
  call void @llvm.nvvm.cp.async.commit.group()
  switch i32 %mode, label %sync [i32 0, label %all
                                 i32 2, label %one
                                 i32 3, label %zero]
all:
  call void @llvm.nvvm.cp.async.wait.all()
  br label %sync
one:
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  br label %sync
zero:
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  br label %sync
sync:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %loop
loop:
  %i = phi i64 [ %l, %sync ], [ %next, %loop ]
  %at = mul i64 %i, 16
  %from = getelementptr i8, ptr addrspace(3) @buf, i64 %at
  %v = load <16 x i8>, ptr addrspace(3) %from, align 16
  %to = getelementptr i8, ptr addrspace(1) %dst, i64 %at
  store <16 x i8> %v, ptr addrspace(1) %to, align 16
  %next = add i64 %i, 32
  %more = icmp ult i64 %next, 88
  br i1 %more, label %loop, label %done
done:
"""


def poison(offset):
    return 0x7f if offset % 2 else 0xc1  # the arena is 16-byte aligned


def cp_async(r):
    src = bytes((i * 29 + 7) & 0xff for i in range(COPY_SIZE))
    landed_b = bytearray(src[:896])
    for lane in range(32):
        n = lane % 17
        landed_b += src[896 + 16 * lane:896 + 16 * lane + n] + bytes(16 - n)
    poisoned = bytes(poison(i) for i in range(COPY_SIZE))
    k = r.build("cp_async", module(
        smem("buf", COPY_SIZE),
        "ptr addrspace(1) %src, ptr addrspace(1) %dst, i32 %mode", COPY))
    for mode, what, want in (
            (0, "wait_all: everything arrives, zero-filled past src-size",
             bytes(landed_b)),
            (3, "wait_group 0: the same", bytes(landed_b)),
            (1, "no wait: the destination holds the poison (missing wait "
             "caught)", poisoned),
            (2, "wait_group 1: the older group arrives, the newer is still "
             "poison", bytes(landed_b[:896]) + poisoned[896:])):
        out, _ = k.launch((1, 1, 1), (32, 1, 1), [
            Buffer("src", src), Buffer("dst", bytes(COPY_SIZE)),
            Scalar("i32", mode)])
        got = out["dst"]
        first = next((i for i in range(COPY_SIZE) if got[i] != want[i]), None)
        r.check(f"cp.async {what}", got == want, f"first difference at {first}")


# ------------------------------------------------------------ mma f64
MMA_F64 = """  %g = lshr i64 %l, 2
  %t = and i64 %l, 3
  %g4 = mul i64 %g, 4
  %ai = add i64 %g4, %t
  %pa = getelementptr double, ptr addrspace(1) %a, i64 %ai
  %a0 = load double, ptr addrspace(1) %pa, align 8
  %t8 = mul i64 %t, 8
  %bi = add i64 %t8, %g
  %pb = getelementptr double, ptr addrspace(1) %b, i64 %bi
  %b0 = load double, ptr addrspace(1) %pb, align 8
  %g8 = mul i64 %g, 8
  %t2 = mul i64 %t, 2
  %ci = add i64 %g8, %t2
  %pc = getelementptr double, ptr addrspace(1) %c, i64 %ci
  %c0 = load double, ptr addrspace(1) %pc, align 8
  %pc1 = getelementptr double, ptr addrspace(1) %pc, i64 1
  %c1 = load double, ptr addrspace(1) %pc1, align 8
  %r = call {double, double} @llvm.nvvm.mma.m8n8k4.row.col.f64(double %a0, double %b0, double %c0, double %c1)
  %d0 = extractvalue {double, double} %r, 0
  %d1 = extractvalue {double, double} %r, 1
  %pd = getelementptr double, ptr addrspace(1) %d, i64 %ci
  store double %d0, ptr addrspace(1) %pd, align 8
  %pd1 = getelementptr double, ptr addrspace(1) %pd, i64 1
  store double %d1, ptr addrspace(1) %pd1, align 8
"""


def mma_f64(r):
    """A (8x4) row-major, B (4x8) row-major, C, D (8x8); a0 of lane L is
    A(g, t), b0 is B(t, g), c0/c1 are C(g, 2t), C(g, 2t+1)."""
    k = r.build("mma_f64", module(
        "", "ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, "
        "ptr addrspace(1) %d", MMA_F64))
    rng = random.Random(8)
    for what, value, tolerance in (
            ("dyadic values: exact", lambda: rng.randint(-40, 40) / 8, 0),
            ("random values: within 1e-15 of the exact sum",
             lambda: rng.uniform(-1, 1), 1e-15)):
        a = [value() for _ in range(32)]
        b = [value() for _ in range(32)]
        c = [value() for _ in range(64)]
        out, _ = k.launch((1, 1, 1), (32, 1, 1), [
            Buffer("a", struct.pack("<32d", *a)),
            Buffer("b", struct.pack("<32d", *b)),
            Buffer("c", struct.pack("<64d", *c)), Buffer("d", bytes(512))])
        d = struct.unpack("<64d", out["d"])
        errors = []
        for i in range(8):
            for j in range(8):
                exact = c[i * 8 + j] + sum(a[i * 4 + kk] * b[kk * 8 + j]
                                           for kk in range(4))
                if abs(d[i * 8 + j] - exact) > tolerance * 4:
                    errors.append((i, j, d[i * 8 + j], exact))
        r.check(f"mma.m8n8k4 f64, {what}", not errors, str(errors[:3]))


# ------------------------------------------------------------ mma f16 k8
# A (16x8) and B (8x8, stored k-major: B[k][n]) f16, C and D (16x8) f32:
# a reg0 = A(g, 2t..2t+1), reg1 = A(g+8, 2t..2t+1); b reg0 = B(2t, g),
# B(2t+1, g); c0..c3 = C(g, 2t), C(g, 2t+1), C(g+8, 2t), C(g+8, 2t+1).
MMA_F16_K8 = """  %g = lshr i64 %l, 2
  %t = and i64 %l, 3
  %g8 = mul i64 %g, 8
  %t2 = mul i64 %t, 2
  %ai = add i64 %g8, %t2
  %pa0 = getelementptr half, ptr addrspace(1) %a, i64 %ai
  %a0 = load <2 x half>, ptr addrspace(1) %pa0, align 4
  %pa1 = getelementptr half, ptr addrspace(1) %pa0, i64 64
  %a1 = load <2 x half>, ptr addrspace(1) %pa1, align 4
  %t16 = mul i64 %t, 16
  %bi = add i64 %t16, %g
  %pb0 = getelementptr half, ptr addrspace(1) %b, i64 %bi
  %b0 = load half, ptr addrspace(1) %pb0, align 2
  %pb1 = getelementptr half, ptr addrspace(1) %pb0, i64 8
  %b1 = load half, ptr addrspace(1) %pb1, align 2
  %bv0 = insertelement <2 x half> poison, half %b0, i32 0
  %bv = insertelement <2 x half> %bv0, half %b1, i32 1
  %pc0 = getelementptr float, ptr addrspace(1) %c, i64 %ai
  %c0 = load float, ptr addrspace(1) %pc0, align 4
  %pc1 = getelementptr float, ptr addrspace(1) %pc0, i64 1
  %c1 = load float, ptr addrspace(1) %pc1, align 4
  %pc2 = getelementptr float, ptr addrspace(1) %pc0, i64 64
  %c2 = load float, ptr addrspace(1) %pc2, align 4
  %pc3 = getelementptr float, ptr addrspace(1) %pc0, i64 65
  %c3 = load float, ptr addrspace(1) %pc3, align 4
  %r = call {float, float, float, float} @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %bv, float %c0, float %c1, float %c2, float %c3)
  %d0 = extractvalue {float, float, float, float} %r, 0
  %d1 = extractvalue {float, float, float, float} %r, 1
  %d2 = extractvalue {float, float, float, float} %r, 2
  %d3 = extractvalue {float, float, float, float} %r, 3
  %pd0 = getelementptr float, ptr addrspace(1) %d, i64 %ai
  store float %d0, ptr addrspace(1) %pd0, align 4
  %pd1 = getelementptr float, ptr addrspace(1) %pd0, i64 1
  store float %d1, ptr addrspace(1) %pd1, align 4
  %pd2 = getelementptr float, ptr addrspace(1) %pd0, i64 64
  store float %d2, ptr addrspace(1) %pd2, align 4
  %pd3 = getelementptr float, ptr addrspace(1) %pd0, i64 65
  store float %d3, ptr addrspace(1) %pd3, align 4
"""


def mma_f16_k8(r):
    k = r.build("mma_f16_k8", module(
        "", "ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, "
        "ptr addrspace(1) %d", MMA_F16_K8))
    rng = random.Random(75)
    a = [rng.randint(-8, 8) / 4 for _ in range(128)]
    b = [rng.randint(-8, 8) / 2 for _ in range(64)]
    c = [float(rng.randint(-50, 50)) for _ in range(128)]
    out, _ = k.launch((1, 1, 1), (32, 1, 1), [
        Buffer("a", struct.pack("<128e", *a)),
        Buffer("b", struct.pack("<64e", *b)),
        Buffer("c", struct.pack("<128f", *c)), Buffer("d", bytes(512))])
    d = struct.unpack("<128f", out["d"])
    errors = [(i, j) for i in range(16) for j in range(8)
              if d[i * 8 + j] != c[i * 8 + j] + sum(
                  a[i * 8 + kk] * b[kk * 8 + j] for kk in range(8))]
    r.check("mma.m16n8k8 f16 (f32 accumulators): exact", not errors,
            str(errors[:4]))


# ------------------------------------------------------------ mma s8 m8n8k16
# A (8x16) s8, B (16x8, stored n-major: Bt[n][k]) u8, C and D (8x8) s32:
# byte i of the A register of lane L is A(g, 4t + i), of its B register
# B(4t + i, g); c_i = C(g, 2t + i). .satfinite clamps to the s32 range.
MMA_S8_M8 = """  %g = lshr i64 %l, 2
  %t = and i64 %l, 3
  %g16 = mul i64 %g, 16
  %t4 = mul i64 %t, 4
  %ki = add i64 %g16, %t4
  %pa = getelementptr i8, ptr addrspace(1) %a, i64 %ki
  %a0 = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr i8, ptr addrspace(1) %b, i64 %ki
  %b0 = load i32, ptr addrspace(1) %pb, align 4
  %g8 = mul i64 %g, 8
  %t2 = mul i64 %t, 2
  %ci = add i64 %g8, %t2
  %pc = getelementptr i32, ptr addrspace(1) %c, i64 %ci
  %c0 = load i32, ptr addrspace(1) %pc, align 4
  %pc1 = getelementptr i32, ptr addrspace(1) %pc, i64 1
  %c1 = load i32, ptr addrspace(1) %pc1, align 4
  %r = call {i32, i32} @llvm.nvvm.mma.m8n8k16.row.col.satfinite.s8.u8(i32 %a0, i32 %b0, i32 %c0, i32 %c1)
  %d0 = extractvalue {i32, i32} %r, 0
  %d1 = extractvalue {i32, i32} %r, 1
  %pd = getelementptr i32, ptr addrspace(1) %d, i64 %ci
  store i32 %d0, ptr addrspace(1) %pd, align 4
  %pd1 = getelementptr i32, ptr addrspace(1) %pd, i64 1
  store i32 %d1, ptr addrspace(1) %pd1, align 4
"""


def mma_s8_m8(r):
    k = r.build("mma_s8_m8", module(
        "", "ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, "
        "ptr addrspace(1) %d", MMA_S8_M8))
    rng = random.Random(16)
    a = [rng.randint(-128, 127) for _ in range(128)]
    bt = [rng.randint(0, 255) for _ in range(128)]
    c = [rng.randint(-1000, 1000) for _ in range(64)]
    c[0], c[9] = 2**31 - 100, -2**31 + 100  # saturate up and down
    a[:16] = [127] * 16
    bt[:16] = [255] * 16
    a[16:32] = [-128] * 16
    bt[8:24] = [255] * 16
    out, _ = k.launch((1, 1, 1), (32, 1, 1), [
        Buffer("a", struct.pack("<128b", *a)),
        Buffer("b", struct.pack("<128B", *bt)),
        Buffer("c", struct.pack("<64i", *c)), Buffer("d", bytes(256))])
    d = struct.unpack("<64i", out["d"])
    want = [max(-2**31, min(2**31 - 1, c[i * 8 + j] + sum(
        a[i * 16 + kk] * bt[j * 16 + kk] for kk in range(16))))
        for i in range(8) for j in range(8)]
    r.check("mma.m8n8k16 s8 x u8 .satfinite: exact, clamped",
            list(d) == want and d[0] == 2**31 - 1 and d[9] == -2**31,
            f"{d[:10]} vs {want[:10]}")


# ------------------------------------------------------------ misuse
BAD_MATRIX = """  %o16 = mul i64 %l, 16
  %off = sext i32 %extra to i64
  %at = add i64 %o16, %off
  %p = getelementptr i8, ptr addrspace(3) @tile, i64 %at
  %v = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %p)
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %l
  store i32 %v, ptr addrspace(1) %q, align 4
"""

BAD_COPY = """  %o16 = mul i64 %l, 16
  %off = sext i32 %extra to i64
  %at = add i64 %o16, %off
  %s = getelementptr i8, ptr addrspace(1) %src, i64 %at
  %d = getelementptr i8, ptr addrspace(3) @buf, i64 %o16
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %size)
  call void @llvm.nvvm.cp.async.wait.all()
"""


def misuse(r):
    ir = module(smem("tile", 256), "ptr addrspace(1) %out, i32 %extra",
                BAD_MATRIX)
    for name, extra, text in (
            ("misaligned", 8, "misaligned load: 16 bytes"),
            ("outside", 256 - 16 * 7, "outside the CTA's 256 bytes of shared")):
        r.expect_error(f"ldmatrix_{name}", ir, (1, 1, 1), (32, 1, 1),
                       [Buffer("out", bytes(128)), Scalar("i32", extra)], 5,
                       text)
    ir = module(smem("buf", 512),
                "ptr addrspace(1) %src, i32 %extra, i32 %size", BAD_COPY)
    for name, extra, size, text in (
            ("misaligned", 8, 16, "misaligned cp.async source: 16 bytes"),
            ("outside", 16, 16, "global load of 16 bytes"),
            ("src_size", 0, 17, "cp.async of 16 bytes with src-size 17")):
        r.expect_error(f"cp_async_{name}", ir, (1, 1, 1), (32, 1, 1),
                       [Buffer("src", bytes(512)), Scalar("i32", extra),
                        Scalar("i32", size)], 5, text)


def main():
    bin_dir, work = sys.argv[1:3]
    return Runner(bin_dir, work).run_all(
        (ldmatrix_stmatrix, cp_async, mma_f64, mma_f16_k8, mma_s8_m8, misuse))


if __name__ == "__main__":
    sys.exit(main())
