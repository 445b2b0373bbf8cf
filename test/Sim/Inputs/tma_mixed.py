"""A K loop that mixes TMA and cp.async, on the CPU simulator.

A comes through TMA (its memref is made from kernel parameters); B's memref
size N is an `assume` result, which a launcher cannot know, so B keeps the
pointer path and is pipelined through cp.async. On sm_90a the loop waits on
both (cp.async.wait_group, then the mbarrier phase); on sm_80 both are
cp.async. M = 70, N = 48, K = 80 are not tile multiples (64 x 64 x 32).
Prints one line per target: the copy instructions found and the largest
error against NumPy.
"""
import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))
import simlib  # noqa: E402

KERNEL = """
nv_tileaa.func @mixed(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>,
                      %c: !nv_tileaa.ptr<f32>, %m: i32, %n: i32, %k: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%k]
      {sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %n8 = nv_tileaa.assume %n {div_by = 8 : i64} : i32
  %bm = nv_tileaa.make_memref %b, sizes [%k, %n8], strides [%n8]
      {sizes_div_by = array<i64: 8, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %cm = nv_tileaa.make_memref %c, sizes [%m, %n], strides [%n]
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>
  %pm = nv_tileaa.get_program_id x : i32
  %pn = nv_tileaa.get_program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %k31 = arith.addi %k, %c31 : i32
  %steps = arith.divui %k31, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %kt = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = nv_tileaa.tiled_load %am[%pm, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %y = nv_tileaa.tiled_load %bm[%kt, %pn] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x64xf16>
    %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  nv_tileaa.tiled_store %cm[%pm, %pn], %acc : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<64x64xf32>
  nv_tileaa.return
}
"""


def run_gemm(tools, kernel_source, name, target, m, n, k, seed):
    """Compiles an f16 GEMM kernel (a, b, c, m, n, k; 64 x 64 tiles of C,
    4 warps) for `target`, runs it on ceil(M / 64) x ceil(N / 64) CTAs and
    returns (its PTX, the Kernel, C, A B in float64)."""
    source = os.path.join(tools.work, name + ".mlir")
    with open(source, "w") as f:
        f.write(kernel_source)
    ptx = os.path.join(tools.work, f"{name}.{target}.ptx")
    simlib.run([tools.tileiras, f"--gpu-name={target}", source, "-o", ptx])
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    kernel = tools.build(source, name=f"{name}_{target}", target=target)
    c = np.full((m, n), np.nan, np.float32)
    out, _ = kernel.launch(
        (-(-m // 64), -(-n // 64), 1), (128, 1, 1),
        [simlib.Buffer("a", a.tobytes()), simlib.Buffer("b", b.tobytes()),
         simlib.Buffer("c", c.tobytes()), simlib.Scalar("i32", m),
         simlib.Scalar("i32", n), simlib.Scalar("i32", k)],
        ctas_at_once=2)
    got = np.frombuffer(out["c"], np.float32).reshape(m, n)
    with open(ptx) as f:
        text = f.read()
    return text, kernel, got, a.astype(np.float64) @ b.astype(np.float64)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    for target in ("sm_90a", "sm_80"):
        text, kernel, got, want = run_gemm(tools, KERNEL, "mixed", target,
                                           70, 48, 80, 3)
        found = [name for name in ("cp.async.bulk.tensor", "cp.async.cg",
                                   "mbarrier.try_wait")
                 if name in text]
        error = float(np.max(np.abs(got - want)))
        print(f"{target}: {', '.join(found)}; {len(kernel.tensor_maps)} "
              f"tensor maps; max error {error:.2e} "
              f"({'PASS' if error < 1e-3 else 'FAIL'})")


if __name__ == "__main__":
    main()
