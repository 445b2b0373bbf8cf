// The matmul example (examples/matmul.mlir: 64x64 tiles of C, K in steps
// of 32, f16 inputs, f32 accumulation) compiles for sm_75, sm_80, sm_89,
// sm_90a, sm_100a and sm_120a and assembles. The FMA path with operands in
// shared memory: f16 operands widened with cvt.f32.f16 and staged as f32
// (A^T and B, 32 x (64 + 4) each: 17408 bytes), then 32 x 32 fma.rn.f32
// per step and thread (32 accumulator elements, K = 32) fed by 128-bit
// shared loads, no shuffles.
// (dot-types.mlir covers every accepted target.)
// RUN: tileiras --gpu-name=sm_75 %tileiras_src/examples/matmul.mlir -o %t.sm75.ptx
// RUN: tileiras --gpu-name=sm_80 %tileiras_src/examples/matmul.mlir -o %t.sm80.ptx
// RUN: tileiras --gpu-name=sm_89 %tileiras_src/examples/matmul.mlir -o %t.sm89.ptx
// RUN: tileiras --gpu-name=sm_90a %tileiras_src/examples/matmul.mlir -o %t.sm90a.ptx
// RUN: tileiras --gpu-name=sm_100a %tileiras_src/examples/matmul.mlir -o %t.sm100a.ptx
// RUN: tileiras --gpu-name=sm_120a %tileiras_src/examples/matmul.mlir -o %t.sm120a.ptx
// RUN: %ptxas-verify sm_75 %t.sm75.ptx
// RUN: %ptxas-verify sm_80 %t.sm80.ptx
// RUN: %ptxas-verify sm_89 %t.sm89.ptx
// RUN: %ptxas-verify sm_90a %t.sm90a.ptx
// RUN: %ptxas-verify sm_100a %t.sm100a.ptx
// RUN: %ptxas-verify sm_120a %t.sm120a.ptx
// RUN: FileCheck %s < %t.sm80.ptx

// CHECK-LABEL: .visible .entry matmul(
// CHECK: .reqntid 128, 1, 1
// CHECK: .shared .align 16 .b8 __tileiras_smem_matmul[17408]
// CHECK: cvt.f32.f16
// CHECK: ld.shared.v4
// CHECK-COUNT-1024: fma.rn.f32
// CHECK-NOT: fma.rn.f32
// CHECK-NOT: shfl.sync.bfly
// CHECK: ret;
