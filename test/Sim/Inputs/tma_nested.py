"""A TMA-pipelined K loop inside another loop, on the CPU simulator.

The outer loop runs the whole K loop twice and sums the results, so the
inner loop's mbarriers are initialized, used through several phases and
invalidated twice per kernel; the result must be 2 A B. M = 70, N = 48,
K = 136 (5 steps of 32, more than the 3 stages). Prints the mbarrier
instructions found and the largest error against NumPy.
"""
import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))
sys.path.insert(0, HERE)
import simlib  # noqa: E402
import tma_mixed  # noqa: E402

KERNEL = """
nv_tileaa.func @nested(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>,
                       %c: !nv_tileaa.ptr<f32>, %m: i32, %n: i32, %k: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%k]
      {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %bm = nv_tileaa.make_memref %b, sizes [%k, %n], strides [%n]
      {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %cm = nv_tileaa.make_memref %c, sizes [%m, %n], strides [%n]
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>
  %pm = nv_tileaa.get_program_id x : i32
  %pn = nv_tileaa.get_program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %k31 = arith.addi %k, %c31 : i32
  %steps = arith.divui %k31, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %total = scf.for %rep = %c0 to %c2 step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32>) : i32 {
    %acc = scf.for %kt = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
      %x = nv_tileaa.tiled_load %am[%pm, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
      %y = nv_tileaa.tiled_load %bm[%kt, %pn] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x64xf16>
      %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %next = arith.addf %sum, %acc : tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  nv_tileaa.tiled_store %cm[%pm, %pn], %total : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<64x64xf32>
  nv_tileaa.return
}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    text, _, got, product = tma_mixed.run_gemm(tools, KERNEL, "nested",
                                               "sm_90a", 70, 48, 136, 5)
    counts = {name: text.count(name) for name in
              ("mbarrier.init", "mbarrier.inval", "cp.async.bulk.tensor")}
    error = float(np.max(np.abs(got - 2 * product)))
    print(", ".join(f"{name} {count}" for name, count in counts.items()) +
          f"; max error {error:.2e} ({'PASS' if error < 1e-3 else 'FAIL'})")


if __name__ == "__main__":
    main()
