/*===- tileiras-c/Driver.h - stable C API of the tileiras driver ----------===*\
|*                                                                            *|
|* Compiles nv_tileaa MLIR (text or bytecode) in-process, with the same       *|
|* options as the `tileiras` command line, for one or several targets, to     *|
|* PTX, cubin, fatbin, LLVM IR or MLIR. Outputs, the kernel metadata JSON     *|
|* (docs/cli.md, "Kernel metadata") and the diagnostics come back in memory;  *|
|* nothing is printed and no output file is written. Exported by              *|
|* libtileiras-driver.so; the Python package loads it with ctypes.            *|
|*                                                                            *|
|* Conventions                                                                *|
|*  - tileirasDriverCompile always returns a result (NULL only when memory    *|
|*    runs out); release it with tileirasDriverResultDestroy.                 *|
|*  - Strings returned by the accessors belong to the result and live until  *|
|*    it is destroyed. Output data may hold NUL bytes (cubins): use the size. *|
|*  - Indices out of range give NULL / 0 / -1.                                *|
|*  - Compiles on different threads are independent; a result may be read    *|
|*    from any thread.                                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILEIRAS_C_DRIVER_H
#define TILEIRAS_C_DRIVER_H

#include <stddef.h>

#if defined(_WIN32)
#define TILEIRAS_DRIVER_EXPORT __declspec(dllexport)
#else
#define TILEIRAS_DRIVER_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this interface; incremented when a function is added. */
#define TILEIRAS_DRIVER_API_VERSION 1

TILEIRAS_DRIVER_EXPORT unsigned tileirasDriverGetApiVersion(void);

/** What `tileiras --version` prints (tool, LLVM and PTX ISA versions);
 *  owned by the library. Part of cache keys of compiled kernels. */
TILEIRAS_DRIVER_EXPORT const char *tileirasDriverGetVersion(void);

typedef struct TileirasDriverResult TileirasDriverResult;

/** Compiles `input` (`inputSize` bytes of MLIR text or bytecode).
 *  `inputName` names the buffer in diagnostics and gives the stem of
 *  --dump-dir files ("kernel.mlir"); NULL means "input.mlir".
 *  `options` are command-line options exactly as `tileiras` takes them
 *  ("--gpu-name=sm_90a", "-arch=sm_80", "--emit=cubin", "-O2",
 *  "--dump-dir=DIR", ...). Not accepted, since the results come back in
 *  memory or they change process-wide state: an input file, -o,
 *  --output-dir, --metadata, --mlir-*, --list-gpus, --version, --help. The
 *  output kind is --emit (default ptx). */
TILEIRAS_DRIVER_EXPORT TileirasDriverResult *
tileirasDriverCompile(const char *input, size_t inputSize,
                      const char *inputName, const char *const *options,
                      size_t numOptions);

TILEIRAS_DRIVER_EXPORT void
tileirasDriverResultDestroy(TileirasDriverResult *result);

/** The exit code `tileiras` would return (0 success, 1 compile error,
 *  2 bad options or target, 3 unparsable input, 4 output, 5 ptxas or
 *  fatbinary). On failure there are no outputs. */
TILEIRAS_DRIVER_EXPORT int
tileirasDriverResultGetExitCode(const TileirasDriverResult *result);

/** Outputs: one per target, in the order the targets were given; a fatbin
 *  is a single output holding every target. */
TILEIRAS_DRIVER_EXPORT size_t
tileirasDriverResultGetNumOutputs(const TileirasDriverResult *result);
/** The target of an output ("sm_90a"; "" for a fatbin). */
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetOutputTarget(const TileirasDriverResult *result,
                                    size_t index);
/** The bytes of an output; `*size` receives their number. */
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetOutputData(const TileirasDriverResult *result,
                                  size_t index, size_t *size);

/** The kernel metadata JSON of the whole compile (as --metadata writes
 *  it); "" when the compile failed or --emit=tile. */
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetMetadata(const TileirasDriverResult *result);

/** Every diagnostic as the command line would print it on stderr. */
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetDiagnosticText(const TileirasDriverResult *result);

typedef enum {
  TILEIRAS_DIAG_ERROR = 0,
  TILEIRAS_DIAG_WARNING = 1,
  TILEIRAS_DIAG_NOTE = 2,
  TILEIRAS_DIAG_REMARK = 3,
} TileirasDiagnosticSeverity;

/** The diagnostics as records. A diagnostic without a source location
 *  (`tileiras: error: ...`) has file "" and line and column 0. Lines that
 *  only quote the source (the snippet and caret under a located message)
 *  are not records; ptxas messages are records with file "ptxas". */
TILEIRAS_DRIVER_EXPORT size_t
tileirasDriverResultGetNumDiagnostics(const TileirasDriverResult *result);
/** Severity (TileirasDiagnosticSeverity), or -1 for a bad index. */
TILEIRAS_DRIVER_EXPORT int
tileirasDriverResultGetDiagnosticSeverity(const TileirasDriverResult *result,
                                          size_t index);
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetDiagnosticFile(const TileirasDriverResult *result,
                                      size_t index);
TILEIRAS_DRIVER_EXPORT unsigned
tileirasDriverResultGetDiagnosticLine(const TileirasDriverResult *result,
                                      size_t index);
TILEIRAS_DRIVER_EXPORT unsigned
tileirasDriverResultGetDiagnosticColumn(const TileirasDriverResult *result,
                                        size_t index);
TILEIRAS_DRIVER_EXPORT const char *
tileirasDriverResultGetDiagnosticMessage(const TileirasDriverResult *result,
                                         size_t index);

#ifdef __cplusplus
}
#endif

#endif /* TILEIRAS_C_DRIVER_H */
