//===- CtaInterpreter.cpp - run lowered tile code on the CPU --------------===//

#include "CtaInterpreter.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tileiras::testing;
using llvm::APFloat;
using llvm::APInt;

namespace {

unsigned bitWidth(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  return type.getIntOrFloatBitWidth();
}

unsigned byteSize(Type type) { return (bitWidth(type) + 7) / 8; }

ThreadValue zeroOf(Type type) {
  ThreadValue value;
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    for (Type field : structType.getBody())
      value.elements.push_back(APInt(bitWidth(field), 0));
    return value;
  }
  if (auto vectorType = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      value.elements.push_back(APInt(bitWidth(vectorType.getElementType()), 0));
    return value;
  }
  value.bits = APInt(bitWidth(type), 0);
  return value;
}

ThreadValue scalar(APInt bits) { return ThreadValue{std::move(bits), {}}; }

const llvm::fltSemantics &semanticsOf(Type type) {
  return cast<FloatType>(type).getFloatSemantics();
}

APFloat toFloat(Type type, const APInt &bits) {
  return APFloat(semanticsOf(type), bits);
}

bool compareInt(LLVM::ICmpPredicate predicate, const APInt &a, const APInt &b) {
  switch (predicate) {
  case LLVM::ICmpPredicate::eq:
    return a == b;
  case LLVM::ICmpPredicate::ne:
    return a != b;
  case LLVM::ICmpPredicate::slt:
    return a.slt(b);
  case LLVM::ICmpPredicate::sle:
    return a.sle(b);
  case LLVM::ICmpPredicate::sgt:
    return a.sgt(b);
  case LLVM::ICmpPredicate::sge:
    return a.sge(b);
  case LLVM::ICmpPredicate::ult:
    return a.ult(b);
  case LLVM::ICmpPredicate::ule:
    return a.ule(b);
  case LLVM::ICmpPredicate::ugt:
    return a.ugt(b);
  case LLVM::ICmpPredicate::uge:
    return a.uge(b);
  }
  return false;
}

bool compareFloat(LLVM::FCmpPredicate predicate, const APFloat &a,
                  const APFloat &b) {
  APFloat::cmpResult r = a.compare(b);
  bool unordered = r == APFloat::cmpUnordered;
  bool lt = r == APFloat::cmpLessThan, eq = r == APFloat::cmpEqual,
       gt = r == APFloat::cmpGreaterThan;
  switch (predicate) {
  case LLVM::FCmpPredicate::_false:
    return false;
  case LLVM::FCmpPredicate::oeq:
    return eq;
  case LLVM::FCmpPredicate::ogt:
    return gt;
  case LLVM::FCmpPredicate::oge:
    return gt || eq;
  case LLVM::FCmpPredicate::olt:
    return lt;
  case LLVM::FCmpPredicate::ole:
    return lt || eq;
  case LLVM::FCmpPredicate::one:
    return lt || gt;
  case LLVM::FCmpPredicate::ord:
    return !unordered;
  case LLVM::FCmpPredicate::ueq:
    return unordered || eq;
  case LLVM::FCmpPredicate::ugt:
    return unordered || gt;
  case LLVM::FCmpPredicate::uge:
    return unordered || gt || eq;
  case LLVM::FCmpPredicate::ult:
    return unordered || lt;
  case LLVM::FCmpPredicate::ule:
    return unordered || lt || eq;
  case LLVM::FCmpPredicate::une:
    return unordered || lt || gt;
  case LLVM::FCmpPredicate::uno:
    return unordered;
  case LLVM::FCmpPredicate::_true:
    return true;
  }
  return false;
}

/// The bits of a float result. NVIDIA GPUs return the canonical NaN (all
/// ones but the sign) from arithmetic and conversions, whatever the inputs'
/// payloads; so does the interpreter.
APInt resultBits(const APFloat &value) {
  APInt bits = value.bitcastToAPInt();
  if (value.isNaN()) {
    bits.setAllBits();
    bits.clearSignBit();
  }
  return bits;
}

/// The bits of an APFloat converted to `type`'s format (round to nearest
/// even).
APInt convertFloat(APFloat value, Type type) {
  bool losesInfo;
  value.convert(semanticsOf(type), APFloat::rmNearestTiesToEven, &losesInfo);
  return resultBits(value);
}

} // namespace

bool CtaInterpreter::fail(Operation *op, const llvm::Twine &message) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << message << " at: ";
  op->print(os, OpPrintingFlags().skipRegions());
  error = text;
  return false;
}

// PTX ISA, ldmatrix.m8n8.b16: lanes 8j..8j+7 of a warp give the addresses
// of rows 0..7 of matrix j (16 bytes each, 16-byte aligned). Without .trans
// lane L receives in word j the 32-bit column L % 4 of row L / 4; with it,
// the 16-bit elements (row 2(L % 4), column L / 4) and (row 2(L % 4) + 1,
// column L / 4), low half first.
bool CtaInterpreter::executeLdmatrix(NVVM::LdMatrixOp op) {
  if (op.getShape().getM() != 8 || op.getShape().getN() != 8 ||
      op.getEltType() != NVVM::LdStMatrixEltType::B16)
    return fail(op, "only ldmatrix.m8n8.b16 is supported");
  bool trans = op.getLayout() == NVVM::MMALayout::col;
  unsigned num = op.getNum();
  const CtaValue &address = values[op.getPtr()];
  for (unsigned t = 0; t < numThreads; t += 32)
    for (unsigned lane = 0; lane < 8 * num; ++lane)
      if (address[t + lane].bits.getSExtValue() % 16 != 0)
        return fail(op, "ldmatrix row address not 16-byte aligned");
  CtaValue result(numThreads);
  for (unsigned t = 0; t < numThreads; ++t) {
    unsigned lane = t % 32, warp = t - lane;
    auto row = [&](unsigned j, unsigned r) {
      return address[warp + 8 * j + r].bits.getSExtValue();
    };
    ThreadValue value;
    for (unsigned j = 0; j < num; ++j) {
      APInt word(32, 0);
      for (unsigned half = 0; half < 2; ++half) {
        int64_t offset = trans ? row(j, 2 * (lane % 4) + half) + 2 * (lane / 4)
                               : row(j, lane / 4) + 4 * (lane % 4) + 2 * half;
        APInt bits;
        if (!accessShared(op, t, offset, 2, /*isWrite=*/false, bits))
          return false;
        word.insertBits(bits, 16 * half);
      }
      value.elements.push_back(word);
    }
    if (num == 1)
      value = scalar(value.elements.front());
    result[t] = std::move(value);
  }
  values[op.getRes()] = std::move(result);
  return true;
}

/// The inverse of ldmatrix: lane l's word j goes where ldmatrix would have
/// read it (row addresses from lanes 8 j .. 8 j + 7 of the warp).
bool CtaInterpreter::executeStmatrix(NVVM::StMatrixOp op) {
  if (op.getShape().getM() != 8 || op.getShape().getN() != 8 ||
      op.getEltType() != NVVM::LdStMatrixEltType::B16)
    return fail(op, "only stmatrix.m8n8.b16 is supported");
  bool trans = op.getLayout() == NVVM::MMALayout::col;
  unsigned num = op.getSources().size();
  const CtaValue &address = values[op.getPtr()];
  for (unsigned t = 0; t < numThreads; t += 32)
    for (unsigned lane = 0; lane < 8 * num; ++lane)
      if (address[t + lane].bits.getSExtValue() % 16 != 0)
        return fail(op, "stmatrix row address not 16-byte aligned");
  for (unsigned t = 0; t < numThreads; ++t) {
    unsigned lane = t % 32, warp = t - lane;
    auto row = [&](unsigned j, unsigned r) {
      return address[warp + 8 * j + r].bits.getSExtValue();
    };
    for (unsigned j = 0; j < num; ++j) {
      const APInt &word = values[op.getSources()[j]][t].bits;
      for (unsigned half = 0; half < 2; ++half) {
        int64_t offset = trans ? row(j, 2 * (lane % 4) + half) + 2 * (lane / 4)
                               : row(j, lane / 4) + 4 * (lane % 4) + 2 * half;
        APInt bits = word.extractBits(16, 16 * half);
        if (!accessShared(op, t, offset, 2, /*isWrite=*/true, bits))
          return false;
      }
    }
  }
  return true;
}

bool CtaInterpreter::accessShared(Operation *op, unsigned thread,
                                  int64_t offset, unsigned bytes, bool isWrite,
                                  APInt &value) {
  if (offset < 0 || offset + bytes > static_cast<int64_t>(shared.size()))
    return fail(op, "shared-memory access out of bounds (offset " +
                        llvm::Twine(offset) + ", " + llvm::Twine(bytes) +
                        " bytes, buffer " + llvm::Twine(shared.size()) + ")");
  int self = static_cast<int>(thread);
  if (!isWrite)
    value = APInt(bytes * 8, 0);
  for (unsigned i = 0; i < bytes; ++i) {
    ByteState &byte = shared[offset + i];
    if (isWrite) {
      uint8_t newValue = value.extractBitsAsZExtValue(8, 8 * i);
      if (byte.readEpoch == epoch && byte.reader != self)
        return fail(op, "race: thread " + llvm::Twine(thread) +
                            " overwrites shared byte " +
                            llvm::Twine(offset + i) +
                            " read by another thread since the last barrier");
      if (byte.writeEpoch == epoch && byte.writer != self) {
        if (byte.value != newValue)
          return fail(op, "race: threads write different values to shared "
                          "byte " +
                              llvm::Twine(offset + i) +
                              " between two barriers");
        byte.writer = -2;
      } else {
        byte.writer = self;
      }
      byte.writeEpoch = epoch;
      byte.value = newValue;
    } else {
      if (byte.writeEpoch == epoch && byte.writer != self)
        return fail(op, "race: thread " + llvm::Twine(thread) +
                            " reads shared byte " + llvm::Twine(offset + i) +
                            " written by another thread since the last "
                            "barrier");
      if (byte.writeEpoch == ~0u)
        return fail(op, "read of uninitialized shared byte " +
                            llvm::Twine(offset + i));
      byte.reader = byte.readEpoch == epoch && byte.reader != self ? -2 : self;
      byte.readEpoch = epoch;
      value.insertBits(APInt(8, byte.value), 8 * i);
    }
  }
  return true;
}

bool CtaInterpreter::run(LLVM::LLVMFuncOp func,
                         const std::vector<CtaValue> &args,
                         std::vector<CtaValue> &results) {
  values.clear();
  returned.clear();
  shared.clear();
  epoch = 0;
  if (!func.getBody().hasOneBlock())
    return fail(func, "only straight-line functions are supported");
  Block &entry = func.getBody().front();
  if (entry.getNumArguments() != args.size())
    return fail(func, "wrong number of arguments");
  for (auto [arg, value] : llvm::zip(entry.getArguments(), args))
    values[arg] = value;
  // The scratch global, if any, sized from its declaration.
  Operation *symbolTable = func->getParentWithTrait<OpTrait::SymbolTable>();
  for (auto global : symbolTable->getRegion(0).getOps<LLVM::GlobalOp>())
    if (global.getAddrSpace() == 3)
      shared.resize(
          cast<LLVM::LLVMArrayType>(global.getType()).getNumElements());
  for (Operation &op : entry)
    if (!execute(&op))
      return false;
  results = returned;
  return true;
}

bool CtaInterpreter::execute(Operation *op) {
  auto in = [&](unsigned i) -> const CtaValue & {
    return values[op->getOperand(i)];
  };
  auto perThread = [&](auto compute) {
    CtaValue result(numThreads);
    for (unsigned t = 0; t < numThreads; ++t)
      result[t] = compute(t);
    values[op->getResult(0)] = std::move(result);
    return true;
  };
  Type resultType = op->getNumResults() ? op->getResult(0).getType() : Type();

  // Integer binary operations.
  using IntFn = APInt (*)(const APInt &, const APInt &);
  IntFn intOp =
      llvm::TypeSwitch<Operation *, IntFn>(op)
          .Case([](LLVM::AddOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a + b; };
          })
          .Case([](LLVM::SubOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a - b; };
          })
          .Case([](LLVM::MulOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a * b; };
          })
          .Case([](LLVM::AndOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a & b; };
          })
          .Case([](LLVM::OrOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a | b; };
          })
          .Case([](LLVM::XOrOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a ^ b; };
          })
          .Case([](LLVM::ShlOp) -> IntFn {
            return [](const APInt &a, const APInt &b) {
              return b.uge(a.getBitWidth()) ? APInt(a.getBitWidth(), 0)
                                            : a.shl(b);
            };
          })
          .Case([](LLVM::LShrOp) -> IntFn {
            return [](const APInt &a, const APInt &b) {
              return b.uge(a.getBitWidth()) ? APInt(a.getBitWidth(), 0)
                                            : a.lshr(b);
            };
          })
          .Case([](LLVM::AShrOp) -> IntFn {
            return [](const APInt &a, const APInt &b) {
              return b.uge(a.getBitWidth()) ? APInt(a.getBitWidth(), 0)
                                            : a.ashr(b);
            };
          })
          .Case([](LLVM::UDivOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a.udiv(b); };
          })
          .Case([](LLVM::URemOp) -> IntFn {
            return [](const APInt &a, const APInt &b) { return a.urem(b); };
          })
          .Default([](Operation *) -> IntFn { return nullptr; });
  if (intOp) {
    if (isa<VectorType>(resultType))
      return fail(op, "vector arithmetic is not supported");
    return perThread([&](unsigned t) {
      return scalar(intOp(in(0)[t].bits, in(1)[t].bits));
    });
  }

  // Float binary operations.
  using FloatFn = APFloat (*)(const APFloat &, const APFloat &);
  FloatFn floatOp =
      llvm::TypeSwitch<Operation *, FloatFn>(op)
          .Case([](LLVM::FAddOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              APFloat r = a;
              r.add(b, APFloat::rmNearestTiesToEven);
              return r;
            };
          })
          .Case([](LLVM::FSubOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              APFloat r = a;
              r.subtract(b, APFloat::rmNearestTiesToEven);
              return r;
            };
          })
          .Case([](LLVM::FMulOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              APFloat r = a;
              r.multiply(b, APFloat::rmNearestTiesToEven);
              return r;
            };
          })
          .Case([](LLVM::FDivOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              APFloat r = a;
              r.divide(b, APFloat::rmNearestTiesToEven);
              return r;
            };
          })
          .Case([](LLVM::MaxNumOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              return llvm::maxnum(a, b);
            };
          })
          .Case([](LLVM::MinNumOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              return llvm::minnum(a, b);
            };
          })
          .Case([](LLVM::MaximumOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              return llvm::maximum(a, b);
            };
          })
          .Case([](LLVM::MinimumOp) -> FloatFn {
            return [](const APFloat &a, const APFloat &b) {
              return llvm::minimum(a, b);
            };
          })
          .Default([](Operation *) -> FloatFn { return nullptr; });
  if (floatOp) {
    if (isa<VectorType>(resultType))
      return fail(op, "vector arithmetic is not supported");
    return perThread([&](unsigned t) {
      return scalar(resultBits(floatOp(toFloat(resultType, in(0)[t].bits),
                                       toFloat(resultType, in(1)[t].bits))));
    });
  }

  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](LLVM::ConstantOp constant) {
        Attribute attr = constant.getValue();
        ThreadValue value;
        if (auto intAttr = dyn_cast<IntegerAttr>(attr))
          value.bits = intAttr.getValue().zextOrTrunc(bitWidth(resultType));
        else if (auto floatAttr = dyn_cast<FloatAttr>(attr))
          value.bits = floatAttr.getValue().bitcastToAPInt();
        else if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
          if (isa<FloatType>(dense.getElementType()))
            for (APFloat element : dense.getValues<APFloat>())
              value.elements.push_back(element.bitcastToAPInt());
          else
            for (APInt element : dense.getValues<APInt>())
              value.elements.push_back(element);
        } else
          return fail(op, "unsupported constant");
        return perThread([&](unsigned) { return value; });
      })
      .Case<LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp>([&](Operation *) {
        ThreadValue value = zeroOf(resultType);
        return perThread([&](unsigned) { return value; });
      })
      .Case([&](LLVM::ExtractValueOp extract) {
        if (extract.getPosition().size() != 1)
          return fail(op, "nested aggregates are not supported");
        int64_t index = extract.getPosition()[0];
        return perThread(
            [&](unsigned t) { return scalar(in(0)[t].elements[index]); });
      })
      .Case([&](LLVM::InsertValueOp insert) {
        if (insert.getPosition().size() != 1)
          return fail(op, "nested aggregates are not supported");
        int64_t index = insert.getPosition()[0];
        // Operands: container, value.
        const CtaValue &container = values[insert.getContainer()];
        const CtaValue &element = values[insert.getValue()];
        return perThread([&](unsigned t) {
          ThreadValue result = container[t];
          result.elements[index] = element[t].bits;
          return result;
        });
      })
      .Case([&](LLVM::ExtractElementOp extract) {
        const CtaValue &vector = values[extract.getVector()];
        const CtaValue &position = values[extract.getPosition()];
        return perThread([&](unsigned t) {
          return scalar(vector[t].elements[position[t].bits.getZExtValue()]);
        });
      })
      .Case([&](LLVM::InsertElementOp insert) {
        const CtaValue &vector = values[insert.getVector()];
        const CtaValue &element = values[insert.getValue()];
        const CtaValue &position = values[insert.getPosition()];
        return perThread([&](unsigned t) {
          ThreadValue result = vector[t];
          result.elements[position[t].bits.getZExtValue()] = element[t].bits;
          return result;
        });
      })
      .Case([&](LLVM::ICmpOp cmp) {
        return perThread([&](unsigned t) {
          return scalar(APInt(
              1, compareInt(cmp.getPredicate(), in(0)[t].bits, in(1)[t].bits)));
        });
      })
      .Case([&](LLVM::FCmpOp cmp) {
        Type type = cmp.getLhs().getType();
        return perThread([&](unsigned t) {
          return scalar(APInt(1, compareFloat(cmp.getPredicate(),
                                              toFloat(type, in(0)[t].bits),
                                              toFloat(type, in(1)[t].bits))));
        });
      })
      .Case([&](LLVM::SelectOp) {
        return perThread([&](unsigned t) {
          return in(0)[t].bits.getBoolValue() ? in(1)[t] : in(2)[t];
        });
      })
      .Case([&](LLVM::ZExtOp) {
        return perThread([&](unsigned t) {
          return scalar(in(0)[t].bits.zext(bitWidth(resultType)));
        });
      })
      .Case([&](LLVM::SExtOp) {
        return perThread([&](unsigned t) {
          return scalar(in(0)[t].bits.sext(bitWidth(resultType)));
        });
      })
      .Case([&](LLVM::TruncOp) {
        return perThread([&](unsigned t) {
          return scalar(in(0)[t].bits.trunc(bitWidth(resultType)));
        });
      })
      .Case<LLVM::PtrToIntOp, LLVM::IntToPtrOp>([&](Operation *) {
        // Pointers are 64-bit values here.
        return perThread([&](unsigned t) {
          return scalar(in(0)[t].bits.zextOrTrunc(bitWidth(resultType)));
        });
      })
      .Case([&](LLVM::BitcastOp cast) {
        Type sourceType = cast.getArg().getType();
        if (isa<VectorType>(sourceType) || isa<VectorType>(resultType)) {
          // Element 0 is the low part.
          if (auto vector = dyn_cast<VectorType>(resultType)) {
            if (isa<VectorType>(sourceType))
              return fail(op, "bitcast between vectors is not supported");
            unsigned width = bitWidth(vector.getElementType());
            return perThread([&](unsigned t) {
              ThreadValue result;
              for (unsigned i = 0; i < vector.getNumElements(); ++i)
                result.elements.push_back(
                    in(0)[t].bits.extractBits(width, i * width));
              return result;
            });
          }
          return perThread([&](unsigned t) {
            const ThreadValue &source = in(0)[t];
            APInt bits(bitWidth(resultType), 0);
            unsigned offset = 0;
            for (const APInt &element : source.elements) {
              bits.insertBits(element, offset);
              offset += element.getBitWidth();
            }
            return scalar(bits);
          });
        }
        return perThread([&](unsigned t) { return in(0)[t]; });
      })
      .Case([&](LLVM::FPExtOp) {
        Type type = op->getOperand(0).getType();
        return perThread([&](unsigned t) {
          return scalar(convertFloat(toFloat(type, in(0)[t].bits), resultType));
        });
      })
      .Case([&](LLVM::FPTruncOp) {
        Type type = op->getOperand(0).getType();
        return perThread([&](unsigned t) {
          return scalar(convertFloat(toFloat(type, in(0)[t].bits), resultType));
        });
      })
      .Case<LLVM::UIToFPOp, LLVM::SIToFPOp>([&](Operation *) {
        bool isSigned = isa<LLVM::SIToFPOp>(op);
        return perThread([&](unsigned t) {
          APFloat value(semanticsOf(resultType));
          value.convertFromAPInt(in(0)[t].bits, isSigned,
                                 APFloat::rmNearestTiesToEven);
          return scalar(resultBits(value));
        });
      })
      .Case([&](LLVM::FNegOp) {
        return perThread([&](unsigned t) {
          APFloat value = toFloat(resultType, in(0)[t].bits);
          value.changeSign();
          return scalar(value.bitcastToAPInt());
        });
      })
      .Case([&](LLVM::FAbsOp) {
        return perThread([&](unsigned t) {
          APFloat value = toFloat(resultType, in(0)[t].bits);
          value.clearSign();
          return scalar(value.bitcastToAPInt());
        });
      })
      .Case([&](LLVM::FMAOp) {
        return perThread([&](unsigned t) {
          APFloat value = toFloat(resultType, in(0)[t].bits);
          value.fusedMultiplyAdd(toFloat(resultType, in(1)[t].bits),
                                 toFloat(resultType, in(2)[t].bits),
                                 APFloat::rmNearestTiesToEven);
          return scalar(resultBits(value));
        });
      })
      .Case([&](NVVM::ThreadIdXOp) {
        return perThread([&](unsigned t) { return scalar(APInt(32, t)); });
      })
      .Case<NVVM::ThreadIdYOp, NVVM::ThreadIdZOp, NVVM::BlockIdXOp,
            NVVM::BlockIdYOp, NVVM::BlockIdZOp>([&](Operation *) {
        return perThread([&](unsigned) { return scalar(APInt(32, 0)); });
      })
      .Case([&](NVVM::ShflOp shfl) {
        if (shfl.getReturnValueAndIsValid())
          return fail(op, "shfl with a validity result is not supported");
        const CtaValue &mask = values[shfl.getThreadMask()];
        const CtaValue &value = values[shfl.getVal()];
        const CtaValue &offset = values[shfl.getOffset()];
        const CtaValue &clamp = values[shfl.getMaskAndClamp()];
        for (unsigned t = 0; t < numThreads; ++t)
          if (!mask[t].bits.isAllOnes())
            return fail(op, "shfl.sync with a partial member mask");
        return perThread([&](unsigned t) {
          // PTX ISA, shfl.sync.
          unsigned lane = t % 32;
          unsigned b = offset[t].bits.getZExtValue() & 31;
          uint64_t c = clamp[t].bits.getZExtValue();
          unsigned cval = c & 31, segMask = (c >> 8) & 31;
          unsigned maxLane = (lane & segMask) | (cval & ~segMask);
          unsigned minLane = lane & segMask;
          int j = lane;
          bool valid = false;
          switch (shfl.getKind()) {
          case NVVM::ShflKind::up:
            j = int(lane) - int(b);
            valid = j >= int(maxLane);
            break;
          case NVVM::ShflKind::down:
            j = lane + b;
            valid = j <= int(maxLane);
            break;
          case NVVM::ShflKind::bfly:
            j = lane ^ b;
            valid = j <= int(maxLane);
            break;
          case NVVM::ShflKind::idx:
            j = minLane | (b & ~segMask);
            valid = j <= int(maxLane);
            break;
          }
          if (!valid)
            j = lane;
          return value[t - lane + j];
        });
      })
      .Case(
          [&](NVVM::LdMatrixOp ldmatrix) { return executeLdmatrix(ldmatrix); })
      .Case(
          [&](NVVM::StMatrixOp stmatrix) { return executeStmatrix(stmatrix); })
      .Case([&](NVVM::Barrier0Op) {
        ++epoch;
        return true;
      })
      .Case([&](LLVM::AddressOfOp) {
        // The function's one scratch buffer starts at offset 0.
        return perThread([&](unsigned) { return scalar(APInt(64, 0)); });
      })
      .Case([&](LLVM::GEPOp gep) {
        auto indices = gep.getIndices();
        if (std::distance(indices.begin(), indices.end()) != 1)
          return fail(op, "only single-index GEPs are supported");
        unsigned size = byteSize(gep.getElemType());
        auto index = *indices.begin();
        const CtaValue &base = values[gep.getBase()];
        if (auto constant = llvm::dyn_cast_if_present<IntegerAttr>(index)) {
          int64_t offset = constant.getInt() * size;
          return perThread([&](unsigned t) {
            return scalar(base[t].bits + APInt(64, offset, true));
          });
        }
        const CtaValue &dynamic = values[cast<Value>(index)];
        return perThread([&](unsigned t) {
          int64_t offset = dynamic[t].bits.getSExtValue() * size;
          return scalar(base[t].bits + APInt(64, offset, true));
        });
      })
      .Case([&](LLVM::StoreOp store) {
        auto ptrType = cast<LLVM::LLVMPointerType>(store.getAddr().getType());
        if (ptrType.getAddressSpace() != 3)
          return fail(op, "only shared-memory stores are supported");
        // Vector stores write their elements in order and, like
        // st.shared.v*, must be aligned to their size.
        Type valueType = store.getValue().getType();
        auto vectorType = dyn_cast<VectorType>(valueType);
        unsigned elementBytes =
            byteSize(vectorType ? vectorType.getElementType() : valueType);
        unsigned bytes =
            elementBytes * (vectorType ? vectorType.getNumElements() : 1);
        const CtaValue &value = values[store.getValue()];
        const CtaValue &address = values[store.getAddr()];
        for (unsigned t = 0; t < numThreads; ++t) {
          int64_t offset = address[t].bits.getSExtValue();
          if (vectorType && offset % bytes != 0)
            return fail(op, "misaligned vector store of " + llvm::Twine(bytes) +
                                " bytes at shared offset " +
                                llvm::Twine(offset));
          APInt bits(bytes * 8, 0);
          if (!vectorType)
            bits = value[t].bits.zext(bytes * 8);
          if (vectorType)
            for (auto [i, element] : llvm::enumerate(value[t].elements))
              bits.insertBits(element.zext(elementBytes * 8),
                              unsigned(i) * elementBytes * 8);
          if (!accessShared(op, t, address[t].bits.getSExtValue(), bytes,
                            /*isWrite=*/true, bits))
            return false;
        }
        return true;
      })
      .Case([&](LLVM::LoadOp load) {
        auto ptrType = cast<LLVM::LLVMPointerType>(load.getAddr().getType());
        if (ptrType.getAddressSpace() != 3)
          return fail(op, "only shared-memory loads are supported");
        // Vector loads read their elements in order and, like ld.shared.v*,
        // must be aligned to their size.
        auto vectorType = dyn_cast<VectorType>(resultType);
        Type elementType =
            vectorType ? vectorType.getElementType() : resultType;
        unsigned count = vectorType ? vectorType.getNumElements() : 1;
        unsigned elementBytes = byteSize(elementType);
        unsigned bytes = elementBytes * count;
        const CtaValue &address = values[load.getAddr()];
        CtaValue result(numThreads);
        for (unsigned t = 0; t < numThreads; ++t) {
          int64_t offset = address[t].bits.getSExtValue();
          if (vectorType && offset % bytes != 0)
            return fail(op, "misaligned vector load of " + llvm::Twine(bytes) +
                                " bytes at shared offset " +
                                llvm::Twine(offset));
          APInt bits;
          if (!accessShared(op, t, offset, bytes, /*isWrite=*/false, bits))
            return false;
          if (!vectorType) {
            result[t] = scalar(bits.trunc(bitWidth(resultType)));
            continue;
          }
          ThreadValue value;
          for (unsigned i = 0; i < count; ++i)
            value.elements.push_back(
                bits.extractBits(bitWidth(elementType), i * elementBytes * 8));
          result[t] = std::move(value);
        }
        values[load.getResult()] = std::move(result);
        return true;
      })
      .Case([&](NVVM::ConvertFloatToTF32Op cvt) {
        if (cvt.getRnd() != NVVM::FPRoundingMode::RNA ||
            cvt.getSat() != NVVM::SaturationMode::NONE || cvt.getRelu())
          return fail(op, "only cvt.rna.tf32.f32 is supported");
        return perThread([&](unsigned t) {
          APFloat value(APFloat::IEEEsingle(), in(0)[t].bits);
          bool losesInfo;
          value.convert(APFloat::FloatTF32(), APFloat::rmNearestTiesToAway,
                        &losesInfo);
          value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
          return scalar(resultBits(value));
        });
      })
      .Case([&](NVVM::ConvertF8x2ToF16x2Op cvt) {
        Type source = cvt.getSrcType();
        return perThread([&](unsigned t) {
          ThreadValue result;
          for (const APInt &byte : in(0)[t].elements)
            result.elements.push_back(convertFloat(
                toFloat(source, byte), Float16Type::get(op->getContext())));
          return result;
        });
      })
      .Case([&](NVVM::DotAccumulate4WayOp dp4a) {
        bool aSigned = dp4a.getAType() == NVVM::DotAccumulateType::SIGNED;
        bool bSigned = dp4a.getBType() == NVVM::DotAccumulateType::SIGNED;
        const CtaValue &a = values[dp4a.getA()], &b = values[dp4a.getB()],
                       &c = values[dp4a.getC()];
        return perThread([&](unsigned t) {
          APInt sum = c[t].bits;
          for (unsigned i = 0; i < 4; ++i) {
            APInt x =
                aSigned ? a[t].elements[i].sext(32) : a[t].elements[i].zext(32);
            APInt y =
                bSigned ? b[t].elements[i].sext(32) : b[t].elements[i].zext(32);
            sum += x * y;
          }
          return scalar(sum);
        });
      })
      .Case([&](LLVM::ReturnOp ret) {
        for (Value operand : ret.getOperands())
          returned.push_back(values[operand]);
        return true;
      })
      .Default([&](Operation *) {
        return fail(op,
                    "unsupported operation " + op->getName().getStringRef());
      });
}
