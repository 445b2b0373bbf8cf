"""The kernel being compiled on this thread (its semantic layer)."""
import threading

_local = threading.local()


def sem():
    current = getattr(_local, "semantic", None)
    if current is None:
        from .core import CompileError
        raise CompileError("tileiras.language operations can only be used "
                           "inside a @tileiras.jit kernel")
    return current


def push(semantic):
    previous = getattr(_local, "semantic", None)
    _local.semantic = semantic
    return previous


def pop(previous):
    _local.semantic = previous
