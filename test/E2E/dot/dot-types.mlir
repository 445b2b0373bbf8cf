// One kernel per dot element-type combination (docs/language.md 5.6), each
// loading A, B and C, computing D = A * B + C and storing D (K = 8: the FMA
// path, except tf32, whose m16n8k8 fits from sm_80, and f64, whose m8n8k4
// fits from sm_80); compiled for every
// target and assembled. The conversions depend on the target: cvt.rna.tf32.f32 from sm_80, cvt.rn.f16x2.e4m3x2/e5m2x2 from
// sm_89, integer ops before; dp4a for i8.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: FileCheck %s --check-prefixes=CHECK,SM75 < %t/dot-types.sm_75.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t/dot-types.sm_80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM89 < %t/dot-types.sm_89.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM89 < %t/dot-types.sm_90a.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM89 < %t/dot-types.sm_100a.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM89 < %t/dot-types.sm_120a.ptx

// CHECK-LABEL: .entry dot_f16(
// (sm_100 and later fuse the widening: fma.rn.f32.f16)
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry dot_bf16(
// CHECK: shl.b32
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry dot_f32(
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry dot_tf32(
// SM75-NOT: cvt.rna.tf32.f32
// SM75: and.b32 {{.*}}, -8192;
// SM75: fma.rn.f32
// (16x16x8 tf32 holds m16n8k8 instructions: tensor cores from sm_80)
// SM80: cvt.rna.tf32.f32
// SM80: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SM89: cvt.rna.tf32.f32
// SM89: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-LABEL: .entry dot_f64(
// SM75: fma.rn.f64
// SM80-NOT: fma.rn.f64
// SM80: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// SM89-NOT: fma.rn.f64
// SM89: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK-LABEL: .entry dot_f8(
// SM75-NOT: e4m3x2
// SM80-NOT: e4m3x2
// SM89: cvt.rn.f16x2.e4m3x2
// SM89: cvt.rn.f16x2.e5m2x2
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry dot_i8(
// CHECK: dp4a.s32.u32
// CHECK: ret;



nv_tileaa.func @dot_f16(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<16x8x!nv_tileaa.ptr<f16>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<f16>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<f16>> -> tensor<16x8xf16>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<8x16x!nv_tileaa.ptr<f16>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<f16>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<f16>> -> tensor<8x16xf16>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f32>> -> tensor<16x16xf32>
  %d = nv_tileaa.dot %av, %bv, %cv  : tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @dot_bf16(%a: !nv_tileaa.ptr<bf16>, %b: !nv_tileaa.ptr<bf16>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<bf16> -> tensor<16x8x!nv_tileaa.ptr<bf16>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<bf16>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<bf16>> -> tensor<16x8xbf16>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<bf16> -> tensor<8x16x!nv_tileaa.ptr<bf16>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<bf16>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<bf16>> -> tensor<8x16xbf16>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f32>> -> tensor<16x16xf32>
  %d = nv_tileaa.dot %av, %bv, %cv  : tensor<16x8xbf16>, tensor<8x16xbf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @dot_f32(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<16x8x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<f32>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<f32>> -> tensor<16x8xf32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<8x16x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<f32>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<f32>> -> tensor<8x16xf32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f32>> -> tensor<16x16xf32>
  %d = nv_tileaa.dot %av, %bv, %cv {propagate_nan} : tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @dot_tf32(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<16x8x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<f32>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<f32>> -> tensor<16x8xf32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<8x16x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<f32>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<f32>> -> tensor<8x16xf32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f32>> -> tensor<16x16xf32>
  %at = nv_tileaa.fp_to_fp %av : tensor<16x8xf32> -> tensor<16x8xtf32>
  %bt = nv_tileaa.fp_to_fp %bv : tensor<8x16xf32> -> tensor<8x16xtf32>
  %d = nv_tileaa.dot %at, %bt, %cv  : tensor<16x8xtf32>, tensor<8x16xtf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @dot_f64(%a: !nv_tileaa.ptr<f64>, %b: !nv_tileaa.ptr<f64>, %c: !nv_tileaa.ptr<f64>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f64> -> tensor<16x8x!nv_tileaa.ptr<f64>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<f64>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<f64>> -> tensor<16x8xf64>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f64> -> tensor<8x16x!nv_tileaa.ptr<f64>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<f64>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<f64>> -> tensor<8x16xf64>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f64> -> tensor<16x16x!nv_tileaa.ptr<f64>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f64>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f64>> -> tensor<16x16xf64>
  %d = nv_tileaa.dot %av, %bv, %cv  : tensor<16x8xf64>, tensor<8x16xf64>, tensor<16x16xf64> -> tensor<16x16xf64>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f64>>, tensor<16x16xf64>
  nv_tileaa.return
}

nv_tileaa.func @dot_f8(%a: !nv_tileaa.ptr<f8E4M3FN>, %b: !nv_tileaa.ptr<f8E5M2>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E4M3FN> -> tensor<16x8x!nv_tileaa.ptr<f8E4M3FN>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<f8E4M3FN>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<16x8xf8E4M3FN>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E5M2> -> tensor<8x16x!nv_tileaa.ptr<f8E5M2>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<f8E5M2>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<f8E5M2>> -> tensor<8x16xf8E5M2>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<f32>> -> tensor<16x16xf32>
  %d = nv_tileaa.dot %av, %bv, %cv  : tensor<16x8xf8E4M3FN>, tensor<8x16xf8E5M2>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @dot_i8(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>, %c: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %am = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %ak = nv_tileaa.broadcast %k_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %sa = arith.constant dense<8> : tensor<16x8xi32>
  %am_s = arith.muli %am, %sa : tensor<16x8xi32>
  %a_offs = arith.addi %am_s, %ak : tensor<16x8xi32>
  %bk = nv_tileaa.broadcast %k_col : tensor<8x1xi32> -> tensor<8x16xi32>
  %bn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<8x16xi32>
  %sb = arith.constant dense<16> : tensor<8x16xi32>
  %bk_s = arith.muli %bk, %sb : tensor<8x16xi32>
  %b_offs = arith.addi %bk_s, %bn : tensor<8x16xi32>
  %cm = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x16xi32>
  %cn = nv_tileaa.broadcast %n_row : tensor<1x16xi32> -> tensor<16x16xi32>
  %sc = arith.constant dense<16> : tensor<16x16xi32>
  %cm_s = arith.muli %cm, %sc : tensor<16x16xi32>
  %c_offs = arith.addi %cm_s, %cn : tensor<16x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<16x8x!nv_tileaa.ptr<i8>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<16x8x!nv_tileaa.ptr<i8>>, tensor<16x8xi32>
  %av = nv_tileaa.load %a_ptrs : tensor<16x8x!nv_tileaa.ptr<i8>> -> tensor<16x8xi8>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<8x16x!nv_tileaa.ptr<i8>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<8x16x!nv_tileaa.ptr<i8>>, tensor<8x16xi32>
  %bv = nv_tileaa.load %b_ptrs : tensor<8x16x!nv_tileaa.ptr<i8>> -> tensor<8x16xi8>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<i32> -> tensor<16x16x!nv_tileaa.ptr<i32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<16x16x!nv_tileaa.ptr<i32>>, tensor<16x16xi32>
  %cv = nv_tileaa.load %c_ptrs : tensor<16x16x!nv_tileaa.ptr<i32>> -> tensor<16x16xi32>
  %d = nv_tileaa.dot %av, %bv, %cv {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<16x8xi8>, tensor<8x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x16x!nv_tileaa.ptr<i32>>, tensor<16x16xi32>
  nv_tileaa.return
}
