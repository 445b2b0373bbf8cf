"""Runs lowered tile functions on a simulated CTA on the host.

A test is an nv_tileaa function with explicit layouts on its tile arguments
and result. It is lowered with tileiras-opt (the real tile -> LLVM
lowering), translated to LLVM IR, retargeted to the host (NVVM thread-id,
barrier, shuffle and rounding intrinsics become calls into harness.cpp),
instrumented with AddressSanitizer (any access outside the shared-memory
scratch buffer fails the run), and executed by one host thread per GPU
thread. The checks compare every register of every thread with the op's
semantics, using a Python copy of the layout algebra
(lib/Layout/LinearLayout.cpp) to know which element each register holds.
"""
import os
import re
import subprocess


class Tools:
    def __init__(self, tileiras_opt, mlir_translate, llc, work, cxx="g++"):
        self.tileiras_opt = tileiras_opt
        self.mlir_translate = mlir_translate
        self.llc = llc
        self.opt = os.path.join(os.path.dirname(llc), "opt")
        self.cxx = cxx
        self.work = work
        os.makedirs(work, exist_ok=True)
        here = os.path.dirname(os.path.abspath(__file__))
        self.harness = os.path.join(work, "harness.o")
        run([cxx, "-std=c++20", "-O1", "-frounding-math", "-fsanitize=address",
             "-c", os.path.join(here, "harness.cpp"), "-o", self.harness])


def run(cmd, **kwargs):
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode:
        raise RuntimeError(f"{' '.join(cmd)} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}"[:4000])
    return result.stdout


# ------------------------------------------------------------------ layouts
class LinearLayout:
    """Port of layout::LinearLayout: bases for register, lane and warp bits;
    a basis reaching past its dimension wraps to zero (replication)."""

    def __init__(self, shape, regs, lanes, warps):
        self.shape = list(shape)

        def wrap(bases):
            return [[0 if v >= s else v for v, s in zip(b, shape)]
                    for b in bases]
        self.regs, self.lanes, self.warps = wrap(regs), wrap(lanes), wrap(warps)

    @staticmethod
    def _part(bases, index, rank):
        coord = [0] * rank
        for bit, basis in enumerate(bases):
            if index >> bit & 1:
                coord = [x ^ y for x, y in zip(coord, basis)]
        return coord

    def apply(self, reg, lane, warp):
        rank = len(self.shape)
        parts = (self._part(self.regs, reg, rank),
                 self._part(self.lanes, lane, rank),
                 self._part(self.warps, warp % self.num_warps, rank))
        return [a ^ b ^ c for a, b, c in zip(*parts)]

    @property
    def num_registers(self):
        return 1 << len(self.regs)

    @property
    def num_warps(self):
        return 1 << len(self.warps)

    def sliced(self, dim):
        drop = lambda bases: [b[:dim] + b[dim + 1:] for b in bases]
        return LinearLayout(self.shape[:dim] + self.shape[dim + 1:],
                            [b for b in drop(self.regs) if any(b)],
                            drop(self.lanes), drop(self.warps))


def _unit(rank, dim, value):
    coord = [0] * rank
    coord[dim] = value
    return coord


class Blocked:
    def __init__(self, size_per_thread, threads_per_warp, warps_per_cta, order):
        self.spt, self.tpw = size_per_thread, threads_per_warp
        self.wpc, self.order = warps_per_cta, order

    def mlir(self):
        join = lambda v: ", ".join(map(str, v))
        return (f"#nv_tileaa.blocked<sizePerThread = [{join(self.spt)}], "
                f"threadsPerWarp = [{join(self.tpw)}], warpsPerCTA = "
                f"[{join(self.wpc)}], order = [{join(self.order)}]>")

    def linear(self, shape):
        rank = len(shape)
        regs, lanes, warps = [], [], []
        for d in self.order:
            v = 1
            while v < self.spt[d]:
                regs.append(_unit(rank, d, v))
                v <<= 1
        for d in self.order:
            v = 1
            while v < self.tpw[d]:
                lanes.append(_unit(rank, d, self.spt[d] * v))
                v <<= 1
        for d in self.order:
            v = 1
            while v < self.wpc[d]:
                warps.append(_unit(rank, d, self.spt[d] * self.tpw[d] * v))
                v <<= 1
        for d in self.order:
            v = self.spt[d] * self.tpw[d] * self.wpc[d]
            while v < shape[d]:
                regs.append(_unit(rank, d, v))
                v <<= 1
        return LinearLayout(shape, regs, lanes, warps)

    def permuted(self, order):
        move = lambda v: [v[s] for s in order]
        inverse = [0] * len(order)
        for i, s in enumerate(order):
            inverse[s] = i
        return Blocked(move(self.spt), move(self.tpw), move(self.wpc),
                       [inverse[d] for d in self.order])


class Slice:
    def __init__(self, dim, parent):
        self.dim, self.parent = dim, parent

    def mlir(self):
        return f"#nv_tileaa.slice<dim = {self.dim}, parent = {self.parent.mlir()}>"

    def linear(self, shape):
        parent_shape = list(shape)
        parent_shape.insert(self.dim, 1)
        return self.parent.linear(parent_shape).sliced(self.dim)


class DotOperand:
    def __init__(self, index, parent):
        self.index, self.parent = index, parent

    def mlir(self):
        return (f"#nv_tileaa.dot_operand<opIdx = {self.index}, "
                f"parent = {self.parent.mlir()}>")

    def linear(self, shape):
        rank = len(shape)
        acc = list(shape)
        k_dim = rank - 1 if self.index == 0 else rank - 2
        dropped = rank - 1 if self.index == 0 else rank - 2
        k = shape[k_dim]
        acc[dropped] = 1
        accumulator = self.parent.linear(acc)

        def project(bases, drop_zero):
            out = []
            for basis in bases:
                mapped = list(basis)
                mapped[dropped] = 0
                mapped[k_dim] = 0
                if drop_zero and not any(mapped):
                    continue
                out.append(mapped)
            return out
        regs = []
        v = 1
        while v < k:
            regs.append(_unit(rank, k_dim, v))
            v <<= 1
        regs += project(accumulator.regs, True)
        return LinearLayout(shape, regs, project(accumulator.lanes, False),
                            project(accumulator.warps, False))


# ------------------------------------------------------------------ building
def _gpu_module_body(text):
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.strip().startswith("gpu.module"))
    depth = 0
    for i in range(start, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        if depth == 0:
            return lines[start + 1:i]
    raise RuntimeError("unterminated gpu.module")


def _host_ir(ir):
    """Retargets the translated module to the host."""
    ir = re.sub(r"^target (triple|datalayout).*$", "", ir, flags=re.M)
    if re.search(r"call .* asm ", ir):
        raise RuntimeError("inline PTX cannot run on the host")
    ir = re.sub(r"call (\w+) @llvm\.nvvm\.read\.ptx\.sreg\.tid\.x\(\)",
                r"call \1 @sim_tid()", ir)
    ir = re.sub(r"call void @llvm\.nvvm\.barrier[\w.]*\([^)]*\)",
                "call void (...) @sim_barrier()", ir)
    ir = re.sub(r"@llvm\.nvvm\.shfl\.sync\.(idx|bfly)\.(i32|f32)\(",
                r"@sim_shfl_\1_\2(", ir)
    ir = re.sub(r"@llvm\.nvvm\.d2f\.(rn|rz|rm|rp)\(", r"@sim_d2f_\1(", ir)
    ir = re.sub(r"@llvm\.nvvm\.fma\.(rn|rz|rm|rp)\.f\(", r"@sim_fma_\1_f(", ir)
    ir = re.sub(r"^declare .*@(llvm\.nvvm|sim_).*$", "", ir, flags=re.M)

    # bf16 travels as i16 (x86 handles bfloat aggregates poorly): fptrunc
    # becomes a call, fpext a shift.
    def trunc(m):
        tmp = "%t" + m.group(1)[1:].replace(".", "_")
        return (f"{tmp}bits = call i16 @sim_trunc_{m.group(2)}({m.group(2)} "
                f"{m.group(3)})\n  {m.group(1)} = bitcast i16 {tmp}bits to bfloat")
    ir = re.sub(r"(%[\w.]+) = fptrunc (float|double) (%[\w.]+) to bfloat",
                trunc, ir)

    def ext(m):
        tmp = "%x" + m.group(1)[1:].replace(".", "_")
        return (f"{tmp}b = bitcast bfloat {m.group(2)} to i16\n"
                f"  {tmp}z = zext i16 {tmp}b to i32\n"
                f"  {tmp}s = shl i32 {tmp}z, 16\n"
                f"  {m.group(1)} = bitcast i32 {tmp}s to float")
    ir = re.sub(r"(%[\w.]+) = fpext bfloat (%[\w.]+) to float", ext, ir)
    ir = ir.replace("bfloat", "i16")
    # One host address space; every function checked by AddressSanitizer.
    ir = ir.replace(" addrspace(3)", "")
    ir = re.sub(r"^(define .*) \{$", r"\1 sanitize_address {", ir,
                flags=re.M)
    decls = ["declare i32 @sim_tid()", "declare void @sim_barrier(...)",
             "declare i16 @sim_trunc_float(float)",
             "declare i16 @sim_trunc_double(double)"]
    for kind in ("idx", "bfly"):
        decls.append(f"declare i32 @sim_shfl_{kind}_i32(i32, i32, i32, i32)")
        decls.append(f"declare float @sim_shfl_{kind}_f32(i32, float, i32, i32)")
    for mode in ("rn", "rz", "rm", "rp"):
        decls.append(f"declare float @sim_d2f_{mode}(double)")
        decls.append(f"declare float @sim_fma_{mode}_f(float, float, float)")
    return ir + "\n" + "\n".join(decls) + "\n"


class Program:
    """One executable holding many functions of an nv_tileaa module, each run
    on its own through `run(function, ...)`. Every function takes tiles (or
    scalars) and returns one tile (or scalar)."""

    def __init__(self, tools, name, target, functions):
        """functions: {name: nv_tileaa.func text defining @name}."""
        self.names = list(functions)
        self.base = os.path.join(tools.work, name)
        mlir = (f'module attributes {{nv_tileaa.target_spec = "{target}"}} {{\n'
                + "\n".join(functions.values()) + "\n}\n")
        with open(self.base + ".mlir", "w") as f:
            f.write(mlir)
        self.lowered = run([tools.tileiras_opt, "--tileaa-wrap-gpu-module",
                            "--convert-nv-tile-func-to-llvm",
                            "--convert-tileaa-to-llvm",
                            "--reconcile-unrealized-casts", "--canonicalize",
                            self.base + ".mlir"])
        inner = _gpu_module_body(self.lowered)
        entries = []
        for index, fn in enumerate(self.names):
            signature = next(l for l in inner if f"llvm.func @{fn}(" in l)
            m = re.search(r"llvm\.func @\S+\((.*)\) -> (.*) \{", signature)
            params = re.findall(r"%arg\d+: (!llvm\.struct<\([^)]*\)>|[^,]+)",
                                m.group(1))
            result = m.group(2)
            entries.append(f"llvm.func @sim_entry_{index}(%in0: !llvm.ptr, "
                           "%in1: !llvm.ptr, %out: !llvm.ptr) {")
            for i, p in enumerate(params):
                entries.append(f"  %a{i} = llvm.load %in{i} : !llvm.ptr -> {p}")
            args = ", ".join(f"%a{i}" for i in range(len(params)))
            entries.append(f"  %r = llvm.call @{fn}({args}) : "
                           f"({', '.join(params)}) -> {result}")
            entries += [f"  llvm.store %r, %out : {result}, !llvm.ptr",
                        "  llvm.return", "}"]
        with open(self.base + ".llvm.mlir", "w") as f:
            f.write("module {\n" + "\n".join(inner + entries) + "\n}\n")
        ir = run([tools.mlir_translate, "--mlir-to-llvmir",
                  self.base + ".llvm.mlir"])
        # sim_entry(which, in0, in1, out) dispatches to the functions.
        dispatch = ["define void @sim_entry(i32 %which, ptr %a, ptr %b, ptr %c) {",
                    "  switch i32 %which, label %done ["]
        dispatch += [f"    i32 {i}, label %case{i}" for i in range(len(self.names))]
        dispatch.append("  ]")
        for i in range(len(self.names)):
            dispatch += [f"case{i}:",
                         f"  call void @sim_entry_{i}(ptr %a, ptr %b, ptr %c)",
                         "  br label %done"]
        dispatch += ["done:", "  ret void", "}"]
        with open(self.base + ".ll", "w") as f:
            f.write(_host_ir(ir) + "\n".join(dispatch) + "\n")
        run([tools.opt, "-mtriple=x86_64-pc-linux-gnu", "-passes=asan",
             self.base + ".ll", "-o", self.base + ".bc"])
        run([tools.llc, "-O1", "-filetype=obj", "-relocation-model=pic",
             self.base + ".bc", "-o", self.base + ".o"])
        self.exe = self.base + ".exe"
        run([tools.cxx, "-fsanitize=address", "-pthread", tools.harness,
             self.base + ".o", "-o", self.exe])

    def shared_bytes(self, function):
        m = re.search(r"__tileiras_smem_" + re.escape(function) +
                      r"\(\) \{[^}]*\} : !llvm\.array<(\d+) x i8>",
                      self.lowered)
        return int(m.group(1)) if m else 0

    def run(self, function, threads, inputs, out_bytes):
        """inputs: [(bytes, bytes per thread)]; returns the output bytes."""
        index = self.names.index(function)
        stem = f"{self.base}.{index}"
        files, sizes = [], []
        for i, (data, size) in enumerate(inputs):
            path = f"{stem}.in{i}"
            with open(path, "wb") as f:
                f.write(data)
            files.append(path)
            sizes.append(size)
        while len(files) < 2:
            files.append("/dev/null")
            sizes.append(0)
        run([self.exe, str(index), str(threads), str(sizes[0]), str(sizes[1]),
             str(out_bytes), files[0], files[1], stem + ".out"], timeout=120)
        with open(stem + ".out", "rb") as f:
            return f.read()
