"""Throughput of the tensor-core examples against torch (cuBLAS, SDPA).

Used by run_on_gpu.py --time. For each timed example: one problem size
(square by default), inputs made directly on the GPU with torch (the
correctness run uses specs.py's small sizes; here only speed is measured),
the tileiras kernel launched `iters` times between two CUDA events after
`warmup` launches, and the torch operation that computes the same thing
timed the same way:

  matmul       f16 x f16 -> f32    torch.matmul (cuBLAS, f16 out: the
                                   closest cuBLAS op), 2 M N K flop
  matmul_int8  s8 x s8 -> i32      torch._int_mm (cuBLASLt), 2 M N K
  matmul_fp8   e4m3 x e4m3 -> f32  torch._scaled_mm (sm_89+), 2 M N K
  matmul_fp8_tn  the same, B held N x K (what _scaled_mm takes)
  matmul_tf32  f32 rounded to tf32  torch.matmul f32 with TF32 allowed
               -> f32               (cuBLAS TF32), 2 M N K
  matmul_mxfp8 e4m3 x e4m3 with    torch._scaled_mm with MX block scales
               e8m0 block scales   (sm_100+, bf16 out; all scales 1, so
               -> f32              their swizzled layout does not matter),
                                   else per-tensor scales like matmul_fp8
                                   (sm_89+), 2 M N K
  attention    one head, D = 64    scaled_dot_product_attention (f16),
                                   4 L S D flop (two GEMMs)
  matmul_tma, attention_tma        the same as matmul and attention, on
                                   tensor descriptors (TMA from sm_90)

With --nvcc-dir, the example's CUDA equivalent (bench/ptx_quality/cuda/,
built by nvcc) is timed the same way on the same inputs. Prints TFLOP/s of
each and tileiras / nvcc, tileiras / torch. Only the standard library is
imported at module level, so the flop counts and the argument lists are
testable without a GPU (--self-test).
"""
import math

# name -> default size
SIZES = {
    "matmul": {"m": 4096, "n": 4096, "k": 4096},
    "matmul_int8": {"m": 4096, "n": 4096, "k": 4096},
    "matmul_fp8": {"m": 4096, "n": 4096, "k": 4096},
    "matmul_mxfp8": {"m": 4096, "n": 4096, "k": 4096},
    "attention": {"seq_q": 4096, "seq_k": 4096},
    "matmul_tma": {"m": 4096, "n": 4096, "k": 4096},
    "attention_tma": {"seq_q": 4096, "seq_k": 4096},
    "matmul_mxfp8_tcgen05": {"m": 4096, "n": 4096, "k": 4096},
    "matmul_fp8_tn": {"m": 4096, "n": 4096, "k": 4096},
    "matmul_tf32": {"m": 4096, "n": 4096, "k": 4096},
}
# matmul_tma's tile-shape variants (build_variants.sh), timed when named
# with --only.
VARIANTS = {"matmul_tma_" + v: dict(SIZES["matmul"])
            for v in ("k64", "n256", "n256k64", "s4", "w4n64", "g", "k64g")}
HEAD_DIM = 64
MX_BLOCK = 32  # K elements per e8m0 scale (OCP MX)
# The C tile of each GEMM example (64 where not listed).
TILE_MN = {"matmul": (128, 128), "matmul_tma": (128, 128),
           "matmul_tma_k64": (128, 128), "matmul_tma_n256": (128, 256),
           "matmul_tma_n256k64": (128, 256), "matmul_tma_s4": (128, 128),
           "matmul_tma_w4n64": (128, 64), "matmul_tma_g": (128, 128),
           "matmul_tma_k64g": (128, 128),
           "matmul_mxfp8_tcgen05": (128, 128), "matmul_fp8_tn": (128, 128),
           "matmul_tf32": (128, 128)}


def cdiv(a, b):
    return -(-a // b)


def base(name):
    """The example whose inputs, arguments and torch op a variant shares."""
    if name.startswith("matmul_tma"):
        return "matmul"
    if name == "matmul_mxfp8_tcgen05":
        return "matmul_mxfp8"
    return name[:-len("_tma")] if name.endswith("_tma") else name


def flops(name, size):
    if base(name) == "attention":
        return 4 * size["seq_q"] * size["seq_k"] * HEAD_DIM
    return 2 * size["m"] * size["n"] * size["k"]


def grid(name, size):
    if base(name) == "attention":
        return (math.ceil(size["seq_q"] / 32), 1, 1)
    tile_m, tile_n = TILE_MN.get(name, (64, 64))
    return (math.ceil(size["m"] / tile_m), math.ceil(size["n"] / tile_n), 1)


def parse_size(text):
    """"m=1024,n=512,k=256" -> {"m": 1024, ...}."""
    size = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if not value:
            raise ValueError(f"size item {item!r} is not key=value")
        size[key.strip()] = int(value)
    return size


def check_size(name, size):
    wanted = set({**SIZES, **VARIANTS}[name])
    if set(size) != wanted:
        raise ValueError(f"{name} needs the sizes {sorted(wanted)}, "
                         f"got {sorted(size)}")
    if any(v <= 0 for v in size.values()):
        raise ValueError(f"{name}: sizes must be positive")
    if base(name) != "attention" and any(v % 16 for v in size.values()):
        # torch._int_mm and _scaled_mm need multiples of 16 (and
        # matmul.mlir multiples of 8 for N and K)
        raise ValueError(f"{name}: m, n and k must be multiples of 16")


def kernel_args(name, size, tensors):
    """The launch arguments of the example kernel, in its parameter order:
    ("ptr", tensor), ("i32", int bits) or ("f32", float bits)."""
    import struct
    if base(name) == "attention":
        scale = struct.unpack("<I", struct.pack(
            "<f", 1 / math.sqrt(HEAD_DIM)))[0]
        return [("ptr", tensors["q"]), ("ptr", tensors["k"]),
                ("ptr", tensors["v"]), ("ptr", tensors["o"]),
                ("i32", size["seq_q"]), ("i32", size["seq_k"]),
                ("f32", scale)]
    m, n, k = size["m"], size["n"], size["k"]
    if base(name) == "matmul_mxfp8":
        # a, b, sa, sb, c, m, n, k, lda, ldb, ldc, ldsa, ldsb: row-major
        return [("ptr", tensors["a"]), ("ptr", tensors["b"]),
                ("ptr", tensors["sa"]), ("ptr", tensors["sb"]),
                ("ptr", tensors["c"]), ("i32", m), ("i32", n), ("i32", k),
                ("i32", k), ("i32", n), ("i32", n),
                ("i32", cdiv(k, MX_BLOCK)), ("i32", n)]
    # lda, ldb, ldc: row-major (matmul_fp8_tn: B held N x K, ldb = K)
    ldb = k if name == "matmul_fp8_tn" else n
    return [("ptr", tensors["a"]), ("ptr", tensors["b"]),
            ("ptr", tensors["c"]), ("i32", m), ("i32", n), ("i32", k),
            ("i32", k), ("i32", ldb), ("i32", n)]


def make_inputs(torch, name, size):
    """Device tensors for the kernel and a closure computing the same with
    torch."""
    cuda = "cuda"
    name = base(name)
    if name == "attention":
        lq, lk = size["seq_q"], size["seq_k"]
        q = torch.randn(lq, HEAD_DIM, device=cuda, dtype=torch.float16)
        k = torch.randn(lk, HEAD_DIM, device=cuda, dtype=torch.float16)
        v = torch.randn(lk, HEAD_DIM, device=cuda, dtype=torch.float16)
        o = torch.empty(lq, HEAD_DIM, device=cuda, dtype=torch.float32)
        sdpa = torch.nn.functional.scaled_dot_product_attention
        q4, k4, v4 = (t.view(1, 1, -1, HEAD_DIM) for t in (q, k, v))
        return {"q": q, "k": k, "v": v, "o": o}, lambda: sdpa(q4, k4, v4)
    m, n, k = size["m"], size["n"], size["k"]
    if name == "matmul":
        a = torch.randn(m, k, device=cuda, dtype=torch.float16)
        b = torch.randn(k, n, device=cuda, dtype=torch.float16)
        ref = lambda: torch.matmul(a, b)  # noqa: E731
    elif name == "matmul_tf32":
        a = torch.randn(m, k, device=cuda, dtype=torch.float32)
        b = torch.randn(k, n, device=cuda, dtype=torch.float32)
        torch.backends.cuda.matmul.allow_tf32 = True  # cuBLAS's TF32 GEMM
        ref = lambda: torch.matmul(a, b)  # noqa: E731
    elif name == "matmul_int8":
        a = torch.randint(-128, 128, (m, k), device=cuda, dtype=torch.int8)
        b = torch.randint(-128, 128, (k, n), device=cuda, dtype=torch.int8)
        ref = lambda: torch._int_mm(a, b)  # noqa: E731
    else:  # matmul_fp8, matmul_fp8_tn, matmul_mxfp8
        e4m3 = torch.float8_e4m3fn
        a = torch.randn(m, k, device=cuda).to(e4m3)
        b = torch.randn(k, n, device=cuda).to(e4m3)
        b_cols = b.t().contiguous().t()  # _scaled_mm wants B column-major
        if name == "matmul_fp8_tn":
            b = b_cols.t()  # the kernel takes B^T: N x K row-major
        one = torch.ones((), device=cuda)
        ref = lambda: torch._scaled_mm(  # noqa: E731
            a, b_cols, scale_a=one, scale_b=one, out_dtype=torch.float32)
    out = torch.empty(m, n, device=cuda,
                      dtype=torch.int32 if name == "matmul_int8"
                      else torch.float32)
    tensors = {"a": a, "b": b, "c": out}
    if name == "matmul_mxfp8":
        # e8m0 scale bytes (uint8: what the kernel reads), 2^-3 .. 2^3.
        blocks = cdiv(k, MX_BLOCK)
        tensors["sa"] = torch.randint(124, 131, (m, blocks), device=cuda,
                                      dtype=torch.uint8)
        tensors["sb"] = torch.randint(124, 131, (blocks, n), device=cuda,
                                      dtype=torch.uint8)
        mx = mx_scaled_mm(torch, a, b_cols, m, n, k)
        if mx is not None:
            ref = mx
        else:
            ref.op = TORCH_OP["matmul_fp8"] + " (per-tensor scales: no MX " \
                "_scaled_mm here)"
    return tensors, ref


def mx_scaled_mm(torch, a, b_cols, m, n, k):
    """torch._scaled_mm of a and b_cols with MX (1 x 32 e8m0) block scales
    where torch and the GPU have it (cuBLAS, sm_100+), else None. The scales
    are all 1.0 (byte 127), so cuBLAS's swizzled scale layout (128 x 4
    tiles: 128 ceil(M / 128) x 4 ceil(ceil(K / 32) / 4) bytes) needs no
    rearranging, only its size."""
    e8m0 = getattr(torch, "float8_e8m0fnu", None)
    if e8m0 is None or torch.cuda.get_device_capability()[0] < 10:
        return None
    blocks = 4 * cdiv(cdiv(k, MX_BLOCK), 4)

    def scales(rows):
        count = 128 * cdiv(rows, 128) * blocks
        return torch.full((count,), 127, device="cuda",
                          dtype=torch.uint8).view(e8m0)
    scale_a, scale_b = scales(m), scales(n)

    def run():
        return torch._scaled_mm(a, b_cols, scale_a=scale_a, scale_b=scale_b,
                                out_dtype=torch.bfloat16)
    try:
        run()
        torch.cuda.synchronize()
    except Exception:  # noqa: BLE001 - an older torch or cuBLAS
        return None
    run.op = "torch._scaled_mm MXFP8 (1x32 e8m0 scales, bf16 out)"
    return run


def torch_op(name, reference):
    """What the torch reference of `name` runs (make_inputs may say)."""
    return getattr(reference, "op", TORCH_OP[name])


def time_ms(torch, run, warmup, iters):
    """Milliseconds per call of `run` (which only enqueues work)."""
    for _ in range(warmup):
        run()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    for _ in range(iters):
        run()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


def tflops(name, size, ms):
    return flops(name, size) / (ms * 1e-3) / 1e12


def table(rows):
    """rows: (name, size, tileiras ms, nvcc ms or None, torch ms or None,
    torch op)."""
    head = ("example", "size", "tileiras TFLOP/s", "nvcc TFLOP/s",
            "torch TFLOP/s", "tileiras/nvcc", "tileiras/torch", "torch op")
    lines = []
    for name, size, t_ms, n_ms, r_ms, op in rows:
        t = tflops(name, size, t_ms)
        n = tflops(name, size, n_ms) if n_ms else None
        r = tflops(name, size, r_ms) if r_ms else None
        lines.append((name, " ".join(f"{k}={v}" for k, v in size.items()),
                      f"{t:.2f}", f"{n:.2f}" if n else "-",
                      f"{r:.2f}" if r else "-", f"{t / n:.3f}" if n else "-",
                      f"{t / r:.3f}" if r else "-", op))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    out = ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip()
           for row in [head] + lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


TORCH_OP = {"matmul": "torch.matmul f16 (cuBLAS)",
            "matmul_int8": "torch._int_mm (cuBLASLt)",
            "matmul_fp8": "torch._scaled_mm e4m3",
            "matmul_fp8_tn": "torch._scaled_mm e4m3",
            "matmul_tf32": "torch.matmul f32, allow_tf32 (cuBLAS TF32)",
            "matmul_mxfp8": "torch._scaled_mm MXFP8 or e4m3",
            "attention": "F.scaled_dot_product_attention f16"}
TORCH_OP.update({name: TORCH_OP[base(name)] for name in {**SIZES, **VARIANTS}})


def self_test():
    """What can be checked without a GPU."""
    assert flops("matmul", {"m": 2, "n": 3, "k": 5}) == 60
    assert flops("attention", {"seq_q": 2, "seq_k": 3}) == 4 * 2 * 3 * 64
    assert grid("matmul_fp8", {"m": 65, "n": 64, "k": 16}) == (2, 1, 1)
    assert grid("matmul", {"m": 129, "n": 128, "k": 16}) == (2, 1, 1)
    assert grid("attention", {"seq_q": 33, "seq_k": 1}) == (2, 1, 1)
    assert grid("matmul_tma", {"m": 129, "n": 128, "k": 16}) == (2, 1, 1)
    assert grid("attention_tma", {"seq_q": 33, "seq_k": 1}) == (2, 1, 1)
    assert grid("matmul_tma_n256", {"m": 129, "n": 257, "k": 16}) == (2, 2, 1)
    assert parse_size("m=64, n=128,k=32") == {"m": 64, "n": 128, "k": 32}
    for bad in ("m=64,n=128", "m=64,n=128,k=33", "m=64,n=x,k=32", "m"):
        try:
            check_size("matmul", parse_size(bad))
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} accepted")
    args = kernel_args("matmul", {"m": 64, "n": 32, "k": 16},
                       {"a": "A", "b": "B", "c": "C"})
    assert args == [("ptr", "A"), ("ptr", "B"), ("ptr", "C"), ("i32", 64),
                    ("i32", 32), ("i32", 16), ("i32", 16), ("i32", 32),
                    ("i32", 32)]
    mx = kernel_args("matmul_mxfp8", {"m": 64, "n": 32, "k": 80},
                     {"a": "A", "b": "B", "sa": "SA", "sb": "SB", "c": "C"})
    assert mx == [("ptr", "A"), ("ptr", "B"), ("ptr", "SA"), ("ptr", "SB"),
                  ("ptr", "C"), ("i32", 64), ("i32", 32), ("i32", 80),
                  ("i32", 80), ("i32", 32), ("i32", 32), ("i32", 3),
                  ("i32", 32)], mx
    assert grid("matmul_mxfp8", {"m": 65, "n": 129, "k": 16}) == (2, 3, 1)
    tn = kernel_args("matmul_fp8_tn", {"m": 64, "n": 32, "k": 80},
                     {"a": "A", "b": "B", "c": "C"})
    assert tn[-3:] == [("i32", 80), ("i32", 80), ("i32", 32)], tn
    assert grid("matmul_fp8_tn", {"m": 129, "n": 128, "k": 16}) == (2, 1, 1)
    assert grid("matmul_tf32", {"m": 129, "n": 257, "k": 16}) == (2, 3, 1)
    assert flops("matmul_tf32", {"m": 2, "n": 3, "k": 5}) == 60
    att = kernel_args("attention", {"seq_q": 5, "seq_k": 7},
                      {"q": 1, "k": 2, "v": 3, "o": 4})
    assert att[-1] == ("f32", 0x3E000000)  # 1/8
    # 1 ms for 2 * 1024^3 flop: 2.147 TFLOP/s
    assert abs(tflops("matmul", {"m": 1024, "n": 1024, "k": 1024}, 1.0)
               - 2.147483648) < 1e-9
    text = table([("matmul", {"m": 1024, "n": 1024, "k": 1024}, 2.0, 4.0,
                   1.0, TORCH_OP["matmul"])])
    assert "0.500" in text and "2.000" in text and "1.07" in text, text
    assert "0.54" in text, text  # nvcc: 4 ms
    return "timing self-test: ok"
