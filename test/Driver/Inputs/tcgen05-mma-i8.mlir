// kind::i8 (immediate 3) on a dense and a weight-stationary tcgen05.mma:
// only sm_100a and sm_110a have it. (Weight stationary is cta_group::1, and
// ptxas refuses a function that mixes cta_group::1 and ::2.)
module attributes {gpu.container_module} {
gpu.module @kernels {
  llvm.func @mma_i8(%d: !llvm.ptr<6>, %a: i64, %b: i64, %idesc: i32, %en: i1, %at: !llvm.ptr<6>) attributes {nvvm.kernel} {
    %i8 = llvm.mlir.constant(3 : i32) : i32
    %cg1 = llvm.mlir.constant(1 : i32) : i32
    %fill = llvm.mlir.constant(2 : i32) : i32
    %b0 = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.shared"(%d, %a, %b, %idesc, %en, %i8, %cg1, %fill) : (!llvm.ptr<6>, i64, i64, i32, i1, i32, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.ws.tensor"(%d, %at, %b, %idesc, %en, %i8, %b0, %b0) : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1, i32, i32, i32) -> ()
    llvm.return
  }
}
}
