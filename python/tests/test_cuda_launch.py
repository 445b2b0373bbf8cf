"""The CUDA launcher (tileiras.runtime.cuda) without a GPU: libcuda is
replaced by a recorder, and the tests check what the launcher asks of it
for kernels with and without dynamic shared memory (the kernel metadata's
`static_shared_memory_bytes` / `dynamic_shared_memory_bytes`, docs/cli.md)
and for a kernel taking a TMA tensor map (`tensor_maps`).

    python -m unittest discover -s python/tests -p test_cuda_launch.py
"""

import ctypes
import pathlib
import sys
import types
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tileiras.runtime import cuda  # noqa: E402


class FakeLibcuda:
    """Records every driver call; each returns CUDA_SUCCESS."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        def call(*args):
            self.calls.append((name, args))
            if name == "cuDeviceGetAttribute":
                major = args[1] == cuda.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
                args[0]._obj.value = 9 if major else 0
            return cuda.CUDA_SUCCESS
        return call

    def named(self, name):
        return [args for called, args in self.calls if called == name]


def value(arg):
    return arg.value if hasattr(arg, "value") else arg


def compiled_kernel(static, dynamic, cluster=(1, 1, 1)):
    meta = {"block_dims": [256, 1, 1], "cluster_dims": list(cluster),
            "static_shared_memory_bytes": static,
            "dynamic_shared_memory_bytes": dynamic}
    return types.SimpleNamespace(
        entry=types.SimpleNamespace(path="/cache/k%d-%d" % (static, dynamic)),
        asm=".version 8.0\n", name="k", kernel_metadata=meta, params=[])


class CudaLaunchTest(unittest.TestCase):
    def setUp(self):
        self.fake = FakeLibcuda()
        self.saved = cuda._cuda
        cuda._cuda = self.fake
        self.backend = cuda.CudaBackend()

    def tearDown(self):
        cuda._cuda = self.saved

    def launch(self, compiled):
        self.backend.compile = lambda *args: compiled
        self.backend.launch(None, (3, 2, 1), {}, {}, 8)

    def test_rule(self):
        self.assertEqual(cuda.dynamic_shared_memory(
            {"static_shared_memory_bytes": 1024,
             "dynamic_shared_memory_bytes": 0}), (0, False))
        self.assertEqual(cuda.dynamic_shared_memory(
            {"static_shared_memory_bytes": 0,
             "dynamic_shared_memory_bytes": 66048}), (66048, True))
        # 48 KiB in all is the default limit; one byte more needs the
        # attribute even though the dynamic part alone is below it.
        self.assertEqual(cuda.dynamic_shared_memory(
            {"static_shared_memory_bytes": 16384,
             "dynamic_shared_memory_bytes": 32768}), (32768, False))
        self.assertEqual(cuda.dynamic_shared_memory(
            {"static_shared_memory_bytes": 16384,
             "dynamic_shared_memory_bytes": 32784}), (32784, True))

    def test_static_only(self):
        self.launch(compiled_kernel(static=8320, dynamic=0))
        self.assertEqual(self.fake.named("cuFuncSetAttribute"), [])
        (launch,) = self.fake.named("cuLaunchKernel")
        self.assertEqual([value(a) for a in launch[1:8]],
                         [3, 2, 1, 256, 1, 1, 0])

    def test_dynamic_above_48k(self):
        self.launch(compiled_kernel(static=0, dynamic=66048))
        (attribute,) = self.fake.named("cuFuncSetAttribute")
        self.assertEqual(
            [value(a) for a in attribute[1:]],
            [cuda.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 66048])
        self.assertEqual(cuda.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         8)  # CUfunction_attribute in cuda.h
        (launch,) = self.fake.named("cuLaunchKernel")
        self.assertEqual(value(launch[7]), 66048)  # sharedMemBytes
        # The attribute is set once per function, not per launch.
        self.launch(compiled_kernel(static=0, dynamic=66048))
        self.assertEqual(len(self.fake.named("cuFuncSetAttribute")), 1)
        self.assertEqual(len(self.fake.named("cuLaunchKernel")), 2)

    def test_dynamic_with_cluster(self):
        self.launch(compiled_kernel(static=0, dynamic=100000,
                                    cluster=(2, 1, 1)))
        self.assertEqual(len(self.fake.named("cuFuncSetAttribute")), 1)
        (launch,) = self.fake.named("cuLaunchKernelEx")
        config = launch[0]._obj
        self.assertEqual(config.sharedMemBytes, 100000)
        self.assertEqual((config.blockDimX, config.gridDimX), (256, 3))

    def test_tensor_maps(self):
        # A kernel (a, m, k, lda) taking one tensor map after them, as the
        # metadata of examples/matmul_tma.mlir describes A's.
        entry = {"param": 4, "address_param": 0, "element_type": "f16",
                 "element_bytes": 2, "cu_data_type": 6, "rank": 2,
                 "global_dims": [{"param": 2}, {"param": 1}],
                 "global_strides_elements": [{"param": 3}],
                 "box_dims": [32, 128], "element_strides": [1, 1],
                 "interleave": 0, "swizzle_bytes": 64, "cu_swizzle": 2,
                 "cu_l2_promotion": 2, "oob_fill": "zero", "cu_oob_fill": 0}
        self.assertEqual(cuda.tensor_map_arguments(entry, [0, 130, 104, 112]),
                         ([104, 130], [224]))
        compiled = compiled_kernel(static=0, dynamic=49280)
        compiled.kernel_metadata["tensor_maps"] = [entry]
        pointer = types.SimpleNamespace(is_ptr=True, is_floating=False,
                                        bits=64)
        i32 = types.SimpleNamespace(is_ptr=False, is_floating=False, bits=32)
        compiled.params = [("a", pointer), ("m", i32), ("k", i32),
                           ("lda", i32)]
        device = types.SimpleNamespace(data_ptr=lambda: 0x7f0000001000)
        self.backend.compile = lambda *args: compiled
        self.backend.launch(None, (2, 2, 1),
                            {"a": device, "m": 130, "k": 104, "lda": 112},
                            {}, 8)
        (encode,) = self.fake.named("cuTensorMapEncodeTiled")
        address = value(encode[0])
        self.assertEqual(address % 128, 0)  # CUDA 13 wants 128-byte maps
        self.assertEqual(value(encode[1]), 6)
        self.assertEqual(value(encode[2]), 2)
        self.assertEqual(value(encode[3]), 0x7f0000001000)
        self.assertEqual(list(encode[4]), [104, 130])
        self.assertEqual(list(encode[5])[:1], [224])
        self.assertEqual(list(encode[6]), [32, 128])
        self.assertEqual(list(encode[7]), [1, 1])
        self.assertEqual([value(a) for a in encode[8:]], [0, 2, 2, 0])
        # The fifth kernel parameter points at the map itself.
        (launch,) = self.fake.named("cuLaunchKernel")
        params = launch[9]
        self.assertEqual(params[4], address)

    def test_empty_tensor_map_is_refused(self):
        entry = {"param": 1, "address_param": 0, "element_bytes": 4,
                 "global_dims": [{"param": 0}], "global_strides_elements": [],
                 "rank": 1}
        with self.assertRaises(cuda.CudaError):
            self.backend.encode_tensor_map(entry, [0])


if __name__ == "__main__":
    unittest.main()
