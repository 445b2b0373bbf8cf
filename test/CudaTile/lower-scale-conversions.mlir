// Conversions to f8E8M0FNU scales (the scales of mmaf_scaled, computed in
// the kernel) and ftoi from them, in integer operations on the bits:
// * ftof from f16/bf16/f32 widens to f64 (exact), takes the biased
//   exponent - 896 (floor(log2 x) + 127), adds 1 where the mantissa is not
//   zero (positive_inf) or at least one half (itof's nearest_even: ties go
//   up); below 2^-127 (zeros too) is byte 0, past 2^127 0xFE toward zero
//   and NaN otherwise; NaN, infinities and negative values give 0xFF;
// * itof from 64 bits converts to f64 rounding toward zero (or toward
//   +infinity for positive_inf) first, from 32 bits exactly;
// * ftoi from scales converts their exact f32 values.
// The simulator checks the values (test/Sim/cuda-tile-control-*.test,
// case scale_encode).
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @k
// CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : tensor<4xf32> to tensor<4xf64>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[WIDE]] : tensor<4xf64> to tensor<4xi64>
// CHECK: %[[SHIFTED:.*]] = arith.shrui %[[BITS]], %{{.*}} : tensor<4xi64>
// CHECK: %[[EXP:.*]] = arith.andi %[[SHIFTED]], %{{.*}} : tensor<4xi64>
// CHECK: %[[MANT:.*]] = arith.andi %[[BITS]], %{{.*}} : tensor<4xi64>
// CHECK: %[[CODE:.*]] = arith.subi %[[EXP]], %{{.*}} : tensor<4xi64>
// CHECK: %[[INEXACT:.*]] = arith.cmpi ne, %[[MANT]], %{{.*}} : tensor<4xi64>
// CHECK: %[[UP:.*]] = arith.extui %[[INEXACT]] : tensor<4xi1> to tensor<4xi64>
// CHECK: arith.addi %[[CODE]], %[[UP]] : tensor<4xi64>
// CHECK: %[[OVER:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: arith.select %[[OVER]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xi64>
// CHECK: %[[BYTES:.*]] = arith.trunci %{{.*}} : tensor<4xi64> to tensor<4xi8>
// CHECK: arith.bitcast %[[BYTES]] : tensor<4xi8> to tensor<4xf8E8M0FNU>
// rounding<zero> from f16: no rounding up.
// CHECK: arith.extf %{{.*}} : tensor<4xf16> to tensor<4xf64>
// CHECK: arith.subi
// CHECK-NOT: arith.addi
// CHECK: arith.bitcast %{{.*}} : tensor<4xi8> to tensor<4xf8E8M0FNU>
// itof from i64, nearest_even: toward zero to f64 (the nearest conversion
// corrected), then up from half a mantissa.
// CHECK: arith.uitofp %{{.*}} : tensor<4xi64> to tensor<4xf64>
// CHECK: arith.fptoui
// CHECK: arith.subi
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: arith.bitcast %{{.*}} : tensor<4xi8> to tensor<4xf8E8M0FNU>
// itof from i32 (exact), positive_inf.
// CHECK: arith.sitofp %{{.*}} : tensor<4xi32> to tensor<4xf64>
// CHECK-NOT: arith.fptosi
// CHECK: arith.cmpi ne
// CHECK: arith.bitcast %{{.*}} : tensor<4xi8> to tensor<4xf8E8M0FNU>
// ftoi: the decoded f32 (byte << 23, 0 -> 2^-127, 0xFF -> NaN), then fptosi.
// CHECK: arith.shli %{{.*}}, %{{.*}} : tensor<4xi32>
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : tensor<4xi32> to tensor<4xf32>
// CHECK: arith.fptosi %[[F]] : tensor<4xf32> to tensor<4xi32>
cuda_tile.module @kernels {
  entry @k() {
    %f = constant <f32: [1.0, 1.5, 3.0, 0.0]> : tile<4xf32>
    %up = ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %h = constant <f16: [1.0, 1.5, 3.0, 0.0]> : tile<4xf16>
    %dn = ftof %h rounding<zero> : tile<4xf16> -> tile<4xf8E8M0FNU>
    %i = constant <i64: [1, 2, 3, 4]> : tile<4xi64>
    %ne = itof %i unsigned : tile<4xi64> -> tile<4xf8E8M0FNU>
    %j = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %pi = itof %j signed rounding<positive_inf> : tile<4xi32> -> tile<4xf8E8M0FNU>
    %n = ftoi %up signed : tile<4xf8E8M0FNU> -> tile<4xi32>
    return
  }
}
