// RUN: tileiras-opt --tileaa-remove-redundant-barriers --split-input-file %s | FileCheck %s

// A kernel starts with nothing pending: the barrier before the first store
// goes; the one between the store and the other threads' loads stays; the
// last one (nothing follows) goes.
// CHECK-LABEL: llvm.func @exchange
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.return
llvm.func @exchange(%p: !llvm.ptr<3>, %v: i32) -> i32 attributes {nvvm.kernel} {
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %v, %p : i32, !llvm.ptr<3>
  nvvm.barrier0 {tileiras.shared_fence}
  %r = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.return %r : i32
}

// -----

// Two exchanges in a row: the trailing barrier of the first and the
// leading one of the second are one barrier (load, then the next store:
// write after read).
// CHECK-LABEL: llvm.func @two_exchanges
// CHECK: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.return
llvm.func @two_exchanges(%p: !llvm.ptr<3>, %v: i32) -> i32 attributes {nvvm.kernel} {
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %v, %p : i32, !llvm.ptr<3>
  nvvm.barrier0 {tileiras.shared_fence}
  %a = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %a, %p : i32, !llvm.ptr<3>
  nvvm.barrier0 {tileiras.shared_fence}
  %b = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.return %b : i32
}

// -----

// Reads on both sides do not race, nor do accesses of other memory.
// CHECK-LABEL: llvm.func @reads_and_global
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
llvm.func @reads_and_global(%p: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> i32 attributes {nvvm.kernel} {
  %a = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  %b = llvm.load %p : !llvm.ptr<3> -> i32
  llvm.store %b, %g : i32, !llvm.ptr<1>
  nvvm.barrier0 {tileiras.shared_fence}
  %c = llvm.load %g : !llvm.ptr<1> -> i32
  %s = llvm.add %a, %c : i32
  llvm.return %s : i32
}

// -----

// In a loop the back edge counts: the read at the end of one iteration and
// the write at the start of the next need the barrier at the top.
// CHECK-LABEL: llvm.func @loop
// CHECK: ^bb1({{.*}}):
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
llvm.func @loop(%p: !llvm.ptr<3>, %n: i32) -> i32 attributes {nvvm.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%c0, %c0 : i32, i32)
^bb1(%i: i32, %acc: i32):
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %i, %p : i32, !llvm.ptr<3>
  nvvm.barrier0 {tileiras.shared_fence}
  %x = llvm.load %p : !llvm.ptr<3> -> i32
  %acc2 = llvm.add %acc, %x : i32
  %i2 = llvm.add %i, %c1 : i32
  %more = llvm.icmp "slt" %i2, %n : i32
  llvm.cond_br %more, ^bb1(%i2, %acc2 : i32, i32), ^bb2
^bb2:
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.return %acc2 : i32
}

// -----

// A device function may run between its caller's uses of its buffer: the
// barriers at its entry and exit stay.
// CHECK-LABEL: llvm.func @device
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
llvm.func @device(%p: !llvm.ptr<3>, %v: i32) -> i32 {
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %v, %p : i32, !llvm.ptr<3>
  nvvm.barrier0 {tileiras.shared_fence}
  %r = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.return %r : i32
}

// -----

// Inline PTX says what it does through tileiras.shared_access; without
// the attribute it touches no shared memory. Calls count as both.
// CHECK-LABEL: llvm.func @inline_ptx
// CHECK: llvm.inline_asm {{.*}}"st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.inline_asm {{.*}}"st.global.b32
// CHECK-NEXT: llvm.call @opaque
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.store
llvm.func @opaque()
llvm.func @inline_ptx(%p: !llvm.ptr<3>, %q: i64, %g: i64, %v: i32) attributes {nvvm.kernel} {
  llvm.inline_asm has_side_effects asm_dialect = att {tileiras.shared_access = "write"} "st.shared.b32 [$0], $1;", "l,r" %q, %v : (i64, i32) -> ()
  nvvm.barrier0 {tileiras.shared_fence}
  %r = llvm.load %p : !llvm.ptr<3> -> i32
  llvm.inline_asm has_side_effects asm_dialect = att "st.global.b32 [$0], $1;", "l,r" %g, %r : (i64, i32) -> ()
  llvm.call @opaque() : () -> ()
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.store %v, %p : i32, !llvm.ptr<3>
  llvm.return
}

// -----

// cp.async writes its slot until the wait retires it: the barrier after
// the wait stays before ldmatrix reads the slot, and the one before the
// next copy into a slot that was read stays too.
// CHECK-LABEL: llvm.func @async_copy
// CHECK: nvvm.cp.async.shared.global
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.ldmatrix
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.cp.async.shared.global
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: llvm.return
llvm.func @async_copy(%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>) -> i32 attributes {nvvm.kernel} {
  nvvm.barrier0 {tileiras.shared_fence}
  nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 0
  nvvm.barrier0 {tileiras.shared_fence}
  %r = nvvm.ldmatrix %dst {num = 1 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32
  nvvm.barrier0 {tileiras.shared_fence}
  nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 0
  nvvm.barrier0 {tileiras.shared_fence}
  llvm.return %r : i32
}

// -----

// A barrier the lowering did not mark as a shared-memory fence (one that
// orders global memory, say) stays even with no shared access around it,
// and still ends the accesses pending before it: the marked barrier after
// it has nothing to separate.
// CHECK-LABEL: llvm.func @unmarked
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: tileiras.shared_fence
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.return
llvm.func @unmarked(%g: !llvm.ptr<1>, %v: i32) -> i32 attributes {nvvm.kernel} {
  llvm.store %v, %g : i32, !llvm.ptr<1>
  nvvm.barrier0
  nvvm.barrier0 {tileiras.shared_fence}
  %r = llvm.load %g : !llvm.ptr<1> -> i32
  llvm.return %r : i32
}
