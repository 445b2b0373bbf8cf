//===- DenseArrayCheck.cpp - reject dense arrays of index -----------------===//

#include "tileiras/Support/DenseArrayCheck.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace llvm;

static bool isIdentifierChar(char c) {
  return isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '!' ||
         c == '#' || c == '@' || c == '%' || c == '-';
}

/// The type token starting at `pos`: a keyword or a `!alias` name.
static StringRef typeTokenAt(StringRef text, size_t pos) {
  size_t end = pos;
  while (end < text.size() && (isIdentifierChar(text[end]) && text[end] != '-'))
    ++end;
  return text.slice(pos, end);
}

/// `!name = <value>` definitions at the start of a line (type aliases).
static StringMap<StringRef> collectTypeAliases(StringRef text) {
  StringMap<StringRef> aliases;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.ltrim();
    if (!line.starts_with("!"))
      continue;
    auto [name, rest] = line.split('=');
    name = name.trim();
    rest = rest.split("//").first.trim();
    if (!rest.empty() && !name.empty() && typeTokenAt(name, 0) == name)
      aliases[name] = typeTokenAt(rest, 0);
  }
  return aliases;
}

/// Whether the type token names `index`, directly or through aliases.
static bool namesIndex(StringRef token,
                       std::optional<StringMap<StringRef>> &aliases,
                       StringRef text) {
  for (unsigned hops = 0; hops < 16; ++hops) {
    if (token == "index")
      return true;
    if (!token.starts_with("!"))
      return false;
    if (!aliases)
      aliases = collectTypeAliases(text);
    auto it = aliases->find(token);
    if (it == aliases->end())
      return false;
    token = it->second;
  }
  return false;
}

bool tileiras::checkDenseArrayElementTypes(MemoryBufferRef buffer,
                                           raw_ostream &os) {
  StringRef text = buffer.getBuffer();
  if (text.starts_with("ML\xefR"))
    return true;
  std::optional<StringMap<StringRef>> aliases;
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
    if (c != 'a' || !text.substr(i).starts_with("array") ||
        (i > 0 && isIdentifierChar(text[i - 1])))
      continue;
    size_t pos = text.find_first_not_of(" \t\r\n", i + 5);
    if (pos == StringRef::npos || text[pos] != '<')
      continue;
    pos = text.find_first_not_of(" \t\r\n", pos + 1);
    if (pos == StringRef::npos)
      return true;
    if (!namesIndex(typeTokenAt(text, pos), aliases, text))
      continue;
    SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        MemoryBuffer::getMemBuffer(buffer, /*RequiresNullTerminator=*/false),
        SMLoc());
    sourceMgr.PrintMessage(os, SMLoc::getFromPointer(text.data() + pos),
                           SourceMgr::DK_Error,
                           "a dense array cannot hold 'index' elements; use "
                           "a fixed-width integer type such as i64");
    return false;
  }
  return true;
}
