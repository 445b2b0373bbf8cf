#!/usr/bin/env python3
"""Mutation fuzzer for the tileiras driver (docs/cli.md, "Fuzzing").

Modes `text`, `bytecode` and `both` feed mutated MLIR text and mutated MLIR
bytecode through the whole `tileiras` pipeline (parse, verify, every pass,
LLVM, PTX; no ptxas) and report every run that breaks the driver's
contract (DESIGN §8): death by a signal, an exit code outside 0..5, an
"internal compiler error" / "LLVM ERROR" / stack dump, or no answer within
the time limit.

Mode `opt` runs `tileiras-opt` instead: inputs are the seeds, the IR after
each phase of the pipeline (made from a sample of the seeds), and mutants
of both; each goes through one registered pass, a phase pipeline or a
random sequence of passes. There the contract is exit 0 or 1, an error
diagnostic on failure, no output file left behind on failure, and none of
the markers above.

Seeds: examples/*.mlir and the test suite's .mlir inputs; bytecode seeds
are those converted with `tileiras-opt --emit-bytecode`. Offending inputs
are written to --keep DIR (with a .txt saying what happened); copy them
into test/Driver/Inputs/fuzz/ to keep them as regression inputs, which
`--replay DIR` (and test/Driver/fuzz-regressions.test) runs.

  fuzz.py --seconds 60 [--jobs 2] [--seed N] [--keep DIR] [--max-runs N]
  fuzz.py --mode opt --seconds 60 [--derived-seeds N]
  fuzz.py --replay test/Driver/Inputs/fuzz

A replayed input whose first line is `// tileiras-opt: ARGS` runs as
`tileiras-opt INPUT ARGS`; any other runs through `tileiras`.
"""

import argparse
import concurrent.futures
import glob
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BAD_TEXT = ("internal compiler error", "LLVM ERROR", "Stack dump",
            "PLEASE submit", "Assertion", "AddressSanitizer",
            "runtime error:", "UndefinedBehaviorSanitizer")

# Tokens that have broken parsers before, or stress sizes and nesting.
TOKENS = [
    "array<index: 1>", "array<i32: 1, 2>", "@\"(k\"", "@\"\"", "{", "}", "<",
    ">", "(", ")", "[", "]", "%0", "%arg0", ": i32", ": index", "f32", "i1",
    "i64", "tensor<8192xf32>", "!nv_tileaa.tile<8192xf32>", "dense<",
    "-1", "0", "4294967296", "18446744073709551616", "1e309", "0x7fffffff",
    "\"", "\\", "#", "!", "loc(", "-> ", "^bb0:", "//", "\n", ", ",
    "nv_tileaa.kernel_spec", "#nv_tileaa.kernel_spec<numWarps = 3>",
    "numWarps = 4096", "attributes {}", "=", "module {", "unrealized",
]
BYTES = [0x00, 0x01, 0x02, 0x7f, 0x80, 0xfe, 0xff, 0xcb]


def mutate_text(data: bytes, other: bytes, rng: random.Random) -> bytes:
    text = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        if not text:
            text = bytearray(rng.choice(TOKENS).encode())
        pos = rng.randrange(len(text) + 1)
        kind = rng.randrange(7)
        if kind == 0:  # insert a token
            text[pos:pos] = rng.choice(TOKENS).encode()
        elif kind == 1:  # delete a range
            text[pos:pos + rng.randint(1, 16)] = b""
        elif kind == 2:  # replace one character
            if pos < len(text):
                text[pos] = rng.choice(b"{}<>()[]%@:,=!#\"x0-9 \n")
        elif kind == 3:  # duplicate a range
            chunk = text[pos:pos + rng.randint(1, 64)]
            text[pos:pos] = chunk
        elif kind == 4:  # splice a line from another seed
            lines = other.split(b"\n")
            text[pos:pos] = rng.choice(lines) + b"\n"
        elif kind == 5:  # change a number
            digits = [i for i in range(len(text)) if chr(text[i]).isdigit()]
            if digits:
                i = rng.choice(digits)
                text[i:i + 1] = rng.choice(
                    [b"0", b"9", b"8192", b"65536", b"4294967295", b"-1"])
        else:  # truncate
            del text[pos:]
    return bytes(text)


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    blob = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 4, 8])):
        if len(blob) < 8:
            break
        # Keep the magic most of the time so the reader is reached.
        pos = rng.randrange(4 if rng.random() < 0.97 else 0, len(blob))
        kind = rng.randrange(7)
        if kind == 0:
            blob[pos] ^= 1 << rng.randrange(8)
        elif kind == 1:
            blob[pos] = rng.choice(BYTES)
        elif kind == 2:
            blob[pos] = rng.randrange(256)
        elif kind == 3:
            del blob[pos:pos + rng.randint(1, 8)]
        elif kind == 4:
            blob[pos:pos] = bytes(rng.randrange(256)
                                  for _ in range(rng.randint(1, 8)))
        elif kind == 5:
            chunk = blob[pos:pos + rng.randint(1, 32)]
            blob[pos:pos] = chunk
        else:
            del blob[pos:]
    return bytes(blob)


def find_seeds(markers=("nv_tileaa",)):
    paths = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    paths += sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                              recursive=True))
    seeds = []
    for path in paths:
        if "/Inputs/fuzz/" in path:
            continue
        with open(path, "rb") as f:
            data = f.read()
        if any(m.encode() in data for m in markers) and len(data) < 64 * 1024:
            seeds.append(data)
    return seeds


def bytecode_seeds(tools, seeds, scratch):
    out = []
    for i, data in enumerate(seeds):
        src = os.path.join(scratch, "seed%d.mlir" % i)
        dst = os.path.join(scratch, "seed%d.mlirbc" % i)
        with open(src, "wb") as f:
            f.write(data)
        done = subprocess.run(
            [os.path.join(tools, "tileiras-opt"), "--emit-bytecode", src,
             "-o", dst], capture_output=True, timeout=60)
        if done.returncode == 0 and os.path.exists(dst):
            with open(dst, "rb") as f:
                out.append(f.read())
    return out


# tileiras-opt mode: every pass of the project (with and without options),
# the upstream passes the pipeline uses, and the pipeline's phases.
OPT_PASSES = [
    "convert-cuda-tile-to-tileaa", "convert-cuda-tile-to-tileaa{gpu-name=sm_100a}",
    "tileaa-resolve-target", "tileaa-resolve-target{gpu-name=sm_90a}",
    "tileaa-resolve-target{gpu-name=sm_80}", "tileaa-wrap-gpu-module",
    "tileaa-check-symbols", "tileaa-assign-layouts",
    "tileaa-assign-layouts{num-warps=8}", "convert-nv-tile-func-to-llvm",
    "convert-tileaa-to-llvm", "tileaa-attach-nvvm-target",
    "tileaa-attach-nvvm-target{O=0}", "test-tileaa-axis-info",
    "tileaa-print-layouts", "canonicalize", "cse",
    "reconcile-unrealized-casts", "ensure-debug-info-scope-on-llvm-func",
]
PHASES = [
    ["convert-cuda-tile-to-tileaa", "tileaa-resolve-target",
     "tileaa-wrap-gpu-module", "canonicalize", "cse"],
    ["tileaa-assign-layouts"],
    ["convert-nv-tile-func-to-llvm", "convert-tileaa-to-llvm",
     "reconcile-unrealized-casts", "canonicalize", "cse"],
    ["tileaa-attach-nvvm-target", "ensure-debug-info-scope-on-llvm-func"],
]
NAMED_PIPELINES = [
    "tileaa-to-nvvm", "tileaa-to-nvvm{gpu-name=sm_90a O=3 num-warps=4}",
    "tileaa-to-nvvm{gpu-name=sm_80 O=0}",
    "tileaa-to-nvvm{gpu-name=sm_100a num-warps=8}",
]


def pipeline_arg(passes):
    return "--pass-pipeline=builtin.module(%s)" % ",".join(passes)


def stage_seeds(tools, seeds, scratch, count, rng):
    """The IR after each phase of the pipeline for `count` of the seeds."""
    out = []
    src = os.path.join(scratch, "stage.mlir")
    for data in rng.sample(seeds, min(count, len(seeds))):
        with open(src, "wb") as f:
            f.write(data)
        for end in range(1, len(PHASES)):
            passes = [p for phase in PHASES[:end] for p in phase]
            try:
                done = subprocess.run(
                    [os.path.join(tools, "tileiras-opt"), src,
                     "--mlir-print-debuginfo", pipeline_arg(passes)],
                    capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                break
            if done.returncode != 0:
                break
            out.append(done.stdout)
    return out


def opt_seeds(tools, scratch, args, rng):
    seeds = find_seeds(("nv_tileaa", "cuda_tile"))
    return seeds + stage_seeds(tools, seeds, scratch, args.derived_seeds, rng)


def random_opt_args(rng):
    roll = rng.random()
    if roll < 0.3:
        passes = [rng.choice(OPT_PASSES)]
    elif roll < 0.45:
        start = rng.randrange(len(PHASES))
        end = rng.randint(start + 1, len(PHASES))
        passes = [p for phase in PHASES[start:end] for p in phase]
    elif roll < 0.55:
        passes = [rng.choice(NAMED_PIPELINES)]
    else:
        passes = [rng.choice(OPT_PASSES) for _ in range(rng.randint(2, 6))]
    return [pipeline_arg(passes)]


# Swaps that keep the text parseable but break what passes assume: element
# types, shapes, layout encodings, targets, kernel attributes.
IR_SWAPS = [
    (rb"\bf32\b", [b"f16", b"bf16", b"f64", b"i32", b"i1"]),
    (rb"\bi32\b", [b"i64", b"i8", b"i1", b"f32", b"index"]),
    (rb"\bf16\b", [b"f32", b"f8E4M3FN", b"i16"]),
    (rb"\b(?:16|32|64|128|256|512|1024|2048)\b",
     [b"1", b"2", b"3", b"8", b"17", b"4096", b"8192"]),
    (rb"#nv_tileaa\.\w+<[^<>]*(?:<[^<>]*>[^<>]*)*>", [b""]),
    (rb", #nv_tileaa\.\w+<[^<>]*(?:<[^<>]*>[^<>]*)*>", [b""]),
    (rb"sm_\d+a?", [b"sm_75", b"sm_80", b"sm_90a", b"sm_100a", b"sm_120a",
                    b"sm_10", b"sm_999"]),
    (rb"numWarps = \d+", [b"numWarps = 1", b"numWarps = 3",
                          b"numWarps = 64", b"numWarps = 0"]),
    (rb"nv_tileaa\.kernel_spec = [^,}]*[,]?", [b""]),
    (rb"nv_tileaa\.(?:target_spec|compute_capability) = [^,}]*",
     [b"nv_tileaa.target_spec = \"sm_0\"",
      b"nv_tileaa.compute_capability = 999 : i32",
      b"nv_tileaa.compute_capability = \"x\""]),
]


def mutate_ir(data, rng):
    """Replaces one or a few matches of an IR_SWAPS pattern."""
    for _ in range(rng.choice([1, 1, 2, 3])):
        pattern, choices = rng.choice(IR_SWAPS)
        matches = list(re.finditer(pattern, data))
        if not matches:
            continue
        # Right to left, so earlier offsets stay valid.
        picked = rng.sample(matches, rng.randint(1, min(3, len(matches))))
        for m in sorted(picked, key=lambda m: -m.start()):
            data = data[:m.start()] + rng.choice(choices) + data[m.end():]
    return data


def opt_case(seeds, rng):
    data = rng.choice(seeds)
    roll = rng.random()
    if roll < 0.4:
        data = mutate_ir(data, rng)
    elif roll < 0.7:
        data = mutate_text(data, rng.choice(seeds), rng)
    return data, random_opt_args(rng)


def run_checked(argv, workdir, timeout, exit_codes, output):
    """Runs one compile; returns (verdict, detail, stderr) with verdict 'ok'
    or the way the run broke the contract."""
    env = dict(os.environ, TILEIRAS_CRASH_REPRODUCER="off")
    if os.path.exists(output):
        os.remove(output)
    try:
        done = subprocess.run(argv, capture_output=True, timeout=timeout,
                              env=env, cwd=workdir)
    except subprocess.TimeoutExpired:
        return "hang", "no answer within %d s" % timeout, None
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode < 0:
        return "signal", "killed by signal %d" % -done.returncode, stderr
    if done.returncode not in exit_codes:
        return "exit", "exit code %d" % done.returncode, stderr
    for marker in BAD_TEXT:
        if marker in stderr:
            return "ice", marker, stderr
    if done.returncode != 0 and os.path.exists(output):
        return "partial", "output left behind after exit %d" % \
            done.returncode, stderr
    if done.returncode != 0 and "error" not in stderr:
        return "silent", "exit %d without an error" % done.returncode, stderr
    return "ok", str(done.returncode), None


def run_one(tools, path, workdir, timeout, opt_args=None):
    """tileiras on one input, or tileiras-opt with `opt_args`."""
    output = os.path.join(workdir, "out.ptx")
    if opt_args is None:
        argv = [os.path.join(tools, "tileiras"), path, "--emit=ptx", "-o",
                output]
        return run_checked(argv, workdir, timeout, (0, 1, 2, 3, 4, 5), output)
    output = os.path.join(workdir, "out.mlir")
    argv = [os.path.join(tools, "tileiras-opt"), path] + opt_args + \
        ["-o", output]
    return run_checked(argv, workdir, timeout, (0, 1), output)


def opt_header(opt_args):
    return ("// tileiras-opt: %s\n" % shlex.join(opt_args)).encode()


def make_cases(args, tools, scratch, rng):
    """Returns (seed summary, next_case(rng) -> (kind, file bytes, opt_args))."""
    if args.mode == "opt":
        seeds = opt_seeds(tools, scratch, args, rng)
        bc_seeds = bytecode_seeds(
            tools, rng.sample(seeds, min(args.derived_seeds, len(seeds))),
            scratch)

        def next_opt(local):
            if bc_seeds and local.random() < 0.15:
                return "opt-bytecode", mutate_bytes(local.choice(bc_seeds),
                                                    local), \
                    random_opt_args(local)
            data, opt_args = opt_case(seeds, local)
            return "opt", opt_header(opt_args) + data, opt_args
        return "%d text and %d bytecode seeds" % (len(seeds), len(bc_seeds)), \
            next_opt

    seeds = find_seeds()
    bc_seeds = bytecode_seeds(
        tools, rng.sample(seeds, min(args.derived_seeds, len(seeds))),
        scratch) if args.mode in ("both", "bytecode") else []

    def next_case(local):
        if bc_seeds and (args.mode == "bytecode" or local.random() < 0.4):
            return "bytecode", mutate_bytes(local.choice(bc_seeds), local), None
        return "text", mutate_text(local.choice(seeds), local.choice(seeds),
                                   local), None
    return "%d text seeds, %d bytecode seeds" % (len(seeds), len(bc_seeds)), \
        next_case


def campaign(args, tools):
    rng = random.Random(args.seed)
    # The time limit covers preparing the seeds too.
    deadline = time.monotonic() + args.seconds
    scratch = tempfile.mkdtemp(prefix="tileiras-fuzz-")
    counts = {"text": 0, "bytecode": 0, "opt": 0, "opt-bytecode": 0}
    exits = {}
    findings = []
    try:
        summary, next_case = make_cases(args, tools, scratch, rng)
        lock = threading.Lock()

        def worker(index):
            workdir = os.path.join(scratch, "w%d" % index)
            os.makedirs(workdir, exist_ok=True)
            while time.monotonic() < deadline:
                with lock:
                    if args.max_runs and sum(counts.values()) >= args.max_runs:
                        return
                    # Drawn under the lock from the seeded generator, so a
                    # seed gives the same inputs on every machine.
                    kind, data, opt_args = next_case(
                        random.Random(rng.random()))
                    counts[kind] += 1
                ext = ".mlirbc" if "bytecode" in kind else ".mlir"
                path = os.path.join(workdir, "input" + ext)
                with open(path, "wb") as f:
                    f.write(data)
                verdict, detail, stderr = run_one(tools, path, workdir,
                                                  args.timeout, opt_args)
                with lock:
                    key = verdict if verdict != "ok" else "exit " + detail
                    exits[key] = exits.get(key, 0) + 1
                    if verdict != "ok":
                        findings.append((kind, data, verdict, detail, stderr))

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(worker, range(args.jobs)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    if args.mode == "opt":
        print("fuzz: %d tileiras-opt runs, %d of them on bytecode (seed %d, "
              "%s)" % (counts["opt"] + counts["opt-bytecode"],
                       counts["opt-bytecode"], args.seed, summary))
    else:
        print("fuzz: %d text and %d bytecode mutants (seed %d, %s)" %
              (counts["text"], counts["bytecode"], args.seed, summary))
    for key in sorted(exits):
        print("  %-10s %d" % (key, exits[key]))
    report_findings(args, findings)
    return 1 if findings else 0


def report_findings(args, findings):
    if findings and args.keep:
        os.makedirs(args.keep, exist_ok=True)
    for i, (kind, data, verdict, detail, stderr) in enumerate(findings):
        print("FINDING %d: %s input, %s (%s)" % (i, kind, verdict, detail))
        if args.keep:
            ext = ".mlirbc" if "bytecode" in kind else ".mlir"
            base = os.path.join(args.keep, "finding-%s-%d-%d" %
                                (args.mode, args.seed, i))
            with open(base + ext, "wb") as f:
                f.write(data)
            with open(base + ".txt", "w") as f:
                f.write("%s: %s\n%s" % (verdict, detail, stderr or ""))


def replay_args(path):
    """The tileiras-opt arguments of a kept input, or None for tileiras."""
    with open(path, "rb") as f:
        first = f.readline().decode("utf-8", "replace")
    prefix = "// tileiras-opt:"
    return shlex.split(first[len(prefix):]) if first.startswith(prefix) \
        else None


def replay(args, tools):
    folder = os.path.abspath(args.replay)
    paths = sorted(p for p in glob.glob(os.path.join(folder, "*"))
                   if p.endswith((".mlir", ".mlirbc")))
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tileiras-replay-") as workdir:
        runs = 0
        for path in paths:
            opt_args = replay_args(path)
            # Plain inputs go through tileiras and through tileiras-opt's
            # parser and verifier; headed ones through that tileiras-opt run.
            for tool, tool_args in ([("tileiras-opt", opt_args)] if opt_args
                                    else [("tileiras", None),
                                          ("tileiras-opt", [])]):
                runs += 1
                verdict, detail, stderr = run_one(tools, path, workdir,
                                                  args.timeout, tool_args)
                name = "%s (%s)" % (os.path.basename(path), tool)
                if verdict != "ok":
                    failures += 1
                    print("FAIL %s: %s (%s)\n%s" % (name, verdict, detail,
                                                    stderr or ""))
                else:
                    print("ok   %s: exit %s" % (name, detail))
    print("replayed %d inputs in %d runs, %d broke the contract" %
          (len(paths), runs, failures))
    return 1 if failures or not paths else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-runs", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds before a run counts as a hang")
    parser.add_argument("--mode", choices=["both", "text", "bytecode", "opt"],
                        default="both")
    parser.add_argument("--derived-seeds", type=int, default=40,
                        help="how many seeds are also converted to bytecode "
                        "and (opt mode) to the IR after each phase")
    parser.add_argument("--keep", help="write offending inputs here")
    parser.add_argument("--replay", help="run every input in this folder")
    parser.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"),
                        help="folder with tileiras and tileiras-opt")
    args = parser.parse_args()
    args.tools = os.path.abspath(args.tools)
    if args.replay:
        return replay(args, args.tools)
    return campaign(args, args.tools)


if __name__ == "__main__":
    sys.exit(main())
