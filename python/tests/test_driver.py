"""tileiras.driver: the C API of libtileiras-driver.so from Python.

    TILEIRAS_LIBRARY_PATH=build/lib /usr/bin/python3 -m unittest \
        discover -s python/tests -p 'test_driver.py'
"""
import pathlib
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

from tileiras import driver  # noqa: E402

NOOP = (ROOT / "test" / "Driver" / "Inputs" / "noop.mlir").read_text()


class DriverTest(unittest.TestCase):
    def test_ptx_and_metadata(self):
        result = driver.compile(NOOP, ["--gpu-name=sm_80"], name="noop.mlir")
        self.assertTrue(result.ok, result.diagnostic_text)
        self.assertEqual(len(result.outputs), 1)
        self.assertEqual(result.outputs[0].target, "sm_80")
        self.assertIn(b".visible .entry noop()", result.outputs[0].data)
        kernel = result.metadata["targets"][0]["kernels"][0]
        self.assertEqual(kernel["name"], "noop")
        self.assertEqual(kernel["threads_per_cta"], 128)
        self.assertEqual(result.diagnostics, [])

    def test_several_targets(self):
        result = driver.compile(NOOP, ["-arch=sm_80", "-arch=sm_90"])
        self.assertEqual([o.target for o in result.outputs],
                         ["sm_80", "sm_90"])
        self.assertEqual([t["target"] for t in result.metadata["targets"]],
                         ["sm_80", "sm_90"])

    def test_bytecode_input(self):
        import subprocess
        import tempfile
        opt = ROOT / "build" / "bin" / "tileiras-opt"
        with tempfile.NamedTemporaryFile(suffix=".mlirbc") as f:
            subprocess.run([str(opt), "--emit-bytecode", "-o", f.name, "-"],
                           input=NOOP.encode(), check=True)
            data = pathlib.Path(f.name).read_bytes()
        result = driver.compile(data, ["--gpu-name=sm_80"])
        self.assertTrue(result.ok, result.diagnostic_text)

    def test_diagnostics(self):
        bad = NOOP.replace("nv_tileaa.return", "nv_tileaa.return %x : f32")
        result = driver.compile(bad, ["--gpu-name=sm_80"], name="k.mlir")
        self.assertEqual(result.exit_code, 3)
        self.assertEqual(result.outputs, [])
        self.assertIsNone(result.metadata)
        first = result.diagnostics[0]
        self.assertEqual((first.severity, first.file), ("error", "k.mlir"))
        self.assertGreater(first.line, 0)
        self.assertIn("k.mlir:%d:%d: error:" % (first.line, first.column),
                      result.diagnostic_text)

    def test_bad_options(self):
        result = driver.compile(NOOP, ["--gpu-name=sm_91"])
        self.assertEqual(result.exit_code, 2)
        self.assertEqual(result.diagnostics[0].file, "")
        self.assertIn("sm_91", result.diagnostics[0].message)
        result = driver.compile(NOOP, ["--output-dir=x"])
        self.assertEqual(result.exit_code, 2)
        self.assertIn("not accepted by the C API",
                      result.diagnostics[0].message)

    def test_version(self):
        self.assertTrue(driver.version().startswith("tileiras "))


if __name__ == "__main__":
    unittest.main()
