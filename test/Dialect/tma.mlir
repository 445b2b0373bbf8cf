// The TMA ops (tensor-map parameters, tma_load, tma_copy, the mbarrier ops)
// and the segmented shared encoding, printed back in custom and generic form
// and through bytecode.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s -mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -emit-bytecode | tileiras-opt | FileCheck %s

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#b = #nv_tileaa.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#seg = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

// CHECK-DAG: #[[SEG:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
// CHECK-DAG: #[[BAR:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @ring
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f16>, %[[N:.*]]: i32, %[[MAP:.*]]: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 64, 32>, dims = [{param = 1 : i64}, 4096], element_type = f16, fill = "zero", strides = [{param = 1 : i64}], swizzle = 128 : i64}}, %[[I:.*]]: i32, %[[PRED:.*]]: i1)
// CHECK: %[[BUF:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x32x128xf16, #[[SEG]]>
// CHECK: %[[BARS:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x1x1xi64, #[[BAR]]>
// CHECK: nv_tileaa.mbarrier_init %[[BARS]] {count = 2 : i32} : !nv_tileaa.smem<3x1x1xi64, #[[BAR]]>
// CHECK: nv_tileaa.tma_copy %[[MAP]][%[[I]], %[[I]]], %[[BUF]][%[[I]]], %[[BARS]] if %[[PRED]] : !nv_tileaa.smem<3x32x128xf16, #[[SEG]]>, !nv_tileaa.smem<3x1x1xi64, #[[BAR]]>
// CHECK: nv_tileaa.tma_copy %[[MAP]][%[[I]], %[[I]]], %[[BUF]][%[[I]]], %[[BARS]] : !nv_tileaa.smem
// CHECK: nv_tileaa.mbarrier_wait %[[BARS]][%[[I]]], %[[I]] : !nv_tileaa.smem<3x1x1xi64, #[[BAR]]>
// CHECK: nv_tileaa.local_load %[[BUF]][%[[I]]]
// CHECK: nv_tileaa.mbarrier_inval %[[BARS]] : !nv_tileaa.smem<3x1x1xi64, #[[BAR]]>
// CHECK: nv_tileaa.tma_load %[[MAP]][%[[I]], %[[I]]] : tensor<32x128xf16>
nv_tileaa.func @ring(%p: !nv_tileaa.ptr<f16>, %n: i32,
                     %map: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 64, 32>, dims = [{param = 1 : i64}, 4096], element_type = f16, fill = "zero", strides = [{param = 1 : i64}], swizzle = 128 : i64}},
                     %i: i32, %pred: i1) -> tensor<32x128xf16> {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<3x32x128xf16, #seg>
  %bars = nv_tileaa.local_alloc : !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %bars {count = 2 : i32} : !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.tma_copy %map[%i, %i], %buf[%i], %bars if %pred : !nv_tileaa.smem<3x32x128xf16, #seg>, !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.tma_copy %map[%i, %i], %buf[%i], %bars : !nv_tileaa.smem<3x32x128xf16, #seg>, !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.mbarrier_wait %bars[%i], %i : !nv_tileaa.smem<3x1x1xi64, #bar>
  %t = nv_tileaa.local_load %buf[%i] : !nv_tileaa.smem<3x32x128xf16, #seg> -> tensor<32x128xf16, #b>
  nv_tileaa.mbarrier_inval %bars : !nv_tileaa.smem<3x1x1xi64, #bar>
  %u = nv_tileaa.tma_load %map[%i, %i] : tensor<32x128xf16>
  nv_tileaa.return %u : tensor<32x128xf16>
}

// CHECK-LABEL: nv_tileaa.func @store
// CHECK: nv_tileaa.tma_store %[[MAP:.*]][%[[I:.*]], %[[I]]], %[[T:.*]] : tensor<32x128xf16, #[[B:dot_operand[0-9]*]]>
// CHECK: %[[BUF:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x128xf16, #[[SEG]]>
// CHECK: nv_tileaa.local_store %[[T]], %[[BUF]][%[[I]]] : tensor<32x128xf16, #[[B]]> -> !nv_tileaa.smem<1x32x128xf16, #[[SEG]]>
// CHECK: nv_tileaa.tma_copy_out %[[MAP]][%[[I]], %[[I]]], %[[BUF]][%[[I]]] : !nv_tileaa.smem<1x32x128xf16, #[[SEG]]>
nv_tileaa.func @store(%map: !nv_tileaa.tensor_map, %i: i32, %t: tensor<32x128xf16, #b>) {
  nv_tileaa.tma_store %map[%i, %i], %t : tensor<32x128xf16, #b>
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x128xf16, #seg>
  nv_tileaa.local_store %t, %buf[%i] : tensor<32x128xf16, #b> -> !nv_tileaa.smem<1x32x128xf16, #seg>
  nv_tileaa.tma_copy_out %map[%i, %i], %buf[%i] : !nv_tileaa.smem<1x32x128xf16, #seg>
  nv_tileaa.return
}
