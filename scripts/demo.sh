#!/usr/bin/env bash
# The main job: installs and builds tileiras, then shows what it can target.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}

"$ROOT/scripts/bootstrap.sh"

echo "== tileiras --version"
"$BUILD/bin/tileiras" --version
echo "== tileiras --list-gpus"
"$BUILD/bin/tileiras" --list-gpus
