// The options of the tileaa-to-nvvm pipeline: gpu-name= (else the module's
// target, else sm_75), O= (recorded in #nvvm.target, where 2 is the default
// and not printed; default 3) and num-warps= (for kernels whose kernel_spec
// does not say; default 4).

// RUN: tileiras-opt %s --tileaa-to-nvvm | FileCheck %s --check-prefix=DEFAULT
// RUN: tileiras-opt %s '--tileaa-to-nvvm=O=3' | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: gpu.module @tileiras_kernels [#nvvm.target<O = 3, chip = "sm_75", features = "+ptx63", verifyTarget = false>]
// DEFAULT: llvm.func @unsaid() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// DEFAULT: llvm.func @said() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 64, 1, 1>}

// RUN: tileiras-opt %s '--tileaa-to-nvvm=gpu-name=sm_90a O=0 num-warps=8' | FileCheck %s --check-prefix=ALL
// RUN: tileiras-opt %s '--pass-pipeline=builtin.module(tileaa-to-nvvm{gpu-name=sm_90a O=0 num-warps=8})' | FileCheck %s --check-prefix=ALL
// ALL: gpu.module @tileiras_kernels [#nvvm.target<O = 0, chip = "sm_90a", features = "+ptx80", verifyTarget = false>]
// ALL: llvm.func @unsaid() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256, 1, 1>}
// ALL: llvm.func @said() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 64, 1, 1>}

// RUN: tileiras-opt %s '--tileaa-to-nvvm=O=1 num-warps=1' | FileCheck %s --check-prefix=O1
// O1: #nvvm.target<O = 1, chip = "sm_75"
// O1: llvm.func @unsaid() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 1, 1>}

// RUN: tileiras-opt %s '--tileaa-to-nvvm=O=2 num-warps=32' | FileCheck %s --check-prefix=O2
// O2: #nvvm.target<chip = "sm_75"
// O2: llvm.func @unsaid() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 1024, 1, 1>}

nv_tileaa.func @unsaid() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  nv_tileaa.return
}
nv_tileaa.func @said() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  nv_tileaa.return
}
