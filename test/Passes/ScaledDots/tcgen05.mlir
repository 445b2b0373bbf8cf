// tileaa-decompose-scaled-dots on the tcgen05 targets: which dot_scaled
// stays for tcgen05.mma kind::mxf8f6f4.block_scale and why the others
// become bf16 dots. A kernel without numWarps in its kernel_spec takes the
// pass option (4 by default; --num-warps=2 decomposes @kept too).
// RUN: tileiras-opt %s -split-input-file -tileaa-decompose-scaled-dots | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-decompose-scaled-dots='num-warps=2' | FileCheck %s --check-prefix=OPTION
// RUN: tileiras-opt %s -split-input-file -tileaa-decompose-scaled-dots -tileaa-assign-layouts | FileCheck %s --check-prefix=PATH
// OPTION-LABEL: nv_tileaa.func @default_warps
// OPTION: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: tcgen05.mma needs 4 or 8 warps, not 2"

// A kernel of 4 (or 8) warps on sm_100a with a 128 x N tile, N a multiple
// of 32 up to 256: the dot_scaled stays (tcgen05.mma block_scale).
// CHECK-LABEL: nv_tileaa.func @kept
// CHECK: nv_tileaa.dot_scaled
// CHECK-NOT: nv_tileaa.dot %
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @kept(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @kept_8_warps_sm_110f
// CHECK: nv_tileaa.dot_scaled
module attributes {nv_tileaa.target_spec = "sm_110f"} {
  nv_tileaa.func @kept_8_warps_sm_110f(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x256x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x256x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x256xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x256x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x256x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x256xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x256xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x256xf8E4M3FN> scale tensor<2x256xf8E8M0FNU>, tensor<128x256xf32> -> tensor<128x256xf32>
    nv_tileaa.return
  }
}

// -----

// The bf16 form elsewhere on tcgen05 targets, each with its reason: M
// other than 128, N below 32 (B is read N-major: rows of 32 bytes at
// least), 2 warps, a device function (its warps are its callers'), plain
// sm_100 (no tensor memory).
// CHECK-LABEL: nv_tileaa.func @m64
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: M = 64, N = 64 (tcgen05.mma block_scale: M must be 128, N a multiple of 32 up to 256)"}
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @m64(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<64x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<64x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<64x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<64x64xf8E4M3FN> scale tensor<64x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<64x64xf32> -> tensor<64x64xf32>
    nv_tileaa.return
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @n16
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: M = 128, N = 16 (tcgen05.mma block_scale: M must be 128, N a multiple of 32 up to 256)"}
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @n16(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x16x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x16x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x16xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x16x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x16x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x16xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x16xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x16xf8E4M3FN> scale tensor<2x16xf8E8M0FNU>, tensor<128x16xf32> -> tensor<128x16xf32>
    nv_tileaa.return
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @two_warps
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: tcgen05.mma needs 4 or 8 warps, not 2"}
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @two_warps(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @device_function
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: outside a kernel (a device function's warps are its callers')"}
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @device_function(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) -> tensor<128x64xf32> {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return %d : tensor<128x64xf32>
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @plain_sm_100
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: sm_100 has no block-scaled mma.sync (sm_120a, sm_120f, sm_121a or sm_121f) and no tcgen05.mma (sm_100a/f, sm_103a/f, sm_110a/f)"}
module attributes {nv_tileaa.target_spec = "sm_100"} {
  nv_tileaa.func @plain_sm_100(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @default_warps
// CHECK: nv_tileaa.dot_scaled
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @default_warps(%pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    %ap = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
    %a = nv_tileaa.load %ap : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %bp = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>>
    %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x64xf8E4M3FN>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xf8E4M3FN> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// FP4 (i8 tiles of packed pairs): kept for tcgen05.mma kind::mxf4 when
// both operands are loaded with K contiguous (A along its columns, B along
// its rows: B^T in memory) ...
// CHECK-LABEL: nv_tileaa.func @fp4_k_major
// CHECK: nv_tileaa.dot_scaled
// CHECK-NOT: nv_tileaa.dot %
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @fp4_k_major(%pa: !nv_tileaa.ptr<i8>, %pb: !nv_tileaa.ptr<i8>, %ps: !nv_tileaa.ptr<f8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
    %ra = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %oa = nv_tileaa.broadcast %ra : tensor<1x32xi32> -> tensor<128x32xi32>
    %ap0 = nv_tileaa.splat %pa : !nv_tileaa.ptr<i8> -> tensor<128x32x!nv_tileaa.ptr<i8>>
    %ap = nv_tileaa.addptr %ap0, %oa : tensor<128x32x!nv_tileaa.ptr<i8>>, tensor<128x32xi32>
    %a = nv_tileaa.load %ap : tensor<128x32x!nv_tileaa.ptr<i8>> -> tensor<128x32xi8>
    %rb = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %ob = nv_tileaa.broadcast %rb : tensor<32x1xi32> -> tensor<32x64xi32>
    %bp0 = nv_tileaa.splat %pb : !nv_tileaa.ptr<i8> -> tensor<32x64x!nv_tileaa.ptr<i8>>
    %bp = nv_tileaa.addptr %bp0, %ob : tensor<32x64x!nv_tileaa.ptr<i8>>, tensor<32x64xi32>
    %b = nv_tileaa.load %bp : tensor<32x64x!nv_tileaa.ptr<i8>> -> tensor<32x64xi8>
    %sap = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
    %sa = nv_tileaa.load %sap : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %sbp = nv_tileaa.splat %ps : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>>
    %sb = nv_tileaa.load %sbp : tensor<2x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x64xf8E8M0FNU>
    %c = arith.constant dense<0.0> : tensor<128x64xf32>
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<128x32xi8> scale tensor<128x2xf8E8M0FNU>, tensor<32x64xi8> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// ... not when B is loaded N-major (or not from a load at all).
// CHECK-LABEL: nv_tileaa.func @fp4_n_major
// CHECK: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: not tcgen05.mma block_scale: FP4 operands must be loaded with K contiguous (B as the rows of its N x K/2 transpose): kind::mxf4 reads both K-major"
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @fp4_n_major(%a: tensor<128x32xi8>, %sa: tensor<128x2xf8E8M0FNU>, %b: tensor<32x64xi8>, %sb: tensor<2x64xf8E8M0FNU>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<128x32xi8> scale tensor<128x2xf8E8M0FNU>, tensor<32x64xi8> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return %d : tensor<128x64xf32>
  }
}

// -----

// One FP4 operand (packed pairs) beside an FP8 one: kind::mxf8f6f4 reads
// the e2m1 values one a byte, in bits 2-5, so the pairs are unpacked and
// shifted (b_unpacked) and the dot_scaled stays.
// CHECK-LABEL: nv_tileaa.func @mixed_kept
// PATH: nv_tileaa.dot_path = "tcgen05.mma.m128n64k32 kind::mxf8f6f4.block_scale f8E4M3FN.e2m1 ue8m0"
// CHECK: %[[B8:.*]] = arith.shli %{{.*}}, %{{.*}} : tensor<64x64xi8>
// CHECK: nv_tileaa.dot_scaled %{{.*}} scale %{{.*}}, %[[B8]] scale %{{.*}}, %{{.*}} {b_format = f4E2M1FN, b_unpacked} : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<64x64xi8>
module attributes {nv_tileaa.target_spec = "sm_100a"} {
  nv_tileaa.func @mixed_kept(%a: tensor<128x64xf8E4M3FN>, %sa: tensor<128x2xf8E8M0FNU>, %b: tensor<32x64xi8>, %sb: tensor<2x64xf8E8M0FNU>, %c: tensor<128x64xf32>) -> tensor<128x64xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {b_format = f4E2M1FN} : tensor<128x64xf8E4M3FN> scale tensor<128x2xf8E8M0FNU>, tensor<32x64xi8> scale tensor<2x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
    nv_tileaa.return %d : tensor<128x64xf32>
  }
}
