#!/usr/bin/env bash
# Writes and compiles the variants of examples/matmul_tma.mlir that
# specs.py's VARIANT_SPECS describe, for run_on_gpu.py --only NAME,...:
#
#   examples/gpu/build_variants.sh [target] [outdir]
#
#   matmul_tma_unhinted  without the make_memref hints (no TMA, no vectors)
#   matmul_tma_store     C promised 16-byte rows: stored through TMA too
#   matmul_tma_k64       K steps of 64 instead of 32
#   matmul_tma_n256      128 x 256 tiles of C
#   matmul_tma_n256k64   both
#   matmul_tma_s4        4 pipeline stages instead of 3
#   matmul_tma_w4n64     4 warps, 128 x 64 tiles
#   matmul_tma_g         programs in groups of 8 along M (L2 reuse)
#   matmul_tma_k64g      both k64 and g
#
# Sources go to <outdir>/src, PTX and metadata beside the examples' in
# <outdir> (defaults: sm_90a, build/examples-ptx; $TILEIRAS as in
# build_ptx.sh).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TARGET=${1:-sm_90a}
OUT=${2:-$ROOT/build/examples-ptx}
TILEIRAS=${TILEIRAS:-$ROOT/build/bin/tileiras}
SRC=$ROOT/examples/matmul_tma.mlir
mkdir -p "$OUT/src"

k64='s/128x32xf16/128x64xf16/g; s/32x128xf16/64x128xf16/g; s/%c31 = arith.constant 31/%c31 = arith.constant 63/; s/%c32 = arith.constant 32/%c32 = arith.constant 64/'
n256='s/32x128xf16/32x256xf16/g; s/64x128xf16/64x256xf16/g; s/128x128xf32/128x256xf32/g'
store='s|      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = \[?, 1\]>|      {strides_div_by = array<i64: 4, 1>} : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>|'
# Grouped order: the launch's linear program id walks groups of 8 tiles
# along M (all of N per group), so programs running at once share tiles of
# A and B in L2.
grouped='/%pid_n = nv_tileaa.get_program_id y : i32/d
s/  %pid_m = nv_tileaa.get_program_id x : i32/  %gx = nv_tileaa.get_num_programs x : i32\
  %gy = nv_tileaa.get_num_programs y : i32\
  %px = nv_tileaa.get_program_id x : i32\
  %py = nv_tileaa.get_program_id y : i32\
  %lin0 = arith.muli %py, %gx : i32\
  %lin = arith.addi %lin0, %px : i32\
  %g8 = arith.constant 8 : i32\
  %per_group = arith.muli %g8, %gy : i32\
  %group = arith.divui %lin, %per_group : i32\
  %first_m = arith.muli %group, %g8 : i32\
  %left = arith.subi %gx, %first_m : i32\
  %size = arith.minui %left, %g8 : i32\
  %in_group = arith.remui %lin, %per_group : i32\
  %off_m = arith.remui %in_group, %size : i32\
  %pid_m = arith.addi %first_m, %off_m : i32\
  %pid_n = arith.divui %in_group, %size : i32/'
sed -e '/_div_by/d' "$SRC" > "$OUT/src/matmul_tma_unhinted.mlir"
sed -e "$store" "$SRC" > "$OUT/src/matmul_tma_store.mlir"
sed -e "$k64" "$SRC" > "$OUT/src/matmul_tma_k64.mlir"
sed -e "$n256" "$SRC" > "$OUT/src/matmul_tma_n256.mlir"
sed -e "$k64" -e "$n256" "$SRC" > "$OUT/src/matmul_tma_n256k64.mlir"
sed -e 's/numStages = 3/numStages = 4/' "$SRC" > "$OUT/src/matmul_tma_s4.mlir"
sed -e 's/numWarps = 8/numWarps = 4/' -e 's/32x128xf16/32x64xf16/g' \
  -e 's/128x128xf32/128x64xf32/g' "$SRC" > "$OUT/src/matmul_tma_w4n64.mlir"
sed -e "$grouped" "$SRC" > "$OUT/src/matmul_tma_g.mlir"
sed -e "$k64" -e "$grouped" "$SRC" > "$OUT/src/matmul_tma_k64g.mlir"
# Each edit must have happened (the example changing would break a sed).
grep -q 'strides_div_by = array<i64: 4, 1>' "$OUT/src/matmul_tma_store.mlir"
grep -q 'tensor<64x128xf16>' "$OUT/src/matmul_tma_k64.mlir"
grep -q 'arith.constant 63' "$OUT/src/matmul_tma_k64.mlir"
grep -q 'tensor<128x256xf32>' "$OUT/src/matmul_tma_n256.mlir"
grep -q 'tensor<64x256xf16>' "$OUT/src/matmul_tma_n256k64.mlir"
grep -q 'numStages = 4' "$OUT/src/matmul_tma_s4.mlir"
grep -q 'numWarps = 4' "$OUT/src/matmul_tma_w4n64.mlir"
grep -q 'tensor<128x64xf32>' "$OUT/src/matmul_tma_w4n64.mlir"
! grep -q '_div_by' "$OUT/src/matmul_tma_unhinted.mlir"
grep -q 'per_group' "$OUT/src/matmul_tma_g.mlir"
grep -q 'per_group' "$OUT/src/matmul_tma_k64g.mlir"

for source in "$OUT"/src/*.mlir; do
  name=$(basename "$source" .mlir)
  "$TILEIRAS" --gpu-name="$TARGET" "$source" -o "$OUT/$name.$TARGET.ptx" \
    --metadata="$OUT/$name.$TARGET.json"
  echo "  $name -> $OUT/$name.$TARGET.ptx"
done
