"""Deterministic mutation check of the Tile IR bytecode reader.

Usage: fuzz_reader.py TRANSLATE_TOOL INPUT_DIR [COUNT]

Mutates the sample files in INPUT_DIR (byte flips, truncations, inserted and
deleted bytes, overwritten varints) with a fixed seed and runs
`TRANSLATE_TOOL --cudatilebc-to-mlir` on each mutant. Every run must end with
exit status 0 or 3 within 10 seconds; a signal (crash) or a timeout fails.
"""

import os
import random
import subprocess
import sys
import tempfile


def mutate(rng, data):
    data = bytearray(data)
    kind = rng.randrange(6)
    if not data:
        return bytes(data)
    pos = rng.randrange(len(data))
    if kind == 0:
        data[pos] ^= 1 << rng.randrange(8)
    elif kind == 1:
        data = data[:pos]
    elif kind == 2:
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    elif kind == 3:
        del data[pos:pos + rng.randint(1, 8)]
    elif kind == 4:
        data[pos] = rng.choice([0x00, 0x7F, 0x80, 0xFF])
    else:
        # A huge varint where a length or count may be.
        data[pos:pos + 1] = b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"
    return bytes(data)


def main():
    tool, input_dir = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    samples = sorted(
        os.path.join(input_dir, f) for f in os.listdir(input_dir)
        if f.endswith((".tileirbc", ".bc")))
    seeds = [open(p, "rb").read() for p in samples]
    rng = random.Random(20261124)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "mutant.bytecode")
        for i in range(count):
            data = rng.choice(seeds)
            for _ in range(rng.randint(1, 3)):
                data = mutate(rng, data)
            with open(path, "wb") as f:
                f.write(data)
            try:
                proc = subprocess.run([tool, "--cudatilebc-to-mlir", path, "-o",
                                       os.devnull], capture_output=True,
                                      timeout=10)
            except subprocess.TimeoutExpired:
                print(f"mutant {i}: timeout", file=sys.stderr)
                failures += 1
                continue
            if proc.returncode not in (0, 3):
                print(f"mutant {i}: exit status {proc.returncode}\n"
                      f"{proc.stderr.decode(errors='replace')[-2000:]}",
                      file=sys.stderr)
                with open(os.path.join(tmp, "..", f"cudatile-mutant-{i}.bin"),
                          "wb") as keep:
                    keep.write(data)
                failures += 1
    print(f"{count} mutants, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
