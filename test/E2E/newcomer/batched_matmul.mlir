// Batched matmul with a rank-3 dot: C[b] = A[b] * B[b] for b < batch.
// A is batch x M x K, B is batch x K x N (f16), C is batch x M x N (f32),
// all contiguous row-major. Program (x, y, z) computes rows [32x, 32x + 32),
// columns [32y, 32y + 32) of batches [2z, 2z + 2): a 2 x 32 x 32 tile,
// accumulated over K in steps of 16 with `dot` on 2 x 32 x 16 and
// 2 x 16 x 32 tiles. Launch (ceil(M/32), ceil(N/32), ceil(batch/2)).
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry bmm(

nv_tileaa.func @bmm(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>,
                    %c: !nv_tileaa.ptr<f32>, %batch: i32, %m: i32, %n: i32,
                    %k: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %c32 = arith.constant 32 : i32
  %px = nv_tileaa.get_program_id x : i32
  %py = nv_tileaa.get_program_id y : i32
  %pz = nv_tileaa.get_program_id z : i32
  %m0 = arith.muli %px, %c32 : i32
  %n0 = arith.muli %py, %c32 : i32
  %b0 = arith.muli %pz, %c2 : i32

  // Index vectors: batches rb (2), rows rm (32), columns rn (32), k (16).
  %r2 = nv_tileaa.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %r32 = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %b0s = nv_tileaa.splat %b0 : i32 -> tensor<2xi32>
  %rb = arith.addi %b0s, %r2 : tensor<2xi32>
  %m0s = nv_tileaa.splat %m0 : i32 -> tensor<32xi32>
  %rm = arith.addi %m0s, %r32 : tensor<32xi32>
  %n0s = nv_tileaa.splat %n0 : i32 -> tensor<32xi32>
  %rn = arith.addi %n0s, %r32 : tensor<32xi32>

  // Batch index as 2 x 1 x 1, rows as 1 x 32 x 1, columns as 1 x 1 x 32,
  // k as 1 x 1 x 16 (for A) and 1 x 16 x 1 (for B).
  %rb1 = nv_tileaa.expand_dims %rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %rb3 = nv_tileaa.expand_dims %rb1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
  %rm1 = nv_tileaa.expand_dims %rm {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rm3 = nv_tileaa.expand_dims %rm1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
  %rn1 = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rn3 = nv_tileaa.expand_dims %rn1 {axis = 0 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
  %rk1 = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rka = nv_tileaa.expand_dims %rk1 {axis = 0 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
  %rkb = nv_tileaa.expand_dims %rk1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>

  // A offsets: b * (M * K) + m * K + k, on 2 x 32 x 16.
  %mk = arith.muli %m, %k : i32
  %kn = arith.muli %k, %n : i32
  %mn = arith.muli %m, %n : i32
  %ab = nv_tileaa.broadcast %rb3 : tensor<2x1x1xi32> -> tensor<2x32x16xi32>
  %am = nv_tileaa.broadcast %rm3 : tensor<1x32x1xi32> -> tensor<2x32x16xi32>
  %ak = nv_tileaa.broadcast %rka : tensor<1x1x16xi32> -> tensor<2x32x16xi32>
  %mks = nv_tileaa.splat %mk : i32 -> tensor<2x32x16xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<2x32x16xi32>
  %a_bo = arith.muli %ab, %mks : tensor<2x32x16xi32>
  %a_mo = arith.muli %am, %ks_a : tensor<2x32x16xi32>
  %a_bm = arith.addi %a_bo, %a_mo : tensor<2x32x16xi32>
  %batches_a = nv_tileaa.splat %batch : i32 -> tensor<2x32x16xi32>
  %ms_a = nv_tileaa.splat %m : i32 -> tensor<2x32x16xi32>
  %a_b_ok = arith.cmpi slt, %ab, %batches_a : tensor<2x32x16xi32>
  %a_m_ok = arith.cmpi slt, %am, %ms_a : tensor<2x32x16xi32>
  %a_ok = arith.andi %a_b_ok, %a_m_ok : tensor<2x32x16xi1>

  // B offsets: b * (K * N) + k * N + n, on 2 x 16 x 32.
  %bb = nv_tileaa.broadcast %rb3 : tensor<2x1x1xi32> -> tensor<2x16x32xi32>
  %bk = nv_tileaa.broadcast %rkb : tensor<1x16x1xi32> -> tensor<2x16x32xi32>
  %bn = nv_tileaa.broadcast %rn3 : tensor<1x1x32xi32> -> tensor<2x16x32xi32>
  %kns = nv_tileaa.splat %kn : i32 -> tensor<2x16x32xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<2x16x32xi32>
  %b_bo = arith.muli %bb, %kns : tensor<2x16x32xi32>
  %b_bn = arith.addi %b_bo, %bn : tensor<2x16x32xi32>
  %batches_b = nv_tileaa.splat %batch : i32 -> tensor<2x16x32xi32>
  %b_b_ok = arith.cmpi slt, %bb, %batches_b : tensor<2x16x32xi32>
  %b_n_ok = arith.cmpi slt, %bn, %ns_b : tensor<2x16x32xi32>
  %b_ok = arith.andi %b_b_ok, %b_n_ok : tensor<2x16x32xi1>

  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<2x32x16x!nv_tileaa.ptr<f16>>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<2x16x32x!nv_tileaa.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<2x32x32xf32>
  %c0 = arith.constant 0 : i32
  %acc = scf.for %kk = %c0 to %k step %c16 iter_args(%sum = %zero) -> (tensor<2x32x32xf32>) : i32 {
    // A[b, m, kk + k] and B[b, kk + k, n], masked past K.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<2x32x16xi32>
    %ka = arith.addi %kks_a, %ak : tensor<2x32x16xi32>
    %ka_ok = arith.cmpi slt, %ka, %ks_a : tensor<2x32x16xi32>
    %a_mask = arith.andi %a_ok, %ka_ok : tensor<2x32x16xi1>
    %a_offs = arith.addi %a_bm, %ka : tensor<2x32x16xi32>
    %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<2x32x16x!nv_tileaa.ptr<f16>>, tensor<2x32x16xi32>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<2x32x16x!nv_tileaa.ptr<f16>> -> tensor<2x32x16xf16>

    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<2x16x32xi32>
    %kb = arith.addi %kks_b, %bk : tensor<2x16x32xi32>
    %ks_b = nv_tileaa.splat %k : i32 -> tensor<2x16x32xi32>
    %kb_ok = arith.cmpi slt, %kb, %ks_b : tensor<2x16x32xi32>
    %b_mask = arith.andi %b_ok, %kb_ok : tensor<2x16x32xi1>
    %kb_rows = arith.muli %kb, %ns_b : tensor<2x16x32xi32>
    %b_offs = arith.addi %b_bn, %kb_rows : tensor<2x16x32xi32>
    %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<2x16x32x!nv_tileaa.ptr<f16>>, tensor<2x16x32xi32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<2x16x32x!nv_tileaa.ptr<f16>> -> tensor<2x16x32xf16>

    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<2x32x16xf16>, tensor<2x16x32xf16>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
    scf.yield %next : tensor<2x32x32xf32>
  }

  // C offsets: b * (M * N) + m * N + n, on 2 x 32 x 32.
  %cb = nv_tileaa.broadcast %rb3 : tensor<2x1x1xi32> -> tensor<2x32x32xi32>
  %cm = nv_tileaa.broadcast %rm3 : tensor<1x32x1xi32> -> tensor<2x32x32xi32>
  %cn = nv_tileaa.broadcast %rn3 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
  %mns = nv_tileaa.splat %mn : i32 -> tensor<2x32x32xi32>
  %ns_c = nv_tileaa.splat %n : i32 -> tensor<2x32x32xi32>
  %c_bo = arith.muli %cb, %mns : tensor<2x32x32xi32>
  %c_mo = arith.muli %cm, %ns_c : tensor<2x32x32xi32>
  %c_bm = arith.addi %c_bo, %c_mo : tensor<2x32x32xi32>
  %c_offs = arith.addi %c_bm, %cn : tensor<2x32x32xi32>
  %batches_c = nv_tileaa.splat %batch : i32 -> tensor<2x32x32xi32>
  %ms_c = nv_tileaa.splat %m : i32 -> tensor<2x32x32xi32>
  %c_b_ok = arith.cmpi slt, %cb, %batches_c : tensor<2x32x32xi32>
  %c_m_ok = arith.cmpi slt, %cm, %ms_c : tensor<2x32x32xi32>
  %c_n_ok = arith.cmpi slt, %cn, %ns_c : tensor<2x32x32xi32>
  %c_bm_ok = arith.andi %c_b_ok, %c_m_ok : tensor<2x32x32xi1>
  %c_mask = arith.andi %c_bm_ok, %c_n_ok : tensor<2x32x32xi1>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<2x32x32x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<2x32x32x!nv_tileaa.ptr<f32>>, tensor<2x32x32xi32>
  nv_tileaa.store %c_ptrs, %acc, %c_mask : tensor<2x32x32x!nv_tileaa.ptr<f32>>, tensor<2x32x32xf32>
  nv_tileaa.return
}
