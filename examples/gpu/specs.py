"""How to run and check every kernel of examples/*.mlir.

One `Spec` per example: the kernel's name and warps, its grid as a function
of the problem size, its arguments in parameter order (device buffers with
their element type, scalars with their PTX type), a seeded input generator,
an independent reference and a tolerance for every output, and the problem
sizes to run ("gpu": the GPU runner, "sim": the CPU simulator, which is much
slower). Every size has edges the tile does not cover (masks), within the
contract each kernel documents.

Only the Python standard library is used (the simulator host has no numpy):
inputs are packed with `struct`, references are plain Python computed in
double precision or exactly (math.fsum, integers). The GPU runner moves the
same bytes through cupy or torch.

Checks beyond the values:
  * every output buffer ends in GUARD elements holding a sentinel; padding
    columns of strided outputs hold it too. A kernel that writes past its
    mask changes a sentinel, which fails the check.
  * padding columns of strided inputs hold NaN: a masked-off element that is
    read anyway turns a result into NaN.
"""
import copy
import math
import random
import struct

GUARD = 64  # sentinel elements after every output buffer


class Sentinel:
    """An element the kernel must not write."""

    def __repr__(self):
        return "untouched"


UNTOUCHED = Sentinel()

# dtype: (struct code, bytes, sentinel bits, kind)
DTYPES = {
    "f32": ("f", 4, 0x7FBADBAD, "float"),  # a NaN no computation produces
    "f16": ("e", 2, 0x7DAD, "float"),
    "i32": ("i", 4, 0x7EADBEEF, "int"),
    "i8": ("b", 1, 0x7F, "int"),
    # FP8 E4M3 (f8E4M3FN): values are packed through E4M3_CODE.
    "e4m3": ("B", 1, 0x7F, "float"),
    # OCP MX scale (f8E8M0FNU): the raw byte, value 2^(byte - 127); 0xFF is
    # NaN. Scales are only ever inputs, generated and packed as bytes.
    "e8m0": ("B", 1, 0xFF, "int"),
    # Raw bytes (packed FP4 pairs: values built with fp4_byte).
    "u8": ("B", 1, 0xFF, "int"),
}
NAN = float("nan")


def f32(x):
    """x rounded to the nearest f32 (ties to even)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


U32 = 2.0 ** -24  # unit roundoff of f32


def e4m3_value(code):
    """The value of an FP8 E4M3 (f8E4M3FN) byte: bias 7, 3 mantissa bits,
    no infinities, S.1111.111 is NaN."""
    sign = -1.0 if code & 0x80 else 1.0
    e, mant = code >> 3 & 0xF, code & 7
    if e == 15 and mant == 7:
        return NAN
    if e == 0:
        return sign * math.ldexp(mant, -9)
    return sign * math.ldexp(8 + mant, e - 10)


# Every finite E4M3 value and its code (+0 for zero).
E4M3_CODE = {e4m3_value(c): c for c in range(256)
             if not math.isnan(e4m3_value(c)) and c != 0x80}
E4M3_NAN = 0x7F
E8M0_NAN = 0xFF  # the only NaN of f8E8M0FNU


def e8m0_value(byte):
    """The value of an f8E8M0FNU byte: 2^(byte - 127), NaN for 0xFF."""
    return NAN if byte == E8M0_NAN else math.ldexp(1.0, byte - 127)


# f4E2M1FN: code s ee m (bit 3 sign) -> value; no NaN or infinity.
E2M1_VALUES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def e2m1_value(code):
    """The value of an f4E2M1FN nibble."""
    value = E2M1_VALUES[code & 7]
    return -value if code & 8 else value


def fp4_byte(low, high):
    """A byte holding two f4E2M1FN codes, `low` the even K index."""
    return (low & 0xF) | (high & 0xF) << 4


def wrap_i32(x):
    return (x + 2 ** 31) % 2 ** 32 - 2 ** 31


def _next_f32(r, up):
    """The f32 value next to the f32 value r, upwards or downwards."""
    if r == 0:
        bits = 1 if up else 0x80000001
    else:
        bits = struct.unpack("<I", struct.pack("<f", r))[0]
        bits += 1 if (r > 0) == up else -1  # the magnitude grows or shrinks
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _f32_neighbours(x):
    """The f32 values just below and above x (equal when x is one)."""
    r = f32(x)
    if r == x:
        return r, r
    return (r, _next_f32(r, True)) if r < x else (_next_f32(r, False), r)


def fma_f32(a, x, y):
    """The correctly rounded f32 result of a * x + y (what fma.rn.f32 gives)
    for f32 inputs. a * x is exact in double; the double sum s and its
    rounding error e (TwoSum) give a + x * y = s + e exactly, and rounding
    s to f32 is right unless s lies exactly halfway between two f32 values,
    where e decides."""
    p = a * x
    s = p + y
    bb = s - p
    e = (p - (s - bb)) + (y - bb)
    lo, hi = _f32_neighbours(s)
    if lo != hi and s - lo == hi - s and e != 0:
        return hi if e > 0 else lo
    return f32(s)


class Buffer:
    """A device buffer argument. role: "in", "out" or "inout"; `elements`
    counts the guard of outputs."""

    def __init__(self, name, dtype, role="in"):
        self.name, self.dtype, self.role = name, dtype, role

    @property
    def is_output(self):
        return self.role in ("out", "inout")


class Scalar:
    """A by-value argument: i32 or f32 (as the kernel's .param says)."""

    def __init__(self, name, ptx_type):
        self.name, self.ptx_type = name, ptx_type


class Spec:
    def __init__(self, name, num_warps, args, grid, make, reference, sizes,
                 tolerance_note):
        self.name = name
        self.kernel = name          # the kernel function in the PTX
        self.mlir = f"{name}.mlir"  # under examples/
        self.source = None          # a path that replaces it (--mlir)
        self.num_warps = num_warps
        self.args = args
        self.grid = grid            # size -> (x, y, z)
        self.make = make            # (size, rng) -> {arg name: values}
        self.reference = reference  # (size, inputs) -> {out: (expected, tol)}
        self.sizes = sizes          # {"gpu": [size...], "sim": [size...]}
        self.tolerance_note = tolerance_note

    @property
    def block(self):
        return (32 * self.num_warps, 1, 1)


def cdiv(a, b):
    return -(-a // b)


def uniform(rng, count, lo, hi, rounding=f32):
    return [rounding(rng.uniform(lo, hi)) for _ in range(count)]


def matrix(rng, rows, cols, stride, lo, hi, pad=NAN, rounding=f32):
    """Row-major rows x stride; columns past `cols` hold `pad`."""
    values = []
    for _ in range(rows):
        values += uniform(rng, cols, lo, hi, rounding)
        values += [pad] * (stride - cols)
    return values


def untouched(count):
    return [UNTOUCHED] * count


# ----------------------------------------------------------------- examples
def _vector_add():
    def make(s, rng):
        n = s["n"]
        return {"a": uniform(rng, n, -100, 100), "b": uniform(rng, n, -100, 100),
                "c": untouched(n + GUARD), "n": n}

    def reference(s, v):
        n = s["n"]
        # One IEEE addition: the f32 rounding of the exact sum (exact in
        # double) is the only correct result.
        c = [f32(x + y) for x, y in zip(v["a"], v["b"])]
        return {"c": (c + untouched(GUARD), 0.0)}
    return Spec(
        "vector_add", 4,
        [Buffer("a", "f32"), Buffer("b", "f32"), Buffer("c", "f32", "out"),
         Scalar("n", "i32")],
        lambda s: (cdiv(s["n"], 1024), 1, 1), make, reference,
        # n must be a multiple of 16 (the kernel's assume); neither size is
        # a multiple of the 1024-element tile.
        {"gpu": [{"n": 1000000}, {"n": 16}], "sim": [{"n": 2064}, {"n": 16}]},
        "exact: one f32 addition is correctly rounded")


def _saxpy():
    def make(s, rng):
        n = s["n"]
        return {"x": uniform(rng, n, -10, 10),
                "y": uniform(rng, n, -10, 10) + untouched(GUARD),
                "a": f32(rng.uniform(-3, 3)), "n": n}

    def reference(s, v):
        y = [fma_f32(v["a"], x, y) for x, y in zip(v["x"], v["y"])]
        return {"y": (y + untouched(GUARD), 0.0)}
    return Spec(
        "saxpy", 4,
        [Buffer("x", "f32"), Buffer("y", "f32", "inout"), Scalar("a", "f32"),
         Scalar("n", "i32")],
        lambda s: (cdiv(s["n"], 2048), 1, 1), make, reference,
        {"gpu": [{"n": 1000000}, {"n": 2064}], "sim": [{"n": 4144}]},
        "exact: nv_tileaa.fma is fma.rn.f32, one rounding of a*x+y "
        "(the reference rounds the exact value)")


def _softmax():
    def make(s, rng):
        m, n, stride = s["m"], s["n"], s["stride"]
        y = []
        for _ in range(m):
            y += [None] * n + untouched(stride - n)
        return {"x": matrix(rng, m, n, stride, -8, 8),
                "y": y + untouched(GUARD), "m": m, "n": n, "stride": stride}

    def reference(s, v):
        m, n, stride = s["m"], s["n"], s["stride"]
        x = v["x"]
        out, tol = [], []
        log2e = f32(1.44269502)
        for r in range(m):
            row = x[r * stride:r * stride + n]
            top = max(row)
            e = [math.exp(t - top) for t in row]
            total = math.fsum(e)
            worst = max(abs(t - top) * log2e for t in row)
            for t, ei in zip(row, e):
                y = ei / total
                # f32 rounding of x - max and of the product by log2(e)
                # perturb exp2's argument by ~2|s| ulp (s its size), which
                # exp2 turns into a relative error of ~1.4|s| ulp;
                # ex2.approx.f32 adds <= 2 ulp; the sum of n terms adds
                # <= n ulp plus the errors of its terms, the division 1.
                ulps = 2 * abs(t - top) * log2e + 2 * worst + n + 16
                out.append(y)
                tol.append(y * ulps * U32)
            out += untouched(stride - n)
            tol += [0.0] * (stride - n)
        return {"y": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "softmax", 8,
        [Buffer("x", "f32"), Buffer("y", "f32", "out"), Scalar("m", "i32"),
         Scalar("n", "i32"), Scalar("stride", "i32")],
        lambda s: (cdiv(s["m"], 4), 1, 1), make, reference,
        # N <= 1024 (one tile per row); M not a multiple of 4 rows.
        # Odd strides: rows start at any 4-byte boundary.
        {"gpu": [{"m": 1001, "n": 777, "stride": 800},
                 {"m": 66, "n": 1024, "stride": 1024},
                 {"m": 7, "n": 299, "stride": 301}],
         "sim": [{"m": 10, "n": 300, "stride": 320},
                 {"m": 5, "n": 1024, "stride": 1024},
                 {"m": 6, "n": 299, "stride": 301}]},
        "relative (2|s_i| + 2 max|s| + n + 16) * 2^-24, s = (x - max) log2 e: "
        "exp2 is ex2.approx.f32 (2 ulp) of an argument rounded twice, the "
        "row sum has n terms")


def _layer_norm():
    def make(s, rng):
        m, n, stride = s["m"], s["n"], s["stride"]
        x = []
        for r in range(m):
            offset = rng.uniform(-4, 4)  # rows with a mean far from 0
            x += [f32(offset + rng.uniform(-2, 2)) for _ in range(n)]
            x += [NAN] * (stride - n)
        y = []
        for _ in range(m):
            y += [None] * n + untouched(stride - n)
        return {"x": x, "y": y + untouched(GUARD),
                "w": uniform(rng, n, 0.5, 1.5), "b": uniform(rng, n, -1, 1),
                "n": n, "stride": stride, "eps": f32(1e-5)}

    def reference(s, v):
        m, n, stride = s["m"], s["n"], s["stride"]
        out, tol = [], []
        for r in range(m):
            row = v["x"][r * stride:r * stride + n]
            mean = math.fsum(row) / n
            var = math.fsum((t - mean) ** 2 for t in row) / n
            rstd = 1 / math.sqrt(var + v["eps"])
            scale = math.fsum(abs(t) for t in row) / n
            for t, w, b in zip(row, v["w"], v["b"]):
                y = (t - mean) * rstd * w + b
                # Both statistics are f32 sums of n terms (<= n ulp each);
                # the mean's error (~n ulp of mean|x|) shifts every centered
                # value; rsqrt.approx.f32 adds ~2 ulp; the last steps a few.
                out.append(y)
                tol.append((2 * n + 32) * U32 *
                           (abs(w) * rstd * (abs(t - mean) + scale) + abs(b)))
            out += untouched(stride - n)
            tol += [0.0] * (stride - n)
        return {"y": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "layer_norm", 4,
        [Buffer("x", "f32"), Buffer("y", "f32", "out"), Buffer("w", "f32"),
         Buffer("b", "f32"), Scalar("n", "i32"), Scalar("stride", "i32"),
         Scalar("eps", "f32")],
        lambda s: (s["m"], 1, 1), make, reference,
        {"gpu": [{"m": 500, "n": 1000, "stride": 1024},
                 {"m": 7, "n": 1024, "stride": 1024},
                 {"m": 9, "n": 333, "stride": 335}],
         "sim": [{"m": 3, "n": 700, "stride": 704},
                 {"m": 2, "n": 333, "stride": 335}]},
        "(2n + 32) * 2^-24 * (|w| rstd (|x - mean| + mean|x|) + |b|): f32 "
        "sums of n terms for mean and variance, rsqrt.approx.f32")


def _row_sum():
    def make(s, rng):
        m, n, stride = s["m"], s["n"], s["stride"]
        return {"x": matrix(rng, m, n, stride, -1, 1),
                "out": [None] * m + untouched(GUARD), "m": m, "n": n,
                "stride": stride}

    def reference(s, v):
        m, n, stride = s["m"], s["n"], s["stride"]
        out, tol = [], []
        for r in range(m):
            row = v["x"][r * stride:r * stride + n]
            out.append(math.fsum(row))
            # Any order of n - 1 f32 additions: |error| <= (n - 1) u sum|x|.
            tol.append((n + 16) * U32 * math.fsum(abs(t) for t in row))
        return {"out": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "row_sum", 4,
        [Buffer("x", "f32"), Buffer("out", "f32", "out"), Scalar("m", "i32"),
         Scalar("n", "i32"), Scalar("stride", "i32")],
        lambda s: (cdiv(s["m"], 16), 1, 1), make, reference,
        # Not a multiple of 16 rows nor of the 256-column chunk.
        {"gpu": [{"m": 1000, "n": 3000, "stride": 3008},
                 {"m": 17, "n": 256, "stride": 256},
                 {"m": 33, "n": 301, "stride": 303}],
         "sim": [{"m": 40, "n": 600, "stride": 608},
                 {"m": 17, "n": 256, "stride": 256},
                 {"m": 20, "n": 301, "stride": 303}]},
        "(n + 16) * 2^-24 * sum|x|: the bound of any order of n f32 additions")


def _inclusive_scan():
    def make(s, rng):
        n = s["n"]
        return {"x": [rng.randrange(-2 ** 31, 2 ** 31) for _ in range(n)],
                "out": [None] * n + untouched(GUARD), "n": n}

    def reference(s, v):
        out, running = [], 0
        for i, t in enumerate(v["x"]):
            running = t if i % 1024 == 0 else wrap_i32(running + t)
            out.append(running)
        return {"out": (out + untouched(GUARD), 0)}
    return Spec(
        "inclusive_scan", 4,
        [Buffer("x", "i32"), Buffer("out", "i32", "out"), Scalar("n", "i32")],
        lambda s: (cdiv(s["n"], 1024), 1, 1), make, reference,
        {"gpu": [{"n": 1000003}, {"n": 5}], "sim": [{"n": 2500}, {"n": 5}]},
        "exact: i32 additions wrap modulo 2^32 in any order")


def _histogram():
    def make(s, rng):
        n, bins = s["n"], s["bins"]
        # Some indices fall outside [0, bins) and must be ignored.
        return {"x": [rng.randrange(-5, bins + 5) for _ in range(n)],
                "hist": [0] * bins + untouched(GUARD), "n": n, "bins": bins}

    def reference(s, v):
        hist = [0] * s["bins"]
        for t in v["x"]:
            if 0 <= t < s["bins"]:
                hist[t] += 1
        return {"hist": (hist + untouched(GUARD), 0)}
    return Spec(
        "histogram", 4,
        [Buffer("x", "i32"), Buffer("hist", "i32", "inout"),
         Scalar("n", "i32"), Scalar("bins", "i32")],
        lambda s: (cdiv(s["n"], 1024), 1, 1), make, reference,
        {"gpu": [{"n": 1000000, "bins": 1000}, {"n": 3000, "bins": 7}],
         "sim": [{"n": 2500, "bins": 37}]},
        "exact: integer counts")


def _matmul():
    def make(s, rng):
        m, n, k = s["m"], s["n"], s["k"]
        c = []
        for _ in range(m):
            c += [None] * n + untouched(s["ldc"] - n)
        return {"a": matrix(rng, m, k, s["lda"], -2, 2, rounding=f16),
                "b": matrix(rng, k, n, s["ldb"], -2, 2, rounding=f16),
                "c": c + untouched(GUARD), "m": m, "n": n, "k": k,
                "lda": s["lda"], "ldb": s["ldb"], "ldc": s["ldc"]}

    def reference(s, v):
        m, n, k, lda, ldb, ldc = (s[x] for x in
                                  ("m", "n", "k", "lda", "ldb", "ldc"))
        a, b = v["a"], v["b"]
        columns = [[b[kk * ldb + j] for kk in range(k)] for j in range(n)]
        out, tol = [], []
        for i in range(m):
            row = a[i * lda:i * lda + k]
            for col in columns:
                # f16 products are exact in f32 and in double; fsum rounds
                # the exact dot product once.
                products = [x * y for x, y in zip(row, col)]
                out.append(math.fsum(products))
                tol.append((k + 2) * U32 * math.fsum(abs(p) for p in products))
            out += untouched(ldc - n)
            tol += [0.0] * (ldc - n)
        return {"c": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "matmul", 8,
        [Buffer("a", "f16"), Buffer("b", "f16"), Buffer("c", "f32", "out"),
         Scalar("m", "i32"), Scalar("n", "i32"), Scalar("k", "i32"),
         Scalar("lda", "i32"), Scalar("ldb", "i32"), Scalar("ldc", "i32")],
        lambda s: (cdiv(s["m"], 128), cdiv(s["n"], 128), 1), make, reference,
        # M, N not multiples of 128, K not a multiple of 32, padded rows.
        # The kernel promises N, K, lda and ldb multiples of 8 (16-byte
        # cp.async copies); M and ldc are arbitrary. K = 104 is four steps
        # (more than the 3 stages), the last partial; K = 48 two, K = 8 one
        # partial step and K = 0 none (C = 0).
        {"gpu": [{"m": 257, "n": 192, "k": 104, "lda": 104, "ldb": 200,
                  "ldc": 201},
                 {"m": 65, "n": 72, "k": 40, "lda": 40, "ldb": 72,
                  "ldc": 75}],
         "sim": [{"m": 130, "n": 136, "k": 104, "lda": 112, "ldb": 144,
                  "ldc": 139},
                 {"m": 70, "n": 40, "k": 48, "lda": 48, "ldb": 48, "ldc": 41},
                 {"m": 65, "n": 72, "k": 8, "lda": 16, "ldb": 72, "ldc": 75},
                 {"m": 3, "n": 8, "k": 0, "lda": 8, "ldb": 8, "ldc": 9}]},
        "(k + 2) * 2^-24 * sum_k |a b|: k fma.rn.f32 steps on exact f16 "
        "products (the order of the sum is the kernel's)")


def tf32(x):
    """x (an f32) rounded to tf32: 10 mantissa bits, to nearest with ties
    away from zero (fp_to_fp's default, cvt.rna.tf32.f32)."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return struct.unpack("<f", struct.pack("<I", (bits + 0x1000) &
                                           0xFFFFE000))[0]


def _matmul_tf32():
    """examples/matmul_tf32.mlir: matmul's tiles and arguments with f32 A
    and B (all 23 mantissa bits used), rounded to tf32 by the kernel; the
    reference multiplies the rounded values. N, K, lda and ldb multiples
    of 4."""
    spec = _matmul()
    spec.name = spec.kernel = "matmul_tf32"
    spec.mlir = "matmul_tf32.mlir"
    spec.args = [Buffer("a", "f32"), Buffer("b", "f32")] + spec.args[2:]
    make_f16 = spec.make

    def make(s, rng):
        v = make_f16(s, rng)
        v["a"] = matrix(rng, s["m"], s["k"], s["lda"], -2, 2)
        v["b"] = matrix(rng, s["k"], s["n"], s["ldb"], -2, 2)
        return v

    def reference(s, v):
        # tf32 products (11-bit significands) are exact in double.
        return _matmul().reference(s, dict(v, a=[tf32(x) for x in v["a"]],
                                           b=[tf32(x) for x in v["b"]]))
    spec.make, spec.reference = make, reference
    # M, N not multiples of 128, K not a multiple of the 16-step: K = 100
    # is seven steps, the last partial; K = 52 four; K = 20 two; K = 0 none.
    spec.sizes = {
        "gpu": [{"m": 257, "n": 196, "k": 100, "lda": 104, "ldb": 200,
                 "ldc": 201},
                {"m": 65, "n": 72, "k": 36, "lda": 40, "ldb": 76,
                 "ldc": 75}],
        "sim": [{"m": 130, "n": 136, "k": 52, "lda": 56, "ldb": 140,
                 "ldc": 139},
                {"m": 70, "n": 40, "k": 20, "lda": 20, "ldb": 44, "ldc": 41},
                {"m": 3, "n": 8, "k": 0, "lda": 4, "ldb": 8, "ldc": 9}]}
    spec.tolerance_note = (
        "(k + 2) * 2^-24 * sum_k |a b| on the tf32-rounded inputs: their "
        "products are exact, the tensor core sums them in its own order")
    return spec


# M, N not multiples of 64, K not a multiple of 32, padded rows.
GENERAL_GEMM_SIZES = {
    "gpu": [{"m": 257, "n": 190, "k": 100, "lda": 104, "ldb": 192, "ldc": 200},
            {"m": 65, "n": 66, "k": 33, "lda": 36, "ldb": 68, "ldc": 69}],
    "sim": [{"m": 100, "n": 72, "k": 40, "lda": 48, "ldb": 80, "ldc": 76},
            {"m": 65, "n": 66, "k": 33, "lda": 36, "ldb": 68, "ldc": 69}]}
# The 8-bit examples promise N, K, lda and ldb multiples of 16 (16-byte
# cp.async copies); M and ldc stay arbitrary. K = 112 is four steps of 32,
# more than the 3 stages, the last partial; K = 48 two; K = 16 one partial.
ALIGNED_GEMM_SIZES = {
    "gpu": [{"m": 257, "n": 192, "k": 112, "lda": 112, "ldb": 208, "ldc": 200},
            {"m": 65, "n": 80, "k": 48, "lda": 48, "ldb": 80, "ldc": 81}],
    "sim": [{"m": 100, "n": 80, "k": 112, "lda": 128, "ldb": 96, "ldc": 83},
            {"m": 70, "n": 48, "k": 48, "lda": 48, "ldb": 48, "ldc": 49},
            {"m": 65, "n": 16, "k": 16, "lda": 16, "ldb": 32, "ldc": 17}]}


def _matmul_variant(name, num_warps, in_dtype, out_dtype, sample, pad,
                    tolerance, note, wrap=False, sizes=GENERAL_GEMM_SIZES):
    """matmul.mlir's interface with 64 x 64 tiles of C and K steps of 32
    with other element types: `sample(rng)` draws one input element, `pad`
    fills the padding columns (a value no correct kernel reads), and
    `tolerance(k, products)` bounds the error of one element of C."""
    def make(s, rng):
        m, n, k = s["m"], s["n"], s["k"]

        def mat(rows, cols, stride):
            values = []
            for _ in range(rows):
                values += [sample(rng) for _ in range(cols)]
                values += [pad] * (stride - cols)
            return values
        c = []
        for _ in range(m):
            c += [None] * n + untouched(s["ldc"] - n)
        return {"a": mat(m, k, s["lda"]), "b": mat(k, n, s["ldb"]),
                "c": c + untouched(GUARD), "m": m, "n": n, "k": k,
                "lda": s["lda"], "ldb": s["ldb"], "ldc": s["ldc"]}

    def reference(s, v):
        m, n, k, lda, ldb, ldc = (s[x] for x in
                                  ("m", "n", "k", "lda", "ldb", "ldc"))
        a, b = v["a"], v["b"]
        columns = [[b[kk * ldb + j] for kk in range(k)] for j in range(n)]
        out, tol = [], []
        for i in range(m):
            row = a[i * lda:i * lda + k]
            for col in columns:
                products = [x * y for x, y in zip(row, col)]
                if wrap:
                    out.append(wrap_i32(sum(products)))
                else:
                    out.append(math.fsum(products))
                tol.append(tolerance(k, products))
            out += untouched(ldc - n)
            tol += [0.0] * (ldc - n)
        return {"c": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        name, num_warps,
        [Buffer("a", in_dtype), Buffer("b", in_dtype),
         Buffer("c", out_dtype, "out"),
         Scalar("m", "i32"), Scalar("n", "i32"), Scalar("k", "i32"),
         Scalar("lda", "i32"), Scalar("ldb", "i32"), Scalar("ldc", "i32")],
        lambda s: (cdiv(s["m"], 64), cdiv(s["n"], 64), 1), make, reference,
        sizes, note)


def _matmul_general():
    """examples/cuda_tile/matmul.mlir: matmul's interface on 64 x 64 tiles
    with 4 warps and no promises about the sizes (odd leading dimensions)."""
    return _matmul_variant(
        "matmul", 4, "f16", "f32", lambda r: f16(r.uniform(-2, 2)), NAN,
        lambda k, products: (k + 2) * U32 * math.fsum(abs(p) for p in products),
        "(k + 2) * 2^-24 * sum_k |a b|: k fma.rn.f32 steps on exact f16 "
        "products (the order of the sum is the kernel's)")


def _matmul_int8():
    return _matmul_variant(
        "matmul_int8", 4, "i8", "i32", lambda r: r.randint(-128, 127),
        127, lambda k, products: 0.0,
        "exact: integer products and sums (modulo 2^32)", wrap=True,
        sizes=ALIGNED_GEMM_SIZES)


E4M3_SMALL = sorted(v for v in E4M3_CODE if abs(v) <= 4.0)


def _matmul_fp8():
    # e4m3 x e4m3 products are exact in f32 (4-bit significands). The FP8
    # tensor cores may add them with fewer than f32's 24 bits (Hopper's are
    # known to keep about 14), so the bound is 2^-13 per step of the sum.
    return _matmul_variant(
        "matmul_fp8", 8, "e4m3", "f32", lambda r: r.choice(E4M3_SMALL), NAN,
        lambda k, products: (k + 2) * 2.0 ** -13 * math.fsum(
            abs(p) for p in products),
        "(k + 2) * 2^-13 * sum_k |a b|: exact fp8 products, summed by the "
        "tensor core with possibly fewer than 24 bits",
        sizes=ALIGNED_GEMM_SIZES)


def _distinct_byte(rng, lo, hi, avoid):
    """A byte in [lo, hi] other than those in `avoid`."""
    while True:
        byte = rng.randint(lo, hi)
        if byte not in avoid:
            return byte


def _matmul_mxfp8():
    """examples/matmul_mxfp8.mlir: C = (A * SA) x (B * SB) with e4m3 A, B
    and e8m0 scales, one per 32 consecutive K elements of a row of A (SA,
    M x ceil(K / 32)) or of a column of B (SB, ceil(K / 32) x N)."""
    BLOCK = 32
    LO, HI = 127 - 6, 127 + 6  # scales 2^-6 .. 2^6

    def make(s, rng):
        m, n, k = s["m"], s["n"], s["k"]
        blocks = cdiv(k, BLOCK)

        def mat(rows, cols, stride):
            values = []
            for _ in range(rows):
                values += [rng.choice(E4M3_SMALL) for _ in range(cols)]
                values += [NAN] * (stride - cols)
            return values

        def scales(rows, cols, stride):
            # Every scale differs from its left and upper neighbours: a
            # kernel that takes the next 32-block's scale (also within one
            # 64-step), a neighbouring row's of SA or column's of SB is
            # off by a factor 2^d, d != 0. Padding is 0xFF (NaN).
            out = []
            for r in range(rows):
                for c in range(cols):
                    avoid = set()
                    if c:
                        avoid.add(out[-1])
                    if r:
                        avoid.add(out[(r - 1) * stride + c])
                    out.append(_distinct_byte(rng, LO, HI, avoid))
                out += [E8M0_NAN] * (stride - cols)
            return out
        c = []
        for _ in range(m):
            c += [None] * n + untouched(s["ldc"] - n)
        return {"a": mat(m, k, s["lda"]), "b": mat(k, n, s["ldb"]),
                "sa": scales(m, blocks, s["ldsa"]),
                "sb": scales(blocks, n, s["ldsb"]),
                "c": c + untouched(GUARD), "m": m, "n": n, "k": k,
                "lda": s["lda"], "ldb": s["ldb"], "ldc": s["ldc"],
                "ldsa": s["ldsa"], "ldsb": s["ldsb"]}

    def reference(s, v):
        m, n, k, lda, ldb, ldc, ldsa, ldsb = (s[x] for x in (
            "m", "n", "k", "lda", "ldb", "ldc", "ldsa", "ldsb"))
        a, b, sa, sb = v["a"], v["b"], v["sa"], v["sb"]
        # Scaling by a power of two is exact in double, and so is the
        # product of two scaled e4m3 values (4-bit significands).
        columns = [[b[kk * ldb + j] * e8m0_value(sb[kk // BLOCK * ldsb + j])
                    for kk in range(k)] for j in range(n)]
        out, tol = [], []
        for i in range(m):
            row = [a[i * lda + kk] * e8m0_value(sa[i * ldsa + kk // BLOCK])
                   for kk in range(k)]
            for col in columns:
                products = [x * y for x, y in zip(row, col)]
                out.append(math.fsum(products))
                tol.append((k + 2) * 2.0 ** -13 *
                           math.fsum(abs(p) for p in products))
            out += untouched(ldc - n)
            tol += [0.0] * (ldc - n)
        return {"c": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "matmul_mxfp8", 8,
        [Buffer("a", "e4m3"), Buffer("b", "e4m3"), Buffer("sa", "e8m0"),
         Buffer("sb", "e8m0"), Buffer("c", "f32", "out"),
         Scalar("m", "i32"), Scalar("n", "i32"), Scalar("k", "i32"),
         Scalar("lda", "i32"), Scalar("ldb", "i32"), Scalar("ldc", "i32"),
         Scalar("ldsa", "i32"), Scalar("ldsb", "i32")],
        lambda s: (cdiv(s["m"], 64), cdiv(s["n"], 64), 1), make, reference,
        # The kernel promises N, K, lda and ldb multiples of 16; M, ldc,
        # ldsa and ldsb are arbitrary. M and N are not multiples of the 64
        # x 64 tile; K is not a multiple of the 64-step nor of the 32-block
        # (the last scale block is partial, the next one is masked off and
        # reads the NaN padding of SA when ldsa is larger). K = 208: four
        # steps (more than the 3 stages), seven blocks; K = 80 two steps;
        # K = 48 one partial step, its second block partial; K = 16 one
        # partial block.
        {"gpu": [{"m": 257, "n": 192, "k": 208, "lda": 224, "ldb": 208,
                  "ldc": 200, "ldsa": 9, "ldsb": 197},
                 {"m": 65, "n": 80, "k": 48, "lda": 48, "ldb": 80,
                  "ldc": 81, "ldsa": 2, "ldsb": 80}],
         "sim": [{"m": 70, "n": 80, "k": 80, "lda": 96, "ldb": 96,
                  "ldc": 83, "ldsa": 4, "ldsb": 85},
                 {"m": 65, "n": 16, "k": 16, "lda": 16, "ldb": 32,
                  "ldc": 17, "ldsa": 1, "ldsb": 19}]},
        "(k + 2) * 2^-13 * sum_k |a sa b sb|: exact scaled fp8 products "
        "(bf16 operands off sm_120), summed by the tensor core with "
        "possibly fewer than 24 bits")


def _matmul_mxfp4():
    """examples/matmul_mxfp4.mlir: C = (A * SA) x (B * SB) with FP4 (e2m1)
    A, B packed two per byte along K (A: M rows of K / 2 bytes, B: K / 2
    rows of N bytes, the even K index in the low nibble) and e8m0 scales,
    one per 32 K elements as in matmul_mxfp8 (K a multiple of 32)."""
    spec = _matmul_mxfp8()
    BLOCK = 32
    base_make = spec.make
    PAD = fp4_byte(7, 7)  # 6, 6: a read of the padding shows

    def make(s, rng):
        m, n, k = s["m"], s["n"], s["k"]
        v = base_make(s, rng)  # scales, C and scalars as matmul_mxfp8's

        def codes(rows, cols):
            return [[rng.randrange(16) for _ in range(cols)]
                    for _ in range(rows)]
        a, b = codes(m, k), codes(k, n)
        v["a"] = []
        for i in range(m):
            v["a"] += [fp4_byte(a[i][2 * j], a[i][2 * j + 1])
                       for j in range(k // 2)]
            v["a"] += [PAD] * (s["lda"] - k // 2)
        v["b"] = []
        for j in range(k // 2):
            v["b"] += [fp4_byte(b[2 * j][c], b[2 * j + 1][c])
                       for c in range(n)]
            v["b"] += [PAD] * (s["ldb"] - n)
        return v

    def reference(s, v):
        m, n, k, lda, ldb, ldc, ldsa, ldsb = (s[x] for x in (
            "m", "n", "k", "lda", "ldb", "ldc", "ldsa", "ldsb"))
        a, b, sa, sb = v["a"], v["b"], v["sa"], v["sb"]

        def nibble(byte, kk):
            return e2m1_value(byte >> 4 if kk & 1 else byte & 0xF)
        # Exact in double: e2m1 values times powers of two.
        columns = [[nibble(b[kk // 2 * ldb + j], kk) *
                    e8m0_value(sb[kk // BLOCK * ldsb + j])
                    for kk in range(k)] for j in range(n)]
        out, tol = [], []
        for i in range(m):
            row = [nibble(a[i * lda + kk // 2], kk) *
                   e8m0_value(sa[i * ldsa + kk // BLOCK]) for kk in range(k)]
            for col in columns:
                products = [x * y for x, y in zip(row, col)]
                out.append(math.fsum(products))
                tol.append((k + 2) * 2.0 ** -13 *
                           math.fsum(abs(p) for p in products))
            out += untouched(ldc - n)
            tol += [0.0] * (ldc - n)
        return {"c": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    spec.name = spec.kernel = "matmul_mxfp4"
    spec.mlir = "matmul_mxfp4.mlir"
    spec.args = [Buffer("a", "u8"), Buffer("b", "u8")] + spec.args[2:]
    spec.make, spec.reference = make, reference
    # K a multiple of 32 (the kernel's promise), N, lda, ldb of 16; M, N
    # not multiples of the 64 x 64 tile, K not of the 64-step (the last
    # step half masked off: it reads the NaN padding of SA when ldsa is
    # larger, and the 6.0 padding of A and B if the mask were wrong).
    spec.sizes = {
        "gpu": [{"m": 257, "n": 192, "k": 416, "lda": 224, "ldb": 208,
                 "ldc": 200, "ldsa": 14, "ldsb": 197},
                {"m": 65, "n": 80, "k": 96, "lda": 48, "ldb": 80,
                 "ldc": 81, "ldsa": 3, "ldsb": 80}],
        "sim": [{"m": 70, "n": 80, "k": 160, "lda": 96, "ldb": 96,
                 "ldc": 83, "ldsa": 6, "ldsb": 85},
                {"m": 65, "n": 16, "k": 32, "lda": 16, "ldb": 32,
                 "ldc": 17, "ldsa": 1, "ldsb": 19}]}
    return spec


def _matmul_mxfp4_tcgen05():
    """examples/matmul_mxfp4_tcgen05.mlir: matmul_mxfp4's contract with B
    stored transposed (N rows of K / 2 bytes, B[2kb + h][n] in nibble h of
    byte kb of row n, leading dimension ldb in bytes), 128 x 128 tiles of C
    and 8 warps (tcgen05.mma kind::mxf4 on the sm_100a family)."""
    spec = _matmul_mxfp4()
    base_make, base_reference = spec.make, spec.reference
    PAD = fp4_byte(7, 7)

    def to_transposed(s, v):
        """matmul_mxfp4's B (K / 2 rows of N bytes) as N rows of K / 2."""
        n, k, ldb = s["n"], s["k"], s["ldb"]
        b = v["b"]
        old_ldb = n
        out = []
        for j in range(n):
            out += [b[kb * old_ldb + j] for kb in range(k // 2)]
            out += [PAD] * (ldb - k // 2)
        return out

    def make(s, rng):
        v = base_make(dict(s, ldb=s["n"]), rng)
        v["b"] = to_transposed(s, v)
        v["ldb"] = s["ldb"]
        return v

    def reference(s, v):
        # B back in matmul_mxfp4's layout (K / 2 rows of N bytes).
        n, k, ldb = s["n"], s["k"], s["ldb"]
        b = [v["b"][j * ldb + kb] for kb in range(k // 2) for j in range(n)]
        return base_reference(dict(s, ldb=n), dict(v, b=b))
    spec.name = spec.kernel = "matmul_mxfp4_tcgen05"
    spec.mlir = "matmul_mxfp4_tcgen05.mlir"
    spec.make, spec.reference = make, reference
    spec.grid = lambda s: (cdiv(s["m"], 128), cdiv(s["n"], 128), 1)
    # M and N not multiples of 128 (two programs each way in the first), K
    # = 192: three 64-steps (the D accumulated in tensor memory across
    # them); K = 32 one half-masked step.
    spec.sizes = {
        "gpu": [{"m": 1000, "n": 528, "k": 1024, "lda": 528, "ldb": 528,
                 "ldc": 530, "ldsa": 33, "ldsb": 531}],
        "sim": [{"m": 150, "n": 144, "k": 192, "lda": 112, "ldb": 112,
                 "ldc": 147, "ldsa": 7, "ldsb": 145},
                {"m": 65, "n": 16, "k": 32, "lda": 16, "ldb": 32,
                 "ldc": 17, "ldsa": 1, "ldsb": 19}]}
    return spec


def _matmul_mxfp8_tcgen05():
    """examples/matmul_mxfp8_tcgen05.mlir: matmul_mxfp8's contract and
    references with 128 x 128 tiles of C, K steps of 64 and 8 warps (the
    tile of one tcgen05.mma block_scale on the sm_100a family)."""
    spec = _matmul_mxfp8()
    spec.name = spec.kernel = "matmul_mxfp8_tcgen05"
    spec.mlir = "matmul_mxfp8_tcgen05.mlir"
    spec.num_warps = 8
    spec.grid = lambda s: (cdiv(s["m"], 128), cdiv(s["n"], 128), 1)
    # M and N not multiples of 128 (two programs each way in the first),
    # K = 208: four 64-steps (more than the 3 stages), the last partial
    # (seven scale blocks, the last partial, the eighth masked off); K = 48
    # one step.
    spec.sizes = {
        "gpu": [{"m": 1000, "n": 528, "k": 1040, "lda": 1056, "ldb": 544,
                 "ldc": 530, "ldsa": 35, "ldsb": 531},
                {"m": 257, "n": 192, "k": 208, "lda": 224, "ldb": 208,
                 "ldc": 200, "ldsa": 9, "ldsb": 197}],
        "sim": [{"m": 150, "n": 144, "k": 208, "lda": 224, "ldb": 160,
                 "ldc": 147, "ldsa": 9, "ldsb": 145},
                {"m": 65, "n": 16, "k": 48, "lda": 48, "ldb": 32,
                 "ldc": 17, "ldsa": 2, "ldsb": 19}]}
    return spec


def _matmul_fp8_tn():
    """examples/matmul_fp8_tn.mlir: matmul_fp8's element types and
    tolerance, B held transposed (N x K row-major, leading dimension ldb:
    B(k, n) at b[n * ldb + k]), 128 x 128 tiles of C, K steps of 64 and 8
    warps; K, lda and ldb multiples of 16."""
    spec = _matmul_fp8()
    spec.name = spec.kernel = "matmul_fp8_tn"
    spec.mlir = "matmul_fp8_tn.mlir"
    spec.grid = lambda s: (cdiv(s["m"], 128), cdiv(s["n"], 128), 1)
    make_row_major = spec.make

    def make(s, rng):
        # The same values, with B drawn as N x K (rows of ldb elements).
        v = make_row_major(dict(s, ldb=s["n"]), rng)
        n, k, ldb = s["n"], s["k"], s["ldb"]
        rows = [[v["b"][kk * n + j] for kk in range(k)] for j in range(n)]
        v["b"] = [x for row in rows for x in row + [NAN] * (ldb - k)]
        v["ldb"] = ldb
        return v

    def reference(s, v):
        n, k, ldb = s["n"], s["k"], s["ldb"]
        b = [v["b"][j * ldb + kk] for kk in range(k) for j in range(n)]
        return _matmul_fp8().reference(dict(s, ldb=n), dict(v, b=b))
    spec.make, spec.reference = make, reference
    # M and N not multiples of 128, K = 208: four 64-steps (more than the 3
    # stages), the last partial; K = 48 one step; ldb >= K.
    spec.sizes = {
        "gpu": [{"m": 257, "n": 530, "k": 208, "lda": 224, "ldb": 240,
                 "ldc": 531},
                {"m": 65, "n": 17, "k": 48, "lda": 48, "ldb": 64,
                 "ldc": 17}],
        "sim": [{"m": 150, "n": 140, "k": 208, "lda": 224, "ldb": 224,
                 "ldc": 147},
                {"m": 65, "n": 17, "k": 48, "lda": 48, "ldb": 64,
                 "ldc": 17}]}
    return spec


def _attention():
    D, BLOCK = 64, 64

    def make(s, rng):
        lq, lk = s["seq_q"], s["seq_k"]
        return {"q": uniform(rng, lq * D, -1, 1, f16),
                "k": uniform(rng, lk * D, -1, 1, f16),
                "v": uniform(rng, lk * D, -1, 1, f16),
                "o": [None] * (lq * D) + untouched(GUARD),
                "seq_q": lq, "seq_k": lk, "scale": f32(1 / math.sqrt(D))}

    def reference(s, v):
        lq, lk, scale = s["seq_q"], s["seq_k"], v["scale"]
        q, k, val = v["q"], v["k"], v["v"]
        keys = [k[j * D:(j + 1) * D] for j in range(lk)]
        vcols = [[val[j * D + d] for j in range(lk)] for d in range(D)]
        out, tol = [], []
        for i in range(lq):
            row = q[i * D:(i + 1) * D]
            scores = [scale * math.fsum(x * y for x, y in zip(row, kj))
                      for kj in keys]
            top = max(scores)
            p = [math.exp(t - top) for t in scores]
            total = math.fsum(p)
            for d in range(D):
                weighted = [pj * vj for pj, vj in zip(p, vcols[d])]
                out.append(math.fsum(weighted) / total)
                # P is rounded to f16 for the second dot (2^-11 relative
                # per term), exp2 and the f32 sums add ~(lk + 16) ulp.
                mass = math.fsum(abs(w) for w in weighted) / total
                tol.append(mass * (2.0 ** -10 + (lk + 64) * U32) + 2.0 ** -20)
        return {"o": (out + untouched(GUARD), tol + [0.0] * GUARD)}
    return Spec(
        "attention", 4,
        [Buffer("q", "f16"), Buffer("k", "f16"), Buffer("v", "f16"),
         Buffer("o", "f32", "out"), Scalar("seq_q", "i32"),
         Scalar("seq_k", "i32"), Scalar("scale", "f32")],
        lambda s: (cdiv(s["seq_q"], BLOCK), 1, 1), make, reference,
        # Neither length a multiple of the 64-row blocks.
        {"gpu": [{"seq_q": 1000, "seq_k": 777}, {"seq_q": 5, "seq_k": 1}],
         "sim": [{"seq_q": 70, "seq_k": 45}, {"seq_q": 33, "seq_k": 130}]},
        "2^-10 * sum_j p_j |v_j| / l plus (S + 64) f32 ulp: P is rounded to "
        "f16 for the P V dot")


def _transpose():
    def make(s, rng):
        m, n = s["m"], s["n"]
        return {"in": uniform(rng, m * n, -1000, 1000),
                "out": [None] * (m * n) + untouched(GUARD), "m": m, "n": n}

    def reference(s, v):
        m, n = s["m"], s["n"]
        x = v["in"]
        out = [x[i * n + j] for j in range(n) for i in range(m)]
        return {"out": (out + untouched(GUARD), 0.0)}
    return Spec(
        "transpose", 4,
        [Buffer("in", "f32"), Buffer("out", "f32", "out"), Scalar("m", "i32"),
         Scalar("n", "i32")],
        lambda s: (cdiv(s["m"], 64), cdiv(s["n"], 64), 1), make, reference,
        {"gpu": [{"m": 1000, "n": 777}, {"m": 3, "n": 130}],
         "sim": [{"m": 100, "n": 70}, {"m": 3, "n": 130}]},
        "exact: elements are copied")


def _matmul_tma():
    """matmul.mlir's kernel (128 x 128 tiles, 8 warps, 3 stages; the same
    promises) on tensor descriptors: make_memref, tiled_load, tiled_store.
    Same interface, grid, references and sizes."""
    spec = copy.copy(_matmul())
    spec.name = spec.kernel = "matmul_tma"
    spec.mlir = "matmul_tma.mlir"
    # From sm_90 A and B come through TMA tensor maps, and
    # cuTensorMapEncodeTiled cannot encode an empty tensor: no K = 0.
    spec.sizes = {key: [s for s in sizes if s["k"] > 0]
                  for key, sizes in spec.sizes.items()}
    return spec


def _attention_tma():
    """attention.mlir's kernel on tensor descriptors: same interface, grid,
    references and sizes (S >= 1: a tensor map cannot be empty)."""
    spec = copy.copy(_attention())
    spec.name = spec.kernel = "attention_tma"
    spec.mlir = "attention_tma.mlir"
    return spec


def _matmul_tma_unhinted():
    """matmul_tma.mlir with its make_memref hints removed (the caller passes
    that source with --mlir): then any sizes and strides are allowed, so
    they are odd here."""
    spec = copy.copy(_matmul_tma())
    spec.name = "matmul_tma_unhinted"
    odd = {"m": 65, "n": 66, "k": 33, "lda": 35, "ldb": 67, "ldc": 69}
    spec.sizes = {"gpu": [odd], "sim": [odd]}
    return spec


def _matmul_tma_store():
    """matmul_tma.mlir with C's make_memref promising ldc a multiple of 4
    (`strides_div_by = array<i64: 4, 1>`; the caller passes that source
    with --mlir): from sm_90 the result is then stored with TMA too."""
    spec = copy.copy(_matmul_tma())
    spec.name = "matmul_tma_store"
    spec.sizes = {key: [dict(s, ldc=(s["ldc"] + 3) // 4 * 4) for s in sizes]
                  for key, sizes in spec.sizes.items()}
    return spec


SPECS = [_vector_add(), _saxpy(), _softmax(), _layer_norm(), _row_sum(),
         _inclusive_scan(), _histogram(), _matmul(), _transpose(),
         _matmul_int8(), _matmul_fp8(), _matmul_mxfp8(), _matmul_mxfp4(),
         _matmul_mxfp4_tcgen05(), _attention(),
         _matmul_tma(), _attention_tma(), _matmul_mxfp8_tcgen05(),
         _matmul_fp8_tn(), _matmul_tf32()]


def _cuda_tile(spec):
    """The same kernel written in cuda_tile (examples/cuda_tile/): same
    parameters, grid, warps and references."""
    clone = copy.copy(spec)
    clone.name = "cuda_tile_" + spec.name
    clone.mlir = f"cuda_tile/{spec.name}.mlir"
    return clone


# Run only when named (--only), so the default run stays the examples.
CUDA_TILE_SPECS = [_cuda_tile(s) for s in SPECS
                   if s.name in ("vector_add", "softmax")] + [
                       _cuda_tile(_matmul_general())]
def _matmul_tma_tiles(suffix, tile_n, num_warps=8):
    """matmul_tma.mlir with another tile shape or pipeline depth
    (examples/gpu/build_variants.sh writes them: `k64` steps K by 64,
    `n256` computes 128 x 256 tiles of C, `s4` has 4 stages, `w4n64` 128 x
    64 tiles with 4 warps): the same
    kernel contract and references, ceil(N / tile_n) programs along y."""
    spec = copy.copy(_matmul_tma())
    spec.name = "matmul_tma_" + suffix
    spec.grid = lambda s: (cdiv(s["m"], 128), cdiv(s["n"], tile_n), 1)
    spec.num_warps = num_warps
    return spec


# Need their source from --mlir or build_variants.sh.
VARIANT_SPECS = [_matmul_tma_unhinted(), _matmul_tma_store(),
                 _matmul_tma_tiles("k64", 128), _matmul_tma_tiles("n256", 256),
                 _matmul_tma_tiles("n256k64", 256), _matmul_tma_tiles("s4", 128),
                 _matmul_tma_tiles("w4n64", 64, num_warps=4),
                 _matmul_tma_tiles("g", 128), _matmul_tma_tiles("k64g", 128)]
BY_NAME = {spec.name: spec
           for spec in SPECS + CUDA_TILE_SPECS + VARIANT_SPECS}


# ------------------------------------------------------------- marshalling
def pack(dtype, values):
    """Bytes of a buffer; UNTOUCHED elements get the sentinel, None (an
    output the kernel overwrites) the sentinel too."""
    code, size, sentinel, _ = DTYPES[dtype]
    out = bytearray()
    sentinel_bytes = sentinel.to_bytes(size, "little")
    for v in values:
        if v is UNTOUCHED or v is None:
            out += sentinel_bytes
        elif dtype == "e4m3":
            out.append(E4M3_NAN if math.isnan(v) else E4M3_CODE[v])
        else:
            out += struct.pack("<" + code, v)
    return bytes(out)


def unpack(dtype, data):
    code, size, _, _ = DTYPES[dtype]
    count = len(data) // size
    values = struct.unpack(f"<{count}{code}", data)
    if dtype == "e4m3":
        values = tuple(e4m3_value(c) for c in values)
    bits = struct.unpack(f"<{count}{'BHIQ'[size.bit_length() - 1]}", data)
    return values, bits


def scalar_bits(ptx_type, value):
    """The 64-bit launch slot of a scalar (little-endian low bytes)."""
    if ptx_type == "i32":
        return value & 0xFFFFFFFF
    if ptx_type == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    raise ValueError(ptx_type)


def inputs_for(spec, size, seed=0):
    rng = random.Random(f"{spec.name}/{sorted(size.items())}/{seed}")
    return spec.make(size, rng)


def describe(size):
    return " ".join(f"{k}={v}" for k, v in size.items())


class Result:
    def __init__(self, spec, size, output, max_error, worst_ratio, failures,
                 messages):
        self.spec, self.size, self.output = spec, size, output
        self.max_error, self.worst_ratio = max_error, worst_ratio
        self.failures, self.messages = failures, messages

    @property
    def passed(self):
        return self.failures == 0


def compare(spec, size, inputs, outputs):
    """outputs: {buffer name: bytes}. Returns one Result per output."""
    results = []
    for name, (expected, tol) in spec.reference(size, inputs).items():
        dtype = next(a.dtype for a in spec.args if a.name == name)
        values, bits = unpack(dtype, outputs[name])
        sentinel, kind = DTYPES[dtype][2], DTYPES[dtype][3]
        failures, max_error, worst, messages = 0, 0.0, 0.0, []
        if len(values) != len(expected):
            results.append(Result(spec, size, name, math.inf, math.inf, 1,
                                  [f"{len(values)} elements, expected "
                                   f"{len(expected)}"]))
            continue
        for i, (want, got, got_bits) in enumerate(zip(expected, values, bits)):
            allowed = tol[i] if isinstance(tol, list) else tol
            if want is UNTOUCHED:
                ok = got_bits == sentinel
                detail = f"wrote {got!r} where nothing may be written"
            else:
                error = abs(got - want) if not math.isnan(got) else math.inf
                ok = error <= allowed
                max_error = max(max_error, error)
                if allowed > 0:
                    worst = max(worst, error / allowed)
                elif error > 0:
                    worst = math.inf
                detail = f"got {got!r}, expected {want!r} (tolerance {allowed:.3g})"
            if not ok:
                failures += 1
                if len(messages) < 5:
                    messages.append(f"{name}[{i}]: {detail}")
        results.append(Result(spec, size, name, max_error, worst, failures,
                              messages))
    return results


def table(results):
    """The report: one line per output of every run."""
    head = ("example", "size", "output", "max error", "error/tol", "result")
    rows = []
    for r in results:
        ratio = "-" if r.worst_ratio == 0 else f"{r.worst_ratio:.3f}"
        rows.append((r.spec.name, describe(r.size), r.output,
                     f"{r.max_error:.3g}", ratio,
                     "PASS" if r.passed else f"FAIL ({r.failures} wrong)"))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()
             for row in [head] + rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def tolerances():
    """The stated tolerance of every example, and why."""
    return "\n".join(f"  {s.name}: {s.tolerance_note}" for s in SPECS)
