// Constructs an older bytecode version cannot hold.
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.1 %s -split-input-file -verify-diagnostics -o /dev/null

cuda_tile.module @kernels {
  entry @k(%n: tile<i32>) {
    // expected-error @+1 {{attribute 'overflow' requires bytecode version 13.2+}}
    %a = negi %n overflow<no_wrap> : tile<i32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{private or constant globals require bytecode version 13.3+}}
  global private @g <f32: [1.0, 2.0]> : tile<2xf32>
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'atan2' requires bytecode version 13.2+}}
    %a = atan2 %x, %x : tile<f32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{attribute 'rounding' requires bytecode version 13.3+}}
    %a = exp %x rounding<approx> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{attribute 'unsignedCmp' requires bytecode version 13.2+}}
    for unsigned %i in (%z to %n, step %n) : tile<i32> {
      continue
    }
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %t0 = make_token : token
    // expected-error @+1 {{a print_tko token operand requires bytecode version 13.2+}}
    %t = print_tko "x=%f", %x token = %t0 : tile<f32> -> token
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    // expected-error @+1 {{type 'f8E8M0FNU' requires bytecode version 13.2+}}
    %a = constant <f8E8M0FNU: 1.0> : tile<2xf8E8M0FNU>
    return
  }
}
