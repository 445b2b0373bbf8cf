"""Checks the simulator's emulation of the conversion and 16-bit intrinsics
that the element lowering and the integer dot emit, and of libdevice's
building blocks, against references computed here with exact rational
arithmetic from the PTX ISA's definitions (round to nearest even unless the
name says otherwise, .satfinite saturating to the largest finite value).
Each case is a small NVPTX LLVM IR kernel: lane i converts input word i.

Usage: intrinsic_cases.py BIN_DIR WORK_DIR
"""
import math
import os
import random
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 3, "tools", "sim"))
import simlib  # noqa: E402
from simlib import Buffer  # noqa: E402

LANES = 64


def kernel_ir(body, declare):
    return f'''target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {{
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %pa = getelementptr i64, ptr addrspace(1) %in, i64 %i
  %w = load i64, ptr addrspace(1) %pa, align 8
  %lo = trunc i64 %w to i32
  %hi64 = lshr i64 %w, 32
  %hi = trunc i64 %hi64 to i32
{body}
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
{declare}
attributes #0 = {{ "nvvm.reqntid"="{LANES},1,1" }}
'''


def round_to(x, precision, emin, max_finite=None, mode="rn"):
    """x (a Fraction) rounded to a binary format with `precision` bits and
    minimum normal exponent `emin` (no exponent limit above); returns a
    Fraction, or +-inf / the saturated value past max_finite."""
    if x == 0:
        return Fraction(0)
    sign = -1 if x < 0 else 1
    m = abs(x)
    e = math.floor(math.log2(m))
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - precision + 1)
    q, r = divmod(m, ulp)
    if mode == "rz":
        pass
    elif mode == "rna":
        q += r * 2 >= ulp
    else:
        q += r * 2 > ulp or (r * 2 == ulp and q % 2 == 1)
    value = q * ulp
    if max_finite is not None and value > max_finite:
        value = max_finite
    return sign * value


def f32_of(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def half_bits(value):
    return struct.unpack("<H", struct.pack("<e", float(value)))[0]


def half_value(bits):
    return struct.unpack("<e", struct.pack("<H", bits))[0]


def encode_fp8(value, e4m3):
    """The byte of an exactly representable FP8 value."""
    table = fp8_table(e4m3)
    for byte, v in table.items():
        if v == value and (value != 0 or (byte >> 7) == (1 if
                                                          math.copysign(1, float(value)) < 0 else 0)):
            return byte
    raise ValueError(value)


def fp8_table(e4m3):
    bias, mbits = (7, 3) if e4m3 else (15, 2)
    table = {}
    for byte in range(256):
        sign = -1 if byte & 0x80 else 1
        exp = (byte >> mbits) & ((1 << (7 - mbits)) - 1)
        man = byte & ((1 << mbits) - 1)
        if e4m3 and exp == 15 and man == 7:
            continue  # NaN
        if not e4m3 and exp == 31:
            continue  # inf, NaN
        if exp == 0:
            v = Fraction(man, 1 << mbits) * Fraction(2) ** (1 - bias)
        else:
            v = (1 + Fraction(man, 1 << mbits)) * Fraction(2) ** (exp - bias)
        table[byte] = sign * v
    return table


def to_fp8(x, e4m3):
    """cvt.rn.satfinite.{e4m3,e5m2} of a float."""
    if math.isnan(x):
        return 0x7f
    maxf = Fraction(448) if e4m3 else Fraction(57344)
    if math.isinf(x):
        v = maxf if x > 0 else -maxf
    else:
        v = round_to(Fraction(x), 4 if e4m3 else 3, -6 if e4m3 else -14, maxf)
    if v == 0:
        return 0x80 if math.copysign(1, x) < 0 else 0
    for byte, value in fp8_table(e4m3).items():
        if value == v:
            return byte
    raise ValueError(x)


def tf32(bits, mode):
    x = f32_of(bits)
    if math.isnan(x):
        return 0x7fffffff
    if math.isinf(x) or x == 0:
        return bits
    v = round_to(Fraction(x), 11, -126, mode=mode)
    if abs(v) >= Fraction(2) ** 128:
        return (bits & 0x80000000) | 0x7f800000
    return struct.unpack("<I", struct.pack("<f", float(v)))[0]


def run_case(tc, work, name, body, declare, words, reference):
    path = os.path.join(work, name + ".ll")
    with open(path, "w") as f:
        f.write(kernel_ir(body, declare))
    k = tc.build(path, name=name)
    words = (words + [0] * LANES)[:LANES]
    out, _ = k.launch((1, 1, 1), (LANES, 1, 1), [
        Buffer("in", struct.pack(f"<{LANES}Q", *words)),
        Buffer("out", bytes(4 * LANES))])
    got = struct.unpack(f"<{LANES}I", out["out"])
    for i, w in enumerate(words):
        want = reference(w & 0xffffffff, w >> 32) & 0xffffffff
        if got[i] != want:
            return (f"{name}: input 0x{w:016x} gave 0x{got[i]:08x}, want "
                    f"0x{want:08x}")
    return None


def f32_words(rng):
    special = [0x3f801000, 0x3f803000, 0x3f801001, 0xbf801000, 0x7fc00000,
               0x7f800000, 0xff800000, 0x00001000, 0x00003000, 0x7f7fffff,
               0x80000000, 0x43e00000, 0x43f00000, 0x47600000, 0x47700000,
               0x3a800000, 0x3b000000, 0x39800000, 0xc3e80000]
    return special + [rng.getrandbits(32) for _ in range(LANES - len(special))]


def cases(rng):
    f32w = f32_words(rng)
    out = []
    for mode in ("rna", "rn", "rz"):
        out.append((f"f2tf32_{mode}", f'''  %f = bitcast i32 %lo to float
  %r = call i32 @llvm.nvvm.f2tf32.{mode}(float %f)''',
                    f"declare i32 @llvm.nvvm.f2tf32.{mode}(float)", f32w,
                    lambda lo, hi, mode=mode: tf32(lo, mode)))
    # Pairs of floats: finite values near the FP8 ranges, specials.
    floats = [struct.unpack("<I", struct.pack("<f", v))[0] for v in
              [0.0, -0.0, 1.0, 1.0625, 1.1875, 448.0, 464.0, 480.0, 1e9,
               -500.0, 2 ** -9, 2 ** -10, 3 * 2 ** -10, 57344.0, 61440.0,
               math.inf, -math.inf, math.nan, 0.3, -0.7]]
    floats += [struct.unpack("<I", struct.pack("<f", rng.uniform(-500, 500)))[0]
               for _ in range(LANES - len(floats))]
    pairs = [floats[i] | floats[(i * 7 + 3) % LANES] << 32
             for i in range(LANES)]
    for fmt, e4m3 in (("e4m3x2", True), ("e5m2x2", False)):
        out.append((f"ff_to_{fmt}", f'''  %a = bitcast i32 %lo to float
  %b = bitcast i32 %hi to float
  %h = call i16 @llvm.nvvm.ff.to.{fmt}.rn(float %a, float %b)
  %r = zext i16 %h to i32''', f"declare i16 @llvm.nvvm.ff.to.{fmt}.rn(float, float)",
                    pairs, lambda lo, hi, e=e4m3: to_fp8(f32_of(lo), e) << 8
                    | to_fp8(f32_of(hi), e)))
        halves = [half_bits(v) for v in [0.0, -0.0, 1.0, 448.0, 464.0, 480.0,
                                          -60000.0, 0.001, 57344.0, 61440.0]]
        halves += [rng.getrandbits(16) for _ in range(LANES - len(halves))]
        hwords = [halves[i] | halves[(i + 5) % LANES] << 16
                  for i in range(LANES)]
        out.append((f"f16x2_to_{fmt}", f'''  %v = bitcast i32 %lo to <2 x half>
  %h = call i16 @llvm.nvvm.f16x2.to.{fmt}.rn(<2 x half> %v)
  %r = zext i16 %h to i32''', f"declare i16 @llvm.nvvm.f16x2.to.{fmt}.rn(<2 x half>)",
                    hwords, lambda lo, hi, e=e4m3:
                    to_fp8(half_value(lo & 0xffff), e)
                    | to_fp8(half_value(lo >> 16), e) << 8))
        bytes_ = list(range(256))
        bwords = [bytes_[(i * 4) % 256] | bytes_[(i * 4 + 1) % 256] << 8
                  for i in range(LANES)]
        table = fp8_table(e4m3)

        def fp8_to_half(byte, table=table):
            if byte not in table:
                return 0x7fff if e4m3 else (byte << 8)
            v = table[byte]
            if v == 0:
                return 0x8000 if byte & 0x80 else 0
            return half_bits(v)
        out.append((f"{fmt}_to_f16x2", f'''  %s = trunc i32 %lo to i16
  %v = call <2 x half> @llvm.nvvm.{fmt}.to.f16x2.rn(i16 %s)
  %r = bitcast <2 x half> %v to i32''',
                    f"declare <2 x half> @llvm.nvvm.{fmt}.to.f16x2.rn(i16)",
                    bwords, lambda lo, hi, f=fp8_to_half: f(lo & 0xff)
                    | f((lo >> 8) & 0xff) << 16))
    # fma.rn.f16 on random finite halves (three per word: lo, lo >> 16, hi).
    finite = [h for h in (rng.getrandbits(16) for _ in range(400))
              if (h & 0x7c00) != 0x7c00]

    def fma16(lo, hi):
        a, b, c = (half_value(lo & 0xffff), half_value(lo >> 16),
                   half_value(hi & 0xffff))
        exact = Fraction(a) * Fraction(b) + Fraction(c)
        v = round_to(exact, 11, -14)
        if abs(v) >= 65520:
            return 0x7c00 | (0x8000 if v < 0 else 0)
        if v == 0:
            neg = exact < 0 or (exact == 0 and math.copysign(1, a * b) < 0
                                and math.copysign(1, c) < 0)
            return 0x8000 if neg else 0
        return half_bits(v)
    words = [finite[3 * i] | finite[3 * i + 1] << 16 | finite[3 * i + 2] << 32
             for i in range(LANES)]
    out.append(("fma_rn_f16", '''  %a16 = trunc i32 %lo to i16
  %b32 = lshr i32 %lo, 16
  %b16 = trunc i32 %b32 to i16
  %c16 = trunc i32 %hi to i16
  %a = bitcast i16 %a16 to half
  %b = bitcast i16 %b16 to half
  %c = bitcast i16 %c16 to half
  %d = call half @llvm.nvvm.fma.rn.f16(half %a, half %b, half %c)
  %d16 = bitcast half %d to i16
  %r = zext i16 %d16 to i32''', "declare half @llvm.nvvm.fma.rn.f16(half, half, half)",
                words, fma16))
    # dp4a in all four signedness combinations.
    ints = [rng.getrandbits(64) for _ in range(LANES)]
    for sa in "su":
        for sb in "su":
            def dp(lo, hi, sa=sa, sb=sb):
                total = 0
                for k in range(4):
                    x, y = (lo >> 8 * k) & 0xff, (hi >> 8 * k) & 0xff
                    x -= 256 if sa == "s" and x > 127 else 0
                    y -= 256 if sb == "s" and y > 127 else 0
                    total += x * y
                return total + 12345
            out.append((f"idp4a_{sa}_{sb}", f'''  %r = call i32 @llvm.nvvm.idp4a.{sa}.{sb}(i32 %lo, i32 %hi, i32 12345)''',
                        f"declare i32 @llvm.nvvm.idp4a.{sa}.{sb}(i32, i32, i32)",
                        ints, dp))
    # saturate: clamp to [+0, 1]; NaN and -0 give +0 (CUDA's __saturatef).
    out.append(("saturate_f", '''  %f = bitcast i32 %lo to float
  %s = call float @llvm.nvvm.saturate.f(float %f)
  %r = bitcast float %s to i32''', "declare float @llvm.nvvm.saturate.f(float)",
                f32w, lambda lo, hi: struct.unpack("<I", struct.pack(
                    "<f", 0.0 if math.isnan(f32_of(lo)) or f32_of(lo) <= 0
                    else min(f32_of(lo), 1.0)))[0]))
    return out


def main():
    bin_dir, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    tc = simlib.Toolchain(work, bin_dir=bin_dir)
    failures = 0
    all_cases = cases(random.Random(7))
    for name, body, declare, words, reference in all_cases:
        try:
            error = run_case(tc, work, name, body, declare, words, reference)
        except simlib.SimError as e:
            error = f"{name}: {e}"
        print(f"FAIL: {error}" if error else f"ok {name}")
        failures += bool(error)
    print(f"{len(all_cases) - failures} of {len(all_cases)} intrinsics match")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
