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

// Wider than 64 bits together (i64 and i32): the body runs on whole tiles.
// A reduce halves the reduced dimension, lower half first; the last step
// leaves extent 1, dropped by a view.
// CHECK-LABEL: nv_tileaa.func @wide
// CHECK: %[[A:.*]] = arith.constant dense<1> : tensor<8x4xi64>
// CHECK: %[[B:.*]] = arith.constant dense<2> : tensor<8x4xi32>
// CHECK: %[[AL:.*]] = nv_tileaa.extract_slice %[[A]] {offsets = array<i64: 0, 0>} : tensor<8x4xi64> -> tensor<8x2xi64>
// CHECK: %[[AU:.*]] = nv_tileaa.extract_slice %[[A]] {offsets = array<i64: 0, 2>} : tensor<8x4xi64> -> tensor<8x2xi64>
// CHECK: %[[BL:.*]] = nv_tileaa.extract_slice %[[B]] {offsets = array<i64: 0, 0>} : tensor<8x4xi32> -> tensor<8x2xi32>
// CHECK: %[[BU:.*]] = nv_tileaa.extract_slice %[[B]] {offsets = array<i64: 0, 2>} : tensor<8x4xi32> -> tensor<8x2xi32>
// CHECK: %[[C:.*]] = arith.constant 3 : i64
// CHECK: %[[CS:.*]] = nv_tileaa.splat %[[C]] : i64 -> tensor<8x2xi64>
// CHECK: %[[S:.*]] = arith.addi %[[AL]], %[[CS]] : tensor<8x2xi64>
// CHECK: %[[M:.*]] = arith.maxsi %[[BL]], %[[BU]] : tensor<8x2xi32>
// CHECK: nv_tileaa.extract_slice %[[S]] {offsets = array<i64: 0, 0>} : tensor<8x2xi64> -> tensor<8x1xi64>
// CHECK: nv_tileaa.extract_slice %[[M]] {offsets = array<i64: 0, 1>} : tensor<8x2xi32> -> tensor<8x1xi32>
// CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<8x1xi64>
// CHECK: %[[R:.*]] = arith.maxsi %{{.*}}, %{{.*}} : tensor<8x1xi32>
// CHECK: nv_tileaa.view %{{.*}} : tensor<8x1xi64> -> tensor<8xi64>
// CHECK: nv_tileaa.view %[[R]] : tensor<8x1xi32> -> tensor<8xi32>
// CHECK-NOT: nv_tileaa.reduce
//
// A 1-D reduce ends in a scalar: a reduce over the one element left.
// CHECK: nv_tileaa.reduce %{{.*}} {axis = 0 : i32} : tensor<1xi64> -> i64 {
// CHECK: ^bb0(%[[K:.*]]: i64, %{{.*}}: i64):
// CHECK:   nv_tileaa.yield %[[K]] : i64
//
// A scan views the dimension as (n / 2b, 2, b) for b = 1, 2, ...; the later
// block of each pair is combined with the earlier block's last element
// (reverse: the first element of the block after it) and the pair joined
// again.
// CHECK: %[[P:.*]] = nv_tileaa.view %{{.*}} : tensor<4xi64> -> tensor<1x2x2xi64>
// CHECK: %[[PL:.*]] = nv_tileaa.extract_slice %[[P]] {offsets = array<i64: 0, 0, 0>} : tensor<1x2x2xi64> -> tensor<1x1x2xi64>
// CHECK: %[[PU:.*]] = nv_tileaa.extract_slice %[[P]] {offsets = array<i64: 0, 1, 0>} : tensor<1x2x2xi64> -> tensor<1x1x2xi64>
// CHECK: %[[LAST:.*]] = nv_tileaa.extract_slice %[[PL]] {offsets = array<i64: 0, 0, 1>} : tensor<1x1x2xi64> -> tensor<1x1x1xi64>
// CHECK: %[[CARRY:.*]] = nv_tileaa.broadcast %[[LAST]] : tensor<1x1x1xi64> -> tensor<1x1x2xi64>
// CHECK: %[[SUM:.*]] = arith.addi %[[CARRY]], %[[PU]] : tensor<1x1x2xi64>
// CHECK: %[[J:.*]] = nv_tileaa.cat %[[PL]], %[[SUM]] {axis = 1 : i32} : tensor<1x1x2xi64>, tensor<1x1x2xi64> -> tensor<1x2x2xi64>
// CHECK: nv_tileaa.view %[[J]] : tensor<1x2x2xi64> -> tensor<4xi64>
// CHECK: %[[RP:.*]] = nv_tileaa.view %{{.*}} : tensor<4xi64> -> tensor<1x2x2xi64>
// CHECK: %[[RL:.*]] = nv_tileaa.extract_slice %[[RP]] {offsets = array<i64: 0, 0, 0>}
// CHECK: %[[RU:.*]] = nv_tileaa.extract_slice %[[RP]] {offsets = array<i64: 0, 1, 0>}
// CHECK: %[[FIRST:.*]] = nv_tileaa.extract_slice %[[RU]] {offsets = array<i64: 0, 0, 0>} : tensor<1x1x2xi64> -> tensor<1x1x1xi64>
// CHECK: %[[RC:.*]] = nv_tileaa.broadcast %[[FIRST]]
// CHECK: %[[RS:.*]] = arith.addi %[[RC]], %[[RL]] : tensor<1x1x2xi64>
// CHECK: nv_tileaa.cat %[[RS]], %[[RU]] {axis = 1 : i32}
cuda_tile.module @kernels {
  entry @wide() {
    %a = constant <i64: 1> : tile<8x4xi64>
    %b = constant <i32: 2> : tile<8x4xi32>
    %x, %y = reduce %a, %b dim=1 identities=[0 : i64, 0 : i32] : tile<8x4xi64>, tile<8x4xi32> -> tile<8xi64>, tile<8xi32> (%p: tile<i64>, %q: tile<i64>, %r: tile<i32>, %s: tile<i32>) {
      %c = constant <i64: 3> : tile<i64>
      %t = addi %p, %c : tile<i64>
      %m = maxi %r, %s signed : tile<i32>
      yield %t, %m : tile<i64>, tile<i32>
    }
    %c1 = constant <i64: 1> : tile<4xi64>
    %c2 = constant <i32: 2> : tile<4xi32>
    %u, %v = reduce %c1, %c2 dim=0 identities=[0 : i64, 0 : i32] : tile<4xi64>, tile<4xi32> -> tile<i64>, tile<i32> (%p: tile<i64>, %q: tile<i64>, %r: tile<i32>, %s: tile<i32>) {
      yield %p, %r : tile<i64>, tile<i32>
    }
    %e, %f = scan %c1, %c2 dim=0 reverse=false identities=[0 : i64, 0 : i32] : tile<4xi64>, tile<4xi32> -> tile<4xi64>, tile<4xi32> (%p: tile<i64>, %q: tile<i64>, %r: tile<i32>, %s: tile<i32>) {
      %t = addi %p, %q : tile<i64>
      yield %t, %r : tile<i64>, tile<i32>
    }
    %g, %h = scan %e, %f dim=0 reverse=true identities=[0 : i64, 0 : i32] : tile<4xi64>, tile<4xi32> -> tile<4xi64>, tile<4xi32> (%p: tile<i64>, %q: tile<i64>, %r: tile<i32>, %s: tile<i32>) {
      %t = addi %p, %q : tile<i64>
      yield %t, %r : tile<i64>, tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @wide_with_region() {
    %a = constant <f64: 1.0> : tile<8xf64>
    %b = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.reduce' op cannot be lowered to nv_tileaa: reductions and scans of several operands wider than 64 bits together need a body of ops on single elements without regions ('cuda_tile.if' is not one)}}
    %x, %y = reduce %a, %b dim=0 identities=[0.0 : f64, 0 : i32] : tile<8xf64>, tile<8xi32> -> tile<f64>, tile<i32> (%p: tile<f64>, %q: tile<f64>, %r: tile<i32>, %s: tile<i32>) {
      %c = cmpf greater_than ordered %p, %q : tile<f64> -> tile<i1>
      %m = if %c -> (tile<f64>) {
        yield %p : tile<f64>
      } else {
        yield %q : tile<f64>
      }
      yield %m, %r : tile<f64>, tile<i32>
    }
    return
  }
}
