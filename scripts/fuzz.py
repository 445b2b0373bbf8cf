#!/usr/bin/env python3
"""Mutation fuzzer for the tileiras driver (docs/cli.md, "Fuzzing").

Feeds mutated MLIR text and mutated MLIR bytecode through the whole
`tileiras` pipeline (parse, verify, every pass, LLVM, PTX; no ptxas) and
reports every run that breaks the driver's contract (DESIGN §8): death by
a signal, an exit code outside 0..5, an "internal compiler error" /
"LLVM ERROR" / stack dump, or no answer within the time limit.

Seeds: examples/*.mlir and the test suite's .mlir inputs; bytecode seeds
are those converted with `tileiras-opt --emit-bytecode`. Offending inputs
are written to --keep DIR (with a .txt saying what happened); copy them
into test/Driver/Inputs/fuzz/ to keep them as regression inputs, which
`--replay DIR` (and test/Driver/fuzz-regressions.test) runs.

  fuzz.py --seconds 60 [--jobs 2] [--seed N] [--keep DIR] [--max-runs N]
  fuzz.py --replay test/Driver/Inputs/fuzz
"""

import argparse
import concurrent.futures
import glob
import os
import random
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


def find_seeds():
    paths = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    paths += sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                              recursive=True))
    seeds = []
    for path in paths:
        if "/Inputs/fuzz/" in path:
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"nv_tileaa" in data and len(data) < 64 * 1024:
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


def run_one(tools, path, workdir, timeout):
    """Runs tileiras on one input; returns (verdict, detail) with verdict
    'ok' or a reason the run broke the contract."""
    env = dict(os.environ, TILEIRAS_CRASH_REPRODUCER="off")
    argv = [os.path.join(tools, "tileiras"), path, "--emit=ptx", "-o",
            os.path.join(workdir, "out.ptx")]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=timeout,
                              env=env, cwd=workdir)
    except subprocess.TimeoutExpired:
        return "hang", "no answer within %d s" % timeout, None
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode < 0:
        return "signal", "killed by signal %d" % -done.returncode, stderr
    if done.returncode not in (0, 1, 2, 3, 4, 5):
        return "exit", "exit code %d" % done.returncode, stderr
    for marker in BAD_TEXT:
        if marker in stderr:
            return "ice", marker, stderr
    return "ok", str(done.returncode), None


def campaign(args, tools):
    rng = random.Random(args.seed)
    seeds = find_seeds()
    scratch = tempfile.mkdtemp(prefix="tileiras-fuzz-")
    try:
        bc_seeds = bytecode_seeds(tools, seeds, scratch) \
            if args.mode in ("both", "bytecode") else []
        counts = {"text": 0, "bytecode": 0}
        exits = {}
        findings = []
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds
        # Pre-draw mutants so a seed gives the same inputs on every machine.
        def next_case(i):
            local = random.Random(rng.random())
            if bc_seeds and (args.mode == "bytecode" or local.random() < 0.4):
                return "bytecode", mutate_bytes(local.choice(bc_seeds), local)
            return "text", mutate_text(local.choice(seeds),
                                       local.choice(seeds), local)

        def worker(index):
            workdir = os.path.join(scratch, "w%d" % index)
            os.makedirs(workdir, exist_ok=True)
            case = 0
            while time.monotonic() < deadline:
                with lock:
                    total = counts["text"] + counts["bytecode"]
                    if args.max_runs and total >= args.max_runs:
                        return
                    kind, data = next_case(total)
                    counts[kind] += 1
                case += 1
                ext = ".mlirbc" if kind == "bytecode" else ".mlir"
                path = os.path.join(workdir, "input" + ext)
                with open(path, "wb") as f:
                    f.write(data)
                verdict, detail, stderr = run_one(tools, path, workdir,
                                                  args.timeout)
                with lock:
                    key = verdict if verdict != "ok" else "exit " + detail
                    exits[key] = exits.get(key, 0) + 1
                    if verdict != "ok":
                        findings.append((kind, data, verdict, detail, stderr))

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(worker, range(args.jobs)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print("fuzz: %d text and %d bytecode mutants (seed %d, %d text seeds, "
          "%d bytecode seeds)" % (counts["text"], counts["bytecode"],
                                  args.seed, len(seeds), len(bc_seeds)))
    for key in sorted(exits):
        print("  %-10s %d" % (key, exits[key]))
    if findings and args.keep:
        os.makedirs(args.keep, exist_ok=True)
    for i, (kind, data, verdict, detail, stderr) in enumerate(findings):
        print("FINDING %d: %s input, %s (%s)" % (i, kind, verdict, detail))
        if args.keep:
            ext = ".mlirbc" if kind == "bytecode" else ".mlir"
            base = os.path.join(args.keep, "finding-%d-%d" % (args.seed, i))
            with open(base + ext, "wb") as f:
                f.write(data)
            with open(base + ".txt", "w") as f:
                f.write("%s: %s\n%s" % (verdict, detail, stderr or ""))
    return 1 if findings else 0


def replay(args, tools):
    paths = sorted(p for p in glob.glob(os.path.join(args.replay, "*"))
                   if p.endswith((".mlir", ".mlirbc")))
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tileiras-replay-") as workdir:
        for path in paths:
            verdict, detail, stderr = run_one(tools, path, workdir,
                                              args.timeout)
            name = os.path.basename(path)
            if verdict != "ok":
                failures += 1
                print("FAIL %s: %s (%s)\n%s" % (name, verdict, detail,
                                                stderr or ""))
            else:
                print("ok   %s: exit %s" % (name, detail))
    print("replayed %d inputs, %d broke the contract" % (len(paths), failures))
    return 1 if failures or not paths else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-runs", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds before a run counts as a hang")
    parser.add_argument("--mode", choices=["both", "text", "bytecode"],
                        default="both")
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
