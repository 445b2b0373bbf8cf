#!/usr/bin/env bash
# The sanitizer job (docs/cli.md, "Sanitizer builds"): builds a second tree
# with -DTILEIRAS_SANITIZE=address,undefined into $TILEIRAS_SANITIZE_BUILD_DIR
# (default: build-asan/) and runs the lit suites listed in
# $TILEIRAS_SANITIZE_SUITES under it. scripts/test.sh runs it after the
# normal suite passes; TILEIRAS_CI_SANITIZE=0 skips it there.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_SANITIZE_BUILD_DIR:-$ROOT/build-asan}
# Suites under test/ (see docs/cli.md for why these).
SUITES=${TILEIRAS_SANITIZE_SUITES:-Driver Dialect Passes CudaTile E2E}
# The tools those suites run; unit tests, the simulator and the shared
# library for Python are left out (docs/cli.md says why).
TARGETS=${TILEIRAS_SANITIZE_TARGETS:-tileiras tileiras-opt tileiras-translate}

if [ ! -f "$BUILD/build.ninja" ]; then
  echo "== configuring $BUILD (AddressSanitizer + UndefinedBehaviorSanitizer)"
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DTILEIRAS_SANITIZE=address,undefined
fi
echo "== building $BUILD"
cmake --build "$BUILD" --target $TARGETS

LIT=$(llvm-config-22 --bindir)/lit
dirs=()
for suite in $SUITES; do dirs+=("$BUILD/test/$suite"); done
echo "== running tests under the sanitizers: $SUITES"
set +e
"$LIT" -sv --time-tests "${dirs[@]}" "$@" 2>&1 | tee "$BUILD/test-results.txt"
status=${PIPESTATUS[0]}
set -e
exit "$status"
