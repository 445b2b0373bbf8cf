// Uses the C++ API through the shared library.
#include "tileiras/TargetSpec/TargetSpec.h"

#include <cstdio>

int main() {
  using namespace tileiras::targetspec;
  llvm::Expected<Target> t = parseTarget("compute_100f");
  if (!t) {
    std::printf("error: %s\n", llvm::toString(t.takeError()).c_str());
    return 1;
  }
  std::printf("c++: %s min PTX %s, tcgen05 %s\n", t->name().c_str(),
              t->minPtx().str().c_str(),
              targetSupports(*t, InstrFamily::Tcgen05) ? "yes" : "no");
  return 0;
}
