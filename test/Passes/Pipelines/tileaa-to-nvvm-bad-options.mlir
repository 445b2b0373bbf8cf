// Bad tileaa-to-nvvm option values fail when the pipeline is built, with a
// message naming the option and the value; no pass runs, so the module is
// neither printed nor dumped with the error.

// RUN: not tileiras-opt %s '--tileaa-to-nvvm=O=4' 2>&1 | FileCheck %s --check-prefix=OPT --implicit-check-not=nv_tileaa --implicit-check-not=module
// RUN: not tileiras-opt %s '--pass-pipeline=builtin.module(tileaa-to-nvvm{O=7})' 2>&1 | FileCheck %s --check-prefix=OPT7 --implicit-check-not=nv_tileaa --implicit-check-not=module
// OPT: error: tileaa-to-nvvm: invalid optimization level O=4; expected 0, 1, 2 or 3
// OPT7: error: tileaa-to-nvvm: invalid optimization level O=7; expected 0, 1, 2 or 3

// RUN: not tileiras-opt %s '--tileaa-to-nvvm=num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS3 --implicit-check-not=nv_tileaa --implicit-check-not=module
// RUN: not tileiras-opt %s '--tileaa-to-nvvm=num-warps=64' 2>&1 | FileCheck %s --check-prefix=WARPS64 --implicit-check-not=nv_tileaa --implicit-check-not=module
// WARPS3: error: tileaa-to-nvvm: num-warps must be a power of two from 1 to 32 (or 0 for the default, 4), got 3
// WARPS64: error: tileaa-to-nvvm: num-warps must be a power of two from 1 to 32 (or 0 for the default, 4), got 64

// RUN: not tileiras-opt %s '--tileaa-to-nvvm=num-warps=four' 2>&1 | FileCheck %s --check-prefix=NOTANUMBER --implicit-check-not=nv_tileaa
// NOTANUMBER: for the --num-warps option: 'four' value invalid for uint argument!

// RUN: not tileiras-opt %s '--tileaa-to-nvvm=gpu-name=sm_99' 2>&1 | FileCheck %s --check-prefix=GPU --implicit-check-not=nv_tileaa --implicit-check-not=module
// GPU: error: tileaa-to-nvvm: gpu-name=sm_99: sm_99 is not a known GPU target; the valid targets are sm_75, {{.*}}, sm_121f.
// RUN: not tileiras-opt %s '--tileaa-to-nvvm=gpu-name=sm_90f' 2>&1 | FileCheck %s --check-prefix=SUFFIX --implicit-check-not=nv_tileaa --implicit-check-not=module
// SUFFIX: error: tileaa-to-nvvm: gpu-name=sm_90f: sm_90 has no family-conditional variant; did you mean sm_90a?

// RUN: not tileiras-opt %s '--tileaa-to-nvvm=threads=4' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=nv_tileaa
// UNKNOWN: no such option threads

nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  nv_tileaa.return
}
