"""cuda_tile kernels that need the newer lowerings (loop/break/continue,
`for` with continue inside if, dynamic `extract`, batched mmaf with memory
orderings, block-scaled mmaf_scaled), compiled by tileiras for TARGET, run on the CPU simulator
(tools/sim) and compared with references computed here (Python standard
library only), and pointer casts with a masked compare-and-swap.

Usage: cuda_tile_cases.py BIN_DIR WORK_DIR TARGET [CASE...]  (CASE: only these)
"""
import math
from fractions import Fraction as F
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, *[".."] * 3)
sys.path.insert(0, os.path.join(REPO, "tools", "sim"))
sys.path.insert(0, os.path.join(REPO, "examples", "gpu"))
import simlib  # noqa: E402
from simlib import Buffer, Scalar  # noqa: E402
from specs import f32, f16, fma_f32  # noqa: E402

EXAMPLES = os.path.join(REPO, "examples", "cuda_tile")
INPUTS = os.path.join(REPO, "test", "E2E", "cuda_tile", "Inputs")


def pack(code, values):
    return struct.pack(f"<{len(values)}{code}", *values)


def unpack(code, data):
    return list(struct.unpack(f"<{len(data) // struct.calcsize(code)}{code}",
                              data))


def mismatch(name, got, want, tol=None):
    """None when equal (or within `tol(want)`), else a message about the
    first difference. NaNs compare equal to NaNs."""
    for i, (g, w) in enumerate(zip(got, want)):
        same = g == w or (g != g and w != w)
        if not same and tol is not None and abs(g - w) <= tol(w):
            same = True
        if not same:
            return f"{name}: element {i}: got {g}, want {w}"
    if len(got) != len(want):
        return f"{name}: {len(got)} values, want {len(want)}"
    return None


LIMIT = 30.0


def launch_scaled(tc, path, scales, count_fill, rng):
    """Launches a kernel (x, y, count, n, limit = LIMIT) with one tile block
    per scale, x uniform in +-scale; returns the outputs, n and each
    block's 128 inputs (0 past n)."""
    n = len(scales) * 128 - 37
    x = [f32(rng.uniform(-1, 1) * scales[i // 128]) for i in range(n)]
    k = tc.build(path, target=TARGET)
    out, _ = k.launch((len(scales), 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", pack("f", [-7.0] * (n + 64))),
        Buffer("count", pack("i", [count_fill] * len(scales))),
        Scalar("i32", n), Scalar("f32", struct.unpack(
            "<I", struct.pack("<f", LIMIT))[0])], ctas_at_once=2)
    blocks = [[x[j] if j < n else 0.0 for j in range(128 * b, 128 * b + 128)]
              for b in range(len(scales))]
    return out, n, blocks


def loop_break(tc, rng):
    """examples/cuda_tile/loop_break.mlir: blocks leave the loop at
    different iterations (scales 0.1 .. 2 against limit 30)."""
    out, n, blocks = launch_scaled(
        tc, os.path.join(EXAMPLES, "loop_break.mlir"),
        [0.1, 0.25, 0.5, 1.0, 2.0], -1, rng)
    want_y, want_count = [], []
    for xs in blocks:
        acc, i = [0.0] * 128, 0
        while True:
            i += 1
            if i % 3 == 0:
                continue
            acc = [fma_f32(v, float(i), a) for v, a in zip(xs, acc)]
            if max(abs(a) for a in acc) > LIMIT or i >= 20:
                break
        want_y += acc
        want_count.append(i)
    want_y = want_y[:n] + [-7.0] * 64
    return (mismatch("loop_break count", unpack("i", out["count"]),
                     want_count) or
            mismatch("loop_break y", unpack("f", out["y"]), want_y))


def for_continue(tc, rng):
    n, rows, ld = 300, 7, 304
    x = []
    for _ in range(rows):
        x += [f32(rng.uniform(-100, 100)) for _ in range(n)]
        x += [math.nan] * (ld - n)  # a masked-off read would give NaN
    k = tc.build(os.path.join(INPUTS, "for_continue.mlir"), target=TARGET)
    out, _ = k.launch((3, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", pack("f", [-7.0] * (n + 64))),
        Scalar("i32", n), Scalar("i32", rows), Scalar("i32", ld)],
        ctas_at_once=3)
    want = []
    for c in range(n):
        acc = 0.0
        for j in range(0, rows, 2):
            acc = f32(acc + x[j * ld + c])
        want.append(acc)
    return mismatch("for_continue", unpack("f", out["y"]),
                    want + [-7.0] * 64)


def extract(tc, rng):
    x = [f32(rng.uniform(-10, 10)) for _ in range(128)]
    k = tc.build(os.path.join(INPUTS, "extract.mlir"), target=TARGET)
    out, _ = k.launch((8, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", pack("f", [-7.0] * 256)),
        Scalar("i32", 6)], ctas_at_once=4)
    want = []
    for b in range(8):
        if b >= 6:  # returned early
            want += [-7.0] * 32
            continue
        want += x[16 * b:16 * b + 16]
        s = b % 4
        want += [x[16 * (4 + r) + 4 * s + c] for r in range(4)
                 for c in range(4)]
    return mismatch("extract", unpack("f", out["y"]), want)


def batched_mma(tc, rng):
    a = [f16(rng.uniform(-2, 2)) for _ in range(2 * 32 * 16)]
    b = [f16(rng.uniform(-2, 2)) for _ in range(2 * 16 * 32)]
    c = [f32(rng.uniform(-4, 4)) for _ in range(2 * 32 * 32)]
    k = tc.build(os.path.join(INPUTS, "batched_mma.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("a", pack("e", a)), Buffer("b", pack("e", b)),
        Buffer("c", pack("f", c)), Buffer("d", pack("f", [0.0] * 2048))])
    want, tol = [], []
    for bt in range(2):
        for i in range(32):
            for j in range(32):
                products = [a[bt * 512 + i * 16 + kk] * b[bt * 512 + kk * 32 + j]
                            for kk in range(16)]
                cc = c[bt * 1024 + i * 32 + j]
                want.append(math.fsum(products + [cc]))
                tol.append(18 * 2.0 ** -24 *
                           (math.fsum(abs(p) for p in products) + abs(cc)))
    got = unpack("f", out["d"])
    bad = [i for i, (g, w, t) in enumerate(zip(got, want, tol))
           if abs(g - w) > t]
    if bad:
        i = bad[0]
        return f"batched_mma: element {i}: got {got[i]}, want {want[i]}"
    return None


def large_dot(tc, rng):
    """A 128x128x512 f64 mmaf split along K (fragments over the register
    limit), with the accumulator converted in rounds where shared memory is
    short; M x N x K = 100 x 120 x 300, zero padding past the edges."""
    m, n, kk = 100, 120, 300
    a = [rng.uniform(-2, 2) for _ in range(m * kk)]
    b = [rng.uniform(-2, 2) for _ in range(kk * n)]
    c = [rng.uniform(-4, 4) for _ in range(m * n)]
    k = tc.build(os.path.join(INPUTS, "large_dot.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (256, 1, 1), [
        Buffer("a", pack("d", a)), Buffer("b", pack("d", b)),
        Buffer("c", pack("d", c)), Buffer("d", pack("d", [0.0] * (m * n))),
        Scalar("i32", m), Scalar("i32", n), Scalar("i32", kk)])
    got = unpack("d", out["d"])
    for i in range(m):
        for j in range(n):
            products = [a[i * kk + t] * b[t * n + j] for t in range(kk)]
            want = math.fsum(products + [c[i * n + j]])
            tol = kk * 2.0 ** -52 * (math.fsum(abs(p) for p in products) +
                                     abs(c[i * n + j]))
            if abs(got[i * n + j] - want) > tol:
                return (f"large_dot: element ({i}, {j}): got "
                        f"{got[i * n + j]}, want {want}")
    return None


def casts(tc, rng):
    """Pointer casts and a masked compare-and-swap, with some lanes enabled
    and with none."""
    x = [f32(rng.uniform(-50, 50)) for _ in range(128)]
    k = tc.build(os.path.join(INPUTS, "casts.mlir"), target=TARGET)
    for m in (77, 0):
        c0 = [r % 2 for r in range(128)]
        out, _ = k.launch((1, 1, 1), (128, 1, 1), [
            Buffer("x", pack("f", x)), Buffer("y", pack("i", [0] * 128)),
            Buffer("z", pack("f", [0.0] * 128)), Buffer("c", pack("i", c0)),
            Buffer("o", pack("i", [-1] * 128)), Scalar("i32", m)])
        want_c, want_o = list(c0), []
        for r in range(128):
            if r >= m:
                want_o.append(r % 3)
                continue
            want_o.append(c0[r])
            if c0[r] == r % 3:
                want_c[r] = r + 1
        error = (mismatch("casts y", unpack("i", out["y"]),
                          unpack("i", pack("f", x))) or
                 mismatch("casts z", unpack("f", out["z"]), x[::-1]) or
                 mismatch(f"casts c (m={m})", unpack("i", out["c"]), want_c) or
                 mismatch(f"casts o (m={m})", unpack("i", out["o"]), want_o))
        if error:
            return error
    return None


def argmax(tc, rng):
    """A reduce of two operands: row maxima and their first indices (the
    values repeat, so ties must pick the smaller index)."""
    x = [float(rng.randint(-20, 20)) for _ in range(8 * 128)]
    x[130] = x[131] = 99.0  # row 1: a tie at the maximum
    k = tc.build(os.path.join(INPUTS, "argmax.mlir"), target=TARGET)
    out, _ = k.launch((2, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("vmax", pack("f", [0.0] * 8)),
        Buffer("imax", pack("i", [-1] * 8))], ctas_at_once=2)
    rows = [x[128 * r:128 * r + 128] for r in range(8)]
    want_v = [max(row) for row in rows]
    want_i = [row.index(max(row)) for row in rows]
    return (mismatch("argmax values", unpack("f", out["vmax"]), want_v) or
            mismatch("argmax indices", unpack("i", out["imax"]), want_i))


def scan_argmax(tc, rng):
    """A scan of two operands: running row maxima and the first index of
    each (the values repeat, so ties must keep the smaller index)."""
    x = [float(rng.randint(-20, 20)) for _ in range(8 * 128)]
    k = tc.build(os.path.join(INPUTS, "scan_argmax.mlir"), target=TARGET)
    out, _ = k.launch((2, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("vmax", pack("f", [0.0] * 1024)),
        Buffer("imax", pack("i", [-1] * 1024))], ctas_at_once=2)
    want_v, want_i = [], []
    for r in range(8):
        best, at = -math.inf, 0
        for c in range(128):
            if x[128 * r + c] > best:
                best, at = x[128 * r + c], c
            want_v.append(best)
            want_i.append(at)
    return (mismatch("scan_argmax values", unpack("f", out["vmax"]), want_v)
            or mismatch("scan_argmax indices", unpack("i", out["imax"]),
                        want_i))


def gather(tc, rng):
    """Inputs/gather.mlir: gather_scatter_view loads and stores of 8
    distinct rows, columns from `col` (cut at the matrix edge for 20)."""
    x = [f32(rng.uniform(-10, 10)) for _ in range(32 * 32)]
    rows = rng.sample(range(32), 8)
    k = tc.build(os.path.join(INPUTS, "gather.mlir"), target=TARGET)
    for col in (4, 20):
        out, _ = k.launch((1, 1, 1), (128, 1, 1), [
            Buffer("x", pack("f", x)), Buffer("idx", pack("i", rows)),
            Buffer("g", pack("f", [-7.0] * 128)),
            Buffer("y", pack("f", [-7.0] * 1024)), Scalar("i32", col)])
        want_g = [x[32 * r + c] if c < 32 else 0.0
                  for r in rows for c in range(col, col + 16)]
        want_y = [-7.0] * 1024
        for r in rows:
            for c in range(col, min(col + 16, 32)):
                want_y[32 * r + c] = 2 * x[32 * r + c]
        error = (mismatch(f"gather g (col={col})", unpack("f", out["g"]),
                          want_g) or
                 mismatch(f"gather y (col={col})", unpack("f", out["y"]),
                          want_y))
        if error:
            return error
    return None


def atomic_red(tc, rng):
    """atomic_red_view_tko from 4 tile blocks into 2 view tiles, the second
    cut by the view's extent."""
    m = 13
    k = tc.build(os.path.join(INPUTS, "atomic_red.mlir"), target=TARGET)
    out, _ = k.launch((4, 1, 1), (128, 1, 1), [
        Buffer("y", pack("f", [0.5] * (16 * m) + [-7.0] * 64)),
        Scalar("i32", m)], ctas_at_once=4)
    want = [0.5 + (4.0 if r < 8 else 6.0) for r in range(m) for _ in range(16)]
    return mismatch("atomic_red", unpack("f", out["y"]), want + [-7.0] * 64)


def pack_unpack(tc, rng):
    x = [f32(rng.uniform(-1e6, 1e6)) for _ in range(64)]
    k = tc.build(os.path.join(INPUTS, "pack.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", bytes(256)),
        Buffer("z", bytes(256))])
    raw = pack("f", x)
    return (mismatch("pack", list(out["y"]), list(raw)) or
            mismatch("unpack", unpack("H", out["z"]), unpack("H", raw)))


def nibbles(data):
    """The 4-bit elements packed two a byte in `data` (element 2j in the
    low nibble), as unsigned values 0..15."""
    return [byte >> shift & 0xF for byte in data for shift in (0, 4)]


def sx4(u):
    """The i4 value of nibble `u`."""
    return u - 16 if u & 8 else u


def int4(tc, rng):
    """Inputs/int4.mlir: i4 tiles unpacked from bytes, extended, combined
    with wrapping i4 arithmetic and unsigned/signed comparisons, converted
    to f32, truncated back to i4 and packed. n = 300 bytes: the last tile
    block is partial (loads pad with zero bytes, stores are masked)."""
    n = 300
    q = [rng.randrange(256) for _ in range(n)]
    r = [rng.randrange(256) for _ in range(n)]
    q[:8] = [0x80, 0x7F, 0xF8, 0x08, 0x00, 0xFF, 0x88, 0x77]
    r[:8] = [0x18, 0xF7, 0x81, 0x88, 0x0F, 0x10, 0x77, 0x88]
    kernel = tc.build(os.path.join(INPUTS, "int4.mlir"), target=TARGET)
    out, _ = kernel.launch((3, 1, 1), (128, 1, 1), [
        Buffer("q", bytes(q)), Buffer("r", bytes(r)),
        Buffer("w", pack("i", [-99] * (8 * 2 * n))),
        Buffer("f", pack("f", [-7.0] * (2 * n))),
        Buffer("g", pack("f", [-7.0] * (2 * n))),
        Buffer("s", bytes([0xAA] * n)), Scalar("i32", n)], ctas_at_once=3)
    ua, ub = nibbles(q), nibbles(r)
    a, b = [sx4(u) for u in ua], [sx4(u) for u in ub]
    def wrap(x):
        return sx4(x & 0xF)
    rows = [a, ua, [wrap(x + y) for x, y in zip(a, b)],
            [wrap(x * y) for x, y in zip(a, b)], [u >> 1 for u in ua],
            [max(x, y) for x, y in zip(a, b)],
            [sx4(min(u, v)) for u, v in zip(ua, ub)],
            [x if u < v else y for x, y, u, v in zip(a, b, ua, ub)]]
    want_s = [(lo + 9 & 0xF) | (hi + 9 & 0xF) << 4
              for lo, hi in zip(a[::2], a[1::2])]
    return (mismatch("int4 rows", unpack("i", out["w"]),
                     [v for row in rows for v in row]) or
            mismatch("int4 itof signed", unpack("f", out["f"]),
                     [x * 0.5 for x in a]) or
            mismatch("int4 itof unsigned", unpack("f", out["g"]), ua) or
            mismatch("int4 pack(trunci)", list(out["s"]), want_s))


def int4_reduce(tc, rng):
    """Inputs/int4_reduce.mlir: a wrapping i4 sum (reduce), a running
    signed maximum (scan), mulhii and ftoi (signed, and unsigned up to 15)
    to i4, and an argmax (a reduce of an i4 and an i32 operand)."""
    q = [rng.randrange(256) for _ in range(128)]
    r = [rng.randrange(256) for _ in range(128)]
    x = [f32(rng.uniform(-8, 8)) for _ in range(256)]
    x[:4] = [-7.75, 7.99, -0.5, 0.0]
    kernel = tc.build(os.path.join(INPUTS, "int4_reduce.mlir"), target=TARGET)
    bufs = [Buffer("q", bytes(q)), Buffer("r", bytes(r)),
            Buffer("x", pack("f", x)), Buffer("s", pack("i", [-99] * 4))]
    bufs += [Buffer(name, pack("i", [-99] * 256)) for name in "chgu"]
    bufs.append(Buffer("k", pack("i", [-99] * 4)))
    out, _ = kernel.launch((1, 1, 1), (128, 1, 1), bufs)
    ua, ub = nibbles(q), nibbles(r)
    a = [sx4(v) for v in ua]
    sums = [sx4(sum(a[64 * i:64 * i + 64]) & 0xF) for i in range(4)]
    running = []
    for i in range(4):
        best = -8
        for v in a[64 * i:64 * i + 64]:
            best = max(best, v)
            running.append(best)
    high = [sx4(u * v >> 4) for u, v in zip(ua, ub)]
    argmax = []
    for i in range(4):
        row = a[64 * i:64 * i + 64]
        argmax.append(row.index(max(row)))
    return (mismatch("int4 reduce", unpack("i", out["s"]), sums) or
            mismatch("int4 scan", unpack("i", out["c"]), running) or
            mismatch("int4 mulhii", unpack("i", out["h"]), high) or
            mismatch("int4 ftoi signed", unpack("i", out["g"]),
                     [int(v) for v in x]) or
            mismatch("int4 ftoi unsigned", unpack("i", out["u"]),
                     [sx4(int(2 * abs(v))) for v in x]) or
            mismatch("int4 argmax", unpack("i", out["k"]), argmax))


def print_four_bit(tc, rng):
    """Inputs/print_four_bit.mlir: print_tko of i4 and f4E2M1FN tiles."""
    kernel = tc.build(os.path.join(INPUTS, "print_four_bit.mlir"),
                      target=TARGET)
    _, stdout = kernel.launch((1, 1, 1), (128, 1, 1), [])
    want = [f"pid (0, 0, 0) idx ({i}): i4 {v} f4 {f}" for i, (v, f) in
            enumerate([(-8, "-6.00"), (7, "0.50"), (-1, "1.50"), (3, "-0.00")])]
    got = sorted(stdout.splitlines())
    return None if got == want else f"print_four_bit: got {got!r}"


def four_bit_loop(tc, rng):
    """Inputs/four_bit_loop.mlir: i4 and f4E2M1FN tiles carried by `for`
    and chosen by `if` (n = 0, 1, 3)."""
    kernel = tc.build(os.path.join(INPUTS, "four_bit_loop.mlir"),
                      target=TARGET)
    q = [rng.randrange(256) for _ in range(32)]
    for n in (0, 1, 3):
        out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
            Buffer("p", pack("i", [-99] * 64)), Buffer("q", bytes(q)),
            Scalar("i32", n)])
        a, codes = 1, nibbles(q)
        for k in range(n):
            a = sx4(2 * a & 0xF)
            if k >= 1:
                codes = [encode_e2m1(2 * decode_e2m1(c)) for c in codes]
        error = (mismatch(f"four_bit_loop p (n={n})", unpack("i", out["p"]),
                          [a] * 64) or
                 mismatch(f"four_bit_loop q (n={n})", list(out["q"]),
                          list(packed_codes(codes))))
        if error:
            return error
    return None


def views(tc, rng):
    """Inputs/views.mlir: views carried by `for`, chosen by `if`, broken out
    of `loop`, and a tensor_view kernel parameter (base, extent, stride)."""
    n = 300
    a = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    b = [f32(rng.uniform(-10, 10)) for _ in range(n)]
    want = [f32(f32(f32(f32(a[i] + b[i]) + a[i]) + b[i]) + a[i])
            for i in range(n)]
    k = tc.build(os.path.join(INPUTS, "views.mlir"), target=TARGET)
    for flag in (1, 0):
        out, _ = k.launch((3, 1, 1), (128, 1, 1), [
            Buffer("a", pack("f", a)), Buffer("b", pack("f", b)),
            Buffer("out", pack("f", [-7.0] * (2 * n))), Scalar("i64", n),
            Scalar("i64", 2), Buffer("alt", pack("f", [-7.0] * n)),
            Scalar("i32", n), Scalar("i32", flag)], ctas_at_once=3)
        strided = [-7.0] * (2 * n)
        strided[::2] = want
        error = (mismatch(f"views out (flag={flag})", unpack("f", out["out"]),
                          strided if flag else [-7.0] * (2 * n)) or
                 mismatch(f"views alt (flag={flag})", unpack("f", out["alt"]),
                          [-7.0] * n if flag else want))
        if error:
            return error
    return None


def alloca(tc, rng):
    """Inputs/alloca.mlir: per-tile-block scratch from the buffer passed as
    the last parameter (64 + 64 f32 per block at alignment 256: 512 bytes,
    as the kernel metadata says), read back reversed by other threads."""
    blocks = 3
    x = [f32(rng.uniform(-100, 100)) for _ in range(64 * blocks)]
    k = tc.build(os.path.join(INPUTS, "alloca.mlir"), target=TARGET)
    out, _ = k.launch((blocks, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", pack("f", [-7.0] * len(x))),
        Buffer("scratch", bytes(512 * blocks))], ctas_at_once=blocks)
    want = [f32(2 * x[64 * b + 63 - i] + 1.0)
            for b in range(blocks) for i in range(64)]
    return mismatch("alloca", unpack("f", out["y"]), want)


def loop_return(tc, rng):
    """Inputs/loop_return.mlir: `return` from a `for` inside a `loop`;
    blocks leave at different steps (scales 0.01 .. 4), the first never."""
    out, n, blocks = launch_scaled(
        tc, os.path.join(INPUTS, "loop_return.mlir"),
        [0.01, 0.1, 0.5, 1.0, 4.0], -5, rng)
    want_y, want_count = [], []
    for xs in blocks:
        acc, stop = [0.0] * 128, -1
        for t in range(20):
            acc = [fma_f32(v, float(t), a) for v, a in zip(xs, acc)]
            if max(abs(a) for a in acc) > LIMIT:
                stop = t
                break
        want_y += acc
        want_count.append(stop)
    if len(set(want_count)) < 3:
        return "loop_return: the inputs do not leave at different steps"
    want_y = want_y[:n] + [-7.0] * 64
    return (mismatch("loop_return count", unpack("i", out["count"]),
                     want_count) or
            mismatch("loop_return y", unpack("f", out["y"]), want_y))


def round_f32(q, mode):
    """The f32 nearest to the exact rational q in `mode` (rn, rz, rm, rp),
    subnormals included (no overflow in these tests)."""
    if q == 0:
        return 0.0
    neg, a = q < 0, abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if F(2) ** e > a:
        e -= 1
    quantum = F(2) ** (max(e, -126) - 23)
    n = a / quantum
    low = n.numerator // n.denominator
    up = {"rz": False, "rm": neg, "rp": not neg}.get(mode)
    if up is None:  # rn: ties to even
        rest = n - low
        up = rest > F(1, 2) or (rest == F(1, 2) and low % 2)
    m = low + (1 if up and n != low else 0)
    return float(-m * quantum if neg else m * quantum)


def flush(v):
    return math.copysign(0.0, v) if abs(v) < 2.0 ** -126 else v


def sqrt_rz(a):
    """The largest f32 r with r * r <= a."""
    r = f32(math.sqrt(a))
    step = 2.0 ** -149
    while F(r) ** 2 > F(a):
        r = f32(r - max(step, abs(r) * 2.0 ** -24))
    while F(f32(r + max(step, r * 2.0 ** -23))) ** 2 <= F(a):
        r = f32(r + max(step, r * 2.0 ** -23))
    return r


def add_ftz(a, b):
    """add.rn.ftz.f32: subnormal inputs and results become signed zeros."""
    a, b = flush(a), flush(b)
    if F(a) + F(b) == 0:  # x + (-x) is +0, -0 + -0 is -0
        both = math.copysign(1, a) < 0 and math.copysign(1, b) < 0
        return -0.0 if both else 0.0
    return flush(round_f32(F(a) + F(b), "rn"))


def mul_rz_ftz(a, b):
    a, b = flush(a), flush(b)
    sign = math.copysign(1, a) * math.copysign(1, b)
    return flush(math.copysign(round_f32(F(a) * F(b), "rz"), sign))


def rounding(tc, rng):
    """Inputs/rounding.mlir: directed roundings, flush_to_zero, approximate
    division and square root, directed itof, against exact rationals.
    Lanes 0-15: x subnormal; 16-23: x and y subnormal of one sign; 24-31:
    products below the normal range; the rest ordinary values."""
    x, y = [], []
    for i in range(128):
        if i < 16:
            x.append(f32(rng.uniform(-1, 1) * 2.0 ** -128))
            y.append(f32(rng.uniform(0.5, 4) * rng.choice([-1, 1])))
        elif i < 24:
            sign = rng.choice([-1, 1])
            x.append(f32(sign * rng.uniform(0.1, 1) * 2.0 ** -128))
            y.append(f32(sign * rng.uniform(0.1, 1) * 2.0 ** -130))
        elif i < 32:
            x.append(f32(rng.uniform(1, 2) * 2.0 ** -70))
            y.append(f32(-rng.uniform(1, 2) * 2.0 ** -70))
        else:
            x.append(f32(rng.uniform(-1, 1) * 2.0 ** rng.randint(-20, 20)))
            y.append(f32(rng.uniform(0.5, 1) * rng.choice([-1, 1]) *
                         2.0 ** rng.randint(-20, 20)))
    z = [rng.randint(-2 ** 31, 2 ** 31 - 1) for _ in range(128)]
    k = tc.build(os.path.join(INPUTS, "rounding.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("y", pack("f", y)),
        Buffer("z", pack("i", z)), Buffer("out", bytes(4 * 1920))])
    got = unpack("f", out["out"])
    exact = [
        lambda a, b, n: round_f32(F(a) + F(b), "rz"),
        lambda a, b, n: round_f32(F(a) - F(b), "rm"),
        lambda a, b, n: round_f32(F(a) * F(b), "rp"),
        lambda a, b, n: round_f32(F(a) / F(b), "rz"),
        lambda a, b, n: round_f32(F(a) * F(b) + F(a), "rp"),
        lambda a, b, n: sqrt_rz(abs(a)),
        lambda a, b, n: add_ftz(a, b),
        lambda a, b, n: mul_rz_ftz(a, b),
        lambda a, b, n: flush(max(a, b)),
        lambda a, b, n: round_f32(F(n), "rz"),
        lambda a, b, n: round_f32(F(n & 0xFFFFFFFF), "rp"),
    ]
    for row, fn in enumerate(exact):
        want = [fn(a, b, n) for a, b, n in zip(x, y, z)]
        for i, (g, w) in enumerate(zip(got[128 * row:], want)):
            if g != w or math.copysign(1, g) != math.copysign(1, w):
                return f"rounding row {row}: element {i}: got {g!r}, " \
                       f"want {w!r} (x={x[i]!r}, y={y[i]!r}, z={z[i]})"
    approx = [lambda a, b: a / b, lambda a, b: a / b,
              lambda a, b: math.sqrt(abs(a)),
              lambda a, b: 1 / math.sqrt(abs(flush(a))) if flush(a)
              else math.inf]
    for row, fn in enumerate(approx, start=11):
        first = 32 if row < 14 else 0
        want = [fn(a, b) for a, b in zip(x[first:], y[first:])]
        error = mismatch(f"rounding row {row}", got[128 * row + first:
                                                    128 * row + 128],
                         want, tol=lambda w: 2.0 ** -21 * abs(w))
        if error:
            return error
    return None


# (significand bits, largest exponent) of the itof64 result types.
FORMATS = {"f32": (24, 127), "f64": (53, 1023), "f16": (11, 15),
           "bf16": (8, 127)}


def round_int(n, mode, fmt):
    """The `fmt` value nearest to the integer n in the directed `mode` (rz,
    rm, rp): n's p leading bits, plus one unit away from zero where the
    mode points away from zero and bits were dropped; past the largest
    finite value, infinity away from zero and that value toward it."""
    p, emax = FORMATS[fmt]
    neg, a = n < 0, abs(n)
    drop = max(a.bit_length() - p, 0)
    low = a >> drop << drop
    away = {"rz": False, "rm": neg, "rp": not neg}[mode]
    m = low + (1 << drop) if away and low != a else low
    largest = (2 ** p - 1) << (emax - p + 1)
    if m > largest:
        m = math.inf if away else largest
    return -float(m) if neg else float(m)


def itof64(tc, rng):
    """Inputs/itof64.mlir: itof with directed roundings from i64 to f32,
    f64, f16 and bf16, signed and unsigned, against exact rounding of the
    integers: the extremes, values one past a representable neighbour,
    halfway values, f16's overflow edge and random magnitudes."""
    fixed = [0, 1, -1, 2 ** 63 - 1, -2 ** 63, 2 ** 24 + 1, -(2 ** 24 + 1),
             2 ** 24 + 3, 2 ** 53 + 1, -(2 ** 53 + 1), 2 ** 53 + 3,
             2 ** 62 + 2 ** 39, 65504, 65505, 65519, 65520, 65535, 70000,
             -65505, -65520, -70000, 2 ** 40 - 1, -(2 ** 40 - 1), 255, 257,
             -257, 2 ** 63 - 2 ** 39, -(2 ** 63 - 2 ** 39), 2 ** 11 + 1]
    z = fixed + [rng.choice([-1, 1]) * rng.randrange(2 ** rng.randint(1, 63))
                 for _ in range(128 - len(fixed))]
    rows = {"f32": [("s", "rz"), ("s", "rm"), ("s", "rp"), ("u", "rz"),
                    ("u", "rm"), ("u", "rp")],
            "f64": [("s", "rz"), ("s", "rp"), ("u", "rm")],
            "f16": [("s", "rz"), ("s", "rm"), ("s", "rp"), ("u", "rp")],
            "bf16": [("s", "rz"), ("s", "rp"), ("u", "rm")]}
    size = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2}
    k = tc.build(os.path.join(INPUTS, "itof64.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [Buffer("z", pack("q", z))] + [
        Buffer("out_" + t, bytes(size[t] * 128 * len(r)))
        for t, r in rows.items()])
    for t, conversions in rows.items():
        data = out["out_" + t]
        if t == "bf16":
            got = [struct.unpack("<f", struct.pack("<I", h << 16))[0]
                   for h in unpack("H", data)]
        else:
            got = unpack({"f32": "f", "f64": "d", "f16": "e"}[t], data)
        for row, (sign, mode) in enumerate(conversions):
            want = [round_int(n if sign == "s" else n % 2 ** 64, mode, t)
                    for n in z]
            error = mismatch(f"itof64 {t} {sign} {mode}",
                             got[128 * row:128 * row + 128], want)
            if error:
                return error
    return None


def round_tf32(text):
    """The decimal `text` rounded to tf32 (11 significant bits, ties to
    even), as the parser rounds a tf32 literal."""
    q = F(text)
    if q == 0:
        return 0.0
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if F(2) ** e > a:
        e -= 1
    n = a / F(2) ** (e - 10)
    low = n.numerator // n.denominator
    rest = n - low
    if rest > F(1, 2) or (rest == F(1, 2) and low % 2):
        low += 1
    value = float(low * F(2) ** (e - 10))
    return -value if q < 0 else value


def tf32_global(tc, rng):
    """Inputs/tf32_global.mlir: a tf32 module global (stored as f32 bits)
    read through get_global and widened to f32, against the literals
    rounded to tf32."""
    texts = ["0.5", "1.0", "-1.5", "2.25", "0.1", "0.3333333333", "-1024.0",
             "65504.0", "1.0e-3", "-7.0", "3.0", "0.0", "100.0", "-0.125",
             "6.5", "1.0e10"]
    k = tc.build(os.path.join(INPUTS, "tf32_global.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1),
                      [Buffer("y", pack("f", [0.0] * 16))])
    return mismatch("tf32 global", unpack("f", out["y"]),
                    [round_tf32(t) for t in texts])


def view0(tc, rng):
    """Inputs/view0.mlir: 0-d views (load, store, atomic_red_view) from 4
    tile blocks: y[b] = 2 x, z = 0 + 1 + 2 + 3 + 4."""
    x = f32(rng.uniform(-10, 10))
    k = tc.build(os.path.join(INPUTS, "view0.mlir"), target=TARGET)
    out, _ = k.launch((4, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", [x])), Buffer("y", pack("f", [0.0] * 5)),
        Buffer("z", pack("f", [0.0]))], ctas_at_once=2)
    return (mismatch("view0 y", unpack("f", out["y"]), [2 * x] * 4 + [0.0])
            or mismatch("view0 z", unpack("f", out["z"]), [10.0]))


def globals_case(tc, rng):
    """Inputs/globals.mlir: a constant table read through get_global and a
    mutable counter (initialized to 100) incremented atomically."""
    table = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, -1.0, -2.0, -3.0, -4.0,
             0.25, 0.125, 8.0, 16.0]
    k = tc.build(os.path.join(INPUTS, "globals.mlir"), target=TARGET)
    out, _ = k.launch((4, 1, 1), (128, 1, 1), [
        Buffer("y", pack("f", [0.0] * 64)), Buffer("z", pack("i", [0] * 4))],
        ctas_at_once=2)
    return (mismatch("globals y", unpack("f", out["y"]),
                     [2 * v for v in table] * 4) or
            mismatch("globals z", sorted(unpack("i", out["z"])),
                     [100, 101, 102, 103]))


def decode_fp8(byte, exponent_bits):
    """The value of an f8E4M3FN (4 exponent bits) or f8E5M2 (5) byte."""
    mantissa_bits = 7 - exponent_bits
    sign = -1.0 if byte & 0x80 else 1.0
    e = (byte >> mantissa_bits) & ((1 << exponent_bits) - 1)
    m = byte & ((1 << mantissa_bits) - 1)
    bias = (1 << (exponent_bits - 1)) - 1
    if exponent_bits == 4 and e == 15 and m == 7:
        return math.nan  # E4M3FN: no infinities, one NaN pattern
    if exponent_bits == 5 and e == 31:
        return math.nan if m else sign * math.inf
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - mantissa_bits)
    return sign * (1 + m / (1 << mantissa_bits)) * 2.0 ** (e - bias)


def unpack8(tc, rng):
    """Inputs/unpack8.mlir: every byte pattern from 0 to 255 read as
    f8E4M3FN and f8E5M2 (unpack to 8-bit types) and widened to f32."""
    data = list(range(128))
    k = tc.build(os.path.join(INPUTS, "unpack8.mlir"), target=TARGET)
    for half in (0, 128):
        raw = bytes(b + half for b in data)
        out, _ = k.launch((1, 1, 1), (128, 1, 1), [
            Buffer("x", raw), Buffer("y", pack("f", [0.0] * 256))])
        want = ([decode_fp8(b, 4) for b in raw] +
                [decode_fp8(b, 5) for b in raw])
        error = mismatch(f"unpack8 (bytes from {half})",
                         unpack("f", out["y"]), want)
        if error:
            return error
    return None


def fp8_bytes(rng, count, exponent_bits):
    """Random finite f8E4M3FN (4) or f8E5M2 (5) bytes."""
    out = []
    while len(out) < count:
        byte = rng.randrange(256)
        if math.isfinite(decode_fp8(byte, exponent_bits)):
            out.append(byte)
    return out


E2M1 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def decode_e2m1(nibble):
    return -E2M1[nibble & 7] if nibble & 8 else E2M1[nibble & 7]


def packed_e2m1(data, index):
    """Element `index` of e2m1 values packed two a byte (the even index in
    the low nibble), decoded."""
    return decode_e2m1(data[index // 2] >> (4 * (index % 2)) & 0xF)


def encode_e2m1(v):
    """The e2m1 code of float v: nearest, ties to the even code, saturated
    to +-6; NaN gives +6 (code 7); -0 keeps its sign."""
    if v != v:
        return 7
    a = min(abs(v), 6.0)
    code = min(range(8), key=lambda c: (abs(E2M1[c] - a), c % 2))
    return code | (8 if math.copysign(1.0, v) < 0 else 0)


def packed_codes(codes):
    """Bytes of 4-bit codes packed two a byte (element 2j low)."""
    return bytes(lo | hi << 4 for lo, hi in zip(codes[::2], codes[1::2]))


def fp4_convert(tc, rng):
    """Inputs/fp4_convert.mlir: f32 and f16 values to f4E2M1FN (ties, +-0,
    saturation, infinities, NaN, values one ulp around every rounding
    threshold) stored through an f4E2M1FN view, and random codes loaded
    from one and converted to f32 and f16. M x K = 37 x 70: partial tiles
    in both dimensions, a partial byte row (K % 64 = 6) at the edge."""
    m, k = 37, 70
    special = [0.0, -0.0, 6.0, -6.0, 7.0, 1e30, -1e30, math.inf, -math.inf,
               math.nan, -math.nan, 1e-30, -1e-30]
    for t in (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0):
        for v in (t, math.nextafter(t, 0), math.nextafter(t, 9)):
            special += [f32(v), -f32(v)]
    x = special + [f32(rng.uniform(-8, 8)) for _ in range(m * k - len(special))]
    p = [rng.randrange(256) for _ in range(m * k // 2)]
    kernel = tc.build(os.path.join(INPUTS, "fp4_convert.mlir"), target=TARGET)
    out, _ = kernel.launch((3, 2, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("q", bytes([0xAA] * (m * k // 2))),
        Buffer("q2", bytes([0xAA] * (m * k // 2))), Buffer("p", bytes(p)),
        Buffer("y", pack("f", [-7.0] * (m * k))),
        Buffer("z", pack("e", [-7.0] * (m * k))),
        Scalar("i32", m), Scalar("i32", k)], ctas_at_once=6)
    def to_f16(v):  # overflow to infinity, as cvt.rn.f16.f32 does
        if v != v or abs(v) >= 65520.0:
            return v if v != v else math.copysign(math.inf, v)
        return f16(v)
    halves = [to_f16(v) for v in x]
    decoded = [packed_e2m1(p, i) for i in range(m * k)]
    return (mismatch("fp4 from f32", list(out["q"]),
                     list(packed_codes([encode_e2m1(v) for v in x]))) or
            mismatch("fp4 from f16", list(out["q2"]),
                     list(packed_codes([encode_e2m1(v) for v in halves]))) or
            mismatch("fp4 to f32", unpack("f", out["y"]), decoded) or
            mismatch("fp4 to f16", unpack("e", out["z"]), decoded))


def fp4_requant(tc, rng):
    """Inputs/fp4_requant.mlir: A = ftof(X) to f4E2M1FN in the kernel, B
    stored with N contiguous (repacked along K for the dot), D =
    mmaf_scaled(A, B) against exact sums, then Q = ftof(D) stored through
    a 32 x 30 f4E2M1FN view (bytes past column 30 untouched)."""
    m, n, k = 32, 32, 64
    x = [f32(rng.uniform(-7, 7)) for _ in range(m * k)]
    x[:6] = [0.25, 0.75, -2.5, 5.0, math.inf, -0.0]
    b = [rng.randrange(256) for _ in range(k * n // 2)]
    sa = [rng.randint(123, 131) for _ in range(m * 2)]
    sb = [rng.randint(123, 131) for _ in range(2 * n)]
    kernel = tc.build(os.path.join(INPUTS, "fp4_requant.mlir"), target=TARGET)
    out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("b", bytes(b)),
        Buffer("sa", bytes(sa)), Buffer("sb", bytes(sb)),
        Buffer("d", pack("f", [-7.0] * (m * n))),
        Buffer("q", bytes([0xAA] * (m * 15 + 1)))])
    got = unpack("f", out["d"])
    a = [decode_e2m1(encode_e2m1(v)) for v in x]
    for i in range(m):
        for j in range(n):
            products = [a[i * k + q] * 2.0 ** (sa[i * 2 + q // 32] - 127) *
                        packed_e2m1(b, q * n + j) *
                        2.0 ** (sb[q // 32 * n + j] - 127) for q in range(k)]
            error = sum_error(f"fp4_requant d[{i}][{j}]", got[i * n + j],
                              products)
            if error:
                return error
    codes = [encode_e2m1(got[i * n + j]) for i in range(m) for j in range(30)]
    return mismatch("fp4_requant q", list(out["q"]),
                    list(packed_codes(codes)) + [0xAA])


def e8m0_ceil(v):
    """The f8E8M0FNU byte of positive f32 v rounded up to a power of two
    (0 for zero)."""
    if v == 0:
        return 0
    mant, exp = math.frexp(v)
    return max(0, min(254, (exp - 1 if mant == 0.5 else exp) + 127))


def quantize_mxfp4(tc, rng):
    """examples/cuda_tile/quantize_mxfp4.mlir: M x K = 45 x 100 f32 (rows
    of varied magnitude, a zero block, exact ties) to MXFP4 codes and
    scales; partial tiles along both dimensions and a partial last block
    (K = 3 * 32 + 4) whose padding must not raise its scale."""
    m, k, ks = 45, 100, 5
    nb = (k + 31) // 32
    x = [f32(rng.uniform(-1, 1) * 2.0 ** rng.randint(-20, 20))
         for _ in range(m * k)]
    x[0:32] = [0.0] * 32
    x[k:k + 32] = [6.0, -3.0, 0.25, 2.5, 5.0, -0.75] + [1.0] * 26
    kernel = tc.build(os.path.join(EXAMPLES, "quantize_mxfp4.mlir"),
                      target=TARGET)
    out, _ = kernel.launch((2, 2, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("q", bytes([0xAA] * (m * k // 2))),
        Buffer("s", bytes([0xAA] * (m * ks))), Scalar("i32", m),
        Scalar("i32", k), Scalar("i32", ks)], ctas_at_once=4)
    want_s = [0xAA] * (m * ks)
    codes = []
    for i in range(m):
        row = x[i * k:(i + 1) * k]
        for b in range(nb):
            amax = max(abs(v) for v in row[32 * b:32 * b + 32])
            want_s[i * ks + b] = e8m0_ceil(f32(amax / 6.0))
        codes += [encode_e2m1(v / 2.0 ** (want_s[i * ks + j // 32] - 127))
                  for j, v in enumerate(row)]
    return (mismatch("quantize_mxfp4 scales", list(out["s"]), want_s) or
            mismatch("quantize_mxfp4 codes", list(out["q"]),
                     list(packed_codes(codes))))


def matmul_w4a16(tc, rng):
    """examples/cuda_tile/matmul_w4a16.mlir: M, N, K = 70, 67, 100 (partial
    tiles everywhere, a partial K step and a partial scale group): C = A x
    (W * S) with W int4 from random bytes, against exact sums of the f16
    products (each dequantized weight rounded to f16 as the kernel does)."""
    m, n, k = 70, 67, 100
    groups = (k + 31) // 32
    a = [f16(rng.uniform(-2, 2)) for _ in range(m * k)]
    w = [rng.randrange(256) for _ in range(n * k // 2)]
    sc = [f16(rng.uniform(0.01, 0.2)) for _ in range(groups * n)]
    kernel = tc.build(os.path.join(EXAMPLES, "matmul_w4a16.mlir"),
                      target=TARGET)
    out, _ = kernel.launch((2, 2, 1), (128, 1, 1), [
        Buffer("a", pack("e", a)), Buffer("w", bytes(w)),
        Buffer("s", pack("e", sc)), Buffer("c", pack("f", [-7.0] * (m * n))),
        Scalar("i32", m), Scalar("i32", n), Scalar("i32", k)], ctas_at_once=4)
    got = unpack("f", out["c"])
    q = [sx4(u) for u in nibbles(w)]  # q[col * k + kk]
    b = [[f16(q[j * k + kk] * sc[kk // 32 * n + j]) for j in range(n)]
         for kk in range(k)]
    for i in range(m):
        for j in range(n):
            products = [a[i * k + kk] * b[kk][j] for kk in range(k)]
            error = sum_error(f"matmul_w4a16 c[{i}][{j}]", got[i * n + j],
                              products)
            if error:
                return error
    return None


def sum_error(name, got, products, extra=0.0):
    """None when `got` is the f32 sum of the exact `products` plus `extra`,
    accumulated in some order; else what differs."""
    want = math.fsum(products + [extra])
    tol = (len(products) + 3) * 2.0 ** -24 * (
        math.fsum(abs(p) for p in products) + abs(extra))
    return None if abs(got - want) <= tol else (
        f"{name}: got {got}, want {want}")


def mmaf_scaled(tc, rng):
    """examples/cuda_tile/matmul_mxfp8.mlir: mmaf_scaled of f8E4M3FN x
    f8E5M2 with f8E8M0FNU scales (2^-6 .. 2^6), M, N, K = 70, 67, 100
    (partial tiles, a partial last scale block, two K steps). The gaps
    between the rows hold NaN, which masked-off lanes must not read."""
    m, n, k = 70, 67, 100
    kb = (k + 31) // 32
    lda, ldb, ldc, ldsa, ldsb = k + 4, n + 5, n + 3, kb + 1, n + 1
    a = [0x7F] * (m * lda)  # 0x7F: NaN in both formats' gaps
    b = [0x7F] * (k * ldb)
    sa = [0xFF] * (m * ldsa)  # 0xFF: the scales' NaN
    sb = [0xFF] * (kb * ldsb)
    for i in range(m):
        a[i * lda:i * lda + k] = fp8_bytes(rng, k, 4)
        sa[i * ldsa:i * ldsa + kb] = [rng.randint(121, 133)
                                      for _ in range(kb)]
    for i in range(k):
        b[i * ldb:i * ldb + n] = fp8_bytes(rng, n, 5)
    for i in range(kb):
        sb[i * ldsb:i * ldsb + n] = [rng.randint(121, 133) for _ in range(n)]
    kernel = tc.build(os.path.join(EXAMPLES, "matmul_mxfp8.mlir"),
                      target=TARGET)
    out, _ = kernel.launch((2, 2, 1), (128, 1, 1), [
        Buffer("a", bytes(a)), Buffer("b", bytes(b)), Buffer("sa", bytes(sa)),
        Buffer("sb", bytes(sb)), Buffer("c", pack("f", [-7.0] * (m * ldc))),
        Scalar("i32", m), Scalar("i32", n), Scalar("i32", k),
        Scalar("i32", lda), Scalar("i32", ldb), Scalar("i32", ldc),
        Scalar("i32", ldsa), Scalar("i32", ldsb)], ctas_at_once=4)
    got = unpack("f", out["c"])
    for i in range(m):
        for j in range(ldc):
            g = got[i * ldc + j]
            if j >= n:
                if g != -7.0:
                    return f"mmaf_scaled: c[{i}][{j}] (past N) written: {g}"
                continue
            products = [
                decode_fp8(a[i * lda + q], 4) *
                2.0 ** (sa[i * ldsa + q // 32] - 127) *
                decode_fp8(b[q * ldb + j], 5) *
                2.0 ** (sb[q // 32 * ldsb + j] - 127) for q in range(k)]
            # Exact products (fp8 x fp8 has 8 significant bits).
            error = sum_error(f"mmaf_scaled: c[{i}][{j}]", g, products)
            if error:
                return error
    return None


def mixed_fp4_fp8(tc, rng):
    """Inputs/mixed_fp4_fp8.mlir: f4E2M1FN x f8E4M3FN and f8E5M2 x
    f4E2M1FN block-scaled products (mma.sync kind::mxf8f6f4 with e2m1 one
    a byte on sm_120a) against exact sums."""
    return check_mixed_fp4_fp8(tc, rng, "mixed_fp4_fp8.mlir", 32, 4)


def mixed_fp4_fp8_tcgen05(tc, rng):
    """Inputs/mixed_fp4_fp8_tcgen05.mlir: the same at M = 128
    (tcgen05.mma kind::mxf8f6f4 with e2m1 one a byte on sm_100a)."""
    return check_mixed_fp4_fp8(tc, rng, "mixed_fp4_fp8_tcgen05.mlir", 128, 8)


def check_mixed_fp4_fp8(tc, rng, name, m, warps):
    """Launches Inputs/<name> (M x 32 x 64 mixed products, D and D2; the
    entry's default of `warps` warps) and compares both with exact sums."""
    n, k = 32, 64
    a = [rng.randrange(256) for _ in range(m * k // 2)]
    b = fp8_bytes(rng, k * n, 4)
    a2 = fp8_bytes(rng, m * k, 5)
    b2 = [rng.randrange(256) for _ in range(n * k // 2)]
    sa = [rng.randint(121, 133) for _ in range(m * 2)]
    sb = [rng.randint(121, 133) for _ in range(2 * n)]
    kernel = tc.build(os.path.join(INPUTS, name), target=TARGET)
    out, _ = kernel.launch((1, 1, 1), (32 * warps, 1, 1), [
        Buffer("a", bytes(a)), Buffer("b", bytes(b)), Buffer("a2", bytes(a2)),
        Buffer("b2", bytes(b2)), Buffer("sa", bytes(sa)),
        Buffer("sb", bytes(sb)), Buffer("d", pack("f", [-7.0] * (m * n))),
        Buffer("d2", pack("f", [-7.0] * (m * n)))])
    got, got2 = unpack("f", out["d"]), unpack("f", out["d2"])
    for i in range(m):
        for j in range(n):
            scale = [2.0 ** (sa[i * 2 + q] + sb[q * n + j] - 254)
                     for q in range(2)]
            products = [packed_e2m1(a, i * k + q) *
                        decode_fp8(b[q * n + j], 4) * scale[q // 32]
                        for q in range(k)]
            products2 = [decode_fp8(a2[i * k + q], 5) *
                         packed_e2m1(b2, j * k + q) * scale[q // 32]
                         for q in range(k)]
            error = (sum_error(f"fp4 x fp8 d[{i}][{j}]", got[i * n + j],
                               products) or
                     sum_error(f"fp8 x fp4 d2[{i}][{j}]", got2[i * n + j],
                               products2))
            if error:
                return error
    return None


def check_batched_scaled(tc, rng, name, a, b, a_at, b_at):
    """Launches Inputs/<name>.mlir, a 3-D mmaf_scaled of 2 batches of
    32 x 32 x 64 with f8E8M0FNU scales per 32 (2^-6 .. 2^6) plus C, on the
    operand bytes `a` and `b`; a_at(p, i, q) and b_at(p, j, q) decode
    A[p, i, q] and B[p, q, j]. Every batch must use its own operands and
    scales."""
    bt, m, n, k, kb = 2, 32, 32, 64, 2
    sa = [rng.randint(121, 133) for _ in range(bt * m * kb)]
    sb = [rng.randint(121, 133) for _ in range(bt * kb * n)]
    c = [f32(rng.uniform(-4, 4)) for _ in range(bt * m * n)]
    kernel = tc.build(os.path.join(INPUTS, name + ".mlir"), target=TARGET)
    out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
        Buffer("a", bytes(a)), Buffer("b", bytes(b)), Buffer("sa", bytes(sa)),
        Buffer("sb", bytes(sb)), Buffer("c", pack("f", c)),
        Buffer("d", pack("f", [0.0] * (bt * m * n)))])
    got = unpack("f", out["d"])
    for p in range(bt):
        for i in range(m):
            for j in range(n):
                products = [
                    a_at(p, i, q) *
                    2.0 ** (sa[(p * m + i) * kb + q // 32] - 127) *
                    b_at(p, j, q) *
                    2.0 ** (sb[(p * kb + q // 32) * n + j] - 127)
                    for q in range(k)]
                error = sum_error(f"{name}: d[{p}][{i}][{j}]",
                                  got[(p * m + i) * n + j], products,
                                  c[(p * m + i) * n + j])
                if error:
                    return error
    return None


def batched_mmaf_scaled(tc, rng):
    """Inputs/batched_mmaf_scaled.mlir: f8E4M3FN x f8E5M2, row-major."""
    a = fp8_bytes(rng, 2 * 32 * 64, 4)
    b = fp8_bytes(rng, 2 * 64 * 32, 5)
    return check_batched_scaled(
        tc, rng, "batched_mmaf_scaled", a, b,
        lambda p, i, q: decode_fp8(a[(p * 32 + i) * 64 + q], 4),
        lambda p, j, q: decode_fp8(b[(p * 64 + q) * 32 + j], 5))


def batched_mmaf_scaled_fp4(tc, rng):
    """Inputs/batched_mmaf_scaled_fp4.mlir: f4E2M1FN operands packed two a
    byte along K (A row-major, B stored transposed)."""
    a = [rng.randrange(256) for _ in range(2 * 32 * 64 // 2)]
    b = [rng.randrange(256) for _ in range(2 * 32 * 64 // 2)]
    return check_batched_scaled(
        tc, rng, "batched_mmaf_scaled_fp4", a, b,
        lambda p, i, q: packed_e2m1(a, (p * 32 + i) * 64 + q),
        lambda p, j, q: packed_e2m1(b, (p * 32 + j) * 64 + q))


def strided_fp4(tc, rng):
    """Inputs/strided_fp4.mlir: f4E2M1FN operands and their scales loaded
    from strided views whose tiles overlap by half along K (A[:, 32:96],
    B[32:96, :], scale blocks 1 and 2 of 4): only those elements count."""
    m, n, kk, k0, k = 32, 32, 128, 32, 64
    a = [rng.randrange(256) for _ in range(m * kk // 2)]
    b = [rng.randrange(256) for _ in range(n * kk // 2)]
    sa = [rng.randint(121, 133) for _ in range(m * 4)]
    sb = [rng.randint(121, 133) for _ in range(4 * n)]
    kernel = tc.build(os.path.join(INPUTS, "strided_fp4.mlir"), target=TARGET)
    out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
        Buffer("a", bytes(a)), Buffer("b", bytes(b)), Buffer("sa", bytes(sa)),
        Buffer("sb", bytes(sb)), Buffer("d", pack("f", [-7.0] * (m * n)))])
    got = unpack("f", out["d"])
    for i in range(m):
        for j in range(n):
            products = [
                packed_e2m1(a, i * kk + q) *
                2.0 ** (sa[i * 4 + q // 32] - 127) *
                packed_e2m1(b, j * kk + q) *
                2.0 ** (sb[q // 32 * n + j] - 127)
                for q in range(k0, k0 + k)]
            error = sum_error(f"strided_fp4: d[{i}][{j}]", got[i * n + j],
                              products)
            if error:
                return error
    return None


def odd_k_fp4(tc, rng):
    """Inputs/odd_k_fp4.mlir: f4E2M1FN operands with K = 61, 64 and 33
    (rows of 64 elements, random bytes everywhere: the high nibble of an
    odd K's last byte and everything past it must not count)."""
    m, n, ld = 32, 32, 64
    kernel = tc.build(os.path.join(INPUTS, "odd_k_fp4.mlir"), target=TARGET)
    for k in (61, 64, 33):
        a = [rng.randrange(256) for _ in range(m * ld // 2)]
        b = [rng.randrange(256) for _ in range(n * ld // 2)]
        sa = [rng.randint(121, 133) for _ in range(m * 2)]
        sb = [rng.randint(121, 133) for _ in range(2 * n)]
        out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
            Buffer("a", bytes(a)), Buffer("b", bytes(b)),
            Buffer("sa", bytes(sa)), Buffer("sb", bytes(sb)),
            Buffer("d", pack("f", [-7.0] * (m * n))), Scalar("i32", k)])
        got = unpack("f", out["d"])
        for i in range(m):
            for j in range(n):
                products = [
                    packed_e2m1(a, i * ld + q) *
                    2.0 ** (sa[i * 2 + q // 32] - 127) *
                    packed_e2m1(b, j * ld + q) *
                    2.0 ** (sb[q // 32 * n + j] - 127) for q in range(k)]
                error = sum_error(f"odd_k_fp4 (K = {k}): d[{i}][{j}]",
                                  got[i * n + j], products)
                if error:
                    return error
    return None


def gather_fp4(tc, rng):
    """Inputs/gather_fp4.mlir: 32 of 64 f4E2M1FN rows of A and their
    scales gathered by index (in shuffled order) into mmaf_scaled."""
    n, k = 32, 64
    a = [rng.randrange(256) for _ in range(64 * k // 2)]
    b = [rng.randrange(256) for _ in range(n * k // 2)]
    sa = [rng.randint(121, 133) for _ in range(64 * 2)]
    sb = [rng.randint(121, 133) for _ in range(2 * n)]
    rows = rng.sample(range(64), 32)
    kernel = tc.build(os.path.join(INPUTS, "gather_fp4.mlir"), target=TARGET)
    for col in (0, 22):
        out, _ = kernel.launch((1, 1, 1), (128, 1, 1), [
            Buffer("a", bytes(a)), Buffer("b", bytes(b)),
            Buffer("sa", bytes(sa)), Buffer("sb", bytes(sb)),
            Buffer("idx", pack("i", rows)),
            Buffer("d", pack("f", [-7.0] * (32 * n))), Scalar("i32", col)])
        got = unpack("f", out["d"])
        for i, r in enumerate(rows):
            for j in range(n):
                products = [
                    packed_e2m1(a, r * k + col + q) *
                    2.0 ** (sa[r * 2 + q // 32] - 127) *
                    packed_e2m1(b, j * k + q) *
                    2.0 ** (sb[q // 32 * n + j] - 127)
                    for q in range(k - col)]
                error = sum_error(
                    f"gather_fp4 (col={col}): d[{i}][{j}] (row {r})",
                    got[i * n + j], products)
                if error:
                    return error
    return None


def mmaf_nvfp4(tc, rng):
    """examples/cuda_tile/matmul_nvfp4.mlir: mmaf_scaled of f4E2M1FN
    operands packed two a byte (A row-major, B stored transposed: both
    contiguous along K) with f8E4M3FN scales per 16 (2^-9, subnormal, to
    2^4), M, N, K = 70, 67, 96 (partial tiles, two K steps, the second
    partial). The bytes between the rows hold 0x77 (6.0, 6.0) and the
    scales' gaps NaN, which masked-off lanes must not read."""
    m, n, k = 70, 67, 96
    kb = k // 16
    lda, ldb, ldc, ldsa, ldsb = k + 32, k + 64, n + 3, kb + 1, n + 1
    a = [0x77] * (m * lda // 2)
    b = [0x77] * (n * ldb // 2)
    sa = [0x7F] * (m * ldsa)  # 0x7F: f8E4M3FN's NaN
    sb = [0x7F] * (kb * ldsb)
    for i in range(m):
        a[i * lda // 2:i * lda // 2 + k // 2] = [
            rng.randrange(256) for _ in range(k // 2)]
        sa[i * ldsa:i * ldsa + kb] = [rng.randrange(0x58) for _ in range(kb)]
    for j in range(n):
        b[j * ldb // 2:j * ldb // 2 + k // 2] = [
            rng.randrange(256) for _ in range(k // 2)]
    for i in range(kb):
        sb[i * ldsb:i * ldsb + n] = [rng.randrange(0x58) for _ in range(n)]
    kernel = tc.build(os.path.join(EXAMPLES, "matmul_nvfp4.mlir"),
                      target=TARGET)
    out, _ = kernel.launch((2, 2, 1), (128, 1, 1), [
        Buffer("a", bytes(a)), Buffer("b", bytes(b)), Buffer("sa", bytes(sa)),
        Buffer("sb", bytes(sb)), Buffer("c", pack("f", [-7.0] * (m * ldc))),
        Scalar("i32", m), Scalar("i32", n), Scalar("i32", k),
        Scalar("i32", lda), Scalar("i32", ldb), Scalar("i32", ldc),
        Scalar("i32", ldsa), Scalar("i32", ldsb)], ctas_at_once=4)
    got = unpack("f", out["c"])
    for i in range(m):
        for j in range(ldc):
            g = got[i * ldc + j]
            if j >= n:
                if g != -7.0:
                    return f"mmaf_nvfp4: c[{i}][{j}] (past N) written: {g}"
                continue
            products = [
                packed_e2m1(a, i * lda + q) *
                decode_fp8(sa[i * ldsa + q // 16], 4) *
                packed_e2m1(b, j * ldb + q) *
                decode_fp8(sb[q // 16 * ldsb + j], 4) for q in range(k)]
            error = sum_error(f"mmaf_nvfp4: c[{i}][{j}]", g, products)
            if error:
                return error
    return None


def scale_f16(byte):
    """The f16 nearest to the f8E8M0FNU `byte` (2^(byte - 127))."""
    e = byte - 127
    if byte == 0xFF:
        return math.nan
    if e > 15:
        return math.inf
    return 2.0 ** e if e >= -24 else 0.0  # 2^-25 ties to even: 0


def scales(tc, rng):
    """Inputs/cuda_tile_scales.mlir: every f8E8M0FNU byte loaded, widened
    by ftof to f32 and f16, selected (bytes below 127 become 2.0) and
    stored back."""
    k = tc.build(os.path.join(HERE, "cuda_tile_scales.mlir"), target=TARGET)
    for half in (0, 128):
        raw = bytes(range(half, half + 128))
        out, _ = k.launch((1, 1, 1), (128, 1, 1), [
            Buffer("x", raw), Buffer("y", pack("f", [0.0] * 128)),
            Buffer("h", pack("e", [0.0] * 128)), Buffer("z", bytes(128))])
        want = [math.nan if b == 0xFF else 2.0 ** (b - 127) for b in raw]
        error = (mismatch(f"scales f32 (bytes from {half})",
                          unpack("f", out["y"]), want) or
                 mismatch(f"scales f16 (bytes from {half})",
                          unpack("e", out["h"]), [scale_f16(b) for b in raw])
                 or mismatch(f"scales select (bytes from {half})",
                             list(out["z"]),
                             [b if b >= 127 else 128 for b in raw]))
        if error:
            return error
    return None


def e8m0(v, mode):
    """The f8E8M0FNU byte of the float or integer `v` rounded by `mode`
    ("zero", "up" or "nearest", ties up), from exact rationals: 2^k + 127
    for the chosen power of two 2^k, byte 0 below 2^-127, past 2^127 0xFE
    toward zero and NaN (0xFF) otherwise; NaN, infinities and negative
    values are 0xFF, zeros byte 0 (the format has no zero)."""
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return 0xFF
    if v == 0:
        return 0
    if v < 0:
        return 0xFF
    q = F(v)
    k = q.numerator.bit_length() - q.denominator.bit_length()
    while F(2) ** k > q:
        k -= 1
    while F(2) ** (k + 1) <= q:
        k += 1
    if mode == "up":
        k += q != F(2) ** k
    elif mode == "nearest":
        k += q >= F(3, 2) * F(2) ** k
    code = k + 127
    if code < 0:
        return 0
    if code > 254:
        return 254 if mode == "zero" else 0xFF
    return code


def scale_encode(tc, rng):
    """Inputs/cuda_tile_scale_encode.mlir: f32, f16 and f64 values (zeros,
    subnormals, the edges 2^-127 and 2^127, overflow, NaN, infinities,
    negative values, random magnitudes) and i32/i64 integers (ties at
    1.5 * 2^k, values past 2^53 next to powers of two) converted to
    f8E8M0FNU scales; scale bytes 30 to 157 converted back to i32."""
    def spread(lo, hi, fmt):
        e = rng.randint(lo, hi)
        m = 1.0 if rng.random() < 0.2 else rng.uniform(1, 2)
        return fmt(m * 2.0 ** e) if e < 1024 else math.inf

    def fill(specials, make):
        values = list(specials)
        while len(values) < 128:
            values.append(make())
        return values[:128]

    t127 = 2.0 ** -127
    x = fill([0.0, -0.0, 1.0, 1.5, 3.0, 0.75, 6.0, t127, f32(1.5 * t127),
              f32(0.75 * t127), 1e-45, f32(1e-40), 2.0 ** 127,
              f32(1.25 * 2.0 ** 127), f32(3.4e38), math.inf, -math.inf,
              math.nan, -1.0, -1e-40, f32(1.0 + 2 ** -23)],
             lambda: spread(-150, 128, f32) * rng.choice([1, 1, 1, -1]))
    h = fill([0.0, -0.0, 2.0 ** -24, 1.0, 1.5, 65504.0, math.inf, math.nan,
              -2.0, 3.0], lambda: spread(-24, 15, f16))
    d = fill([0.0, 5e-324, t127, 1.5 * t127, 0.75 * t127, 1.0000001 * t127,
              2.0 ** 127, 1.5 * 2.0 ** 127, 2.0 ** 128, 1e300, -1e-300,
              math.inf, math.nan, 2.0 ** -126 * (1 - 2 ** -52)],
             lambda: spread(-1074, 1023, float))
    i = fill([0, 1, 2, 3, 5, 6, 7, -1, 2 ** 31 - 1, -2 ** 31, 3 << 29,
              (3 << 29) - 1], lambda: rng.randint(-2 ** 31, 2 ** 31 - 1))
    l_ = fill([0, 1, 2 ** 63 - 1, -2 ** 63, -1, 2 ** 54 + 1, 2 ** 54 - 1,
               (3 << 60) - 1, (3 << 60) + 1, 3 << 60, 2 ** 62, 2 ** 62 + 1,
               (3 << 61) - 1],
              lambda: rng.randint(-2 ** 63, 2 ** 63 - 1) >> rng.randint(0, 62))
    s = bytes(range(30, 158))
    k = tc.build(os.path.join(HERE, "cuda_tile_scale_encode.mlir"),
                 target=TARGET)
    names = ["up", "dn", "hu", "dz", "du", "ii", "lu", "lz"]
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("h", pack("e", h)),
        Buffer("d", pack("d", d)), Buffer("i", pack("i", i)),
        Buffer("l", pack("q", l_)), Buffer("s", s),
        *[Buffer(n, bytes(128)) for n in names],
        Buffer("back", pack("i", [-5] * 128))])
    want = {"up": [e8m0(v, "up") for v in x],
            "dn": [e8m0(v, "zero") for v in x],
            "hu": [e8m0(v, "up") for v in h],
            "dz": [e8m0(v, "zero") for v in d],
            "du": [e8m0(v, "up") for v in d],
            "ii": [e8m0(v, "nearest") for v in i],
            "lu": [e8m0(v % 2 ** 64, "up") for v in l_],
            "lz": [e8m0(v, "zero") for v in l_]}
    for name in names:
        error = mismatch(f"scales {name}", list(out[name]), want[name])
        if error:
            return error
    return mismatch("ftoi of scales", unpack("i", out["back"]),
                    [2 ** (b - 127) if b >= 127 else 0 for b in s])


def wide_argmax(tc, rng):
    """Inputs/wide_argmax.mlir: reductions and scans of several operands
    wider than 64 bits (f64 with i32 or i64), the combiner on whole tiles:
    row argmax, running argmax, a reverse scan of sums and counts along
    the rows, and a whole-tile argmax to a scalar. The values repeat, so
    ties must pick the smaller index."""
    x = [float(rng.randint(-20, 20)) / 4 for _ in range(8 * 128)]
    x[130] = x[131] = 99.0  # row 1: a tie at the maximum
    x[5 * 128 + 7] = x[6 * 128 + 2] = 50.0  # tile block 1: a tie
    k = tc.build(os.path.join(INPUTS, "wide_argmax.mlir"), target=TARGET)
    out, _ = k.launch((2, 1, 1), (128, 1, 1), [
        Buffer("x", pack("d", x)), Buffer("vmax", bytes(64)),
        Buffer("imax", bytes(32)), Buffer("svmax", bytes(8192)),
        Buffer("simax", bytes(4096)), Buffer("rsum", bytes(8192)),
        Buffer("rcnt", bytes(8192)), Buffer("gmax", bytes(16)),
        Buffer("gidx", bytes(8))], ctas_at_once=2)
    rows = [x[128 * r:128 * r + 128] for r in range(8)]
    want = {"vmax": [max(row) for row in rows],
            "imax": [row.index(max(row)) for row in rows],
            "svmax": [], "simax": [], "rsum": [0.0] * 1024,
            "rcnt": [0] * 1024}
    for row in rows:
        best, at = -math.inf, 0
        for c, v in enumerate(row):
            if v > best:
                best, at = v, c
            want["svmax"].append(best)
            want["simax"].append(at)
    for b in range(2):
        for c in range(128):
            s, n = 0.0, 0
            for r in reversed(range(4 * b, 4 * b + 4)):
                s += x[128 * r + c]
                n += x[128 * r + c] > 0
                want["rsum"][128 * r + c], want["rcnt"][128 * r + c] = s, n
    blocks = [x[512 * b:512 * b + 512] for b in range(2)]
    want["gmax"] = [max(blk) for blk in blocks]
    want["gidx"] = [blk.index(max(blk)) for blk in blocks]
    codes = {"vmax": "d", "imax": "i", "svmax": "d", "simax": "i",
             "rsum": "d", "rcnt": "q", "gmax": "d", "gidx": "i"}
    for name, code in codes.items():
        error = mismatch(f"wide_argmax {name}", unpack(code, out[name]),
                         want[name])
        if error:
            return error
    return None


def ptr_argmax(tc, rng):
    """Inputs/ptr_argmax.mlir: a reduce of pointers and values (the tiled
    combiner); the chosen pointer is read back."""
    x = [float(v) for v in rng.sample(range(-1000, 1000), 128)]
    k = tc.build(os.path.join(INPUTS, "ptr_argmax.mlir"), target=TARGET)
    out, _ = k.launch((1, 1, 1), (128, 1, 1), [
        Buffer("x", pack("f", x)), Buffer("out", bytes(4))])
    return mismatch("ptr_argmax", unpack("f", out["out"]), [max(x)])


# Cases that need FP8 conversions (sm_89 and later).
FP8_CASES = {"unpack8"}

CASES = [loop_break, loop_return, rounding, itof64, globals_case, tf32_global,
         view0, unpack8, scan_argmax, gather, for_continue, extract,
         batched_mma, batched_mmaf_scaled, mmaf_scaled, mmaf_nvfp4,
         batched_mmaf_scaled_fp4, strided_fp4, odd_k_fp4, gather_fp4,
         fp4_convert, fp4_requant, quantize_mxfp4, matmul_w4a16, mixed_fp4_fp8,
         mixed_fp4_fp8_tcgen05,
         scales, scale_encode, casts, argmax, atomic_red, pack_unpack, int4,
         int4_reduce, print_four_bit, four_bit_loop, views, alloca, wide_argmax,
         ptr_argmax]

# Slow cases, run only when named (cuda-tile-large-dot.test).
NAMED_ONLY = [large_dot]


def main():
    global TARGET
    bin_dir, work, TARGET = sys.argv[1:4]
    tc = simlib.Toolchain(os.path.join(work, TARGET), bin_dir=bin_dir)
    cases = [c for c in CASES
             if TARGET != "sm_80" or c.__name__ not in FP8_CASES]
    if len(sys.argv) > 4:  # only the named cases
        cases = [c for c in cases + NAMED_ONLY if c.__name__ in sys.argv[4:]]
    return simlib.run_cases(cases, tc)


if __name__ == "__main__":
    sys.exit(main())
