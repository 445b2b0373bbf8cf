// assert and print. A scalar assert is checked by thread 0, which calls
// CUDA's __assertfail(message, file, line, function, 1). A tile assert
// makes every thread find the first failing element it owns and, if there
// is one, vprintf "pid (x, y, z) idx (i, j): <message>" before calling
// __assertfail. print calls vprintf with C varargs promotion: once per
// program (thread 0) for scalars only, once per element (owner copy) with
// the element's index for tiles ("pid (x, y, z) idx (i, j): " before the
// format), exactly as written for scalars only. Guards are branches (scf.if, then cf);
// memory accesses never are.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @[[FUNC:__tileiras_str_[0-9a-f_]+]]("scalar_assert\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FILE:__tileiras_str_[0-9a-f_]+]]("{{.*}}assert-print.mlir\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[MSG:__tileiras_str_[0-9a-f_]+]]("n must be positive\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// The message is passed as a %s argument, so a '%' in it is printed as is.
// CHECK-DAG: llvm.mlir.global internal constant @[[TMSG:__tileiras_str_[0-9a-f_]+]]("row out of range (100%)\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[TFMT:__tileiras_str_[0-9a-f_]+]]("pid (%d, %d, %d) idx (%d, %d): %s\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[PFMT:__tileiras_str_[0-9a-f_]+]]("pid (%d, %d, %d) idx (%d): x=%f b=%d n=%ld p=%p\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[SFMT:__tileiras_str_[0-9a-f_]+]]("done\0A\00")

// CHECK-LABEL: llvm.func @scalar_assert
// CHECK-DAG: %[[FUNCP:.*]] = llvm.mlir.addressof @[[FUNC]]
// CHECK-DAG: %[[FILEP:.*]] = llvm.mlir.addressof @[[FILE]]
// CHECK-DAG: %[[MSGP:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK-DAG: %[[LINE:.*]] = llvm.mlir.constant([[@LINE+14]] : i32) : i32
// CHECK-DAG: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[OK:.*]] = llvm.icmp "sgt"
// CHECK: %[[BAD:.*]] = llvm.xor %[[OK]], %[[TRUE]] : i1
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: %[[REPORT:.*]] = llvm.and %[[BAD]], %[[T0]] : i1
// CHECK: llvm.cond_br %[[REPORT]], ^[[FAIL:.*]], ^[[CONT:.*]]
// CHECK: ^[[FAIL]]:
// CHECK-NEXT: llvm.call @__assertfail(%[[MSGP]], %[[FILEP]], %[[LINE]], %[[FUNCP]], %[[ONE]])
nv_tileaa.func @scalar_assert(%n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sgt, %n, %c0 : i32
  nv_tileaa.assert %ok, "n must be positive" : i1
  nv_tileaa.return
}

// A rank-2 tile: each register's failure bit is `not condition`; the
// thread reports when any of its (owned) elements failed, with the index
// of the first failing one chosen by selects, last register first.
// CHECK-LABEL: llvm.func @tile_assert
// CHECK-DAG: %[[TMSGP:.*]] = llvm.mlir.addressof @[[TMSG]]
// CHECK-DAG: %[[TFMTP:.*]] = llvm.mlir.addressof @[[TFMT]]
// CHECK-DAG: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK-DAG: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, ptr)>
// CHECK: %[[BAD:.*]] = llvm.xor %{{.*}}, %[[TRUE]] : i1
// CHECK: %[[ANY:.*]] = llvm.or
// CHECK: %[[ROW:.*]] = llvm.select %[[BAD]]
// CHECK: %[[COL:.*]] = llvm.select %[[BAD]]
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^
// CHECK: ^[[FAIL]]:
// CHECK: %[[PX:.*]] = nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.store %[[PX]]
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr
// CHECK: llvm.store %[[TMSGP]], %{{.*}} : !llvm.ptr, !llvm.ptr
// CHECK: llvm.call @vprintf(%[[TFMTP]], %[[BUF]])
// CHECK-NEXT: llvm.call @__assertfail(%[[TMSGP]],
nv_tileaa.func @tile_assert(%n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %e = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rows = nv_tileaa.broadcast %e : tensor<16x1xi32> -> tensor<16x8xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<16x8xi32>
  %ok = arith.cmpi slt, %rows, %ns : tensor<16x8xi32>
  nv_tileaa.assert %ok, "row out of range (100%)" : tensor<16x8xi1>
  nv_tileaa.return
}

// 64 elements over 4 warps: warps 2 and 3 hold copies, so the prints of a
// tile are guarded by the owner predicate; bf16 is widened exactly through
// its f32 bits, i8 sign-extended, the pointer printed as a 64-bit integer.
// A print without tile operands is made by thread 0, unprefixed; without
// arguments vprintf gets a null buffer.
// CHECK-LABEL: llvm.func @prints
// CHECK-DAG: %[[PFMTP:.*]] = llvm.mlir.addressof @[[PFMT]]
// CHECK-DAG: %[[SFMTP:.*]] = llvm.mlir.addressof @[[SFMT]]
// CHECK-DAG: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-DAG: %[[PBUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, f64, i32, i64, i64)>
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq"
// CHECK: llvm.cond_br %[[OWNER]], ^[[PRINT:.*]], ^[[NEXT:[a-z0-9]+]]
// CHECK: ^[[PRINT]]:
// CHECK: llvm.bitcast %{{.*}} : bf16 to i16
// CHECK: llvm.shl
// CHECK: %[[F32:.*]] = llvm.bitcast %{{.*}} : i32 to f32
// CHECK: %[[F64:.*]] = llvm.fpext %[[F32]] : f32 to f64
// CHECK: %[[B32:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK: %[[PI:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: llvm.store %[[F64]], %{{.*}} : f64, !llvm.ptr
// CHECK: llvm.store %[[B32]], %{{.*}} : i32, !llvm.ptr
// CHECK: llvm.store %[[PI]], %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.call @vprintf(%[[PFMTP]], %[[PBUF]])
// CHECK-NOT: llvm.call @vprintf(%[[PFMTP]]
// CHECK: ^[[NEXT]]:
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.cond_br %[[T0]]
// CHECK: llvm.call @vprintf(%[[SFMTP]], %[[NULL]])
nv_tileaa.func @prints(%p: !nv_tileaa.ptr<bf16>, %n: i64) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x = arith.sitofp %r : tensor<64xi32> to tensor<64xbf16>
  %i8 = arith.trunci %r : tensor<64xi32> to tensor<64xi8>
  nv_tileaa.print "x=%f b=%d n=%ld p=%p\n", %x, %i8, %n, %p : tensor<64xbf16>, tensor<64xi8>, i64, !nv_tileaa.ptr<bf16>
  nv_tileaa.print "done\n"
  nv_tileaa.return
}

// Two elements per thread and no replication: two vprintf calls, no guard.
// CHECK-LABEL: llvm.func @print_two
// CHECK-NOT: llvm.cond_br
// CHECK-COUNT-2: llvm.call @vprintf
// CHECK-NOT: llvm.call @vprintf
// CHECK: llvm.return
nv_tileaa.func @print_two(%x: tensor<256xf32>) {
  nv_tileaa.print "%f\n", %x : tensor<256xf32>
  nv_tileaa.return
}
