// Diagnostics of the nv_tileaa types and attributes.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{!nv_tileaa.ptr address space 2 is not supported; expected 1 (global), 3 (shared), 4 (constant) or 5 (local)}}
func.func private @bad_as(!nv_tileaa.ptr<f32, 2>)

// -----

// expected-error @+1 {{!nv_tileaa.ptr address space 0 is not supported}}
func.func private @generic_as(!nv_tileaa.ptr<f32, 0>)

// -----

// expected-error @+1 {{!nv_tileaa.ptr cannot point to 'tf32'; expected one of i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2}}
func.func private @bad_pointee(!nv_tileaa.ptr<tf32>)

// -----

// expected-error @+1 {{!nv_tileaa.ptr cannot point to '!nv_tileaa.ptr<f32>'}}
func.func private @ptr_to_ptr(!nv_tileaa.ptr<!nv_tileaa.ptr<f32>>)

// -----

// expected-error @+1 {{!nv_tileaa.ptr cannot point to 'index'}}
func.func private @ptr_to_index(!nv_tileaa.ptr<index>)

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec numWarps must be a power of two from 1 to 32, but got 3}}
func.func private @warps3() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 3>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec numWarps must be a power of two from 1 to 32, but got 64}}
func.func private @warps64() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 64>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec numWarps must be a power of two from 1 to 32, but got 0}}
func.func private @warps0() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 0>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec clusterDim must have exactly 3 extents (x, y, z), but got 2}}
func.func private @cluster2() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [2, 1]>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec clusterDim must have exactly 3 extents (x, y, z), but got 0}}
func.func private @cluster0() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = []>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec clusterDim extents must be positive, but extent 1 is 0}}
func.func private @cluster_zero() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 0, 1]>}

// -----

// expected-error @+1 {{unknown #nv_tileaa.kernel_spec parameter 'num_warps'; expected 'numWarps', 'clusterDim' or 'numStages'}}
func.func private @bad_key() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<num_warps = 4>}

// -----

// expected-error @+1 {{duplicate 'numWarps' in #nv_tileaa.kernel_spec}}
func.func private @dup_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numWarps = 8>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec numStages must be from 1 to 8, but got 0}}
func.func private @stages0() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numStages = 0>}

// -----

// expected-error @+1 {{#nv_tileaa.kernel_spec numStages must be from 1 to 8, but got 9}}
func.func private @stages9() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numStages = 9>}

// -----

// expected-error @+1 {{duplicate 'numStages' in #nv_tileaa.kernel_spec}}
func.func private @dup_stages() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numStages = 2, numStages = 3>}

// -----

// expected-error @+1 {{duplicate 'clusterDim' in #nv_tileaa.kernel_spec}}
func.func private @dup_cluster() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [1, 1, 1], clusterDim = [2, 1, 1]>}

// -----

// expected-error @+2 {{failed to parse NVTileAA_RoundingModeAttr parameter 'value'}}
// expected-error @+1 {{expected ::tileiras::nv_tileaa::RoundingMode to be one of: rn, rz, rm, rp, approx, full}}
func.func private @bad_rounding() attributes {r = #nv_tileaa.rounding<rna>}

// -----

// expected-error @+2 {{failed to parse NVTileAA_CacheModifierAttr parameter 'value'}}
// expected-error @+1 {{expected ::tileiras::nv_tileaa::CacheModifier to be one of: ca, cg, cs, lu, cv}}
func.func private @bad_cache() attributes {c = #nv_tileaa.cache_modifier<wb>}

// -----

// expected-error @+2 {{failed to parse NVTileAA_MemScopeAttr parameter 'value'}}
// expected-error @+1 {{expected ::tileiras::nv_tileaa::MemScope to be one of: cta, cluster, gpu, sys}}
func.func private @bad_scope() attributes {s = #nv_tileaa.mem_scope<tl_blk>}
