"""Checks the instruction-family table against LLVM 22 and ptxas 13.0.

For a representative NVVM intrinsic of every classification row, a kernel
calling it (written by tileiras-ts-intrinsic-ir) is compiled with llc and
assembled with ptxas for every accepted target:
  - where the library says the target may use the family, llc at the PTX
    version the library asks for succeeds and ptxas accepts the result;
  - where it may not, the newest PTX still fails in llc or in ptxas;
  - on the first supporting target, the PTX version just below the one asked
    for fails (when it is not below the target's own minimum).
The 128-bit atomic family has no intrinsic; a system-scope i128 cmpxchg
stands for it. Prints one line per case and exits 1 on any disagreement.
The cases a target must accept at the same PTX version are linked into one
module (llvm-link) and compiled once; only where that fails are they
compiled one by one, to name the culprits.
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys

# (intrinsic, family the library must classify it into[, immediate for
# operands without a declared range])
CASES = [
    ("llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3", "ldmatrix"),
    ("llvm.nvvm.ldmatrix.sync.aligned.m16n16.x1.trans.b8.p3", "ldmatrix.b8"),
    ("llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3", "stmatrix"),
    ("llvm.nvvm.stmatrix.sync.aligned.m16n8.x1.trans.b8.p3", "ldmatrix.b8"),
    ("llvm.nvvm.mma.m16n8k16.row.col.f32.f32", "mma.sync"),
    ("llvm.nvvm.mma.m16n8k8.row.col.bf16", "mma.sync"),
    ("llvm.nvvm.mma.sp.m16n8k16.row.col.f16.f16", "mma.sync"),
    ("llvm.nvvm.mma.sp.ordered.metadata.m16n8k32.row.col.s8", "mma.sync"),
    ("llvm.nvvm.mma.and.popc.m16n8k128.row.col.b1", "mma.sync"),
    ("llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32", "mma.sync"),
    ("llvm.nvvm.mma.m16n8k8.row.col.f16.f16", "mma.sync.m8n8k4"),
    ("llvm.nvvm.mma.m8n8k4.row.col.f32.f32", "mma.sync.m8n8k4"),
    ("llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e5m2.f32", "mma.sync.f8"),
    ("llvm.nvvm.mma.m16n8k16.row.col.f16.e4m3.e4m3.f16", "mma.sync.f8"),
    ("llvm.nvvm.mma.sp.m16n8k64.row.col.f32.e4m3.e4m3.f32", "mma.sync.f8"),
    ("llvm.nvvm.mma.sp.ordered.metadata.m16n8k64.row.col.f32.e5m2.e5m2.f32",
     "mma.sync.f8"),
    ("llvm.nvvm.mma.m16n8k16.row.col.f64", "mma.sync.f64"),
    ("llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32.e2m1.e2m1.f32",
     "mma.sync.f8f6f4"),
    ("llvm.nvvm.mma.block.scale.m16n8k64.row.col.mxf4.f32.e2m1.e2m1.f32.ue8m0",
     "mma.block_scale"),
    ("llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k128.row.col.mxf4.f32"
     ".e2m1.e2m1.f32.ue8m0", "mma.block_scale.sp.fp4"),
    ("llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k64.row.col.mxf8f6f4"
     ".f32.e4m3.e4m3.f32.ue8m0", "mma.block_scale"),
    ("llvm.nvvm.mma.m16n8k32.row.col.f16.e5m2.e4m3.f16", "mma.sync.f8"),
    ("llvm.nvvm.tcgen05.mma.shared.mxf8f6f4.block_scale", "tcgen05"),
    ("llvm.nvvm.cp.async.cg.shared.global.16", "cp.async"),
    ("llvm.nvvm.cp.async.mbarrier.arrive.shared", "cp.async"),
    ("llvm.nvvm.mbarrier.init.shared", "mbarrier"),
    ("llvm.nvvm.mbarrier.test.wait.parity.scope.cta.space.cta", "mbarrier"),
    ("llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta", "mbarrier.expect_tx"),
    ("llvm.nvvm.mbarrier.try.wait.scope.cta.space.cta", "mbarrier.expect_tx"),
    ("llvm.nvvm.mbarrier.arrive.relaxed.scope.cluster.space.cta",
     "mbarrier.expect_tx"),
    ("llvm.nvvm.fence.mbarrier_init.release.cluster", "mbarrier.expect_tx"),
    ("llvm.nvvm.redux.sync.umax", "redux.sync"),
    ("llvm.nvvm.redux.sync.fmax.abs.NaN", "redux.sync.f32"),
    ("llvm.nvvm.barrier.cluster.wait", "cluster"),
    ("llvm.nvvm.barrier.cluster.arrive.relaxed", "cluster"),
    ("llvm.nvvm.read.ptx.sreg.cluster.ctarank", "cluster"),
    ("llvm.nvvm.read.ptx.sreg.aggr_smem_size", "cluster"),
    ("llvm.nvvm.mapa.shared.cluster", "cluster"),
    ("llvm.nvvm.fence.acquire.sync_restrict.space.cluster.scope.cluster",
     "cluster"),
    ("llvm.nvvm.cp.async.bulk.commit.group", "cp.async.bulk"),
    ("llvm.nvvm.cp.async.bulk.global.to.shared.cta", "cp.async.bulk"),
    ("llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d", "cp.async.bulk"),
    ("llvm.nvvm.cp.async.bulk.tensor.reduce.add.tile.1d", "cp.async.bulk"),
    ("llvm.nvvm.fence.proxy.tensormap_generic.release.gpu", "cp.async.bulk"),
    ("llvm.nvvm.prefetch.tensormap.p0", "cp.async.bulk"),
    ("llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.4d", "cp.async.bulk.im2col"),
    ("llvm.nvvm.cp.async.bulk.tensor.g2s.cta.im2col.3d",
     "cp.async.bulk.im2col"),
    ("llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask",
     "cp.async.bulk.sm100"),
    ("llvm.nvvm.cp.async.bulk.tensor.g2s.cta.tile.gather4.2d",
     "cp.async.bulk.sm100"),
    ("llvm.nvvm.cp.async.bulk.tensor.g2s.tile.gather4.2d",
     "cp.async.bulk.sm100a"),
    ("llvm.nvvm.cp.async.bulk.tensor.prefetch.im2col.w.128.3d",
     "cp.async.bulk.sm100a"),
    ("llvm.nvvm.elect.sync", "elect.sync"),
    ("llvm.nvvm.griddepcontrol.launch.dependents", "griddepcontrol"),
    ("llvm.nvvm.wgmma.fence.sync.aligned", "wgmma"),
    ("llvm.nvvm.setmaxnreg.dec.sync.aligned.u32", "setmaxnreg"),
    ("llvm.nvvm.tensormap.replace.rank.p1", "tensormap.replace"),
    ("llvm.nvvm.tcgen05.alloc.cg1", "tcgen05"),
    ("llvm.nvvm.tcgen05.mma.tensor.mxf4nvf4.block_scale.block16", "tcgen05"),
    ("llvm.nvvm.tcgen05.shift.down.cg1", "tcgen05.arch_specific"),
    ("llvm.nvvm.tcgen05.mma.sp.shared.mxf4nvf4.block_scale.block32",
     "tcgen05.arch_specific"),
    ("llvm.nvvm.tcgen05.mma.sp.tensor.mxf4.block_scale.block32",
     "tcgen05.arch_specific"),
    ("llvm.nvvm.tcgen05.mma.sp.tensor.mxf4.block_scale",
     "tcgen05.arch_specific"),
    ("llvm.nvvm.tcgen05.mma.shared.scale_d", "tcgen05.mma.scale_d"),
    ("llvm.nvvm.ff.to.e4m3x2.rn", "cvt.f8"),
    ("llvm.nvvm.e5m2x2.to.f16x2.rn", "cvt.f8"),
    ("llvm.nvvm.ff.to.e2m1x2.rn.satfinite", "cvt.f6f4"),
    ("llvm.nvvm.ue8m0x2.to.bf16x2", "cvt.f6f4"),
    ("llvm.nvvm.f2tf32.rn", "cvt_packfloat"),
    ("llvm.nvvm.f2tf32.rz.satfinite", "cvt.satfinite.tf32"),
    ("llvm.nvvm.f2tf32.rna.satfinite", "cvt.bf16"),
    ("llvm.nvvm.ff2bf16x2.rn", "cvt.bf16"),
    ("llvm.nvvm.f2f16.rn.relu", "cvt.bf16"),
    ("llvm.nvvm.ff2f16x2.rs", "cvt.rs"),
    ("llvm.nvvm.f32x4.to.e4m3x4.rs.satfinite", "cvt.rs"),
    ("llvm.nvvm.fma.rn.bf16x2", "arith.bf16"),
    ("llvm.nvvm.fmax.nan.bf16", "arith.bf16"),
    ("llvm.nvvm.fabs.bf16", "arith.bf16"),
    ("llvm.nvvm.fmin.nan.f", "min.max.NaN"),
    ("llvm.nvvm.fma.rn.relu.f16", "min.max.NaN"),
    ("llvm.nvvm.fmax.xorsign.abs.f", "min.max.xorsign"),
    ("llvm.nvvm.ex2.approx.f16", "math.f16"),
    ("llvm.nvvm.ex2.approx.ftz.bf16", "math.bf16"),
    ("llvm.nvvm.clusterlaunchcontrol.query_cancel.is_canceled",
     "clusterlaunchcontrol"),
    ("llvm.nvvm.clusterlaunchcontrol.try_cancel.async.multicast.shared",
     "clusterlaunchcontrol.multicast"),
    ("llvm.nvvm.st.bulk.shared.cta", "st.bulk"),
    ("llvm.nvvm.prefetch.global.L2.evict.last", "prefetch"),
    ("llvm.nvvm.applypriority.global.L2.evict.normal", "l2.cache_hint", 128),
    ("llvm.nvvm.discard.global.L2", "l2.cache_hint", 128),
    ("llvm.nvvm.bmsk.wrap", "bmsk.szext"),
    ("llvm.nvvm.fence.proxy.alias", "fence.proxy.alias"),
    # Unclassified: every accepted target at its own minimum PTX.
    ("llvm.nvvm.read.ptx.sreg.tid.x", None),
    ("llvm.nvvm.isspacep.shared.cluster", None),
    ("llvm.nvvm.mma.m8n8k4.col.col.f16.f16", "mma.sync.m8n8k4"),
    ("llvm.nvvm.ex2.approx.f32", None),
]

ATOMIC128_IR = """
define ptx_kernel void @probe(ptr addrspace(1) %p, i128 %v) {
entry:
  %r = cmpxchg ptr addrspace(1) %p, i128 %v, i128 0 monotonic monotonic, align 16
  %x = extractvalue { i128, i1 } %r, 0
  store i128 %x, ptr addrspace(1) %p, align 16
  ret void
}
"""


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
    writer = shutil.which("tileiras-ts-intrinsic-ir")
    if not writer:
        print("tileiras-ts-intrinsic-ir is not on PATH")
        return 1
    llc = shutil.which(args.llc_path) or args.llc_path
    linker = os.path.join(os.path.dirname(llc), "llvm-link")
    all_targets = targets.list_targets()
    known = targets.known_ptx_versions()
    newest = targets.newest_llvm_ptx()

    def key(v):
        major, minor = v.split(".")
        return int(major) * 10 + int(minor)

    def below(v):
        lower = [k for k in known if key(k) < key(v)]
        return lower[-1]

    def compiles(ir_path, target, ptx, tag):
        """(ok, why): llc then ptxas."""
        out = os.path.join(args.workdir, "%s.%s.%s.ptx" % (tag, target, ptx))
        r = subprocess.run([llc, "-mtriple=nvptx64-nvidia-cuda",
                            "-mcpu=" + target,
                            "-mattr=+ptx" + ptx.replace(".", ""), ir_path,
                            "-o", out], capture_output=True, text=True,
                           env=env)
        if r.returncode != 0:
            return False, "llc"
        r = subprocess.run([args.ptxas, "-arch=" + target, out, "-o",
                            out + ".cubin"], capture_output=True, text=True)
        return r.returncode == 0, "ptxas"

    # The cases: IR files with kernels named apart (probe_<index>), so that
    # the ones a target must accept at the same PTX version can be linked
    # into one module and compiled once.
    cases = []
    for i, case in enumerate(CASES):
        intrinsic, expected = case[0], case[1]
        extra = [str(case[2])] if len(case) > 2 else []
        got = targets.classify_intrinsic(intrinsic)
        if got != expected:
            print("MISMATCH %s is classified as %s, expected %s" % (
                intrinsic, got, expected))
            return 1
        r = subprocess.run([writer, intrinsic] + extra, capture_output=True,
                           text=True)
        if r.returncode != 0:
            print("MISMATCH cannot write IR for %s: %s" % (intrinsic,
                                                            r.stderr))
            return 1
        cases.append((intrinsic, expected, r.stdout))
    cases.append(("cmpxchg i128 (system scope)", "atom.b128", ATOMIC128_IR))
    paths = []
    for i, (_, _, ir_text) in enumerate(cases):
        path = os.path.join(args.workdir, "case%d.ll" % i)
        with open(path, "w") as f:
            f.write(ir_text.replace("@probe(", "@probe_%d(" % i))
        paths.append(path)

    # What each target must do with each case.
    supported = [[] for _ in cases]  # (target, PTX version) per case
    groups = {}  # (target, version) -> cases it must accept there
    rejects = []  # (case, target): must fail at the newest PTX
    for i, (intrinsic, family, _) in enumerate(cases):
        for t in all_targets:
            may = family is None or targets.supports(t.name, family)
            if family == "atom.b128":
                need = targets.family_required_ptx(t.name, family)
            else:
                need = targets.intrinsic_required_ptx(t.name, intrinsic)
            if may:
                supported[i].append((t, need))
                groups.setdefault((t.name, need), []).append(i)
            else:
                rejects.append((i, t))
    problems = [[] for _ in cases]

    def accept(group):
        """The group's cases linked into one module; one by one to find
        the culprits where that fails."""
        (target, need), members = group
        tag = "group.%s.%s" % (target, need)
        merged = os.path.join(args.workdir, tag + ".bc")
        r = subprocess.run([linker, *[paths[i] for i in members], "-o",
                            merged], capture_output=True, text=True)
        if r.returncode == 0 and compiles(merged, target, need, tag)[0]:
            return []
        found = []
        for i in members:
            ok, why = compiles(paths[i], target, need, "case%d" % i)
            if not ok:
                found.append((i, "%s fails in %s at PTX %s" % (target, why,
                                                              need)))
        return found

    def reject(job):
        i, t = job
        ok, _ = compiles(paths[i], t.name, max(newest, t.min_ptx, key=key),
                         "case%d" % i)
        return [(i, "%s compiles although not supported" % t.name)] if ok \
            else []

    def not_lower(i):
        """The first supporting target fails one PTX version lower."""
        if not supported[i]:
            return []
        first, need = supported[i][0]
        if key(need) <= key(first.min_ptx):
            return []
        lower = below(need)
        ok, _ = compiles(paths[i], first.name, lower, "case%d" % i)
        return [(i, "%s already compiles at PTX %s" % (first.name, lower))] \
            if ok else []

    tasks = ([lambda g=g: accept(g) for g in groups.items()] +
             [lambda j=j: reject(j) for j in rejects] +
             [lambda i=i: not_lower(i) for i in range(len(cases))])
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for found in pool.map(lambda task: task(), tasks):
            for i, problem in found:
                problems[i].append(problem)
    lines = []
    for i, (intrinsic, family, _) in enumerate(cases):
        where = ("%d targets from %s at PTX %s" % (
            len(supported[i]), supported[i][0][0].name, supported[i][0][1])
                 if supported[i] else "no target")
        lines.append("%s [%s]: %s: %s" % (
            intrinsic, family or "everywhere", where,
            "OK" if not problems[i] else
            "MISMATCH (%s)" % "; ".join(sorted(problems[i]))))
    for line in lines:
        print(line)
    return 1 if any("MISMATCH" in line for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
