"""`break`, `continue` and early `return` on the CPU simulator, against
NumPy: the exits depend on the data, and the loop-carried values must be
those of the iteration that left.

    TILEIRAS_LIBRARY_PATH=build/lib TILEIRAS_BACKEND=sim /usr/bin/python3 \
        -m unittest discover -s python/tests -p 'test_sim_exits.py'
"""
import os
import pathlib
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
os.environ.setdefault("TILEIRAS_CACHE_DIR", tempfile.mkdtemp())
os.environ["TILEIRAS_BACKEND"] = "sim"

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402


@tileiras.jit(num_warps=1)
def find_first(x_ptr, out_ptr, steps_ptr, n, rows, BLOCK: tl.constexpr):
    """Per row: index of the first negative element (-1 if none), and how
    many blocks were read. Programs past the last row return at once."""
    row = tl.program_id(0)
    if row >= rows:
        return
    found = -1
    blocks = 0
    offs = tl.arange(0, BLOCK)
    for start in range(0, n, BLOCK):
        x = tl.load(x_ptr + row * n + start + offs, mask=start + offs < n,
                    other=0.0)
        blocks += 1
        negative = (x < 0) & (start + offs < n)
        if tl.max(negative.to(tl.int32), axis=0) == 0:
            continue
        found = start + tl.min(tl.where(negative, offs, BLOCK), axis=0)
        break
    tl.store(out_ptr + row, found)
    tl.store(steps_ptr + row, blocks)


@tileiras.jit(num_warps=1)
def collatz(x_ptr, out_ptr, limit):
    """Steps of the Collatz sequence from x[pid] down to 1, `while True`
    with `break`; -1 when it takes more than `limit` steps (a `return`
    from inside the loop)."""
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid)
    steps = 0
    while True:
        if x == 1:
            break
        if steps >= limit:
            tl.store(out_ptr + pid, -1)
            return
        steps += 1
        if x % 2 == 0:
            x = x // 2
            continue
        x = 3 * x + 1
    tl.store(out_ptr + pid, steps)


@tileiras.jit
def sign_or_zero(v):
    """A device function with an early return of a value."""
    if v > 0:
        return 1
    if v < 0:
        return -1
    return 0


@tileiras.jit
def first_index(row_ptr, n, target):
    """A device function returning from inside its loop (or after it)."""
    for i in range(n):
        if tl.load(row_ptr + i) == target:
            return i
    return -1


@tileiras.jit
def row_pointer(x_ptr, row, n, rows):
    """Returns a pointer from inside a runtime `if`."""
    if row < rows:
        return x_ptr + row * n
    return x_ptr


@tileiras.jit(num_warps=1)
def find_in_rows(x_ptr, out_ptr, n, rows, target):
    row = tl.program_id(0)
    found = first_index(row_pointer(x_ptr, row, n, rows), n, target)
    tl.store(out_ptr + row, found)


@tileiras.jit(num_warps=1)
def nested(x_ptr, out_ptr, n, m):
    """Row sums until the first row whose sum is negative (outer break),
    skipping elements after the first zero of each row (inner break), and
    a static_range whose later steps a runtime break skips."""
    total = 0.0
    rows_done = 0
    for i in range(n):
        row_sum = 0.0
        j = 0
        while j < m:
            v = tl.load(x_ptr + i * m + j)
            if v == 0.0:
                break
            row_sum += v
            j += 1
        if row_sum < 0.0:
            break
        total += row_sum
        rows_done += 1
    signs = 0
    for k in tl.static_range(4):
        v = tl.load(x_ptr + k)
        if v == 0.0:
            break
        signs = signs * 10 + sign_or_zero(v) + 1
    tl.store(out_ptr, total)
    tl.store(out_ptr + 1, rows_done.to(tl.float32))
    tl.store(out_ptr + 2, signs.to(tl.float32))


@tileiras.jit(num_warps=1)
def skip_blocks(x_ptr, out_ptr, n_blocks, BLOCK: tl.constexpr):
    """Only `continue`: the loops stay scf.for / scf.while."""
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    used = 0
    for b in range(n_blocks):
        x = tl.load(x_ptr + b * BLOCK + offs)
        if tl.min(x, axis=0) < 0:
            continue
        acc += x
        used += 1
    k = 0
    odd = 0
    while k < n_blocks:
        k += 1
        if k % 2 == 0:
            continue
        odd += k
    tl.store(out_ptr + offs, acc)
    tl.store(out_ptr + BLOCK, used.to(tl.float32))
    tl.store(out_ptr + BLOCK + 1, odd.to(tl.float32))


@tileiras.jit
def unrolled_exits(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """`continue` in a static_range, and a `return` from a static_range
    inside a runtime loop."""
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    for k in range(n):
        for s in tl.static_range(3):
            v = tl.load(x_ptr + (k * 3 + s) * BLOCK + offs)
            if tl.max(v, axis=0) > 5:
                continue
            if tl.min(v, axis=0) < -5:
                tl.store(out_ptr + offs, acc)
                return
            acc += v
    tl.store(out_ptr + offs, acc + 1000.0)


def collatz_steps(x, limit):
    steps = 0
    while x != 1:
        if steps >= limit:
            return -1
        steps += 1
        x = x // 2 if x % 2 == 0 else 3 * x + 1
    return steps


def nested_reference(x):
    total, rows_done = 0.0, 0
    for row in x:
        row_sum = 0.0
        for v in row:
            if v == 0:
                break
            row_sum += v
        if row_sum < 0:
            break
        total += row_sum
        rows_done += 1
    signs = 0
    for v in x.reshape(-1)[:4]:
        if v == 0:
            break
        signs = signs * 10 + int(np.sign(v)) + 1
    return np.array([total, rows_done, signs], np.float32)


class ExitsTest(unittest.TestCase):
    def test_break_continue_and_early_return(self):
        rows, n, block = 5, 40, 16
        rng = np.random.default_rng(0)
        x = rng.uniform(0.5, 1.0, (rows, n)).astype(np.float32)
        x[0, 3] = -1.0      # first block
        x[1, 35] = -2.0     # last, partial block
        x[1, 39] = -3.0
        x[3, 20] = -1.0     # second block, two negatives
        x[3, 17] = -1.0
        # row 2 and row 4: none
        out = np.full(rows + 2, 7, np.int32)
        steps = np.full(rows + 2, 7, np.int32)
        find_first[(rows + 2,)](x, out, steps, n, rows, BLOCK=block)
        want, want_steps = [], []
        for r in range(rows):
            neg = np.nonzero(x[r] < 0)[0]
            want.append(int(neg[0]) if len(neg) else -1)
            want_steps.append(int(neg[0]) // block + 1 if len(neg)
                              else -(-n // block))
        # The two extra programs returned before storing anything.
        np.testing.assert_array_equal(out, want + [7, 7])
        np.testing.assert_array_equal(steps, want_steps + [7, 7])

    def test_device_function_returns_from_loop(self):
        x = np.array([[3, 1, 4, 1, 5],
                      [9, 2, 6, 5, 3],
                      [5, 8, 9, 7, 9]], np.int32)
        out = np.zeros(3, np.int32)
        find_in_rows[(3,)](x, out, 5, 3, 9)
        np.testing.assert_array_equal(out, [-1, 0, 2])
        find_in_rows[(3,)](x, out, 5, 3, 5)
        np.testing.assert_array_equal(out, [4, 3, 0])

    def test_continue_only(self):
        blocks, block = 5, 16
        x = np.random.default_rng(1).uniform(0, 1, (blocks, block)).astype(
            np.float32)
        x[1, 7] = -1.0
        x[4, 0] = -2.0
        out = np.zeros(block + 2, np.float32)
        skip_blocks[(1,)](x, out, blocks, BLOCK=block)
        keep = [0, 2, 3]
        np.testing.assert_allclose(out[:block], x[keep].sum(axis=0),
                                   rtol=1e-6)
        self.assertEqual(list(out[block:]), [3.0, 1.0 + 3.0 + 5.0])
        mlir = skip_blocks.compile(x, out, blocks, BLOCK=block,
                                   target="sm_90a").mlir
        self.assertEqual(mlir.count("scf.for"), 1)
        self.assertEqual(mlir.count("scf.while"), 1)

    def test_exits_from_unrolled_loops(self):
        block, n = 32, 3
        rng = np.random.default_rng(2)
        for case in range(3):
            x = rng.uniform(-1, 1, (3 * n, block)).astype(np.float32)
            if case >= 1:
                x[2, 3] = 6.0    # skipped row
            if case == 2:
                x[5, 0] = -6.0   # returns before adding rows 5..8
            out = np.zeros(block, np.float32)
            unrolled_exits[(1,)](x, out, n, BLOCK=block)
            acc, returned = np.zeros(block, np.float32), False
            for row in x:
                if row.max() > 5:
                    continue
                if row.min() < -5:
                    returned = True
                    break
                acc += row
            want = acc if returned else acc + 1000.0
            np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5,
                                       err_msg="case %d" % case)

    def test_while_true_break_return_in_loop(self):
        x = np.array([1, 2, 3, 6, 7, 27, 97, 871], np.int32)
        out = np.zeros(len(x), np.int32)
        collatz[(len(x),)](x, out, 100)
        np.testing.assert_array_equal(
            out, [collatz_steps(int(v), 100) for v in x])

    def test_nested_loops_static_range_device_return(self):
        n, m = 6, 5
        x = np.array([[1, 2, 0, 9, 9],     # row sum 3 (stops at the 0)
                      [-1, 4, 1, 1, 1],    # 6
                      [2, 2, 2, 2, 2],     # 10
                      [-5, 0, 100, 1, 1],  # -5: the outer loop stops
                      [1, 1, 1, 1, 1],
                      [1, 1, 1, 1, 1]], np.float32)
        y = x.copy()
        y[0, :4] = [-3, 5, -1, 2]
        y[3, 0] = 5
        for data in (x, y):
            out = np.zeros(3, np.float32)
            nested[(1,)](data, out, n, m)
            np.testing.assert_array_equal(out, nested_reference(data))
        # x stops at row 3 (sum -5), signs of 1, 2 then a zero;
        # y runs every row, signs of -3, 5, -1, 2.
        np.testing.assert_array_equal(nested_reference(x), [19, 3, 22])
        np.testing.assert_array_equal(nested_reference(y), [43, 6, 202])


if __name__ == "__main__":
    unittest.main()
