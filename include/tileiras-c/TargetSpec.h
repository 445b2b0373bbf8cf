/*===- tileiras-c/TargetSpec.h - stable C API of the target-spec library --===*\
|*                                                                            *|
|* A plain C99 interface to the same tables the C++ library answers from:     *|
|* the accepted GPU targets, their facts, parsing of user spellings, PTX ISA  *|
|* versions and instruction-family legality. Meant for the Python package and *|
|* for tools in other languages; both libtileiras-targetspec.so and the       *|
|* static library export it.                                                  *|
|*                                                                            *|
|* Conventions                                                                *|
|*  - Strings out: the caller passes `buf` and `bufSize`. The function writes *|
|*    at most `bufSize` bytes, always NUL-terminated when `bufSize > 0`, and  *|
|*    returns the number of bytes the complete string needs, terminating NUL  *|
|*    included. Call once with (NULL, 0) to size the buffer. A return value   *|
|*    of 0 means there is no string (an index out of range, an unknown name).*|
|*  - Integer queries return -1 for an invalid argument (index out of range,  *|
|*    a spelling that is not an accepted target, an unknown family name).    *|
|*  - Target arguments accept every spelling the driver accepts: "sm_90a",   *|
|*    "compute_90a", "90a".                                                   *|
|*  - Nothing here throws, allocates memory the caller must free, or keeps    *|
|*    state between calls; every function is safe to call from any thread.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILEIRAS_C_TARGETSPEC_H
#define TILEIRAS_C_TARGETSPEC_H

#include <stddef.h>

#if defined(_WIN32)
#define TILEIRAS_TS_EXPORT __declspec(dllexport)
#else
#define TILEIRAS_TS_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this interface. Incremented when a function is added;
 *  existing functions never change meaning. */
#define TILEIRAS_TS_API_VERSION 1

/** The API version the library was built with (TILEIRAS_TS_API_VERSION). */
TILEIRAS_TS_EXPORT unsigned tileirasTSGetApiVersion(void);

/*===-- Accepted targets
 * ---------------------------------------------------===*/

/** Number of targets the driver accepts (sm_75 .. sm_121f). */
TILEIRAS_TS_EXPORT size_t tileirasTSGetNumTargets(void);

/** Canonical name of the index-th target ("sm_90a"). */
TILEIRAS_TS_EXPORT size_t tileirasTSGetTargetName(size_t index, char *buf,
                                                  size_t bufSize);
/** SM number of the index-th target (90 for sm_90a), or -1. */
TILEIRAS_TS_EXPORT int tileirasTSGetTargetSm(size_t index);
/** Variant suffix of the index-th target: "", "a" or "f". */
TILEIRAS_TS_EXPORT size_t tileirasTSGetTargetVariant(size_t index, char *buf,
                                                     size_t bufSize);
/** Architecture family as ptxas names it ("Hopper"). */
TILEIRAS_TS_EXPORT size_t tileirasTSGetTargetFamily(size_t index, char *buf,
                                                    size_t bufSize);
/** __CUDA_ARCH__ of the index-th target (900 for sm_90a), or -1. */
TILEIRAS_TS_EXPORT int tileirasTSGetTargetCudaArch(size_t index);
/** Minimum PTX ISA of the index-th target. Returns 1, or 0 when the index is
 *  out of range (outputs untouched). Either output may be NULL. */
TILEIRAS_TS_EXPORT int tileirasTSGetTargetMinPtx(size_t index, unsigned *major,
                                                 unsigned *minor);
/** The two sides of the minimum separately: what LLVM 22 accepts and what
 *  ptxas 13.0 accepts (they differ only on sm_88). Same returns as
 *  tileirasTSGetTargetMinPtx. */
TILEIRAS_TS_EXPORT int
tileirasTSGetTargetLlvmMinPtx(size_t index, unsigned *major, unsigned *minor);
TILEIRAS_TS_EXPORT int
tileirasTSGetTargetPtxasMinPtx(size_t index, unsigned *major, unsigned *minor);
/** 1 when the index-th target has tensor memory (tcgen05), 0 when not, -1. */
TILEIRAS_TS_EXPORT int tileirasTSGetTargetHasTMem(size_t index);

/*===-- Spellings
 * ----------------------------------------------------------===*/

/** Parses a user spelling. On success returns 1 and writes the canonical
 *  name ("90a" -> "sm_90a"); on failure returns 0 and writes the complete
 *  error message meant for the user. `required`, when not NULL, receives the
 *  bytes the complete output needs (terminating NUL included). */
TILEIRAS_TS_EXPORT int tileirasTSParseTarget(const char *spelling, char *buf,
                                             size_t bufSize, size_t *required);

/*===-- Facts by target name
 * -----------------------------------------------===*/

/** Minimum PTX ISA for a target (the stricter of LLVM 22 and ptxas 13.0).
 *  Returns 1, or 0 when `target` is not an accepted spelling. */
TILEIRAS_TS_EXPORT int tileirasTSMinPtx(const char *target, unsigned *major,
                                        unsigned *minor);
/** 1 if the target has tensor memory, 0 if not, -1 for an invalid target. */
TILEIRAS_TS_EXPORT int tileirasTSHasTMem(const char *target);
/** 1 if code built for `code` runs on a device with SM number `deviceSm`
 *  (e.g. 103 for a B300), 0 if not, -1 for an invalid target. */
TILEIRAS_TS_EXPORT int tileirasTSRunsOn(const char *code, unsigned deviceSm);

/*===-- Instruction families
 * -----------------------------------------------===*/

/** Number of instruction families. */
TILEIRAS_TS_EXPORT size_t tileirasTSGetNumFamilies(void);
/** Name of the index-th family ("wgmma", "tcgen05", "cp.async", ...). */
TILEIRAS_TS_EXPORT size_t tileirasTSGetFamilyName(size_t index, char *buf,
                                                  size_t bufSize);
/** 1 if the target may use the named family, 0 if not, -1 when the target
 *  or the family name is unknown. */
TILEIRAS_TS_EXPORT int tileirasTSSupportsFamily(const char *target,
                                                const char *family);
/** PTX ISA a module needs on `target` when it uses `family` (the larger of
 *  the two minimums). Returns 1, or 0 for an unknown target or family. */
TILEIRAS_TS_EXPORT int tileirasTSFamilyRequiredPtx(const char *target,
                                                   const char *family,
                                                   unsigned *major,
                                                   unsigned *minor);
/** PTX ISA a module needs on `target` for one NVVM intrinsic (the larger of
 *  the intrinsic's and the target's minimum). Returns 1, or 0 for an unknown
 *  target. An intrinsic every target has needs the target's minimum. */
TILEIRAS_TS_EXPORT int tileirasTSIntrinsicRequiredPtx(const char *target,
                                                      const char *intrinsic,
                                                      unsigned *major,
                                                      unsigned *minor);
/** The diagnostic for a target that may not use a family ("wgmma requires
 *  sm_90a; the target is sm_90"); 0 for an unknown target or family. */
TILEIRAS_TS_EXPORT size_t tileirasTSUnsupportedFamilyMessage(const char *target,
                                                             const char *family,
                                                             char *buf,
                                                             size_t bufSize);
/** Family of an LLVM NVVM intrinsic ("llvm.nvvm.wgmma.fence.sync.aligned"
 *  -> "wgmma"); 0 when the intrinsic is available on every target. */
TILEIRAS_TS_EXPORT size_t tileirasTSClassifyIntrinsic(const char *name,
                                                      char *buf,
                                                      size_t bufSize);

/*===-- PTX ISA versions
 * ---------------------------------------------------===*/

/** Number of PTX ISA versions the embedded LLVM can emit (3.2 .. 9.0). */
TILEIRAS_TS_EXPORT size_t tileirasTSGetNumKnownPtxVersions(void);
/** The index-th of them, ascending. Returns 1, or 0 out of range. */
TILEIRAS_TS_EXPORT int
tileirasTSGetKnownPtxVersion(size_t index, unsigned *major, unsigned *minor);
/** Parses "8.4". For a version LLVM can emit, returns 1, sets the outputs
 *  and writes the canonical text; otherwise returns 0 and writes the complete
 *  user-facing error to `buf` (`required` as in tileirasTSParseTarget; it and
 *  the outputs may be NULL). */
TILEIRAS_TS_EXPORT int
tileirasTSParsePtxVersion(const char *text, unsigned *major, unsigned *minor,
                          char *buf, size_t bufSize, size_t *required);
/** The newest PTX ISA the embedded LLVM can emit (9.0). */
TILEIRAS_TS_EXPORT void tileirasTSNewestLlvmPtx(unsigned *major,
                                                unsigned *minor);
/** Newest PTX ISA the ptxas that printed `versionText` (the output of
 *  `ptxas --version`) accepts. Returns 1, or 0 when the text names no CUDA
 *  release or a release that does not exist. */
TILEIRAS_TS_EXPORT int tileirasTSPtxForPtxasVersion(const char *versionText,
                                                    unsigned *major,
                                                    unsigned *minor);

/*===-- ptxas
 * --------------------------------------------------------------===*/

/** 1 if ptxas 13.0 accepts `name` in a PTX .target directive ("sm_101" and
 *  the legacy sm_1x..sm_7x names do; "sm_90f" does not), else 0. Its
 *  --gpu-name option accepts only the accepted targets' names. */
TILEIRAS_TS_EXPORT int tileirasTSPtxasValidates(const char *name);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TILEIRAS_C_TARGETSPEC_H */
