// The axis-info analysis sees through int_to_ptr, ptr_to_int and
// ptr_to_ptr (between pointees of one size): a copy of 512 i32 through an
// f32 kernel pointer moved as an i64 by k * 16 bytes and given another
// pointee keeps the parameter's 16-byte alignment and the iota's
// contiguity, so each of the 128 threads moves its 4 elements with one
// 128-bit load and store (without the casts' facts: 4 scalar loads).
// RUN: tileiras -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --implicit-check-not=ld.global.b32 --implicit-check-not=st.global.b32 < %t.ptx
// RUN: %ptxas-verify sm_90a %t.ptx
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s --check-prefix=CASTS

// CASTS: nv_tileaa.ptr_to_int
// CASTS: nv_tileaa.int_to_ptr
// CASTS: nv_tileaa.ptr_to_ptr

// CHECK-LABEL: .visible .entry cast_copy(
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
cuda_tile.module @kernels {
  entry @cast_copy(%src: tile<ptr<f32>>, %dst: tile<ptr<i32>>, %k: tile<i64>) {
    %a = ptr_to_int %src : tile<ptr<f32>> -> tile<i64>
    %c16 = constant <i64: 16> : tile<i64>
    %bytes = muli %k, %c16 : tile<i64>
    %b = addi %a, %bytes : tile<i64>
    %p = int_to_ptr %b : tile<i64> -> tile<ptr<f32>>
    %q16 = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i32>>
    %i = iota : tile<512xi32>
    %q1 = reshape %q16 : tile<ptr<i32>> -> tile<1xptr<i32>>
    %qb = broadcast %q1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %qs = offset %qb, %i : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %v, %t0 = load_ptr_tko weak %qs : tile<512xptr<i32>> -> tile<512xi32>, token
    %d1 = reshape %dst : tile<ptr<i32>> -> tile<1xptr<i32>>
    %db = broadcast %d1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %ds = offset %db, %i : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t1 = store_ptr_tko weak %ds, %v : tile<512xptr<i32>>, tile<512xi32> -> token
    return
  }
}
