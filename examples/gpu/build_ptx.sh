#!/usr/bin/env bash
# Compiles every kernel of examples/ to PTX for the GPU runner:
#
#   examples/gpu/build_ptx.sh [target] [outdir]
#
# target defaults to sm_90a, outdir to build/examples-ptx; each kernel goes
# to <outdir>/<example>.<target>.ptx, its kernel metadata (block size,
# dynamic shared memory; docs/cli.md) to <example>.<target>.json beside it,
# which run_on_gpu.py reads. $TILEIRAS overrides the compiler
# (default build/bin/tileiras). Copy the folder (and examples/gpu/) to a
# machine with a GPU and run examples/gpu/run_on_gpu.py there.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARGET=${1:-sm_90a}
OUT=${2:-$ROOT/build/examples-ptx}
TILEIRAS=${TILEIRAS:-$ROOT/build/bin/tileiras}

if [ ! -x "$TILEIRAS" ]; then
  echo "build_ptx.sh: $TILEIRAS not found; build it first (ninja -C build tileiras)" >&2
  exit 2
fi
mkdir -p "$OUT"
status=0
for kernel in "$ROOT"/examples/*.mlir; do
  name=$(basename "$kernel" .mlir)
  ptx="$OUT/$name.$TARGET.ptx"
  if "$TILEIRAS" --gpu-name="$TARGET" "$kernel" -o "$ptx" \
       --metadata="$OUT/$name.$TARGET.json"; then
    echo "  $name -> $ptx"
  else
    echo "  $name: FAILED to compile" >&2
    status=1
  fi
done
echo "run on a GPU machine: python3 examples/gpu/run_on_gpu.py --ptx-dir $OUT --arch $TARGET"
exit $status
