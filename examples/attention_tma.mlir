// attention.mlir's flash-attention forward on tensor descriptors:
//   O = softmax(Q K^T * scale) V
// Q is L x 64, K and V are S x 64 (f16, row-major, head dimension 64) and
// O is L x 64 (f32), each described once with `make_memref`. Each program
// owns 64 query rows: it reads its Q tile once with `tiled_load`, walks the
// keys in blocks of 32 (block b: `tiled_load` of K and V at tile (b, 0);
// rows past S read 0), keeps the running max and sum in f32 (online
// softmax through exp2), and writes O = acc / l with `tiled_store` (rows
// past L are not written).
//
// From sm_90 the V blocks, which feed the second dot directly, come
// through TMA, pipelined in a 3-slot ring; the K blocks go through a
// `permute` first (their tiled_load becomes a load of permuted pointers,
// pipelined through cp.async) and the Q tile is read once, so they keep
// the pointer path; O is stored with TMA (16-byte rows, a 16 KiB staging
// buffer). On sm_90a both dots run on wgmma, A (Q, then P) from
// registers. On sm_80 every access is pointer code. S must be at least 1 (a tensor map
// cannot describe an empty tensor, and every block must hold a key).
// As in attention.mlir, the warps own whole query rows in both dots and
// P stays in registers. Launch ceil(L / 64) programs; 4 warps each.
//
//   tileiras --gpu-name=sm_90a examples/attention_tma.mlir -o attention_tma.ptx

nv_tileaa.func @attention_tma(%q: !nv_tileaa.ptr<f16>, %k: !nv_tileaa.ptr<f16>,
                              %v: !nv_tileaa.ptr<f16>, %o: !nv_tileaa.ptr<f32>,
                              %seq_q: i32, %seq_k: i32, %scale: f32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %qm = nv_tileaa.make_memref %q, sizes [%seq_q], strides []
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x64xf16, strides = [64, 1]>
  %km = nv_tileaa.make_memref %k, sizes [%seq_k], strides []
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x64xf16, strides = [64, 1]>
  %vm = nv_tileaa.make_memref %v, sizes [%seq_k], strides []
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x64xf16, strides = [64, 1]>
  %om = nv_tileaa.make_memref %o, sizes [%seq_q], strides []
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x64xf32, strides = [64, 1]>

  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %pid = nv_tileaa.get_program_id x : i32
  %q_tile = nv_tileaa.tiled_load %qm[%pid, %c0] : !nv_tileaa.memref<?x64xf16, strides = [64, 1]> -> tensor<64x64xf16>

  // Key index of each score column (for the -inf mask of the last block).
  %r32 = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn_row = nv_tileaa.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rn_s = nv_tileaa.broadcast %rn_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %seq_k_s = nv_tileaa.splat %seq_k : i32 -> tensor<64x32xi32>

  // scale * log2(e): softmax through exp2.
  %log2e = arith.constant 1.44269502 : f32
  %qk_scale1 = arith.mulf %scale, %log2e : f32
  %qk_scale = nv_tileaa.splat %qk_scale1 : f32 -> tensor<64x32xf32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<64x32xf32>
  %zero_s = arith.constant dense<0.0> : tensor<64x32xf32>

  %m0 = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l0 = arith.constant dense<0.0> : tensor<64xf32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %k31 = arith.addi %seq_k, %c31 : i32
  %blocks = arith.divui %k31, %c32 : i32
  %acc, %m_end, %l_end = scf.for %b = %c0 to %blocks step %c1
      iter_args(%acc_i = %acc0, %m_i = %m0, %l_i = %l0)
      -> (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>) : i32 {
    %k_tile = nv_tileaa.tiled_load %km[%b, %c0] : !nv_tileaa.memref<?x64xf16, strides = [64, 1]> -> tensor<32x64xf16>
    %k_t = nv_tileaa.permute %k_tile {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
    %qk = nv_tileaa.dot %q_tile, %k_t, %zero_s : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>

    // Scaled scores, -inf for keys >= S.
    %scaled = nv_tileaa.mulf %qk, %qk_scale : tensor<64x32xf32>
    %kk = arith.muli %b, %c32 : i32
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
    %v_tile = nv_tileaa.tiled_load %vm[%b, %c0] : !nv_tileaa.memref<?x64xf16, strides = [64, 1]> -> tensor<32x64xf16>
    %acc_new = nv_tileaa.dot %p16, %v_tile, %acc_scaled : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    scf.yield %acc_new, %m_new, %l_new : tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>
  }

  // O = acc / l.
  %l_col = nv_tileaa.expand_dims %l_end {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %l2d = nv_tileaa.broadcast %l_col : tensor<64x1xf32> -> tensor<64x64xf32>
  %out = nv_tileaa.divf %acc, %l2d : tensor<64x64xf32>
  nv_tileaa.tiled_store %om[%pid, %c0], %out : !nv_tileaa.memref<?x64xf32, strides = [64, 1]>, tensor<64x64xf32>
  nv_tileaa.return
}
