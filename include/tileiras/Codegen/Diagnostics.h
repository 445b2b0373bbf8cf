//===- Diagnostics.h - located errors from the codegen layer ----*- C++ -*-===//
//
// Errors that point at a place in the user's kernel. The LLVM IR carries the
// MLIR locations as debug locations while the legality check runs, so a
// failure can name "kernel.mlir:12:5" rather than an LLVM instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_DIAGNOSTICS_H
#define TILEIRAS_CODEGEN_DIAGNOSTICS_H

#include "llvm/Support/Error.h"

#include <string>

namespace tileiras::codegen {

/// One error with an optional "file:line:col" location.
class LocatedError : public llvm::ErrorInfo<LocatedError> {
public:
  static char ID;

  LocatedError(std::string location, std::string message)
      : location(std::move(location)), message(std::move(message)) {}

  /// "file:line:col: message", or just the message without a location.
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  const std::string &getLocation() const { return location; }
  const std::string &getMessage() const { return message; }

private:
  std::string location;
  std::string message;
};

inline llvm::Error makeLocatedError(std::string location, std::string message) {
  return llvm::make_error<LocatedError>(std::move(location),
                                        std::move(message));
}

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_DIAGNOSTICS_H
