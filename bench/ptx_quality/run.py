#!/usr/bin/env python3
"""PTX-quality benchmark: tileiras against hand-written CUDA C++, side by side.

For every kernel of examples/*.mlir that has an equivalent cuda/<name>.cu:

  tileiras --gpu-name=ARCH -O3 examples/<name>.mlir -o <name>.ptx
  nvcc -arch=ARCH -O3 -ptx cuda/<name>.cu -o <name>.nvcc.ptx
  ptxas -arch=ARCH -O3 -v  on both (registers, spills, stack, shared memory;
                           the cubin's code size in SASS instructions)

and counts the PTX instructions of each .entry body, in total and by class
(global loads and stores with their vector widths, shared-memory accesses,
shuffles, barriers, FMAs, atomics, conversions, local-memory accesses).
Prints the numbers side by side with ratios tileiras / nvcc, a summary line,
and flags every miss of the targets of the issue: more registers than nvcc,
any spill, vector_add without 128-bit (v4) loads. Nothing is asserted; the
exit status is 0 unless a tool is missing or a compile fails.

Usage: bench/ptx_quality/run.py [--build DIR] [--arch sm_90a] [--keep DIR]
                                [--markdown] [name ...]
"""

import argparse
import datetime
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The order of the table: the examples/README.md order.
EXAMPLES = ["vector_add", "saxpy", "softmax", "layer_norm", "row_sum",
            "inclusive_scan", "histogram", "matmul", "matmul_int8",
            "matmul_fp8", "matmul_fp8_tn", "matmul_tf32", "matmul_mxfp8",
            "matmul_mxfp4", "attention",
            "transpose", "matmul_tma"]


def find_cuda_tool(name):
    found = shutil.which(name)
    if found:
        return found
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "bin", name)):
            return os.path.join(root, "bin", name)
    return None


def run(argv):
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stderr}")
    return done.stdout + done.stderr


# --- ptxas -v -----------------------------------------------------------

def parse_ptxas(text):
    """Resources of the first entry function in `ptxas -v` output."""
    def number(pattern, default=0):
        found = re.search(pattern, text)
        return int(found.group(1)) if found else default
    return {
        "registers": number(r"Used (\d+) registers"),
        "spill_stores": number(r"(\d+) bytes spill stores"),
        "spill_loads": number(r"(\d+) bytes spill loads"),
        "stack": number(r"(\d+) bytes stack frame"),
        "smem": number(r"(\d+) bytes smem"),
    }


# Per-SM limits for the theoretical occupancy (CUDA occupancy calculator):
# registers, warps, blocks, shared memory (bytes, with 1 KiB reserved per
# block). Registers are allocated per warp in units of 256. Other targets
# print "-".
SM_LIMITS = {
    "sm_80": (65536, 64, 32, 167936),
    "sm_90": (65536, 64, 32, 233472),
    "sm_100": (65536, 64, 32, 233472),
}


def occupancy(arch, registers, smem, threads):
    """Resident warps per SM, or None when the target's limits are unknown."""
    limits = SM_LIMITS.get(re.sub(r"[af]$", "", arch))
    if not limits or not threads:
        return None
    total_regs, max_warps, max_blocks, total_smem = limits
    warps = -(-threads // 32)
    per_warp = -(-max(registers, 1) * 32 // 256) * 256
    blocks = min(max_blocks, max_warps // warps,
                 total_regs // per_warp // warps,
                 total_smem // (smem + 1024))
    return blocks * warps


def threads_per_block(ptx):
    found = re.search(r"\.(?:reqntid|maxntid)\s+(\d+)(?:,\s*(\d+))?"
                      r"(?:,\s*(\d+))?", ptx)
    if not found:
        return None
    count = 1
    for group in found.groups():
        count *= int(group) if group else 1
    return count


def sass_instructions(cubin):
    """SASS instructions of the kernel: the size of its .text.<name> sections
    over 16 bytes (every instruction of sm_70 and later is 128 bits). The
    count includes the final self-branch and the NOPs that pad the section,
    a few instructions at most."""
    data = open(cubin, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def section(i):
        name, kind, flags, addr, offset, size = struct.unpack_from(
            "<IIQQQQ", data, shoff + i * shentsize)
        return name, offset, size
    _, names_at, _ = section(shstrndx)
    total = 0
    for i in range(shnum):
        name_off, _, size = section(i)
        end = data.index(b"\0", names_at + name_off)
        if data[names_at + name_off:end].startswith(b".text."):
            total += size
    return total // 16


# --- PTX ------------------------------------------------------------------

# (column, predicate over the opcode); an instruction can count in several.
CLASSES = [
    ("ld.global", lambda op: op.startswith("ld.global")),
    ("ld.global.v2", lambda op: op.startswith("ld.global") and ".v2." in op),
    ("ld.global.v4", lambda op: op.startswith("ld.global") and ".v4." in op),
    ("st.global", lambda op: op.startswith("st.global")),
    ("st.global.v2", lambda op: op.startswith("st.global") and ".v2." in op),
    ("st.global.v4", lambda op: op.startswith("st.global") and ".v4." in op),
    ("ld.shared", lambda op: op.startswith("ld.shared")),
    ("st.shared", lambda op: op.startswith("st.shared")),
    ("shfl", lambda op: op.startswith("shfl")),
    ("bar", lambda op: op.startswith(("bar.", "barrier."))),
    ("fma", lambda op: op.startswith("fma")),
    ("mma", lambda op: op.startswith(("mma.", "wgmma.", "tcgen05.mma"))),
    ("ldmatrix", lambda op: op.startswith("ldmatrix")),
    ("cp.async", lambda op: op.startswith("cp.async")),
    ("tma", lambda op: op.startswith("cp.async.bulk.tensor")),
    ("mbarrier", lambda op: op.startswith("mbarrier.")),
    ("atom/red", lambda op: op.startswith(("atom", "red."))),
    ("cvt", lambda op: op.startswith("cvt.")),  # not cvta (address space)
    ("local", lambda op: op.startswith(("ld.local", "st.local"))),
]

_ENTRY = re.compile(r"\.entry\s+([\w$]+)\s*\(")
_LABEL = re.compile(r"^[\w$]+:$")


def entry_body(ptx, name):
    """The text between the braces of `.entry name(...)` (or of the only
    entry, when none has that name)."""
    entries = list(_ENTRY.finditer(ptx))
    chosen = [e for e in entries if e.group(1) == name] or entries[:1]
    if not chosen:
        raise RuntimeError(f"no .entry in the PTX of {name}")
    open_at = ptx.index("{", chosen[0].end())
    depth = 0
    for i in range(open_at, len(ptx)):
        if ptx[i] == "{":
            depth += 1
        elif ptx[i] == "}":
            depth -= 1
            if depth == 0:
                return ptx[open_at + 1:i]
    raise RuntimeError(f"unbalanced braces in the PTX of {name}")


def count_instructions(body):
    """Instruction count of an entry body, in total and per CLASSES.

    An instruction is a statement ending in ';' that is not a directive
    (.reg, .shared, .loc, ...); labels, braces and comments are not
    instructions. Inline-asm blocks count like any other code. Static
    counts: a loop body counts once."""
    counts = {"total": 0}
    counts.update({c: 0 for c, _ in CLASSES})
    text = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    # Statements may span lines (LLVM prints mma.sync operands on their own
    # lines): drop comments and labels line by line, then split on ';'.
    lines = [line.split("//", 1)[0] for line in text.splitlines()]
    lines = [line for line in lines if not _LABEL.match(line.strip())]
    for line in [" ".join(lines)]:
        for statement in line.split(";")[:-1]:
            statement = statement.strip().strip("{}").strip()
            if not statement or statement.startswith("."):
                continue
            if _LABEL.match(statement):
                continue
            tokens = statement.split()
            if tokens[0].startswith("@"):
                tokens = tokens[1:]
            if not tokens:
                continue
            opcode = tokens[0]
            counts["total"] += 1
            for column, matches in CLASSES:
                if matches(opcode):
                    counts[column] += 1
    return counts


# --- one kernel -------------------------------------------------------------

def measure(name, tools, arch, work):
    mlir = os.path.join(ROOT, "examples", f"{name}.mlir")
    cuda = os.path.join(HERE, "cuda", f"{name}.cu")
    out = lambda suffix: os.path.join(work, f"{name}{suffix}")
    run([tools["tileiras"], f"--gpu-name={arch}", "-O3", mlir,
         "-o", out(".ptx")])
    run([tools["nvcc"], f"-arch={arch}", "-O3", "-ptx", cuda,
         "-o", out(".nvcc.ptx")])
    result = {}
    for who, ptx in (("tileiras", out(".ptx")), ("nvcc", out(".nvcc.ptx"))):
        cubin = ptx[:-len(".ptx")] + ".cubin"
        log = run([tools["ptxas"], f"-arch={arch}", "-O3", "-v", ptx,
                   "-o", cubin])
        row = parse_ptxas(log)
        row["sass"] = sass_instructions(cubin)
        text = open(ptx).read()
        row["ptx"] = count_instructions(entry_body(text, name))
        row["occupancy"] = occupancy(arch, row["registers"], row["smem"],
                                     threads_per_block(text))
        result[who] = row
    return result


# --- report -----------------------------------------------------------------

def ratio(t, n):
    if n == 0:
        return "-" if t == 0 else "inf"
    return f"{t / n:.2f}"


def table(header, rows, markdown):
    """Aligned plain text, or a Markdown table."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |",
                 "|" + "|".join("---" if i == 0 else "---:"
                                for i in range(len(header))) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(str(r[i])) for r in [header] + rows)
              for i in range(len(header))]
    fmt = lambda r: "  ".join(str(c).ljust(widths[0]) if i == 0 else
                              str(c).rjust(widths[i])
                              for i, c in enumerate(r))
    rule = "-" * len(fmt(header))
    return "\n".join([fmt(header), rule] + [fmt(r) for r in rows] + [rule])


def report(results, arch, markdown):
    pair = lambda t, n: f"{t}/{n}"
    main_header = ["kernel", "regs t/n", "x", "warps/SM t/n",
                   "spill st+ld t/n", "stack t/n", "smem t/n",
                   "PTX instrs t/n", "x", "SASS instrs t/n", "x"]
    main_rows, class_rows = [], []
    reg_ratios, ptx_ratios, sass_ratios = [], [], []
    flags = []
    for name, r in results.items():
        t, n = r["tileiras"], r["nvcc"]
        spill = lambda x: x["spill_stores"] + x["spill_loads"]
        main_rows.append([
            name,
            pair(t["registers"], n["registers"]),
            ratio(t["registers"], n["registers"]),
            pair(t["occupancy"] or "-", n["occupancy"] or "-"),
            pair(spill(t), spill(n)),
            pair(t["stack"], n["stack"]),
            pair(t["smem"], n["smem"]),
            pair(t["ptx"]["total"], n["ptx"]["total"]),
            ratio(t["ptx"]["total"], n["ptx"]["total"]),
            pair(t["sass"], n["sass"]),
            ratio(t["sass"], n["sass"]) if t["sass"] and n["sass"] else "-",
        ])
        class_rows.append([name] + [pair(t["ptx"][c], n["ptx"][c])
                                    for c, _ in CLASSES])
        reg_ratios.append(t["registers"] / n["registers"])
        ptx_ratios.append(t["ptx"]["total"] / n["ptx"]["total"])
        if t["sass"] and n["sass"]:
            sass_ratios.append(t["sass"] / n["sass"])

        # The targets of the issue.
        if t["registers"] > n["registers"]:
            same = (t["occupancy"] and t["occupancy"] == n["occupancy"])
            flags.append(f"{name}: {t['registers']} registers, more than "
                         f"nvcc's {n['registers']}" +
                         (" (same occupancy)" if same else ""))
        if spill(t) or t["ptx"]["local"]:
            flags.append(f"{name}: spills ({t['spill_stores']} bytes "
                         f"stored, {t['spill_loads']} bytes loaded, "
                         f"{t['stack']} bytes stack frame)")
        if name == "vector_add" and t["ptx"]["ld.global.v4"] == 0:
            flags.append("vector_add: no 128-bit loads (ld.global.v4)")

    today = datetime.date.today().isoformat()
    print(f"PTX quality on {arch}, {today}: tileiras (t) against nvcc (n) "
          f"on the equivalent CUDA C++; x = tileiras / nvcc\n")
    print(table(main_header, main_rows, markdown))
    print()
    print("PTX instructions by class (static counts, tileiras/nvcc)\n")
    print(table(["kernel"] + [c for c, _ in CLASSES], class_rows, markdown))
    print()
    geo = lambda xs: f"{statistics.geometric_mean(xs):.2f}" if xs else "-"
    print(f"summary: {len(results)} kernels; geometric mean tileiras/nvcc: "
          f"registers {geo(reg_ratios)}, PTX instructions {geo(ptx_ratios)}, "
          f"SASS instructions {geo(sass_ratios)}; "
          f"{len(flags)} target(s) missed")
    for flag in flags:
        print(f"MISSED: {flag}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="tileiras build directory (default: build)")
    parser.add_argument("--arch", default="sm_90a")
    parser.add_argument("--keep", metavar="DIR",
                        help="write the PTX and cubins to DIR and keep them")
    parser.add_argument("--markdown", action="store_true",
                        help="print the tables as Markdown")
    parser.add_argument("names", nargs="*", help="examples (default: all)")
    args = parser.parse_args()

    tools = {"tileiras": os.path.join(args.build, "bin", "tileiras"),
             "nvcc": find_cuda_tool("nvcc"), "ptxas": find_cuda_tool("ptxas")}
    missing = [k for k, v in tools.items() if not v or not os.path.exists(v)]
    if missing:
        sys.exit(f"run.py: not found: {', '.join(missing)} "
                 f"(build tileiras; install the CUDA toolkit or set "
                 f"CUDA_HOME)")

    names = args.names or [e for e in EXAMPLES
                           if os.path.exists(os.path.join(HERE, "cuda",
                                                          f"{e}.cu"))]
    work = args.keep or tempfile.mkdtemp(prefix="tileiras-ptx-quality-")
    os.makedirs(work, exist_ok=True)
    results, failed = {}, []
    try:
        for name in names:
            try:
                results[name] = measure(name, tools, args.arch, work)
            except RuntimeError as error:
                print(f"skipping {name}: {error}", file=sys.stderr)
                failed.append(name)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    if results:
        report(results, args.arch, args.markdown)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
