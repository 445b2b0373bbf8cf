// alloca: the kernel takes a scratch buffer as its last parameter; each
// alloca is an offset in the tile block's slice (linear block id times the
// slice size), and accesses to alloca memory after a write (or writes after
// a read) are ordered across the CTA's threads by a barrier.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' | FileCheck %s

// CHECK: nv_tileaa.func @k(%{{.*}}: !nv_tileaa.ptr<f32>, %[[S:.*]]: !nv_tileaa.ptr<i8>)
// CHECK-SAME: tileiras.global_scratch_alignment = 128 : i64, tileiras.global_scratch_bytes_per_cta = 384 : i64
// CHECK: nv_tileaa.get_num_programs x
// CHECK: arith.muli
// CHECK: %[[ID:.*]] = arith.addi
// CHECK: %[[OFF:.*]] = arith.muli %[[ID]], %{{.*}} : i64
// CHECK: %[[SLICE:.*]] = nv_tileaa.addptr %[[S]], %[[OFF]]
// CHECK: nv_tileaa.addptr %[[SLICE]], %c0_i64
// CHECK: nv_tileaa.ptr_to_ptr {{.*}} -> !nv_tileaa.ptr<f32>
// CHECK: nv_tileaa.assume {{.*}} {div_by = 16 : i64}
// CHECK: nv_tileaa.addptr %[[SLICE]], %c256_i64
// CHECK: nv_tileaa.ptr_to_ptr {{.*}} -> !nv_tileaa.ptr<i64>
// CHECK: nv_tileaa.assume {{.*}} {div_by = 128 : i64}
// CHECK: nvvm.barrier0
// CHECK-NEXT: nv_tileaa.store
// CHECK: nvvm.barrier0
// CHECK-NEXT: nv_tileaa.load
// CHECK-NOT: nvvm.barrier0
// CHECK: nv_tileaa.load
// CHECK-NOT: nvvm.barrier0
// A load through an entry argument is not scratch.
// CHECK: nv_tileaa.load
// CHECK: nv_tileaa.return
cuda_tile.module @kernels {
  entry @k(%x: tile<ptr<f32>>) {
    %s = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %g = alloca num_elem = 3, alignment = 128 global : tile<ptr<i64>>
    %i = iota : tile<64xi32>
    %s1 = reshape %s : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb = broadcast %s1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %sp = offset %sb, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %one = constant <f32: 1.0> : tile<64xf32>
    %t0 = store_ptr_tko weak %sp, %one : tile<64xptr<f32>>, tile<64xf32> -> token
    %a, %t1 = load_ptr_tko weak %sp token = %t0 : tile<64xptr<f32>> -> tile<64xf32>, token
    %b, %t2 = load_ptr_tko weak %sp token = %t1 : tile<64xptr<f32>> -> tile<64xf32>, token
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %c, %t3 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    return
  }
}
