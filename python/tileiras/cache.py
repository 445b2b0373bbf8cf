"""The on-disk cache of compiled kernels.

Each entry is a directory `<TILEIRAS_CACHE_DIR>/<key>/` (default
`~/.cache/tileiras`) whose files are written into a private temporary
directory first and then moved into place with one `rename`: a reader sees
either no entry or a complete one, and when two processes compile the same
kernel at once the first rename wins and the other result is discarded.
`TILEIRAS_ALWAYS_COMPILE=1` ignores existing entries (and replaces them).
"""
import hashlib
import json
import os
import shutil
import tempfile


def cache_dir():
    root = os.environ.get("TILEIRAS_CACHE_DIR")
    if not root:
        root = os.path.join(os.path.expanduser("~"), ".cache", "tileiras")
    os.makedirs(root, exist_ok=True)
    return root


def always_compile():
    return os.environ.get("TILEIRAS_ALWAYS_COMPILE", "") not in ("", "0")


def make_key(*parts):
    """A stable hash of JSON-serializable parts."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


class Entry:
    def __init__(self, path):
        self.path = path

    def file(self, name):
        return os.path.join(self.path, name)

    def read(self, name, binary=False):
        with open(self.file(name), "rb" if binary else "r") as f:
            return f.read()

    def exists(self, name):
        return os.path.exists(self.file(name))


def lookup(key, required):
    """The complete entry for key (every file in `required` present), or
    None."""
    if always_compile():
        return None
    path = os.path.join(cache_dir(), key)
    if all(os.path.exists(os.path.join(path, name)) for name in required):
        return Entry(path)
    return None


def store(key, files, build=None):
    """Creates the entry for key from {name: str or bytes}; `build(dir)`
    may add more files to the temporary directory before it is published.
    Returns the published entry (possibly another process's)."""
    root = cache_dir()
    final = os.path.join(root, key)
    work = tempfile.mkdtemp(prefix=".tmp-" + key[:8] + "-", dir=root)
    try:
        for name, data in files.items():
            mode = "wb" if isinstance(data, bytes) else "w"
            with open(os.path.join(work, name), mode) as f:
                f.write(data)
        if build is not None:
            build(work)
        if always_compile() and os.path.isdir(final):
            stale = tempfile.mkdtemp(prefix=".old-", dir=root)
            try:
                os.rename(final, os.path.join(stale, "entry"))
            except OSError:
                pass
            shutil.rmtree(stale, ignore_errors=True)
        try:
            os.rename(work, final)
            work = None
        except OSError:
            pass  # another process published it first: keep theirs
        return Entry(final)
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
