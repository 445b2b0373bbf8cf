// The generic form of load without operandSegmentSizes: MLIR's message,
// which docs/language.md quotes and explains.
// RUN: tileiras-opt %s -verify-diagnostics

func.func @generic_no_segments(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %mask: tensor<128xi1>) {
  // expected-error @+1 {{operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %x = "nv_tileaa.load"(%ptrs, %mask) : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi1>) -> tensor<128xf32>
  return
}
