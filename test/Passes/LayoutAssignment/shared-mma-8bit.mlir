// Which instruction an 8-bit dot whose operands are loaded for it takes
// on the targets with wgmma and tcgen05.mma (nv_tileaa.dot_path):
// wgmma k32 on sm_90a only when A and B are contiguous along K in memory
// (wgmma reads 8-bit operands K-major only; an N-contiguous B or an
// M-contiguous A keeps mma.sync, with the reason); tcgen05.mma kind::f8f6f4 / kind::i8 on sm_100a with
// either B; sm_103a has no kind::i8 (the legality layer's message).
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM90A
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM100A
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_103a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM103A

// SM90A-LABEL: nv_tileaa.func @i8_k_contiguous
// SM90A: nv_tileaa.dot_path = "wgmma.m64n128k32 i8"
// SM100A-LABEL: nv_tileaa.func @i8_k_contiguous
// SM100A: nv_tileaa.dot_path = "tcgen05.mma.m128n128k32 i8"
// SM103A-LABEL: nv_tileaa.func @i8_k_contiguous
// SM103A: nv_tileaa.dot_path = "mma.sync.m16n8k32 i8 (not tcgen05: tcgen05.mma with kind::i8 requires sm_100a or sm_110a; the target is sm_103a
nv_tileaa.func @i8_k_contiguous(%pa: !nv_tileaa.ptr<i8>, %pb: !nv_tileaa.ptr<i8>, %c: tensor<128x128xi32>) -> tensor<128x128xi32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<128x64xi32>
  %m2 = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %k2 = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %mb = nv_tileaa.broadcast %m2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %kb = nv_tileaa.broadcast %k2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %rows = arith.muli %mb, %c64 : tensor<128x64xi32>
  %offs = arith.addi %rows, %kb : tensor<128x64xi32>
  %sa = nv_tileaa.splat %pa : !nv_tileaa.ptr<i8> -> tensor<128x64x!nv_tileaa.ptr<i8>>
  %ptra = nv_tileaa.addptr %sa, %offs : tensor<128x64x!nv_tileaa.ptr<i8>>, tensor<128x64xi32>
  %a = nv_tileaa.load %ptra : tensor<128x64x!nv_tileaa.ptr<i8>> -> tensor<128x64xi8>
  // B (64 x 128) at b + n * 64 + k: K contiguous.
  %offs_t = nv_tileaa.permute %offs {order = array<i32: 1, 0>} : tensor<128x64xi32> -> tensor<64x128xi32>
  %sb = nv_tileaa.splat %pb : !nv_tileaa.ptr<i8> -> tensor<64x128x!nv_tileaa.ptr<i8>>
  %ptrb = nv_tileaa.addptr %sb, %offs_t : tensor<64x128x!nv_tileaa.ptr<i8>>, tensor<64x128xi32>
  %b = nv_tileaa.load %ptrb : tensor<64x128x!nv_tileaa.ptr<i8>> -> tensor<64x128xi8>
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<128x64xi8>, tensor<64x128xi8>, tensor<128x128xi32> -> tensor<128x128xi32>
  nv_tileaa.return %d : tensor<128x128xi32>
}

// -----

// SM90A-LABEL: nv_tileaa.func @fp8_n_contiguous
// SM90A: nv_tileaa.dot_path = "mma.sync.m16n8k32 f8E4M3FN.f8E5M2 (not wgmma: 8-bit A and B must be contiguous along K in memory (wgmma reads 8-bit operands K-major only))"
// SM100A-LABEL: nv_tileaa.func @fp8_n_contiguous
// SM100A: nv_tileaa.dot_path = "tcgen05.mma.m128n128k32 f8E4M3FN.f8E5M2"
nv_tileaa.func @fp8_n_contiguous(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E5M2>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<128x64xi32>
  %m2 = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %k2 = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %mb = nv_tileaa.broadcast %m2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %kb = nv_tileaa.broadcast %k2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %rows = arith.muli %mb, %c64 : tensor<128x64xi32>
  %offs = arith.addi %rows, %kb : tensor<128x64xi32>
  %sa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
  %ptra = nv_tileaa.addptr %sa, %offs : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>, tensor<128x64xi32>
  %a = nv_tileaa.load %ptra : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
  // B (64 x 128) at b + k * 128 + n: N contiguous.
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %c128 = arith.constant dense<128> : tensor<64x128xi32>
  %k1 = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %n1 = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %kbb = nv_tileaa.broadcast %k1 : tensor<64x1xi32> -> tensor<64x128xi32>
  %nbb = nv_tileaa.broadcast %n1 : tensor<1x128xi32> -> tensor<64x128xi32>
  %brows = arith.muli %kbb, %c128 : tensor<64x128xi32>
  %boffs = arith.addi %brows, %nbb : tensor<64x128xi32>
  %sb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E5M2> -> tensor<64x128x!nv_tileaa.ptr<f8E5M2>>
  %ptrb = nv_tileaa.addptr %sb, %boffs : tensor<64x128x!nv_tileaa.ptr<f8E5M2>>, tensor<64x128xi32>
  %b = nv_tileaa.load %ptrb : tensor<64x128x!nv_tileaa.ptr<f8E5M2>> -> tensor<64x128xf8E5M2>
  %d = nv_tileaa.dot %a, %b, %c : tensor<128x64xf8E4M3FN>, tensor<64x128xf8E5M2>, tensor<128x128xf32> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}

// -----

// A (128 x 64) at a + k * 128 + m: M contiguous; B K-contiguous.
// SM90A-LABEL: nv_tileaa.func @i8_m_contiguous_a
// SM90A: nv_tileaa.dot_path = "mma.sync.m16n8k32 i8 (not wgmma: 8-bit A and B must be contiguous along K in memory
// SM100A-LABEL: nv_tileaa.func @i8_m_contiguous_a
// SM100A: nv_tileaa.dot_path = "tcgen05.mma.m128n128k32 i8"
nv_tileaa.func @i8_m_contiguous_a(%pa: !nv_tileaa.ptr<i8>, %pb: !nv_tileaa.ptr<i8>, %c: tensor<128x128xi32>) -> tensor<128x128xi32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<128x64xi32>
  %c128 = arith.constant dense<128> : tensor<128x64xi32>
  %m2 = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %k2 = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %mb = nv_tileaa.broadcast %m2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %kb = nv_tileaa.broadcast %k2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %krows = arith.muli %kb, %c128 : tensor<128x64xi32>
  %aoffs = arith.addi %krows, %mb : tensor<128x64xi32>
  %sa = nv_tileaa.splat %pa : !nv_tileaa.ptr<i8> -> tensor<128x64x!nv_tileaa.ptr<i8>>
  %ptra = nv_tileaa.addptr %sa, %aoffs : tensor<128x64x!nv_tileaa.ptr<i8>>, tensor<128x64xi32>
  %a = nv_tileaa.load %ptra : tensor<128x64x!nv_tileaa.ptr<i8>> -> tensor<128x64xi8>
  %rows = arith.muli %mb, %c64 : tensor<128x64xi32>
  %offs = arith.addi %rows, %kb : tensor<128x64xi32>
  %offs_t = nv_tileaa.permute %offs {order = array<i32: 1, 0>} : tensor<128x64xi32> -> tensor<64x128xi32>
  %sb = nv_tileaa.splat %pb : !nv_tileaa.ptr<i8> -> tensor<64x128x!nv_tileaa.ptr<i8>>
  %ptrb = nv_tileaa.addptr %sb, %offs_t : tensor<64x128x!nv_tileaa.ptr<i8>>, tensor<64x128xi32>
  %b = nv_tileaa.load %ptrb : tensor<64x128x!nv_tileaa.ptr<i8>> -> tensor<64x128xi8>
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<128x64xi8>, tensor<64x128xi8>, tensor<128x128xi32> -> tensor<128x128xi32>
  nv_tileaa.return %d : tensor<128x128xi32>
}
