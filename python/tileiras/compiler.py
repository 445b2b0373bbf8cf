"""Python AST of a `@tileiras.jit` kernel -> nv_tileaa MLIR text.

The kernel is never run: its source is parsed and each statement compiled.
Expressions are evaluated with Python semantics over compile-time constants
and `tl.tensor` handles (whose operators emit MLIR, see semantic.py).
Control flow on tensors becomes `scf` ops:

* `for i in range(lo, hi, step)` -> `scf.for` (i32), every variable that
  exists before the loop and is assigned in it is loop-carried;
* `for i in tl.static_range(...)` is unrolled;
* `if` on a runtime scalar -> `scf.if` yielding the variables either branch
  assigns; `if` on a compile-time value keeps only the branch taken;
* `while` -> `scf.while` carrying the variables the body assigns.

Other `@jit` functions called from a kernel are inlined.
"""
import ast
import inspect
import operator
import textwrap

from . import language as tl
from .language import _state, core
from .language.core import CompileError, constexpr, tensor
from .semantic import Builder, Semantic

# Builtins a kernel may call on compile-time values.
_PY_BUILTINS = {"range": range, "len": len, "min": min, "max": max,
                "int": int, "float": float, "bool": bool, "abs": abs,
                "print": print, "isinstance": isinstance, "tuple": tuple,
                "list": list, "enumerate": enumerate, "zip": zip,
                "getattr": getattr}


def _assigned_names(nodes):
    names = []
    for node in nodes:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                if sub.id not in names:
                    names.append(sub.id)
    return names


class SourceInfo:
    """A function's source, parsed, with its file and first line."""

    def __init__(self, fn):
        self.fn = fn
        try:
            lines, first = inspect.getsourcelines(fn)
        except (OSError, TypeError) as error:
            raise CompileError("cannot read the source of %s: %s" % (
                fn.__name__, error))
        self.filename = inspect.getsourcefile(fn) or "<unknown>"
        self.first_line = first
        self.source = textwrap.dedent("".join(lines))
        tree = ast.parse(self.source)
        ast.increment_lineno(tree, first - 1)
        self.tree = tree.body[0]
        if not isinstance(self.tree, ast.FunctionDef):
            raise CompileError("%s is not a function definition" % fn.__name__)

    def line_text(self, line):
        try:
            with open(self.filename) as f:
                return f.read().splitlines()[line - 1].strip()
        except (OSError, IndexError):
            return ""


def located_error(filename, line, message, text=""):
    out = "%s:%d: error: %s" % (filename, line, message)
    if text:
        out += "\n    " + text
    return CompileError(out)


class CodeGenerator(ast.NodeVisitor):
    def __init__(self, info, semantic, scope):
        self.info = info
        self.sem = semantic
        self.b = semantic.b
        self.scope = dict(scope)
        self.globals = info.fn.__globals__
        self.return_value = None
        self.returned = False

    # -------------------------------------------------------- helpers
    def fail(self, node, message):
        line = getattr(node, "lineno", self.b.line)
        raise located_error(self.info.filename, line, message,
                            self.info.line_text(line))

    def visit(self, node):
        saved = (self.b.line, self.b.col)
        if hasattr(node, "lineno"):
            self.b.line, self.b.col = node.lineno, node.col_offset
            self.b.filename = self.info.filename
        try:
            return super().visit(node)
        except CompileError as error:
            if str(error).startswith(self.info.filename + ":") or \
                    ": error: " in str(error):
                raise
            self.fail(node, str(error))
        finally:
            self.b.line, self.b.col = saved

    def generic_visit(self, node):
        self.fail(node, "unsupported Python syntax in a kernel: %s" %
                  type(node).__name__)

    def visit_block(self, statements):
        for statement in statements:
            if self.returned:
                self.fail(statement, "code after `return` is not supported")
            self.visit(statement)

    def lookup(self, node, name):
        if name in self.scope:
            return self.scope[name]
        if name in self.globals:
            return self.globals[name]
        if name in _PY_BUILTINS:
            return _PY_BUILTINS[name]
        self.fail(node, "name '%s' is not defined" % name)

    # -------------------------------------------------------- statements
    def visit_Expr(self, node):
        if isinstance(node.value, ast.Constant) and \
                isinstance(node.value.value, str):
            return  # docstring
        self.visit(node.value)

    def visit_Pass(self, node):
        pass

    def assign(self, target, value, node):
        if isinstance(target, ast.Name):
            value = core._unwrap(value) if isinstance(value, constexpr) \
                else value
            self.scope[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            values = list(value) if isinstance(value, (tuple, list)) else None
            if values is None or len(values) != len(target.elts):
                self.fail(node, "cannot unpack %r into %d names" % (
                    value, len(target.elts)))
            for t, v in zip(target.elts, values):
                self.assign(t, v, node)
        else:
            self.fail(node, "only names and tuples of names can be assigned "
                      "in a kernel")

    def visit_Assign(self, node):
        value = self.visit(node.value)
        for target in node.targets:
            self.assign(target, value, node)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.assign(node.target, self.visit(node.value), node)

    def visit_AugAssign(self, node):
        if not isinstance(node.target, ast.Name):
            self.fail(node, "augmented assignment needs a name")
        current = self.lookup(node, node.target.id)
        value = self.binop(node.op, current, self.visit(node.value), node)
        self.scope[node.target.id] = value

    def visit_Return(self, node):
        self.return_value = None if node.value is None else \
            self.visit(node.value)
        self.returned = True

    def visit_Assert(self, node):
        test = self.visit(node.test)
        msg = self.visit(node.msg) if node.msg else ""
        if isinstance(test, tensor):
            self.sem.device_assert(test, str(msg))
        elif not test:
            self.fail(node, "static assertion failed: %s" % (msg,))

    def visit_Break(self, node):
        self.fail(node, "`break` is not supported in kernels")

    def visit_Continue(self, node):
        self.fail(node, "`continue` is not supported in kernels")

    # -------------------------------------------------------- control flow
    def carried_value(self, name, value, node):
        """A value that may be loop-carried or yielded: constants become
        scalars."""
        value = core._unwrap(value)
        if isinstance(value, tensor):
            return value
        if isinstance(value, (bool, int, float)):
            return self.sem.to_tensor(value)
        self.fail(node, "variable '%s' (%r) cannot change inside runtime "
                  "control flow" % (name, value))

    def conform(self, name, value, ty_like, node):
        """`value` converted to the type of `ty_like` (a carried value)."""
        value = core._unwrap(value)
        if not isinstance(value, tensor):
            value = self.sem.to_tensor(value, ty_like.dtype)
        if value.dtype != ty_like.dtype and not isinstance(
                core._unwrap(value), tensor):
            value = self.sem.cast(value, ty_like.dtype)
        if value.shape != ty_like.shape or value.dtype != ty_like.dtype:
            self.fail(node, "variable '%s' changes type inside runtime "
                      "control flow: %s before, %s after" % (
                          name, ty_like.type, value.type))
        return value

    def emit_region(self, header, lines, footer):
        self.b.emit(header, located=False)
        for line in lines:
            self.b.emit("  " + line, located=False)
        self.b.emit(footer)

    def visit_If(self, node):
        cond = core._unwrap(self.visit(node.test))
        if not isinstance(cond, tensor):
            self.visit_block(node.body if cond else node.orelse)
            return
        if cond.shape:
            self.fail(node, "`if` needs a scalar condition, got a tile of "
                      "shape %s" % (cond.shape,))
        cond = self.sem.cast(cond, tl.int1)
        before = dict(self.scope)
        branches = []
        for body in (node.body, node.orelse):
            self.scope = dict(before)
            self.b.push()
            self.visit_block(body)
            if self.returned:
                self.fail(node, "`return` inside runtime `if` is not "
                          "supported")
            branches.append((self.b.regions[-1], dict(self.scope)))
            self.b.pop()
        # Yielded: names either branch (re)assigned that exist after both.
        names = []
        for name in _assigned_names(node.body + node.orelse):
            in_then = name in branches[0][1]
            in_else = name in branches[1][1]
            if not (in_then and in_else):
                continue
            if branches[0][1][name] is before.get(name) and \
                    branches[1][1][name] is before.get(name):
                continue
            names.append(name)
        self.scope = before
        if not names:
            self.b.emit("scf.if %s {" % cond.handle, located=False)
            for line in branches[0][0]:
                self.b.emit("  " + line, located=False)
            if node.orelse:
                self.b.emit("} else {", located=False)
                for line in branches[1][0]:
                    self.b.emit("  " + line, located=False)
            self.b.emit("}")
            return
        # Types: the first tensor among the branches decides.
        yields = [[], []]
        types = []
        for name in names:
            values = [branches[i][1][name] for i in (0, 1)]
            like = next((core._unwrap(v) for v in values
                         if isinstance(core._unwrap(v), tensor)), None)
            for i in (0, 1):
                self.b.regions.append(branches[i][0])
                if like is None:
                    v = self.carried_value(name, values[i], node)
                else:
                    v = self.conform(name, values[i], like, node)
                self.b.regions.pop()
                yields[i].append(v)
                if like is None and i == 0:
                    like = v
            types.append(like)
        result = self.b.fresh()
        type_list = ", ".join(t.type for t in types)
        for i in (0, 1):
            branches[i][0].append("scf.yield %s : %s" % (
                ", ".join(v.handle for v in yields[i]), type_list))
        self.b.emit("%s:%d = scf.if %s -> (%s) {" % (
            result, len(names), cond.handle, type_list), located=False)
        for line in branches[0][0]:
            self.b.emit("  " + line, located=False)
        self.b.emit("} else {", located=False)
        for line in branches[1][0]:
            self.b.emit("  " + line, located=False)
        self.b.emit("}")
        for i, (name, ty) in enumerate(zip(names, types)):
            self.scope[name] = tensor("%s#%d" % (result, i), ty.dtype, ty.shape)

    def visit_For(self, node):
        iterator = node.iter
        if node.orelse:
            self.fail(node, "`for ... else` is not supported")
        if not isinstance(iterator, ast.Call):
            self.fail(node, "kernels loop over range(...) or "
                      "tl.static_range(...)")
        fn = self.visit(iterator.func)
        args = [self.visit(a) for a in iterator.args]
        if fn is tl.static_range:
            for value in tl.static_range(*args):
                self.assign(node.target, value, node)
                self.visit_block(node.body)
            return
        if fn is not range:
            self.fail(node, "kernels loop over range(...) or "
                      "tl.static_range(...)")
        if not isinstance(node.target, ast.Name):
            self.fail(node, "the loop variable must be a name")
        if len(args) == 1:
            args = [0] + args
        if len(args) == 2:
            args = args + [1]
        step = core._unwrap(args[2])
        if isinstance(step, int) and step <= 0:
            self.fail(node, "range() in a kernel needs a positive step")
        bounds = [self.sem.to_tensor(a) for a in args]
        ity = tl.int64 if any(b.dtype.bits == 64 for b in bounds) else tl.int32
        for bound in bounds:
            if not bound.dtype.is_int or bound.shape:
                self.fail(node, "range() bounds must be integer scalars")
        bounds = [self.sem.cast(b, ity) for b in bounds]
        before = dict(self.scope)
        names = [n for n in _assigned_names(node.body)
                 if n in before and n != node.target.id]
        inits = [self.carried_value(n, before[n], node) for n in names]
        iv = self.b.fresh()
        args_names = [self.b.fresh() for _ in names]
        for n, a, init in zip(names, args_names, inits):
            self.scope[n] = tensor(a, init.dtype, init.shape)
        self.scope[node.target.id] = tensor(iv, ity)
        self.b.push()
        self.visit_block(node.body)
        if self.returned:
            self.fail(node, "`return` inside a loop is not supported")
        outs = [self.conform(n, self.scope[n], i, node)
                for n, i in zip(names, inits)]
        if names:
            self.b.emit("scf.yield %s : %s" % (
                ", ".join(o.handle for o in outs),
                ", ".join(i.type for i in inits)), located=False)
        body = self.b.pop()
        self.scope = before
        header = "scf.for %s = %s to %s step %s" % (
            iv, bounds[0].handle, bounds[1].handle, bounds[2].handle)
        if names:
            result = self.b.fresh()
            header = "%s:%d = %s iter_args(%s) -> (%s)" % (
                result, len(names), header, ", ".join(
                    "%s = %s" % (a, i.handle)
                    for a, i in zip(args_names, inits)),
                ", ".join(i.type for i in inits))
            for k, (n, i) in enumerate(zip(names, inits)):
                self.scope[n] = tensor("%s#%d" % (result, k), i.dtype, i.shape)
        self.emit_region(header + " : %s {" % ity.mlir, body, "}")

    def visit_While(self, node):
        if node.orelse:
            self.fail(node, "`while ... else` is not supported")
        before = dict(self.scope)
        names = [n for n in _assigned_names(node.body) if n in before]
        inits = [self.carried_value(n, before[n], node) for n in names]
        cond_args = [self.b.fresh() for _ in names]
        body_args = [self.b.fresh() for _ in names]
        # Before-region: the condition.
        for n, a, i in zip(names, cond_args, inits):
            self.scope[n] = tensor(a, i.dtype, i.shape)
        self.b.push()
        cond = core._unwrap(self.visit(node.test))
        if not isinstance(cond, tensor) or cond.shape:
            self.b.pop()
            self.fail(node, "`while` in a kernel needs a runtime scalar "
                      "condition")
        cond = self.sem.cast(cond, tl.int1)
        types = ", ".join(i.type for i in inits)
        self.b.emit("scf.condition(%s)%s" % (cond.handle, (
            " %s : %s" % (", ".join(cond_args), types)) if names else ""),
            located=False)
        cond_lines = self.b.pop()
        # After-region: the body.
        self.scope = dict(before)
        for n, a, i in zip(names, body_args, inits):
            self.scope[n] = tensor(a, i.dtype, i.shape)
        self.b.push()
        self.visit_block(node.body)
        if self.returned:
            self.fail(node, "`return` inside a loop is not supported")
        outs = [self.conform(n, self.scope[n], i, node)
                for n, i in zip(names, inits)]
        self.b.emit("scf.yield%s" % ((" %s : %s" % (
            ", ".join(o.handle for o in outs), types)) if names else ""),
            located=False)
        body_lines = self.b.pop()
        self.scope = before
        result = self.b.fresh()
        prefix = "%s:%d = " % (result, len(names)) if names else ""
        self.b.emit("%sscf.while (%s) : (%s) -> (%s) {" % (
            prefix, ", ".join("%s = %s" % (a, i.handle)
                              for a, i in zip(cond_args, inits)),
            types, types), located=False)
        for line in cond_lines:
            self.b.emit("  " + line, located=False)
        self.b.emit("} do {", located=False)
        self.b.emit("^bb0(%s):" % ", ".join(
            "%s: %s" % (a, i.type) for a, i in zip(body_args, inits)),
            located=False)
        for line in body_lines:
            self.b.emit("  " + line, located=False)
        self.b.emit("}")
        for k, (n, i) in enumerate(zip(names, inits)):
            self.scope[n] = tensor("%s#%d" % (result, k), i.dtype, i.shape)

    # -------------------------------------------------------- expressions
    def visit_Constant(self, node):
        return node.value

    def visit_Name(self, node):
        return self.lookup(node, node.id)

    def visit_Tuple(self, node):
        return tuple(self.visit(e) for e in node.elts)

    def visit_List(self, node):
        return [self.visit(e) for e in node.elts]

    def visit_Slice(self, node):
        parts = [None if p is None else core._unwrap(self.visit(p))
                 for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def visit_Attribute(self, node):
        base = self.visit(node.value)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            self.fail(node, "%r has no attribute '%s'" % (base, node.attr))

    def visit_Subscript(self, node):
        base = self.visit(node.value)
        index = self.visit(node.slice)
        if isinstance(base, tensor):
            return self.sem.subscript(base, index)
        return core._unwrap(base)[core._unwrap(index)]

    def binop(self, op, left, right, node):
        left, right = core._unwrap(left), core._unwrap(right)
        ops = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__",
               ast.Div: "__truediv__", ast.FloorDiv: "__floordiv__",
               ast.Mod: "__mod__", ast.BitAnd: "__and__", ast.BitOr: "__or__",
               ast.BitXor: "__xor__", ast.LShift: "__lshift__",
               ast.RShift: "__rshift__", ast.Pow: "__pow__"}
        name = ops.get(type(op))
        if name is None:
            self.fail(node, "unsupported operator %s" % type(op).__name__)
        if isinstance(left, tensor) or isinstance(right, tensor):
            if name == "__pow__":
                self.fail(node, "** is not supported on tensors")
            if isinstance(left, tensor):
                return getattr(left, name)(right)
            return getattr(right, "__r" + name[2:])(left)
        return getattr(operator, name)(left, right)

    def visit_BinOp(self, node):
        return self.binop(node.op, self.visit(node.left),
                          self.visit(node.right), node)

    def visit_UnaryOp(self, node):
        value = core._unwrap(self.visit(node.operand))
        if isinstance(node.op, ast.Not):
            if isinstance(value, tensor):
                return self.sem.logical_not(value)
            return not value
        if isinstance(node.op, ast.USub):
            return -value
        if isinstance(node.op, ast.UAdd):
            return value
        return ~value

    def visit_Compare(self, node):
        if len(node.ops) != 1:
            self.fail(node, "chained comparisons are not supported")
        left = core._unwrap(self.visit(node.left))
        right = core._unwrap(self.visit(node.comparators[0]))
        op = node.ops[0]
        if isinstance(op, (ast.Is, ast.IsNot)):
            same = left is right
            return same if isinstance(op, ast.Is) else not same
        names = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge",
                 ast.Eq: "eq", ast.NotEq: "ne"}
        if type(op) not in names:
            self.fail(node, "unsupported comparison %s" % type(op).__name__)
        if isinstance(left, tensor) or isinstance(right, tensor):
            return self.sem.compare(names[type(op)], left, right)
        return getattr(operator, names[type(op)])(left, right)

    def visit_BoolOp(self, node):
        values = [core._unwrap(self.visit(v)) for v in node.values]
        if any(isinstance(v, tensor) for v in values):
            op = "andi" if isinstance(node.op, ast.And) else "ori"
            result = self.sem.cast(self.sem.to_tensor(values[0]), tl.int1)
            for v in values[1:]:
                result = self.sem.bitwise(op, result,
                                          self.sem.cast(self.sem.to_tensor(v),
                                                        tl.int1))
            return result
        if isinstance(node.op, ast.And):
            return all(values)
        return any(values)

    def visit_IfExp(self, node):
        cond = core._unwrap(self.visit(node.test))
        if isinstance(cond, tensor):
            return self.sem.where(cond, self.visit(node.body),
                                  self.visit(node.orelse))
        return self.visit(node.body) if cond else self.visit(node.orelse)

    def visit_Call(self, node):
        fn = self.visit(node.func)
        args = [self.visit(a) for a in node.args]
        kwargs = {k.arg: self.visit(k.value) for k in node.keywords}
        from .jit import JITFunction
        if isinstance(fn, JITFunction):
            return inline_call(self, fn, args, kwargs, node)
        if fn is print:
            return None
        try:
            return fn(*args, **kwargs)
        except CompileError:
            raise
        except TypeError as error:
            self.fail(node, str(error))


def inline_call(gen, fn, args, kwargs, node):
    """Compiles the body of another @jit function in place."""
    info = SourceInfo(fn.fn)
    params = list(inspect.signature(fn.fn).parameters.values())
    scope = {}
    bound = inspect.signature(fn.fn).bind(*args, **kwargs)
    bound.apply_defaults()
    for p in params:
        scope[p.name] = bound.arguments[p.name]
    inner = CodeGenerator(info, gen.sem, scope)
    inner.visit_block(info.tree.body)
    return inner.return_value


def inline_combiner(semantic, fn, ty, lhs, rhs):
    """Body of a reduce/scan combiner from a @jit function, in its own
    (isolated) region: returns its lines and the result's name."""
    from .jit import JITFunction
    if not isinstance(fn, JITFunction):
        raise CompileError("the combine function must be a @tileiras.jit "
                           "function")
    semantic.b.push()
    info = SourceInfo(fn.fn)
    names = list(inspect.signature(fn.fn).parameters)
    if len(names) != 2:
        raise CompileError("a combine function takes two arguments")
    scope = {names[0]: tensor(lhs, ty), names[1]: tensor(rhs, ty)}
    inner = CodeGenerator(info, semantic, scope)
    inner.visit_block(info.tree.body)
    result = core._unwrap(inner.return_value)
    if not isinstance(result, tensor):
        result = semantic.to_tensor(result, ty)
    result = semantic.cast(result, ty)
    lines = semantic.b.pop()
    return lines, result.handle


def kernel_signature_mlir(params):
    return ", ".join("%%arg_%s: %s" % (name, ty.mlir) for name, ty in params)


def compile_kernel(fn, arg_types, constants, specialization, num_warps,
                   name=None):
    """MLIR text of the kernel `fn`.

    arg_types: {param: tl dtype or pointer_type} for runtime parameters;
    constants: {param: value} for constexprs (and integers specialized to 1);
    specialization: {param: divisor} for integers/pointers known divisible.
    """
    info = SourceInfo(fn)
    name = name or fn.__name__
    builder = Builder(info.filename)
    semantic = Semantic(builder)
    previous = _state.push(semantic)
    try:
        scope = dict(constants)
        params = []
        builder.line, builder.col = info.tree.lineno, info.tree.col_offset
        for pname, ty in arg_types.items():
            handle = "%arg_" + pname
            params.append((pname, ty))
            value = tensor(handle, ty)
            if pname in specialization:
                value = tensor(builder.op(
                    "nv_tileaa.assume %s {div_by = %d : i64} : %s" % (
                        handle, specialization[pname], ty.mlir)), ty)
            scope[pname] = value
        gen = CodeGenerator(info, semantic, scope)
        gen.visit_block(info.tree.body)
        if gen.return_value is not None:
            gen.fail(info.tree, "a kernel cannot return a value")
    finally:
        _state.pop(previous)
    body = builder.regions[0]
    loc = 'loc("%s":%d:%d)' % (info.filename, info.tree.lineno,
                               info.tree.col_offset + 1)
    lines = ["nv_tileaa.func @%s(%s) attributes {nv_tileaa.kernel_spec = "
             "#nv_tileaa.kernel_spec<numWarps = %d>} {" % (
                 name, kernel_signature_mlir(params), num_warps)]
    lines += ["  " + line for line in body]
    lines += ["  nv_tileaa.return", "} " + loc]
    return "\n".join(lines) + "\n"
