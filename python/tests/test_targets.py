"""Tests of tileiras.targets against the target-spec shared library.

Run with the library on TILEIRAS_LIBRARY_PATH (the lit test
test/Python/targets.test does that):

    TILEIRAS_LIBRARY_PATH=build/lib python -m unittest discover -s python/tests
"""

import os
import pathlib
import subprocess
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tileiras import targets  # noqa: E402

ACCEPTED = [
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a",
    "sm_100", "sm_100a", "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110",
    "sm_110a", "sm_110f", "sm_120", "sm_120a", "sm_120f", "sm_121", "sm_121a",
    "sm_121f",
]

MIN_PTX = {
    "sm_75": "6.3", "sm_80": "7.0", "sm_86": "7.1", "sm_87": "7.4",
    "sm_88": "9.0", "sm_89": "7.8", "sm_90": "7.8", "sm_90a": "8.0",
    "sm_100": "8.6", "sm_100a": "8.6", "sm_100f": "8.8", "sm_103": "8.8",
    "sm_103a": "8.8", "sm_103f": "8.8", "sm_110": "9.0", "sm_110a": "9.0",
    "sm_110f": "9.0", "sm_120": "8.7", "sm_120a": "8.7", "sm_120f": "8.8",
    "sm_121": "8.8", "sm_121a": "8.8", "sm_121f": "8.8",
}

TMEM = {"sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f"}


class LibraryTest(unittest.TestCase):
    def test_loaded_and_versioned(self):
        self.assertGreaterEqual(targets.api_version(), 1)
        self.assertTrue(
            targets.library_path().endswith("libtileiras-targetspec.so"))

    def test_env_var_pointing_nowhere_is_reported(self):
        code = ("import sys; sys.path.insert(0, %r)\n"
                "from tileiras import targets\n"
                "try:\n"
                "    targets.list_targets()\n"
                "except targets.LibraryNotFoundError as e:\n"
                "    print('not found:', e)\n"
                % str(pathlib.Path(__file__).resolve().parents[1]))
        env = dict(os.environ, TILEIRAS_LIBRARY_PATH="/nonexistent/dir")
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             capture_output=True, text=True, check=True).stdout
        self.assertIn("not found:", out)
        self.assertIn("TILEIRAS_LIBRARY_PATH", out)
        self.assertIn("/nonexistent/dir (no such file)", out)


class TargetListTest(unittest.TestCase):
    def test_every_accepted_target(self):
        listed = targets.list_targets()
        self.assertEqual([t.name for t in listed], ACCEPTED)
        for t in listed:
            with self.subTest(t.name):
                self.assertEqual(t.min_ptx, MIN_PTX[t.name])
                self.assertEqual(t.tmem, t.name in TMEM)
                self.assertEqual(t.name, "sm_%d%s" % (t.sm, t.variant))
                self.assertIn(t.variant, ("", "a", "f"))
                self.assertEqual(t.cuda_arch, t.sm * 10)
                self.assertIsInstance(t, targets.TargetInfo)

    def test_families_as_ptxas_names_them(self):
        by_name = {t.name: t for t in targets.list_targets()}
        self.assertEqual(by_name["sm_75"].family, "Turing")
        self.assertEqual(by_name["sm_89"].family, "Ampere")
        self.assertEqual(by_name["sm_90a"].family, "Hopper")
        self.assertEqual(by_name["sm_121f"].family, "Blackwell")

    def test_sm88_minimums_differ_by_side(self):
        t = targets.parse_target("sm_88")
        self.assertEqual((t.llvm_min_ptx, t.ptxas_min_ptx, t.min_ptx),
                         ("9.0", "7.3", "9.0"))


class ParseTest(unittest.TestCase):
    def test_spellings(self):
        self.assertEqual(targets.parse_target("sm_90a").name, "sm_90a")
        self.assertEqual(targets.parse_target("compute_90a").name, "sm_90a")
        self.assertEqual(targets.parse_target("90a").name, "sm_90a")
        self.assertEqual(targets.parse_target("100f").sm, 100)

    def test_errors_carry_the_library_message(self):
        cases = {
            "sm_90f": "sm_90 has no family-conditional variant; did you mean "
                      "sm_90a?",
            "sm_86a": "sm_86 has no architecture-specific variant; did you "
                      "mean sm_86?",
            "sm_70": "sm_70 is not supported; the oldest supported target is "
                     "sm_75.",
            "sm_101a": "sm_101a is no longer a valid target: NVIDIA renamed "
                       "sm_101 to sm_110 and ptxas 13 does not accept the old "
                       "name; use sm_110a instead.",
        }
        for spelling, message in cases.items():
            with self.subTest(spelling):
                with self.assertRaises(targets.TargetError) as ctx:
                    targets.parse_target(spelling)
                self.assertEqual(str(ctx.exception), message)
        with self.assertRaises(ValueError) as ctx:  # TargetError is one
            targets.parse_target("sm_99")
        self.assertIn("sm_75, sm_80,", str(ctx.exception))
        with self.assertRaises(targets.TargetError) as ctx:
            targets.parse_target("garbage")
        self.assertTrue(str(ctx.exception).startswith(
            "'garbage' is not a GPU target;"))


class FactsTest(unittest.TestCase):
    def test_min_ptx_and_tmem(self):
        self.assertEqual(targets.min_ptx("sm_90a"), "8.0")
        self.assertEqual(targets.min_ptx("121f"), "8.8")
        self.assertTrue(targets.has_tmem("sm_100a"))
        self.assertFalse(targets.has_tmem("sm_120a"))
        with self.assertRaises(targets.TargetError):
            targets.min_ptx("sm_52")

    def test_runs_on(self):
        self.assertTrue(targets.runs_on("sm_80", 90))
        self.assertFalse(targets.runs_on("sm_90a", 100))
        self.assertTrue(targets.runs_on("sm_100f", 103))
        self.assertFalse(targets.runs_on("sm_100f", 120))
        self.assertTrue(targets.runs_on("sm_120f", 121))
        with self.assertRaises(targets.TargetError):
            targets.runs_on("sm_99", 99)

    def test_families(self):
        names = targets.families()
        for required in ("wgmma", "tcgen05", "cp.async", "setmaxnreg",
                         "mma.block_scale", "cvt_packfloat", "atom.b128"):
            self.assertIn(required, names)
        self.assertTrue(targets.supports("sm_90a", "wgmma"))
        self.assertFalse(targets.supports("sm_90", "wgmma"))
        self.assertEqual([t for t in ACCEPTED if targets.supports(t, "tcgen05")],
                         sorted(TMEM, key=ACCEPTED.index))
        self.assertEqual(targets.family_required_ptx("sm_100f", "tcgen05"),
                         "8.8")
        self.assertEqual(targets.unsupported_family_message("sm_90", "wgmma"),
                         "wgmma requires sm_90a; the target is sm_90")
        self.assertEqual(
            targets.unsupported_family_message("sm_80", "atom.b128"),
            "128b atomics not supported on this architecture!")
        with self.assertRaises(ValueError) as ctx:
            targets.supports("sm_90", "warp-magic")
        self.assertIn("'warp-magic' is not an instruction family", str(ctx.exception))

    def test_intrinsics(self):
        self.assertEqual(
            targets.classify_intrinsic("llvm.nvvm.wgmma.fence.sync.aligned"),
            "wgmma")
        self.assertIsNone(
            targets.classify_intrinsic("llvm.nvvm.read.ptx.sreg.tid.x"))
        self.assertEqual(targets.intrinsic_required_ptx(
            "sm_90", "llvm.nvvm.barrier.cluster.arrive.relaxed"), "8.0")


class PtxTest(unittest.TestCase):
    def test_versions(self):
        known = targets.known_ptx_versions()
        self.assertEqual(known[0], "3.2")
        self.assertEqual(known[-1], "9.0")
        self.assertEqual(len(known), 31)
        self.assertEqual(targets.newest_llvm_ptx(), "9.0")
        self.assertEqual(targets.parse_ptx_version("8.4"), "8.4")
        with self.assertRaises(ValueError) as ctx:
            targets.parse_ptx_version("8.9")
        self.assertTrue(str(ctx.exception).startswith(
            "PTX ISA 8.9 does not exist; the known versions are 3.2, 4.0,"))

    def test_ptxas_versions(self):
        line = "Cuda compilation tools, release %s, V%s.1"
        self.assertEqual(targets.ptx_for_ptxas_version(line % ("13.0", "13.0")),
                         "9.0")
        self.assertEqual(targets.ptx_for_ptxas_version(line % ("12.6", "12.6")),
                         "8.5")
        self.assertEqual(targets.ptx_for_ptxas_version(line % ("13.1", "13.1")),
                         "9.1")
        self.assertEqual(targets.ptx_for_ptxas_version(line % ("15.2", "15.2")),
                         "9.1")
        self.assertIsNone(targets.ptx_for_ptxas_version(line % ("12.7", "12.7")))
        self.assertIsNone(targets.ptx_for_ptxas_version("nothing"))

    def test_ptxas_validation(self):
        self.assertTrue(targets.ptxas_validates("sm_101"))
        self.assertTrue(targets.ptxas_validates("sm_90a"))
        self.assertFalse(targets.ptxas_validates("sm_90f"))


if __name__ == "__main__":
    unittest.main()
