// Helpers shared by the CUDA equivalents of examples/*.mlir.
#pragma once

// arith.maximumf: the larger operand, NaN if either is NaN, -0 < +0. That is
// max.NaN.f32 from sm_80 on (what tileiras emits there); fmaxf would drop
// NaNs.
__device__ __forceinline__ float maximumf(float a, float b) {
#if __CUDA_ARCH__ >= 800
  float r;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
#else
  if (a != a || b != b)
    return a + b;
  if (a == 0.f && b == 0.f)
    return __int_as_float(__float_as_int(a) & __float_as_int(b));
  return fmaxf(a, b);
#endif
}
