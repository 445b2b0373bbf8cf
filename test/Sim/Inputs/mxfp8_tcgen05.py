"""examples/matmul_mxfp8_tcgen05.mlir on tcgen05.mma block_scale in the CPU
simulator, and mutants of its LLVM IR.

    mxfp8_tcgen05.py --bin BIN --work WORK [--target sm_100a]

Prints the number of scale copies (tcgen05.cp.32x128b.warpx4) and
block-scaled MMAs in the IR, then the wrong elements of the kernel and of
mutants on the spec's first simulator size:

  no scale copies   the tcgen05.cp calls removed: the MMAs read tensor
                    memory that holds the allocation's poison
  scale id 0        every MMA's instruction descriptor with the scale ids
                    of the first K step (bits 4..5 and 29..30 cleared):
                    every 32-step reads the first step's scales
  no commit wait    the wait on the tcgen05.commit's mbarrier removed: the
                    next K step's commit arrives on a phase with no arrival
                    pending (the simulator's error; the accumulator stays
                    in tensor memory across the K loop)
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))
sys.path.insert(0, os.path.join(REPO, "examples", "gpu"))
import run_on_cpu  # noqa: E402
import simlib  # noqa: E402
import specs  # noqa: E402

NAME = "matmul_mxfp8_tcgen05"
COPY = re.compile(r"^ *(tail )?call void @llvm\.nvvm\.tcgen05\.cp\.32x128b_warpx4"
                  r"\.cg1\([^\n]*\n", re.M)
MMA = re.compile(r"(call void @llvm\.nvvm\.tcgen05\.mma\.shared\.mxf8f6f4"
                 r"\.block_scale\([^,]+, i64 [^,]+, i64 [^,]+, i32 )"
                 r"(-?\d+)")
# The wait on the commit's mbarrier: the try_wait that a
# tcgen05.fence::after_thread_sync follows.
WAIT = re.compile(r"^ *(tail )?call void asm sideeffect \"[^\"]*mbarrier\."
                  r"try_wait\.parity[^\n]*\n(?= *(tail )?call void "
                  r"@llvm\.nvvm\.tcgen05\.fence\.after)", re.M)


def first_step(match):
    """The instruction descriptor with both scale ids 0."""
    idesc = int(match.group(2)) & 0xffffffff
    idesc &= ~(3 << 4 | 3 << 29)
    if idesc >= 1 << 31:
        idesc -= 1 << 32
    return f"{match.group(1)}{idesc}"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_100a")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    spec = specs.BY_NAME[NAME]
    ll = os.path.join(args.work, f"{NAME}.ll")
    simlib.run([tools.tileiras, f"--gpu-name={args.target}", "--emit=llvm",
                os.path.join(REPO, "examples", spec.mlir), "-o", ll])
    with open(ll) as f:
        text = f.read()
    ids = sorted({(int(m.group(2)) & 0xffffffff) >> 29 for m in
                  MMA.finditer(text)})
    print(f"scale copies: {len(COPY.findall(text))}, block-scaled MMAs: "
          f"{len(MMA.findall(text))} (A scale ids {ids}), commit waits: "
          f"{len(WAIT.findall(text))}")
    variants = [("original", text), ("no scale copies", COPY.sub("", text)),
                ("scale id 0", MMA.sub(first_step, text)),
                ("no commit wait", WAIT.sub("", text))]
    size = spec.sizes["sim"][0]
    for index, (name, body) in enumerate(variants):
        path = os.path.join(args.work, f"variant_{index}.ll")
        with open(path, "w") as f:
            f.write(body)
        kernel = tools.build(path, name=f"variant_{index}",
                             target=args.target)
        inputs = specs.inputs_for(spec, size)
        try:
            outputs, _ = kernel.launch(spec.grid(size), spec.block,
                                       run_on_cpu.sim_args(spec, inputs),
                                       ctas_at_once=2)
        except simlib.SimError as e:
            print(f"{name}: simulator error: {str(e).splitlines()[-1]}")
            continue
        wrong = sum(r.failures
                    for r in specs.compare(spec, size, inputs, outputs))
        print(f"{name}: {wrong} wrong elements")


if __name__ == "__main__":
    main()
