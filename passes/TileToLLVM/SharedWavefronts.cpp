//===- SharedWavefronts.cpp - bank-conflict cost of shared accesses -------===//
//
// Shared memory serves one 32-bit word per bank (32 banks) per wavefront;
// an access by a warp takes as many wavefronts as the most distinct words
// it touches in one bank (a word read by several lanes is read once). The
// conversions through shared memory compare their candidate buffers with
// this count, summed over the accesses of warp 0.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

#include "llvm/ADT/SmallVector.h"

using namespace tileiras;

unsigned lowering::sharedWavefronts(
    unsigned numAccesses, unsigned accessBytes,
    llvm::function_ref<int64_t(unsigned, unsigned)> byteOf) {
  constexpr unsigned kBanks = 32, kLanes = 32;
  unsigned total = 0;
  for (unsigned access = 0; access < numAccesses; ++access) {
    std::array<llvm::SmallVector<int64_t, 4>, kBanks> words;
    unsigned most = 0;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      int64_t first = byteOf(access, lane);
      for (int64_t word = first / 4; word <= (first + accessBytes - 1) / 4;
           ++word) {
        auto &bank = words[size_t(word % kBanks)];
        if (llvm::is_contained(bank, word))
          continue;
        bank.push_back(word);
        most = std::max(most, unsigned(bank.size()));
      }
    }
    total += most;
  }
  return total;
}
