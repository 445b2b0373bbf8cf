// A reduce of several operands packs them into one integer per element
// (operand i at bit offset sum of the widths before it), reduces that with
// a combiner that unpacks both sides, runs the body and packs the result,
// and unpacks the result.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @argmax
  // CHECK: %[[VB:.*]] = arith.bitcast %[[V:.*]] : tensor<128xf32> to tensor<128xi32>
  // CHECK: %[[VW:.*]] = arith.extui %[[VB]] : tensor<128xi32> to tensor<128xi64>
  // CHECK: %[[IW:.*]] = arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
  // CHECK: %[[IS:.*]] = arith.shli %[[IW]], %{{.*}} : tensor<128xi64>
  // CHECK: %[[P:.*]] = arith.ori %[[VW]], %[[IS]] : tensor<128xi64>
  // CHECK: %[[R:.*]] = nv_tileaa.reduce %[[P]] {axis = 0 : i32} : tensor<128xi64> -> i64 {
  // CHECK: ^bb0(%[[L:.*]]: i64, %[[A:.*]]: i64):
  // CHECK:   arith.trunci %[[L]] : i64 to i32
  // CHECK:   arith.bitcast %{{.*}} : i32 to f32
  // CHECK:   arith.shrui %[[L]]
  // CHECK:   arith.cmpf ogt
  // CHECK:   arith.select
  // CHECK:   nv_tileaa.yield %{{.*}} : i64
  // CHECK: }
  // CHECK: %[[M:.*]] = arith.bitcast %{{.*}} : i32 to f32
  // CHECK: arith.shrui %[[R]], %{{.*}} : i64
  entry @argmax(%p: tile<ptr<f32>>, %q: tile<ptr<i32>>) {
    %v = constant <f32: 1.0> : tile<128xf32>
    %idx = iota : tile<128xi32>
    %m, %i = reduce %v, %idx dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<128xf32>, tile<128xi32> -> tile<f32>, tile<i32> (%xv: tile<f32>, %xa: tile<f32>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %xa : tile<f32> -> tile<i1>
      %bv = select %gt, %xv, %xa : tile<i1>, tile<f32>
      %bi = select %gt, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f32>, tile<i32>
    }
    %t0 = store_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %q, %i : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // A scan of two operands (running argmax) packs the same way into one
  // nv_tileaa.scan, keeping `reverse`.
  // CHECK-LABEL: nv_tileaa.func @scan_argmax
  // CHECK: %[[S:.*]] = nv_tileaa.scan %{{.*}} {axis = 0 : i32, reverse = true} : tensor<128xi64> -> tensor<128xi64> {
  // CHECK: ^bb0(%{{.*}}: i64, %{{.*}}: i64):
  // CHECK:   arith.cmpf ogt
  // CHECK:   nv_tileaa.yield %{{.*}} : i64
  // CHECK: }
  // CHECK: arith.trunci %[[S]] : tensor<128xi64> to tensor<128xi32>
  // CHECK: arith.shrui %[[S]], %{{.*}} : tensor<128xi64>
  entry @scan_argmax() {
    %v = constant <f32: 1.0> : tile<128xf32>
    %idx = iota : tile<128xi32>
    %m, %i = scan %v, %idx dim=0 reverse=true identities=[0xFF800000 : f32, 0 : i32] : tile<128xf32>, tile<128xi32> -> tile<128xf32>, tile<128xi32> (%xv: tile<f32>, %xa: tile<f32>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %xa : tile<f32> -> tile<i1>
      %bv = select %gt, %xv, %xa : tile<i1>, tile<f32>
      %bi = select %gt, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f32>, tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @wide() {
    %a = constant <i64: 1> : tile<8xi64>
    %b = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.reduce' op cannot be lowered to nv_tileaa: reductions and scans of several operands are supported up to 64 bits of elements together}}
    %x, %y = reduce %a, %b dim=0 identities=[0 : i64, 0 : i32] : tile<8xi64>, tile<8xi32> -> tile<i64>, tile<i32> (%p: tile<i64>, %q: tile<i64>, %r: tile<i32>, %s: tile<i32>) {
      yield %p, %r : tile<i64>, tile<i32>
    }
    return
  }
}
