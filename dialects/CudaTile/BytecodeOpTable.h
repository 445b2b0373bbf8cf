//===- BytecodeOpTable.h - Tile IR opcodes and their record layouts -------===//
//
// Shared by the reader and the writer: opcode -> op name, record kind and
// the first 13.x version that has the op.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_BYTECODEOPTABLE_H
#define TILEIRAS_DIALECT_CUDATILE_BYTECODEOPTABLE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tileiras::cuda_tile {

enum class Kind {
  Unary,
  Binary,
  Select,
  Five,
  FBinRnd,
  Fma,
  Sqrt,
  FtzUnary,
  NanFtz,
  Exp,
  Tanh,
  IOvf,
  NegI,
  TruncI,
  ISign,
  DivI,
  CmpF,
  CmpI,
  ExtI,
  FToI,
  IToF,
  FToF,
  MmaI,
  MmaF,
  Cat,
  Permute,
  Constant,
  NoOperand,
  Grid,
  GetGlobal,
  Assume,
  Assert,
  Alloca,
  AllOperands,
  ShapeQuery,
  MakeTensorView,
  LoadPtr,
  StorePtr,
  LoadView,
  StoreView,
  AtomicCas,
  AtomicRmw,
  AtomicRed,
  Print,
  Terminator,
  For,
  Loop,
  If,
  Reduce,
  Scan,
  Invalid
};

struct OpInfo {
  const char *name;
  Kind kind;
  unsigned minor; // first 13.x version with the opcode
};

/// The op with `opcode`; name is null for unassigned opcodes.
inline OpInfo lookup(uint64_t opcode) {
  static const OpInfo table[] = {{"absf", Kind::Unary, 1},
                                 {"absi", Kind::Unary, 1},
                                 {"addf", Kind::FBinRnd, 1},
                                 {"addi", Kind::IOvf, 1},
                                 {"andi", Kind::Binary, 1},
                                 {"assert", Kind::Assert, 1},
                                 {"assume", Kind::Assume, 1},
                                 {"atomic_cas_tko", Kind::AtomicCas, 1},
                                 {"atomic_rmw_tko", Kind::AtomicRmw, 1},
                                 {"bitcast", Kind::Unary, 1},
                                 {"break", Kind::Terminator, 1},
                                 {"broadcast", Kind::Unary, 1},
                                 {"cat", Kind::Cat, 1},
                                 {"ceil", Kind::Unary, 1},
                                 {"cmpf", Kind::CmpF, 1},
                                 {"cmpi", Kind::CmpI, 1},
                                 {"constant", Kind::Constant, 1},
                                 {"continue", Kind::Terminator, 1},
                                 {"cos", Kind::Unary, 1},
                                 {"cosh", Kind::Unary, 1},
                                 {"divf", Kind::FBinRnd, 1},
                                 {"divi", Kind::DivI, 1},
                                 {"entry", Kind::Invalid, 1},
                                 {"exp", Kind::Exp, 1},
                                 {"exp2", Kind::FtzUnary, 1}};
  static const OpInfo table2[] = {
      {"exti", Kind::ExtI, 1},
      {"extract", Kind::AllOperands, 1},
      {"floor", Kind::Unary, 1},
      {"fma", Kind::Fma, 1},
      {"for", Kind::For, 1},
      {"ftof", Kind::FToF, 1},
      {"ftoi", Kind::FToI, 1},
      {"get_global", Kind::GetGlobal, 1},
      {"get_index_space_shape", Kind::ShapeQuery, 1},
      {"get_num_tile_blocks", Kind::Grid, 1},
      {"get_tensor_shape", Kind::ShapeQuery, 1},
      {"get_tile_block_id", Kind::Grid, 1},
      {"global", Kind::Invalid, 1},
      {"if", Kind::If, 1},
      {"int_to_ptr", Kind::Unary, 1}};
  static const OpInfo table3[] = {{"iota", Kind::NoOperand, 1},
                                  {"itof", Kind::IToF, 1},
                                  {"join_tokens", Kind::AllOperands, 1},
                                  {"load_ptr_tko", Kind::LoadPtr, 1},
                                  {"load_view_tko", Kind::LoadView, 1},
                                  {"log", Kind::Unary, 1},
                                  {"log2", Kind::Unary, 1},
                                  {"loop", Kind::Loop, 1},
                                  {"make_partition_view", Kind::Unary, 1},
                                  {"make_tensor_view", Kind::MakeTensorView, 1},
                                  {"make_token", Kind::NoOperand, 1},
                                  {"maxf", Kind::NanFtz, 1},
                                  {"maxi", Kind::ISign, 1},
                                  {"minf", Kind::NanFtz, 1},
                                  {"mini", Kind::ISign, 1},
                                  {"mmaf", Kind::MmaF, 1},
                                  {"mmai", Kind::MmaI, 1},
                                  {"module", Kind::Invalid, 1},
                                  {"mulf", Kind::FBinRnd, 1},
                                  {"mulhii", Kind::Binary, 1},
                                  {"muli", Kind::IOvf, 1},
                                  {"negf", Kind::Unary, 1},
                                  {"negi", Kind::NegI, 1},
                                  {"offset", Kind::Binary, 1},
                                  {"ori", Kind::Binary, 1},
                                  {"permute", Kind::Permute, 1},
                                  {"pow", Kind::Binary, 1},
                                  {"print_tko", Kind::Print, 1},
                                  {"ptr_to_int", Kind::Unary, 1},
                                  {"ptr_to_ptr", Kind::Unary, 1},
                                  {"reduce", Kind::Reduce, 1},
                                  {"remf", Kind::Binary, 1},
                                  {"remi", Kind::ISign, 1},
                                  {"reshape", Kind::Unary, 1},
                                  {"return", Kind::Terminator, 1},
                                  {"rsqrt", Kind::FtzUnary, 1},
                                  {"scan", Kind::Scan, 1},
                                  {"select", Kind::Select, 1},
                                  {"shli", Kind::IOvf, 1},
                                  {"shri", Kind::ISign, 1},
                                  {"sin", Kind::Unary, 1},
                                  {"sinh", Kind::Unary, 1},
                                  {"sqrt", Kind::Sqrt, 1},
                                  {"store_ptr_tko", Kind::StorePtr, 1},
                                  {"store_view_tko", Kind::StoreView, 1},
                                  {"subf", Kind::FBinRnd, 1},
                                  {"subi", Kind::IOvf, 1},
                                  {"tan", Kind::Unary, 1},
                                  {"tanh", Kind::Tanh, 1},
                                  {"trunci", Kind::TruncI, 1},
                                  {"xori", Kind::Binary, 1},
                                  {"yield", Kind::Terminator, 1},
                                  {"atan2", Kind::Binary, 2},
                                  {"pack", Kind::Unary, 3},
                                  {"unpack", Kind::Unary, 3},
                                  {"alloca", Kind::Alloca, 3},
                                  {"mmaf_scaled", Kind::Five, 3},
                                  {"make_gather_scatter_view", Kind::Unary, 3},
                                  {"make_strided_view", Kind::Unary, 3},
                                  {"atomic_red_view_tko", Kind::AtomicRed, 3}};
  // 0x00-0x18, 0x25-0x33, 0x3A-0x75; the gaps are unassigned.
  if (opcode <= 0x18)
    return table[opcode];
  if (opcode >= 0x25 && opcode <= 0x33)
    return table2[opcode - 0x25];
  if (opcode >= 0x3A && opcode <= 0x75)
    return table3[opcode - 0x3A];
  return {nullptr, Kind::Invalid, 0};
}

/// The opcode of op `name` (without the dialect prefix).
inline std::optional<uint64_t> findOpcode(llvm::StringRef name) {
  for (uint64_t opcode = 0; opcode <= 0x75; ++opcode) {
    OpInfo info = lookup(opcode);
    if (info.name && info.kind != Kind::Invalid && name == info.name)
      return opcode;
  }
  return std::nullopt;
}

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_BYTECODEOPTABLE_H
