"""Checks that the CPU simulator covers everything tileiras output can
contain (see the header of sim-coverage.txt beside this file).

Usage: coverage_check.py BIN_DIR WORK_DIR SOURCE_ROOT
Prints one line per check and "coverage complete" when all pass.
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, *[".."] * 3, "tools", "sim"))
import simlib  # noqa: E402

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def read_list(path):
    sections, current = {}, None
    for line in open(path):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        m = re.match(r"^\[([a-z-]+)\]$", line)
        if m:
            current = sections.setdefault(m.group(1), [])
        else:
            current.append(line)
    return sections


def collapse(text):
    return re.sub(r"\s+", " ", text).strip()


def check_sources(root, sections):
    """Literals, NVVM ops and inline-PTX sites of passes/ against the list."""
    sources = glob.glob(os.path.join(root, "passes", "**", "*.cpp"),
                        recursive=True)
    literals, ops, sites = set(), set(), set()
    for path in sources:
        text = open(path).read()
        literals |= set(re.findall(r'"(llvm\.nvvm\.[a-z0-9_.]*)"', text))
        ops |= set(re.findall(r"NVVM::(\w+Op)::create", text))
        for line in text.splitlines():
            if (re.search(r"\bptx\.instruction\(|\bptx\(\(", line)
                    and "::instruction(" not in line):
                sites.add(os.path.basename(path) + ": " + collapse(line))
    listed_ops = {line.split()[0]: line.split()[1:]
                  for line in sections["nvvm-ops"]}
    for literal in sorted(literals - set(sections["lowering-literals"])):
        fail(f"passes/ emits {literal!r}, which sim-coverage.txt does not "
             "list: implement it in tools/sim/runtime.cpp and list it")
    for op in sorted(ops - set(listed_ops)):
        fail(f"passes/ creates NVVM::{op}, which sim-coverage.txt does not "
             "list with its intrinsics")
    listed_sites = {line.split(" | ")[0] for line in sections["lowering-ptx"]}
    for site in sorted(sites - listed_sites):
        fail(f"new inline-PTX site {site!r}: teach tools/sim/SimPrep.cpp "
             "its template and list it in sim-coverage.txt")
    for site in sorted(listed_sites - sites):
        fail(f"listed inline-PTX site {site!r} is gone from passes/")
    intrinsics = set(sections["intrinsics"])
    for literal in literals:
        if not any(name.startswith(literal) for name in intrinsics):
            fail(f"no listed intrinsic starts with {literal!r}")
    print(f"sources: {len(literals)} literals, {len(ops)} NVVM ops, "
          f"{len(sites)} inline-PTX sites")
    return {n for names in listed_ops.values() for n in names}


def libdevice_closure(llvm_bin, names, work):
    """Intrinsics and inline PTX in the bodies of `names` and everything
    they call, in libdevice.10.bc."""
    candidates = [os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                               "nvvm", "libdevice", "libdevice.10.bc"),
                  "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
                  "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"]
    bc = next((c for c in candidates if os.path.exists(c)), None)
    if not bc:
        print("libdevice: not found; its closure is not checked")
        return None
    ll = os.path.join(work, "libdevice.ll")
    simlib.run([os.path.join(llvm_bin, "llvm-dis"), bc, "-o", ll])
    text = open(ll).read()
    bodies = {m.group(1): m.group(0) for m in re.finditer(
        r"^define [^@]*@([\w.$]+)\(.*?^}", text, re.S | re.M)}
    seen, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in bodies:
            fail(f"{name} is not defined in {bc}")
            continue
        # Every function with a body it calls (__nv_* and __internal_*).
        stack += [c for c in re.findall(r"@([\w.$]+)\(", bodies[name])
                  if c in bodies]
    intrinsics, asm = set(), set()
    for name in seen:
        body = bodies.get(name, "")
        intrinsics |= set(re.findall(r"@(llvm\.nvvm\.[\w.]+)", body))
        for m in re.finditer(r'asm (?:sideeffect )?"((?:[^"\\]|\\.)*)", '
                             r'"([^"]*)"', body):
            template = re.sub(r"\\([0-9A-F]{2})",
                              lambda h: chr(int(h.group(1), 16)), m.group(1))
            asm.add(collapse(template) + " | " + m.group(2))
    print(f"libdevice: {len(names)} functions reach {len(seen)}, with "
          f"{len(intrinsics)} NVVM intrinsics and {len(asm)} inline-PTX "
          "templates")
    return intrinsics, asm


def mlir_libdevice_names(llvm_bin):
    """The __nv_* names in MLIR's math-to-libdevice patterns, from the
    installed library (None when it cannot be found)."""
    libdir = os.path.join(os.path.dirname(llvm_bin), "lib")
    lib = os.path.join(libdir, "libMLIRGPUToNVVMTransforms.a")
    if not os.path.exists(lib):
        return None
    data = open(lib, "rb").read()
    return {m.decode() for m in re.findall(rb"(?<![\w])(__nv_[a-z0-9_]+)\x00",
                                            data)}


def runtime_symbols(tc):
    # Every object of the runtime: the asynchronous proxy (mbarriers, TMA,
    # wgmma, tcgen05) lives in runtime_async.cpp.
    objects = tc.runtime()
    out = simlib.run(["nm", "--defined-only", *objects])
    return {line.split()[-1] for line in out.splitlines()
            if line.strip() and not line.endswith(":")}


def prep_accepts(tc, work, index, template, constraints):
    """tileiras-sim-prep translates a call of this inline PTX."""
    kinds = {"f": "float", "d": "double", "r": "i32", "l": "i64", "h": "i16"}
    parts = constraints.split(",")
    outs = [kinds[p.lstrip("=")] for p in parts if p.startswith("=")]
    ins = [kinds[p] for p in parts if not p.startswith("=")]
    result = outs[0] if len(outs) == 1 else "{" + ", ".join(outs) + "}"
    escaped = "".join(c if c.isalnum() or c in " $.,;{}_" else
                      "\\%02X" % ord(c) for c in template)
    args = ", ".join(f"{t} %a{i}" for i, t in enumerate(ins))
    ir = (f'target triple = "nvptx64-nvidia-cuda"\n'
          f"define {result} @f({args}) {{\n"
          f'  %r = call {result} asm "{escaped}", "{constraints}"({args})\n'
          f"  ret {result} %r\n}}\n")
    path = os.path.join(work, f"asm{index}.ll")
    open(path, "w").write(ir)
    result = subprocess.run([tc.prep, path, "-o", path + ".host",
                             "--no-entry"], capture_output=True, text=True)
    return result.returncode == 0, result.stderr


def main():
    bin_dir, work, root = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    sections = read_list(os.path.join(HERE, "sim-coverage.txt"))
    tc = simlib.Toolchain(work, bin_dir=bin_dir)
    llvm_bin = os.path.dirname(tc.opt)

    op_intrinsics = check_sources(root, sections)

    functions = set(sections["libdevice-functions"])
    mlir_names = mlir_libdevice_names(llvm_bin)
    if mlir_names is None:
        print("MLIR library not found; the libdevice names are not checked")
    else:
        for name in sorted(mlir_names - functions):
            fail(f"MLIR's math-to-libdevice patterns can call {name}, which "
                 "sim-coverage.txt does not list")
        print(f"MLIR's math-to-libdevice patterns: {len(mlir_names)} "
              "functions, all listed" if mlir_names <= functions else "")
    for path in glob.glob(os.path.join(root, "passes", "**", "*.cpp"),
                          recursive=True):
        for name in re.findall(r'callLibdevice\("(__nv_\w+)"',
                               open(path).read()):
            if name not in functions:
                fail(f"the lowering calls {name}, which is not listed")

    libdevice_intrinsics = set(sections["libdevice-intrinsics"])
    libdevice_asm = set(sections["libdevice-ptx"])
    closure = libdevice_closure(llvm_bin, sorted(functions), work)
    if closure:
        intrinsics, asm = closure
        for name in sorted(intrinsics - libdevice_intrinsics):
            fail(f"libdevice uses {name} (reachable from a math op), which "
                 "sim-coverage.txt does not list")
        for template in sorted(asm - libdevice_asm):
            fail(f"libdevice uses inline PTX {template!r}, which "
                 "sim-coverage.txt does not list")

    symbols = runtime_symbols(tc)
    every = (set(sections["intrinsics"]) | libdevice_intrinsics |
             op_intrinsics)
    # The warp-collective intrinsics (mma.sync, ldmatrix, stmatrix):
    # tileiras-sim-prep turns each call into __sim_mma / __sim_ldmatrix /
    # __sim_stmatrix(name, ...), whose decoder (tools/sim/mma.cpp,
    # matrix.cpp) must know the name; the unit tests of test/unit/Sim name
    # and check every one (ldmatrix/stmatrix: in their kSimulatedForms).
    def unit_tests(name):
        return open(os.path.join(root, "test", "unit", "Sim", name)).read()
    matrix_tests = unit_tests("LdmatrixEmulationTest.cpp")
    matrix_forms = matrix_tests[matrix_tests.index("kSimulatedForms[] = {"):]
    matrix_forms = matrix_forms[:matrix_forms.index("};")]
    collective = {"mma": unit_tests("MmaEmulationTest.cpp"),
                  "ldmatrix": matrix_forms, "stmatrix": matrix_forms}

    def implemented(name):
        short = re.sub(r"\.p[0-9]+$", "", name[len("llvm.nvvm."):])
        kind = short.split(".")[0]
        if kind in collective:
            return (f"__sim_{kind}" in symbols and
                    f'"{short}"' in collective[kind])
        return "__sim_nvvm_" + short.replace(".", "_") in symbols
    missing = sorted(n for n in every if not implemented(n))
    for name in missing:
        fail(f"the simulator runtime (tools/sim/runtime*.cpp) does not "
             f"implement {name}")
    print(f"runtime: {len(every) - len(missing)} of {len(every)} intrinsics "
          "implemented")

    accepted = 0
    for i, line in enumerate(sorted(libdevice_asm)):
        template, constraints = line.rsplit(" | ", 1)
        ok, error = prep_accepts(tc, work, i, template, constraints)
        if ok:
            accepted += 1
        else:
            fail(f"tileiras-sim-prep rejects libdevice's {template!r}:\n"
                 f"{error}")
    print(f"tileiras-sim-prep: {accepted} of {len(libdevice_asm)} libdevice "
          "templates translated")
    print("coverage complete" if not failures else
          f"{len(failures)} coverage gaps")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
