// Tiles carried through scf.while, scf.if and scf.for: every tile becomes a
// struct of the thread's registers passed as a block argument, one struct
// per loop-carried or yielded tile; the branches of an scf.if that yield
// tiles in different layouts are converted to one layout before the join.
// RUN: tileiras-opt %s -split-input-file --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -O3 -arch=sm_75 -arch=sm_90a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/scf-tiles.sm_75.ptx
// RUN: %ptxas-verify sm_90a %t/scf-tiles.sm_90a.ptx

// A 512-element f32 tile over 4 warps: 4 registers per thread.
// CHECK-LABEL: llvm.func @while_tile(
// CHECK: llvm.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: ^[[HEAD]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(f32, f32, f32, f32)>):
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32, f32, f32)>), ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[BODY]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(f32, f32, f32, f32)>):
// CHECK-COUNT-4: llvm.fadd
// CHECK: llvm.br ^[[HEAD]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: ^[[EXIT]]:
// CHECK: llvm.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK-COUNT-4: llvm.intr.sqrt
// CHECK: llvm.br ^[[JOIN:bb[0-9]+]](%{{.*}} : !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: ^[[ELSE]]:
// CHECK: llvm.br ^[[JOIN]](%{{.*}} : !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: ^[[JOIN]](%{{.*}}: !llvm.struct<(f32, f32, f32, f32)>):
// CHECK: llvm.return
nv_tileaa.func @while_tile(%x: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %b = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %p = nv_tileaa.addptr %b, %r : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %v = nv_tileaa.load %p : tensor<512x!nv_tileaa.ptr<f32>> -> tensor<512xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.while (%i = %c0, %acc = %v) : (i32, tensor<512xf32>) -> (i32, tensor<512xf32>) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i, %acc : i32, tensor<512xf32>
  } do {
  ^bb0(%i2: i32, %a2: tensor<512xf32>):
    %nx = nv_tileaa.addf %a2, %a2 : tensor<512xf32>
    %i3 = arith.addi %i2, %c1 : i32
    scf.yield %i3, %nx : i32, tensor<512xf32>
  }
  %pos = arith.cmpi sgt, %n, %c0 : i32
  %sel = scf.if %pos -> (tensor<512xf32>) {
    %m = nv_tileaa.sqrt %res#1 : tensor<512xf32>
    scf.yield %m : tensor<512xf32>
  } else {
    scf.yield %v : tensor<512xf32>
  }
  nv_tileaa.store %p, %sel : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xf32>
  nv_tileaa.return
}

// -----

// scf.for carrying a 64 x 64 tile (32 registers per thread) through an
// scf.if whose branches transpose it (permute) or subtract the row sums
// (reduce along axis 1 with butterfly shuffles, then broadcast back).
// CHECK-LABEL: llvm.func @if_in_loop(
// CHECK: ^[[HEAD:bb[0-9]+]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>):
// CHECK: llvm.cond_br
// CHECK: llvm.cond_br
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.br ^[[HEAD]]
// CHECK: llvm.return
nv_tileaa.func @if_in_loop(%x: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %r2 = nv_tileaa.view %r : tensor<4096xi32> -> tensor<64x64xi32>
  %b = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %p = nv_tileaa.addptr %b, %r2 : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %v = nv_tileaa.load %p : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (tensor<64x64xf32>) : i32 {
    %odd = arith.andi %i, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c0 : i32
    %nx = scf.if %isodd -> (tensor<64x64xf32>) {
      %t = nv_tileaa.permute %acc {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %t : tensor<64x64xf32>
    } else {
      %s = nv_tileaa.reduce %acc {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
      ^bb0(%l: f32, %rr: f32):
        %q = arith.addf %l, %rr : f32
        nv_tileaa.yield %q : f32
      }
      %e = nv_tileaa.expand_dims %s {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %bb = nv_tileaa.broadcast %e : tensor<64x1xf32> -> tensor<64x64xf32>
      %y = nv_tileaa.subf %acc, %bb : tensor<64x64xf32>
      scf.yield %y : tensor<64x64xf32>
    }
    scf.yield %nx : tensor<64x64xf32>
  }
  nv_tileaa.store %p, %res : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
