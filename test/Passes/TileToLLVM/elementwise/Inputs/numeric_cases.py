"""Numeric checks of the element lowering's software rounding paths.

The lowered code runs on the host (see tools/sim/simlib.py;
the NVVM rounding intrinsics it uses are emulated with the host's rounding
modes) and every result is compared with the exactly rounded value computed
with fractions. Covered: f32 -> bf16 with rz/rm/rp (on the bits before
sm_80/sm_90), f32 -> tf32 without a mode and with rn/rz/rm/rp (on the bits
before sm_80/sm_90), f64 -> tf32 (round to odd into f32 first), f64 -> bf16
with directed modes, the bf16 fma of chips without bf16 fma (round to odd),
math.ipowi, and every FP8 code widened on chips without cvt.f8.

Usage: numeric_cases.py TILEIRAS_OPT MLIR_TRANSLATE LLC WORKDIR
"""
import math
import os
import random
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 5, "tools", "sim"))
from simlib import Program, Tools  # noqa: E402

LAYOUT = ("#nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], "
          "warpsPerCTA = [1], order = [0]>")
N = 128  # elements per run: 32 threads x 4 registers, thread t holds 4t..4t+3


class Format:
    def __init__(self, precision, emin, emax):
        self.precision, self.emin, self.emax = precision, emin, emax


BF16 = Format(8, -126, 127)
TF32 = Format(11, -126, 127)
F32 = Format(24, -126, 127)


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f64(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def exact(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return Fraction(x)


def round_exact(value, fmt, mode, negative_zero=False):
    """`value` (Fraction or special) rounded to `fmt` with rn/rna/rz/rm/rp.
    Returns a Fraction, "nan", "inf", "-inf" or ("zero", negative)."""
    if value in ("nan", "inf", "-inf"):
        return value
    if value == 0:
        return ("zero", negative_zero)
    negative = value < 0
    magnitude = -value if negative else value
    e = math.floor(math.log2(magnitude))
    while Fraction(2) ** e > magnitude:
        e -= 1
    while Fraction(2) ** (e + 1) <= magnitude:
        e += 1
    ulp = Fraction(2) ** (max(e, fmt.emin) - fmt.precision + 1)
    q = magnitude / ulp
    n = q.numerator // q.denominator
    rest = q - n
    if rest:
        if mode == "rn":
            n += rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2)
        elif mode == "rna":
            n += rest >= Fraction(1, 2)
        elif mode == "rp":
            n += not negative
        elif mode == "rm":
            n += negative
    result = n * ulp
    largest = (2 - Fraction(2) ** (1 - fmt.precision)) * Fraction(2) ** fmt.emax
    if result > largest:
        if {"rn": True, "rna": True, "rz": False, "rp": not negative,
                "rm": negative}[mode]:
            return "-inf" if negative else "inf"
        result = largest
    if result == 0:
        return ("zero", negative)
    return -result if negative else result


def matches(got, want):
    if want == "nan":
        return math.isnan(got)
    if want in ("inf", "-inf"):
        return got == (math.inf if want == "inf" else -math.inf)
    if isinstance(want, tuple):
        return got == 0 and (math.copysign(1, got) < 0) == want[1]
    return math.isfinite(got) and Fraction(got) == want


class Check:
    """A function to lower (for `target`) and the check of its results."""

    def __init__(self, name, target, signature, body, result, check):
        self.name, self.target, self.check = name, target, check
        text = f"nv_tileaa.func @{name}({signature}) -> {result} {{\n{body}\n}}"
        self.function = text.replace("#l", LAYOUT)


def f32_inputs(count, tie_bit):
    """Specials, random values, and values exactly at, just above and just
    below the rounding boundary of a format dropping bits below 2*tie_bit."""
    rng = random.Random(1)
    values = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
              0x7f7fffff, 0xff7fffff, 1, 0x80000001, 0x3f800000, 0x00800000,
              0x007fffff]
    low = (tie_bit << 1) - 1
    for _ in range(count):
        bits = rng.getrandbits(32)
        kept = bits & ~low
        values += [bits, kept | tie_bit, (kept | tie_bit) ^ (tie_bit << 1),
                   kept, kept | 1, kept | (tie_bit - 1)]
    return values


def report(name, total, wrong):
    print(("ok  " if not wrong else "FAIL") + f" {name}: {total} values"
          + (f", {wrong} wrong" if wrong else ""))
    return wrong == 0


def check_from_f32(name, target, dst, mode):
    attr = f" {{rounding_mode = #nv_tileaa.rounding<{mode}>}}" if mode else ""
    body = f"  %r = nv_tileaa.fp_to_fp %x{attr} : tensor<128xf32, #l> -> tensor<128x{dst}, #l>"
    result = f"tensor<128x{dst}, #l>"
    if dst == "tf32":
        body += "\n  %s = nv_tileaa.fp_to_fp %r : tensor<128xtf32, #l> -> tensor<128xf32, #l>"
        body += "\n  nv_tileaa.return %s : tensor<128xf32, #l>"
        result = "tensor<128xf32, #l>"
    else:
        body += f"\n  nv_tileaa.return %r : {result}"
    return Check(name, target, "%x: tensor<128xf32, #l>", body, result,
                 lambda program: run_from_f32(program, name, dst, mode))


def run_from_f32(lowered, name, dst, mode):
    fmt = BF16 if dst == "bf16" else TF32
    values = f32_inputs(60, 0x8000 if dst == "bf16" else 0x1000)
    total = wrong = 0
    for start in range(0, len(values), N):
        chunk = values[start:start + N]
        chunk += [0] * (N - len(chunk))
        out = lowered.run(name, 32, [(struct.pack(f"<{N}I", *chunk), 16)],
                          8 if dst == "bf16" else 16)
        for i, bits in enumerate(chunk[:len(values) - start]):
            if dst == "bf16":
                got_bits = struct.unpack_from("<H", out, 2 * i)[0] << 16
            else:
                got_bits = struct.unpack_from("<I", out, 4 * i)[0]
            got = f32(got_bits)
            want = round_exact(exact(f32(bits)), fmt,
                               mode or ("rna" if dst == "tf32" else "rn"),
                               bits >> 31 == 1)
            total += 1
            ok = matches(got, want)
            if dst == "tf32" and not math.isnan(got) and got_bits & 0x1fff:
                ok = False
            if not ok:
                wrong += 1
                if wrong <= 5:
                    print(f"  {name}: {bits:#010x} gave {got_bits:#010x}, want {want}")
    return report(name, total, wrong)


def check_from_f64(name, target, dst, mode):
    attr = f" {{rounding_mode = #nv_tileaa.rounding<{mode}>}}" if mode else ""
    if dst == "tf32":
        body = (f"  %r = nv_tileaa.fp_to_fp %x{attr} : tensor<128xf64, #l> -> tensor<128xtf32, #l>\n"
                "  %s = nv_tileaa.fp_to_fp %r : tensor<128xtf32, #l> -> tensor<128xf32, #l>\n"
                "  nv_tileaa.return %s : tensor<128xf32, #l>")
        result = "tensor<128xf32, #l>"
    else:
        body = (f"  %s = nv_tileaa.fp_to_fp %x{attr} : tensor<128xf64, #l> -> tensor<128x{dst}, #l>\n"
                f"  nv_tileaa.return %s : tensor<128x{dst}, #l>")
        result = f"tensor<128x{dst}, #l>"
    return Check(name, target, "%x: tensor<128xf64, #l>", body, result,
                 lambda program: run_from_f64(program, name, dst, mode))


def run_from_f64(lowered, name, dst, mode):
    fmt = TF32 if dst == "tf32" else BF16
    dropped = 29 + (13 if dst == "tf32" else 16)  # f64 mantissa bits dropped
    rng = random.Random(3)
    total = wrong = 0
    for _ in range(8):
        values = []
        for i in range(N):
            x = f32(rng.getrandbits(32))
            bits = struct.unpack("<Q", struct.pack("<d", x if math.isfinite(x) else 1.5))[0]
            tie = 1 << (dropped - 1)
            kept = bits & ~((1 << dropped) - 1)
            values.append([bits, kept | tie, kept | tie | 1, kept | (tie - 1)][i % 4])
        out = lowered.run(name, 32, [(struct.pack(f"<{N}Q", *values), 32)],
                          16 if dst == "tf32" else 8)
        for i, bits in enumerate(values):
            if dst == "tf32":
                got = f32(struct.unpack_from("<I", out, 4 * i)[0])
            else:
                got = f32(struct.unpack_from("<H", out, 2 * i)[0] << 16)
            want = round_exact(exact(f64(bits)), fmt,
                               mode or ("rna" if dst == "tf32" else "rn"),
                               bits >> 63 == 1)
            total += 1
            if not matches(got, want):
                wrong += 1
                if wrong <= 5:
                    print(f"  {name}: {f64(bits)!r} gave {got!r}, want {want}")
    return report(name, total, wrong)


def check_bf16_fma(target):
    """x * x + y in bf16: x * x on a bf16 midpoint plus a tiny y is where
    rounding the f32 fma to nearest first would go wrong."""
    name = f"fma_bf16_{target}"
    body = ("  %r = nv_tileaa.fma %x, %x, %y : tensor<128xbf16, #l>\n"
            "  nv_tileaa.return %r : tensor<128xbf16, #l>")
    return Check(name, target,
                 "%x: tensor<128xbf16, #l>, %y: tensor<128xbf16, #l>", body,
                 "tensor<128xbf16, #l>",
                 lambda program: run_bf16_fma(program, name))


def run_bf16_fma(lowered, name):
    rng = random.Random(7)
    total = wrong = 0
    for _ in range(12):
        xs, ys = [], []
        for i in range(N):
            x = rng.getrandbits(16) & 0x7fff | 0x3f00 if i % 2 else rng.getrandbits(16)
            x = x if (x & 0x7f80) != 0x7f80 else 0x3f80
            y = rng.choice([rng.getrandbits(16), 0x0001, 0x8001,
                            0x2000 | rng.getrandbits(8), rng.getrandbits(16) & 0x3fff])
            y = y if (y & 0x7f80) != 0x7f80 else 0
            xs.append(x)
            ys.append(y)
        out = lowered.run(name, 32, [(struct.pack(f"<{N}H", *xs), 8),
                               (struct.pack(f"<{N}H", *ys), 8)], 8)
        for i in range(N):
            fx, fy = f32(xs[i] << 16), f32(ys[i] << 16)
            got = f32(struct.unpack_from("<H", out, 2 * i)[0] << 16)
            want = round_exact(Fraction(fx) * Fraction(fx) + Fraction(fy), BF16, "rn")
            total += 1
            if not (got == 0 if isinstance(want, tuple) else matches(got, want)):
                wrong += 1
                if wrong <= 5:
                    print(f"  {name}: {xs[i]:#06x}^2 + {ys[i]:#06x} gave {got!r}, want {want}")
    return report(name, total, wrong)


def check_ipowi(width):
    name = f"ipowi_i{width}"
    t = f"tensor<128xi{width}, #l>"
    return Check(name, "sm_80", f"%x: {t}, %y: {t}",
                 f"  %r = math.ipowi %x, %y : {t}\n  nv_tileaa.return %r : {t}",
                 t, lambda program: run_ipowi(program, name, width))


def run_ipowi(lowered, name, width):
    code = {8: "b", 32: "i", 64: "q"}[width]
    size = width // 8
    half = 2 ** (width - 1)
    rng = random.Random(5)
    total = wrong = 0
    for _ in range(4):
        xs = [rng.choice([rng.randrange(-half, half), rng.randrange(-5, 6)]) for _ in range(N)]
        ys = [rng.choice([rng.randrange(-3, 40), rng.randrange(-half, half)]) for _ in range(N)]
        out = lowered.run(name, 32, [(struct.pack(f"<{N}{code}", *xs), 4 * size),
                               (struct.pack(f"<{N}{code}", *ys), 4 * size)], 4 * size)
        for x, y, got in zip(xs, ys, struct.unpack(f"<{N}{code}", out)):
            if y < 0:
                want = 1 if x == 1 else ((-1 if y % 2 else 1) if x == -1 else 0)
            else:
                want = pow(x, y, 2 ** width)
                want -= 2 ** width if want >= half else 0
            total += 1
            if got != want:
                wrong += 1
                if wrong <= 5:
                    print(f"  {name}: {x} ** {y} gave {got}, want {want}")
    return report(name, total, wrong)


def fp8_value(code, src):
    """The exact value of an FP8 byte (E4M3FN: bias 7, only S.1111.111 is
    NaN; E5M2: bias 15, IEEE-like Inf and NaN)."""
    sign = -1 if code & 0x80 else 1
    mbits, bias = (3, 7) if src == "f8E4M3FN" else (2, 15)
    e, m = (code & 0x7f) >> mbits, code & ((1 << mbits) - 1)
    if src == "f8E4M3FN" and code & 0x7f == 0x7f:
        return "nan"
    if src == "f8E5M2" and e == 31:
        return "nan" if m else ("inf" if sign > 0 else "-inf")
    if e == 0:
        value = Fraction(m, 1 << mbits) * Fraction(2) ** (1 - bias)
    else:
        value = (1 + Fraction(m, 1 << mbits)) * Fraction(2) ** (e - bias)
    return ("zero", sign < 0) if value == 0 else sign * value


def check_fp8_widen(name, target, src, dst):
    body = (f"  %r = nv_tileaa.fp_to_fp %x : tensor<128x{src}, #l> -> "
            f"tensor<128x{dst}, #l>\n  nv_tileaa.return %r : tensor<128x{dst}, #l>")
    return Check(name, target, f"%x: tensor<128x{src}, #l>", body,
                 f"tensor<128x{dst}, #l>",
                 lambda program: run_fp8_widen(program, name, src, dst))


def run_fp8_widen(lowered, name, src, dst):
    """Every FP8 code, widened without cvt.f8 (integer decoding): exact."""
    size, code = {"f32": (4, "f"), "f16": (2, "e"), "f64": (8, "d")}[dst]
    total = wrong = 0
    for start in (0, N):
        codes = list(range(start, start + N))
        out = lowered.run(name, 32, [(bytes(codes), 4)], 4 * size)
        for c, got in zip(codes, struct.unpack(f"<{N}{code}", out)):
            total += 1
            if not matches(got, fp8_value(c, src)):
                wrong += 1
                if wrong <= 5:
                    print(f"  {name}: {c:#04x} gave {got}")
    return report(name, total, wrong)


if __name__ == "__main__":
    tools = Tools(*sys.argv[1:5])
    checks = []
    for mode in ["rz", "rm", "rp"]:
        checks.append(check_from_f32(f"f32_to_bf16_{mode}_sm75", "sm_75", "bf16", mode))
    for mode in ["rm", "rp"]:
        checks.append(check_from_f32(f"f32_to_bf16_{mode}_sm80", "sm_80", "bf16", mode))
    for mode in [None, "rn", "rz", "rm", "rp"]:
        checks.append(check_from_f32(f"f32_to_tf32_{mode or 'default'}_sm75",
                                     "sm_75", "tf32", mode))
    for mode in ["rm", "rp"]:
        checks.append(check_from_f32(f"f32_to_tf32_{mode}_sm90", "sm_90a", "tf32", mode))
    for mode in [None, "rn", "rz", "rm", "rp"]:
        checks.append(check_from_f64(f"f64_to_tf32_{mode or 'default'}_sm75",
                                     "sm_75", "tf32", mode))
    for mode in ["rz", "rm", "rp"]:
        checks.append(check_from_f64(f"f64_to_bf16_{mode}_sm75", "sm_75", "bf16", mode))
    checks.append(check_bf16_fma("sm_75"))
    # FP8 widening before sm_89 (no cvt.f8): integer decoding.
    checks.append(check_fp8_widen("e4m3_to_f32_sm75", "sm_75", "f8E4M3FN", "f32"))
    checks.append(check_fp8_widen("e5m2_to_f32_sm75", "sm_75", "f8E5M2", "f32"))
    checks.append(check_fp8_widen("e5m2_to_f16_sm80", "sm_80", "f8E5M2", "f16"))
    checks.append(check_fp8_widen("e4m3_to_f64_sm80", "sm_80", "f8E4M3FN", "f64"))
    for width in [8, 32, 64]:
        checks.append(check_ipowi(width))
    programs = {}
    for target in sorted({c.target for c in checks}):
        programs[target] = Program(
            tools, f"numerics_{target}", target,
            {c.name: c.function for c in checks if c.target == target})
    ok = True
    for c in checks:
        ok &= c.check(programs[c.target])
    print("all cases passed" if ok else "some cases FAILED")
    sys.exit(0 if ok else 1)
