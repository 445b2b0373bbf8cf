// RUN: tileiras-opt %s -split-input-file --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// fp_to_fp, element by element (tf32 travels as f32, FP8 as i8).

// CHECK-LABEL: llvm.func @sm75(%arg0: f32, %arg1: f64)
// CHECK-DAG: %[[QNAN:.*]] = llvm.mlir.constant(4194304 : i32) : i32
// CHECK-DAG: %[[HALF:.*]] = llvm.mlir.constant(4096 : i32) : i32
// CHECK-DAG: %[[KEEP:.*]] = llvm.mlir.constant(-8192 : i32) : i32
// Round to nearest: fptrunc (cvt.rn.f16.f32).
// CHECK: llvm.fptrunc %arg0 : f32 to f16
// Directed: cvt.rm.f16.f32 (no intrinsic).
// CHECK: llvm.inline_asm "cvt.rm.f16.f32 $0, $1;", "=h,f" %arg0 : (f32) -> i16
// f64 -> f16 rp: cvt.rp.f32.f64, then cvt.rp.f16.f32 (directed roundings
// onto nested grids compose).
// CHECK: %[[D:.*]] = llvm.call_intrinsic "llvm.nvvm.d2f.rp"(%arg1) : (f64) -> f32
// CHECK: llvm.inline_asm "cvt.rp.f16.f32 $0, $1;", "=h,f" %[[D]]
// tf32 without cvt.rna.tf32.f32 (sm_75): round half away on the bits,
// clear the 13 low mantissa bits, keep NaNs NaN.
// CHECK: %[[BITS:.*]] = llvm.bitcast %arg0 : f32 to i32
// CHECK: %[[UP:.*]] = llvm.add %[[BITS]], %[[HALF]] : i32
// CHECK: %[[RNA:.*]] = llvm.and %[[UP]], %[[KEEP]] : i32
// CHECK: %[[TRUNC:.*]] = llvm.and %[[BITS]], %[[KEEP]] : i32
// CHECK: %[[Q:.*]] = llvm.or %[[TRUNC]], %[[QNAN]] : i32
// CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %arg0, %arg0 : f32
// CHECK: llvm.select %[[NAN]], %[[Q]], %[[RNA]] : i1, i32
// CHECK: llvm.call_intrinsic "llvm.nvvm.d2f.rz"(%arg1) : (f64) -> f32
// tf32 -> f32 is the value itself.
// CHECK: llvm.return

// CHECK-LABEL: llvm.func @sm80(%arg0: f32, %arg1: f64, %arg2: bf16)
// CHECK: %[[T:.*]] = llvm.call_intrinsic "llvm.nvvm.f2tf32.rna"(%arg0) : (f32) -> i32
// CHECK: llvm.bitcast %[[T]] : i32 to f32
// f64 -> tf32: rounded to odd into f32 first (cvt.rz.f32.f64, last bit set
// when inexact), so that the tf32 rounding is the only one that counts.
// CHECK: %[[TZ:.*]] = llvm.call_intrinsic "llvm.nvvm.d2f.rz"(%arg1) : (f64) -> f32
// CHECK: %[[BACK:.*]] = llvm.fpext %[[TZ]] : f32 to f64
// CHECK: %[[INEXACT:.*]] = llvm.fcmp "une" %[[BACK]], %arg1 : f64
// CHECK: %[[TZB:.*]] = llvm.bitcast %[[TZ]] : f32 to i32
// CHECK: %[[ODDB:.*]] = llvm.or %[[TZB]], %{{.*}} : i32
// CHECK: %[[ODD:.*]] = llvm.bitcast %[[ODDB]] : i32 to f32
// CHECK: %[[RTO:.*]] = llvm.select %[[INEXACT]], %[[ODD]], %[[TZ]] : i1, f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2tf32.rna"(%[[RTO]])
// bf16 -> f16 rz: exact into f32, then cvt.rz.f16.f32.
// CHECK: %[[B:.*]] = llvm.fpext %arg2 : bf16 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2f16.rz"(%[[B]]) : (f32) -> f16
// CHECK: llvm.fpext %arg2 : bf16 to f64
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2bf16.rz"(%arg0) : (f32) -> bf16

// sm_90: cvt.rn/rz.tf32.f32 exist; rm/rp are done on the bits.
// CHECK-LABEL: llvm.func @sm90(%arg0: f32)
// CHECK: llvm.call_intrinsic "llvm.nvvm.f2tf32.rn"(%arg0) : (f32) -> i32
// CHECK: %[[BITS:.*]] = llvm.bitcast %arg0 : f32 to i32
// CHECK: %[[LOW:.*]] = llvm.and %[[BITS]], %{{.*}} : i32
// CHECK: %[[LOST:.*]] = llvm.icmp "ne" %[[LOW]], %{{.*}} : i32
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[BITS]], %{{.*}} : i32
// CHECK: %[[AWAY:.*]] = llvm.and %[[LOST]], %[[NEG]] : i1
// CHECK: %[[STEP:.*]] = llvm.select %[[AWAY]], %{{.*}}, %{{.*}} : i1, i32
// CHECK: %[[KEPT:.*]] = llvm.and %[[BITS]], %{{.*}} : i32
// CHECK: llvm.add %[[KEPT]], %[[STEP]] : i32

// FP8 (sm_89): the conversions work on register pairs. For f32 the first
// operand of cvt.rn.satfinite.e4m3x2.f32 becomes the high byte, so
// registers (0, 1) go in as (1, 0); f16 pairs travel as <2 x f16>
// (element 0 = low byte); FP8 -> anything goes through f16 (exact); f64
// is rounded to odd into f32 first; a lone scalar is paired with 0.0.
// CHECK-LABEL: llvm.func @fp8(
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i16) : i16
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[P0:.*]] = llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%[[X1]], %[[X0]]) : (f32, f32) -> i16
// CHECK: %[[LO0:.*]] = llvm.trunc %[[P0]] : i16 to i8
// CHECK: %[[SH0:.*]] = llvm.lshr %[[P0]], %[[C8]] : i16
// CHECK: %[[HI0:.*]] = llvm.trunc %[[SH0]] : i16 to i8
// CHECK: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"
// CHECK: %[[H0:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[H1:.*]] = llvm.extractvalue %arg1[1]
// CHECK: %[[V0:.*]] = llvm.insertelement %[[H0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[V1:.*]] = llvm.insertelement %[[H1]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e5m2x2.rn"(%[[V1]]) : (vector<2xf16>) -> i16
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg2[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg2[1]
// CHECK: %[[Z0:.*]] = llvm.zext %[[E0]] : i8 to i16
// CHECK: %[[Z1:.*]] = llvm.zext %[[E1]] : i8 to i16
// CHECK: %[[S1:.*]] = llvm.shl %[[Z1]], %[[C8]] : i16
// CHECK: %[[PAIR:.*]] = llvm.or %[[Z0]], %[[S1]] : i16
// CHECK: %[[F16S:.*]] = llvm.call_intrinsic "llvm.nvvm.e4m3x2.to.f16x2.rn"(%[[PAIR]]) : (i16) -> vector<2xf16>
// CHECK: %[[F0:.*]] = llvm.extractelement %[[F16S]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.fpext %[[F0]] : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.f16x2.to.e5m2x2.rn"
// CHECK: %[[DZ:.*]] = llvm.call_intrinsic "llvm.nvvm.d2f.rz"(%arg3)
// CHECK: %[[DO:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[DZ]] : i1, f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"(%[[ZERO]], %[[DO]]) : (f32, f32) -> i16
module attributes {nv_tileaa.target_spec = "sm_75"} {
  nv_tileaa.func @sm75(%x: f32, %d: f64) -> (f16, f16, f16, tf32, f32, f32) {
    %0 = nv_tileaa.fp_to_fp %x : f32 -> f16
    %1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : f32 -> f16
    %2 = nv_tileaa.fp_to_fp %d {rounding_mode = #nv_tileaa.rounding<rp>} : f64 -> f16
    %3 = nv_tileaa.fp_to_fp %x : f32 -> tf32
    %4 = nv_tileaa.fp_to_fp %d {rounding_mode = #nv_tileaa.rounding<rz>} : f64 -> f32
    %5 = nv_tileaa.fp_to_fp %3 : tf32 -> f32
    nv_tileaa.return %0, %1, %2, %3, %4, %5 : f16, f16, f16, tf32, f32, f32
  }
}
// -----
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @sm80(%x: f32, %d: f64, %b: bf16) -> (tf32, tf32, f16, f64, bf16) {
    %0 = nv_tileaa.fp_to_fp %x : f32 -> tf32
    %1 = nv_tileaa.fp_to_fp %d : f64 -> tf32
    %2 = nv_tileaa.fp_to_fp %b {rounding_mode = #nv_tileaa.rounding<rz>} : bf16 -> f16
    %3 = nv_tileaa.fp_to_fp %b : bf16 -> f64
    %4 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : f32 -> bf16
    nv_tileaa.return %0, %1, %2, %3, %4 : tf32, tf32, f16, f64, bf16
  }
}
// -----
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @sm90(%x: f32) -> (tf32, tf32) {
    %0 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : f32 -> tf32
    %1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : f32 -> tf32
    nv_tileaa.return %0, %1 : tf32, tf32
  }
}
// -----
#b = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_89"} {
  nv_tileaa.func @fp8(%x: tensor<128xf32, #b>, %h: tensor<128xf16, #b>, %e: tensor<128xf8E4M3FN, #b>, %d: f64) -> (tensor<128xf8E4M3FN, #b>, tensor<128xf8E5M2, #b>, tensor<128xf32, #b>, tensor<128xf8E5M2, #b>, f8E4M3FN) {
    %0 = nv_tileaa.fp_to_fp %x : tensor<128xf32, #b> -> tensor<128xf8E4M3FN, #b>
    %1 = nv_tileaa.fp_to_fp %h : tensor<128xf16, #b> -> tensor<128xf8E5M2, #b>
    %2 = nv_tileaa.fp_to_fp %e : tensor<128xf8E4M3FN, #b> -> tensor<128xf32, #b>
    %3 = nv_tileaa.fp_to_fp %e : tensor<128xf8E4M3FN, #b> -> tensor<128xf8E5M2, #b>
    %4 = nv_tileaa.fp_to_fp %d : f64 -> f8E4M3FN
    nv_tileaa.return %0, %1, %2, %3, %4 : tensor<128xf8E4M3FN, #b>, tensor<128xf8E5M2, #b>, tensor<128xf32, #b>, tensor<128xf8E5M2, #b>, f8E4M3FN
  }
}
