// Reductions in kernels: rows of f16 (max), columns of i32 (sum), a whole
// f64 tile to one scalar stored once per program, and an argmax over rows
// whose combiner is a compare-and-select region on (value, index) pairs.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry row_max(
// CHECK: .shared .align 16 .b8 __tileiras_smem_row_max
// CHECK: shfl.sync.bfly.b32
// CHECK: max.NaN.f16
// CHECK: st.shared.b16
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: st.global
// CHECK: ret;
nv_tileaa.func @row_max(%x: !nv_tileaa.ptr<f16>, %out: !nv_tileaa.ptr<f16>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<32x1xi32> -> tensor<32x512xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<512xi32> -> tensor<1x512xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x512xi32> -> tensor<32x512xi32>
  %c512 = arith.constant dense<512> : tensor<32x512xi32>
  %ro = arith.muli %rb, %c512 : tensor<32x512xi32>
  %offs = arith.addi %ro, %cb : tensor<32x512xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<f16> -> tensor<32x512x!nv_tileaa.ptr<f16>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<32x512x!nv_tileaa.ptr<f16>>, tensor<32x512xi32>
  %v = nv_tileaa.load %ptrs : tensor<32x512x!nv_tileaa.ptr<f16>> -> tensor<32x512xf16>
  %m = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<32x512xf16> -> tensor<32xf16> {
  ^bb0(%a: f16, %b: f16):
    %s = arith.maximumf %a, %b : f16
    nv_tileaa.yield %s : f16
  }
  %obase = nv_tileaa.splat %out : !nv_tileaa.ptr<f16> -> tensor<32x!nv_tileaa.ptr<f16>>
  %optrs = nv_tileaa.addptr %obase, %rows : tensor<32x!nv_tileaa.ptr<f16>>, tensor<32xi32>
  nv_tileaa.store %optrs, %m : tensor<32x!nv_tileaa.ptr<f16>>, tensor<32xf16>
  nv_tileaa.return
}

// CHECK-LABEL: .visible .entry col_sum(
// CHECK: add.s32
// CHECK: ret;
nv_tileaa.func @col_sum(%x: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<256x1xi32> -> tensor<256x16xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x16xi32> -> tensor<256x16xi32>
  %c16 = arith.constant dense<16> : tensor<256x16xi32>
  %ro = arith.muli %rb, %c16 : tensor<256x16xi32>
  %offs = arith.addi %ro, %cb : tensor<256x16xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<i32> -> tensor<256x16x!nv_tileaa.ptr<i32>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<256x16x!nv_tileaa.ptr<i32>>, tensor<256x16xi32>
  %v = nv_tileaa.load %ptrs : tensor<256x16x!nv_tileaa.ptr<i32>> -> tensor<256x16xi32>
  %s = nv_tileaa.reduce %v {axis = 0 : i32} : tensor<256x16xi32> -> tensor<16xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    nv_tileaa.yield %t : i32
  }
  %obase = nv_tileaa.splat %out : !nv_tileaa.ptr<i32> -> tensor<16x!nv_tileaa.ptr<i32>>
  %optrs = nv_tileaa.addptr %obase, %cols : tensor<16x!nv_tileaa.ptr<i32>>, tensor<16xi32>
  nv_tileaa.store %optrs, %s : tensor<16x!nv_tileaa.ptr<i32>>, tensor<16xi32>
  nv_tileaa.return
}

// CHECK-LABEL: .visible .entry total(
// CHECK: add.f64
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK: st.global.b64
// CHECK: ret;
nv_tileaa.func @total(%x: !nv_tileaa.ptr<f64>, %out: !nv_tileaa.ptr<f64>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %offs = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<f64> -> tensor<1024x!nv_tileaa.ptr<f64>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<1024x!nv_tileaa.ptr<f64>>, tensor<1024xi32>
  %v = nv_tileaa.load %ptrs : tensor<1024x!nv_tileaa.ptr<f64>> -> tensor<1024xf64>
  %s = nv_tileaa.reduce %v {axis = 0 : i32} : tensor<1024xf64> -> f64 {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    nv_tileaa.yield %t : f64
  }
  nv_tileaa.store %out, %s : !nv_tileaa.ptr<f64>, f64
  nv_tileaa.return
}

// CHECK-LABEL: .visible .entry row_argmax(
// CHECK: shfl.sync.bfly.b32
// CHECK: selp.b64
// CHECK: st.global
// CHECK: ret;
nv_tileaa.func @row_argmax(%x: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<8x1xi32> -> tensor<8x256xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x256xi32> -> tensor<8x256xi32>
  %c256 = arith.constant dense<256> : tensor<8x256xi32>
  %ro = arith.muli %rb, %c256 : tensor<8x256xi32>
  %offs = arith.addi %ro, %cb : tensor<8x256xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<i32> -> tensor<8x256x!nv_tileaa.ptr<i32>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<8x256x!nv_tileaa.ptr<i32>>, tensor<8x256xi32>
  %v = nv_tileaa.load %ptrs : tensor<8x256x!nv_tileaa.ptr<i32>> -> tensor<8x256xi32>
  // (value << 32) | column
  %v64 = arith.extsi %v : tensor<8x256xi32> to tensor<8x256xi64>
  %c32 = arith.constant dense<32> : tensor<8x256xi64>
  %hi = arith.shli %v64, %c32 : tensor<8x256xi64>
  %idx = arith.extui %cb : tensor<8x256xi32> to tensor<8x256xi64>
  %packed = arith.ori %hi, %idx : tensor<8x256xi64>
  %best = nv_tileaa.reduce %packed {axis = 1 : i32} : tensor<8x256xi64> -> tensor<8xi64> {
  ^bb0(%a: i64, %b: i64):
    %k32 = arith.constant 32 : i64
    %mask = arith.constant 4294967295 : i64
    %av = arith.shrsi %a, %k32 : i64
    %bv = arith.shrsi %b, %k32 : i64
    %ai = arith.andi %a, %mask : i64
    %bi = arith.andi %b, %mask : i64
    %gt = arith.cmpi sgt, %av, %bv : i64
    %eq = arith.cmpi eq, %av, %bv : i64
    %lt = arith.cmpi ult, %ai, %bi : i64
    %tie = arith.andi %eq, %lt : i1
    %pick = arith.ori %gt, %tie : i1
    %s = arith.select %pick, %a, %b : i64
    nv_tileaa.yield %s : i64
  }
  %col = arith.trunci %best : tensor<8xi64> to tensor<8xi32>
  %obase = nv_tileaa.splat %out : !nv_tileaa.ptr<i32> -> tensor<8x!nv_tileaa.ptr<i32>>
  %optrs = nv_tileaa.addptr %obase, %rows : tensor<8x!nv_tileaa.ptr<i32>>, tensor<8xi32>
  nv_tileaa.store %optrs, %col : tensor<8x!nv_tileaa.ptr<i32>>, tensor<8xi32>
  nv_tileaa.return
}
