"""Python AST of a `@tileiras.jit` kernel -> nv_tileaa MLIR text.

The kernel is never run: its source is parsed and each statement compiled.
Expressions are evaluated with Python semantics over compile-time constants
and `tl.tensor` handles (whose operators emit MLIR, see semantic.py).
Control flow on tensors becomes `scf` ops:

* `for i in range(lo, hi, step)` (or `tl.range`) -> `scf.for` (i32), every
  variable that exists before the loop and is assigned in it is
  loop-carried;
* `for i in tl.static_range(...)` is unrolled;
* `if` on a runtime scalar -> `scf.if` yielding the variables either branch
  assigns; `if` on a compile-time value keeps only the branch taken;
* `while` -> `scf.while` carrying the variables the body assigns;
* `break`, `continue`, `return` set exit flags in the scope (compile-time
  bools or i1 scalars); the statements after a possible exit run under
  `scf.if` on the flags' negation, and a loop that may break or return
  becomes an `scf.while` with a `done` flag (`exiting_loop`).

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


# Scope entries for early exits (not Python identifiers, so they never clash
# with the kernel's names): `break`, `continue` and `return` set them (a
# Python bool when known at compile time, else an i1 scalar), and the
# statements after a possible exit run under `scf.if` on their negation.
_BREAK, _CONTINUE, _RETURN, _RETVAL = "$break", "$continue", "$return", \
    "$retval"


def _loop_exits(nodes):
    """The exits ('break', 'continue', 'return') that statements `nodes`
    of a loop body take out of that loop: break/continue of nested loops
    belong to them, `return` leaves every loop."""
    found = set()

    def walk(node, nested):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.Lambda, ast.ClassDef)):
            return
        if isinstance(node, ast.Return):
            found.add("return")
        elif isinstance(node, ast.Break) and not nested:
            found.add("break")
        elif isinstance(node, ast.Continue) and not nested:
            found.add("continue")
        inner = nested or isinstance(node, (ast.For, ast.While))
        for child in ast.iter_child_nodes(node):
            walk(child, inner)

    for node in nodes:
        walk(node, False)
    return found


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
    def __init__(self, info, semantic, scope, kernel=False):
        self.info = info
        self.sem = semantic
        self.b = semantic.b
        self.scope = dict(scope)
        self.scope[_RETURN] = False
        self.globals = info.fn.__globals__
        self.kernel = kernel

    @property
    def return_value(self):
        return self.scope.get(_RETVAL)

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

    def exit_state(self):
        """Whether an exit (break, continue, return) was taken on the way
        here: False, True, or an i1 scalar known only at run time."""
        flags = [core._unwrap(self.scope.get(f, False))
                 for f in (_BREAK, _CONTINUE, _RETURN)]
        if any(f is True for f in flags):
            return True
        taken = [f for f in flags if isinstance(f, tensor)]
        if not taken:
            return False
        state = taken[0]
        for flag in taken[1:]:
            state = self.sem.bitwise("ori", state, flag)
        return state

    def guarded(self, run, node):
        """run() where no exit was taken: directly, not at all, or under
        `scf.if` on the negated exit flags (which are false inside)."""
        saved = (self.b.line, self.b.col)
        self.b.line, self.b.col = node.lineno, node.col_offset
        try:
            state = self.exit_state()
            if state is True:
                return
            if state is False:
                run()
                return

            def taken_branch():
                for flag in (_BREAK, _CONTINUE, _RETURN):
                    if flag in self.scope:
                        self.scope[flag] = False
                run()
            # Where a single flag may be set, the skipping branch knows it
            # is: e.g. after `if c: return x` then `return y`, every path
            # has returned.
            maybe = [f for f in (_BREAK, _CONTINUE, _RETURN)
                     if isinstance(core._unwrap(self.scope.get(f)), tensor)]

            def skipped_branch():
                if len(maybe) == 1:
                    self.scope[maybe[0]] = True
            self.runtime_if(self.sem.logical_not(state),
                            [taken_branch, skipped_branch], node)
        finally:
            self.b.line, self.b.col = saved

    def visit_block(self, statements):
        for k, statement in enumerate(statements):
            state = self.exit_state()
            if state is True:
                return  # after an exit taken at compile time: dead code
            if state is not False:
                rest = statements[k:]
                self.guarded(lambda: self.visit_block(rest), rest[0])
                return
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
        value = None if node.value is None else self.visit(node.value)
        if value is not None:
            if self.kernel:
                self.fail(node, "a kernel cannot return a value")
            self.scope[_RETVAL] = value
        self.scope[_RETURN] = True

    def visit_Assert(self, node):
        test = self.visit(node.test)
        msg = self.visit(node.msg) if node.msg else ""
        if isinstance(test, tensor):
            self.sem.device_assert(test, str(msg))
        elif not test:
            self.fail(node, "static assertion failed: %s" % (msg,))

    # (Python itself rejects `break`/`continue` outside a loop.)
    def visit_Break(self, node):
        self.scope[_BREAK] = True

    def visit_Continue(self, node):
        self.scope[_CONTINUE] = True

    # -------------------------------------------------------- control flow
    def carried_value(self, name, value, node):
        """A value that may be loop-carried or yielded: constants become
        scalars."""
        value = core._unwrap(value)
        if isinstance(value, tensor):
            return value
        if isinstance(value, (bool, int, float)):
            return self.sem.to_tensor(value)
        if name == _RETVAL:
            self.fail(node, "a value returned inside runtime control flow "
                      "must be a tensor or a number, got %r" % (value,))
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
            if name == _RETVAL:
                self.fail(node, "the values returned inside runtime control "
                          "flow differ in type: %s and %s" % (
                              ty_like.type, value.type))
            self.fail(node, "variable '%s' changes type inside runtime "
                      "control flow: %s before, %s after" % (
                          name, ty_like.type, value.type))
        return value

    def emit_region(self, header, lines, footer):
        self.b.emit(header, located=False)
        for line in lines:
            self.b.emit("  " + line, located=False)
        self.b.emit(footer)

    def return_placeholder(self, ty, shape, scope, node):
        """A value of the returned type for the paths that have not
        returned yet (they return later, so it is never used): zeros, or for
        pointers (no pointer constants) any pointer of the type in `scope`
        whose shape broadcasts."""
        if not ty.is_ptr:
            # (float8e8m0fnu has no 0: its smallest value is 2^-127.)
            return self.sem.full(shape, 1.0 if ty.is_scale else 0, ty)
        for v in scope.values():
            v = core._unwrap(v)
            if not isinstance(v, tensor) or v.dtype != ty or \
                    len(v.shape) > len(shape):
                continue
            try:
                return self.sem.broadcast_to(v, shape)
            except CompileError:
                continue
        self.fail(node, "a pointer returned inside runtime control flow "
                  "needs a pointer of its type and a shape that broadcasts "
                  "to %s in scope before it" % (shape,))

    @staticmethod
    def _same_constant(a, b):
        a, b = core._unwrap(a), core._unwrap(b)
        if a is b:
            return True
        return type(a) is type(b) and isinstance(
            a, (bool, int, float, str)) and a == b

    def runtime_if(self, cond, bodies, node):
        """`scf.if cond` with the two branches bodies[0]() and bodies[1]()
        (each compiles statements into the current scope), yielding every
        variable both branches have afterwards that either changed."""
        before = dict(self.scope)
        branches = []
        for body in bodies:
            self.scope = dict(before)
            self.b.push()
            body()
            branches.append((self.b.regions[-1], dict(self.scope)))
            self.b.pop()
        scopes = [branches[0][1], branches[1][1]]
        # A value returned in one branch only: the other (which returns
        # later, or never uses it) yields a placeholder of its type.
        for i in (0, 1):
            if _RETVAL in scopes[i] and _RETVAL not in scopes[1 - i]:
                value = self.carried_value(_RETVAL, scopes[i][_RETVAL], node)
                self.b.regions.append(branches[1 - i][0])
                scopes[1 - i][_RETVAL] = self.return_placeholder(
                    value.dtype, value.shape, before, node)
                self.b.regions.pop()
        missing = object()
        names = []
        after = dict(before)
        for name in list(scopes[0]) + [n for n in scopes[1]
                                       if n not in scopes[0]]:
            if name not in scopes[0] or name not in scopes[1]:
                continue  # defined on one path only: undefined after
            v0, v1 = scopes[0][name], scopes[1][name]
            old = before.get(name, missing)
            if v0 is old and v1 is old:
                continue
            if self._same_constant(v0, v1):
                after[name] = v0
                continue
            names.append(name)
        self.scope = after
        if not names:
            self.b.emit("scf.if %s {" % cond.handle, located=False)
            for line in branches[0][0]:
                self.b.emit("  " + line, located=False)
            if branches[1][0]:
                self.b.emit("} else {", located=False)
                for line in branches[1][0]:
                    self.b.emit("  " + line, located=False)
            self.b.emit("}")
            return
        # Types: the first tensor among the branches decides.
        yields = [[], []]
        types = []
        for name in names:
            values = [scopes[i][name] for i in (0, 1)]
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

    def visit_If(self, node):
        cond = core._unwrap(self.visit(node.test))
        if not isinstance(cond, tensor):
            self.visit_block(node.body if cond else node.orelse)
            return
        if cond.shape:
            self.fail(node, "`if` needs a scalar condition, got a tile of "
                      "shape %s" % (cond.shape,))
        cond = self.sem.cast(cond, tl.int1)
        self.runtime_if(cond, [lambda: self.visit_block(node.body),
                               lambda: self.visit_block(node.orelse)], node)

    def loop_body(self, body):
        """Compiles one iteration of a loop body: break/continue start
        untaken and belong to this loop (the enclosing loop's flags are
        restored afterwards)."""
        saved = {f: self.scope.get(f, None) for f in (_BREAK, _CONTINUE)}
        self.scope[_BREAK] = False
        self.scope[_CONTINUE] = False
        body()
        broke = self.scope[_BREAK]
        for flag, value in saved.items():
            if value is None:
                self.scope.pop(flag, None)
            else:
                self.scope[flag] = value
        return broke

    def static_loop(self, node, values):
        """`for v in tl.static_range(...)`: unrolled; an iteration after a
        `break` or `return` known only at run time is guarded by it."""
        saved = {f: self.scope.get(f, None) for f in (_BREAK, _CONTINUE)}
        self.scope[_BREAK] = False
        for value in values:
            self.scope[_CONTINUE] = False
            if self.exit_state() is True:
                break

            def iteration(value=value):
                self.assign(node.target, value, node)
                self.visit_block(node.body)
            self.guarded(iteration, node)
        for flag, value in saved.items():
            if value is None:
                self.scope.pop(flag, None)
            else:
                self.scope[flag] = value

    def visit_For(self, node):
        iterator = node.iter
        if node.orelse:
            self.fail(node, "`for ... else` is not supported")
        if not isinstance(iterator, ast.Call):
            self.fail(node, "kernels loop over range(...), tl.range(...) or "
                      "tl.static_range(...)")
        fn = self.visit(iterator.func)
        args = [self.visit(a) for a in iterator.args]
        if fn is tl.static_range:
            self.static_loop(node, list(tl.static_range(*args)))
            return
        if fn is tl.range:
            # Triton's pipelining hints (num_stages, loop_unroll_factor, ...)
            # are accepted and ignored: the loop is a runtime range.
            for keyword in iterator.keywords:
                if keyword.arg not in tl.range.HINTS:
                    self.fail(node, "tl.range() got an unexpected keyword "
                              "argument '%s'" % keyword.arg)
            if not 1 <= len(args) <= 3:
                self.fail(node, "tl.range() takes 1 to 3 positional "
                          "arguments")
        elif fn is not range:
            self.fail(node, "kernels loop over range(...), tl.range(...) or "
                      "tl.static_range(...)")
        elif iterator.keywords:
            self.fail(node, "range() takes no keyword arguments")
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
        exits = _loop_exits(node.body)
        if "break" in exits or "return" in exits:
            self.exiting_loop(node, exits, bounds)
            return
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
        self.loop_body(lambda: self.visit_block(node.body))
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

    def emit_while(self, keys, inits, cond_lines, cond_args, body_lines,
                   body_args):
        types = ", ".join(i.type for i in inits)
        result = self.b.fresh()
        prefix = "%s:%d = " % (result, len(keys)) if keys else ""
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
        return result

    def exiting_loop(self, node, exits, bounds=None):
        """A `for` (bounds given) or `while` loop whose body may `break` or
        `return`: an `scf.while` carrying the body's variables, the counter
        (for `for`), a `done` flag and, when the body returns, the return
        flag. The before-region only tests `done`; the after-region tests
        the loop condition and runs the body under it:

            while not done:
                if cond: body; i += step; done = broke or returned
                else: done = True
        """
        target = node.target.id if bounds else None
        returns = "return" in exits
        if returns and not self.kernel and _RETVAL not in self.scope:
            # A value returned from inside the loop (in an inlined function)
            # is carried too: its type comes from compiling the body once
            # aside.
            returned = self.trial_return(node, target, bounds)
            if returned is not None:
                self.scope[_RETVAL] = self.return_placeholder(
                    returned.dtype, returned.shape, self.scope, node)
        before = dict(self.scope)
        names = [n for n in _assigned_names(node.body)
                 if n in before and n != target]
        keys = list(names)
        inits = [self.carried_value(n, before[n], node) for n in names]
        if bounds:
            keys.append("$iv")
            inits.append(bounds[0])
        keys.append("$done")
        inits.append(self.sem.to_tensor(False))
        if returns:
            keys.append(_RETURN)
            inits.append(self.sem.to_tensor(False))
            if _RETVAL in before:
                keys.append(_RETVAL)
                inits.append(self.carried_value(_RETVAL, before[_RETVAL],
                                                node))
        types = ", ".join(i.type for i in inits)
        cond_args = [self.b.fresh() for _ in keys]
        body_args = [self.b.fresh() for _ in keys]
        # Before-region: continue while not done.
        self.b.push()
        done = tensor(cond_args[keys.index("$done")], tl.int1)
        self.b.emit("scf.condition(%s) %s : %s" % (
            self.sem.logical_not(done).handle, ", ".join(cond_args), types),
            located=False)
        cond_lines = self.b.pop()
        # After-region: the condition, then the body under it.
        for k, a, i in zip(keys, body_args, inits):
            self.scope[k] = tensor(a, i.dtype, i.shape)
        self.scope[_RETURN] = False
        self.b.push()
        if bounds:
            test = self.sem.compare("lt", self.scope["$iv"], bounds[1])
        else:
            test = core._unwrap(self.visit(node.test))
            if isinstance(test, tensor):
                if test.shape:
                    self.fail(node, "`while` needs a scalar condition, got "
                              "a tile of shape %s" % (test.shape,))
                test = self.sem.cast(test, tl.int1)
            else:
                test = bool(test)

        def iteration():
            if bounds:
                self.scope[target] = self.scope["$iv"]
            broke = self.loop_body(lambda: self.visit_block(node.body))
            stop = broke
            if returns:
                stop = self.sem.bitwise(
                    "ori", self.sem.cast(self.sem.to_tensor(broke), tl.int1),
                    self.sem.cast(self.sem.to_tensor(self.scope[_RETURN]),
                                  tl.int1))
            self.scope["$done"] = stop
            if bounds:
                self.scope["$iv"] = self.sem.add(self.scope["$iv"], bounds[2])

        def finished():
            self.scope["$done"] = True

        if test is True:
            iteration()
        elif test is False:
            finished()
        else:
            self.runtime_if(test, [iteration, finished], node)
        outs = [self.conform(k, self.scope[k], i, node)
                for k, i in zip(keys, inits)]
        self.b.emit("scf.yield %s : %s" % (
            ", ".join(o.handle for o in outs), types), located=False)
        body_lines = self.b.pop()
        self.scope = before
        result = self.emit_while(keys, inits, cond_lines, cond_args,
                                 body_lines, body_args)
        for k, (key, i) in enumerate(zip(keys, inits)):
            if key in names or key in (_RETURN, _RETVAL):
                self.scope[key] = tensor("%s#%d" % (result, k), i.dtype,
                                         i.shape)

    def trial_return(self, node, target, bounds):
        """The value an iteration of the loop body returns (None if none),
        from compiling it into a region that is thrown away."""
        saved = dict(self.scope)
        self.b.push()
        try:
            if bounds:
                self.scope[target] = bounds[0]
            self.scope[_RETURN] = False
            self.loop_body(lambda: self.visit_block(node.body))
            value = core._unwrap(self.scope.get(_RETVAL))
            if value is not None:
                value = self.carried_value(_RETVAL, value, node)
        finally:
            self.b.pop()
            self.scope = saved
        return value

    def visit_While(self, node):
        if node.orelse:
            self.fail(node, "`while ... else` is not supported")
        exits = _loop_exits(node.body)
        if "break" in exits or "return" in exits:
            self.exiting_loop(node, exits)
            return
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
                      "condition (or a `break`)")
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
        self.loop_body(lambda: self.visit_block(node.body))
        outs = [self.conform(n, self.scope[n], i, node)
                for n, i in zip(names, inits)]
        self.b.emit("scf.yield%s" % ((" %s : %s" % (
            ", ".join(o.handle for o in outs), types)) if names else ""),
            located=False)
        body_lines = self.b.pop()
        self.scope = before
        result = self.emit_while(names, inits, cond_lines, cond_args,
                                 body_lines, body_args)
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
    if inner.return_value is not None and \
            inner.scope.get(_RETURN) is not True:
        inner.fail(info.tree, "%s returns a value on some paths only: a "
                   "@jit function that returns a value must return on "
                   "every path" % fn.fn.__name__)
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
        gen = CodeGenerator(info, semantic, scope, kernel=True)
        gen.visit_block(info.tree.body)
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
