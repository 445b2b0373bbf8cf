// Every line of DESIGN.md section 5, "Core ops and their textual form", as
// written there (only the `{ ... }` bodies are filled in), each in a function
// of its own that provides its operands. The CHECK lines are the same lines
// with the SSA names captured: each op prints back exactly as written, up to
// the renaming of values and the alignment spaces.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --emit-bytecode | tileiras-opt | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @k(%{{[^:]+}}: !nv_tileaa.ptr<f32>, %{{[^:]+}}: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
// CHECK-NEXT:    nv_tileaa.return{{$}}
// CHECK-NEXT:  }
    nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    nv_tileaa.return
    }

nv_tileaa.func @helper(%x: f32) -> f32 {
  nv_tileaa.return %x : f32
}

// CHECK-LABEL: nv_tileaa.func @call(
// CHECK-SAME: %[[X:[^:]+]]: f32)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.call @helper(%[[X]]) : (f32) -> f32{{$}}
nv_tileaa.func @call(%x: f32) {
    %r = nv_tileaa.call @helper(%x) : (f32) -> f32
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @grid()
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.get_program_id x : i32{{$}}
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.get_num_programs y : i32{{$}}
nv_tileaa.func @grid() {
    %pid = nv_tileaa.get_program_id x : i32                 // x | y | z
    %np  = nv_tileaa.get_num_programs y : i32
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @make_range()
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>{{$}}
nv_tileaa.func @make_range() {
    %i   = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @splat(
// CHECK-SAME: %[[S:[^:]+]]: i32)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.splat %[[S]] : i32 -> tensor<128xi32>{{$}}
nv_tileaa.func @splat(%s: i32) {
    %t   = nv_tileaa.splat %s : i32 -> tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @broadcast(
// CHECK-SAME: %[[T:[^:]+]]: tensor<1x128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.broadcast %[[T]] : tensor<1x128xf32> -> tensor<64x128xf32>{{$}}
nv_tileaa.func @broadcast(%t: tensor<1x128xf32>) {
    %b   = nv_tileaa.broadcast %t : tensor<1x128xf32> -> tensor<64x128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @expand_dims(
// CHECK-SAME: %[[T:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.expand_dims %[[T]] {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>{{$}}
nv_tileaa.func @expand_dims(%t: tensor<128xf32>) {
    %e   = nv_tileaa.expand_dims %t {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @view(
// CHECK-SAME: %[[T:[^:]+]]: tensor<64x2xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.view %[[T]] : tensor<64x2xf32> -> tensor<128xf32>{{$}}
nv_tileaa.func @view(%t: tensor<64x2xf32>) {
    %v   = nv_tileaa.view %t : tensor<64x2xf32> -> tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @permute(
// CHECK-SAME: %[[T:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.permute %[[T]] {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>{{$}}
nv_tileaa.func @permute(%t: tensor<64x32xf32>) {
    %q   = nv_tileaa.permute %t {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @extract_slice(
// CHECK-SAME: %[[T:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.extract_slice %[[T]] {offsets = array<i64: 0, 16>} : tensor<64x32xf32> -> tensor<64x16xf32>{{$}}
nv_tileaa.func @extract_slice(%t: tensor<64x32xf32>) {
    %s   = nv_tileaa.extract_slice %t {offsets = array<i64: 0, 16>} : tensor<64x32xf32> -> tensor<64x16xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @cat(
// CHECK-SAME: %[[T0:[^:]+]]: tensor<32x16xf32>, %[[T1:[^:]+]]: tensor<32x16xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.cat %[[T0]], %[[T1]] {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>{{$}}
nv_tileaa.func @cat(%t0: tensor<32x16xf32>, %t1: tensor<32x16xf32>) {
    %c   = nv_tileaa.cat %t0, %t1 {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @addptr(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[OFFS:[^:]+]]: tensor<128xi32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.addptr %[[PTRS]], %[[OFFS]] : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>{{$}}
nv_tileaa.func @addptr(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %offs: tensor<128xi32>) {
    %p   = nv_tileaa.addptr %ptrs, %offs : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @load(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<f32>>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.load %[[PTRS]] : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>{{$}}
nv_tileaa.func @load(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>) {
    %x   = nv_tileaa.load %ptrs : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @load_masked(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[MASK:[^:]+]]: tensor<128xi1>, %[[OTHER:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.load %[[PTRS]], %[[MASK]], %[[OTHER]] : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>{{$}}
nv_tileaa.func @load_masked(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %mask: tensor<128xi1>, %other: tensor<128xf32>) {
    %x   = nv_tileaa.load %ptrs, %mask, %other : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @store(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[VAL:[^:]+]]: tensor<128xf32>, %[[MASK:[^:]+]]: tensor<128xi1>)
// CHECK-NEXT: nv_tileaa.store %[[PTRS]], %[[VAL]] : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>{{$}}
// CHECK-NEXT: nv_tileaa.store %[[PTRS]], %[[VAL]], %[[MASK]] : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>{{$}}
nv_tileaa.func @store(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %val: tensor<128xf32>, %mask: tensor<128xi1>) {
    nv_tileaa.store %ptrs, %val : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
    nv_tileaa.store %ptrs, %val, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// `add` on a float pointee is float addition (docs/language.md).
// CHECK-LABEL: nv_tileaa.func @atomic_rmw(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[VAL:[^:]+]]: tensor<128xf32>, %[[MASK:[^:]+]]: tensor<128xi1>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.atomic_rmw add, %[[PTRS]], %[[VAL]], %[[MASK]] : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>{{$}}
nv_tileaa.func @atomic_rmw(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %val: tensor<128xf32>, %mask: tensor<128xi1>) {
    %o   = nv_tileaa.atomic_rmw add, %ptrs, %val, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @atomic_cas(
// CHECK-SAME: %[[PTRS:[^:]+]]: tensor<128x!nv_tileaa.ptr<i32>>, %[[CMP:[^:]+]]: tensor<128xi32>, %[[NEW:[^:]+]]: tensor<128xi32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.atomic_cas %[[PTRS]], %[[CMP]], %[[NEW]] : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>{{$}}
nv_tileaa.func @atomic_cas(%ptrs: tensor<128x!nv_tileaa.ptr<i32>>, %cmp: tensor<128xi32>, %new: tensor<128xi32>) {
    %o   = nv_tileaa.atomic_cas %ptrs, %cmp, %new : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @addf(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xf32>, %[[Y:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.addf %[[X]], %[[Y]] : tensor<128xf32>{{$}}
nv_tileaa.func @addf(%x: tensor<128xf32>, %y: tensor<128xf32>) {
    %z   = nv_tileaa.addf %x, %y : tensor<128xf32>           // also subf mulf divf
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @fma(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xf32>, %[[Y:[^:]+]]: tensor<128xf32>, %[[W:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.fma %[[X]], %[[Y]], %[[W]] : tensor<128xf32>{{$}}
nv_tileaa.func @fma(%x: tensor<128xf32>, %y: tensor<128xf32>, %w: tensor<128xf32>) {
    %z   = nv_tileaa.fma %x, %y, %w : tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @sqrt(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.sqrt %[[X]] : tensor<128xf32>{{$}}
nv_tileaa.func @sqrt(%x: tensor<128xf32>) {
    %z   = nv_tileaa.sqrt %x : tensor<128xf32>               // also rsqrt exp2
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @clampf(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xf32>, %[[LO:[^:]+]]: tensor<128xf32>, %[[HI:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.clampf %[[X]], %[[LO]], %[[HI]] : tensor<128xf32>{{$}}
nv_tileaa.func @clampf(%x: tensor<128xf32>, %lo: tensor<128xf32>, %hi: tensor<128xf32>) {
    %z   = nv_tileaa.clampf %x, %lo, %hi : tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @fp_to_fp(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.fp_to_fp %[[X]] : tensor<128xf32> -> tensor<128xf16>{{$}}
nv_tileaa.func @fp_to_fp(%x: tensor<128xf32>) {
    %h   = nv_tileaa.fp_to_fp %x : tensor<128xf32> -> tensor<128xf16>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @mulhiui(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xi32>, %[[Y:[^:]+]]: tensor<128xi32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.mulhiui %[[X]], %[[Y]] : tensor<128xi32>{{$}}
nv_tileaa.func @mulhiui(%x: tensor<128xi32>, %y: tensor<128xi32>) {
    %z   = nv_tileaa.mulhiui %x, %y : tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @dot(
// CHECK-SAME: %[[A:[^:]+]]: tensor<64x32xf16>, %[[B:[^:]+]]: tensor<32x64xf16>, %[[C:[^:]+]]: tensor<64x64xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>{{$}}
nv_tileaa.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) {
    %d   = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @reduce(
// CHECK-SAME: %[[X:[^:]+]]: tensor<64x128xf32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.reduce %[[X]] {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {{{$}}
// CHECK-NEXT: ^bb0(%[[L:[^:]+]]: f32, %[[R:[^:]+]]: f32):
// CHECK-NEXT:   %[[M:[0-9]+]] = arith.maximumf %[[L]], %[[R]] : f32{{$}}
// CHECK-NEXT:   nv_tileaa.yield %[[M]] : f32{{$}}
// CHECK-NEXT: }
nv_tileaa.func @reduce(%x: tensor<64x128xf32>) {
    %r   = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%l: f32, %r: f32):
      %m = arith.maximumf %l, %r : f32
      nv_tileaa.yield %m : f32
    }
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @scan(
// CHECK-SAME: %[[X:[^:]+]]: tensor<128xi32>)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.scan %[[X]] {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {{{$}}
nv_tileaa.func @scan(%x: tensor<128xi32>) {
    %c   = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      nv_tileaa.yield %s : i32
    }
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @debug(
// CHECK-SAME: %[[COND:[^:]+]]: tensor<128xi1>, %[[X:[^:]+]]: tensor<128xf32>, %[[N:[^:]+]]: i32)
// CHECK-NEXT: nv_tileaa.assert %[[COND]], "index out of range" : tensor<128xi1>{{$}}
// CHECK-NEXT: nv_tileaa.print "x=%f\n", %[[X]] : tensor<128xf32>{{$}}
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.assume %[[N]] {div_by = 16 : i64} : i32{{$}}
nv_tileaa.func @debug(%cond: tensor<128xi1>, %x: tensor<128xf32>, %n: i32) {
    nv_tileaa.assert %cond, "index out of range" : tensor<128xi1>
    nv_tileaa.print "x=%f\n", %x : tensor<128xf32>
    %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32   // also bounded<lo, hi>, same_elements
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @tokens(
// CHECK-SAME: %[[T0:[^:]+]]: !nv_tileaa.mem_token, %[[T1:[^:]+]]: !nv_tileaa.mem_token)
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.create_mem_token : !nv_tileaa.mem_token{{$}}
// CHECK-NEXT: %{{[0-9]+}} = nv_tileaa.join_mem_token %[[T0]], %[[T1]] : !nv_tileaa.mem_token{{$}}
nv_tileaa.func @tokens(%t0: !nv_tileaa.mem_token, %t1: !nv_tileaa.mem_token) {
    %tk  = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %tj  = nv_tileaa.join_mem_token %t0, %t1 : !nv_tileaa.mem_token
  nv_tileaa.return
}
