// The NVVM dialect op lowers to the same intrinsic and immediates.
module attributes {gpu.container_module} {
gpu.module @kernels {
  llvm.func @mma_op(%d: !llvm.ptr<6>, %a: i64, %b: i64, %idesc: i32, %en: i1) attributes {nvvm.kernel} {
    nvvm.tcgen05.mma %d, %a, %b, %idesc, %en {kind = #nvvm.tcgen05_mma_kind<i8>, ctaGroup = #nvvm.cta_group<cta_1>} : (!llvm.ptr<6>, i64, i64, i32, i1)
    llvm.return
  }
}
}
