// Flash-attention forward for one head:
//   O = softmax(Q K^T * scale) V
// Q is L x 64, K and V are S x 64 (f16, row-major, rows contiguous: head
// dimension 64) and O is L x 64 (f32). Each program owns 64 query rows. It
// loads its Q tile once, then walks the keys in blocks of 32:
//
//   scores = Q (64 x 64) x K_blk^T (64 x 32)    -- `permute` turns the
//                                                  loaded K block
//   scores = scores * scale * log2(e); keys >= S masked to -inf
//   m_new  = max(m, rowmax(scores))             -- running max (f32)
//   p      = exp2(scores - m_new)
//   alpha  = exp2(m - m_new)                    -- rescales the old state
//   l      = l * alpha + rowsum(p)              -- running sum (f32)
//   acc    = acc * alpha + f16(p) (64 x 32) x V_blk (32 x 64)
//
// and finally stores O = acc / l (rows >= L masked). Both dots run on
// mma.sync.m16n8k16 (f16 x f16 -> f32) on sm_80 and later, on wgmma with
// A from registers on sm_90a, the FMA path on sm_75. The two dots form a
// chain (P comes from the first), so each of the 4 warps owns 16 whole
// query rows in both: the scores, the online softmax and P stay in the
// first dot's accumulator fragments (row maxima and sums within the 4
// lanes of a row), and P's f16 fragments are the A fragments of the second
// dot, register for register (FlashAttention-2's structure;
// docs/layouts.md, "Chains of dots"). The K and V blocks are copied two
// blocks ahead with cp.async (the permute of K becomes a load of permuted
// pointers). Launch ceil(L / 64) programs; 4 warps each. S must be at
// least 1.
//
//   tileiras --gpu-name=sm_90a examples/attention.mlir -o attention.ptx

nv_tileaa.func @attention(%q: !nv_tileaa.ptr<f16>, %k: !nv_tileaa.ptr<f16>,
                          %v: !nv_tileaa.ptr<f16>, %o: !nv_tileaa.ptr<f32>,
                          %seq_q: i32, %seq_k: i32, %scale: f32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %pid = nv_tileaa.get_program_id x : i32
  %row0 = arith.muli %pid, %c64 : i32

  // Query rows of this program (rm), key rows of one block (rn), and the
  // head dimension (rd).
  %r64 = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r32 = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<64xi32>
  %rm = arith.addi %row0s, %r64 : tensor<64xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rm2d = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x64xi32>
  %rd_row = nv_tileaa.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rd2d = nv_tileaa.broadcast %rd_row : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64s = arith.constant dense<64> : tensor<64x64xi32>

  // Q tile: q + rm * 64 + rd, rows below L.
  %q_rows = arith.muli %rm2d, %c64s : tensor<64x64xi32>
  %q_offs = arith.addi %q_rows, %rd2d : tensor<64x64xi32>
  %q_base = nv_tileaa.splat %q : !nv_tileaa.ptr<f16> -> tensor<64x64x!nv_tileaa.ptr<f16>>
  %q_ptrs = nv_tileaa.addptr %q_base, %q_offs : tensor<64x64x!nv_tileaa.ptr<f16>>, tensor<64x64xi32>
  %seq_qs = nv_tileaa.splat %seq_q : i32 -> tensor<64x64xi32>
  %q_mask = arith.cmpi slt, %rm2d, %seq_qs : tensor<64x64xi32>
  %q_tile = nv_tileaa.load %q_ptrs, %q_mask : tensor<64x64x!nv_tileaa.ptr<f16>> -> tensor<64x64xf16>

  // Offsets of one K or V block relative to its first key: r32 * 64 + rd.
  %rn_col = nv_tileaa.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn2d = nv_tileaa.broadcast %rn_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %rd2d_kv = nv_tileaa.broadcast %rd_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %c64s_kv = arith.constant dense<64> : tensor<32x64xi32>
  %kv_rows = arith.muli %rn2d, %c64s_kv : tensor<32x64xi32>
  %kv_offs = arith.addi %kv_rows, %rd2d_kv : tensor<32x64xi32>
  %k_base = nv_tileaa.splat %k : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %k_ptrs0 = nv_tileaa.addptr %k_base, %kv_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %v_base = nv_tileaa.splat %v : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %v_ptrs0 = nv_tileaa.addptr %v_base, %kv_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %seq_ks = nv_tileaa.splat %seq_k : i32 -> tensor<32x64xi32>
  // Key index of each score column (for the -inf mask of the last block).
  %rn_row = nv_tileaa.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rn_s = nv_tileaa.broadcast %rn_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %seq_k_s = nv_tileaa.splat %seq_k : i32 -> tensor<64x32xi32>

  // scale * log2(e): softmax through exp2.
  %log2e = arith.constant 1.44269502 : f32
  %qk_scale1 = arith.mulf %scale, %log2e : f32
  %qk_scale = nv_tileaa.splat %qk_scale1 : f32 -> tensor<64x32xf32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<64x32xf32>
  %zero_s = arith.constant dense<0.0> : tensor<64x32xf32>
  %step = arith.constant dense<2048> : tensor<32x64xi32>  // 32 keys * 64

  %m0 = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l0 = arith.constant dense<0.0> : tensor<64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %acc, %m_end, %l_end, %k_end, %v_end = scf.for %kk = %c0 to %seq_k step %c32
      iter_args(%acc_i = %acc0, %m_i = %m0, %l_i = %l0, %k_ptrs = %k_ptrs0,
                %v_ptrs = %v_ptrs0)
      -> (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>,
          tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>) : i32 {
    // Keys kk + r32 below S; missing rows of K and V read 0.
    %kks = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %keys = arith.addi %kks, %rn2d : tensor<32x64xi32>
    %kv_mask = arith.cmpi slt, %keys, %seq_ks : tensor<32x64xi32>
    %k_tile = nv_tileaa.load %k_ptrs, %kv_mask : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
    %k_t = nv_tileaa.permute %k_tile {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
    %qk = nv_tileaa.dot %q_tile, %k_t, %zero_s : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>

    // Scaled scores, -inf for keys >= S.
    %scaled = nv_tileaa.mulf %qk, %qk_scale : tensor<64x32xf32>
    %kks_s = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %keys_s = arith.addi %kks_s, %rn_s : tensor<64x32xi32>
    %key_ok = arith.cmpi slt, %keys_s, %seq_k_s : tensor<64x32xi32>
    %s = arith.select %key_ok, %scaled, %neg_inf : tensor<64x32xi1>, tensor<64x32xf32>

    // Running max; every block holds at least one key, so m_new is finite.
    %blk_max = nv_tileaa.reduce %s {axis = 1 : i32} : tensor<64x32xf32> -> tensor<64xf32> {
    ^bb0(%a0: f32, %a1: f32):
      %mx = arith.maximumf %a0, %a1 : f32
      nv_tileaa.yield %mx : f32
    }
    %m_new = arith.maximumf %m_i, %blk_max : tensor<64xf32>
    %m_col = nv_tileaa.expand_dims %m_new {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %m2d = nv_tileaa.broadcast %m_col : tensor<64x1xf32> -> tensor<64x32xf32>
    %shifted = nv_tileaa.subf %s, %m2d : tensor<64x32xf32>
    %p = nv_tileaa.exp2 %shifted : tensor<64x32xf32>
    %m_diff = nv_tileaa.subf %m_i, %m_new : tensor<64xf32>
    %alpha = nv_tileaa.exp2 %m_diff : tensor<64xf32>

    // Running sum.
    %p_sum = nv_tileaa.reduce %p {axis = 1 : i32} : tensor<64x32xf32> -> tensor<64xf32> {
    ^bb0(%b0: f32, %b1: f32):
      %sum = arith.addf %b0, %b1 : f32
      nv_tileaa.yield %sum : f32
    }
    %l_scaled = nv_tileaa.mulf %l_i, %alpha : tensor<64xf32>
    %l_new = nv_tileaa.addf %l_scaled, %p_sum : tensor<64xf32>

    // acc * alpha + P V, P in f16 for the tensor cores.
    %alpha_col = nv_tileaa.expand_dims %alpha {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %alpha2d = nv_tileaa.broadcast %alpha_col : tensor<64x1xf32> -> tensor<64x64xf32>
    %acc_scaled = nv_tileaa.mulf %acc_i, %alpha2d : tensor<64x64xf32>
    %p16 = nv_tileaa.fp_to_fp %p : tensor<64x32xf32> -> tensor<64x32xf16>
    %v_tile = nv_tileaa.load %v_ptrs, %kv_mask : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
    %acc_new = nv_tileaa.dot %p16, %v_tile, %acc_scaled : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>

    %k_next = nv_tileaa.addptr %k_ptrs, %step : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
    %v_next = nv_tileaa.addptr %v_ptrs, %step : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
    scf.yield %acc_new, %m_new, %l_new, %k_next, %v_next
        : tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>,
          tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>
  }

  // O = acc / l, rows below L.
  %l_col = nv_tileaa.expand_dims %l_end {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %l2d = nv_tileaa.broadcast %l_col : tensor<64x1xf32> -> tensor<64x64xf32>
  %out = nv_tileaa.divf %acc, %l2d : tensor<64x64xf32>
  %o_base = nv_tileaa.splat %o : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %o_ptrs = nv_tileaa.addptr %o_base, %q_offs : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %o_ptrs, %out, %q_mask : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
