// Rounding modes and flush_to_zero: nv_tileaa's rounding_mode and ftz;
// maxf/minf flush their result; directed itof rounds once from f64 (from
// i64: rounds to nearest and corrects).
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s
// RUN: tileiras --gpu-name=sm_90a --emit=mlir %s -o - | FileCheck %s --check-prefix=LLVM

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @float_modes
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<128xf32>
  // CHECK: nv_tileaa.subf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<128xf32>
  // CHECK: nv_tileaa.mulf %{{.*}}, %{{.*}} {ftz, rounding_mode = #nv_tileaa.rounding<rp>} : tensor<128xf32>
  // CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<128xf32>
  // CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {ftz, rounding_mode = #nv_tileaa.rounding<full>} : tensor<128xf32>
  // CHECK: nv_tileaa.fma %{{.*}}, %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<128xf64>
  // CHECK: nv_tileaa.sqrt %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<128xf32>
  // CHECK: nv_tileaa.rsqrt %{{.*}} {ftz} : tensor<128xf32>
  // CHECK: nv_tileaa.exp2 %{{.*}} {ftz} : tensor<128xf32>
  // nearest_even is the default: no attribute.
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} : tensor<128xf32>
  // LLVM-LABEL: llvm.func @float_modes
  // LLVM: llvm.call_intrinsic "llvm.nvvm.add.rz.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.mul.rp.ftz.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.div.approx.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.div.full.ftz"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.fma.rz.d"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.ftz.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.div.rn.ftz.f"
  // LLVM: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"
  entry @float_modes(%p: tile<ptr<f32>>, %q: tile<ptr<f64>>, %x: tile<f32>,
                     %y: tile<f64>) {
    %x1 = reshape %x : tile<f32> -> tile<1xf32>
    %a = broadcast %x1 : tile<1xf32> -> tile<128xf32>
    %y1 = reshape %y : tile<f64> -> tile<1xf64>
    %d = broadcast %y1 : tile<1xf64> -> tile<128xf64>
    %r0 = addf %a, %a rounding<zero> : tile<128xf32>
    %r1 = subf %r0, %a rounding<negative_inf> : tile<128xf32>
    %r2 = mulf %r1, %a rounding<positive_inf> flush_to_zero : tile<128xf32>
    %r3 = divf %r2, %a rounding<approx> : tile<128xf32>
    %r4 = divf %r3, %a rounding<full> flush_to_zero : tile<128xf32>
    %r5 = fma %d, %d, %d rounding<zero> : tile<128xf64>
    %r6 = sqrt %r4 rounding<approx> : tile<128xf32>
    %r7 = rsqrt %r6 flush_to_zero : tile<128xf32>
    %r8 = exp2 %r7 flush_to_zero : tile<128xf32>
    %r9 = addf %r8, %a rounding<nearest_even> : tile<128xf32>
    %pr = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %pr : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %i = iota : tile<128xi32>
    %ps = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t0 = store_ptr_tko weak %ps, %r9 : tile<128xptr<f32>>, tile<128xf32> -> token
    %qr = reshape %q : tile<ptr<f64>> -> tile<1xptr<f64>>
    %qb = broadcast %qr : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %qs = offset %qb, %i : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %t1 = store_ptr_tko weak %qs, %r5 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }

  // maxf flush_to_zero: |r| < 2^-126 becomes the zero of r's sign.
  // CHECK-LABEL: nv_tileaa.func @max_ftz
  // CHECK: %[[M:.*]] = arith.maxnumf %{{.*}}, %{{.*}} : tensor<8xf32>
  // CHECK: %[[ABS:.*]] = math.absf %[[M]]
  // CHECK: %[[TINY:.*]] = arith.cmpf olt, %[[ABS]], %{{.*}} : tensor<8xf32>
  // CHECK: %[[BITS:.*]] = arith.bitcast %[[M]] : tensor<8xf32> to tensor<8xi32>
  // CHECK: %[[SIGN:.*]] = arith.andi %[[BITS]], %{{.*}} : tensor<8xi32>
  // CHECK: %[[ZERO:.*]] = arith.bitcast %[[SIGN]] : tensor<8xi32> to tensor<8xf32>
  // CHECK: arith.select %[[TINY]], %[[ZERO]], %[[M]]
  // CHECK: arith.minimumf
  // CHECK: math.absf
  entry @max_ftz(%x: tile<f32>) {
    %a = reshape %x : tile<f32> -> tile<1xf32>
    %b = broadcast %a : tile<1xf32> -> tile<8xf32>
    %m = maxf %b, %b flush_to_zero : tile<8xf32>
    %n = minf %m, %b propagate_nan flush_to_zero : tile<8xf32>
    return
  }

  // itof with a directed rounding: exact in f64, rounded once by fp_to_fp;
  // into f64 (exact) and with the default mode: sitofp/uitofp alone.
  // CHECK-LABEL: nv_tileaa.func @itof_modes
  // CHECK: %[[W:.*]] = arith.sitofp %{{.*}} : tensor<8xi32> to tensor<8xf64>
  // CHECK: nv_tileaa.fp_to_fp %[[W]] {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<8xf64> -> tensor<8xf32>
  // CHECK: %[[U:.*]] = arith.uitofp %{{.*}} : tensor<8xi16> to tensor<8xf64>
  // CHECK: nv_tileaa.fp_to_fp %[[U]] {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<8xf64> -> tensor<8xf16>
  // CHECK: arith.sitofp %{{.*}} : tensor<8xi32> to tensor<8xf64>
  // CHECK-NOT: fp_to_fp
  // CHECK: arith.sitofp %{{.*}} : tensor<8xi32> to tensor<8xf32>
  entry @itof_modes(%x: tile<i32>) {
    %a = reshape %x : tile<i32> -> tile<1xi32>
    %b = broadcast %a : tile<1xi32> -> tile<8xi32>
    %h = trunci %b : tile<8xi32> -> tile<8xi16>
    %r0 = itof %b signed rounding<zero> : tile<8xi32> -> tile<8xf32>
    %r1 = itof %h unsigned rounding<positive_inf> : tile<8xi16> -> tile<8xf16>
    %r2 = itof %b signed rounding<negative_inf> : tile<8xi32> -> tile<8xf64>
    %r3 = itof %b signed : tile<8xi32> -> tile<8xf32>
    return
  }

  // From i64 a directed itof rounds to nearest and steps the result's bits
  // by one where that went the wrong way, judged by converting it back
  // (kept away from values past the integer range). rz: back > x for
  // x >= 0, back < x for x < 0, bits - 1.
  // CHECK-LABEL: nv_tileaa.func @itof_i64
  // CHECK: %[[N:.*]] = arith.sitofp %[[X:.*]] : tensor<8xi64> to tensor<8xf32>
  // CHECK: %[[OVER:.*]] = arith.cmpf oge, %[[N]], %{{.*}} : tensor<8xf32>
  // CHECK: %[[UNDER:.*]] = arith.cmpf olt, %[[N]], %{{.*}} : tensor<8xf32>
  // CHECK: %[[OUT:.*]] = arith.ori %[[OVER]], %[[UNDER]]
  // CHECK: %[[SAFE:.*]] = arith.select %[[OUT]], %{{.*}}, %[[N]]
  // CHECK: %[[BACK:.*]] = arith.fptosi %[[SAFE]] : tensor<8xf32> to tensor<8xi64>
  // CHECK: %[[GT:.*]] = arith.cmpi sgt, %[[BACK]], %[[X]]
  // CHECK: %[[ABOVE:.*]] = arith.select %[[OUT]], %[[OVER]], %[[GT]]
  // CHECK: %[[LT:.*]] = arith.cmpi slt, %[[BACK]], %[[X]]
  // CHECK: %[[BELOW:.*]] = arith.select %[[OUT]], %[[UNDER]], %[[LT]]
  // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[X]], %{{.*}} : tensor<8xi64>
  // CHECK: %[[WRONG:.*]] = arith.select %[[NEG]], %[[BELOW]], %[[ABOVE]]
  // CHECK: %[[BITS:.*]] = arith.bitcast %[[N]] : tensor<8xf32> to tensor<8xi32>
  // CHECK: %[[STEP:.*]] = arith.addi %[[BITS]], %{{.*}} : tensor<8xi32>
  // CHECK: %[[PICK:.*]] = arith.select %[[WRONG]], %[[STEP]], %[[BITS]]
  // CHECK: arith.bitcast %[[PICK]] : tensor<8xi32> to tensor<8xf32>
  // f16 cannot hold -2^63: -infinity counts as below every input.
  // CHECK: arith.uitofp %{{.*}} : tensor<8xi64> to tensor<8xf16>
  // CHECK: arith.sitofp %{{.*}} : tensor<8xi64> to tensor<8xf16>
  // CHECK: arith.cmpf oge, %{{.*}}, %{{.*}} : tensor<8xf16>
  // CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} : tensor<8xf16>
  entry @itof_i64(%x: tile<i64>) {
    %a = reshape %x : tile<i64> -> tile<1xi64>
    %b = broadcast %a : tile<1xi64> -> tile<8xi64>
    %r0 = itof %b signed rounding<zero> : tile<8xi64> -> tile<8xf32>
    %r1 = itof %b unsigned rounding<positive_inf> : tile<8xi64> -> tile<8xf16>
    %r2 = itof %b signed rounding<negative_inf> : tile<8xi64> -> tile<8xf16>
    return
  }
}
