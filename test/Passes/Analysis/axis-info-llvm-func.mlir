// After convert-nv-tile-func-to-llvm, pointer arguments are !llvm.ptr
// arguments of an llvm.func cast back to !nv_tileaa.ptr; the analysis (which
// convert-tileaa-to-llvm runs on exactly this IR) keeps their alignment:
// `llvm.align` when present, 16 for kernels, the element size otherwise.
// RUN: tileiras-opt %s --tileaa-resolve-target --convert-nv-tile-func-to-llvm --test-tileaa-axis-info -o /dev/null 2>&1 | FileCheck %s

// CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+2]]:24: remark: contiguity = [1], divisibility = [16], constancy = [1]
// CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:49: remark: contiguity = [1], divisibility = [64], constancy = [1]
nv_tileaa.func @kernel(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f16> {llvm.align = 64 : i64}) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:8: remark: contiguity = [128], divisibility = [1073741824], constancy = [1]
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:9: remark: contiguity = [1], divisibility = [16], constancy = [128]
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  // CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:9: remark: contiguity = [128], divisibility = [16], constancy = [1]
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  // CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:9: remark: contiguity = [1], divisibility = [64], constancy = [128]
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<128x!nv_tileaa.ptr<f16>>
  nv_tileaa.return
}

// CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:24: remark: contiguity = [1], divisibility = [4], constancy = [1]
nv_tileaa.func @device(%a: !nv_tileaa.ptr<f32>) {
  // CHECK-DAG: axis-info-llvm-func.mlir:[[@LINE+1]]:9: remark: contiguity = [1], divisibility = [4], constancy = [128]
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  nv_tileaa.return
}
