// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Explicit rounding modes become the NVVM intrinsics of that mode (which
// LLVM never rewrites and --fmad never contracts); subf is addf of the
// negated operand (exact in every mode). Without a mode the plain LLVM
// operation carries the fast-math flags.

// The libdevice function f64 exp2 calls is declared once, up front.
// CHECK: llvm.func @__nv_exp2(f64) -> f64

// CHECK-LABEL: llvm.func @f32_ops(%arg0: f32, %arg1: f32, %arg2: f32)
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: %[[NEG:.*]] = llvm.fneg %arg1 : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.f"(%arg0, %[[NEG]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rp.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rn.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rz.f"(%arg0, %arg1, %arg2)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rp.f"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%arg0)

// f64: the .d intrinsics; rsqrt.approx exists for f64, exp2 has no f64
// approximation and calls libdevice.
// CHECK-LABEL: llvm.func @f64_ops(%arg0: f64, %arg1: f64, %arg2: f64)
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rn.d"(%arg0, %arg1) : (f64, f64) -> f64
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rz.d"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rm.d"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rp.d"(%arg0, %arg1, %arg2)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rz.d"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.d"(%arg0)
// CHECK: llvm.call @__nv_exp2(%arg0) : (f64) -> f64

// CHECK-LABEL: llvm.func @defaults(%arg0: f32, %arg1: f32, %arg2: f32)
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: llvm.fadd %arg0, %arg1 : f32
// CHECK: llvm.fsub %arg0, %arg1 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
// CHECK: llvm.fmul %arg0, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: llvm.fdiv %arg0, %arg1 {fastmathFlags = #llvm.fastmath<arcp>} : f32
// CHECK: llvm.intr.fma(%arg0, %arg1, %arg2) {fastmathFlags = #llvm.fastmath<contract>}
// CHECK: llvm.intr.sqrt(%arg0) {fastmathFlags = #llvm.fastmath<afn>}
// rsqrt without a mode: a correctly rounded square root and division.
// CHECK: %[[ROOT:.*]] = llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK: llvm.fdiv %[[ONE]], %[[ROOT]] : f32
// CHECK: llvm.intr.exp2(%arg0) : (f32) -> f32
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return

// Tiles: the same code once per register, packed in register order.
// CHECK-LABEL: llvm.func @tile(
// CHECK: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// CHECK: %[[R0:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rz.f"(%[[A0]], %[[B0]])
// CHECK: %[[R1:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rz.f"(%[[A1]], %[[B1]])
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
#b = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @f32_ops(%x: f32, %y: f32, %z: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    %0 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : f32
    %1 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : f32
    %2 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : f32
    %3 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : f32
    %4 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<approx>} : f32
    %5 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<full>} : f32
    %6 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rz>} : f32
    %7 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rp>} : f32
    %8 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
    %9 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
    %10 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
    %11 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : f32
    nv_tileaa.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
  nv_tileaa.func @f64_ops(%x: f64, %y: f64, %z: f64) -> (f64, f64, f64, f64, f64, f64, f64) {
    %0 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : f64
    %1 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : f64
    %2 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : f64
    %3 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rp>} : f64
    %4 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rz>} : f64
    %5 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : f64
    %6 = nv_tileaa.exp2 %x : f64
    nv_tileaa.return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f64, f64, f64, f64, f64
  }
  nv_tileaa.func @defaults(%x: f32, %y: f32, %z: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
    %0 = nv_tileaa.addf %x, %y : f32
    %1 = nv_tileaa.subf %x, %y {fastmath = #nv_tileaa.fastmath<nnan,ninf>} : f32
    %2 = nv_tileaa.mulf %x, %y {fastmath = #nv_tileaa.fastmath<fast>} : f32
    %3 = nv_tileaa.divf %x, %y {fastmath = #nv_tileaa.fastmath<arcp>} : f32
    %4 = nv_tileaa.fma %x, %y, %z {fastmath = #nv_tileaa.fastmath<contract>} : f32
    %5 = nv_tileaa.sqrt %x {fastmath = #nv_tileaa.fastmath<afn>} : f32
    %6 = nv_tileaa.rsqrt %x : f32
    %7 = nv_tileaa.exp2 %x : f32
    nv_tileaa.return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
  }
  nv_tileaa.func @tile(%x: tensor<64xf32, #b>, %y: tensor<64xf32, #b>) -> tensor<64xf32, #b> {
    %r = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<64xf32, #b>
    nv_tileaa.return %r : tensor<64xf32, #b>
  }
}
