// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/conversions.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/conversions.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/conversions.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/conversions.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/conversions.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/conversions.sm_120a.ptx
// RUN: FileCheck %s < %t/conversions.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t/conversions.sm_80.ptx
// RUN: FileCheck %s --check-prefix=SM75 --implicit-check-not=tf32 --implicit-check-not=.bf16 < %t/conversions.sm_75.ptx

// fp_to_fp between every pair of f16, bf16, f32, f64 and tf32, without a
// rounding mode and with each of rn, rz, rm, rp (FP8: fp8.mlir).
//
// sm_90a has every conversion as one instruction (cvt.rna.tf32.f32 without
// a mode, the tf32 rn/rz forms, bf16 from f64, directed bf16).
// CHECK-LABEL: .entry convert_from_f32(
// CHECK-DAG: cvt.rna.tf32.f32
// CHECK-DAG: cvt.rn.tf32.f32
// CHECK-DAG: cvt.rz.tf32.f32
// CHECK-DAG: cvt.rm.f16.f32
// CHECK-DAG: cvt.rp.f16.f32
// CHECK-DAG: cvt.rz.bf16.f32
// CHECK-DAG: cvt.rm.bf16.f32
// CHECK-DAG: cvt.f64.f32
// CHECK-LABEL: .entry convert_from_f64(
// CHECK-DAG: cvt.rn.f16.f64
// CHECK-DAG: cvt.rn.bf16.f64
// CHECK-DAG: cvt.rz.f32.f64
// CHECK-DAG: cvt.rm.f32.f64
// CHECK-DAG: cvt.rp.f32.f64
//
// sm_80: cvt.rna.tf32.f32 and cvt.rz.bf16.f32 exist; tf32 rn/rz/rm/rp and
// bf16 rm/rp are computed on the bits.
// SM80-LABEL: .entry convert_from_f32(
// SM80-DAG: cvt.rna.tf32.f32
// SM80-DAG: cvt.rz.bf16.f32
// SM80-NOT: cvt.rn.tf32.f32
// SM80-NOT: cvt.rm.bf16.f32
// SM80-LABEL: .entry convert_from_f64(
//
// sm_75: no tf32 or bf16 instructions at all (implicit-check-not above).
// SM75-LABEL: .entry convert_from_f32(
// SM75-DAG: cvt.rz.f16.f32
// SM75-DAG: cvt.rm.f16.f32

nv_tileaa.func @convert_from_f16(%x_ptr: !nv_tileaa.ptr<f16>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xf16> -> tensor<256xbf16>
  %v1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16> -> tensor<256xbf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xbf16>
  %v3 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16> -> tensor<256xbf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xbf16>
  %v5 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16> -> tensor<256xbf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xbf16>
  %v7 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16> -> tensor<256xbf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xbf16>
  %v9 = nv_tileaa.fp_to_fp %x : tensor<256xf16> -> tensor<256xf32>
  %v10 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16> -> tensor<256xf32>
  %v11 = nv_tileaa.addf %v9, %v10 : tensor<256xf32>
  %v12 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16> -> tensor<256xf32>
  %v13 = nv_tileaa.addf %v11, %v12 : tensor<256xf32>
  %v14 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16> -> tensor<256xf32>
  %v15 = nv_tileaa.addf %v13, %v14 : tensor<256xf32>
  %v16 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16> -> tensor<256xf32>
  %v17 = nv_tileaa.addf %v15, %v16 : tensor<256xf32>
  %v18 = nv_tileaa.fp_to_fp %x : tensor<256xf16> -> tensor<256xf64>
  %v19 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16> -> tensor<256xf64>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf64>
  %v21 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16> -> tensor<256xf64>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf64>
  %v23 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16> -> tensor<256xf64>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf64>
  %v25 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16> -> tensor<256xf64>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf64>
  %v27 = nv_tileaa.fp_to_fp %x : tensor<256xf16> -> tensor<256xtf32>
  %v28 = nv_tileaa.fp_to_fp %v27 : tensor<256xtf32> -> tensor<256xf32>
  %v29 = nv_tileaa.addf %v17, %v28 : tensor<256xf32>
  %v30 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16> -> tensor<256xtf32>
  %v31 = nv_tileaa.fp_to_fp %v30 : tensor<256xtf32> -> tensor<256xf32>
  %v32 = nv_tileaa.addf %v29, %v31 : tensor<256xf32>
  %v33 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16> -> tensor<256xtf32>
  %v34 = nv_tileaa.fp_to_fp %v33 : tensor<256xtf32> -> tensor<256xf32>
  %v35 = nv_tileaa.addf %v32, %v34 : tensor<256xf32>
  %v36 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16> -> tensor<256xtf32>
  %v37 = nv_tileaa.fp_to_fp %v36 : tensor<256xtf32> -> tensor<256xf32>
  %v38 = nv_tileaa.addf %v35, %v37 : tensor<256xf32>
  %v39 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16> -> tensor<256xtf32>
  %v40 = nv_tileaa.fp_to_fp %v39 : tensor<256xtf32> -> tensor<256xf32>
  %v41 = nv_tileaa.addf %v38, %v40 : tensor<256xf32>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %x : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v8 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v41 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v26 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @convert_from_bf16(%x_ptr: !nv_tileaa.ptr<bf16>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xbf16> -> tensor<256xf16>
  %v1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16> -> tensor<256xf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf16>
  %v3 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16> -> tensor<256xf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf16>
  %v5 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16> -> tensor<256xf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf16>
  %v7 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16> -> tensor<256xf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf16>
  %v9 = nv_tileaa.fp_to_fp %x : tensor<256xbf16> -> tensor<256xf32>
  %v10 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16> -> tensor<256xf32>
  %v11 = nv_tileaa.addf %v9, %v10 : tensor<256xf32>
  %v12 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16> -> tensor<256xf32>
  %v13 = nv_tileaa.addf %v11, %v12 : tensor<256xf32>
  %v14 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16> -> tensor<256xf32>
  %v15 = nv_tileaa.addf %v13, %v14 : tensor<256xf32>
  %v16 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16> -> tensor<256xf32>
  %v17 = nv_tileaa.addf %v15, %v16 : tensor<256xf32>
  %v18 = nv_tileaa.fp_to_fp %x : tensor<256xbf16> -> tensor<256xf64>
  %v19 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16> -> tensor<256xf64>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf64>
  %v21 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16> -> tensor<256xf64>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf64>
  %v23 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16> -> tensor<256xf64>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf64>
  %v25 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16> -> tensor<256xf64>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf64>
  %v27 = nv_tileaa.fp_to_fp %x : tensor<256xbf16> -> tensor<256xtf32>
  %v28 = nv_tileaa.fp_to_fp %v27 : tensor<256xtf32> -> tensor<256xf32>
  %v29 = nv_tileaa.addf %v17, %v28 : tensor<256xf32>
  %v30 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16> -> tensor<256xtf32>
  %v31 = nv_tileaa.fp_to_fp %v30 : tensor<256xtf32> -> tensor<256xf32>
  %v32 = nv_tileaa.addf %v29, %v31 : tensor<256xf32>
  %v33 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16> -> tensor<256xtf32>
  %v34 = nv_tileaa.fp_to_fp %v33 : tensor<256xtf32> -> tensor<256xf32>
  %v35 = nv_tileaa.addf %v32, %v34 : tensor<256xf32>
  %v36 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16> -> tensor<256xtf32>
  %v37 = nv_tileaa.fp_to_fp %v36 : tensor<256xtf32> -> tensor<256xf32>
  %v38 = nv_tileaa.addf %v35, %v37 : tensor<256xf32>
  %v39 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16> -> tensor<256xtf32>
  %v40 = nv_tileaa.fp_to_fp %v39 : tensor<256xtf32> -> tensor<256xf32>
  %v41 = nv_tileaa.addf %v38, %v40 : tensor<256xf32>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v8 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %x : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v41 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v26 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @convert_from_f32(%x_ptr: !nv_tileaa.ptr<f32>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xf16>
  %v1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32> -> tensor<256xf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf16>
  %v3 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32> -> tensor<256xf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf16>
  %v5 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32> -> tensor<256xf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf16>
  %v7 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32> -> tensor<256xf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf16>
  %v9 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xbf16>
  %v10 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32> -> tensor<256xbf16>
  %v11 = nv_tileaa.addf %v9, %v10 : tensor<256xbf16>
  %v12 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32> -> tensor<256xbf16>
  %v13 = nv_tileaa.addf %v11, %v12 : tensor<256xbf16>
  %v14 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32> -> tensor<256xbf16>
  %v15 = nv_tileaa.addf %v13, %v14 : tensor<256xbf16>
  %v16 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32> -> tensor<256xbf16>
  %v17 = nv_tileaa.addf %v15, %v16 : tensor<256xbf16>
  %v18 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xf64>
  %v19 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32> -> tensor<256xf64>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf64>
  %v21 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32> -> tensor<256xf64>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf64>
  %v23 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32> -> tensor<256xf64>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf64>
  %v25 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32> -> tensor<256xf64>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf64>
  %v27 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xtf32>
  %v28 = nv_tileaa.fp_to_fp %v27 : tensor<256xtf32> -> tensor<256xf32>
  %v29 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32> -> tensor<256xtf32>
  %v30 = nv_tileaa.fp_to_fp %v29 : tensor<256xtf32> -> tensor<256xf32>
  %v31 = nv_tileaa.addf %v28, %v30 : tensor<256xf32>
  %v32 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32> -> tensor<256xtf32>
  %v33 = nv_tileaa.fp_to_fp %v32 : tensor<256xtf32> -> tensor<256xf32>
  %v34 = nv_tileaa.addf %v31, %v33 : tensor<256xf32>
  %v35 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32> -> tensor<256xtf32>
  %v36 = nv_tileaa.fp_to_fp %v35 : tensor<256xtf32> -> tensor<256xf32>
  %v37 = nv_tileaa.addf %v34, %v36 : tensor<256xf32>
  %v38 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32> -> tensor<256xtf32>
  %v39 = nv_tileaa.fp_to_fp %v38 : tensor<256xtf32> -> tensor<256xf32>
  %v40 = nv_tileaa.addf %v37, %v39 : tensor<256xf32>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v8 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v17 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v40 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v26 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @convert_from_f64(%x_ptr: !nv_tileaa.ptr<f64>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f64>> -> tensor<256xf64>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xf64> -> tensor<256xf16>
  %v1 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64> -> tensor<256xf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf16>
  %v3 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64> -> tensor<256xf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf16>
  %v5 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64> -> tensor<256xf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf16>
  %v7 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64> -> tensor<256xf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf16>
  %v9 = nv_tileaa.fp_to_fp %x : tensor<256xf64> -> tensor<256xbf16>
  %v10 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64> -> tensor<256xbf16>
  %v11 = nv_tileaa.addf %v9, %v10 : tensor<256xbf16>
  %v12 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64> -> tensor<256xbf16>
  %v13 = nv_tileaa.addf %v11, %v12 : tensor<256xbf16>
  %v14 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64> -> tensor<256xbf16>
  %v15 = nv_tileaa.addf %v13, %v14 : tensor<256xbf16>
  %v16 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64> -> tensor<256xbf16>
  %v17 = nv_tileaa.addf %v15, %v16 : tensor<256xbf16>
  %v18 = nv_tileaa.fp_to_fp %x : tensor<256xf64> -> tensor<256xf32>
  %v19 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64> -> tensor<256xf32>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf32>
  %v21 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64> -> tensor<256xf32>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf32>
  %v23 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64> -> tensor<256xf32>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf32>
  %v25 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64> -> tensor<256xf32>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf32>
  %v27 = nv_tileaa.fp_to_fp %x : tensor<256xf64> -> tensor<256xtf32>
  %v28 = nv_tileaa.fp_to_fp %v27 : tensor<256xtf32> -> tensor<256xf32>
  %v29 = nv_tileaa.addf %v26, %v28 : tensor<256xf32>
  %v30 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64> -> tensor<256xtf32>
  %v31 = nv_tileaa.fp_to_fp %v30 : tensor<256xtf32> -> tensor<256xf32>
  %v32 = nv_tileaa.addf %v29, %v31 : tensor<256xf32>
  %v33 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64> -> tensor<256xtf32>
  %v34 = nv_tileaa.fp_to_fp %v33 : tensor<256xtf32> -> tensor<256xf32>
  %v35 = nv_tileaa.addf %v32, %v34 : tensor<256xf32>
  %v36 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64> -> tensor<256xtf32>
  %v37 = nv_tileaa.fp_to_fp %v36 : tensor<256xtf32> -> tensor<256xf32>
  %v38 = nv_tileaa.addf %v35, %v37 : tensor<256xf32>
  %v39 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64> -> tensor<256xtf32>
  %v40 = nv_tileaa.fp_to_fp %v39 : tensor<256xtf32> -> tensor<256xf32>
  %v41 = nv_tileaa.addf %v38, %v40 : tensor<256xf32>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v8 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v17 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v41 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %x : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @convert_from_tf32(%x_ptr: !nv_tileaa.ptr<f32>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xtf32>
  %v1 = nv_tileaa.fp_to_fp %v0 : tensor<256xtf32> -> tensor<256xf16>
  %v2 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xtf32> -> tensor<256xf16>
  %v3 = nv_tileaa.addf %v1, %v2 : tensor<256xf16>
  %v4 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xtf32> -> tensor<256xf16>
  %v5 = nv_tileaa.addf %v3, %v4 : tensor<256xf16>
  %v6 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xtf32> -> tensor<256xf16>
  %v7 = nv_tileaa.addf %v5, %v6 : tensor<256xf16>
  %v8 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xtf32> -> tensor<256xf16>
  %v9 = nv_tileaa.addf %v7, %v8 : tensor<256xf16>
  %v10 = nv_tileaa.fp_to_fp %v0 : tensor<256xtf32> -> tensor<256xbf16>
  %v11 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xtf32> -> tensor<256xbf16>
  %v12 = nv_tileaa.addf %v10, %v11 : tensor<256xbf16>
  %v13 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xtf32> -> tensor<256xbf16>
  %v14 = nv_tileaa.addf %v12, %v13 : tensor<256xbf16>
  %v15 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xtf32> -> tensor<256xbf16>
  %v16 = nv_tileaa.addf %v14, %v15 : tensor<256xbf16>
  %v17 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xtf32> -> tensor<256xbf16>
  %v18 = nv_tileaa.addf %v16, %v17 : tensor<256xbf16>
  %v19 = nv_tileaa.fp_to_fp %v0 : tensor<256xtf32> -> tensor<256xf32>
  %v20 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xtf32> -> tensor<256xf32>
  %v21 = nv_tileaa.addf %v19, %v20 : tensor<256xf32>
  %v22 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xtf32> -> tensor<256xf32>
  %v23 = nv_tileaa.addf %v21, %v22 : tensor<256xf32>
  %v24 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xtf32> -> tensor<256xf32>
  %v25 = nv_tileaa.addf %v23, %v24 : tensor<256xf32>
  %v26 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xtf32> -> tensor<256xf32>
  %v27 = nv_tileaa.addf %v25, %v26 : tensor<256xf32>
  %v28 = nv_tileaa.fp_to_fp %v0 : tensor<256xtf32> -> tensor<256xf64>
  %v29 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xtf32> -> tensor<256xf64>
  %v30 = nv_tileaa.addf %v28, %v29 : tensor<256xf64>
  %v31 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xtf32> -> tensor<256xf64>
  %v32 = nv_tileaa.addf %v30, %v31 : tensor<256xf64>
  %v33 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xtf32> -> tensor<256xf64>
  %v34 = nv_tileaa.addf %v32, %v33 : tensor<256xf64>
  %v35 = nv_tileaa.fp_to_fp %v0 {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xtf32> -> tensor<256xf64>
  %v36 = nv_tileaa.addf %v34, %v35 : tensor<256xf64>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v9 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v18 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v27 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v36 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}
