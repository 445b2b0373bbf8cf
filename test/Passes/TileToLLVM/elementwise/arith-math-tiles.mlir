// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Upstream arith and math ops on tiles are re-created once per register on
// scalars (same attributes: predicates, fast-math flags) and lowered by the
// upstream scalar patterns of the same conversion: arith -> LLVM, math ->
// libdevice (or LLVM intrinsics). Scalar operands (the select condition)
// are used for every register.
#b = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK: llvm.func @__nv_expf(f32) -> f32
// CHECK-LABEL: llvm.func @ops(
// CHECK-DAG: %[[I0:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i32, i32)>
// CHECK-DAG: %[[I1:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(i32, i32)>
// CHECK-DAG: %[[J0:.*]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i32, i32)>
// CHECK-DAG: %[[J1:.*]] = llvm.extractvalue %arg1[1] : !llvm.struct<(i32, i32)>
// CHECK: %[[S0:.*]] = llvm.add %[[I0]], %[[J0]] : i32
// CHECK: %[[S1:.*]] = llvm.add %[[I1]], %[[J1]] : i32
// CHECK-DAG: %[[F0:.*]] = llvm.extractvalue %arg2[0] : !llvm.struct<(f32, f32)>
// CHECK-DAG: %[[F1:.*]] = llvm.extractvalue %arg2[1] : !llvm.struct<(f32, f32)>
// CHECK-DAG: %[[G0:.*]] = llvm.extractvalue %arg3[0] : !llvm.struct<(f32, f32)>
// CHECK-DAG: %[[G1:.*]] = llvm.extractvalue %arg3[1] : !llvm.struct<(f32, f32)>
// CHECK: %[[LT0:.*]] = llvm.fcmp "olt" %[[F0]], %[[G0]] : f32
// CHECK: %[[LT1:.*]] = llvm.fcmp "olt" %[[F1]], %[[G1]] : f32
// CHECK: %[[M0:.*]] = llvm.select %[[LT0]], %[[F0]], %[[G0]] : i1, f32
// CHECK: %[[M1:.*]] = llvm.select %[[LT1]], %[[F1]], %[[G1]] : i1, f32
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.call @__nv_expf(%[[F0]]) : (f32) -> f32
// CHECK: llvm.call @__nv_expf(%[[F1]]) : (f32) -> f32
// CHECK: llvm.fadd %[[F0]], %[[G0]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: llvm.fadd %[[F1]], %[[G1]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: llvm.select %arg5, %[[I0]], %[[S0]] : i1, i32
// CHECK: llvm.select %arg5, %[[I1]], %[[S1]] : i1, i32
// CHECK: llvm.sdiv
// CHECK: llvm.sdiv
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @ops(%i: tensor<64xi32, #b>, %j: tensor<64xi32, #b>, %f: tensor<64xf32, #b>, %g: tensor<64xf32, #b>, %h: tensor<64xf16, #b>, %c: i1) -> (tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xi32, #b>, tensor<64xi32, #b>) {
    %0 = arith.addi %i, %j : tensor<64xi32, #b>
    %lt = arith.cmpf olt, %f, %g : tensor<64xf32, #b>
    %1 = arith.select %lt, %f, %g : tensor<64xi1, #b>, tensor<64xf32, #b>
    %2 = arith.extf %h : tensor<64xf16, #b> to tensor<64xf32, #b>
    %3 = math.exp %f : tensor<64xf32, #b>
    %4 = arith.addf %f, %g fastmath<fast> : tensor<64xf32, #b>
    %5 = arith.select %c, %i, %0 : tensor<64xi32, #b>
    %6 = arith.floordivsi %i, %j : tensor<64xi32, #b>
    nv_tileaa.return %1, %2, %3, %4, %5, %6 : tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xf32, #b>, tensor<64xi32, #b>, tensor<64xi32, #b>
  }
}
