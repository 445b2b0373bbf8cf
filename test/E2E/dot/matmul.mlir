// A general f16 GEMM (Inputs/matmul_unaligned.mlir: 64x64 tiles of C, K in
// steps of 32, f16 inputs, f32 accumulation, any sizes) compiles for sm_75, sm_80, sm_89,
// sm_90a, sm_100a and sm_120a and assembles without local memory.
// sm_80 and later run the dot on tensor cores: accumulator in
// #nv_tileaa.mma (warps 2 x 2), operands moved to the mma.sync fragment
// layouts through a swizzled shared buffer read with ldmatrix (4096 bytes:
// A 64 x 32 then B 32 x 64 f16, one after the other), and
// 2 (M) x 4 (N) x 2 (K) = 16 mma.sync.m16n8k16 per K step and warp, no FMA.
// sm_75 has no m16n8k16: the FMA path with operands in shared memory
// (f16 widened with cvt.f32.f16 and staged as f32, A^T and B, 32 x (64 + 4)
// each: 17408 bytes), 32 x 32 fma.rn.f32 per step and thread fed by
// 128-bit shared loads, no shuffles.
// sm_90a runs it on wgmma: the loads are not pipelined (unaligned), so each
// step stores A and B as they were loaded into one 4 KiB buffer each, in
// wgmma's canonical layouts (A 64-byte rows, 64-byte swizzle; B 128-byte
// rows, 128-byte swizzle; 1024-byte aligned), fences them for the async
// proxy and synchronizes, then one warpgroup issues two m64n64k16 and waits
// (and synchronizes again before the next step's stores).
// (dot-types.mlir and mma-sync.test cover the other types and targets.)
// RUN: tileiras --gpu-name=sm_75 %S/Inputs/matmul_unaligned.mlir -o %t.sm75.ptx
// RUN: tileiras --gpu-name=sm_80 %S/Inputs/matmul_unaligned.mlir -o %t.sm80.ptx
// RUN: tileiras --gpu-name=sm_89 %S/Inputs/matmul_unaligned.mlir -o %t.sm89.ptx
// RUN: tileiras --gpu-name=sm_90a %S/Inputs/matmul_unaligned.mlir -o %t.sm90a.ptx
// RUN: tileiras --gpu-name=sm_100a %S/Inputs/matmul_unaligned.mlir -o %t.sm100a.ptx
// RUN: tileiras --gpu-name=sm_120a %S/Inputs/matmul_unaligned.mlir -o %t.sm120a.ptx
// RUN: %ptxas-verify sm_75 %t.sm75.ptx
// RUN: %ptxas-verify sm_80 %t.sm80.ptx
// RUN: %ptxas-verify sm_89 %t.sm89.ptx
// RUN: %ptxas-verify sm_90a %t.sm90a.ptx
// RUN: %ptxas-verify sm_100a %t.sm100a.ptx
// RUN: %ptxas-verify sm_120a %t.sm120a.ptx
// RUN: FileCheck %s --check-prefix=FMA --implicit-check-not=.local < %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=MMA --implicit-check-not=.local < %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=WGMMA --implicit-check-not=.local --implicit-check-not=mma.sync --implicit-check-not=ldmatrix < %t.sm90a.ptx
// RUN: FileCheck %s --check-prefix=MMA --implicit-check-not=.local < %t.sm120a.ptx

// FMA-LABEL: .visible .entry matmul(
// FMA: .reqntid 128, 1, 1
// FMA: .shared .align 16 .b8 __tileiras_smem_matmul[17408]
// FMA: cvt.f32.f16
// FMA: ld.shared.v4
// FMA-COUNT-1024: fma.rn.f32
// FMA-NOT: fma.rn.f32
// FMA-NOT: shfl.sync.bfly
// FMA: ret;

// MMA-LABEL: .visible .entry matmul(
// MMA: .reqntid 128, 1, 1
// Operands staged in a 4 KiB swizzled buffer (the larger of A and B, 64x32
// f16), read with ldmatrix; the accumulator is stored from its fragments,
// so no epilogue buffer (the stores stay scalar: the column mask n is not
// known to be even).
// MMA: .shared .align 16 .b8 __tileiras_smem_matmul[4096]
// MMA-NOT: fma.rn.f32
// MMA-COUNT-2: st.shared.v4.b32
// MMA-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// MMA-COUNT-2: st.shared.v4.b32
// MMA-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// MMA-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MMA-NOT: mma.sync
// MMA-NOT: fma.rn.f32
// MMA-NOT: ld.shared
// MMA: st.global
// MMA: ret;

// WGMMA-LABEL: .visible .entry matmul(
// WGMMA: .reqntid 128, 1, 1
// WGMMA: .shared .align 1024 .b8 __tileiras_smem_matmul[8192];
// WGMMA-COUNT-4: st.shared.v4.b32
// WGMMA: fence.proxy.async.shared::cta;
// WGMMA-NEXT: bar.sync 0;
// WGMMA-NEXT: wgmma.fence.sync.aligned;
// WGMMA-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA-NOT: wgmma.mma_async
// WGMMA: wgmma.commit_group.sync.aligned;
// WGMMA-NEXT: wgmma.wait_group.sync.aligned 0;
// WGMMA-NEXT: bar.sync 0;
// WGMMA: st.global
// WGMMA: ret;
