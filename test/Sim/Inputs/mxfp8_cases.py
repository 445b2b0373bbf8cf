"""examples/matmul_mxfp8.mlir (nv_tileaa.dot_scaled) on the CPU simulator
for one target, checked with its spec (examples/gpu/specs.py), and proof
that the check sees the scales: the same output compared with the
references of perturbed scales must fail.

    mxfp8_cases.py BIN WORK TARGET [SPEC]

SPEC is matmul_mxfp8 (the default), matmul_mxfp8_tcgen05 (the same
contract with 128 x 128 tiles) or matmul_mxfp4 (packed FP4 operands, the
same scales).

Runs the spec's "sim" sizes (one PASS/FAIL line each). Then, on the first
size (K = 80: three scale blocks, the last one partial), the output is
compared with the reference of inputs whose scales are perturbed the way a
wrong scale-to-element mapping would read them; each mutant must give
wrong elements:

  sa-blocks   SA's two blocks of every 64-step swapped (k / 64 for k / 32)
  sb-blocks   SB's two blocks of every 64-step swapped
  sa-rows     SA of the neighbouring row (pairs of rows swapped)
  sb-cols     SB of the neighbouring column (pairs of columns swapped)
  no-scales   every scale 1 (the scales ignored)

Prints "all cases passed" when the kernel passes and every mutant fails.
"""
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(REPO, "examples", "gpu"))
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))

import run_on_cpu  # noqa: E402
import simlib  # noqa: E402
import specs  # noqa: E402

BLOCK = 32


def swap_blocks(values, rows, cols, stride, axis):
    """A rows x cols (row stride `stride`) scale matrix with index pairs
    (2i, 2i + 1) swapped along `axis` (0: rows, 1: columns) where both
    exist."""
    out = list(values)
    for r in range(rows):
        for c in range(cols):
            if axis == 1:
                r2, c2 = r, c ^ 1
            else:
                r2, c2 = r ^ 1, c
            if r2 < rows and c2 < cols:
                out[r * stride + c] = values[r2 * stride + c2]
    return out


def mutants(size, inputs):
    m, n, k = size["m"], size["n"], size["k"]
    blocks = specs.cdiv(k, BLOCK)
    sa, sb = inputs["sa"], inputs["sb"]
    ldsa, ldsb = size["ldsa"], size["ldsb"]

    def ones(values, rows, cols, stride):
        out = list(values)
        for r in range(rows):
            for c in range(cols):
                out[r * stride + c] = 127
        return out
    return [
        ("sa-blocks", {"sa": swap_blocks(sa, m, blocks, ldsa, 1)}),
        ("sb-blocks", {"sb": swap_blocks(sb, blocks, n, ldsb, 0)}),
        ("sa-rows", {"sa": swap_blocks(sa, m, blocks, ldsa, 0)}),
        ("sb-cols", {"sb": swap_blocks(sb, blocks, n, ldsb, 1)}),
        ("no-scales", {"sa": ones(sa, m, blocks, ldsa),
                       "sb": ones(sb, blocks, n, ldsb)}),
    ]


def main():
    bin_dir, work, target = sys.argv[1:4]
    name = sys.argv[4] if len(sys.argv) > 4 else "matmul_mxfp8"
    os.makedirs(work, exist_ok=True)
    spec = specs.BY_NAME[name]
    toolchain = simlib.Toolchain(work, bin_dir=bin_dir)
    toolchain.runtime()
    try:
        kernel = toolchain.build(os.path.join(REPO, "examples", spec.mlir),
                                 name=f"{name}_{target}",
                                 target=target)
    except simlib.SimError as e:
        print(f"FAIL: {name} {target}: build failed: {e}")
        return 1
    status, first = 0, None
    for size in spec.sizes["sim"]:
        inputs = specs.inputs_for(spec, size)
        outputs, _ = kernel.launch(spec.grid(size), spec.block,
                                   run_on_cpu.sim_args(spec, inputs),
                                   ctas_at_once=2)
        results = specs.compare(spec, size, inputs, outputs)
        ok = all(r.passed for r in results)
        status |= not ok
        print(f"{'PASS' if ok else 'FAIL'}: {name} {target} "
              f"{specs.describe(size)}")
        for r in results:
            for message in r.messages:
                print(f"  {message}")
        if first is None:
            first = (size, inputs, outputs)
    size, inputs, outputs = first
    for name, changed in mutants(size, inputs):
        perturbed = copy.copy(inputs)
        perturbed.update(changed)
        results = specs.compare(spec, size, perturbed, outputs)
        wrong = sum(r.failures for r in results)
        if wrong:
            print(f"mutant {name}: caught ({wrong} wrong elements)")
        else:
            print(f"MUTANT PASSED: {name}: the check does not see it")
            status = 1
    if not status:
        print("all cases passed")
    return status


if __name__ == "__main__":
    sys.exit(main())
