"""tileiras: an MLIR-based compiler for tile kernels on NVIDIA GPUs.

This package is the Python side of the project:

* ``tileiras.language`` (``import tileiras.language as tl``) and
  ``@tileiras.jit``: Triton-style kernels written in Python, compiled from
  their AST to nv_tileaa and launched with ``kernel[grid](...)`` on a GPU or
  on the CPU simulator (docs/python.md);
* ``tileiras.driver``: the compiler in-process, through the C API of
  ``libtileiras-driver.so``;
* ``tileiras.targets``: GPU target facts from ``libtileiras-targetspec.so``.

Shared libraries are loaded on first use, so importing never fails for lack
of them.
"""
from .jit import JITFunction, cdiv, jit
from .language.core import CompileError

__all__ = ["jit", "JITFunction", "cdiv", "CompileError", "language",
           "driver", "targets"]
