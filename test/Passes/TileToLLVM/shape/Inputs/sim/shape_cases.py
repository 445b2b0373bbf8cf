"""Shape ops and layout conversions on a simulated CTA: every register of
every thread is compared with the op's semantics, for many pairs of layouts
(blocked with different orders and vector widths, slices, dot operands,
replicated small tiles, 1, 4 and 8 warps) and element types, through the
register paths and the shared-memory paths alike.

Usage: shape_cases.py TILEIRAS_OPT MLIR_TRANSLATE LLC WORKDIR GROUP [FILTER]
"""
import os
import sys

# The simulator is shared with the examples' runner: tools/sim/simlib.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 6, "tools", "sim"))
from simlib import Blocked as B, DotOperand, Program, Slice, Tools  # noqa: E402

SIZES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2, "ptr": 8}


def tile_type(shape, elem, layout):
    element = "!nv_tileaa.ptr<f32>" if elem == "ptr" else elem
    return f"tensor<{'x'.join(map(str, shape))}x{element}, {layout.mlir()}>"


def mask(value, elem):
    return value & 1 if elem == "i1" else value & ((1 << (8 * SIZES[elem])) - 1)


def source_value(operand, coord, shape, elem):
    """The value the test stores at `coord` of input `operand`."""
    linear = 0
    for c, s in zip(coord, shape):
        linear = linear * s + c
    return mask(linear * 7 + 3 + operand * 100003, elem)


class Case:
    def __init__(self, name, body, inputs, result, expected, elem="i32"):
        """inputs: [(shape, layout)], result: (shape, layout); expected(c)
        gives the (operand, source coordinate) of result element c, or a
        plain integer value. `body` computes %r from %x0, %x1, ..."""
        self.name, self.inputs, self.result = name, inputs, result
        self.expected, self.elem = expected, elem
        types = {f"T{i}": tile_type(s, elem, l) for i, (s, l) in enumerate(inputs)}
        types["R"] = tile_type(result[0], elem, result[1])
        for key, value in types.items():
            body = body.replace("{" + key + "}", value)
        args = ", ".join(f"%x{i}: {types[f'T{i}']}" for i in range(len(inputs)))
        self.function = (f"nv_tileaa.func @{name}({args}) -> {types['R']} {{\n"
                         f"{body}\n  nv_tileaa.return %r : {types['R']}\n}}")

    def check(self, program):
        size = SIZES[self.elem]
        in_layouts = [l.linear(s) for s, l in self.inputs]
        out_layout = self.result[1].linear(self.result[0])
        threads = 32 * max([out_layout.num_warps] +
                           [l.num_warps for l in in_layouts])
        data = []
        for i, (layout, (shape, _)) in enumerate(zip(in_layouts, self.inputs)):
            raw = bytearray()
            for t in range(threads):
                for r in range(layout.num_registers):
                    value = source_value(i, layout.apply(r, t % 32, t // 32),
                                         shape, self.elem)
                    raw += value.to_bytes(size, "little")
            data.append((bytes(raw), layout.num_registers * size))
        out = program.run(self.name, threads, data,
                          out_layout.num_registers * size)
        wrong = 0
        for t in range(threads):
            for r in range(out_layout.num_registers):
                at = (t * out_layout.num_registers + r) * size
                got = int.from_bytes(out[at:at + size], "little")
                coord = out_layout.apply(r, t % 32, t // 32)
                want = self.expected(coord)
                if not isinstance(want, int):
                    operand, source = want
                    want = source_value(operand, source,
                                        self.inputs[operand][0], self.elem)
                want = mask(want, self.elem)
                if got != want:
                    wrong += 1
                    if wrong <= 5:
                        print(f"  {self.name}: thread {t} register {r} "
                              f"(element {coord}): got {got}, want {want}")
        status = "ok  " if not wrong else "FAIL"
        print(f"{status} {self.name}: {threads} threads, "
              f"{program.shared_bytes(self.name)} bytes of shared memory"
              + (f", {wrong} wrong" if wrong else ""))
        return wrong == 0


# Layouts (4 warps unless noted).
ROW = B([1, 4], [4, 8], [4, 1], [1, 0])       # 16 x 32 block, vectors along rows
COL = B([4, 1], [8, 4], [1, 4], [0, 1])       # 32 x 16 block, vectors along columns
SMALL = B([1, 1], [8, 4], [2, 2], [1, 0])
ONE_WARP = B([2, 2], [4, 8], [1, 1], [1, 0])
EIGHT_WARPS = B([1, 2], [2, 16], [8, 1], [1, 0])
V4 = B([4], [32], [4], [0])
V1 = B([1], [32], [4], [0])
V2 = B([2], [32], [2], [0])


def linear_index(coord, shape):
    value = 0
    for c, s in zip(coord, shape):
        value = value * s + c
    return value


def delinearize(value, shape):
    coord = []
    for s in reversed(shape):
        coord.append(value % s)
        value //= s
    return coord[::-1]


def convert_cases(t):
    body = "  %r = nv_tileaa.convert_layout %x0 : {T0} -> {R}"
    for name, shape, src, dst in [
            ("2d", [16, 32], ROW, COL), ("2d_small", [8, 8], SMALL, ROW),
            ("1d", [256], V4, V1), ("1d_replicated", [4], V4, V2),
            ("dot_operand", [32, 16], DotOperand(0, ROW), ROW),
            ("slice", [64], Slice(1, ROW), Slice(1, COL))]:
        for elem in ["i32", "i1", "i64", "ptr", "f16"]:
            yield Case(f"convert_{name}_{elem}", body, [(shape, src)],
                       (shape, dst), lambda c: (0, c), elem)


def build_cases(t):
    for name, layout, size in [("1d", V4, 256), ("1d_small", V4, 16),
                               ("2_warps", V2, 1024),
                               ("slice", Slice(1, ROW), 64),
                               ("slice0", Slice(0, COL), 32)]:
        yield Case(f"make_range_{name}",
                   f"  %r = nv_tileaa.make_range {{start = 5 : i32, end = "
                   f"{size + 5} : i32}} : {{R}}", [], ([size], layout),
                   lambda c: 5 + c[0])
    rows = B([4, 1], [1, 32], [1, 4], [1, 0])
    dense = "[" + ", ".join("[" + ", ".join([str(r * 10)] * 128) + "]"
                            for r in range(4)) + "]"
    yield Case("constant_per_register",
               f"  %r = arith.constant dense<{dense}> : {{R}}", [],
               ([4, 128], rows), lambda c: c[0] * 10)
    table = "[" + ", ".join(str((i * 37) % 1000) for i in range(512)) + "]"
    yield Case("constant_table", f"  %r = arith.constant dense<{table}> : {{R}}",
               [], ([512], V4), lambda c: (c[0] * 37) % 1000)
    bools = "[" + ", ".join("true" if i % 3 == 0 else "false"
                            for i in range(256)) + "]"
    yield Case("constant_table_i1",
               f"  %r = arith.constant dense<{bools}> : {{R}}", [],
               ([256], V1), lambda c: 1 if c[0] % 3 == 0 else 0, "i1")


def linear_op_cases(t):
    body = "  %r = nv_tileaa.broadcast %x0 : {T0} -> {R}"
    block3 = B([1, 1, 4], [1, 4, 8], [2, 2, 1], [2, 1, 0])
    for name, src, dst, ls, ld in [
            ("row", [1, 128], [64, 128], ROW, ROW),
            ("column", [64, 1], [64, 128], ROW, ROW),
            ("column_col_major", [64, 1], [64, 64], COL, COL),
            ("row_other_layout", [1, 128], [64, 128], COL, ROW),
            ("column_small", [8, 1], [8, 8], ONE_WARP, SMALL),
            ("3d", [2, 1, 32], [2, 16, 32], block3, block3),
            ("scalar_like", [1, 1], [32, 32], ROW, ROW),
            ("dot_operand", [32, 1], [32, 16], DotOperand(0, ROW), ROW)]:
        yield Case(f"broadcast_{name}", body, [(src, ls)], (dst, ld),
                   lambda c, src=src: (0, [x if s > 1 else 0
                                           for x, s in zip(c, src)]))
    for name, src, axis, ls, ld in [
            ("slice1", [64], 1, Slice(1, ROW), ROW),
            ("slice0", [128], 0, Slice(0, ROW), ROW),
            ("slice_other_parent", [64], 1, Slice(1, COL), ROW),
            ("blocked", [128], 0, V4, B([1, 4], [1, 32], [1, 4], [1, 0])),
            ("blocked_axis1", [128], 1, V4, B([4, 1], [32, 1], [4, 1], [0, 1])),
            ("blocked_other", [128], 0, V1, B([1, 4], [1, 32], [1, 4], [1, 0]))]:
        dst = list(src)
        dst.insert(axis, 1)
        yield Case(f"expand_dims_{name}",
                   f"  %r = nv_tileaa.expand_dims %x0 {{axis = {axis} : i32}} "
                   f": {{T0}} -> {{R}}", [(src, ls)], (dst, ld),
                   lambda c, axis=axis: (0, c[:axis] + c[axis + 1:]))
    for name, src, order, ls, ld, elem in [
            ("2d_renamed", [64, 32], [1, 0], ROW, ROW.permuted([1, 0]), "i32"),
            ("2d_shared", [64, 32], [1, 0], ROW, ROW, "i32"),
            ("2d_8_warps", [32, 64], [1, 0], EIGHT_WARPS, B([1, 4], [4, 8], [8, 1], [1, 0]), "i32"),
            ("3d", [4, 8, 16], [2, 0, 1], block3, B([4, 1, 1], [4, 1, 8], [1, 2, 2], [0, 2, 1]), "i32"),
            ("3d_renamed", [4, 8, 16], [2, 0, 1], block3, block3.permuted([2, 0, 1]), "i32"),
            ("i1", [64, 32], [1, 0], ROW, ROW, "i1"),
            ("f16", [64, 32], [1, 0], ROW, COL, "f16")]:
        dst = [src[o] for o in order]

        def expected(c, order=order):
            source = [0] * len(order)
            for i, o in enumerate(order):
                source[o] = c[i]
            return (0, source)
        yield Case(f"permute_{name}",
                   f"  %r = nv_tileaa.permute %x0 {{order = array<i32: "
                   f"{', '.join(map(str, order))}>}} : {{T0}} -> {{R}}",
                   [(src, ls)], (dst, ld), expected, elem)
    for name, src, dst, ls, ld in [
            ("2d_to_1d", [64, 2], [128], B([1, 2], [32, 1], [2, 1], [1, 0]), V1),
            ("2d_to_1d_4", [64, 4], [256], B([1, 4], [32, 1], [2, 2], [1, 0]), V4),
            ("1d_to_2d", [512], [16, 32], V4, ROW),
            ("1d_to_2d_free", [512], [16, 32], V4, B([1, 4], [4, 8], [4, 1], [1, 0])),
            ("3d_to_2d", [4, 8, 16], [32, 16], block3, ROW),
            ("3d_to_2d_shared", [4, 8, 16], [32, 16],
             B([1, 1, 4], [1, 8, 4], [2, 2, 1], [2, 1, 0]), ROW),
            ("2d_to_2d", [16, 64], [64, 16], ROW, COL)]:
        yield Case(f"view_{name}", "  %r = nv_tileaa.view %x0 : {T0} -> {R}",
                   [(src, ls)], (dst, ld),
                   lambda c, src=src, dst=dst:
                       (0, delinearize(linear_index(c, dst), src)))


def slice_cat_cases(t):
    for name, src, offsets, dst, ls, ld, elem in [
            ("registers", [64, 32], [32, 0], [32, 32], ROW, ROW, "i32"),
            ("registers_columns", [16, 64], [0, 32], [16, 32], ROW, ROW, "i32"),
            ("lanes", [16, 32], [0, 16], [16, 16], ROW, ROW, "i32"),
            ("unaligned", [64, 32], [8, 4], [16, 16], ROW, ROW, "i32"),
            ("other_layout", [64, 32], [32, 0], [32, 32], ROW, COL, "i32"),
            ("1d", [512], [128], [128], V4, V4, "i32"),
            ("1d_tiny", [512], [6], [2], V4, V2, "i32"),
            ("i1", [64, 32], [8, 4], [16, 16], ROW, ROW, "i1"),
            ("i64", [64, 32], [8, 4], [16, 16], ROW, COL, "i64")]:
        yield Case(f"extract_slice_{name}",
                   f"  %r = nv_tileaa.extract_slice %x0 {{offsets = array<i64: "
                   f"{', '.join(map(str, offsets))}>}} : {{T0}} -> {{R}}",
                   [(src, ls)], (dst, ld),
                   lambda c, offsets=offsets: (0, [x + o for x, o in zip(c, offsets)]),
                   elem)

    def cat_expected(axis, half):
        def expected(c):
            if c[axis] >= half:
                source = list(c)
                source[axis] -= half
                return (1, source)
            return (0, list(c))
        return expected
    w8 = B([1, 4], [2, 16], [8, 1], [1, 0])
    lanes = B([1, 1], [1, 32], [4, 1], [1, 0])
    for name, shape, axis, l0, l1, ld, elem in [
            ("register_bit", [32, 32], 0, ROW, ROW, ROW, "i32"),
            ("warp_bit", [8, 32], 0, w8, w8, w8, "i32"),
            ("lane_bit", [16, 16], 1, lanes, lanes, lanes, "i32"),
            ("warps_differ", [8, 32], 0, B([1, 4], [2, 16], [4, 1], [1, 0]),
             B([1, 4], [2, 16], [4, 1], [1, 0]), w8, "i32"),
            ("shared_axis1", [16, 32], 1, ROW, COL, ROW, "i32"),
            ("shared_axis0", [16, 32], 0, COL, COL, ROW, "i32"),
            ("1d", [128], 0, V1, V1, V1, "i32"),
            ("1d_shared", [128], 0, V4, V1, V2, "i32"),
            ("ptr", [16, 32], 1, ROW, COL, ROW, "ptr")]:
        dst = list(shape)
        dst[axis] *= 2
        yield Case(f"cat_{name}",
                   "  %r = nv_tileaa.cat %x0, %x1 {axis = " + str(axis) +
                   " : i32} : {T0}, {T1} -> {R}", [(shape, l0), (shape, l1)],
                   (dst, ld), cat_expected(axis, shape[axis]), elem)


GROUPS = {"convert": convert_cases, "build": build_cases,
          "linear": linear_op_cases, "slice_cat": slice_cat_cases}

if __name__ == "__main__":
    tileiras_opt, mlir_translate, llc, work, group = sys.argv[1:6]
    name_filter = sys.argv[6] if len(sys.argv) > 6 else ""
    tools = Tools(tileiras_opt, mlir_translate, llc, work)
    cases = [c for c in GROUPS[group](tools) if name_filter in c.name]
    program = Program(tools, group, "sm_80",
                      {c.name: c.function for c in cases})
    ok = True
    for case in cases:
        ok &= case.check(program)
    print("all cases passed" if ok else "some cases FAILED")
    sys.exit(0 if ok else 1)
