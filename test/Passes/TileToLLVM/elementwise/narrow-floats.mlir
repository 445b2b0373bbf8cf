// RUN: tileiras-opt %s -split-input-file --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// f16 and bf16 with a rounding mode: the operands are exact in f32, the f32
// intrinsic of the mode computes, and the result is rounded to the narrow
// type once more in the same mode (correct: f32 has more than 2p+2 bits for
// round-to-nearest, and directed roundings onto nested grids compose).

// sm_75: cvt.rz.f16.f32 has no intrinsic there (inline PTX); bf16 directed
// rounding is done on the bits (truncate, step the magnitude up when bits
// were lost and the direction points away from zero, keep NaNs quiet); a
// bf16 fma without bf16 hardware rounds the f32 fma to odd (rz result with
// the last bit set when rm != rp) so that the final rounding is correct;
// ex2.approx.f16 exists, bf16 goes through f32.
// CHECK-LABEL: llvm.func @sm75(%arg0: f16, %arg1: bf16)
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[QNAN:.*]] = llvm.mlir.constant(64 : i16) : i16
// CHECK-DAG: %[[LOW:.*]] = llvm.mlir.constant(65535 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[H:.*]] = llvm.fpext %arg0 : f16 to f32
// CHECK: %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[H]], %[[H]])
// CHECK: %[[SH:.*]] = llvm.inline_asm "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[S]] : (f32) -> i16
// CHECK: llvm.bitcast %[[SH]] : i16 to f16
// CHECK: %[[P:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rn.f"(%[[H]], %[[H]])
// CHECK: llvm.fptrunc %[[P]] : f32 to f16
// CHECK: %[[B:.*]] = llvm.fpext %arg1 : bf16 to f32
// CHECK: %[[SUM:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rp.f"(%[[B]], %[[B]])
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[SUM]] : f32 to i32
// CHECK: %[[HI0:.*]] = llvm.lshr %[[BITS]], %[[C16]] : i32
// CHECK: %[[HI:.*]] = llvm.trunc %[[HI0]] : i32 to i16
// CHECK: %[[LOST0:.*]] = llvm.and %[[BITS]], %[[LOW]] : i32
// CHECK: %[[LOST:.*]] = llvm.icmp "ne" %[[LOST0]], %{{.*}} : i32
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[BITS]], %{{.*}} : i32
// CHECK: %[[POS:.*]] = llvm.xor %[[NEG]], %{{.*}} : i1
// CHECK: %[[UP:.*]] = llvm.and %[[LOST]], %[[POS]] : i1
// CHECK: %[[STEP:.*]] = llvm.zext %[[UP]] : i1 to i16
// CHECK: %[[ROUNDED:.*]] = llvm.add %[[HI]], %[[STEP]] : i16
// CHECK: %[[QUIET:.*]] = llvm.or %[[HI]], %[[QNAN]] : i16
// CHECK: %[[ISNAN:.*]] = llvm.fcmp "uno" %[[SUM]], %[[SUM]] : f32
// CHECK: %[[R:.*]] = llvm.select %[[ISNAN]], %[[QUIET]], %[[ROUNDED]] : i1, i16
// CHECK: llvm.bitcast %[[R]] : i16 to bf16
// CHECK: %[[DOWN:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rm.f"(%[[B]], %[[B]], %[[B]])
// CHECK: %[[UPV:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rp.f"(%[[B]], %[[B]], %[[B]])
// CHECK: %[[TZ:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rz.f"(%[[B]], %[[B]], %[[B]])
// CHECK: %[[INEXACT:.*]] = llvm.fcmp "une" %[[DOWN]], %[[UPV]] : f32
// CHECK: %[[TZB:.*]] = llvm.bitcast %[[TZ]] : f32 to i32
// CHECK: %[[ODDB:.*]] = llvm.or %[[TZB]], %[[ONE]] : i32
// CHECK: %[[ODD:.*]] = llvm.bitcast %[[ODDB]] : i32 to f32
// CHECK: %[[RTO:.*]] = llvm.select %[[INEXACT]], %[[ODD]], %[[TZ]] : i1, f32
// CHECK: llvm.fptrunc %[[RTO]] : f32 to bf16
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f16"(%arg0) : (f16) -> f16
// CHECK: %[[E:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[B]])
// CHECK: llvm.fptrunc %[[E]] : f32 to bf16

// sm_80: cvt.rz.f16.f32 / cvt.rz.bf16.f32 and bf16 fma have intrinsics.
// CHECK-LABEL: llvm.func @sm80(%arg0: f16, %arg1: bf16)
// CHECK: %[[H:.*]] = llvm.fpext %arg0 : f16 to f32
// CHECK: %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[H]], %[[H]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[S]]) : (f32) -> f16
// CHECK: llvm.intr.fma(%arg1, %arg1, %arg1) : (bf16, bf16, bf16) -> bf16
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rn.bf16"(%arg1, %arg1, %arg1)
// CHECK: %[[B:.*]] = llvm.fpext %arg1 : bf16 to f32
// CHECK: %[[NB:.*]] = llvm.fneg %[[B]] : f32
// CHECK: %[[D:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[B]], %[[NB]])
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2bf16.rz"(%[[D]]) : (f32) -> bf16
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rn.f16"(%arg0, %arg0, %arg0)
// An approximate f16 division: div.approx.f32, then round to nearest.
// CHECK: %[[Q:.*]] = llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%[[H]], %[[H]])
// CHECK: llvm.fptrunc %[[Q]] : f32 to f16

// sm_90: cvt.rm.bf16.f32 exists (inline PTX), and ex2.approx.ftz.bf16.
// CHECK-LABEL: llvm.func @sm90(%arg0: bf16)
// CHECK: %[[P:.*]] = llvm.call_intrinsic "llvm.nvvm.mul.rm.f"
// CHECK: llvm.inline_asm "cvt.rm.bf16.f32 $0, $1;", "=h,f" %[[P]] : (f32) -> i16
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.bf16"(%arg0) : (bf16) -> bf16
module attributes {nv_tileaa.target_spec = "sm_75"} {
  nv_tileaa.func @sm75(%h: f16, %b: bf16) -> (f16, f16, bf16, bf16, f16, bf16) {
    %0 = nv_tileaa.addf %h, %h {rounding_mode = #nv_tileaa.rounding<rz>} : f16
    %1 = nv_tileaa.mulf %h, %h {rounding_mode = #nv_tileaa.rounding<rn>} : f16
    %2 = nv_tileaa.addf %b, %b {rounding_mode = #nv_tileaa.rounding<rp>} : bf16
    %3 = nv_tileaa.fma %b, %b, %b : bf16
    %4 = nv_tileaa.exp2 %h {rounding_mode = #nv_tileaa.rounding<approx>} : f16
    %5 = nv_tileaa.exp2 %b {rounding_mode = #nv_tileaa.rounding<approx>} : bf16
    nv_tileaa.return %0, %1, %2, %3, %4, %5 : f16, f16, bf16, bf16, f16, bf16
  }
}
// -----
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @sm80(%h: f16, %b: bf16) -> (f16, bf16, bf16, bf16, f16, f16) {
    %0 = nv_tileaa.addf %h, %h {rounding_mode = #nv_tileaa.rounding<rz>} : f16
    %1 = nv_tileaa.fma %b, %b, %b : bf16
    %2 = nv_tileaa.fma %b, %b, %b {rounding_mode = #nv_tileaa.rounding<rn>} : bf16
    %3 = nv_tileaa.subf %b, %b {rounding_mode = #nv_tileaa.rounding<rz>} : bf16
    %4 = nv_tileaa.fma %h, %h, %h {rounding_mode = #nv_tileaa.rounding<rn>} : f16
    %5 = nv_tileaa.divf %h, %h {rounding_mode = #nv_tileaa.rounding<approx>} : f16
    nv_tileaa.return %0, %1, %2, %3, %4, %5 : f16, bf16, bf16, bf16, f16, f16
  }
}
// -----
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @sm90(%b: bf16) -> (bf16, bf16) {
    %0 = nv_tileaa.mulf %b, %b {rounding_mode = #nv_tileaa.rounding<rm>} : bf16
    %1 = nv_tileaa.exp2 %b {rounding_mode = #nv_tileaa.rounding<approx>} : bf16
    nv_tileaa.return %0, %1 : bf16, bf16
  }
}
