// Ops the lowering does not handle yet are errors naming the op.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics

cuda_tile.module @kernels {
  entry @k(%n: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.alloca' op is not supported by convert-cuda-tile-to-tileaa yet}}
    %p = alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    // expected-error @+1 {{'cuda_tile.loop' op cannot be lowered to nv_tileaa: views cannot be loop-carried yet}}
    loop iter_values(%v = %tv) : tensor_view<?xf32, strides=[1]> {
      break
    }
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.addf' op cannot be lowered to nv_tileaa: rounding<zero> is not supported yet}}
    %b = addf %a, %a rounding<zero> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{'cuda_tile.entry' op argument #0 of type '!cuda_tile.token' cannot be a kernel parameter (only scalar tiles can)}}
  entry @k(%t: token) {
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{'cuda_tile.global' op cannot be lowered to nv_tileaa: globals are not supported yet}}
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
}
