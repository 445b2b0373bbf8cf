/* Uses only the stable C API, the way a non-C++ tool would. */
#include <tileiras-c/TargetSpec.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  size_t n = tileirasTSGetNumTargets();
  printf("api %u, %zu targets\n", tileirasTSGetApiVersion(), n);
  for (size_t i = 0; i < n; ++i) {
    char name[32];
    unsigned major = 0, minor = 0;
    tileirasTSGetTargetName(i, name, sizeof(name));
    tileirasTSGetTargetMinPtx(i, &major, &minor);
    printf("%s ptx %u.%u tmem %d\n", name, major, minor,
           tileirasTSGetTargetHasTMem(i));
  }
  size_t needed = 0;
  tileirasTSParseTarget("sm_90f", NULL, 0, &needed);
  char *message = malloc(needed);
  if (!message)
    return 1;
  int ok = tileirasTSParseTarget("sm_90f", message, needed, NULL);
  printf("parse sm_90f: %d: %s\n", ok, message);
  free(message);
  return 0;
}
