// RUN: tileiras-opt %s -split-input-file -tileaa-assign-layouts | FileCheck %s

// Row reduction: the result is a slice of the input's layout, and
// expand_dims of that slice gives the parent back, so the broadcast of the
// row maximum needs no conversion.
// CHECK-DAG: #[[B:.*]] = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[ROW:.*]] = #nv_tileaa.slice<dim = 1, parent = #[[B]]>
// CHECK-LABEL: nv_tileaa.func @rowmax
// CHECK: nv_tileaa.reduce {{.*}} : tensor<4x128xf32, #[[B]]> -> tensor<4xf32, #[[ROW]]>
// CHECK: nv_tileaa.expand_dims {{.*}} : tensor<4xf32, #[[ROW]]> -> tensor<4x1xf32, #[[B]]>
// CHECK: nv_tileaa.broadcast {{.*}} : tensor<4x1xf32, #[[B]]> -> tensor<4x128xf32, #[[B]]>
// CHECK-NOT: convert_layout
nv_tileaa.func @rowmax(%p: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %r1 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %c128 = arith.constant dense<128> : tensor<4x1xi32>
  %r2 = arith.muli %r1, %c128 : tensor<4x1xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<4x1xi32> -> tensor<4x128xi32>
  %c1 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %cb = nv_tileaa.broadcast %c1 : tensor<1x128xi32> -> tensor<4x128xi32>
  %offs = arith.addi %rb, %cb : tensor<4x128xi32>
  %base = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<4x128x!nv_tileaa.ptr<f32>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<4x128x!nv_tileaa.ptr<f32>>, tensor<4x128xi32>
  %x = nv_tileaa.load %ptrs : tensor<4x128x!nv_tileaa.ptr<f32>> -> tensor<4x128xf32>
  %m = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<4x128xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    nv_tileaa.yield %mx : f32
  }
  %m1 = nv_tileaa.expand_dims %m {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %mb = nv_tileaa.broadcast %m1 : tensor<4x1xf32> -> tensor<4x128xf32>
  %y = arith.subf %x, %mb : tensor<4x128xf32>
  nv_tileaa.store %ptrs, %y : tensor<4x128x!nv_tileaa.ptr<f32>>, tensor<4x128xf32>
  nv_tileaa.return
}

// -----

// dot with a small K: A and B move to the accumulator's operand layouts
// (all of K in registers: 4 rows + 4 columns of 4); the accumulator
// (loop-carried from a zero constant) is born in the dot layout and the
// result is stored from it, with the addresses recomputed in that layout.
// CHECK-DAG: #[[ACC:.*]] = #nv_tileaa.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]>
// CHECK-DAG: #[[OPA:.*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[ACC]]>
// CHECK-DAG: #[[OPB:.*]] = #nv_tileaa.dot_operand<opIdx = 1, parent = #[[ACC]]>
// CHECK-LABEL: nv_tileaa.func @mm
// CHECK: arith.constant dense<0.000000e+00> : tensor<8x64xf32, #[[ACC]]>
// CHECK: scf.for {{.*}} -> (tensor<8x64xf32, #[[ACC]]>)
// CHECK: nv_tileaa.convert_layout {{.*}} -> tensor<8x4xf32, #[[OPA]]>
// CHECK: nv_tileaa.convert_layout {{.*}} -> tensor<4x64xf32, #[[OPB]]>
// CHECK: nv_tileaa.dot {{.*}} -> tensor<8x64xf32, #[[ACC]]>
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.store {{.*}} : tensor<8x64x!nv_tileaa.ptr<f32>, #[[ACC]]>, tensor<8x64xf32, #[[ACC]]>
nv_tileaa.func @mm(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>, %steps: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %ra = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ra2 = nv_tileaa.view %ra : tensor<32xi32> -> tensor<8x4xi32>
  %abase = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<8x4x!nv_tileaa.ptr<f32>>
  %aptrs = nv_tileaa.addptr %abase, %ra2 : tensor<8x4x!nv_tileaa.ptr<f32>>, tensor<8x4xi32>
  %rb = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %rb2 = nv_tileaa.view %rb : tensor<256xi32> -> tensor<4x64xi32>
  %bbase = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<4x64x!nv_tileaa.ptr<f32>>
  %bptrs = nv_tileaa.addptr %bbase, %rb2 : tensor<4x64x!nv_tileaa.ptr<f32>>, tensor<4x64xi32>
  %zero = arith.constant dense<0.0> : tensor<8x64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<8x64xf32>) : i32 {
    %x = nv_tileaa.load %aptrs : tensor<8x4x!nv_tileaa.ptr<f32>> -> tensor<8x4xf32>
    %y = nv_tileaa.load %bptrs : tensor<4x64x!nv_tileaa.ptr<f32>> -> tensor<4x64xf32>
    %d = nv_tileaa.dot %x, %y, %sum : tensor<8x4xf32>, tensor<4x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
    scf.yield %d : tensor<8x64xf32>
  }
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %rows1 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c64 = arith.constant dense<64> : tensor<8x1xi32>
  %rowoff = arith.muli %rows1, %c64 : tensor<8x1xi32>
  %rowb = nv_tileaa.broadcast %rowoff : tensor<8x1xi32> -> tensor<8x64xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %cols1 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = nv_tileaa.broadcast %cols1 : tensor<1x64xi32> -> tensor<8x64xi32>
  %coff = arith.addi %rowb, %colb : tensor<8x64xi32>
  %cbase = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<8x64x!nv_tileaa.ptr<f32>>
  %cptrs = nv_tileaa.addptr %cbase, %coff : tensor<8x64x!nv_tileaa.ptr<f32>>, tensor<8x64xi32>
  nv_tileaa.store %cptrs, %acc : tensor<8x64x!nv_tileaa.ptr<f32>>, tensor<8x64xf32>
  nv_tileaa.return
}

// -----

// dot with K = 64: holding 4 rows and 4 columns of 64 in registers would
// take 512 registers, so the operands stay in their own layouts and the
// lowering streams them from shared memory.
// CHECK-DAG: #[[ACC64:.*]] = #nv_tileaa.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @mm_large_k
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.dot {{.*}} : tensor<8x64xf32, #{{[a-z0-9]+}}>, tensor<64x64xf32, #{{[a-z0-9]+}}>, tensor<8x64xf32, #[[ACC64]]> -> tensor<8x64xf32, #[[ACC64]]>
nv_tileaa.func @mm_large_k(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %ra = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ra2 = nv_tileaa.view %ra : tensor<512xi32> -> tensor<8x64xi32>
  %abase = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<8x64x!nv_tileaa.ptr<f32>>
  %aptrs = nv_tileaa.addptr %abase, %ra2 : tensor<8x64x!nv_tileaa.ptr<f32>>, tensor<8x64xi32>
  %rb = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %rb2 = nv_tileaa.view %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %bbase = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %bptrs = nv_tileaa.addptr %bbase, %rb2 : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %x = nv_tileaa.load %aptrs : tensor<8x64x!nv_tileaa.ptr<f32>> -> tensor<8x64xf32>
  %y = nv_tileaa.load %bptrs : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<8x64xf32>
  %d = nv_tileaa.dot %x, %y, %zero : tensor<8x64xf32>, tensor<64x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %cbase = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<8x64x!nv_tileaa.ptr<f32>>
  %cptrs = nv_tileaa.addptr %cbase, %ra2 : tensor<8x64x!nv_tileaa.ptr<f32>>, tensor<8x64xi32>
  nv_tileaa.store %cptrs, %d : tensor<8x64x!nv_tileaa.ptr<f32>>, tensor<8x64xf32>
  nv_tileaa.return
}

// -----

// Loop-carried pointers take the layout their loads want from the start,
// so the loop carries them without conversions.
// CHECK-DAG: #[[P:.*]] = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: nv_tileaa.func @walk
// CHECK: scf.for {{.*}} -> (tensor<512x!nv_tileaa.ptr<f32>, #[[P]]>)
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.return
nv_tileaa.func @walk(%p: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %base = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %ptrs0 = nv_tileaa.addptr %base, %r : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %step = arith.constant dense<512> : tensor<512xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %end = scf.for %i = %c0 to %n step %c1 iter_args(%ptrs = %ptrs0) -> (tensor<512x!nv_tileaa.ptr<f32>>) : i32 {
    %x = nv_tileaa.load %ptrs : tensor<512x!nv_tileaa.ptr<f32>> -> tensor<512xf32>
    %y = nv_tileaa.mulf %x, %x : tensor<512xf32>
    nv_tileaa.store %ptrs, %y : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xf32>
    %next = nv_tileaa.addptr %ptrs, %step : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
    scf.yield %next : tensor<512x!nv_tileaa.ptr<f32>>
  }
  nv_tileaa.return
}

// -----

// A transpose: the permute's result is the permuted layout (free); the store
// wants coalesced rows of the output, so the value converts once.
// CHECK-LABEL: nv_tileaa.func @transpose
// CHECK: nv_tileaa.permute
// CHECK: nv_tileaa.convert_layout
// CHECK: nv_tileaa.store
nv_tileaa.func @transpose(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %r2 = nv_tileaa.view %r : tensor<4096xi32> -> tensor<64x64xi32>
  %ib = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %ip = nv_tileaa.addptr %ib, %r2 : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %x = nv_tileaa.load %ip : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %t = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r2 : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %op, %t : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
