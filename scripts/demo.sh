#!/usr/bin/env bash
# The main job: installs what is missing, builds tileiras, shows the targets
# it knows, and compiles every kernel of examples/ to PTX for sm_90a,
# assembling each with ptxas when a CUDA toolkit is present.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TILEIRAS_BUILD_DIR:-$ROOT/build}
TARGET=${TILEIRAS_DEMO_TARGET:-sm_90a}
OUT=${TILEIRAS_DEMO_OUT:-$BUILD/examples}

"$ROOT/scripts/bootstrap.sh"
TILEIRAS="$BUILD/bin/tileiras"

echo "== tileiras --version"
"$TILEIRAS" --version
echo "== tileiras --list-gpus"
"$TILEIRAS" --list-gpus

PTXAS=$(command -v ptxas || true)
if [ -z "$PTXAS" ]; then
  for root in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda; do
    if [ -n "$root" ] && [ -x "$root/bin/ptxas" ]; then PTXAS=$root/bin/ptxas; break; fi
  done
fi

echo "== compiling examples/ for $TARGET into $OUT"
mkdir -p "$OUT"
status=0
for kernel in "$ROOT"/examples/*.mlir; do
  name=$(basename "$kernel" .mlir)
  ptx="$OUT/$name.$TARGET.ptx"
  if ! "$TILEIRAS" --gpu-name="$TARGET" "$kernel" -o "$ptx"; then
    echo "   $name: FAILED to compile"; status=1; continue
  fi
  line="   $name: $(wc -l < "$ptx") lines of PTX"
  if [ -n "$PTXAS" ]; then
    if report=$("$PTXAS" -arch="$TARGET" -v "$ptx" -o /dev/null 2>&1); then
      usage=$(echo "$report" | grep -o "Used [0-9]* registers" | head -1)
      line="$line; ptxas: ok ($usage)"
    else
      echo "$report"; line="$line; ptxas: REJECTED"; status=1
    fi
  else
    line="$line (ptxas not found: not assembled)"
  fi
  echo "$line"
done
exit $status
