"""Checks of the CPU simulator itself (tools/sim): small NVPTX LLVM IR kernels,
written the way tileiras emits them (inline PTX of the memory lowering,
llvm.nvvm.* intrinsics), run through tileiras-sim-prep, AddressSanitizer and
the runtime, and compared with values computed here from the PTX ISA's
definitions: special registers in a 3-D grid, shfl.sync in all four modes
with clamps and segments, votes, per-CTA shared memory (also with CTAs
running concurrently), float atomics (flushing on global memory, not on
shared; f16/bf16 rounding), cvt with each rounding mode, vprintf; and that
misuse is reported: a misaligned vector access, an access outside the
kernel's buffers, an AddressSanitizer error, a device assertion, a deadlock,
a divergent shuffle, an unimplemented intrinsic.

Usage: runtime_cases.py BIN_DIR WORK_DIR
"""
import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 3, "tools", "sim"))
import simlib  # noqa: E402
from simlib import Buffer, Scalar, SimError  # noqa: E402

HEADER = 'target triple = "nvptx64-nvidia-cuda"\n'
SREGS = ["tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z", "ctaid.x",
         "ctaid.y", "ctaid.z", "nctaid.x", "nctaid.y", "nctaid.z", "laneid",
         "warpid"]


def declares(text):
    """Declarations of the llvm.nvvm.* functions `text` calls."""
    out = []
    for name, sig in sorted(set(
            (m.group(2), m.group(1)) for m in __import__("re").finditer(
                r"call (\w+) @(llvm\.nvvm\.[\w.]+)\(", text))):
        params = {"llvm.nvvm.shfl.sync.idx.i32": "i32, i32, i32, i32",
                  "llvm.nvvm.shfl.sync.bfly.i32": "i32, i32, i32, i32",
                  "llvm.nvvm.shfl.sync.up.i32": "i32, i32, i32, i32",
                  "llvm.nvvm.shfl.sync.down.i32": "i32, i32, i32, i32",
                  "llvm.nvvm.shfl.sync.idx.f32": "i32, float, i32, i32",
                  "llvm.nvvm.vote.ballot.sync": "i32, i1",
                  "llvm.nvvm.vote.all.sync": "i32, i1",
                  "llvm.nvvm.vote.any.sync": "i32, i1",
                  "llvm.nvvm.vote.uni.sync": "i32, i1",
                  "llvm.nvvm.barrier.cta.sync.aligned.all": "i32"}.get(name, "")
        out.append(f"declare {sig} @{name}({params})")
    return "\n".join(out) + "\n"


def kernel(body, params="ptr addrspace(1) %out", block=(32, 1, 1),
           globals_=""):
    text = (f"define ptx_kernel void @k({params}) #0 {{\n{body}\n  ret void\n}}\n")
    return (HEADER + globals_ + text + declares(text) +
            f'attributes #0 = {{ "nvvm.reqntid"="{block[0]},{block[1]},'
            f'{block[2]}" }}\n')


def store_i32(value, index, name):
    """IR storing i32 `value` at out[index] (index an i32 SSA value)."""
    return (f"  %{name}.i = sext i32 {index} to i64\n"
            f"  %{name}.p = getelementptr i32, ptr addrspace(1) %out, i64 %{name}.i\n"
            f"  store i32 {value}, ptr addrspace(1) %{name}.p, align 4\n")


class Runner:
    def __init__(self, bin_dir, work):
        self.tc = simlib.Toolchain(work, bin_dir=bin_dir)
        self.work = work
        self.failed = 0
        self.count = 0

    def build(self, name, ir):
        path = os.path.join(self.work, name + ".ll")
        with open(path, "w") as f:
            f.write(ir)
        return self.tc.build(path, name=name)

    def check(self, name, ok, detail=""):
        self.count += 1
        if not ok:
            self.failed += 1
        print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail
                                                     and not ok else ""))

    def run_all(self, cases):
        """Runs case(self) for each case (a simulator error fails it),
        prints the summary; returns the exit status."""
        for case in cases:
            try:
                case(self)
            except SimError as e:
                self.check(case.__name__, False, str(e)[-1500:])
        print(f"{self.count - self.failed} passed, {self.failed} failed")
        if not self.failed:
            print("all cases passed")
        return 1 if self.failed else 0

    def expect_error(self, name, ir, grid, block, args, code, text,
                     timeout=120):
        try:
            self.build(name, ir).launch(grid, block, args, timeout=timeout)
        except SimError as e:
            message = str(e)
            self.check(name, f"exit {code})" in message and text in message,
                       message[-600:])
            return
        self.check(name, False, "the launch succeeded")


def ints(data):
    return list(struct.unpack(f"<{len(data) // 4}i", data))


# ------------------------------------------------------------------ cases
def special_registers(r):
    body = "  %lin = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    # linear thread id within the grid: ((ctaid.y * 2 + ctaid.x) * 64 + t)
    body += """  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %t1 = mul i32 %tz, 4
  %t2 = add i32 %t1, %ty
  %t3 = mul i32 %t2, 8
  %t4 = add i32 %t3, %lin
  %c1 = mul i32 %cy, 2
  %c2 = add i32 %c1, %cx
  %c3 = mul i32 %c2, 64
  %base0 = add i32 %c3, %t4
  %base = mul i32 %base0, 14
"""
    for i, sreg in enumerate(SREGS):
        v = f"%s{i}"
        body += f"  {v} = call i32 @llvm.nvvm.read.ptx.sreg.{sreg}()\n"
        body += f"  %at{i} = add i32 %base, {i}\n"
        body += store_i32(v, f"%at{i}", f"st{i}")
    threads, ctas = 64, 6
    k = r.build("sregs", kernel(body, block=(8, 4, 2)))
    out, _ = k.launch((2, 3, 1), (8, 4, 2),
                      [Buffer("out", bytes(4 * 14 * threads * ctas))],
                      ctas_at_once=2)
    got = ints(out["out"])
    want = []
    for cy in range(3):
        for cx in range(2):
            for t in range(64):
                x, y, z = t % 8, t // 8 % 4, t // 32
                want += [x, y, z, 8, 4, 2, cx, cy, 0, 2, 3, 1, t % 32, t // 32]
    r.check("special registers (3-D grid and block, 2 CTAs at once)",
            got == want, f"first difference at {next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)}")


def ptx_shuffle(mode, values, lane, b, c):
    """shfl.sync of the PTX ISA (pseudo-code of the instruction)."""
    bval, cval, segmask = b & 31, c & 31, (c >> 8) & 31
    max_lane = (lane & segmask) | (cval & ~segmask)
    min_lane = lane & segmask
    if mode == "up":
        j, ok = lane - bval, lane - bval >= max_lane
    elif mode == "down":
        j, ok = lane + bval, lane + bval <= max_lane
    elif mode == "bfly":
        j = lane ^ bval
        ok = j <= max_lane
    else:
        j = min_lane | (bval & ~segmask)
        ok = j <= max_lane
    return values[j if ok else lane]


def shuffles(r):
    # (mode, b as IR of the lane, c): width-8 segments (segmask 0x18) too.
    cases = [("idx", "%src", 31), ("idx", "%src", (24 << 8) | 7),
             ("bfly", "6", 31), ("bfly", "3", (24 << 8) | 7),
             ("up", "3", 0), ("up", "2", 24 << 8),
             ("down", "5", 31), ("down", "1", (24 << 8) | 7)]
    body = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %t, 31
  %v = mul i32 %t, 7
  %v2 = add i32 %v, 1000
  %m = mul i32 %lane, 13
  %src = urem i32 %m, 37
  %base = mul i32 %t, 9
"""
    for i, (mode, b, c) in enumerate(cases):
        body += (f"  %r{i} = call i32 @llvm.nvvm.shfl.sync.{mode}.i32("
                 f"i32 -1, i32 %v2, i32 {b}, i32 {c})\n")
        body += f"  %at{i} = add i32 %base, {i}\n"
        body += store_i32(f"%r{i}", f"%at{i}", f"s{i}")
    body += """  %vf = sitofp i32 %v2 to float
  %rf = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %vf, i32 %src, i32 31)
  %rfi = fptosi float %rf to i32
  %at8 = add i32 %base, 8
""" + store_i32("%rfi", "%at8", "s8")
    k = r.build("shuffles", kernel(body, block=(64, 1, 1)))
    out, _ = k.launch((1, 1, 1), (64, 1, 1), [Buffer("out", bytes(4 * 9 * 64))])
    got = ints(out["out"])
    want = []
    for t in range(64):
        warp_values = [(w * 7 + 1000) for w in range(t // 32 * 32,
                                                     t // 32 * 32 + 32)]
        lane = t % 32
        src = lane * 13 % 37
        for mode, b, c in cases:
            bv = src if b == "%src" else int(b)
            want.append(ptx_shuffle(mode, warp_values, lane, bv, c))
        want.append(ptx_shuffle("idx", warp_values, lane, src, 31))
    r.check("shfl.sync idx/bfly/up/down, clamps and 8-lane segments, i32 and "
            "f32", got == want,
            f"first difference at {next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)}")


def votes(r):
    body = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m3 = urem i32 %t, 3
  %p = icmp eq i32 %m3, 0
  %q = icmp sge i32 %t, 0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %p)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %p)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %q)
  %alli = zext i1 %all to i32
  %anyi = zext i1 %any to i32
  %unii = zext i1 %uni to i32
  %base = mul i32 %t, 4
  %a1 = add i32 %base, 1
  %a2 = add i32 %base, 2
  %a3 = add i32 %base, 3
""" + store_i32("%b", "%base", "s0") + store_i32("%alli", "%a1", "s1") + \
        store_i32("%anyi", "%a2", "s2") + store_i32("%unii", "%a3", "s3")
    k = r.build("votes", kernel(body))
    out, _ = k.launch((1, 1, 1), (32, 1, 1), [Buffer("out", bytes(4 * 4 * 32))])
    ballot = sum(1 << t for t in range(32) if t % 3 == 0)
    want = [ballot - (1 << 32) if ballot >= 1 << 31 else ballot, 0, 1, 1] * 32
    r.check("vote.sync ballot/all/any/uni", ints(out["out"]) == want)


def shared_memory(r):
    """Shared memory starts as all-ones bytes in every CTA and belongs to its
    CTA, also when several run at once."""
    smem = "@__tileiras_smem_k = internal addrspace(3) global [256 x i8] undef, align 16\n"
    body = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ti = zext i32 %t to i64
  %slot = getelementptr i32, ptr addrspace(3) @__tileiras_smem_k, i64 %ti
  %fresh = load i32, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %mine = add i32 %c, 100
  store i32 %mine, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i64 %ti, 63
  %oslot = getelementptr i32, ptr addrspace(3) @__tileiras_smem_k, i64 %other
  %seen = load i32, ptr addrspace(3) %oslot, align 4
  %row = mul i32 %c, 128
  %at = add i32 %row, %t
  %at2 = add i32 %at, 64
""" + store_i32("%fresh", "%at", "s0") + store_i32("%seen", "%at2", "s1")
    k = r.build("shared", kernel(body, block=(64, 1, 1), globals_=smem))
    out, _ = k.launch((4, 1, 1), (64, 1, 1), [Buffer("out", bytes(4 * 128 * 4))],
                      ctas_at_once=4)
    want = []
    for c in range(4):
        want += [-1] * 64 + [c + 100] * 64
    r.check("shared memory per CTA, uninitialized = all-ones, 4 CTAs at once",
            ints(out["out"]) == want)


def float_atomics(r):
    """atom.add.f32 flushes subnormals on global memory, not on shared;
    noftz f16/bf16 additions round to nearest even; 32 threads adding 1.0
    count exactly."""
    smem = "@__tileiras_smem_k = internal addrspace(3) global [16 x i8] undef, align 16\n"
    tiny = 0x00000010  # an f32 subnormal
    body = f"""  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %t, 0
  %a = ptrtoint ptr addrspace(1) %out to i64
  %s = ptrtoint ptr addrspace(3) @__tileiras_smem_k to i64
  call void asm sideeffect "@$2 st.shared.b32 [$0], $1;", "l,r,b"(i64 %s, i32 0, i1 %is0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %g = call i32 asm sideeffect "mov.b32 $0, 0;\\0A\\09@$3 atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=&r,l,r,b"(i64 %a, i32 {tiny}, i1 %is0)
  %sh = call i32 asm sideeffect "mov.b32 $0, 0;\\0A\\09@$3 atom.relaxed.gpu.shared.add.f32 $0, [$1], $2;", "=&r,l,r,b"(i64 %s, i32 {tiny}, i1 %is0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %shv = load i32, ptr addrspace(3) @__tileiras_smem_k, align 4
  %a1 = add i64 %a, 4
""" + store_i32("%shv", "1", "s0") + """  %a2 = add i64 %a, 8
  %h = call i16 asm sideeffect "atom.relaxed.gpu.global.add.noftz.f16 $0, [$1], $2;", "=h,l,h"(i64 %a2, i16 15360)
  %a3 = add i64 %a, 10
  %bf = call i16 asm sideeffect "mov.b16 $0, 0;\\0A\\09@$3 atom.relaxed.gpu.global.add.noftz.bf16 $0, [$1], $2;", "=&h,l,h,b"(i64 %a3, i16 16256, i1 %is0)
  %a4 = add i64 %a, 12
  %f = call i32 asm sideeffect "atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=r,l,r"(i64 %a4, i32 1065353216)
"""
    k = r.build("float_atomics", kernel(body, globals_=smem))
    # out[0]: f32 0; out[1]: shared result; out[2] lo: f16 counter 0, hi:
    # bf16 1.0 (+ 1.0 once -> 2.0, exact); out[3]: f32 counter.
    init = struct.pack("<IIHHI", 0, 0, 0, 0x3F80, 0)
    out, _ = k.launch((1, 1, 1), (32, 1, 1), [Buffer("out", init)])
    g, sh, h, bf, f = struct.unpack("<IIHHI", out["out"])
    r.check("atom.add.f32: flushed on global, kept on shared",
            g == 0 and sh == tiny, f"global {g:#x}, shared {sh:#x}")
    r.check("atom.add.noftz.f16/bf16 and f32 counters",
            h == 0x5000 and bf == 0x4000 and f == 0x42000000,
            f"f16 {h:#x}, bf16 {bf:#x}, f32 {f:#x}")


def exact_round(x, precision, emin, emax, mode):
    """x (a float) rounded to a binary format; returns a float or inf."""
    if x == 0 or math.isinf(x):
        return x
    v = Fraction(x)
    sign = -1 if v < 0 else 1
    v = abs(v)
    e = math.floor(math.log2(v))
    while Fraction(2) ** e > v:
        e -= 1
    while Fraction(2) ** (e + 1) <= v:
        e += 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - precision + 1)
    q = v / ulp
    n = math.floor(q)
    rest = q - n
    if mode == "rn":
        n += 1 if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2) else 0
    elif mode == "rp" and sign > 0 or mode == "rm" and sign < 0:
        n += 1 if rest else 0
    result = n * ulp
    largest = (2 - Fraction(2) ** (1 - precision)) * Fraction(2) ** emax
    if result > largest:
        away = mode == "rn" or (mode == "rp" and sign > 0) or \
            (mode == "rm" and sign < 0)
        return sign * math.inf if away else sign * float(largest)
    return sign * float(result)


def conversions(r):
    values = [1.0, -1.0, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -12, -1.0 - 2.0 ** -11,
              65519.0, 65520.0, 70000.0, -70000.0, 2.0 ** -25, -2.0 ** -25,
              3.0 * 2.0 ** -26, 0.1, -0.1, 3.14159, 1e-8, 2.0 ** -24,
              1.5 * 2.0 ** -24, 1.0 + 2.0 ** -8, 3.0e38, -3.0e38, 0.0]
    values = [struct.unpack("<f", struct.pack("<f", v))[0] for v in values]
    modes = ["rn", "rz", "rm", "rp"]
    body = "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    for i, v in enumerate(values):
        bits = struct.unpack("<I", struct.pack("<f", v))[0]
        body += f"  %v{i} = bitcast i32 {bits} to float\n"
        for j, mode in enumerate(modes):
            for k_, fmt in enumerate(["f16", "bf16"]):
                n = (i * 4 + j) * 2 + k_
                body += (f'  %h{n} = call i16 asm "cvt.{mode}.{fmt}.f32 $0, $1;", '
                         f'"=h,f"(float %v{i})\n')
                body += f"  %z{n} = zext i16 %h{n} to i32\n"
                body += store_i32(f"%z{n}", str(n), f"c{n}")
    k = r.build("conversions", kernel(body, block=(32, 1, 1)))
    count = len(values) * 8
    out, _ = k.launch((1, 1, 1), (32, 1, 1), [Buffer("out", bytes(4 * count))])
    got = ints(out["out"])
    wrong = []
    for i, v in enumerate(values):
        for j, mode in enumerate(modes):
            for k_, (fmt, p, emin, emax) in enumerate(
                    [("f16", 11, -14, 15), ("bf16", 8, -126, 127)]):
                bits = got[(i * 4 + j) * 2 + k_]
                if fmt == "f16":
                    value = struct.unpack("<e", struct.pack("<H", bits))[0]
                else:
                    value = struct.unpack("<f", struct.pack("<I", bits << 16))[0]
                want = exact_round(v, p, emin, emax, mode)
                if value != want or math.copysign(1, value) != math.copysign(1, want):
                    wrong.append(f"{fmt}.{mode}({v!r}) = {value!r}, want {want!r}")
    r.check("cvt.{rn,rz,rm,rp}.{f16,bf16}.f32, exact rounding incl. "
            "subnormals and overflow", not wrong, "; ".join(wrong[:4]))


def printing(r):
    fmt = "tid %d: %5.2f %s %lld %c%%\n"
    text = fmt.encode().replace(b"\n", b"\\0A") + b"\\00"
    glob = (f'@fmt = internal constant [{len(fmt) + 1} x i8] c"{text.decode()}"\n'
            '@word = internal constant [3 x i8] c"ok\\00"\n')
    body = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %buf = alloca { i32, double, ptr, i64, i32 }, align 8
  %f0 = getelementptr { i32, double, ptr, i64, i32 }, ptr %buf, i32 0, i32 0
  store i32 %t, ptr %f0
  %f1 = getelementptr { i32, double, ptr, i64, i32 }, ptr %buf, i32 0, i32 1
  store double 2.5, ptr %f1
  %f2 = getelementptr { i32, double, ptr, i64, i32 }, ptr %buf, i32 0, i32 2
  store ptr addrspacecast (ptr addrspace(4) @word to ptr), ptr %f2
  %f3 = getelementptr { i32, double, ptr, i64, i32 }, ptr %buf, i32 0, i32 3
  store i64 -5000000000, ptr %f3
  %f4 = getelementptr { i32, double, ptr, i64, i32 }, ptr %buf, i32 0, i32 4
  store i32 90, ptr %f4
  %is0 = icmp ult i32 %t, 2
  br i1 %is0, label %print, label %done
print:
  %r = call i32 @vprintf(ptr addrspacecast (ptr addrspace(4) @fmt to ptr), ptr %buf)
  br label %done
done:
"""
    ir = kernel(body, params="i32 %unused").replace(
        "define ptx_kernel", glob.replace("internal constant",
                                          "internal addrspace(4) constant")
        + "declare i32 @vprintf(ptr, ptr)\ndefine ptx_kernel")
    k = r.build("printing", ir)
    _, stdout = k.launch((1, 1, 1), (32, 1, 1), [Scalar("i32", 0)])
    lines = sorted(stdout.splitlines())
    want = [f"tid {t}:  2.50 ok -5000000000 Z%" for t in range(2)]
    r.check("vprintf (argument buffer layout, %d %f %s %lld %c %%)",
            lines == want, repr(lines))


def misuse(r):
    vec = """  %a = ptrtoint ptr addrspace(1) %out to i64
  %b = add i64 %a, 4
  %v = call { i32, i32, i32, i32 } asm sideeffect "ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(i64 %b)
"""
    r.expect_error("misaligned", kernel(vec), (1, 1, 1), (32, 1, 1),
                   [Buffer("out", bytes(64))], 5, "misaligned load")
    past = """  %a = ptrtoint ptr addrspace(1) %out to i64
  %b = add i64 %a, 64
  call void asm sideeffect "st.global.b32 [$0], $1;", "l,r"(i64 %b, i32 1)
"""
    r.expect_error("outside_buffers", kernel(past), (1, 1, 1), (32, 1, 1),
                   [Buffer("out", bytes(64))], 5, "outside every kernel buffer")
    plain = """  %p = getelementptr i32, ptr addrspace(1) %out, i64 16
  store i32 1, ptr addrspace(1) %p, align 4
"""
    r.expect_error("asan", kernel(plain), (1, 1, 1), (32, 1, 1),
                   [Buffer("out", bytes(64))], 1, "AddressSanitizer")
    glob = ('@msg = internal addrspace(4) constant [5 x i8] c"boom\\00"\n'
            '@file = internal addrspace(4) constant [4 x i8] c"k.c\\00"\n'
            'declare void @__assertfail(ptr, ptr, i32, ptr, i64)\n')
    assert_body = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bad = icmp eq i32 %t, 5
  br i1 %bad, label %fail, label %done
fail:
  call void @__assertfail(ptr addrspacecast (ptr addrspace(4) @msg to ptr), ptr addrspacecast (ptr addrspace(4) @file to ptr), i32 7, ptr addrspacecast (ptr addrspace(4) @file to ptr), i64 1)
  br label %done
done:
"""
    r.expect_error("assertion", kernel(assert_body, globals_=glob), (1, 1, 1),
                   (32, 1, 1), [Buffer("out", bytes(64))], 4,
                   "k.c:7: k.c: block: [0,0,0], thread: [5,0,0] Assertion `boom` failed.")
    spin = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i64 0
  br label %loop
loop:
  %v = load volatile i32, ptr addrspace(1) %p, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %loop, label %done
done:
"""
    r.expect_error("deadlock", kernel(spin), (1, 1, 1), (32, 1, 1),
                   [Buffer("out", bytes(64))], 3, "did not finish within 2 s",
                   timeout=2)
    divergent = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %a, label %b
a:
  %x = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %t, i32 1, i32 31)
  br label %done
b:
  %y = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 1, i32 31)
  br label %done
done:
"""
    r.expect_error("divergent_shuffle", kernel(divergent), (1, 1, 1),
                   (32, 1, 1), [Buffer("out", bytes(64))], 6, "divergent warp")
    try:
        body = """  %x = call i32 @llvm.nvvm.read.ptx.sreg.clock()
"""
        r.build("unimplemented", kernel(body))
        r.check("unimplemented intrinsic fails the link", False, "it linked")
    except SimError as e:
        r.check("unimplemented intrinsic fails the link, reported as a "
                "simulator gap naming the intrinsic",
                "__sim_nvvm_read_ptx_sreg_clock" in str(e)
                and "llvm.nvvm.read.ptx.sreg.clock" in str(e)
                and "gap in the simulator, not a mistake in your kernel"
                in str(e), str(e)[-300:])


def main():
    bin_dir, work = sys.argv[1:3]
    return Runner(bin_dir, work).run_all(
        (special_registers, shuffles, votes, shared_memory, float_atomics,
         conversions, printing, misuse))


if __name__ == "__main__":
    sys.exit(main())
