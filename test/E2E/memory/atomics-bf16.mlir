// bf16 atomic addition exists from sm_90 on (atom.add.noftz.bf16). Older
// targets get a diagnostic naming the op, the chip and the chips that have
// it, exit code 1 and no output file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_90 -arch=sm_90a -arch=sm_100a -arch=sm_120a -arch=sm_121f %s --output-dir=%t
// RUN: %ptxas-verify sm_90 %t/atomics-bf16.sm_90.ptx
// RUN: %ptxas-verify sm_90a %t/atomics-bf16.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/atomics-bf16.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/atomics-bf16.sm_120a.ptx
// RUN: %ptxas-verify sm_121f %t/atomics-bf16.sm_121f.ptx
// RUN: FileCheck %s < %t/atomics-bf16.sm_90a.ptx
// RUN: %expect-exit 1 tileiras --gpu-name=sm_89 %s -o %t/sm89.ptx 2>&1 | FileCheck %s --check-prefix=SM89
// RUN: not test -e %t/sm89.ptx
// RUN: %expect-exit 1 tileiras --gpu-name=sm_75 %s -o %t/sm75.ptx 2>&1 | FileCheck %s --check-prefix=SM75

// CHECK: mov.b16 %rs[[OLD:[0-9]+]], 0;
// CHECK-NEXT: @%p{{[0-9]+}} atom.relaxed.gpu.global.add.noftz.bf16 %rs[[OLD]], [%rd{{[0-9]+}}], %rs{{[0-9]+}};
// SM89: atomics-bf16.mlir:[[@LINE+9]]:8: error: 'nv_tileaa.atomic_rmw' op 'addf' on bf16 needs atom.add.noftz.bf16, which requires sm_90 or newer; the target is sm_89 (targets that have it: sm_90, sm_90a, sm_100, {{.*}})
// SM75: error: 'nv_tileaa.atomic_rmw' op 'addf' on bf16 needs atom.add.noftz.bf16, which requires sm_90 or newer; the target is sm_75
nv_tileaa.func @bf16_add(%a: !nv_tileaa.ptr<bf16>, %v: bf16, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : bf16 -> tensor<256xbf16>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16> -> tensor<256xbf16>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  nv_tileaa.return
}
