//===- NVTileAAAttrs.td - nv_tileaa enums and attributes ---*- tablegen -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_ATTRS_TD
#define TILEIRAS_DIALECT_NVTILEAA_ATTRS_TD

include "NVTileAADialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class NVTileAA_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::tileiras::nv_tileaa";
  let genSpecializedAttr = 0;
}

// Enum attributes print as `#nv_tileaa.<mnemonic><<value>>`. The ops that
// show one as a bare keyword (`get_program_id x`, `atomic_rmw add, ...`)
// parse and print it themselves.
class NVTileAA_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<NVTileAA_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Float rounding and fast-math
//===----------------------------------------------------------------------===//

def NVTileAA_RoundingMode : NVTileAA_I32Enum<"RoundingMode",
    "floating-point rounding mode", [
  I32EnumAttrCase<"rn", 0>,     // to nearest, ties to even
  I32EnumAttrCase<"rz", 1>,     // toward zero
  I32EnumAttrCase<"rm", 2>,     // toward -inf
  I32EnumAttrCase<"rp", 3>,     // toward +inf
  I32EnumAttrCase<"approx", 4>, // fast hardware approximation
  I32EnumAttrCase<"full", 5>    // full-range approximate division
]>;
def NVTileAA_RoundingModeAttr
    : NVTileAA_EnumAttr<NVTileAA_RoundingMode, "rounding">;

def NVTileAA_FM_None     : I32BitEnumAttrCaseNone<"none">;
def NVTileAA_FM_Reassoc  : I32BitEnumAttrCaseBit<"reassoc", 0>;
def NVTileAA_FM_NNaN     : I32BitEnumAttrCaseBit<"nnan", 1>;
def NVTileAA_FM_NInf     : I32BitEnumAttrCaseBit<"ninf", 2>;
def NVTileAA_FM_NSZ      : I32BitEnumAttrCaseBit<"nsz", 3>;
def NVTileAA_FM_ARcp     : I32BitEnumAttrCaseBit<"arcp", 4>;
def NVTileAA_FM_Contract : I32BitEnumAttrCaseBit<"contract", 5>;
def NVTileAA_FM_AFn      : I32BitEnumAttrCaseBit<"afn", 6>;
def NVTileAA_FM_Fast     : I32BitEnumAttrCaseGroup<"fast", [
  NVTileAA_FM_Reassoc, NVTileAA_FM_NNaN, NVTileAA_FM_NInf, NVTileAA_FM_NSZ,
  NVTileAA_FM_ARcp, NVTileAA_FM_Contract, NVTileAA_FM_AFn]>;

def NVTileAA_FastMathFlags : I32BitEnumAttr<"FastMathFlags",
    "floating-point fast-math flags", [
  NVTileAA_FM_None, NVTileAA_FM_Reassoc, NVTileAA_FM_NNaN, NVTileAA_FM_NInf,
  NVTileAA_FM_NSZ, NVTileAA_FM_ARcp, NVTileAA_FM_Contract, NVTileAA_FM_AFn,
  NVTileAA_FM_Fast]> {
  let separator = ",";
  let cppNamespace = "::tileiras::nv_tileaa";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}
def NVTileAA_FastMathAttr
    : NVTileAA_EnumAttr<NVTileAA_FastMathFlags, "fastmath">;

//===----------------------------------------------------------------------===//
// Memory-access policy
//===----------------------------------------------------------------------===//

def NVTileAA_CacheModifier : NVTileAA_I32Enum<"CacheModifier",
    "cache operator of a memory access", [
  I32EnumAttrCase<"ca", 0>, I32EnumAttrCase<"cg", 1>, I32EnumAttrCase<"cs", 2>,
  I32EnumAttrCase<"lu", 3>, I32EnumAttrCase<"cv", 4>
]>;
def NVTileAA_CacheModifierAttr
    : NVTileAA_EnumAttr<NVTileAA_CacheModifier, "cache_modifier">;

def NVTileAA_EvictionPolicy : NVTileAA_I32Enum<"EvictionPolicy",
    "L2 eviction priority of a memory access", [
  I32EnumAttrCase<"first", 0>, I32EnumAttrCase<"last", 1>,
  I32EnumAttrCase<"normal", 2>
]>;
def NVTileAA_EvictionPolicyAttr
    : NVTileAA_EnumAttr<NVTileAA_EvictionPolicy, "eviction_policy">;

def NVTileAA_MemSemantic : NVTileAA_I32Enum<"MemSemantic",
    "memory-ordering semantic", [
  I32EnumAttrCase<"weak", 0>, I32EnumAttrCase<"relaxed", 1>,
  I32EnumAttrCase<"acquire", 2>, I32EnumAttrCase<"release", 3>,
  I32EnumAttrCase<"acq_rel", 4>
]>;
def NVTileAA_MemSemanticAttr
    : NVTileAA_EnumAttr<NVTileAA_MemSemantic, "mem_semantic">;

def NVTileAA_MemScope : NVTileAA_I32Enum<"MemScope",
    "memory-ordering scope", [
  I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"cluster", 1>,
  I32EnumAttrCase<"gpu", 2>, I32EnumAttrCase<"sys", 3>
]>;
def NVTileAA_MemScopeAttr : NVTileAA_EnumAttr<NVTileAA_MemScope, "mem_scope">;

def NVTileAA_AtomicRMWMode : NVTileAA_I32Enum<"AtomicRMWMode",
    "read-modify-write operation of atomic_rmw", [
  I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"addf", 1>,
  // C++ keywords get capitalized enumerators; the spelling stays lower case.
  I32EnumAttrCase<"And", 2, "and">, I32EnumAttrCase<"Or", 3, "or">,
  I32EnumAttrCase<"Xor", 4, "xor">, I32EnumAttrCase<"xchg", 5>,
  I32EnumAttrCase<"min", 6>, I32EnumAttrCase<"max", 7>,
  I32EnumAttrCase<"umin", 8>, I32EnumAttrCase<"umax", 9>
]>;
def NVTileAA_AtomicRMWModeAttr
    : NVTileAA_EnumAttr<NVTileAA_AtomicRMWMode, "rmw_mode">;

//===----------------------------------------------------------------------===//
// Grid dimensions and dot signedness
//===----------------------------------------------------------------------===//

def NVTileAA_GridDim : NVTileAA_I32Enum<"GridDim", "launch-grid dimension", [
  I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>
]>;
def NVTileAA_GridDimAttr : NVTileAA_EnumAttr<NVTileAA_GridDim, "dim">;

def NVTileAA_Signedness : NVTileAA_I32Enum<"Signedness",
    "signedness of an integer dot operand", [
  I32EnumAttrCase<"Signed", 0, "signed">, I32EnumAttrCase<"Unsigned", 1, "unsigned">
]>;
def NVTileAA_SignednessAttr
    : NVTileAA_EnumAttr<NVTileAA_Signedness, "signedness">;

//===----------------------------------------------------------------------===//
// Kernel launch configuration
//===----------------------------------------------------------------------===//

def NVTileAA_KernelSpecAttr : AttrDef<NVTileAA_Dialect, "KernelSpec"> {
  let mnemonic = "kernel_spec";
  let summary = "launch configuration that makes a function a kernel";
  let description = [{
    `#nv_tileaa.kernel_spec<numWarps = N, clusterDim = [x, y, z], numStages = S>`.
    All parameters are optional, in any order: numWarps must be a power of
    two from 1 to 32 and, when not given, is the compiler's default (4, or
    `--num-warps`); clusterDim defaults to [1, 1, 1] and takes three positive
    extents; numStages (1 to 8) is how many K-loop iterations of operand
    loads are in flight through cp.async (1: no pipelining; default 3, or
    `--num-stages`). The printer shows what was given; clusterDim only when
    it is not [1, 1, 1].
  }];
  let parameters = (ins
    "int64_t":$requestedNumWarps,
    ArrayRefParameter<"int64_t", "cluster extents (x, y, z)">:$clusterDim,
    "int64_t":$requestedNumStages
  );
  let builders = [
    AttrBuilder<(ins CArg<"int64_t", "0">:$numWarps,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$clusterDim,
                     CArg<"int64_t", "0">:$numStages), [{
      if (clusterDim.empty())
        return $_get($_ctxt, numWarps, ::llvm::ArrayRef<int64_t>({1, 1, 1}),
                     numStages);
      return $_get($_ctxt, numWarps, clusterDim, numStages);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDefaultNumWarps = 4;
    /// Whether numWarps was given (0 is stored when it was not).
    bool hasNumWarps() const { return getRequestedNumWarps() != 0; }
    /// The warps per CTA: as given, else `fallback`.
    int64_t getNumWarps(int64_t fallback = kDefaultNumWarps) const {
      return hasNumWarps() ? getRequestedNumWarps() : fallback;
    }
    static constexpr int64_t kDefaultNumStages = 3;
    static constexpr int64_t kMaxNumStages = 8;
    bool hasNumStages() const { return getRequestedNumStages() != 0; }
    /// Pipeline depth of the K loops: as given, else `fallback`.
    int64_t getNumStages(int64_t fallback = kDefaultNumStages) const {
      return hasNumStages() ? getRequestedNumStages() : fallback;
    }
    /// Threads per CTA: 32 * numWarps.
    int64_t getNumThreads() const { return 32 * getNumWarps(); }
    /// Product of the cluster extents.
    int64_t getClusterSize() const;
  }];
}

def NVTileAA_SwizzledSharedEncodingAttr
    : AttrDef<NVTileAA_Dialect, "SwizzledSharedEncoding"> {
  let mnemonic = "swizzled_shared";
  let summary = "how a tile is laid out in shared memory";
  let description = [{
    `#nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>`:
    dimension order[0] is contiguous, rows run along order[1]; within a row
    the chunk of `vec` elements at column chunk c is stored at chunk
    c XOR ((row / perPhase) % maxPhase). vec, perPhase and maxPhase are
    powers of two; perPhase = maxPhase = 1 is plain row-major storage.

    `segment = S` (a power of two, elements) splits each row into pieces of
    S elements: piece p of every row is stored, swizzled as above within
    the piece, in a block of its own after the blocks of pieces 0..p-1. It
    is how TMA lays out a tile loaded as several boxes S elements wide
    (a 128-byte swizzle spans at most 128 bytes). Absent: whole rows.
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned", "dimension order">:$order,
                        DefaultValuedParameter<"unsigned", "0">:$segment);
  let builders = [
    AttrBuilder<(ins "unsigned":$vec, "unsigned":$perPhase,
                     "unsigned":$maxPhase, "::llvm::ArrayRef<unsigned>":$order), [{
      return $_get($_ctxt, vec, perPhase, maxPhase, order, 0);
    }]>
  ];
  let assemblyFormat = [{
    `<` `vec` `=` $vec `,` `perPhase` `=` $perPhase `,`
        `maxPhase` `=` $maxPhase `,` `order` `=` `[` $order `]`
        (`,` `segment` `=` $segment^)? `>`
  }];
  let genVerifyDecl = 1;
}

// The distributed layout encodings of tiles (defined in their own file, but
// generated together with the other attributes of the dialect).
include "NVTileAALayouts.td"

#endif // TILEIRAS_DIALECT_NVTILEAA_ATTRS_TD
