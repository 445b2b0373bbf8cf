// RUN: tileiras-opt %s -split-input-file -tileaa-attach-nvvm-target | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-attach-nvvm-target='O=1' | FileCheck %s --check-prefix=O1
// Idempotent: running twice leaves exactly one target.
// RUN: tileiras-opt %s -split-input-file -tileaa-attach-nvvm-target -tileaa-attach-nvvm-target | FileCheck %s

// From the parent module's target_spec (variant included); features carry
// the chip's minimum PTX ISA.
// CHECK: gpu.module @a [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", verifyTarget = false>]
// O1: gpu.module @a [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx80", verifyTarget = false>]
module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"} {
  gpu.module @a {
  }
}

// -----

// compute_capability alone: the base chip.
// CHECK: gpu.module @b [#nvvm.target<O = 3, chip = "sm_86", features = "+ptx71", verifyTarget = false>]
module attributes {nv_tileaa.compute_capability = 86 : i32} {
  gpu.module @b {
  }
}

// -----

// The gpu.module's own attributes win over the parent's; a previous target
// is replaced, not appended to.
// CHECK: gpu.module @c [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86", verifyTarget = false>]
// CHECK-NOT: sm_75
module attributes {nv_tileaa.target_spec = "sm_75"} {
  gpu.module @c [#nvvm.target<chip = "sm_75">] attributes {nv_tileaa.target_spec = "sm_100a"} {
  }
}

// -----

// A cluster kernel needs PTX 9.0 (.blocksareclusters), an intrinsic called
// by name its own minimum: features carry what the module needs, so that
// upstream tools (gpu-module-to-binary) accept it.
// CHECK: gpu.module @cluster [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx90", verifyTarget = false>]
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  gpu.module @cluster {
    llvm.func @k() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.blocksareclusters} {
      llvm.return
    }
  }
}

// -----

// sm_90's minimum is PTX 7.8; barrier.cluster.arrive.relaxed needs 8.0.
// CHECK: gpu.module @intrinsic [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80", verifyTarget = false>]
module attributes {nv_tileaa.target_spec = "sm_90"} {
  gpu.module @intrinsic {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.call_intrinsic "llvm.nvvm.barrier.cluster.arrive.relaxed"() : () -> ()
      llvm.return
    }
  }
}
