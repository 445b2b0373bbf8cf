"""Flash attention forward: O = softmax(Q K^T * scale) V per head, one
BLOCK_M block of queries per program, streaming K and V in BLOCK_N blocks
with the online softmax (running maximum m_i and sum l_i), so the
seq x seq score matrix is never materialized.

    /usr/bin/python3 python/tutorials/05-flash-attention.py [heads seq]

Q, K, V: (heads, seq, D) f16, contiguous; O: f32. Non-causal.
"""
import math
import sys

import _common
import numpy as np

import tileiras
import tileiras.language as tl


@tileiras.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, scale,
                     D: tl.constexpr, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    base = head * seq_len * D
    rm = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + base + rm[:, None] * D + rd[None, :],
                mask=rm[:, None] < seq_len, other=0.0)
    m_i = tl.full((BLOCK_M,), -float("inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, D), tl.float32)
    for start_n in range(0, seq_len, BLOCK_N):
        rn = start_n + tl.arange(0, BLOCK_N)
        # K^T block: D x BLOCK_N.
        k = tl.load(k_ptr + base + rn[None, :] * D + rd[:, None],
                    mask=rn[None, :] < seq_len, other=0.0)
        s = tl.dot(q, k) * scale
        s = tl.where(rn[None, :] < seq_len, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + rn[:, None] * D + rd[None, :],
                    mask=rn[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + rm[:, None] * D + rd[None, :], acc,
             mask=rm[:, None] < seq_len)


def attention(q, k, v, o, heads, seq, d, block_m=16, block_n=16):
    grid = (tileiras.cdiv(seq, block_m), heads)
    attention_kernel[grid](q, k, v, o, seq, 1.0 / math.sqrt(d), D=d,
                           BLOCK_M=block_m, BLOCK_N=block_n)
    return o


def main():
    heads, seq = map(int, sys.argv[1:3]) if len(sys.argv) > 2 else \
        _common.size((2, 40), (16, 1024))
    d = 16
    rng = np.random.default_rng(4)
    q, k, v = (rng.standard_normal((heads, seq, d)).astype(np.float16)
               for _ in range(3))
    dq, dk, dv = map(_common.to_device, (q, k, v))
    o = _common.to_device(np.zeros((heads, seq, d), np.float32))
    attention(dq, dk, dv, o, heads, seq, d)
    s = q.astype(np.float32) @ k.astype(np.float32).transpose(0, 2, 1)
    s = s / math.sqrt(d)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    want = p @ v.astype(np.float32)
    # P is rounded to f16 before the second dot, as on tensor cores.
    _common.check("flash attention (%d heads, seq %d, d %d)" % (heads, seq, d),
                  _common.to_host(o), want, atol=2e-2, rtol=2e-2)
    def torch_attention():
        import torch
        return torch.nn.functional.scaled_dot_product_attention(dq, dk, dv)
    _common.report("attention", "TFLOP/s", 4 * heads * seq * seq * d / 1e12,
                   lambda: attention(dq, dk, dv, o, heads, seq, d),
                   torch_attention)


if __name__ == "__main__":
    main()
