"""The 128 x 128 x 32 pipelined f16 GEMM with arbitrary N and K
(test/E2E/dot/Inputs/matmul_prefix_masks.mlir: only lda and ldb are
multiples of 8) on the CPU simulator, against examples/gpu/specs.py's matmul
reference. Where the K or N bound falls inside a 16-byte chunk, the cp.async
copies only the elements below it and zero-fills the rest; the padding
columns of A and B hold NaN, so a copy that moved too much, or a chunk left
unfilled, shows as wrong elements. Prints one PASS/FAIL line per size."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "examples", "gpu"))
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))
import simlib  # noqa: E402
import specs  # noqa: E402

KERNEL = os.path.join(ROOT, "test", "E2E", "dot", "Inputs",
                      "matmul_prefix_masks.mlir")
# K and N not multiples of 8 (nor of the tiles); K = 101 is four steps, the
# last holding 5 columns, so its chunks are split at 5 of 8.
SIZES = [
    {"m": 130, "n": 131, "k": 101, "lda": 104, "ldb": 136, "ldc": 133},
    {"m": 65, "n": 66, "k": 33, "lda": 40, "ldb": 72, "ldc": 69},
    {"m": 3, "n": 5, "k": 3, "lda": 8, "ldb": 8, "ldc": 5},
    {"m": 9, "n": 17, "k": 0, "lda": 8, "ldb": 24, "ldc": 17},
]


def run(kernel, spec, size):
    inputs = specs.inputs_for(spec, size)
    args = []
    for arg in spec.args:
        if isinstance(arg, specs.Buffer):
            args.append(simlib.Buffer(arg.name,
                                      specs.pack(arg.dtype, inputs[arg.name])))
        else:
            args.append(simlib.Scalar(arg.ptx_type, specs.scalar_bits(
                arg.ptx_type, inputs[arg.name])))
    outputs, _ = kernel.launch(spec.grid(size), spec.block, args,
                               ctas_at_once=2)
    return specs.compare(spec, size, inputs, outputs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_80")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    spec = specs.BY_NAME["matmul"]
    kernel = simlib.Toolchain(args.work, bin_dir=args.bin).build(
        KERNEL, target=args.target)
    failed = 0
    for size in SIZES:
        for result in run(kernel, spec, size):
            status = "PASS" if result.passed else "FAIL"
            failed += not result.passed
            print(f"{status}: {specs.describe(size)} on {args.target}"
                  + "".join("\n  " + m for m in result.messages[:3]))
    print(f"{len(SIZES) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
