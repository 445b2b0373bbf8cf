// On sm_100a examples/matmul.mlir's dot (128 x 128, 8 warps) is meant for
// tcgen05.mma: its accumulator has tensor memory's layout (a row per
// thread, warpgroup 1 on the right half of the columns), the pipeliner
// stages A and B in the canonical layouts with a spare slot (3 stages, 4
// slots: a step's MMAs still read theirs while the next step copies), and
// tileaa-warpgroup-dots reads them from their slots (cp.async filled
// them: proxy fence), keeping the accumulator in tensor memory across the
// K loop (tmem_dot per step, pending, on two mbarriers; tmem_wait and
// tmem_load after the loop; test/Passes/Pipelining/
// tensor-memory-accumulator.mlir has the details).
// Plain sm_100 and sm_120a keep
// mma.sync; a dot of 64 rows says why it is not tcgen05.
// RUN: tileiras-opt %tileiras_src/examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-assign-layouts -tileaa-pipeline -tileaa-warpgroup-dots | FileCheck %s
// RUN: tileiras-opt %tileiras_src/examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_110f' -tileaa-assign-layouts | FileCheck %s --check-prefix=PATH
// RUN: tileiras-opt %tileiras_src/examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_100' -tileaa-assign-layouts | FileCheck %s --check-prefix=PLAIN
// RUN: tileiras-opt %tileiras_src/examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_120a' -tileaa-assign-layouts | FileCheck %s --check-prefix=PLAIN
// RUN: tileiras-opt %S/warpgroup-dots.mlir -split-input-file -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SMALL

// CHECK-DAG: #[[ACC:blocked[0-9]*]] = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
// CHECK-DAG: #[[SA:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SB:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
// CHECK: %[[A:.*]] = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x128x32xf16, #[[SA]]>
// CHECK: %[[B:.*]] = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x32x128xf16, #[[SB]]>
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
// CHECK: %[[BAR:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64
// CHECK: %[[LOOP:.*]]:3 = scf.for
// CHECK-NOT: tensor<128x128xf32
// CHECK-SAME: -> ({{.*}}, i32)
// CHECK: nv_tileaa.async_wait
// CHECK: nv_tileaa.async_copy
// CHECK: nv_tileaa.tmem_dot %[[A]][%[[SLOT:.*]]], %[[B]][%[[SLOT]]], %[[TM]], %[[BAR]], %{{.*}} {pending = 1 : i32, proxy_fence} : !nv_tileaa.smem<4x128x32xf16, #[[SA]]>, !nv_tileaa.smem<4x32x128xf16, #[[SB]]>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.tmem_wait %[[BAR]], %[[LOOP]]#2
// CHECK-NEXT: nv_tileaa.tmem_load %[[TM]] : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #[[ACC]]>
// CHECK-NOT: nv_tileaa.dot
// CHECK-NOT: warpgroup_dot
// CHECK-NOT: warpgroup_wait
// PATH: dot_path = "tcgen05.mma.m128n128k16 f16"
// PLAIN: dot_path = "mma.sync.m16n8k16 f16"
// SMALL: dot_path = "mma.sync.m16n8k16 f16 (not tcgen05: M = 64, N = 64, K = 32 (M must be 128, N a multiple of 8 up to 256, K a multiple of 16))"
// SMALL: dot_path = "mma.sync.m16n8k16 f16 (not tcgen05: M = 64, N = 64, K = 32 (M must be 128, N a multiple of 16 up to 256, K a multiple of 16))"
