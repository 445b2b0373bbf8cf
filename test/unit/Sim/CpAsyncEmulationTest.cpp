//===- CpAsyncEmulationTest.cpp - the simulator's cp.async groups --------===//
//
// The PTX ISA's rules for cp.async, commit_group and wait_group: a copy's
// destination holds nothing defined until a wait retires its group
// (here: the poison pattern), wait_group N leaves the N most recent
// committed groups pending, uncommitted copies are not waited for,
// wait_all commits first, src-size < cp-size zero-fills the rest.
//
//===----------------------------------------------------------------------===//

#include "cp_async.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace sim::cpasync;

namespace {

/// 16-byte aligned source and destination arenas.
struct Arena {
  alignas(16) unsigned char source[256];
  alignas(16) unsigned char destination[256];
  Arena() {
    for (unsigned i = 0; i < 256; ++i)
      source[i] = (unsigned char)(i * 13 + 1);
    std::memset(destination, 0xff, sizeof destination);
  }
  Copy copy(unsigned offset, unsigned size, unsigned sourceSize) {
    return {destination + offset, source + offset, size, sourceSize};
  }
  bool landed(unsigned offset, unsigned size) const {
    return std::memcmp(destination + offset, source + offset, size) == 0;
  }
  bool poisoned(unsigned offset, unsigned size) const {
    for (unsigned i = offset; i < offset + size; ++i)
      if (destination[i] != (i % 2 ? 0x7f : 0xc1))
        return false;
    return true;
  }
};

TEST(SimCpAsync, PoisonPattern) {
  EXPECT_EQ(poisonByte(0x1000), 0xc1);
  EXPECT_EQ(poisonByte(0x1001), 0x7f);
}

TEST(SimCpAsync, AbsentUntilTheWait) {
  Arena arena;
  Queue queue;
  for (unsigned size : {4u, 8u, 16u})
    queue.issue(arena.copy(size * 4, size, size));
  EXPECT_TRUE(arena.poisoned(16, 4) && arena.poisoned(32, 8) &&
              arena.poisoned(64, 16));
  EXPECT_EQ(arena.destination[0], 0xff); // untouched around them
  queue.commit();
  EXPECT_TRUE(arena.poisoned(64, 16)) << "commit alone performs nothing";
  EXPECT_EQ(queue.pendingGroups(), 1u);
  queue.wait(0);
  EXPECT_TRUE(arena.landed(16, 4) && arena.landed(32, 8) &&
              arena.landed(64, 16));
  EXPECT_EQ(queue.pendingGroups(), 0u);
}

TEST(SimCpAsync, WaitGroupKeepsTheNewest) {
  Arena arena;
  Queue queue;
  for (unsigned group = 0; group < 4; ++group) {
    queue.issue(arena.copy(32 * group, 16, 16));
    queue.issue(arena.copy(32 * group + 16, 16, 16));
    queue.commit();
  }
  queue.wait(2); // groups 0 and 1 retire, 2 and 3 stay pending
  for (unsigned group = 0; group < 4; ++group)
    EXPECT_EQ(arena.landed(32 * group, 32), group < 2) << "group " << group;
  for (unsigned group = 2; group < 4; ++group)
    EXPECT_TRUE(arena.poisoned(32 * group, 32)) << "group " << group;
  EXPECT_EQ(queue.pendingGroups(), 2u);
  queue.wait(3); // nothing to do
  EXPECT_TRUE(arena.poisoned(64, 32));
  queue.wait(1);
  EXPECT_TRUE(arena.landed(64, 32));
  EXPECT_TRUE(arena.poisoned(96, 32));
}

TEST(SimCpAsync, EmptyGroupsCount) { // commit with nothing pending
  Arena arena;
  Queue queue;
  queue.issue(arena.copy(0, 16, 16));
  queue.commit();
  queue.commit(); // empty
  queue.wait(1);
  EXPECT_TRUE(arena.landed(0, 16)) << "the older group must retire";
}

TEST(SimCpAsync, UncommittedCopiesAreNotWaitedFor) {
  Arena arena;
  Queue queue;
  queue.issue(arena.copy(0, 16, 16));
  queue.commit();
  queue.issue(arena.copy(16, 16, 16)); // not committed
  queue.wait(0);
  EXPECT_TRUE(arena.landed(0, 16));
  EXPECT_TRUE(arena.poisoned(16, 16));
  EXPECT_EQ(queue.uncommitted(), 1u);
  queue.waitAll(); // commits, then waits for everything
  EXPECT_TRUE(arena.landed(16, 16));
  EXPECT_EQ(queue.uncommitted(), 0u);
  EXPECT_EQ(queue.pendingGroups(), 0u);
}

TEST(SimCpAsync, SourceSizeZeroFills) {
  Arena arena;
  Queue queue;
  queue.issue(arena.copy(0, 16, 5));
  queue.issue(arena.copy(16, 8, 0)); // a masked-off copy: all zeros
  queue.issue(arena.copy(32, 4, 3));
  queue.waitAll();
  EXPECT_TRUE(arena.landed(0, 5));
  for (unsigned i = 5; i < 16; ++i)
    EXPECT_EQ(arena.destination[i], 0) << i;
  for (unsigned i = 16; i < 24; ++i)
    EXPECT_EQ(arena.destination[i], 0) << i;
  EXPECT_TRUE(arena.landed(32, 3));
  EXPECT_EQ(arena.destination[35], 0);
  EXPECT_EQ(arena.destination[36], 0xff);
}

TEST(SimCpAsync, SourceReadAtTheWait) { // the copy is not a snapshot at issue
  Arena arena;
  Queue queue;
  queue.issue(arena.copy(0, 8, 8));
  arena.source[0] = 0x55;
  queue.waitAll();
  EXPECT_EQ(arena.destination[0], 0x55);
}

TEST(SimCpAsync, DropLeavesThePoison) {
  Arena arena;
  Queue queue;
  queue.issue(arena.copy(0, 16, 16));
  queue.commit();
  queue.issue(arena.copy(16, 16, 16));
  EXPECT_EQ(queue.drop(), 2u);
  EXPECT_TRUE(arena.poisoned(0, 32));
  queue.wait(0);
  EXPECT_TRUE(arena.poisoned(0, 32));
}

} // namespace
