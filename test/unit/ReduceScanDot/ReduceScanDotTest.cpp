//===- ReduceScanDotTest.cpp - run lowered reduce/scan/dot on the CPU -----===//
//
// Each test writes a device function with one reduce, scan or dot on tiles
// with explicit layouts, lowers it with the real pipeline for a target, runs
// the LLVM dialect for every thread of the CTA (CtaInterpreter) with inputs
// distributed by the layouts, and compares every register of every thread
// with a sequential reference, bit for bit. Shuffle masks, replicas,
// operand order, shared-memory slots and barriers are all exercised: a
// wrong one changes some result or trips the race check.
//
//===----------------------------------------------------------------------===//

#include "CtaInterpreter.h"
#include "TileToLLVM/ReduceScanDotUtils.h"

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Layout/LinearLayout.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/Passes/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <functional>
#include <random>

using namespace mlir;
using namespace tileiras;
using llvm::APFloat;
using llvm::APInt;
using tileiras::testing::CtaInterpreter;
using tileiras::testing::CtaValue;
using tileiras::testing::ThreadValue;

namespace {

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

/// A tile's contents, row-major, as element bits.
using TileData = std::vector<APInt>;
using Combine = std::function<APInt(const APInt &, const APInt &)>;

std::string shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text;
}

int64_t product(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

int64_t flatIndex(llvm::ArrayRef<int64_t> coord,
                  llvm::ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    index = index * shape[d] + coord[d];
  return index;
}

/// Lowers `source` for `gpu` and runs function `name` on `args` (one per
/// function argument: tile data, or a single element for a scalar).
/// Returns the per-thread results and the function's result type before
/// lowering, or reports a failure.
struct LoweredRun {
  std::vector<CtaValue> results;
  Type resultType;
  unsigned numThreads = 0;
  unsigned numBarriers = 0;
  std::string loweredText;
};

class Lowering {
public:
  Lowering() {
    DialectRegistry registry;
    registerTileirasDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  bool run(llvm::StringRef source, llvm::StringRef gpu,
           const std::vector<TileData> &args, LoweredRun &out) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "cannot parse:\n" << source.str();
      return false;
    }
    TileaaToNvvmOptions options;
    options.gpuName = gpu.str();
    PassManager layouts(&context);
    buildFrontendPipeline(layouts, options);
    buildLayoutPipeline(layouts, options);
    if (failed(layouts.run(*module))) {
      ADD_FAILURE() << "layout pipeline failed:\n" << source.str();
      return false;
    }
    // Types with layouts, before lowering.
    nv_tileaa::FuncOp func;
    module->walk([&](nv_tileaa::FuncOp f) { func = f; });
    FunctionType type = func.getFunctionType();
    std::string name = func.getSymName().str();
    out.resultType = type.getNumResults() ? type.getResult(0) : Type();
    unsigned numWarps = 1;
    for (Type input : type.getInputs())
      if (auto tile = dyn_cast<RankedTensorType>(input))
        numWarps =
            std::max(numWarps, nv_tileaa::getLinearLayout(tile)->getNumWarps());
    out.numThreads = 32 * numWarps;

    std::vector<CtaValue> cta;
    for (auto [input, data] : llvm::zip(type.getInputs(), args))
      cta.push_back(distribute(input, data, out.numThreads));

    PassManager lowering(&context);
    buildLoweringPipeline(lowering, options);
    if (failed(lowering.run(*module))) {
      ADD_FAILURE() << "lowering failed:\n" << source.str();
      return false;
    }
    LLVM::LLVMFuncOp lowered;
    module->walk([&](LLVM::LLVMFuncOp f) {
      if (f.getSymName() == name)
        lowered = f;
    });
    llvm::raw_string_ostream os(out.loweredText);
    lowered.print(os);
    CtaInterpreter interpreter(out.numThreads);
    if (!interpreter.run(lowered, cta, out.results)) {
      ADD_FAILURE() << interpreter.getError() << "\n" << out.loweredText;
      return false;
    }
    out.numBarriers = interpreter.getNumBarriers();
    return true;
  }

  MLIRContext context;

private:
  static CtaValue distribute(Type type, const TileData &data,
                             unsigned numThreads) {
    CtaValue cta(numThreads);
    auto tile = dyn_cast<RankedTensorType>(type);
    if (!tile) {
      for (ThreadValue &value : cta)
        value.bits = data.front();
      return cta;
    }
    layout::LinearLayout ll = *nv_tileaa::getLinearLayout(tile);
    for (unsigned t = 0; t < numThreads; ++t)
      for (unsigned r = 0; r < ll.getNumRegisters(); ++r) {
        layout::Coord coord = ll.apply(r, t % 32, (t / 32) % ll.getNumWarps());
        cta[t].elements.push_back(data[flatIndex(coord, tile.getShape())]);
      }
    return cta;
  }
};

bool sameBits(const APInt &result, const APInt &expected, Type elementType) {
  // NaNs may differ in payload.
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    APFloat a(floatType.getFloatSemantics(), result);
    APFloat b(floatType.getFloatSemantics(), expected);
    if (a.isNaN() || b.isNaN())
      return a.isNaN() && b.isNaN();
  }
  return result == expected;
}

/// Compares every register of every thread (or the scalar in every thread)
/// with the expected tile.
void expectResult(const LoweredRun &run, const TileData &expected) {
  ASSERT_EQ(run.results.size(), 1u);
  const CtaValue &result = run.results.front();
  unsigned mismatches = 0;
  auto tile = dyn_cast<RankedTensorType>(run.resultType);
  if (!tile) {
    for (unsigned t = 0; t < run.numThreads && mismatches < 8; ++t)
      if (!sameBits(result[t].bits, expected.front(), run.resultType)) {
        ADD_FAILURE() << "thread " << t << ": got "
                      << llvm::toString(result[t].bits, 16, false)
                      << ", expected "
                      << llvm::toString(expected.front(), 16, false);
        ++mismatches;
      }
    return;
  }
  layout::LinearLayout ll = *nv_tileaa::getLinearLayout(tile);
  for (unsigned t = 0; t < run.numThreads; ++t)
    for (unsigned r = 0; r < ll.getNumRegisters(); ++r) {
      layout::Coord coord = ll.apply(r, t % 32, (t / 32) % ll.getNumWarps());
      const APInt &want = expected[flatIndex(coord, tile.getShape())];
      if (sameBits(result[t].elements[r], want, tile.getElementType()))
        continue;
      if (++mismatches > 8)
        continue;
      std::string where;
      for (int64_t c : coord)
        where += std::to_string(c) + " ";
      ADD_FAILURE() << "thread " << t << " register " << r << " (coordinate "
                    << where << "): got "
                    << llvm::toString(result[t].elements[r], 16, false)
                    << ", expected " << llvm::toString(want, 16, false);
    }
  if (mismatches)
    ADD_FAILURE() << mismatches << " mismatches; lowered code:\n"
                  << run.loweredText;
}

std::mt19937_64 &rng() {
  static std::mt19937_64 engine(20240611);
  return engine;
}

/// Random small integers, as `bits`-wide integers or as exact floats.
TileData randomInts(int64_t count, unsigned bits, int64_t lo, int64_t hi) {
  std::uniform_int_distribution<int64_t> dist(lo, hi);
  TileData data;
  for (int64_t i = 0; i < count; ++i)
    data.push_back(APInt(bits, dist(rng()), /*isSigned=*/true));
  return data;
}

TileData randomFloats(int64_t count, const llvm::fltSemantics &semantics,
                      int64_t lo, int64_t hi) {
  std::uniform_int_distribution<int64_t> dist(lo, hi);
  TileData data;
  for (int64_t i = 0; i < count; ++i) {
    APFloat value(semantics);
    value.convertFromAPInt(APInt(64, dist(rng()), true), true,
                           APFloat::rmNearestTiesToEven);
    data.push_back(value.bitcastToAPInt());
  }
  return data;
}

TileData randomBits(int64_t count, unsigned bits) {
  TileData data;
  for (int64_t i = 0; i < count; ++i)
    data.push_back(APInt(64, rng()()).trunc(bits));
  return data;
}

//===----------------------------------------------------------------------===//
// Combiners: MLIR body (arguments %a, %b) and reference
//===----------------------------------------------------------------------===//

struct Combiner {
  std::string body; // ops using %a and %b, ending with nv_tileaa.yield
  Combine reference;
};

Combiner addInt(llvm::StringRef type) {
  return {llvm::formatv("%s = arith.addi %a, %b : {0}\n"
                        "    nv_tileaa.yield %s : {0}",
                        type)
              .str(),
          [](const APInt &a, const APInt &b) { return a + b; }};
}

Combiner floatOp(llvm::StringRef op, llvm::StringRef type,
                 const llvm::fltSemantics &semantics) {
  std::string name = op.str();
  return {llvm::formatv("%s = arith.{0} %a, %b : {1}\n"
                        "    nv_tileaa.yield %s : {1}",
                        op, type)
              .str(),
          [name, &semantics](const APInt &a, const APInt &b) {
            APFloat x(semantics, a), y(semantics, b);
            if (name == "addf")
              x.add(y, APFloat::rmNearestTiesToEven);
            else if (name == "maximumf")
              x = llvm::maximum(x, y);
            else if (name == "minimumf")
              x = llvm::minimum(x, y);
            else
              ADD_FAILURE() << "no reference for " << name;
            return x.bitcastToAPInt();
          }};
}

/// Affine maps x -> m*x + c (mod 2^32) packed as (m << 32) | c, composed
/// left then right: associative and not commutative, so any operand swap or
/// wrong grouping of the scan shows.
Combiner affineCompose() {
  return {R"(%c32 = arith.constant 32 : i64
    %mask = arith.constant 4294967295 : i64
    %am = arith.shrui %a, %c32 : i64
    %ac = arith.andi %a, %mask : i64
    %bm = arith.shrui %b, %c32 : i64
    %bc = arith.andi %b, %mask : i64
    %m0 = arith.muli %am, %bm : i64
    %m = arith.andi %m0, %mask : i64
    %c0 = arith.muli %bm, %ac : i64
    %c1 = arith.addi %c0, %bc : i64
    %c = arith.andi %c1, %mask : i64
    %hi = arith.shli %m, %c32 : i64
    %s = arith.ori %hi, %c : i64
    nv_tileaa.yield %s : i64)",
          [](const APInt &a, const APInt &b) {
            uint64_t am = a.getZExtValue() >> 32, ac = a.getZExtValue() & ~0u;
            uint64_t bm = b.getZExtValue() >> 32, bc = b.getZExtValue() & ~0u;
            uint64_t m = (am * bm) & ~0u, c = (bm * ac + bc) & ~0u;
            return APInt(64, (m << 32) | c);
          }};
}

/// (a, b) -> a and (a, b) -> b.
Combiner takeLeft(llvm::StringRef type) {
  return {llvm::formatv("nv_tileaa.yield %a : {0}", type).str(),
          [](const APInt &a, const APInt &) { return a; }};
}
Combiner takeRight(llvm::StringRef type) {
  return {llvm::formatv("nv_tileaa.yield %b : {0}", type).str(),
          [](const APInt &, const APInt &b) { return b; }};
}

/// argmax on (value << 32 | index) pairs: the larger value, the smaller
/// index among equal values (a compare-and-select region).
Combiner argmax() {
  return {R"(%c32 = arith.constant 32 : i64
    %mask = arith.constant 4294967295 : i64
    %av = arith.shrsi %a, %c32 : i64
    %bv = arith.shrsi %b, %c32 : i64
    %ai = arith.andi %a, %mask : i64
    %bi = arith.andi %b, %mask : i64
    %gt = arith.cmpi sgt, %av, %bv : i64
    %eq = arith.cmpi eq, %av, %bv : i64
    %lt = arith.cmpi ult, %ai, %bi : i64
    %tie = arith.andi %eq, %lt : i1
    %pick = arith.ori %gt, %tie : i1
    %s = arith.select %pick, %a, %b : i64
    nv_tileaa.yield %s : i64)",
          [](const APInt &a, const APInt &b) {
            int64_t av = a.getSExtValue() >> 32, bv = b.getSExtValue() >> 32;
            uint64_t ai = a.getZExtValue() & ~0u, bi = b.getZExtValue() & ~0u;
            return av > bv || (av == bv && ai < bi) ? a : b;
          }};
}

//===----------------------------------------------------------------------===//
// Drivers
//===----------------------------------------------------------------------===//

struct TileSpec {
  std::string layout; // attribute text for #l
  std::vector<int64_t> shape;
  std::string elementType;
};

std::string tileType(const TileSpec &spec, llvm::StringRef layoutName = "#l") {
  return llvm::formatv("tensor<{0}{1}, {2}>", shapeString(spec.shape),
                       spec.elementType, layoutName)
      .str();
}

/// reduce along `axis`; checks every result register of every thread.
void checkReduce(const TileSpec &spec, unsigned axis, const Combiner &combine,
                 const TileData &input, llvm::StringRef gpu = "sm_80",
                 unsigned *barriers = nullptr,
                 llvm::StringRef resultLayout = "") {
  std::vector<int64_t> resultShape = spec.shape;
  resultShape.erase(resultShape.begin() + axis);
  std::string layout =
      resultLayout.empty()
          ? llvm::formatv("#nv_tileaa.slice<dim = {0}, parent = #l>", axis)
                .str()
          : resultLayout.str();
  std::string resultType =
      resultShape.empty()
          ? spec.elementType
          : llvm::formatv("tensor<{0}{1}, {2}>", shapeString(resultShape),
                          spec.elementType, layout)
                .str();
  std::string source = llvm::formatv(R"(
#l = {0}
nv_tileaa.func @f(%x: {1}) -> {2} {
  %r = nv_tileaa.reduce %x {axis = {3} : i32} : {1} -> {2} {
  ^bb0(%a: {4}, %b: {4}):
    {5}
  }
  nv_tileaa.return %r : {2}
}
)",
                                     spec.layout, tileType(spec), resultType,
                                     axis, spec.elementType, combine.body)
                           .str();
  // Reference: fold along the axis in increasing order.
  TileData expected(std::max<int64_t>(1, product(resultShape)));
  std::vector<bool> started(expected.size(), false);
  for (int64_t i = 0; i < product(spec.shape); ++i) {
    std::vector<int64_t> coord(spec.shape.size());
    int64_t rest = i;
    for (int d = static_cast<int>(spec.shape.size()) - 1; d >= 0; --d) {
      coord[d] = rest % spec.shape[d];
      rest /= spec.shape[d];
    }
    coord.erase(coord.begin() + axis);
    int64_t out = resultShape.empty() ? 0 : flatIndex(coord, resultShape);
    expected[out] =
        started[out] ? combine.reference(expected[out], input[i]) : input[i];
    started[out] = true;
  }
  // Folding in flat order is increasing along the axis for each result.
  Lowering lowering;
  LoweredRun run;
  if (!lowering.run(source, gpu, {input}, run))
    return;
  expectResult(run, expected);
  if (barriers)
    *barriers = run.numBarriers;
}

/// scan along `axis`.
void checkScan(const TileSpec &spec, unsigned axis, bool reverse,
               const Combiner &combine, const TileData &input,
               llvm::StringRef gpu = "sm_80", unsigned *barriers = nullptr,
               llvm::StringRef resultLayout = "") {
  std::string resultType =
      resultLayout.empty() ? tileType(spec) : tileType(spec, resultLayout);
  std::string source = llvm::formatv(R"(
#l = {0}
nv_tileaa.func @f(%x: {1}) -> {6} {
  %r = nv_tileaa.scan %x {axis = {2} : i32, reverse = {3}} : {1} -> {6} {
  ^bb0(%a: {4}, %b: {4}):
    {5}
  }
  nv_tileaa.return %r : {6}
}
)",
                                     spec.layout, tileType(spec), axis,
                                     reverse ? "true" : "false",
                                     spec.elementType, combine.body, resultType)
                           .str();
  // Reference: forward y[i] = y[i-1] . x[i]; reverse y[i] = y[i+1] . x[i].
  TileData expected(input.size());
  int64_t stride = 1;
  for (unsigned d = axis + 1; d < spec.shape.size(); ++d)
    stride *= spec.shape[d];
  int64_t length = spec.shape[axis];
  for (int64_t i = 0; i < product(spec.shape); ++i) {
    int64_t position = (i / stride) % length;
    int64_t first = i - position * stride;
    APInt acc;
    for (int64_t step = 0; step < length; ++step) {
      int64_t p = reverse ? length - 1 - step : step;
      const APInt &x = input[first + p * stride];
      acc = step ? combine.reference(acc, x) : x;
      expected[first + p * stride] = acc;
    }
  }
  Lowering lowering;
  LoweredRun run;
  if (!lowering.run(source, gpu, {input}, run))
    return;
  expectResult(run, expected);
  if (barriers)
    *barriers = run.numBarriers;
}

std::string blocked(llvm::ArrayRef<unsigned> sizePerThread,
                    llvm::ArrayRef<unsigned> threadsPerWarp,
                    llvm::ArrayRef<unsigned> warpsPerCTA,
                    llvm::ArrayRef<unsigned> order) {
  auto list = [](llvm::ArrayRef<unsigned> values) {
    std::string text;
    for (auto [i, v] : llvm::enumerate(values))
      text += (i ? ", " : "") + std::to_string(v);
    return text;
  };
  return llvm::formatv("#nv_tileaa.blocked<sizePerThread = [{0}], "
                       "threadsPerWarp = [{1}], warpsPerCTA = [{2}], order = "
                       "[{3}]>",
                       list(sizePerThread), list(threadsPerWarp),
                       list(warpsPerCTA), list(order))
      .str();
}

/// Layouts that put register, lane and warp bits along both dimensions of
/// a 2-D tile in different orders, replicate, or repeat in registers.
std::vector<TileSpec> layouts2D(llvm::StringRef elementType) {
  std::string type = elementType.str();
  return {
      // regs, lanes and warps along both dimensions.
      {blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}), {16, 64}, type},
      // column-major order; register repeats above the warps.
      {blocked({2, 1}, {8, 4}, {1, 4}, {0, 1}), {64, 32}, type},
      // smaller than the CTA: lanes and warps replicate.
      {blocked({1, 2}, {8, 4}, {4, 1}, {1, 0}), {4, 4}, type},
      // smaller than one thread's block: registers replicate too.
      {blocked({2, 4}, {2, 16}, {1, 2}, {1, 0}), {2, 2}, type},
  };
}

//===----------------------------------------------------------------------===//
// convert_layout
//===----------------------------------------------------------------------===//

/// Converts a random 32x64 tile of `elementType` from layout `from` to `to`
/// and checks every register of every thread.
void checkConversion(llvm::StringRef from, llvm::StringRef to,
                     llvm::StringRef elementType, unsigned bits,
                     llvm::StringRef gpu) {
  std::string tile = llvm::formatv("tensor<32x64x{0}", elementType).str();
  std::string source = llvm::formatv(R"(
#a = {0}
#b = {1}
nv_tileaa.func @f(%x: {2}, #a>) -> {2}, #b> {
  %r = nv_tileaa.convert_layout %x : {2}, #a> -> {2}, #b>
  nv_tileaa.return %r : {2}, #b>
}
)",
                                     from, to, tile)
                           .str();
  TileData input = randomBits(32 * 64, bits);
  Lowering lowering;
  LoweredRun run;
  if (!lowering.run(source, gpu, {input}, run))
    return;
  expectResult(run, input);
}

/// Every pair of layouts that exchange data between threads, each way:
/// vector accesses to a swizzled buffer (SwizzledConversion.cpp), ldmatrix,
/// or the padded buffer, whichever the cost model picks; the race check of
/// the interpreter catches a missing barrier.
TEST(ConvertLayout, EveryPairOfLayoutsAndTypes) {
  std::vector<std::string> layouts = {
      blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}),
      blocked({4, 1}, {4, 8}, {1, 4}, {0, 1}),
      blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}),
      blocked({1, 8}, {32, 1}, {1, 4}, {1, 0}),
      "#nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = "
      "[16, 8]>",
  };
  for (auto [type, bits] : std::vector<std::pair<std::string, unsigned>>{
           {"i32", 32}, {"f16", 16}, {"i8", 8}, {"i1", 1}, {"i64", 64}})
    for (const std::string &from : layouts)
      for (const std::string &to : layouts) {
        if (from == to)
          continue;
        SCOPED_TRACE(type + ": " + from + " -> " + to);
        checkConversion(from, to, type, bits, "sm_90a");
        // 16-bit tiles store with stmatrix where the layouts allow it on
        // sm_90a; sm_80 has vector stores only.
        if (bits == 16)
          checkConversion(from, to, type, bits, "sm_80");
      }
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

TEST(Reduce, SumAlongEachAxisOfManyLayouts) {
  for (const TileSpec &spec : layouts2D("i32"))
    for (unsigned axis : {0u, 1u}) {
      SCOPED_TRACE(spec.layout + " axis " + std::to_string(axis));
      checkReduce(spec, axis, addInt("i32"),
                  randomInts(product(spec.shape), 32, -1000, 1000));
    }
}

TEST(Reduce, TakeLeftAndTakeRightPickTheEnds) {
  // With any combiner the result is the ordered combination; these two show
  // that the lowest coordinate always comes first.
  for (const TileSpec &spec : layouts2D("i32"))
    for (unsigned axis : {0u, 1u}) {
      SCOPED_TRACE(spec.layout + " axis " + std::to_string(axis));
      TileData input = randomInts(product(spec.shape), 32, 0, 1 << 30);
      checkReduce(spec, axis, takeLeft("i32"), input);
      checkReduce(spec, axis, takeRight("i32"), input);
    }
}

TEST(Reduce, OneDimensionalToUniformScalar) {
  TileSpec spec{blocked({4}, {32}, {4}, {0}), {1024}, "f32"};
  unsigned barriers = 0;
  checkReduce(spec, 0, floatOp("addf", "f32", APFloat::IEEEsingle()),
              randomFloats(1024, APFloat::IEEEsingle(), -100, 100), "sm_80",
              &barriers);
  EXPECT_EQ(barriers, 2u);
  // Repeats above the warps, and a 1-D tile smaller than the CTA.
  checkReduce({blocked({2}, {32}, {2}, {0}), {512}, "i32"}, 0, addInt("i32"),
              randomInts(512, 32, -5, 5));
  checkReduce({blocked({1}, {32}, {4}, {0}), {8}, "i32"}, 0, addInt("i32"),
              randomInts(8, 32, -5, 5));
}

TEST(Reduce, ElementTypes) {
  TileSpec spec{blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}), {16, 32}, ""};
  for (unsigned bits : {8u, 16u, 32u, 64u}) {
    spec.elementType = "i" + std::to_string(bits);
    SCOPED_TRACE(spec.elementType);
    checkReduce(spec, 1, addInt(spec.elementType),
                randomInts(16 * 32, bits, -100, 100));
  }
  spec.elementType = "i1";
  checkReduce(spec, 0,
              {"%s = arith.xori %a, %b : i1\n    nv_tileaa.yield %s : i1",
               [](const APInt &a, const APInt &b) { return a ^ b; }},
              randomBits(16 * 32, 1));
  spec.elementType = "f16";
  checkReduce(spec, 1, floatOp("maximumf", "f16", APFloat::IEEEhalf()),
              randomBits(16 * 32, 16));
  spec.elementType = "bf16";
  checkReduce(spec, 0, floatOp("addf", "bf16", APFloat::BFloat()),
              randomFloats(16 * 32, APFloat::BFloat(), -8, 8));
  spec.elementType = "f64";
  checkReduce(spec, 1, floatOp("addf", "f64", APFloat::IEEEdouble()),
              randomFloats(16 * 32, APFloat::IEEEdouble(), -1000000, 1000000));
  checkReduce(spec, 0, floatOp("minimumf", "f64", APFloat::IEEEdouble()),
              randomBits(16 * 32, 64));
}

TEST(Reduce, ArgmaxRegion) {
  // Values with many ties, so the index tie-break matters.
  TileSpec spec{blocked({1, 4}, {8, 4}, {1, 4}, {1, 0}), {8, 128}, "i64"};
  TileData input;
  for (int64_t i = 0; i < 8 * 128; ++i)
    input.push_back(APInt(
        64, (uint64_t(std::uniform_int_distribution<int>(-3, 3)(rng())) << 32) |
                (i % 128)));
  checkReduce(spec, 1, argmax(), input);
  // 1-D: a scalar every thread agrees on.
  TileSpec line{blocked({2}, {32}, {8}, {0}), {512}, "i64"};
  TileData values;
  for (int64_t i = 0; i < 512; ++i)
    values.push_back(APInt(
        64,
        (uint64_t(std::uniform_int_distribution<int>(0, 5)(rng())) << 32) | i));
  checkReduce(line, 0, argmax(), values);
}

TEST(Reduce, SignedZeroMaxIsUniform) {
  // max as compare-and-select is not commutative for +0/-0; every thread
  // must still see the same scalar.
  TileSpec spec{blocked({2}, {32}, {4}, {0}), {256}, "f32"};
  TileData zeros;
  for (int i = 0; i < 256; ++i)
    zeros.push_back(APInt(32, (rng()() & 1) ? 0x80000000u : 0u));
  checkReduce(spec, 0,
              {R"(%gt = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %gt, %a, %b : f32
    nv_tileaa.yield %s : f32)",
               [](const APInt &a, const APInt &b) {
                 APFloat x(APFloat::IEEEsingle(), a),
                     y(APFloat::IEEEsingle(), b);
                 return x.compare(y) == APFloat::cmpGreaterThan ? a : b;
               }},
              zeros);
}

TEST(Reduce, SliceOfSliceInput) {
  // The input is itself a reduction result.
  std::string parent = blocked({2, 2, 1}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0});
  TileSpec spec{
      "#nv_tileaa.slice<dim = 2, parent = " + parent + ">", {8, 16}, "i32"};
  for (unsigned axis : {0u, 1u})
    checkReduce(spec, axis, addInt("i32"), randomInts(8 * 16, 32, -100, 100));
}

TEST(Reduce, TwoStagesShareTheScratchBuffer) {
  // Rows, then the row sums: both cross warps, so the second reduction
  // reuses the scratch buffer the first one reads (the race check catches a
  // missing barrier).
  std::string layout = blocked({1, 2}, {4, 8}, {2, 2}, {1, 0});
  std::string source = llvm::formatv(R"(
#l = {0}
#s = #nv_tileaa.slice<dim = 1, parent = #l>
nv_tileaa.func @f(%x: tensor<16x32xi32, #l>) -> i32 {{
  %r = nv_tileaa.reduce %x {{axis = 1 : i32} : tensor<16x32xi32, #l> -> tensor<16xi32, #s> {{
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    nv_tileaa.yield %s : i32
  }
  %t = nv_tileaa.reduce %r {{axis = 0 : i32} : tensor<16xi32, #s> -> i32 {{
  ^bb0(%a: i32, %b: i32):
    %s = arith.xori %a, %b : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return %t : i32
}
)",
                                     layout)
                           .str();
  TileData input = randomInts(16 * 32, 32, -1000, 1000);
  APInt expected(32, 0);
  for (int row = 0; row < 16; ++row) {
    APInt sum(32, 0);
    for (int col = 0; col < 32; ++col)
      sum += input[row * 32 + col];
    expected ^= sum;
  }
  Lowering lowering;
  LoweredRun run;
  if (!lowering.run(source, "sm_80", {input}, run))
    return;
  expectResult(run, {expected});
  EXPECT_EQ(run.numBarriers, 4u);
}

TEST(Reduce, ResultInAnotherLayoutAndSizeOneAxes) {
  // The result type asks for a blocked layout instead of the slice: the
  // reduced values move there.
  TileSpec spec{blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}), {16, 64}, "i32"};
  checkReduce(spec, 1, addInt("i32"), randomInts(16 * 64, 32, -50, 50), "sm_80",
              nullptr, blocked({1}, {32}, {4}, {0}));
  checkReduce(spec, 0, takeLeft("i32"), randomInts(16 * 64, 32, -50, 50),
              "sm_80", nullptr, blocked({2}, {32}, {4}, {0}));
  // Reducing an axis of extent 1 combines nothing.
  checkReduce({blocked({1, 1}, {32, 1}, {2, 1}, {1, 0}), {8, 1}, "i32"}, 1,
              addInt("i32"), randomInts(8, 32, -50, 50));
  checkReduce({blocked({4}, {32}, {2}, {0}), {1}, "i32"}, 0, addInt("i32"),
              randomInts(1, 32, -50, 50));
}

TEST(Reduce, Pointers) {
  // Pointer elements cross lanes as two 32-bit halves and are kept in
  // shared memory as 8 bytes; the first element wins with take-left.
  TileSpec spec{blocked({2}, {32}, {4}, {0}), {512}, "!nv_tileaa.ptr<f32>"};
  TileData input = randomBits(512, 64);
  checkReduce(spec, 0, takeLeft("!nv_tileaa.ptr<f32>"), input);
  checkReduce(spec, 0, takeRight("!nv_tileaa.ptr<f32>"), input);
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

TileData randomAffine(int64_t count) {
  TileData data;
  for (int64_t i = 0; i < count; ++i)
    data.push_back(APInt(64, rng()() | (uint64_t(1) << 32)));
  return data;
}

TEST(Scan, NonCommutativeAlongEachAxisBothDirections) {
  for (const TileSpec &base : layouts2D("i64"))
    for (unsigned axis : {0u, 1u})
      for (bool reverse : {false, true}) {
        SCOPED_TRACE(base.layout + " axis " + std::to_string(axis) +
                     (reverse ? " reverse" : ""));
        checkScan(base, axis, reverse, affineCompose(),
                  randomAffine(product(base.shape)));
      }
}

TEST(Scan, OneDimensionalAcrossWarps) {
  for (bool reverse : {false, true}) {
    // registers + lanes + warps, then a register repeat above the warps.
    unsigned barriers = 0;
    checkScan({blocked({2}, {32}, {4}, {0}), {512}, "i64"}, 0, reverse,
              affineCompose(), randomAffine(512), "sm_80", &barriers);
    EXPECT_EQ(barriers, 2u);
    // one element per thread: no in-thread segment.
    checkScan({blocked({1}, {32}, {8}, {0}), {256}, "i64"}, 0, reverse,
              affineCompose(), randomAffine(256));
    // replicated across warps.
    checkScan({blocked({1}, {32}, {4}, {0}), {16}, "i64"}, 0, reverse,
              affineCompose(), randomAffine(16));
  }
}

TEST(Scan, ResultInAnotherLayoutAndSizeOneAxis) {
  TileSpec spec{blocked({1, 4}, {4, 8}, {2, 2}, {1, 0}), {16, 64}, "i64"};
  checkScan(spec, 1, false, affineCompose(), randomAffine(16 * 64), "sm_80",
            nullptr, blocked({4, 1}, {8, 4}, {1, 4}, {0, 1}));
  checkScan({blocked({1, 1}, {32, 1}, {2, 1}, {1, 0}), {8, 1}, "i64"}, 1, true,
            affineCompose(), randomAffine(8));
}

TEST(Scan, AddTypes) {
  TileSpec spec{blocked({4, 1}, {8, 4}, {2, 2}, {0, 1}), {64, 16}, "i32"};
  checkScan(spec, 0, false, addInt("i32"),
            randomInts(64 * 16, 32, -1000, 1000));
  spec.elementType = "f32";
  checkScan(spec, 1, true, floatOp("addf", "f32", APFloat::IEEEsingle()),
            randomFloats(64 * 16, APFloat::IEEEsingle(), -100, 100));
  spec.elementType = "i8";
  checkScan(spec, 0, true, addInt("i8"), randomInts(64 * 16, 8, -100, 100));
}

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

struct DotSpec {
  std::string accLayout;
  std::vector<int64_t> shapeA, shapeB, shapeC;
  std::string typeA, typeB, typeC;
  std::string attrs;
};

APFloat toF32(llvm::StringRef type, const APInt &bits) {
  const llvm::fltSemantics *semantics = nullptr;
  if (type == "f16")
    semantics = &APFloat::IEEEhalf();
  else if (type == "bf16")
    semantics = &APFloat::BFloat();
  else if (type == "f8E4M3FN")
    semantics = &APFloat::Float8E4M3FN();
  else if (type == "f8E5M2")
    semantics = &APFloat::Float8E5M2();
  else if (type == "f64")
    return APFloat(APFloat::IEEEdouble(), bits);
  else
    semantics = &APFloat::IEEEsingle();
  APFloat value(*semantics, bits);
  bool losesInfo;
  if (type == "tf32") {
    value.convert(APFloat::FloatTF32(), APFloat::rmNearestTiesToAway,
                  &losesInfo);
  }
  value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  EXPECT_FALSE(losesInfo);
  return value;
}

/// D = A * B + C with K increasing per element (what the FMA path promises).
TileData referenceDot(const DotSpec &spec, const TileData &a, const TileData &b,
                      const TileData &c) {
  unsigned rank = spec.shapeC.size();
  int64_t batch = rank == 3 ? spec.shapeC[0] : 1;
  int64_t m = spec.shapeC[rank - 2], n = spec.shapeC[rank - 1],
          k = spec.shapeA[rank - 1];
  TileData d(c.size());
  bool isInt = spec.typeC == "i32";
  bool aSigned =
      spec.attrs.find("signedness_a = #nv_tileaa.signedness<signed>") !=
      std::string::npos;
  bool bSigned =
      spec.attrs.find("signedness_b = #nv_tileaa.signedness<signed>") !=
      std::string::npos;
  for (int64_t bb = 0; bb < batch; ++bb)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        int64_t out = (bb * m + i) * n + j;
        if (isInt) {
          APInt acc = c[out];
          for (int64_t kk = 0; kk < k; ++kk) {
            const APInt &x = a[(bb * m + i) * k + kk];
            const APInt &y = b[(bb * k + kk) * n + j];
            acc += (aSigned ? x.sext(32) : x.zext(32)) *
                   (bSigned ? y.sext(32) : y.zext(32));
          }
          d[out] = acc;
          continue;
        }
        bool isF64 = spec.typeC == "f64";
        APFloat acc(isF64 ? APFloat::IEEEdouble() : APFloat::IEEEsingle(),
                    c[out]);
        for (int64_t kk = 0; kk < k; ++kk) {
          APFloat x = toF32(spec.typeA, a[(bb * m + i) * k + kk]);
          APFloat y = toF32(spec.typeB, b[(bb * k + kk) * n + j]);
          x.fusedMultiplyAdd(y, acc, APFloat::rmNearestTiesToEven);
          acc = x;
        }
        d[out] = acc.bitcastToAPInt();
      }
  return d;
}

void checkDot(const DotSpec &spec, const TileData &a, const TileData &b,
              const TileData &c, llvm::StringRef gpu) {
  auto type = [](llvm::ArrayRef<int64_t> shape, llvm::StringRef element,
                 llvm::StringRef layout) {
    return llvm::formatv("tensor<{0}{1}, {2}>", shapeString(shape), element,
                         layout)
        .str();
  };
  std::string ta = type(spec.shapeA, spec.typeA, "#a"),
              tb = type(spec.shapeB, spec.typeB, "#b"),
              tc = type(spec.shapeC, spec.typeC, "#l");
  std::string source = llvm::formatv(R"(
#l = {0}
#a = #nv_tileaa.dot_operand<opIdx = 0, parent = #l>
#b = #nv_tileaa.dot_operand<opIdx = 1, parent = #l>
nv_tileaa.func @f(%a: {1}, %b: {2}, %c: {3}) -> {3} {
  %d = nv_tileaa.dot %a, %b, %c {4} : {1}, {2}, {3} -> {3}
  nv_tileaa.return %d : {3}
}
)",
                                     spec.accLayout, ta, tb, tc, spec.attrs)
                           .str();
  Lowering lowering;
  LoweredRun run;
  if (!lowering.run(source, gpu, {a, b, c}, run))
    return;
  expectResult(run, referenceDot(spec, a, b, c));
}

unsigned bitsOf(llvm::StringRef type) {
  if (type == "f16" || type == "bf16")
    return 16;
  if (type == "f64")
    return 64;
  if (type.starts_with("f8") || type == "i8")
    return 8;
  return 32;
}

/// Random operands of a type: small integers as exact floats, or raw bytes
/// (without NaN) for FP8.
TileData operand(llvm::StringRef type, int64_t count) {
  if (type == "i8")
    return randomInts(count, 8, -128, 127);
  if (type == "i32")
    return randomInts(count, 32, -100000, 100000);
  if (type.starts_with("f8")) {
    TileData data;
    while (static_cast<int64_t>(data.size()) < count) {
      APInt byte(8, rng()() & 0xff);
      APFloat value(type == "f8E4M3FN" ? APFloat::Float8E4M3FN()
                                       : APFloat::Float8E5M2(),
                    byte);
      if (value.isFinite())
        data.push_back(byte);
    }
    return data;
  }
  if (type == "f64")
    return randomFloats(count, APFloat::IEEEdouble(), -1000, 1000);
  // Fractions exercise rounding (and tf32's).
  TileData data;
  for (int64_t i = 0; i < count; ++i) {
    APFloat value(APFloat::IEEEsingle(),
                  APInt(32, 0x3f800000u | (rng()() & 0x7fffff)));
    if (rng()() & 1)
      value.changeSign();
    bool losesInfo;
    if (type == "f16")
      value.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    else if (type == "bf16")
      value.convert(APFloat::BFloat(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    data.push_back(value.bitcastToAPInt());
  }
  return data;
}

const std::vector<std::string> kDotLayouts = {
    blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}),
    // tile smaller than the CTA: replicated accumulator elements
    blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}),
};

TEST(Dot, EveryTypeCombinationOnEveryPath) {
  struct Types {
    std::string a, b, c, attrs;
  };
  std::vector<Types> combos = {
      {"f16", "f16", "f32", ""},
      {"bf16", "bf16", "f32", ""},
      {"f32", "f32", "f32", ""},
      {"f32", "f32", "f32", "{propagate_nan}"},
      {"tf32", "tf32", "f32", ""},
      {"f64", "f64", "f64", ""},
      {"f8E4M3FN", "f8E4M3FN", "f32", ""},
      {"f8E5M2", "f8E4M3FN", "f32", ""},
      {"i8", "i8", "i32",
       "{signedness_a = #nv_tileaa.signedness<signed>, signedness_b = "
       "#nv_tileaa.signedness<signed>}"},
      {"i8", "i8", "i32",
       "{signedness_a = #nv_tileaa.signedness<unsigned>, signedness_b = "
       "#nv_tileaa.signedness<signed>}"},
      {"i8", "i8", "i32",
       "{signedness_a = #nv_tileaa.signedness<signed>, signedness_b = "
       "#nv_tileaa.signedness<unsigned>}"},
      {"i8", "i8", "i32",
       "{signedness_a = #nv_tileaa.signedness<unsigned>, signedness_b = "
       "#nv_tileaa.signedness<unsigned>}"},
  };
  for (llvm::StringRef gpu : {"sm_75", "sm_89"})
    for (const Types &types : combos)
      for (const std::string &layout : kDotLayouts)
        for (int64_t k : {2, 8}) {
          // 16x32x8 tf32 and f64 take mma.sync from sm_80 (simulated in
          // test/Sim/mma-gemm.test); this interpreter checks the FMA path.
          if ((types.a == "tf32" || types.a == "f64") && k == 8 &&
              gpu != "sm_75")
            continue;
          SCOPED_TRACE(gpu.str() + " " + types.a + " x " + types.b + " -> " +
                       types.c + " K=" + std::to_string(k) + " " + layout);
          DotSpec spec{layout,  {16, k}, {k, 32}, {16, 32},
                       types.a, types.b, types.c, types.attrs};
          checkDot(spec, operand(types.a, 16 * k), operand(types.b, k * 32),
                   operand(types.c, 16 * 32), gpu);
        }
}

TEST(Dot, BatchedRank3) {
  DotSpec spec{blocked({1, 2, 2}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0}),
               {4, 8, 4},
               {4, 4, 16},
               {4, 8, 16},
               "f16",
               "f16",
               "f32",
               ""};
  checkDot(spec, operand("f16", 4 * 8 * 4), operand("f16", 4 * 4 * 16),
           operand("f32", 4 * 8 * 16), "sm_80");
}

/// D = A * 1 + (-0) with K = 1 is A converted to f32, exactly: every FP8
/// byte (and random f32 bit patterns for tf32) through the software and the
/// hardware conversion.
TEST(Dot, OperandConversionIsExact) {
  std::string layout = blocked({1, 1}, {32, 1}, {4, 1}, {1, 0});
  for (llvm::StringRef gpu : {"sm_75", "sm_80", "sm_89"})
    for (llvm::StringRef type : {"f8E4M3FN", "f8E5M2", "tf32", "bf16"}) {
      SCOPED_TRACE(gpu.str() + " " + type.str());
      TileData a;
      for (unsigned i = 0; i < 256; ++i)
        a.push_back(bitsOf(type) == 8 ? APInt(8, i)
                                      : APInt(64, rng()()).trunc(bitsOf(type)));
      if (type == "tf32") // ties of the rounding
        for (unsigned i = 0; i < 16; ++i)
          a[i] = APInt(32, (rng()() & 0xffffe000u) | 0x1000u);
      APInt one = toF32("f32", APInt(32, 0x3f800000u)).bitcastToAPInt();
      if (type == "f8E4M3FN")
        one = APInt(8, 0x38);
      else if (type == "f8E5M2")
        one = APInt(8, 0x3c);
      else if (type == "bf16")
        one = APInt(16, 0x3f80);
      DotSpec spec{layout,     {256, 1},   {1, 1}, {256, 1},
                   type.str(), type.str(), "f32",  ""};
      checkDot(spec, a, {one}, TileData(256, APInt(32, 0x80000000u)), gpu);
    }
}

/// A and B arrive in blocked layouts (what layout assignment leaves when
/// the FMA operand layouts would take too many registers): the lowering
/// stages them in shared memory and streams one K step at a time. Every
/// float type, both accumulator layouts (one replicated), operands in
/// layouts unlike the accumulator's.
TEST(Dot, SharedOperandPathEveryFloatType) {
  struct Types {
    std::string a, b, c;
  };
  std::vector<Types> combos = {
      {"f16", "f16", "f32"}, {"bf16", "bf16", "f32"},
      {"f32", "f32", "f32"}, {"tf32", "tf32", "f32"},
      {"f64", "f64", "f64"}, {"f8E4M3FN", "f8E5M2", "f32"},
  };
  std::string operandLayout = blocked({1, 1}, {8, 4}, {4, 1}, {1, 0});
  for (llvm::StringRef gpu : {"sm_75", "sm_89"})
    for (const Types &types : combos)
      for (const std::string &acc : kDotLayouts)
        for (int64_t k : {1, 8}) {
          if ((types.a == "tf32" || types.a == "f64") && k == 8 &&
              gpu != "sm_75")
            continue; // mma.sync, as above
          SCOPED_TRACE(gpu.str() + " " + types.a + " x " + types.b + " -> " +
                       types.c + " K=" + std::to_string(k) + " " + acc);
          std::string ta = llvm::formatv("tensor<16x{0}x{1}, #o>", k, types.a),
                      tb = llvm::formatv("tensor<{0}x32x{1}, #o>", k, types.b),
                      tc = llvm::formatv("tensor<16x32x{0}, #l>", types.c);
          std::string source = llvm::formatv(R"(
#l = {0}
#o = {1}
nv_tileaa.func @f(%a: {2}, %b: {3}, %c: {4}) -> {4} {{
  %d = nv_tileaa.dot %a, %b, %c : {2}, {3}, {4} -> {4}
  nv_tileaa.return %d : {4}
}
)",
                                             acc, operandLayout, ta, tb, tc)
                                   .str();
          DotSpec spec{acc,     {16, k}, {k, 32}, {16, 32},
                       types.a, types.b, types.c, ""};
          TileData a = operand(types.a, 16 * k), b = operand(types.b, k * 32),
                   c = operand(types.c, 16 * 32);
          Lowering lowering;
          LoweredRun run;
          if (lowering.run(source, gpu, {a, b, c}, run))
            expectResult(run, referenceDot(spec, a, b, c));
        }
}

//===----------------------------------------------------------------------===//
// Layouts the lowerings reject
//===----------------------------------------------------------------------===//

/// Runs `check` on a placeholder op and returns the diagnostic it emitted.
std::string diagnosticOf(llvm::function_ref<LogicalResult(Operation *)> check) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  EXPECT_TRUE(failed(check(*module)));
  return message;
}

using layout::Coord;
using layout::LinearLayout;

TEST(Layouts, AxisBitsMustBeHeldExactlyOnce) {
  // Coordinate 1 comes from a register bit and from a lane bit.
  LinearLayout twice({4}, {Coord{1}}, {Coord{1}, Coord{2}}, {});
  EXPECT_EQ(diagnosticOf([&](Operation *op) {
              return lowering::getAxisLevels(op, twice, 0);
            }),
            "'builtin.module' op cannot be lowered for the layout " +
                twice.str() +
                ": coordinate 1 along axis 0 is not held by exactly one "
                "register, lane or warp bit");
  // A basis that moves along both dimensions.
  LinearLayout diagonal({4, 4}, {Coord{1, 1}, Coord{2, 0}},
                        {Coord{0, 2}, Coord{1, 0}}, {});
  EXPECT_EQ(diagnosticOf([&](Operation *op) {
              return lowering::getAxisLevels(op, diagonal, 1);
            }),
            "'builtin.module' op cannot be lowered for the layout " +
                diagonal.str() +
                ": coordinate 1 along axis 1 is not held by exactly one "
                "register, lane or warp bit");
  // Nothing holds coordinate 4 (the layout does not cover the tile).
  LinearLayout gap({8}, {Coord{1}}, {Coord{2}}, {});
  EXPECT_EQ(diagnosticOf([&](Operation *op) {
              return lowering::getAxisLevels(op, gap, 0);
            }),
            "'builtin.module' op cannot be lowered for the layout " +
                gap.str() +
                ": no register, lane or warp bit holds coordinate 4 along "
                "axis 0");
  // The usual shape: levels in coordinate order, whatever their kind.
  LinearLayout fine({16, 2}, {Coord{4, 0}, Coord{0, 1}},
                    {Coord{1, 0}, Coord{0, 0}}, {Coord{8, 0}, Coord{2, 0}});
  MLIRContext context;
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  auto levels = lowering::getAxisLevels(*module, fine, 0);
  ASSERT_TRUE(succeeded(levels));
  ASSERT_EQ(levels->size(), 4u);
  EXPECT_EQ((*levels)[0].kind, layout::InDim::Lane);
  EXPECT_EQ((*levels)[0].bit, 0u);
  EXPECT_EQ((*levels)[1].kind, layout::InDim::Warp);
  EXPECT_EQ((*levels)[1].bit, 1u);
  EXPECT_EQ((*levels)[2].kind, layout::InDim::Register);
  EXPECT_EQ((*levels)[2].bit, 0u);
  EXPECT_EQ((*levels)[3].kind, layout::InDim::Warp);
  EXPECT_EQ((*levels)[3].bit, 0u);
}

TEST(Layouts, FmaOperandsMustMatchTheAccumulator) {
  LinearLayout acc =
      layout::blockedLayout({16, 16}, {2, 2}, {4, 8}, {2, 1}, {1, 0});
  LinearLayout a = layout::fmaDotOperandLayout(acc, 0, 8);
  LinearLayout b = layout::fmaDotOperandLayout(acc, 1, 8);
  MLIRContext context;
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  auto aRegs = lowering::getFmaOperandRegisters(*module, acc, a, 0, 8);
  auto bRegs = lowering::getFmaOperandRegisters(*module, acc, b, 1, 8);
  ASSERT_TRUE(succeeded(aRegs) && succeeded(bRegs));
  // Every thread: its accumulator element (m, n) reads A(m, k), B(k, n).
  for (unsigned r = 0; r < acc.getNumRegisters(); ++r)
    for (unsigned k = 0; k < 8; ++k)
      for (unsigned lane : {0u, 5u, 31u})
        for (unsigned warp : {0u, 1u}) {
          Coord c = acc.apply(r, lane, warp);
          EXPECT_EQ(a.apply((*aRegs)[r][k], lane, warp), (Coord{c[0], k}));
          EXPECT_EQ(b.apply((*bRegs)[r][k], lane, warp), (Coord{k, c[1]}));
        }

  // A blocked layout in place of A: its lanes hold other rows.
  LinearLayout blockedA =
      layout::blockedLayout({16, 8}, {1, 1}, {4, 8}, {2, 1}, {1, 0});
  EXPECT_EQ(diagnosticOf([&](Operation *op) {
              return lowering::getFmaOperandRegisters(op, acc, blockedA, 0, 8);
            }),
            "'builtin.module' op cannot use the layout of operand A (" +
                blockedA.str() +
                ") for the FMA path: its lanes do not hold the elements of "
                "the accumulator layout (" +
                acc.str() + ")");
  // B with the right lanes and warps but only half of K in registers.
  llvm::SmallVector<Coord> regs(b.getBases(layout::InDim::Register));
  regs.erase(regs.begin() + 2); // the register bit holding k = 4
  LinearLayout halfB({8, 16}, regs, b.getBases(layout::InDim::Lane),
                     b.getBases(layout::InDim::Warp));
  EXPECT_EQ(diagnosticOf([&](Operation *op) {
              return lowering::getFmaOperandRegisters(op, acc, halfB, 1, 8);
            }),
            "'builtin.module' op cannot use the layout of operand B (" +
                halfB.str() +
                ") for the FMA path: a thread does not hold k = 4 for "
                "accumulator register 0 in its registers");
}

} // namespace
