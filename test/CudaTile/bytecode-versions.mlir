// Writing older bytecode versions: what 13.1 can hold round-trips (13.1
// `print` has no token; `negi` has no overflow flags), the rest is an error
// naming the version it needs.
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.1 %s -o %t.13.1.bytecode
// RUN: tileiras-translate --cudatilebc-to-mlir %t.13.1.bytecode | FileCheck %s
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.2 %s | tileiras-translate --cudatilebc-to-mlir | FileCheck %s
// RUN: %expect-exit 3 tileiras-translate --mlir-to-cudatilebc --bytecode-version=12.0 %s 2>&1 | FileCheck %s --check-prefix=BADVERSION
// BADVERSION: invalid --bytecode-version '12.0': the supported versions are [13.1 - 13.3]
// The file header says which version was written.
// RUN: od -An -tx1 -j8 -N4 %t.13.1.bytecode | FileCheck %s --check-prefix=HEADER
// HEADER: 0d 01 00 00

// CHECK: cuda_tile.module @kernels
cuda_tile.module @kernels {
  // CHECK: global @g <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  // CHECK: entry @k(%{{.*}}: tile<i32>) optimization_hints=<sm_100 = {num_worker_warps_per_cta = 8}>
  entry @k(%n: tile<i32>) optimization_hints=<sm_100 = {num_worker_warps_per_cta = 8}> {
    // CHECK: negi %{{.*}} : tile<i32>
    %a = negi %n : tile<i32>
    // CHECK: print_tko "n=%d", %{{.*}} : tile<i32> -> token
    %t = print_tko "n=%d", %a : tile<i32> -> token
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    // CHECK: for %{{.*}} in
    for %i in (%z to %n, step %one) : tile<i32> {
      continue
    }
    return
  }
}
