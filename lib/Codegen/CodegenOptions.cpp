//===- CodegenOptions.cpp -------------------------------------------------===//

#include "tileiras/Codegen/CodegenOptions.h"

using namespace tileiras;
using namespace tileiras::codegen;

llvm::Expected<PtxVersionRequest>
PtxVersionRequest::parse(llvm::StringRef text) {
  PtxVersionRequest request;
  if (text == "min")
    return request;
  if (text == "max") {
    request.kind = Kind::Max;
    return request;
  }
  auto version = targetspec::parsePtxVersion(text);
  if (!version)
    return version.takeError();
  request.kind = Kind::Explicit;
  request.version = *version;
  return request;
}

std::string PtxVersionRequest::str() const {
  switch (kind) {
  case Kind::Min:
    return "min";
  case Kind::Max:
    return "max";
  case Kind::Explicit:
    return version.str();
  }
  return "min";
}
