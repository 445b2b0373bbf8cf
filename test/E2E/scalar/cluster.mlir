// A kernel launched in 2x1x1 clusters: the cluster directives appear on
// SM >= 90 only, after .reqntid (and never with .maxntid); .blocksareclusters
// needs PTX ISA 9.0, which the PTX-version choice picks.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: FileCheck %s --check-prefix=HOPPER < %t/cluster.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=HOPPER < %t/cluster.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=AMPERE < %t/cluster.sm_80.ptx

// HOPPER: .version 9.0
// HOPPER: .visible .entry clustered(
// HOPPER-NOT: .maxntid
// HOPPER: .reqntid 128, 1, 1
// HOPPER-NEXT: .minnctapersm 2
// HOPPER-NEXT: .maxnreg 255
// HOPPER-NEXT: .reqnctapercluster 2, 1, 1
// HOPPER-NEXT: .blocksareclusters
// AMPERE: .version 7.0
// AMPERE: .visible .entry clustered(
// AMPERE: .reqntid 128, 1, 1
// AMPERE-NOT: .reqnctapercluster
// AMPERE-NOT: .blocksareclusters
// AMPERE-NOT: .explicitcluster
nv_tileaa.func @clustered(%p: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1]>,
                nv_tileaa.occupancy = 2 : i32} {
  %pid = nv_tileaa.get_program_id x : i32
  %q = nv_tileaa.addptr %p, %pid : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.store %q, %pid : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}
