// One of each tcgen05.mma intrinsic shape that every tensor-memory target
// accepts: dense, ashift, disable_output_lane, sparse, block-scaled with the
// implicit and the .block16/.block32 scale vector sizes, weight stationary.
// ptxas refuses a function that mixes cta_group::1 and ::2, hence two kernels.
module attributes {gpu.container_module} {
gpu.module @kernels {
  llvm.func @mma_cta1(%d: !llvm.ptr<6>, %a: i64, %at: !llvm.ptr<6>, %b: i64, %idesc: i32, %en: i1, %meta: !llvm.ptr<6>, %sa: !llvm.ptr<6>, %sb: !llvm.ptr<6>, %zcm: i64) attributes {nvvm.kernel} {
    %f16 = llvm.mlir.constant(0 : i32) : i32
    %f8f6f4 = llvm.mlir.constant(2 : i32) : i32
    %cg1 = llvm.mlir.constant(1 : i32) : i32
    %discard = llvm.mlir.constant(0 : i32) : i32
    %lastuse = llvm.mlir.constant(1 : i32) : i32
    %use = llvm.mlir.constant(3 : i32) : i32
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.shared"(%d, %a, %b, %idesc, %en, %f16, %cg1, %use) : (!llvm.ptr<6>, i64, i64, i32, i1, i32, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.tensor.mxf4nvf4.block_scale.block16"(%d, %at, %b, %idesc, %en, %sa, %sb, %cg1, %discard) : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.sp.shared.mxf8f6f4.block_scale.block32"(%d, %a, %b, %idesc, %en, %meta, %sa, %sb, %cg1, %discard) : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>, !llvm.ptr<6>, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.ws.shared.zero_col_mask"(%d, %a, %b, %idesc, %en, %zcm, %f8f6f4, %discard, %lastuse) : (!llvm.ptr<6>, i64, i64, i32, i1, i64, i32, i32, i32) -> ()
    llvm.return
  }
  llvm.func @mma_cta2(%d: !llvm.ptr<6>, %a: i64, %at: !llvm.ptr<6>, %b: i64, %idesc: i32, %en: i1, %meta: !llvm.ptr<6>, %sa: !llvm.ptr<6>, %sb: !llvm.ptr<6>, %lanes: vector<8xi32>) attributes {nvvm.kernel} {
    %tf32 = llvm.mlir.constant(1 : i32) : i32
    %f8f6f4 = llvm.mlir.constant(2 : i32) : i32
    %cg2 = llvm.mlir.constant(2 : i32) : i32
    %discard = llvm.mlir.constant(0 : i32) : i32
    %lastuse = llvm.mlir.constant(1 : i32) : i32
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.tensor.ashift"(%d, %at, %b, %idesc, %en, %tf32, %cg2, %lastuse) : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1, i32, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.sp.tensor.disable_output_lane.cg2"(%d, %at, %b, %idesc, %en, %meta, %lanes, %f8f6f4, %discard) : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1, !llvm.ptr<6>, vector<8xi32>, i32, i32) -> ()
    llvm.call_intrinsic "llvm.nvvm.tcgen05.mma.shared.mxf8f6f4.block_scale"(%d, %a, %b, %idesc, %en, %sa, %sb, %cg2, %discard) : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>, i32, i32) -> ()
    llvm.return
  }
}
}
