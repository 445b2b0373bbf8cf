"""A kernel with dynamic shared memory on the CPU simulator:
test/E2E/shared-memory/Inputs/transpose128.mlir (a 128 x 128 f32 tile per
program, 66048 bytes of shared memory, more than can be declared
statically) transposes M x N matrices whose sizes are not multiples of the
tile, for sm_80 and sm_90a, checked element by element against Python; the
guard elements after the output must stay untouched. The simulator's
per-CTA arena must be the kernel metadata's dynamic_shared_memory_bytes.

    dynamic_shared.py SRC_ROOT BIN_DIR WORK
"""
import json
import os
import random
import struct
import subprocess
import sys

SRC, BIN, WORK = sys.argv[1:4]
sys.path.insert(0, os.path.join(SRC, "tools", "sim"))
from simlib import Buffer, Scalar, Toolchain  # noqa: E402

INPUTS = os.path.join(SRC, "test", "E2E", "shared-memory", "Inputs")
GUARD, SENTINEL = 32, -12345.0


def metadata(kernel, target):
    out = subprocess.run(
        [os.path.join(BIN, "tileiras"), f"--gpu-name={target}", kernel,
         "-o", os.path.join(WORK, f"t.{target}.ptx"), "--metadata=-"],
        capture_output=True, text=True, check=True).stdout
    return json.loads(out)["targets"][0]["kernels"][0]


tools = Toolchain(WORK, bin_dir=BIN)
rng = random.Random(7)
# transpose128-calls-helper.mlir: the kernel's dynamic buffer follows the
# device function's static one in the arena, as on the GPU.
for source, target in (("transpose128", "sm_80"), ("transpose128", "sm_90a"),
                       ("transpose128-calls-helper", "sm_90a")):
    path = os.path.join(INPUTS, source + ".mlir")
    meta = metadata(path, target)
    kernel = tools.build(path, name=f"{source}_{target}", target=target)
    target = f"{source} {target}"
    print(f"{target}: metadata static {meta['static_shared_memory_bytes']} "
          f"dynamic {meta['dynamic_shared_memory_bytes']}, simulator arena "
          f"{kernel.shared_bytes} bytes")
    assert kernel.shared_bytes == (meta["static_shared_memory_bytes"] +
                                   meta["dynamic_shared_memory_bytes"])
    for m, n in ((300, 200), (128, 128), (5, 131)):
        x = [float(rng.randint(-1000, 1000)) for _ in range(m * n)]
        out, _ = kernel.launch(
            grid=((m + 127) // 128, (n + 127) // 128, 1), block=(256, 1, 1),
            args=[Buffer("in", struct.pack(f"<{m * n}f", *x)),
                  Buffer("out", struct.pack(f"<{m * n + GUARD}f",
                                            *[SENTINEL] * (m * n + GUARD))),
                  Scalar("i32", m), Scalar("i32", n)])
        got = struct.unpack(f"<{m * n + GUARD}f", out["out"])
        want = [x[i * n + j] for j in range(n) for i in range(m)]
        wrong = sum(g != w for g, w in zip(got, want))
        guard = sum(g != SENTINEL for g in got[m * n:])
        print(f"{target} {m}x{n}: {m * n - wrong} of {m * n} elements "
              f"correct, {GUARD - guard} of {GUARD} guard elements untouched")
