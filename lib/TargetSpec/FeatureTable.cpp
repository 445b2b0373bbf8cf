//===- FeatureTable.cpp - NVPTX subtarget feature indices -----------------===//
//
// The feature table, one row per bit position. Rows 0..80 follow the
// reference build's numbering exactly (cubins and feature strings depend on
// those positions); rows after 80 are features that build lacks.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/FeatureTable.h"

#include "llvm/ADT/bit.h"

using namespace llvm;

namespace tileiras::targetspec {

namespace {

using K = FeatureKind;

// clang-format off
const FeatureDesc kFeatureTable[] = {
  // idx key                  description                                     kind            value
  {0,  "fma-level=0",         "Do not fuse multiply and add",                 K::FmaLevel,    0},
  {1,  "fma-level=1",         "Fuse multiply and add for FP32 only",          K::FmaLevel,    1},
  {2,  "fma-level=2",         "Fuse multiply and add for every type",         K::FmaLevel,    2},
  {3,  "ptx32",               "Emit PTX ISA 3.2",                             K::PtxVersion,  32},
  {4,  "ptx40",               "Emit PTX ISA 4.0",                             K::PtxVersion,  40},
  {5,  "ptx41",               "Emit PTX ISA 4.1",                             K::PtxVersion,  41},
  {6,  "ptx42",               "Emit PTX ISA 4.2",                             K::PtxVersion,  42},
  {7,  "ptx43",               "Emit PTX ISA 4.3",                             K::PtxVersion,  43},
  {8,  "ptx50",               "Emit PTX ISA 5.0",                             K::PtxVersion,  50},
  {9,  "ptx60",               "Emit PTX ISA 6.0",                             K::PtxVersion,  60},
  {10, "ptx61",               "Emit PTX ISA 6.1",                             K::PtxVersion,  61},
  {11, "ptx62",               "Emit PTX ISA 6.2",                             K::PtxVersion,  62},
  {12, "ptx63",               "Emit PTX ISA 6.3",                             K::PtxVersion,  63},
  {13, "ptx64",               "Emit PTX ISA 6.4",                             K::PtxVersion,  64},
  {14, "ptx65",               "Emit PTX ISA 6.5",                             K::PtxVersion,  65},
  {15, "ptx70",               "Emit PTX ISA 7.0",                             K::PtxVersion,  70},
  {16, "ptx71",               "Emit PTX ISA 7.1",                             K::PtxVersion,  71},
  {17, "ptx72",               "Emit PTX ISA 7.2",                             K::PtxVersion,  72},
  {18, "ptx73",               "Emit PTX ISA 7.3",                             K::PtxVersion,  73},
  {19, "ptx74",               "Emit PTX ISA 7.4",                             K::PtxVersion,  74},
  {20, "ptx75",               "Emit PTX ISA 7.5",                             K::PtxVersion,  75},
  {21, "ptx76",               "Emit PTX ISA 7.6",                             K::PtxVersion,  76},
  {22, "ptx77",               "Emit PTX ISA 7.7",                             K::PtxVersion,  77},
  {23, "ptx78",               "Emit PTX ISA 7.8",                             K::PtxVersion,  78},
  {24, "ptx80",               "Emit PTX ISA 8.0",                             K::PtxVersion,  80},
  {25, "ptx81",               "Emit PTX ISA 8.1",                             K::PtxVersion,  81},
  {26, "ptx82",               "Emit PTX ISA 8.2",                             K::PtxVersion,  82},
  {27, "ptx83",               "Emit PTX ISA 8.3",                             K::PtxVersion,  83},
  {28, "ptx84",               "Emit PTX ISA 8.4",                             K::PtxVersion,  84},
  {29, "ptx85",               "Emit PTX ISA 8.5",                             K::PtxVersion,  85},
  {30, "ptx86",               "Emit PTX ISA 8.6",                             K::PtxVersion,  86},
  {31, "ptx87",               "Emit PTX ISA 8.7",                             K::PtxVersion,  87},
  {32, "ptx88",               "Emit PTX ISA 8.8",                             K::PtxVersion,  88},
  {33, "prec-divf32=0",       "FP32 division: approximate",                   K::PrecDivF32,  0},
  {34, "prec-divf32=1",       "FP32 division: full range approximation",      K::PrecDivF32,  1},
  {35, "prec-divf32=2",       "FP32 division: IEEE round to nearest",         K::PrecDivF32,  2},
  {36, "prec-divf32=3",       "FP32 division: IEEE, denormals kept",          K::PrecDivF32,  3},
  {37, "prec-sqrtf32=0",      "FP32 square root: approximate",                K::PrecSqrtF32, 0},
  {38, "prec-sqrtf32=1",      "FP32 square root: IEEE round to nearest",      K::PrecSqrtF32, 1},
  // One self-bit per CPU of the reference build, in its (silicon) order.
  {39, "sm_20",               "Chip sm_20",                                   K::Cpu,         0},
  {40, "sm_21",               "Chip sm_21",                                   K::Cpu,         0},
  {41, "sm_30",               "Chip sm_30",                                   K::Cpu,         0},
  {42, "sm_32",               "Chip sm_32",                                   K::Cpu,         0},
  {43, "sm_35",               "Chip sm_35",                                   K::Cpu,         0},
  {44, "sm_37",               "Chip sm_37",                                   K::Cpu,         0},
  {45, "sm_50",               "Chip sm_50",                                   K::Cpu,         0},
  {46, "sm_52",               "Chip sm_52",                                   K::Cpu,         0},
  {47, "sm_53",               "Chip sm_53",                                   K::Cpu,         0},
  {48, "sm_60",               "Chip sm_60",                                   K::Cpu,         0},
  {49, "sm_61",               "Chip sm_61",                                   K::Cpu,         0},
  {50, "sm_62",               "Chip sm_62",                                   K::Cpu,         0},
  {51, "sm_70",               "Chip sm_70",                                   K::Cpu,         0},
  {52, "sm_72",               "Chip sm_72",                                   K::Cpu,         0},
  {53, "sm_73",               "Chip sm_73 (no known product)",                K::Cpu,         0},
  {54, "sm_75",               "Chip sm_75",                                   K::Cpu,         0},
  {55, "sm_80",               "Chip sm_80",                                   K::Cpu,         0},
  {56, "sm_82",               "Chip sm_82 (no known product)",                K::Cpu,         0},
  {57, "sm_86",               "Chip sm_86",                                   K::Cpu,         0},
  {58, "sm_89",               "Chip sm_89",                                   K::Cpu,         0},
  {59, "sm_90",               "Chip sm_90",                                   K::Cpu,         0},
  {60, "sm_90a",              "Chip sm_90, architecture-specific",            K::Cpu,         0},
  {61, "sm_100",              "Chip sm_100",                                  K::Cpu,         0},
  {62, "sm_100a",             "Chip sm_100, architecture-specific",           K::Cpu,         0},
  {63, "sm_100f",             "Chip sm_100, family-specific",                 K::Cpu,         0},
  {64, "sm_101",              "Chip sm_101",                                  K::Cpu,         0},
  {65, "sm_101a",             "Chip sm_101, architecture-specific",           K::Cpu,         0},
  {66, "sm_101f",             "Chip sm_101, family-specific",                 K::Cpu,         0},
  {67, "sm_103",              "Chip sm_103",                                  K::Cpu,         0},
  {68, "sm_103a",             "Chip sm_103, architecture-specific",           K::Cpu,         0},
  {69, "sm_103f",             "Chip sm_103, family-specific",                 K::Cpu,         0},
  {70, "sm_110",              "Chip sm_110",                                  K::Cpu,         0},
  {71, "sm_110a",             "Chip sm_110, architecture-specific",           K::Cpu,         0},
  {72, "sm_110f",             "Chip sm_110, family-specific",                 K::Cpu,         0},
  {73, "sm_120",              "Chip sm_120",                                  K::Cpu,         0},
  {74, "sm_120a",             "Chip sm_120, architecture-specific",           K::Cpu,         0},
  {75, "sm_120f",             "Chip sm_120, family-specific",                 K::Cpu,         0},
  {76, "sm_121",              "Chip sm_121",                                  K::Cpu,         0},
  {77, "sm_121a",             "Chip sm_121, architecture-specific",           K::Cpu,         0},
  {78, "sm_121f",             "Chip sm_121, family-specific",                 K::Cpu,         0},
  {79, "sharedmem32bitptr",   "Shared-memory pointers are 32 bits wide",      K::Other,       0},
  {80, "tmem",                "The chip has tensor memory (tcgen05)",         K::Other,       0},
  // Appended after the reference build's 81 features; never renumber above.
  {81, "ptx90",               "Emit PTX ISA 9.0",                             K::PtxVersion,  90},
  {82, "sm_87",               "Chip sm_87",                                   K::Cpu,         0},
  {83, "sm_88",               "Chip sm_88",                                   K::Cpu,         0},
};
// clang-format on

static_assert(sizeof(kFeatureTable) / sizeof(kFeatureTable[0]) ==
                  feature::NumFeatures,
              "one row per feature index");

} // namespace

unsigned FeatureBitset::count() const {
  unsigned n = 0;
  for (uint64_t w : words)
    n += llvm::popcount(w);
  return n;
}

ArrayRef<FeatureDesc> getFeatureTable() { return kFeatureTable; }

std::optional<unsigned> lookupFeature(StringRef key) {
  for (const FeatureDesc &row : kFeatureTable)
    if (key == row.key)
      return row.index;
  return std::nullopt;
}

std::optional<unsigned> ptxFeatureFor(unsigned ptxTimesTen) {
  for (const FeatureDesc &row : kFeatureTable)
    if (row.kind == FeatureKind::PtxVersion && row.value == ptxTimesTen)
      return row.index;
  return std::nullopt;
}

} // namespace tileiras::targetspec
