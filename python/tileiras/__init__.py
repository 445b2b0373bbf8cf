"""tileiras: an MLIR-based compiler for tile kernels on NVIDIA GPUs.

This package is the Python side of the project. ``tileiras.targets`` answers
questions about GPU targets (which SMs exist, their PTX ISA minimums, tensor
memory, instruction families) from the same tables the compiler uses, through
the stable C API of ``libtileiras-targetspec.so``. The shared library is
loaded on first use, so importing the package never fails for lack of it.
"""

__all__ = ["targets"]
