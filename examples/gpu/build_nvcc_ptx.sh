#!/usr/bin/env bash
# Compiles the hand-written CUDA equivalent of every example
# (bench/ptx_quality/cuda/<example>.cu) to PTX with nvcc, for
# run_on_gpu.py --nvcc-dir:
#
#   examples/gpu/build_nvcc_ptx.sh [target] [outdir] [tileiras-ptx-dir]
#
# target defaults to sm_90a, outdir to build/examples-nvcc-ptx and the
# tileiras PTX folder (examples/gpu/build_ptx.sh's outdir) to
# build/examples-ptx. The CUDA kernels are written to the tileiras kernels'
# launch contract (same name, parameters, block, no more dynamic shared
# memory, the same tensor maps), so each gets a copy of the tileiras
# kernel's metadata <example>.<target>.json; build the tileiras PTX first.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARGET=${1:-sm_90a}
OUT=${2:-$ROOT/build/examples-nvcc-ptx}
OURS=${3:-$ROOT/build/examples-ptx}
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
PTXAS=$(dirname "$NVCC")/ptxas

if [ ! -x "$NVCC" ]; then
  echo "build_nvcc_ptx.sh: nvcc not found (PATH or /usr/local/cuda/bin)" >&2
  exit 2
fi
mkdir -p "$OUT"
status=0
for source in "$ROOT"/bench/ptx_quality/cuda/*.cu; do
  name=$(basename "$source" .cu)
  meta="$OURS/$name.$TARGET.json"
  if [ ! -f "$meta" ]; then
    echo "  $name: no $meta (run examples/gpu/build_ptx.sh $TARGET first)" >&2
    status=1
    continue
  fi
  ptx="$OUT/$name.$TARGET.ptx"
  if ! "$NVCC" -arch="$TARGET" -O3 -ptx "$source" -o "$ptx"; then
    echo "  $name: FAILED to compile" >&2
    status=1
  elif ! "$PTXAS" -arch="$TARGET" "$ptx" -o /dev/null 2>/dev/null; then
    # e.g. the fp8 mma or TMA of a CUDA kernel on sm_80: not a failure,
    # there is just no nvcc kernel to compare with on this target.
    echo "  $name: ptxas rejects nvcc's PTX for $TARGET; skipped"
    rm -f "$ptx"
  else
    cp "$meta" "$OUT/$name.$TARGET.json"
    echo "  $name -> $ptx"
  fi
done
exit $status
