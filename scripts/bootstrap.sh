#!/usr/bin/env bash
# Installs what the build needs (Debian packages, as root) and builds tileiras
# into $TILEIRAS_BUILD_DIR (default: build/). Safe to run repeatedly: it only
# installs missing packages and rebuilds what changed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}

packages=(cmake ninja-build g++ python3 python3-numpy
          llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          libcli11-dev libgtest-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -f "$BUILD/build.ninja" ]; then
  echo "== configuring $BUILD"
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
fi
echo "== building"
cmake --build "$BUILD" "$@"
