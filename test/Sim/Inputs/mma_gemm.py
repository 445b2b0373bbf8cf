"""GEMMs of every mma.sync element type on the CPU simulator.

For each element type one nv_tileaa GEMM kernel (64x64 tiles of C, K steps
of 32, masked loads and stores, optionally B^T loaded and turned with
`permute`) is generated, compiled for a target whose dot takes the
mma.sync path, run on the simulator at sizes that are not multiples of the
tiles, and compared with a reference computed here in Python. Prints one
PASS/FAIL line per case and a summary; exit status 1 on any failure.
"""
import argparse
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tools", "sim"))
import simlib  # noqa: E402

TEMPLATE = """
nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<{ta}>, %b: !nv_tileaa.ptr<{tb}>,
                     %c: !nv_tileaa.ptr<{tc}>, %m: i32, %n: i32, %k: i32)
    attributes {{nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>}} {{
  %c64 = arith.constant 64 : i32
  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %col0 = arith.muli %pid_n, %c64 : i32
  %r64 = nv_tileaa.make_range {{start = 0 : i32, end = 64 : i32}} : tensor<64xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<64xi32>
  %col0s = nv_tileaa.splat %col0 : i32 -> tensor<64xi32>
  %rm = arith.addi %r64, %row0s : tensor<64xi32>
  %rn = arith.addi %r64, %col0s : tensor<64xi32>
  %rk = nv_tileaa.make_range {{start = 0 : i32, end = 32 : i32}} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {{axis = 1 : i32}} : tensor<64xi32> -> tensor<64x1xi32>
  %rn_row = nv_tileaa.expand_dims %rn {{axis = 0 : i32}} : tensor<64xi32> -> tensor<1x64xi32>
  %rk_row = nv_tileaa.expand_dims %rk {{axis = 0 : i32}} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_col = nv_tileaa.expand_dims %rk {{axis = 1 : i32}} : tensor<32xi32> -> tensor<32x1xi32>
  %rn_col = nv_tileaa.expand_dims %rn {{axis = 1 : i32}} : tensor<64xi32> -> tensor<64x1xi32>

  // A (M x K, row-major): a + rm * k + rk
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %a_rows = arith.muli %am, %ks_a : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<{ta}> -> tensor<64x32x!nv_tileaa.ptr<{ta}>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<{ta}>>, tensor<64x32xi32>
  %ms_a = nv_tileaa.splat %m : i32 -> tensor<64x32xi32>
  %a_row_ok = arith.cmpi slt, %am, %ms_a : tensor<64x32xi32>
{b_setup}
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %zero = arith.constant dense<{zero}> : tensor<64x64x{tc}>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64x{tc}>, tensor<64x32x!nv_tileaa.ptr<{ta}>>, {b_ptr_type}) : i32 {{
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %k_a = arith.addi %kks_a, %ak : tensor<64x32xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %ks_a : tensor<64x32xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<64x32xi1>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<64x32x!nv_tileaa.ptr<{ta}>> -> tensor<64x32x{ta}>
{b_load}
{convert}
    %next = nv_tileaa.dot {a_in}, {b_in}, %sum {dot_attrs}: tensor<64x32x{tin_a}>, tensor<32x64x{tin_b}>, tensor<64x64x{tc}> -> tensor<64x64x{tc}>
    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<{ta}>>, tensor<64x32xi32>
{b_next}
    scf.yield %next, %a_next, %b_next : tensor<64x64x{tc}>, tensor<64x32x!nv_tileaa.ptr<{ta}>>, {b_ptr_type}
  }}

  %cm = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<64x64xi32>
  %ns_c = nv_tileaa.splat %n : i32 -> tensor<64x64xi32>
  %ms_c = nv_tileaa.splat %m : i32 -> tensor<64x64xi32>
  %c_rows = arith.muli %cm, %ns_c : tensor<64x64xi32>
  %c_offs = arith.addi %c_rows, %cn : tensor<64x64xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<{tc}> -> tensor<64x64x!nv_tileaa.ptr<{tc}>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<64x64x!nv_tileaa.ptr<{tc}>>, tensor<64x64xi32>
  %c_row_ok = arith.cmpi slt, %cm, %ms_c : tensor<64x64xi32>
  %c_col_ok = arith.cmpi slt, %cn, %ns_c : tensor<64x64xi32>
  %c_mask = arith.andi %c_row_ok, %c_col_ok : tensor<64x64xi1>
  nv_tileaa.store %c_ptrs, %acc, %c_mask : tensor<64x64x!nv_tileaa.ptr<{tc}>>, tensor<64x64x{tc}>
  nv_tileaa.return
}}
"""

# B (K x N, row-major): b + rk * n + rn
B_PLAIN = """
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>
  %b_rows = arith.muli %bk, %ns_b : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %bn : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<{tb}> -> tensor<32x64x!nv_tileaa.ptr<{tb}>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<{tb}>>, tensor<32x64xi32>
  %b_col_ok = arith.cmpi slt, %bn, %ns_b : tensor<32x64xi32>
  %c32b = arith.constant 32 : i32
  %b_step1 = arith.muli %n, %c32b : i32
  %b_step = nv_tileaa.splat %b_step1 : i32 -> tensor<32x64xi32>
"""
B_PLAIN_LOAD = """
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %k_b = arith.addi %kks_b, %bk : tensor<32x64xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %ks_b : tensor<32x64xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<32x64xi1>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x64x!nv_tileaa.ptr<{tb}>> -> tensor<32x64x{tb}>
"""
B_PLAIN_NEXT = """
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x64x!nv_tileaa.ptr<{tb}>>, tensor<32x64xi32>
"""
# B^T (N x K, row-major), loaded as 64 x 32 and permuted: bt + rn * k + rk
B_TRANS = """
  %btn = nv_tileaa.broadcast %rn_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<64x32xi32>
  %bt_rows = arith.muli %btn, %ks_a : tensor<64x32xi32>
  %bt_offs = arith.addi %bt_rows, %ak : tensor<64x32xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<{tb}> -> tensor<64x32x!nv_tileaa.ptr<{tb}>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %bt_offs : tensor<64x32x!nv_tileaa.ptr<{tb}>>, tensor<64x32xi32>
  %b_col_ok = arith.cmpi slt, %btn, %ns_b : tensor<64x32xi32>
"""
B_TRANS_LOAD = """
    %b_mask = arith.andi %b_col_ok, %a_k_ok : tensor<64x32xi1>
    %bt_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<64x32x!nv_tileaa.ptr<{tb}>> -> tensor<64x32x{tb}>
    %b_tile = nv_tileaa.permute %bt_tile {{order = array<i32: 1, 0>}} : tensor<64x32x{tb}> -> tensor<32x64x{tb}>
"""
B_TRANS_NEXT = """
    %b_next = nv_tileaa.addptr %b_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<{tb}>>, tensor<64x32xi32>
"""
# B (K x N) held as B^T (N x K, row-major) and addressed as a K x N tile
# directly, K contiguous: b + rn * k + rk (no permute).
B_KCONTIG = """
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>
  %b_cols = arith.muli %bn, %ks_b : tensor<32x64xi32>
  %b_offs = arith.addi %b_cols, %bk : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<{tb}> -> tensor<32x64x!nv_tileaa.ptr<{tb}>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<{tb}>>, tensor<32x64xi32>
  %b_col_ok = arith.cmpi slt, %bn, %ns_b : tensor<32x64xi32>
  %b_step = arith.constant dense<32> : tensor<32x64xi32>
"""


def kernel(ta, tb, tc, transposed, tf32=False, signed=None):
    fmt = dict(ta=ta, tb=tb, tc=tc)
    convert = ""
    if tf32:
        convert = (
            "    %a_in = nv_tileaa.fp_to_fp %a_tile : tensor<64x32xf32> -> "
            "tensor<64x32xtf32>\n"
            "    %b_in = nv_tileaa.fp_to_fp %b_tile : tensor<32x64xf32> -> "
            "tensor<32x64xtf32>")
    dot_attrs = ""
    if signed is not None:
        sa, sb = ("signed" if s else "unsigned" for s in signed)
        dot_attrs = ("{signedness_a = #nv_tileaa.signedness<%s>, "
                     "signedness_b = #nv_tileaa.signedness<%s>} " % (sa, sb))
    kcontig = transposed == "kcontig"
    transposed = transposed is True
    b_ptr_type = ("tensor<64x32x!nv_tileaa.ptr<%s>>" if transposed
                  else "tensor<32x64x!nv_tileaa.ptr<%s>>") % tb
    b_setup = B_TRANS if transposed else B_KCONTIG if kcontig else B_PLAIN
    return TEMPLATE.format(
        ta=ta, tb=tb, tc=tc,
        b_setup=b_setup.format(**fmt),
        b_load=(B_TRANS_LOAD if transposed else B_PLAIN_LOAD).format(**fmt),
        b_next=(B_TRANS_NEXT if transposed else B_PLAIN_NEXT).format(**fmt),
        convert=convert, dot_attrs=dot_attrs, b_ptr_type=b_ptr_type,
        a_in="%a_in" if tf32 else "%a_tile",
        b_in="%b_in" if tf32 else "%b_tile",
        tin_a="tf32" if tf32 else ta, tin_b="tf32" if tf32 else tb,
        zero="0" if tc == "i32" else "0.0")


# Element encodings (bytes in the buffers) and their values.
def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def minifloat(byte, exponent_bits, mantissa_bits, bias):
    sign = -1.0 if byte >> (exponent_bits + mantissa_bits) & 1 else 1.0
    e = byte >> mantissa_bits & ((1 << exponent_bits) - 1)
    mant = byte & ((1 << mantissa_bits) - 1)
    if e == 0:
        return sign * math.ldexp(mant, 1 - bias - mantissa_bits)
    return sign * math.ldexp(mant + (1 << mantissa_bits),
                             e - bias - mantissa_bits)


def finite_codes(exponent_bits, mantissa_bits, bias, limit):
    return [b for b in range(256)
            if (b >> mantissa_bits & ((1 << exponent_bits) - 1))
            != (1 << exponent_bits) - 1
            and abs(minifloat(b, exponent_bits, mantissa_bits, bias)) <= limit]


E4M3 = finite_codes(4, 3, 7, 8.0)
E5M2 = finite_codes(5, 2, 15, 8.0)


class Type:
    """name, bytes per element, random (value, encoded bytes) pairs."""

    def __init__(self, name, size, sample):
        self.name, self.size, self.sample = name, size, sample


def _eighths(rng):
    return rng.randint(-16, 16) / 8.0


TYPES = {
    "f16": Type("f16", 2, lambda r: (lambda v: (v, struct.pack("<e", v)))(
        _eighths(r))),
    "bf16": Type("bf16", 2, lambda r: (lambda v: (
        v, struct.pack("<H", f32_bits(v) >> 16)))(_eighths(r))),
    "f32": Type("f32", 4, lambda r: (lambda v: (v, struct.pack("<f", v)))(
        _eighths(r))),
    # f64: values with more mantissa bits than f32 has, so a dot computed
    # in f32 fails the f64 tolerance.
    "f64": Type("f64", 8, lambda r: (lambda v: (v, struct.pack("<d", v)))(
        r.randint(-2**30, 2**30) / 2.0**29)),
    "i8": Type("i8", 1, lambda r: (lambda v: (
        v, struct.pack("<b", v)))(r.randint(-128, 127))),
    "u8": Type("i8", 1, lambda r: (lambda v: (
        v, struct.pack("<B", v)))(r.randint(0, 255))),
    "f8E4M3FN": Type("f8E4M3FN", 1, lambda r: (lambda b: (
        minifloat(b, 4, 3, 7), bytes([b])))(r.choice(E4M3))),
    "f8E5M2": Type("f8E5M2", 1, lambda r: (lambda b: (
        minifloat(b, 5, 2, 15), bytes([b])))(r.choice(E5M2))),
}

# name, A type, B type, C type, tf32 dot, signedness, B transposed
CASES = [
    ("f16", "f16", "f16", "f32", False, None, False),
    ("f16_bt", "f16", "f16", "f32", False, None, True),
    ("bf16", "bf16", "bf16", "f32", False, None, False),
    ("tf32", "f32", "f32", "f32", True, None, False),
    ("i8", "i8", "i8", "i32", False, (True, True), False),
    ("i8_u8", "i8", "u8", "i32", False, (True, False), False),
    ("e4m3_e5m2", "f8E4M3FN", "f8E5M2", "f32", False, None, False),
    ("e4m3_bt", "f8E4M3FN", "f8E4M3FN", "f32", False, None, True),
    ("e4m3_kb", "f8E4M3FN", "f8E5M2", "f32", False, None, "kcontig"),
    ("u8_kb", "u8", "u8", "i32", False, (False, False), "kcontig"),
    ("s8_u8_kb", "i8", "u8", "i32", False, (True, False), "kcontig"),
    ("f16_kb", "f16", "f16", "f32", False, None, "kcontig"),
    ("f64", "f64", "f64", "f64", False, None, False),
    ("f64_bt", "f64", "f64", "f64", False, None, True),
]


def run_case(tools, case, target, m, n, k, rng, kern=None):
    """Runs `case` (its kernel, or the built `kern`) at M x N x K; returns
    the number of wrong elements of C."""
    name, ta, tb, tc, tf32, signed, transposed = case
    if kern is None:
        source = os.path.join(tools.work, name + ".mlir")
        with open(source, "w") as f:
            f.write(kernel(TYPES[ta].name, TYPES[tb].name, tc, transposed,
                           tf32, signed))
        kern = tools.build(source, name=name, target=target)
    a = [TYPES[ta].sample(rng) for _ in range(m * k)]
    b = [TYPES[tb].sample(rng) for _ in range(k * n)]  # K x N
    b_store = b
    if transposed:  # stored N x K
        b_store = [b[kk * n + j] for j in range(n) for kk in range(k)]
    csize = 8 if tc == "f64" else 4
    args = [simlib.Buffer("a", b"".join(e for _, e in a)),
            simlib.Buffer("b", b"".join(e for _, e in b_store)),
            simlib.Buffer("c", b"\xff" * (m * n * csize)),
            simlib.Scalar("i32", m), simlib.Scalar("i32", n),
            simlib.Scalar("i32", k)]
    grid = (math.ceil(m / 64), math.ceil(n / 64), 1)
    out, _ = kern.launch(grid, (128, 1, 1), args, ctas_at_once=2)
    fmt = "<%d%s" % (m * n, {"i32": "i", "f64": "d"}.get(tc, "f"))
    got = struct.unpack(fmt, out["c"])
    bad = 0
    for i in range(m):
        for j in range(n):
            products = [a[i * k + kk][0] * b[kk * n + j][0]
                        for kk in range(k)]
            if tc == "i32":
                expected = int(math.fsum(products))
                expected = (expected + 2**31) % 2**32 - 2**31
                ok = got[i * n + j] == expected
            else:
                expected = math.fsum(products)
                eps = 2.0**-53 if tc == "f64" else 2.0**-24
                tol = (k + 2) * eps * math.fsum(abs(p) for p in products)
                ok = abs(got[i * n + j] - expected) <= tol
            if not ok:
                if bad < 5:
                    print("  %s: C[%d][%d] = %r, expected %r"
                          % (name, i, j, got[i * n + j], expected))
                bad += 1
    return bad


def parse_arguments(description):
    """The command line of the GEMM case runners (this one, mma_numpy.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", default="sm_90a")
    parser.add_argument("--only", default=None)
    parser.add_argument("--emit-mlir", action="store_true",
                        help="only write each case's kernel to WORK/NAME.mlir")
    return parser.parse_args()


def main():
    args = parse_arguments(__doc__)
    if args.emit_mlir:
        os.makedirs(args.work, exist_ok=True)
        for name, ta, tb, tc, tf32, signed, transposed in CASES:
            with open(os.path.join(args.work, name + ".mlir"), "w") as f:
                f.write(kernel(TYPES[ta].name, TYPES[tb].name, tc,
                               transposed, tf32, signed))
        return 0
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    rng = random.Random(2026)
    failed = passed = 0
    for case in CASES:
        if args.only and case[0] != args.only:
            continue
        # M and N not multiples of 64, K not a multiple of 32.
        bad = run_case(tools, case, args.target, 70, 40, 72, rng)
        print("%s: %s on %s" % ("FAIL" if bad else "PASS", case[0],
                                args.target))
        failed += bool(bad)
        passed += not bad
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
