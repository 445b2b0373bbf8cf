#!/usr/bin/env python3
"""Compile-time benchmark: tileiras against the alternatives, side by side.

For every kernel (by default the scalar E2E kernels of test/E2E/scalar,
the examples/ kernels and the stress kernels of kernels/) and one
target, measures in the same run:

  tileiras      tileiras end to end (MLIR passes + in-process NVPTX -> PTX)
  emit-llvm+llc tileiras --emit=llvm (optimized LLVM IR), then llc from
                LLVM 22 on that IR (two processes)
  mlir-chain    the upstream three-process chain on our LLVM-dialect output:
                mlir-opt | mlir-translate --mlir-to-llvmir | llc
  nvcc          nvcc -ptx on an equivalent CUDA C++ kernel (cuda/<name>.cu;
                for examples/, ../ptx_quality/cuda/<name>.cu), when nvcc
                and the equivalent exist

and prints median wall time, peak resident memory (largest process of the
chain) and the ratio of each alternative to tileiras. Nothing is asserted:
the numbers are for reading.

Usage: bench/compile_time/run.py [--build build] [--target sm_90a]
                                 [--runs 7] [kernel.mlir ...]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Runs one command line and reports its peak RSS: a fresh interpreter waits
# for the child, so RUSAGE_CHILDREN is that child alone.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
    "stderr=subprocess.PIPE)\n"
    "sys.stderr.buffer.write(r.stderr)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(r.returncode)\n")


def run_measured(argv):
    """Returns (seconds, peak KiB) of one command, or raises on failure."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE] + argv,
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stderr}")
    return elapsed, int(done.stdout.strip().splitlines()[-1])


def median_of(runs, steps):
    """Runs a chain of commands `runs` times: median total time, max RSS.

    The interpreter start-up of the measuring wrapper is subtracted using
    a wrapper around `true`."""
    times, peak = [], 0
    for _ in range(runs):
        total = 0.0
        for argv in steps:
            seconds, rss = run_measured(argv)
            # On a loaded machine a short step can finish faster than the
            # median start-up; never let a step count as negative time.
            total += max(seconds - WRAPPER_OVERHEAD, 0.0)
            peak = max(peak, rss)
        times.append(total)
    return statistics.median(times), peak


def wrapper_overhead():
    samples = [run_measured(["true"])[0] for _ in range(5)]
    return statistics.median(samples)


def gpu_module_as_module(mlir_text):
    """Our --emit=mlir output with the gpu.module body as a plain module,
    which mlir-translate can turn into LLVM IR."""
    lines = mlir_text.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.lstrip().startswith("gpu.module @"))
    body, depth = [], 0
    for line in lines[start + 1:]:
        depth += line.count("{") - line.count("}")
        if depth < 0:
            break
        body.append(line)
    aliases = [l for l in lines[:start] if l.startswith("#")]
    return "\n".join(aliases + ["module {"] + body + ["}"]) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--target", default="sm_90a")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("kernels", nargs="*")
    args = parser.parse_args()

    tileiras = os.path.join(args.build, "bin", "tileiras")
    llvm_bin = subprocess.run(["llvm-config-22", "--bindir"],
                              capture_output=True, text=True).stdout.strip()
    llc = os.path.join(llvm_bin, "llc")
    mlir_opt = os.path.join(llvm_bin, "mlir-opt")
    mlir_translate = os.path.join(llvm_bin, "mlir-translate")
    nvcc = shutil.which("nvcc") or (
        "/usr/local/cuda/bin/nvcc"
        if os.path.exists("/usr/local/cuda/bin/nvcc") else None)

    kernels = args.kernels or sorted(
        [os.path.join(ROOT, "test", "E2E", "scalar", f)
         for f in os.listdir(os.path.join(ROOT, "test", "E2E", "scalar"))
         if f.endswith(".mlir")] +
        [os.path.join(ROOT, "examples", f)
         for f in os.listdir(os.path.join(ROOT, "examples"))
         if f.endswith(".mlir")] +
        # Stress rows: large tiles (kernels/), e.g. 64 elements per thread.
        [os.path.join(HERE, "kernels", f)
         for f in os.listdir(os.path.join(HERE, "kernels"))
         if f.endswith(".mlir")])

    global WRAPPER_OVERHEAD
    WRAPPER_OVERHEAD = wrapper_overhead()
    target = args.target
    ptx_feature = None
    rows = []
    work = tempfile.mkdtemp(prefix="tileiras-bench-")
    for kernel in kernels:
        name = os.path.splitext(os.path.basename(kernel))[0]
        out = lambda ext: os.path.join(work, f"{name}.{ext}")
        try:
            subprocess.run([tileiras, f"--gpu-name={target}", kernel,
                            "-o", out("ptx")], check=True,
                           capture_output=True)
        except subprocess.CalledProcessError as error:
            print(f"skipping {name}: tileiras failed:\n"
                  f"{error.stderr.decode()}", file=sys.stderr)
            continue
        version = re.search(r"^\.version (\d+)\.(\d+)",
                            open(out("ptx")).read(), re.M)
        ptx_feature = f"+ptx{version.group(1)}{version.group(2)}"
        llc_args = [llc, "-O3", "-mtriple=nvptx64-nvidia-cuda",
                    f"-mcpu={target}", f"-mattr={ptx_feature}"]

        row = {"kernel": name}
        row["tileiras"] = median_of(args.runs, [
            [tileiras, f"--gpu-name={target}", kernel, "-o", out("ptx")]])
        row["emit-llvm+llc"] = median_of(args.runs, [
            [tileiras, f"--gpu-name={target}", "--emit=llvm", kernel, "-o",
             out("ll")],
            llc_args + [out("ll"), "-o", out("llc.ptx")]])

        subprocess.run([tileiras, f"--gpu-name={target}", "--emit=mlir",
                        kernel, "-o", out("mlir")], check=True)
        with open(out("plain.mlir"), "w") as f:
            f.write(gpu_module_as_module(open(out("mlir")).read()))
        chain = [
            [mlir_opt, out("plain.mlir"), "-o", out("opt.mlir")],
            [mlir_translate, "--mlir-to-llvmir", out("opt.mlir"), "-o",
             out("chain.ll")],
            llc_args + [out("chain.ll"), "-o", out("chain.ptx")],
        ]
        row["mlir-chain"] = median_of(args.runs, chain)

        # The examples' equivalents live with the PTX-quality benchmark;
        # cuda/ has those of the scalar kernels (examples/saxpy.mlir and
        # test/E2E/scalar/saxpy.mlir share a name but not a kernel).
        examples = os.path.join(ROOT, "examples")
        cuda_dir = (os.path.join(ROOT, "bench", "ptx_quality", "cuda")
                    if os.path.dirname(os.path.abspath(kernel)) == examples
                    else os.path.join(HERE, "cuda"))
        cuda = os.path.join(cuda_dir, f"{name}.cu")
        if nvcc and os.path.exists(cuda):
            row["nvcc"] = median_of(args.runs, [
                [nvcc, f"-arch={target}", "-ptx", cuda, "-o",
                 out("nvcc.ptx")]])
        rows.append(row)
    shutil.rmtree(work, ignore_errors=True)

    columns = ["tileiras", "emit-llvm+llc", "mlir-chain", "nvcc"]
    print(f"compile time on {target}, median of {args.runs} runs "
          f"(ms; x = time / tileiras; peak RSS MiB)")
    header = f"{'kernel':<16}" + "".join(f"{c:>26}" for c in columns)
    print(header)
    print("-" * len(header))
    ratios = {c: [] for c in columns}
    for row in rows:
        base = row["tileiras"][0]
        cells = []
        for c in columns:
            if c not in row:
                cells.append(f"{'n/a':>26}")
                continue
            seconds, rss = row[c]
            ratio = seconds / base if base > 0 else float("nan")
            if ratio > 0 and ratio != float("inf"):
                ratios[c].append(ratio)
            cells.append(f"{seconds * 1000:9.1f} ms {ratio:5.2f}x "
                         f"{rss / 1024:5.0f} MiB")
        print(f"{row['kernel']:<16}" + "".join(cells))
    print("-" * len(header))
    summary = []
    for c in columns:
        if ratios[c]:
            geo = statistics.geometric_mean(ratios[c])
            summary.append(f"{c}: {geo:.2f}x")
    print("geometric mean of time / tileiras: " + ", ".join(summary))


if __name__ == "__main__":
    main()
