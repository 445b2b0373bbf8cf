//===- MbarrierEmulationTest.cpp - the simulator's mbarriers -------------===//
//
// The PTX ISA's mbarrier rules: init sets the expected count and phase 0;
// a phase completes when its pending arrivals and its transaction count
// both reach zero, then the next phase starts with the expected count;
// test_wait.parity P is true once the phase of parity P completed (the
// current phase has the other parity); expect_tx/complete_tx move the
// transaction count; arrive returns the phase it arrived in. TMA transfers
// land only when a waiter needs them.
//
//===----------------------------------------------------------------------===//

#include "mbarrier.h"

#include "gtest/gtest.h"

using namespace sim::mbarrier;

namespace {

constexpr uintptr_t kBar = 0x1000;

bool completed(Table &t, uint32_t parity) {
  std::string error;
  bool done = false;
  EXPECT_TRUE(t.waitParity(kBar, parity, done, error)) << error;
  return done;
}

uint64_t arrive(Table &t, uint32_t count, uint64_t bytes = 0) {
  std::string error;
  uint64_t state = ~0ull;
  EXPECT_TRUE(t.arrive(kBar, count, bytes, state, error)) << error;
  return state;
}

TEST(SimMbarrier, PhasesFlipWhenEveryArrivalIsIn) {
  Table t;
  std::string error;
  ASSERT_TRUE(t.init(kBar, 3, error));
  // Phase 0 is in progress: parity 0 not complete; parity 1 is "the
  // previous phase", complete (the producer's first-lap idiom).
  EXPECT_FALSE(completed(t, 0));
  EXPECT_TRUE(completed(t, 1));
  EXPECT_EQ(arrive(t, 1), 0u);
  EXPECT_EQ(arrive(t, 1), 0u);
  EXPECT_FALSE(completed(t, 0));
  EXPECT_EQ(arrive(t, 1), 0u); // the last arrival completes phase 0
  EXPECT_TRUE(completed(t, 0));
  EXPECT_FALSE(completed(t, 1));
  EXPECT_EQ(t.find(kBar)->pending, 3u) << "the next phase expects 3 again";
  EXPECT_EQ(arrive(t, 3), 1u); // arrive with a count
  EXPECT_TRUE(completed(t, 1));
  EXPECT_FALSE(completed(t, 0)) << "phase 2 has parity 0 again";
}

TEST(SimMbarrier, TransactionsHoldThePhase) {
  Table t;
  std::string error;
  ASSERT_TRUE(t.init(kBar, 1, error));
  arrive(t, 1, 256); // arrive.expect_tx: tx += 256, then the arrival
  EXPECT_FALSE(completed(t, 0)) << "256 bytes still expected";
  ASSERT_TRUE(t.completeTx(kBar, 200, error));
  EXPECT_FALSE(completed(t, 0));
  ASSERT_TRUE(t.completeTx(kBar, 56, error));
  EXPECT_TRUE(completed(t, 0));
  // complete_tx before expect_tx (a negative count) is allowed.
  ASSERT_TRUE(t.completeTx(kBar, 64, error));
  ASSERT_TRUE(t.expectTx(kBar, 64, error));
  arrive(t, 1);
  EXPECT_TRUE(completed(t, 1));
}

TEST(SimMbarrier, TransfersLandAtTheWaitThatNeedsThem) {
  Table t;
  std::string error;
  ASSERT_TRUE(t.init(kBar, 1, error));
  unsigned char box[8] = {0}, data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  ASSERT_TRUE(t.startTransfer(kBar, {box, {data, data + 8}, 8}, error));
  arrive(t, 1, 8);
  EXPECT_EQ(box[0], 0) << "nothing lands at issue or arrival";
  EXPECT_TRUE(completed(t, 1)) << "the wrong parity passes at once...";
  EXPECT_EQ(box[7], 0) << "...without landing anything";
  EXPECT_TRUE(completed(t, 0));
  EXPECT_EQ(box[7], 8);
  EXPECT_EQ(t.find(kBar)->tx, 0);
}

TEST(SimMbarrier, NoLandingWhileArrivalsArePending) {
  Table t;
  std::string error;
  ASSERT_TRUE(t.init(kBar, 2, error));
  unsigned char box[4] = {0}, data[4] = {9, 9, 9, 9};
  ASSERT_TRUE(t.expectTx(kBar, 4, error));
  ASSERT_TRUE(t.startTransfer(kBar, {box, {data, data + 4}, 4}, error));
  arrive(t, 1);
  EXPECT_FALSE(completed(t, 0)) << "one arrival missing";
  EXPECT_EQ(box[0], 0);
  arrive(t, 1);
  EXPECT_TRUE(completed(t, 0));
  EXPECT_EQ(box[0], 9);
}

TEST(SimMbarrier, TokensOfArrive) {
  Table t;
  std::string error;
  ASSERT_TRUE(t.init(kBar, 2, error));
  uint64_t state = arrive(t, 1);
  bool done = true;
  ASSERT_TRUE(t.waitState(kBar, state, done, error));
  EXPECT_FALSE(done);
  arrive(t, 1);
  ASSERT_TRUE(t.waitState(kBar, state, done, error));
  EXPECT_TRUE(done);
}

TEST(SimMbarrier, Misuse) {
  Table t;
  std::string error;
  uint64_t state;
  EXPECT_FALSE(t.arrive(kBar, 1, 0, state, error));
  EXPECT_NE(error.find("before mbarrier.init"), std::string::npos);
  EXPECT_FALSE(t.init(kBar + 4, 1, error)) << "not 8-byte aligned";
  EXPECT_FALSE(t.init(kBar, 0, error));
  EXPECT_FALSE(t.init(kBar, kMaxCount + 1, error));
  ASSERT_TRUE(t.init(kBar, 2, error));
  EXPECT_FALSE(t.arrive(kBar, 3, 0, state, error)) << "more than pending";
  EXPECT_FALSE(t.expectTx(kBar, kMaxCount + 1, error));
  ASSERT_TRUE(t.inval(kBar, error));
  EXPECT_FALSE(t.arrive(kBar, 1, 0, state, error)) << "after inval";
}

} // namespace
