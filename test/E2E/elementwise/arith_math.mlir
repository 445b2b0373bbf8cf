// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/arith_math.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/arith_math.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/arith_math.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/arith_math.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/arith_math.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/arith_math.sm_120a.ptx
// RUN: FileCheck %s < %t/arith_math.sm_80.ptx
// RUN: FileCheck %s --check-prefix=SM75 --implicit-check-not=max.NaN --implicit-check-not=min.NaN < %t/arith_math.sm_75.ptx

// Every arith and math op family on tiles: integer and float arithmetic,
// comparisons, selects (tile and scalar conditions), casts, and the math
// functions (libdevice, linked and inlined). Each tile op is lowered once
// per register through the scalar upstream patterns; ceildiv/floordiv are
// expanded first and math.ipowi, which no upstream pattern lowers, is a
// branch-free square-and-multiply.
// CHECK-LABEL: .entry arith_math(
// CHECK-DAG: div.s32
// CHECK-DAG: div.u32
// CHECK-DAG: max.s32
// CHECK-DAG: min.u32
// CHECK-DAG: max.NaN.f32
// CHECK-DAG: min.NaN.f32
// CHECK-DAG: popc.b32
// CHECK-DAG: clz.b32
// CHECK-DAG: cvt.rn.f32.s32
// CHECK-DAG: cvt.rzi.s32.f32
// CHECK-DAG: cvt.rn.f16.f32
// CHECK-DAG: cvt.f64.f32
// CHECK-DAG: sqrt.rn.f64
// CHECK-DAG: abs.s32
//
// maximumf/minimumf without max.NaN/min.NaN (sm_80+): compare and select.
// SM75-LABEL: .entry arith_math(
// SM75-DAG: max.f32
// SM75-DAG: setp.nan.f32

nv_tileaa.func @arith_math(%a_ptr: !nv_tileaa.ptr<f32>, %b_ptr: !nv_tileaa.ptr<f32>, %i_ptr: !nv_tileaa.ptr<i32>, %j_ptr: !nv_tileaa.ptr<i32>, %out_f32: !nv_tileaa.ptr<f32>, %out_i32: !nv_tileaa.ptr<i32>, %out_f64: !nv_tileaa.ptr<f64>, %out_f16: !nv_tileaa.ptr<f16>, %out_i64: !nv_tileaa.ptr<i64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %idx = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %a_base = nv_tileaa.splat %a_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %a = nv_tileaa.load %a_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %b_base = nv_tileaa.splat %b_ptr : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %b = nv_tileaa.load %b_ptrs : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %i_base = nv_tileaa.splat %i_ptr : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %i_ptrs = nv_tileaa.addptr %i_base, %idx : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %i = nv_tileaa.load %i_ptrs : tensor<256x!nv_tileaa.ptr<i32>> -> tensor<256xi32>
  %j_base = nv_tileaa.splat %j_ptr : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %j_ptrs = nv_tileaa.addptr %j_base, %idx : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %j = nv_tileaa.load %j_ptrs : tensor<256x!nv_tileaa.ptr<i32>> -> tensor<256xi32>
  // integer arithmetic
  %v0 = arith.addi %i, %j : tensor<256xi32>
  %v1 = arith.subi %i, %j : tensor<256xi32>
  %v2 = arith.xori %v0, %v1 : tensor<256xi32>
  %v3 = arith.muli %i, %j : tensor<256xi32>
  %v4 = arith.xori %v2, %v3 : tensor<256xi32>
  %v5 = arith.divsi %i, %j : tensor<256xi32>
  %v6 = arith.xori %v4, %v5 : tensor<256xi32>
  %v7 = arith.divui %i, %j : tensor<256xi32>
  %v8 = arith.xori %v6, %v7 : tensor<256xi32>
  %v9 = arith.remsi %i, %j : tensor<256xi32>
  %v10 = arith.xori %v8, %v9 : tensor<256xi32>
  %v11 = arith.remui %i, %j : tensor<256xi32>
  %v12 = arith.xori %v10, %v11 : tensor<256xi32>
  %v13 = arith.andi %i, %j : tensor<256xi32>
  %v14 = arith.xori %v12, %v13 : tensor<256xi32>
  %v15 = arith.ori %i, %j : tensor<256xi32>
  %v16 = arith.xori %v14, %v15 : tensor<256xi32>
  %v17 = arith.xori %i, %j : tensor<256xi32>
  %v18 = arith.xori %v16, %v17 : tensor<256xi32>
  %v19 = arith.shli %i, %j : tensor<256xi32>
  %v20 = arith.xori %v18, %v19 : tensor<256xi32>
  %v21 = arith.shrsi %i, %j : tensor<256xi32>
  %v22 = arith.xori %v20, %v21 : tensor<256xi32>
  %v23 = arith.shrui %i, %j : tensor<256xi32>
  %v24 = arith.xori %v22, %v23 : tensor<256xi32>
  %v25 = arith.maxsi %i, %j : tensor<256xi32>
  %v26 = arith.xori %v24, %v25 : tensor<256xi32>
  %v27 = arith.minsi %i, %j : tensor<256xi32>
  %v28 = arith.xori %v26, %v27 : tensor<256xi32>
  %v29 = arith.maxui %i, %j : tensor<256xi32>
  %v30 = arith.xori %v28, %v29 : tensor<256xi32>
  %v31 = arith.minui %i, %j : tensor<256xi32>
  %v32 = arith.xori %v30, %v31 : tensor<256xi32>
  %v33 = arith.ceildivsi %i, %j : tensor<256xi32>
  %v34 = arith.xori %v32, %v33 : tensor<256xi32>
  %v35 = arith.floordivsi %i, %j : tensor<256xi32>
  %v36 = arith.xori %v34, %v35 : tensor<256xi32>
  %v37 = arith.ceildivui %i, %j : tensor<256xi32>
  %v38 = arith.xori %v36, %v37 : tensor<256xi32>
  // float arithmetic
  %v39 = arith.addf %a, %b : tensor<256xf32>
  %v40 = arith.subf %a, %b : tensor<256xf32>
  %v41 = nv_tileaa.addf %v39, %v40 : tensor<256xf32>
  %v42 = arith.mulf %a, %b : tensor<256xf32>
  %v43 = nv_tileaa.addf %v41, %v42 : tensor<256xf32>
  %v44 = arith.divf %a, %b : tensor<256xf32>
  %v45 = nv_tileaa.addf %v43, %v44 : tensor<256xf32>
  %v46 = arith.remf %a, %b : tensor<256xf32>
  %v47 = nv_tileaa.addf %v45, %v46 : tensor<256xf32>
  %v48 = arith.maximumf %a, %b : tensor<256xf32>
  %v49 = nv_tileaa.addf %v47, %v48 : tensor<256xf32>
  %v50 = arith.minimumf %a, %b : tensor<256xf32>
  %v51 = nv_tileaa.addf %v49, %v50 : tensor<256xf32>
  %v52 = arith.maxnumf %a, %b : tensor<256xf32>
  %v53 = nv_tileaa.addf %v51, %v52 : tensor<256xf32>
  %v54 = arith.minnumf %a, %b : tensor<256xf32>
  %v55 = nv_tileaa.addf %v53, %v54 : tensor<256xf32>
  %v56 = arith.negf %a : tensor<256xf32>
  %v57 = nv_tileaa.addf %v55, %v56 : tensor<256xf32>
  %v58 = arith.addf %a, %b fastmath<fast> : tensor<256xf32>
  %v59 = nv_tileaa.addf %v57, %v58 : tensor<256xf32>
  // comparisons and selects
  %v60 = arith.cmpi eq, %i, %j : tensor<256xi32>
  %v61 = arith.select %v60, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v62 = arith.xori %v38, %v61 : tensor<256xi32>
  %v63 = arith.cmpi ne, %i, %j : tensor<256xi32>
  %v64 = arith.select %v63, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v65 = arith.xori %v62, %v64 : tensor<256xi32>
  %v66 = arith.cmpi slt, %i, %j : tensor<256xi32>
  %v67 = arith.select %v66, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v68 = arith.xori %v65, %v67 : tensor<256xi32>
  %v69 = arith.cmpi sle, %i, %j : tensor<256xi32>
  %v70 = arith.select %v69, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v71 = arith.xori %v68, %v70 : tensor<256xi32>
  %v72 = arith.cmpi sgt, %i, %j : tensor<256xi32>
  %v73 = arith.select %v72, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v74 = arith.xori %v71, %v73 : tensor<256xi32>
  %v75 = arith.cmpi sge, %i, %j : tensor<256xi32>
  %v76 = arith.select %v75, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v77 = arith.xori %v74, %v76 : tensor<256xi32>
  %v78 = arith.cmpi ult, %i, %j : tensor<256xi32>
  %v79 = arith.select %v78, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v80 = arith.xori %v77, %v79 : tensor<256xi32>
  %v81 = arith.cmpi ule, %i, %j : tensor<256xi32>
  %v82 = arith.select %v81, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v83 = arith.xori %v80, %v82 : tensor<256xi32>
  %v84 = arith.cmpi ugt, %i, %j : tensor<256xi32>
  %v85 = arith.select %v84, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v86 = arith.xori %v83, %v85 : tensor<256xi32>
  %v87 = arith.cmpi uge, %i, %j : tensor<256xi32>
  %v88 = arith.select %v87, %i, %j : tensor<256xi1>, tensor<256xi32>
  %v89 = arith.xori %v86, %v88 : tensor<256xi32>
  %v90 = arith.cmpf oeq, %a, %b : tensor<256xf32>
  %v91 = arith.extui %v90 : tensor<256xi1> to tensor<256xi32>
  %v92 = arith.xori %v89, %v91 : tensor<256xi32>
  %v93 = arith.cmpf one, %a, %b : tensor<256xf32>
  %v94 = arith.extui %v93 : tensor<256xi1> to tensor<256xi32>
  %v95 = arith.xori %v92, %v94 : tensor<256xi32>
  %v96 = arith.cmpf olt, %a, %b : tensor<256xf32>
  %v97 = arith.extui %v96 : tensor<256xi1> to tensor<256xi32>
  %v98 = arith.xori %v95, %v97 : tensor<256xi32>
  %v99 = arith.cmpf ole, %a, %b : tensor<256xf32>
  %v100 = arith.extui %v99 : tensor<256xi1> to tensor<256xi32>
  %v101 = arith.xori %v98, %v100 : tensor<256xi32>
  %v102 = arith.cmpf ogt, %a, %b : tensor<256xf32>
  %v103 = arith.extui %v102 : tensor<256xi1> to tensor<256xi32>
  %v104 = arith.xori %v101, %v103 : tensor<256xi32>
  %v105 = arith.cmpf oge, %a, %b : tensor<256xf32>
  %v106 = arith.extui %v105 : tensor<256xi1> to tensor<256xi32>
  %v107 = arith.xori %v104, %v106 : tensor<256xi32>
  %v108 = arith.cmpf ord, %a, %b : tensor<256xf32>
  %v109 = arith.extui %v108 : tensor<256xi1> to tensor<256xi32>
  %v110 = arith.xori %v107, %v109 : tensor<256xi32>
  %v111 = arith.cmpf ueq, %a, %b : tensor<256xf32>
  %v112 = arith.extui %v111 : tensor<256xi1> to tensor<256xi32>
  %v113 = arith.xori %v110, %v112 : tensor<256xi32>
  %v114 = arith.cmpf une, %a, %b : tensor<256xf32>
  %v115 = arith.extui %v114 : tensor<256xi1> to tensor<256xi32>
  %v116 = arith.xori %v113, %v115 : tensor<256xi32>
  %v117 = arith.cmpf ult, %a, %b : tensor<256xf32>
  %v118 = arith.extui %v117 : tensor<256xi1> to tensor<256xi32>
  %v119 = arith.xori %v116, %v118 : tensor<256xi32>
  %v120 = arith.cmpf ule, %a, %b : tensor<256xf32>
  %v121 = arith.extui %v120 : tensor<256xi1> to tensor<256xi32>
  %v122 = arith.xori %v119, %v121 : tensor<256xi32>
  %v123 = arith.cmpf ugt, %a, %b : tensor<256xf32>
  %v124 = arith.extui %v123 : tensor<256xi1> to tensor<256xi32>
  %v125 = arith.xori %v122, %v124 : tensor<256xi32>
  %v126 = arith.cmpf uge, %a, %b : tensor<256xf32>
  %v127 = arith.extui %v126 : tensor<256xi1> to tensor<256xi32>
  %v128 = arith.xori %v125, %v127 : tensor<256xi32>
  %v129 = arith.cmpf uno, %a, %b : tensor<256xf32>
  %v130 = arith.extui %v129 : tensor<256xi1> to tensor<256xi32>
  %v131 = arith.xori %v128, %v130 : tensor<256xi32>
  %v132 = arith.cmpi slt, %i, %j : tensor<256xi32>
  %v133 = arith.extsi %v132 : tensor<256xi1> to tensor<256xi32>
  %v134 = arith.xori %v131, %v133 : tensor<256xi32>
  // a scalar condition selects between whole tiles
  %v135 = arith.constant 7 : i32
  %v136 = nv_tileaa.load %i_ptr : !nv_tileaa.ptr<i32> -> i32
  %v137 = arith.cmpi sgt, %v136, %v135 : i32
  %v138 = arith.select %v137, %i, %j : tensor<256xi32>
  %v139 = arith.xori %v134, %v138 : tensor<256xi32>
  // casts
  %v140 = arith.sitofp %i : tensor<256xi32> to tensor<256xf32>
  %v141 = nv_tileaa.addf %v59, %v140 : tensor<256xf32>
  %v142 = arith.uitofp %i : tensor<256xi32> to tensor<256xf32>
  %v143 = nv_tileaa.addf %v141, %v142 : tensor<256xf32>
  %v144 = arith.fptosi %a : tensor<256xf32> to tensor<256xi32>
  %v145 = arith.xori %v139, %v144 : tensor<256xi32>
  %v146 = arith.fptoui %a : tensor<256xf32> to tensor<256xi32>
  %v147 = arith.xori %v145, %v146 : tensor<256xi32>
  %v148 = arith.bitcast %a : tensor<256xf32> to tensor<256xi32>
  %v149 = arith.xori %v147, %v148 : tensor<256xi32>
  %v150 = arith.truncf %a : tensor<256xf32> to tensor<256xf16>
  %v151 = arith.extf %a : tensor<256xf32> to tensor<256xf64>
  %v152 = arith.extsi %i : tensor<256xi32> to tensor<256xi64>
  %v153 = arith.extui %j : tensor<256xi32> to tensor<256xi64>
  %v154 = arith.muli %v153, %v153 : tensor<256xi64>
  %v155 = arith.xori %v152, %v154 : tensor<256xi64>
  %v156 = arith.trunci %i : tensor<256xi32> to tensor<256xi8>
  %v157 = arith.extsi %v156 : tensor<256xi8> to tensor<256xi32>
  %v158 = arith.xori %v149, %v157 : tensor<256xi32>
  // math on f32 (libdevice or LLVM intrinsics)
  %v159 = math.absf %a : tensor<256xf32>
  %v160 = nv_tileaa.addf %v143, %v159 : tensor<256xf32>
  %v161 = math.ceil %a : tensor<256xf32>
  %v162 = nv_tileaa.addf %v160, %v161 : tensor<256xf32>
  %v163 = math.floor %a : tensor<256xf32>
  %v164 = nv_tileaa.addf %v162, %v163 : tensor<256xf32>
  %v165 = math.round %a : tensor<256xf32>
  %v166 = nv_tileaa.addf %v164, %v165 : tensor<256xf32>
  %v167 = math.roundeven %a : tensor<256xf32>
  %v168 = nv_tileaa.addf %v166, %v167 : tensor<256xf32>
  %v169 = math.trunc %a : tensor<256xf32>
  %v170 = nv_tileaa.addf %v168, %v169 : tensor<256xf32>
  %v171 = math.sqrt %a : tensor<256xf32>
  %v172 = nv_tileaa.addf %v170, %v171 : tensor<256xf32>
  %v173 = math.rsqrt %a : tensor<256xf32>
  %v174 = nv_tileaa.addf %v172, %v173 : tensor<256xf32>
  %v175 = math.exp %a : tensor<256xf32>
  %v176 = nv_tileaa.addf %v174, %v175 : tensor<256xf32>
  %v177 = math.exp2 %a : tensor<256xf32>
  %v178 = nv_tileaa.addf %v176, %v177 : tensor<256xf32>
  %v179 = math.expm1 %a : tensor<256xf32>
  %v180 = nv_tileaa.addf %v178, %v179 : tensor<256xf32>
  %v181 = math.log %a : tensor<256xf32>
  %v182 = nv_tileaa.addf %v180, %v181 : tensor<256xf32>
  %v183 = math.log2 %a : tensor<256xf32>
  %v184 = nv_tileaa.addf %v182, %v183 : tensor<256xf32>
  %v185 = math.log10 %a : tensor<256xf32>
  %v186 = nv_tileaa.addf %v184, %v185 : tensor<256xf32>
  %v187 = math.log1p %a : tensor<256xf32>
  %v188 = nv_tileaa.addf %v186, %v187 : tensor<256xf32>
  %v189 = math.sin %a : tensor<256xf32>
  %v190 = nv_tileaa.addf %v188, %v189 : tensor<256xf32>
  %v191 = math.cos %a : tensor<256xf32>
  %v192 = nv_tileaa.addf %v190, %v191 : tensor<256xf32>
  %v193 = math.tan %a : tensor<256xf32>
  %v194 = nv_tileaa.addf %v192, %v193 : tensor<256xf32>
  %v195 = math.tanh %a : tensor<256xf32>
  %v196 = nv_tileaa.addf %v194, %v195 : tensor<256xf32>
  %v197 = math.sinh %a : tensor<256xf32>
  %v198 = nv_tileaa.addf %v196, %v197 : tensor<256xf32>
  %v199 = math.cosh %a : tensor<256xf32>
  %v200 = nv_tileaa.addf %v198, %v199 : tensor<256xf32>
  %v201 = math.asin %a : tensor<256xf32>
  %v202 = nv_tileaa.addf %v200, %v201 : tensor<256xf32>
  %v203 = math.acos %a : tensor<256xf32>
  %v204 = nv_tileaa.addf %v202, %v203 : tensor<256xf32>
  %v205 = math.atan %a : tensor<256xf32>
  %v206 = nv_tileaa.addf %v204, %v205 : tensor<256xf32>
  %v207 = math.asinh %a : tensor<256xf32>
  %v208 = nv_tileaa.addf %v206, %v207 : tensor<256xf32>
  %v209 = math.acosh %a : tensor<256xf32>
  %v210 = nv_tileaa.addf %v208, %v209 : tensor<256xf32>
  %v211 = math.atanh %a : tensor<256xf32>
  %v212 = nv_tileaa.addf %v210, %v211 : tensor<256xf32>
  %v213 = math.erf %a : tensor<256xf32>
  %v214 = nv_tileaa.addf %v212, %v213 : tensor<256xf32>
  %v215 = math.erfc %a : tensor<256xf32>
  %v216 = nv_tileaa.addf %v214, %v215 : tensor<256xf32>
  %v217 = math.cbrt %a : tensor<256xf32>
  %v218 = nv_tileaa.addf %v216, %v217 : tensor<256xf32>
  %v219 = math.atan2 %a, %b : tensor<256xf32>
  %v220 = nv_tileaa.addf %v218, %v219 : tensor<256xf32>
  %v221 = math.powf %a, %b : tensor<256xf32>
  %v222 = nv_tileaa.addf %v220, %v221 : tensor<256xf32>
  %v223 = math.copysign %a, %b : tensor<256xf32>
  %v224 = nv_tileaa.addf %v222, %v223 : tensor<256xf32>
  %v225 = math.fma %a, %b, %a : tensor<256xf32>
  %v226 = nv_tileaa.addf %v224, %v225 : tensor<256xf32>
  %v227 = math.fpowi %a, %j : tensor<256xf32>, tensor<256xi32>
  %v228 = nv_tileaa.addf %v226, %v227 : tensor<256xf32>
  // math on integers
  %v229 = math.absi %i : tensor<256xi32>
  %v230 = arith.xori %v158, %v229 : tensor<256xi32>
  %v231 = math.ctlz %i : tensor<256xi32>
  %v232 = arith.xori %v230, %v231 : tensor<256xi32>
  %v233 = math.cttz %i : tensor<256xi32>
  %v234 = arith.xori %v232, %v233 : tensor<256xi32>
  %v235 = math.ctpop %i : tensor<256xi32>
  %v236 = arith.xori %v234, %v235 : tensor<256xi32>
  %v237 = math.ipowi %i, %j : tensor<256xi32>
  %v238 = arith.xori %v236, %v237 : tensor<256xi32>
  // math on f64 and f16
  %v239 = arith.extf %a : tensor<256xf32> to tensor<256xf64>
  %v240 = math.exp %v239 : tensor<256xf64>
  %v241 = nv_tileaa.addf %v151, %v240 : tensor<256xf64>
  %v242 = math.log %v239 : tensor<256xf64>
  %v243 = nv_tileaa.addf %v241, %v242 : tensor<256xf64>
  %v244 = math.sin %v239 : tensor<256xf64>
  %v245 = nv_tileaa.addf %v243, %v244 : tensor<256xf64>
  %v246 = math.sqrt %v239 : tensor<256xf64>
  %v247 = nv_tileaa.addf %v245, %v246 : tensor<256xf64>
  %v248 = math.tanh %v239 : tensor<256xf64>
  %v249 = nv_tileaa.addf %v247, %v248 : tensor<256xf64>
  %v250 = arith.truncf %a : tensor<256xf32> to tensor<256xf16>
  %v251 = math.exp %v250 : tensor<256xf16>
  %v252 = nv_tileaa.addf %v150, %v251 : tensor<256xf16>
  %v253 = math.sqrt %v250 : tensor<256xf16>
  %v254 = nv_tileaa.addf %v252, %v253 : tensor<256xf16>
  %v255 = math.absf %v250 : tensor<256xf16>
  %v256 = nv_tileaa.addf %v254, %v255 : tensor<256xf16>
  %v257 = math.tanh %v250 : tensor<256xf16>
  %v258 = nv_tileaa.addf %v256, %v257 : tensor<256xf16>
  %out_f32_base = nv_tileaa.splat %out_f32 : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %out_f32_ptrs = nv_tileaa.addptr %out_f32_base, %idx : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  nv_tileaa.store %out_f32_ptrs, %v228 : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  %out_i32_base = nv_tileaa.splat %out_i32 : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %out_i32_ptrs = nv_tileaa.addptr %out_i32_base, %idx : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.store %out_i32_ptrs, %v238 : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %out_f64_base = nv_tileaa.splat %out_f64 : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %out_f64_ptrs = nv_tileaa.addptr %out_f64_base, %idx : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  nv_tileaa.store %out_f64_ptrs, %v249 : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  %out_f16_base = nv_tileaa.splat %out_f16 : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %out_f16_ptrs = nv_tileaa.addptr %out_f16_base, %idx : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  nv_tileaa.store %out_f16_ptrs, %v258 : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  %out_i64_base = nv_tileaa.splat %out_i64 : !nv_tileaa.ptr<i64> -> tensor<256x!nv_tileaa.ptr<i64>>
  %out_i64_ptrs = nv_tileaa.addptr %out_i64_base, %idx : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi32>
  nv_tileaa.store %out_i64_ptrs, %v155 : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64>
  nv_tileaa.return
}
