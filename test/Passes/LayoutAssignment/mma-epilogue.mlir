// The dot's accumulator is stored from its mma.sync fragments instead of
// going through shared memory to a blocked layout: the store's pointers and
// mask are recomputed in the #mma layout (pairs along N become st.global.v2
// where ldc allows; examples/matmul.mlir's ldc is arbitrary).
// RUN: tileiras-opt %S/../../../examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s
// RUN: tileiras-opt %S/../../../examples/matmul.mlir -tileaa-resolve-target='gpu-name=sm_75' -tileaa-assign-layouts | FileCheck %s --check-prefix=FMA

// CHECK: #[[M:mma[0-9]*]] = #nv_tileaa.mma<
// CHECK-NOT: nv_tileaa.convert_layout {{.*}}#[[M]]> -> tensor<128x128xf32
// CHECK: nv_tileaa.store {{.*}} : tensor<128x128x!nv_tileaa.ptr<f32>, #[[M]]>, tensor<128x128xf32, #[[M]]>

// sm_75 has no f16 mma.sync m16n8k16: the FMA accumulator is blocked.
// FMA-NOT: #nv_tileaa.mma<
// FMA: nv_tileaa.store {{.*}} : tensor<128x128x!nv_tileaa.ptr<f32>, #blocked{{[0-9]*}}>
