// Scale-input-accumulator (the .scale_d intrinsics, immediate scale 1):
// sm_100a/f and sm_103a/f only.
module attributes {gpu.container_module} {
gpu.module @kernels {
  llvm.func @mma_scale_d(%d: !llvm.ptr<6>, %a: i64, %b: i64, %idesc: i32, %en: i1, %lanes: vector<4xi32>) attributes {nvvm.kernel} {
    %scale = llvm.mlir.constant(1 : i64) : i64
    %tf32 = llvm.mlir.constant(1 : i32) : i32
    %cg1 = llvm.mlir.constant(1 : i32) : i32
    %discard = llvm.mlir.constant(0 : i32) : i32
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.shared.scale_d.disable_output_lane.cg1"(%d, %a, %b, %idesc, %en, %scale, %lanes, %tf32, %discard) : (!llvm.ptr<6>, i64, i64, i32, i1, i64, vector<4xi32>, i32, i32) -> ()
    llvm.return
  }
}
}
