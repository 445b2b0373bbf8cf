// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' | FileCheck %s
// RUN: tileiras --gpu-name=sm_80 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-verify sm_80 %t.ptx

// One warp, 64 elements: register 1 holds coordinate 32, lanes 1..16.
#w = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// A max written as compare-and-select is not commutative (+0/-0, NaN), so
// the lane with the lower coordinate (lane bit clear) always gives the
// first operand: the operands are selected on the lane bit before the
// inlined region; registers go in coordinate order (x0 before x32).
// CHECK-LABEL: llvm.func @select_max(
// CHECK-SAME: -> f32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[GT:.*]] = llvm.fcmp "ogt" %[[X0]], %[[X1]] : f32
// CHECK: %[[M:.*]] = llvm.select %[[GT]], %[[X0]], %[[X1]] : i1, f32
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[B0:.*]] = llvm.and %[[LANE]], %[[C1]]
// CHECK: %[[UP0:.*]] = llvm.icmp "ne" %[[B0]], %[[C0]]
// CHECK: %[[S0:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[M]], %[[C1]], %{{.*}} : f32 -> f32
// CHECK: %[[L0:.*]] = llvm.select %[[UP0]], %[[S0]], %[[M]] : i1, f32
// CHECK: %[[R0:.*]] = llvm.select %[[UP0]], %[[M]], %[[S0]] : i1, f32
// CHECK: %[[GT0:.*]] = llvm.fcmp "ogt" %[[L0]], %[[R0]] : f32
// CHECK: %[[M0:.*]] = llvm.select %[[GT0]], %[[L0]], %[[R0]] : i1, f32
// CHECK: %[[B1:.*]] = llvm.and %[[LANE]], %[[C2]]
// CHECK: %[[UP1:.*]] = llvm.icmp "ne" %[[B1]], %[[C0]]
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[M0]], %[[C2]], %{{.*}} : f32 -> f32
// CHECK: llvm.select %[[UP1]], %[[S1]], %[[M0]] : i1, f32
// CHECK: llvm.select %[[UP1]], %[[M0]], %[[S1]] : i1, f32
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return %{{.*}} : f32
nv_tileaa.func @select_max(%x: tensor<64xf32, #w>) -> f32 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<64xf32, #w> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %gt = arith.cmpf ogt, %l, %r : f32
    %m = arith.select %gt, %l, %r : f32
    nv_tileaa.yield %m : f32
  }
  nv_tileaa.return %r : f32
}

// argmax over (value << 32 | index) pairs: a multi-op region, inlined per
// combination; i64 values cross lanes as two 32-bit shuffles.
// CHECK-LABEL: llvm.func @argmax(
// CHECK: llvm.ashr
// CHECK: llvm.icmp "sgt"
// CHECK: llvm.icmp "ult"
// CHECK: llvm.select %{{.*}} : i1, i64
// CHECK: %[[LO:.*]] = nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[HI:.*]] = nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: llvm.zext %[[LO]] : i32 to i64
// CHECK: llvm.zext %[[HI]] : i32 to i64
// CHECK: llvm.select %{{.*}} : i1, i64
// CHECK: llvm.select %{{.*}} : i1, i64
// CHECK: llvm.icmp "sgt"
// CHECK-COUNT-8: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl
// CHECK: llvm.return %{{.*}} : i64
// PTX-LABEL: argmax(
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: ret;
nv_tileaa.func @argmax(%x: tensor<64xi64, #w>) -> i64 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<64xi64, #w> -> i64 {
  ^bb0(%a: i64, %b: i64):
    %c32 = arith.constant 32 : i64
    %mask = arith.constant 4294967295 : i64
    %av = arith.shrsi %a, %c32 : i64
    %bv = arith.shrsi %b, %c32 : i64
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
  nv_tileaa.return %r : i64
}

// f64: two 32-bit shuffles per step, the value rebuilt from the halves.
// CHECK-LABEL: llvm.func @sum_f64(
// CHECK: %[[T:.*]] = llvm.fadd %{{.*}}, %{{.*}} : f64
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[T]] : f64 to i64
// CHECK: %[[LOW:.*]] = llvm.trunc %[[BITS]] : i64 to i32
// CHECK: %[[HIGHW:.*]] = llvm.lshr %[[BITS]], %{{.*}} : i64
// CHECK: %[[HIGH:.*]] = llvm.trunc %[[HIGHW]] : i64 to i32
// CHECK: %[[SL:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[LOW]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[SH:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[HIGH]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[WL:.*]] = llvm.zext %[[SL]] : i32 to i64
// CHECK: %[[WH:.*]] = llvm.zext %[[SH]] : i32 to i64
// CHECK: %[[UP:.*]] = llvm.shl %[[WH]], %{{.*}} : i64
// CHECK: %[[JOIN:.*]] = llvm.or %[[WL]], %[[UP]] : i64
// CHECK: %[[OTHER:.*]] = llvm.bitcast %[[JOIN]] : i64 to f64
// CHECK: llvm.fadd %[[T]], %[[OTHER]] : f64
// PTX-LABEL: sum_f64(
// PTX: add.f64
// PTX: shfl.sync.bfly.b32
// PTX: add.f64
nv_tileaa.func @sum_f64(%x: tensor<64xf64, #w>) -> f64 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<64xf64, #w> -> f64 {
  ^bb0(%l: f64, %r: f64):
    %s = arith.addf %l, %r : f64
    nv_tileaa.yield %s : f64
  }
  nv_tileaa.return %r : f64
}

// f16: shuffled zero-extended to 32 bits.
// CHECK-LABEL: llvm.func @max_f16(
// CHECK: %[[M:.*]] = llvm.intr.maximum(%{{.*}}, %{{.*}}) : (f16, f16) -> f16
// CHECK: %[[B:.*]] = llvm.bitcast %[[M]] : f16 to i16
// CHECK: %[[W:.*]] = llvm.zext %[[B]] : i16 to i32
// CHECK: %[[S:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[N:.*]] = llvm.trunc %[[S]] : i32 to i16
// CHECK: %[[O:.*]] = llvm.bitcast %[[N]] : i16 to f16
// CHECK: llvm.intr.maximum(%[[M]], %[[O]]) : (f16, f16) -> f16
nv_tileaa.func @max_f16(%x: tensor<64xf16, #w>) -> f16 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<64xf16, #w> -> f16 {
  ^bb0(%l: f16, %r: f16):
    %s = arith.maximumf %l, %r : f16
    nv_tileaa.yield %s : f16
  }
  nv_tileaa.return %r : f16
}

// i1 partials across warps are kept in shared memory as bytes.
#w4 = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK: llvm.mlir.global internal @__tileiras_smem_any() {{.*}} : !llvm.array<16 x i8>
// CHECK-LABEL: llvm.func @any(
// CHECK: llvm.or %{{.*}}, %{{.*}} : i1
// CHECK: nvvm.barrier0
// CHECK: %[[BYTE:.*]] = llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %[[BYTE]], %{{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[L:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc %[[L]] : i8 to i1
// CHECK: llvm.return %{{.*}} : i1
nv_tileaa.func @any(%x: tensor<128xi1, #w4>) -> i1 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xi1, #w4> -> i1 {
  ^bb0(%l: i1, %r: i1):
    %s = arith.ori %l, %r : i1
    nv_tileaa.yield %s : i1
  }
  nv_tileaa.return %r : i1
}
