// Masked copies of every element type, 128 bits per thread where the tile
// allows it, compiled for every target and assembled: sub-word elements
// packed into 32-bit words, i1 as bytes, f64/i64 as 64-bit words, and the
// small tiles' 8- and 16-bit accesses.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_75 %s -o - | FileCheck %s

// CHECK-LABEL: .entry copy_i1(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_i8(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_i16(
// CHECK-COUNT-2: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK-COUNT-2: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_f16(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_bf16(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_f64(
// CHECK-COUNT-2: @%p{{[0-9]+}} ld.global.v2.b64
// CHECK-COUNT-2: @%p{{[0-9]+}} st.global.v2.b64
// CHECK-LABEL: .entry copy_i64(
// CHECK-COUNT-2: @%p{{[0-9]+}} ld.global.v2.b64
// CHECK-COUNT-2: @%p{{[0-9]+}} st.global.v2.b64
// CHECK-LABEL: .entry copy_e4m3(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry copy_e5m2(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32
// CHECK: @%p{{[0-9]+}} st.global.v4.b32
// CHECK-LABEL: .entry small_i8(
// CHECK: @%p{{[0-9]+}} ld.global.b16 %rs
// CHECK: @%p{{[0-9]+}} st.global.b16
// CHECK-LABEL: .entry tiny_i8(
// CHECK: @%p{{[0-9]+}} ld.global.b8 %rs
// CHECK: @%p{{[0-9]+}} st.global.b8

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

nv_tileaa.func @copy_e4m3(%a: !nv_tileaa.ptr<f8E4M3FN>, %b: !nv_tileaa.ptr<f8E4M3FN>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
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

nv_tileaa.func @copy_e5m2(%a: !nv_tileaa.ptr<f8E5M2>, %b: !nv_tileaa.ptr<f8E5M2>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %ns = nv_tileaa.splat %n16 : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E5M2> -> tensor<512x!nv_tileaa.ptr<f8E5M2>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<512x!nv_tileaa.ptr<f8E5M2>>, tensor<512xi32>
  %x = nv_tileaa.load %ap, %m : tensor<512x!nv_tileaa.ptr<f8E5M2>> -> tensor<512xf8E5M2>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E5M2> -> tensor<512x!nv_tileaa.ptr<f8E5M2>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<512x!nv_tileaa.ptr<f8E5M2>>, tensor<512xi32>
  nv_tileaa.store %bp, %x, %m : tensor<512x!nv_tileaa.ptr<f8E5M2>>, tensor<512xf8E5M2>
  nv_tileaa.return
}

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
