// What the lowering of async_copy rejects, at the op: targets without
// cp.async, and copies narrower than 4 bytes (pointers not known to be
// contiguous and aligned).
// RUN: not tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' 2>&1 | FileCheck %s
// RUN: not tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_75' 2>&1 | FileCheck %s --check-prefix=SM75

// CHECK: async-copy-invalid.mlir:[[@LINE+10]]:3: error: 'nv_tileaa.async_copy' op copies 2 bytes per access, cp.async needs 4, 8 or 16 (nv_tileaa.assume can state that the addresses are contiguous and aligned)
// SM75: async-copy-invalid.mlir:[[@LINE+9]]:3: error: 'nv_tileaa.async_copy' op needs cp.async, which sm_75 lacks (sm_80+)
#blocked = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
nv_tileaa.func @narrow(%p: !nv_tileaa.ptr<f16>, %o: i32, %slot: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %offs = nv_tileaa.splat %o : i32 -> tensor<64x32xi32, #blocked>
  %base = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>, #blocked>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.async_copy %ptrs, %buf[%slot] : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked> -> !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.async_commit
  nv_tileaa.return
}
