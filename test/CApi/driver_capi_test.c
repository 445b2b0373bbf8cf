/* Drives libtileiras-driver.so through its C header only:
 *   tileiras-driver-capi-test FILE [OPTION...]
 * compiles FILE with the options and prints the exit code, every output
 * (target, size, and the text of PTX/LLVM/MLIR outputs), the metadata and
 * the diagnostic records, for FileCheck. */
#include "tileiras-c/Driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readAll(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t capacity = 4096, used = 0;
  char *data = malloc(capacity);
  size_t got;
  while (data && (got = fread(data + used, 1, capacity - used, f)) > 0) {
    used += got;
    if (used == capacity)
      data = realloc(data, capacity *= 2);
  }
  fclose(f);
  *size = used;
  return data;
}

static const char *severityName(int severity) {
  switch (severity) {
  case TILEIRAS_DIAG_ERROR:
    return "error";
  case TILEIRAS_DIAG_WARNING:
    return "warning";
  case TILEIRAS_DIAG_NOTE:
    return "note";
  case TILEIRAS_DIAG_REMARK:
    return "remark";
  }
  return "?";
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [OPTION...]\n", argv[0]);
    return 2;
  }
  printf("api %u\n", tileirasDriverGetApiVersion());
  size_t size = 0;
  char *input = readAll(argv[1], &size);
  if (!input) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  const char *name =
      strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
  TileirasDriverResult *result = tileirasDriverCompile(
      input, size, name, (const char *const *)argv + 2, (size_t)(argc - 2));
  free(input);
  if (!result)
    return 3;
  printf("exit %d\n", tileirasDriverResultGetExitCode(result));
  size_t outputs = tileirasDriverResultGetNumOutputs(result);
  for (size_t i = 0; i < outputs; ++i) {
    size_t bytes = 0;
    const char *data = tileirasDriverResultGetOutputData(result, i, &bytes);
    int text = bytes > 0 && memchr(data, 0, bytes) == NULL;
    printf("output %zu target '%s' bytes %zu %s\n", i,
           tileirasDriverResultGetOutputTarget(result, i), bytes,
           text ? "text" : "binary");
    if (text)
      printf("%.*s\n", (int)bytes, data);
  }
  printf("metadata: %s\n", tileirasDriverResultGetMetadata(result));
  size_t count = tileirasDriverResultGetNumDiagnostics(result);
  for (size_t i = 0; i < count; ++i)
    printf("diagnostic %s file '%s' line %u col %u: %s\n",
           severityName(tileirasDriverResultGetDiagnosticSeverity(result, i)),
           tileirasDriverResultGetDiagnosticFile(result, i),
           tileirasDriverResultGetDiagnosticLine(result, i),
           tileirasDriverResultGetDiagnosticColumn(result, i),
           tileirasDriverResultGetDiagnosticMessage(result, i));
  /* Out-of-range indices answer NULL / 0 / -1, never crash. */
  printf("out of range: %s %d %u\n",
         tileirasDriverResultGetOutputTarget(result, outputs) ? "bad" : "null",
         tileirasDriverResultGetDiagnosticSeverity(result, count),
         tileirasDriverResultGetDiagnosticLine(result, count));
  int code = tileirasDriverResultGetExitCode(result);
  tileirasDriverResultDestroy(result);
  return code == 0 ? 0 : 1;
}
