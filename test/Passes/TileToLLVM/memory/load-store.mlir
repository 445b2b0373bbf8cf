// Tile loads and stores become inline PTX: one predicated ld/st per vector
// of consecutive elements a thread owns. The vector width comes from the
// axis-info analysis (contiguity, alignment, mask constancy) and the layout.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s

// The vector-add example with n declared a multiple of 16: kernel pointers
// are 16-byte aligned, pid * 1024 + make_range is contiguous, and offs < n
// is constant over every group of 4: 128-bit accesses, predicated by the
// mask, masked-off lanes reading 0 (mov before the predicated load).
// CHECK-LABEL: llvm.func @vector_add
// CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09mov.b32 $2, 0;\0A\09mov.b32 $3, 0;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=&r,=&r,=&r,=&r,l,b" %{{.*}}, %{{.*}} : (i64, i1) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: ld.global
// CHECK-COUNT-2: llvm.inline_asm has_side_effects asm_dialect = att "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i32, i32, i32, i32, i1) -> ()
// CHECK-NOT: st.global
// CHECK: llvm.return
nv_tileaa.func @vector_add(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %bound = nv_tileaa.splat %n16 : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %y = nv_tileaa.load %b_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %sum = nv_tileaa.addf %x, %y : tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %sum, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}

// Without the fact about n the mask may change at any element: the same
// contiguous, aligned pointers are accessed one element at a time, each
// predicated by its own mask bit. 8 elements per thread.
// CHECK-LABEL: llvm.func @unknown_bound
// CHECK-COUNT-8: "mov.b32 $0, 0;\0A\09@$2 ld.global.b32 $0, [$1];", "=&r,l,b"
// CHECK-NOT: ld.global
// CHECK-COUNT-8: "@$2 st.global.b32 [$0], $1;", "l,r,b"
// CHECK-NOT: st.global
// CHECK: llvm.return
nv_tileaa.func @unknown_bound(%a: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %bound = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %range, %bound : tensor<1024xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %range : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %range : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %x, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}

// A mask that is constant over groups of 2 only (n a multiple of 2): two
// elements per access.
// CHECK-LABEL: llvm.func @pairs
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09@$3 ld.global.v2.b32 {$0, $1}, [$2];", "=&r,=&r,l,b"
// CHECK-NOT: ld.global
nv_tileaa.func @pairs(%a: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %n2 = nv_tileaa.assume %n {div_by = 2 : i64} : i32
  %bound = nv_tileaa.splat %n2 : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %range, %bound : tensor<1024xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %range : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %range : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %x, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}

// `other` initializes the masked-off registers: each mov reads its word of
// `other` (inputs after the address and the predicate).
// CHECK-LABEL: llvm.func @with_other
// CHECK: "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=&r,=&r,=&r,=&r,l,b,r,r,r,r"
nv_tileaa.func @with_other(%a: !nv_tileaa.ptr<i32>, %c: !nv_tileaa.ptr<i32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %range = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %n4 = nv_tileaa.assume %n {div_by = 4 : i64} : i32
  %bound = nv_tileaa.splat %n4 : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %range, %bound : tensor<128xi32>
  %minus1 = arith.constant dense<-1> : tensor<128xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %range : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %x = nv_tileaa.load %a_ptrs, %mask, %minus1 : tensor<128x!nv_tileaa.ptr<i32>> -> tensor<128xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %range : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.store %c_ptrs, %x : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// A gather: loaded indices are not known to be contiguous, so every element
// is its own access (no mask: no predicate, no mov).
// CHECK-LABEL: llvm.func @gather
// CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"
// CHECK-COUNT-4: "ld.global.b32 $0, [$1];", "=r,l"
// CHECK-NOT: ld.global
nv_tileaa.func @gather(%a: !nv_tileaa.ptr<f32>, %idx: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ib = nv_tileaa.splat %idx : !nv_tileaa.ptr<i32> -> tensor<512x!nv_tileaa.ptr<i32>>
  %ip = nv_tileaa.addptr %ib, %r : tensor<512x!nv_tileaa.ptr<i32>>, tensor<512xi32>
  %i = nv_tileaa.load %ip : tensor<512x!nv_tileaa.ptr<i32>> -> tensor<512xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %i : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %x = nv_tileaa.load %ap : tensor<512x!nv_tileaa.ptr<f32>> -> tensor<512xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  nv_tileaa.store %op, %x : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xf32>
  nv_tileaa.return
}
