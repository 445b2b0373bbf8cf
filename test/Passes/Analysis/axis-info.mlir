// Contiguity, divisibility and constancy facts of the axis-info analysis
// (the facts that decide load/store vector widths and mask uniformity).
// Every integer and pointer result gets one remark.
// RUN: tileiras-opt %s -split-input-file --test-tileaa-axis-info -verify-diagnostics

// make_range is contiguous over its whole length and its first element is
// `start`; constants and splats are constant over the whole tile.
nv_tileaa.func @ranges() {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r0 = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %r64 = nv_tileaa.make_range {start = 64 : i32, end = 128 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant = 24}}
  %c24 = arith.constant 24 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128], constant = 24}}
  %s = nv_tileaa.splat %c24 : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64], constant = 12}}
  %d = arith.constant dense<12> : tensor<64xi32>
  // range + splat: still contiguous, first element 24 + 0.
  // expected-remark @below {{contiguity = [128], divisibility = [8], constancy = [1]}}
  %sum = arith.addi %r0, %s : tensor<128xi32>
  // range - splat: contiguous too.
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %diff = arith.subi %r64, %d : tensor<64xi32>
  // splat - range decreases: not contiguous, and 12 - 65 is odd.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %rev = arith.subi %d, %r64 : tensor<64xi32>
  nv_tileaa.return
}

// -----

// Kernel pointer arguments are 16-byte aligned by contract; pointers of
// other functions only to their element. addptr scales offsets by the
// element size.
nv_tileaa.func @pointers(%p: !nv_tileaa.ptr<f32>, %h: !nv_tileaa.ptr<f16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %pp = nv_tileaa.addptr %ps, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 1}}
  %one = arith.constant 1 : i32
  // A scalar pointer moved by one f16 is 2-byte aligned.
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %h1 = nv_tileaa.addptr %h, %one : !nv_tileaa.ptr<f16>, i32
  nv_tileaa.return
}

nv_tileaa.func @device(%p: !nv_tileaa.ptr<f64>, %q: !nv_tileaa.ptr<i8, 3>) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64]}}
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<f64> -> tensor<64x!nv_tileaa.ptr<f64>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %qs = nv_tileaa.splat %q : !nv_tileaa.ptr<i8, 3> -> tensor<64x!nv_tileaa.ptr<i8, 3>>
  nv_tileaa.return
}

// -----

// muli: a program offset pid * 1024 is a multiple of 1024; x * 1 is x.
nv_tileaa.func @products() {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = nv_tileaa.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant = 1024}}
  %c1024 = arith.constant 1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
  %start = arith.muli %pid, %c1024 : i32
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [256], constant = 1}}
  %ones = arith.constant dense<1> : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1]}}
  %same = arith.muli %r, %ones : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256], constant = 4}}
  %fours = arith.constant dense<4> : tensor<256xi32>
  // A strided range: every element a multiple of 4, no longer contiguous.
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %strided = arith.muli %r, %fours : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [256]}}
  %starts = nv_tileaa.splat %start : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [1024], constancy = [1]}}
  %offs = arith.addi %starts, %r : tensor<256xi32>
  nv_tileaa.return
}

// -----

// A mask offs < n is constant over aligned groups of g elements when offs
// is contiguous from a multiple of g and n is a multiple of g; assume
// div_by supplies the fact about n. Only predicates that flip exactly at
// offs == n (<, >=, and the mirrored >, <=) keep the groups.
nv_tileaa.func @masks(%n: i32) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %offs = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %bound = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  // Nothing known about n: every element may differ.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %m0 = arith.cmpi slt, %offs, %bound : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %bound16 = nv_tileaa.splat %n16 : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %lt = arith.cmpi slt, %offs, %bound16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %ge = arith.cmpi uge, %offs, %bound16 : tensor<128xi32>
  // n > offs is offs < n.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %bound16, %offs : tensor<128xi32>
  // offs <= n flips between n and n + 1, inside a group.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %le = arith.cmpi sle, %offs, %bound16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %gt2 = arith.cmpi sgt, %offs, %bound16 : tensor<128xi32>
  // Combined masks keep the common groups.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %both = arith.andi %lt, %ge : tensor<128xi1>
  nv_tileaa.return
}

// -----

// The induction variable of scf.for is a multiple of gcd(lb, step).
nv_tileaa.func @loops(%ub: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant = 32}}
  %c32 = arith.constant 32 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant = 48}}
  %c48 = arith.constant 48 : i32
  scf.for %iv = %c0 to %ub step %c32 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [64]}}
    %s = nv_tileaa.splat %iv : i32 -> tensor<64xi32>
  }
  scf.for %iv = %c48 to %ub step %c32 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
    %s = nv_tileaa.splat %iv : i32 -> tensor<64xi32>
  }
  nv_tileaa.return
}

// -----

// Divisibility describes the first element of each contiguous run: when a
// sum is cut into shorter runs, the range's divisibility no longer holds at
// their starts.
nv_tileaa.func @runs(%p: !nv_tileaa.ptr<i32>) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64]}}
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<i32> -> tensor<64x!nv_tileaa.ptr<i32>>
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %pp = nv_tileaa.addptr %ps, %r : tensor<64x!nv_tileaa.ptr<i32>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %x = nv_tileaa.load %pp : tensor<64x!nv_tileaa.ptr<i32>> -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %x16 = nv_tileaa.assume %x {div_by = 16 : i64} : tensor<64xi32>
  // 1 + 16k is odd: the range's divisibility only holds at its first
  // element, and every element is now a run of its own.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %y = arith.addi %r, %x16 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64], constant = 4}}
  %fours = nv_tileaa.splat %c4 : i32 -> tensor<64xi32>
  // Runs of 4 equal values: groups of 4 starting at multiples of 4.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %same = nv_tileaa.assume %x {same_elements = array<i64: 4>} : tensor<64xi32>
  // Adding a range to a value constant over runs of 4 gives runs of 4 that
  // start inside the range's single run: divisibility gcd(., 4) at most.
  // expected-remark @below {{contiguity = [4], divisibility = [1], constancy = [1]}}
  %z = arith.addi %r, %same : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [4]}}
  %same16 = nv_tileaa.assume %same {div_by = 16 : i64} : tensor<64xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %w = arith.addi %r, %same16 : tensor<64xi32>
  nv_tileaa.return
}

// -----

// assume div_by with every/along: the claim covers the start of every run
// when runs are at least `every` long.
nv_tileaa.func @every(%x: tensor<128xi32>, %pid: i32) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %s = nv_tileaa.splat %pid : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %offs = arith.addi %s, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %a = nv_tileaa.assume %offs {div_by = 16 : i64, every = 16 : i64, along = 0 : i64} : tensor<128xi32>
  // Runs of one element are not all covered by a claim about every 16th.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %b = nv_tileaa.assume %x {div_by = 16 : i64, every = 16 : i64, along = 0 : i64} : tensor<128xi32>
  nv_tileaa.return
}

// -----

// expand_dims: along the new size-1 axis every element starts a run, so only
// what holds for every element carries over (a range's elements are only
// 1-divisible). Otherwise rows[:, None] * ld would claim alignment for an
// unknown ld and a row-major tile would vectorize across misaligned rows.
nv_tileaa.func @expand(%ld: i32) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %col = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %row = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 32]}}
  %rows = nv_tileaa.broadcast %col : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [64, 32]}}
  %lds = nv_tileaa.splat %ld : i32 -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 32]}}
  %starts = arith.muli %rows, %lds : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 32]}}
  %lds16 = nv_tileaa.assume %lds {div_by = 16 : i64} : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 32]}}
  %starts16 = arith.muli %rows, %lds16 : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64], constant = 8}}
  %eights = arith.constant dense<8> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [64, 1], constant = 8}}
  %e8 = nv_tileaa.expand_dims %eights {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  nv_tileaa.return
}

// -----

// view (row-major reshape) keeps runs along the innermost dimension, cut
// at the new row length; outer dimensions keep per-element facts only.
nv_tileaa.func @views() {
  // expected-remark @below {{contiguity = [8192], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 8192 : i32} : tensor<8192xi32>
  // Split: runs become rows of 128, each starting at a multiple of 128.
  // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 128], constancy = [1, 1]}}
  %v = nv_tileaa.view %r : tensor<8192xi32> -> tensor<64x128xi32>
  // Merge back: runs of 128 (row starts), not of 8192.
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %w = nv_tileaa.view %v : tensor<64x128xi32> -> tensor<8192xi32>
  // A splat stays a splat.
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant = 32}}
  %c = arith.constant 32 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [256], constant = 32}}
  %s = nv_tileaa.splat %c : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [32, 32], constancy = [16, 16], constant = 32}}
  %sv = nv_tileaa.view %s : tensor<256xi32> -> tensor<16x16xi32>
  nv_tileaa.return
}

// -----

// Pointer casts keep the addresses' facts. Runs of consecutive elements
// survive between equal element sizes (f32 <-> i32, ptr<i8> <-> i64) and
// end otherwise, where the element step bounds the divisibility.
nv_tileaa.func @pointer_casts(%p: !nv_tileaa.ptr<f32>, %a: i64) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %pp = nv_tileaa.addptr %ps, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %qi = nv_tileaa.ptr_to_ptr %pp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %qb = nv_tileaa.ptr_to_ptr %pp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i8>>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %ints = nv_tileaa.ptr_to_int %pp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %base = nv_tileaa.ptr_to_int %p : !nv_tileaa.ptr<f32> -> i64
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %back = nv_tileaa.int_to_ptr %base : i64 -> !nv_tileaa.ptr<f32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %bs = nv_tileaa.splat %back : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %bp = nv_tileaa.addptr %bs, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.return
}
