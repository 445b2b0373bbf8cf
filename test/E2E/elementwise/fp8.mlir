// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_89 %t/fp8.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/fp8.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/fp8.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/fp8.sm_120a.ptx
// RUN: FileCheck %s < %t/fp8.sm_89.ptx
// RUN: FileCheck %s < %t/fp8.sm_90a.ptx
// RUN: not tileiras --gpu-name=sm_80 %s -o %t/fp8.sm_80.ptx 2>&1 | FileCheck %s --check-prefix=OLD -DCHIP=sm_80
// RUN: not tileiras --gpu-name=sm_75 %s -o %t/fp8.sm_75.ptx 2>&1 | FileCheck %s --check-prefix=OLD -DCHIP=sm_75
// RUN: not test -e %t/fp8.sm_80.ptx

// FP8 conversions (sm_89 and newer, PTX 8.1): to FP8 from every float
// format and between the two FP8 formats, and back. The hardware converts
// register pairs; the PTX ISA version is raised to 8.1 where the chip's
// minimum is lower.
// CHECK: .version {{8\.[1-9]|9\.}}
// CHECK-LABEL: .entry fp8_conversions(
// CHECK-DAG: cvt.rn.satfinite.e4m3x2.f32
// CHECK-DAG: cvt.rn.satfinite.e5m2x2.f32
// CHECK-DAG: cvt.rn.satfinite.e4m3x2.f16x2
// CHECK-DAG: cvt.rn.satfinite.e5m2x2.f16x2
// CHECK-DAG: cvt.rn.f16x2.e4m3x2
// CHECK-DAG: cvt.rn.f16x2.e5m2x2
//
// Older chips: a diagnostic that names the op, the chip and the chips that
// have the conversion; no output file.
// OLD: error: 'nv_tileaa.fp_to_fp' op cannot convert 'f32' to 'f8E4M3FN' on [[CHIP]]: cvt.f8 requires sm_89 or newer; the target is [[CHIP]]

nv_tileaa.func @fp8_conversions(%x_ptr: !nv_tileaa.ptr<f32>, %d_ptr: !nv_tileaa.ptr<f64>, %h_ptr: !nv_tileaa.ptr<f16>, %b_ptr: !nv_tileaa.ptr<bf16>, %e_ptr: !nv_tileaa.ptr<f8E4M3FN>, %g_ptr: !nv_tileaa.ptr<f8E5M2>, %out_f16: !nv_tileaa.ptr<f16>, %out_bf16: !nv_tileaa.ptr<bf16>, %out_f32: !nv_tileaa.ptr<f32>, %out_f64: !nv_tileaa.ptr<f64>, %out_e4m3: !nv_tileaa.ptr<f8E4M3FN>, %out_e5m2: !nv_tileaa.ptr<f8E5M2>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %d_base = nv_tileaa.splat %d_ptr : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %d_ptrs = nv_tileaa.addptr %d_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %d = nv_tileaa.load %d_ptrs : tensor<256x!nv_tileaa.ptr<f64>> -> tensor<256xf64>
  %h_base = nv_tileaa.splat %h_ptr : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %h_ptrs = nv_tileaa.addptr %h_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %h = nv_tileaa.load %h_ptrs : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %b_base = nv_tileaa.splat %b_ptr : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %b_ptrs = nv_tileaa.addptr %b_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %b = nv_tileaa.load %b_ptrs : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %e_base = nv_tileaa.splat %e_ptr : !nv_tileaa.ptr<f8E4M3FN> -> tensor<256x!nv_tileaa.ptr<f8E4M3FN>>
  %e_ptrs = nv_tileaa.addptr %e_base, %idx : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  %e = nv_tileaa.load %e_ptrs : tensor<256x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<256xf8E4M3FN>
  %g_base = nv_tileaa.splat %g_ptr : !nv_tileaa.ptr<f8E5M2> -> tensor<256x!nv_tileaa.ptr<f8E5M2>>
  %g_ptrs = nv_tileaa.addptr %g_base, %idx : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  %g = nv_tileaa.load %g_ptrs : tensor<256x!nv_tileaa.ptr<f8E5M2>> -> tensor<256xf8E5M2>
  %v0 = nv_tileaa.fp_to_fp %x : tensor<256xf32> -> tensor<256xf8E4M3FN>
  %v1 = nv_tileaa.fp_to_fp %d : tensor<256xf64> -> tensor<256xf8E4M3FN>
  %v2 = nv_tileaa.fp_to_fp %h : tensor<256xf16> -> tensor<256xf8E4M3FN>
  %v3 = nv_tileaa.fp_to_fp %b : tensor<256xbf16> -> tensor<256xf8E4M3FN>
  %v4 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xf8E4M3FN>
  %v5 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32> -> tensor<256xf8E5M2>
  %v6 = nv_tileaa.fp_to_fp %d : tensor<256xf64> -> tensor<256xf8E5M2>
  %v7 = nv_tileaa.fp_to_fp %h : tensor<256xf16> -> tensor<256xf8E5M2>
  %v8 = nv_tileaa.fp_to_fp %b : tensor<256xbf16> -> tensor<256xf8E5M2>
  %v9 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xf8E5M2>
  %v10 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xf16>
  %v11 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xbf16>
  %v12 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xf32>
  %v13 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xf64>
  %v14 = nv_tileaa.fp_to_fp %e : tensor<256xf8E4M3FN> -> tensor<256xtf32>
  %v15 = nv_tileaa.fp_to_fp %v14 : tensor<256xtf32> -> tensor<256xf32>
  %v16 = nv_tileaa.addf %v12, %v15 : tensor<256xf32>
  %v17 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xf16>
  %v18 = nv_tileaa.addf %v10, %v17 : tensor<256xf16>
  %v19 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xbf16>
  %v20 = nv_tileaa.addf %v11, %v19 : tensor<256xbf16>
  %v21 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xf32>
  %v22 = nv_tileaa.addf %v16, %v21 : tensor<256xf32>
  %v23 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xf64>
  %v24 = nv_tileaa.addf %v13, %v23 : tensor<256xf64>
  %v25 = nv_tileaa.fp_to_fp %g : tensor<256xf8E5M2> -> tensor<256xtf32>
  %v26 = nv_tileaa.fp_to_fp %v25 : tensor<256xtf32> -> tensor<256xf32>
  %v27 = nv_tileaa.addf %v22, %v26 : tensor<256xf32>
  %e4m3_base = nv_tileaa.splat %out_e4m3 : !nv_tileaa.ptr<f8E4M3FN> -> tensor<256x!nv_tileaa.ptr<f8E4M3FN>>
  %v28 = arith.constant dense<0> : tensor<256xi32>
  %v29 = arith.addi %idx, %v28 : tensor<256xi32>
  %v30 = nv_tileaa.addptr %e4m3_base, %v29 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  nv_tileaa.store %v30, %v0 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xf8E4M3FN>
  %v31 = arith.constant dense<256> : tensor<256xi32>
  %v32 = arith.addi %idx, %v31 : tensor<256xi32>
  %v33 = nv_tileaa.addptr %e4m3_base, %v32 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  nv_tileaa.store %v33, %v1 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xf8E4M3FN>
  %v34 = arith.constant dense<512> : tensor<256xi32>
  %v35 = arith.addi %idx, %v34 : tensor<256xi32>
  %v36 = nv_tileaa.addptr %e4m3_base, %v35 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  nv_tileaa.store %v36, %v2 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xf8E4M3FN>
  %v37 = arith.constant dense<768> : tensor<256xi32>
  %v38 = arith.addi %idx, %v37 : tensor<256xi32>
  %v39 = nv_tileaa.addptr %e4m3_base, %v38 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  nv_tileaa.store %v39, %v3 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xf8E4M3FN>
  %v40 = arith.constant dense<1024> : tensor<256xi32>
  %v41 = arith.addi %idx, %v40 : tensor<256xi32>
  %v42 = nv_tileaa.addptr %e4m3_base, %v41 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xi32>
  nv_tileaa.store %v42, %v4 : tensor<256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<256xf8E4M3FN>
  %e5m2_base = nv_tileaa.splat %out_e5m2 : !nv_tileaa.ptr<f8E5M2> -> tensor<256x!nv_tileaa.ptr<f8E5M2>>
  %v43 = arith.constant dense<0> : tensor<256xi32>
  %v44 = arith.addi %idx, %v43 : tensor<256xi32>
  %v45 = nv_tileaa.addptr %e5m2_base, %v44 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  nv_tileaa.store %v45, %v5 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xf8E5M2>
  %v46 = arith.constant dense<256> : tensor<256xi32>
  %v47 = arith.addi %idx, %v46 : tensor<256xi32>
  %v48 = nv_tileaa.addptr %e5m2_base, %v47 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  nv_tileaa.store %v48, %v6 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xf8E5M2>
  %v49 = arith.constant dense<512> : tensor<256xi32>
  %v50 = arith.addi %idx, %v49 : tensor<256xi32>
  %v51 = nv_tileaa.addptr %e5m2_base, %v50 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  nv_tileaa.store %v51, %v7 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xf8E5M2>
  %v52 = arith.constant dense<768> : tensor<256xi32>
  %v53 = arith.addi %idx, %v52 : tensor<256xi32>
  %v54 = nv_tileaa.addptr %e5m2_base, %v53 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  nv_tileaa.store %v54, %v8 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xf8E5M2>
  %v55 = arith.constant dense<1024> : tensor<256xi32>
  %v56 = arith.addi %idx, %v55 : tensor<256xi32>
  %v57 = nv_tileaa.addptr %e5m2_base, %v56 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xi32>
  nv_tileaa.store %v57, %v9 : tensor<256x!nv_tileaa.ptr<f8E5M2>>, tensor<256xf8E5M2>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v18 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v20 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v27 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v24 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}
