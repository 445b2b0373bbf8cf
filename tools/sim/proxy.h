// The generic and async proxies of shared memory (PTX ISA, "Proxies").
//
// Ordinary stores, cp.async and stmatrix write shared memory in the generic
// proxy; wgmma, tcgen05.mma/cp and TMA stores read it in the async proxy,
// which sees a write only through a fence.proxy.async that follows the
// write in causality order and precedes the read. The host has one memory,
// so the simulator records per shared byte the thread that last wrote it
// in the generic proxy, how many fences that thread had executed and how
// many CTA barriers had completed. A read is ordered when the writer has
// fenced since (and, we assume, synchronized with the reader), or when the
// reading thread fenced after a CTA barrier that completed after the
// write; anything else is an error (exit 5). TMA writes, in the async
// proxy, clear the record.
#ifndef TILEIRAS_SIM_PROXY_H
#define TILEIRAS_SIM_PROXY_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sim::proxy {

class SharedWrites {
public:
  void reset(size_t bytes, unsigned threads) {
    tags.assign(bytes, 0);
    fences = std::make_unique<uint32_t[]>(threads);
    fenceBarriers = std::make_unique<uint32_t[]>(threads);
    for (unsigned t = 0; t < threads; ++t)
      fences[t] = fenceBarriers[t] = 0;
    count = threads;
  }
  /// Thread `thread` wrote [offset, offset + bytes) in the generic proxy
  /// after `barriers` CTA barriers had completed.
  void written(uint64_t offset, uint64_t bytes, unsigned thread,
               uint32_t barriers) {
    uint64_t tag = uint64_t(thread + 1) << 53 |
                   uint64_t(load(fences[thread]) & kFenceMask) << 32 | barriers;
    for (uint64_t i = offset; i < offset + bytes && i < tags.size(); ++i)
      __atomic_store_n(&tags[i], tag, __ATOMIC_RELAXED);
  }
  /// The async proxy wrote [offset, offset + bytes) (TMA).
  void asyncWritten(uint64_t offset, uint64_t bytes) {
    for (uint64_t i = offset; i < offset + bytes && i < tags.size(); ++i)
      __atomic_store_n(&tags[i], uint64_t(0), __ATOMIC_RELAXED);
  }
  /// fence.proxy.async by `thread` after `barriers` CTA barriers.
  void fence(unsigned thread, uint32_t barriers) {
    __atomic_store_n(&fenceBarriers[thread], barriers, __ATOMIC_RELAXED);
    __atomic_fetch_add(&fences[thread], 1u, __ATOMIC_RELAXED);
  }
  /// The writer of a byte of [offset, offset + bytes) whose generic write
  /// no fence orders before a read by `reader` (or by nobody in
  /// particular: -1), or -1 when every byte is ordered.
  int unorderedWriter(uint64_t offset, uint64_t bytes, int reader) const {
    for (uint64_t i = offset; i < offset + bytes && i < tags.size(); ++i) {
      uint64_t tag = __atomic_load_n(&tags[i], __ATOMIC_RELAXED);
      if (!tag)
        continue;
      unsigned writer = unsigned(tag >> 53) - 1;
      if (writer >= count ||
          (load(fences[writer]) & kFenceMask) != ((tag >> 32) & kFenceMask))
        continue; // the writer fenced since
      if (reader >= 0 && unsigned(reader) < count &&
          load(fenceBarriers[reader]) > uint32_t(tag))
        continue; // the reader fenced after a barrier that followed it
      return int(writer);
    }
    return -1;
  }

private:
  static constexpr uint32_t kFenceMask = (1u << 21) - 1;
  static uint32_t load(const uint32_t &value) {
    return __atomic_load_n(&value, __ATOMIC_RELAXED);
  }
  std::vector<uint64_t> tags;
  std::unique_ptr<uint32_t[]> fences, fenceBarriers;
  unsigned count = 0;
};

/// The record of the CTA the calling host thread simulates and the thread
/// whose async-proxy reads it emulates (set by the runtime; null in the
/// unit tests of the emulations, which check nothing).
inline thread_local const SharedWrites *current = nullptr;
inline thread_local int reader = -1;

/// For an emulated async-proxy read of [offset, offset + bytes) of shared
/// memory by `who`: false with `error` when a generic write of it is not
/// ordered before the read by a fence.proxy.async.
inline bool checkAsyncRead(const char *who, uint64_t offset, uint64_t bytes,
                           std::string &error) {
  if (!current)
    return true;
  int writer = current->unorderedWriter(offset, bytes, reader);
  if (writer < 0)
    return true;
  error = std::string(who) + " reads shared memory at offset " +
          std::to_string(offset) + " that thread " + std::to_string(writer) +
          " wrote in the generic proxy (a store, cp.async or stmatrix) "
          "without a fence.proxy.async ordering the write before the read";
  return false;
}

} // namespace sim::proxy

#endif // TILEIRAS_SIM_PROXY_H
