// One program is one CTA. A scalar load is made by every thread (the
// address is uniform); a scalar store or atomic happens once per program:
// thread 0 makes it, predicated on tid.x == 0 (no branch). An atomic's old
// value reaches the other threads through the scratch buffer: barrier,
// thread 0 stores, barrier, everyone loads. Tile elements that the layout
// replicates over threads are stored once, by the owner copy.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s

// CHECK-LABEL: llvm.func @scalars
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tileiras_smem_scalars : !llvm.ptr<3>
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// Every thread loads, unpredicated; a plain scalar load (no mask, no hint,
// weak) is an LLVM load, which LLVM may hoist or reuse.
// CHECK: %[[X:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %[[ZERO]] : i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$2 st.global.b32 [$0], $1;", "l,r,b" %{{.*}}, %[[X]], %[[T0]]
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b" %{{.*}}, %{{.*}}, %[[T0]]
// CHECK-NEXT: %[[SI:.*]] = llvm.ptrtoint %[[SMEM]] : !llvm.ptr<3> to i64
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att {tileiras.shared_access = "write"} "@$2 st.shared.b32 [$0], $1;", "l,r,b" %[[SI]], %[[OLD]], %[[T0]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[BCAST:.*]] = llvm.load %[[SMEM]] : !llvm.ptr<3> -> i32
// CHECK: %[[M:.*]] = llvm.icmp "sgt" %[[BCAST]], %[[ZERO]] : i32
// CHECK: %[[OLD2:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b64 $0, 0;\0A\09@$4 atom.acq_rel.sys.global.cas.b64 $0, [$1], $2, $3;", "=&l,l,l,l,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[T0]]
// CHECK: nvvm.barrier0
// CHECK: "@$2 st.shared.b64 [$0], $1;", "l,l,b" %[[SI]], %[[OLD2]], %[[T0]]
// CHECK: nvvm.barrier0
// CHECK: llvm.load %[[SMEM]] : !llvm.ptr<3> -> i64
// A masked scalar atomic: thread 0 and the mask; the broadcast store is
// thread 0's alone (it stores 0 when the mask is off).
// CHECK: %[[P:.*]] = llvm.and %[[T0]], %[[M]] : i1
// CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.max.s32 $0, [$1], $2;", "=&r,l,r,b" %{{.*}}, %{{.*}}, %[[P]]
// CHECK: "@$2 st.shared.b32 [$0], $1;", "l,r,b" %[[SI]], %{{.*}}, %[[T0]]
// CHECK: llvm.return
nv_tileaa.func @scalars(%a: !nv_tileaa.ptr<i32>, %b: !nv_tileaa.ptr<f64>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %x = nv_tileaa.load %a : !nv_tileaa.ptr<i32> -> i32
  %c1 = arith.constant 1 : i32
  %a1 = nv_tileaa.addptr %a, %c1 : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.store %a1, %x : !nv_tileaa.ptr<i32>, i32
  %old = nv_tileaa.atomic_rmw add, %a, %n : !nv_tileaa.ptr<i32>, i32 -> i32
  %c0 = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %old, %c0 : i32
  %f = nv_tileaa.load %b : !nv_tileaa.ptr<f64> -> f64
  %c = nv_tileaa.atomic_cas %b, %f, %f {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<f64>, f64 -> f64
  nv_tileaa.store %b, %c : !nv_tileaa.ptr<f64>, f64
  %mx = nv_tileaa.atomic_rmw max, %a1, %n, %pos : !nv_tileaa.ptr<i32>, i32 -> i32
  nv_tileaa.store %a, %mx : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}

// A masked scalar load: every thread, predicated by the scalar mask, 0 when
// it is off.
// CHECK-LABEL: llvm.func @masked_scalar_load
// CHECK: "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [$1];", "=&h,l,b"
nv_tileaa.func @masked_scalar_load(%a: !nv_tileaa.ptr<f16>, %m: i1) -> f16 {
  %x = nv_tileaa.load %a, %m : !nv_tileaa.ptr<f16> -> f16
  nv_tileaa.return %x : f16
}

// 64 elements over 4 warps (lane + 32 * (warp & 1)): warps 2 and 3 hold
// copies and must not store them. The owner predicate ((warp & 2) == 0) is
// combined with the mask.
// CHECK-LABEL: llvm.func @replicated_store
// CHECK-DAG: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[MASK:.*]] = llvm.icmp "slt"
// CHECK: %[[WB:.*]] = llvm.and %{{.*}}, %[[TWO]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[WB]], %[[ZERO]] : i32
// CHECK: %[[P:.*]] = llvm.and %[[MASK]], %[[OWNER]] : i1
// CHECK: "@$2 st.global.b32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[P]]
// CHECK-NOT: st.global
// CHECK: llvm.return
nv_tileaa.func @replicated_store(%out: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xi32>
  nv_tileaa.store %op, %v, %m : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xf32>
  nv_tileaa.return
}

// Local memory is private to each thread: a scalar store to it is made by
// every thread (no thread-0 predicate).
// CHECK-LABEL: llvm.func @local_store
// CHECK-NOT: nvvm.read.ptx.sreg.tid.x
// CHECK: "st.local.b32 [$0], $1;", "l,r"
nv_tileaa.func @local_store(%l: !nv_tileaa.ptr<i32, 5>, %v: i32) {
  nv_tileaa.store %l, %v : !nv_tileaa.ptr<i32, 5>, i32
  nv_tileaa.return
}
