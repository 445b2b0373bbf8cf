; RUN: tileiras-sim-prep %s -o - | FileCheck %s

; tileiras-sim-prep turns the warp-collective intrinsics with register
; fragments into runtime calls that take the intrinsic's name (without
; "llvm.nvvm.") and the registers through stack buffers: mma.sync ->
; __sim_mma(name, operands, D) (a block-scaled one with its scale
; operands), ldmatrix -> __sim_ldmatrix(name, row, result), stmatrix ->
; __sim_stmatrix(name, row, registers). cp.async and its groups are
; per-thread and map by name like every other intrinsic.

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [512 x i8] undef, align 16

; CHECK-DAG: @[[X4:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"ldmatrix.sync.aligned.m8n8.x4.trans.b16.p{{[0-9]}}\00"
; CHECK-DAG: @[[X1:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"ldmatrix.sync.aligned.m8n8.x1.b16.p{{[0-9]}}\00"
; CHECK-DAG: @[[ST:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"stmatrix.sync.aligned.m8n8.x2.b16.p{{[0-9]}}\00"
; CHECK-DAG: @[[F64:.*]] = private unnamed_addr constant [23 x i8] c"mma.m8n8k4.row.col.f64\00"
; CHECK-DAG: @[[BS:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e4m3.e5m2.f32.ue8m0\00"

; CHECK-LABEL: define void @k(
define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, double %a, double %b) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = zext i32 %tid to i64
  %o = mul i64 %l, 16
  %p = getelementptr i8, ptr addrspace(3) @tile, i64 %o
; The register buffers (8-byte aligned for f64 registers).
; CHECK: alloca [4 x i32], align 8
; CHECK: alloca [10 x i32], align 8
; CHECK: call void @__sim_ldmatrix(ptr @[[X4]], ptr %p, ptr %[[R4:[0-9]+]])
; CHECK: getelementptr i8, ptr %[[R4]], i64 12
  %x4 = call {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %p)
; CHECK: call void @__sim_ldmatrix(ptr @[[X1]], ptr %p, ptr %[[R1:[0-9]+]])
; CHECK-NEXT: %[[R10:[0-9]+]] = getelementptr i8, ptr %[[R1]], i64 0
; CHECK-NEXT: %[[X1V:[0-9]+]] = load i32, ptr %[[R10]]
  %x1 = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %p)
; CHECK: %[[S0:[0-9]+]] = getelementptr i8, ptr %[[S:[0-9]+]], i64 0
; CHECK-NEXT: store i32 %[[X1V]], ptr %[[S0]]
; CHECK: %[[S1:[0-9]+]] = getelementptr i8, ptr %[[S]], i64 4
; CHECK-NEXT: store i32 7, ptr %[[S1]]
; CHECK: call void @__sim_stmatrix(ptr @[[ST]], ptr %p, ptr %[[S]])
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3) %p, i32 %x1, i32 7)
; CHECK: call void @__sim_nvvm_cp_async_cg_shared_global_16(ptr %p, ptr %g)
; CHECK: call void @__sim_nvvm_cp_async_ca_shared_global_4_s(ptr %p, ptr %g, i32 3)
; CHECK: call void @__sim_nvvm_cp_async_commit_group()
; CHECK: call void @__sim_nvvm_cp_async_wait_group(i32 1)
; CHECK: call void @__sim_nvvm_cp_async_wait_all()
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %p, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %p, ptr addrspace(1) %g, i32 3)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  call void @llvm.nvvm.cp.async.wait.all()
; f64 registers are two words each: a, b, c0, c1 at byte offsets 0, 8, 16, 24.
; Values cross as integers of their size (their bits unchanged).
; CHECK: %[[A:[0-9]+]] = getelementptr i8, ptr %[[IN:[0-9]+]], i64 0
; CHECK-NEXT: %[[AI:[0-9]+]] = bitcast double %a to i64
; CHECK-NEXT: store i64 %[[AI]], ptr %[[A]], align 8
; CHECK: %[[C1:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 24
; CHECK-NEXT: store i64 4611686018427387904, ptr %[[C1]], align 8
; CHECK: call void @__sim_mma(ptr @[[F64]], ptr %[[IN]], ptr %[[D:[0-9]+]])
; CHECK: %[[D1:[0-9]+]] = getelementptr i8, ptr %[[D]], i64 8
; CHECK-NEXT: %[[DI:[0-9]+]] = load i64, ptr %[[D1]], align 8
; CHECK-NEXT: bitcast i64 %[[DI]] to double
  %d = call {double, double} @llvm.nvvm.mma.m8n8k4.row.col.f64(double %a, double %b, double 1.0, double 2.0)
  %d0 = extractvalue {double, double} %d, 0
  store double %d0, ptr addrspace(1) %out
  %r = extractvalue {i32, i32, i32, i32} %x4, 3
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; sm_120a's block-scaled mma.sync (a device function: one kernel per
; module): A, B, C (10 words), then scale_A's register, byte id and thread
; id, and scale_B's; the i16 ids are zero-extended to a word each: 16
; words in all.
; CHECK-LABEL: define void @block_scale(
; CHECK: %[[D:[0-9]+]] = alloca [4 x i32], align 8
; CHECK-NEXT: %[[IN:[0-9]+]] = alloca [16 x i32], align 8
; CHECK-NEXT: %[[TIDB:[0-9]+]] = zext i16 %tidb to i32
; CHECK-NEXT: %[[A0:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 0
; CHECK-NEXT: store i32 %a0, ptr %[[A0]]
; CHECK: %[[B1:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 20
; CHECK-NEXT: store i32 %b1, ptr %[[B1]]
; CHECK-NEXT: %[[C0:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 24
; CHECK-NEXT: %[[C0I:[0-9]+]] = bitcast float %c0 to i32
; CHECK-NEXT: store i32 %[[C0I]], ptr %[[C0]]
; CHECK: %[[C3:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 36
; CHECK-NEXT: store i32 1073741824, ptr %[[C3]]
; CHECK-NEXT: %[[SA:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 40
; CHECK-NEXT: store i32 %sa, ptr %[[SA]]
; CHECK-NEXT: %[[BYTEA:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 44
; CHECK-NEXT: store i32 3, ptr %[[BYTEA]]
; CHECK-NEXT: %[[THREADA:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 48
; CHECK-NEXT: store i32 1, ptr %[[THREADA]]
; CHECK-NEXT: %[[SB:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 52
; CHECK-NEXT: store i32 %sb, ptr %[[SB]]
; CHECK-NEXT: %[[BYTEB:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 56
; CHECK-NEXT: store i32 0, ptr %[[BYTEB]]
; CHECK-NEXT: %[[THREADB:[0-9]+]] = getelementptr i8, ptr %[[IN]], i64 60
; CHECK-NEXT: store i32 %[[TIDB]], ptr %[[THREADB]]
; CHECK-NEXT: call void @__sim_mma(ptr @[[BS]], ptr %[[IN]], ptr %[[D]])
; CHECK: %[[D3:[0-9]+]] = getelementptr i8, ptr %[[D]], i64 12
; CHECK-NEXT: %[[D3I:[0-9]+]] = load i32, ptr %[[D3]]
; CHECK-NEXT: bitcast i32 %[[D3I]] to float
; CHECK-NOT: llvm.nvvm.mma
; CHECK: ret void
define void @block_scale(ptr addrspace(1) %out, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, i32 %sa, i32 %sb, i16 %tidb) {
  %d = call {float, float, float, float} @llvm.nvvm.mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e4m3.e5m2.f32.ue8m0(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float 0.0, float 1.0, float 2.0, i32 %sa, i16 3, i16 1, i32 %sb, i16 0, i16 %tidb)
  %d3 = extractvalue {float, float, float, float} %d, 3
  store float %d3, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare {i32, i32, i32, i32} @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3), i32, i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
declare {double, double} @llvm.nvvm.mma.m8n8k4.row.col.f64(double, double, double, double)
declare {float, float, float, float} @llvm.nvvm.mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e4m3.e5m2.f32.ue8m0(i32, i32, i32, i32, i32, i32, float, float, float, float, i32, i16, i16, i32, i16, i16)

attributes #0 = { "nvvm.reqntid"="32,1,1" }
