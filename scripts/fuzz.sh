#!/usr/bin/env bash
# Runs the mutation fuzzer (scripts/fuzz.py) for SECONDS seconds against the
# built tools; offending inputs land in fuzz-findings/. Usage:
#   scripts/fuzz.sh SECONDS [fuzz.py options: --jobs N --seed N --mode ...]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}
SECONDS_ARG=${1:?usage: scripts/fuzz.sh SECONDS [options]}
shift
exec python3 "$ROOT/scripts/fuzz.py" --seconds "$SECONDS_ARG" \
  --tools "$BUILD/bin" --keep "${TILEIRAS_FUZZ_KEEP:-$ROOT/fuzz-findings}" "$@"
