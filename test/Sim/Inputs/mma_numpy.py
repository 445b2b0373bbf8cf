"""mma.sync GEMMs on the CPU simulator, checked against NumPy.

Two kinds of kernel, each run at sizes that are not multiples of its tiles:
* 2-D GEMMs with an f16 accumulator (mma.sync.m16n8k16 .f16.f16.f16.f16),
  from the template of mma_gemm.py (64x64 tiles of C, K steps of 32);
* batched (rank-3) GEMMs, C[b] = A[b] @ B[b] + C, tiles of
  BB x TM x TN with K steps of TK, for f16/bf16/tf32/i8/f64 operands and
  f32, f16, i32 or f64 accumulators (batch 3, or 11 for tiles of more than 2
  batches).
Prints one PASS/FAIL line per case and a summary; exit status 1 on any
failure. --emit-mlir only writes each case's kernel to WORK/NAME.mlir.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tools", "sim"))
import mma_gemm  # noqa: E402
import simlib  # noqa: E402

BATCHED = """
nv_tileaa.func @bmm(%a: !nv_tileaa.ptr<{ta}>, %b: !nv_tileaa.ptr<{ta}>,
                    %c: !nv_tileaa.ptr<{tc}>, %batch: i32, %m: i32, %n: i32,
                    %k: i32)
    attributes {{nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = {warps}>}} {{
  %cbb = arith.constant {bb} : i32
  %ctm = arith.constant {tm} : i32
  %ctn = arith.constant {tn} : i32
  %ctk = arith.constant {tk} : i32
  %px = nv_tileaa.get_program_id x : i32
  %py = nv_tileaa.get_program_id y : i32
  %pz = nv_tileaa.get_program_id z : i32
  %m0 = arith.muli %px, %ctm : i32
  %n0 = arith.muli %py, %ctn : i32
  %b0 = arith.muli %pz, %cbb : i32
  %rbb = nv_tileaa.make_range {{start = 0 : i32, end = {bb} : i32}} : tensor<{bb}xi32>
  %rtm = nv_tileaa.make_range {{start = 0 : i32, end = {tm} : i32}} : tensor<{tm}xi32>
  %rtn = nv_tileaa.make_range {{start = 0 : i32, end = {tn} : i32}} : tensor<{tn}xi32>
  %rk = nv_tileaa.make_range {{start = 0 : i32, end = {tk} : i32}} : tensor<{tk}xi32>
  %b0s = nv_tileaa.splat %b0 : i32 -> tensor<{bb}xi32>
  %rb = arith.addi %b0s, %rbb : tensor<{bb}xi32>
  %m0s = nv_tileaa.splat %m0 : i32 -> tensor<{tm}xi32>
  %rm = arith.addi %m0s, %rtm : tensor<{tm}xi32>
  %n0s = nv_tileaa.splat %n0 : i32 -> tensor<{tn}xi32>
  %rn = arith.addi %n0s, %rtn : tensor<{tn}xi32>
  %rb1 = nv_tileaa.expand_dims %rb {{axis = 1 : i32}} : tensor<{bb}xi32> -> tensor<{bb}x1xi32>
  %rb3 = nv_tileaa.expand_dims %rb1 {{axis = 2 : i32}} : tensor<{bb}x1xi32> -> tensor<{bb}x1x1xi32>
  %rm1 = nv_tileaa.expand_dims %rm {{axis = 0 : i32}} : tensor<{tm}xi32> -> tensor<1x{tm}xi32>
  %rm3 = nv_tileaa.expand_dims %rm1 {{axis = 2 : i32}} : tensor<1x{tm}xi32> -> tensor<1x{tm}x1xi32>
  %rn1 = nv_tileaa.expand_dims %rn {{axis = 0 : i32}} : tensor<{tn}xi32> -> tensor<1x{tn}xi32>
  %rn3 = nv_tileaa.expand_dims %rn1 {{axis = 0 : i32}} : tensor<1x{tn}xi32> -> tensor<1x1x{tn}xi32>
  %rk1 = nv_tileaa.expand_dims %rk {{axis = 0 : i32}} : tensor<{tk}xi32> -> tensor<1x{tk}xi32>
  %rka = nv_tileaa.expand_dims %rk1 {{axis = 0 : i32}} : tensor<1x{tk}xi32> -> tensor<1x1x{tk}xi32>
  %rkb = nv_tileaa.expand_dims %rk1 {{axis = 2 : i32}} : tensor<1x{tk}xi32> -> tensor<1x{tk}x1xi32>
  %mk = arith.muli %m, %k : i32
  %kn = arith.muli %k, %n : i32
  %mn = arith.muli %m, %n : i32
  %ab = nv_tileaa.broadcast %rb3 : tensor<{bb}x1x1xi32> -> tensor<{A}xi32>
  %am = nv_tileaa.broadcast %rm3 : tensor<1x{tm}x1xi32> -> tensor<{A}xi32>
  %ak = nv_tileaa.broadcast %rka : tensor<1x1x{tk}xi32> -> tensor<{A}xi32>
  %mks = nv_tileaa.splat %mk : i32 -> tensor<{A}xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<{A}xi32>
  %a_bo = arith.muli %ab, %mks : tensor<{A}xi32>
  %a_mo = arith.muli %am, %ks_a : tensor<{A}xi32>
  %a_bm = arith.addi %a_bo, %a_mo : tensor<{A}xi32>
  %batches_a = nv_tileaa.splat %batch : i32 -> tensor<{A}xi32>
  %ms_a = nv_tileaa.splat %m : i32 -> tensor<{A}xi32>
  %a_b_ok = arith.cmpi slt, %ab, %batches_a : tensor<{A}xi32>
  %a_m_ok = arith.cmpi slt, %am, %ms_a : tensor<{A}xi32>
  %a_ok = arith.andi %a_b_ok, %a_m_ok : tensor<{A}xi1>
  %bb_ = nv_tileaa.broadcast %rb3 : tensor<{bb}x1x1xi32> -> tensor<{B}xi32>
  %bk = nv_tileaa.broadcast %rkb : tensor<1x{tk}x1xi32> -> tensor<{B}xi32>
  %bn = nv_tileaa.broadcast %rn3 : tensor<1x1x{tn}xi32> -> tensor<{B}xi32>
  %kns = nv_tileaa.splat %kn : i32 -> tensor<{B}xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<{B}xi32>
  %b_bo = arith.muli %bb_, %kns : tensor<{B}xi32>
  %b_bn = arith.addi %b_bo, %bn : tensor<{B}xi32>
  %batches_b = nv_tileaa.splat %batch : i32 -> tensor<{B}xi32>
  %b_b_ok = arith.cmpi slt, %bb_, %batches_b : tensor<{B}xi32>
  %b_n_ok = arith.cmpi slt, %bn, %ns_b : tensor<{B}xi32>
  %b_ok = arith.andi %b_b_ok, %b_n_ok : tensor<{B}xi1>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<{ta}> -> tensor<{A}x!nv_tileaa.ptr<{ta}>>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<{ta}> -> tensor<{B}x!nv_tileaa.ptr<{ta}>>
  %zero = arith.constant dense<{zero}> : tensor<{C}x{tc}>
  %c0 = arith.constant 0 : i32
  %acc = scf.for %kk = %c0 to %k step %ctk iter_args(%sum = %zero) -> (tensor<{C}x{tc}>) : i32 {{
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<{A}xi32>
    %ka = arith.addi %kks_a, %ak : tensor<{A}xi32>
    %ka_ok = arith.cmpi slt, %ka, %ks_a : tensor<{A}xi32>
    %a_mask = arith.andi %a_ok, %ka_ok : tensor<{A}xi1>
    %a_offs = arith.addi %a_bm, %ka : tensor<{A}xi32>
    %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<{A}x!nv_tileaa.ptr<{ta}>>, tensor<{A}xi32>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<{A}x!nv_tileaa.ptr<{ta}>> -> tensor<{A}x{ta}>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<{B}xi32>
    %kb = arith.addi %kks_b, %bk : tensor<{B}xi32>
    %ks_b = nv_tileaa.splat %k : i32 -> tensor<{B}xi32>
    %kb_ok = arith.cmpi slt, %kb, %ks_b : tensor<{B}xi32>
    %b_mask = arith.andi %b_ok, %kb_ok : tensor<{B}xi1>
    %kb_rows = arith.muli %kb, %ns_b : tensor<{B}xi32>
    %b_offs = arith.addi %b_bn, %kb_rows : tensor<{B}xi32>
    %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<{B}x!nv_tileaa.ptr<{ta}>>, tensor<{B}xi32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<{B}x!nv_tileaa.ptr<{ta}>> -> tensor<{B}x{ta}>
{convert}
    %next = nv_tileaa.dot {a_in}, {b_in}, %sum {dot_attrs}: tensor<{A}x{tin}>, tensor<{B}x{tin}>, tensor<{C}x{tc}> -> tensor<{C}x{tc}>
    scf.yield %next : tensor<{C}x{tc}>
  }}
  %cb = nv_tileaa.broadcast %rb3 : tensor<{bb}x1x1xi32> -> tensor<{C}xi32>
  %cm = nv_tileaa.broadcast %rm3 : tensor<1x{tm}x1xi32> -> tensor<{C}xi32>
  %cn = nv_tileaa.broadcast %rn3 : tensor<1x1x{tn}xi32> -> tensor<{C}xi32>
  %mns = nv_tileaa.splat %mn : i32 -> tensor<{C}xi32>
  %ns_c = nv_tileaa.splat %n : i32 -> tensor<{C}xi32>
  %c_bo = arith.muli %cb, %mns : tensor<{C}xi32>
  %c_mo = arith.muli %cm, %ns_c : tensor<{C}xi32>
  %c_bm = arith.addi %c_bo, %c_mo : tensor<{C}xi32>
  %c_offs = arith.addi %c_bm, %cn : tensor<{C}xi32>
  %batches_c = nv_tileaa.splat %batch : i32 -> tensor<{C}xi32>
  %ms_c = nv_tileaa.splat %m : i32 -> tensor<{C}xi32>
  %c_b_ok = arith.cmpi slt, %cb, %batches_c : tensor<{C}xi32>
  %c_m_ok = arith.cmpi slt, %cm, %ms_c : tensor<{C}xi32>
  %c_n_ok = arith.cmpi slt, %cn, %ns_c : tensor<{C}xi32>
  %c_bm_ok = arith.andi %c_b_ok, %c_m_ok : tensor<{C}xi1>
  %c_mask = arith.andi %c_bm_ok, %c_n_ok : tensor<{C}xi1>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<{tc}> -> tensor<{C}x!nv_tileaa.ptr<{tc}>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<{C}x!nv_tileaa.ptr<{tc}>>, tensor<{C}xi32>
  nv_tileaa.store %c_ptrs, %acc, %c_mask : tensor<{C}x!nv_tileaa.ptr<{tc}>>, tensor<{C}x{tc}>
  nv_tileaa.return
}}
"""


def batched_kernel(ta, tc, bb, tm, tn, tk, warps):
    shape = lambda *d: "x".join(str(x) for x in d)
    tf32 = ta == "tf32"
    ta_mem = "f32" if tf32 else ta
    convert = ""
    if tf32:
        convert = ("    %a_in = nv_tileaa.fp_to_fp %a_tile : tensor<{0}xf32> -> "
                   "tensor<{0}xtf32>\n    %b_in = nv_tileaa.fp_to_fp %b_tile : "
                   "tensor<{1}xf32> -> tensor<{1}xtf32>").format(
                       shape(bb, tm, tk), shape(bb, tk, tn))
    dot_attrs = ""
    if ta == "i8":
        dot_attrs = ("{signedness_a = #nv_tileaa.signedness<signed>, "
                     "signedness_b = #nv_tileaa.signedness<signed>} ")
    return BATCHED.format(
        ta=ta_mem, tc=tc, tin=ta, bb=bb, tm=tm, tn=tn, tk=tk, warps=warps,
        A=shape(bb, tm, tk), B=shape(bb, tk, tn), C=shape(bb, tm, tn),
        zero="0" if tc == "i32" else "0.0", convert=convert,
        dot_attrs=dot_attrs, a_in="%a_in" if tf32 else "%a_tile",
        b_in="%b_in" if tf32 else "%b_tile")


np = None  # NumPy, imported by main() unless only the kernels are written
NP = {}


def sample(ta, shape, rng):
    if ta == "i8":
        return rng.integers(-128, 128, size=shape).astype(np.int8)
    if ta == "f64":  # more mantissa bits than f32 has: f32 math fails
        return rng.integers(-2**30, 2**30, size=shape) / 2.0**29
    values = rng.integers(-16, 17, size=shape) / 8.0  # exact in every type
    if ta == "bf16":
        bits = (values.astype(np.float32).view(np.uint32) >> 16)
        return bits.astype(np.uint16), values
    return values.astype(NP[ta])


def as_bytes_and_values(ta, array):
    if ta == "bf16":
        bits, values = array
        return bits.tobytes(), values
    return array.tobytes(), array.astype(np.float64 if ta != "i8" else np.int64)


def compare(name, ta, tc, got, a, b, k):
    """got vs a @ b (batched), with the rounding tc's accumulation allows."""
    if tc == "i32":
        want = (np.matmul(a, b) + 2**31) % 2**32 - 2**31
        bad = np.argwhere(got != want)
    else:
        want = np.matmul(a, b)
        magnitude = np.matmul(np.abs(a), np.abs(b))
        # f16: one rounding per 16-deep instruction plus the final one;
        # f32: one per instruction (and tf32 inputs are exact here).
        eps = {"f16": 2.0**-11, "f64": 2.0**-53}.get(tc, 2.0**-24)
        steps = math.ceil(k / 16) + 1 if tc == "f16" else k + 2
        tol = steps * eps * magnitude
        bad = np.argwhere(np.abs(got.astype(np.float64) - want) > tol)
    for index in bad[:5]:
        print("  %s: C%s = %r, expected %r" % (name, list(index),
                                               got[tuple(index)],
                                               want[tuple(index)]))
    return len(bad)


def run_2d(tools, name, transposed, target, m, n, k, rng):
    """An f16-accumulator GEMM (mma_gemm.py's template, C in f16)."""
    source = os.path.join(tools.work, name + ".mlir")
    with open(source, "w") as f:
        f.write(mma_gemm.kernel("f16", "f16", "f16", transposed))
    kern = tools.build(source, name=name, target=target)
    a = sample("f16", (m, k), rng)
    b = sample("f16", (k, n), rng)
    b_store = np.ascontiguousarray(b.T) if transposed else b
    args = [simlib.Buffer("a", a.tobytes()), simlib.Buffer("b", b_store.tobytes()),
            simlib.Buffer("c", b"\xff" * (m * n * 2)),
            simlib.Scalar("i32", m), simlib.Scalar("i32", n),
            simlib.Scalar("i32", k)]
    grid = (math.ceil(m / 64), math.ceil(n / 64), 1)
    out, _ = kern.launch(grid, (128, 1, 1), args, ctas_at_once=2)
    got = np.frombuffer(out["c"], dtype=np.float16).reshape(m, n)
    return compare(name, "f16", "f16", got[None], a.astype(np.float64)[None],
                   b.astype(np.float64)[None], k)


def run_batched(tools, case, target, batch, m, n, k, rng):
    name, ta, tc, bb, tm, tn, tk, warps = case
    source = os.path.join(tools.work, name + ".mlir")
    with open(source, "w") as f:
        f.write(batched_kernel(ta, tc, bb, tm, tn, tk, warps))
    kern = tools.build(source, name=name, target=target)
    a_bytes, a = as_bytes_and_values(ta, sample(ta, (batch, m, k), rng))
    b_bytes, b = as_bytes_and_values(ta, sample(ta, (batch, k, n), rng))
    csize = {"f16": 2, "f64": 8}.get(tc, 4)
    args = [simlib.Buffer("a", a_bytes), simlib.Buffer("b", b_bytes),
            simlib.Buffer("c", b"\xff" * (batch * m * n * csize)),
            simlib.Scalar("i32", batch), simlib.Scalar("i32", m),
            simlib.Scalar("i32", n), simlib.Scalar("i32", k)]
    grid = (math.ceil(m / tm), math.ceil(n / tn), math.ceil(batch / bb))
    out, _ = kern.launch(grid, (32 * warps, 1, 1), args, ctas_at_once=2)
    got = np.frombuffer(out["c"], dtype=NP[tc]).reshape(batch, m, n)
    return compare(name, ta, tc, got, a, b, k)


# name, operand type, accumulator type, tile BB x TM x TN, K step, warps
BATCHED_CASES = [
    ("bmm_f16", "f16", "f32", 2, 32, 32, 32, 4),
    ("bmm_f16_acc16", "f16", "f16", 2, 32, 32, 32, 4),
    ("bmm_bf16", "bf16", "f32", 4, 16, 16, 16, 4),
    ("bmm_tf32", "tf32", "f32", 2, 32, 16, 16, 4),
    ("bmm_i8", "i8", "i32", 2, 32, 32, 32, 4),
    ("bmm_f16_b1", "f16", "f32", 1, 32, 64, 32, 4),
    # 8 batches over 4 warps: each warp loops over 2 of them.
    ("bmm_f16_b8", "f16", "f32", 8, 16, 16, 16, 4),
    ("bmm_f64", "f64", "f64", 2, 16, 16, 8, 4),  # m8n8k4
]
TWO_D = [("f16_acc16", False), ("f16_acc16_bt", True)]


def main():
    args = mma_gemm.parse_arguments(__doc__)
    os.makedirs(args.work, exist_ok=True)
    if args.emit_mlir:
        for name, transposed in TWO_D:
            with open(os.path.join(args.work, name + ".mlir"), "w") as f:
                f.write(mma_gemm.kernel("f16", "f16", "f16", transposed))
        for case in BATCHED_CASES:
            with open(os.path.join(args.work, case[0] + ".mlir"), "w") as f:
                f.write(batched_kernel(*case[1:]))
        return 0
    global np
    import numpy as np
    NP.update({"f16": np.float16, "f32": np.float32, "i32": np.int32,
               "i8": np.int8, "tf32": np.float32, "f64": np.float64})
    tools = simlib.Toolchain(args.work, bin_dir=args.bin)
    rng = np.random.default_rng(2026)
    failed = passed = 0

    def report(name, bad):
        nonlocal failed, passed
        print("%s: %s on %s" % ("FAIL" if bad else "PASS", name, args.target))
        failed += bool(bad)
        passed += not bad

    for name, transposed in TWO_D:
        if not args.only or args.only == name:
            # M, N not multiples of 64, K not a multiple of 32.
            report(name, run_2d(tools, name, transposed, args.target,
                                70, 40, 72, rng))
    for case in BATCHED_CASES:
        if not args.only or args.only == case[0]:
            # batch, M, N, K: none a multiple of its tile.
            batch = 11 if case[3] > 2 else 3
            report(case[0], run_batched(tools, case, args.target,
                                        batch, 37, 41, 72, rng))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
