#!/usr/bin/env bash
# The whole test suite: installs and builds (scripts/bootstrap.sh), then runs
# every lit suite, the gtest unit tests and the Python tests in one lit run,
# and prints a pass/fail summary. With TILEIRAS_CI_SANITIZE=1 (which .ci/run
# sets), once that passes, the sanitizer job
# (scripts/test-sanitize.sh) builds build-asan/ with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs its test subset there. Exit status 0
# only when everything that ran passed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}

# Where a compiler cache is installed, builds of a fresh clone (both trees)
# reuse earlier compilations; without one nothing changes.
# The sanitizer tree compiles with -g1, for which ccache by default hashes
# the working directory: every clone (each at a new path) would miss.
if command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER:-ccache}
  export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}
  export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
fi

"$ROOT/scripts/bootstrap.sh"

LIT=$(llvm-config-22 --bindir)/lit
echo "== running tests"
set +e
"$LIT" -sv --time-tests "$BUILD/test" "$@" 2>&1 | tee "$BUILD/test-results.txt"
status=${PIPESTATUS[0]}
set -e

sanitize=${TILEIRAS_CI_SANITIZE:-0}
san_status=skipped
if [ "$status" -eq 0 ] && [ "$sanitize" != 0 ]; then
  set +e
  "$ROOT/scripts/test-sanitize.sh" "$@"
  san_status=$?
  set -e
fi

summary() {
  grep -E "^ *(Total Discovered Tests|Passed|Failed|Unsupported|Skipped|Expectedly Failed|Unexpectedly Passed|Timed Out)" "$1" || true
}
echo
echo "================ tileiras test summary ================"
summary "$BUILD/test-results.txt"
if [ "$san_status" = skipped ]; then
  echo "sanitizer job: not run" \
    "($([ "$sanitize" = 0 ] && echo "TILEIRAS_CI_SANITIZE=0" || echo "the suite failed"))"
else
  echo "---- sanitizer job (address,undefined) ----"
  summary "${TILEIRAS_SANITIZE_BUILD_DIR:-$ROOT/build-asan}/test-results.txt"
fi
if [ "$status" -eq 0 ] && { [ "$san_status" = skipped ] || [ "$san_status" -eq 0 ]; }; then
  echo "RESULT: all tests passed"
  exit 0
fi
echo "RESULT: FAILURES (see above; logs in $BUILD/test-results.txt" \
  "and build-asan/test-results.txt)"
[ "$status" -ne 0 ] && exit "$status"
exit "$san_status"
