//===- Diagnostics.cpp ----------------------------------------------------===//

#include "tileiras/Codegen/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace tileiras;
using namespace tileiras::codegen;

char LocatedError::ID = 0;

void LocatedError::log(llvm::raw_ostream &os) const {
  if (!location.empty())
    os << location << ": ";
  os << message;
}

std::error_code LocatedError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}
