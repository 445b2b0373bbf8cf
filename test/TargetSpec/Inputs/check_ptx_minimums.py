"""Checks every accepted target's minimum PTX ISA against the real tools.

For each target of the target-spec library (read through the Python
package, so the library's table is the source of truth):
  - ptxas assembles an empty kernel with `.version <ptxas minimum>` for
    `-arch=<target>` and rejects the known PTX version just below it;
  - llc compiles a trivial kernel for `-mcpu=<target> -mattr=+ptx<LLVM
    minimum>` and fails one version below ("does not support target");
  - the combined minimum is the larger of the two.
Prints one line per target and exits 1 if anything disagrees.
"""

import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--llc-path", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.src, "python"))
    from tileiras import targets

    os.makedirs(args.workdir, exist_ok=True)
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")
    known = targets.known_ptx_versions()
    version_text = subprocess.run([args.ptxas, "--version"],
                                  capture_output=True, text=True).stdout
    ptxas_newest = targets.ptx_for_ptxas_version(version_text)

    def key(v):
        major, minor = v.split(".")
        return int(major) * 10 + int(minor)

    def below(v):
        lower = [k for k in known if key(k) < key(v)]
        return lower[-1] if lower else None

    def ptxas_ok(target, version):
        path = os.path.join(args.workdir, "%s-%s.ptx" % (target, version))
        with open(path, "w") as f:
            f.write(".version %s\n.target %s\n.address_size 64\n"
                    ".visible .entry k()\n{\n\tret;\n}\n" % (version, target))
        r = subprocess.run([args.ptxas, "-arch=" + target, path, "-o",
                            path + ".cubin"], capture_output=True, text=True)
        return r.returncode == 0, r.stderr.strip()

    kernel = os.path.join(args.workdir, "kernel.ll")
    with open(kernel, "w") as f:
        f.write("define ptx_kernel void @k() {\n  ret void\n}\n")

    def llc_ok(target, version):
        feature = "+ptx" + version.replace(".", "")
        r = subprocess.run([args.llc_path, "-mtriple=nvptx64-nvidia-cuda",
                            "-mcpu=" + target, "-mattr=" + feature, kernel,
                            "-o", os.devnull], capture_output=True, text=True,
                           env=env)
        return r.returncode == 0, r.stderr.strip()

    failures = 0
    for t in targets.list_targets():
        problems = []
        if t.min_ptx != max(t.llvm_min_ptx, t.ptxas_min_ptx, key=key):
            problems.append("combined minimum is not the stricter side")
        # ptxas side.
        if ptxas_newest is None or key(t.ptxas_min_ptx) > key(ptxas_newest):
            ptxas_note = "ptxas too old, skipped"
        else:
            ok, err = ptxas_ok(t.name, t.ptxas_min_ptx)
            if not ok:
                problems.append("ptxas rejects %s: %s" % (t.ptxas_min_ptx, err))
            lower = below(t.ptxas_min_ptx)
            ok, _ = ptxas_ok(t.name, lower)
            if ok:
                problems.append("ptxas accepts %s" % lower)
            ptxas_note = "ptxas accepts %s, rejects %s" % (t.ptxas_min_ptx,
                                                          lower)
        # LLVM side.
        ok, err = llc_ok(t.name, t.llvm_min_ptx)
        if not ok:
            problems.append("llc rejects %s: %s" % (t.llvm_min_ptx, err))
        lower = below(t.llvm_min_ptx)
        ok, err = llc_ok(t.name, lower)
        if ok or "does not support target" not in err:
            problems.append("llc accepts %s" % lower)
        llc_note = "llc accepts %s, rejects %s" % (t.llvm_min_ptx, lower)
        status = "OK" if not problems else "MISMATCH (%s)" % "; ".join(problems)
        failures += bool(problems)
        print("%s: min %s; %s; %s: %s" % (t.name, t.min_ptx, ptxas_note,
                                          llc_note, status))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
