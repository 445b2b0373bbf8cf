"""examples/matmul_tma.mlir through TMA on the CPU simulator, and mutants.

On sm_90a the K loop's tiled_loads become cp.async.bulk.tensor copies
through tensor maps that the launcher (simlib.tensor_maps_for) builds from
the kernel metadata, completed on one mbarrier per pipeline slot. The
simulator's TMA data lands in shared memory only when a thread waits on the
mbarrier phase the copy completes (until then the slot holds NaN poison), so
a missing wait or a wait on the wrong phase parity shows as wrong results
or as the simulator's diagnosis of the mbarrier misuse.
Prints the wrong elements of the compiled kernel, of the kernel compiled
without pipelining (--num-stages=1), and of two mutants of the first one's
LLVM IR: the loop's try_wait.parity removed, and waiting on parity 1; and
where the dot runs on wgmma (sm_90a, asynchronously across iterations), two
more: without the loop's wait_group 1 (the TMA copies then overwrite slots
that wgmmas in flight still read: the simulator's error), and with the
wait_group after the loop leaving one group running (the accumulator is
read before the last wgmmas retire: NaN poison); and where it runs on
tcgen05.mma (sm_100a family, each step's MMAs running during the next),
three more: without the loop's wait for the previous step's MMAs, without
the wait for the last step's after the loop (the simulator's errors: a
commit arriving on an mbarrier phase that was never waited for, the
mbarrier invalidated with MMAs in flight) and without the commit (the
wait never completes: deadlock).
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


def wrong_elements(kernel, spec, size):
    inputs = specs.inputs_for(spec, size)
    outputs, _ = kernel.launch(spec.grid(size), spec.block,
                               run_on_cpu.sim_args(spec, inputs),
                               ctas_at_once=2)
    return sum(r.failures for r in specs.compare(spec, size, inputs, outputs))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_90a")
    args = parser.parse_args()
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    spec = specs.BY_NAME["matmul_tma"]
    ll = os.path.join(args.work, "matmul_tma.nvptx.ll")
    metadata = os.path.join(args.work, "matmul_tma.json")
    simlib.run([tools.tileiras, f"--gpu-name={args.target}", "--emit=llvm",
                f"--metadata={metadata}",
                os.path.join(REPO, "examples", "matmul_tma.mlir"), "-o", ll])
    with open(ll) as f:
        text = f.read()
    # The TMA slots' waits are followed by the CTA barrier. The waits on
    # tcgen05 commits (sm_100a) by tcgen05.fence::after_thread_sync: right
    # away in the loop (the previous step's MMAs), after a branch for the
    # one after the loop (the last step's, skipped when the loop ran no
    # step). LLVM peels the loop's first step, which has a TMA wait of its
    # own and no wait for a previous step.
    try_wait = (r"^ *call void asm sideeffect \"[^\"]*mbarrier\.try_wait"
                r"\.parity[^\n]*\n")
    after_fence = r" *call void @llvm\.nvvm\.tcgen05\.fence\.after"
    wait = re.compile(try_wait +
                      r"(?= *call void @llvm\.nvvm\.barrier\.cta\.sync)",
                      re.M)
    mma_wait = re.compile(try_wait + f"(?={after_fence})", re.M)
    final_mma_wait = re.compile(
        try_wait + r"(?= *br label %(\w+)\n\n\1:[^\n]*\n" + after_fence + ")",
        re.M)
    commit = re.compile(r"^ *call void @llvm\.nvvm\.tcgen05\.commit\.shared"
                        r"\.cg1\([^\n]*\n", re.M)
    parity = re.compile(r"(mbarrier\.try_wait\.parity[^\n]*\"\(ptr "
                        r"addrspace\(3\) [^,]+, )i32 [^,]+,")
    if not wait.findall(text):
        raise SystemExit("unexpected IR: no wait on the TMA mbarriers")
    # On sm_90a the dot is wgmma, left running across iterations: each
    # iteration's wait_group 1 retires the previous one, the registers
    # pass through a wait_group 0 after the loop.
    loop_wait = re.compile(r"^ *call void @llvm\.nvvm\.wgmma\.wait_group"
                           r"\.sync\.aligned\(i64 1\)\n", re.M)
    final_wait = "wgmma.wait_group.sync.aligned 0;"
    wgmma_waits = (len(loop_wait.findall(text)), text.count(final_wait))
    print(f"wgmma waits: {wgmma_waits[0]} in the loop, "
          f"{wgmma_waits[1]} after it")
    # Not pipelined (one stage): each step's copies get a slot and an
    # mbarrier of their own, initialized and invalidated every step.
    once = os.path.join(args.work, "matmul_tma_once.mlir")
    with open(os.path.join(REPO, "examples", "matmul_tma.mlir")) as f:
        source = f.read()
    with open(once, "w") as f:
        f.write(source.replace(", numStages = 3", ""))
    once_ll = os.path.join(args.work, "once.nvptx.ll")
    once_metadata = os.path.join(args.work, "once.json")
    simlib.run([tools.tileiras, f"--gpu-name={args.target}", "--emit=llvm",
                "--num-stages=1", f"--metadata={once_metadata}", once, "-o",
                once_ll])
    with open(once_ll) as f:
        once_text = f.read()
    variants = [("original", text, metadata),
                ("one stage", once_text, once_metadata),
                ("no wait", wait.sub("", text), metadata),
                ("parity 1", parity.sub(r"\1i32 1,", text), metadata)]
    if wgmma_waits == (1, 1):
        variants.append(("no wgmma wait in the loop", loop_wait.sub("", text),
                         metadata))
        variants.append(("wait_group 1 after the loop",
                         text.replace(final_wait,
                                      "wgmma.wait_group.sync.aligned 1;"),
                         metadata))
    tcgen05 = (len(commit.findall(text)), len(mma_wait.findall(text)),
               len(final_mma_wait.findall(text)))
    print(f"tcgen05 commits: {tcgen05[0]}, waits on them: {tcgen05[1]} in "
          f"the loop, {tcgen05[2]} after it")
    if tcgen05[0]:
        variants.append(("no wait for the previous step's MMAs",
                         mma_wait.sub("", text), metadata))
        variants.append(("no wait for the last step's MMAs",
                         final_mma_wait.sub("", text), metadata))
        variants.append(("no tcgen05 commit", commit.sub("", text), metadata))
    for index, (name, body, meta) in enumerate(variants):
        path = os.path.join(args.work, f"variant_{index}.ll")
        with open(path, "w") as f:
            f.write(body)
        kernel = tools.build(path, name=f"variant_{index}",
                             target=args.target, metadata=meta)
        # K = 168 reuses slots (6 steps; 4 slots on sm_90a, where the
        # wgmmas of one step run during the next, 3 elsewhere), K = 48 does
        # not.
        for size in [dict(spec.sizes["sim"][0], k=168, lda=176),
                     spec.sizes["sim"][1]]:
            label = f"{name}, k={size['k']}"
            try:
                wrong = wrong_elements(kernel, spec, size)
            except simlib.SimError as e:
                # The simulator's own diagnosis (a deadlock, an arrival on
                # a phase that has none pending) catches a mutant too.
                print(f"{label}: simulator error: "
                      f"{str(e).splitlines()[-1]}")
                continue
            print(f"{label}: {wrong} wrong elements, "
                  f"{len(kernel.tensor_maps)} tensor maps")


if __name__ == "__main__":
    main()
