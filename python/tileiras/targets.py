"""GPU target facts from the tileiras target-spec library.

A ctypes binding to the C API of ``libtileiras-targetspec.so`` (see
``include/tileiras-c/TargetSpec.h``); every answer comes from the library's
tables, nothing is duplicated here. The library is looked up, in order:

1. ``$TILEIRAS_LIBRARY_PATH`` -- the library file itself or the directory
   that holds it;
2. ``build/lib`` of the source tree this package lives in;
3. the system loader (``LD_LIBRARY_PATH``, ``ldconfig``).

Example::

    >>> from tileiras import targets
    >>> targets.parse_target("90a").name
    'sm_90a'
    >>> targets.min_ptx("sm_100f")
    '8.8'
    >>> targets.supports("sm_90", "wgmma")
    False
"""

import ctypes
import ctypes.util
import dataclasses
import os
import pathlib
import threading

from typing import List, Optional

from ._ctypes_loader import load_library

__all__ = [
    "TargetError",
    "LibraryNotFoundError",
    "TargetInfo",
    "api_version",
    "library_path",
    "list_targets",
    "parse_target",
    "min_ptx",
    "has_tmem",
    "runs_on",
    "families",
    "supports",
    "family_required_ptx",
    "unsupported_family_message",
    "classify_intrinsic",
    "intrinsic_required_ptx",
    "known_ptx_versions",
    "newest_llvm_ptx",
    "parse_ptx_version",
    "ptx_for_ptxas_version",
    "ptxas_validates",
]

_LIBRARY_NAME = "libtileiras-targetspec.so"
_MIN_API_VERSION = 1


class TargetError(ValueError):
    """A spelling that is not an accepted target (the message says why)."""


class LibraryNotFoundError(OSError):
    """libtileiras-targetspec.so could not be found or loaded."""


@dataclasses.dataclass(frozen=True)
class TargetInfo:
    """Facts about one accepted compilation target."""

    name: str  # "sm_90a"
    sm: int  # 90
    variant: str  # "", "a" or "f"
    family: str  # "Hopper"
    cuda_arch: int  # 900
    min_ptx: str  # "8.0": the stricter of LLVM 22 and ptxas 13.0
    tmem: bool  # tensor memory (tcgen05)
    llvm_min_ptx: str  # what LLVM 22 accepts
    ptxas_min_ptx: str  # what ptxas 13.0 accepts


_lock = threading.Lock()
_lib = None
_lib_path = None


def _candidates():
    env = os.environ.get("TILEIRAS_LIBRARY_PATH")
    if env:
        path = pathlib.Path(env)
        yield path / _LIBRARY_NAME if path.is_dir() else path
        return  # an explicit choice is never second-guessed
    tree = pathlib.Path(__file__).resolve().parent.parent.parent
    yield tree / "build" / "lib" / _LIBRARY_NAME
    found = ctypes.util.find_library("tileiras-targetspec")
    yield found or _LIBRARY_NAME


def _declare(lib):
    c_size, c_int, c_uint = ctypes.c_size_t, ctypes.c_int, ctypes.c_uint
    c_str, c_buf = ctypes.c_char_p, ctypes.c_char_p
    p_uint, p_size = ctypes.POINTER(c_uint), ctypes.POINTER(c_size)
    signatures = {
        "tileirasTSGetApiVersion": (c_uint, []),
        "tileirasTSGetNumTargets": (c_size, []),
        "tileirasTSGetTargetName": (c_size, [c_size, c_buf, c_size]),
        "tileirasTSGetTargetSm": (c_int, [c_size]),
        "tileirasTSGetTargetVariant": (c_size, [c_size, c_buf, c_size]),
        "tileirasTSGetTargetFamily": (c_size, [c_size, c_buf, c_size]),
        "tileirasTSGetTargetCudaArch": (c_int, [c_size]),
        "tileirasTSGetTargetMinPtx": (c_int, [c_size, p_uint, p_uint]),
        "tileirasTSGetTargetLlvmMinPtx": (c_int, [c_size, p_uint, p_uint]),
        "tileirasTSGetTargetPtxasMinPtx": (c_int, [c_size, p_uint, p_uint]),
        "tileirasTSGetTargetHasTMem": (c_int, [c_size]),
        "tileirasTSParseTarget": (c_int, [c_str, c_buf, c_size, p_size]),
        "tileirasTSMinPtx": (c_int, [c_str, p_uint, p_uint]),
        "tileirasTSHasTMem": (c_int, [c_str]),
        "tileirasTSRunsOn": (c_int, [c_str, c_uint]),
        "tileirasTSGetNumFamilies": (c_size, []),
        "tileirasTSGetFamilyName": (c_size, [c_size, c_buf, c_size]),
        "tileirasTSSupportsFamily": (c_int, [c_str, c_str]),
        "tileirasTSFamilyRequiredPtx": (c_int, [c_str, c_str, p_uint, p_uint]),
        "tileirasTSIntrinsicRequiredPtx": (c_int,
                                           [c_str, c_str, p_uint, p_uint]),
        "tileirasTSUnsupportedFamilyMessage": (c_size,
                                               [c_str, c_str, c_buf, c_size]),
        "tileirasTSClassifyIntrinsic": (c_size, [c_str, c_buf, c_size]),
        "tileirasTSGetNumKnownPtxVersions": (c_size, []),
        "tileirasTSGetKnownPtxVersion": (c_int, [c_size, p_uint, p_uint]),
        "tileirasTSParsePtxVersion": (c_int, [c_str, p_uint, p_uint, c_buf,
                                              c_size, p_size]),
        "tileirasTSNewestLlvmPtx": (None, [p_uint, p_uint]),
        "tileirasTSPtxForPtxasVersion": (c_int, [c_str, p_uint, p_uint]),
        "tileirasTSPtxasValidates": (c_int, [c_str]),
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
            "tileirasTSGetApiVersion", _MIN_API_VERSION,
            _LIBRARY_NAME, LibraryNotFoundError)
        return _lib


def _b(text):
    return text.encode("utf-8") if isinstance(text, str) else text


def _string(call, *args):
    """Calls a string-returning C function twice: size, then contents."""
    needed = call(*args, None, 0)
    if needed == 0:
        return None
    buf = ctypes.create_string_buffer(needed)
    call(*args, buf, needed)
    return buf.value.decode("utf-8")


def _ptx(call, *args):
    major, minor = ctypes.c_uint(), ctypes.c_uint()
    if not call(*args, ctypes.byref(major), ctypes.byref(minor)):
        return None
    return "%d.%d" % (major.value, minor.value)


def api_version() -> int:
    """The C API version of the loaded library."""
    return _library().tileirasTSGetApiVersion()


def library_path() -> str:
    """Where the shared library was loaded from."""
    _library()
    return _lib_path


def _target_at(lib, i) -> TargetInfo:
    return TargetInfo(
        name=_string(lib.tileirasTSGetTargetName, i),
        sm=lib.tileirasTSGetTargetSm(i),
        variant=_string(lib.tileirasTSGetTargetVariant, i),
        family=_string(lib.tileirasTSGetTargetFamily, i),
        cuda_arch=lib.tileirasTSGetTargetCudaArch(i),
        min_ptx=_ptx(lib.tileirasTSGetTargetMinPtx, i),
        tmem=lib.tileirasTSGetTargetHasTMem(i) == 1,
        llvm_min_ptx=_ptx(lib.tileirasTSGetTargetLlvmMinPtx, i),
        ptxas_min_ptx=_ptx(lib.tileirasTSGetTargetPtxasMinPtx, i),
    )


def list_targets() -> List[TargetInfo]:
    """Every target the compiler accepts, by SM then base/a/f."""
    lib = _library()
    return [_target_at(lib, i) for i in range(lib.tileirasTSGetNumTargets())]


def _canonical(spelling: str) -> str:
    lib = _library()
    required = ctypes.c_size_t()
    ok = lib.tileirasTSParseTarget(_b(spelling), None, 0,
                                   ctypes.byref(required))
    buf = ctypes.create_string_buffer(required.value)
    lib.tileirasTSParseTarget(_b(spelling), buf, required.value, None)
    text = buf.value.decode("utf-8")
    if not ok:
        raise TargetError(text)
    return text


def parse_target(spelling: str) -> TargetInfo:
    """Parses "sm_90a", "compute_90a" or "90a" into the target's facts.

    Raises TargetError with the library's explanation otherwise, e.g.
    "sm_90 has no family-conditional variant; did you mean sm_90a?".
    """
    name = _canonical(spelling)
    return next(t for t in list_targets() if t.name == name)


def min_ptx(target: str) -> str:
    """Lowest PTX ISA for a target, e.g. "8.0" for sm_90a."""
    return parse_target(target).min_ptx


def has_tmem(target: str) -> bool:
    """Whether the target has tensor memory (and so tcgen05)."""
    return parse_target(target).tmem


def runs_on(code: str, device_sm: int) -> bool:
    """Whether code built for `code` runs on a device with SM `device_sm`."""
    _canonical(code)  # raises TargetError for a bad spelling
    return _library().tileirasTSRunsOn(_b(code), int(device_sm)) == 1


def families() -> List[str]:
    """Names of the instruction families ("wgmma", "tcgen05", ...)."""
    lib = _library()
    return [_string(lib.tileirasTSGetFamilyName, i)
            for i in range(lib.tileirasTSGetNumFamilies())]


def _check_family(family: str):
    if family not in families():
        raise ValueError("'%s' is not an instruction family; the families are "
                         "%s" % (family, ", ".join(families())))


def supports(target: str, family: str) -> bool:
    """Whether the target may use an instruction family."""
    _canonical(target)
    _check_family(family)
    return _library().tileirasTSSupportsFamily(_b(target), _b(family)) == 1


def family_required_ptx(target: str, family: str) -> str:
    """PTX ISA a module using `family` needs on `target`."""
    _canonical(target)
    _check_family(family)
    return _ptx(_library().tileirasTSFamilyRequiredPtx, _b(target), _b(family))


def unsupported_family_message(target: str, family: str) -> str:
    """The diagnostic the compiler gives when `target` may not use `family`."""
    _canonical(target)
    _check_family(family)
    return _string(_library().tileirasTSUnsupportedFamilyMessage, _b(target),
                   _b(family))


def classify_intrinsic(name: str) -> Optional[str]:
    """Family of an LLVM NVVM intrinsic, or None when every target has it."""
    return _string(_library().tileirasTSClassifyIntrinsic, _b(name))


def intrinsic_required_ptx(target: str, intrinsic: str) -> str:
    """PTX ISA a module calling `intrinsic` needs on `target`."""
    _canonical(target)
    return _ptx(_library().tileirasTSIntrinsicRequiredPtx, _b(target),
                _b(intrinsic))


def known_ptx_versions() -> List[str]:
    """The PTX ISA versions LLVM 22 can emit, ascending ("3.2" .. "9.0")."""
    lib = _library()
    return [_ptx(lib.tileirasTSGetKnownPtxVersion, i)
            for i in range(lib.tileirasTSGetNumKnownPtxVersions())]


def newest_llvm_ptx() -> str:
    """The newest PTX ISA the embedded LLVM can emit."""
    major, minor = ctypes.c_uint(), ctypes.c_uint()
    _library().tileirasTSNewestLlvmPtx(ctypes.byref(major),
                                       ctypes.byref(minor))
    return "%d.%d" % (major.value, minor.value)


def parse_ptx_version(text: str) -> str:
    """Validates "8.4"; raises ValueError with the library's message."""
    lib = _library()
    required = ctypes.c_size_t()
    ok = lib.tileirasTSParsePtxVersion(_b(text), None, None, None, 0,
                                       ctypes.byref(required))
    buf = ctypes.create_string_buffer(required.value)
    lib.tileirasTSParsePtxVersion(_b(text), None, None, buf, required.value,
                                  None)
    if not ok:
        raise ValueError(buf.value.decode("utf-8"))
    return buf.value.decode("utf-8")


def ptx_for_ptxas_version(text: str) -> Optional[str]:
    """Newest PTX ISA accepted by the ptxas whose `--version` printed `text`.

    None when the text names no CUDA release, or one that never existed.
    """
    return _ptx(_library().tileirasTSPtxForPtxasVersion, _b(text))


def ptxas_validates(name: str) -> bool:
    """Whether ptxas 13.0 accepts `name` in a PTX .target directive."""
    return _library().tileirasTSPtxasValidates(_b(name)) == 1
