; RUN: tileiras-sim-prep %s -o - | FileCheck %s

; tileiras-sim-prep maps the asynchronous proxy: MLIR's
; nvvm.mbarrier.try_wait.parity loop (inline PTX) -> the blocking
; __sim_mbarrier_wait_parity(bar, parity); MLIR's nvvm.wgmma.mma_async
; inline PTX -> __sim_wgmma(form, operands, slot), whose registers are
; loaded from the slot where they are used (after the wait_group, or
; before it: then the poison); the mbarrier/TMA/wgmma intrinsics map by
; name; a byval [128 x i8] tensor map is a "tmap" parameter passed by
; address. tileiras' own wgmma template (scale-d in a register, "r") maps
; the same way, and its wait_group with the registers tied through it
; becomes __sim_wgmma_wait_values(N, registers, result, count).

target triple = "nvptx64-nvidia-cuda"

@bar = internal addrspace(3) global i64 undef, align 8

; CHECK-DAG: @[[FORM2:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16\00"
; CHECK-DAG: @[[FORM:.*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16\00"
; CHECK-DAG: @__sim_kernel_signature = constant [{{[0-9]+}} x i8] c"tmap,ptr,i64,i64,i32\00"

; CHECK-LABEL: define void @k(ptr align 64 %tmap,
define ptx_kernel void @k(ptr byval([128 x i8]) align 64 %tmap, ptr addrspace(1) %out, i64 %da, i64 %db, i32 %use) #0 {
; CHECK: call void @__sim_nvvm_mbarrier_init_shared(
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 1)
; CHECK: call i64 @__sim_nvvm_mbarrier_arrive_expect_tx_scope_cta_space_cta(
  %s = call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3) @bar, i32 128)
; CHECK: call void @__sim_nvvm_cp_async_bulk_tensor_g2s_tile_2d(ptr {{.*}}, ptr {{.*}}, ptr %tmap, i32 0, i32 0,
  %dst = addrspacecast ptr addrspace(3) @bar to ptr addrspace(7)
  call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) %dst, ptr addrspace(3) @bar, ptr %tmap, i32 0, i32 0, i16 0, i64 0, i1 false, i1 false, i32 0)
; CHECK: call void @__sim_mbarrier_wait_parity(ptr {{.*}}, i32 0)
  call void asm sideeffect "{\0A\09.reg .pred       P1; \0A\09LAB_WAIT: \0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1, $2; \0A\09@P1 bra.uni DONE; \0A\09bra.uni     LAB_WAIT; \0A\09DONE: \0A\09}", "r,r,r"(ptr addrspace(3) @bar, i32 0, i32 1000)
; CHECK: call void @__sim_nvvm_wgmma_fence_sync_aligned()
  call void @llvm.nvvm.wgmma.fence.sync.aligned()
; CHECK: call void @__sim_wgmma(ptr @[[FORM]], ptr %[[IN:[0-9a-z]+]], ptr %[[SLOT:[0-9a-z]+]])
  %r = call { float, float, float, float } asm sideeffect "{\0A.reg .pred p;\0Asetp.ne.b32 p, $10, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $8, $9, p, $11,  $12, $13,  $14;\0A}\0A", "=f,=f,=f,=f,0,1,2,3,l,l,n,n,n,n,n"(float 0.0, float 0.0, float 0.0, float 0.0, i64 %da, i64 %db, i32 1, i32 1, i32 1, i32 0, i32 0)
  %d0 = extractvalue { float, float, float, float } %r, 0
; CHECK: call void @__sim_nvvm_wgmma_commit_group_sync_aligned()
; CHECK: call void @__sim_nvvm_wgmma_wait_group_sync_aligned(i64 0)
  call void @llvm.nvvm.wgmma.commit_group.sync.aligned()
  call void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64 0)
; The register is read from the slot at its use, after the wait.
; CHECK-NEXT: %[[P:[0-9a-z]+]] = getelementptr i8, ptr %[[SLOT]], i64 0
; CHECK-NEXT: %[[W:[0-9a-z]+]] = load i32, ptr %[[P]]
; CHECK-NEXT: %[[F:[0-9a-z]+]] = bitcast i32 %[[W]] to float
; CHECK: store float %[[F]]
  store float %d0, ptr addrspace(1) %out, align 4
; CHECK: call void @__sim_wgmma(ptr @[[FORM2:.*]], ptr %{{[0-9a-z]+}}, ptr %{{[0-9a-z]+}})
  %r2 = call { float, float, float, float } asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $10, 0;\0A\09wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, $8, $9, p, 1, 1, 0, 1;\0A\09}", "=f,=f,=f,=f,0,1,2,3,l,l,r"(float 0.0, float 0.0, float 0.0, float 0.0, i64 %da, i64 %db, i32 %use)
  call void @llvm.nvvm.wgmma.commit_group.sync.aligned()
; CHECK: call void @__sim_nvvm_wgmma_commit_group_sync_aligned()
; CHECK: call void @__sim_wgmma_wait_values(i64 0, ptr %[[WIN:[0-9a-z]+]], ptr %[[WOUT:[0-9a-z]+]], i32 4)
; CHECK: %[[G:[0-9a-z]+]] = getelementptr i8, ptr %[[WOUT]], i64 0
; CHECK-NEXT: %[[V:[0-9a-z]+]] = load i32, ptr %[[G]]
; CHECK-NEXT: bitcast i32 %[[V]] to float
  %x0 = extractvalue { float, float, float, float } %r2, 0
  %x1 = extractvalue { float, float, float, float } %r2, 1
  %x2 = extractvalue { float, float, float, float } %r2, 2
  %x3 = extractvalue { float, float, float, float } %r2, 3
  %w = call { float, float, float, float } asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,0,1,2,3"(float %x0, float %x1, float %x2, float %x3)
  %e0 = extractvalue { float, float, float, float } %w, 0
  store float %e0, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3), i32)
declare i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3), i32)
declare void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7), ptr addrspace(3), ptr, i32, i32, i16, i64, i1, i1, i32)
declare void @llvm.nvvm.wgmma.fence.sync.aligned()
declare void @llvm.nvvm.wgmma.commit_group.sync.aligned()
declare void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64)

attributes #0 = { "nvvm.reqntid"="128,1,1" }
