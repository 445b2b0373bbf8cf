// Instructions a target lacks are reported with the op, the chip and the
// chips that have them; never an LLVM error or a crash. bf16 atomic
// addition (atom.add.noftz.bf16) and the .cluster scope need sm_90.
// RUN: not tileiras-opt %s -split-input-file --tileaa-to-nvvm='gpu-name=sm_80' 2>&1 | FileCheck %s
// RUN: tileiras-opt %s -split-input-file --tileaa-to-nvvm='gpu-name=sm_90' | FileCheck %s --check-prefix=SM90

// CHECK: target-gating.mlir:[[@LINE+4]]:8: error: 'nv_tileaa.atomic_rmw' op 'addf' on bf16 needs atom.add.noftz.bf16, which requires sm_90 or newer; the target is sm_80 (targets that have it: sm_90, sm_90a, sm_100, {{.*}}, sm_121f); use f16 or f32 for the atomic accumulation
// SM90-LABEL: llvm.func @bf16_add
// SM90: "mov.b16 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.noftz.bf16 $0, [$1], $2;", "=&h,l,h,b"
nv_tileaa.func @bf16_add(%a: !nv_tileaa.ptr<bf16>, %v: bf16) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %s = nv_tileaa.atomic_rmw addf, %a, %v : !nv_tileaa.ptr<bf16>, bf16 -> bf16
  nv_tileaa.store %a, %s : !nv_tileaa.ptr<bf16>, bf16
  nv_tileaa.return
}

// -----

// CHECK: target-gating.mlir:[[@LINE+4]]:8: error: 'nv_tileaa.load' op mem_scope 'cluster' requires sm_90 or newer; the target is sm_80 (targets with thread-block clusters: sm_90, {{.*}}); use cta, gpu or sys scope
// SM90-LABEL: llvm.func @cluster_load
// SM90: "ld.acquire.cluster.global.b32 $0, [$1];"
nv_tileaa.func @cluster_load(%a: !nv_tileaa.ptr<i32>) -> i32 {
  %x = nv_tileaa.load %a {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<cluster>} : !nv_tileaa.ptr<i32> -> i32
  nv_tileaa.return %x : i32
}

// -----

// CHECK: target-gating.mlir:[[@LINE+4]]:3: error: 'nv_tileaa.store' op mem_scope 'cluster' requires sm_90 or newer; the target is sm_80
// SM90-LABEL: llvm.func @cluster_store
// SM90: "@$2 st.release.cluster.global.b32 [$0], $1;"
nv_tileaa.func @cluster_store(%a: !nv_tileaa.ptr<i32>, %v: i32) {
  nv_tileaa.store %a, %v {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<cluster>} : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}

// -----

// A scope alone keeps the default relaxed semantic.
// CHECK: target-gating.mlir:[[@LINE+4]]:8: error: 'nv_tileaa.atomic_cas' op mem_scope 'cluster' requires sm_90 or newer; the target is sm_80
// SM90-LABEL: llvm.func @cluster_cas
// SM90: "atom.relaxed.cluster.shared.cas.b32 $0, [$1], $2, $3;"
nv_tileaa.func @cluster_cas(%a: tensor<128x!nv_tileaa.ptr<i32, 3>>, %c: tensor<128xi32>) -> tensor<128xi32> {
  %o = nv_tileaa.atomic_cas %a, %c, %c {mem_scope = #nv_tileaa.mem_scope<cluster>} : tensor<128x!nv_tileaa.ptr<i32, 3>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.return %o : tensor<128xi32>
}
