#!/usr/bin/env bash
# The whole test suite: installs and builds (scripts/bootstrap.sh), then runs
# every lit suite, the gtest unit tests and the Python tests in one lit run,
# and prints a pass/fail summary. Exit status 0 only when everything passed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}

"$ROOT/scripts/bootstrap.sh"

LIT=$(llvm-config-22 --bindir)/lit
echo "== running tests"
set +e
"$LIT" -sv --time-tests "$BUILD/test" "$@" 2>&1 | tee "$BUILD/test-results.txt"
status=${PIPESTATUS[0]}
set -e

echo
echo "================ tileiras test summary ================"
grep -E "^ *(Total Discovered Tests|Passed|Failed|Unsupported|Skipped|Expectedly Failed|Unexpectedly Passed|Timed Out)" "$BUILD/test-results.txt" || true
if [ "$status" -eq 0 ]; then
  echo "RESULT: all tests passed"
else
  echo "RESULT: FAILURES (see above; full log in $BUILD/test-results.txt)"
fi
exit "$status"
