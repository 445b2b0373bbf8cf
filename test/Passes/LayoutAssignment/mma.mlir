// The accelerate-matmul choice of layout assignment: a dot runs on mma.sync
// (an #nv_tileaa.mma accumulator, operands in dot_operand layouts with the
// instruction's kWidth) where the target has the instruction for its types
// and the tile holds at least one instruction; otherwise on the FMA path.
// Either way the reason is recorded in nv_tileaa.dot_path.
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_89' -tileaa-assign-layouts | FileCheck %s --check-prefixes=CHECK,SM89
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_120a' -tileaa-assign-layouts | FileCheck %s --check-prefixes=CHECK,SM89
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_75' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM75

// CHECK-DAG: #[[M:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-DAG: #[[A:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[M]], kWidth = 2>
// CHECK-DAG: #[[B:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 1, parent = #[[M]], kWidth = 2>
// CHECK-LABEL: nv_tileaa.func @f16
// CHECK-DAG: nv_tileaa.convert_layout {{.*}} -> tensor<64x32xf16, #[[A]]>
// CHECK-DAG: nv_tileaa.convert_layout {{.*}} -> tensor<32x64xf16, #[[B]]>
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k16 f16"} : {{.*}} -> tensor<64x64xf32, #[[M]]>
// SM75-LABEL: nv_tileaa.func @f16
// SM75: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "fma: sm_75 has no mma.sync for f16 (sm_80+)"} : {{.*}} -> tensor<64x64xf32, #blocked{{[0-9]*}}>
nv_tileaa.func @f16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return %d : tensor<64x64xf32>
}

// -----

// f16 operands with an f16 accumulator: the same fragments, two .f16x2
// registers per instruction (mma.sync.m16n8k16 .f16.f16.f16.f16).
// CHECK: #[[M16:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-LABEL: nv_tileaa.func @f16_acc16
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k16 f16 -> f16"} : {{.*}} -> tensor<64x64xf16, #[[M16]]>
// SM75-LABEL: nv_tileaa.func @f16_acc16
// SM75: {nv_tileaa.dot_path = "fma: sm_75 has no mma.sync for f16 -> f16 (sm_80+)"}
nv_tileaa.func @f16_acc16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  nv_tileaa.return %d : tensor<64x64xf16>
}

// -----

// 16x64 over 4 warps: all four along N.
// CHECK: #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 4], instrShape = [16, 8]>
// CHECK-LABEL: nv_tileaa.func @bf16
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k16 bf16"}
nv_tileaa.func @bf16(%a: tensor<16x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x32xbf16>, tensor<32x64xbf16>, tensor<16x64xf32> -> tensor<16x64xf32>
  nv_tileaa.return %d : tensor<16x64xf32>
}

// -----

// CHECK: #nv_tileaa.dot_operand<opIdx = 0, parent = #{{mma[0-9]*}}, kWidth = 1>
// CHECK-LABEL: nv_tileaa.func @tf32
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k8 tf32"}
nv_tileaa.func @tf32(%a: tensor<32x8xtf32>, %b: tensor<8x32xtf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<32x8xtf32>, tensor<8x32xtf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  nv_tileaa.return %d : tensor<32x32xf32>
}

// -----

// CHECK: #nv_tileaa.dot_operand<opIdx = 0, parent = #{{mma[0-9]*}}, kWidth = 4>
// CHECK-LABEL: nv_tileaa.func @i8
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k32 i8", signedness_a
nv_tileaa.func @i8(%a: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<64x64xi8>, tensor<64x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>
  nv_tileaa.return %d : tensor<64x64xi32>
}

// -----

// fp8 needs sm_89; mixed pairs are allowed.
// CHECK-LABEL: nv_tileaa.func @fp8
// SM80: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "fma: sm_80 has no mma.sync for f8E4M3FN.f8E5M2 (sm_89+)"}
// SM89: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k32 f8E4M3FN.f8E5M2"}
nv_tileaa.func @fp8(%a: tensor<32x32xf8E4M3FN>, %b: tensor<32x32xf8E5M2>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<32x32xf8E4M3FN>, tensor<32x32xf8E5M2>, tensor<32x32xf32> -> tensor<32x32xf32>
  nv_tileaa.return %d : tensor<32x32xf32>
}

// -----

// f64 runs on mma.sync.m8n8k4 (instrShape [8, 8], one f64 per register):
// 32x32 over 4 warps is 2 x 2 warps of 2 x 2 instructions.
// CHECK-DAG: #[[M64:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [8, 8]>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 0, parent = #[[M64]], kWidth = 1>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 1, parent = #[[M64]], kWidth = 1>
// CHECK-LABEL: nv_tileaa.func @f64
// CHECK: nv_tileaa.dot {{.*}} {nv_tileaa.dot_path = "mma.sync.m8n8k4 f64"} : {{.*}} -> tensor<32x32xf64, #[[M64]]>
// CHECK-LABEL: nv_tileaa.func @f64_small
// CHECK: {nv_tileaa.dot_path = "fma: 8x8x2 is smaller than one m8n8k4 instruction"}
// SM75-LABEL: nv_tileaa.func @f64
// SM75: {nv_tileaa.dot_path = "fma: sm_75 has no mma.sync for f64 (sm_80+)"}
nv_tileaa.func @f64(%a: tensor<32x16xf64>, %b: tensor<16x32xf64>, %c: tensor<32x32xf64>) -> tensor<32x32xf64> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<32x16xf64>, tensor<16x32xf64>, tensor<32x32xf64> -> tensor<32x32xf64>
  nv_tileaa.return %d : tensor<32x32xf64>
}
nv_tileaa.func @f64_small(%a: tensor<8x2xf64>, %b: tensor<2x8xf64>, %c: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<8x2xf64>, tensor<2x8xf64>, tensor<8x8xf64> -> tensor<8x8xf64>
  nv_tileaa.return %d : tensor<8x8xf64>
}

// -----

// What stays on the FMA path, and why.
// CHECK-LABEL: nv_tileaa.func @f32
// CHECK: {nv_tileaa.dot_path = "fma: f32 operands have no mma.sync shape"}
// CHECK-LABEL: nv_tileaa.func @small
// CHECK: {nv_tileaa.dot_path = "fma: 16x8x8 is smaller than one m16n8k16 instruction"}
nv_tileaa.func @f32(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf32>, tensor<32x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return %d : tensor<64x64xf32>
}
nv_tileaa.func @small(%a: tensor<16x8xf16>, %b: tensor<8x8xf16>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x8xf16>, tensor<8x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  nv_tileaa.return %d : tensor<16x8xf32>
}

// -----

// Batched (rank-3) dots: warps over the batch first (2 of 4 here), the
// rest over each batch's 32x32 (along N: [1, 2]); instrShape [1, 16, 8].
// CHECK-DAG: #[[MB:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]>
// CHECK-DAG: #[[AB:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[MB]], kWidth = 2>
// CHECK-DAG: #[[BB:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 1, parent = #[[MB]], kWidth = 2>
// 8 batches, 4 warps: all four along the batch; f64 batched on m8n8k4.
// CHECK-DAG: #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]>
// CHECK-DAG: #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2, 1], instrShape = [1, 8, 8]>
// CHECK-LABEL: nv_tileaa.func @batched
// CHECK-DAG: nv_tileaa.convert_layout {{.*}} -> tensor<2x32x16xf16, #[[AB]]>
// CHECK-DAG: nv_tileaa.convert_layout {{.*}} -> tensor<2x16x32xf16, #[[BB]]>
// CHECK: {nv_tileaa.dot_path = "mma.sync.m16n8k16 f16 batched"} : {{.*}} -> tensor<2x32x32xf32, #[[MB]]>
// CHECK-LABEL: nv_tileaa.func @batched_many
// CHECK: {nv_tileaa.dot_path = "mma.sync.m16n8k32 i8 batched", signedness_a
// CHECK-LABEL: nv_tileaa.func @batched_f64
// CHECK: {nv_tileaa.dot_path = "mma.sync.m8n8k4 f64 batched"} : {{.*}} -> tensor<2x16x16xf64, #{{mma[0-9]*}}>
// CHECK-LABEL: nv_tileaa.func @batched_small
// CHECK: {nv_tileaa.dot_path = "fma: 8x8x16 is smaller than one m16n8k16 instruction"}
// SM75-LABEL: nv_tileaa.func @batched
// SM75: {nv_tileaa.dot_path = "fma: sm_75 has no mma.sync for f16 (sm_80+)"}
nv_tileaa.func @batched(%a: tensor<2x32x16xf16>, %b: tensor<2x16x32xf16>, %c: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x32x16xf16>, tensor<2x16x32xf16>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  nv_tileaa.return %d : tensor<2x32x32xf32>
}
nv_tileaa.func @batched_many(%a: tensor<8x16x32xi8>, %b: tensor<8x32x16xi8>, %c: tensor<8x16x16xi32>) -> tensor<8x16x16xi32> {
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<8x16x32xi8>, tensor<8x32x16xi8>, tensor<8x16x16xi32> -> tensor<8x16x16xi32>
  nv_tileaa.return %d : tensor<8x16x16xi32>
}
nv_tileaa.func @batched_f64(%a: tensor<2x16x8xf64>, %b: tensor<2x8x16xf64>, %c: tensor<2x16x16xf64>) -> tensor<2x16x16xf64> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x16x8xf64>, tensor<2x8x16xf64>, tensor<2x16x16xf64> -> tensor<2x16x16xf64>
  nv_tileaa.return %d : tensor<2x16x16xf64>
}
nv_tileaa.func @batched_small(%a: tensor<2x8x16xf16>, %b: tensor<2x16x8xf16>, %c: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x8x16xf16>, tensor<2x16x8xf16>, tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  nv_tileaa.return %d : tensor<2x8x8xf32>
}
