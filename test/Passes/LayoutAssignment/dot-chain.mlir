// Chains of dots (docs/layouts.md, "Chains of dots"): P = exp2(S - rowmax(S))
// with S = A B, then P C. With 64 rows on 4 warps both dots get warps
// [4, 1]; S, its row maxima and P stay in the accumulator's fragments (the
// reduction on #mma, no conversion of S), and P reaches the second dot as
// a conversion from #mma to its A operand layout (a register permutation
// when lowered). The masks' index computations, shared with the loads'
// addresses, leave the loads in their blocked layout. On sm_90a both run
// on wgmma, the second with P, computed, read from registers (the same
// layouts).
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM90A

// SM90A-DAG: #[[ACC:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// SM90A-DAG: #[[A:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// SM90A-LABEL: nv_tileaa.func @chain
// SM90A: nv_tileaa.dot {{.*}}dot_path = "wgmma.m64n64k16 f16"} : {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// SM90A: %[[PA:.*]] = nv_tileaa.convert_layout %{{.*}} : tensor<64x64xf16, #[[ACC]]> -> tensor<64x64xf16, #[[A]]>
// SM90A: nv_tileaa.dot %[[PA]], {{.*}}dot_path = "wgmma.m64n64k16 f16 (A from registers)"} : tensor<64x64xf16, #[[A]]>

// CHECK-DAG: #[[ACC:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// CHECK-DAG: #[[A:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// CHECK-LABEL: nv_tileaa.func @chain
// CHECK: nv_tileaa.load %{{.*}} : tensor<64x64x!nv_tileaa.ptr<f16>, #blocked{{[0-9]*}}> -> tensor<64x64xf16, #blocked{{[0-9]*}}>
// CHECK: %[[S:.*]] = nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k16 f16"} : {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NOT: convert_layout %[[S]]
// CHECK: %[[MASKED:.*]] = arith.select %{{.*}}, %[[S]], %{{.*}} : tensor<64x64xi1, #[[ACC]]>, tensor<64x64xf32, #[[ACC]]>
// CHECK: nv_tileaa.reduce %[[MASKED]] {axis = 1 : i32} : tensor<64x64xf32, #[[ACC]]>
// CHECK: %[[P:.*]] = nv_tileaa.fp_to_fp %{{.*}} : tensor<64x64xf32, #[[ACC]]> -> tensor<64x64xf16, #[[ACC]]>
// CHECK: %[[PA:.*]] = nv_tileaa.convert_layout %[[P]] : tensor<64x64xf16, #[[ACC]]> -> tensor<64x64xf16, #[[A]]>
// CHECK: nv_tileaa.dot %[[PA]], %{{.*}}, %{{.*}} {nv_tileaa.dot_path = "mma.sync.m16n8k16 f16"} : tensor<64x64xf16, #[[A]]>, {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.store
nv_tileaa.func @chain(%pa: !nv_tileaa.ptr<f16>, %pb: !nv_tileaa.ptr<f16>, %pc: !nv_tileaa.ptr<f16>, %po: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %row = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rows = nv_tileaa.broadcast %row : tensor<64x1xi32> -> tensor<64x64xi32>
  %col = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cols = nv_tileaa.broadcast %col : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %rowoff = arith.muli %rows, %c64 : tensor<64x64xi32>
  %offs = arith.addi %rowoff, %cols : tensor<64x64xi32>
  %a0 = nv_tileaa.splat %pa : !nv_tileaa.ptr<f16> -> tensor<64x64x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %a0, %offs : tensor<64x64x!nv_tileaa.ptr<f16>>, tensor<64x64xi32>
  %a = nv_tileaa.load %ap : tensor<64x64x!nv_tileaa.ptr<f16>> -> tensor<64x64xf16>
  %b0 = nv_tileaa.splat %pb : !nv_tileaa.ptr<f16> -> tensor<64x64x!nv_tileaa.ptr<f16>>
  %bp = nv_tileaa.addptr %b0, %offs : tensor<64x64x!nv_tileaa.ptr<f16>>, tensor<64x64xi32>
  %b = nv_tileaa.load %bp : tensor<64x64x!nv_tileaa.ptr<f16>> -> tensor<64x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = nv_tileaa.dot %a, %b, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  // Columns at or past %n are masked (the mask shares %cols with the
  // addresses).
  %ns = nv_tileaa.splat %n : i32 -> tensor<64x64xi32>
  %ok = arith.cmpi slt, %cols, %ns : tensor<64x64xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %masked = arith.select %ok, %s, %ninf : tensor<64x64xi1>, tensor<64x64xf32>
  %max = nv_tileaa.reduce %masked {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %y : f32
    nv_tileaa.yield %m : f32
  }
  %mc = nv_tileaa.expand_dims %max {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %mb = nv_tileaa.broadcast %mc : tensor<64x1xf32> -> tensor<64x64xf32>
  %sh = nv_tileaa.subf %masked, %mb : tensor<64x64xf32>
  %e = nv_tileaa.exp2 %sh : tensor<64x64xf32>
  %p = nv_tileaa.fp_to_fp %e : tensor<64x64xf32> -> tensor<64x64xf16>
  %c0 = nv_tileaa.splat %pc : !nv_tileaa.ptr<f16> -> tensor<64x64x!nv_tileaa.ptr<f16>>
  %cp = nv_tileaa.addptr %c0, %offs : tensor<64x64x!nv_tileaa.ptr<f16>>, tensor<64x64xi32>
  %c = nv_tileaa.load %cp : tensor<64x64x!nv_tileaa.ptr<f16>> -> tensor<64x64xf16>
  %o = nv_tileaa.dot %p, %c, %zero : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %o0 = nv_tileaa.splat %po : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %o0, %offs : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %op, %o : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// With 32 rows on 4 warps no warp can own whole rows of both: the usual
// spread ([2, 2] for the 32 x 32 scores).
// CHECK: #[[SHORT:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-LABEL: nv_tileaa.func @short_chain
// CHECK: nv_tileaa.dot {{.*}} -> tensor<32x32xf32, #[[SHORT]]>
nv_tileaa.func @short_chain(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>, %c: tensor<32x64xf16>) -> tensor<32x64xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = nv_tileaa.dot %a, %b, %z : tensor<32x64xf16>, tensor<64x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
  %p = nv_tileaa.fp_to_fp %s : tensor<32x32xf32> -> tensor<32x32xf16>
  %z2 = arith.constant dense<0.0> : tensor<32x64xf32>
  %o = nv_tileaa.dot %p, %c, %z2 : tensor<32x32xf16>, tensor<32x64xf16>, tensor<32x64xf32> -> tensor<32x64xf32>
  nv_tileaa.return %o : tensor<32x64xf32>
}
