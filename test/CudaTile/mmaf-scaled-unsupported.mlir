// mmaf_scaled parses and verifies but has no lowering yet (nv_tileaa.dot
// has no scale operands): the compile stops with exit status 1 and an
// error at the op, never a dot without its scales.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_100a %s -o %t.ptx 2>&1 | FileCheck %s
// CHECK: mmaf-scaled-unsupported.mlir:[[@LINE+8]]:10: error: 'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: block-scaled matrix multiply (mmaf_scaled) has no nv_tileaa lowering yet
cuda_tile.module @kernels {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x1xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<1x64xf8E8M0FNU>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>, tile<64x1xf8E8M0FNU>, tile<1x64xf8E8M0FNU>
    return
  }
}
