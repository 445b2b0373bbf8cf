# -*- Python -*-
# lit configuration for the tileiras test suites.

import os
import re
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "tileiras"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".ll", ".ptx"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "utils"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileiras_obj_root, "test")

llvm_config.with_system_environment(
    ["HOME", "TMP", "TEMP", "CUDA_HOME", "CUDA_PATH", "LANG", "LC_ALL"])
llvm_config.use_default_substitutions()

# Our tools first, then LLVM 22's (FileCheck, not, mlir-opt, llc, ...).
tool_dirs = [config.tileiras_tools_dir, config.llvm_tools_dir]
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tileiras_tools_dir,
                             append_path=True)
tools = ["tileiras", "tileiras-opt", "tileiras-sim-prep", "tileiras-translate",
         "mlir-opt", "mlir-translate", "llc", "split-file",
         "tileiras-driver-capi-test"]
llvm_config.add_tool_substitutions(
    [t for t in tools
     if any(os.path.exists(os.path.join(d, t)) for d in tool_dirs)],
    tool_dirs)

config.substitutions.append(("%tileiras_src", config.tileiras_src_root))
config.substitutions.append(("%tileiras_lib", config.tileiras_lib_dir))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%tileiras_bin", config.tileiras_tools_dir))
# `%expect-exit N cmd...` succeeds only when cmd exits with exactly N.
config.substitutions.append(
    ("%expect-exit", os.path.join(config.tileiras_src_root, "test", "utils",
                                  "expect-exit.sh")))

# ptxas: the `ptxas` feature is set only when a ptxas is found (PATH, then
# $CUDA_HOME/bin, then /usr/local/cuda/bin). `%ptxas-verify ARCH FILE...`
# assembles each PTX file for ARCH when ptxas exists and is a no-op that says
# so otherwise, so E2E tests still check the PTX text on machines without it.
def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "bin", "ptxas")):
            return os.path.join(root, "bin", "ptxas")
    return None

ptxas = find_ptxas()
verify = os.path.join(config.tileiras_src_root, "test", "utils",
                      "ptxas-verify.sh")
all_targets = os.path.join(config.tileiras_src_root, "test", "utils",
                           "all-targets.sh")
if ptxas:
    config.substitutions.append(("%all-targets",
                                 "env PTXAS=%s %s" % (ptxas, all_targets)))
else:
    config.substitutions.append(("%all-targets", "env PTXAS= " + all_targets))
if ptxas:
    config.available_features.add("ptxas")
    # `ptxas-MAJOR.MINOR` (e.g. ptxas-13.0): for tests whose expectations
    # are the facts of one ptxas release (which names it accepts, the
    # lowest .version per target); other releases skip them.
    try:
        banner = subprocess.run([ptxas, "--version"], capture_output=True,
                                text=True, timeout=60).stdout
        release = re.search(r"release (\d+\.\d+)", banner)
        if release:
            config.available_features.add("ptxas-" + release.group(1))
    except (OSError, subprocess.SubprocessError):
        pass
    config.substitutions.append(("%ptxas-verify",
                                 "env PTXAS=%s %s" % (ptxas, verify)))
    config.substitutions.append(("%ptxas", ptxas))
    ptxas_bin = os.path.dirname(ptxas)
    llvm_config.with_environment("PATH", ptxas_bin, append_path=True)
    if os.path.exists(os.path.join(ptxas_bin, "fatbinary")):
        config.available_features.add("fatbinary")
    if os.path.exists(os.path.join(ptxas_bin, "nvcc")):
        config.available_features.add("nvcc")
else:
    config.substitutions.append(("%ptxas-verify", "env PTXAS= %s" % verify))

# host-sim: the CPU simulator (tools/sim) builds lowered code for the host
# and needs tileiras-sim-prep, a C++20 compiler with AddressSanitizer and an
# LLVM 22 llc that targets x86-64; without them its tests are skipped.
def host_simulation_available():
    import subprocess
    cxx = shutil.which("g++")
    llc = os.path.join(config.llvm_tools_dir, "llc")
    prep = os.path.join(config.tileiras_tools_dir, "tileiras-sim-prep")
    if not cxx or not os.path.exists(llc) or not os.path.exists(prep):
        return False
    try:
        asan = subprocess.run([cxx, "-print-file-name=libasan.so"],
                              capture_output=True, text=True, timeout=30)
        targets = subprocess.run([llc, "--version"], capture_output=True,
                                 text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    library = asan.stdout.strip()
    return (os.path.isabs(library) and os.path.exists(library)
            and "x86-64" in targets.stdout)


if host_simulation_available():
    config.available_features.add("host-sim")


# numpy: a Python 3 that can import NumPy runs the Python front end's tests
# (%numpy-python). The Python first on PATH may be a separate interpreter
# without Debian's python3-numpy, so /usr/bin/python3 is tried too.
def find_numpy_python():
    for candidate in (config.python_executable, "/usr/bin/python3"):
        if not candidate or not os.path.exists(candidate):
            continue
        try:
            probe = subprocess.run([candidate, "-c", "import numpy"],
                                   capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0:
            return candidate
    return None


numpy_python = find_numpy_python()
if numpy_python:
    config.available_features.add("numpy")
    config.substitutions.append(("%numpy-python", numpy_python))

# -DTILEIRAS_SANITIZE builds (cmake/Sanitizers.cmake): the `sanitizer`
# feature, and no leak report at exit (LLVM and MLIR keep global state alive
# on purpose). LLVM's headers poison allocator memory and annotate
# containers in our instrumented code that the uninstrumented libMLIR then
# touches, so user poisoning and container-overflow checks are off too; any
# other sanitizer report fails the test.
if getattr(config, "tileiras_sanitize", ""):
    config.available_features.add("sanitizer")
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:allow_user_poisoning=0:detect_container_overflow=0")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
