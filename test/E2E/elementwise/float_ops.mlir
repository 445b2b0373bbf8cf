// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/float_ops.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/float_ops.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/float_ops.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/float_ops.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/float_ops.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/float_ops.sm_120a.ptx
// RUN: FileCheck %s < %t/float_ops.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=SM75 --implicit-check-not=.bf16 < %t/float_ops.sm_75.ptx

// Every nv_tileaa float op with every rounding mode it takes, on f16, bf16,
// f32 and f64 tiles (two registers per thread). Each result is folded into
// an accumulator that is stored, so nothing is dead.
//
// Explicit modes are the PTX instruction of that mode; f16 and bf16 compute
// in f32 and round once more in the same mode.
// CHECK-LABEL: .entry float_ops_f16(
// CHECK-DAG: add.rz.f32
// CHECK-DAG: sub.rm.f32
// CHECK-DAG: mul.rp.f32
// CHECK-DAG: div.approx.f32
// CHECK-DAG: cvt.rz.f16.f32
// CHECK-DAG: cvt.rm.f16.f32
// CHECK-DAG: cvt.rp.f16.f32
// CHECK-DAG: fma.rn.f16
// CHECK-DAG: ex2.approx.f16
// CHECK-LABEL: .entry float_ops_bf16(
// CHECK-DAG: cvt.rz.bf16.f32
// CHECK-DAG: cvt.rm.bf16.f32
// CHECK-DAG: cvt.rp.bf16.f32
// CHECK-DAG: fma.rn.bf16
// CHECK-DAG: ex2.approx.ftz.bf16
// CHECK-LABEL: .entry float_ops_f32(
// CHECK-DAG: add.rz.f32
// CHECK-DAG: add.rn.f32
// CHECK-DAG: sub.rm.f32
// CHECK-DAG: mul.rp.f32
// CHECK-DAG: div.rz.f32
// CHECK-DAG: div.approx.f32
// CHECK-DAG: div.full.f32
// CHECK-DAG: fma.rz.f32
// CHECK-DAG: fma.rm.f32
// CHECK-DAG: sqrt.rp.f32
// CHECK-DAG: sqrt.approx.f32
// CHECK-DAG: rsqrt.approx.f32
// CHECK-DAG: ex2.approx.f32
// CHECK-LABEL: .entry float_ops_f64(
// CHECK-DAG: add.rz.f64
// CHECK-DAG: mul.rm.f64
// CHECK-DAG: div.rp.f64
// CHECK-DAG: fma.rz.f64
// CHECK-DAG: sqrt.rm.f64
// CHECK-DAG: rsqrt.approx.f64
//
// sm_75 has no cvt.rz.f16.f32 intrinsic (the instruction is emitted
// directly), no bf16 instructions at all: directed bf16 conversions are
// done on the bits, and a bf16 fma is an f32 fma rounded to odd (from its
// rm/rp/rz results) and then to bf16.
// SM75-LABEL: .entry float_ops_f16(
// SM75-DAG: cvt.rz.f16.f32
// SM75-DAG: ex2.approx.f16
// SM75-LABEL: .entry float_ops_bf16(
// SM75-DAG: fma.rm.f32
// SM75-DAG: fma.rp.f32
// SM75-DAG: fma.rz.f32
// SM75-LABEL: .entry float_ops_f32(

nv_tileaa.func @float_ops_f16(%x_ptr: !nv_tileaa.ptr<f16>, %y_ptr: !nv_tileaa.ptr<f16>, %z_ptr: !nv_tileaa.ptr<f16>, %out_f16: !nv_tileaa.ptr<f16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %y_base = nv_tileaa.splat %y_ptr : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %y_ptrs = nv_tileaa.addptr %y_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %y = nv_tileaa.load %y_ptrs : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %z_base = nv_tileaa.splat %z_ptr : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %z_ptrs = nv_tileaa.addptr %z_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %z = nv_tileaa.load %z_ptrs : tensor<256x!nv_tileaa.ptr<f16>> -> tensor<256xf16>
  %v0 = nv_tileaa.addf %x, %y : tensor<256xf16>
  %v1 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf16>
  %v3 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf16>
  %v5 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf16>
  %v7 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf16>
  %v9 = nv_tileaa.subf %x, %y : tensor<256xf16>
  %v10 = nv_tileaa.addf %v8, %v9 : tensor<256xf16>
  %v11 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v12 = nv_tileaa.addf %v10, %v11 : tensor<256xf16>
  %v13 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v14 = nv_tileaa.addf %v12, %v13 : tensor<256xf16>
  %v15 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v16 = nv_tileaa.addf %v14, %v15 : tensor<256xf16>
  %v17 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v18 = nv_tileaa.addf %v16, %v17 : tensor<256xf16>
  %v19 = nv_tileaa.mulf %x, %y : tensor<256xf16>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf16>
  %v21 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf16>
  %v23 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf16>
  %v25 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf16>
  %v27 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v28 = nv_tileaa.addf %v26, %v27 : tensor<256xf16>
  %v29 = nv_tileaa.divf %x, %y : tensor<256xf16>
  %v30 = nv_tileaa.addf %v28, %v29 : tensor<256xf16>
  %v31 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v32 = nv_tileaa.addf %v30, %v31 : tensor<256xf16>
  %v33 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v34 = nv_tileaa.addf %v32, %v33 : tensor<256xf16>
  %v35 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v36 = nv_tileaa.addf %v34, %v35 : tensor<256xf16>
  %v37 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v38 = nv_tileaa.addf %v36, %v37 : tensor<256xf16>
  %v39 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf16>
  %v40 = nv_tileaa.addf %v38, %v39 : tensor<256xf16>
  %v41 = nv_tileaa.fma %x, %y, %z : tensor<256xf16>
  %v42 = nv_tileaa.addf %v40, %v41 : tensor<256xf16>
  %v43 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v44 = nv_tileaa.addf %v42, %v43 : tensor<256xf16>
  %v45 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v46 = nv_tileaa.addf %v44, %v45 : tensor<256xf16>
  %v47 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v48 = nv_tileaa.addf %v46, %v47 : tensor<256xf16>
  %v49 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v50 = nv_tileaa.addf %v48, %v49 : tensor<256xf16>
  %v51 = nv_tileaa.sqrt %x : tensor<256xf16>
  %v52 = nv_tileaa.addf %v50, %v51 : tensor<256xf16>
  %v53 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf16>
  %v54 = nv_tileaa.addf %v52, %v53 : tensor<256xf16>
  %v55 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf16>
  %v56 = nv_tileaa.addf %v54, %v55 : tensor<256xf16>
  %v57 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf16>
  %v58 = nv_tileaa.addf %v56, %v57 : tensor<256xf16>
  %v59 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf16>
  %v60 = nv_tileaa.addf %v58, %v59 : tensor<256xf16>
  %v61 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf16>
  %v62 = nv_tileaa.addf %v60, %v61 : tensor<256xf16>
  %v63 = nv_tileaa.rsqrt %x : tensor<256xf16>
  %v64 = nv_tileaa.addf %v62, %v63 : tensor<256xf16>
  %v65 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf16>
  %v66 = nv_tileaa.addf %v64, %v65 : tensor<256xf16>
  %v67 = nv_tileaa.exp2 %x : tensor<256xf16>
  %v68 = nv_tileaa.addf %v66, %v67 : tensor<256xf16>
  %v69 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf16>
  %v70 = nv_tileaa.addf %v68, %v69 : tensor<256xf16>
  %v71 = nv_tileaa.clampf %x, %y, %z : tensor<256xf16>
  %v72 = nv_tileaa.addf %v70, %v71 : tensor<256xf16>
  %v73 = nv_tileaa.mulf %x, %y {fastmath = #nv_tileaa.fastmath<fast>} : tensor<256xf16>
  %v74 = nv_tileaa.addf %v72, %v73 : tensor<256xf16>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v74 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  nv_tileaa.return
}

nv_tileaa.func @float_ops_bf16(%x_ptr: !nv_tileaa.ptr<bf16>, %y_ptr: !nv_tileaa.ptr<bf16>, %z_ptr: !nv_tileaa.ptr<bf16>, %out_bf16: !nv_tileaa.ptr<bf16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %y_base = nv_tileaa.splat %y_ptr : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %y_ptrs = nv_tileaa.addptr %y_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %y = nv_tileaa.load %y_ptrs : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %z_base = nv_tileaa.splat %z_ptr : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %z_ptrs = nv_tileaa.addptr %z_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  %z = nv_tileaa.load %z_ptrs : tensor<256x!nv_tileaa.ptr<bf16>> -> tensor<256xbf16>
  %v0 = nv_tileaa.addf %x, %y : tensor<256xbf16>
  %v1 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xbf16>
  %v3 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xbf16>
  %v5 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xbf16>
  %v7 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xbf16>
  %v9 = nv_tileaa.subf %x, %y : tensor<256xbf16>
  %v10 = nv_tileaa.addf %v8, %v9 : tensor<256xbf16>
  %v11 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v12 = nv_tileaa.addf %v10, %v11 : tensor<256xbf16>
  %v13 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v14 = nv_tileaa.addf %v12, %v13 : tensor<256xbf16>
  %v15 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v16 = nv_tileaa.addf %v14, %v15 : tensor<256xbf16>
  %v17 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v18 = nv_tileaa.addf %v16, %v17 : tensor<256xbf16>
  %v19 = nv_tileaa.mulf %x, %y : tensor<256xbf16>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xbf16>
  %v21 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xbf16>
  %v23 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xbf16>
  %v25 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xbf16>
  %v27 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v28 = nv_tileaa.addf %v26, %v27 : tensor<256xbf16>
  %v29 = nv_tileaa.divf %x, %y : tensor<256xbf16>
  %v30 = nv_tileaa.addf %v28, %v29 : tensor<256xbf16>
  %v31 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v32 = nv_tileaa.addf %v30, %v31 : tensor<256xbf16>
  %v33 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v34 = nv_tileaa.addf %v32, %v33 : tensor<256xbf16>
  %v35 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v36 = nv_tileaa.addf %v34, %v35 : tensor<256xbf16>
  %v37 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v38 = nv_tileaa.addf %v36, %v37 : tensor<256xbf16>
  %v39 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xbf16>
  %v40 = nv_tileaa.addf %v38, %v39 : tensor<256xbf16>
  %v41 = nv_tileaa.fma %x, %y, %z : tensor<256xbf16>
  %v42 = nv_tileaa.addf %v40, %v41 : tensor<256xbf16>
  %v43 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v44 = nv_tileaa.addf %v42, %v43 : tensor<256xbf16>
  %v45 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v46 = nv_tileaa.addf %v44, %v45 : tensor<256xbf16>
  %v47 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v48 = nv_tileaa.addf %v46, %v47 : tensor<256xbf16>
  %v49 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v50 = nv_tileaa.addf %v48, %v49 : tensor<256xbf16>
  %v51 = nv_tileaa.sqrt %x : tensor<256xbf16>
  %v52 = nv_tileaa.addf %v50, %v51 : tensor<256xbf16>
  %v53 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xbf16>
  %v54 = nv_tileaa.addf %v52, %v53 : tensor<256xbf16>
  %v55 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xbf16>
  %v56 = nv_tileaa.addf %v54, %v55 : tensor<256xbf16>
  %v57 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xbf16>
  %v58 = nv_tileaa.addf %v56, %v57 : tensor<256xbf16>
  %v59 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xbf16>
  %v60 = nv_tileaa.addf %v58, %v59 : tensor<256xbf16>
  %v61 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xbf16>
  %v62 = nv_tileaa.addf %v60, %v61 : tensor<256xbf16>
  %v63 = nv_tileaa.rsqrt %x : tensor<256xbf16>
  %v64 = nv_tileaa.addf %v62, %v63 : tensor<256xbf16>
  %v65 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xbf16>
  %v66 = nv_tileaa.addf %v64, %v65 : tensor<256xbf16>
  %v67 = nv_tileaa.exp2 %x : tensor<256xbf16>
  %v68 = nv_tileaa.addf %v66, %v67 : tensor<256xbf16>
  %v69 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xbf16>
  %v70 = nv_tileaa.addf %v68, %v69 : tensor<256xbf16>
  %v71 = nv_tileaa.clampf %x, %y, %z : tensor<256xbf16>
  %v72 = nv_tileaa.addf %v70, %v71 : tensor<256xbf16>
  %v73 = nv_tileaa.mulf %x, %y {fastmath = #nv_tileaa.fastmath<fast>} : tensor<256xbf16>
  %v74 = nv_tileaa.addf %v72, %v73 : tensor<256xbf16>
  %out_bf16_base = nv_tileaa.splat %out_bf16 : !nv_tileaa.ptr<bf16> -> tensor<256x!nv_tileaa.ptr<bf16>>
  %out_bf16_ptrs = nv_tileaa.addptr %out_bf16_base, %idx : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xi32>
  nv_tileaa.store %out_bf16_ptrs, %v74 : tensor<256x!nv_tileaa.ptr<bf16>>, tensor<256xbf16>
  nv_tileaa.return
}

nv_tileaa.func @float_ops_f32(%x_ptr: !nv_tileaa.ptr<f32>, %y_ptr: !nv_tileaa.ptr<f32>, %z_ptr: !nv_tileaa.ptr<f32>, %out_f32: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %y_base = nv_tileaa.splat %y_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %y_ptrs = nv_tileaa.addptr %y_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %y = nv_tileaa.load %y_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %z_base = nv_tileaa.splat %z_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %z_ptrs = nv_tileaa.addptr %z_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %z = nv_tileaa.load %z_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %v0 = nv_tileaa.addf %x, %y : tensor<256xf32>
  %v1 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf32>
  %v3 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf32>
  %v5 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf32>
  %v7 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf32>
  %v9 = nv_tileaa.subf %x, %y : tensor<256xf32>
  %v10 = nv_tileaa.addf %v8, %v9 : tensor<256xf32>
  %v11 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v12 = nv_tileaa.addf %v10, %v11 : tensor<256xf32>
  %v13 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v14 = nv_tileaa.addf %v12, %v13 : tensor<256xf32>
  %v15 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v16 = nv_tileaa.addf %v14, %v15 : tensor<256xf32>
  %v17 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v18 = nv_tileaa.addf %v16, %v17 : tensor<256xf32>
  %v19 = nv_tileaa.mulf %x, %y : tensor<256xf32>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf32>
  %v21 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf32>
  %v23 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf32>
  %v25 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf32>
  %v27 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v28 = nv_tileaa.addf %v26, %v27 : tensor<256xf32>
  %v29 = nv_tileaa.divf %x, %y : tensor<256xf32>
  %v30 = nv_tileaa.addf %v28, %v29 : tensor<256xf32>
  %v31 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v32 = nv_tileaa.addf %v30, %v31 : tensor<256xf32>
  %v33 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v34 = nv_tileaa.addf %v32, %v33 : tensor<256xf32>
  %v35 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v36 = nv_tileaa.addf %v34, %v35 : tensor<256xf32>
  %v37 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v38 = nv_tileaa.addf %v36, %v37 : tensor<256xf32>
  %v39 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf32>
  %v40 = nv_tileaa.addf %v38, %v39 : tensor<256xf32>
  %v41 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<full>} : tensor<256xf32>
  %v42 = nv_tileaa.addf %v40, %v41 : tensor<256xf32>
  %v43 = nv_tileaa.fma %x, %y, %z : tensor<256xf32>
  %v44 = nv_tileaa.addf %v42, %v43 : tensor<256xf32>
  %v45 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v46 = nv_tileaa.addf %v44, %v45 : tensor<256xf32>
  %v47 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v48 = nv_tileaa.addf %v46, %v47 : tensor<256xf32>
  %v49 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v50 = nv_tileaa.addf %v48, %v49 : tensor<256xf32>
  %v51 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v52 = nv_tileaa.addf %v50, %v51 : tensor<256xf32>
  %v53 = nv_tileaa.sqrt %x : tensor<256xf32>
  %v54 = nv_tileaa.addf %v52, %v53 : tensor<256xf32>
  %v55 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf32>
  %v56 = nv_tileaa.addf %v54, %v55 : tensor<256xf32>
  %v57 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf32>
  %v58 = nv_tileaa.addf %v56, %v57 : tensor<256xf32>
  %v59 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf32>
  %v60 = nv_tileaa.addf %v58, %v59 : tensor<256xf32>
  %v61 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf32>
  %v62 = nv_tileaa.addf %v60, %v61 : tensor<256xf32>
  %v63 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf32>
  %v64 = nv_tileaa.addf %v62, %v63 : tensor<256xf32>
  %v65 = nv_tileaa.rsqrt %x : tensor<256xf32>
  %v66 = nv_tileaa.addf %v64, %v65 : tensor<256xf32>
  %v67 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf32>
  %v68 = nv_tileaa.addf %v66, %v67 : tensor<256xf32>
  %v69 = nv_tileaa.exp2 %x : tensor<256xf32>
  %v70 = nv_tileaa.addf %v68, %v69 : tensor<256xf32>
  %v71 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf32>
  %v72 = nv_tileaa.addf %v70, %v71 : tensor<256xf32>
  %v73 = nv_tileaa.clampf %x, %y, %z : tensor<256xf32>
  %v74 = nv_tileaa.addf %v72, %v73 : tensor<256xf32>
  %v75 = nv_tileaa.mulf %x, %y {fastmath = #nv_tileaa.fastmath<fast>} : tensor<256xf32>
  %v76 = nv_tileaa.addf %v74, %v75 : tensor<256xf32>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v76 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  nv_tileaa.return
}

nv_tileaa.func @float_ops_f64(%x_ptr: !nv_tileaa.ptr<f64>, %y_ptr: !nv_tileaa.ptr<f64>, %z_ptr: !nv_tileaa.ptr<f64>, %out_f64: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %x_base = nv_tileaa.splat %x_ptr : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %x_ptrs = nv_tileaa.addptr %x_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %x = nv_tileaa.load %x_ptrs : tensor<256x!nv_tileaa.ptr<f64>> -> tensor<256xf64>
  %y_base = nv_tileaa.splat %y_ptr : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %y_ptrs = nv_tileaa.addptr %y_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %y = nv_tileaa.load %y_ptrs : tensor<256x!nv_tileaa.ptr<f64>> -> tensor<256xf64>
  %z_base = nv_tileaa.splat %z_ptr : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %z_ptrs = nv_tileaa.addptr %z_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %z = nv_tileaa.load %z_ptrs : tensor<256x!nv_tileaa.ptr<f64>> -> tensor<256xf64>
  %v0 = nv_tileaa.addf %x, %y : tensor<256xf64>
  %v1 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v2 = nv_tileaa.addf %v0, %v1 : tensor<256xf64>
  %v3 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v4 = nv_tileaa.addf %v2, %v3 : tensor<256xf64>
  %v5 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v6 = nv_tileaa.addf %v4, %v5 : tensor<256xf64>
  %v7 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v8 = nv_tileaa.addf %v6, %v7 : tensor<256xf64>
  %v9 = nv_tileaa.subf %x, %y : tensor<256xf64>
  %v10 = nv_tileaa.addf %v8, %v9 : tensor<256xf64>
  %v11 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v12 = nv_tileaa.addf %v10, %v11 : tensor<256xf64>
  %v13 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v14 = nv_tileaa.addf %v12, %v13 : tensor<256xf64>
  %v15 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v16 = nv_tileaa.addf %v14, %v15 : tensor<256xf64>
  %v17 = nv_tileaa.subf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v18 = nv_tileaa.addf %v16, %v17 : tensor<256xf64>
  %v19 = nv_tileaa.mulf %x, %y : tensor<256xf64>
  %v20 = nv_tileaa.addf %v18, %v19 : tensor<256xf64>
  %v21 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v22 = nv_tileaa.addf %v20, %v21 : tensor<256xf64>
  %v23 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v24 = nv_tileaa.addf %v22, %v23 : tensor<256xf64>
  %v25 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v26 = nv_tileaa.addf %v24, %v25 : tensor<256xf64>
  %v27 = nv_tileaa.mulf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v28 = nv_tileaa.addf %v26, %v27 : tensor<256xf64>
  %v29 = nv_tileaa.divf %x, %y : tensor<256xf64>
  %v30 = nv_tileaa.addf %v28, %v29 : tensor<256xf64>
  %v31 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v32 = nv_tileaa.addf %v30, %v31 : tensor<256xf64>
  %v33 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v34 = nv_tileaa.addf %v32, %v33 : tensor<256xf64>
  %v35 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v36 = nv_tileaa.addf %v34, %v35 : tensor<256xf64>
  %v37 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v38 = nv_tileaa.addf %v36, %v37 : tensor<256xf64>
  %v39 = nv_tileaa.fma %x, %y, %z : tensor<256xf64>
  %v40 = nv_tileaa.addf %v38, %v39 : tensor<256xf64>
  %v41 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v42 = nv_tileaa.addf %v40, %v41 : tensor<256xf64>
  %v43 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v44 = nv_tileaa.addf %v42, %v43 : tensor<256xf64>
  %v45 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v46 = nv_tileaa.addf %v44, %v45 : tensor<256xf64>
  %v47 = nv_tileaa.fma %x, %y, %z {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v48 = nv_tileaa.addf %v46, %v47 : tensor<256xf64>
  %v49 = nv_tileaa.sqrt %x : tensor<256xf64>
  %v50 = nv_tileaa.addf %v48, %v49 : tensor<256xf64>
  %v51 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<256xf64>
  %v52 = nv_tileaa.addf %v50, %v51 : tensor<256xf64>
  %v53 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<256xf64>
  %v54 = nv_tileaa.addf %v52, %v53 : tensor<256xf64>
  %v55 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rm>} : tensor<256xf64>
  %v56 = nv_tileaa.addf %v54, %v55 : tensor<256xf64>
  %v57 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<rp>} : tensor<256xf64>
  %v58 = nv_tileaa.addf %v56, %v57 : tensor<256xf64>
  %v59 = nv_tileaa.rsqrt %x : tensor<256xf64>
  %v60 = nv_tileaa.addf %v58, %v59 : tensor<256xf64>
  %v61 = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<approx>} : tensor<256xf64>
  %v62 = nv_tileaa.addf %v60, %v61 : tensor<256xf64>
  %v63 = nv_tileaa.exp2 %x : tensor<256xf64>
  %v64 = nv_tileaa.addf %v62, %v63 : tensor<256xf64>
  %v65 = nv_tileaa.clampf %x, %y, %z : tensor<256xf64>
  %v66 = nv_tileaa.addf %v64, %v65 : tensor<256xf64>
  %v67 = nv_tileaa.mulf %x, %y {fastmath = #nv_tileaa.fastmath<fast>} : tensor<256xf64>
  %v68 = nv_tileaa.addf %v66, %v67 : tensor<256xf64>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v68 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}
