// Verifier messages of the cuda_tile dialect.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  // expected-error @+1 {{tile dimensions must be powers of two, got 3}}
  entry @k(%a: tile<3xf32>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile.entry' op argument #0 must be a 0-d tile, a token or a view, got a tile of rank 1}}
  entry @k(%a: tile<4xf32>) {
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.addf' op flush_to_zero is only supported for f32}}
    %b = addf %a, %a flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.addf' op does not support rounding<approx>}}
    %b = addf %a, %a rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.divi' op rounding<negative_inf> is not supported for unsigned division}}
    %b = divi %a, %a unsigned rounding<negative_inf> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.addf' op operand #0 must be tile of f16, bf16, f32 or f64}}
    %b = addf %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    // expected-error @+1 {{'cuda_tile.broadcast' op dimension 1 of size 4 cannot broadcast to 8}}
    %b = broadcast %a : tile<2x4xf32> -> tile<2x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    // expected-error @+1 {{'cuda_tile.reshape' op source has 8 elements but the result has 16}}
    %b = reshape %a : tile<2x4xf32> -> tile<16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    // expected-error @+1 {{'cuda_tile.permute' op permutation must be a permutation of [0, 2)}}
    %b = permute %a [0, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    // expected-error @+1 {{'cuda_tile.cat' op result dimension 1 must be 8}}
    %b = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<64x32xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    // expected-error @+1 {{'cuda_tile.mmaf' op lhs K (32) does not match rhs K (16)}}
    %d = mmaf %a, %b, %c : tile<64x32xf16>, tile<16x64xf16>, tile<64x64xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.0> : tile<16x16xbf16>
    %c = constant <f16: 0.0> : tile<16x16xf16>
    // expected-error @+1 {{'cuda_tile.mmaf' op unsupported element types: 'bf16' x 'bf16' -> 'f16'}}
    %d = mmaf %a, %a, %c : tile<16x16xbf16>, tile<16x16xbf16>, tile<16x16xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expects 2 indices, got 1}}
    %v, %t = load_view_tko weak %pv[%i] : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op tile type '!cuda_tile.tile<8x4xf32>' does not match the view's tile '!cuda_tile.tile<8x8xf32>'}}
    %v, %t = load_view_tko weak %pv[%i, %i] : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op weak memory ordering must not have a scope}}
    %v, %t = load_ptr_tko weak device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op memory ordering 'relaxed' needs a memory scope}}
    %v, %t = load_ptr_tko relaxed %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op memory ordering 'acquire' is not supported; stores take weak, relaxed or release}}
    %t = store_ptr_tko acquire device %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op atomic mode 'addf' does not support 'i32'}}
    %o, %t = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8x64xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op result #0 must be '!cuda_tile.tile<64xf32>'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32> (%e: tile<f32>, %a: tile<f32>) {
      %s = addf %e, %a : tile<f32>
      yield %s : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8x64xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expects one identity per operand, got 2}}
    %r = reduce %x dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %a: tile<f32>) {
      yield %e : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %z = constant <f32: 0.0> : tile<f32>
    %c = constant <i32: 1> : tile<i32>
    %r = for %iv in (%c to %n, step %c) : tile<i32> iter_values(%v = %z) -> (tile<f32>) {
      // expected-error @+1 {{'cuda_tile.continue' op operand types must match the loop's iter_values (1 values)}}
      continue %iv : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    if %c {
      // expected-error @+1 {{'cuda_tile.break' op must be inside a 'loop'}}
      break
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <f32: 0.0> : tile<f32>
    // expected-error @+1 {{'cuda_tile.if' op must have an else region when it yields values}}
    %r = if %c -> (tile<f32>) {
      yield %z : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.print_tko' op format has 2 conversion specifications but 1 arguments were given}}
    %t = print_tko "%f %f", %a : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{constant has 3 values but the tile has 4 elements}}
    %a = constant <i32: [1, 2, 3]> : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.assume' op div_by applies to integer or pointer tiles and tensor_views}}
    %b = assume div_by<16>, %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{div_by divisor must be a power of two, got 12}}
  entry @k(%a: tile<i32>) attributes {x = #cuda_tile.div_by<12>} {
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [32], strides = [1] : tensor_view<32xf32, strides=[1]>
    // expected-error @+1 {{padding_value nan needs a float element type}}
    %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = nan, tensor_view<32xi32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.get_global' op 'missing' does not name a global}}
    %g = get_global @missing : tile<ptr<f32>>
  }
}
