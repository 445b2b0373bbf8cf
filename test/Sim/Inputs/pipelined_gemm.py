"""GEMMs whose K loop is software-pipelined through cp.async, on the CPU
simulator.

The kernels of mma_gemm.py (f16; f16 with B^T, whose permuted B stays a
synchronous load; i8, whose N-contiguous B is read back without ldmatrix;
the FP8, u8 and f16_kb ones, on sm_90a wgmma's: e4m3_e5m2's
N-contiguous B is stored K-major each step, the _kb kernels' K-contiguous
B read from its slot, K-major),
with K and N declared multiples of 8 (nv_tileaa.assume), so that the
operand loads move 8 or 16 bytes per access and the pipeliner turns them
into cp.async copies, at several pipeline depths
(kernel_spec numStages) and trip counts: K = 0 (no iteration: the result
is zero), 8 (one partial step), 40 (two) and 200 (more steps than stages,
partial last step). M = 70 and N = 40 are not tile multiples.
The simulator's cp.async lands only when a wait retires its group (until
then the destination reads as NaN), so a wait too few or a slot reused too
early shows as wrong results. Prints one PASS/FAIL line per case.
"""
import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mma_gemm  # noqa: E402
simlib = mma_gemm.simlib

ASSUMES = """
  %k = nv_tileaa.assume %k_arg {div_by = 8 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 8 : i64} : i32
"""


def pipelined_kernel(case, stages):
    """mma_gemm's kernel for `case` with numStages = stages."""
    name, ta, tb, tc, tf32, signed, transposed = case
    text = mma_gemm.kernel(mma_gemm.TYPES[ta].name, mma_gemm.TYPES[tb].name,
                           tc, transposed, tf32, signed)
    text = text.replace("%n: i32, %k: i32)", "%n_arg: i32, %k_arg: i32)")
    text = text.replace("numWarps = 4>", "numWarps = 4, numStages = %d>"
                        % stages)
    return re.sub(r"(\{nv_tileaa.kernel_spec[^\n]*\n)",
                  lambda m: m.group(1) + ASSUMES, text, count=1)


CASES = [c for c in mma_gemm.CASES
         if c[0] in ("f16", "f16_bt", "i8", "e4m3_e5m2", "e4m3_kb", "u8_kb",
                     "f16_kb")]


def optimized_ir(tools, case, target, work, name):
    """The LLVM IR of `case`'s numStages = 3 kernel for `target` as the
    driver optimizes it (its --dump-dir file), compiled from WORK/NAME.mlir."""
    source = os.path.join(work, name + ".mlir")
    with open(source, "w") as f:
        f.write(pipelined_kernel(case, 3))
    dump = os.path.join(work, name + "_dump")
    simlib.run([tools.tileiras, "--gpu-name=" + target, source, "-o",
                os.path.join(work, name + ".ptx"), "--dump-dir", dump])
    with open(os.path.join(dump, "%s.%s.06-llvm-after-opt.ll"
                           % (name, target))) as f:
        return f.read()


def mutants(tools, case, target, work, rng):
    """The numStages = 3 f16 kernel as the driver optimizes it, and two
    mutants of its LLVM IR: the loop's wait allowing one more pending group
    (the slot read before its copy lands) and the barrier after it removed
    (a warp reads what another warp's copies have not yet delivered, or
    overwrites a slot another warp still reads). Returns (name, wrong
    elements) per variant; only the original may be right."""
    text = optimized_ir(tools, case, target, work, "mutant_base")
    wait = "call void @llvm.nvvm.cp.async.wait.group(i32 1)"
    barrier = wait + "\n  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)"
    if text.count(wait) != 1 or text.count(barrier) != 1:
        raise SystemExit("unexpected IR: the loop's wait and barrier not found")
    variants = [("original", text),
                ("wait_group 2", text.replace(wait, wait.replace("i32 1", "i32 2"))),
                ("no barrier", text.replace(barrier, wait))]
    results = []
    for name, body in variants:
        ll = os.path.join(work, "mutant_%d.ll" % len(results))
        with open(ll, "w") as f:
            f.write(body)
        kern = tools.build(ll, name="mutant_%d" % len(results), target=target)
        results.append((name, mma_gemm.run_case(tools, case, target, 70, 40,
                                                200, rng, kern=kern)))
    return results


def proxy_mutant(tools, case, target, work, rng):
    """The numStages = 3 kernel of `case` on `target` (wgmma or tcgen05
    reading cp.async slots) as compiled, and with every fence.proxy.async
    removed from its LLVM IR: the slots are then read in the async proxy
    without the fence that makes the cp.async writes visible to it.
    Returns (name, outcome) per variant."""
    text = optimized_ir(tools, case, target, work, "proxy_base")
    fence = "call void @llvm.nvvm.fence.proxy.async.shared_cta()"
    if fence not in text:
        raise SystemExit("unexpected IR: no fence.proxy.async")
    results = []
    for name, body in (("original", text),
                       ("no fence.proxy.async", "\n".join(
                           line for line in text.split("\n")
                           if fence not in line))):
        ll = os.path.join(work, "proxy_%d.ll" % len(results))
        with open(ll, "w") as f:
            f.write(body)
        kern = tools.build(ll, name="proxy_%d" % len(results), target=target)
        try:
            bad = mma_gemm.run_case(tools, case, target, 70, 40, 40, rng,
                                    kern=kern)
            results.append((name, "%d wrong elements" % bad))
        except simlib.SimError as error:
            reported = "without a fence.proxy.async" in str(error)
            results.append((name, "reported" if reported else str(error)))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_80")
    parser.add_argument("--stages", default="2,3,4")
    parser.add_argument("--ks", default="0,8,40,200")
    parser.add_argument("--only", default=None)
    parser.add_argument("--emit-mlir", action="store_true")
    parser.add_argument("--mutants", action="store_true",
                        help="check that broken synchronization fails")
    parser.add_argument("--proxy-mutant", default=None, metavar="CASE",
                        help="check that CASE without its proxy fences "
                        "fails on --target")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    tools = None if args.emit_mlir else simlib.Toolchain(args.work,
                                                         bin_dir=args.bin)
    rng = random.Random(2027)
    if args.mutants:
        results = mutants(tools, CASES[0], args.target, args.work, rng)
        for name, bad in results:
            print("%s: %d wrong elements" % (name, bad))
        caught = results[0][1] == 0 and all(bad for _, bad in results[1:])
        print("mutants %s" % ("caught" if caught else "NOT caught"))
        return 0 if caught else 1
    if args.proxy_mutant:
        case = next(c for c in CASES if c[0] == args.proxy_mutant)
        results = proxy_mutant(tools, case, args.target, args.work, rng)
        for name, outcome in results:
            print("%s: %s" % (name, outcome))
        caught = (results[0][1] == "0 wrong elements" and
                  results[1][1] == "reported")
        print("proxy mutant %s" % ("caught" if caught else "NOT caught"))
        return 0 if caught else 1
    passed = failed = 0
    for case in CASES:
        if args.only and case[0] not in args.only.split(","):
            continue
        for stages in (int(s) for s in args.stages.split(",")):
            tag = "%s_s%d" % (case[0], stages)
            source = os.path.join(args.work, tag + ".mlir")
            with open(source, "w") as f:
                f.write(pipelined_kernel(case, stages))
            if args.emit_mlir:
                continue
            kern = tools.build(source, name=tag, target=args.target)
            for k in (int(k) for k in args.ks.split(",")):
                bad = mma_gemm.run_case(tools, case, args.target, 70, 40, k,
                                        rng, kern=kern)
                print("%s: %s numStages=%d K=%d on %s"
                      % ("FAIL" if bad else "PASS", case[0], stages, k,
                         args.target))
                failed += bool(bad)
                passed += not bad
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
