"""The tileiras compiler, in-process, through the driver's C API.

A ctypes binding to ``libtileiras-driver.so`` (``include/tileiras-c/Driver.h``),
found like ``libtileiras-targetspec.so`` (see tileiras.targets):
``$TILEIRAS_LIBRARY_PATH`` (the file or its directory), then ``build/lib`` of
the source tree, then the system loader.

    >>> from tileiras import driver
    >>> result = driver.compile(mlir_text, ["--gpu-name=sm_90a"])
    >>> result.outputs[0].data        # PTX bytes
    >>> result.metadata               # the kernel metadata (dict)
"""
import ctypes
import ctypes.util
import dataclasses
import json
import os
import pathlib
import threading

from typing import List, Optional

from ._ctypes_loader import load_library

_LIBRARY_NAME = "libtileiras-driver.so"
_MIN_API_VERSION = 1

SEVERITIES = ("error", "warning", "note", "remark")


class LibraryNotFoundError(OSError):
    """libtileiras-driver.so could not be found or loaded."""


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    severity: str  # error, warning, note, remark
    file: str  # "" when the message has no location
    line: int
    column: int
    message: str


@dataclasses.dataclass(frozen=True)
class Output:
    target: str  # "sm_90a"; "" for a fatbin of every target
    data: bytes


@dataclasses.dataclass(frozen=True)
class CompileResult:
    exit_code: int
    outputs: List[Output]
    metadata: Optional[dict]
    diagnostics: List[Diagnostic]
    diagnostic_text: str

    @property
    def ok(self):
        return self.exit_code == 0


_lock = threading.Lock()
_lib = None
_lib_path = None


def _candidates():
    env = os.environ.get("TILEIRAS_LIBRARY_PATH")
    if env:
        path = pathlib.Path(env)
        if path.is_dir():
            yield path / _LIBRARY_NAME
        elif path.name.startswith("libtileiras-driver"):
            yield path
        else:  # the target-spec library named directly: look beside it
            yield path.parent / _LIBRARY_NAME
        return
    tree = pathlib.Path(__file__).resolve().parent.parent.parent
    yield tree / "build" / "lib" / _LIBRARY_NAME
    found = ctypes.util.find_library("tileiras-driver")
    yield found or _LIBRARY_NAME


def _declare(lib):
    c_size, c_int, c_uint = ctypes.c_size_t, ctypes.c_int, ctypes.c_uint
    c_str, c_void = ctypes.c_char_p, ctypes.c_void_p
    signatures = {
        "tileirasDriverGetApiVersion": (c_uint, []),
        "tileirasDriverGetVersion": (c_str, []),
        "tileirasDriverCompile": (c_void, [c_str, c_size, c_str,
                                           ctypes.POINTER(c_str), c_size]),
        "tileirasDriverResultDestroy": (None, [c_void]),
        "tileirasDriverResultGetExitCode": (c_int, [c_void]),
        "tileirasDriverResultGetNumOutputs": (c_size, [c_void]),
        "tileirasDriverResultGetOutputTarget": (c_str, [c_void, c_size]),
        "tileirasDriverResultGetOutputData": (c_void, [c_void, c_size,
                                                       ctypes.POINTER(c_size)]),
        "tileirasDriverResultGetMetadata": (c_str, [c_void]),
        "tileirasDriverResultGetDiagnosticText": (c_str, [c_void]),
        "tileirasDriverResultGetNumDiagnostics": (c_size, [c_void]),
        "tileirasDriverResultGetDiagnosticSeverity": (c_int, [c_void, c_size]),
        "tileirasDriverResultGetDiagnosticFile": (c_str, [c_void, c_size]),
        "tileirasDriverResultGetDiagnosticLine": (c_uint, [c_void, c_size]),
        "tileirasDriverResultGetDiagnosticColumn": (c_uint, [c_void, c_size]),
        "tileirasDriverResultGetDiagnosticMessage": (c_str, [c_void, c_size]),
    }
    for name, (restype, argtypes) in signatures.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def _library():
    global _lib, _lib_path
    with _lock:
        if _lib is not None:
            return _lib
        _lib, _lib_path = load_library(
            _candidates(), _declare,
            "tileirasDriverGetApiVersion", _MIN_API_VERSION,
            _LIBRARY_NAME, LibraryNotFoundError)
        return _lib


def library_path():
    _library()
    return _lib_path


def version():
    """What `tileiras --version` prints."""
    return _library().tileirasDriverGetVersion().decode()


def _text(value):
    return value.decode("utf-8", "replace") if value else ""


def compile(source, options=(), name="kernel.mlir"):  # noqa: A001
    """Compiles MLIR text (str) or bytecode (bytes) with tileiras command
    line options; returns a CompileResult (never raises for compile
    errors: look at exit_code and diagnostics)."""
    lib = _library()
    data = source.encode("utf-8") if isinstance(source, str) else bytes(source)
    encoded = [o.encode("utf-8") for o in options]
    array = (ctypes.c_char_p * max(1, len(encoded)))(*encoded)
    handle = lib.tileirasDriverCompile(data, len(data), name.encode("utf-8"),
                                       array, len(encoded))
    if not handle:
        raise MemoryError("tileirasDriverCompile returned NULL")
    try:
        outputs = []
        for i in range(lib.tileirasDriverResultGetNumOutputs(handle)):
            size = ctypes.c_size_t()
            pointer = lib.tileirasDriverResultGetOutputData(
                handle, i, ctypes.byref(size))
            outputs.append(Output(
                _text(lib.tileirasDriverResultGetOutputTarget(handle, i)),
                ctypes.string_at(pointer, size.value) if pointer else b""))
        diagnostics = []
        for i in range(lib.tileirasDriverResultGetNumDiagnostics(handle)):
            severity = lib.tileirasDriverResultGetDiagnosticSeverity(handle, i)
            diagnostics.append(Diagnostic(
                SEVERITIES[severity] if 0 <= severity < 4 else "error",
                _text(lib.tileirasDriverResultGetDiagnosticFile(handle, i)),
                lib.tileirasDriverResultGetDiagnosticLine(handle, i),
                lib.tileirasDriverResultGetDiagnosticColumn(handle, i),
                _text(lib.tileirasDriverResultGetDiagnosticMessage(handle, i))))
        metadata = _text(lib.tileirasDriverResultGetMetadata(handle))
        return CompileResult(
            lib.tileirasDriverResultGetExitCode(handle), outputs,
            json.loads(metadata) if metadata else None, diagnostics,
            _text(lib.tileirasDriverResultGetDiagnosticText(handle)))
    finally:
        lib.tileirasDriverResultDestroy(handle)
