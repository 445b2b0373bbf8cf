// Every element type moves in 32-bit words (64-bit for 64-bit elements):
// sub-word elements are packed through an LLVM vector bitcast, i1 is a byte
// in memory (non-zero reads as true), floats travel as their bits, f8 as
// bytes (the bitcasts of a plain copy fold away). Each kernel copies a masked tile with 128 bits per thread, except
// the small ones, whose whole vector fits one 16- or 32-bit register.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s


// CHECK-LABEL: llvm.func @copy_i1
// CHECK: "mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09mov.b32 $2, 0;\0A\09mov.b32 $3, 0;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK: llvm.icmp "ne" %{{.*}}, %{{.*}} : i8
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
nv_tileaa.func @copy_i1(%a: !nv_tileaa.ptr<i1>, %b: !nv_tileaa.ptr<i1>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i1> -> tensor<512x!nv_tileaa.ptr<i1>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<512x!nv_tileaa.ptr<i1>>, tensor<512xi32>
  %x = nv_tileaa.load %ap, %m : tensor<512x!nv_tileaa.ptr<i1>> -> tensor<512xi1>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i1> -> tensor<512x!nv_tileaa.ptr<i1>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<512x!nv_tileaa.ptr<i1>>, tensor<512xi32>
  nv_tileaa.store %bp, %x, %m : tensor<512x!nv_tileaa.ptr<i1>>, tensor<512xi1>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_i8
// CHECK: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_i8(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<512x!nv_tileaa.ptr<i8>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<512x!nv_tileaa.ptr<i8>>, tensor<512xi32>
  %x = nv_tileaa.load %ap, %m : tensor<512x!nv_tileaa.ptr<i8>> -> tensor<512xi8>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<512x!nv_tileaa.ptr<i8>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<512x!nv_tileaa.ptr<i8>>, tensor<512xi32>
  nv_tileaa.store %bp, %x, %m : tensor<512x!nv_tileaa.ptr<i8>>, tensor<512xi8>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_i16
// CHECK-COUNT-2: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
// CHECK-COUNT-2: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_i16(%a: !nv_tileaa.ptr<i16>, %b: !nv_tileaa.ptr<i16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i16> -> tensor<512x!nv_tileaa.ptr<i16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<512x!nv_tileaa.ptr<i16>>, tensor<512xi32>
  %x = nv_tileaa.load %ap, %m : tensor<512x!nv_tileaa.ptr<i16>> -> tensor<512xi16>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i16> -> tensor<512x!nv_tileaa.ptr<i16>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<512x!nv_tileaa.ptr<i16>>, tensor<512xi32>
  nv_tileaa.store %bp, %x, %m : tensor<512x!nv_tileaa.ptr<i16>>, tensor<512xi16>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_f16
// CHECK: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
// CHECK: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_f16(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %x = nv_tileaa.load %ap, %m : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %bp, %x, %m : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_bf16
// CHECK: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_bf16(%a: !nv_tileaa.ptr<bf16>, %b: !nv_tileaa.ptr<bf16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %x = nv_tileaa.load %ap, %m : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %bp, %x, %m : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_f32
// CHECK: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_f32(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x = nv_tileaa.load %ap, %m : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %bp, %x, %m : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_f64
// CHECK: "mov.b64 $0, 0;\0A\09mov.b64 $1, 0;\0A\09@$3 ld.global.v2.b64 {$0, $1}, [$2];", "=&l,=&l,l,b"
// CHECK: "@$3 st.global.v2.b64 [$0], {$1, $2};", "l,l,l,b"
nv_tileaa.func @copy_f64(%a: !nv_tileaa.ptr<f64>, %b: !nv_tileaa.ptr<f64>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f64> -> tensor<128x!nv_tileaa.ptr<f64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xi32>
  %x = nv_tileaa.load %ap, %m : tensor<128x!nv_tileaa.ptr<f64>> -> tensor<128xf64>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f64> -> tensor<128x!nv_tileaa.ptr<f64>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xi32>
  nv_tileaa.store %bp, %x, %m : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xf64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_i64
// CHECK: ld.global.v2.b64 {$0, $1}
// CHECK: st.global.v2.b64 [$0], {$1, $2}
nv_tileaa.func @copy_i64(%a: !nv_tileaa.ptr<i64>, %b: !nv_tileaa.ptr<i64>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %x = nv_tileaa.load %ap, %m : tensor<128x!nv_tileaa.ptr<i64>> -> tensor<128xi64>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  nv_tileaa.store %bp, %x, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @copy_f8
// CHECK: ld.global.v4.b32 {$0, $1, $2, $3}
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK: st.global.v4.b32 [$0], {$1, $2, $3, $4}
nv_tileaa.func @copy_f8(%a: !nv_tileaa.ptr<f8E4M3FN>, %b: !nv_tileaa.ptr<f8E4M3FN>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E4M3FN> -> tensor<512x!nv_tileaa.ptr<f8E4M3FN>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<512x!nv_tileaa.ptr<f8E4M3FN>>, tensor<512xi32>
  %x = nv_tileaa.load %ap, %m : tensor<512x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<512xf8E4M3FN>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E4M3FN> -> tensor<512x!nv_tileaa.ptr<f8E4M3FN>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<512x!nv_tileaa.ptr<f8E4M3FN>>, tensor<512xi32>
  nv_tileaa.store %bp, %x, %m : tensor<512x!nv_tileaa.ptr<f8E4M3FN>>, tensor<512xf8E4M3FN>
  nv_tileaa.return
}

// Two bytes per thread: one 16-bit access (8-bit values use 16-bit
// registers, so the mov is a b16 one).
// CHECK-LABEL: llvm.func @small_i8
// CHECK: "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [$1];", "=&h,l,b"
// CHECK: llvm.bitcast %{{.*}} : i16 to vector<2xi8>
// CHECK: "@$2 st.global.b16 [$0], $1;", "l,h,b"
nv_tileaa.func @small_i8(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<64x!nv_tileaa.ptr<i8>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<64x!nv_tileaa.ptr<i8>>, tensor<64xi32>
  %x = nv_tileaa.load %ap, %m : tensor<64x!nv_tileaa.ptr<i8>> -> tensor<64xi8>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<64x!nv_tileaa.ptr<i8>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<64x!nv_tileaa.ptr<i8>>, tensor<64xi32>
  nv_tileaa.store %bp, %x, %m : tensor<64x!nv_tileaa.ptr<i8>>, tensor<64xi8>
  nv_tileaa.return
}

// One byte per thread: an 8-bit access into a 16-bit register ("c").
// CHECK-LABEL: llvm.func @tiny_i8
// CHECK: "mov.b16 $0, 0;\0A\09@$2 ld.global.b8 $0, [$1];", "=&c,l,b"
// CHECK: "@$2 st.global.b8 [$0], $1;", "l,c,b"
nv_tileaa.func @tiny_i8(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<32xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<32x!nv_tileaa.ptr<i8>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<32x!nv_tileaa.ptr<i8>>, tensor<32xi32>
  %x = nv_tileaa.load %ap, %m : tensor<32x!nv_tileaa.ptr<i8>> -> tensor<32xi8>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<32x!nv_tileaa.ptr<i8>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<32x!nv_tileaa.ptr<i8>>, tensor<32xi32>
  nv_tileaa.store %bp, %x, %m : tensor<32x!nv_tileaa.ptr<i8>>, tensor<32xi8>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @small_f16
// CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.b32 $0, [$1];", "=&r,l,b"
// CHECK: "@$2 st.global.b32 [$0], $1;", "l,r,b"
nv_tileaa.func @small_f16(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<64x!nv_tileaa.ptr<f16>>, tensor<64xi32>
  %x = nv_tileaa.load %ap, %m : tensor<64x!nv_tileaa.ptr<f16>> -> tensor<64xf16>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<64x!nv_tileaa.ptr<f16>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<64x!nv_tileaa.ptr<f16>>, tensor<64xi32>
  nv_tileaa.store %bp, %x, %m : tensor<64x!nv_tileaa.ptr<f16>>, tensor<64xf16>
  nv_tileaa.return
}
