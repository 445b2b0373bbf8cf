// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// clampf: min(max(x, lo), hi) with maxnum/minnum (a NaN bound is ignored)
// and a NaN x passed through.
// CHECK-LABEL: llvm.func @clamp(%arg0: f32, %arg1: f32, %arg2: f32)
// CHECK: %[[LO:.*]] = llvm.intr.maxnum(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<nsz>} : (f32, f32) -> f32
// CHECK: %[[BOTH:.*]] = llvm.intr.minnum(%[[LO]], %arg2) {fastmathFlags = #llvm.fastmath<nsz>} : (f32, f32) -> f32
// CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %arg0, %arg0 {fastmathFlags = #llvm.fastmath<nsz>} : f32
// CHECK: llvm.select %[[NAN]], %arg0, %[[BOTH]] : i1, f32

// mulhiui: the high half of the double-width unsigned product (becomes
// mul.hi.u32 / mul.hi.u64).
// CHECK-LABEL: llvm.func @mulhi(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: i64)
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i128) : i128
// CHECK: %[[A:.*]] = llvm.zext %arg0 : i32 to i64
// CHECK: %[[B:.*]] = llvm.zext %arg1 : i32 to i64
// CHECK: %[[P:.*]] = llvm.mul %[[A]], %[[B]] : i64
// CHECK: %[[H:.*]] = llvm.lshr %[[P]], %[[C32]] : i64
// CHECK: llvm.trunc %[[H]] : i64 to i32
// CHECK: %[[WA:.*]] = llvm.zext %arg2 : i64 to i128
// CHECK: %[[WB:.*]] = llvm.zext %arg3 : i64 to i128
// CHECK: %[[WP:.*]] = llvm.mul %[[WA]], %[[WB]] : i128
// CHECK: %[[WH:.*]] = llvm.lshr %[[WP]], %[[C64]] : i128
// CHECK: llvm.trunc %[[WH]] : i128 to i64

// math.ipowi has no upstream lowering: square-and-multiply over the
// exponent bits without branches (7 squarings for i8), then the negative
// exponents (1 for base 1, +-1 for base -1, else 0).
// CHECK-LABEL: llvm.func @ipowi(%arg0: i8, %arg1: i8)
// CHECK-COUNT-7: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
// CHECK: %[[NEGP:.*]] = llvm.icmp "slt" %arg1, %{{.*}} : i8
// CHECK: llvm.select %[[NEGP]]
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @clamp(%x: f32, %lo: f32, %hi: f32) -> f32 {
    %r = nv_tileaa.clampf %x, %lo, %hi {fastmath = #nv_tileaa.fastmath<nsz>} : f32
    nv_tileaa.return %r : f32
  }
  nv_tileaa.func @mulhi(%a: i32, %b: i32, %c: i64, %d: i64) -> (i32, i64) {
    %r = nv_tileaa.mulhiui %a, %b : i32
    %s = nv_tileaa.mulhiui %c, %d : i64
    nv_tileaa.return %r, %s : i32, i64
  }
  nv_tileaa.func @ipowi(%b: i8, %p: i8) -> i8 {
    %r = math.ipowi %b, %p : i8
    nv_tileaa.return %r : i8
  }
}
