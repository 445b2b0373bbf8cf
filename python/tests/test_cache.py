"""The on-disk cache: hits, key changes that recompile, the bypass, dumps,
and concurrent writers.

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \
        discover -s python/tests -p 'test_cache.py'
"""
import glob
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import tileiras  # noqa: E402
import tileiras.language as tl  # noqa: E402
from tileiras import driver  # noqa: E402


def scale(x_ptr, n, FACTOR: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * FACTOR, mask=offs < n)


def scale_changed(x_ptr, n, FACTOR: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + FACTOR, mask=offs < n)


scale_changed.__name__ = "scale"


def compile_once():
    """Used by the concurrency test: one process's compile."""
    kernel = tileiras.jit(scale)
    compiled = kernel.compile("*fp32", "i32", FACTOR=3, BLOCK=64)
    print(compiled.entry.path)


class CacheTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.env = dict(os.environ)
        os.environ["TILEIRAS_CACHE_DIR"] = self.dir
        os.environ.pop("TILEIRAS_ALWAYS_COMPILE", None)
        os.environ.pop("TILEIRAS_DUMP_DIR", None)
        self.calls = 0
        self.real = driver.compile

        def counting(*args, **kwargs):
            self.calls += 1
            return self.real(*args, **kwargs)
        driver.compile = counting

    def tearDown(self):
        driver.compile = self.real
        os.environ.clear()
        os.environ.update(self.env)

    def entries(self):
        return sorted(p for p in os.listdir(self.dir)
                      if not p.startswith(".") and p != "sim-runtime")

    def build(self, fn=scale, **kwargs):
        # A fresh JITFunction each time: only the disk cache can answer.
        options = dict(FACTOR=2, BLOCK=64)
        options.update(kwargs)
        target = options.pop("target", "sm_80")
        return tileiras.jit(fn).compile("*fp32", "i32", target=target,
                                        **options)

    def test_hit_and_key_changes(self):
        first = self.build()
        self.assertEqual(self.calls, 1)
        again = self.build()
        self.assertEqual(self.calls, 1)  # from disk
        self.assertEqual(first.entry.path, again.entry.path)
        self.assertEqual(first.asm, again.asm)
        for change in (dict(FACTOR=3), dict(BLOCK=128), dict(target="sm_90"),
                       dict(num_warps=8)):
            before = self.calls
            self.build(**change)
            self.assertEqual(self.calls, before + 1, change)
        before = self.calls
        self.build(fn=scale_changed)  # same name, other source
        self.assertEqual(self.calls, before + 1)
        # Argument types and specialization are part of the key.
        kernel = tileiras.jit(scale)
        kernel.compile("*fp16", "i32", FACTOR=2, BLOCK=64, target="sm_80")
        kernel.compile("*fp32", 32, FACTOR=2, BLOCK=64, target="sm_80")
        self.assertEqual(self.calls, before + 3)
        self.assertEqual(len(self.entries()), 8)
        self.assertEqual(glob.glob(os.path.join(self.dir, ".tmp-*")), [])

    def test_always_compile(self):
        self.build()
        os.environ["TILEIRAS_ALWAYS_COMPILE"] = "1"
        self.build()
        self.assertEqual(self.calls, 2)
        self.assertEqual(len(self.entries()), 1)

    def test_dump_dir(self):
        dump = tempfile.mkdtemp()
        os.environ["TILEIRAS_DUMP_DIR"] = dump
        self.build()
        folders = os.listdir(dump)
        self.assertEqual(len(folders), 1)
        files = os.listdir(os.path.join(dump, folders[0]))
        self.assertIn("scale.python.mlir", files)
        for stage in ("input.mlir", "frontend.mlir", "llvm-after-opt.ll",
                      "ptx.ptx", "metadata.json"):
            self.assertTrue(any(f.endswith(stage) for f in files),
                            (stage, files))

    def test_concurrent_writers(self):
        code = ("import sys; sys.path.insert(0, %r); import test_cache; "
                "test_cache.compile_once()" % str(HERE))
        procs = [subprocess.Popen([sys.executable, "-c", code],
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
                 for _ in range(4)]
        paths = set()
        for proc in procs:
            out, err = proc.communicate(timeout=300)
            self.assertEqual(proc.returncode, 0, err)
            paths.add(out.strip())
        self.assertEqual(len(paths), 1)
        self.assertEqual(len(self.entries()), 1)
        self.assertEqual(glob.glob(os.path.join(self.dir, ".tmp-*")), [])
        entry = paths.pop()
        self.assertEqual(sorted(os.listdir(entry)),
                         ["kernel.mlir", "kernel.ptx", "metadata.json"])


if __name__ == "__main__":
    unittest.main()
