//===- CApi.cpp - stable C API of the target-spec library -----------------===//
//
// Thin wrappers over the C++ tables; see tileiras-c/TargetSpec.h for the
// conventions (caller-owned buffers, required sizes, -1 for bad arguments).
//
//===----------------------------------------------------------------------===//

#include "tileiras-c/TargetSpec.h"

#include "tileiras/TargetSpec/TargetSpec.h"

#include <cstring>

using namespace llvm;
using namespace tileiras::targetspec;

namespace {

/// Copies `s` snprintf-style and returns the bytes the whole string needs.
size_t copyOut(StringRef s, char *buf, size_t bufSize) {
  if (buf && bufSize > 0) {
    size_t n = std::min(s.size(), bufSize - 1);
    std::memcpy(buf, s.data(), n);
    buf[n] = '\0';
  }
  return s.size() + 1;
}

void putPtx(PtxVersion v, unsigned *major, unsigned *minor) {
  if (major)
    *major = v.major;
  if (minor)
    *minor = v.minor;
}

const Target *targetAt(size_t index) {
  ArrayRef<Target> targets = acceptedTargets();
  return index < targets.size() ? &targets[index] : nullptr;
}

/// Any accepted spelling; the error, if any, is dropped.
std::optional<Target> parseQuiet(const char *spelling) {
  if (!spelling)
    return std::nullopt;
  Expected<Target> t = parseTarget(spelling);
  if (!t) {
    consumeError(t.takeError());
    return std::nullopt;
  }
  return *t;
}

std::optional<InstrFamily> familyNamed(const char *name) {
  if (!name)
    return std::nullopt;
  return lookupInstrFamily(name);
}

} // namespace

extern "C" {

unsigned tileirasTSGetApiVersion(void) { return TILEIRAS_TS_API_VERSION; }

size_t tileirasTSGetNumTargets(void) { return acceptedTargets().size(); }

size_t tileirasTSGetTargetName(size_t index, char *buf, size_t bufSize) {
  const Target *t = targetAt(index);
  return t ? copyOut(t->name(), buf, bufSize) : 0;
}

int tileirasTSGetTargetSm(size_t index) {
  const Target *t = targetAt(index);
  return t ? int(t->sm) : -1;
}

size_t tileirasTSGetTargetVariant(size_t index, char *buf, size_t bufSize) {
  const Target *t = targetAt(index);
  return t ? copyOut(t->suffix(), buf, bufSize) : 0;
}

size_t tileirasTSGetTargetFamily(size_t index, char *buf, size_t bufSize) {
  const Target *t = targetAt(index);
  return t ? copyOut(t->arch().family, buf, bufSize) : 0;
}

int tileirasTSGetTargetCudaArch(size_t index) {
  const Target *t = targetAt(index);
  return t ? int(t->cudaArch()) : -1;
}

int tileirasTSGetTargetMinPtx(size_t index, unsigned *major, unsigned *minor) {
  const Target *t = targetAt(index);
  if (!t)
    return 0;
  putPtx(t->minPtx(), major, minor);
  return 1;
}

int tileirasTSGetTargetLlvmMinPtx(size_t index, unsigned *major,
                                  unsigned *minor) {
  const Target *t = targetAt(index);
  if (!t)
    return 0;
  putPtx(t->llvmMinPtx(), major, minor);
  return 1;
}

int tileirasTSGetTargetPtxasMinPtx(size_t index, unsigned *major,
                                   unsigned *minor) {
  const Target *t = targetAt(index);
  if (!t)
    return 0;
  putPtx(t->ptxasMinPtx(), major, minor);
  return 1;
}

int tileirasTSGetTargetHasTMem(size_t index) {
  const Target *t = targetAt(index);
  return t ? int(t->hasTMem()) : -1;
}

int tileirasTSParseTarget(const char *spelling, char *buf, size_t bufSize,
                          size_t *required) {
  std::string out;
  int ok = 0;
  Expected<Target> t = parseTarget(spelling ? spelling : "");
  if (t) {
    out = t->name();
    ok = 1;
  } else {
    out = toString(t.takeError());
  }
  size_t needed = copyOut(out, buf, bufSize);
  if (required)
    *required = needed;
  return ok;
}

int tileirasTSMinPtx(const char *target, unsigned *major, unsigned *minor) {
  std::optional<Target> t = parseQuiet(target);
  if (!t)
    return 0;
  putPtx(t->minPtx(), major, minor);
  return 1;
}

int tileirasTSHasTMem(const char *target) {
  std::optional<Target> t = parseQuiet(target);
  return t ? int(t->hasTMem()) : -1;
}

int tileirasTSRunsOn(const char *code, unsigned deviceSm) {
  std::optional<Target> t = parseQuiet(code);
  return t ? int(runsOn(*t, deviceSm)) : -1;
}

size_t tileirasTSGetNumFamilies(void) { return getInstrFamilyTable().size(); }

size_t tileirasTSGetFamilyName(size_t index, char *buf, size_t bufSize) {
  ArrayRef<InstrFamilyInfo> table = getInstrFamilyTable();
  return index < table.size() ? copyOut(table[index].name, buf, bufSize) : 0;
}

int tileirasTSSupportsFamily(const char *target, const char *family) {
  std::optional<Target> t = parseQuiet(target);
  std::optional<InstrFamily> f = familyNamed(family);
  if (!t || !f)
    return -1;
  return int(targetSupports(*t, *f));
}

int tileirasTSFamilyRequiredPtx(const char *target, const char *family,
                                unsigned *major, unsigned *minor) {
  std::optional<Target> t = parseQuiet(target);
  std::optional<InstrFamily> f = familyNamed(family);
  if (!t || !f)
    return 0;
  putPtx(requiredPtx(*t, *f), major, minor);
  return 1;
}

int tileirasTSIntrinsicRequiredPtx(const char *target, const char *intrinsic,
                                   unsigned *major, unsigned *minor) {
  std::optional<Target> t = parseQuiet(target);
  if (!t)
    return 0;
  putPtx(requiredPtxForIntrinsic(*t, intrinsic ? intrinsic : ""), major, minor);
  return 1;
}

size_t tileirasTSUnsupportedFamilyMessage(const char *target,
                                          const char *family, char *buf,
                                          size_t bufSize) {
  std::optional<Target> t = parseQuiet(target);
  std::optional<InstrFamily> f = familyNamed(family);
  if (!t || !f)
    return 0;
  return copyOut(unsupportedFamilyMessage(*t, *f), buf, bufSize);
}

size_t tileirasTSClassifyIntrinsic(const char *name, char *buf,
                                   size_t bufSize) {
  if (!name)
    return 0;
  std::optional<InstrFamily> f = classifyNvvmIntrinsic(name);
  return f ? copyOut(getInstrFamilyInfo(*f).name, buf, bufSize) : 0;
}

size_t tileirasTSGetNumKnownPtxVersions(void) {
  return knownPtxVersions().size();
}

int tileirasTSGetKnownPtxVersion(size_t index, unsigned *major,
                                 unsigned *minor) {
  ArrayRef<PtxVersion> known = knownPtxVersions();
  if (index >= known.size())
    return 0;
  putPtx(known[index], major, minor);
  return 1;
}

int tileirasTSParsePtxVersion(const char *text, unsigned *major,
                              unsigned *minor, char *buf, size_t bufSize,
                              size_t *required) {
  Expected<PtxVersion> v = parsePtxVersion(text ? text : "");
  std::string out;
  int ok = 0;
  if (v) {
    putPtx(*v, major, minor);
    out = v->str();
    ok = 1;
  } else {
    out = toString(v.takeError());
  }
  size_t needed = copyOut(out, buf, bufSize);
  if (required)
    *required = needed;
  return ok;
}

void tileirasTSNewestLlvmPtx(unsigned *major, unsigned *minor) {
  putPtx(newestLlvmPtx(), major, minor);
}

int tileirasTSPtxForPtxasVersion(const char *versionText, unsigned *major,
                                 unsigned *minor) {
  if (!versionText)
    return 0;
  std::optional<PtxVersion> v = newestPtxForPtxasVersionOutput(versionText);
  if (!v)
    return 0;
  putPtx(*v, major, minor);
  return 1;
}

int tileirasTSPtxasValidates(const char *name) {
  return name && ptxasValidates(name) ? 1 : 0;
}

} // extern "C"
