"""Loading one of tileiras' C libraries with ctypes (shared by targets.py and
driver.py): try each candidate path or name in turn, declare the
signatures, and check the library's C API version."""
import ctypes
import os


def load_library(candidates, declare, api_version_function, min_version,
                 library_name, not_found_error):
    """The first candidate that loads and is new enough, as (CDLL, path).
    Raises `not_found_error` naming every candidate tried and why, or the
    first one whose API version is older than `min_version`."""
    tried = []
    for candidate in map(str, candidates):
        if os.sep in candidate and not os.path.exists(candidate):
            tried.append(candidate + " (no such file)")
            continue
        try:
            lib = ctypes.CDLL(candidate)
        except OSError as error:
            tried.append("%s (%s)" % (candidate, error))
            continue
        declare(lib)
        version = getattr(lib, api_version_function)()
        if version < min_version:
            raise not_found_error(
                "%s provides C API version %d; this package needs %d or "
                "newer" % (candidate, version, min_version))
        return lib, candidate
    raise not_found_error(
        "cannot load %s; set TILEIRAS_LIBRARY_PATH to the library or its "
        "directory. Tried: %s" % (library_name, "; ".join(tried)))
