//===- Fp4.h - f4E2M1FN codes as nv_tileaa and arith ops --------*- C++ -*-===//
//
// nv_tileaa has no 4-bit element type: FP4 tiles are bytes, either packed
// (two codes a byte, the low nibble first) or one code a byte. These
// builders are shared by the cuda_tile lowering and the scaled-dot
// decomposition.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_FP4_H
#define TILEIRAS_DIALECT_NVTILEAA_FP4_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace tileiras::nv_tileaa {

/// The f32 values of f4E2M1FN codes: `codes` is an integer tile (or
/// scalar) holding one code 0..15 per element, zero-extended.
mlir::Value decodeE2m1(mlir::ImplicitLocOpBuilder &b, mlir::Value codes);

/// The nibbles of the i8 tile `bytes`, one zero-extended code a byte, with
/// dimension `dim` doubled: element 2j is the low nibble of byte j, 2j + 1
/// its high nibble.
mlir::Value unpackNibbles(mlir::ImplicitLocOpBuilder &b, mlir::Value bytes,
                          unsigned dim);

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_FP4_H
