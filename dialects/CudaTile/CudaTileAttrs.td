//===- CudaTileAttrs.td - cuda_tile enums and attributes ---*- tablegen -*-===//
//
// Enum values equal their bytecode encoding. Enums are stored as i32
// integer attributes and printed as keywords.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_ATTRS_TD
#define TILEIRAS_DIALECT_CUDATILE_ATTRS_TD

include "CudaTileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class CudaTile_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::tileiras::cuda_tile";
}

def CudaTile_Signedness : CudaTile_Enum<"Signedness", "signedness", [
  I32EnumAttrCase<"Unsigned", 0, "unsigned">,
  I32EnumAttrCase<"Signed", 1, "signed">]>;

def CudaTile_Overflow : CudaTile_Enum<"Overflow", "integer overflow flags", [
  I32EnumAttrCase<"None", 0, "none">,
  I32EnumAttrCase<"NoSignedWrap", 1, "no_signed_wrap">,
  I32EnumAttrCase<"NoUnsignedWrap", 2, "no_unsigned_wrap">,
  I32EnumAttrCase<"NoWrap", 3, "no_wrap">]>;

def CudaTile_Rounding : CudaTile_Enum<"Rounding", "rounding mode", [
  I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
  I32EnumAttrCase<"Zero", 1, "zero">,
  I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
  I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
  I32EnumAttrCase<"Approx", 4, "approx">,
  I32EnumAttrCase<"Full", 5, "full">,
  I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">]>;

def CudaTile_Predicate : CudaTile_Enum<"ComparisonPredicate",
                                       "comparison predicate", [
  I32EnumAttrCase<"Equal", 0, "equal">,
  I32EnumAttrCase<"NotEqual", 1, "not_equal">,
  I32EnumAttrCase<"LessThan", 2, "less_than">,
  I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
  I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
  I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">]>;

def CudaTile_Ordering : CudaTile_Enum<"ComparisonOrdering",
                                      "float comparison ordering", [
  I32EnumAttrCase<"Unordered", 0, "unordered">,
  I32EnumAttrCase<"Ordered", 1, "ordered">]>;

def CudaTile_MemoryOrdering : CudaTile_Enum<"MemoryOrdering",
                                            "memory ordering", [
  I32EnumAttrCase<"Weak", 0, "weak">,
  I32EnumAttrCase<"Relaxed", 1, "relaxed">,
  I32EnumAttrCase<"Acquire", 2, "acquire">,
  I32EnumAttrCase<"Release", 3, "release">,
  I32EnumAttrCase<"AcqRel", 4, "acq_rel">]>;

def CudaTile_MemoryScope : CudaTile_Enum<"MemoryScope", "memory scope", [
  I32EnumAttrCase<"TlBlk", 0, "tl_blk">,
  I32EnumAttrCase<"Device", 1, "device">,
  I32EnumAttrCase<"Sys", 2, "sys">]>;

def CudaTile_AtomicMode : CudaTile_Enum<"AtomicMode", "atomic operation", [
  I32EnumAttrCase<"And", 0, "and">,
  I32EnumAttrCase<"Or", 1, "or">,
  I32EnumAttrCase<"Xor", 2, "xor">,
  I32EnumAttrCase<"Add", 3, "add">,
  I32EnumAttrCase<"AddF", 4, "addf">,
  I32EnumAttrCase<"Max", 5, "max">,
  I32EnumAttrCase<"Min", 6, "min">,
  I32EnumAttrCase<"UMax", 7, "umax">,
  I32EnumAttrCase<"UMin", 8, "umin">,
  I32EnumAttrCase<"Xchg", 9, "xchg">]>;

def CudaTile_PaddingValue : CudaTile_Enum<"PaddingValue", "padding value", [
  I32EnumAttrCase<"Zero", 0, "zero">,
  I32EnumAttrCase<"NegZero", 1, "neg_zero">,
  I32EnumAttrCase<"Nan", 2, "nan">,
  I32EnumAttrCase<"PosInf", 3, "pos_inf">,
  I32EnumAttrCase<"NegInf", 4, "neg_inf">]>;

class CudaTile_Attr<string name, string attrMnemonic>
    : AttrDef<CudaTile_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_OptimizationHintsAttr
    : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  let summary = "per-architecture hints: arch key -> dictionary of hints";
  let parameters = (ins "::mlir::DictionaryAttr":$hints);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The integer hint `name` for `arch` (e.g. "sm_100"), else for
    /// "default"; std::nullopt when neither sets it.
    std::optional<int64_t> getInt(::llvm::StringRef arch,
                                  ::llvm::StringRef name) const;
  }];
}

def CudaTile_DivByAttr : CudaTile_Attr<"DivBy", "div_by"> {
  let summary = "assume predicate: divisible by a power of two";
  // every/along are -1 when absent.
  let parameters = (ins "uint64_t":$divisor, "int64_t":$every,
                        "int64_t":$along);
  let genVerifyDecl = 1;
}

def CudaTile_SameElementsAttr : CudaTile_Attr<"SameElements", "same_elements"> {
  let summary = "assume predicate: groups of equal values";
  let parameters = (ins ArrayRefParameter<"int64_t">:$values);
}

def CudaTile_BoundedAttr : CudaTile_Attr<"Bounded", "bounded"> {
  let summary = "assume predicate: inclusive signed bounds";
  let parameters = (ins "std::optional<int64_t>":$lb,
                        "std::optional<int64_t>":$ub);
}


//===----------------------------------------------------------------------===//
// Debug information (CudaTileDebugInfo.cpp). Printed with aliases
// (#di_file, #di_subprogram, ...) as NVIDIA's tools print them.
//===----------------------------------------------------------------------===//

def CudaTile_DIFileAttr : CudaTile_Attr<"DIFile", "di_file"> {
  let summary = "debug info: a source file and its directory";
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$directory);
}

def CudaTile_DICompileUnitAttr
    : CudaTile_Attr<"DICompileUnit", "di_compile_unit"> {
  let summary = "debug info: a compile unit";
  let parameters = (ins "DIFileAttr":$file);
}

def CudaTile_DISubprogramAttr : CudaTile_Attr<"DISubprogram", "di_subprogram"> {
  let summary = "debug info: a function";
  let parameters = (ins "DIFileAttr":$file, "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit,
                        "std::optional<unsigned>":$scopeLine);
}

def CudaTile_DILexicalBlockAttr
    : CudaTile_Attr<"DILexicalBlock", "di_lexical_block"> {
  let summary = "debug info: a lexical block inside a subprogram or block";
  let parameters = (ins "::mlir::Attribute":$scope, "DIFileAttr":$file,
                        "unsigned":$line, "unsigned":$column);
  let genVerifyDecl = 1;
}

def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let mnemonic = "di_loc";
  let summary = "debug info: a file location inside a scope";
  let parameters = (ins "::mlir::FileLineColLoc":$loc,
                        "::mlir::Attribute":$scope);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TILEIRAS_DIALECT_CUDATILE_ATTRS_TD
