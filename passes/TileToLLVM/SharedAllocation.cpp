//===- SharedAllocation.cpp - liveness-based offsets of shared buffers ----===//
//
// Before the conversion, every nv_tileaa.local_alloc of a function gets an
// offset in the function's shared buffer, and every op the offset above
// which its scratch may go. Two buffers share bytes only when their live
// ranges are disjoint; scratch goes above the buffers live at the op that
// asks for it. So the epilogue of a pipelined loop (a layout conversion of
// the accumulator, say) reuses the bytes of the loop's slots, and two loops
// one after the other share theirs.
//
// Ops are numbered in pre-order. A buffer is live from its local_alloc to
// the end of the last op of the alloc's block that contains a use: a use
// inside a loop keeps the buffer for the whole loop. Asynchronous users
// keep it longer: cp.async copies land and wgmmas read until the next
// `async_wait {pending = 0}` / `warpgroup_wait {pending = 0}` of the block,
// and an mbarrier's bytes may be reused only after `mbarrier_inval`.
// Without such an op, the buffer lives to the end of its block.
//
// Reuse needs no barrier analysis of its own. Every scratch use starts
// with a barrier (earlier readers of its bytes are done), and so does every
// buffer: a barrier follows each local_alloc, after which every thread is
// done with the bytes' previous owner, its last wait included. The barrier
// removal keeps such a barrier only where some shared-memory access
// precedes it, since it treats any two accesses as aliasing.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {

/// Pre-order numbers of the ops of a function, and the largest number
/// inside each op (its own number when it has no regions).
struct OpNumbering {
  llvm::DenseMap<Operation *, int64_t> id, last;

  explicit OpNumbering(Operation *function) {
    int64_t next = 0;
    function->walk<WalkOrder::PreOrder>(
        [&](Operation *op) { id[op] = next++; });
    function->walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t end = id[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, last[&block.back()]);
      last[op] = end;
    });
  }
};

int64_t alignUp(int64_t value, int64_t alignment) {
  return int64_t(llvm::alignTo(value, alignment));
}

struct Buffer {
  nv::LocalAllocOp alloc;
  int64_t bytes, alignment, first, last, offset = 0;

  int64_t end() const { return offset + bytes; }
};

/// TMA and wgmma swizzle by shared-memory address bits: a buffer they
/// fill or read starts on a boundary of the largest swizzle pattern (8 rows
/// of 128 bytes), and its slots, whole patterns long, keep that alignment.
int64_t allocationAlignment(nv::LocalAllocOp alloc) {
  auto swizzled = [&](Operation *user) {
    // A tmem_dot's mbarrier is not read through descriptors.
    if (auto dot = dyn_cast<nv::TmemDotOp>(user))
      return dot.getA() == alloc || dot.getB() == alloc;
    return isa<nv::TmaCopyOp, nv::TmaCopyOutOp, nv::WarpgroupDotOp>(user);
  };
  return llvm::any_of(alloc->getUsers(), swizzled) ? 1024 : 128;
}

int64_t allocationBytes(nv::LocalAllocOp alloc) {
  nv::SharedMemType type = alloc.getType();
  // Bytes per element as lowered: tf32 travels in f32, FP8 in bytes.
  uint64_t elementBytes = llvm::PowerOf2Ceil(
      (type.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  return type.getNumSlots() * type.getTileElements() * int64_t(elementBytes);
}

/// The number of the last op of `block` at which `user`, an asynchronous
/// operation of `block` or nested in it, may still access its buffer: the
/// first op after it that waits for every operation of its kind (`drains`).
/// A wait inside a region (a loop that waits in each iteration) covers what
/// precedes it there; without any wait, the end of `block`.
int64_t drainedAt(Operation *user, Block *block, const OpNumbering &numbers,
                  llvm::function_ref<bool(Operation *)> drains) {
  for (Operation *op = user; op; op = op->getParentOp()) {
    for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
      if (drains(next))
        return op->getBlock() == block
                   ? numbers.id.lookup(next)
                   : numbers.last.lookup(block->findAncestorOpInBlock(*op));
    if (op->getBlock() == block)
      break;
  }
  return numbers.last.lookup(&block->back());
}

/// A wait for every operation of its kind: `Wait` with pending = 0.
template <typename Wait> bool waitsForAll(Operation *op) {
  auto wait = dyn_cast<Wait>(op);
  return wait && wait.getPending() == 0;
}

/// Where the asynchronous `user` of a buffer is retired (drainedAt), or
/// nothing for a synchronous one.
std::optional<int64_t> retiredAt(Operation *user, Block *block,
                                 const OpNumbering &numbers) {
  if (isa<nv::AsyncCopyOp>(user))
    return drainedAt(user, block, numbers, waitsForAll<nv::AsyncWaitOp>);
  // A warpgroup_dot or tmem_dot with pending = 0 waits for itself.
  if (auto dot = dyn_cast<nv::WarpgroupDotOp>(user); dot && dot.getPending())
    return drainedAt(user, block, numbers, waitsForAll<nv::WarpgroupWaitOp>);
  if (auto dot = dyn_cast<nv::TmemDotOp>(user); dot && dot.getPending())
    return drainedAt(user, block, numbers, [&](Operation *op) {
      auto wait = dyn_cast<nv::TmemWaitOp>(op);
      return wait && wait.getMbarrier() == dot.getMbarrier();
    });
  return std::nullopt;
}

/// The number of the last op at which `alloc`'s buffer is live.
int64_t lastLiveOp(nv::LocalAllocOp alloc, const OpNumbering &numbers) {
  Block *block = alloc->getBlock();
  int64_t last = numbers.id.lookup(alloc);
  bool barriers = false, invalidated = false;
  for (Operation *user : alloc->getUsers()) {
    Operation *outer = block->findAncestorOpInBlock(*user);
    // A use outside the alloc's block would be a use after the buffer's
    // scope; keep it for the whole block then.
    if (!outer)
      return numbers.last.lookup(&block->back());
    last = std::max(last, numbers.last.lookup(outer));
    if (std::optional<int64_t> retired = retiredAt(user, block, numbers))
      last = std::max(last, *retired);
    barriers |= isa<nv::MBarrierInitOp>(user);
    invalidated |= isa<nv::MBarrierInvalOp>(user);
  }
  if (barriers && !invalidated)
    return numbers.last.lookup(&block->back());
  return last;
}

bool overlapInTime(const Buffer &a, const Buffer &b) {
  return a.first <= b.last && b.first <= a.last;
}

/// First fit: each buffer, in the order of `buffers`, takes the lowest
/// aligned offset that no buffer placed before it and live at the same time
/// occupies. Returns the end of the highest buffer.
int64_t firstFit(llvm::MutableArrayRef<Buffer *> buffers) {
  int64_t end = 0;
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer &buffer = *buffers[i];
    llvm::SmallVector<std::pair<int64_t, int64_t>> taken;
    for (Buffer *placed : buffers.take_front(i))
      if (overlapInTime(*placed, buffer))
        taken.push_back({placed->offset, placed->end()});
    llvm::sort(taken);
    int64_t offset = 0;
    for (auto [begin, stop] : taken) {
      offset = alignUp(offset, buffer.alignment);
      if (offset + buffer.bytes <= begin)
        break;
      offset = std::max(offset, stop);
    }
    buffer.offset = alignUp(offset, buffer.alignment);
    end = std::max(end, alignUp(buffer.end(), 128));
  }
  return end;
}

/// Places `buffers` (in program order) by first fit, in program order or
/// largest first, whichever ends lower: program order keeps a ring where
/// the pipeliner put it, largest first keeps a small long-lived buffer (an
/// mbarrier) from splitting the space that a large one could reuse.
int64_t placeBuffers(llvm::MutableArrayRef<Buffer> buffers) {
  llvm::SmallVector<Buffer *> inOrder, bySize;
  for (Buffer &buffer : buffers)
    inOrder.push_back(&buffer);
  bySize = inOrder;
  llvm::stable_sort(bySize, [](const Buffer *a, const Buffer *b) {
    return a->bytes > b->bytes;
  });
  int64_t largestFirst = firstFit(bySize);
  llvm::SmallVector<int64_t> offsets;
  for (const Buffer &buffer : buffers)
    offsets.push_back(buffer.offset);
  int64_t programOrder = firstFit(inOrder);
  if (programOrder <= largestFirst)
    return programOrder;
  for (auto [buffer, offset] : llvm::zip(buffers, offsets))
    buffer.offset = offset;
  return largestFirst;
}

} // namespace

void SharedScratch::planFunction(Operation *function) {
  llvm::SmallVector<Buffer> buffers;
  function->walk([&](nv::LocalAllocOp alloc) {
    buffers.push_back(
        {alloc, allocationBytes(alloc), allocationAlignment(alloc), 0, 0});
  });
  if (buffers.empty())
    return;
  OpNumbering numbers(function);
  for (Buffer &buffer : buffers) {
    buffer.first = numbers.id.lookup(buffer.alloc);
    buffer.last = lastLiveOp(buffer.alloc, numbers);
  }
  llvm::sort(buffers, [](const Buffer &a, const Buffer &b) {
    return a.first < b.first;
  });
  int64_t end = placeBuffers(buffers);
  allocated[function] = end;
  requests[function] = end;
  for (const Buffer &buffer : buffers) {
    allocationOffsets[buffer.alloc] = buffer.offset;
    // Every thread must be done with what the bytes held before (a dead
    // buffer or some op's scratch, whose last reads no barrier follows).
    // The barrier removal drops this one where nothing precedes it.
    Operation *alloc = buffer.alloc;
    OpBuilder builder(alloc->getContext());
    builder.setInsertionPointAfter(alloc);
    emitBarrier(builder, alloc->getLoc());
    // Only the address bits of TMA-filled buffers matter to the hardware;
    // the other buffers keep the 16-byte aligned base.
    if (buffer.alignment > 128)
      alignments[function] = std::max(alignments[function], buffer.alignment);
  }
  // Scratch of an op goes above the buffers live at it; ops absent from
  // scratchBases use `end`.
  for (auto [op, id] : numbers.id) {
    int64_t base = 0;
    for (const Buffer &buffer : buffers)
      if (buffer.first <= id && id <= buffer.last)
        base = std::max(base, alignUp(buffer.end(), 128));
    if (base < end)
      scratchBases[op] = base;
  }
}

void SharedScratch::planAllocations(ModuleOp module) {
  module.walk([&](LLVM::LLVMFuncOp function) { planFunction(function); });
}
