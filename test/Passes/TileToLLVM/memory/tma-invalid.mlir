// What the TMA lowering rejects, at the op: a tma_load or tma_store whose
// tile TMA cannot move (rows of 8 bytes; tileaa-lower-tiled-memory never
// makes one, a hand-written module can), and a tma_load or tma_store that
// reaches the conversion to LLVM without tileaa-pipeline.
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_90a' --tileaa-assign-layouts --tileaa-pipeline 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_90a' --tileaa-assign-layouts --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefix=LLVM

// PIPE: tma-invalid.mlir:[[@LINE+3]]:8: error: 'nv_tileaa.tma_load' op tile cannot be loaded with TMA
// LLVM: tma-invalid.mlir:[[@LINE+2]]:8: error: 'nv_tileaa.tma_load' op must be given a shared buffer by tileaa-pipeline before the conversion to LLVM
nv_tileaa.func @load(%map: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 1 : i64, box = array<i64: 4, 4>, dims = [4, 4], element_type = f16, fill = "zero", strides = [4], swizzle = 0 : i64}}, %p: !nv_tileaa.ptr<f16>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %t = nv_tileaa.tma_load %map[%i, %i] : tensor<4x4xf16>
  %ptrs = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<4x4x!nv_tileaa.ptr<f16>>
  nv_tileaa.store %ptrs, %t : tensor<4x4x!nv_tileaa.ptr<f16>>, tensor<4x4xf16>
  nv_tileaa.return
}

// -----

// PIPE: tma-invalid.mlir:[[@LINE+5]]:3: error: 'nv_tileaa.tma_store' op tile cannot be stored with TMA
// LLVM: tma-invalid.mlir:[[@LINE+4]]:3: error: 'nv_tileaa.tma_store' op must be given a staging buffer by tileaa-pipeline before the conversion to LLVM
nv_tileaa.func @store(%map: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 1 : i64, box = array<i64: 4, 4>, dims = [4, 4], element_type = f16, fill = "zero", strides = [4], swizzle = 0 : i64}}, %p: !nv_tileaa.ptr<f16>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %ptrs = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<4x4x!nv_tileaa.ptr<f16>>
  %t = nv_tileaa.load %ptrs : tensor<4x4x!nv_tileaa.ptr<f16>> -> tensor<4x4xf16>
  nv_tileaa.tma_store %map[%i, %i], %t : tensor<4x4xf16>
  nv_tileaa.return
}
