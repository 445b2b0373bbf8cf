// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' | FileCheck %s --check-prefixes=CHECK,TF32HW,F8SW
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_75' | FileCheck %s --check-prefixes=CHECK,TF32SW,F8SW
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_89' | FileCheck %s --check-prefixes=CHECK,TF32HW,F8HW

// Accumulator 16x16: per thread 2x2 (register bit 0: column 1, bit 1:
// row 1). FMA operands: A holds, per thread, K for its 2 rows (register
// = k + K * row bit), B K for its 2 columns (register = k + K * column
// bit).
#l = #nv_tileaa.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#a = #nv_tileaa.dot_operand<opIdx = 0, parent = #l>
#b = #nv_tileaa.dot_operand<opIdx = 1, parent = #l>

// f16: for k = 0, 1: for each of the 4 accumulator registers (m, n)
// fma(A[m, k], B[k, n], acc), each operand widened once, right before its
// first use. No shuffles, no shared memory.
// CHECK-LABEL: llvm.func @dot_f16(
// CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// CHECK: %[[B2:.*]] = llvm.extractvalue %arg1[2]
// CHECK: %[[B3:.*]] = llvm.extractvalue %arg1[3]
// CHECK: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK: %[[C1:.*]] = llvm.extractvalue %arg2[1]
// CHECK: %[[C2:.*]] = llvm.extractvalue %arg2[2]
// CHECK: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK: %[[FA0:.*]] = llvm.fpext %[[A0]] : f16 to f32
// CHECK: %[[FB0:.*]] = llvm.fpext %[[B0]] : f16 to f32
// CHECK: %[[D0:.*]] = llvm.intr.fma(%[[FA0]], %[[FB0]], %[[C0]]) : (f32, f32, f32) -> f32
// CHECK: %[[FB2:.*]] = llvm.fpext %[[B2]] : f16 to f32
// CHECK: %[[D1:.*]] = llvm.intr.fma(%[[FA0]], %[[FB2]], %[[C1]])
// CHECK: %[[FA2:.*]] = llvm.fpext %[[A2]] : f16 to f32
// CHECK: %[[D2:.*]] = llvm.intr.fma(%[[FA2]], %[[FB0]], %[[C2]])
// CHECK: %[[D3:.*]] = llvm.intr.fma(%[[FA2]], %[[FB2]], %[[C3]])
// CHECK: %[[FA1:.*]] = llvm.fpext %[[A1]] : f16 to f32
// CHECK: %[[FB1:.*]] = llvm.fpext %[[B1]] : f16 to f32
// CHECK: %[[E0:.*]] = llvm.intr.fma(%[[FA1]], %[[FB1]], %[[D0]])
// CHECK: %[[FB3:.*]] = llvm.fpext %[[B3]] : f16 to f32
// CHECK: %[[E1:.*]] = llvm.intr.fma(%[[FA1]], %[[FB3]], %[[D1]])
// CHECK: %[[FA3:.*]] = llvm.fpext %[[A3]] : f16 to f32
// CHECK: %[[E2:.*]] = llvm.intr.fma(%[[FA3]], %[[FB1]], %[[D2]])
// CHECK: %[[E3:.*]] = llvm.intr.fma(%[[FA3]], %[[FB3]], %[[D3]])
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]
// CHECK-NOT: nvvm.shfl
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @dot_f16(%a: tensor<16x2xf16, #a>, %b: tensor<2x16xf16, #b>, %c: tensor<16x16xf32, #l>) -> tensor<16x16xf32, #l> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x2xf16, #a>, tensor<2x16xf16, #b>, tensor<16x16xf32, #l> -> tensor<16x16xf32, #l>
  nv_tileaa.return %d : tensor<16x16xf32, #l>
}

// bf16 widens exactly with integer ops (no cvt.f32.bf16 before sm_90).
// CHECK-LABEL: llvm.func @dot_bf16(
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
// CHECK: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i16 to i32
// CHECK: %[[HIGH:.*]] = llvm.shl %[[WIDE]], %{{.*}} : i32
// CHECK: llvm.bitcast %[[HIGH]] : i32 to f32
// CHECK: llvm.intr.fma
nv_tileaa.func @dot_bf16(%a: tensor<16x2xbf16, #a>, %b: tensor<2x16xbf16, #b>, %c: tensor<16x16xf32, #l>) -> tensor<16x16xf32, #l> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x2xbf16, #a>, tensor<2x16xbf16, #b>, tensor<16x16xf32, #l> -> tensor<16x16xf32, #l>
  nv_tileaa.return %d : tensor<16x16xf32, #l>
}

// tf32 operands are rounded to tf32 (nearest, ties away): cvt.rna on sm_80
// and later, the same rounding on the bits before (Inf/NaN unchanged).
// CHECK-LABEL: llvm.func @dot_tf32(
// TF32HW: %[[R:.*]] = nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// TF32HW: llvm.bitcast %[[R]] : i32 to f32
// TF32SW-DAG: %[[EXPMASK:.*]] = llvm.mlir.constant(2139095040 : i32) : i32
// TF32SW-DAG: %[[HALF:.*]] = llvm.mlir.constant(4096 : i32) : i32
// TF32SW-DAG: %[[KEEP:.*]] = llvm.mlir.constant(-8192 : i32) : i32
// TF32SW: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// TF32SW: %[[EXP:.*]] = llvm.and %[[BITS]], %[[EXPMASK]]
// TF32SW: %[[FINITE:.*]] = llvm.icmp "ne" %[[EXP]], %[[EXPMASK]]
// TF32SW: %[[UP:.*]] = llvm.add %[[BITS]], %[[HALF]]
// TF32SW: %[[CUT:.*]] = llvm.and %[[UP]], %[[KEEP]]
// TF32SW: %[[ROUNDED:.*]] = llvm.select %[[FINITE]], %[[CUT]], %[[BITS]]
// TF32SW: llvm.bitcast %[[ROUNDED]] : i32 to f32
// CHECK: llvm.intr.fma
nv_tileaa.func @dot_tf32(%a: tensor<16x2xtf32, #a>, %b: tensor<2x16xtf32, #b>, %c: tensor<16x16xf32, #l>) -> tensor<16x16xf32, #l> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x2xtf32, #a>, tensor<2x16xtf32, #b>, tensor<16x16xf32, #l> -> tensor<16x16xf32, #l>
  nv_tileaa.return %d : tensor<16x16xf32, #l>
}

// FP8 (A E4M3FN, B E5M2): pairs through cvt.rn.f16x2.{e4m3x2,e5m2x2} on
// sm_89+; before, integer ops: exponent rebias (120 << 23 for E4M3FN,
// 112 << 23 for E5M2), subnormals as mantissa * 2^-9 / 2^-16, NaN (and
// E5M2 Inf) patterns, sign or'ed back.
// CHECK-LABEL: llvm.func @dot_f8(
// F8HW: %[[P0:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<2xi8>
// F8HW: %[[P:.*]] = llvm.insertelement %{{.*}}, %[[P0]][%{{.*}} : i32] : vector<2xi8>
// F8HW: %[[H:.*]] = nvvm.convert.f8x2.to.f16x2 %[[P]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// F8HW: %[[H0:.*]] = llvm.extractelement %[[H]][%{{.*}} : i32] : vector<2xf16>
// F8HW: llvm.fpext %[[H0]] : f16 to f32
// F8HW: nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E5M2) -> vector<2xf16>
// F8SW-DAG: llvm.mlir.constant(1006632960 : i32) : i32
// F8SW-DAG: llvm.mlir.constant(939524096 : i32) : i32
// F8SW-DAG: llvm.mlir.constant(0.001953125 : f32) : f32
// F8SW-DAG: llvm.mlir.constant(1.52587891E-5 : f32) : f32
// F8SW-DAG: llvm.mlir.constant(2143289344 : i32) : i32
// F8SW-DAG: llvm.mlir.constant(2139095040 : i32) : i32
// F8SW: llvm.uitofp %{{.*}} : i32 to f32
// F8SW-NOT: nvvm.convert
// CHECK: llvm.intr.fma
nv_tileaa.func @dot_f8(%a: tensor<16x2xf8E4M3FN, #a>, %b: tensor<2x16xf8E5M2, #b>, %c: tensor<16x16xf32, #l>) -> tensor<16x16xf32, #l> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x2xf8E4M3FN, #a>, tensor<2x16xf8E5M2, #b>, tensor<16x16xf32, #l> -> tensor<16x16xf32, #l>
  nv_tileaa.return %d : tensor<16x16xf32, #l>
}

// f64 accumulates in f64, propagate_nan changes nothing (IEEE products).
// CHECK-LABEL: llvm.func @dot_f64(
// CHECK-COUNT-8: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f64, f64, f64) -> f64
// CHECK-NOT: llvm.intr.fma
// CHECK: llvm.return
nv_tileaa.func @dot_f64(%a: tensor<16x2xf64, #a>, %b: tensor<2x16xf64, #b>, %c: tensor<16x16xf64, #l>) -> tensor<16x16xf64, #l> {
  %d = nv_tileaa.dot %a, %b, %c {propagate_nan} : tensor<16x2xf64, #a>, tensor<2x16xf64, #b>, tensor<16x16xf64, #l> -> tensor<16x16xf64, #l>
  nv_tileaa.return %d : tensor<16x16xf64, #l>
}

// i8 with K = 8: dp4a over k = 0..3 then 4..7, operands packed once per
// group of four registers and reused by both accumulators that need them.
// CHECK-LABEL: llvm.func @dot_i8(
// CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK: %[[P0:.*]] = llvm.insertelement %[[A0]], %{{.*}} : vector<4xi8>
// CHECK: %[[P1:.*]] = llvm.insertelement %[[A1]], %[[P0]]
// CHECK: %[[P2:.*]] = llvm.insertelement %[[A2]], %[[P1]]
// CHECK: %[[PA:.*]] = llvm.insertelement %[[A3]], %[[P2]]
// CHECK: %[[Q0:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<4xi8>
// CHECK: %[[Q1:.*]] = llvm.insertelement %{{.*}}, %[[Q0]]
// CHECK: %[[Q2:.*]] = llvm.insertelement %{{.*}}, %[[Q1]]
// CHECK: %[[PB:.*]] = llvm.insertelement %{{.*}}, %[[Q2]]
// CHECK: %[[D0:.*]] = nvvm.dot.accumulate.4way %[[PA]] <signed>, %[[PB]] <unsigned>, %[[C0]]
// CHECK: nvvm.dot.accumulate.4way %[[PA]] <signed>, %{{.*}} <unsigned>
// CHECK-COUNT-2: nvvm.dot.accumulate.4way
// CHECK: nvvm.dot.accumulate.4way %{{.*}} <signed>, %{{.*}} <unsigned>, %[[D0]]
// CHECK-COUNT-3: nvvm.dot.accumulate.4way
// CHECK-NOT: nvvm.dot.accumulate.4way
nv_tileaa.func @dot_i8(%a: tensor<16x8xi8, #a>, %b: tensor<8x16xi8, #b>, %c: tensor<16x16xi32, #l>) -> tensor<16x16xi32, #l> {
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<16x8xi8, #a>, tensor<8x16xi8, #b>, tensor<16x16xi32, #l> -> tensor<16x16xi32, #l>
  nv_tileaa.return %d : tensor<16x16xi32, #l>
}

// i8 with K = 2: zero-extended A (unsigned), sign-extended B, mul + add.
// CHECK-LABEL: llvm.func @dot_i8_k2(
// CHECK: %[[SB:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK: %[[ZA:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[PROD:.*]] = llvm.mul %[[ZA]], %[[SB]] : i32
// CHECK: llvm.add %{{.*}}, %[[PROD]] : i32
// CHECK-NOT: nvvm.dot.accumulate
nv_tileaa.func @dot_i8_k2(%a: tensor<16x2xi8, #a>, %b: tensor<2x16xi8, #b>, %c: tensor<16x16xi32, #l>) -> tensor<16x16xi32, #l> {
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<unsigned>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x2xi8, #a>, tensor<2x16xi8, #b>, tensor<16x16xi32, #l> -> tensor<16x16xi32, #l>
  nv_tileaa.return %d : tensor<16x16xi32, #l>
}

// Batched (rank 3): the batch coordinate is part of every register.
#l3 = #nv_tileaa.blocked<sizePerThread = [1, 2, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]>
// CHECK-LABEL: llvm.func @dot_batched(
// CHECK-COUNT-16: llvm.intr.fma
// CHECK-NOT: llvm.intr.fma
// CHECK: llvm.return
nv_tileaa.func @dot_batched(%a: tensor<4x8x4xf32, #nv_tileaa.dot_operand<opIdx = 0, parent = #l3>>, %b: tensor<4x4x8xf32, #nv_tileaa.dot_operand<opIdx = 1, parent = #l3>>, %c: tensor<4x8x8xf32, #l3>) -> tensor<4x8x8xf32, #l3> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<4x8x4xf32, #nv_tileaa.dot_operand<opIdx = 0, parent = #l3>>, tensor<4x4x8xf32, #nv_tileaa.dot_operand<opIdx = 1, parent = #l3>>, tensor<4x8x8xf32, #l3> -> tensor<4x8x8xf32, #l3>
  nv_tileaa.return %d : tensor<4x8x8xf32, #l3>
}
