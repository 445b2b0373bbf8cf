//===- CpuTable.cpp - NVPTX CPU rows --------------------------------------===//
//
// The 40 CPU rows of the reference build in ASCII order (so std::lower_bound
// finds them), then the rows that build lacks. Each row implies its own
// self-bit; the eight datacenter/Thor Blackwell 'a'/'f' rows also imply tmem.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/CpuTable.h"

#include <algorithm>
#include <initializer_list>

using namespace llvm;

namespace tileiras::targetspec {

namespace {

constexpr FeatureBitset bits(std::initializer_list<unsigned> indices) {
  FeatureBitset b;
  for (unsigned i : indices)
    b.set(i);
  return b;
}
/// A row that implies only its self-bit.
constexpr FeatureBitset self(unsigned idx) { return bits({idx}); }
/// A row that implies its self-bit and tensor memory.
constexpr FeatureBitset selfTMem(unsigned idx) {
  return bits({idx, feature::TMem});
}

using V = CpuVariant;
constexpr std::nullopt_t none = std::nullopt;

// ELF bytes: the SM number as the cubin reader stores it (e_flags bits 8..15).
// sm_90a shares sm_90's byte; its cubins carry the accelerator flag (0x800)
// separately. Rows marked `none` are gaps in the reference reader.
// clang-format off
const CpuDesc kCpuTable[] = {
  // key        self-bit  implies         variant    ELF    product
  {"sm_100",    61, self(61),        V::Base,   0x64,  "Blackwell datacenter GB100/GB200/B100/B200"},
  {"sm_100a",   62, selfTMem(62),    V::Arch,   none,  "Blackwell datacenter, architecture-specific (tcgen05)"},
  {"sm_100f",   63, selfTMem(63),    V::Family, none,  "Blackwell datacenter, family-specific (tcgen05)"},
  {"sm_101",    64, self(64),        V::Base,   none,  "Jetson Thor under its pre-CUDA-13 name"},
  {"sm_101a",   65, selfTMem(65),    V::Arch,   none,  "Jetson Thor (old name), architecture-specific (tcgen05)"},
  {"sm_101f",   66, selfTMem(66),    V::Family, none,  "Jetson Thor (old name), family-specific (tcgen05)"},
  {"sm_103",    67, self(67),        V::Base,   none,  "Blackwell Ultra GB300"},
  {"sm_103a",   68, selfTMem(68),    V::Arch,   none,  "Blackwell Ultra, architecture-specific (tcgen05)"},
  {"sm_103f",   69, selfTMem(69),    V::Family, none,  "Blackwell Ultra, family-specific (tcgen05)"},
  {"sm_110",    70, self(70),        V::Base,   none,  "Jetson Thor"},
  {"sm_110a",   71, selfTMem(71),    V::Arch,   none,  "Jetson Thor, architecture-specific (tcgen05)"},
  {"sm_110f",   72, selfTMem(72),    V::Family, none,  "Jetson Thor, family-specific (tcgen05)"},
  {"sm_120",    73, self(73),        V::Base,   0x78,  "Blackwell consumer RTX 50 / RTX PRO"},
  {"sm_120a",   74, self(74),        V::Arch,   none,  "Blackwell consumer, architecture-specific (no tcgen05)"},
  {"sm_120f",   75, self(75),        V::Family, none,  "Blackwell consumer, family-specific (no tcgen05)"},
  {"sm_121",    76, self(76),        V::Base,   none,  "DGX Spark (GB10)"},
  {"sm_121a",   77, self(77),        V::Arch,   none,  "DGX Spark, architecture-specific (no tcgen05)"},
  {"sm_121f",   78, self(78),        V::Family, none,  "DGX Spark, family-specific (no tcgen05)"},
  {"sm_20",     39, self(39),        V::Base,   0x14,  "Fermi GF1xx"},
  {"sm_21",     40, self(40),        V::Base,   0x15,  "Fermi GF11x"},
  {"sm_30",     41, self(41),        V::Base,   0x1E,  "Kepler GK10x"},
  {"sm_32",     42, self(42),        V::Base,   0x20,  "Kepler Tegra K1"},
  {"sm_35",     43, self(43),        V::Base,   0x23,  "Kepler GK110/GK11x"},
  {"sm_37",     44, self(44),        V::Base,   0x25,  "Kepler GK210"},
  {"sm_50",     45, self(45),        V::Base,   0x32,  "Maxwell GM10x"},
  {"sm_52",     46, self(46),        V::Base,   0x34,  "Maxwell GM20x"},
  {"sm_53",     47, self(47),        V::Base,   0x35,  "Maxwell Tegra X1"},
  {"sm_60",     48, self(48),        V::Base,   0x3C,  "Pascal GP100"},
  {"sm_61",     49, self(49),        V::Base,   0x3D,  "Pascal GP10x"},
  {"sm_62",     50, self(50),        V::Base,   0x3E,  "Pascal Tegra X2"},
  {"sm_70",     51, self(51),        V::Base,   0x46,  "Volta GV100"},
  {"sm_72",     52, self(52),        V::Base,   0x48,  "Volta Xavier"},
  {"sm_73",     53, self(53),        V::Base,   none,  "placeholder, no known product"},
  {"sm_75",     54, self(54),        V::Base,   0x4B,  "Turing TU10x"},
  {"sm_80",     55, self(55),        V::Base,   0x50,  "Ampere GA100"},
  {"sm_82",     56, self(56),        V::Base,   none,  "placeholder, no known product"},
  {"sm_86",     57, self(57),        V::Base,   0x56,  "Ampere GA10x"},
  {"sm_89",     58, self(58),        V::Base,   0x59,  "Ada Lovelace AD10x"},
  {"sm_90",     59, self(59),        V::Base,   0x5A,  "Hopper GH100"},
  {"sm_90a",    60, self(60),        V::Arch,   0x5A,  "Hopper GH100, architecture-specific (wgmma, setmaxnreg)"},
  // Appended: chips LLVM 22 and ptxas 13 know that the reference table lacks.
  // ELF bytes measured from ptxas 13.0 cubins (e_flags 0x6005704/0x6005804).
  {"sm_87",     82, self(82),        V::Base,   0x57,  "Ampere Jetson Orin"},
  {"sm_88",     83, self(83),        V::Base,   0x58,  "Ampere derivative, no public product"},
};
// clang-format on

constexpr unsigned kNumCpuRows = sizeof(kCpuTable) / sizeof(kCpuTable[0]);
static_assert(kNumCpuRows == kSortedCpuRows + 2, "40 sorted + 2 appended");

bool keyLess(const CpuDesc &row, StringRef key) { return row.key < key; }

} // namespace

ArrayRef<CpuDesc> getCpuTable() { return kCpuTable; }

std::optional<unsigned> cpuRowIndex(StringRef key) {
  const CpuDesc *sortedEnd = kCpuTable + kSortedCpuRows;
  const CpuDesc *it = std::lower_bound(kCpuTable, sortedEnd, key, keyLess);
  if (it != sortedEnd && key == it->key)
    return unsigned(it - kCpuTable);
  // The appended rows are few and unsorted relative to the first 40.
  for (unsigned i = kSortedCpuRows; i < kNumCpuRows; ++i)
    if (key == kCpuTable[i].key)
      return i;
  return std::nullopt;
}

const CpuDesc *lookupCpu(StringRef key) {
  if (std::optional<unsigned> idx = cpuRowIndex(key))
    return &kCpuTable[*idx];
  return nullptr;
}

} // namespace tileiras::targetspec
