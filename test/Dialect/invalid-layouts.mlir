// Diagnostics of the layout encodings and convert_layout.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @convert_shape(%x: tensor<128xf32, #b1>) {
  // expected-error @+1 {{'nv_tileaa.convert_layout' op result 'tensor<64xf32>' must have the shape and element type of the source 'tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>'; only the encoding may change}}
  %c = nv_tileaa.convert_layout %x : tensor<128xf32, #b1> -> tensor<64xf32>
  return
}

// -----

func.func @convert_elem(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.convert_layout' op result 'tensor<128xf16>' must have the shape and element type of the source 'tensor<128xf32>'; only the encoding may change}}
  %c = nv_tileaa.convert_layout %x : tensor<128xf32> -> tensor<128xf16>
  return
}

// -----

// expected-error @+1 {{#nv_tileaa.blocked threadsPerWarp must multiply to 32, got 16}}
func.func private @threads(tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked layout of rank 1 on a tile of rank 2}}
func.func private @rank(tensor<8x16xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)
