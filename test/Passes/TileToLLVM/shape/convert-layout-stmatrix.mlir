// A 16-bit tile in the mma.sync accumulator layout (two consecutive
// elements per row of each 8x8 block) converted to rows of 8 elements per
// thread: on sm_90a the swizzled round trip stores it with two
// stmatrix.x4 (ldmatrix's inverse, the same plan read the other way), on
// sm_80 with eight 4-byte stores; both read it back with two 16-byte loads.
// test/unit/ReduceScanDot (ConvertLayout.*) checks the values on both.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' 2>/dev/null | FileCheck %s --check-prefix=SM90
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' 2>/dev/null | FileCheck %s --check-prefix=SM80
// RUN: tileiras --gpu-name=sm_90a %s -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-verify sm_90a %t.ptx

// SM90-LABEL: llvm.func @epilogue
// SM90: nvvm.barrier0
// SM90-COUNT-2: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// SM90-NOT: llvm.store
// SM90: nvvm.barrier0
// SM90-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>

// SM80-LABEL: llvm.func @epilogue
// SM80-NOT: nvvm.stmatrix
// SM80-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// SM80-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>

// PTX-COUNT-2: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-COUNT-2: ld.shared.v4.b32
#a = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#b = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
nv_tileaa.func @epilogue(%x: tensor<32x64xf16, #a>) -> tensor<32x64xf16, #b> {
  %r = nv_tileaa.convert_layout %x : tensor<32x64xf16, #a> -> tensor<32x64xf16, #b>
  nv_tileaa.return %r : tensor<32x64xf16, #b>
}
