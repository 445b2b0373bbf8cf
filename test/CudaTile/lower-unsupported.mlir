// Ops the lowering does not handle yet are errors naming the op.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics

cuda_tile.module @kernels {
  entry @k(%n: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.loop' op is not supported by convert-cuda-tile-to-tileaa yet}}
    loop {
      break
    }
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>, %m: tile<i1>) {
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op cannot be lowered to nv_tileaa: a masked compare-and-swap is not supported yet}}
    %o, %t = atomic_cas_tko relaxed device %p, %v, %v, %m : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op cannot be lowered to nv_tileaa: memory ordering 'acquire' is not supported yet (only weak)}}
    %v, %t = load_ptr_tko acquire device %p : tile<ptr<f32>> -> tile<f32>, token
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
