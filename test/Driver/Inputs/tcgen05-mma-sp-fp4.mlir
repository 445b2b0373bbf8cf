// Sparse block-scaled MMAs with the fp4 kinds (kind in the intrinsic name):
// the 'a' targets only.
module attributes {gpu.container_module} {
gpu.module @kernels {
  llvm.func @mma_sp_fp4(%d: !llvm.ptr<6>, %a: i64, %b: i64, %idesc: i32, %en: i1, %meta: !llvm.ptr<6>, %sa: !llvm.ptr<6>, %sb: !llvm.ptr<6>) attributes {nvvm.kernel} {
    %cg1 = llvm.mlir.constant(1 : i32) : i32
    %discard = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.sp.shared.mxf4.block_scale"(%d, %a, %b, %idesc, %en, %meta, %sa, %sb, %cg1, %discard) : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>, !llvm.ptr<6>, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.sp.shared.mxf4nvf4.block_scale.block16"(%d, %a, %b, %idesc, %en, %meta, %sa, %sb, %cg1, %discard) : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>, !llvm.ptr<6>, i32, i32) -> ()
    llvm.return
  }
}
}
