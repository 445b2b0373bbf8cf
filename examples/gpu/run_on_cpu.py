#!/usr/bin/env python3
"""Runs every example kernel on the CPU simulator (tools/sim) and checks it
against the reference of specs.py, like run_on_gpu.py does on a GPU.

Each kernel is compiled by `tileiras --emit=llvm` for the target, turned into
host code (tools/sim/SimPrep.cpp) with AddressSanitizer, and launched with
one host thread per GPU thread on the "sim" sizes of its spec (small: the
simulator is slow). Only the Python standard library is needed.

    python3 examples/gpu/run_on_cpu.py [--bin build/bin] [--only NAME,...]
                                       [--expect-fail NAME,...]

Exit status 0 when every example passes (or fails exactly as
--expect-fail says), 1 otherwise.
"""
import argparse
import copy
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))

import simlib  # noqa: E402
import specs  # noqa: E402


def sim_args(spec, inputs):
    """The simulator's launch arguments of `spec` for `inputs`."""
    args = []
    for arg in spec.args:
        if isinstance(arg, specs.Buffer):
            args.append(simlib.Buffer(arg.name, specs.pack(
                arg.dtype, inputs[arg.name])))
        else:
            args.append(simlib.Scalar(arg.ptx_type, specs.scalar_bits(
                arg.ptx_type, inputs[arg.name])))
    return args


def run_spec(toolchain, spec, target, sizes_key, ctas_at_once):
    """Compiles and runs one example; returns (results, seconds, error)."""
    start = time.time()
    try:
        kernel = toolchain.build(
            spec.source or os.path.join(REPO, "examples", spec.mlir),
            target=target)
    except simlib.SimError as e:
        return [], time.time() - start, f"build failed: {e}"
    results = []
    for size in spec.sizes[sizes_key]:
        inputs = specs.inputs_for(spec, size)
        args = sim_args(spec, inputs)
        try:
            outputs, _ = kernel.launch(spec.grid(size), spec.block, args,
                                       ctas_at_once=ctas_at_once)
        except simlib.SimError as e:
            return results, time.time() - start, f"{specs.describe(size)}: {e}"
        results += specs.compare(spec, size, inputs, outputs)
    return results, time.time() - start, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(REPO, "build", "bin"),
                        help="folder with tileiras and tileiras-sim-prep "
                             "(default: build/bin)")
    parser.add_argument("--target", default="sm_90a")
    parser.add_argument("--only", default="",
                        help="comma-separated examples to run")
    parser.add_argument("--expect-fail", default="",
                        help="comma-separated examples known to fail (a "
                             "lowering bug); their failure is reported as "
                             "XFAIL, a pass as XPASS (an error)")
    parser.add_argument("--work", help="folder for the simulator's files "
                                       "(default: a temporary one)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="examples compiled and run concurrently")
    parser.add_argument("--ctas-at-once", type=int, default=1,
                        help="CTAs simulated concurrently")
    parser.add_argument("--sizes", default="sim", choices=["sim", "gpu"],
                        help="which problem sizes of the specs (gpu: slow)")
    parser.add_argument("--mlir", help="compile this file instead of the "
                                       "example (one --only kernel)")
    args = parser.parse_args()

    only = [n for n in args.only.split(",") if n]
    expect_fail = {n for n in args.expect_fail.split(",") if n}
    for name in only + sorted(expect_fail):
        if name not in specs.BY_NAME:
            parser.error(f"no example named {name}")
    chosen = [specs.BY_NAME[n] for n in only] if only else list(specs.SPECS)
    if args.mlir:
        if len(chosen) != 1:
            parser.error("--mlir needs exactly one --only kernel")
        chosen = [copy.copy(chosen[0])]
        chosen[0].source = os.path.abspath(args.mlir)
    work = args.work or tempfile.mkdtemp(prefix="tileiras-sim-")
    toolchain = simlib.Toolchain(work, bin_dir=args.bin)
    toolchain.runtime()

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        done = list(pool.map(lambda s: run_spec(toolchain, s, args.target,
                                                args.sizes, args.ctas_at_once),
                             chosen))
    all_results, status = [], 0
    print(f"CPU simulator, {args.target}, work folder {work}")
    for spec, (results, seconds, error) in zip(chosen, done):
        all_results += results
        failed = error is not None or not all(r.passed for r in results)
        if failed and spec.name in expect_fail:
            verdict = "XFAIL"
        elif failed:
            verdict, status = "FAIL", 1
        elif spec.name in expect_fail:
            verdict, status = "XPASS (unexpected pass)", 1
        else:
            verdict = "PASS"
        print(f"{verdict}: {spec.name} ({seconds:.1f} s)")
        if error:
            print("  " + error.replace("\n", "\n  "))
        for r in results:
            for message in r.messages:
                print(f"  {message}")
    print()
    print(specs.table(all_results))
    passed = sum(1 for s, (r, _, e) in zip(chosen, done)
                 if e is None and all(x.passed for x in r))
    print(f"\n{passed} passed, {len(chosen) - passed} failed")
    return status


if __name__ == "__main__":
    sys.exit(main())
