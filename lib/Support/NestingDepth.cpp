//===- NestingDepth.cpp - reject absurdly nested input --------------------===//

#include "tileiras/Support/NestingDepth.h"

#include "llvm/Support/SourceMgr.h"

#include <algorithm>

bool tileiras::checkNestingDepth(llvm::MemoryBufferRef buffer,
                                 llvm::raw_ostream &os) {
  llvm::StringRef text = buffer.getBuffer();
  if (text.starts_with("ML\xefR"))
    return true;
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = std::min(text.find('\n', i), e);
      continue;
    }
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '-' && i + 1 < e && text[i + 1] == '>') {
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth <= kMaxNestingDepth)
        continue;
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer(buffer,
                                           /*RequiresNullTerminator=*/false),
          llvm::SMLoc());
      sourceMgr.PrintMessage(os, llvm::SMLoc::getFromPointer(text.data() + i),
                             llvm::SourceMgr::DK_Error,
                             "input nests deeper than " +
                                 llvm::Twine(kMaxNestingDepth) +
                                 " levels, which is not supported");
      return false;
    }
    if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0)
      --depth;
  }
  return true;
}
